package isa

import (
	"math/rand/v2"
	"testing"
)

// TestZcbExpansion decodes every Zcb encoding over random operand bits and checks it against
// the expansion the specification gives (Zc* 1.0, "Zcb"), written out here field by field.
func TestZcbExpansion(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	rp := func(h uint16, lo uint) uint8 { return 8 + uint8(h>>lo&7) }
	type want struct {
		op           Op
		rd, rs1, rs2 uint8
		imm          int64
		xlen         int
	}
	spec := map[string]func(h uint16) want{
		"c.lbu": func(h uint16) want {
			return want{LBU, rp(h, 2), rp(h, 7), 0, int64(h>>5&1)<<1 | int64(h>>6&1), 0}
		},
		"c.lhu":    func(h uint16) want { return want{LHU, rp(h, 2), rp(h, 7), 0, int64(h>>5&1) << 1, 0} },
		"c.lh":     func(h uint16) want { return want{LH, rp(h, 2), rp(h, 7), 0, int64(h>>5&1) << 1, 0} },
		"c.sb":     func(h uint16) want { return want{SB, 0, rp(h, 7), rp(h, 2), int64(h>>5&1)<<1 | int64(h>>6&1), 0} },
		"c.sh":     func(h uint16) want { return want{SH, 0, rp(h, 7), rp(h, 2), int64(h>>5&1) << 1, 0} },
		"c.zext.b": func(h uint16) want { return want{ANDI, rp(h, 7), rp(h, 7), 0, 0xff, 0} },
		"c.sext.b": func(h uint16) want { return want{SEXT_B, rp(h, 7), rp(h, 7), 0, 0, 0} },
		"c.zext.h": func(h uint16) want { return want{ZEXT_H, rp(h, 7), rp(h, 7), 0, 0, 0} },
		"c.sext.h": func(h uint16) want { return want{SEXT_H, rp(h, 7), rp(h, 7), 0, 0, 0} },
		"c.zext.w": func(h uint16) want { return want{ADD_UW, rp(h, 7), rp(h, 7), 0, 0, 64} },
		"c.not":    func(h uint16) want { return want{XORI, rp(h, 7), rp(h, 7), 0, -1, 0} },
		"c.mul":    func(h uint16) want { return want{MUL, rp(h, 7), rp(h, 7), rp(h, 2), 0, 0} },
	}
	seen := 0
	for _, r := range CRows() {
		if !r.Needs.Has(ExtZcb) {
			continue
		}
		f := spec[r.Name]
		if f == nil {
			t.Errorf("%s: no expansion in the test", r.Name)
			continue
		}
		seen++
		for _, xlen := range []int{32, 64} {
			d := NewDecoder(Default(xlen))
			for i := 0; i < 200; i++ {
				h := r.Match | uint16(rng.Uint32())&^r.Mask
				w := f(h)
				in, st := d.Decode(uint32(h))
				if w.xlen != 0 && w.xlen != xlen {
					if st == OK && in.Op == w.op {
						t.Errorf("RV%d %s %04x: decodes, but it is RV%d only", xlen, r.Name, h, w.xlen)
					}
					continue
				}
				// Only the operand fields the 32-bit form has are compared.
				got := want{in.Op, in.Rd, in.Rs1, in.Rs2, in.Imm, w.xlen}
				if w.op == SB || w.op == SH {
					got.rd = 0
				} else if w.op != MUL {
					got.rs2 = 0
				}
				if st != OK || got != w || in.Len != 2 {
					t.Errorf("RV%d %s %04x: %v %+v len %d, want %+v", xlen, r.Name, h, st, got, in.Len, w)
					break
				}
			}
		}
	}
	if seen != len(spec) {
		t.Errorf("%d Zcb rows, %d expansions in the test", seen, len(spec))
	}
	// The extensions each form needs besides Zcb.
	for _, c := range []struct {
		isa  string
		h    uint16
		want Status
	}{
		{"rv64imac_zcb", 0x9d65, NotEnabled},  // c.sext.b needs Zbb
		{"rv64imac_zcb_zbb", 0x9d65, OK},      //
		{"rv64iac_zcb", 0x9d4d, NotEnabled},   // c.mul needs M
		{"rv64imac_zcb", 0x9d71, NotEnabled},  // c.zext.w needs Zba
		{"rv64imac_zcb_zba", 0x9d71, OK},      //
		{"rv64imac", 0x81c8, NotEnabled},      // c.lbu needs Zcb
		{"rv64imac_zcb", 0x81c8, OK},          //
		{"rv32imac_zcb_zba", 0x9d71, Unknown}, // c.zext.w is RV64 only
	} {
		target, err := ParseISA(c.isa)
		if err != nil {
			t.Fatal(err)
		}
		if _, st := NewDecoder(target).Decode(uint32(c.h)); st != c.want {
			t.Errorf("%s: %04x decodes %v, want %v", c.isa, c.h, st, c.want)
		}
	}
}
