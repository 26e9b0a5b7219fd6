package isa

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestParseISA(t *testing.T) {
	base := Exts(ExtI, ExtZicsr, ExtZifencei, ExtZicntr, ExtPriv)
	for _, c := range []struct {
		in   string
		xlen int
		exts ExtSet
	}{
		{"rv64imac_zksed_zbkb", 64, base.With(ExtM, ExtA, ExtC, ExtZksed, ExtZbkb)},
		{"rv64gc", 64, base.With(ExtM, ExtA, ExtF, ExtD, ExtC)},
		{"rv32i_zk", 32, base.With(ExtZbkb, ExtZbkc, ExtZbkx, ExtZkne, ExtZknd, ExtZknh, ExtZkr, ExtZkt)},
		{"rv64i_zks", 64, base.With(ExtZbkb, ExtZbkc, ExtZbkx, ExtZksed, ExtZksh)},
		{"rv64imac_zba1p0_zbb", 64, base.With(ExtM, ExtA, ExtC, ExtZba, ExtZbb)},
		{"rv64i2p1m2p0a2p1c2p0_zicsr2p0_zbc1p0", 64, base.With(ExtM, ExtA, ExtC, ExtZbc)},
		{"rv32imb", 32, base.With(ExtM, ExtZba, ExtZbb, ExtZbs)},
		{"rv64iamc", 64, base.With(ExtM, ExtA, ExtC)}, // clang takes the letters in any order
		{"rv64i_m_a", 64, base.With(ExtM, ExtA)},      // and single letters after a '_'
		{"rv64if", 64, base.With(ExtF)},
		{"rv64id", 64, base.With(ExtF, ExtD)},
		{"rv64i_zkn", 64, base.With(ExtZbkb, ExtZbkc, ExtZbkx, ExtZkne, ExtZknd, ExtZknh)},
		{"rv64gc_zkn_zbkb", 64, base.With(ExtM, ExtA, ExtF, ExtD, ExtC, ExtZbkb, ExtZbkc, ExtZbkx, ExtZkne, ExtZknd, ExtZknh)},
		{"rv64i_zihintpause_zihintntl_zicbop", 64, base.With(ExtZihintpause, ExtZihintntl, ExtZicbop)},
	} {
		isa, err := ParseISA(c.in)
		if err != nil {
			t.Errorf("ParseISA(%q): %v", c.in, err)
			continue
		}
		if isa.XLEN != c.xlen || isa.Exts != c.exts {
			t.Errorf("ParseISA(%q) = %v %v, want %d %v", c.in, isa.XLEN, isa.Exts.List(), c.xlen, c.exts.List())
		}
		// String round-trips.
		again, err := ParseISA(isa.String())
		if err != nil || again != isa {
			t.Errorf("ParseISA(%q) = %v, %v; want %v", isa.String(), again, err, isa)
		}
	}
}

func TestParseISAVLEN(t *testing.T) {
	for _, c := range []struct {
		in   string
		vlen int
	}{
		{"rv64gcv", 0},
		{"rv64gcv_zvl256b", 256},
		{"rv64gcv_zvl128b_zvl512b", 512}, // the largest: zvl512b implies zvl128b
		{"rv64i_zve64x_zvl4096b", 4096},
		{"rv32imv_zvl128b_zvkned", 128},
	} {
		isa, err := ParseISA(c.in)
		if err != nil || isa.VLEN != c.vlen {
			t.Errorf("ParseISA(%q) = VLEN %d, %v; want %d", c.in, isa.VLEN, err, c.vlen)
			continue
		}
		again, err := ParseISA(isa.String())
		if err != nil || again != isa {
			t.Errorf("%q re-printed as %q parses to %+v, %v", c.in, isa.String(), again, err)
		}
	}
}

func TestParseISAErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `ISA "": empty`},
		{"RV64IMAC", "lowercase"},
		{"rv64imac ", "lowercase"},
		{"rv64imac__zksed", "extension name missing"},
		{"rv64imac_", "extension name missing"},
		{"rv64g_zksed_zksed", `"zksed" named twice`},
		{"rv64imm", `"m" named twice`},
		{"rv64im_m", `"m" named twice`},
		{"rv64gm", `"m" named twice`},
		{"rv64gc_zicsr", `"zicsr" named twice`},
		{"rv64ig", `"g" is only a base`},
		{"rv64imi", `"i" is only a base`},
		{"rv64gcv_zvl100b", "power of two"},
		{"rv64gcv_zvl131072b", "power of two"},
		{"rv64gcv_zvl64b", "supports VLEN 128 to 4096"},
		{"rv64gcv_zvl8192b", "supports VLEN 128 to 4096"},
		{"rv64gc_zvl256b", "needs v or zve*"},
		{"rv64im_zvkned", "zvkned needs v or zve*"},
		{"rv64i_zve32x_zvbc", "zvbc needs v or zve64*"},
		{"rv64gc_zfh", `"zfh" is not implemented`},
		{"rv64gc_zacas", `"zacas" is not implemented`},
		{"rv64gc_ztso", `"ztso" is not implemented`},
		{"rv64gc_ssaia", `"ssaia" is not implemented`},
		{"rv64gc_xtheadba", `"xtheadba" is not implemented`},
		{"rv64gch", `"h" is not implemented`},
		{"rv64gc_zzz", `unknown extension "zzz"`},
		{"rv64i_zfoo", `"zfoo"`},
		{"rv64imq", `unknown extension "q"`},
		{"rv32i_xventanacondops", `"xventanacondops"`},
		{"rv64e", "RV64E"},
		{"rv32e", "RV32E"},
		{"rv128i", "rv32 or rv64"},
		{"rv64", "base"},
		{"rv64mac", "base"},
	} {
		_, err := ParseISA(c.in)
		if err == nil {
			t.Errorf("ParseISA(%q) succeeded", c.in)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseISA(%q) error %q does not mention %s", c.in, err, c.want)
		}
	}
}

func TestISAString(t *testing.T) {
	for _, c := range []struct {
		isa  ISA
		want string
	}{
		{ISA{XLEN: 64, Exts: Exts(ExtI, ExtM, ExtA, ExtC, ExtZbkb, ExtZksed)}, "rv64imac_zbkb_zksed"},
		{ISA{XLEN: 32, Exts: Exts(ExtI)}, "rv32i"},
	} {
		if got := c.isa.String(); got != c.want {
			t.Errorf("%v: String() = %q, want %q", c.isa.Exts.List(), got, c.want)
		}
	}
	for _, xlen := range []int{32, 64} {
		d := Default(xlen)
		again, err := ParseISA(d.String())
		if err != nil || again != d {
			t.Errorf("Default(%d).String() = %q does not round-trip: %v %v", xlen, d.String(), again.Exts.List(), err)
		}
	}
}

// TestParseISALikeClang checks ParseISA against clang-19's -march: among strings whose
// extensions rvsim declares, rvsim accepts exactly those clang accepts.
func TestParseISALikeClang(t *testing.T) {
	clang, err := exec.LookPath("clang-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("clang-19 is needed on CI: %v", err)
		}
		t.Skipf("skipping: clang-19 not found: %v", err)
	}
	for _, s := range []string{
		"rv64imac", "rv32imac", "rv64gc", "rv64g", "rv64i", "rv64iamc", "rv64icam", "rv64i_m", "rv64i_m_a_c",
		"RV64IMAC", "Rv64i", "rv64imac_ZKSED", "", "rv64", "rv32", "rv64m", "rv128i",
		"rv64imac__zksed", "rv64imac_", "rv64_imac", "_rv64i", "rv64i__m",
		"rv64g_zksed_zksed", "rv64imm", "rv64im_m", "rv64gm", "rv64gc_zicsr", "rv64gc_zifencei", "rv64i_zicsr_zicsr",
		"rv64ig", "rv64imafdg", "rv64gg",
		"rv64imac_zksed", "rv64imac_zksed1p0", "rv64i2p1m2p0", "rv64imac_zbkb_zbkc_zbkx", "rv64gc_zk", "rv64gc_zkn_zbkb",
		"rv64gc_zks_zksed", "rv64gcb", "rv64i_b", "rv64i_zba_zbb_zbs", "rv64i_zbb_zba", "rv64i_zbc", "rv64i_zicond",
		"rv64i_zicboz", "rv64i_zicbop", "rv64i_zihintpause", "rv64i_zihintntl", "rv64i_zcb", "rv64ic_zcb", "rv64i_zkr",
		"rv64i_zkt", "rv64if", "rv64id", "rv64ifd", "rv64imafd", "rv32gc", "rv32i_zknh", "rv32i_zkne_zknd",
		"rv64gcv", "rv64iv", "rv64i_v", "rv64i_zve64x", "rv64i_zve32x", "rv64i_zve64x_v", "rv64gcv_zvkned",
		"rv64gc_zvkned", "rv64i_zve32x_zvkned", "rv64gcv_zvkn", "rv64gcv_zvks", "rv64gcv_zvkng", "rv64gcv_zvksg",
		"rv64gcv_zvbb", "rv64gc_zvbb", "rv64gcv_zvbc", "rv64i_zve32x_zvbc", "rv64i_zve64x_zvbc", "rv64gc_zvkt",
		"rv64i_zvkt", "rv64gcv_zvkg", "rv64gcv_zvknha", "rv64gcv_zvknhb", "rv64gcv_zvksed_zvksh",
		"rv64gcv_zvl128b", "rv64gcv_zvl256b", "rv64gcv_zvl4096b", "rv64gc_zvl256b", "rv64gcv_zvl100b",
		"rv64gcv_zvl128b_zvl256b", "rv64gcv_zvl128b_zvl128b", "rv64i_zve64x_zvl512b",
	} {
		ours, err := ParseISA(s)
		implemented := err == nil || !strings.Contains(err.Error(), "not implemented") && !strings.Contains(err.Error(), "supports VLEN")
		if !implemented {
			continue // an extension or VLEN rvsim does not have: nothing to compare
		}
		cmd := exec.Command(clang, "--target=riscv64-unknown-elf", "-march="+s, "-c", "-x", "c", "/dev/null", "-o", "/dev/null")
		msg, clangErr := cmd.CombinedOutput()
		switch {
		case clangErr == nil && err != nil:
			t.Errorf("%q: clang accepts it, ParseISA: %v", s, err)
		case clangErr != nil && err == nil:
			t.Errorf("%q: ParseISA accepts it (%s), clang: %s", s, ours, strings.TrimSpace(string(msg)))
		}
	}
}
