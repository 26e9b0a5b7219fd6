package sem

import (
	"encoding/binary"
	"math/bits"
)

// The intermediate values of the crypto instructions, for the debugger's explain. Each
// Explain… function evaluates an instruction step by step with the helpers its semantics
// use (or the very tables they are built from), so the values shown are the emulator's;
// cmd/rvsim only prints them.

// Term is one term of a value that is the XOR of its terms: Expr names it in terms of the
// operand ("x << 8", "x ⋙ 7") and Value is what it evaluates to.
type Term struct {
	Expr  string
	Value uint64
}

// linTerm is (x & mask) << shift, one term of an SM4 linear layer applied to a byte x.
type linTerm struct {
	expr  string
	mask  uint32
	shift uint
}

// The linear layers of sm4ed and sm4ks ([Crypto] §3.43, §3.44) as their terms: sm4EDLinear
// and sm4KSLinear (and so the combined tables the instructions use) XOR exactly these.
var (
	sm4EDTerms = []linTerm{{"x", 0xff, 0}, {"x << 8", 0xff, 8}, {"x << 2", 0xff, 2}, {"x << 18", 0xff, 18},
		{"(x & 0x3f) << 26", 0x3f, 26}, {"(x & 0xc0) << 10", 0xc0, 10}}
	sm4KSTerms = []linTerm{{"x", 0xff, 0}, {"(x & 0x07) << 29", 0x07, 29}, {"(x & 0xfe) << 7", 0xfe, 7},
		{"(x & 0x01) << 23", 0x01, 23}, {"(x & 0xf8) << 13", 0xf8, 13}}
)

func linearOf(terms []linTerm, x uint32) uint32 {
	var y uint32
	for _, t := range terms {
		y ^= (x & t.mask) << t.shift
	}
	return y
}

// SM4LinearTerms returns the terms of the sm4ed (ks false) or sm4ks linear layer applied to
// the S-box output x; they XOR to SM4EDSteps' (SM4KSSteps') Linear.
func SM4LinearTerms(ks bool, x byte) []Term {
	terms := sm4EDTerms
	if ks {
		terms = sm4KSTerms
	}
	out := make([]Term, len(terms))
	for i, t := range terms {
		out[i] = Term{t.expr, uint64((uint32(x) & t.mask) << t.shift)}
	}
	return out
}

// SHAFunc selects one of the scalar SHA-2 and SM3 functions for ExplainSHA.
type SHAFunc uint8

const (
	SHA256Sig0Func SHAFunc = iota
	SHA256Sig1Func
	SHA256Sum0Func
	SHA256Sum1Func
	SHA512Sig0Func
	SHA512Sig1Func
	SHA512Sum0Func
	SHA512Sum1Func
	SM3P0Func
	SM3P1Func
)

// shaTerm is one term: x rotated right (ror), shifted right (shr) or rotated left (rol) by n,
// or x itself.
type shaTerm struct {
	op byte // 'r' ror, 's' shr, 'l' rol, 'x' x
	n  int
}

var shaFuncs = [...]struct {
	name, formula string
	width         int
	terms         []shaTerm
	f32           func(uint32) uint32
	f64           func(uint64) uint64
}{
	SHA256Sig0Func: {"σ0 (SHA-256)", "ror 7 ^ ror 18 ^ shr 3", 32, []shaTerm{{'r', 7}, {'r', 18}, {'s', 3}}, SHA256Sig0, nil},
	SHA256Sig1Func: {"σ1 (SHA-256)", "ror 17 ^ ror 19 ^ shr 10", 32, []shaTerm{{'r', 17}, {'r', 19}, {'s', 10}}, SHA256Sig1, nil},
	SHA256Sum0Func: {"Σ0 (SHA-256)", "ror 2 ^ ror 13 ^ ror 22", 32, []shaTerm{{'r', 2}, {'r', 13}, {'r', 22}}, SHA256Sum0, nil},
	SHA256Sum1Func: {"Σ1 (SHA-256)", "ror 6 ^ ror 11 ^ ror 25", 32, []shaTerm{{'r', 6}, {'r', 11}, {'r', 25}}, SHA256Sum1, nil},
	SHA512Sig0Func: {"σ0 (SHA-512)", "ror 1 ^ ror 8 ^ shr 7", 64, []shaTerm{{'r', 1}, {'r', 8}, {'s', 7}}, nil, SHA512Sig0},
	SHA512Sig1Func: {"σ1 (SHA-512)", "ror 19 ^ ror 61 ^ shr 6", 64, []shaTerm{{'r', 19}, {'r', 61}, {'s', 6}}, nil, SHA512Sig1},
	SHA512Sum0Func: {"Σ0 (SHA-512)", "ror 28 ^ ror 34 ^ ror 39", 64, []shaTerm{{'r', 28}, {'r', 34}, {'r', 39}}, nil, SHA512Sum0},
	SHA512Sum1Func: {"Σ1 (SHA-512)", "ror 14 ^ ror 18 ^ ror 41", 64, []shaTerm{{'r', 14}, {'r', 18}, {'r', 41}}, nil, SHA512Sum1},
	SM3P0Func:      {"P0 (SM3)", "x ^ rol 9 ^ rol 17", 32, []shaTerm{{'x', 0}, {'l', 9}, {'l', 17}}, SM3P0, nil},
	SM3P1Func:      {"P1 (SM3)", "x ^ rol 15 ^ rol 23", 32, []shaTerm{{'x', 0}, {'l', 15}, {'l', 23}}, SM3P1, nil},
}

// SHAExplained is a SHA-2 or SM3 function of x broken into its terms.
type SHAExplained struct {
	Name    string // "σ0 (SHA-256)"
	Formula string // "ror 7 ^ ror 18 ^ shr 3"
	Width   int    // 32 or 64
	X       uint64 // the operand, Width bits
	Terms   []Term
	Result  uint64 // the function's value, from the function the instruction runs
}

// ExplainSHA evaluates f on x (its low 32 bits for the 32-bit functions) term by term; the
// terms XOR to Result.
func ExplainSHA(f SHAFunc, x uint64) SHAExplained {
	d := &shaFuncs[f]
	e := SHAExplained{Name: d.name, Formula: d.formula, Width: d.width, X: x}
	if d.width == 32 {
		e.X = uint64(uint32(x))
		e.Result = uint64(d.f32(uint32(x)))
	} else {
		e.Result = d.f64(x)
	}
	for _, t := range d.terms {
		var v uint64
		var expr string
		x32 := uint32(e.X)
		switch t.op {
		case 'r':
			expr = "x ⋙ " + itoa(t.n)
			v = bits.RotateLeft64(e.X, -t.n)
			if d.width == 32 {
				v = uint64(bits.RotateLeft32(x32, -t.n))
			}
		case 's':
			expr, v = "x ≫ "+itoa(t.n), e.X>>t.n
		case 'l':
			expr = "x ⋘ " + itoa(t.n)
			v = bits.RotateLeft64(e.X, t.n)
			if d.width == 32 {
				v = uint64(bits.RotateLeft32(x32, t.n))
			}
		default:
			expr, v = "x", e.X
		}
		e.Terms = append(e.Terms, Term{expr, v})
	}
	return e
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// AES32Explained holds the steps of aes32esi/esmi/dsi/dsmi ([Crypto] §3.1-§3.4).
type AES32Explained struct {
	SI     byte   // byte bs of rs2
	SO     byte   // its S-box (inverse S-box) image
	Mixed  uint32 // so placed in a column, or its (Inv)MixColumns column for the middle rounds
	Rot    uint32 // Mixed rotated left by 8·bs
	Result uint32 // rs1 ^ Rot
}

// ExplainAES32 evaluates one aes32 instruction step by step: decrypt selects the inverse
// S-box and InvMixColumns, middle the MixColumns step.
func ExplainAES32(rs1, rs2 uint32, bs uint, decrypt, middle bool) AES32Explained {
	sh := (bs & 3) * 8
	var e AES32Explained
	e.SI = byte(rs2 >> sh)
	switch {
	case !decrypt:
		e.SO = AESSBox[e.SI]
		e.Mixed = uint32(e.SO)
		if middle {
			e.Mixed = AESMixColumn(e.Mixed)
		}
	default:
		e.SO = AESInvSBox[e.SI]
		e.Mixed = uint32(e.SO)
		if middle {
			e.Mixed = AESInvMixColumn(e.Mixed)
		}
	}
	e.Rot = bits.RotateLeft32(e.Mixed, int(sh))
	e.Result = rs1 ^ e.Rot
	return e
}

// ExplainAES64 evaluates aes64es/esm/ds/dsm ([Crypto] §3.5-§3.8) on the whole 128-bit state
// {rs2:rs1} with the byte-wise FIPS-197 transformations (kind: AESRoundEncFinal for aes64es,
// AESRoundEncMiddle for aes64esm, AESRoundDecFinal for aes64ds, AESRoundDecMiddle for
// aes64dsm); rd is columns 0-1 of the last state.
func ExplainAES64(kind AESRoundKind, rs1, rs2 uint64) AESRoundSteps {
	var r AESRoundSteps
	s := AESStateFromRegs(rs1, rs2)
	add := func(name string, st [16]byte) {
		r.Steps[r.N] = AESStep{name, st}
		r.N++
		s = st
	}
	add("input", s)
	switch kind {
	case AESRoundEncMiddle, AESRoundEncFinal:
		add("SubBytes", AESSubBytes(s))
		add("ShiftRows", AESShiftRows(s))
		if kind == AESRoundEncMiddle {
			add("MixColumns", AESMixColumns(s))
		}
	case AESRoundDecMiddle, AESRoundDecFinal:
		add("InvShiftRows", AESInvShiftRows(s))
		add("InvSubBytes", AESInvSubBytes(s))
		if kind == AESRoundDecMiddle {
			add("InvMixColumns", AESInvMixColumns(s))
		}
	}
	return r
}

// GHSHExplained holds the steps of one element group of vghsh.vv or vgmul.vv ([VCrypto]
// Zvkg), bytes in block order.
type GHSHExplained struct {
	Y, X, H [16]byte // X is zero for vgmul
	S       [16]byte // Y ^ X
	// The operands as polynomials (brev8 of each byte: bit i is the coefficient of x^i),
	// low and high 64 bits, and their product Z reduced modulo x^128 + x^7 + x^2 + x + 1.
	SLo, SHi, HLo, HHi, ZLo, ZHi uint64
	Result                       [16]byte // brev8(Z): Y'
}

// ExplainGHSH evaluates one element group of vghsh.vv (Y' = (Y ^ X)·H) or, with x zero,
// vgmul.vv (Y' = Y·H) the way VGHSH does.
func ExplainGHSH(y, x, h [4]uint32) GHSHExplained {
	var e GHSHExplained
	e.Y, e.X, e.H = AESStateFromGroup(y), AESStateFromGroup(x), AESStateFromGroup(h)
	for i := range e.S {
		e.S[i] = e.Y[i] ^ e.X[i]
	}
	e.SLo, e.SHi = Brev8(binary.LittleEndian.Uint64(e.S[:8])), Brev8(binary.LittleEndian.Uint64(e.S[8:]))
	e.HLo, e.HHi = Brev8(binary.LittleEndian.Uint64(e.H[:8])), Brev8(binary.LittleEndian.Uint64(e.H[8:]))
	e.ZLo, e.ZHi = GF128Mul(e.SLo, e.SHi, e.HLo, e.HHi)
	binary.LittleEndian.PutUint64(e.Result[:8], Brev8(e.ZLo))
	binary.LittleEndian.PutUint64(e.Result[8:], Brev8(e.ZHi))
	return e
}
