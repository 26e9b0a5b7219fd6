package cyclemodel

import "rvsim/isa"

// predictor is the front end's branch and jump prediction: a direction predictor for
// conditional branches (static, bimodal or gshare two-bit counters), a return-address stack
// and a last-target buffer for indirect jumps.
type predictor struct {
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

func (p *predictor) init(c *Core) {
	*p = predictor{}
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
func (p *predictor) branch(pc, next uint64, taken bool) bool {
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

// link registers: a jump that writes one is a call, a jalr that reads one (writing x0) a
// return (the unprivileged spec's table of RAS hints).
func isLink(r uint8) bool { return r == 1 || r == 5 }

// jump predicts jal/jalr and learns: jal's target is in the instruction; returns pop the
// return-address stack; other jalr use the last target seen at that pc.
func (p *predictor) jump(pc, next uint64, in *isa.Inst) bool {
	rd, rs1 := in.Rd&31, in.Rs1&31
	ret := pc + uint64(in.Len)
	direct := in.Op == isa.JAL
	ok := true
	switch {
	case direct:
	case rd == 0 && isLink(rs1) && len(p.ras) > 0:
		ok = p.rasTop > 0 && p.ras[(p.rasPos+len(p.ras)-1)%len(p.ras)] == next
		if p.rasTop > 0 {
			p.rasPos = (p.rasPos + len(p.ras) - 1) % len(p.ras)
			p.rasTop--
		}
	default:
		if len(p.btb) == 0 {
			ok = false
			break
		}
		i := (pc >> 1) & p.btbMask
		ok = p.btb[i] == next+1
		p.btb[i] = next + 1
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
