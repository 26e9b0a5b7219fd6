// Classic integer loops for the llvm-mca comparison (scripts/mca-compare.sh --corpus): each
// function's inner loop becomes one block of the corpus. Integer only, no crypto extensions.
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long u64;
typedef long i64;
typedef int i32;
typedef unsigned long size_t;

void memcpy8(u8 *d, const u8 *s, size_t n) { for (size_t i = 0; i < n; i++) d[i] = s[i]; }
void memcpy64(u64 *d, const u64 *s, size_t n) { for (size_t i = 0; i < n; i++) d[i] = s[i]; }
void memset64(u64 *d, u64 v, size_t n) { for (size_t i = 0; i < n; i++) d[i] = v; }
void memset32(u32 *d, u32 v, size_t n) { for (size_t i = 0; i < n; i++) d[i] = v; }
i64 dot64(const i64 *a, const i64 *b, size_t n) { i64 s = 0; for (size_t i = 0; i < n; i++) s += a[i] * b[i]; return s; }
i32 dot32(const i32 *a, const i32 *b, size_t n) { i32 s = 0; for (size_t i = 0; i < n; i++) s += a[i] * b[i]; return s; }
i32 dot16(const short *a, const short *b, size_t n) { i32 s = 0; for (size_t i = 0; i < n; i++) s += a[i] * b[i]; return s; }
u64 sum64(const u64 *a, size_t n) { u64 s = 0; for (size_t i = 0; i < n; i++) s += a[i]; return s; }
u32 sum8(const u8 *a, size_t n) { u32 s = 0; for (size_t i = 0; i < n; i++) s += a[i]; return s; }
u64 xorsum(const u64 *a, size_t n) { u64 s = 0; for (size_t i = 0; i < n; i++) s ^= a[i]; return s; }
u32 crc32_bitwise(const u8 *p, size_t n) {
	u32 c = 0xffffffff;
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320 & -(c & 1));
	}
	return ~c;
}
u32 crc32_table(const u32 *t, const u8 *p, size_t n) {
	u32 c = 0xffffffff;
	for (size_t i = 0; i < n; i++) c = t[(c ^ p[i]) & 0xff] ^ (c >> 8);
	return ~c;
}
u32 adler32(const u8 *p, size_t n) {
	u32 a = 1, b = 0;
	for (size_t i = 0; i < n; i++) { a += p[i]; b += a; }
	return b << 16 | a;
}
u32 fnv1a(const u8 *p, size_t n) { u32 h = 2166136261u; for (size_t i = 0; i < n; i++) { h ^= p[i]; h *= 16777619u; } return h; }
u64 djb2(const u8 *p, size_t n) { u64 h = 5381; for (size_t i = 0; i < n; i++) h = h * 33 + p[i]; return h; }
void bubble_step(i64 *a, size_t n) {
	for (size_t i = 0; i + 1 < n; i++)
		if (a[i] > a[i + 1]) { i64 t = a[i]; a[i] = a[i + 1]; a[i + 1] = t; }
}
void bubble_minmax(i64 *a, size_t n) {
	for (size_t i = 0; i + 1 < n; i++) {
		i64 x = a[i], y = a[i + 1];
		a[i] = x < y ? x : y;
		a[i + 1] = x < y ? y : x;
	}
}
void matmul_inner(i64 *c, const i64 *a, const i64 *b, size_t n) {
	for (size_t i = 0; i < n; i++) for (size_t j = 0; j < n; j++) {
		i64 s = 0;
		for (size_t k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
		c[i * n + j] = s;
	}
}
void matmul32_ikj(i32 *c, const i32 *a, const i32 *b, size_t n) {
	for (size_t i = 0; i < n; i++) for (size_t k = 0; k < n; k++) {
		i32 x = a[i * n + k];
		for (size_t j = 0; j < n; j++) c[i * n + j] += x * b[k * n + j];
	}
}
void saxpy_int(i32 *y, const i32 *x, i32 a, size_t n) { for (size_t i = 0; i < n; i++) y[i] += a * x[i]; }
void vadd64(u64 *c, const u64 *a, const u64 *b, size_t n) { for (size_t i = 0; i < n; i++) c[i] = a[i] + b[i]; }
void vxor64(u64 *c, const u64 *a, const u64 *b, size_t n) { for (size_t i = 0; i < n; i++) c[i] = a[i] ^ b[i]; }
size_t strlen_(const char *s) { size_t n = 0; while (s[n]) n++; return n; }
size_t count_eq(const u8 *p, size_t n, u8 v) { size_t c = 0; for (size_t i = 0; i < n; i++) c += p[i] == v; return c; }
i64 max64(const i64 *a, size_t n) { i64 m = a[0]; for (size_t i = 1; i < n; i++) m = a[i] > m ? a[i] : m; return m; }
u64 popcount_sum(const u64 *a, size_t n) { u64 s = 0; for (size_t i = 0; i < n; i++) s += __builtin_popcountl(a[i]); return s; }
u64 clz_sum(const u64 *a, size_t n) { u64 s = 0; for (size_t i = 0; i < n; i++) s += __builtin_clzl(a[i] | 1); return s; }
void bswap32_buf(u32 *p, size_t n) { for (size_t i = 0; i < n; i++) p[i] = __builtin_bswap32(p[i]); }
void bswap64_buf(u64 *p, size_t n) { for (size_t i = 0; i < n; i++) p[i] = __builtin_bswap64(p[i]); }
void rotl_buf(u32 *p, size_t n, int r) { for (size_t i = 0; i < n; i++) p[i] = p[i] << (r & 31) | p[i] >> (-r & 31); }
u64 horner(const i64 *c, size_t n, i64 x) { i64 s = 0; for (size_t i = 0; i < n; i++) s = s * x + c[i]; return s; }
void prefix_sum(i64 *a, size_t n) { for (size_t i = 1; i < n; i++) a[i] += a[i - 1]; }
void histogram(u32 *h, const u8 *p, size_t n) { for (size_t i = 0; i < n; i++) h[p[i]]++; }
void gather64(u64 *d, const u64 *s, const u32 *idx, size_t n) { for (size_t i = 0; i < n; i++) d[i] = s[idx[i]]; }
u64 list_walk(u64 **p, size_t n) { u64 *q = (u64 *)p; for (size_t i = 0; i < n; i++) q = (u64 *)*q; return (u64)q; }
u32 gcd(u32 a, u32 b) { while (b) { u32 t = a % b; a = b; b = t; } return a; }
u64 div_sum(const u64 *a, size_t n, u64 d) { u64 s = 0; for (size_t i = 0; i < n; i++) s += a[i] / d; return s; }
u64 xorshift_fill(u64 *p, size_t n, u64 x) { for (size_t i = 0; i < n; i++) { x ^= x << 13; x ^= x >> 7; x ^= x << 17; p[i] = x; } return x; }
u32 lcg_fill(u32 *p, size_t n, u32 x) { for (size_t i = 0; i < n; i++) { x = x * 1664525u + 1013904223u; p[i] = x; } return x; }
void transpose_row(u32 *d, const u32 *s, size_t n, size_t stride) { for (size_t i = 0; i < n; i++) d[i * stride] = s[i]; }
void widen16(u32 *d, const u16 *s, size_t n) { for (size_t i = 0; i < n; i++) d[i] = s[i]; }
void narrow32(u8 *d, const u32 *s, size_t n) { for (size_t i = 0; i < n; i++) d[i] = (u8)s[i]; }
i64 abs_sum(const i64 *a, size_t n) { i64 s = 0; for (size_t i = 0; i < n; i++) s += a[i] < 0 ? -a[i] : a[i]; return s; }
void clamp_buf(i32 *a, size_t n, i32 lo, i32 hi) { for (size_t i = 0; i < n; i++) a[i] = a[i] < lo ? lo : a[i] > hi ? hi : a[i]; }
u64 mul_hash(const u64 *a, size_t n) { u64 h = 0; for (size_t i = 0; i < n; i++) h = (h ^ a[i]) * 0x9e3779b97f4a7c15ull; return h; }
void shift_add(u64 *a, size_t n) { for (size_t i = 0; i < n; i++) a[i] = (a[i] << 3) + (a[i] >> 5) + i; }
u64 ctr_be_inc(u8 *ctr, size_t n) {
	u32 c = 0;
	for (size_t i = 0; i < n; i++) {
		c = (u32)ctr[12] << 24 | (u32)ctr[13] << 16 | (u32)ctr[14] << 8 | ctr[15];
		c++;
		ctr[12] = c >> 24; ctr[13] = c >> 16; ctr[14] = c >> 8; ctr[15] = c;
	}
	return c;
}
void load_be32(u32 *w, const u8 *p, size_t n) {
	for (size_t i = 0; i < n; i++)
		w[i] = (u32)p[4 * i] << 24 | (u32)p[4 * i + 1] << 16 | (u32)p[4 * i + 2] << 8 | p[4 * i + 3];
}
void store_be32(u8 *p, const u32 *w, size_t n) {
	for (size_t i = 0; i < n; i++) { u32 v = w[i]; p[4 * i] = v >> 24; p[4 * i + 1] = v >> 16; p[4 * i + 2] = v >> 8; p[4 * i + 3] = v; }
}
void xor_blocks(u64 *d, const u64 *a, const u64 *b, size_t n) {
	for (size_t i = 0; i < n; i += 2) { d[i] = a[i] ^ b[i]; d[i + 1] = a[i + 1] ^ b[i + 1]; }
}
