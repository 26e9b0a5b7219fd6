package emu

import "encoding/binary"

// epoll (epoll_create1, epoll_ctl, epoll_pwait) and eventfd2: what the Go runtime's poller
// needs for its timers and what event loops build on. An epoll set reports the readiness
// poll would (readiness); a descriptor registered edge-triggered is reported again only when
// it gains an event it did not have at its last report. A wait that finds nothing ready
// blocks the thread while others run (rechecked whenever the scheduler looks for one to
// run), or with one thread waits as ppoll does: for a timer's signal or the timeout.

const (
	sysEventfd2    = 19
	sysEpollCreat  = 20
	sysEpollCtl    = 21
	sysEpollPwait  = 22
	sysEpollPwait2 = 441

	epollCtlAdd, epollCtlDel, epollCtlMod = 1, 2, 3
	epollET                               = 1 << 31
	epollOneshot                          = 1 << 30
	epollRdhup                            = 0x2000

	// maxEpollEvents bounds one wait's maxevents, as the kernel's INT_MAX/sizeof does
	// (far lower: the guest's buffer is read and written whole).
	maxEpollEvents = 1 << 16
)

type epollSet struct {
	regs []epollReg
}

type epollReg struct {
	fd       int64
	f        *guestFile // the description registered: a closed and reused fd is not it
	events   uint32
	data     uint64
	reported uint32 // edge-triggered: the events at the last report
}

type eventCounter struct {
	count     uint64
	semaphore bool
}

func (l *Linux) epollCreate(flags uint64) int64 {
	if flags&^oCloexec != 0 {
		return -eINVAL
	}
	return l.newFD(&guestFile{kind: kindEpoll, epoll: &epollSet{}}, 0, flags&oCloexec != 0)
}

func (l *Linux) eventfd(initval, flags uint64) int64 {
	const efdSemaphore = 1
	if flags&^(oCloexec|oNonblock|efdSemaphore) != 0 {
		return -eINVAL
	}
	f := &guestFile{kind: kindEventfd, flags: 2 | flags&oNonblock, event: &eventCounter{count: uint64(uint32(initval)), semaphore: flags&efdSemaphore != 0}}
	return l.newFD(f, 0, flags&oCloexec != 0)
}

func (l *Linux) epollCtl(h *Hart, epfd, op, fd, evp uint64) int64 {
	ef, errno := l.fileFor(epfd)
	if errno != 0 {
		return -int64(errno)
	}
	f, errno := l.fileFor(fd)
	if errno != 0 {
		return -int64(errno)
	}
	if ef.kind != kindEpoll || fd == epfd {
		return -eINVAL
	}
	if f.kind == kindFile || f.kind == kindDir {
		return -ePERM // as Linux: a regular file is always ready, epoll refuses it
	}
	var events uint32
	var data uint64
	if op != epollCtlDel {
		var b [16]byte
		if !h.Mem.CheckAccess(evp, 16, PermR) || h.Mem.Read(evp, b[:]) != nil {
			return -eFAULT
		}
		events, data = binary.LittleEndian.Uint32(b[:]), binary.LittleEndian.Uint64(b[8:])
	}
	set := ef.epoll
	at := -1
	for i, r := range set.regs {
		if r.fd == int64(fd) && r.f == f {
			at = i
		}
	}
	switch op {
	case epollCtlAdd:
		if at >= 0 {
			return -eEXIST
		}
		if len(set.regs) >= maxFDs {
			return -eNOSPC
		}
		set.regs = append(set.regs, epollReg{fd: int64(fd), f: f, events: events, data: data})
	case epollCtlMod:
		if at < 0 {
			return -eNOENT
		}
		set.regs[at] = epollReg{fd: int64(fd), f: f, events: events, data: data}
	case epollCtlDel:
		if at < 0 {
			return -eNOENT
		}
		set.regs = append(set.regs[:at], set.regs[at+1:]...)
	default:
		return -eINVAL
	}
	return 0
}

// epollCollect writes up to max ready events of set to the guest at evp and returns how many.
func (l *Linux) epollCollect(h *Hart, set *epollSet, evp uint64, max int) int64 {
	n := 0
	var b [16]byte
	for i := range set.regs {
		if n == max {
			break
		}
		r := &set.regs[i]
		if f, errno := l.fileFor(uint64(r.fd)); errno != 0 || f != r.f {
			continue // closed: the kernel drops a description's registrations with it
		}
		want := uint64(r.events &^ (epollET | epollOneshot))
		ready := uint32(l.readiness(h, r.fd, want|epollRdhup))
		if r.f.kind == kindPipeRead && r.f.pipe.writers == 0 && want&epollRdhup != 0 {
			ready |= epollRdhup
		}
		if r.events&epollET != 0 {
			fresh := ready &^ r.reported
			r.reported = ready
			ready = fresh
		}
		if ready == 0 {
			continue
		}
		if r.events&epollOneshot != 0 {
			r.events = 0
		}
		binary.LittleEndian.PutUint32(b[:], ready)
		binary.LittleEndian.PutUint64(b[8:], r.data)
		if !l.put(h, evp+uint64(16*n), b[:]) {
			return -eFAULT
		}
		n++
	}
	return int64(n)
}

// epollPwait is epoll_pwait (timeout in ms, -1: none) and epoll_pwait2 (a timespec, NULL:
// none; tsp says which).
func (l *Linux) epollPwait(h *Hart, epfd, evp, maxev, timeout, mask, size uint64, tsp bool) (int64, bool) {
	ef, errno := l.fileFor(epfd)
	if errno != 0 {
		return -int64(errno), true
	}
	if ef.kind != kindEpoll || int64(int32(maxev)) <= 0 || maxev > maxEpollEvents {
		return -eINVAL, true
	}
	if !h.Mem.CheckAccess(evp, 16*maxev, PermW) {
		return -eFAULT, true
	}
	var limit uint64 // as waitLimit's: 0 none, 1 do not wait, else the virtual time it ends
	if tsp {
		var errno uint64
		if limit, errno = l.waitLimit(h, timeout, false); errno != 0 {
			return -int64(errno), true
		}
	} else if ms := int64(int32(timeout)); ms == 0 {
		limit = 1
	} else if ms > 0 {
		limit = l.now(h) + uint64(ms)*1e6
	}
	n := l.epollCollect(h, ef.epoll, evp, int(maxev))
	if n != 0 || limit == 1 {
		return n, true
	}
	if l.threaded() {
		t := l.thr.all[l.thr.cur]
		t.pollSet, t.pollEvents, t.pollMax = ef.epoll, evp, int(maxev)
		l.block(waitPoll, limit, 0)
		return 0, true
	}
	if mask != 0 {
		if errno := l.suspendMask(h, mask, size); errno != 0 {
			return -int64(errno), true
		}
	}
	fdl := make([]int64, len(ef.epoll.regs))
	for i, r := range ef.epoll.regs {
		fdl[i] = r.fd
	}
	if ret, again, ok := l.awaitTimedFDs(h, "epoll_wait", fdl, limit); again || !ok || ret != 0 {
		return ret, ok
	}
	ret, final, ok := l.awaitReady(h, "epoll_wait", 0, limit)
	if final {
		return ret, ok
	}
	return 0, true
}

func (l *Linux) readEventfd(h *Hart, f *guestFile, addr, n uint64) int64 {
	if n < 8 {
		return -eINVAL
	}
	e := f.event
	if e.count == 0 {
		return -eAGAIN // blocking or not: a wait here would need another thread to write
	}
	v := e.count
	if e.semaphore {
		v = 1
	}
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	if !l.put(h, addr, b[:]) {
		return -eFAULT
	}
	e.count -= v
	return 8
}

func (l *Linux) writeEventfd(h *Hart, f *guestFile, addr, n uint64) int64 {
	if n < 8 {
		return -eINVAL
	}
	var b [8]byte
	if !h.Mem.CheckAccess(addr, 8, PermR) || h.Mem.Read(addr, b[:]) != nil {
		return -eFAULT
	}
	v := binary.LittleEndian.Uint64(b[:])
	const maxCount = ^uint64(0) - 1
	if v > maxCount {
		return -eINVAL
	}
	if v > maxCount-f.event.count {
		return -eAGAIN
	}
	f.event.count += v
	return 8
}
