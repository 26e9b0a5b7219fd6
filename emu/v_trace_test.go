package emu

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"rvsim/isa"
)

// The commit log shows vector register writes as Spike does: the configuration once, then
// each written register of the group, most significant byte first.
func TestVectorCommitLog(t *testing.T) {
	m := NewMemory()
	h := NewHart(isa.Default(64), m)
	const base = 0x10000
	loadWords(m, base, []uint32{
		0xcd0277d7, // vsetivli a5, 4, e32, m1, ta, ma
		0x5208a457, // vid.v v8
		0x028404d7, // vadd.vv v9, v8, v8
		0x42902557, // vmv.x.s a0, v9
		0xc284a157, // vwaddu.vv v2, v8, v9
		0xcc717057, // vsetivli zero, 2, e8, mf2, ta, ma
		0x020584a7, // vse8.v v9, (a1)
		0x5208a457, // vid.v v8
	})
	m.Map(0x20000, PageSize, PermRW)
	h.PC = base
	h.X[11] = 0x20000
	var out bytes.Buffer
	hook, flush := CommitLog(h, &out)
	h.Hook = hook
	if st := h.Run(8); st.Reason != StopLimit {
		t.Fatalf("run: %v", st)
	}
	flush()
	want := []string{
		"core   0: 3 0x0000000000010000 (0xcd0277d7) x15 0x0000000000000004",
		"core   0: 3 0x0000000000010004 (0x5208a457) e32 m1 l4 v8  0x00000003000000020000000100000000",
		"core   0: 3 0x0000000000010008 (0x028404d7) e32 m1 l4 v9  0x00000006000000040000000200000000",
		"core   0: 3 0x000000000001000c (0x42902557) x10 0x0000000000000000",
		"core   0: 3 0x0000000000010010 (0xc284a157) e32 m1 l4 v2  0x00000000000000030000000000000000 v3  0x00000000000000090000000000000006",
		"core   0: 3 0x0000000000010014 (0xcc717057)",
		"core   0: 3 0x0000000000010018 (0x020584a7) mem 0x0000000000020000 0x00 mem 0x0000000000020001 0x00",
		"core   0: 3 0x000000000001001c (0x5208a457) e8 mf2 l2 v8  0x00000003000000020000000100000100",
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(got), len(want), out.String())
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i, got[i], want[i])
		}
	}
}

// Vector loads and stores log every element they access, as Spike does: " mem 0xADDR" for
// each element read and " mem 0xADDR 0xVALUE" for each written, after the register writes;
// strided, indexed and segment accesses in the order of their elements (and fields).
func TestVectorCommitLogMem(t *testing.T) {
	m := NewMemory()
	h := NewHart(isa.Default(64), m)
	const base = 0x10000
	loadWords(m, base, []uint32{
		0xcd017057, // vsetivli zero, 2, e32, m1, ta, ma
		0x0205e407, // vle32.v v8, (a1)
		0x02066427, // vse32.v v8, (a2)
		0x0ad5e487, // vlse32.v v9, (a1), a3
		0x22066427, // vsseg2e32.v v8, (a2)
		0x0685e507, // vluxei32.v v10, (a1), v8
		0xcc01f057, // vsetivli zero, 3, e8, m1, ta, ma
		0x22058607, // vlseg2e8.v v12, (a1)
	})
	m.Map(0x20000, PageSize, PermRW)
	var data []byte
	for _, w := range []uint32{0x0c, 0x04, 0xaabbccdd, 0x11223344} {
		data = binary.LittleEndian.AppendUint32(data, w)
	}
	m.Write(0x20000, data)
	h.PC = base
	h.X[11] = 0x20000 // a1: the data
	h.X[12] = 0x20100 // a2: where stores go
	h.X[13] = 8       // a3: the stride
	var out bytes.Buffer
	hook, flush := CommitLog(h, &out)
	h.Hook = hook
	if st := h.Run(8); st.Reason != StopLimit {
		t.Fatalf("run: %v", st)
	}
	flush()
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != 8 {
		t.Fatalf("%d lines, want 8:\n%s", len(got), out.String())
	}
	// The whole line for vle32.v and vse32.v at vl=2.
	for i, want := range map[int]string{
		1: "core   0: 3 0x0000000000010004 (0x0205e407) e32 m1 l2 v8  0x0000000000000000000000040000000c" +
			" mem 0x0000000000020000 mem 0x0000000000020004",
		2: "core   0: 3 0x0000000000010008 (0x02066427)" +
			" mem 0x0000000000020100 0x0000000c mem 0x0000000000020104 0x00000004",
	} {
		if got[i] != want {
			t.Errorf("line %d:\n got %s\nwant %s", i, got[i], want)
		}
	}
	// The memory entries of the others.
	for i, want := range map[int]string{
		3: " mem 0x0000000000020000 mem 0x0000000000020008",
		4: " mem 0x0000000000020100 0x0000000c mem 0x0000000000020104 0x0000000c" +
			" mem 0x0000000000020108 0x00000004 mem 0x000000000002010c 0xaabbccdd",
		5: " mem 0x000000000002000c mem 0x0000000000020004",
		6: "",
		7: " mem 0x0000000000020000 mem 0x0000000000020001 mem 0x0000000000020002" +
			" mem 0x0000000000020003 mem 0x0000000000020004 mem 0x0000000000020005",
	} {
		mem := ""
		if k := strings.Index(got[i], " mem "); k >= 0 {
			mem = got[i][k:]
		}
		if mem != want {
			t.Errorf("line %d: memory entries\n got %q\nwant %q\n(line %s)", i, mem, want, got[i])
		}
	}

	// Without a hook nothing is recorded.
	h.Hook = nil
	h.PC = base + 4
	h.V.macc = h.V.macc[:0]
	if st := h.Run(2); st.Reason != StopLimit {
		t.Fatalf("run: %v", st)
	}
	if len(h.V.macc) != 0 || h.V.logMem {
		t.Errorf("without a hook: %d accesses recorded (logMem %v), want none", len(h.V.macc), h.V.logMem)
	}
}
