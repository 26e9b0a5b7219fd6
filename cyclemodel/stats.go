package cyclemodel

import (
	"sort"
	"sync/atomic"

	"rvsim/isa"
)

// Stats counts what the model saw since it was built or ResetStats was called. Stall[i] is
// the cycles attributed to reason i (ReasonName names them); the entries add up to Cycles.
type Stats struct {
	Cycles       uint64
	Instructions uint64
	Stall        []uint64
	Branches     uint64 // conditional branches
	Mispredicts  uint64 // branches and jumps
	Loads        uint64
	Stores       uint64
	L1DMisses    uint64
	Misaligned   uint64
	VectorBeats  uint64

	startCycles uint64
}

// IPC is instructions per cycle.
func (s *Stats) IPC() float64 {
	if s.Cycles == 0 {
		return 0
	}
	return float64(s.Instructions) / float64(s.Cycles)
}

// ReasonName names reason i: "issue", "mispredict", "taken-branch", "cache-miss",
// "misaligned", "window-full", "vector-occupancy", "store-forward" (a load waited for an
// older store in flight: its data, forwarded, or its write to the cache), "dep:CLASS" (waiting for a result of that
// class; "load-use" for loads), "latency:CLASS" (out of order: retirement waited for the
// instruction's own latency) and "busy:UNIT".
func (m *Model) ReasonName(i int) string {
	switch {
	case i == ReasonIssue:
		return "issue"
	case i == ReasonMispredict:
		return "mispredict"
	case i == ReasonTaken:
		return "taken-branch"
	case i == ReasonCacheMiss:
		return "cache-miss"
	case i == ReasonMisaligned:
		return "misaligned"
	case i == ReasonWindow:
		return "window-full"
	case i == ReasonVector:
		return "vector-occupancy"
	case i == ReasonStoreForward:
		return "store-forward"
	case i < reasonExec:
		cl := isa.Class(i - reasonDep)
		if cl == isa.ClassLoad {
			return "load-use"
		}
		return "dep:" + cl.String()
	case i < reasonUnit0:
		return "latency:" + isa.Class(i-reasonExec).String()
	case i-reasonUnit0 < len(m.core.Units):
		return "busy:" + m.core.Units[i-reasonUnit0].Name
	}
	return "?"
}

// Share is the cycles spent for one reason.
type Share struct {
	Reason string
	Cycles uint64
}

// Breakdown returns the reasons that cost cycles, most first.
func (m *Model) Breakdown() []Share {
	m.drain()
	var sh []Share
	for i, n := range m.stats.Stall {
		if n != 0 {
			sh = append(sh, Share{m.ReasonName(i), n})
		}
	}
	sort.SliceStable(sh, func(i, j int) bool { return sh[i].Cycles > sh[j].Cycles })
	return sh
}

// profile keeps per-instruction counters for the pcs in [lo, hi) that retire: one record
// per pc, in the order first seen, so that a program's libraries (mapped anywhere in a
// 64-bit address space) cost only the code that runs. A direct-mapped cache of pc to record
// keeps the map out of the way of the loops' pcs.
type profile struct {
	lo, hi uint64
	gen    uint64 // tells blocks' record indices (block.prof) of another profile or before a reset
	byAddr map[uint64]int32
	cache  *[profCacheSize]profCacheEntry
	recs   []profRec

	reasons *reasonCells // per-pc cycles by reason (KeepReasons; nil: not kept)
}

// profRec is one pc's counters.
type profRec struct {
	pc                          uint64
	count, cycles, stall, taken uint64 // taken: times the backward branch here was taken
	back                        uint64 // that branch's target (with taken > 0)
	worst                       uint32 // the length of the instruction's largest stall
	why                         uint16 // and its reason
	inst                        isa.Inst
}

type profCacheEntry struct {
	pc  uint64
	rec int32 // 1 + the index in recs (0: empty)
}

const profCacheSize = 1 << 14

// maxProfiled bounds the pcs a profile keeps records for (about 100 bytes each, so some
// 100 MB at most): the instructions at any further pcs are counted together, as outside
// the range. A program runs far fewer distinct pcs than that; a guest writing code without
// end does not exhaust the host. (A variable for the tests.)
var maxProfiled = 1 << 20

// SetProfile turns on per-instruction counting for pcs in [lo, hi) (the program's text, or
// all of the address space): TopInsts and TopLoops report them.
func (m *Model) SetProfile(lo, hi uint64) {
	m.drain()
	if hi <= lo {
		m.prof = nil
		return
	}
	m.prof = &profile{lo: lo, hi: hi, gen: profGen.Add(1), byAddr: map[uint64]int32{}, cache: new([profCacheSize]profCacheEntry)}
}

// profGen numbers profiles and their resets (profile.gen): one count for every model, which
// may run on goroutines of their own.
var profGen atomic.Uint64

func (p *profile) reset() {
	p.gen = profGen.Add(1)
	p.recs = p.recs[:0]
	clear(p.byAddr)
	clear(p.cache[:])
	if p.reasons != nil {
		p.reasons.reset()
	}
}

// rec returns pc's record and its index, adding it; nil when the profile is full.
func (p *profile) rec(pc uint64) (*profRec, int32) {
	e := &p.cache[(pc>>1)&(profCacheSize-1)]
	if e.rec != 0 && e.pc == pc {
		return &p.recs[e.rec-1], e.rec - 1
	}
	i, ok := p.byAddr[pc]
	if !ok {
		if len(p.recs) >= maxProfiled {
			return nil, 0
		}
		i = int32(len(p.recs))
		p.recs = append(p.recs, profRec{pc: pc})
		p.byAddr[pc] = i
		if p.reasons != nil {
			p.reasons.head = append(p.reasons.head, 0)
		}
	}
	*e = profCacheEntry{pc: pc, rec: i + 1}
	return &p.recs[i], i
}

// byPC returns the indices of the records in pc order.
func (p *profile) byPC() []int32 {
	ix := make([]int32, len(p.recs))
	for i := range ix {
		ix[i] = int32(i)
	}
	sort.Slice(ix, func(a, b int) bool { return p.recs[ix[a]].pc < p.recs[ix[b]].pc })
	return ix
}

func (p *profile) add(pc uint64, in *isa.Inst, next uint64, delta int64, why uint16, stall int64, edge bool) {
	p.addN(pc, in, next, delta, why, stall, edge, 1)
}

// index returns the index of pc's record, adding it; -1 outside the range or when the
// profile is full.
func (p *profile) index(pc uint64) int32 {
	if pc < p.lo || pc >= p.hi {
		return -1
	}
	if r, i := p.rec(pc); r != nil {
		return i
	}
	return -1
}

// recsOf returns the records of a block's instructions (pcs), which it keeps: a block's
// instructions are at the same pcs each time, and records stay where they are until a
// reset, which empties the profile (addAt checks each record's pc all the same).
func (p *profile) recsOf(blk *block, pcs []uint64) []int32 {
	if blk.profGen == p.gen && len(blk.prof) == len(pcs) {
		return blk.prof
	}
	blk.profGen = p.gen
	blk.prof = blk.prof[:0]
	for _, pc := range pcs {
		blk.prof = append(blk.prof, p.index(pc))
	}
	return blk.prof
}

// addN is add called n times with the same arguments.
func (p *profile) addN(pc uint64, in *isa.Inst, next uint64, delta int64, why uint16, stall int64, edge bool, n uint64) {
	if n == 0 {
		return
	}
	p.addAt(p.index(pc), pc, in, next, delta, why, stall, edge, n)
}

// addAt is addN for the record at index i (-1: outside).
func (p *profile) addAt(i int32, pc uint64, in *isa.Inst, next uint64, delta int64, why uint16, stall int64, edge bool, n uint64) {
	if n == 0 {
		return
	}
	if i < 0 {
		if p.reasons != nil {
			p.reasons.outside(delta, why, stall, n)
		}
		return
	}
	r := &p.recs[i]
	if r.pc != pc {
		i = p.index(pc)
		p.addAt(i, pc, in, next, delta, why, stall, edge, n)
		return
	}
	if r.count == 0 {
		r.inst = *in
	}
	r.count += n
	r.cycles += n * uint64(delta)
	if stall > 0 {
		r.stall += n * uint64(stall)
		if uint32(stall) >= r.worst {
			r.worst, r.why = uint32(stall), why
		}
		if p.reasons != nil {
			p.reasons.add(i, why, n*uint64(stall))
		}
	}
	if edge && next <= pc && next >= p.lo {
		r.back = next
		r.taken += n
	}
}

// InstProfile is one instruction's share of the cycles.
type InstProfile struct {
	PC     uint64
	Inst   isa.Inst
	Count  uint64
	Cycles uint64
	Stall  uint64 // cycles it waited beyond its issue slot
	Why    string // the reason of its longest wait ("" when it never waited)
}

// LoopProfile is a loop (a backward branch or jump and its target): the cycles and
// instructions of every pc in [Start, End], inner loops included.
type LoopProfile struct {
	Start, End   uint64
	Iterations   uint64 // times the backward branch was taken
	Cycles       uint64
	Instructions uint64
}

// TopInsts returns the n instructions that cost the most cycles (needs SetProfile).
func (m *Model) TopInsts(n int) []InstProfile {
	m.drain()
	p := m.prof
	if p == nil {
		return nil
	}
	var out []InstProfile
	for _, i := range p.byPC() {
		r := &p.recs[i]
		if r.count == 0 {
			continue
		}
		ip := InstProfile{PC: r.pc, Inst: r.inst, Count: r.count, Cycles: r.cycles, Stall: r.stall}
		if r.worst > 0 {
			ip.Why = m.ReasonName(int(r.why))
		}
		out = append(out, ip)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Cycles > out[j].Cycles })
	if len(out) > n {
		out = out[:n]
	}
	return out
}

// TopLoops returns the n loops that cost the most cycles (needs SetProfile).
func (m *Model) TopLoops(n int) []LoopProfile { return m.TopLoopsWhere(n, nil) }

// TopLoopsWhere is TopLoops of the loops keep takes (all with keep nil): the caller knows
// the functions, and that a jump back from one to another is a tail call, not a loop.
func (m *Model) TopLoopsWhere(n int, keep func(start, end uint64) bool) []LoopProfile {
	m.drain()
	p := m.prof
	if p == nil {
		return nil
	}
	ix := p.byPC()
	var out []LoopProfile
	seen := map[[2]uint64]int{}
	for _, i := range ix {
		r := &p.recs[i]
		if r.taken == 0 {
			continue
		}
		key := [2]uint64{r.back, r.pc}
		if keep != nil && !keep(r.back, r.pc) {
			continue
		}
		if j, ok := seen[key]; ok {
			out[j].Iterations += r.taken
			continue
		}
		lp := LoopProfile{Start: r.back, End: r.pc, Iterations: r.taken}
		k := sort.Search(len(ix), func(k int) bool { return p.recs[ix[k]].pc >= r.back })
		for ; k < len(ix) && p.recs[ix[k]].pc <= r.pc; k++ {
			lp.Cycles += p.recs[ix[k]].cycles
			lp.Instructions += p.recs[ix[k]].count
		}
		seen[key] = len(out)
		out = append(out, lp)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Cycles > out[j].Cycles })
	if len(out) > n {
		out = out[:n]
	}
	return out
}
