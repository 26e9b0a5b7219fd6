package isa

import "strings"

// Args says which operands an instruction has, where they sit in the encoding, and how they
// are written in assembly. Decode and the printer both switch on it.
type Args uint8

const (
	ArgsNone   Args = iota // ecall, mret, fence.i
	ArgsR                  // rd, rs1, rs2
	ArgsR2                 // rd, rs1 (the rs2 field is part of the opcode)
	ArgsI                  // rd, rs1, imm12
	ArgsShamt              // rd, rs1, shamt (6 bits on RV64, 5 on RV32)
	ArgsShamtW             // rd, rs1, shamt (5 bits)
	ArgsLoad               // rd, imm12(rs1)
	ArgsStore              // rs2, imm12(rs1)
	ArgsB                  // rs1, rs2, pc-relative target
	ArgsU                  // rd, imm20
	ArgsJ                  // rd, pc-relative target
	ArgsCSR                // rd, csr, rs1
	ArgsCSRI               // rd, csr, uimm5 (in the rs1 field)
	ArgsAMO                // rd, rs2, (rs1); aq/rl in bits 26:25
	ArgsLR                 // rd, (rs1); aq/rl
	ArgsFence              // pred, succ (fm in bits 31:28)
	ArgsBS                 // rd, rs1, rs2, bs (bits 31:30)
	ArgsRnum               // rd, rs1, rnum (bits 23:20)
	ArgsSfence             // rs1, rs2
	ArgsCBO                // (rs1): a cache-block operation on the block holding rs1

	// Floating-point operand kinds (f.go, d.go). "f" marks an f register, "x" an integer
	// one; rm is the rounding-mode field (bits 14:12), kept in Inst.RM.
	ArgsFLoad  // fd, imm12(rs1)
	ArgsFStore // fs2, imm12(rs1)
	ArgsFR4    // fd, fs1, fs2, fs3, rm (fused multiply-add; fs3 in Inst.Rs3)
	ArgsFRRM   // fd, fs1, fs2, rm
	ArgsFR     // fd, fs1, fs2 (sign injection, min/max: funct3 is part of the opcode)
	ArgsF1RM   // fd, fs1, rm (fsqrt, fcvt between formats)
	ArgsXF1RM  // rd, fs1, rm (fcvt to an integer)
	ArgsXF1    // rd, fs1 (fmv.x.w, fmv.x.d, fclass)
	ArgsFX1RM  // fd, rs1, rm (fcvt from an integer)
	ArgsFX1    // fd, rs1 (fmv.w.x, fmv.d.x)
	ArgsXFF    // rd, fs1, fs2 (feq, flt, fle)

	// Vector operand kinds (v.go, zvk.go). Register fields are as documented on Inst; "[, v0.t]"
	// marks the vm bit (Inst.Vm = 0: masked by v0). Imm holds the value printed.
	ArgsVSetVLI    // rd, rs1, vtypei (Imm = bits 30:20)
	ArgsVSetIVLI   // rd, uimm5 AVL (in Rs1), vtypei (Imm = bits 29:20)
	ArgsVSetVL     // rd, rs1, rs2 (vsetvl: three integer registers)
	ArgsVMem       // vd/vs3, (rs1)[, v0.t]: unit-stride, fault-only-first, vlm/vsm; Nf = fields - 1
	ArgsVMemStride // vd/vs3, (rs1), rs2[, v0.t]: strided (rs2 is the byte stride); Nf = fields - 1
	ArgsVMemIndex  // vd/vs3, (rs1), vs2[, v0.t]: indexed (vs2 holds the offsets); Nf = fields - 1
	ArgsVMemWhole  // vd/vs3, (rs1): whole registers, Nf = registers - 1 (0, 1, 3 or 7; others reserved)
	ArgsVV         // vd, vs2, vs1[, v0.t]
	ArgsVX         // vd, vs2, rs1[, v0.t]
	ArgsVI         // vd, vs2, simm5[, v0.t] (Imm sign-extended)
	ArgsVIU        // vd, vs2, uimm5[, v0.t] (Imm zero-extended: shifts, slides, vrgather, crypto)
	ArgsVIU6       // vd, vs2, uimm6[, v0.t] (vror.vi: uimm[5] in bit 26)
	ArgsVVM        // vd, vs2, vs1, v0 (carry/borrow in or merge mask; vm = 0 by encoding)
	ArgsVXM        // vd, vs2, rs1, v0
	ArgsVIM        // vd, vs2, simm5, v0
	ArgsVVMacc     // vd, vs1, vs2[, v0.t] (multiply-add: vd is also a source)
	ArgsVXMacc     // vd, rs1, vs2[, v0.t]
	ArgsV2         // vd, vs2[, v0.t] (unary; the vs1 field is part of the opcode, or vs1 unused)
	ArgsVD         // vd[, v0.t] (vid.v)
	ArgsXV         // rd, vs2[, v0.t]: integer result (vmv.x.s, vcpop.m, vfirst.m)
	ArgsVMvV       // vd, vs1 (vmv.v.v)
	ArgsVMvX       // vd, rs1 (vmv.v.x, vmv.s.x)
	ArgsVMvI       // vd, simm5 (vmv.v.i)
	ArgsVMvNR      // vd, vs2 (vmv<nr>r.v): Imm = nr, the simm5 field holds nr - 1
)

// FP reports whether a is one of the floating-point operand kinds.
func (a Args) FP() bool { return a >= ArgsFLoad && a <= ArgsXFF }

// HasRM reports whether instructions with these operands have a rounding-mode field.
func (a Args) HasRM() bool {
	switch a {
	case ArgsFR4, ArgsFRRM, ArgsF1RM, ArgsXF1RM, ArgsFX1RM:
		return true
	}
	return false
}

// Vector reports whether a is one of the vector operand kinds: those of every vector
// instruction but VFP (ArgsNone). Rd, Rs1 and Rs2 name vector registers unless the kind says
// otherwise.
func (a Args) Vector() bool { return a >= ArgsVSetVLI && a <= ArgsVMvNR }

// Class groups instructions by the hardware that executes them, for the cost model. Crypto
// instructions have classes of their own: a core description must say what they cost.
type Class uint8

const (
	ClassNone     Class = iota
	ClassALU            // add, logic, shifts, compares, lui/auipc, Zba, simple Zbb
	ClassBitCount       // clz, ctz, cpop
	ClassBitPerm        // rev8, brev8, orc.b, zip, unzip, pack*
	ClassMul
	ClassDiv
	ClassLoad
	ClassStore
	ClassAtomic
	ClassBranch
	ClassJump
	ClassCSR
	ClassFence
	ClassSystem // ecall, ebreak, mret, wfi
	ClassClmul
	ClassXperm
	ClassAES    // aes32e*/d*, aes64es/esm/ds/dsm
	ClassAESKey // aes64ks1i, aes64ks2, aes64im
	ClassSHA2
	ClassSM4
	ClassSM3
	ClassFP

	// Vector classes. The crypto ones are distinct so that a core description can give
	// each its own cost.
	ClassVSet      // vsetvli, vsetivli, vsetvl
	ClassVLoad     // every vector load (unit-stride, strided, indexed, segment, whole-register, vlm)
	ClassVStore    // every vector store
	ClassVALU      // integer add/sub/logic/shift/compare/min/max/merge/move/extend, widening and narrowing forms, vid
	ClassVMul      // vmul*, vmulh*, vwmul*, multiply-add (vmacc, vmadd, vwmacc*, ...), vsmul
	ClassVDiv      // vdiv*, vrem*
	ClassVFixed    // saturating add/sub, averaging add/sub, scaling shifts, narrowing clips
	ClassVReduce   // vred*, vwred*
	ClassVMask     // mask-register logic (vm*.mm), vcpop.m, vfirst.m, vmsbf/vmsif/vmsof, viota
	ClassVPermute  // vrgather*, vslide*, vcompress, vmv.x.s, vmv.s.x, vmv<nr>r.v
	ClassVBitmanip // Zvbb/Zvkb: vandn, vbrev*, vrev8, vclz, vctz, vcpop.v, vrol, vror, vwsll
	ClassVClmul    // Zvbc: vclmul, vclmulh
	ClassVGHASH    // Zvkg: vghsh, vgmul
	ClassVAES      // Zvkned rounds: vaesef/em/df/dm, vaesz
	ClassVAESKey   // Zvkned key schedule: vaeskf1, vaeskf2
	ClassVSHA2     // Zvknha/b: vsha2ms, vsha2ch, vsha2cl
	ClassVSM4      // Zvksed: vsm4k, vsm4r
	ClassVSM3      // Zvksh: vsm3me, vsm3c
	ClassVFP       // vector floating point (recognised, not executed)
	NumClasses
)

var classNames = [NumClasses]string{
	ClassNone: "none", ClassALU: "alu", ClassBitCount: "bitcount", ClassBitPerm: "bitperm",
	ClassMul: "mul", ClassDiv: "div", ClassLoad: "load", ClassStore: "store",
	ClassAtomic: "atomic", ClassBranch: "branch", ClassJump: "jump", ClassCSR: "csr",
	ClassFence: "fence", ClassSystem: "system", ClassClmul: "clmul", ClassXperm: "xperm",
	ClassAES: "aes", ClassAESKey: "aeskey", ClassSHA2: "sha2", ClassSM4: "sm4", ClassSM3: "sm3",
	ClassFP:   "fp",
	ClassVSet: "vset", ClassVLoad: "vload", ClassVStore: "vstore", ClassVALU: "valu",
	ClassVMul: "vmul", ClassVDiv: "vdiv", ClassVFixed: "vfixed", ClassVReduce: "vreduce",
	ClassVMask: "vmask", ClassVPermute: "vpermute", ClassVBitmanip: "vbitmanip",
	ClassVClmul: "vclmul", ClassVGHASH: "vghash", ClassVAES: "vaes", ClassVAESKey: "vaeskey",
	ClassVSHA2: "vsha2", ClassVSM4: "vsm4", ClassVSM3: "vsm3", ClassVFP: "vfp",
}

// Vector reports whether c is one of the vector classes.
func (c Class) Vector() bool { return c >= ClassVSet && c < NumClasses }

func (c Class) String() string {
	if c < NumClasses {
		return classNames[c]
	}
	return "?"
}

// ClassByName looks a class up by its String form (core description files use the names).
func ClassByName(name string) (Class, bool) {
	for c, n := range classNames {
		if n == name && n != "" {
			return Class(c), true
		}
	}
	return ClassNone, false
}

// Row describes one 32-bit instruction encoding: the single source of truth about it.
type Row struct {
	Op    Op
	Name  string // mnemonic as LLVM prints it
	Mask  uint32 // bits that identify the instruction
	Match uint32 // their values
	Args  Args
	Exts  ExtSet // legal when any of these is enabled
	XLEN  int    // 0: both; 32 or 64: only that width
	Class Class
	Mem   uint8 // bytes accessed by a load, store or AMO (0 otherwise)
	// EEW is the element width in bits a vector load or store names (vle32.v: 32; the
	// index width of an indexed access, whose data width is SEW); 0 for vlm.v and vsm.v.
	EEW uint8
	// Form is the operand form the mnemonic's suffix names (.vv, .vs, ...), set by
	// register from the name.
	Form Form
}

// Form is a vector instruction's operand form, as its mnemonic's suffix names it.
type Form uint8

const (
	FormNone Form = iota // scalar, or a vector instruction without a form suffix
	FormVV               // .vv: vector-vector
	FormVX               // .vx: vector-scalar
	FormVI               // .vi: vector-immediate
	FormVS               // .vs: vs2 is a single element group applied to every group of vd
	FormWV               // .wv, .wx, .wi: the first source is double width
	FormWX
	FormWI
	FormVVM // .vvm, .vxm, .vim: with the v0 carry or merge mask
	FormVXM
	FormVIM
	FormMM // .mm: mask registers
	FormV  // .v: unary, and vector memory
	FormM  // .m: a mask source (vcpop.m, vfirst.m, vmsbf.m, ...)
	FormXS // .x.s, .s.x: scalar moves
	FormVF // .vf2, .vf4, .vf8: extension from a fraction of the width
	FormVM // .vm: vcompress, under a mask operand
)

var formSuffixes = map[string]Form{
	"vv": FormVV, "vx": FormVX, "vi": FormVI, "vs": FormVS, "wv": FormWV, "wx": FormWX,
	"wi": FormWI, "vvm": FormVVM, "vxm": FormVXM, "vim": FormVIM, "mm": FormMM, "v": FormV,
	"m": FormM, "x.s": FormXS, "s.x": FormXS, "v.x": FormVX, "v.i": FormVI, "v.v": FormVV,
	"vf2": FormVF, "vf4": FormVF, "vf8": FormVF, "vm": FormVM,
}

// formOf returns the form a vector mnemonic's suffix names.
func formOf(name string, args Args) Form {
	if !args.Vector() {
		return FormNone
	}
	for _, n := range []int{2, 1} { // "vmv.x.s" has a two-part suffix
		parts := strings.Split(name, ".")
		if len(parts) > n {
			if f, ok := formSuffixes[strings.Join(parts[len(parts)-n:], ".")]; ok {
				return f
			}
		}
	}
	return FormNone
}

// Stores reports whether the instruction writes memory: stores, vector stores and the AMOs
// (LR only reads).
func (r *Row) Stores() bool {
	switch r.Class {
	case ClassStore, ClassVStore:
		return true
	case ClassAtomic:
		return r.Args != ArgsLR
	}
	return false
}

// Inst is one decoded instruction. Register fields hold architectural numbers (x0 included);
// Imm holds the immediate already sign-extended and scaled, or the CSR number, shift amount,
// bs, rnum, or fence bits as the Args kind says.
//
// Vector instructions use the same fields: Rd is vd (vs3 for stores, rd for scalar
// results), Rs1 is vs1, rs1 or the 5-bit immediate field, Rs2 is vs2 or rs2; Imm holds simm5
// (sign-extended) or uimm5 (uimm6 for vror.vi), or the vtype immediate of vsetvli/vsetivli
// (whose AVL immediate stays in Rs1), or nr for vmv<nr>r.v; Vm is the vm bit (1: unmasked;
// 1 too for the vsetvl* instructions, which have none); Nf is the nf field (fields - 1 for
// segment accesses, registers - 1 for whole-register ones). The Args kinds say which.
type Inst struct {
	Op  Op
	Rd  uint8
	Rs1 uint8
	Rs2 uint8
	Len uint8 // 2 for a compressed instruction, 4 otherwise
	Vm  uint8
	Nf  uint8
	Imm int64
	Raw uint32 // the encoding as fetched (16 bits for compressed ones)
	Rs3 uint8  // fs3 of the fused multiply-adds (bits 31:27)
	RM  uint8  // the rounding-mode field of the floating-point kinds that have one
}

// rows holds every 32-bit row; each extension file contributes its own slice in init order
// (file order within the package does not matter: decode orders rows by specificity).
var rows []Row

// opRows maps an op to its rows (one, or one per XLEN).
var opRows [NumOps][]int

func register(rs ...Row) {
	for _, r := range rs {
		r.Form = formOf(r.Name, r.Args)
		opRows[r.Op] = append(opRows[r.Op], len(rows))
		rows = append(rows, r)
	}
}

// Rows returns every 32-bit row (for tests, documentation and the debugger's help).
func Rows() []Row { return rows }

// RowOf returns the description of op for the given XLEN.
func RowOf(op Op, xlen int) *Row {
	if op >= NumOps {
		return nil
	}
	for _, i := range opRows[op] {
		if rows[i].XLEN == 0 || rows[i].XLEN == xlen {
			return &rows[i]
		}
	}
	return nil
}

// Name returns the mnemonic of op.
func (op Op) String() string {
	if op < NumOps && len(opRows[op]) > 0 {
		return rows[opRows[op][0]].Name
	}
	if op < NumOps && cOpNames[op] != "" {
		return cOpNames[op]
	}
	return "unknown"
}

// Class returns the op class of op.
func (op Op) Class() Class {
	if op < NumOps && len(opRows[op]) > 0 {
		return rows[opRows[op][0]].Class
	}
	return ClassNone
}

// CatchAll reports whether op is one of the rows that cover a whole family of encodings
// rvsim recognises but does not execute (the floating-point formats beyond F and D, vector
// floating point), so that running one reports "not implemented" by name. Such an op never
// retires: a cost model need not time it, and finding its bit pattern in a program's text
// (data between functions often decodes as something) says nothing about the run.
func (op Op) CatchAll() bool { return op == FP || op == VFP }

// cOpNames names ops that have no 32-bit row (none today; kept so String never lies).
var cOpNames [NumOps]string

// Field helpers for 32-bit encodings.
func rdOf(w uint32) uint8  { return uint8(w>>7) & 31 }
func rs1Of(w uint32) uint8 { return uint8(w>>15) & 31 }
func rs2Of(w uint32) uint8 { return uint8(w>>20) & 31 }

func immI(w uint32) int64 { return int64(int32(w) >> 20) }
func immS(w uint32) int64 { return int64(int32(w)>>25<<5) | int64(w>>7&31) }
func immB(w uint32) int64 {
	return int64(int32(w)>>31<<12) | int64(w>>7&1)<<11 | int64(w>>25&63)<<5 | int64(w>>8&15)<<1
}
func immU(w uint32) int64 { return int64(int32(w & 0xfffff000)) }
func immJ(w uint32) int64 {
	return int64(int32(w)>>31<<20) | int64(w>>12&255)<<12 | int64(w>>20&1)<<11 | int64(w>>21&1023)<<1
}
