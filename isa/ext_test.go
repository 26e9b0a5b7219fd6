package isa

import (
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
		{"RV32I", 32, base},
		{"rv64i_zvl128b_zkn", 64, base.With(ExtZbkb, ExtZbkc, ExtZbkx, ExtZkne, ExtZknd, ExtZknh)},
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

func TestParseISAErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"rv64i_zfoo", `"zfoo"`},
		{"rv64imq", `"q"`},
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
		{ISA{64, Exts(ExtI, ExtM, ExtA, ExtC, ExtZbkb, ExtZksed)}, "rv64imac_zbkb_zksed"},
		{ISA{32, Exts(ExtI)}, "rv32i"},
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
