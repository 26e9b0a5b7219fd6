// kernel.h: types and helpers shared by the kernel sources (freestanding, no C library).
// Extensions: none (base RV32I/RV64I). The ABI these sources implement is in kernels/README.md.
#ifndef KERNEL_H
#define KERNEL_H

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef unsigned long uxlen; // one integer register: 32 bits on RV32, 64 on RV64
typedef unsigned long size_t;
typedef unsigned long uintptr_t;

// Sizes of the opaque structures a caller allocates (16-byte aligned). Every key schedule
// fits in KEY_MAX bytes and every mode context in CTX_MAX bytes, whatever the variant.
#define KEY_MAX 512
#define CTX_MAX 1024
#define GHASH_MAX 512

#define EXPORT __attribute__((visibility("default"), used))
#define INLINE static inline __attribute__((always_inline))
#define ALIGNED(p, n) ((((uintptr_t)(p)) & ((n)-1)) == 0)

// Big- and little-endian loads and stores from byte pointers of any alignment.
INLINE u32 ld32be(const u8 *p) { return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3]; }
INLINE u32 ld32le(const u8 *p) { return (u32)p[3] << 24 | (u32)p[2] << 16 | (u32)p[1] << 8 | p[0]; }
INLINE void st32be(u8 *p, u32 v) { p[0] = v >> 24, p[1] = v >> 16, p[2] = v >> 8, p[3] = v; }
INLINE void st32le(u8 *p, u32 v) { p[0] = v, p[1] = v >> 8, p[2] = v >> 16, p[3] = v >> 24; }
INLINE u64 ld64be(const u8 *p) { return (u64)ld32be(p) << 32 | ld32be(p + 4); }
INLINE u64 ld64le(const u8 *p) { return (u64)ld32le(p + 4) << 32 | ld32le(p); }
INLINE void st64be(u8 *p, u64 v) { st32be(p, v >> 32), st32be(p + 4, (u32)v); }
INLINE void st64le(u8 *p, u64 v) { st32le(p, (u32)v), st32le(p + 4, v >> 32); }

INLINE u32 rol32(u32 x, int n) { return x << n | x >> (32 - n); }
INLINE u32 ror32(u32 x, int n) { return x >> n | x << (32 - n); }

// Byte-wise helpers; the C library's are not there and the compiler must not call them.
void *memcpy(void *d, const void *s, size_t n);
void *memset(void *d, int c, size_t n);
void *memmove(void *d, const void *s, size_t n);
int memcmp(const void *a, const void *b, size_t n);

// x = a ^ b over one 16-byte block, a register at a time when all three are aligned.
INLINE void xor16(u8 *x, const u8 *a, const u8 *b) {
	if (ALIGNED((uintptr_t)x | (uintptr_t)a | (uintptr_t)b, sizeof(uxlen))) {
		uxlen *xw = (uxlen *)x;
		const uxlen *aw = (const uxlen *)a, *bw = (const uxlen *)b;
		for (int i = 0; i < 16 / (int)sizeof(uxlen); i++)
			xw[i] = aw[i] ^ bw[i];
		return;
	}
	for (int i = 0; i < 16; i++)
		x[i] = a[i] ^ b[i];
}

// d = s over one 16-byte block.
INLINE void copy16(u8 *d, const u8 *s) {
	if (ALIGNED((uintptr_t)d | (uintptr_t)s, sizeof(uxlen))) {
		uxlen *dw = (uxlen *)d;
		const uxlen *sw = (const uxlen *)s;
		for (int i = 0; i < 16 / (int)sizeof(uxlen); i++)
			dw[i] = sw[i];
		return;
	}
	for (int i = 0; i < 16; i++)
		d[i] = s[i];
}

// The GHASH interface each GHASH variant implements (ghash-<variant>.c). The context is
// opaque except for its first 16 bytes, which hold the running value X in block byte order.
#define GHASH_API(v)                                                                  \
	void ghash_init_##v(void *g, const u8 h[16]);                                   \
	void ghash_update_##v(void *g, const u8 *in, size_t len);                        \
	void ghash_final_##v(const void *g, u8 x[16]);

#endif
