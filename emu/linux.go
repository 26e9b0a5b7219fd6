package emu

import (
	"encoding/binary"
	"io"
	"os"
	"time"

	"rvsim/isa"
)

// LinuxConfig describes the process a Linux user-mode guest runs as.
type LinuxConfig struct {
	Args   []string // argv; Args[0] is the program name
	Env    []string // envp
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Seed makes getrandom and AT_RANDOM deterministic: the same seed, the same bytes.
	Seed uint64
	// StrictSyscalls turns an unimplemented system call into a fault instead of -ENOSYS.
	StrictSyscalls bool
	// Now is the wall-clock time CLOCK_REALTIME starts from (the host's time if zero).
	Now time.Time
	// Sysroot is the directory every path the guest opens is looked up in, read-only, as
	// qemu-user's -L (nil: the guest opens nothing). Exe is the program's path as the guest
	// sees it (readlink of /proc/self/exe).
	Sysroot *os.Root
	Exe     string
	// HostExe is the program's host path: what execve of /proc/self/exe runs again.
	HostExe string
	// Strace, when set, receives a line per system call (linux_strace.go).
	Strace io.Writer
	// ChildMaxInsns, when not 0, bounds each forked process's instructions: one that runs
	// past it ends as if killed (SIGKILL), with a note, so that a child that runs away
	// ends the run as --max-insns ends the first process.
	ChildMaxInsns uint64
}

// Linux emulates the Linux user-mode environment the way qemu-user does, for statically
// linked programs: the initial stack, and the system calls such a program makes. No system
// call reaches a host file: output goes to the configured writers, input comes from Stdin.
type Linux struct {
	cfg      LinuxConfig
	brkStart uint64
	brk      uint64
	brkMax   uint64
	mmapNext uint64
	mmapTop  uint64
	mmapBase uint64
	mmapMin  uint64
	rng      uint64
	realBase uint64 // CLOCK_REALTIME at virtual time 0, in ns

	root *os.Root
	// cwd is the working directory, a guest path without the trailing slash ("" for "/", the
	// directory a process starts in), so that cwd + "/" + a relative path is absolute.
	cwd  string
	exe  string
	auxv []byte // the auxiliary vector, for Auxv
	// traceLine is the --strace line of the call in progress, until its result is known.
	traceLine string
	fds       []*fdEntry
	// pid is the process id (linuxPid for the first; forks get others), depth how many
	// forks deep it is, children the statuses wait4 has yet to report.
	pid      int64
	depth    int
	children []childStatus
	ppid     int64 // the parent's pid (0 for the first process)
	// proc is the process in its tree (linux_procs.go), nil until it first forks or makes
	// a thread.
	proc *proc
	// pipeNoWait: a read or write of a pipe does not wait for another process (a readv's
	// or writev's buffers after the first, which return what the first ones did).
	pipeNoWait bool
	// mappedFiles stay open while mappings read from them.
	mappedFiles []*guestFile

	sig signalState
	tm  timerState
	thr threadState // linux_thread.go

	// Objects are the ELF images loaded: the program, its interpreter and the shared
	// objects mapped after them.
	Objects []*Object

	Exited   bool
	ExitCode int
	// Unimplemented counts system calls answered with -ENOSYS, by number.
	Unimplemented map[uint64]int
}

// Error numbers returned (negated) to the guest.
const (
	eBADF  = 9
	eNOMEM = 12
	eFAULT = 14
	eINVAL = 22
	eNOTTY = 25
	eNOSYS = 38
	eNODEV = 19
	eNOENT = 2
)

// Address-space layout. The stack sits below the top of the Sv39 user range on RV64 and
// below 2 GiB on RV32; mmap allocates upwards from its own base.
const (
	stackSize = 8 << 20
)

func layout(xlen int) (stackTop, mmapBase, mmapTop uint64) {
	if xlen == 32 {
		return 0x7fff0000, 0x40000000, 0x70000000
	}
	return 0x3ffffff000, 0x2000000000, 0x3f00000000
}

// NewLinux attaches a Linux environment to h for a program whose image ends at end (brk
// starts there) and lays out the initial stack: argc, argv, envp and the auxiliary vector,
// as the kernel's ELF loader does.
func NewLinux(h *Hart, cfg LinuxConfig, img Image) (*Linux, error) {
	if cfg.Now.IsZero() {
		cfg.Now = time.Now()
	}
	l := &Linux{cfg: cfg, Unimplemented: map[uint64]int{}, root: cfg.Sysroot, exe: cfg.Exe, pid: linuxPid}
	l.initFiles()
	l.initSignals(h)
	l.rng = cfg.Seed ^ 0x9e3779b97f4a7c15
	l.realBase = uint64(cfg.Now.UnixNano())
	l.brkStart = (img.End + PageSize - 1) &^ (PageSize - 1)
	l.brk = l.brkStart
	stackTop, mmapBase, mmapTop := layout(h.ISA.XLEN)
	l.brkMax = mmapBase
	l.mmapNext, l.mmapTop = mmapBase, mmapTop
	l.mmapBase, l.mmapMin = mmapBase, 0x10000
	h.Linux = l
	h.Priv = PrivU
	m := h.Mem
	m.Map(stackTop-stackSize, stackSize, PermRW)

	// Strings and the 16 random bytes go at the top of the stack, the pointer arrays below.
	word := uint64(h.ISA.XLEN / 8)
	sp := stackTop - 16
	push := func(b []byte) uint64 {
		sp -= uint64(len(b))
		m.Write(sp, b)
		return sp
	}
	execfn := push(append([]byte(cfg.Args[0]), 0))
	var argv, envp []uint64
	for _, a := range cfg.Args {
		argv = append(argv, push(append([]byte(a), 0)))
	}
	for _, e := range cfg.Env {
		envp = append(envp, push(append([]byte(e), 0)))
	}
	var rnd [16]byte
	l.fill(rnd[:])
	random := push(rnd[:])
	platform := push([]byte("riscv\x00"))

	auxv := [][2]uint64{
		{3, img.Phdr}, {4, img.Phent}, {5, img.Phnum}, // AT_PHDR, AT_PHENT, AT_PHNUM
		{6, PageSize}, {7, img.InterpBase}, {8, 0}, {9, img.Entry}, // AT_PAGESZ, AT_BASE, AT_FLAGS, AT_ENTRY
		{11, 0}, {12, 0}, {13, 0}, {14, 0}, // AT_UID, AT_EUID, AT_GID, AT_EGID
		{16, hwcap(h.ISA)}, {17, 100}, {15, platform}, // AT_HWCAP, AT_CLKTCK, AT_PLATFORM
		{23, 0}, {25, random}, {31, execfn}, // AT_SECURE, AT_RANDOM, AT_EXECFN
		{6 + 45, 0x1000}, // AT_MINSIGSTKSZ
		{0, 0},           // AT_NULL
	}
	n := 1 + len(argv) + 1 + len(envp) + 1 + 2*len(auxv)
	sp = (sp - uint64(n)*word) &^ 15
	h.X[2] = h.wb(sp)
	put := func(i int, v uint64) {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], v)
		m.Write(sp+uint64(i)*word, b[:word])
	}
	i := 0
	put(i, uint64(len(argv)))
	i++
	for _, a := range argv {
		put(i, a)
		i++
	}
	put(i, 0)
	i++
	for _, e := range envp {
		put(i, e)
		i++
	}
	put(i, 0)
	i++
	for _, kv := range auxv {
		put(i, kv[0])
		put(i+1, kv[1])
		i += 2
	}
	l.auxv = make([]byte, 0, len(auxv)*2*int(word))
	for _, kv := range auxv {
		for _, v := range kv {
			l.auxv = binary.LittleEndian.AppendUint64(l.auxv, v)[:len(l.auxv)+int(word)]
		}
	}
	return l, nil
}

// Auxv returns the auxiliary vector the program started with, as the words on its stack
// (what Linux's /proc/PID/auxv holds and gdb's qXfer:auxv:read asks for: a PIE's load
// address comes from AT_ENTRY and AT_PHDR).
func (l *Linux) Auxv() []byte { return l.auxv }

// hwcap is AT_HWCAP: one bit per single-letter extension ('A' is bit 0).
func hwcap(t isa.ISA) uint64 {
	var v uint64
	for _, e := range t.Exts.List() {
		if n := e.Info().Name; len(n) == 1 {
			v |= 1 << (n[0] - 'a')
		}
	}
	return v
}

// Image is what the environment needs to know about the loaded program.
type Image struct {
	Entry, End         uint64
	Phdr, Phent, Phnum uint64
	// InterpBase is where the program interpreter was loaded (AT_BASE; 0 for a static
	// program).
	InterpBase uint64
}

// next64 is splitmix64: a small, well-distributed, seedable generator.
func (l *Linux) next64() uint64 {
	l.rng += 0x9e3779b97f4a7c15
	z := l.rng
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (l *Linux) fill(b []byte) {
	for i := 0; i < len(b); i += 8 {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], l.next64())
		copy(b[i:], w[:])
	}
}

// Syscall performs the system call in a7 with arguments in a0..a5; the result goes to a0.
// It returns false when the guest exited (or, with StrictSyscalls, called something
// unimplemented).
func (l *Linux) Syscall(h *Hart) bool {
	nr := h.Reg(17)
	a := [6]uint64{h.Reg(10), h.Reg(11), h.Reg(12), h.Reg(13), h.Reg(14), h.Reg(15)}
	if l.cfg.Strace != nil {
		l.traceCall(h, nr, a)
	}
	ret, ok := l.syscall(h, nr, a)
	if l.cfg.Strace != nil {
		l.traceEnd(h, ret, !ok)
	}
	if !ok {
		return false
	}
	h.SetReg(10, uint64(ret))
	if l.thr.resched && !l.schedule(h) {
		return false
	}
	return l.deliverPending(h)
}

// SIGSYS is the signal for a bad system call.
const SIGSYS = 31

func (l *Linux) readWord(h *Hart, addr uint64) (uint64, bool) {
	var b [8]byte
	w := h.ISA.XLEN / 8
	if !h.Mem.CheckAccess(addr, uint64(w), PermR) || h.Mem.Read(addr, b[:w]) != nil {
		return 0, false
	}
	return binary.LittleEndian.Uint64(b[:]), true
}

// put writes buf into guest memory that the guest may write.
func (l *Linux) put(h *Hart, addr uint64, buf []byte) bool {
	if !h.Mem.CheckAccess(addr, uint64(len(buf)), PermW) {
		return false
	}
	return h.Mem.Write(addr, buf) == nil
}

// hwprobe answers riscv_hwprobe from the ISA.
func (l *Linux) hwprobe(h *Hart, a [6]uint64) int64 {
	pairs, count := a[0], a[1]
	if count > 1024 {
		return -eINVAL
	}
	for i := uint64(0); i < count; i++ {
		var b [16]byte
		p := pairs + 16*i
		if !h.Mem.CheckAccess(p, 16, PermRW) {
			return -eFAULT
		}
		h.Mem.Read(p, b[:])
		key := int64(binary.LittleEndian.Uint64(b[:]))
		var v uint64
		switch key {
		case 0, 1, 2: // mvendorid, marchid, mimpid
		case 3: // base behaviour: IMA
			v = 1
		case 4:
			if h.ISA.Exts.Has(isa.ExtF) && h.ISA.Exts.Has(isa.ExtD) {
				v |= 1
			}
			v |= isa.HwprobeExt0(h.ISA.Exts)
		case 5: // CPUPERF_0: misaligned accesses are emulated, as a trap-and-fix kernel would
			v = 1
		case 6: // ZICBOZ_BLOCK_SIZE
			if h.ISA.Exts.Has(isa.ExtZicboz) {
				v = isa.CacheBlockBytes
			}
		default:
			key = -1
		}
		binary.LittleEndian.PutUint64(b[:], uint64(key))
		binary.LittleEndian.PutUint64(b[8:], v)
		h.Mem.Write(p, b[:])
	}
	return 0
}
