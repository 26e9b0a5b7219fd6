package emu

import (
	"runtime"
	"sync/atomic"
	"time"
)

// Observing ahead. The cost model takes about as long over a batch as the interpreter takes
// to record it, so with ObserveAhead set the hart hands a full buffer to a goroutine of its
// own, which runs the Observer on it, and goes on recording into the next of aheadDepth
// buffers meanwhile: on a host with two CPUs the two halves overlap. Nothing the guest sees
// or the observer computes depends on it:
//
//   - every hand-over but two waits for the observer to finish what it has (sync): before
//     an instruction the loop cannot run, a trap and a decode, as without ObserveAhead, so
//     that a CSR read or a system call finds the observer up to date and no decoded code a
//     batch points to is changed or dropped while it is being read. Only a full buffer and
//     the end of run's stretch go on without waiting;
//   - every read of the modelled clock (the cycle and time CSRs, clock_gettime, sleeps)
//     waits likewise (TimeNanos, cycles);
//   - the timers (Linux.Poll, every timerPoll instructions) look at the clock as it was at
//     the end of the batch before the last one handed over (timerNanos), with or without
//     ObserveAhead, so that they fire at the same instruction either way, a batch or two
//     after they are due (never before), without waiting for the observer;
//   - Run and the stepwise run wait for the observer before they return, so that the
//     caller reads it up to date.
//
// The buffers are handed over in order, and each is used again only once the observer is
// done with it: four of them, so that the hart seldom waits for one. What makes this pay on
// a host is how the two sides wait and what the hart writes: both spin on counters rather
// than wait on a channel (a parked goroutine takes about as long to wake as a batch takes),
// and the hart clears a buffer before it records into it (handOver), since stores to lines
// the other CPU has read, one instruction's at a time, made the recording loop four times
// slower.
const aheadDepth = 4

// aheadMin is the least a buffer holds for it to be handed over ahead: a shorter one (the
// end of a short call) is handed over as flushObserved does, since the run waits for it
// soon anyway.
const aheadMin = recSize / 2

// aheadSpin is how long the observer's goroutine spins with nothing to do before it parks:
// long enough for a caller that runs a kernel, does something else for a while and runs it
// again (bench, ModelSpeed) to find it awake (the C GHASH's 47,000 instructions ran at 0.35
// of plain when it parked after about 60 µs, against 0.6 modelled in turn).
const aheadSpin = 2 * time.Millisecond

// observeAhead is the hand-over of a hart's buffers to the goroutine that observes them. The
// goroutine holds this and not the hart, so that a hart no longer used can be collected:
// its cleanup ends the goroutine.
type observeAhead struct {
	bufs  [aheadDepth]*recBuf
	obs   [aheadDepth]Observer      // the Observer each buffer goes to (h.Observer at its hand-over)...
	clock [aheadDepth]func() uint64 // ...and CSR.Modelled then
	num   [aheadDepth]int64         // ...and the batch's number (Hart.sent)
	cur   int                       // the buffer being filled (h.rec)
	given atomic.Int64              // batches handed to the goroutine (buffer given-1 mod aheadDepth the last)...
	last  int64                     // ...the number of the last of them...
	done  atomic.Int64              // ...and how many it has finished
	wake  chan struct{}             // a token for the goroutine when it waits parked
	quit  atomic.Bool               // the hart is gone
	fail  atomic.Pointer[aheadPanic]
	lag   *observeLag
}

// aheadPanic carries a panic of the observer's goroutine over to the hart's.
type aheadPanic struct{ v any }

// observeLag is the modelled clock after each of the last batches observed, by batch number
// (from 1) modulo aheadDepth: what timerNanos reads.
type observeLag struct {
	after [aheadDepth]atomic.Uint64
}

// note records the clock (CSR.Modelled, nil: none) after batch k.
func (l *observeLag) note(k int64, clock func() uint64) {
	if clock != nil {
		l.after[k%aheadDepth].Store(clock())
	}
}

// handOver hands the buffered instructions to the Observer without waiting for it when the
// hart observes ahead (and the host can run both at once), and as flushObserved otherwise.
func (h *Hart) handOver(next uint64) {
	rb := h.rec
	if !h.ObserveAhead || rb == nil || rb.n < aheadMin {
		h.flushObserved(next)
		return
	}
	a := h.ahead
	if a == nil {
		if runtime.GOMAXPROCS(0) < 2 {
			h.ObserveAhead = false // nothing would overlap
			h.flushObserved(next)
			return
		}
		a = &observeAhead{wake: make(chan struct{}, 1), lag: h.lag}
		a.bufs[0] = rb
		for i := 1; i < aheadDepth; i++ {
			a.bufs[i] = &recBuf{}
		}
		h.ahead = a
		go a.observe()
		runtime.AddCleanup(h, func(a *observeAhead) {
			a.quit.Store(true)
			a.signal()
		}, a)
	}
	used := rb.n
	rb.seal(next)
	h.sent++
	a.obs[a.cur], a.clock[a.cur], a.num[a.cur] = h.Observer, h.CSR.Modelled, h.sent
	a.last = h.sent
	g := a.given.Add(1)
	a.signal()
	a.cur = (a.cur + 1) % aheadDepth
	// The next buffer is free once the observer has finished the batch it held, handed over
	// aheadDepth batches ago.
	a.wait(g - aheadDepth + 1)
	h.rec = a.bufs[a.cur]
	// The goroutine read this buffer on the other CPU, which still holds its lines: the
	// recording loop's stores to them, each waiting for the other CPU to give its line up,
	// made it four times slower (the loop's stores are too far apart to overlap those
	// waits). Cleared in one run of stores here, the lines come over many at a time, and
	// the loop finds them in its own cache. (As much as the last batch used: usually all.)
	clear(h.rec.pc[:used])
	clear(h.rec.inst[:used])
	clear(h.rec.addr[:used])
}

// signal wakes the goroutine if it waits parked.
func (a *observeAhead) signal() {
	select {
	case a.wake <- struct{}{}:
	default: // (a token is there already)
	}
}

// observe is the observer's goroutine: it runs each buffer's Observer on it, in the order
// they were handed over, and notes the modelled clock after each. Both sides spin while
// they wait for each other, on counters: a batch takes tens of microseconds, and a parked
// goroutine takes about as long to wake (with a channel between them, the kernels under
// --core ran at 0.15 of plain rather than 0.4). The goroutine parks after a while with
// nothing to do (the guest waits for input, or the hart is done with).
func (a *observeAhead) observe() {
	for n := int64(0); ; n++ {
		var since time.Time
		for spins := 0; a.given.Load() <= n; spins++ {
			if spins&1023 != 1023 {
				continue
			}
			if a.quit.Load() {
				return
			}
			switch {
			case since.IsZero():
				since = time.Now()
			case time.Since(since) > aheadSpin:
				<-a.wake
				since = time.Time{}
			}
		}
		i := int(n % aheadDepth)
		func() {
			defer func() {
				if v := recover(); v != nil {
					a.fail.Store(&aheadPanic{v})
				}
			}()
			if a.fail.Load() == nil {
				a.obs[i].Retired(&a.bufs[i].batch)
				a.lag.note(a.num[i], a.clock[i])
			}
		}()
		a.obs[i], a.clock[i] = nil, nil
		a.done.Add(1)
	}
}

// wait waits until the observer has finished n of the batches handed to it, and passes a
// panic of its goroutine on.
func (a *observeAhead) wait(n int64) {
	for a.done.Load() < n {
	}
	if p := a.fail.Load(); p != nil {
		panic(p.v)
	}
}

// syncObserved waits until the observer has seen every batch handed over.
func (h *Hart) syncObserved() {
	if a := h.ahead; a != nil {
		a.wait(a.given.Load())
	}
}

// timerNanos is the clock the timers fire on: TimeNanos, or under a cost model that
// observes in batches, the modelled time at the end of the batch before the last one handed
// over (0 before there is one), which the observer has finished or is about to.
func (h *Hart) timerNanos() uint64 {
	if h.Observer == nil || h.CSR.Modelled == nil || h.lag == nil {
		return h.TimeNanos()
	}
	k := h.sent - 1
	if k < 1 {
		return 0
	}
	if a := h.ahead; a != nil {
		// The goroutine's batches up to k: all it was given, less the last when that is
		// batch k+1 (when batch k+1 was handed over in turn, all of them are done).
		n := a.given.Load()
		if a.last == h.sent {
			n--
		}
		a.wait(n)
	}
	return CyclesToNanos(h.lag.after[k%aheadDepth].Load(), h.CSR.ClockHz)
}
