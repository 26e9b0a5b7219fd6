// modes.c: the modes of operation, shared by every block-cipher variant. It is compiled once
// per ELF with -DCIPHER=sm4 or -DCIPHER=aes and calls that variant's block functions
// CIPHER_encrypt and CIPHER_decrypt; the GCM entry points are instantiated once for each
// GHASH variant linked into the ELF (-DGHASH_C, -DGHASH_ZBC).
// Extensions: none of its own (it is compiled with the variant's -march, so the compiler may
// use them, e.g. rev8 from Zbkb for the big-endian counters).
//
// The ABI (argument order, contexts, counter formats) is documented in kernels/README.md;
// each entry point's C prototype is in the comment above it, with PFX = sm4 or aes.
#include "kernel.h"

#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define PFX(name) CAT(CIPHER, name)

// The variant's one-block functions: out = E_K(in), out = D_K(in); in == out is allowed.
void PFX(encrypt)(const void *ks, const u8 *in, u8 *out);
void PFX(decrypt)(const void *dks, const u8 *in, u8 *out);
#define ENC(ks, in, out) PFX(encrypt)(ks, in, out)
#define DEC(ks, in, out) PFX(decrypt)(ks, in, out)

// ---- ECB, CBC, CFB128, OFB, CTR -------------------------------------------------------------

// void PFX_ecb_encrypt(const key *ks, const u8 *in, u8 *out, size_t len);
// len is a multiple of 16 (a trailing partial block is left alone).
EXPORT void PFX(ecb_encrypt)(const void *ks, const u8 *in, u8 *out, size_t len) {
	for (; len >= 16; len -= 16, in += 16, out += 16)
		ENC(ks, in, out);
}

// void PFX_ecb_decrypt(const key *dks, const u8 *in, u8 *out, size_t len);
EXPORT void PFX(ecb_decrypt)(const void *dks, const u8 *in, u8 *out, size_t len) {
	for (; len >= 16; len -= 16, in += 16, out += 16)
		DEC(dks, in, out);
}

// void PFX_cbc_encrypt(const key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// len is a multiple of 16; iv is updated to the last ciphertext block.
EXPORT void PFX(cbc_encrypt)(const void *ks, u8 *iv, const u8 *in, u8 *out, size_t len) {
	for (; len >= 16; len -= 16, in += 16, out += 16) {
		xor16(iv, iv, in);
		ENC(ks, iv, iv);
		copy16(out, iv);
	}
}

// void PFX_cbc_decrypt(const key *dks, u8 iv[16], const u8 *in, u8 *out, size_t len);
EXPORT void PFX(cbc_decrypt)(const void *dks, u8 *iv, const u8 *in, u8 *out, size_t len) {
	u8 c[16] __attribute__((aligned(16))), p[16] __attribute__((aligned(16)));
	for (; len >= 16; len -= 16, in += 16, out += 16) {
		copy16(c, in); // in == out is allowed
		DEC(dks, c, p);
		xor16(out, p, iv);
		copy16(iv, c);
	}
}

// void PFX_cfb128_encrypt(const key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// Any len; iv is updated to the last ciphertext block when len is a multiple of 16.
EXPORT void PFX(cfb128_encrypt)(const void *ks, u8 *iv, const u8 *in, u8 *out, size_t len) {
	for (; len >= 16; len -= 16, in += 16, out += 16) {
		ENC(ks, iv, iv);
		xor16(iv, iv, in);
		copy16(out, iv);
	}
	if (len) {
		ENC(ks, iv, iv);
		for (size_t i = 0; i < len; i++)
			out[i] = iv[i] ^= in[i];
	}
}

// void PFX_cfb128_decrypt(const key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// ks is the ENCRYPTION key schedule (CFB only runs the cipher forwards).
EXPORT void PFX(cfb128_decrypt)(const void *ks, u8 *iv, const u8 *in, u8 *out, size_t len) {
	u8 k[16] __attribute__((aligned(16)));
	for (; len >= 16; len -= 16, in += 16, out += 16) {
		ENC(ks, iv, k);
		copy16(iv, in);
		xor16(out, k, iv);
	}
	if (len) {
		ENC(ks, iv, k);
		for (size_t i = 0; i < len; i++) {
			u8 c = in[i];
			out[i] = k[i] ^ c;
			iv[i] = c;
		}
	}
}

// void PFX_ofb_encrypt(const key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// Encryption and decryption are the same; any len; iv is updated to the last keystream block.
EXPORT void PFX(ofb_encrypt)(const void *ks, u8 *iv, const u8 *in, u8 *out, size_t len) {
	for (; len >= 16; len -= 16, in += 16, out += 16) {
		ENC(ks, iv, iv);
		xor16(out, in, iv);
	}
	if (len) {
		ENC(ks, iv, iv);
		for (size_t i = 0; i < len; i++)
			out[i] = in[i] ^ iv[i];
	}
}

// inc32: add one to the big-endian 32-bit counter in the last four bytes of a block.
INLINE void inc32(u8 *ctr) { st32be(ctr + 12, ld32be(ctr + 12) + 1); }

// void PFX_ctr_encrypt(const key *ks, u8 ctr[16], const u8 *in, u8 *out, size_t len);
// Encryption and decryption are the same; any len. The counter block is used as it is for the
// first block; its last four bytes are a big-endian counter incremented modulo 2^32 after
// each block (the first twelve bytes never change), so on return ctr has advanced by
// ceil(len/16).
EXPORT void PFX(ctr_encrypt)(const void *ks, u8 *ctr, const u8 *in, u8 *out, size_t len) {
	u8 k[16] __attribute__((aligned(16)));
	for (; len >= 16; len -= 16, in += 16, out += 16) {
		ENC(ks, ctr, k);
		inc32(ctr);
		xor16(out, in, k);
	}
	if (len) {
		ENC(ks, ctr, k);
		inc32(ctr);
		for (size_t i = 0; i < len; i++)
			out[i] = in[i] ^ k[i];
	}
}

// ---- XTS (IEEE 1619-2007) -------------------------------------------------------------------

// The tweak times alpha in GF(2^128), the tweak read as a little-endian 128-bit number.
INLINE void xts_mul_alpha(u8 *t) {
	u64 lo = ld64le(t), hi = ld64le(t + 8);
	u64 carry = hi >> 63;
	hi = hi << 1 | lo >> 63;
	lo = lo << 1 ^ (0x87 & -carry);
	st64le(t, lo), st64le(t + 8, hi);
}

INLINE void xts_block(const void *k1, int enc, const u8 *t, const u8 *in, u8 *out) {
	u8 b[16] __attribute__((aligned(16)));
	xor16(b, in, t);
	if (enc)
		ENC(k1, b, b);
	else
		DEC(k1, b, b);
	xor16(out, b, t);
}

static int xts(const void *k1, const void *k2, const u8 *iv, const u8 *in, u8 *out, size_t len, int enc) {
	u8 t[16] __attribute__((aligned(16)));
	if (len < 16)
		return -1;
	ENC(k2, iv, t);
	size_t tail = len % 16;
	size_t full = len / 16 - (tail != 0); // blocks before the stolen pair
	for (; full; full--, in += 16, out += 16) {
		xts_block(k1, enc, t, in, out);
		xts_mul_alpha(t);
	}
	if (tail) {
		// Ciphertext stealing over the last full block and the partial one.
		u8 cc[16] __attribute__((aligned(16))), pp[16] __attribute__((aligned(16)));
		u8 t2[16] __attribute__((aligned(16)));
		copy16(t2, t);
		xts_mul_alpha(t2);
		// Encryption processes the full block with T_m-1 and the rebuilt one with T_m;
		// decryption uses them the other way round.
		xts_block(k1, enc, enc ? t : t2, in, cc);
		for (size_t i = 0; i < tail; i++)
			pp[i] = in[16 + i];
		for (size_t i = tail; i < 16; i++)
			pp[i] = cc[i];
		for (size_t i = 0; i < tail; i++)
			out[16 + i] = cc[i];
		xts_block(k1, enc, enc ? t2 : t, pp, out);
	}
	return 0;
}

// int PFX_xts_encrypt(const key *k1, const key *k2, const u8 iv[16], const u8 *in, u8 *out, size_t len);
// k1 is the data key's encryption schedule, k2 the tweak key's; iv is the 16-byte tweak (for
// IEEE 1619 the data unit sequence number, little-endian). len >= 16; a len that is not a
// multiple of 16 uses ciphertext stealing. Returns 0, or -1 when len < 16.
EXPORT int PFX(xts_encrypt)(const void *k1, const void *k2, const u8 *iv, const u8 *in, u8 *out, size_t len) {
	return xts(k1, k2, iv, in, out, len, 1);
}

// int PFX_xts_decrypt(const key *dk1, const key *k2, const u8 iv[16], const u8 *in, u8 *out, size_t len);
// dk1 is the data key's DECRYPTION schedule, k2 the tweak key's encryption schedule.
EXPORT int PFX(xts_decrypt)(const void *dk1, const void *k2, const u8 *iv, const u8 *in, u8 *out, size_t len) {
	return xts(dk1, k2, iv, in, out, len, 0);
}

// ---- CCM (SP 800-38C) -----------------------------------------------------------------------

typedef struct {
	const void *ks;
	u32 noncelen, taglen;
	u8 nonce[16];
} ccm_ctx;

// int PFX_ccm_init(ccm_ctx *c, const key *ks, const u8 *nonce, size_t noncelen, size_t taglen);
// c is CTX_MAX (1024) bytes, 16-byte aligned, and keeps a pointer to ks. noncelen is 7..13
// (the length field takes the other 15 - noncelen bytes), taglen is 4, 6, ..., 16.
// Returns 0, or -1 for a bad length.
EXPORT int PFX(ccm_init)(ccm_ctx *c, const void *ks, const u8 *nonce, size_t noncelen, size_t taglen) {
	if (noncelen < 7 || noncelen > 13 || taglen < 4 || taglen > 16 || taglen & 1)
		return -1;
	c->ks = ks;
	c->noncelen = noncelen;
	c->taglen = taglen;
	for (size_t i = 0; i < noncelen; i++)
		c->nonce[i] = nonce[i];
	return 0;
}

// ccm_mac computes the CBC-MAC T of SP 800-38C A.2 over B0, the encoded associated data and
// the payload; 0 or -1 when len does not fit the length field.
static int ccm_mac(const ccm_ctx *c, const u8 *aad, size_t aadlen, const u8 *p, size_t len, u8 *y) {
	u8 b[16] __attribute__((aligned(16)));
	unsigned q = 15 - c->noncelen;
	if (q < 8 && (u64)len >> (8 * q))
		return -1;
	b[0] = (aadlen ? 0x40 : 0) | ((c->taglen - 2) / 2) << 3 | (q - 1);
	for (unsigned i = 0; i < c->noncelen; i++)
		b[1 + i] = c->nonce[i];
	u64 l = len;
	for (unsigned i = 0; i < q; i++, l >>= 8)
		b[15 - i] = (u8)l;
	ENC(c->ks, b, y);
	if (aadlen) {
		// The length prefix: 2 bytes below 2^16 - 2^8, else 0xfffe and 4 bytes, else 0xffff and 8.
		unsigned n;
		u64 a = aadlen;
		if (a < 0xff00)
			b[0] = a >> 8, b[1] = (u8)a, n = 2;
		else if (a >> 32 == 0)
			b[0] = 0xff, b[1] = 0xfe, st32be(b + 2, (u32)a), n = 6;
		else
			b[0] = 0xff, b[1] = 0xff, st64be(b + 2, a), n = 10;
		for (;;) {
			while (n < 16 && aadlen)
				b[n++] = *aad++, aadlen--;
			while (n < 16)
				b[n++] = 0;
			xor16(y, y, b);
			ENC(c->ks, y, y);
			if (!aadlen)
				break;
			n = 0;
		}
	}
	for (; len >= 16; len -= 16, p += 16) {
		xor16(y, y, p);
		ENC(c->ks, y, y);
	}
	if (len) {
		for (size_t i = 0; i < len; i++)
			y[i] ^= p[i];
		ENC(c->ks, y, y);
	}
	return 0;
}

// ccm_ctr applies the CTR keystream A_1, A_2, ... to len bytes; s0 receives E(A_0).
static void ccm_ctr(const ccm_ctx *c, const u8 *in, u8 *out, size_t len, u8 *s0) {
	u8 a[16] __attribute__((aligned(16))), k[16] __attribute__((aligned(16)));
	unsigned q = 15 - c->noncelen;
	a[0] = q - 1;
	for (unsigned i = 0; i < c->noncelen; i++)
		a[1 + i] = c->nonce[i];
	for (unsigned i = 0; i < q; i++)
		a[15 - i] = 0;
	ENC(c->ks, a, s0);
	while (len) {
		for (int i = 15; i > 0 && ++a[i] == 0; i--)
			; // the counter is the last q bytes, big-endian; it cannot wrap for a valid len
		ENC(c->ks, a, k);
		size_t n = len < 16 ? len : 16;
		if (n == 16)
			xor16(out, in, k);
		else
			for (size_t i = 0; i < n; i++)
				out[i] = in[i] ^ k[i];
		in += n, out += n, len -= n;
	}
}

// int PFX_ccm_encrypt(const ccm_ctx *c, const u8 *aad, size_t aadlen, const u8 *in, u8 *out, size_t len, u8 *tag);
// Writes len bytes of ciphertext to out and taglen bytes to tag. Returns 0, or -1 when len
// does not fit the length field.
EXPORT int PFX(ccm_encrypt)(const ccm_ctx *c, const u8 *aad, size_t aadlen, const u8 *in, u8 *out, size_t len, u8 *tag) {
	u8 y[16] __attribute__((aligned(16))), s0[16] __attribute__((aligned(16)));
	if (ccm_mac(c, aad, aadlen, in, len, y))
		return -1;
	ccm_ctr(c, in, out, len, s0);
	for (unsigned i = 0; i < c->taglen; i++)
		tag[i] = y[i] ^ s0[i];
	return 0;
}

// int PFX_ccm_decrypt(const ccm_ctx *c, const u8 *aad, size_t aadlen, const u8 *in, u8 *out, size_t len, const u8 *tag);
// Returns 0 when the taglen-byte tag verifies; otherwise -1 with out cleared to zeros.
EXPORT int PFX(ccm_decrypt)(const ccm_ctx *c, const u8 *aad, size_t aadlen, const u8 *in, u8 *out, size_t len, const u8 *tag) {
	u8 y[16] __attribute__((aligned(16))), s0[16] __attribute__((aligned(16)));
	unsigned q = 15 - c->noncelen;
	if (q < 8 && (u64)len >> (8 * q))
		return -1;
	ccm_ctr(c, in, out, len, s0);
	ccm_mac(c, aad, aadlen, out, len, y);
	u8 diff = 0;
	for (unsigned i = 0; i < c->taglen; i++)
		diff |= tag[i] ^ y[i] ^ s0[i];
	if (diff) {
		for (size_t i = 0; i < len; i++)
			out[i] = 0;
		return -1;
	}
	return 0;
}

// ---- GCM (SP 800-38D) -----------------------------------------------------------------------

typedef struct {
	u8 gh[GHASH_MAX] __attribute__((aligned(16))); // the GHASH variant's context (X first)
	u8 j0[16] __attribute__((aligned(16)));          // the pre-counter block
	u8 ek0[16] __attribute__((aligned(16)));         // E_K(J0)
	const void *ks;
	u32 taglen;
} gcm_ctx;

_Static_assert(sizeof(gcm_ctx) <= CTX_MAX, "gcm_ctx too large");
_Static_assert(sizeof(ccm_ctx) <= CTX_MAX, "ccm_ctx too large");

INLINE void gcm_lengths(u8 *b, u64 abytes, u64 cbytes) {
	st64be(b, abytes * 8);
	st64be(b + 8, cbytes * 8);
}

// The GCM entry points for GHASH variant G.
#define GCM_DEFINE(G)                                                                              \
	GHASH_API(G)                                                                                   \
                                                                                                   \
	EXPORT int PFX(gcm_init_ghash_##G)(gcm_ctx * g, const void *ks, const u8 *iv, size_t ivlen,   \
	                                   size_t taglen) {                                            \
		u8 b[16] __attribute__((aligned(16)));                                                     \
		if (ivlen == 0 || taglen < 4 || taglen > 16)                                               \
			return -1;                                                                             \
		g->ks = ks;                                                                                \
		g->taglen = taglen;                                                                        \
		for (int i = 0; i < 16; i++)                                                               \
			b[i] = 0;                                                                              \
		ENC(ks, b, b);                                                                             \
		ghash_init_##G(g->gh, b);                                                                  \
		if (ivlen == 12) {                                                                         \
			for (int i = 0; i < 12; i++)                                                           \
				g->j0[i] = iv[i];                                                                  \
			st32be(g->j0 + 12, 1);                                                                 \
		} else {                                                                                   \
			ghash_update_##G(g->gh, iv, ivlen);                                                    \
			gcm_lengths(b, 0, ivlen);                                                              \
			ghash_update_##G(g->gh, b, 16);                                                        \
			ghash_final_##G(g->gh, g->j0);                                                         \
		}                                                                                          \
		ENC(ks, g->j0, g->ek0);                                                                    \
		return 0;                                                                                  \
	}                                                                                              \
                                                                                                   \
	static void gcm_hash_##G(gcm_ctx *g, const u8 *aad, size_t aadlen, const u8 *c, size_t len,    \
	                         u8 *s) {                                                              \
		u8 b[16] __attribute__((aligned(16)));                                                     \
		for (int i = 0; i < 16; i++)                                                               \
			g->gh[i] = 0; /* X = 0 */                                                              \
		ghash_update_##G(g->gh, aad, aadlen);                                                      \
		ghash_update_##G(g->gh, c, len);                                                           \
		gcm_lengths(b, aadlen, len);                                                               \
		ghash_update_##G(g->gh, b, 16);                                                            \
		ghash_final_##G(g->gh, b);                                                                 \
		xor16(s, b, g->ek0);                                                                       \
	}                                                                                              \
                                                                                                   \
	EXPORT int PFX(gcm_encrypt_ghash_##G)(gcm_ctx * g, const u8 *aad, size_t aadlen, const u8 *in, \
	                                      u8 *out, size_t len, u8 *tag) {                          \
		u8 ctr[16] __attribute__((aligned(16))), s[16] __attribute__((aligned(16)));               \
		copy16(ctr, g->j0);                                                                        \
		inc32(ctr);                                                                                \
		PFX(ctr_encrypt)(g->ks, ctr, in, out, len);                                                \
		gcm_hash_##G(g, aad, aadlen, out, len, s);                                                 \
		for (unsigned i = 0; i < g->taglen; i++)                                                   \
			tag[i] = s[i];                                                                         \
		return 0;                                                                                  \
	}                                                                                              \
                                                                                                   \
	EXPORT int PFX(gcm_decrypt_ghash_##G)(gcm_ctx * g, const u8 *aad, size_t aadlen, const u8 *in, \
	                                      u8 *out, size_t len, const u8 *tag) {                    \
		u8 ctr[16] __attribute__((aligned(16))), s[16] __attribute__((aligned(16)));               \
		u8 diff = 0;                                                                               \
		gcm_hash_##G(g, aad, aadlen, in, len, s);                                                  \
		for (unsigned i = 0; i < g->taglen; i++)                                                   \
			diff |= s[i] ^ tag[i];                                                                 \
		if (diff)                                                                                  \
			return -1;                                                                             \
		copy16(ctr, g->j0);                                                                        \
		inc32(ctr);                                                                                \
		PFX(ctr_encrypt)(g->ks, ctr, in, out, len);                                                \
		return 0;                                                                                  \
	}

// int PFX_gcm_init_ghash_G(gcm_ctx *g, const key *ks, const u8 *iv, size_t ivlen, size_t taglen);
//   g is CTX_MAX (1024) bytes, 16-byte aligned, and keeps a pointer to ks (an encryption
//   schedule). Any ivlen > 0 (12 is the fast path); taglen 4..16. Returns 0 or -1.
// int PFX_gcm_encrypt_ghash_G(gcm_ctx *g, const u8 *aad, size_t aadlen, const u8 *in, u8 *out, size_t len, u8 *tag);
//   Writes len bytes of ciphertext and taglen bytes of tag; returns 0. g can be reused for
//   further messages under the same key and IV (only for tests: never reuse an IV).
// int PFX_gcm_decrypt_ghash_G(gcm_ctx *g, const u8 *aad, size_t aadlen, const u8 *in, u8 *out, size_t len, const u8 *tag);
//   Checks the taglen-byte tag first: returns -1 and leaves out untouched when it does not
//   verify, otherwise decrypts and returns 0.
#ifdef GHASH_C
GCM_DEFINE(c)
#endif
#ifdef GHASH_ZBC
GCM_DEFINE(zbc)
#endif
