// ghash-c.c: GHASH (SP 800-38D 6.4) in portable C with a 4-bit table (Shoup's method).
// Extensions: none (base RV32I/RV64I).
//
// A field element is two 64-bit halves (hi, lo) of the block read big-endian, so the bit
// for x^0 is the top bit of hi and multiplying by x is a right shift. ghash_init builds
// M[n] = n(x)·H for the sixteen 4-bit polynomials n (the nibble's top bit is x^0); a product
// X·H is then Horner's rule over X's 32 nibbles, from the last to the first:
// Z = Z·x^4 + M[nibble], where Z·x^4 shifts four bits out of lo and folds them back with
// R4, the reduction modulo x^128 + x^7 + x^2 + x + 1 of those bits times x^128.
//
// Context layout (GHASH_MAX = 512 bytes, 16-byte aligned): bytes 0-15 hold X in block byte
// order; then u64 M[16][2] (hi, lo).
#include "kernel.h"

typedef struct {
	u8 x[16];
	u64 m[16][2];
} ghash_c_ctx;

_Static_assert(sizeof(ghash_c_ctx) <= GHASH_MAX, "ghash context too large");

// R4[b]: the top 16 bits of what the four bits b shifted out of lo fold back to. Bit j of b
// is the coefficient of x^(127-j); times x^4 it becomes x^128·x^(3-j), which reduces to
// (1 + x + x^2 + x^7)·x^(3-j): 0xe1 << 56 shifted right by 3 - j.
static const u16 R4[16] = {
#define RB(b) (((b)&8 ? 0xe100 : 0) ^ ((b)&4 ? 0x7080 : 0) ^ ((b)&2 ? 0x3840 : 0) ^ ((b)&1 ? 0x1c20 : 0)),
	RB(0) RB(1) RB(2) RB(3) RB(4) RB(5) RB(6) RB(7) RB(8) RB(9) RB(10) RB(11) RB(12) RB(13) RB(14) RB(15)
#undef RB
};

// void ghash_init_c(ghash_ctx *g, const u8 h[16]);
// Sets X = 0 and precomputes the table for the hash key H.
EXPORT void ghash_init_c(void *gv, const u8 *h) {
	ghash_c_ctx *g = gv;
	u64 hi = ld64be(h), lo = ld64be(h + 8);
	for (int i = 0; i < 16; i++)
		g->x[i] = 0;
	g->m[0][0] = g->m[0][1] = 0;
	// M[8] = H, M[4] = H·x, M[2] = H·x^2, M[1] = H·x^3.
	for (int n = 8; n; n >>= 1) {
		g->m[n][0] = hi, g->m[n][1] = lo;
		u64 carry = lo & 1;
		lo = lo >> 1 | hi << 63;
		hi = hi >> 1 ^ (0xe100000000000000ull & -carry);
	}
	for (int n = 2; n < 16; n <<= 1)
		for (int j = 1; j < n; j++)
			g->m[n + j][0] = g->m[n][0] ^ g->m[j][0], g->m[n + j][1] = g->m[n][1] ^ g->m[j][1];
}

// Z = Z·x^4 + M[n]
#define STEP(n)                                                                                    \
	do {                                                                                           \
		u64 r = zl & 15;                                                                           \
		zl = (zl >> 4 | zh << 60) ^ m[n][1];                                                       \
		zh = (zh >> 4 ^ (u64)R4[r] << 48) ^ m[n][0];                                               \
	} while (0)

// void ghash_update_c(ghash_ctx *g, const u8 *in, size_t len);
// X = (X ^ B)·H for each 16-byte block B of in; a final partial block is padded with zeros.
EXPORT void ghash_update_c(void *gv, const u8 *in, size_t len) {
	ghash_c_ctx *g = gv;
	const u64(*m)[2] = g->m;
	u64 xh = ld64be(g->x), xl = ld64be(g->x + 8);
	while (len) {
		u8 b[16];
		const u8 *p = in;
		if (len < 16) {
			for (size_t i = 0; i < 16; i++)
				b[i] = i < len ? in[i] : 0;
			p = b;
			len = 16;
		}
		xh ^= ld64be(p), xl ^= ld64be(p + 8);
		u64 zh = 0, zl = 0;
		// Nibbles from the last (low nibble of byte 15) to the first (high nibble of byte 0).
		for (int s = 0; s < 64; s += 8) {
			unsigned byte = (unsigned)(xl >> s) & 0xff;
			STEP(byte & 15);
			STEP(byte >> 4);
		}
		for (int s = 0; s < 64; s += 8) {
			unsigned byte = (unsigned)(xh >> s) & 0xff;
			STEP(byte & 15);
			STEP(byte >> 4);
		}
		xh = zh, xl = zl;
		in += 16, len -= 16;
	}
	st64be(g->x, xh), st64be(g->x + 8, xl);
}

// void ghash_final_c(const ghash_ctx *g, u8 x[16]);
// Copies X out.
EXPORT void ghash_final_c(const void *gv, u8 *x) {
	const ghash_c_ctx *g = gv;
	for (int i = 0; i < 16; i++)
		x[i] = g->x[i];
}
