package emu_test

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"
	"testing"
	"time"

	"rvsim/emu"
	"rvsim/isa"
)

// This file holds the helpers the emu tests share (a tiny assembler and bare-machine setup)
// and the tests of the hart itself: XLEN behaviour, traps, CSRs, atomics, the run budget
// and the retired-instruction hook. The tests build their programs in Go, so they need no
// toolchain.

// Register numbers.
const (
	rZero = iota
	rRA
	rSP
	rGP
	rTP
	rT0
	rT1
	rT2
	rS0
	rS1
	rA0
	rA1
	rA2
	rA3
	rA4
	rA5
	rA6
	rA7
	rS2
	rS3
	rS4
	rS5
	rS6
	rS7
	rS8
	rS9
	rS10
	rS11
	rT3
	rT4
	rT5
	rT6
)

// CSR numbers used by the tests.
const (
	csrMstatus    = 0x300
	csrMisa       = 0x301
	csrMtvec      = 0x305
	csrMcounteren = 0x306
	csrMscratch   = 0x340
	csrMepc       = 0x341
	csrMcause     = 0x342
	csrMtval      = 0x343
	csrMinstret   = 0xb02
	csrCycle      = 0xc00
	csrInstret    = 0xc02
	csrMvendorid  = 0xf11
)

// Instruction encoders (unprivileged spec, "Base Instruction Formats").
func encR(f7, rs2, rs1, f3, rd, op uint32) uint32 {
	return f7<<25 | rs2<<20 | rs1<<15 | f3<<12 | rd<<7 | op
}

func encI(imm int64, rs1, f3, rd, op uint32) uint32 {
	if op != 0x73 && (imm < -2048 || imm > 2047) { // CSR numbers are unsigned
		panic(fmt.Sprintf("immediate %d out of range", imm))
	}
	return uint32(imm&0xfff)<<20 | rs1<<15 | f3<<12 | rd<<7 | op
}

func encS(imm int64, rs2, rs1, f3, op uint32) uint32 {
	if imm < -2048 || imm > 2047 {
		panic(fmt.Sprintf("store offset %d out of range", imm))
	}
	u := uint32(imm)
	return (u>>5&0x7f)<<25 | rs2<<20 | rs1<<15 | f3<<12 | (u&31)<<7 | op
}

func encB(imm int64, rs2, rs1, f3 uint32) uint32 {
	u := uint32(imm)
	return (u>>12&1)<<31 | (u>>5&0x3f)<<25 | rs2<<20 | rs1<<15 | f3<<12 | (u>>1&15)<<8 | (u>>11&1)<<7 | 0x63
}

func encJ(imm int64, rd uint32) uint32 {
	u := uint32(imm)
	return (u>>20&1)<<31 | (u>>1&0x3ff)<<21 | (u>>11&1)<<20 | (u>>12&0xff)<<12 | rd<<7 | 0x6f
}

// asmBuf assembles a program for a known load address, with labels resolved at the end.
type asmBuf struct {
	base   uint64
	xlen   int
	b      []byte
	labels map[string]uint64
	fixups []asmFixup
}

type asmFixup struct {
	at    int // byte offset of the instruction
	label string
	enc   func(off int64) uint32
}

func newAsm(base uint64, xlen int) *asmBuf {
	return &asmBuf{base: base, xlen: xlen, labels: map[string]uint64{}}
}

// pc returns the address of the next instruction.
func (a *asmBuf) pc() uint64 { return a.base + uint64(len(a.b)) }

func (a *asmBuf) label(name string) *asmBuf {
	a.labels[name] = a.pc()
	return a
}

func (a *asmBuf) word(w uint32) *asmBuf {
	a.b = binary.LittleEndian.AppendUint32(a.b, w)
	return a
}

func (a *asmBuf) half(h uint16) *asmBuf {
	a.b = binary.LittleEndian.AppendUint16(a.b, h)
	return a
}

// addr returns a label's address (after bytes has resolved them, or for labels already set).
func (a *asmBuf) addr(name string) uint64 {
	v, ok := a.labels[name]
	if !ok {
		panic("undefined label " + name)
	}
	return v
}

func (a *asmBuf) fix(label string, enc func(off int64) uint32) *asmBuf {
	a.fixups = append(a.fixups, asmFixup{len(a.b), label, enc})
	return a.word(0)
}

// bytes resolves the labels and returns the code.
func (a *asmBuf) bytes() []byte {
	for _, f := range a.fixups {
		target := a.addr(f.label)
		off := int64(target - (a.base + uint64(f.at)))
		binary.LittleEndian.PutUint32(a.b[f.at:], f.enc(off))
	}
	a.fixups = nil
	return a.b
}

func (a *asmBuf) addi(rd, rs1 uint32, imm int64) *asmBuf { return a.word(encI(imm, rs1, 0, rd, 0x13)) }
func (a *asmBuf) addiw(rd, rs1 uint32, imm int64) *asmBuf {
	return a.word(encI(imm, rs1, 0, rd, 0x1b))
}
func (a *asmBuf) slli(rd, rs1 uint32, sh int64) *asmBuf { return a.word(encI(sh, rs1, 1, rd, 0x13)) }
func (a *asmBuf) srli(rd, rs1 uint32, sh int64) *asmBuf { return a.word(encI(sh, rs1, 5, rd, 0x13)) }
func (a *asmBuf) srai(rd, rs1 uint32, sh int64) *asmBuf {
	return a.word(encI(sh|0x400, rs1, 5, rd, 0x13))
}
func (a *asmBuf) sltiu(rd, rs1 uint32, imm int64) *asmBuf {
	return a.word(encI(imm, rs1, 3, rd, 0x13))
}
func (a *asmBuf) add(rd, rs1, rs2 uint32) *asmBuf  { return a.word(encR(0, rs2, rs1, 0, rd, 0x33)) }
func (a *asmBuf) sub(rd, rs1, rs2 uint32) *asmBuf  { return a.word(encR(0x20, rs2, rs1, 0, rd, 0x33)) }
func (a *asmBuf) slt(rd, rs1, rs2 uint32) *asmBuf  { return a.word(encR(0, rs2, rs1, 2, rd, 0x33)) }
func (a *asmBuf) sltu(rd, rs1, rs2 uint32) *asmBuf { return a.word(encR(0, rs2, rs1, 3, rd, 0x33)) }
func (a *asmBuf) mul(rd, rs1, rs2 uint32) *asmBuf  { return a.word(encR(1, rs2, rs1, 0, rd, 0x33)) }
func (a *asmBuf) mulhu(rd, rs1, rs2 uint32) *asmBuf {
	return a.word(encR(1, rs2, rs1, 3, rd, 0x33))
}
func (a *asmBuf) div(rd, rs1, rs2 uint32) *asmBuf { return a.word(encR(1, rs2, rs1, 4, rd, 0x33)) }
func (a *asmBuf) lui(rd uint32, imm20 uint32) *asmBuf {
	return a.word(imm20<<12 | rd<<7 | 0x37)
}
func (a *asmBuf) auipc(rd uint32, imm20 uint32) *asmBuf {
	return a.word(imm20<<12 | rd<<7 | 0x17)
}

// li loads a constant with lui/addi(w)/slli, as an assembler's li does.
func (a *asmBuf) li(rd uint32, v int64) *asmBuf {
	if a.xlen == 32 {
		v = int64(int32(v))
	}
	lo := v << 52 >> 52
	if v == int64(int32(v)) {
		hi := uint32(uint64(v-lo)>>12) & 0xfffff
		if hi == 0 {
			return a.addi(rd, rZero, lo)
		}
		a.lui(rd, hi)
		if lo != 0 {
			if a.xlen == 64 {
				a.addiw(rd, rd, lo)
			} else {
				a.addi(rd, rd, lo)
			}
		}
		return a
	}
	a.li(rd, (v-lo)>>12)
	a.slli(rd, rd, 12)
	if lo != 0 {
		a.addi(rd, rd, lo)
	}
	return a
}

// la loads a label's address, pc-relative (auipc, addi), as the assembler's lla does.
func (a *asmBuf) la(rd uint32, label string) *asmBuf {
	at := a.pc()
	a.fix(label, func(int64) uint32 {
		off := int64(a.addr(label) - at)
		lo := off << 52 >> 52
		return uint32(uint64(off-lo)>>12)<<12 | rd<<7 | 0x17 // auipc
	})
	return a.fix(label, func(int64) uint32 {
		off := int64(a.addr(label) - at)
		return encI(off<<52>>52, rd, 0, rd, 0x13) // addi
	})
}

func (a *asmBuf) jal(rd uint32, label string) *asmBuf {
	return a.fix(label, func(off int64) uint32 { return encJ(off, rd) })
}
func (a *asmBuf) j(label string) *asmBuf { return a.jal(rZero, label) }
func (a *asmBuf) jalr(rd, rs1 uint32, imm int64) *asmBuf {
	return a.word(encI(imm, rs1, 0, rd, 0x67))
}
func (a *asmBuf) branch(f3, rs1, rs2 uint32, label string) *asmBuf {
	return a.fix(label, func(off int64) uint32 { return encB(off, rs2, rs1, f3) })
}
func (a *asmBuf) beq(rs1, rs2 uint32, l string) *asmBuf  { return a.branch(0, rs1, rs2, l) }
func (a *asmBuf) bne(rs1, rs2 uint32, l string) *asmBuf  { return a.branch(1, rs1, rs2, l) }
func (a *asmBuf) blt(rs1, rs2 uint32, l string) *asmBuf  { return a.branch(4, rs1, rs2, l) }
func (a *asmBuf) bltu(rs1, rs2 uint32, l string) *asmBuf { return a.branch(6, rs1, rs2, l) }

func (a *asmBuf) load(f3, rd, rs1 uint32, imm int64) *asmBuf {
	return a.word(encI(imm, rs1, f3, rd, 0x03))
}
func (a *asmBuf) lb(rd, rs1 uint32, imm int64) *asmBuf  { return a.load(0, rd, rs1, imm) }
func (a *asmBuf) lh(rd, rs1 uint32, imm int64) *asmBuf  { return a.load(1, rd, rs1, imm) }
func (a *asmBuf) lw(rd, rs1 uint32, imm int64) *asmBuf  { return a.load(2, rd, rs1, imm) }
func (a *asmBuf) ld(rd, rs1 uint32, imm int64) *asmBuf  { return a.load(3, rd, rs1, imm) }
func (a *asmBuf) lbu(rd, rs1 uint32, imm int64) *asmBuf { return a.load(4, rd, rs1, imm) }
func (a *asmBuf) lhu(rd, rs1 uint32, imm int64) *asmBuf { return a.load(5, rd, rs1, imm) }
func (a *asmBuf) lwu(rd, rs1 uint32, imm int64) *asmBuf { return a.load(6, rd, rs1, imm) }
func (a *asmBuf) store(f3, rs2, rs1 uint32, imm int64) *asmBuf {
	return a.word(encS(imm, rs2, rs1, f3, 0x23))
}
func (a *asmBuf) sb(rs2, rs1 uint32, imm int64) *asmBuf { return a.store(0, rs2, rs1, imm) }
func (a *asmBuf) sh(rs2, rs1 uint32, imm int64) *asmBuf { return a.store(1, rs2, rs1, imm) }
func (a *asmBuf) sw(rs2, rs1 uint32, imm int64) *asmBuf { return a.store(2, rs2, rs1, imm) }
func (a *asmBuf) sd(rs2, rs1 uint32, imm int64) *asmBuf { return a.store(3, rs2, rs1, imm) }

func (a *asmBuf) ecall() *asmBuf  { return a.word(0x00000073) }
func (a *asmBuf) ebreak() *asmBuf { return a.word(0x00100073) }
func (a *asmBuf) mret() *asmBuf   { return a.word(0x30200073) }
func (a *asmBuf) fencei() *asmBuf { return a.word(0x0000100f) }
func (a *asmBuf) nop() *asmBuf    { return a.addi(rZero, rZero, 0) }
func (a *asmBuf) csrrw(rd, csr, rs1 uint32) *asmBuf {
	return a.word(encI(int64(csr), rs1, 1, rd, 0x73))
}
func (a *asmBuf) csrrs(rd, csr, rs1 uint32) *asmBuf {
	return a.word(encI(int64(csr), rs1, 2, rd, 0x73))
}
func (a *asmBuf) csrrc(rd, csr, rs1 uint32) *asmBuf {
	return a.word(encI(int64(csr), rs1, 3, rd, 0x73))
}
func (a *asmBuf) csrr(rd, csr uint32) *asmBuf  { return a.csrrs(rd, csr, rZero) }
func (a *asmBuf) csrw(csr, rs1 uint32) *asmBuf { return a.csrrw(rZero, csr, rs1) }

// amo encodes an A-extension instruction: funct5, width (2 = .w, 3 = .d).
func (a *asmBuf) amo(f5, width, rd, rs1, rs2 uint32) *asmBuf {
	return a.word(encR(f5<<2, rs2, rs1, width, rd, 0x2f))
}

// A funct5 values.
const (
	amoADD  = 0x00
	amoSWAP = 0x01
	amoLR   = 0x02
	amoSC   = 0x03
	amoXOR  = 0x04
	amoOR   = 0x08
	amoAND  = 0x0c
	amoMIN  = 0x10
	amoMAX  = 0x14
	amoMINU = 0x18
	amoMAXU = 0x1c
)

// Bare-machine layout for the hart tests.
const (
	codeBase = 0x1000
	dataBase = 0x10000
	dataSize = 0x2000
)

func mustISA(t testing.TB, s string) isa.ISA {
	t.Helper()
	target, err := isa.ParseISA(s)
	if err != nil {
		t.Fatal(err)
	}
	return target
}

// newBareHart maps code at codeBase with perm and a data area at dataBase, and returns a
// machine-mode hart about to run the code. mtvec is 0, so a trap stops the run with a signal.
func newBareHart(t testing.TB, march string, code []byte, perm emu.Perm) *emu.Hart {
	t.Helper()
	m := emu.NewMemory()
	size := (uint64(len(code)) + emu.PageSize - 1) &^ (emu.PageSize - 1)
	m.Map(codeBase, max(size, emu.PageSize), perm)
	if err := m.Write(codeBase, code); err != nil {
		t.Fatal(err)
	}
	m.Map(dataBase, dataSize, emu.PermRW)
	h := emu.NewHart(mustISA(t, march), m)
	h.PC = codeBase
	return h
}

// runToBreak runs h until the ebreak that ends every test program (with mtvec 0 it stops
// the run with SIGTRAP) and fails on any other outcome.
func runToBreak(t testing.TB, h *emu.Hart, max uint64) emu.Stop {
	t.Helper()
	st := h.Run(max)
	if st.Reason != emu.StopSignal || st.Signal != emu.SIGTRAP {
		t.Fatalf("run ended with %v, want the final ebreak (pc %#x)", st, h.PC)
	}
	return st
}

// runWithTimeout runs h in a goroutine and fails if it does not return within d: a hang in
// the interpreter must fail the test, not the whole binary.
func runWithTimeout(t testing.TB, h *emu.Hart, max uint64, d time.Duration) emu.Stop {
	t.Helper()
	done := make(chan emu.Stop, 1)
	go func() { done <- h.Run(max) }()
	select {
	case st := <-done:
		return st
	case <-time.After(d):
		t.Fatalf("Run(%d) did not return within %v", max, d)
	}
	return emu.Stop{}
}

func TestRV32WrapAndSignExtension(t *testing.T) {
	prog := func(xlen int) []byte {
		a := newAsm(codeBase, xlen)
		a.lui(rA0, 0x80000)    // a0 = 0x80000000 (sign-extended)
		a.addi(rA0, rA0, -1)   // 0x7fffffff on RV32
		a.addi(rA1, rA0, 1)    // wraps to 0x80000000 on RV32
		a.add(rA2, rA0, rA0)   // 0xfffffffe on RV32
		a.sltu(rA3, rA1, rA0)  // 0x80000000 <u 0x7fffffff: 0
		a.sltu(rA4, rA0, rA1)  // 1
		a.slt(rA5, rA1, rA0)   // signed: 1 on RV32
		a.sltiu(rA6, rA2, -1)  // 0xfffffffe <u 0xffffffff: 1
		a.srai(rT0, rA1, 31)   // all ones on RV32
		a.srli(rT1, rA1, 31)   // 1 on RV32
		a.sub(rT2, rZero, rA0) // -0x7fffffff
		a.mulhu(rS0, rA2, rA2) // high word of 0xfffffffe^2 on RV32
		a.li(rS1, -1)
		a.div(rS2, rA1, rS1) // overflow: 0x80000000 / -1 = 0x80000000 on RV32
		a.ebreak()
		return a.bytes()
	}
	h := newBareHart(t, "rv32im", prog(32), emu.PermRX)
	runToBreak(t, h, 100)
	want32 := map[int]uint64{
		rA0: 0x7fffffff, rA1: 0x80000000, rA2: 0xfffffffe, rA3: 0, rA4: 1, rA5: 1, rA6: 1,
		rT0: 0xffffffff, rT1: 1, rT2: 0x80000001, rS0: 0xfffffffc, rS1: 0xffffffff, rS2: 0x80000000,
	}
	for r, v := range want32 {
		if got := h.Reg(r); got != v {
			t.Errorf("RV32 %s = %#x, want %#x", isa.RegName(uint8(r)), got, v)
		}
		// Registers hold sign-extended values: bit 31 is copied up.
		if ext := uint64(int64(int32(v))); h.X[r] != ext {
			t.Errorf("RV32 X[%s] = %#x, want the sign extension %#x", isa.RegName(uint8(r)), h.X[r], ext)
		}
	}

	h = newBareHart(t, "rv64im", prog(64), emu.PermRX)
	runToBreak(t, h, 100)
	want64 := map[int]uint64{
		rA0: 0xffffffff7fffffff, rA1: 0xffffffff80000000, rA2: 0xfffffffefffffffe,
		rA3: 0, rA4: 1, rA5: 0, rA6: 1, rT0: 0xffffffffffffffff, rT1: 0x1ffffffff,
		rT2: 0x0000000080000001, rS1: ^uint64(0), rS2: 0x80000000,
	}
	want64[rS0], _ = bits.Mul64(want64[rA2], want64[rA2])
	for r, v := range want64 {
		if got := h.Reg(r); got != v {
			t.Errorf("RV64 %s = %#x, want %#x", isa.RegName(uint8(r)), got, v)
		}
	}
}

func TestRV32AuipcAndJalrNear2GiB(t *testing.T) {
	// Code straddling 0x80000000: pc arithmetic must produce 32-bit addresses and registers
	// must hold them sign-extended.
	const base = 0x7ffffff8
	a := newAsm(base, 32)
	a.auipc(rA0, 0) // 0x7ffffff8
	a.auipc(rA1, 1) // 0x80000ffc
	a.auipc(rA2, 0) // at 0x80000000
	a.la(rT0, "target")
	a.addi(rT0, rT0, 1)   // an odd address: jalr clears bit 0
	a.jalr(rRA, rT0, 0)   // ra = return address
	a.ebreak()            // skipped
	a.label("target")     //
	a.auipc(rA3, 0x80000) // 0x80000000 + pc-relative 0x80000000: wraps
	a.ebreak()
	code := a.bytes()

	m := emu.NewMemory()
	m.Map(0x7ffff000, 0x2000, emu.PermRX)
	m.Write(base, code)
	h := emu.NewHart(mustISA(t, "rv32i"), m)
	h.PC = base
	st := runToBreak(t, h, 100)
	target := a.addr("target")
	if st.PC != target+4 {
		t.Errorf("stopped at %#x, want %#x", st.PC, target+4)
	}
	for _, c := range []struct {
		r    int
		want uint64
	}{
		{rA0, 0x7ffffff8}, {rA1, 0x80000ffc}, {rA2, 0x80000000},
		{rRA, target - 4}, {rA3, (target + 0x80000000) & 0xffffffff},
	} {
		if got := h.Reg(c.r); got != c.want {
			t.Errorf("%s = %#x, want %#x", isa.RegName(uint8(c.r)), got, c.want)
		}
		if h.X[c.r] != uint64(int64(int32(c.want))) {
			t.Errorf("X[%s] = %#x, not sign-extended", isa.RegName(uint8(c.r)), h.X[c.r])
		}
	}
}

func TestJalrClearsBitZero(t *testing.T) {
	for _, march := range []string{"rv64i", "rv32i"} {
		a := newAsm(codeBase, 64)
		a.la(rT0, "t")
		a.jalr(rRA, rT0, 1) // target+1: bit 0 is dropped
		a.ebreak()
		a.label("t")
		a.ebreak()
		h := newBareHart(t, march, a.bytes(), emu.PermRX)
		st := runToBreak(t, h, 10)
		if st.PC != a.addr("t") || h.Reg(rRA) != a.addr("t")-4 {
			t.Errorf("%s: stopped at %#x with ra %#x, want %#x and %#x", march, st.PC, h.Reg(rRA), a.addr("t"), a.addr("t")-4)
		}
	}
}

func TestX0StaysZero(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.li(rA0, dataBase)
	a.li(rT0, 77)
	a.sw(rT0, rA0, 0)
	a.addi(rZero, rZero, 5)
	a.lw(rZero, rA0, 0)
	a.lui(rZero, 0x12345)
	a.csrr(rZero, csrMscratch)
	a.amo(amoADD, 2, rZero, rA0, rT0)
	a.amo(amoLR, 2, rZero, rA0, rZero)
	a.jal(rZero, "next")
	a.label("next")
	a.add(rA1, rZero, rZero)
	a.addi(rA2, rZero, 0)
	a.ebreak()
	h := newBareHart(t, "rv64ima", a.bytes(), emu.PermRX)
	runToBreak(t, h, 100)
	if h.X[0] != 0 || h.Reg(0) != 0 || h.Reg(rA1) != 0 || h.Reg(rA2) != 0 {
		t.Errorf("x0 = %#x, a1 = %#x, a2 = %#x; want all zero", h.X[0], h.Reg(rA1), h.Reg(rA2))
	}
	var b [4]byte
	h.Mem.Read(dataBase, b[:])
	if got := binary.LittleEndian.Uint32(b[:]); got != 154 {
		t.Errorf("amoadd with rd=x0 stored %d, want 154", got)
	}
}

// illegalStop runs a single word at codeBase and returns how the run stopped.
func illegalStop(t *testing.T, march string, word uint32, setup func(h *emu.Hart)) emu.Stop {
	t.Helper()
	a := newAsm(codeBase, 64)
	if word&3 == 3 {
		a.word(word)
	} else {
		a.half(uint16(word))
	}
	a.ebreak()
	h := newBareHart(t, march, a.bytes(), emu.PermRX)
	if setup != nil {
		setup(h)
	}
	return h.Run(10)
}

func TestIllegalInstructionMessages(t *testing.T) {
	uMode := func(h *emu.Hart) { h.Priv = emu.PrivU }
	fsOff := func(h *emu.Hart) {
		v, _ := h.ReadCSR(0x300)
		h.WriteCSR(0x300, v&^(3<<13))
	}
	frm5 := func(h *emu.Hart) { h.WriteCSR(0x002, 5) }
	for _, c := range []struct {
		name  string
		march string
		word  uint32
		setup func(*emu.Hart)
		msg   string
	}{
		{"outside the ISA", "rv64imac", 0x30b50533, nil, "30b50533 sm4ed a0, a0, a1, 0x0: not in rv64imac"},
		{"outside the ISA rv32", "rv32imac_zbkb", 0x30b50533, nil, "30b50533 sm4ed a0, a0, a1, 0x0: not in rv32imac_zbkb"},
		{"wrong XLEN", "rv32im", 0x00b5053b, nil, "00b5053b addw a0, a0, a1: not available on RV32"},
		{"reserved rnum", "rv64i_zkne", 0x31b51513, nil, "31b51513 aes64ks1i a0, a0, 0xb: reserved encoding"},
		{"unknown", "rv64i", 0xffffffff, nil, "ffffffff: unknown instruction"},
		{"all zeros", "rv64imac", 0x0000, nil, "0000: illegal instruction (all zeros)"},
		{"floating point outside the ISA", "rv64imac", 0x00052507, nil, "00052507 flw fa0, 0x0(a0): not in rv64imac"},
		{"half precision", "rv64gc", 0x04b50553, nil, "04b50553: floating-point instruction outside F and D (Zfh, Zfa, Q): not implemented"},
		{"FS off", "rv64gc", 0x00b50553, fsOff, "00b50553 fadd.s fa0, fa0, fa1, rne: floating point is off (mstatus.FS = Off)"},
		{"fcsr with FS off", "rv64gc", 0x00302573, fsOff, "00302573 frcsr a0: floating point is off (mstatus.FS = Off)"},
		{"compressed FP with FS off", "rv64gc", 0x2588, fsOff, "2588 fld fa0, 0x8(a1): floating point is off (mstatus.FS = Off)"},
		{"reserved static rm", "rv64gc", 0x00b55553, nil, "00b55553 fadd.s fa0, fa0, fa1, rm5: rounding mode 5 is reserved"},
		{"reserved frm", "rv64gc", 0x00b57553, frm5, "00b57553 fadd.s fa0, fa0, fa1: dynamic rounding mode with frm = 5 (reserved)"},
		{"mret in U-mode", "rv64i", 0x30200073, uMode, "30200073 mret: not allowed in U-mode"},
		{"M CSR in U-mode", "rv64i", 0x30002573, uMode, "30002573 csrr a0, mstatus: CSR mstatus not accessible in U-mode"},
		{"write to read-only CSR", "rv64i", 0xf1151073, nil, "f1151073 csrw mvendorid, a0: CSR mvendorid not accessible in M-mode"},
		{"sret", "rv64i", 0x10200073, nil, "10200073 sret: not allowed in M-mode"},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := illegalStop(t, c.march, c.word, c.setup)
			if st.Reason != emu.StopSignal || st.Signal != emu.SIGILL || st.Cause != emu.CauseIllegal {
				t.Fatalf("stop = %v, want SIGILL (cause 2)", st)
			}
			if st.PC != codeBase || st.Tval != uint64(c.word) {
				t.Errorf("pc %#x tval %#x, want %#x and %#x", st.PC, st.Tval, codeBase, c.word)
			}
			if st.Msg != c.msg {
				t.Errorf("message\n got %q\nwant %q", st.Msg, c.msg)
			}
		})
	}

	// The same words run when their extension is enabled.
	for _, c := range []struct {
		march string
		word  uint32
	}{{"rv64imac_zksed", 0x30b50533}, {"rv64i", 0x00b5053b}, {"rv64i_zkne", 0x31a51513},
		{"rv64gc", 0x00b50553}, {"rv64gc", 0x00b57553}, {"rv32gc", 0x00b57553}, {"rv64gc", 0x00302573}} {
		if st := illegalStop(t, c.march, c.word, nil); st.Signal != emu.SIGTRAP {
			t.Errorf("%08x under %s: %v, want it to run up to the ebreak", c.word, c.march, st)
		}
	}
}

func TestIllegalReason(t *testing.T) {
	h := emu.NewHart(mustISA(t, "rv64imac"), emu.NewMemory())
	in, st := h.Decoder().Decode(0x30b50533)
	if got, want := h.IllegalReason(in, st), "30b50533 sm4ed a0, a0, a1, 0x0: not in rv64imac"; got != want {
		t.Errorf("IllegalReason = %q, want %q", got, want)
	}
	// A compressed word prints with four digits.
	h = emu.NewHart(mustISA(t, "rv64i"), emu.NewMemory())
	in, st = h.Decoder().Decode(0x4505) // c.li a0, 1
	if got := h.IllegalReason(in, st); !strings.HasPrefix(got, "4505 ") || !strings.HasSuffix(got, ": not in rv64i") {
		t.Errorf("IllegalReason(c.li) = %q", got)
	}
}

func TestMisalignedJumpWithoutC(t *testing.T) {
	build := func() *asmBuf {
		a := newAsm(codeBase, 64)
		a.la(rT0, "t")
		a.label("jump")
		a.jalr(rRA, rT0, 2) // t+2: only 2-byte aligned
		a.ebreak()
		a.label("t")
		a.nop()
		a.nop()
		a.ebreak()
		a.bytes()
		return a
	}
	a := build()
	h := newBareHart(t, "rv64im", a.b, emu.PermRX)
	st := h.Run(10)
	if st.Reason != emu.StopSignal || st.Signal != emu.SIGBUS || st.Cause != emu.CauseMisalignedFetch {
		t.Fatalf("without C: %v, want SIGBUS with cause 0", st)
	}
	if st.PC != a.addr("jump") || st.Tval != a.addr("t")+2 {
		t.Errorf("pc %#x tval %#x, want %#x and %#x", st.PC, st.Tval, a.addr("jump"), a.addr("t")+2)
	}
	if h.Reg(rRA) != 0 {
		t.Errorf("the faulting jump wrote ra = %#x", h.Reg(rRA))
	}

	// With C the jump is legal: it lands on the upper half of a nop, 0x0000, which is an
	// illegal compressed instruction.
	h = newBareHart(t, "rv64imc", a.b, emu.PermRX)
	st = h.Run(10)
	if st.Signal != emu.SIGILL || st.PC != a.addr("t")+2 {
		t.Errorf("with C: %v, want the jump taken and SIGILL at %#x", st, a.addr("t")+2)
	}

	// A branch to a misaligned target traps the same way, into mtvec on a bare machine.
	b := newAsm(codeBase, 64)
	b.la(rT0, "handler")
	b.csrw(csrMtvec, rT0)
	b.label("br")
	b.word(encB(6, rZero, rZero, 0)) // beq x0, x0, .+6
	b.ebreak()
	b.label("handler")
	b.csrr(rA0, csrMcause)
	b.csrr(rA1, csrMepc)
	b.csrr(rA2, csrMtval)
	b.csrw(csrMtvec, rZero)
	b.ebreak()
	h = newBareHart(t, "rv64im", b.bytes(), emu.PermRX)
	runToBreak(t, h, 20)
	if h.Reg(rA0) != 0 || h.Reg(rA1) != b.addr("br") || h.Reg(rA2) != b.addr("br")+6 {
		t.Errorf("mcause %d mepc %#x mtval %#x, want 0, %#x, %#x", h.Reg(rA0), h.Reg(rA1), h.Reg(rA2), b.addr("br"), b.addr("br")+6)
	}
}

// trapProgram exercises the trap path on a bare machine: ecall and ebreak in M-mode, mret
// into U-mode, ecall and an illegal CSR access from U-mode, and the way back to M-mode
// through ecall. The handler logs (mcause, mepc, mtval, mstatus) for every trap.
func trapProgram(xlen int) *asmBuf {
	a := newAsm(codeBase, xlen)
	a.la(rT0, "handler")
	a.csrw(csrMtvec, rT0)
	a.li(rS0, dataBase)
	a.label("ecallM")
	a.ecall()
	a.label("ebreakM")
	a.ebreak()
	a.li(rT0, 0x1800)
	a.csrrc(rZero, csrMstatus, rT0) // MPP = U
	a.la(rT0, "user")
	a.csrw(csrMepc, rT0)
	a.mret()
	a.ebreak() // not reached
	a.label("user")
	a.label("ecallU")
	a.ecall()
	a.label("csrU")
	a.csrr(rA0, csrMstatus) // illegal in U-mode
	a.li(rA7, 93)
	a.label("exitU")
	a.ecall()
	a.ebreak() // not reached

	a.label("handler")
	a.csrr(rT1, csrMcause)
	a.sw(rT1, rS0, 0)
	a.csrr(rT1, csrMepc)
	a.sw(rT1, rS0, 4)
	a.csrr(rT1, csrMtval)
	a.sw(rT1, rS0, 8)
	a.csrr(rT1, csrMstatus)
	a.sw(rT1, rS0, 12)
	a.addi(rS0, rS0, 16)
	a.li(rT1, 93)
	a.beq(rA7, rT1, "done")
	a.csrr(rT1, csrMepc)
	a.addi(rT1, rT1, 4)
	a.csrw(csrMepc, rT1)
	a.mret()
	a.label("done")
	a.csrw(csrMtvec, rZero)
	a.ebreak()
	a.bytes()
	return a
}

func TestTrapsOnBareMachine(t *testing.T) {
	for _, xlen := range []int{64, 32} {
		t.Run(fmt.Sprint("rv", xlen), func(t *testing.T) {
			a := trapProgram(xlen)
			h := newBareHart(t, fmt.Sprintf("rv%dima", xlen), a.b, emu.PermRX)
			st := runToBreak(t, h, 1000)
			if st.PC != a.addr("done")+4 {
				t.Fatalf("final ebreak at %#x, want %#x", st.PC, a.addr("done")+4)
			}
			if h.Priv != emu.PrivM {
				t.Errorf("ended in privilege %d, want M", h.Priv)
			}
			csrU := a.addr("csrU")
			want := [][4]uint64{
				{11, a.addr("ecallM"), 0, 3 << 11},
				{3, a.addr("ebreakM"), a.addr("ebreakM"), 3 << 11},
				{8, a.addr("ecallU"), 0, 0},
				{2, csrU, 0x30002573, 0},
				{8, a.addr("exitU"), 0, 0},
			}
			var log [4 * 5]uint32
			var b [len(log) * 4]byte
			h.Mem.Read(dataBase, b[:])
			for i := range log {
				log[i] = binary.LittleEndian.Uint32(b[4*i:])
			}
			for i, w := range want {
				got := log[4*i : 4*i+4]
				if uint64(got[0]) != w[0] || uint64(got[1]) != w[1] || uint64(got[2]) != w[2] {
					t.Errorf("trap %d: mcause %d mepc %#x mtval %#x, want %d %#x %#x", i, got[0], got[1], got[2], w[0], w[1], w[2])
				}
				if mpp := uint64(got[3]) & 0x1800; mpp != w[3] {
					t.Errorf("trap %d: mstatus.MPP = %#x, want %#x", i, mpp, w[3])
				}
				if got[3]&0x8 != 0 {
					t.Errorf("trap %d: mstatus.MIE set inside the handler", i)
				}
			}
		})
	}
}

func TestMretLeavesUMode(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.la(rT0, "user")
	a.csrw(csrMepc, rT0)
	a.mret() // MPP is U (0) after reset
	a.label("user")
	a.addi(rA0, rZero, 1)
	a.csrr(rA1, csrMscratch) // illegal: stops the run (mtvec = 0)
	h := newBareHart(t, "rv64i", a.bytes(), emu.PermRX)
	st := h.Run(100)
	if h.Priv != emu.PrivU || st.Signal != emu.SIGILL || st.PC != a.addr("user")+4 {
		t.Errorf("priv %d, stop %v; want U-mode and SIGILL at %#x", h.Priv, st, a.addr("user")+4)
	}
	if h.Reg(rA0) != 1 {
		t.Errorf("a0 = %d: the U-mode code did not run", h.Reg(rA0))
	}
}

func TestCSRRules(t *testing.T) {
	h := emu.NewHart(mustISA(t, "rv64imac"), emu.NewMemory())

	// mstatus is WARL: only MIE, MPIE, MPP, MPRV and TW are writable; MPP holds M or U.
	if !h.WriteCSR(csrMstatus, ^uint64(0)) {
		t.Fatal("mstatus write refused in M-mode")
	}
	v, _ := h.ReadCSR(csrMstatus)
	if want := uint64(2<<32 | 1<<3 | 1<<7 | 3<<11 | 1<<17 | 1<<21); v != want {
		t.Errorf("mstatus after writing all ones = %#x, want %#x", v, want)
	}
	for mpp, want := range []uint64{0, 0, 0, 3} {
		h.WriteCSR(csrMstatus, uint64(mpp)<<11)
		v, _ := h.ReadCSR(csrMstatus)
		if got := v >> 11 & 3; got != want {
			t.Errorf("MPP written as %d reads %d, want %d", mpp, got, want)
		}
	}

	// misa: MXL and the letters of the ISA, plus U; writes are ignored.
	letters := func(s string) uint64 {
		var v uint64
		for _, c := range s {
			v |= 1 << (c - 'A')
		}
		return v
	}
	misa, ok := h.ReadCSR(csrMisa)
	if want := 2<<62 | letters("IMACU"); !ok || misa != want {
		t.Errorf("rv64imac misa = %#x, want %#x", misa, want)
	}
	h.WriteCSR(csrMisa, 0)
	if v, _ := h.ReadCSR(csrMisa); v != misa {
		t.Errorf("misa changed to %#x by a write", v)
	}
	h32 := emu.NewHart(mustISA(t, "rv32imc"), emu.NewMemory())
	if v, _ := h32.ReadCSR(csrMisa); v != 1<<30|letters("IMCU") {
		t.Errorf("rv32imc misa = %#x, want %#x", v, 1<<30|letters("IMCU"))
	}

	// Read-only CSRs refuse writes; missing CSRs refuse everything.
	if h.WriteCSR(csrMvendorid, 1) || h.WriteCSR(csrCycle, 1) {
		t.Error("a read-only CSR accepted a write")
	}
	if _, ok := h.ReadCSR(0x7c0); ok {
		t.Error("CSR 0x7c0 exists")
	}

	// mepc: bit 0 always reads zero, and bit 1 too without C (IALIGN = 32).
	h.WriteCSR(csrMepc, 0x1003)
	if v, _ := h.ReadCSR(csrMepc); v != 0x1002 {
		t.Errorf("rv64imac mepc = %#x, want 0x1002", v)
	}
	hn := emu.NewHart(mustISA(t, "rv64im"), emu.NewMemory())
	hn.WriteCSR(csrMepc, 0x1003)
	if v, _ := hn.ReadCSR(csrMepc); v != 0x1000 {
		t.Errorf("rv64im mepc = %#x, want 0x1000", v)
	}

	// U-mode: no machine CSRs; counters only as mcounteren allows.
	h.Priv = emu.PrivU
	if _, ok := h.ReadCSR(csrMstatus); ok {
		t.Error("mstatus readable in U-mode")
	}
	if _, ok := h.ReadCSR(csrCycle); ok {
		t.Error("cycle readable in U-mode with mcounteren = 0")
	}
	h.Priv = emu.PrivM
	h.WriteCSR(csrMcounteren, 1)
	h.Priv = emu.PrivU
	if _, ok := h.ReadCSR(csrCycle); !ok {
		t.Error("cycle not readable in U-mode with mcounteren.CY set")
	}
	if _, ok := h.ReadCSR(csrInstret); ok {
		t.Error("instret readable in U-mode with mcounteren.IR clear")
	}
}

func TestMretToMisalignedMepcWithoutC(t *testing.T) {
	// Without C, mepc's bit 1 is masked on read, so mret cannot go to a 2-byte boundary.
	a := newAsm(codeBase, 64)
	a.la(rT0, "t")
	a.addi(rT0, rT0, 2)
	a.csrw(csrMepc, rT0)
	a.li(rT0, 0x1800)
	a.csrrs(rZero, csrMstatus, rT0) // MPP = M
	a.mret()
	a.label("t")
	a.ebreak()
	h := newBareHart(t, "rv64i", a.bytes(), emu.PermRX)
	st := h.Run(20)
	if st.Signal != emu.SIGTRAP || st.PC != a.addr("t") {
		t.Errorf("stop %v, want the ebreak at %#x", st, a.addr("t"))
	}
}

func TestAtomics(t *testing.T) {
	for _, xlen := range []int{64, 32} {
		t.Run(fmt.Sprint("rv", xlen), func(t *testing.T) {
			a := newAsm(codeBase, xlen)
			a.li(rS0, dataBase)
			a.li(rT0, 5)
			a.sw(rT0, rS0, 0)
			a.amo(amoLR, 2, rA0, rS0, rZero) // a0 = 5
			a.addi(rA0, rA0, 1)
			a.amo(amoSC, 2, rA1, rS0, rA0) // succeeds: a1 = 0, mem = 6
			a.amo(amoSC, 2, rA2, rS0, rA0) // no reservation: a2 = 1
			a.amo(amoLR, 2, rT1, rS0, rZero)
			a.addi(rS1, rS0, 8)
			a.amo(amoSC, 2, rA3, rS1, rA0) // other address: fails, a3 = 1
			a.amo(amoSC, 2, rA4, rS0, rA0) // the failed SC dropped the reservation: a4 = 1

			a.li(rT0, 0x80000000)
			a.sw(rT0, rS0, 16)
			a.li(rT1, 3)
			a.addi(rS2, rS0, 16)
			a.amo(amoADD, 2, rA5, rS2, rT1)   // a5 = 0x80000000 (sign-extended), mem 0x80000003
			a.amo(amoMIN, 2, rA6, rS2, rT1)   // signed min(0x80000003, 3): mem 0x80000003
			a.amo(amoMINU, 2, rA7, rS2, rT1)  // unsigned min: mem 3
			a.amo(amoMAXU, 2, rS3, rS2, rT0)  // mem 0x80000000
			a.amo(amoMAX, 2, rS4, rS2, rT1)   // signed max: mem 3
			a.amo(amoXOR, 2, rS5, rS2, rT1)   // mem 0
			a.amo(amoOR, 2, rS6, rS2, rT0)    // mem 0x80000000
			a.amo(amoAND, 2, rS7, rS2, rT1)   // mem 0
			a.amo(amoSWAP, 2, rS8, rS2, rT0)  // mem 0x80000000
			a.amo(amoADD, 2, rS9, rS2, rZero) // read it back
			a.ebreak()
			h := newBareHart(t, fmt.Sprintf("rv%dia", xlen), a.bytes(), emu.PermRX)
			runToBreak(t, h, 100)
			sx := func(v uint32) uint64 { // what Reg returns for a sign-extended 32-bit value
				if xlen == 32 {
					return uint64(v)
				}
				return uint64(int64(int32(v)))
			}
			for _, c := range []struct {
				r    int
				want uint64
			}{
				{rA0, 6}, {rA1, 0}, {rA2, 1}, {rA3, 1}, {rA4, 1},
				{rA5, sx(0x80000000)}, {rA6, sx(0x80000003)}, {rA7, sx(0x80000003)},
				{rS3, 3}, {rS4, sx(0x80000000)}, {rS5, 3}, {rS6, 0}, {rS7, sx(0x80000000)},
				{rS8, 0}, {rS9, sx(0x80000000)},
			} {
				if got := h.Reg(c.r); got != c.want {
					t.Errorf("%s = %#x, want %#x", isa.RegName(uint8(c.r)), got, c.want)
				}
			}
			var b [4]byte
			h.Mem.Read(dataBase, b[:])
			if v := binary.LittleEndian.Uint32(b[:]); v != 6 {
				t.Errorf("sc.w stored %d, want 6", v)
			}
		})
	}

	// 64-bit AMOs and LR/SC.
	a := newAsm(codeBase, 64)
	a.li(rS0, dataBase)
	a.li(rT0, -2)
	a.sd(rT0, rS0, 0)
	a.amo(amoLR, 3, rA0, rS0, rZero)
	a.amo(amoSC, 3, rA1, rS0, rS0) // mem = dataBase
	a.li(rT1, 1<<40)
	a.amo(amoADD, 3, rA2, rS0, rT1) // a2 = dataBase
	a.ld(rA3, rS0, 0)
	a.amo(amoMAXU, 3, rA4, rS0, rT0) // mem = -2
	a.ld(rA5, rS0, 0)
	a.ebreak()
	h := newBareHart(t, "rv64ia", a.bytes(), emu.PermRX)
	runToBreak(t, h, 100)
	for _, c := range []struct {
		r    int
		want uint64
	}{{rA0, ^uint64(1)}, {rA1, 0}, {rA2, dataBase}, {rA3, dataBase + 1<<40}, {rA4, dataBase + 1<<40}, {rA5, ^uint64(1)}} {
		if got := h.Reg(c.r); got != c.want {
			t.Errorf("rv64 %s = %#x, want %#x", isa.RegName(uint8(c.r)), got, c.want)
		}
	}
}

func TestAtomicFaults(t *testing.T) {
	for _, c := range []struct {
		name   string
		word   func(a *asmBuf)
		addr   uint64
		signal int
		cause  uint64
	}{
		{"misaligned amoadd.w", func(a *asmBuf) { a.amo(amoADD, 2, rA0, rS0, rZero) }, dataBase + 2, emu.SIGBUS, 6},
		{"misaligned lr.d", func(a *asmBuf) { a.amo(amoLR, 3, rA0, rS0, rZero) }, dataBase + 4, emu.SIGBUS, 4},
		{"amoswap.w to read-only", func(a *asmBuf) { a.amo(amoSWAP, 2, rA0, rS0, rZero) }, codeBase, emu.SIGSEGV, 7},
		{"sc.w to unmapped", func(a *asmBuf) { a.amo(amoSC, 2, rA0, rS0, rZero) }, 0x40000, emu.SIGSEGV, 7},
		{"lr.w from unmapped", func(a *asmBuf) { a.amo(amoLR, 2, rA0, rS0, rZero) }, 0x40000, emu.SIGSEGV, 5},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := newAsm(codeBase, 64)
			a.li(rS0, int64(c.addr))
			c.word(a)
			a.ebreak()
			h := newBareHart(t, "rv64ia", a.bytes(), emu.PermRX)
			before, _ := h.Mem.Load32(codeBase)
			st := h.Run(10)
			if st.Signal != c.signal || st.Cause != c.cause || st.Tval != c.addr {
				t.Errorf("stop %v (tval %#x), want signal %d cause %d tval %#x", st, st.Tval, c.signal, c.cause, c.addr)
			}
			if after, _ := h.Mem.Load32(codeBase); after != before {
				t.Errorf("the faulting AMO changed memory")
			}
		})
	}
}

// countLoop counts in a0 forever: addi, j.
func countLoop() []byte {
	a := newAsm(codeBase, 64)
	a.label("loop")
	a.addi(rA0, rA0, 1)
	a.j("loop")
	return a.bytes()
}

func TestRunBudget(t *testing.T) {
	for _, hooked := range []bool{false, true} {
		h := newBareHart(t, "rv64i", countLoop(), emu.PermRX)
		var n uint64
		if hooked {
			h.Hook = func(*emu.Retired) { n++ }
		}
		st := h.Run(1001)
		if st.Reason != emu.StopLimit || h.Instret != 1001 || h.Reg(rA0) != 501 {
			t.Errorf("hooked=%v: stop %v, instret %d, a0 %d; want the limit after 1001 (a0 501)", hooked, st, h.Instret, h.Reg(rA0))
		}
		st = h.Run(999)
		if st.Reason != emu.StopLimit || h.Instret != 2000 || h.Reg(rA0) != 1000 {
			t.Errorf("hooked=%v: second run: instret %d, a0 %d; want 2000 and 1000", hooked, h.Instret, h.Reg(rA0))
		}
		if hooked && n != 2000 {
			t.Errorf("hook called %d times, want 2000", n)
		}
		for i := 0; i < 10; i++ {
			h.Step()
		}
		if h.Instret != 2010 {
			t.Errorf("hooked=%v: 10 steps left instret at %d", hooked, h.Instret)
		}
	}

	// The budget is exact across the HTIF polling chunks too.
	h := newBareHart(t, "rv64i", countLoop(), emu.PermRX)
	emu.NewHTIF(h, dataBase, dataBase+64, nil)
	if st := h.Run(200_001); st.Reason != emu.StopLimit || h.Instret != 200_001 {
		t.Errorf("with HTIF: stop %v, instret %d; want the limit after 200001", st, h.Instret)
	}
}

func TestTrapLoopTerminates(t *testing.T) {
	// mtvec points at unmapped memory: every trap traps again without retiring anything.
	// Run must still return when its budget is used up, with or without a hook.
	for _, hooked := range []bool{false, true} {
		a := newAsm(codeBase, 64)
		a.li(rT0, 0x7000000)
		a.csrw(csrMtvec, rT0)
		a.ecall()
		h := newBareHart(t, "rv64i", a.bytes(), emu.PermRX)
		if hooked {
			h.Hook = func(*emu.Retired) {}
		}
		st := runWithTimeout(t, h, 10_000, 10*time.Second)
		if st.Reason != emu.StopLimit {
			t.Errorf("hooked=%v: stop %v, want the instruction limit", hooked, st)
		}
		if h.Instret != 2 {
			t.Errorf("hooked=%v: instret %d, want 2 (li, csrw)", hooked, h.Instret)
		}
	}
}

func TestMinstretWrite(t *testing.T) {
	// Writing minstret sets Instret (the write takes precedence over the writing
	// instruction's own increment) and leaves the run budget alone: three instructions
	// before the count restarts at 1<<40, 997 after it.
	a := newAsm(codeBase, 64)
	a.li(rT0, 1<<40)
	a.csrw(csrMinstret, rT0)
	a.csrr(rA0, csrMinstret) // the write takes precedence over its own retirement
	a.csrr(rA1, csrInstret)
	a.label("loop")
	a.j("loop")
	for _, hooked := range []bool{false, true} {
		h := newBareHart(t, "rv64i", a.bytes(), emu.PermRX)
		if hooked {
			h.Hook = func(*emu.Retired) {}
		}
		st := runWithTimeout(t, h, 1000, 10*time.Second)
		if st.Reason != emu.StopLimit || h.Instret != 1<<40+997 {
			t.Errorf("hooked=%v: stop %v, Instret %d; want the limit after 1000 instructions (Instret 1<<40 + 997)", hooked, st, h.Instret)
		}
		if h.Reg(rA0) != 1<<40 || h.Reg(rA1) != 1<<40+1 {
			t.Errorf("hooked=%v: minstret read %#x then instret %#x, want %#x and %#x", hooked, h.Reg(rA0), h.Reg(rA1), uint64(1<<40), uint64(1<<40+1))
		}
	}
}

func TestHook(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.li(rS0, dataBase)              // 0: lui (dataBase = 0x10000)
	a.addi(rT0, rZero, 3)            // 4
	a.label("st").sw(rT0, rS0, 8)    // 8
	a.label("ld").lw(rT1, rS0, 8)    // 12
	a.label("nt").bne(rT0, rT1, "x") // not taken
	a.label("tk").beq(rT0, rT1, "y") // taken
	a.label("x").ebreak()
	a.label("y")
	a.label("amo").amo(amoADD, 3, rA0, rS0, rT0)
	a.label("jl").jal(rRA, "z")
	a.ebreak()
	a.label("z")
	a.ebreak()

	h := newBareHart(t, "rv64ia", a.bytes(), emu.PermRX)
	var got []emu.Retired
	h.Hook = func(r *emu.Retired) { got = append(got, *r) }
	runToBreak(t, h, 100)
	if len(got) != int(h.Instret) {
		t.Fatalf("%d hook calls for %d retired instructions", len(got), h.Instret)
	}
	find := func(label string) emu.Retired {
		for _, r := range got {
			if r.PC == a.addr(label) {
				return r
			}
		}
		t.Fatalf("no retired instruction at %s", label)
		return emu.Retired{}
	}
	if r := find("st"); r.MemAddr != dataBase+8 || r.MemSize != 4 || !r.Store || r.NextPC != r.PC+4 || r.Taken() {
		t.Errorf("sw: %+v", r)
	}
	if r := find("ld"); r.MemAddr != dataBase+8 || r.MemSize != 4 || r.Store || r.Inst.Op != isa.LW {
		t.Errorf("lw: %+v", r)
	}
	if r := find("nt"); r.Taken() || r.MemSize != 0 || r.NextPC != a.addr("tk") {
		t.Errorf("bne not taken: %+v", r)
	}
	if r := find("tk"); !r.Taken() || r.NextPC != a.addr("y") {
		t.Errorf("beq taken: %+v", r)
	}
	if r := find("amo"); r.MemAddr != dataBase || r.MemSize != 8 || !r.Store {
		t.Errorf("amoadd.d: %+v", r)
	}
	if r := find("jl"); !r.Taken() || r.NextPC != a.addr("z") || r.Inst.Op != isa.JAL || r.Inst.Rd != rRA {
		t.Errorf("jal: %+v", r)
	}
	if got[0].Inst.Op != isa.LUI || got[0].PC != codeBase || got[0].Inst.Len != 4 {
		t.Errorf("first retired: %+v", got[0])
	}
}

func TestHookedRunMatchesFastRun(t *testing.T) {
	// A program with traps into a handler, loads, stores, AMOs and CSR reads: with and
	// without a hook, the same budget must give the same state.
	build := func() []byte {
		a := newAsm(codeBase, 64)
		a.la(rT0, "handler")
		a.csrw(csrMtvec, rT0)
		a.li(rS0, dataBase)
		a.label("loop")
		a.addi(rA0, rA0, 1)
		a.sd(rA0, rS0, 0)
		a.ld(rA1, rS0, 0)
		a.amo(amoADD, 3, rA2, rS0, rA1)
		a.ecall()
		a.csrr(rA3, csrInstret)
		a.j("loop")
		a.label("handler")
		a.addi(rA4, rA4, 1)
		a.csrr(rT1, csrMepc)
		a.addi(rT1, rT1, 4)
		a.csrw(csrMepc, rT1)
		a.li(rT1, 0x1800)
		a.csrrs(rZero, csrMstatus, rT1)
		a.mret()
		return a.bytes()
	}
	for _, budget := range []uint64{1, 7, 100, 1234, 5000} {
		fast := newBareHart(t, "rv64ia", build(), emu.PermRX)
		slow := newBareHart(t, "rv64ia", build(), emu.PermRX)
		var n uint64
		slow.Hook = func(*emu.Retired) { n++ }
		s1, s2 := fast.Run(budget), slow.Run(budget)
		if s1 != s2 || fast.X != slow.X || fast.PC != slow.PC || fast.Instret != slow.Instret || fast.Priv != slow.Priv {
			t.Errorf("budget %d: fast run %v at %#x (instret %d, a4 %d), hooked run %v at %#x (instret %d, a4 %d)",
				budget, s1, fast.PC, fast.Instret, fast.Reg(rA4), s2, slow.PC, slow.Instret, slow.Reg(rA4))
		}
		if n != slow.Instret {
			t.Errorf("budget %d: hook called %d times for %d retired", budget, n, slow.Instret)
		}
	}
}

func TestCommitLog(t *testing.T) {
	a := newAsm(codeBase, 64)
	a.lui(rS0, 0x10)                // 1000: s0 = 0x10000
	a.addi(rT0, rZero, 5)           // 1004
	a.sw(rT0, rS0, 8)               // 1008
	a.lw(rT1, rS0, 8)               // 100c
	a.half(0x0305)                  // 1010: c.addi t1, 1
	a.sb(rT1, rS0, 0)               // 1012
	a.sd(rT1, rS0, 16)              // 1016
	a.nop()                         // 101a: writes x0: no register shown
	a.amo(amoADD, 2, rA0, rS0, rT0) // 101e: amoadd.w a0, t0, (s0)
	a.amo(amoSC, 2, rA1, rS0, rT0)  // 1022: sc.w without a reservation fails
	a.la(rT2, "user")               // 1026, 102a
	a.csrw(csrMepc, rT2)            // 102e
	a.mret()                        // 1032: runs in M-mode, returns to U-mode
	a.label("user")
	a.addi(rA2, rZero, -1) // 1036: in U-mode
	a.ebreak()
	h := newBareHart(t, "rv64imac", a.bytes(), emu.PermRX)
	var out strings.Builder
	var flush func() error
	h.Hook, flush = emu.CommitLog(h, &out)
	h.Run(100)
	flush()
	want := `core   0: 3 0x0000000000001000 (0x00010437) x8  0x0000000000010000
core   0: 3 0x0000000000001004 (0x00500293) x5  0x0000000000000005
core   0: 3 0x0000000000001008 (0x00542423) mem 0x0000000000010008 0x00000005
core   0: 3 0x000000000000100c (0x00842303) x6  0x0000000000000005 mem 0x0000000000010008
core   0: 3 0x0000000000001010 (0x0305) x6  0x0000000000000006
core   0: 3 0x0000000000001012 (0x00640023) mem 0x0000000000010000 0x06
core   0: 3 0x0000000000001016 (0x00643823) mem 0x0000000000010010 0x0000000000000006
core   0: 3 0x000000000000101a (0x00000013)
core   0: 3 0x000000000000101e (0x0054252f) x10 0x0000000000000006 mem 0x0000000000010000 mem 0x0000000000010000 0x0000000b
core   0: 3 0x0000000000001022 (0x185425af) x11 0x0000000000000001
core   0: 3 0x0000000000001026 (0x00000397) x7  0x0000000000001026
core   0: 3 0x000000000000102a (0x01038393) x7  0x0000000000001036
core   0: 3 0x000000000000102e (0x34139073)
core   0: 3 0x0000000000001032 (0x30200073)
core   0: 0 0x0000000000001036 (0xfff00613) x12 0xffffffffffffffff
`
	if out.String() != want {
		t.Errorf("commit log:\n%s\nwant:\n%s", out.String(), want)
	}

	// RV32: 8-digit pc, registers and addresses.
	b := newAsm(codeBase, 32)
	b.lui(rS0, 0x10)
	b.addi(rT0, rZero, -2)
	b.sh(rT0, rS0, 2)
	b.lbu(rT1, rS0, 3)
	b.ebreak()
	h = newBareHart(t, "rv32imc", b.bytes(), emu.PermRX)
	out.Reset()
	h.Hook, flush = emu.CommitLog(h, &out)
	h.Run(100)
	flush()
	want = `core   0: 3 0x00001000 (0x00010437) x8  0x00010000
core   0: 3 0x00001004 (0xffe00293) x5  0xfffffffe
core   0: 3 0x00001008 (0x00541123) mem 0x00010002 0xfffe
core   0: 3 0x0000100c (0x00344303) x6  0x000000ff mem 0x00010003
`
	if out.String() != want {
		t.Errorf("RV32 commit log:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestBudgetEndsOnJumpIntoFault(t *testing.T) {
	// The last instruction of the budget jumps to an unmapped page with a trap handler set:
	// the run must stop there (the fetch fault waits for the next run), not overrun its budget.
	a := newAsm(codeBase, 64)
	a.la(rT0, "handler")
	a.csrw(csrMtvec, rT0)
	a.label("jump")
	a.jalr(rZero, rZero, 0x100) // to page 0, unmapped
	a.label("handler")
	a.addi(rA0, rA0, 1)
	a.j("jump")
	code := a.bytes()
	for _, hooked := range []bool{false, true} {
		h := newBareHart(t, "rv64i", code, emu.PermRX)
		if hooked {
			h.Hook = func(*emu.Retired) {}
		}
		st := runWithTimeout(t, h, 4, 10*time.Second) // la (2), csrw, jalr
		if st.Reason != emu.StopLimit || h.PC != 0x100 || h.Instret != 4 {
			t.Errorf("hooked=%v: %v at %#x after %d, want the limit at 0x100 after 4", hooked, st, h.PC, h.Instret)
		}
		// Each step from here is one trap or one instruction.
		for i, want := range []uint64{a.addr("handler"), a.addr("handler") + 4, a.addr("jump"), 0x100, a.addr("handler")} {
			if st := runWithTimeout(t, h, 1, 10*time.Second); st.Reason != emu.StopLimit || h.PC != want {
				t.Errorf("hooked=%v: step %d: %v at %#x, want %#x", hooked, i, st, h.PC, want)
			}
		}
		if h.Reg(rA0) != 1 {
			t.Errorf("hooked=%v: the handler ran %d times, want 1", hooked, h.Reg(rA0))
		}
	}
}

func TestRV32PCWrapsAt4GiB(t *testing.T) {
	// On RV32 the pc wraps from 0xfffffffc to 0 as every address does.
	m := emu.NewMemory()
	m.Map(0xfffff000, 0x1000, emu.PermRX)
	m.Map(0, 0x1000, emu.PermRX)
	m.Write(0xfffffffc, le32(encI(1, rA0, 0, rA0, 0x13))) // addi a0, a0, 1
	m.Write(0, le32(0x00100073))                          // ebreak
	for _, hooked := range []bool{false, true} {
		h := emu.NewHart(mustISA(t, "rv32i"), m)
		h.PC = 0xfffffffc
		if hooked {
			h.Hook = func(*emu.Retired) {}
		}
		st := h.Run(10)
		if st.Signal != emu.SIGTRAP || st.PC != 0 || h.Reg(rA0) != 1 {
			t.Errorf("hooked=%v: %v at %#x, a0 %d; want the ebreak at 0", hooked, st, st.PC, h.Reg(rA0))
		}
	}
}

func le32(w uint32) []byte { return binary.LittleEndian.AppendUint32(nil, w) }
