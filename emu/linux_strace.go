package emu

import (
	"fmt"
	"strconv"
	"strings"
)

// The system-call log (run --strace, qemu-user's -strace): one line per call, with the
// process id, the call's name and arguments (paths as strings) and its result, an error as
// qemu writes it. A call the guest makes that rvsim does not implement shows as
// "= -1 errno=38 (Function not implemented)", which is what a user porting a program wants
// to see.

// syscallInfo names a system call of the generic table RISC-V uses, with how many
// arguments it takes and which of them is a path (-1: none).
type syscallInfo struct {
	name  string
	nargs int
	path  int
}

var syscallNames = map[uint64]syscallInfo{
	17: {"getcwd", 2, -1}, 23: {"dup", 1, -1}, 24: {"dup3", 3, -1}, 25: {"fcntl", 3, -1},
	29: {"ioctl", 3, -1}, 34: {"mkdirat", 3, 1}, 35: {"unlinkat", 3, 1}, 37: {"linkat", 5, 1},
	38: {"renameat", 4, 1}, 43: {"statfs", 2, 0}, 44: {"fstatfs", 2, -1}, 46: {"ftruncate", 2, -1},
	48: {"faccessat", 3, 1}, 49: {"chdir", 1, 0}, 50: {"fchdir", 1, -1}, 52: {"fchmod", 2, -1},
	53: {"fchmodat", 3, 1}, 54: {"fchownat", 5, 1}, 55: {"fchown", 3, -1}, 56: {"openat", 4, 1},
	57: {"close", 1, -1}, 59: {"pipe2", 2, -1}, 61: {"getdents64", 3, -1}, 62: {"lseek", 3, -1},
	63: {"read", 3, -1}, 64: {"write", 3, -1}, 65: {"readv", 3, -1}, 66: {"writev", 3, -1},
	67: {"pread64", 4, -1}, 68: {"pwrite64", 4, -1}, 71: {"sendfile", 4, -1}, 72: {"pselect6", 6, -1},
	19: {"eventfd2", 2, -1}, 20: {"epoll_create1", 1, -1}, 21: {"epoll_ctl", 4, -1},
	22: {"epoll_pwait", 6, -1}, 441: {"epoll_pwait2", 6, -1},
	73: {"ppoll", 5, -1}, 74: {"signalfd4", 4, -1}, 78: {"readlinkat", 4, 1}, 79: {"newfstatat", 4, 1}, 80: {"fstat", 2, -1},
	82: {"fsync", 1, -1}, 85: {"timerfd_create", 2, -1}, 86: {"timerfd_settime", 4, -1}, 87: {"timerfd_gettime", 2, -1}, 88: {"utimensat", 4, 1}, 90: {"capget", 2, -1}, 93: {"exit", 1, -1},
	94: {"exit_group", 1, -1}, 95: {"waitid", 5, -1}, 96: {"set_tid_address", 1, -1}, 98: {"futex", 6, -1},
	99: {"set_robust_list", 2, -1}, 101: {"nanosleep", 2, -1}, 102: {"getitimer", 2, -1},
	103: {"setitimer", 3, -1}, 107: {"timer_create", 3, -1}, 108: {"timer_gettime", 2, -1},
	109: {"timer_getoverrun", 1, -1}, 110: {"timer_settime", 4, -1}, 111: {"timer_delete", 1, -1},
	113: {"clock_gettime", 2, -1}, 114: {"clock_getres", 2, -1}, 115: {"clock_nanosleep", 4, -1},
	122: {"sched_setaffinity", 3, -1}, 123: {"sched_getaffinity", 3, -1}, 124: {"sched_yield", 0, -1},
	129: {"kill", 2, -1}, 130: {"tkill", 2, -1}, 131: {"tgkill", 3, -1}, 132: {"sigaltstack", 2, -1},
	133: {"rt_sigsuspend", 2, -1}, 134: {"rt_sigaction", 4, -1}, 135: {"rt_sigprocmask", 4, -1},
	136: {"rt_sigpending", 2, -1}, 137: {"rt_sigtimedwait", 4, -1}, 139: {"rt_sigreturn", 0, -1},
	153: {"times", 1, -1}, 154: {"setpgid", 2, -1}, 155: {"getpgid", 1, -1}, 156: {"getsid", 1, -1},
	157: {"setsid", 0, -1}, 158: {"getgroups", 2, -1}, 159: {"setgroups", 2, -1}, 160: {"uname", 1, -1},
	163: {"getrlimit", 2, -1}, 164: {"setrlimit", 2, -1}, 165: {"getrusage", 2, -1}, 166: {"umask", 1, -1},
	167: {"prctl", 5, -1}, 169: {"gettimeofday", 2, -1}, 172: {"getpid", 0, -1}, 173: {"getppid", 0, -1},
	174: {"getuid", 0, -1}, 175: {"geteuid", 0, -1}, 176: {"getgid", 0, -1}, 177: {"getegid", 0, -1},
	178: {"gettid", 0, -1}, 179: {"sysinfo", 1, -1}, 198: {"socket", 3, -1}, 203: {"connect", 3, -1},
	214: {"brk", 1, -1}, 215: {"munmap", 2, -1}, 216: {"mremap", 5, -1}, 220: {"clone", 5, -1},
	221: {"execve", 3, 0}, 222: {"mmap", 6, -1}, 226: {"mprotect", 3, -1}, 227: {"msync", 3, -1}, 228: {"mlock", 2, -1}, 229: {"munlock", 2, -1}, 230: {"mlockall", 1, -1}, 231: {"munlockall", 0, -1},
	233: {"madvise", 3, -1}, 258: {"riscv_hwprobe", 5, -1}, 259: {"riscv_flush_icache", 3, -1},
	260: {"wait4", 4, -1}, 261: {"prlimit64", 4, -1}, 276: {"renameat2", 5, 1}, 278: {"getrandom", 3, -1}, 284: {"mlock2", 3, -1},
	279: {"memfd_create", 2, 0}, 281: {"execveat", 5, 1}, 283: {"membarrier", 3, -1},
	291: {"statx", 5, 1}, 293: {"rseq", 4, -1}, 403: {"clock_gettime64", 2, -1},
	406: {"clock_getres_time64", 2, -1}, 407: {"clock_nanosleep_time64", 4, -1},
	408: {"timer_gettime64", 2, -1}, 409: {"timer_settime64", 4, -1}, 413: {"pselect6_time64", 6, -1},
	414: {"ppoll_time64", 5, -1}, 421: {"rt_sigtimedwait_time64", 4, -1}, 422: {"futex_time64", 6, -1}, 435: {"clone3", 2, -1},
	439: {"faccessat2", 4, 1},
}

// errnoNames are the messages for the errnos rvsim's calls return (as strerror gives them).
var errnoNames = map[int64]string{
	1: "Operation not permitted", 2: "No such file or directory", 3: "No such process",
	4: "Interrupted system call", 5: "Input/output error", 6: "No such device or address",
	9: "Bad file descriptor", 10: "No child processes", 11: "Resource temporarily unavailable",
	12: "Cannot allocate memory", 13: "Permission denied", 14: "Bad address", 17: "File exists",
	19: "No such device", 20: "Not a directory", 21: "Is a directory", 22: "Invalid argument",
	24: "Too many open files", 25: "Inappropriate ioctl for device", 28: "No space left on device",
	29: "Illegal seek", 30: "Read-only file system", 32: "Broken pipe", 34: "Numerical result out of range",
	36: "File name too long", 38: "Function not implemented", 40: "Too many levels of symbolic links",
	95: "Operation not supported",
}

// traceCall writes the start of a call's line: the pid, its name and arguments.
func (l *Linux) traceCall(h *Hart, nr uint64, a [6]uint64) {
	info, ok := syscallNames[nr]
	var b strings.Builder
	fmt.Fprintf(&b, "%d ", l.pid)
	if !ok {
		info = syscallInfo{"syscall_" + strconv.FormatUint(nr, 10), 6, -1}
	}
	b.WriteString(info.name)
	b.WriteByte('(')
	for i := 0; i < info.nargs; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		v := a[i] & h.addrMask
		sv := int64(v)
		if h.ISA.XLEN == 32 {
			sv = int64(int32(v))
		}
		switch {
		case i == info.path && v != 0:
			if s, err := h.Mem.ReadString(v, 256); err == nil {
				b.WriteString(strconv.Quote(s))
			} else {
				fmt.Fprintf(&b, "%#x", v)
			}
		case sv < 0 && sv > -4096: // AT_FDCWD and the like
			fmt.Fprintf(&b, "%d", sv)
		case v < 4096: // descriptors, counts, signal numbers
			fmt.Fprintf(&b, "%d", v)
		default:
			fmt.Fprintf(&b, "%#x", v)
		}
	}
	b.WriteByte(')')
	l.traceLine = b.String()
	if nr == sysExit || nr == sysExitGroup {
		l.traceEnd(h, 0, true) // before the process ends
	}
}

// traceEnd finishes the line with the result (none for a call that does not return).
func (l *Linux) traceEnd(h *Hart, ret int64, noReturn bool) {
	if l.traceLine == "" {
		return
	}
	line := l.traceLine
	l.traceLine = ""
	switch {
	case noReturn:
		line += "\n"
	case ret < 0 && ret > -4096:
		msg := errnoNames[-ret]
		if msg == "" {
			msg = "Unknown error " + strconv.FormatInt(-ret, 10)
		}
		line += fmt.Sprintf(" = -1 errno=%d (%s)\n", -ret, msg)
	case ret >= 0 && ret < 1<<16:
		line += " = " + strconv.FormatInt(ret, 10) + "\n"
	default:
		line += fmt.Sprintf(" = %#x\n", uint64(ret)&h.addrMask)
	}
	// A failed write is the writer's to report: rvsim's stderr is checked.
	l.cfg.Strace.Write([]byte(line))
}
