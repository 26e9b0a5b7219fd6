package emu_test

import (
	"bytes"
	"encoding/binary"
	"io"
	"testing"
	"time"

	"rvsim/emu"
)

// FuzzRun maps arbitrary bytes as code on a bare machine and runs up to 10,000 instructions,
// without and with a hook (the commit log and the statistics, as --trace --stats do). Neither
// run may panic or hang, and both must end in the same state: the hooked path is how
// traces are made, so it must not change what the program does.
//
// Run it with a short -fuzzminimizetime (go test ./emu -run '^$' -fuzz FuzzRun -fuzztime 1m
// -fuzzminimizetime 2s): with the default minute, minimizing each new input looks like a stall.
//
// flags selects the ISA (bits 0-1), whether traps go to a handler at the start of the code
// (bit 2, which invites trap loops) and whether an HTIF is attached (bit 3).
func FuzzRun(f *testing.F) {
	f.Add(countLoop(), uint8(0))
	f.Add(trapProgram(64).b, uint8(4))
	f.Add(trapProgram(32).b, uint8(5))
	f.Add(smcProgram(func(a *asmBuf) { a.fencei() }).b, uint8(0))
	f.Add(smcProgram(func(a *asmBuf) {}).b, uint8(2))
	f.Add([]byte{0x73, 0x00, 0x00, 0x00}, uint8(4))             // ecall into a handler that is the ecall
	f.Add([]byte{0x01, 0x00, 0x6f, 0xf0, 0xff, 0xff}, uint8(1)) // c.nop; jal to itself - 2
	f.Add(binary.LittleEndian.AppendUint32(nil, 0x30b50533), uint8(3))
	f.Add(bytes.Repeat([]byte{0x13, 0x05, 0x15, 0x00}, 300), uint8(8))
	// Found by fuzzing: a branch to an unmapped page as the budget's last instruction, with
	// a handler set, used to overrun the budget of Run(1) and never return.
	f.Add([]byte{0xac, 0xc7, 0x2d, 0xdb, 0x7a, 0x1e, 0x5d, 0x8b, 0x83, 0x32, 0x29, 0x9a, 0xd7, 0x7d,
		0x61, 0x59, 0xb1, 0x73, 0xe4, 0x01, 0xc9, 0x7b, 0x85, 0x9b, 0xf6, 0x8c, 0xb3, 0x90, 0x0e, 0xa6, 0x9a, 0x0c}, uint8(4))
	f.Fuzz(func(t *testing.T, code []byte, flags uint8) {
		if len(code) == 0 || len(code) > 1<<14 {
			return
		}
		march := [4]string{"rv64imac_zkn_zks_zbb_zbc", "rv32imac_zkn_zks_zbb_zbc", "rv64i", "rv32i"}[flags&3]
		fast := fuzzHart(t, march, code, flags)
		slow := fuzzHart(t, march, code, flags)
		hook, flush := emu.CommitLog(slow, io.Discard)
		var stats emu.Stats
		slow.Hook = stats.Hook(hook)

		s1 := runWithTimeout(t, fast, 10_000, 20*time.Second)
		s2 := runWithTimeout(t, slow, 10_000, 20*time.Second)
		flush()
		if s1 != s2 || fast.PC != slow.PC || fast.X != slow.X || fast.Instret != slow.Instret || fast.Priv != slow.Priv {
			t.Fatalf("fast run: %v at %#x after %d; hooked run: %v at %#x after %d", s1, fast.PC, fast.Instret, s2, slow.PC, slow.Instret)
		}
		if fast.Mem.Misaligned != slow.Mem.Misaligned {
			t.Fatalf("misaligned accesses: %d fast, %d hooked", fast.Mem.Misaligned, slow.Mem.Misaligned)
		}
		for _, base := range []uint64{codeBase, dataBase, dataBase + emu.PageSize} {
			b1, b2 := make([]byte, emu.PageSize), make([]byte, emu.PageSize)
			fast.Mem.Read(base, b1)
			slow.Mem.Read(base, b2)
			if !bytes.Equal(b1, b2) {
				t.Fatalf("memory at %#x differs between the runs", base)
			}
		}
		var counted uint64
		for _, n := range stats.ByOp {
			counted += n
		}
		if counted+stats.Other != slow.Instret && s2.Reason != emu.StopLimit {
			// Instret can be rewritten by minstret; otherwise every retired instruction is counted.
			t.Logf("stats counted %d, instret %d", counted+stats.Other, slow.Instret)
		}
	})
}

func fuzzHart(t *testing.T, march string, code []byte, flags uint8) *emu.Hart {
	h := newBareHart(t, march, code, emu.PermRWX)
	// Point the argument registers and sp into the data pages, so loads and stores hit memory.
	for r := rA0; r <= rA7; r++ {
		h.X[r] = dataBase + uint64(r-rA0)*0x200
	}
	h.X[rSP] = dataBase + dataSize - 16
	if flags&4 != 0 {
		h.WriteCSR(csrMtvec, codeBase)
	}
	if flags&8 != 0 {
		emu.NewHTIF(h, dataBase+0x1000, dataBase+0x1040, io.Discard)
	}
	return h
}
