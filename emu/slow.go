package emu

import (
	"fmt"
	"math/bits"
	"unsafe"

	"rvsim/isa"
)

// execSlow runs the instructions kept out of the interpreter's switch: atomics, CSR access,
// environment calls and privileged instructions. h.PC and h.Instret are current on entry.
// On return h.PC is the next pc (or the trap handler's), retired says whether the
// instruction completed, and ok is false when the run must stop (h.stop says why).
func (h *Hart) execSlow(s *slot, in *isa.Inst, pc uint64) (retired, ok bool) {
	if s.op == opBreak {
		h.breakHere(pc) // a debugger's breakpoint (debug.go)
		return false, false
	}
	if f := vexec[in.Op]; f != nil && (s.op == uint16(in.Op) || s.op == opVec) {
		ok = h.execVectorOp(f, in, pc)
	} else {
		ok = h.execSlowOp(s, in.Op, pc)
	}
	retired = h.retired
	h.retired = false
	return retired, ok
}

// execSlowOp runs the slot s at pc; iop is its isa op (s.op may be an internal one).
func (h *Hart) execSlowOp(s *slot, iop isa.Op, pc uint64) bool {
	op := isa.Op(s.op)
	next := pc + uint64(s.len)
	switch op {
	case isa.LB, isa.LH, isa.LW, isa.LD, isa.LBU, isa.LHU, isa.LWU:
		if !h.load(op, s) {
			return !h.raise(CauseLoadAccess, h.Mem.Fault.Addr, h.Mem.Fault.Error())
		}
	case isa.SB, isa.SH, isa.SW, isa.SD:
		if !h.store(op, s) {
			return !h.raise(CauseStoreAccess, h.Mem.Fault.Addr, h.Mem.Fault.Error())
		}
	case isa.FLW, isa.FLD:
		if !h.loadFP(op, s) {
			return !h.raise(CauseLoadAccess, h.Mem.Fault.Addr, h.Mem.Fault.Error())
		}
	case isa.FSW, isa.FSD:
		if !h.storeFP(op, s) {
			return !h.raise(CauseStoreAccess, h.Mem.Fault.Addr, h.Mem.Fault.Error())
		}
	case isa.FENCE_I:
		h.Mem.FlushCode()
	case isa.ECALL:
		if h.Linux != nil {
			h.Instret++ // the syscall sees itself retired (as time and counters do on hardware)
			h.retired = true
			h.PC = next
			return h.Linux.Syscall(h)
		}
		cause := uint64(CauseEcallU)
		if h.Priv == PrivM {
			cause = CauseEcallM
		}
		return !h.raise(cause, 0, "ecall")
	case isa.EBREAK:
		return !h.raise(CauseBreakpoint, pc, "ebreak")
	case isa.MRET:
		if h.Priv != PrivM {
			return !h.illegalAt(pc)
		}
		c := &h.CSR
		h.PC = c.mepc &^ (h.ialign &^ 1) & h.addrMask // mepc as read: aligned to IALIGN
		h.Priv = uint8(c.mstatus >> 11 & 3)
		mpie := c.mstatus >> 7 & 1
		c.mstatus &^= mstatusMIE | mstatusMPP
		c.mstatus |= mpie<<3 | mstatusMPIE
		if h.Priv != PrivM {
			c.mstatus &^= mstatusMPRV
		}
		h.Instret++
		h.retired = true
		return true
	case isa.WFI:
		if h.Priv != PrivM || h.Linux != nil {
			return !h.illegalAt(pc)
		}
	case isa.CSRRW, isa.CSRRS, isa.CSRRC, isa.CSRRWI, isa.CSRRSI, isa.CSRRCI:
		if !h.execCSR(op, s, pc) {
			return !h.illegalAt(pc)
		}
	case isa.LR_W, isa.LR_D, isa.SC_W, isa.SC_D,
		isa.AMOSWAP_W, isa.AMOADD_W, isa.AMOXOR_W, isa.AMOAND_W, isa.AMOOR_W,
		isa.AMOMIN_W, isa.AMOMAX_W, isa.AMOMINU_W, isa.AMOMAXU_W,
		isa.AMOSWAP_D, isa.AMOADD_D, isa.AMOXOR_D, isa.AMOAND_D, isa.AMOOR_D,
		isa.AMOMIN_D, isa.AMOMAX_D, isa.AMOMINU_D, isa.AMOMAXU_D:
		if cause, tval, ok := h.execAMO(op, s); !ok {
			return !h.raise(cause, tval, h.Mem.Fault.Error())
		}
	case isa.SRET, isa.SFENCE_VMA:
		// A hart with M and U modes only: both are illegal instructions, as the
		// privileged spec has it without S-mode.
		return !h.illegalAt(pc)
	default:
		if f := semTab[iop].exec; iop < isa.NumOps && f != nil {
			if cause, tval, msg := f(h, s); msg != "" {
				return !h.raise(cause, tval, msg)
			}
			break
		}
		if handled, ok := h.execSem(iop, s); handled {
			if !ok {
				return !h.illegalAt(pc)
			}
			break
		}
		return !h.illegalAt(pc)
	}
	h.PC = next
	if h.instretWritten {
		h.instretWritten = false
	} else {
		h.Instret++
	}
	h.retired = true
	return true
}

// load performs a load through Memory's general path (page-cache misses, misaligned
// addresses, faults).
func (h *Hart) load(op isa.Op, s *slot) bool {
	m := h.Mem
	a := (h.X[s.rs1&63] + uint64(s.imm)) & h.addrMask
	var v uint64
	var ok bool
	switch op {
	case isa.LB, isa.LBU:
		var b uint8
		b, ok = m.Load8(a)
		v = uint64(b)
		if op == isa.LB {
			v = uint64(int64(int8(b)))
		}
	case isa.LH, isa.LHU:
		var b uint16
		b, ok = m.Load16(a)
		v = uint64(b)
		if op == isa.LH {
			v = uint64(int64(int16(b)))
		}
	case isa.LW, isa.LWU:
		var b uint32
		b, ok = m.Load32(a)
		v = uint64(b)
		if op == isa.LW {
			v = uint64(int64(int32(b)))
		}
	case isa.LD:
		v, ok = m.Load64(a)
	}
	if ok {
		h.X[s.rd&63] = v
	}
	return ok
}

// store performs a store through Memory's general path.
func (h *Hart) store(op isa.Op, s *slot) bool {
	m := h.Mem
	a := (h.X[s.rs1&63] + uint64(s.imm)) & h.addrMask
	v := h.X[s.rs2&63]
	switch op {
	case isa.SB:
		return m.Store8(a, uint8(v))
	case isa.SH:
		return m.Store16(a, uint16(v))
	case isa.SW:
		return m.Store32(a, uint32(v))
	}
	return m.Store64(a, v)
}

// Messages for the traps the interpreter's loop raises (it records a code, not a string,
// because storing a string would put a call in the loop).
const (
	msgNone = iota
	msgJumpTarget
	msgBranchTarget
)

var trapMessages = [...]string{
	msgNone:         "",
	msgJumpTarget:   "jump target not aligned",
	msgBranchTarget: "branch target not aligned",
}

// illegalAt raises an illegal-instruction exception for the instruction at pc, with a
// message saying what it is and why it cannot run.
func (h *Hart) illegalAt(pc uint64) bool {
	in, st, err := h.Fetch(pc)
	if err != nil {
		return h.raise(CauseFetchAccess, pc, err.Error())
	}
	return h.illegal(in.Raw, h.IllegalReason(in, st))
}

// IllegalReason explains why in cannot execute: "30b50533 sm4ed a0, a0, a1, 0x0: not in
// rv64imac".
func (h *Hart) IllegalReason(in isa.Inst, st isa.Status) string {
	word := fmt.Sprintf("%08x", in.Raw)
	if in.Len == 2 {
		word = fmt.Sprintf("%04x", in.Raw)
	}
	if in.Op == isa.OpInvalid {
		return word + ": unknown instruction"
	}
	if in.Len == 2 && in.Raw == 0 {
		// The spec reserves it as illegal; it decodes as a reserved c.addi4spn, which
		// would be a confusing thing to print for what is usually a jump into zeroed memory.
		return "0000: illegal instruction (all zeros)"
	}
	text := h.describe(in)
	switch {
	case in.Op == isa.FP:
		return word + ": floating-point instruction outside F and D (Zfh, Zfa, Q): not implemented"
	case st == isa.OK && fpOps[in.Op] && h.fpOff():
		return text + ": floating point is off (mstatus.FS = Off)"
	case st == isa.OK && fpOps[in.Op] && in.RM == 7 && h.frm > 4:
		return text + fmt.Sprintf(": dynamic rounding mode with frm = %d (reserved)", h.frm)
	case st == isa.Reserved && fpOps[in.Op]:
		return text + fmt.Sprintf(": rounding mode %d is reserved", in.RM)
	case st == isa.NotEnabled:
		return text + ": not in " + h.ISA.String()
	case st == isa.WrongXLEN:
		return text + ": not available on RV" + fmt.Sprint(h.ISA.XLEN)
	case st == isa.Reserved:
		return text + ": reserved encoding"
	case in.Op.Class() == isa.ClassCSR && isFPCSR(uint16(in.Imm)) && h.fpOff():
		return text + ": floating point is off (mstatus.FS = Off)"
	case in.Op.Class() == isa.ClassCSR:
		name, ok := isa.CSRName(uint16(in.Imm), h.ISA.XLEN)
		if !ok {
			name = fmt.Sprintf("%#x", in.Imm)
		}
		return text + ": CSR " + name + " not accessible" + h.privWord()
	case in.Op == isa.AES64KS1I:
		return text + ": rnum above 0xa is reserved"
	}
	return text + ": not allowed" + h.privWord()
}

// describe renders an instruction for messages: "30b50533 sm4ed a0, a0, a1, 0x0".
func (h *Hart) describe(in isa.Inst) string {
	word := fmt.Sprintf("%08x", in.Raw)
	if in.Len == 2 {
		word = fmt.Sprintf("%04x", in.Raw)
	}
	return word + " " + isa.Format(in, 0, h.ISA.XLEN, nil)
}

func (h *Hart) privWord() string {
	if h.Linux != nil {
		return " in user mode"
	}
	return [4]string{" in U-mode", " in S-mode", " in H-mode", " in M-mode"}[h.Priv&3]
}

// execAMO performs LR, SC and the AMOs. AMOs fault as stores (cause 6/7), LR as a load.
func (h *Hart) execAMO(op isa.Op, s *slot) (cause, tval uint64, ok bool) {
	m := h.Mem
	addr := h.X[s.rs1&63] & h.addrMask
	double := isa.RowOf(op, 64).Mem == 8
	size := uint64(4)
	if double {
		size = 8
	}
	isLR := op == isa.LR_W || op == isa.LR_D
	if addr&(size-1) != 0 {
		m.Fault = MemFault{Addr: addr, Write: !isLR}
		if isLR {
			return CauseMisalignedLoad, addr, false
		}
		return CauseMisalignedStore, addr, false
	}
	load := func() (uint64, bool) {
		if double {
			return m.Load64(addr)
		}
		v, ok := m.Load32(addr)
		return uint64(int64(int32(v))), ok
	}
	store := func(v uint64) bool {
		if double {
			return m.Store64(addr, v)
		}
		return m.Store32(addr, uint32(v))
	}
	if isLR {
		v, ok := load()
		if !ok {
			return CauseLoadAccess, addr, false
		}
		h.X[s.rd&63] = v
		h.resValid, h.resAddr = true, addr
		return 0, 0, true
	}
	if !m.CheckAccess(addr, size, PermRW) {
		m.Fault = MemFault{Addr: addr, Write: true, Perm: m.PermAt(addr) != 0}
		return CauseStoreAccess, addr, false
	}
	if op == isa.SC_W || op == isa.SC_D {
		if h.resValid && h.resAddr == addr {
			store(h.X[s.rs2&63])
			h.X[s.rd&63] = 0
		} else {
			h.X[s.rd&63] = 1
		}
		h.resValid = false
		return 0, 0, true
	}
	old, _ := load()
	b := h.X[s.rs2&63]
	if !double {
		b = uint64(int64(int32(b)))
	}
	var v uint64
	switch op {
	case isa.AMOSWAP_W, isa.AMOSWAP_D:
		v = b
	case isa.AMOADD_W, isa.AMOADD_D:
		v = old + b
	case isa.AMOXOR_W, isa.AMOXOR_D:
		v = old ^ b
	case isa.AMOAND_W, isa.AMOAND_D:
		v = old & b
	case isa.AMOOR_W, isa.AMOOR_D:
		v = old | b
	case isa.AMOMIN_W, isa.AMOMIN_D:
		v = uint64(min(int64(old), int64(b)))
	case isa.AMOMAX_W, isa.AMOMAX_D:
		v = uint64(max(int64(old), int64(b)))
	case isa.AMOMINU_W:
		v = uint64(int64(int32(min(uint32(old), uint32(b)))))
	case isa.AMOMAXU_W:
		v = uint64(int64(int32(max(uint32(old), uint32(b)))))
	case isa.AMOMINU_D:
		v = min(old, b)
	case isa.AMOMAXU_D:
		v = max(old, b)
	}
	store(v)
	h.X[s.rd&63] = old
	return 0, 0, true
}

// Multiplication and division helpers with the spec's results for division by zero
// (quotient all ones, remainder the dividend) and overflow (quotient the dividend,
// remainder zero): unprivileged spec, "Division Operations".

func mulhs(a, b int64) (uint64, uint64) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if a < 0 {
		hi -= uint64(b)
	}
	if b < 0 {
		hi -= uint64(a)
	}
	return hi, lo
}

func mulhsu(a int64, b uint64) uint64 {
	hi, _ := bits.Mul64(uint64(a), b)
	if a < 0 {
		hi -= b
	}
	return hi
}

// signed is the element type of the signed divisions; minOf gives its most negative
// value, the dividend whose division by -1 overflows.
type signed interface{ ~int32 | ~int64 }

func minOf[T signed]() T { return -1 << (8*unsafe.Sizeof(T(0)) - 1) }

func div[T signed](a, b T) T {
	if b == 0 {
		return -1
	}
	if a == minOf[T]() && b == -1 {
		return a
	}
	return a / b
}

func rem[T signed](a, b T) T {
	if b == 0 {
		return a
	}
	if a == minOf[T]() && b == -1 {
		return 0
	}
	return a % b
}

func divu[T ~uint32 | ~uint64](a, b T) T {
	if b == 0 {
		return ^T(0)
	}
	return a / b
}

func remu[T ~uint32 | ~uint64](a, b T) T {
	if b == 0 {
		return a
	}
	return a % b
}

// The widths the interpreter uses.
func div64(a, b int64) int64    { return div(a, b) }
func rem64(a, b int64) int64    { return rem(a, b) }
func divu64(a, b uint64) uint64 { return divu(a, b) }
func remu64(a, b uint64) uint64 { return remu(a, b) }
func div32(a, b int32) int32    { return div(a, b) }
func rem32(a, b int32) int32    { return rem(a, b) }
func divu32(a, b uint32) uint32 { return divu(a, b) }
func remu32(a, b uint32) uint32 { return remu(a, b) }
