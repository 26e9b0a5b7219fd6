package emu

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"rvsim/isa"
)

// TestVectorRandomEncodings runs random vector encodings (OP-V, LOAD-FP and STORE-FP major
// opcodes with random fields) under random vtype, vl, vstart and register contents, at
// several VLENs and on RV32 and RV64: every instruction must complete or trap (illegal
// instruction or an access fault), never panic, and leave vstart within bounds.
func TestVectorRandomEncodings(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 10000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, target := range []string{"rv64imacv", "rv32imacv", "rv64imac_zve32x"} {
		for _, vlen := range []int{128, 512} {
			tg := mustParse(t, target)
			h := NewHart(tg, NewMemory())
			if err := h.SetVector(vlen, rng.IntN(2) == 0); err != nil {
				t.Fatal(err)
			}
			h.Mem.Map(0x10000, 4*PageSize, PermRW)
			h.Mem.Map(0x20000, PageSize, PermRX)
			ran, trapped := 0, 0
			for k := 0; k < n; k++ {
				w := rng.Uint32()
				switch rng.IntN(4) {
				case 0:
					w = w&^0x7f | 0x07
				case 1:
					w = w&^0x7f | 0x27
				default:
					w = w&^0x7f | 0x57
				}
				in, st := h.Decoder().Decode(w)
				if st != isa.OK || vexec[in.Op] == nil {
					continue
				}
				if rng.IntN(8) == 0 || h.V.Vill {
					h.X[5] = uint64(rng.IntN(70))
					h.X[6] = uint64(rng.IntN(256))
					vrun(h, isa.Inst{Op: isa.VSETVL, Rd: 7, Rs1: 5, Rs2: 6, Vm: 1, Raw: 0x80000057})
				}
				if rng.IntN(16) == 0 {
					h.V.VStart = uint64(rng.IntN(vlen))
				}
				if rng.IntN(32) == 0 {
					binary.LittleEndian.PutUint64(h.V.Reg[rng.IntN(32*h.V.VLENB/8)*8:], rng.Uint64())
				}
				for r := 1; r < 32; r++ {
					// Base registers point into the mapped region, or near its end, or anywhere.
					switch rng.IntN(4) {
					case 0:
						h.X[r] = rng.Uint64()
					default:
						h.X[r] = 0x10000 + uint64(rng.IntN(4*PageSize+64))
					}
				}
				func() {
					defer func() {
						if p := recover(); p != nil {
							t.Fatalf("%s VLEN %d: %08x %s (vtype %#x vl %d vstart %d): panic: %v",
								target, vlen, w, isa.Format(in, 0, tg.XLEN, nil), h.V.VType, h.V.VL, h.V.VStart, p)
						}
					}()
					st, ok := vrun(h, in)
					ran++
					if !ok {
						trapped++
					}
					if !ok && st.Cause != CauseIllegal && st.Cause != CauseLoadAccess && st.Cause != CauseStoreAccess {
						t.Fatalf("%08x: unexpected stop %v", w, st)
					}
					if ok && h.V.VStart != 0 {
						t.Fatalf("%08x: vstart %d after completing", w, h.V.VStart)
					}
				}()
				if h.V.VStart >= uint64(vlen*8) {
					t.Fatalf("%08x: vstart %d out of range", w, h.V.VStart)
				}
				h.V.VStart = 0
			}
			t.Logf("%s VLEN %d: %d instructions run, %d trapped", target, vlen, ran, trapped)
		}
	}
}
