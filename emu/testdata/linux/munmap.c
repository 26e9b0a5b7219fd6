#include "rt.h"
int main(void) {
	putnum(sys(215, 0x100000000UL, 0x7ffffffffffff000UL, 0)); puts_("\n");
	putnum(mmap_(0xfffffffffffff000UL, 0x2000, 3, 0x32, -1, 0)); puts_("\n"); // MAP_FIXED
	putnum(sys(226, 0x1001, 0x1000, 1)); puts_("\n");   // mprotect unaligned: EINVAL
	putnum(sys(226, 0x7000000000UL, 0x1000, 1)); puts_("\n"); // unmapped: ENOMEM
	putnum(mmap_(0, 0, 3, 0x22, -1, 0)); puts_("\n");   // zero length: EINVAL
	return 0;
}
