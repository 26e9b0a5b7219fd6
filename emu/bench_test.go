package emu

import (
	"encoding/binary"
	"math"
	"testing"

	"rvsim/isa"
)

// benchLoop is scripts/bench/loop.s assembled (llvm-mc-19, rv64imac_zksed): the 10-instruction
// loop of add, xor, sm4ed, slli, sub, sm4ed, srli, xor, addi, bnez, with compressed forms
// where the assembler chose them.
var benchLoop = []uint32{
	0x00b506b3, // add   a3, a0, a1
	0x8d35,     // c.xor a0, a3
	0x70b50533, // sm4ed a0, a0, a1, 1
	0x00369713, // slli  a4, a3, 3
	0x8d99,     // c.sub a1, a4
	0xb0a585b3, // sm4ed a1, a1, a0, 2
	0x00555793, // srli  a5, a0, 5
	0x8e3d,     // c.xor a2, a5
	0x147d,     // c.addi s0, -1
	0xf075,     // c.bnez s0, loop
}

// loadWords places instructions (2 or 4 bytes each, by their low bits) at addr.
func loadWords(m *Memory, addr uint64, words []uint32) uint64 {
	var b []byte
	for _, w := range words {
		if w&3 == 3 {
			b = binary.LittleEndian.AppendUint32(b, w)
		} else {
			b = binary.LittleEndian.AppendUint16(b, uint16(w))
		}
	}
	m.Map(addr, uint64(len(b)), PermRX)
	m.Write(addr, b)
	return addr + uint64(len(b))
}

// BenchmarkInterpreterLoop reports the interpreter's speed on the benchmark loop; the
// MIPS metric is the figure to compare with qemu-user (scripts/bench-vs-qemu.sh).
func BenchmarkInterpreterLoop(b *testing.B) {
	m := NewMemory()
	h := NewHart(isa.Default(64), m)
	const base = 0x10000
	loadWords(m, base, benchLoop)
	const iters = 1 << 20
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		h.PC = base
		h.X[8] = iters // s0
		h.X[10], h.X[11] = 0x01234567, 0x89abcdef
		st := h.Run(10 * iters)
		if st.Reason != StopLimit || h.PC != base+30 {
			b.Fatalf("loop ended at %#x: %v", h.PC, st)
		}
	}
	reportMIPS(b, 10*iters*uint64(b.N), cpu0)
}

// BenchmarkHookedLoop measures the per-instruction observation path (the cost model's and
// the trace's) with an empty hook, on the same loop as BenchmarkInterpreterLoop.
func BenchmarkHookedLoop(b *testing.B) {
	m := NewMemory()
	h := NewHart(isa.Default(64), m)
	const base = 0x10000
	loadWords(m, base, benchLoop)
	const iters = 1 << 16
	var n uint64
	h.Hook = func(r *Retired) { n++ }
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.PC = base
		h.X[8] = iters
		if st := h.Run(10 * iters); st.Reason != StopLimit {
			b.Fatalf("loop ended: %v", st)
		}
	}
	if n != uint64(b.N)*10*iters {
		b.Fatalf("hook saw %d instructions, want %d", n, uint64(b.N)*10*iters)
	}
	b.ReportMetric(float64(10*iters)*float64(b.N)/b.Elapsed().Seconds()/1e6, "MIPS")
}

// benchVectorAES is a vector AES loop (llvm-mc-19, rv64imacv_zvkned): vsetivli for four
// 32-bit elements (one AES block per element group), then four middle rounds and a final
// round with vaesem.vs/vaesef.vs, a vxor.vv folding the result into an accumulator, and the
// loop control: 8 instructions per iteration, 6 of them vector.
var benchVectorAES = []uint32{
	0xcd027057, // vsetivli zero, 4, e32, m1, ta, ma
	0xa6812277, // vaesem.vs v4, v8
	0xa6912277, // vaesem.vs v4, v9
	0xa6a12277, // vaesem.vs v4, v10
	0xa6b12277, // vaesem.vs v4, v11
	0xa6c1a277, // vaesef.vs v4, v12
	0x2e5202d7, // vxor.vv v5, v5, v4
	0x157d,     // c.addi a0, -1
	0xf17d,     // c.bnez a0, loop (the first vaesem)
}

// BenchmarkVectorAESLoop reports MIPS on benchVectorAES at VLEN 128.
func BenchmarkVectorAESLoop(b *testing.B) {
	m := NewMemory()
	h := NewHart(isa.Default(64), m)
	if err := h.SetVector(128, false); err != nil {
		b.Fatal(err)
	}
	const base = 0x10000
	end := loadWords(m, base, benchVectorAES)
	const iters = 1 << 16
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.PC = base
		h.X[10] = iters
		if st := h.Run(1 + 8*iters); st.Reason != StopLimit || h.PC != end {
			b.Fatalf("loop ended at %#x (want %#x): %v", h.PC, end, st)
		}
	}
	b.ReportMetric(float64(1+8*iters)*float64(b.N)/b.Elapsed().Seconds()/1e6, "MIPS")
}

// fpBenchLoop is the inner loop of scripts/bench/fploop.s: a double-precision dot product
// and cubic polynomial, 13 instructions per element (x in a0, y in a1, count in t0).
var fpBenchLoop = []uint32{
	0x00053007, // fld     ft0, 0(a0)
	0x0005b087, // fld     ft1, 0(a1)
	0x52107543, // fmadd.d fa0, ft0, ft1, fa0
	0x7206f143, // fmadd.d ft2, fa3, ft0, fa4
	0x7a017143, // fmadd.d ft2, ft2, ft0, fa5
	0x82017143, // fmadd.d ft2, ft2, ft0, fa6
	0x121171d3, // fmul.d  ft3, ft2, ft1
	0x0235f5d3, // fadd.d  fa1, fa1, ft3
	0x0521,     // c.addi  a0, 8
	0x05a1,     // c.addi  a1, 8
	0x12fd,     // c.addi  t0, -1
	0x0ab57653, // fsub.d  fa2, fa0, fa1
	0xfc029be3, // bnez    t0, loop
}

// BenchmarkFPLoop reports the interpreter's speed on the floating-point loop.
func BenchmarkFPLoop(b *testing.B) {
	m := NewMemory()
	h := NewHart(isa.Default(64), m)
	const base, data = 0x10000, 0x100000
	end := loadWords(m, base, fpBenchLoop)
	const iters = 1 << 15
	m.Map(data, 16*iters, PermRW)
	var buf [8]byte
	for i := uint64(0); i < 2*iters; i++ {
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(float64(i%1024+1)/1000))
		m.Write(data+8*i, buf[:])
	}
	for r, v := range map[int]float64{13: 3, 14: -2, 15: 5, 16: 7} {
		h.F[r] = math.Float64bits(v)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.PC = base
		h.X[10], h.X[11], h.X[5] = data, data+8*iters, iters
		st := h.Run(13 * iters)
		if st.Reason != StopLimit || h.PC != end {
			b.Fatalf("loop ended at %#x: %v", h.PC, st)
		}
	}
	b.ReportMetric(float64(13*iters)*float64(b.N)/b.Elapsed().Seconds()/1e6, "MIPS")
}
