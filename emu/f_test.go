package emu_test

import (
	"strings"
	"testing"

	"rvsim/emu"
	"rvsim/isa"
)

// Encodings of the F/D instructions the tests below need (fd, fs1, fs2 as numbers).
func fpOp(funct7, rs2, rs1, rm, rd uint32) uint32 {
	return funct7<<25 | rs2<<20 | rs1<<15 | rm<<12 | rd<<7 | 0x53
}

const (
	rmRNE = 0
	rmDyn = 7
)

func fmvWX(fd, rs1 uint32) uint32          { return fpOp(0x78, 0, rs1, 0, fd) }
func fmvDX(fd, rs1 uint32) uint32          { return fpOp(0x79, 0, rs1, 0, fd) }
func fmvXW(rd, fs1 uint32) uint32          { return fpOp(0x70, 0, fs1, 0, rd) }
func fmvXD(rd, fs1 uint32) uint32          { return fpOp(0x71, 0, fs1, 0, rd) }
func faddS(fd, fs1, fs2, rm uint32) uint32 { return fpOp(0x00, fs2, fs1, rm, fd) }
func faddD(fd, fs1, fs2, rm uint32) uint32 { return fpOp(0x01, fs2, fs1, rm, fd) }
func fdivS(fd, fs1, fs2, rm uint32) uint32 { return fpOp(0x0c, fs2, fs1, rm, fd) }
func fsgnjS(fd, fs1, fs2 uint32) uint32    { return fpOp(0x10, fs2, fs1, 0, fd) }
func fld(fd, rs1 uint32, imm int32) uint32 {
	return uint32(imm)<<20 | rs1<<15 | 3<<12 | fd<<7 | 0x07
}
func flw(fd, rs1 uint32, imm int32) uint32 {
	return uint32(imm)<<20 | rs1<<15 | 2<<12 | fd<<7 | 0x07
}
func fsw(fs2, rs1 uint32, imm int32) uint32 {
	return uint32(imm>>5)<<25 | fs2<<20 | rs1<<15 | 2<<12 | uint32(imm&31)<<7 | 0x27
}

func runFP(t *testing.T, march string, build func(a *asmBuf)) *emu.Hart {
	t.Helper()
	xlen := 64
	if strings.HasPrefix(march, "rv32") {
		xlen = 32
	}
	a := newAsm(codeBase, xlen)
	build(a)
	a.ebreak()
	h := newBareHart(t, march, a.bytes(), emu.PermRX)
	runToBreak(t, h, 1000)
	return h
}

// TestNaNBoxing: single-precision operands not NaN-boxed read as the canonical NaN, results
// are boxed, and fmv.x.w/fsw move the low 32 bits as they are (unprivileged spec, "NaN
// Boxing of Narrower Values").
func TestNaNBoxing(t *testing.T) {
	h := runFP(t, "rv64gc", func(a *asmBuf) {
		a.li(rT0, 0x3f800000)         // 1.0f, not boxed when moved with fmv.d.x
		a.word(fmvDX(1, rT0))         // f1 = 0x000000003f800000
		a.word(fmvWX(2, rT0))         // f2 = boxed 1.0f
		a.word(faddS(3, 2, 2, rmRNE)) // f3 = 2.0f
		a.word(faddS(4, 1, 2, rmRNE)) // f4: f1 reads as the canonical NaN
		a.word(fsgnjS(5, 1, 2))       // f5: sign injection unboxes too
		a.word(fmvXW(rA0, 1))         // a0 = low 32 bits of f1, sign-extended
		a.li(rS0, dataBase)           //
		a.word(fsw(1, rS0, 0))        // stores the low 32 bits of f1
		a.lw(rA1, rS0, 0)             //
		a.word(flw(6, rS0, 0))        // f6 = boxed
		a.li(rT1, -0x40800000)        // 0xbf800000 sign-extended: fmv.x.w's sign
		a.word(fmvWX(7, rT1))         //
		a.word(fmvXW(rA2, 7))         // a2 = 0xffffffffbf800000
		a.word(fmvXD(rA3, 3))         // a3 = the whole register
		a.word(faddD(8, 2, 2, rmRNE)) // a boxed single read as a double is a NaN
	})
	for _, c := range []struct {
		name      string
		got, want uint64
	}{
		{"fmv.d.x", h.F[1], 0x3f800000},
		{"fmv.w.x", h.F[2], 0xffffffff3f800000},
		{"fadd.s of boxed", h.F[3], 0xffffffff40000000},
		{"fadd.s of unboxed", h.F[4], 0xffffffff7fc00000},
		{"fsgnj.s of unboxed", h.F[5], 0xffffffff7fc00000},
		{"fmv.x.w", h.X[rA0], 0x3f800000},
		{"fsw", h.X[rA1], 0x3f800000},
		{"flw", h.F[6], 0xffffffff3f800000},
		{"fmv.x.w sign", h.X[rA2], 0xffffffffbf800000},
		{"fmv.x.d", h.X[rA3], 0xffffffff40000000},
		{"fadd.d of a boxed single", h.F[8], 0x7ff8000000000000},
	} {
		if c.got != c.want {
			t.Errorf("%s: %#x, want %#x", c.name, c.got, c.want)
		}
	}
}

// TestFcsr: flags accumulate into fflags, frm drives dyn, and the three CSRs are views of
// fcsr.
func TestFcsr(t *testing.T) {
	h := runFP(t, "rv64gc", func(a *asmBuf) {
		a.li(rT0, 0x3f800000)
		a.word(fmvWX(1, rT0))         // 1.0f
		a.word(fmvWX(2, rZero))       // +0.0f
		a.word(fdivS(3, 1, 2, rmRNE)) // 1/0: DZ
		a.li(rT0, 0x40400000)         // 3.0f
		a.word(fmvWX(4, rT0))         //
		a.word(fdivS(5, 1, 4, rmDyn)) // 1/3 under frm: NX
		a.csrr(rA0, 0x001)            // fflags = DZ|NX
		a.li(rT1, 2<<5|0x10)          //
		a.csrw(0x003, rT1)            // fcsr: frm = RDN, fflags = NV
		a.csrr(rA1, 0x002)            // frm = 2
		a.csrr(rA2, 0x001)            // fflags = NV
		a.word(fdivS(6, 1, 4, rmDyn)) // 1/3 rounded down
		a.csrr(rA3, 0x003)            // fcsr = RDN, NV|NX
	})
	if got := h.X[rA0]; got != 0x09 {
		t.Errorf("fflags after 1/0 and 1/3 = %#x, want DZ|NX (0x9)", got)
	}
	if h.X[rA1] != 2 || h.X[rA2] != 0x10 {
		t.Errorf("after fcsr = 0x50: frm %d, fflags %#x; want 2 and 0x10", h.X[rA1], h.X[rA2])
	}
	if got := h.X[rA3]; got != 2<<5|0x11 {
		t.Errorf("fcsr = %#x, want 0x51", got)
	}
	if h.F[5] != 0xffffffff3eaaaaab || h.F[6] != 0xffffffff3eaaaaaa {
		t.Errorf("1/3 under RNE %#x and RDN %#x; want 0x3eaaaaab and 0x3eaaaaaa boxed", h.F[5], h.F[6])
	}
	if h.FCSR() != 0x51 {
		t.Errorf("FCSR() = %#x, want 0x51", h.FCSR())
	}
}

// TestFSState: mstatus.FS starts Initial, F/D instructions make it Dirty (with SD), a
// write of Clean is kept until the next F/D instruction, and Off makes them illegal.
func TestFSState(t *testing.T) {
	for _, xlen := range []int{32, 64} {
		march := "rv64gc"
		sd := uint64(1) << 63
		if xlen == 32 {
			march, sd = "rv32gc", 1<<31
		}
		h := runFP(t, march, func(a *asmBuf) {
			a.csrr(rS1, 0x300)      // Initial
			a.word(fmvWX(1, rZero)) //
			a.csrr(rS2, 0x300)      // Dirty, SD
			a.li(rT0, 1<<13)        // FS = Clean: Dirty with bit 13 cleared
			a.csrrc(rZero, 0x300, rT0)
			a.csrr(rS3, 0x300)      // Clean
			a.word(fmvWX(1, rZero)) // the same instruction, already decoded once
			a.csrr(rS4, 0x300)      // Dirty again
		})
		mask := uint64(3 << 13)
		if got := h.X[rS1] & mask; got != 1<<13 {
			t.Errorf("rv%d: FS at reset %#x, want Initial", xlen, got)
		}
		if got := h.X[rS2]; got&mask != mask || got&sd == 0 {
			t.Errorf("rv%d: mstatus after fmv.w.x %#x, want FS Dirty and SD", xlen, got)
		}
		if got := h.X[rS3]; got&mask != 2<<13 || got&sd != 0 {
			t.Errorf("rv%d: mstatus after writing Clean %#x, want FS Clean without SD", xlen, got)
		}
		if got := h.X[rS4] & mask; got != mask {
			t.Errorf("rv%d: FS after another fmv.w.x %#x, want Dirty", xlen, got)
		}
		if v, _ := h.ReadCSR(0x301); v>>('F'-'A')&1 == 0 || v>>('D'-'A')&1 == 0 {
			t.Errorf("rv%d: misa %#x lacks F or D", xlen, v)
		}
	}

	// Off: an FP instruction that ran before is illegal after the write.
	a := newAsm(codeBase, 64)
	a.label("again")
	a.word(fmvWX(1, rZero))
	a.li(rT0, 3<<13)
	a.csrrc(rZero, 0x300, rT0)
	a.j("again")
	h := newBareHart(t, "rv64gc", a.bytes(), emu.PermRX)
	st := h.Run(100)
	if st.Reason != emu.StopSignal || st.Cause != emu.CauseIllegal || st.PC != codeBase {
		t.Fatalf("after FS = Off: %v, want an illegal instruction at %#x", st, codeBase)
	}
}

// TestFPCommitLog: f register writes appear in the trace as Spike shows them.
func TestFPCommitLog(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.li(rT0, 0x3f800000)
	a.word(fmvWX(5, rT0))
	a.word(faddS(0, 5, 5, rmRNE))
	a.word(fmvXW(rA0, 0))
	a.li(rS0, dataBase)
	a.word(fld(7, rS0, 8))
	a.ebreak()
	h := newBareHart(t, "rv64gc", a.bytes(), emu.PermRX)
	var out strings.Builder
	var flush func() error
	h.Hook, flush = emu.CommitLog(h, &out)
	h.Run(100)
	flush()
	lines := strings.Split(out.String(), "\n")
	want := []string{
		"core   0: 3 0x0000000000001004 (0xf00282d3) f5  0xffffffff3f800000",
		"core   0: 3 0x0000000000001008 (0x00528053) f0  0xffffffff40000000",
		"core   0: 3 0x000000000000100c (0xe0000553) x10 0x0000000040000000",
		"core   0: 3 0x0000000000001014 (0x00843387) f7  0x0000000000000000 mem 0x0000000000010008",
	}
	for _, w := range want {
		found := false
		for _, l := range lines {
			found = found || l == w
		}
		if !found {
			t.Errorf("commit log lacks %q:\n%s", w, out.String())
		}
	}
}

// TestFDHwprobe: the IMA_FD bit needs both F and D.
func TestFDHwprobe(t *testing.T) {
	for _, c := range []struct {
		march string
		want  uint64
	}{{"rv64imafdc", isa.HwprobeIMAFD}, {"rv64imafc", 0}, {"rv64imac", 0}, {"rv64gc", isa.HwprobeIMAFD}} {
		s := mustISA(t, c.march)
		if got := isa.HwprobeExt0(s.Exts) & isa.HwprobeIMAFD; got != c.want {
			t.Errorf("%s: IMA_FD bit %#x, want %#x", c.march, got, c.want)
		}
	}
}
