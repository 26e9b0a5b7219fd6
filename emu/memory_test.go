package emu_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"rvsim/emu"
)

func TestMapUnmap(t *testing.T) {
	m := emu.NewMemory()
	if m.Mapped(0x10000, 1) {
		t.Fatal("fresh memory has a page at 0x10000")
	}
	m.Map(0x10800, 0x1000, emu.PermRW) // covers two pages
	if !m.Mapped(0x10000, 0x2000) || m.Mapped(0x10000, 0x2001) {
		t.Errorf("Map(0x10800, 0x1000) should cover exactly [0x10000, 0x12000)")
	}
	if p := m.PermAt(0x11fff); p != emu.PermRW || p.String() != "rw-" {
		t.Errorf("PermAt = %v, want rw-", p)
	}
	if !m.Store32(0x10ff0, 0xdeadbeef) {
		t.Fatal("store to a mapped page failed")
	}
	if v, ok := m.Load32(0x10ff0); !ok || v != 0xdeadbeef {
		t.Errorf("Load32 = %#x, %v", v, ok)
	}

	// Remapping changes the permission and keeps the contents.
	m.Map(0x10000, 1, emu.PermR)
	if m.PermAt(0x10000) != emu.PermR || m.PermAt(0x11000) != emu.PermRW {
		t.Errorf("remap: perms %v %v, want r-- rw-", m.PermAt(0x10000), m.PermAt(0x11000))
	}
	if v, ok := m.Load32(0x10ff0); !ok || v != 0xdeadbeef {
		t.Errorf("remap lost the data: %#x, %v", v, ok)
	}

	epoch := m.Epoch
	m.Unmap(0x10000, 0x1000)
	if m.Epoch == epoch {
		t.Error("Unmap did not change Epoch")
	}
	if m.Mapped(0x10000, 1) || !m.Mapped(0x11000, 1) {
		t.Error("Unmap(0x10000, 0x1000) should remove exactly one page")
	}
	if _, ok := m.Load32(0x10ff0); ok {
		t.Error("load from an unmapped page succeeded (stale cache?)")
	}
	if f := m.Fault; f.Addr != 0x10ff0 || f.Write || f.Perm {
		t.Errorf("fault = %+v", f)
	}
	var buf [4]byte
	var mf emu.MemFault
	if err := m.Read(0x10ff0, buf[:]); !errors.As(err, &mf) || mf.Addr != 0x10ff0 {
		t.Errorf("Read of an unmapped page: %v", err)
	}

	// A remapped page starts zeroed.
	m.Map(0x10000, 0x1000, emu.PermRW)
	if v, ok := m.Load32(0x10ff0); !ok || v != 0 {
		t.Errorf("remapped page reads %#x, %v; want 0", v, ok)
	}
}

func TestPermissions(t *testing.T) {
	m := emu.NewMemory()
	m.Map(0x1000, 0x1000, emu.PermR)
	m.Map(0x2000, 0x1000, emu.PermW)
	m.Map(0x3000, 0x1000, emu.PermRX)
	m.Write(0x1000, []byte{1, 2, 3, 4}) // Write ignores permissions (loaders use it)

	if v, ok := m.Load32(0x1000); !ok || v != 0x04030201 {
		t.Errorf("load from r--: %#x, %v", v, ok)
	}
	for _, store := range []func() bool{
		func() bool { return m.Store8(0x1000, 9) },
		func() bool { return m.Store16(0x1002, 9) },
		func() bool { return m.Store32(0x1000, 9) },
		func() bool { return m.Store64(0x1000, 9) },
	} {
		if store() {
			t.Error("store to a read-only page succeeded")
		}
		if f := m.Fault; !f.Write || !f.Perm {
			t.Errorf("fault = %+v, want a write permission fault", f)
		}
	}
	if v, _ := m.Load32(0x1000); v != 0x04030201 {
		t.Errorf("refused stores changed the page: %#x", v)
	}
	if got, want := m.Fault.Error(), "store to protected address 0x1000"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if _, ok := m.Load8(0x2000); ok {
		t.Error("load from a write-only page succeeded")
	}
	if got, want := m.Fault.Error(), "load from protected address 0x2000"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !m.CheckAccess(0x1000, 0x1000, emu.PermR) || m.CheckAccess(0x1000, 0x1001, emu.PermR) ||
		m.CheckAccess(0x1000, 4, emu.PermRW) || m.CheckAccess(^uint64(0)-2, 8, emu.PermR) {
		t.Error("CheckAccess answers wrongly")
	}

	// Through the hart: a store to read-only memory and a jump into data fault.
	a := newAsm(codeBase, 64)
	a.li(rT0, codeBase)
	a.label("st")
	a.sw(rT0, rT0, 0)
	h := newBareHart(t, "rv64i", a.bytes(), emu.PermRX)
	st := h.Run(10)
	if st.Signal != emu.SIGSEGV || st.Cause != emu.CauseStoreAccess || st.Tval != codeBase || st.PC != a.addr("st") {
		t.Errorf("store to code: %v (tval %#x)", st, st.Tval)
	}
	if st.Msg != "store to protected address 0x1000" {
		t.Errorf("message %q", st.Msg)
	}

	a = newAsm(codeBase, 64)
	a.li(rT0, dataBase)
	a.jalr(rZero, rT0, 0)
	h = newBareHart(t, "rv64i", a.bytes(), emu.PermRX)
	st = h.Run(10)
	if st.Signal != emu.SIGSEGV || st.Cause != emu.CauseFetchAccess || st.Tval != dataBase || st.PC != dataBase {
		t.Errorf("fetch from rw- data: %v (tval %#x)", st, st.Tval)
	}

	a = newAsm(codeBase, 64)
	a.li(rT0, 0x50000)
	a.lw(rA0, rT0, 4)
	h = newBareHart(t, "rv64i", a.bytes(), emu.PermRX)
	st = h.Run(10)
	if st.Signal != emu.SIGSEGV || st.Cause != emu.CauseLoadAccess || st.Tval != 0x50004 {
		t.Errorf("load from unmapped: %v (tval %#x)", st, st.Tval)
	}
	if st.Msg != "load from unmapped address 0x50004" {
		t.Errorf("message %q", st.Msg)
	}
}

func TestMisalignedAccesses(t *testing.T) {
	m := emu.NewMemory()
	m.Map(0x1000, 0x1000, emu.PermRW)
	m.Write(0x1000, []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	if v, ok := m.Load16(0x1001); !ok || v != 0x0201 {
		t.Errorf("Load16(+1) = %#x", v)
	}
	if v, ok := m.Load32(0x1003); !ok || v != 0x06050403 {
		t.Errorf("Load32(+3) = %#x", v)
	}
	if v, ok := m.Load64(0x1005); !ok || v != 0x0c0b0a0908070605 {
		t.Errorf("Load64(+5) = %#x", v)
	}
	if m.Misaligned != 3 {
		t.Errorf("Misaligned = %d after three misaligned loads", m.Misaligned)
	}
	m.Load32(0x1004)
	m.Load8(0x1003)
	if m.Misaligned != 3 {
		t.Errorf("aligned loads counted as misaligned: %d", m.Misaligned)
	}
	if !m.Store32(0x1001, 0xaabbccdd) || !m.Store64(0x1009, 0x1122334455667788) {
		t.Fatal("misaligned stores failed")
	}
	var b [16]byte
	m.Read(0x1000, b[:])
	want := []byte{0, 0xdd, 0xcc, 0xbb, 0xaa, 5, 6, 7, 8, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22}
	if !bytes.Equal(b[:], want) {
		t.Errorf("after misaligned stores: % x\nwant % x", b, want)
	}
	if m.Misaligned != 5 {
		t.Errorf("Misaligned = %d, want 5", m.Misaligned)
	}

	// The hart performs misaligned accesses (as a trap-and-emulate kernel would) and counts them.
	for _, xlen := range []int{64, 32} {
		a := newAsm(codeBase, xlen)
		a.li(rS0, dataBase)
		a.li(rT0, 0x12345678)
		a.sw(rT0, rS0, 1)
		a.lw(rA0, rS0, 1)
		a.lh(rA1, rS0, 3)
		a.lbu(rA2, rS0, 1)
		a.sh(rT0, rS0, 0x101)
		a.lw(rA3, rS0, 0x100)
		a.ebreak()
		march := "rv64i"
		if xlen == 32 {
			march = "rv32i"
		}
		h := newBareHart(t, march, a.bytes(), emu.PermRX)
		runToBreak(t, h, 100)
		if h.Reg(rA0) != 0x12345678 || h.Reg(rA1) != 0x1234 || h.Reg(rA2) != 0x78 || h.Reg(rA3) != 0x567800 {
			t.Errorf("rv%d: a0..a3 = %#x %#x %#x %#x", xlen, h.Reg(rA0), h.Reg(rA1), h.Reg(rA2), h.Reg(rA3))
		}
		if h.Mem.Misaligned != 4 {
			t.Errorf("rv%d: Misaligned = %d, want 4", xlen, h.Mem.Misaligned)
		}
	}
}

func TestPageCrossingAccesses(t *testing.T) {
	m := emu.NewMemory()
	m.Map(0x1000, 0x2000, emu.PermRW)
	if !m.Store64(0x1ffc, 0x8877665544332211) {
		t.Fatal("page-crossing store failed")
	}
	if v, ok := m.Load64(0x1ffc); !ok || v != 0x8877665544332211 {
		t.Errorf("page-crossing load = %#x, %v", v, ok)
	}
	if v, _ := m.Load32(0x2000); v != 0x88776655 {
		t.Errorf("second page holds %#x", v)
	}
	if v, _ := m.Load16(0x1fff); v != 0x5544 {
		t.Errorf("Load16 across the boundary = %#x", v)
	}

	// The next page is unmapped: the access fails and a store changes nothing.
	m.Map(0x3000, 0x1000, emu.PermRW)
	m.Unmap(0x4000, 0x1000)
	m.Store32(0x3ff8, 0x01020304)
	if m.Store64(0x3ffc, ^uint64(0)) {
		t.Fatal("store into an unmapped page succeeded")
	}
	if f := m.Fault; f.Addr != 0x4000 || !f.Write || f.Perm {
		t.Errorf("fault = %+v, want the first byte of the unmapped page", f)
	}
	if v, _ := m.Load32(0x3ffc); v != 0 {
		t.Errorf("failed store wrote %#x into the mapped page", v)
	}
	if _, ok := m.Load64(0x3ffc); ok || m.Fault.Addr != 0x4000 {
		t.Errorf("page-crossing load into unmapped memory: ok=%v fault %+v", ok, m.Fault)
	}
	// Into a read-only page.
	m.Map(0x4000, 0x1000, emu.PermR)
	if m.Store32(0x3ffe, 0) || !m.Fault.Perm || m.Fault.Addr != 0x4000 {
		t.Errorf("store into a read-only page: fault %+v", m.Fault)
	}

	// Through the hart.
	a := newAsm(codeBase, 64)
	a.li(rS0, dataBase+0xffc)
	a.li(rT0, 0x0102030405060708)
	a.sd(rT0, rS0, 0)
	a.ld(rA0, rS0, 0)
	a.lw(rA1, rS0, 2)
	a.ebreak()
	h := newBareHart(t, "rv64i", a.bytes(), emu.PermRX)
	runToBreak(t, h, 100)
	if h.Reg(rA0) != 0x0102030405060708 || h.Reg(rA1) != 0x03040506 {
		t.Errorf("a0 %#x a1 %#x", h.Reg(rA0), h.Reg(rA1))
	}
}

func TestLazyRAM(t *testing.T) {
	m := emu.NewMemory()
	m.SetLazy(0x80000000, 0x80100000)
	if v, ok := m.Load32(0x80012344); !ok || v != 0 {
		t.Errorf("first touch of lazy RAM: %#x, %v", v, ok)
	}
	if m.PermAt(0x80012000) != emu.PermRWX || !m.Mapped(0x80012000, 0x1000) {
		t.Errorf("lazy page: perm %v", m.PermAt(0x80012000))
	}
	if !m.Store64(0x800ffff8, 42) {
		t.Error("store to the last lazy page failed")
	}
	if _, ok := m.Load8(0x80100000); ok {
		t.Error("the byte after the lazy range exists")
	}
	if _, ok := m.Load8(0x7fffffff); ok {
		t.Error("the byte before the lazy range exists")
	}

	// A bare machine runs code written into lazy RAM.
	a := newAsm(0x80000000, 64)
	a.li(rS0, 0x80040000)
	a.li(rT0, 7)
	a.sd(rT0, rS0, 0)
	a.ld(rA0, rS0, 0)
	a.ebreak()
	m = emu.NewMemory()
	m.SetLazy(0x80000000, 0x80100000)
	m.Write(0x80000000, a.bytes())
	h := emu.NewHart(mustISA(t, "rv64i"), m)
	h.PC = 0x80000000
	runToBreak(t, h, 100)
	if h.Reg(rA0) != 7 {
		t.Errorf("a0 = %d", h.Reg(rA0))
	}
}

// smcProgram overwrites the instruction at "patch" after running it once and runs it again.
// sync is emitted between the store and the jump back (fence.i, or nothing).
func smcProgram(sync func(a *asmBuf)) *asmBuf {
	a := newAsm(codeBase, 64)
	a.la(rT0, "patch")
	a.li(rT1, int64(encI(100, rA0, 0, rA0, 0x13))) // addi a0, a0, 100
	a.li(rT2, 2)
	a.label("patch")
	a.addi(rA0, rA0, 1)
	a.addi(rS0, rS0, 1)
	a.beq(rS0, rT2, "done")
	a.sw(rT1, rT0, 0)
	sync(a)
	a.j("patch")
	a.label("done")
	a.ebreak()
	a.bytes()
	return a
}

func TestSelfModifyingCode(t *testing.T) {
	for _, c := range []struct {
		name string
		sync func(a *asmBuf)
	}{
		{"fence.i", func(a *asmBuf) { a.fencei() }},
		{"no fence.i", func(a *asmBuf) {}},
	} {
		for _, hooked := range []bool{false, true} {
			a := smcProgram(c.sync)
			h := newBareHart(t, "rv64i", a.b, emu.PermRWX)
			if hooked {
				h.Hook = func(*emu.Retired) {}
			}
			runToBreak(t, h, 1000)
			if h.Reg(rA0) != 101 {
				t.Errorf("%s (hooked=%v): a0 = %d, want 101 (1 from the old instruction, 100 from the new)", c.name, hooked, h.Reg(rA0))
			}
		}
	}

	// Halfword stores patch one half at a time; the host's Write invalidates as well.
	a := newAsm(codeBase, 64)
	a.la(rT0, "patch")
	a.li(rT1, int64(encI(100, rA0, 0, rA0, 0x13)))
	a.li(rT2, 2)
	a.label("patch")
	a.addi(rA0, rA0, 1)
	a.addi(rS0, rS0, 1)
	a.beq(rS0, rT2, "done")
	a.srli(rT3, rT1, 16)
	a.sh(rT3, rT0, 2) // only the immediate lives in the upper half
	a.j("patch")
	a.label("done")
	a.ebreak()
	h := newBareHart(t, "rv64i", a.bytes(), emu.PermRWX)
	runToBreak(t, h, 1000)
	if h.Reg(rA0) != 101 {
		t.Errorf("halfword patch: a0 = %d, want 101", h.Reg(rA0))
	}
	var w [4]byte
	binary.LittleEndian.PutUint32(w[:], encI(-5, rA0, 0, rA0, 0x13))
	h.Mem.Write(a.addr("patch"), w[:])
	h.PC = a.addr("patch")
	h.X[rS0] = 0
	runToBreak(t, h, 1000)
	if h.Reg(rA0) != 101-5+100 {
		t.Errorf("after Memory.Write: a0 = %d, want %d", h.Reg(rA0), 101-5+100)
	}
}

func TestCodeCrossingPages(t *testing.T) {
	// A 4-byte jump at 0x1ffe straddles two pages; the second page holds only its upper
	// half and data. The driver calls the jump, patches its upper half with a store (after
	// another store has filled the write cache for that page), and calls it again.
	a := newAsm(codeBase, 64)
	a.li(rS0, 0x2000)
	a.la(rT1, "patchword")
	a.lhu(rT1, rT1, 0)
	a.li(rT2, 0x1ffe)
	a.jalr(rRA, rT2, 0)
	a.sw(rZero, rS0, 0x100)
	a.sh(rT1, rS0, 0)
	a.jalr(rRA, rT2, 0)
	a.ebreak()
	a.label("back1")
	a.addi(rA0, rA0, 1)
	a.jalr(rZero, rRA, 0)
	a.label("back2")
	a.addi(rA0, rA0, 100)
	a.jalr(rZero, rRA, 0)
	a.label("patchword")
	a.word(0)
	for a.pc() < 0x1ffe {
		a.half(0x0001) // c.nop
	}
	a.jal(rZero, "back1")
	code := a.bytes()
	orig := binary.LittleEndian.Uint32(code[0x1ffe-codeBase:])
	patched := encJ(int64(a.addr("back2"))-0x1ffe, rZero)
	if orig&0xffff != patched&0xffff {
		t.Fatalf("the two jumps differ in their lower halves: %08x %08x", orig, patched)
	}
	binary.LittleEndian.PutUint32(code[a.addr("patchword")-codeBase:], patched>>16)

	for _, second := range []emu.Perm{emu.PermRWX, emu.PermRW} {
		m := emu.NewMemory()
		m.Map(0x1000, 0x1000, emu.PermRWX)
		m.Map(0x2000, 0x1000, second)
		m.Write(codeBase, code)
		h := emu.NewHart(mustISA(t, "rv64ic"), m)
		h.PC = codeBase
		st := h.Run(10000)
		if second == emu.PermRW {
			// The upper half cannot be fetched from a page without execute permission.
			if st.Signal != emu.SIGSEGV || st.Cause != emu.CauseFetchAccess || st.PC != 0x1ffe || st.Tval != 0x2000 {
				t.Errorf("jump whose upper half is on a rw- page: %v (tval %#x), want a fetch fault at 0x1ffe for 0x2000", st, st.Tval)
			}
			continue
		}
		if st.Signal != emu.SIGTRAP {
			t.Fatalf("stop %v", st)
		}
		if h.Reg(rA0) != 101 {
			t.Errorf("a0 = %d, want 101: the patched upper half of the jump was not seen", h.Reg(rA0))
		}
	}
}
