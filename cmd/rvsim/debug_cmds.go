package main

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"rvsim/emu"
	"rvsim/isa"
)

// dbgCommand is one debugger command. `help` and `help CMD` are generated from the table,
// and so are the completions of command names.
type dbgCommand struct {
	name    string
	aliases []string
	args    string // the arguments, as help shows them
	short   string
	long    string
	repeat  bool // an empty line runs it again
	mods    bool // takes /modifiers (x/4xw)
	runs    bool // runs the program: the displays are shown after it
	// complete says what its arguments complete to: "sym" (symbols and registers), "reg",
	// "csr", "cmd", "info", "set".
	complete string
	run      func(s *session, mods string, args []string) error
}

var dbgCommands []*dbgCommand

func init() {
	dbgCommands = []*dbgCommand{
		{name: "step", aliases: []string{"s"}, args: "[N]", repeat: true, runs: true,
			short: "run N source lines (default 1), into calls; N instructions without line info",
			long: `In a program built with -g (DWARF line tables) step runs to the start of the next source
line, into a called function that has line info (past its first line, as gdb does), and
shows the line. Without line info at the pc, as stepi.`,
			run: cmdStepLine},
		{name: "stepi", aliases: []string{"si"}, args: "[N]", repeat: true, runs: true,
			short: "execute N instructions (default 1), showing each and what it changed",
			long: `Each instruction is shown with its address, symbol+offset, encoding and disassembly,
followed by the registers, CSRs, vector registers and memory it changed, old → new.`,
			run: cmdStep},
		{name: "next", aliases: []string{"n"}, args: "[N]", repeat: true, runs: true,
			short: "like step, but run calls until they return; by instruction without line info",
			run:   cmdNextLine},
		{name: "nexti", aliases: []string{"ni"}, args: "[N]", repeat: true, runs: true,
			short: "like stepi, but run a call (jal/jalr that links ra or t0) until it returns",
			run:   cmdNext},
		{name: "finish", aliases: []string{"fin"}, runs: true,
			short: "run until the current function returns to its caller",
			long: `The return address is found as backtrace finds frames: from ra while the function has
not saved it, from its stack frame after the prologue.`,
			run: cmdFinish},
		{name: "continue", aliases: []string{"c", "cont"}, args: "[N]", runs: true,
			short: "run until a breakpoint, a watchpoint, the end of the program or Ctrl-C",
			long:  `With N, ignore the breakpoint the program is stopped at N-1 more times.`,
			run:   cmdContinue},
		{name: "until", aliases: []string{"u"}, args: "[ADDR|SYM]", complete: "sym", runs: true,
			short: "run to ADDR (or past the loop's backward branch here) in this frame",
			long: `With an address, run until the program gets there or the current function returns.
Without one, at a backward branch run until execution falls through it (the rest of the
loop); elsewhere, as next.`,
			run: cmdUntil},
		{name: "advance", args: "LOCATION", complete: "sym", runs: true,
			short: "run until LOCATION (in any frame) or until the current function returns",
			long: `LOCATION is an address, SYM, SYM+OFF, *ADDR, or FILE:LINE and LINE in a program built
with -g. Unlike until, reaching LOCATION in a deeper (recursive) call stops too.`,
			run: cmdAdvance},
		{name: "run", aliases: []string{"r"}, runs: true,
			short: "start the program (or the --call) again from the beginning and continue",
			long: `The machine is loaded anew; breakpoints, watchpoints, displays and the value history
stay. Output the program wrote stays written, and input it read stays read.`,
			run: func(s *session, _ string, a []string) error { return s.restart(a, false) }},
		{name: "start", runs: true,
			short: "start the program again and stop at main (or _start), with a temporary breakpoint",
			run:   func(s *session, _ string, a []string) error { return s.restart(a, true) }},
		{name: "reverse-step", aliases: []string{"rs", "rsi", "reverse-stepi"}, args: "[N]", repeat: true, runs: true,
			short: "undo the last N instructions (default 1) from the undo log",
			long: `Registers, CSRs, vector state, memory and the Linux process state go back to what they
were. What a system call wrote to a terminal or read from stdin stays written and read, and
the cost model's state (--core) is not reversed. The log holds the last --history
instructions; a continue with --fast clears it.`,
			run: cmdReverseStep},
		{name: "break", aliases: []string{"b", "br"}, args: "ADDR|SYM|SYM+OFF [if EXPR]", complete: "sym",
			short: "stop before executing the instruction at an address",
			long: `With "if EXPR" the program stops there only when EXPR (as print evaluates it, where the
program stopped) is not 0, as in gdb: "break sm4_ecb_encrypt if $a2 == 64",
"b *0x119fa if $t0 == 64 && $vl > 4". A condition that cannot be evaluated stops the
program with the error. "condition N EXPR" changes it later.`,
			run: func(s *session, _ string, a []string) error { return s.addBreak(a, false) }},
		{name: "tbreak", aliases: []string{"tb"}, args: "ADDR|SYM|SYM+OFF [if EXPR]", complete: "sym",
			short: "a breakpoint deleted when it is hit",
			run:   func(s *session, _ string, a []string) error { return s.addBreak(a, true) }},
		{name: "condition", aliases: []string{"cond"}, args: "N [EXPR]",
			short: "stop at breakpoint N only when EXPR is not 0 (without EXPR: always)",
			run:   cmdCondition},
		{name: "watch", aliases: []string{"wa"}, args: "ADDR|SYM [LEN]", complete: "sym",
			short: "stop after an instruction or system call changes LEN bytes at ADDR",
			long: `LEN defaults to the symbol's size, else to XLEN/8. The stop comes after the instruction
that changed the bytes; writing the value they already hold does not count.`,
			run: cmdWatch},
		{name: "delete", aliases: []string{"d", "del"}, args: "[N...]",
			short: "delete breakpoints and watchpoints N (all without N)",
			run:   cmdDelete},
		{name: "info", aliases: []string{"i"}, args: "breakpoints|registers [REG...]|symbol ADDR|frame|line [LOC]|display|history|threads", complete: "info",
			short: "show breakpoints, registers, what an address is, the frame, a line's code, displays, the undo log, the threads",
			run:   cmdInfo},
		{name: "thread", args: "[N]",
			short: "show the running thread, or give the hart to thread N (as 'info threads' numbers them)",
			long: `A Linux program's threads share the one hart: thread N, if it can run (it does not wait
in a futex, a sleep or a blocking call), takes the hart, and every command then steps,
shows and changes it. The undo log does not go back past the switch.`,
			run: cmdThread},
		{name: "print", aliases: []string{"p", "inspect"}, args: "[/FMT] EXPR", mods: true, complete: "sym",
			short: "evaluate an expression and show its value, as $N in the value history",
			long: `EXPR is C as gdb reads it: registers ($a0, $sp, $pc, $v1 as its q/l/w/s/b elements, CSRs
such as $vl), memory (*(uint32_t *)ADDR, {int}ADDR, *ADDR reads an int, ARRAY@N makes N
of them), symbols (their address; &sym too), numbers, 'c', integer arithmetic
(+ - * / % << >> & | ^ ~ ! && || and comparisons) with C's types, casts to the C integer
types and pointers, [I] and .member, sizeof, and assignment (EXPR = EXPR). $, $$, $N and $$N
are earlier values. FMT is x (hex), d (signed), u (unsigned), t (binary), o (octal),
c (char), a (address), z (zero-padded hex).`,
			run: cmdPrint},
		{name: "display", args: "[/FMT] [EXPR]", mods: true, complete: "sym",
			short: "show EXPR after every command that runs the program (all displays without EXPR)",
			long: `FMT is print's; with i or s, or a count or unit (display/3i $pc), memory is shown as x
shows it.`,
			run: cmdDisplay},
		{name: "undisplay", args: "[N...]",
			short: "delete displays N (all without N)",
			run:   cmdUndisplay},
		{name: "list", aliases: []string{"l"}, args: "[FUNC|FILE:LINE|LINE]", complete: "sym", repeat: true,
			short: "show source lines around the pc, a function or a line (a program built with -g)",
			run:   cmdList},
		{name: "registers", aliases: []string{"regs"}, args: "[REG...]", complete: "reg",
			short: "show the integer registers by ABI name; those the last command changed are marked *",
			run:   func(s *session, _ string, a []string) error { return s.showRegs(a) }},
		{name: "vregs", aliases: []string{"vr"}, args: "[vN...] [--sew N]", complete: "reg",
			short: "show vector registers as elements (current SEW, or --sew) in 128-bit element groups",
			run:   cmdVregs},
		{name: "csr", args: "[NAME|NUM]", complete: "csr",
			short: "show a CSR (all existing CSRs without an argument)",
			run:   cmdCSR},
		{name: "x", args: "ADDR|SYM", mods: true, repeat: true, complete: "sym",
			short: "examine memory: x/NFU, N units in format F of size U",
			long: `F is x (hex), d (signed), u (unsigned), o (octal), t (binary), c (char), a (address),
i (instruction) or s (string); U is b (1 byte), h (2), w (4) or g (8). Format, unit and the
next address are remembered: an empty line continues where the last x stopped.`,
			run: cmdExamine},
		{name: "disas", aliases: []string{"disassemble", "dis"}, args: "[ADDR|SYM] [N]", complete: "sym",
			short: "disassemble N instructions (default: the function around the address, or 12)",
			run:   cmdDisas},
		{name: "set", args: "$REG = EXPR | var LVALUE = EXPR | {T}ADDR = EXPR | REG VALUE | mem ADDR VALUE [SIZE] | vN[I] VALUE | CSR VALUE | fast on|off", complete: "set",
			short: "change a register, pc, CSR, vector element or memory; or the continue mode",
			long: `gdb's forms take print's expressions: set $a0 = $a1 + 4, set var *(uint32_t *)buf = 7,
set {char}0x11000 = 'x', set $v1.w[2] = 5. The older forms: memory with SIZE 1, 2, 4 or 8
bytes (default XLEN/8), or VALUE hex:BYTES. Changes made with set are not in the undo log.
'set fast on' makes continue, next, finish and until run at full speed without recording.`,
			run: cmdSet},
		{name: "backtrace", aliases: []string{"bt", "where"}, args: "[N]",
			short: "show the call stack, from frame pointers or the functions' prologues",
			run:   cmdBacktrace},
		{name: "cycles", aliases: []string{"cyc"},
			short: "the cost model's cycle count and the last instruction's timeline row (--core)",
			long: `The count is the cycle the last instruction issued in (an in-order core) or retired in
(out of order), counting from 1. The last instruction's row is what 'rvsim run --timeline'
charts: the cycles it was dispatched, issued, executed (its result ready) and retired in,
the cycles it added to the count, the part of them it waited and for what, and what it
waited for to issue. An out-of-order core adds cycles at retirement: an instruction that
retires in the same cycle as the one before it adds none.`,
			run: cmdCycles},
		{name: "explain", aliases: []string{"e", "why"}, args: "[GROUP]",
			short: "what the last instruction computed, with its intermediate values",
			long: `sm4ed/sm4ks: the selected byte, S-box, linear transform terms and rotation; aes32*/aes64*:
the state through SubBytes, ShiftRows, MixColumns (or inverses); clmul*: operands and
product; the vector crypto instructions (vaes*, vsm4r, vsm4k, vghsh, vgmul, vsha2*, vsm3*):
each element group's state before and after each step (GROUP selects one); anything else:
a description with the operand values. The values come from the functions the emulator
executes (emu/sem).`,
			run: cmdExplain},
		{name: "help", aliases: []string{"h", "?"}, args: "[COMMAND]", complete: "cmd",
			short: "list the commands, or describe one",
			run:   cmdHelp},
		{name: "quit", aliases: []string{"q", "exit"},
			short: "end the session"},
	}
}

func lookupCommand(name string) *dbgCommand {
	for _, c := range dbgCommands {
		if c.name == name {
			return c
		}
		for _, a := range c.aliases {
			if a == name {
				return c
			}
		}
	}
	return nil
}

func cmdHelp(s *session, _ string, args []string) error {
	if len(args) > 0 {
		c := lookupCommand(args[0])
		if c == nil {
			return fmt.Errorf("help: no command %q", args[0])
		}
		fmt.Fprintf(s.out, "%s %s\n    %s\n", c.name, c.args, c.short)
		if len(c.aliases) > 0 {
			fmt.Fprintf(s.out, "aliases: %s\n", strings.Join(c.aliases, ", "))
		}
		if c.long != "" {
			fmt.Fprintf(s.out, "\n%s\n", strings.TrimSpace(c.long))
		}
		return nil
	}
	fmt.Fprintf(s.out, "Commands (an empty line repeats step, next, reverse-step and x):\n")
	for _, c := range dbgCommands {
		names := c.name
		if len(c.aliases) > 0 {
			names += " (" + strings.Join(c.aliases, ", ") + ")"
		}
		fmt.Fprintf(s.out, "  %-36s %s\n", names, c.short)
	}
	fmt.Fprintf(s.out, "Addresses: 0x11000, 70000, SYM, SYM+0x10, $reg or a register name, sums of these.\n")
	return nil
}

func countArg(args []string) (uint64, error) {
	if len(args) == 0 {
		return 1, nil
	}
	if len(args) > 1 {
		return 0, fmt.Errorf("want one count, got %q", strings.Join(args, " "))
	}
	n, err := strconv.ParseUint(args[0], 0, 64)
	if err != nil || n == 0 {
		return 0, fmt.Errorf("bad count %q", args[0])
	}
	return n, nil
}

// canRun reports why the program cannot run on, if it cannot.
func (s *session) canRun() error {
	if s.done != "" {
		what := "reverse-step to go back"
		if !s.undo {
			what = "there is no undo log (--history 0)"
		}
		return fmt.Errorf("%s; %s, or quit", s.done, what)
	}
	return nil
}

// budget is the instruction limit of one command (--max-insns).
func (s *session) budget() uint64 {
	if s.opts.maxInsns != 0 {
		return s.opts.maxInsns
	}
	return ^uint64(0)
}

// resume runs the program for up to n instructions; record says whether to use the undo
// log (a run that does not clears it: the log must end where the state is).
func (s *session) resume(n uint64, record bool) emu.Stop {
	var hist *emu.History
	if record {
		hist = s.hist
	} else {
		s.hist.Clear()
		s.last = nil
	}
	s.out.Flush() // the program's output must come after what the session printed
	s.intr.Store(false)
	s.running.Store(true)
	defer s.running.Store(false)
	for {
		start := s.h.Instret
		st := s.h.Resume(n, hist, &s.intr)
		// Breakpoints whose conditions are all false are passed by, as gdb does (it tests
		// the condition where the program stopped and resumes it).
		if st.Reason != emu.StopBreak || st.Msg != emu.MsgBreakpoint || s.stopAt[st.PC] > 0 ||
			s.userBreakAt(st.PC) == nil || s.breakHit(st.PC) != nil {
			return st
		}
		if ran := s.h.Instret - start; ran < n {
			n -= ran
		} else {
			return emu.Stop{Reason: emu.StopLimit, PC: s.h.PC}
		}
	}
}

// breakHit is the user's breakpoint at pc, the program having stopped there, whose
// condition holds (or that has none): nil when there is none. A condition that cannot be
// evaluated counts as true, with an error printed, as in gdb.
func (s *session) breakHit(pc uint64) *breakpoint {
	m := &s.condMemo
	if m.pc == pc && m.instret == s.h.Instret && m.bp != nil {
		return m.bp
	}
	var hit *breakpoint
	for _, bp := range s.bps {
		if bp.watch || bp.addr != pc {
			continue
		}
		if bp.cond == "" {
			hit = bp
			break
		}
		v, err := evalExpr(sessionExpr{s}, bp.cond)
		if err == nil && !isScalar(v.t) {
			err = errors.New("the condition is not a number or pointer")
		}
		if err != nil {
			fmt.Fprintf(s.out, "Error in testing condition for breakpoint %d:\n%v\n", bp.num, err)
			hit = bp
			break
		}
		if v.bits != 0 {
			hit = bp
			break
		}
	}
	if hit != nil {
		m.pc, m.instret, m.bp = pc, s.h.Instret, hit
	}
	return hit
}

// stopAtTargets marks addresses a run stops at by itself (see session.stopAt) and returns
// the function that unmarks them.
func (s *session) stopAtTargets(targets []uint64) func() {
	if s.stopAt == nil {
		s.stopAt = map[uint64]int{}
	}
	for _, t := range targets {
		s.stopAt[t]++
	}
	return func() {
		for _, t := range targets {
			if s.stopAt[t]--; s.stopAt[t] == 0 {
				delete(s.stopAt, t)
			}
		}
	}
}

// runFast reports whether commands that run many instructions skip recording.
func (s *session) runFast() bool { return s.fast || !s.undo }

func cmdStep(s *session, _ string, args []string) error {
	n, err := countArg(args)
	if err != nil {
		return err
	}
	if err := s.canRun(); err != nil {
		return err
	}
	s.markStop()
	for i := uint64(0); i < n; i++ {
		st, ok := s.stepOne(true)
		if !ok {
			s.report(st)
			break
		}
		if i+1 < n && s.done != "" {
			break
		}
	}
	return nil
}

// stepOne executes one instruction through the undo log and, if show, prints it with its
// changes. ok is false when the step ended otherwise than by executing it (the stop says).
func (s *session) stepOne(show bool) (emu.Stop, bool) {
	pc := s.h.PC
	in, fetchErr := s.fetch(pc)
	csrs := s.h.DebugCSRs()
	instret := s.h.Instret
	if !s.undo {
		s.hist.Clear()
	}
	n0 := s.hist.Recorded()
	st := s.resume(1, true)
	c, _ := s.hist.Last(s.h)
	executed := s.hist.Recorded() != n0
	if executed {
		s.last = s.recordFrom(c, in, instret)
		if show {
			s.showExecuted(pc, in, fetchErr, c, csrs, s.last.trapped)
		}
	}
	if st.Reason == emu.StopLimit {
		return st, true
	}
	if st.Reason == emu.StopBreak && st.Msg == emu.MsgWatchpoint && executed {
		s.reportWatch(st)
		return st, true
	}
	return st, false
}

func cmdStepLine(s *session, mods string, args []string) error {
	if _, ok := s.line(s.h.PC); !ok {
		return cmdStep(s, mods, args)
	}
	n, err := countArg(args)
	if err != nil {
		return err
	}
	return s.stepLines(n, false)
}

func cmdNextLine(s *session, mods string, args []string) error {
	if _, ok := s.line(s.h.PC); !ok {
		return cmdNext(s, mods, args)
	}
	n, err := countArg(args)
	if err != nil {
		return err
	}
	return s.stepLines(n, true)
}

func cmdContinue(s *session, _ string, args []string) error {
	ignore := uint64(0)
	if len(args) > 0 {
		n, err := countArg(args)
		if err != nil {
			return err
		}
		ignore = n - 1
	}
	if err := s.canRun(); err != nil {
		return err
	}
	s.markStop()
	for {
		st := s.resume(s.budget(), !s.runFast())
		if st.Reason == emu.StopBreak && st.Msg == emu.MsgBreakpoint && ignore > 0 {
			if bp := s.breakHit(st.PC); bp != nil {
				bp.hits++
				ignore--
				continue
			}
		}
		s.afterRun()
		s.report(st)
		return nil
	}
}

// afterRun notes the last instruction of a recorded run for explain.
func (s *session) afterRun() {
	if c, ok := s.hist.Last(s.h); ok && s.hist.Len() > 0 {
		in, _ := s.fetch(c.PC)
		s.last = s.recordFrom(c, in, 0)
	}
}

// recordFrom rebuilds the registers an instruction read from what it changed.
func (s *session) recordFrom(c emu.Change, in isa.Inst, instretBefore uint64) *execRecord {
	r := &execRecord{pc: c.PC, in: in}
	copy(r.x[:], s.h.X[:32])
	for _, rc := range c.Regs {
		r.x[rc.Reg] = rc.Old
	}
	if v := s.h.V; v != nil {
		r.v = append([]byte(nil), v.Reg...)
		for _, vc := range c.VRegs {
			copy(r.v[vc.Reg*v.VLENB:], vc.Old)
		}
		r.vl, r.vtype = v.VL, v.VType
		if c.Vector {
			r.vl, r.vtype = c.VL, c.VType
		}
	}
	if instretBefore != 0 && s.h.Instret == instretBefore && s.h.PC != c.PC+uint64(in.Len) {
		r.trapped = true
	}
	return r
}

// isCall reports whether in links a return address (jal/jalr writing ra or t0).
func isCall(in isa.Inst) bool {
	return (in.Op == isa.JAL || in.Op == isa.JALR) && (in.Rd == 1 || in.Rd == 5)
}

func cmdNext(s *session, _ string, args []string) error {
	n, err := countArg(args)
	if err != nil {
		return err
	}
	if err := s.canRun(); err != nil {
		return err
	}
	s.markStop()
	for i := uint64(0); i < n && s.done == ""; i++ {
		pc := s.h.PC
		in, ferr := s.fetch(pc)
		if ferr != nil || !isCall(in) {
			if st, ok := s.stepOne(true); !ok {
				s.report(st)
				return nil
			}
			continue
		}
		// Run the call to its return address, in this frame (sp back where it is now).
		before := s.h.X
		ret := (pc + uint64(in.Len)) & s.mask()
		s.showInst("", pc, in, nil)
		st := s.runTo([]uint64{ret}, s.cfa())
		if st.Reason == emu.StopBreak && st.Msg == "" {
			s.showRegChanges(before[:32])
			continue
		}
		s.afterRun()
		s.report(st)
		return nil
	}
	return nil
}

// runTo runs until the pc reaches one of targets in the frame the command started in or
// an outer one (its canonical frame address at least cfa0: a recursive, deeper activation
// reaching a target runs on), or anything else stops the run. Reaching a target gives
// StopBreak with an empty Msg.
func (s *session) runTo(targets []uint64, cfa0 uint64) emu.Stop {
	added := map[uint64]bool{}
	for _, t := range targets {
		if !s.hasBreak(t) {
			s.h.SetBreakpoint(t)
			added[t] = true
		}
	}
	defer func() {
		for t := range added {
			s.h.ClearBreakpoint(t)
		}
	}()
	defer s.stopAtTargets(targets)()
	for {
		st := s.resume(s.budget(), !s.runFast())
		if st.Reason != emu.StopBreak || st.Msg != emu.MsgBreakpoint {
			return st
		}
		hit := false
		for _, t := range targets {
			if st.PC == t {
				hit = true
			}
		}
		user := s.breakHit(st.PC)
		if !hit || user != nil && !added[st.PC] {
			return st // a user's breakpoint: report it as such
		}
		if s.cfa() < cfa0 {
			continue // a deeper (recursive) activation: keep going
		}
		return emu.Stop{Reason: emu.StopBreak, PC: st.PC}
	}
}

// cfa is the current frame's canonical frame address: the stack pointer of its caller
// (the stack pointer itself when the frame cannot be analysed).
func (s *session) cfa() uint64 {
	if fr := s.backtrace(2); len(fr) == 2 {
		return fr[1].sp
	}
	return s.h.Reg(2)
}

func (s *session) hasBreak(addr uint64) bool {
	for _, pc := range s.h.Breakpoints() {
		if pc == addr {
			return true
		}
	}
	return false
}

func cmdFinish(s *session, _ string, args []string) error {
	if len(args) > 0 {
		return errors.New("finish takes no arguments")
	}
	if err := s.canRun(); err != nil {
		return err
	}
	frames := s.backtrace(2)
	if len(frames) < 2 {
		return errors.New(`"finish" not meaningful in the outermost frame (no caller found)`)
	}
	s.markStop()
	caller := frames[1]
	fmt.Fprintf(s.out, "Run till exit from #0 %s\n", s.where(frames[0].pc))
	before := s.h.X
	st := s.runTo([]uint64{caller.pc}, caller.sp)
	if st.Reason == emu.StopBreak && st.Msg == "" {
		s.afterRun()
		fmt.Fprintf(s.out, "returned to %s\n", s.where(s.h.PC))
		s.showRegChanges(before[:32])
		s.showWhere()
		return nil
	}
	s.afterRun()
	s.report(st)
	return nil
}

func cmdUntil(s *session, _ string, args []string) error {
	if err := s.canRun(); err != nil {
		return err
	}
	if len(args) == 0 {
		in, err := s.fetch(s.h.PC)
		if err != nil || !isBackward(in) {
			return cmdNext(s, "", nil)
		}
		args = []string{fmt.Sprintf("%#x", s.h.PC+uint64(in.Len))}
	}
	target, err := s.parseAddr(strings.Join(args, " "))
	if err != nil {
		return err
	}
	s.markStop()
	targets := []uint64{target & s.mask()}
	if frames := s.backtrace(2); len(frames) == 2 {
		targets = append(targets, frames[1].pc)
	}
	st := s.runTo(targets, s.cfa())
	s.afterRun()
	if st.Reason == emu.StopBreak && st.Msg == "" {
		s.showWhere()
		return nil
	}
	s.report(st)
	return nil
}

// isBackward reports whether in is a branch or jump to a lower address.
func isBackward(in isa.Inst) bool {
	switch in.Op.Class() {
	case isa.ClassBranch:
		return in.Imm < 0
	case isa.ClassJump:
		return in.Op == isa.JAL && in.Imm < 0
	}
	return false
}

func cmdReverseStep(s *session, _ string, args []string) error {
	n, err := countArg(args)
	if err != nil {
		return err
	}
	if !s.undo {
		return errors.New("no undo log: the session runs with --history 0")
	}
	s.markStop()
	var undone []emu.Undone
	var stopErr error
	for i := uint64(0); i < n; i++ {
		u, err := s.h.Undo(s.hist)
		if err != nil {
			stopErr = err
			break
		}
		undone = append(undone, u)
	}
	s.h.SyncWatches()
	s.last = nil
	if len(undone) > 0 {
		s.done = ""
	}
	for i, u := range undone {
		if len(undone) > 20 && i >= 10 && i < len(undone)-10 {
			if i == 10 {
				fmt.Fprintf(s.out, "  ... %d more\n", len(undone)-20)
			}
			continue
		}
		in, ferr := s.fetch(u.PC)
		s.showInst("undid ", u.PC, in, ferr)
		if u.Syscall >= 0 {
			fmt.Fprintf(s.out, "  (system call %d: its effect on memory and registers is undone; output written and input read are not)\n", u.Syscall)
		}
	}
	if stopErr != nil {
		if errors.Is(stopErr, emu.ErrNoHistory) {
			msg := fmt.Sprintf("no more history: the undo log holds the last %d instructions", s.hist.Limit())
			if s.fast {
				msg += " recorded since the last fast run"
			}
			if len(undone) == 0 {
				return errors.New(msg)
			}
			fmt.Fprintf(s.out, "(%s)\n", msg)
		} else {
			if len(undone) == 0 {
				return stopErr
			}
			fmt.Fprintf(s.out, "(%v)\n", stopErr)
		}
	}
	if s.model != nil && len(undone) > 0 {
		fmt.Fprintf(s.out, "(the cost model is not reversed: cycles stay at %d)\n", s.model.Cycles())
	}
	s.showWhere()
	return nil
}

// addBreak sets a breakpoint.
func (s *session) addBreak(args []string, temp bool) error {
	if len(args) == 0 {
		return errors.New("break needs an address or symbol")
	}
	cond := ""
	if i := slices.Index(args, "if"); i >= 0 {
		if cond = strings.TrimSpace(strings.Join(args[i+1:], " ")); cond == "" {
			return errors.New("break ... if needs a condition (an expression)")
		}
		if err := checkExpr(sessionExpr{s}, cond); err != nil {
			return err
		}
		if args = args[:i]; len(args) == 0 {
			return errors.New("break needs an address or symbol before if")
		}
	}
	spec := strings.Join(args, " ")
	addr, err := s.location(spec)
	if err != nil {
		return err
	}
	addr &= s.mask()
	if sym, ok := s.f.Lookup(spec); ok && sym.Value == addr {
		if pos, ok := s.line(addr); ok {
			addr = s.afterFirstLine(addr, pos) // past the prologue, as gdb does
		}
	}
	if s.h.Mem.PermAt(addr)&emu.PermX == 0 {
		return fmt.Errorf("%#x is not in executable memory", addr)
	}
	for _, bp := range s.bps {
		if !bp.watch && bp.addr == addr {
			fmt.Fprintf(s.out, "Note: breakpoint %d also set at this address.\n", bp.num)
		}
	}
	bp := &breakpoint{num: s.nextNum, addr: addr, temp: temp, spec: spec, cond: cond}
	s.nextNum++
	s.bps = append(s.bps, bp)
	s.h.SetBreakpoint(addr)
	kind := "Breakpoint"
	if temp {
		kind = "Temporary breakpoint"
	}
	if pos, ok := s.line(addr); ok {
		fmt.Fprintf(s.out, "%s %d at %#x: file %s, line %d.\n", kind, bp.num, addr, path.Base(pos.File), pos.Line)
		return nil
	}
	fmt.Fprintf(s.out, "%s %d at %s\n", kind, bp.num, s.where(addr))
	return nil
}

func cmdCondition(s *session, _ string, args []string) error {
	if len(args) == 0 {
		return errors.New("condition needs a breakpoint number")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return fmt.Errorf("bad breakpoint number %q", args[0])
	}
	cond := strings.TrimSpace(strings.Join(args[1:], " "))
	if cond != "" {
		if err := checkExpr(sessionExpr{s}, cond); err != nil {
			return err
		}
	}
	for _, bp := range s.bps {
		if bp.num != n {
			continue
		}
		if bp.watch {
			return fmt.Errorf("%d is a watchpoint: conditions are for breakpoints", n)
		}
		bp.cond = cond
		s.condMemo.bp = nil
		if cond == "" {
			fmt.Fprintf(s.out, "Breakpoint %d now unconditional.\n", n)
		}
		return nil
	}
	return fmt.Errorf("no breakpoint number %d", n)
}

func (s *session) userBreakAt(pc uint64) *breakpoint {
	for _, bp := range s.bps {
		if !bp.watch && bp.addr == pc {
			return bp
		}
	}
	return nil
}

func cmdWatch(s *session, _ string, args []string) error {
	if len(args) == 0 {
		return errors.New("watch needs an address or symbol")
	}
	n := uint64(s.h.XLEN() / 8)
	spec := args[0]
	if len(args) > 2 {
		return errors.New("watch takes an address and a length")
	}
	addr, err := s.parseAddr(spec)
	if err != nil {
		return err
	}
	if sym, ok := s.f.Lookup(spec); ok && sym.Size > 0 {
		n = sym.Size
	}
	if len(args) == 2 {
		if n, err = strconv.ParseUint(args[1], 0, 64); err != nil || n == 0 {
			return fmt.Errorf("bad length %q", args[1])
		}
	}
	if err := s.h.AddWatch(addr, n); err != nil {
		return err
	}
	bp := &breakpoint{num: s.nextNum, watch: true, addr: addr, n: n, spec: spec}
	s.nextNum++
	s.bps = append(s.bps, bp)
	fmt.Fprintf(s.out, "Watchpoint %d: %s (%d bytes)\n", bp.num, s.where(addr), n)
	return nil
}

func cmdDelete(s *session, _ string, args []string) error {
	if len(args) == 0 {
		for _, bp := range s.bps {
			s.removeBreak(bp)
		}
		s.bps = nil
		return nil
	}
	for _, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil {
			return fmt.Errorf("bad breakpoint number %q", a)
		}
		found := false
		for i, bp := range s.bps {
			if bp.num == n {
				s.bps = append(s.bps[:i], s.bps[i+1:]...)
				s.removeBreak(bp)
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("no breakpoint number %d", n)
		}
	}
	return nil
}

// removeBreak takes a breakpoint or watchpoint out of the hart (s.bps is the caller's).
func (s *session) removeBreak(bp *breakpoint) {
	s.condMemo.bp = nil // it may be the one remembered
	if bp.watch {
		s.h.RemoveWatch(bp.addr, bp.n)
		return
	}
	for _, o := range s.bps {
		if o != bp && !o.watch && o.addr == bp.addr {
			return // another breakpoint keeps the address
		}
	}
	s.h.ClearBreakpoint(bp.addr)
}

func cmdInfo(s *session, _ string, args []string) error {
	if len(args) == 0 {
		return errors.New("info what? breakpoints, registers, all-registers, symbol ADDR, frame, line [LOCATION], display, history or threads")
	}
	sub := args[0]
	switch {
	case strings.HasPrefix("display", sub):
		s.infoDisplay()
	case strings.HasPrefix("frame", sub):
		return s.infoFrame()
	case strings.HasPrefix("line", sub):
		return s.infoLine(strings.Join(args[1:], " "))
	case strings.HasPrefix("breakpoints", sub), strings.HasPrefix("watchpoints", sub):
		s.showBreakpoints()
	case strings.HasPrefix("registers", sub):
		return s.showRegs(args[1:])
	case sub == "all-registers":
		// The integer registers, then the floating-point ones when the hart has them.
		if err := s.showRegs(nil); err != nil {
			return err
		}
		if s.h.ISA.Exts.Has(isa.ExtF) {
			return s.showFRegs()
		}
	case strings.HasPrefix("symbol", sub):
		if len(args) < 2 {
			return errors.New("info symbol needs an address")
		}
		return s.infoSymbol(strings.Join(args[1:], " "))
	case strings.HasPrefix("threads", sub) && len(sub) >= 2:
		s.infoThreads()
	case strings.HasPrefix("history", sub):
		switch {
		case !s.undo:
			fmt.Fprintf(s.out, "no undo log (--history 0)\n")
		default:
			fmt.Fprintf(s.out, "undo log: %d of %d instructions", s.hist.Len(), s.hist.Limit())
			if s.runFast() {
				fmt.Fprintf(s.out, " (continue runs fast and clears it)")
			}
			fmt.Fprintln(s.out)
		}
	default:
		return fmt.Errorf("info %s: want breakpoints, registers, all-registers, symbol, frame, line, display, history or threads", sub)
	}
	return nil
}

func cmdVregs(s *session, _ string, args []string) error {
	v := s.h.V
	if v == nil {
		return fmt.Errorf("no vector unit: %s has no V or Zve*", s.h.ISA)
	}
	sew := v.SEW
	if sew == 0 || v.Vill {
		sew = 32
	}
	var regs []int
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--sew" || a == "-sew":
			if i+1 >= len(args) {
				return errors.New("--sew needs 8, 16, 32 or 64")
			}
			i++
			n, err := strconv.Atoi(args[i])
			if err != nil || (n != 8 && n != 16 && n != 32 && n != 64) {
				return fmt.Errorf("--sew %s: want 8, 16, 32 or 64", args[i])
			}
			sew = n
		case strings.HasPrefix(a, "--sew="):
			n, err := strconv.Atoi(a[6:])
			if err != nil || (n != 8 && n != 16 && n != 32 && n != 64) {
				return fmt.Errorf("%s: want 8, 16, 32 or 64", a)
			}
			sew = n
		default:
			r, ok := vregNum(a)
			if !ok {
				return fmt.Errorf("%q is not a vector register (v0..v31)", a)
			}
			regs = append(regs, r)
		}
	}
	if len(regs) == 0 {
		for r := 0; r < 32; r++ {
			regs = append(regs, r)
		}
	}
	s.showVregs(regs, sew)
	return nil
}

// vregNum parses v0..v31.
func vregNum(a string) (int, bool) {
	if len(a) < 2 || a[0] != 'v' {
		return 0, false
	}
	n, err := strconv.Atoi(a[1:])
	if err != nil || n < 0 || n > 31 || strconv.Itoa(n) != a[1:] {
		return 0, false
	}
	return n, true
}

func cmdCSR(s *session, _ string, args []string) error {
	if len(args) == 0 {
		for _, c := range s.h.DebugCSRs() {
			name, _ := isa.CSRName(c.Num, s.h.XLEN())
			fmt.Fprintf(s.out, "%-10s %#05x  %s\n", name, c.Num, s.hex(c.Value))
		}
		return nil
	}
	for _, a := range args {
		n, err := s.csrNum(a)
		if err != nil {
			return err
		}
		v, ok := s.h.DebugReadCSR(n)
		name, _ := isa.CSRName(n, s.h.XLEN())
		if name == "" {
			name = fmt.Sprintf("%#x", n)
		}
		if !ok {
			if s.h.Linux != nil {
				return fmt.Errorf("CSR %s does not exist for a Linux user-mode program (rvsim implements the machine CSRs on a bare machine)", name)
			}
			return fmt.Errorf("CSR %s does not exist here", name)
		}
		fmt.Fprintf(s.out, "%s = %s%s\n", name, s.hex(v), csrNote(n, v, s.h.XLEN()))
	}
	return nil
}

func (s *session) csrNum(a string) (uint16, error) {
	if n, ok := isa.CSRByName(a); ok {
		return n, nil
	}
	if v, err := strconv.ParseUint(a, 0, 16); err == nil && v < 0x1000 {
		return uint16(v), nil
	}
	return 0, fmt.Errorf("no CSR named %q", a)
}

func cmdSet(s *session, _ string, args []string) error {
	if expr := strings.Join(args, " "); hasAssignment(expr) || len(args) > 0 && (args[0] == "var" || args[0] == "variable") {
		return s.setExpr(expr)
	}
	if len(args) < 2 {
		return errors.New("set what? REG VALUE, mem ADDR VALUE [SIZE], vN[I] VALUE, CSR VALUE or fast on|off")
	}
	target := args[0]
	switch {
	case target == "fast":
		switch args[1] {
		case "on":
			s.fast = true
		case "off":
			if !s.undo {
				return errors.New("there is no undo log to record into (--history 0)")
			}
			s.fast = false
		default:
			return errors.New("set fast on|off")
		}
		return nil
	case target == "mem" || target == "memory":
		return s.setMem(args[1:])
	}
	val, err := s.parseValue(strings.Join(args[1:], " "))
	if err != nil {
		return err
	}
	name := strings.TrimPrefix(target, "$")
	if name == "pc" {
		s.h.PC = val & s.mask()
		s.done = ""
		s.showWhere()
		return nil
	}
	if r, ok := isa.RegByName(name); ok {
		if r == 0 {
			return errors.New("zero is hard-wired to 0")
		}
		s.h.SetReg(int(r), val)
		return nil
	}
	if strings.HasPrefix(name, "v") && strings.Contains(name, "[") {
		return s.setVElem(name, val)
	}
	if n, ok := isa.CSRByName(name); ok {
		if !s.h.DebugWriteCSR(n, val) {
			return fmt.Errorf("CSR %s cannot be written", name)
		}
		return nil
	}
	return fmt.Errorf("no register, CSR or setting named %q", target)
}

func (s *session) setMem(args []string) error {
	if len(args) < 2 || len(args) > 3 {
		return errors.New("set mem ADDR VALUE [SIZE]")
	}
	addr, err := s.parseAddr(args[0])
	if err != nil {
		return err
	}
	var b []byte
	if hx, ok := strings.CutPrefix(args[1], "hex:"); ok {
		if b, err = parseHexBytes(hx); err != nil {
			return err
		}
	} else {
		v, err := s.parseValue(args[1])
		if err != nil {
			return err
		}
		size := uint64(s.h.XLEN() / 8)
		if len(args) == 3 {
			size, err = strconv.ParseUint(args[2], 0, 8)
			if err != nil || (size != 1 && size != 2 && size != 4 && size != 8) {
				return fmt.Errorf("size %s: want 1, 2, 4 or 8", args[2])
			}
		}
		for i := uint64(0); i < size; i++ {
			b = append(b, byte(v>>(8*i)))
		}
	}
	if !s.h.Mem.Mapped(addr, uint64(len(b))) {
		return fmt.Errorf("%#x is not mapped", addr)
	}
	s.h.Mem.Write(addr, b)
	s.h.SyncWatches()
	return nil
}

func (s *session) setVElem(name string, val uint64) error {
	v := s.h.V
	if v == nil {
		return errors.New("no vector unit")
	}
	open := strings.IndexByte(name, '[')
	if !strings.HasSuffix(name, "]") {
		return fmt.Errorf("bad vector element %q: want vN[I]", name)
	}
	r, ok := vregNum(name[:open])
	if !ok {
		return fmt.Errorf("bad vector register in %q", name)
	}
	i, err := strconv.Atoi(name[open+1 : len(name)-1])
	sew := v.SEW
	if sew == 0 || v.Vill {
		sew = 64
	}
	if err != nil || i < 0 || (i+1)*sew/8 > (32-r)*v.VLENB {
		return fmt.Errorf("bad element index in %q", name)
	}
	v.SetElem(r, i, sew, val)
	return nil
}

func cmdBacktrace(s *session, _ string, args []string) error {
	n := uint64(64)
	if len(args) > 0 {
		var err error
		if n, err = countArg(args); err != nil {
			return err
		}
	}
	for i, fr := range s.backtrace(int(n)) {
		fmt.Fprintf(s.out, "#%-2d %s  sp=%#x\n", i, s.where(fr.pc), fr.sp)
	}
	return nil
}

func cmdCycles(s *session, _ string, args []string) error {
	if s.model == nil {
		return errors.New("no cost model: start the session with --core NAME ('rvsim cores' lists them)")
	}
	m := s.model
	st := m.Stats()
	fmt.Fprintf(s.out, "%s: %d cycles, %d instructions", m.Core().Name, m.Cycles(), st.Instructions)
	if st.Cycles > 0 {
		fmt.Fprintf(s.out, " (IPC %.2f)", st.IPC())
	}
	fmt.Fprintln(s.out)
	if err := m.Err(); err != nil {
		fmt.Fprintf(s.out, "model stopped: %v\n", err)
	}
	if n := &s.lastCycles; n.valid {
		writeLastTiming(s.out, &n.t, s.where(n.t.PC), s.format(n.t.PC, n.t.Inst), m.ReasonName)
	}
	if s.undo && s.hist.Len() > 0 {
		fmt.Fprintf(s.out, "(reverse-step does not reverse the model)\n")
	}
	return nil
}

// threadNum is a Linux thread's number in the session, gdb's: 1 for the process's first
// thread, then in the order they were made (the id less the process id, plus 1).
func (s *session) threadNum(tid int64) int64 { return tid - s.h.Linux.Pid() + 1 }

// infoThreads lists the threads as gdb's info threads does: number, id, state and where.
func (s *session) infoThreads() {
	l := s.h.Linux
	if l == nil {
		fmt.Fprintf(s.out, "  Id   Target       State    Frame\n* 1    hart 0       running  %s\n", s.where(s.h.PC))
		return
	}
	fmt.Fprintf(s.out, "  Id   Target       State    Frame\n")
	for _, tid := range l.ThreadIDs() {
		mark, state, pc := " ", "runnable", s.h.PC
		if tid == l.Tid() {
			mark, state = "*", "running"
		} else {
			if v, ok := l.ThreadHart(s.h, tid); ok {
				pc = v.PC
			}
			if l.Waiting(tid) {
				state = "waiting"
			}
		}
		fmt.Fprintf(s.out, "%s %-4d %-12s %-8s %s\n", mark, s.threadNum(tid), fmt.Sprintf("Thread %d", tid), state, s.where(pc))
	}
}

func cmdThread(s *session, _ string, args []string) error {
	l := s.h.Linux
	if len(args) == 0 {
		if l == nil {
			fmt.Fprintln(s.out, "[Current thread is 1 (hart 0)]")
		} else {
			fmt.Fprintf(s.out, "[Current thread is %d (Thread %d)]\n", s.threadNum(l.Tid()), l.Tid())
		}
		return nil
	}
	if len(args) > 1 {
		return errors.New("thread takes one thread number")
	}
	n, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil || n < 1 {
		return fmt.Errorf("bad thread number %q", args[0])
	}
	if l == nil {
		if n != 1 {
			return fmt.Errorf("no thread %d: a bare machine has one hart", n)
		}
		return nil
	}
	tid := n - 1 + l.Pid()
	if !slices.Contains(l.ThreadIDs(), tid) {
		return fmt.Errorf("no thread %d ('info threads' lists them)", n)
	}
	if err := s.canRun(); err != nil {
		return err
	}
	if !l.SwitchThread(s.h, tid, s.hist) {
		return fmt.Errorf("thread %d waits (in a futex, a sleep or a blocking call): it cannot take the hart until that ends", n)
	}
	s.last = nil // explain's last instruction was another thread's
	fmt.Fprintf(s.out, "[Switching to thread %d (Thread %d)]\n", n, tid)
	s.showWhere()
	return nil
}
