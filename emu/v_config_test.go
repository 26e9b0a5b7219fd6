package emu

import (
	"fmt"
	"testing"

	"rvsim/isa"
)

func TestVsetvlSettings(t *testing.T) {
	for _, vlen := range vlens {
		for _, sew := range []int{8, 16, 32, 64} {
			for _, lmul8 := range []int{1, 2, 4, 8, 16, 32, 64} {
				t.Run(fmt.Sprintf("vlen%d/e%d/lmul8=%d", vlen, sew, lmul8), func(t *testing.T) {
					h := vHart(t, vlen)
					vt := vtypeOf(sew, lmul8, true, false)
					// Fractional LMUL supports SEW ≤ LMUL×ELEN only.
					supported := sew*8 <= lmul8*64
					vlmax := uint64(vlen * lmul8 / 8 / sew)
					for _, avl := range []uint64{0, 1, vlmax - 1, vlmax, vlmax + 1, 2*vlmax + 3, 1 << 40} {
						h.X[10] = avl
						h.X[11] = 0xdead
						mustRun(t, h, isa.Inst{Op: isa.VSETVLI, Rd: 11, Rs1: 10, Imm: int64(vt), Vm: 1})
						want := min(avl, vlmax)
						wantType := vt
						if !supported {
							want, wantType = 0, 1<<63
						}
						if h.X[11] != want || h.V.VL != want || h.V.VType != wantType || h.V.Vill == supported {
							t.Fatalf("avl %d: rd %d vl %d vtype %#x vill %v; want vl %d vtype %#x",
								avl, h.X[11], h.V.VL, h.V.VType, h.V.Vill, want, wantType)
						}
						if vl, _ := h.ReadCSR(csrVl); vl != want {
							t.Fatalf("csr vl = %d, want %d", vl, want)
						}
						if vtype, _ := h.ReadCSR(csrVtype); vtype != wantType {
							t.Fatalf("csr vtype = %#x, want %#x", vtype, wantType)
						}
					}
					if !supported {
						return
					}
					// rs1 = x0, rd ≠ x0: vl = VLMAX.
					mustRun(t, h, isa.Inst{Op: isa.VSETVLI, Rd: 12, Rs1: 0, Imm: int64(vt), Vm: 1})
					if h.X[12] != vlmax || h.V.VL != vlmax {
						t.Fatalf("rs1=x0: vl %d, want VLMAX %d", h.V.VL, vlmax)
					}
					// vsetivli: a 5-bit AVL.
					mustRun(t, h, isa.Inst{Op: isa.VSETIVLI, Rd: 12, Rs1: 31, Imm: int64(vt), Vm: 1})
					if want := min(31, vlmax); h.X[12] != want {
						t.Fatalf("vsetivli 31: vl %d, want %d", h.X[12], want)
					}
				})
			}
		}
	}
}

func TestVsetvlKeepVL(t *testing.T) {
	h := vHart(t, 128)
	vset(t, h, 32, 8, 3, false, false) // vl 3, VLMAX 4
	// rd = rs1 = x0 with the same SEW/LMUL ratio keeps vl.
	mustRun(t, h, isa.Inst{Op: isa.VSETVLI, Rd: 0, Rs1: 0, Imm: int64(vtypeOf(16, 4, true, true)), Vm: 1})
	if h.V.Vill || h.V.VL != 3 || h.V.SEW != 16 || h.V.LMUL8 != 4 || !h.V.TA || !h.V.MA {
		t.Fatalf("keep vl: vill %v vl %d sew %d lmul8 %d", h.V.Vill, h.V.VL, h.V.SEW, h.V.LMUL8)
	}
	// A new ratio (VLMAX changes) is reserved: vill.
	mustRun(t, h, isa.Inst{Op: isa.VSETVLI, Rd: 0, Rs1: 0, Imm: int64(vtypeOf(8, 8, false, false)), Vm: 1})
	if !h.V.Vill || h.V.VL != 0 || h.V.VType != 1<<63 {
		t.Fatalf("ratio change: vill %v vl %d vtype %#x; want vill", h.V.Vill, h.V.VL, h.V.VType)
	}
	// From vill (vl = 0) any ratio keeps vl = 0.
	mustRun(t, h, isa.Inst{Op: isa.VSETVLI, Rd: 0, Rs1: 0, Imm: int64(vtypeOf(64, 8, false, false)), Vm: 1})
	if h.V.Vill || h.V.VL != 0 || h.V.SEW != 64 {
		t.Fatalf("after vill: vill %v vl %d sew %d", h.V.Vill, h.V.VL, h.V.SEW)
	}
}

func TestVsetvlUnsupported(t *testing.T) {
	h := vHart(t, 128)
	for _, vt := range []uint64{
		4,            // vlmul 4 reserved
		4 << 3,       // vsew 4 (e128) reserved
		7 << 3,       // vsew 7
		1 << 8,       // reserved bit
		1 << 62,      // reserved bit
		1 << 63,      // vill requested
		3<<3 | 5,     // e64 mf8
		3<<3 | 7,     // e64 mf2 (needs ELEN 128)
		2<<3 | 6,     // e32 mf4
		1<<3 | 5,     // e16 mf8
		0x700 | 0<<3, // vsetvli's zimm bits 10:8
	} {
		vset(t, h, 32, 8, 4, false, false)
		h.X[5], h.X[6] = 7, vt
		mustRun(t, h, isa.Inst{Op: isa.VSETVL, Rd: 7, Rs1: 5, Rs2: 6, Vm: 1})
		if !h.V.Vill || h.V.VL != 0 || h.X[7] != 0 || h.V.VType != 1<<63 {
			t.Errorf("vtype %#x: vill %v vl %d rd %d vtype %#x; want vill, vl 0", vt, h.V.Vill, h.V.VL, h.X[7], h.V.VType)
		}
		// Anything but vset* and whole-register loads/stores is illegal now.
		mustIllegal(t, h, vv(isa.VADD_VV, 1, 2, 3), "vill")
	}
	// vsetvli takes 11 bits of zimm: bit 8 set is a reserved vtype.
	mustRun(t, h, isa.Inst{Op: isa.VSETVLI, Rd: 7, Rs1: 5, Imm: 0x100, Vm: 1})
	if !h.V.Vill {
		t.Error("vsetvli with zimm bit 8 set: vill clear")
	}
	// Zve32x: ELEN 32, so e64 is unsupported.
	z := NewHart(mustParse(t, "rv64imac_zve32x"), NewMemory())
	if z.V == nil || z.V.ELEN != 32 {
		t.Fatalf("zve32x hart: %+v", z.V)
	}
	z.X[5], z.X[6] = 4, vtypeOf(64, 8, false, false)
	mustRun(t, z, isa.Inst{Op: isa.VSETVL, Rd: 7, Rs1: 5, Rs2: 6, Vm: 1})
	if !z.V.Vill {
		t.Error("zve32x: e64 accepted")
	}
	z.X[6] = vtypeOf(32, 8, false, false)
	mustRun(t, z, isa.Inst{Op: isa.VSETVL, Rd: 7, Rs1: 5, Rs2: 6, Vm: 1})
	if z.V.Vill || z.V.VL != 4 {
		t.Errorf("zve32x e32 m1: vill %v vl %d", z.V.Vill, z.V.VL)
	}
}

func mustParse(t testing.TB, s string) isa.ISA {
	t.Helper()
	target, err := isa.ParseISA(s)
	if err != nil {
		t.Fatal(err)
	}
	return target
}

func TestVectorResetAndISA(t *testing.T) {
	h := NewHart(isa.Default(64), NewMemory())
	if h.V == nil || h.V.VLEN != 128 || !h.V.Vill || h.V.VType != 1<<63 {
		t.Fatalf("default hart vector unit: %+v", h.V)
	}
	if misa, _ := h.ReadCSR(csrMisa); misa>>('V'-'A')&1 != 1 {
		t.Errorf("misa %#x lacks V", misa)
	}
	if vlenb, ok := h.ReadCSR(csrVlenb); !ok || vlenb != 16 {
		t.Errorf("vlenb = %d, %v", vlenb, ok)
	}
	// Whole-register loads/stores and vset* do not depend on vtype; others are illegal.
	mustIllegal(t, h, vv(isa.VADD_VV, 1, 2, 3), "vill")
	h32 := NewHart(mustParse(t, "rv32imacv"), NewMemory())
	if h32.V == nil || h32.V.VType != 1<<31 {
		t.Fatalf("rv32 vector unit: %+v", h32.V)
	}
	if v, _ := h32.ReadCSR(csrVtype); v != 1<<31 {
		t.Errorf("rv32 vtype at reset %#x, want vill in bit 31", v)
	}
	// Without V there is no vector unit and no vector CSR.
	n := NewHart(mustParse(t, "rv64imac"), NewMemory())
	if n.V != nil {
		t.Fatal("rv64imac hart has a vector unit")
	}
	if _, ok := n.ReadCSR(csrVl); ok {
		t.Error("vl readable without V")
	}
	if err := n.SetVector(256, false); err == nil {
		t.Error("SetVector accepted an ISA without V")
	}
	if err := h.SetVector(100, false); err == nil {
		t.Error("SetVector accepted VLEN 100")
	}
	if err := h.SetVector(512, true); err != nil || h.V.VLENB != 64 || !h.V.AgnosticOnes {
		t.Errorf("SetVector 512: %v, %+v", err, h.V)
	}
}

func TestVectorCSRs(t *testing.T) {
	h := vHart(t, 256)
	vset(t, h, 8, 8, 5, false, false)
	if !h.WriteCSR(csrVxrm, 0xff) {
		t.Fatal("vxrm write refused")
	}
	if v, _ := h.ReadCSR(csrVxrm); v != 3 {
		t.Errorf("vxrm = %d, want 3 (two bits)", v)
	}
	h.WriteCSR(csrVxsat, 3)
	if v, _ := h.ReadCSR(csrVcsr); v != 7 {
		t.Errorf("vcsr = %d, want 7", v)
	}
	h.WriteCSR(csrVcsr, 4)
	if rm, _ := h.ReadCSR(csrVxrm); rm != 2 || h.V.VXSAT != 0 {
		t.Errorf("vcsr write 4: vxrm %d vxsat %d", rm, h.V.VXSAT)
	}
	h.WriteCSR(csrVstart, 0x1234)
	if v, _ := h.ReadCSR(csrVstart); v != 0x1234&255 {
		t.Errorf("vstart = %#x, want %#x (log2 VLEN bits)", v, 0x1234&255)
	}
	for _, n := range []uint16{csrVl, csrVtype, csrVlenb} {
		if h.WriteCSR(n, 1) {
			t.Errorf("CSR %#x accepted a write", n)
		}
	}
	// Every vector instruction resets vstart, vset* included.
	mustRun(t, h, isa.Inst{Op: isa.VSETVLI, Rd: 0, Rs1: 0, Imm: int64(vtypeOf(8, 8, false, false)), Vm: 1})
	if h.V.VStart != 0 {
		t.Errorf("vstart %d after vsetvli", h.V.VStart)
	}

	// mstatus.VS: Initial at reset, Dirty after a vector instruction (SD set), Off disables
	// the unit and its CSRs.
	ms, _ := h.ReadCSR(csrMstatus)
	if ms&mstatusVS != mstatusVSDirty || ms>>63 != 1 {
		t.Errorf("mstatus %#x: want VS Dirty and SD", ms)
	}
	h.WriteCSR(csrMstatus, ms&^mstatusVS)
	if _, ok := h.ReadCSR(csrVl); ok {
		t.Error("vl readable with mstatus.VS Off")
	}
	mustIllegal(t, h, vv(isa.VADD_VV, 1, 2, 3), "mstatus.VS is Off")
	h.WriteCSR(csrMstatus, ms|mstatusVSInit)
	mustRun(t, h, vv(isa.VADD_VV, 1, 2, 3))

	// Under Linux the vector CSRs are user CSRs: readable, and the writable ones writable,
	// through the CSR instructions.
	l := vHart(t, 128)
	l.Linux = &Linux{}
	l.Priv = PrivU
	vset(t, l, 32, 8, 4, false, false)
	code := []uint32{
		0xc2202573, // csrr a0, vlenb
		0xc20025f3, // csrr a1, vl
		0x00a15673, // csrrwi a2, vxrm, 2
		0x00a026f3, // csrr a3, vxrm
	}
	loadWords(l.Mem, 0x10000, code)
	l.PC = 0x10000
	if st := l.Run(uint64(len(code))); st.Reason != StopLimit {
		t.Fatalf("CSR accesses under Linux: %v", st)
	}
	if l.X[10] != 16 || l.X[11] != 4 || l.X[13] != 2 {
		t.Errorf("under Linux: vlenb %d vl %d vxrm %d", l.X[10], l.X[11], l.X[13])
	}
}

// On RV32 scalars are XLEN bits: AVL and slide offsets are unsigned 32-bit values, vmv.x.s
// of an e64 element keeps its low 32 bits, .vx operands are sign-extended to SEW.
func TestVectorRV32(t *testing.T) {
	h := NewHart(mustParse(t, "rv32imacv"), NewMemory())
	h.SetReg(5, 0xffffffff) // AVL 2^32-1: vl = VLMAX
	h.X[6] = vtypeOf(64, 8, false, false)
	mustRun(t, h, isa.Inst{Op: isa.VSETVL, Rd: 7, Rs1: 5, Rs2: 6, Vm: 1})
	if h.V.VL != 2 || h.X[7] != 2 {
		t.Fatalf("vl %d", h.V.VL)
	}
	setElems(h, 2, 64, 0x1234567887654321, 5)
	mustRun(t, h, isa.Inst{Op: isa.VMV_X_S, Rd: 10, Rs2: 2, Vm: 1})
	if h.Reg(10) != 0x87654321 || h.X[10] != 0xffffffff87654321 {
		t.Errorf("vmv.x.s e64 on RV32: %#x", h.X[10])
	}
	h.SetReg(11, 0xfffffffe) // -2, sign-extended to SEW
	mustRun(t, h, vx(isa.VADD_VX, 4, 2, 11))
	eqElems(t, "vadd.vx e64 on RV32", elems(h, 4, 64, 2), []uint64{0x123456788765431f, 3})
	h.SetReg(12, 0x80000001) // a slide by 2^31+1: past VLMAX
	mustRun(t, h, vx(isa.VSLIDEDOWN_VX, 4, 2, 12))
	eqElems(t, "vslidedown.vx on RV32", elems(h, 4, 64, 2), []uint64{0, 0})
	if v, _ := h.ReadCSR(csrVtype); v != vtypeOf(64, 8, false, false) {
		t.Errorf("vtype %#x", v)
	}
	h.X[6] = 1 << 8
	mustRun(t, h, isa.Inst{Op: isa.VSETVL, Rd: 7, Rs1: 5, Rs2: 6, Vm: 1})
	if v, _ := h.ReadCSR(csrVtype); v != 1<<31 || !h.V.Vill {
		t.Errorf("vill vtype on RV32 %#x", v)
	}
}
