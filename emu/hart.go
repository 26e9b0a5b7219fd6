package emu

import (
	"fmt"

	"rvsim/isa"
)

// Privilege levels.
const (
	PrivU = 0
	PrivM = 3
)

// StopReason says why Run returned.
type StopReason uint8

const (
	StopNone   StopReason = iota
	StopExit              // the guest exited (Code holds its status)
	StopSignal            // the guest died of a fault (Signal, Cause, Tval)
	StopLimit             // the instruction budget ran out
	StopReturn            // a Call returned to its sentinel address
	StopBreak             // a breakpoint or watchpoint was hit
)

// Signals delivered for faults, numbered as on Linux so exit statuses match qemu-user (128+n).
const (
	SIGILL  = 4
	SIGTRAP = 5
	SIGBUS  = 7
	SIGSEGV = 11
)

// Stop describes how a run ended.
type Stop struct {
	Reason StopReason
	Code   int    // exit status for StopExit
	Signal int    // for StopSignal
	Cause  uint64 // trap cause (mcause encoding)
	Tval   uint64 // faulting address or instruction bits
	PC     uint64 // pc of the faulting instruction
	Msg    string // why, in words (e.g. "not in rv64imac")
}

// Retired describes one retired instruction for a Hook.
type Retired struct {
	PC      uint64
	Inst    isa.Inst
	NextPC  uint64
	MemAddr uint64 // effective address of a load, store or AMO
	MemSize uint8  // 0 when the instruction does not access memory
	Store   bool
	Priv    uint8 // the privilege level the instruction ran at
}

// Taken reports whether a branch or jump changed the flow.
func (r *Retired) Taken() bool { return r.NextPC != r.PC+uint64(r.Inst.Len) }

// Hart is one RISC-V hardware thread: registers, CSRs, its view of memory and the decoder for
// its ISA. Registers are kept 64 bits wide; on RV32 they hold sign-extended 32-bit values and
// the few instructions whose result would differ are given RV32 forms at decode (xlen.go).
type Hart struct {
	// X holds x0..x31; X[32] absorbs writes to x0 so that no instruction tests for rd == 0.
	X [64]uint64
	// F holds f0..f31 (F and D): 64 bits each, single-precision values NaN-boxed. With
	// FCSR and SetFCSR (f.go) it is the floating-point state of a Linux signal frame.
	F   [32]uint64
	PC  uint64
	Mem *Memory
	ISA isa.ISA

	// V is the vector unit, nil when the ISA has no vector extension.
	V *Vector

	Priv    uint8
	Instret uint64
	CSR     CSRFile

	// Linux, when set, makes ecall a Linux system call and faults fatal signals; otherwise
	// traps go to mtvec as on a bare machine.
	Linux *Linux
	// HTIF, when set, is polled when the guest stores to the tohost page.
	HTIF *HTIF

	// TrapAtResetMtvec makes a trap vector to mtvec even while it holds its reset value 0,
	// as Spike does on the bare machine (Load sets it for EnvBare): the program's own logic
	// decides what a trap means. Without it, a trap with mtvec 0 ends the run with a
	// signal, for harts that were given no trap handler.
	TrapAtResetMtvec bool
	// Trapped, when set, is told of each trap taken into the handler on a bare machine
	// (CommitLog prints it as Spike's log does): the cause, the pc it was taken at and tval.
	Trapped func(cause, epc, tval uint64)

	retiredEvent Retired // what runHooked passes to Hook

	// Hook, when set, is called after every retired instruction. Runs without a hook take
	// the fast loop, which never looks at it.
	Hook func(*Retired)

	// Observer, when set, receives every retired instruction in batches (observe.go): runs
	// take loopRecord, the fast loop with a record of each instruction, instead of loop.
	Observer Observer
	rec      *recBuf // Observer's buffer
	// ObserveAhead lets the Observer work on a full buffer on a goroutine of its own while the
	// hart fills the next (observe_ahead.go): what it sees and what the guest sees are the
	// same as without, on a host with two CPUs sooner. Only for an Observer that touches
	// nothing of the hart's.
	ObserveAhead bool
	ahead        *observeAhead // the buffers handed over, once the hart observes ahead
	sent         int64         // batches handed to the Observer
	lag          *observeLag   // the modelled clock after the last of them (timerNanos)

	// Sentinel is the return address Call plants in ra; fetching from it stops the run.
	Sentinel uint64

	dec      *isa.Decoder
	addrMask uint64 // 0xffffffff on RV32: addresses wrap at 4 GiB
	ialign   uint64 // 3 without C (4-byte alignment of jump targets), 1 with C
	resValid bool   // LR/SC reservation
	// instretWritten: the instruction being executed wrote minstret, so it does not count.
	instretWritten bool
	resAddr        uint64
	stop           Stop

	// The exception the interpreter is about to raise: kept here rather than in locals so
	// that they do not compete for registers in the loop.
	tc, tv uint64
	tm     uint8               // index into trapMessages
	ctlb   [ctlbSize]ctlbEntry // the loop's cache of decoded-code pages
	epoch  uint64              // Mem.Epoch as the interpreter last saw it
	// retired: the instruction execSlow ran completed (it may have trapped instead).
	retired bool
	// yield makes run return to Run after the current instruction, so that Run can pick a
	// shorter chunk (a system call armed a timer).
	yield bool

	// fcsr's fields (f.go): the dynamic rounding mode and the accrued exception flags,
	// kept apart so that the loop ORs flags in with no masking.
	frm, fflags uint8

	// RV32 maps each op to the form executed at this XLEN.
	opMap *[isa.NumOps]uint16
	// baseLoop runs the template loop (loopBase) instead of the generated one: the tests'
	// reference for the generated cases.
	baseLoop bool

	// dbg holds breakpoints and watchpoints (debug.go); nil unless a debugger set some.
	dbg *debugState
}

// NewHart returns a hart for target isa on memory m, in machine mode at pc 0.
func NewHart(target isa.ISA, m *Memory) *Hart {
	h := &Hart{Mem: m, Priv: PrivM}
	h.SetISA(target)
	h.CSR.reset(h)
	return h
}

// SetISA changes the target (decoded instructions are dropped).
func (h *Hart) SetISA(target isa.ISA) {
	h.ISA = target
	h.dec = isa.NewDecoder(target)
	h.addrMask = ^uint64(0)
	h.opMap = &identityOps
	if target.XLEN == 32 {
		h.addrMask = 0xffffffff
		h.opMap = &rv32Ops
	}
	h.ialign = 3
	if target.Exts.Has(isa.ExtC) {
		h.ialign = 1
	}
	h.syncVector()
	h.Mem.FlushCode()
	h.epoch = ^uint64(0) // forces run to reset the code-page cache
}

// XLEN returns 32 or 64.
func (h *Hart) XLEN() int { return h.ISA.XLEN }

// Reg returns register r as an XLEN-bit unsigned value.
func (h *Hart) Reg(r int) uint64 {
	return h.X[r&31] & h.addrMask
}

// SetReg writes register r (x0 writes are ignored), sign-extending on RV32.
func (h *Hart) SetReg(r int, v uint64) {
	if r&31 == 0 {
		return
	}
	h.X[r&31] = h.wb(v)
}

// wb converts an XLEN-bit value into the 64-bit register representation.
func (h *Hart) wb(v uint64) uint64 {
	if h.ISA.XLEN == 32 {
		return uint64(int64(int32(v)))
	}
	return v
}

// Decoder returns the decoder for the hart's ISA.
func (h *Hart) Decoder() *isa.Decoder { return h.dec }

// Fetch returns the instruction at pc, decoded (through the cache when possible).
func (h *Hart) Fetch(pc uint64) (isa.Inst, isa.Status, error) {
	var lo [2]byte
	if err := h.Mem.Read(pc, lo[:]); err != nil {
		return isa.Inst{}, isa.Unknown, err
	}
	w := uint32(lo[0]) | uint32(lo[1])<<8
	if w&3 == 3 {
		var hi [2]byte
		if err := h.Mem.Read(pc+2, hi[:]); err != nil {
			return isa.Inst{}, isa.Unknown, err
		}
		w |= uint32(hi[0])<<16 | uint32(hi[1])<<24
	}
	in, st := h.dec.Decode(w)
	return in, st, nil
}

// Run executes until the guest stops or max instructions have retired (a trap taken into
// the handler counts as one, so a run always ends).
func (h *Hart) Run(max uint64) Stop {
	if h.Hook != nil {
		return h.runHooked(max)
	}
	h.stop = Stop{}
	for max > 0 && h.stop.Reason == StopNone {
		chunk := max
		if h.HTIF != nil && chunk > htifPoll {
			chunk = htifPoll // bare-metal programs that never store to tohost still get polled
		}
		if h.Linux != nil && chunk > timerPoll && h.Linux.TimersArmed() {
			chunk = timerPoll // a due timer's signal arrives within timerPoll instructions
		}
		if h.Linux != nil && h.Linux.threaded() {
			chunk = min(chunk, h.Linux.untilPreempt(h)) // Poll lets the next thread run
		}
		_, used := h.run(chunk)
		max -= used
		if h.HTIF != nil && h.stop.Reason == StopNone {
			h.HTIF.poll(h)
		}
		if h.Linux != nil && h.stop.Reason == StopNone && !h.Linux.Poll(h) {
			break
		}
	}
	if h.stop.Reason == StopNone {
		h.stop.Reason = StopLimit
	}
	h.syncObserved()
	return h.stop
}

// Step executes one instruction.
func (h *Hart) Step() Stop { return h.Run(1) }

// runHooked runs with a Hook, one instruction at a time. The vector unit records the
// elements its loads and stores access meanwhile, for the commit log.
func (h *Hart) runHooked(max uint64) Stop { return h.runStepwise(max, nil) }

// runStepwise runs one instruction at a time: for a Hook, which sees the exact state after
// each instruction, and for the debugger's undo log (hist, which may be nil), which takes a
// record before each one. The hook may be nil when only hist is wanted.
func (h *Hart) runStepwise(max uint64, hist *History) Stop {
	if hist != nil {
		m := h.Mem
		m.journal = &hist.j
		m.flushTLB() // no store may bypass storeSlow while the journal is set
		defer func() { m.journal = nil }()
	}
	defer func() {
		if h.V != nil {
			h.V.logMem = false
		}
		h.syncObserved()
	}()
	h.stop = Stop{}
	r := &h.retiredEvent // reused: a hook must not keep the pointer
	for used := uint64(0); used < max; {
		pc := h.PC
		var in *isa.Inst
		if hist != nil {
			in = hist.begin(h)
		} else if i, ok := h.peek(pc); ok {
			in = i
		}
		if h.Hook != nil {
			*r = Retired{PC: pc, Priv: h.Priv}
			if v := h.V; v != nil {
				v.macc, v.logMem = v.macc[:0], true
			}
			if in != nil {
				r.Inst = *in
				if a, size, store, ok := h.memAccess(in); ok {
					r.MemAddr, r.MemSize, r.Store = a, size, store
				}
			}
		}
		retired, u := h.run(1)
		used += u
		if hist != nil {
			hist.end(h, u != 0)
		}
		if retired == 1 && h.Hook != nil {
			r.NextPC = h.PC
			h.Hook(r)
		}
		if h.stop.Reason != StopNone {
			return h.stop
		}
		// Poll tohost where Run's chunks end, so that a stepwise run sees the guest's
		// commands at the same instructions as a run without a hook (run itself acts on
		// stores to tohost).
		if h.HTIF != nil && (used%htifPoll == 0 || used == max) {
			h.HTIF.poll(h)
			if h.stop.Reason != StopNone {
				return h.stop
			}
		}
		// Timers fire and signals arrive where Run's chunks would end.
		if h.Linux != nil && (used%timerPoll == 0 || used == max) {
			switches := h.Linux.thr.switches
			if !h.Linux.Poll(h) {
				return h.stop
			}
			if hist != nil && h.Linux.thr.switches != switches {
				hist.barrierLast(threadSwitchBarrier)
			}
		}
		if u == 0 {
			break // cannot happen without a stop; do not spin
		}
	}
	h.stop.Reason = StopLimit
	return h.stop
}

// peek returns the decoded instruction at pc from the cache (decoding it if needed).
func (h *Hart) peek(pc uint64) (*isa.Inst, bool) {
	if pc == h.Sentinel && pc != 0 {
		return nil, false
	}
	var cp *codePage
	if e := &h.ctlb[(pc>>pageShift)&ctlbMask]; e.vpn == pc>>pageShift && h.epoch == h.Mem.Epoch {
		cp = e.cp
	} else if cp = h.codeFor(pc); cp == nil {
		return nil, false
	} else if h.epoch == h.Mem.Epoch {
		*e = ctlbEntry{vpn: pc >> pageShift, cp: cp}
	}
	i := (pc & pageMask) >> 1
	if cp.slots[i].op == opDecode && !h.decodeSlot(cp, i, pc) {
		return nil, false
	}
	return &cp.insts[i], true
}

// memOp says how an op accesses memory, for hooks and observers: built once from the isa
// table.
type memOp struct {
	size   uint8 // bytes of a scalar access
	store  bool
	atomic bool // the address is rs1, without offset
	vector bool // a vector load or store: the address is rs1, the size depends on vl
}

var memOps = func() (t [isa.NumOps]memOp) {
	for _, r := range isa.Rows() {
		switch {
		case r.Class == isa.ClassVLoad || r.Class == isa.ClassVStore:
			t[r.Op] = memOp{vector: true, store: r.Class == isa.ClassVStore}
			continue
		case r.Mem == 0:
			continue
		}
		m := memOp{size: r.Mem, store: r.Class == isa.ClassStore}
		if r.Class == isa.ClassAtomic {
			m.atomic = true
			m.store = r.Stores()
		}
		t[r.Op] = m
	}
	return t
}()

// Trap causes (privileged spec, mcause values for exceptions).
const (
	CauseMisalignedFetch = 0
	CauseFetchAccess     = 1
	CauseIllegal         = 2
	CauseBreakpoint      = 3
	CauseMisalignedLoad  = 4
	CauseLoadAccess      = 5
	CauseMisalignedStore = 6
	CauseStoreAccess     = 7
	CauseEcallU          = 8
	CauseEcallS          = 9
	CauseEcallM          = 11
)

// raise takes an exception at h.PC. On a bare machine it enters the trap handler and
// returns false (execution goes on at mtvec); under Linux the fault is fatal: it records the
// stop and returns true. A fault on the handler's first instruction, in M-mode, would be
// taken again and again with nothing else changing (fetching from an unmapped mtvec, say):
// it ends the run with the signal instead of looping forever.
func (h *Hart) raise(cause, tval uint64, msg string) bool {
	c := &h.CSR
	target := c.mtvec &^ 3 & h.addrMask
	if h.Linux != nil || (c.mtvec == 0 && !h.TrapAtResetMtvec) {
		if h.Linux != nil && h.Mem.LimitHit && (cause == CauseLoadAccess || cause == CauseStoreAccess || cause == CauseFetchAccess) {
			h.Mem.LimitHit = false
			h.stop = Stop{Reason: StopSignal, Signal: SIGKILL, Cause: cause, Tval: tval, PC: h.PC,
				Msg: fmt.Sprintf("out of guest memory: %s (--memory-limit %d MiB)", msg, h.Mem.Limit()>>20)}
			return true
		}
		if h.Linux != nil && h.Linux.fault(h, trapSignal(cause), cause, tval) {
			return false // the guest's handler runs
		}
		h.stopOnTrap(cause, tval, msg)
		return true
	}
	if h.Trapped != nil {
		h.Trapped(cause, h.PC, tval)
	}
	if h.PC == target && h.Priv == PrivM {
		h.stopOnTrap(cause, tval, fmt.Sprintf("%s; the trap handler (mtvec %#x) starts here, so the trap would repeat forever", msg, target))
		return true
	}
	c.mepc = h.PC
	c.mcause = cause
	c.mtval = tval
	mie := c.mstatus >> 3 & 1
	c.mstatus &^= mstatusMPIE | mstatusMIE | mstatusMPP
	c.mstatus |= mie<<7 | uint64(h.Priv)<<11
	h.Priv = PrivM
	h.PC = target
	h.resValid = false
	return false
}

// stopOnTrap ends the run with the signal a fault of this cause delivers.
func (h *Hart) stopOnTrap(cause, tval uint64, msg string) {
	h.stop = Stop{Reason: StopSignal, Signal: trapSignal(cause), Cause: cause, Tval: tval, PC: h.PC, Msg: msg}
}

// trapSignal is the signal a fault of this cause delivers.
func trapSignal(cause uint64) int {
	switch cause {
	case CauseIllegal:
		return SIGILL
	case CauseBreakpoint:
		return SIGTRAP
	case CauseMisalignedFetch, CauseMisalignedLoad, CauseMisalignedStore:
		return SIGBUS
	}
	return SIGSEGV
}

// illegal raises an illegal-instruction exception for the word at pc and explains why.
func (h *Hart) illegal(raw uint32, why string) bool {
	return h.raise(CauseIllegal, uint64(raw), why)
}

func (s Stop) String() string {
	switch s.Reason {
	case StopExit:
		return fmt.Sprintf("exit %d", s.Code)
	case StopSignal:
		return fmt.Sprintf("signal %d at %#x (cause %d): %s", s.Signal, s.PC, s.Cause, s.Msg)
	case StopLimit:
		return "instruction limit"
	case StopReturn:
		return "returned"
	case StopBreak:
		return fmt.Sprintf("break at %#x", s.PC)
	}
	return "running"
}

// BatchesAhead is how many batches the hart handed to its Observer ahead, on the
// observer's own goroutine (ObserveAhead): 0 when none was.
func (h *Hart) BatchesAhead() int64 {
	if h.ahead == nil {
		return 0
	}
	return h.ahead.given.Load()
}
