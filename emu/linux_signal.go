package emu

import (
	"encoding/binary"
	"fmt"

	"rvsim/isa"
)

// Signals: handlers installed with rt_sigaction, the blocked mask, an alternate stack, and
// delivery with the frame the Linux kernel builds on RISC-V (struct rt_sigframe: siginfo,
// then a ucontext whose mcontext holds pc and x1..x31, then the F/D state). With no vDSO, the
// handler returns to a trampoline rvsim maps: li a7, 139 (rt_sigreturn); ecall.
//
// Frame layout (from the riscv uapi headers: asm/sigcontext.h, asm/ptrace.h, asm/ucontext.h
// and asm-generic/signal.h). All of it is in XLEN-sized words except sigset_t (64 bits at
// either XLEN) and the FP state (f0..f31 as 64-bit values, then fcsr, in a union of 528
// bytes aligned to 16):
//
//	                        RV64   RV32
//	siginfo                    0      0   (128 bytes)
//	ucontext                 128    128
//	  uc_flags, uc_link       +0     +0
//	  uc_stack (stack_t)     +16     +8   (ss_sp, ss_flags, ss_size: 24 / 12 bytes)
//	  uc_sigmask             +40    +20
//	  uc_mcontext            +176   +160  (after 120 bytes of padding, aligned to 16)
//	    sc_regs (pc, x1..x31)  +0     +0   (256 / 128 bytes)
//	    sc_fpregs            +256   +128
//	frame size              1088    944
//
// QEMU 7.2 builds a smaller frame (it leaves out the FP union's padding: 832 / 688 bytes);
// rvsim follows the kernel, so sp in a handler can differ from QEMU's by that much.

const (
	SIGHUP    = 1
	SIGINT    = 2
	SIGQUIT   = 3
	SIGABRT   = 6
	SIGFPE    = 8
	SIGKILL   = 9
	SIGUSR1   = 10
	SIGUSR2   = 12
	SIGPIPE   = 13
	SIGALRM   = 14
	SIGTERM   = 15
	SIGCHLD   = 17
	SIGCONT   = 18
	SIGSTOP   = 19
	SIGTSTP   = 20
	SIGTTIN   = 21
	SIGTTOU   = 22
	SIGURG    = 23
	SIGPROF   = 27
	SIGWINCH  = 28
	SIGVTALRM = 26

	numSignals = 64

	saNodefer   = 0x40000000
	saResethand = 0x80000000
	saOnstack   = 0x08000000
	saSiginfo   = 0x4

	sigDfl = 0
	sigIgn = 1

	frameInfo     = 0
	frameUC       = 128
	fpStateSize   = 528
	trampolineLen = 8

	// si_code values.
	siUser     = 0
	siTimer    = -2
	siTkill    = -6
	segvMaperr = 1
	segvAccerr = 2
	illIllopc  = 1
	busAdraln  = 1
	trapBrkpt  = 1
	siKernel   = 0x80
)

type sigAction struct {
	handler, flags, mask uint64
}

type signalState struct {
	actions    [numSignals + 1]sigAction
	blocked    uint64
	pending    uint64
	info       [numSignals + 1][128]byte // siginfo of each pending signal
	altSP      uint64
	altSize    uint64
	altFlags   uint64
	trampoline uint64
	depth      int // handlers running (to detect an alternate stack in use)
	// suspended: a wait (sigsuspend, ppoll, pselect6 with a mask) replaced blocked, which
	// was suspendOld; a handler entered now saves suspendOld in its frame (linux_wait.go).
	suspended  bool
	suspendOld uint64
}

// saveFP fills a signal frame's __riscv_fp_state (the D form: f0..f31 as 64-bit patterns,
// then fcsr) from the hart's F/D registers; without F it stays zero, as on a kernel
// without FP support.
func saveFP(h *Hart, b []byte) {
	if !h.ISA.Exts.Has(isa.ExtF) {
		return
	}
	for i := range h.F {
		binary.LittleEndian.PutUint64(b[8*i:], h.F[i])
	}
	binary.LittleEndian.PutUint32(b[256:], h.FCSR())
}

// restoreFP loads the F/D registers and fcsr from a frame on rt_sigreturn.
func restoreFP(h *Hart, b []byte) {
	if !h.ISA.Exts.Has(isa.ExtF) {
		return
	}
	for i := range h.F {
		h.F[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	h.SetFCSR(binary.LittleEndian.Uint32(b[256:]))
}

func (l *Linux) initSignals(h *Hart) {
	stackTop, _, _ := layout(h.ISA.XLEN)
	l.sig.trampoline = stackTop // the page above the stack
	h.Mem.Map(stackTop, PageSize, PermRX)
	var code [trampolineLen]byte
	binary.LittleEndian.PutUint32(code[0:], 0x08b00893) // addi a7, zero, 139
	binary.LittleEndian.PutUint32(code[4:], 0x00000073) // ecall
	h.Mem.Write(stackTop, code[:])
	l.sig.altFlags = 2 // SS_DISABLE
}

func sigBit(sig uint64) uint64 { return 1 << (sig - 1) }

// sigFrame holds the offsets, from the frame's start, of the parts of a signal frame at one
// XLEN (the table at the top of this file).
type sigFrame struct {
	word    uint64 // bytes in an XLEN word (unsigned long, pointers)
	stack   uint64 // uc_stack
	sigmask uint64 // uc_sigmask
	regs    uint64 // uc_mcontext.sc_regs: pc, x1..x31
	fp      uint64 // uc_mcontext.sc_fpregs
	size    uint64
}

func align16(v uint64) uint64 { return (v + 15) &^ 15 }

func newSigFrame(xlen int) sigFrame {
	w := uint64(xlen / 8)
	f := sigFrame{word: w, stack: frameUC + 2*w} // after uc_flags and uc_link
	f.sigmask = f.stack + 3*w                    // stack_t: ss_sp, ss_flags (an int, padded), ss_size
	f.regs = align16(f.sigmask + 1024/8)         // sigset_t and its padding to 128 bytes
	f.fp = f.regs + 32*w
	f.size = align16(f.fp + fpStateSize)
	return f
}

var sigFrames = [2]sigFrame{newSigFrame(32), newSigFrame(64)}

func frameFor(xlen int) *sigFrame {
	if xlen == 32 {
		return &sigFrames[0]
	}
	return &sigFrames[1]
}

// putWord and getWord store and load an XLEN-sized word (w bytes) of a guest structure.
func putWord(b []byte, w, v uint64) {
	if w == 4 {
		binary.LittleEndian.PutUint32(b, uint32(v))
		return
	}
	binary.LittleEndian.PutUint64(b, v)
}

// putWords stores vs as consecutive XLEN-sized words (C longs) at the start of b.
func putWords(b []byte, w uint64, vs ...uint64) {
	for i, v := range vs {
		putWord(b[uint64(i)*w:], w, v)
	}
}

func getWord(b []byte, w uint64) uint64 {
	if w == 4 {
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

// siginfoFor lays out a siginfo, kept in the RV64 layout, for the guest's XLEN. On RV32 the
// union after si_signo, si_errno and si_code starts at 12 rather than 16 and its members are
// 32-bit: a fault's si_addr moves from 16 to 12; si_pid/si_uid (or si_tid/si_overrun) and
// the sigval move from 16, 20 and 24 to 12, 16 and 20.
func siginfoFor(xlen int, info [128]byte) [128]byte {
	if xlen != 32 {
		return info
	}
	var out [128]byte
	copy(out[:12], info[:12])
	sig := binary.LittleEndian.Uint32(info[0:])
	code := int32(binary.LittleEndian.Uint32(info[8:]))
	switch {
	case code > 0 && code < siKernel && (sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGTRAP):
		copy(out[12:16], info[16:20])
	default:
		copy(out[12:24], info[16:28])
	}
	return out
}

const unblockable = 1<<(SIGKILL-1) | 1<<(SIGSTOP-1)

func (l *Linux) rtSigaction(h *Hart, sig, act, old, size uint64) int64 {
	if size != 8 {
		return -eINVAL
	}
	if sig < 1 || sig > numSignals {
		return -eINVAL
	}
	if act != 0 && (sig == SIGKILL || sig == SIGSTOP) {
		return -eINVAL
	}
	// struct sigaction: sa_handler and sa_flags as XLEN words, then the 64-bit sa_mask
	// (riscv has no sa_restorer; QEMU 7.2 reads one there, and sa_mask a word further on).
	w := uint64(h.ISA.XLEN / 8)
	n := 2*w + 8
	if old != 0 {
		a := l.sig.actions[sig]
		var b [24]byte
		putWord(b[0:], w, a.handler)
		putWord(b[w:], w, a.flags)
		binary.LittleEndian.PutUint64(b[2*w:], a.mask)
		if !l.put(h, old, b[:n]) {
			return -eFAULT
		}
	}
	if act != 0 {
		var b [24]byte
		if !h.Mem.CheckAccess(act, n, PermR) || h.Mem.Read(act, b[:n]) != nil {
			return -eFAULT
		}
		l.sig.actions[sig] = sigAction{
			handler: getWord(b[0:], w),
			flags:   getWord(b[w:], w),
			mask:    binary.LittleEndian.Uint64(b[2*w:]) &^ unblockable,
		}
		if l.sig.actions[sig].handler == sigIgn {
			l.sig.pending &^= sigBit(sig)
		}
	}
	return 0
}

func (l *Linux) rtSigprocmask(h *Hart, how, set, old, size uint64) int64 {
	if size != 8 {
		return -eINVAL
	}
	if old != 0 {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], l.sig.blocked)
		if !l.put(h, old, b[:]) {
			return -eFAULT
		}
	}
	if set != 0 {
		var b [8]byte
		if !h.Mem.CheckAccess(set, 8, PermR) || h.Mem.Read(set, b[:]) != nil {
			return -eFAULT
		}
		v := binary.LittleEndian.Uint64(b[:])
		switch how {
		case 0: // SIG_BLOCK
			l.sig.blocked |= v
		case 1: // SIG_UNBLOCK
			l.sig.blocked &^= v
		case 2: // SIG_SETMASK
			l.sig.blocked = v
		default:
			return -eINVAL
		}
		l.sig.blocked &^= unblockable
	}
	return 0
}

func (l *Linux) rtSigpending(h *Hart, set, size uint64) int64 {
	if size != 8 {
		return -eINVAL
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], l.sig.pending&l.sig.blocked)
	if !l.put(h, set, b[:]) {
		return -eFAULT
	}
	return 0
}

func (l *Linux) sigaltstack(h *Hart, ss, old uint64) int64 {
	w := uint64(h.ISA.XLEN / 8)
	n := 3 * w // stack_t: ss_sp, ss_flags (an int, padded to a word), ss_size
	if old != 0 {
		var b [24]byte
		l.putStack(b[:], w, h.Reg(2))
		if !l.put(h, old, b[:n]) {
			return -eFAULT
		}
	}
	if ss != 0 {
		var b [24]byte
		if !h.Mem.CheckAccess(ss, n, PermR) || h.Mem.Read(ss, b[:n]) != nil {
			return -eFAULT
		}
		return l.setAltStack(b[:], w, h.Reg(2))
	}
	return 0
}

// putStack writes the alternate stack's stack_t as seen from a thread whose sp is sp.
func (l *Linux) putStack(b []byte, w, sp uint64) {
	flags := l.sig.altFlags
	if l.onAltStack(sp) {
		flags = 1 // SS_ONSTACK
	}
	putWord(b[0:], w, l.sig.altSP)
	binary.LittleEndian.PutUint32(b[w:], uint32(flags))
	putWord(b[2*w:], w, l.sig.altSize)
}

// setAltStack installs the stack_t in b (sigaltstack, and rt_sigreturn restoring uc_stack).
func (l *Linux) setAltStack(b []byte, w, sp uint64) int64 {
	if l.onAltStack(sp) {
		return -ePERM
	}
	ssp, flags, size := getWord(b[0:], w), uint64(binary.LittleEndian.Uint32(b[w:])), getWord(b[2*w:], w)
	switch flags &^ (1 << 31) { // SS_AUTODISARM
	case 0, 1: // SS_ONSTACK is accepted as 0, as Linux does (uc_stack may carry it)
		if size < 2048 { // MINSIGSTKSZ
			return -12 // ENOMEM
		}
		l.sig.altSP, l.sig.altSize, l.sig.altFlags = ssp, size, 0
	case 2: // SS_DISABLE
		l.sig.altSP, l.sig.altSize, l.sig.altFlags = 0, 0, 2
	default:
		return -eINVAL
	}
	return 0
}

func (l *Linux) onAltStack(sp uint64) bool {
	return l.sig.altFlags == 0 && sp-l.sig.altSP < l.sig.altSize
}

// defaultTerminates says whether a signal's default action ends the process.
func defaultTerminates(sig uint64) bool {
	switch sig {
	case SIGCHLD, SIGCONT, SIGURG, SIGWINCH, SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU:
		return false
	}
	return true
}

// kill sends sig to the process itself (from kill, tkill, tgkill).
func (l *Linux) kill(h *Hart, sig uint64, from int64) int64 {
	if sig == 0 {
		return 0
	}
	if sig > numSignals {
		return -eINVAL
	}
	var info [128]byte
	code := int32(siUser)
	binary.LittleEndian.PutUint32(info[8:], uint32(code))
	binary.LittleEndian.PutUint32(info[16:], uint32(from))
	l.post(sig, info)
	return 0
}

// raiseSignal posts a signal the kernel sends (SIGPIPE on a write).
func (l *Linux) raiseSignal(h *Hart, sig uint64) {
	var info [128]byte
	binary.LittleEndian.PutUint32(info[8:], siKernel)
	l.post(sig, info)
}

func (l *Linux) post(sig uint64, info [128]byte) {
	a := l.sig.actions[sig]
	t := l.routeSignal(sig)
	blocked := l.sig.blocked
	if t != nil {
		blocked = t.sig.blocked
	}
	if (a.handler == sigIgn || a.handler == sigDfl && !defaultTerminates(sig)) && blocked&sigBit(sig) == 0 {
		// Discarded at once, as the kernel does for an ignored signal; a blocked one stays
		// pending (sigwait takes it, or the action may change before it is unblocked).
		return
	}
	binary.LittleEndian.PutUint32(info[0:], uint32(sig))
	if t != nil {
		t.sig.pending |= sigBit(sig)
		t.sig.info[sig] = info
		return
	}
	l.sig.pending |= sigBit(sig)
	l.sig.info[sig] = info
}

// deliverPending takes the lowest pending unblocked signal, if any: it ends the run (default
// action) or enters its handler. It returns false when the run must stop.
func (l *Linux) deliverPending(h *Hart) bool {
	ready := l.sig.pending &^ l.sig.blocked
	if ready == 0 {
		l.endSuspend()
		return true
	}
	h.syncObserved() // (a signal may end the process, and let others run)
	sig := uint64(1)
	for ready&1 == 0 {
		ready >>= 1
		sig++
	}
	l.sig.pending &^= sigBit(sig)
	a := l.sig.actions[sig]
	if a.handler == sigDfl && !defaultTerminates(sig) {
		return true // (pending while blocked, ignored once unblocked)
	}
	if a.handler == sigDfl {
		h.stop = Stop{Reason: StopSignal, Signal: int(sig), PC: h.PC, Msg: "killed by " + SignalName(int(sig)) + " (no handler)"}
		return false
	}
	if a.handler == sigIgn {
		return true
	}
	return l.enterHandler(h, sig, a, l.sig.info[sig])
}

// fault is a synchronous exception under Linux: the guest's handler runs if it installed
// one and has not blocked or ignored the signal; otherwise the run ends with it (raise).
func (l *Linux) fault(h *Hart, sig int, cause, tval uint64) bool {
	a := l.sig.actions[sig]
	if a.handler == sigDfl || a.handler == sigIgn || l.sig.blocked&sigBit(uint64(sig)) != 0 {
		return false
	}
	var info [128]byte
	code := int32(segvMaperr)
	switch sig {
	case SIGSEGV:
		if h.Mem.PermAt(tval) != 0 {
			code = segvAccerr
		}
	case SIGILL:
		code = illIllopc
		tval = h.PC
	case SIGBUS:
		code = busAdraln
	case SIGTRAP:
		code = trapBrkpt
		tval = h.PC
	}
	binary.LittleEndian.PutUint32(info[0:], uint32(sig))
	binary.LittleEndian.PutUint32(info[8:], uint32(code))
	binary.LittleEndian.PutUint64(info[16:], tval&h.addrMask) // si_addr
	return l.enterHandler(h, uint64(sig), a, info)
}

// enterHandler builds the signal frame on the guest's stack (or the alternate stack) and
// points the hart at the handler. It returns false if the frame cannot be written: the
// process then dies of SIGSEGV, as on Linux.
func (l *Linux) enterHandler(h *Hart, sig uint64, a sigAction, info [128]byte) bool {
	f := frameFor(h.ISA.XLEN)
	w := f.word
	sp := h.Reg(2)
	if a.flags&saOnstack != 0 && l.sig.altFlags == 0 && !l.onAltStack(sp) {
		sp = l.sig.altSP + l.sig.altSize
	}
	frame := (sp - f.size) &^ 15 & h.addrMask
	b := make([]byte, f.size)
	le := binary.LittleEndian
	info = siginfoFor(h.ISA.XLEN, info)
	copy(b[frameInfo:], info[:])
	l.putStack(b[f.stack:], w, h.Reg(2))
	saved := l.sig.blocked
	if l.sig.suspended {
		saved = l.sig.suspendOld // restored by rt_sigreturn, as the wait's caller had it
	}
	le.PutUint64(b[f.sigmask:], saved)
	putWord(b[f.regs:], w, h.PC)
	for i := uint64(1); i < 32; i++ {
		putWord(b[f.regs+w*i:], w, h.X[i])
	}
	saveFP(h, b[f.fp:])
	if !l.put(h, frame, b) {
		h.stop = Stop{Reason: StopSignal, Signal: SIGSEGV, PC: h.PC,
			Msg: fmt.Sprintf("cannot write the frame for %s at %#x", SignalName(int(sig)), frame)}
		return false
	}
	newMask := l.sig.blocked | a.mask
	if a.flags&saNodefer == 0 {
		newMask |= sigBit(sig)
	}
	l.sig.blocked = newMask &^ unblockable
	l.sig.suspended = false
	if a.flags&saResethand != 0 {
		// Only the handler goes back to SIG_DFL; the flags and mask stay, as the kernel
		// leaves them (rt_sigaction reads them back).
		l.sig.actions[sig].handler = sigDfl
	}
	h.SetReg(10, sig)
	h.SetReg(11, frame+frameInfo)
	h.SetReg(12, frame+frameUC)
	h.SetReg(1, l.sig.trampoline)
	h.SetReg(2, frame)
	h.PC = a.handler &^ 1 & h.addrMask
	h.resValid = false
	return true
}

// rtSigreturn restores the state a handler's frame saved (sp points at the frame): the
// blocked mask, the registers, the FP state, and the alternate stack from uc_stack (which,
// as on Linux, only takes effect when the thread is not running on the alternate stack).
func (l *Linux) rtSigreturn(h *Hart) (int64, bool) {
	f := frameFor(h.ISA.XLEN)
	w := f.word
	frame := h.Reg(2)
	b := make([]byte, f.size)
	if !h.Mem.CheckAccess(frame, f.size, PermR) || h.Mem.Read(frame, b) != nil {
		h.stop = Stop{Reason: StopSignal, Signal: SIGSEGV, PC: h.PC - 4, Msg: fmt.Sprintf("rt_sigreturn with no signal frame at sp %#x", frame)}
		return 0, false
	}
	le := binary.LittleEndian
	l.sig.blocked = le.Uint64(b[f.sigmask:]) &^ unblockable
	for i := uint64(1); i < 32; i++ {
		h.SetReg(int(i), getWord(b[f.regs+w*i:], w))
	}
	h.PC = getWord(b[f.regs:], w) & h.addrMask
	restoreFP(h, b[f.fp:])
	l.setAltStack(b[f.stack:], w, h.Reg(2))
	return int64(h.X[10]), true
}

// SignalName names a signal as the kernel headers do ("SIGSEGV"), or "signal N".
func SignalName(sig int) string {
	names := map[int]string{SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL",
		SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL",
		SIGUSR1: "SIGUSR1", SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM",
		SIGTERM: "SIGTERM", SIGSYS: "SIGSYS", SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF"}
	if n, ok := names[sig]; ok {
		return n
	}
	return fmt.Sprintf("signal %d", sig)
}
