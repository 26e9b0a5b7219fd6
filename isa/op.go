package isa

//go:generate go run ./internal/genops

// Op identifies one instruction. Every Op has exactly one Row in the table (some have one row
// per XLEN where the encodings differ); decode, disassembly, execution, the cost model and the
// debugger all key off it. The constants are generated (ops_gen.go) from the names the rows
// use; they are dense so that the interpreter's switch is a jump table, and their order
// carries no meaning: ask the row (its Class, Args, Mem) rather than compare ops.
type Op uint16
