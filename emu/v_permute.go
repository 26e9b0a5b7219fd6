package emu

import "rvsim/isa"

// Vector permutations (RVV 1.0 chapter 16): scalar moves, slides, register gathers,
// compress and whole-register moves.

// vmvXS is vmv.x.s: x[rd] = vs2[0] sign-extended, whatever vl and vstart are.
func (h *Hart) vmvXS(in *isa.Inst) vtrap {
	v := h.V
	if in.Vm == 0 {
		return illegalV(in, "vmv.x.s is unmasked (vm=0 is reserved)")
	}
	x := v.Elem(int(in.Rs2), 0, v.SEW)
	h.SetReg(int(in.Rd), uint64(sx(x, uint(v.SEW))))
	v.wrote(0, 0)
	return vtrap{}
}

// vmvSX is vmv.s.x: vd[0] = x[rs1] when vstart < vl; the other elements are tail.
func (h *Hart) vmvSX(in *isa.Inst) vtrap {
	v := h.V
	if in.Vm == 0 {
		return illegalV(in, "vmv.s.x is unmasked (vm=0 is reserved)")
	}
	if v.VStart >= v.VL {
		v.wrote(0, 0)
		return vtrap{}
	}
	vd, eb := int(in.Rd), v.SEW>>3
	v.SetElem(vd, 0, v.SEW, h.X[in.Rs1])
	v.onesTail(vd, eb, 1, v.VLENB/eb)
	v.wrote(vd, 1)
	return vtrap{}
}

// permCheck applies the rules shared by slides and gathers: vd and vs2 aligned to LMUL,
// vd not overlapping vs2 when noOverlap (slide-ups, gathers), vd not v0 when masked.
func permCheck(v *Vector, in *isa.Inst, noOverlap bool) (vtrap, bool) {
	vd, vs2, n := int(in.Rd), int(in.Rs2), nregs(v.LMUL8)
	switch {
	case !aligned(vd, v.LMUL8) || !aligned(vs2, v.LMUL8):
		return illegalV(in, "vd or vs2 is not a multiple of LMUL"), false
	case noOverlap && overlaps(vd, n, vs2, n):
		return illegalV(in, "vd overlaps the source group vs2"), false
	case in.Vm == 0 && vd == 0:
		return illegalV(in, "vd overlaps v0, the mask register, in a masked instruction"), false
	}
	return vtrap{}, true
}

// vSlide runs the slides. up/down give the direction; one makes it vslide1up/vslide1down
// (offset 1, x[rs1] inserted); otherwise the offset is x[rs1] (.vx) or uimm5 (.vi).
func (h *Hart) vSlide(in *isa.Inst, up, one, imm bool) vtrap {
	v := h.V
	if t, ok := permCheck(v, in, up); !ok {
		return t
	}
	sew, eb := v.SEW, v.SEW>>3
	vd, vs2 := int(in.Rd), int(in.Rs2)
	vl, vstart := int(v.VL), int(v.VStart)
	if vstart >= vl {
		v.wrote(0, 0)
		return vtrap{}
	}
	off := uint64(1)
	switch {
	case one:
	case imm:
		off = uint64(in.Rs1 & 31)
	default:
		off = h.Reg(int(in.Rs1))
	}
	vlmax := uint64(v.VLMAX(sew, v.LMUL8))
	scalar := h.X[in.Rs1]
	for i := vstart; i < vl; i++ {
		ui := uint64(i)
		if up && ui < off {
			if !one || i != 0 {
				continue // below the offset: undisturbed
			}
		}
		if !v.active(in.Vm, i) {
			v.onesInactive(vd, i, eb)
			continue
		}
		var x uint64
		switch {
		case up && one && i == 0:
			x = scalar
		case up:
			x = v.Elem(vs2, int(ui-off), sew)
		case one && i == vl-1:
			x = scalar
		default:
			if off < vlmax && ui+off < vlmax {
				x = v.Elem(vs2, int(ui+off), sew)
			}
		}
		v.SetElem(vd, i, sew, x)
	}
	v.onesTail(vd, eb, vl, v.tailEnd(sew, v.LMUL8))
	v.wrote(vd, nregs(v.LMUL8))
	return vtrap{}
}

// vGather runs vrgather.vv/.vx/.vi and vrgatherei16.vv: vd[i] = vs2[index] or 0 when the
// index is VLMAX or more.
func (h *Hart) vGather(in *isa.Inst, src uint8, ei16 bool) vtrap {
	v := h.V
	if t, ok := permCheck(v, in, true); !ok {
		return t
	}
	sew, lmul8 := v.SEW, v.LMUL8
	vd, vs1 := int(in.Rd), int(in.Rs1)
	ieew, iemul := sew, lmul8
	if ei16 {
		ieew, iemul = 16, 16*lmul8/sew
		if iemul < 1 || iemul > 64 {
			return illegalV(in, "the index EMUL = 16/SEW×LMUL is outside 1/8..8")
		}
	}
	if src == srcV {
		if !aligned(vs1, iemul) {
			return illegalV(in, "vs1 is not a multiple of its EMUL")
		}
		if overlaps(vd, nregs(lmul8), vs1, nregs(iemul)) {
			return illegalV(in, "vd overlaps the index group vs1")
		}
	}
	vl, vstart := int(v.VL), int(v.VStart)
	if vstart >= vl {
		v.wrote(0, 0)
		return vtrap{}
	}
	eb, ieb := sew>>3, ieew>>3
	vlmax := uint64(v.VLMAX(sew, lmul8))
	var idx uint64
	switch src {
	case srcX:
		idx = h.Reg(vs1)
	case srcU:
		idx = uint64(in.Rs1 & 31)
	}
	for i := vstart; i < vl; i++ {
		if !v.active(in.Vm, i) {
			v.onesInactive(vd, i, eb)
			continue
		}
		if src == srcV {
			idx = ldE(v.Reg, vs1*v.VLENB+i*ieb, ieb)
		}
		var x uint64
		if idx < vlmax {
			x = v.Elem(int(in.Rs2), int(idx), sew)
		}
		v.SetElem(vd, i, sew, x)
	}
	v.onesTail(vd, eb, vl, v.tailEnd(sew, lmul8))
	v.wrote(vd, nregs(lmul8))
	return vtrap{}
}

// vCompress packs the elements of vs2 whose vs1 mask bit is set into the start of vd; the
// elements after them are tail.
func (h *Hart) vCompress(in *isa.Inst) vtrap {
	v := h.V
	sew, lmul8 := v.SEW, v.LMUL8
	vd, vs2, vs1, n := int(in.Rd), int(in.Rs2), int(in.Rs1), nregs(v.LMUL8)
	switch {
	case in.Vm == 0:
		return illegalV(in, "vcompress.vm is unmasked (vm=0 is reserved)")
	case v.VStart != 0:
		return illegalV(in, "vcompress needs vstart = 0")
	case !aligned(vd, lmul8) || !aligned(vs2, lmul8):
		return illegalV(in, "vd or vs2 is not a multiple of LMUL")
	case overlaps(vd, n, vs2, n) || overlaps(vd, n, vs1, 1):
		return illegalV(in, "vd overlaps a source (vs2 or the mask vs1)")
	}
	vl := int(v.VL)
	if vl == 0 {
		v.wrote(0, 0)
		return vtrap{}
	}
	k := 0
	for i := 0; i < vl; i++ {
		if v.MaskBit(vs1, i) {
			v.SetElem(vd, k, sew, v.Elem(vs2, i, sew))
			k++
		}
	}
	v.onesTail(vd, sew>>3, k, v.tailEnd(sew, lmul8))
	v.wrote(vd, n)
	return vtrap{}
}

// vmvNR copies nr whole registers, as if EEW = SEW with evl = nr×VLEN/SEW elements.
func (h *Hart) vmvNR(in *isa.Inst, nr int) vtrap {
	v := h.V
	vd, vs2 := int(in.Rd), int(in.Rs2)
	if in.Vm == 0 {
		return illegalV(in, "whole-register moves are unmasked (vm=0 is reserved)")
	}
	if vd%nr != 0 || vs2%nr != 0 {
		return illegalV(in, "vd and vs2 must be multiples of the register count")
	}
	eb := v.SEW >> 3
	evl := nr * v.VLENB / eb
	start := int(v.VStart)
	if start >= evl {
		v.wrote(0, 0)
		return vtrap{}
	}
	copy(v.Reg[vd*v.VLENB+start*eb:(vd+nr)*v.VLENB], v.Reg[vs2*v.VLENB+start*eb:(vs2+nr)*v.VLENB])
	v.wrote(vd, nr)
	return vtrap{}
}

func init() {
	vexec[isa.VMV_X_S] = func(h *Hart, in *isa.Inst) vtrap { return h.vmvXS(in) }
	vexec[isa.VMV_S_X] = func(h *Hart, in *isa.Inst) vtrap { return h.vmvSX(in) }
	vexec[isa.VSLIDEUP_VX] = func(h *Hart, in *isa.Inst) vtrap { return h.vSlide(in, true, false, false) }
	vexec[isa.VSLIDEUP_VI] = func(h *Hart, in *isa.Inst) vtrap { return h.vSlide(in, true, false, true) }
	vexec[isa.VSLIDEDOWN_VX] = func(h *Hart, in *isa.Inst) vtrap { return h.vSlide(in, false, false, false) }
	vexec[isa.VSLIDEDOWN_VI] = func(h *Hart, in *isa.Inst) vtrap { return h.vSlide(in, false, false, true) }
	vexec[isa.VSLIDE1UP_VX] = func(h *Hart, in *isa.Inst) vtrap { return h.vSlide(in, true, true, false) }
	vexec[isa.VSLIDE1DOWN_VX] = func(h *Hart, in *isa.Inst) vtrap { return h.vSlide(in, false, true, false) }
	vexec[isa.VRGATHER_VV] = func(h *Hart, in *isa.Inst) vtrap { return h.vGather(in, srcV, false) }
	vexec[isa.VRGATHER_VX] = func(h *Hart, in *isa.Inst) vtrap { return h.vGather(in, srcX, false) }
	vexec[isa.VRGATHER_VI] = func(h *Hart, in *isa.Inst) vtrap { return h.vGather(in, srcU, false) }
	vexec[isa.VRGATHEREI16_VV] = func(h *Hart, in *isa.Inst) vtrap { return h.vGather(in, srcV, true) }
	vexec[isa.VCOMPRESS_VM] = func(h *Hart, in *isa.Inst) vtrap { return h.vCompress(in) }
	for op, nr := range map[isa.Op]int{isa.VMV1R_V: 1, isa.VMV2R_V: 2, isa.VMV4R_V: 4, isa.VMV8R_V: 8} {
		nr := nr
		vexec[op] = func(h *Hart, in *isa.Inst) vtrap { return h.vmvNR(in, nr) }
	}
}
