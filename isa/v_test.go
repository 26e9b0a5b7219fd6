package isa

import (
	"strings"
	"testing"
)

// vcase is one vector encoding (checked against llvm-mc-19 --show-encoding) and what decode
// must make of it.
type vcase struct {
	w    uint32
	op   Op
	st   Status
	rd   uint8 // vd / vs3 / rd
	rs1  uint8 // vs1 / rs1 / the immediate field
	rs2  uint8 // vs2 / rs2
	vm   uint8
	nf   uint8
	imm  int64
	text string // Format's output ("" when the status is not OK)
}

func TestVectorDecode(t *testing.T) {
	d := NewDecoder(Default(64))
	for _, c := range []vcase{
		// Configuration: vtypei in Imm, vsetivli's AVL in Rs1; a reserved vtype decodes.
		{0x0d05f557, VSETVLI, OK, 10, 11, 16, 1, 0, 0xd0, "vsetvli a0, a1, e32, m1, ta, ma"},
		{0x00507057, VSETVLI, OK, 0, 0, 5, 1, 0, 0x005, "vsetvli zero, zero, e8, mf8, tu, mu"},
		{0x7ff5f557, VSETVLI, OK, 10, 11, 31, 1, 0, 0x7ff, "vsetvli a0, a1, 0x7ff"},
		{0x0045f557, VSETVLI, OK, 10, 11, 4, 1, 0, 0x004, "vsetvli a0, a1, 0x4"},
		{0xc5bff557, VSETIVLI, OK, 10, 31, 27, 1, 0, 0x05b, "vsetivli a0, 0x1f, e64, m8, ta, mu"},
		{0xfff5f557, VSETIVLI, OK, 10, 11, 31, 1, 0, 0x3ff, "vsetivli a0, 0xb, 0x3ff"},
		{0x80c5f557, VSETVL, OK, 10, 11, 12, 1, 0, 0, "vsetvl a0, a1, a2"},
		{0x82c5f557, OpInvalid, Unknown, 0, 0, 0, 0, 0, 0, ""}, // vsetvl with bit 25 set

		// Loads and stores: Nf holds the segment field count - 1 or the register count - 1.
		{0x02056407, VLE32_V, OK, 8, 10, 0, 1, 0, 0, "vle32.v v8, (a0)"},
		{0x40056407, VLE32_V, OK, 8, 10, 0, 0, 2, 0, "vlseg3e32.v v8, (a0), v0.t"},
		{0xe3050407, VLE8FF_V, OK, 8, 10, 16, 1, 7, 0, "vlseg8e8ff.v v8, (a0)"},
		{0x03057407, VLE64FF_V, OK, 8, 10, 16, 1, 0, 0, "vle64ff.v v8, (a0)"},
		{0x0ab57407, VLSE64_V, OK, 8, 10, 11, 1, 0, 0, "vlse64.v v8, (a0), a1"},
		{0x28b55407, VLSE16_V, OK, 8, 10, 11, 0, 1, 0, "vlsseg2e16.v v8, (a0), a1, v0.t"},
		{0x07055407, VLUXEI16_V, OK, 8, 10, 16, 1, 0, 0, "vluxei16.v v8, (a0), v16"},
		{0x6d057407, VLOXEI64_V, OK, 8, 10, 16, 0, 3, 0, "vloxseg4ei64.v v8, (a0), v16, v0.t"},
		{0x02850407, VLRE8_V, OK, 8, 10, 8, 1, 0, 0, "vl1r.v v8, (a0)"},
		{0x22856407, VLRE32_V, OK, 8, 10, 8, 1, 1, 0, "vl2re32.v v8, (a0)"},
		{0xe2857407, VLRE64_V, OK, 8, 10, 8, 1, 7, 0, "vl8re64.v v8, (a0)"},
		{0x42856407, VLRE32_V, Reserved, 8, 10, 8, 1, 2, 0, ""}, // three registers
		{0x22856487, VLRE32_V, Reserved, 9, 10, 8, 1, 1, 0, ""}, // v9 is not a group of two
		{0x00850407, OpInvalid, Unknown, 0, 0, 0, 0, 0, 0, ""},  // masked whole-register load
		{0x62850427, VSR_V, OK, 8, 10, 8, 1, 3, 0, "vs4r.v v8, (a0)"},
		{0x02b50407, VLM_V, OK, 8, 10, 11, 1, 0, 0, "vlm.v v8, (a0)"},
		{0x22b50407, OpInvalid, Unknown, 0, 0, 0, 0, 0, 0, ""}, // vlm.v with nf = 1
		{0x4e456427, VSOXEI32_V, OK, 8, 10, 4, 1, 2, 0, "vsoxseg3ei32.v v8, (a0), v4"},
		{0x12056407, OpInvalid, Unknown, 0, 0, 0, 0, 0, 0, ""},       // mew = 1
		{0x00052007, FLW, OK, 0, 10, 0, 0, 0, 0, "flw ft0, 0x0(a0)"}, // LOAD-FP width 010 is F's

		// Arithmetic: .vv, .vx, .vi with signed and unsigned immediates.
		{0x010c0457, VADD_VV, OK, 8, 24, 16, 0, 0, 0, "vadd.vv v8, v16, v24, v0.t"},
		{0x03054457, VADD_VX, OK, 8, 10, 16, 1, 0, 0, "vadd.vx v8, v16, a0"},
		{0x030eb457, VADD_VI, OK, 8, 29, 16, 1, 0, -3, "vadd.vi v8, v16, -0x3"},
		{0x730fb457, VMSLEU_VI, OK, 8, 31, 16, 1, 0, -1, "vmsleu.vi v8, v16, -0x1"},
		{0x970fb457, VSLL_VI, OK, 8, 31, 16, 1, 0, 31, "vsll.vi v8, v16, 0x1f"},
		{0xbf0fb457, VNCLIP_WI, OK, 8, 31, 16, 1, 0, 31, "vnclip.wi v8, v16, 0x1f"},
		{0x3b0fb457, VSLIDEUP_VI, OK, 8, 31, 16, 1, 0, 31, "vslideup.vi v8, v16, 0x1f"},
		{0x570fb457, VROR_VI, OK, 8, 31, 16, 1, 0, 63, "vror.vi v8, v16, 0x3f"},
		{0x5302b457, VROR_VI, OK, 8, 5, 16, 1, 0, 5, "vror.vi v8, v16, 0x5"},
		{0xb7882457, VMACC_VV, OK, 8, 16, 24, 1, 0, 0, "vmacc.vv v8, v16, v24"},
		{0xf9856457, VWMACCUS_VX, OK, 8, 10, 24, 0, 0, 0, "vwmaccus.vx v8, a0, v24, v0.t"},
		{0x410c0457, VADC_VVM, OK, 8, 24, 16, 0, 0, 0, "vadc.vvm v8, v16, v24, v0"},
		{0x430c0457, OpInvalid, Unknown, 0, 0, 0, 0, 0, 0, ""}, // vadc with vm = 1
		{0x470c0457, VMADC_VV, OK, 8, 24, 16, 1, 0, 0, "vmadc.vv v8, v16, v24"},
		{0x5d03b457, VMERGE_VIM, OK, 8, 7, 16, 0, 0, 7, "vmerge.vim v8, v16, 0x7, v0"},
		{0x5e0eb457, VMV_V_I, OK, 8, 29, 0, 1, 0, -3, "vmv.v.i v8, -0x3"},
		{0x5e080457, VMV_V_V, OK, 8, 16, 0, 1, 0, 0, "vmv.v.v v8, v16"},
		{0x5e180457, OpInvalid, Unknown, 0, 0, 0, 0, 0, 0, ""}, // vmv.v.v with vs2 != 0
		{0x9f00b457, VMV2R_V, OK, 8, 1, 16, 1, 0, 2, "vmv2r.v v8, v16"},
		{0x9f03b457, VMV8R_V, OK, 8, 7, 16, 1, 0, 8, "vmv8r.v v8, v16"},
		{0x9f013457, VMV1R_V, Reserved, 8, 2, 16, 1, 0, 3, ""}, // nr = 3
		{0x9f10b4d7, VMV2R_V, Reserved, 9, 1, 17, 1, 0, 2, ""}, // misaligned groups
		{0x2d0fb457, VXOR_VI, OK, 8, 31, 16, 0, 0, -1, "vnot.v v8, v16, v0.t"},
		{0x6e842457, VMXOR_MM, OK, 8, 8, 8, 1, 0, 0, "vmclr.m v8"},
		{0x43002557, VMV_X_S, OK, 10, 0, 16, 1, 0, 0, "vmv.x.s a0, v16"},
		{0x41082557, VCPOP_M, OK, 10, 16, 16, 0, 0, 0, "vcpop.m a0, v16, v0.t"},
		{0x42056457, VMV_S_X, OK, 8, 10, 0, 1, 0, 0, "vmv.s.x v8, a0"},
		{0x5008a457, VID_V, OK, 8, 17, 0, 0, 0, 0, "vid.v v8, v0.t"},
		{0x49032457, VZEXT_VF2, OK, 8, 6, 16, 0, 0, 0, "vzext.vf2 v8, v16, v0.t"},

		// Crypto: unmasked by encoding; vm = 0 is no instruction.
		{0xa7012477, VAESEM_VS, OK, 8, 2, 16, 1, 0, 0, "vaesem.vs v8, v16"},
		{0xa5012477, OpInvalid, Unknown, 0, 0, 0, 0, 0, 0, ""},
		{0x8b012477, VAESKF1_VI, OK, 8, 2, 16, 1, 0, 2, "vaeskf1.vi v8, v16, 0x2"},
		{0xaf0fa477, VSM3C_VI, OK, 8, 31, 16, 1, 0, 31, "vsm3c.vi v8, v16, 0x1f"},
		{0xb70c2477, VSHA2MS_VV, OK, 8, 24, 16, 1, 0, 0, "vsha2ms.vv v8, v16, v24"},
		{0x4b072457, VCPOP_V, OK, 8, 14, 16, 1, 0, 0, "vcpop.v v8, v16"},

		// Vector floating point is recognised.
		{0x02001057, VFP, OK, 0, 0, 0, 0, 0, 0, "vfp 0x2001057"},
	} {
		in, st := d.Decode(c.w)
		if in.Op != c.op || st != c.st {
			t.Errorf("%08x: decodes to %v, %v; want %v, %v", c.w, in.Op, st, c.op, c.st)
			continue
		}
		if st == Unknown {
			continue
		}
		if in.Rd != c.rd || in.Rs1 != c.rs1 || in.Rs2 != c.rs2 || in.Vm != c.vm || in.Nf != c.nf || in.Imm != c.imm {
			t.Errorf("%08x %v: rd %d rs1 %d rs2 %d vm %d nf %d imm %d; want %d %d %d %d %d %d", c.w, in.Op,
				in.Rd, in.Rs1, in.Rs2, in.Vm, in.Nf, in.Imm, c.rd, c.rs1, c.rs2, c.vm, c.nf, c.imm)
		}
		if c.text != "" {
			if got := Format(in, 0, 64, nil); got != c.text {
				t.Errorf("%08x: Format = %q, want %q", c.w, got, c.text)
			}
		}
	}
	// 64-bit indices are RV64 only.
	if in, st := NewDecoder(Default(32)).Decode(0x6d057407); in.Op != VLOXEI64_V || st != WrongXLEN {
		t.Errorf("vloxseg4ei64.v on RV32: %v, %v", in.Op, st)
	}
}

// TestVectorNf checks that one row decodes every nf value of a segment access, and that the
// whole-register and vmv<nr>r.v field values other than 1, 2, 4, 8 registers are reserved.
func TestVectorNf(t *testing.T) {
	d := NewDecoder(Default(64))
	for nf := uint32(0); nf < 8; nf++ {
		for _, c := range []struct {
			w  uint32
			op Op
		}{
			{0x02056407, VLE32_V}, {0x0ab57407, VLSE64_V}, {0x07055407, VLUXEI16_V},
			{0x03057407, VLE64FF_V}, {0x00050427, VSE8_V}, {0x0ab56427, VSSE32_V},
		} {
			w := c.w | nf<<29
			if in, st := d.Decode(w); in.Op != c.op || st != OK || in.Nf != uint8(nf) {
				t.Errorf("%08x: %v %v nf %d; want %v ok nf %d", w, in.Op, st, in.Nf, c.op, nf)
			}
		}
		whole := OK
		if nf != 0 && nf != 1 && nf != 3 && nf != 7 {
			whole = Reserved
		}
		w := 0x02806007 | nf<<29 // vl<n>re32.v v0, (zero)
		if in, st := d.Decode(w); in.Op != VLRE32_V || st != whole || in.Nf != uint8(nf) {
			t.Errorf("%08x: %v %v nf %d; want vl1re32.v %v", w, in.Op, st, in.Nf, whole)
		}
	}
	legal := map[uint32]Op{0: VMV1R_V, 1: VMV2R_V, 3: VMV4R_V, 7: VMV8R_V}
	for f := uint32(0); f < 32; f++ {
		w := 0x9e003057 | f<<15 // vmv<nr>r.v v0, v0 with simm5 = f
		in, st := d.Decode(w)
		if op, ok := legal[f]; ok {
			if st != OK || in.Op != op || in.Imm != int64(f)+1 {
				t.Errorf("%08x: %v %v imm %d; want %v", w, in.Op, st, in.Imm, op)
			}
		} else if st != Reserved {
			t.Errorf("%08x (nr %d): status %v, want reserved", w, f+1, st)
		}
	}
}

// TestVectorExts checks the extensions each kind of vector row needs.
func TestVectorExts(t *testing.T) {
	isa := func(es ...Ext) *Decoder { return NewDecoder(ISA{XLEN: 64, Exts: Exts(append(es, ExtI)...)}) }
	for _, c := range []struct {
		d    *Decoder
		w    uint32
		op   Op
		st   Status
		name string
	}{
		{isa(ExtZve32x), 0x02056407, VLE32_V, OK, "vle32.v with Zve32x"},
		{isa(ExtZve32x), 0x02057407, VLE64_V, NotEnabled, "vle64.v with Zve32x"},
		{isa(ExtZve64x), 0x02057407, VLE64_V, OK, "vle64.v with Zve64x"},
		{isa(ExtZve32x), 0xe2857407, VLRE64_V, NotEnabled, "vl8re64.v with Zve32x"},
		{isa(ExtZve64x), 0x02001057, VFP, NotEnabled, "vfadd.vv with Zve64x"},
		{isa(ExtV), 0x02001057, VFP, OK, "vfadd.vv with V"},
		{isa(ExtI), 0x010c0457, VADD_VV, NotEnabled, "vadd.vv without V"},
		{isa(ExtZvkb), 0x070c0457, VANDN_VV, OK, "vandn.vv with Zvkb"},
		{isa(ExtZvkb), 0x570fb457, VROR_VI, OK, "vror.vi with Zvkb"},
		{isa(ExtZvkb), 0x4b062457, VCLZ_V, NotEnabled, "vclz.v with Zvkb"},
		{isa(ExtZvbb), 0x4b062457, VCLZ_V, OK, "vclz.v with Zvbb"},
		{isa(ExtZvbb), 0x330c2457, VCLMUL_VV, NotEnabled, "vclmul.vv with Zvbb"},
		{isa(ExtZvbc), 0x330c2457, VCLMUL_VV, OK, "vclmul.vv with Zvbc"},
		{isa(ExtZvknha), 0xb70c2477, VSHA2MS_VV, OK, "vsha2ms.vv with Zvknha"},
		{isa(ExtZvknhb), 0xbb0c2477, VSHA2CH_VV, OK, "vsha2ch.vv with Zvknhb"},
		{isa(ExtZvkned), 0xb30c2477, VGHSH_VV, NotEnabled, "vghsh.vv with Zvkned"},
		{isa(ExtZvkg), 0xb30c2477, VGHSH_VV, OK, "vghsh.vv with Zvkg"},
		{isa(ExtZvksed), 0x8703a477, VSM4K_VI, OK, "vsm4k.vi with Zvksed"},
		{isa(ExtZvksh), 0x830c2477, VSM3ME_VV, OK, "vsm3me.vv with Zvksh"},
	} {
		if in, st := c.d.Decode(c.w); in.Op != c.op || st != c.st {
			t.Errorf("%s: %08x decodes to %v, %v; want %v, %v", c.name, c.w, in.Op, st, c.op, c.st)
		}
	}
}

// TestVectorRows checks invariants of the vector rows: their operand kinds, classes and vm
// handling.
func TestVectorRows(t *testing.T) {
	for _, r := range Rows() {
		if !r.Exts.Intersects(VectorExts) {
			if r.Args.Vector() {
				t.Errorf("%s: scalar op with vector operands %d", r.Name, r.Args)
			}
			if strings.HasPrefix(r.Class.String(), "v") {
				t.Errorf("%s: scalar op with vector class %v", r.Name, r.Class)
			}
			continue
		}
		// The cost model tells vector classes by their names.
		if !strings.HasPrefix(r.Class.String(), "v") {
			t.Errorf("%s: vector op with class %v", r.Name, r.Class)
		}
		if r.Mem != 0 {
			t.Errorf("%s: Mem %d (vector accesses vary with vl and SEW)", r.Name, r.Mem)
		}
		switch {
		case r.Op == VFP:
			if r.Args != ArgsNone {
				t.Errorf("vfp: args %d", r.Args)
			}
			continue
		case !r.Args.Vector():
			t.Errorf("%s: args %d", r.Name, r.Args)
		}
		vmFixed := r.Mask&vmBit != 0
		switch r.Args {
		case ArgsVVM, ArgsVXM, ArgsVIM:
			if !vmFixed || r.Match&vmBit != 0 {
				t.Errorf("%s: a v0 operand needs vm = 0 in the row", r.Name)
			}
		case ArgsVSetVLI, ArgsVSetIVLI, ArgsVSetVL: // no vm bit
		default:
			if vmFixed && r.Match&vmBit == 0 {
				t.Errorf("%s: vm fixed to 0 without a v0 operand", r.Name)
			}
		}
		if r.Match&0x7f == opVE && (!vmFixed || r.Match&vmBit == 0) {
			t.Errorf("%s: OP-VE instructions are unmasked", r.Name)
		}
		load := r.Match&0x7f == opLV
		store := r.Match&0x7f == opSV
		if load != (r.Class == ClassVLoad) || store != (r.Class == ClassVStore) {
			t.Errorf("%s: class %v", r.Name, r.Class)
		}
		mem := r.Args == ArgsVMem || r.Args == ArgsVMemStride || r.Args == ArgsVMemIndex || r.Args == ArgsVMemWhole
		if mem != (load || store) {
			t.Errorf("%s: args %d in opcode %#x", r.Name, r.Args, r.Match&0x7f)
		}
	}
}

// TestVectorUses checks which integer registers vector instructions read and write.
func TestVectorUses(t *testing.T) {
	d := NewDecoder(Default(64))
	for _, c := range []struct {
		w            uint32
		rs1, rs2, rd uint8
	}{
		{0x010c0457, 0, 0, 0},    // vadd.vv v8, v16, v24, v0.t
		{0x03054457, 10, 0, 0},   // vadd.vx v8, v16, a0
		{0x030eb457, 0, 0, 0},    // vadd.vi
		{0x0ab57407, 10, 11, 0},  // vlse64.v v8, (a0), a1
		{0x07055407, 10, 0, 0},   // vluxei16.v v8, (a0), v16
		{0x62850427, 10, 0, 0},   // vs4r.v v8, (a0)
		{0x43002557, 0, 0, 10},   // vmv.x.s a0, v16
		{0x0d05f557, 11, 0, 10},  // vsetvli a0, a1, ...
		{0xc5bff557, 0, 0, 10},   // vsetivli a0, 0x1f, ...
		{0x80c5f557, 11, 12, 10}, // vsetvl a0, a1, a2
		{0xf9856457, 10, 0, 0},   // vwmaccus.vx v8, a0, v24, v0.t
		{0x42056457, 10, 0, 0},   // vmv.s.x v8, a0
		{0x8b012477, 0, 0, 0},    // vaeskf1.vi
	} {
		in, _ := d.Decode(c.w)
		rs1, rs2, rd := in.Uses(64)
		if rs1 != c.rs1 || rs2 != c.rs2 || rd != c.rd {
			t.Errorf("%08x %v: uses rs1 %d rs2 %d rd %d; want %d %d %d", c.w, in.Op, rs1, rs2, rd, c.rs1, c.rs2, c.rd)
		}
	}
}

// TestVConfigRoundTrip: the packed configuration gives back every field, at the extremes
// of each.
func TestVConfigRoundTrip(t *testing.T) {
	for _, vl := range []uint64{0, 1, 4, 255, 256, 65535, 65536} {
		for _, sew := range []int{8, 16, 32, 64} {
			for _, lmul8 := range []int{1, 2, 4, 8, 16, 32, 64} {
				c := MakeVConfig(vl, sew, lmul8)
				if c.VL() != int(vl) || c.SEW() != sew || c.LMUL8() != lmul8 {
					t.Fatalf("MakeVConfig(%d, %d, %d) gives back %d, %d, %d", vl, sew, lmul8, c.VL(), c.SEW(), c.LMUL8())
				}
			}
		}
	}
}

// SetsVConfig holds for the vset*vl* rows and the fault-only-first loads (LLVM's names end in
// ff.v, segment forms included), and for no other row.
func TestSetsVConfig(t *testing.T) {
	n := 0
	for _, r := range Rows() {
		want := r.Class == ClassVSet || strings.HasSuffix(r.Name, "ff.v")
		if got := SetsVConfig(r.Op); got != want {
			t.Errorf("SetsVConfig(%s) = %v, want %v", r.Name, got, want)
		}
		if want {
			n++
		}
	}
	if n < 7 {
		t.Errorf("%d rows set the vector configuration, want at least the 3 vset and 4 ff loads", n)
	}
}
