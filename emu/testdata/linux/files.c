#include "rt.h"
static char buf[256];
static void try(const char *path, i64 flags) {
	i64 fd = sys6(56, -100, (i64)path, flags, 0, 0, 0);
	puts_(path); puts_(" ");
	if (fd < 0) { putnum(fd); puts_("\n"); return; }
	i64 n = sys(63, fd, buf, sizeof buf - 1);
	if (n < 0) n = 0;
	buf[n] = 0;
	puts_(buf);
	sys(57, fd, 0, 0);
}
int main(void) {
	try("/etc/hello", 0);
	try("/../../etc/hello", 0);
	try("/link-out", 0);
	try("/abs-link", 0);
	try("/dir/../etc/hello", 0);
	try("/etc/hello", 1);           // O_WRONLY
	try("/etc/new", 0101);          // O_WRONLY|O_CREAT
	try("/nonexistent", 0);
	return 0;
}
