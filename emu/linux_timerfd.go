package emu

import "encoding/binary"

// timerfd_create, timerfd_settime and timerfd_gettime: a descriptor whose read returns how
// many times its timer expired, on the virtual clock the other timers use. A blocking read
// of one that has not expired waits for it: with one thread the clock moves to the expiry,
// as a sleep does; with threads the reader waits while the others run. poll, select and
// epoll see it readable once it has expired, and a wait for it ends then.

type timerFD struct {
	realtime bool   // CLOCK_REALTIME: an absolute time is on the real-time clock
	due      uint64 // virtual ns of the next expiry (0: disarmed)
	interval uint64 // ns between expiries (0: once)
}

const (
	sysTimerfdCreate  = 85
	sysTimerfdSettime = 86
	sysTimerfdGettime = 87
)

// expirations is how many times t has expired by now and not been read.
func (t *timerFD) expirations(now uint64) uint64 {
	if t.due == 0 || now < t.due {
		return 0
	}
	if t.interval == 0 {
		return 1
	}
	return 1 + (now-t.due)/t.interval
}

func (l *Linux) timerfdCreate(clock, flags uint64) int64 {
	const tfdCloexec = 0o2000000
	if flags&^(oNonblock|tfdCloexec) != 0 {
		return -eINVAL
	}
	switch clock {
	case 0, 1, 7: // CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME
	default:
		return -eINVAL
	}
	f := &guestFile{kind: kindTimerfd, flags: flags & oNonblock, timer: &timerFD{realtime: clock == 0}}
	return l.newFD(f, 0, flags&tfdCloexec != 0)
}

func (l *Linux) timerfdOf(fd uint64) (*timerFD, int64) {
	f, errno := l.fileFor(fd)
	if errno != 0 {
		return nil, -int64(errno)
	}
	if f.kind != kindTimerfd {
		return nil, -eINVAL
	}
	return f.timer, 0
}

// setting is t's interval and the time left to its next expiry (0: disarmed), for
// timerfd_gettime and the old value timerfd_settime gives.
func (l *Linux) setting(h *Hart, t *timerFD) (interval, left uint64) {
	if now := l.now(h); t.due > now {
		left = t.due - now
	} else if t.due != 0 && t.interval != 0 {
		left = t.interval - (now-t.due)%t.interval
	}
	return t.interval, left
}

func (l *Linux) timerfdSettime(h *Hart, fd, flags, newAddr, oldAddr uint64) int64 {
	t, e := l.timerfdOf(fd)
	if t == nil {
		return e
	}
	const tfdAbstime, tfdCancelOnSet = 1, 2
	if flags&^(tfdAbstime|tfdCancelOnSet) != 0 {
		return -eINVAL
	}
	interval, ok := l.readTimespec(h, newAddr)
	if !ok {
		return -eFAULT
	}
	value, ok := l.readTimespec(h, newAddr+16)
	if !ok {
		return -eFAULT
	}
	if interval == ^uint64(0) || value == ^uint64(0) {
		return -eINVAL
	}
	if iv, left := l.setting(h, t); oldAddr != 0 && !l.putItimerspec(h, oldAddr, iv, left) {
		return -eFAULT
	}
	now := l.now(h)
	switch {
	case value == 0:
		t.due, t.interval = 0, 0
		return 0
	case flags&tfdAbstime != 0:
		if t.realtime {
			value = max(value, l.realBase) - l.realBase
		}
		t.due = max(value, 1) // at or before now: expired at once
	default:
		t.due = now + value
	}
	t.interval = interval
	return 0
}

func (l *Linux) timerfdGettime(h *Hart, fd, cur uint64) int64 {
	t, e := l.timerfdOf(fd)
	if t == nil {
		return e
	}
	if iv, left := l.setting(h, t); !l.putItimerspec(h, cur, iv, left) {
		return -eFAULT
	}
	return 0
}

// readTimerfd returns the expirations as a uint64 and rearms (or disarms) the timer. With
// none yet, a nonblocking read fails with EAGAIN, a disarmed timer's blocking read would
// wait for ever (it stops the run, as other endless waits do), and an armed one's waits:
// the clock moves to the expiry (timers due before it fire first, and a signal they
// deliver interrupts the read).
func (l *Linux) readTimerfd(h *Hart, f *guestFile, addr, n uint64) (int64, bool) {
	if n < 8 {
		return -eINVAL, true
	}
	t := f.timer
	now := l.now(h)
	k := t.expirations(now)
	if k == 0 {
		if f.flags&oNonblock != 0 {
			return -eAGAIN, true
		}
		if t.due == 0 {
			h.stop = Stop{Reason: StopSignal, Signal: SIGKILL, PC: h.PC,
				Msg: "read of a disarmed timerfd waits forever (one thread, no other process)"}
			return 0, false
		}
		if signalled, ok := l.waitForSignal(h, "timerfd read", t.due); !ok {
			return 0, false
		} else if signalled {
			return -eINTR, true
		}
		now = l.now(h)
		if k = t.expirations(now); k == 0 {
			return -eINTR, true
		}
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], k)
	if !l.put(h, addr, b[:]) {
		return -eFAULT, true
	}
	if t.interval == 0 {
		t.due = 0
	} else {
		t.due += k * t.interval
	}
	return 8, true
}

// timerfdWouldBlock is pipeWouldBlock for a timerfd: with threads, a blocking read of one
// that has not expired makes the reader wait (until the expiry, when the clock moves there
// if every thread waits) and the read run again.
func (l *Linux) timerfdWouldBlock(h *Hart, fd uint64) bool {
	if !l.threaded() {
		return false
	}
	f, errno := l.fileFor(fd)
	if errno != 0 || f.kind != kindTimerfd || f.flags&oNonblock != 0 || f.timer.due == 0 ||
		f.timer.expirations(l.now(h)) != 0 {
		return false
	}
	t := f.timer
	l.retryWhen(h, func() bool { return t.expirations(l.now(h)) != 0 }, t.due)
	return true
}

// timerfdDue is the first expiry of the armed timerfds among fds (0: none), for a wait on
// them to end then.
func (l *Linux) timerfdDue(fds []int64) uint64 {
	var due uint64
	for _, fd := range fds {
		if fd < 0 {
			continue
		}
		if f, errno := l.fileFor(uint64(fd)); errno == 0 && f.kind == kindTimerfd && f.timer.due != 0 {
			if due == 0 || f.timer.due < due {
				due = f.timer.due
			}
		}
	}
	return due
}

// openFDs lists the open descriptors.
func (l *Linux) openFDs() []int64 {
	var fds []int64
	for fd, e := range l.fds {
		if e != nil {
			fds = append(fds, int64(fd))
		}
	}
	return fds
}
