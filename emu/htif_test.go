package emu_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"testing"

	"rvsim/emu"
)

// HTIF layout: tohost and fromhost on a page of their own, as riscv-tests' .tohost section.
const (
	tohost   = 0x20000
	fromhost = 0x20040
)

func newHTIFHart(t *testing.T, march string, code []byte) (*emu.Hart, *bytes.Buffer) {
	t.Helper()
	h := newBareHart(t, march, code, emu.PermRX)
	h.Mem.Map(tohost, emu.PageSize, emu.PermRW)
	var out bytes.Buffer
	emu.NewHTIF(h, tohost, fromhost, &out)
	return h, &out
}

// writeTohost stores a 64-bit value to tohost: register lo with one sd on RV64; on RV32
// registers lo and hi with two sw, low word first, as compilers store a volatile uint64_t.
func (a *asmBuf) writeTohost(lo, hi uint32) *asmBuf {
	a.li(rT6, tohost)
	if a.xlen == 64 {
		return a.sd(lo, rT6, 0)
	}
	a.sw(lo, rT6, 0)
	return a.sw(hi, rT6, 4)
}

// waitFromhost spins until fromhost is non-zero and clears it, as riscv-tests' syscall does.
func (a *asmBuf) waitFromhost(label string) *asmBuf {
	a.li(rT6, fromhost)
	a.label(label)
	a.lw(rT5, rT6, 0)
	a.lw(rT4, rT6, 4)
	a.word(encR(0, rT4, rT5, 6, rT5, 0x33)) // or t5, t5, t4
	a.beq(rT5, rZero, label)
	a.sw(rZero, rT6, 0)
	return a.sw(rZero, rT6, 4)
}

func TestHTIFExit(t *testing.T) {
	for _, xlen := range []int{64, 32} {
		for _, code := range []int{0, 1, 5, 1000} {
			a := newAsm(codeBase, xlen)
			a.li(rA0, int64(code<<1|1))
			a.writeTohost(rA0, rZero)
			a.label("spin")
			a.j("spin")
			h, _ := newHTIFHart(t, fmt.Sprintf("rv%di", xlen), a.bytes())
			st := h.Run(1_000_000)
			if st.Reason != emu.StopExit || st.Code != code {
				t.Errorf("rv%d tohost=%d: %v, want exit %d", xlen, code<<1|1, st, code)
			}
			// The exit is seen at the store, not at the next periodic poll.
			if h.Instret > 10 {
				t.Errorf("rv%d: exit seen after %d instructions", xlen, h.Instret)
			}
		}
	}
}

func TestHTIFConsole(t *testing.T) {
	for _, xlen := range []int{64, 32} {
		t.Run(fmt.Sprint("rv", xlen), func(t *testing.T) {
			a := newAsm(codeBase, xlen)
			a.la(rS0, "msg")
			a.li(rS1, 0x01010000) // device 1, command 1, in the upper word
			if xlen == 64 {
				a.slli(rS1, rS1, 32)
			}
			a.label("next")
			a.lbu(rA0, rS0, 0)
			a.beq(rA0, rZero, "done")
			if xlen == 64 {
				a.add(rA1, rA0, rS1)
				a.writeTohost(rA1, rZero)
			} else {
				a.writeTohost(rA0, rS1) // the character is the low word
			}
			a.waitFromhost("wait")
			a.addi(rS0, rS0, 1)
			a.j("next")
			a.label("done")
			a.li(rA0, 1)
			a.writeTohost(rA0, rZero)
			a.label("msg").ascii("Hi, HTIF!\n\x00")
			h, out := newHTIFHart(t, fmt.Sprintf("rv%di", xlen), a.bytes())
			st := h.Run(1_000_000)
			if st.Reason != emu.StopExit || st.Code != 0 {
				t.Fatalf("stop %v (output so far %q)", st, out.String())
			}
			if out.String() != "Hi, HTIF!\n" {
				t.Errorf("console output %q", out.String())
			}
			var b [8]byte
			h.Mem.Read(tohost, b[:])
			if v := binary.LittleEndian.Uint64(b[:]); v != 1 {
				t.Errorf("tohost = %#x at exit, want 1", v)
			}
		})
	}
}

func TestHTIFSyscallProxy(t *testing.T) {
	// riscv-tests' benchmarks print through syscall(): eight words at a 64-byte aligned
	// address hold the call number and arguments; tohost gets the address; the result comes
	// back in the first word and fromhost becomes non-zero.
	for _, xlen := range []int{64, 32} {
		t.Run(fmt.Sprint("rv", xlen), func(t *testing.T) {
			const magic = dataBase + 0x40
			a := newAsm(codeBase, xlen)
			a.li(rS0, magic)
			store64 := func(v int64, off int64) {
				a.li(rT0, v).sw(rT0, rS0, off).sw(rZero, rS0, off+4)
			}
			store64(64, 0) // SYS_write
			store64(1, 8)  // stdout
			a.la(rT0, "msg").sw(rT0, rS0, 16).sw(rZero, rS0, 20)
			store64(12, 24)
			a.writeTohost(rS0, rZero)
			a.waitFromhost("wait1")
			a.lw(rS1, rS0, 0) // the result
			store64(12345, 0) // an unknown call
			a.writeTohost(rS0, rZero)
			a.waitFromhost("wait2")
			a.lw(rS2, rS0, 0)
			store64(93, 0) // SYS_exit
			store64(7, 8)
			a.writeTohost(rS0, rZero)
			a.label("spin")
			a.j("spin")
			a.label("msg").ascii("benchmark ok")
			h, out := newHTIFHart(t, fmt.Sprintf("rv%di", xlen), a.bytes())
			st := h.Run(1_000_000)
			if st.Reason != emu.StopExit || st.Code != 7 {
				t.Fatalf("stop %v, want exit 7", st)
			}
			if out.String() != "benchmark ok" {
				t.Errorf("output %q", out.String())
			}
			if h.Reg(rS1) != 12 || int32(h.Reg(rS2)) != -38 {
				t.Errorf("write returned %d, unknown call %d; want 12 and -ENOSYS", h.Reg(rS1), int32(h.Reg(rS2)))
			}
		})
	}

	// A syscall block at an unmapped address is a fault, not a crash.
	a := newAsm(codeBase, 64)
	a.li(rA0, 0x7000000)
	a.writeTohost(rA0, rZero)
	a.ebreak()
	h, _ := newHTIFHart(t, "rv64i", a.bytes())
	if st := h.Run(100); st.Reason != emu.StopSignal || st.Signal != emu.SIGSEGV || st.Tval != 0x7000000 {
		t.Errorf("unmapped syscall block: %v", st)
	}
}

func TestHTIFUnknownDeviceIgnored(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.li(rA0, 0x03)
	a.slli(rA0, rA0, 56) // device 3
	a.addi(rA0, rA0, 'x')
	a.writeTohost(rA0, rZero)
	a.li(rT6, tohost)
	a.ld(rA1, rT6, 0) // acknowledged: tohost is zero again
	a.li(rA0, 9<<1|1)
	a.writeTohost(rA0, rZero)
	h, out := newHTIFHart(t, "rv64i", a.bytes())
	st := h.Run(1000)
	if st.Reason != emu.StopExit || st.Code != 9 || out.Len() != 0 || h.Reg(rA1) != 0 {
		t.Errorf("stop %v, output %q, tohost after the command %#x", st, out.String(), h.Reg(rA1))
	}
}

func TestHTIFHookedRunMatchesFastRun(t *testing.T) {
	// The console program on RV32 (two stores per command) and RV64, run with every budget
	// up to its length: with and without a hook, runs must end alike.
	for _, xlen := range []int{64, 32} {
		a := newAsm(codeBase, xlen)
		a.la(rS0, "msg")
		a.li(rS1, 0x01010000)
		if xlen == 64 {
			a.slli(rS1, rS1, 32)
		}
		a.label("next")
		a.lbu(rA0, rS0, 0)
		a.beq(rA0, rZero, "done")
		if xlen == 64 {
			a.add(rA1, rA0, rS1)
			a.writeTohost(rA1, rZero)
		} else {
			a.writeTohost(rA0, rS1)
		}
		a.waitFromhost("wait")
		a.addi(rS0, rS0, 1)
		a.j("next")
		a.label("done")
		a.li(rA0, 3<<1|1)
		a.writeTohost(rA0, rZero)
		a.label("msg").ascii("abc\x00")
		code := a.bytes()
		march := fmt.Sprintf("rv%di", xlen)
		for budget := uint64(1); budget < 200; budget++ {
			fast, fout := newHTIFHart(t, march, code)
			slow, sout := newHTIFHart(t, march, code)
			slow.Hook = func(*emu.Retired) {}
			s1, s2 := fast.Run(budget), slow.Run(budget)
			if s1 != s2 || fast.Instret != slow.Instret || fast.PC != slow.PC || fast.X != slow.X || fout.String() != sout.String() {
				t.Fatalf("rv%d budget %d: fast %v at %#x after %d (%q), hooked %v at %#x after %d (%q)",
					xlen, budget, s1, fast.PC, fast.Instret, fout, s2, slow.PC, slow.Instret, sout)
			}
			if s1.Reason == emu.StopExit {
				if s1.Code != 3 || fout.String() != "abc" {
					t.Errorf("rv%d: exit %d with output %q", xlen, s1.Code, fout)
				}
				// Single-stepping (a debugger's Step) ends the same way.
				step, stout := newHTIFHart(t, march, code)
				var st emu.Stop
				for i := 0; i < 1000 && st.Reason != emu.StopExit; i++ {
					st = step.Step()
				}
				if st != s1 || step.Instret != fast.Instret || stout.String() != "abc" {
					t.Errorf("rv%d stepped: %v after %d with output %q", xlen, st, step.Instret, stout)
				}
				break
			}
			if budget == 199 {
				t.Errorf("rv%d: no exit within 199 instructions", xlen)
			}
		}
	}
}
