package emu

import (
	"unsafe"

	"rvsim/emu/sem"
	"rvsim/isa"
)

// slot is one decoded instruction in the cache: the internal op (XLEN applied), the register
// indices with rd redirected to the sink x[32] when it is x0, the length and the immediate.
type slot struct {
	op  uint16
	rd  uint8
	rs1 uint8
	rs2 uint8
	len uint8
	rs3 uint8 // fs3 of the fused multiply-adds
	rm  uint8 // the static rounding mode (0..4), or 7 (dyn: frm)
	imm int64
}

// slotsPerByte converts an instruction's length in bytes to the distance to the next slot:
// one slot per 2 bytes of code.
const slotsPerByte = unsafe.Sizeof(slot{}) / 2

// htifPoll bounds how long a bare-metal program runs between tohost checks when it does not
// store to the tohost page through the normal store path.
const htifPoll = 1 << 16

// codeFor returns the decoded-instruction page for pc, creating it if needed, or nil with a
// stop recorded when pc cannot be fetched from.
func (h *Hart) codeFor(pc uint64) *codePage {
	m := h.Mem
	vpn := pc >> pageShift
	p := m.page(vpn)
	if p == nil || p.perm&PermX == 0 {
		return nil
	}
	if p.code == nil {
		p.code = &codePage{}
		p.code.slots[PageSize/2].op = opPageEnd
		p.code.slots[PageSize/2+1].op = opPageEnd
		// The write cache must not bypass the check that invalidates decoded code.
		if e := &m.wtlb[vpn&tlbMask]; e.vpn == vpn {
			*e = tlbEntry{vpn: ^uint64(0)}
		}
	}
	return p.code
}

// decodeSlot decodes the instruction at pc into slot i of cp. It returns false when the
// bytes cannot be fetched.
func (h *Hart) decodeSlot(cp *codePage, i uint64, pc uint64) bool {
	in, st, err := h.Fetch(pc)
	if err != nil {
		// The first halfword was fetched (pc's page is executable), so the second is on the
		// next page.
		return false
	}
	if in.Raw&3 == 3 && pc&pageMask == PageSize-2 {
		// The upper half comes from the next page, which must be executable too. Giving that
		// page decoded code also keeps stores to it off the fast path, so that they reach
		// touchCode and invalidate this slot.
		if h.codeFor(pc+2) == nil {
			return false
		}
	}
	cp.insts[i] = in
	s := &cp.slots[i]
	*s = slot{op: opIllegal, len: in.Len, rd: in.Rd, rs1: in.Rs1, rs2: in.Rs2, rs3: in.Rs3, rm: in.RM, imm: in.Imm}
	if st == isa.OK && in.Op != isa.FP {
		s.op = h.opMap[in.Op]
		if fpOps[in.Op] {
			s.op = h.decodeFP(s.op)
		}
	}
	if s.rd == 0 {
		s.rd = 32
	}
	if s.len == 0 {
		s.len = 4
	}
	vecDecode(s, &cp.insts[i]) // vector instructions: opVec slots (v_fast.go)
	if h.dbg != nil {
		h.dbg.onDecode(pc, s) // a breakpoint here replaces the op (debug.go)
	}
	return true
}

// Why the interpreter's loop returned to run.
const (
	exitBudget = iota // the budget ran out
	exitFetch         // pc left the cached code page
	exitDecode        // the slot at pc has not been decoded yet
	exitSlow          // the instruction at pc needs the general executor
	exitTrap          // raise h.tc at pc
)

// ctlbEntry caches the decoded-code page of a virtual page number for the loop.
type ctlbEntry struct {
	vpn uint64
	cp  *codePage
}

// run executes up to budget instructions and returns how many retired and how much of the
// budget it used: a trap taken into the handler uses one unit, so that a program trapping
// over and over (mtvec pointing at a fault) still ends its run. It alternates between loop,
// the hot interpreter, and the general paths loop leaves to it (exit): page lookups,
// decoding, slow memory accesses, traps and the rare instructions. With an Observer,
// runObserved does the same with loopRecord.
func (h *Hart) run(budget uint64) (done, used uint64) {
	if h.Observer != nil {
		return h.runObserved(budget)
	}
	traps := uint64(0)
	for done+traps < budget && h.stop.Reason == StopNone {
		if h.Mem.Epoch != h.epoch && h.newEpoch() {
			break
		}
		var n uint64
		var k int
		if h.baseLoop {
			n, k = h.loopBase(budget - done - traps)
		} else {
			n, k = h.loop(budget - done - traps)
		}
		done += n
		if done+traps == budget {
			h.budgetEnd()
			break
		}
		r, t, stop := h.exit(k, false)
		done, traps = done+r, traps+t
		if stop || h.yield {
			h.yield = false
			break
		}
	}
	return done, done + traps
}

// runObserved is run with an Observer: loopRecord fills the buffer, and the observer is
// handed it when it is full, before the instructions that may read its state (CSR
// accesses, system calls), before traps and decoding, and when runObserved returns.
func (h *Hart) runObserved(budget uint64) (done, used uint64) {
	h.observe()
	traps := uint64(0)
	for done+traps < budget && h.stop.Reason == StopNone {
		if h.Mem.Epoch != h.epoch && h.newEpoch() {
			break
		}
		if h.rec.n == recSize {
			h.handOver(h.PC)
		}
		n, k := h.loopRecord(min(budget-done-traps, uint64(recSize-h.rec.n)))
		done += n
		if done+traps == budget {
			h.budgetEnd()
			break
		}
		r, t, stop := h.exit(k, true)
		done, traps = done+r, traps+t
		if stop || h.yield {
			h.yield = false
			break
		}
	}
	h.handOver(h.PC) // (Run waits for the observer before it returns)
	return done, done + traps
}

// newEpoch catches up with a change of Mem.Epoch: the mapping changed, code was flushed or
// tohost was written. It forgets the cached code pages and lets the host look at tohost; it
// returns true when the run must stop.
func (h *Hart) newEpoch() bool {
	h.epoch = h.Mem.Epoch
	for i := range h.ctlb {
		h.ctlb[i] = ctlbEntry{vpn: ^uint64(0)}
	}
	if h.HTIF != nil {
		h.HTIF.poll(h)
		if h.stop.Reason != StopNone {
			return true
		}
	}
	return h.dbg != nil && h.checkWatches() // a watched range changed (debug.go)
}

// budgetEnd ends a run that is out of budget (a jump may have left the loop on its last
// instruction, with the new page not looked up yet): whatever comes next waits for the next
// run, unless it is the return of a Call.
func (h *Hart) budgetEnd() {
	if h.PC == h.Sentinel && h.Sentinel != 0 {
		h.stop = Stop{Reason: StopReturn, PC: h.PC}
	}
}

// exit does what the loop left it for (k): it returns the instructions that retired, the
// traps taken into the handler, and whether the run must stop. obs says an Observer is
// recording.
func (h *Hart) exit(k int, obs bool) (retired, traps uint64, stop bool) {
	switch k {
	case exitFetch:
		pc := h.PC
		if pc == h.Sentinel && pc != 0 {
			h.stop = Stop{Reason: StopReturn, PC: pc}
			return 0, 0, true
		}
		cp := h.codeFor(pc)
		if cp == nil {
			if obs {
				h.flushObserved(pc)
			}
			if h.raise(CauseFetchAccess, pc, "instruction fetch from an unmapped or non-executable address") {
				return 0, 0, true
			}
			return 0, 1, false
		}
		h.ctlb[(pc>>pageShift)&ctlbMask] = ctlbEntry{vpn: pc >> pageShift, cp: cp}
	case exitDecode:
		pc := h.PC
		if obs {
			// Decoding rewrites the slot's isa.Inst, which a buffered record may point to
			// (code that was changed is decoded afresh).
			h.flushObserved(pc)
		}
		e := &h.ctlb[(pc>>pageShift)&ctlbMask]
		if !h.decodeSlot(e.cp, (pc&pageMask)>>1, pc) {
			if h.raise(CauseFetchAccess, pc+2, "instruction fetch crosses into an unmapped or non-executable page") {
				return 0, 0, true
			}
			return 0, 1, false
		}
	case exitTrap:
		if obs {
			h.flushObserved(h.PC)
		}
		if h.tc == CauseIllegal {
			stop = h.illegalAt(h.PC)
		} else {
			stop = h.raise(h.tc, h.tv, trapMessages[h.tm])
		}
		if stop {
			return 0, 0, true
		}
		return 0, 1, false
	case exitSlow:
		var ok, r bool
		if obs {
			r, ok = h.execSlowObserved()
		} else {
			pc := h.PC
			e := &h.ctlb[(pc>>pageShift)&ctlbMask]
			i := (pc & pageMask) >> 1
			r, ok = h.execSlow(&e.cp.slots[i], &e.cp.insts[i], pc)
		}
		if r {
			retired = 1
		} else if ok {
			traps = 1 // it trapped into the handler
		}
		return retired, traps, !ok
	}
	return 0, 0, false
}

// ctlbSize is how many decoded-code pages the loop reaches without leaving it (indexed by
// the page number's low bits). A dynamic program's hot code spans the program, libc and
// libcrypto, mapped far apart: with 64 entries their pages kept evicting each other, and
// Debian's openssl speed -evp aes-128-cbc (scalar Zkn) spent 18% of its run finding pages
// in the memory's map; with 1024 it runs 12% faster (2.46-2.50 s -> 2.16-2.18 s). A new
// epoch clears the table: 16 KiB, cheap beside the mapping change or fence.i behind it.
const (
	ctlbSize = 1024
	ctlbMask = ctlbSize - 1
)

// loopBase is the template of the interpreter proper: a switch over predecoded slots. It
// makes no calls, so the compiler keeps pc, the budget and the page in registers instead of
// spilling them around calls on every instruction; anything that needs a call leaves the
// loop with a reason for run. It returns how many instructions retired.
//
// Only fetch, jumps, branches, the memory fast paths and traps are written here. The loop
// that runs, loop, and its recording twin loopRecord (exec_gen.go) are made from it by
// internal/genloop (go generate ./emu; a test fails when the file is stale), which copies
// the body of every registered semantics function (semantics.go) into the switch at the
// marker comment. loopBase itself still runs correctly without them (the general executor
// runs the registered functions), and the tests use it as the reference for the generated
// loop. The generator relies on five conventions: an instruction retires with `n--`, a
// case that accesses memory names the effective address `a := ...` (`va` in the vector
// case), the vector case ends at the label vdone once its instruction has run, the step to
// the next slot runs from the label next to the label dispatch (genloop copies it into
// every case), and the function ends at the label exit.
func (h *Hart) loopBase(budget uint64) (uint64, int) {
	x := &h.X
	f := &h.F
	m := h.Mem
	pc := h.PC
	am := h.addrMask
	var cp *codePage
	var cbase uint64
	var s *slot
	n := budget
	k := exitBudget
	if e := &h.ctlb[(pc>>pageShift)&ctlbMask]; e.vpn == pc>>pageShift {
		cp = e.cp
		cbase = pc &^ pageMask
		s = &cp.slots[(pc&pageMask)>>1]
	} else {
		k = exitFetch
		goto exit
	}

	// s points at pc's slot. Straight-line code steps s along the page (a 2-byte
	// instruction is one slot, a 4-byte one two); the two slots past the page's end hold
	// opPageEnd, so running off the page needs no test of its own.
	goto dispatch
next:
	// The next slot by a branch on the length rather than by adding it: the predicted
	// branch lets the next instruction's fetch start without waiting for this slot's len
	// to load, which would otherwise chain every instruction to the one before it by a
	// load's latency. Labels rather than a for loop: the step goes straight on to the
	// dispatch, where a continue went through a shuffle of registers (11% on the scalar
	// loop). genloop copies the step into every case of loop, which saves the jump here
	// (another 13%).
	if s.len == 4 {
		pc += 4
		s = (*slot)(unsafe.Add(unsafe.Pointer(s), 4*slotsPerByte))
		n--
		goto dispatch
	}
	pc += 2
	s = (*slot)(unsafe.Add(unsafe.Pointer(s), 2*slotsPerByte))
	n--
dispatch:
	if n == 0 {
		goto exit
	}
	{
		switch s.op {
		case opPageEnd:
			goto newpage
		case opDecode:
			k = exitDecode
			goto exit
		case opIllegal:
			h.tc = CauseIllegal
			goto trap

		// RV64I / RV32I
		case uint16(isa.LUI):
			x[s.rd&63] = uint64(s.imm)
		case uint16(isa.AUIPC):
			x[s.rd&63] = pc + uint64(s.imm)
		case opAUIPC32:
			x[s.rd&63] = sext32(pc + uint64(s.imm))
		case uint16(isa.JAL), opJAL32:
			t := (pc + uint64(s.imm)) & am
			if t&(h.ialign&^1) != 0 {
				h.tc, h.tv, h.tm = CauseMisalignedFetch, t, msgJumpTarget
				goto trap
			}
			x[s.rd&63] = pc + uint64(s.len)
			if s.op == opJAL32 {
				x[s.rd&63] = sext32(pc + uint64(s.len))
			}
			pc = t
			n--
			goto jumped
		case uint16(isa.JALR), opJALR32:
			t := (x[s.rs1&63] + uint64(s.imm)) &^ 1 & am
			if t&(h.ialign&^1) != 0 {
				h.tc, h.tv, h.tm = CauseMisalignedFetch, t, msgJumpTarget
				goto trap
			}
			x[s.rd&63] = pc + uint64(s.len)
			if s.op == opJALR32 {
				x[s.rd&63] = sext32(pc + uint64(s.len))
			}
			pc = t
			n--
			goto jumped
		case uint16(isa.BEQ):
			if x[s.rs1&63] == x[s.rs2&63] {
				goto branch
			}
		case uint16(isa.BNE):
			if x[s.rs1&63] != x[s.rs2&63] {
				goto branch
			}
		case uint16(isa.BLT):
			if int64(x[s.rs1&63]) < int64(x[s.rs2&63]) {
				goto branch
			}
		case uint16(isa.BGE):
			if int64(x[s.rs1&63]) >= int64(x[s.rs2&63]) {
				goto branch
			}
		case uint16(isa.BLTU):
			if x[s.rs1&63] < x[s.rs2&63] {
				goto branch
			}
		case uint16(isa.BGEU):
			if x[s.rs1&63] >= x[s.rs2&63] {
				goto branch
			}

		case uint16(isa.LB):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			var v uint8
			if e := &m.rtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift {
				v = e.data[a&pageMask]
			} else {
				goto slow
			}
			x[s.rd&63] = uint64(int64(int8(v)))
		case uint16(isa.LH):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			var v uint16
			if e := &m.rtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&1 == 0 {
				v = le16(e.data, a)
			} else {
				goto slow
			}
			x[s.rd&63] = uint64(int64(int16(v)))
		case uint16(isa.LW):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			var v uint32
			if e := &m.rtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&3 == 0 {
				v = le32(e.data, a)
			} else {
				goto slow
			}
			x[s.rd&63] = uint64(int64(int32(v)))
		case uint16(isa.LD):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			var v uint64
			if e := &m.rtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&7 == 0 {
				v = le64(e.data, a)
			} else {
				goto slow
			}
			x[s.rd&63] = v
		case uint16(isa.LBU):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			var v uint8
			if e := &m.rtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift {
				v = e.data[a&pageMask]
			} else {
				goto slow
			}
			x[s.rd&63] = uint64(v)
		case uint16(isa.LHU):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			var v uint16
			if e := &m.rtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&1 == 0 {
				v = le16(e.data, a)
			} else {
				goto slow
			}
			x[s.rd&63] = uint64(v)
		case uint16(isa.LWU):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			var v uint32
			if e := &m.rtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&3 == 0 {
				v = le32(e.data, a)
			} else {
				goto slow
			}
			x[s.rd&63] = uint64(v)
		case uint16(isa.SB):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			if e := &m.wtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift {
				e.data[a&pageMask] = uint8(x[s.rs2&63])
			} else {
				goto slow
			}
		case uint16(isa.SH):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			if e := &m.wtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&1 == 0 {
				put16(e.data, a, uint16(x[s.rs2&63]))
			} else {
				goto slow
			}
		case uint16(isa.SW):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			if e := &m.wtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&3 == 0 {
				put32(e.data, a, uint32(x[s.rs2&63]))
			} else {
				goto slow
			}
		case uint16(isa.SD):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			if e := &m.wtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&7 == 0 {
				put64(e.data, a, x[s.rs2&63])
			} else {
				goto slow
			}

		// F and D loads and stores: a single-precision value is NaN-boxed in its
		// register.
		case uint16(isa.FLW):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			var v uint32
			if e := &m.rtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&3 == 0 {
				v = le32(e.data, a)
			} else {
				goto slow
			}
			f[s.rd&31] = uint64(v) | boxHigh
		case uint16(isa.FLD):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			var v uint64
			if e := &m.rtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&7 == 0 {
				v = le64(e.data, a)
			} else {
				goto slow
			}
			f[s.rd&31] = v
		case uint16(isa.FSW):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			if e := &m.wtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&3 == 0 {
				put32(e.data, a, uint32(f[s.rs2&31]))
			} else {
				goto slow
			}
		case uint16(isa.FSD):
			a := (x[s.rs1&63] + uint64(s.imm)) & am
			if e := &m.wtlb[(a>>pageShift)&tlbMask]; e.vpn == a>>pageShift && a&7 == 0 {
				put64(e.data, a, f[s.rs2&31])
			} else {
				goto slow
			}

		case uint16(isa.FENCE):
			// A single hart sees its own accesses in order: nothing to do.

		case opVec:
			// A vector instruction. The quick path (vfastCfg) runs the commonest ones
			// here without a call: whole 128-bit registers as two words each, all
			// elements of a word at once, when the live vtype and vl are the ones it
			// was set up for. Anything else calls the fast path for the kind
			// (v_fast.go), which runs it unless it declines (false). va (the first
			// byte a vector access touches) and vdone are for loopRecord, which
			// records the configuration the instruction left there; genloop takes
			// both out of loop.
			va := x[s.rs1&63] & am
			if v := h.V; s.imm&vqOK != 0 && v != nil && v.VType == v.fast.qVType && v.VL == v.fast.qVL &&
				v.VStart == 0 && (h.Linux != nil || h.CSR.mstatus&mstatusVS != 0) {
				rf := (*[32][2]uint64)(unsafe.Pointer(unsafe.SliceData(v.Reg)))
				vd := &rf[s.imm>>vqVd&31]
				vs2 := &rf[s.rs2&31]
				if kind := uint8(s.imm); kind == vfGroup4 || kind == vfGather || kind == vfClmul {
					// The kinds that call a function, apart from the word operations
					// below so that those keep their values in registers.
					switch kind {
					case vfGroup4:
						// SEW 32 and vl 4: one element group, in place; a .vs form's
						// vd must not be its vs2.
						if v.fast.qEEW != 2 || vkForm(s.imm>>8) == vkVS && s.imm>>vqVd&31 == int64(s.rs2&31) {
							goto vcall
						}
						// The switch of vecGroups4 (v_fast.go), written again here: calling
						// one shared function costs the crypto loop 8% (155 against 168
						// cpu-MIPS, BenchmarkVectorCryptoLoop pinned to one CPU).
						p, key := (*[4]uint32)(unsafe.Pointer(vd)), (*[4]uint32)(unsafe.Pointer(vs2))
						switch uint8(s.imm >> 24) {
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
							sem.VGHSHIn(p, (*[4]uint32)(unsafe.Pointer(&rf[s.rs1&31])), key)
						case vgGMUL:
							sem.VGMULIn(p, key)
						}
					case vfGather:
						if vdi := s.imm >> vqVd & 31; vdi == int64(s.rs2&31) || vdi == int64(s.rs1&31) {
							goto vcall // vd overlaps a source: reserved
						}
						gather128(vd, vs2, &rf[s.rs1&31], v.fast.qEEW)
					case vfClmul:
						if v.fast.qEEW != 3 {
							goto vcall // SEW ≠ 64 is reserved
						}
						u0, u1 := x[s.rs1&63], x[s.rs1&63] // .vx: SEW 64 takes the whole register
						if uint8(s.imm>>8) == srcV {
							vs1 := &rf[s.rs1&31]
							u0, u1 = vs1[0], vs1[1]
						}
						if s.imm&(1<<16) == 0 {
							vd[0], vd[1] = sem.VClmul(vs2[0], u0), sem.VClmul(vs2[1], u1)
						} else {
							vd[0], vd[1] = sem.VClmulh(vs2[0], u0), sem.VClmulh(vs2[1], u1)
						}
					}
					v.wrReg, v.wrN = int(s.imm>>vqVd&31), 1
					if h.CSR.mstatus&mstatusVS != mstatusVSDirty {
						h.CSR.mstatus |= mstatusVSDirty
					}
					goto vdone
				}
				// The second operand: vs1's words, or the scalar truncated to SEW and
				// replicated to every element (sc keeps it for the shifts).
				sc := uint64(s.imm >> vqImm)
				if uint8(s.imm>>8) == srcX {
					sc = x[s.rs1&63]
				}
				u0 := sc & v.fast.qMask * v.fast.qLanes
				u1 := u0
				if uint8(s.imm>>8) == srcV {
					vs1 := &rf[s.rs1&31]
					u0, u1 = vs1[0], vs1[1]
				}
				w0, w1 := vs2[0], vs2[1]
				wrote := 1
				switch uint8(s.imm) {
				case vfAdd:
					hi := v.fast.qHi
					vd[0] = (w0&^hi + u0&^hi) ^ (w0^u0)&hi
					vd[1] = (w1&^hi + u1&^hi) ^ (w1^u1)&hi
				case vfSub:
					hi := v.fast.qHi
					vd[0] = (w0 | hi - u0&^hi) ^ (w0^^u0)&hi
					vd[1] = (w1 | hi - u1&^hi) ^ (w1^^u1)&hi
				case vfXor:
					vd[0], vd[1] = w0^u0, w1^u1
				case vfAnd:
					vd[0], vd[1] = w0&u0, w1&u1
				case vfOr:
					vd[0], vd[1] = w0|u0, w1|u1
				case vfSll:
					sh := sc & v.fast.qShift
					mk := v.fast.qMask << sh & v.fast.qMask * v.fast.qLanes
					vd[0], vd[1] = w0<<sh&mk, w1<<sh&mk
				case vfSrl:
					sh := sc & v.fast.qShift
					mk := v.fast.qMask >> sh * v.fast.qLanes
					vd[0], vd[1] = w0>>sh&mk, w1>>sh&mk
				case vfMv:
					vd[0], vd[1] = u0, u1
				case vfRev8:
					eb := 1 << v.fast.qEEW
					vd[0], vd[1] = rev8Lanes(w0, eb), rev8Lanes(w1, eb)
				case vfLoad, vfStore:
					// One field of EEW = SEW, element-aligned and inside one page of
					// the read (write) cache; else the call below.
					ea := x[s.rs1&63] & am
					if s.imm>>16&3 != v.fast.qEEW || ea&pageMask > PageSize-16 || ea&(v.fast.qShift>>3) != 0 || v.logMem {
						goto vcall
					}
					if uint8(s.imm) == vfLoad {
						e := &m.rtlb[(ea>>pageShift)&tlbMask]
						if e.vpn != ea>>pageShift {
							goto vcall
						}
						vd[0], vd[1] = le64(e.data, ea), le64(e.data, ea+8)
					} else {
						e := &m.wtlb[(ea>>pageShift)&tlbMask]
						if e.vpn != ea>>pageShift {
							goto vcall
						}
						put64(e.data, ea, vd[0])
						put64(e.data, ea+8, vd[1])
						wrote = 0
					}
				}
				v.wrReg, v.wrN = int(s.imm>>vqVd&31)&-wrote, wrote
				if h.CSR.mstatus&mstatusVS != mstatusVSDirty {
					h.CSR.mstatus |= mstatusVSDirty
				}
				goto vdone
			}
		vcall:
			if !vfastFuncs[s.imm&15](h, s, &cp.insts[(pc&pageMask)>>1]) {
				goto slow
			}
		vdone:
			_ = va // (where loopRecord records the configuration the instruction left)

		// genloop: the registered semantics (semantics.go) are copied here.

		default:
			// Atomics, CSRs, system instructions, the vector unit, and (in loopBase
			// itself) the registered semantics.
			goto slow
		}
		goto next

	branch:
		{
			t := (pc + uint64(s.imm)) & am
			if t&(h.ialign&^1) != 0 {
				h.tc, h.tv, h.tm = CauseMisalignedFetch, t, msgBranchTarget
				goto trap
			}
			pc = t
			n--
			goto jumped
		}
	}
jumped:
	if pc-cbase < PageSize {
		s = &cp.slots[(pc&pageMask)>>1]
		goto dispatch
	}
newpage:
	{
		e := &h.ctlb[(pc>>pageShift)&ctlbMask]
		if e.vpn != pc>>pageShift {
			k = exitFetch
			goto exit
		}
		cp = e.cp
		cbase = pc &^ pageMask
		s = &cp.slots[(pc&pageMask)>>1]
	}
	goto dispatch
slow:
	k = exitSlow
	goto exit
trap:
	k = exitTrap
exit:
	h.PC = pc & am // on RV32, falling off the page at 0xfffff000 wraps to 0
	h.Instret += budget - n
	return budget - n, k
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
