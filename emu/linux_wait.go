package emu

import (
	"encoding/binary"
	"slices"
)

// Waiting: rt_sigsuspend (glibc's sigsuspend and pause), ppoll (poll) and pselect6 (select).
// Other processes that can go on run first while one may send the signal (sigsuspend, pause)
// or make a descriptor ready (poll; linux_procs.go). Then, with one thread, only a timer can
// end a wait: the virtual clock moves to the next one due (as a sleep does), it fires, and a
// signal the wait lets through interrupts it. Descriptors are ready at once or never: a file, a device,
// the standard streams (a read of stdin waits on the host, as if the input arrived) and a
// pipe with data or without writers are ready; an empty pipe whose writer is still open
// never becomes ready. A wait that nothing can end stops the run with a one-line error
// instead of hanging. With threads, the waiting thread gives way to the others instead
// (blockEvent, linux_thread.go), which can make a descriptor ready or send the signal.

const (
	pollIn     = 0x1
	pollPri    = 0x2
	pollOut    = 0x4
	pollErr    = 0x8
	pollHup    = 0x10
	pollNval   = 0x20
	pollRdNorm = 0x40
	pollWrNorm = 0x100
)

// suspendMask installs mask (read from addr, size bytes) as the blocked set for the length
// of a wait and arranges that the handler a signal enters during it saves the mask before
// (so rt_sigreturn restores it) and that it is restored otherwise (endSuspend).
func (l *Linux) suspendMask(h *Hart, addr, size uint64) uint64 {
	if size != 8 {
		return eINVAL
	}
	var b [8]byte
	if !h.Mem.CheckAccess(addr, 8, PermR) || h.Mem.Read(addr, b[:]) != nil {
		return eFAULT
	}
	l.sig.suspendOld, l.sig.suspended = l.sig.blocked, true
	l.sig.blocked = binary.LittleEndian.Uint64(b[:]) &^ unblockable
	return 0
}

// endSuspend puts back the mask suspendMask replaced, unless a handler has taken it into
// its frame (deliverPending runs after the system call).
func (l *Linux) endSuspend() {
	if l.sig.suspended {
		l.sig.blocked, l.sig.suspended = l.sig.suspendOld, false
	}
}

// waitForSignal advances the virtual clock to the timers due until a signal the current mask
// lets through is pending, or until limit (virtual ns; 0: none). It returns true when a
// signal is pending, false at the limit; if nothing can end the wait, it stops the run
// (h.stop) and ok is false.
func (l *Linux) waitForSignal(h *Hart, what string, limit uint64) (signalled, ok bool) {
	return l.waitForSignalIn(h, what, 0, limit)
}

// waitForSignalIn is waitForSignal that also ends when a signal of set is pending, blocked
// or not (sigwait's and a signalfd's, which the program blocks).
func (l *Linux) waitForSignalIn(h *Hart, what string, set, limit uint64) (signalled, ok bool) {
	// A periodic timer whose signal the wait blocks fires forever without ending it (Linux
	// would wait forever too): after this many firings the wait is taken as endless.
	const maxFirings = 1 << 16
	for firings := 0; ; firings++ {
		if l.sig.pending&(set|^l.sig.blocked) != 0 {
			return true, true
		}
		// Another process may send one (a child that ends, SIGCHLD): it runs first.
		if l.waitOthers(func() bool { return l.sig.pending&(set|^l.sig.blocked) != 0 }) {
			continue
		}
		now := l.now(h)
		next := l.nextDue()
		if firings == maxFirings {
			next, limit = 0, 0
		}
		if next == 0 || limit != 0 && next > limit {
			if limit != 0 {
				if limit > now {
					l.tm.slept += limit - now
				}
				return false, true
			}
			h.stop = Stop{Reason: StopSignal, Signal: SIGKILL, PC: h.PC,
				Msg: what + " waits forever: no timer is armed and no signal can come (one thread, no other process)"}
			return false, false
		}
		if next > now {
			l.tm.slept += next - now
		}
		l.fireTimers(h)
	}
}

// rtSigsuspend waits, with the blocked set from mask, for a signal that set lets through;
// it always returns -EINTR (the handler runs as the call returns).
func (l *Linux) rtSigsuspend(h *Hart, mask, size uint64) (int64, bool) {
	if errno := l.suspendMask(h, mask, size); errno != 0 {
		return -int64(errno), true
	}
	if l.threaded() {
		l.blockEvent(h, nil, 0)
		return -eINTR, true
	}
	if _, ok := l.waitForSignal(h, "sigsuspend", 0); !ok {
		l.endSuspend()
		return 0, false
	}
	return -eINTR, true
}

// readiness returns the poll events fd has now, of those asked for (plus the ones always
// reported: POLLERR, POLLHUP, POLLNVAL).
func (l *Linux) readiness(h *Hart, fd int64, events uint64) uint64 {
	if fd < 0 {
		return 0
	}
	f, errno := l.fileFor(uint64(fd))
	if errno != 0 {
		return pollNval
	}
	const in, out = pollIn | pollRdNorm, pollOut | pollWrNorm
	var r uint64
	switch f.kind {
	case kindFile, kindDir, kindDevice:
		r = in | out
	case kindStdin:
		r = in
	case kindStdout, kindStderr:
		r = out
	case kindPipeRead:
		if len(f.pipe.data) > 0 {
			r = in
		}
		if f.pipe.writers == 0 {
			r |= pollHup
		}
	case kindTimerfd:
		if f.timer.expirations(l.now(h)) != 0 {
			r = in
		}
	case kindSignalfd:
		if l.pendingAnywhere(*f.sigMask) {
			r = in
		}
	case kindEventfd:
		if f.event.count > 0 {
			r = in
		}
		if f.event.count < ^uint64(0)-1 {
			r |= out
		}
	case kindPipeWrite:
		if f.pipe.readers == 0 {
			r = pollErr
		} else if len(f.pipe.data) < pipeMax {
			r = out
		}
	}
	return r & (events | pollErr | pollHup | pollNval)
}

// ppoll is poll with a timeout (a struct timespec, NULL: none) and an optional mask.
func (l *Linux) ppoll(h *Hart, fds, nfds, tmo, mask, size uint64) (int64, bool) {
	if nfds > maxFDs {
		return -eINVAL, true
	}
	b := make([]byte, 8*nfds)
	if nfds != 0 && (!h.Mem.CheckAccess(fds, 8*nfds, PermR|PermW) || h.Mem.Read(fds, b) != nil) {
		return -eFAULT, true
	}
	limit, errno := l.waitLimit(h, tmo, false)
	if errno != 0 {
		return -int64(errno), true
	}
	if mask != 0 {
		if errno := l.suspendMask(h, mask, size); errno != 0 {
			return -int64(errno), true
		}
	}
	le := binary.LittleEndian
	scan := func() int64 {
		n := int64(0)
		for i := uint64(0); i < nfds; i++ {
			p := b[8*i:]
			r := l.readiness(h, int64(int32(le.Uint32(p))), uint64(le.Uint16(p[4:])))
			le.PutUint16(p[6:], uint16(r))
			if r != 0 {
				n++
			}
		}
		return n
	}
	n := scan()
	if n == 0 && limit != 1 {
		n = l.readyAmongOthers(scan)
	}
	if n == 0 && limit != 1 && l.threaded() {
		if nfds != 0 {
			l.put(h, fds, b)
		}
		l.blockEvent(h, func() bool {
			for i := uint64(0); i < nfds; i++ {
				p := b[8*i:]
				if l.readiness(h, int64(int32(le.Uint32(p))), uint64(le.Uint16(p[4:]))) != 0 {
					return true
				}
			}
			return false
		}, limit)
		return int64(h.Reg(10)), true // a0 as it was, for the call to run again
	}
	if n == 0 {
		fdl := make([]int64, nfds)
		for i := range fdl {
			fdl[i] = int64(int32(le.Uint32(b[8*i:])))
		}
		if ret, again, ok := l.awaitTimedFDs(h, "poll", fdl, limit); again || !ok || ret != 0 {
			return ret, ok
		}
	}
	if ret, final, ok := l.awaitReady(h, "poll", n, limit); final {
		return ret, ok
	}
	if nfds != 0 {
		l.put(h, fds, b)
	}
	return n, true
}

// readyAmongOthers is for a poll or select that found no descriptor ready and may wait
// (scan looks again and counts the ready ones): with one thread, the other processes run
// while one of them may make one ready (write a pipe, close its end) or signal. It returns
// what scan finds then (0 on a signal: the call ends with EINTR).
func (l *Linux) readyAmongOthers(scan func() int64) int64 {
	if !l.othersAlive() || l.threaded() {
		return 0
	}
	if l.waitOthers(func() bool { return l.interrupted() || scan() != 0 }) && !l.interrupted() {
		return scan()
	}
	return 0
}

// awaitReady ends a poll or select that found n descriptors ready: with none, it waits
// for a signal (what names the call in the error of a wait nothing can end) or the timeout
// at limit. final says the call ends here with ret: interrupted (-EINTR; the mask, if any,
// stays for the handler's frame) or, with ok false, the run stopped.
func (l *Linux) awaitReady(h *Hart, what string, n int64, limit uint64) (ret int64, final, ok bool) {
	if n == 0 && limit != 1 {
		signalled, ok := l.waitForSignal(h, what, limit)
		if !ok {
			l.endSuspend()
			return 0, true, false
		}
		if signalled {
			return -eINTR, true, true
		}
	}
	l.endSuspend()
	return n, false, true
}

// waitLimit reads a wait's timeout (a timespec, or with tv a timeval) at addr as the
// virtual time it ends: 0 for none (addr NULL), 1 for "do not wait" (a zero timeout).
func (l *Linux) waitLimit(h *Hart, addr uint64, tv bool) (uint64, uint64) {
	if addr == 0 {
		return 0, 0
	}
	d, ok := l.readTimespec(h, addr)
	if !ok {
		return 0, eFAULT
	}
	if d == ^uint64(0) {
		return 0, eINVAL
	}
	if d == 0 {
		return 1, 0
	}
	return l.now(h) + d, 0
}

// pselect6 is select over fd_sets of XLEN-bit words, with a timespec timeout and a
// {sigset pointer, size} pair for the mask.
func (l *Linux) pselect6(h *Hart, nfds, rd, wr, ex, tmo, sigArg uint64) (int64, bool) {
	if int64(nfds) < 0 || nfds > maxFDs {
		return -eINVAL, true
	}
	w := uint64(h.ISA.XLEN / 8)
	words := (nfds + 8*w - 1) / (8 * w)
	sets := [3]uint64{rd, wr, ex}
	var in [3][]byte
	for i, addr := range sets {
		if addr == 0 {
			continue
		}
		in[i] = make([]byte, words*w)
		if words != 0 && (!h.Mem.CheckAccess(addr, words*w, PermR|PermW) || h.Mem.Read(addr, in[i]) != nil) {
			return -eFAULT, true
		}
	}
	for fd := uint64(0); fd < nfds; fd++ {
		for i := range in {
			if in[i] != nil && in[i][fd/8]>>(fd%8)&1 != 0 {
				if _, errno := l.fileFor(fd); errno != 0 {
					return -eBADF, true
				}
			}
		}
	}
	limit, errno := l.waitLimit(h, tmo, false)
	if errno != 0 {
		return -int64(errno), true
	}
	if sigArg != 0 {
		ptr, ok1 := l.readWord(h, sigArg)
		size, ok2 := l.readWord(h, sigArg+w)
		if !ok1 || !ok2 {
			return -eFAULT, true
		}
		if ptr != 0 {
			if errno := l.suspendMask(h, ptr, size); errno != 0 {
				return -int64(errno), true
			}
		}
	}
	var out [3][]byte
	for i := range in {
		if in[i] != nil {
			out[i] = make([]byte, len(in[i]))
		}
	}
	scan := func() int64 {
		n := int64(0)
		for fd := uint64(0); fd < nfds; fd++ {
			for i, ev := range []uint64{pollIn | pollRdNorm, pollOut | pollWrNorm, pollPri} {
				if in[i] == nil || in[i][fd/8]>>(fd%8)&1 == 0 {
					continue
				}
				r := l.readiness(h, int64(fd), ev)
				if i < 2 {
					r &^= pollNval // select reports a hang-up or error as ready to read or write
				} else {
					r &= pollPri
				}
				if r != 0 {
					out[i][fd/8] |= 1 << (fd % 8)
					n++
				}
			}
		}
		return n
	}
	n := scan()
	if n == 0 && limit != 1 {
		n = l.readyAmongOthers(scan)
	}
	if n == 0 && limit != 1 && l.threaded() {
		// The sets stay as they are while the call may run again; a timeout empties them.
		l.thr.all[l.thr.cur].onTimeout = func() {
			for i, addr := range sets {
				if out[i] != nil {
					l.put(h, addr, out[i])
				}
			}
		}
		l.blockEvent(h, func() bool {
			for fd := uint64(0); fd < nfds; fd++ {
				for i, ev := range []uint64{pollIn | pollRdNorm, pollOut | pollWrNorm, pollPri} {
					if in[i] != nil && in[i][fd/8]>>(fd%8)&1 != 0 && l.readiness(h, int64(fd), ev)&^pollNval != 0 {
						return true
					}
				}
			}
			return false
		}, limit)
		return int64(h.Reg(10)), true
	}
	if n == 0 {
		var fdl []int64
		for fd := uint64(0); fd < nfds; fd++ {
			for i := range in {
				if in[i] != nil && in[i][fd/8]>>(fd%8)&1 != 0 {
					fdl = append(fdl, int64(fd))
				}
			}
		}
		if ret, again, ok := l.awaitTimedFDs(h, "select", fdl, limit); again || !ok || ret != 0 {
			return ret, ok
		}
	}
	if ret, final, ok := l.awaitReady(h, "select", n, limit); final {
		return ret, ok
	}
	for i, addr := range sets {
		if out[i] != nil {
			l.put(h, addr, out[i])
		}
	}
	return n, true
}

// rtSigtimedwait is rt_sigtimedwait (sigwait, sigwaitinfo, sigtimedwait): it takes the
// lowest pending signal of set (usually blocked, so that it waits here rather than runs a
// handler), writes its siginfo to info and returns its number; it waits for one until the
// timeout (NULL: none; zero: -EAGAIN at once), and a signal outside set that is not blocked
// ends the wait with -EINTR (its handler runs). Threads: one waits while the others run; a
// signal sent to the process that every thread blocks is pending on the thread that was
// running, so a waiting thread takes one of set from any thread.
func (l *Linux) rtSigtimedwait(h *Hart, setAddr, info, tmo, size uint64) (int64, bool) {
	if size != 8 {
		return -eINVAL, true
	}
	var b [8]byte
	if !h.Mem.CheckAccess(setAddr, 8, PermR) || h.Mem.Read(setAddr, b[:]) != nil {
		return -eFAULT, true
	}
	set := binary.LittleEndian.Uint64(b[:]) &^ unblockable
	deadline, errno := l.waitLimit(h, tmo, false) // 0: none, 1: do not wait
	if errno != 0 {
		return -int64(errno), true
	}
	if r, ok := l.takeWaited(h, set, info); ok {
		return r, true
	}
	if deadline == 1 {
		return -eAGAIN, true
	}
	if l.threaded() {
		cur := l.thr.all[l.thr.cur]
		l.blockEvent(h, func() bool { return l.pendingAnywhere(set) }, deadline)
		cur.timedOut = -eAGAIN
		return int64(h.Reg(10)), true // a0 as it was, for the call to run again
	}
	switch signalled, ok := l.waitForSignalIn(h, "sigwait", set, deadline); {
	case !ok:
		return 0, false
	case !signalled:
		return -eAGAIN, true
	}
	if r, ok := l.takeWaited(h, set, info); ok {
		return r, true
	}
	return -eINTR, true // a signal outside set, which its handler takes
}

// takeWaited takes the lowest pending signal of set (dequeue) and writes its siginfo to
// info (0: nowhere).
func (l *Linux) takeWaited(h *Hart, set, info uint64) (int64, bool) {
	sig, si, ok := l.dequeue(set)
	if !ok {
		return 0, false
	}
	if info != 0 && !l.put(h, info, si[:]) {
		return -eFAULT, true
	}
	return int64(sig), true
}

// pendingAnywhere reports whether a signal of set is pending on any thread (the running
// one's pending set is l.sig's; a waiting thread's is in its context).
func (l *Linux) pendingAnywhere(set uint64) bool {
	if l.sig.pending&set != 0 {
		return true
	}
	for i, u := range l.thr.all {
		if i != l.thr.cur && u.sig.pending&set != 0 { // (the running one's context is stale)
			return true
		}
	}
	return false
}

// waitid is waitid(idtype, id, infop, options, rusage) over the children: P_ALL, P_PID and
// P_PGID (every child is in the caller's group), WEXITED required to report one, WNOHANG
// and WNOWAIT honoured; it waits while a child it could report is alive. infop gets a
// SIGCHLD siginfo: the child's pid, uid 0, CLD_EXITED and the exit code, or CLD_KILLED or
// CLD_DUMPED and the signal. (Children never stop, so a wait for WSTOPPED or WCONTINUED
// alone has nothing to report.)
func (l *Linux) waitid(h *Hart, idtype, id, infop, options, rusage uint64) int64 {
	const (
		pAll, pPid, pPgid = 0, 1, 2
		wNohang, wExited  = 1, 4
		wNowait           = 0x01000000
		known             = wNohang | 2 /* WSTOPPED */ | wExited | 8 /* WCONTINUED */ | wNowait | 0xe0000000 /* __WNOTHREAD, __WALL, __WCLONE */
	)
	if options&^known != 0 || options&(wExited|2|8) == 0 || idtype > pPgid {
		return -eINVAL
	}
	match := func(pid int64) bool { return idtype != pPid || int64(int32(id)) == pid }
	for {
		matched := false
		for i, c := range l.children {
			if !match(c.pid) {
				continue
			}
			if matched = true; options&wExited == 0 {
				continue // it ended: it will not stop or continue
			}
			si := chldInfo(c, h.ISA.XLEN)
			if infop != 0 && !l.put(h, infop, si[:]) {
				return -eFAULT
			}
			if rusage != 0 && !l.put(h, rusage, make([]byte, 144)) {
				return -eFAULT
			}
			if options&wNowait == 0 {
				l.children = append(l.children[:i], l.children[i+1:]...)
			}
			return 0
		}
		live := l.liveChild(match)
		if !matched && !live || options&wNohang == 0 && (options&wExited == 0 || !live) {
			return -eCHILD // no such child, or none that can change as asked
		}
		if options&wNohang != 0 {
			if infop != 0 && !l.put(h, infop, make([]byte, 128)) { // si_pid 0
				return -eFAULT
			}
			return 0
		}
		ended := func() bool { return slices.ContainsFunc(l.children, func(c childStatus) bool { return match(c.pid) }) }
		if ret, done := l.awaitChild(h, ended, idtype); done {
			return ret
		}
	}
}

// chldInfo is the SIGCHLD siginfo of a child that ended, as waitid and the signal give it:
// si_code CLD_EXITED with the exit code as si_status, or CLD_KILLED (CLD_DUMPED) with the
// signal; si_pid and si_uid (0) in the union after si_signo, si_errno and si_code, which
// RV64 aligns for its pointers.
func chldInfo(c childStatus, xlen int) [128]byte {
	var si [128]byte
	binary.LittleEndian.PutUint32(si[0:], SIGCHLD)
	code, status := uint32(1), c.status>>8&0xff // CLD_EXITED
	if sig := c.status & 0x7f; sig != 0 {
		code, status = 2, sig // CLD_KILLED
		if c.status&0x80 != 0 {
			code = 3 // CLD_DUMPED
		}
	}
	binary.LittleEndian.PutUint32(si[8:], code)
	u := 12
	if xlen == 64 {
		u = 16
	}
	binary.LittleEndian.PutUint32(si[u:], uint32(c.pid))
	binary.LittleEndian.PutUint32(si[u+8:], status)
	return si
}

// awaitTimedFDs is a wait of one thread (poll, select, epoll_wait) on descriptors none of
// which is ready, when one can become ready before the timeout (limit, as waitLimit's): a
// timerfd among fds that expires, or a signalfd that a timer's signal may reach. The clock
// moves to that time (firing the timers due) and, once one of fds is readable, the call
// runs again from its ecall (ret is a0 as it was, again true) to find it ready. A signal
// that is not blocked ends the wait with -EINTR; ok false: the run stopped. Otherwise it
// does nothing (ret 0, again false), and the caller waits as before.
func (l *Linux) awaitTimedFDs(h *Hart, what string, fds []int64, limit uint64) (ret int64, again, ok bool) {
	signalfds := false
	for _, fd := range fds {
		if f, errno := l.fileFor(uint64(fd)); fd >= 0 && errno == 0 && f.kind == kindSignalfd {
			signalfds = true
		}
	}
	for firings := 0; firings < 1<<16; firings++ {
		due := l.timerfdDue(fds)
		if next := l.nextDue(); signalfds && next != 0 && (due == 0 || next < due) {
			due = next
		}
		if due == 0 || limit == 1 || limit != 0 && due >= limit {
			return 0, false, true
		}
		signalled, ok := l.waitForSignal(h, what, due)
		if !ok {
			l.endSuspend()
			return 0, false, false
		}
		if signalled {
			return -eINTR, false, true
		}
		for _, fd := range fds {
			if l.readiness(h, fd, pollIn) != 0 {
				l.endSuspend()
				h.PC -= 4
				return int64(h.Reg(10)), true, true
			}
		}
	}
	return 0, false, true
}
