package emu

import (
	"encoding/binary"
	"math/bits"
)

// signalfd4: a descriptor whose read takes pending signals of its mask (which the program
// blocks, so that they wait for the read instead of running a handler) as struct
// signalfd_siginfo records. A blocking read with none pending waits as sigwaitinfo does;
// poll, select and epoll see it readable while one is pending, and a wait on it ends when a
// timer's signal it takes arrives.

const (
	sysSignalfd4     = 74
	signalfdInfoSize = 128 // struct signalfd_siginfo
)

func (l *Linux) signalfd4(h *Hart, fd, maskAddr, size, flags uint64) int64 {
	const sfdCloexec = 0o2000000
	if size != 8 || flags&^(oNonblock|sfdCloexec) != 0 {
		return -eINVAL
	}
	var b [8]byte
	if !h.Mem.CheckAccess(maskAddr, 8, PermR) || h.Mem.Read(maskAddr, b[:]) != nil {
		return -eFAULT
	}
	mask := binary.LittleEndian.Uint64(b[:]) &^ unblockable
	if int64(fd) != -1 {
		f, errno := l.fileFor(fd)
		if errno != 0 {
			return -int64(errno)
		}
		if f.kind != kindSignalfd {
			return -eINVAL
		}
		*f.sigMask = mask
		return int64(fd)
	}
	f := &guestFile{kind: kindSignalfd, flags: flags & oNonblock, sigMask: &mask}
	return l.newFD(f, 0, flags&sfdCloexec != 0)
}

// readSignalfd takes as many pending signals of f's mask as the buffer holds records for,
// lowest first, on the running thread or else another (see rtSigtimedwait).
func (l *Linux) readSignalfd(h *Hart, f *guestFile, addr, n uint64) (int64, bool) {
	if n < signalfdInfoSize {
		return -eINVAL, true
	}
	set := *f.sigMask
	if !l.pendingAnywhere(set) {
		if f.flags&oNonblock != 0 {
			return -eAGAIN, true
		}
		if l.threaded() {
			// With threads the caller sees a blocking read through signalfdWouldBlock.
			return -eAGAIN, true
		}
		if _, ok := l.waitForSignalIn(h, "signalfd read", set, 0); !ok {
			return 0, false
		}
		if !l.pendingAnywhere(set) {
			return -eINTR, true // a signal outside the mask, which its handler takes
		}
	}
	var out []byte
	for uint64(len(out))+signalfdInfoSize <= n {
		sig, info, ok := l.dequeue(set)
		if !ok {
			break
		}
		out = append(out, signalfdInfo(sig, info, h.ISA.XLEN)...)
	}
	if !l.put(h, addr, out) {
		return -eFAULT, true
	}
	return int64(len(out)), true
}

// signalfdWouldBlock: with threads, a blocking read of a signalfd with nothing pending
// makes the reader wait while the others run, and the read run again.
func (l *Linux) signalfdWouldBlock(h *Hart, fd uint64) bool {
	if !l.threaded() {
		return false
	}
	f, errno := l.fileFor(fd)
	if errno != 0 || f.kind != kindSignalfd || f.flags&oNonblock != 0 || l.pendingAnywhere(*f.sigMask) {
		return false
	}
	set := *f.sigMask
	l.retryWhen(h, func() bool { return l.pendingAnywhere(set) }, 0)
	return true
}

// dequeue takes the lowest pending signal of set from the running thread, or else from
// another thread, and returns its siginfo.
func (l *Linux) dequeue(set uint64) (sig uint64, info [128]byte, ok bool) {
	pending, infos := &l.sig.pending, &l.sig.info
	if *pending&set == 0 {
		pending = nil
		for i, t := range l.thr.all {
			if i != l.thr.cur && t.sig.pending&set != 0 {
				pending, infos = &t.sig.pending, &t.sig.info
				break
			}
		}
		if pending == nil {
			return 0, info, false
		}
	}
	sig = uint64(bits.TrailingZeros64(*pending&set)) + 1
	*pending &^= sigBit(sig)
	return sig, infos[sig], true
}

// signalfdInfo turns a siginfo into a struct signalfd_siginfo: signo, errno, code, then
// pid, uid, fd, tid, band, overrun, trapno, status, int and ptr from the siginfo's union
// (which RV64 aligns to 16 bytes, RV32 starts at 12), as the kernel fills them.
func signalfdInfo(sig uint64, si [128]byte, xlen int) []byte {
	le := binary.LittleEndian
	out := make([]byte, signalfdInfoSize)
	u := 12
	if xlen == 64 {
		u = 16
	}
	code := int32(le.Uint32(si[8:]))
	le.PutUint32(out[0:], uint32(sig))
	copy(out[4:12], si[4:12]) // errno, code
	switch {
	case sig == SIGCHLD && code > 0 && code < siKernel:
		copy(out[12:20], si[u:u+8])    // pid, uid
		copy(out[40:44], si[u+8:u+12]) // status
	case code == siTimer:
		copy(out[32:36], si[u+4:u+8])  // overrun
		copy(out[48:56], si[u+8:u+16]) // the value: int and ptr
		copy(out[44:48], si[u+8:u+12])
	case sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGTRAP:
		copy(out[72:80], si[u:u+8]) // addr
	default: // kill, tkill, sigqueue: pid, uid, and sigqueue's value
		copy(out[12:20], si[u:u+8])
		copy(out[44:48], si[u+8:u+12])
		copy(out[48:56], si[u+8:u+16])
	}
	return out
}
