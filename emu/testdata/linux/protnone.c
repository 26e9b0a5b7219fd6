#include "rt.h"
int main(void) {
	volatile char *p = (volatile char *)mmap_(0, 1UL << 36, 0, 0x22, -1, 0); // 64 GiB reserved
	puts_("reserved\n");
	return p[4096];
}
