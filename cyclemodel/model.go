package cyclemodel

import (
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

// Reasons cycles are spent, in the order Stats.Stall holds them; the dependency, latency
// and busy-unit reasons follow as one entry per class and per unit.
const (
	ReasonIssue      = iota // the issue (and, out of order, retire) width: the cost of the instruction itself
	ReasonMispredict        // refetch after a mispredicted branch or jump
	ReasonTaken             // the fetch bubble of a correctly predicted taken branch or jump
	ReasonCacheMiss         // waiting for a load that missed in the L1 data cache
	ReasonMisaligned        // the extra cycles of a misaligned access
	ReasonWindow            // out of order: the reorder buffer was full
	ReasonVector            // a vector unit was still busy with an earlier instruction's beats
	reasonDep               // + class: waiting for a result of that class
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

type opInfo struct {
	unit     int16 // -1: the core does not assign the class
	flags    uint16
	class    isa.Class
	lat      int32
	interval int32
	eew      int32 // vector memory ops: element width in bytes (0: none named)
	args     isa.Args
}

type unitState struct {
	count    int
	vector   bool
	free     [maxCopies]int64 // in order: the cycle each copy can take its next op
	cal      []uint16         // out of order: ops started per cycle (ring), with...
	calCycle []int64          // ...the cycle each slot stands for
}

const calSize = 4096 // cycles an out-of-order unit calendar looks ahead

// Model is the pipeline model of one core running one program. It is not safe for concurrent
// use.
type Model struct {
	core *Core
	xlen int
	ops  [isa.NumOps]opInfo

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

	vlen, dlen int

	stats Stats
	prof  *profile
	err   error
	any   bool // an instruction has retired

	vecMiss   bool   // the current vector access missed
	lastWhy   uint16 // why the last instruction waited...
	lastStall int64  // ...and for how many cycles
}

// New returns a model of core for programs of the given XLEN (32 or 64), in the reset state:
// empty cache, untrained predictor, cycle 0. vlen overrides the core's VLEN when non-zero (a
// program run with --vlen).
func New(c *Core, xlen, vlen int) *Model {
	m := &Model{core: c, xlen: xlen, vlen: c.VLEN, dlen: c.DLEN}
	if vlen != 0 {
		m.vlen = vlen
	}
	if m.dlen > m.vlen && m.vlen > 0 {
		m.dlen = m.vlen
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
			m.units[i].cal = make([]uint16, calSize)
			m.units[i].calCycle = make([]int64, calSize)
		}
	}
	for op := isa.Op(0); op < isa.NumOps; op++ {
		m.ops[op] = c.opInfo(op, xlen)
	}
	if c.OutOfOrder {
		m.rob = make([]int64, c.Window)
	}
	m.bp.init(c)
	m.cache.init(c.L1DSize, c.L1DWays, c.L1DLine)
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
			oi.eew = memEEW(row.Name)
		}
	}
	i := c.classUnit[row.Class]
	if i < 0 {
		return oi
	}
	u := &c.Units[i]
	oi.unit = int16(i)
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

// Err returns the first error met while modelling (an op whose class the core does not
// assign); instructions after it are not modelled.
func (m *Model) Err() error { return m.err }

// Cycles returns the cycles modelled so far: the cycle in which the last instruction issued
// (in order) or retired (out of order), counting from 1.
func (m *Model) Cycles() uint64 {
	if !m.any {
		return 0
	}
	return uint64(m.cycle + 1)
}

// Stats returns the counters since the model was built or ResetStats was last called.
func (m *Model) Stats() *Stats {
	s := &m.stats
	s.Cycles = m.Cycles() - s.startCycles
	return s
}

// ResetStats zeroes the counters (and the profile) but keeps the pipeline, cache and
// predictor state: measuring a warm repetition of a call.
func (m *Model) ResetStats() {
	stall := m.stats.Stall
	clear(stall)
	m.stats = Stats{Stall: stall, startCycles: m.Cycles()}
	if m.prof != nil {
		m.prof.reset()
	}
}

// Retire models one retired instruction.
func (m *Model) Retire(e *Event) {
	oi := &m.ops[e.Inst.Op]
	if oi.unit < 0 {
		if m.err == nil && oi.class != isa.ClassNone {
			m.err = m.core.unassigned(e.Inst.Op)
		}
		if oi.class != isa.ClassNone || e.Inst.Op == isa.OpInvalid {
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
	if m.core.OutOfOrder {
		delta = m.retireOOO(e, oi, prev)
	} else {
		delta = m.retireInOrder(e, oi, prev)
	}
	m.stats.Instructions++
	if p := m.prof; p != nil {
		// Loops are backward branches and plain jumps, not calls or returns.
		edge := oi.flags&fBranch != 0 || e.Inst.Op == isa.JAL && e.Inst.Rd == 0
		p.add(e, delta, m.lastWhy, m.lastStall, edge)
	}
}

// operand returns the cycle the instruction's sources are ready and why it waited, starting
// from t.
func (m *Model) operands(e *Event, oi *opInfo, t int64, why uint16) (int64, uint16) {
	f := oi.flags
	if f&fVector == 0 {
		if f&fRs1 != 0 {
			if r := m.ready[e.Inst.Rs1&31]; r > t {
				t, why = r, m.producer[e.Inst.Rs1&31]
			}
		}
		if f&fRs2 != 0 {
			if r := m.ready[e.Inst.Rs2&31]; r > t {
				t, why = r, m.producer[e.Inst.Rs2&31]
			}
		}
		return t, why
	}
	return m.vecOperands(e, oi, t, why)
}

// memory models a scalar access: it returns the load-to-use latency and the extra cycles the
// access holds its unit, and counts hits, misses and misalignment.
func (m *Model) memory(e *Event, oi *opInfo) (lat int64, extra int64, miss, misaligned bool) {
	c := m.core
	lat = int64(oi.lat)
	size := uint64(e.MemSize)
	if size == 0 {
		return lat, 0, false, false
	}
	if e.Store && oi.flags&fLoad == 0 {
		m.stats.Stores++
	} else {
		m.stats.Loads++
	}
	if !m.cache.access(e.MemAddr) {
		miss = true
	}
	if e.MemAddr&(size-1) != 0 {
		misaligned = true
		m.stats.Misaligned++
		extra = int64(c.MisalignedPenalty)
		if last := e.MemAddr + size - 1; last>>m.cache.lineShift != e.MemAddr>>m.cache.lineShift && !m.cache.access(last) {
			miss = true
		}
	}
	if miss {
		m.stats.L1DMisses++
		if oi.flags&fLoad != 0 {
			lat += int64(c.L1DMiss - c.L1DHit)
		}
	}
	return lat + extra, extra, miss, misaligned
}

// control models the front end's view of a branch or jump resolved at cycle t: it sets when
// the next instruction can be fetched.
func (m *Model) control(e *Event, oi *opInfo, t int64) {
	if oi.flags&(fBranch|fJump) == 0 {
		return
	}
	taken := e.NextPC != e.PC+uint64(e.Inst.Len)
	ok := true
	if oi.flags&fBranch != 0 {
		m.stats.Branches++
		ok = m.bp.branch(e.PC, e.NextPC, taken)
	} else {
		ok = m.bp.jump(e)
	}
	c := m.core
	switch {
	case !ok:
		m.stats.Mispredicts++
		if r := t + 1 + int64(c.MispredictPenalty); r > m.fetchReady {
			m.fetchReady, m.fetchWhy = r, ReasonMispredict
		}
	case taken:
		if r := t + 1 + int64(c.TakenBubble); r > m.fetchReady {
			m.fetchReady, m.fetchWhy = r, ReasonTaken
		}
	}
}

func (m *Model) retireInOrder(e *Event, oi *opInfo, prev int64) int64 {
	c := m.core
	t := prev
	if t < 0 {
		t = 0
	} else if m.slots >= c.IssueWidth || m.slots >= c.FetchWidth {
		t++
	}
	base := t
	why := uint16(ReasonIssue)
	if m.fetchReady > t {
		t, why = m.fetchReady, m.fetchWhy
	}
	t, why = m.operands(e, oi, t, why)

	lat := int64(oi.lat)
	occ := int64(oi.interval)
	var miss, mis bool
	if oi.flags&(fLoad|fStore) != 0 && oi.flags&fVector == 0 {
		var extra int64
		var l int64
		l, extra, miss, mis = m.memory(e, oi)
		if oi.flags&fLoad != 0 {
			lat = l
		}
		occ += extra
	}
	var beats int64 = 1
	if oi.flags&fVector != 0 {
		m.vecMiss = false
		beats, occ, lat = m.vecShape(e, oi)
		miss = m.vecMiss
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
			t = f
			why = uint16(reasonUnit0 + int(oi.unit))
			if u.vector {
				why = ReasonVector
			}
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

	m.writeback(e, oi, t, lat, beats, miss, mis)
	m.control(e, oi, t+lat-1)
	if oi.flags&fVset != 0 && c.VsetvlCycles > 1 {
		// vsetvl* holds issue for its cycles.
		if r := t + int64(c.VsetvlCycles); r > m.fetchReady {
			m.fetchReady, m.fetchWhy = r, uint16(reasonUnit0+int(oi.unit))
		}
	}
	return delta
}

// writeback records when the instruction's result is ready and what it was.
func (m *Model) writeback(e *Event, oi *opInfo, t, lat, beats int64, miss, mis bool) {
	if oi.flags&fRd == 0 {
		return
	}
	why := uint16(reasonDep + int(oi.class))
	switch {
	case miss:
		why = ReasonCacheMiss
	case mis:
		why = ReasonMisaligned
	}
	extra := int64(m.core.BypassExtra)
	if oi.flags&fVRd == 0 {
		if rd := e.Inst.Rd & 31; rd != 0 {
			m.ready[rd] = t + lat + extra
			m.producer[rd] = why
		}
		return
	}
	m.vecWriteback(e, oi, t, lat, beats, extra, why)
}

func (m *Model) retireOOO(e *Event, oi *opInfo, prev int64) int64 {
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
	t, why := m.operands(e, oi, d, dwhy)
	lat := int64(oi.lat)
	occ := int64(oi.interval)
	var miss, mis bool
	if oi.flags&(fLoad|fStore) != 0 && oi.flags&fVector == 0 {
		var l, extra int64
		l, extra, miss, mis = m.memory(e, oi)
		if oi.flags&fLoad != 0 {
			lat = l
		}
		occ += extra
	}
	var beats int64 = 1
	if oi.flags&fVector != 0 {
		m.vecMiss = false
		beats, occ, lat = m.vecShape(e, oi)
		miss = m.vecMiss
	}
	if oi.unit >= 0 {
		u := &m.units[oi.unit]
		if s := u.reserve(t, occ); s > t {
			t = s
			why = uint16(reasonUnit0 + int(oi.unit))
			if u.vector {
				why = ReasonVector
			}
		}
	}
	done := t + lat
	if oi.flags&fStore != 0 && oi.flags&fLoad == 0 {
		done = t + 1 // a store retires once its address and data are in the store buffer
	}
	m.writeback(e, oi, t, lat, beats, miss, mis)
	m.control(e, oi, t+lat-1)

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
			rwhy = uint16(reasonExec + int(oi.class))
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
	m.lastWhy, m.lastStall = rwhy, r-base
	m.stats.Stall[ReasonIssue] += uint64(base - prev)
	m.stats.Stall[rwhy] += uint64(r - base)
	return r - prev
}

// reserve finds the first cycle at or after t at which a copy of the unit is free for occ
// cycles, books it and returns it.
func (u *unitState) reserve(t, occ int64) int64 {
	if occ < 1 {
		occ = 1
	}
	for tries := 0; tries < calSize; tries++ {
		ok := true
		for k := int64(0); k < occ && k < calSize; k++ {
			i := (t + k) & (calSize - 1)
			if u.calCycle[i] == t+k && int(u.cal[i]) >= u.count {
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
		i := (t + k) & (calSize - 1)
		if u.calCycle[i] != t+k {
			u.calCycle[i], u.cal[i] = t+k, 0
		}
		u.cal[i]++
	}
	return t
}
