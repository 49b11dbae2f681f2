// expected: unsafe
#include <stdlib.h>
extern void abort(void);
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

// As pointer-kinds-safe.c, but a record made for a choice above 5 gets no data.
struct record {
  int kind;
  int *data;
};

struct record *cells[2000];

int main(void) {
  for (int i = 0; i < 2000; i++) {
    int choice = __VERIFIER_nondet_int();
    struct record *r = NULL;
    if (choice > 0) {
      r = (struct record *) malloc(sizeof(struct record));
      r->kind = 1;
      if (choice > 5)
        r->data = NULL;
      else
        r->data = (int *) malloc(sizeof(int));
    }
    cells[i] = r;
  }
  for (int i = 0; i < 2000; i++) {
    struct record *seen = cells[i];
    if (seen != NULL && seen->kind == 1) __VERIFIER_assert(seen->data != NULL);
  }
  return 0;
}
