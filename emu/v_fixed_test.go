package emu

import (
	"fmt"
	"testing"

	"rvsim/isa"
)

func TestVectorFixedPoint(t *testing.T) {
	const ff = ^uint64(0)
	type fcase struct {
		op       isa.Op
		form     byte
		sew      int
		vxrm     uint8
		vs2, vs1 []uint64
		x        uint64
		narrow   bool
		want     []uint64
		sat      bool
	}
	var cases []fcase
	// Scaling shift right by 2 of 6 (…110), 2 (…010), 7 (…111), 5 (…101), 0x81 under each
	// rounding mode.
	for rm, want := range [][]uint64{
		{2, 1, 2, 1, 0x20}, // rnu
		{2, 0, 2, 1, 0x20}, // rne
		{1, 0, 1, 1, 0x20}, // rdn
		{1, 1, 1, 1, 0x21}, // rod
	} {
		cases = append(cases, fcase{op: isa.VSSRL_VI, form: 'i', sew: 8, vxrm: uint8(rm), vs2: []uint64{6, 2, 7, 5, 0x81}, x: 2, want: want})
	}
	for rm, want := range []uint64{0xe2, 0xe2, 0xe1, 0xe1} {
		cases = append(cases, fcase{op: isa.VSSRA_VX, form: 'x', sew: 8, vxrm: uint8(rm), vs2: []uint64{0x86}, x: 0x102, want: []uint64{want}})
	}
	for rm, want := range [][]uint64{{0x80, 4, 3}, {0x80, 4, 2}, {0x80, 3, 2}, {0x80, 3, 3}} {
		cases = append(cases, fcase{op: isa.VAADDU_VV, form: 'v', sew: 8, vxrm: uint8(rm), vs2: []uint64{0xff, 5, 4}, vs1: []uint64{1, 2, 1}, want: want})
	}
	for rm, want := range [][]uint64{{0x80, 0xff}, {0x80, 0xfe}, {0x80, 0xfe}, {0x80, 0xff}} {
		cases = append(cases, fcase{op: isa.VAADD_VV, form: 'v', sew: 8, vxrm: uint8(rm), vs2: []uint64{0x80, 0xff}, vs1: []uint64{0x80, 0xfe}, want: want})
	}
	cases = append(cases,
		fcase{op: isa.VAADDU_VX, form: 'x', sew: 64, vxrm: rnu, vs2: []uint64{ff, ff}, x: ff - 2, want: []uint64{ff - 1, ff - 1}},
		fcase{op: isa.VAADD_VX, form: 'x', sew: 64, vxrm: rdn, vs2: []uint64{1 << 63}, x: 1 << 63, want: []uint64{1 << 63}},
		fcase{op: isa.VASUBU_VV, form: 'v', sew: 8, vxrm: rnu, vs2: []uint64{0, 5}, vs1: []uint64{1, 2}, want: []uint64{0, 2}},
		fcase{op: isa.VASUBU_VV, form: 'v', sew: 8, vxrm: rdn, vs2: []uint64{0, 5}, vs1: []uint64{1, 2}, want: []uint64{0xff, 1}},
		fcase{op: isa.VASUB_VV, form: 'v', sew: 8, vxrm: rnu, vs2: []uint64{0x7f}, vs1: []uint64{0x80}, want: []uint64{0x80}},
		fcase{op: isa.VASUB_VX, form: 'x', sew: 8, vxrm: rdn, vs2: []uint64{0x7f}, x: 0x80, want: []uint64{0x7f}},
		fcase{op: isa.VASUBU_VX, form: 'x', sew: 64, vxrm: rdn, vs2: []uint64{0}, x: ff, want: []uint64{1 << 63}},

		fcase{op: isa.VSADDU_VV, form: 'v', sew: 8, vs2: []uint64{0xf0, 1}, vs1: []uint64{0x20, 2}, want: []uint64{0xff, 3}, sat: true},
		fcase{op: isa.VSADDU_VI, form: 'i', sew: 8, vs2: []uint64{1}, x: 2, want: []uint64{3}},
		fcase{op: isa.VSADDU_VX, form: 'x', sew: 64, vs2: []uint64{ff}, x: 1, want: []uint64{ff}, sat: true},
		fcase{op: isa.VSADD_VV, form: 'v', sew: 8, vs2: []uint64{0x7f, 0x80}, vs1: []uint64{1, 0xff}, want: []uint64{0x7f, 0x80}, sat: true},
		fcase{op: isa.VSADD_VI, form: 'i', sew: 16, vs2: []uint64{0x7ff0}, x: 15, want: []uint64{0x7fff}},
		fcase{op: isa.VSADD_VX, form: 'x', sew: 64, vs2: []uint64{1<<63 - 1, 1 << 63}, x: 1, want: []uint64{1<<63 - 1, 1<<63 + 1}, sat: true},
		fcase{op: isa.VSADD_VX, form: 'x', sew: 64, vs2: []uint64{1 << 63}, x: ff, want: []uint64{1 << 63}, sat: true},
		fcase{op: isa.VSSUBU_VV, form: 'v', sew: 8, vs2: []uint64{1, 5}, vs1: []uint64{2, 2}, want: []uint64{0, 3}, sat: true},
		fcase{op: isa.VSSUB_VV, form: 'v', sew: 8, vs2: []uint64{0x80, 0x7f}, vs1: []uint64{1, 0xff}, want: []uint64{0x80, 0x7f}, sat: true},
		fcase{op: isa.VSSUB_VX, form: 'x', sew: 64, vs2: []uint64{1<<63 - 1}, x: ff, want: []uint64{1<<63 - 1}, sat: true},
		fcase{op: isa.VSSUB_VX, form: 'x', sew: 32, vs2: []uint64{5}, x: 7, want: []uint64{0xfffffffe}},

		fcase{op: isa.VSMUL_VV, form: 'v', sew: 8, vxrm: rnu, vs2: []uint64{0x80, 0x40, 0x7f, 0xff}, vs1: []uint64{0x80, 0x40, 0x7f, 0x40}, want: []uint64{0x7f, 0x20, 0x7e, 0}, sat: true},
		fcase{op: isa.VSMUL_VV, form: 'v', sew: 8, vxrm: rdn, vs2: []uint64{0xff}, vs1: []uint64{0x40}, want: []uint64{0xff}},
		fcase{op: isa.VSMUL_VV, form: 'v', sew: 8, vxrm: rne, vs2: []uint64{0xff}, vs1: []uint64{0x40}, want: []uint64{0}},
		fcase{op: isa.VSMUL_VV, form: 'v', sew: 8, vxrm: rod, vs2: []uint64{0xff}, vs1: []uint64{0x40}, want: []uint64{0xff}},
		fcase{op: isa.VSMUL_VX, form: 'x', sew: 64, vxrm: rnu, vs2: []uint64{1 << 63, 1 << 62}, x: 1 << 63, want: []uint64{1<<63 - 1, 0xc000000000000000}, sat: true},
		fcase{op: isa.VSMUL_VX, form: 'x', sew: 64, vxrm: rnu, vs2: []uint64{ff, 1}, x: 1 << 63, want: []uint64{1, ff}},
		fcase{op: isa.VSMUL_VV, form: 'v', sew: 64, vxrm: rnu, vs2: []uint64{1 << 62, ff}, vs1: []uint64{1 << 62, 1 << 62}, want: []uint64{1 << 61, 0}},
		fcase{op: isa.VSMUL_VV, form: 'v', sew: 64, vxrm: rdn, vs2: []uint64{ff}, vs1: []uint64{1 << 62}, want: []uint64{ff}},
		fcase{op: isa.VSMUL_VV, form: 'v', sew: 32, vxrm: rod, vs2: []uint64{3}, vs1: []uint64{0x40000000}, want: []uint64{1}},

		fcase{op: isa.VNCLIPU_WI, form: 'i', sew: 8, narrow: true, vxrm: rnu, vs2: []uint64{0x1234, 0x0ff0, 0x0018, 0x0017}, x: 4, want: []uint64{0xff, 0xff, 2, 1}, sat: true},
		fcase{op: isa.VNCLIPU_WI, form: 'i', sew: 8, narrow: true, vxrm: rnu, vs2: []uint64{0x0ff0, 0x0018}, x: 4, want: []uint64{0xff, 2}},
		fcase{op: isa.VNCLIP_WI, form: 'i', sew: 8, narrow: true, vxrm: rnu, vs2: []uint64{0x7ff0, 0x8000, 0xfff8, 0x07f7}, x: 4, want: []uint64{0x7f, 0x80, 0, 0x7f}, sat: true},
		fcase{op: isa.VNCLIP_WX, form: 'x', sew: 32, narrow: true, vxrm: rdn, vs2: []uint64{1 << 63, 1<<63 - 1}, x: 63, want: []uint64{0xffffffff, 0}},
		fcase{op: isa.VNCLIPU_WV, form: 'v', sew: 16, narrow: true, vxrm: rne, vs2: []uint64{0x18000, 0x28000, 0x18000, 0x28000}, vs1: []uint64{1, 0x31, 16, 16}, want: []uint64{0xc000, 1, 2, 2}},
	)
	for _, vlen := range vlens {
		for i, c := range cases {
			t.Run(fmt.Sprintf("vlen%d/%d/%s/rm%d", vlen, i, isaName(c.op), c.vxrm), func(t *testing.T) {
				h := vHart(t, vlen)
				vset(t, h, c.sew, m1, uint64(len(c.want)), false, false)
				s2 := c.sew
				if c.narrow {
					s2 = 2 * c.sew
				}
				setElems(h, 16, s2, c.vs2...)
				setElems(h, 24, c.sew, c.vs1...)
				h.X[10] = c.x
				h.V.VXRM = c.vxrm
				var in isa.Inst
				switch c.form {
				case 'v':
					in = vv(c.op, 8, 16, 24)
				case 'x':
					in = vx(c.op, 8, 16, 10)
				default:
					in = vi(c.op, 8, 16, int64(c.x))
				}
				mustRun(t, h, in)
				eqElems(t, "result", elems(h, 8, c.sew, len(c.want)), c.want)
				if sat := h.V.VXSAT == 1; sat != c.sat {
					t.Errorf("vxsat %v, want %v", sat, c.sat)
				}
			})
		}
	}
}
