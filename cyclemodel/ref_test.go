package cyclemodel

// The cost model as it was before the batched, memoizing implementation: the per-instruction
// Retire, kept verbatim (types renamed) as the oracle the fast model is checked against
// (oracle_test.go). Do not optimize it. Store-to-load forwarding was added later, the simple
// way: a list of the last stores, searched from the youngest.

import (
	"rvsim/isa"
)

type refOpInfo struct {
	unit     int16 // -1: the core does not assign the class
	flags    uint16
	class    isa.Class
	lat      int32
	interval int32
	eew      int32 // vector memory ops: element width in bytes (0: none named)
	args     isa.Args
}

type refUnitState struct {
	count    int
	vector   bool
	free     [maxCopies]int64 // in order: the cycle each copy can take its next op
	cal      []uint16         // out of order: ops started per cycle (ring), with...
	calCycle []int64          // ...the cycle each slot stands for
}

// refModel is the pipeline model of one core running one program. It is not safe for concurrent
// use.
type refModel struct {
	core *Core
	xlen int
	ops  [isa.NumOps]refOpInfo

	units []refUnitState

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

	bp    refPredictor
	cache refCache

	stores   []refStore // the last sbEntries stores, oldest first
	fwdReady int64      // a load's forwarded data decided its result (0: it did not)
	fwdSrc   *refStore  // the current load's youngest overlapping store
	fwdPart  bool       // ...which lacks some of its bytes

	vlen, dlen int

	stats Stats
	prof  *refProfile
	err   error
	any   bool // an instruction has retired

	vecMiss   bool   // the current vector access missed
	vecBytes  int64  // the bytes of the current unit-stride, whole-register or mask vector access (0: none)
	lastWhy   uint16 // why the last instruction waited...
	lastStall int64  // ...and for how many cycles
}

// refStore is a store that may still be in flight: the bytes [lo, hi) it writes, when its
// data exists and when it is written to the cache.
type refStore struct {
	lo, hi        uint64
	data, written int64
}

// addStore records a store (the oldest drops out).
func (m *refModel) addStore(lo, hi uint64, data, written int64) {
	m.stores = append(m.stores, refStore{lo, hi, data, written})
	if len(m.stores) > sbEntries {
		m.stores = m.stores[1:]
	}
}

// findStore sets the youngest store writing any of [lo, hi).
func (m *refModel) findStore(lo, hi uint64) {
	m.fwdSrc = nil
	for i := len(m.stores) - 1; i >= 0; i-- {
		st := &m.stores[i]
		if lo < st.hi && st.lo < hi {
			m.fwdSrc, m.fwdPart = st, lo < st.lo || hi > st.hi
			return
		}
	}
}

// waitStore is the load's issue time t (and why) after its youngest overlapping store, and
// the earliest its result can exist (0: no constraint).
func (m *refModel) waitStore(t int64, why uint16) (int64, uint16, int64) {
	st := m.fwdSrc
	if st == nil || st.written <= t {
		return t, why, 0
	}
	if m.fwdPart {
		return st.written, ReasonStoreForward, 0
	}
	return t, why, st.data + int64(m.core.StoreForward)
}

// New returns a model of core for programs of the given XLEN (32 or 64), in the reset state:
// empty cache, untrained predictor, cycle 0. vlen overrides the core's VLEN when non-zero (a
// program run with --vlen).
func newRef(c *Core, xlen, vlen int) *refModel {
	m := &refModel{core: c, xlen: xlen, vlen: c.VLEN, dlen: c.DLEN}
	if vlen != 0 {
		m.vlen = vlen
	}
	if m.dlen > m.vlen && m.vlen > 0 {
		m.dlen = m.vlen
	}
	m.units = make([]refUnitState, len(c.Units))
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
		m.ops[op] = refOpInfoFor(c, op, xlen)
	}
	if c.OutOfOrder {
		m.rob = make([]int64, c.Window)
	}
	m.bp.init(c)
	m.cache.init(c.L1DSize, c.L1DWays, c.L1DLine)
	m.stats.Stall = make([]uint64, reasonUnit0+len(c.Units))
	return m
}

// refOpInfo works out what the model needs about op on this core.
func refOpInfoFor(c *Core, op isa.Op, xlen int) refOpInfo {
	oi := refOpInfo{unit: -1}
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
			oi.eew = memEEW(row)
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

func (oi *refOpInfo) apply(o Override) {
	if o.Latency != 0 {
		oi.lat = int32(o.Latency)
	}
	if o.Interval != 0 {
		oi.interval = int32(o.Interval)
	}
}

// Core returns the description the model was built from.
func (m *refModel) Core() *Core { return m.core }

// Err returns the first error met while modelling (an op whose class the core does not
// assign); instructions after it are not modelled.
func (m *refModel) Err() error { return m.err }

// Cycles returns the cycles modelled so far: the cycle in which the last instruction issued
// (in order) or retired (out of order), counting from 1.
func (m *refModel) Cycles() uint64 {
	if !m.any {
		return 0
	}
	return uint64(m.cycle + 1)
}

// Stats returns the counters since the model was built or ResetStats was last called.
func (m *refModel) Stats() *Stats {
	s := &m.stats
	s.Cycles = m.Cycles() - s.startCycles
	return s
}

// ResetStats zeroes the counters (and the profile) but keeps the pipeline, cache and
// refPredictor state: measuring a warm repetition of a call.
func (m *refModel) ResetStats() {
	stall := m.stats.Stall
	clear(stall)
	m.stats = Stats{Stall: stall, startCycles: m.Cycles()}
	if m.prof != nil {
		m.prof.reset()
	}
}

// Retire models one retired instruction.
func (m *refModel) Retire(e *Event) {
	oi := &m.ops[e.Inst.Op]
	if oi.unit < 0 {
		if m.err == nil && oi.class != isa.ClassNone {
			m.err = m.core.unassignedAt(e.Inst.Op, e.PC)
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
func (m *refModel) operands(e *Event, oi *refOpInfo, t int64, why uint16) (int64, uint16) {
	f := oi.flags
	if f&fVector == 0 {
		// A scalar memory op's address and store data wait longer for an ALU-unit producer
		// on some cores (AddrExtra, DataExtra).
		// Other ops, and store data, read a load's result early on some (LoadToALUAdvance,
		// LoadToDataAdvance); a memory op's address and data wait longer for an ALU-unit
		// producer (AddrExtra, DataExtra).
		alu := m.core.classUnit[isa.ClassALU]
		load := uint16(reasonDep + int(isa.ClassLoad))
		aluProduced := func(p uint16) bool {
			return p >= reasonDep && int(p) < reasonExec && alu >= 0 && m.core.classUnit[int(p)-reasonDep] == alu
		}
		mem := f&(fLoad|fStore) != 0
		extra := func(p uint16, data bool) int64 {
			switch {
			case !mem && p == load && f&fVset == 0:
				return -int64(m.core.LoadToALUAdvance)
			case !mem:
				return 0
			case data && p == load:
				return -int64(m.core.LoadToDataAdvance)
			case data && aluProduced(p):
				return int64(m.core.DataExtra)
			case !data && aluProduced(p):
				return int64(m.core.AddrExtra)
			}
			return 0
		}
		if f&fRs1 != 0 {
			p := m.producer[e.Inst.Rs1&31]
			if r := m.ready[e.Inst.Rs1&31] + extra(p, false); r > t {
				t, why = r, p
			}
		}
		if f&fRs2 != 0 {
			p := m.producer[e.Inst.Rs2&31]
			if r := m.ready[e.Inst.Rs2&31] + extra(p, true); r > t {
				t, why = r, p
			}
		}
		return t, why
	}
	return m.vecOperands(e, oi, t, why)
}

// memory models a scalar access: it returns the load-to-use latency and the extra cycles the
// access holds its unit, and counts hits, misses and misalignment.
func (m *refModel) memory(e *Event, oi *refOpInfo) (lat int64, extra int64, miss, misaligned bool) {
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
func (m *refModel) control(e *Event, oi *refOpInfo, t int64) {
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

func (m *refModel) retireInOrder(e *Event, oi *refOpInfo, prev int64) int64 {
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
	m.fwdSrc = nil
	sized := false
	if oi.flags&(fLoad|fStore) != 0 && oi.flags&fVector == 0 {
		var extra int64
		var l int64
		l, extra, miss, mis = m.memory(e, oi)
		if oi.flags&fLoad != 0 {
			lat = l
		}
		occ += extra
		sized = e.MemSize != 0 && (oi.class == isa.ClassLoad || oi.class == isa.ClassStore)
		if sized && oi.class == isa.ClassLoad {
			m.findStore(e.MemAddr, e.MemAddr+uint64(e.MemSize))
		}
	}
	var beats int64 = 1
	var vbytes int64
	if oi.flags&fVector != 0 {
		m.vecMiss = false
		beats, occ, lat = m.vecShape(e, oi)
		miss = m.vecMiss
		vbytes = m.vecBytes
		if vbytes > 0 && oi.flags&fLoad != 0 {
			m.findStore(e.MemAddr, e.MemAddr+uint64(vbytes))
		}
	}
	var fwd int64
	if oi.flags&fLoad != 0 && (sized || vbytes > 0) {
		t, why, fwd = m.waitStore(t, why)
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

	m.fwdReady = 0
	if fwd > t+lat {
		lat, m.fwdReady = fwd-t, fwd
	}
	if oi.flags&fStore != 0 {
		switch {
		case sized:
			m.addStore(e.MemAddr, e.MemAddr+uint64(e.MemSize), t, t+lat)
		case vbytes > 0:
			m.addStore(e.MemAddr, e.MemAddr+uint64(vbytes), t+occ, t+lat)
		}
	}
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
func (m *refModel) writeback(e *Event, oi *refOpInfo, t, lat, beats int64, miss, mis bool) {
	if oi.flags&fRd == 0 {
		return
	}
	why := uint16(reasonDep + int(oi.class))
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
		if rd := e.Inst.Rd & 31; rd != 0 {
			m.ready[rd] = t + lat + extra
			m.producer[rd] = why
		}
		return
	}
	m.vecWriteback(e, oi, t, lat, beats, extra, why)
}

func (m *refModel) retireOOO(e *Event, oi *refOpInfo, prev int64) int64 {
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
	m.fwdSrc = nil
	sized := false
	if oi.flags&(fLoad|fStore) != 0 && oi.flags&fVector == 0 {
		var l, extra int64
		l, extra, miss, mis = m.memory(e, oi)
		if oi.flags&fLoad != 0 {
			lat = l
		}
		occ += extra
		sized = e.MemSize != 0 && (oi.class == isa.ClassLoad || oi.class == isa.ClassStore)
		if sized && oi.class == isa.ClassLoad {
			m.findStore(e.MemAddr, e.MemAddr+uint64(e.MemSize))
		}
	}
	var beats int64 = 1
	var vbytes int64
	if oi.flags&fVector != 0 {
		m.vecMiss = false
		beats, occ, lat = m.vecShape(e, oi)
		miss = m.vecMiss
		vbytes = m.vecBytes
		if vbytes > 0 && oi.flags&fLoad != 0 {
			m.findStore(e.MemAddr, e.MemAddr+uint64(vbytes))
		}
	}
	var fwd int64
	if oi.flags&fLoad != 0 && (sized || vbytes > 0) {
		t, why, fwd = m.waitStore(t, why)
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
	m.fwdReady = 0
	if fwd > t+lat {
		lat, m.fwdReady = fwd-t, fwd
	}
	fwded := m.fwdReady != 0
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
		if fwded {
			rwhy = ReasonStoreForward
		}
	}
	if oi.flags&fStore != 0 {
		switch {
		case sized:
			m.addStore(e.MemAddr, e.MemAddr+uint64(e.MemSize), t, r)
		case vbytes > 0:
			m.addStore(e.MemAddr, e.MemAddr+uint64(vbytes), t+occ, max(r, t+lat))
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
func (u *refUnitState) reserve(t, occ int64) int64 {
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

// group returns how many registers an operand of this instruction spans.
func (m *refModel) group(e *Event) int {
	g := e.LMUL8 / 8
	if g < 1 {
		g = 1
	}
	return g
}

// vecShape returns the beats an instruction takes, how long it holds its unit and its
// latency to the last beat's result.
func (m *refModel) vecShape(e *Event, oi *refOpInfo) (beats, occ, lat int64) {
	lmul8 := e.LMUL8
	if lmul8 == 0 {
		lmul8 = 8
	}
	bits := m.vlen * lmul8 / 8
	beats = int64((bits + m.dlen - 1) / m.dlen)
	if beats < 1 || oi.class == isa.ClassVMask {
		beats = 1
	}
	if oi.flags&(fLoad|fStore) != 0 {
		return m.vecMemory(e, oi)
	}
	occ = beats * int64(oi.interval)
	lat = int64(oi.lat) + (beats-1)*int64(oi.interval)
	m.stats.VectorBeats += uint64(beats)
	return beats, occ, lat
}

// vecMemory models a vector load or store: bytes moved at the core's rate, each line
// looked up in the cache.
func (m *refModel) vecMemory(e *Event, oi *refOpInfo) (beats, occ, lat int64) {
	c := m.core
	nf := int64(e.Inst.Nf) + 1
	var bytes int64
	strided := false
	switch {
	case oi.args == isa.ArgsVMemWhole:
		bytes = nf * int64(m.vlen/8)
	case oi.eew == 0: // vlm.v, vsm.v
		bytes = int64(e.VL+7) / 8
	default:
		eew := int64(oi.eew)
		if oi.args == isa.ArgsVMemIndex {
			eew = int64(e.SEW / 8)
		}
		bytes = int64(e.VL) * eew * nf
		strided = oi.args == isa.ArgsVMemStride || oi.args == isa.ArgsVMemIndex
	}
	rate := int64(c.VecLSBytes)
	occ = (bytes + rate - 1) / rate
	if strided {
		occ = int64(e.VL) * nf // one element per cycle
	}
	if occ < 1 {
		occ = 1
	}
	lat = int64(oi.lat)
	miss := false
	if e.Store {
		m.stats.Stores++
	} else {
		m.stats.Loads++
	}
	m.vecBytes = 0
	if bytes > 0 && !strided {
		m.vecBytes = bytes
		line := uint64(c.L1DLine)
		for a := e.MemAddr &^ (line - 1); a < e.MemAddr+uint64(bytes); a += line {
			if !m.cache.access(a) {
				miss = true
			}
		}
	}
	if miss {
		m.stats.L1DMisses++
		lat += int64(c.L1DMiss - c.L1DHit)
		m.vecMiss = true
	}
	return occ, occ, lat + occ - 1
}

// vecOperands waits for the vector (and scalar) sources of a vector instruction.
func (m *refModel) vecOperands(e *Event, oi *refOpInfo, t int64, why uint16) (int64, uint16) {
	f := oi.flags
	g := m.group(e)
	wait := func(reg int, n int) {
		for i := 0; i < n && reg+i < 64; i++ {
			r := m.ready[reg+i]
			if m.core.Chaining {
				r = m.chainReady[reg+i]
			}
			if r > t {
				t, why = r, m.producer[reg+i]
			}
		}
	}
	if f&fRs1 != 0 {
		if f&fVRs1 != 0 {
			wait(32+int(e.Inst.Rs1&31), g)
		} else if r := m.ready[e.Inst.Rs1&31]; r > t {
			t, why = r, m.producer[e.Inst.Rs1&31]
		}
	}
	if f&fRs2 != 0 {
		if f&fVRs2 != 0 {
			wait(32+int(e.Inst.Rs2&31), g)
		} else if r := m.ready[e.Inst.Rs2&31]; r > t {
			t, why = r, m.producer[e.Inst.Rs2&31]
		}
	}
	if f&fReadVd != 0 {
		wait(32+int(e.Inst.Rd&31), m.destGroup(e, oi))
	}
	if f&fReadV0 != 0 || e.Inst.Vm == 0 {
		wait(32, 1)
	}
	return t, why
}

// destGroup is the number of registers the destination (or store data) spans.
func (m *refModel) destGroup(e *Event, oi *refOpInfo) int {
	if oi.args == isa.ArgsVMemWhole || oi.args == isa.ArgsVMvNR {
		if oi.args == isa.ArgsVMvNR {
			return int(e.Inst.Imm)
		}
		return int(e.Inst.Nf) + 1
	}
	if oi.class == isa.ClassVMask {
		return 1
	}
	return m.group(e) * (int(e.Inst.Nf) + 1)
}

// vecWriteback records when a vector instruction's destination group is ready.
func (m *refModel) vecWriteback(e *Event, oi *refOpInfo, t, lat, beats, extra int64, why uint16) {
	first := t + lat - (beats-1)*int64(oi.interval) + extra
	if oi.flags&fLoad != 0 {
		first = t + int64(oi.lat) + extra
		if m.vecMiss {
			first += int64(m.core.L1DMiss - m.core.L1DHit)
		}
		if m.fwdReady != 0 {
			first = max(first, m.fwdReady+extra)
		}
	}
	n := m.destGroup(e, oi)
	base := 32 + int(e.Inst.Rd&31)
	for i := 0; i < n && base+i < 64; i++ {
		m.ready[base+i] = t + lat + extra
		m.chainReady[base+i] = first
		m.producer[base+i] = why
	}
}

// refPredictor is the front end's branch and jump prediction: a direction predictor for
// conditional branches (static, bimodal or gshare two-bit counters), a return-address stack
// and a last-target buffer for indirect jumps.
type refPredictor struct {
	kind    uint8 // 0 static, 1 bimodal, 2 gshare
	ctr     []uint8
	mask    uint64
	hist    uint64
	hmask   uint64
	ras     []uint64
	rasTop  int // entries in use (saturates; the oldest are overwritten)
	rasPos  int
	btb     []uint64 // target+1 per entry, 0: empty
	btbMask uint64
}

func (p *refPredictor) init(c *Core) {
	*p = refPredictor{}
	switch c.Predictor {
	case "bimodal":
		p.kind = 1
	case "gshare":
		p.kind = 2
		p.hmask = 1<<c.HistoryBits - 1
	}
	if p.kind != 0 {
		p.ctr = make([]uint8, c.PredictorEntries)
		for i := range p.ctr {
			p.ctr[i] = 1 // weakly not taken
		}
		p.mask = uint64(c.PredictorEntries - 1)
	}
	if c.RASEntries > 0 {
		p.ras = make([]uint64, c.RASEntries)
	}
	if c.BTBEntries > 0 {
		n := 1
		for n < c.BTBEntries {
			n <<= 1
		}
		p.btb = make([]uint64, n)
		p.btbMask = uint64(n - 1)
	}
}

// branch predicts the conditional branch at pc, learns its outcome and reports whether the
// prediction was right.
func (p *refPredictor) branch(pc, next uint64, taken bool) bool {
	if p.kind == 0 {
		return taken == (next < pc) // backward taken, forward not taken
	}
	i := pc >> 1
	if p.kind == 2 {
		i ^= p.hist
	}
	i &= p.mask
	c := p.ctr[i]
	guess := c >= 2
	if taken && c < 3 {
		p.ctr[i] = c + 1
	} else if !taken && c > 0 {
		p.ctr[i] = c - 1
	}
	if p.kind == 2 {
		b := uint64(0)
		if taken {
			b = 1
		}
		p.hist = (p.hist<<1 | b) & p.hmask
	}
	return guess == taken
}

// jump predicts jal/jalr and learns: jal's target is in the instruction; returns pop the
// return-address stack; other jalr use the last target seen at that pc.
func (p *refPredictor) jump(e *Event) bool {
	in := &e.Inst
	rd, rs1 := in.Rd&31, in.Rs1&31
	ret := e.PC + uint64(in.Len)
	direct := e.Inst.Op == isa.JAL
	ok := true
	switch {
	case direct:
	case rd == 0 && isLink(rs1) && len(p.ras) > 0:
		ok = p.rasTop > 0 && p.ras[(p.rasPos+len(p.ras)-1)%len(p.ras)] == e.NextPC
		if p.rasTop > 0 {
			p.rasPos = (p.rasPos + len(p.ras) - 1) % len(p.ras)
			p.rasTop--
		}
	default:
		if len(p.btb) == 0 {
			ok = false
			break
		}
		i := (e.PC >> 1) & p.btbMask
		ok = p.btb[i] == e.NextPC+1
		p.btb[i] = e.NextPC + 1
	}
	if isLink(rd) && len(p.ras) > 0 {
		p.ras[p.rasPos] = ret
		p.rasPos = (p.rasPos + 1) % len(p.ras)
		if p.rasTop < len(p.ras) {
			p.rasTop++
		}
	}
	return ok
}

// refCache is a set-associative L1 data cache with LRU replacement, write-allocate: only tags
// are kept, enough to tell hits from misses.
type refCache struct {
	tags      []uint64 // line address + 1 per way, 0: invalid
	used      []uint32 // last-use stamp per way
	ways      int
	setMask   uint64
	lineShift uint
	clock     uint32
}

func (c *refCache) init(size, ways, line int) {
	sets := size / (ways * line)
	*c = refCache{
		tags:      make([]uint64, sets*ways),
		used:      make([]uint32, sets*ways),
		ways:      ways,
		setMask:   uint64(sets - 1),
		lineShift: log2(line),
	}
}

// access looks the line holding addr up, fills it on a miss, and reports a hit.
func (c *refCache) access(addr uint64) bool {
	line := addr >> c.lineShift
	base := int(line&c.setMask) * c.ways
	c.clock++
	tags := c.tags[base : base+c.ways]
	used := c.used[base : base+c.ways]
	victim := 0
	for w, t := range tags {
		if t == line+1 {
			used[w] = c.clock
			return true
		}
		if used[w] < used[victim] || t == 0 && tags[victim] != 0 {
			victim = w
		}
	}
	tags[victim] = line + 1
	used[victim] = c.clock
	return false
}

// refProfile keeps per-instruction counters for the pcs in [lo, hi).
type refProfile struct {
	lo, hi uint64
	count  []uint64
	cycles []uint64
	stall  []uint64
	why    []uint16 // reason of the instruction's largest stall
	worst  []uint32 // that stall's length
	back   []uint32 // slot of a backward-branch target + 1
	taken  []uint64 // times the backward branch was taken
	insts  []isa.Inst
}

func (p *refProfile) reset() {
	clear(p.count)
	clear(p.cycles)
	clear(p.stall)
	clear(p.why)
	clear(p.worst)
	clear(p.taken)
}

func (p *refProfile) add(e *Event, delta int64, why uint16, stall int64, edge bool) {
	if e.PC < p.lo || e.PC >= p.hi {
		return
	}
	i := (e.PC - p.lo) >> 1
	if p.count[i] == 0 {
		p.insts[i] = e.Inst
	}
	p.count[i]++
	p.cycles[i] += uint64(delta)
	if stall > 0 {
		p.stall[i] += uint64(stall)
		if uint32(stall) >= p.worst[i] {
			p.worst[i], p.why[i] = uint32(stall), why
		}
	}
	if edge && e.NextPC <= e.PC && e.NextPC >= p.lo {
		p.back[i] = uint32((e.NextPC-p.lo)>>1) + 1
		p.taken[i]++
	}
}
