#include "rt.h"
static char big[0xF0000000UL]; // 3.75 GiB of bss
int main(void) {
	volatile char *b = big; // the stores must happen: they touch the first and last pages
	b[0] = 'h';
	b[sizeof big - 1] = 'o';
	char msg[] = {b[0], 'e', 'l', 'l', b[sizeof big - 1], '\n', 0};
	puts_(msg);
	return 0;
}
