package cyclemodel

import (
	"sort"

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

// profile keeps per-instruction counters for the pcs in [lo, hi).
type profile struct {
	lo, hi uint64
	count  []uint64
	cycles []uint64
	stall  []uint64
	why    []uint16 // reason of the instruction's largest stall
	worst  []uint32 // that stall's length
	back   []uint32 // slot of a backward-branch target + 1
	taken  []uint64 // times the backward branch was taken
	insts  []isa.Inst

	reasons *reasonCells // per-pc cycles by reason (KeepReasons; nil: not kept)
}

// SetProfile turns on per-instruction counting for pcs in [lo, hi) (the program's text):
// TopInsts and TopLoops report them.
func (m *Model) SetProfile(lo, hi uint64) {
	m.drain()
	if hi <= lo || hi-lo > 1<<28 {
		m.prof = nil
		return
	}
	n := (hi - lo + 1) / 2
	m.prof = &profile{lo: lo, hi: hi, count: make([]uint64, n), cycles: make([]uint64, n),
		stall: make([]uint64, n), why: make([]uint16, n), worst: make([]uint32, n),
		back: make([]uint32, n), taken: make([]uint64, n), insts: make([]isa.Inst, n)}
}

func (p *profile) reset() {
	clear(p.count)
	clear(p.cycles)
	clear(p.stall)
	clear(p.why)
	clear(p.worst)
	clear(p.taken)
	if p.reasons != nil {
		p.reasons.reset()
	}
}

func (p *profile) add(pc uint64, in *isa.Inst, next uint64, delta int64, why uint16, stall int64, edge bool) {
	p.addN(pc, in, next, delta, why, stall, edge, 1)
}

// addN is add called n times with the same arguments.
func (p *profile) addN(pc uint64, in *isa.Inst, next uint64, delta int64, why uint16, stall int64, edge bool, n uint64) {
	if n == 0 {
		return
	}
	if pc < p.lo || pc >= p.hi {
		if p.reasons != nil {
			p.reasons.outside(delta, why, stall, n)
		}
		return
	}
	i := (pc - p.lo) >> 1
	if p.count[i] == 0 {
		p.insts[i] = *in
	}
	p.count[i] += n
	p.cycles[i] += n * uint64(delta)
	if stall > 0 {
		p.stall[i] += n * uint64(stall)
		if uint32(stall) >= p.worst[i] {
			p.worst[i], p.why[i] = uint32(stall), why
		}
		if p.reasons != nil {
			p.reasons.add(i, why, n*uint64(stall))
		}
	}
	if edge && next <= pc && next >= p.lo {
		p.back[i] = uint32((next-p.lo)>>1) + 1
		p.taken[i] += n
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
	for i, c := range p.count {
		if c == 0 {
			continue
		}
		ip := InstProfile{PC: p.lo + uint64(i)*2, Inst: p.insts[i], Count: c, Cycles: p.cycles[i], Stall: p.stall[i]}
		if p.worst[i] > 0 {
			ip.Why = m.ReasonName(int(p.why[i]))
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
func (m *Model) TopLoops(n int) []LoopProfile {
	m.drain()
	p := m.prof
	if p == nil {
		return nil
	}
	var out []LoopProfile
	seen := map[[2]uint32]int{}
	for i, b := range p.back {
		if b == 0 || p.taken[i] == 0 {
			continue
		}
		lo, hi := int(b-1), i
		key := [2]uint32{uint32(lo), uint32(hi)}
		if j, ok := seen[key]; ok {
			out[j].Iterations += p.taken[i]
			continue
		}
		lp := LoopProfile{Start: p.lo + uint64(lo)*2, End: p.lo + uint64(hi)*2, Iterations: p.taken[i]}
		for k := lo; k <= hi; k++ {
			lp.Cycles += p.cycles[k]
			lp.Instructions += p.count[k]
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
