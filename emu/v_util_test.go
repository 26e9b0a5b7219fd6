package emu

import (
	"fmt"
	"strings"
	"testing"

	"rvsim/isa"
)

// Helpers for the vector unit tests: harts with a vector unit, vtype settings, register
// contents as element lists, and instructions built as isa.Inst values.

// vHart returns an RV64 hart with V at the given VLEN, undisturbed agnostic policy.
func vHart(t testing.TB, vlen int) *Hart {
	t.Helper()
	h := NewHart(isa.Default(64), NewMemory())
	if err := h.SetVector(vlen, false); err != nil {
		t.Fatal(err)
	}
	return h
}

// vtypeOf encodes SEW, LMUL×8 and the policy bits as vtype.
func vtypeOf(sew, lmul8 int, ta, ma bool) uint64 {
	var vlmul uint64
	switch lmul8 {
	case 1:
		vlmul = 5
	case 2:
		vlmul = 6
	case 4:
		vlmul = 7
	case 8:
		vlmul = 0
	case 16:
		vlmul = 1
	case 32:
		vlmul = 2
	case 64:
		vlmul = 3
	default:
		panic("bad lmul8")
	}
	var vsew uint64
	for 8<<vsew != sew {
		vsew++
	}
	vt := vsew<<3 | vlmul
	if ta {
		vt |= 1 << 6
	}
	if ma {
		vt |= 1 << 7
	}
	return vt
}

// vrun executes one vector instruction; it returns the stop when the instruction trapped
// (the harts have no trap handler, so every trap stops the run).
func vrun(h *Hart, in isa.Inst) (Stop, bool) {
	if in.Len == 0 {
		in.Len = 4
	}
	if in.Raw == 0 {
		in.Raw = 0x57 // OP-V, for messages
	}
	f := vexec[in.Op]
	if f == nil {
		panic(fmt.Sprintf("no vexec for op %d", in.Op))
	}
	h.stop = Stop{}
	if !h.execVectorOp(f, &in, h.PC) {
		return h.stop, false
	}
	return Stop{}, true
}

// mustRun executes an instruction that must complete.
func mustRun(t testing.TB, h *Hart, in isa.Inst) {
	t.Helper()
	if st, ok := vrun(h, in); !ok {
		t.Fatalf("op %d trapped: %v", in.Op, st)
	}
}

// mustTrap executes an instruction that must raise an illegal-instruction exception whose
// message contains want.
func mustIllegal(t testing.TB, h *Hart, in isa.Inst, want string) {
	t.Helper()
	st, ok := vrun(h, in)
	if ok {
		t.Fatalf("op %d completed; want an illegal instruction (%s)", in.Op, want)
	}
	if st.Cause != CauseIllegal || !strings.Contains(st.Msg, want) {
		t.Fatalf("op %d: %v; want illegal instruction with %q", in.Op, st, want)
	}
}

// vset configures vtype and vl through vsetvl (AVL in x5, vtype in x6, vl to x7).
func vset(t testing.TB, h *Hart, sew, lmul8 int, avl uint64, ta, ma bool) {
	t.Helper()
	h.X[5], h.X[6] = avl, vtypeOf(sew, lmul8, ta, ma)
	mustRun(t, h, isa.Inst{Op: isa.VSETVL, Rd: 7, Rs1: 5, Rs2: 6, Vm: 1})
	if h.V.Vill {
		t.Fatalf("vsetvl e%d lmul8=%d is vill", sew, lmul8)
	}
}

// setElems writes elements 0.. of the group at vreg.
func setElems(h *Hart, vreg, sew int, xs ...uint64) {
	for i, x := range xs {
		h.V.SetElem(vreg, i, sew, x)
	}
}

// elems reads n elements of the group at vreg.
func elems(h *Hart, vreg, sew, n int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		out[i] = h.V.Elem(vreg, i, sew)
	}
	return out
}

// fillReg sets every byte of registers [vreg, vreg+n) to b.
func fillReg(h *Hart, vreg, n int, b byte) {
	for i := vreg * h.V.VLENB; i < (vreg+n)*h.V.VLENB; i++ {
		h.V.Reg[i] = b
	}
}

// setMask writes the mask bits (element 0 first) into register vreg, clearing the others.
func setMask(h *Hart, vreg int, bits string) {
	fillReg(h, vreg, 1, 0)
	for i, c := range bits {
		h.V.SetMaskBit(vreg, i, c == '1')
	}
}

// maskBits reads n mask bits of register vreg as a string, element 0 first.
func maskBits(h *Hart, vreg, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if h.V.MaskBit(vreg, i) {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

func eqElems(t testing.TB, what string, got, want []uint64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d elements, want %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: element %d = %#x, want %#x (got %#x, want %#x)", what, i, got[i], want[i], got, want)
		}
	}
}

// rep returns n copies of x.
func rep(x uint64, n int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		out[i] = x
	}
	return out
}

// seq returns start, start+step, ... (n values).
func seq(start, step uint64, n int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		out[i] = start + uint64(i)*step
	}
	return out
}

// vv, vx and vi build the three operand forms of an arithmetic instruction.
func vv(op isa.Op, vd, vs2, vs1 uint8) isa.Inst {
	return isa.Inst{Op: op, Rd: vd, Rs2: vs2, Rs1: vs1, Vm: 1}
}

func vx(op isa.Op, vd, vs2, rs1 uint8) isa.Inst {
	return isa.Inst{Op: op, Rd: vd, Rs2: vs2, Rs1: rs1, Vm: 1}
}

func vi(op isa.Op, vd, vs2 uint8, imm int64) isa.Inst {
	return isa.Inst{Op: op, Rd: vd, Rs2: vs2, Rs1: uint8(imm & 31), Imm: imm, Vm: 1}
}

// masked clears the vm bit (v0.t).
func masked(in isa.Inst) isa.Inst {
	in.Vm = 0
	return in
}

// vlens are the register widths the unit tests run at.
var vlens = []int{128, 256}
