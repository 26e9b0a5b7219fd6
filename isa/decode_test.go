package isa

import (
	"fmt"
	"testing"
)

// rowMatches reports whether a 32-bit row of op legal at xlen matches w.
func rowMatches(op Op, w uint32, xlen int) bool {
	for _, i := range opRows[op] {
		r := rows[i]
		if (r.XLEN == 0 || r.XLEN == xlen) && w&r.Mask == r.Match {
			return true
		}
	}
	return false
}

// cRowMatches reports whether a compressed row expanding to op matches h.
func cRowMatches(op Op, h uint16, xlen int) bool {
	for _, r := range CRows() {
		if r.Op == op && (r.XLEN == 0 || r.XLEN == xlen) && h&r.Mask == r.Match {
			return true
		}
	}
	return false
}

func FuzzDecode(f *testing.F) {
	for _, w := range []uint32{
		0x00000013, 0x00000000, 0xffffffff, 0x0000, 0x0001, 0x8082, 0x9002, 0x6101, 0x6081,
		0xc0001073, 0x0ff0000f, 0x8330000f, 0x0100000f, 0x100f, 0x4da09f0f,
		0x31a59513, 0x31b59513, 0x0800453b, 0x0805453b, 0x08054533, 0x03701993, 0x02cd5693,
		0x1000202f, 0x1e0527af, 0x30200073, 0x12000073, 0x12b50073, 0x00100667, 0x800001ef,
		0xfe000ee3, 0x30002573, 0xc8002573, 0x00005017, 0x00200033, 0x02056013, 0x22b50533,
		0xf6b50533, 0x10801013, 0x69855513, 0x6b855513, 0x08f51513, 0x2007, 0x0000a007, 0x2000,
		0x91ad, 0x1782, 0x6d81, 0x700d, 0x0005, 0x4001,
	} {
		f.Add(w, false)
		f.Add(w, true)
	}
	isas := map[int][]ISA{}
	for _, xlen := range []int{32, 64} {
		isas[xlen] = []ISA{Default(xlen), {XLEN: xlen, Exts: Exts(ExtI)},
			{XLEN: xlen, Exts: Exts(ExtI, ExtC, ExtZbkb, ExtF, ExtD)}}
	}
	sym := func(a uint64) string { return fmt.Sprintf("f+%#x", a) }
	f.Fuzz(func(t *testing.T, w uint32, rv64 bool) {
		xlen := 32
		if rv64 {
			xlen = 64
		}
		for _, isa := range isas[xlen] {
			in, st := NewDecoder(isa).Decode(w)
			if st == OK {
				if in.Op == OpInvalid || in.Op >= NumOps {
					t.Fatalf("%s: %#x: status ok with op %d", isa, w, in.Op)
				}
				if w&3 == 3 {
					if in.Len != 4 || in.Raw != w || !rowMatches(in.Op, w, xlen) {
						t.Fatalf("%s: %#08x decodes to %v (len %d) whose row does not match", isa, w, in.Op, in.Len)
					}
				} else if in.Len != 2 || in.Raw != w&0xffff || !cRowMatches(in.Op, uint16(w), xlen) {
					t.Fatalf("%s: %#04x decodes to %v (len %d) whose row does not match", isa, w&0xffff, in.Op, in.Len)
				}
			}
			// Format must cope with whatever Decode returns, whatever the status.
			for _, s := range []func(uint64) string{nil, sym} {
				if text := Format(in, 0x80000000, xlen, s); text == "" {
					t.Fatalf("%s: %#08x (%v, %v): Format returned an empty string", isa, w, in.Op, st)
				}
			}
		}
	})
}

func TestDecodeStatus(t *testing.T) {
	rv64 := NewDecoder(Default(64))
	rv32 := NewDecoder(Default(32))
	rv64i := NewDecoder(ISA{XLEN: 64, Exts: Exts(ExtI, ExtZicsr)})
	for _, c := range []struct {
		d    *Decoder
		w    uint32
		op   Op
		st   Status
		name string
	}{
		{rv64, 0x00b50533, ADD, OK, "add"},
		{rv32, 0x0000b503, LD, WrongXLEN, "ld on RV32"},
		{rv64i, 0x02b50533, MUL, NotEnabled, "mul without M"},
		{rv64i, 0x952e, ADD, NotEnabled, "c.add without C"},
		{rv64, 0x31b59513, AES64KS1I, Reserved, "aes64ks1i rnum 11"},
		{rv32, 0x03701993, SLLI, Reserved, "slli shamt 55 on RV32"},
		{rv64, 0x0000, ADDI, Reserved, "c.addi4spn 0 (the all-zero word)"},
		{rv64, 0x0000007b, OpInvalid, Unknown, "custom-3"},
		{rv64, 0x8082, JALR, OK, "ret"},
		// zext.h is pack/packw with rs2 = 0: without Zbb it is pack(w).
		{rv64, 0x0805453b, ZEXT_H, OK, "zext.h"},
		{NewDecoder(ISA{XLEN: 64, Exts: Exts(ExtI, ExtZbkb)}), 0x0805453b, PACKW, OK, "packw without Zbb"},
		{NewDecoder(ISA{XLEN: 32, Exts: Exts(ExtI, ExtZbkb)}), 0x08054533, PACK, OK, "pack without Zbb"},
	} {
		in, st := c.d.Decode(c.w)
		if in.Op != c.op || st != c.st {
			t.Errorf("%s: %#x decodes to %v, %v; want %v, %v", c.name, c.w, in.Op, st, c.op, c.st)
		}
	}
}

func TestCSRNames(t *testing.T) {
	for _, c := range []struct {
		csr  uint16
		xlen int
		name string
	}{
		{0x300, 64, "mstatus"}, {0x301, 32, "misa"}, {0xf14, 64, "mhartid"}, {0x180, 64, "satp"},
		{0x3a0, 64, "pmpcfg0"}, {0x3a1, 32, "pmpcfg1"}, {0x3a1, 64, ""}, {0x3ef, 64, "pmpaddr63"},
		{0xc00, 64, "cycle"}, {0xc80, 32, "cycleh"}, {0xc80, 64, ""}, {0xc1f, 64, "hpmcounter31"},
		{0xb83, 32, "mhpmcounter3h"}, {0x323, 64, "mhpmevent3"}, {0x723, 32, "mhpmevent3h"},
		{0xc20, 64, "vl"}, {0x001, 64, "fflags"}, {0x015, 64, "seed"}, {0x800, 64, ""},
	} {
		name, ok := CSRName(c.csr, c.xlen)
		if name != c.name || ok != (c.name != "") {
			t.Errorf("CSRName(%#x, %d) = %q, %v; want %q", c.csr, c.xlen, name, ok, c.name)
		}
	}
	for _, xlen := range []int{32, 64} {
		for n := uint16(0); n < 4096; n++ {
			if name, ok := CSRName(n, xlen); ok {
				if back, ok := CSRByName(name); !ok || back != n {
					t.Errorf("CSRByName(%q) = %#x, %v; want %#x", name, back, ok, n)
				}
			}
		}
	}
	if n, ok := CSRByName("dscratch"); !ok || n != 0x7b2 {
		t.Errorf("CSRByName(dscratch) = %#x, %v", n, ok)
	}
	if _, ok := CSRByName("nosuchcsr"); ok {
		t.Error("CSRByName(nosuchcsr) succeeded")
	}
}
