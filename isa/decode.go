package isa

import (
	"math/bits"
	"sort"
	"sync"
)

// Status says how a word decoded.
type Status uint8

const (
	OK         Status = iota
	Unknown           // no row matches: not a RISC-V instruction rvsim knows
	NotEnabled        // a row matches, but its extension is not in the ISA
	WrongXLEN         // a row matches, but only for the other XLEN
	Reserved          // the row matches but a field holds a value the spec reserves
)

func (s Status) String() string {
	return [...]string{"ok", "unknown instruction", "extension not enabled", "not available at this XLEN", "reserved encoding"}[s]
}

// Decoder decodes for one ISA. Rows are bucketed by the major opcode (bits 6:0) and tried
// most specific first, so overlaps (zext.h inside pack, c.jr inside c.mv) resolve to the
// narrower row. The interpreter decodes each instruction once and caches the result, so a
// short scan per bucket is cheap enough and keeps the table the only description.
type Decoder struct {
	ISA     ISA
	buckets [128][]*Row
	cbuck   [3][]*cRow
}

var (
	orderOnce sync.Once
	ordered   [128][]*Row
	cOrdered  [3][]*cRow
)

func order() {
	for i := range rows {
		r := &rows[i]
		ordered[r.Match&127] = append(ordered[r.Match&127], r)
	}
	for b := range ordered {
		rs := ordered[b]
		sort.SliceStable(rs, func(i, j int) bool {
			return bits.OnesCount32(rs[i].Mask) > bits.OnesCount32(rs[j].Mask)
		})
	}
	for i := range cRows {
		r := &cRows[i]
		cOrdered[r.Match&3] = append(cOrdered[r.Match&3], r)
	}
	for q := range cOrdered {
		rs := cOrdered[q]
		sort.SliceStable(rs, func(i, j int) bool {
			return bits.OnesCount16(rs[i].Mask) > bits.OnesCount16(rs[j].Mask)
		})
	}
}

// NewDecoder returns a decoder for isa.
func NewDecoder(isa ISA) *Decoder {
	orderOnce.Do(order)
	d := &Decoder{ISA: isa}
	d.buckets = ordered
	d.cbuck = cOrdered
	return d
}

// InstLen returns the length in bytes of the instruction whose low halfword is lo.
func InstLen(lo uint16) int {
	if lo&3 != 3 {
		return 2
	}
	return 4
}

// Decode decodes the instruction in w (for a compressed one, only the low 16 bits are used).
// The returned Inst is filled in whenever a row matched, whatever the status, so that error
// messages can show what the word would have been.
func (d *Decoder) Decode(w uint32) (Inst, Status) {
	if w&3 != 3 {
		return d.decodeC(uint16(w))
	}
	var first *Row
	firstStatus := Unknown
	for _, r := range d.buckets[w&127] {
		if w&r.Mask != r.Match {
			continue
		}
		st := d.legal(r)
		if st == OK {
			return decodeRow(r, w, d.ISA.XLEN)
		}
		if first == nil || st < firstStatus {
			first, firstStatus = r, st
		}
	}
	if first == nil {
		return Inst{Raw: w, Len: 4}, Unknown
	}
	in, st := decodeRow(first, w, d.ISA.XLEN)
	if st == OK {
		st = firstStatus
	}
	return in, st
}

func (d *Decoder) legal(r *Row) Status {
	if r.XLEN != 0 && r.XLEN != d.ISA.XLEN {
		return WrongXLEN
	}
	if !r.Exts.Intersects(d.ISA.Exts) {
		return NotEnabled
	}
	return OK
}

func decodeRow(r *Row, w uint32, xlen int) (Inst, Status) {
	in := Inst{Op: r.Op, Raw: w, Len: 4, Rd: rdOf(w), Rs1: rs1Of(w), Rs2: rs2Of(w)}
	st := OK
	switch r.Args {
	case ArgsI, ArgsLoad, ArgsFLoad:
		in.Imm = immI(w)
	case ArgsStore, ArgsFStore:
		in.Imm = immS(w)
	case ArgsFR4, ArgsFRRM, ArgsF1RM, ArgsXF1RM, ArgsFX1RM:
		in.RM = uint8(w>>12) & 7
		if r.Args == ArgsFR4 {
			in.Rs3 = uint8(w >> 27)
		}
		if in.RM == 5 || in.RM == 6 {
			st = Reserved // rm 5 and 6 are reserved for future use
		}
	case ArgsB:
		in.Imm = immB(w)
	case ArgsU:
		in.Imm = immU(w)
	case ArgsJ:
		in.Imm = immJ(w)
	case ArgsShamt:
		in.Imm = int64(w>>20) & 63
		if xlen == 32 && in.Imm >= 32 {
			st = Reserved
		}
	case ArgsShamtW:
		in.Imm = int64(w>>20) & 31
	case ArgsCSR, ArgsCSRI:
		in.Imm = int64(w >> 20)
	case ArgsAMO, ArgsLR:
		in.Imm = int64(w>>25) & 3 // aq, rl
	case ArgsFence:
		in.Imm = int64(w >> 20)
	case ArgsBS:
		in.Imm = int64(w >> 30)
	case ArgsRnum:
		in.Imm = int64(w>>20) & 15
		if in.Imm > 10 {
			st = Reserved
		}
	default:
		if r.Args.Vector() {
			st = decodeVector(&in, r, w)
		}
	}
	return in, st
}

// decodeVector fills in the vector fields: vm, nf and the immediate, as the operand kind
// says (see Inst). It reports the reserved encodings that the fields alone make so: register
// counts other than 1, 2, 4, 8 and misaligned register groups of the whole-register loads,
// stores and moves. The vsetvl* vtype immediate is not checked: a reserved vtype is not an
// illegal encoding, it sets vill when the instruction executes. The register constraints,
// most of which depend on vtype (groups aligned to LMUL/EMUL, overlaps between destination
// and sources, a masked destination overlapping v0, a segment running past v31), are the
// executor's to check: LLVM's disassembler does not reject them either.
func decodeVector(in *Inst, r *Row, w uint32) Status {
	in.Vm = uint8(w>>25) & 1
	simm5 := int64(int32(w<<12) >> 27)
	uimm5 := int64(w>>15) & 31
	switch r.Args {
	case ArgsVSetVLI:
		in.Vm = 1
		in.Imm = int64(w>>20) & 0x7ff
	case ArgsVSetIVLI:
		in.Vm = 1
		in.Imm = int64(w>>20) & 0x3ff
	case ArgsVSetVL:
		in.Vm = 1
	case ArgsVMem, ArgsVMemStride, ArgsVMemIndex:
		in.Nf = uint8(w >> 29)
	case ArgsVMemWhole:
		in.Nf = uint8(w >> 29)
		// 1, 2, 4 or 8 registers (nf 0, 1, 3, 7), vd a multiple of their number.
		if in.Nf&(in.Nf+1) != 0 || in.Rd&in.Nf != 0 {
			return Reserved
		}
	case ArgsVI, ArgsVIM, ArgsVMvI:
		in.Imm = simm5
	case ArgsVIU:
		in.Imm = uimm5
	case ArgsVIU6:
		in.Imm = uimm5 | int64(w>>26&1)<<5
	case ArgsVMvNR:
		in.Imm = uimm5 + 1
		want := int64(1)
		switch in.Op {
		case VMV2R_V:
			want = 2
		case VMV4R_V:
			want = 4
		case VMV8R_V:
			want = 8
		}
		// The row's field pattern admits other values (nr 3, 5, 6, ...); vd and vs2 must
		// be multiples of nr.
		if in.Imm != want || (in.Rd|in.Rs2)&uint8(want-1) != 0 {
			return Reserved
		}
	}
	return OK
}

// cForm says how a compressed encoding maps to its 32-bit equivalent.
type cForm uint8

const (
	cfAddi4spn cForm = iota // addi rd', sp, nzuimm
	cfLW                    // lw rd', uimm(rs1')
	cfLD                    // ld rd', uimm(rs1')
	cfSW                    // sw rs2', uimm(rs1')
	cfSD                    // sd rs2', uimm(rs1')
	cfAddi                  // addi/addiw rd, rd, imm
	cfLi                    // addi rd, x0, imm
	cfAddi16sp              // addi sp, sp, nzimm
	cfLui                   // lui rd, nzimm
	cfShiftP                // srli/srai rd', rd', shamt
	cfAndi                  // andi rd', rd', imm
	cfArithP                // op rd', rd', rs2'
	cfJ                     // jal x0/ra, offset
	cfBranchZ               // beq/bne rs1', x0, offset
	cfSlli                  // slli rd, rd, shamt
	cfLWSP                  // lw rd, uimm(sp)
	cfLDSP                  // ld rd, uimm(sp)
	cfJR                    // jalr x0/ra, 0(rs1)
	cfMv                    // add rd, x0, rs2
	cfAdd                   // add rd, rd, rs2
	cfSWSP                  // sw rs2, uimm(sp)
	cfSDSP                  // sd rs2, uimm(sp)
	cfNone                  // ebreak
	cfFLWSP                 // flw fd, uimm(sp) (f0 allowed, unlike c.lwsp's x0)
	cfFLDSP                 // fld fd, uimm(sp)
	cfOwn                   // the row's Expand says
)

// cRow describes one compressed encoding and the instruction it stands for.
type cRow struct {
	Name        string
	Mask, Match uint16
	Op          Op // the 32-bit instruction it expands to
	Form        cForm
	XLEN        int
	Link        bool   // c.jal, c.jalr: link in ra
	Needs       ExtSet // extensions it needs besides C (Zcb's, and c.mul's M)
	// Expand, when set, fills the operands of a form of the row's own extension file
	// (Form is then cfOwn): rd, rs1, rs2 and the immediate of the 32-bit instruction.
	Expand func(h uint16) (rd, rs1, rs2 uint8, imm int64)
}

// cRows holds every compressed row; each extension file contributes its own.
var cRows []cRow

func registerC(rs ...cRow) { cRows = append(cRows, rs...) }

// CRow is the exported view of a compressed row, for tests and documentation.
type CRow = cRow

// CRows returns the compressed rows.
func CRows() []CRow { return cRows }

func cbits(h uint16, hi, lo uint) int64 { return int64(h>>lo) & (1<<(hi-lo+1) - 1) }

func (d *Decoder) decodeC(h uint16) (Inst, Status) {
	for _, r := range d.cbuck[h&3] {
		if h&r.Mask != r.Match || (r.XLEN != 0 && r.XLEN != d.ISA.XLEN) {
			continue
		}
		in, st := expandC(r, h, d.ISA.XLEN)
		if st == OK {
			if !d.ISA.Exts.Has(ExtC) {
				st = NotEnabled
			} else if r.Needs&^d.ISA.Exts != 0 {
				st = NotEnabled
			}
		}
		return in, st
	}
	return Inst{Raw: uint32(h), Len: 2}, Unknown
}

func expandC(r *cRow, h uint16, xlen int) (Inst, Status) {
	in := Inst{Op: r.Op, Raw: uint32(h), Len: 2}
	rdp := uint8(8 + cbits(h, 4, 2))  // rd' / rs2' in bits 4:2
	rs1p := uint8(8 + cbits(h, 9, 7)) // rs1' / rd' in bits 9:7
	rd := uint8(cbits(h, 11, 7))
	rs2 := uint8(cbits(h, 6, 2))
	imm6 := cbits(h, 6, 2) | cbits(h, 12, 12)<<5
	simm6 := imm6 << 58 >> 58
	st := OK
	switch r.Form {
	case cfAddi4spn:
		in.Rd, in.Rs1 = rdp, 2
		in.Imm = cbits(h, 12, 11)<<4 | cbits(h, 10, 7)<<6 | cbits(h, 6, 6)<<2 | cbits(h, 5, 5)<<3
		if in.Imm == 0 {
			st = Reserved
		}
	case cfLW, cfSW:
		in.Rd, in.Rs1, in.Rs2 = rdp, rs1p, rdp
		in.Imm = cbits(h, 12, 10)<<3 | cbits(h, 6, 6)<<2 | cbits(h, 5, 5)<<6
	case cfLD, cfSD:
		in.Rd, in.Rs1, in.Rs2 = rdp, rs1p, rdp
		in.Imm = cbits(h, 12, 10)<<3 | cbits(h, 6, 5)<<6
	case cfAddi:
		in.Rd, in.Rs1, in.Imm = rd, rd, simm6
		if r.Op == ADDIW && rd == 0 {
			st = Reserved
		}
	case cfLi:
		in.Rd, in.Rs1, in.Imm = rd, 0, simm6
	case cfAddi16sp:
		in.Rd, in.Rs1 = 2, 2
		in.Imm = (cbits(h, 12, 12)<<9 | cbits(h, 6, 6)<<4 | cbits(h, 5, 5)<<6 | cbits(h, 4, 3)<<7 | cbits(h, 2, 2)<<5) << 54 >> 54
		if in.Imm == 0 {
			st = Reserved
		}
	case cfLui:
		in.Rd, in.Imm = rd, simm6<<12
		if in.Imm == 0 {
			st = Reserved
		}
	case cfShiftP:
		in.Rd, in.Rs1, in.Imm = rs1p, rs1p, imm6
		if xlen == 32 && imm6 >= 32 {
			st = Reserved
		}
	case cfSlli:
		in.Rd, in.Rs1, in.Imm = rd, rd, imm6
		if xlen == 32 && imm6 >= 32 {
			st = Reserved
		}
	case cfAndi:
		in.Rd, in.Rs1, in.Imm = rs1p, rs1p, simm6
	case cfArithP:
		in.Rd, in.Rs1, in.Rs2 = rs1p, rs1p, rdp
	case cfJ:
		if r.Link {
			in.Rd = 1
		}
		in.Imm = (cbits(h, 12, 12)<<11 | cbits(h, 11, 11)<<4 | cbits(h, 10, 9)<<8 | cbits(h, 8, 8)<<10 |
			cbits(h, 7, 7)<<6 | cbits(h, 6, 6)<<7 | cbits(h, 5, 3)<<1 | cbits(h, 2, 2)<<5) << 52 >> 52
	case cfBranchZ:
		in.Rs1, in.Rs2 = rs1p, 0
		in.Imm = (cbits(h, 12, 12)<<8 | cbits(h, 11, 10)<<3 | cbits(h, 6, 5)<<6 | cbits(h, 4, 3)<<1 | cbits(h, 2, 2)<<5) << 55 >> 55
	case cfFLWSP:
		in.Rd, in.Rs1 = rd, 2
		in.Imm = cbits(h, 12, 12)<<5 | cbits(h, 6, 4)<<2 | cbits(h, 3, 2)<<6
	case cfFLDSP:
		in.Rd, in.Rs1 = rd, 2
		in.Imm = cbits(h, 12, 12)<<5 | cbits(h, 6, 5)<<3 | cbits(h, 4, 2)<<6
	case cfLWSP:
		in.Rd, in.Rs1 = rd, 2
		in.Imm = cbits(h, 12, 12)<<5 | cbits(h, 6, 4)<<2 | cbits(h, 3, 2)<<6
		if rd == 0 {
			st = Reserved
		}
	case cfLDSP:
		in.Rd, in.Rs1 = rd, 2
		in.Imm = cbits(h, 12, 12)<<5 | cbits(h, 6, 5)<<3 | cbits(h, 4, 2)<<6
		if rd == 0 {
			st = Reserved
		}
	case cfJR:
		in.Rs1 = rd
		if r.Link {
			in.Rd = 1
		}
		if rd == 0 {
			st = Reserved
		}
	case cfMv:
		in.Rd, in.Rs1, in.Rs2 = rd, 0, rs2
	case cfAdd:
		in.Rd, in.Rs1, in.Rs2 = rd, rd, rs2
	case cfSWSP:
		in.Rs1, in.Rs2 = 2, rs2
		in.Imm = cbits(h, 12, 9)<<2 | cbits(h, 8, 7)<<6
	case cfSDSP:
		in.Rs1, in.Rs2 = 2, rs2
		in.Imm = cbits(h, 12, 10)<<3 | cbits(h, 9, 7)<<6
	case cfOwn:
		in.Rd, in.Rs1, in.Rs2, in.Imm = r.Expand(h)
	case cfNone:
	}
	return in, st
}
