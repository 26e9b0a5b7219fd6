package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"rvsim/cyclemodel"
	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

func init() {
	register(&command{
		Name:      "cores",
		UsageLine: "cores [--json]",
		Short:     "list the core descriptions the cycle model ships with",
		Long: `
Cores lists the shipped core descriptions, one line each: name, issue width and kind,
branch predictor, L1 data cache, clock and vector unit. Give a name (or a .toml file of your
own in the same format) to --core of run, bench and calibrate.

A description is a TOML file whose keys carry their units (latency_cycles, dlen_bits,
freq_mhz) and whose numbers each cite their source; cyclemodel/cores/ holds the shipped ones.`,
		Flags: coresFlags,
	})
}

func coresFlags(fs *flag.FlagSet) func(*cmdEnv, []string) int {
	asJSON := fs.Bool("json", false, "print a JSON array of {name, summary, detail, file}")
	return func(env *cmdEnv, args []string) int {
		if len(args) > 0 {
			env.errorf("cores: unexpected argument %q", args[0])
			return exitUsage
		}
		cs, err := cyclemodel.Shipped()
		if err != nil {
			env.errorf("cores: %v", err)
			return exitInternal
		}
		if *asJSON {
			type row struct {
				Name    string  `json:"name"`
				Summary string  `json:"summary"`
				Detail  string  `json:"detail"`
				File    string  `json:"file"`
				FreqMHz float64 `json:"freq_mhz"`
			}
			var rows []row
			for _, c := range cs {
				rows = append(rows, row{c.Name, c.Summary, c.Summarize(), c.File, c.FreqMHz})
			}
			enc := json.NewEncoder(env.stdout)
			enc.SetIndent("", "  ")
			enc.Encode(rows)
			return 0
		}
		for _, c := range cs {
			fmt.Fprintf(env.stdout, "%-8s %s\n", c.Name, c.Summary)
			fmt.Fprintf(env.stdout, "%-8s   %s\n", "", c.Summarize())
		}
		return 0
	}
}

// observeModel makes the model see every instruction h retires, in the batches of the
// emulator's recording loop (the fast way: run, bench), and the guest's cycle CSR read the
// modelled count. It replaces h's Observer.
func observeModel(h *emu.Hart, m *cyclemodel.Model) {
	h.Observer = modelObserver{m}
	modelClock(h, m)
}

// coreTarget is the ISA a run of f on core name gets when no --isa was given (isaFlag ""):
// (c: the core, nil without --core) the default less the vector extensions when the core
// has no vector unit, so that a
// program that asks (OpenSSL through hwprobe) takes the scalar code the core can run, rather
// than vector code the model cannot time. A program whose own text has vector instructions
// keeps them, and newModel refuses it with the class the core lacks (rather than a SIGILL at
// the first one).
func coreTarget(c *cyclemodel.Core, isaFlag string, target isa.ISA, f *elf.File) isa.ISA {
	if c == nil || isaFlag != "" || c.HasVector {
		return target
	}
	for _, op := range textOps(f, target) {
		if op.Class().Vector() {
			return target
		}
	}
	target.Exts &^= isa.VectorExts
	return target
}

// modelClock makes the model the guest's clock: the cycle CSR reads the modelled count, and
// the time CSR, clock_gettime, the timers and sleeps follow it at the core's clock.
func modelClock(h *emu.Hart, m *cyclemodel.Model) {
	h.CSR.Cycles = m.Cycles
	h.CSR.Modelled = m.ModelledCycles
	h.CSR.ClockHz = freqHz(m.Core().FreqMHz)
}

// freqHz is a clock in MHz in whole hertz (the core files' freq_mhz and --freq are checked
// to be positive and at most 10 GHz).
func freqHz(mhz float64) uint64 { return uint64(math.Round(mhz * 1e6)) }

// modelObserver hands the emulator's batches to a model (the two Batch types have the same
// fields, so one converts to the other).
type modelObserver struct{ m *cyclemodel.Model }

func (o modelObserver) Retired(b *emu.Batch) { o.m.RetireBatch((*cyclemodel.Batch)(b)) }

// observers is an Observer that hands every batch to each of its members in turn.
type observers []emu.Observer

func (os observers) Retired(b *emu.Batch) {
	for _, o := range os {
		o.Retired(b)
	}
}

// attachModel makes the model see every instruction h retires through h's Hook, one at a
// time (after next, which may be nil), and the guest's cycle CSR read the modelled count:
// the way for a caller that needs the model current after each instruction (the debugger's
// per-instruction cycle notes). observeModel is much faster and gives the same counts.
func attachModel(h *emu.Hart, m *cyclemodel.Model, next func(*emu.Retired)) {
	var ev cyclemodel.Event
	h.Hook = func(r *emu.Retired) {
		ev.PC, ev.Inst, ev.NextPC = r.PC, r.Inst, r.NextPC
		ev.MemAddr, ev.MemSize, ev.Store = r.MemAddr, r.MemSize, r.Store
		if v := h.V; v != nil {
			ev.VL, ev.SEW, ev.LMUL8 = int(v.VL), v.SEW, v.LMUL8
		}
		m.Retire(&ev)
		if next != nil {
			next(r)
		}
	}
	modelClock(h, m)
}

// textRange returns the bounds of the ELF's executable segments (for the model's profile).
func textRange(f *elf.File) (lo, hi uint64) {
	lo = ^uint64(0)
	for _, s := range f.Segments {
		if s.Perm&elf.PermX == 0 {
			continue
		}
		lo = min(lo, s.Vaddr)
		hi = max(hi, s.Vaddr+s.Memsz)
	}
	if hi == 0 {
		return 0, 0
	}
	return lo, hi
}

// textOps decodes the executable segments and returns every op that occurs (for checking
// a core assigns all their classes before running).
func textOps(f *elf.File, target isa.ISA) []isa.Op {
	dec := isa.NewDecoder(target)
	seen := map[isa.Op]bool{}
	// The executable sections when the ELF has section headers: an executable segment
	// also holds read-only data (.rodata, .eh_frame of a glibc program), whose bytes decode
	// as anything, vector instructions included.
	var code [][]byte
	for _, s := range f.Sections {
		if s.Exec {
			code = append(code, s.Data)
		}
	}
	if len(f.Sections) == 0 {
		for _, s := range f.Segments {
			if s.Perm&elf.PermX != 0 {
				code = append(code, s.Data)
			}
		}
	}
	for _, b := range code {
		for i := 0; i+2 <= len(b); {
			w := uint32(b[i]) | uint32(b[i+1])<<8
			n := 2
			if w&3 == 3 {
				if i+4 > len(b) {
					break
				}
				w |= uint32(b[i+2])<<16 | uint32(b[i+3])<<24
				n = 4
			}
			if in, st := dec.Decode(w); st == isa.OK {
				seen[in.Op] = true
			}
			i += n
		}
	}
	var ops []isa.Op
	for op := range seen {
		ops = append(ops, op)
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i] < ops[j] })
	return ops
}

// printModelStats writes the model's part of --stats: cycles, IPC, the stall breakdown and
// the hottest functions, loops and instructions (of the program, objs[0]).
func printModelStats(w io.Writer, m *cyclemodel.Model, objs []loadedObject, xlen int) {
	describe := func(pc uint64) string { return describeAt(objs, pc) }
	s := m.Stats()
	c := m.Core()
	fmt.Fprintf(w, "rvsim: core %s: %d cycles, IPC %.3f, %.6f s at %g MHz\n", c.Name, s.Cycles, s.IPC(), float64(s.Cycles)/(c.FreqMHz*1e6), c.FreqMHz)
	fmt.Fprintf(w, "rvsim: branches %d, mispredicted %d; loads %d, stores %d, L1D misses %d, misaligned %d\n",
		s.Branches, s.Mispredicts, s.Loads, s.Stores, s.L1DMisses, s.Misaligned)
	var parts []string
	for _, sh := range m.Breakdown() {
		parts = append(parts, fmt.Sprintf("%s %d (%.1f%%)", sh.Reason, sh.Cycles, pct(sh.Cycles, s.Cycles)))
	}
	fmt.Fprintf(w, "rvsim: cycles by reason: %s\n", strings.Join(parts, ", "))
	for _, fc := range topFunctions(m, objs, 5) {
		fmt.Fprintf(w, "rvsim: function %s: %d cycles (%.1f%%), %d instructions, IPC %.3f\n",
			fc.name, fc.cycles, pct(fc.cycles, s.Cycles), fc.insts, float64(fc.insts)/float64(max(fc.cycles, 1)))
	}
	within := func(start, end uint64) bool { return loopWithin(objs, start, end) }
	for _, lp := range m.TopLoopsWhere(5, within) {
		fmt.Fprintf(w, "rvsim: loop %s..%s: %d cycles (%.1f%%), %d iterations, %.1f cycles/iteration\n",
			whereBy(describe, lp.Start), describeShort(describe, lp.End), lp.Cycles, pct(lp.Cycles, s.Cycles), lp.Iterations, float64(lp.Cycles)/float64(max(lp.Iterations, 1)))
	}
	writeTopInsts(w, "rvsim: ", m, describe, xlen, 8)
}

// maxLoopSpan is the longest loop loopWithin takes in code without symbols.
const maxLoopSpan = 64 << 10

// loopWithin says whether the backward jump from end to start stays within one function,
// a loop: a jump back to another function is a tail call, which the model's profile cannot
// tell from a loop's branch. Where no symbol names the code (a library's internal
// functions), a loop must stay within one object and span at most maxLoopSpan bytes.
func loopWithin(objs []loadedObject, start, end uint64) bool {
	if o, ok := objectAt(objs, end); ok {
		if so, ok := objectAt(objs, start); !ok || so.File != o.File {
			return false
		}
		_, e1, ok1 := o.funcAt(start)
		_, e2, ok2 := o.funcAt(end)
		if ok1 != ok2 || ok1 && e1 != e2 {
			return false
		}
		if ok1 {
			return true
		}
	}
	return end-start <= maxLoopSpan
}

// writeTopInsts prints the instructions that cost the most cycles with their disassembly
// (describe names addresses, "" for none).
func writeTopInsts(w io.Writer, prefix string, m *cyclemodel.Model, describe func(uint64) string, xlen, n int) {
	total := m.Stats().Cycles
	for _, ip := range m.TopInsts(n) {
		why := ""
		if ip.Why != "" {
			why = fmt.Sprintf(", waits %d (%s)", ip.Stall, ip.Why)
		}
		fmt.Fprintf(w, "%s%6.1f%% %-28s %-32s x%d, %d cycles%s\n", prefix, pct(ip.Cycles, total), whereBy(describe, ip.PC),
			isa.Format(ip.Inst, ip.PC, xlen, describe), ip.Count, ip.Cycles, why)
	}
}

func describeShort(describe func(uint64) string, pc uint64) string {
	if d := describe(pc); d != "" {
		return "<" + d + ">"
	}
	return fmt.Sprintf("%#x", pc)
}

func pct(a, b uint64) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// loadCore loads the core description name (--core) with --freq applied; nil without one.
// On failure it reports and returns the exit status.
func loadCore(env *cmdEnv, name string, freq floatFlag) (*cyclemodel.Core, int) {
	if name == "" {
		return nil, 0
	}
	c, err := cyclemodel.Load(name)
	if err != nil {
		env.errorf("--core: %v", err)
		return nil, exitUsage
	}
	if freq.set {
		c.FreqMHz = freq.v
	}
	return c, 0
}

// setupCore checks that core c assigns every op class in the program's text, and attaches a
// model of it to h's Hook (attachModel, after the hook h has). On failure it reports and
// returns a nil model and the exit status.
func setupCore(env *cmdEnv, c *cyclemodel.Core, f *elf.File, h *emu.Hart, profile bool) (*cyclemodel.Model, int) {
	m, status := newModel(env, c, f, h, profile)
	if m != nil {
		attachModel(h, m, h.Hook)
	}
	return m, status
}

// newModel checks that core c assigns every op class in the program's text and returns a
// model of it for h, not attached. On failure it reports and returns a nil model and the exit
// status.
func newModel(env *cmdEnv, c *cyclemodel.Core, f *elf.File, h *emu.Hart, profile bool) (*cyclemodel.Model, int) {
	if err := c.Check(textOps(f, h.ISA)); err != nil {
		env.errorf("--core: %v", err)
		return nil, exitUsage
	}
	vlen := 0
	if h.V != nil {
		vlen = h.V.VLEN
	}
	m := cyclemodel.New(c, h.XLEN(), vlen)
	switch {
	case profile && h.Linux != nil:
		m.SetProfile(0, ^uint64(0)) // the shared objects too, wherever they are mapped
	case profile:
		m.SetProfile(textRange(f))
	}
	return m, 0
}
