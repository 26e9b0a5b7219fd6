package sem

import "math/bits"

// Vector basic bit-manipulation (Zvbb, and its subset Zvkb), one element at
// a time. Elements are passed zero-extended in a uint64 with their width sew
// (8, 16, 32 or 64); results are zero-extended to sew bits (2·sew for
// vwsll). The [VBitmanip] pseudo-code cited is that of the Zvbb chapter of
// the unprivileged ISA manual.

// sewMask returns the mask of the low sew bits.
func sewMask(sew uint) uint64 { return ^uint64(0) >> (64 - sew) }

// VAndn implements vandn.vv/vandn.vx for one element ([VBitmanip] "vandn"):
//
//	set_velem(vd, EEW=SEW, i, ~op1 & op2)
//
// with op1 from vs1 (or rs1, truncated to SEW) and op2 from vs2.
func VAndn(op2, op1 uint64, sew uint) uint64 { return ^op1 & op2 & sewMask(sew) }

// VBrev implements vbrev.v for one element ([VBitmanip] "vbrev.v"): the bit
// order of the element is reversed,
//
//	foreach (i from 0 to SEW-1) output[SEW-1-i] = input[i]
func VBrev(x uint64, sew uint) uint64 { return bits.Reverse64(x) >> (64 - sew) }

// VBrev8 implements vbrev8.v for one element ([VBitmanip] "vbrev8.v"): the
// bits of each byte are reversed, the bytes stay in place. It is the scalar
// [Brev8] on the element.
func VBrev8(x uint64, sew uint) uint64 { return Brev8(x) & sewMask(sew) }

// VRev8 implements vrev8.v for one element ([VBitmanip] "vrev8.v"): the
// byte order of the element is reversed.
func VRev8(x uint64, sew uint) uint64 { return bits.ReverseBytes64(x) >> (64 - sew) }

// VClz implements vclz.v for one element ([VBitmanip] "vclz.v"): the number
// of leading zero bits of the SEW-bit element (SEW for zero).
func VClz(x uint64, sew uint) uint64 {
	return uint64(bits.LeadingZeros64(x&sewMask(sew)) - (64 - int(sew)))
}

// VCtz implements vctz.v for one element ([VBitmanip] "vctz.v"): the number
// of trailing zero bits (SEW for zero).
func VCtz(x uint64, sew uint) uint64 {
	return uint64(min(bits.TrailingZeros64(x&sewMask(sew)), int(sew)))
}

// VCpop implements vcpop.v for one element ([VBitmanip] "vcpop.v"): the
// number of set bits.
func VCpop(x uint64, sew uint) uint64 { return uint64(bits.OnesCount64(x & sewMask(sew))) }

// VRol implements vrol.vv/vrol.vx for one element ([VBitmanip] "vrol"): the
// element rotated left by the low log2(SEW) bits of n,
//
//	get_velem(vs2, i) <<< (n & (SEW-1))
func VRol(x, n uint64, sew uint) uint64 {
	s := uint(n) & (sew - 1)
	x &= sewMask(sew)
	return (x<<s | x>>(sew-s)) & sewMask(sew) // x>>sew is 0: x has sew bits, and Go shifts by 64 give 0
}

// VRor implements vror.vv/vror.vx/vror.vi for one element ([VBitmanip]
// "vror"): the element rotated right by the low log2(SEW) bits of n,
//
//	get_velem(vs2, i) >>> (n & (SEW-1))
func VRor(x, n uint64, sew uint) uint64 {
	s := uint(n) & (sew - 1)
	x &= sewMask(sew)
	return (x>>s | x<<(sew-s)) & sewMask(sew)
}

// VWsll implements vwsll.vv/vwsll.vx/vwsll.vi for one element ([VBitmanip]
// "vwsll"): the SEW-bit element zero-extended to 2·SEW bits and shifted left
// by the low log2(2·SEW) bits of n. sew is at most 32.
//
//	set_velem(vd, EEW=2*SEW, i, get_velem(vs2, i) << (n & ((2*SEW)-1)))
func VWsll(x, n uint64, sew uint) uint64 {
	return (x & sewMask(sew)) << (uint(n) & (2*sew - 1)) & sewMask(2*sew)
}
