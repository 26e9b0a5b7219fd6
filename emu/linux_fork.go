package emu

import (
	"encoding/binary"
	"slices"
)

// fork for one hart: clone without CLONE_VM (what glibc's fork and a shell's pipeline make)
// copies the process, and the child runs on a goroutine of its own, first, until it waits for
// another process or ends (linux_procs.go); wait4 and waitid report the children's statuses
// as they end.

const (
	cloneVM          = 0x100
	cloneVfork       = 0x4000
	cloneThread      = 0x10000
	cloneSettls      = 0x80000
	cloneParentSet   = 0x100000
	cloneChildClear  = 0x200000
	cloneChildSettid = 0x1000000
	sigMask          = 0xff
)

// maxForkDepth bounds nested children (a fork bomb ends with EAGAIN, not a host crash).
const maxForkDepth = 16

type childStatus struct {
	pid    int64
	status uint32 // as wait4 reports it
}

func (l *Linux) clone(h *Hart, flags, stack, ptid, tls, ctid uint64) int64 {
	if flags&sigMask > numSignals {
		return -eINVAL // the exit signal is not a signal
	}
	vfork := flags&cloneVfork != 0
	if vfork && flags&cloneThread == 0 {
		// As qemu-user does, a vfork (glibc's posix_spawn, system and popen, busybox's
		// time) is a fork whose child runs first, until it waits or ends, as a vfork's
		// parent waits; it gets a copy of the memory rather than the parent's,
		// which only a child that writes the parent's memory before its exec could tell.
		flags &^= cloneVM | cloneVfork
	}
	if flags&cloneThread != 0 {
		return l.cloneThread(h, flags, stack, ptid, tls, ctid)
	}
	if flags&cloneVM != 0 {
		return -eNOSYS // a process of its own sharing the memory (not a thread): not emulated
	}
	if l.depth >= maxForkDepth || len(l.procs().list) >= maxProcs {
		return -eAGAIN
	}
	pid := l.newID()
	child := l.forkHart(h, pid)
	child.SetReg(10, 0)
	if stack != 0 {
		child.SetReg(2, stack)
	}
	if flags&cloneSettls != 0 {
		child.SetReg(4, tls)
	}
	if flags&cloneChildSettid != 0 {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], uint32(pid))
		child.Mem.Write(ctid, b[:])
	}
	if flags&cloneParentSet != 0 {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], uint32(pid))
		h.Mem.Write(ptid, b[:])
	}
	xlen := h.ISA.XLEN
	l.startChild(child, vfork, func(st Stop) {
		// On the child's goroutine, holding the baton: the parent waits.
		var status uint32
		switch st.Reason {
		case StopExit:
			status = uint32(st.Code&0xff) << 8
		case StopSignal:
			status = uint32(st.Signal & 0x7f)
			if st.Msg != "" && l.cfg.Stderr != nil && faultSignal(st.Signal) {
				// The parent's shell would say so; a one-line note keeps the failure visible.
				l.cfg.Stderr.Write([]byte("rvsim: child " + itoa(pid) + ": " + SignalName(st.Signal) + ": " + st.Msg + "\n"))
			}
		default:
			status = SIGKILL
			if st.Reason == StopLimit && l.cfg.Stderr != nil {
				l.cfg.Stderr.Write([]byte("rvsim: child " + itoa(pid) + ": stopped after " + itoa(int64(l.cfg.ChildMaxInsns)) + " instructions (--max-insns)\n"))
			}
		}
		c := childStatus{pid: pid, status: status}
		l.children = append(l.children, c)
		if sig := flags & sigMask; sig == SIGCHLD {
			l.post(sig, chldInfo(c, xlen))
		} else if sig != 0 {
			l.raiseSignal(h, sig)
		}
	})
	return pid
}

func itoa(v int64) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			return string(b[i:])
		}
	}
}

// forkHart copies the hart, its memory and its process state for a child.
func (l *Linux) forkHart(h *Hart, pid int64) *Hart {
	m := h.Mem
	cm := &Memory{pages: make(map[uint64]*page, len(m.pages)), limit: m.limit}
	cm.regions = append([]region(nil), m.regions...)
	for vpn, p := range m.pages {
		if p == noAccess {
			continue
		}
		cp := &page{data: p.data, perm: p.perm}
		cm.pages[vpn] = cp
	}
	cm.flushTLB()
	c := NewHart(h.ISA, cm)
	c.X, c.F, c.PC, c.Priv, c.Instret, c.CSR = h.X, h.F, h.PC, h.Priv, h.Instret, h.CSR
	c.frm, c.fflags = h.frm, h.fflags
	if h.V != nil {
		v := *h.V
		v.Reg = append([]byte(nil), h.V.Reg...)
		v.macc = nil
		c.V = &v
		c.syncVector()
	}
	cl := *l
	cl.pid, cl.ppid = pid, l.pid
	cl.depth = l.depth + 1
	cl.children = nil
	cl.Unimplemented = l.Unimplemented
	cl.tm = timerState{slept: l.tm.slept}
	cl.sig.pending = 0
	cl.thr = threadState{} // the child has one thread, a copy of the caller
	cl.fds = make([]*fdEntry, len(l.fds))
	for i, e := range l.fds {
		if e != nil {
			e.f.refs++
			cl.fds[i] = &fdEntry{f: e.f, cloexec: e.cloexec}
		}
	}
	cl.mappedFiles = nil // the parent closes them
	cl.Objects = append([]*Object(nil), l.Objects...)
	c.Linux = &cl
	return c
}

// wait4 reports a child that has ended, waiting for one while a child it could report is
// alive (unless WNOHANG: then 0).
func (l *Linux) wait4(h *Hart, pid, wstatus, options, rusage uint64) int64 {
	match := func(c int64) bool { return int64(pid) == -1 || int64(pid) == 0 || int64(pid) == c }
	for {
		for i, c := range l.children {
			if match(c.pid) {
				if wstatus != 0 {
					var b [4]byte
					binary.LittleEndian.PutUint32(b[:], c.status)
					if !l.put(h, wstatus, b[:]) {
						return -eFAULT
					}
				}
				if rusage != 0 {
					l.put(h, rusage, make([]byte, 144))
				}
				l.children = append(l.children[:i], l.children[i+1:]...)
				return c.pid
			}
		}
		if !l.liveChild(match) {
			return -eCHILD
		}
		if options&1 != 0 { // WNOHANG
			return 0
		}
		ended := func() bool { return slices.ContainsFunc(l.children, func(c childStatus) bool { return match(c.pid) }) }
		if ret, done := l.awaitChild(h, ended, pid); done {
			return ret
		}
	}
}

// faultSignal says whether sig ending a child is worth rvsim's note: a fault, or SIGKILL
// (rvsim's own, at a limit); one another process sent (SIGTERM, SIGINT, SIGPIPE) the shell
// reports itself.
func faultSignal(sig int) bool {
	switch sig {
	case SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGKILL:
		return true
	}
	return false
}
