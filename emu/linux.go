package emu

import (
	"encoding/binary"
	"fmt"
	"io"
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
	rng      uint64
	realBase uint64 // CLOCK_REALTIME at virtual time 0, in ns

	Exited   bool
	ExitCode int
	// Unimplemented counts system calls answered with -ENOSYS, by number.
	Unimplemented map[uint64]int
}

// Linux system call numbers (the generic table RISC-V uses).
const (
	sysIoctl            = 29
	sysClose            = 57
	sysRead             = 63
	sysWrite            = 64
	sysReadv            = 65
	sysWritev           = 66
	sysFstat            = 80
	sysExit             = 93
	sysExitGroup        = 94
	sysSetTidAddress    = 96
	sysSetRobustList    = 99
	sysClockGettime     = 113
	sysRtSigaction      = 134
	sysRtSigprocmask    = 135
	sysUname            = 160
	sysGettimeofday     = 169
	sysGetpid           = 172
	sysGetuid           = 174
	sysGeteuid          = 175
	sysGetgid           = 176
	sysGetegid          = 177
	sysGettid           = 178
	sysBrk              = 214
	sysMunmap           = 215
	sysMmap             = 222
	sysMprotect         = 226
	sysMadvise          = 233
	sysRiscvHwprobe     = 258
	sysRiscvFlushIcache = 259
	sysPrlimit64        = 261
	sysGetrandom        = 278
	sysClockGettime64   = 403
)

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
	l := &Linux{cfg: cfg, Unimplemented: map[uint64]int{}}
	l.rng = cfg.Seed ^ 0x9e3779b97f4a7c15
	l.realBase = uint64(cfg.Now.UnixNano())
	l.brkStart = (img.End + PageSize - 1) &^ (PageSize - 1)
	l.brk = l.brkStart
	stackTop, mmapBase, mmapTop := layout(h.ISA.XLEN)
	l.brkMax = mmapBase
	l.mmapNext, l.mmapTop = mmapBase, mmapTop
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
		{6, PageSize}, {7, 0}, {8, 0}, {9, img.Entry}, // AT_PAGESZ, AT_BASE, AT_FLAGS, AT_ENTRY
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
	return l, nil
}

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
	ret, ok := l.syscall(h, nr, a)
	if !ok {
		return false
	}
	h.SetReg(10, uint64(ret))
	return true
}

func (l *Linux) syscall(h *Hart, nr uint64, a [6]uint64) (int64, bool) {
	m := h.Mem
	word := uint64(h.ISA.XLEN / 8)
	switch nr {
	case sysExit, sysExitGroup:
		l.Exited = true
		l.ExitCode = int(int32(a[0])) & 0xff
		h.stop = Stop{Reason: StopExit, Code: l.ExitCode, PC: h.PC}
		return 0, false
	case sysWrite:
		return l.write(h, a[0], a[1], a[2]), true
	case sysWritev, sysReadv:
		var total int64
		for i := uint64(0); i < a[2] && i < 1024; i++ {
			base, ok1 := l.readWord(h, a[1]+i*2*word)
			n, ok2 := l.readWord(h, a[1]+i*2*word+word)
			if !ok1 || !ok2 {
				return -eFAULT, true
			}
			var r int64
			if nr == sysWritev {
				r = l.write(h, a[0], base, n)
			} else {
				r = l.read(h, a[0], base, n)
			}
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
	case sysRead:
		return l.read(h, a[0], a[1], a[2]), true
	case sysBrk:
		if a[0] < l.brkStart || a[0] > l.brkMax {
			return int64(l.brk), true
		}
		newEnd := (a[0] + PageSize - 1) &^ (PageSize - 1)
		oldEnd := (l.brk + PageSize - 1) &^ (PageSize - 1)
		if newEnd > oldEnd {
			if !l.unmapped(h, oldEnd, newEnd-oldEnd) {
				return int64(l.brk), true
			}
			m.Map(oldEnd, newEnd-oldEnd, PermRW)
		} else if newEnd < oldEnd {
			m.Unmap(newEnd, oldEnd-newEnd)
		}
		l.brk = a[0]
		return int64(l.brk), true
	case sysMmap:
		return l.mmap(h, a), true
	case sysMunmap:
		if a[0]&(PageSize-1) != 0 || a[1] == 0 {
			return -eINVAL, true
		}
		m.Unmap(a[0], (a[1]+PageSize-1)&^(PageSize-1))
		return 0, true
	case sysMprotect, sysMadvise, sysSetRobustList, sysRtSigaction, sysRtSigprocmask:
		return 0, true
	case sysRiscvFlushIcache:
		m.FlushCode()
		return 0, true
	case sysSetTidAddress, sysGettid, sysGetpid:
		return 1, true
	case sysGetuid, sysGeteuid, sysGetgid, sysGetegid:
		return 0, true
	case sysIoctl:
		if a[0] <= 2 {
			return -eNOTTY, true
		}
		return -eBADF, true
	case sysClose:
		if a[0] <= 2 {
			return 0, true
		}
		return -eBADF, true
	case sysClockGettime, sysClockGettime64:
		ns := l.clock(h, a[0])
		if ns < 0 {
			return -eINVAL, true
		}
		buf := make([]byte, 16)
		if nr == sysClockGettime && h.ISA.XLEN == 32 {
			binary.LittleEndian.PutUint32(buf, uint32(ns/1e9))
			binary.LittleEndian.PutUint32(buf[4:], uint32(ns%1e9))
			buf = buf[:8]
		} else {
			binary.LittleEndian.PutUint64(buf, uint64(ns/1e9))
			binary.LittleEndian.PutUint64(buf[8:], uint64(ns%1e9))
		}
		if !l.put(h, a[1], buf) {
			return -eFAULT, true
		}
		return 0, true
	case sysGettimeofday:
		if a[0] != 0 {
			ns := l.clock(h, 0)
			buf := make([]byte, 2*word)
			if word == 4 {
				binary.LittleEndian.PutUint32(buf, uint32(ns/1e9))
				binary.LittleEndian.PutUint32(buf[4:], uint32(ns%1e9/1000))
			} else {
				binary.LittleEndian.PutUint64(buf, uint64(ns/1e9))
				binary.LittleEndian.PutUint64(buf[8:], uint64(ns%1e9/1000))
			}
			if !l.put(h, a[0], buf) {
				return -eFAULT, true
			}
		}
		return 0, true
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
	case sysPrlimit64, sysFstat:
		return -eNOSYS, true
	}
	l.Unimplemented[nr]++
	if l.cfg.StrictSyscalls {
		h.stop = Stop{Reason: StopSignal, Signal: SIGSYS, Cause: CauseEcallU, PC: h.PC - 4,
			Msg: fmt.Sprintf("system call %d is not implemented (--strict-syscalls)", nr)}
		return 0, false
	}
	return -eNOSYS, true
}

// SIGSYS is the signal for a bad system call.
const SIGSYS = 31

func (l *Linux) clock(h *Hart, id uint64) int64 {
	v := int64(h.TimeNanos())
	switch id {
	case 0, 8, 5: // CLOCK_REALTIME, CLOCK_REALTIME_ALARM, CLOCK_REALTIME_COARSE
		return int64(l.realBase) + v
	case 1, 4, 6, 7, 9, 2, 3: // MONOTONIC, RAW, COARSE, BOOTTIME, ..., PROCESS/THREAD_CPUTIME
		return v
	}
	return -1
}

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

func (l *Linux) write(h *Hart, fd, addr, n uint64) int64 {
	var w io.Writer
	switch fd {
	case 1:
		w = l.cfg.Stdout
	case 2:
		w = l.cfg.Stderr
	default:
		return -eBADF
	}
	n = min(n, 1<<24)
	if !h.Mem.CheckAccess(addr, n, PermR) {
		return -eFAULT
	}
	buf := make([]byte, n)
	h.Mem.Read(addr, buf)
	if w != nil {
		w.Write(buf)
	}
	return int64(n)
}

func (l *Linux) read(h *Hart, fd, addr, n uint64) int64 {
	if fd != 0 {
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
	k, _ := l.cfg.Stdin.Read(buf)
	h.Mem.Write(addr, buf[:k])
	return int64(k)
}

// mmap supports anonymous private and shared mappings, at a hint or where there is room.
func (l *Linux) mmap(h *Hart, a [6]uint64) int64 {
	const (
		mapFixed          = 0x10
		mapAnonymous      = 0x20
		mapFixedNoReplace = 0x100000
	)
	addr, length, prot, flags := a[0], a[1], a[2], a[3]
	if length == 0 || length > 1<<40 {
		return -eINVAL
	}
	if flags&mapAnonymous == 0 {
		return -eNODEV // files cannot be mapped: the guest has no file system
	}
	size := (length + PageSize - 1) &^ (PageSize - 1)
	perm := Perm(0)
	if prot&1 != 0 {
		perm |= PermR
	}
	if prot&2 != 0 {
		perm |= PermW
	}
	if prot&4 != 0 {
		perm |= PermX
	}
	if flags&(mapFixed|mapFixedNoReplace) != 0 {
		if addr&(PageSize-1) != 0 {
			return -eINVAL
		}
		if flags&mapFixedNoReplace != 0 && !l.unmapped(h, addr, size) {
			return -17 // EEXIST
		}
		h.Mem.Unmap(addr, size)
		h.Mem.Map(addr, size, perm)
		return int64(addr)
	}
	for l.mmapNext+size <= l.mmapTop {
		at := l.mmapNext
		l.mmapNext += size
		if l.unmapped(h, at, size) {
			h.Mem.Map(at, size, perm)
			return int64(at)
		}
	}
	return -eNOMEM
}

func (l *Linux) unmapped(h *Hart, addr, size uint64) bool {
	for a := addr; a < addr+size; a += PageSize {
		if h.Mem.Overlaps(a, PageSize) {
			return false
		}
	}
	return true
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
