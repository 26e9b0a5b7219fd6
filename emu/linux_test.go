package emu_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
	"time"

	"rvsim/emu"
)

// Linux system call numbers used by the tests.
const (
	nrOpenat        = 56
	nrRead          = 63
	nrWrite         = 64
	nrWritev        = 66
	nrExit          = 93
	nrExitGroup     = 94
	nrClockGettime  = 113
	nrUname         = 160
	nrBrk           = 214
	nrMunmap        = 215
	nrMmap          = 222
	nrRiscvHwprobe  = 258
	nrGetrandom     = 278
	nrUnimplemented = 1000
)

// ascii appends raw bytes (strings and data after the code).
func (a *asmBuf) ascii(s string) *asmBuf {
	a.b = append(a.b, s...)
	return a
}

func (a *asmBuf) align(n int) *asmBuf {
	for len(a.b)%n != 0 {
		a.b = append(a.b, 0)
	}
	return a
}

// syscall loads the number and the arguments and makes the call; args are constants.
func (a *asmBuf) syscall(nr int64, args ...int64) *asmBuf {
	for i, v := range args {
		a.li(uint32(rA0+i), v)
	}
	a.li(rA7, nr)
	return a.ecall()
}

// sx stores an XLEN-wide register (sd on RV64, sw on RV32).
func (a *asmBuf) sx(rs2, rs1 uint32, imm int64) *asmBuf {
	if a.xlen == 32 {
		return a.sw(rs2, rs1, imm)
	}
	return a.sd(rs2, rs1, imm)
}

// lx loads an XLEN-wide register.
func (a *asmBuf) lx(rd, rs1 uint32, imm int64) *asmBuf {
	if a.xlen == 32 {
		return a.lw(rd, rs1, imm)
	}
	return a.ld(rd, rs1, imm)
}

// Process layout for the Linux tests: code at codeBase, data at dataBase, brk after it.
func newLinuxHart(t testing.TB, march string, code []byte, cfg emu.LinuxConfig) (*emu.Hart, *emu.Linux) {
	t.Helper()
	h := newBareHart(t, march, code, emu.PermRX)
	if cfg.Args == nil {
		cfg.Args = []string{"prog"}
	}
	if cfg.Now.IsZero() {
		cfg.Now = time.Unix(1700000000, 0)
	}
	l, err := emu.NewLinux(h, cfg, emu.Image{Entry: codeBase, End: dataBase + dataSize, Phdr: codeBase + 0x40, Phent: 56, Phnum: 3})
	if err != nil {
		t.Fatal(err)
	}
	return h, l
}

// result reads the i-th XLEN-wide word of the result area at dataBase, sign-extended.
func result(h *emu.Hart, i int) int64 {
	w := h.XLEN() / 8
	var b [8]byte
	h.Mem.Read(dataBase+uint64(i*w), b[:w])
	if w == 4 {
		return int64(int32(binary.LittleEndian.Uint32(b[:])))
	}
	return int64(binary.LittleEndian.Uint64(b[:]))
}

func runToExit(t testing.TB, h *emu.Hart, want int) {
	t.Helper()
	st := h.Run(1_000_000)
	if st.Reason != emu.StopExit || st.Code != want {
		t.Fatalf("run ended with %v, want exit %d", st, want)
	}
}

// auxv reads the auxiliary vector from the initial stack, with argv and envp.
func readStack(t *testing.T, h *emu.Hart) (argv, envp []string, aux map[uint64]uint64) {
	t.Helper()
	w := uint64(h.XLEN() / 8)
	sp := h.Reg(rSP)
	word := func(a uint64) uint64 {
		var b [8]byte
		if err := h.Mem.Read(a, b[:w]); err != nil {
			t.Fatalf("stack word at %#x: %v", a, err)
		}
		return binary.LittleEndian.Uint64(b[:])
	}
	str := func(a uint64) string {
		s, err := h.Mem.ReadString(a, 4096)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	argc := word(sp)
	p := sp + w
	for i := uint64(0); i < argc; i++ {
		argv = append(argv, str(word(p)))
		p += w
	}
	if word(p) != 0 {
		t.Fatal("argv not NULL-terminated")
	}
	p += w
	for ; word(p) != 0; p += w {
		envp = append(envp, str(word(p)))
	}
	p += w
	aux = map[uint64]uint64{}
	for {
		k, v := word(p), word(p+w)
		p += 2 * w
		if k == 0 {
			break
		}
		aux[k] = v
	}
	return argv, envp, aux
}

func TestLinuxInitialStack(t *testing.T) {
	for _, c := range []struct {
		march string
		hwcap string
	}{{"rv64imac", "IMAC"}, {"rv32imc_zba", "IMC"}, {"rv64i", "I"}} {
		t.Run(c.march, func(t *testing.T) {
			h, _ := newLinuxHart(t, c.march, []byte{0x73, 0, 0, 0}, emu.LinuxConfig{
				Args: []string{"/bin/prog", "one", "two words"}, Env: []string{"HOME=/", "X=y"}, Seed: 7,
			})
			if h.Priv != emu.PrivU {
				t.Errorf("privilege %d, want U", h.Priv)
			}
			sp := h.Reg(rSP)
			if sp%16 != 0 {
				t.Errorf("sp = %#x, not 16-byte aligned", sp)
			}
			if h.XLEN() == 32 && sp > 0x80000000 {
				t.Errorf("RV32 sp %#x above 2 GiB", sp)
			}
			argv, envp, aux := readStack(t, h)
			if strings.Join(argv, "|") != "/bin/prog|one|two words" || strings.Join(envp, "|") != "HOME=/|X=y" {
				t.Errorf("argv %q envp %q", argv, envp)
			}
			var wantCap uint64
			for _, l := range c.hwcap {
				wantCap |= 1 << (l - 'A')
			}
			for k, want := range map[uint64]uint64{
				6: emu.PageSize, 9: codeBase, 3: codeBase + 0x40, 4: 56, 5: 3, 16: wantCap, 11: 0, 23: 0,
			} {
				if aux[k] != want {
					t.Errorf("auxv[%d] = %#x, want %#x", k, aux[k], want)
				}
			}
			rnd := make([]byte, 16)
			if err := h.Mem.Read(aux[25], rnd); err != nil || bytes.Equal(rnd, make([]byte, 16)) {
				t.Errorf("AT_RANDOM at %#x: % x (%v)", aux[25], rnd, err)
			}
			if s, _ := h.Mem.ReadString(aux[31], 100); s != "/bin/prog" {
				t.Errorf("AT_EXECFN = %q", s)
			}
			if s, _ := h.Mem.ReadString(aux[15], 100); s != "riscv" {
				t.Errorf("AT_PLATFORM = %q", s)
			}

			// AT_RANDOM follows the seed.
			again, _ := newLinuxHart(t, c.march, []byte{0x73, 0, 0, 0}, emu.LinuxConfig{Args: []string{"/bin/prog", "one", "two words"}, Env: []string{"HOME=/", "X=y"}, Seed: 7})
			other, _ := newLinuxHart(t, c.march, []byte{0x73, 0, 0, 0}, emu.LinuxConfig{Args: []string{"/bin/prog", "one", "two words"}, Env: []string{"HOME=/", "X=y"}, Seed: 8})
			r2, r3 := make([]byte, 16), make([]byte, 16)
			_, _, aux2 := readStack(t, again)
			_, _, aux3 := readStack(t, other)
			again.Mem.Read(aux2[25], r2)
			other.Mem.Read(aux3[25], r3)
			if !bytes.Equal(rnd, r2) || bytes.Equal(rnd, r3) {
				t.Errorf("AT_RANDOM: seed 7 gave % x then % x; seed 8 gave % x", rnd, r2, r3)
			}
		})
	}
}

func TestLinuxWriteRead(t *testing.T) {
	for _, xlen := range []int{64, 32} {
		t.Run(fmt.Sprint("rv", xlen), func(t *testing.T) {
			w := int64(xlen / 8)
			a := newAsm(codeBase, xlen)
			a.li(rS0, dataBase)
			// write(1, "hello\n", 6)
			a.li(rA0, 1).la(rA1, "hello").li(rA2, 6).li(rA7, nrWrite).ecall()
			a.sx(rA0, rS0, 0)
			// writev(2, iov, 2) with iov = {"hello\n"[0:2], "err\n"}
			a.la(rT0, "hello").sx(rT0, rS0, 0x100)
			a.li(rT0, 2).sx(rT0, rS0, 0x100+w)
			a.la(rT0, "err").sx(rT0, rS0, 0x100+2*w)
			a.li(rT0, 4).sx(rT0, rS0, 0x100+3*w)
			a.li(rA0, 2).addi(rA1, rS0, 0x100).li(rA2, 2).li(rA7, nrWritev).ecall()
			a.sx(rA0, rS0, w)
			// read(0, buf, 64) twice: the input, then end of file
			a.li(rA0, 0).addi(rA1, rS0, 0x200).li(rA2, 64).li(rA7, nrRead).ecall()
			a.sx(rA0, rS0, 2*w)
			a.mv(rS1, rA0)
			a.li(rA0, 0).addi(rA1, rS0, 0x200).li(rA2, 64).li(rA7, nrRead).ecall()
			a.sx(rA0, rS0, 3*w)
			// echo the input to stdout
			a.li(rA0, 1).addi(rA1, rS0, 0x200).mv(rA2, rS1).li(rA7, nrWrite).ecall()
			// errors: a bad descriptor, an unmapped buffer
			a.li(rA0, 5).la(rA1, "hello").li(rA2, 1).li(rA7, nrWrite).ecall()
			a.sx(rA0, rS0, 4*w)
			a.li(rA0, 1).li(rA1, 0x7000000).li(rA2, 1).li(rA7, nrWrite).ecall()
			a.sx(rA0, rS0, 5*w)
			a.li(rA0, 0).li(rA1, codeBase).li(rA2, 4).li(rA7, nrRead).ecall() // read into read-only code
			a.sx(rA0, rS0, 6*w)
			a.syscall(nrExit, 0)
			a.label("hello").ascii("hello\n")
			a.label("err").ascii("err\n")
			var stdout, stderr bytes.Buffer
			h, _ := newLinuxHart(t, fmt.Sprintf("rv%dim", xlen), a.bytes(), emu.LinuxConfig{
				Stdin: strings.NewReader("input line\n"), Stdout: &stdout, Stderr: &stderr,
			})
			runToExit(t, h, 0)
			if stdout.String() != "hello\ninput line\n" || stderr.String() != "heerr\n" {
				t.Errorf("stdout %q stderr %q", stdout.String(), stderr.String())
			}
			for i, want := range []int64{6, 6, 11, 0, -9, -14, -14} {
				if got := result(h, i); got != want {
					t.Errorf("result %d = %d, want %d", i, got, want)
				}
			}
		})
	}
}

func (a *asmBuf) mv(rd, rs uint32) *asmBuf { return a.addi(rd, rs, 0) }

func TestLinuxBrk(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.li(rS0, dataBase)
	a.syscall(nrBrk, 0)
	a.sd(rA0, rS0, 0)
	a.mv(rS1, rA0)
	a.li(rT0, 0x3000).add(rA0, rS1, rT0).li(rA7, nrBrk).ecall() // grow by 3 pages
	a.sd(rA0, rS0, 8)
	a.li(rT0, 0x2ff8).add(rT1, rS1, rT0)
	a.li(rT2, 99).sd(rT2, rT1, 0) // the new memory is writable
	a.ld(rT2, rT1, 0).sd(rT2, rS0, 16)
	a.li(rT0, 0x1000).add(rA0, rS1, rT0).li(rA7, nrBrk).ecall() // shrink to one page
	a.sd(rA0, rS0, 24)
	a.li(rA0, 0x100).li(rA7, nrBrk).ecall() // below the start: refused, returns the current break
	a.sd(rA0, rS0, 32)
	a.label("fault")
	a.sd(rT2, rT1, 0) // the released page is gone
	a.ebreak()
	h, _ := newLinuxHart(t, "rv64i", a.bytes(), emu.LinuxConfig{})
	st := h.Run(1000)
	start := int64(dataBase + dataSize)
	for i, want := range []int64{start, start + 0x3000, 99, start + 0x1000, start + 0x1000} {
		if got := result(h, i); got != want {
			t.Errorf("result %d = %#x, want %#x", i, got, want)
		}
	}
	if st.Signal != emu.SIGSEGV || st.PC != a.addr("fault") || st.Tval != uint64(start+0x2ff8) {
		t.Errorf("store above the shrunk break: %v (tval %#x), want SIGSEGV at %#x", st, st.Tval, a.addr("fault"))
	}
}

func TestLinuxMmap(t *testing.T) {
	const (
		protRW     = 3
		mapPrivate = 0x02
		mapFixed   = 0x10
		mapAnon    = 0x20
	)
	a := newAsm(codeBase, 64)
	a.li(rS0, dataBase)
	a.syscall(nrMmap, 0, 0x2000, protRW, mapPrivate|mapAnon, -1, 0)
	a.sd(rA0, rS0, 0)
	a.mv(rS1, rA0)
	a.li(rT2, 0x1ff8).add(rT2, rS1, rT2) // the last word of the mapping
	a.li(rT0, 0x1234).sd(rT0, rT2, 0).ld(rT1, rT2, 0).sd(rT1, rS0, 8)
	a.syscall(nrMmap, 0x50000000, 0x1000, protRW, mapPrivate|mapAnon|mapFixed, -1, 0)
	a.sd(rA0, rS0, 16)
	a.li(rT0, 0x50000000).li(rT1, 5).sd(rT1, rT0, 8).ld(rT1, rT0, 8).sd(rT1, rS0, 24)
	a.syscall(nrMmap, 0, 0x1000, protRW, mapPrivate, 3, 0) // a file mapping of a descriptor not open: EBADF
	a.sd(rA0, rS0, 32)
	a.syscall(nrMmap, 0, 0, protRW, mapPrivate|mapAnon, -1, 0) // zero length
	a.sd(rA0, rS0, 40)
	a.syscall(nrMmap, 0, 0x1000, 1, mapPrivate|mapAnon, -1, 0) // read-only
	a.sd(rA0, rS0, 48)
	a.mv(rS2, rA0)
	a.mv(rA0, rS1).li(rA1, 0x2000).li(rA7, nrMunmap).ecall()
	a.sd(rA0, rS0, 56)
	a.ld(rT0, rS2, 0) // a read-only mapping reads zero
	a.sd(rT0, rS0, 64)
	a.label("fault")
	a.ld(rT0, rS1, 0) // unmapped now
	a.ebreak()
	h, _ := newLinuxHart(t, "rv64i", a.bytes(), emu.LinuxConfig{})
	st := h.Run(1000)
	base := result(h, 0)
	if base <= 0 || base&0xfff != 0 {
		t.Fatalf("mmap returned %#x", base)
	}
	for i, want := range []int64{base, 0x1234, 0x50000000, 5, -9, -22} {
		if got := result(h, i); got != want {
			t.Errorf("result %d = %#x, want %#x", i, got, want)
		}
	}
	if ro := result(h, 6); ro <= 0 || ro == base || h.Mem.PermAt(uint64(ro)) != emu.PermR {
		t.Errorf("read-only mmap returned %#x (perm %v)", ro, h.Mem.PermAt(uint64(ro)))
	}
	if result(h, 7) != 0 || result(h, 8) != 0 {
		t.Errorf("munmap returned %d; read-only page read %d", result(h, 7), result(h, 8))
	}
	if st.Signal != emu.SIGSEGV || st.PC != a.addr("fault") || st.Tval != uint64(base) {
		t.Errorf("load from the unmapped region: %v (tval %#x)", st, st.Tval)
	}
}

func TestLinuxClockAdvancesWithInstructions(t *testing.T) {
	const loops = 1000
	a := newAsm(codeBase, 64)
	a.li(rS0, dataBase)
	a.syscall(nrClockGettime, 1, dataBase) // CLOCK_MONOTONIC
	a.li(rT0, loops)
	a.label("loop")
	a.addi(rT0, rT0, -1)
	a.bne(rT0, rZero, "loop")
	a.li(rA0, 1).li(rA1, dataBase+16).li(rA7, nrClockGettime).ecall()
	a.li(rA0, 0).li(rA1, dataBase+32).li(rA7, nrClockGettime).ecall()  // CLOCK_REALTIME
	a.li(rA0, 99).li(rA1, dataBase+48).li(rA7, nrClockGettime).ecall() // no such clock
	a.sd(rA0, rS0, 64)
	a.syscall(nrExit, 0)
	h, _ := newLinuxHart(t, "rv64i", a.bytes(), emu.LinuxConfig{Now: time.Unix(1700000000, 5)})
	runToExit(t, h, 0)
	ns := func(i int) int64 { return result(h, i)*1e9 + result(h, i+1) }
	// Each call sees itself retired. Between them: li t0, the loop, the second call's
	// setup (li a0; lui, addiw for a1; li a7) and its ecall.
	if d, want := ns(2)-ns(0), int64(1+2*loops+4+1); d != want {
		t.Errorf("monotonic clock advanced %d ns, want %d (one per instruction)", d, want)
	}
	if real := ns(4); real < 1700000000e9 || real > 1700000000e9+1e6 {
		t.Errorf("CLOCK_REALTIME = %d ns, want just after the configured start", real)
	}
	if result(h, 8) != -22 {
		t.Errorf("clock 99: %d, want -EINVAL", result(h, 8))
	}
}

func TestLinuxUname(t *testing.T) {
	for _, xlen := range []int{64, 32} {
		a := newAsm(codeBase, xlen)
		a.syscall(nrUname, dataBase)
		a.li(rS0, dataBase).sw(rA0, rS0, 0x200)
		a.syscall(nrExit, 0)
		h, _ := newLinuxHart(t, fmt.Sprintf("rv%di", xlen), a.bytes(), emu.LinuxConfig{})
		runToExit(t, h, 0)
		field := func(i int) string {
			s, _ := h.Mem.ReadString(dataBase+uint64(65*i), 65)
			return s
		}
		if field(0) != "Linux" || field(4) != fmt.Sprintf("riscv%d", xlen) || result(h, 0x200/(xlen/8)) != 0 {
			t.Errorf("rv%d: sysname %q machine %q", xlen, field(0), field(4))
		}
	}
}

func TestLinuxGetrandom(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.syscall(nrGetrandom, dataBase, 40, 0)
	a.li(rS0, dataBase).sd(rA0, rS0, 64)
	a.syscall(nrGetrandom, 0x7000000, 8, 0) // unmapped buffer
	a.sd(rA0, rS0, 72)
	a.syscall(nrExit, 0)
	run := func(seed uint64) []byte {
		h, _ := newLinuxHart(t, "rv64i", a.bytes(), emu.LinuxConfig{Seed: seed})
		runToExit(t, h, 0)
		if result(h, 8) != 40 || result(h, 9) != -14 {
			t.Errorf("getrandom returned %d and %d, want 40 and -EFAULT", result(h, 8), result(h, 9))
		}
		b := make([]byte, 48)
		h.Mem.Read(dataBase, b)
		if !bytes.Equal(b[40:], make([]byte, 8)) {
			t.Errorf("getrandom wrote past its buffer: % x", b[40:])
		}
		return b[:40]
	}
	r1, r2, r3 := run(1), run(1), run(2)
	if !bytes.Equal(r1, r2) {
		t.Errorf("seed 1 gave different bytes:\n% x\n% x", r1, r2)
	}
	if bytes.Equal(r1, r3) {
		t.Errorf("seeds 1 and 2 gave the same bytes")
	}
	if bytes.Equal(r1, make([]byte, 40)) {
		t.Errorf("getrandom left the buffer zero")
	}
}

func TestLinuxHwprobe(t *testing.T) {
	for _, c := range []struct {
		march string
		bits  []uint // expected IMA_EXT_0 bits
	}{
		{"rv64imac", []uint{1}},
		{"rv64imac_zksed", []uint{1, 14}},
		{"rv64im_zba_zbb_zbs_zbkb_zknh", []uint{3, 4, 5, 8, 13}},
		{"rv32imac_zksh_zkt", []uint{1, 15, 16}},
	} {
		t.Run(c.march, func(t *testing.T) {
			target := mustISA(t, c.march)
			a := newAsm(codeBase, target.XLEN)
			a.li(rS0, dataBase)
			for i, key := range []int64{4, 3, 5, 9999} {
				// 64-bit keys in zeroed memory: the low word is enough.
				a.li(rT0, key).sw(rT0, rS0, int64(16*i))
			}
			a.syscall(nrRiscvHwprobe, dataBase, 4, 0, 0, 0)
			a.sw(rA0, rS0, 0x100)
			a.syscall(nrExit, 0)
			h, _ := newLinuxHart(t, c.march, a.bytes(), emu.LinuxConfig{})
			runToExit(t, h, 0)
			var b [0x104]byte
			h.Mem.Read(dataBase, b[:])
			q := func(i int) uint64 { return binary.LittleEndian.Uint64(b[8*i:]) }
			if ret := binary.LittleEndian.Uint32(b[0x100:]); ret != 0 {
				t.Errorf("hwprobe returned %d", int32(ret))
			}
			var want uint64
			for _, bit := range c.bits {
				want |= 1 << bit
			}
			if q(0) != 4 || q(1) != want {
				t.Errorf("IMA_EXT_0 = %#x (key %d), want %#x", q(1), q(0), want)
			}
			if q(2) != 3 || q(3) != 1 {
				t.Errorf("BASE_BEHAVIOR = %#x, want IMA (1)", q(3))
			}
			if q(4) != 5 || q(5) != 1 {
				t.Errorf("CPUPERF_0 = %#x, want misaligned-emulated (1)", q(5))
			}
			if int64(q(6)) != -1 || q(7) != 0 {
				t.Errorf("unknown key came back as key %d value %#x, want -1 and 0", int64(q(6)), q(7))
			}
		})
	}
}

func TestLinuxUnknownSyscall(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.li(rS0, dataBase)
	a.label("call")
	a.syscall(nrUnimplemented)
	a.sd(rA0, rS0, 0)
	// No system call opens host files: openat fails, and descriptor 3 does not exist.
	a.syscall(nrOpenat, -100, dataBase+0x200, 0, 0)
	a.sd(rA0, rS0, 8)
	a.syscall(nrRead, 3, dataBase+0x100, 16)
	a.sd(rA0, rS0, 16)
	a.syscall(nrExitGroup, 3)
	code := a.bytes()

	h, l := newLinuxHart(t, "rv64i", code, emu.LinuxConfig{})
	h.Mem.Write(dataBase+0x200, []byte("/etc/passwd\x00"))
	runToExit(t, h, 3)
	if result(h, 0) != -38 {
		t.Errorf("unknown system call returned %d, want -ENOSYS", result(h, 0))
	}
	if result(h, 1) >= 0 || result(h, 2) != -9 {
		t.Errorf("openat returned %d and read(3) %d: want an error and -EBADF", result(h, 1), result(h, 2))
	}
	if l.Unimplemented[nrUnimplemented] != 1 {
		t.Errorf("Unimplemented = %v", l.Unimplemented)
	}
	if !l.Exited || l.ExitCode != 3 {
		t.Errorf("Exited %v ExitCode %d", l.Exited, l.ExitCode)
	}

	// With StrictSyscalls the same call is fatal.
	h, _ = newLinuxHart(t, "rv64i", code, emu.LinuxConfig{StrictSyscalls: true})
	st := h.Run(100)
	if st.Reason != emu.StopSignal || st.Signal != emu.SIGSYS || !strings.Contains(st.Msg, "system call 1000") {
		t.Errorf("strict: %v", st)
	}
	if in, _, _ := h.Fetch(st.PC); in.Raw != 0x73 {
		t.Errorf("strict stop at %#x, which is not the ecall", st.PC)
	}
}

func TestLinuxOpenatPath(t *testing.T) {
	// openat with a real path (and with O_CREAT) must fail without touching the host.
	a := newAsm(codeBase, 64)
	a.li(rS0, dataBase)
	a.li(rA0, -100).la(rA1, "path").li(rA2, 0).li(rA3, 0).li(rA7, nrOpenat).ecall()
	a.sd(rA0, rS0, 0)
	a.li(rA0, -100).la(rA1, "newfile").li(rA2, 0x41).li(rA3, 0o644).li(rA7, nrOpenat).ecall()
	a.sd(rA0, rS0, 8)
	a.syscall(nrExit, 0)
	a.label("path").ascii("/etc/hostname\x00")
	a.label("newfile").ascii("rvsim-openat-test-file\x00")
	h, _ := newLinuxHart(t, "rv64i", a.bytes(), emu.LinuxConfig{})
	runToExit(t, h, 0)
	if result(h, 0) >= 0 || result(h, 1) >= 0 {
		t.Errorf("openat returned %d and %d, want errors", result(h, 0), result(h, 1))
	}
}

func TestLinuxExitStatus(t *testing.T) {
	for _, c := range []struct {
		nr         int64
		arg, xlen  int64
		wantStatus int
	}{{nrExit, 42, 64, 42}, {nrExitGroup, -1, 64, 255}, {nrExit, 256 + 7, 32, 7}, {nrExitGroup, 0, 32, 0}} {
		a := newAsm(codeBase, int(c.xlen))
		a.syscall(c.nr, c.arg)
		a.ebreak()
		h, l := newLinuxHart(t, fmt.Sprintf("rv%di", c.xlen), a.bytes(), emu.LinuxConfig{})
		st := h.Run(100)
		if st.Reason != emu.StopExit || st.Code != c.wantStatus || l.ExitCode != c.wantStatus {
			t.Errorf("syscall %d(%d) on rv%d: %v, want exit %d", c.nr, c.arg, c.xlen, st, c.wantStatus)
		}
	}
}

func TestLinuxFaultsAreFatal(t *testing.T) {
	// Under Linux a trap is a signal even when mtvec is set (there is no M-mode handler).
	for _, c := range []struct {
		name   string
		code   func(a *asmBuf)
		signal int
	}{
		{"ebreak", func(a *asmBuf) { a.ebreak() }, emu.SIGTRAP},
		{"illegal", func(a *asmBuf) { a.word(0xffffffff) }, emu.SIGILL},
		{"csr", func(a *asmBuf) { a.csrr(rA0, csrMstatus) }, emu.SIGILL},
		{"mret", func(a *asmBuf) { a.mret() }, emu.SIGILL},
		{"segv", func(a *asmBuf) { a.ld(rA0, rZero, 8) }, emu.SIGSEGV},
	} {
		a := newAsm(codeBase, 64)
		a.label("f")
		c.code(a)
		h, _ := newLinuxHart(t, "rv64i", a.bytes(), emu.LinuxConfig{})
		st := h.Run(10)
		if st.Reason != emu.StopSignal || st.Signal != c.signal || st.PC != codeBase {
			t.Errorf("%s: %v, want signal %d at %#x", c.name, st, c.signal, codeBase)
		}
	}
	// Counters are readable from user mode.
	a := newAsm(codeBase, 64)
	a.csrr(rA0, csrInstret)
	a.csrr(rA1, csrCycle)
	a.syscall(nrExit, 0)
	h, _ := newLinuxHart(t, "rv64i", a.bytes(), emu.LinuxConfig{})
	runToExit(t, h, 0)
	if h.Reg(rA0) != 0 || h.Reg(rA1) != 1 {
		t.Errorf("instret %d cycle %d at the start, want 0 and 1", h.Reg(rA0), h.Reg(rA1))
	}
}
