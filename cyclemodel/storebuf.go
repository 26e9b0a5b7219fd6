package cyclemodel

import "math/bits"

// Store-to-load forwarding. The model keeps the last sbEntries stores (scalar ones and
// unit-stride, whole-register and mask vector ones) with the bytes they write; anything
// older is taken to be written to the cache. A load (scalar, or a unit-stride, whole-register
// or mask vector one) looks for the youngest of them that writes any of its bytes. Which
// store that is depends only on the addresses, in program order, so it is worked out with the
// access's other outcomes (for a memoized block, before its timing: block.go). Whether it
// matters depends on timing: only while the store is not yet written (in order, its own
// latency after it issued; out of order, until it retires). Then a load whose bytes the store
// holds all of takes them from the store buffer, its result no earlier than the store's data
// plus the core's store_forward_latency_cycles; a load that needs bytes the store does not
// hold (a partial overlap) waits for the store to be written and reads the cache. Atomics
// and strided or indexed vector accesses take no part (their bytes are not one range).

const (
	sbEntries = 16   // stores that can still be in flight
	sbHash    = 256  // granule slots of the lookup filter (few false candidates)
	stTimes   = 1024 // store times kept, by sequence number (more than sbEntries + a block's stores)
)

// storeBuf is the address side of the store buffer plus the times of recent stores.
type storeBuf struct {
	lo, hi [sbEntries]uint64 // bytes [lo, hi) each entry writes
	seq    [sbEntries]int64  // the store in each entry (sequence number)
	n      int64             // stores inserted (the next sequence number)
	filter [sbHash]uint16    // per 8-byte granule (hashed): the entries that may write it

	// By sequence number & (stTimes-1): when the store's data exists and when it is written
	// to the cache.
	data, written [stTimes]int64
}

// mark sets (on) or clears the filter bit of entry bit for each granule of [lo, hi).
func (b *storeBuf) mark(lo, hi uint64, bit uint16, on bool) {
	g, last := lo>>3, (hi-1)>>3
	for k := 0; k < sbHash && g <= last; k++ {
		if on {
			b.filter[g&(sbHash-1)] |= bit
		} else {
			b.filter[g&(sbHash-1)] &^= bit
		}
		g++
	}
}

// insert adds a store of [lo, hi) and returns its sequence number.
func (b *storeBuf) insert(lo, hi uint64) int64 {
	s := b.n
	b.n++
	e := int(s & (sbEntries - 1))
	bit := uint16(1) << e
	if s >= sbEntries {
		if olo := b.lo[e]; olo>>3 == (b.hi[e]-1)>>3 { // (most stores touch one granule)
			b.filter[(olo>>3)&(sbHash-1)] &^= bit
		} else {
			b.mark(olo, b.hi[e], bit, false)
		}
	}
	b.lo[e], b.hi[e], b.seq[e] = lo, hi, s
	if lo>>3 == (hi-1)>>3 {
		b.filter[(lo>>3)&(sbHash-1)] |= bit
	} else {
		b.mark(lo, hi, bit, true)
	}
	// Until it is timed the store counts as written long ago.
	b.data[s&(stTimes-1)], b.written[s&(stTimes-1)] = -1<<62, -1<<62
	return s
}

// find returns the youngest store that writes any byte of [lo, hi), and whether it leaves
// some of them out; -1 when none does.
func (b *storeBuf) find(lo, hi uint64) (int64, bool) {
	g, last := lo>>3, (hi-1)>>3
	cand := b.filter[g&(sbHash-1)] | b.filter[last&(sbHash-1)]
	for g += 1; g < last; g++ { // a vector access's granules between its first and last
		cand |= b.filter[g&(sbHash-1)]
		if g-lo>>3 >= sbHash {
			break
		}
	}
	if cand == 0 {
		return -1, false
	}
	return b.youngest(lo, hi, cand)
}

// youngest is find's search of the candidate entries cand.
func (b *storeBuf) youngest(lo, hi uint64, cand uint16) (int64, bool) {
	// Rotated so that the youngest entry is bit 15 and older ones follow it down: the
	// candidates youngest first are the set bits from the top. (Entries never written have
	// no filter bits.)
	top := uint((b.n - 1) & (sbEntries - 1))
	r := bits.RotateLeft16(cand, int(sbEntries-1-top))
	for r != 0 {
		d := bits.LeadingZeros16(r) // the candidate is d+1 stores back
		r &^= 1 << (15 - d)
		e := int((b.n - 1 - int64(d)) & (sbEntries - 1))
		if lo >= b.hi[e] || b.lo[e] >= hi {
			continue
		}
		return b.seq[e], lo < b.lo[e] || hi > b.hi[e]
	}
	return -1, false
}

// setTimes records when store s's data exists and when it is written.
func (b *storeBuf) setTimes(s, data, written int64) {
	if s < 0 {
		return // not in the buffer (no bytes)
	}
	b.data[s&(stTimes-1)], b.written[s&(stTimes-1)] = data, written
}

// forward applies the store buffer to a load that would issue at t, whose youngest
// overlapping store is src (partial: it lacks some of the load's bytes): it returns the
// cycle the load can issue, why it waited (why unchanged when it did not), and the earliest
// cycle its result can exist (0: no constraint).
func (b *storeBuf) forward(src int64, partial bool, t int64, why uint16, fwdLat int64) (int64, uint16, int64) {
	if src < 0 {
		return t, why, 0
	}
	w := b.written[src&(stTimes-1)]
	if w <= t {
		return t, why, 0 // in the cache already
	}
	if partial {
		return w, ReasonStoreForward, 0
	}
	return t, why, b.data[src&(stTimes-1)] + fwdLat
}
