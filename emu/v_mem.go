package emu

import (
	"math/bits"

	"rvsim/isa"
)

// Vector loads and stores (RVV 1.0 chapter 7): unit-stride, strided and indexed (ordered
// and unordered, which execute alike: in element order), each with segments (Nf > 0),
// fault-only-first unit-stride loads, whole-register loads and stores, and mask loads and
// stores. Elements go through Memory's Load/Store methods one at a time, so misaligned
// elements work and a fault stops at the element that caused it, with vstart recording it.
// While a Hook runs (Vector.logMem), every element accessed is recorded for the commit log.

// Addressing modes.
const (
	vmUnit = iota
	vmStrided
	vmIndexed
)

type vmemOp struct {
	mode  uint8
	eew   int // the encoded element width: data for unit/strided, index for indexed
	store bool
	ff    bool // fault-only-first
}

func init() {
	for i, eew := range []int{8, 16, 32, 64} {
		loads := [][5]isa.Op{
			{isa.VLE8_V, isa.VLE8FF_V, isa.VLSE8_V, isa.VLUXEI8_V, isa.VLOXEI8_V},
			{isa.VLE16_V, isa.VLE16FF_V, isa.VLSE16_V, isa.VLUXEI16_V, isa.VLOXEI16_V},
			{isa.VLE32_V, isa.VLE32FF_V, isa.VLSE32_V, isa.VLUXEI32_V, isa.VLOXEI32_V},
			{isa.VLE64_V, isa.VLE64FF_V, isa.VLSE64_V, isa.VLUXEI64_V, isa.VLOXEI64_V},
		}[i]
		stores := [][4]isa.Op{
			{isa.VSE8_V, isa.VSSE8_V, isa.VSUXEI8_V, isa.VSOXEI8_V},
			{isa.VSE16_V, isa.VSSE16_V, isa.VSUXEI16_V, isa.VSOXEI16_V},
			{isa.VSE32_V, isa.VSSE32_V, isa.VSUXEI32_V, isa.VSOXEI32_V},
			{isa.VSE64_V, isa.VSSE64_V, isa.VSUXEI64_V, isa.VSOXEI64_V},
		}[i]
		regMem(loads[0], vmemOp{mode: vmUnit, eew: eew})
		regMem(loads[1], vmemOp{mode: vmUnit, eew: eew, ff: true})
		regMem(loads[2], vmemOp{mode: vmStrided, eew: eew})
		regMem(loads[3], vmemOp{mode: vmIndexed, eew: eew})
		regMem(loads[4], vmemOp{mode: vmIndexed, eew: eew})
		regMem(stores[0], vmemOp{mode: vmUnit, eew: eew, store: true})
		regMem(stores[1], vmemOp{mode: vmStrided, eew: eew, store: true})
		regMem(stores[2], vmemOp{mode: vmIndexed, eew: eew, store: true})
		regMem(stores[3], vmemOp{mode: vmIndexed, eew: eew, store: true})
	}
	for op, eew := range map[isa.Op]int{isa.VLRE8_V: 8, isa.VLRE16_V: 16, isa.VLRE32_V: 32, isa.VLRE64_V: 64} {
		eew := eew
		vexec[op] = func(h *Hart, in *isa.Inst) vtrap { return h.vWhole(in, eew, false) }
	}
	vexec[isa.VSR_V] = func(h *Hart, in *isa.Inst) vtrap { return h.vWhole(in, 8, true) }
	vexec[isa.VLM_V] = func(h *Hart, in *isa.Inst) vtrap { return h.vMaskMem(in, false) }
	vexec[isa.VSM_V] = func(h *Hart, in *isa.Inst) vtrap { return h.vMaskMem(in, true) }
}

func regMem(op isa.Op, m vmemOp) {
	vexec[op] = func(h *Hart, in *isa.Inst) vtrap { return h.vMem(in, &m) }
}

// vload and vstore move one element of eb bytes; false means the access faulted
// (h.Mem.Fault says where).
func (h *Hart) vload(addr uint64, eb int) (uint64, bool) {
	m := h.Mem
	switch eb {
	case 1:
		x, ok := m.Load8(addr)
		return uint64(x), ok
	case 2:
		x, ok := m.Load16(addr)
		return uint64(x), ok
	case 4:
		x, ok := m.Load32(addr)
		return uint64(x), ok
	}
	return m.Load64(addr)
}

func (h *Hart) vstore(addr uint64, eb int, x uint64) bool {
	m := h.Mem
	switch eb {
	case 1:
		return m.Store8(addr, uint8(x))
	case 2:
		return m.Store16(addr, uint16(x))
	case 4:
		return m.Store32(addr, uint32(x))
	}
	return m.Store64(addr, x)
}

// vfault records the element a load or store faulted at in vstart and returns the access
// fault, with the faulting address as tval.
func (h *Hart) vfault(i int, store bool) vtrap {
	h.V.VStart = uint64(i)
	cause := uint64(CauseLoadAccess)
	if store {
		cause = CauseStoreAccess
	}
	return vtrap{cause: cause, tval: h.Mem.Fault.Addr, msg: h.Mem.Fault.Error()}
}

// vMem runs a unit-stride, strided or indexed load or store, segmented when Nf > 0.
func (h *Hart) vMem(in *isa.Inst, m *vmemOp) vtrap {
	v := h.V
	sew, lmul8 := v.SEW, v.LMUL8
	nf := int(in.Nf) + 1
	vd, vs2 := int(in.Rd), int(in.Rs2)
	masked := in.Vm == 0
	// Data: EEW and EMUL from the instruction for unit/strided, SEW and LMUL for indexed.
	ls := uint(bits.TrailingZeros(uint(sew)))
	deew, demul := m.eew, m.eew*lmul8>>ls
	ieew, iemul := 0, 0
	if m.mode == vmIndexed {
		deew, demul = sew, lmul8
		ieew, iemul = m.eew, m.eew*lmul8>>ls
	}
	if m.eew > v.ELEN {
		return illegalV(in, "EEW exceeds ELEN")
	}
	if m.eew*lmul8 < sew || demul > 64 || m.mode == vmIndexed && iemul > 64 {
		return illegalV(in, "EMUL = EEW/SEW×LMUL is outside 1/8..8")
	}
	if !aligned(vd, demul) {
		return illegalV(in, "vd is not a multiple of EMUL")
	}
	dn := nregs(demul)
	if nf*dn > 8 {
		return illegalV(in, "NFIELDS×EMUL exceeds 8")
	}
	if vd+nf*dn > 32 {
		return illegalV(in, "the segment's register groups run past v31")
	}
	if m.mode == vmIndexed {
		if !aligned(vs2, iemul) {
			return illegalV(in, "vs2 is not a multiple of the index EMUL")
		}
		if !m.store {
			if nf > 1 && overlaps(vd, nf*dn, vs2, nregs(iemul)) {
				return illegalV(in, "an indexed segment load's destination overlaps the index group")
			}
			if nf == 1 && !overlapOK(vd, demul, deew, vs2, iemul, ieew) {
				return illegalV(in, "vd overlaps the index group vs2 at a different element width")
			}
		}
	}
	if masked && !m.store && vd == 0 {
		return illegalV(in, "vd overlaps v0, the mask register, in a masked load")
	}
	vl, vstart := int(v.VL), int(v.VStart)
	if vstart >= vl {
		v.wrote(0, 0)
		return vtrap{}
	}
	src := v.Reg
	if !m.store && m.mode == vmIndexed && overlaps(vd, dn, vs2, nregs(iemul)) {
		copy(v.snap, v.Reg) // the loads overwrite indices still to be used
		src = v.snap
	}
	deb := deew >> 3
	base := h.X[in.Rs1]
	var stride uint64
	switch m.mode {
	case vmUnit:
		stride = uint64(nf * deb)
	case vmStrided:
		stride = h.X[in.Rs2]
	}
	am := h.addrMask
	dOff := vd * v.VLENB
	fieldStep := dn * v.VLENB
	logMem := v.logMem
	if nf == 1 && !masked && m.mode != vmIndexed {
		// The common case: one field, every element active, addresses in arithmetic
		// progression.
		for i := vstart; i < vl; i++ {
			addr := (base + uint64(i)*stride) & am
			off := dOff + i*deb
			if m.store {
				x := ldE(v.Reg, off, deb)
				if !h.vstore(addr, deb, x) {
					return h.vfault(i, true)
				}
				if logMem {
					v.logAccess(addr, deb, true, x)
				}
				continue
			}
			x, ok := h.vload(addr, deb)
			if !ok {
				if m.ff && i > 0 {
					vl = i
					v.VL = uint64(i)
					break
				}
				return h.vfault(i, false)
			}
			if logMem {
				v.logAccess(addr, deb, false, 0)
			}
			stE(v.Reg, off, deb, x)
		}
		goto done
	}
	for i := vstart; i < vl; i++ {
		if masked && v.Reg[i>>3]>>(i&7)&1 == 0 {
			if !m.store {
				for f := 0; f < nf; f++ {
					v.onesInactive(vd+f*dn, i, deb)
				}
			}
			continue
		}
		var a uint64
		if m.mode == vmIndexed {
			ieb := ieew >> 3
			a = base + ldE(src, vs2*v.VLENB+i*ieb, ieb)
		} else {
			a = base + uint64(i)*stride
		}
		if m.store {
			// A segment is stored whole or not at all: every field is checked first.
			for f := 0; nf > 1 && f < nf; f++ {
				if addr := (a + uint64(f*deb)) & am; !h.Mem.CheckAccess(addr, uint64(deb), PermW) {
					h.vstore(addr, deb, 0) // fails, and records where
					return h.vfault(i, true)
				}
			}
			for f := 0; f < nf; f++ {
				addr := (a + uint64(f*deb)) & am
				x := ldE(v.Reg, dOff+f*fieldStep+i*deb, deb)
				if !h.vstore(addr, deb, x) {
					return h.vfault(i, true)
				}
				if logMem {
					v.logAccess(addr, deb, true, x)
				}
			}
			continue
		}
		// A segment is loaded whole or not at all: the fields are written once all are read.
		var seg [8]uint64
		for f := 0; f < nf; f++ {
			addr := (a + uint64(f*deb)) & am
			x, ok := h.vload(addr, deb)
			if !ok {
				if m.ff && i > 0 {
					// Fault-only-first: a fault past element 0 trims vl instead of trapping.
					vl = i
					v.VL = uint64(i)
					goto done
				}
				return h.vfault(i, false)
			}
			if logMem {
				v.logAccess(addr, deb, false, 0)
			}
			seg[f] = x
		}
		for f := 0; f < nf; f++ {
			stE(v.Reg, dOff+f*fieldStep+i*deb, deb, seg[f])
		}
	}
done:
	if m.store {
		v.wrote(0, 0)
		return vtrap{}
	}
	end := v.tailEnd(deew, demul)
	for f := 0; f < nf; f++ {
		v.onesTail(vd+f*dn, deb, vl, end)
	}
	v.wrote(vd, nf*dn)
	return vtrap{}
}

// vWhole runs vl<nf>re<eew>.v and vs<nf>r.v: nf+1 whole registers, whatever vtype and vl
// hold, with evl = NFIELDS×VLEN/EEW elements and vstart counted in them.
func (h *Hart) vWhole(in *isa.Inst, eew int, store bool) vtrap {
	v := h.V
	n := int(in.Nf) + 1
	vd := int(in.Rd)
	if n&(n-1) != 0 {
		return illegalV(in, "the register count must be 1, 2, 4 or 8")
	}
	if vd%n != 0 {
		return illegalV(in, "vd is not a multiple of the register count")
	}
	if eew > v.ELEN {
		return illegalV(in, "EEW exceeds ELEN")
	}
	eb := eew >> 3
	evl := n * v.VLENB / eb
	base := h.X[in.Rs1]
	off := vd * v.VLENB
	for i := int(v.VStart); i < evl; i++ {
		addr := (base + uint64(i*eb)) & h.addrMask
		if store {
			x := ldE(v.Reg, off+i*eb, eb)
			if !h.vstore(addr, eb, x) {
				return h.vfault(i, true)
			}
			if v.logMem {
				v.logAccess(addr, eb, true, x)
			}
			continue
		}
		x, ok := h.vload(addr, eb)
		if !ok {
			return h.vfault(i, false)
		}
		if v.logMem {
			v.logAccess(addr, eb, false, 0)
		}
		stE(v.Reg, off+i*eb, eb, x)
	}
	if store || int(v.VStart) >= evl {
		v.wrote(0, 0)
	} else {
		v.wrote(vd, n)
	}
	return vtrap{}
}

// vMaskMem runs vlm.v and vsm.v: ceil(vl/8) bytes, vstart counted in bytes; the rest of a
// loaded mask register is tail, always agnostic.
func (h *Hart) vMaskMem(in *isa.Inst, store bool) vtrap {
	v := h.V
	if in.Vm == 0 {
		return illegalV(in, "mask loads and stores are unmasked (vm=0 is reserved)")
	}
	vd := int(in.Rd)
	evl := (int(v.VL) + 7) / 8
	if int(v.VStart) >= evl {
		v.wrote(0, 0)
		return vtrap{}
	}
	base := h.X[in.Rs1]
	off := vd * v.VLENB
	for i := int(v.VStart); i < evl; i++ {
		addr := (base + uint64(i)) & h.addrMask
		if store {
			if !h.Mem.Store8(addr, v.Reg[off+i]) {
				return h.vfault(i, true)
			}
			if v.logMem {
				v.logAccess(addr, 1, true, uint64(v.Reg[off+i]))
			}
			continue
		}
		x, ok := h.Mem.Load8(addr)
		if !ok {
			return h.vfault(i, false)
		}
		if v.logMem {
			v.logAccess(addr, 1, false, 0)
		}
		v.Reg[off+i] = x
	}
	if store {
		v.wrote(0, 0)
		return vtrap{}
	}
	if v.AgnosticOnes {
		for i := evl; i < v.VLENB; i++ {
			v.Reg[off+i] = 0xff
		}
	}
	v.wrote(vd, 1)
	return vtrap{}
}
