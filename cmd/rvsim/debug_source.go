package main

import (
	"errors"
	"fmt"
	"os"
	"path"
	"strconv"
	"strings"

	"rvsim/elf"
	"rvsim/emu"
)

// Source-level debugging from the DWARF line tables (a program built with -g): list,
// info line, line-by-line step and next, file:line in stop messages; and the commands that
// work on frames and restarts (info frame, advance, run, start).

// line returns the source position of pc, ok false without line information there.
func (s *session) line(pc uint64) (elf.Position, bool) {
	if !s.hasLines {
		return elf.Position{}, false
	}
	pos, ok, err := s.f.PCToLine(pc)
	return pos, ok && err == nil && pos.Line > 0
}

// lineStart reports whether pc starts a line (a statement the line table marks).
func (s *session) lineStart(pc uint64, pos elf.Position) bool {
	pcs, got, err := s.f.LinePCs(pos.File, pos.Line)
	if err != nil || got != pos.Line {
		return false
	}
	for _, p := range pcs {
		if p == pc {
			return true
		}
	}
	return false
}

// sourceLines caches source files read for list and stop messages.
func (s *session) sourceLines(file string) ([]string, error) {
	if s.sources == nil {
		s.sources = map[string][]string{}
	}
	if l, ok := s.sources[file]; ok {
		return l, nil
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("%s: No such file or directory.", file)
	}
	if len(data) > 64<<20 {
		return nil, fmt.Errorf("%s: more than 64 MiB: not a source file", file)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	s.sources[file] = lines
	return lines, nil
}

// showSourceLine prints "12\t  x = f(1);" as gdb does after a stop.
func (s *session) showSourceLine(pos elf.Position) {
	lines, err := s.sourceLines(pos.File)
	if err != nil || pos.Line > len(lines) {
		fmt.Fprintf(s.out, "%d\tin %s\n", pos.Line, pos.File)
		return
	}
	fmt.Fprintf(s.out, "%d\t%s\n", pos.Line, lines[pos.Line-1])
	s.listFile, s.listNext = pos.File, pos.Line+1
}

// frameLine renders "main () at prog.c:5" for a stop at pc, or "" without line info.
func (s *session) frameLine(pc uint64) string {
	pos, ok := s.line(pc)
	if !ok {
		return ""
	}
	fn := pos.Function
	if fn == "" {
		if sym, _, ok := s.f.SymbolAt(pc); ok {
			fn = sym.Name
		} else {
			fn = "??"
		}
	}
	return fmt.Sprintf("%s () at %s:%d", fn, path.Base(pos.File), pos.Line)
}

// funcName is the function containing pc, by line table or symbol.
func (s *session) funcName(pc uint64) string {
	if pos, ok := s.line(pc); ok && pos.Function != "" {
		return pos.Function
	}
	if sym, _, ok := s.f.SymbolAt(pc); ok {
		return sym.Name
	}
	return ""
}

// stepLines is step and next by source line: run instructions until the pc starts another
// line, or returns to a caller, or anything else stops it. over runs calls to their return.
func (s *session) stepLines(n uint64, over bool) error {
	if err := s.canRun(); err != nil {
		return err
	}
	s.markStop()
	s.intr.Store(false)
	s.stepping.Store(true)
	defer s.stepping.Store(false)
	for i := uint64(0); i < n; i++ {
		stopped, err := s.stepLine(over)
		if err != nil || stopped || s.done != "" {
			return err
		}
	}
	return nil
}

// stepLine runs one line; stopped is true when something other than reaching the next line
// ended it (it has been reported).
func (s *session) stepLine(over bool) (stopped bool, err error) {
	start, _ := s.line(s.h.PC)
	fn0 := s.funcName(s.h.PC)
	cfa0 := s.cfa()
	budget := s.budget()
	for steps := uint64(0); ; steps++ {
		if s.intr.Load() {
			fmt.Fprintf(s.out, "Interrupted at %s\n", s.where(s.h.PC))
			s.showWhere()
			return true, nil
		}
		if steps >= budget {
			fmt.Fprintf(s.out, "stopped after %d instructions (--max-insns)\n", s.opts.maxInsns)
			s.showWhere()
			return true, nil
		}
		pc := s.h.PC
		in, ferr := s.fetch(pc)
		if ferr == nil && isCall(in) {
			ret := (pc + uint64(in.Len)) & s.mask()
			if !over {
				if st, ok := s.stepOne(false); !ok {
					s.afterRun()
					s.report(st)
					return true, nil
				}
				if pos, ok := s.line(s.h.PC); ok {
					// Into a function with line info: past its first line (the prologue),
					// as gdb does.
					if err := s.skipPrologue(pos); err != nil {
						return true, err
					}
					if s.done != "" {
						return true, nil
					}
					s.showStopLine(fn0)
					return false, nil
				}
			}
			// Over the call, or out of one without line info.
			st := s.runTo([]uint64{ret}, s.cfa())
			if !(st.Reason == emu.StopBreak && st.Msg == "") {
				s.afterRun()
				s.report(st)
				return true, nil
			}
			continue
		}
		st, ok := s.stepOne(false)
		if !ok {
			s.afterRun()
			s.report(st)
			return true, nil
		}
		if s.done != "" {
			return true, nil
		}
		pos, ok := s.line(s.h.PC)
		if !ok {
			if s.cfa() > cfa0 {
				// Returned into code without line info: that is the end of the line.
				s.showWhere()
				return false, nil
			}
			continue
		}
		if pos.Line == start.Line && pos.File == start.File && s.cfa() == cfa0 {
			continue
		}
		if s.cfa() > cfa0 || s.lineStart(s.h.PC, pos) {
			s.showStopLine(fn0)
			return false, nil
		}
	}
}

// skipPrologue steps from a function's first instruction to the start of its next line.
func (s *session) skipPrologue(first elf.Position) error {
	cfaIn := s.cfa()
	for i := 0; i < 4096; i++ {
		if pos, ok := s.line(s.h.PC); ok && pos.Line != first.Line && s.lineStart(s.h.PC, pos) {
			return nil
		}
		in, ferr := s.fetch(s.h.PC)
		if ferr == nil && isCall(in) || s.cfa() > cfaIn {
			return nil
		}
		if st, ok := s.stepOne(false); !ok {
			s.afterRun()
			s.report(st)
			return nil
		}
	}
	return nil
}

// showStopLine prints where a line step stopped: the function when it changed, then the
// source line.
func (s *session) showStopLine(fn0 string) {
	pos, ok := s.line(s.h.PC)
	if !ok {
		s.showWhere()
		return
	}
	if s.funcName(s.h.PC) != fn0 {
		fmt.Fprintln(s.out, s.frameLine(s.h.PC))
	}
	s.showSourceLine(pos)
}

// location resolves gdb's LOCATION: FILE:LINE, LINE (in the current file), *ADDR, or an
// address expression (SYM, SYM+OFF, 0x...).
func (s *session) location(spec string) (uint64, error) {
	spec = strings.TrimSpace(spec)
	if file, lineStr, ok := strings.Cut(spec, ":"); ok && !strings.HasPrefix(spec, "*") {
		line, err := strconv.Atoi(lineStr)
		if err != nil || line <= 0 {
			return 0, fmt.Errorf("malformed line number %q in %q", lineStr, spec)
		}
		return s.linePC(file, line)
	}
	if line, err := strconv.Atoi(spec); err == nil && s.hasLines && line > 0 {
		if s.listFile == "" {
			if pos, ok := s.line(s.h.PC); ok {
				s.listFile = pos.File
			}
		}
		if s.listFile != "" {
			return s.linePC(s.listFile, line)
		}
	}
	return s.parseAddr(strings.TrimPrefix(spec, "*"))
}

// linePC is the first address of file:line (or of the next line with code).
func (s *session) linePC(file string, line int) (uint64, error) {
	if !s.hasLines {
		return 0, s.noLines()
	}
	pcs, _, err := s.f.LinePCs(file, line)
	if err != nil {
		return 0, err
	}
	if len(pcs) == 0 {
		return 0, fmt.Errorf("No line %d in file \"%s\".", line, file)
	}
	return pcs[0], nil
}

func (s *session) noLines() error {
	return fmt.Errorf("no line information: %s was built without -g (no DWARF line tables)", path.Base(s.path))
}

// cmdList lists source lines: around the pc, around a function's or FILE:LINE's line, or on
// from where the last list ended.
func cmdList(s *session, _ string, args []string) error {
	if !s.hasLines {
		return s.noLines()
	}
	spec := strings.TrimSpace(strings.Join(args, " "))
	var file string
	var center int
	switch {
	case spec == "" && s.listFile != "" && s.listed:
		return s.listRange(s.listFile, s.listNext, s.listNext+9)
	case spec == "":
		pos, ok := s.line(s.h.PC)
		if !ok {
			return fmt.Errorf("no line information for %s", s.where(s.h.PC))
		}
		file, center = pos.File, pos.Line
	default:
		if f, l, ok := strings.Cut(spec, ":"); ok {
			n, err := strconv.Atoi(l)
			if err != nil || n <= 0 {
				return fmt.Errorf("malformed line number %q in %q", l, spec)
			}
			pcs, got, err := s.f.LinePCs(f, n)
			if err != nil {
				return err
			}
			if len(pcs) == 0 {
				return fmt.Errorf("No source file named %s.", f)
			}
			pos, _ := s.line(pcs[0])
			file, center = pos.File, n
			_ = got
		} else if n, err := strconv.Atoi(spec); err == nil {
			file = s.listFile
			if file == "" {
				if pos, ok := s.line(s.h.PC); ok {
					file = pos.File
				}
			}
			if file == "" {
				return fmt.Errorf("no current source file for list %d", n)
			}
			center = n
		} else {
			sym, ok := s.f.Lookup(spec)
			if !ok {
				return fmt.Errorf("Function \"%s\" not defined.", spec)
			}
			pos, ok := s.line(sym.Value)
			if !ok {
				return fmt.Errorf("no line information for %s", spec)
			}
			file, center = pos.File, pos.Line
		}
	}
	first := max(1, center-5)
	return s.listRange(file, first, first+9)
}

func (s *session) listRange(file string, first, last int) error {
	lines, err := s.sourceLines(file)
	if err != nil {
		return err
	}
	if first > len(lines) {
		return fmt.Errorf("Line number %d out of range; \"%s\" has %d lines.", first, path.Base(file), len(lines))
	}
	for n := first; n <= last && n <= len(lines); n++ {
		fmt.Fprintf(s.out, "%d\t%s\n", n, lines[n-1])
	}
	s.listFile, s.listNext, s.listed = file, min(last, len(lines))+1, true
	return nil
}

// infoLine is info line [LOCATION]: where a line's code starts and ends.
func (s *session) infoLine(spec string) error {
	pc := s.h.PC
	if spec != "" {
		var err error
		if pc, err = s.location(spec); err != nil {
			return err
		}
	}
	pos, ok := s.line(pc)
	if !ok {
		fmt.Fprintf(s.out, "No line number information available for address %s\n", s.where(pc))
		return nil
	}
	pcs, _, _ := s.f.LinePCs(pos.File, pos.Line)
	start := pc
	for _, p := range pcs {
		if p <= pc {
			start = p
		}
	}
	end := start
	for i := 0; i < 4096; i++ {
		in, err := s.fetch(end)
		if err != nil {
			break
		}
		end += uint64(in.Len)
		if p, ok := s.line(end); !ok || p.Line != pos.Line || p.File != pos.File {
			break
		}
	}
	fmt.Fprintf(s.out, "Line %d of \"%s\" starts at address %s and ends at %s.\n", pos.Line, path.Base(pos.File), s.where(start), s.where(end))
	return nil
}

// infoSymbol is gdb's info symbol: "mix + 4 in section .text".
func (s *session) infoSymbol(spec string) error {
	a, err := s.parseAddr(spec)
	if err != nil {
		return err
	}
	sym, off, ok := s.f.SymbolAt(a)
	if !ok {
		fmt.Fprintf(s.out, "No symbol matches %s.\n", spec)
		return nil
	}
	sect := ""
	for _, sec := range s.f.Sections {
		if a >= sec.Addr && a < sec.Addr+sec.Size {
			sect = " in section " + sec.Name
		}
	}
	if off != 0 {
		fmt.Fprintf(s.out, "%s + %d%s\n", sym.Name, off, sect)
	} else {
		fmt.Fprintf(s.out, "%s%s\n", sym.Name, sect)
	}
	return nil
}

// infoFrame describes the current frame: its address (the caller's sp), pc, the return
// address, and where the prologue saved ra and s0.
func (s *session) infoFrame() error {
	frames := s.backtrace(3)
	pc := s.h.PC
	cfa := s.cfa()
	fmt.Fprintf(s.out, "Stack level 0, frame at %#x:\n", cfa)
	fn := s.funcName(pc)
	if fn == "" {
		fn = "??"
	}
	fmt.Fprintf(s.out, " pc = %#x in %s", pc, fn)
	if pos, ok := s.line(pc); ok {
		fmt.Fprintf(s.out, " (%s:%d)", path.Base(pos.File), pos.Line)
	}
	if len(frames) >= 2 {
		fmt.Fprintf(s.out, "; saved pc = %#x\n", frames[1].pc)
		if len(frames) >= 3 {
			fmt.Fprintf(s.out, " called by frame at %#x\n", frames[2].sp)
		}
	} else {
		fmt.Fprintf(s.out, "\n (outermost frame: no caller found)\n")
	}
	fmt.Fprintf(s.out, " Previous frame's sp is %#x\n", cfa)
	if sym, _, ok := s.f.SymbolAt(pc); ok {
		p := s.prologue(sym.Value, pc)
		var saved []string
		if p.raSaved {
			saved = append(saved, fmt.Sprintf("ra at %#x", cfa-p.raAt))
		}
		if p.fpSaved {
			saved = append(saved, fmt.Sprintf("s0 at %#x", cfa-p.fpAt))
		}
		if len(saved) > 0 {
			fmt.Fprintf(s.out, " Saved registers:\n  %s\n", strings.Join(saved, ", "))
		}
	}
	return nil
}

// cmdAdvance is gdb's advance: run until LOCATION (in any frame) or until the current
// frame returns to its caller.
func cmdAdvance(s *session, _ string, args []string) error {
	if len(args) == 0 {
		return errors.New("Argument required (a location).")
	}
	target, err := s.location(strings.Join(args, " "))
	if err != nil {
		return err
	}
	if err := s.canRun(); err != nil {
		return err
	}
	target &= s.mask()
	s.markStop()
	var caller *frame
	if frames := s.backtrace(2); len(frames) == 2 {
		caller = &frames[1]
	}
	targets := []uint64{target}
	if caller != nil {
		targets = append(targets, caller.pc)
	}
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
		if st.Reason == emu.StopBreak && st.Msg == emu.MsgBreakpoint && s.breakHit(st.PC) == nil {
			returned := caller != nil && st.PC == caller.pc && s.h.Reg(2) >= caller.sp
			if st.PC != target && !returned {
				continue // the caller's pc in a deeper activation
			}
			s.afterRun()
			if fl := s.frameLine(s.h.PC); fl != "" {
				fmt.Fprintln(s.out, fl)
				pos, _ := s.line(s.h.PC)
				s.showSourceLine(pos)
			}
			s.showWhere()
			return nil
		}
		s.afterRun()
		s.report(st)
		return nil
	}
}

// restart is run and start: load the machine anew (breakpoints, watchpoints and displays
// kept) and continue, for start to a temporary breakpoint at main or _start.
func (s *session) restart(args []string, toMain bool) error {
	if len(args) > 0 {
		return errors.New("run and start take no arguments: the program's come from the command line")
	}
	if toMain {
		name := "main"
		sym, ok := s.f.Lookup(name)
		if !ok {
			name = "_start"
			sym, ok = s.f.Lookup(name)
		}
		addr := s.f.Entry
		if ok {
			addr = sym.Value
			if pos, ok := s.line(addr); ok {
				addr = s.afterFirstLine(addr, pos)
			}
		}
		if err := s.addBreak([]string{fmt.Sprintf("%#x", addr)}, true); err != nil {
			return err
		}
	}
	s.out.Flush()
	if status := s.load(); status != 0 {
		return fmt.Errorf("cannot load %s again", s.path)
	}
	for _, bp := range s.bps {
		if bp.watch {
			if err := s.h.AddWatch(bp.addr, bp.n); err != nil {
				return err
			}
		} else {
			s.h.SetBreakpoint(bp.addr)
		}
	}
	what := s.path
	if s.call != nil {
		what = fmt.Sprintf("call %s(%s)", s.call.sym, s.callArgs())
	} else if len(s.progArgs) > 1 {
		what += " " + strings.Join(s.progArgs[1:], " ")
	}
	fmt.Fprintf(s.out, "Starting program: %s\n", what)
	s.markStop()
	if s.breakHit(s.h.PC) != nil {
		// A breakpoint on the first instruction (start's at _start): stop before it.
		s.report(emu.Stop{Reason: emu.StopBreak, Msg: emu.MsgBreakpoint, PC: s.h.PC})
		return nil
	}
	st := s.resume(s.budget(), !s.runFast())
	s.afterRun()
	s.report(st)
	return nil
}

// afterFirstLine is where gdb puts a breakpoint on a function with line info: the first
// line start after the function's opening line (past the prologue).
func (s *session) afterFirstLine(fn uint64, first elf.Position) uint64 {
	a := fn
	for i := 0; i < 256; i++ {
		in, err := s.fetch(a)
		if err != nil {
			return fn
		}
		a += uint64(in.Len)
		pos, ok := s.line(a)
		if !ok || pos.Function != first.Function && first.Function != "" {
			return fn
		}
		if pos.Line != first.Line && s.lineStart(a, pos) {
			return a
		}
	}
	return fn
}
