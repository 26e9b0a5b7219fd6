package emu

import "rvsim/isa"

// Configuration-setting instructions (RVV 1.0 chapter 6): vsetvli, vsetivli, vsetvl.

func init() {
	vexec[isa.VSETVLI] = execVset
	vexec[isa.VSETIVLI] = execVset
	vexec[isa.VSETVL] = execVset
}

// decodeVType returns SEW and LMUL×8 for a vtype value, and false when the implementation
// does not support it: reserved bits set (XLEN-2..8), vill set, a reserved vlmul or vsew,
// SEW > ELEN, or a fractional LMUL too small for SEW (SEW > LMUL×ELEN).
func (v *Vector) decodeVType(vt uint64) (sew, lmul8 int, ok bool) {
	if vt>>8 != 0 { // reserved bits or vill (values come XLEN bits wide)
		return 0, 0, false
	}
	vsew := vt >> 3 & 7
	if vsew > 3 {
		return 0, 0, false
	}
	sew = 8 << vsew
	switch vlmul := vt & 7; vlmul {
	case 4:
		return 0, 0, false
	case 5, 6, 7:
		lmul8 = 1 << (vlmul - 5) // mf8, mf4, mf2
	default:
		lmul8 = 8 << vlmul
	}
	if sew > v.ELEN || sew*8 > lmul8*v.ELEN {
		return 0, 0, false
	}
	return sew, lmul8, true
}

// setVType installs a vtype value (or vill for an unsupported one) and vl.
func (v *Vector) setVType(vt uint64, xlen int) bool {
	sew, lmul8, ok := v.decodeVType(vt)
	if !ok {
		v.VType = 1 << (xlen - 1)
		v.Vill = true
		v.VL = 0
		v.SEW, v.LMUL8, v.TA, v.MA = 0, 0, false, false
		return false
	}
	v.VType = vt
	v.Vill = false
	v.SEW, v.LMUL8 = sew, lmul8
	v.TA = vt>>6&1 != 0
	v.MA = vt>>7&1 != 0
	return true
}

func execVset(h *Hart, in *isa.Inst) vtrap {
	v := h.V
	xlen := h.ISA.XLEN
	var vt uint64
	switch in.Op {
	case isa.VSETVLI:
		vt = uint64(in.Imm) & 0x7ff
	case isa.VSETIVLI:
		vt = uint64(in.Imm) & 0x3ff
	default:
		vt = h.Reg(int(in.Rs2))
	}
	oldMax := -1
	if !v.Vill {
		oldMax = v.VLMAX(v.SEW, v.LMUL8)
	}
	if v.setVType(vt, xlen) {
		vlmax := uint64(v.VLMAX(v.SEW, v.LMUL8))
		var avl uint64
		switch {
		case in.Op == isa.VSETIVLI:
			avl = uint64(in.Rs1)
		case in.Rs1 != 0:
			avl = h.Reg(int(in.Rs1))
		case in.Rd != 0:
			avl = ^uint64(0)
		default:
			// rs1 = rd = x0 keeps vl; a new SEW/LMUL ratio that changes VLMAX is reserved,
			// and this implementation sets vill for it. After vill, vl is 0, which any
			// VLMAX keeps.
			avl = v.VL
			if oldMax >= 0 && int(vlmax) != oldMax {
				v.setVType(1<<(xlen-1), xlen)
			}
		}
		if !v.Vill {
			// vl = AVL when it fits, else VLMAX (what QEMU does for VLMAX < AVL < 2·VLMAX too).
			v.VL = min(avl, vlmax)
		}
	}
	h.SetReg(int(in.Rd), v.VL)
	v.wrote(0, 0)
	return vtrap{}
}
