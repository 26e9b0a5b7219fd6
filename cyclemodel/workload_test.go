package cyclemodel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"rvsim/kernels"
)

// workloads are the kernel calls BenchmarkRetireWorkload feeds the model: the emulator's
// batches of one call over 16 KiB (after a first, warming call), as rvsim run --core hands
// them over.
var workloads = []struct{ file, mode string }{
	{"sm4-zksed-rv64.elf", "ecb"},
	{"sm4-c-rv64.elf", "cbc"},
	{"aes-zkn-rv64.elf", "ctr"},
	{"aes-zkn-rv64.elf", "gcm-zbc"},
	{"aes-c-rv64.elf", "xts"},
	{"ghash-c-rv64.elf", "ghash-c"},
	{"ghash-zbc-rv64.elf", "ghash-zbc"},
	{"aes-c-rv64.elf", "ccm"},
	{"aes-zkn-rv64.elf", "ecb"},
	{"aes-zvkned-rv64.elf", "cbc"},
	{"aes-zvkned-rv64.elf", "gcm-zvkg"},
	{"sm4-zvksed-zvkb-rv64.elf", "ctr"},
	{"sm4-zvksed-zvkb-rv64.elf", "ecb"},
}

// recordWorkload runs the call twice and returns the batches of the second run.
func recordWorkload(tb testing.TB, file, mode string) []*Batch {
	k, err := kernels.Open(filepath.Join("..", "kernels", "bin", file))
	if err != nil {
		tb.Skip(err)
	}
	const size = 16 << 10
	in := make([]byte, size)
	key := make([]byte, 16)
	if k.Family == "aes" {
		key = make([]byte, 32)
	}
	// Data as BenchmarkModelSpeed's (cmd/rvsim): with zeros, the table-driven C kernels
	// look up the same entries every time and their loops settle as real data never lets
	// them.
	for i := range in {
		in[i] = byte(i*7 + 3)
	}
	for i := range key {
		key[i] = byte(i*5 + 1)
	}
	rec := &batchRecorder{}
	if g, ok := strings.CutPrefix(mode, "ghash-"); ok {
		mc, err := k.Machine("ghash_update_" + g)
		if err != nil {
			tb.Fatal(err)
		}
		for r := range 2 {
			if r == 1 {
				mc.Hart.Observer = rec
			}
			if _, err := k.GHASH(g, key[:16], in); err != nil {
				tb.Fatal(err)
			}
		}
		return rec.bs
	}
	m, gh := mode, ""
	if v, ok := strings.CutPrefix(mode, "gcm-"); ok {
		m, gh = "gcm", v
	}
	mc, err := k.Machine(kernels.EntryPoint(k.Family, m, gh, false))
	if err != nil {
		tb.Fatal(err)
	}
	spec := kernels.Spec{Mode: m, GHASH: gh, Key: key, IV: make([]byte, 16), In: in, Len: size, TagLen: 16}
	switch m {
	case "gcm", "ccm":
		spec.IV = make([]byte, 12)
	case "xts":
		spec.Key2 = key
	}
	p, err := k.Prepare(spec)
	if err != nil {
		tb.Fatal(err)
	}
	for r := range 2 {
		if r == 1 {
			mc.Hart.Observer = rec
		}
		if _, err := p.Call(size); err != nil {
			tb.Fatal(err)
		}
	}
	return rec.bs
}

// BenchmarkRetireWorkload measures RetireBatch alone on the batches of real kernel calls
// over 16 KiB, per core: ns/inst, and how the instructions were modelled (fractions timed,
// replayed and repeated in blocks). RVSIM_WORKLOAD=substring picks workloads.
func BenchmarkRetireWorkload(b *testing.B) {
	cs, err := Shipped()
	if err != nil {
		b.Fatal(err)
	}
	for _, w := range workloads {
		if sel := os.Getenv("RVSIM_WORKLOAD"); sel != "" && !strings.Contains(w.file+"/"+w.mode, sel) {
			continue
		}
		bs := recordWorkload(b, w.file, w.mode)
		n := 0
		for _, bt := range bs {
			n += len(bt.PC)
		}
		for _, c := range cs {
			b.Run(c.Name+"/"+strings.TrimSuffix(w.file, ".elf")+"/"+w.mode, func(b *testing.B) {
				m := New(c, 64, 0)
				for _, bt := range bs { // warm: the blocks and variants are known
					m.RetireBatch(bt)
				}
				t0, r0, p0 := m.blocks.timed, m.blocks.replayed, m.blocks.repeated
				b.ResetTimer()
				for range b.N {
					for _, bt := range bs {
						m.RetireBatch(bt)
					}
				}
				b.StopTimer()
				tot := float64(b.N * n)
				b.ReportMetric(b.Elapsed().Seconds()*1e9/tot, "ns/inst")
				b.ReportMetric(float64(m.blocks.timed-t0)/tot, "timed")
				b.ReportMetric(float64(m.blocks.replayed-r0)/tot, "replayed")
				b.ReportMetric(float64(m.blocks.repeated-p0)/tot, "repeated")
			})
		}
	}
}

// TestWorkloadsMatchReference feeds the batches of the workloads' 16 KiB calls to the model
// and, one instruction at a time, to the reference model (ref_test.go), on every shipped
// core, and compares every counter and the profile: the memoized blocks, their variants and
// the cache and store-buffer shortcuts must not change a cycle on real code either.
func TestWorkloadsMatchReference(t *testing.T) {
	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range workloads {
		bs := recordWorkload(t, w.file, w.mode)
		lo, hi := ^uint64(0), uint64(0)
		for _, bt := range bs {
			for _, pc := range bt.PC {
				lo, hi = min(lo, pc), max(hi, pc+4)
			}
		}
		for _, c := range cs {
			t.Run(c.Name+"/"+strings.TrimSuffix(w.file, ".elf")+"/"+w.mode, func(t *testing.T) {
				m := New(c, 64, 0)
				m.SetProfile(lo, hi)
				ref := newRef(c, 64, 0)
				ref.setProfile(lo, hi)
				var ev Event
				for _, bt := range bs {
					m.RetireBatch(bt)
					for i, pc := range bt.PC {
						in := bt.Inst[i]
						ev.PC, ev.Inst, ev.MemAddr = pc, *in, bt.Addr[i]
						ev.NextPC = bt.Next
						if i+1 < len(bt.PC) {
							ev.NextPC = bt.PC[i+1]
						}
						oi := &m.ops[in.Op]
						ev.MemSize, ev.Store = oi.mem, oi.store
						ev.VL, ev.SEW, ev.LMUL8 = 0, 0, 0
						if oi.flags&(fVector|fVset) != 0 {
							c := bt.VCfg[i]
							ev.VL, ev.SEW, ev.LMUL8 = c.VL(), c.SEW(), c.LMUL8()
						}
						ref.Retire(&ev)
					}
				}
				if d := diffStates(refStateOf(ref), stateOf(m.Cycles(), m.Stats(), m.Err(), m.prof)); d != "" {
					t.Fatal(d)
				}
				if m.Stats().Instructions == 0 {
					t.Fatal("no instructions modelled")
				}
			})
		}
	}
}

// TestWideBlocks checks the wide blocks (block.wide) on the workloads they were made for
// and on one they fail on, p670: SM4-C CBC's and AES-C CBC's blocks, a chain through their
// rounds, are built wide over the whole outer loop and then repeated (AES-C's only with the
// variants of a roomy block: its outer loop goes round three start states before it
// settles); so are GHASH-C's on rv32, whose chain ends at a branch that goes two ways from
// turn to turn of an inner loop (and the same ways in every turn of the outer one); AES-C
// XTS's are tried wide and built narrow again, as they were without wide
// blocks. The counts are the same with and without.
func TestWideBlocks(t *testing.T) {
	c, err := Load("p670")
	if err != nil {
		t.Fatal(err)
	}
	blocksOf := func(m *Model) map[uint64]int {
		lens := map[uint64]int{}
		for _, blk := range m.blocks.tab {
			if blk != nil && !blk.stale {
				lens[blk.pc] = len(blk.head)
			}
		}
		return lens
	}
	for _, w := range []struct {
		file, mode string
		wide       bool // a wide block stays
	}{{"sm4-c-rv64.elf", "cbc", true}, {"aes-c-rv64.elf", "cbc", true}, {"ghash-c-rv32.elf", "ghash-c", true}, {"aes-c-rv64.elf", "xts", false}} {
		bs := recordWorkload(t, w.file, w.mode)
		var ms [2]*Model
		var repeated [2]float64
		for k := range ms {
			m := New(c, 64, 0)
			m.blocks.noWide = k == 0
			for _, bt := range bs { // the first call: blocks built, tried wide, judged
				m.RetireBatch(bt)
			}
			r0, n := m.blocks.repeated, 0
			for _, bt := range bs {
				m.RetireBatch(bt)
				n += len(bt.PC)
			}
			ms[k], repeated[k] = m, float64(m.blocks.repeated-r0)/float64(n)
		}
		name := w.file + " " + w.mode
		if d := diffStates(stateOf(ms[0].Cycles(), ms[0].Stats(), ms[0].Err(), ms[0].prof), stateOf(ms[1].Cycles(), ms[1].Stats(), ms[1].Err(), ms[1].prof)); d != "" {
			t.Fatalf("%s: counts without wide blocks and with differ: %s", name, d)
		}
		tried, wide := 0, 0
		for _, e := range ms[1].blocks.wideTab {
			if e.pc != 0 {
				tried++
			}
		}
		roomy := 0
		for _, blk := range ms[1].blocks.tab {
			if blk != nil && blk.wide && !blk.stale {
				wide++
			}
			if blk != nil && blk.roomy {
				roomy++
			}
		}
		if roomy != ms[1].blocks.roomy || roomy > maxRoomy {
			t.Errorf("%s: %d roomy blocks in the table, counted %d (at most %d)", name, roomy, ms[1].blocks.roomy, maxRoomy)
		}
		if tried == 0 {
			t.Errorf("%s: no block was tried wide", name)
		}
		if w.wide {
			if wide == 0 || repeated[1] < 0.9 || repeated[1] < repeated[0]+0.3 {
				t.Errorf("%s: %d wide blocks, %.2f of the second call repeated (%.2f without wide blocks); want one, and more than 0.9 (0.3 more than without)", name, wide, repeated[1], repeated[0])
			}
			continue
		}
		if wide != 0 {
			t.Errorf("%s: %d wide blocks left, want none", name, wide)
		}
		if d := cmp.Diff(blocksOf(ms[0]), blocksOf(ms[1])); d != "" {
			t.Errorf("%s: the blocks (pc: length) after a wide one was given up differ from those never tried wide (-never +tried):\n%s", name, d)
		}
	}
}
