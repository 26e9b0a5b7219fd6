package cyclemodel

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

// The emulator's instruction stream, as the old per-instruction hook saw it and fed to the
// model as it was (ref_test.go), against the emulator's batches fed to RetireBatch: the
// committed kernels, scalar and vector, on every shipped core.

// kernelRun calls a kernel's key schedule and a mode function on a few sizes.
type kernelRun struct {
	file  string
	calls func(mc *emu.Machine, call func(string, ...uint64) error) error
}

func kernelRuns() []kernelRun {
	block := func(family, mode string, keyArgs ...uint64) func(*emu.Machine, func(string, ...uint64) error) error {
		return func(mc *emu.Machine, call func(string, ...uint64) error) error {
			key, _ := mc.AllocBytes(make([]byte, 32))
			ks, _ := mc.Alloc(1024)
			iv, _ := mc.AllocBytes([]byte("0123456789abcdef"))
			in, _ := mc.Alloc(4096)
			out, _ := mc.Alloc(4096)
			ctx, _ := mc.Alloc(4096)
			tag, _ := mc.Alloc(16)
			if err := call(family+"_set_encrypt_key", append([]uint64{ks, key}, keyArgs...)...); err != nil {
				return err
			}
			for _, n := range []uint64{16, 256, 1024, 1024} {
				var err error
				switch mode {
				case "cbc":
					err = call(family+"_cbc_encrypt", ks, iv, in, out, n)
				case "ctr":
					err = call(family+"_ctr_encrypt", ks, iv, in, out, n)
				default: // gcm with a GHASH variant
					if err = call(family+"_gcm_init_ghash_"+mode, ctx, ks, iv, 12, 16); err == nil {
						err = call(family+"_gcm_encrypt_ghash_"+mode, ctx, 0, 0, in, out, n, tag)
					}
				}
				if err != nil {
					return err
				}
			}
			return nil
		}
	}
	return []kernelRun{
		{"sm4-c-rv64.elf", block("sm4", "cbc")},
		{"sm4-zksed-rv64.elf", block("sm4", "ctr")},
		{"sm4-zksed-zbkb-rv32.elf", block("sm4", "zbc")},
		{"aes-zkn-rv64.elf", block("aes", "ctr", 256)},
		{"sm4-zvksed-zvkb-rv64.elf", block("sm4", "zvkg")},
		{"aes-zvkned-rv64.elf", block("aes", "zvbc", 128)},
	}
}

// batchModel is an Observer feeding a model.
type batchModel struct{ m *Model }

func (o batchModel) Retired(b *emu.Batch) { o.m.RetireBatch((*Batch)(b)) }

func TestKernelsMatchOracle(t *testing.T) {
	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, kr := range kernelRuns() {
		path := filepath.Join("..", "kernels", "bin", kr.file)
		if _, err := os.Stat(path); err != nil {
			t.Logf("%s: not built here", kr.file)
			continue
		}
		for _, c := range cs {
			t.Run(c.Name+"/"+kr.file, func(t *testing.T) {
				start := func() (*emu.Machine, int) {
					f, err := elf.Open(path)
					if err != nil {
						t.Fatal(err)
					}
					mc, err := emu.Load(f, emu.Config{ISA: isa.Default(f.XLEN), Env: emu.EnvLinux, VLEN: c.VLEN,
						Linux: emu.LinuxConfig{Stdout: io.Discard, Stderr: io.Discard}})
					if err != nil {
						t.Fatal(err)
					}
					vlen := 0
					if mc.Hart.V != nil {
						vlen = mc.Hart.V.VLEN
					}
					return mc, vlen
				}
				run := func(mc *emu.Machine) error {
					return kr.calls(mc, func(sym string, args ...uint64) error {
						_, st, err := mc.CallSymbol(sym, 1<<30, args...)
						if err == nil && st.Reason != emu.StopReturn {
							err = fmt.Errorf("%s: %v", sym, st)
						}
						return err
					})
				}

				// The hook and the model as they were.
				mc, vlen := start()
				h := mc.Hart
				ref := newRef(c, h.XLEN(), vlen)
				lo, hi := textBounds(mc.File)
				ref.setProfile(lo, hi)
				var ev Event
				h.Hook = func(r *emu.Retired) {
					ev.PC, ev.Inst, ev.NextPC = r.PC, r.Inst, r.NextPC
					ev.MemAddr, ev.MemSize, ev.Store = r.MemAddr, r.MemSize, r.Store
					if v := h.V; v != nil {
						ev.VL, ev.SEW, ev.LMUL8 = int(v.VL), v.SEW, v.LMUL8
					}
					ref.Retire(&ev)
				}
				h.CSR.Cycles = ref.Cycles
				if err := run(mc); err != nil {
					t.Skipf("%v", err)
				}

				// The batches and the model as it is.
				mc, _ = start()
				m := New(c, mc.Hart.XLEN(), vlen)
				m.SetProfile(lo, hi)
				mc.Hart.Observer = batchModel{m}
				mc.Hart.CSR.Cycles = m.Cycles
				if err := run(mc); err != nil {
					t.Fatal(err)
				}
				if d := diffStates(refStateOf(ref), stateOf(m.Cycles(), m.Stats(), m.Err(), m.prof)); d != "" {
					t.Fatal(d)
				}
				t.Logf("%d instructions: %d replayed, %d repeated, %d timed in blocks", m.Stats().Instructions,
					m.blocks.replayed, m.blocks.repeated, m.blocks.timed)
			})
		}
	}
}

// textBounds is the range of the executable segments.
func textBounds(f *elf.File) (lo, hi uint64) {
	lo = ^uint64(0)
	for _, s := range f.Segments {
		if s.Perm&elf.PermX != 0 {
			lo, hi = min(lo, s.Vaddr), max(hi, s.Vaddr+s.Memsz)
		}
	}
	return lo, hi
}

// batchRecorder keeps copies of the emulator's batches (the decoded instructions stay valid
// while the machine lives and its code does not change).
type batchRecorder struct{ bs []*Batch }

func (r *batchRecorder) Retired(b *emu.Batch) {
	r.bs = append(r.bs, &Batch{PC: append([]uint64(nil), b.PC...), Inst: append([]*isa.Inst(nil), b.Inst...),
		Addr: append([]uint64(nil), b.Addr...), VCfg: append([]isa.VConfig(nil), b.VCfg...), Next: b.Next})
}

// BenchmarkRetireKernel measures RetireBatch on real code: the batches of SM4 (Zksed, CTR),
// SM4 in C (CBC, table lookups) and AES (Zkn, CTR) kernels' runs.
func BenchmarkRetireKernel(b *testing.B) {
	for _, kr := range kernelRuns()[:4] {
		path := filepath.Join("..", "kernels", "bin", kr.file)
		f, err := elf.Open(path)
		if err != nil {
			b.Skip(err)
		}
		mc, err := emu.Load(f, emu.Config{ISA: isa.Default(f.XLEN), Env: emu.EnvLinux,
			Linux: emu.LinuxConfig{Stdout: io.Discard, Stderr: io.Discard}})
		if err != nil {
			b.Fatal(err)
		}
		rec := &batchRecorder{}
		mc.Hart.Observer = rec
		if err := kr.calls(mc, func(sym string, args ...uint64) error {
			_, _, err := mc.CallSymbol(sym, 1<<30, args...)
			return err
		}); err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, bt := range rec.bs {
			n += len(bt.PC)
		}
		for _, core := range []string{"rocket", "u74", "p670"} {
			b.Run(core+"/"+kr.file, func(b *testing.B) {
				c, _ := Load(core)
				m := New(c, f.XLEN, 0)
				b.ResetTimer()
				for range b.N {
					for _, bt := range rec.bs {
						m.RetireBatch(bt)
					}
				}
				b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(b.N*n), "ns/inst")
			})
		}
	}
}
