package emu

import (
	"testing"

	"rvsim/isa"
)

func TestVectorReductions(t *testing.T) {
	for _, vlen := range vlens {
		h := vHart(t, vlen)
		vset(t, h, 8, m1, 4, false, false)
		setElems(h, 16, 8, 1, 2, 3, 0xff)
		setElems(h, 24, 8, 10)
		fillReg(h, 8, 1, 0x77)
		mustRun(t, h, vv(isa.VREDSUM_VS, 8, 16, 24))
		eqElems(t, "vredsum", elems(h, 8, 8, 2), []uint64{0x0f, 0x77})
		setMask(h, 0, "1010")
		mustRun(t, h, masked(vv(isa.VREDSUM_VS, 8, 16, 24)))
		eqElems(t, "masked vredsum", elems(h, 8, 8, 1), []uint64{14})
		// A reduction's scalar result may go to v0 even when masked.
		mustRun(t, h, masked(vv(isa.VREDSUM_VS, 0, 16, 24)))
		eqElems(t, "masked vredsum into v0", elems(h, 0, 8, 1), []uint64{14})

		vset(t, h, 16, m1, 3, false, false)
		setElems(h, 16, 16, 0x8000, 5, 0xffff)
		setElems(h, 24, 16, 0xfff0)
		for op, want := range map[isa.Op]uint64{
			isa.VREDMAX_VS: 5, isa.VREDMAXU_VS: 0xffff, isa.VREDMIN_VS: 0x8000, isa.VREDMINU_VS: 5,
			isa.VREDAND_VS: 0, isa.VREDOR_VS: 0xffff, isa.VREDXOR_VS: 0x800a,
		} {
			mustRun(t, h, vv(op, 8, 16, 24))
			eqElems(t, isaName(op), elems(h, 8, 16, 1), []uint64{want})
		}

		// Widening sums: vs1 and vd are 2·SEW.
		vset(t, h, 8, m1, 3, false, false)
		setElems(h, 16, 8, 0xff, 0xff, 0xff)
		setElems(h, 24, 16, 0x100)
		mustRun(t, h, vv(isa.VWREDSUMU_VS, 8, 16, 24))
		eqElems(t, "vwredsumu", elems(h, 8, 16, 1), []uint64{0x3fd})
		mustRun(t, h, vv(isa.VWREDSUM_VS, 8, 16, 24))
		eqElems(t, "vwredsum", elems(h, 8, 16, 1), []uint64{0xfd})

		// A register group as the source.
		vset(t, h, 32, 32, uint64(vlen/8), false, false)
		setElems(h, 16, 32, seq(1, 1, vlen/8)...)
		setElems(h, 24, 32, 0)
		mustRun(t, h, vv(isa.VREDSUM_VS, 8, 16, 24))
		n := uint64(vlen / 8)
		eqElems(t, "m4 vredsum", elems(h, 8, 32, 1), []uint64{n * (n + 1) / 2})

		// vl = 0 leaves vd alone; vstart ≠ 0 is illegal; vs2 must be aligned.
		setElems(h, 8, 32, 0x1234)
		h.X[5] = 0
		mustRun(t, h, isa.Inst{Op: isa.VSETVLI, Rd: 6, Rs1: 5, Imm: int64(vtypeOf(32, 8, false, false)), Vm: 1})
		mustRun(t, h, vv(isa.VREDSUM_VS, 8, 16, 24))
		eqElems(t, "vl=0", elems(h, 8, 32, 1), []uint64{0x1234})
		vset(t, h, 32, 32, 4, false, false)
		h.V.VStart = 1
		mustIllegal(t, h, vv(isa.VREDSUM_VS, 8, 16, 24), "vstart")
		h.V.VStart = 0
		mustIllegal(t, h, vv(isa.VREDSUM_VS, 8, 18, 24), "vs2")
		vset(t, h, 64, m1, 2, false, false)
		mustIllegal(t, h, vv(isa.VWREDSUM_VS, 8, 16, 24), "ELEN")
	}
}
