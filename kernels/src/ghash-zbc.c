// ghash-zbc.c: GHASH (SP 800-38D 6.4) with carry-less multiplication (clmul, clmulh).
// Extensions: zbc (only clmul and clmulh, which Zbkc has too). Builds for RV32 and RV64. The
// RV64 four-block loop is the same in every ELF, whatever the cipher variant adds: its byte
// swaps are base RVI in inline assembly, so the compiler cannot turn them into rev8 where Zbb
// or Zbkb is there (set-up and tails are plain C and may use the variant's extensions).
//
// The reflected domain, as GCM implementations commonly work: a block is read big-endian into
// two 64-bit halves A = (a1, a0), so bit 127 holds the coefficient of x^0 (GCM's bit order
// makes every operand bit-reversed) and multiplying by x^j is a right shift by j. On RV64 an
// aligned block is loaded with ld and byte-swapped with shifts and masks (13 instructions a
// word).
//
// Products. The carry-less product of two reversed 128-bit values a, k is the reversed
// 256-bit product a·k shifted right by one: bit 254 - n holds x^n. Instead of shifting it
// back, the key is stored as K = H·x^-1 (x^-1 = x^127 + x^6 + x + 1 modulo
// g = x^128 + x^7 + x^2 + x + 1): the raw product of A and K, read as a reversed 256-bit value
// P = (p3, p2, p1, p0), is then a·H unreduced, with x^0..x^127 in (p3, p2) and
// x^128..x^255 in (p1, p0). RV64 multiplies with three clmul/clmulh pairs (Karatsuba):
// lo = a0·k0, hi = a1·k1, mid = (a0 ^ a1)·(k0 ^ k1) ^ lo ^ hi.
//
// Aggregated reduction. Four blocks B1..B4 are hashed as
// X' = (X ^ B1)·H^4 ^ B2·H^3 ^ B3·H^2 ^ B4·H: the four products' lo, hi and mid are summed
// unreduced and reduced once. Reduction of U = (p1, p0) times x^128 = 1 + x + x^2 + x^7:
// with D = U ^ W, where W = U<<127 ^ U<<126 ^ U<<121 are the bits that U's shifts push out of
// the bottom, X = (p3, p2) ^ D ^ D>>1 ^ D>>2 ^ D>>7 (128-bit shifts). With C = 0xc2 << 56
// (bits 63, 62, 57), clmul(u, C) = u<<63 ^ u<<62 ^ u<<57 and clmulh(u, C) = u>>1 ^ u>>2 ^ u>>7,
// so on RV64 the reduction is four clmul/clmulh and six xors:
//   d1 = p1 ^ clmul(p0, C), x1 = p3 ^ d1 ^ clmulh(d1, C),
//   x0 = p2 ^ p0 ^ clmulh(p0, C) ^ clmul(d1, C).
// RV32 multiplies with sixteen clmul/clmulh pairs on 32-bit words, one block at a time, and
// reduces with shifts.
//
// Context layout (GHASH_MAX = 512 bytes, 16-byte aligned): bytes 0-15 hold X in block byte
// order; then u64 k[4][3]: for i = 1..4, K_i = H^i·x^-1 as (k1, k0, k1 ^ k0).
#include "kernel.h"

typedef struct {
	u8 x[16];
	u64 k[4][3];
} ghash_zbc_ctx;

_Static_assert(sizeof(ghash_zbc_ctx) <= GHASH_MAX, "ghash context too large");

INLINE uxlen clmul(uxlen a, uxlen b) {
	uxlen r;
	__asm__("clmul %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
	return r;
}

INLINE uxlen clmulh(uxlen a, uxlen b) {
	uxlen r;
	__asm__("clmulh %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
	return r;
}

// p = (a1, a0)·(k1, k0, kx = k1 ^ k0) without reduction, p[3] most significant.
INLINE void mul128(u64 a1, u64 a0, const u64 *k, u64 *p) {
#if __riscv_xlen == 64
	u64 lo0 = clmul(a0, k[1]), lo1 = clmulh(a0, k[1]);
	u64 hi0 = clmul(a1, k[0]), hi1 = clmulh(a1, k[0]);
	u64 ax = a0 ^ a1;
	u64 m0 = clmul(ax, k[2]) ^ lo0 ^ hi0, m1 = clmulh(ax, k[2]) ^ lo1 ^ hi1;
	p[0] = lo0, p[1] = lo1 ^ m0, p[2] = hi0 ^ m1, p[3] = hi1;
#else
	u32 a[4] = {(u32)a0, (u32)(a0 >> 32), (u32)a1, (u32)(a1 >> 32)};
	u32 h[4] = {(u32)k[1], (u32)(k[1] >> 32), (u32)k[0], (u32)(k[0] >> 32)};
	u32 r[8] = {0};
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			r[i + j] ^= clmul(a[i], h[j]);
			r[i + j + 1] ^= clmulh(a[i], h[j]);
		}
	for (int k = 0; k < 4; k++)
		p[k] = (u64)r[2 * k + 1] << 32 | r[2 * k];
#endif
}

#define RED 0xc200000000000000ull // bits 63, 62, 57: the shifts by 1, 2, 7 (see the top)

// (x1, x0) = P reduced modulo g (P as mul128 leaves it).
INLINE void reduce(u64 p3, u64 p2, u64 p1, u64 p0, u64 *x1, u64 *x0) {
#if __riscv_xlen == 64
	u64 d1 = p1 ^ clmul(p0, RED);
	*x1 = p3 ^ d1 ^ clmulh(d1, RED);
	*x0 = p2 ^ p0 ^ clmulh(p0, RED) ^ clmul(d1, RED);
#else
	u64 d1 = p1 ^ p0 << 63 ^ p0 << 62 ^ p0 << 57, d0 = p0;
	*x1 = p3 ^ d1 ^ d1 >> 1 ^ d1 >> 2 ^ d1 >> 7;
	*x0 = p2 ^ d0 ^ (d0 >> 1 | d1 << 63) ^ (d0 >> 2 | d1 << 62) ^ (d0 >> 7 | d1 << 57);
#endif
}

// k = (h1, h0)·x^-1 as (k1, k0, k1 ^ k0): the reversed value shifted left by one, and when
// the x^0 bit falls out, x^-1 = x^127 + x^6 + x + 1 added (bits 127, 126, 121 and 0).
INLINE void keyform(u64 h1, u64 h0, u64 *k) {
	u64 c = h1 >> 63;
	k[0] = (h1 << 1 | h0 >> 63) ^ (RED & -c);
	k[1] = h0 << 1 ^ c;
	k[2] = k[0] ^ k[1];
}

// void ghash_init_zbc(ghash_ctx *g, const u8 h[16]);
// Sets X = 0 and precomputes K_1..K_4 from the hash key H.
EXPORT void ghash_init_zbc(void *gv, const u8 *h) {
	ghash_zbc_ctx *g = gv;
	for (int i = 0; i < 16; i++)
		g->x[i] = 0;
	u64 h1 = ld64be(h), h0 = ld64be(h + 8);
	keyform(h1, h0, g->k[0]);
	for (int i = 1; i < 4; i++) {
		// H^(i+1) = H^i·H: the product with K_1 reduced.
		u64 p[4];
		mul128(h1, h0, g->k[0], p);
		reduce(p[3], p[2], p[1], p[0], &h1, &h0);
		keyform(h1, h0, g->k[i]);
	}
}

#if __riscv_xlen == 64
// The big-endian value of a little-endian-loaded word: three swap stages (32-bit halves,
// 16-bit pairs, bytes) with the masks m16 = 0x0000ffff0000ffff and m8 = 0x00ff00ff00ff00ff.
INLINE u64 bswap64(u64 x, u64 m16, u64 m8) {
	u64 t;
	__asm__("slli	%1, %0, 32\n\t"
	        "srli	%0, %0, 32\n\t"
	        "or	%0, %0, %1\n\t"
	        "srli	%1, %0, 16\n\t"
	        "and	%1, %1, %2\n\t"
	        "and	%0, %0, %2\n\t"
	        "slli	%0, %0, 16\n\t"
	        "or	%0, %0, %1\n\t"
	        "srli	%1, %0, 8\n\t"
	        "and	%1, %1, %3\n\t"
	        "and	%0, %0, %3\n\t"
	        "slli	%0, %0, 8\n\t"
	        "or	%0, %0, %1"
	        : "+&r"(x), "=&r"(t)
	        : "r"(m16), "r"(m8));
	return x;
}

// One block's Karatsuba products with key k, added into the sums (first: set them).
#define KARATSUBA(first, a1, a0, k)                                                        \
	do {                                                                                   \
		u64 ax_ = (a0) ^ (a1);                                                             \
		if (first) {                                                                       \
			lo0 = clmul(a0, (k)[1]), lo1 = clmulh(a0, (k)[1]);                             \
			hi0 = clmul(a1, (k)[0]), hi1 = clmulh(a1, (k)[0]);                             \
			m0 = clmul(ax_, (k)[2]), m1 = clmulh(ax_, (k)[2]);                             \
		} else {                                                                           \
			lo0 ^= clmul(a0, (k)[1]), lo1 ^= clmulh(a0, (k)[1]);                           \
			hi0 ^= clmul(a1, (k)[0]), hi1 ^= clmulh(a1, (k)[0]);                           \
			m0 ^= clmul(ax_, (k)[2]), m1 ^= clmulh(ax_, (k)[2]);                           \
		}                                                                                  \
	} while (0)

// Four aligned blocks at a time while n >= 64; returns the bytes left.
static size_t update4(const ghash_zbc_ctx *g, u64 *x1p, u64 *x0p, const u8 *in, size_t n) {
	const u64 m16 = 0x0000ffff0000ffffull, m8 = 0x00ff00ff00ff00ffull;
	const u64 *k1 = g->k[0], *k2 = g->k[1], *k3 = g->k[2], *k4 = g->k[3];
	u64 x1 = *x1p, x0 = *x0p;
	for (; n >= 64; n -= 64, in += 64) {
		const u64 *w = (const u64 *)in;
		u64 lo0, lo1, hi0, hi1, m0, m1, a1, a0;
		a1 = bswap64(w[0], m16, m8) ^ x1, a0 = bswap64(w[1], m16, m8) ^ x0;
		KARATSUBA(1, a1, a0, k4);
		a1 = bswap64(w[2], m16, m8), a0 = bswap64(w[3], m16, m8);
		KARATSUBA(0, a1, a0, k3);
		a1 = bswap64(w[4], m16, m8), a0 = bswap64(w[5], m16, m8);
		KARATSUBA(0, a1, a0, k2);
		a1 = bswap64(w[6], m16, m8), a0 = bswap64(w[7], m16, m8);
		KARATSUBA(0, a1, a0, k1);
		m0 ^= lo0 ^ hi0, m1 ^= lo1 ^ hi1;
		reduce(hi1, hi0 ^ m1, lo1 ^ m0, lo0, &x1, &x0);
	}
	*x1p = x1, *x0p = x0;
	return n;
}
#endif

// void ghash_update_zbc(ghash_ctx *g, const u8 *in, size_t len);
// X = (X ^ B)·H for each 16-byte block B of in; a final partial block is padded with zeros.
EXPORT void ghash_update_zbc(void *gv, const u8 *in, size_t len) {
	ghash_zbc_ctx *g = gv;
	u64 x1 = ld64be(g->x), x0 = ld64be(g->x + 8);
#if __riscv_xlen == 64
	if (ALIGNED(in, 8) && len >= 64) {
		size_t left = update4(g, &x1, &x0, in, len);
		in += len - left, len = left;
	}
#endif
	while (len) {
		u8 b[16];
		const u8 *q = in;
		if (len < 16) {
			for (size_t i = 0; i < 16; i++)
				b[i] = i < len ? in[i] : 0;
			q = b;
			len = 16;
		}
		u64 p[4];
		mul128(x1 ^ ld64be(q), x0 ^ ld64be(q + 8), g->k[0], p);
		reduce(p[3], p[2], p[1], p[0], &x1, &x0);
		in += 16, len -= 16;
	}
	st64be(g->x, x1), st64be(g->x + 8, x0);
}

// void ghash_final_zbc(const ghash_ctx *g, u8 x[16]);
// Copies X out.
EXPORT void ghash_final_zbc(const void *gv, u8 *x) {
	const ghash_zbc_ctx *g = gv;
	for (int i = 0; i < 16; i++)
		x[i] = g->x[i];
}
