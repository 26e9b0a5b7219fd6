package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"

	"rvsim/cyclemodel"
	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

// rvsim debug: an instruction-level debugger. This file sets a session up (load the program
// or a kernel call, the cost model, the undo log) and reads commands; debug_cmds.go holds
// the command table, debug_show.go the displays, debug_explain.go `explain`,
// debug_kernel.go the kernel calls on test vectors and debug_term.go the terminal front end.

func init() {
	register(&command{
		Name:      "debug",
		UsageLine: "debug [flags] prog.elf [args...] | debug [flags] --kernel k.elf --call SYM [--args ...|--vector NAME]",
		Short:     "step through a program or a kernel call, by instruction or source line",
		Long: `
Debug loads a program and stops at its entry point, or sets up a call of a kernel's entry
point and stops at the function's first instruction, then reads gdb's commands: step and
next (by source line in a program built with -g, else by instruction), stepi, nexti,
continue, advance, run, start, break, watch, print and display with C expressions, set,
list, info frame/line/symbol, examine memory, show registers, vector registers and CSRs;
explain what the last instruction computed (the crypto instructions step by step, from the
same functions the emulator executes), and go backwards with reverse-step. 'help' in a
session lists the commands.

--call SYM calls a function with the standard calling convention: integer arguments from
--args (comma-separated; @hex:0011.. puts those bytes in fresh memory and passes their
address, @zero:N passes N zeroed bytes), the stack and return address set up so that the
session reports when the function returns. --vector NAME runs a kernel entry point
(kernels/README.md ABI) on an official test vector instead: the key schedule is expanded,
the buffers and arguments set up, and when the call returns the session says whether the
output matches the vector. NAME is a vector's name or its unique prefix ('rvsim verify
--list' shows them); without --call the vector's mode picks the encrypt entry point.

On a terminal the session has line editing, history (~/.rvsim_history) and tab completion
of commands, symbols and registers, and Ctrl-C stops a running continue. Otherwise, or
with --script, commands are read line by line without a prompt, so sessions can be
scripted: an unknown command or bad argument prints a one-line error and the session goes
on, unless --errexit makes it end with status 1.

Every instruction is recorded in an undo log (the last --history instructions) so that
reverse-step can go back; continue then runs at about a tenth of the interpreter's speed
(tens of MIPS). --fast makes continue, next, finish and until run at the interpreter's full
speed instead (breakpoints and watchpoints cost nothing until hit), without recording:
after such a run reverse-step reaches back only to where it stopped.`,
		Flags: debugFlags,
	})
}

type debugOptions struct {
	load      loadOptions
	linux     linuxOptions
	vlen      int
	core      string
	coreDesc  *cyclemodel.Core // the --core description, loaded once with --freq applied
	freq      floatFlag
	kernel    string
	call      string
	args      string
	vector    string
	script    string
	errexit   bool
	history   int
	fast      bool
	echo      bool
	maxInsns  uint64
	seed      uint64
	vagnostic string
	argv0     string
	gdb       string // --gdb PORT: serve gdb instead of reading commands
	vlenGiven bool   // --vlen was on the command line (else the ISA's zvl<N>b decides)
}

func debugFlags(fs *flag.FlagSet) func(*cmdEnv, []string) int {
	o := &debugOptions{}
	fs.StringVar(&o.load.isa, "isa", "", "target `ISA` in -march syntax; instructions outside it are illegal (default: everything rvsim implements)")
	o.linux.register(fs)
	fs.StringVar(&o.load.env, "env", "auto", "execution environment `MODE`: auto (bare if the ELF has tohost, else linux), linux or bare")
	fs.IntVar(&o.vlen, "vlen", 128, "vector register width in `BITS` when the ISA has V (default: the --isa's zvl<N>b, else 128)")
	fs.StringVar(&o.vagnostic, "vagnostic", "undisturbed", "`POLICY` for tail- and mask-agnostic vector elements: undisturbed or ones")
	fs.StringVar(&o.core, "core", "", "model cycles on core `NAME` or a .toml file (see 'rvsim cores'): the cycles command reports them")
	o.freq = floatFlag{lo: 1e-3, hi: 1e6}
	fs.Var(&o.freq, "freq", "with --core, the core's clock in `MHz` (default: its freq_mhz), which the guest's time follows")
	fs.StringVar(&o.kernel, "kernel", "", "the kernel `ELF` to call (instead of a program to run from its entry)")
	fs.StringVar(&o.call, "call", "", "call function `SYM` instead of starting at the entry point")
	fs.StringVar(&o.args, "args", "", "integer arguments of --call, comma-separated (`LIST`; @hex:BYTES and @zero:N allocate buffers)")
	fs.StringVar(&o.vector, "vector", "", "run the kernel entry point on the official test vector `NAME` and check its output")
	fs.StringVar(&o.script, "script", "", "read commands from `FILE` instead of standard input")
	fs.BoolVar(&o.errexit, "errexit", false, "end the session with status 1 at the first command that fails (with --script or piped commands)")
	fs.IntVar(&o.history, "history", 100000, "undo log size in `INSTRUCTIONS` for reverse-step (0: none; continue then runs at full speed)")
	fs.BoolVar(&o.fast, "fast", false, "run continue, next, finish and until at full speed without recording them for reverse-step")
	fs.BoolVar(&o.echo, "echo", false, "echo each command read from a script, after a (rvsim) prompt, to make a transcript")
	fs.Uint64Var(&o.maxInsns, "max-insns", 0, "stop any one command after `N` instructions (0: no limit; Ctrl-C stops a run on a terminal)")
	fs.Uint64Var(&o.seed, "seed", 0, "seed for getrandom and AT_RANDOM")
	fs.StringVar(&o.gdb, "gdb", "", "debug from gdb instead: wait for it on 127.0.0.1:`PORT` (0: any free port) with the program or call set up")
	fs.StringVar(&o.argv0, "name", "", "the program's argv[0] (default: its path), which also decides where the initial stack ends")
	return func(env *cmdEnv, args []string) int {
		o.vlenGiven = flagGiven(fs, "vlen")
		s, status := newSession(env, o, args)
		if s == nil {
			return status
		}
		if o.gdb != "" {
			return s.serveGDB()
		}
		return s.serve()
	}
}

// session is one debugging session.
type session struct {
	env  *cmdEnv
	out  *bufio.Writer
	opts *debugOptions
	path string
	f    *elf.File
	mc   *emu.Machine
	h    *emu.Hart

	hist       *emu.History // records steps always; continue too unless fast
	undo       bool         // reverse-step is available (--history > 0)
	fast       bool
	intr       atomic.Bool
	running    atomic.Bool
	stepping   atomic.Bool // a line step is under way (Ctrl-C stops it between instructions)
	done       string      // why the program cannot run on ("": it can)
	call       *callInfo
	model      *cyclemodel.Model
	lastCycles lastTiming

	bps     []*breakpoint
	nextNum int
	// stopAt counts, per address, the runs that stop there themselves (next, finish,
	// until): a conditional breakpoint there whose condition is false does not hide the stop.
	stopAt map[uint64]int
	// condMemo is the last evaluation of the conditions at a stop (pc and instret), so
	// that the stop is tested once and an error in a condition printed once.
	condMemo struct {
		pc, instret uint64
		bp          *breakpoint
	}

	// prevX and prevV are the registers before the last command that ran the program, for
	// marking what it changed; last describes the last instruction it executed, for explain.
	prevX    [32]uint64
	prevV    []byte
	last     *execRecord
	lastLine string
	xfmt     examineFormat // x's remembered format, unit and next address
	status   int           // the session's exit status (--errexit)

	values      []value // print's value history ($1, $2, ...)
	displays    []*display
	nextDisplay int

	// What load needs to begin again (run, start).
	target   isa.ISA
	kind     emu.EnvKind
	progArgs []string
	kv       *kernelVector

	hasLines bool                // the ELF has DWARF line tables
	sources  map[string][]string // source files read, by path
	listFile string              // list's current file and the line it goes on from
	listNext int
	listed   bool
}

// callInfo is the function call --call set up.
type callInfo struct {
	sym    string
	addr   uint64
	check  func(s *session) string // compares the result with the vector ("" without one)
	vector string
	args   []uint64
}

type breakpoint struct {
	num   int
	watch bool
	temp  bool
	addr  uint64
	n     uint64 // watched bytes
	hits  int
	spec  string
	cond  string // stop only when this expression is not 0 ("" : always), as gdb's break ... if
}

// execRecord is an executed instruction with the registers it read, for explain.
type execRecord struct {
	pc      uint64
	in      isa.Inst
	x       [32]uint64 // integer registers before it
	v       []byte     // vector registers before it (nil without a vector unit)
	vl      uint64
	vtype   uint64
	trapped bool
}

func newSession(env *cmdEnv, o *debugOptions, args []string) (*session, int) {
	path := o.kernel
	progArgs := args
	if path == "" {
		if len(args) == 0 {
			env.errorf("debug: no program given (usage: rvsim debug [flags] prog.elf, or --kernel k.elf --call SYM)")
			return nil, exitUsage
		}
		path, progArgs = args[0], args
	} else if len(args) > 0 {
		env.errorf("debug: --kernel and a program %s: give one", args[0])
		return nil, exitUsage
	}
	if o.vagnostic != "undisturbed" && o.vagnostic != "ones" {
		env.errorf("--vagnostic %q: must be undisturbed or ones", o.vagnostic)
		return nil, exitUsage
	}
	if (o.args != "" || o.vector != "") && o.call == "" && o.vector == "" {
		env.errorf("debug: --args needs --call")
		return nil, exitUsage
	}
	if err := checkVLEN(o.vlen); err != nil {
		env.errorf("debug: --vlen: %v", err)
		return nil, exitUsage
	}
	if o.history < 0 {
		env.errorf("debug: --history %d: must be 0 or more", o.history)
		return nil, exitUsage
	}
	f, err := elf.Open(path)
	if err != nil {
		env.errorf("%v", err)
		return nil, exitUsage
	}
	var kv *kernelVector
	if o.vector != "" {
		if kv, err = findKernelVector(path, f, o.call, o.vector); err != nil {
			env.errorf("debug: %v", err)
			return nil, exitUsage
		}
		o.call = kv.sym
		kv.k.MaxInsns = o.maxInsns // bounds the set-up calls too (0: their size's budget)
		if o.load.isa == "" {
			o.load.isa = kv.isa
		}
	}
	target, err := o.load.target(f)
	if err != nil {
		env.errorf("%v", err)
		return nil, exitUsage
	}
	var status int
	if o.coreDesc, status = loadCore(env, o.core, o.freq); status != 0 {
		return nil, status
	}
	target = coreTarget(o.coreDesc, o.load.isa, target, f)
	if o.vlen, err = vectorLength(target, o.vlen, o.vlenGiven, o.load.isa); err != nil {
		env.errorf("debug: %v", err)
		return nil, exitUsage
	}
	kind, err := o.load.envKind()
	if err != nil {
		env.errorf("%v", err)
		return nil, exitUsage
	}
	if len(progArgs) == 0 {
		progArgs = []string{path}
	}
	if o.argv0 != "" {
		progArgs = append([]string{o.argv0}, progArgs[1:]...)
	}
	s := &session{env: env, out: bufio.NewWriter(env.stdout), opts: o, path: path, f: f,
		undo: o.history > 0, fast: o.fast || o.history == 0, nextNum: 1, nextDisplay: 1,
		target: target, kind: kind, progArgs: progArgs, kv: kv}
	s.xfmt = examineFormat{count: 1, format: 'x', unit: 'w'}
	if files, err := f.SourceFiles(); err == nil && len(files) > 0 {
		s.hasLines = true
	}
	if status := s.load(); status != 0 {
		return nil, status
	}
	s.markStop()
	return s, 0
}

// load makes the machine: the program loaded (or the call set up) and the cost model;
// run and start call it again to begin anew.
func (s *session) load() int {
	o, env := s.opts, s.env
	cfg := emu.Config{ISA: s.target, Env: s.kind, VLEN: o.vlen, AgnosticOnes: o.vagnostic == "ones",
		Linux: emu.LinuxConfig{
			Args:  s.progArgs,
			Stdin: env.stdin, Stdout: env.stdout, Stderr: env.stderr, Seed: o.seed,
		}}
	if _, err := o.linux.apply(&cfg, s.path); err != nil {
		env.errorf("%v", err)
		return exitUsage
	}
	mc, err := emu.Load(s.f, cfg)
	if err != nil {
		env.errorf("%s: %v", s.path, err)
		return exitUsage
	}
	s.mc, s.h = mc, mc.Hart
	s.hist = emu.NewHistory(max(o.history, 1))
	s.done, s.last, s.call = "", nil, nil
	if o.call != "" {
		if err := s.setupCall(o.call, o.args, s.kv); err != nil {
			env.errorf("debug: %v", err)
			return exitUsage
		}
	}
	if o.freq.set && o.core == "" {
		env.errorf("debug: --freq needs --core (without a model the guest's clock is one nanosecond per instruction)")
		return exitUsage
	}
	if o.core != "" {
		m, status := setupCore(env, o.coreDesc, s.f, s.h, false)
		if m == nil {
			return status
		}
		s.model = m
		s.lastCycles = lastTiming{}
		m.SetRecorder(&s.lastCycles)
	}
	return 0
}

// setupCall prepares the --call: arguments from --args or the test vector.
func (s *session) setupCall(sym, argList string, kv *kernelVector) error {
	addr, ok := s.mc.Lookup(sym)
	if !ok {
		return fmt.Errorf("no symbol %q in %s", sym, s.path)
	}
	ci := &callInfo{sym: sym, addr: addr}
	var args []uint64
	if kv != nil {
		var err error
		if args, ci.check, err = kv.prepare(s.mc); err != nil {
			return err
		}
		ci.vector = kv.v.String()
	} else {
		var err error
		if args, err = parseCallArgs(s.mc, argList); err != nil {
			return err
		}
	}
	if err := s.mc.PrepareCall(addr, args...); err != nil {
		return err
	}
	ci.args = args
	s.call = ci
	return nil
}

// parseCallArgs parses --args: integers, @hex:BYTES and @zero:N.
func parseCallArgs(mc *emu.Machine, list string) ([]uint64, error) {
	var args []uint64
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	for _, a := range strings.Split(list, ",") {
		a = strings.TrimSpace(a)
		switch {
		case strings.HasPrefix(a, "@hex:"):
			b, err := parseHexBytes(a[5:])
			if err != nil {
				return nil, fmt.Errorf("--args %s: %v", a, err)
			}
			p, err := mc.AllocBytes(b)
			if err != nil {
				return nil, err
			}
			args = append(args, p)
		case strings.HasPrefix(a, "@zero:"):
			n, err := strconv.ParseUint(a[6:], 0, 32)
			if err != nil {
				return nil, fmt.Errorf("--args %s: bad size", a)
			}
			p, err := mc.Alloc(n)
			if err != nil {
				return nil, err
			}
			args = append(args, p)
		default:
			v, err := parseInt(a)
			if err != nil {
				return nil, fmt.Errorf("--args: %v", err)
			}
			args = append(args, v)
		}
	}
	if len(args) > 8 {
		return nil, fmt.Errorf("--args: %d arguments; at most eight go in registers", len(args))
	}
	return args, nil
}

func parseHexBytes(s string) ([]byte, error) {
	s = strings.TrimPrefix(strings.ReplaceAll(s, "_", ""), "0x")
	if len(s)%2 != 0 {
		return nil, fmt.Errorf("odd number of hex digits")
	}
	b := make([]byte, len(s)/2)
	for i := range b {
		v, err := strconv.ParseUint(s[2*i:2*i+2], 16, 8)
		if err != nil {
			return nil, fmt.Errorf("bad hex %q", s[2*i:2*i+2])
		}
		b[i] = byte(v)
	}
	return b, nil
}

// serve runs the session: the banner, then commands until quit or the end of input.
func (s *session) serve() int {
	defer s.out.Flush()
	s.banner()
	// Ctrl-C while the program runs stops it; at a terminal's prompt the line editor sees it.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	stopSig := make(chan struct{})
	defer close(stopSig)
	go func() {
		for {
			select {
			case <-sig:
				if s.running.Load() || s.stepping.Load() {
					s.intr.Store(true)
				}
			case <-stopSig:
				return
			}
		}
	}()

	var in lineReader
	if s.opts.script != "" {
		fh, err := os.Open(s.opts.script)
		if err != nil {
			s.env.errorf("debug: %v", err)
			return exitUsage
		}
		defer fh.Close()
		in = newPlainReader(fh)
	} else if t := newTerminalReader(s); t != nil {
		in = t
	} else {
		in = newPlainReader(s.env.stdin)
	}
	defer in.Close()
	for {
		s.out.Flush()
		line, err := in.ReadLine()
		if err == io.EOF {
			return s.status
		}
		if err != nil {
			s.errorf("%v", err)
			return 1
		}
		if s.opts.echo && in.Plain() {
			fmt.Fprintf(s.out, "(rvsim) %s\n", line)
		}
		quit, cmdErr := s.execLine(line)
		if cmdErr != nil {
			s.errorf("%v", cmdErr)
			if s.opts.errexit && in.Plain() {
				return 1
			}
		}
		if quit {
			return s.status
		}
	}
}

func (s *session) errorf(format string, a ...any) {
	s.out.Flush()
	fmt.Fprintf(s.env.stderr, "error: "+format+"\n", a...)
}

// execLine runs one command line; an empty line repeats the last command.
func (s *session) execLine(line string) (quit bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v (please report this with the session that led to it)", r)
			if os.Getenv("RVSIM_DEBUG") != "" {
				fmt.Fprintf(s.env.stderr, "%s", debug.Stack())
			}
		}
	}()
	line = strings.TrimSpace(line)
	if line == "" {
		line = s.lastLine
		if line == "" {
			return false, nil
		}
	}
	if strings.HasPrefix(line, "#") {
		return false, nil
	}
	name, mods, args := splitCommand(line)
	c := lookupCommand(name)
	if c == nil {
		return false, fmt.Errorf("unknown command %q (try help)", name)
	}
	if mods != "" && !c.mods {
		return false, fmt.Errorf("%s takes no /modifiers", c.name)
	}
	s.lastLine = ""
	if c.repeat {
		s.lastLine = line
	}
	if c.name == "quit" {
		return true, nil
	}
	err = c.run(s, mods, args)
	if c.runs && err == nil {
		s.showDisplays()
	}
	return false, err
}

// splitCommand splits "x/4xw &buf" into "x", "4xw" and the arguments.
func splitCommand(line string) (name, mods string, args []string) {
	fields := strings.Fields(line)
	name = fields[0]
	if i := strings.IndexByte(name, '/'); i > 0 {
		name, mods = name[:i], name[i+1:]
	}
	return name, mods, fields[1:]
}

func (s *session) banner() {
	what := fmt.Sprintf("%s (RV%d, %s)", s.path, s.h.XLEN(), s.h.ISA)
	fmt.Fprintf(s.out, "rvsim debug: %s\n", what)
	if s.call != nil {
		fmt.Fprintf(s.out, "call %s(%s)\n", s.call.sym, s.callArgs())
		if s.call.vector != "" {
			fmt.Fprintf(s.out, "test vector %s\n", s.call.vector)
		}
	}
	if s.model != nil {
		fmt.Fprintf(s.out, "cost model: %s\n", s.model.Core().Name)
	}
	switch {
	case !s.undo:
		fmt.Fprintf(s.out, "no undo log (--history 0): reverse-step is off\n")
	case s.fast:
		fmt.Fprintf(s.out, "--fast: continue runs without recording; reverse-step reaches back to where it stopped\n")
	}
	s.showWhere()
}

// callArgs renders the call's arguments.
func (s *session) callArgs() string {
	var parts []string
	for _, a := range s.call.args {
		parts = append(parts, fmt.Sprintf("%#x", a))
	}
	return strings.Join(parts, ", ")
}

// markStop remembers the registers at a stop, for marking what the next command changes.
func (s *session) markStop() {
	copy(s.prevX[:], s.h.X[:32])
	if v := s.h.V; v != nil {
		s.prevV = append(s.prevV[:0], v.Reg...)
	}
}

// lastTiming is the model's recorder in a session: it keeps the last instruction's times
// (what a timeline row shows), for `cycles`. An out-of-order core's cycles are counted at
// retirement, so the count's change over one instruction says little; its times say when it
// was dispatched, issued, executed and retired and what it waited for.
type lastTiming struct {
	t     cyclemodel.InstTiming
	valid bool
}

func (l *lastTiming) Record(t *cyclemodel.InstTiming) { l.t, l.valid = *t, true }
