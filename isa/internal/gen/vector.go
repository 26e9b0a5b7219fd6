package main

import (
	"fmt"
	"strings"

	"rvsim/isa"
)

// Vector cases: every operand kind of v.go and zvk.go, masked and unmasked where the vm bit
// is free, every nf of the segment and whole-register accesses, and the vtype encodings.

const vmBit = 1 << 25

func (g *gen) v() string {
	g.vreg = (g.vreg + 5) % 32 // 5 is coprime with 32
	return fmt.Sprintf("v%d", g.vreg)
}

// The assembler rejects register choices that the spec reserves for every LMUL (a masked
// destination v0, a widening destination overlapping a source, ...), although
// llvm-objdump decodes them; the random words of each row cover those. Assembled cases use a
// destination that is a multiple of align, with span registers from it that no source
// overlaps, and not v0 when masked.
func (g *gen) vdst(masked bool, align, span int) int {
	for {
		g.vdreg = (g.vdreg + 3) % (32 / align)
		vd := g.vdreg * align
		if vd+span <= 32 && !(masked && vd == 0) {
			return vd
		}
	}
}

// vsrc is a source register outside [vd, vd+span).
func (g *gen) vsrc(vd, span int) string {
	for {
		g.vreg = (g.vreg + 5) % 32
		if g.vreg < vd || g.vreg >= vd+span {
			return fmt.Sprintf("v%d", g.vreg)
		}
	}
}

func vname(r int) string { return fmt.Sprintf("v%d", r) }

// vmFree reports whether the row leaves the vm bit to the instruction.
func vmFree(r isa.Row) bool { return r.Mask&vmBit == 0 }

// masks returns the mask operand suffixes to try: "" and ", v0.t" when vm is free.
func masks(r isa.Row) []string {
	if vmFree(r) {
		return []string{"", ", v0.t"}
	}
	return []string{""}
}

// segName is the mnemonic of the nf form of a load or store row: "vlseg3e32.v" for vle32.v
// with nf = 2, "vl2re32.v" for vl1re32.v with nf = 1.
func segName(r isa.Row, nf int) string {
	n := r.Name
	if r.Args == isa.ArgsVMemWhole {
		return n[:2] + fmt.Sprint(nf+1) + n[3:]
	}
	if nf == 0 {
		return n
	}
	i := 2 + strings.IndexByte(n[2:], 'e')
	return n[:i] + fmt.Sprintf("seg%d", nf+1) + n[i:]
}

var (
	sews  = []string{"e8", "e16", "e32", "e64"}
	lmuls = []string{"mf8", "mf4", "mf2", "m1", "m2", "m4", "m8"}
	tas   = []string{"tu", "ta"}
	mas   = []string{"mu", "ma"}
)

func (g *gen) vtype() string {
	return fmt.Sprintf("%s, %s, %s, %s", pick(g, sews), pick(g, lmuls), pick(g, tas), pick(g, mas))
}

// vectorCases adds the cases of a vector row; it returns false for a kind it does not know.
func (g *gen) vectorCases(gr *group, r isa.Row) bool {
	n := r.Name
	rnd := func() uint32 { return g.rng.Uint32() }
	switch r.Args {
	case isa.ArgsVSetVLI:
		for _, s := range sews {
			for _, l := range lmuls {
				g.add(gr, "%s %s, %s, %s, %s, %s, %s", n, g.r(), g.r(), s, l, pick(g, tas), pick(g, mas))
			}
		}
		for _, t := range tas {
			for _, m := range mas {
				g.add(gr, "%s %s, %s, e32, m2, %s, %s", n, g.r(), g.r(), t, m)
			}
		}
		g.add(gr, "%s zero, zero, %s", n, g.vtype())
		g.add(gr, "%s %s, zero, %s", n, g.r(), g.vtype())
		g.add(gr, "%s zero, %s, %s", n, g.r(), g.vtype())
		// Reserved vtype values: vlmul = 4, SEW above 64, bits above vma.
		for _, vt := range []uint32{4, 0x24, 0x20, 0x38, 0x100, 0x400, 0x7ff, 0xc4, 0x3c} {
			g.word(gr, r.Match|vt<<20|rnd()&0xff780, 4)
		}
		for i := 0; i < 4; i++ {
			g.word(gr, r.Match|rnd()&0x7fff8f80, 4)
		}
	case isa.ArgsVSetVL:
		for i := 0; i < 4; i++ {
			g.add(gr, "%s %s, %s, %s", n, g.r(), g.r(), g.r())
		}
		g.add(gr, "%s zero, %s, %s", n, g.r(), g.r())
		g.add(gr, "%s %s, zero, %s", n, g.r(), g.r())
		g.add(gr, "%s %s, %s, zero", n, g.r(), g.r())
		g.add(gr, "%s zero, zero, zero", n)
	case isa.ArgsVSetIVLI:
		for _, avl := range []int{0, 1, 31, g.rng.IntN(32)} {
			g.add(gr, "%s %s, %d, %s", n, g.r(), avl, g.vtype())
		}
		for _, l := range lmuls {
			g.add(gr, "%s %s, %d, %s, %s, %s, %s", n, g.r(), g.rng.IntN(32), pick(g, sews), l, pick(g, tas), pick(g, mas))
		}
		g.add(gr, "%s zero, %d, %s", n, g.rng.IntN(32), g.vtype())
		for _, vt := range []uint32{4, 0x20, 0x100, 0x3ff, 0xff} {
			g.word(gr, r.Match|vt<<20|rnd()&0xff780, 4)
		}
	case isa.ArgsVMem, isa.ArgsVMemStride, isa.ArgsVMemIndex:
		nfs := []int{0}
		if r.Mask>>29 == 0 { // nf free: segment forms
			nfs = []int{0, 1, 2, 3, 4, 5, 6, 7}
		}
		for _, nf := range nfs {
			for _, m := range masks(r) {
				mn := segName(r, nf)
				vd := g.vdst(m != "", 1, nf+1)
				switch r.Args {
				case isa.ArgsVMem:
					g.add(gr, "%s %s, (%s)%s", mn, vname(vd), g.r(), m)
				case isa.ArgsVMemStride:
					g.add(gr, "%s %s, (%s), %s%s", mn, vname(vd), g.r(), g.r(), m)
				case isa.ArgsVMemIndex:
					g.add(gr, "%s %s, (%s), %s%s", mn, vname(vd), g.r(), g.vsrc(vd, nf+1), m)
				}
			}
		}
		switch r.Args {
		case isa.ArgsVMem:
			g.add(gr, "%s %s, (zero)", n, g.v())
		case isa.ArgsVMemStride:
			g.add(gr, "%s %s, (%s), zero", n, g.v(), g.r())
		}
		// mew = 1 (element widths above 64 bits) is reserved.
		g.word(gr, r.Match|1<<28|rnd()&^r.Mask&^(1<<28), 4)
	case isa.ArgsVMemWhole:
		for _, nf := range []int{0, 1, 3, 7} {
			for i := 0; i < 2; i++ {
				g.add(gr, "%s %s, (%s)", segName(r, nf), vname(g.vdst(false, nf+1, nf+1)), g.r())
			}
			// A group not aligned to its register count is reserved.
			g.word(gr, r.Match|uint32(nf)<<29|uint32(g.vdst(false, 1, 1)|1)<<7|rnd()&0xf8000, 4)
		}
		g.add(gr, "%s %s, (zero)", n, g.v())
		for _, nf := range []uint32{2, 4, 5, 6} { // reserved register counts
			g.word(gr, r.Match|nf<<29|rnd()&0xf8f80, 4)
		}
		g.word(gr, r.Match&^vmBit|rnd()&0xf8f80, 4) // masked: reserved
	case isa.ArgsVV, isa.ArgsVX, isa.ArgsVI, isa.ArgsVIU, isa.ArgsVIU6, isa.ArgsVVMacc, isa.ArgsVXMacc:
		src1 := func() string { return g.v() } // the vs1/rs1/imm operand
		var imms []int
		switch r.Args {
		case isa.ArgsVX, isa.ArgsVXMacc:
			src1 = func() string { return g.r() }
		case isa.ArgsVI:
			imms = []int{0, 1, -1, 15, -16, g.rng.IntN(32) - 16}
		case isa.ArgsVIU:
			imms = []int{0, 1, 16, 31, g.rng.IntN(32)}
		case isa.ArgsVIU6:
			imms = []int{0, 1, 31, 32, 63, g.rng.IntN(64)}
		}
		macc := r.Args == isa.ArgsVVMacc || r.Args == isa.ArgsVXMacc
		one := func(m string, imm int) {
			vd := g.vdst(m != "", 2, 2)
			d, s2 := vname(vd), g.vsrc(vd, 2)
			if r.Args == isa.ArgsVV || r.Args == isa.ArgsVVMacc {
				src1 = func() string { return g.vsrc(vd, 2) }
			}
			switch {
			case imms != nil:
				g.add(gr, "%s %s, %s, %d%s", n, d, s2, imm, m)
			case macc:
				g.add(gr, "%s %s, %s, %s%s", n, d, src1(), s2, m)
			default:
				g.add(gr, "%s %s, %s, %s%s", n, d, s2, src1(), m)
			}
		}
		for _, m := range masks(r) {
			for i := 0; i < 3; i++ {
				imm := 0
				if imms != nil {
					imm = pick(g, imms)
				}
				one(m, imm)
			}
		}
		for _, imm := range imms {
			one("", imm)
		}
		switch r.Args {
		case isa.ArgsVX:
			vd := g.vdst(false, 2, 2)
			g.add(gr, "%s %s, %s, zero", n, vname(vd), g.vsrc(vd, 2))
		case isa.ArgsVXMacc:
			vd := g.vdst(false, 2, 2)
			g.add(gr, "%s %s, zero, %s", n, vname(vd), g.vsrc(vd, 2))
		}
		if !vmFree(r) {
			g.word(gr, r.Match&^vmBit|rnd()&^r.Mask, 4) // vm = 0: reserved
		}
	case isa.ArgsVVM, isa.ArgsVXM, isa.ArgsVIM:
		for i := 0; i < 4; i++ {
			vd := g.vdst(true, 1, 1)
			d := vname(vd)
			switch r.Args {
			case isa.ArgsVVM:
				g.add(gr, "%s %s, %s, %s, v0", n, d, g.vsrc(vd, 1), g.vsrc(vd, 1))
			case isa.ArgsVXM:
				g.add(gr, "%s %s, %s, %s, v0", n, d, g.vsrc(vd, 1), g.r())
			case isa.ArgsVIM:
				g.add(gr, "%s %s, %s, %d, v0", n, d, g.vsrc(vd, 1), pick(g, []int{0, 1, -1, 15, -16, g.rng.IntN(32) - 16}))
			}
		}
		g.word(gr, r.Match|vmBit|rnd()&^r.Mask, 4) // vm = 1: reserved (or another row)
	case isa.ArgsV2:
		for _, m := range masks(r) {
			for i := 0; i < 3; i++ {
				vd := g.vdst(m != "", 2, 2)
				g.add(gr, "%s %s, %s%s", n, vname(vd), g.vsrc(vd, 2), m)
			}
		}
		if !vmFree(r) {
			g.word(gr, r.Match&^vmBit|rnd()&^r.Mask, 4)
		}
	case isa.ArgsVMvNR:
		nr := int(r.Match>>15&7) + 1
		for i := 0; i < 4; i++ {
			vd := g.vdst(false, nr, nr)
			vs := g.vdst(false, nr, nr)
			g.add(gr, "%s %s, %s", n, vname(vd), vname(vs))
		}
		g.word(gr, r.Match|1<<7|rnd()&0x1f00000, 4)  // vd misaligned (reserved unless nr = 1)
		g.word(gr, r.Match|1<<20|rnd()&0x0000f80, 4) // vs2 misaligned
		g.word(gr, r.Match&^vmBit|rnd()&0x1f00f80, 4)
		for f := uint32(0); f < 32; f++ { // every nr - 1 value: 4 legal, 28 reserved
			if w := r.Match&^(31<<15) | f<<15; w&r.Mask == r.Match {
				g.word(gr, w|rnd()&0x1f00f80, 4)
			}
		}
	case isa.ArgsVD:
		for _, m := range masks(r) {
			g.add(gr, "%s %s%s", n, vname(g.vdst(m != "", 1, 1)), m)
			g.add(gr, "%s %s%s", n, vname(g.vdst(m != "", 1, 1)), m)
		}
	case isa.ArgsXV:
		for _, m := range masks(r) {
			for i := 0; i < 3; i++ {
				g.add(gr, "%s %s, %s%s", n, g.r(), g.v(), m)
			}
		}
		g.add(gr, "%s zero, %s", n, g.v())
	case isa.ArgsVMvV:
		for i := 0; i < 4; i++ {
			g.add(gr, "%s %s, %s", n, g.v(), g.v())
		}
	case isa.ArgsVMvX:
		for i := 0; i < 4; i++ {
			g.add(gr, "%s %s, %s", n, g.v(), g.r())
		}
		g.add(gr, "%s %s, zero", n, g.v())
	case isa.ArgsVMvI:
		for _, imm := range []int{0, 1, -1, 15, -16, g.rng.IntN(32) - 16} {
			g.add(gr, "%s %s, %d", n, g.v(), imm)
		}
	default:
		return false
	}
	return true
}

// vectorExtra adds the vector aliases and reserved encodings that are not one row's.
func (g *gen) vectorExtra(xlen int) {
	gr := &group{title: "V: aliases (vnot.v, vneg.v, vncvt.x.x.w, vwcvt(u).x.x.v, vmmv.m, vmnot.m, vmclr.m, vmset.m, vl<n>r.v)", xlen: xlen}
	for _, m := range []string{"", ", v0.t"} {
		for _, f := range []string{"vxor.vi %s, %s, -1", "vrsub.vx %s, %s, zero", "vnsrl.wx %s, %s, zero",
			"vwadd.vx %s, %s, zero", "vwaddu.vx %s, %s, zero", "vnsra.wx %s, %s, zero",
			"vwsub.vx %s, %s, zero", "vsub.vx %s, %s, zero", "vand.vi %s, %s, -1", "vxor.vi %s, %s, 1",
			"vrsub.vx %s, %s, a0", "vnsrl.wx %s, %s, a0", "vwadd.vx %s, %s, a0"} {
			vd := g.vdst(m != "", 2, 2)
			g.add(gr, f+"%s", vname(vd), g.vsrc(vd, 2), m)
		}
	}
	// The unit-stride form of vlseg1: nf = 0 of vl1re8.v is vl1r.v; vs1r.v is a row name.
	g.add(gr, "vl1re8.v v8, (a0)")
	g.add(gr, "vl2re8.v v8, (a0)")
	for _, mn := range []string{"vmand.mm", "vmnand.mm", "vmxor.mm", "vmxnor.mm", "vmor.mm", "vmandn.mm", "vmorn.mm", "vmnor.mm"} {
		a, b := g.v(), g.v()
		g.add(gr, "%s %s, %s, %s", mn, a, b, b)
		g.add(gr, "%s %s, %s, %s", mn, a, a, a)
		g.add(gr, "%s %s, %s, %s", mn, a, a, b)
		g.add(gr, "%s %s, %s, %s", mn, a, b, a)
	}
	g.groups = append(g.groups, gr)

	gr = &group{title: "V: reserved and unknown vector encodings", xlen: xlen}
	for i := 0; i < 6; i++ {
		g.word(gr, 0x80007057|(1+g.rng.Uint32()%63)<<25|g.rng.Uint32()&0x01ff8f80, 4) // vsetvl, bits 30:25 set
		for _, op := range []uint32{0x07, 0x27} {
			// Widths of no scalar or vector access: 001 and 100 (Zfh, Q).
			g.word(gr, op|1<<12|g.rng.Uint32()&^0x707f, 4)
			g.word(gr, op|4<<12|g.rng.Uint32()&^0x707f, 4)
			// Unit-stride umop values with no instruction.
			for _, umop := range []uint32{0x01, 0x09, 0x11, 0x1f} {
				g.word(gr, op|umop<<20|uint32(pick(g, []int{0, 5, 6, 7}))<<12|g.rng.Uint32()&0xe20f8f80, 4)
			}
			// fault-only-first stores do not exist.
			g.word(gr, op|0x10<<20|uint32(pick(g, []int{0, 5, 6, 7}))<<12|g.rng.Uint32()&0xe20f8f80, 4)
		}
		// OP-V and OP-VE, any funct6 and funct3.
		g.word(gr, 0x57|g.rng.Uint32()&^0x7f, 4)
		g.word(gr, 0x77|g.rng.Uint32()&^0x7f, 4)
		g.word(gr, 0x77|2<<12|vmBit|g.rng.Uint32()&^0x0200707f, 4)
	}
	if xlen == 32 {
		// Indexed accesses with 64-bit offsets are RV64 only.
		for _, op := range []uint32{0x07, 0x27} {
			for _, mop := range []uint32{1, 3} {
				g.word(gr, op|7<<12|mop<<26|g.rng.Uint32()&0xe3ff8f80, 4)
			}
		}
	}
	g.groups = append(g.groups, gr)
}
