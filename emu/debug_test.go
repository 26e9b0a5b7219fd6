package emu_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvsim/emu"
	"rvsim/isa"
)

// Tests of the debugger support (debug.go): breakpoints, watchpoints, Resume and the undo
// log. The programs are assembled in Go with hart_test.go's helpers.

// loopProg counts a0 from 0 to 100 in a loop that also stores the count at dataBase+8,
// then ebreaks. "body" labels the loop's first instruction.
func loopProg() (*asmBuf, []byte) {
	a := newAsm(codeBase, 64)
	a.li(rA0, 0).li(rA1, 100).li(rA2, dataBase)
	a.label("body").addi(rA0, rA0, 1).sd(rA0, rA2, 8).bltu(rA0, rA1, "body")
	a.ebreak()
	return a, a.bytes()
}

func TestBreakpointStopsEveryIteration(t *testing.T) {
	a, code := loopProg()
	h := newBareHart(t, "rv64imac", code, emu.PermRX)
	body := a.addr("body")
	h.SetBreakpoint(body)
	for i := 0; i < 100; i++ {
		st := h.Resume(1<<20, nil, nil)
		if st.Reason != emu.StopBreak || st.Msg != emu.MsgBreakpoint || h.PC != body {
			t.Fatalf("iteration %d: stop %v (%s) at %#x, want the breakpoint at %#x", i, st, st.Msg, h.PC, body)
		}
		if h.Reg(rA0) != uint64(i) {
			t.Fatalf("iteration %d: a0 = %d", i, h.Reg(rA0))
		}
	}
	h.ClearBreakpoint(body)
	if got := h.Breakpoints(); len(got) != 0 {
		t.Fatalf("Breakpoints after clear = %x", got)
	}
	st := h.Resume(1<<20, nil, nil)
	if st.Reason != emu.StopSignal || st.Signal != emu.SIGTRAP || h.Reg(rA0) != 100 {
		t.Fatalf("after clearing: %v, a0 = %d", st, h.Reg(rA0))
	}
}

func TestBreakpointSurvivesRedecode(t *testing.T) {
	a, code := loopProg()
	h := newBareHart(t, "rv64imac", code, emu.PermRX)
	body := a.addr("body")
	h.Run(4) // decode the code before the breakpoint goes in
	h.SetBreakpoint(body)
	// Rewriting the code (same bytes) drops the decoded slots; the breakpoint must come back.
	h.Mem.Write(codeBase, code)
	if st := h.Resume(1<<20, nil, nil); st.Reason != emu.StopBreak || h.PC != body {
		t.Fatalf("stop %v at %#x, want the breakpoint at %#x", st, h.PC, body)
	}
	// fence.i-style flush too.
	h.Mem.FlushCode()
	if st := h.Resume(1<<20, nil, nil); st.Reason != emu.StopBreak || h.PC != body || h.Reg(rA0) != 2 {
		t.Fatalf("after a flush: stop %v at %#x, a0 %d", st, h.PC, h.Reg(rA0))
	}
	// A plain Run stops there as well (the slot holds the breakpoint).
	if st := h.Run(1 << 20); st.Reason != emu.StopBreak {
		t.Fatalf("Run at a breakpoint: %v, want StopBreak", st)
	}
}

func TestWatchpoint(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.li(rA2, dataBase).li(rA0, 7)
	a.sd(rA0, rA2, 16)  // outside the watch
	a.sd(rZero, rA2, 8) // same value: no stop
	a.label("store").sw(rA0, rA2, 12)
	a.label("after").sd(rA0, rA2, 24)
	a.ebreak()
	for _, hist := range []*emu.History{nil, emu.NewHistory(100)} {
		testWatchpoint(t, a, hist)
	}
}

func testWatchpoint(t *testing.T, a *asmBuf, hist *emu.History) {
	h := newBareHart(t, "rv64imac", a.bytes(), emu.PermRX)
	if err := h.AddWatch(dataBase+8, 8); err != nil {
		t.Fatal(err)
	}
	st := h.Resume(1<<20, hist, nil)
	if st.Reason != emu.StopBreak || st.Msg != emu.MsgWatchpoint || h.PC != a.addr("after") {
		t.Fatalf("stop %v (%s) at %#x, want the watchpoint after %#x", st, st.Msg, h.PC, a.addr("store"))
	}
	hits := h.WatchHits()
	if len(hits) != 1 || hits[0].Addr != dataBase+8 || !bytes.Equal(hits[0].Old, make([]byte, 8)) ||
		!bytes.Equal(hits[0].New, []byte{0, 0, 0, 0, 7, 0, 0, 0}) {
		t.Fatalf("hits = %+v", hits)
	}
	h.RemoveWatch(dataBase+8, 8)
	if st := h.Resume(1<<20, hist, nil); st.Reason != emu.StopSignal {
		t.Fatalf("after removing the watch: %v", st)
	}
	if err := h.AddWatch(0x7000000, 4); err == nil {
		t.Fatal("AddWatch of unmapped memory succeeded")
	}
}

func TestWatchpointSeesSyscallWrites(t *testing.T) {
	a := newAsm(codeBase, 64)
	// read(0, dataBase, 4); exit(0)
	a.li(rA0, 0).li(rA1, dataBase).li(rA2, 4).li(rA7, 63).ecall()
	a.label("after").li(rA0, 0).li(rA7, 93).ecall()
	h, _ := newLinuxHart(t, "rv64imac", a.bytes(), emu.LinuxConfig{Stdin: strings.NewReader("abcd")})
	if err := h.AddWatch(dataBase, 4); err != nil {
		t.Fatal(err)
	}
	st := h.Resume(1<<20, nil, nil)
	if st.Msg != emu.MsgWatchpoint || h.PC != a.addr("after") || string(h.WatchHits()[0].New) != "abcd" {
		t.Fatalf("stop %v (%s) at %#x", st, st.Msg, h.PC)
	}
}

func TestResumeInterrupt(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.label("spin").j("spin")
	for _, hist := range []*emu.History{nil, emu.NewHistory(10)} {
		h := newBareHart(t, "rv64imac", a.bytes(), emu.PermRX)
		var intr atomic.Bool
		done := make(chan emu.Stop, 1)
		go func() { done <- h.Resume(^uint64(0), hist, &intr) }()
		time.Sleep(20 * time.Millisecond)
		intr.Store(true)
		select {
		case st := <-done:
			if st.Reason != emu.StopBreak || st.Msg != emu.MsgInterrupted {
				t.Fatalf("stop %v (%s), want interrupted", st, st.Msg)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Resume ignored the interrupt")
		}
		if intr.Load() {
			t.Error("Resume did not clear the interrupt flag")
		}
	}
}

// hartState is everything Undo must restore, for comparisons.
type hartState struct {
	x       [32]uint64
	pc      uint64
	instret uint64
	priv    uint8
	csrs    []emu.CSRValue
	data    []byte
	vregs   []byte
	vl      uint64
}

func snapshot(h *emu.Hart) hartState {
	s := hartState{pc: h.PC, instret: h.Instret, priv: h.Priv}
	copy(s.x[:], h.X[:32])
	for _, c := range h.DebugCSRs() {
		switch c.Num {
		case 0xc00, 0xc01, 0xc02, 0xb00, 0xb02, 0xc80, 0xc81, 0xc82, 0xb80, 0xb82:
			continue // counters follow instret, compared on their own
		}
		s.csrs = append(s.csrs, c)
	}
	s.data = make([]byte, dataSize)
	h.Mem.Read(dataBase, s.data)
	if h.V != nil {
		s.vregs = append([]byte(nil), h.V.Reg...)
		s.vl = h.V.VL
	}
	return s
}

func (s hartState) diff(o hartState) string {
	switch {
	case s.x != o.x:
		for i := range s.x {
			if s.x[i] != o.x[i] {
				return "x" + string(rune('0'+i/10)) + string(rune('0'+i%10)) + " differs"
			}
		}
	case s.pc != o.pc:
		return "pc differs"
	case s.instret != o.instret:
		return "instret differs"
	case s.priv != o.priv:
		return "priv differs"
	case len(s.csrs) != len(o.csrs):
		return "CSR list differs"
	case !bytes.Equal(s.data, o.data):
		return "memory differs"
	case !bytes.Equal(s.vregs, o.vregs) || s.vl != o.vl:
		return "vector state differs"
	}
	for i := range s.csrs {
		if s.csrs[i] != o.csrs[i] {
			return "CSR " + isaCSRName(s.csrs[i].Num) + " differs"
		}
	}
	return ""
}

func isaCSRName(n uint16) string {
	name, _ := isa.CSRName(n, 64)
	return name
}

// stepAndUndo steps h one instruction at a time through Resume with a history, keeping a
// snapshot before each, then undoes them all, checking the state after every Undo.
func stepAndUndo(t *testing.T, h *emu.Hart, steps int) {
	t.Helper()
	hist := emu.NewHistory(steps + 10)
	var snaps []hartState
	for i := 0; i < steps; i++ {
		snaps = append(snaps, snapshot(h))
		st := h.Resume(1, hist, nil)
		if st.Reason != emu.StopLimit {
			snaps = snaps[:len(snaps)-1]
			break
		}
	}
	t.Logf("%d steps, ended at %#x", len(snaps), h.PC)
	if hist.Len() != len(snaps) {
		t.Fatalf("history holds %d entries after %d steps", hist.Len(), len(snaps))
	}
	for i := len(snaps) - 1; i >= 0; i-- {
		if _, err := h.Undo(hist); err != nil {
			t.Fatalf("undo %d: %v", i, err)
		}
		if d := snapshot(h).diff(snaps[i]); d != "" {
			t.Fatalf("after undoing step %d (pc %#x): %s", i, snaps[i].pc, d)
		}
	}
	if _, err := h.Undo(hist); !errors.Is(err, emu.ErrNoHistory) {
		t.Fatalf("undo of an empty history: %v", err)
	}
}

func TestUndoBareMachine(t *testing.T) {
	// Stores of every size, an AMO, LR/SC, CSR writes, a trap into a handler and mret.
	a := newAsm(codeBase, 64)
	a.li(rA2, dataBase).li(rA0, -2)
	a.sb(rA0, rA2, 1).sh(rA0, rA2, 2).sw(rA0, rA2, 4).sd(rA0, rA2, 8)
	a.sd(rA0, rA2, 3) // misaligned, through the slow path
	a.addi(rA3, rA2, 16)
	a.amo(amoADD, 3, rA4, rA3, rA0)
	a.amo(amoLR, 3, rA5, rA3, rZero).amo(amoSC, 3, rA6, rA3, rA0)
	a.li(rT0, 0x1234).csrw(csrMscratch, rT0).csrrs(rT1, csrMscratch, rA0)
	a.la(rT0, "handler").csrw(csrMtvec, rT0)
	a.ecall()
	a.li(rA0, 1).ebreak()
	a.label("handler").csrr(rT2, csrMepc).addi(rT2, rT2, 4).csrw(csrMepc, rT2)
	a.sd(rT2, rA2, 32).mret()
	h := newBareHart(t, "rv64imac", a.bytes(), emu.PermRX)
	stepAndUndo(t, h, 60)
}

func TestUndoLinuxSyscalls(t *testing.T) {
	a := newAsm(codeBase, 64)
	// read(0, dataBase, 8); brk(0); write(1, dataBase, 3); exit(3)
	a.li(rA0, 0).li(rA1, dataBase).li(rA2, 8).li(rA7, 63).ecall()
	a.li(rA0, 0).li(rA7, 214).ecall()
	a.li(rA0, 1).li(rA1, dataBase).li(rA2, 3).li(rA7, 64).ecall()
	a.li(rA0, 3).li(rA7, 93).ecall()
	var out bytes.Buffer
	h, l := newLinuxHart(t, "rv64imac", a.bytes(), emu.LinuxConfig{Stdin: strings.NewReader("12345678"), Stdout: &out})
	hist := emu.NewHistory(100)
	st := h.Resume(1000, hist, nil)
	if st.Reason != emu.StopExit || !l.Exited || out.String() != "123" {
		t.Fatalf("run: %v, output %q", st, out.String())
	}
	// Back to the start: the buffer the read filled is zero again, the process alive.
	var syscalls []int64
	for hist.Len() > 0 {
		u, err := h.Undo(hist)
		if err != nil {
			t.Fatal(err)
		}
		if u.Syscall >= 0 {
			syscalls = append(syscalls, u.Syscall)
		}
	}
	if l.Exited || h.PC != codeBase || h.Instret != 0 {
		t.Fatalf("after undoing everything: exited %v, pc %#x, instret %d", l.Exited, h.PC, h.Instret)
	}
	var buf [8]byte
	h.Mem.Read(dataBase, buf[:])
	if buf != [8]byte{} {
		t.Fatalf("the read's buffer holds %q after undo", buf)
	}
	if len(syscalls) != 4 || syscalls[0] != 93 || syscalls[3] != 63 {
		t.Fatalf("undone system calls %v, want [93 64 214 63]", syscalls)
	}
}

func TestUndoMunmapIsABarrier(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.li(rA0, dataBase).li(rA1, emu.PageSize).li(rA7, 215).ecall()
	a.li(rA0, 0).li(rA7, 93).ecall()
	h, _ := newLinuxHart(t, "rv64imac", a.bytes(), emu.LinuxConfig{})
	hist := emu.NewHistory(100)
	h.Resume(1000, hist, nil)
	for i := 0; i < 3; i++ { // exit's ecall, li, li
		if _, err := h.Undo(hist); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.Undo(hist); err == nil || !strings.Contains(err.Error(), "munmap") {
		t.Fatalf("undo of munmap: %v, want a refusal naming it", err)
	}
}

func TestHistoryIsBounded(t *testing.T) {
	_, code := loopProg()
	h := newBareHart(t, "rv64imac", code, emu.PermRX)
	hist := emu.NewHistory(50)
	h.Resume(200, hist, nil)
	if hist.Len() != 50 {
		t.Fatalf("history holds %d, want its limit 50", hist.Len())
	}
	want := snapshot(h)
	for hist.Len() > 0 {
		if _, err := h.Undo(hist); err != nil {
			t.Fatal(err)
		}
	}
	if h.Instret != 150 {
		t.Fatalf("after 50 undos instret = %d, want 150", h.Instret)
	}
	// Going forward again reaches the same state.
	h.Resume(50, nil, nil)
	if d := snapshot(h).diff(want); d != "" {
		t.Fatal("replay after undo:", d)
	}
}

// Vector encodings (RVV 1.0 and the vector crypto spec), checked against the decoder.
func vsetivli(rd, avl, vtypei uint32) uint32 {
	return 3<<30 | vtypei<<20 | avl<<15 | 7<<12 | rd<<7 | 0x57
}
func vle32(vd, rs1 uint32) uint32       { return 1<<25 | rs1<<15 | 6<<12 | vd<<7 | 0x07 }
func vse32(vs3, rs1 uint32) uint32      { return 1<<25 | rs1<<15 | 6<<12 | vs3<<7 | 0x27 }
func vaddvv(vd, vs2, vs1 uint32) uint32 { return 1<<25 | vs2<<20 | vs1<<15 | vd<<7 | 0x57 }
func vaesemvs(vd, vs2 uint32) uint32 {
	return 0x29<<26 | 1<<25 | vs2<<20 | 2<<15 | 2<<12 | vd<<7 | 0x77
}

func TestUndoVector(t *testing.T) {
	dec := isa.NewDecoder(mustISA(t, "rv64imacv_zvkned"))
	for _, c := range []struct {
		w  uint32
		op isa.Op
	}{{vsetivli(rT0, 8, 0x10), isa.VSETIVLI}, {vle32(4, rA2), isa.VLE32_V}, {vse32(4, rA2), isa.VSE32_V},
		{vaddvv(8, 4, 6), isa.VADD_VV}, {vaesemvs(2, 4), isa.VAESEM_VS}} {
		if in, st := dec.Decode(c.w); st != isa.OK || in.Op != c.op {
			t.Fatalf("encoding %#08x decodes as %v (%v), want %v", c.w, in.Op, st, c.op)
		}
	}
	a := newAsm(codeBase, 64)
	a.li(rA2, dataBase)
	a.word(vsetivli(rT0, 8, 0x11)) // e32, m2
	a.word(vle32(4, rA2)).word(vle32(6, rA2))
	a.word(vaddvv(8, 4, 6))
	a.addi(rA2, rA2, 64).word(vse32(8, rA2))
	a.word(vsetivli(rT0, 4, 0x10)) // e32, m1
	a.word(vaesemvs(2, 4)).word(vaesemvs(2, 4))
	a.ebreak()
	h := newBareHart(t, "rv64imacv_zvkned", a.bytes(), emu.PermRX)
	for i := 0; i < 64; i++ {
		var b [4]byte
		binary.LittleEndian.PutUint32(b[:], uint32(i*0x01010101))
		h.Mem.Write(dataBase+uint64(4*i), b[:])
	}
	stepAndUndo(t, h, 30)
}

func TestHistoryLastChange(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.li(rA2, dataBase).li(rA0, 0x1122334455667788)
	a.label("st").sd(rA0, rA2, 8)
	a.ebreak()
	h := newBareHart(t, "rv64imac", a.bytes(), emu.PermRX)
	for h.PC != a.addr("st") {
		h.Step()
	}
	hist := emu.NewHistory(1)
	h.Resume(1, hist, nil)
	c, ok := hist.Last(h)
	if !ok || c.PC != a.addr("st") || len(c.Regs) != 0 || len(c.Mem) != 1 || c.Mem[0].Addr != dataBase+8 ||
		!bytes.Equal(c.Mem[0].Old, make([]byte, 8)) {
		t.Fatalf("Last = %+v", c)
	}
	h.Mem.Write(dataBase, []byte{1})
	h.SetReg(rA0, 5)
	h.PC = a.addr("st") - 4 // the li's last instruction rewrites a0
	h.Resume(1, hist, nil)
	if c, _ := hist.Last(h); len(c.Regs) != 1 || c.Regs[0].Reg != rA0 || c.Regs[0].Old != 5 {
		t.Fatalf("Last after an ALU op = %+v", c)
	}
}

func TestPrepareCall(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.label("f").add(rA0, rA0, rA1).jalr(rZero, rRA, 0)
	h := newBareHart(t, "rv64imac", a.bytes(), emu.PermRX)
	mc := &emu.Machine{Hart: h}
	if err := mc.PrepareCall(a.addr("f"), 40, 2); err != nil {
		t.Fatal(err)
	}
	st := h.Resume(100, emu.NewHistory(10), nil)
	if st.Reason != emu.StopReturn || h.Reg(rA0) != 42 {
		t.Fatalf("call: %v, a0 = %d", st, h.Reg(rA0))
	}
}

func TestUndoThenRecordAgain(t *testing.T) {
	_, code := loopProg()
	h := newBareHart(t, "rv64imac", code, emu.PermRX)
	hist := emu.NewHistory(8)
	var snaps []hartState
	step := func() {
		snaps = append(snaps, snapshot(h))
		h.Resume(1, hist, nil)
		if c, ok := hist.Last(h); !ok || c.PC != snaps[len(snaps)-1].pc {
			t.Fatalf("Last describes %#x, want the instruction just run at %#x", c.PC, snaps[len(snaps)-1].pc)
		}
	}
	undo := func() {
		if _, err := h.Undo(hist); err != nil {
			t.Fatal(err)
		}
		want := snaps[len(snaps)-1]
		snaps = snaps[:len(snaps)-1]
		if d := snapshot(h).diff(want); d != "" {
			t.Fatalf("after undo to %#x: %s", want.pc, d)
		}
	}
	for i := 0; i < 12; i++ { // wraps the ring
		step()
	}
	snaps = snaps[len(snaps)-8:]
	for i := 0; i < 3; i++ {
		undo()
	}
	for i := 0; i < 2; i++ {
		step()
	}
	for hist.Len() > 0 {
		undo()
	}
}
