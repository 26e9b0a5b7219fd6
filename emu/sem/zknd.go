package sem

import (
	"encoding/binary"
	"math/bits"
)

// AES decryption instructions (Zknd). aes64ks1i and aes64ks2 belong to both
// Zkne and Zknd and live in zkne.go.

// AESInvSBox is the inverse AES S-box of FIPS-197 §5.3.2 (Figure 14),
// aes_sbox_inv in [Crypto] appendix "Supporting Sail Code".
var AESInvSBox = [256]byte{
	0x52, 0x09, 0x6a, 0xd5, 0x30, 0x36, 0xa5, 0x38, 0xbf, 0x40, 0xa3, 0x9e, 0x81, 0xf3, 0xd7, 0xfb, // 0_
	0x7c, 0xe3, 0x39, 0x82, 0x9b, 0x2f, 0xff, 0x87, 0x34, 0x8e, 0x43, 0x44, 0xc4, 0xde, 0xe9, 0xcb, // 1_
	0x54, 0x7b, 0x94, 0x32, 0xa6, 0xc2, 0x23, 0x3d, 0xee, 0x4c, 0x95, 0x0b, 0x42, 0xfa, 0xc3, 0x4e, // 2_
	0x08, 0x2e, 0xa1, 0x66, 0x28, 0xd9, 0x24, 0xb2, 0x76, 0x5b, 0xa2, 0x49, 0x6d, 0x8b, 0xd1, 0x25, // 3_
	0x72, 0xf8, 0xf6, 0x64, 0x86, 0x68, 0x98, 0x16, 0xd4, 0xa4, 0x5c, 0xcc, 0x5d, 0x65, 0xb6, 0x92, // 4_
	0x6c, 0x70, 0x48, 0x50, 0xfd, 0xed, 0xb9, 0xda, 0x5e, 0x15, 0x46, 0x57, 0xa7, 0x8d, 0x9d, 0x84, // 5_
	0x90, 0xd8, 0xab, 0x00, 0x8c, 0xbc, 0xd3, 0x0a, 0xf7, 0xe4, 0x58, 0x05, 0xb8, 0xb3, 0x45, 0x06, // 6_
	0xd0, 0x2c, 0x1e, 0x8f, 0xca, 0x3f, 0x0f, 0x02, 0xc1, 0xaf, 0xbd, 0x03, 0x01, 0x13, 0x8a, 0x6b, // 7_
	0x3a, 0x91, 0x11, 0x41, 0x4f, 0x67, 0xdc, 0xea, 0x97, 0xf2, 0xcf, 0xce, 0xf0, 0xb4, 0xe6, 0x73, // 8_
	0x96, 0xac, 0x74, 0x22, 0xe7, 0xad, 0x35, 0x85, 0xe2, 0xf9, 0x37, 0xe8, 0x1c, 0x75, 0xdf, 0x6e, // 9_
	0x47, 0xf1, 0x1a, 0x71, 0x1d, 0x29, 0xc5, 0x89, 0x6f, 0xb7, 0x62, 0x0e, 0xaa, 0x18, 0xbe, 0x1b, // a_
	0xfc, 0x56, 0x3e, 0x4b, 0xc6, 0xd2, 0x79, 0x20, 0x9a, 0xdb, 0xc0, 0xfe, 0x78, 0xcd, 0x5a, 0xf4, // b_
	0x1f, 0xdd, 0xa8, 0x33, 0x88, 0x07, 0xc7, 0x31, 0xb1, 0x12, 0x10, 0x59, 0x27, 0x80, 0xec, 0x5f, // c_
	0x60, 0x51, 0x7f, 0xa9, 0x19, 0xb5, 0x4a, 0x0d, 0x2d, 0xe5, 0x7a, 0x9f, 0x93, 0xc9, 0x9c, 0xef, // d_
	0xa0, 0xe0, 0x3b, 0x4d, 0xae, 0x2a, 0xf5, 0xb0, 0xc8, 0xeb, 0xbb, 0x3c, 0x83, 0x53, 0x99, 0x61, // e_
	0x17, 0x2b, 0x04, 0x7e, 0xba, 0x77, 0xd6, 0x26, 0xe1, 0x69, 0x14, 0x63, 0x55, 0x21, 0x0c, 0x7d, // f_
}

// AESInvMixColumn is aes_mixcolumn_inv ([Crypto] appendix "Supporting Sail
// Code"; FIPS-197 §5.3.3): the InvMixColumns matrix {0e 0b 0d 09}
// (circulant) applied to one column, byte k of col being row k:
//
//	b0 = gfmul(s0,0xE) ^ gfmul(s1,0xB) ^ gfmul(s2,0xD) ^ gfmul(s3,0x9)
//	b1 = gfmul(s0,0x9) ^ gfmul(s1,0xE) ^ gfmul(s2,0xB) ^ gfmul(s3,0xD)
//	b2 = gfmul(s0,0xD) ^ gfmul(s1,0x9) ^ gfmul(s2,0xE) ^ gfmul(s3,0xB)
//	b3 = gfmul(s0,0xB) ^ gfmul(s1,0xD) ^ gfmul(s2,0x9) ^ gfmul(s3,0xE)
//
// It uses the factorisation of the inverse matrix as the forward matrix
// times the circulant {05 00 04 00}: s'k = {05}·sk ^ {04}·s(k+2), then
// [AESMixColumn].
func AESInvMixColumn(col uint32) uint32 {
	return AESMixColumn(col ^ gfXtime2(gfXtime2(col^bits.RotateLeft32(col, 16))))
}

// AESInvSubWord is aes_subword_inv ([Crypto] appendix "Supporting Sail
// Code"): the inverse S-box applied to each byte of w.
func AESInvSubWord(w uint32) uint32 {
	return uint32(AESInvSBox[byte(w)]) | uint32(AESInvSBox[byte(w>>8)])<<8 |
		uint32(AESInvSBox[byte(w>>16)])<<16 | uint32(AESInvSBox[byte(w>>24)])<<24
}

// aesMixByteInv is aes_mixcolumn_byte_inv ([Crypto] appendix "Supporting
// Sail Code"): the contribution of a row-0 byte to an InvMixColumns output
// column,
//
//	gfmul(so, 0xb) @ gfmul(so, 0xd) @ gfmul(so, 0x9) @ gfmul(so, 0xe)
func aesMixByteInv(so byte) uint32 {
	return uint32(gfMul(so, 0xb))<<24 | uint32(gfMul(so, 0xd))<<16 |
		uint32(gfMul(so, 0x9))<<8 | uint32(gfMul(so, 0xe))
}

// aesDecT[b] = aes_mixcolumn_byte_inv(aes_sbox_inv(b)): the classical
// decryption T-table. A row-k byte contributes rol32(aesDecT[b], 8k).
var aesDecT = func() (t [256]uint32) {
	for i := range t {
		t[i] = aesMixByteInv(AESInvSBox[i])
	}
	return t
}()

// AES32DSI implements aes32dsi (RV32; [Crypto] §3.1), the final-round
// decryption step for one byte:
//
//	shamt  = bs @ 0b000                            /* bs*8 */
//	si     = (X(rs2)[31..0] >> shamt)[7..0]        /* SBox input */
//	so     = 0x000000 @ aes_sbox_inv(si)
//	result = X(rs1)[31..0] ^ rol32(so, unsigned(shamt))
//
// Only bs&3 is used.
func AES32DSI(rs1, rs2 uint32, bs uint) uint32 {
	sh := bs * 8 // bs is the 2-bit field (0..3); not masked here, to stay cheap enough to inline
	return rs1 ^ uint32(AESInvSBox[byte(rs2>>sh)])<<sh
}

// AES32DSMI implements aes32dsmi (RV32; [Crypto] §3.2), the middle-round
// decryption step for one byte (InvSubBytes and the byte's InvMixColumns
// contribution):
//
//	shamt  = bs @ 0b000
//	si     = (X(rs2)[31..0] >> shamt)[7..0]
//	so     = aes_sbox_inv(si)
//	mixed  = aes_mixcolumn_byte_inv(so)
//	result = X(rs1)[31..0] ^ rol32(mixed, unsigned(shamt))
//
// Only bs&3 is used.
func AES32DSMI(rs1, rs2 uint32, bs uint) uint32 {
	sh := bs * 8 // bs is the 2-bit field (0..3); not masked here, to stay cheap enough to inline
	return rs1 ^ bits.RotateLeft32(aesDecT[byte(rs2>>sh)], int(sh))
}

// AES64InvShiftRows is aes_rv64_shiftrows_inv(rs2, rs1) ([Crypto] appendix
// "Supporting Sail Code"): the low 64 bits (columns 0 and 1) of
// InvShiftRows applied to the state {rs2, rs1}. Byte k of the result (MSB
// first):
//
//	rs2.b3 @ rs2.b6 @ rs1.b1 @ rs1.b4 @ rs1.b7 @ rs2.b2 @ rs2.b5 @ rs1.b0
//
// Called with the operands swapped it yields the high 64 bits.
func AES64InvShiftRows(rs1, rs2 uint64) uint64 {
	return rs1&0x000000ff000000ff | // rs1.b0 -> b0, rs1.b4 -> b4
		rs1<<32&0x0000ff0000000000 | // rs1.b1 -> b5
		rs1>>32&0x00000000ff000000 | // rs1.b7 -> b3
		rs2&0x00ff000000ff0000 | // rs2.b2 -> b2, rs2.b6 -> b6
		rs2>>32&0x000000000000ff00 | // rs2.b5 -> b1
		rs2<<32&0xff00000000000000 // rs2.b3 -> b7
}

// AES64DS implements aes64ds (RV64; [Crypto] §3.5), the final-round
// decryption of half the state:
//
//	sr    = aes_rv64_shiftrows_inv(X(rs2), X(rs1))
//	X(rd) = aes_apply_inv_sbox_to_each_byte(sr)
//
// The InvShiftRows-selected bytes are read straight from the operands (see
// [AES64InvShiftRows] for the selection).
func AES64DS(rs1, rs2 uint64) uint64 {
	return uint64(AESInvSBox[byte(rs1)]) | uint64(AESInvSBox[byte(rs2>>40)])<<8 |
		uint64(AESInvSBox[byte(rs2>>16)])<<16 | uint64(AESInvSBox[byte(rs1>>56)])<<24 |
		uint64(AESInvSBox[byte(rs1>>32)])<<32 | uint64(AESInvSBox[byte(rs1>>8)])<<40 |
		uint64(AESInvSBox[byte(rs2>>48)])<<48 | uint64(AESInvSBox[byte(rs2>>24)])<<56
}

// AES64DSM implements aes64dsm (RV64; [Crypto] §3.6), a middle-round
// decryption of half the state (InvShiftRows, InvSubBytes,
// InvMixColumns):
//
//	sr    = aes_rv64_shiftrows_inv(X(rs2), X(rs1))
//	sb    = aes_apply_inv_sbox_to_each_byte(sr)
//	X(rd) = aes_mixcolumn_inv(sb[63..32]) @ aes_mixcolumn_inv(sb[31..0])
//
// computed with the T-table aesDecT. As in the equivalent inverse cipher
// (FIPS-197 §5.3.5) the round key must then be one transformed by
// [AES64IM].
func AES64DSM(rs1, rs2 uint64) uint64 {
	return uint64(AES64DSMLo(rs1, rs2)) | uint64(AES64DSMHi(rs1, rs2))<<32
}

// AES64DSMLo and AES64DSMHi compute the low and high words of AES64DSM. They are split so that
// each is cheap enough for the compiler to inline into the interpreter's loop.
func AES64DSMLo(rs1, rs2 uint64) uint32 {
	return aesDecTR[0][byte(rs1)] ^
		aesDecTR[1][byte(rs2>>40)] ^
		aesDecTR[2][byte(rs2>>16)] ^
		aesDecTR[3][byte(rs1>>56)]
}

func AES64DSMHi(rs1, rs2 uint64) uint32 {
	return aesDecTR[0][byte(rs1>>32)] ^
		aesDecTR[1][byte(rs1>>8)] ^
		aesDecTR[2][byte(rs2>>48)] ^
		aesDecTR[3][byte(rs2>>24)]
}

// AES64IM implements aes64im (RV64; [Crypto] §3.9), InvMixColumns of two
// columns, used to turn encryption round keys into decryption round keys:
//
//	w0    = aes_mixcolumn_inv(X(rs1)[31..0])
//	w1    = aes_mixcolumn_inv(X(rs1)[63..32])
//	X(rd) = w1 @ w0
func AES64IM(rs1 uint64) uint64 {
	return uint64(AESInvMixColumn(uint32(rs1))) | uint64(AESInvMixColumn(uint32(rs1>>32)))<<32
}

// AESInvSubBytes applies InvSubBytes (FIPS-197 §5.3.2) to a state.
func AESInvSubBytes(s [16]byte) [16]byte {
	for i, b := range s {
		s[i] = AESInvSBox[b]
	}
	return s
}

// AESInvShiftRows applies InvShiftRows (FIPS-197 §5.3.1) to a state: row
// r is rotated right by r columns, s'[r][c] = s[r][(c-r) mod 4].
func AESInvShiftRows(s [16]byte) (o [16]byte) {
	for c := range 4 {
		for r := range 4 {
			o[r+4*c] = s[r+4*((c-r)&3)]
		}
	}
	return o
}

// AESInvMixColumns applies InvMixColumns (FIPS-197 §5.3.3) to each column
// of a state.
func AESInvMixColumns(s [16]byte) [16]byte {
	for c := 0; c < 16; c += 4 {
		binary.LittleEndian.PutUint32(s[c:], AESInvMixColumn(binary.LittleEndian.Uint32(s[c:])))
	}
	return s
}

// aesDecTR holds aesDecT rotated by 0, 8, 16 and 24 bits: four lookups and no rotations per
// column keep AES64DSM cheap enough for the compiler to inline into the interpreter.
var aesDecTR = func() (r [4][256]uint32) {
	for k := range r {
		for b := range r[k] {
			r[k][b] = bits.RotateLeft32(aesDecT[b], 8*k)
		}
	}
	return r
}()
