package emu

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"rvsim/isa"
)

// Vector is a hart's vector unit (RVV 1.0): the register file, the vector CSRs and the
// configuration that vsetvl* establishes. A hart has one when its ISA includes V (or
// Zve32x/Zve64x).
type Vector struct {
	VLEN  int // bits per register: a power of two from 128 to 4096
	VLENB int // bytes per register
	ELEN  int // widest element: 64 (V, Zve64x) or 32 (Zve32x)

	// Reg holds v0..v31, VLENB bytes each, element 0 at the lowest address as on
	// little-endian hardware: register group arithmetic is plain indexing.
	Reg []byte

	VL     uint64
	VStart uint64
	VType  uint64 // as read by csrr vtype (vill in the top bit when the setting is unsupported)
	VXRM   uint8
	VXSAT  uint8

	// Decoded from VType.
	SEW   int  // element width in bits: 8, 16, 32, 64
	LMUL8 int  // LMUL × 8: 1 (mf8), 2, 4, 8 (m1), 16, 32, 64 (m8)
	TA    bool // tail agnostic
	MA    bool // mask agnostic
	Vill  bool

	// AgnosticOnes fills tail- and mask-agnostic elements with ones (--vagnostic=ones);
	// otherwise they are left undisturbed, which the spec also allows.
	AgnosticOnes bool

	// NoMulh64 makes vmulh*, vsmul with SEW=64 illegal: Zve64* without V lacks them.
	NoMulh64 bool

	// snap is a copy of the register file for the instructions whose destination overlaps a
	// source read at another element width (widening, narrowing, mask results): they read
	// their sources from the copy, so results need no care for the order elements are
	// written in. mbuf holds a mask result being built. Both are allocated once.
	snap []byte
	mbuf []byte

	// The vector registers the last instruction wrote, for the commit log: wrN registers from
	// wrReg (0: none; -1: the instruction did not say, so its vd group is assumed).
	wrReg, wrN int

	// The elements the last vector load or store read or wrote, in the order it accessed
	// them, for the commit log: recorded only while logMem is set (a Hook is running), into
	// a buffer reused from one instruction to the next.
	logMem bool
	macc   []vmemAccess

	// fast is the fast path's view of the configuration, and fastScalar a group's worth of
	// room for a replicated scalar operand (v_fast.go).
	fast       vfastCfg
	fastScalar []byte
}

// vecConfig is the vector unit's state besides the registers: the CSRs and what is decoded
// from vtype. The undo log and thread contexts save and restore it whole.
type vecConfig struct {
	VL, VStart, VType uint64
	VXRM, VXSAT       uint8
	SEW, LMUL8        int
	TA, MA, Vill      bool
}

func (v *Vector) config() vecConfig {
	return vecConfig{v.VL, v.VStart, v.VType, v.VXRM, v.VXSAT, v.SEW, v.LMUL8, v.TA, v.MA, v.Vill}
}

func (v *Vector) setConfig(c vecConfig) {
	v.VL, v.VStart, v.VType, v.VXRM, v.VXSAT = c.VL, c.VStart, c.VType, c.VXRM, c.VXSAT
	v.SEW, v.LMUL8, v.TA, v.MA, v.Vill = c.SEW, c.LMUL8, c.TA, c.MA, c.Vill
}

// vmemAccess is one element a vector load or store accessed.
type vmemAccess struct {
	addr  uint64
	val   uint64 // the value stored (loads do not record theirs)
	size  uint8
	store bool
}

// logAccess records an element access; callers test logMem first.
func (v *Vector) logAccess(addr uint64, size int, store bool, val uint64) {
	v.macc = append(v.macc, vmemAccess{addr: addr, val: val, size: uint8(size), store: store})
}

// NewVector returns a vector unit with VLEN bits per register, in the reset state (vill set,
// vl 0, as after reset on hardware).
func NewVector(vlen int) (*Vector, error) {
	if vlen < 128 || vlen > 4096 || vlen&(vlen-1) != 0 {
		return nil, fmt.Errorf("VLEN %d: must be a power of two from 128 to 4096", vlen)
	}
	v := &Vector{VLEN: vlen, VLENB: vlen / 8, ELEN: 64, Reg: make([]byte, 32*vlen/8)}
	v.snap = make([]byte, len(v.Reg))
	v.mbuf = make([]byte, v.VLENB)
	v.VType = 1 << 63
	v.Vill = true
	v.fast.vtype = ^uint64(0) // no configuration yet
	v.fast.qVType = ^uint64(0)
	v.fastScalar = make([]byte, 8*v.VLENB)
	return v, nil
}

// Elem returns element i (of width sew bits) of the register group starting at vreg.
func (v *Vector) Elem(vreg, i, sew int) uint64 {
	return ldE(v.Reg, vreg*v.VLENB+i*(sew>>3), sew>>3)
}

// SetElem writes element i (of width sew bits) of the register group starting at vreg.
func (v *Vector) SetElem(vreg, i, sew int, x uint64) {
	stE(v.Reg, vreg*v.VLENB+i*(sew>>3), sew>>3, x)
}

// MaskBit returns bit i of mask register vreg (v0 for masked instructions).
func (v *Vector) MaskBit(vreg, i int) bool {
	return v.Reg[vreg*v.VLENB+i>>3]>>(i&7)&1 == 1
}

// SetMaskBit writes bit i of mask register vreg.
func (v *Vector) SetMaskBit(vreg, i int, b bool) {
	p := &v.Reg[vreg*v.VLENB+i>>3]
	if b {
		*p |= 1 << (i & 7)
	} else {
		*p &^= 1 << (i & 7)
	}
}

// VLMAX is the number of elements of width sew in a register group of LMUL×8 = lmul8.
func (v *Vector) VLMAX(sew, lmul8 int) int {
	return v.VLEN * lmul8 >> (3 + uint(bits.TrailingZeros(uint(sew))))
}

// ldE reads the eb-byte little-endian element at byte offset off of r.
func ldE(r []byte, off, eb int) uint64 {
	switch eb {
	case 1:
		return uint64(r[off])
	case 2:
		return uint64(binary.LittleEndian.Uint16(r[off:]))
	case 4:
		return uint64(binary.LittleEndian.Uint32(r[off:]))
	}
	return binary.LittleEndian.Uint64(r[off:])
}

// stE writes the low eb bytes of x at byte offset off of r.
func stE(r []byte, off, eb int, x uint64) {
	switch eb {
	case 1:
		r[off] = byte(x)
	case 2:
		binary.LittleEndian.PutUint16(r[off:], uint16(x))
	case 4:
		binary.LittleEndian.PutUint32(r[off:], uint32(x))
	default:
		binary.LittleEndian.PutUint64(r[off:], x)
	}
}

// mbit reads bit i of the mask register starting at byte offset base of r.
func mbit(r []byte, base, i int) bool { return r[base+i>>3]>>(i&7)&1 != 0 }

// smbit writes bit i of the mask register starting at byte offset base of r.
func smbit(r []byte, base, i int, b bool) {
	if b {
		r[base+i>>3] |= 1 << (i & 7)
	} else {
		r[base+i>>3] &^= 1 << (i & 7)
	}
}

// active reports whether element i takes part in an instruction with the vm bit given
// (vm=1: unmasked).
func (v *Vector) active(vm uint8, i int) bool {
	return vm != 0 || v.Reg[i>>3]>>(i&7)&1 != 0
}

// onesInactive gives inactive element i of width eb bytes in the group at vreg the
// mask-agnostic value, if the policy writes ones.
func (v *Vector) onesInactive(vreg, i, eb int) {
	if v.MA && v.AgnosticOnes {
		stE(v.Reg, vreg*v.VLENB+i*eb, eb, ^uint64(0))
	}
}

// onesTail gives the tail elements [from, to) of width eb bytes of the group at vreg the
// tail-agnostic value, if the policy writes ones.
func (v *Vector) onesTail(vreg, eb, from, to int) {
	if !v.TA || !v.AgnosticOnes || from >= to {
		return
	}
	b := v.Reg[vreg*v.VLENB+from*eb : vreg*v.VLENB+to*eb]
	for i := range b {
		b[i] = 0xff
	}
}

// onesMaskTail gives the tail bits [from, VLEN) of mask register vreg the agnostic value
// (mask results are always tail agnostic), if the policy writes ones.
func (v *Vector) onesMaskTail(vreg, from int) {
	if !v.AgnosticOnes {
		return
	}
	for i := from; i < v.VLEN; i++ {
		v.SetMaskBit(vreg, i, true)
	}
}

// tailEnd is the end of the tail of a destination of eew bits and EMUL×8 = emul8: the
// group's VLMAX or, when it is less than a register, the register's end.
func (v *Vector) tailEnd(eew, emul8 int) int {
	if !v.TA || !v.AgnosticOnes {
		return 0 // nothing to fill: spare the arithmetic
	}
	s := uint(bits.TrailingZeros(uint(eew)))
	n := v.VLEN * emul8 >> (3 + s)
	if r := v.VLEN >> s; r > n {
		return r
	}
	return n
}

// wrote records the vector registers an instruction wrote, for the commit log.
func (v *Vector) wrote(vreg, n int) { v.wrReg, v.wrN = vreg, n }

// nregs is the number of registers a group of EMUL×8 = emul8 occupies.
func nregs(emul8 int) int {
	if emul8 < 8 {
		return 1
	}
	return emul8 >> 3
}

// aligned reports whether vreg may start a group of EMUL×8 = emul8.
func aligned(vreg, emul8 int) bool { return vreg&(nregs(emul8)-1) == 0 }

// overlaps reports whether register ranges [a, a+na) and [b, b+nb) intersect.
func overlaps(a, na, b, nb int) bool { return a < b+nb && b < a+na }

// overlapOK applies the spec's rule for a destination group (d, EMUL×8 de, element width
// deew bits; 1 for a mask) that overlaps a source group (s, se, seew): the same width may
// overlap; a narrower destination only at the lowest-numbered part of the source; a wider
// one only at its own highest-numbered part, from a source of EMUL at least 1.
func overlapOK(d, de, deew, s, se, seew int) bool {
	dn, sn := nregs(de), nregs(se)
	if !overlaps(d, dn, s, sn) || deew == seew {
		return true
	}
	if deew < seew {
		return d == s
	}
	return se >= 8 && s+sn == d+dn
}

// vexec holds the execution function of every vector op. Each extension's file registers
// its ops from init, so adding an instruction touches its table row and its function.
// A function returns the zero vtrap when the instruction completed.
var vexec [isa.NumOps]func(h *Hart, in *isa.Inst) vtrap

// vtypeFree marks the ops that run whatever vtype holds, even with vill set: the
// configuration instructions and the whole-register loads and stores.
var vtypeFree [isa.NumOps]bool

func init() {
	for _, op := range []isa.Op{isa.VSETVLI, isa.VSETIVLI, isa.VSETVL, isa.VLRE8_V, isa.VLRE16_V,
		isa.VLRE32_V, isa.VLRE64_V, isa.VSR_V, isa.VFP} {
		vtypeFree[op] = true
	}
	vexec[isa.VFP] = func(h *Hart, in *isa.Inst) vtrap {
		return illegalV(in, "vector floating point: not implemented")
	}
}

// vtrap is an exception raised by a vector instruction.
type vtrap struct {
	cause uint64
	tval  uint64
	msg   string
}

// illegalV is the trap for a vector instruction whose operands the spec forbids; msg says
// which rule ("vd overlaps the source group", "vl not a multiple of the element group").
func illegalV(in *isa.Inst, msg string) vtrap {
	return vtrap{cause: CauseIllegal, tval: uint64(in.Raw), msg: msg}
}

// mstatus.VS, the vector context status (Off, Initial, Clean, Dirty).
const (
	mstatusVS      = 3 << 9
	mstatusVSInit  = 1 << 9
	mstatusVSDirty = 3 << 9
)

// vectorOff reports whether vector instructions and CSRs are disabled: no vector unit, or
// mstatus.VS Off on a bare machine (Linux keeps it on for the process).
func (h *Hart) vectorOff() bool {
	return h.V == nil || h.Linux == nil && h.CSR.mstatus&mstatusVS == 0
}

// execVectorOp runs a vector instruction; false means the run must stop.
func (h *Hart) execVectorOp(f func(*Hart, *isa.Inst) vtrap, in *isa.Inst, pc uint64) bool {
	v := h.V
	if v == nil {
		return !h.illegalAt(pc)
	}
	var t vtrap
	switch {
	case h.Linux == nil && h.CSR.mstatus&mstatusVS == 0:
		t = illegalV(in, "mstatus.VS is Off (vector unit disabled)")
	case v.Vill && !vtypeFree[in.Op]:
		t = illegalV(in, "vtype.vill is set (no supported vsetvl{i} since reset)")
	default:
		v.wrN = -1
		t = f(h, in)
	}
	if t.cause != 0 || t.msg != "" {
		if t.cause == CauseIllegal {
			v.wrN = 0
			return !h.raise(CauseIllegal, t.tval, h.describe(*in)+": "+t.msg)
		}
		return !h.raise(t.cause, t.tval, t.msg)
	}
	v.VStart = 0 // every vector instruction that completes resets vstart
	h.CSR.mstatus |= mstatusVSDirty
	h.PC = pc + uint64(in.Len)
	h.Instret++
	h.retired = true
	return true
}

// Vector CSRs.
const (
	csrVstart = 0x008
	csrVxsat  = 0x009
	csrVxrm   = 0x00a
	csrVcsr   = 0x00f
	csrVl     = 0xc20
	csrVtype  = 0xc21
	csrVlenb  = 0xc22
)

// isVectorCSR reports whether n is one of the vector CSRs (user-level, so that they can be
// used under Linux too).
func isVectorCSR(n uint16) bool {
	switch n {
	case csrVstart, csrVxsat, csrVxrm, csrVcsr, csrVl, csrVtype, csrVlenb:
		return true
	}
	return false
}

// vcsrRead reads a vector CSR; is is false when n is not one. The CSRs do not exist without
// a vector unit and cannot be accessed while mstatus.VS is Off.
func (h *Hart) vcsrRead(n uint16) (val uint64, ok, is bool) {
	if !isVectorCSR(n) {
		return 0, false, false
	}
	if h.vectorOff() {
		return 0, false, true
	}
	v := h.V
	switch n {
	case csrVstart:
		val = v.VStart
	case csrVxsat:
		val = uint64(v.VXSAT)
	case csrVxrm:
		val = uint64(v.VXRM)
	case csrVcsr:
		val = uint64(v.VXRM)<<1 | uint64(v.VXSAT)
	case csrVl:
		val = v.VL
	case csrVtype:
		val = v.VType
	case csrVlenb:
		val = uint64(v.VLENB)
	}
	return val, true, true
}

// vcsrWrite writes a vector CSR (the read-only ones were refused before); is is false when n
// is not one. A write makes the vector state dirty.
func (h *Hart) vcsrWrite(n uint16, val uint64) (ok, is bool) {
	if !isVectorCSR(n) {
		return false, false
	}
	if h.vectorOff() {
		return false, true
	}
	v := h.V
	switch n {
	case csrVstart:
		v.VStart = val & uint64(v.VLEN-1) // enough bits for the largest element index
	case csrVxsat:
		v.VXSAT = uint8(val & 1)
	case csrVxrm:
		v.VXRM = uint8(val & 3)
	case csrVcsr:
		v.VXSAT = uint8(val & 1)
		v.VXRM = uint8(val >> 1 & 3)
	default:
		return false, true
	}
	h.CSR.mstatus |= mstatusVSDirty
	return true, true
}

// hasVector reports whether an ISA includes a vector extension.
func hasVector(t isa.ISA) bool {
	return t.Exts.Has(isa.ExtV) || t.Exts.Has(isa.ExtZve64x) || t.Exts.Has(isa.ExtZve32x)
}

// syncVector gives the hart the vector unit its ISA calls for (VLEN 128 unless SetVector
// chose another), or takes it away.
func (h *Hart) syncVector() {
	if !hasVector(h.ISA) {
		h.V = nil
		return
	}
	if h.V == nil {
		h.V, _ = NewVector(128)
		h.CSR.mstatus |= mstatusVSInit
	}
	h.V.ELEN = 32
	if h.ISA.Exts.Has(isa.ExtV) || h.ISA.Exts.Has(isa.ExtZve64x) {
		h.V.ELEN = 64
	}
	h.V.NoMulh64 = !h.ISA.Exts.Has(isa.ExtV)
	if h.V.Vill {
		h.V.VType = 1 << (h.ISA.XLEN - 1)
	}
}

// SetVector replaces the hart's vector unit with one of vlen bits per register, in the reset
// state; agnosticOnes makes tail- and mask-agnostic elements all ones. The ISA must include
// V, Zve64x or Zve32x.
func (h *Hart) SetVector(vlen int, agnosticOnes bool) error {
	if !hasVector(h.ISA) {
		return fmt.Errorf("ISA %s has no vector extension", h.ISA)
	}
	v, err := NewVector(vlen)
	if err != nil {
		return err
	}
	v.AgnosticOnes = agnosticOnes
	h.V = v
	h.syncVector()
	return nil
}
