package emu_test

import (
	"encoding/binary"
	"os/exec"
	"slices"
	"testing"

	"rvsim/emu"
	"rvsim/isa"
)

// The generated loops must be what the generator makes of exec.go and the registered
// semantics today.
func TestLoopGenerated(t *testing.T) {
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to run the generator")
	}
	out, err := exec.Command(gotool, "run", "./internal/genloop", "-check").CombinedOutput()
	if err != nil {
		t.Fatalf("exec_gen.go is stale (run go generate ./emu): %v\n%s", err, out)
	}
}

// observed is one retired instruction as an Observer or a Hook saw it.
type observed struct {
	pc, next, addr uint64
	in             isa.Inst
	vl, sew, lmul8 int // vector instructions only
}

// streamRecorder is an Observer that keeps every instruction; cycles, when set, checks that
// it is up to date whenever the guest reads the cycle counter.
type streamRecorder struct {
	got     []observed
	calls   int
	longest int // instructions in the longest batch
}

func (s *streamRecorder) Retired(b *emu.Batch) {
	s.calls++
	s.longest = max(s.longest, len(b.PC))
	if len(b.PC) == 0 || len(b.Inst) != len(b.PC) || len(b.Addr) != len(b.PC) {
		panic("malformed batch")
	}
	for i, pc := range b.PC {
		o := observed{pc: pc, in: *b.Inst[i], next: b.Next}
		if i+1 < len(b.PC) {
			o.next = b.PC[i+1]
		}
		if accessesMemory(o.in.Op) {
			o.addr = b.Addr[i]
		}
		if len(b.VCfg) != len(b.PC) {
			panic("a batch without a vector configuration for each instruction")
		}
		if isa.RowOf(o.in.Op, 64) != nil && isa.RowOf(o.in.Op, 64).Args.Vector() {
			c := b.VCfg[i]
			o.vl, o.sew, o.lmul8 = c.VL(), c.SEW(), c.LMUL8()
		}
		s.got = append(s.got, o)
	}
}

func accessesMemory(op isa.Op) bool {
	for _, xlen := range []int{64, 32} {
		if r := isa.RowOf(op, xlen); r != nil {
			return r.Mem != 0 || r.Class == isa.ClassVLoad || r.Class == isa.ClassVStore
		}
	}
	return false
}

// hookStream runs h with a Hook and returns what it saw.
func hookStream(h *emu.Hart, budget uint64) ([]observed, emu.Stop) {
	var got []observed
	h.Hook = func(r *emu.Retired) {
		o := observed{pc: r.PC, in: r.Inst, next: r.NextPC}
		if accessesMemory(r.Inst.Op) {
			o.addr = r.MemAddr
		}
		if row := isa.RowOf(r.Inst.Op, 64); row != nil && row.Args.Vector() && h.V != nil {
			o.vl, o.sew, o.lmul8 = int(h.V.VL), h.V.SEW, h.V.LMUL8
		}
		got = append(got, o)
	}
	st := h.Run(budget)
	return got, st
}

func compareStreams(t *testing.T, what string, hook, obs []observed) {
	t.Helper()
	if len(hook) != len(obs) {
		t.Errorf("%s: hook saw %d instructions, observer %d", what, len(hook), len(obs))
	}
	for i := range min(len(hook), len(obs)) {
		if hook[i] != obs[i] {
			t.Errorf("%s: instruction %d: hook %+v, observer %+v", what, i, hook[i], obs[i])
			return
		}
	}
}

// observerProgram exercises what the recording must get right: traps into a handler (the
// instruction before a trap must see the faulting pc as its successor), loads and stores on
// both paths (misaligned ones take the general one), AMOs, CSR reads, mret, self-modifying
// code, page crossings and compressed code.
func observerProgram() []byte {
	a := newAsm(codeBase, 64)
	a.la(rT0, "handler")
	a.csrw(csrMtvec, rT0)
	a.li(rS0, dataBase)
	a.li(rS1, 40)
	a.label("loop")
	a.addi(rA0, rA0, 1)
	a.sd(rA0, rS0, 0)
	a.ld(rA1, rS0, 0)
	a.lw(rA5, rS0, 3) // misaligned: the general path
	a.sw(rA5, rS0, 17)
	a.amo(amoADD, 3, rA2, rS0, rA1)
	a.ecall() // traps to the handler
	a.csrr(rA3, csrInstret)
	a.csrr(rA6, csrCycle)
	a.half(0x0505) // c.addi a0, 1
	a.half(0x0001) // c.nop (keeps the handler 4-byte aligned, as mtvec needs)
	a.la(rT2, "patch")
	a.lw(rT1, rT2, 0)
	a.sw(rT1, rT2, 0) // rewrites code: it is decoded again
	a.label("patch").addi(rA7, rA7, 1)
	a.jal(rRA, "far")
	a.addi(rS1, rS1, -1)
	a.bne(rS1, rZero, "loop")
	a.ebreak()
	a.label("handler")
	a.addi(rA4, rA4, 1)
	a.csrr(rT1, csrMepc)
	a.addi(rT1, rT1, 4)
	a.csrw(csrMepc, rT1)
	a.li(rT1, 0x1800)
	a.csrrs(rZero, csrMstatus, rT1)
	a.mret()
	for a.pc() < codeBase+emu.PageSize-2 {
		a.nop()
	}
	a.label("far") // on the next page
	a.addi(rT0, rT0, 1)
	a.jalr(rZero, rRA, 0)
	return a.bytes()
}

func TestObserverMatchesHook(t *testing.T) {
	for _, budget := range []uint64{1, 2, 7, 100, 1000, 1 << 20} {
		code := observerProgram()
		hh := newBareHart(t, "rv64iac_zicntr", code, emu.PermRWX)
		want, st1 := hookStream(hh, budget)

		oh := newBareHart(t, "rv64iac_zicntr", code, emu.PermRWX)
		rec := &streamRecorder{}
		oh.Observer = rec
		st2 := oh.Run(budget)
		if st1 != st2 || hh.X != oh.X || hh.PC != oh.PC || hh.Instret != oh.Instret {
			t.Errorf("budget %d: hooked run %v at %#x, observed run %v at %#x", budget, st1, hh.PC, st2, oh.PC)
		}
		compareStreams(t, "budget "+itoa(budget), want, rec.got)
		if budget == 1<<20 && rec.calls > len(rec.got)/2 {
			// (Each iteration has an ecall, CSR accesses and a decode: a few batches.)
			t.Logf("%d batches for %d instructions", rec.calls, len(rec.got))
		}
	}
}

// The guest's cycle counter reads the observer's count: the buffer must be handed over
// before a CSR instruction runs, so that each read sees every instruction before it.
func TestObserverCurrentAtCSRRead(t *testing.T) {
	const perIter = 13 // instructions from one csrr to the next
	a := newAsm(codeBase, 64)
	a.addi(rS1, rZero, 300)
	a.label("loop")
	for i := 0; i < 7; i++ {
		a.addi(rA0, rA0, 1)
	}
	a.csrr(rA1, csrCycle)
	a.sub(rA2, rA1, rA3)
	a.bne(rA2, rS0, "bad")
	a.addi(rA3, rA1, 0)
	a.addi(rS1, rS1, -1)
	a.bne(rS1, rZero, "loop")
	a.label("good").ebreak()
	a.label("bad").ebreak()
	h := newBareHart(t, "rv64i_zicntr", a.bytes(), emu.PermRX)
	rec := &streamRecorder{}
	h.Observer = rec
	h.CSR.Cycles = func() uint64 { return uint64(len(rec.got)) }
	h.X[rS0] = perIter
	first := int64(1 + 7) // the first read follows 8 instructions
	h.X[rA3] = uint64(first - perIter)
	st := runToBreak(t, h, 1<<20)
	if st.PC != a.addr("good") {
		t.Fatalf("a cycle read did not count the instructions before it: stopped at %#x (a1 %d, a3 %d)", st.PC, h.X[rA1], h.X[rA3])
	}
}

// A vector program: its vector instructions come in the middle of batches, each with the
// configuration it ran under, which changes from one iteration to the next (vl 4, 4, 3, 2,
// 1: the quick path at vl = VLMAX, the kinds' functions below it).
func TestObserverVector(t *testing.T) {
	const (
		vsetvli = 0x57 | 7<<12
		vle32   = 0x07 | 6<<12 | 1<<25
		vse32   = 0x27 | 6<<12 | 1<<25
		vaddvv  = 0x57 | 1<<25
	)
	words := []uint32{
		vsetvli | rA0<<7 | rA1<<15 | (2<<3|0)<<20, // vsetvli a0, a1, e32, m1
		vle32 | 1<<7 | rS0<<15,                    // vle32.v v1, (s0)
		vaddvv | 2<<7 | 1<<15 | 1<<20,             // vadd.vv v2, v1, v1
		encI(16, rS0, 0, rS1, 0x13),               // addi s1, s0, 16
		vse32 | 2<<7 | rS1<<15,                    // vse32.v v2, (s1)
		encI(-1, rT0, 0, rT0, 0x13),               // addi t0, t0, -1
		encI(-1, rA1, 0, rA1, 0x13),               // addi a1, a1, -1
		encB(-28, rZero, rT0, 1),                  // bnez t0, back to vsetvli
		0x00100073,                                // ebreak
	}
	dec := isa.NewDecoder(isa.Default(64))
	wantOps := []isa.Op{isa.VSETVLI, isa.VLE32_V, isa.VADD_VV, isa.ADDI, isa.VSE32_V, isa.ADDI, isa.ADDI, isa.BNE, isa.EBREAK}
	var code []byte
	for i, w := range words {
		if in, st := dec.Decode(w); st != isa.OK || in.Op != wantOps[i] {
			t.Fatalf("word %d (%#08x) decodes as %v (%v), want %v", i, w, in.Op, st, wantOps[i])
		}
		code = binary.LittleEndian.AppendUint32(code, w)
	}
	setup := func() *emu.Hart {
		h := newBareHart(t, "rv64imv", code, emu.PermRX)
		if err := h.SetVector(128, false); err != nil {
			t.Fatal(err)
		}
		h.X[rS0], h.X[rA1], h.X[rT0] = dataBase, 5, 5
		return h
	}
	hh := setup()
	want, st1 := hookStream(hh, 1000)
	oh := setup()
	rec := &streamRecorder{}
	oh.Observer = rec
	st2 := oh.Run(1000)
	if st1 != st2 || len(want) != 5*8 {
		t.Errorf("stops %v, %v; %d instructions retired, want 40", st1, st2, len(want))
	}
	compareStreams(t, "vector", want, rec.got)
	var vls []int
	for _, o := range rec.got {
		if o.in.Op == isa.VSE32_V {
			if o.addr != dataBase+16 || o.sew != 32 || o.lmul8 != 8 {
				t.Errorf("vse32.v observed as %+v", o)
			}
			vls = append(vls, o.vl)
		}
	}
	if !slices.Equal(vls, []int{4, 4, 3, 2, 1}) {
		t.Errorf("vse32.v observed with vl %v, want [4 4 3 2 1]", vls)
	}
	// The first pass hands a batch over before each instruction is decoded; from its
	// branch on, the other four iterations and the ebreak's trap come in one batch.
	if rec.longest != 1+4*8 {
		t.Errorf("the longest batch held %d instructions, want 33 (%d batches)", rec.longest, rec.calls)
	}
}

func itoa(n uint64) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		if n /= 10; n == 0 {
			return string(b)
		}
	}
}

// BenchmarkObservedLoop measures the batched observation path (loopRecord and an Observer
// that only counts) on the loop of BenchmarkInterpreterLoop.
func BenchmarkObservedLoop(b *testing.B) {
	m := emu.NewMemory()
	h := emu.NewHart(isa.Default(64), m)
	const base = 0x10000
	var code []byte
	for _, w := range benchLoopWords {
		if w&3 == 3 {
			code = binary.LittleEndian.AppendUint32(code, w)
		} else {
			code = binary.LittleEndian.AppendUint16(code, uint16(w))
		}
	}
	m.Map(base, uint64(len(code)), emu.PermRX)
	m.Write(base, code)
	const iters = 1 << 20
	var c countObserver
	h.Observer = &c
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.PC = base
		h.X[8] = iters
		if st := h.Run(10 * iters); st.Reason != emu.StopLimit {
			b.Fatalf("loop ended: %v", st)
		}
	}
	if c.n != uint64(b.N)*10*iters {
		b.Fatalf("observer saw %d instructions, want %d", c.n, uint64(b.N)*10*iters)
	}
	b.ReportMetric(float64(10*iters)*float64(b.N)/b.Elapsed().Seconds()/1e6, "MIPS")
}

type countObserver struct{ n uint64 }

func (c *countObserver) Retired(b *emu.Batch) { c.n += uint64(len(b.PC)) }

// benchLoopWords is scripts/bench/loop.s assembled, as benchLoop in bench_test.go.
var benchLoopWords = []uint32{0x00b506b3, 0x8d35, 0x70b50533, 0x00369713, 0x8d99, 0xb0a585b3, 0x00555793, 0x8e3d, 0x147d, 0xf075}
