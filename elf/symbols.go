package elf

import (
	"cmp"
	"debug/elf"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Symbol choice follows llvm-objdump (19), so that disassembly, breakpoints, traces and
// profiles name an address as the reference disassembler does. Found by experiment on
// crafted programs (see objdump_test.go):
//
//   - An address belongs to the sections that start at the greatest section address at or
//     below it; only symbols defined in those sections (by st_shndx) can name it.
//   - Of those, the nearest symbol at or below the address names it; among several at that
//     address the greatest name (byte order) wins. Type, binding and size play no part: a
//     label inside a function names the addresses after it, a weak or local alias beats a
//     global one with a smaller name, an object beats a function with a smaller name.
//     This is how llvm-objdump names branch targets ("<name+0x1c>"), and what SymbolAt,
//     Describe and so every message, trace and profile use.
//   - The label line llvm-objdump prints where a symbol starts ("<name>:") uses the same
//     order but passes over STT_OBJECT symbols when others start there too: LabelAt.
//
// rvsim adds one rule: an address outside every section (or, without section headers,
// every segment) has no name, rather than being an offset from the last symbol.

// symCompare is llvm-objdump's order of symbols: the last of equals is chosen.
func symCompare(a, b Symbol) int {
	return cmp.Or(cmp.Compare(a.Value, b.Value), strings.Compare(a.Name, b.Name))
}

// secStart is where a section starts, for finding the sections an address belongs to.
type secStart struct {
	addr  uint64
	index elf.SectionIndex
	alloc bool // SHF_ALLOC: the address moves with the load base
}

// symIndex answers address queries quickly enough to describe every traced instruction.
type symIndex struct {
	syms   []Symbol   // located symbols in llvm-objdump's order
	starts []secStart // every section's start, sorted by address; empty without sections
}

func newSymIndex(syms []Symbol, starts []secStart) *symIndex {
	syms = slices.Clone(syms)
	slices.SortStableFunc(syms, symCompare)
	starts = slices.Clone(starts)
	slices.SortStableFunc(starts, func(a, b secStart) int { return cmp.Compare(a.addr, b.addr) })
	return &symIndex{syms: syms, starts: starts}
}

// rank orders symbols sharing a name for Lookup: functions, then objects, then labels;
// globals first.
func rank(s Symbol) int {
	r := 0
	switch s.Kind {
	case SymFunc:
		r = 4
	case SymObject:
		r = 2
	}
	if s.Global {
		r++
	}
	return r
}

// Lookup finds a symbol by exact name. When several share the name, a global one wins
// over a local one and a function over other kinds.
func (f *File) Lookup(name string) (Symbol, bool) {
	var best Symbol
	found := false
	for _, s := range f.Symbols {
		if s.Name == name && (!found || rank(s) > rank(best)) {
			best, found = s, true
		}
	}
	return best, found
}

// SymbolAt returns the symbol that names addr as llvm-objdump names it (see the rules at
// the top of this file); off is addr-Value. ok is false when none applies.
func (f *File) SymbolAt(addr uint64) (sym Symbol, off uint64, ok bool) {
	ix, last, group, ok := f.candidates(addr)
	if !ok {
		return Symbol{}, 0, false
	}
	for i := last; i >= 0 && ix.syms[i].Value >= group.start; i-- {
		if s := ix.syms[i]; group.has(s) {
			return s, addr - s.Value, true
		}
	}
	return Symbol{}, 0, false
}

// LabelAt returns the symbol llvm-objdump prints as the label of addr ("<name>:") when
// symbols start there: the one SymbolAt returns, except that a symbol other than an
// STT_OBJECT is preferred.
func (f *File) LabelAt(addr uint64) (Symbol, bool) {
	ix, last, group, ok := f.candidates(addr)
	if !ok {
		return Symbol{}, false
	}
	var best Symbol
	found := false
	for i := last; i >= 0 && ix.syms[i].Value == addr; i-- {
		s := ix.syms[i]
		if !group.has(s) {
			continue
		}
		if s.Type != elf.STT_OBJECT {
			return s, true
		}
		if !found {
			best, found = s, true
		}
	}
	return best, found
}

// symGroup is the set of sections an address belongs to; without section information it
// stands for the segment holding the address, and every symbol is in it.
type symGroup struct {
	start    uint64
	sections []secStart
	all      bool
}

func (g symGroup) has(s Symbol) bool {
	if g.all {
		return true
	}
	for _, sec := range g.sections {
		if sec.index == s.Section {
			return true
		}
	}
	return false
}

// candidates returns the index, the position of the last symbol at or below addr, and the
// sections whose symbols may name addr.
func (f *File) candidates(addr uint64) (ix *symIndex, last int, g symGroup, ok bool) {
	ix = f.index
	if ix == nil { // a File built by hand rather than by Parse: no section information
		ix = newSymIndex(f.Symbols, nil)
	}
	last = sort.Search(len(ix.syms), func(i int) bool { return ix.syms[i].Value > addr }) - 1
	if last < 0 {
		return nil, 0, g, false
	}
	if len(ix.starts) == 0 || len(f.Sections) == 0 {
		lo, inside := f.segmentStart(addr)
		return ix, last, symGroup{start: lo, all: true}, inside
	}
	if !f.inSection(addr) {
		return nil, 0, g, false
	}
	hi := sort.Search(len(ix.starts), func(i int) bool { return ix.starts[i].addr > addr })
	if hi == 0 {
		return nil, 0, g, false
	}
	g.start = ix.starts[hi-1].addr
	lo := hi - 1
	for lo > 0 && ix.starts[lo-1].addr == g.start {
		lo--
	}
	g.sections = ix.starts[lo:hi]
	return ix, last, g, true
}

// inSection reports whether addr lies in an allocated section.
func (f *File) inSection(addr uint64) bool {
	for _, s := range f.Sections {
		if addr >= s.Addr && addr-s.Addr < s.Size {
			return true
		}
	}
	return false
}

// segmentStart returns the start of the segment holding addr.
func (f *File) segmentStart(addr uint64) (uint64, bool) {
	for _, s := range f.Segments {
		if addr >= s.Vaddr && addr-s.Vaddr < s.Memsz {
			return s.Vaddr, true
		}
	}
	return 0, false
}

// Describe formats addr as "name" or "name+0x1c", or "" when no symbol applies,
// for messages like "<_start+4>".
func (f *File) Describe(addr uint64) string {
	sym, off, ok := f.SymbolAt(addr)
	switch {
	case !ok:
		return ""
	case off == 0:
		return sym.Name
	}
	return fmt.Sprintf("%s+%#x", sym.Name, off)
}
