package sem

import "encoding/binary"

// Vector AES instructions (Zvkned). An AES element group (EGW=128, EGS=4,
// SEW=32) is passed as [4]uint32, index k holding element k, i.e. bits
// 32k+31..32k of the 128-bit group ([VCrypto] "Element Groups"). Byte 0 of
// the group (bits 7..0 of element 0) is byte 0 of the AES state, so a group
// loaded with vle32.v from a 16-byte block holds that block in FIPS-197 input
// order: the same layout as the scalar register pair of [AESStateFromRegs]
// with element 0 and 1 in rs1 and elements 2 and 3 in rs2. The round
// functions therefore reuse the scalar Zkne/Zknd helpers on the two 64-bit
// halves of the group.

// egHalves splits a 128-bit element group into the scalar register pair.
func egHalves(w [4]uint32) (lo, hi uint64) {
	return uint64(w[0]) | uint64(w[1])<<32, uint64(w[2]) | uint64(w[3])<<32
}

// egJoin is the inverse of egHalves.
func egJoin(lo, hi uint64) [4]uint32 {
	return [4]uint32{uint32(lo), uint32(lo >> 32), uint32(hi), uint32(hi >> 32)}
}

// AESStateFromGroup returns the AES state (FIPS-197 input order) held in
// a Zvkned element group.
func AESStateFromGroup(w [4]uint32) (s [16]byte) {
	for k, x := range w {
		binary.LittleEndian.PutUint32(s[4*k:], x)
	}
	return s
}

// AESStateToGroup is the inverse of [AESStateFromGroup].
func AESStateToGroup(s [16]byte) (w [4]uint32) {
	for k := range w {
		w[k] = binary.LittleEndian.Uint32(s[4*k:])
	}
	return w
}

// VAESEF implements one element group of vaesef.vv/vaesef.vs ([VCrypto]
// "vaesef.[vv,vs]"), the final encryption round:
//
//	sb  = aes_subbytes_fwd(state)
//	sr  = aes_shift_rows_fwd(sb)
//	ark = sr ^ rkey
//
// computed as two [AES64ES] (SubBytes commutes with ShiftRows).
func VAESEF(state, rkey [4]uint32) [4]uint32 {
	lo, hi := egHalves(state)
	klo, khi := egHalves(rkey)
	return egJoin(AES64ES(lo, hi)^klo, AES64ES(hi, lo)^khi)
}

// VAESEM implements one element group of vaesem.vv/vaesem.vs ([VCrypto]
// "vaesem.[vv,vs]"), a middle encryption round:
//
//	sb  = aes_subbytes_fwd(state)
//	sr  = aes_shift_rows_fwd(sb)
//	mix = aes_mixcolumns_fwd(sr)
//	ark = mix ^ rkey
//
// computed as two [AES64ESM].
func VAESEM(state, rkey [4]uint32) [4]uint32 {
	lo, hi := egHalves(state)
	klo, khi := egHalves(rkey)
	return egJoin(AES64ESM(lo, hi)^klo, AES64ESM(hi, lo)^khi)
}

// VAESDF implements one element group of vaesdf.vv/vaesdf.vs ([VCrypto]
// "vaesdf.[vv,vs]"), the final decryption round:
//
//	sr  = aes_shift_rows_inv(state)
//	sb  = aes_subbytes_inv(sr)
//	ark = sb ^ rkey
//
// computed as two [AES64DS].
func VAESDF(state, rkey [4]uint32) [4]uint32 {
	lo, hi := egHalves(state)
	klo, khi := egHalves(rkey)
	return egJoin(AES64DS(lo, hi)^klo, AES64DS(hi, lo)^khi)
}

// VAESDM implements one element group of vaesdm.vv/vaesdm.vs ([VCrypto]
// "vaesdm.[vv,vs]"), a middle decryption round of the (straight, not the
// equivalent) inverse cipher:
//
//	sr  = aes_shift_rows_inv(state)
//	sb  = aes_subbytes_inv(sr)
//	ark = sb ^ rkey
//	mix = aes_mixcolumns_inv(ark)
//
// Unlike the scalar aes64dsm, the round key is added before InvMixColumns,
// so it takes the encryption round keys unchanged. Computed as [AES64DS]
// followed by [AES64IM].
func VAESDM(state, rkey [4]uint32) [4]uint32 {
	lo, hi := egHalves(state)
	klo, khi := egHalves(rkey)
	return egJoin(AES64IM(AES64DS(lo, hi)^klo), AES64IM(AES64DS(hi, lo)^khi))
}

// VAESZ implements one element group of vaesz.vs ([VCrypto] "vaesz.vs"),
// round zero (AddRoundKey alone):
//
//	ark = state ^ rkey
func VAESZ(state, rkey [4]uint32) [4]uint32 {
	return [4]uint32{state[0] ^ rkey[0], state[1] ^ rkey[1], state[2] ^ rkey[2], state[3] ^ rkey[3]}
}

// VAESKF1Round maps the uimm field of vaeskf1.vi to the round number it
// selects ([VCrypto] "vaeskf1.vi"): uimm[4] is ignored, and the out-of-range
// values 0 and 11..15 of uimm[3:0] have uimm[3] inverted, so 0 maps to 8 and
// 11..15 to 3..7:
//
//	if (unsigned(rnd[3:0]) > 10) | (rnd[3:0] = 0) then rnd[3] = ~rnd[3]
//
// The result is in 1..10.
func VAESKF1Round(uimm uint) uint {
	r := uimm & 0xf
	if r > 10 || r == 0 {
		r ^= 8
	}
	return r
}

// VAESKF1 implements one element group of vaeskf1.vi ([VCrypto]
// "vaeskf1.vi"): the AES-128 round key of round VAESKF1Round(uimm) from
// the previous round key cur:
//
//	r    = rnd - 1
//	w[0] = aes_subword_fwd(aes_rotword(CurrentRoundKey[3])) ^ aes_decode_rcon(r) ^ CurrentRoundKey[0]
//	w[1] = w[0] ^ CurrentRoundKey[1]
//	w[2] = w[1] ^ CurrentRoundKey[2]
//	w[3] = w[2] ^ CurrentRoundKey[3]
//
// computed with the scalar [AES64KS1I] and [AES64KS2], as the scalar AES-128
// key schedule does.
func VAESKF1(cur [4]uint32, uimm uint) [4]uint32 {
	lo, hi := egHalves(cur)
	t, _ := AES64KS1I(hi, VAESKF1Round(uimm)-1) // rnum 0..9: always valid
	nlo := AES64KS2(t, lo)
	return egJoin(nlo, AES64KS2(nlo, hi))
}

// VAESKF2Round maps the uimm field of vaeskf2.vi to the round number it
// selects ([VCrypto] "vaeskf2.vi"): uimm[4] is ignored, and the out-of-range
// values 0, 1 and 15 of uimm[3:0] have uimm[3] inverted, so 0..1 map to 8..9
// and 15 to 7:
//
//	if (unsigned(rnd[3:0]) < 2) | (unsigned(rnd[3:0]) > 14) then rnd[3] = ~rnd[3]
//
// The result is in 2..14.
func VAESKF2Round(uimm uint) uint {
	r := uimm & 0xf
	if r < 2 || r > 14 {
		r ^= 8
	}
	return r
}

// VAESKF2 implements one element group of vaeskf2.vi ([VCrypto]
// "vaeskf2.vi"): the AES-256 round key of round VAESKF2Round(uimm) from the
// round key two rounds back (prev, read from vd) and the previous one (cur,
// from vs2):
//
//	w[0] = if rnd[0] == 1 then aes_subword_fwd(CurrentRoundKey[3]) ^ RoundKeyB[0]
//	       else aes_subword_fwd(aes_rotword(CurrentRoundKey[3])) ^ aes_decode_rcon((rnd>>1) - 1) ^ RoundKeyB[0]
//	w[1] = w[0] ^ RoundKeyB[1]
//	w[2] = w[1] ^ RoundKeyB[2]
//	w[3] = w[2] ^ RoundKeyB[3]
//
// computed with [AES64KS1I] (rnum 0xA for the odd rounds' SubWord without
// RotWord or constant) and [AES64KS2].
func VAESKF2(prev, cur [4]uint32, uimm uint) [4]uint32 {
	rnd := VAESKF2Round(uimm)
	rnum := uint(0xA)
	if rnd&1 == 0 {
		rnum = rnd>>1 - 1
	}
	_, chi := egHalves(cur)
	plo, phi := egHalves(prev)
	t, _ := AES64KS1I(chi, rnum) // rnum 0..6 or 0xA: always valid
	nlo := AES64KS2(t, plo)
	return egJoin(nlo, AES64KS2(nlo, phi))
}

// AESRoundKind selects one of the Zvkned round instructions for
// [VAESRoundSteps].
type AESRoundKind uint8

const (
	AESRoundZero      AESRoundKind = iota // vaesz
	AESRoundEncMiddle                     // vaesem
	AESRoundEncFinal                      // vaesef
	AESRoundDecMiddle                     // vaesdm
	AESRoundDecFinal                      // vaesdf
	numAESRoundKinds
)

// AESStep is one step of an AES round: the name of the transformation
// (FIPS-197 §5) and the state after it.
type AESStep struct {
	Name  string // "input", "SubBytes", "ShiftRows", "MixColumns", "AddRoundKey", "InvShiftRows", ...
	State [16]byte
}

// AESRoundSteps is an AES round evaluated step by step: Steps[0] is the
// input state, Steps[N-1] the result.
type AESRoundSteps struct {
	Steps [5]AESStep
	N     int
}

// VAESRoundSteps evaluates one element group of a Zvkned round instruction
// step by step, in the order of the [VCrypto] pseudo-code, on the
// byte-wise FIPS-197 transformations ([AESSubBytes], [AESShiftRows],
// [AESMixColumns] and their inverses) rather than the combined tables, for
// the debugger's explain. The final state equals the result of the
// corresponding VAES* function.
func VAESRoundSteps(kind AESRoundKind, state, rkey [4]uint32) AESRoundSteps {
	var r AESRoundSteps
	s := AESStateFromGroup(state)
	k := AESStateFromGroup(rkey)
	add := func(name string, st [16]byte) {
		r.Steps[r.N] = AESStep{name, st}
		r.N++
		s = st
	}
	ark := func() {
		var o [16]byte
		for i := range o {
			o[i] = s[i] ^ k[i]
		}
		add("AddRoundKey", o)
	}
	add("input", s)
	switch kind {
	case AESRoundZero:
		ark()
	case AESRoundEncMiddle, AESRoundEncFinal:
		add("SubBytes", AESSubBytes(s))
		add("ShiftRows", AESShiftRows(s))
		if kind == AESRoundEncMiddle {
			add("MixColumns", AESMixColumns(s))
		}
		ark()
	case AESRoundDecMiddle, AESRoundDecFinal:
		add("InvShiftRows", AESInvShiftRows(s))
		add("InvSubBytes", AESInvSubBytes(s))
		ark()
		if kind == AESRoundDecMiddle {
			add("InvMixColumns", AESInvMixColumns(s))
		}
	}
	return r
}

// Result returns the state after the last step.
func (r *AESRoundSteps) Result() [16]byte { return r.Steps[r.N-1].State }
