package isa

import (
	"math/bits"
	"os/exec"
	"testing"
)

// precedence lists the encodings that lie inside another row's: the narrower row (more
// fixed bits) is a distinct instruction that the decoder tries first. Any other pair of
// rows of the same XLEN that some word matches is a table error.
var precedence = []struct{ narrow, wide string }{
	// Zbb's zext.h is Zbkb's pack (RV32) / packw (RV64) with rs2 = x0.
	{"zext.h", "pack"},
	{"zext.h", "packw"},
	// RVC: c.addi16sp is c.lui with rd = sp; c.jr is c.mv with rs2 = 0; c.ebreak is c.jalr
	// with rs1 = 0, and both are c.add with rs2 = 0.
	{"c.addi16sp", "c.lui"},
	{"c.jr", "c.mv"},
	{"c.ebreak", "c.jalr"},
	{"c.ebreak", "c.add"},
	{"c.jalr", "c.add"},
}

func listed(a, b string) (narrow string, ok bool) {
	for _, p := range precedence {
		if p.narrow == a && p.wide == b {
			return a, true
		}
		if p.narrow == b && p.wide == a {
			return b, true
		}
	}
	return "", false
}

func sameXLEN(a, b int) bool { return a == 0 || b == 0 || a == b }

func TestRowOverlaps(t *testing.T) {
	used := map[string]bool{}
	rs := Rows()
	for i := range rs {
		for j := i + 1; j < len(rs); j++ {
			a, b := rs[i], rs[j]
			// The catch-all rows of the floating-point opcodes (fp.go) are meant to be
			// below every F and D row of their bucket.
			overlap := sameXLEN(a.XLEN, b.XLEN) && (a.Match^b.Match)&a.Mask&b.Mask == 0
			if overlap && (a.Op == FP) != (b.Op == FP) && (a.Args.FP() || b.Args.FP()) {
				fp, other := a, b
				if b.Op == FP {
					fp, other = b, a
				}
				if other.Mask&fp.Mask != fp.Mask || other.Mask == fp.Mask {
					t.Errorf("%s does not narrow the catch-all fp row %#08x/%#08x", other.Name, fp.Match, fp.Mask)
				}
				continue
			}
			if !sameXLEN(a.XLEN, b.XLEN) || (a.Match^b.Match)&a.Mask&b.Mask != 0 {
				continue
			}
			narrow, ok := listed(a.Name, b.Name)
			if !ok {
				t.Errorf("rows %s (%#08x/%#08x) and %s (%#08x/%#08x) overlap", a.Name, a.Match, a.Mask, b.Name, b.Match, b.Mask)
				continue
			}
			used[narrow+" "+a.Name+b.Name] = true
			n, w := a, b
			if narrow != a.Name {
				n, w = b, a
			}
			if n.Mask&w.Mask != w.Mask || n.Mask == w.Mask {
				t.Errorf("%s is listed as narrower than %s but its mask %#08x does not contain %#08x", n.Name, w.Name, n.Mask, w.Mask)
			}
			// The decoder must pick the narrower row when both are enabled.
			xlen := n.XLEN
			if xlen == 0 {
				xlen = w.XLEN
			}
			for _, x := range []int{32, 64} {
				if xlen != 0 && x != xlen {
					continue
				}
				if in, st := NewDecoder(Default(x)).Decode(n.Match); st != OK || in.Op != n.Op {
					t.Errorf("RV%d: %#08x decodes to %v (%v), want %s", x, n.Match, in.Op, st, n.Name)
				}
			}
		}
	}
	cs := CRows()
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			a, b := cs[i], cs[j]
			if !sameXLEN(a.XLEN, b.XLEN) || (a.Match^b.Match)&a.Mask&b.Mask != 0 {
				continue
			}
			narrow, ok := listed(a.Name, b.Name)
			if !ok {
				t.Errorf("compressed rows %s and %s overlap", a.Name, b.Name)
				continue
			}
			used[narrow+" "+a.Name+b.Name] = true
			n, w := a, b
			if narrow != a.Name {
				n, w = b, a
			}
			if n.Mask&w.Mask != w.Mask || n.Mask == w.Mask {
				t.Errorf("%s is listed as narrower than %s but its mask %#04x does not contain %#04x", n.Name, w.Name, n.Mask, w.Mask)
			}
			// A word of n's that no still narrower row claims must decode as n.
			for _, pat := range []uint16{0, 0xffff, 0x5555, 0xaaaa} {
				h := n.Match | pat&^n.Mask
				claimed := false
				for _, o := range cs {
					claimed = claimed || (o.Mask != n.Mask && o.Mask&n.Mask == n.Mask && h&o.Mask == o.Match)
				}
				if claimed {
					continue
				}
				if in, _ := NewDecoder(Default(64)).Decode(uint32(h)); in.Op != n.Op {
					t.Errorf("%#04x decodes to %v, want %s's %v", h, in.Op, n.Name, n.Op)
				}
				break
			}
		}
	}
	if len(used) != len(precedence) {
		t.Errorf("the precedence list has %d entries, %d overlaps were found: remove stale entries", len(precedence), len(used))
	}
}

func TestEveryOpHasRow(t *testing.T) {
	for op := Op(1); op < NumOps; op++ {
		if RowOf(op, 32) == nil && RowOf(op, 64) == nil {
			t.Errorf("op %d (%v) has no row", op, op)
		}
		if op.String() == "unknown" {
			t.Errorf("op %d has no name", op)
		}
	}
	for _, r := range CRows() {
		if r.Op == OpInvalid || r.Op >= NumOps {
			t.Errorf("compressed row %s expands to no op", r.Name)
		}
	}
}

func TestRowFields(t *testing.T) {
	names := map[string]Op{}
	for _, r := range Rows() {
		if r.Class == ClassNone || r.Class >= NumClasses {
			t.Errorf("%s: class %v", r.Name, r.Class)
		}
		if r.Match&^r.Mask != 0 {
			t.Errorf("%s: match %#08x has bits outside mask %#08x", r.Name, r.Match, r.Mask)
		}
		if r.Match&3 != 3 || r.Mask&0x7f != 0x7f {
			t.Errorf("%s: not a 32-bit encoding with a fixed major opcode (%#08x/%#08x)", r.Name, r.Match, r.Mask)
		}
		if r.XLEN != 0 && r.XLEN != 32 && r.XLEN != 64 {
			t.Errorf("%s: XLEN %d", r.Name, r.XLEN)
		}
		if r.Exts == 0 {
			t.Errorf("%s: no extension", r.Name)
		}
		if op, ok := names[r.Name]; ok && op != r.Op {
			t.Errorf("%s names two ops, %d and %d", r.Name, op, r.Op)
		}
		names[r.Name] = r.Op
		// Loads, stores and AMOs say how many bytes they access; nothing else does.
		mem := r.Class == ClassLoad || r.Class == ClassStore || r.Class == ClassAtomic
		switch {
		case mem && r.Mem == 0:
			t.Errorf("%s: class %v but Mem is 0", r.Name, r.Class)
		case !mem && r.Mem != 0:
			t.Errorf("%s: class %v but Mem is %d", r.Name, r.Class, r.Mem)
		case mem && bits.OnesCount8(r.Mem) != 1:
			t.Errorf("%s: Mem %d is not a power of two", r.Name, r.Mem)
		}
		if (r.Args == ArgsStore || r.Args == ArgsFStore || r.Args == ArgsCBO) != (r.Class == ClassStore) {
			t.Errorf("%s: args %d with class %v", r.Name, r.Args, r.Class)
		}
		if (r.Args == ArgsAMO || r.Args == ArgsLR) != (r.Class == ClassAtomic) {
			t.Errorf("%s: args %d with class %v", r.Name, r.Args, r.Class)
		}
		if r.Class == ClassLoad && r.Args != ArgsLoad && r.Args != ArgsFLoad {
			t.Errorf("%s: a load with args %d", r.Name, r.Args)
		}
	}
	for _, r := range CRows() {
		if r.Match&^r.Mask != 0 || r.Match&3 == 3 || r.Mask&3 != 3 {
			t.Errorf("%s: bad compressed encoding %#04x/%#04x", r.Name, r.Match, r.Mask)
		}
		if r.XLEN != 0 && r.XLEN != 32 && r.XLEN != 64 {
			t.Errorf("%s: XLEN %d", r.Name, r.XLEN)
		}
	}
}

// TestRowOfXLEN checks that ops with one row per XLEN give the right one.
func TestRowOfXLEN(t *testing.T) {
	for _, c := range []struct {
		op    Op
		xlen  int
		match uint32
	}{
		{ZEXT_H, 32, 0x08004033}, {ZEXT_H, 64, 0x0800403b},
		{REV8, 32, 0x69805013}, {REV8, 64, 0x6b805013},
	} {
		if r := RowOf(c.op, c.xlen); r == nil || r.Match != c.match {
			t.Errorf("RowOf(%v, %d) = %+v, want match %#08x", c.op, c.xlen, r, c.match)
		}
	}
	if r := RowOf(LD, 32); r != nil {
		t.Errorf("RowOf(ld, 32) = %+v, want nil", r)
	}
	if r := RowOf(ZIP, 64); r != nil {
		t.Errorf("RowOf(zip, 64) = %+v, want nil", r)
	}
}

// TestOpsGenerated fails when ops_gen.go does not declare exactly the ops and extensions the
// rows and declarations name (run go generate ./isa).
func TestOpsGenerated(t *testing.T) {
	out, err := exec.Command("go", "run", "./internal/genops", "-check").CombinedOutput()
	if err != nil {
		t.Fatalf("%s%v", out, err)
	}
}

// TestRowFacts checks the facts register derives from a row: the form of every vector
// mnemonic with a suffix, the element width of vector memory rows, and which rows store.
func TestRowFacts(t *testing.T) {
	for _, c := range []struct {
		op     Op
		form   Form
		eew    uint8
		stores bool
	}{
		{VAESDM_VS, FormVS, 0, false}, {VAESDM_VV, FormVV, 0, false}, {VADD_VX, FormVX, 0, false},
		{VLE32_V, FormV, 32, false}, {VSE64_V, FormV, 64, true}, {VLUXEI16_V, FormV, 16, false},
		{VMV_X_S, FormXS, 0, false}, {SM4ED, FormNone, 0, false}, {SW, FormNone, 0, true},
		{LR_W, FormNone, 0, false}, {SC_D, FormNone, 0, true}, {AMOADD_W, FormNone, 0, true},
	} {
		r := RowOf(c.op, 64)
		if r.Form != c.form || r.EEW != c.eew || r.Stores() != c.stores {
			t.Errorf("%s: form %d eew %d stores %v, want %d %d %v", r.Name, r.Form, r.EEW, r.Stores(), c.form, c.eew, c.stores)
		}
	}
	for _, r := range Rows() {
		if (r.Class == ClassVLoad || r.Class == ClassVStore) && r.Args != ArgsVMemWhole && r.Op != VLM_V && r.Op != VSM_V && r.EEW == 0 {
			t.Errorf("%s: vector memory row without an element width", r.Name)
		}
		if r.Args.Vector() && r.Form == FormNone && r.Class != ClassVSet && r.Args != ArgsVMemWhole && r.Args != ArgsVMvNR {
			t.Errorf("%s: vector row without a form", r.Name)
		}
	}
}
