package isa

import (
	"fmt"
	"math/bits"
	"strings"
)

// Ext names one ISA extension. The values are bit positions in an ExtSet.
type Ext uint8

const (
	ExtI Ext = iota
	ExtM
	ExtA
	ExtF
	ExtD
	ExtC
	ExtV
	ExtZicsr
	ExtZifencei
	ExtZicntr
	ExtZihintpause
	ExtZihintntl
	ExtZicbop
	ExtZba
	ExtZbb
	ExtZbc
	ExtZbs
	ExtZbkb
	ExtZbkc
	ExtZbkx
	ExtZknd
	ExtZkne
	ExtZknh
	ExtZksed
	ExtZksh
	ExtZkr
	ExtZkt
	ExtZve32x
	ExtZve64x
	ExtZvbb
	ExtZvkb
	ExtZvbc
	ExtZvkg
	ExtZvkned
	ExtZvknha
	ExtZvknhb
	ExtZvksed
	ExtZvksh
	ExtZvkt
	// ExtPriv marks the machine-mode instructions (mret, wfi): not an ISA-string extension,
	// always present, listed so that every row names where it comes from.
	ExtPriv
	numExts
)

var extNames = [numExts]string{
	ExtI: "i", ExtM: "m", ExtA: "a", ExtF: "f", ExtD: "d", ExtC: "c", ExtV: "v",
	ExtZicsr: "zicsr", ExtZifencei: "zifencei", ExtZicntr: "zicntr",
	ExtZihintpause: "zihintpause", ExtZihintntl: "zihintntl", ExtZicbop: "zicbop",
	ExtZba: "zba", ExtZbb: "zbb", ExtZbc: "zbc", ExtZbs: "zbs",
	ExtZbkb: "zbkb", ExtZbkc: "zbkc", ExtZbkx: "zbkx",
	ExtZknd: "zknd", ExtZkne: "zkne", ExtZknh: "zknh", ExtZksed: "zksed", ExtZksh: "zksh",
	ExtZkr: "zkr", ExtZkt: "zkt",
	ExtZve32x: "zve32x", ExtZve64x: "zve64x",
	ExtZvbb: "zvbb", ExtZvkb: "zvkb", ExtZvbc: "zvbc", ExtZvkg: "zvkg", ExtZvkned: "zvkned",
	ExtZvknha: "zvknha", ExtZvknhb: "zvknhb", ExtZvksed: "zvksed", ExtZvksh: "zvksh", ExtZvkt: "zvkt",
	ExtPriv: "priv",
}

func (e Ext) String() string {
	if e < numExts {
		return extNames[e]
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

// Implemented is every extension rvsim executes; the default ISA is this set for the XLEN.
var Implemented = Exts(ExtI, ExtM, ExtA, ExtC, ExtV, ExtZve64x, ExtZve32x, ExtZicsr, ExtZifencei, ExtZicntr,
	ExtZihintpause, ExtZihintntl, ExtZicbop,
	ExtZba, ExtZbb, ExtZbc, ExtZbs, ExtZbkb, ExtZbkc, ExtZbkx,
	ExtZknd, ExtZkne, ExtZknh, ExtZksed, ExtZksh, ExtZkt,
	ExtZvbb, ExtZvkb, ExtZvbc, ExtZvkg, ExtZvkned, ExtZvknha, ExtZvknhb, ExtZvksed, ExtZvksh,
	ExtZvkt, ExtPriv)

// ISA is a target: its register width and enabled extensions.
type ISA struct {
	XLEN int
	Exts ExtSet
}

// Default returns every implemented extension for xlen.
func Default(xlen int) ISA { return ISA{XLEN: xlen, Exts: Implemented} }

// String renders the ISA in the -march form ("rv64imac_zbkb_zksed").
func (isa ISA) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "rv%d", isa.XLEN)
	for _, e := range []Ext{ExtI, ExtM, ExtA, ExtF, ExtD, ExtC, ExtV} {
		if isa.Exts.Has(e) {
			b.WriteString(extNames[e])
		}
	}
	for _, e := range isa.Exts.List() {
		// Zicsr, Zifencei and Zicntr come with every ISA ParseISA builds: naming them would
		// only lengthen every message.
		if e > ExtV && e != ExtPriv && e != ExtZicsr && e != ExtZifencei && e != ExtZicntr {
			b.WriteByte('_')
			b.WriteString(extNames[e])
		}
	}
	return b.String()
}

// ParseISA reads an ISA string in clang's -march syntax: "rv32" or "rv64", single-letter
// extensions (with "g" and "b" expanded), then multi-letter ones separated by '_'. Version
// numbers ("zksed1p0", "m2p0") are accepted and ignored. Umbrellas (zk, zkn, zks, zvkn, ...)
// are expanded. Zicsr, Zifencei and Zicntr are implied by I, as for every Linux target
// (a strict reading of I would drop them; users of -march=rv64imac expect rdcycle to work).
func ParseISA(s string) (ISA, error) {
	orig := s
	s = strings.ToLower(strings.TrimSpace(s))
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
	add := func(name string) error {
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
				if extNames[e] == n && e != ExtPriv {
					isa.Exts |= 1 << e
					return nil
				}
			}
			return fmt.Errorf("ISA %q: unknown extension %q", orig, n)
		}
		return walk(name)
	}
	// Single-letter part, up to the first '_' or the first 'z'/'s'/'x' multi-letter name.
	i := 0
	for i < len(s) && s[i] != '_' && s[i] != 'z' && s[i] != 's' && s[i] != 'x' {
		c := s[i]
		i++
		// Skip a version such as "2p1".
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == 'p' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9') {
			i++
		}
		if err := add(string(c)); err != nil {
			return ISA{}, err
		}
	}
	for _, part := range strings.Split(s[i:], "_") {
		if part == "" {
			continue
		}
		name := trimVersion(part)
		// "zvl128b" style names describe VLEN, not instructions; VLEN is a separate option.
		if strings.HasPrefix(name, "zvl") && strings.HasSuffix(part, "b") {
			continue
		}
		if name == "" {
			return ISA{}, fmt.Errorf("ISA %q: empty extension name in %q", orig, part)
		}
		if err := add(name); err != nil {
			return ISA{}, err
		}
	}
	return isa, nil
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
