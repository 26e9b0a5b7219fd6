package emu

import (
	"syscall"
	"testing"
	"time"

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
func BenchmarkVectorBaseLoop(b *testing.B) { benchVectorLoop(b, benchVBase) }

// benchVectorLoop runs prog, a vsetivli then an 8-instruction loop counted down in s0, at
// VLEN 128 and reports its MIPS, every instruction counted.
func benchVectorLoop(b *testing.B, prog []uint32) {
	m := NewMemory()
	h := NewHart(isa.Default(64), m)
	if err := h.SetVector(128, false); err != nil {
		b.Fatal(err)
	}
	const base = 0x10000
	end := loadWords(m, base, prog)
	const iters = 1 << 16
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		h.PC = base
		h.X[8] = iters
		if st := h.Run(1 + 8*iters); st.Reason != StopLimit || h.PC != end {
			b.Fatalf("loop ended at %#x (want %#x): %v", h.PC, end, st)
		}
	}
	reportMIPS(b, (1+8*iters)*uint64(b.N), cpu0)
}

// benchVAES is the vector crypto loop of the speed issue (llvm-mc-19, rv64imacv_zvkned):
// e32 m1, vl = 4 set once, then four vaesem.vs, two vxor.vv and the loop control (8
// instructions per iteration, as scripts/bench/vaesloop.s).
var benchVAES = []uint32{
	0xcd027057, // vsetivli zero, 4, e32, m1, ta, ma
	0xa6812277, // loop: vaesem.vs v4, v8
	0xa6912277, // vaesem.vs v4, v9
	0xa6a12277, // vaesem.vs v4, v10
	0xa6b12277, // vaesem.vs v4, v11
	0x2e5202d7, // vxor.vv v5, v5, v4
	0x2e428257, // vxor.vv v4, v4, v5
	0x147d,     // c.addi s0, -1
	0xf07d,     // c.bnez s0, loop
}

// BenchmarkVectorCryptoLoop reports MIPS on benchVAES at VLEN 128.
func BenchmarkVectorCryptoLoop(b *testing.B) { benchVectorLoop(b, benchVAES) }

// cpuTime is the process's user and system CPU time: on a shared machine the CPU time an
// emulated instruction costs is steadier than the wall time (reported as cpu-MIPS).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportMIPS reports insns over the benchmark's wall time and over the CPU time since cpu0.
func reportMIPS(b *testing.B, insns uint64, cpu0 time.Duration) {
	b.ReportMetric(float64(insns)/b.Elapsed().Seconds()/1e6, "MIPS")
	if d := cpuTime() - cpu0; d > 0 {
		b.ReportMetric(float64(insns)/d.Seconds()/1e6, "cpu-MIPS")
	}
}
