// Package cyclemodel predicts how many cycles a program takes on a described RISC-V core.
//
// It is a trace-driven pipeline model: the emulator runs the program and hands every retired
// instruction to Model.Retire as an Event (pc, decoded instruction, memory address and size,
// branch outcome, and for vector instructions vl, SEW and LMUL). The model keeps, for the
// core it was built for, the cycle at which each register's value becomes available, when each
// functional unit can take its next operation, the L1 data cache's tags, the branch
// predictor's tables and (for an out-of-order core) the retirement times of the instructions
// in flight, and advances its clock by the cycles each instruction costs. Why each cycle was
// spent (issue width, a dependency on a given producing class, a busy unit, a mispredict, a
// cache miss, vector occupancy, a full window) is counted as it goes, per instruction when a
// profile range is set.
//
// Everything about the core is data: a Core is read from a TOML description (the shipped
// ones are in cores/, embedded in the binary) whose keys carry their units and whose numbers
// each cite their source. A description that does not assign an op class the program uses
// is an error naming the class: no instruction is silently costed as an ALU op.
//
// The package depends on isa only. The command line hands it the emulator's batches of
// retired instructions (emu.Observer) through RetireBatch, which memoizes the timing of basic
// blocks (block.go), or each instruction through Retire (the debugger); both count the same.
package cyclemodel
