#include "rt.h"
int main(void) {
	i64 cur = sys(214, 0, 0, 0);
	i64 r = sys(214, cur + (128L << 30), 0, 0);
	puts_(r == cur ? "brk unchanged (ENOMEM)\n" : "brk moved\n");
	i64 r2 = sys(214, cur + 4096, 0, 0);
	((char *)cur)[100] = 1;
	puts_(r2 == cur + 4096 ? "brk +4096 ok\n" : "brk +4096 failed\n");
	return 0;
}
