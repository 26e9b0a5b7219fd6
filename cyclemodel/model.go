package cyclemodel

import (
	"slices"

	"rvsim/isa"
)

// Event is one retired instruction, as the model needs it. The emulator fills one per
// instruction (reusing it: the model keeps no pointer to it).
type Event struct {
	PC      uint64
	Inst    isa.Inst
	NextPC  uint64 // the pc of the next instruction: a branch was taken when it is not PC+Len
	MemAddr uint64 // effective address of a load, store or AMO (first byte for vector ones)
	MemSize uint8  // bytes a scalar access touches (0: no access)
	Store   bool
	// Vector state in effect for the instruction (after it, for vsetvl*): vl, SEW in bits,
	// and LMUL×8 (1 for mf8 ... 8 for m1 ... 64 for m8). Zero for scalar instructions.
	VL, SEW, LMUL8 int
}

// Batch is a run of consecutively retired instructions for RetireBatch: PC[i], Inst[i],
// Addr[i] (the effective address of a load, store or AMO, the first byte for a vector one;
// anything for other instructions) and VCfg[i] (the vector configuration a vector
// instruction ran under, as in Event; anything for other instructions); the instruction
// after PC[i] is at PC[i+1], and the one after the last at Next. The same pc within a batch
// must be the same instruction (the code does not change while a batch is collected; the
// emulator's batches end before it decodes anything). The bytes a scalar access touches
// and whether it writes come from the op.
//
// Its fields are emu.Batch's, so that the emulator's batches convert to it without a copy.
type Batch struct {
	PC   []uint64
	Inst []*isa.Inst
	Addr []uint64
	VCfg []isa.VConfig
	Next uint64
}

// Reasons cycles are spent, in the order Stats.Stall holds them; the dependency, latency
// and busy-unit reasons follow as one entry per class and per unit.
const (
	ReasonIssue        = iota // the issue (and, out of order, retire) width: the cost of the instruction itself
	ReasonMispredict          // refetch after a mispredicted branch or jump
	ReasonTaken               // the fetch bubble of a correctly predicted taken branch or jump
	ReasonCacheMiss           // waiting for a load that missed in the L1 data cache
	ReasonMisaligned          // the extra cycles of a misaligned access
	ReasonWindow              // out of order: the reorder buffer was full
	ReasonVector              // a vector unit was still busy with an earlier instruction's beats
	ReasonStoreForward        // a load waited for an older store's data or for it to be written (storebuf.go)
	reasonDep                 // + class: waiting for a result of that class
	// reasonExec + class: out of order, retirement waited for the instruction's own latency;
	// reasonUnit + unit: the unit had no free copy.
)

const (
	reasonExec  = reasonDep + int(isa.NumClasses)
	reasonUnit0 = reasonExec + int(isa.NumClasses)
)

// Flags of an op, precomputed per model.
const (
	fRs1 = 1 << iota // reads rs1
	fRs2             // reads rs2
	fRd              // writes rd
	fLoad
	fStore
	fBranch // conditional branch
	fJump   // jal, jalr
	fVector // executed by the vector unit
	fVset   // vsetvl*
	fVRd    // rd is a vector register
	fVRs1   // rs1 is a vector register
	fVRs2   // rs2 is a vector register
	fReadVd // reads the destination vector register (accumulating ops, crypto rounds)
	fReadV0 // reads v0 (carry in, merge mask)
)

// opInfo is everything about an op on the model's core that does not depend on the
// instruction's operands: worked out once per model, so that retiring an instruction looks
// nothing up.
type opInfo struct {
	unit     int16 // -1: the core does not assign the class
	flags    uint16
	class    isa.Class
	lat      int32
	interval int32
	eew      int32 // vector memory ops: element width in bytes (0: none named)
	args     isa.Args

	mem     uint8  // bytes a scalar load, store or AMO touches
	store   bool   // a store, an AMO or SC, a vector store (a batch's Event.Store)
	block   bool   // may be part of a memoized block (block.go)
	aluRead bool   // not a load or store, on a core whose loads reach such ops early
	depWhy  uint16 // the reason a consumer of the result waits: reasonDep + class
	busyWhy uint16 // the reason when the unit has no free copy
	execWhy uint16 // out of order: retirement waited for the op's own latency
}

type unitState struct {
	count  int
	vector bool
	free   [maxCopies]int64 // in order: the cycle each copy can take its next op
	cal    []int64          // out of order, per cycle (a ring): the cycle it stands for <<16 | the ops started in it (see calSize)
	last   int64            // the last cycle booked
}

// calSize is how many cycles an out-of-order unit calendar looks ahead. A calendar cell is
// one word, the cycle and the count together, so that looking a cell up and booking it read
// one word where two arrays read two cache lines (bookAll and probesHold are half of
// replaying an out-of-order block); cycles then have 47 bits, days of host time beyond any run.
const calSize = 4096

// Model is the pipeline model of one core running one program. It is not safe for concurrent
// use.
type Model struct {
	core  *Core
	xlen  int
	width int // in order: instructions issued per cycle, the smaller of the fetch and issue widths
	ops   [isa.NumOps]opInfo

	units []unitState

	// Register state: x0..x31 and v0..v31 (at 32..63).
	ready      [64]int64 // cycle the value can be used (all beats, for vector registers)
	chainReady [64]int64 // vector registers: cycle the first beat's result can be used
	producer   [64]uint16

	cycle      int64 // in order: issue cycle of the last instruction; out of order: its retirement
	slots      int   // instructions issued (retired) in that cycle
	fetchReady int64 // earliest cycle the next instruction may issue (dispatch)
	fetchWhy   uint16

	// Out of order.
	dispatch   int64
	dispatched int
	rob        []int64 // retirement cycle of the last Window instructions (a ring)
	robPos     int

	bp    predictor
	cache cache
	sb    storeBuf // stores in flight (storebuf.go)
	sfLat int64    // the core's store_forward_latency_cycles

	// The current instruction's place in the store buffer, from its access's outcome: a
	// store's sequence number (sfSeq), a load's youngest overlapping store (sfSrc, -1: none)
	// and whether that store lacks some of its bytes (sfPart). sfUse says a vector access
	// takes part.
	sfSeq, sfSrc int64
	sfPart       bool
	sfUse        bool
	fwdReady     int64 // a vector load's forwarded data: when its result can exist (0: no constraint)

	vlen, dlen int
	beats      [65]int64 // by LMUL×8 (vecShape): the beats of an instruction over its register group

	stats Stats
	prof  *profile
	err   error
	any   bool // an instruction has retired

	vecMiss   bool   // the current vector access missed
	lastWhy   uint16 // why the last instruction waited...
	lastStall int64  // ...and for how many cycles

	ideal bool // llvm-mca's assumptions (SetIdeal)

	// Per reason: the cycles a scalar memory op's address (aluAddr) or store data (aluData)
	// waits beyond the value's readiness when the value's producer is that reason (an op of
	// the ALU's unit: Core.AddrExtra, DataExtra).
	aluAddr, aluData []int64
	loadAdv          []int64 // per reason: how much earlier an ALU-unit op may read that result

	blocks *blockCache // memoized blocks (block.go)

	// The most extra cycles a consumer adds to when a register is ready (aluAddr, aluData):
	// how long before a block's start a register's time still matters (relReg).
	regSlack int64
	rec      *recorder // per-instruction timings (timeline.go); nil: off
	tl       tlNote    // the current instruction's times, kept only while rec is set
	held     held      // the start of a block a batch ended in (block.go)
	canHold  bool      // RetireBatch may hold instructions (not while it models held ones)
}

// step is one retired instruction inside the model: an Event, or an instruction of a Batch.
type step struct {
	pc, next, addr uint64
	in             *isa.Inst
	size           uint8
	store          bool
	vl, sew, lmul8 int
}

// New returns a model of core for programs of the given XLEN (32 or 64), in the reset state:
// empty cache, untrained predictor, cycle 0. vlen overrides the core's VLEN when non-zero (a
// program run with --vlen).
func New(c *Core, xlen, vlen int) *Model {
	m := &Model{core: c, xlen: xlen, vlen: c.VLEN, dlen: c.DLEN, width: min(c.IssueWidth, c.FetchWidth)}
	if vlen != 0 {
		m.vlen = vlen
	}
	if m.dlen > m.vlen && m.vlen > 0 {
		m.dlen = m.vlen
	}
	if m.dlen > 0 {
		for l := range m.beats {
			m.beats[l] = int64((m.vlen*l/8 + m.dlen - 1) / m.dlen)
		}
	}
	m.units = make([]unitState, len(c.Units))
	for i, u := range c.Units {
		m.units[i].count = u.Count
		for _, cl := range u.Classes {
			if isVectorClass(cl) {
				m.units[i].vector = true
			}
		}
		if c.OutOfOrder {
			m.units[i].cal = make([]int64, calSize)
		}
	}
	for op := isa.Op(0); op < isa.NumOps; op++ {
		m.ops[op] = c.opInfo(op, xlen)
		if oi := &m.ops[op]; oi.unit >= 0 && m.units[oi.unit].vector {
			oi.busyWhy = ReasonVector
		}
	}
	if c.OutOfOrder {
		m.rob = make([]int64, c.Window)
	}
	if c.OutOfOrder && !c.Chaining {
		// Out of order, blocks hold vector instructions too, but not vmv<nr>r.v (its group
		// is in the immediate, which head does not cover). Their keys hold when each vector
		// register is ready; with chaining they would also need when its first beat is.
		for op := range m.ops {
			if oi := &m.ops[op]; oi.flags&(fVector|fVset) != 0 && oi.unit >= 0 && oi.args != isa.ArgsVMvNR {
				oi.block = true
			}
		}
	}
	m.blocks = newBlockCache()
	m.canHold = true
	m.bp.init(c)
	m.cache.init(c.L1DSize, c.L1DWays, c.L1DLine)
	m.sfLat = int64(c.StoreForward)
	m.aluAddr = make([]int64, reasonUnit0+len(c.Units))
	m.aluData = make([]int64, reasonUnit0+len(c.Units))
	m.loadAdv = make([]int64, reasonUnit0+len(c.Units))
	m.loadAdv[reasonDep+int(isa.ClassLoad)] = int64(c.LoadToALUAdvance)
	m.aluData[reasonDep+int(isa.ClassLoad)] = -int64(c.LoadToDataAdvance)
	if alu := c.classUnit[isa.ClassALU]; alu >= 0 {
		for cl := isa.Class(1); cl < isa.NumClasses; cl++ {
			if c.classUnit[cl] == alu {
				m.aluAddr[reasonDep+int(cl)] = int64(c.AddrExtra)
				m.aluData[reasonDep+int(cl)] = int64(c.DataExtra)
			}
		}
	}
	for _, x := range slices.Concat(m.aluAddr, m.aluData) {
		m.regSlack = max(m.regSlack, x)
	}
	m.sfSrc = -1
	m.stats.Stall = make([]uint64, reasonUnit0+len(c.Units))
	return m
}

// opInfo works out what the model needs about op on this core.
func (c *Core) opInfo(op isa.Op, xlen int) opInfo {
	oi := opInfo{unit: -1}
	row := isa.RowOf(op, xlen)
	if row == nil {
		return oi
	}
	oi.class = row.Class
	oi.args = row.Args
	oi.mem = row.Mem
	oi.depWhy = uint16(reasonDep + int(row.Class))
	oi.execWhy = uint16(reasonExec + int(row.Class))
	oi.store = row.Stores()
	if row.Args.ReadsRs1() {
		oi.flags |= fRs1
	}
	if row.Args.ReadsRs2() {
		oi.flags |= fRs2
	}
	if row.Args.WritesRd() {
		oi.flags |= fRd
	}
	switch row.Class {
	case isa.ClassLoad:
		oi.flags |= fLoad
	case isa.ClassStore:
		oi.flags |= fStore
	case isa.ClassAtomic:
		oi.flags |= fLoad | fStore
	case isa.ClassBranch:
		oi.flags |= fBranch
	case isa.ClassJump:
		oi.flags |= fJump
	}
	if isVectorClass(row.Class) {
		oi.flags = vectorFlags(row)
		if oi.flags&(fLoad|fStore) != 0 {
			oi.eew = memEEW(row)
		}
	}
	i := c.classUnit[row.Class]
	if i < 0 {
		return oi
	}
	u := &c.Units[i]
	oi.unit = int16(i)
	oi.busyWhy = uint16(reasonUnit0 + i)
	oi.aluRead = c.LoadToALUAdvance > 0 && oi.flags&(fLoad|fStore|fVector|fVset) == 0
	oi.lat, oi.interval = int32(u.Latency), int32(u.Interval)
	if oi.flags&fLoad != 0 && oi.flags&fVector == 0 {
		oi.lat = int32(c.L1DHit) // loads take the cache's latency unless an override says otherwise
	}
	for _, o := range c.Overrides { // class overrides first, then op overrides win
		if o.Class == row.Class && o.Op == isa.OpInvalid {
			oi.apply(o)
		}
	}
	for _, o := range c.Overrides {
		if o.Op == op && o.Op != isa.OpInvalid {
			oi.apply(o)
		}
	}
	// A block holds scalar instructions that run in the interpreter's loop or its general
	// path without entering the environment or reading a CSR (those end the emulator's
	// batches, so a block holding them would never be complete in one).
	switch {
	case oi.flags&(fVector|fVset) != 0:
	case row.Class == isa.ClassCSR || row.Class == isa.ClassSystem || row.Class == isa.ClassFence:
	default:
		oi.block = true
	}
	return oi
}

func (oi *opInfo) apply(o Override) {
	if o.Latency != 0 {
		oi.lat = int32(o.Latency)
	}
	if o.Interval != 0 {
		oi.interval = int32(o.Interval)
	}
}

// Core returns the description the model was built from.
func (m *Model) Core() *Core { return m.core }

// SetIdeal makes the model assume what llvm-mca assumes, for comparing the two on loop
// bodies (scripts/mca-compare.sh): every access hits in the L1 data cache and is aligned,
// every branch and jump is predicted and costs the front end nothing (no taken-branch
// bubble), and loads never depend on stores through memory. Dependencies, units, widths
// and the window are modelled as always. Call it before the first instruction.
func (m *Model) SetIdeal(on bool) { m.ideal = on }

// Err returns the first error met while modelling (an op whose class the core does not
// assign); instructions after it are not modelled.
func (m *Model) Err() error {
	m.drain()
	return m.err
}

// Cycles returns the cycles modelled so far: the cycle in which the last instruction issued
// (in order) or retired (out of order), counting from 1.
func (m *Model) Cycles() uint64 {
	m.drain()
	return m.ModelledCycles()
}

// ModelledCycles is Cycles without the instructions held back for the next batch: what the
// cycle count stands at after the instructions modelled so far. It leaves the model as it
// is (Cycles models the held instructions one at a time first, which a loop that goes on in
// the next batch would rather have modelled as a block), so a caller may read it after every
// batch: the guest's timers fire on it (emu's CSRFile.Modelled).
func (m *Model) ModelledCycles() uint64 {
	if !m.any {
		return 0
	}
	return uint64(m.cycle + 1)
}

// Stats returns the counters since the model was built or ResetStats was last called.
func (m *Model) Stats() *Stats {
	m.drain()
	s := &m.stats
	s.Cycles = m.Cycles() - s.startCycles
	return s
}

// ResetStats zeroes the counters (and the profile) but keeps the pipeline, cache and
// predictor state: measuring a warm repetition of a call.
func (m *Model) ResetStats() {
	m.drain()
	stall := m.stats.Stall
	clear(stall)
	m.stats = Stats{Stall: stall, startCycles: m.Cycles()}
	if m.prof != nil {
		m.prof.reset()
	}
}

// Retire models one retired instruction.
func (m *Model) Retire(e *Event) {
	m.drain()
	// (Field by field: a composite literal is built in a temporary and copied with wider
	// loads than its stores, which stalls store forwarding.)
	var s step
	s.pc, s.next, s.addr, s.in = e.PC, e.NextPC, e.MemAddr, &e.Inst
	s.size, s.store = e.MemSize, e.Store
	s.vl, s.sew, s.lmul8 = e.VL, e.SEW, e.LMUL8
	m.retire(&s)
}

// RetireBatch models the instructions of b, in order; it gives the same results as Retire
// called for each of them, faster: an in-order core's timing of a basic block it has seen
// start in the same state is replayed rather than worked out again (block.go).
func (m *Model) RetireBatch(b *Batch) {
	i := 0
	if m.held.n > 0 {
		i = m.resume(b)
	}
	m.blocks.newBatch()
	m.retireFrom(b, i, len(b.PC))
}

// retireFrom models b's instructions from i until one at or after stop starts, and returns
// its index. When the batch ends inside a block, the rest is held for the next batch (when
// m.canHold) or modelled one at a time.
func (m *Model) retireFrom(b *Batch, i, stop int) int {
	n := len(b.PC)
	var s step
	for i < stop {
		// (No block starts with an instruction blocks do not hold: a vector one, say.)
		if m.any && m.rec == nil && m.ops[b.Inst[i].Op].block { // a recorder needs every instruction timed
			k := m.blocks.retire(m, b, i)
			if k > 0 {
				i += k
				continue
			}
			if k < 0 {
				if m.canHold && m.hold(b, i) {
					return n
				}
				return i + m.retireEach(b, i, stop-i)
			}
		}
		m.retireRecord(b, &s, i, b.Inst[i], b.Addr[i])
		i++
	}
	return i
}

// retireEach models b's instructions i to i+n-1 one at a time and returns n.
func (m *Model) retireEach(b *Batch, i, n int) int {
	var s step
	for q := i; q < i+n; q++ {
		m.retireRecord(b, &s, q, b.Inst[q], b.Addr[q])
	}
	return n
}

// retireRecord models instruction i of b on its own.
func (m *Model) retireRecord(b *Batch, s *step, i int, in *isa.Inst, addr uint64) {
	m.stepAt(b, s, i, in, addr)
	m.retire(s)
}

// stepAt fills s with instruction i of b, in, which accessed addr.
func (m *Model) stepAt(b *Batch, s *step, i int, in *isa.Inst, addr uint64) {
	next := b.Next
	if i+1 < len(b.PC) {
		next = b.PC[i+1]
	}
	oi := &m.ops[in.Op]
	s.pc, s.next, s.addr, s.in = b.PC[i], next, addr, in
	s.size, s.store = oi.mem, oi.store
	if oi.flags&(fVector|fVset) != 0 {
		c := b.VCfg[i]
		s.vl, s.sew, s.lmul8 = c.VL(), c.SEW(), c.LMUL8()
	}
}

func (m *Model) retire(s *step) {
	if m.blocks != nil {
		m.blocks.streakBlk = nil // a loop's iterations are no longer consecutive
	}
	in := s.in
	oi := &m.ops[in.Op]
	if oi.unit < 0 {
		if m.err == nil && oi.class != isa.ClassNone {
			m.err = m.core.unassignedAt(in.Op, s.pc)
		}
		if oi.class != isa.ClassNone || in.Op == isa.OpInvalid {
			return
		}
	}
	prev := m.cycle
	if !m.any {
		m.any = true
		prev = -1
		m.stats.startCycles = 0
	}
	var delta int64
	switch {
	case oi.flags&(fVector|fVset) != 0 && m.core.OutOfOrder:
		delta = m.retireOOO(s, oi, prev, 0, false, nil)
	case oi.flags&(fVector|fVset) != 0:
		delta = m.retireInOrder(s, oi, prev)
	case m.core.OutOfOrder:
		delta = m.issueOOO(in, oi, prev, m.outcome(s, oi), nil)
	default:
		delta = m.issue(in, oi, prev, m.outcome(s, oi))
	}
	m.stats.Instructions++
	if p := m.prof; p != nil {
		p.add(s.pc, in, s.next, delta, m.lastWhy, m.lastStall, loopEdge(in, oi.flags))
	}
	if m.rec != nil {
		m.record(s, delta)
	}
}

// loopEdge reports whether in, with its op's flags, can close a loop for the profile: a
// branch or a plain jump, not a call or a return.
func loopEdge(in *isa.Inst, flags uint16) bool {
	return flags&fBranch != 0 || in.Op == isa.JAL && in.Rd == 0
}

// Outcomes of a scalar instruction's memory access and branch prediction: they do not depend
// on timing, so they can be worked out (updating the cache and the predictor) before it.
const (
	oMiss       = 1 << iota // the access missed in the L1 data cache
	oMisaligned             // the access was not naturally aligned
	oMispredict             // the branch or jump was mispredicted
	oTaken                  // the branch or jump was taken
)

// outcome runs a scalar instruction's access through the cache and its control transfer
// through the predictor, counting them.
func (m *Model) outcome(s *step, oi *opInfo) uint8 {
	var o uint8
	if oi.flags&(fLoad|fStore) != 0 {
		o = m.access(s.addr, s.size, s.store, oi)
		m.storeBuffer(s.addr, s.size, oi)
	}
	if oi.flags&(fBranch|fJump) != 0 {
		o |= m.predict(s.pc, s.next, s.in, oi)
	}
	return o
}

// storeBuffer runs a scalar access through the store buffer (storebuf.go): a store takes an
// entry, a load finds the store it may depend on. Atomics take no part.
func (m *Model) storeBuffer(addr uint64, size uint8, oi *opInfo) {
	m.sfSrc, m.sfSeq = -1, -1
	if size == 0 || m.ideal {
		return
	}
	switch oi.class {
	case isa.ClassLoad:
		// At most 8 bytes: two granules at most (find's general loop is for vector accesses).
		hi := addr + uint64(size)
		if cand := m.sb.filter[(addr>>3)&(sbHash-1)] | m.sb.filter[((hi-1)>>3)&(sbHash-1)]; cand != 0 {
			m.sfSrc, m.sfPart = m.sb.youngest(addr, hi, cand)
		}
	case isa.ClassStore:
		m.sfSeq = m.sb.insert(addr, addr+uint64(size))
	}
}

// access models a scalar access of size bytes at addr (none when size is 0): it counts the
// load or store and looks the bytes up in the cache.
func (m *Model) access(addr uint64, size uint8, store bool, oi *opInfo) uint8 {
	if size == 0 {
		return 0
	}
	if store && oi.flags&fLoad == 0 {
		m.stats.Stores++
	} else {
		m.stats.Loads++
	}
	if m.ideal {
		return 0
	}
	var o uint8
	if !m.cache.access(addr) {
		o = oMiss
	}
	if addr&uint64(size-1) != 0 {
		o |= oMisaligned
		m.stats.Misaligned++
		if last := addr + uint64(size) - 1; last>>m.cache.lineShift != addr>>m.cache.lineShift && !m.cache.access(last) {
			o |= oMiss
		}
	}
	if o&oMiss != 0 {
		m.stats.L1DMisses++
	}
	return o
}

// predict runs a branch or jump through the predictor and counts it.
func (m *Model) predict(pc, next uint64, in *isa.Inst, oi *opInfo) uint8 {
	taken := next != pc+uint64(in.Len)
	ok := true
	if oi.flags&fBranch != 0 {
		m.stats.Branches++
		ok = m.bp.branch(pc, next, taken)
	} else {
		ok = m.bp.jump(pc, next, in)
	}
	var o uint8
	if !ok && !m.ideal {
		m.stats.Mispredicts++
		o = oMispredict
	}
	if taken {
		o |= oTaken
	}
	return o
}

// memLatency returns a scalar instruction's latency and how long it holds its unit, given
// its memory outcome.
func (m *Model) memLatency(oi *opInfo, o uint8) (lat, occ int64) {
	lat, occ = int64(oi.lat), int64(oi.interval)
	if o&(oMiss|oMisaligned) == 0 {
		return lat, occ
	}
	c := m.core
	if o&oMisaligned != 0 {
		extra := int64(c.MisalignedPenalty)
		occ += extra
		if oi.flags&fLoad != 0 {
			lat += extra
		}
	}
	if o&oMiss != 0 && oi.flags&fLoad != 0 {
		lat += int64(c.L1DMiss - c.L1DHit)
	}
	return lat, occ
}

// issue is the in-order timing of a scalar instruction with outcome o, the last one having
// issued at prev: it returns the cycles it adds. (retireInOrder is the general form, for
// vector instructions; for scalar ones the two agree.)
func (m *Model) issue(in *isa.Inst, oi *opInfo, prev int64, o uint8) int64 {
	t := prev
	if t < 0 {
		t = 0
	} else if m.slots >= m.width {
		t++
	}
	base := t
	why := uint16(ReasonIssue)
	if m.fetchReady > t {
		t, why = m.fetchReady, m.fetchWhy
	}
	f := oi.flags
	switch {
	case f&(fLoad|fStore) != 0:
		t, why = m.memOperands(in, f, t, why)
	case oi.aluRead:
		t, why = m.aluOperands(in, f, t, why)
	default:
		if f&fRs1 != 0 {
			if r := m.ready[in.Rs1&31]; r > t {
				t, why = r, m.producer[in.Rs1&31]
			}
		}
		if f&fRs2 != 0 {
			if r := m.ready[in.Rs2&31]; r > t {
				t, why = r, m.producer[in.Rs2&31]
			}
		}
	}
	lat, occ := m.memLatency(oi, o)
	var fwd int64
	if oi.class == isa.ClassLoad {
		t, why, fwd = m.sb.forward(m.sfSrc, m.sfPart, t, why, m.sfLat)
	}

	// The unit: the copy that frees first.
	if oi.unit >= 0 {
		u := &m.units[oi.unit]
		k := 0
		for j := 1; j < u.count; j++ {
			if u.free[j] < u.free[k] {
				k = j
			}
		}
		if f := u.free[k]; f > t {
			t, why = f, oi.busyWhy
		}
		u.free[k] = t + occ
	}

	// Issue at t.
	if t == prev {
		m.slots++
	} else {
		m.slots = 1
	}
	m.cycle = t
	m.lastWhy, m.lastStall = why, t-base
	m.stats.Stall[ReasonIssue] += uint64(base - prev)
	m.stats.Stall[why] += uint64(t - base)

	if oi.class == isa.ClassStore {
		m.sb.setTimes(m.sfSeq, t, t+lat)
	}
	if m.rec != nil {
		m.tl = tlNote{base, t, t + max(lat, fwd-t), why}
	}
	if f&fRd != 0 {
		if rd := in.Rd & 31; rd != 0 {
			w := oi.depWhy
			switch {
			case fwd > t+lat:
				lat, w = fwd-t, ReasonStoreForward
			case o&oMiss != 0:
				w = ReasonCacheMiss
			case o&oMisaligned != 0:
				w = ReasonMisaligned
			}
			m.ready[rd] = t + lat + int64(m.core.BypassExtra)
			m.producer[rd] = w
		}
	}
	if f&(fBranch|fJump) != 0 {
		m.redirect(o, t+lat-1)
	}
	return t - prev
}

// aluOperands waits for the sources of an op that is not a load or store on a core whose
// loads reach it early (Core.LoadToALUAdvance).
func (m *Model) aluOperands(in *isa.Inst, f uint16, t int64, why uint16) (int64, uint16) {
	if f&fRs1 != 0 {
		p := m.producer[in.Rs1&31]
		if r := m.ready[in.Rs1&31] - m.loadAdv[p]; r > t {
			t, why = r, p
		}
	}
	if f&fRs2 != 0 {
		p := m.producer[in.Rs2&31]
		if r := m.ready[in.Rs2&31] - m.loadAdv[p]; r > t {
			t, why = r, p
		}
	}
	return t, why
}

// memOperands waits for a scalar memory op's address (rs1) and store data (rs2), with the
// extra cycles an ALU producer costs them on some cores.
func (m *Model) memOperands(in *isa.Inst, f uint16, t int64, why uint16) (int64, uint16) {
	if f&fRs1 != 0 {
		p := m.producer[in.Rs1&31]
		if r := m.ready[in.Rs1&31] + m.aluAddr[p]; r > t {
			t, why = r, p
		}
	}
	if f&fRs2 != 0 {
		p := m.producer[in.Rs2&31]
		if r := m.ready[in.Rs2&31] + m.aluData[p]; r > t {
			t, why = r, p
		}
	}
	return t, why
}

// redirect sets when the front end can fetch after a branch or jump with outcome o resolved
// at cycle t.
func (m *Model) redirect(o uint8, t int64) {
	if m.ideal {
		return // predicted, and fetched without a bubble
	}
	c := m.core
	switch {
	case o&oMispredict != 0:
		if r := t + 1 + int64(c.MispredictPenalty); r > m.fetchReady {
			m.fetchReady, m.fetchWhy = r, ReasonMispredict
		}
	case o&oTaken != 0:
		if r := t + 1 + int64(c.TakenBubble); r > m.fetchReady {
			m.fetchReady, m.fetchWhy = r, ReasonTaken
		}
	}
}

// operands returns the cycle the instruction's sources are ready and why it waited, starting
// from t.
func (m *Model) operands(s *step, oi *opInfo, t int64, why uint16) (int64, uint16) {
	f := oi.flags
	if f&fVector == 0 {
		if f&(fLoad|fStore) != 0 {
			return m.memOperands(s.in, f, t, why)
		}
		if oi.aluRead {
			return m.aluOperands(s.in, f, t, why)
		}
		if f&fRs1 != 0 {
			if r := m.ready[s.in.Rs1&31]; r > t {
				t, why = r, m.producer[s.in.Rs1&31]
			}
		}
		if f&fRs2 != 0 {
			if r := m.ready[s.in.Rs2&31]; r > t {
				t, why = r, m.producer[s.in.Rs2&31]
			}
		}
		return t, why
	}
	return m.vecOperands(s, oi, t, why)
}

// retireInOrder is the in-order timing of any instruction, vector ones included.
func (m *Model) retireInOrder(s *step, oi *opInfo, prev int64) int64 {
	c := m.core
	t := prev
	if t < 0 {
		t = 0
	} else if m.slots >= m.width {
		t++
	}
	base := t
	why := uint16(ReasonIssue)
	if m.fetchReady > t {
		t, why = m.fetchReady, m.fetchWhy
	}
	t, why = m.operands(s, oi, t, why)

	var o uint8
	lat := int64(oi.lat)
	occ := int64(oi.interval)
	var miss, mis bool
	if oi.flags&(fLoad|fStore) != 0 && oi.flags&fVector == 0 {
		o = m.access(s.addr, s.size, s.store, oi)
		lat, occ = m.memLatency(oi, o)
		miss, mis = o&oMiss != 0, o&oMisaligned != 0
	}
	var beats int64 = 1
	var fwd int64
	if oi.flags&fVector != 0 {
		m.vecMiss, m.sfUse = false, false
		beats, occ, lat = m.vecShape(s, oi, 0, false)
		miss = m.vecMiss
		if m.sfUse && oi.flags&fLoad != 0 {
			t, why, fwd = m.sb.forward(m.sfSrc, m.sfPart, t, why, m.sfLat)
		}
	}

	// The unit: the copy that frees first.
	if oi.unit >= 0 {
		u := &m.units[oi.unit]
		k := 0
		for j := 1; j < u.count; j++ {
			if u.free[j] < u.free[k] {
				k = j
			}
		}
		if f := u.free[k]; f > t {
			t, why = f, oi.busyWhy
		}
		u.free[k] = t + occ
	}

	// Issue at t.
	if t == prev {
		m.slots++
	} else {
		m.slots = 1
	}
	m.cycle = t
	delta := t - prev
	m.lastWhy, m.lastStall = why, t-base
	m.stats.Stall[ReasonIssue] += uint64(base - prev)
	m.stats.Stall[why] += uint64(t - base)

	if fwd > t+lat {
		lat, m.fwdReady = fwd-t, fwd
	}
	if m.sfUse && oi.flags&fStore != 0 {
		m.sb.setTimes(m.sfSeq, t+occ, t+lat) // its bytes are in once moved; written after a miss's refill
	}
	m.writeback(s, oi, t, lat, beats, miss, mis)
	m.fwdReady = 0
	if m.rec != nil {
		m.tl = tlNote{base, t, t + lat, why}
	}
	if oi.flags&(fBranch|fJump) != 0 {
		m.redirect(m.predict(s.pc, s.next, s.in, oi), t+lat-1)
	}
	if oi.flags&fVset != 0 && c.VsetvlCycles > 1 {
		// vsetvl* holds issue for its cycles.
		if r := t + int64(c.VsetvlCycles); r > m.fetchReady {
			m.fetchReady, m.fetchWhy = r, uint16(reasonUnit0+int(oi.unit))
		}
	}
	return delta
}

// writeback records when the instruction's result is ready and what it was.
func (m *Model) writeback(s *step, oi *opInfo, t, lat, beats int64, miss, mis bool) {
	if oi.flags&fRd == 0 {
		return
	}
	why := oi.depWhy
	switch {
	case m.fwdReady != 0:
		why = ReasonStoreForward
	case miss:
		why = ReasonCacheMiss
	case mis:
		why = ReasonMisaligned
	}
	extra := int64(m.core.BypassExtra)
	if oi.flags&fVRd == 0 {
		if rd := s.in.Rd & 31; rd != 0 {
			m.ready[rd] = t + lat + extra
			m.producer[rd] = why
		}
		return
	}
	m.vecWriteback(s, oi, t, lat, beats, extra, why)
}

// retireOOO is the out-of-order timing of any instruction, vector ones included, the last
// one having retired at prev: it returns the cycles it adds. given says that o is a vector
// access's outcome, worked out already (vecShape); log, when set, records the calendar
// cells the unit looked at (issueOOO).
func (m *Model) retireOOO(s *step, oi *opInfo, prev int64, o uint8, given bool, log *probeLog) int64 {
	c := m.core
	// Dispatch, in order, width per cycle, after the front end and when the window has room.
	d := m.dispatch
	if m.dispatched >= c.IssueWidth || m.dispatched >= c.FetchWidth {
		d++
	}
	dwhy := uint16(ReasonIssue)
	if m.fetchReady > d {
		d, dwhy = m.fetchReady, m.fetchWhy
	}
	if old := m.rob[m.robPos]; old > d {
		d, dwhy = old, ReasonWindow
	}
	if d == m.dispatch {
		m.dispatched++
	} else {
		m.dispatch, m.dispatched = d, 1
	}

	// Issue when the operands and a unit are ready.
	t, why := m.operands(s, oi, d, dwhy)
	lat := int64(oi.lat)
	occ := int64(oi.interval)
	var miss, mis bool
	if oi.flags&(fLoad|fStore) != 0 && oi.flags&fVector == 0 {
		o = m.access(s.addr, s.size, s.store, oi)
		lat, occ = m.memLatency(oi, o)
		miss, mis = o&oMiss != 0, o&oMisaligned != 0
	}
	var beats int64 = 1
	var fwd int64
	if oi.flags&fVector != 0 {
		m.vecMiss, m.sfUse = false, false
		beats, occ, lat = m.vecShape(s, oi, o, given)
		miss = m.vecMiss
		if m.sfUse && oi.flags&fLoad != 0 {
			t, why, fwd = m.sb.forward(m.sfSrc, m.sfPart, t, why, m.sfLat)
		}
	}
	if oi.unit >= 0 {
		u := &m.units[oi.unit]
		if r := u.reserve(t, occ, log, oi.unit); r > t {
			t, why = r, oi.busyWhy
		}
	}
	fwded := fwd > t+lat
	if fwded {
		lat, m.fwdReady = fwd-t, fwd
	}
	done := t + lat
	if oi.flags&fStore != 0 && oi.flags&fLoad == 0 {
		done = t + 1 // a store retires once its address and data are in the store buffer
	}
	m.writeback(s, oi, t, lat, beats, miss, mis)
	m.fwdReady = 0
	if m.rec != nil {
		m.tl = tlNote{d, t, done, why}
	}
	if oi.flags&(fBranch|fJump) != 0 {
		m.redirect(m.predict(s.pc, s.next, s.in, oi), t+lat-1)
	}

	// Retire, in order, width per cycle.
	r := prev
	if r < 0 {
		r = 0
	} else if m.slots >= c.IssueWidth {
		r++
	}
	base := r
	rwhy := uint16(ReasonIssue)
	if done > r {
		r = done
		rwhy = why
		if why == ReasonIssue {
			rwhy = oi.execWhy
		}
		if fwded {
			rwhy = ReasonStoreForward
		}
	}
	if r == prev {
		m.slots++
	} else {
		m.slots = 1
	}
	m.cycle = r
	m.rob[m.robPos] = r
	if m.robPos++; m.robPos == len(m.rob) {
		m.robPos = 0
	}
	if m.sfUse && oi.flags&fStore != 0 {
		m.sb.setTimes(m.sfSeq, t+occ, max(r, t+lat)) // written once it retires and its line is in
	}
	m.lastWhy, m.lastStall = rwhy, r-base
	m.stats.Stall[ReasonIssue] += uint64(base - prev)
	m.stats.Stall[rwhy] += uint64(r - base)
	return r - prev
}

// issueOOO is the out-of-order timing of a scalar instruction with outcome o, the last one
// having retired at prev: it returns the cycles it adds. (retireOOO is the general form, for
// vector instructions; for scalar ones the two agree.) log, when set, records the calendar
// cells the unit looked at.
func (m *Model) issueOOO(in *isa.Inst, oi *opInfo, prev int64, o uint8, log *probeLog) int64 {
	// Dispatch, in order, width per cycle, after the front end and when the window has room.
	d := m.dispatch
	if m.dispatched >= m.width {
		d++
	}
	dwhy := uint16(ReasonIssue)
	if m.fetchReady > d {
		d, dwhy = m.fetchReady, m.fetchWhy
	}
	if old := m.rob[m.robPos]; old > d {
		d, dwhy = old, ReasonWindow
	}
	if d == m.dispatch {
		m.dispatched++
	} else {
		m.dispatch, m.dispatched = d, 1
	}

	// Issue when the operands and a unit are ready.
	t, why := d, dwhy
	f := oi.flags
	switch {
	case f&(fLoad|fStore) != 0:
		t, why = m.memOperands(in, f, t, why)
	case oi.aluRead:
		t, why = m.aluOperands(in, f, t, why)
	default:
		if f&fRs1 != 0 {
			if r := m.ready[in.Rs1&31]; r > t {
				t, why = r, m.producer[in.Rs1&31]
			}
		}
		if f&fRs2 != 0 {
			if r := m.ready[in.Rs2&31]; r > t {
				t, why = r, m.producer[in.Rs2&31]
			}
		}
	}
	lat, occ := m.memLatency(oi, o)
	var fwd int64
	if oi.class == isa.ClassLoad {
		t, why, fwd = m.sb.forward(m.sfSrc, m.sfPart, t, why, m.sfLat)
	}
	if oi.unit >= 0 {
		if r := m.units[oi.unit].reserve(t, occ, log, oi.unit); r > t {
			t, why = r, oi.busyWhy
		}
	}
	fwded := fwd > t+lat
	if fwded {
		lat = fwd - t
	}
	done := t + lat
	if f&fStore != 0 && f&fLoad == 0 {
		done = t + 1 // a store retires once its address and data are in the store buffer
	}
	if f&fRd != 0 {
		if rd := in.Rd & 31; rd != 0 {
			w := oi.depWhy
			switch {
			case fwded:
				w = ReasonStoreForward
			case o&oMiss != 0:
				w = ReasonCacheMiss
			case o&oMisaligned != 0:
				w = ReasonMisaligned
			}
			m.ready[rd] = t + lat + int64(m.core.BypassExtra)
			m.producer[rd] = w
		}
	}
	if f&(fBranch|fJump) != 0 {
		m.redirect(o, t+lat-1)
	}
	if m.rec != nil {
		m.tl = tlNote{d, t, done, why}
	}

	// Retire, in order, width per cycle.
	r := prev
	if r < 0 {
		r = 0
	} else if m.slots >= m.core.IssueWidth {
		r++
	}
	base := r
	rwhy := uint16(ReasonIssue)
	if done > r {
		r = done
		rwhy = why
		if why == ReasonIssue {
			rwhy = oi.execWhy
		}
		if fwded {
			rwhy = ReasonStoreForward
		}
	}
	if r == prev {
		m.slots++
	} else {
		m.slots = 1
	}
	m.cycle = r
	m.rob[m.robPos] = r
	if m.robPos++; m.robPos == len(m.rob) {
		m.robPos = 0
	}
	if oi.class == isa.ClassStore {
		m.sb.setTimes(m.sfSeq, t, r) // written once it retires
	}
	m.lastWhy, m.lastStall = rwhy, r-base
	m.stats.Stall[ReasonIssue] += uint64(base - prev)
	m.stats.Stall[rwhy] += uint64(r - base)
	return r - prev
}

// reserve finds the first cycle at or after t at which a copy of the unit is free for occ
// cycles, books it and returns it. log, when set, records the cells it looked at and booked
// (the unit being unit).
func (u *unitState) reserve(t, occ int64, log *probeLog, unit int16) int64 {
	if occ < 1 {
		occ = 1
	}
	for tries := 0; tries < calSize; tries++ {
		ok := true
		for k := int64(0); k < occ && k < calSize; k++ {
			i := (t + k) & (calSize - 1)
			if log != nil {
				log.probe(unit, t+k, u.booked(t+k))
			}
			if e := u.cal[i]; e>>16 == t+k && int(uint16(e)) >= u.count {
				ok = false
				break
			}
		}
		if ok {
			break
		}
		t++
	}
	for k := int64(0); k < occ && k < calSize; k++ {
		u.book(t + k)
		if log != nil {
			log.books = append(log.books, probe{unit: unit, cycle: t + k})
		}
	}
	return t
}

// booked returns how many ops the calendar holds at cycle c.
func (u *unitState) booked(c int64) uint16 {
	if e := u.cal[c&(calSize-1)]; e>>16 == c {
		return uint16(e)
	}
	return 0
}

// book adds an op at cycle c to the calendar.
func (u *unitState) book(c int64) {
	i := c & (calSize - 1)
	e := u.cal[i]
	if e>>16 != c {
		e = c << 16
	}
	u.cal[i] = e + 1
	u.last = max(u.last, c)
}
