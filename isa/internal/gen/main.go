// Command gen writes isa/testdata/objdump.txt, the golden disassembly of rvsim's decoder and
// printer: for every row of the instruction table (isa.Rows, isa.CRows) and each XLEN where
// the row is legal, canonical encodings assembled from text with llvm-mc-19 across operand
// values, and random words that carry the row's fixed bits, all disassembled with
// llvm-objdump-19. Run it from the module root:
//
//	go run ./isa/internal/gen            # writes isa/testdata/objdump.txt
//	go run ./isa/internal/gen -o FILE
//
// The output is deterministic (fixed seed) for a given table and LLVM version.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"rvsim/isa"
	"rvsim/isa/internal/llvmtool"
)

// CSRs rvsim uses (the cases of every CSR instruction cycle through them).
var csrs = []string{"mstatus", "misa", "mhartid", "mtvec", "mepc", "mcause", "mtval", "mscratch",
	"mie", "mip", "medeleg", "mideleg", "satp", "pmpcfg0", "pmpaddr0", "cycle", "time", "instret",
	"mcycle", "minstret", "mcounteren", "vl", "vtype", "vlenb", "fflags", "frm", "fcsr", "seed"}

var csrs32 = []string{"cycleh", "timeh", "instreth", "mcycleh", "minstreth", "mstatush"}

// group is one "# comment" section of the file.
type group struct {
	title string
	xlen  int
	items []llvmtool.Item
}

type gen struct {
	rng *rand.Rand
	reg int // cycles through the registers
	// The vector cases draw from a random source and a register cycle of their own, so that
	// adding vector rows leaves the scalar cases as they were.
	vrng   *rand.Rand
	vxreg  int
	vreg   int // cycles through the vector registers
	vdreg  int // cycles through the vector destinations
	groups []*group
}

func (g *gen) r() string {
	g.reg = (g.reg + 7) % 32 // 7 is coprime with 32: every register, in every position, over time
	return isa.RegName(uint8(g.reg))
}

func (g *gen) rc() string { // a register of the compressed set x8..x15
	g.reg = (g.reg + 3) % 8
	return isa.RegName(uint8(8 + g.reg))
}

func (g *gen) add(gr *group, format string, args ...any) {
	gr.items = append(gr.items, llvmtool.Item{Asm: fmt.Sprintf(format, args...)})
}

func (g *gen) word(gr *group, w uint32, n int) {
	gr.items = append(gr.items, llvmtool.Item{Word: w, Len: n})
}

func pick[T any](g *gen, xs []T) T { return xs[g.rng.IntN(len(xs))] }

func extNames(s isa.ExtSet) string {
	var ns []string
	for _, e := range s.List() {
		n := e.String()
		ns = append(ns, strings.ToUpper(n[:1])+n[1:])
	}
	return strings.Join(ns, "/")
}

// attrs is the LLVM feature list of the golden file: every implemented extension LLVM 19
// knows.
var attrs = isa.LLVMAttrs(isa.Implemented) + "," + llvmtool.Zicfilp

func main() {
	outPath := flag.String("o", "isa/testdata/objdump.txt", "output file")
	nRand := flag.Int("random", 6, "random words per row and XLEN")
	flag.Parse()
	if !llvmtool.Available() {
		fmt.Fprintln(os.Stderr, "gen: llvm-mc-19 and llvm-objdump-19 must be on PATH")
		os.Exit(1)
	}
	g := &gen{}
	for _, xlen := range []int{32, 64} {
		for _, r := range isa.Rows() {
			if r.Op == isa.FP || r.Op == isa.VFP || (r.XLEN != 0 && r.XLEN != xlen) || !r.Exts.InLLVM() {
				continue
			}
			g.seed(r.Name, xlen)
			vec := isVector(r)
			if vec {
				g.swapVector()
			}
			gr := &group{title: fmt.Sprintf("%s: %s (%s)", extNames(r.Exts), r.Name, scope(r.XLEN)), xlen: xlen}
			g.rowCases(gr, r, xlen)
			for i := 0; i < *nRand; i++ {
				g.word(gr, r.Match|g.rng.Uint32()&^r.Mask, 4)
			}
			g.groups = append(g.groups, gr)
			if vec {
				g.swapVector()
			}
		}
		for _, r := range isa.CRows() {
			if r.XLEN != 0 && r.XLEN != xlen {
				continue
			}
			g.seed(r.Name, xlen)
			gr := &group{title: fmt.Sprintf("C: %s (%s)", r.Name, scope(r.XLEN)), xlen: xlen}
			g.cCases(gr, r, xlen)
			nr := *nRand + 4
			if r.Expand != nil {
				nr += 8
			}
			for i := 0; i < nr; i++ {
				g.word(gr, uint32(r.Match|uint16(g.rng.Uint32())&^r.Mask), 2)
			}
			g.groups = append(g.groups, gr)
		}
		g.seed("extra", xlen)
		g.extra(xlen)
		g.seed("vector extra", xlen)
		g.swapVector()
		g.vectorExtra(xlen)
		g.swapVector()
	}
	write(g, *outPath)
}

// seed gives the cases of one row (or section) a random state of their own, drawn from its
// name, so that adding or removing rows leaves every other row's cases as they were.
func (g *gen) seed(name string, xlen int) {
	h := fnv.New64a()
	h.Write([]byte(name))
	k := h.Sum64()
	g.rng = rand.New(rand.NewPCG(k, uint64(xlen)))
	g.vrng = rand.New(rand.NewPCG(k, uint64(xlen)+1000))
	g.reg, g.vxreg, g.vreg, g.vdreg = int(k%32), int(k>>8%32), int(k>>16%32), int(k>>24%32)
}

// isVector reports whether r is one of the vector rows (v.go, zvk.go).
func isVector(r isa.Row) bool { return r.Args.Vector() || r.Op == isa.VFP }

// swapVector switches between the scalar and the vector random state.
func (g *gen) swapVector() {
	g.rng, g.vrng = g.vrng, g.rng
	g.reg, g.vxreg = g.vxreg, g.reg
}

func scope(x int) string {
	if x == 0 {
		return "RV32, RV64"
	}
	return fmt.Sprintf("RV%d only", x)
}

func (g *gen) imm12() int {
	return pick(g, []int{0, 1, -1, -2048, 2047, 0x7ff & g.rng.IntN(4096), g.rng.IntN(4096) - 2048})
}

func (g *gen) rowCases(gr *group, r isa.Row, xlen int) {
	n := r.Name
	switch r.Args {
	case isa.ArgsNone:
		g.add(gr, "%s", n)
	case isa.ArgsR:
		g.add(gr, "%s %s, %s, %s", n, g.r(), g.r(), g.r())
		g.add(gr, "%s %s, %s, %s", n, g.r(), g.r(), g.r())
		g.add(gr, "%s zero, %s, %s", n, g.r(), g.r())
		g.add(gr, "%s %s, zero, %s", n, g.r(), g.r())
		g.add(gr, "%s %s, %s, zero", n, g.r(), g.r())
		g.add(gr, "%s %s, zero, zero", n, g.r())
	case isa.ArgsCBO:
		for i := 0; i < 4; i++ {
			g.add(gr, "%s (%s)", n, g.r())
		}
		g.add(gr, "%s (zero)", n)
	case isa.ArgsR2:
		g.add(gr, "%s %s, %s", n, g.r(), g.r())
		g.add(gr, "%s %s, %s", n, g.r(), g.r())
		g.add(gr, "%s zero, %s", n, g.r())
		g.add(gr, "%s %s, zero", n, g.r())
	case isa.ArgsI:
		for _, imm := range []int{0, 1, -1, -2048, 2047, 0xff, g.rng.IntN(4096) - 2048} {
			g.add(gr, "%s %s, %s, %d", n, g.r(), g.r(), imm)
		}
		g.add(gr, "%s %s, zero, %d", n, g.r(), g.imm12())
		g.add(gr, "%s zero, %s, %d", n, g.r(), g.imm12())
		g.add(gr, "%s zero, zero, 0", n)
	case isa.ArgsShamt, isa.ArgsShamtW:
		sh := []int{0, 1, 31, g.rng.IntN(32)}
		if r.Args == isa.ArgsShamt && xlen == 64 {
			sh = append(sh, 32, 63, 32+g.rng.IntN(32))
		}
		for _, s := range sh {
			g.add(gr, "%s %s, %s, %d", n, g.r(), g.r(), s)
		}
		g.add(gr, "%s zero, %s, %d", n, g.r(), sh[2])
	case isa.ArgsLoad:
		for _, imm := range []int{0, 4, -1, -2048, 2047, g.rng.IntN(4096) - 2048} {
			g.add(gr, "%s %s, %d(%s)", n, g.r(), imm, g.r())
		}
		g.add(gr, "%s zero, %d(%s)", n, g.imm12(), g.r())
		g.add(gr, "%s %s, %d(zero)", n, g.r(), g.imm12())
		if r.Op == isa.JALR {
			g.add(gr, "jalr zero, 0(ra)")
			g.add(gr, "jalr ra, 0(%s)", g.r())
			g.add(gr, "jalr zero, 0(%s)", g.r())
			g.add(gr, "jalr ra, 16(%s)", g.r())
			g.add(gr, "jalr zero, -16(%s)", g.r())
			g.add(gr, "jalr zero, 4(ra)")
			g.add(gr, "jalr ra, 0(ra)")
		}
	case isa.ArgsStore:
		for _, imm := range []int{0, 8, -1, -2048, 2047, g.rng.IntN(4096) - 2048} {
			g.add(gr, "%s %s, %d(%s)", n, g.r(), imm, g.r())
		}
		g.add(gr, "%s zero, %d(%s)", n, g.imm12(), g.r())
	case isa.ArgsB:
		for _, off := range []int{0, 2, -2, 4094, -4096, 2*g.rng.IntN(4096) - 4096} {
			g.add(gr, "%s %s, %s, %d", n, g.r(), g.r(), off)
		}
		g.add(gr, "%s %s, zero, %d", n, g.r(), 2*g.rng.IntN(4096)-4096)
		g.add(gr, "%s zero, %s, %d", n, g.r(), 2*g.rng.IntN(4096)-4096)
		g.add(gr, "%s zero, zero, 8", n)
	case isa.ArgsU:
		for _, imm := range []int{0, 1, 0xfffff, 0x80000, 0x7ffff, g.rng.IntN(1 << 20)} {
			g.add(gr, "%s %s, %d", n, g.r(), imm)
		}
		g.add(gr, "%s zero, %d", n, g.rng.IntN(1<<20))
		g.add(gr, "%s zero, 0", n)
	case isa.ArgsJ:
		for _, off := range []int{0, 2, -2, 0xffffe, -0x100000, 2*g.rng.IntN(1<<20) - (1 << 20)} {
			g.add(gr, "%s %s, %d", n, g.r(), off)
		}
		g.add(gr, "%s zero, %d", n, 2*g.rng.IntN(1<<20)-(1<<20))
		g.add(gr, "%s ra, %d", n, 2*g.rng.IntN(1<<20)-(1<<20))
	case isa.ArgsCSR, isa.ArgsCSRI:
		src := func() string {
			if r.Args == isa.ArgsCSRI {
				return fmt.Sprint(pick(g, []int{0, 1, 31, g.rng.IntN(32)}))
			}
			return g.r()
		}
		zero := "zero"
		if r.Args == isa.ArgsCSRI {
			zero = "0"
		}
		list := csrs
		if xlen == 32 {
			list = append(append([]string{}, csrs...), csrs32...)
		}
		for i, c := range list {
			switch i % 4 {
			case 0:
				g.add(gr, "%s %s, %s, %s", n, g.r(), c, src())
			case 1:
				g.add(gr, "%s %s, %s, %s", n, g.r(), c, zero)
			case 2:
				g.add(gr, "%s zero, %s, %s", n, c, src())
			case 3:
				g.add(gr, "%s zero, %s, %s", n, c, zero)
			}
		}
		g.add(gr, "%s %s, %d, %s", n, g.r(), 0x800+g.rng.IntN(0x100), src())
		g.add(gr, "%s %s, 0, %s", n, g.r(), src())
		g.add(gr, "%s %s, 4095, %s", n, g.r(), src())
	case isa.ArgsAMO:
		for _, o := range []string{"", ".aq", ".rl", ".aqrl"} {
			g.add(gr, "%s%s %s, %s, (%s)", n, o, g.r(), g.r(), g.r())
		}
		g.add(gr, "%s zero, %s, (%s)", n, g.r(), g.r())
		g.add(gr, "%s %s, zero, (%s)", n, g.r(), g.r())
	case isa.ArgsLR:
		for _, o := range []string{"", ".aq", ".rl", ".aqrl"} {
			g.add(gr, "%s%s %s, (%s)", n, o, g.r(), g.r())
		}
		g.add(gr, "%s zero, (zero)", n)
	case isa.ArgsFence:
		sets := []string{"i", "o", "r", "w", "io", "rw", "iorw", "ir", "ow", "iow", "orw"}
		for i := 0; i < 8; i++ {
			g.add(gr, "fence %s, %s", pick(g, sets), pick(g, sets))
		}
		g.add(gr, "fence")
		g.add(gr, "fence rw, w")
		g.add(gr, "fence r, rw")
		g.add(gr, "fence.tso")
		g.add(gr, "pause")
		for p := uint32(0); p < 16; p++ {
			g.word(gr, 0x0f|p<<24|(p*5+3)%16<<20, 4)
			g.word(gr, 0x0f|(p*3+1)%16<<24|p<<20, 4)
		}
		g.word(gr, 0x8330000f, 4) // fence.tso
		g.word(gr, 0x8ff0000f, 4) // fm=TSO with other sets
		g.word(gr, 0x0000000f, 4) // no sets
	case isa.ArgsBS:
		for bs := 0; bs < 4; bs++ {
			g.add(gr, "%s %s, %s, %s, %d", n, g.r(), g.r(), g.r(), bs)
		}
		g.add(gr, "%s zero, zero, zero, 0", n)
	case isa.ArgsRnum:
		for rn := 0; rn <= 10; rn++ {
			g.add(gr, "%s %s, %s, %d", n, g.r(), g.r(), rn)
		}
		for rn := uint32(11); rn < 16; rn++ {
			g.word(gr, r.Match|rn<<20|uint32(g.rng.IntN(32))<<7|uint32(g.rng.IntN(32))<<15, 4)
		}
	case isa.ArgsFLoad, isa.ArgsFStore:
		for _, imm := range []int{0, 8, -1, -2048, 2047, g.rng.IntN(4096) - 2048} {
			g.add(gr, "%s %s, %d(%s)", n, g.f(), imm, g.r())
		}
		g.add(gr, "%s %s, %d(zero)", n, g.f(), g.imm12())
	case isa.ArgsFR4, isa.ArgsFRRM, isa.ArgsFR, isa.ArgsF1RM, isa.ArgsXF1RM, isa.ArgsXF1,
		isa.ArgsFX1RM, isa.ArgsFX1, isa.ArgsXFF:
		g.fpCases(gr, r)
	case isa.ArgsSfence:
		g.add(gr, "%s", n)
		g.add(gr, "%s %s", n, g.r())
		g.add(gr, "%s %s, %s", n, g.r(), g.r())
		g.add(gr, "%s zero, %s", n, g.r())
	default:
		if !g.vectorCases(gr, r) {
			panic(fmt.Sprintf("no cases for %s (args %d)", r.Name, r.Args))
		}
	}
}

// f cycles through the floating-point registers (with the integer cycle).
func (g *gen) f() string {
	g.reg = (g.reg + 7) % 32
	return isa.FRegName(uint8(g.reg))
}

// fpCases writes a floating-point row's cases: operands of its kind, every rounding mode
// (the reserved 5 and 6 as words), and rs1 = rs2 for the sign-injection aliases.
func (g *gen) fpCases(gr *group, r isa.Row) {
	n := r.Name
	var ops func() []string
	switch r.Args {
	case isa.ArgsFR4:
		ops = func() []string { return []string{g.f(), g.f(), g.f(), g.f()} }
	case isa.ArgsFRRM, isa.ArgsFR:
		ops = func() []string { return []string{g.f(), g.f(), g.f()} }
	case isa.ArgsF1RM:
		ops = func() []string { return []string{g.f(), g.f()} }
	case isa.ArgsXF1RM, isa.ArgsXF1:
		ops = func() []string { return []string{g.r(), g.f()} }
	case isa.ArgsFX1RM, isa.ArgsFX1:
		ops = func() []string { return []string{g.f(), g.r()} }
	case isa.ArgsXFF:
		ops = func() []string { return []string{g.r(), g.f(), g.f()} }
	}
	for i := 0; i < 4; i++ {
		g.add(gr, "%s %s", n, strings.Join(ops(), ", "))
	}
	if r.Args.HasRM() {
		for _, m := range []string{"rne", "rtz", "rdn", "rup", "rmm", "dyn"} {
			g.add(gr, "%s %s, %s", n, strings.Join(ops(), ", "), m)
		}
		for _, rm := range []uint32{5, 6} {
			g.word(gr, r.Match|rm<<12|g.rng.Uint32()&^r.Mask&^(7<<12), 4)
		}
	}
	if r.Args == isa.ArgsFR {
		f := g.f()
		g.add(gr, "%s %s, %s, %s", n, g.f(), f, f)
	}
}

func (g *gen) cCases(gr *group, r isa.CRow, xlen int) {
	n := r.Name
	nz := func(lo, hi, step int) int { // a non-zero multiple of step in [lo, hi]
		for {
			v := lo + step*g.rng.IntN((hi-lo)/step+1)
			if v != 0 {
				return v
			}
		}
	}
	shmax := 31
	if xlen == 64 {
		shmax = 63
	}
	switch n {
	case "c.addi4spn":
		for _, v := range []int{4, 1020, 8, nz(4, 1020, 4)} {
			g.add(gr, "%s %s, sp, %d", n, g.rc(), v)
		}
	case "c.lw", "c.sw":
		for _, v := range []int{0, 4, 124, nz(0, 124, 4)} {
			g.add(gr, "%s %s, %d(%s)", n, g.rc(), v, g.rc())
		}
	case "c.ld", "c.sd":
		for _, v := range []int{0, 8, 248, nz(0, 248, 8)} {
			g.add(gr, "%s %s, %d(%s)", n, g.rc(), v, g.rc())
		}
	case "c.addi":
		for _, v := range []int{1, -1, 31, -32, nz(-32, 31, 1)} {
			g.add(gr, "%s %s, %d", n, g.r1(), v)
		}
		g.add(gr, "c.nop")
	case "c.addiw":
		for _, v := range []int{0, 1, -1, 31, -32, nz(-32, 31, 1)} {
			g.add(gr, "%s %s, %d", n, g.r1(), v)
		}
	case "c.li":
		for _, v := range []int{0, 1, -1, 31, -32, nz(-32, 31, 1)} {
			g.add(gr, "%s %s, %d", n, g.r1(), v)
		}
	case "c.addi16sp":
		for _, v := range []int{16, -16, 496, -512, nz(-512, 496, 16)} {
			g.add(gr, "%s sp, %d", n, v)
		}
	case "c.lui":
		for _, v := range []int{1, 31, 0xfffe0, 0xfffff, nz(1, 31, 1)} {
			r := g.r1()
			if r == "sp" {
				r = "a0"
			}
			g.add(gr, "%s %s, %d", n, r, v)
		}
	case "c.srli", "c.srai", "c.slli":
		for _, v := range []int{1, 31, shmax, nz(1, shmax, 1)} {
			if n == "c.slli" {
				g.add(gr, "%s %s, %d", n, g.r1(), v)
			} else {
				g.add(gr, "%s %s, %d", n, g.rc(), v)
			}
		}
	case "c.andi":
		for _, v := range []int{0, 1, -1, 31, -32, nz(-32, 31, 1)} {
			g.add(gr, "%s %s, %d", n, g.rc(), v)
		}
	case "c.sub", "c.xor", "c.or", "c.and", "c.subw", "c.addw":
		for i := 0; i < 4; i++ {
			g.add(gr, "%s %s, %s", n, g.rc(), g.rc())
		}
	case "c.j", "c.jal":
		for _, v := range []int{0, 2, -2, 2046, -2048, nz(-2048, 2046, 2)} {
			g.add(gr, "%s %d", n, v)
		}
	case "c.beqz", "c.bnez":
		for _, v := range []int{0, 2, -2, 254, -256, nz(-256, 254, 2)} {
			g.add(gr, "%s %s, %d", n, g.rc(), v)
		}
	case "c.lwsp":
		for _, v := range []int{0, 4, 252, nz(0, 252, 4)} {
			g.add(gr, "%s %s, %d(sp)", n, g.r1(), v)
		}
	case "c.ldsp":
		for _, v := range []int{0, 8, 504, nz(0, 504, 8)} {
			g.add(gr, "%s %s, %d(sp)", n, g.r1(), v)
		}
	case "c.swsp":
		for _, v := range []int{0, 4, 252, nz(0, 252, 4)} {
			g.add(gr, "%s %s, %d(sp)", n, g.r(), v)
		}
	case "c.sdsp":
		for _, v := range []int{0, 8, 504, nz(0, 504, 8)} {
			g.add(gr, "%s %s, %d(sp)", n, g.r(), v)
		}
	case "c.jr", "c.jalr":
		for i := 0; i < 4; i++ {
			g.add(gr, "%s %s", n, g.r1())
		}
		g.add(gr, "%s ra", n)
	case "c.mv", "c.add":
		for i := 0; i < 4; i++ {
			g.add(gr, "%s %s, %s", n, g.r1(), g.r1())
		}
	case "c.ebreak":
		g.add(gr, "%s", n)
	case "c.flw", "c.fsw":
		for _, v := range []int{0, 4, 124, nz(0, 124, 4)} {
			g.add(gr, "%s %s, %d(%s)", n, isa.FRegName(uint8(8+g.rng.IntN(8))), v, g.rc())
		}
	case "c.fld", "c.fsd":
		for _, v := range []int{0, 8, 248, nz(0, 248, 8)} {
			g.add(gr, "%s %s, %d(%s)", n, isa.FRegName(uint8(8+g.rng.IntN(8))), v, g.rc())
		}
	case "c.flwsp", "c.fswsp":
		for _, v := range []int{0, 4, 252, nz(0, 252, 4)} {
			g.add(gr, "%s %s, %d(sp)", n, g.f(), v)
		}
		g.add(gr, "%s ft0, 4(sp)", n)
	case "c.fldsp", "c.fsdsp":
		for _, v := range []int{0, 8, 504, nz(0, 504, 8)} {
			g.add(gr, "%s %s, %d(sp)", n, g.f(), v)
		}
		g.add(gr, "%s ft0, 8(sp)", n)
	default:
		// A row with an expander of its own (Zcb...) gets random words with its fixed bits,
		// which cover its operand fields; the others must have text cases above.
		if r.Expand == nil {
			panic("no cases for " + n)
		}
	}
}

// r1 is a register other than zero.
func (g *gen) r1() string {
	for {
		if r := g.r(); r != "zero" {
			return r
		}
	}
}

// extra adds the cases that are not one row's: CSR names, HINTs, reserved encodings and
// words in opcodes that rvsim does not know.
func (g *gen) extra(xlen int) {
	gr := &group{title: "Zicsr: CSR names (privileged spec, CSR listing)", xlen: xlen}
	for n := uint32(0); n < 4096; n++ {
		name, ok := isa.CSRName(uint16(n), xlen)
		_, ok64 := isa.CSRName(uint16(n), 64)
		if ok && (xlen == 64 || !ok64) || n%256 == 0x80 {
			_ = name
			g.word(gr, n<<20|uint32(g.rng.IntN(32))<<7|0x2073, 4)
		}
	}
	g.groups = append(g.groups, gr)

	gr = &group{title: "C: HINTs and reserved encodings (unprivileged spec, RVC HINT table)", xlen: xlen}
	h := func(w uint16) { g.word(gr, uint32(w), 2) }
	h(0x0000) // all zeros: illegal
	for i := 0; i < 4; i++ {
		h(0x0001 | uint16(g.rng.IntN(64))<<2&0x7c | uint16(g.rng.IntN(2))<<12) // c.nop imm
		h(0x4001 | uint16(g.rng.IntN(64))<<2&0x7c | uint16(g.rng.IntN(2))<<12) // c.li x0
		h(0x6001 | uint16(g.rng.IntN(64))<<2&0x7c | uint16(g.rng.IntN(2))<<12) // c.lui x0
		h(0x0002 | uint16(g.rng.IntN(64))<<2&0x7c | uint16(g.rng.IntN(2))<<12) // c.slli x0
		h(0x8002 | uint16(1+g.rng.IntN(31))<<2)                                // c.mv x0
		h(0x9002 | uint16(1+g.rng.IntN(31))<<2)                                // c.add x0
		h(0x0001 | uint16(1+g.rng.IntN(31))<<7)                                // c.addi rd, 0
		h(0x0002 | uint16(1+g.rng.IntN(31))<<7)                                // c.slli rd, 0
		h(0x8001 | uint16(g.rng.IntN(8))<<7)                                   // c.srli rd', 0
		h(0x8401 | uint16(g.rng.IntN(8))<<7)                                   // c.srai rd', 0
		h(0x6001 | uint16(1+g.rng.IntN(31))<<7)                                // c.lui rd, 0
		h(0x0000 | uint16(g.rng.IntN(8))<<2)                                   // c.addi4spn imm 0
		h(0x4002 | uint16(g.rng.IntN(64))<<2&0x7c | uint16(g.rng.IntN(2))<<12) // c.lwsp x0
		h(0x6002 | uint16(g.rng.IntN(64))<<2&0x7c | uint16(g.rng.IntN(2))<<12) // c.ldsp x0
		h(0x2001 | uint16(g.rng.IntN(64))<<2&0x7c | uint16(g.rng.IntN(2))<<12) // c.addiw x0
		h(0x8002 | uint16(g.rng.IntN(2))<<12)                                  // c.jr x0
		h(0x9c41 | uint16(g.rng.IntN(8))<<7 | uint16(g.rng.IntN(8))<<2)        // reserved
		h(0x8001 | 1<<12 | uint16(g.rng.IntN(32))<<2 | uint16(g.rng.IntN(8))<<7)
		h(0x8401 | 1<<12 | uint16(g.rng.IntN(32))<<2 | uint16(g.rng.IntN(8))<<7)
		h(0x0002 | 1<<12 | uint16(g.rng.IntN(32))<<2 | uint16(1+g.rng.IntN(31))<<7)
		h(0x8000 | uint16(g.rng.IntN(8192))&^3) // quadrant 0, reserved
		h(0x6101 | uint16(g.rng.IntN(2))<<12)   // c.addi16sp 0
	}
	g.groups = append(g.groups, gr)

	gr = &group{title: "Base and hint aliases (unprivileged spec, HINT instructions; Zicbop, Zihintntl, Zicfilp)", xlen: xlen}
	for _, s := range []string{"nop", "addi zero, zero, 1", "addi zero, a0, 0", "ori zero, a0, 32",
		"ori zero, zero, 0", "prefetch.i 32(a0)", "prefetch.r -64(sp)", "prefetch.w 2016(t6)",
		"ori zero, a0, 33", "ori zero, a0, 34", "ori zero, a0, 35", "ori zero, a0, 36",
		"add zero, zero, a0", "ntl.p1", "ntl.pall", "ntl.s1", "ntl.all", "add zero, zero, t0",
		"add zero, zero, t1", "add zero, a0, a1", "lpad 5", "lpad 0", "lpad 0xfffff",
		"auipc zero, 1", "lui zero, 1", "slli zero, zero, 1", "fence w, 0", "fence r, 0",
		"xori a0, a1, -1", "sltiu a0, a1, 1", "sltu a0, zero, a1", "slt a0, a1, zero",
		"slt a0, zero, a1", "sub a0, zero, a1", "addiw a0, a1, 0", "subw a0, zero, a1",
		"add.uw a0, a1, zero", "andi a0, a1, 255", "csrrs zero, mstatus, zero",
		"csrrw zero, mstatus, zero", "unimp", "csrrw zero, cycle, zero",
		"jal zero, 0", "jal ra, 0", "beq a0, zero, 0", "bne zero, a0, 0",
		"bge zero, a0, 0", "bge a0, zero, 0", "blt a0, zero, 0", "blt zero, a0, 0",
		"bltu zero, a0, 0", "bgeu a0, zero, 0"} {
		if xlen == 32 && strings.Contains(s, "w ") && !strings.HasPrefix(s, "fence") {
			continue
		}
		if xlen == 32 && strings.HasPrefix(s, "add.uw") {
			continue
		}
		g.add(gr, "%s", s)
	}
	g.groups = append(g.groups, gr)

	gr = &group{title: "Unknown and reserved 32-bit encodings", xlen: xlen}
	for i := 0; i < 24; i++ {
		g.word(gr, g.rng.Uint32()|3, 4)
	}
	for _, op := range []uint32{0x0b, 0x2b, 0x5b, 0x7b, 0x57, 0x77, 0x1b, 0x3b, 0x33, 0x13, 0x73, 0x2f} {
		for i := 0; i < 3; i++ {
			g.word(gr, g.rng.Uint32()&^0x7f|op, 4)
		}
	}
	if xlen == 32 {
		for _, base := range []uint32{0x00001013, 0x00005013, 0x40005013, 0x60005013, 0x48001013} {
			g.word(gr, base|uint32(32+g.rng.IntN(32))<<20|uint32(g.rng.IntN(1024))<<7&0xf8f80, 4)
		}
	}
	g.groups = append(g.groups, gr)
}

// write writes the file to a temporary beside path and renames it into place only when the
// whole generation succeeded: a rejected instruction leaves the old file.
func write(g *gen, path string) {
	f, err := os.CreateTemp(filepath.Dir(path), ".objdump-*.txt")
	if err != nil {
		fatal(err)
	}
	tmp := f.Name()
	die := func(err error) { os.Remove(tmp); fatal(err) }
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "# Golden disassembly: xlen|encoding|text as llvm-objdump-19 prints it (the tab between\n")
	fmt.Fprintf(w, "# mnemonic and operands written as one space). Each instruction is disassembled alone at\n")
	fmt.Fprintf(w, "# address 0 under the symbol _start. Generated by `go run ./isa/internal/gen`;\n")
	fmt.Fprintf(w, "# do not edit. LLVM features, one a line:\n")
	for _, a := range strings.Split(attrs, ",") {
		fmt.Fprintf(w, "# feature %s\n", a)
	}
	seen := map[string]bool{}
	n := 0
	for _, xlen := range []int{32, 64} {
		var items []llvmtool.Item
		for _, gr := range g.groups {
			if gr.xlen == xlen {
				items = append(items, gr.items...)
			}
		}
		res, err := llvmtool.Disassemble(xlen, attrs, items)
		if err != nil {
			die(err)
		}
		k := 0
		for _, gr := range g.groups {
			if gr.xlen != xlen {
				continue
			}
			var lines []string
			for range gr.items {
				r := res[k]
				k++
				key := fmt.Sprintf("%d|%s", xlen, r.Hex)
				if seen[key] {
					continue
				}
				seen[key] = true
				lines = append(lines, fmt.Sprintf("%s|%s", key, r.Text))
			}
			if len(lines) == 0 {
				continue
			}
			fmt.Fprintf(w, "\n# RV%d %s\n", xlen, gr.title)
			for _, l := range lines {
				fmt.Fprintln(w, l)
				n++
			}
		}
	}
	if err := w.Flush(); err != nil {
		die(err)
	}
	if err := f.Close(); err != nil {
		die(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		die(err)
	}
	fmt.Fprintf(os.Stderr, "gen: %d cases written to %s\n", n, path)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}
