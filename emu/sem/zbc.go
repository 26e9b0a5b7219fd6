package sem

import "math/bits"

// Carry-less multiplication (Zbc, Zbkc).
//
// The Sail code in [Bitmanip] loops over the bits of rs2 and XORs shifted
// copies of rs1. Here the product is computed with ordinary integer
// multiplications on operands that have "holes": an operand split into
// bits whose positions are congruent mod d (d=5 for 64x64, d=4 for 32x32)
// multiplies without a carry ever reaching the next bit position the
// result keeps, so masking the integer products yields the carry-less
// product. For 64-bit operands every kept bit receives at most 13 partial
// products (< 2^5) and the carry from all lower kept positions is below
// 2^(n-1); for 32-bit operands at most 8 (< 2^4) partial products. The
// tests check the result against the Sail loop.

// Masks selecting bit positions p with p%5 == i, for i = 0..4.
const (
	h5m0 = 0x1084210842108421
	h5m1 = 0x2108421084210842
	h5m2 = 0x4210842108421084
	h5m3 = 0x8421084210842108
	h5m4 = 0x0842108421084210
)

// Masks selecting bit positions p with p%4 == i, for i = 0..3.
const (
	h4m0 = 0x1111111111111111
	h4m1 = 0x2222222222222222
	h4m2 = 0x4444444444444444
	h4m3 = 0x8888888888888888
)

// clmul128 returns the 128-bit carry-less product of a and b.
func clmul128(a, b uint64) (hi, lo uint64) {
	a0, a1, a2, a3, a4 := a&h5m0, a&h5m1, a&h5m2, a&h5m3, a&h5m4
	b0, b1, b2, b3, b4 := b&h5m0, b&h5m1, b&h5m2, b&h5m3, b&h5m4

	// zk collects the products a_i*b_j with i+j ≡ k (mod 5).
	var h, l uint64
	zh0, zl0 := bits.Mul64(a0, b0)
	h, l = bits.Mul64(a1, b4)
	zh0, zl0 = zh0^h, zl0^l
	h, l = bits.Mul64(a2, b3)
	zh0, zl0 = zh0^h, zl0^l
	h, l = bits.Mul64(a3, b2)
	zh0, zl0 = zh0^h, zl0^l
	h, l = bits.Mul64(a4, b1)
	zh0, zl0 = zh0^h, zl0^l
	zh1, zl1 := bits.Mul64(a0, b1)
	h, l = bits.Mul64(a1, b0)
	zh1, zl1 = zh1^h, zl1^l
	h, l = bits.Mul64(a2, b4)
	zh1, zl1 = zh1^h, zl1^l
	h, l = bits.Mul64(a3, b3)
	zh1, zl1 = zh1^h, zl1^l
	h, l = bits.Mul64(a4, b2)
	zh1, zl1 = zh1^h, zl1^l
	zh2, zl2 := bits.Mul64(a0, b2)
	h, l = bits.Mul64(a1, b1)
	zh2, zl2 = zh2^h, zl2^l
	h, l = bits.Mul64(a2, b0)
	zh2, zl2 = zh2^h, zl2^l
	h, l = bits.Mul64(a3, b4)
	zh2, zl2 = zh2^h, zl2^l
	h, l = bits.Mul64(a4, b3)
	zh2, zl2 = zh2^h, zl2^l
	zh3, zl3 := bits.Mul64(a0, b3)
	h, l = bits.Mul64(a1, b2)
	zh3, zl3 = zh3^h, zl3^l
	h, l = bits.Mul64(a2, b1)
	zh3, zl3 = zh3^h, zl3^l
	h, l = bits.Mul64(a3, b0)
	zh3, zl3 = zh3^h, zl3^l
	h, l = bits.Mul64(a4, b4)
	zh3, zl3 = zh3^h, zl3^l
	zh4, zl4 := bits.Mul64(a0, b4)
	h, l = bits.Mul64(a1, b3)
	zh4, zl4 = zh4^h, zl4^l
	h, l = bits.Mul64(a2, b2)
	zh4, zl4 = zh4^h, zl4^l
	h, l = bits.Mul64(a3, b1)
	zh4, zl4 = zh4^h, zl4^l
	h, l = bits.Mul64(a4, b0)
	zh4, zl4 = zh4^h, zl4^l

	// Bit 64+p of the product is ≡ k (mod 5) iff p ≡ k+1 (mod 5), because
	// 64 ≡ 4 (mod 5); so the high word uses the next mask.
	lo = zl0&h5m0 | zl1&h5m1 | zl2&h5m2 | zl3&h5m3 | zl4&h5m4
	hi = zh0&h5m1 | zh1&h5m2 | zh2&h5m3 | zh3&h5m4 | zh4&h5m0
	return hi, lo
}

// Clmul64 implements clmul for XLEN=64 ([Crypto] §3.14, [Bitmanip] clmul):
// the low 64 bits of the carry-less product.
//
//	foreach (i from 0 to (xlen - 1) by 1)
//	  output = if ((rs2_val >> i) & 1) then output ^ (rs1_val << i) else output
//
// Only the low word of each partial product is needed, so plain (wrapping)
// 64-bit multiplications suffice.
func Clmul64(a, b uint64) uint64 {
	a0, a1, a2, a3, a4 := a&h5m0, a&h5m1, a&h5m2, a&h5m3, a&h5m4
	b0, b1, b2, b3, b4 := b&h5m0, b&h5m1, b&h5m2, b&h5m3, b&h5m4
	z0 := a0*b0 ^ a1*b4 ^ a2*b3 ^ a3*b2 ^ a4*b1
	z1 := a0*b1 ^ a1*b0 ^ a2*b4 ^ a3*b3 ^ a4*b2
	z2 := a0*b2 ^ a1*b1 ^ a2*b0 ^ a3*b4 ^ a4*b3
	z3 := a0*b3 ^ a1*b2 ^ a2*b1 ^ a3*b0 ^ a4*b4
	z4 := a0*b4 ^ a1*b3 ^ a2*b2 ^ a3*b1 ^ a4*b0
	return z0&h5m0 | z1&h5m1 | z2&h5m2 | z3&h5m3 | z4&h5m4
}

// Clmulh64 implements clmulh for XLEN=64 ([Crypto] §3.15, [Bitmanip]
// clmulh): the high 64 bits of the 128-bit carry-less product.
//
//	foreach (i from 1 to xlen by 1)
//	  output = if ((rs2_val >> i) & 1) then output ^ (rs1_val >> (xlen - i)) else output
//
// (The Sail loop's last iteration, i = xlen, tests a bit beyond rs2 and
// contributes nothing.)
func Clmulh64(a, b uint64) uint64 {
	hi, _ := clmul128(a, b)
	return hi
}

// Clmulr64 implements clmulr for XLEN=64 ([Bitmanip] clmulr, Zbc only):
// bits 126..63 of the 128-bit carry-less product.
//
//	foreach (i from 0 to (xlen - 1) by 1)
//	  output = if ((rs2_val >> i) & 1) then output ^ (rs1_val >> (xlen - i - 1)) else output
func Clmulr64(a, b uint64) uint64 {
	hi, lo := clmul128(a, b)
	return hi<<1 | lo>>63
}

// clmul32x32 returns the 64-bit carry-less product of two 32-bit values.
func clmul32x32(a32, b32 uint32) uint64 {
	a, b := uint64(a32), uint64(b32)
	a0, a1, a2, a3 := a&h4m0, a&h4m1, a&h4m2, a&h4m3
	b0, b1, b2, b3 := b&h4m0, b&h4m1, b&h4m2, b&h4m3
	z0 := a0*b0 ^ a1*b3 ^ a2*b2 ^ a3*b1
	z1 := a0*b1 ^ a1*b0 ^ a2*b3 ^ a3*b2
	z2 := a0*b2 ^ a1*b1 ^ a2*b0 ^ a3*b3
	z3 := a0*b3 ^ a1*b2 ^ a2*b1 ^ a3*b0
	return z0&h4m0 | z1&h4m1 | z2&h4m2 | z3&h4m3
}

// Clmul32 implements clmul for XLEN=32 ([Crypto] §3.14): the low 32 bits
// of the carry-less product.
func Clmul32(a, b uint32) uint32 { return uint32(clmul32x32(a, b)) }

// Clmulh32 implements clmulh for XLEN=32 ([Crypto] §3.15): the high 32 bits
// of the 64-bit carry-less product.
func Clmulh32(a, b uint32) uint32 { return uint32(clmul32x32(a, b) >> 32) }

// Clmulr32 implements clmulr for XLEN=32 ([Bitmanip] clmulr): bits 62..31
// of the 64-bit carry-less product.
func Clmulr32(a, b uint32) uint32 { return uint32(clmul32x32(a, b) >> 31) }
