package emu

import "rvsim/isa"

// Vector mask instructions (RVV 1.0 chapter 15): mask-register logic, vcpop.m, vfirst.m,
// vmsbf/vmsif/vmsof, viota and vid.

// vMaskLogic runs vmand.mm and friends: unmasked, bit i of vd = f(vs2[i], vs1[i]) for the
// body, the tail agnostic.
func (h *Hart) vMaskLogic(in *isa.Inst, f func(a, b bool) bool) vtrap {
	v := h.V
	if in.Vm == 0 {
		return illegalV(in, "mask-register logical instructions are unmasked (vm=0 is reserved)")
	}
	vl, vstart := int(v.VL), int(v.VStart)
	if vstart >= vl {
		v.wrote(0, 0)
		return vtrap{}
	}
	vd, a, b := int(in.Rd)*v.VLENB, int(in.Rs2)*v.VLENB, int(in.Rs1)*v.VLENB
	r := v.Reg
	for i := vstart; i < vl; i++ {
		smbit(r, vd, i, f(mbit(r, a, i), mbit(r, b, i)))
	}
	v.onesMaskTail(int(in.Rd), vl)
	v.wrote(int(in.Rd), 1)
	return vtrap{}
}

// vMaskScalar runs vcpop.m (first = false) and vfirst.m: x[rd] from the active bits of vs2
// below vl, written even when vl = 0.
func (h *Hart) vMaskScalar(in *isa.Inst, first bool) vtrap {
	v := h.V
	if v.VStart != 0 {
		return illegalV(in, "vcpop.m and vfirst.m need vstart = 0")
	}
	vl := int(v.VL)
	sOff := int(in.Rs2) * v.VLENB
	count, at := 0, -1
	for i := 0; i < vl; i++ {
		if mbit(v.Reg, sOff, i) && v.active(in.Vm, i) {
			if first {
				at = i
				break
			}
			count++
		}
	}
	if first {
		h.SetReg(int(in.Rd), uint64(int64(at)))
	} else {
		h.SetReg(int(in.Rd), uint64(count))
	}
	v.wrote(0, 0)
	return vtrap{}
}

// Set-before-first, set-including-first, set-only-first.
const (
	msbf = iota
	msif
	msof
)

func (h *Hart) vMaskSetFirst(in *isa.Inst, kind int) vtrap {
	v := h.V
	vd, vs2 := int(in.Rd), int(in.Rs2)
	switch {
	case v.VStart != 0:
		return illegalV(in, "vmsbf.m, vmsif.m and vmsof.m need vstart = 0")
	case vd == vs2:
		return illegalV(in, "vd overlaps the source mask vs2")
	case in.Vm == 0 && vd == 0:
		return illegalV(in, "vd overlaps v0, the mask register, in a masked instruction")
	}
	vl := int(v.VL)
	if vl == 0 {
		v.wrote(0, 0)
		return vtrap{}
	}
	r := v.Reg
	dOff, sOff := vd*v.VLENB, vs2*v.VLENB
	found := false
	for i := 0; i < vl; i++ {
		if !v.active(in.Vm, i) {
			if v.MA && v.AgnosticOnes {
				smbit(r, dOff, i, true)
			}
			continue
		}
		s := mbit(r, sOff, i)
		var bit bool
		switch kind {
		case msbf:
			bit = !found && !s
		case msif:
			bit = !found
		case msof:
			bit = !found && s
		}
		found = found || s
		smbit(r, dOff, i, bit)
	}
	v.onesMaskTail(vd, vl)
	v.wrote(vd, 1)
	return vtrap{}
}

// vIota runs viota.m (iota) and vid.v: element i gets the count of set active bits of vs2
// below i, or i.
func (h *Hart) vIota(in *isa.Inst, iota bool) vtrap {
	v := h.V
	sew, lmul8 := v.SEW, v.LMUL8
	vd, vs2 := int(in.Rd), int(in.Rs2)
	switch {
	case iota && v.VStart != 0:
		return illegalV(in, "viota.m needs vstart = 0")
	case !aligned(vd, lmul8):
		return illegalV(in, "vd is not a multiple of LMUL")
	case iota && overlaps(vd, nregs(lmul8), vs2, 1):
		return illegalV(in, "vd overlaps the source mask vs2")
	case !iota && vs2 != 0:
		return illegalV(in, "the vs2 field of vid.v must be v0")
	case in.Vm == 0 && vd == 0:
		return illegalV(in, "vd overlaps v0, the mask register, in a masked instruction")
	}
	vl, vstart := int(v.VL), int(v.VStart)
	if vstart >= vl {
		v.wrote(0, 0)
		return vtrap{}
	}
	eb := sew >> 3
	sOff := vs2 * v.VLENB
	count := uint64(0)
	for i := vstart; i < vl; i++ {
		if !v.active(in.Vm, i) {
			v.onesInactive(vd, i, eb)
			continue
		}
		x := uint64(i)
		if iota {
			x = count
			if mbit(v.Reg, sOff, i) {
				count++
			}
		}
		v.SetElem(vd, i, sew, x)
	}
	v.onesTail(vd, eb, vl, v.tailEnd(sew, lmul8))
	v.wrote(vd, nregs(lmul8))
	return vtrap{}
}

func init() {
	logic := func(op isa.Op, f func(a, b bool) bool) {
		vexec[op] = func(h *Hart, in *isa.Inst) vtrap { return h.vMaskLogic(in, f) }
	}
	logic(isa.VMAND_MM, func(a, b bool) bool { return a && b })
	logic(isa.VMNAND_MM, func(a, b bool) bool { return !(a && b) })
	logic(isa.VMANDN_MM, func(a, b bool) bool { return a && !b })
	logic(isa.VMXOR_MM, func(a, b bool) bool { return a != b })
	logic(isa.VMOR_MM, func(a, b bool) bool { return a || b })
	logic(isa.VMNOR_MM, func(a, b bool) bool { return !(a || b) })
	logic(isa.VMORN_MM, func(a, b bool) bool { return a || !b })
	logic(isa.VMXNOR_MM, func(a, b bool) bool { return a == b })
	vexec[isa.VCPOP_M] = func(h *Hart, in *isa.Inst) vtrap { return h.vMaskScalar(in, false) }
	vexec[isa.VFIRST_M] = func(h *Hart, in *isa.Inst) vtrap { return h.vMaskScalar(in, true) }
	vexec[isa.VMSBF_M] = func(h *Hart, in *isa.Inst) vtrap { return h.vMaskSetFirst(in, msbf) }
	vexec[isa.VMSIF_M] = func(h *Hart, in *isa.Inst) vtrap { return h.vMaskSetFirst(in, msif) }
	vexec[isa.VMSOF_M] = func(h *Hart, in *isa.Inst) vtrap { return h.vMaskSetFirst(in, msof) }
	vexec[isa.VIOTA_M] = func(h *Hart, in *isa.Inst) vtrap { return h.vIota(in, true) }
	vexec[isa.VID_V] = func(h *Hart, in *isa.Inst) vtrap { return h.vIota(in, false) }
}
