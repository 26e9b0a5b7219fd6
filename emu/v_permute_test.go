package emu

import (
	"testing"

	"rvsim/isa"
)

func TestVectorScalarMoves(t *testing.T) {
	h := vHart(t, 128)
	vset(t, h, 8, m1, 4, false, false)
	setElems(h, 2, 8, 0x80)
	mustRun(t, h, isa.Inst{Op: isa.VMV_X_S, Rd: 10, Rs2: 2, Vm: 1})
	if h.X[10] != 0xffffffffffffff80 {
		t.Errorf("vmv.x.s e8 = %#x", h.X[10])
	}
	vset(t, h, 64, m1, 0, false, false) // vl = 0: vmv.x.s still reads element 0
	setElems(h, 2, 64, 0x8000000000000001)
	mustRun(t, h, isa.Inst{Op: isa.VMV_X_S, Rd: 10, Rs2: 2, Vm: 1})
	if h.X[10] != 0x8000000000000001 {
		t.Errorf("vmv.x.s e64 = %#x", h.X[10])
	}
	h.X[11] = 0x1122334455
	mustRun(t, h, isa.Inst{Op: isa.VMV_S_X, Rd: 3, Rs1: 11, Vm: 1})
	if got := h.V.Elem(3, 0, 64); got != 0 {
		t.Errorf("vmv.s.x with vl=0 wrote %#x", got)
	}
	vset(t, h, 32, m1, 3, false, false)
	fillReg(h, 3, 1, 0xcc)
	mustRun(t, h, isa.Inst{Op: isa.VMV_S_X, Rd: 3, Rs1: 11, Vm: 1})
	eqElems(t, "vmv.s.x", elems(h, 3, 32, 4), []uint64{0x22334455, 0xcccccccc, 0xcccccccc, 0xcccccccc})
	mustIllegal(t, h, isa.Inst{Op: isa.VMV_X_S, Rd: 10, Rs2: 2, Vm: 0}, "unmasked")
}

func TestVectorSlides(t *testing.T) {
	for _, vlen := range vlens {
		h := vHart(t, vlen)
		vlmax := vlen / 8
		vset(t, h, 8, m1, 6, false, false)
		setElems(h, 16, 8, seq(0, 1, vlmax)...)
		fillReg(h, 8, 1, 0xaa)
		mustRun(t, h, vi(isa.VSLIDEUP_VI, 8, 16, 2))
		eqElems(t, "vslideup.vi 2", elems(h, 8, 8, 7), []uint64{0xaa, 0xaa, 0, 1, 2, 3, 0xaa})
		fillReg(h, 8, 1, 0xaa)
		h.X[10] = 100
		mustRun(t, h, vx(isa.VSLIDEUP_VX, 8, 16, 10))
		eqElems(t, "vslideup.vx past vl", elems(h, 8, 8, 6), rep(0xaa, 6))
		mustIllegal(t, h, vi(isa.VSLIDEUP_VI, 16, 16, 1), "overlaps")

		vset(t, h, 8, m1, 8, false, false)
		mustRun(t, h, vi(isa.VSLIDEDOWN_VI, 8, 16, 3))
		eqElems(t, "vslidedown.vi 3", elems(h, 8, 8, 8), seq(3, 1, 8))
		vset(t, h, 8, m1, 4, false, false)
		h.X[10] = uint64(vlmax - 2)
		mustRun(t, h, vx(isa.VSLIDEDOWN_VX, 8, 16, 10))
		eqElems(t, "vslidedown.vx past VLMAX", elems(h, 8, 8, 4), []uint64{uint64(vlmax - 2), uint64(vlmax - 1), 0, 0})
		h.X[10] = ^uint64(0)
		mustRun(t, h, vx(isa.VSLIDEDOWN_VX, 8, 16, 10))
		eqElems(t, "vslidedown.vx by 2^64-1", elems(h, 8, 8, 4), rep(0, 4))
		mustRun(t, h, vi(isa.VSLIDEDOWN_VI, 16, 16, 1)) // in place is allowed
		eqElems(t, "vslidedown in place", elems(h, 16, 8, 5), []uint64{1, 2, 3, 4, 4})

		vset(t, h, 32, m1, 4, false, false)
		setElems(h, 16, 32, 1, 2, 3, 4)
		h.X[10] = 0x1234567899
		mustRun(t, h, vx(isa.VSLIDE1UP_VX, 8, 16, 10))
		eqElems(t, "vslide1up", elems(h, 8, 32, 4), []uint64{0x34567899, 1, 2, 3})
		mustRun(t, h, vx(isa.VSLIDE1DOWN_VX, 8, 16, 10))
		eqElems(t, "vslide1down", elems(h, 8, 32, 4), []uint64{2, 3, 4, 0x34567899})
		setMask(h, 0, "0110")
		fillReg(h, 8, 1, 0)
		mustRun(t, h, masked(vx(isa.VSLIDE1UP_VX, 8, 16, 10)))
		eqElems(t, "masked vslide1up", elems(h, 8, 32, 4), []uint64{0, 1, 2, 0})
		mustIllegal(t, h, vx(isa.VSLIDE1UP_VX, 16, 16, 10), "overlaps")
	}
}

func TestVectorGatherCompress(t *testing.T) {
	for _, vlen := range vlens {
		h := vHart(t, vlen)
		vset(t, h, 8, m1, 4, false, false)
		setElems(h, 16, 8, 10, 11, 12, 13)
		setElems(h, 24, 8, 3, 0, 200, 1)
		mustRun(t, h, vv(isa.VRGATHER_VV, 8, 16, 24))
		eqElems(t, "vrgather.vv", elems(h, 8, 8, 4), []uint64{13, 10, 0, 11})
		h.X[10] = 2
		mustRun(t, h, vx(isa.VRGATHER_VX, 8, 16, 10))
		eqElems(t, "vrgather.vx", elems(h, 8, 8, 4), rep(12, 4))
		h.X[10] = 1 << 40
		mustRun(t, h, vx(isa.VRGATHER_VX, 8, 16, 10))
		eqElems(t, "vrgather.vx out of range", elems(h, 8, 8, 4), rep(0, 4))
		mustRun(t, h, vi(isa.VRGATHER_VI, 8, 16, 1))
		eqElems(t, "vrgather.vi", elems(h, 8, 8, 4), rep(11, 4))
		mustIllegal(t, h, vv(isa.VRGATHER_VV, 16, 16, 24), "overlaps")
		mustIllegal(t, h, vv(isa.VRGATHER_VV, 24, 16, 24), "overlaps")

		// vrgatherei16 with SEW 64: indices are e16 (EMUL 1/4).
		vset(t, h, 64, m1, 2, false, false)
		setElems(h, 16, 64, 0x100, 0x101)
		setElems(h, 24, 16, 1, 5)
		mustRun(t, h, vv(isa.VRGATHEREI16_VV, 8, 16, 24))
		eqElems(t, "vrgatherei16", elems(h, 8, 64, 2), []uint64{0x101, 0})
		vset(t, h, 8, 64, 2, false, false) // e8 m8: index EMUL 16
		mustIllegal(t, h, vv(isa.VRGATHEREI16_VV, 8, 16, 24), "EMUL")

		// vcompress, the spec's example (element 0 first).
		vset(t, h, 8, m1, 9, false, false)
		setMask(h, 0, "101001011")
		setElems(h, 1, 8, seq(0, 1, 9)...)
		setElems(h, 2, 8, 9, 8, 7, 6, 5, 4, 3, 2, 1)
		mustRun(t, h, isa.Inst{Op: isa.VCOMPRESS_VM, Rd: 2, Rs2: 1, Rs1: 0, Vm: 1})
		eqElems(t, "vcompress", elems(h, 2, 8, 9), []uint64{0, 2, 5, 7, 8, 4, 3, 2, 1})
		mustIllegal(t, h, isa.Inst{Op: isa.VCOMPRESS_VM, Rd: 0, Rs2: 1, Rs1: 0, Vm: 1}, "overlaps")
		h.V.VStart = 1
		mustIllegal(t, h, isa.Inst{Op: isa.VCOMPRESS_VM, Rd: 2, Rs2: 1, Rs1: 0, Vm: 1}, "vstart")
		h.V.VStart = 0

		// Whole-register moves ignore vl.
		setElems(h, 4, 8, seq(1, 1, 2*vlen/8)...)
		fillReg(h, 2, 2, 0)
		mustRun(t, h, isa.Inst{Op: isa.VMV2R_V, Rd: 2, Rs2: 4, Rs1: 1, Imm: 2, Vm: 1})
		eqElems(t, "vmv2r.v", elems(h, 2, 8, 2*vlen/8), seq(1, 1, 2*vlen/8))
		mustIllegal(t, h, isa.Inst{Op: isa.VMV2R_V, Rd: 3, Rs2: 4, Rs1: 1, Imm: 2, Vm: 1}, "multiples")
		mustIllegal(t, h, isa.Inst{Op: isa.VMV4R_V, Rd: 4, Rs2: 6, Rs1: 3, Imm: 4, Vm: 1}, "multiples")
	}
}
