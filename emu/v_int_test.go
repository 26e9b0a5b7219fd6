package emu

import (
	"fmt"
	"testing"

	"rvsim/isa"
)

// Element-wise integer instructions on hand-computed operands: vd = v8, vs2 = v16,
// vs1 = v24, the scalar in x10. vl is the number of expected elements.
type intCase struct {
	op        isa.Op
	form      byte // 'v', 'x', 'i'
	sew       int
	lmul8     int
	vs2, vs1  []uint64
	x         uint64 // scalar (x10) or immediate
	vd        []uint64
	want      []uint64
	wide      bool // vd is 2·SEW
	narrow    bool // vs2 is 2·SEW
	wideVs2   bool // .w forms: vs2 is 2·SEW
	ext       int  // vzext/vsext factor
	maskWant  string
	maskCarry string // v0 for vadc/vmadc/vmerge
}

const m1 = 8

func intCases() []intCase {
	const ff = ^uint64(0)
	return []intCase{
		{op: isa.VADD_VV, form: 'v', sew: 8, vs2: []uint64{1, 0xff, 0x80, 0x7f}, vs1: []uint64{2, 1, 0x80, 1}, want: []uint64{3, 0, 0, 0x80}},
		{op: isa.VADD_VX, form: 'x', sew: 16, vs2: []uint64{1, 2, 0x8000}, x: ff - 1, want: []uint64{0xffff, 0, 0x7ffe}},
		{op: isa.VADD_VI, form: 'i', sew: 32, vs2: []uint64{0x10, 0, 0xffffffff}, x: uint64(0xfffffffffffffff0), want: []uint64{0, 0xfffffff0, 0xffffffef}},
		{op: isa.VSUB_VV, form: 'v', sew: 64, vs2: []uint64{5, 0}, vs1: []uint64{7, 1}, want: []uint64{ff - 1, ff}},
		{op: isa.VRSUB_VX, form: 'x', sew: 8, vs2: []uint64{3, 10, 20}, x: 10, want: []uint64{7, 0, 0xf6}},
		{op: isa.VRSUB_VI, form: 'i', sew: 16, vs2: []uint64{1, 0x8000}, x: 0, want: []uint64{0xffff, 0x8000}},
		{op: isa.VMINU_VV, form: 'v', sew: 8, vs2: []uint64{0x80, 1}, vs1: []uint64{0x7f, 0xff}, want: []uint64{0x7f, 1}},
		{op: isa.VMIN_VV, form: 'v', sew: 8, vs2: []uint64{0x80, 1}, vs1: []uint64{0x7f, 0xff}, want: []uint64{0x80, 0xff}},
		{op: isa.VMAXU_VX, form: 'x', sew: 8, vs2: []uint64{0x80, 1}, x: 0x7f, want: []uint64{0x80, 0x7f}},
		{op: isa.VMAX_VV, form: 'v', sew: 8, vs2: []uint64{0x80, 1}, vs1: []uint64{0x7f, 0xff}, want: []uint64{0x7f, 1}},
		{op: isa.VMIN_VX, form: 'x', sew: 64, vs2: []uint64{ff, 5}, x: 0, want: []uint64{ff, 0}},
		{op: isa.VAND_VI, form: 'i', sew: 8, vs2: []uint64{0x5a}, x: ff, want: []uint64{0x5a}},
		{op: isa.VOR_VI, form: 'i', sew: 8, vs2: []uint64{0x5a}, x: ff, want: []uint64{0xff}},
		{op: isa.VXOR_VI, form: 'i', sew: 8, vs2: []uint64{0x5a}, x: ff, want: []uint64{0xa5}},
		{op: isa.VXOR_VV, form: 'v', sew: 32, lmul8: 16, vs2: seq(0, 0x01010101, 6), vs1: rep(0xffffffff, 6), want: []uint64{0xffffffff, 0xfefefefe, 0xfdfdfdfd, 0xfcfcfcfc, 0xfbfbfbfb, 0xfafafafa}},
		{op: isa.VSLL_VX, form: 'x', sew: 16, vs2: []uint64{0x8001}, x: 17, want: []uint64{2}},
		{op: isa.VSRL_VI, form: 'i', sew: 16, vs2: []uint64{0x8000}, x: 15, want: []uint64{1}},
		{op: isa.VSRA_VV, form: 'v', sew: 16, vs2: []uint64{0x8000, 0x8000}, vs1: []uint64{1, 0x1f}, want: []uint64{0xc000, 0xffff}},
		{op: isa.VSLL_VI, form: 'i', sew: 64, vs2: []uint64{1}, x: 31, want: []uint64{1 << 31}},
		{op: isa.VSRA_VX, form: 'x', sew: 64, vs2: []uint64{1 << 63}, x: 63, want: []uint64{ff}},
		{op: isa.VMUL_VV, form: 'v', sew: 16, vs2: []uint64{0x1234, 0xffff}, vs1: []uint64{0x100, 0xffff}, want: []uint64{0x3400, 1}},
		{op: isa.VMULH_VV, form: 'v', sew: 8, vs2: []uint64{0x80, 0x7f}, vs1: []uint64{0x80, 0x80}, want: []uint64{0x40, 0xc0}},
		{op: isa.VMULHU_VV, form: 'v', sew: 8, vs2: []uint64{0xff, 0x10}, vs1: []uint64{0xff, 0x10}, want: []uint64{0xfe, 1}},
		{op: isa.VMULHSU_VV, form: 'v', sew: 8, vs2: []uint64{0x7f, 0x80}, vs1: []uint64{0xff, 0xff}, want: []uint64{0x7e, 0x80}},
		{op: isa.VMULH_VV, form: 'v', sew: 64, vs2: []uint64{ff, 1 << 62}, vs1: []uint64{ff, 4}, want: []uint64{0, 1}},
		{op: isa.VMULHU_VX, form: 'x', sew: 64, vs2: []uint64{ff, 2}, x: ff, want: []uint64{ff - 1, 1}},
		{op: isa.VMULHSU_VV, form: 'v', sew: 64, vs2: []uint64{ff, 1 << 62}, vs1: []uint64{ff, ff}, want: []uint64{ff, 0x3fffffffffffffff}},
		{op: isa.VDIVU_VV, form: 'v', sew: 8, vs2: []uint64{7, 7}, vs1: []uint64{2, 0}, want: []uint64{3, 0xff}},
		{op: isa.VREMU_VV, form: 'v', sew: 8, vs2: []uint64{7, 7}, vs1: []uint64{2, 0}, want: []uint64{1, 7}},
		{op: isa.VDIV_VV, form: 'v', sew: 8, vs2: []uint64{0x80, 0xf9, 5}, vs1: []uint64{0xff, 2, 0}, want: []uint64{0x80, 0xfd, 0xff}},
		{op: isa.VREM_VV, form: 'v', sew: 8, vs2: []uint64{0x80, 0xf9, 5}, vs1: []uint64{0xff, 2, 0}, want: []uint64{0, 0xff, 5}},
		{op: isa.VDIV_VX, form: 'x', sew: 64, vs2: []uint64{1 << 63, 100}, x: ff, want: []uint64{1 << 63, ff - 99}},
		{op: isa.VREM_VX, form: 'x', sew: 64, vs2: []uint64{1 << 63, 100}, x: ff, want: []uint64{0, 0}},
		{op: isa.VDIVU_VX, form: 'x', sew: 32, vs2: []uint64{100}, x: 0, want: []uint64{0xffffffff}},
		{op: isa.VMACC_VV, form: 'v', sew: 32, vd: []uint64{10, 1}, vs1: []uint64{3, 0xffffffff}, vs2: []uint64{4, 2}, want: []uint64{22, 0xffffffff}},
		{op: isa.VNMSAC_VV, form: 'v', sew: 32, vd: []uint64{10, 1}, vs1: []uint64{3, 0xffffffff}, vs2: []uint64{4, 2}, want: []uint64{0xfffffffe, 3}},
		{op: isa.VMADD_VV, form: 'v', sew: 32, vd: []uint64{10, 1}, vs1: []uint64{3, 0xffffffff}, vs2: []uint64{4, 2}, want: []uint64{34, 1}},
		{op: isa.VNMSUB_VV, form: 'v', sew: 32, vd: []uint64{10, 1}, vs1: []uint64{3, 0xffffffff}, vs2: []uint64{4, 2}, want: []uint64{0xffffffe6, 3}},
		{op: isa.VMACC_VX, form: 'x', sew: 8, vd: []uint64{1}, x: 0x102, vs2: []uint64{0x80}, want: []uint64{1}},

		// Widening: vd = v8 (2·SEW).
		{op: isa.VWADDU_VV, form: 'v', sew: 8, wide: true, vs2: []uint64{0xff, 1}, vs1: []uint64{0xff, 2}, want: []uint64{0x1fe, 3}},
		{op: isa.VWADD_VV, form: 'v', sew: 8, wide: true, vs2: []uint64{0xff, 1}, vs1: []uint64{0xff, 2}, want: []uint64{0xfffe, 3}},
		{op: isa.VWSUBU_VV, form: 'v', sew: 8, wide: true, vs2: []uint64{0xff, 1}, vs1: []uint64{0xff, 2}, want: []uint64{0, 0xffff}},
		{op: isa.VWSUB_VV, form: 'v', sew: 8, wide: true, vs2: []uint64{0xff, 1}, vs1: []uint64{1, 0x80}, want: []uint64{0xfffe, 0x81}},
		{op: isa.VWADDU_W_V, form: 'v', sew: 8, wide: true, wideVs2: true, vs2: []uint64{0x1000, 0xffff}, vs1: []uint64{0xff, 1}, want: []uint64{0x10ff, 0}},
		{op: isa.VWADD_W_V, form: 'v', sew: 8, wide: true, wideVs2: true, vs2: []uint64{0x1000, 0xffff}, vs1: []uint64{0xff, 1}, want: []uint64{0x0fff, 0}},
		{op: isa.VWSUB_W_X, form: 'x', sew: 8, wide: true, wideVs2: true, vs2: []uint64{5}, x: ff, want: []uint64{6}},
		{op: isa.VWSUBU_W_X, form: 'x', sew: 8, wide: true, wideVs2: true, vs2: []uint64{0x100}, x: ff, want: []uint64{1}},
		{op: isa.VWADDU_VX, form: 'x', sew: 32, wide: true, vs2: []uint64{0xffffffff}, x: 0xffffffff, want: []uint64{0x1fffffffe}},
		{op: isa.VWMULU_VV, form: 'v', sew: 8, wide: true, vs2: []uint64{0xff}, vs1: []uint64{0xff}, want: []uint64{0xfe01}},
		{op: isa.VWMUL_VV, form: 'v', sew: 8, wide: true, vs2: []uint64{0xff, 0x80}, vs1: []uint64{0xff, 0x7f}, want: []uint64{1, 0xc080}},
		{op: isa.VWMULSU_VV, form: 'v', sew: 8, wide: true, vs2: []uint64{0xff}, vs1: []uint64{0xff}, want: []uint64{0xff01}},
		{op: isa.VWMUL_VX, form: 'x', sew: 32, wide: true, vs2: []uint64{0x80000000}, x: 0x80000000, want: []uint64{1 << 62}},
		{op: isa.VWMACCU_VV, form: 'v', sew: 8, wide: true, vd: []uint64{1}, vs1: []uint64{0xff}, vs2: []uint64{0xff}, want: []uint64{0xfe02}},
		{op: isa.VWMACC_VV, form: 'v', sew: 8, wide: true, vd: []uint64{1}, vs1: []uint64{0xff}, vs2: []uint64{2}, want: []uint64{0xffff}},
		{op: isa.VWMACCSU_VV, form: 'v', sew: 8, wide: true, vd: []uint64{1}, vs1: []uint64{0xff}, vs2: []uint64{0xff}, want: []uint64{0xff02}},
		{op: isa.VWMACCUS_VX, form: 'x', sew: 8, wide: true, vd: []uint64{1}, x: 0xff, vs2: []uint64{0xff}, want: []uint64{0xff02}},

		// Narrowing: vs2 = v16 (2·SEW).
		{op: isa.VNSRL_WI, form: 'i', sew: 8, narrow: true, vs2: []uint64{0x1234, 0xabcd}, x: 4, want: []uint64{0x23, 0xbc}},
		{op: isa.VNSRA_WV, form: 'v', sew: 8, narrow: true, vs2: []uint64{0x8000, 0x8000}, vs1: []uint64{15, 20}, want: []uint64{0xff, 0}},
		{op: isa.VNSRL_WX, form: 'x', sew: 32, narrow: true, vs2: []uint64{0x1122334455667788}, x: 32, want: []uint64{0x11223344}},
		{op: isa.VNSRA_WI, form: 'i', sew: 32, narrow: true, vs2: []uint64{0x8000000000000000}, x: 31, want: []uint64{0}},

		// Extension.
		{op: isa.VZEXT_VF2, sew: 16, ext: 2, vs2: []uint64{0x80, 0x7f}, want: []uint64{0x80, 0x7f}},
		{op: isa.VSEXT_VF2, sew: 16, ext: 2, vs2: []uint64{0x80, 0x7f}, want: []uint64{0xff80, 0x7f}},
		{op: isa.VSEXT_VF8, sew: 64, ext: 8, vs2: []uint64{0x80, 1}, want: []uint64{0xffffffffffffff80, 1}},
		{op: isa.VZEXT_VF4, sew: 32, ext: 4, vs2: []uint64{0xff}, want: []uint64{0xff}},
		{op: isa.VSEXT_VF4, sew: 64, ext: 4, lmul8: 16, vs2: []uint64{0x8000, 0x7fff, 1, 0xffff}, want: []uint64{0xffffffffffff8000, 0x7fff, 1, ff}},

		// v0 as data.
		{op: isa.VADC_VVM, form: 'v', sew: 8, vs2: []uint64{0xff, 1, 2}, vs1: []uint64{1, 1, 2}, maskCarry: "101", want: []uint64{1, 2, 5}},
		{op: isa.VADC_VIM, form: 'i', sew: 64, vs2: []uint64{ff, 1}, x: ff, maskCarry: "10", want: []uint64{ff, 0}},
		{op: isa.VSBC_VVM, form: 'v', sew: 8, vs2: []uint64{0, 5, 5}, vs1: []uint64{0, 1, 5}, maskCarry: "101", want: []uint64{0xff, 4, 0xff}},
		{op: isa.VMERGE_VVM, form: 'v', sew: 16, vs2: []uint64{1, 2, 3}, vs1: []uint64{10, 20, 30}, maskCarry: "010", want: []uint64{1, 20, 3}},
		{op: isa.VMERGE_VIM, form: 'i', sew: 16, vs2: []uint64{1, 2, 3}, x: ff, maskCarry: "010", want: []uint64{1, 0xffff, 3}},
		{op: isa.VMERGE_VXM, form: 'x', sew: 32, vs2: []uint64{1, 2}, x: 0x123456789, maskCarry: "11", want: []uint64{0x23456789, 0x23456789}},

		// Mask results.
		{op: isa.VMADC_VVM, form: 'v', sew: 8, vs2: []uint64{0xff, 0xff, 0x7f}, vs1: []uint64{0, 1, 0x80}, maskCarry: "101", maskWant: "111"},
		{op: isa.VMADC_VV, form: 'v', sew: 8, vs2: []uint64{0xff, 0xff, 0x7f}, vs1: []uint64{0, 1, 0x80}, maskWant: "010"},
		{op: isa.VMADC_VX, form: 'x', sew: 64, vs2: []uint64{ff, 5}, x: 1, maskWant: "10"},
		{op: isa.VMADC_VIM, form: 'i', sew: 16, vs2: []uint64{0, 1}, x: ff, maskCarry: "11", maskWant: "11"},
		{op: isa.VMSBC_VVM, form: 'v', sew: 8, vs2: []uint64{0, 1, 5}, vs1: []uint64{0, 1, 4}, maskCarry: "101", maskWant: "100"},
		{op: isa.VMSBC_VX, form: 'x', sew: 8, vs2: []uint64{0, 1, 2}, x: 1, maskWant: "100"},
		{op: isa.VMSBC_VV, form: 'v', sew: 64, vs2: []uint64{0, ff}, vs1: []uint64{ff, ff}, maskWant: "10"},
		{op: isa.VMSEQ_VV, form: 'v', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, vs1: []uint64{1, 0x7f, 6, 0}, maskWant: "1000"},
		{op: isa.VMSNE_VV, form: 'v', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, vs1: []uint64{1, 0x7f, 6, 0}, maskWant: "0111"},
		{op: isa.VMSLTU_VV, form: 'v', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, vs1: []uint64{1, 0x7f, 6, 0}, maskWant: "0010"},
		{op: isa.VMSLT_VV, form: 'v', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, vs1: []uint64{1, 0x7f, 6, 0}, maskWant: "0111"},
		{op: isa.VMSLEU_VV, form: 'v', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, vs1: []uint64{1, 0x7f, 6, 0}, maskWant: "1010"},
		{op: isa.VMSLE_VV, form: 'v', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, vs1: []uint64{1, 0x7f, 6, 0}, maskWant: "1111"},
		{op: isa.VMSGTU_VI, form: 'i', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, x: ff, maskWant: "0000"},
		{op: isa.VMSGTU_VX, form: 'x', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, x: 4, maskWant: "0111"},
		{op: isa.VMSGT_VI, form: 'i', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, x: 0, maskWant: "1010"},
		{op: isa.VMSLEU_VI, form: 'i', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, x: ff, maskWant: "1111"},
		{op: isa.VMSEQ_VI, form: 'i', sew: 8, vs2: []uint64{1, 0x80, 5, 0xff}, x: ff, maskWant: "0001"},
		{op: isa.VMSLT_VX, form: 'x', sew: 64, vs2: []uint64{ff, 1}, x: 0, maskWant: "10"},
		{op: isa.VMSLE_VI, form: 'i', sew: 32, lmul8: 32, vs2: seq(0xfffffffd, 1, 9), x: 1, maskWant: "111110000"},
	}
}

func TestVectorIntegerOps(t *testing.T) {
	for _, vlen := range vlens {
		for _, c := range intCases() {
			name := fmt.Sprintf("vlen%d/%s/e%d", vlen, isaName(c.op), c.sew)
			t.Run(name, func(t *testing.T) {
				h := vHart(t, vlen)
				lmul8 := c.lmul8
				if lmul8 == 0 {
					lmul8 = m1
				}
				n := len(c.want)
				if c.maskWant != "" {
					n = len(c.maskWant)
				}
				vset(t, h, c.sew, lmul8, uint64(n), false, false)
				s2 := c.sew
				if c.narrow || c.wideVs2 {
					s2 = 2 * c.sew
				}
				if c.ext != 0 {
					s2 = c.sew / c.ext
				}
				setElems(h, 16, s2, c.vs2...)
				setElems(h, 24, c.sew, c.vs1...)
				dsew := c.sew
				if c.wide {
					dsew = 2 * c.sew
				}
				fillReg(h, 8, 4, 0x5a)
				setElems(h, 8, dsew, c.vd...)
				h.X[10] = c.x
				var in isa.Inst
				switch c.form {
				case 'v':
					in = vv(c.op, 8, 16, 24)
				case 'x':
					in = vx(c.op, 8, 16, 10)
				case 'i':
					in = vi(c.op, 8, 16, int64(c.x))
				default:
					in = isa.Inst{Op: c.op, Rd: 8, Rs2: 16, Vm: 1}
				}
				if c.maskCarry != "" {
					setMask(h, 0, c.maskCarry)
					in.Vm = 0
				}
				mustRun(t, h, in)
				if c.maskWant != "" {
					if got := maskBits(h, 8, n); got != c.maskWant {
						t.Fatalf("mask %s, want %s", got, c.maskWant)
					}
					return
				}
				eqElems(t, name, elems(h, 8, dsew, n), c.want)
				// Tail undisturbed (the default policy): the element after vl keeps its bytes.
				if got := h.V.Elem(8, n, dsew); got != 0x5a5a5a5a5a5a5a5a&ones(uint(dsew)) {
					t.Errorf("tail element %d = %#x, want undisturbed", n, got)
				}
			})
		}
	}
}

// isaName names an op for test names (the isa table may not have a row for it yet).
func isaName(op isa.Op) string {
	if r := isa.RowOf(op, 64); r != nil {
		return r.Name
	}
	return fmt.Sprintf("op%d", op)
}

func TestVectorMaskingAndTails(t *testing.T) {
	for _, vlen := range vlens {
		for _, ones := range []bool{false, true} {
			for _, policy := range []bool{false, true} {
				h := vHart(t, vlen)
				h.V.AgnosticOnes = ones
				vlmax := vlen / 32
				vset(t, h, 32, m1, 3, policy, policy)
				fillReg(h, 8, 1, 0xaa)
				setElems(h, 16, 32, 1, 2, 3, 4)
				setElems(h, 24, 32, 10, 20, 30, 40)
				setMask(h, 0, "101")
				mustRun(t, h, masked(vv(isa.VADD_VV, 8, 16, 24)))
				agn := uint64(0xaaaaaaaa)
				if ones && policy {
					agn = 0xffffffff
				}
				want := []uint64{11, agn, 33}
				want = append(want, rep(agn, vlmax-3)...)
				eqElems(t, fmt.Sprintf("vlen%d ones=%v ta/ma=%v", vlen, ones, policy), elems(h, 8, 32, vlmax), want)
			}
		}
	}

	// Fractional LMUL: the tail runs to the end of the register.
	h := vHart(t, 128)
	h.V.AgnosticOnes = true
	vset(t, h, 8, 4, 2, true, true) // e8 mf2: VLMAX 8
	fillReg(h, 8, 1, 0)
	mustRun(t, h, vi(isa.VADD_VI, 8, 16, 1))
	eqElems(t, "e8 mf2 tail", elems(h, 8, 8, 16), append([]uint64{1, 1}, rep(0xff, 14)...))

	// Widening: the tail is counted in destination elements, over the 2·LMUL group.
	vset(t, h, 8, m1, 3, true, false)
	fillReg(h, 8, 2, 0)
	setElems(h, 16, 8, 1, 1, 1)
	setElems(h, 24, 8, 1, 1, 1)
	mustRun(t, h, vv(isa.VWADDU_VV, 8, 16, 24))
	eqElems(t, "widening tail", elems(h, 8, 16, 16), append([]uint64{2, 2, 2}, rep(0xffff, 13)...))

	// Mask results: the tail is always agnostic, whatever vta says.
	vset(t, h, 8, m1, 5, false, false)
	setMask(h, 8, "")
	mustRun(t, h, vi(isa.VMSEQ_VI, 8, 16, 1))
	if got := maskBits(h, 8, 128); got != "11100"+stringsRepeat("1", 123) {
		t.Errorf("mask tail: %s", got)
	}

	// vstart: the prestart elements are untouched; vstart ≥ vl updates nothing, not even
	// agnostic tails; either way vstart is reset.
	vset(t, h, 16, m1, 6, true, true)
	fillReg(h, 8, 1, 0)
	setElems(h, 16, 16, seq(1, 1, 8)...)
	h.V.VStart = 2
	mustRun(t, h, vi(isa.VADD_VI, 8, 16, 0))
	eqElems(t, "vstart 2", elems(h, 8, 16, 8), []uint64{0, 0, 3, 4, 5, 6, 0xffff, 0xffff})
	if h.V.VStart != 0 {
		t.Errorf("vstart %d after the instruction", h.V.VStart)
	}
	fillReg(h, 8, 1, 0)
	h.V.VStart = 6
	mustRun(t, h, vi(isa.VADD_VI, 8, 16, 0))
	eqElems(t, "vstart = vl", elems(h, 8, 16, 8), rep(0, 8))
	if h.V.VStart != 0 {
		t.Errorf("vstart %d after the instruction", h.V.VStart)
	}
}

func stringsRepeat(s string, n int) string {
	out := ""
	for i := 0; i < n; i++ {
		out += s
	}
	return out
}

func TestVectorRegisterGroupRules(t *testing.T) {
	h := vHart(t, 128)
	vset(t, h, 32, 16, 4, false, false) // m2
	mustIllegal(t, h, vv(isa.VADD_VV, 1, 2, 4), "vd is not a multiple")
	mustIllegal(t, h, vv(isa.VADD_VV, 2, 3, 4), "vs2 is not a multiple")
	mustIllegal(t, h, vv(isa.VADD_VV, 2, 4, 5), "vs1 is not a multiple")
	mustIllegal(t, h, masked(vv(isa.VADD_VV, 0, 2, 4)), "v0")
	mustRun(t, h, masked(vv(isa.VMSEQ_VV, 0, 2, 4))) // a mask result may be v0
	mustIllegal(t, h, vv(isa.VMSEQ_VV, 3, 2, 4), "overlaps")
	mustRun(t, h, vv(isa.VMSEQ_VV, 2, 2, 4)) // at the source's first register: allowed
	mustIllegal(t, h, vv(isa.VADC_VVM, 0, 2, 4), "vm=1")
	mustIllegal(t, h, masked(vv(isa.VADC_VVM, 0, 2, 4)), "v0")
	mustIllegal(t, h, vv(isa.VMV_V_V, 2, 4, 6), "vs2 field")

	vset(t, h, 64, m1, 2, false, false)
	mustIllegal(t, h, vv(isa.VWADD_VV, 2, 4, 6), "ELEN")
	mustIllegal(t, h, vv(isa.VNSRL_WV, 2, 4, 6), "ELEN")
	vset(t, h, 8, 64, 2, false, false)
	mustIllegal(t, h, vv(isa.VWADD_VV, 0, 8, 16), "EMUL")
	vset(t, h, 32, m1, 2, false, false)
	mustIllegal(t, h, isa.Inst{Op: isa.VZEXT_VF8, Rd: 2, Rs2: 4, Vm: 1}, "EEW below 8")
	vset(t, h, 16, 4, 2, false, false) // e16 mf2: vf4 source would be e4
	mustIllegal(t, h, isa.Inst{Op: isa.VSEXT_VF4, Rd: 2, Rs2: 4, Vm: 1}, "below")

	// Widening: a source may overlap the highest part of the destination only, and only
	// from a source group of EMUL ≥ 1.
	vset(t, h, 8, m1, 16, false, false)
	setElems(h, 3, 8, seq(1, 1, 16)...)
	setElems(h, 4, 8, rep(0x10, 16)...)
	mustRun(t, h, vv(isa.VWADDU_VV, 2, 3, 4))
	eqElems(t, "vwaddu v2, v3, v4", elems(h, 2, 16, 16), seq(0x11, 1, 16))
	mustIllegal(t, h, vv(isa.VWADDU_VV, 2, 2, 4), "overlaps vs2")
	mustIllegal(t, h, vv(isa.VWADDU_VV, 2, 6, 2), "overlaps vs1")
	mustRun(t, h, vv(isa.VWADDU_W_V, 2, 2, 4)) // vs2 is 2·SEW like vd
	vset(t, h, 8, 4, 4, false, false)          // mf2: the source EMUL is below 1
	mustIllegal(t, h, vv(isa.VWADDU_VV, 2, 2, 4), "overlaps vs2")

	// Narrowing: the destination may be the lowest register of the source group.
	vset(t, h, 8, m1, 16, false, false)
	setElems(h, 2, 16, seq(0x100, 0x100, 16)...)
	mustRun(t, h, vi(isa.VNSRL_WI, 2, 2, 8))
	eqElems(t, "vnsrl.wi v2, v2, 8", elems(h, 2, 8, 16), seq(1, 1, 16))
	mustIllegal(t, h, vi(isa.VNSRL_WI, 3, 2, 8), "overlaps vs2")

	// A compare writing the first register of its LMUL=2 source reads the source as it was.
	vset(t, h, 8, 16, 32, false, false)
	setElems(h, 4, 8, rep(7, 32)...)
	mustRun(t, h, vi(isa.VMSEQ_VI, 4, 4, 7))
	if got := maskBits(h, 4, 32); got != stringsRepeat("1", 32) {
		t.Errorf("vmseq.vi v4, v4 (m2): %s", got)
	}

	// Zve64x without V lacks vmulh and vsmul at SEW=64.
	z := NewHart(mustParse(t, "rv64imac_zve64x"), NewMemory())
	vset(t, z, 64, m1, 2, false, false)
	mustIllegal(t, z, vv(isa.VMULH_VV, 1, 2, 3), "Zve64")
	mustIllegal(t, z, vv(isa.VSMUL_VV, 1, 2, 3), "Zve64")
	mustRun(t, z, vv(isa.VMUL_VV, 1, 2, 3))

	// Vector floating point is recognised, not executed.
	mustIllegal(t, h, isa.Inst{Op: isa.VFP, Vm: 1}, "vector floating point: not implemented")
}
