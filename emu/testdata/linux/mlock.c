#include "rt.h"
// mlock and friends: a mapped range locks (0), an unmapped one is ENOMEM, bad flags EINVAL.
static char buf[8192];
int main(void) {
	putnum(sys(228, (unsigned long)buf + 1, 100, 0)); puts_("\n");          // mlock: 0
	putnum(sys(228, 0x7000000000UL, 0x1000, 0)); puts_("\n");              // unmapped: ENOMEM
	putnum(sys(229, (unsigned long)buf, sizeof buf, 0)); puts_("\n");       // munlock: 0
	putnum(sys(284, (unsigned long)buf, 16, 2)); puts_("\n");               // mlock2 bad flag: EINVAL
	putnum(sys(230, 0, 0, 0)); puts_("\n");                                 // mlockall without flags: EINVAL
	putnum(sys(230, 3, 0, 0)); puts_("\n");                                 // MCL_CURRENT|MCL_FUTURE: 0
	putnum(sys(231, 0, 0, 0)); puts_("\n");                                 // munlockall: 0
	return 0;
}
