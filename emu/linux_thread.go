package emu

import (
	"encoding/binary"
	"slices"
)

// Threads (clone with CLONE_VM and CLONE_THREAD, what pthread_create and the Go runtime
// make) run on the one hart as they would on a one-CPU machine: each thread's registers
// are a context swapped into the hart when it is scheduled, so the clock, the cycle model,
// --stats and the debuggers see one CPU whose instruction stream passes from thread to
// thread. A thread runs until it blocks (a futex wait, a sleep, a poll, select or
// sigsuspend, epoll_pwait, a pipe) or yields or exits, or for threadSlice instructions while
// another is runnable. When every thread waits, the virtual
// clock moves to the first deadline (a futex timeout, a sleep's end, a timer); when none is
// set, the run stops with a one-line error, as a wait nothing can end does.
//
// Per thread: the registers, FP and vector state, the thread id, the blocked signal set, the
// signals sent to it (tgkill), its alternate signal stack, and the word cleared at its exit
// (CLONE_CHILD_CLEARTID, set_tid_address). Shared: memory, descriptors, signal actions,
// timers, and the signals sent to the process, which go to a thread that does not block them.

// threadSlice is how many instructions a thread runs while another is runnable.
const threadSlice = 1 << 16

// maxThreads bounds the live threads: past it clone fails with EAGAIN.
const maxThreads = 1024

const eTIMEDOUT = 110

type waitKind uint8

const (
	runnable  waitKind = iota
	waitFutex          // futexAddr, futexMask
	waitSleep          // until deadline
	waitPoll           // epoll_pwait: pollSet has an event, or deadline
	waitRetry          // a system call to run again (from its ecall) once retryReady says so
	waitEvent          // poll, select, sigsuspend: retryReady (run again), deadline (0) or a signal (EINTR)
)

// thread is one thread's state while it is not running (and its identity while it is).
type thread struct {
	tid      int64
	clearTid uint64 // where exit writes 0 and wakes a futex waiter (0: nowhere)

	wait       waitKind
	futexAddr  uint64
	futexMask  uint32
	deadline   uint64 // virtual ns at which the wait ends (0: none)
	timedOut   int64  // a0 when the deadline ends the wait
	pollSet    *epollSet
	retryReady func() bool
	rewound    bool   // pc is back on the ecall, for the call to run again
	onTimeout  func() // writes a call's results when its deadline ends it (select's sets)
	pollEvents uint64
	pollMax    int

	// Saved while another thread runs.
	x      [32]uint64
	f      [32]uint64
	pc     uint64
	frm    uint8
	fflags uint8
	v      *vectorContext
	sig    threadSignals
}

type vectorContext struct {
	reg []byte
	cfg vecConfig
}

// save copies v's registers and configuration into c.
func (c *vectorContext) save(v *Vector) {
	if len(c.reg) != len(v.Reg) {
		c.reg = make([]byte, len(v.Reg))
	}
	copy(c.reg, v.Reg)
	c.cfg = v.config()
}

// restore puts c into v.
func (c *vectorContext) restore(v *Vector) {
	copy(v.Reg, c.reg)
	v.setConfig(c.cfg)
}

// threadSignals is the part of signalState each thread has its own of.
type threadSignals struct {
	blocked, pending uint64
	info             [numSignals + 1][128]byte
	altSP, altSize   uint64
	altFlags         uint64
	depth            int
	suspended        bool
	suspendOld       uint64
}

type threadState struct {
	all      []*thread // live threads, the running one included; empty until the first clone
	cur      int       // index in all of the running thread
	sliceEnd uint64    // h.Instret at which the running thread gives way to another
	resched  bool      // the system call just made blocked or yielded: schedule after it
	clearTid uint64    // set_tid_address of the first thread before there are others
	switches uint64    // how many times another thread took the hart (for the undo log)
	only     *thread   // a debugger lets this thread alone run while it can (RunOnly)
}

// firstThread makes the process's first thread an entry of its own if it has none yet (a
// clone or a futex wait needs one) and returns the running thread.
func (l *Linux) firstThread() *thread {
	if len(l.thr.all) == 0 {
		l.thr.all = []*thread{{tid: l.pid, clearTid: l.thr.clearTid}}
		l.thr.cur = 0
	}
	return l.thr.all[l.thr.cur]
}

// threaded reports whether more than one thread lives.
func (l *Linux) threaded() bool { return len(l.thr.all) > 1 }

// tid is the running thread's id (the process id for the first thread).
func (l *Linux) tid() int64 {
	if len(l.thr.all) == 0 {
		return l.pid
	}
	return l.thr.all[l.thr.cur].tid
}

// cloneThread makes a thread sharing the process, starting at the instruction after the
// clone with a0 0, sp stack and, with CLONE_SETTLS, tp tls. The caller goes on running.
func (l *Linux) cloneThread(h *Hart, flags, stack, ptid, tls, ctid uint64) int64 {
	const need = cloneVM | cloneThread | 0x800 /* CLONE_SIGHAND */
	if flags&need != need || flags&cloneVfork != 0 {
		return -eINVAL // a thread shares memory and signal actions; other mixes are not ours
	}
	l.firstThread()
	if len(l.thr.all) >= maxThreads {
		return -eAGAIN
	}
	t := &thread{tid: l.newID()}
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], uint32(t.tid))
	if flags&cloneParentSet != 0 && !l.put(h, ptid, b[:]) {
		return -eFAULT
	}
	if flags&cloneChildSettid != 0 && !l.put(h, ctid, b[:]) {
		return -eFAULT
	}
	if flags&cloneChildClear != 0 {
		t.clearTid = ctid
	}
	l.saveContext(h, t)
	t.x[10] = 0
	if stack != 0 {
		t.x[2] = stack
	}
	if flags&cloneSettls != 0 {
		t.x[4] = tls
	}
	// The new thread starts with the caller's mask and no alternate stack or pending signal.
	t.sig.pending, t.sig.info = 0, [numSignals + 1][128]byte{}
	t.sig.altSP, t.sig.altSize, t.sig.altFlags, t.sig.depth = 0, 0, 2, 0
	t.sig.suspended = false
	l.thr.all = append(l.thr.all, t)
	if len(l.thr.all) == 2 {
		l.thr.sliceEnd = h.Instret + threadSlice
		h.yield = true // Run polls (and preempts) every timerPoll instructions from now on
	}
	return t.tid
}

// saveContext copies the hart's registers and the thread's signal state into t.
func (l *Linux) saveContext(h *Hart, t *thread) {
	copy(t.x[:], h.X[:32])
	t.f, t.pc, t.frm, t.fflags = h.F, h.PC, h.frm, h.fflags
	if v := h.V; v != nil {
		if t.v == nil {
			t.v = new(vectorContext)
		}
		t.v.save(v)
	}
	s := &l.sig
	t.sig = threadSignals{blocked: s.blocked, pending: s.pending, info: s.info, altSP: s.altSP,
		altSize: s.altSize, altFlags: s.altFlags, depth: s.depth, suspended: s.suspended, suspendOld: s.suspendOld}
}

// loadContext puts t's registers and signal state into the hart and l.
func (l *Linux) loadContext(h *Hart, t *thread) {
	copy(h.X[:32], t.x[:])
	h.X[0] = 0
	h.F, h.PC, h.frm, h.fflags = t.f, t.pc, t.frm, t.fflags
	if h.V != nil && t.v != nil {
		t.v.restore(h.V)
	}
	h.resValid = false // a context switch breaks an LR/SC pair, as the kernel's does
	ts := &t.sig
	s := &l.sig
	s.blocked, s.pending, s.info, s.altSP = ts.blocked, ts.pending, ts.info, ts.altSP
	s.altSize, s.altFlags, s.depth, s.suspended, s.suspendOld = ts.altSize, ts.altFlags, ts.depth, ts.suspended, ts.suspendOld
}

// block makes the running thread wait (kind, until deadline if not 0) and asks for another
// to be scheduled once the system call returns.
func (l *Linux) block(kind waitKind, deadline uint64, timedOut int64) {
	t := l.thr.all[l.thr.cur]
	t.wait, t.deadline, t.timedOut = kind, deadline, timedOut
	l.thr.resched = true
}

// wake makes t runnable, its system call returning ret.
func (l *Linux) wake(t *thread, ret int64) {
	t.wait, t.deadline = runnable, 0
	t.x[10] = uint64(ret)
}

// schedule runs after a system call that blocked or yielded, and when the running thread's
// slice is over (preempt): it switches the hart to the next runnable thread in turn, moving
// the clock to the first deadline when every thread waits. It returns false when the run
// must stop (every thread waits for ever).
func (l *Linux) schedule(h *Hart) bool {
	l.thr.resched = false
	all := l.thr.all
	cur := all[l.thr.cur]
	l.saveContext(h, cur)
	for {
		l.wakeDue(h)
		if t := l.thr.only; t != nil && t.wait == runnable {
			if i := slices.Index(all, t); i >= 0 {
				if t != cur {
					l.thr.switches++
				}
				l.thr.cur = i
				l.loadContext(h, t)
				l.thr.sliceEnd = h.Instret + threadSlice
				return true
			}
			l.thr.only = nil // it has ended
		}
		for i := 1; i <= len(all); i++ {
			j := (l.thr.cur + i) % len(all)
			if all[j].wait == runnable {
				if all[j] != cur {
					l.thr.switches++
				}
				l.thr.cur = j
				l.loadContext(h, all[j])
				l.thr.sliceEnd = h.Instret + threadSlice
				return true
			}
		}
		// Every thread waits: the clock moves to what ends a wait first.
		next := l.nextDue()
		if d := l.timerfdDue(l.openFDs()); d != 0 && (next == 0 || d < next) {
			next = d // a wait for a timerfd (a read, poll, select, epoll) ends at its expiry
		}
		for _, t := range all {
			if t.deadline != 0 && (next == 0 || t.deadline < next) {
				next = t.deadline
			}
		}
		// Other processes go first, and those that wake before it: one may write a pipe a
		// thread waits for, read one it writes, or signal.
		if l.othersAlive() && l.waitProcs(func() bool { return l.threadCanGoOn() }, next) {
			continue
		}
		if next == 0 {
			l.loadContext(h, cur)
			h.stop = Stop{Reason: StopSignal, Signal: SIGKILL, PC: h.PC,
				Msg: "every thread waits and nothing can wake one: no timer is armed and no other process runs (a deadlock)"}
			return false
		}
		if now := l.now(h); next > now {
			l.tm.slept += next - now
		}
		l.fireTimersThreaded(h)
	}
}

// threadCanGoOn reports whether a waiting thread can go on without the clock moving: its
// retried call can (a pipe another process wrote), or a signal it takes is pending.
func (l *Linux) threadCanGoOn() bool {
	for _, t := range l.thr.all {
		switch {
		case t.wait == runnable, t.sig.pending&^t.sig.blocked != 0:
			return true
		case (t.wait == waitRetry || t.wait == waitEvent) && t.retryReady != nil && t.retryReady():
			return true
		}
	}
	return false
}

// wakeDue ends the waits whose deadline has passed and those a signal interrupts.
func (l *Linux) wakeDue(h *Hart) {
	now := l.now(h)
	for _, t := range l.thr.all {
		if t.wait == runnable {
			continue
		}
		if t.wait == waitEvent {
			switch {
			case t.sig.pending&^t.sig.blocked != 0:
				// The handler's frame takes the mask the wait replaced (suspendOld).
				l.resumeAfterCall(t, -eINTR)
			case t.retryReady != nil && t.retryReady():
				t.sig.endSuspend()
				t.wait, t.deadline, t.retryReady, t.rewound, t.onTimeout = runnable, 0, nil, false, nil
			case t.deadline != 0 && now >= t.deadline:
				t.sig.endSuspend()
				if t.onTimeout != nil {
					t.onTimeout()
				}
				l.resumeAfterCall(t, t.timedOut)
			}
			continue
		}
		if t.wait == waitRetry {
			// A signal it takes runs its handler first; the call then runs again, as with
			// SA_RESTART.
			if t.retryReady() || t.sig.pending&^t.sig.blocked != 0 {
				t.wait, t.retryReady = runnable, nil // its registers still hold the call
			}
			continue
		}
		if t.wait == waitPoll {
			if n := l.epollCollect(h, t.pollSet, t.pollEvents, t.pollMax); n != 0 {
				l.wake(t, n)
				continue
			}
		}
		if t.deadline != 0 && now >= t.deadline {
			l.wake(t, t.timedOut)
		} else if t.sig.pending&^t.sig.blocked != 0 {
			l.wake(t, -eINTR)
		}
	}
}

// fireTimersThreaded fires due timers while schedule has the running thread's state saved
// in its context (l.sig still holds the same): their signals go to a thread that takes
// them, and what reaches the running one goes into its saved state too.
func (l *Linux) fireTimersThreaded(h *Hart) {
	cur := l.thr.all[l.thr.cur]
	l.fireTimers(h)
	cur.sig.pending, cur.sig.info = l.sig.pending, l.sig.info
}

// preempt, from Poll, lets the next thread that can run have the hart when the running
// one's slice is over (schedule wakes the waits that have ended and may pick the same one).
func (l *Linux) preempt(h *Hart) bool {
	if h.Instret < l.thr.sliceEnd {
		return true
	}
	return l.schedule(h)
}

// untilPreempt is how many instructions the running thread has left of its slice (at least 1).
func (l *Linux) untilPreempt(h *Hart) uint64 {
	if h.Instret >= l.thr.sliceEnd {
		return 1
	}
	return l.thr.sliceEnd - h.Instret
}

// routeSignal finds the thread a signal sent to the process goes to: the running one unless
// it blocks sig and another does not. It returns nil for the running thread.
func (l *Linux) routeSignal(sig uint64) *thread {
	if !l.threaded() || l.sig.blocked&sigBit(sig) == 0 {
		return nil
	}
	for i, t := range l.thr.all {
		if i != l.thr.cur && t.sig.blocked&sigBit(sig) == 0 {
			return t
		}
	}
	return nil
}

// threadExit ends the running thread (exit, not exit_group) when another lives: it clears
// its clear-tid word, wakes a waiter there, and schedules the next thread; ret is what the
// system call leaves in a0 (the next thread's own). The last thread's exit is the process's.
func (l *Linux) threadExit(h *Hart) (ret int64, ok bool) {
	t := l.thr.all[l.thr.cur]
	if t.clearTid != 0 {
		var zero [4]byte
		if l.put(h, t.clearTid, zero[:]) {
			l.futexWake(t.clearTid, 1, ^uint32(0))
		}
	}
	l.thr.all = append(l.thr.all[:l.thr.cur], l.thr.all[l.thr.cur+1:]...)
	l.thr.switches++
	if l.thr.only == t {
		l.thr.only = nil
	}
	// The thread before it in turn takes the hart, so that schedule (which saves the hart
	// into the running thread) starts from a live thread's state and goes on in turn.
	l.thr.cur = (l.thr.cur + len(l.thr.all) - 1) % len(l.thr.all)
	l.loadContext(h, l.thr.all[l.thr.cur])
	if !l.schedule(h) {
		return 0, false
	}
	return int64(h.X[10]), true
}

// futexWake wakes up to n threads waiting on addr whose mask meets mask; it returns how
// many it woke.
func (l *Linux) futexWake(addr uint64, n uint64, mask uint32) int64 {
	woke := int64(0)
	for _, t := range l.thr.all {
		if uint64(woke) >= n {
			break
		}
		if t.wait == waitFutex && t.futexAddr == addr && t.futexMask&mask != 0 {
			l.wake(t, 0)
			woke++
		}
	}
	return woke
}

// threadByTid finds a live thread; nil when tid is not one of the process's.
func (l *Linux) threadByTid(tid int64) *thread {
	for _, t := range l.thr.all {
		if t.tid == tid {
			return t
		}
	}
	return nil
}

// setTidAddress is set_tid_address: the word the running thread's exit clears.
func (l *Linux) setTidAddress(addr uint64) int64 {
	if len(l.thr.all) == 0 {
		l.thr.clearTid = addr
	} else {
		l.thr.all[l.thr.cur].clearTid = addr
	}
	return l.tid()
}

// tkill sends sig to the thread tid (tkill, tgkill): the running one takes it as kill
// does; another has it pending, and a wait of its own ends (EINTR) if it does not block it.
func (l *Linux) tkill(h *Hart, tid int64, sig uint64) int64 {
	if tid == l.tid() {
		return l.kill(h, sig, l.pid)
	}
	t := l.threadByTid(tid)
	if t == nil {
		return -eSRCH
	}
	if sig == 0 {
		return 0
	}
	if sig > numSignals {
		return -eINVAL
	}
	a := l.sig.actions[sig]
	if a.handler == sigIgn || a.handler == sigDfl && !defaultTerminates(sig) {
		return 0
	}
	var info [128]byte
	binary.LittleEndian.PutUint32(info[0:], uint32(sig))
	binary.LittleEndian.PutUint32(info[8:], 0xfffffffa) // SI_TKILL
	binary.LittleEndian.PutUint32(info[16:], uint32(l.pid))
	t.sig.pending |= sigBit(sig)
	t.sig.info[sig] = info
	return 0
}

// futex is wait, wake and requeue. Among threads a wait blocks the thread until a wake, its
// timeout or a signal. With one thread nothing else can change the word: a timed wait lets
// the clock run to its timeout (or to a timer whose signal ends it: EINTR), and an untimed
// one returns EAGAIN at once, so that the guest rechecks, rather than stop the run.
func (l *Linux) futex(h *Hart, a [6]uint64) (int64, bool) {
	ret := l.futexOp(h, a[1]&0x7f, a)
	if ret != futexSleep {
		return ret, true
	}
	t := l.thr.all[l.thr.cur]
	if l.threaded() {
		l.block(waitFutex, t.deadline, -eTIMEDOUT)
		return 0, true
	}
	deadline := t.deadline
	t.deadline = 0
	if deadline == 0 {
		return -eAGAIN, true
	}
	signalled, ok := l.waitForSignal(h, "futex", deadline)
	if !ok {
		return 0, false
	}
	if signalled {
		return -eINTR, true
	}
	return -eTIMEDOUT, true
}

// futexSleep is futexOp's answer for a wait that must sleep (the thread's futexAddr,
// futexMask and deadline set), never an errno.
const futexSleep = 1 << 40

// futexOp is one futex operation (op without its FUTEX_PRIVATE_FLAG and
// FUTEX_CLOCK_REALTIME bits).
func (l *Linux) futexOp(h *Hart, op uint64, a [6]uint64) int64 {
	const (
		futexWait, futexWake, futexRequeue, futexCmpRequeue = 0, 1, 3, 4
		futexWaitBitset, futexWakeBitset                    = 9, 10
		futexClockRealtime                                  = 256
	)
	switch op {
	case futexWait, futexWaitBitset:
		mask := ^uint32(0)
		if op == futexWaitBitset {
			if mask = uint32(a[5]); mask == 0 {
				return -eINVAL
			}
		}
		var b [4]byte
		if a[0]&3 != 0 {
			return -eINVAL
		}
		if !h.Mem.CheckAccess(a[0], 4, PermR) || h.Mem.Read(a[0], b[:]) != nil {
			return -eFAULT
		}
		if binary.LittleEndian.Uint32(b[:]) != uint32(a[2]) {
			return -eAGAIN
		}
		var deadline uint64
		if a[3] != 0 {
			d, ok := l.readTimespec(h, a[3])
			if !ok {
				return -eFAULT
			}
			if d == ^uint64(0) {
				return -eINVAL
			}
			now := l.now(h)
			switch {
			case op == futexWait:
				deadline = now + d
			case a[1]&futexClockRealtime != 0:
				deadline = max(d-min(d, l.realBase), 1)
			default:
				deadline = max(d, 1)
			}
			if deadline <= now {
				return -eTIMEDOUT
			}
		}
		t := l.firstThread()
		t.futexAddr, t.futexMask, t.deadline = a[0], mask, deadline
		return futexSleep
	case futexWake, futexWakeBitset:
		mask := ^uint32(0)
		if op == futexWakeBitset {
			if mask = uint32(a[5]); mask == 0 {
				return -eINVAL
			}
		}
		return l.futexWake(a[0], uint64(uint32(a[2])), mask)
	case futexRequeue, futexCmpRequeue:
		if op == futexCmpRequeue {
			var b [4]byte
			if !h.Mem.CheckAccess(a[0], 4, PermR) || h.Mem.Read(a[0], b[:]) != nil {
				return -eFAULT
			}
			if binary.LittleEndian.Uint32(b[:]) != uint32(a[5]) {
				return -eAGAIN
			}
		}
		n := l.futexWake(a[0], uint64(uint32(a[2])), ^uint32(0))
		moved := uint64(0)
		for _, t := range l.thr.all {
			if moved >= uint64(uint32(a[3])) {
				break
			}
			if t.wait == waitFutex && t.futexAddr == a[0] {
				t.futexAddr = a[4]
				moved++
			}
		}
		return n + int64(moved)
	}
	return -eNOSYS
}

// pipeWouldBlock reports whether a read (or write) of fd, a pipe in blocking mode, must
// wait for another thread: the pipe is empty with a writer (full with a reader). The
// thread then waits, its pc back on the ecall so that the call runs again when the pipe
// can take it.
func (l *Linux) pipeWouldBlock(h *Hart, fd uint64, write bool) bool {
	if !l.threaded() {
		return false
	}
	f, errno := l.fileFor(fd)
	if errno != 0 || f.pipe == nil || f.flags&oNonblock != 0 {
		return false
	}
	p := f.pipe
	var ready func() bool
	switch {
	case !write && f.kind == kindPipeRead && len(p.data) == 0 && p.writers > 0:
		ready = func() bool { return len(p.data) > 0 || p.writers == 0 }
	case write && f.kind == kindPipeWrite && len(p.data) >= pipeMax && p.readers > 0:
		ready = func() bool { return len(p.data) < pipeMax || p.readers == 0 }
	default:
		return false
	}
	l.retryWhen(h, ready, 0)
	return true
}

// retryWhen makes the running thread's system call wait among the others and run again
// from its ecall once ready says it can go on; deadline (0: none) is when the clock may
// move to if every thread waits (a timer's expiry that makes it ready).
func (l *Linux) retryWhen(h *Hart, ready func() bool, deadline uint64) {
	l.thr.all[l.thr.cur].retryReady = ready
	h.PC -= 4
	l.block(waitRetry, deadline, 0)
}

// blockEvent makes the running thread of a poll, select or sigsuspend wait among the others
// until ready (nil: never) turns true, when the call runs again from its ecall; until
// deadline (0: none), when it returns 0 (or what the caller puts in timedOut after); or
// until a signal it lets through, -EINTR. The caller has written the call's results for
// "nothing ready".
func (l *Linux) blockEvent(h *Hart, ready func() bool, deadline uint64) {
	t := l.thr.all[l.thr.cur]
	t.retryReady, t.rewound = ready, ready != nil
	if ready != nil {
		h.PC -= 4
	}
	l.block(waitEvent, deadline, 0)
}

// resumeAfterCall ends t's wait with ret, past the ecall.
func (l *Linux) resumeAfterCall(t *thread, ret int64) {
	if t.rewound {
		t.pc += 4
	}
	t.retryReady, t.rewound, t.onTimeout = nil, false, nil
	l.wake(t, ret)
}

// endSuspend puts back the mask a wait replaced, in a thread's saved signal state.
func (ts *threadSignals) endSuspend() {
	if ts.suspended {
		ts.blocked, ts.suspended = ts.suspendOld, false
	}
}

// The debugger's view of the threads (gdb's qfThreadInfo, Hg and g).

// ThreadIDs returns the ids of the live threads in the order they were made (the process
// id alone before the first clone).
func (l *Linux) ThreadIDs() []int64 {
	if len(l.thr.all) == 0 {
		return []int64{l.pid}
	}
	ids := make([]int64, len(l.thr.all))
	for i, t := range l.thr.all {
		ids[i] = t.tid
	}
	return ids
}

// Pid returns the process id (the first thread's id).
func (l *Linux) Pid() int64 { return l.pid }

// Tid returns the id of the thread running on the hart.
func (l *Linux) Tid() int64 { return l.tid() }

// ThreadHart returns a copy of h holding the registers of thread tid, which is waiting or
// runnable but not running, for a debugger to read and change (SetThreadHart stores the
// changes); ok is false for the running thread and for an id that is no live thread.
func (l *Linux) ThreadHart(h *Hart, tid int64) (view *Hart, ok bool) {
	t := l.threadByTid(tid)
	if t == nil || t == l.thr.all[l.thr.cur] {
		return nil, false
	}
	v := new(Hart)
	*v = *h
	copy(v.X[:32], t.x[:])
	v.X[0] = 0
	v.F, v.PC, v.frm, v.fflags = t.f, t.pc, t.frm, t.fflags
	if h.V != nil && t.v != nil {
		vc := *h.V
		vc.Reg = make([]byte, len(h.V.Reg))
		t.v.restore(&vc)
		v.V = &vc
	}
	return v, true
}

// SetThreadHart stores into thread tid the registers of view, a copy ThreadHart made.
func (l *Linux) SetThreadHart(tid int64, view *Hart) bool {
	t := l.threadByTid(tid)
	if t == nil || t == l.thr.all[l.thr.cur] {
		return false
	}
	copy(t.x[:], view.X[:32])
	t.f, t.pc, t.frm, t.fflags = view.F, view.PC, view.frm, view.fflags
	if view.V != nil && t.v != nil {
		t.v.save(view.V)
	}
	return true
}

// SwitchThread gives the hart to thread tid, for a debugger that steps or resumes a thread
// it selected (gdb's vCont;s:TID, or Hc then s): the running thread's state is saved and
// tid's loaded, as the scheduler does, and hist (if not nil) marks the switch as a point
// reverse execution stops at. It reports false, changing nothing, when tid is no live thread
// or waits (in a futex, a sleep, a blocking call): it cannot run before what it waits for
// happens. Switching to the running thread does nothing.
func (l *Linux) SwitchThread(h *Hart, tid int64, hist *History) bool {
	t := l.threadByTid(tid)
	if t == nil {
		return len(l.thr.all) == 0 && tid == l.pid
	}
	cur := l.thr.all[l.thr.cur]
	if t == cur {
		return true
	}
	if t.wait != runnable {
		return false
	}
	l.saveContext(h, cur)
	for i, u := range l.thr.all {
		if u == t {
			l.thr.cur = i
		}
	}
	l.loadContext(h, t)
	l.thr.switches++
	l.thr.sliceEnd = h.Instret + threadSlice
	if hist != nil {
		hist.barrierLast(threadSwitchBarrier)
	}
	return true
}

// Waiting reports whether thread tid is live and waits (so that it cannot take a step).
func (l *Linux) Waiting(tid int64) bool {
	t := l.threadByTid(tid)
	return t != nil && t.wait != runnable
}

// RunOnly makes thread tid the only one to run, as gdb asks with vCont;c:TID when it steps
// a thread over a breakpoint it has taken out (the other threads must not pass it
// meanwhile), until RunAll. It gives tid the hart (SwitchThread) and reports false,
// changing nothing, when it cannot: tid waits or is no live thread. Should tid come to wait
// while it runs alone, the others run until it can again: a debugger's lock does not
// deadlock the program.
func (l *Linux) RunOnly(h *Hart, tid int64, hist *History) bool {
	if !l.SwitchThread(h, tid, hist) {
		return false
	}
	l.thr.only = l.threadByTid(tid) // nil before the first clone: there is no other
	return true
}

// RunAll ends RunOnly: every thread runs in turn again.
func (l *Linux) RunAll() { l.thr.only = nil }
