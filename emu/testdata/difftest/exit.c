/* exit.c: a program that prints and exits with a non-zero status (CODE, default 42; the
 * status the parent sees is CODE & 0xff). */
#include "rt.h"

#ifndef CODE
#define CODE 42
#endif

int main(void) {
	put_str("exiting with ");
	put_dec(CODE);
	put_char('\n');
	return CODE;
}
