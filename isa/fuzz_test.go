package isa

import (
	"strings"
	"testing"
)

// FuzzParseISA: ParseISA never panics; an error is one line naming the input; a string that
// parses prints canonically (String), and the canonical form parses to the same ISA and
// prints the same again.
func FuzzParseISA(f *testing.F) {
	for _, s := range []string{
		"rv64imac_zksed_zbkb", "rv32gcv_zvbc", "rv64gc_zk_zks", "RV64I", "rv64g_zvkn_zvks",
		"rv32i2p1_m2p0_zicsr", "rv64imafdcv_zvl256b_zve64x", "rv64e", "rv64i__zbb", "rv128i",
		"rv64b", "rv32i_zvkng_zvksg", " rv64i ", "rv64ixfoo", "rv64gcv_zvl256b", "rv64i_m_a",
		"rv64gc_zvkng_zvl512b", "rv64i2p1m", "rv64i__m",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseISA(s)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "ISA ") {
				t.Fatalf("ParseISA(%q): error %q is not one line starting with ISA", s, msg)
			}
			return
		}
		if got.XLEN != 32 && got.XLEN != 64 {
			t.Fatalf("ParseISA(%q): XLEN %d", s, got.XLEN)
		}
		canon := got.String()
		again, err := ParseISA(canon)
		if err != nil {
			t.Fatalf("ParseISA(%q) = %s, which does not parse: %v", s, canon, err)
		}
		if again != got {
			t.Fatalf("ParseISA(%q) = %s (%#x); that re-parses to %s (%#x)", s, canon, got.Exts, again, again.Exts)
		}
		if again.String() != canon {
			t.Fatalf("ParseISA(%q): canonical %q re-prints as %q", s, canon, again.String())
		}
	})
}
