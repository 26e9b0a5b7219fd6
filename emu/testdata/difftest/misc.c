/* misc.c: ordinary integer code for the rvsim/QEMU differential test: checksums, sorting,
 * string handling, 64-bit arithmetic, bit tricks, jump tables, recursion, struct copies and
 * misaligned accesses. Prints one line per result. */
#include "rt.h"

static uint64_t rng_state = 0x243f6a8885a308d3ull;

static uint64_t xorshift(void) {
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

/* ---- checksums ---- */

static uint32_t crc32(const uint8_t *p, size_t n) {
	uint32_t c = 0xffffffffu;
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & -(c & 1));
	}
	return ~c;
}

static uint32_t adler32(const uint8_t *p, size_t n) {
	uint32_t a = 1, b = 0;
	for (size_t i = 0; i < n; i++) {
		a = (a + p[i]) % 65521;
		b = (b + a) % 65521;
	}
	return b << 16 | a;
}

static uint64_t fnv1a64(const uint8_t *p, size_t n) {
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 0x100000001b3ull;
	}
	return h;
}

/* ---- sorting ---- */

static void isort32(int32_t *a, int n) {
	for (int i = 1; i < n; i++) {
		int32_t v = a[i];
		int j = i - 1;
		while (j >= 0 && a[j] > v) {
			a[j + 1] = a[j];
			j--;
		}
		a[j + 1] = v;
	}
}

static void qsort64(uint64_t *a, int lo, int hi) {
	while (lo < hi) {
		uint64_t p = a[(lo + hi) / 2];
		int i = lo, j = hi;
		while (i <= j) {
			while (a[i] < p)
				i++;
			while (a[j] > p)
				j--;
			if (i <= j) {
				uint64_t t = a[i];
				a[i] = a[j];
				a[j] = t;
				i++;
				j--;
			}
		}
		if (j - lo < hi - i) {
			qsort64(a, lo, j);
			lo = i;
		} else {
			qsort64(a, i, hi);
			hi = j;
		}
	}
}

/* ---- strings ---- */

static size_t slen(const char *s) {
	size_t n = 0;
	while (s[n])
		n++;
	return n;
}

static int scmp(const char *a, const char *b) {
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a - (unsigned char)*b;
}

static void srev(char *s) {
	size_t n = slen(s);
	for (size_t i = 0; i < n / 2; i++) {
		char t = s[i];
		s[i] = s[n - 1 - i];
		s[n - 1 - i] = t;
	}
}

static int64_t satoi(const char *s) {
	int neg = 0;
	int64_t v = 0;
	if (*s == '-')
		neg = 1, s++;
	while (*s >= '0' && *s <= '9')
		v = v * 10 + (*s++ - '0');
	return neg ? -v : v;
}

static int sitoa(int64_t v, char *out) {
	char tmp[24];
	int n = 0, k = 0;
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;
	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		out[k++] = '-';
	while (n)
		out[k++] = tmp[--n];
	out[k] = 0;
	return k;
}

static const char text[] =
	"The quick brown fox jumps over the lazy dog. RISC-V is an open standard instruction "
	"set architecture based on established reduced instruction set computer principles.";

static void strings(void) {
	char buf[256];
	size_t n = slen(text);
	put_kv("strlen", n);
	int words = 0, in = 0, upper = 0;
	for (size_t i = 0; i < n; i++) {
		char c = text[i];
		if (c >= 'A' && c <= 'Z')
			upper++;
		if (c == ' ' || c == '.' || c == '-')
			in = 0;
		else if (!in)
			in = 1, words++;
	}
	put_kv("words", words);
	put_kv("upper", upper);
	memcpy(buf, text, n + 1);
	srev(buf);
	put_kv("rev crc", crc32((const uint8_t *)buf, n));
	put_kv("cmp", (uint64_t)(int64_t)scmp(text, buf));
	put_kv("cmp self", (uint64_t)(int64_t)scmp(text, text));
	static const int64_t nums[] = {0, 1, -1, 42, -9223372036854775807 - 1, 9223372036854775807,
		1234567890123ll, -987654321};
	for (unsigned i = 0; i < sizeof nums / sizeof nums[0]; i++) {
		int k = sitoa(nums[i], buf);
		put_str("itoa ");
		put_str(buf);
		put_char(' ');
		put_dec(satoi(buf) == nums[i] ? k : -1);
		put_char('\n');
	}
}

/* ---- 64-bit arithmetic ---- */

static const uint64_t vals[] = {0, 1, 2, 3, 7, 10, 0x7f, 0x80, 0xff, 0x7fffffff, 0x80000000,
	0xffffffff, 0x100000000ull, 0x123456789abcdefull, 0x7fffffffffffffffull,
	0x8000000000000000ull, 0xfffffffffffffffeull, 0xffffffffffffffffull, 1000000007,
	0xdeadbeefcafef00dull};
#define NVALS (sizeof vals / sizeof vals[0])

static void math64(void) {
	uint64_t acc = 0;
	for (unsigned i = 0; i < NVALS; i++) {
		for (unsigned j = 0; j < NVALS; j++) {
			uint64_t a = vals[i], b = vals[j];
			int64_t sa = (int64_t)a, sb = (int64_t)b;
			acc = acc * 31 + a * b;
			acc = acc * 31 + (a << (b & 63)) + (a >> (b & 63)) + (uint64_t)(sa >> (b & 63));
			if (b) {
				acc = acc * 31 + a / b + a % b;
				if (!(sa == (int64_t)0x8000000000000000ull && sb == -1))
					acc = acc * 31 + (uint64_t)(sa / sb) + (uint64_t)(sa % sb);
			}
			acc = acc * 31 + (sa < sb) + 2 * (a < b);
			uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b;
			acc = acc * 31 + (uint64_t)a32 * b32;
			if (b32)
				acc = acc * 31 + a32 / b32 + (uint32_t)((int32_t)a32 % ((int32_t)b32 == -1 ? 1 : (int32_t)b32));
#if __riscv_xlen == 64
			unsigned __int128 p = (unsigned __int128)a * b;
			__int128 sp = (__int128)sa * sb;
			acc = acc * 31 + (uint64_t)(p >> 64) + (uint64_t)(sp >> 64);
			acc = acc * 31 + (uint64_t)(((__int128)sa * (unsigned __int128)b) >> 64);
#endif
		}
		put_kv("math", acc);
	}
}

/* ---- bits ---- */

/* ctz32 keeps ctzw away from a zero low word: QEMU 7.2 counts ctzw over all 64 bits (see
 * dtQemuBugs in difftest_test.go), and clang compiles w ? __builtin_ctz(w) : 32 to a bare
 * ctzw, whose result for zero is 32 by the spec. */
static uint32_t ctz32(uint32_t w) {
	if (w == 0)
		return 32;
	__asm__ volatile("" : "+r"(w));
	return (uint32_t)__builtin_ctz(w);
}

static void bitops(void) {
	uint64_t acc = 0;
	for (unsigned i = 0; i < NVALS; i++) {
		uint64_t v = vals[i];
		uint32_t w = (uint32_t)v;
		acc = acc * 33 + (v ? __builtin_clzll(v) : 64) + (v ? __builtin_ctzll(v) : 64);
		acc = acc * 33 + __builtin_popcountll(v) + __builtin_popcount(w);
		acc = acc * 33 + (w ? __builtin_clz(w) : 32) + ctz32(w);
		acc = acc * 33 + __builtin_bswap64(v) + __builtin_bswap32(w) + __builtin_bswap16((uint16_t)v);
		acc = acc * 33 + ((v << 13) | (v >> 51)) + ((w >> 7) | (w << 25));
		acc = acc * 33 + (uint64_t)(int64_t)(int8_t)v + (uint64_t)(int64_t)(int16_t)v + (uint16_t)v;
		acc = acc * 33 + (v & ~vals[(i + 1) % NVALS]) + (v | ~vals[(i + 3) % NVALS]) + ~(v ^ vals[(i + 5) % NVALS]);
		int64_t a = (int64_t)v, b = (int64_t)vals[(i + 7) % NVALS];
		acc = acc * 33 + (uint64_t)(a < b ? a : b) + (uint64_t)(a > b ? a : b);
		acc = acc * 33 + (v < vals[(i + 7) % NVALS] ? v : vals[(i + 7) % NVALS]);
		acc = acc * 33 + (v | 1ull << (i * 3 % 64)) + (v & ~(1ull << (i * 5 % 64))) + ((v >> (i % 64)) & 1);
		acc = acc * 33 + (uint64_t)(uint32_t)(v + i) * 8 + v * 2 + i * 4;
		put_kv("bits", acc);
	}
}

/* ---- control flow: a jump table, recursion, function pointers ---- */

static NOINLINE int classify(int c) {
	switch (c) {
	case 0: return 11;
	case 1: return 23;
	case 2: return 37;
	case 3: return 41;
	case 4: return 59;
	case 5: return 61;
	case 6: return 79;
	case 7: return 83;
	case 8: return 97;
	case 9: return 101;
	default: return -1;
	}
}

static NOINLINE uint64_t fib(int n) { return n < 2 ? (uint64_t)n : fib(n - 1) + fib(n - 2); }

static NOINLINE uint64_t ackermann(uint64_t m, uint64_t n) {
	if (m == 0)
		return n + 1;
	if (n == 0)
		return ackermann(m - 1, 1);
	return ackermann(m - 1, ackermann(m, n - 1));
}

static uint64_t op_add(uint64_t a, uint64_t b) { return a + b; }
static uint64_t op_xor(uint64_t a, uint64_t b) { return a ^ b; }
static uint64_t op_mul(uint64_t a, uint64_t b) { return a * b; }
static uint64_t op_rot(uint64_t a, uint64_t b) { return a << (b & 63) | a >> (-b & 63); }

static void control(void) {
	int sum = 0;
	for (int i = -3; i < 14; i++)
		sum = sum * 3 + classify(i);
	put_kv("switch", (uint64_t)(int64_t)sum);
	put_kv("fib", fib(24));
	put_kv("ackermann", ackermann(2, 9));
	uint64_t (*volatile ops[])(uint64_t, uint64_t) = {op_add, op_xor, op_mul, op_rot};
	uint64_t acc = 1;
	for (int i = 0; i < 64; i++)
		acc = ops[i & 3](acc, xorshift());
	put_kv("fnptr", acc);
}

/* ---- structs and misaligned accesses ---- */

struct __attribute__((packed)) rec {
	uint8_t tag;
	uint32_t id;
	uint64_t value;
	uint16_t flags;
	char name[5];
};

struct big {
	uint64_t a[9];
	uint32_t b[3];
	uint8_t c[7];
};

static NOINLINE struct big make_big(uint64_t seed) {
	struct big b;
	for (int i = 0; i < 9; i++)
		b.a[i] = seed * (i + 1);
	for (int i = 0; i < 3; i++)
		b.b[i] = (uint32_t)(seed >> (8 * i));
	for (int i = 0; i < 7; i++)
		b.c[i] = (uint8_t)(seed >> i);
	return b;
}

static uint8_t rawbuf[96];

static void structs(void) {
	struct rec recs[7];
	for (int i = 0; i < 7; i++) {
		recs[i].tag = (uint8_t)i;
		recs[i].id = (uint32_t)xorshift();
		recs[i].value = xorshift();
		recs[i].flags = (uint16_t)xorshift();
		for (int k = 0; k < 5; k++)
			recs[i].name[k] = (char)('a' + (i + k) % 26);
	}
	struct rec copy[7];
	memcpy(copy, recs, sizeof recs);
	for (int i = 0; i < 7; i++)
		copy[i] = recs[6 - i];
	put_kv("packed crc", crc32((const uint8_t *)copy, sizeof copy));
	uint64_t acc = 0;
	for (int i = 0; i < 7; i++)
		acc = acc * 7 + copy[i].id + copy[i].value + copy[i].flags;
	put_kv("packed sum", acc);

	struct big b1 = make_big(0x0123456789abcdefull), b2;
	b2 = b1;
	b2.a[3] ^= 0xffff;
	/* Field by field: the padding holds whatever was on the stack, which differs (QEMU
	 * passes the host's environment, rvsim none). */
	put_kv("big crc", crc32((const uint8_t *)b2.a, sizeof b2.a) ^ crc32((const uint8_t *)b2.b, sizeof b2.b) ^
		crc32(b2.c, sizeof b2.c));

	/* Real misaligned loads and stores of every width, at every offset. */
	for (int i = 0; i < (int)sizeof rawbuf; i++)
		rawbuf[i] = (uint8_t)(i * 37 + 11);
	uint64_t m = 0;
	for (int off = 0; off < 8; off++) {
		uint8_t *p = rawbuf + 8 + off;
		uint64_t h, w, d;
		__asm__ volatile("lh %0, 0(%1)" : "=r"(h) : "r"(p));
		__asm__ volatile("lw %0, 1(%1)" : "=r"(w) : "r"(p));
#if __riscv_xlen == 64
		__asm__ volatile("ld %0, 3(%1)" : "=r"(d) : "r"(p));
		__asm__ volatile("sd %0, 24(%1)" : : "r"(d ^ 0x5555555555555555ull), "r"(p) : "memory");
#else
		__asm__ volatile("lw %0, 3(%1)" : "=r"(d) : "r"(p));
		__asm__ volatile("sw %0, 24(%1)" : : "r"(d ^ 0x55555555u), "r"(p) : "memory");
#endif
		__asm__ volatile("sh %0, 40(%1)" : : "r"(h + 1), "r"(p) : "memory");
		__asm__ volatile("sw %0, 47(%1)" : : "r"(w + 3), "r"(p) : "memory");
		m = m * 131 + h + w * 3 + d * 5;
	}
	put_kv("misaligned", m);
	put_kv("misaligned crc", crc32(rawbuf, sizeof rawbuf));
}

/* ---- system calls whose results do not depend on the host ---- */

static void syscalls(void) {
	static char msg[4] = "ok\n";
	rt_flush();
	put_kv("write bad fd", (uint64_t)rt_syscall6(64, 99, (long)msg, 3, 0, 0, 0));
	put_kv("write bad buffer", (uint64_t)rt_syscall6(64, 1, 0, 5, 0, 0, 0));
	put_kv("write nothing", (uint64_t)rt_syscall6(64, 1, (long)msg, 0, 0, 0, 0));
	put_kv("unknown syscall", (uint64_t)rt_syscall6(999, 0, 0, 0, 0, 0, 0));
	put_kv("close bad fd", (uint64_t)rt_syscall6(57, 77, 0, 0, 0, 0, 0));
	put_kv("read stdin", (uint64_t)rt_syscall6(63, 0, (long)msg, 3, 0, 0, 0));
	long brk0 = rt_syscall6(214, 0, 0, 0, 0, 0, 0);
	put_kv("brk grows", (uint64_t)(rt_syscall6(214, brk0 + 3 * 4096 + 5, 0, 0, 0, 0, 0) - brk0));
	*(volatile uint32_t *)(brk0 + 3 * 4096) = 7;
	/* Anonymous mappings: where they go is the emulator's choice, what they hold is not. */
	long m = rt_syscall6(222, 0, 3 * 4096, 3, 0x22, -1, 0);
	put_kv("mmap page aligned", m > 0 && (m & 4095) == 0);
	((volatile uint64_t *)m)[1000] = 0x1234;
	put_kv("mmap zeroed", ((volatile uint64_t *)m)[5] + ((volatile uint64_t *)m)[1000]);
	put_kv("munmap", (uint64_t)rt_syscall6(215, m, 3 * 4096, 0, 0, 0, 0));
	put_kv("mmap length 0", (uint64_t)rt_syscall6(222, 0, 0, 3, 0x22, -1, 0));
}

int main(void) {
	static uint8_t data[4096];
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = (uint8_t)xorshift();
	put_kv("crc32", crc32(data, sizeof data));
	put_kv("adler32", adler32(data, sizeof data));
	put_kv("fnv1a64", fnv1a64(data, sizeof data));

	static int32_t a32[600];
	for (int i = 0; i < 600; i++)
		a32[i] = (int32_t)xorshift();
	isort32(a32, 600);
	int ok = 1;
	for (int i = 1; i < 600; i++)
		ok &= a32[i - 1] <= a32[i];
	put_kv("isort ok", ok);
	put_kv("isort crc", crc32((const uint8_t *)a32, sizeof a32));

	static uint64_t a64[3000];
	for (int i = 0; i < 3000; i++)
		a64[i] = xorshift() >> (i % 40);
	qsort64(a64, 0, 2999);
	ok = 1;
	for (int i = 1; i < 3000; i++)
		ok &= a64[i - 1] <= a64[i];
	put_kv("qsort ok", ok);
	put_kv("qsort mid", a64[1500]);
	put_kv("qsort fnv", fnv1a64((const uint8_t *)a64, sizeof a64));

	strings();
	math64();
	bitops();
	control();
	structs();
	syscalls();
	put_str("done\n");
	return 0;
}
