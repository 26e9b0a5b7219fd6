package cyclemodel

import "rvsim/isa"

// Vector instructions: which of Rd, Rs1, Rs2 are vector registers, which are read, and how
// many beats of the datapath an instruction takes.

// vectorFlags returns the operand flags of a vector row (replacing the scalar ones).
func vectorFlags(row *isa.Row) uint16 {
	if row.Class == isa.ClassVSet {
		switch row.Args {
		case isa.ArgsVSetVLI:
			return fVset | fRs1 | fRd
		case isa.ArgsVSetIVLI:
			return fVset | fRd
		}
		return fVset | fRs1 | fRs2 | fRd
	}
	f := uint16(fVector)
	load := row.Class == isa.ClassVLoad
	switch row.Args {
	case isa.ArgsVMem, isa.ArgsVMemWhole:
		f |= fRs1
	case isa.ArgsVMemStride:
		f |= fRs1 | fRs2
	case isa.ArgsVMemIndex:
		f |= fRs1 | fRs2 | fVRs2
	case isa.ArgsVV, isa.ArgsVVM:
		f |= fRd | fVRd | fRs1 | fVRs1 | fRs2 | fVRs2
	case isa.ArgsVX, isa.ArgsVXM:
		f |= fRd | fVRd | fRs1 | fRs2 | fVRs2
	case isa.ArgsVI, isa.ArgsVIU, isa.ArgsVIU6, isa.ArgsVIM, isa.ArgsV2, isa.ArgsVMvNR:
		f |= fRd | fVRd | fRs2 | fVRs2
	case isa.ArgsVVMacc:
		f |= fRd | fVRd | fReadVd | fRs1 | fVRs1 | fRs2 | fVRs2
	case isa.ArgsVXMacc:
		f |= fRd | fVRd | fReadVd | fRs1 | fRs2 | fVRs2
	case isa.ArgsVD, isa.ArgsVMvI:
		f |= fRd | fVRd
	case isa.ArgsXV:
		f |= fRd | fRs2 | fVRs2 // rd is an integer register
	case isa.ArgsVMvV:
		f |= fRd | fVRd | fRs1 | fVRs1
	case isa.ArgsVMvX:
		f |= fRd | fVRd | fRs1
	}
	if row.Args == isa.ArgsVMem || row.Args == isa.ArgsVMemWhole || row.Args == isa.ArgsVMemStride || row.Args == isa.ArgsVMemIndex {
		if load {
			f |= fRd | fVRd | fLoad
		} else {
			f |= fReadVd | fStore // vs3 sits in the rd field
		}
	}
	switch row.Class {
	case isa.ClassVAES, isa.ClassVGHASH, isa.ClassVSHA2, isa.ClassVSM3, isa.ClassVSM4, isa.ClassVAESKey:
		f |= fReadVd // the rounds update vd in place (vsm4k and vaeskf1 do not, a harmless over-approximation)
	}
	if row.Args == isa.ArgsVVM || row.Args == isa.ArgsVXM || row.Args == isa.ArgsVIM {
		f |= fReadV0
	}
	return f
}

// memEEW returns the element width in bytes of a vector memory op (vle32.v: 4), 0 for
// whole-register and mask ones, whose extent does not follow an element width.
func memEEW(row *isa.Row) int32 {
	if row.Args == isa.ArgsVMemWhole {
		return 0
	}
	return int32(row.EEW / 8)
}

// group returns how many registers an operand of this instruction spans.
func (m *Model) group(s *step) int {
	g := s.lmul8 / 8
	if g < 1 {
		g = 1
	}
	return g
}

// vecShape returns the beats an instruction takes, how long it holds its unit and its
// latency to the last beat's result. For a vector access, given says that o is its
// outcome, worked out already (a memoized block's, block.go); otherwise the access runs
// through the store buffer and the cache here.
func (m *Model) vecShape(s *step, oi *opInfo, o uint8, given bool) (beats, occ, lat int64) {
	if oi.flags&(fLoad|fStore) != 0 {
		return m.vecMemory(s, oi, o, given)
	}
	beats = m.vecBeats(s.lmul8, oi)
	occ = beats * int64(oi.interval)
	lat = int64(oi.lat) + (beats-1)*int64(oi.interval)
	m.stats.VectorBeats += uint64(beats)
	return beats, occ, lat
}

// vecBeats is how many beats of the datapath an arithmetic vector op takes over its
// register group at LMUL×8 lmul8 (0: none set, taken as 8).
func (m *Model) vecBeats(lmul8 int, oi *opInfo) (beats int64) {
	if lmul8 == 0 {
		lmul8 = 8
	}
	if uint(lmul8) < uint(len(m.beats)) {
		beats = m.beats[lmul8] // (a division by dlen otherwise, on every vector instruction)
	} else {
		beats = int64((m.vlen*lmul8/8 + m.dlen - 1) / m.dlen)
	}
	if beats < 1 || oi.class == isa.ClassVMask {
		beats = 1
	}
	return beats
}

// vecExtent is the bytes a vector access moves and whether it is strided or indexed (its
// bytes are then not one range).
func (m *Model) vecExtent(s *step, oi *opInfo) (bytes int64, strided bool) {
	nf := int64(s.in.Nf) + 1
	switch {
	case oi.args == isa.ArgsVMemWhole:
		return nf * int64(m.vlen/8), false
	case oi.eew == 0: // vlm.v, vsm.v
		return int64(s.vl+7) / 8, false
	}
	eew := int64(oi.eew)
	if oi.args == isa.ArgsVMemIndex {
		eew = int64(s.sew / 8)
	}
	return int64(s.vl) * eew * nf, oi.args == isa.ArgsVMemStride || oi.args == isa.ArgsVMemIndex
}

// vecRange reports whether a vector access of bytes bytes, strided or not, goes through the
// store buffer and the cache as one range of bytes (vecLines).
func (m *Model) vecRange(bytes int64, strided bool) bool {
	return bytes > 0 && !strided && !m.ideal
}

// vecLines is a vector access's outcome: the store buffer (storebuf.go) takes a store of the
// bytes [addr, addr+bytes) or finds the youngest store a load of them may take bytes from
// (sfSeq, or sfSrc and sfPart), and each line is looked up in the cache. It returns oMiss
// when one missed, and counts the miss.
func (m *Model) vecLines(addr uint64, bytes int64, store bool) uint8 {
	m.sfUse = true
	if store {
		m.sfSeq = m.sb.insert(addr, addr+uint64(bytes))
	} else {
		m.sfSrc, m.sfPart = m.sb.find(addr, addr+uint64(bytes))
	}
	miss := false
	line := uint64(m.core.L1DLine)
	for a := addr &^ (line - 1); a < addr+uint64(bytes); a += line {
		if !m.cache.access(a) {
			miss = true
		}
	}
	if miss {
		m.stats.L1DMisses++
		return oMiss
	}
	return 0
}

// vecMemory models a vector load or store: bytes moved at the core's rate, each line
// looked up in the cache (unless given: then o is the outcome).
func (m *Model) vecMemory(s *step, oi *opInfo, o uint8, given bool) (beats, occ, lat int64) {
	c := m.core
	bytes, strided := m.vecExtent(s, oi)
	rate := int64(c.VecLSBytes)
	occ = (bytes + rate - 1) / rate
	if strided {
		occ = int64(s.vl) * (int64(s.in.Nf) + 1) // one element per cycle
	}
	if occ < 1 {
		occ = 1
	}
	lat = int64(oi.lat)
	if given {
		m.sfUse = m.vecRange(bytes, strided) // (the block counted the access)
	} else {
		if s.store {
			m.stats.Stores++
		} else {
			m.stats.Loads++
		}
		o = 0
		if m.vecRange(bytes, strided) {
			o = m.vecLines(s.addr, bytes, s.store)
		}
	}
	if o&oMiss != 0 {
		lat += int64(c.L1DMiss - c.L1DHit)
		m.vecMiss = true
	}
	return occ, occ, lat + occ - 1
}

// vecOperands waits for the vector (and scalar) sources of a vector instruction.
func (m *Model) vecOperands(s *step, oi *opInfo, t int64, why uint16) (int64, uint16) {
	f := oi.flags
	g := m.group(s)
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
			wait(32+int(s.in.Rs1&31), g)
		} else if r := m.ready[s.in.Rs1&31]; r > t {
			t, why = r, m.producer[s.in.Rs1&31]
		}
	}
	if f&fRs2 != 0 {
		if f&fVRs2 != 0 {
			wait(32+int(s.in.Rs2&31), g)
		} else if r := m.ready[s.in.Rs2&31]; r > t {
			t, why = r, m.producer[s.in.Rs2&31]
		}
	}
	if f&fReadVd != 0 {
		wait(32+int(s.in.Rd&31), m.destGroup(s, oi))
	}
	if f&fReadV0 != 0 || s.in.Vm == 0 {
		wait(32, 1)
	}
	return t, why
}

// destGroup is the number of registers the destination (or store data) spans.
func (m *Model) destGroup(s *step, oi *opInfo) int {
	if oi.args == isa.ArgsVMemWhole || oi.args == isa.ArgsVMvNR {
		if oi.args == isa.ArgsVMvNR {
			return int(s.in.Imm)
		}
		return int(s.in.Nf) + 1
	}
	if oi.class == isa.ClassVMask {
		return 1
	}
	return m.group(s) * (int(s.in.Nf) + 1)
}

// vecWriteback records when a vector instruction's destination group is ready.
func (m *Model) vecWriteback(s *step, oi *opInfo, t, lat, beats, extra int64, why uint16) {
	first := t + lat - (beats-1)*int64(oi.interval) + extra
	if oi.flags&fLoad != 0 {
		first = t + int64(oi.lat) + extra
		if m.vecMiss {
			first += int64(m.core.L1DMiss - m.core.L1DHit)
		}
		if m.fwdReady != 0 { // the bytes come from a store, all at once
			first = max(first, m.fwdReady+extra)
		}
	}
	n := m.destGroup(s, oi)
	base := 32 + int(s.in.Rd&31)
	for i := 0; i < n && base+i < 64; i++ {
		m.ready[base+i] = t + lat + extra
		m.chainReady[base+i] = first
		m.producer[base+i] = why
	}
}
