// Package elf loads statically linked RISC-V ELF executables (ELF32 and ELF64) for the emulator.
//
// The ELF header and program headers, which decide what gets loaded, are decoded here with
// explicit bounds checks so that every refusal can name the problem. Section headers and the
// symbol table are only a debugging aid; they are read with the standard debug/elf package and
// silently dropped when they are missing or corrupt, so stripped or damaged files still load.
// No input makes Parse panic, hang or allocate much more than the size of the file.
package elf

import (
	"bytes"
	"cmp"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
)

const (
	maxFileSize = 1 << 30 // Open refuses larger files: no real test program comes close
	maxTotalMem = 4 << 30 // sum of all segment memsz; more is a corrupt or hostile file
	pieBase     = 0x10000 // where a static PIE linked at address 0 is placed
	pageSize    = 4096
)

// Perm holds segment permission bits; the values equal the ELF PF_R/PF_W/PF_X flags.
type Perm uint8

const (
	PermR Perm = 4
	PermW Perm = 2
	PermX Perm = 1
)

// String returns the permissions in "r-x" form.
func (p Perm) String() string {
	b := []byte("---")
	if p&PermR != 0 {
		b[0] = 'r'
	}
	if p&PermW != 0 {
		b[1] = 'w'
	}
	if p&PermX != 0 {
		b[2] = 'x'
	}
	return string(b)
}

// Segment is one PT_LOAD segment.
type Segment struct {
	Vaddr uint64 // virtual address (already including the load base for ET_DYN)
	Memsz uint64 // size in memory (>= len(Data)); the rest is zero-filled (bss)
	Data  []byte // file contents (filesz bytes)
	Perm  Perm
}

// SymKind classifies a symbol. Section and file symbols are never reported.
type SymKind uint8

const (
	SymOther  SymKind = iota // labels (STT_NOTYPE) and anything unusual
	SymFunc                  // STT_FUNC and STT_GNU_IFUNC
	SymObject                // STT_OBJECT and STT_COMMON
)

func (k SymKind) String() string {
	switch k {
	case SymFunc:
		return "func"
	case SymObject:
		return "object"
	}
	return "other"
}

// Symbol is a named, defined symbol from .symtab.
type Symbol struct {
	Name   string
	Value  uint64 // address (load base included), or the raw value of an absolute symbol
	Size   uint64
	Kind   SymKind
	Global bool // STB_GLOBAL or STB_WEAK
}

// Section is an allocated (SHF_ALLOC) section that occupies memory, for disassembly.
type Section struct {
	Name string
	Addr uint64 // load base included
	Size uint64
	Exec bool   // SHF_EXECINSTR
	Data []byte // nil for NOBITS (.bss)
}

// File is a parsed executable. Segments are sorted by Vaddr and do not overlap.
type File struct {
	XLEN     int // 32 for ELFCLASS32, 64 for ELFCLASS64
	Entry    uint64
	Type     string // "exec" or "dyn" (static PIE)
	Flags    uint32 // e_flags (RVC bit 0x1, float ABI, RVE), raw
	Segments []Segment
	Sections []Section
	Symbols  []Symbol // sorted by Value then Name; only named symbols
	Base     uint64   // load base applied (0 for ET_EXEC)
	// Highest address used by any segment, rounded up to a 4 KiB page: where brk starts.
	End uint64
	// Phdr is the address of the program headers in the loaded image (0 when no segment
	// maps them), with their entry size and count: Linux passes these in the auxiliary
	// vector, and a static C library finds its TLS template through them.
	Phdr  uint64
	Phent uint64
	Phnum uint64

	index *symIndex // symbols SymbolAt may return; built by Parse
}

// Open reads the file at path (refusing files over 1 GiB) and parses it.
// Error messages are prefixed with the path.
func Open(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err // already names the path
	}
	defer fh.Close()
	if st, err := fh.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > maxFileSize {
		return nil, fmt.Errorf("%s: file larger than 1 GiB (%d bytes), not a plausible program", path, st.Size())
	}
	// Read through a limit as well: devices and pipes report no useful size.
	data, err := io.ReadAll(io.LimitReader(fh, maxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%s: file larger than 1 GiB, not a plausible program", path)
	}
	f, err := parse(data) // data is ours alone, so the File may share it without a copy
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// Parse decodes an ELF executable held in memory. It does not keep a reference to data.
func Parse(data []byte) (*File, error) {
	return parse(bytes.Clone(data))
}

// machineNames gives readable names for architectures people mistakenly feed us.
var machineNames = map[uint16]string{
	3: "x86", 8: "MIPS", 20: "PowerPC", 21: "PowerPC64", 22: "s390", 40: "ARM",
	62: "x86-64", 183: "AArch64", 243: "RISC-V", 258: "LoongArch",
}

func machineName(m uint16) string {
	if s, ok := machineNames[m]; ok {
		return s
	}
	if s := elf.Machine(m).String(); !strings.Contains(s, "+") { // "+" marks an offset from a known name
		return s
	}
	return strconv.Itoa(int(m))
}

// header holds the ELF header fields the loader needs, widened to 64 bits.
type header struct {
	is64      bool
	typ       uint16
	entry     uint64
	phoff     uint64
	flags     uint32
	phentsize uint16
	phnum     uint16
}

func parseHeader(data []byte) (header, error) {
	var h header
	if len(data) < 4 || string(data[:4]) != elf.ELFMAG {
		return h, errors.New("not an ELF file (bad magic number)")
	}
	if len(data) < 20 { // ident, e_type, e_machine
		return h, fmt.Errorf("truncated ELF header (%d bytes)", len(data))
	}
	switch elf.Data(data[elf.EI_DATA]) {
	case elf.ELFDATA2LSB:
	case elf.ELFDATA2MSB:
		return h, fmt.Errorf("big-endian ELF (machine %s): only little-endian RISC-V is supported",
			machineName(binary.BigEndian.Uint16(data[18:])))
	default:
		return h, fmt.Errorf("invalid ELF data encoding %d", data[elf.EI_DATA])
	}
	le := binary.LittleEndian
	if m := le.Uint16(data[18:]); m != uint16(elf.EM_RISCV) {
		return h, fmt.Errorf("not a RISC-V ELF (machine %s)", machineName(m))
	}
	switch elf.Class(data[elf.EI_CLASS]) {
	case elf.ELFCLASS32:
	case elf.ELFCLASS64:
		h.is64 = true
	default:
		return h, fmt.Errorf("invalid ELF class %d (want ELFCLASS32 or ELFCLASS64)", data[elf.EI_CLASS])
	}
	if v := data[elf.EI_VERSION]; v != byte(elf.EV_CURRENT) {
		return h, fmt.Errorf("unsupported ELF version %d", v)
	}
	size := 52
	if h.is64 {
		size = 64
	}
	if len(data) < size {
		return h, fmt.Errorf("truncated ELF header (%d bytes, need %d)", len(data), size)
	}
	h.typ = le.Uint16(data[16:])
	if h.is64 {
		h.entry = le.Uint64(data[24:])
		h.phoff = le.Uint64(data[32:])
		h.flags = le.Uint32(data[48:])
		h.phentsize = le.Uint16(data[54:])
		h.phnum = le.Uint16(data[56:])
	} else {
		h.entry = uint64(le.Uint32(data[24:]))
		h.phoff = uint64(le.Uint32(data[28:]))
		h.flags = le.Uint32(data[36:])
		h.phentsize = le.Uint16(data[42:])
		h.phnum = le.Uint16(data[44:])
	}
	switch elf.Type(h.typ) {
	case elf.ET_EXEC, elf.ET_DYN:
	case elf.ET_REL:
		return h, errors.New("relocatable object (ET_REL): link it into an executable first")
	case elf.ET_CORE:
		return h, errors.New("core dump (ET_CORE), not an executable")
	default:
		return h, fmt.Errorf("unsupported ELF type %#x (want an executable)", h.typ)
	}
	return h, nil
}

// prog is one program header, widened to 64 bits.
type prog struct {
	index                     int
	typ, flags                uint32
	off, vaddr, filesz, memsz uint64
}

func parseProgs(data []byte, h header) ([]prog, error) {
	if h.phnum == 0 {
		return nil, errors.New("no program headers: nothing to load")
	}
	if h.phnum == 0xffff { // PN_XNUM: the count lives in section 0, never seen in real programs
		return nil, errors.New("too many program headers (PN_XNUM)")
	}
	want := uint16(32)
	if h.is64 {
		want = 56
	}
	if h.phentsize != want {
		return nil, fmt.Errorf("bad program header size %d (want %d)", h.phentsize, want)
	}
	tableSize := uint64(h.phnum) * uint64(want)
	if h.phoff > uint64(len(data)) || tableSize > uint64(len(data))-h.phoff {
		return nil, fmt.Errorf("program header table (offset %#x, %d entries) outside the file (size %#x)",
			h.phoff, h.phnum, len(data))
	}
	le := binary.LittleEndian
	progs := make([]prog, h.phnum)
	for i := range progs {
		b := data[h.phoff+uint64(i)*uint64(want):]
		p := &progs[i]
		p.index = i
		p.typ = le.Uint32(b)
		if h.is64 {
			p.flags = le.Uint32(b[4:])
			p.off = le.Uint64(b[8:])
			p.vaddr = le.Uint64(b[16:])
			p.filesz = le.Uint64(b[32:])
			p.memsz = le.Uint64(b[40:])
		} else {
			p.off = uint64(le.Uint32(b[4:]))
			p.vaddr = uint64(le.Uint32(b[8:]))
			p.filesz = uint64(le.Uint32(b[16:]))
			p.memsz = uint64(le.Uint32(b[20:]))
			p.flags = le.Uint32(b[24:])
		}
	}
	return progs, nil
}

// fileRange returns data[off:off+n] with its capacity capped, or false if it is outside data.
func fileRange(data []byte, off, n uint64) ([]byte, bool) {
	if off > uint64(len(data)) || n > uint64(len(data))-off {
		return nil, false
	}
	return data[off : off+n : off+n], true
}

// interpName returns a printable form of a PT_INTERP path for error messages.
func interpName(data []byte, p prog) string {
	b, ok := fileRange(data, p.off, min(p.filesz, 256))
	if !ok {
		return "?"
	}
	s, _, _ := strings.Cut(string(b), "\x00")
	if q := strconv.Quote(s); q[1:len(q)-1] != s { // needs escaping to fit on one line
		return q
	}
	return s
}

func parse(data []byte) (*File, error) {
	h, err := parseHeader(data)
	if err != nil {
		return nil, err
	}
	progs, err := parseProgs(data, h)
	if err != nil {
		return nil, err
	}
	f := &File{XLEN: 32, Type: "exec", Flags: h.flags}
	if h.is64 {
		f.XLEN = 64
	}

	var loads []prog
	lowest := uint64(math.MaxUint64)
	for _, p := range progs {
		switch elf.ProgType(p.typ) {
		case elf.PT_INTERP:
			return nil, fmt.Errorf("dynamically linked (interpreter %s): link it statically", interpName(data, p))
		case elf.PT_LOAD:
			if p.memsz == 0 && p.filesz == 0 {
				continue // occupies nothing; some linkers emit these
			}
			loads = append(loads, p)
			lowest = min(lowest, p.vaddr)
		}
	}
	if len(loads) == 0 {
		return nil, errors.New("no PT_LOAD segments: nothing to load")
	}
	if elf.Type(h.typ) == elf.ET_DYN {
		f.Type = "dyn"
		if lowest == 0 { // linked at 0: move it off the null page
			f.Base = pieBase
		}
	}

	addrLimit := uint64(math.MaxUint64)
	if !h.is64 {
		addrLimit = 1 << 32
	}
	type placed struct {
		Segment
		phdr int // program header number, for messages
	}
	var segs []placed
	var total, end uint64
	for _, p := range loads {
		switch {
		case p.filesz > p.memsz:
			return nil, fmt.Errorf("segment %d: filesz %#x larger than memsz %#x", p.index, p.filesz, p.memsz)
		case p.memsz > maxTotalMem || total+p.memsz > maxTotalMem:
			return nil, fmt.Errorf("absurdly large segment %d (memsz %#x): over 4 GiB of memory in total", p.index, p.memsz)
		}
		total += p.memsz
		vaddr := p.vaddr + f.Base
		if vaddr < p.vaddr || vaddr > addrLimit || p.memsz > addrLimit-vaddr {
			return nil, fmt.Errorf("segment %d: address range %#x+%#x does not fit in the %d-bit address space",
				p.index, vaddr, p.memsz, f.XLEN)
		}
		contents, ok := fileRange(data, p.off, p.filesz)
		if !ok {
			return nil, fmt.Errorf("segment %d: file range %#x+%#x outside the file (size %#x)",
				p.index, p.off, p.filesz, len(data))
		}
		perm := Perm(p.flags) & (PermR | PermW | PermX)
		segs = append(segs, placed{Segment{Vaddr: vaddr, Memsz: p.memsz, Data: contents, Perm: perm}, p.index})
		end = max(end, vaddr+p.memsz)
	}
	if end > math.MaxUint64-(pageSize-1) {
		return nil, fmt.Errorf("segments end at %#x, too close to the top of the address space", end)
	}
	f.End = (end + pageSize - 1) &^ (pageSize - 1)

	// Sorted by address, any overlap shows up between neighbours. Sharing a page is fine.
	slices.SortStableFunc(segs, func(a, b placed) int { return cmp.Compare(a.Vaddr, b.Vaddr) })
	for i, s := range segs {
		if i > 0 {
			prev := segs[i-1]
			if prev.Vaddr+prev.Memsz > s.Vaddr {
				return nil, fmt.Errorf("segments %d and %d overlap ([%#x, %#x) and [%#x, %#x))",
					prev.phdr, s.phdr, prev.Vaddr, prev.Vaddr+prev.Memsz, s.Vaddr, s.Vaddr+s.Memsz)
			}
		}
		f.Segments = append(f.Segments, s.Segment)
	}

	f.Phent, f.Phnum = uint64(h.phentsize), uint64(h.phnum)
	for _, p := range loads {
		if h.phoff >= p.off && h.phoff-p.off < p.filesz {
			f.Phdr = p.vaddr + f.Base + (h.phoff - p.off)
			break
		}
	}

	f.Entry = h.entry + f.Base
	if f.Entry < h.entry || !f.inExec(f.Entry) {
		if f.Type == "dyn" && h.entry == 0 { // what a .so looks like; a PIE rarely starts at 0
			return nil, errors.New("shared library (ET_DYN with entry point 0 outside the code), not a program")
		}
		return nil, fmt.Errorf("entry point %#x is not inside an executable segment", f.Entry)
	}

	var located []Symbol
	f.Sections, f.Symbols, located = readSections(data, f.Base)
	f.index = newSymIndex(located)
	return f, nil
}

func (f *File) inExec(addr uint64) bool {
	for _, s := range f.Segments {
		if s.Perm&PermX != 0 && addr >= s.Vaddr && addr-s.Vaddr < s.Memsz {
			return true
		}
	}
	return false
}

// openDebug runs the debug/elf calls behind a recover: it is only a debugging aid, and a
// bug there on a crafted file must not take the emulator down.
func openDebug(data []byte) (ef *elf.File, syms []elf.Symbol) {
	defer func() {
		if recover() != nil {
			ef, syms = nil, nil
		}
	}()
	ef, err := elf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil, nil
	}
	syms, _ = ef.Symbols() // ErrNoSymbols for stripped files
	return ef, syms
}

// readSections returns the allocated sections, the useful symbols, and the subset of those
// that name addresses (absolute symbols are constants). All are empty when the section
// headers are absent or unreadable.
func readSections(data []byte, base uint64) (secs []Section, syms, located []Symbol) {
	ef, esyms := openDebug(data)
	if ef == nil {
		return nil, nil, nil
	}
	for _, s := range ef.Sections {
		tlsBSS := s.Flags&elf.SHF_TLS != 0 && s.Type == elf.SHT_NOBITS // takes no address space
		if s.Flags&elf.SHF_ALLOC == 0 || tlsBSS || s.Size == 0 || s.Flags&elf.SHF_COMPRESSED != 0 {
			continue
		}
		addr := s.Addr + base
		if addr < s.Addr || s.Size > math.MaxUint64-addr {
			continue
		}
		sec := Section{Name: s.Name, Addr: addr, Size: s.Size, Exec: s.Flags&elf.SHF_EXECINSTR != 0}
		if s.Type != elf.SHT_NOBITS {
			b, ok := fileRange(data, s.Offset, s.Size)
			if !ok {
				continue // corrupt header; the segments still load
			}
			sec.Data = b
		}
		secs = append(secs, sec)
	}

	for _, s := range esyms {
		typ := elf.ST_TYPE(s.Info)
		if s.Name == "" || s.Section == elf.SHN_UNDEF || skipName(s.Name) ||
			typ == elf.STT_SECTION || typ == elf.STT_FILE || typ == elf.STT_TLS {
			continue // TLS values are offsets into the thread block, not addresses
		}
		sym := Symbol{Name: s.Name, Value: s.Value, Size: s.Size, Global: elf.ST_BIND(s.Info) != elf.STB_LOCAL}
		switch typ {
		case elf.STT_FUNC, elf.STT_GNU_IFUNC:
			sym.Kind = SymFunc
		case elf.STT_OBJECT, elf.STT_COMMON:
			sym.Kind = SymObject
		}
		absolute := s.Section == elf.SHN_ABS // a constant, so not moved with the program
		if !absolute {
			sym.Value += base
		}
		syms = append(syms, sym)
		if !absolute {
			located = append(located, sym)
		}
	}
	sortSymbols(syms)
	sortSymbols(located)
	return secs, syms, located
}

func sortSymbols(syms []Symbol) {
	slices.SortStableFunc(syms, func(a, b Symbol) int {
		return cmp.Or(cmp.Compare(a.Value, b.Value), strings.Compare(a.Name, b.Name))
	})
}

// skipName reports assembler-internal names: RISC-V mapping symbols ($x, $d, $x.1,
// $xrv64i2p1_m2p0...) and local labels (.L...).
func skipName(name string) bool {
	if name == "$x" || name == "$d" {
		return true
	}
	for _, p := range []string{"$x.", "$d.", "$xrv", ".L"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
