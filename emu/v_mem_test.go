package emu

import (
	"fmt"
	"testing"

	"rvsim/isa"
)

// memHart returns a vector hart with two read-write pages at 0x10000 holding the bytes
// 0, 1, 2, ... (mod 256); 0x12000 and above are unmapped.
func memHart(t testing.TB, vlen int) *Hart {
	h := vHart(t, vlen)
	h.Mem.Map(0x10000, 2*PageSize, PermRW)
	b := make([]byte, 2*PageSize)
	for i := range b {
		b[i] = byte(i)
	}
	h.Mem.Write(0x10000, b)
	return h
}

func memBytes(h *Hart, addr uint64, n int) []uint64 {
	b := make([]byte, n)
	h.Mem.Read(addr, b)
	out := make([]uint64, n)
	for i := range b {
		out[i] = uint64(b[i])
	}
	return out
}

// le returns the little-endian value of eb bytes starting at byte value b0 of the pattern.
func le(b0 uint64, eb int) uint64 {
	var x uint64
	for j := eb - 1; j >= 0; j-- {
		x = x<<8 | (b0+uint64(j))&0xff
	}
	return x
}

func ldst(op isa.Op, vd, rs1, rs2 uint8, nf uint8) isa.Inst {
	return isa.Inst{Op: op, Rd: vd, Rs1: rs1, Rs2: rs2, Vm: 1, Nf: nf}
}

func TestVectorUnitStrideAndStrided(t *testing.T) {
	for _, vlen := range vlens {
		for _, c := range []struct {
			load, store, strided isa.Op
			eew                  int
		}{
			{isa.VLE8_V, isa.VSE8_V, isa.VLSE8_V, 8},
			{isa.VLE16_V, isa.VSE16_V, isa.VLSE16_V, 16},
			{isa.VLE32_V, isa.VSE32_V, isa.VLSE32_V, 32},
			{isa.VLE64_V, isa.VSE64_V, isa.VLSE64_V, 64},
		} {
			t.Run(fmt.Sprintf("vlen%d/e%d", vlen, c.eew), func(t *testing.T) {
				h := memHart(t, vlen)
				eb := c.eew / 8
				// SEW 32 with the load's own EEW: EMUL = EEW/32 × m2.
				vset(t, h, 32, 16, 5, false, false)
				h.X[10] = 0x10003 // misaligned on purpose
				fillReg(h, 8, 8, 0xee)
				mustRun(t, h, ldst(c.load, 8, 10, 0, 0))
				want := make([]uint64, 5)
				for i := range want {
					want[i] = le(uint64(3+i*eb), eb)
				}
				eqElems(t, "unit-stride load", elems(h, 8, c.eew, 5), want)
				if got := h.V.Elem(8, 5, c.eew); got != ^uint64(0)>>(64-c.eew)&0xeeeeeeeeeeeeeeee {
					t.Errorf("tail element %#x: not undisturbed", got)
				}
				// Store it back elsewhere.
				h.X[11] = 0x11000
				mustRun(t, h, ldst(c.store, 8, 11, 0, 0))
				eqElems(t, "unit-stride store", memBytes(h, 0x11000, 5*eb+1), append(seq(3, 1, 5*eb), uint64((0x1000+5*eb)&0xff)))

				// Strided with a negative stride.
				h.X[12] = uint64(-3 * int64(eb))
				h.X[10] = 0x10100
				mustRun(t, h, ldst(c.strided, 16, 10, 12, 0))
				for i := range want {
					want[i] = le(uint64(0x100-3*eb*i), eb)
				}
				eqElems(t, "strided load", elems(h, 16, c.eew, 5), want)
				// Stride 0: every element from the same address.
				h.X[12] = 0
				mustRun(t, h, ldst(c.strided, 16, 10, 12, 0))
				eqElems(t, "stride-0 load", elems(h, 16, c.eew, 5), rep(le(0, eb), 5))
			})
		}
	}
}

func TestVectorMaskedLoadStore(t *testing.T) {
	h := memHart(t, 128)
	h.V.AgnosticOnes = true
	vset(t, h, 16, m1, 5, true, true)
	setMask(h, 0, "10110")
	fillReg(h, 8, 1, 0)
	h.X[10] = 0x10000
	mustRun(t, h, masked(ldst(isa.VLE16_V, 8, 10, 0, 0)))
	eqElems(t, "masked load (agnostic ones)", elems(h, 8, 16, 8), []uint64{0x0100, 0xffff, 0x0504, 0x0706, 0xffff, 0xffff, 0xffff, 0xffff})
	// A masked store leaves inactive elements' memory alone, and faults only on active
	// elements: here element 1 would be unmapped but is inactive.
	setElems(h, 8, 16, 0xa1a0, 0xb1b0, 0xc1c0, 0xd1d0, 0xe1e0)
	h.X[11] = 0x11800
	h.X[12] = 0x400 // stride: elements 2..4 at 0x12000.. (unmapped)
	setMask(h, 0, "11000")
	mustRun(t, h, masked(ldst(isa.VSSE16_V, 8, 11, 12, 0)))
	if got := memBytes(h, 0x11800, 2); got[0] != 0xa0 || got[1] != 0xa1 {
		t.Errorf("masked strided store: % x", got)
	}
	if got := memBytes(h, 0x11c00, 2); got[0] != 0xb0 || got[1] != 0xb1 {
		t.Errorf("masked strided store element 1: % x", got)
	}
	setMask(h, 0, "11100")
	if st, ok := vrun(h, masked(ldst(isa.VSSE16_V, 8, 11, 12, 0))); ok || st.Tval != 0x12000 || h.V.VStart != 2 {
		t.Errorf("active element 2 at 0x12000: %v, vstart %d", st, h.V.VStart)
	}
	h.V.VStart = 0
	mustIllegal(t, h, masked(ldst(isa.VLE16_V, 0, 10, 0, 0)), "v0")
	mustRun(t, h, masked(ldst(isa.VSE16_V, 0, 10, 0, 0))) // a store may take its data from v0
}

func TestVectorIndexed(t *testing.T) {
	for _, vlen := range vlens {
		h := memHart(t, vlen)
		// Data SEW 64, indices EEW 8 (EMUL 1/8 × LMUL).
		vset(t, h, 64, 16, 3, false, false)
		setElems(h, 4, 8, 0x20, 0x08, 0xff)
		h.X[10] = 0x10000
		mustRun(t, h, ldst(isa.VLOXEI8_V, 8, 10, 4, 0))
		eqElems(t, "vloxei8 e64", elems(h, 8, 64, 3), []uint64{le(0x20, 8), le(0x08, 8), le(0xff, 8)})
		// Indices EEW 64, data SEW 8; an index wider than the address space wraps.
		vset(t, h, 8, m1, 3, false, false)
		setElems(h, 16, 64, 1, 0x100, 0xffffffffffffffff) // index group: EMUL 8 → v16..v23
		h.X[10] = 0x10001
		mustRun(t, h, ldst(isa.VLUXEI64_V, 8, 10, 16, 0))
		eqElems(t, "vluxei64 e8", elems(h, 8, 8, 3), []uint64{2, 1, 0})
		// Scatter.
		setElems(h, 8, 8, 0xaa, 0xbb, 0xcc)
		mustRun(t, h, ldst(isa.VSOXEI64_V, 8, 10, 16, 0))
		if got := memBytes(h, 0x10000, 3); got[0] != 0xcc || got[1] != 0x01 || got[2] != 0xaa {
			t.Errorf("vsoxei64: % x", got)
		}
		if got := memBytes(h, 0x10101, 1); got[0] != 0xbb {
			t.Errorf("vsoxei64 element 1: % x", got)
		}
		// The destination may overlap the index group where the spec allows: vd = vs2 with
		// equal widths reads each index before overwriting it.
		vset(t, h, 8, m1, 4, false, false)
		setElems(h, 4, 8, 3, 2, 1, 0)
		h.X[10] = 0x10010
		mustRun(t, h, ldst(isa.VLUXEI8_V, 4, 10, 4, 0))
		eqElems(t, "vluxei8 v4, (a0), v4", elems(h, 4, 8, 4), []uint64{0x13, 0x12, 0x11, 0x10})
		vset(t, h, 32, m1, 4, false, false) // data e32 m1, indices e8 mf4
		mustIllegal(t, h, ldst(isa.VLUXEI8_V, 4, 10, 4, 0), "index group")
		mustIllegal(t, h, ldst(isa.VLUXEI8_V, 4, 10, 4, 1), "overlaps the index group")
		vset(t, h, 8, 64, 4, false, false)
		mustIllegal(t, h, ldst(isa.VLUXEI16_V, 8, 10, 16, 0), "EMUL")
	}
}

func TestVectorSegments(t *testing.T) {
	for _, vlen := range vlens {
		h := memHart(t, vlen)
		vset(t, h, 8, m1, 4, false, false)
		h.X[10] = 0x10000
		// vlseg3e8: bytes 3i, 3i+1, 3i+2 into v8, v9, v10.
		mustRun(t, h, ldst(isa.VLE8_V, 8, 10, 0, 2))
		eqElems(t, "field 0", elems(h, 8, 8, 4), []uint64{0, 3, 6, 9})
		eqElems(t, "field 1", elems(h, 9, 8, 4), []uint64{1, 4, 7, 10})
		eqElems(t, "field 2", elems(h, 10, 8, 4), []uint64{2, 5, 8, 11})
		// vssseg2e16 with stride 8, LMUL 2: fields in v12-13 and v14-15.
		vset(t, h, 16, 16, 3, false, false)
		setElems(h, 12, 16, 0x1111, 0x2222, 0x3333)
		setElems(h, 14, 16, 0xaaaa, 0xbbbb, 0xcccc)
		h.X[11], h.X[12] = 0x11000, 8
		mustRun(t, h, ldst(isa.VSSE16_V, 12, 11, 12, 1))
		eqElems(t, "strided segment store", memBytes(h, 0x11000, 20), []uint64{
			0x11, 0x11, 0xaa, 0xaa, 0x04, 0x05, 0x06, 0x07,
			0x22, 0x22, 0xbb, 0xbb, 0x0c, 0x0d, 0x0e, 0x0f,
			0x33, 0x33, 0xcc, 0xcc})
		// Indexed segments: vluxseg2ei8 at offsets 0x40, 0x10.
		vset(t, h, 32, m1, 2, false, false)
		setElems(h, 2, 8, 0x40, 0x10)
		h.X[10] = 0x10000
		mustRun(t, h, ldst(isa.VLUXEI8_V, 4, 10, 2, 1))
		eqElems(t, "indexed segment field 0", elems(h, 4, 32, 2), []uint64{le(0x40, 4), le(0x10, 4)})
		eqElems(t, "indexed segment field 1", elems(h, 5, 32, 2), []uint64{le(0x44, 4), le(0x14, 4)})
		// Register-group rules.
		vset(t, h, 8, 32, 4, false, false) // m4
		mustIllegal(t, h, ldst(isa.VLE8_V, 8, 10, 0, 2), "NFIELDS")
		vset(t, h, 8, m1, 4, false, false)
		mustIllegal(t, h, ldst(isa.VLE8_V, 28, 10, 0, 4), "past v31")
		vset(t, h, 8, 16, 4, false, false)
		mustIllegal(t, h, ldst(isa.VLE8_V, 3, 10, 0, 1), "vd is not a multiple")
	}
}

func TestVectorWholeRegisterAndMask(t *testing.T) {
	for _, vlen := range vlens {
		h := memHart(t, vlen)
		vlenb := vlen / 8
		// Whole-register loads run with vill set.
		h.X[10] = 0x10001
		mustRun(t, h, ldst(isa.VLRE16_V, 4, 10, 0, 1)) // vl2re16.v v4
		eqElems(t, "vl2re16", elems(h, 4, 8, 2*vlenb), seq(1, 1, 2*vlenb))
		h.X[11] = 0x11000
		mustRun(t, h, ldst(isa.VSR_V, 4, 11, 0, 1)) // vs2r.v v4
		eqElems(t, "vs2r", memBytes(h, 0x11000, 2*vlenb), seq(1, 1, 2*vlenb))
		mustIllegal(t, h, ldst(isa.VLRE8_V, 2, 10, 0, 3), "multiple of the register count")
		mustIllegal(t, h, ldst(isa.VLRE8_V, 0, 10, 0, 2), "1, 2, 4 or 8")
		// vstart counts elements of the encoded EEW.
		fillReg(h, 4, 1, 0)
		h.V.VStart = 2
		mustRun(t, h, ldst(isa.VLRE32_V, 4, 10, 0, 0))
		eqElems(t, "vl1re32 from vstart 2", elems(h, 4, 8, 10), []uint64{0, 0, 0, 0, 0, 0, 0, 0, 9, 10})

		// Mask load/store: ceil(vl/8) bytes; the rest of the register is tail.
		vset(t, h, 8, 64, 17, false, false)
		fillReg(h, 1, 1, 0x77)
		h.X[10] = 0x10020
		mustRun(t, h, ldst(isa.VLM_V, 1, 10, 0, 0))
		eqElems(t, "vlm.v", elems(h, 1, 8, 4), []uint64{0x20, 0x21, 0x22, 0x77})
		h.X[11] = 0x11100
		mustRun(t, h, ldst(isa.VSM_V, 1, 11, 0, 0))
		eqElems(t, "vsm.v", memBytes(h, 0x11100, 4), []uint64{0x20, 0x21, 0x22, 0x03})
	}
}

func TestVectorMemoryFaults(t *testing.T) {
	h := memHart(t, 128)
	vset(t, h, 32, m1, 4, false, false)
	// Element 2 of this load is at 0x12000, unmapped: vstart = 2 and tval is the address.
	fillReg(h, 8, 1, 0)
	h.X[10] = 0x11ff8
	st, ok := vrun(h, ldst(isa.VLE32_V, 8, 10, 0, 0))
	if ok || st.Cause != CauseLoadAccess || st.Tval != 0x12000 || h.V.VStart != 2 {
		t.Fatalf("load fault: %v, vstart %d", st, h.V.VStart)
	}
	eqElems(t, "elements before the fault", elems(h, 8, 32, 4), []uint64{le(0xff8, 4), le(0xffc, 4), 0, 0})
	// A store fault: a misaligned element straddling into the unmapped page faults at its
	// first unmapped byte, and nothing of it is written.
	h.V.VStart = 0
	h.X[10] = 0x11ff6
	st, ok = vrun(h, ldst(isa.VSE32_V, 8, 10, 0, 0))
	if ok || st.Cause != CauseStoreAccess || st.Tval != 0x12000 || h.V.VStart != 2 {
		t.Fatalf("store fault: %v, vstart %d", st, h.V.VStart)
	}
	if got := memBytes(h, 0x11ffe, 2); got[0] != 0xfe || got[1] != 0xff {
		t.Errorf("partially stored faulting element: % x", got)
	}
	// Resuming from vstart after the handler "maps" the page completes the rest.
	h.Mem.Map(0x12000, PageSize, PermRW)
	mustRun(t, h, ldst(isa.VSE32_V, 8, 10, 0, 0))
	if h.V.VStart != 0 {
		t.Errorf("vstart %d after the resumed store", h.V.VStart)
	}
	h.Mem.Unmap(0x12000, PageSize)

	// A segment is accessed whole or not at all: field 1 of segment 2 is unmapped, so field
	// 0 of it is neither loaded nor stored.
	vset(t, h, 32, m1, 4, false, false)
	fillReg(h, 8, 2, 0)
	h.Mem.Write(0x11fe0, seqBytes(0xe0, 32))
	h.X[10] = 0x11fec
	st, ok = vrun(h, ldst(isa.VLE32_V, 8, 10, 0, 1))
	if ok || st.Tval != 0x12000 || h.V.VStart != 2 {
		t.Fatalf("vlseg2e32 fault: %v, vstart %d", st, h.V.VStart)
	}
	eqElems(t, "vlseg2e32 field 0", elems(h, 8, 32, 4), []uint64{le(0xfec, 4), le(0xff4, 4), 0, 0})
	eqElems(t, "vlseg2e32 field 1", elems(h, 9, 32, 4), []uint64{le(0xff0, 4), le(0xff8, 4), 0, 0})
	h.V.VStart = 0
	setElems(h, 8, 32, 0xa0a0a0a0, 0xa1a1a1a1, 0xa2a2a2a2, 0xa3a3a3a3)
	st, ok = vrun(h, ldst(isa.VSE32_V, 8, 10, 0, 1))
	if ok || st.Cause != CauseStoreAccess || h.V.VStart != 2 {
		t.Fatalf("vsseg2e32 fault: %v, vstart %d", st, h.V.VStart)
	}
	eqElems(t, "vsseg2e32 memory", memBytes(h, 0x11ff4, 12), []uint64{0xa1, 0xa1, 0xa1, 0xa1, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff})
	h.V.VStart = 0

	// Fault-only-first: a fault past element 0 trims vl; at element 0 it traps.
	vset(t, h, 32, m1, 4, false, false)
	h.X[10] = 0x11ff8
	mustRun(t, h, ldst(isa.VLE32FF_V, 8, 10, 0, 0))
	if h.V.VL != 2 {
		t.Errorf("vle32ff: vl %d, want 2", h.V.VL)
	}
	h.X[10] = 0x12000
	st, ok = vrun(h, ldst(isa.VLE32FF_V, 8, 10, 0, 0))
	if ok || st.Cause != CauseLoadAccess || h.V.VL != 2 || h.V.VStart != 0 {
		t.Errorf("vle32ff at an unmapped base: %v vl %d", st, h.V.VL)
	}
	// A masked-off element does not fault.
	vset(t, h, 32, m1, 4, false, false)
	setMask(h, 0, "1100")
	h.X[10] = 0x11ff8
	mustRun(t, h, masked(ldst(isa.VLE32_V, 8, 10, 0, 0)))
	// Under Linux a fault is SIGSEGV.
	h.Linux = &Linux{}
	st, ok = vrun(h, ldst(isa.VLE32_V, 8, 10, 0, 0))
	if ok || st.Signal != SIGSEGV {
		t.Errorf("under Linux: %v", st)
	}
}

// seqBytes returns n bytes counting up from b.
func seqBytes(b byte, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = b + byte(i)
	}
	return out
}
