package sem

import "math/bits"

// Vector SM3 instructions (Zvksh). An element group (EGW=256, EGS=8,
// SEW=32) is passed as [8]uint32, index k holding element k. SM3 (GB/T
// 32905-2016) is defined on big-endian words; the instructions byte-swap
// every input word (rev8) and every output word, so software keeps words
// in memory (little-endian load) order and needs no swaps of its own. The
// permutations P0 and P1 are the scalar Zksh ones.

// SM3TJ is the SM3 round constant T_j (GB/T 32905-2016 §4.2).
func SM3TJ(j int) uint32 {
	if j <= 15 {
		return 0x79cc4519
	}
	return 0x7a879d8a
}

// vsm3W is ZVKSH_W of [VCrypto] "vsm3me.vv" (the SM3 message expansion
// step of GB/T 32905-2016 §5.3.2):
//
//	ZVKSH_W(M16, M9, M3, M13, M6) = P1(M16 ^ M9 ^ ROL32(M3, 15)) ^ ROL32(M13, 7) ^ M6
func vsm3W(m16, m9, m3, m13, m6 uint32) uint32 {
	return SM3P1(m16^m9^bits.RotateLeft32(m3, 15)) ^ bits.RotateLeft32(m13, 7) ^ m6
}

// VSM3ME implements one element group of vsm3me.vv ([VCrypto]
// "vsm3me.vv"): eight steps of the SM3 message expansion. vs1 holds
// W[7:0] and vs2 W[15:8] (element k of vs1 is W[k]); the result is
// W[23:16]. Inputs and outputs are byte-swapped as the pseudo-code does:
//
//	w16 = ZVKSH_W(w0 @ w7 @ w13 @ w3 @ w10)
//	...
//	w23 = ZVKSH_W(w7 @ w14 @ w20 @ w10 @ w17)
func VSM3ME(vs1, vs2 [8]uint32) (out [8]uint32) {
	var w [24]uint32
	for k := range 8 {
		w[k] = bits.ReverseBytes32(vs1[k])
		w[k+8] = bits.ReverseBytes32(vs2[k])
	}
	for j := 16; j < 24; j++ {
		w[j] = vsm3W(w[j-16], w[j-9], w[j-3], w[j-13], w[j-6])
		out[j-16] = bits.ReverseBytes32(w[j])
	}
	return out
}

// vsm3FF and vsm3GG are FF_j and GG_j of GB/T 32905-2016 §4.3.
func vsm3FF(x, y, z uint32, j int) uint32 {
	if j <= 15 {
		return x ^ y ^ z
	}
	return x&y | x&z | y&z
}

func vsm3GG(x, y, z uint32, j int) uint32 {
	if j <= 15 {
		return x ^ y ^ z
	}
	return x&y | ^x&z
}

// SM3Round is the SM3 working state after one compression round (GB/T
// 32905-2016 §5.3.3), in the standard (big-endian word) frame, for the
// debugger's explain.
type SM3Round struct {
	J                      int // round number 0..63
	SS1, SS2, TT1, TT2     uint32
	A, B, C, D, E, F, G, H uint32
}

// VSM3CSteps evaluates vsm3c.vi on one element group round by round: the
// two rounds 2·uimm and 2·uimm+1 (uimm is the 5-bit field). VSM3C returns
// the second round's state, byte-swapped, as {A, B, C, D, E, F, G, H}
// in elements 0..7.
func VSM3CSteps(vd, vs2 [8]uint32, uimm uint) (r [2]SM3Round) {
	var s [8]uint32
	for k := range s {
		s[k] = bits.ReverseBytes32(vd[k])
	}
	a, b, c, d, e, f, g, h := s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]
	w := [2]uint32{bits.ReverseBytes32(vs2[0]), bits.ReverseBytes32(vs2[1])}
	w4 := [2]uint32{bits.ReverseBytes32(vs2[4]), bits.ReverseBytes32(vs2[5])}
	for i := range 2 {
		j := 2*int(uimm&31) + i
		ss1 := bits.RotateLeft32(bits.RotateLeft32(a, 12)+e+bits.RotateLeft32(SM3TJ(j), j%32), 7)
		ss2 := ss1 ^ bits.RotateLeft32(a, 12)
		tt1 := vsm3FF(a, b, c, j) + d + ss2 + (w[i] ^ w4[i]) // W'[j] = W[j] ^ W[j+4]
		tt2 := vsm3GG(e, f, g, j) + h + ss1 + w[i]
		d, c, b, a = c, bits.RotateLeft32(b, 9), a, tt1
		h, g, f, e = g, bits.RotateLeft32(f, 19), e, SM3P0(tt2)
		r[i] = SM3Round{j, ss1, ss2, tt1, tt2, a, b, c, d, e, f, g, h}
	}
	return r
}

// VSM3C implements one element group of vsm3c.vi ([VCrypto] "vsm3c.vi"):
// rounds 2·uimm and 2·uimm+1 of the SM3 compression function. vd holds the
// state {H, G, F, E, D, C, B, A} (A in element 0) and vs2 the message words
// {-, -, w[5], w[4], -, -, w[1], w[0]}; all words are byte-swapped on input
// and output:
//
//	x0 = w0 ^ w4; x1 = w1 ^ w5          // W'[j], W'[j+1]
//	j   = 2 * rnds
//	ss1 = ROL32(ROL32(A, 12) + E + ROL32(T_j(j), j % 32), 7)
//	ss2 = ss1 ^ ROL32(A, 12)
//	tt1 = FF_j(A, B, C, j) + D + ss2 + x0
//	tt2 = GG_j(E, F, G, j) + H + ss1 + w0
//	D = C; C1 = ROL32(B, 9); B = A; A1 = tt1; H = G; G1 = ROL32(F, 19); F = E; E1 = P_0(tt2)
//	(the same again for j = 2 * rnds + 1 with x1, w1)
//	result = {rev8(G1) @ rev8(G2) @ rev8(E1) @ rev8(E2) @ rev8(C1) @ rev8(C2) @ rev8(A1) @ rev8(A2)}
func VSM3C(vd, vs2 [8]uint32, uimm uint) [8]uint32 {
	a, b, c, d := bits.ReverseBytes32(vd[0]), bits.ReverseBytes32(vd[1]), bits.ReverseBytes32(vd[2]), bits.ReverseBytes32(vd[3])
	e, f, g, h := bits.ReverseBytes32(vd[4]), bits.ReverseBytes32(vd[5]), bits.ReverseBytes32(vd[6]), bits.ReverseBytes32(vd[7])
	w0, w1 := bits.ReverseBytes32(vs2[0]), bits.ReverseBytes32(vs2[1])
	w4, w5 := bits.ReverseBytes32(vs2[4]), bits.ReverseBytes32(vs2[5])

	j := 2 * int(uimm&31)
	ss1 := bits.RotateLeft32(bits.RotateLeft32(a, 12)+e+bits.RotateLeft32(SM3TJ(j), j%32), 7)
	ss2 := ss1 ^ bits.RotateLeft32(a, 12)
	tt1 := vsm3FF(a, b, c, j) + d + ss2 + (w0 ^ w4)
	tt2 := vsm3GG(e, f, g, j) + h + ss1 + w0
	d, c1, b, a1 := c, bits.RotateLeft32(b, 9), a, tt1
	h, g1, f, e1 := g, bits.RotateLeft32(f, 19), e, SM3P0(tt2)

	j++
	ss1 = bits.RotateLeft32(bits.RotateLeft32(a1, 12)+e1+bits.RotateLeft32(SM3TJ(j), j%32), 7)
	ss2 = ss1 ^ bits.RotateLeft32(a1, 12)
	tt1 = vsm3FF(a1, b, c1, j) + d + ss2 + (w1 ^ w5)
	tt2 = vsm3GG(e1, f, g1, j) + h + ss1 + w1
	c2, a2 := bits.RotateLeft32(b, 9), tt1
	g2, e2 := bits.RotateLeft32(f, 19), SM3P0(tt2)

	return [8]uint32{
		bits.ReverseBytes32(a2), bits.ReverseBytes32(a1), bits.ReverseBytes32(c2), bits.ReverseBytes32(c1),
		bits.ReverseBytes32(e2), bits.ReverseBytes32(e1), bits.ReverseBytes32(g2), bits.ReverseBytes32(g1),
	}
}
