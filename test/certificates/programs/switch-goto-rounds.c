// A program of the control-flow generator (test/generators/control-flow.ts): a for(;;) with a switch whose
// cases break, fall and continue, gotos forward and out, and a countdown calling a helper loop. Some of
// Houdini's questions about it ask values of goals that drop out of their assertion (houdini.test.ts).
extern void abort(void);
void reach_error(){}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int c){ if(!c){ reach_error(); abort(); } }
void assume_abort_if_not(int c){ if(!c) abort(); }
int a[5] = {0, 0, 1, -2, 2};
void fillTo(int b, int v) {
  int k = 0;
  for (k = 0; k < b; k++) a[k] = v + k;
}
int main() {
  int n = __VERIFIER_nondet_int();
  assume_abort_if_not(0 <= n && n <= 3);
  int x = __VERIFIER_nondet_int();
  assume_abort_if_not(-1 <= x && x <= 1);
  int s = 0, t = 0, i = 0, j = 0, k = 0, m = 0, r = 0;
  i = 0;
  for (;;) {
    if (i >= 5) break;
    i++;
    switch ((i - 1 + x) % 4) {
    case -1:
      s = s + x;
      if ((i - 1 + x) % 2 == 0) break;
      a[i - 1] = a[i - 1] + 1;
      break;
    case 0:
      a[i - 1] = a[i - 1] + 1;
      continue;
    case 1:
      s = s + x;
      break;
    case 2:
      if (a[i - 1] > x) s++; else t++;
      continue;
    case 3:
      a[i - 1] = a[i - 1] + 1;
      continue;
    default:
      s += a[i - 1];
      break;
    }
    if (s + t == 4) goto SKIP_4;
    if (i - 1 == x) continue;
    s += i - 1;
    if (i - 1 >= x + 2) goto OUT_3;
    SKIP_4: ;
    if (s > 4) break;
  }
  OUT_3: t = t + i;
  i = n;
  while (i > 0) {
    i--;
    s += i;
    if (a[i] > x) s++; else t++;
    if (s > 3) return 0;
    switch (x + i) {
    case 0:
      t = t + x;
      break;
    case 3:
      s += a[i];
      if (s + t == 0) break;
      t = t - 1;
      continue;
    default:
      if (a[i] > x) s++; else t++;
      break;
    }
    if (s + t == 0) continue;
    fillTo(3, 1);
  }
  if (!(s + t == 5)) goto ERROR;
  return 0;
ERROR:
  { reach_error(); abort(); }
  return 1;
}
