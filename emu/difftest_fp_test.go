package emu_test

// TestDiffFP: the differential test of F and D against QEMU 7.2, a sibling of
// TestDiffInstructions (difftest_gen_test.go) for the floating-point rows, whose operands are
// f registers and whose results include fflags. For every F/D row of each XLEN the cases
// come from the row's Args kind: special operands of its source format (signed zeros,
// subnormals, the extreme normals, infinities, quiet and signalling NaNs, improperly
// NaN-boxed singles, values at and around the integer limits for the conversions, ties for
// the rounding modes) and seeded random ones, under every static rounding mode and under
// dyn with each frm. Each case loads its operands, clears fflags, runs the instruction and
// stores the result register and fflags; the program writes the stored results to stdout
// as raw bytes, and the test compares them case by case, naming the instruction, mode and
// operands of any that differ.

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"rvsim/isa"
)

// fpCase is one instruction with its operands (64-bit register images) and modes.
type fpCase struct {
	row     *isa.Row
	text    string // the instruction as assembled
	ops     [3]uint64
	frm     int // frm set before it runs
	toX     bool
	isStore bool
}

var (
	fpSpecial32 = []uint32{
		0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x80800000,
		0x7f7fffff, 0xff7fffff, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000,
		0x7f800001, 0xff800001, 0x7fa00000, 0x3fc00000, 0xbfc00000, 0x40200000, 0xc0200000, 0x3f000000,
		0x3f7fffff, 0x4effffff, 0x4f000000, 0xcf000000, 0xcf000001, 0x4f7fffff, 0x4f800000, 0x5effffff,
		0x5f000000, 0xdf000000, 0xdf000001, 0x5f7fffff, 0x5f800000, 0x33800000, 0x34000001, 0x4b000001,
	}
	fpSpecial64 = []uint64{
		0, 1 << 63, 1, 1<<63 | 1, 0x000fffffffffffff, 0x800fffffffffffff, 0x0010000000000000,
		0x8010000000000000, 0x7fefffffffffffff, 0xffefffffffffffff, 0x3ff0000000000000,
		0xbff0000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
		0xfff8000000000000, 0x7ff0000000000001, 0xfff0000000000001, 0x7ff4000000000000,
		0x3ff8000000000000, 0xbff8000000000000, 0x4004000000000000, 0xc004000000000000,
		0x3fe0000000000000, 0x3fefffffffffffff, 0x36a0000000000000, 0x3ca0000000000001,
		math.Float64bits(2147483647.5), math.Float64bits(2147483648), math.Float64bits(-2147483648.5),
		math.Float64bits(-2147483649), math.Float64bits(4294967295.5), math.Float64bits(4294967296),
		math.Float64bits(-0.5), 0x43dfffffffffffff, 0x43e0000000000000, 0xc3e0000000000000,
		0xc3e0000000000001, 0x43efffffffffffff, 0x43f0000000000000, 0x4330000000000001,
		0x47efffffe0000000, 0x47efffff00000000, 0x3810000000000000, 0x380fffffffffffff,
	}
	fpSpecialInt = []uint64{
		0, 1, ^uint64(0), 2, 0x7fffffff, 0xffffffff80000000, 0xffffffff, 0x80000000,
		0x7fffffffffffffff, 1 << 63, 0x20000000000001, 0x1000001, 0xffffff, 0x7fffffc0,
		0x7fffffffffffffbf, 0xfffffffffffff801, 0x123456789abcdef,
	}
)

// fpGen builds the cases of one XLEN.
type fpGen struct {
	xlen  int
	rng   *rand.Rand
	cases []fpCase
	short bool
}

// srcValues returns the register images of a source of the given format: singles
// NaN-boxed (and a few not), doubles, or integers.
func (g *fpGen) srcValues(kind byte) []uint64 {
	var vs []uint64
	switch kind {
	case 's':
		for _, v := range fpSpecial32 {
			vs = append(vs, 0xffffffff00000000|uint64(v))
		}
		vs = append(vs, 0x3f800000, 0xfffffffe3f800000) // not NaN-boxed: the canonical NaN
		for i := 0; i < 12; i++ {
			vs = append(vs, 0xffffffff00000000|uint64(g.rng.Uint32()))
		}
	case 'd':
		vs = append(vs, fpSpecial64...)
		for i := 0; i < 12; i++ {
			vs = append(vs, g.rng.Uint64())
		}
	default:
		vs = append(vs, fpSpecialInt...)
		for i := 0; i < 8; i++ {
			vs = append(vs, g.rng.Uint64()>>g.rng.IntN(64))
		}
		if g.xlen == 32 {
			for i, v := range vs {
				vs[i] = uint64(int64(int32(v))) // registers hold sign-extended values
			}
		}
	}
	return vs
}

// srcKinds returns the formats of a row's sources: 's', 'd' or 'x'.
func srcKind(r *isa.Row) byte {
	n := r.Name
	switch r.Args {
	case isa.ArgsFX1RM, isa.ArgsFX1:
		return 'x'
	}
	switch {
	case n == "fcvt.d.s", n == "fmv.x.w", n == "flw", n == "fsw":
		return 's'
	case n == "fcvt.s.d", n == "fmv.x.d", n == "fld", n == "fsd":
		return 'd'
	case strings.HasSuffix(n, ".s"):
		return 's'
	}
	return 'd'
}

var fpModes = []string{"rne", "rtz", "rdn", "rup", "rmm"}

func (g *fpGen) add(r *isa.Row, ops [3]uint64, mode int, frm int) {
	var b strings.Builder
	b.WriteString(r.Name + " ")
	switch r.Args {
	case isa.ArgsFLoad:
		b.WriteString("fa0, 0(s0)")
	case isa.ArgsFStore:
		b.WriteString("fa1, 0(s1)")
	case isa.ArgsFR4:
		b.WriteString("fa0, fa1, fa2, fa3")
	case isa.ArgsFRRM, isa.ArgsFR:
		b.WriteString("fa0, fa1, fa2")
	case isa.ArgsF1RM:
		b.WriteString("fa0, fa1")
	case isa.ArgsXF1RM, isa.ArgsXF1:
		b.WriteString("a0, fa1")
	case isa.ArgsFX1RM, isa.ArgsFX1:
		b.WriteString("fa0, a1")
	case isa.ArgsXFF:
		b.WriteString("a0, fa1, fa2")
	}
	if r.Args.HasRM() {
		if mode < 0 {
			b.WriteString(", dyn")
		} else {
			b.WriteString(", " + fpModes[mode])
		}
	}
	toX := r.Args == isa.ArgsXF1RM || r.Args == isa.ArgsXF1 || r.Args == isa.ArgsXFF
	g.cases = append(g.cases, fpCase{row: r, text: b.String(), ops: ops, frm: frm, toX: toX, isStore: r.Args == isa.ArgsFStore})
}

// generate makes every row's cases.
func (g *fpGen) generate() {
	for i := range isa.Rows() {
		r := &isa.Rows()[i]
		if !r.Args.FP() || (r.XLEN != 0 && r.XLEN != g.xlen) {
			continue
		}
		vals := g.srcValues(srcKind(r))
		nsrc := 1
		switch r.Args {
		case isa.ArgsFR4:
			nsrc = 3
		case isa.ArgsFRRM, isa.ArgsFR, isa.ArgsXFF:
			nsrc = 2
		}
		// The modes: each static one, and dyn under each frm.
		type mode struct{ m, frm int }
		var modes []mode
		if r.Args.HasRM() {
			for m := 0; m < 5; m++ {
				modes = append(modes, mode{m, (m + 2) % 5}) // frm differs: the static mode must win
				modes = append(modes, mode{-1, m})
			}
		} else {
			modes = []mode{{-1, g.rng.IntN(5)}}
		}
		pick := func() uint64 { return vals[g.rng.IntN(len(vals))] }
		for _, md := range modes {
			switch nsrc {
			case 1:
				for _, v := range vals {
					g.add(r, [3]uint64{v, 0, 0}, md.m, md.frm)
				}
			case 2:
				// Every pair under RNE and dyn, a sample under the other modes.
				full := md.m == 0 || (md.m < 0 && md.frm == 0) || !r.Args.HasRM()
				if full && !g.short {
					for _, a := range vals {
						for _, b := range vals {
							g.add(r, [3]uint64{a, b, 0}, md.m, md.frm)
						}
					}
				} else {
					for _, a := range vals {
						g.add(r, [3]uint64{a, pick(), 0}, md.m, md.frm)
						g.add(r, [3]uint64{pick(), a, 0}, md.m, md.frm)
					}
				}
			case 3:
				n := 3 * len(vals)
				if g.short {
					n = len(vals)
				}
				for i := 0; i < n; i++ {
					g.add(r, [3]uint64{pick(), pick(), pick()}, md.m, md.frm)
				}
				// Exact products with an addend that cancels them, and inf * 0 + NaN.
				g.add(r, [3]uint64{vals[10], vals[10], vals[11]}, md.m, md.frm)
				g.add(r, [3]uint64{vals[12], vals[0], vals[14]}, md.m, md.frm)
			}
		}
	}
}

// asm writes the program running cases[lo:hi]: operands in .data, results in .bss, 16
// bytes per case (the result register, then fflags).
func (g *fpGen) asm(cs []fpCase) string {
	var b strings.Builder
	ld, sd, word := "ld", "sd", 8
	if g.xlen == 32 {
		ld, sd, word = "lw", "sw", 4
	}
	fmt.Fprintf(&b, ".text\n.globl _start\n_start:\n")
	fmt.Fprintf(&b, "la s0, fpin\nla s1, fpout\n")
	for _, c := range cs {
		fmt.Fprintf(&b, "# %s\n", c.text)
		switch {
		case c.row.Args == isa.ArgsFX1RM || c.row.Args == isa.ArgsFX1:
			fmt.Fprintf(&b, "%s a1, 0(s0)\n", ld)
		case c.row.Args != isa.ArgsFLoad:
			fmt.Fprintf(&b, "fld fa1, 0(s0)\nfld fa2, 8(s0)\nfld fa3, 16(s0)\n")
		}
		fmt.Fprintf(&b, "csrwi frm, %d\ncsrwi fflags, 0\n%s\nfrflags t1\n", c.frm, c.text)
		switch {
		case c.isStore:
		case c.toX:
			fmt.Fprintf(&b, "%s a0, 0(s1)\n", sd)
		default:
			fmt.Fprintf(&b, "fsd fa0, 0(s1)\n")
		}
		fmt.Fprintf(&b, "%s t1, 8(s1)\naddi s0, s0, 24\naddi s1, s1, 16\n", sd)
	}
	_ = word
	fmt.Fprintf(&b, "li a0, 1\nla a1, fpout\nli a2, %d\nli a7, 64\necall\n", 16*len(cs))
	fmt.Fprintf(&b, "li a0, 0\nli a7, 93\necall\n")
	fmt.Fprintf(&b, ".data\n.balign 8\nfpin:\n")
	for _, c := range cs {
		fmt.Fprintf(&b, ".dword %#x, %#x, %#x\n", c.ops[0], c.ops[1], c.ops[2])
	}
	fmt.Fprintf(&b, ".bss\n.balign 8\nfpout:\n.zero %d\n", 16*len(cs))
	return b.String()
}

func TestDiffFP(t *testing.T) {
	tc := dtNeedTools(t)
	dir := t.TempDir()
	seed := dtSeed(t)
	const perProg = 6000
	var wg sync.WaitGroup
	for _, xlen := range []int{32, 64} {
		g := &fpGen{xlen: xlen, rng: rand.New(rand.NewPCG(seed, uint64(xlen)+77)), short: testing.Short()}
		g.generate()
		t.Logf("RV%d: %d floating-point cases", xlen, len(g.cases))
		for lo := 0; lo < len(g.cases); lo += perProg {
			cs := g.cases[lo:min(lo+perProg, len(g.cases))]
			name := fmt.Sprintf("rv%d-%d", xlen, lo/perProg)
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := fpRunProg(tc, dir, name, xlen, g.asm(cs), cs); err != nil {
					t.Errorf("%s: %v", name, err)
				}
			}()
		}
	}
	wg.Wait()
}

// fpRunProg builds one program, runs it under both emulators and compares the results.
func fpRunProg(tc dtTools, dir, name string, xlen int, src string, cs []fpCase) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	sp := filepath.Join(dir, name+".s")
	if err := os.WriteFile(sp, []byte(src), 0o666); err != nil {
		return err
	}
	out := filepath.Join(dir, name)
	if err := dtBuild(ctx, tc, xlen, out, nil, sp); err != nil {
		return err
	}
	rv, q, err := dtRunBoth(ctx, tc, xlen, out)
	if err != nil {
		return err
	}
	if rv.status != 0 || q.status != 0 {
		return fmt.Errorf("exit status: rvsim %d (%s), QEMU %d (%s)", rv.status, rv.detail, q.status, q.detail)
	}
	if len(rv.stdout) != 16*len(cs) || len(q.stdout) != 16*len(cs) {
		return fmt.Errorf("output: rvsim %d bytes, QEMU %d, want %d", len(rv.stdout), len(q.stdout), 16*len(cs))
	}
	var msgs []string
	mismatches := 0
	for i, c := range cs {
		a, b := rv.stdout[16*i:16*i+16], q.stdout[16*i:16*i+16]
		if string(a) == string(b) {
			continue
		}
		mismatches++
		if len(msgs) < 20 {
			le := binary.LittleEndian
			msgs = append(msgs, fmt.Sprintf("%s (frm %d) on %#x, %#x, %#x: rvsim %#x flags %#x, QEMU %#x flags %#x",
				c.text, c.frm, c.ops[0], c.ops[1], c.ops[2], le.Uint64(a), le.Uint64(a[8:]), le.Uint64(b), le.Uint64(b[8:])))
		}
	}
	if mismatches > 0 {
		return fmt.Errorf("%d of %d cases differ:\n%s", mismatches, len(cs), strings.Join(msgs, "\n"))
	}
	return nil
}

// TestDiffFPCoverage checks that the generator gives every F and D row cases at both XLENs,
// and every rounding mode to the rows that have one. It needs no tools.
func TestDiffFPCoverage(t *testing.T) {
	for _, xlen := range []int{32, 64} {
		g := &fpGen{xlen: xlen, rng: rand.New(rand.NewPCG(1, 2)), short: true}
		g.generate()
		seen := map[isa.Op]map[string]bool{}
		for _, c := range g.cases {
			if seen[c.row.Op] == nil {
				seen[c.row.Op] = map[string]bool{}
			}
			f := strings.Fields(c.text)
			seen[c.row.Op][fmt.Sprintf("%s/%d", f[len(f)-1], c.frm)] = true
		}
		for _, r := range isa.Rows() {
			if !r.Args.FP() || (r.XLEN != 0 && r.XLEN != xlen) {
				continue
			}
			m := seen[r.Op]
			if len(m) == 0 {
				t.Errorf("RV%d %s: no cases", xlen, r.Name)
				continue
			}
			if r.Args.HasRM() {
				for frm := 0; frm < 5; frm++ {
					if !m[fmt.Sprintf("dyn/%d", frm)] {
						t.Errorf("RV%d %s: no dyn case with frm %d", xlen, r.Name, frm)
					}
				}
				for i, mode := range fpModes {
					if !m[fmt.Sprintf("%s/%d", mode, (i+2)%5)] {
						t.Errorf("RV%d %s: no %s case", xlen, r.Name, mode)
					}
				}
			}
		}
	}
}
