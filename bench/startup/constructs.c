// A tour of the C that SV-COMP tasks and their headers are written in: labels and goto, typedefs
// of enums, structs, unions and bit-fields, static inline functions, _Bool, prefix and postfix
// operators as statements, switch, do-while, casts, sizeof, compound assignment, function pointers,
// GNU attributes and __extension__. scripts/freeze-dfa.mjs parses it with the repository's other
// programs, so that the parser's frozen DFA has seen each construct at least once. Never solved.
extern void __VERIFIER_error(void) __attribute__ ((__noreturn__));
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void abort(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: __VERIFIER_error();
  }
  return;
}
__extension__ typedef long long int quad_t;
__extension__ typedef unsigned long long int u_quad_t;
typedef unsigned int size_t;
typedef enum { P_ALL, P_PID, P_PGID } idtype_t;
enum colour { RED = 1, GREEN = 2, BLUE = RED + GREEN, };
typedef struct { int quot; int rem; } div_t;
struct node { int value; struct node *next; unsigned flag : 1; unsigned kind : 3; };
union wait {
  int w_status;
  struct { unsigned int __w_termsig : 7; unsigned int __w_coredump : 1; unsigned int __w_retcode : 8; unsigned int : 16; } __wait_terminated;
};
typedef union { union wait *__uptr; int *__iptr; } __WAIT_STATUS __attribute__ ((__transparent_union__));
extern int atoi(const char *__nptr) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__pure__)) __attribute__ ((__nonnull__ (1)));
static __inline unsigned int __bswap_32(unsigned int __bsx) { return __builtin_bswap32(__bsx); }
static inline int twice(int x) { return 2 * x; }
extern void *malloc(size_t __size) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__malloc__));
extern void qsort(void *__base, size_t __nmemb, size_t __size, int (*__compar)(const void *, const void *));
_Bool is_sorted(int *a, int n) {
  for (int i = 1; i < n; ++i) if (a[i - 1] > a[i]) return 0;
  return 1;
}
static int counter;
const int limits[3] = { 1, 2, 3 };
int matrix[4][4];
int (*operation)(int) = twice;
int main(void) {
  int n = __VERIFIER_nondet_int();
  unsigned long u = __VERIFIER_nondet_ulong();
  int i = 0, j, *p = &i, k = (int)u;
  char c = 'a';
  long long big = 1LL << 40;
  if (n < 1 || n > 4) goto done;
  ++i; --i; i++; i--; counter += n; counter -= 1; counter *= 2; counter /= 2; counter %= 7;
  counter <<= 1; counter >>= 1; counter &= 255; counter |= 1; counter ^= 2;
  do { j = i; i = i + 1; } while (i < n);
  while (j > 0) { j--; if (j == 2) continue; if (j == 1) break; }
  switch (n) { case 1: k = 1; break; case 2: case 3: k = 2; break; default: k = 3; }
  for (i = 0; i < 4; i++) for (j = 0; j < 4; j++) matrix[i][j] = i * j;
  struct node first = { 1, 0, 1, 2 }, *list = &first;
  list->value = sizeof(struct node) + sizeof list->value + sizeof(int[2]);
  k = n > 2 ? operation(n) : -n;
  k = !k + ~k + (k && n) + (k || n) + (k & n) + (k | n) + (k ^ n) + (k << 1) + (k >> 1);
  *p = (k != 0) == (n >= 1);
  c = (char)(c + 1);
  big = big / 3 + (long long)k * 5 - big % 7;
  __VERIFIER_assert(matrix[1][2] == 2 && is_sorted((int *)limits, 3) && c == 'b');
  if (big < 0) abort();
done:
  return 0;
}
