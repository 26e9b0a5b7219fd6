package emu

import (
	"encoding/binary"
	"fmt"

	"rvsim/emu/sem"
	"rvsim/isa"
)

// The vector bit-manipulation and cryptography extensions (RISC-V vector cryptography
// specification v1.0, in the unprivileged ISA manual): Zvbb/Zvkb and Zvbc are element-wise
// and run on the integer engine (masking, tail policy and overlap rules included); Zvkg,
// Zvkned, Zvknha/b, Zvksed and Zvksh work on element groups and run on vkGroups below.
// The arithmetic is in emu/sem, shared with the scalar crypto instructions.

func init() {
	// Zvbb (Zvkb: vandn, vbrev8, vrev8, vrol, vror).
	un := vshape{src: srcN}
	regShape(isa.VBREV_V, un, func(a, _, _ uint64, sew uint, _ *Vector) uint64 { return sem.VBrev(a, sew) })
	regShape(isa.VBREV8_V, un, func(a, _, _ uint64, sew uint, _ *Vector) uint64 { return sem.VBrev8(a, sew) })
	regShape(isa.VREV8_V, un, func(a, _, _ uint64, sew uint, _ *Vector) uint64 { return sem.VRev8(a, sew) })
	regShape(isa.VCLZ_V, un, func(a, _, _ uint64, sew uint, _ *Vector) uint64 { return sem.VClz(a, sew) })
	regShape(isa.VCTZ_V, un, func(a, _, _ uint64, sew uint, _ *Vector) uint64 { return sem.VCtz(a, sew) })
	regShape(isa.VCPOP_V, un, func(a, _, _ uint64, sew uint, _ *Vector) uint64 { return sem.VCpop(a, sew) })
	// vandn.vx: rs1 sign-extended or truncated to SEW (x registers hold RV32 values
	// sign-extended already).
	regForms(vshape{}, isa.VANDN_VV, isa.VANDN_VX, opNone, 0,
		func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return sem.VAndn(a, b, sew) })
	regForms(vshape{}, isa.VROL_VV, isa.VROL_VX, opNone, 0,
		func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return sem.VRol(a, b, sew) })
	// vror.vi has a uimm6 (Inst.Imm), taken whole: srcI truncates it to SEW ≥ 8 bits.
	regForms(vshape{}, isa.VROR_VV, isa.VROR_VX, isa.VROR_VI, srcI,
		func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return sem.VRor(a, b, sew) })
	// vwsll: the widening engine enforces 2·SEW ≤ ELEN, LMUL ≤ 4 and the overlap rule.
	regForms(vshape{d: 1}, isa.VWSLL_VV, isa.VWSLL_VX, isa.VWSLL_VI, srcU,
		func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return sem.VWsll(a, b, sew) })

	// Zvbc: SEW=64 only.
	regClmul(isa.VCLMUL_VV, isa.VCLMUL_VX, sem.VClmul)
	regClmul(isa.VCLMULH_VV, isa.VCLMULH_VX, sem.VClmulh)

	// Zvkned.
	for _, r := range []struct {
		vv, vs isa.Op
		f      func(state, rkey [4]uint32) [4]uint32
	}{
		{isa.VAESEF_VV, isa.VAESEF_VS, sem.VAESEF},
		{isa.VAESEM_VV, isa.VAESEM_VS, sem.VAESEM},
		{isa.VAESDF_VV, isa.VAESDF_VS, sem.VAESDF},
		{isa.VAESDM_VV, isa.VAESDM_VS, sem.VAESDM},
		{opNone, isa.VAESZ_VS, sem.VAESZ},
	} {
		f := r.f
		g := func(d, s2, _ [4]uint32, _ uint) [4]uint32 { return f(d, s2) }
		if r.vv != opNone {
			regGroup4(r.vv, vkAES, vkVV, g)
		}
		regGroup4(r.vs, vkAES, vkVS, g)
	}
	regGroup4(isa.VAESKF1_VI, vkAES, vkVI,
		func(_, s2, _ [4]uint32, imm uint) [4]uint32 { return sem.VAESKF1(s2, imm) })
	regGroup4(isa.VAESKF2_VI, vkAES, vkVI,
		func(d, s2, _ [4]uint32, imm uint) [4]uint32 { return sem.VAESKF2(d, s2, imm) })

	// Zvksed.
	regGroup4(isa.VSM4K_VI, vkSM4, vkVI,
		func(_, s2, _ [4]uint32, imm uint) [4]uint32 { return sem.VSM4K(s2, imm) })
	regGroup4(isa.VSM4R_VV, vkSM4, vkVV,
		func(d, s2, _ [4]uint32, _ uint) [4]uint32 { return sem.VSM4R(d, s2) })
	regGroup4(isa.VSM4R_VS, vkSM4, vkVS,
		func(d, s2, _ [4]uint32, _ uint) [4]uint32 { return sem.VSM4R(d, s2) })

	// Zvkg.
	regGroup4(isa.VGHSH_VV, vkGCM, vkVVV,
		func(d, s2, s1 [4]uint32, _ uint) [4]uint32 { return sem.VGHSH(d, s1, s2) })
	regGroup4(isa.VGMUL_VV, vkGCM, vkVV,
		func(d, s2, _ [4]uint32, _ uint) [4]uint32 { return sem.VGMUL(d, s2) })

	// Zvknha/Zvknhb.
	vexec[isa.VSHA2MS_VV] = func(h *Hart, in *isa.Inst) vtrap {
		return h.vkSHA2(in, sem.VSHA2MS32, sem.VSHA2MS64)
	}
	vexec[isa.VSHA2CH_VV] = func(h *Hart, in *isa.Inst) vtrap {
		return h.vkSHA2(in,
			func(d, s2, s1 [4]uint32) [4]uint32 { return sem.VSHA2C32(d, s2, s1, true) },
			func(d, s2, s1 [4]uint64) [4]uint64 { return sem.VSHA2C64(d, s2, s1, true) })
	}
	vexec[isa.VSHA2CL_VV] = func(h *Hart, in *isa.Inst) vtrap {
		return h.vkSHA2(in,
			func(d, s2, s1 [4]uint32) [4]uint32 { return sem.VSHA2C32(d, s2, s1, false) },
			func(d, s2, s1 [4]uint64) [4]uint64 { return sem.VSHA2C64(d, s2, s1, false) })
	}

	// Zvksh.
	vexec[isa.VSM3ME_VV] = func(h *Hart, in *isa.Inst) vtrap {
		return h.vkSM3(in, true, func(d, s2, s1 [8]uint32) [8]uint32 { return sem.VSM3ME(s1, s2) })
	}
	vexec[isa.VSM3C_VI] = func(h *Hart, in *isa.Inst) vtrap {
		imm := uint(in.Imm)
		return h.vkSM3(in, false, func(d, s2, _ [8]uint32) [8]uint32 { return sem.VSM3C(d, s2, imm) })
	}
}

// regClmul registers vclmul[h].vv/.vx: the integer engine after the SEW=64 check. On RV32
// the .vx scalar is sign-extended to SEW=64, the vector spec's general rule for XLEN < SEW
// (Spike and the Sail model agree); x registers hold RV32 values sign-extended already.
func regClmul(vv, vx isa.Op, f func(a, b uint64) uint64) {
	sv, sx := vshape{src: srcV}, vshape{src: srcX}
	g := func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return f(a, b) }
	vexec[vv] = func(h *Hart, in *isa.Inst) vtrap {
		if h.V.SEW != 64 {
			return illegalV(in, fmt.Sprintf("SEW=%d is reserved: Zvbc is defined for SEW=64 only", h.V.SEW))
		}
		return h.vElementwise(in, &sv, g)
	}
	vexec[vx] = func(h *Hart, in *isa.Inst) vtrap {
		if h.V.SEW != 64 {
			return illegalV(in, fmt.Sprintf("SEW=%d is reserved: Zvbc is defined for SEW=64 only", h.V.SEW))
		}
		return h.vElementwise(in, &sx, g)
	}
}

// Element-group instruction families, for the SEW rule's message.
const (
	vkAES = "Zvkned"
	vkSM4 = "Zvksed"
	vkGCM = "Zvkg"
)

// Operand forms of the 128-bit element-group instructions.
type vkForm uint8

const (
	vkVV  vkForm = iota // vd and vs2 groups (vs1 field is part of the opcode)
	vkVS                // vd group and vs2's scalar element group (group 0), applied to every group
	vkVI                // vd and vs2 groups, uimm5 in the vs1 field
	vkVVV               // vd, vs2 and vs1 groups
)

// vkCheck applies the rules shared by the element-group instructions (vector crypto spec,
// "Instruction Constraints"): unmasked, the required SEW, EGW ≤ LMUL×VLEN (checked even when
// vl = 0), vl and vstart multiples of EGS, and register groups aligned to LMUL. It returns
// the first and end element groups to process.
func (h *Hart) vkCheck(in *isa.Inst, ext string, sewOK bool, egw, egs int) (first, end int, t vtrap) {
	v := h.V
	switch {
	case in.Vm == 0:
		return 0, 0, illegalV(in, "vm=0 is reserved: vector crypto instructions are unmasked")
	case !sewOK:
		return 0, 0, illegalV(in, fmt.Sprintf("SEW=%d is reserved for %s", v.SEW, ext))
	case v.VLEN*v.LMUL8/8 < egw:
		return 0, 0, illegalV(in, fmt.Sprintf("EGW=%d exceeds LMUL×VLEN=%s×%d (element group wider than the register group)",
			egw, lmulString(v.LMUL8), v.VLEN))
	case v.VL%uint64(egs) != 0:
		return 0, 0, illegalV(in, fmt.Sprintf("vl=%d is not a multiple of EGS=%d", v.VL, egs))
	case v.VStart%uint64(egs) != 0:
		return 0, 0, illegalV(in, fmt.Sprintf("vstart=%d is not a multiple of EGS=%d", v.VStart, egs))
	case !aligned(int(in.Rd), v.LMUL8):
		return 0, 0, illegalV(in, "vd is not a multiple of LMUL")
	}
	return int(v.VStart) / egs, int(v.VL) / egs, vtrap{}
}

// lmulString renders LMUL×8 as the assembler writes LMUL ("1/2", "4").
func lmulString(lmul8 int) string {
	if lmul8 < 8 {
		return fmt.Sprintf("1/%d", 8/lmul8)
	}
	return fmt.Sprint(lmul8 / 8)
}

// vkNoOverlap reports an illegal overlap of vd's group with a source group of n registers.
func (h *Hart) vkNoOverlap(in *isa.Inst, src int, n int, what string) (vtrap, bool) {
	if overlaps(int(in.Rd), nregs(h.V.LMUL8), src, n) {
		return illegalV(in, "vd overlaps "+what), true
	}
	return vtrap{}, false
}

// vkFinish applies the tail policy after an element-group instruction wrote [.., vl).
func (v *Vector) vkFinish(vd int) {
	v.onesTail(vd, v.SEW>>3, int(v.VL), v.tailEnd(v.SEW, v.LMUL8))
	v.wrote(vd, nregs(v.LMUL8))
}

// vkLoad4 reads 128-bit element group i (four 32-bit elements) of the group at vreg.
func (v *Vector) vkLoad4(vreg, i int) [4]uint32 {
	b := v.Reg[vreg*v.VLENB+16*i:]
	return [4]uint32{binary.LittleEndian.Uint32(b), binary.LittleEndian.Uint32(b[4:]),
		binary.LittleEndian.Uint32(b[8:]), binary.LittleEndian.Uint32(b[12:])}
}

func (v *Vector) vkStore4(vreg, i int, w [4]uint32) {
	b := v.Reg[vreg*v.VLENB+16*i:]
	for k, x := range w {
		binary.LittleEndian.PutUint32(b[4*k:], x)
	}
}

// vkLoad8 reads 256-bit element group i of eight 32-bit elements.
func (v *Vector) vkLoad8(vreg, i int) (w [8]uint32) {
	b := v.Reg[vreg*v.VLENB+32*i:]
	for k := range w {
		w[k] = binary.LittleEndian.Uint32(b[4*k:])
	}
	return w
}

func (v *Vector) vkStore8(vreg, i int, w [8]uint32) {
	b := v.Reg[vreg*v.VLENB+32*i:]
	for k, x := range w {
		binary.LittleEndian.PutUint32(b[4*k:], x)
	}
}

// vkLoad4D reads 256-bit element group i of four 64-bit elements.
func (v *Vector) vkLoad4D(vreg, i int) (w [4]uint64) {
	b := v.Reg[vreg*v.VLENB+32*i:]
	for k := range w {
		w[k] = binary.LittleEndian.Uint64(b[8*k:])
	}
	return w
}

func (v *Vector) vkStore4D(vreg, i int, w [4]uint64) {
	b := v.Reg[vreg*v.VLENB+32*i:]
	for k, x := range w {
		binary.LittleEndian.PutUint64(b[8*k:], x)
	}
}

// regGroup4 registers a 128-bit element-group instruction (EGW=128, EGS=4, SEW=32). f gets
// the vd group, the vs2 group (group 0 for the .vs form), the vs1 group (vkVVV only) and
// the uimm5 (vkVI only).
func regGroup4(op isa.Op, ext string, form vkForm, f func(d, s2, s1 [4]uint32, imm uint) [4]uint32) {
	vexec[op] = func(h *Hart, in *isa.Inst) vtrap { return h.vkGroups4(in, ext, form, f) }
	if form == vkVS {
		scalarGroup[op] = true
	}
}

// scalarGroup marks the .vs forms registered above.
var scalarGroup [isa.NumOps]bool

// ScalarElementGroup reports whether op is a .vs element-group instruction (vaesem.vs,
// vsm4r.vs, ...): it applies element group 0 of vs2 to every group of vd, as the
// interpreter runs it. Their rows have the same operand kind as the .vv forms (ArgsV2).
func ScalarElementGroup(op isa.Op) bool { return op < isa.NumOps && scalarGroup[op] }

func (h *Hart) vkGroups4(in *isa.Inst, ext string, form vkForm, f func(d, s2, s1 [4]uint32, imm uint) [4]uint32) vtrap {
	v := h.V
	first, end, t := h.vkCheck(in, ext, v.SEW == 32, 128, 4)
	if t.msg != "" {
		return t
	}
	vd, vs2, vs1 := int(in.Rd), int(in.Rs2), int(in.Rs1)
	if form == vkVS {
		// The scalar element group has EMUL = ceil(EGW/VLEN): one register (VLEN ≥ 128).
		if t, bad := h.vkNoOverlap(in, vs2, 1, "the vs2 scalar element group (reserved for .vs forms)"); bad {
			return t
		}
	} else if !aligned(vs2, v.LMUL8) {
		return illegalV(in, "vs2 is not a multiple of LMUL")
	}
	if form == vkVVV && !aligned(vs1, v.LMUL8) {
		return illegalV(in, "vs1 is not a multiple of LMUL")
	}
	if first >= end {
		v.wrote(0, 0)
		return vtrap{}
	}
	imm := uint(in.Imm)
	var key, s1 [4]uint32
	if form == vkVS {
		key = v.vkLoad4(vs2, 0)
	}
	for i := first; i < end; i++ {
		if form != vkVS {
			key = v.vkLoad4(vs2, i)
		}
		if form == vkVVV {
			s1 = v.vkLoad4(vs1, i)
		}
		v.vkStore4(vd, i, f(v.vkLoad4(vd, i), key, s1, imm))
	}
	v.vkFinish(vd)
	return vtrap{}
}

// vkSHA2 runs vsha2ms, vsha2ch or vsha2cl: SEW=32 (SHA-256, EGW=128) with Zvknha or
// Zvknhb, SEW=64 (SHA-512, EGW=256) with Zvknhb; vd must not overlap vs1 or vs2.
func (h *Hart) vkSHA2(in *isa.Inst, f32 func(d, s2, s1 [4]uint32) [4]uint32, f64 func(d, s2, s1 [4]uint64) [4]uint64) vtrap {
	v := h.V
	ext, sewOK := "Zvknha (SHA-256: SEW=32)", v.SEW == 32
	if h.ISA.Exts.Has(isa.ExtZvknhb) {
		ext, sewOK = "Zvknhb (SEW=32 or 64)", v.SEW == 32 || v.SEW == 64
	}
	first, end, t := h.vkCheck(in, ext, sewOK, 4*v.SEW, 4)
	if t.msg != "" {
		return t
	}
	vd, vs2, vs1 := int(in.Rd), int(in.Rs2), int(in.Rs1)
	if !aligned(vs2, v.LMUL8) || !aligned(vs1, v.LMUL8) {
		return illegalV(in, "a source is not a multiple of LMUL")
	}
	n := nregs(v.LMUL8)
	if t, bad := h.vkNoOverlap(in, vs2, n, "vs2 (reserved for vsha2*)"); bad {
		return t
	}
	if t, bad := h.vkNoOverlap(in, vs1, n, "vs1 (reserved for vsha2*)"); bad {
		return t
	}
	if first >= end {
		v.wrote(0, 0)
		return vtrap{}
	}
	for i := first; i < end; i++ {
		if v.SEW == 32 {
			v.vkStore4(vd, i, f32(v.vkLoad4(vd, i), v.vkLoad4(vs2, i), v.vkLoad4(vs1, i)))
		} else {
			v.vkStore4D(vd, i, f64(v.vkLoad4D(vd, i), v.vkLoad4D(vs2, i), v.vkLoad4D(vs1, i)))
		}
	}
	v.vkFinish(vd)
	return vtrap{}
}

// vkSM3 runs vsm3me (vs1 used) or vsm3c: EGW=256, EGS=8, SEW=32; vd must not overlap vs2.
func (h *Hart) vkSM3(in *isa.Inst, useVs1 bool, f func(d, s2, s1 [8]uint32) [8]uint32) vtrap {
	v := h.V
	first, end, t := h.vkCheck(in, "Zvksh", v.SEW == 32, 256, 8)
	if t.msg != "" {
		return t
	}
	vd, vs2, vs1 := int(in.Rd), int(in.Rs2), int(in.Rs1)
	if !aligned(vs2, v.LMUL8) || useVs1 && !aligned(vs1, v.LMUL8) {
		return illegalV(in, "a source is not a multiple of LMUL")
	}
	if t, bad := h.vkNoOverlap(in, vs2, nregs(v.LMUL8), "vs2 (reserved for vsm3me and vsm3c)"); bad {
		return t
	}
	if first >= end {
		v.wrote(0, 0)
		return vtrap{}
	}
	var s1 [8]uint32
	for i := first; i < end; i++ {
		if useVs1 {
			s1 = v.vkLoad8(vs1, i)
		}
		v.vkStore8(vd, i, f(v.vkLoad8(vd, i), v.vkLoad8(vs2, i), s1))
	}
	v.vkFinish(vd)
	return vtrap{}
}
