package sem

// Vector carry-less multiplication (Zvbc), defined for SEW=64 only. The
// [VBitmanip] "vclmul" and "vclmulh" pseudo-code is the scalar clmul and
// clmulh on each element, so the vector unit calls [Clmul64] and
// [Clmulh64]; these wrappers name the vector instructions for the
// debugger and the tests.

// VClmul implements vclmul.vv/vclmul.vx for one element ([VBitmanip]
// "vclmul"): the low 64 bits of the carry-less product of vs2[i] and vs1[i]
// (or rs1).
func VClmul(vs2, op1 uint64) uint64 { return Clmul64(vs2, op1) }

// VClmulh implements vclmulh.vv/vclmulh.vx for one element ([VBitmanip]
// "vclmulh"): the high 64 bits of the carry-less product.
func VClmulh(vs2, op1 uint64) uint64 { return Clmulh64(vs2, op1) }
