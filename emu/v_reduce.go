package emu

import "rvsim/isa"

// Vector integer reductions (RVV 1.0 chapter 14): vd[0] = vs1[0] op the active elements of
// vs2, and the widening sums whose vs1/vd elements are 2·SEW wide.

// vReduce runs a reduction; wide makes vs1[0] and vd[0] 2·SEW wide and sign- or
// zero-extends (signed) each vs2 element to 2·SEW before f accumulates it.
func (h *Hart) vReduce(in *isa.Inst, wide, signed bool, f func(acc, x uint64, sew uint) uint64) vtrap {
	v := h.V
	sew, lmul8 := v.SEW, v.LMUL8
	if v.VStart != 0 {
		return illegalV(in, "reductions need vstart = 0")
	}
	if !aligned(int(in.Rs2), lmul8) {
		return illegalV(in, "vs2 is not a multiple of LMUL")
	}
	deew := sew
	if wide {
		deew = 2 * sew
		if deew > v.ELEN {
			return illegalV(in, "2·SEW exceeds ELEN")
		}
	}
	vl := int(v.VL)
	if vl == 0 {
		v.wrote(0, 0)
		return vtrap{}
	}
	eb, deb := sew>>3, deew>>3
	vd, vs2 := int(in.Rd), int(in.Rs2)
	acc := ldE(v.Reg, int(in.Rs1)*v.VLENB, deb)
	usew := uint(sew)
	for i := 0; i < vl; i++ {
		if !v.active(in.Vm, i) {
			continue
		}
		x := ldE(v.Reg, vs2*v.VLENB+i*eb, eb)
		if wide && signed {
			x = uint64(sx(x, usew))
		}
		acc = f(acc, x, uint(deew))
	}
	stE(v.Reg, vd*v.VLENB, deb, acc)
	v.onesTail(vd, deb, 1, v.VLENB/deb)
	v.wrote(vd, 1)
	return vtrap{}
}

func init() {
	red := func(op isa.Op, f func(acc, x uint64, sew uint) uint64) {
		vexec[op] = func(h *Hart, in *isa.Inst) vtrap { return h.vReduce(in, false, false, f) }
	}
	red(isa.VREDSUM_VS, func(acc, x uint64, _ uint) uint64 { return acc + x })
	red(isa.VREDAND_VS, func(acc, x uint64, _ uint) uint64 { return acc & x })
	red(isa.VREDOR_VS, func(acc, x uint64, _ uint) uint64 { return acc | x })
	red(isa.VREDXOR_VS, func(acc, x uint64, _ uint) uint64 { return acc ^ x })
	red(isa.VREDMINU_VS, func(acc, x uint64, _ uint) uint64 { return min(acc, x) })
	red(isa.VREDMAXU_VS, func(acc, x uint64, _ uint) uint64 { return max(acc, x) })
	red(isa.VREDMIN_VS, func(acc, x uint64, sew uint) uint64 {
		if sx(x, sew) < sx(acc, sew) {
			return x
		}
		return acc
	})
	red(isa.VREDMAX_VS, func(acc, x uint64, sew uint) uint64 {
		if sx(x, sew) > sx(acc, sew) {
			return x
		}
		return acc
	})
	sum := func(acc, x uint64, _ uint) uint64 { return acc + x }
	vexec[isa.VWREDSUMU_VS] = func(h *Hart, in *isa.Inst) vtrap { return h.vReduce(in, true, false, sum) }
	vexec[isa.VWREDSUM_VS] = func(h *Hart, in *isa.Inst) vtrap { return h.vReduce(in, true, true, sum) }
}
