package sem

import "math/bits"

// ShangMi SM3 hash instructions (Zksh).

// SM3P0 implements sm3p0 ([Crypto] §3.41), the permutation P0 of the SM3
// compression function (GB/T 32905-2016 §4.4):
//
//	result = r1 ^ rol32(r1, 9) ^ rol32(r1, 17)
//
// The caller sign-extends the result on RV64.
func SM3P0(x uint32) uint32 {
	return x ^ bits.RotateLeft32(x, 9) ^ bits.RotateLeft32(x, 17)
}

// SM3P1 implements sm3p1 ([Crypto] §3.42), the permutation P1 of the SM3
// message expansion (GB/T 32905-2016 §4.4):
//
//	result = r1 ^ rol32(r1, 15) ^ rol32(r1, 23)
//
// The caller sign-extends the result on RV64.
func SM3P1(x uint32) uint32 {
	return x ^ bits.RotateLeft32(x, 15) ^ bits.RotateLeft32(x, 23)
}
