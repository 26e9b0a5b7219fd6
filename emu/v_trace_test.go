package emu

import (
	"bytes"
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
		"core   0: 3 0x0000000000010018 (0x020584a7)",
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
