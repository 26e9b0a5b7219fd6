package emu

import (
	"sync"
	"unsafe"

	"rvsim/isa"
)

//go:generate go run ./internal/genloop

// Observer receives every retired instruction in batches, for consumers that want the whole
// instruction stream without a call per instruction (the cost model). Unlike Hook it does
// not see the registers as each instruction left them: by the time Retired is called, later
// instructions of the batch have run. Run hands a batch over when its buffer is full, before
// an instruction the interpreter's loop cannot run (so that a CSR read sees an observer that
// is up to date), before a trap and when it returns.
type Observer interface {
	Retired(b *Batch)
}

// Batch is a run of consecutively retired instructions, oldest first: PC[i], Inst[i] (the
// decoded instruction, pointing into the hart's decode cache: valid only during the call)
// and Addr[i], the effective address of a load, store or AMO (the first byte for a vector
// access; anything for other instructions). The instruction after PC[i] is at PC[i+1], and
// the one after the last at Next: no trap comes between two instructions of a batch. Nothing
// is decoded while a batch is collected (run hands the buffer over first), so the same pc
// in one batch is the same instruction.
//
// VCfg[i] is the vector configuration after a vector instruction (for vsetvl*, the one it
// set; zero when the hart has no vector unit), anything for other instructions: vector
// instructions sit anywhere in a batch, each with its own.
type Batch struct {
	PC   []uint64
	Inst []*isa.Inst
	Addr []uint64
	VCfg []isa.VConfig
	Next uint64
}

// recSize is how many instructions the observation buffer holds (a power of two: the loop
// masks its index with recMask, which keeps bounds checks out of it). The model's costs per
// batch (a held block resumed, each block's code checked once) fall with longer batches:
// 4096 against 1024 made --core 5-14% faster on the kernels, and 16384 against 4096 another
// 0-10% (the model's blocks have grown since); 32768 gained nothing more. The buffer (450
// KiB) still fits the host's second-level cache.
const (
	recSize = 16384
	recMask = recSize - 1
)

// recBuf is the buffer loopRecord fills: n instructions so far.
//
// inst holds pointers to the instructions in their decoded-code pages as plain numbers: a
// pointer stored in the loop costs a check of the garbage collector's write barrier, and
// with it the compiler kept the loop's slot pointer on the stack rather than in a register
// across every instruction's dispatch (which put a store-to-load round trip on the chain
// from one instruction to the next). The pages stay reachable without these: a decoded-code
// page is dropped only by FlushCode or when its page is unmapped, and both happen only in
// instructions (fence.i, system calls) before which the buffer is handed over.
type recBuf struct {
	pc    [recSize]uint64
	inst  [recSize]uintptr
	addr  [recSize]uint64
	vcfg  [recSize]isa.VConfig
	n     int
	batch Batch
}

// observe prepares the buffer for a run with an Observer.
func (h *Hart) observe() {
	if h.rec == nil {
		h.rec = &recBuf{}
		h.lag = &observeLag{}
	}
}

// flushObserved hands the buffered instructions to the Observer and returns once it has
// seen them (and every batch handed over before: observe_ahead.go); next is the pc of the
// instruction after the last of them.
func (h *Hart) flushObserved(next uint64) {
	// (Even with nothing buffered: a batch handed over ahead may point to code that what
	// comes next decodes afresh or unmaps.)
	h.syncObserved()
	rb := h.rec
	if rb == nil || rb.n == 0 {
		return
	}
	b := rb.seal(next)
	h.sent++
	h.Observer.Retired(b)
	h.lag.note(h.sent, h.CSR.Modelled)
}

// execSlowObserved is execSlow on the instruction at h.PC for a run with an Observer: the
// observer is handed the buffer first unless the instruction is one of slowPure (a CSR read
// or a system call may read its state), and the instruction is recorded if it retires; if it
// does not, the buffer is handed over at once (the next instruction recorded comes after a
// trap).
func (h *Hart) execSlowObserved() (retired, ok bool) {
	pc := h.PC
	e := &h.ctlb[(pc>>pageShift)&ctlbMask]
	i := (pc & pageMask) >> 1
	in := &e.cp.insts[i]
	if !slowPure()[in.Op] {
		h.flushObserved(pc)
	}
	addr, _, _, _ := h.memAccess(in)
	retired, ok = h.execSlow(&e.cp.slots[i], in, pc)
	if retired {
		h.observeSlow(pc, in, addr)
	} else {
		h.flushObserved(pc)
	}
	return retired, ok
}

// observeSlow records an instruction the general executor retired: in at pc, with the
// effective address addr it had before it ran, and the vector configuration it left.
func (h *Hart) observeSlow(pc uint64, in *isa.Inst, addr uint64) {
	rb := h.rec
	if rb.n == recSize {
		h.flushObserved(pc)
	}
	rb.pc[rb.n], rb.inst[rb.n], rb.addr[rb.n], rb.vcfg[rb.n] = pc, uintptr(unsafe.Pointer(in)), addr, vcfgOf(h.V)
	rb.n++
}

// seal makes the buffered instructions the buffer's batch, followed by next, and empties the
// buffer for the next ones.
func (rb *recBuf) seal(next uint64) *Batch {
	rb.batch = Batch{PC: rb.pc[:rb.n], Inst: rb.insts(), Addr: rb.addr[:rb.n], VCfg: rb.vcfg[:rb.n], Next: next}
	rb.n = 0
	return &rb.batch
}

// insts is inst[:n] as the pointers it holds.
func (rb *recBuf) insts() []*isa.Inst {
	if rb.n == 0 {
		return nil
	}
	return unsafe.Slice((**isa.Inst)(unsafe.Pointer(&rb.inst[0])), rb.n)
}

// vcfgOf is v's configuration, for the batch (zero without a vector unit).
func vcfgOf(v *Vector) isa.VConfig {
	if v == nil {
		return 0
	}
	return isa.MakeVConfig(v.VL, v.SEW, v.LMUL8)
}

// memAccess returns where and how in, about to run, accesses memory: the effective address,
// the bytes a scalar access touches (0 for a vector one, whose extent depends on vl), and
// whether it writes. ok is false when it does not access memory.
func (h *Hart) memAccess(in *isa.Inst) (addr uint64, size uint8, store, ok bool) {
	mi := memOps[in.Op]
	switch {
	case mi.size != 0 && !mi.atomic:
		return (h.X[in.Rs1&31] + uint64(in.Imm)) & h.addrMask, mi.size, mi.store, true
	case mi.size != 0 || mi.vector:
		return h.X[in.Rs1&31] & h.addrMask, mi.size, mi.store, true
	}
	return 0, 0, false, false
}

// slowPure marks the instructions of the general executor that neither read a CSR nor enter
// the environment, so that an Observer need not be up to date when they run: loads and
// stores that missed the loop's page cache, AMOs, the registered semantics (run there when
// the loop did not run them), and the vector instructions (which read only the vector
// unit's own state). run hands the buffer over before every other one. It is built on first use: the
// registrations it reads are made by init functions.
var slowPure = sync.OnceValue(func() (t *[isa.NumOps]bool) {
	t = new([isa.NumOps]bool)
	for _, r := range isa.Rows() {
		t[r.Op] = r.Mem != 0 || r.Args.Vector() || HasSemantics(r.Op)
	}
	return t
})
