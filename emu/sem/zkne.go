package sem

import (
	"encoding/binary"
	"math/bits"
)

// AES encryption instructions (Zkne) and the AES helpers they share with
// Zknd (S-box, key schedule).

// AESSBox is the AES S-box of FIPS-197 §5.1.1 (Figure 7), aes_sbox_fwd in
// [Crypto] appendix "Supporting Sail Code".
var AESSBox = [256]byte{
	0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76, // 0_
	0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0, 0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0, // 1_
	0xb7, 0xfd, 0x93, 0x26, 0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15, // 2_
	0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2, 0xeb, 0x27, 0xb2, 0x75, // 3_
	0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0, 0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84, // 4_
	0x53, 0xd1, 0x00, 0xed, 0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf, // 5_
	0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f, 0x50, 0x3c, 0x9f, 0xa8, // 6_
	0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5, 0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2, // 7_
	0xcd, 0x0c, 0x13, 0xec, 0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73, // 8_
	0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14, 0xde, 0x5e, 0x0b, 0xdb, // 9_
	0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c, 0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79, // a_
	0xe7, 0xc8, 0x37, 0x6d, 0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08, // b_
	0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f, 0x4b, 0xbd, 0x8b, 0x8a, // c_
	0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e, 0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e, // d_
	0xe1, 0xf8, 0x98, 0x11, 0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf, // e_
	0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f, 0xb0, 0x54, 0xbb, 0x16, // f_
}

// aesRcon is aes_decode_rcon of [Crypto] appendix "Supporting Sail Code":
// the round constant for the round number rnum of aes64ks1i (0x0..0x9; the
// value 0xA means "no constant", used for the extra SubWord step of
// AES-256).
var aesRcon = [11]uint32{0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36, 0x00}

// gfXtime2 is xt2 of the Sail helpers (multiplication by {02} in GF(2^8)
// modulo x^8+x^4+x^3+x+1, FIPS-197 §4.2.1), applied to the four bytes of w
// in parallel.
func gfXtime2(w uint32) uint32 {
	return (w&0x7f7f7f7f)<<1 ^ (w>>7&0x01010101)*0x1b
}

// gfMul multiplies two elements of GF(2^8) (FIPS-197 §4.2). It is used to
// build tables and in the explain helpers; it is not constant time.
func gfMul(a, b byte) byte {
	var p byte
	for ; b != 0; b >>= 1 {
		if b&1 != 0 {
			p ^= a
		}
		a = a<<1 ^ byte(int8(a)>>7)&0x1b
	}
	return p
}

// AESMixColumn is aes_mixcolumn_fwd ([Crypto] appendix "Supporting Sail
// Code"; FIPS-197 §5.1.3): the MixColumns matrix {02 03 01 01} (circulant)
// applied to one column. Byte k of col (bits 8k+7..8k) is row k:
//
//	b0 = xt2(s0) ^ xt3(s1) ^     s2  ^     s3
//	b1 =     s0  ^ xt2(s1) ^ xt3(s2) ^     s3
//	b2 =     s0  ^     s1  ^ xt2(s2) ^ xt3(s3)
//	b3 = xt3(s0) ^     s1  ^     s2  ^ xt2(s3)
//
// computed on all four bytes at once using byte rotations of the column.
func AESMixColumn(col uint32) uint32 {
	r8 := bits.RotateLeft32(col, -8) // byte k holds s(k+1)
	return gfXtime2(col^r8) ^ r8 ^ bits.RotateLeft32(col, 16) ^ bits.RotateLeft32(col, 8)
}

// AESSubWord is aes_subword_fwd ([Crypto] appendix "Supporting Sail
// Code"; SubWord of FIPS-197 §5.2): the S-box applied to each byte of w.
func AESSubWord(w uint32) uint32 {
	return uint32(AESSBox[byte(w)]) | uint32(AESSBox[byte(w>>8)])<<8 |
		uint32(AESSBox[byte(w>>16)])<<16 | uint32(AESSBox[byte(w>>24)])<<24
}

// aesMixByteFwd is aes_mixcolumn_byte_fwd ([Crypto] appendix "Supporting
// Sail Code"): the contribution of a row-0 byte to a MixColumns output
// column,
//
//	gfmul(so, 0x3) @ so @ so @ gfmul(so, 0x2)
func aesMixByteFwd(so byte) uint32 {
	return uint32(gfMul(so, 3))<<24 | uint32(so)<<16 | uint32(so)<<8 | uint32(gfMul(so, 2))
}

// aesEncT[b] = aes_mixcolumn_byte_fwd(aes_sbox_fwd(b)): the classical
// encryption T-table. A row-k byte contributes rol32(aesEncT[b], 8k).
var aesEncT = func() (t [256]uint32) {
	for i := range t {
		t[i] = aesMixByteFwd(AESSBox[i])
	}
	return t
}()

// AES32ESI implements aes32esi (RV32; [Crypto] §3.3), the final-round
// encryption step for one byte:
//
//	shamt  = bs @ 0b000                            /* bs*8 */
//	si     = (X(rs2)[31..0] >> shamt)[7..0]        /* SBox input */
//	so     = 0x000000 @ aes_sbox_fwd(si)
//	result = X(rs1)[31..0] ^ rol32(so, unsigned(shamt))
//
// Only bs&3 is used.
func AES32ESI(rs1, rs2 uint32, bs uint) uint32 {
	sh := bs * 8 // bs is the 2-bit field (0..3); not masked here, to stay cheap enough to inline
	return rs1 ^ uint32(AESSBox[byte(rs2>>sh)])<<sh
}

// AES32ESMI implements aes32esmi (RV32; [Crypto] §3.4), the middle-round
// encryption step for one byte (SubBytes and the byte's MixColumns
// contribution):
//
//	shamt  = bs @ 0b000
//	si     = (X(rs2)[31..0] >> shamt)[7..0]
//	so     = aes_sbox_fwd(si)
//	mixed  = aes_mixcolumn_byte_fwd(so)
//	result = X(rs1)[31..0] ^ rol32(mixed, unsigned(shamt))
//
// Only bs&3 is used.
func AES32ESMI(rs1, rs2 uint32, bs uint) uint32 {
	sh := bs * 8 // bs is the 2-bit field (0..3); not masked here, to stay cheap enough to inline
	return rs1 ^ bits.RotateLeft32(aesEncT[byte(rs2>>sh)], int(sh))
}

// AES64ShiftRows is aes_rv64_shiftrows_fwd(rs2, rs1) ([Crypto] appendix
// "Supporting Sail Code"): the low 64 bits (columns 0 and 1) of ShiftRows
// applied to the state {rs2, rs1}. Byte k of the result (MSB first):
//
//	rs1.b3 @ rs2.b6 @ rs2.b1 @ rs1.b4 @ rs2.b7 @ rs2.b2 @ rs1.b5 @ rs1.b0
//
// Called with the operands swapped it yields the high 64 bits (columns 2
// and 3), which is how aes64es/aes64esm compute a full round.
func AES64ShiftRows(rs1, rs2 uint64) uint64 {
	return rs1&0x000000ff000000ff | // rs1.b0 -> b0, rs1.b4 -> b4
		rs1>>32&0x000000000000ff00 | // rs1.b5 -> b1
		rs1<<32&0xff00000000000000 | // rs1.b3 -> b7
		rs2&0x00ff000000ff0000 | // rs2.b2 -> b2, rs2.b6 -> b6
		rs2>>32&0x00000000ff000000 | // rs2.b7 -> b3
		rs2<<32&0x0000ff0000000000 // rs2.b1 -> b5
}

// AES64ES implements aes64es (RV64; [Crypto] §3.7), the final-round
// encryption of half the state:
//
//	sr    = aes_rv64_shiftrows_fwd(X(rs2), X(rs1))
//	X(rd) = aes_apply_fwd_sbox_to_each_byte(sr)
//
// The ShiftRows-selected bytes are read straight from the operands (see
// [AES64ShiftRows] for the selection).
func AES64ES(rs1, rs2 uint64) uint64 {
	return uint64(AESSBox[byte(rs1)]) | uint64(AESSBox[byte(rs1>>40)])<<8 |
		uint64(AESSBox[byte(rs2>>16)])<<16 | uint64(AESSBox[byte(rs2>>56)])<<24 |
		uint64(AESSBox[byte(rs1>>32)])<<32 | uint64(AESSBox[byte(rs2>>8)])<<40 |
		uint64(AESSBox[byte(rs2>>48)])<<48 | uint64(AESSBox[byte(rs1>>24)])<<56
}

// AES64ESM implements aes64esm (RV64; [Crypto] §3.8), a middle-round
// encryption of half the state (ShiftRows, SubBytes, MixColumns):
//
//	sr    = aes_rv64_shiftrows_fwd(X(rs2), X(rs1))
//	sb    = aes_apply_fwd_sbox_to_each_byte(sr)
//	X(rd) = aes_mixcolumn_fwd(sb[63..32]) @ aes_mixcolumn_fwd(sb[31..0])
//
// computed with the T-table aesEncT, reading the ShiftRows-selected bytes
// straight from the operands.
func AES64ESM(rs1, rs2 uint64) uint64 {
	return uint64(AES64ESMLo(rs1, rs2)) | uint64(AES64ESMHi(rs1, rs2))<<32
}

// AES64ESMLo and AES64ESMHi compute the low and high words of AES64ESM. They are split so that
// each is cheap enough for the compiler to inline into the interpreter's loop.
func AES64ESMLo(rs1, rs2 uint64) uint32 {
	return aesEncTR[0][byte(rs1)] ^
		aesEncTR[1][byte(rs1>>40)] ^
		aesEncTR[2][byte(rs2>>16)] ^
		aesEncTR[3][byte(rs2>>56)]
}

func AES64ESMHi(rs1, rs2 uint64) uint32 {
	return aesEncTR[0][byte(rs1>>32)] ^
		aesEncTR[1][byte(rs2>>8)] ^
		aesEncTR[2][byte(rs2>>48)] ^
		aesEncTR[3][byte(rs1>>24)]
}

// AES64KS1I implements aes64ks1i (RV64; [Crypto] §3.10), the first
// key-schedule step:
//
//	if (unsigned(rnum) > 10) then handle_illegal()
//	tmp1   = X(rs1)[63..32]
//	rc     = aes_decode_rcon(rnum)
//	tmp2   = if (rnum == 0xA) then tmp1 else ror32(tmp1, 8)
//	tmp3   = aes_subword_fwd(tmp2)
//	X(rd)  = (tmp3 ^ rc) @ (tmp3 ^ rc)
//
// ok is false for rnum 0xB..0xF (reserved): the instruction is then
// illegal and the result must be discarded.
func AES64KS1I(rs1 uint64, rnum uint) (uint64, bool) {
	if rnum > 0xA {
		return 0, false
	}
	t := uint32(rs1 >> 32)
	if rnum != 0xA {
		t = bits.RotateLeft32(t, -8)
	}
	t = AESSubWord(t) ^ aesRcon[rnum]
	return uint64(t) | uint64(t)<<32, true
}

// AES64KS2 implements aes64ks2 (RV64; [Crypto] §3.11), the second
// key-schedule step:
//
//	w0    = X(rs1)[63..32] ^ X(rs2)[31..0]
//	w1    = X(rs1)[63..32] ^ X(rs2)[31..0] ^ X(rs2)[63..32]
//	X(rd) = w1 @ w0
func AES64KS2(rs1, rs2 uint64) uint64 {
	w0 := uint32(rs1>>32) ^ uint32(rs2)
	w1 := w0 ^ uint32(rs2>>32)
	return uint64(w0) | uint64(w1)<<32
}

// AESStateFromRegs returns the 16-byte AES state (FIPS-197 §3.4 input
// order: byte i is row i%4 of column i/4) held in the register pair used
// by the RV64 instructions: rs1 holds bytes 0..7 (columns 0 and 1), rs2
// bytes 8..15, both little-endian, exactly as two 64-bit loads of the
// block would leave them.
func AESStateFromRegs(rs1, rs2 uint64) (s [16]byte) {
	binary.LittleEndian.PutUint64(s[0:], rs1)
	binary.LittleEndian.PutUint64(s[8:], rs2)
	return s
}

// AESStateToRegs is the inverse of [AESStateFromRegs].
func AESStateToRegs(s [16]byte) (rs1, rs2 uint64) {
	return binary.LittleEndian.Uint64(s[0:]), binary.LittleEndian.Uint64(s[8:])
}

// AESSubBytes applies SubBytes (FIPS-197 §5.1.1) to a state.
func AESSubBytes(s [16]byte) [16]byte {
	for i, b := range s {
		s[i] = AESSBox[b]
	}
	return s
}

// AESShiftRows applies ShiftRows (FIPS-197 §5.1.2) to a state: row r is
// rotated left by r columns, s'[r][c] = s[r][(c+r) mod 4].
func AESShiftRows(s [16]byte) (o [16]byte) {
	for c := range 4 {
		for r := range 4 {
			o[r+4*c] = s[r+4*((c+r)&3)]
		}
	}
	return o
}

// AESMixColumns applies MixColumns (FIPS-197 §5.1.3) to each column of a
// state.
func AESMixColumns(s [16]byte) [16]byte {
	for c := 0; c < 16; c += 4 {
		binary.LittleEndian.PutUint32(s[c:], AESMixColumn(binary.LittleEndian.Uint32(s[c:])))
	}
	return s
}

// aesEncTR holds aesEncT rotated by 0, 8, 16 and 24 bits: four lookups and no rotations per
// column keep AES64ESM cheap enough for the compiler to inline into the interpreter.
var aesEncTR = func() (r [4][256]uint32) {
	for k := range r {
		for b := range r[k] {
			r[k][b] = bits.RotateLeft32(aesEncT[b], 8*k)
		}
	}
	return r
}()
