package cyclemodel

import "sort"

// Per-pc stall reasons, for profiles that split each instruction's cycles by reason (pprof
// sample values). Every retirement's cycles are its issue slot (ReasonIssue) plus one wait
// with one reason (the profile's add gets both), so per pc it is enough to keep the wait
// cycles by reason: the issue cycles are the rest. Most instructions wait for one or two
// reasons, so the counts are short lists per pc in one shared pool, not a dense pc×reason
// table.

// reasonCells holds the wait cycles of each profiled pc by reason.
type reasonCells struct {
	head  []int32 // per record: 1 + the index in cells of its latest reason (0: none yet)
	cells []reasonCell
	// Instructions outside the profiled range, all together: count, cycles and the wait
	// cycles by reason (dense: one entry per reason).
	outCount, outCycles uint64
	outStall            []uint64
}

type reasonCell struct {
	cycles uint64
	next   int32 // 1 + the index of the slot's previous reason (0: none)
	why    uint16
}

// KeepReasons makes the profile (SetProfile, which must come first) also count each pc's
// cycles by stall reason, and the instructions outside its range together: PCCosts reports
// them. It costs time only while profiling. It returns false when there is no profile (no
// SetProfile, or one over a range it refused).
func (m *Model) KeepReasons() bool {
	m.drain()
	p := m.prof
	if p == nil {
		return false
	}
	p.reasons = &reasonCells{head: make([]int32, len(p.recs)), outStall: make([]uint64, len(m.stats.Stall))}
	return true
}

func (r *reasonCells) reset() {
	r.head = r.head[:0]
	r.cells = r.cells[:0]
	r.outCount, r.outCycles = 0, 0
	clear(r.outStall)
}

// add counts c wait cycles for reason why at record i.
func (r *reasonCells) add(i int32, why uint16, c uint64) {
	for j := r.head[i]; j != 0; {
		cell := &r.cells[j-1]
		if cell.why == why {
			cell.cycles += c
			return
		}
		j = cell.next
	}
	r.cells = append(r.cells, reasonCell{cycles: c, next: r.head[i], why: why})
	r.head[i] = int32(len(r.cells))
}

// outside counts n retirements of an instruction outside the profiled range.
func (r *reasonCells) outside(delta int64, why uint16, stall int64, n uint64) {
	r.outCount += n
	r.outCycles += n * uint64(delta)
	if stall > 0 {
		r.outStall[why] += n * uint64(stall)
	}
}

// ReasonCycles is the cycles spent for one reason (an index for ReasonName).
type ReasonCycles struct {
	Reason int
	Cycles uint64
}

// PCCost is what the instructions at one pc cost: Count retirements, Cycles cycles, split
// by reason in Reasons (the reasons that cost any, in index order; they add up to Cycles).
type PCCost struct {
	PC      uint64
	Count   uint64
	Cycles  uint64
	Reasons []ReasonCycles
}

// NumReasons is the number of reasons (the length of Stats.Stall): ReasonName names 0 to
// NumReasons()-1.
func (m *Model) NumReasons() int { return len(m.stats.Stall) }

// PCCosts returns the cost of every pc in the profiled range that retired an instruction,
// in pc order, and the instructions outside the range together (PC 0). With everything
// counted since the profile was set or ResetStats was called, the cycles of pcs and outside
// add up to Stats().Cycles and, by reason, to Stats().Stall. It needs SetProfile and
// KeepReasons (else it returns nil).
func (m *Model) PCCosts() (pcs []PCCost, outside PCCost) {
	m.drain()
	p := m.prof
	if p == nil || p.reasons == nil {
		return nil, PCCost{}
	}
	r := p.reasons
	for _, i := range p.byPC() {
		rec := &p.recs[i]
		if rec.count == 0 {
			continue
		}
		pc := PCCost{PC: rec.pc, Count: rec.count, Cycles: rec.cycles}
		if issue := rec.cycles - rec.stall; issue > 0 {
			pc.Reasons = append(pc.Reasons, ReasonCycles{ReasonIssue, issue})
		}
		for j := r.head[i]; j != 0; j = r.cells[j-1].next {
			c := r.cells[j-1]
			pc.Reasons = append(pc.Reasons, ReasonCycles{int(c.why), c.cycles})
		}
		pc.Reasons = mergeReasons(pc.Reasons)
		pcs = append(pcs, pc)
	}
	outside = PCCost{Count: r.outCount, Cycles: r.outCycles}
	var waited uint64
	for why, c := range r.outStall {
		if c != 0 {
			outside.Reasons = append(outside.Reasons, ReasonCycles{why, c})
			waited += c
		}
	}
	if issue := r.outCycles - waited; issue > 0 {
		outside.Reasons = append(outside.Reasons, ReasonCycles{ReasonIssue, issue})
	}
	outside.Reasons = mergeReasons(outside.Reasons)
	return pcs, outside
}

// mergeReasons sorts rs by reason and adds up the entries of the same reason (a wait
// attributed to ReasonIssue joins the issue cycles).
func mergeReasons(rs []ReasonCycles) []ReasonCycles {
	sort.Slice(rs, func(a, b int) bool { return rs[a].Reason < rs[b].Reason })
	out := rs[:0]
	for _, r := range rs {
		if n := len(out); n > 0 && out[n-1].Reason == r.Reason {
			out[n-1].Cycles += r.Cycles
			continue
		}
		out = append(out, r)
	}
	return out
}
