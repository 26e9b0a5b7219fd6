/* amo.c: atomics for the rvsim/QEMU differential test. The __atomic builtins compile to the
 * AMOs (with aq/rl bits from the memory order), to LR/SC loops (compare-and-swap, and the
 * masked loops of 8- and 16-bit atomics), and to fences. */
#include "rt.h"

static volatile int32_t i32;
static volatile uint32_t u32;
static volatile uint16_t u16[4];
static volatile uint8_t u8[8];
#if __riscv_xlen == 64
static volatile int64_t i64;
static volatile uint64_t u64;
#endif
static volatile int lock;
static volatile uint32_t shared[16];

static uint32_t seed = 0x9e3779b9u;

static uint32_t next(void) {
	seed ^= seed << 13;
	seed ^= seed >> 17;
	seed ^= seed << 5;
	return seed;
}

#define EACH_ORDER(X)                                                                              \
	X(__ATOMIC_RELAXED) X(__ATOMIC_ACQUIRE) X(__ATOMIC_RELEASE) X(__ATOMIC_ACQ_REL) X(__ATOMIC_SEQ_CST)

static void words(void) {
	uint64_t acc = 0;
	for (int i = 0; i < 300; i++) {
		int32_t v = (int32_t)next();
#define W(o)                                                                                       \
	acc = acc * 7 + (uint32_t)__atomic_fetch_add(&i32, v, o);                                  \
	acc = acc * 7 + (uint32_t)__atomic_fetch_sub(&i32, v >> 3, o);                             \
	acc = acc * 7 + __atomic_fetch_and(&u32, (uint32_t)v | 0x0f0f0f0fu, o);                    \
	acc = acc * 7 + __atomic_fetch_or(&u32, (uint32_t)v & 0x10204080u, o);                     \
	acc = acc * 7 + __atomic_fetch_xor(&u32, (uint32_t)v, o);                                  \
	acc = acc * 7 + (uint32_t)__atomic_fetch_min(&i32, v, o);                                  \
	acc = acc * 7 + (uint32_t)__atomic_fetch_max(&i32, v ^ 0x40000000, o);                     \
	acc = acc * 7 + __atomic_fetch_min(&u32, (uint32_t)v | 0x80000000u, o);                    \
	acc = acc * 7 + __atomic_fetch_max(&u32, (uint32_t)v >> 1, o);                             \
	acc = acc * 7 + (uint32_t)__atomic_exchange_n(&i32, v + i, o);
		EACH_ORDER(W)
#undef W
	}
	put_kv("words", acc);
	put_kv("i32", (uint32_t)i32);
	put_kv("u32", u32);
}

#if __riscv_xlen == 64
static void doublewords(void) {
	uint64_t acc = 0;
	for (int i = 0; i < 300; i++) {
		int64_t v = (int64_t)((uint64_t)next() << 32 | next());
#define D(o)                                                                                       \
	acc = acc * 7 + (uint64_t)__atomic_fetch_add(&i64, v, o);                                  \
	acc = acc * 7 + (uint64_t)__atomic_fetch_sub(&i64, v >> 5, o);                             \
	acc = acc * 7 + __atomic_fetch_and(&u64, (uint64_t)v | 0x00ff00ff00ff00ffull, o);          \
	acc = acc * 7 + __atomic_fetch_or(&u64, (uint64_t)v & 0x0102040810204080ull, o);           \
	acc = acc * 7 + __atomic_fetch_xor(&u64, (uint64_t)v, o);                                  \
	acc = acc * 7 + (uint64_t)__atomic_fetch_min(&i64, v, o);                                  \
	acc = acc * 7 + (uint64_t)__atomic_fetch_max(&i64, v ^ 0x4000000000000000ll, o);           \
	acc = acc * 7 + __atomic_fetch_min(&u64, (uint64_t)v | 0x8000000000000000ull, o);          \
	acc = acc * 7 + __atomic_fetch_max(&u64, (uint64_t)v >> 1, o);                             \
	acc = acc * 7 + (uint64_t)__atomic_exchange_n(&i64, v + i, o);
		EACH_ORDER(D)
#undef D
	}
	put_kv("doublewords", acc);
	put_kv("i64", (uint64_t)i64);
	put_kv("u64", u64);
}
#endif

/* Sub-word atomics become masked LR/SC loops. */
static void subwords(void) {
	uint64_t acc = 0;
	for (int i = 0; i < 200; i++) {
		uint32_t v = next();
		int k = i & 7;
		acc = acc * 5 + __atomic_fetch_add(&u8[k], (uint8_t)v, __ATOMIC_SEQ_CST);
		acc = acc * 5 + __atomic_fetch_xor(&u8[7 - k], (uint8_t)(v >> 8), __ATOMIC_ACQUIRE);
		acc = acc * 5 + __atomic_exchange_n(&u8[(k + 3) & 7], (uint8_t)(v >> 16), __ATOMIC_RELEASE);
		acc = acc * 5 + __atomic_fetch_add(&u16[k & 3], (uint16_t)v, __ATOMIC_ACQ_REL);
		acc = acc * 5 + __atomic_fetch_max(&u16[(k + 1) & 3], (uint16_t)(v >> 7), __ATOMIC_RELAXED);
		acc = acc * 5 + __atomic_fetch_min(&u8[k], (uint8_t)(v >> 3), __ATOMIC_SEQ_CST);
		uint16_t expect = u16[k & 3];
		acc = acc * 5 + __atomic_compare_exchange_n(&u16[k & 3], &expect, (uint16_t)(v >> 4), 0,
			__ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
	}
	put_kv("subwords", acc);
	for (int k = 0; k < 8; k++)
		put_kv("u8", u8[k]);
	for (int k = 0; k < 4; k++)
		put_kv("u16", u16[k]);
}

/* Compare-and-swap loops (LR/SC), successful and failing. */
static void cas(void) {
	uint64_t acc = 0;
	for (int i = 0; i < 500; i++) {
		uint32_t v = next();
		volatile uint32_t *p = &shared[v & 15];
		uint32_t expect = (v & 1) ? *p : *p + 1; /* half of them fail */
		int ok = __atomic_compare_exchange_n(p, &expect, v, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
		acc = acc * 3 + ok * 1000 + expect;
		ok = __atomic_compare_exchange_n(p, &expect, v ^ 1, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
		acc = acc * 3 + ok;
#if __riscv_xlen == 64
		uint64_t e64 = (uint64_t)i64;
		ok = __atomic_compare_exchange_n(&i64, (int64_t *)&e64, (int64_t)(e64 * 3 + v), 0,
			__ATOMIC_RELEASE, __ATOMIC_RELAXED);
		acc = acc * 3 + ok + e64;
#endif
	}
	put_kv("cas", acc);
	for (int k = 0; k < 16; k++)
		put_kv("shared", shared[k]);
}

/* A test-and-set spinlock guarding a counter (uncontended: one hart). */
static void spinlock(void) {
	uint32_t counter = 0;
	for (int i = 0; i < 1000; i++) {
		while (__atomic_test_and_set(&lock, __ATOMIC_ACQUIRE))
			;
		counter += i;
		__atomic_clear(&lock, __ATOMIC_RELEASE);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	}
	put_kv("spinlock", counter);
	put_kv("lock", (uint32_t)lock);
}

int main(void) {
	words();
#if __riscv_xlen == 64
	doublewords();
#endif
	subwords();
	cas();
	spinlock();
	put_str("done\n");
	return 0;
}
