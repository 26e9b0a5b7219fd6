package emu

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"testing"

	"rvsim/isa"
)

// handWrittenOps returns the ops the hand-written executors name: the cases of loopBase's
// switch (exec.go) and of execSlowOp's (slow.go).
func handWrittenOps(t *testing.T) map[string]bool {
	t.Helper()
	ops := map[string]bool{}
	for _, file := range []struct{ name, fn string }{{"exec.go", "loopBase"}, {"slow.go", "execSlowOp"}} {
		f, err := parser.ParseFile(token.NewFileSet(), file.name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Name.Name != file.fn {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if cc, ok := n.(*ast.CaseClause); ok {
					for _, e := range cc.List {
						ast.Inspect(e, func(n ast.Node) bool {
							if s, ok := n.(*ast.SelectorExpr); ok {
								if id, ok := s.X.(*ast.Ident); ok && id.Name == "isa" {
									ops[s.Sel.Name] = true
								}
							}
							return true
						})
					}
				}
				return true
			})
		}
	}
	return ops
}

// opName returns the name of op's constant ("SM4ED" for sm4ed).
func opConstName(r *isa.Row) string {
	b := []byte(r.Name)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = c - 'a' + 'A'
		case c == '.':
			b[i] = '_'
		}
	}
	return string(b)
}

// TestEveryOpExecutes fails for a row of an implemented extension that nothing executes:
// without it such an op would silently become an illegal instruction at run time.
func TestEveryOpExecutes(t *testing.T) {
	hand := handWrittenOps(t)
	for _, r := range isa.Rows() {
		if !r.Exts.Intersects(isa.Implemented) || r.Class == isa.ClassVFP || r.Op == isa.FP {
			// Vector floating point and the floating-point encodings outside F and D:
			// recognised and reported as not implemented.
			continue
		}
		switch {
		case HasSemantics(r.Op), vexec[r.Op] != nil, hand[opConstName(&r)]:
		default:
			t.Errorf("%s (%v): no semantics: register a function for it in emu/<extension>.go (see semantics.go), or handle it in exec.go or slow.go", r.Name, r.Exts.List())
		}
	}
}

// encodeOperands fills r's operand fields with rd = a0, rs1 = a1, rs2 = a2 and a random
// immediate of the row's kind.
func encodeOperands(r *isa.Row, xlen int, rng *rand.Rand) uint32 {
	w := uint32(10<<7 | 11<<15)
	switch r.Args {
	case isa.ArgsR, isa.ArgsBS:
		w |= 12 << 20
		w |= rng.Uint32() & (3 << 30) // bs
	case isa.ArgsI:
		w |= rng.Uint32() & 0xfff00000
	case isa.ArgsShamt:
		if xlen == 32 {
			w |= rng.Uint32() & (31 << 20)
		} else {
			w |= rng.Uint32() & (63 << 20)
		}
	case isa.ArgsShamtW:
		w |= rng.Uint32() & (31 << 20)
	case isa.ArgsRnum:
		w |= uint32(rng.IntN(12)) << 20 // 0xb is reserved: both loops must trap on it
	}
	if r.Args.FP() {
		// fd/rd = 10, fs1/rs1 = 11, fs2 = 12, fs3 = 13; a rounding mode, dyn most often.
		w |= 12<<20 | 13<<27
		w |= uint32([]int{0, 1, 2, 3, 4, 7, 7, 7}[rng.IntN(8)]) << 12
	}
	return w&^r.Mask | r.Match
}

// TestGeneratedLoopMatchesSemantics runs every registered op with random operands through
// the generated loop and through loopBase, which runs the registered function itself: the
// copied bodies must compute the same rd, trap alike, and keep RV32 values sign-extended.
func TestGeneratedLoopMatchesSemantics(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	edges := []uint64{0, 1, 2, 31, 32, 63, 0x7f, 0x80, 0xff, 0x7fffffff, 0x80000000, 0xffffffff,
		0x8000000000000000, 0x7fffffffffffffff, ^uint64(0), 0x0123456789abcdef}
	const code = 0x10000
	for _, xlen := range []int{32, 64} {
		m := NewMemory()
		m.Map(code, PageSize, PermRX)
		h := NewHart(isa.Default(xlen), m)
		dec := isa.NewDecoder(isa.Default(xlen))
		for _, r := range isa.Rows() {
			if !HasSemantics(r.Op) || (r.XLEN != 0 && r.XLEN != xlen) {
				continue
			}
			for i := 0; i < 80; i++ {
				w := encodeOperands(&r, xlen, rng)
				if _, st := dec.Decode(w); st != isa.OK && st != isa.Reserved {
					t.Fatalf("rv%d %s: %#08x decodes as %v", xlen, r.Name, w, st)
				}
				a, b := rng.Uint64(), rng.Uint64()
				if i < len(edges)*len(edges) && i%3 != 0 {
					a, b = edges[i%len(edges)], edges[(i/len(edges))%len(edges)]
				}
				if xlen == 32 {
					a, b = sext32(a), sext32(b)
				}
				var got, gotF [2]uint64
				var flags [2]uint8
				var stops [2]StopReason
				fa, fb, fc := rng.Uint64(), rng.Uint64(), rng.Uint64()
				if rng.IntN(2) == 0 { // NaN-boxed singles, mostly
					fa, fb, fc = fa|0xffffffff00000000, fb|0xffffffff00000000, fc|0xffffffff00000000
				}
				frm := uint8([]int{0, 1, 2, 3, 4, 5}[rng.IntN(6)])
				for k, base := range []bool{false, true} {
					var buf [4]byte
					buf[0], buf[1], buf[2], buf[3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
					m.Write(code, buf[:])
					m.FlushCode()
					h.baseLoop = base
					h.PC, h.X[10], h.X[11], h.X[12] = code, 0xdead, a, b
					h.F[10], h.F[11], h.F[12], h.F[13] = 0xbeef, fa, fb, fc
					h.frm, h.fflags = frm, 0
					h.Priv = PrivM
					st := h.Step()
					got[k], stops[k] = h.X[10], st.Reason
					gotF[k], flags[k] = h.F[10], h.fflags
				}
				h.baseLoop = false
				if gotF[0] != gotF[1] || flags[0] != flags[1] {
					t.Errorf("rv%d %s %#08x (f %#x, %#x, %#x, frm %d): generated loop gives f %#x flags %#x, loopBase f %#x flags %#x",
						xlen, r.Name, w, fa, fb, fc, frm, gotF[0], flags[0], gotF[1], flags[1])
					break
				}
				if got[0] != got[1] || stops[0] != stops[1] {
					t.Errorf("rv%d %s %#08x (a %#x, b %#x): generated loop gives %#x (%v), loopBase %#x (%v)",
						xlen, r.Name, w, a, b, got[0], stops[0], got[1], stops[1])
					break
				}
				if xlen == 32 && stops[0] == StopLimit && got[0] != sext32(got[0]) {
					t.Errorf("rv32 %s (a %#x, b %#x) = %#x: not a sign-extended 32-bit value", r.Name, a, b, got[0])
					break
				}
			}
		}
	}
}
