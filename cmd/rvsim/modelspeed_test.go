package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"rvsim/cyclemodel"
	"rvsim/emu"
	"rvsim/kernels"
)

// The model's speed on real code (issue 11): `rvsim run --core X` should run at least half
// as fast as `rvsim run`. BenchmarkModelSpeed runs the kernels of kernels/bin over 16 KiB
// on two machines, one plain and one with the core's model fed in batches as `run --core`
// does (observeModel), one call on each in turn per iteration so that the machine's noise
// hits both alike, and reports per core and kernel:
//
//	plain-MIPS  the emulator alone (instructions of the call per second of wall time)
//	core-MIPS   the emulator with the model
//	ratio       core-MIPS / plain-MIPS
//	cpu-ratio   the same ratio of instructions per second of the thread's CPU time (steadier
//	            when other processes share the machine)
//	rec-ratio   the emulator's recording loop with an observer that does nothing, over
//	            the plain loop (CPU time): what --core could reach with a model that cost nothing
//	ahead-ratio core-MIPS with the model observing ahead on a second CPU (emu's
//	            ObserveAhead), as run --core runs on a host with two, over plain-MIPS (wall
//	            time: run it unpinned)
//
// By default it runs a subset (one mode of each scalar kernel family and two vector
// kernels); RVSIM_MODELSPEED=all runs every kernel ELF (rv32 and rv64) in every mode it
// exports, and RVSIM_MODELSPEED=FILTER (a comma-separated list of substrings of
// "core/kernel/mode") runs the cases that match one of them.
//
//	go test ./cmd/rvsim -run '^$' -bench ModelSpeed -benchtime 20x

// modelSpeedCase is one kernel call: a kernel ELF and a mode ("ghash-V" for a GHASH
// kernel's init, update over 16 KiB, final).
type modelSpeedCase struct{ file, mode string }

var modelSpeedDefault = []modelSpeedCase{
	{"sm4-zksed-rv64.elf", "ecb"},
	{"sm4-zksed-zbkb-rv64.elf", "ctr"},
	{"sm4-c-rv64.elf", "cbc"},
	{"aes-zkn-rv64.elf", "ctr"},
	{"aes-zkn-rv64.elf", "gcm-zbc"},
	{"aes-c-rv64.elf", "xts"},
	{"ghash-zbc-rv64.elf", "ghash-zbc"},
	{"ghash-c-rv64.elf", "ghash-c"},
	{"sm4-zvksed-zvkb-rv64.elf", "ctr"},
	{"aes-zvkned-rv64.elf", "gcm-zvkg"},
}

func modelSpeedCases(b *testing.B, dir string) []modelSpeedCase {
	sel := os.Getenv("RVSIM_MODELSPEED")
	if sel == "" {
		return modelSpeedDefault
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.elf"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no kernel ELFs in %s", dir)
	}
	var cs []modelSpeedCase
	for _, f := range files {
		k, err := kernels.Open(f)
		if err != nil {
			continue // not a kernel of the calling convention (the KAT programs)
		}
		for _, mode := range k.Modes() {
			if mode == kernels.ModeBlock {
				continue // one block: nothing to measure
			}
			cs = append(cs, modelSpeedCase{filepath.Base(f), mode})
		}
	}
	return cs
}

// modelSpeedWanted reports whether RVSIM_MODELSPEED selects the case named name.
func modelSpeedWanted(name string) bool {
	sel := os.Getenv("RVSIM_MODELSPEED")
	if sel == "" || sel == "all" {
		return true
	}
	for _, s := range strings.Split(sel, ",") {
		if strings.Contains(name, s) {
			return true
		}
	}
	return false
}

// modelSpeedCall is one kernel call ready to run repeatedly: run makes it and returns the
// instructions it retired.
type modelSpeedCall struct {
	run   func() (uint64, error)
	model *cyclemodel.Model
}

// threadCPU is the CPU time the calling thread has used: on a shared machine steadier than
// the wall time.
func threadCPU() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	if _, _, e := syscall.RawSyscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}

// nullObserver takes the emulator's batches and does nothing with them.
type nullObserver struct{}

func (nullObserver) Retired(*emu.Batch) {}

// Ways a modelSpeedCall's machine runs.
const (
	speedPlain    = iota // no observer: the interpreter's plain loop
	speedRecorded        // an observer that does nothing: the recording loop alone
	speedModelled        // the core's model, as run --core feeds it
	speedAhead           // the same, observed ahead on a second CPU (emu's ObserveAhead), as run --core runs it on a host with two
)

// newModelSpeedCall prepares the call of c on a fresh load of the kernel, run the given way
// (at the core's VLEN, as bench runs it). It returns nil and no error when the core cannot
// run the kernel (vector code on a scalar core).
func newModelSpeedCall(dir string, c modelSpeedCase, core *cyclemodel.Core, way int) (*modelSpeedCall, error) {
	k, err := kernels.Open(filepath.Join(dir, c.file))
	if err != nil {
		return nil, err
	}
	if core.HasVector {
		k.VLEN = core.VLEN
	}
	var sym string
	ghash, isGHASH := strings.CutPrefix(c.mode, kernels.ModeGHASHx)
	mode, gcm := c.mode, ""
	if v, ok := strings.CutPrefix(c.mode, kernels.ModeGCM+"-"); ok {
		mode, gcm = kernels.ModeGCM, v
	}
	if isGHASH {
		sym = "ghash_update_" + ghash
	} else {
		sym = kernels.EntryPoint(k.Family, mode, gcm, false)
	}
	mc, err := k.Machine(sym)
	if err != nil {
		return nil, err
	}
	call := &modelSpeedCall{}
	h := mc.Hart
	if err := core.Check(textOps(k.File(), h.ISA)); err != nil {
		return nil, nil
	}
	switch way {
	case speedRecorded:
		h.Observer = nullObserver{}
	case speedModelled, speedAhead:
		vlen := 0
		if h.V != nil {
			vlen = h.V.VLEN
		}
		call.model = cyclemodel.New(core, k.XLEN, vlen)
		observeModel(h, call.model)
		h.ObserveAhead = way == speedAhead
	}
	const size = 16 << 10
	in := make([]byte, size)
	for i := range in {
		in[i] = byte(i*7 + 3)
	}
	key := make([]byte, 16)
	if k.Family == "aes" {
		key = make([]byte, 32) // AES-256 (the kernels take the key length)
	}
	for i := range key {
		key[i] = byte(i*5 + 1)
	}
	if isGHASH {
		call.run = func() (uint64, error) {
			if _, err := k.GHASH(ghash, key[:16], in); err != nil {
				return 0, err
			}
			return k.Insns + k.SetupInsns, nil
		}
		return call, nil
	}
	spec := kernels.Spec{Mode: mode, GHASH: gcm, Key: key, IV: benchIV, In: in, Len: size, TagLen: 16}
	switch mode {
	case kernels.ModeGCM, kernels.ModeCCM:
		spec.IV = make([]byte, 12)
	case kernels.ModeXTS:
		spec.Key2 = key
	}
	p, err := k.Prepare(spec)
	if err != nil {
		return nil, err
	}
	call.run = func() (uint64, error) {
		before := k.Insns // (which adds up the calls since Prepare)
		if _, err := p.Call(size); err != nil {
			return 0, err
		}
		return k.Insns - before, nil
	}
	return call, nil
}

func BenchmarkModelSpeed(b *testing.B) {
	dir, err := kernels.FindDir("../../kernels/bin")
	if err != nil {
		b.Skip(err)
	}
	cores, err := cyclemodel.Shipped()
	if err != nil {
		b.Fatal(err)
	}
	slices.SortFunc(cores, func(x, y *cyclemodel.Core) int { return strings.Compare(x.Name, y.Name) })
	for _, c := range modelSpeedCases(b, dir) {
		for _, core := range cores {
			name := fmt.Sprintf("%s/%s/%s", core.Name, strings.TrimSuffix(c.file, ".elf"), c.mode)
			if !modelSpeedWanted(name) {
				continue
			}
			b.Run(name, func(b *testing.B) {
				var calls [4]*modelSpeedCall
				for way := range calls {
					call, err := newModelSpeedCall(dir, c, core, way)
					if err != nil {
						b.Fatal(err)
					}
					if call == nil {
						b.Skipf("%s cannot run %s", core.Name, c.file)
					}
					// One call first: warm (decoded code, the model's blocks).
					if _, err := call.run(); err != nil {
						b.Fatal(err)
					}
					calls[way] = call
				}
				model := calls[speedModelled].model
				if err := model.Err(); err != nil {
					b.Skipf("%s: %v", core.Name, err)
				}
				before := model.Stats().Instructions
				b.ResetTimer()
				runtime.LockOSThread() // (threadCPU measures this thread)
				defer runtime.UnlockOSThread()
				var took, cpu [4]time.Duration
				var ran [4]uint64
				for range b.N {
					for way, call := range calls {
						t0, c0 := time.Now(), threadCPU()
						n, err := call.run()
						took[way] += time.Since(t0)
						cpu[way] += threadCPU() - c0
						if err != nil {
							b.Fatal(err)
						}
						ran[way] += n
					}
				}
				b.StopTimer()
				if ran[speedPlain] != ran[speedModelled] || ran[speedPlain] != ran[speedRecorded] || ran[speedPlain] != ran[speedAhead] {
					b.Fatalf("the calls retired %d, %d, %d and %d instructions", ran[0], ran[1], ran[2], ran[3])
				}
				if a, m := calls[speedAhead].model.Stats(), model.Stats(); a.Cycles != m.Cycles || a.Instructions != m.Instructions {
					b.Fatalf("observed ahead, the model counted %d cycles for %d instructions; in turn, %d for %d", a.Cycles, a.Instructions, m.Cycles, m.Instructions)
				}
				if seen := model.Stats().Instructions - before; seen < ran[speedModelled] {
					b.Fatalf("the model saw %d instructions of the calls' %d", seen, ran[speedModelled])
				}
				var mips, cpuMIPS [4]float64
				for way := range mips {
					mips[way] = float64(ran[way]) / took[way].Seconds() / 1e6
					cpuMIPS[way] = float64(ran[way]) / cpu[way].Seconds() / 1e6
				}
				b.ReportMetric(mips[speedPlain], "plain-MIPS")
				b.ReportMetric(mips[speedModelled], "core-MIPS")
				b.ReportMetric(mips[speedModelled]/mips[speedPlain], "ratio")
				b.ReportMetric(cpuMIPS[speedModelled]/cpuMIPS[speedPlain], "cpu-ratio")
				b.ReportMetric(cpuMIPS[speedRecorded]/cpuMIPS[speedPlain], "rec-ratio")
				b.ReportMetric(mips[speedAhead]/mips[speedPlain], "ahead-ratio")
				b.ReportMetric(float64(ran[speedModelled])/float64(b.N), "insts/op")
			})
		}
	}
}
