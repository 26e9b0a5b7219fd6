// modes-zv.c: GCM, CCM and XTS for the vector kernels (sm4-zvksed-zvkb.S, aes-zvkned.S,
// aes-zvkned-x8.S), which export their own ECB, CBC, CFB128, OFB and CTR. It is compiled once
// per ELF with -DCIPHER=sm4 or -DCIPHER=aes and the variant's -march, and frames the
// messages around the cipher's multi-block functions: GCM on CIPHER_ctr_encrypt and a
// vector GHASH (ghash-zvkg.S, ghash-zvbc.S: one set of GCM entry points for each), CCM on
// CIPHER_cbcmac_blocks and CIPHER_ctr_encrypt, XTS on CIPHER_xts_encrypt_blocks and
// CIPHER_xts_decrypt_blocks.
// Extensions: none of its own (the compiler may use the variant's).
//
// The ABI (argument order, contexts, counter formats) is in kernels/README.md; each entry
// point's C prototype is in the comment above it, with PFX = sm4 or aes.
#include "kernel.h"

#define CAT2(a, b) a##_##b
#define CAT(a, b) CAT2(a, b)
#define PFX(name) CAT(CIPHER, name)

// The cipher's functions (see the header of its source).
void PFX(encrypt)(const void *ks, const u8 *in, u8 *out);
void PFX(decrypt)(const void *dks, const u8 *in, u8 *out);
void PFX(ctr_encrypt)(const void *ks, u8 *ctr, const u8 *in, u8 *out, size_t len);
void PFX(cbcmac_blocks)(const void *ks, u8 *y, const u8 *in, size_t nblocks);
void PFX(xts_encrypt_blocks)(const void *k1, u8 *t, const u8 *in, u8 *out, size_t nblocks);
void PFX(xts_decrypt_blocks)(const void *dk1, u8 *t, const u8 *in, u8 *out, size_t nblocks);

#define BLOCK16 u8 __attribute__((aligned(16)))

// ---- XTS (IEEE 1619-2007) -------------------------------------------------------------------

// The tweak times alpha, the tweak read as a little-endian 128-bit number.
INLINE void xts_mul_alpha(u8 *t) {
	u64 lo = ld64le(t), hi = ld64le(t + 8);
	u64 carry = hi >> 63;
	hi = hi << 1 | lo >> 63;
	lo = lo << 1 ^ (0x87 & -carry);
	st64le(t, lo), st64le(t + 8, hi);
}

static int xts(const void *k1, const void *k2, const u8 *iv, const u8 *in, u8 *out, size_t len, int enc) {
	BLOCK16 t[16], t2[16], cc[16], pp[16];
	if (len < 16)
		return -1;
	PFX(encrypt)(k2, iv, t);
	size_t tail = len % 16;
	size_t full = len / 16 - (tail != 0); // blocks before the stolen pair
	if (enc)
		PFX(xts_encrypt_blocks)(k1, t, in, out, full);
	else
		PFX(xts_decrypt_blocks)(k1, t, in, out, full);
	if (!tail)
		return 0;
	in += 16 * full, out += 16 * full;
	// Ciphertext stealing over the last full block and the partial one: encryption processes
	// the full block with T_m-1 and the rebuilt one with T_m, decryption the other way round.
	copy16(t2, t);
	xts_mul_alpha(t2);
	u8 *first = enc ? t : t2, *second = enc ? t2 : t;
	copy16(cc, in);
	if (enc)
		PFX(xts_encrypt_blocks)(k1, first, cc, cc, 1);
	else
		PFX(xts_decrypt_blocks)(k1, first, cc, cc, 1);
	for (size_t i = 0; i < 16; i++)
		pp[i] = i < tail ? in[16 + i] : cc[i];
	for (size_t i = 0; i < tail; i++)
		out[16 + i] = cc[i];
	if (enc)
		PFX(xts_encrypt_blocks)(k1, second, pp, out, 1);
	else
		PFX(xts_decrypt_blocks)(k1, second, pp, out, 1);
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

// mac_bytes runs the CBC-MAC over len bytes: whole blocks in place, a partial last block
// zero-padded.
static void mac_bytes(const void *ks, u8 *y, const u8 *p, size_t len) {
	BLOCK16 b[16];
	PFX(cbcmac_blocks)(ks, y, p, len / 16);
	if (len % 16) {
		p += len & ~(size_t)15;
		for (size_t i = 0; i < 16; i++)
			b[i] = i < len % 16 ? p[i] : 0;
		PFX(cbcmac_blocks)(ks, y, b, 1);
	}
}

// ccm_mac computes the CBC-MAC T of SP 800-38C A.2 over B0, the encoded associated data and
// the payload into y; 0, or -1 when len does not fit the length field.
static int ccm_mac(const ccm_ctx *c, const u8 *aad, size_t aadlen, const u8 *p, size_t len, u8 *y) {
	BLOCK16 b[16];
	unsigned q = 15 - c->noncelen;
	if (q < 8 && (u64)len >> (8 * q))
		return -1;
	b[0] = (aadlen ? 0x40 : 0) | ((c->taglen - 2) / 2) << 3 | (q - 1);
	for (unsigned i = 0; i < c->noncelen; i++)
		b[1 + i] = c->nonce[i];
	u64 l = len;
	for (unsigned i = 0; i < q; i++, l >>= 8)
		b[15 - i] = (u8)l;
	for (int i = 0; i < 16; i++)
		y[i] = 0;
	PFX(cbcmac_blocks)(c->ks, y, b, 1); // Y0 = E(B0)
	if (aadlen) {
		// The length prefix: 2 bytes below 2^16 - 2^8, else 0xfffe and 4 bytes, else 0xffff
		// and 8; the first block holds it and the start of the data.
		unsigned n;
		u64 a = aadlen;
		if (a < 0xff00)
			b[0] = a >> 8, b[1] = (u8)a, n = 2;
		else if (a >> 32 == 0)
			b[0] = 0xff, b[1] = 0xfe, st32be(b + 2, (u32)a), n = 6;
		else
			b[0] = 0xff, b[1] = 0xff, st64be(b + 2, a), n = 10;
		size_t first = aadlen < 16 - n ? aadlen : 16 - n;
		for (unsigned i = n; i < 16; i++)
			b[i] = i - n < first ? aad[i - n] : 0;
		PFX(cbcmac_blocks)(c->ks, y, b, 1);
		mac_bytes(c->ks, y, aad + first, aadlen - first);
	}
	mac_bytes(c->ks, y, p, len);
	return 0;
}

// ccm_ctr applies the CTR keystream A_1, A_2, ... to len bytes; s0 receives E(A_0). The
// counter is the last q bytes of A_i, big-endian; CIPHER_ctr_encrypt increments the last
// four, so the message goes in pieces that do not wrap them, the carry added in between
// (a length field of fewer than four bytes cannot reach a wrap).
static void ccm_ctr(const ccm_ctx *c, const u8 *in, u8 *out, size_t len, u8 *s0) {
	BLOCK16 a[16];
	unsigned q = 15 - c->noncelen;
	a[0] = q - 1;
	for (unsigned i = 0; i < c->noncelen; i++)
		a[1 + i] = c->nonce[i];
	for (unsigned i = 0; i < q; i++)
		a[15 - i] = 0;
	PFX(encrypt)(c->ks, a, s0);
	a[15] = 1;
	while (len) {
		u64 room = ((1ull << 32) - ld32be(a + 12)) * 16; // bytes before the low word wraps
		size_t n = len < room ? len : (size_t)room;
		PFX(ctr_encrypt)(c->ks, a, in, out, n);
		in += n, out += n, len -= n;
		for (int i = 11; len && i >= 16 - (int)q && ++a[i] == 0; i--)
			;
	}
}

// int PFX_ccm_encrypt(const ccm_ctx *c, const u8 *aad, size_t aadlen, const u8 *in, u8 *out, size_t len, u8 *tag);
// Writes len bytes of ciphertext to out and taglen bytes to tag. Returns 0, or -1 when len
// does not fit the length field.
EXPORT int PFX(ccm_encrypt)(const ccm_ctx *c, const u8 *aad, size_t aadlen, const u8 *in, u8 *out, size_t len, u8 *tag) {
	BLOCK16 y[16], s0[16];
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
	BLOCK16 y[16], s0[16];
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

// The GCM entry points for GHASH variant G: the counter mode is the cipher's multi-block
// CIPHER_ctr_encrypt from inc32(J0), the hash one ghash_update_G over the AAD, one over the
// ciphertext and one over the lengths.
#define GCM_DEFINE(G)                                                                              \
	GHASH_API(G)                                                                                   \
                                                                                                   \
	EXPORT int PFX(gcm_init_ghash_##G)(gcm_ctx * g, const void *ks, const u8 *iv, size_t ivlen,   \
	                                   size_t taglen) {                                            \
		BLOCK16 b[16];                                                                             \
		if (ivlen == 0 || taglen < 4 || taglen > 16)                                               \
			return -1;                                                                             \
		g->ks = ks;                                                                                \
		g->taglen = taglen;                                                                        \
		for (int i = 0; i < 16; i++)                                                               \
			b[i] = 0;                                                                              \
		PFX(encrypt)(ks, b, b);                                                                    \
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
		PFX(encrypt)(ks, g->j0, g->ek0);                                                           \
		return 0;                                                                                  \
	}                                                                                              \
                                                                                                   \
	static void gcm_hash_##G(gcm_ctx *g, const u8 *aad, size_t aadlen, const u8 *c, size_t len,    \
	                         u8 *s) {                                                              \
		BLOCK16 b[16];                                                                             \
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
		BLOCK16 ctr[16], s[16];                                                                    \
		copy16(ctr, g->j0);                                                                        \
		st32be(ctr + 12, ld32be(ctr + 12) + 1);                                                    \
		PFX(ctr_encrypt)(g->ks, ctr, in, out, len);                                                \
		gcm_hash_##G(g, aad, aadlen, out, len, s);                                                 \
		for (unsigned i = 0; i < g->taglen; i++)                                                   \
			tag[i] = s[i];                                                                         \
		return 0;                                                                                  \
	}                                                                                              \
                                                                                                   \
	EXPORT int PFX(gcm_decrypt_ghash_##G)(gcm_ctx * g, const u8 *aad, size_t aadlen, const u8 *in, \
	                                      u8 *out, size_t len, const u8 *tag) {                    \
		BLOCK16 ctr[16], s[16];                                                                    \
		u8 diff = 0;                                                                               \
		gcm_hash_##G(g, aad, aadlen, in, len, s);                                                  \
		for (unsigned i = 0; i < g->taglen; i++)                                                   \
			diff |= s[i] ^ tag[i];                                                                 \
		if (diff)                                                                                  \
			return -1;                                                                             \
		copy16(ctr, g->j0);                                                                        \
		st32be(ctr + 12, ld32be(ctr + 12) + 1);                                                    \
		PFX(ctr_encrypt)(g->ks, ctr, in, out, len);                                                \
		return 0;                                                                                  \
	}

// int PFX_gcm_init_ghash_G(gcm_ctx *g, const key *ks, const u8 *iv, size_t ivlen, size_t taglen);
//   g is CTX_MAX (1024) bytes, 16-byte aligned, and keeps a pointer to ks (an encryption
//   schedule). Any ivlen > 0 (12 is the fast path); taglen 4..16. Returns 0 or -1.
// int PFX_gcm_encrypt_ghash_G(gcm_ctx *g, const u8 *aad, size_t aadlen, const u8 *in, u8 *out, size_t len, u8 *tag);
//   Writes len bytes of ciphertext and taglen bytes of tag; returns 0.
// int PFX_gcm_decrypt_ghash_G(gcm_ctx *g, const u8 *aad, size_t aadlen, const u8 *in, u8 *out, size_t len, const u8 *tag);
//   Checks the taglen-byte tag first: returns -1 and leaves out untouched when it does not
//   verify, otherwise decrypts and returns 0.
GCM_DEFINE(zvkg)
GCM_DEFINE(zvbc)
