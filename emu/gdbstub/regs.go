package gdbstub

import (
	"fmt"
	"sort"
	"strings"

	"rvsim/emu"
	"rvsim/isa"
)

// Register numbers in the protocol (p/P packets and the regnum attributes of the target
// description). They follow gdb's own RISC-V numbering, so that a register has the same
// number in gdb and on the wire: x0..x31, pc, f0..f31, then CSR n at csrBase+n, then the
// vector registers.
const (
	regPC      = 32
	regF0      = 33 // f0..f31 (the FPU feature; see fpuRegs)
	csrBase    = 65 // CSR n is register csrBase+n (fflags is 66, vstart 73, vl 3169)
	regV0      = csrBase + 4096 + 1 + 1
	numCoreReg = 33 // x0..x31 and pc: what g and G carry
)

// Feature names gdb's RISC-V target looks for.
const (
	featureCPU    = "org.gnu.gdb.riscv.cpu"
	featureFPU    = "org.gnu.gdb.riscv.fpu"
	featureCSR    = "org.gnu.gdb.riscv.csr"
	featureVector = "org.gnu.gdb.riscv.vector"
)

type regKind uint8

const (
	kindX regKind = iota
	kindPC
	kindF
	kindCSR
	kindV
)

// reg is one register of the target description.
type reg struct {
	num     int
	name    string
	bits    int
	typ     string // a gdb type: int, code_ptr, data_ptr, or one the feature defines
	group   string
	feature string
	kind    regKind
	idx     int // x or v register number, or the CSR number
}

// abiNames are the names gdb's own target descriptions give x0..x31.
var abiNames = [32]string{
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2",
	"fp", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
	"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
	"s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
}

// regFile is the hart's registers as gdb sees them.
type regFile struct {
	regs  []reg
	byNum map[int]*reg
	xlen  int
	vlen  int // bits per vector register (0: no vector unit)
}

// newRegFile describes the hart's registers: the integer registers and pc, the FPU's when
// the hart has one, every CSR rvsim implements for it, and the vector registers.
func newRegFile(h *emu.Hart, flen int) *regFile {
	xlen := h.XLEN()
	rf := &regFile{xlen: xlen, byNum: map[int]*reg{}}
	for i, n := range abiNames {
		typ := "int"
		switch i {
		case 1:
			typ = "code_ptr"
		case 2, 3, 4, 8:
			typ = "data_ptr"
		}
		rf.regs = append(rf.regs, reg{num: i, name: n, bits: xlen, typ: typ, feature: featureCPU, kind: kindX, idx: i})
	}
	rf.regs = append(rf.regs, reg{num: regPC, name: "pc", bits: xlen, typ: "code_ptr", feature: featureCPU, kind: kindPC})
	rf.regs = append(rf.regs, fpuRegs(h, flen)...)
	taken := map[uint16]bool{}
	for _, r := range rf.regs {
		if r.kind == kindCSR {
			taken[uint16(r.idx)] = true // the FPU feature's fflags, frm, fcsr
		}
	}
	csrs := map[uint16]bool{}
	for _, c := range h.DebugCSRs() {
		csrs[c.Num] = true
	}
	if h.V != nil {
		// gdb finds vl, vtype and the rest in the CSR feature. They exist whenever the hart
		// has a vector unit, even while mstatus.VS is Off and the guest cannot read them.
		for _, name := range []string{"vstart", "vxsat", "vxrm", "vcsr", "vl", "vtype", "vlenb"} {
			if n, ok := isa.CSRByName(name); ok {
				csrs[n] = true
			}
		}
	}
	var nums []int
	for n := range csrs {
		if !taken[n] {
			nums = append(nums, int(n))
		}
	}
	sort.Ints(nums)
	for _, n := range nums {
		name, ok := isa.CSRName(uint16(n), xlen)
		if !ok {
			name = fmt.Sprintf("csr%d", n)
		}
		rf.regs = append(rf.regs, reg{num: csrBase + n, name: name, bits: xlen, typ: "int", group: "csr", feature: featureCSR, kind: kindCSR, idx: n})
	}
	if v := h.V; v != nil {
		rf.vlen = v.VLEN
		for i := 0; i < 32; i++ {
			rf.regs = append(rf.regs, reg{num: regV0 + i, name: fmt.Sprintf("v%d", i), bits: v.VLEN, typ: "riscv_vector", group: "vector", feature: featureVector, kind: kindV, idx: i})
		}
	}
	for i := range rf.regs {
		rf.byNum[rf.regs[i].num] = &rf.regs[i]
	}
	return rf
}

// fpuNames are the names gdb's own target descriptions give f0..f31.
var fpuNames = [32]string{
	"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7",
	"fs0", "fs1", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5",
	"fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7",
	"fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
}

// ABIFLEN returns the floating-point register width an ELF's e_flags float ABI assumes:
// 0 (soft float), 32, 64 or 128.
func ABIFLEN(eflags uint32) int {
	return [...]int{0, 32, 64, 128}[eflags>>1&3]
}

// fpuRegs is the FPU feature: f0..f31 of flen bits and fflags, frm and fcsr (which then
// stay out of the CSR feature). flen is the hart's (32 with F, 64 with D); without F, the
// width the program's float ABI implies, since gdb refuses a target whose FPU is narrower
// than that ("bfd requires flen 8, but target has flen 0"): the registers then read as
// unavailable. 'info registers float' shows them.
func fpuRegs(h *emu.Hart, flen int) []reg {
	switch {
	case h.ISA.Exts.Has(isa.ExtD):
		flen = 64
	case h.ISA.Exts.Has(isa.ExtF):
		flen = 32
	}
	if flen == 0 {
		return nil
	}
	flen = min(flen, 64) // Q has no emulator support to describe
	typ := "ieee_single"
	if flen == 64 {
		typ = "riscv_double" // defined in the feature: a union of single and double
	}
	var regs []reg
	for i, n := range fpuNames {
		regs = append(regs, reg{num: regF0 + i, name: n, bits: flen, typ: typ, group: "float", feature: featureFPU, kind: kindF, idx: i})
	}
	for i, n := range []string{"fflags", "frm", "fcsr"} {
		regs = append(regs, reg{num: csrBase + 1 + i, name: n, bits: 32, typ: "int", group: "float", feature: featureFPU, kind: kindCSR, idx: 1 + i})
	}
	return regs
}

// readF and writeF access f registers (Hart.F). Without D the registers are 32 bits wide
// to gdb, and a written value is NaN-boxed as F keeps singles.
func readF(h *emu.Hart, idx int) (uint64, bool) {
	if !h.ISA.Exts.Has(isa.ExtF) || idx < 0 || idx >= len(h.F) {
		return 0, false
	}
	return h.F[idx], true
}

func writeF(h *emu.Hart, idx int, v uint64) bool {
	if !h.ISA.Exts.Has(isa.ExtF) || idx < 0 || idx >= len(h.F) {
		return false
	}
	if !h.ISA.Exts.Has(isa.ExtD) {
		v = v&0xffffffff | 0xffffffff00000000
	}
	h.F[idx] = v
	return true
}

// read appends register r's value in target byte order, or 'x's when it has none now.
func (rf *regFile) read(h *emu.Hart, r *reg, dst []byte) []byte {
	n := r.bits / 8
	switch r.kind {
	case kindX:
		return appendHexLE(dst, h.Reg(r.idx), n)
	case kindPC:
		return appendHexLE(dst, h.PC, n)
	case kindF:
		if v, ok := readF(h, r.idx); ok {
			return appendHexLE(dst, v, n)
		}
	case kindCSR:
		if v, ok := readCSR(h, uint16(r.idx)); ok {
			return appendHexLE(dst, v, n)
		}
	case kindV:
		if v := h.V; v != nil && v.VLENB*8 == r.bits {
			return appendHexBytes(dst, v.Reg[r.idx*v.VLENB:(r.idx+1)*v.VLENB])
		}
	}
	for i := 0; i < 2*n; i++ {
		dst = append(dst, 'x')
	}
	return dst
}

// readCSR reads a CSR for gdb; the vector CSRs come from the vector unit directly when the
// hart would refuse them (mstatus.VS Off).
func readCSR(h *emu.Hart, n uint16) (uint64, bool) {
	if v, ok := h.DebugReadCSR(n); ok {
		return v, true
	}
	v := h.V
	if v == nil {
		return 0, false
	}
	switch name, _ := isa.CSRName(n, h.XLEN()); name {
	case "vstart":
		return v.VStart, true
	case "vxsat":
		return uint64(v.VXSAT), true
	case "vxrm":
		return uint64(v.VXRM), true
	case "vcsr":
		return uint64(v.VXRM)<<1 | uint64(v.VXSAT), true
	case "vl":
		return v.VL, true
	case "vtype":
		return v.VType, true
	case "vlenb":
		return uint64(v.VLENB), true
	}
	return 0, false
}

// write sets register r from its hex value in target byte order.
func (rf *regFile) write(h *emu.Hart, r *reg, hexVal string) bool {
	if len(hexVal) != r.bits/4 {
		return false
	}
	if r.kind == kindV {
		b, ok := decodeHexBytes(hexVal)
		v := h.V
		if !ok || v == nil || len(b) != v.VLENB {
			return false
		}
		copy(v.Reg[r.idx*v.VLENB:], b)
		return true
	}
	val, ok := hexLE(hexVal)
	if !ok {
		return false
	}
	switch r.kind {
	case kindX:
		h.SetReg(r.idx, val)
		return true
	case kindPC:
		if rf.xlen == 32 {
			val &= 0xffffffff
		}
		h.PC = val
		return true
	case kindF:
		return writeF(h, r.idx, val)
	case kindCSR:
		return h.DebugWriteCSR(uint16(r.idx), val)
	}
	return false
}

// targetXML is the target description: the architecture and the register features.
func (rf *regFile) targetXML() []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?>` + "\n")
	b.WriteString(`<!DOCTYPE target SYSTEM "gdb-target.dtd">` + "\n")
	b.WriteString("<target version=\"1.0\">\n")
	fmt.Fprintf(&b, "<architecture>riscv:rv%d</architecture>\n", rf.xlen)
	for _, feat := range []string{featureCPU, featureFPU, featureCSR, featureVector} {
		var regs []*reg
		for i := range rf.regs {
			if rf.regs[i].feature == feat {
				regs = append(regs, &rf.regs[i])
			}
		}
		if len(regs) == 0 {
			continue
		}
		fmt.Fprintf(&b, "<feature name=%q>\n", feat)
		if feat == featureVector {
			rf.vectorTypes(&b)
		}
		if feat == featureFPU && regs[0].typ == "riscv_double" {
			b.WriteString("<union id=\"riscv_double\">\n<field name=\"float\" type=\"ieee_single\"/>\n<field name=\"double\" type=\"ieee_double\"/>\n</union>\n")
		}
		for _, r := range regs {
			fmt.Fprintf(&b, "<reg name=%q bitsize=\"%d\" regnum=\"%d\" type=%q", r.name, r.bits, r.num, r.typ)
			if r.group != "" {
				fmt.Fprintf(&b, " group=%q", r.group)
			}
			b.WriteString("/>\n")
		}
		b.WriteString("</feature>\n")
	}
	b.WriteString("</target>\n")
	return []byte(b.String())
}

// vectorTypes declares the type of a vector register as gdb's RISC-V targets do: a union
// of the register seen as bytes (b), halfwords (s), words (w), doublewords (l) and
// quadwords (q), so that p $v1 shows every view and p $v1.w[2] picks one element.
func (rf *regFile) vectorTypes(b *strings.Builder) {
	vlenb := rf.vlen / 8
	views := []struct{ field, id, elem string }{
		{"b", "bytes", "uint8"}, {"s", "shorts", "uint16"}, {"w", "words", "uint32"},
		{"l", "longs", "uint64"}, {"q", "quads", "uint128"},
	}
	sizes := []int{1, 2, 4, 8, 16}
	for i, v := range views {
		fmt.Fprintf(b, "<vector id=%q type=%q count=\"%d\"/>\n", v.id, v.elem, vlenb/sizes[i])
	}
	b.WriteString("<union id=\"riscv_vector\">\n")
	for _, v := range views {
		fmt.Fprintf(b, "<field name=%q type=%q/>\n", v.field, v.id)
	}
	b.WriteString("</union>\n")
}
