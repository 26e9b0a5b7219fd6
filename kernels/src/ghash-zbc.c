// ghash-zbc.c: GHASH (SP 800-38D 6.4) with carry-less multiplication (clmul, clmulh).
// Extensions: zbc (only clmul and clmulh, which Zbkc has too). Builds for RV32 and RV64.
//
// Blocks are read big-endian into two 64-bit halves A = (a1, a0), so bit 127 holds the
// coefficient of x^0: GCM's bit order makes every operand bit-reversed. The carry-less
// product of two reversed 128-bit values is the reversed 256-bit product shifted right by
// one, so one left shift gives P = (p3, p2, p1, p0) with the low half of the true product
// (x^0..x^127) reversed in (p3, p2) and the high half (x^128..x^255) reversed in
// (p1, p0). Reduction modulo g = x^128 + x^7 + x^2 + x + 1 in the reversed domain, where
// multiplying by x^j is a right shift by j: the high half U = (p1, p0) times
// x^128 = 1 + x + x^2 + x^7 is U ^ U>>1 ^ U>>2 ^ U>>7, and the bits those shifts push out
// of the bottom, W = U<<127 ^ U<<126 ^ U<<121, are folded in the same way; since both
// are linear, D = U ^ W folds in one pass: X·H = (p3, p2) ^ D ^ D>>1 ^ D>>2 ^ D>>7.
// RV64 multiplies with three clmul/clmulh pairs (Karatsuba); RV32 with sixteen on 32-bit
// words.
//
// Context layout (GHASH_MAX = 512 bytes, 16-byte aligned): bytes 0-15 hold X in block byte
// order; then u64 h1, h0, h1 ^ h0 (H read as above).
#include "kernel.h"

typedef struct {
	u8 x[16];
	u64 h1, h0, hx;
} ghash_zbc_ctx;

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

// p = (a1, a0)·(h1, h0) without reduction, p[3] most significant.
INLINE void mul128(u64 a1, u64 a0, const ghash_zbc_ctx *g, u64 *p) {
#if __riscv_xlen == 64
	u64 lo0 = clmul(a0, g->h0), lo1 = clmulh(a0, g->h0);
	u64 hi0 = clmul(a1, g->h1), hi1 = clmulh(a1, g->h1);
	u64 ax = a0 ^ a1;
	u64 m0 = clmul(ax, g->hx) ^ lo0 ^ hi0, m1 = clmulh(ax, g->hx) ^ lo1 ^ hi1;
	p[0] = lo0, p[1] = lo1 ^ m0, p[2] = hi0 ^ m1, p[3] = hi1;
#else
	u32 a[4] = {(u32)a0, (u32)(a0 >> 32), (u32)a1, (u32)(a1 >> 32)};
	u32 h[4] = {(u32)g->h0, (u32)(g->h0 >> 32), (u32)g->h1, (u32)(g->h1 >> 32)};
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

// void ghash_init_zbc(ghash_ctx *g, const u8 h[16]);
// Sets X = 0 and keeps the hash key H.
EXPORT void ghash_init_zbc(void *gv, const u8 *h) {
	ghash_zbc_ctx *g = gv;
	for (int i = 0; i < 16; i++)
		g->x[i] = 0;
	g->h1 = ld64be(h), g->h0 = ld64be(h + 8);
	g->hx = g->h1 ^ g->h0;
}

// void ghash_update_zbc(ghash_ctx *g, const u8 *in, size_t len);
// X = (X ^ B)·H for each 16-byte block B of in; a final partial block is padded with zeros.
EXPORT void ghash_update_zbc(void *gv, const u8 *in, size_t len) {
	ghash_zbc_ctx *g = gv;
	u64 x1 = ld64be(g->x), x0 = ld64be(g->x + 8);
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
		mul128(x1 ^ ld64be(q), x0 ^ ld64be(q + 8), g, p);
		// Shift the 255-bit product left by one.
		u64 p3 = p[3] << 1 | p[2] >> 63, p2 = p[2] << 1 | p[1] >> 63;
		u64 p1 = p[1] << 1 | p[0] >> 63, p0 = p[0] << 1;
		// Reduce: D = U ^ W, X = (p3, p2) ^ D ^ D>>1 ^ D>>2 ^ D>>7.
		u64 d1 = p1 ^ p0 << 63 ^ p0 << 62 ^ p0 << 57, d0 = p0;
		x1 = p3 ^ d1 ^ d1 >> 1 ^ d1 >> 2 ^ d1 >> 7;
		x0 = p2 ^ d0 ^ (d0 >> 1 | d1 << 63) ^ (d0 >> 2 | d1 << 62) ^ (d0 >> 7 | d1 << 57);
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
