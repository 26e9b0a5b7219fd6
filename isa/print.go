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
	case ArgsLR:
		return join(n+amoSuffix(in.Imm), p.rd(), "("+p.rs1()+")")
	case ArgsFence:
		return join(n, fenceSet(in.Imm>>4&15), fenceSet(in.Imm&15))
	case ArgsBS:
		return join(n, p.rd(), p.rs1(), p.rs2(), hex(in.Imm))
	case ArgsSfence:
		return join(n, p.rs1(), p.rs2())
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
	case CSRRS:
		if rs1 == 0 {
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
