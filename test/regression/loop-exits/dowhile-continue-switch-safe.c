// expected: safe
// A do-while with a continue and a switch whose case breaks inside an if and falls through: the
// continue runs the exit test (++j < 2), which the kernel copies to the continue's place for the
// encodings that do not read exits in an update (a copy of its own: accel numbers statements by
// identity and crashed on one object in two places).
extern void abort(void);
void reach_error(){}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c){ if(!c){ reach_error(); abort(); } }
int main() {
  int s = 0, j = 0;
  do {
    if (s > j) continue;
    switch (s) {
    case 1:
      if (s > j) break;
    default:
      break;
    }
  } while (++j < 2);
  __VERIFIER_assert(s == 0);
  return 0;
}
