package emu

import (
	"math/bits"

	"rvsim/isa"
)

// mstatus fields (privileged spec, "Machine Status Register").
const (
	mstatusMIE  = 1 << 3
	mstatusMPIE = 1 << 7
	mstatusMPP  = 3 << 11
	mstatusMPRV = 1 << 17
	mstatusTW   = 1 << 21
)

// CSR numbers rvsim implements.
const (
	csrCycle    = 0xc00
	csrTime     = 0xc01
	csrInstret  = 0xc02
	csrCycleH   = 0xc80
	csrTimeH    = 0xc81
	csrInstretH = 0xc82

	csrMstatus    = 0x300
	csrMisa       = 0x301
	csrMedeleg    = 0x302
	csrMideleg    = 0x303
	csrMie        = 0x304
	csrMtvec      = 0x305
	csrMcounteren = 0x306
	csrMenvcfg    = 0x30a
	csrMstatush   = 0x310
	csrMenvcfgh   = 0x31a
	csrMcountinh  = 0x320
	csrMscratch   = 0x340
	csrMepc       = 0x341
	csrMcause     = 0x342
	csrMtval      = 0x343
	csrMip        = 0x344
	csrSatp       = 0x180
	csrMcycle     = 0xb00
	csrMinstret   = 0xb02
	csrMcycleH    = 0xb80
	csrMinstretH  = 0xb82
	csrTselect    = 0x7a0
	csrTdata1     = 0x7a1
	csrTdata2     = 0x7a2
	csrTdata3     = 0x7a3
	csrMvendorid  = 0xf11
	csrMarchid    = 0xf12
	csrMimpid     = 0xf13
	csrMhartid    = 0xf14
	csrMconfigptr = 0xf15
)

// CSRFile holds the machine-mode state rvsim models: enough for the riscv-tests "p"
// environment and for bare-metal programs (M and U modes, no S-mode, no virtual memory).
type CSRFile struct {
	mstatus, mtvec, mepc, mcause, mtval, mscratch       uint64
	mie, mip, medeleg, mideleg, mcounteren, mcountinhib uint64
	menvcfg                                             uint64
	pmpcfg                                              [16]uint64
	pmpaddr                                             [64]uint64

	// Cycles, when set, supplies the cycle count (a cost model's); otherwise cycle = instret.
	Cycles func() uint64
	// Modelled, when set with Cycles by a cost model fed through the Observer, is the count
	// of the instructions modelled so far, without those the model holds back for the next
	// batch: read after each batch, on the goroutine that observes it, for the timers
	// (timerNanos).
	Modelled func() uint64
	// ClockHz is the clock those cycles run at, so that the guest's time (the time CSR,
	// clock_gettime, timers) follows the modelled cycles: 0 means 1 GHz. Without Cycles,
	// time stays one nanosecond per instruction.
	ClockHz uint64
	// cycleBias and instretBias make mcycle/minstret writable without disturbing Instret.
	cycleBias uint64

	misa   uint64
	tdata2 uint64
}

func (c *CSRFile) reset(h *Hart) {
	*c = CSRFile{Cycles: c.Cycles, Modelled: c.Modelled, ClockHz: c.ClockHz}
	mxl := uint64(2)
	if h.ISA.XLEN == 32 {
		mxl = 1
	}
	c.misa = mxl << (h.ISA.XLEN - 2)
	for _, e := range []struct {
		ext    isa.Ext
		letter byte
	}{{isa.ExtI, 'I'}, {isa.ExtM, 'M'}, {isa.ExtA, 'A'}, {isa.ExtF, 'F'}, {isa.ExtD, 'D'}, {isa.ExtC, 'C'}, {isa.ExtV, 'V'}} {
		if h.ISA.Exts.Has(e.ext) {
			c.misa |= 1 << (e.letter - 'A')
		}
	}
	c.misa |= 1 << ('U' - 'A')
	if h.ISA.XLEN == 64 {
		c.mstatus = 2 << 32 // UXL = 64
	}
	if h.V != nil {
		c.mstatus |= mstatusVSInit // the vector unit starts enabled, its state Initial
	}
	if h.ISA.Exts.Has(isa.ExtF) {
		c.mstatus |= mstatusFSInit // so does the FPU, as Linux starts a process
	}
	h.F = [32]uint64{}
	h.frm, h.fflags = 0, 0
}

// cycles returns the cycle counter.
func (h *Hart) cycles() uint64 {
	if h.CSR.Cycles != nil {
		h.syncObserved()
		return h.CSR.Cycles() + h.CSR.cycleBias
	}
	return h.Instret + h.CSR.cycleBias
}

// TimeNanos is the guest's virtual time: one nanosecond per retired instruction (a 1 GHz
// core at one instruction per cycle), or the modelled cycles at ClockHz when a cost model
// supplies the count (rounded down to the nanosecond, so that the time between two reads is
// the cycles between them over the clock, to within one nanosecond). It is deterministic, so
// a program's output does not depend on the host's load.
func (h *Hart) TimeNanos() uint64 {
	if h.CSR.Cycles == nil {
		return h.Instret
	}
	h.syncObserved()
	return CyclesToNanos(h.CSR.Cycles(), h.CSR.ClockHz)
}

// CyclesToNanos converts a cycle count at hz (0: 1 GHz) to nanoseconds, rounded down, in
// exact integer arithmetic (saturating past 2^64 ns, some 584 years).
func CyclesToNanos(cycles, hz uint64) uint64 {
	if hz == 0 || hz == 1e9 {
		return cycles
	}
	hi, lo := bits.Mul64(cycles, 1e9)
	if hi >= hz {
		return ^uint64(0)
	}
	q, _ := bits.Div64(hi, lo, hz)
	return q
}

// TimebaseHz is the frequency of the time CSR, as on common Linux RISC-V platforms.
const TimebaseHz = 10_000_000

// ReadCSR returns a CSR's value as the guest would read it in the current mode; ok is false
// when the CSR does not exist or is not accessible.
func (h *Hart) ReadCSR(n uint16) (uint64, bool) {
	if !h.csrAccessible(n, false) {
		return 0, false
	}
	v, ok := h.csrRead(n)
	return v & h.addrMask, ok
}

// WriteCSR writes a CSR as the guest would (WARL fields legalised).
func (h *Hart) WriteCSR(n uint16, v uint64) bool {
	if !h.csrAccessible(n, true) {
		return false
	}
	return h.csrWrite(n, v&h.addrMask)
}

func (h *Hart) csrAccessible(n uint16, write bool) bool {
	if write && n>>10 == 3 {
		return false // read-only CSR
	}
	need := uint8(n >> 8 & 3)
	priv := h.Priv
	if h.Linux != nil {
		priv = PrivU
	}
	if priv < need {
		return false
	}
	if isFPCSR(n) && h.fpOff() {
		return false
	}
	// Counters in U-mode: Linux lets user space read them; on a bare machine mcounteren
	// decides, as the privileged spec says.
	if priv == PrivU && h.Linux == nil && (n&^0x80 >= csrCycle && n&^0x80 <= 0xc1f) {
		if h.CSR.mcounteren>>(n&31)&1 == 0 {
			return false
		}
	}
	return true
}

func (h *Hart) csrRead(n uint16) (uint64, bool) {
	c := &h.CSR
	rv32 := h.ISA.XLEN == 32
	switch {
	case n == csrCycle || n == csrMcycle:
		return h.cycles(), h.counters()
	case n == csrInstret || n == csrMinstret:
		return h.Instret, h.counters()
	case n == csrTime:
		return h.TimeNanos() / (1e9 / TimebaseHz), h.counters()
	case rv32 && (n == csrCycleH || n == csrMcycleH):
		return h.cycles() >> 32, h.counters()
	case rv32 && (n == csrInstretH || n == csrMinstretH):
		return h.Instret >> 32, h.counters()
	case rv32 && n == csrTimeH:
		return h.TimeNanos() / (1e9 / TimebaseHz) >> 32, h.counters()
	case n >= 0xc03 && n <= 0xc1f, n >= 0xb03 && n <= 0xb1f, n >= 0x323 && n <= 0x33f:
		return 0, h.counters() // hpm counters and events: present, count nothing
	case rv32 && (n >= 0xc83 && n <= 0xc9f || n >= 0xb83 && n <= 0xb9f):
		return 0, h.counters()
	}
	if v, ok, is := h.vcsrRead(n); is {
		return v, ok
	}
	if isFPCSR(n) {
		// Whether the guest may access them now (mstatus.FS) is csrAccessible's to say:
		// the debugger reads them whatever FS holds.
		return h.fcsrRead(n), h.ISA.Exts.Has(isa.ExtF)
	}
	if h.Linux != nil {
		return 0, false // user mode sees no machine CSRs
	}
	switch n {
	case csrMstatus:
		v := c.mstatus
		if v&mstatusVS == mstatusVSDirty || v&mstatusFS == mstatusFSDirty {
			v |= 1 << (h.ISA.XLEN - 1) // SD: some extension's state is dirty
		}
		if rv32 {
			v &= 0xffffffff
		}
		return v, true
	case csrMstatush:
		return 0, rv32
	case csrMisa:
		return c.misa, true
	case csrMedeleg:
		return c.medeleg, true
	case csrMideleg:
		return c.mideleg, true
	case csrMie:
		return c.mie, true
	case csrMip:
		return c.mip, true
	case csrMtvec:
		return c.mtvec, true
	case csrMcounteren:
		return c.mcounteren, true
	case csrMcountinh:
		return c.mcountinhib, true
	case csrMenvcfg:
		return c.menvcfg, true
	case csrMenvcfgh:
		return 0, rv32
	case csrMscratch:
		return c.mscratch, true
	case csrMepc:
		return c.mepc &^ (h.ialign &^ 1), true // bit 1 reads as zero without C
	case csrMcause:
		return c.mcause, true
	case csrMtval:
		return c.mtval, true
	case csrSatp:
		return 0, true
	case csrTselect, csrTdata1, csrTdata3:
		// One trigger slot of type 0 ("no trigger"): debuggers and tests see that
		// hardware breakpoints are not available, rather than an illegal instruction.
		return 0, true
	case csrTdata2:
		return c.tdata2, true
	case csrMvendorid, csrMarchid, csrMimpid, csrMhartid, csrMconfigptr:
		return 0, true
	}
	switch {
	case n >= 0x3a0 && n <= 0x3af:
		if !rv32 && n&1 == 1 {
			return 0, false // odd pmpcfg registers exist only on RV32
		}
		return c.pmpcfg[n-0x3a0], true
	case n >= 0x3b0 && n <= 0x3ef:
		return c.pmpaddr[n-0x3b0], true
	}
	return 0, false
}

// counters reports whether the counter CSRs exist: they are Zicntr's.
func (h *Hart) counters() bool { return h.ISA.Exts.Has(isa.ExtZicntr) }

func (h *Hart) csrWrite(n uint16, v uint64) bool {
	c := &h.CSR
	if ok, is := h.vcsrWrite(n, v); is {
		return ok
	}
	if isFPCSR(n) {
		h.fcsrWrite(n, v)
		return true
	}
	switch n {
	// A written counter reads back the written value in the next instruction: the write
	// suppresses the increment of the instruction that does it (privileged spec, "Machine
	// Counter/Timer Registers"); instretWritten tells execSlow not to count it.
	case csrMcycle, csrMcycleH:
		cur := h.cycles()
		if h.ISA.XLEN == 32 {
			if n == csrMcycle {
				v = cur&^0xffffffff | v&0xffffffff
			} else {
				v = v<<32 | cur&0xffffffff
			}
		}
		c.cycleBias += v - cur - 1
		return true
	case csrMinstret, csrMinstretH:
		if h.ISA.XLEN == 32 {
			if n == csrMinstret {
				v = h.Instret&^0xffffffff | v&0xffffffff
			} else {
				v = v<<32 | h.Instret&0xffffffff
			}
		}
		h.Instret = v
		h.instretWritten = true
		return true
	case csrMstatus:
		var writable uint64 = mstatusMIE | mstatusMPIE | mstatusMPP | mstatusMPRV | mstatusTW
		if h.V != nil {
			writable |= mstatusVS
		}
		mpp := v >> 11 & 3
		if mpp != PrivM {
			mpp = PrivU // S and H are not implemented: MPP is WARL over {M, U}
		}
		v = v&^mstatusMPP | mpp<<11
		if h.ISA.Exts.Has(isa.ExtF) {
			writable |= mstatusFS
		}
		old := c.mstatus
		c.mstatus = c.mstatus&^writable | v&writable
		// F/D instructions are decoded illegal while FS is Off, and mark FS Dirty when
		// decoded (decodeFP): a change into or out of Off, or to Initial or Clean, drops the
		// decoded code so that both hold again.
		if fs, was := c.mstatus&mstatusFS, old&mstatusFS; fs != was && (fs != mstatusFSDirty || was == 0) {
			h.Mem.FlushCode()
		}
	case csrMstatush, csrMenvcfgh:
		return h.ISA.XLEN == 32
	case csrMisa:
		// WARL: the extensions cannot be switched off at run time.
	case csrMedeleg:
		c.medeleg = v
	case csrMideleg:
		c.mideleg = v
	case csrMie:
		c.mie = v
	case csrMip:
		c.mip = v
	case csrMtvec:
		if v&3 < 2 {
			c.mtvec = v
		}
	case csrMcounteren:
		c.mcounteren = v & 0xffffffff
	case csrMcountinh:
		c.mcountinhib = v & 0xffffffff
	case csrMenvcfg:
		c.menvcfg = v
	case csrMscratch:
		c.mscratch = v
	case csrMepc:
		c.mepc = v &^ 1
	case csrMcause:
		c.mcause = v
	case csrMtval:
		c.mtval = v
	case csrSatp:
		// Only Bare translation is supported: other modes are ignored (WARL).
	case csrTselect, csrTdata1, csrTdata3:
		// WARL: no triggers, so these keep reading 0.
	case csrTdata2:
		c.tdata2 = v
	default:
		switch {
		case n >= 0x3a0 && n <= 0x3af:
			c.pmpcfg[n-0x3a0] = v
		case n >= 0x3b0 && n <= 0x3ef:
			c.pmpaddr[n-0x3b0] = v
		case n >= 0xb03 && n <= 0xb1f, n >= 0x323 && n <= 0x33f, n >= 0xb83 && n <= 0xb9f:
		default:
			return false
		}
	}
	return true
}

// execCSR runs a Zicsr instruction; false means illegal (missing CSR, privilege, read-only).
func (h *Hart) execCSR(op isa.Op, s *slot, pc uint64) bool {
	n := uint16(s.imm & 0xfff)
	var src uint64
	imm := op == isa.CSRRWI || op == isa.CSRRSI || op == isa.CSRRCI
	if imm {
		src = uint64(s.rs1)
	} else {
		src = h.X[s.rs1&63]
	}
	write := op == isa.CSRRW || op == isa.CSRRWI || s.rs1 != 0
	if !h.csrAccessible(n, write) {
		return false
	}
	old, ok := h.csrRead(n)
	if !ok {
		return false
	}
	if write {
		v := src
		switch op {
		case isa.CSRRS, isa.CSRRSI:
			v = old | src
		case isa.CSRRC, isa.CSRRCI:
			v = old &^ src
		}
		if h.Linux != nil && !isVectorCSR(n) && !isFPCSR(n) || !h.csrWrite(n, v&h.addrMask) {
			return false
		}
	}
	h.X[s.rd&63] = h.wb(old)
	return true
}
