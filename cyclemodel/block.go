package cyclemodel

import (
	"cmp"
	"math/bits"
	"slices"
	"unsafe"

	"rvsim/isa"
)

// Memoized blocks. A block is a trace: a run of up to maxTraceLen scalar instructions along
// the path the program took when it was built, through the branches, jumps, calls and
// returns on it (an inner loop unrolled when its body is short: maxUnrolledBody), that ends
// at a control transfer back to its start or to a longer inner loop's, or before an
// instruction that cannot be in one; one that would be longer ends at its last control
// transfer. A loop's body, with the functions it calls, is one block; it matches where the
// program takes the same path again (block.offPath). Blocks end at a transfer that went
// another way than one built through it (a branch on data, a return to another caller:
// blockCache.fickle), and at every transfer of a trace that keeps being timed afresh
// (maxTimings: its outcomes, a miss or a load that takes a store's bytes as the data has
// it, have too many combinations over that many instructions). Modelling an
// instruction splits in two:
//
//   - what does not depend on timing: its access through the data cache and its branch or
//     jump through the predictor, which change their state and give each instruction an
//     outcome (miss, misaligned, mispredicted, taken). These run for every instruction;
//   - the timing, which depends only on the outcomes and on the pipeline state relative to
//     the cycle the block starts in: the instructions issued in that cycle, when the front
//     end can fetch, when each register the block reads before writing it is ready (and what
//     produced it) and when each copy of each unit the block uses is free. A time at or before
//     the start cycle is as good as any earlier one (nothing issues before it), so those are
//     all recorded as 0.
//
// The first time a block starts in a given state with given outcomes, its instructions are
// timed one by one (Model.issue) and the result is recorded as a variant of the block: the
// state it leaves relative to the start (the registers and units it wrote, the cycle, the
// fetch time), the cycles it adds to each reason, and each instruction's share for the
// profile. When the block starts in that state again with the same outcomes, the variant is
// replayed: the same updates, shifted to the new start cycle, and no instruction is timed.
// A loop whose body is one block usually reaches a steady state in which each iteration
// leaves the state it started in (a fixed point): then the iterations that follow with the
// same outcomes are repeated, their updates applied once at the end, and cost only their
// outcomes.
//
// An out-of-order core's state has more clocks. Times are taken relative to the cycle the
// last instruction dispatched in (nothing in the block dispatches, issues or books a unit
// earlier), and the key adds the instructions dispatched and retired in their cycles, the
// last retirement (exactly), and the retirement times of the reorder-buffer entries the
// block's instructions will wait for. The unit calendars are too large for a key: a variant
// lists the calendar cells its instructions looked at, with the ops booked there when they
// first did, and matches only when every one holds as many again; replaying books the same
// cells. Out of order the next iteration also waits for reorder-buffer entries and looks at
// calendar cells written several iterations before, so a variant is repeated only after a
// streak of iterations long enough that all of those are its own (periodicOOO).
//
// A loop whose iterations cycle through a few variants never has one that leaves the state
// it starts in: a 16-byte block cipher's loop over its data misses every fourth iteration, as
// each 64-byte line is new, and out of order each iteration's state depends on the variants
// of those before. When the last iterations of a loop's block cycle with a period of 2 to
// maxTurns and none was repeated in unrollAfter of them, the block is built again over that
// many turns of the loop (up to maxBlockLen instructions), whose one variant then may be
// (block.turns; lookForCycle). When the loop ends inside such a block, its turns up to
// there are modelled one at a time; a block over turns that goes unrollAfter turns without
// a repetition either is rolled up again for good.
//
// A batch that ends inside a block is held (held, with copies of its instructions) and
// modelled with the start of the next one, so that a loop goes on being repeated across
// batches; anything that reads the model first models the held instructions one by one.
//
// Store-to-load forwarding (storebuf.go) adds to both halves. Which store each of the block's
// loads may take its bytes from is an outcome, worked out in program order with the cache
// accesses: none, one of the block's own stores, or one from before the block. The timing of
// the first two follows from the key; for a store from before the block the key adds when its
// data exists and when it is written (relative to the start; nothing when it is written by
// the start, as it then does not matter). A variant records when each of the block's stores
// has its data and is written, and replaying sets those. A variant with a load that takes a
// store from before the block is repeated only when the next iteration's key would be its
// own (preFixed): the store is one of the last turn's, with the times the key has, or one
// written by the start; and at each turn the load must take the store as many stores back
// (samePre). A load that takes a store from before the block's run of turns, written by its
// start, is no outcome at all: it reads the cache as one that takes no store does (settle).
//
// Replaying gives exactly the counts timing would give. One difference in the state it
// leaves does not matter: a unit copy whose free time was at or before the start is left
// free at the start cycle, and which copy of a unit an instruction takes may differ, but
// copies are identical and only the set of their free times decides when anything issues.

const (
	blockTableSize  = 1 << 12                       // blocks remembered (direct-mapped by start pc)
	maxTraceLen     = 1024                          // instructions in a block of one turn (the body of the C SM4 kernel's loop, its calls included, is one)
	maxBlockLen     = 2 * maxTraceLen               // instructions in a block over several turns of a loop (four of the Zksed SM4 ECB loop's)
	maxOutWords     = (2 + 2*maxBlockLen + 63) / 64 // outcome bits: two for the last control transfer, two per access or other transfer
	maxUnrolledBody = 64                            // instructions of an inner loop's body a block unrolls (a longer one is a block a turn)
	maxWideBody     = 256                           // the same for a wide block (block.wide)
	wideAfter       = 64                            // visits of a block with few repetitions before it is built wide
	wideJudged      = 4 * wideAfter                 // visits of a wide block before it is kept or narrowed again
	maxTimings      = 32                            // times a trace is timed before blocks end at its transfers instead
	blockVariants   = 64                            // start states remembered per short block (out of order, the reorder buffer's times vary a lot)
	variantInsts    = 4096                          // a block keeps at most this many instructions' worth of variants (and 16)
	plainSpan       = 256                           // at most this many times a block whose variants are not replayed is modelled one instruction at a time
	maxTurns        = 8                             // turns of a loop a block may span (unrolled)
	wideVariants    = maxTurns                      // variants at least of a wide block (block.roomy)...
	maxRoomy        = 64                            // ...of at most this many in the table at once
	turnHistory     = 16                            // a loop block's last variants kept to find a cycle in them (at least twice maxTurns)
	unrollAfter     = 32                            // turns of a loop without a repetition before it is unrolled (or an unrolled one is rolled up again)
	maxBackoff      = 1 << 16                       // turns at most between two looks for a cycle
)

// blockCache holds the memoized blocks of a model.
type blockCache struct {
	tab  [blockTableSize]*block
	key  []int64 // the current block's key
	outs [maxBlockLen]uint8
	ow   [maxOutWords]uint64 // the current iteration's outcomes
	log  probeLog

	// The current iteration's store-buffer outcomes (storebuf.go): per instruction, a
	// store's sequence number or a load's youngest overlapping store (-1: none) and whether it
	// lacks some of the load's bytes; for each load that has such a store, in order, its
	// outcome (fwdEntry) and the store; the sequence number of the block's first store;
	// whether a load may take a store from before the block. Most loads have none, and then
	// the key and the outcomes have nothing more.
	sfSeq     [maxBlockLen]int64
	sfPart    [maxBlockLen]bool
	fw, fwSrc [maxBlockLen]int64
	fwN       int
	firstSeq  int64
	hasPre    bool

	replayed, repeated, timed uint64 // instructions of blocks replayed, repeated and timed (for tests and tuning)

	cells map[cell]int // periodicOOO's scratch

	// build's scratch: the transfers inside the block being built and where they went, and
	// where each pc it ran was.
	inner [maxBlockLen]uint16
	succ  [maxBlockLen]uint64
	pos   pcPositions

	// Control transfers that went two ways after a block was built through them (a branch
	// on data, a return to several callers): blocks end at them (direct-mapped by pc).
	fickleTab [fickleSize]uint64

	// The loops built over several turns (block.turns), direct-mapped by pc as fickleTab:
	// the pc plus one, and the turns (0: a loop that was, and did not repeat either).
	turnsTab [fickleSize]loopTurns

	// The blocks built wide (block.wide), direct-mapped by pc as fickleTab: the pc plus
	// one, and whether it still is (false: it was, and did not repeat either).
	wideTab [fickleSize]wideAt

	// build's note that the block it built ended where a wide one would have gone on.
	widenable bool
	noWide    bool // never build wide (for tests: the model as it was without)
	roomy     int  // blocks in the table with block.roomy
	noRoomy   bool // never make a block roomy (for tests)
	noSettle  bool // never settle (for tests)

	// The batch being modelled (a count of RetireBatch calls; 0 while held instructions are,
	// which mix two batches). A block whose code was checked against this batch's
	// instructions (block.seen) is not checked again in it: the same pc within a batch is the
	// same instruction (Batch).
	batch, batches uint64

	// The block whose iterations ended the last batch, the variant they replayed and how many
	// times in a row; for out of order, the last cycle booked before the streak began.
	streakBlk *block
	streakVar *variant
	streak    int
	streakSeq int64 // the first store of the iterations of the streak's block (settle)
	tpre      int64
}

type block struct {
	pc       uint64
	head     []uint64  // each instruction's first 8 bytes (see head)
	ops      []*opInfo // each instruction's op
	mem      []uint16  // positions of the memory accesses
	memOps   []memOp   // the same, with what outcomesFast needs
	vbytes   []uint32  // the same, for a vector access the bytes it spans from its address (0: strided or scalar)
	vmem     bool      // one of them is a vector access
	cacheOps []cacheOp // the scalar accesses that touch bytes, for outcomesScalar
	nLoads   uint64    // accesses counted as loads...
	nStores  uint64    // ...and as stores
	ctrl     bool      // the last instruction is a branch or jump...
	edge     bool      // ...and a loop edge for the profile
	liveIn   []uint8   // registers read before the block writes them
	written  []uint8   // registers the block writes
	units    []int16   // units the block uses
	keyLen   int       // the start state, then ow words of outcomes
	ow       int
	robRead  int      // out of order: the reorder-buffer entries the block reads before writing them
	copies   int      // in order: the unit copies in the key (free times of the units it uses)
	loads    []uint16 // positions of the loads that may take a store's bytes...
	stores   []uint16 // ...and of the stores that enter the store buffer (scalar ones, vector ones of one range of bytes)

	// Out of order, a block also holds vector instructions. It keeps the configuration
	// they ran under when it was built only where that may change: at its first vector
	// instruction, at each that may set one (a fault-only-first load) and at each after a
	// vsetvl* (isa.SetsVConfig); every other runs under the one the vector instruction
	// before it left. sameVCfg checks those positions alone (a load of the batch's
	// configuration at every vector instruction was 5% of a run under --core p670). vbeats
	// is the beats its arithmetic ones take (Stats.VectorBeats).
	vpos   []uint16
	vcfg   []isa.VConfig
	vbeats uint64

	// The control transfers before the last, along the path they took when it was built:
	// their positions and the pc each went on to; per instruction, whether it is one of
	// them that is a loop edge for the profile (nil: none is).
	inner     []uint16
	succ      []uint64
	innerEdge []bool

	// Copies of the inner transfers' instructions, then of the last one when ctrl, for the
	// predictor: it reads only fields head covers, so they hold for any code the block
	// matches, and reading them spares a load through the batch into the code page.
	xfer []isa.Inst

	vars    []*variant // up to maxVars, made as they are needed...
	hashes  []uint64   // ...and their keys' hashes (0: not valid), scanned before them
	maxVars int
	next    int    // the variant to replace next
	seen    uint64 // the batch (blockCache.batch) its code was last checked against
	timings int    // times its instructions were timed (not replayed)
	dry     int    // timings since a variant was last replayed
	plain   int    // times it is still to be modelled one instruction at a time
	span    int    // how many times that was the last time (doubling up to plainSpan while no variant is replayed)
	stale   bool   // to be built again (shorter, or with another number of turns)

	// A loop whose turns cycle through a few variants (a miss every fourth 16-byte block of
	// a 64-byte line, say) never repeats one: no variant leaves the state it starts in. The
	// block is built again over that many turns of the loop (turns: each but the last
	// taken back to pc is an inner transfer), whose one variant then may. hist holds the
	// variants of its last turns (histN of them so far); when histN reaches lookAt, as
	// many turns as the last look found no cycle in (backoff, doubling) or unrollAfter turns
	// after the last repetition, they are looked at (lookForCycle). rolled says an unrolled
	// block of this pc did not repeat either, and none is tried again.
	turns   int
	hist    [turnHistory]*variant
	histN   int
	lookAt  int
	backoff int
	rolled  bool
	cut     bool // ended where its batch did: to be built again from a batch with more

	// A loop whose body holds an inner loop longer than maxUnrolledBody (the rounds of a
	// table-driven C cipher, its calls included) is a chain of blocks, none of which goes
	// back to its own start: none is ever repeated, only replayed, at many times the cost.
	// Such a block (widenable: it ended at an inner loop a wide one unrolls, at a fickle
	// transfer, which a wide one goes through, or at maxTraceLen) that is visited
	// wideAfter times with fewer than a quarter of its turns repeated is built again wide:
	// inner loops of up to maxWideBody unrolled, up to maxBlockLen instructions, so that
	// it may span the outer loop's whole body (SM4-C
	// CBC's 32 rounds and glue on p670: 10% of the instructions repeated before, all
	// after). A wide block is built narrow again for good when it goes another way
	// (offPath), when it is timed maxTimings times, or when fewer than an eighth of its
	// first wideJudged turns were repeated: a long block that is only replayed keeps few
	// variants and is timed often. visits and repeatTurns count its turns and those
	// repeated.
	widenable   bool
	wide        bool
	visits      int
	repeatTurns int

	// A long block keeps few variants (variantInsts), but a wide one's outer loop may
	// cycle through more start states before it settles: AES-C CBC's 1391 instructions
	// went round three, its two variants were replaced in turn, every turn was timed, and
	// the block was built narrow again. A wide block keeps wideVariants (roomy), as long
	// as no more than maxRoomy such blocks are in the table (blockCache.roomy), so that the
	// cache as a whole stays within what it was.
	roomy bool

	prof    []int32 // per instruction, its record in the model's profile (profile.recsOf)...
	profGen uint64  // ...of the profile and reset with this gen
}

// variant is what a block did when it started in the state its key describes.
type variant struct {
	key       []int64  // issue slots, fetch, live-in registers, unit copies, outcomes
	hash      uint64   // keyHash(key)
	slot      int      // its index in block.vars
	ow        []uint64 // the outcomes again
	delta     int64    // cycles from the start to the last issue
	slots     int
	fetchRel  int64
	fetchWhy  uint16
	ready     []int64 // per written register: when it is ready, from the start
	why       []uint16
	free      []int64 // per unit copy: when it is free, from the start
	issue     uint64  // cycles to ReasonIssue
	stalls    []stallAdd
	prof      []profStep
	lastWhy   uint16
	lastStall int64
	fw        []int64 // the loads' store-buffer outcomes (fwdEntry), those that have one
	stData    []int64 // per store of the block: when its data exists and when it is written,
	stWritten []int64 // from the start
	hasPre    bool    // a load may take a store from before the block
	preRel    []int64 // per entry of fw with such a store, its sequence number less the block's first store's
	fixed     bool    // it leaves the state it starts in (fixedPoint)
	valid     bool

	// Out of order (times relative to the start's dispatch cycle).
	dispatch   int64
	dispatched int
	cycle      int64
	rob        []int64 // each instruction's retirement
	probes     []probe // the calendar cells looked at, with the ops they held at the start
	books      []probe // the cells booked, n ops each (one entry per op when they span a calendar's length)
	bookMax    []int64 // per unit: the last cycle booked (noBook: none)
	periodic   bool    // see periodicOOO...
	need       int     // ...and the streak it needs
	ahead      int     // the iterations whose bookings can reach the next one's start
	farBook    bool    // a booking a calendar's length or more after the start
}

// probe is a unit's calendar cell: the cycle, absolute while a block is timed and relative
// in a variant, and the ops it held.
type probe struct {
	unit  int16
	n     uint16
	cycle int64
}

// probeLog records the calendar cells the units look at and book while a block is timed:
// each cell once, with what it held when first looked at (before the block booked it).
type probeLog struct {
	probes   []probe
	books    []probe
	seen     [probeSetSize]probeSeen
	gen      uint32
	overflow bool
}

const (
	probeSetSize = 1 << 12
	maxProbes    = probeSetSize / 2 // beyond this many cells the block's variant is not kept
)

type probeSeen struct {
	unit  int16
	gen   uint32
	cycle int64
}

func (l *probeLog) reset() {
	l.probes, l.books, l.overflow = l.probes[:0], l.books[:0], false
	if l.gen++; l.gen == 0 {
		l.seen = [probeSetSize]probeSeen{}
		l.gen = 1
	}
}

func (l *probeLog) probe(unit int16, cycle int64, n uint16) {
	if l.overflow {
		return
	}
	for h := uint64(cycle)*0x9e3779b97f4a7c15 + uint64(unit); ; h++ {
		e := &l.seen[h&(probeSetSize-1)]
		if e.gen != l.gen {
			*e = probeSeen{unit: unit, gen: l.gen, cycle: cycle}
			break
		}
		if e.unit == unit && e.cycle == cycle {
			return
		}
	}
	l.probes = append(l.probes, probe{unit: unit, n: n, cycle: cycle})
	if len(l.probes) > maxProbes {
		l.overflow = true
	}
}

type stallAdd struct {
	why uint16
	n   uint64
}

type profStep struct {
	delta, stall int64
	why          uint16
}

func newBlockCache() *blockCache { return &blockCache{cells: map[cell]int{}} }

const fickleSize = 1 << 10

// fickle notes that the control transfer at pc went another way than a block built through
// it took.
func (bc *blockCache) fickle(pc uint64) { bc.fickleTab[(pc>>1)&(fickleSize-1)] = pc + 1 }

// isFickle reports whether the control transfer at pc is one a block should end at.
func (bc *blockCache) isFickle(pc uint64) bool {
	return bc.fickleTab[(pc>>1)&(fickleSize-1)] == pc+1
}

type loopTurns struct {
	pc    uint64
	turns int
}

// turnsAt returns the turns a block at pc is to span, and whether it was unrolled once
// and rolled up again.
func (bc *blockCache) turnsAt(pc uint64) (turns int, rolled bool) {
	if e := bc.turnsTab[(pc>>1)&(fickleSize-1)]; e.pc == pc+1 {
		return max(e.turns, 1), e.turns == 0
	}
	return 1, false
}

func (bc *blockCache) setTurns(pc uint64, turns int) {
	bc.turnsTab[(pc>>1)&(fickleSize-1)] = loopTurns{pc + 1, turns}
}

type wideAt struct {
	pc   uint64
	wide bool
}

// wideState returns whether a block at pc is to be built wide, and whether that was tried
// already (then the first says how it went).
func (bc *blockCache) wideState(pc uint64) (wide, tried bool) {
	if e := bc.wideTab[(pc>>1)&(fickleSize-1)]; e.pc == pc+1 {
		return e.wide, true
	}
	return false, false
}

func (bc *blockCache) setWide(pc uint64, wide bool) {
	bc.wideTab[(pc>>1)&(fickleSize-1)] = wideAt{pc + 1, wide}
}

// judgeWidth decides, once a block has been visited wideAfter times (a wide one wideJudged
// times), whether it is built wide (block.wide), or narrow again for good.
func (bc *blockCache) judgeWidth(blk *block) {
	if blk.visits < wideAfter || blk.stale || blk.turns > 1 {
		return
	}
	switch {
	case blk.wide:
		// Judged later and more leniently than the narrow block was: a streaming loop's
		// first turns meet lines its later ones find in the cache, and a block over 16
		// bytes of data a turn repeats every fourth turn until it has been timed in each.
		if blk.visits < wideJudged {
			return
		}
		if 8*blk.repeatTurns < blk.visits {
			bc.setWide(blk.pc, false)
			blk.stale = true
		}
	case blk.widenable && 4*blk.repeatTurns < blk.visits && !bc.noWide:
		if _, tried := bc.wideState(blk.pc); !tried {
			bc.setWide(blk.pc, true)
			blk.stale = true
		}
	}
	blk.visits = -1 << 62 // judged
}

// lookForCycle looks at a loop block's last turns (block.hist) when it has gone unrollAfter
// turns without a repetition, or that many since the last look: a one-turn block whose last
// variants cycle with a period of 2 to maxTurns is built again over that many turns (one
// variant over and over is no cycle: what keeps it from being repeated is elsewhere), and
// an unrolled one is rolled up again for good.
func (bc *blockCache) lookForCycle(blk *block) {
	if blk.stale {
		return
	}
	if blk.turns > 1 {
		bc.setTurns(blk.pc, 0)
		blk.stale = true
		return
	}
	blk.backoff = min(max(2*blk.backoff, unrollAfter), maxBackoff)
	blk.lookAt = blk.histN + blk.backoff
	if blk.histN < turnHistory {
		return
	}
	for p := 1; p <= maxTurns && p*len(blk.head) <= maxBlockLen; p++ {
		cycle := true
		for x := blk.histN - turnHistory + p; x < blk.histN && cycle; x++ {
			w := blk.hist[x%turnHistory]
			cycle = w != nil && w == blk.hist[(x-p)%turnHistory]
		}
		if cycle && p == 1 {
			break // one variant, and not repeated: not for want of a cycle
		}
		if cycle {
			bc.setTurns(blk.pc, p)
			blk.stale = true
			return
		}
	}
}

// cell is a unit's calendar cell (periodicOOO).
type cell struct {
	unit  int16
	cycle int64
}

// newBatch starts a batch of the emulator's: blocks are checked against its code afresh.
func (bc *blockCache) newBatch() {
	bc.batches++
	bc.batch = bc.batches
}

// head returns the first 8 bytes of an isa.Inst: its op, registers, length, vm and nf, which
// is all the model reads of a scalar instruction. Comparing them tells a block's code from
// code written over it.
func head(in *isa.Inst) uint64 { return *(*uint64)(unsafe.Pointer(in)) }

// The fields head covers end where Imm starts.
var _ = [1]int{}[unsafe.Offsetof(isa.Inst{}.Imm)-8]

// rel is a time relative to the start cycle prev, with the reason for it: 0 for any time at
// or before the start.
func rel(t int64, why uint16, prev int64) int64 {
	if t <= prev {
		return 0
	}
	return (t-prev)<<16 | int64(why)
}

// relReg is rel for when a register is ready. A consumer may add its producer's extra cycles
// (memOperands: up to slack), so a register ready up to slack cycles before the start can
// still hold one up; only times before that are all as good as any.
func relReg(t int64, why uint16, prev, slack int64) int64 {
	if t+slack <= prev {
		return 0
	}
	return (t-prev+slack)<<16 | int64(why)
}

// retire models the block that starts with instruction i of b, and the iterations of it
// that follow, and returns how many instructions it modelled: 0 when no block starts there
// (model the instruction alone), -1 when the batch ends before the block does (model the
// rest alone).
func (bc *blockCache) retire(m *Model, b *Batch, i int) int {
	blk, st := bc.lookup(m, b, i)
	if blk == nil {
		bc.streakBlk = nil
		return st
	}
	k := len(blk.head)
	if blk.plain > 0 {
		// Its variants were not replayed lately: timing it to record one costs more than
		// modelling its instructions one at a time, as they are now.
		blk.plain--
		bc.streakBlk = nil
		return m.retireEach(b, i, k)
	}
	n := len(b.PC)
	first := b.Inst[i]
	// The variant the last iterations replayed, and how many in a row (possibly carried over
	// from the previous batch); reps more repeat it and are not applied yet.
	var v *variant
	streak, reps := 0, 0
	runSeq := m.sb.n // the first store of this run of the block's iterations (settle)
	if bc.streakBlk == blk {
		v, streak, runSeq = bc.streakVar, bc.streak, bc.streakSeq
	}
	j := i
	for {
		next := b.Next
		if j+k < n {
			next = b.PC[j+k]
		}
		bc.outcomes(m, blk, b, j, next)
		if bc.hasPre && !bc.noSettle {
			bc.settle(m, blk, runSeq)
		}
		blk.visits++
		if v != nil && bc.sameOutcomes(blk, v) && (!v.hasPre || bc.samePre(v)) && bc.repeats(m, v, streak+reps, reps) {
			reps++
			blk.repeatTurns++
			blk.lookAt = blk.histN + unrollAfter
		} else {
			if reps > 0 {
				bc.repeat(m, blk, v, b, j-reps*k, reps, blk.pc, bc.firstSeq)
				bc.repeated += uint64(reps * k)
				streak += reps
				reps = 0
			}
			tpre := bc.maxBooked(m, blk)
			w, timed := bc.time(m, blk, b, j, next)
			switch {
			case !w.valid:
				v, streak = nil, 0
			case w == v && !timed: // (a variant timed afresh may reuse the slot of v)
				streak++
			default:
				v, streak, bc.tpre = w, 1, tpre
			}
			if next == blk.pc && !blk.rolled {
				// (v: the variant the turn replayed or was timed into, nil when none is kept)
				blk.hist[blk.histN%turnHistory] = v
				if blk.histN++; blk.histN >= blk.lookAt {
					bc.lookForCycle(blk)
				}
			}
		}
		j += k
		if j+k > n || b.PC[j] != blk.pc {
			break
		}
		if t := blk.offPath(b, j); t >= 0 {
			if !blk.turnEnd(t) {
				bc.fickle(b.PC[j+t])
			}
			break
		}
		// The same instruction at the same pc of one batch is the same code (Batch); a held
		// instruction is a copy.
		if b.Inst[j] != first {
			if !blk.sameCode(b.Inst[j : j+k]) {
				break
			}
			first = b.Inst[j]
		}
		if !blk.sameVCfg(b, j) {
			break
		}
	}
	if reps > 0 {
		next := b.Next
		if j < n {
			next = b.PC[j]
		}
		bc.repeat(m, blk, v, b, j-reps*k, reps, next, m.sb.n)
		bc.repeated += uint64(reps * k)
		streak += reps
	}
	bc.streakBlk, bc.streakVar, bc.streak = nil, nil, 0
	if blk.visits >= wideAfter {
		bc.judgeWidth(blk)
	}
	if v == nil || j < n && !(j+k > n && b.PC[j] == blk.pc && m.canHold && m.hold(b, j)) {
		return j - i
	}
	// The next batch may go on with the loop (and with the iteration this one ended in).
	bc.streakBlk, bc.streakVar, bc.streak, bc.streakSeq = blk, v, streak, runSeq
	return n - i
}

// held is the start of a block a batch ended in (often of an iteration of a loop), kept with
// copies of its instructions until the next batch completes it: then the block is modelled
// whole, and a loop's iterations go on being repeated across batches. Anything that reads
// the model first models the held instructions as they are (drain).
type held struct {
	n        int
	pc, addr [maxBlockLen]uint64
	vcfg     [maxBlockLen]isa.VConfig
	inst     [maxBlockLen]isa.Inst
	next     uint64

	// The held instructions followed by the first of the next batch.
	b          Batch
	bpc, baddr [2 * maxBlockLen]uint64
	bvcfg      [2 * maxBlockLen]isa.VConfig
	binst      [2 * maxBlockLen]*isa.Inst
}

// hold keeps instructions j... of b, the start of a block it ends in, and reports whether it
// could.
func (m *Model) hold(b *Batch, j int) bool {
	n := len(b.PC)
	if n-j > maxBlockLen {
		return false
	}
	h := &m.held
	h.n, h.next = n-j, b.Next
	copy(h.pc[:], b.PC[j:])
	copy(h.addr[:], b.Addr[j:])
	copy(h.vcfg[:], b.VCfg[j:])
	for q := j; q < n; q++ {
		h.inst[q-j] = *b.Inst[q]
	}
	return true
}

// resume models the held instructions followed by the start of b, up to the end of the
// block (or loop) they begin, and returns how many of b's instructions that took. When b
// does not follow them, it drains them and returns 0.
func (m *Model) resume(b *Batch) int {
	h := &m.held
	if len(b.PC) == 0 || b.PC[0] != h.next {
		m.drain()
		return 0
	}
	hn := h.n
	r := min(len(b.PC), maxBlockLen)
	if blk := m.blocks.tab[(h.pc[0]>>1)&(blockTableSize-1)]; blk != nil && blk.pc == h.pc[0] && len(blk.head) > hn {
		r = min(r, len(blk.head)-hn) // the rest of the block they start (usually all there is)
	}
	for q := range hn {
		h.bpc[q], h.baddr[q], h.bvcfg[q], h.binst[q] = h.pc[q], h.addr[q], h.vcfg[q], &h.inst[q]
	}
	copy(h.bpc[hn:], b.PC[:r])
	copy(h.baddr[hn:], b.Addr[:r])
	copy(h.bvcfg[hn:], b.VCfg[:r])
	copy(h.binst[hn:], b.Inst[:r])
	c := &h.b
	*c = Batch{PC: h.bpc[:hn+r], Inst: h.binst[:hn+r], Addr: h.baddr[:hn+r], VCfg: h.bvcfg[:hn+r], Next: b.Next}
	if r < len(b.PC) {
		c.Next = b.PC[r]
	}
	h.n = 0
	// One block at a time, each in a view of c that ends with it, so that a loop's
	// iterations go on being repeated in b.
	m.canHold = false
	m.blocks.batch = 0 // c holds two batches' code
	defer func() { m.canHold = true }()
	var s step
	i := 0
	for i < hn {
		blk, st := m.blocks.lookup(m, c, i)
		if blk == nil && st > 0 {
			i += st // (modelled one at a time already)
			continue
		}
		if blk != nil && m.any && i+len(blk.head) <= len(c.PC) {
			end := i + len(blk.head)
			view := *c
			view.PC, view.Inst, view.Addr, view.VCfg = c.PC[:end], c.Inst[:end], c.Addr[:end], c.VCfg[:end]
			if end < len(c.PC) {
				view.Next = c.PC[end]
			}
			if k := m.blocks.retire(m, &view, i); k > 0 {
				i += k
				continue
			}
		}
		m.retireRecord(c, &s, i, c.Inst[i], c.Addr[i])
		i++
	}
	return i - hn
}

// drain models the held instructions, if any, one at a time.
func (m *Model) drain() {
	if m.held.n != 0 {
		m.drainHeld()
	}
}

func (m *Model) drainHeld() {
	h := &m.held
	n := h.n
	h.n = 0
	c := &h.b
	for q := range n {
		h.binst[q] = &h.inst[q]
	}
	*c = Batch{PC: h.pc[:n], Inst: h.binst[:n], Addr: h.addr[:n], VCfg: h.vcfg[:n], Next: h.next}
	m.retireEach(c, 0, n)
}

// repeats reports whether the next iteration of v's block, with v's outcomes, starts in the
// state v starts from, given that the last streak iterations replayed v (reps of them not
// applied yet). In order that holds for a fixed point. Out of order it holds for a periodic
// variant (periodicOOO) once the streak is long enough and the cycles ahead of dispatch are
// booked by the streak alone.
func (bc *blockCache) repeats(m *Model, v *variant, streak, reps int) bool {
	if !m.core.OutOfOrder {
		return v.fixed
	}
	return v.periodic && streak >= v.need && m.dispatch+int64(reps)*v.dispatch > bc.tpre
}

// maxBooked is the last cycle booked on the block's units (out of order).
func (bc *blockCache) maxBooked(m *Model, blk *block) int64 {
	if !m.core.OutOfOrder {
		return 0
	}
	t := int64(-1)
	for _, u := range blk.units {
		t = max(t, m.units[u].last)
	}
	return t
}

// sameVCfg reports whether the block's vector instructions, from b's instruction i on, run
// under the configurations it was built for.
func (blk *block) sameVCfg(b *Batch, i int) bool {
	for q, p := range blk.vpos {
		if b.VCfg[i+int(p)] != blk.vcfg[q] {
			return false
		}
	}
	return true
}

// sameCode reports whether insts are the block's instructions.
func (blk *block) sameCode(insts []*isa.Inst) bool {
	for j, h := range blk.head {
		if head(insts[j]) != h {
			return false
		}
	}
	return true
}

// lookup returns the block that starts with instruction i of b, building it if needed, or
// nil and what retire returns.
func (bc *blockCache) lookup(m *Model, b *Batch, i int) (*block, int) {
	pc := b.PC[i]
	slot := &bc.tab[(pc>>1)&(blockTableSize-1)]
	blk := *slot
	turns, rolled := bc.turnsAt(pc)
	if blk != nil && blk.pc == pc && blk.turns == turns {
		k := len(blk.head)
		if i+k > len(b.PC) {
			return nil, -1
		}
		if !blk.stale && (bc.batch != 0 && blk.seen == bc.batch || blk.sameCode(b.Inst[i:i+k])) && blk.sameVCfg(b, i) {
			blk.seen = bc.batch
			switch t := blk.offPath(b, i); {
			case t >= 0 && blk.turnEnd(t):
				// The loop ends before the block's turns do: its turns up to there are
				// modelled one at a time.
				return nil, m.retireEach(b, i, t+1)
			case t >= 0 && blk.wide:
				// A wide block's path is not fixed after all: it is built narrow again for
				// good, and the transfer is left as it was, since blocks that never went
				// that far would end at it from now on (AES-C XTS's glue, cut into blocks
				// of one or two instructions).
				bc.setWide(pc, false)
			case t >= 0:
				// The batch goes another way: blocks end at that transfer from now on.
				bc.fickle(b.PC[i+t])
			case !blk.cut || i+k == len(b.PC):
				return blk, 0
			}
			// (Or it ended where a batch did, and this one holds more.)
		}
		// The code changed (or its vector configuration): build the block afresh.
	}
	// (A block built wide or narrow again was made stale when that was decided.)
	wide, _ := bc.wideState(pc)
	blk, st := bc.build(m, b, i, turns, wide)
	if blk == nil && st == 0 && turns > 1 {
		// The loop does not go round that many times from here (where a block over its
		// turns starts, it did when it was unrolled, and a loop's end within that block
		// is modelled as above): it is rolled up again.
		bc.setTurns(pc, 0)
		blk, st = bc.build(m, b, i, 1, wide)
		rolled = true
	}
	if blk != nil {
		if old := *slot; old != nil && old.roomy {
			bc.roomy--
		}
		if blk.wide && blk.maxVars < wideVariants && bc.roomy < maxRoomy && !bc.noRoomy {
			blk.maxVars, blk.roomy = wideVariants, true
			bc.roomy++
		}
		blk.seen = bc.batch
		blk.rolled = rolled
		*slot = blk
	}
	return blk, st
}

// outcomes runs the block's accesses and its control transfer (to next) through the cache
// and the predictor, in program order, and leaves their outcomes in bc.ow: the control
// transfer's in the first two bits, then two per access.
func (bc *blockCache) outcomes(m *Model, blk *block, b *Batch, i int, next uint64) {
	if !m.ideal {
		bc.outcomesFast(m, blk, b, i, next)
		return
	}
	var w uint64 // the word being filled
	bit := uint(2)
	bc.firstSeq = m.sb.n
	bc.fwN, bc.hasPre = 0, false
	q := 0 // loads so far
	for _, j := range blk.mem {
		oi := blk.ops[j]
		addr := b.Addr[i+int(j)]
		if oi.flags&fVector != 0 {
			// Ideal: counted, with no part in the cache or the store buffer (vecMemory).
			if oi.store {
				m.stats.Stores++
			} else {
				m.stats.Loads++
			}
			bc.sfSeq[j] = -1
			if bit += 2; bit%64 == 0 {
				bc.ow[bit/64-1] = w
				w = 0
			}
			continue
		}
		w |= uint64(m.access(addr, oi.mem, oi.store, oi)) << (bit % 64)
		m.storeBuffer(addr, oi.mem, oi)
		switch {
		case oi.class == isa.ClassStore:
			bc.sfSeq[j] = m.sfSeq
		case oi.class == isa.ClassLoad:
			bc.sfSeq[j], bc.sfPart[j] = m.sfSrc, m.sfPart
			if m.sfSrc >= 0 {
				bc.fw[bc.fwN], bc.fwSrc[bc.fwN] = bc.fwdEntry(q, m.sfSrc, m.sfPart), m.sfSrc
				bc.fwN++
			}
			q++
		default:
			bc.sfSeq[j] = -1
		}
		if bit += 2; bit%64 == 0 {
			bc.ow[bit/64-1] = w
			w = 0
		}
	}
	bc.innerOutcomes(m, blk, b, i, w, bit)
	if blk.ctrl {
		j := i + len(blk.head) - 1
		bc.ow[0] |= uint64(m.predict(b.PC[j], next, &blk.xfer[len(blk.inner)], blk.ops[len(blk.head)-1]) >> 2)
	}
}

// memOp is what outcomesFast needs of one of a block's memory accesses. It is kept to four
// bytes, and a vector access's extent to a side slice (block.vbytes), since the loop over
// them is the whole cost of a repeated iteration.
type memOp struct {
	j    uint16 // the instruction
	size uint8  // bytes it touches (0: none: it counts as no access, or a vector access)
	kind uint8  // memLoad, memStore or memOther (an atomic: no part in the store buffer), or for a vector access memVecLoad, memVecStore or memVecOther (strided: no part in either)
}

const (
	memOther = iota
	memLoad
	memStore
	memVecOther
	memVecLoad
	memVecStore
)

// outcomesFast is outcomes when the model is not ideal (SetIdeal), with Model.access and
// Model.storeBuffer worked into one loop over the block's precomputed accesses and the
// loads and stores counted once per block. It leaves the model's store-buffer notes
// (sfSrc, sfSeq, sfPart) as the last access would.
func (bc *blockCache) outcomesFast(m *Model, blk *block, b *Batch, i int, next uint64) {
	if !blk.vmem {
		bc.outcomesScalar(m, blk, b, i, next)
		return
	}
	var w uint64 // the word being filled
	bit := uint(2)
	sb := &m.sb
	bc.firstSeq = sb.n
	bc.fwN, bc.hasPre = 0, false
	m.stats.Loads += blk.nLoads
	m.stats.Stores += blk.nStores
	addrs := b.Addr[i : i+len(blk.head)]
	c := &m.cache
	shift := c.lineShift
	// The cache's clock in a local, written back around the calls that use it: as a field
	// it was loaded and stored at every access, since the stores to used may alias it for
	// the compiler.
	hint, tags, used, hmask := c.hint, c.tags, c.used, c.hmask
	clock := c.clock
	q := 0 // loads so far
	sfSrc, sfSeq := m.sfSrc, m.sfSeq
	for k, mo := range blk.memOps {
		addr := addrs[mo.j]
		size := uint64(mo.size)
		if size == 0 {
			// (Tested here, not first, so that a scalar access costs no more for vector
			// ones being possible.)
			if mo.kind >= memVecOther {
				var o uint8
				c.clock = clock
				o, q = bc.vecOutcome(m, mo, addr, blk.vbytes[k], q)
				clock = c.clock
				switch mo.kind { // (what vecLines set)
				case memVecLoad:
					sfSrc = m.sfSrc
				case memVecStore:
					sfSeq = m.sfSeq
				}
				w |= uint64(o) << (bit % 64)
			} else {
				sfSrc, sfSeq = -1, -1
				bc.sfSeq[mo.j] = -1
				if mo.kind == memLoad {
					q++
				}
			}
		} else {
			var o uint64
			// cache.access, written out: a call per access is what this loop exists to
			// avoid.
			clock++
			line := addr >> shift
			if sl := int(hint[line&hmask]); tags[sl] == line+1 {
				used[sl] = clock
			} else {
				c.clock = clock
				if !c.lookup(line) {
					o = oMiss
				}
			}
			if addr&(size-1) != 0 {
				o |= oMisaligned
				m.stats.Misaligned++
				if last := addr + size - 1; last>>shift != addr>>shift {
					c.clock = clock
					if !c.access(last) {
						o |= oMiss
					}
					clock = c.clock
				}
			}
			if o&oMiss != 0 {
				m.stats.L1DMisses++
			}
			w |= o << (bit % 64)
			switch mo.kind {
			case memLoad:
				sfSrc, sfSeq = -1, -1
				hi := addr + size
				if cand := sb.filter[(addr>>3)&(sbHash-1)] | sb.filter[((hi-1)>>3)&(sbHash-1)]; cand != 0 {
					var part bool
					sfSrc, part = sb.youngest(addr, hi, cand)
					m.sfPart = part
					if sfSrc >= 0 {
						bc.fw[bc.fwN], bc.fwSrc[bc.fwN] = bc.fwdEntry(q, sfSrc, part), sfSrc
						bc.fwN++
					}
				}
				bc.sfSeq[mo.j], bc.sfPart[mo.j] = sfSrc, m.sfPart
				q++
			case memStore:
				sfSrc = -1
				sfSeq = sb.insert(addr, addr+size)
				bc.sfSeq[mo.j] = sfSeq
			default:
				sfSrc, sfSeq = -1, -1
				bc.sfSeq[mo.j] = -1
			}
		}
		if bit += 2; bit%64 == 0 {
			bc.ow[bit/64-1] = w
			w = 0
		}
	}
	c.clock = clock
	m.sfSrc, m.sfSeq = sfSrc, sfSeq
	bc.innerOutcomes(m, blk, b, i, w, bit)
	if blk.ctrl {
		j := i + len(blk.head) - 1
		bc.ow[0] |= uint64(m.predict(b.PC[j], next, &blk.xfer[len(blk.inner)], blk.ops[len(blk.head)-1]) >> 2)
	}
}

// cacheOp is what outcomesScalar's cache loop needs of an access that touches bytes: the
// instruction, the bit of its outcome in blockCache.ow, and its size.
type cacheOp struct {
	j, bit uint16
	size   uint8
}

// outcomesScalar is outcomesFast for a block whose accesses are all scalar. The cache and
// the store buffer are two state machines that see the same accesses in the same order and
// nothing of each other, so each runs in a loop of its own: one loop over both kept too
// many values live for the host's registers, and spilled and reloaded most of them at every
// access. The outcome words are cleared first, and only a miss or a misaligned access sets
// bits in them.
func (bc *blockCache) outcomesScalar(m *Model, blk *block, b *Batch, i int, next uint64) {
	ow := bc.ow[:blk.ow]
	clear(ow)
	m.stats.Loads += blk.nLoads
	m.stats.Stores += blk.nStores
	addrs := b.Addr[i : i+len(blk.head)]
	if len(blk.cacheOps) > 0 {
		m.cache.outcomes(blk.cacheOps, addrs, ow, &m.stats)
	}

	sb := &m.sb
	bc.firstSeq = sb.n
	bc.fwN, bc.hasPre = 0, false
	q := 0 // loads so far
	sfSrc, sfSeq, part := m.sfSrc, m.sfSeq, m.sfPart
	for _, mo := range blk.memOps {
		addr := addrs[mo.j]
		switch {
		case mo.kind == memLoad && mo.size != 0:
			sfSrc, sfSeq = -1, -1
			hi := addr + uint64(mo.size)
			if cand := sb.filter[(addr>>3)&(sbHash-1)] | sb.filter[((hi-1)>>3)&(sbHash-1)]; cand != 0 {
				sfSrc, part = sb.youngest(addr, hi, cand)
				if sfSrc >= 0 {
					bc.fw[bc.fwN], bc.fwSrc[bc.fwN] = bc.fwdEntry(q, sfSrc, part), sfSrc
					bc.fwN++
				}
			}
			bc.sfSeq[mo.j], bc.sfPart[mo.j] = sfSrc, part
			q++
		case mo.kind == memStore && mo.size != 0:
			sfSrc = -1
			sfSeq = sb.insert(addr, addr+uint64(mo.size))
			bc.sfSeq[mo.j] = sfSeq
		default:
			sfSrc, sfSeq = -1, -1
			bc.sfSeq[mo.j] = -1
			if mo.kind == memLoad {
				q++
			}
		}
	}
	m.sfSrc, m.sfSeq, m.sfPart = sfSrc, sfSeq, part
	bit := uint(2 + 2*len(blk.memOps))
	var w uint64 // the word the transfers' outcomes go on filling
	if k := bit / 64; k < uint(len(ow)) {
		w = ow[k]
	}
	bc.innerOutcomes(m, blk, b, i, w, bit)
	if blk.ctrl {
		j := i + len(blk.head) - 1
		bc.ow[0] |= uint64(m.predict(b.PC[j], next, &blk.xfer[len(blk.inner)], blk.ops[len(blk.head)-1]) >> 2)
	}
}

// vecOutcome is outcomesFast for a vector access of bytes bytes (0: strided) at addr, the
// block's load number q when it loads: as vecMemory runs it, the store buffer's notes left
// as it leaves them, and counted already. It returns the access's outcome and the loads so
// far.
func (bc *blockCache) vecOutcome(m *Model, mo memOp, addr uint64, bytes uint32, q int) (uint8, int) {
	switch mo.kind {
	case memVecLoad:
		o := m.vecLines(addr, int64(bytes), false)
		if m.sfSrc >= 0 {
			bc.fw[bc.fwN], bc.fwSrc[bc.fwN] = bc.fwdEntry(q, m.sfSrc, m.sfPart), m.sfSrc
			bc.fwN++
		}
		bc.sfSeq[mo.j], bc.sfPart[mo.j] = m.sfSrc, m.sfPart
		return o, q + 1
	case memVecStore:
		o := m.vecLines(addr, int64(bytes), true)
		bc.sfSeq[mo.j] = m.sfSeq
		return o, q
	}
	bc.sfSeq[mo.j] = -1
	return 0, q
}

// innerOutcomes runs the trace's control transfers before its last through the predictor, in
// order, and puts their outcomes after the accesses' in bc.ow, w being the word being filled
// and bit the next bit; it writes out the last word.
func (bc *blockCache) innerOutcomes(m *Model, blk *block, b *Batch, i int, w uint64, bit uint) {
	for q, t := range blk.inner {
		j := i + int(t)
		w |= uint64(m.predict(b.PC[j], blk.succ[q], &blk.xfer[q], blk.ops[t])>>2) << (bit % 64)
		if bit += 2; bit%64 == 0 {
			bc.ow[bit/64-1] = w
			w = 0
		}
	}
	if bit%64 != 0 {
		bc.ow[bit/64] = w
	}
}

// fwdEntry is the store-buffer outcome of the block's load number q whose youngest
// overlapping store is src: q in the high bits, and in the low ones 2+2n when the block's
// store n is src, 0 when a store from before the block is; 1 added when the store lacks
// some of the load's bytes. It notes a store from before the block in hasPre.
func (bc *blockCache) fwdEntry(q int, src int64, partial bool) int64 {
	var code int64
	if partial {
		code = 1
	}
	if src >= bc.firstSeq {
		code += 2 + 2*(src-bc.firstSeq)
	} else {
		bc.hasPre = true
	}
	return int64(q)<<16 | code
}

// settle takes out of the current iteration's store-buffer outcomes the loads that take a
// store from before the block which is written by the time the block starts: such a load
// reads the cache, as one that takes no store does (storeBuf.forward), so the two have the
// same timing, and which of a table's entries are still in the store buffer (the last 16
// stores: GHASH-C's loop has none, and its loads of the table take those of its set-up that
// are, as the data picks the entries) no longer makes a new start state of each iteration.
// Only stores from before the run of the block's iterations this one is in (below run) are
// settled: they all have their times (the repeated iterations not yet applied have none), and
// an iteration's store that the next one reads (a counter kept in memory) stays an outcome,
// as preFixed expects, in every iteration alike. The model's present cycle is no later than
// the block's start.
func (bc *blockCache) settle(m *Model, blk *block, run int64) {
	floor := m.cycle
	if m.core.OutOfOrder {
		floor = m.dispatch
	}
	sb := &m.sb
	settled := func(src int64) bool {
		return src < run && sb.written[src&(stTimes-1)] <= floor
	}
	out, pre := 0, false
	for k, e := range bc.fw[:bc.fwN] {
		src := bc.fwSrc[k]
		if e&0xffff < 2 {
			if settled(src) {
				continue
			}
			pre = true
		}
		bc.fw[out], bc.fwSrc[out] = e, src
		out++
	}
	if out == bc.fwN {
		return
	}
	bc.fwN, bc.hasPre = out, pre
	for _, j := range blk.loads {
		if src := bc.sfSeq[j]; src >= 0 && settled(src) {
			bc.sfSeq[j], bc.sfPart[j] = -1, false
		}
	}
}

// keyForward appends the key's store-buffer part to key: each load's outcome (fwdEntry)
// and, for a store from before the block that is not yet written at start, when it is
// written and when its data exists, from start.
func (bc *blockCache) keyForward(m *Model, key []int64, start int64) []int64 {
	for k, e := range bc.fw[:bc.fwN] {
		var w, d int64
		if e&0xffff < 2 {
			src := bc.fwSrc[k] & (stTimes - 1)
			if wr := m.sb.written[src]; wr > start {
				w, d = wr-start, m.sb.data[src]-start
			}
		}
		key = append(key, e, w, d)
	}
	return key
}

// recordStores keeps when the block's stores have their data and are written, from start.
func (bc *blockCache) recordStores(m *Model, blk *block, v *variant, start int64) {
	for q := range blk.stores {
		s := (bc.firstSeq + int64(q)) & (stTimes - 1)
		v.stData[q], v.stWritten[q] = m.sb.data[s]-start, m.sb.written[s]-start
	}
	v.fw = append(v.fw[:0], bc.fw[:bc.fwN]...)
	v.hasPre = bc.hasPre
	v.preRel = v.preRel[:0]
	if v.hasPre {
		for k, e := range v.fw {
			var r int64
			if e&0xffff < 2 {
				r = bc.fwSrc[k] - bc.firstSeq
			}
			v.preRel = append(v.preRel, r)
		}
	}
}

// samePre reports whether the loads of the current iteration that take a store from before
// the block take the one as many stores back as v's did (sameOutcomes tells only that they
// take one).
func (bc *blockCache) samePre(v *variant) bool {
	for k, e := range v.fw {
		if e&0xffff < 2 && bc.fwSrc[k]-bc.firstSeq != v.preRel[k] {
			return false
		}
	}
	return true
}

// preFixed reports whether the stores from before the block that v's loads take are, for the
// next iteration with the same outcomes (samePre), stores of this one, with the times from
// the start that v's key has for them, or stores from before this one that were written by
// its start, the next iteration starting d cycles after this one (v.delta in order,
// v.dispatch out of order): a loop whose loads read what the last turn stored (a counter
// kept in memory) or what was stored before the loop can then be a fixed point, or
// periodic, too.
func (blk *block) preFixed(v *variant, d int64) bool {
	nst := int64(len(blk.stores))
	p := blk.keyLen
	for k, e := range v.fw {
		if e&0xffff >= 2 {
			continue
		}
		r := v.preRel[k]
		if r < -nst {
			// From before the last turn: it stays what the next iteration takes (samePre
			// checks that) and, written by this start, by every later one, as the key has
			// it then (keyForward): a store from two or more turns back in the block's
			// run. (One from before the run, as the Zbc GHASH loop's loads of the key's
			// powers take, is settled away once it is written, settle.)
			if v.key[p+3*k+1] != 0 || v.key[p+3*k+2] != 0 {
				return false
			}
			continue
		}
		s := nst + r
		w, dt := v.stWritten[s]-d, v.stData[s]-d
		if w <= 0 {
			w, dt = 0, 0 // written by the next start (keyForward)
		}
		if v.key[p+3*k+1] != w || v.key[p+3*k+2] != dt {
			return false
		}
	}
	return true
}

// replayStores sets the times of the block's stores, the first of them store first, for an
// iteration of variant v starting at start.
func (m *Model) replayStores(blk *block, v *variant, first, start int64) {
	for q := range blk.stores {
		m.sb.setTimes(first+int64(q), start+v.stData[q], start+v.stWritten[q])
	}
}

// sameOutcomes reports whether the current outcomes are v's.
func (bc *blockCache) sameOutcomes(blk *block, v *variant) bool {
	if bc.ow[0] != v.ow[0] || bc.fwN != len(v.fw) || bc.fwN > 0 && !slices.Equal(bc.fw[:bc.fwN], v.fw) {
		return false
	}
	return blk.ow == 1 || slices.Equal(bc.ow[1:blk.ow], v.ow[1:])
}

// keyOutcomes copies the current outcomes to the end of key.
func (bc *blockCache) keyOutcomes(blk *block, key []int64) {
	for q, w := range bc.ow[:blk.ow] {
		key[blk.keyLen-blk.ow+q] = int64(w)
	}
}

// time models the block at instruction i of b, with the given outcomes, from the pipeline's
// current state: it replays the variant recorded for that state, or times the instructions
// and records a new one. It returns the variant and whether it was timed.
func (bc *blockCache) time(m *Model, blk *block, b *Batch, i int, next uint64) (*variant, bool) {
	if m.core.OutOfOrder {
		return bc.timeOOO(m, blk, b, i, next)
	}
	prev := m.cycle
	key := bc.key[:blk.keyLen]
	key[0] = int64(m.slots)
	key[1] = rel(m.fetchReady, m.fetchWhy, prev)
	p := 2
	for _, r := range blk.liveIn {
		key[p] = relReg(m.ready[r], m.producer[r], prev, m.regSlack)
		p++
	}
	for _, u := range blk.units {
		us := &m.units[u]
		for c := range us.count {
			key[p] = max(us.free[c]-prev, 0)
			p++
		}
	}
	bc.keyOutcomes(blk, key)
	if bc.fwN > 0 {
		key = bc.keyForward(m, key, prev)
	}
	h := keyHash(key)
	for vi, vh := range blk.hashes {
		if v := blk.vars[vi]; vh == h && v.valid && slices.Equal(v.key, key) {
			m.replayStores(blk, v, bc.firstSeq, prev)
			m.replay(blk, v, b, i, prev, 1, next)
			blk.dry, blk.span = 0, 0
			bc.replayed += uint64(len(blk.head))
			return v, false
		}
	}

	// Time the block and record what it did.
	v := bc.timeEach(m, blk, b, i, next, nil)
	v.key, v.hash = append(v.key[:0], key...), h
	copy(v.ow, bc.ow[:blk.ow])
	v.delta = m.cycle - prev
	v.slots = m.slots
	v.fetchRel, v.fetchWhy = max(m.fetchReady-prev, 0), m.fetchWhy
	for q, r := range blk.written {
		v.ready[q], v.why[q] = m.ready[r]-prev, m.producer[r]
	}
	p = 0
	for _, u := range blk.units {
		us := &m.units[u]
		for c := range us.count {
			v.free[p] = max(us.free[c]-prev, 0)
			p++
		}
	}
	bc.recordStores(m, blk, v, prev)
	v.fixed = blk.fixedPoint(v, m.regSlack) && (!v.hasPre || blk.preFixed(v, v.delta))
	v.valid = true
	blk.hashes[v.slot] = v.hash
	return v, true
}

// timeEach times the block's instructions one by one (issue or issueOOO, with log) and
// returns the variant it recorded their shares in, its key and start state still to fill.
func (bc *blockCache) timeEach(m *Model, blk *block, b *Batch, i int, next uint64, log *probeLog) *variant {
	k := len(blk.head)
	bc.timed += uint64(k)
	// A block timed afresh this many times in a row is modelled one instruction at a time
	// for a while: long enough for a loop's turns to settle first (out of order, the
	// reorder buffer takes about window/k turns to fill). The while starts short, as a loop
	// may settle just after (the AES rounds of aes-zkn ctr do), and doubles each time the
	// block still replays nothing after it. (A trace with transfers inside goes on being
	// timed instead: after maxTimings it is cut at them, into blocks that may replay.)
	if blk.dry++; len(blk.inner) == 0 && blk.dry >= 4+2*len(m.rob)/k {
		blk.span = min(max(8, 2*blk.span), plainSpan)
		blk.dry, blk.plain = 0, blk.span
	}
	// (A block over several turns of a loop is rolled up again when it goes unrollAfter
	// turns without a repetition, lookForCycle: the transfers that end its turns are not
	// fickle.)
	if blk.timings++; blk.timings > maxTimings && blk.wide {
		// A wide block that keeps being timed is built narrow again for good, its
		// transfers left as they were: ending every block at them would cut the
		// narrow blocks that never went that far (AES-C XTS's glue) into pieces.
		bc.setWide(blk.pc, false)
		blk.stale = true
	} else if blk.timings > maxTimings && len(blk.inner) > 0 && blk.turns == 1 {
		// It keeps starting in new states or with new outcomes (a load that takes a
		// store's bytes or not, a miss, as the data has it): a trace through that many
		// such instructions has too many. Blocks end at its transfers from now on.
		for _, t := range blk.inner {
			bc.fickle(b.PC[i+int(t)])
		}
		blk.stale = true
	}
	outs := bc.outs[:k]
	clear(outs)
	for q, j := range blk.mem {
		bit := 2 + 2*uint(q)
		outs[j] = uint8(bc.ow[bit/64]>>(bit%64)) & 3
	}
	for q, t := range blk.inner {
		bit := 2 + 2*uint(len(blk.mem)+q)
		outs[t] = uint8(bc.ow[bit/64]>>(bit%64)) & 3 << 2
	}
	if blk.ctrl {
		outs[k-1] |= uint8(bc.ow[0]&3) << 2
	}
	if blk.next == len(blk.vars) {
		v := &variant{slot: len(blk.vars)}
		blk.initVariant(v, m.core.OutOfOrder)
		blk.vars = append(blk.vars, v)
		blk.hashes = append(blk.hashes, 0)
	}
	v := blk.vars[blk.next]
	if blk.next++; blk.next == blk.maxVars {
		blk.next = 0
	}
	v.valid, v.fixed = false, false
	blk.hashes[v.slot] = 0 // (a valid variant's hash is never 0: keyHash)
	for j, in := range b.Inst[i : i+k] {
		m.sfSeq, m.sfSrc, m.sfPart = bc.sfSeq[j], bc.sfSeq[j], bc.sfPart[j]
		var d int64
		if oi := blk.ops[j]; log != nil && oi.flags&(fVector|fVset) != 0 {
			var s step
			m.stepAt(b, &s, i+j, in, b.Addr[i+j])
			d = m.retireOOO(&s, oi, m.cycle, outs[j], true, log)
			v.rob[j] = m.cycle
		} else if log != nil {
			d = m.issueOOO(in, blk.ops[j], m.cycle, outs[j], log)
			v.rob[j] = m.cycle
		} else {
			d = m.issue(in, blk.ops[j], m.cycle, outs[j])
		}
		m.stats.Instructions++
		v.prof[j] = profStep{delta: d, stall: m.lastStall, why: m.lastWhy}
		if pr := m.prof; pr != nil {
			nx := next
			if j+1 < k {
				nx = b.PC[i+j+1]
			}
			pr.add(b.PC[i+j], in, nx, d, m.lastWhy, m.lastStall, blk.edgeAt(j))
		}
	}
	v.issue = 0
	v.stalls = v.stalls[:0]
	for _, ps := range v.prof {
		v.issue += uint64(ps.delta - ps.stall)
		if ps.stall == 0 {
			continue
		}
		found := false
		for a := range v.stalls {
			if v.stalls[a].why == ps.why {
				v.stalls[a].n += uint64(ps.stall)
				found = true
				break
			}
		}
		if !found {
			v.stalls = append(v.stalls, stallAdd{ps.why, uint64(ps.stall)})
		}
	}
	v.lastWhy, v.lastStall = m.lastWhy, m.lastStall
	return v
}

// timeOOO is time for an out-of-order core.
func (bc *blockCache) timeOOO(m *Model, blk *block, b *Batch, i int, next uint64) (*variant, bool) {
	base := m.dispatch
	key := bc.key[:blk.keyLen]
	key[0] = int64(m.dispatched)
	key[1] = int64(m.slots)
	key[2] = m.cycle - base
	key[3] = rel(m.fetchReady, m.fetchWhy, base)
	p := 4
	for _, r := range blk.liveIn {
		key[p] = relReg(m.ready[r], m.producer[r], base, m.regSlack)
		p++
	}
	// The ring from robPos, in at most two runs (robRead is at most its length).
	kr := key[p : p+blk.robRead]
	run := min(len(kr), len(m.rob)-m.robPos)
	for q, t := range m.rob[m.robPos : m.robPos+run] {
		kr[q] = max(t-base, 0)
	}
	for q, t := range m.rob[:len(kr)-run] {
		kr[run+q] = max(t-base, 0)
	}
	bc.keyOutcomes(blk, key)
	if bc.fwN > 0 {
		key = bc.keyForward(m, key, base)
	}
	h := keyHash(key)
	for vi, vh := range blk.hashes {
		if v := blk.vars[vi]; vh == h && v.valid && slices.Equal(v.key, key) && m.probesHold(v, base) {
			m.replayStores(blk, v, bc.firstSeq, base)
			m.replayOOO(blk, v, b, i, base, next)
			blk.dry, blk.span = 0, 0
			bc.replayed += uint64(len(blk.head))
			return v, false
		}
	}

	log := &bc.log
	log.reset()
	v := bc.timeEach(m, blk, b, i, next, log)
	if log.overflow {
		return v, true // not kept (valid is false)
	}
	v.key, v.hash = append(v.key[:0], key...), h
	copy(v.ow, bc.ow[:blk.ow])
	for j := range v.rob {
		v.rob[j] -= base
	}
	v.dispatch, v.dispatched = m.dispatch-base, m.dispatched
	v.cycle, v.slots = m.cycle-base, m.slots
	v.fetchRel, v.fetchWhy = max(m.fetchReady-base, 0), m.fetchWhy
	for q, r := range blk.written {
		v.ready[q], v.why[q] = m.ready[r]-base, m.producer[r]
	}
	v.probes = append(v.probes[:0], log.probes...)
	for q := range v.probes {
		v.probes[q].cycle -= base
	}
	v.books = append(v.books[:0], log.books...)
	if v.bookMax == nil {
		v.bookMax = make([]int64, len(m.units))
	}
	for u := range v.bookMax {
		v.bookMax[u] = noBook
	}
	lo, hi := int64(1<<62), int64(-1<<62)
	for q := range v.books {
		bk := &v.books[q]
		bk.cycle -= base
		bk.n = 1
		v.bookMax[bk.unit] = max(v.bookMax[bk.unit], bk.cycle)
		lo, hi = min(lo, bk.cycle), max(hi, bk.cycle)
	}
	if hi-lo < calSize {
		// No two cells share a calendar slot: book each cell once with its count.
		slices.SortFunc(v.books, func(x, y probe) int {
			if x.unit != y.unit {
				return int(x.unit) - int(y.unit)
			}
			return cmp.Compare(x.cycle, y.cycle)
		})
		out := v.books[:0]
		for _, bk := range v.books {
			if l := len(out) - 1; l >= 0 && out[l].unit == bk.unit && out[l].cycle == bk.cycle {
				out[l].n++
				continue
			}
			out = append(out, bk)
		}
		v.books = out
	}
	v.farBook = false
	bc.recordStores(m, blk, v, base)
	v.periodic, v.need, v.ahead = blk.periodicOOO(v, len(m.rob), m.regSlack, bc.cells)
	v.periodic = v.periodic && (!v.hasPre || blk.preFixed(v, v.dispatch))
	v.valid = true
	blk.hashes[v.slot] = v.hash
	return v, true
}

// periodicOOO reports whether, out of order, v's block repeated with v long enough starts in
// the state v starts from, and how long is enough. After a run of iterations that all
// replayed v, each dispatch cycle later than the one before by v.dispatch, the state the
// next iteration starts in is v's exit state shifted by one iteration for what the block
// writes; the reorder-buffer entries it waits for were written window instructions earlier,
// by the iteration a (up to ceil(window/k)) before it, as v's entries shifted by a
// iterations; and the calendar cells at or after its dispatch hold the bookings of the
// iterations up to ahead before it, when nothing booked before the run reaches that far
// (blockCache.repeats checks that). When all of these equal v's key and probes, the next
// iteration replays v, and by induction so do the ones after it while the outcomes agree.
func (blk *block) periodicOOO(v *variant, window int, slack int64, held map[cell]int) (ok bool, need, ahead int) {
	dd := v.dispatch
	key := v.key
	if dd <= 0 || int64(v.dispatched) != key[0] || int64(v.slots) != key[1] || v.cycle-dd != key[2] ||
		rel(v.fetchRel, v.fetchWhy, dd) != key[3] {
		return false, 0, 0
	}
	p := 4
	for _, r := range blk.liveIn {
		want := key[p]
		p++
		q := slices.Index(blk.written, r)
		if q < 0 && want != 0 || q >= 0 && relReg(v.ready[q], v.why[q], dd, slack) != want {
			return false, 0, 0
		}
	}
	k := len(blk.head)
	for j := range blk.robRead {
		a := (window - j + k - 1) / k // iterations back
		w := j + a*k - window         // the instruction that wrote the entry
		if max(v.rob[w]-int64(a)*dd, 0) != key[p] {
			return false, 0, 0
		}
		p++
		need = max(need, a)
	}
	for _, b := range v.books {
		ahead = max(ahead, int(b.cycle/dd))
		v.farBook = v.farBook || b.cycle >= calSize
	}
	// What the iterations up to ahead before book in each cell v probes, against what the
	// cell held (a map: a long block probes and books a thousand cells).
	clear(held)
	for _, pr := range v.probes {
		held[cell{pr.unit, pr.cycle}] = 0
	}
	for _, b := range v.books {
		for a := 1; a <= ahead; a++ {
			if n, ok := held[cell{b.unit, b.cycle - int64(a)*dd}]; ok {
				held[cell{b.unit, b.cycle - int64(a)*dd}] = n + int(b.n)
			}
		}
	}
	for _, pr := range v.probes {
		if held[cell{pr.unit, pr.cycle}] != int(pr.n) {
			return false, 0, 0
		}
	}
	return true, max(need, ahead), ahead
}

// noBook is a variant's bookMax for a unit it books nothing on.
const noBook = -1 << 62

// bookAll books variant v's calendar cells for an iteration whose dispatch base is at, as
// unitState.book does one by one.
func (m *Model) bookAll(v *variant, at int64) {
	for _, p := range v.books {
		u := &m.units[p.unit]
		c := at + p.cycle
		i := c & (calSize - 1)
		e := u.cal[i]
		if e>>16 != c {
			e = c << 16
		}
		u.cal[i] = e + int64(p.n)
	}
	for ui, mx := range v.bookMax {
		if mx != noBook {
			u := &m.units[ui]
			u.last = max(u.last, at+mx)
		}
	}
}

// robWrite writes base+t for each t of ts to the reorder buffer's ring from pos on, and
// returns the position after them.
func (m *Model) robWrite(pos int, ts []int64, base int64) int {
	w := len(m.rob)
	for len(ts) > 0 {
		run := min(len(ts), w-pos)
		dst := m.rob[pos : pos+run]
		for q, t := range ts[:run] {
			dst[q] = base + t
		}
		ts = ts[run:]
		if pos += run; pos == w {
			pos = 0
		}
	}
	return pos
}

// keyHash is a hash of a block's start-state key, compared before the keys themselves.
func keyHash(key []int64) uint64 {
	var h0, h1 uint64 = 0x9e3779b97f4a7c15, 0xc2b2ae3d27d4eb4f
	q := 0
	for ; q+1 < len(key); q += 2 {
		h0 = bits.RotateLeft64(h0, 7) ^ uint64(key[q])
		h1 = bits.RotateLeft64(h1, 11) ^ uint64(key[q+1])
	}
	if q < len(key) {
		h0 = bits.RotateLeft64(h0, 7) ^ uint64(key[q])
	}
	return (h0^h1*0x9e3779b97f4a7c15)*0xff51afd7ed558ccd | 1
}

// probesHold reports whether every calendar cell v looked at holds as many ops as it did.
func (m *Model) probesHold(v *variant, base int64) bool {
	for _, p := range v.probes {
		if m.units[p.unit].booked(base+p.cycle) != p.n {
			return false
		}
	}
	return true
}

// replayOOO applies variant v of blk, which starts at instruction i of b with the last
// dispatch at base, on an out-of-order core; next is the pc after the block.
func (m *Model) replayOOO(blk *block, v *variant, b *Batch, i int, base int64, next uint64) {
	for q, r := range blk.written {
		m.ready[r], m.producer[r] = base+v.ready[q], v.why[q]
	}
	m.bookAll(v, base)
	m.robPos = m.robWrite(m.robPos, v.rob, base)
	m.dispatch, m.dispatched = base+v.dispatch, v.dispatched
	m.cycle, m.slots = base+v.cycle, v.slots
	m.fetchReady, m.fetchWhy = base+v.fetchRel, v.fetchWhy
	m.account(blk, v, b, i, 1, next)
}

// fixedPoint reports whether v leaves the pipeline in the state, relative to the cycle it
// ends in, that it starts from: then the next iteration of a loop that is this block, with
// the same outcomes, replays v again, and so on.
func (blk *block) fixedPoint(v *variant, slack int64) bool {
	d := v.delta
	key := v.key
	if int64(v.slots) != key[0] || rel(v.fetchRel, v.fetchWhy, d) != key[1] {
		return false
	}
	p := 2
	for _, r := range blk.liveIn {
		want := key[p]
		p++
		q := slices.Index(blk.written, r)
		if q < 0 {
			if want != 0 {
				return false // it must stay ready by the next start
			}
			continue
		}
		if relReg(v.ready[q], v.why[q], d, slack) != want {
			return false
		}
	}
	for c, f := range v.free {
		if max(f-d, 0) != key[p+c] {
			return false
		}
	}
	return true
}

// replay applies variant v of blk, which starts at instruction i of b at cycle prev; next
// is the pc after the block.
func (m *Model) replay(blk *block, v *variant, b *Batch, i int, prev int64, reps int, next uint64) {
	for q, r := range blk.written {
		m.ready[r], m.producer[r] = prev+v.ready[q], v.why[q]
	}
	p := 0
	for _, u := range blk.units {
		us := &m.units[u]
		for c := range us.count {
			us.free[c] = prev + v.free[p]
			p++
		}
	}
	m.cycle = prev + v.delta
	m.slots = v.slots
	m.fetchReady, m.fetchWhy = prev+v.fetchRel, v.fetchWhy
	m.account(blk, v, b, i, reps, next)
}

// account adds reps repetitions of variant v of blk, the first at instruction i of b, to the
// counters and the profile; next is the pc after the last.
func (m *Model) account(blk *block, v *variant, b *Batch, i int, reps int, next uint64) {
	n := uint64(reps)
	st := m.stats.Stall
	st[ReasonIssue] += n * v.issue
	for _, sa := range v.stalls {
		st[sa.why] += n * sa.n
	}
	m.stats.Instructions += n * uint64(len(blk.head))
	m.stats.VectorBeats += n * blk.vbeats
	m.lastWhy, m.lastStall = v.lastWhy, v.lastStall
	if pr := m.prof; pr != nil {
		// Every repetition but the last goes on with the block's start.
		k := len(blk.head)
		recs := pr.recsOf(blk, b.PC[i:i+k])
		for j := range k {
			ps := &v.prof[j]
			if j+1 < k {
				pr.addAt(recs[j], b.PC[i+j], b.Inst[i+j], b.PC[i+j+1], ps.delta, ps.why, ps.stall, blk.edgeAt(j), n)
				continue
			}
			if reps > 1 {
				pr.addAt(recs[j], b.PC[i+j], b.Inst[i+j], blk.pc, ps.delta, ps.why, ps.stall, blk.edge, n-1)
			}
			pr.addAt(recs[j], b.PC[i+j], b.Inst[i+j], next, ps.delta, ps.why, ps.stall, blk.edge, 1)
		}
	}
}

// repeat applies reps repetitions of a variant v of blk that repeats (blockCache.repeats),
// the first of them at instruction i of b, from the current state; next is the pc after the
// last.
// endSeq is the sequence number of the first store after the repetitions.
func (bc *blockCache) repeat(m *Model, blk *block, v *variant, b *Batch, i, reps int, next uint64, endSeq int64) {
	// The store times of the repetitions a later load can still reach (the store buffer's
	// last sbEntries stores).
	if nst := len(blk.stores); nst > 0 {
		var start, step int64 = m.cycle, v.delta
		if m.core.OutOfOrder {
			start, step = m.dispatch, v.dispatch
		}
		for r := max(0, reps-(sbEntries+nst-1)/nst-1); r < reps; r++ {
			m.replayStores(blk, v, endSeq-int64((reps-r)*nst), start+int64(r)*step)
		}
	}
	if !m.core.OutOfOrder {
		m.replay(blk, v, b, i, m.cycle+int64(reps-1)*v.delta, reps, next)
		return
	}
	// Out of order the repetitions' bookings and reorder-buffer entries that a later
	// instruction can still look at are made, the older ones skipped: nothing looks at
	// cycles before dispatch, or at entries overwritten since.
	base := m.dispatch
	dd := v.dispatch
	k := len(blk.head)
	from := max(0, reps-v.ahead-1)
	if v.farBook || bc.maxBooked(m, blk) >= base+calSize {
		// A cell a calendar's length ahead shares its slot with one a skipped booking would
		// have reset: make them all, as timing would.
		from = 0
	}
	for r := from; r < reps; r++ {
		m.bookAll(v, base+int64(r)*dd)
	}
	w := len(m.rob)
	first := max(0, reps-(w+k-1)/k-1)
	pos := (m.robPos + first*k) % w
	for r := first; r < reps; r++ {
		pos = m.robWrite(pos, v.rob, base+int64(r)*dd)
	}
	m.robPos = (m.robPos + reps*k) % w
	last := base + int64(reps-1)*dd
	for q, r := range blk.written {
		m.ready[r], m.producer[r] = last+v.ready[q], v.why[q]
	}
	m.dispatch, m.dispatched = last+v.dispatch, v.dispatched
	m.cycle, m.slots = last+v.cycle, v.slots
	m.fetchReady, m.fetchWhy = last+v.fetchRel, v.fetchWhy
	m.account(blk, v, b, i, reps, next)
}

// build makes the block that starts with instruction i of b: it goes on past control
// transfers (inner loops unrolled) until one goes back to its start or is fickle, over
// turns turns of its loop, wide or not (block.wide). It returns nil and 0 when the
// instruction cannot start one, nil and -1 when the batch ends before the block does.
func (bc *blockCache) build(m *Model, b *Batch, i int, turns int, wide bool) (*block, int) {
	n := len(b.PC)
	k := 0
	ctrl, complete := false, false
	inner, succ := bc.inner[:0], bc.succ[:0]
	bc.pos.reset()
	back := 0 // transfers back to the start inside the block (turns)
	limit, body := maxTraceLen, maxUnrolledBody
	if turns > 1 || wide {
		limit = maxBlockLen
	}
	if wide {
		body = maxWideBody
	}
	bc.widenable = false
	for j := i; j < n; j++ {
		in := b.Inst[j]
		oi := &m.ops[in.Op]
		if !oi.block {
			complete = true
			break
		}
		k++
		if oi.flags&(fBranch|fJump) != 0 {
			if k == limit {
				ctrl, complete = true, true
				bc.widenable = limit < maxBlockLen
				break
			}
			if j+1 == n {
				break // where it goes is in the next batch
			}
			to := b.PC[j+1]
			if to == b.PC[i] && back+1 >= turns || to != b.PC[i] && !bc.unrolls(b.PC[i:j+1], to, body) {
				ctrl, complete = true, true
				break
			}
			if !wide && bc.isFickle(b.PC[j]) {
				// A wide block goes on through it: a branch that goes two ways from
				// turn to turn of an inner loop (a 64-bit shift by the loop's counter
				// on rv32, GHASH-C's) goes the same ways in every turn of the outer
				// one, and a wide block that goes another way is built narrow again.
				ctrl, complete = true, true
				bc.widenable = bc.widenable || limit < maxBlockLen
				break
			}
			if to == b.PC[i] {
				back++
				bc.pos.reset() // (an inner loop of the next turn unrolls as in the first)
			}
			inner, succ = append(inner, uint16(k-1)), append(succ, b.PC[j+1])
		} else if k == limit || j+1 < n && b.PC[j+1] != b.PC[j]+uint64(in.Len) {
			complete = true
			bc.widenable = bc.widenable || k == limit && limit < maxBlockLen
			break
		}
		bc.pos.note(b.PC[j], k-1)
	}
	if k == 0 {
		return nil, 0
	}
	if turns > 1 {
		switch {
		case !complete:
			return nil, -1 // the next batch holds the rest of the turns
		case !ctrl || back+1 != turns || i+k >= n && b.Next != b.PC[i] || i+k < n && b.PC[i+k] != b.PC[i]:
			return nil, 0 // the loop does not go round that many times from here
		}
	}
	cut := false
	if q := len(inner) - 1; q >= 0 && (!complete || int(inner[q]) == k-1 || k == limit && !ctrl) {
		// The batch ends first (then the block is built again when a batch holds more of
		// it), it stops after a transfer (at an instruction no block holds), or it is too
		// long: the last transfer on the way is its last, so that the next block starts
		// where one went (the next time round too), not anywhere in a run of straight code.
		cut = !complete
		k = int(inner[q]) + 1
		inner, succ, ctrl, complete = inner[:q], succ[:q], true, true
	}
	if !complete {
		return nil, -1
	}
	inner, succ = slices.Clone(inner), slices.Clone(succ)
	blk := &block{pc: b.PC[i], ctrl: ctrl, head: make([]uint64, k), ops: make([]*opInfo, k), inner: inner, succ: succ, cut: cut, turns: back + 1, lookAt: unrollAfter, wide: wide, widenable: bc.widenable && !wide}
	if len(inner) > 0 {
		blk.innerEdge = make([]bool, k)
		for _, t := range inner {
			in := b.Inst[i+int(t)]
			blk.innerEdge[t] = loopEdge(in, m.ops[in.Op].flags)
		}
	}
	var read, wrote [64]bool
	used := make([]bool, len(m.units))
	cfgNew := true // the configuration may differ from the last vector instruction's
	for j := range k {
		in := b.Inst[i+j]
		oi := &m.ops[in.Op]
		blk.head[j], blk.ops[j] = head(in), oi
		if !used[oi.unit] {
			used[oi.unit] = true
			blk.units = append(blk.units, oi.unit)
		}
		if oi.flags&fVector != 0 { // (a vsetvl* reads and writes integer registers only, as any op)
			blk.vectorOp(m, j, in, oi, b.VCfg[i+j], cfgNew || isa.SetsVConfig(in.Op), &read, &wrote)
			cfgNew = false
			continue
		}
		if isa.SetsVConfig(in.Op) {
			cfgNew = true
		}
		if oi.flags&(fLoad|fStore) != 0 {
			blk.mem = append(blk.mem, uint16(j))
			mo := memOp{j: uint16(j), size: oi.mem, kind: memOther}
			switch oi.class {
			case isa.ClassLoad:
				mo.kind = memLoad
			case isa.ClassStore:
				mo.kind = memStore
			}
			if oi.mem != 0 {
				blk.cacheOps = append(blk.cacheOps, cacheOp{j: uint16(j), bit: uint16(2 + 2*len(blk.memOps)), size: oi.mem})
			}
			blk.memOps = append(blk.memOps, mo)
			blk.vbytes = append(blk.vbytes, 0)
			if oi.mem != 0 { // (as Model.access counts them)
				if oi.store && oi.flags&fLoad == 0 {
					blk.nStores++
				} else {
					blk.nLoads++
				}
			}
		}
		switch oi.class {
		case isa.ClassLoad:
			blk.loads = append(blk.loads, uint16(j))
		case isa.ClassStore:
			blk.stores = append(blk.stores, uint16(j))
		}
		if oi.flags&fRs1 != 0 {
			blk.readReg(in.Rs1&31, &read, &wrote)
		}
		if oi.flags&fRs2 != 0 {
			blk.readReg(in.Rs2&31, &read, &wrote)
		}
		if rd := in.Rd & 31; oi.flags&fRd != 0 && rd != 0 {
			blk.writeReg(rd, &wrote)
		}
	}
	for _, t := range inner {
		blk.xfer = append(blk.xfer, *b.Inst[i+int(t)])
	}
	if ctrl {
		blk.edge = loopEdge(b.Inst[i+k-1], blk.ops[k-1].flags)
		blk.xfer = append(blk.xfer, *b.Inst[i+k-1])
	}
	copies := 0
	for _, u := range blk.units {
		copies += m.units[u].count
	}
	blk.ow = (2 + 2*len(blk.mem) + 2*len(blk.inner) + 63) / 64
	blk.keyLen = 2 + len(blk.liveIn) + copies + blk.ow
	if m.core.OutOfOrder {
		blk.robRead = min(k, len(m.rob))
		blk.keyLen = 4 + len(blk.liveIn) + blk.robRead + blk.ow
		copies = 0
	}
	if full := blk.keyLen + 3*len(blk.loads); cap(bc.key) < full { // (the store-buffer part follows)
		bc.key = make([]int64, full)
	}
	blk.copies = copies
	// At least 16 variants for a block of up to 256 instructions, fewer for a longer one, so
	// that no block keeps more than variantInsts instructions' worth beyond 4096 and the
	// cache as a whole stays as large as it was with 256-instruction blocks.
	blk.maxVars = min(blockVariants, max(16*256/max(k, 256), variantInsts/k))
	return blk, 0
}

// initVariant makes the slices of a variant of blk, the first time it is used (most blocks
// use few of their blockVariants).
func (blk *block) initVariant(v *variant, outOfOrder bool) {
	k := len(blk.head)
	v.key = make([]int64, blk.keyLen, blk.keyLen+3*len(blk.loads))
	v.ow = make([]uint64, blk.ow)
	v.ready = make([]int64, len(blk.written))
	v.why = make([]uint16, len(blk.written))
	v.free = make([]int64, blk.copies)
	v.prof = make([]profStep, k)
	v.fw = make([]int64, 0, len(blk.loads))
	v.stData = make([]int64, len(blk.stores))
	v.stWritten = make([]int64, len(blk.stores))
	if outOfOrder {
		v.rob = make([]int64, k)
	}
}

// unrolls reports whether a block being built that has run pcs (its start first) goes on
// with a control transfer from the last of them to pc to. It does unless the transfer closes
// a loop: one that holds the block's start (the block began inside it: the next one begins
// at its head), or an inner loop whose body is longer than body (its turns are blocks of
// their own; bc.widenable notes one a wide block would unroll). Transfers to pcs it has not
// run go on.
func (bc *blockCache) unrolls(pcs []uint64, to uint64, body int) bool {
	q := bc.pos.last(to)
	if q < 0 {
		return true
	}
	if slices.Contains(pcs[q:], pcs[0]) {
		return false
	}
	if len(pcs)-q > body {
		bc.widenable = bc.widenable || len(pcs)-q <= maxWideBody
		return false
	}
	return true
}

// pcPositions is, while a block is built, where each pc it has run was last (a set with a
// generation, as probeLog's).
type pcPositions struct {
	tab [2 * maxBlockLen]pcAt
	gen uint32
}

type pcAt struct {
	pc  uint64
	gen uint32
	at  int32
}

func (p *pcPositions) reset() {
	if p.gen++; p.gen == 0 {
		p.tab = [2 * maxBlockLen]pcAt{}
		p.gen = 1
	}
}

// note records that the instruction at pc is the block's number at.
func (p *pcPositions) note(pc uint64, at int) {
	for h := pc >> 1 * 0x9e3779b97f4a7c15 >> 53; ; h++ {
		e := &p.tab[h&(2*maxBlockLen-1)]
		if e.gen != p.gen || e.pc == pc {
			*e = pcAt{pc: pc, gen: p.gen, at: int32(at)}
			return
		}
	}
}

// last returns the latest position of pc in the block (-1: none).
func (p *pcPositions) last(pc uint64) int {
	for h := pc >> 1 * 0x9e3779b97f4a7c15 >> 53; ; h++ {
		e := &p.tab[h&(2*maxBlockLen-1)]
		if e.gen != p.gen {
			return -1
		}
		if e.pc == pc {
			return int(e.at)
		}
	}
}

// offPath returns the position in the block of the first control transfer at which the
// batch, from instruction j on, leaves the block's path (-1: it does not).
func (blk *block) offPath(b *Batch, j int) int {
	for q, t := range blk.inner {
		if b.PC[j+int(t)+1] != blk.succ[q] {
			return int(t)
		}
	}
	return -1
}

// turnEnd reports whether the block's inner transfer at position t ends one of its turns.
func (blk *block) turnEnd(t int) bool {
	if blk.turns == 1 {
		return false
	}
	for q, u := range blk.inner {
		if int(u) == t {
			return blk.succ[q] == blk.pc
		}
	}
	return false
}

// edgeAt reports whether the block's instruction j is a loop edge for the profile.
func (blk *block) edgeAt(j int) bool {
	if j == len(blk.head)-1 {
		return blk.edge
	}
	return blk.innerEdge != nil && blk.innerEdge[j]
}

// readReg notes that the block reads r (x1-x31, or v0-v31 as 32-63): a live-in register
// unless the block wrote it first.
func (blk *block) readReg(r uint8, read, wrote *[64]bool) {
	if r != 0 && !wrote[r] && !read[r] {
		read[r] = true
		blk.liveIn = append(blk.liveIn, r)
	}
}

// writeReg notes that the block writes r.
func (blk *block) writeReg(r uint8, wrote *[64]bool) {
	if !wrote[r] {
		wrote[r] = true
		blk.written = append(blk.written, r)
	}
}

// vectorOp adds the vector instruction in, the block's number j, run under configuration
// c, to the block being built: the registers it reads and writes as vecOperands and
// vecWriteback see them (a register group a register each), its access, and its beats.
// check says that c may differ from the block's last vector instruction's, so that
// sameVCfg checks it.
func (blk *block) vectorOp(m *Model, j int, in *isa.Inst, oi *opInfo, c isa.VConfig, check bool, read, wrote *[64]bool) {
	f := oi.flags
	if check {
		blk.vpos, blk.vcfg = append(blk.vpos, uint16(j)), append(blk.vcfg, c)
	}
	s := step{in: in, store: oi.store, vl: c.VL(), sew: c.SEW(), lmul8: c.LMUL8()}
	g := m.group(&s)
	readGroup := func(base, n int) {
		for q := 0; q < n && base+q < 64; q++ {
			blk.readReg(uint8(base+q), read, wrote)
		}
	}
	if f&fRs1 != 0 {
		if f&fVRs1 != 0 {
			readGroup(32+int(in.Rs1&31), g)
		} else {
			blk.readReg(in.Rs1&31, read, wrote)
		}
	}
	if f&fRs2 != 0 {
		if f&fVRs2 != 0 {
			readGroup(32+int(in.Rs2&31), g)
		} else {
			blk.readReg(in.Rs2&31, read, wrote)
		}
	}
	if f&fReadVd != 0 {
		readGroup(32+int(in.Rd&31), m.destGroup(&s, oi))
	}
	if f&fReadV0 != 0 || in.Vm == 0 {
		readGroup(32, 1)
	}
	if f&fRd != 0 {
		if f&fVRd != 0 {
			base := 32 + int(in.Rd&31)
			for q := 0; q < m.destGroup(&s, oi) && base+q < 64; q++ {
				blk.writeReg(uint8(base+q), wrote)
			}
		} else if rd := in.Rd & 31; rd != 0 {
			blk.writeReg(rd, wrote)
		}
	}
	if f&(fLoad|fStore) == 0 {
		blk.vbeats += uint64(m.vecBeats(s.lmul8, oi))
		return
	}
	blk.mem = append(blk.mem, uint16(j))
	mo := memOp{j: uint16(j), kind: memVecOther}
	var vb uint32
	if bytes, strided := m.vecExtent(&s, oi); bytes > 0 && !strided {
		vb = uint32(bytes)
		if oi.store {
			mo.kind = memVecStore
			blk.stores = append(blk.stores, uint16(j))
		} else {
			mo.kind = memVecLoad
			blk.loads = append(blk.loads, uint16(j))
		}
	}
	blk.memOps = append(blk.memOps, mo)
	blk.vbytes = append(blk.vbytes, vb)
	blk.vmem = true
	if oi.store {
		blk.nStores++
	} else {
		blk.nLoads++
	}
}
