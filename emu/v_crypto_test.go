package emu

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"rvsim/emu/sem"
	"rvsim/isa"
)

// The element-group and Zvbb/Zvbc execution functions, called directly on a hart whose
// vector unit is configured by hand.

func vkHart(t *testing.T, march string, vlen int) *Hart {
	t.Helper()
	target, err := isa.ParseISA(march)
	if err != nil {
		t.Fatal(err)
	}
	h := NewHart(target, NewMemory())
	if err := h.SetVector(vlen, false); err != nil {
		t.Fatal(err)
	}
	return h
}

const vkMarch = "rv64gcv_zvbb_zvbc_zvkg_zvkned_zvknhb_zvksed_zvksh"

// vkSet configures vtype (tail and mask agnostic when ta) and vl, vstart.
func vkSet(t *testing.T, v *Vector, sew, lmul8 int, vl, vstart uint64, ta bool) {
	t.Helper()
	vsew := map[int]uint64{8: 0, 16: 1, 32: 2, 64: 3}[sew]
	vlmul := map[int]uint64{1: 5, 2: 6, 4: 7, 8: 0, 16: 1, 32: 2, 64: 3}[lmul8]
	vt := vsew<<3 | vlmul
	if ta {
		vt |= 3 << 6
	}
	if !v.setVType(vt, 64) {
		t.Fatalf("vtype e%d lmul8=%d unsupported", sew, lmul8)
	}
	v.VL, v.VStart = vl, vstart
}

func vkFill(r *rand.Rand, v *Vector) {
	for i := range v.Reg {
		v.Reg[i] = byte(r.Uint32())
	}
}

// vkRef describes one element-group instruction for the reference model.
type vkRef struct {
	op       isa.Op
	sew, egs int
	vs       bool // .vs form: vs2 group 0 for every group
	uimm     bool
	// f computes a group from the vd, vs2 and vs1 groups as byte slices (EGW/8 bytes).
	f func(d, s2, s1 []byte, imm uint) []byte
}

func g4(b []byte) (w [4]uint32) {
	for k := range w {
		w[k] = uint32(b[4*k]) | uint32(b[4*k+1])<<8 | uint32(b[4*k+2])<<16 | uint32(b[4*k+3])<<24
	}
	return w
}

func b4(w [4]uint32) []byte {
	s := sem.AESStateFromGroup(w)
	return s[:]
}

func g8(b []byte) (w [8]uint32) {
	lo, hi := g4(b), g4(b[16:])
	copy(w[:], lo[:])
	copy(w[4:], hi[:])
	return w
}

func b8(w [8]uint32) []byte { return append(b4([4]uint32(w[:4])), b4([4]uint32(w[4:]))...) }

func g4d(b []byte) (w [4]uint64) {
	for k := range w {
		w[k] = binary.LittleEndian.Uint64(b[8*k:])
	}
	return w
}

func b4d(w [4]uint64) []byte {
	out := make([]byte, 32)
	for k, x := range w {
		binary.LittleEndian.PutUint64(out[8*k:], x)
	}
	return out
}

var vkRefs = func() []vkRef {
	r4 := func(op isa.Op, vs bool, f func(d, s2 [4]uint32) [4]uint32) vkRef {
		return vkRef{op: op, sew: 32, egs: 4, vs: vs, f: func(d, s2, _ []byte, _ uint) []byte { return b4(f(g4(d), g4(s2))) }}
	}
	refs := []vkRef{
		r4(isa.VAESEF_VV, false, sem.VAESEF), r4(isa.VAESEF_VS, true, sem.VAESEF),
		r4(isa.VAESEM_VV, false, sem.VAESEM), r4(isa.VAESEM_VS, true, sem.VAESEM),
		r4(isa.VAESDF_VV, false, sem.VAESDF), r4(isa.VAESDF_VS, true, sem.VAESDF),
		r4(isa.VAESDM_VV, false, sem.VAESDM), r4(isa.VAESDM_VS, true, sem.VAESDM),
		r4(isa.VAESZ_VS, true, sem.VAESZ),
		r4(isa.VSM4R_VV, false, sem.VSM4R), r4(isa.VSM4R_VS, true, sem.VSM4R),
		r4(isa.VGMUL_VV, false, sem.VGMUL),
		{op: isa.VGHSH_VV, sew: 32, egs: 4, f: func(d, s2, s1 []byte, _ uint) []byte { return b4(sem.VGHSH(g4(d), g4(s1), g4(s2))) }},
		{op: isa.VAESKF1_VI, sew: 32, egs: 4, uimm: true, f: func(_, s2, _ []byte, imm uint) []byte { return b4(sem.VAESKF1(g4(s2), imm)) }},
		{op: isa.VAESKF2_VI, sew: 32, egs: 4, uimm: true, f: func(d, s2, _ []byte, imm uint) []byte { return b4(sem.VAESKF2(g4(d), g4(s2), imm)) }},
		{op: isa.VSM4K_VI, sew: 32, egs: 4, uimm: true, f: func(_, s2, _ []byte, imm uint) []byte { return b4(sem.VSM4K(g4(s2), imm)) }},
		{op: isa.VSM3ME_VV, sew: 32, egs: 8, f: func(_, s2, s1 []byte, _ uint) []byte { return b8(sem.VSM3ME(g8(s1), g8(s2))) }},
		{op: isa.VSM3C_VI, sew: 32, egs: 8, uimm: true, f: func(d, s2, _ []byte, imm uint) []byte { return b8(sem.VSM3C(g8(d), g8(s2), imm)) }},
	}
	for _, c := range []struct {
		op   isa.Op
		f32  func(d, s2, s1 [4]uint32) [4]uint32
		f64  func(d, s2, s1 [4]uint64) [4]uint64
		name string
	}{
		{isa.VSHA2MS_VV, sem.VSHA2MS32, sem.VSHA2MS64, "ms"},
		{isa.VSHA2CH_VV, func(d, s2, s1 [4]uint32) [4]uint32 { return sem.VSHA2C32(d, s2, s1, true) },
			func(d, s2, s1 [4]uint64) [4]uint64 { return sem.VSHA2C64(d, s2, s1, true) }, "ch"},
		{isa.VSHA2CL_VV, func(d, s2, s1 [4]uint32) [4]uint32 { return sem.VSHA2C32(d, s2, s1, false) },
			func(d, s2, s1 [4]uint64) [4]uint64 { return sem.VSHA2C64(d, s2, s1, false) }, "cl"},
	} {
		f32, f64 := c.f32, c.f64
		refs = append(refs,
			vkRef{op: c.op, sew: 32, egs: 4, f: func(d, s2, s1 []byte, _ uint) []byte { return b4(f32(g4(d), g4(s2), g4(s1))) }},
			vkRef{op: c.op, sew: 64, egs: 4, f: func(d, s2, s1 []byte, _ uint) []byte { return b4d(f64(g4d(d), g4d(s2), g4d(s1))) }})
	}
	return refs
}()

// vkRegs picks vd, vs2, vs1 for an instruction at LMUL×8 = lmul8 that obey the alignment and
// overlap rules: distinct aligned groups (vs2 a single register for .vs).
func vkRegs(r *rand.Rand, lmul8 int, vs bool) (vd, vs2, vs1 int) {
	n := nregs(lmul8)
	groups := r.Perm(32 / n)
	vd, vs2, vs1 = groups[0]*n, groups[1]*n, groups[2]*n
	if vs {
		vs2 += r.IntN(n) // any register outside vd's group
	}
	return vd, vs2, vs1
}

func TestVkGroupsAgainstSem(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, vlen := range []int{128, 256, 512} {
		h := vkHart(t, vkMarch, vlen)
		v := h.V
		for _, ref := range vkRefs {
			egw := ref.egs * ref.sew
			for _, lmul8 := range []int{2, 4, 8, 16, 32, 64} {
				if vlen*lmul8/8 < egw || ref.sew*8 > lmul8*v.ELEN {
					continue // illegal, or an unsupported vtype
				}
				vlmax := v.VLMAX(ref.sew, lmul8)
				for trial := range 6 {
					ngroups := vlmax / ref.egs
					vl := ref.egs * r.IntN(ngroups+1)
					vstart := 0
					if vl > 0 && trial%2 == 1 {
						vstart = ref.egs * r.IntN(vl/ref.egs+1)
					}
					ta := trial%3 == 2
					vkSet(t, v, ref.sew, lmul8, uint64(vl), uint64(vstart), ta)
					v.AgnosticOnes = trial >= 3
					vkFill(r, v)
					vd, vs2, vs1 := vkRegs(r, lmul8, ref.vs)
					imm := uint(r.IntN(32))
					in := &isa.Inst{Op: ref.op, Rd: uint8(vd), Rs2: uint8(vs2), Rs1: uint8(vs1), Vm: 1, Imm: int64(imm)}
					before := append([]byte(nil), v.Reg...)
					want := append([]byte(nil), v.Reg...)
					egb := egw / 8
					grp := func(reg []byte, vreg, i int) []byte {
						off := vreg*v.VLENB + i*egb
						return reg[off : off+egb]
					}
					if vstart < vl {
						for i := vstart / ref.egs; i < vl/ref.egs; i++ {
							k := i
							if ref.vs {
								k = 0
							}
							copy(grp(want, vd, i), ref.f(grp(before, vd, i), grp(before, vs2, k), grp(before, vs1, i), imm))
						}
						if ta && v.AgnosticOnes {
							eb := ref.sew / 8
							end := max(vlmax, vlen/ref.sew)
							for i := vl; i < end; i++ {
								copy(want[vd*v.VLENB+i*eb:], bytes.Repeat([]byte{0xff}, eb))
							}
						}
					}
					if tr := vexec[ref.op](h, in); tr.msg != "" {
						t.Fatalf("VLEN=%d %v e%d lmul8=%d vl=%d vstart=%d: unexpected trap %q", vlen, ref.op, ref.sew, lmul8, vl, vstart, tr.msg)
					}
					if !bytes.Equal(v.Reg, want) {
						for i := range want {
							if v.Reg[i] != want[i] {
								t.Fatalf("VLEN=%d op %d e%d lmul8=%d vl=%d vstart=%d vd=%d vs2=%d vs1=%d ta=%v ones=%v: register file differs first at v%d byte %d",
									vlen, ref.op, ref.sew, lmul8, vl, vstart, vd, vs2, vs1, ta, v.AgnosticOnes, i/v.VLENB, i%v.VLENB)
							}
						}
					}
				}
			}
		}
	}
}

// The .vv and .vi forms read each group before writing it: vd may be the same group as
// vs2 (vaeskf1 in place) where the spec does not forbid it.
func TestVkInPlace(t *testing.T) {
	h := vkHart(t, vkMarch, 256)
	v := h.V
	vkSet(t, v, 32, 16, 16, 0, false)
	r := rand.New(rand.NewPCG(3, 4))
	vkFill(r, v)
	var want [4][4]uint32
	for i := range want {
		want[i] = sem.VAESKF1(v.vkLoad4(2, i), 5)
	}
	if tr := vexec[isa.VAESKF1_VI](h, &isa.Inst{Op: isa.VAESKF1_VI, Rd: 2, Rs2: 2, Vm: 1, Imm: 5}); tr.msg != "" {
		t.Fatal(tr.msg)
	}
	for i := range want {
		if got := v.vkLoad4(2, i); got != want[i] {
			t.Fatalf("group %d: %08x, want %08x", i, got, want[i])
		}
	}
}

func TestVkIllegal(t *testing.T) {
	type tc struct {
		name         string
		march        string
		vlen         int
		sew, lmul8   int
		vl, vstart   uint64
		in           isa.Inst
		wantContains string
	}
	in := func(op isa.Op, vd, vs2, vs1 uint8) isa.Inst {
		return isa.Inst{Op: op, Rd: vd, Rs2: vs2, Rs1: vs1, Vm: 1}
	}
	masked := in(isa.VAESEM_VV, 4, 8, 0)
	masked.Vm = 0
	for _, c := range []tc{
		{"sew", vkMarch, 128, 64, 8, 2, 0, in(isa.VAESEM_VV, 4, 8, 0), "SEW=64 is reserved for Zvkned"},
		{"sew16", vkMarch, 128, 16, 8, 8, 0, in(isa.VSM4R_VV, 4, 8, 0), "SEW=16 is reserved for Zvksed"},
		{"ghsh sew", vkMarch, 128, 64, 8, 2, 0, in(isa.VGHSH_VV, 4, 8, 12), "Zvkg"},
		{"sm3 sew", vkMarch, 256, 64, 8, 4, 0, in(isa.VSM3ME_VV, 4, 8, 12), "Zvksh"},
		{"egw aes", vkMarch, 128, 32, 4, 0, 0, in(isa.VAESZ_VS, 4, 8, 0), "EGW=128 exceeds LMUL×VLEN=1/2×128"},
		{"egw sha512", vkMarch, 128, 64, 8, 0, 0, in(isa.VSHA2MS_VV, 4, 8, 12), "EGW=256 exceeds"},
		{"egw sm3", vkMarch, 128, 32, 8, 0, 0, in(isa.VSM3C_VI, 4, 8, 0), "EGW=256 exceeds"},
		{"vl", vkMarch, 128, 32, 16, 6, 0, in(isa.VAESEM_VV, 4, 8, 0), "vl=6 is not a multiple of EGS=4"},
		{"vl sm3", vkMarch, 256, 32, 8, 4, 0, in(isa.VSM3C_VI, 4, 8, 0), "vl=4 is not a multiple of EGS=8"},
		{"vstart", vkMarch, 128, 32, 16, 8, 2, in(isa.VAESEM_VV, 4, 8, 0), "vstart=2 is not a multiple of EGS=4"},
		{"vd align", vkMarch, 128, 32, 16, 8, 0, in(isa.VAESEM_VV, 5, 8, 0), "vd is not a multiple of LMUL"},
		{"vs2 align", vkMarch, 128, 32, 16, 8, 0, in(isa.VAESEM_VV, 4, 9, 0), "vs2 is not a multiple of LMUL"},
		{"vs1 align", vkMarch, 128, 32, 16, 8, 0, in(isa.VGHSH_VV, 4, 8, 11), "vs1 is not a multiple of LMUL"},
		{"vs overlap", vkMarch, 128, 32, 32, 16, 0, in(isa.VAESEM_VS, 4, 6, 0), "vd overlaps the vs2 scalar element group"},
		{"vaesz overlap", vkMarch, 128, 32, 8, 4, 0, in(isa.VAESZ_VS, 4, 4, 0), "vd overlaps the vs2 scalar"},
		{"sm4r.vs overlap", vkMarch, 128, 32, 16, 8, 0, in(isa.VSM4R_VS, 4, 5, 0), "vd overlaps the vs2 scalar"},
		{"sha2 vs2", vkMarch, 128, 32, 8, 4, 0, in(isa.VSHA2CH_VV, 4, 4, 8), "vd overlaps vs2"},
		{"sha2 vs1", vkMarch, 128, 32, 8, 4, 0, in(isa.VSHA2MS_VV, 4, 8, 4), "vd overlaps vs1"},
		{"sha512 vs1", vkMarch, 128, 64, 16, 4, 0, in(isa.VSHA2CL_VV, 4, 8, 4), "vd overlaps vs1"},
		{"sm3me", vkMarch, 256, 32, 8, 8, 0, in(isa.VSM3ME_VV, 4, 4, 8), "vd overlaps vs2"},
		{"sm3c", vkMarch, 128, 32, 16, 8, 0, in(isa.VSM3C_VI, 4, 4, 0), "vd overlaps vs2"},
		{"masked", vkMarch, 128, 32, 8, 4, 0, masked, "vm=0 is reserved"},
		{"sha512 needs zvknhb", "rv64gcv_zvknha", 256, 64, 8, 4, 0, in(isa.VSHA2CH_VV, 4, 8, 12), "SEW=64 is reserved for Zvknha"},
		{"clmul sew", vkMarch, 128, 32, 8, 4, 0, in(isa.VCLMUL_VV, 4, 8, 12), "Zvbc is defined for SEW=64 only"},
		{"clmulh.vx sew", vkMarch, 128, 8, 8, 4, 0, in(isa.VCLMULH_VX, 4, 8, 12), "Zvbc is defined for SEW=64 only"},
		{"vwsll sew64", vkMarch, 128, 64, 8, 2, 0, in(isa.VWSLL_VV, 4, 8, 12), "ELEN"},
		{"vwsll lmul8", vkMarch, 128, 8, 64, 2, 0, in(isa.VWSLL_VI, 0, 8, 12), "LMUL"},
		{"vwsll overlap", vkMarch, 128, 16, 8, 2, 0, in(isa.VWSLL_VV, 4, 4, 12), "vd overlaps vs2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := vkHart(t, c.march, c.vlen)
			vkSet(t, h.V, c.sew, c.lmul8, c.vl, c.vstart, false)
			reg := append([]byte(nil), h.V.Reg...)
			tr := vexec[c.in.Op](h, &c.in)
			if tr.cause != CauseIllegal || !strings.Contains(tr.msg, c.wantContains) {
				t.Fatalf("trap %d %q, want illegal instruction containing %q", tr.cause, tr.msg, c.wantContains)
			}
			if !bytes.Equal(reg, h.V.Reg) {
				t.Fatalf("an illegal instruction changed the register file")
			}
		})
	}
}

// vl = 0 still raises the EGW rule, and is otherwise a no-op (no tail update).
func TestVkZeroVL(t *testing.T) {
	h := vkHart(t, vkMarch, 128)
	v := h.V
	v.AgnosticOnes = true
	vkSet(t, v, 32, 8, 0, 0, true)
	before := append([]byte(nil), v.Reg...)
	if tr := vexec[isa.VAESEM_VV](h, &isa.Inst{Op: isa.VAESEM_VV, Rd: 4, Rs2: 8, Vm: 1}); tr.msg != "" {
		t.Fatal(tr.msg)
	}
	if !bytes.Equal(before, v.Reg) {
		t.Fatal("vl=0 changed the register file")
	}
	vkSet(t, v, 64, 8, 0, 0, true)
	if tr := vexec[isa.VSHA2MS_VV](h, &isa.Inst{Op: isa.VSHA2MS_VV, Rd: 4, Rs2: 8, Rs1: 12, Vm: 1}); !strings.Contains(tr.msg, "EGW") {
		t.Fatalf("vsha2ms e64 m1 at VLEN=128 with vl=0: %q, want the EGW rule", tr.msg)
	}
}

// Zvbb and Zvbc run on the integer engine: masking, vstart and the scalar forms.
func TestVkBitmanip(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, c := range []struct {
		op   isa.Op
		sews []int
		src  string // "v", "x", "i", "-"
		wide bool
		f    func(a, b uint64, sew uint) uint64
		xlen int // 32: the .vx scalar comes from an RV32 register and is sign-extended to SEW
	}{
		{op: isa.VANDN_VV, sews: []int{8, 16, 32, 64}, src: "v", f: func(a, b uint64, s uint) uint64 { return sem.VAndn(a, b, s) }},
		{op: isa.VANDN_VX, sews: []int{8, 64}, src: "x", f: func(a, b uint64, s uint) uint64 { return sem.VAndn(a, b, s) }},
		{op: isa.VBREV_V, sews: []int{8, 16, 32, 64}, src: "-", f: func(a, _ uint64, s uint) uint64 { return sem.VBrev(a, s) }},
		{op: isa.VBREV8_V, sews: []int{8, 32}, src: "-", f: func(a, _ uint64, s uint) uint64 { return sem.VBrev8(a, s) }},
		{op: isa.VREV8_V, sews: []int{16, 32, 64}, src: "-", f: func(a, _ uint64, s uint) uint64 { return sem.VRev8(a, s) }},
		{op: isa.VCLZ_V, sews: []int{8, 64}, src: "-", f: func(a, _ uint64, s uint) uint64 { return sem.VClz(a, s) }},
		{op: isa.VCTZ_V, sews: []int{16, 32}, src: "-", f: func(a, _ uint64, s uint) uint64 { return sem.VCtz(a, s) }},
		{op: isa.VCPOP_V, sews: []int{8, 64}, src: "-", f: func(a, _ uint64, s uint) uint64 { return sem.VCpop(a, s) }},
		{op: isa.VROL_VV, sews: []int{8, 32}, src: "v", f: func(a, b uint64, s uint) uint64 { return sem.VRol(a, b, s) }},
		{op: isa.VROL_VX, sews: []int{16, 64}, src: "x", f: func(a, b uint64, s uint) uint64 { return sem.VRol(a, b, s) }},
		{op: isa.VROR_VV, sews: []int{8, 64}, src: "v", f: func(a, b uint64, s uint) uint64 { return sem.VRor(a, b, s) }},
		{op: isa.VROR_VX, sews: []int{32}, src: "x", f: func(a, b uint64, s uint) uint64 { return sem.VRor(a, b, s) }},
		{op: isa.VROR_VI, sews: []int{8, 64}, src: "i", f: func(a, b uint64, s uint) uint64 { return sem.VRor(a, b, s) }},
		{op: isa.VWSLL_VV, sews: []int{8, 16, 32}, src: "v", wide: true, f: func(a, b uint64, s uint) uint64 { return sem.VWsll(a, b, s) }},
		{op: isa.VWSLL_VX, sews: []int{8, 32}, src: "x", wide: true, f: func(a, b uint64, s uint) uint64 { return sem.VWsll(a, b, s) }},
		{op: isa.VWSLL_VI, sews: []int{16}, src: "i", wide: true, f: func(a, b uint64, s uint) uint64 { return sem.VWsll(a, b, s) }},
		{op: isa.VCLMUL_VV, sews: []int{64}, src: "v", f: func(a, b uint64, _ uint) uint64 { return sem.VClmul(a, b) }},
		{op: isa.VCLMULH_VX, sews: []int{64}, src: "x", f: func(a, b uint64, _ uint) uint64 { return sem.VClmulh(a, b) }},
		{op: isa.VCLMUL_VX, sews: []int{64}, src: "x", xlen: 32, f: func(a, b uint64, _ uint) uint64 { return sem.VClmul(a, b) }},
		{op: isa.VCLMULH_VX, sews: []int{64}, src: "x", xlen: 32, f: func(a, b uint64, _ uint) uint64 { return sem.VClmulh(a, b) }},
		{op: isa.VANDN_VX, sews: []int{64}, src: "x", xlen: 32, f: func(a, b uint64, s uint) uint64 { return sem.VAndn(a, b, s) }},
		{op: isa.VROL_VX, sews: []int{64}, src: "x", xlen: 32, f: func(a, b uint64, s uint) uint64 { return sem.VRol(a, b, s) }},
		{op: isa.VROR_VX, sews: []int{64}, src: "x", xlen: 32, f: func(a, b uint64, s uint) uint64 { return sem.VRor(a, b, s) }},
	} {
		march := vkMarch
		if c.xlen == 32 {
			march = "rv32gcv_zvbc_zvbb"
		}
		for _, sew := range c.sews {
			for _, masked := range []bool{false, true} {
				h := vkHart(t, march, 256)
				v := h.V
				v.AgnosticOnes = true
				lmul8 := 8
				vlmax := v.VLMAX(sew, lmul8)
				vl := 1 + r.IntN(vlmax)
				vstart := r.IntN(vl)
				vkSet(t, v, sew, lmul8, uint64(vl), uint64(vstart), false)
				vkFill(r, v)
				x := r.Uint64()
				if c.xlen == 32 {
					x = uint64(int64(int32(x))) // RV32 x registers hold sign-extended values
				}
				h.X[7] = x
				in := &isa.Inst{Op: c.op, Rd: 4, Rs2: 8, Rs1: 12, Vm: 1}
				var b uint64
				switch c.src {
				case "x":
					in.Rs1 = 7
					b = x & (^uint64(0) >> (64 - sew))
				case "i":
					in.Imm = int64(r.IntN(64))
					if c.wide {
						in.Imm &= 31
						in.Rs1 = uint8(in.Imm)
					}
					b = uint64(in.Imm)
				}
				if masked {
					in.Vm = 0
				}
				before := append([]byte(nil), v.Reg...)
				if tr := vexec[c.op](h, in); tr.msg != "" {
					t.Fatalf("op %d e%d: %s", c.op, sew, tr.msg)
				}
				deew := sew
				if c.wide {
					deew = 2 * sew
				}
				for i := 0; i < vl; i++ {
					got := v.Elem(4, i, deew)
					old := before[4*v.VLENB+i*deew/8:]
					want := ldE(old, 0, deew/8)
					active := !masked || before[i/8]>>(i%8)&1 == 1
					if i >= vstart && active {
						bb := b
						if c.src == "v" {
							bb = ldE(before, 12*v.VLENB+i*sew/8, sew/8)
						}
						want = c.f(ldE(before, 8*v.VLENB+i*sew/8, sew/8), bb, uint(sew))
					}
					if got != want {
						t.Fatalf("op %d e%d masked=%v element %d: %#x, want %#x", c.op, sew, masked, i, got, want)
					}
				}
			}
		}
	}
}

// On RV32 the vclmul.vx scalar is sign-extended to SEW=64 (the vector spec's rule for
// XLEN < SEW). The answer is Spike's, for x7 = 0xb4a59687 and vs2 = 0x0f1e2d3c4b5a6978; a
// zero-extended scalar gives 0x2bd023d82d773268.
func TestVclmulVxRV32KnownAnswer(t *testing.T) {
	for _, march := range []string{"rv32gcv_zvbc", "rv64gcv_zvbc"} {
		h := vkHart(t, march, 128)
		vkSet(t, h.V, 64, 8, 1, 0, false)
		h.SetReg(7, 0xb4a59687) // sign-extends on RV32; on RV64 written as the 64-bit value below
		if march == "rv64gcv_zvbc" {
			h.X[7] = 0xffffffffb4a59687
		}
		h.V.SetElem(8, 0, 64, 0x0f1e2d3c4b5a6978)
		in := &isa.Inst{Op: isa.VCLMUL_VX, Rd: 4, Rs2: 8, Rs1: 7, Vm: 1}
		if tr := vexec[isa.VCLMUL_VX](h, in); tr.msg != "" {
			t.Fatalf("%s: %s", march, tr.msg)
		}
		if got, want := h.V.Elem(4, 0, 64), uint64(0x12e604f02d773268); got != want {
			t.Errorf("%s: vclmul.vx = %#x, want %#x", march, got, want)
		}
	}
}

// The .vs element-group forms are the ones the interpreter runs with vs2's group 0.
func TestScalarElementGroup(t *testing.T) {
	for op, want := range map[isa.Op]bool{
		isa.VAESEM_VS: true, isa.VAESZ_VS: true, isa.VSM4R_VS: true, isa.VAESDF_VS: true,
		isa.VAESEM_VV: false, isa.VSM4R_VV: false, isa.VGHSH_VV: false, isa.VSM4K_VI: false, isa.ADD: false,
	} {
		if got := ScalarElementGroup(op); got != want {
			t.Errorf("%v: %v, want %v", op, got, want)
		}
	}
}

// On RV32 every .vx scalar is sign-extended to SEW=64, as the vector spec's rule for
// XLEN < SEW says (the integer, fixed-point, move and slide forms as well as Zvbc and Zvbb).
func TestVxScalarSignExtendedRV32(t *testing.T) {
	const x = uint64(0xffffffffb4a59687) // 0xb4a59687 sign-extended
	ones := ^uint64(0)
	for _, c := range []struct {
		op   isa.Op
		want func(vd, vs2 [2]uint64) [2]uint64
	}{
		{isa.VADD_VX, func(_, s [2]uint64) [2]uint64 { return [2]uint64{s[0] + x, s[1] + x} }},
		{isa.VAND_VX, func(_, s [2]uint64) [2]uint64 { return [2]uint64{s[0] & x, s[1] & x} }},
		{isa.VMUL_VX, func(_, s [2]uint64) [2]uint64 { return [2]uint64{s[0] * x, s[1] * x} }},
		{isa.VMULHU_VX, func(_, s [2]uint64) [2]uint64 {
			h0, _ := bits.Mul64(s[0], x)
			h1, _ := bits.Mul64(s[1], x)
			return [2]uint64{h0, h1}
		}},
		{isa.VMAXU_VX, func(_, s [2]uint64) [2]uint64 { return [2]uint64{max(s[0], x), max(s[1], x)} }},
		{isa.VSADDU_VX, func(_, s [2]uint64) [2]uint64 {
			r := [2]uint64{}
			for i := range r {
				if sum, carry := bits.Add64(s[i], x, 0); carry != 0 {
					r[i] = ones
				} else {
					r[i] = sum
				}
			}
			return r
		}},
		{isa.VMACC_VX, func(d, s [2]uint64) [2]uint64 { return [2]uint64{d[0] + x*s[0], d[1] + x*s[1]} }},
		{isa.VMV_V_X, func(_, _ [2]uint64) [2]uint64 { return [2]uint64{x, x} }},
		{isa.VMV_S_X, func(d, _ [2]uint64) [2]uint64 { return [2]uint64{x, d[1]} }},
		{isa.VSLIDE1UP_VX, func(_, s [2]uint64) [2]uint64 { return [2]uint64{x, s[0]} }},
		{isa.VSLIDE1DOWN_VX, func(_, s [2]uint64) [2]uint64 { return [2]uint64{s[1], x} }},
		{isa.VCLMUL_VX, func(_, s [2]uint64) [2]uint64 { return [2]uint64{sem.VClmul(s[0], x), sem.VClmul(s[1], x)} }},
		{isa.VANDN_VX, func(_, s [2]uint64) [2]uint64 { return [2]uint64{s[0] &^ x, s[1] &^ x} }},
	} {
		h := vkHart(t, "rv32gcv_zvbb_zvbc", 128)
		vkSet(t, h.V, 64, 8, 2, 0, false)
		h.SetReg(7, 0xb4a59687)
		if h.X[7] != x {
			t.Fatalf("x7 holds %#x", h.X[7])
		}
		vd := [2]uint64{0x1111111122222222, 0x3333333344444444}
		vs2 := [2]uint64{0x0f1e2d3c4b5a6978, 0xfedcba9876543210}
		for i := range 2 {
			h.V.SetElem(4, i, 64, vd[i])
			h.V.SetElem(8, i, 64, vs2[i])
		}
		in := &isa.Inst{Op: c.op, Rd: 4, Rs2: 8, Rs1: 7, Vm: 1}
		if c.op == isa.VMV_V_X || c.op == isa.VMV_S_X {
			in.Rs2 = 0 // the vs2 field is part of the encoding
		}
		if tr := vexec[c.op](h, in); tr.msg != "" {
			t.Fatalf("%v: %s", c.op, tr.msg)
		}
		want := c.want(vd, vs2)
		for i := range 2 {
			if got := h.V.Elem(4, i, 64); got != want[i] {
				t.Errorf("%v element %d: %#x, want %#x", c.op, i, got, want[i])
			}
		}
	}
}
