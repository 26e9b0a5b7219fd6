package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"rvsim/cyclemodel"
	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

func init() {
	register(&command{
		Name:      "run",
		UsageLine: "run [flags] prog.elf [args...]",
		Short:     "run a RISC-V program to completion",
		Long: `
Run loads a statically linked RISC-V ELF (ELF32 runs as RV32, ELF64 as RV64) and runs it.

A program with a tohost symbol runs on a bare machine in M-mode with Spike's HTIF (exit and
console through tohost); any other runs as a Linux user-mode process, as under qemu-user:
its output goes to rvsim's stdout and stderr, its input comes from rvsim's stdin, and no
system call touches a host file. Flags go before the program; everything after it is the
guest's argv.

rvsim exits with the guest's exit status. A fault ends the run with one line on stderr and
the status a shell gives a process killed by that signal: 132 for an illegal instruction
(SIGILL), 139 for a bad memory access (SIGSEGV), 133 for ebreak (SIGTRAP). --max-insns
stops a runaway guest with status 124. A bare-metal (HTIF) exit code that does not fit in a
byte exits with its low byte, or 1 when that is 0, and is named on stderr. rvsim's own errors
(bad flags, a file that is not a loadable RISC-V ELF) exit 2, a status a guest can exit with
too: the "rvsim:" line on stderr tells them apart.

--timeline RANGE (with --core) charts the instructions of RANGE as llvm-mca's -timeline does,
one row per instruction: D in the cycle it was dispatched, = while it waited to issue, e while
it executed, E when its result was ready, - while it waited to retire, R after it retired,
then its disassembly and what it waited for. The chart goes in windows of 80 cycles; a row
that runs past its window (an out-of-order core's can wait long to retire) is cut, marked >.
--kanata FILE writes the same range, whole, for the Konata pipeline viewer.`,
		Flags: runFlags,
	})
}

func runFlags(fs *flag.FlagSet) func(*cmdEnv, []string) int {
	var o loadOptions
	var lo linuxOptions
	lo.register(fs)
	fs.StringVar(&o.isa, "isa", "", "target `ISA` in -march syntax (rv64imac_zksed_zbkb); instructions outside it are illegal (default: everything rvsim implements)")
	fs.StringVar(&o.env, "env", "auto", "execution environment `MODE`: auto (bare if the ELF has tohost, else linux), linux or bare")
	trace := fs.Bool("trace", false, "print each retired instruction to stderr in Spike's commit-log format")
	traceFile := fs.String("trace-file", "", "write the --trace output to `FILE` instead of stderr")
	stats := fs.Bool("stats", false, "print instruction counts per extension and mnemonic, misaligned accesses, wall time and MIPS on stderr")
	maxInsns := fs.Uint64("max-insns", 0, "stop after `N` instructions with exit status 124 (0: no limit); a forked process that runs N ends as if killed (SIGKILL)")
	strace := fs.Bool("strace", false, "log each Linux system call, its arguments and result to stderr, as qemu-user's -strace (an unimplemented one shows as errno=38)")
	strict := fs.Bool("strict-syscalls", false, "treat an unimplemented Linux system call as a fault (SIGSYS) instead of returning -ENOSYS")
	seed := fs.Uint64("seed", 0, "seed `N` for getrandom and AT_RANDOM (the bytes are deterministic)")
	vlen := fs.Int("vlen", 128, "vector register width in `BITS` (a power of two from 128 to 4096) when the ISA has V (default: the --isa's zvl<N>b, else 128)")
	vagnostic := fs.String("vagnostic", "undisturbed", "`POLICY` for tail- and mask-agnostic vector elements: undisturbed (left as they were) or ones (all 1s, as on hardware that renames registers)")
	gdbPort := fs.String("gdb", "", "wait for gdb on 127.0.0.1:`PORT` (0: any free port) and run the program under its control, as qemu -g")
	sigFile := fs.String("signature", "", "at exit, write the memory from begin_signature to end_signature to `FILE` in hex, as Spike's +signature=")
	sigGran := fs.Int("signature-granularity", 4, "bytes per --signature line, `N` a power of two (Spike's +signature-granularity=)")
	coreName := fs.String("core", "", "model the run's cycles on core `NAME` or a .toml FILE (see 'rvsim cores'): the cycle CSR reads the modelled count, and --stats adds cycles, IPC, stall reasons and the hottest functions, loops and instructions")
	freq := floatFlag{lo: 1e-3, hi: 1e6}
	fs.Var(&freq, "freq", "with --core, the core's clock in `MHz` (default: its freq_mhz): the guest's time (the time CSR, clock_gettime, gettimeofday, times, getrusage, timers, alarm, sleeps) follows the modelled cycles at this clock")
	profileFile := fs.String("profile", "", "with --core, write the modelled cycles per instruction to `FILE` as a pprof profile (sample types cycles, instructions and one per stall reason; read it with 'go tool pprof')")
	timelineSpec := fs.String("timeline", "", timelineRangeHelp)
	kanataFile := fs.String("kanata", "", "with --timeline, also write the range's timeline to `FILE` as a Kanata log (open it in the Konata pipeline viewer)")
	return func(env *cmdEnv, args []string) int {
		if len(args) == 0 {
			env.errorf("run: no program given (usage: rvsim %s)", "run [flags] prog.elf [args...]")
			return exitUsage
		}
		if *vagnostic != "undisturbed" && *vagnostic != "ones" {
			env.errorf("--vagnostic %q: must be undisturbed or ones", *vagnostic)
			return exitUsage
		}
		if *vlen < 128 || *vlen > 4096 || *vlen&(*vlen-1) != 0 {
			env.errorf("--vlen %d: must be a power of two from 128 to 4096", *vlen)
			return exitUsage
		}
		if *sigGran < 1 || *sigGran&(*sigGran-1) != 0 {
			env.errorf("--signature-granularity %d: must be a power of two (1, 2, 4, ...)", *sigGran)
			return exitUsage
		}
		if status := checkTimelineFlags(env, *timelineSpec, *kanataFile, *coreName); status != 0 {
			return status
		}
		if *profileFile != "" && *coreName == "" {
			env.errorf("--profile needs --core (the profile is of modelled cycles)")
			return exitUsage
		}
		if freq.set && *coreName == "" {
			env.errorf("--freq needs --core (without a model the guest's clock is one nanosecond per instruction)")
			return exitUsage
		}
		f, err := elf.Open(args[0])
		if err != nil {
			env.errorf("%v", err)
			return exitUsage
		}
		var sig *signatureRange
		if *sigFile != "" {
			if sig, err = findSignature(f, args[0]); err != nil {
				env.errorf("--signature: %v", err)
				return exitUsage
			}
		}
		target, err := o.target(f)
		if err != nil {
			env.errorf("%v", err)
			return exitUsage
		}
		core, status := loadCore(env, *coreName, freq)
		if status != 0 {
			return status
		}
		target = coreTarget(core, o.isa, target, f)
		if *vlen, err = vectorLength(target, *vlen, flagGiven(fs, "vlen"), o.isa); err != nil {
			env.errorf("run: %v", err)
			return exitUsage
		}
		kind, err := o.envKind()
		if err != nil {
			env.errorf("%v", err)
			return exitUsage
		}
		cfg := emu.Config{ISA: target, Env: kind, VLEN: *vlen, AgnosticOnes: *vagnostic == "ones", Linux: emu.LinuxConfig{
			Args:  args,
			Stdin: env.stdin, Stdout: guestWriter(env.stdout), Stderr: guestWriter(env.stderr),
			Seed: *seed, StrictSyscalls: *strict, Strace: straceWriter(*strace, env),
			ChildMaxInsns: *maxInsns,
		}}
		closeRoot, err := lo.apply(&cfg, args[0])
		if err != nil {
			env.errorf("%v", err)
			return exitUsage
		}
		defer closeRoot()
		mc, err := emu.Load(f, cfg)
		if err != nil {
			env.errorf("%s: %v", args[0], err)
			return exitUsage
		}
		h := mc.Hart
		var flush func() error
		if *trace || *traceFile != "" {
			var w io.Writer = env.stderr
			if *traceFile != "" {
				tf, err := env.create(*traceFile)
				if err != nil {
					env.errorf("--trace-file: %v", err)
					return exitUsage
				}
				w = tf
			}
			h.Hook, flush = emu.CommitLog(h, w)
		}
		// Counting and the cycle model observe the run in batches; only the trace needs a
		// hook (the registers as each instruction left them).
		var obs observers
		var st *emu.Stats
		if *stats {
			st = &emu.Stats{}
			if h.Hook != nil {
				h.Hook = st.Hook(h.Hook)
			} else {
				obs = append(obs, st)
			}
		}
		var model *cyclemodel.Model
		var timeline *runTimeline
		var profileOut io.Writer
		if core != nil {
			if model, status = newModel(env, core, f, h, *stats); model == nil {
				return status
			}
			if *profileFile != "" {
				if err := keepPprof(model, loadedObjects(args[0], mc)); err != nil {
					env.errorf("--profile: %v", err)
					return exitUsage
				}
				// Created before the run, so that a bad path fails before the work.
				if profileOut, err = env.create(*profileFile); err != nil {
					env.errorf("--profile: %v", err)
					return exitUsage
				}
			}
			observeModel(h, model)
			if *timelineSpec != "" {
				if timeline, status = startRunTimeline(env, model, mc.File, *timelineSpec, *kanataFile); timeline == nil {
					return status
				}
				h.Observer = timeline.observer(h.Observer)
			}
			obs = append(obs, h.Observer)
		}
		switch len(obs) {
		case 0:
		case 1:
			h.Observer = obs[0]
		default:
			h.Observer = obs
		}
		// The model works on one batch on a second CPU while the hart records the next
		// (emu's ObserveAhead): the same counts and the same guest, sooner. Not for the
		// timeline, whose observer stops the hart, nor under gdb, which steps it.
		h.ObserveAhead = model != nil && timeline == nil && *gdbPort == "" && h.Hook == nil && os.Getenv("RVSIM_OBSERVE_AHEAD") != "0"
		start := time.Now()
		budget := *maxInsns
		if budget == 0 {
			budget = ^uint64(0)
		}
		stop, ok := runOrServeGDB(env, *gdbPort, f, h, budget)
		if !ok {
			return exitUsage
		}
		wall := time.Since(start)
		if flush != nil {
			flush() // a failed write is the trace writer's to report (cmdEnv.finish)
		}
		if st != nil {
			printStats(env.stderr, h, st, wall)
		}
		if model != nil {
			if err := model.Err(); err != nil {
				env.errorf("%v", err)
				return exitUsage
			}
			if st != nil {
				printModelStats(env.stderr, model, loadedObjects(args[0], mc), h.XLEN())
			}
			if timeline != nil {
				// A failed write is the checked writers' to report (cmdEnv.finish).
				timeline.write(env.stderr, mc.File, h.XLEN(), "rvsim: timeline on "+model.Core().Name)
			}
			if profileOut != nil {
				comments := []string{fmt.Sprintf("rvsim run --core %s %s: cycles modelled on %s", *coreName, strings.Join(args, " "), model.Core().Name)}
				// A failed write is the file's checked writer's to report (cmdEnv.finish).
				if err := writePprof(profileOut, []pprofRun{{model: model, objs: loadedObjects(args[0], mc)}}, start, comments); err != nil && !errors.Is(err, errWrite) {
					env.errorf("--profile: %v", err)
					return exitInternal
				}
			}
		}
		if sig != nil && (stop.Reason == emu.StopExit || stop.Reason == emu.StopSignal) {
			if err := writeSignature(env, *sigFile, h.Mem, sig, *sigGran); err != nil {
				env.errorf("--signature: %v", err)
				return exitUsage
			}
		}
		return report(env, f, mc, stop, *maxInsns)
	}
}

// signatureRange is the memory a compliance test leaves its results in: [begin, end).
type signatureRange struct{ begin, end uint64 }

// findSignature finds the begin_signature and end_signature symbols of riscv-arch-test.
func findSignature(f *elf.File, path string) (*signatureRange, error) {
	b, okB := f.Lookup("begin_signature")
	e, okE := f.Lookup("end_signature")
	switch {
	case !okB && !okE:
		return nil, fmt.Errorf("%s has no begin_signature and end_signature symbols", path)
	case !okB:
		return nil, fmt.Errorf("%s has no begin_signature symbol", path)
	case !okE:
		return nil, fmt.Errorf("%s has no end_signature symbol", path)
	case e.Value < b.Value:
		return nil, fmt.Errorf("%s: end_signature %#x is below begin_signature %#x", path, e.Value, b.Value)
	case e.Value-b.Value > 64<<20:
		return nil, fmt.Errorf("%s: the signature is %d bytes; more than 64 MiB is not a test signature", path, e.Value-b.Value)
	}
	return &signatureRange{b.Value, e.Value}, nil
}

// writeSignature writes the signature as Spike does: one line per gran bytes, each in hex
// with the byte at the highest address first (a little-endian word read as a number); a
// last partial line is padded with zero bytes.
func writeSignature(env *cmdEnv, path string, mem *emu.Memory, sig *signatureRange, gran int) error {
	buf := make([]byte, sig.end-sig.begin)
	if err := mem.Read(sig.begin, buf); err != nil {
		return fmt.Errorf("reading %#x..%#x: %v", sig.begin, sig.end, err)
	}
	var b strings.Builder
	const digits = "0123456789abcdef"
	for i := 0; i < len(buf); i += gran {
		for j := gran - 1; j >= 0; j-- {
			var c byte
			if i+j < len(buf) {
				c = buf[i+j]
			}
			b.WriteByte(digits[c>>4])
			b.WriteByte(digits[c&15])
		}
		b.WriteByte('\n')
	}
	w, err := env.create(path)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// report turns how the run ended into a message and an exit status.
func report(env *cmdEnv, f *elf.File, mc *emu.Machine, stop emu.Stop, max uint64) int {
	switch stop.Reason {
	case emu.StopExit:
		return exitStatus(env, stop.Code)
	case emu.StopLimit:
		env.errorf("stopped after %d instructions (--max-insns) at %s", max, whereIn(mc, mc.Hart.PC))
		return exitLimit
	case emu.StopSignal:
		env.errorf("%s at %s: %s", signalName(stop.Signal), whereIn(mc, stop.PC), stop.Msg)
		return 128 + stop.Signal
	}
	env.errorf("run ended unexpectedly: %v", stop)
	return exitInternal
}

// exitStatus maps a guest's exit code to rvsim's exit status. Linux codes already fit in a
// byte; an HTIF code (riscv-tests: the number of the failing test) may not, and its low
// byte alone could read as a pass (256 → 0): such a code exits with its low byte, or 1 when
// that is 0, and is named on stderr.
func exitStatus(env *cmdEnv, code int) int {
	status := code & 0xff
	if status != code {
		if status == 0 {
			status = 1
		}
		env.errorf("guest exit code %d does not fit an exit status: exiting with %d", code, status)
	}
	return status
}

func signalName(sig int) string { return emu.SignalName(sig) }

// whereIn formats an address for messages, naming it in whichever loaded object holds it.
func whereIn(mc *emu.Machine, pc uint64) string { return whereBy(mc.Describe, pc) }

// guestWriter is the writer a guest's output goes to: the stream itself, not cmdEnv's
// check, because a failed write is the guest's to see (as an errno) and handle, as under
// qemu-user.
func guestWriter(w io.Writer) io.Writer {
	if c, ok := w.(*checkedWriter); ok {
		return c.w
	}
	return w
}

func printStats(w io.Writer, h *emu.Hart, st *emu.Stats, wall time.Duration) {
	total := h.Instret
	fmt.Fprintf(w, "rvsim: %d instructions retired in %.3f s (%.1f MIPS, counting)\n", total, wall.Seconds(), float64(total)/wall.Seconds()/1e6)
	fmt.Fprintf(w, "rvsim: %d misaligned accesses, %d compressed instructions\n", h.Mem.Misaligned, st.Compressed)
	// Attribute each op to the first of its extensions that the target has.
	byExt := map[isa.Ext]uint64{}
	type opCount struct {
		op isa.Op
		n  uint64
	}
	var ops []opCount
	for op, n := range st.ByOp {
		if n == 0 {
			continue
		}
		ops = append(ops, opCount{isa.Op(op), n})
		row := isa.RowOf(isa.Op(op), h.ISA.XLEN)
		if row == nil {
			continue
		}
		exts := row.Exts & isa.ExtSet(h.ISA.Exts)
		if exts == 0 {
			exts = row.Exts
		}
		byExt[exts.List()[0]] += n
	}
	var exts []isa.Ext
	for e := range byExt {
		exts = append(exts, e)
	}
	sort.Slice(exts, func(i, j int) bool { return byExt[exts[i]] > byExt[exts[j]] })
	var parts []string
	for _, e := range exts {
		parts = append(parts, fmt.Sprintf("%s %d (%.1f%%)", e, byExt[e], 100*float64(byExt[e])/float64(max(total, 1))))
	}
	fmt.Fprintf(w, "rvsim: by extension: %s\n", strings.Join(parts, ", "))
	sort.Slice(ops, func(i, j int) bool { return ops[i].n > ops[j].n || ops[i].n == ops[j].n && ops[i].op < ops[j].op })
	parts = parts[:0]
	for i, o := range ops {
		if i == 12 {
			break
		}
		parts = append(parts, fmt.Sprintf("%s %d", o.op, o.n))
	}
	fmt.Fprintf(w, "rvsim: top mnemonics: %s\n", strings.Join(parts, ", "))
}

// straceWriter is where --strace writes: rvsim's stderr (checked: a failed write ends the
// run with exit status 74, as any other output).
func straceWriter(on bool, env *cmdEnv) io.Writer {
	if !on {
		return nil
	}
	return env.stderr
}
