package isa

import (
	"strconv"
	"strings"
)

var regNames = [32]string{
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2",
	"s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
	"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
	"s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
}

// RegName returns the ABI name of integer register r (zero, ra, sp, ..., t6).
func RegName(r uint8) string {
	if r < 32 {
		return regNames[r]
	}
	return "x" + strconv.Itoa(int(r))
}

var fregNames = [32]string{
	"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7",
	"fs0", "fs1", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5",
	"fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7",
	"fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
}

// FRegName returns the ABI name of floating-point register r (ft0, ..., fa0, ..., ft11).
func FRegName(r uint8) string {
	if r < 32 {
		return fregNames[r]
	}
	return "f" + strconv.Itoa(int(r))
}

// FRegByName returns the number of a floating-point register given its ABI name or "fN".
func FRegByName(name string) (uint8, bool) {
	for i, n := range fregNames {
		if n == name {
			return uint8(i), true
		}
	}
	if len(name) > 1 && name[0] == 'f' {
		if n, err := strconv.Atoi(name[1:]); err == nil && n >= 0 && n < 32 && strconv.Itoa(n) == name[1:] {
			return uint8(n), true
		}
	}
	return 0, false
}

// RMNames are the assembler names of the rounding modes, by rm field value ("" reserved).
var RMNames = [8]string{"rne", "rtz", "rdn", "rup", "rmm", "", "", "dyn"}

// RegByName returns the number of an integer register given its ABI name, "fp" or "xN".
func RegByName(name string) (uint8, bool) {
	for i, n := range regNames {
		if n == name {
			return uint8(i), true
		}
	}
	if name == "fp" {
		return 8, true
	}
	if len(name) > 1 && name[0] == 'x' {
		if n, err := strconv.Atoi(name[1:]); err == nil && n >= 0 && n < 32 && strconv.Itoa(n) == name[1:] {
			return uint8(n), true
		}
	}
	return 0, false
}

// Format returns the instruction's text exactly as llvm-objdump-19 prints it, with one space
// (where llvm-objdump has a tab) between mnemonic and operands: ABI register names,
// hexadecimal immediates, LLVM's aliases (li, mv, ret, j, beqz, csrr, ...), and compressed
// HINT encodings in their c. form. pc is the instruction's address, used for branch and jump
// targets; sym, which may be nil, names an address ("_start+0x4e"), printed in the "<...>"
// suffix llvm-objdump adds after a target. in is expected to come from a decode with status
// OK; anything else still gives a non-empty text.
func Format(in Inst, pc uint64, xlen int, sym func(addr uint64) string) string {
	r := RowOf(in.Op, xlen)
	if r == nil {
		if r = RowOf(in.Op, 96-xlen); r == nil { // another XLEN's row: still say what it is
			return "<unknown>"
		}
	}
	if in.Op == FP {
		return "fp " + hex(int64(in.Raw))
	}
	if in.Op == VFP {
		return "vfp " + hex(int64(in.Raw))
	}
	p := printer{in: in, pc: pc, xlen: xlen, sym: sym}
	if s, ok := p.alias(); ok {
		return s
	}
	return p.canonical(r)
}

type printer struct {
	in   Inst
	pc   uint64
	xlen int
	sym  func(uint64) string
}

// hex renders an immediate as llvm-objdump does: 0x-prefixed, with a minus sign for
// negative values.
func hex(v int64) string {
	if v < 0 {
		return "-0x" + strconv.FormatUint(uint64(-v), 16)
	}
	return "0x" + strconv.FormatUint(uint64(v), 16)
}

func join(mnemonic string, operands ...string) string {
	if len(operands) == 0 {
		return mnemonic
	}
	return mnemonic + " " + strings.Join(operands, ", ")
}

func (p *printer) fd() string  { return FRegName(p.in.Rd) }
func (p *printer) fs1() string { return FRegName(p.in.Rs1) }
func (p *printer) fs2() string { return FRegName(p.in.Rs2) }

// rm renders the rounding-mode operand, or nothing for the mode LLVM leaves implicit: dyn,
// except for the conversions that cannot round (fcvt.d.s, fcvt.d.w, fcvt.d.wu), where it
// is rne.
func (p *printer) rm(ops ...string) []string {
	def := uint8(7)
	switch p.in.Op {
	case FCVT_D_S, FCVT_D_W, FCVT_D_WU:
		def = 0
	}
	if p.in.RM == def {
		return ops
	}
	if n := RMNames[p.in.RM&7]; n != "" {
		return append(ops, n)
	}
	return append(ops, "rm"+strconv.Itoa(int(p.in.RM&7))) // reserved: only in messages
}

func (p *printer) rd() string  { return RegName(p.in.Rd) }
func (p *printer) rs1() string { return RegName(p.in.Rs1) }
func (p *printer) rs2() string { return RegName(p.in.Rs2) }

// mem renders offset(base).
func (p *printer) mem() string { return hex(p.in.Imm) + "(" + p.rs1() + ")" }

// target renders the destination of a branch or jump: its address, then the symbol.
func (p *printer) target() string {
	t := p.pc + uint64(p.in.Imm)
	if p.xlen == 32 {
		t &= 0xffffffff
	}
	return "0x" + strconv.FormatUint(t, 16) + p.symSuffix(t)
}

// symSuffix renders " <name>" for an address sym can name.
func (p *printer) symSuffix(a uint64) string {
	if p.xlen == 32 {
		a &= 0xffffffff
	}
	if p.sym != nil {
		if name := p.sym(a); name != "" {
			return " <" + name + ">"
		}
	}
	return ""
}

func (p *printer) csr() string {
	c := uint16(p.in.Imm) & 0xfff
	if name, ok := CSRName(c, p.xlen); ok {
		return name
	}
	return hex(int64(c))
}

// fenceSet renders a fence predecessor or successor set ("iorw", "rw"; "0" when empty).
func fenceSet(v int64) string {
	var b strings.Builder
	for i, c := range "iorw" {
		if v&(8>>i) != 0 {
			b.WriteRune(c)
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

// amoSuffix renders the aq/rl bits of an AMO or LR/SC.
func amoSuffix(v int64) string {
	return [4]string{"", ".rl", ".aq", ".aqrl"}[v&3]
}

// canonical renders the instruction without aliases, from its row's operand kind.
func (p *printer) canonical(r *Row) string {
	in := p.in
	n := r.Name
	switch r.Args {
	case ArgsNone:
		return n
	case ArgsR:
		return join(n, p.rd(), p.rs1(), p.rs2())
	case ArgsR2:
		return join(n, p.rd(), p.rs1())
	case ArgsI, ArgsShamt, ArgsShamtW, ArgsRnum:
		return join(n, p.rd(), p.rs1(), hex(in.Imm))
	case ArgsLoad:
		return join(n, p.rd(), p.mem())
	case ArgsStore:
		return join(n, p.rs2(), p.mem())
	case ArgsB:
		return join(n, p.rs1(), p.rs2(), p.target())
	case ArgsU:
		return join(n, p.rd(), hex(in.Imm>>12&0xfffff))
	case ArgsJ:
		return join(n, p.rd(), p.target())
	case ArgsCSR:
		return join(n, p.rd(), p.csr(), p.rs1())
	case ArgsCSRI:
		return join(n, p.rd(), p.csr(), hex(int64(in.Rs1)))
	case ArgsAMO:
		return join(n+amoSuffix(in.Imm), p.rd(), p.rs2(), "("+p.rs1()+")")
	case ArgsCBO:
		return join(n, "("+p.rs1()+")")
	case ArgsLR:
		return join(n+amoSuffix(in.Imm), p.rd(), "("+p.rs1()+")")
	case ArgsFence:
		return join(n, fenceSet(in.Imm>>4&15), fenceSet(in.Imm&15))
	case ArgsBS:
		return join(n, p.rd(), p.rs1(), p.rs2(), hex(in.Imm))
	case ArgsSfence:
		return join(n, p.rs1(), p.rs2())
	case ArgsFLoad:
		return join(n, p.fd(), p.mem())
	case ArgsFStore:
		return join(n, p.fs2(), p.mem())
	case ArgsFR4:
		return join(n, p.rm(p.fd(), p.fs1(), p.fs2(), FRegName(in.Rs3))...)
	case ArgsFRRM:
		return join(n, p.rm(p.fd(), p.fs1(), p.fs2())...)
	case ArgsFR:
		return join(n, p.fd(), p.fs1(), p.fs2())
	case ArgsF1RM:
		return join(n, p.rm(p.fd(), p.fs1())...)
	case ArgsXF1RM:
		return join(n, p.rm(p.rd(), p.fs1())...)
	case ArgsXF1:
		return join(n, p.rd(), p.fs1())
	case ArgsFX1RM:
		return join(n, p.rm(p.fd(), p.rs1())...)
	case ArgsFX1:
		return join(n, p.fd(), p.rs1())
	case ArgsXFF:
		return join(n, p.rd(), p.fs1(), p.fs2())
	}
	if r.Args.Vector() {
		return p.vector(r)
	}
	return n
}

// alias renders the instruction with the alias llvm-objdump-19 prefers for it, if any. All of
// rvsim's alias knowledge is here.
func (p *printer) alias() (string, bool) {
	in := p.in
	if in.Len == 2 {
		if s, ok := compressedForm(in); ok {
			return s, true
		}
		// Other compressed instructions print as the 32-bit instruction they expand to.
	}
	rd, rs1, rs2, imm := in.Rd, in.Rs1, in.Rs2, in.Imm
	switch in.Op {
	case ADDI:
		switch {
		case rd == 0 && rs1 == 0 && imm == 0:
			return "nop", true
		case rs1 == 0:
			return join("li", p.rd(), hex(imm)), true
		case imm == 0:
			return join("mv", p.rd(), p.rs1()), true
		}
	case ADDIW:
		if imm == 0 {
			return join("sext.w", p.rd(), p.rs1()), true
		}
	case XORI:
		if imm == -1 {
			return join("not", p.rd(), p.rs1()), true
		}
	case SLTIU:
		if imm == 1 {
			return join("seqz", p.rd(), p.rs1()), true
		}
	case ORI:
		// Zicbop prefetches are ori x0 with the low offset bits selecting the kind.
		if rd == 0 {
			if m, ok := map[int64]string{0: "prefetch.i", 1: "prefetch.r", 3: "prefetch.w"}[imm&31]; ok {
				return join(m, hex(imm&^31)+"("+p.rs1()+")"), true
			}
		}
	case SUB:
		if rs1 == 0 {
			return join("neg", p.rd(), p.rs2()), true
		}
	case SUBW:
		if rs1 == 0 {
			return join("negw", p.rd(), p.rs2()), true
		}
	case SLTU:
		if rs1 == 0 {
			return join("snez", p.rd(), p.rs2()), true
		}
	case SLT:
		if rs2 == 0 {
			return join("sltz", p.rd(), p.rs1()), true
		}
		if rs1 == 0 {
			return join("sgtz", p.rd(), p.rs2()), true
		}
	case ADD:
		// Zihintntl: add x0, x0, x2..x5.
		if rd == 0 && rs1 == 0 && rs2 >= 2 && rs2 <= 5 {
			return [...]string{"ntl.p1", "ntl.pall", "ntl.s1", "ntl.all"}[rs2-2], true
		}
	case ADD_UW:
		if rs2 == 0 {
			return join("zext.w", p.rd(), p.rs1()), true
		}
	case AUIPC:
		if rd == 0 { // Zicfilp landing pad
			return join("lpad", hex(imm>>12&0xfffff)), true
		}
	case BEQ, BNE, BGE, BLT:
		zname := map[Op][2]string{BEQ: {"beqz", "beqz"}, BNE: {"bnez", "bnez"}, BGE: {"bgez", "blez"}, BLT: {"bltz", "bgtz"}}[in.Op]
		// With both registers x0, LLVM prefers blez for bge and bltz for blt.
		if rs1 == 0 && in.Op == BGE {
			return join(zname[1], p.rs2(), p.target()), true
		}
		if rs2 == 0 {
			return join(zname[0], p.rs1(), p.target()), true
		}
		if rs1 == 0 && in.Op == BLT {
			return join(zname[1], p.rs2(), p.target()), true
		}
	case JAL:
		switch rd {
		case 0:
			return join("j", p.target()), true
		case 1:
			return join("jal", p.target()), true
		}
	case JALR:
		var t string
		switch {
		case rd == 0 && rs1 == 1 && imm == 0:
			t = "ret"
		case rd == 0 && imm == 0:
			t = join("jr", p.rs1())
		case rd == 1 && imm == 0:
			t = join("jalr", p.rs1())
		case imm == 0:
			t = join("jalr", p.rd(), p.rs1())
		case rd == 0:
			t = join("jr", p.mem())
		case rd == 1:
			t = join("jalr", p.mem())
		default:
			t = join("jalr", p.rd(), p.mem())
		}
		// Based on x0, the target is known: llvm-objdump names it.
		if rs1 == 0 {
			t += p.symSuffix(uint64(imm))
		}
		return t, true
	case FENCE:
		pred, succ, fm := imm>>4&15, imm&15, imm>>8&15
		switch {
		case fm == 8 && pred == 3 && succ == 3:
			return "fence.tso", true
		case fm == 0 && pred == 1 && succ == 0:
			return "pause", true
		case fm == 0 && pred == 15 && succ == 15:
			return "fence", true
		}
	case FSGNJ_S, FSGNJ_D, FSGNJN_S, FSGNJN_D, FSGNJX_S, FSGNJX_D:
		if rs1 == rs2 {
			m := map[Op]string{FSGNJ_S: "fmv.s", FSGNJ_D: "fmv.d", FSGNJN_S: "fneg.s", FSGNJN_D: "fneg.d",
				FSGNJX_S: "fabs.s", FSGNJX_D: "fabs.d"}[in.Op]
			return join(m, p.fd(), p.fs1()), true
		}
	case CSRRS:
		if rs1 == 0 {
			if m, ok := map[int64]string{CSRFcsr: "frcsr", CSRFrm: "frrm", CSRFflags: "frflags"}[imm&0xfff]; ok {
				return join(m, p.rd()), true
			}
			if p.xlen == 32 || imm&0xfff < 0xc80 {
				switch imm & 0xfff {
				case CSRCycle, CSRTime, CSRInstret:
					return join("rd"+csrNames[uint16(imm&0xfff)], p.rd()), true
				case CSRCycleh, CSRTimeh, CSRInstreth:
					return join("rd"+csrNames32[uint16(imm&0xfff)], p.rd()), true
				}
			}
			return join("csrr", p.rd(), p.csr()), true
		}
		if rd == 0 {
			return join("csrs", p.csr(), p.rs1()), true
		}
	case CSRRW:
		if m, ok := map[int64]string{CSRFcsr: "fscsr", CSRFrm: "fsrm", CSRFflags: "fsflags"}[imm&0xfff]; ok {
			if rd == 0 {
				return join(m, p.rs1()), true
			}
			return join(m, p.rd(), p.rs1()), true
		}
		if rd == 0 {
			if rs1 == 0 && imm&0xfff == CSRCycle {
				return "unimp", true
			}
			return join("csrw", p.csr(), p.rs1()), true
		}
	case CSRRC:
		if rd == 0 {
			return join("csrc", p.csr(), p.rs1()), true
		}
	case CSRRWI, CSRRSI, CSRRCI:
		if m, ok := map[int64]string{CSRFrm: "fsrmi", CSRFflags: "fsflagsi"}[imm&0xfff]; ok && in.Op == CSRRWI {
			if rd == 0 {
				return join(m, hex(int64(rs1))), true
			}
			return join(m, p.rd(), hex(int64(rs1))), true
		}
		if rd == 0 {
			m := map[Op]string{CSRRWI: "csrwi", CSRRSI: "csrsi", CSRRCI: "csrci"}[in.Op]
			return join(m, p.csr(), hex(int64(rs1))), true
		}
	case SFENCE_VMA:
		switch {
		case rs1 == 0 && rs2 == 0:
			return "sfence.vma", true
		case rs2 == 0:
			return join("sfence.vma", p.rs1()), true
		}
	default:
		return p.vectorAlias()
	}
	return "", false
}

// compressedForm renders, for alias, the compressed encodings that LLVM does not print as the
// 32-bit instruction the spec expands them to: the HINTs of the RVC HINT table, which it
// prints in their c. form, and c.mv, which it expands to addi rd, rs2, 0 (hence mv) rather
// than add.
func compressedForm(in Inst) (string, bool) {
	h := uint16(in.Raw)
	rd := RegName(uint8(h>>7) & 31)
	rdp := RegName(8 + uint8(h>>7)&7)
	imm6 := int64(h>>2&31) | int64(h>>12&1)<<5
	simm6 := imm6 << 58 >> 58
	switch {
	case in.Op == ADDI && h&0xe003 == 0x0001: // c.addi
		if in.Rd == 0 && simm6 != 0 {
			return join("c.nop", hex(simm6)), true
		}
		if in.Rd != 0 && simm6 == 0 {
			return join("c.addi", rd, hex(0)), true
		}
	case in.Op == ADDI && h&0xe003 == 0x4001: // c.li
		if in.Rd == 0 {
			return join("c.li", rd, hex(simm6)), true
		}
	case in.Op == LUI && h&0xe003 == 0x6001: // c.lui
		if in.Rd == 0 {
			return join("c.lui", rd, hex(simm6)), true
		}
	case in.Op == SLLI && h&0xe003 == 0x0002: // c.slli
		if in.Rd == 0 && imm6 != 0 {
			return join("c.slli", rd, hex(imm6)), true
		}
		if imm6 == 0 {
			return join("c.slli64", rd), true
		}
	case in.Op == SRLI && imm6 == 0:
		return join("c.srli64", rdp), true
	case in.Op == SRAI && imm6 == 0:
		return join("c.srai64", rdp), true
	case in.Op == ADD && h&0xf003 == 0x8002: // c.mv
		if in.Rd == 0 {
			return join("c.mv", rd, RegName(in.Rs2)), true
		}
		return join("mv", rd, RegName(in.Rs2)), true
	case in.Op == ADD && h&0xf003 == 0x9002: // c.add
		if in.Rd == 0 {
			if in.Rs2 >= 2 && in.Rs2 <= 5 {
				return [...]string{"c.ntl.p1", "c.ntl.pall", "c.ntl.s1", "c.ntl.all"}[in.Rs2-2], true
			}
			return join("c.add", rd, RegName(in.Rs2)), true
		}
	}
	return "", false
}

// VRegName returns the name of vector register r (v0..v31).
func VRegName(r uint8) string { return "v" + strconv.Itoa(int(r)) }

func (p *printer) vd() string  { return VRegName(p.in.Rd) }
func (p *printer) vs1() string { return VRegName(p.in.Rs1) }
func (p *printer) vs2() string { return VRegName(p.in.Rs2) }

// vjoin is join with the ", v0.t" operand of a masked instruction (vm = 0) appended.
func (p *printer) vjoin(mnemonic string, operands ...string) string {
	if p.in.Vm == 0 {
		operands = append(operands, "v0.t")
	}
	return join(mnemonic, operands...)
}

// vector renders a vector instruction without aliases.
func (p *printer) vector(r *Row) string {
	in := p.in
	n := r.Name
	switch r.Args {
	case ArgsVSetVLI:
		return join(n, p.rd(), p.rs1(), vtypeString(in.Imm))
	case ArgsVSetIVLI:
		return join(n, p.rd(), hex(int64(in.Rs1)), vtypeString(in.Imm))
	case ArgsVSetVL:
		return join(n, p.rd(), p.rs1(), p.rs2())
	case ArgsVMem:
		return p.vjoin(vMemName(r, in.Nf), p.vd(), "("+p.rs1()+")")
	case ArgsVMemStride:
		return p.vjoin(vMemName(r, in.Nf), p.vd(), "("+p.rs1()+")", p.rs2())
	case ArgsVMemIndex:
		return p.vjoin(vMemName(r, in.Nf), p.vd(), "("+p.rs1()+")", p.vs2())
	case ArgsVMemWhole:
		return join(vMemName(r, in.Nf), p.vd(), "("+p.rs1()+")")
	case ArgsVV:
		return p.vjoin(n, p.vd(), p.vs2(), p.vs1())
	case ArgsVX:
		return p.vjoin(n, p.vd(), p.vs2(), p.rs1())
	case ArgsVI, ArgsVIU, ArgsVIU6:
		return p.vjoin(n, p.vd(), p.vs2(), hex(in.Imm))
	case ArgsVVM:
		return join(n, p.vd(), p.vs2(), p.vs1(), "v0")
	case ArgsVXM:
		return join(n, p.vd(), p.vs2(), p.rs1(), "v0")
	case ArgsVIM:
		return join(n, p.vd(), p.vs2(), hex(in.Imm), "v0")
	case ArgsVVMacc:
		return p.vjoin(n, p.vd(), p.vs1(), p.vs2())
	case ArgsVXMacc:
		return p.vjoin(n, p.vd(), p.rs1(), p.vs2())
	case ArgsV2:
		return p.vjoin(n, p.vd(), p.vs2())
	case ArgsVD:
		return p.vjoin(n, p.vd())
	case ArgsXV:
		return p.vjoin(n, p.rd(), p.vs2())
	case ArgsVMvV:
		return join(n, p.vd(), p.vs1())
	case ArgsVMvX:
		return join(n, p.vd(), p.rs1())
	case ArgsVMvI:
		return join(n, p.vd(), hex(in.Imm))
	case ArgsVMvNR:
		return join(n, p.vd(), p.vs2())
	}
	return n
}

// vMemName is the mnemonic of a vector load or store with nf: the segment forms insert
// "seg<fields>" before the element width ("vlseg3e32.v", "vlsseg2e8.v", "vluxseg4ei16.v",
// "vlseg2e8ff.v"); whole-register forms carry the register count ("vl2re32.v", "vs4r.v"),
// and LLVM prints vl<n>re8.v as its alias vl<n>r.v.
func vMemName(r *Row, nf uint8) string {
	n := r.Name
	if r.Args == ArgsVMemWhole {
		n = n[:2] + strconv.Itoa(int(nf)+1) + n[3:]
		if strings.HasPrefix(n, "vl") && strings.HasSuffix(n, "re8.v") {
			n = strings.TrimSuffix(n, "e8.v") + ".v"
		}
		return n
	}
	if nf == 0 {
		return n
	}
	i := 2 + strings.IndexByte(n[2:], 'e')
	return n[:i] + "seg" + strconv.Itoa(int(nf)+1) + n[i:]
}

// vtypeString renders a vtype immediate as LLVM does: "e32, m1, ta, ma", or the number when
// it holds a reserved SEW (above 64) or LMUL (vlmul = 4), or any bit above vma.
func vtypeString(v int64) string {
	lmul, sew := v&7, v>>3&7
	if lmul == 4 || sew > 3 || v>>8 != 0 {
		return hex(v)
	}
	t := "e" + strconv.Itoa(8<<sew) + ", " + [8]string{"m1", "m2", "m4", "m8", "", "mf8", "mf4", "mf2"}[lmul]
	if v&0x40 != 0 {
		t += ", ta"
	} else {
		t += ", tu"
	}
	if v&0x80 != 0 {
		return t + ", ma"
	}
	return t + ", mu"
}

// vectorAlias renders the vector aliases llvm-objdump-19 prints.
func (p *printer) vectorAlias() (string, bool) {
	in := p.in
	switch in.Op {
	case VXOR_VI:
		if in.Imm == -1 {
			return p.vjoin("vnot.v", p.vd(), p.vs2()), true
		}
	case VRSUB_VX:
		if in.Rs1 == 0 {
			return p.vjoin("vneg.v", p.vd(), p.vs2()), true
		}
	case VNSRL_WX:
		if in.Rs1 == 0 {
			return p.vjoin("vncvt.x.x.w", p.vd(), p.vs2()), true
		}
	case VWADD_VX:
		if in.Rs1 == 0 {
			return p.vjoin("vwcvt.x.x.v", p.vd(), p.vs2()), true
		}
	case VWADDU_VX:
		if in.Rs1 == 0 {
			return p.vjoin("vwcvtu.x.x.v", p.vd(), p.vs2()), true
		}
	case VMAND_MM:
		if in.Rs1 == in.Rs2 {
			return join("vmmv.m", p.vd(), p.vs2()), true
		}
	case VMNAND_MM:
		if in.Rs1 == in.Rs2 {
			return join("vmnot.m", p.vd(), p.vs2()), true
		}
	case VMXOR_MM:
		if in.Rs1 == in.Rd && in.Rs2 == in.Rd {
			return join("vmclr.m", p.vd()), true
		}
	case VMXNOR_MM:
		if in.Rs1 == in.Rd && in.Rs2 == in.Rd {
			return join("vmset.m", p.vd()), true
		}
	}
	return "", false
}
