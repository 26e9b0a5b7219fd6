package sem

import "math/bits"

// SHA-2 instructions (Zknh). The functions are those of FIPS 180-4 §4.1.2
// (SHA-256) and §4.1.3 (SHA-512); ror is rotate right.

// SHA256Sig0 implements sha256sig0 ([Crypto] §3.27), σ0 of FIPS 180-4
// §4.1.2:
//
//	result = ror32(inb, 7) ^ ror32(inb, 18) ^ (inb >> 3)
func SHA256Sig0(x uint32) uint32 {
	return bits.RotateLeft32(x, -7) ^ bits.RotateLeft32(x, -18) ^ x>>3
}

// SHA256Sig1 implements sha256sig1 ([Crypto] §3.28), σ1:
//
//	result = ror32(inb, 17) ^ ror32(inb, 19) ^ (inb >> 10)
func SHA256Sig1(x uint32) uint32 {
	return bits.RotateLeft32(x, -17) ^ bits.RotateLeft32(x, -19) ^ x>>10
}

// SHA256Sum0 implements sha256sum0 ([Crypto] §3.29), Σ0:
//
//	result = ror32(inb, 2) ^ ror32(inb, 13) ^ ror32(inb, 22)
func SHA256Sum0(x uint32) uint32 {
	return bits.RotateLeft32(x, -2) ^ bits.RotateLeft32(x, -13) ^ bits.RotateLeft32(x, -22)
}

// SHA256Sum1 implements sha256sum1 ([Crypto] §3.30), Σ1:
//
//	result = ror32(inb, 6) ^ ror32(inb, 11) ^ ror32(inb, 25)
func SHA256Sum1(x uint32) uint32 {
	return bits.RotateLeft32(x, -6) ^ bits.RotateLeft32(x, -11) ^ bits.RotateLeft32(x, -25)
}

// SHA512Sig0 implements sha512sig0 (RV64; [Crypto] §3.37), σ0 of FIPS
// 180-4 §4.1.3:
//
//	X(rd) = ror64(X(rs1), 1) ^ ror64(X(rs1), 8) ^ (X(rs1) >> 7)
func SHA512Sig0(x uint64) uint64 {
	return bits.RotateLeft64(x, -1) ^ bits.RotateLeft64(x, -8) ^ x>>7
}

// SHA512Sig1 implements sha512sig1 (RV64; [Crypto] §3.38), σ1:
//
//	X(rd) = ror64(X(rs1), 19) ^ ror64(X(rs1), 61) ^ (X(rs1) >> 6)
func SHA512Sig1(x uint64) uint64 {
	return bits.RotateLeft64(x, -19) ^ bits.RotateLeft64(x, -61) ^ x>>6
}

// SHA512Sum0 implements sha512sum0 (RV64; [Crypto] §3.39), Σ0:
//
//	X(rd) = ror64(X(rs1), 28) ^ ror64(X(rs1), 34) ^ ror64(X(rs1), 39)
func SHA512Sum0(x uint64) uint64 {
	return bits.RotateLeft64(x, -28) ^ bits.RotateLeft64(x, -34) ^ bits.RotateLeft64(x, -39)
}

// SHA512Sum1 implements sha512sum1 (RV64; [Crypto] §3.40), Σ1:
//
//	X(rd) = ror64(X(rs1), 14) ^ ror64(X(rs1), 18) ^ ror64(X(rs1), 41)
func SHA512Sum1(x uint64) uint64 {
	return bits.RotateLeft64(x, -14) ^ bits.RotateLeft64(x, -18) ^ bits.RotateLeft64(x, -41)
}

// The RV32 instructions below compute one 32-bit half of a SHA-512
// function of a 64-bit value held in two registers. Shifts are of 32-bit
// values (bits shifted out are lost), exactly as in the Sail code.

// SHA512Sig0H implements sha512sig0h (RV32; [Crypto] §3.31), the high half
// of σ0 with rs1 = high and rs2 = low half of the input:
//
//	X(rd) = (X(rs1) >> 1) ^ (X(rs1) >> 7) ^ (X(rs1) >> 8) ^
//	        (X(rs2) << 31)                 ^ (X(rs2) << 24)
func SHA512Sig0H(rs1, rs2 uint32) uint32 {
	return rs1>>1 ^ rs1>>7 ^ rs1>>8 ^ rs2<<31 ^ rs2<<24
}

// SHA512Sig0L implements sha512sig0l (RV32; [Crypto] §3.32), the low half
// of σ0 with rs1 = low and rs2 = high half of the input:
//
//	X(rd) = (X(rs1) >> 1) ^ (X(rs1) >> 7) ^ (X(rs1) >> 8) ^
//	        (X(rs2) << 31) ^ (X(rs2) << 25) ^ (X(rs2) << 24)
func SHA512Sig0L(rs1, rs2 uint32) uint32 {
	return rs1>>1 ^ rs1>>7 ^ rs1>>8 ^ rs2<<31 ^ rs2<<25 ^ rs2<<24
}

// SHA512Sig1H implements sha512sig1h (RV32; [Crypto] §3.33), the high half
// of σ1 with rs1 = high and rs2 = low half of the input:
//
//	X(rd) = (X(rs1) << 3) ^ (X(rs1) >> 6) ^ (X(rs1) >> 19) ^
//	        (X(rs2) >> 29)                 ^ (X(rs2) << 13)
func SHA512Sig1H(rs1, rs2 uint32) uint32 {
	return rs1<<3 ^ rs1>>6 ^ rs1>>19 ^ rs2>>29 ^ rs2<<13
}

// SHA512Sig1L implements sha512sig1l (RV32; [Crypto] §3.34), the low half
// of σ1 with rs1 = low and rs2 = high half of the input:
//
//	X(rd) = (X(rs1) << 3) ^ (X(rs1) >> 6) ^ (X(rs1) >> 19) ^
//	        (X(rs2) >> 29) ^ (X(rs2) << 26) ^ (X(rs2) << 13)
func SHA512Sig1L(rs1, rs2 uint32) uint32 {
	return rs1<<3 ^ rs1>>6 ^ rs1>>19 ^ rs2>>29 ^ rs2<<26 ^ rs2<<13
}

// SHA512Sum0R implements sha512sum0r (RV32; [Crypto] §3.35), one half of
// Σ0. Σ0 has no shift, only rotations, so the same instruction gives the
// low half with rs1 = low, rs2 = high, and the high half with rs1 = high,
// rs2 = low:
//
//	X(rd) = (X(rs1) << 25) ^ (X(rs1) << 30) ^ (X(rs1) >> 28) ^
//	        (X(rs2) >>  7) ^ (X(rs2) >>  2) ^ (X(rs2) <<  4)
func SHA512Sum0R(rs1, rs2 uint32) uint32 {
	return rs1<<25 ^ rs1<<30 ^ rs1>>28 ^ rs2>>7 ^ rs2>>2 ^ rs2<<4
}

// SHA512Sum1R implements sha512sum1r (RV32; [Crypto] §3.36), one half of
// Σ1 (operand order as for [SHA512Sum0R]):
//
//	X(rd) = (X(rs1) << 23) ^ (X(rs1) >> 14) ^ (X(rs1) >> 18) ^
//	        (X(rs2) >>  9) ^ (X(rs2) << 18) ^ (X(rs2) << 14)
func SHA512Sum1R(rs1, rs2 uint32) uint32 {
	return rs1<<23 ^ rs1>>14 ^ rs1>>18 ^ rs2>>9 ^ rs2<<18 ^ rs2<<14
}
