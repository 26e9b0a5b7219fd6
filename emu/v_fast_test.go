package emu

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"testing"

	"rvsim/isa"
)

// The vector fast path (v_fast.go) against the general executor: the same random
// instructions, from the kinds the fast path runs itself and a few it hands to the ops'
// own functions, run on two harts in the same state, one through the interpreter's loop
// (Run, opVec slots) and one through execVectorOp. After every instruction everything an
// instruction can change must agree: vector registers, vl, vtype, vstart, x registers,
// mstatus, memory, the trap taken (cause, tval, message) and the registers reported as
// written (for the commit log).

// fastTemplates are encodings (llvm-mc-19) whose register, vm and immediate fields the test
// randomizes.
var fastTemplates = []uint32{
	0x022180d7, 0x022540d7, 0x0222b0d7, 0x0a2180d7, 0x0a2540d7, 0x2e2180d7, 0x2e2540d7, 0x2e2eb0d7,
	0x262180d7, 0x262540d7, 0x2623b0d7, 0x2a2180d7, 0x2a2540d7, 0x2a2fb0d7, 0x962540d7, 0x9621b0d7,
	0x962180d7, 0xa22540d7, 0xa224b0d7, 0x5e0180d7, 0x5e0540d7, 0x5e0cb0d7, // integer, vmv.v.*
	0x02050087, 0x02055087, 0x02056087, 0x02057087, 0x020500a7, 0x020550a7, 0x020560a7, 0x020570a7,
	0x00056087, // vle/vse 8..64, a masked vle32
	0xa62120f7, 0xa22120f7, 0xa621a0f7, 0xa221a0f7, 0xa62020f7, 0xa22020f7, 0xa620a0f7, 0xa220a0f7,
	0xa623a0f7, 0xa62820f7, 0xa22820f7, 0xb221a0f7, 0xa228a0f7, // vaes*, vsm4r, vghsh, vgmul
	0x0d05f557, 0xc0127557, 0x80c5f557, // vsetvli, vsetivli, vsetvl
	0x322180d7, 0x0e21a0d7, 0x42202557, 0x3a20b0d7, 0x622030d7, 0x3221a0d7, 0x4a24a0d7, 0x5208a0d7, // others
	0x3621a0d7, 0x322560d7, 0x362560d7, // vclmulh.vv, vclmul.vx, vclmulh.vx
}

// randVReg picks a register field: often a multiple of 8, 4 or 2 (aligned groups), else any.
func randVReg(r *rand.Rand) uint32 {
	switch r.IntN(4) {
	case 0:
		return uint32(r.IntN(4) * 8)
	case 1:
		return uint32(r.IntN(8) * 4)
	case 2:
		return uint32(r.IntN(16) * 2)
	}
	return uint32(r.IntN(32))
}

func randFastInst(r *rand.Rand) uint32 {
	w := fastTemplates[r.IntN(len(fastTemplates))]
	switch w & 0x7f {
	case 0x57:
		if w>>12&7 == 7 { // vset*: rd, rs1 (AVL) and the vtype immediate
			w = w&^(0x1f<<7) | uint32(r.IntN(3)+10)<<7
			if r.IntN(3) == 0 {
				w = w &^ (0x1f << 7) // rd = x0
			}
			if w>>31 == 0 || w>>30 == 3 { // vsetvli, vsetivli
				w = w&^(0xff<<20) | uint32(r.IntN(256))<<20
			}
			if w>>30 == 3 {
				w = w&^(0x1f<<15) | uint32(r.IntN(32))<<15
			}
			return w
		}
	}
	w = w&^(0x1f<<7) | randVReg(r)<<7
	w = w&^(0x1f<<20) | randVReg(r)<<20
	if w>>12&7 == 0 || w>>12&7 == 2 || w&0x7f != 0x57 && w&0x7f != 0x77 { // a vector or x rs1
		if w&0x7f == 0x57 && w>>12&7 != 4 && w>>12&7 != 6 && (w>>26 != 0x12 || r.IntN(2) == 0) { // vxunary0 (vrev8.v): half the time kept
			w = w&^(0x1f<<15) | randVReg(r)<<15
		}
	}
	if w>>12&7 == 3 { // an immediate
		w = w&^(0x1f<<15) | uint32(r.IntN(32))<<15
	}
	if w&0x7f != 0x57 && w&0x7f != 0x77 {
		w = w&^(0x1f<<15) | uint32(10+r.IntN(3))<<15 // a0..a2 hold the addresses
		if r.IntN(4) == 0 {
			w |= uint32(1+r.IntN(7)) << 29 // segments
		}
	}
	if r.IntN(8) == 0 {
		w &^= 1 << 25 // masked
	}
	return w
}

func TestVectorFastPathAgrees(t *testing.T) {
	n := 40000
	if testing.Short() {
		n = 5000
	}
	rng := rand.New(rand.NewPCG(7, 11))
	const data, dataLen = 0x10000, 4 * PageSize
	const code, codeLen = 0x40000, 4 * PageSize
	for _, xlen := range []int{64, 32} {
		for _, vlen := range []int{128, 256} {
			for _, ones := range []bool{false, true} {
				fast, ref := NewHart(isa.Default(xlen), NewMemory()), NewHart(isa.Default(xlen), NewMemory())
				for _, h := range []*Hart{fast, ref} {
					if err := h.SetVector(vlen, ones); err != nil {
						t.Fatal(err)
					}
					h.Mem.Map(data, dataLen, PermRW)
					h.Mem.Map(code, codeLen, PermRX)
				}
				init := make([]byte, dataLen)
				for i := range init {
					init[i] = byte(rng.Uint32())
				}
				fast.Mem.Write(data, init)
				ref.Mem.Write(data, init)
				for i := range fast.V.Reg {
					fast.V.Reg[i] = byte(rng.Uint32())
				}
				copy(ref.V.Reg, fast.V.Reg)
				pc := uint64(code)
				fastRuns := 0
				for k := 0; k < n; k++ {
					if rng.IntN(6) == 0 || fast.V.Vill {
						// A configuration, set on both through the reference path.
						sew := 8 << rng.IntN(4)
						lmul8 := 1 << rng.IntN(7)
						for _, h := range []*Hart{fast, ref} {
							h.X[5] = uint64(rng.IntN(70))
							if rng.IntN(3) == 0 {
								h.X[5] = ^uint64(0)
							}
							h.X[6] = vtypeOf(sew, lmul8, rng.IntN(2) == 0, rng.IntN(2) == 0)
						}
						ref.X[5], ref.X[6] = fast.X[5], fast.X[6]
						vrun(fast, isa.Inst{Op: isa.VSETVL, Rd: 7, Rs1: 5, Rs2: 6, Vm: 1, Raw: 0x80000057})
						vrun(ref, isa.Inst{Op: isa.VSETVL, Rd: 7, Rs1: 5, Rs2: 6, Vm: 1, Raw: 0x80000057})
					}
					if rng.IntN(40) == 0 {
						fast.V.VStart = uint64(rng.IntN(8))
						ref.V.VStart = fast.V.VStart
					}
					if rng.IntN(200) == 0 {
						fast.CSR.mstatus &^= mstatusVS
					} else {
						fast.CSR.mstatus |= mstatusVSInit
					}
					ref.CSR.mstatus = fast.CSR.mstatus
					for r := 10; r < 13; r++ {
						// Addresses in the data pages, often element-aligned, near page ends,
						// past the mapping, or anywhere.
						a := uint64(data + rng.IntN(dataLen))
						switch rng.IntN(6) {
						case 0:
							a = a &^ 7
						case 1:
							a = data + uint64(rng.IntN(4))*PageSize - uint64(rng.IntN(64))
						case 2:
							a = rng.Uint64()
						case 3:
							a = a &^ 63
						}
						if xlen == 32 {
							a = uint64(int64(int32(a)))
						}
						fast.X[r], ref.X[r] = a, a
					}
					w := randFastInst(rng)
					if pc+4 > code+codeLen {
						pc = code
					}
					var b [4]byte
					binary.LittleEndian.PutUint32(b[:], w)
					fast.Mem.Write(pc, b[:])
					in, st := ref.Decoder().Decode(w)
					if st != isa.OK || vexec[in.Op] == nil {
						continue
					}
					fast.PC, ref.PC = pc, pc
					fStop := fast.Run(1)
					rStop, rOK := vrun(ref, in)
					if s := fast.slotAt(pc); s != nil && s.op == opVec {
						fastRuns++
					}
					where := func() string {
						return isa.Format(in, pc, xlen, nil)
					}
					fOK := fStop.Reason == StopLimit
					switch {
					case fOK != rOK:
						t.Fatalf("RV%d VLEN %d ones=%v %08x %s (vtype %#x vl %d): fast %v, general %v",
							xlen, vlen, ones, w, where(), ref.V.VType, ref.V.VL, fStop, rStop)
					case !fOK && (fStop.Cause != rStop.Cause || fStop.Msg != rStop.Msg || fStop.Tval != rStop.Tval):
						t.Fatalf("%08x %s: fast trapped with %v, general with %v", w, where(), fStop, rStop)
					}
					fv, rv := fast.V, ref.V
					switch {
					case !bytes.Equal(fv.Reg, rv.Reg):
						for i := range fv.Reg {
							if fv.Reg[i] != rv.Reg[i] {
								t.Fatalf("RV%d VLEN %d ones=%v %08x %s (vtype %#x vl %d): vector register byte %d (v%d) is %#x, general %#x",
									xlen, vlen, ones, w, where(), rv.VType, rv.VL, i, i/fv.VLENB, fv.Reg[i], rv.Reg[i])
							}
						}
					case fv.VL != rv.VL || fv.VType != rv.VType || fv.VStart != rv.VStart || fv.Vill != rv.Vill:
						t.Fatalf("%08x %s: vl/vtype/vstart %d/%#x/%d, general %d/%#x/%d", w, where(),
							fv.VL, fv.VType, fv.VStart, rv.VL, rv.VType, rv.VStart)
					case fv.wrReg != rv.wrReg || fv.wrN != rv.wrN:
						t.Fatalf("%08x %s: wrote v%d×%d, general v%d×%d", w, where(), fv.wrReg, fv.wrN, rv.wrReg, rv.wrN)
					case fast.X != ref.X:
						t.Fatalf("%08x %s: x registers differ", w, where())
					case fast.CSR.mstatus != ref.CSR.mstatus:
						t.Fatalf("%08x %s: mstatus %#x, general %#x", w, where(), fast.CSR.mstatus, ref.CSR.mstatus)
					case fast.Mem.Misaligned != ref.Mem.Misaligned:
						t.Fatalf("%08x %s: %d misaligned accesses, general %d", w, where(), fast.Mem.Misaligned, ref.Mem.Misaligned)
					}
					if fOK && fast.PC != pc+4 {
						t.Fatalf("%08x %s: pc %#x after it", w, where(), fast.PC)
					}
					fm, rm := make([]byte, dataLen), make([]byte, dataLen)
					fast.Mem.Read(data, fm)
					ref.Mem.Read(data, rm)
					if !bytes.Equal(fm, rm) {
						t.Fatalf("%08x %s: memory differs", w, where())
					}
					// A trap leaves vstart set (a faulting element) on both; start clean.
					fast.V.VStart, ref.V.VStart = 0, 0
					pc += 4
				}
				if fastRuns < n/4 {
					t.Errorf("RV%d VLEN %d: only %d of %d instructions were opVec slots", xlen, vlen, fastRuns, n)
				}
			}
		}
	}
}

// TestVectorQuickPath checks the loop's inline quick path (exec.go, vfastCfg's q fields):
// at VLEN 128, LMUL 1 and vl = VLMAX, every unmasked integer op of the fast path's kinds and
// every element-aligned unit-stride load and store inside a cached page must run without
// calling the kind's function, and must leave what the general executor leaves. A
// configuration changed behind the fast path's back (here by the general executor) must
// turn the quick path off, not run with the old one.
func TestVectorQuickPath(t *testing.T) {
	calls := 0
	saved := vfastFuncs
	defer func() { vfastFuncs = saved }()
	for i, f := range saved {
		vfastFuncs[i] = func(h *Hart, s *slot, in *isa.Inst) bool {
			calls++
			return f(h, s, in)
		}
	}
	rng := rand.New(rand.NewPCG(3, 5))
	const data, dataLen = 0x10000, 4 * PageSize
	const code = 0x40000
	quick := 0
	for _, xlen := range []int{64, 32} {
		for _, ones := range []bool{false, true} {
			fast, ref := NewHart(isa.Default(xlen), NewMemory()), NewHart(isa.Default(xlen), NewMemory())
			init := make([]byte, dataLen)
			for i := range init {
				init[i] = byte(rng.Uint32())
			}
			for _, h := range []*Hart{fast, ref} {
				if err := h.SetVector(128, ones); err != nil {
					t.Fatal(err)
				}
				h.Mem.Map(data, dataLen, PermRW)
				h.Mem.Map(code, PageSize, PermRX)
				h.Mem.Write(data, init)
				h.CSR.mstatus |= mstatusVSInit
			}
			for i := range fast.V.Reg {
				fast.V.Reg[i] = byte(rng.Uint32())
			}
			copy(ref.V.Reg, fast.V.Reg)
			for k := 0; k < 4000; k++ {
				if k%200 == 0 {
					// A quick configuration (vl = VLMAX at LMUL 1), set through the fast
					// path's vset on one hart and the general executor on the other.
					sew := 8 << rng.IntN(4)
					vt := vtypeOf(sew, 8, rng.IntN(2) == 0, rng.IntN(2) == 0)
					w := uint32(0xc0000057 | 31<<15 | 7<<12 | 7<<7 | uint32(vt)<<20) // vsetivli x7, 31, vt
					in, st := ref.Decoder().Decode(w)
					if st != isa.OK {
						t.Fatalf("vsetivli %#x does not decode", w)
					}
					quickStep(t, fast, ref, w, in, code)
					if fast.V.VL != uint64(128/sew) || fast.V.fast.qVType != fast.V.VType {
						t.Fatalf("e%d m1: vl %d, quick vtype %#x for vtype %#x", sew, fast.V.VL, fast.V.fast.qVType, fast.V.VType)
					}
				}
				for r := 1; r < 32; r++ {
					x := rng.Uint64()
					if xlen == 32 {
						x = uint64(int64(int32(x)))
					}
					fast.X[r], ref.X[r] = x, x
				}
				w, mem := randQuickInst(rng, ref.Decoder(), fast.V.SEW)
				eb := uint64(fast.V.SEW / 8)
				a := (data + uint64(rng.IntN(4))*PageSize + uint64(rng.IntN(PageSize-15))) &^ (eb - 1) // 16 bytes inside a page
				odd := mem && rng.IntN(4) == 0
				if odd {
					// Anywhere, across page ends, misaligned: the quick path must decline.
					a = data + uint64(rng.IntN(dataLen-16))
				}
				fast.X[10], ref.X[10] = a, a
				in, st := ref.Decoder().Decode(w)
				if st != isa.OK {
					t.Fatalf("%08x does not decode", w)
				}
				if mem {
					quickStep(t, fast, ref, w, in, code) // the first access fills the page caches
				}
				calls = 0
				quickStep(t, fast, ref, w, in, code)
				if odd {
					continue
				}
				if calls != 0 {
					t.Fatalf("RV%d e%d %08x %s: called the kind's function, not the quick path", xlen, fast.V.SEW,
						w, isa.Format(in, code, xlen, nil))
				}
				quick++
			}
			// vl < VLMAX through the general executor: the fast path must see it.
			ref.X[5], fast.X[5] = 1, 1
			vs := isa.Inst{Op: isa.VSETVL, Rd: 7, Rs1: 5, Rs2: 6, Vm: 1, Raw: 0x80000057}
			ref.X[6], fast.X[6] = fast.V.VType, fast.V.VType
			vrun(fast, vs)
			vrun(ref, vs)
			w := uint32(0x022180d7) // vadd.vv v1, v2, v3
			in, _ := ref.Decoder().Decode(w)
			calls = 0
			quickStep(t, fast, ref, w, in, code)
			if calls == 0 {
				t.Fatalf("RV%d: vl 1 set by the general executor still ran on the quick path", xlen)
			}
		}
	}
	t.Logf("%d instructions on the quick path", quick)
}

// randQuickInst returns a random unmasked instruction the quick path runs at SEW sew: an
// integer op or vmv.v.* of fastTemplates with any registers and immediate, an element-group
// op at SEW 32, or vle/vse with EEW = SEW from a0 (mem).
func randQuickInst(r *rand.Rand, dec *isa.Decoder, sew int) (w uint32, mem bool) {
	if r.IntN(4) == 0 {
		w = fastTemplates[22+bits.TrailingZeros(uint(sew/8))+4*r.IntN(2)]
		return w&^(0x1f<<7) | uint32(r.IntN(32))<<7, true
	}
	if sew == 32 && r.IntN(3) == 0 {
		for {
			// An element-group op (vaes*, vsm4r, vghsh, vgmul); a .vs form's vd is not its vs2.
			w = fastTemplates[31+r.IntN(13)]
			w = w&^(0x1f<<7|0x1f<<15|0x1f<<20) | uint32(r.IntN(32))<<7 | uint32(r.IntN(32))<<15 | uint32(r.IntN(32))<<20
			in, st := dec.Decode(w)
			k := vfastOps()[in.Op]
			if st == isa.OK && uint8(k) == vfGroup4 && (vkForm(k>>8) != vkVS || in.Rd != in.Rs2) {
				return w | 1<<25, false
			}
		}
	}
	for {
		// The integer ops and vmv.v.* (the first 22), or one of the others (from 44 on):
		// vrev8.v and vrgather.vv among them run on the quick path, vsll.vv and the like
		// go to the ops' own functions.
		w = fastTemplates[r.IntN(22)]
		if r.IntN(3) == 0 {
			w = fastTemplates[44+r.IntN(len(fastTemplates)-44)]
		}
		w = w&^(0x1f<<7) | uint32(r.IntN(32))<<7 | 1<<25
		if w>>26 != 0x12 || w>>12&7 != 2 { // vrev8.v's vs1 field is its function code
			w = w&^(0x1f<<15) | uint32(r.IntN(32))<<15
		}
		if w>>26 != 0x17 { // vmv.v.* needs vs2 = 0
			w = w&^(0x1f<<20) | uint32(r.IntN(32))<<20
		}
		in, st := dec.Decode(w)
		k := uint8(vfastOps()[in.Op])
		if st == isa.OK && (k >= vfAdd && k <= vfMv || k == vfRev8 || k == vfClmul && sew == 64 || k == vfGather && in.Rd != in.Rs1 && in.Rd != in.Rs2) {
			return w, false
		}
	}
}

// quickStep runs w at pc on fast through the loop and in on ref through the general
// executor, and fails unless both complete with the same state.
func quickStep(t *testing.T, fast, ref *Hart, w uint32, in isa.Inst, pc uint64) {
	t.Helper()
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], w)
	fast.Mem.Write(pc, b[:])
	fast.PC, ref.PC = pc, pc
	fStop := fast.Run(1)
	rStop, rOK := vrun(ref, in)
	what := isa.Format(in, pc, ref.ISA.XLEN, nil)
	if fStop.Reason != StopLimit || !rOK {
		t.Fatalf("%08x %s: fast %v, general %v", w, what, fStop, rStop)
	}
	fv, rv := fast.V, ref.V
	fm, rm := make([]byte, 4*PageSize), make([]byte, 4*PageSize)
	fast.Mem.Read(0x10000, fm)
	ref.Mem.Read(0x10000, rm)
	switch {
	case !bytes.Equal(fv.Reg, rv.Reg):
		t.Fatalf("%08x %s (vtype %#x vl %d): vector registers differ", w, what, rv.VType, rv.VL)
	case fv.VL != rv.VL || fv.VType != rv.VType || fv.VStart != rv.VStart:
		t.Fatalf("%08x %s: vl/vtype/vstart differ", w, what)
	case fv.wrReg != rv.wrReg || fv.wrN != rv.wrN:
		t.Fatalf("%08x %s: wrote v%d×%d, general v%d×%d", w, what, fv.wrReg, fv.wrN, rv.wrReg, rv.wrN)
	case fast.Mem.Misaligned != ref.Mem.Misaligned:
		t.Fatalf("%08x %s: %d misaligned accesses, general %d", w, what, fast.Mem.Misaligned, ref.Mem.Misaligned)
	case fast.X != ref.X || fast.CSR.mstatus != ref.CSR.mstatus:
		t.Fatalf("%08x %s: x registers or mstatus differ", w, what)
	case fast.PC != pc+4:
		t.Fatalf("%08x %s: pc %#x after it", w, what, fast.PC)
	case !bytes.Equal(fm, rm):
		t.Fatalf("%08x %s: memory differs", w, what)
	}
}
