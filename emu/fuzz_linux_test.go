package emu_test

import (
	"encoding/binary"
	"io"
	"testing"
	"time"

	"rvsim/emu"
)

// fuzzSyscalls are the calls FuzzLinuxSyscalls makes: threads, futexes, waits, pipes, epoll,
// signals and memory, where state crosses from one thread to another.
var fuzzSyscalls = []int64{
	220, 220, 98, 98, 98, // clone, futex
	19, 20, 21, 22, 441, // eventfd2, epoll_create1, epoll_ctl, epoll_pwait, epoll_pwait2
	59, 63, 64, 57, // pipe2, read, write, close
	73, 72, 133, // ppoll, pselect6, rt_sigsuspend
	101, 115, 124, // nanosleep, clock_nanosleep, sched_yield
	93, 96, 178, 129, 130, 131, 134, 135, // exit, set_tid_address, gettid, kill, tkill, tgkill, rt_sigaction, rt_sigprocmask
	103, 222, 215, 233, // setitimer, mmap, munmap, madvise
	// (appended, so that the seeds' first bytes, all below 32, pick the calls they did)
	137, 95, 85, 86, 87, // rt_sigtimedwait, waitid, timerfd_create, timerfd_settime, timerfd_gettime
	17, 49, 50, 228, 230, // getcwd, chdir, fchdir, mlock, mlockall
	74, // signalfd4
}

// FuzzLinuxSyscalls runs a program that makes a sequence of system calls chosen by the
// input, with arguments that are small numbers, pointers into the data pages, thread ids or
// raw input words. The calls clone threads (which run the rest of the sequence too), wait on
// futexes, pipes, epoll sets and signals and exit; whatever they do, the run must end (a
// budget, a deadlock or an exit) without a panic or a hang, and within bounded memory, at
// both XLENs.
func FuzzLinuxSyscalls(f *testing.F) {
	// clone a thread, futex-wake and -wait, pipe and read, exit.
	f.Add([]byte{0, 0x51, 0x20, 0, 0, 0, 3, 0x10, 0, 1, 0, 0, 4, 0x10, 0, 0, 0, 0, 10, 0x10, 0, 0, 0, 0, 11, 0, 0x10, 0, 0, 0, 20})
	f.Add([]byte{1, 0x51, 0x22, 0x33, 0, 0, 5, 0x20, 1, 0x10, 0, 0, 8, 1, 0x10, 0x21, 0, 0, 17, 0x20, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, in []byte) {
		xlen, march := 64, "rv64gc"
		if len(in)%2 == 1 {
			xlen, march = 32, "rv32gc" // odd lengths run as RV32
		}
		a := newAsm(codeBase, xlen)
		for call := 0; len(in) >= 7 && call < 24; call++ {
			nr := fuzzSyscalls[int(in[0])%len(fuzzSyscalls)]
			for r, sel := range in[1:7] {
				v := fuzzArg(nr, r, sel)
				if xlen == 32 {
					v = int64(int32(v))
				}
				a.li(uint32(rA0+r), v)
			}
			a.li(rA7, nr).ecall()
			in = in[7:]
		}
		a.li(rA0, 0).li(rA7, 94).ecall()
		h, _ := newLinuxHart(t, march, a.bytes(), emu.LinuxConfig{Stdout: io.Discard, Stderr: io.Discard})
		h.Mem.SetLimit(64 << 20)
		runWithTimeout(t, h, 200_000, 20*time.Second)
		if h.Mem.Touched() > 64<<20 {
			t.Fatalf("touched %d MiB", h.Mem.Touched()>>20)
		}
	})
}

// fuzzArg is argument r of call nr from the selector sel: its top bits pick the kind.
func fuzzArg(nr int64, r int, sel byte) int64 {
	v := int64(sel & 0x3f)
	switch sel >> 6 {
	case 0:
		if nr == 220 && r == 0 {
			// A thread as glibc makes one (VM, FS, FILES, SIGHAND, SYSVSEM, THREAD,
			// SETTLS, PARENT_SETTID, CHILD_CLEARTID) or with fewer of those flags.
			return []int64{0x3d0f00, 0x50f00, 0x10900, 0x10000}[v&3]
		}
		return v & 7
	case 1:
		return dataBase + v*0x40 // inside the data pages (the stack for a clone)
	case 2:
		return 1000 + v&3 // the process's id and the next thread ids
	}
	return int64(binary.LittleEndian.Uint64([]byte{sel, sel * 3, 0, sel, 0, 0, 0, 0})) - 1
}
