package elf

import (
	"cmp"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// openDebug runs debug/elf behind a recover: the section headers are only a debugging aid,
// and a bug there on a crafted file must not take the emulator down.
func openDebug(r io.ReaderAt) (ef *elf.File, err error) {
	defer func() {
		if p := recover(); p != nil {
			ef, err = nil, fmt.Errorf("debug/elf failed: %v", p)
		}
	}()
	return elf.NewFile(r)
}

func readSymbols(ef *elf.File) (syms []elf.Symbol, err error) {
	defer func() {
		if p := recover(); p != nil {
			syms, err = nil, fmt.Errorf("debug/elf failed: %v", p)
		}
	}()
	return ef.Symbols()
}

// maxSymtab bounds a symbol table and its string table: a large program's are a few MiB.
const maxSymtab = 256 << 20

// tableSizes refuses a table of the given type, or the string table it links to, larger than
// limit: debug/elf would read all of it.
func tableSizes(ef *elf.File, typ elf.SectionType, limit uint64) error {
	for _, s := range ef.Sections {
		if s.Type != typ {
			continue
		}
		total := s.Size
		if int(s.Link) < len(ef.Sections) {
			total += ef.Sections[s.Link].Size
		}
		if total > limit || total < s.Size {
			return fmt.Errorf("section %s is %#x bytes with its strings, over %d MiB", sectionName(s.Name), total, limit>>20)
		}
	}
	return nil
}

// problem records something dropped from the section headers or symbol table.
func (f *File) problem(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	f.Problems = append(f.Problems, strings.ReplaceAll(msg, "\n", " "))
}

// readSections fills f.Sections and f.Symbols from the section headers and returns the
// symbols that name addresses (absolute symbols are constants). What is corrupt is dropped
// and noted in f.Problems. Section bytes inside a loaded segment share the segment's data.
func (f *File) readSections(r io.ReaderAt, size int64, segs []loaded) (located []Symbol, starts []secStart) {
	br := &budgetReader{r: r, left: maxHeaders}
	ef, err := openDebug(br)
	if err != nil {
		f.problem("section headers unreadable: %v", err)
		f.ExecSectionsDamaged = true
		return nil, nil
	}
	addrLimit := uint64(math.MaxUint64)
	if f.XLEN == 32 {
		addrLimit = 1 << 32
	}
	for i, s := range ef.Sections {
		start, alloc := s.Addr, s.Flags&elf.SHF_ALLOC != 0
		if alloc {
			start += f.Base
		}
		starts = append(starts, secStart{start, elf.SectionIndex(i), alloc})
		tlsBSS := s.Flags&elf.SHF_TLS != 0 && s.Type == elf.SHT_NOBITS // takes no address space
		if s.Flags&elf.SHF_ALLOC == 0 || tlsBSS || s.Size == 0 || s.Type == elf.SHT_NULL {
			continue
		}
		exec := s.Flags&elf.SHF_EXECINSTR != 0
		drop := func(format string, args ...any) {
			f.problem("section %s (index %d): %s", sectionName(s.Name), i, fmt.Sprintf(format, args...))
			if exec {
				f.ExecSectionsDamaged = true
			}
		}
		if s.Flags&elf.SHF_COMPRESSED != 0 {
			drop("compressed, but allocated sections cannot be")
			continue
		}
		addr := s.Addr + f.Base
		if addr < s.Addr || addr > addrLimit || s.Size > addrLimit-addr {
			drop("address range %#x+%#x does not fit in the %d-bit address space", addr, s.Size, f.XLEN)
			continue
		}
		sec := Section{Name: s.Name, Index: i, Addr: addr, Size: s.Size, Exec: exec}
		if s.Type != elf.SHT_NOBITS {
			if s.Offset > uint64(size) || s.Size > uint64(size)-s.Offset {
				drop("file range %#x+%#x outside the file (size %#x)", s.Offset, s.Size, size)
				continue
			}
			sec.Data = sectionBytes(r, size, segs, s.Offset, s.Size)
			if sec.Data == nil {
				drop("cannot read its %#x bytes", s.Size)
				continue
			}
		}
		f.Sections = append(f.Sections, sec)
	}

	var esyms []elf.Symbol
	br.left = 2 * maxSymtab // the symbol and string tables, checked below
	if err := tableSizes(ef, elf.SHT_SYMTAB, maxSymtab); err != nil {
		f.problem("symbol table unreadable: %v", err)
	} else if esyms, err = readSymbols(ef); err != nil && !errors.Is(err, elf.ErrNoSymbols) {
		f.problem("symbol table unreadable: %v", err)
	}
	for _, s := range esyms {
		typ := elf.ST_TYPE(s.Info)
		if s.Name == "" || s.Section == elf.SHN_UNDEF || skipName(s.Name) ||
			typ == elf.STT_SECTION || typ == elf.STT_FILE || typ == elf.STT_TLS {
			continue // TLS values are offsets into the thread block, not addresses
		}
		sym := Symbol{Name: s.Name, Value: s.Value, Size: s.Size, Global: elf.ST_BIND(s.Info) != elf.STB_LOCAL,
			Type: typ, Section: s.Section}
		switch typ {
		case elf.STT_FUNC, elf.STT_GNU_IFUNC:
			sym.Kind = SymFunc
		case elf.STT_OBJECT, elf.STT_COMMON:
			sym.Kind = SymObject
		}
		absolute := s.Section == elf.SHN_ABS // a constant, so not moved with the program
		if !absolute {
			sym.Value += f.Base
		}
		f.Symbols = append(f.Symbols, sym)
		if !absolute {
			located = append(located, sym)
		}
	}
	sortSymbols(f.Symbols)
	return located, starts
}

// sectionName prints a section name for messages, which may come from a corrupt table.
func sectionName(name string) string {
	if name == "" {
		return `""`
	}
	if strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r > '~' }) || len(name) > 64 {
		return fmt.Sprintf("%.64q", name)
	}
	return name
}

// sectionBytes returns the file bytes [off, off+n), sliced from a loaded segment when one
// holds them all, else read (nil when that fails).
func sectionBytes(r io.ReaderAt, size int64, segs []loaded, off, n uint64) []byte {
	for _, s := range segs {
		if off >= s.off && off-s.off <= uint64(len(s.seg.Data)) && n <= uint64(len(s.seg.Data))-(off-s.off) {
			lo := off - s.off
			return s.seg.Data[lo : lo+n : lo+n]
		}
	}
	b, ok := readAt(r, size, off, n)
	if !ok {
		return nil
	}
	return b
}

func sortSymbols(syms []Symbol) {
	slices.SortStableFunc(syms, func(a, b Symbol) int {
		return cmp.Or(cmp.Compare(a.Value, b.Value), strings.Compare(a.Name, b.Name))
	})
}

// skipName reports the names llvm-objdump never shows: RISC-V mapping symbols (any name
// starting "$x" or "$d": $x, $d, $x.1, $xrv64i2p1_m2p0...) and ".L0 ", the assembler's
// fake label for label differences. Other local labels (.L...) stay when the symbol table
// has them, as they do in llvm-objdump's output.
func skipName(name string) bool {
	return strings.HasPrefix(name, "$x") || strings.HasPrefix(name, "$d") || name == ".L0 "
}

// ProgramHeaderView returns f as llvm-objdump shows a file without section headers: one
// executable section per executable PT_LOAD segment, named "PT_LOAD#N" after its program
// header's index, and a symbol of that name at its start beside f's own symbols. It is what
// a disassembler falls back to when the section headers are missing or damaged.
func (f *File) ProgramHeaderView() *File {
	v := *f
	v.Sections = nil
	v.Symbols = nil
	for i, p := range f.Progs {
		if p.Type != elf.PT_LOAD || p.Perm&PermX == 0 {
			continue
		}
		for _, s := range f.Segments {
			if s.Vaddr != p.Vaddr+f.Base || s.Memsz != p.Memsz {
				continue
			}
			name := fmt.Sprintf("PT_LOAD#%d", i)
			v.Sections = append(v.Sections, Section{Name: name, Index: -1, Addr: s.Vaddr, Size: uint64(len(s.Data)), Exec: true, Data: s.Data})
			v.Symbols = append(v.Symbols, Symbol{Name: name, Value: s.Vaddr, Type: elf.STT_SECTION, Section: elf.SHN_UNDEF})
			break
		}
	}
	for _, s := range f.Symbols {
		if s.Section != elf.SHN_ABS {
			v.Symbols = append(v.Symbols, s)
		}
	}
	sortSymbols(v.Symbols)
	v.index = newSymIndex(v.Symbols, nil) // no section starts: a segment bounds each name
	return &v
}
