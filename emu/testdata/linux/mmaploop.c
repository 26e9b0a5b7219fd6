#include "rt.h"
int main(void) {
	i64 n = 0, r;
	for (;;) {
		r = mmap_(0, 1UL << 30, 3, 0x22, -1, 0);
		if (r < 0 && r > -4096) break;
		((char *)r)[12345] = 1;
		n++;
	}
	puts_("mapped "); putnum(n); puts_(" GiB, then "); putnum(r); puts_("\n");
	return 0;
}
