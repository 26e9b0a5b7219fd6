package isa

import "testing"

// TestFPRegisterUse: f registers are a file of their own, so the integer predicates the cost
// model and the trace use must not name them (fadd.s f5 writes no x5), and FUses must.
func TestFPRegisterUse(t *testing.T) {
	d := NewDecoder(Default(64))
	for _, c := range []struct {
		word              uint32
		text              string
		xrs1, xrs2, xrd   uint8 // from Uses (0: none)
		fs1, fs2, fs3, fd bool
		rm                uint8
	}{
		{0x0062f2d3, "fadd.s ft5, ft5, ft6", 0, 0, 0, true, true, false, true, 7},
		{0x0062a2c3, "fmadd.s ft5, ft5, ft6, ft0, rdn", 0, 0, 0, true, true, true, true, 2},
		{0x0002b287, "fld ft5, 0x0(t0)", 5, 0, 0, false, false, false, true, 0},
		{0x0052b027, "fsd ft5, 0x0(t0)", 5, 0, 0, false, true, false, false, 0},
		{0xc002f2d3, "fcvt.w.s t0, ft5", 0, 0, 5, true, false, false, false, 7},
		{0xd002f2d3, "fcvt.s.w ft5, t0", 5, 0, 0, false, false, false, true, 7},
		{0xa062a2d3, "feq.s t0, ft5, ft6", 0, 0, 5, true, true, false, false, 0},
		{0xe00282d3, "fmv.x.w t0, ft5", 0, 0, 5, true, false, false, false, 0},
		{0x2252a2d3, "fabs.d ft5, ft5", 0, 0, 0, true, true, false, true, 0},
	} {
		in, st := d.Decode(c.word)
		if st != OK {
			t.Errorf("%08x: status %v", c.word, st)
			continue
		}
		if got := Format(in, 0, 64, nil); got != c.text {
			t.Errorf("%08x: %q, want %q", c.word, got, c.text)
		}
		rs1, rs2, rd := in.Uses(64)
		if rs1 != c.xrs1 || rs2 != c.xrs2 || rd != c.xrd {
			t.Errorf("%s: Uses = %d, %d, %d; want %d, %d, %d", c.text, rs1, rs2, rd, c.xrs1, c.xrs2, c.xrd)
		}
		_, _, _, _, u1, u2, u3, w := in.FUses(64)
		if u1 != c.fs1 || u2 != c.fs2 || u3 != c.fs3 || w != c.fd {
			t.Errorf("%s: FUses flags %v %v %v %v; want %v %v %v %v", c.text, u1, u2, u3, w, c.fs1, c.fs2, c.fs3, c.fd)
		}
		if in.RM != c.rm {
			t.Errorf("%s: RM %d, want %d", c.text, in.RM, c.rm)
		}
	}
	// rm 5 and 6 are reserved encodings; rows without an rm field do not look at funct3.
	for _, w := range []uint32{0x0062d2d3, 0x0062e2d3} {
		if _, st := d.Decode(w); st != Reserved {
			t.Errorf("%08x: status %v, want reserved", w, st)
		}
	}
	// Compressed FP loads and stores decode only with their extension (c.flw is RV32's).
	d32 := NewDecoder(ISA{XLEN: 32, Exts: Exts(ExtI, ExtC, ExtF)})
	if in, st := d32.Decode(0x6188); st != OK || in.Op != FLW {
		t.Errorf("c.flw on rv32ifc: %v %v", in.Op, st)
	}
	if _, st := d32.Decode(0x2188); st != NotEnabled {
		t.Errorf("c.fld on rv32ifc: %v, want not enabled", st)
	}
	if in, st := NewDecoder(Default(64)).Decode(0x2002); st != OK || in.Op != FLD || in.Rd != 0 {
		t.Errorf("c.fldsp ft0, 0(sp): %v %v rd %d (f0 is a valid destination)", in.Op, st, in.Rd)
	}
}
