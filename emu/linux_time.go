package emu

import "encoding/binary"

// Time and timers run on the virtual clock (now): interval timers, POSIX timers and sleeps
// are measured on it, and a sleep advances it instead of waiting.

// timerPoll is how many instructions run between checks of the armed timers: a due timer's
// signal comes at most this late (16384: 8 µs of a 2 GHz core at one instruction a cycle).
// It is the observation buffer's size, since each check hands the model a batch, and
// shorter batches slowed --core while timers were armed (openssl speed: 9% at 4096).
const timerPoll = recSize

type guestTimer struct {
	used     bool
	clock    uint64
	due      uint64 // virtual ns (0: disarmed)
	interval uint64
	sig      uint64
	value    uint64 // sigev_value, for si_value
	overrun  int
}

type timerState struct {
	slept  uint64         // virtual ns sleeps added to the clock
	real   guestTimer     // ITIMER_REAL
	timers [32]guestTimer // timer_create's, by id
}

// now is the virtual monotonic clock in ns: one nanosecond per instruction retired (or the
// cost model's cycles when one is attached) plus the time the guest slept.
func (l *Linux) now(h *Hart) uint64 { return h.TimeNanos() + l.tm.slept }

func (l *Linux) clock(h *Hart, id uint64) int64 {
	v := int64(l.now(h))
	switch id {
	case 0, 8, 5: // CLOCK_REALTIME, CLOCK_REALTIME_ALARM, CLOCK_REALTIME_COARSE
		return int64(l.realBase) + v
	case 1, 4, 6, 7, 9: // MONOTONIC, MONOTONIC_RAW, MONOTONIC_COARSE, BOOTTIME, BOOTTIME_ALARM
		return v
	case 2, 3: // PROCESS_CPUTIME, THREAD_CPUTIME: sleeping uses no CPU
		return int64(h.TimeNanos())
	}
	return -1
}

// TimersArmed says whether a timer may fire: the run then checks every timerPoll
// instructions.
func (l *Linux) TimersArmed() bool {
	if l.tm.real.due != 0 {
		return true
	}
	for i := range l.tm.timers {
		if l.tm.timers[i].due != 0 {
			return true
		}
	}
	return false
}

// Poll fires due timers and delivers pending signals; false means the run must stop. The
// timers are the ones due at timerNanos, which under a cost model fed in batches lags the
// clock by a batch or two, and does not wait for the model to catch up.
func (l *Linux) Poll(h *Hart) bool {
	l.fireTimersAt(h.timerNanos() + l.tm.slept)
	if l.threaded() && !l.preempt(h) {
		return false
	}
	return l.deliverPending(h)
}

func (l *Linux) fireTimers(h *Hart) { l.fireTimersAt(l.now(h)) }

// fireTimersAt fires the timers due at now (virtual ns).
func (l *Linux) fireTimersAt(now uint64) {
	fire := func(t *guestTimer, info [128]byte) {
		if t.due == 0 || now < t.due {
			return
		}
		if t.interval != 0 {
			missed := (now - t.due) / t.interval
			t.overrun = int(min(missed, 1<<30))
			t.due += (missed + 1) * t.interval
		} else {
			t.due = 0
		}
		l.post(t.sig, info)
	}
	var info [128]byte
	binary.LittleEndian.PutUint32(info[8:], siKernel)
	fire(&l.tm.real, info)
	for id := range l.tm.timers {
		t := &l.tm.timers[id]
		if !t.used || t.due == 0 {
			continue
		}
		var ti [128]byte
		binary.LittleEndian.PutUint32(ti[8:], uint32(0xfffffffe) /* SI_TIMER */)
		binary.LittleEndian.PutUint32(ti[16:], uint32(id))
		binary.LittleEndian.PutUint64(ti[24:], t.value)
		fire(t, ti)
	}
}

func (l *Linux) readTimespec(h *Hart, addr uint64) (uint64, bool) {
	var b [16]byte
	if !h.Mem.CheckAccess(addr, 16, PermR) || h.Mem.Read(addr, b[:]) != nil {
		return 0, false
	}
	sec, nsec := int64(binary.LittleEndian.Uint64(b[:])), int64(binary.LittleEndian.Uint64(b[8:]))
	if sec < 0 || nsec < 0 || nsec >= 1e9 {
		return ^uint64(0), true
	}
	if sec > 1<<33 {
		sec = 1 << 33
	}
	return uint64(sec)*1e9 + uint64(nsec), true
}

// nanosleep advances the virtual clock by the requested time (to it, with TIMER_ABSTIME),
// stopping early at a timer that is due before, as a signal interrupts a sleep.
func (l *Linux) nanosleep(h *Hart, clock, flags, req, rem uint64) int64 {
	d, ok := l.readTimespec(h, req)
	if !ok {
		return -eFAULT
	}
	if d == ^uint64(0) {
		return -eINVAL
	}
	c := l.clock(h, clock)
	if c < 0 {
		return -eINVAL
	}
	if flags&1 != 0 { // TIMER_ABSTIME
		if d <= uint64(c) {
			return 0
		}
		d -= uint64(c)
	}
	now := l.now(h)
	wake := now + d
	if l.threaded() {
		// The thread waits while the others run; the clock moves on its own only when
		// every thread waits. A signal ends the sleep early (EINTR, rem not written).
		if d != 0 {
			l.block(waitSleep, wake, 0)
		} else {
			l.thr.resched = true
		}
		return 0
	}
	// The other processes that can go on run first (a background job's sleep lets the shell
	// go on, as on Linux), and those that wake earlier.
	if l.sleepAmongOthers(wake); l.interrupted() {
		// Another process signalled it while it slept (its clock at the wake-up).
		if rem != 0 && flags&1 == 0 {
			l.putTimespec(h, rem, int64(wake-min(wake, l.now(h))), false)
		}
		return -eINTR
	}
	if next := l.nextDue(); next != 0 && next < wake && l.handlesTimers() {
		l.tm.slept += max(next, now) - now
		l.fireTimers(h)
		if rem != 0 && flags&1 == 0 {
			l.putTimespec(h, rem, int64(wake-l.now(h)), false)
		}
		return -eINTR
	}
	l.tm.slept += d
	return 0
}

func (l *Linux) nextDue() uint64 {
	next := l.tm.real.due
	for i := range l.tm.timers {
		if d := l.tm.timers[i].due; d != 0 && (next == 0 || d < next) {
			next = d
		}
	}
	return next
}

// handlesTimers: a due timer's signal would interrupt a sleep (it is not ignored).
func (l *Linux) handlesTimers() bool { return true }

// readTimeval reads a struct timeval of two XLEN-sized longs (RV32's setitimer keeps the
// 32-bit one).
func (l *Linux) readTimeval(h *Hart, addr uint64) (uint64, bool) {
	var b [16]byte
	w := uint64(h.ISA.XLEN / 8)
	if !h.Mem.CheckAccess(addr, 2*w, PermR) || h.Mem.Read(addr, b[:2*w]) != nil {
		return 0, false
	}
	sec, usec := int64(binary.LittleEndian.Uint64(b[:])), int64(binary.LittleEndian.Uint64(b[8:]))
	if w == 4 {
		sec, usec = int64(int32(binary.LittleEndian.Uint32(b[:]))), int64(int32(binary.LittleEndian.Uint32(b[4:])))
	}
	if sec < 0 || usec < 0 || usec >= 1e6 {
		return ^uint64(0), true
	}
	return uint64(min(sec, 1<<33))*1e9 + uint64(usec)*1000, true
}

func (l *Linux) putItimer(h *Hart, addr, interval, value uint64) bool {
	var b [32]byte
	w := uint64(h.ISA.XLEN / 8)
	putWords(b[:], w, interval/1e9, interval%1e9/1000, value/1e9, value%1e9/1000)
	return l.put(h, addr, b[:4*w])
}

func (l *Linux) remaining(h *Hart, t *guestTimer) uint64 {
	if t.due == 0 {
		return 0
	}
	now := l.now(h)
	if t.due <= now {
		return 1000 // due: at least a microsecond, as Linux reports
	}
	return t.due - now
}

func (l *Linux) setitimer(h *Hart, which, newp, oldp uint64) int64 {
	if which != 0 {
		if which > 2 {
			return -eINVAL
		}
		return -eNOSYS // ITIMER_VIRTUAL and ITIMER_PROF are not emulated
	}
	t := &l.tm.real
	if oldp != 0 && !l.putItimer(h, oldp, t.interval, l.remaining(h, t)) {
		return -eFAULT
	}
	if newp == 0 {
		return 0
	}
	interval, ok1 := l.readTimeval(h, newp)
	value, ok2 := l.readTimeval(h, newp+uint64(h.ISA.XLEN/4))
	if !ok1 || !ok2 {
		return -eFAULT
	}
	if interval == ^uint64(0) || value == ^uint64(0) {
		return -eINVAL
	}
	t.sig, t.interval, t.due = SIGALRM, interval, 0
	if value != 0 {
		t.due = l.now(h) + value
		h.yield = true // Run polls the timer from now on
	}
	return 0
}

func (l *Linux) getitimer(h *Hart, which, addr uint64) int64 {
	if which != 0 {
		if which > 2 {
			return -eINVAL
		}
		return -eNOSYS
	}
	if !l.putItimer(h, addr, l.tm.real.interval, l.remaining(h, &l.tm.real)) {
		return -eFAULT
	}
	return 0
}

func (l *Linux) timerByID(id uint64) *guestTimer {
	if id >= uint64(len(l.tm.timers)) || !l.tm.timers[id].used {
		return nil
	}
	return &l.tm.timers[id]
}

// timerCreate supports CLOCK_REALTIME and CLOCK_MONOTONIC timers that signal (SIGEV_SIGNAL,
// or no sigevent: SIGALRM) or do nothing (SIGEV_NONE).
func (l *Linux) timerCreate(h *Hart, clock, sevp, idp uint64) int64 {
	if clock != 0 && clock != 1 {
		return -eINVAL
	}
	sig, value := uint64(SIGALRM), uint64(0)
	if sevp != 0 {
		// struct sigevent: sigev_value (a pointer-sized union), sigev_signo (4),
		// sigev_notify (4).
		var b [16]byte
		w := uint64(h.ISA.XLEN / 8)
		if !h.Mem.CheckAccess(sevp, w+8, PermR) || h.Mem.Read(sevp, b[:w+8]) != nil {
			return -eFAULT
		}
		value = getWord(b[0:], w)
		sig = uint64(binary.LittleEndian.Uint32(b[w:]))
		switch binary.LittleEndian.Uint32(b[w+4:]) {
		case 0: // SIGEV_SIGNAL
			if sig < 1 || sig > numSignals {
				return -eINVAL
			}
		case 1: // SIGEV_NONE
			sig = 0
		default:
			return -eINVAL // threads (SIGEV_THREAD_ID) are not emulated
		}
	}
	for id := range l.tm.timers {
		t := &l.tm.timers[id]
		if !t.used {
			*t = guestTimer{used: true, clock: clock, sig: sig, value: value}
			var b [4]byte
			binary.LittleEndian.PutUint32(b[:], uint32(id))
			if !l.put(h, idp, b[:]) {
				t.used = false
				return -eFAULT
			}
			return 0
		}
	}
	return -eAGAIN
}

func (l *Linux) putItimerspec(h *Hart, addr, interval, value uint64) bool {
	var b [32]byte
	binary.LittleEndian.PutUint64(b[0:], interval/1e9)
	binary.LittleEndian.PutUint64(b[8:], interval%1e9)
	binary.LittleEndian.PutUint64(b[16:], value/1e9)
	binary.LittleEndian.PutUint64(b[24:], value%1e9)
	return l.put(h, addr, b[:])
}

func (l *Linux) timerSettime(h *Hart, id, flags, newp, oldp uint64) int64 {
	t := l.timerByID(id)
	if t == nil {
		return -eINVAL
	}
	if oldp != 0 && !l.putItimerspec(h, oldp, t.interval, l.remaining(h, t)) {
		return -eFAULT
	}
	interval, ok1 := l.readTimespec(h, newp)
	value, ok2 := l.readTimespec(h, newp+16)
	if !ok1 || !ok2 {
		return -eFAULT
	}
	if interval == ^uint64(0) || value == ^uint64(0) {
		return -eINVAL
	}
	t.interval, t.due = interval, 0
	if value != 0 {
		if flags&1 != 0 { // TIMER_ABSTIME on the timer's clock
			c := uint64(l.clock(h, t.clock))
			if value <= c {
				value = 1
			} else {
				value -= c
			}
		}
		t.due = l.now(h) + value
		h.yield = true
	}
	if t.sig == 0 {
		t.due = 0 // SIGEV_NONE: nothing to deliver
	}
	return 0
}

func (l *Linux) timerGettime(h *Hart, id, addr uint64) int64 {
	t := l.timerByID(id)
	if t == nil {
		return -eINVAL
	}
	if !l.putItimerspec(h, addr, t.interval, l.remaining(h, t)) {
		return -eFAULT
	}
	return 0
}

func (l *Linux) timerDelete(id uint64) int64 {
	t := l.timerByID(id)
	if t == nil {
		return -eINVAL
	}
	*t = guestTimer{}
	return 0
}

// times reports the CPU time in clock ticks (AT_CLKTCK = 100): user time is the virtual
// time the guest ran. struct tms is four clock_t (C longs).
func (l *Linux) times(h *Hart, addr uint64) int64 {
	ticks := h.TimeNanos() / 1e7
	if addr != 0 {
		b := make([]byte, 4*h.ISA.XLEN/8)
		putWords(b, uint64(h.ISA.XLEN/8), ticks)
		if !l.put(h, addr, b) {
			return -eFAULT
		}
	}
	return int64(l.now(h) / 1e7)
}

// getrusage reports the virtual time the guest ran as its user time. struct rusage is two
// timevals (two longs each) and 14 longs: 18 longs.
func (l *Linux) getrusage(h *Hart, who, addr uint64) int64 {
	if who != 0 && who != ^uint64(0) && who != 1 { // SELF, CHILDREN, THREAD
		return -eINVAL
	}
	b := make([]byte, 18*h.ISA.XLEN/8)
	if who != ^uint64(0) {
		ns := h.TimeNanos()
		// ru_utime, ru_stime (0), ru_maxrss in KiB
		putWords(b, uint64(h.ISA.XLEN/8), ns/1e9, ns%1e9/1000, 0, 0, h.Mem.Touched()/1024)
	}
	if !l.put(h, addr, b) {
		return -eFAULT
	}
	return 0
}
