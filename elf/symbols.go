package elf

import (
	"fmt"
	"math"
	"sort"
)

// symIndex answers address queries quickly enough to describe every traced instruction.
type symIndex struct {
	syms []Symbol // sorted by Value
	// maxEnd[i] is the largest Value+Size of a sized function/object among syms[:i+1].
	// Walking back from an address can stop once it drops to the address: nothing earlier
	// can contain it.
	maxEnd []uint64
}

func newSymIndex(sorted []Symbol) *symIndex {
	ix := &symIndex{syms: sorted, maxEnd: make([]uint64, len(sorted))}
	var end uint64
	for i, s := range sorted {
		if sized(s) {
			e := s.Value + s.Size
			if e < s.Value {
				e = math.MaxUint64
			}
			end = max(end, e)
		}
		ix.maxEnd[i] = end
	}
	return ix
}

// sized reports whether s covers a range of addresses, rather than marking a point.
func sized(s Symbol) bool {
	return s.Size > 0 && (s.Kind == SymFunc || s.Kind == SymObject)
}

// rank orders symbols at the same address: functions, then objects, then labels; globals first.
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

// preferred reports whether a describes an address better than b: the closer start wins,
// then the higher rank, then the smaller name, so results never depend on table order.
func preferred(a, b Symbol) bool {
	if a.Value != b.Value {
		return a.Value > b.Value
	}
	if rank(a) != rank(b) {
		return rank(a) > rank(b)
	}
	return a.Name < b.Name
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

// SymbolAt returns the symbol that best describes addr: the function/object containing it
// (Value <= addr < Value+Size), else the nearest preceding symbol in the same section (or,
// without section headers, segment), which is how size-0 assembler labels are found;
// off is addr-Value. ok is false when none applies.
func (f *File) SymbolAt(addr uint64) (sym Symbol, off uint64, ok bool) {
	ix := f.index
	if ix == nil { // a File built by hand rather than by Parse
		syms := append([]Symbol(nil), f.Symbols...)
		sortSymbols(syms)
		ix = newSymIndex(syms)
	}
	last := sort.Search(len(ix.syms), func(i int) bool { return ix.syms[i].Value > addr }) - 1
	if last < 0 {
		return Symbol{}, 0, false
	}
	for i := last; i >= 0 && ix.maxEnd[i] > addr; i-- {
		s := ix.syms[i]
		if sized(s) && addr-s.Value < s.Size && (!ok || preferred(s, sym)) {
			sym, ok = s, true
		}
	}
	if ok {
		return sym, addr - sym.Value, true
	}

	lo, inside := f.regionStart(addr)
	if !inside || ix.syms[last].Value < lo {
		return Symbol{}, 0, false
	}
	for i := last; i >= 0 && ix.syms[i].Value == ix.syms[last].Value; i-- {
		if !ok || preferred(ix.syms[i], sym) {
			sym, ok = ix.syms[i], true
		}
	}
	return sym, addr - sym.Value, true
}

// regionStart returns the start of the section, or failing that the segment, holding addr.
func (f *File) regionStart(addr uint64) (uint64, bool) {
	for _, s := range f.Sections {
		if addr >= s.Addr && addr-s.Addr < s.Size {
			return s.Addr, true
		}
	}
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
