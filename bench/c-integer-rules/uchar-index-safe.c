// expected: safe
// Cells of a 256-entry table are marked at (unsigned char) i for i < n (n up to 1000): the cast is i
// modulo 256, so the cell i % 256 is marked for every i < n.
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "uchar-index-safe.c", 7, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(n > 0 && n <= 1000)) return 0;
  int mark[256];
  for (int i = 0; i < 256; i++) mark[i] = 0;
  for (int i = 0; i < n; i++) mark[(unsigned char) i] = 1;
  for (int i = 0; i < n; i++) __VERIFIER_assert(mark[i % 256] == 1);
  return 0;
}
