package emu

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"syscall"
)

// Linux system call numbers (the generic table RISC-V uses).
const (
	sysGetcwd           = 17
	sysDup              = 23
	sysDup3             = 24
	sysFcntl            = 25
	sysIoctl            = 29
	sysFaccessat        = 48
	sysChdir            = 49
	sysFchdir           = 50
	sysOpenat           = 56
	sysClose            = 57
	sysPipe2            = 59
	sysGetdents64       = 61
	sysLseek            = 62
	sysRead             = 63
	sysWrite            = 64
	sysReadv            = 65
	sysWritev           = 66
	sysPread64          = 67
	sysPwrite64         = 68
	sysPpoll            = 73
	sysPselect6         = 72
	sysPselect6Time64   = 413 // RV32's, with a 64-bit timespec (as RV64's)
	sysPpollTime64      = 414
	sysReadlinkat       = 78
	sysNewfstatat       = 79
	sysFstat            = 80
	sysExit             = 93
	sysExitGroup        = 94
	sysSetTidAddress    = 96
	sysFutex            = 98
	sysFutexTime64      = 422
	sysRtSigtimedwait64 = 421
	sysSetRobustList    = 99
	sysNanosleep        = 101
	sysGetitimer        = 102
	sysSetitimer        = 103
	sysTimerCreate      = 107
	sysTimerGettime     = 108
	sysTimerGetoverrun  = 109
	sysTimerSettime     = 110
	sysTimerDelete      = 111
	sysClockGettime     = 113
	sysClockGetres      = 114
	sysClockNanosleep   = 115
	sysSchedGetaffinity = 123
	sysSchedYield       = 124
	sysKill             = 129
	sysTkill            = 130
	sysTgkill           = 131
	sysSigaltstack      = 132
	sysRtSigsuspend     = 133
	sysRtSigaction      = 134
	sysRtSigprocmask    = 135
	sysRtSigpending     = 136
	sysRtSigtimedwait   = 137
	sysRtSigreturn      = 139
	sysTimes            = 153
	sysGetpgid          = 155
	sysGetsid           = 156
	sysUname            = 160
	sysGetrlimit        = 163
	sysGetrusage        = 165
	sysUmask            = 166
	sysPrctl            = 167
	sysGettimeofday     = 169
	sysGetpid           = 172
	sysGetppid          = 173
	sysGetuid           = 174
	sysGeteuid          = 175
	sysGetgid           = 176
	sysGetegid          = 177
	sysGetgroups        = 158
	sysSetgroups        = 159
	sysGettid           = 178
	sysSysinfo          = 179
	sysBrk              = 214
	sysMunmap           = 215
	sysMremap           = 216
	sysClone            = 220
	sysExecve           = 221
	sysMmap             = 222
	sysMprotect         = 226
	sysMadvise          = 233
	sysWait4            = 260
	sysWaitid           = 95
	sysMlock            = 228
	sysMunlock          = 229
	sysMlockall         = 230
	sysMunlockall       = 231
	sysMlock2           = 284
	sysSetpgid          = 154
	sysSetsid           = 157
	sysRiscvHwprobe     = 258
	sysRiscvFlushIcache = 259
	sysPrlimit64        = 261
	sysGetrandom        = 278
	sysStatx            = 291
	sysRseq             = 293
	sysClockGettime64   = 403
	// RV32's 64-bit-time versions of the calls below (struct __kernel_timespec, the layout
	// RV64's plain calls take).
	sysClockGetresTime64    = 406
	sysClockNanosleepTime64 = 407
	sysTimerGettime64       = 408
	sysTimerSettime64       = 409
	sysClone3               = 435
	sysFaccessat2           = 439
)

func (l *Linux) syscall(h *Hart, nr uint64, a [6]uint64) (int64, bool) {
	m := h.Mem
	word := uint64(h.ISA.XLEN / 8)
	if h.ISA.XLEN == 32 {
		switch nr {
		case sysClockGetresTime64:
			if l.clock(h, a[0]) < 0 {
				return -eINVAL, true
			}
			if a[1] != 0 && !l.putTimespec(h, a[1], 1, false) {
				return -eFAULT, true
			}
			return 0, true
		case sysClockNanosleepTime64:
			nr = sysClockNanosleep
		case sysTimerGettime64:
			nr = sysTimerGettime
		case sysTimerSettime64:
			nr = sysTimerSettime
		case sysFutexTime64:
			nr = sysFutex // RV32 has only this one, with a 64-bit timespec as RV64's
		}
	}
	switch nr {
	case sysExit, sysExitGroup:
		if nr == sysExit && l.threaded() {
			return l.threadExit(h)
		}
		l.Exited = true
		l.ExitCode = int(int32(a[0])) & 0xff
		l.drainProcs()
		h.stop = Stop{Reason: StopExit, Code: l.ExitCode, PC: h.PC}
		return 0, false
	case sysWrite:
		if l.pipeWouldBlock(h, a[0], true) {
			return int64(a[0]), true // a0 unchanged: the call runs again when it can go on
		}
		return l.write(h, a[0], a[1], a[2]), true
	case sysRead:
		if l.pipeWouldBlock(h, a[0], false) || l.timerfdWouldBlock(h, a[0]) || l.signalfdWouldBlock(h, a[0]) {
			return int64(a[0]), true
		}
		if f, errno := l.fileFor(a[0]); errno == 0 && f.kind == kindTimerfd {
			return l.readTimerfd(h, f, a[1], a[2])
		} else if errno == 0 && f.kind == kindSignalfd {
			return l.readSignalfd(h, f, a[1], a[2])
		}
		return l.read(h, a[0], a[1], a[2]), true
	case sysPread64:
		f, errno := l.fileFor(a[0])
		if errno != 0 {
			return -int64(errno), true
		}
		if int64(a[3]) < 0 {
			return -eINVAL, true
		}
		if f.kind == kindDevice {
			return l.readDevice(h, f, a[1], a[2]), true
		}
		if f.kind != kindFile && f.kind != kindDir {
			return -eSPIPE, true
		}
		return l.readFile(h, f, a[1], a[2], int64(a[3])), true
	case sysPwrite64:
		if f, errno := l.fileFor(a[0]); errno == 0 && f.kind == kindDevice && int64(a[3]) >= 0 {
			return l.writeDevice(h, f, a[1], a[2]), true // /dev/null takes it; files are read-only
		}
		return -eBADF, true
	case sysWritev, sysReadv:
		var total int64
		if a[2] > 1024 {
			return -eINVAL, true
		}
		for i := uint64(0); i < a[2]; i++ {
			base, ok1 := l.readWord(h, a[1]+i*2*word)
			n, ok2 := l.readWord(h, a[1]+i*2*word+word)
			if !ok1 || !ok2 {
				return -eFAULT, true
			}
			var r int64
			l.pipeNoWait = i > 0 // (the first buffer's call may wait; the rest take what there is)
			if nr == sysWritev {
				r = l.write(h, a[0], base, n)
			} else {
				r = l.read(h, a[0], base, n)
			}
			l.pipeNoWait = false
			if r < 0 {
				if total > 0 {
					return total, true
				}
				return r, true
			}
			total += r
			if uint64(r) < n {
				break
			}
		}
		return total, true
	case sysOpenat:
		return l.openat(h, a[0], a[1], a[2]), true
	case sysClose:
		return l.closeFD(a[0]), true
	case sysLseek:
		f, errno := l.fileFor(a[0])
		if errno != 0 {
			return -int64(errno), true
		}
		return l.lseek(f, int64(a[1]), a[2]), true
	case sysFstat:
		f, errno := l.fileFor(a[0])
		if errno != 0 {
			return -int64(errno), true
		}
		si, errno := l.fdInfo(f)
		if errno != 0 {
			return -int64(errno), true
		}
		return l.putStat(h, a[1], si), true
	case sysNewfstatat:
		si, errno := l.pathInfo(h, a[0], a[1], a[3])
		if errno != 0 {
			return -int64(errno), true
		}
		return l.putStat(h, a[2], si), true
	case sysStatx:
		si, errno := l.pathInfo(h, a[0], a[1], a[2])
		if errno != 0 {
			return -int64(errno), true
		}
		return l.putStatx(h, a[4], si), true
	case sysFaccessat:
		return l.faccessat(h, a[0], a[1], a[2], 0), true
	case sysFaccessat2:
		return l.faccessat(h, a[0], a[1], a[2], a[3]), true
	case sysReadlinkat:
		return l.readlinkat(h, a[0], a[1], a[2], a[3]), true
	case sysGetdents64:
		f, errno := l.fileFor(a[0])
		if errno != 0 {
			return -int64(errno), true
		}
		return l.getdents64(h, f, a[1], a[2]), true
	case sysGetcwd:
		return l.getcwd(h, a[0], a[1]), true
	case sysChdir:
		p, errno := l.readPath(h, a[0])
		if errno != 0 {
			return -int64(errno), true
		}
		if p == "" {
			return -eNOENT, true
		}
		abs, _ := l.guestPath(atFdcwdU, p)
		return l.chdir(abs), true
	case sysFchdir:
		f, errno := l.fileFor(a[0])
		if errno != 0 {
			return -int64(errno), true
		}
		if f.kind != kindDir {
			return -eNOTDIR, true
		}
		l.cwd = f.guest
		return 0, true
	case sysDup:
		f, errno := l.fileFor(a[0])
		if errno != 0 {
			return -int64(errno), true
		}
		return l.newFD(f, 0, false), true
	case sysDup3:
		f, errno := l.fileFor(a[0])
		if errno != 0 {
			return -int64(errno), true
		}
		if a[0] == a[1] || a[2]&^oCloexec != 0 {
			return -eINVAL, true
		}
		if a[1] >= maxFDs {
			return -eBADF, true
		}
		if a[1] < uint64(len(l.fds)) && l.fds[a[1]] != nil {
			l.closeFD(a[1])
		}
		return l.newFD(f, a[1], a[2]&oCloexec != 0), true
	case sysFcntl:
		return l.fcntl(a[0], a[1], a[2]), true
	case sysPipe2:
		return l.pipe2(h, a[0], a[1]), true
	case sysIoctl:
		if _, errno := l.fileFor(a[0]); errno != 0 {
			return -int64(errno), true
		}
		return -eNOTTY, true
	case sysBrk:
		return l.brkCall(h, a[0]), true
	case sysMmap:
		return l.mmap(h, a), true
	case sysMunmap:
		return l.munmap(h, a[0], a[1]), true
	case sysMprotect:
		return l.mprotect(h, a[0], a[1], a[2]), true
	case sysMremap:
		return -eNOMEM, true // glibc's realloc falls back to copying
	case sysMadvise:
		if a[0]&pageMask != 0 {
			return -eINVAL, true
		}
		const madvDontneed = 4
		if a[2] == madvDontneed {
			// Private pages given back read as zeros (or the file) next time, as on Linux:
			// allocators that hand such memory out again as zeroed (Go's, jemalloc's) rely on it.
			h.Mem.Discard(a[0], a[1])
		}
		return 0, true
	case sysMlock, sysMunlock, sysMlock2:
		// Guest memory is never paged out: locking it changes nothing, but the range must
		// be mapped (ENOMEM otherwise, as Linux says).
		if a[0]+a[1] < a[0] || !h.Mem.Mapped(a[0], a[1]) {
			return -eNOMEM, true
		}
		if nr == sysMlock2 && a[2]&^1 != 0 { // MLOCK_ONFAULT
			return -eINVAL, true
		}
		return 0, true
	case sysMlockall:
		if a[0] == 0 || a[0]&^7 != 0 { // MCL_CURRENT, MCL_FUTURE, MCL_ONFAULT
			return -eINVAL, true
		}
		return 0, true
	case sysMunlockall:
		return 0, true
	case sysSetRobustList:
		return 0, true
	case sysRseq:
		return -eNOSYS, true
	case sysFutex:
		return l.futex(h, a)
	case sysEventfd2:
		return l.eventfd(a[0], a[1]), true
	case sysEpollCreat:
		return l.epollCreate(a[0]), true
	case sysEpollCtl:
		return l.epollCtl(h, a[0], a[1], a[2], a[3]), true
	case sysEpollPwait:
		return l.epollPwait(h, a[0], a[1], a[2], a[3], a[4], a[5], false)
	case sysEpollPwait2:
		return l.epollPwait(h, a[0], a[1], a[2], a[3], a[4], a[5], true)
	case sysRiscvFlushIcache:
		m.FlushCode()
		return 0, true
	case sysSetTidAddress:
		return l.setTidAddress(a[0]), true
	case sysGettid:
		return l.tid(), true
	case sysGetpid:
		return l.pid, true
	case sysGetppid:
		return l.ppid, true
	case sysGetpgid, sysGetsid:
		return linuxPid, true
	case sysSetpgid:
		// Every process is in the first one's group and session: it may stay there.
		switch {
		case int64(a[0]) < 0 || int64(a[1]) < 0:
			return -eINVAL, true
		case a[0] != 0 && int64(a[0]) != l.pid:
			return -eSRCH, true
		case a[1] != 0 && a[1] != linuxPid && int64(a[1]) != l.pid:
			return -ePERM, true
		}
		return 0, true
	case sysSetsid:
		return -ePERM, true // the caller leads its group already (or its group is the first's)
	case sysGetuid, sysGeteuid, sysGetgid, sysGetegid:
		return 0, true
	case sysGetgroups:
		return 0, true // root with no supplementary groups (the list is empty whatever its size)
	case sysSetgroups:
		return -ePERM, true
	case sysUmask:
		return 0o022, true
	case sysPrctl:
		return -eINVAL, true
	case sysSchedYield:
		l.thr.resched = l.threaded()
		l.yieldOthers()
		return 0, true
	case sysSchedGetaffinity:
		if a[1] < word || a[1]&(word-1) != 0 {
			return -eINVAL, true
		}
		buf := make([]byte, word)
		buf[0] = 1
		if !l.put(h, a[2], buf) {
			return -eFAULT, true
		}
		return int64(word), true
	case sysPrlimit64:
		return l.prlimit(h, a[0], a[1], a[2], a[3]), true
	case sysGetrlimit:
		return l.prlimit(h, 0, a[0], 0, a[1]), true
	case sysSysinfo:
		return l.sysinfo(h, a[0]), true
	case sysClone:
		return l.clone(h, a[0], a[1], a[2], a[3], a[4]), true
	case sysSignalfd4:
		return l.signalfd4(h, a[0], a[1], a[2], a[3]), true
	case sysTimerfdCreate:
		return l.timerfdCreate(a[0], a[1]), true
	case sysTimerfdSettime:
		return l.timerfdSettime(h, a[0], a[1], a[2], a[3]), true
	case sysTimerfdGettime:
		return l.timerfdGettime(h, a[0], a[1]), true
	case sysWaitid:
		return l.waitid(h, a[0], a[1], a[2], a[3], a[4]), true
	case sysWait4:
		return l.wait4(h, a[0], a[1], a[2], a[3]), true
	case sysExecve:
		return l.execve(h, a[0], a[1], a[2])
	case sysClone3:
		return -eNOSYS, true // threads and exec are out of scope (README); glibc falls back to clone
	case sysClockGettime, sysClockGettime64:
		ns := l.clock(h, a[0])
		if ns < 0 {
			return -eINVAL, true
		}
		if !l.putTimespec(h, a[1], ns, nr == sysClockGettime && h.ISA.XLEN == 32) {
			return -eFAULT, true
		}
		return 0, true
	case sysClockGetres:
		if l.clock(h, a[0]) < 0 {
			return -eINVAL, true
		}
		if a[1] != 0 && !l.putTimespec(h, a[1], 1, h.ISA.XLEN == 32) {
			return -eFAULT, true
		}
		return 0, true
	case sysGettimeofday:
		if a[0] != 0 {
			ns := l.clock(h, 0)
			buf := make([]byte, 2*word)
			putWords(buf, word, uint64(ns/1e9), uint64(ns%1e9/1000))
			if !l.put(h, a[0], buf) {
				return -eFAULT, true
			}
		}
		return 0, true
	case sysRtSigsuspend:
		return l.rtSigsuspend(h, a[0], a[1])
	case sysPpoll, sysPpollTime64:
		return l.ppoll(h, a[0], a[1], a[2], a[3], a[4])
	case sysPselect6, sysPselect6Time64:
		return l.pselect6(h, a[0], a[1], a[2], a[3], a[4], a[5])
	case sysNanosleep:
		return l.nanosleep(h, 1, 0, a[0], a[1]), true
	case sysClockNanosleep:
		return l.nanosleep(h, a[0], a[1], a[2], a[3]), true
	case sysSetitimer:
		return l.setitimer(h, a[0], a[1], a[2]), true
	case sysGetitimer:
		return l.getitimer(h, a[0], a[1]), true
	case sysTimerCreate:
		return l.timerCreate(h, a[0], a[1], a[2]), true
	case sysTimerSettime:
		return l.timerSettime(h, a[0], a[1], a[2], a[3]), true
	case sysTimerGettime:
		return l.timerGettime(h, a[0], a[1]), true
	case sysTimerGetoverrun:
		if t := l.timerByID(a[0]); t == nil {
			return -eINVAL, true
		}
		return 0, true
	case sysTimerDelete:
		return l.timerDelete(a[0]), true
	case sysTimes:
		return l.times(h, a[0]), true
	case sysGetrusage:
		return l.getrusage(h, a[0], a[1]), true
	case sysUname:
		buf := make([]byte, 6*65)
		machine := fmt.Sprintf("riscv%d", h.ISA.XLEN)
		for i, s := range []string{"Linux", "rvsim", "6.6.0", "#1 SMP rvsim", machine, "(none)"} {
			copy(buf[i*65:], s)
		}
		if !l.put(h, a[0], buf) {
			return -eFAULT, true
		}
		return 0, true
	case sysGetrandom:
		n := min(a[1], 1<<20)
		buf := make([]byte, n)
		l.fill(buf)
		if !l.put(h, a[0], buf) {
			return -eFAULT, true
		}
		return int64(n), true
	case sysRiscvHwprobe:
		return l.hwprobe(h, a), true
	case sysRtSigaction:
		return l.rtSigaction(h, a[0], a[1], a[2], a[3]), true
	case sysRtSigprocmask:
		return l.rtSigprocmask(h, a[0], a[1], a[2], a[3]), true
	case sysRtSigpending:
		return l.rtSigpending(h, a[0], a[1]), true
	case sysRtSigtimedwait, sysRtSigtimedwait64:
		return l.rtSigtimedwait(h, a[0], a[1], a[2], a[3])
	case sysRtSigreturn:
		return l.rtSigreturn(h)
	case sysSigaltstack:
		return l.sigaltstack(h, a[0], a[1]), true
	case sysKill:
		pid := int64(a[0])
		if pid == l.pid || l.proc == nil && (pid == 0 || pid == -1 || pid == -linuxPid) {
			return l.kill(h, a[1], l.pid), true
		}
		switch {
		case a[1] > numSignals:
			return -eINVAL, true
		case pid > 0:
			if l.proc != nil {
				if o := l.proc.tree.find(pid); o != nil {
					return o.kill(nil, a[1], l.pid), true
				}
			}
			return -eSRCH, true
		case pid == 0 || pid == -1 || pid == -linuxPid:
			// The group (every process is in the first one's), or every process: the
			// others, then the caller.
			for _, q := range l.proc.tree.list {
				if q.l != l {
					q.l.kill(nil, a[1], l.pid)
				}
			}
			return l.kill(h, a[1], l.pid), true
		}
		return -eSRCH, true
	case sysTkill:
		return l.tkill(h, int64(a[0]), a[1]), true
	case sysTgkill:
		if int64(a[0]) != l.pid {
			return -eSRCH, true
		}
		return l.tkill(h, int64(a[1]), a[2]), true
	}
	l.Unimplemented[nr]++
	if l.cfg.StrictSyscalls {
		h.stop = Stop{Reason: StopSignal, Signal: SIGSYS, Cause: CauseEcallU, PC: h.PC - 4,
			Msg: fmt.Sprintf("system call %d is not implemented (--strict-syscalls)", nr)}
		return 0, false
	}
	return -eNOSYS, true
}

// linuxPid is the guest's process and thread id.
const linuxPid = 1000

func (l *Linux) putTimespec(h *Hart, addr uint64, ns int64, narrow bool) bool {
	buf := make([]byte, 16)
	if narrow {
		binary.LittleEndian.PutUint32(buf, uint32(ns/1e9))
		binary.LittleEndian.PutUint32(buf[4:], uint32(ns%1e9))
		buf = buf[:8]
	} else {
		binary.LittleEndian.PutUint64(buf, uint64(ns/1e9))
		binary.LittleEndian.PutUint64(buf[8:], uint64(ns%1e9))
	}
	return l.put(h, addr, buf)
}

func (l *Linux) write(h *Hart, fd, addr, n uint64) int64 {
	f, errno := l.fileFor(fd)
	if errno != 0 {
		return -int64(errno)
	}
	var w io.Writer
	switch f.kind {
	case kindStdout:
		w = l.cfg.Stdout
	case kindStderr:
		w = l.cfg.Stderr
	case kindPipeWrite:
	case kindDevice:
		return l.writeDevice(h, f, addr, n)
	case kindEventfd:
		return l.writeEventfd(h, f, addr, n)
	default:
		return -eBADF
	}
	n = min(n, 1<<24)
	if !h.Mem.CheckAccess(addr, n, PermR) {
		return -eFAULT
	}
	if f.kind == kindPipeWrite {
		if p := f.pipe; len(p.data) >= pipeMax && p.readers > 0 && f.flags&oNonblock == 0 && !l.pipeNoWait {
			// Full: another process may drain it.
			if l.waitOthers(func() bool { return len(p.data) < pipeMax || p.readers == 0 }) && len(p.data) >= pipeMax && p.readers > 0 && l.interrupted() {
				return -eINTR
			}
		}
		if f.pipe.readers == 0 {
			l.raiseSignal(h, SIGPIPE)
			return -ePIPE
		}
		n = min(n, uint64(pipeMax-len(f.pipe.data)))
		if n == 0 {
			l.yieldOthers() // (a program that polls a non-blocking pipe lets the reader run)
			return -eAGAIN
		}
		buf := make([]byte, n)
		h.Mem.Read(addr, buf)
		f.pipe.data = append(f.pipe.data, buf...)
		return int64(n)
	}
	buf := make([]byte, n)
	h.Mem.Read(addr, buf)
	if w == nil {
		return int64(n)
	}
	k, err := w.Write(buf)
	if err != nil {
		if k > 0 {
			return int64(k)
		}
		var en syscall.Errno
		switch {
		case errors.As(err, &en):
			if en == syscall.EPIPE {
				l.raiseSignal(h, SIGPIPE)
			}
			return -int64(en)
		case errors.Is(err, io.ErrClosedPipe):
			l.raiseSignal(h, SIGPIPE)
			return -ePIPE
		}
		return -eIO
	}
	return int64(n)
}

func (l *Linux) read(h *Hart, fd, addr, n uint64) int64 {
	f, errno := l.fileFor(fd)
	if errno != 0 {
		return -int64(errno)
	}
	switch f.kind {
	case kindFile, kindDir:
		return l.readFile(h, f, addr, n, -1)
	case kindDevice:
		return l.readDevice(h, f, addr, n)
	case kindEventfd:
		return l.readEventfd(h, f, addr, n)
	case kindPipeRead:
		if p := f.pipe; len(p.data) == 0 && p.writers > 0 && f.flags&oNonblock == 0 && !l.pipeNoWait {
			// Empty: another process may write it.
			if l.waitOthers(func() bool { return len(p.data) > 0 || p.writers == 0 }) && len(p.data) == 0 && p.writers > 0 && l.interrupted() {
				return -eINTR
			}
		}
		n = min(n, uint64(len(f.pipe.data)))
		if n == 0 {
			if f.pipe.writers > 0 {
				l.yieldOthers() // (a program that polls a non-blocking pipe lets the writer run)
				return -eAGAIN
			}
			return 0
		}
		if !l.put(h, addr, f.pipe.data[:n]) {
			return -eFAULT
		}
		f.pipe.data = f.pipe.data[n:]
		return int64(n)
	case kindStdin:
	default:
		return -eBADF
	}
	if l.cfg.Stdin == nil {
		return 0
	}
	n = min(n, 1<<20)
	if !h.Mem.CheckAccess(addr, n, PermW) {
		return -eFAULT
	}
	buf := make([]byte, n)
	k, err := l.cfg.Stdin.Read(buf)
	if k == 0 && err != nil && err != io.EOF {
		return -int64(errnoOf(err))
	}
	h.Mem.Write(addr, buf[:k])
	return int64(k)
}

func (l *Linux) pipe2(h *Hart, addr, flags uint64) int64 {
	if flags&^(oCloexec|oNonblock) != 0 {
		return -eINVAL
	}
	if !h.Mem.CheckAccess(addr, 8, PermW) {
		return -eFAULT
	}
	p := &pipeBuf{readers: 1, writers: 1}
	r := l.newFD(&guestFile{kind: kindPipeRead, pipe: p, flags: flags & oNonblock}, 0, flags&oCloexec != 0)
	if r < 0 {
		return r
	}
	w := l.newFD(&guestFile{kind: kindPipeWrite, pipe: p, flags: 1 | flags&oNonblock}, 0, flags&oCloexec != 0)
	if w < 0 {
		l.closeFD(uint64(r))
		return w
	}
	var b [8]byte
	binary.LittleEndian.PutUint32(b[:], uint32(r))
	binary.LittleEndian.PutUint32(b[4:], uint32(w))
	h.Mem.Write(addr, b[:])
	return 0
}

func (l *Linux) fcntl(fd, cmd, arg uint64) int64 {
	const (
		fDupfd, fGetfd, fSetfd, fGetfl, fSetfl, fDupfdCloexec = 0, 1, 2, 3, 4, 1030
	)
	f, errno := l.fileFor(fd)
	if errno != 0 {
		return -int64(errno)
	}
	switch cmd {
	case fDupfd, fDupfdCloexec:
		if arg >= maxFDs {
			return -eINVAL
		}
		return l.newFD(f, arg, cmd == fDupfdCloexec)
	case fGetfd:
		if l.fds[fd].cloexec {
			return 1
		}
		return 0
	case fSetfd:
		l.fds[fd].cloexec = arg&1 != 0
		return 0
	case fGetfl:
		return int64(f.flags)
	case fSetfl:
		f.flags = f.flags&oAccMode | arg&oNonblock
		return 0
	}
	return -eINVAL
}

func (l *Linux) prlimit(h *Hart, pid, resource, newp, oldp uint64) int64 {
	if pid != 0 && pid != linuxPid {
		return -eSRCH
	}
	if resource >= 16 {
		return -eINVAL
	}
	inf := ^uint64(0)
	cur, max := inf, inf
	switch resource {
	case 3: // RLIMIT_STACK
		cur = stackSize
	case 7: // RLIMIT_NOFILE
		cur, max = maxFDs, maxFDs
	case 9: // RLIMIT_AS
		cur, max = h.Mem.Limit(), h.Mem.Limit()
	}
	if oldp != 0 {
		var b [16]byte
		binary.LittleEndian.PutUint64(b[:], cur)
		binary.LittleEndian.PutUint64(b[8:], max)
		if !l.put(h, oldp, b[:]) {
			return -eFAULT
		}
	}
	if newp != 0 {
		return -ePERM
	}
	return 0
}

func (l *Linux) sysinfo(h *Hart, addr uint64) int64 {
	// struct sysinfo with 64-bit longs: uptime, loads[3], totalram, freeram, sharedram,
	// bufferram, totalswap, freeswap, procs (u16), pad, totalhigh, freehigh, mem_unit (u32).
	b := make([]byte, 112)
	le := binary.LittleEndian
	le.PutUint64(b[0:], uint64(h.TimeNanos()/1e9))
	le.PutUint64(b[32:], h.Mem.Limit())
	le.PutUint64(b[40:], h.Mem.Limit()-h.Mem.Touched())
	le.PutUint16(b[80:], 1)
	le.PutUint32(b[104:], 1)
	if !l.put(h, addr, b) {
		return -eFAULT
	}
	return 0
}
