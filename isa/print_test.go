package isa

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rvsim/isa/internal/llvmtool"
)

// golden is one line of testdata/objdump.txt.
type golden struct {
	line int
	xlen int
	word uint32
	len  int
	text string
}

// handGolden holds the expected disassembly of rows LLVM 19 cannot assemble (their
// extension is declared NotInLLVM): each extension's test file adds its own, the encodings
// written with .insn or by hand and the text as llvm-objdump would print it. The golden
// and coverage tests read them with the generated file's cases.
var handGolden []golden

// addHandGolden records hand-written cases: "xlen|hex|text" lines, as in objdump.txt.
func addHandGolden(file string, lines ...string) {
	for i, l := range lines {
		parts := strings.SplitN(l, "|", 3)
		xlen, _ := strconv.Atoi(parts[0])
		w, _ := strconv.ParseUint(parts[1], 16, 32)
		handGolden = append(handGolden, golden{-(i + 1), xlen, uint32(w), len(parts[1]) / 2, parts[2]})
	}
	_ = file
}

func readGolden(t *testing.T) []golden {
	t.Helper()
	f, err := os.Open("testdata/objdump.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []golden
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		parts := strings.SplitN(l, "|", 3)
		if len(parts) != 3 {
			t.Fatalf("objdump.txt:%d: malformed line %q", n, l)
		}
		xlen, err1 := strconv.Atoi(parts[0])
		w, err2 := strconv.ParseUint(parts[1], 16, 32)
		if err1 != nil || err2 != nil || (xlen != 32 && xlen != 64) || (len(parts[1]) != 4 && len(parts[1]) != 8) {
			t.Fatalf("objdump.txt:%d: malformed line %q", n, l)
		}
		out = append(out, golden{n, xlen, uint32(w), len(parts[1]) / 2, parts[2]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return append(out, handGolden...)
}

// objdumpSym names addresses as llvm-objdump does for the golden cases: each is disassembled
// alone at address 0 under the symbol _start, and llvm-objdump computes the target in 64 bits
// even on RV32 (a target of -4 prints as "0xfffffffc <_start+0xfffffffffffffffc>").
func objdumpSym(xlen int) func(uint64) string {
	return func(a uint64) string {
		if xlen == 32 {
			a = uint64(int64(int32(uint32(a))))
		}
		if a == 0 {
			return "_start"
		}
		return fmt.Sprintf("_start+0x%x", a)
	}
}

// aliasOps maps the mnemonics LLVM prints for aliases and HINTs to the ops they stand for.
// Together with the table's own names (Rows, CRows) it gives, for every line of llvm's output,
// the op the decoder must produce.
var aliasOps = map[string][]Op{
	"nop": {ADDI}, "li": {ADDI}, "mv": {ADDI, ADD}, "not": {XORI}, "neg": {SUB}, "negw": {SUBW},
	"sext.w": {ADDIW}, "seqz": {SLTIU}, "snez": {SLTU}, "sltz": {SLT}, "sgtz": {SLT},
	"beqz": {BEQ}, "bnez": {BNE}, "blez": {BGE}, "bgez": {BGE}, "bltz": {BLT}, "bgtz": {BLT},
	"j": {JAL}, "jr": {JALR}, "ret": {JALR},
	"csrr": {CSRRS}, "csrw": {CSRRW}, "csrs": {CSRRS}, "csrc": {CSRRC},
	"csrwi": {CSRRWI}, "csrsi": {CSRRSI}, "csrci": {CSRRCI},
	"rdcycle": {CSRRS}, "rdtime": {CSRRS}, "rdinstret": {CSRRS},
	"rdcycleh": {CSRRS}, "rdtimeh": {CSRRS}, "rdinstreth": {CSRRS},
	"unimp": {CSRRW}, "fence.tso": {FENCE}, "pause": {FENCE},
	"prefetch.i": {ORI}, "prefetch.r": {ORI}, "prefetch.w": {ORI},
	"ntl.p1": {ADD}, "ntl.pall": {ADD}, "ntl.s1": {ADD}, "ntl.all": {ADD},
	"c.ntl.p1": {ADD}, "c.ntl.pall": {ADD}, "c.ntl.s1": {ADD}, "c.ntl.all": {ADD},
	"lpad": {AUIPC}, "zext.w": {ADD_UW},
	"c.nop": {ADDI}, "c.slli64": {SLLI}, "c.srli64": {SRLI}, "c.srai64": {SRAI},
	"vnot.v": {VXOR_VI}, "vneg.v": {VRSUB_VX}, "vncvt.x.x.w": {VNSRL_WX},
	"vwcvt.x.x.v": {VWADD_VX}, "vwcvtu.x.x.v": {VWADDU_VX},
	"frcsr": {CSRRS}, "frrm": {CSRRS}, "frflags": {CSRRS}, "fscsr": {CSRRW}, "fsrm": {CSRRW},
	"fsflags": {CSRRW}, "fsrmi": {CSRRWI}, "fsflagsi": {CSRRWI},
	"fmv.s": {FSGNJ_S}, "fmv.d": {FSGNJ_D}, "fneg.s": {FSGNJN_S}, "fneg.d": {FSGNJN_D},
	"fabs.s": {FSGNJX_S}, "fabs.d": {FSGNJX_D},
	"vmmv.m": {VMAND_MM}, "vmnot.m": {VMNAND_MM}, "vmclr.m": {VMXOR_MM}, "vmset.m": {VMXNOR_MM},
}

var (
	// vlseg3e32.v, vlsseg2e8.v, vluxseg4ei16.v, vsoxseg8ei64.v, vlseg2e16ff.v
	segMnemonic = regexp.MustCompile(`^(v[ls](?:s|ux|ox)?)seg[2-8](ei?(?:8|16|32|64)(?:ff)?\.v)$`)
	// vl2re32.v, vl4r.v (vl4re8.v), vs8r.v
	wholeMnemonic = regexp.MustCompile(`^(vl|vs)[1248](r(?:e(?:8|16|32|64))?\.v)$`)
)

// vectorMnemonic maps the mnemonics of vector accesses with an nf field to their row's name,
// the nf = 0 form: vlseg3e32.v to vle32.v, vl2re32.v to vl1re32.v, vl4r.v to vl1re8.v.
func vectorMnemonic(m string) string {
	if s := segMnemonic.FindStringSubmatch(m); s != nil {
		return s[1] + s[2]
	}
	if s := wholeMnemonic.FindStringSubmatch(m); s != nil {
		if s[1] == "vl" && s[2] == "r.v" {
			return "vl1re8.v"
		}
		return s[1] + "1" + s[2]
	}
	return m
}

// opsFor returns the ops a mnemonic printed by LLVM may stand for.
func opsFor(mnemonic string) []Op {
	if ops, ok := aliasOps[mnemonic]; ok {
		return ops
	}
	base := vectorMnemonic(mnemonic)
	for _, s := range []string{".aqrl", ".aq", ".rl"} {
		if strings.HasSuffix(base, s) && (strings.HasPrefix(base, "amo") || strings.HasPrefix(base, "lr.") || strings.HasPrefix(base, "sc.")) {
			base = strings.TrimSuffix(base, s)
			break
		}
	}
	var ops []Op
	for _, r := range Rows() {
		if r.Name == base {
			ops = append(ops, r.Op)
		}
	}
	for _, r := range CRows() {
		if r.Name == base {
			ops = append(ops, r.Op)
		}
	}
	return ops
}

// exception is a documented difference between rvsim's decoder and LLVM's.
type exception struct {
	why   string
	match func(g golden) bool
}

// exceptions lists the encodings where rvsim's decoder deliberately disagrees with LLVM 19.
// Each entry says which side follows the specification. No other difference is accepted.
var exceptions = []exception{
	{
		// The scalar crypto spec reserves rnum 0xB..0xF of aes64ks1i; LLVM decodes and prints
		// them. rvsim reports a reserved encoding (the instruction traps).
		why: "aes64ks1i with rnum > 0xA is reserved",
		match: func(g golden) bool {
			return g.len == 4 && g.word&0xff00707f == 0x31001013 && g.word>>20&15 > 10
		},
	},
	{
		// The 16-bit word 0 is defined by the C extension to be an illegal instruction
		// (it would be c.addi4spn with a zero immediate, which is reserved); LLVM prints it
		// as unimp, the assembler's name for it.
		why:   "0x0000 is the defined illegal instruction",
		match: func(g golden) bool { return g.len == 2 && g.word == 0 && g.text == "unimp" },
	},
	{
		// c.lui with a zero immediate is reserved (C extension, c.lui); LLVM 19 decodes it as
		// lui rd, 0. rvsim reports a reserved encoding.
		why: "c.lui rd, 0 is reserved",
		match: func(g golden) bool {
			h := uint16(g.word)
			return g.len == 2 && h&0xe003 == 0x6001 && h&0x107c == 0 && h>>7&31 != 2
		},
	},
	{
		// On RV32 a shift amount of 32 or more is reserved (shamt[5] = 1 in the 32-bit
		// shift-immediate formats of I, Zbb, Zbs; "designated for custom extensions" in
		// c.slli, c.srli, c.srai). LLVM 19 decodes and prints these; rvsim reports a
		// reserved encoding.
		why: "RV32 shift amount >= 32",
		match: func(g golden) bool {
			if g.xlen != 32 {
				return false
			}
			if g.len == 2 {
				h := uint16(g.word)
				isShift := h&0xe003 == 0x0002 || h&0xec03 == 0x8001 || h&0xec03 == 0x8401
				return isShift && h&0x1000 != 0
			}
			return g.word&0x7f == 0x13 && (g.word>>12&7 == 1 || g.word>>12&7 == 5) && g.word&(1<<25) != 0
		},
	},
	{
		// FENCE and FENCE.I: the spec reserves their unused fields (rd, rs1, and for FENCE.I
		// imm) and fm values other than 0 and TSO for future finer-grained fences, and
		// requires base implementations to ignore them, executing a normal fence. LLVM 19
		// decodes only the encodings with those fields zero. rvsim decodes the rest as the
		// spec says; the printer writes them as the plain fence they execute as.
		why: "FENCE/FENCE.I with non-zero reserved fields",
		match: func(g golden) bool {
			if g.len != 4 || g.text != "<unknown>" {
				return false
			}
			return g.word&0x707f == 0x000f || g.word&0x707f == 0x100f
		},
	},
}

func exceptionFor(g golden) *exception {
	for i := range exceptions {
		if exceptions[i].match(g) {
			return &exceptions[i]
		}
	}
	return nil
}

// check compares rvsim's decoding and printing of one case with LLVM's; it returns "" when
// they agree (or the difference is a listed exception).
func check(g golden, decoders map[int]*Decoder) string {
	d := decoders[g.xlen]
	in, st := d.Decode(g.word)
	if int(in.Len) != g.len {
		return fmt.Sprintf("length %d, want %d", in.Len, g.len)
	}
	if exceptionFor(g) != nil {
		return ""
	}
	if in.Op == FP {
		// The floating-point encodings outside F and D (fp.go) are not disassembled.
		if g.text != "<unknown>" {
			return fmt.Sprintf("decodes to fp, LLVM prints %q", g.text)
		}
		return ""
	}
	if in.Op == VFP {
		// Vector floating point is recognised, not disassembled; LLVM runs without F (see
		// LLVMAttrs and the V declaration), so it does not decode it either.
		if g.text != "<unknown>" {
			return fmt.Sprintf("decodes to vfp, LLVM prints %q", g.text)
		}
		return ""
	}
	if g.text == "<unknown>" {
		if st == OK {
			return fmt.Sprintf("decodes to %v (%q), LLVM does not decode it", in.Op, Format(in, 0, g.xlen, objdumpSym(g.xlen)))
		}
		return ""
	}
	if st != OK {
		return fmt.Sprintf("status %v (op %v), want %q", st, in.Op, g.text)
	}
	mnemonic, _, _ := strings.Cut(g.text, " ")
	want := opsFor(mnemonic)
	found := false
	for _, op := range want {
		found = found || op == in.Op
	}
	if !found {
		return fmt.Sprintf("op %v, LLVM's %q is one of %v", in.Op, mnemonic, want)
	}
	if got := Format(in, 0, g.xlen, objdumpSym(g.xlen)); got != g.text {
		return fmt.Sprintf("Format = %q, want %q", got, g.text)
	}
	return ""
}

func decoders() map[int]*Decoder {
	return map[int]*Decoder{32: NewDecoder(Default(32)), 64: NewDecoder(Default(64))}
}

func TestObjdumpGolden(t *testing.T) {
	cases := readGolden(t)
	if len(cases) < 1000 {
		t.Fatalf("only %d cases in testdata/objdump.txt", len(cases))
	}
	ds := decoders()
	fails := 0
	used := map[*exception]bool{}
	for _, g := range cases {
		if e := exceptionFor(g); e != nil {
			used[e] = true
		}
		if msg := check(g, ds); msg != "" {
			fails++
			if fails <= 60 {
				t.Errorf("objdump.txt:%d: RV%d %0*x: %s", g.line, g.xlen, 2*g.len, g.word, msg)
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d cases differ", fails, len(cases))
	}
	for i := range exceptions {
		if !used[&exceptions[i]] {
			t.Errorf("exception %q matches no golden case: remove it or regenerate", exceptions[i].why)
		}
	}
}

// TestObjdumpCoverage checks that every row (but the vector FP ones) has at least one
// golden case that decodes to it, for each XLEN where it is legal.
func TestObjdumpCoverage(t *testing.T) {
	ds := decoders()
	seen := map[string]bool{}
	for _, g := range readGolden(t) {
		in, st := ds[g.xlen].Decode(g.word)
		if st != OK {
			continue
		}
		if g.len == 2 {
			for _, r := range CRows() {
				if uint16(g.word)&r.Mask == r.Match && (r.XLEN == 0 || r.XLEN == g.xlen) {
					seen[fmt.Sprintf("%d %s", g.xlen, r.Name)] = true
					break
				}
			}
			continue
		}
		if r := RowOf(in.Op, g.xlen); r != nil {
			seen[fmt.Sprintf("%d %s %x", g.xlen, r.Name, r.Match)] = true
		}
	}
	for _, xlen := range []int{32, 64} {
		for _, r := range Rows() {
			if r.Op == FP || r.Op == VFP || (r.XLEN != 0 && r.XLEN != xlen) {
				continue
			}
			if !seen[fmt.Sprintf("%d %s %x", xlen, r.Name, r.Match)] {
				t.Errorf("RV%d: row %s (%#08x) has no case in testdata/objdump.txt", xlen, r.Name, r.Match)
			}
		}
		for _, r := range CRows() {
			if r.XLEN != 0 && r.XLEN != xlen {
				continue
			}
			if !seen[fmt.Sprintf("%d %s", xlen, r.Name)] {
				t.Errorf("RV%d: compressed row %s (%#04x) has no case in testdata/objdump.txt", xlen, r.Name, r.Match)
			}
		}
	}
}

// TestObjdumpLive disassembles a fresh random sample with llvm-objdump-19 and compares. It
// needs llvm-mc-19 and llvm-objdump-19; without them it is skipped, except in CI.
func TestObjdumpLive(t *testing.T) {
	if !llvmtool.Available() {
		if os.Getenv("CI") == "true" {
			t.Fatal("llvm-mc-19 and llvm-objdump-19 are required in CI (scripts/setup.sh installs them)")
		}
		t.Skip("llvm-mc-19/llvm-objdump-19 not on PATH: live comparison with LLVM skipped (run scripts/setup.sh)")
	}
	// A fresh sample each run locally; a fixed one in CI, so that a run is repeatable.
	seed := uint64(rand.Int64())
	if os.Getenv("CI") == "true" {
		seed = 0x5eed
	}
	if s := os.Getenv("RVSIM_LIVE_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 0, 64)
	}
	t.Logf("seed %#x (set RVSIM_LIVE_SEED to repeat)", seed)
	rng := rand.New(rand.NewPCG(seed, 1))
	ds := decoders()
	n := 400
	if testing.Short() {
		n = 100
	}
	if s := os.Getenv("RVSIM_LIVE_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	for _, xlen := range []int{32, 64} {
		var items []llvmtool.Item
		for i := 0; i < n; i++ {
			switch i % 5 {
			case 0, 1: // a row's fixed bits, the rest random
				r := Rows()[rng.IntN(len(Rows()))]
				if r.Op == FP || r.Op == VFP {
					continue
				}
				items = append(items, llvmtool.Item{Word: r.Match | rng.Uint32()&^r.Mask, Len: 4})
			case 2:
				r := CRows()[rng.IntN(len(CRows()))]
				items = append(items, llvmtool.Item{Word: uint32(r.Match | uint16(rng.Uint32())&^r.Mask), Len: 2})
			case 3: // any 32-bit word
				items = append(items, llvmtool.Item{Word: rng.Uint32() | 3, Len: 4})
			case 4: // any 16-bit word
				h := rng.Uint32() & 0xffff
				if h&3 == 3 {
					h ^= uint32(1 + rng.IntN(3)) // quadrants 0..2
				}
				items = append(items, llvmtool.Item{Word: h, Len: 2})
			}
		}
		// Every CSR number, read with csrrs (csrr, rdcycle, ...): the CSR name table.
		for c := uint32(0); c < 4096; c++ {
			items = append(items, llvmtool.Item{Word: c<<20 | uint32(rng.IntN(32))<<7 | 0x2073, Len: 4})
		}
		res, err := llvmtool.Disassemble(xlen, LLVMAttrs(Implemented)+","+llvmtool.Zicfilp, items)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("RV%d: %d encodings compared", xlen, len(res))
		for _, r := range res {
			g := golden{xlen: xlen, word: r.Word, len: r.Len, text: r.Text}
			in, _ := ds[xlen].Decode(r.Word)
			if row := RowOf(in.Op, xlen); row != nil && !row.Exts.InLLVM() {
				continue // LLVM 19 cannot know it: handGolden checks its text
			}
			if msg := check(g, ds); msg != "" {
				t.Errorf("live: %d|%s|%s: %s", xlen, r.Hex, r.Text, msg)
			}
		}
	}
}
