package sem

// Vector SHA-2 instructions (Zvknha: SHA-256 with SEW=32, EGW=128; Zvknhb:
// also SHA-512 with SEW=64, EGW=256). An element group of four SEW-bit
// words is passed as [4]uint32 or [4]uint64, index k holding element k;
// the [VCrypto] pseudo-code writes groups most significant element first
// ({W[3] @ W[2] @ W[1] @ W[0]}), so W[0] is index 0. The words are the
// FIPS 180-4 words themselves: software byte-swaps the big-endian message
// and the final digest. The σ and Σ functions are the scalar Zknh ones.

// VSHA2MS32 implements one element group of vsha2ms.vv with SEW=32
// ([VCrypto] "vsha2ms.vv"): four steps of the SHA-256 message schedule
// (FIPS 180-4 §6.2.2 step 1). vd holds {W[3], W[2], W[1], W[0]}, vs2
// {W[11], W[10], W[9], W[4]} and vs1 {W[15], W[14], W[13], W[12]}:
//
//	W[16] = sig1(W[14]) + W[9]  + sig0(W[1]) + W[0];
//	W[17] = sig1(W[15]) + W[10] + sig0(W[2]) + W[1];
//	W[18] = sig1(W[16]) + W[11] + sig0(W[3]) + W[2];
//	W[19] = sig1(W[17]) + W[12] + sig0(W[4]) + W[3];
//	result = {W[19] @ W[18] @ W[17] @ W[16]}
func VSHA2MS32(vd, vs2, vs1 [4]uint32) [4]uint32 {
	w16 := SHA256Sig1(vs1[2]) + vs2[1] + SHA256Sig0(vd[1]) + vd[0]
	w17 := SHA256Sig1(vs1[3]) + vs2[2] + SHA256Sig0(vd[2]) + vd[1]
	w18 := SHA256Sig1(w16) + vs2[3] + SHA256Sig0(vd[3]) + vd[2]
	w19 := SHA256Sig1(w17) + vs1[0] + SHA256Sig0(vs2[0]) + vd[3]
	return [4]uint32{w16, w17, w18, w19}
}

// VSHA2MS64 is [VSHA2MS32] for SEW=64 (SHA-512, FIPS 180-4 §6.4.2).
func VSHA2MS64(vd, vs2, vs1 [4]uint64) [4]uint64 {
	w16 := SHA512Sig1(vs1[2]) + vs2[1] + SHA512Sig0(vd[1]) + vd[0]
	w17 := SHA512Sig1(vs1[3]) + vs2[2] + SHA512Sig0(vd[2]) + vd[1]
	w18 := SHA512Sig1(w16) + vs2[3] + SHA512Sig0(vd[3]) + vd[2]
	w19 := SHA512Sig1(w17) + vs1[0] + SHA512Sig0(vs2[0]) + vd[3]
	return [4]uint64{w16, w17, w18, w19}
}

// VSHA2C32 implements one element group of vsha2ch.vv (high true) or
// vsha2cl.vv (high false) with SEW=32 ([VCrypto] "vsha2c[hl].vv"): two
// rounds of SHA-256 compression (FIPS 180-4 §6.2.2 step 3). vd holds the
// state {c, d, g, h} (c in element 3, h in element 0), vs2 {a, b, e, f} and
// vs1 four message-schedule words plus round constants, of which vsha2cl
// uses elements 1..0 and vsha2ch elements 3..2 ({W1, W0}):
//
//	T1 = h + sum1(e) + ch(e,f,g) + W0;  T2 = sum0(a) + maj(a,b,c);
//	h = g; g = f; f = e; e = d + T1; d = c; c = b; b = a; a = T1 + T2;
//	(the same again with W1)
//	result = {a @ b @ e @ f}
func VSHA2C32(vd, vs2, vs1 [4]uint32, high bool) [4]uint32 {
	a, b, e, f := vs2[3], vs2[2], vs2[1], vs2[0]
	c, d, g, h := vd[3], vd[2], vd[1], vd[0]
	w0, w1 := vs1[0], vs1[1]
	if high {
		w0, w1 = vs1[2], vs1[3]
	}
	t1 := h + SHA256Sum1(e) + (e&f ^ ^e&g) + w0
	t2 := SHA256Sum0(a) + (a&b ^ a&c ^ b&c)
	h, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
	t1 = h + SHA256Sum1(e) + (e&f ^ ^e&g) + w1
	t2 = SHA256Sum0(a) + (a&b ^ a&c ^ b&c)
	_, _, f, e, _, _, b, a = g, f, e, d+t1, c, b, a, t1+t2
	return [4]uint32{f, e, b, a}
}

// VSHA2C64 is [VSHA2C32] for SEW=64 (SHA-512, FIPS 180-4 §6.4.2).
func VSHA2C64(vd, vs2, vs1 [4]uint64, high bool) [4]uint64 {
	a, b, e, f := vs2[3], vs2[2], vs2[1], vs2[0]
	c, d, g, h := vd[3], vd[2], vd[1], vd[0]
	w0, w1 := vs1[0], vs1[1]
	if high {
		w0, w1 = vs1[2], vs1[3]
	}
	t1 := h + SHA512Sum1(e) + (e&f ^ ^e&g) + w0
	t2 := SHA512Sum0(a) + (a&b ^ a&c ^ b&c)
	h, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
	t1 = h + SHA512Sum1(e) + (e&f ^ ^e&g) + w1
	t2 = SHA512Sum0(a) + (a&b ^ a&c ^ b&c)
	_, _, f, e, _, _, b, a = g, f, e, d+t1, c, b, a, t1+t2
	return [4]uint64{f, e, b, a}
}

// SHA2Round is the SHA-2 working state {a..h} after one round, for the
// debugger's explain (SEW=32 values are zero-extended).
type SHA2Round struct {
	A, B, C, D, E, F, G, H uint64
	T1, T2                 uint64
}

// VSHA2CSteps evaluates vsha2ch/vsha2cl on one element group round by round
// (sew is 32 or 64; elements are zero-extended), for the debugger's explain.
// The result group of the instruction is {A, B, E, F} of the second round.
func VSHA2CSteps(sew int, vd, vs2, vs1 [4]uint64, high bool) (r [2]SHA2Round) {
	mask := ^uint64(0)
	if sew == 32 {
		mask = 0xffffffff
	}
	sum0 := func(x uint64) uint64 { return SHA512Sum0(x) }
	sum1 := func(x uint64) uint64 { return SHA512Sum1(x) }
	if sew == 32 {
		sum0 = func(x uint64) uint64 { return uint64(SHA256Sum0(uint32(x))) }
		sum1 = func(x uint64) uint64 { return uint64(SHA256Sum1(uint32(x))) }
	}
	a, b, e, f := vs2[3]&mask, vs2[2]&mask, vs2[1]&mask, vs2[0]&mask
	c, d, g, h := vd[3]&mask, vd[2]&mask, vd[1]&mask, vd[0]&mask
	w := [2]uint64{vs1[0], vs1[1]}
	if high {
		w = [2]uint64{vs1[2], vs1[3]}
	}
	for i := range 2 {
		t1 := (h + sum1(e) + (e&f ^ ^e&g) + w[i]) & mask
		t2 := (sum0(a) + (a&b ^ a&c ^ b&c)) & mask
		h, g, f, e, d, c, b, a = g, f, e, (d+t1)&mask, c, b, a, (t1+t2)&mask
		r[i] = SHA2Round{a, b, c, d, e, f, g, h, t1, t2}
	}
	return r
}
