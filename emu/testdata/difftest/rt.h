/* rt.h: the freestanding runtime of the difftest C programs (emu/difftest_prog_test.go).
 * It provides _start, the write and exit system calls, buffered output, the memory functions
 * the compiler may call, and on RV32 the 64-bit division helpers. No libc. */
#ifndef RT_H
#define RT_H

#include <stddef.h>
#include <stdint.h>

#define NOINLINE __attribute__((noinline))

static long rt_syscall3(long n, long a, long b, long c) {
	register long a0 __asm__("a0") = a;
	register long a1 __asm__("a1") = b;
	register long a2 __asm__("a2") = c;
	register long a7 __asm__("a7") = n;
	__asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a7) : "memory");
	return a0;
}

/* rt_syscall6 is a system call of up to six arguments; rt_syscall4 passes four. */
static long rt_syscall6(long n, long a, long b, long c, long d, long e, long f) {
	register long a0 __asm__("a0") = a;
	register long a1 __asm__("a1") = b;
	register long a2 __asm__("a2") = c;
	register long a3 __asm__("a3") = d;
	register long a4 __asm__("a4") = e;
	register long a5 __asm__("a5") = f;
	register long a7 __asm__("a7") = n;
	__asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a7) : "memory");
	return a0;
}

static long rt_syscall4(long n, long a, long b, long c, long d) { return rt_syscall6(n, a, b, c, d, 0, 0); }

static char rt_buf[4096];
static size_t rt_len;

static void rt_flush(void) {
	size_t off = 0;
	while (off < rt_len) {
		long n = rt_syscall3(64, 1, (long)(rt_buf + off), (long)(rt_len - off));
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	rt_len = 0;
}

static __attribute__((noreturn)) void rt_exit(int code) {
	rt_flush();
	for (;;)
		rt_syscall3(93, code, 0, 0);
}

static void put_char(char c) {
	if (rt_len == sizeof rt_buf)
		rt_flush();
	rt_buf[rt_len++] = c;
}

static void put_str(const char *s) {
	while (*s)
		put_char(*s++);
}

static void put_hex(uint64_t v, int digits) {
	for (int i = digits - 1; i >= 0; i--)
		put_char("0123456789abcdef"[(v >> (4 * i)) & 15]);
}

static void put_hex32(uint32_t v) { put_hex(v, 8); }
static void put_hex64(uint64_t v) { put_hex(v, 16); }

/* put_word prints "name value", the value in hex as wide as a register. */
static void put_word(const char *name, unsigned long v) {
	put_str(name);
	put_char(' ');
	put_hex(v, __riscv_xlen / 4);
	put_char('\n');
}

static void put_udec(uint64_t v) {
	char tmp[24];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		put_char(tmp[--n]);
}

static void put_dec(int64_t v) {
	if (v < 0) {
		put_char('-');
		put_udec(-(uint64_t)v);
	} else {
		put_udec((uint64_t)v);
	}
}

/* put_kv prints "name value\n" with the value in hex. */
static void put_kv(const char *name, uint64_t v) {
	put_str(name);
	put_char(' ');
	put_hex64(v);
	put_char('\n');
}

static void put_bytes(const char *name, const uint8_t *p, size_t n) {
	put_str(name);
	put_char(' ');
	for (size_t i = 0; i < n; i++)
		put_hex(p[i], 2);
	put_char('\n');
}

/* The memory functions the compiler emits calls to (struct copies, large initialisers). */
void *memcpy(void *d, const void *s, size_t n) {
	uint8_t *dp = d;
	const uint8_t *sp = s;
	while (n--)
		*dp++ = *sp++;
	return d;
}

void *memmove(void *d, const void *s, size_t n) {
	uint8_t *dp = d;
	const uint8_t *sp = s;
	if (dp < sp) {
		while (n--)
			*dp++ = *sp++;
	} else {
		while (n--)
			dp[n] = sp[n];
	}
	return d;
}

void *memset(void *d, int c, size_t n) {
	uint8_t *dp = d;
	while (n--)
		*dp++ = (uint8_t)c;
	return d;
}

int memcmp(const void *a, const void *b, size_t n) {
	const uint8_t *x = a, *y = b;
	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

#if __riscv_xlen == 32
/* 64-bit division for RV32 (the compiler calls these; there is no libgcc). Shift and
 * subtract, one quotient bit per step. */
static uint64_t rt_udivmod(uint64_t n, uint64_t d, uint64_t *rem) {
	uint64_t q = 0, r = 0;
	if (d == 0) {
		if (rem)
			*rem = n;
		return ~(uint64_t)0;
	}
	for (int i = 63; i >= 0; i--) {
		r = (r << 1) | ((n >> i) & 1);
		if (r >= d) {
			r -= d;
			q |= (uint64_t)1 << i;
		}
	}
	if (rem)
		*rem = r;
	return q;
}

uint64_t __udivdi3(uint64_t n, uint64_t d) { return rt_udivmod(n, d, 0); }

uint64_t __umoddi3(uint64_t n, uint64_t d) {
	uint64_t r;
	rt_udivmod(n, d, &r);
	return r;
}

int64_t __divdi3(int64_t n, int64_t d) {
	uint64_t un = n < 0 ? -(uint64_t)n : (uint64_t)n;
	uint64_t ud = d < 0 ? -(uint64_t)d : (uint64_t)d;
	uint64_t q = rt_udivmod(un, ud, 0);
	return (int64_t)(((n < 0) != (d < 0)) ? -q : q);
}

int64_t __moddi3(int64_t n, int64_t d) {
	uint64_t un = n < 0 ? -(uint64_t)n : (uint64_t)n;
	uint64_t ud = d < 0 ? -(uint64_t)d : (uint64_t)d;
	uint64_t r;
	rt_udivmod(un, ud, &r);
	return (int64_t)(n < 0 ? -r : r);
}
#endif

int main(void);

__attribute__((used, noreturn)) void rt_start(void) { rt_exit(main()); }

/* The kernel (and QEMU, and rvsim) enter at _start with sp 16-byte aligned. */
__asm__(".text\n"
	".globl _start\n"
	"_start:\n"
	"\tcall rt_start\n");

#endif
