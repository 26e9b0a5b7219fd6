package emu

import (
	"testing"

	"rvsim/isa"
)

// benchVLoop is a vector kernel's inner loop (llvm-mc-19, rv64imacv): e32 m1, vl = 4 set
// once, then load, add, xor, store and the loop control.
var benchVLoop = []uint32{
	0xcd027057, // vsetivli zero, 4, e32, m1, ta, ma
	0x02056087, // loop: vle32.v v1, (a0)
	0x02108157, // vadd.vv v2, v1, v1
	0x2e2081d7, // vxor.vv v3, v2, v1
	0x0205e1a7, // vse32.v v3, (a1)
	0x147d,     // c.addi s0, -1
	0xf47d,     // c.bnez s0, loop
}

// BenchmarkVectorLoop reports the interpreter's speed on a loop of vector instructions
// (two thirds of them vector) in MIPS, all instructions counted.
func BenchmarkVectorLoop(b *testing.B) {
	m := NewMemory()
	h := NewHart(isa.Default(64), m)
	const base = 0x10000
	loadWords(m, base, benchVLoop)
	m.Map(0x20000, PageSize, PermRW)
	const iters = 1 << 18
	const perIter = 6
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.PC = base
		h.X[8] = iters // s0
		h.X[10], h.X[11] = 0x20000, 0x20100
		st := h.Run(1 + perIter*iters)
		if st.Reason != StopLimit || h.PC != base+24 {
			b.Fatalf("loop ended at %#x: %v", h.PC, st)
		}
	}
	b.ReportMetric(float64(1+perIter*iters)*float64(b.N)/b.Elapsed().Seconds()/1e6, "MIPS")
}

// TestVectorLoopNoAlloc checks that vector instructions allocate nothing as they run.
func TestVectorLoopNoAlloc(t *testing.T) {
	m := NewMemory()
	h := NewHart(isa.Default(64), m)
	const base = 0x10000
	loadWords(m, base, benchVLoop)
	m.Map(0x20000, PageSize, PermRW)
	run := func() {
		h.PC = base
		h.X[8] = 1000
		h.X[10], h.X[11] = 0x20000, 0x20100
		if st := h.Run(1 + 6*1000); st.Reason != StopLimit {
			t.Fatalf("loop stopped: %v", st)
		}
	}
	run() // decode the code page first
	if n := testing.AllocsPerRun(5, run); n != 0 {
		t.Errorf("%v allocations per run of the vector loop", n)
	}
}

// benchVBase is the base RVV loop of the speed issue (llvm-mc-19, rv64imacv): e32 m1, vl = 4
// set once, then six whole-register integer ops and the loop control: 8 instructions per
// iteration, 6 of them vector.
var benchVBase = []uint32{
	0xcd027057, // vsetivli zero, 4, e32, m1, ta, ma
	0x02118157, // loop: vadd.vv v2, v1, v3
	0x2e2081d7, // vxor.vv v3, v2, v1
	0x9631b257, // vsll.vi v4, v3, 3
	0x2a4100d7, // vor.vv v1, v4, v2
	0x0a1202d7, // vsub.vv v5, v1, v4
	0x2e5180d7, // vxor.vv v1, v5, v3
	0x147d,     // c.addi s0, -1
	0xf07d,     // c.bnez s0, loop
}

// BenchmarkVectorBaseLoop reports MIPS on benchVBase at VLEN 128, all instructions counted.
func BenchmarkVectorBaseLoop(b *testing.B) {
	m := NewMemory()
	h := NewHart(isa.Default(64), m)
	if err := h.SetVector(128, false); err != nil {
		b.Fatal(err)
	}
	const base = 0x10000
	end := loadWords(m, base, benchVBase)
	const iters = 1 << 16
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.PC = base
		h.X[8] = iters
		if st := h.Run(1 + 8*iters); st.Reason != StopLimit || h.PC != end {
			b.Fatalf("loop ended at %#x (want %#x): %v", h.PC, end, st)
		}
	}
	b.ReportMetric(float64(1+8*iters)*float64(b.N)/b.Elapsed().Seconds()/1e6, "MIPS")
}
