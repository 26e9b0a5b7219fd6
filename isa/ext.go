package isa

import (
	"fmt"
	"math/bits"
	"sort"
	"strings"
)

// Ext names one ISA extension. The values are bit positions in an ExtSet; the constants are
// generated (ops_gen.go) from the declarations below and in the extension files.
type Ext uint8

// Extension describes an ISA extension once: its name in ISA strings and what the tools
// around rvsim call it. Each extension file declares its own (declare), next to its rows;
// the hwprobe answer, the LLVM feature list of the golden-file generator and the QEMU
// -cpu properties of the differential tests are all derived from these declarations.
type Extension struct {
	Name string // as clang's -march spells it ("zksed"; "i" for the base)
	// Hwprobe is its bit in riscv_hwprobe's RISCV_HWPROBE_KEY_IMA_EXT_0 value (Linux uapi
	// asm/hwprobe.h), 0 when it has none. Single-letter extensions also set AT_HWCAP.
	Hwprobe uint64
	// LLVM is the LLVM 19 target feature that enables it ("zksed"), "" for those LLVM
	// enables with another (the base, zicsr, zvkb through zvbb, ...).
	LLVM string
	// NotInLLVM says LLVM 19 cannot assemble or print its instructions: the golden-file
	// generator skips its rows, which carry their expected text in their test file instead
	// (handGolden in isa/print_test.go).
	NotInLLVM bool
	// QEMU is the qemu-user 7.2 -cpu property that enables it ("zksed"), "" when QEMU 7.2
	// lacks it: the differential tests then check the specification's values instead.
	QEMU string
	// Implemented says rvsim executes it; the default ISA is every implemented extension.
	Implemented bool
	// Vector marks the vector extensions (their instructions run on the vector unit).
	Vector bool
}

var extInfo [numExts]Extension

// VectorExts is every extension declared Vector.
var VectorExts ExtSet

// declare records e's description. Extension files call it from their init functions.
func declare(e Ext, x Extension) Ext {
	if extInfo[e].Name != "" {
		panic("isa: extension declared twice: " + x.Name)
	}
	extInfo[e] = x
	if x.Implemented {
		Implemented |= 1 << e
	}
	if x.Vector {
		VectorExts |= 1 << e
	}
	return e
}

// Info returns e's declaration.
func (e Ext) Info() *Extension {
	if e < numExts {
		return &extInfo[e]
	}
	return &Extension{}
}

// AllExts returns every declared extension.
func AllExts() []Ext {
	var out []Ext
	for e := Ext(0); e < numExts; e++ {
		if extInfo[e].Name != "" {
			out = append(out, e)
		}
	}
	return out
}

// InLLVM reports whether LLVM 19 knows one of the extensions in s, so that it can assemble
// and print their rows (the golden-file generator and the live test ask).
func (s ExtSet) InLLVM() bool {
	for _, e := range s.List() {
		if !extInfo[e].NotInLLVM {
			return true
		}
	}
	return false
}

// LLVMAttrs is the -mattr feature list that makes llvm-mc-19 and llvm-objdump-19 accept what
// the extensions in s hold ("+m,+a,..."), skipping those LLVM 19 does not know.
func LLVMAttrs(s ExtSet) string {
	var fs []string
	for _, e := range s.List() {
		if f := extInfo[e].LLVM; f != "" {
			fs = append(fs, "+"+f)
		}
	}
	return strings.Join(fs, ",")
}

// QEMUProps is the qemu-user 7.2 -cpu property list ("zba=true,...") enabling the
// extensions in s that QEMU 7.2 has.
func QEMUProps(s ExtSet) string {
	var ps []string
	for _, e := range s.List() {
		if p := extInfo[e].QEMU; p != "" {
			ps = append(ps, p+"=true")
		}
	}
	return strings.Join(ps, ",")
}

// HwprobeExt0 is riscv_hwprobe's RISCV_HWPROBE_KEY_IMA_EXT_0 value for s.
func HwprobeExt0(s ExtSet) uint64 {
	var v uint64
	for _, e := range s.List() {
		v |= extInfo[e].Hwprobe
	}
	if !s.Has(ExtF) || !s.Has(ExtD) {
		v &^= HwprobeIMAFD // F and D name it; it means both
	}
	return v
}

// The privileged instructions: no extension file of their own.
func init() {
	// ExtPriv marks the machine-mode instructions (mret, wfi): not an ISA-string extension,
	// always present, declared so that every row names where it comes from.
	declare(ExtPriv, Extension{Name: "priv", Implemented: true})
	// Hints: encodings of other instructions (print.go names them) that run as no-ops.
	declare(ExtZihintpause, Extension{Name: "zihintpause", Hwprobe: 1 << 36, LLVM: "zihintpause", Implemented: true})
	declare(ExtZihintntl, Extension{Name: "zihintntl", Hwprobe: 1 << 29, LLVM: "zihintntl", Implemented: true})
	declare(ExtZicbop, Extension{Name: "zicbop", LLVM: "zicbop", Implemented: true})
}

func (e Ext) String() string {
	if e < numExts && extInfo[e].Name != "" {
		return extInfo[e].Name
	}
	return fmt.Sprintf("ext%d", uint8(e))
}

// ExtSet is a set of extensions, one bit per Ext.
type ExtSet uint64

// Exts builds a set from a list.
func Exts(es ...Ext) ExtSet {
	var s ExtSet
	for _, e := range es {
		s |= 1 << e
	}
	return s
}

func (s ExtSet) Has(e Ext) bool           { return s&(1<<e) != 0 }
func (s ExtSet) With(e ...Ext) ExtSet     { return s | Exts(e...) }
func (s ExtSet) Intersects(t ExtSet) bool { return s&t != 0 }

// List returns the extensions in s in canonical order.
func (s ExtSet) List() []Ext {
	var out []Ext
	for t := uint64(s); t != 0; t &= t - 1 {
		out = append(out, Ext(bits.TrailingZeros64(t)))
	}
	return out
}

// umbrellas expands the shorthand names the ISA string accepts, as clang's -march does.
var umbrellas = map[string][]string{
	"g":   {"i", "m", "a", "f", "d", "zicsr", "zifencei"},
	"b":   {"zba", "zbb", "zbs"},
	"zk":  {"zkn", "zkr", "zkt"},
	"zkn": {"zbkb", "zbkc", "zbkx", "zkne", "zknd", "zknh"},
	"zks": {"zbkb", "zbkc", "zbkx", "zksed", "zksh"},
	"d":   {"d", "f", "zicsr"},
	"f":   {"f", "zicsr"},
	"v":   {"v", "zve64x", "zve32x", "zicsr"},
	// The vector crypto umbrellas of the vector crypto specification.
	"zvkn":   {"zvkned", "zvknhb", "zvkb", "zvkt"},
	"zvknc":  {"zvkn", "zvbc"},
	"zvkng":  {"zvkn", "zvkg"},
	"zvks":   {"zvksed", "zvksh", "zvkb", "zvkt"},
	"zvksc":  {"zvks", "zvbc"},
	"zvksg":  {"zvks", "zvkg"},
	"zvbb":   {"zvbb", "zvkb"},
	"zve64x": {"zve64x", "zve32x"},
	// Extensions implied by others.
	"zicntr": {"zicntr", "zicsr"},
}

// Implemented is every extension rvsim executes (those declared Implemented); the default
// ISA is this set for the XLEN.
var Implemented ExtSet

// clangExtensions is every extension name clang-19 knows (`clang-19 --target=riscv64
// -print-supported-extensions`, experimental ones included, zvl*b left out: ParseISA reads
// those as VLEN). An ISA string naming one that rvsim does not declare is refused as not
// implemented rather than unknown.
var clangExtensions = map[string]bool{}

func init() {
	for _, n := range []string{
		"i", "e", "m", "a", "f", "d", "c", "b", "v", "h", "zic64b", "zicbom", "zicbop", "zicboz",
		"ziccamoa", "ziccif", "zicclsm", "ziccrse", "zicntr", "zicond", "zicsr", "zifencei",
		"zihintntl", "zihintpause", "zihpm", "zimop", "zmmul", "za128rs", "za64rs", "zaamo", "zabha",
		"zalrsc", "zama16b", "zawrs", "zfa", "zfbfmin", "zfh", "zfhmin", "zfinx", "zdinx", "zca",
		"zcb", "zcd", "zce", "zcf", "zcmop", "zcmp", "zcmt", "zba", "zbb", "zbc", "zbkb", "zbkc",
		"zbkx", "zbs", "zk", "zkn", "zknd", "zkne", "zknh", "zkr", "zks", "zksed", "zksh", "zkt",
		"ztso", "zvbb", "zvbc", "zve32f", "zve32x", "zve64d", "zve64f", "zve64x", "zvfbfmin",
		"zvfbfwma", "zvfh", "zvfhmin", "zvkb", "zvkg", "zvkn", "zvknc", "zvkned", "zvkng", "zvknha",
		"zvknhb", "zvks", "zvksc", "zvksed", "zvksg", "zvksh", "zvkt", "zhinx", "zhinxmin",
		"shcounterenw", "shgatpa", "shtvala", "shvsatpa", "shvstvala", "shvstvecd", "smaia",
		"smcdeleg", "smcsrind", "smepmp", "smstateen", "ssaia", "ssccfg", "ssccptr", "sscofpmf",
		"sscounterenw", "sscsrind", "ssstateen", "ssstrict", "sstc", "sstvala", "sstvecd", "ssu64xl",
		"svade", "svadu", "svbare", "svinval", "svnapot", "svpbmt", "xcvalu", "xcvbi", "xcvbitmanip",
		"xcvelw", "xcvmac", "xcvmem", "xcvsimd", "xsfcease", "xsfvcp", "xsfvfnrclipxfqf",
		"xsfvfwmaccqqq", "xsfvqmaccdod", "xsfvqmaccqoq", "xsifivecdiscarddlone", "xsifivecflushdlone",
		"xtheadba", "xtheadbb", "xtheadbs", "xtheadcmo", "xtheadcondmov", "xtheadfmemidx",
		"xtheadmac", "xtheadmemidx", "xtheadmempair", "xtheadsync", "xtheadvdot", "xventanacondops",
		"xwchc", "zicfilp", "zicfiss", "zacas", "zalasr", "smmpm", "smnpm", "ssnpm", "sspm",
		"ssqosid", "supm",
	} {
		clangExtensions[n] = true
	}
}

// ISA is a target: its register width, enabled extensions and, when the ISA string gave
// zvl<N>b, the vector register width it asks for.
type ISA struct {
	XLEN int
	Exts ExtSet
	VLEN int // from zvl<N>b (the largest one given); 0 when none was
}

// Default returns every implemented extension for xlen.
func Default(xlen int) ISA { return ISA{XLEN: xlen, Exts: Implemented} }

// MinVLEN and MaxVLEN bound the vector register widths rvsim's vector unit supports.
const MinVLEN, MaxVLEN = 128, 4096

// String renders the ISA in the -march form ("rv64imac_zbkb_zksed", "rv64iv_zvl256b").
func (isa ISA) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "rv%d", isa.XLEN)
	for _, e := range []Ext{ExtI, ExtM, ExtA, ExtF, ExtD, ExtC, ExtV} {
		if isa.Exts.Has(e) {
			b.WriteString(extInfo[e].Name)
		}
	}
	var multi []string
	for _, e := range isa.Exts.List() {
		// Zicsr, Zifencei and Zicntr come with every ISA ParseISA builds: naming them would
		// only lengthen every message.
		if n := extInfo[e].Name; len(n) > 1 && e != ExtPriv && e != ExtZicsr && e != ExtZifencei && e != ExtZicntr {
			multi = append(multi, n)
		}
	}
	if isa.VLEN != 0 {
		multi = append(multi, fmt.Sprintf("zvl%db", isa.VLEN))
	}
	sort.Slice(multi, func(i, j int) bool { return canonicalLess(multi[i], multi[j]) })
	for _, n := range multi {
		b.WriteByte('_')
		b.WriteString(n)
	}
	return b.String()
}

// canonicalLess orders multi-letter extension names as clang's -march canonical form does:
// Z extensions by the single-letter extension their second letter names, in the order
// "imafdqlcbkjtpvh", then alphabetically.
func canonicalLess(a, b string) bool {
	const order = "imafdqlcbkjtpvh"
	rank := func(n string) int {
		if len(n) > 1 && n[0] == 'z' {
			if i := strings.IndexByte(order, n[1]); i >= 0 {
				return i
			}
		}
		return len(order)
	}
	if ra, rb := rank(a), rank(b); ra != rb {
		return ra < rb
	}
	return a < b
}

// ParseISA reads an ISA string as strictly as clang-19's -march: "rv32" or "rv64", the
// base (i, or g for imafd_zicsr_zifencei), single-letter extensions in any order, then
// multi-letter ones, each after a '_' (single letters may follow a '_' too). Lowercase
// only; no empty names (a doubled or trailing '_'), no extension named twice (g's
// letters, zicsr and zifencei count as named), g only as the base. Version numbers
// ("zksed1p0", "m2p0") are accepted and ignored. Umbrellas (zk, zkn, zks, zvkn, ...) are
// expanded. zvl<N>b sets VLEN (N a power of two from 32 to 65536, as clang accepts; rvsim
// runs 128 to 4096) and, like the vector crypto extensions, needs v or zve*, as clang
// requires. Extensions clang knows that rvsim does not declare are refused as not
// implemented. Zicsr, Zifencei and Zicntr are implied by I, as for every Linux target (a
// strict reading of I would drop them; users of -march=rv64imac expect rdcycle to work).
func ParseISA(s string) (ISA, error) {
	orig := s
	if s == "" {
		return ISA{}, fmt.Errorf(`ISA "": empty: want rv32 or rv64, a base and extensions (rv64imac_zksed)`)
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return ISA{}, fmt.Errorf("ISA %q: may only contain lowercase letters, digits and '_' (as clang's -march)", orig)
		}
	}
	var isa ISA
	switch {
	case strings.HasPrefix(s, "rv32"):
		isa.XLEN = 32
	case strings.HasPrefix(s, "rv64"):
		isa.XLEN = 64
	default:
		return ISA{}, fmt.Errorf("ISA %q: must start with rv32 or rv64", orig)
	}
	s = s[4:]
	if s == "" || (s[0] != 'i' && s[0] != 'g' && s[0] != 'e') {
		return ISA{}, fmt.Errorf("ISA %q: the base must be i or g after rv%d", orig, isa.XLEN)
	}
	if s[0] == 'e' {
		return ISA{}, fmt.Errorf("ISA %q: RV%dE (16 registers) is not supported", orig, isa.XLEN)
	}
	isa.Exts = Exts(ExtI, ExtZicsr, ExtZifencei, ExtZicntr, ExtPriv)
	named := map[string]bool{}
	name := func(n string) error {
		if named[n] {
			return fmt.Errorf("ISA %q: extension %q named twice", orig, n)
		}
		named[n] = true
		return nil
	}
	add := func(n string) error {
		seen := map[string]bool{}
		var walk func(n string) error
		walk = func(n string) error {
			if seen[n] {
				return nil
			}
			seen[n] = true
			if sub, ok := umbrellas[n]; ok {
				for _, m := range sub {
					if m == n {
						continue
					}
					if err := walk(m); err != nil {
						return err
					}
				}
				if !contains(sub, n) {
					return nil
				}
			}
			for e := Ext(0); e < numExts; e++ {
				if extInfo[e].Name == n && e != ExtPriv {
					isa.Exts |= 1 << e
					return nil
				}
			}
			if clangExtensions[n] {
				return fmt.Errorf("ISA %q: extension %q is not implemented in rvsim", orig, n)
			}
			return fmt.Errorf("ISA %q: unknown extension %q", orig, n)
		}
		return walk(n)
	}
	// letters reads a run of single-letter extensions, each with an optional version;
	// first is whether it holds the base.
	letters := func(run string, first bool) error {
		for i := 0; i < len(run); {
			start, c := i, run[i]
			i++
			for i < len(run) && (run[i] >= '0' && run[i] <= '9' || run[i] == 'p' && i+1 < len(run) && run[i+1] >= '0' && run[i+1] <= '9') {
				i++
			}
			if c >= '0' && c <= '9' {
				return fmt.Errorf("ISA %q: a version number with no extension before it", orig)
			}
			if (c == 'g' || c == 'i') && !(first && start == 0) {
				return fmt.Errorf("ISA %q: %q is only a base (right after rv%d)", orig, string(c), isa.XLEN)
			}
			if c == 'g' {
				for _, n := range umbrellas["g"] {
					if err := name(n); err != nil {
						return err
					}
				}
			} else if err := name(string(c)); err != nil {
				return err
			}
			if err := add(string(c)); err != nil {
				return err
			}
		}
		return nil
	}
	// The single-letter part runs up to the first '_' (or a z, s or x name written
	// without one, which clang also reads).
	i := 0
	for i < len(s) && s[i] != '_' && s[i] != 'z' && s[i] != 's' && s[i] != 'x' {
		i++
	}
	if err := letters(s[:i], true); err != nil {
		return ISA{}, err
	}
	rest := s[i:]
	if strings.HasPrefix(rest, "_") {
		rest = rest[1:]
	} else if rest != "" {
		return ISA{}, fmt.Errorf("ISA %q: a '_' must come before %q", orig, rest)
	}
	if rest == "" && i < len(s) {
		return ISA{}, fmt.Errorf("ISA %q: extension name missing after a '_'", orig)
	}
	if rest != "" {
		for _, part := range strings.Split(rest, "_") {
			if part == "" {
				return ISA{}, fmt.Errorf("ISA %q: extension name missing after a '_'", orig)
			}
			if c := part[0]; c != 'z' && c != 's' && c != 'x' {
				if err := letters(part, false); err != nil {
					return ISA{}, err
				}
				continue
			}
			n := trimVersion(part)
			if err := name(n); err != nil {
				return ISA{}, err
			}
			if v, ok := zvlWidth(part); ok {
				if v < 32 || v > 65536 || v&(v-1) != 0 {
					return ISA{}, fmt.Errorf("ISA %q: %s: VLEN must be a power of two from 32 to 65536", orig, part)
				}
				isa.VLEN = max(isa.VLEN, v)
				continue
			}
			if err := add(n); err != nil {
				return ISA{}, err
			}
		}
	}
	return isa, isa.checkVector(orig)
}

// zvlWidth reads zvl<N>b.
func zvlWidth(part string) (int, bool) {
	digits, ok := strings.CutPrefix(part, "zvl")
	if !ok || !strings.HasSuffix(digits, "b") || len(digits) < 2 {
		return 0, false
	}
	v := 0
	for _, c := range digits[:len(digits)-1] {
		if c < '0' || c > '9' || v > 1<<20 {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// checkVector applies clang's rules for what needs a vector unit, and rvsim's VLEN range.
// (It names extensions by their names, not their constants: genops numbers the constants
// in the order the files first use them.)
func (isa ISA) checkVector(orig string) error {
	has := func(names ...string) bool {
		for _, e := range isa.Exts.List() {
			if contains(names, extInfo[e].Name) {
				return true
			}
		}
		return false
	}
	hasV := has("v", "zve32x", "zve64x")
	if isa.VLEN != 0 && !hasV {
		return fmt.Errorf("ISA %q: zvl%db needs v or zve* (as clang requires)", orig, isa.VLEN)
	}
	for _, e := range isa.Exts.List() {
		n := extInfo[e].Name
		if !extInfo[e].Vector || contains([]string{"v", "zve32x", "zve64x", "zvkt"}, n) {
			continue
		}
		if !hasV {
			return fmt.Errorf("ISA %q: %s needs v or zve* (as clang requires)", orig, n)
		}
		if n == "zvbc" && !has("v", "zve64x") {
			return fmt.Errorf("ISA %q: zvbc needs v or zve64* (as clang requires)", orig)
		}
	}
	if isa.VLEN != 0 && (isa.VLEN < MinVLEN || isa.VLEN > MaxVLEN) {
		return fmt.Errorf("ISA %q: zvl%db: rvsim's vector unit supports VLEN %d to %d", orig, isa.VLEN, MinVLEN, MaxVLEN)
	}
	return nil
}

// trimVersion drops a trailing version such as "1p0" or "2".
func trimVersion(s string) string {
	j := len(s)
	for j > 0 && s[j-1] >= '0' && s[j-1] <= '9' {
		j--
	}
	if j < len(s) && j > 1 && s[j-1] == 'p' && s[j-2] >= '0' && s[j-2] <= '9' {
		j--
		for j > 0 && s[j-1] >= '0' && s[j-1] <= '9' {
			j--
		}
	}
	return s[:j]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
