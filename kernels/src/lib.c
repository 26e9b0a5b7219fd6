// lib.c: the few C library functions the compiler may call, and an entry point.
// Extensions: none (base RV32I/RV64I).
//
// A kernel ELF is a library of entry points that a harness (rvsim's kernels package,
// `rvsim verify`) calls directly; run on its own it prints one line and exits 0.
#include "kernel.h"

void *memcpy(void *d, const void *s, size_t n) {
	u8 *dp = d;
	const u8 *sp = s;
	while (n--)
		*dp++ = *sp++;
	return d;
}

void *memmove(void *d, const void *s, size_t n) {
	u8 *dp = d;
	const u8 *sp = s;
	if (dp < sp)
		while (n--)
			*dp++ = *sp++;
	else
		while (n--)
			dp[n] = sp[n];
	return d;
}

void *memset(void *d, int c, size_t n) {
	u8 *dp = d;
	while (n--)
		*dp++ = (u8)c;
	return d;
}

int memcmp(const void *a, const void *b, size_t n) {
	const u8 *ap = a, *bp = b;
	for (; n; n--, ap++, bp++)
		if (*ap != *bp)
			return *ap < *bp ? -1 : 1;
	return 0;
}

static long sys3(long n, long a, long b, long c) {
	register long a0 __asm__("a0") = a;
	register long a1 __asm__("a1") = b;
	register long a2 __asm__("a2") = c;
	register long a7 __asm__("a7") = n;
	__asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
	return a0;
}

void _start(void) {
	static const char msg[] = "a kernel library: its entry points are called by `rvsim verify` "
	                          "(see kernels/README.md)\n";
	sys3(64, 1, (long)msg, sizeof msg - 1); // write(1, msg, len)
	sys3(93, 0, 0, 0);                      // exit(0)
	for (;;)
		;
}
