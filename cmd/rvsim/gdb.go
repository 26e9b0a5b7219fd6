package main

import (
	"fmt"
	"strconv"

	"rvsim/elf"
	"rvsim/emu"
	"rvsim/emu/gdbstub"
)

// gdbHistory is how many instructions `rvsim run --gdb` keeps for reverse-stepi and
// reverse-continue (rvsim debug --gdb uses its --history).
const gdbHistory = 100000

// sigKill is the signal a run killed from gdb, or cut off by a lost connection, reports
// (exit status 137, as a shell shows a killed process).
const sigKill = 9

// runOrServeGDB is rvsim run's run of the program: at full speed, or with --gdb PORT
// under gdb's control, recording the last gdbHistory instructions for reverse execution.
func runOrServeGDB(env *cmdEnv, port string, f *elf.File, h *emu.Hart, budget uint64) (emu.Stop, bool) {
	if port == "" {
		return h.Run(budget), true
	}
	return runUnderGDB(env, port, f, h, emu.NewHistory(gdbHistory), budget, nil)
}

// runUnderGDB runs the program for a gdb connected to 127.0.0.1:port (--gdb), waiting for
// it before the first instruction as qemu -g does. It returns how the run ended, for
// report: StopExit or StopSignal (a fatal signal, or SIGKILL when gdb killed the program or
// the connection dropped); after a detach the program runs on for budget instructions.
// onReturn, when set, describes the result of a call that returned.
func runUnderGDB(env *cmdEnv, port string, f *elf.File, h *emu.Hart, hist *emu.History, budget uint64, onReturn func() string) (emu.Stop, bool) {
	p, err := strconv.Atoi(port)
	if err != nil {
		env.errorf("--gdb %q: not a port number", port)
		return emu.Stop{}, false
	}
	ln, err := gdbstub.Listen(p)
	if err != nil {
		env.errorf("--gdb: %v", err)
		return emu.Stop{}, false
	}
	addr := ln.Addr().String()
	env.errorf("waiting for gdb on %s (target remote %s)", addr, addr)
	stub := gdbstub.New(h, gdbstub.Config{History: hist, Log: env.stderr, OnReturn: onReturn, FLEN: gdbstub.ABIFLEN(f.Flags)})
	res := stub.Serve(ln)
	stop := res.Stop
	switch res.How {
	case gdbstub.Detached:
		env.errorf("gdb detached at %#x; the program runs on", h.PC)
		if stop = h.Run(budget); stop.Reason == emu.StopReturn && onReturn != nil {
			fmt.Fprintln(env.stderr, onReturn())
		}
	case gdbstub.Killed:
		return emu.Stop{Reason: emu.StopSignal, Signal: sigKill, PC: h.PC, Msg: "killed from gdb"}, true
	case gdbstub.Disconnected:
		return emu.Stop{Reason: emu.StopSignal, Signal: sigKill, PC: h.PC, Msg: fmt.Sprintf("gdb connection lost (%v); run ended", res.Err)}, true
	}
	if stop.Reason == emu.StopReturn {
		return emu.Stop{Reason: emu.StopExit}, true
	}
	return stop, true
}

// serveGDB is rvsim debug --gdb: the session's program or kernel call, debugged from gdb
// instead of the command line.
func (s *session) serveGDB() int {
	var hist *emu.History
	if s.undo && !s.fast {
		hist = s.hist
	}
	var onReturn func() string
	if c := s.call; c != nil {
		onReturn = func() string {
			msg := fmt.Sprintf("[%s returned: a0 = %#x]", c.sym, s.h.Reg(10))
			if c.check != nil {
				msg += "\n" + c.check(s)
			}
			return msg
		}
	}
	budget := s.opts.maxInsns
	if budget == 0 {
		budget = ^uint64(0)
	}
	stop, ok := runUnderGDB(s.env, s.opts.gdb, s.f, s.h, hist, budget, onReturn)
	if !ok {
		return exitUsage
	}
	return report(s.env, s.f, s.mc, stop, budget)
}
