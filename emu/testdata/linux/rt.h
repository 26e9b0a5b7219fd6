// A minimal runtime for -nostdlib test programs: raw system calls and a few helpers.
typedef unsigned long u64;
typedef long i64;
static inline i64 sys6(i64 n, i64 a, i64 b, i64 c, i64 d, i64 e, i64 f) {
	register i64 a0 __asm__("a0") = a;
	register i64 a1 __asm__("a1") = b;
	register i64 a2 __asm__("a2") = c;
	register i64 a3 __asm__("a3") = d;
	register i64 a4 __asm__("a4") = e;
	register i64 a5 __asm__("a5") = f;
	register i64 a7 __asm__("a7") = n;
	__asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a7) : "memory");
	return a0;
}
#define sys(n, a, b, c) sys6(n, (i64)(a), (i64)(b), (i64)(c), 0, 0, 0)
static u64 slen(const char *s) { u64 n = 0; while (s[n]) n++; return n; }
static void puts_(const char *s) { sys(64, 1, s, slen(s)); }
static void putnum(i64 v) {
	char b[24]; int i = 23; int neg = v < 0; u64 u = neg ? -(u64)v : (u64)v;
	b[i] = 0;
	do { b[--i] = '0' + u % 10; u /= 10; } while (u);
	if (neg) b[--i] = '-';
	puts_(b + i);
}
__attribute__((used, noreturn)) void exit_(int c) { sys(94, c, 0, 0); for (;;) {} }
static i64 mmap_(u64 a, u64 l, i64 p, i64 f, i64 fd, i64 o) { return sys6(222, a, l, p, f, fd, o); }
int main(void);
__attribute__((naked, section(".text.start"))) void _start(void) {
	__asm__("call main\n\tcall exit_\n");
}
