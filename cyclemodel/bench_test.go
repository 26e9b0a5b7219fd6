package cyclemodel

import (
	"testing"

	"rvsim/isa"
)

// loopWords is scripts/bench/loop.s assembled: add, c.xor, sm4ed, slli, c.sub, sm4ed, srli,
// c.xor, c.addi, c.bnez (the emulator's benchmark loop).
var loopWords = []uint32{0x00b506b3, 0x8d35, 0x70b50533, 0x00369713, 0x8d99, 0xb0a585b3, 0x00555793, 0x8e3d, 0x147d, 0xf075}

// loopBatch returns iters iterations of the loop as the emulator hands them over.
func loopBatch(tb testing.TB, iters int) *Batch {
	dec := isa.NewDecoder(isa.Default(64))
	const base = 0x10000
	var insts []isa.Inst
	var pcs []uint64
	pc := uint64(base)
	for _, w := range loopWords {
		in, st := dec.Decode(w)
		if st != isa.OK {
			tb.Fatalf("%#x: %v", w, st)
		}
		insts = append(insts, in)
		pcs = append(pcs, pc)
		pc += uint64(in.Len)
	}
	b := &Batch{Next: base}
	for range iters {
		for j := range insts {
			b.PC = append(b.PC, pcs[j])
			b.Inst = append(b.Inst, &insts[j])
			b.Addr = append(b.Addr, 0)
			b.VCfg = append(b.VCfg, 0)
		}
	}
	return b
}

// BenchmarkRetireBatch measures the model on the emulator's benchmark loop, handed over in
// batches of 1000 instructions as rvsim run --core does.
func BenchmarkRetireBatch(b *testing.B) {
	for _, name := range []string{"rocket", "u74", "p670"} {
		b.Run(name, func(b *testing.B) {
			c, err := Load(name)
			if err != nil {
				b.Fatal(err)
			}
			m := New(c, 64, 0)
			bt := loopBatch(b, 100)
			b.ResetTimer()
			for range b.N {
				m.RetireBatch(bt)
			}
			b.ReportMetric(float64(b.N*len(bt.PC))/b.Elapsed().Seconds()/1e6, "Minsts/s")
			b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N*len(bt.PC)), "ns/inst")
		})
	}
}
