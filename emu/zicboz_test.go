package emu_test

import (
	"bytes"
	"encoding/binary"
	"testing"

	"rvsim/emu"
)

// TestCboZero checks cbo.zero (QEMU 7.2 lacks Zicboz): it zeroes the 64-byte block holding
// rs1 and nothing else, faults without writing anything when the block is not writable,
// and riscv_hwprobe reports the block size.
func TestCboZero(t *testing.T) {
	const cboZeroA1 = 0x0045a00f // cbo.zero (a1)
	for _, xlen := range []int{32, 64} {
		march := map[int]string{32: "rv32imac_zicboz", 64: "rv64imac_zicboz"}[xlen]
		a := newAsm(codeBase, xlen)
		a.li(rA1, dataBase+0x47).word(cboZeroA1).ebreak()
		h := newBareHart(t, march, a.bytes(), emu.PermRX)
		fill := bytes.Repeat([]byte{0xa5}, 0x100)
		h.Mem.Write(dataBase, fill)
		runToBreak(t, h, 100)
		got := make([]byte, 0x100)
		h.Mem.Read(dataBase, got)
		want := append([]byte(nil), fill...)
		copy(want[0x40:0x80], make([]byte, 64))
		if !bytes.Equal(got, want) {
			t.Errorf("rv%d: memory after cbo.zero of %#x:\n% x\nwant\n% x", xlen, dataBase+0x47, got, want)
		}
	}

	// The block at codeBase is read-only: a store access fault, and nothing written.
	a := newAsm(codeBase, 64)
	a.li(rA1, codeBase+0x10).word(cboZeroA1).ebreak()
	h := newBareHart(t, "rv64imac_zicboz", a.bytes(), emu.PermRX)
	before := make([]byte, 64)
	h.Mem.Read(codeBase, before)
	st := h.Run(100)
	if st.Reason != emu.StopSignal || st.Signal != emu.SIGSEGV {
		t.Errorf("cbo.zero of read-only code: %v, want SIGSEGV", st)
	}
	after := make([]byte, 64)
	h.Mem.Read(codeBase, after)
	if !bytes.Equal(before, after) {
		t.Errorf("a faulting cbo.zero changed memory")
	}

	// Without Zicboz it is an illegal instruction.
	h = newBareHart(t, "rv64imac", a.bytes(), emu.PermRX)
	if st := h.Run(100); st.Reason != emu.StopSignal || st.Signal != emu.SIGILL {
		t.Errorf("cbo.zero without Zicboz: %v, want SIGILL", st)
	}

	// riscv_hwprobe: the Zicboz bit of IMA_EXT_0, and ZICBOZ_BLOCK_SIZE (key 6).
	for _, c := range []struct {
		march string
		bit   bool
		size  uint64
	}{{"rv64imac_zicboz", true, 64}, {"rv64imac", false, 0}} {
		a := newAsm(codeBase, 64)
		a.li(rS0, dataBase)
		for i, key := range []int64{4, 6} {
			a.li(rT0, key).sw(rT0, rS0, int64(16*i))
		}
		a.syscall(nrRiscvHwprobe, dataBase, 2, 0, 0, 0)
		a.syscall(nrExit, 0)
		h, _ := newLinuxHart(t, c.march, a.bytes(), emu.LinuxConfig{})
		runToExit(t, h, 0)
		var b [32]byte
		h.Mem.Read(dataBase, b[:])
		ext0, size := binary.LittleEndian.Uint64(b[8:]), binary.LittleEndian.Uint64(b[24:])
		if (ext0&(1<<6) != 0) != c.bit || size != c.size {
			t.Errorf("%s: IMA_EXT_0 %#x, ZICBOZ_BLOCK_SIZE %d; want bit 6 %v, size %d", c.march, ext0, size, c.bit, c.size)
		}
	}
}
