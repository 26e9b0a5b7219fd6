package emu

import (
	"math/bits"
	"sync"
	"unsafe"

	"rvsim/emu/sem"
	"rvsim/isa"
)

// The vector unit's fast path. decodeSlot turns a vector instruction into an opVec slot
// whose imm says what it does (vfKind, the operand form, the element width of a load or
// store); the interpreter's loop calls the kind's function (vfastFuncs) without leaving the
// loop. Those run the common case themselves (vstart = 0, unmasked, registers aligned, a unit-
// stride access inside one cached page) and otherwise the instruction's own vexec function,
// in the loop as well; it declines (false), sending the instruction to the general executor
// (execSlow → execVectorOp), for whatever may trap, a memory access it cannot do as one
// copy, an Observer or a Hook recording memory accesses. Every result is the one
// execVectorOp gives: same registers, same tail and wrote() record, vstart reset and
// mstatus.VS dirty.
//
// What depends on vtype and vl (element bytes, the body's bytes, group size, the tail to
// fill, the element-group count) is worked out once per configuration, in vfastCfg, and
// keyed on (vl, vtype, AgnosticOnes): whatever writes them (vset*, the debugger's undo, a
// test) is seen at the next vector instruction without any hook of its own.

// opVec is the slot op of a vector instruction the fast path may run.
const opVec = opBreak + 1

// What an opVec slot does (the low byte of its imm).
const (
	vfGeneric = iota // the op's vexec function, in the loop
	vfVset           // vsetvli, vsetivli, vsetvl
	vfLoad           // vle<eew>.v, unmasked, one field
	vfStore          // vse<eew>.v, likewise
	vfAdd
	vfSub
	vfXor
	vfAnd
	vfOr
	vfSll // .vx, .vi
	vfSrl // .vx, .vi
	vfMv  // vmv.v.v, vmv.v.x, vmv.v.i
	vfGroup4
	vfRev8   // vrev8.v
	vfGather // vrgather.vv
	vfClmul  // vclmul[h].vv/.vx (imm bit 16: the high half), SEW 64 only
)

// The quick path's fields of an opVec imm (the loop's inline case, exec.go): vqOK says the
// slot may run there (an unmasked single-width integer op whose operands are legal at LMUL
// 1, or an unmasked unit-stride load or store of one field); vd is at vqVd and the
// immediate of a .vi form (simm5, or uimm5 for shifts) from vqImm up, sign-extended.
const (
	vqOK  = 1 << 32
	vqVd  = 40
	vqImm = 48
)

// The element-group functions of vfGroup4 (imm bits 24..31) and their operand forms.
const (
	vgAESEM = iota
	vgAESEF
	vgAESDM
	vgAESDF
	vgAESZ
	vgSM4R
	vgGHSH
	vgGMUL
)

// vfastOps gives each op's opVec imm (^0: not an opVec). It is built on first use: it reads
// vexec, which the extension files' init functions fill.
var vfastOps = sync.OnceValue(func() *[isa.NumOps]uint64 {
	t := new([isa.NumOps]uint64)
	for op := range t {
		t[op] = ^uint64(0) // not an opVec
	}
	for op, f := range vexec {
		if f != nil && isa.Op(op) != isa.VFP && !memOps[op].vector {
			t[op] = vfGeneric
		}
	}
	for _, op := range []isa.Op{isa.VSETVLI, isa.VSETIVLI, isa.VSETVL} {
		t[op] = vfVset
	}
	for i, op := range []isa.Op{isa.VLE8_V, isa.VLE16_V, isa.VLE32_V, isa.VLE64_V} {
		t[op] = vfLoad | uint64(i)<<16
	}
	for i, op := range []isa.Op{isa.VSE8_V, isa.VSE16_V, isa.VSE32_V, isa.VSE64_V} {
		t[op] = vfStore | uint64(i)<<16
	}
	arith := func(kind uint64, vv, vx, vi isa.Op) {
		for _, f := range []struct {
			op  isa.Op
			src uint64
		}{{vv, srcV}, {vx, srcX}, {vi, srcI}} {
			if f.op != 0 {
				t[f.op] = kind | f.src<<8
			}
		}
	}
	arith(vfAdd, isa.VADD_VV, isa.VADD_VX, isa.VADD_VI)
	arith(vfSub, isa.VSUB_VV, isa.VSUB_VX, 0)
	arith(vfXor, isa.VXOR_VV, isa.VXOR_VX, isa.VXOR_VI)
	arith(vfAnd, isa.VAND_VV, isa.VAND_VX, isa.VAND_VI)
	arith(vfOr, isa.VOR_VV, isa.VOR_VX, isa.VOR_VI)
	arith(vfMv, isa.VMV_V_V, isa.VMV_V_X, isa.VMV_V_I)
	t[isa.VREV8_V], t[isa.VRGATHER_VV] = vfRev8, vfGather
	arith(vfClmul, isa.VCLMUL_VV, isa.VCLMUL_VX, 0)
	arith(vfClmul|1<<16, isa.VCLMULH_VV, isa.VCLMULH_VX, 0)
	t[isa.VSLL_VX], t[isa.VSLL_VI] = vfSll|srcX<<8, vfSll|srcU<<8
	t[isa.VSRL_VX], t[isa.VSRL_VI] = vfSrl|srcX<<8, vfSrl|srcU<<8
	for _, g := range []struct {
		op     isa.Op
		fn     uint64
		form   vkForm
		family string
	}{
		{isa.VAESEM_VS, vgAESEM, vkVS, vkAES}, {isa.VAESEM_VV, vgAESEM, vkVV, vkAES},
		{isa.VAESEF_VS, vgAESEF, vkVS, vkAES}, {isa.VAESEF_VV, vgAESEF, vkVV, vkAES},
		{isa.VAESDM_VS, vgAESDM, vkVS, vkAES}, {isa.VAESDM_VV, vgAESDM, vkVV, vkAES},
		{isa.VAESDF_VS, vgAESDF, vkVS, vkAES}, {isa.VAESDF_VV, vgAESDF, vkVV, vkAES},
		{isa.VAESZ_VS, vgAESZ, vkVS, vkAES},
		{isa.VSM4R_VS, vgSM4R, vkVS, vkSM4}, {isa.VSM4R_VV, vgSM4R, vkVV, vkSM4},
		{isa.VGHSH_VV, vgGHSH, vkVVV, vkGCM}, {isa.VGMUL_VV, vgGMUL, vkVV, vkGCM},
	} {
		t[g.op] = vfGroup4 | uint64(g.form)<<8 | g.fn<<24
	}
	return t
})

// vecDecode makes the slot of a decoded vector instruction an opVec slot when the fast path
// may run it (decodeSlot).
func vecDecode(s *slot, in *isa.Inst) {
	if in.Op >= isa.NumOps || s.op != uint16(in.Op) {
		return
	}
	k := vfastOps()[in.Op]
	if k == ^uint64(0) {
		return
	}
	switch kind := uint8(k); kind {
	case vfLoad, vfStore:
		if in.Vm == 0 {
			return // masked: the general executor
		}
		if in.Nf == 0 {
			k |= vqOK // segments stay off the quick path
		}
	case vfGeneric, vfVset:
	case vfGroup4:
		if in.Vm == 0 {
			k = vfGeneric
		} else {
			k |= vqOK
		}
	default:
		switch {
		case in.Vm == 0:
			k = vfGeneric
		case kind != vfMv || in.Rs2 == 0: // vmv.v.* with vs2 ≠ 0 is reserved
			k |= vqOK
			switch uint8(k >> 8) {
			case srcI:
				k |= uint64(in.Imm) << vqImm
			case srcU:
				k |= uint64(in.Rs1&31) << vqImm
			}
		}
	}
	s.op = opVec
	s.imm = int64(k | uint64(in.Rd&31)<<vqVd)
}

// vfastCfg is what the fast path needs of a configuration, for the one it was computed for.
type vfastCfg struct {
	vl, vtype uint64
	ones      bool
	eb        int // SEW/8
	body      int // bytes of elements [0, vl) of a register group
	regs      int // registers in a group (1 for a fractional LMUL)
	tail      int // bytes from a group's start to the end of its tail when the tail is filled with ones, else 0
	groups4   int // 128-bit element groups in [0, vl) for SEW=32, or -1 when EGW=128 is not allowed

	// The quick path, which the interpreter's loop runs inline (exec.go), is for the
	// commonest configuration: VLEN 128, LMUL 1 and vl = VLMAX, so that every operand is one
	// whole register of two 64-bit words, with no tail and nothing to check of the operands.
	// qVType and qVL are the vtype and vl it holds for (qVType is ^0, which no vtype
	// equals, when the current configuration is not such a one); the loop compares them
	// with the live CSRs, so that whatever changes those (vset*, a trap, the debugger, a
	// test) turns the quick path off until fastCfg sees the new configuration.
	qVType, qVL uint64
	qMask       uint64 // ones(SEW): the scalar operand's truncation
	qLanes      uint64 // laneOnes[SEW/8]: the scalar operand's replication
	qHi         uint64 // the top bit of every element (0 for SEW=64)
	qShift      uint64 // SEW-1: the shift amount's mask
	qEEW        int64  // log2(SEW/8), as the eew field of a load's or store's imm
}

// fastCfg returns the fast path's view of the current configuration.
func (v *Vector) fastCfg() *vfastCfg {
	c := &v.fast
	if c.vl != v.VL || c.vtype != v.VType || c.ones != v.AgnosticOnes {
		c.vl, c.vtype, c.ones = v.VL, v.VType, v.AgnosticOnes
		c.eb = v.SEW >> 3
		c.body = int(v.VL) * c.eb
		c.regs = nregs(v.LMUL8)
		c.tail = 0
		if v.TA && v.AgnosticOnes {
			c.tail = max(v.LMUL8, 8) * v.VLENB / 8
		}
		c.groups4 = -1
		if v.SEW == 32 && v.VL%4 == 0 && v.VLEN*v.LMUL8/8 >= 128 {
			c.groups4 = int(v.VL) / 4
		}
		c.qVType = ^uint64(0)
		if littleEndianHost && !v.Vill && v.VLEN == 128 && v.LMUL8 == 8 && c.body == 16 && len(v.Reg) == 32*16 {
			c.qVType, c.qVL = v.VType, v.VL
			sew := uint(v.SEW)
			c.qMask, c.qLanes, c.qShift = ones(sew), laneOnes[c.eb], uint64(sew-1)
			c.qHi = 0
			if sew < 64 {
				c.qHi = c.qLanes << (sew - 1)
			}
			c.qEEW = int64(bits.TrailingZeros(uint(c.eb)))
		}
	}
	return c
}

// laneOnes has a 1 at the lowest bit of every element of a 64-bit word, by SEW/8.
var laneOnes = [9]uint64{1: 0x0101010101010101, 2: 0x0001000100010001, 4: 0x0000000100000001, 8: 1}

// vfastFuncs runs an opVec slot by its kind (the low bits of its imm) and reports whether
// the instruction completed; false leaves everything as it was, for the general executor.
// The interpreter's loop calls the kind's function directly.
var vfastFuncs = [16]func(h *Hart, s *slot, in *isa.Inst) bool{
	vfGeneric: (*Hart).vecGeneric,
	vfVset:    (*Hart).vecVset,
	vfLoad:    (*Hart).vecUnitStride,
	vfStore:   (*Hart).vecUnitStride,
	vfAdd:     (*Hart).vecWords,
	vfSub:     (*Hart).vecWords,
	vfXor:     (*Hart).vecWords,
	vfAnd:     (*Hart).vecWords,
	vfOr:      (*Hart).vecWords,
	vfSll:     (*Hart).vecWords,
	vfSrl:     (*Hart).vecWords,
	vfMv:      (*Hart).vecWords,
	vfGroup4:  (*Hart).vecGroups4,
	vfRev8:    (*Hart).vecWords,
	vfGather:  (*Hart).vecGather,
	vfClmul:   (*Hart).vecWords,
}

// vecReady returns the vector unit when an instruction other than vset* may run on the fast
// path (enabled, a valid vtype, vstart 0), else nil.
func (h *Hart) vecReady() *Vector {
	v := h.V
	if v == nil || v.Vill || v.VStart != 0 || h.Linux == nil && h.CSR.mstatus&mstatusVS == 0 {
		return nil
	}
	return v
}

// vecDone completes an instruction as execVectorOp does.
func (h *Hart) vecDone(v *Vector) bool {
	v.VStart = 0
	h.CSR.mstatus |= mstatusVSDirty
	return true
}

func (h *Hart) vecVset(_ *slot, in *isa.Inst) bool {
	v := h.V
	if v == nil || h.Linux == nil && h.CSR.mstatus&mstatusVS == 0 {
		return false
	}
	v.wrN = -1
	execVset(h, in) // cannot trap
	v.fastCfg()     // the quick path's configuration, for the instructions that follow
	return h.vecDone(v)
}

// vecGeneric runs the op's own vexec function without leaving the loop.
func (h *Hart) vecGeneric(_ *slot, in *isa.Inst) bool {
	v := h.vecReady()
	if v == nil {
		return false
	}
	v.wrN = -1
	if t := vexec[in.Op](h, in); t.cause != 0 || t.msg != "" {
		// Only the operand checks, which precede any write, raise traps here: the general
		// executor runs the instruction again and raises it.
		return false
	}
	return h.vecDone(v)
}

// vecWords runs a single-width integer instruction on whole 64-bit words of the register
// groups, all elements of a word at once (SIMD within a register); vclmul[h] at SEW 64 a
// word (an element) at a time.
func (h *Hart) vecWords(s *slot, in *isa.Inst) bool {
	v := h.vecReady()
	if v == nil {
		return false
	}
	c := v.fastCfg()
	kind, src := uint8(s.imm), uint8(s.imm>>8)
	vd, vs2, vs1 := int(in.Rd), int(in.Rs2), int(in.Rs1)
	g := c.regs - 1
	if !littleEndianHost || vd&g != 0 || kind != vfMv && vs2&g != 0 || src == srcV && kind != vfRev8 && vs1&g != 0 || kind == vfMv && vs2 != 0 ||
		kind == vfClmul && c.eb != 8 {
		return false // reserved operands or SEW: the general executor raises them
	}
	n := c.body
	if n == 0 {
		v.wrote(0, 0)
		return h.vecDone(v)
	}
	eb := c.eb
	sew := uint(eb * 8)
	lb := v.VLENB
	// Groups are aligned and the body is within one, so every word below is inside the
	// register file (the body's last word too: groups are whole 8-byte words).
	r := unsafe.Pointer(unsafe.SliceData(v.Reg))
	d, a, b := unsafe.Add(r, vd*lb), unsafe.Add(r, vs2*lb), unsafe.Add(r, vs1*lb)
	full := n &^ 7
	var last uint64 // the word holding elements past vl, when vl does not end a word
	if full < n {
		last = *(*uint64)(unsafe.Add(d, full))
	}
	var x uint64
	if src != srcV {
		x = h.scalarOperand(in, src, int(sew))
		// The scalar operand, replicated to every element of a word, from a scratch group.
		rep := x * laneOnes[eb]
		w := unsafe.Pointer(unsafe.SliceData(v.fastScalar))
		for i := 0; i < n; i += 8 {
			*(*uint64)(unsafe.Add(w, i)) = rep
		}
		b = w
	}
	var hi uint64 // the top bit of every element
	if eb < 8 {
		hi = laneOnes[eb] << (sew - 1)
	}
	switch kind {
	case vfAdd:
		for i := 0; i < n; i += 8 {
			av, bv := *(*uint64)(unsafe.Add(a, i)), *(*uint64)(unsafe.Add(b, i))
			*(*uint64)(unsafe.Add(d, i)) = (av&^hi + bv&^hi) ^ (av^bv)&hi
		}
	case vfSub:
		for i := 0; i < n; i += 8 {
			av, bv := *(*uint64)(unsafe.Add(a, i)), *(*uint64)(unsafe.Add(b, i))
			*(*uint64)(unsafe.Add(d, i)) = (av | hi - bv&^hi) ^ (av^^bv)&hi
		}
	case vfXor:
		for i := 0; i < n; i += 8 {
			*(*uint64)(unsafe.Add(d, i)) = *(*uint64)(unsafe.Add(a, i)) ^ *(*uint64)(unsafe.Add(b, i))
		}
	case vfAnd:
		for i := 0; i < n; i += 8 {
			*(*uint64)(unsafe.Add(d, i)) = *(*uint64)(unsafe.Add(a, i)) & *(*uint64)(unsafe.Add(b, i))
		}
	case vfOr:
		for i := 0; i < n; i += 8 {
			*(*uint64)(unsafe.Add(d, i)) = *(*uint64)(unsafe.Add(a, i)) | *(*uint64)(unsafe.Add(b, i))
		}
	case vfSll:
		sh := x & uint64(sew-1)
		m := ones(sew) << sh & ones(sew) * laneOnes[eb]
		for i := 0; i < n; i += 8 {
			*(*uint64)(unsafe.Add(d, i)) = *(*uint64)(unsafe.Add(a, i)) << sh & m
		}
	case vfSrl:
		sh := x & uint64(sew-1)
		m := ones(sew) >> sh * laneOnes[eb]
		for i := 0; i < n; i += 8 {
			*(*uint64)(unsafe.Add(d, i)) = *(*uint64)(unsafe.Add(a, i)) >> sh & m
		}
	case vfMv:
		for i := 0; i < n; i += 8 {
			*(*uint64)(unsafe.Add(d, i)) = *(*uint64)(unsafe.Add(b, i))
		}
	case vfRev8:
		for i := 0; i < n; i += 8 {
			p := (*uint64)(unsafe.Add(d, i))
			*p = rev8Lanes(*(*uint64)(unsafe.Add(a, i)), eb)
		}
	case vfClmul:
		f := sem.VClmul
		if s.imm&(1<<16) != 0 {
			f = sem.VClmulh
		}
		for i := 0; i < n; i += 8 {
			*(*uint64)(unsafe.Add(d, i)) = f(*(*uint64)(unsafe.Add(a, i)), *(*uint64)(unsafe.Add(b, i)))
		}
	}
	if full < n {
		m := ^uint64(0) >> (64 - 8*uint(n-full))
		p := (*uint64)(unsafe.Add(d, full))
		*p = *p&m | last&^m
	}
	v.fastTail(vd, c)
	v.wrote(vd, c.regs)
	return h.vecDone(v)
}

// vecGather runs vrgather.vv (unmasked) on aligned groups that do not overlap: vd[i] =
// vs2[vs1[i]], or 0 for an index of VLMAX or more.
func (h *Hart) vecGather(_ *slot, in *isa.Inst) bool {
	v := h.vecReady()
	if v == nil {
		return false
	}
	c := v.fastCfg()
	vd, vs2, vs1, nr := int(in.Rd), int(in.Rs2), int(in.Rs1), c.regs
	if g := nr - 1; vd&g != 0 || vs2&g != 0 || vs1&g != 0 || overlaps(vd, nr, vs2, nr) || overlaps(vd, nr, vs1, nr) {
		return false // reserved: the general executor raises it
	}
	vl, eb := int(v.VL), c.eb
	if vl == 0 {
		v.wrote(0, 0)
		return h.vecDone(v)
	}
	vlmax := uint64(v.VLMAX(v.SEW, v.LMUL8))
	d, src, ix := v.Reg[vd*v.VLENB:], v.Reg[vs2*v.VLENB:], v.Reg[vs1*v.VLENB:]
	if eb == 1 {
		d := d[:vl]
		for i, j := range ix[:vl] {
			var x byte
			if uint64(j) < vlmax {
				x = src[j]
			}
			d[i] = x
		}
	} else {
		for i := 0; i < vl*eb; i += eb {
			var x uint64
			if j := ldE(ix, i, eb); j < vlmax {
				x = ldE(src, int(j)*eb, eb)
			}
			stE(d, i, eb, x)
		}
	}
	v.fastTail(vd, c)
	v.wrote(vd, nr)
	return h.vecDone(v)
}

// rev8Lanes reverses the bytes of every eb-byte element of w: of the whole word, then the
// elements put back in their order.
func rev8Lanes(w uint64, eb int) uint64 {
	switch eb {
	case 1:
		return w
	case 2:
		const m8 = 0x00ff00ff00ff00ff
		return w>>8&m8 | w&m8<<8
	case 4:
		return bits.RotateLeft64(bits.ReverseBytes64(w), 32)
	}
	return bits.ReverseBytes64(w)
}

// fastTail fills the tail of the group at vd with ones when the policy says so.
func (v *Vector) fastTail(vd int, c *vfastCfg) {
	if c.tail > c.body {
		t := v.Reg[vd*v.VLENB+c.body : vd*v.VLENB+c.tail]
		for i := range t {
			t[i] = 0xff
		}
	}
}

// vecUnitStride runs vle<eew>.v or vse<eew>.v (unmasked, one field) as one copy when the
// whole access lies in one page of Memory's read or write cache and its address is aligned
// to the element (so that no element would count as misaligned or fault); anything else
// goes to the general executor, which fills the cache for next time. The segment forms
// (vlseg<nf>e<eew>.v, vsseg...) do the same element by element, the fields interleaved in
// memory and each in its own register group.
func (h *Hart) vecUnitStride(s *slot, in *isa.Inst) bool {
	v := h.vecReady()
	if v == nil {
		return false
	}
	store, eew := uint8(s.imm) == vfStore, 8<<uint(s.imm>>16&3)
	if v.logMem || eew > v.ELEN {
		return false
	}
	emul8 := eew * v.LMUL8 / v.SEW
	if eew*v.LMUL8 < v.SEW || emul8 > 64 {
		return false
	}
	vd, dn, nf := int(in.Rd), nregs(emul8), int(in.Nf)+1
	if vd&(dn-1) != 0 || nf*dn > 8 || vd+nf*dn > 32 {
		return false
	}
	eb := eew >> 3
	n := int(v.VL) * eb * nf
	if n == 0 {
		v.wrote(0, 0)
		return h.vecDone(v)
	}
	a := h.X[in.Rs1] & h.addrMask
	last := (a + uint64(n) - 1) & h.addrMask
	if a&uint64(eb-1) != 0 || a>>pageShift != last>>pageShift {
		return false
	}
	m := h.Mem
	tlb := &m.rtlb
	if store {
		tlb = &m.wtlb
	}
	e := &tlb[(a>>pageShift)&tlbMask]
	if e.vpn != a>>pageShift {
		return false
	}
	mem := e.data[a&pageMask:][:n]
	if nf > 1 {
		// Element i of field f is at (i·nf + f)·eb in memory and at element i of the group
		// at vd + f·dn.
		vl, step := int(v.VL), dn*v.VLENB
		// In bounds: the groups end by v31 and the memory is the n bytes of mem.
		r, p := unsafe.Pointer(&v.Reg[vd*v.VLENB]), unsafe.Pointer(&mem[0])
		switch eb {
		case 1:
			segCopy[uint8](r, p, nf, vl, step, store)
		case 2:
			segCopy[uint16](r, p, nf, vl, step, store)
		case 4:
			segCopy[uint32](r, p, nf, vl, step, store)
		default:
			segCopy[uint64](r, p, nf, vl, step, store)
		}
		if store {
			v.wrote(0, 0)
			return h.vecDone(v)
		}
		end := v.tailEnd(eew, emul8)
		for f := range nf {
			v.onesTail(vd+f*dn, eb, vl, end)
		}
		v.wrote(vd, nf*dn)
		return h.vecDone(v)
	}
	reg := v.Reg[vd*v.VLENB:][:n]
	if store {
		copy(mem, reg)
		v.wrote(0, 0)
		return h.vecDone(v)
	}
	copy(reg, mem)
	v.onesTail(vd, eb, int(v.VL), v.tailEnd(eew, emul8))
	v.wrote(vd, dn)
	return h.vecDone(v)
}

// gather128 is vrgather.vv on the quick path: d[i] = src[ix[i]], or 0 when the index is
// vl (VLMAX) or more, for elements of 1<<lg bytes of one 128-bit register each; d is
// neither src nor ix (the general executor raises that).
func gather128(d, src, ix *[2]uint64, lg int64) {
	s, x := (*[16]byte)(unsafe.Pointer(src)), (*[16]byte)(unsafe.Pointer(ix))
	var out [16]byte
	if lg == 0 {
		for i, j := range x {
			if j < 16 {
				out[i] = s[j]
			}
		}
	} else {
		eb := 1 << lg
		n := uint64(16 >> lg)
		for i := 0; i < 16; i += eb {
			if j := ldE(x[:], i, eb); j < n {
				copy(out[i:i+eb], s[int(j)*eb:])
			}
		}
	}
	*d = *(*[2]uint64)(unsafe.Pointer(&out))
}

// segCopy moves vl segments of nf elements of type T between memory at p (interleaved:
// element i of field f at index i·nf + f) and the register groups at r (field f's group
// step bytes after field f-1's), to memory when store is set.
func segCopy[T uint8 | uint16 | uint32 | uint64](r, p unsafe.Pointer, nf, vl, step int, store bool) {
	var z T
	eb := int(unsafe.Sizeof(z))
	for f := range nf {
		rp, mp := unsafe.Add(r, f*step), unsafe.Add(p, f*eb)
		for i := range vl {
			re, me := (*T)(unsafe.Add(rp, i*eb)), (*T)(unsafe.Add(mp, i*nf*eb))
			if store {
				*me = *re
			} else {
				*re = *me
			}
		}
	}
}

// vecGroups4 runs a 128-bit element-group instruction (EGS=4, SEW=32) with the table-driven
// functions of emu/sem, under the constraints vkGroups4 checks.
func (h *Hart) vecGroups4(s *slot, in *isa.Inst) bool {
	v := h.vecReady()
	if v == nil {
		return false
	}
	c := v.fastCfg()
	form, fn := vkForm(s.imm>>8), uint8(s.imm>>24)
	vd, vs2, vs1 := int(in.Rd), int(in.Rs2), int(in.Rs1)
	g := c.regs - 1
	switch {
	case c.groups4 < 0, vd&g != 0:
		return false
	case form == vkVS && overlaps(vd, c.regs, vs2, 1):
		return false
	case form != vkVS && vs2&g != 0, form == vkVVV && vs1&g != 0:
		return false
	}
	if !littleEndianHost {
		return false
	}
	if c.groups4 == 0 {
		v.wrote(0, 0)
		return h.vecDone(v)
	}
	// Element groups are read and written as [4]uint32 in place: the groups are aligned
	// and within the register file, and the host is little-endian.
	r := unsafe.Pointer(unsafe.SliceData(v.Reg))
	dp, kp, xp := unsafe.Add(r, vd*v.VLENB), unsafe.Add(r, vs2*v.VLENB), unsafe.Add(r, vs1*v.VLENB)
	key := (*[4]uint32)(kp)
	for i := range c.groups4 {
		if form != vkVS {
			key = (*[4]uint32)(unsafe.Add(kp, 16*i))
		}
		p := (*[4]uint32)(unsafe.Add(dp, 16*i))
		switch fn {
		case vgAESEM:
			sem.AESEncRoundIn(p, key)
		case vgAESEF:
			sem.AESEncLastIn(p, key)
		case vgAESDM:
			sem.AESDecRoundIn(p, key)
		case vgAESDF:
			sem.AESDecLastIn(p, key)
		case vgAESZ:
			p[0], p[1], p[2], p[3] = p[0]^key[0], p[1]^key[1], p[2]^key[2], p[3]^key[3]
		case vgSM4R:
			sem.VSM4RIn(p, key)
		case vgGHSH:
			sem.VGHSHIn(p, (*[4]uint32)(unsafe.Add(xp, 16*i)), key)
		case vgGMUL:
			sem.VGMULIn(p, key)
		}
	}
	v.fastTail(vd, c)
	v.wrote(vd, c.regs)
	return h.vecDone(v)
}
