/* crypto.c: block ciphers and hashes written with the scalar crypto instructions (through
 * clang's riscv_crypto.h and riscv_bitmanip.h intrinsics), for the rvsim/QEMU differential
 * test. The Go side checks the standard test vectors: AES-128 (FIPS-197 C.1), SHA-256 and
 * SHA-512 of "abc", SM4 (GB/T 32907 example 1) and SM3 of "abc". */
#include "rt.h"

#include <riscv_bitmanip.h>
#include <riscv_crypto.h>

static uint32_t load_be32(const uint8_t *p) {
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void store_be32(uint8_t *p, uint32_t v) {
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static uint32_t load_le32(const uint8_t *p) {
	return (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static void store_le32(uint8_t *p, uint32_t v) {
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static uint32_t rol32(uint32_t x, int n) { return x << n | x >> (32 - n); }

/* ---- AES-128 ---- */

#if __riscv_xlen == 64
static uint64_t load_le64(const uint8_t *p) { return load_le32(p) | (uint64_t)load_le32(p + 4) << 32; }

static void store_le64(uint8_t *p, uint64_t v) {
	store_le32(p, (uint32_t)v);
	store_le32(p + 4, (uint32_t)(v >> 32));
}

/* Round keys as 11 pairs of 64-bit halves. */
static NOINLINE void aes128_expand(const uint8_t key[16], uint64_t rk[22]) {
	uint64_t k0 = load_le64(key), k1 = load_le64(key + 8);
	rk[0] = k0;
	rk[1] = k1;
#define KS(i)                                                                                      \
	do {                                                                                       \
		uint64_t t = __riscv_aes64ks1i(k1, i);                                             \
		k0 = __riscv_aes64ks2(t, k0);                                                      \
		k1 = __riscv_aes64ks2(k0, k1);                                                     \
		rk[2 * (i) + 2] = k0;                                                              \
		rk[2 * (i) + 3] = k1;                                                              \
	} while (0)
	KS(0); KS(1); KS(2); KS(3); KS(4); KS(5); KS(6); KS(7); KS(8); KS(9);
#undef KS
}

static NOINLINE void aes128_encrypt(const uint64_t rk[22], const uint8_t in[16], uint8_t out[16]) {
	uint64_t s0 = load_le64(in) ^ rk[0], s1 = load_le64(in + 8) ^ rk[1];
	for (int r = 1; r < 10; r++) {
		uint64_t n0 = __riscv_aes64esm(s0, s1) ^ rk[2 * r];
		uint64_t n1 = __riscv_aes64esm(s1, s0) ^ rk[2 * r + 1];
		s0 = n0;
		s1 = n1;
	}
	uint64_t n0 = __riscv_aes64es(s0, s1) ^ rk[20];
	uint64_t n1 = __riscv_aes64es(s1, s0) ^ rk[21];
	store_le64(out, n0);
	store_le64(out + 8, n1);
}

static NOINLINE void aes128_decrypt(const uint64_t rk[22], const uint8_t in[16], uint8_t out[16]) {
	uint64_t s0 = load_le64(in) ^ rk[20], s1 = load_le64(in + 8) ^ rk[21];
	for (int r = 9; r > 0; r--) {
		uint64_t n0 = __riscv_aes64dsm(s0, s1) ^ __riscv_aes64im(rk[2 * r]);
		uint64_t n1 = __riscv_aes64dsm(s1, s0) ^ __riscv_aes64im(rk[2 * r + 1]);
		s0 = n0;
		s1 = n1;
	}
	uint64_t n0 = __riscv_aes64ds(s0, s1) ^ rk[0];
	uint64_t n1 = __riscv_aes64ds(s1, s0) ^ rk[1];
	store_le64(out, n0);
	store_le64(out + 8, n1);
}
#else
static uint32_t subword(uint32_t x) {
	uint32_t t = 0;
	t = __riscv_aes32esi(t, x, 0);
	t = __riscv_aes32esi(t, x, 1);
	t = __riscv_aes32esi(t, x, 2);
	t = __riscv_aes32esi(t, x, 3);
	return t;
}

/* Round keys as 44 little-endian words. */
static NOINLINE void aes128_expand(const uint8_t key[16], uint32_t rk[44]) {
	static const uint8_t rcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};
	for (int i = 0; i < 4; i++)
		rk[i] = load_le32(key + 4 * i);
	for (int i = 4; i < 44; i++) {
		uint32_t t = rk[i - 1];
		if (i % 4 == 0)
			t = subword(t >> 8 | t << 24) ^ rcon[i / 4 - 1];
		rk[i] = rk[i - 4] ^ t;
	}
}

static NOINLINE void aes128_encrypt(const uint32_t rk[44], const uint8_t in[16], uint8_t out[16]) {
	uint32_t s[4], n[4];
	for (int i = 0; i < 4; i++)
		s[i] = load_le32(in + 4 * i) ^ rk[i];
	for (int r = 1; r <= 10; r++) {
		for (int j = 0; j < 4; j++) {
			uint32_t t = rk[4 * r + j];
			if (r < 10) {
				t = __riscv_aes32esmi(t, s[j], 0);
				t = __riscv_aes32esmi(t, s[(j + 1) % 4], 1);
				t = __riscv_aes32esmi(t, s[(j + 2) % 4], 2);
				t = __riscv_aes32esmi(t, s[(j + 3) % 4], 3);
			} else {
				t = __riscv_aes32esi(t, s[j], 0);
				t = __riscv_aes32esi(t, s[(j + 1) % 4], 1);
				t = __riscv_aes32esi(t, s[(j + 2) % 4], 2);
				t = __riscv_aes32esi(t, s[(j + 3) % 4], 3);
			}
			n[j] = t;
		}
		for (int j = 0; j < 4; j++)
			s[j] = n[j];
	}
	for (int i = 0; i < 4; i++)
		store_le32(out + 4 * i, s[i]);
}

/* InvMixColumns of a round-key word: SubBytes then the decryption round's InvSubBytes and
 * InvMixColumns cancel to it. */
static uint32_t invmix(uint32_t k) {
	uint32_t s = subword(k), t = 0;
	t = __riscv_aes32dsmi(t, s, 0);
	t = __riscv_aes32dsmi(t, s, 1);
	t = __riscv_aes32dsmi(t, s, 2);
	t = __riscv_aes32dsmi(t, s, 3);
	return t;
}

static NOINLINE void aes128_decrypt(const uint32_t rk[44], const uint8_t in[16], uint8_t out[16]) {
	uint32_t s[4], n[4];
	for (int i = 0; i < 4; i++)
		s[i] = load_le32(in + 4 * i) ^ rk[40 + i];
	for (int r = 9; r >= 0; r--) {
		for (int j = 0; j < 4; j++) {
			uint32_t t = r > 0 ? invmix(rk[4 * r + j]) : rk[j];
			if (r > 0) {
				t = __riscv_aes32dsmi(t, s[j], 0);
				t = __riscv_aes32dsmi(t, s[(j + 3) % 4], 1);
				t = __riscv_aes32dsmi(t, s[(j + 2) % 4], 2);
				t = __riscv_aes32dsmi(t, s[(j + 1) % 4], 3);
			} else {
				t = __riscv_aes32dsi(t, s[j], 0);
				t = __riscv_aes32dsi(t, s[(j + 3) % 4], 1);
				t = __riscv_aes32dsi(t, s[(j + 2) % 4], 2);
				t = __riscv_aes32dsi(t, s[(j + 1) % 4], 3);
			}
			n[j] = t;
		}
		for (int j = 0; j < 4; j++)
			s[j] = n[j];
	}
	for (int i = 0; i < 4; i++)
		store_le32(out + 4 * i, s[i]);
}
#endif

static void aes(void) {
	uint8_t key[16], pt[16], ct[16], back[16];
	for (int i = 0; i < 16; i++) {
		key[i] = (uint8_t)i;
		pt[i] = (uint8_t)(i * 0x11);
	}
#if __riscv_xlen == 64
	uint64_t rk[22];
#else
	uint32_t rk[44];
#endif
	aes128_expand(key, rk);
	aes128_encrypt(rk, pt, ct);
	put_bytes("aes128", ct, 16);
	aes128_decrypt(rk, ct, back);
	put_bytes("aes128 decrypt", back, 16);
	/* A CBC-MAC over a longer buffer: many rounds with varied data. */
	uint8_t mac[16] = {0};
	for (int blk = 0; blk < 64; blk++) {
		for (int i = 0; i < 16; i++)
			mac[i] ^= (uint8_t)(blk * 7 + i * 13);
		aes128_encrypt(rk, mac, mac);
	}
	put_bytes("aes128 cbcmac", mac, 16);
}

/* ---- SHA-256 ---- */

static const uint32_t k256[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static NOINLINE void sha256_block(uint32_t h[8], const uint8_t blk[64]) {
	uint32_t w[64];
	for (int i = 0; i < 16; i++)
		w[i] = load_be32(blk + 4 * i);
	for (int i = 16; i < 64; i++)
		w[i] = __riscv_sha256sig1(w[i - 2]) + w[i - 7] + __riscv_sha256sig0(w[i - 15]) + w[i - 16];
	uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
	for (int i = 0; i < 64; i++) {
		uint32_t t1 = hh + __riscv_sha256sum1(e) + ((e & f) ^ (~e & g)) + k256[i] + w[i];
		uint32_t t2 = __riscv_sha256sum0(a) + ((a & b) ^ (a & c) ^ (b & c));
		hh = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + t2;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

static void sha256(const uint8_t *msg, size_t n, uint8_t out[32]) {
	uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
		0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
	uint8_t blk[64];
	size_t i = 0;
	for (; i + 64 <= n; i += 64)
		sha256_block(h, msg + i);
	size_t r = n - i;
	memset(blk, 0, 64);
	memcpy(blk, msg + i, r);
	blk[r] = 0x80;
	if (r >= 56) {
		sha256_block(h, blk);
		memset(blk, 0, 64);
	}
	uint64_t bits = (uint64_t)n * 8;
	for (int k = 0; k < 8; k++)
		blk[63 - k] = (uint8_t)(bits >> (8 * k));
	sha256_block(h, blk);
	for (int k = 0; k < 8; k++)
		store_be32(out + 4 * k, h[k]);
}

/* ---- SHA-512 ---- */

static const uint64_t k512[80] = {
	0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
	0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
	0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
	0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
	0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
	0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
	0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
	0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
	0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
	0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
	0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
	0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
	0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
	0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
	0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
	0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
	0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
	0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
	0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
	0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull};

#if __riscv_xlen == 64
#define SIG0(x) __riscv_sha512sig0(x)
#define SIG1(x) __riscv_sha512sig1(x)
#define SUM0(x) __riscv_sha512sum0(x)
#define SUM1(x) __riscv_sha512sum1(x)
#else
/* RV32 computes each function as two halves: rs1 holds the half being computed. */
static uint64_t pair(uint32_t hi, uint32_t lo) { return (uint64_t)hi << 32 | lo; }
#define HI(x) ((uint32_t)((x) >> 32))
#define LO(x) ((uint32_t)(x))
static uint64_t SIG0(uint64_t x) { return pair(__riscv_sha512sig0h(HI(x), LO(x)), __riscv_sha512sig0l(LO(x), HI(x))); }
static uint64_t SIG1(uint64_t x) { return pair(__riscv_sha512sig1h(HI(x), LO(x)), __riscv_sha512sig1l(LO(x), HI(x))); }
static uint64_t SUM0(uint64_t x) { return pair(__riscv_sha512sum0r(HI(x), LO(x)), __riscv_sha512sum0r(LO(x), HI(x))); }
static uint64_t SUM1(uint64_t x) { return pair(__riscv_sha512sum1r(HI(x), LO(x)), __riscv_sha512sum1r(LO(x), HI(x))); }
#endif

static NOINLINE void sha512_block(uint64_t h[8], const uint8_t blk[128]) {
	uint64_t w[80];
	for (int i = 0; i < 16; i++)
		w[i] = (uint64_t)load_be32(blk + 8 * i) << 32 | load_be32(blk + 8 * i + 4);
	for (int i = 16; i < 80; i++)
		w[i] = SIG1(w[i - 2]) + w[i - 7] + SIG0(w[i - 15]) + w[i - 16];
	uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
	for (int i = 0; i < 80; i++) {
		uint64_t t1 = hh + SUM1(e) + ((e & f) ^ (~e & g)) + k512[i] + w[i];
		uint64_t t2 = SUM0(a) + ((a & b) ^ (a & c) ^ (b & c));
		hh = g;
		g = f;
		f = e;
		e = d + t1;
		d = c;
		c = b;
		b = a;
		a = t1 + t2;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

static void sha512(const uint8_t *msg, size_t n, uint8_t out[64]) {
	uint64_t h[8] = {0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull,
		0xa54ff53a5f1d36f1ull, 0x510e527fade682d1ull, 0x9b05688c2b3e6c1full,
		0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull};
	uint8_t blk[128];
	size_t i = 0;
	for (; i + 128 <= n; i += 128)
		sha512_block(h, msg + i);
	size_t r = n - i;
	memset(blk, 0, 128);
	memcpy(blk, msg + i, r);
	blk[r] = 0x80;
	if (r >= 112) {
		sha512_block(h, blk);
		memset(blk, 0, 128);
	}
	uint64_t bits = (uint64_t)n * 8;
	for (int k = 0; k < 8; k++)
		blk[127 - k] = (uint8_t)(bits >> (8 * k));
	sha512_block(h, blk);
	for (int k = 0; k < 8; k++) {
		store_be32(out + 8 * k, (uint32_t)(h[k] >> 32));
		store_be32(out + 8 * k + 4, (uint32_t)h[k]);
	}
}

/* ---- SM4 ---- */

static uint32_t sm4_t(uint32_t x, uint32_t acc) {
	acc = __riscv_sm4ed(acc, x, 0);
	acc = __riscv_sm4ed(acc, x, 1);
	acc = __riscv_sm4ed(acc, x, 2);
	acc = __riscv_sm4ed(acc, x, 3);
	return acc;
}

static uint32_t sm4_tk(uint32_t x, uint32_t acc) {
	acc = __riscv_sm4ks(acc, x, 0);
	acc = __riscv_sm4ks(acc, x, 1);
	acc = __riscv_sm4ks(acc, x, 2);
	acc = __riscv_sm4ks(acc, x, 3);
	return acc;
}

/* Zksed works on words in memory byte order: sm4ed and sm4ks apply GB/T 32907's linear
 * transforms to byte-reversed words. So the blocks and the key are loaded little-endian and
 * the constants FK and CK are byte-reversed. */
static NOINLINE void sm4_expand(const uint8_t key[16], uint32_t rk[32]) {
	static const uint32_t fk[4] = {0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc};
	uint32_t k[36];
	for (int i = 0; i < 4; i++)
		k[i] = load_le32(key + 4 * i) ^ __builtin_bswap32(fk[i]);
	for (int i = 0; i < 32; i++) {
		uint32_t ck = 0;
		for (int j = 0; j < 4; j++)
			ck |= (uint32_t)((4 * i + j) * 7 % 256) << (8 * j);
		k[i + 4] = sm4_tk(k[i + 1] ^ k[i + 2] ^ k[i + 3] ^ ck, k[i]);
		rk[i] = k[i + 4];
	}
}

static NOINLINE void sm4_crypt(const uint32_t rk[32], const uint8_t in[16], uint8_t out[16], int decrypt) {
	uint32_t x[36];
	for (int i = 0; i < 4; i++)
		x[i] = load_le32(in + 4 * i);
	for (int i = 0; i < 32; i++)
		x[i + 4] = sm4_t(x[i + 1] ^ x[i + 2] ^ x[i + 3] ^ rk[decrypt ? 31 - i : i], x[i]);
	for (int i = 0; i < 4; i++)
		store_le32(out + 4 * i, x[35 - i]);
}

static void sm4(void) {
	static const uint8_t key[16] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef,
		0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10};
	uint32_t rk[32];
	uint8_t ct[16], back[16];
	sm4_expand(key, rk);
	sm4_crypt(rk, key, ct, 0);
	put_bytes("sm4", ct, 16);
	sm4_crypt(rk, ct, back, 1);
	put_bytes("sm4 decrypt", back, 16);
	uint8_t blk[16];
	memcpy(blk, key, 16);
	for (int i = 0; i < 1000; i++)
		sm4_crypt(rk, blk, blk, 0);
	put_bytes("sm4 x1000", blk, 16);
}

/* ---- SM3 ---- */

static NOINLINE void sm3_block(uint32_t v[8], const uint8_t blk[64]) {
	uint32_t w[68], w1[64];
	for (int j = 0; j < 16; j++)
		w[j] = load_be32(blk + 4 * j);
	for (int j = 16; j < 68; j++)
		w[j] = __riscv_sm3p1(w[j - 16] ^ w[j - 9] ^ rol32(w[j - 3], 15)) ^ rol32(w[j - 13], 7) ^ w[j - 6];
	for (int j = 0; j < 64; j++)
		w1[j] = w[j] ^ w[j + 4];
	uint32_t a = v[0], b = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
	for (int j = 0; j < 64; j++) {
		uint32_t tj = j < 16 ? 0x79cc4519 : 0x7a879d8a;
		uint32_t ss1 = rol32(rol32(a, 12) + e + rol32(tj, j % 32), 7);
		uint32_t ss2 = ss1 ^ rol32(a, 12);
		uint32_t ff = j < 16 ? a ^ b ^ c : (a & b) | (a & c) | (b & c);
		uint32_t gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g);
		uint32_t tt1 = ff + d + ss2 + w1[j];
		uint32_t tt2 = gg + h + ss1 + w[j];
		d = c;
		c = rol32(b, 9);
		b = a;
		a = tt1;
		h = g;
		g = rol32(f, 19);
		f = e;
		e = __riscv_sm3p0(tt2);
	}
	v[0] ^= a; v[1] ^= b; v[2] ^= c; v[3] ^= d; v[4] ^= e; v[5] ^= f; v[6] ^= g; v[7] ^= h;
}

static void sm3(const uint8_t *msg, size_t n, uint8_t out[32]) {
	uint32_t v[8] = {0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600,
		0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e};
	uint8_t blk[64];
	size_t i = 0;
	for (; i + 64 <= n; i += 64)
		sm3_block(v, msg + i);
	size_t r = n - i;
	memset(blk, 0, 64);
	memcpy(blk, msg + i, r);
	blk[r] = 0x80;
	if (r >= 56) {
		sm3_block(v, blk);
		memset(blk, 0, 64);
	}
	uint64_t bits = (uint64_t)n * 8;
	for (int k = 0; k < 8; k++)
		blk[63 - k] = (uint8_t)(bits >> (8 * k));
	sm3_block(v, blk);
	for (int k = 0; k < 8; k++)
		store_be32(out + 4 * k, v[k]);
}

/* ---- carry-less multiplication and crossbar permutations ---- */

static void bitmanip(void) {
	uint64_t acc = 0x0123456789abcdefull;
#if __riscv_xlen == 64
	for (int i = 0; i < 200; i++) {
		uint64_t a = acc * 0x9e3779b97f4a7c15ull + i, b = acc ^ (acc >> 29);
		acc ^= __riscv_clmul_64(a, b) + __riscv_clmulh_64(a, b) * 3 + __riscv_clmulr_64(b, a) * 5;
		acc ^= __riscv_xperm4_64(a, b) + __riscv_xperm8_64(b, a);
		acc = __riscv_brev8_64(acc) ^ __riscv_orc_b_64(a) ^ __riscv_rev8_64(b) ^ __riscv_rol_64(acc, i);
	}
#else
	for (int i = 0; i < 200; i++) {
		uint32_t a = (uint32_t)(acc * 0x9e3779b9u) + i, b = (uint32_t)(acc ^ (acc >> 29));
		acc ^= __riscv_clmul_32(a, b) + __riscv_clmulh_32(a, b) * 3 + __riscv_clmulr_32(b, a) * 5;
		acc ^= __riscv_xperm4_32(a, b) + __riscv_xperm8_32(b, a);
		acc = (acc << 32) | (__riscv_brev8_32((uint32_t)acc) ^ __riscv_orc_b_32(a) ^ __riscv_rev8_32(b) ^
			__riscv_zip_32(a) ^ __riscv_unzip_32(b) ^ __riscv_rol_32((uint32_t)acc, i & 31));
	}
#endif
	put_kv("bitmanip", acc);
}

int main(void) {
	static const uint8_t abc[3] = {'a', 'b', 'c'};
	static uint8_t longmsg[1000];
	uint8_t d[64];
	for (int i = 0; i < 1000; i++)
		longmsg[i] = (uint8_t)(i * 131 + (i >> 3));

	aes();
	sha256(abc, 3, d);
	put_bytes("sha256 abc", d, 32);
	sha256(longmsg, sizeof longmsg, d);
	put_bytes("sha256 long", d, 32);
	sha512(abc, 3, d);
	put_bytes("sha512 abc", d, 64);
	sha512(longmsg, sizeof longmsg, d);
	put_bytes("sha512 long", d, 64);
	sm4();
	sm3(abc, 3, d);
	put_bytes("sm3 abc", d, 32);
	sm3(longmsg, sizeof longmsg, d);
	put_bytes("sm3 long", d, 32);
	bitmanip();
	put_str("done\n");
	return 0;
}
