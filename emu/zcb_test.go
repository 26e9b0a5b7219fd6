package emu_test

import (
	"testing"

	"rvsim/emu"
)

// TestZcb runs each Zcb instruction (encodings from llvm-mc-19 -mattr=+zcb: rd'/rs1' = a0,
// rs2'/rs1' = a1) on the data at dataBase and checks the value the specification gives.
// QEMU 7.2 lacks Zcb, so these values are the oracle.
func TestZcb(t *testing.T) {
	data := []byte{0x11, 0xf2, 0x83, 0x94, 0x55, 0x66, 0x77, 0x88}
	for _, c := range []struct {
		name   string
		h      uint16
		a0, a1 int64
		xlen   int
		want   uint64 // a0 after (as Reg reads it: 32 bits on RV32), or (for stores) the 8 data bytes as a little-endian word
		store  bool
	}{
		{"c.lbu a0, 1(a1)", 0x81c8, 0, dataBase, 64, 0xf2, false},
		{"c.lhu a0, 2(a1)", 0x85a8, 0, dataBase, 64, 0x9483, false},
		{"c.lh a0, 2(a1)", 0x85e8, 0, dataBase, 64, 0xffffffffffff9483, false},
		{"c.lh a0, 2(a1) rv32", 0x85e8, 0, dataBase, 32, 0xffff9483, false},
		{"c.sb a0, 3(a1)", 0x89e8, 0x1234, dataBase, 64, 0x887766553483f211, true},
		{"c.sh a0, 2(a1)", 0x8da8, 0x1234abcd, dataBase, 64, 0x88776655abcdf211, true},
		{"c.zext.b a0", 0x9d61, -2, 0, 64, 0xfe, false},
		{"c.sext.b a0", 0x9d65, 0x180, 0, 64, 0xffffffffffffff80, false},
		{"c.zext.h a0", 0x9d69, -2, 0, 64, 0xfffe, false},
		{"c.sext.h a0", 0x9d6d, 0x18000, 0, 64, 0xffffffffffff8000, false},
		{"c.zext.w a0", 0x9d71, -2, 0, 64, 0xfffffffe, false},
		{"c.not a0", 0x9d75, 0x0f0f, 0, 64, 0xfffffffffffff0f0, false},
		{"c.mul a0, a1", 0x9d4d, 0x10001, 0x10001, 64, 0x100020001, false},
		{"c.mul a0, a1 rv32", 0x9d4d, 0x10001, 0x10001, 32, 0x20001, false},
		{"c.not a0 rv32", 0x9d75, 0x0f0f, 0, 32, 0xfffff0f0, false},
	} {
		march := "rv64imac_zba_zbb_zcb"
		if c.xlen == 32 {
			march = "rv32imac_zba_zbb_zcb"
		}
		a := newAsm(codeBase, c.xlen)
		a.li(rA0, c.a0).li(rA1, c.a1).half(c.h).ebreak()
		h := newBareHart(t, march, a.bytes(), emu.PermRX)
		if err := h.Mem.Write(dataBase, data); err != nil {
			t.Fatal(err)
		}
		runToBreak(t, h, 100)
		got := h.Reg(rA0)
		if c.store {
			var b [8]byte
			h.Mem.Read(dataBase, b[:])
			got = 0
			for i := 7; i >= 0; i-- {
				got = got<<8 | uint64(b[i])
			}
		}
		if got != c.want {
			t.Errorf("%s: got %#x, want %#x", c.name, got, c.want)
		}
	}
	// Without Zcb the same halfword is an illegal instruction.
	a := newAsm(codeBase, 64)
	a.li(rA1, dataBase).half(0x81c8).ebreak()
	h := newBareHart(t, "rv64imac", a.bytes(), emu.PermRX)
	if st := h.Run(100); st.Reason != emu.StopSignal || st.Signal != emu.SIGILL {
		t.Errorf("c.lbu without Zcb: %v, want SIGILL", st)
	}
}
