// expected: safe
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }
void assume_abort_if_not(int cond) { if (!cond) abort(); }

// Every cell of a 3-D block of unknown values raised to a floor in place, then checked against it.
int main(void) {
  int depth = __VERIFIER_nondet_int();
  int height = __VERIFIER_nondet_int();
  int width = __VERIFIER_nondet_int();
  assume_abort_if_not(depth > 0 && depth < 8 && height > 0 && height < 8 && width > 0 && width < 8);
  int floor = __VERIFIER_nondet_int();
  assume_abort_if_not(floor > -500 && floor < 500);
  int v[depth][height][width];
  for (int z = 0; z < depth; z++)
    for (int y = 0; y < height; y++)
      for (int x = 0; x < width; x++) v[z][y][x] = __VERIFIER_nondet_int();
  for (int z = 0; z < depth; z++)
    for (int y = 0; y < height; y++)
      for (int x = 0; x < width; x++)
        if (v[z][y][x] < floor) v[z][y][x] = floor;
  for (int z = 0; z < depth; z++)
    for (int y = 0; y < height; y++)
      for (int x = 0; x < width; x++) __VERIFIER_assert(v[z][y][x] >= floor);
  return 0;
}
