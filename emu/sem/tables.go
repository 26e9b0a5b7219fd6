package sem

import "math/bits"

// Table-driven variants of the vector element-group functions, for the emulator's vector fast
// path. Each computes exactly what the function it is named after computes (VAESEM,
// VAESDM, VSM4R, VGHSH, ...), which stays the reference: tables_test.go compares them on
// random inputs. The element-group layout is the same ([4]uint32, element k at index k;
// byte r of element c is row r, column c of the AES state).

// aesTE[r][x] is the contribution of S-box input x in row r to its column after SubBytes and
// MixColumns: the column {02,01,01,03}·S(x) rotated down r rows. aesTD is the same for the
// inverse cipher ({0e,09,0d,0b}·InvS(x)), and aesIM without the S-box (InvMixColumns of
// the round key, which vaesdm adds before InvMixColumns).
var aesTE, aesTD, aesIM = func() (te, td, im [4][256]uint32) {
	for x := range 256 {
		s, is, b := AESSBox[x], AESInvSBox[x], byte(x)
		te[0][x] = uint32(gfMul(s, 2)) | uint32(s)<<8 | uint32(s)<<16 | uint32(gfMul(s, 3))<<24
		td[0][x] = uint32(gfMul(is, 14)) | uint32(gfMul(is, 9))<<8 | uint32(gfMul(is, 13))<<16 | uint32(gfMul(is, 11))<<24
		im[0][x] = uint32(gfMul(b, 14)) | uint32(gfMul(b, 9))<<8 | uint32(gfMul(b, 13))<<16 | uint32(gfMul(b, 11))<<24
		for r := 1; r < 4; r++ {
			te[r][x] = bits.RotateLeft32(te[0][x], 8*r)
			td[r][x] = bits.RotateLeft32(td[0][x], 8*r)
			im[r][x] = bits.RotateLeft32(im[0][x], 8*r)
		}
	}
	return te, td, im
}()

// AESEncRoundT is [VAESEM] by T-tables: ShiftRows (row r of column c comes from column
// c+r), SubBytes and MixColumns in one lookup per byte, then the round key.
func AESEncRoundT(w, k [4]uint32) [4]uint32 { AESEncRoundIn(&w, &k); return w }

// AESEncRoundIn is AESEncRoundT in place: *w becomes the round's output. (Working through
// pointers keeps the group in registers: a [4]uint32 result returned by value goes through
// memory, written a word at a time and read back whole.)
func AESEncRoundIn(w, k *[4]uint32) {
	t0, t1, t2, t3 := &aesTE[0], &aesTE[1], &aesTE[2], &aesTE[3]
	w0, w1, w2, w3 := w[0], w[1], w[2], w[3]
	w[0] = t0[byte(w0)] ^ t1[byte(w1>>8)] ^ t2[byte(w2>>16)] ^ t3[byte(w3>>24)] ^ k[0]
	w[1] = t0[byte(w1)] ^ t1[byte(w2>>8)] ^ t2[byte(w3>>16)] ^ t3[byte(w0>>24)] ^ k[1]
	w[2] = t0[byte(w2)] ^ t1[byte(w3>>8)] ^ t2[byte(w0>>16)] ^ t3[byte(w1>>24)] ^ k[2]
	w[3] = t0[byte(w3)] ^ t1[byte(w0>>8)] ^ t2[byte(w1>>16)] ^ t3[byte(w2>>24)] ^ k[3]
}

// subShift is SubBytes (s: the S-box or its inverse) of bytes taken from the columns a, b,
// c, d for rows 0..3: one column of ShiftRows or InvShiftRows followed by the S-box.
func subShift(s *[256]byte, a, b, c, d uint32) uint32 {
	return uint32(s[byte(a)]) | uint32(s[byte(b>>8)])<<8 | uint32(s[byte(c>>16)])<<16 | uint32(s[byte(d>>24)])<<24
}

// AESEncLastT is [VAESEF]: ShiftRows and SubBytes, then the round key.
func AESEncLastT(w, k [4]uint32) [4]uint32 { AESEncLastIn(&w, &k); return w }

// AESEncLastIn is AESEncLastT in place.
func AESEncLastIn(w, k *[4]uint32) {
	s := &AESSBox
	w0, w1, w2, w3 := w[0], w[1], w[2], w[3]
	w[0] = subShift(s, w0, w1, w2, w3) ^ k[0]
	w[1] = subShift(s, w1, w2, w3, w0) ^ k[1]
	w[2] = subShift(s, w2, w3, w0, w1) ^ k[2]
	w[3] = subShift(s, w3, w0, w1, w2) ^ k[3]
}

// invMix is InvMixColumns of one column, by table.
func invMix(c uint32) uint32 {
	m := &aesIM
	return m[0][byte(c)] ^ m[1][byte(c>>8)] ^ m[2][byte(c>>16)] ^ m[3][byte(c>>24)]
}

// AESDecRoundT is [VAESDM]: InvShiftRows (row r of column c comes from column c-r),
// InvSubBytes and InvMixColumns by table; the round key, added before InvMixColumns, enters
// as InvMixColumns(key) (the transform is linear).
func AESDecRoundT(w, k [4]uint32) [4]uint32 { AESDecRoundIn(&w, &k); return w }

// AESDecRoundIn is AESDecRoundT in place.
func AESDecRoundIn(w, k *[4]uint32) {
	t0, t1, t2, t3 := &aesTD[0], &aesTD[1], &aesTD[2], &aesTD[3]
	w0, w1, w2, w3 := w[0], w[1], w[2], w[3]
	w[0] = t0[byte(w0)] ^ t1[byte(w3>>8)] ^ t2[byte(w2>>16)] ^ t3[byte(w1>>24)] ^ invMix(k[0])
	w[1] = t0[byte(w1)] ^ t1[byte(w0>>8)] ^ t2[byte(w3>>16)] ^ t3[byte(w2>>24)] ^ invMix(k[1])
	w[2] = t0[byte(w2)] ^ t1[byte(w1>>8)] ^ t2[byte(w0>>16)] ^ t3[byte(w3>>24)] ^ invMix(k[2])
	w[3] = t0[byte(w3)] ^ t1[byte(w2>>8)] ^ t2[byte(w1>>16)] ^ t3[byte(w0>>24)] ^ invMix(k[3])
}

// AESDecLastT is [VAESDF]: InvShiftRows and InvSubBytes, then the round key.
func AESDecLastT(w, k [4]uint32) [4]uint32 { AESDecLastIn(&w, &k); return w }

// AESDecLastIn is AESDecLastT in place.
func AESDecLastIn(w, k *[4]uint32) {
	s := &AESInvSBox
	w0, w1, w2, w3 := w[0], w[1], w[2], w[3]
	w[0] = subShift(s, w0, w3, w2, w1) ^ k[0]
	w[1] = subShift(s, w1, w0, w3, w2) ^ k[1]
	w[2] = subShift(s, w2, w1, w0, w3) ^ k[2]
	w[3] = subShift(s, w3, w2, w1, w0) ^ k[3]
}

// sm4TByPos[k] is vsm4RoundT rotated left by 8k: the round transform L(τ(b)) of a byte in
// position k, one lookup per byte.
var sm4TByPos = func() (t [4][256]uint32) {
	for b := range 256 {
		for k := range 4 {
			t[k][b] = bits.RotateLeft32(vsm4RoundT[b], 8*k)
		}
	}
	return t
}()

func sm4RoundFast(x uint32) uint32 {
	t := &sm4TByPos
	return t[0][byte(x)] ^ t[1][byte(x>>8)] ^ t[2][byte(x>>16)] ^ t[3][x>>24]
}

// VSM4RT is [VSM4R] with the combined S-box and L table per byte position.
func VSM4RT(x, rk [4]uint32) [4]uint32 { VSM4RIn(&x, &rk); return x }

// VSM4RIn is VSM4RT in place.
func VSM4RIn(x, rk *[4]uint32) {
	x4 := x[0] ^ sm4RoundFast(x[1]^x[2]^x[3]^rk[0])
	x5 := x[1] ^ sm4RoundFast(x[2]^x[3]^x4^rk[1])
	x6 := x[2] ^ sm4RoundFast(x[3]^x4^x5^rk[2])
	x7 := x[3] ^ sm4RoundFast(x4^x5^x6^rk[3])
	x[0], x[1], x[2], x[3] = x4, x5, x6, x7
}

// GF128MulFast is [GF128Mul] with three 64×64-bit carry-less products (Karatsuba) and the
// reduction by x^128 ≡ x^7 + x^2 + x + 1 done with shifts.
func GF128MulFast(alo, ahi, blo, bhi uint64) (lo, hi uint64) {
	h0, l0 := clmul128(alo, blo)
	h1, l1 := clmul128(ahi, bhi)
	hm, lm := clmul128(alo^ahi, blo^bhi)
	hm, lm = hm^h0^h1, lm^l0^l1
	// The product is p3:p2:p1:p0.
	p0, p1, p2, p3 := l0, h0^lm, l1^hm, h1
	// Fold p3:p2 (the coefficients of x^128..x^255) once: H·(1 + x + x^2 + x^7), whose bits
	// past 127 (o, at most 7) are folded again.
	tlo := p2 ^ p2<<1 ^ p2<<2 ^ p2<<7
	thi := p3 ^ (p3<<1 | p2>>63) ^ (p3<<2 | p2>>62) ^ (p3<<7 | p2>>57)
	o := p3>>63 ^ p3>>62 ^ p3>>57
	lo = p0 ^ tlo ^ o ^ o<<1 ^ o<<2 ^ o<<7
	hi = p1 ^ thi
	return lo, hi
}

// VGHSHT is [VGHSH] with [GF128MulFast].
func VGHSHT(y, x, h [4]uint32) [4]uint32 { VGHSHIn(&y, &x, &h); return y }

// VGHSHIn is VGHSHT in place (*y becomes the product); VGMULIn is VGMULT, with x nil.
func VGHSHIn(y, x, h *[4]uint32) {
	ylo, yhi := uint64(y[0])|uint64(y[1])<<32, uint64(y[2])|uint64(y[3])<<32
	if x != nil {
		ylo ^= uint64(x[0]) | uint64(x[1])<<32
		yhi ^= uint64(x[2]) | uint64(x[3])<<32
	}
	hlo, hhi := uint64(h[0])|uint64(h[1])<<32, uint64(h[2])|uint64(h[3])<<32
	zlo, zhi := GF128MulFast(Brev8(ylo), Brev8(yhi), Brev8(hlo), Brev8(hhi))
	zlo, zhi = Brev8(zlo), Brev8(zhi)
	y[0], y[1], y[2], y[3] = uint32(zlo), uint32(zlo>>32), uint32(zhi), uint32(zhi>>32)
}

// VGMULIn is VGMULT in place.
func VGMULIn(y, h *[4]uint32) { VGHSHIn(y, nil, h) }

// VGMULT is [VGMUL] with [GF128MulFast].
func VGMULT(y, h [4]uint32) [4]uint32 { return VGHSHT(y, [4]uint32{}, h) }
