// Package elf loads RISC-V ELF executables and shared objects (ELF32 and ELF64) for the
// emulator.
//
// The ELF header and program headers, which decide what gets loaded, are decoded here with
// explicit bounds checks so that every refusal can name the problem. Files are read by offset:
// the header first, then the program headers, then only the bytes the segments hold, so a
// device, a pipe or a huge file is refused at once and memory follows what is loaded.
// Section headers and the symbol table are only a debugging aid; they are read with the
// standard debug/elf package, and when they are missing or corrupt the file still loads and
// Problems says what was dropped. No input makes Parse panic, hang or allocate much more than
// the size of what it loads.
package elf

import (
	"bytes"
	"cmp"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

const (
	maxLoadData = 1 << 30  // sum of all segment filesz read from the file
	maxTotalMem = 4 << 30  // sum of all segment memsz; more is a corrupt or hostile file
	maxHeaders  = 16 << 20 // bytes debug/elf may read for section headers and their names
	pieBase     = 0x10000  // where a static PIE linked at address 0 is placed
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

// Prog is one program header as it is in the file: addresses are link-time ones, without
// the load base (add File.Base, or the base a dynamic loader chooses).
type Prog struct {
	Type   elf.ProgType
	Perm   Perm
	Off    uint64
	Vaddr  uint64
	Filesz uint64
	Memsz  uint64
	Align  uint64
}

// Region is an address range in the loaded image (load base included).
type Region struct {
	Addr, Size uint64
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
	// Type is the raw ELF symbol type (STT_*), which orders symbols sharing an address.
	Type elf.SymType
	// Section is the index of the section the symbol is defined in (SHN_ABS for constants).
	Section elf.SectionIndex
}

// Section is an allocated (SHF_ALLOC) section that occupies memory, for disassembly.
type Section struct {
	Name  string
	Index int    // index in the section header table
	Addr  uint64 // load base included
	Size  uint64
	Exec  bool   // SHF_EXECINSTR
	Data  []byte // nil for NOBITS (.bss)
}

// File is a parsed executable or shared object. Segments are sorted by Vaddr and do not
// overlap.
type File struct {
	XLEN     int // 32 for ELFCLASS32, 64 for ELFCLASS64
	Entry    uint64
	Type     string // "exec" or "dyn" (PIE, static PIE or shared object)
	Flags    uint32 // e_flags (RVC bit 0x1, float ABI, RVE), raw
	Segments []Segment
	Sections []Section
	Symbols  []Symbol // sorted by Value then Name; only named symbols
	Base     uint64   // load base applied (0 for ET_EXEC)
	// Highest address used by any segment, rounded up to a 4 KiB page: where brk starts.
	End uint64
	// Phdr is the address of the program headers in the loaded image (from PT_PHDR, else
	// from the PT_LOAD that maps them; 0 when none does), with their entry size and count:
	// Linux passes these in the auxiliary vector (AT_PHDR, AT_PHENT, AT_PHNUM), and a static
	// C library finds its TLS template through them. Phoff is e_phoff.
	Phdr  uint64
	Phent uint64
	Phnum uint64
	Phoff uint64

	// Progs are all program headers, in file order, as they are in the file.
	Progs []Prog
	// Interp is the PT_INTERP path of a dynamically linked program ("" when static).
	Interp string
	// Library is true for a shared object that is not a program: ET_DYN with entry point 0
	// and no interpreter. Entry is then 0 (plus Base) and means nothing.
	Library bool
	// Dynamic, TLS and Stack are the PT_DYNAMIC, PT_TLS and PT_GNU_STACK headers, nil when
	// absent. Their Vaddr is a link-time address: add Base.
	Dynamic, TLS, Stack *Prog

	// Problems says what was dropped from the section headers and symbol table because it
	// was corrupt: one line each, naming the section. Loading is not affected.
	Problems []string
	// ExecSectionsDamaged is true when the section headers were unreadable or an
	// executable section among them was dropped: Sections then do not cover all the code,
	// and a disassembler should fall back to the executable segments.
	ExecSectionsDamaged bool

	index *symIndex    // symbols SymbolAt may return; built by Parse
	src   sourceOpener // re-reads the file for debugging information
	lines *lineCache   // shared by rebased copies: line tables hold link-time addresses
}

// Open reads the ELF file at path and parses it. Only regular files are accepted, and only
// the bytes that get loaded are read. Error messages are prefixed with the path.
func Open(path string) (*File, error) {
	st, err := os.Stat(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			pe.Op = "open" // what the user asked for: "open prog.elf: no such file or directory"
		}
		return nil, err // already names the path
	}
	if err := checkRegular(path, st); err != nil {
		return nil, err
	}
	// O_NONBLOCK: should the path be swapped for a FIFO after the Stat, the open must not
	// wait for a writer; it has no effect on a regular file.
	fh, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err = fh.Stat()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := checkRegular(path, st); err != nil {
		return nil, err
	}
	size, mtime := st.Size(), st.ModTime()
	f, err := parse(fh, size, fileOpener(path, size, mtime))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// checkRegular refuses what is not a regular file, naming what it is instead.
func checkRegular(path string, st fs.FileInfo) error {
	mode := st.Mode()
	if mode.IsRegular() {
		return nil
	}
	what := "not a regular file"
	switch {
	case mode.IsDir():
		what = "a directory"
	case mode&fs.ModeNamedPipe != 0:
		what = "a named pipe (FIFO)"
	case mode&fs.ModeSocket != 0:
		what = "a socket"
	case mode&fs.ModeCharDevice != 0:
		what = "a character device"
	case mode&fs.ModeDevice != 0:
		what = "a block device"
	}
	return fmt.Errorf("%s: %s, not an ELF program file", path, what)
}

// Parse decodes an ELF file held in memory. It does not keep a reference to data.
func Parse(data []byte) (*File, error) {
	own := bytes.Clone(data)
	return parse(&memReader{own}, int64(len(own)), bytesOpener(own))
}

// sourceOpener gives access to the file again, for debugging information read on demand.
// done releases it.
type sourceOpener func() (r io.ReaderAt, size int64, done func(), err error)

func bytesOpener(data []byte) sourceOpener {
	return func() (io.ReaderAt, int64, func(), error) {
		return &memReader{data}, int64(len(data)), func() {}, nil
	}
}

// memReader is a file held in memory; readAt hands out slices of it instead of copies.
type memReader struct{ data []byte }

func (m *memReader) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 || off > int64(len(m.data)) {
		return 0, io.EOF
	}
	n := copy(p, m.data[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func fileOpener(path string, size int64, mtime time.Time) sourceOpener {
	return func() (io.ReaderAt, int64, func(), error) {
		fh, err := os.Open(path)
		if err != nil {
			return nil, 0, nil, err
		}
		st, err := fh.Stat()
		if err == nil && (!st.Mode().IsRegular() || st.Size() != size || !st.ModTime().Equal(mtime)) {
			err = fmt.Errorf("%s: changed since it was loaded", path)
		}
		if err != nil {
			fh.Close()
			return nil, 0, nil, err
		}
		return fh, size, func() { fh.Close() }, nil
	}
}

// readAt returns n bytes at off of r (size bytes long), or false when they are not all
// inside it. A file held in memory is sliced, not copied.
func readAt(r io.ReaderAt, size int64, off, n uint64) ([]byte, bool) {
	if off > uint64(size) || n > uint64(size)-off {
		return nil, false
	}
	if m, ok := r.(*memReader); ok {
		return m.data[off : off+n : off+n], true
	}
	b := make([]byte, n)
	if _, err := r.ReadAt(b, int64(off)); err != nil && !(errors.Is(err, io.EOF) && n == 0) {
		return nil, false
	}
	return b, true
}

// budgetReader fails reads once more than left bytes have been read, so that debug/elf
// cannot be made to read gigabytes by section sizes that a sparse file backs with zeros.
// Each stage (section headers, symbols, DWARF) sets its own allowance.
type budgetReader struct {
	r    io.ReaderAt
	left int64
}

var errBudget = errors.New("section sizes too large to be real")

func (b *budgetReader) ReadAt(p []byte, off int64) (int, error) {
	if int64(len(p)) > b.left {
		return 0, errBudget
	}
	b.left -= int64(len(p))
	return b.r.ReadAt(p, off)
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
	index                            int
	typ, flags                       uint32
	off, vaddr, filesz, memsz, align uint64
}

func parseProgs(r io.ReaderAt, size int64, h header) ([]prog, error) {
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
	table, ok := readAt(r, size, h.phoff, uint64(h.phnum)*uint64(want))
	if !ok {
		return nil, fmt.Errorf("program header table (offset %#x, %d entries) outside the file (size %#x)",
			h.phoff, h.phnum, size)
	}
	le := binary.LittleEndian
	progs := make([]prog, h.phnum)
	for i := range progs {
		b := table[i*int(want):]
		p := &progs[i]
		p.index = i
		p.typ = le.Uint32(b)
		if h.is64 {
			p.flags = le.Uint32(b[4:])
			p.off = le.Uint64(b[8:])
			p.vaddr = le.Uint64(b[16:])
			p.filesz = le.Uint64(b[32:])
			p.memsz = le.Uint64(b[40:])
			p.align = le.Uint64(b[48:])
		} else {
			p.off = uint64(le.Uint32(b[4:]))
			p.vaddr = uint64(le.Uint32(b[8:]))
			p.filesz = uint64(le.Uint32(b[16:]))
			p.memsz = uint64(le.Uint32(b[20:]))
			p.flags = le.Uint32(b[24:])
			p.align = uint64(le.Uint32(b[28:]))
		}
	}
	return progs, nil
}

// readInterp returns the PT_INTERP path, quoted when it would not print on one line.
func readInterp(r io.ReaderAt, size int64, p prog) (string, error) {
	if p.filesz > 4096 {
		return "", fmt.Errorf("interpreter path (segment %d) is %d bytes long", p.index, p.filesz)
	}
	b, ok := readAt(r, size, p.off, p.filesz)
	if !ok {
		return "", fmt.Errorf("interpreter path (segment %d) outside the file", p.index)
	}
	s, _, _ := strings.Cut(string(b), "\x00")
	if s == "" {
		return "", fmt.Errorf("empty interpreter path (segment %d)", p.index)
	}
	if q := strconv.Quote(s); q[1:len(q)-1] != s { // needs escaping to fit on one line
		return q, nil
	}
	return s, nil
}

func parse(r io.ReaderAt, size int64, src sourceOpener) (*File, error) {
	hdr, _ := readAt(r, size, 0, uint64(min(size, 64)))
	h, err := parseHeader(hdr)
	if err != nil {
		return nil, err
	}
	progs, err := parseProgs(r, size, h)
	if err != nil {
		return nil, err
	}
	f := &File{XLEN: 32, Type: "exec", Flags: h.flags, src: src, lines: &lineCache{}}
	if h.is64 {
		f.XLEN = 64
	}

	var loads []prog
	lowest := uint64(math.MaxUint64)
	f.Progs = make([]Prog, 0, len(progs)) // never reallocated: Dynamic, TLS, Stack point into it
	for _, p := range progs {
		f.Progs = append(f.Progs, Prog{Type: elf.ProgType(p.typ), Perm: Perm(p.flags) & (PermR | PermW | PermX),
			Off: p.off, Vaddr: p.vaddr, Filesz: p.filesz, Memsz: p.memsz, Align: p.align})
		last := &f.Progs[len(f.Progs)-1]
		switch elf.ProgType(p.typ) {
		case elf.PT_INTERP:
			if f.Interp, err = readInterp(r, size, p); err != nil {
				return nil, err
			}
		case elf.PT_DYNAMIC:
			f.Dynamic = last
		case elf.PT_TLS:
			f.TLS = last
		case elf.PT_GNU_STACK:
			f.Stack = last
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
		f.Library = h.entry == 0 && f.Interp == ""
	}

	addrLimit := uint64(math.MaxUint64)
	if !h.is64 {
		addrLimit = 1 << 32
	}
	// Check every size before reading anything, so that a hostile header costs nothing.
	var total, fileTotal, end uint64
	for _, p := range loads {
		switch {
		case p.filesz > p.memsz:
			return nil, fmt.Errorf("segment %d: filesz %#x larger than memsz %#x", p.index, p.filesz, p.memsz)
		case p.memsz > maxTotalMem || total+p.memsz > maxTotalMem:
			return nil, fmt.Errorf("absurdly large segment %d (memsz %#x): over 4 GiB of memory in total", p.index, p.memsz)
		case p.off > uint64(size) || p.filesz > uint64(size)-p.off:
			return nil, fmt.Errorf("segment %d: file range %#x+%#x outside the file (size %#x)",
				p.index, p.off, p.filesz, size)
		case fileTotal+p.filesz > maxLoadData:
			return nil, fmt.Errorf("absurdly large segment %d (filesz %#x): over 1 GiB of file data in total", p.index, p.filesz)
		}
		total += p.memsz
		fileTotal += p.filesz
		vaddr := p.vaddr + f.Base
		if vaddr < p.vaddr || vaddr > addrLimit || p.memsz > addrLimit-vaddr {
			return nil, fmt.Errorf("segment %d: address range %#x+%#x does not fit in the %d-bit address space",
				p.index, vaddr, p.memsz, f.XLEN)
		}
		end = max(end, vaddr+p.memsz)
	}
	if end > math.MaxUint64-(pageSize-1) {
		return nil, fmt.Errorf("segments end at %#x, too close to the top of the address space", end)
	}
	f.End = (end + pageSize - 1) &^ (pageSize - 1)

	type placed struct {
		Segment
		prog
	}
	var segs []placed
	for _, p := range loads {
		perm := Perm(p.flags) & (PermR | PermW | PermX)
		segs = append(segs, placed{Segment{Vaddr: p.vaddr + f.Base, Memsz: p.memsz, Perm: perm}, p})
	}
	// Sorted by address, any overlap shows up between neighbours. Sharing a page is fine.
	slices.SortStableFunc(segs, func(a, b placed) int { return cmp.Compare(a.Vaddr, b.Vaddr) })
	for i, s := range segs {
		if i > 0 {
			prev := segs[i-1]
			if prev.Vaddr+prev.Memsz > s.Vaddr {
				return nil, fmt.Errorf("segments %d and %d overlap ([%#x, %#x) and [%#x, %#x))",
					prev.index, s.index, prev.Vaddr, prev.Vaddr+prev.Memsz, s.Vaddr, s.Vaddr+s.Memsz)
			}
		}
		f.Segments = append(f.Segments, s.Segment) // Data is read once all checks pass
	}

	f.Phent, f.Phnum, f.Phoff = uint64(h.phentsize), uint64(h.phnum), h.phoff
	for _, p := range progs {
		if elf.ProgType(p.typ) == elf.PT_PHDR && p.vaddr <= math.MaxUint64-f.Base {
			f.Phdr = p.vaddr + f.Base
		}
	}
	for _, p := range loads {
		if f.Phdr == 0 && h.phoff >= p.off && h.phoff-p.off < p.filesz {
			f.Phdr = p.vaddr + f.Base + (h.phoff - p.off)
		}
	}

	f.Entry = h.entry + f.Base
	if !f.Library {
		if f.Entry < h.entry || !f.inExec(f.Entry) {
			return nil, fmt.Errorf("entry point %#x is not inside an executable segment", f.Entry)
		}
		if f.Entry%2 != 0 { // every RISC-V instruction is at least 2-byte aligned
			return nil, fmt.Errorf("entry point %#x is not 2-byte aligned: no instruction can start there", f.Entry)
		}
	}

	// Only now, with every check passed, read the segments' bytes.
	var loadedFrom []loaded
	for i, s := range segs {
		data, ok := readAt(r, size, s.off, s.filesz)
		if !ok {
			return nil, fmt.Errorf("segment %d: cannot read file range %#x+%#x", s.index, s.off, s.filesz)
		}
		f.Segments[i].Data = data
		loadedFrom = append(loadedFrom, loaded{s.off, f.Segments[i]})
	}

	f.index = newSymIndex(f.readSections(r, size, loadedFrom))
	return f, nil
}

// loaded pairs a segment with the file offset its data came from, so that sections inside
// it can share its bytes.
type loaded struct {
	off uint64
	seg Segment
}

func (f *File) inExec(addr uint64) bool {
	for _, s := range f.Segments {
		if s.Perm&PermX != 0 && addr >= s.Vaddr && addr-s.Vaddr < s.Memsz {
			return true
		}
	}
	return false
}
