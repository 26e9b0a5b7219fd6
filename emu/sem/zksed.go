package sem

import "math/bits"

// ShangMi SM4 block cipher instructions (Zksed).

// SM4SBox is the SM4 S-box τ of GB/T 32907-2016 §6.2 (the same table as
// sm4_sbox_table in [Crypto] appendix "Supporting Sail Code").
var SM4SBox = [256]byte{
	0xd6, 0x90, 0xe9, 0xfe, 0xcc, 0xe1, 0x3d, 0xb7, 0x16, 0xb6, 0x14, 0xc2, 0x28, 0xfb, 0x2c, 0x05, // 0_
	0x2b, 0x67, 0x9a, 0x76, 0x2a, 0xbe, 0x04, 0xc3, 0xaa, 0x44, 0x13, 0x26, 0x49, 0x86, 0x06, 0x99, // 1_
	0x9c, 0x42, 0x50, 0xf4, 0x91, 0xef, 0x98, 0x7a, 0x33, 0x54, 0x0b, 0x43, 0xed, 0xcf, 0xac, 0x62, // 2_
	0xe4, 0xb3, 0x1c, 0xa9, 0xc9, 0x08, 0xe8, 0x95, 0x80, 0xdf, 0x94, 0xfa, 0x75, 0x8f, 0x3f, 0xa6, // 3_
	0x47, 0x07, 0xa7, 0xfc, 0xf3, 0x73, 0x17, 0xba, 0x83, 0x59, 0x3c, 0x19, 0xe6, 0x85, 0x4f, 0xa8, // 4_
	0x68, 0x6b, 0x81, 0xb2, 0x71, 0x64, 0xda, 0x8b, 0xf8, 0xeb, 0x0f, 0x4b, 0x70, 0x56, 0x9d, 0x35, // 5_
	0x1e, 0x24, 0x0e, 0x5e, 0x63, 0x58, 0xd1, 0xa2, 0x25, 0x22, 0x7c, 0x3b, 0x01, 0x21, 0x78, 0x87, // 6_
	0xd4, 0x00, 0x46, 0x57, 0x9f, 0xd3, 0x27, 0x52, 0x4c, 0x36, 0x02, 0xe7, 0xa0, 0xc4, 0xc8, 0x9e, // 7_
	0xea, 0xbf, 0x8a, 0xd2, 0x40, 0xc7, 0x38, 0xb5, 0xa3, 0xf7, 0xf2, 0xce, 0xf9, 0x61, 0x15, 0xa1, // 8_
	0xe0, 0xae, 0x5d, 0xa4, 0x9b, 0x34, 0x1a, 0x55, 0xad, 0x93, 0x32, 0x30, 0xf5, 0x8c, 0xb1, 0xe3, // 9_
	0x1d, 0xf6, 0xe2, 0x2e, 0x82, 0x66, 0xca, 0x60, 0xc0, 0x29, 0x23, 0xab, 0x0d, 0x53, 0x4e, 0x6f, // a_
	0xd5, 0xdb, 0x37, 0x45, 0xde, 0xfd, 0x8e, 0x2f, 0x03, 0xff, 0x6a, 0x72, 0x6d, 0x6c, 0x5b, 0x51, // b_
	0x8d, 0x1b, 0xaf, 0x92, 0xbb, 0xdd, 0xbc, 0x7f, 0x11, 0xd9, 0x5c, 0x41, 0x1f, 0x10, 0x5a, 0xd8, // c_
	0x0a, 0xc1, 0x31, 0x88, 0xa5, 0xcd, 0x7b, 0xbd, 0x2d, 0x74, 0xd0, 0x12, 0xb8, 0xe5, 0xb4, 0xb0, // d_
	0x89, 0x69, 0x97, 0x4a, 0x0c, 0x96, 0x77, 0x7e, 0x65, 0xb9, 0xf1, 0x09, 0xc5, 0x6e, 0xc6, 0x84, // e_
	0x18, 0xf0, 0x7d, 0xec, 0x3a, 0xdc, 0x4d, 0x20, 0x79, 0xee, 0x5f, 0x3e, 0xd7, 0xcb, 0x39, 0x48, // f_
}

// SM4Sub applies the SM4 S-box to one byte.
func SM4Sub(b byte) byte { return SM4SBox[b] }

// sm4EDLinear is the linear layer of sm4ed applied to a zero-extended
// S-box output x ([Crypto] §3.43):
//
//	y = x ^ (x << 8) ^ (x << 2) ^ (x << 18) ^ ((x & 0x3F) << 26) ^ ((x & 0xC0) << 10)
//
// This is not GB/T 32907's L(B) = B ^ (B<<<2) ^ (B<<<10) ^ (B<<<18) ^
// (B<<<24) on x itself: y = bswap32(L(x)) <<< 8, i.e. the instruction
// works on words whose bytes are in memory (little-endian load) order.
//
// The terms are listed once, in sm4EDTerms (explain.go), which the debugger shows.
func sm4EDLinear(x uint32) uint32 { return linearOf(sm4EDTerms, x) }

// sm4KSLinear is the linear layer of sm4ks applied to a zero-extended
// S-box output x ([Crypto] §3.44):
//
//	y = x ^ ((x & 0x07) << 29) ^ ((x & 0xFE) << 7) ^ ((x & 0x01) << 23) ^ ((x & 0xF8) << 13)
//
// Likewise y = bswap32(L'(x)) <<< 8 with GB/T 32907's key-schedule
// transform L'(B) = B ^ (B<<<13) ^ (B<<<23).
//
// The terms are listed once, in sm4KSTerms (explain.go).
func sm4KSLinear(x uint32) uint32 { return linearOf(sm4KSTerms, x) }

// sm4EDT and sm4KST combine the S-box and the linear layer:
// sm4EDT[b] = sm4EDLinear(SM4SBox[b]), likewise for sm4KST.
var sm4EDT, sm4KST = sm4Tables()

func sm4Tables() (ed, ks [256]uint32) {
	for i := range 256 {
		x := uint32(SM4SBox[i])
		ed[i] = sm4EDLinear(x)
		ks[i] = sm4KSLinear(x)
	}
	return ed, ks
}

// SM4ED implements sm4ed ([Crypto] §3.43), one quarter of the SM4 round
// function T:
//
//	shamt  = bs @ 0b000                     /* bs*8 */
//	sb_in  = (X(rs2)[31..0] >> shamt)[7..0]
//	x      = 0x000000 @ sm4_sbox(sb_in)
//	y      = <linear layer, see sm4EDLinear>
//	z      = rol32(y, shamt)
//	result = z ^ X(rs1)[31..0]
//
// The caller sign-extends the result on RV64. Only bs&3 is used.
func SM4ED(rs1, rs2 uint32, bs uint) uint32 {
	sh := bs * 8 // bs is the 2-bit field (0..3); not masked here, to stay cheap enough to inline
	return rs1 ^ bits.RotateLeft32(sm4EDT[byte(rs2>>sh)], int(sh))
}

// SM4KS implements sm4ks ([Crypto] §3.44), one quarter of the SM4 key
// schedule transform T'. It is [SM4ED] with the key-schedule linear layer
// (see sm4KSLinear). Only bs&3 is used.
func SM4KS(rs1, rs2 uint32, bs uint) uint32 {
	sh := bs * 8 // bs is the 2-bit field (0..3); not masked here, to stay cheap enough to inline
	return rs1 ^ bits.RotateLeft32(sm4KST[byte(rs2>>sh)], int(sh))
}

// SM4Steps holds the intermediate values of one sm4ed or sm4ks, named as
// in the Sail code of [Crypto] §3.43/§3.44, for the debugger's explain.
type SM4Steps struct {
	BS      uint   // byte select (0..3)
	Shamt   uint   // bs*8
	SBoxIn  byte   // sb_in: byte bs of rs2
	SBoxOut byte   // sm4_sbox(sb_in)
	Linear  uint32 // y: the linear layer applied to the S-box output
	Rotated uint32 // z = rol32(y, shamt)
	Result  uint32 // z ^ rs1 (before sign extension)
}

func sm4Steps(rs1, rs2 uint32, bs uint, linear func(uint32) uint32) SM4Steps {
	s := SM4Steps{BS: bs & 3}
	s.Shamt = s.BS * 8
	s.SBoxIn = byte(rs2 >> s.Shamt)
	s.SBoxOut = SM4SBox[s.SBoxIn]
	s.Linear = linear(uint32(s.SBoxOut))
	s.Rotated = bits.RotateLeft32(s.Linear, int(s.Shamt))
	s.Result = s.Rotated ^ rs1
	return s
}

// SM4EDSteps evaluates sm4ed step by step, following the Sail code of
// [Crypto] §3.43 literally (no combined table). Its Result equals
// SM4ED(rs1, rs2, bs).
func SM4EDSteps(rs1, rs2 uint32, bs uint) SM4Steps {
	return sm4Steps(rs1, rs2, bs, sm4EDLinear)
}

// SM4KSSteps evaluates sm4ks step by step, following the Sail code of
// [Crypto] §3.44 literally. Its Result equals SM4KS(rs1, rs2, bs).
func SM4KSSteps(rs1, rs2 uint32, bs uint) SM4Steps {
	return sm4Steps(rs1, rs2, bs, sm4KSLinear)
}
