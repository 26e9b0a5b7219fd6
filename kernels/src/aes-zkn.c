// aes-zkn.c: AES-128/192/256 (FIPS 197) with the scalar crypto instructions.
// Extensions: zkn (zkne and zknd for the rounds and key schedules; the compiler may use the
// zbkb instructions zkn includes). RV64 uses aes64es/esm/ds/dsm/ks1i/ks2/im; RV32 uses
// aes32esi/esmi/dsi/dsmi.
//
// The state is four little-endian words (RV32) or two little-endian doublewords (RV64) of
// the block, as the instructions expect. RV64 key expansion runs aes64ks1i/aes64ks2 on
// doublewords; RV32 key expansion runs SubWord as four aes32esi. Decryption is the
// equivalent inverse cipher: the decryption schedule is reversed and has InvMixColumns on
// its middle round keys (aes64im on RV64; on RV32, InvMixColumns(w) = the four aes32dsmi of
// SubWord(w), the inverse S-box undoing the forward one).
//
// Key schedule layout (struct aes_key, 256 bytes, 8-byte aligned): u32 rk[60], the round
// keys as little-endian column words (the block's byte order), rk[4r..4r+3] for round r
// (for decryption: in reverse round order, with InvMixColumns on rounds 1..Nr-1); u32 rounds
// at byte 240 (10, 12 or 14).
#include "kernel.h"

typedef struct {
	u32 rk[60];
	u32 rounds;
} aes_key;

#define ASM2(op, a, b)                                                                             \
	({                                                                                             \
		uxlen r_;                                                                                  \
		__asm__(op " %0, %1, %2" : "=r"(r_) : "r"(a), "r"(b));                                     \
		r_;                                                                                        \
	})
#define ASMBS(op, a, b, bs)                                                                        \
	({                                                                                             \
		uxlen r_;                                                                                  \
		__asm__(op " %0, %1, %2, " #bs : "=r"(r_) : "r"(a), "r"(b));                               \
		r_;                                                                                        \
	})

#if __riscv_xlen == 64

#define KS1I(a, rnum)                                                                              \
	({                                                                                             \
		u64 r_;                                                                                    \
		__asm__("aes64ks1i %0, %1, " #rnum : "=r"(r_) : "r"(a));                                   \
		r_;                                                                                        \
	})
#define KS2(a, b) ASM2("aes64ks2", a, b)
INLINE u64 im(u64 a) {
	u64 r;
	__asm__("aes64im %0, %1" : "=r"(r) : "r"(a));
	return r;
}

// int aes_set_encrypt_key(aes_key *ks, const u8 *key, unsigned bits);
// bits is 128, 192 or 256; returns 0, or -1 for another size.
EXPORT int aes_set_encrypt_key(aes_key *ks, const u8 *key, unsigned bits) {
	u64 *rk = (u64 *)ks->rk;
	u64 k0 = ld64le(key), k1 = ld64le(key + 8), k2, k3, t;
	switch (bits) {
	case 128:
#define R128(n) t = KS1I(k1, n), k0 = KS2(t, k0), k1 = KS2(k0, k1), rk[2 * n + 2] = k0, rk[2 * n + 3] = k1
		rk[0] = k0, rk[1] = k1;
		R128(0), R128(1), R128(2), R128(3), R128(4), R128(5), R128(6), R128(7), R128(8), R128(9);
		ks->rounds = 10;
		return 0;
	case 192:
		k2 = ld64le(key + 16);
		rk[0] = k0, rk[1] = k1, rk[2] = k2;
#define R192(n)                                                                                    \
	t = KS1I(k2, n), k0 = KS2(t, k0), k1 = KS2(k0, k1), k2 = KS2(k1, k2);                          \
	rk[3 * n + 3] = k0, rk[3 * n + 4] = k1;                                                        \
	if (n < 7)                                                                                     \
		rk[3 * n + 5] = k2;
		R192(0) R192(1) R192(2) R192(3) R192(4) R192(5) R192(6) R192(7);
		ks->rounds = 12;
		return 0;
	case 256:
		k2 = ld64le(key + 16), k3 = ld64le(key + 24);
		rk[0] = k0, rk[1] = k1, rk[2] = k2, rk[3] = k3;
#define R256(n)                                                                                    \
	t = KS1I(k3, n), k0 = KS2(t, k0), k1 = KS2(k0, k1);                                            \
	rk[4 * n + 4] = k0, rk[4 * n + 5] = k1;                                                        \
	if (n < 6) {                                                                                   \
		t = KS1I(k1, 0xa), k2 = KS2(t, k2), k3 = KS2(k2, k3);                                      \
		rk[4 * n + 6] = k2, rk[4 * n + 7] = k3;                                                    \
	}
		R256(0) R256(1) R256(2) R256(3) R256(4) R256(5) R256(6);
		ks->rounds = 14;
		return 0;
	}
	return -1;
}

// int aes_set_decrypt_key(aes_key *ks, const u8 *key, unsigned bits);
EXPORT int aes_set_decrypt_key(aes_key *ks, const u8 *key, unsigned bits) {
	if (aes_set_encrypt_key(ks, key, bits))
		return -1;
	u64 *rk = (u64 *)ks->rk;
	int nr = ks->rounds;
	for (int i = 0, j = 2 * nr; i < j; i += 2, j -= 2) {
		u64 a = rk[i], b = rk[i + 1];
		rk[i] = rk[j], rk[i + 1] = rk[j + 1];
		rk[j] = a, rk[j + 1] = b;
	}
	for (int i = 2; i < 2 * nr; i++)
		rk[i] = im(rk[i]);
	return 0;
}

// void aes_encrypt(const aes_key *ks, const u8 in[16], u8 out[16]);
// One block; in and out may be the same buffer and have any alignment.
EXPORT void aes_encrypt(const aes_key *ks, const u8 *in, u8 *out) {
	const u64 *rk = (const u64 *)ks->rk;
	int aligned = ALIGNED((uintptr_t)in | (uintptr_t)out, 8);
	u64 s0, s1;
	if (aligned)
		s0 = ((const u64 *)in)[0], s1 = ((const u64 *)in)[1];
	else
		s0 = ld64le(in), s1 = ld64le(in + 8);
	s0 ^= rk[0], s1 ^= rk[1];
	for (int r = ks->rounds - 1; r > 0; r--) {
		rk += 2;
		u64 n0 = ASM2("aes64esm", s0, s1), n1 = ASM2("aes64esm", s1, s0);
		s0 = n0 ^ rk[0], s1 = n1 ^ rk[1];
	}
	rk += 2;
	u64 n0 = ASM2("aes64es", s0, s1) ^ rk[0], n1 = ASM2("aes64es", s1, s0) ^ rk[1];
	if (aligned)
		((u64 *)out)[0] = n0, ((u64 *)out)[1] = n1;
	else
		st64le(out, n0), st64le(out + 8, n1);
}

// void aes_decrypt(const aes_key *dks, const u8 in[16], u8 out[16]);
// One block with the decryption schedule; in and out may be the same buffer.
EXPORT void aes_decrypt(const aes_key *ks, const u8 *in, u8 *out) {
	const u64 *rk = (const u64 *)ks->rk;
	int aligned = ALIGNED((uintptr_t)in | (uintptr_t)out, 8);
	u64 s0, s1;
	if (aligned)
		s0 = ((const u64 *)in)[0], s1 = ((const u64 *)in)[1];
	else
		s0 = ld64le(in), s1 = ld64le(in + 8);
	s0 ^= rk[0], s1 ^= rk[1];
	for (int r = ks->rounds - 1; r > 0; r--) {
		rk += 2;
		u64 n0 = ASM2("aes64dsm", s0, s1), n1 = ASM2("aes64dsm", s1, s0);
		s0 = n0 ^ rk[0], s1 = n1 ^ rk[1];
	}
	rk += 2;
	u64 n0 = ASM2("aes64ds", s0, s1) ^ rk[0], n1 = ASM2("aes64ds", s1, s0) ^ rk[1];
	if (aligned)
		((u64 *)out)[0] = n0, ((u64 *)out)[1] = n1;
	else
		st64le(out, n0), st64le(out + 8, n1);
}

#else // RV32

#define ESI(a, b, bs) ASMBS("aes32esi", a, b, bs)
#define ESMI(a, b, bs) ASMBS("aes32esmi", a, b, bs)
#define DSI(a, b, bs) ASMBS("aes32dsi", a, b, bs)
#define DSMI(a, b, bs) ASMBS("aes32dsmi", a, b, bs)

INLINE u32 subword(u32 w) { return ESI(ESI(ESI(ESI(0, w, 0), w, 1), w, 2), w, 3); }

static const u8 RCON[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

// int aes_set_encrypt_key(aes_key *ks, const u8 *key, unsigned bits);
// bits is 128, 192 or 256; returns 0, or -1 for another size.
EXPORT int aes_set_encrypt_key(aes_key *ks, const u8 *key, unsigned bits) {
	if (bits != 128 && bits != 192 && bits != 256)
		return -1;
	int nk = bits / 32, nr = nk + 6, n = 4 * (nr + 1);
	u32 *w = ks->rk;
	for (int i = 0; i < nk; i++)
		w[i] = ld32le(key + 4 * i);
	for (int i = nk; i < n; i++) {
		u32 t = w[i - 1];
		if (i % nk == 0)
			t = subword(ror32(t, 8)) ^ RCON[i / nk - 1]; // RotWord is a right rotation here
		else if (nk > 6 && i % nk == 4)
			t = subword(t);
		w[i] = w[i - nk] ^ t;
	}
	ks->rounds = nr;
	return 0;
}

// int aes_set_decrypt_key(aes_key *ks, const u8 *key, unsigned bits);
EXPORT int aes_set_decrypt_key(aes_key *ks, const u8 *key, unsigned bits) {
	if (aes_set_encrypt_key(ks, key, bits))
		return -1;
	int nr = ks->rounds;
	u32 *w = ks->rk;
	for (int i = 0, j = 4 * nr; i < j; i += 4, j -= 4)
		for (int k = 0; k < 4; k++) {
			u32 t = w[i + k];
			w[i + k] = w[j + k];
			w[j + k] = t;
		}
	for (int i = 4; i < 4 * nr; i++) {
		u32 s = subword(w[i]);
		w[i] = DSMI(DSMI(DSMI(DSMI(0, s, 0), s, 1), s, 2), s, 3);
	}
	return 0;
}

INLINE void load4(const u8 *in, u32 *s) {
	if (ALIGNED(in, 4))
		for (int i = 0; i < 4; i++)
			s[i] = ((const u32 *)in)[i];
	else
		for (int i = 0; i < 4; i++)
			s[i] = ld32le(in + 4 * i);
}

INLINE void store4(u8 *out, const u32 *s) {
	if (ALIGNED(out, 4))
		for (int i = 0; i < 4; i++)
			((u32 *)out)[i] = s[i];
	else
		for (int i = 0; i < 4; i++)
			st32le(out + 4 * i, s[i]);
}

// Output column c takes row r from column c + r (encryption) or c - r (decryption).
#define ECOL(OP, k, a, b, c, d) OP(OP(OP(OP(k, a, 0), b, 1), c, 2), d, 3)

// void aes_encrypt(const aes_key *ks, const u8 in[16], u8 out[16]);
// One block; in and out may be the same buffer and have any alignment.
EXPORT void aes_encrypt(const aes_key *ks, const u8 *in, u8 *out) {
	const u32 *rk = ks->rk;
	u32 s[4];
	load4(in, s);
	u32 s0 = s[0] ^ rk[0], s1 = s[1] ^ rk[1], s2 = s[2] ^ rk[2], s3 = s[3] ^ rk[3];
	for (int r = ks->rounds - 1; r > 0; r--) {
		rk += 4;
		u32 t0 = ECOL(ESMI, rk[0], s0, s1, s2, s3);
		u32 t1 = ECOL(ESMI, rk[1], s1, s2, s3, s0);
		u32 t2 = ECOL(ESMI, rk[2], s2, s3, s0, s1);
		u32 t3 = ECOL(ESMI, rk[3], s3, s0, s1, s2);
		s0 = t0, s1 = t1, s2 = t2, s3 = t3;
	}
	rk += 4;
	s[0] = ECOL(ESI, rk[0], s0, s1, s2, s3);
	s[1] = ECOL(ESI, rk[1], s1, s2, s3, s0);
	s[2] = ECOL(ESI, rk[2], s2, s3, s0, s1);
	s[3] = ECOL(ESI, rk[3], s3, s0, s1, s2);
	store4(out, s);
}

// void aes_decrypt(const aes_key *dks, const u8 in[16], u8 out[16]);
// One block with the decryption schedule; in and out may be the same buffer.
EXPORT void aes_decrypt(const aes_key *ks, const u8 *in, u8 *out) {
	const u32 *rk = ks->rk;
	u32 s[4];
	load4(in, s);
	u32 s0 = s[0] ^ rk[0], s1 = s[1] ^ rk[1], s2 = s[2] ^ rk[2], s3 = s[3] ^ rk[3];
	for (int r = ks->rounds - 1; r > 0; r--) {
		rk += 4;
		u32 t0 = ECOL(DSMI, rk[0], s0, s3, s2, s1);
		u32 t1 = ECOL(DSMI, rk[1], s1, s0, s3, s2);
		u32 t2 = ECOL(DSMI, rk[2], s2, s1, s0, s3);
		u32 t3 = ECOL(DSMI, rk[3], s3, s2, s1, s0);
		s0 = t0, s1 = t1, s2 = t2, s3 = t3;
	}
	rk += 4;
	s[0] = ECOL(DSI, rk[0], s0, s3, s2, s1);
	s[1] = ECOL(DSI, rk[1], s1, s0, s3, s2);
	s[2] = ECOL(DSI, rk[2], s2, s1, s0, s3);
	s[3] = ECOL(DSI, rk[3], s3, s2, s1, s0);
	store4(out, s);
}

#endif
