package gdbstub

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"rvsim/emu"
	"rvsim/isa"
)

func TestQueries(t *testing.T) {
	c, h := newClient(t, 64, Config{History: emu.NewHistory(100)})
	sup := c.do("qSupported:multiprocess+;swbreak+;hwbreak+;qRelocInsn+;fork-events+;vfork-events+;exec-events+;vContSupported+;QThreadEvents+;no-resumed+;xmlRegisters=i386")
	for _, f := range []string{"PacketSize=4000", "qXfer:features:read+", "swbreak+", "hwbreak+", "ReverseStep+", "ReverseContinue+", "QStartNoAckMode+"} {
		if !strings.Contains(";"+sup+";", ";"+f+";") {
			t.Errorf("qSupported reply %q lacks %s", sup, f)
		}
	}
	for cmd, want := range map[string]string{
		"?":                                 "T05thread:01;",
		"qAttached":                         "1",
		"qAttached:1":                       "1",
		"qC":                                "QC01",
		"qfThreadInfo":                      "m01",
		"qsThreadInfo":                      "l",
		"qOffsets":                          "Text=0;Data=0;Bss=0",
		"qSymbol::":                         "OK",
		"Hg0":                               "OK",
		"Hc-1":                              "OK",
		"Hg7":                               "E01",
		"T1":                                "OK",
		"vCont?":                            "vCont;c;C;s;S",
		"vMustReplyEmpty":                   "",
		"qTStatus":                          "",
		"!":                                 "",
		"qXfer:features:read:foo.xml:0,100": "E00",
		"qXfer:features:read:target.xml:zz": "E01",
		"qXfer:auxv:read:x:0,100":           "E00",
		"qXfer:auxv:write::0,100":           "",
		"vCont;x":                           "E01",
		"vCont;c:5":                         "E01",
	} {
		if got := c.do(cmd); got != want {
			t.Errorf("%s: reply %q, want %q", cmd, got, want)
		}
	}
	// The auxiliary vector, for gdb to relocate a PIE: the bytes on the program's stack, in
	// the pieces asked for (the packet layer undoes the escapes).
	if !strings.Contains(sup, "qXfer:auxv:read+") {
		t.Errorf("qSupported reply %q lacks qXfer:auxv:read+ for a Linux program", sup)
	}
	var auxv []byte
	for off := 0; ; off += 40 {
		r := c.do(fmt.Sprintf("qXfer:auxv:read::%x,28", off))
		if r == "" || (r[0] != 'm' && r[0] != 'l') {
			t.Fatalf("qXfer:auxv at %d: %q", off, r)
		}
		auxv = append(auxv, r[1:]...)
		if r[0] == 'l' {
			break
		}
	}
	if want := h.Linux.Auxv(); string(auxv) != string(want) || len(want) < 32 || binary.LittleEndian.Uint64(want) != 3 {
		t.Errorf("qXfer:auxv gave % x, want % x (starting with AT_PHDR)", auxv, want)
	}
	// The description comes in pieces of the size gdb asks for: m while more follows, l
	// with the last piece.
	var xmlDoc strings.Builder
	for off := 0; ; off += 100 {
		r := c.do(fmt.Sprintf("qXfer:features:read:target.xml:%x,64", off))
		xmlDoc.WriteString(r[1:])
		if r[0] == 'l' {
			break
		}
		if r[0] != 'm' || len(r) != 101 {
			t.Fatalf("qXfer at %d: %q", off, r)
		}
	}
	if got := xmlDoc.String(); got != string(c.s.TargetXML()) {
		t.Errorf("target.xml read in pieces differs from the description")
	}
	if r := c.do(fmt.Sprintf("qXfer:features:read:target.xml:%x,64", len(c.s.TargetXML())+10)); r != "l" {
		t.Errorf("qXfer past the end: %q", r)
	}
	_ = h
}

func TestMemory(t *testing.T) {
	c, h := newClient(t, 64, Config{})
	entry := h.PC
	// m reads the program's first two instructions, little-endian.
	if got, want := c.do(fmt.Sprintf("m%x,8", entry)), "130515002328a1fe"; got != want {
		t.Errorf("m entry = %s, want %s", got, want)
	}
	sp := h.Reg(2)
	addr := sp - 64
	if got := c.do(fmt.Sprintf("M%x,4:deadbeef", addr)); got != "OK" {
		t.Fatalf("M: %q", got)
	}
	if got := c.do(fmt.Sprintf("m%x,4", addr)); got != "deadbeef" {
		t.Errorf("m after M = %s", got)
	}
	// X carries binary data with $, #, } and * escaped.
	data := []byte{'$', '#', '}', '*', 0, 0xff}
	var esc []byte
	for _, b := range data {
		if b == '$' || b == '#' || b == '}' || b == '*' {
			esc = append(esc, '}', b^0x20)
		} else {
			esc = append(esc, b)
		}
	}
	if got := c.do(fmt.Sprintf("X%x,%x:%s", addr, len(data), esc)); got != "OK" {
		t.Fatalf("X: %q", got)
	}
	got := make([]byte, len(data))
	h.Mem.Read(addr, got)
	if string(got) != string(data) {
		t.Errorf("X wrote % x, want % x", got, data)
	}
	if got := c.do(fmt.Sprintf("X%x,0:", addr)); got != "OK" {
		t.Errorf("X probe: %q", got)
	}
	// Unmapped memory: an error, or the readable part when a range runs into it.
	for cmd, want := range map[string]string{
		"m0,4":                 "E14",
		"M0,1:00":              "E14",
		"X0,1:a":               "E14",
		"mzz,4":                "E01",
		"m10000":               "E01",
		"M10000,2:00":          "E01",
		"M10000,1:zz":          "E01",
		"Xfoo":                 "E01",
		"mffffffffffffffff,10": "E14",
	} {
		if got := c.do(cmd); got != want {
			t.Errorf("%s: reply %q, want %q", cmd, got, want)
		}
	}
	end := (entry | 0xfff) + 1 // the code segment is one page
	if got := c.do(fmt.Sprintf("m%x,10", end-4)); got != "00000000" && len(got) != 8 {
		t.Errorf("m across the end of the mapping: %q, want the 4 readable bytes", got)
	}
}

func TestBreakpointsAndSteps(t *testing.T) {
	c, h := newClient(t, 64, Config{})
	entry := h.PC
	if got := c.do(fmt.Sprintf("Z0,%x,4", entry+offLoad)); got != "OK" {
		t.Fatalf("Z0: %q", got)
	}
	if got := c.do("c"); got != "T05thread:01;swbreak:;" || h.PC != entry+offLoad {
		t.Fatalf("c: %q at pc %#x, want the breakpoint at %#x", got, h.PC, entry+offLoad)
	}
	if h.Reg(10) != 1 {
		t.Errorf("a0 = %d at the first stop, want 1", h.Reg(10))
	}
	// Continuing from the breakpoint steps over it and stops there on the next iteration.
	if got := c.do("vCont;c:1"); got != "T05thread:01;swbreak:;" || h.Reg(10) != 2 {
		t.Fatalf("vCont;c: %q, a0 = %d", got, h.Reg(10))
	}
	if got := c.do("?"); got != "T05thread:01;swbreak:;" {
		t.Errorf("? after a breakpoint: %q", got)
	}
	if got := c.do("s"); got != "T05thread:01;" || h.PC != entry+offLoad+4 {
		t.Errorf("s: %q at %#x", got, h.PC)
	}
	if got := c.do("vCont;s:1;c"); got != "T05thread:01;" || h.PC != entry+offLoad+8 {
		t.Errorf("vCont;s: %q at %#x", got, h.PC)
	}
	// A hardware breakpoint on top: removing the software one keeps the hardware one.
	if got := c.do(fmt.Sprintf("Z1,%x,4", entry+offLoad)); got != "OK" {
		t.Fatalf("Z1: %q", got)
	}
	c.do(fmt.Sprintf("z0,%x,4", entry+offLoad))
	if got := c.do("c"); got != "T05thread:01;hwbreak:;" || h.PC != entry+offLoad {
		t.Fatalf("c to the hardware breakpoint: %q at %#x", got, h.PC)
	}
	c.do(fmt.Sprintf("z1,%x,4", entry+offLoad))
	if len(h.Breakpoints()) != 0 {
		t.Errorf("breakpoints left after z0 and z1: %#x", h.Breakpoints())
	}
	// s ADDR resumes elsewhere: the exit.
	if got := c.do(fmt.Sprintf("s%x", entry+0x14)); got != "T05thread:01;" || h.PC != entry+0x18 {
		t.Errorf("s ADDR: %q at %#x", got, h.PC)
	}
	if got := c.do("c"); got != "W03" || !c.done {
		t.Errorf("c to exit: %q (done %v), want W03 (a0 was 3)", got, c.done)
	}
	if r := c.s.Result(); r.How != Exited || r.Stop.Reason != emu.StopExit || r.Stop.Code != 3 {
		t.Errorf("result %+v", r)
	}
	for _, bad := range []string{"Z0,zz,4", "Z0,10", "Z9,100,4", "cfoo", "C", "Szz"} {
		c2, _ := newClient(t, 64, Config{})
		want := "E01"
		if bad == "Z9,100,4" {
			want = ""
		}
		if got := c2.do(bad); got != want {
			t.Errorf("%s: %q, want %q", bad, got, want)
		}
	}
}

func TestWatchpoints(t *testing.T) {
	// With the undo log a watch stop is reported before the access, as gdb expects of
	// RISC-V (it then steps over the instruction itself); continuing executes the access
	// without stopping on it again.
	for _, w := range []struct {
		typ    int
		name   string
		stopAt uint64 // the accessing instruction
		next   uint64 // where the next continue stops
		nextA0 uint64
	}{
		{2, "watch", offStore, offStore, 2},
		{3, "rwatch", offLoad, offLoad, 2},
		{4, "awatch", offStore, offLoad, 1}, // the store, then the load
	} {
		t.Run(w.name, func(t *testing.T) {
			c, h := newClient(t, 64, Config{History: emu.NewHistory(1000)})
			entry := h.PC
			addr := h.Reg(2) - 16
			if got := c.do(fmt.Sprintf("Z%d,%x,4", w.typ, addr)); got != "OK" {
				t.Fatalf("Z%d: %q", w.typ, got)
			}
			want := fmt.Sprintf("T05thread:01;%s:%x;", w.name, addr)
			if got := c.do("c"); got != want || h.PC != entry+w.stopAt || h.Reg(10) != 1 {
				t.Fatalf("c: %q at %#x, a0 = %d; want %q at %#x", got, h.PC, h.Reg(10), want, entry+w.stopAt)
			}
			var mem [4]byte
			h.Mem.Read(addr, mem[:])
			if w.typ == 2 && mem[0] != 0 {
				t.Errorf("stopped before the store, yet memory holds %d", mem[0])
			}
			if got := c.do("c"); got != want || h.PC != entry+w.next || h.Reg(10) != w.nextA0 {
				t.Fatalf("second c: %q at %#x with a0 = %d", got, h.PC, h.Reg(10))
			}
			// A step from the stop executes the access and stops after it.
			if got := c.do("s"); got != "T05thread:01;" || h.PC != entry+w.next+4 {
				t.Errorf("s from the watch stop: %q at %#x", got, h.PC)
			}
			if got := c.do(fmt.Sprintf("z%d,%x,4", w.typ, addr)); got != "OK" {
				t.Fatalf("z%d: %q", w.typ, got)
			}
			if got := c.do("c"); got != "W05" {
				t.Errorf("c without the watch: %q, want W05", got)
			}
		})
	}
	// Without the undo log the stop comes after the store.
	c, h := newClient(t, 64, Config{})
	addr := h.Reg(2) - 16
	c.do(fmt.Sprintf("Z2,%x,4", addr))
	if got, want := c.do("c"), fmt.Sprintf("T05thread:01;watch:%x;", addr); got != want || h.PC != 0x10078+offStore+4 {
		t.Errorf("c without history: %q at %#x, want %q after the store", got, h.PC, want)
	}
	for _, bad := range []string{"Z2,0,4", "Z3,0,4", "Z2,100,0", "Z3,100,20000"} {
		if got := c.do(bad); got != "E01" {
			t.Errorf("%s: %q, want E01", bad, got)
		}
	}
}

func TestReverse(t *testing.T) {
	c, h := newClient(t, 64, Config{History: emu.NewHistory(1000)})
	entry := h.PC
	c.do(fmt.Sprintf("Z0,%x,4", entry))
	// At the entry the history is empty: there is nothing to go back to.
	if got := c.do("bs"); got != "T05thread:01;replaylog:begin;" {
		t.Errorf("bs at the start: %q", got)
	}
	for i := 1; i <= 3; i++ {
		if got := c.do("c"); got != "T05thread:01;swbreak:;" || h.Reg(10) != uint64(i) {
			t.Fatalf("c %d: %q, a0 = %d", i, got, h.Reg(10))
		}
	}
	// bs takes back the bne: a0 is still 3, pc on the branch.
	if got := c.do("bs"); got != "T05thread:01;" || h.PC != entry+0x10 || h.Reg(10) != 3 {
		t.Errorf("bs: %q at %#x, a0 = %d", got, h.PC, h.Reg(10))
	}
	// bc goes back to the previous time the breakpoint was reached.
	if got := c.do("bc"); got != "T05thread:01;swbreak:;" || h.PC != entry || h.Reg(10) != 2 {
		t.Errorf("bc: %q at %#x, a0 = %d", got, h.PC, h.Reg(10))
	}
	var mem [4]byte
	h.Mem.Read(h.Reg(2)-16, mem[:])
	if got := binary.LittleEndian.Uint32(mem[:]); got != 2 {
		t.Errorf("after bc the stored counter is %d, want 2", got)
	}
	c.do(fmt.Sprintf("z0,%x,4", entry))
	if got := c.do("bc"); got != "T05thread:01;replaylog:begin;" || h.PC != entry || h.Reg(10) != 0 {
		t.Errorf("bc to the start of the history: %q at %#x, a0 = %d", got, h.PC, h.Reg(10))
	}
	// Forward again, to the end.
	if got := c.do("c"); got != "W05" {
		t.Errorf("c after reversing: %q", got)
	}

	// A write watch stops a reverse-continue where an undone store changed its bytes.
	c, h = newClient(t, 64, Config{History: emu.NewHistory(1000)})
	c.do(fmt.Sprintf("Z0,%x,4", entry+0x14))
	c.do("c")
	addr := h.Reg(2) - 16
	c.do(fmt.Sprintf("Z2,%x,4", addr))
	// The stop comes before the store is taken back (gdb steps back over it itself).
	if got, want := c.do("bc"), fmt.Sprintf("T05thread:01;watch:%x;", addr); got != want || h.PC != entry+offStore+4 {
		t.Errorf("bc with a watch: %q at %#x, want %q after the store, at %#x", got, h.PC, want, entry+offStore+4)
	}
	if got := c.do("bs"); got != "T05thread:01;" || h.PC != entry+offStore {
		t.Errorf("bs over the store: %q at %#x", got, h.PC)
	}

	// Without a history the stub neither offers nor does reverse execution.
	c, _ = newClient(t, 64, Config{})
	if strings.Contains(c.do("qSupported"), "Reverse") {
		t.Error("qSupported offers reverse execution without a history")
	}
	if got := c.do("bs"); got != "E01" {
		t.Errorf("bs without a history: %q", got)
	}
	// A register write by gdb forgets the history: undoing across it would mix states.
	c, h = newClient(t, 64, Config{History: emu.NewHistory(1000)})
	c.do("s")
	c.do("Pa=" + hexLE64(9, 8))
	if got := c.do("bs"); got != "T05thread:01;replaylog:begin;" || h.Reg(10) != 9 {
		t.Errorf("bs after P: %q, a0 = %d", got, h.Reg(10))
	}
}

func TestFatalSignal(t *testing.T) {
	for _, xlen := range []int{32, 64} {
		c, h := newClient(t, xlen, Config{})
		h.PC += offFault
		if got := c.do("c"); got != "T0bthread:01;" {
			t.Errorf("rv%d: c into a bad load: %q, want SIGSEGV (0b)", xlen, got)
		}
		if got := c.do("c"); got != "X0b" || !c.done {
			t.Errorf("rv%d: c after the fault: %q (done %v), want X0b", xlen, got, c.done)
		}
		if r := c.s.Result(); r.How != Exited || r.Stop.Signal != emu.SIGSEGV {
			t.Errorf("rv%d: result %+v", xlen, r)
		}
	}
	for linux, want := range map[int]int{4: 4, 5: 5, 7: 10, 11: 11, 31: 12, 0: 143} {
		if got := gdbSignal(linux); got != want {
			t.Errorf("gdbSignal(%d) = %d, want %d", linux, got, want)
		}
	}
}

func TestResumeLimitInterrupts(t *testing.T) {
	c, h := newClient(t, 64, Config{ResumeLimit: 1000})
	h.PC += offSpin
	if got := c.do("c"); got != "T02thread:01;" {
		t.Errorf("c on a spin loop with a limit: %q, want T02", got)
	}
	// Ctrl-C that arrived before the continue started stops it at once.
	c.s.Feed([]byte{0x03})
	before := h.Instret
	if got := c.do("c"); got != "T02thread:01;" || h.Instret != before {
		t.Errorf("c after Ctrl-C: %q, ran %d instructions", got, h.Instret-before)
	}
}

func TestKillDetach(t *testing.T) {
	c, _ := newClient(t, 64, Config{})
	out, done := c.s.Feed(packet("k"))
	if string(out) != "+" || !done || c.s.Result().How != Killed {
		t.Errorf("k: sent %q, done %v, result %v", out, done, c.s.Result().How)
	}
	c, _ = newClient(t, 64, Config{})
	if got := c.do("D"); got != "OK" || !c.done || c.s.Result().How != Detached {
		t.Errorf("D: %q, done %v, result %v", got, c.done, c.s.Result().How)
	}
	c, _ = newClient(t, 64, Config{})
	if got := c.do("vKill;1"); got != "OK" || !c.done || c.s.Result().How != Killed {
		t.Errorf("vKill: %q, done %v", got, c.done)
	}
}

func TestAcks(t *testing.T) {
	c, _ := newClient(t, 64, Config{})
	// A corrupted packet is refused with '-' and nothing else; gdb then resends it.
	out, _ := c.s.Feed([]byte("$g#00"))
	if string(out) != "-" {
		t.Errorf("bad checksum: sent %q, want -", out)
	}
	reply := c.do("qC")
	// '-' from gdb asks for the last reply again.
	out, _ = c.s.Feed([]byte("-"))
	if got, _, _, err := parseReplies(out); err != nil || len(got) != 1 || got[0] != reply {
		t.Errorf("after -: resent %q, want %q", out, reply)
	}
	if out, _ := c.s.Feed([]byte("+")); len(out) != 0 {
		t.Errorf("+ got a reply: %q", out)
	}
	if got := c.do("QStartNoAckMode"); got != "OK" {
		t.Fatalf("QStartNoAckMode: %q", got)
	}
	out, _ = c.s.Feed(packet("qC"))
	if string(out) != string(frame([]byte("QC01"))) {
		t.Errorf("qC without acks: %q", out)
	}
	if out, _ := c.s.Feed([]byte("$g#00")); len(out) != 0 {
		t.Errorf("bad packet without acks: %q, want silence", out)
	}
}

// TestVectorWatch: read and access watches see the elements of vector loads and stores.
func TestVectorWatch(t *testing.T) {
	m := emu.NewMemory()
	m.Map(0x10000, emu.PageSize, emu.PermRX)
	var code []byte
	for _, w := range []uint32{
		0xcd027057, // vsetivli zero, 4, e32, m1, ta, ma
		0x02056087, // vle32.v v1, (a0)
		0x0205e0a7, // vse32.v v1, (a1)
		0x0000006f, // j .
	} {
		code = binary.LittleEndian.AppendUint32(code, w)
	}
	m.Write(0x10000, code)
	m.Map(0x20000, emu.PageSize, emu.PermRW)
	m.Write(0x20008, []byte{0x44, 0x33, 0x22, 0x11})
	for _, hist := range []bool{true, false} {
		h := emu.NewHart(isa.Default(64), m)
		h.PC = 0x10000
		h.SetReg(10, 0x20000)
		h.SetReg(11, 0x20100)
		cfg := Config{ResumeLimit: 100}
		if hist {
			cfg.History = emu.NewHistory(100)
		}
		c := &client{t: t, s: New(h, cfg)}
		c.do("Z3,2000c,4") // element 3 of the load
		c.do("Z4,20108,4") // element 2 of the store
		after := uint64(0)
		if !hist {
			after = 4 // without the undo log the stop comes after the access
		}
		if got := c.do("c"); got != "T05thread:01;rwatch:2000c;" || h.PC != 0x10004+after {
			t.Errorf("history %v: c to the vector load: %q at %#x", hist, got, h.PC)
		}
		if got := c.do("c"); got != "T05thread:01;awatch:20108;" || h.PC != 0x10008+after {
			t.Errorf("history %v: c to the vector store: %q at %#x", hist, got, h.PC)
		}
		if got := c.do("s"); got != "T05thread:01;" || h.PC != 0x1000c {
			t.Errorf("history %v: s: %q at %#x", hist, got, h.PC)
		}
		if got := c.do(fmt.Sprintf("m%x,4", 0x20108)); got != "44332211" {
			t.Errorf("history %v: the store wrote %s", hist, got)
		}
		m.Write(0x20108, make([]byte, 4))
	}
}
