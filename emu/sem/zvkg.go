package sem

// Vector GHASH instructions (Zvkg). An element group (EGW=128, EGS=4,
// SEW=32) is passed as [4]uint32, index k holding element k, so a group
// loaded with vle32.v from a 16-byte GCM block holds byte i of the block in
// bits 8i+7..8i. GCM (NIST SP 800-38D §6.3) numbers the coefficients of a
// block x0..x127 from the most significant bit of byte 0; the instructions
// bit-reverse every byte (brev8) so that bit i of the 128-bit value is the
// coefficient of x^i, multiply, and reverse back.

// GF128Mul multiplies two elements of GF(2^128) modulo x^128 + x^7 + x^2 +
// x + 1, each given as the coefficients of x^0..x^127 in bits 0..127 (lo
// holding bits 0..63). It is the loop of [VCrypto] "vghsh.vv":
//
//	for (int bit = 0; bit < 128; bit++) {
//	  if bit_to_bool(S[bit]) Z ^= H
//	  bool reduce = bit_to_bool(H[127]);
//	  H = H << 1;
//	  if (reduce) H ^= 0x87;
//	}
//
// computed as a 128×128-bit carry-less product ([Clmul64], [Clmulh64])
// followed by two folds of the high half by x^128 ≡ 0x87.
func GF128Mul(alo, ahi, blo, bhi uint64) (lo, hi uint64) {
	p0 := Clmul64(alo, blo)
	p1 := Clmulh64(alo, blo) ^ Clmul64(alo, bhi) ^ Clmul64(ahi, blo)
	p2 := Clmulh64(alo, bhi) ^ Clmulh64(ahi, blo) ^ Clmul64(ahi, bhi)
	p3 := Clmulh64(ahi, bhi)
	// Fold bits 128..255 (p3:p2) into 0..134, then the overflow bits
	// 128..134 into 0..13.
	lo = p0 ^ Clmul64(p2, 0x87)
	hi = p1 ^ Clmulh64(p2, 0x87) ^ Clmul64(p3, 0x87)
	lo ^= Clmul64(Clmulh64(p3, 0x87), 0x87)
	return lo, hi
}

// VGHSH implements one element group of vghsh.vv ([VCrypto] "vghsh.vv"):
// one GHASH step Y' = (Y ^ X) · H with the partial hash Y in vd, the block X
// in vs1 and the hash subkey H in vs2:
//
//	H = brev8(get_velem(vs2, EGW=128, i))
//	S = brev8(Y ^ X)
//	Z = S · H                      // the loop of GF128Mul
//	result = brev8(Z)
func VGHSH(y, x, h [4]uint32) [4]uint32 {
	ylo, yhi := egHalves(y)
	xlo, xhi := egHalves(x)
	hlo, hhi := egHalves(h)
	zlo, zhi := GF128Mul(Brev8(ylo^xlo), Brev8(yhi^xhi), Brev8(hlo), Brev8(hhi))
	return egJoin(Brev8(zlo), Brev8(zhi))
}

// VGMUL implements one element group of vgmul.vv ([VCrypto] "vgmul.vv"):
// the GHASH product Y · H of vd (Y) and vs2 (H), i.e. [VGHSH] with X = 0:
//
//	Y = brev8(get_velem(vd, EGW=128, i))
//	H = brev8(get_velem(vs2, EGW=128, i))
//	result = brev8(Y · H)
func VGMUL(y, h [4]uint32) [4]uint32 {
	return VGHSH(y, [4]uint32{}, h)
}
