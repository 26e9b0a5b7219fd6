package emu

import (
	"testing"

	"rvsim/isa"
)

func TestVectorMaskLogic(t *testing.T) {
	for _, vlen := range vlens {
		h := vHart(t, vlen)
		vset(t, h, 8, m1, 4, false, false)
		for op, want := range map[isa.Op]string{
			isa.VMAND_MM: "1000", isa.VMNAND_MM: "0111", isa.VMANDN_MM: "0100", isa.VMXOR_MM: "0110",
			isa.VMOR_MM: "1110", isa.VMNOR_MM: "0001", isa.VMORN_MM: "1101", isa.VMXNOR_MM: "1001",
		} {
			setMask(h, 2, "1100")
			setMask(h, 3, "1010")
			setMask(h, 1, "00001111")
			mustRun(t, h, vv(op, 1, 2, 3))
			if got := maskBits(h, 1, 8); got != want+"1111" {
				t.Errorf("%s: %s, want %s1111", isaName(op), got, want)
			}
		}
		mustIllegal(t, h, masked(vv(isa.VMAND_MM, 1, 2, 3)), "unmasked")
		// The agnostic tail with ones covers the whole register.
		h.V.AgnosticOnes = true
		setMask(h, 1, "")
		mustRun(t, h, vv(isa.VMAND_MM, 1, 2, 3))
		if got := maskBits(h, 1, vlen); got != "1000"+stringsRepeat("1", vlen-4) {
			t.Errorf("vmand tail with ones: %s", got)
		}
	}
}

func TestVectorMaskScalar(t *testing.T) {
	h := vHart(t, 128)
	vset(t, h, 8, m1, 7, false, false)
	setMask(h, 2, "10110011") // bit 7 is past vl
	mustRun(t, h, isa.Inst{Op: isa.VCPOP_M, Rd: 10, Rs2: 2, Vm: 1})
	if h.X[10] != 4 {
		t.Errorf("vcpop.m = %d, want 4", h.X[10])
	}
	setMask(h, 0, "1110000")
	mustRun(t, h, isa.Inst{Op: isa.VCPOP_M, Rd: 10, Rs2: 2, Vm: 0})
	if h.X[10] != 2 {
		t.Errorf("masked vcpop.m = %d, want 2", h.X[10])
	}
	setMask(h, 2, "0001")
	mustRun(t, h, isa.Inst{Op: isa.VFIRST_M, Rd: 11, Rs2: 2, Vm: 1})
	if h.X[11] != 3 {
		t.Errorf("vfirst.m = %d, want 3", h.X[11])
	}
	setMask(h, 2, "0000000100")
	mustRun(t, h, isa.Inst{Op: isa.VFIRST_M, Rd: 11, Rs2: 2, Vm: 1})
	if h.X[11] != ^uint64(0) {
		t.Errorf("vfirst.m with no set bit below vl = %#x, want -1", h.X[11])
	}
	setMask(h, 0, "0000111")
	setMask(h, 2, "1000100")
	mustRun(t, h, isa.Inst{Op: isa.VFIRST_M, Rd: 11, Rs2: 2, Vm: 0})
	if h.X[11] != 4 {
		t.Errorf("masked vfirst.m = %d, want 4", h.X[11])
	}
	// vl = 0 still writes rd.
	h.X[5] = 0
	mustRun(t, h, isa.Inst{Op: isa.VSETVLI, Rd: 6, Rs1: 5, Imm: int64(vtypeOf(8, 8, false, false)), Vm: 1})
	h.X[10] = 99
	mustRun(t, h, isa.Inst{Op: isa.VCPOP_M, Rd: 10, Rs2: 2, Vm: 1})
	if h.X[10] != 0 {
		t.Errorf("vcpop.m with vl=0 = %d", h.X[10])
	}
	h.V.VStart = 1
	mustIllegal(t, h, isa.Inst{Op: isa.VFIRST_M, Rd: 10, Rs2: 2, Vm: 1}, "vstart")
}

func TestVectorSetFirst(t *testing.T) {
	for _, vlen := range vlens {
		h := vHart(t, vlen)
		vset(t, h, 8, m1, 8, false, false)
		// The spec's examples, written element 0 first.
		for op, want := range map[isa.Op]string{isa.VMSBF_M: "11000000", isa.VMSIF_M: "11100000", isa.VMSOF_M: "00100000"} {
			setMask(h, 3, "00101001")
			setMask(h, 2, "")
			mustRun(t, h, isa.Inst{Op: op, Rd: 2, Rs2: 3, Vm: 1})
			if got := maskBits(h, 2, 8); got != want {
				t.Errorf("%s: %s, want %s", isaName(op), got, want)
			}
		}
		setMask(h, 3, "00000000")
		mustRun(t, h, isa.Inst{Op: isa.VMSBF_M, Rd: 2, Rs2: 3, Vm: 1})
		if got := maskBits(h, 2, 8); got != "11111111" {
			t.Errorf("vmsbf.m of zero: %s", got)
		}
		setMask(h, 0, "11000011")
		setMask(h, 3, "00101001")
		setMask(h, 2, "")
		mustRun(t, h, isa.Inst{Op: isa.VMSBF_M, Rd: 2, Rs2: 3, Vm: 0})
		if got := maskBits(h, 2, 8); got != "11000010" {
			t.Errorf("masked vmsbf.m: %s, want 11000010", got)
		}
		mustIllegal(t, h, isa.Inst{Op: isa.VMSIF_M, Rd: 3, Rs2: 3, Vm: 1}, "overlaps")
		mustIllegal(t, h, isa.Inst{Op: isa.VMSOF_M, Rd: 0, Rs2: 3, Vm: 0}, "v0")

		// viota.m, the spec's example.
		setMask(h, 2, "10001001")
		mustRun(t, h, isa.Inst{Op: isa.VIOTA_M, Rd: 4, Rs2: 2, Vm: 1})
		eqElems(t, "viota.m", elems(h, 4, 8, 8), []uint64{0, 1, 1, 1, 1, 2, 2, 2})
		setMask(h, 0, "11010111")
		setElems(h, 4, 8, 9, 8, 7, 6, 5, 4, 3, 2)
		mustRun(t, h, isa.Inst{Op: isa.VIOTA_M, Rd: 4, Rs2: 2, Vm: 0})
		eqElems(t, "masked viota.m", elems(h, 4, 8, 8), []uint64{0, 1, 7, 1, 5, 1, 1, 1})
		vset(t, h, 32, 32, 8, false, false)
		mustIllegal(t, h, isa.Inst{Op: isa.VIOTA_M, Rd: 4, Rs2: 5, Vm: 1}, "overlaps")
		mustRun(t, h, isa.Inst{Op: isa.VIOTA_M, Rd: 4, Rs2: 2, Vm: 1})
		eqElems(t, "viota.m e32 m4", elems(h, 4, 32, 8), []uint64{0, 1, 1, 1, 1, 2, 2, 2})

		// vid.v.
		vset(t, h, 16, m1, 5, false, false)
		fillReg(h, 4, 1, 0)
		setMask(h, 0, "10101")
		mustRun(t, h, isa.Inst{Op: isa.VID_V, Rd: 4, Vm: 0})
		eqElems(t, "masked vid.v", elems(h, 4, 16, 6), []uint64{0, 0, 2, 0, 4, 0})
		mustRun(t, h, isa.Inst{Op: isa.VID_V, Rd: 4, Vm: 1})
		eqElems(t, "vid.v", elems(h, 4, 16, 6), []uint64{0, 1, 2, 3, 4, 0})
	}
}
