package emu

import "rvsim/isa"

// XLEN is handled here, once. Registers hold sign-extended 32-bit values on RV32, so most
// instructions compute the same bits at both widths. The ones that do not are executed as
// internal ops of their own: the control transfers below, whose link and target wrap at 32
// bits, and the registered semantics with an rv32 function (semantics.go), whose internal
// ops genloop numbers after these (exec_gen.go). The mapping is applied when an instruction
// is decoded into the cache, so the interpreter's loop never tests XLEN.

// Internal ops, numbered after the isa ops.
const (
	opDecode  = 0 // the slot has not been decoded yet
	opIllegal = uint16(isa.NumOps) + iota
	opPageEnd // the two slots past a page's last instruction
	opAUIPC32
	opJAL32
	opJALR32
	numFixedOps
)

var identityOps, rv32Ops [isa.NumOps]uint16

func init() {
	for i := range identityOps {
		identityOps[i] = uint16(i)
		rv32Ops[i] = uint16(i)
	}
	rv32Ops[isa.AUIPC], rv32Ops[isa.JAL], rv32Ops[isa.JALR] = opAUIPC32, opJAL32, opJALR32
	for _, p := range genRV32Ops {
		rv32Ops[p.op] = p.x
	}
}

func sext32(v uint64) uint64 { return uint64(int64(int32(v))) }
