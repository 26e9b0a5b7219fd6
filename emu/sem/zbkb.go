package sem

// Zbkb (and the Zbb orc.b) bit operations that are not a single Go
// operator. The trivial ones (andn, orn, xnor, rol, ror, rev8, ...) are
// left to the interpreter.

const (
	m55 = 0x5555555555555555
	m33 = 0x3333333333333333
	m0f = 0x0f0f0f0f0f0f0f0f
	m7f = 0x7f7f7f7f7f7f7f7f
	m80 = 0x8080808080808080
	m01 = 0x0101010101010101
)

// Brev8 implements brev8 ([Crypto] §3.13, [Bitmanip] brev8/rev.b): the bits
// of every byte of rs are reversed, the bytes stay in place:
//
//	foreach (i from 0 to xlen by 8) result[i+7..i] = reverse_bits_in_byte(X(rs1)[i+7..i])
//
// brev8 works byte by byte, so on RV32 the result is the low 32 bits of
// Brev8(uint64(rs)).
func Brev8(x uint64) uint64 {
	x = x>>1&m55 | x&m55<<1
	x = x>>2&m33 | x&m33<<2
	return x>>4&m0f | x&m0f<<4
}

// OrcB implements orc.b ([Bitmanip] orc.b, Zbb): each result byte is 0x00
// if the corresponding byte of rs is zero and 0xff otherwise:
//
//	output[(i+7)..i] = if input[(i+7)..i] == 0 then 0b00000000 else 0b11111111
//
// Adding 0x7f to the low seven bits of each byte carries into bit 7 exactly
// when one of them is set; the carry never crosses a byte.
func OrcB(x uint64) uint64 {
	hi := ((x & m7f) + m7f | x) & m80
	return (hi >> 7) * 0xff
}

// Zip32 implements zip (RV32 only; [Crypto] §3.49, [Bitmanip] zip):
//
//	foreach (i from 0 to xlen/2-1) {
//	  X(rd)[2*i]   = X(rs1)[i]
//	  X(rd)[2*i+1] = X(rs1)[i+xlen/2]
//	}
//
// computed with four delta swaps (a perfect outer shuffle).
func Zip32(x uint32) uint32 {
	t := (x ^ x>>8) & 0x0000ff00
	x ^= t ^ t<<8
	t = (x ^ x>>4) & 0x00f000f0
	x ^= t ^ t<<4
	t = (x ^ x>>2) & 0x0c0c0c0c
	x ^= t ^ t<<2
	t = (x ^ x>>1) & 0x22222222
	return x ^ t ^ t<<1
}

// Unzip32 implements unzip (RV32 only; [Crypto] §3.45, [Bitmanip] unzip),
// the inverse of [Zip32]:
//
//	foreach (i from 0 to xlen/2-1) {
//	  X(rd)[i]        = X(rs1)[2*i]
//	  X(rd)[i+xlen/2] = X(rs1)[2*i+1]
//	}
//
// It applies Zip32's delta swaps in reverse order.
func Unzip32(x uint32) uint32 {
	t := (x ^ x>>1) & 0x22222222
	x ^= t ^ t<<1
	t = (x ^ x>>2) & 0x0c0c0c0c
	x ^= t ^ t<<2
	t = (x ^ x>>4) & 0x00f000f0
	x ^= t ^ t<<4
	t = (x ^ x>>8) & 0x0000ff00
	return x ^ t ^ t<<8
}

// Pack64 implements pack for XLEN=64 ([Crypto] §3.17, [Bitmanip] pack):
//
//	lo_half = X(rs1)[xlen/2-1..0]; hi_half = X(rs2)[xlen/2-1..0]
//	X(rd) = EXTZ(hi_half @ lo_half)
func Pack64(a, b uint64) uint64 {
	return a&0xffffffff | b<<32
}

// Pack32 implements pack for XLEN=32 ([Crypto] §3.17): the low 16 bits of
// rs1 in the low half and the low 16 bits of rs2 in the high half.
func Pack32(a, b uint32) uint32 {
	return a&0xffff | b<<16
}

// Packh implements packh ([Crypto] §3.18, [Bitmanip] packh):
//
//	X(rd) = EXTZ(X(rs2)[7..0] @ X(rs1)[7..0])
//
// The result is the same for RV32 (truncate the arguments, the result fits
// in 16 bits).
func Packh(a, b uint64) uint64 {
	return a&0xff | (b&0xff)<<8
}

// Packw implements packw (RV64 only; [Crypto] §3.19, [Bitmanip] packw):
//
//	X(rd) = EXTS(X(rs2)[15..0] @ X(rs1)[15..0])
//
// Unlike the other functions here it returns the full, already
// sign-extended 64-bit register value.
func Packw(a, b uint64) uint64 {
	return uint64(int64(int32(uint32(a&0xffff | (b&0xffff)<<16))))
}
