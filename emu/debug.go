package emu

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"sync/atomic"

	"rvsim/isa"
)

// Debugger support: breakpoints, watchpoints, an undo log and a run the debugger can
// interrupt. None of it costs the interpreter anything while unused:
//
//   - A breakpoint is an internal op (opBreak) written into the decoded slot of its address.
//     The loop sends every op it does not know to execSlow, which stops the run there;
//     decodeSlot plants the op again whenever the slot is (re)decoded.
//   - A watchpoint marks its pages watched, as HTIF marks tohost's: stores to them leave the
//     loop and bump Memory.Epoch, and run compares the watched bytes only then.
//   - The undo log (History) records one instruction at a time around run(1), with the
//     memory journal catching the old value of every byte a store, AMO, vector store or
//     system call writes.
//
// The debugger runs the program through Resume, which steps over a breakpoint at the
// current pc, runs in chunks so that an interrupt (Ctrl-C) is noticed, and records into a
// History when it is given one.

// opBreak is the slot op of an instruction under a breakpoint.
const opBreak = numXOps

// noAddr is an address no instruction has (pcs are 2-byte aligned).
const noAddr = ^uint64(0)

// Debugger stop messages: Stop.Msg when Stop.Reason is StopBreak.
const (
	MsgBreakpoint  = "breakpoint"
	MsgWatchpoint  = "watchpoint"
	MsgInterrupted = "interrupted"
)

type debugState struct {
	// breaks maps a breakpoint's address to the op its slot held before opBreak replaced
	// it (opDecode while the slot has not been decoded with the breakpoint in it).
	breaks map[uint64]uint16
	// suspend is a breakpoint not planted while Resume steps over it.
	suspend uint64
	watches []*watchRange
	hits    []WatchHit
	// ourPages are the pages the watchpoints marked watched (tohost's page stays watched).
	ourPages map[uint64]bool
}

type watchRange struct {
	addr uint64
	val  []byte
}

// WatchHit is a watched range whose bytes changed: the old and new contents.
type WatchHit struct {
	Addr     uint64
	Old, New []byte
}

func (h *Hart) debug() *debugState {
	if h.dbg == nil {
		h.dbg = &debugState{breaks: map[uint64]uint16{}, suspend: noAddr, ourPages: map[uint64]bool{}}
	}
	return h.dbg
}

// onDecode plants a breakpoint in a slot decodeSlot has just filled.
func (d *debugState) onDecode(pc uint64, s *slot) {
	if _, ok := d.breaks[pc]; ok && pc != d.suspend {
		d.breaks[pc] = s.op
		s.op = opBreak
	}
}

// slotAt returns pc's decoded-code slot, nil when its page has no decoded code.
func (h *Hart) slotAt(pc uint64) *slot {
	p := h.Mem.pages[pc>>pageShift]
	if p == nil || p.code == nil {
		return nil
	}
	return &p.code.slots[(pc&pageMask)>>1]
}

func (h *Hart) plant(pc uint64) {
	if s := h.slotAt(pc); s != nil && s.op != opDecode && s.op != opBreak {
		h.dbg.breaks[pc] = s.op
		s.op = opBreak
	}
}

func (h *Hart) unplant(pc uint64) {
	if s := h.slotAt(pc); s != nil && s.op == opBreak {
		s.op = h.dbg.breaks[pc]
	}
}

// SetBreakpoint makes a run stop (StopBreak, MsgBreakpoint) before executing the instruction
// at pc.
func (h *Hart) SetBreakpoint(pc uint64) {
	pc &= h.addrMask
	d := h.debug()
	if _, ok := d.breaks[pc]; ok {
		return
	}
	d.breaks[pc] = opDecode
	h.plant(pc)
}

// ClearBreakpoint removes the breakpoint at pc, if any.
func (h *Hart) ClearBreakpoint(pc uint64) {
	pc &= h.addrMask
	if h.dbg == nil {
		return
	}
	if _, ok := h.dbg.breaks[pc]; !ok {
		return
	}
	h.unplant(pc)
	delete(h.dbg.breaks, pc)
}

// Breakpoints returns the addresses with a breakpoint, in ascending order.
func (h *Hart) Breakpoints() []uint64 {
	if h.dbg == nil {
		return nil
	}
	var pcs []uint64
	for pc := range h.dbg.breaks {
		pcs = append(pcs, pc)
	}
	sort.Slice(pcs, func(i, j int) bool { return pcs[i] < pcs[j] })
	return pcs
}

// maxWatch bounds a watched range: its bytes are compared whenever a store hits its pages.
const maxWatch = 1 << 16

// AddWatch makes a run stop (StopBreak, MsgWatchpoint) after an instruction or system call
// changes any of the n bytes at addr. Writes of an unchanged value do not count.
func (h *Hart) AddWatch(addr, n uint64) error {
	if n == 0 || n > maxWatch {
		return fmt.Errorf("watch length %d: must be 1 to %d bytes", n, maxWatch)
	}
	if addr+n < addr || !h.Mem.Mapped(addr, n) {
		return fmt.Errorf("cannot watch %#x (%d bytes): not mapped", addr, n)
	}
	buf := make([]byte, n)
	h.Mem.Read(addr, buf)
	d := h.debug()
	d.watches = append(d.watches, &watchRange{addr: addr, val: buf})
	m := h.Mem
	for vpn := addr >> pageShift; vpn <= (addr+n-1)>>pageShift; vpn++ {
		if p := m.page(vpn); p != nil && !p.watched {
			p.watched = true
			d.ourPages[vpn] = true
		}
	}
	m.flushTLB()
	return nil
}

// RemoveWatch removes a watch AddWatch(addr, n) made.
func (h *Hart) RemoveWatch(addr, n uint64) {
	d := h.dbg
	if d == nil {
		return
	}
	for i, w := range d.watches {
		if w.addr == addr && uint64(len(w.val)) == n {
			d.watches = append(d.watches[:i], d.watches[i+1:]...)
			break
		}
	}
	for vpn := range d.ourPages {
		used := false
		for _, w := range d.watches {
			if vpn >= w.addr>>pageShift && vpn <= (w.addr+uint64(len(w.val))-1)>>pageShift {
				used = true
			}
		}
		if !used {
			if p := h.Mem.pages[vpn]; p != nil {
				p.watched = false
			}
			delete(d.ourPages, vpn)
		}
	}
}

// WatchHits returns the watched ranges whose change stopped the last run.
func (h *Hart) WatchHits() []WatchHit {
	if h.dbg == nil {
		return nil
	}
	return h.dbg.hits
}

// SyncWatches takes the watched bytes' current contents as the reference: for a debugger
// that has just written memory itself, or moved backwards.
func (h *Hart) SyncWatches() {
	if h.dbg == nil {
		return
	}
	for _, w := range h.dbg.watches {
		h.Mem.Read(w.addr, w.val)
	}
}

// checkWatches compares the watched bytes with their reference and records a stop when some
// changed. run calls it when Memory.Epoch moved (a store hit a watched page).
func (h *Hart) checkWatches() bool {
	d := h.dbg
	if d == nil || len(d.watches) == 0 {
		return false
	}
	var hits []WatchHit
	for _, w := range d.watches {
		cur := make([]byte, len(w.val))
		if h.Mem.Read(w.addr, cur) != nil {
			continue // unmapped since: nothing to compare
		}
		if !bytes.Equal(cur, w.val) {
			hits = append(hits, WatchHit{Addr: w.addr, Old: w.val, New: cur})
			w.val = append([]byte(nil), cur...)
		}
	}
	if len(hits) == 0 {
		return false
	}
	d.hits = hits
	h.stop = Stop{Reason: StopBreak, PC: h.PC, Msg: MsgWatchpoint}
	return true
}

// breakHere records the stop of a run that reached a breakpoint (execSlow met opBreak).
func (h *Hart) breakHere(pc uint64) {
	h.stop = Stop{Reason: StopBreak, PC: pc, Msg: MsgBreakpoint}
}

// resumeChunk is how many instructions Resume runs between looks at its interrupt flag
// when it does not record: a few milliseconds of guest time.
const resumeChunk = 1 << 20

// recordChunk is the same for recorded runs, which are slower.
const recordChunk = 1 << 12

// Resume runs up to max instructions for a debugger. It first executes the instruction at
// pc even when a breakpoint is set there (the debugger stopped on it), then stops at
// breakpoints (StopBreak, MsgBreakpoint), after a change to a watched range (MsgWatchpoint,
// with WatchHits), when intr becomes true (MsgInterrupted; Resume clears it), and for every
// reason Run stops. With hist it records every instruction for Undo (and calls Hook, if
// set, after each); without it runs at the interpreter's full speed.
func (h *Hart) Resume(max uint64, hist *History, intr *atomic.Bool) Stop {
	if h.dbg != nil {
		h.dbg.hits = nil
	}
	var used uint64
	if d := h.dbg; d != nil && max > 0 {
		if _, ok := d.breaks[h.PC]; ok {
			pc := h.PC
			d.suspend = pc
			h.unplant(pc)
			st := h.runSome(1, hist)
			d.suspend = noAddr
			h.plant(pc)
			if st.Reason != StopLimit {
				return st
			}
			if h.checkWatches() {
				return h.stop
			}
			used = 1
		}
	}
	for used < max {
		if intr != nil && intr.Swap(false) {
			h.stop = Stop{Reason: StopBreak, PC: h.PC, Msg: MsgInterrupted}
			return h.stop
		}
		chunk := uint64(resumeChunk)
		if hist != nil {
			chunk = recordChunk
		}
		chunk = min(chunk, max-used)
		st := h.runSome(chunk, hist)
		if st.Reason != StopLimit {
			return st
		}
		// run compares watched bytes when a store made Epoch move, before the next
		// instruction; a store at the very end of the budget is caught here.
		if h.checkWatches() {
			return h.stop
		}
		used += chunk
	}
	h.stop = Stop{Reason: StopLimit}
	return h.stop
}

func (h *Hart) runSome(n uint64, hist *History) Stop {
	if hist == nil {
		return h.Run(n)
	}
	return h.runStepwise(n, hist)
}

// History is a bounded undo log: for each of the last Limit instructions executed through
// Resume (or trapped on: a trap taken into the handler is one entry), what it changed.
type History struct {
	limit int
	ents  []undoEntry // a ring once it holds limit entries
	start int         // index of the oldest entry
	n     int
	j     memJournal
	cur   undoEntry
	vsave []byte // vector registers before the instruction being recorded
	total uint64 // entries ever recorded
}

// undoEntry is the state one instruction may change, as it was before.
type undoEntry struct {
	pc, instret, resAddr         uint64
	xold                         uint64
	fold                         uint64 // f[xreg] before: an F/D instruction's rd is an f register
	mstatus, mepc, mcause, mtval uint64
	memStart                     uint64 // journal position when the instruction began
	ext                          *undoExtra
	xreg, priv                   uint8
	frm, fflags                  uint8
	resValid, instretWritten     bool
}

// undoExtra holds what the rarer instructions change: CSR and system instructions (all CSRs,
// all registers, the Linux process state) and vector instructions.
type undoExtra struct {
	x       *[32]uint64
	csr     *CSRFile
	linux   *Linux
	vec     *vecSave
	syscall int64 // the system call an ecall made under Linux (-1: none)
	barrier string
}

type vecSave struct {
	vecConfig
	first, n   int   // registers saved: v[first], ..., v[first+n-1]
	regs       []int // of those, the ones the instruction changed...
	old        [][]byte
	wrReg, wrN int
	haveRegs   bool
}

type memRec struct {
	addr uint64
	old  byte
}

// memJournal is the old contents of every byte written while it is set on a Memory, in
// order. Positions are absolute: recs[0] is at position base.
type memJournal struct {
	recs []memRec
	base uint64
}

func (j *memJournal) pos() uint64 { return j.base + uint64(len(j.recs)) }

func (j *memJournal) note(a uint64, old byte) { j.recs = append(j.recs, memRec{a, old}) }

func (j *memJournal) noteRange(a uint64, old []byte) {
	for i, b := range old {
		j.recs = append(j.recs, memRec{a + uint64(i), b})
	}
}

// dropBefore forgets the records before position p.
func (j *memJournal) dropBefore(p uint64) {
	if p <= j.base {
		return
	}
	k := min(p-j.base, uint64(len(j.recs)))
	if k >= 4096 && k >= uint64(len(j.recs))/2 {
		j.recs = append(j.recs[:0], j.recs[k:]...)
		j.base += k
		return
	}
	if k == uint64(len(j.recs)) {
		j.recs = j.recs[:0]
		j.base += k
	}
}

// NewHistory returns an undo log keeping the last limit instructions (at least one).
func NewHistory(limit int) *History {
	return &History{limit: max(limit, 1)}
}

// Limit returns how many instructions the log keeps.
func (hi *History) Limit() int { return hi.limit }

// Recorded returns how many instructions have been recorded since the log was made: a
// debugger compares it around a run to learn whether the run executed anything.
func (hi *History) Recorded() uint64 { return hi.total }

// Len returns how many instructions can be undone.
func (hi *History) Len() int { return hi.n }

// Clear empties the log (the state moved without it: a run that did not record, a change
// the debugger made).
func (hi *History) Clear() {
	hi.ents = hi.ents[:0]
	hi.start, hi.n = 0, 0
	hi.j.recs = hi.j.recs[:0]
}

func (hi *History) at(i int) *undoEntry {
	return &hi.ents[(hi.start+i)%len(hi.ents)]
}

// begin records the state the instruction at pc may change and returns the instruction
// (nil when it cannot be fetched).
func (hi *History) begin(h *Hart) *isa.Inst {
	e := &hi.cur
	*e = undoEntry{pc: h.PC, instret: h.Instret, resAddr: h.resAddr, priv: h.Priv,
		resValid: h.resValid, instretWritten: h.instretWritten,
		mstatus: h.CSR.mstatus, mepc: h.CSR.mepc, mcause: h.CSR.mcause, mtval: h.CSR.mtval,
		memStart: hi.j.pos()}
	in, ok := h.peek(h.PC)
	if !ok {
		return nil
	}
	e.xreg = in.Rd & 31
	e.xold = h.X[e.xreg]
	e.fold = h.F[e.xreg]
	e.frm, e.fflags = h.frm, h.fflags
	cl := in.Op.Class()
	if cl == isa.ClassCSR || cl == isa.ClassSystem {
		x := new([32]uint64)
		copy(x[:], h.X[:32])
		csr := h.CSR
		e.ext = &undoExtra{x: x, csr: &csr, syscall: -1}
		if h.Linux != nil && in.Op == isa.ECALL {
			l := *h.Linux
			e.ext.linux = &l
			e.ext.syscall = int64(h.X[17] & h.addrMask)
		}
		if h.V != nil {
			e.ext.vec = saveVecState(h.V)
		}
	} else if h.V != nil && vexec[in.Op] != nil {
		vs := saveVecState(h.V)
		v := h.V
		// No instruction writes more than eight registers from its vd: a group of LMUL 8,
		// a segment of NFIELDS×EMUL ≤ 8, vl8r/vmv8r. Scalar results (vmv.x.s) go to xreg.
		vs.first = int(in.Rd & 31)
		vs.n = min(8, 32-vs.first)
		vs.haveRegs = true
		need := vs.n * v.VLENB
		if cap(hi.vsave) < need {
			hi.vsave = make([]byte, 8*v.VLENB)
		}
		hi.vsave = hi.vsave[:need]
		copy(hi.vsave, v.Reg[vs.first*v.VLENB:])
		e.ext = &undoExtra{vec: vs, syscall: -1}
	}
	return in
}

func saveVecState(v *Vector) *vecSave {
	return &vecSave{vecConfig: v.config(), wrReg: v.wrReg, wrN: v.wrN}
}

func (vs *vecSave) restore(v *Vector) {
	v.setConfig(vs.vecConfig)
	v.wrReg, v.wrN = vs.wrReg, vs.wrN
	for i, r := range vs.regs {
		copy(v.Reg[r*v.VLENB:(r+1)*v.VLENB], vs.old[i])
	}
}

// end completes the record begun by begin; ran says whether run used any budget (an
// instruction retired or trapped). A record of nothing is dropped; any bytes written
// meanwhile (HTIF's fromhost) stay in the journal with the previous entry.
func (hi *History) end(h *Hart, ran bool) {
	if !ran {
		return
	}
	e := hi.cur
	hi.total++
	if x := e.ext; x != nil {
		if vs := x.vec; vs != nil && vs.haveRegs {
			v := h.V
			for k := 0; k < vs.n; k++ {
				old := hi.vsave[k*v.VLENB : (k+1)*v.VLENB]
				r := vs.first + k
				if !bytes.Equal(old, v.Reg[r*v.VLENB:(r+1)*v.VLENB]) {
					vs.regs = append(vs.regs, r)
					vs.old = append(vs.old, append([]byte(nil), old...))
				}
			}
		}
		if x.syscall == sysMunmap || x.syscall == sysMadvise {
			x.barrier = "munmap or madvise system call (pages given back cannot be restored)"
		}
		if x.linux != nil && h.Linux != nil && h.Linux.thr.switches != x.linux.thr.switches {
			x.barrier = threadSwitchBarrier
		}
	}
	if hi.n < hi.limit {
		if hi.n < len(hi.ents) {
			*hi.at(hi.n) = e // after an Undo the ring has room where the undone entries were
		} else {
			hi.ents = append(hi.ents, e)
		}
		hi.n++
		return
	}
	// Full: the new entry replaces the oldest.
	*hi.at(0) = e
	hi.start = (hi.start + 1) % len(hi.ents)
	hi.j.dropBefore(hi.at(0).memStart)
}

// threadSwitchBarrier: the undo log keeps the running thread's changes only, so it stops
// where another thread took the hart.
const threadSwitchBarrier = "another thread ran from here (the log follows one thread's registers)"

// barrierLast marks the last recorded instruction as one that cannot be undone.
func (hi *History) barrierLast(why string) {
	if hi.n == 0 {
		return
	}
	e := hi.at(hi.n - 1)
	if e.ext == nil {
		e.ext = &undoExtra{syscall: -1}
	}
	e.ext.barrier = why
}

// ErrNoHistory is Undo's error when the log is empty.
var ErrNoHistory = errors.New("no more history")

// Undone describes an instruction Undo took back.
type Undone struct {
	PC uint64
	// Syscall is the Linux system call the instruction made (-1: none). Its effects inside
	// the guest are undone; input it consumed and output it wrote are not.
	Syscall int64
}

// Undo takes back the last recorded instruction: registers, pc, privilege, CSRs, vector
// state, memory and the Linux process state return to what they were before it. The cost
// model's state, output written and input read are not restored. It fails with
// ErrNoHistory when the log is empty, and for an instruction that cannot be undone (a
// munmap), leaving the log as it is.
func (h *Hart) Undo(hi *History) (Undone, error) {
	if hi.n == 0 {
		return Undone{}, ErrNoHistory
	}
	e := hi.at(hi.n - 1)
	if e.ext != nil && e.ext.barrier != "" {
		return Undone{}, fmt.Errorf("cannot reverse past the instruction at %#x: %s", e.pc, e.ext.barrier)
	}
	// Memory, newest write first, so that each byte ends with its oldest value.
	recs := hi.j.recs
	from := int(max(e.memStart, hi.j.base) - hi.j.base)
	var b [1]byte
	for i := len(recs) - 1; i >= from; i-- {
		b[0] = recs[i].old
		h.Mem.Write(recs[i].addr, b[:])
	}
	hi.j.recs = recs[:from]

	u := Undone{PC: e.pc, Syscall: -1}
	if x := e.ext; x != nil {
		if x.x != nil {
			copy(h.X[:32], x.x[:])
		}
		if x.csr != nil {
			h.CSR = *x.csr
		}
		if x.linux != nil {
			*h.Linux = *x.linux
		}
		if x.vec != nil && h.V != nil {
			x.vec.restore(h.V)
		}
		u.Syscall = x.syscall
	}
	h.X[e.xreg] = e.xold
	h.X[0] = 0
	h.F[e.xreg] = e.fold
	h.frm, h.fflags = e.frm, e.fflags
	h.PC = e.pc
	h.Instret = e.instret
	h.Priv = e.priv
	h.resValid, h.resAddr = e.resValid, e.resAddr
	h.instretWritten = e.instretWritten
	h.CSR.mstatus, h.CSR.mepc, h.CSR.mcause, h.CSR.mtval = e.mstatus, e.mepc, e.mcause, e.mtval
	h.stop = Stop{}
	hi.n--
	return u, nil
}

// Change describes what the last recorded instruction changed, for a debugger's display:
// the old values (the new ones are the hart's current state). It is meaningful right after
// the instruction, before anything else runs.
type Change struct {
	PC    uint64
	Regs  []RegChange  // integer registers whose value changed
	FRegs []RegChange  // f registers whose value changed
	Mem   []MemChange  // written ranges, ascending, with their contents before
	VRegs []VRegChange // vector registers whose contents changed
	// VL and VType before the instruction, when it was a vector or CSR instruction.
	VL, VType uint64
	Vector    bool
	Syscall   int64 // Linux system call made (-1: none)
}

// RegChange is an integer register's value before an instruction.
type RegChange struct {
	Reg int
	Old uint64
}

// MemChange is a range of memory's contents before an instruction.
type MemChange struct {
	Addr uint64
	Old  []byte
}

// VRegChange is a vector register's contents before an instruction.
type VRegChange struct {
	Reg int
	Old []byte
}

// Last describes the last recorded instruction; false when the log is empty.
func (hi *History) Last(h *Hart) (Change, bool) {
	if hi.n == 0 {
		return Change{}, false
	}
	e := hi.at(hi.n - 1)
	c := Change{PC: e.pc, Syscall: -1}
	if x := e.ext; x != nil && x.x != nil {
		for r := 1; r < 32; r++ {
			if x.x[r] != h.X[r] {
				c.Regs = append(c.Regs, RegChange{r, x.x[r]})
			}
		}
	} else if e.xreg != 0 && e.xold != h.X[e.xreg] {
		c.Regs = append(c.Regs, RegChange{int(e.xreg), e.xold})
	}
	if e.fold != h.F[e.xreg] {
		c.FRegs = append(c.FRegs, RegChange{int(e.xreg), e.fold})
	}
	if x := e.ext; x != nil {
		c.Syscall = x.syscall
		if vs := x.vec; vs != nil {
			c.Vector = true
			c.VL, c.VType = vs.VL, vs.VType
			for i, r := range vs.regs {
				c.VRegs = append(c.VRegs, VRegChange{r, vs.old[i]})
			}
		}
	}
	// Memory: the oldest value of each byte written, merged into ranges.
	from := int(max(e.memStart, hi.j.base) - hi.j.base)
	old := map[uint64]byte{}
	for _, r := range hi.j.recs[from:] {
		if _, seen := old[r.addr]; !seen {
			old[r.addr] = r.old
		}
	}
	addrs := make([]uint64, 0, len(old))
	for a := range old {
		addrs = append(addrs, a)
	}
	sort.Slice(addrs, func(i, j int) bool { return addrs[i] < addrs[j] })
	for _, a := range addrs {
		if n := len(c.Mem); n > 0 && c.Mem[n-1].Addr+uint64(len(c.Mem[n-1].Old)) == a {
			c.Mem[n-1].Old = append(c.Mem[n-1].Old, old[a])
		} else {
			c.Mem = append(c.Mem, MemChange{a, []byte{old[a]}})
		}
	}
	return c, true
}

// PrepareCall sets the hart up to call the function at addr as Call does (up to eight
// integer arguments in a0..a7, ra the return sentinel, sp the scratch stack, gp the
// program's global pointer when it has one) without running it. A run then stops with
// StopReturn when the function returns.
func (mc *Machine) PrepareCall(addr uint64, args ...uint64) error {
	if len(args) > 8 {
		return errors.New("more than eight arguments")
	}
	h := mc.Hart
	mc.scratchRegion()
	for i, a := range args {
		h.SetReg(10+i, a)
	}
	h.SetReg(1, callSentinel)
	h.SetReg(2, mc.callStack)
	if mc.File != nil {
		if gp, ok := mc.Lookup("__global_pointer$"); ok {
			h.SetReg(3, gp)
		}
	}
	h.PC = addr & h.addrMask
	h.Sentinel = callSentinel
	return nil
}

// ReturnAddress is the address PrepareCall plants in ra: reaching it ends the call.
func (mc *Machine) ReturnAddress() uint64 { return callSentinel }

// DebugReadCSR reads a CSR as the debugger sees it: without the privilege checks a guest
// read makes (under Linux the machine CSRs still do not exist). ok is false for a CSR
// rvsim does not implement.
func (h *Hart) DebugReadCSR(n uint16) (uint64, bool) {
	v, ok := h.csrRead(n & 0xfff)
	return v & h.addrMask, ok
}

// DebugWriteCSR writes a CSR for the debugger (WARL fields legalised, read-only CSRs
// refused).
func (h *Hart) DebugWriteCSR(n uint16, v uint64) bool {
	if n>>10 == 3 {
		return false
	}
	return h.csrWrite(n&0xfff, v&h.addrMask)
}

// CSRValue is one CSR's number and value.
type CSRValue struct {
	Num   uint16
	Value uint64
}

// DebugCSRs returns every CSR that exists on the hart (DebugReadCSR succeeds), in number
// order.
func (h *Hart) DebugCSRs() []CSRValue {
	var out []CSRValue
	for n := uint16(0); n < 0x1000; n++ {
		if _, named := isa.CSRName(n, h.ISA.XLEN); !named {
			continue
		}
		if v, ok := h.DebugReadCSR(n); ok {
			out = append(out, CSRValue{n, v})
		}
	}
	return out
}
