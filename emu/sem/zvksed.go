package sem

import "math/bits"

// Vector SM4 instructions (Zvksed). An element group (EGW=128, EGS=4,
// SEW=32) is passed as [4]uint32, index k holding element k. Unlike the
// scalar sm4ed/sm4ks, the vector instructions work on SM4 words in the
// GB/T 32907 frame: element values are the big-endian words of the
// standard, so software byte-swaps (vrev8.v) words loaded from memory. The
// S-box is the scalar [SM4SBox].

// SM4CK holds the SM4 key-schedule constants CK_0..CK_31 (GB/T 32907
// §7.3.2; the ck list of [VCrypto] "vsm4k.vi"): byte j (from the most
// significant) of CK_i is (4i+j)·7 mod 256.
var SM4CK = func() (ck [32]uint32) {
	for i := range ck {
		for j := range 4 {
			ck[i] = ck[i]<<8 | uint32(byte((4*i+j)*7))
		}
	}
	return ck
}()

// SM4FK holds the SM4 system parameters FK_0..FK_3 (GB/T 32907 §7.3.2),
// which software XORs into the key before the first vsm4k.vi.
var SM4FK = [4]uint32{0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc}

// vsm4RoundT and vsm4KeyT combine the S-box with the round (L) and key
// schedule (L') linear transforms for a byte in the least significant
// position: vsm4RoundT[b] = L(τ(b)), vsm4KeyT[b] = L'(τ(b)). Both transforms
// commute with rotations, so a byte in position k contributes the entry
// rotated left by 8k.
var vsm4RoundT, vsm4KeyT = func() (r, k [256]uint32) {
	for b := range 256 {
		s := uint32(SM4SBox[b])
		r[b] = s ^ bits.RotateLeft32(s, 2) ^ bits.RotateLeft32(s, 10) ^ bits.RotateLeft32(s, 18) ^ bits.RotateLeft32(s, 24)
		k[b] = s ^ bits.RotateLeft32(s, 13) ^ bits.RotateLeft32(s, 23)
	}
	return r, k
}()

// SM4RoundT is the SM4 round transform T(B) = L(τ(B)) of GB/T 32907 §6.2,
// i.e. sm4_round(0, sm4_subword(B)) of [VCrypto] "vsm4r.[vv,vs]":
//
//	sm4_round(X, S) = X ^ (S ^ ROL32(S, 2) ^ ROL32(S, 10) ^ ROL32(S, 18) ^ ROL32(S, 24))
func SM4RoundT(b uint32) uint32 {
	return vsm4RoundT[byte(b)] ^ bits.RotateLeft32(vsm4RoundT[byte(b>>8)], 8) ^
		bits.RotateLeft32(vsm4RoundT[byte(b>>16)], 16) ^ bits.RotateLeft32(vsm4RoundT[byte(b>>24)], 24)
}

// SM4KeyT is the SM4 key-schedule transform T'(B) = L'(τ(B)) of GB/T 32907
// §7.3.2, i.e. ROUND_KEY(0, sm4_subword(B)) of [VCrypto] "vsm4k.vi":
//
//	ROUND_KEY(X, S) = X ^ (S ^ ROL32(S, 13) ^ ROL32(S, 23))
func SM4KeyT(b uint32) uint32 {
	return vsm4KeyT[byte(b)] ^ bits.RotateLeft32(vsm4KeyT[byte(b>>8)], 8) ^
		bits.RotateLeft32(vsm4KeyT[byte(b>>16)], 16) ^ bits.RotateLeft32(vsm4KeyT[byte(b>>24)], 24)
}

// VSM4K implements one element group of vsm4k.vi ([VCrypto] "vsm4k.vi"):
// four rounds of the SM4 key expansion. rk holds the previous four round
// keys {rk0, rk1, rk2, rk3} (element 0 the oldest); the round group is
// uimm[2:0] (uimm[4:3] are ignored):
//
//	B = rk1 ^ rk2 ^ rk3 ^ ck(4 * rnd);     S = sm4_subword(B); rk4 = ROUND_KEY(rk0, S);
//	B = rk2 ^ rk3 ^ rk4 ^ ck(4 * rnd + 1); S = sm4_subword(B); rk5 = ROUND_KEY(rk1, S);
//	B = rk3 ^ rk4 ^ rk5 ^ ck(4 * rnd + 2); S = sm4_subword(B); rk6 = ROUND_KEY(rk2, S);
//	B = rk4 ^ rk5 ^ rk6 ^ ck(4 * rnd + 3); S = sm4_subword(B); rk7 = ROUND_KEY(rk3, S);
//	result = rk7 @ rk6 @ rk5 @ rk4
func VSM4K(rk [4]uint32, uimm uint) [4]uint32 {
	ck := SM4CK[4*(uimm&7):]
	rk4 := rk[0] ^ SM4KeyT(rk[1]^rk[2]^rk[3]^ck[0])
	rk5 := rk[1] ^ SM4KeyT(rk[2]^rk[3]^rk4^ck[1])
	rk6 := rk[2] ^ SM4KeyT(rk[3]^rk4^rk5^ck[2])
	rk7 := rk[3] ^ SM4KeyT(rk4^rk5^rk6^ck[3])
	return [4]uint32{rk4, rk5, rk6, rk7}
}

// VSM4R implements one element group of vsm4r.vv/vsm4r.vs ([VCrypto]
// "vsm4r.[vv,vs]"): four SM4 rounds on the state x = {x0, x1, x2, x3} with
// the round keys rk = {rk0, rk1, rk2, rk3}:
//
//	B = x1 ^ x2 ^ x3 ^ rk0; S = sm4_subword(B); x4 = sm4_round(x0, S);
//	B = x2 ^ x3 ^ x4 ^ rk1; S = sm4_subword(B); x5 = sm4_round(x1, S);
//	B = x3 ^ x4 ^ x5 ^ rk2; S = sm4_subword(B); x6 = sm4_round(x2, S);
//	B = x4 ^ x5 ^ x6 ^ rk3; S = sm4_subword(B); x7 = sm4_round(x3, S);
//	result = x7 @ x6 @ x5 @ x4
func VSM4R(x, rk [4]uint32) [4]uint32 {
	x4 := x[0] ^ SM4RoundT(x[1]^x[2]^x[3]^rk[0])
	x5 := x[1] ^ SM4RoundT(x[2]^x[3]^x4^rk[1])
	x6 := x[2] ^ SM4RoundT(x[3]^x4^x5^rk[2])
	x7 := x[3] ^ SM4RoundT(x4^x5^x6^rk[3])
	return [4]uint32{x4, x5, x6, x7}
}

// SM4RoundStep is one round of vsm4r.* or vsm4k.vi as the [VCrypto]
// pseudo-code names its values: B (the S-box input), S = sm4_subword(B)
// and the new word (x4..x7 or rk4..rk7).
type SM4RoundStep struct {
	B, S, Out uint32
}

// VSM4RSteps evaluates vsm4r on one element group round by round, for the
// debugger's explain. Steps[3].Out..Steps[0].Out is the VSM4R result.
func VSM4RSteps(x, rk [4]uint32) (steps [4]SM4RoundStep) {
	w := [8]uint32{x[0], x[1], x[2], x[3]}
	for i := range 4 {
		b := w[i+1] ^ w[i+2] ^ w[i+3] ^ rk[i]
		s := vsm4SubWord(b)
		w[i+4] = w[i] ^ s ^ bits.RotateLeft32(s, 2) ^ bits.RotateLeft32(s, 10) ^ bits.RotateLeft32(s, 18) ^ bits.RotateLeft32(s, 24)
		steps[i] = SM4RoundStep{b, s, w[i+4]}
	}
	return steps
}

// VSM4KSteps evaluates vsm4k.vi on one element group round by round, for
// the debugger's explain. Steps[3].Out..Steps[0].Out is the VSM4K result.
func VSM4KSteps(rk [4]uint32, uimm uint) (steps [4]SM4RoundStep) {
	w := [8]uint32{rk[0], rk[1], rk[2], rk[3]}
	for i := range 4 {
		b := w[i+1] ^ w[i+2] ^ w[i+3] ^ SM4CK[4*(uimm&7)+uint(i)]
		s := vsm4SubWord(b)
		w[i+4] = w[i] ^ s ^ bits.RotateLeft32(s, 13) ^ bits.RotateLeft32(s, 23)
		steps[i] = SM4RoundStep{b, s, w[i+4]}
	}
	return steps
}

// vsm4SubWord is sm4_subword of [VCrypto] "Supporting Sail Code": the S-box
// applied to each byte.
func vsm4SubWord(x uint32) uint32 {
	return uint32(SM4SBox[byte(x>>24)])<<24 | uint32(SM4SBox[byte(x>>16)])<<16 |
		uint32(SM4SBox[byte(x>>8)])<<8 | uint32(SM4SBox[byte(x)])
}
