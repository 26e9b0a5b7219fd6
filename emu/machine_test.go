package emu_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"rvsim/elf"
	"rvsim/emu"
)

// callLib builds a small library of functions, as a compiler would lay them out:
//
//	sumsq(buf, n)        returns the sum of the squares of n bytes, calling square for each
//	square(x)            returns x*x
//	xorbuf(dst, src, n)  dst[i] ^= src[i]
//	hello()              writes "hi\n" to stdout (a system call inside the callee)
//	spin()               never returns
func callLib(xlen int) (*asmBuf, []elf.Symbol) {
	w := int64(xlen / 8)
	a := newAsm(codeBase, xlen)
	var syms []elf.Symbol
	fn := func(name string) { a.label(name) }
	end := func(name string) {
		syms = append(syms, elf.Symbol{Name: name, Value: a.addr(name), Size: a.pc() - a.addr(name), Kind: elf.SymFunc, Global: true})
	}

	fn("sumsq")
	a.addi(rSP, rSP, -4*w)
	a.sx(rRA, rSP, 3*w).sx(rS0, rSP, 2*w).sx(rS1, rSP, w).sx(rS2, rSP, 0)
	a.mv(rS0, rA0).mv(rS1, rA1).li(rS2, 0)
	a.label("sumsq.loop")
	a.beq(rS1, rZero, "sumsq.out")
	a.lbu(rA0, rS0, 0)
	a.jal(rRA, "square")
	a.add(rS2, rS2, rA0)
	a.addi(rS0, rS0, 1).addi(rS1, rS1, -1)
	a.j("sumsq.loop")
	a.label("sumsq.out")
	a.mv(rA0, rS2)
	a.lx(rRA, rSP, 3*w).lx(rS0, rSP, 2*w).lx(rS1, rSP, w).lx(rS2, rSP, 0)
	a.addi(rSP, rSP, 4*w)
	a.jalr(rZero, rRA, 0)
	end("sumsq")

	fn("square")
	a.mul(rA0, rA0, rA0)
	a.jalr(rZero, rRA, 0)
	end("square")

	fn("xorbuf")
	a.label("xorbuf.loop")
	a.beq(rA2, rZero, "xorbuf.out")
	a.lbu(rT0, rA0, 0).lbu(rT1, rA1, 0)
	a.word(encR(0, rT1, rT0, 4, rT0, 0x33)) // xor t0, t0, t1
	a.sb(rT0, rA0, 0)
	a.addi(rA0, rA0, 1).addi(rA1, rA1, 1).addi(rA2, rA2, -1)
	a.j("xorbuf.loop")
	a.label("xorbuf.out")
	a.jalr(rZero, rRA, 0)
	end("xorbuf")

	fn("hello")
	a.li(rA0, 1).la(rA1, "hello.msg").li(rA2, 3).li(rA7, nrWrite).ecall()
	a.jalr(rZero, rRA, 0)
	a.label("hello.msg").ascii("hi\n").align(4)
	end("hello")

	fn("spin")
	a.j("spin")
	end("spin")

	fn("_start")
	a.syscall(nrExit, 0)
	end("_start")
	a.bytes()
	return a, syms
}

func loadLib(t *testing.T, xlen int, stdout *bytes.Buffer) (*emu.Machine, *asmBuf) {
	t.Helper()
	a, syms := callLib(xlen)
	f := &elf.File{
		XLEN:     xlen,
		Type:     "exec",
		Entry:    a.addr("_start"),
		Segments: []elf.Segment{{Vaddr: codeBase, Memsz: uint64(len(a.b)), Data: a.b, Perm: elf.PermR | elf.PermX}},
		Symbols:  syms,
		End:      codeBase + 0x1000,
	}
	mc, err := emu.Load(f, emu.Config{ISA: mustISA(t, fmt.Sprintf("rv%dim", xlen)), Linux: emu.LinuxConfig{Stdout: stdout}})
	if err != nil {
		t.Fatal(err)
	}
	if mc.Linux == nil || mc.HTIF != nil {
		t.Fatal("a program without tohost should get the Linux environment")
	}
	return mc, a
}

func TestMachineCall(t *testing.T) {
	for _, xlen := range []int{64, 32} {
		t.Run(fmt.Sprint("rv", xlen), func(t *testing.T) {
			var stdout bytes.Buffer
			mc, a := loadLib(t, xlen, &stdout)
			h := mc.Hart
			h.X[rGP], h.X[rTP] = 0x1234, 0x5678

			in := []byte{1, 2, 3, 4, 250}
			buf, err := mc.AllocBytes(in)
			if err != nil {
				t.Fatal(err)
			}
			ret, st, err := mc.CallSymbol("sumsq", 10_000, buf, uint64(len(in)))
			if err != nil || st.Reason != emu.StopReturn {
				t.Fatalf("sumsq: %v, %v", st, err)
			}
			if want := uint64(1 + 4 + 9 + 16 + 250*250); ret != want {
				t.Errorf("sumsq = %d, want %d", ret, want)
			}
			if h.X[rGP] != 0x1234 || h.X[rTP] != 0x5678 {
				t.Errorf("gp/tp not preserved: %#x %#x", h.X[rGP], h.X[rTP])
			}

			// Buffers in, results read back.
			dst, _ := mc.AllocBytes([]byte("ABCDEFGH"))
			src, _ := mc.AllocBytes([]byte{0x20, 0x20, 0x20, 0x20, 0, 0, 0, 0})
			if dst%16 != 0 || src%16 != 0 || src < dst+8 {
				t.Errorf("allocations at %#x and %#x: not 16-byte aligned or overlapping", dst, src)
			}
			if _, st, _ := mc.CallSymbol("xorbuf", 10_000, dst, src, 8); st.Reason != emu.StopReturn {
				t.Fatalf("xorbuf: %v", st)
			}
			got := make([]byte, 8)
			h.Mem.Read(dst, got)
			if string(got) != "abcdEFGH" {
				t.Errorf("xorbuf left %q", got)
			}

			// A system call inside the callee.
			if _, st, _ := mc.CallSymbol("hello", 100); st.Reason != emu.StopReturn || stdout.String() != "hi\n" {
				t.Errorf("hello: %v, stdout %q", st, stdout.String())
			}

			// The budget: a callee that never returns stops after exactly that many instructions.
			before := h.Instret
			if _, st, _ := mc.CallSymbol("spin", 500); st.Reason != emu.StopLimit || h.Instret-before != 500 {
				t.Errorf("spin: %v after %d instructions, want the limit after 500", st, h.Instret-before)
			}
			// The machine is still usable after that.
			if ret, st := mc.Call(a.addr("square"), 100, 12); st.Reason != emu.StopReturn || ret != 144 {
				t.Errorf("square(12) after a stopped call: %d, %v", ret, st)
			}
			// A budget that ends exactly with the return still returns.
			if ret, st := mc.Call(a.addr("square"), 2, 5); st.Reason != emu.StopReturn || ret != 25 {
				t.Errorf("square(5) with a budget of its two instructions: %d, %v", ret, st)
			}
			// Negative arguments are sign-extended on RV32.
			if ret, _ := mc.Call(a.addr("square"), 100, uint64(1<<32-3)); xlen == 32 && ret != 9 {
				t.Errorf("square(-3) on RV32 = %#x", ret)
			}

			if _, _, err := mc.CallSymbol("nosuch", 100); err == nil || !strings.Contains(err.Error(), "nosuch") {
				t.Errorf("unknown symbol: %v", err)
			}
			if _, st := mc.Call(a.addr("square"), 100, 1, 2, 3, 4, 5, 6, 7, 8, 9); st.Reason != emu.StopSignal {
				t.Errorf("nine arguments: %v, want a refusal", st)
			}
			if d := mc.Describe(a.addr("sumsq") + 8); d != "sumsq+0x8" {
				t.Errorf("Describe = %q", d)
			}
			if v, ok := mc.Lookup("xorbuf"); !ok || v != a.addr("xorbuf") {
				t.Errorf("Lookup(xorbuf) = %#x, %v", v, ok)
			}

			// A fault inside the callee stops the call with the signal.
			if _, st := mc.Call(a.addr("xorbuf"), 100, 0x10, 0x20, 1); st.Reason != emu.StopSignal || st.Signal != emu.SIGSEGV {
				t.Errorf("xorbuf on unmapped memory: %v", st)
			}
			mc.FreeAll()
			if again, _ := mc.Alloc(16); again != buf {
				t.Errorf("after FreeAll the first allocation is at %#x, want %#x again", again, buf)
			}
		})
	}
}

func TestMachineCallWithHook(t *testing.T) {
	// A call traced instruction by instruction retires the same instructions.
	var stdout bytes.Buffer
	mc, _ := loadLib(t, 64, &stdout)
	buf, _ := mc.AllocBytes([]byte{3, 4})
	before := mc.Hart.Instret
	ret, st, _ := mc.CallSymbol("sumsq", 10_000, buf, 2)
	plain := mc.Hart.Instret - before

	var n uint64
	mc.Hart.Hook = func(*emu.Retired) { n++ }
	before = mc.Hart.Instret
	ret2, st2, _ := mc.CallSymbol("sumsq", 10_000, buf, 2)
	if ret != 25 || ret2 != 25 || st.Reason != emu.StopReturn || st2 != st || mc.Hart.Instret-before != plain || n != plain {
		t.Errorf("plain: %d %v in %d; hooked: %d %v in %d (hook saw %d)", ret, st, plain, ret2, st2, mc.Hart.Instret-before, n)
	}
}

func TestMachineLoadBare(t *testing.T) {
	// A program with a tohost symbol runs on the bare machine: M-mode, HTIF, lazy RAM.
	a := newAsm(0x80000000, 64)
	a.label("_start")
	a.li(rS0, 0x80100000) // RAM nobody mapped
	a.li(rT0, 21)
	a.sd(rT0, rS0, 0)
	a.ld(rA0, rS0, 0)
	a.slli(rA0, rA0, 1)
	a.addi(rA0, rA0, 1)
	a.la(rT1, "tohost")
	a.sd(rA0, rT1, 0)
	a.label("spin")
	a.j("spin")
	a.align(64)
	a.label("tohost")
	a.word(0).word(0)
	code := a.bytes()
	f := &elf.File{
		XLEN:     64,
		Type:     "exec",
		Entry:    0x80000000,
		Segments: []elf.Segment{{Vaddr: 0x80000000, Memsz: uint64(len(code)), Data: code, Perm: elf.PermR | elf.PermX}},
		Symbols:  []elf.Symbol{{Name: "tohost", Value: a.addr("tohost"), Size: 8, Kind: elf.SymObject, Global: true}},
	}
	var out bytes.Buffer
	mc, err := emu.Load(f, emu.Config{Console: &out})
	if err != nil {
		t.Fatal(err)
	}
	if mc.HTIF == nil || mc.Linux != nil || mc.Hart.Priv != emu.PrivM {
		t.Fatalf("environment: HTIF %v Linux %v priv %d", mc.HTIF != nil, mc.Linux != nil, mc.Hart.Priv)
	}
	if st := mc.Hart.Run(1000); st.Reason != emu.StopExit || st.Code != 21 {
		t.Errorf("stop %v, want exit 21", st)
	}

	// The ISA must match the ELF class.
	if _, err := emu.Load(f, emu.Config{ISA: mustISA(t, "rv32i")}); err == nil {
		t.Error("rv32i accepted for an ELF64 program")
	}
}

func TestMachineBareTrapAtResetMtvec(t *testing.T) {
	// On the bare machine a trap goes to mtvec even at its reset value 0, as on Spike: here
	// the program's own handler sits at 0 and exits with mcause, so the illegal instruction
	// (cause 2) ends the run with exit code 2.
	h0 := newAsm(0, 64)
	h0.csrr(rA0, csrMcause)
	h0.slli(rA0, rA0, 1)
	h0.addi(rA0, rA0, 1)
	h0.li(rT1, 0x80000040) // tohost
	h0.sd(rA0, rT1, 0)
	h0.label("spin")
	h0.j("spin")
	handler := h0.bytes()

	a := newAsm(0x80000000, 64)
	a.li(rA0, 5)
	a.word(0) // illegal
	a.align(64)
	a.label("tohost")
	a.word(0).word(0)
	code := a.bytes()
	if a.addr("tohost") != 0x80000040 {
		t.Fatalf("tohost at %#x", a.addr("tohost"))
	}
	f := &elf.File{
		XLEN:  64,
		Type:  "exec",
		Entry: 0x80000000,
		Segments: []elf.Segment{
			{Vaddr: 0, Memsz: uint64(len(handler)), Data: handler, Perm: elf.PermR | elf.PermX},
			{Vaddr: 0x80000000, Memsz: uint64(len(code)), Data: code, Perm: elf.PermR | elf.PermX},
		},
		Symbols: []elf.Symbol{{Name: "tohost", Value: a.addr("tohost"), Size: 8, Kind: elf.SymObject, Global: true}},
	}
	mc, err := emu.Load(f, emu.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if st := mc.Hart.Run(1000); st.Reason != emu.StopExit || st.Code != emu.CauseIllegal {
		t.Errorf("stop %v, want exit %d (the handler at 0 exits with mcause)", st, emu.CauseIllegal)
	}
	if mepc, _ := mc.Hart.ReadCSR(csrMepc); mepc != 0x80000004 {
		t.Errorf("mepc %#x, want the illegal instruction's 0x80000004", mepc)
	}

	// A hart that was given no handler (not the bare environment) stops with the signal.
	h := newBareHart(t, "rv64i", []byte{0, 0, 0, 0}, emu.PermRX)
	if st := h.Run(10); st.Reason != emu.StopSignal || st.Signal != emu.SIGILL {
		t.Errorf("hart without an environment: stop %v, want SIGILL", st)
	}
}
