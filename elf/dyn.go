package elf

import (
	"debug/elf"
	"errors"
	"fmt"
	"math"
)

// Rebase returns a copy of f placed at base, as a dynamic loader places a PIE or a shared
// object: every address (segments, sections, symbols other than absolute ones, Entry, Phdr,
// End) is its link-time address plus base. The copy shares f's data. Progs keep link-time
// addresses. Only ET_DYN files can move; base must be page-aligned and keep the image
// inside the address space.
func (f *File) Rebase(base uint64) (*File, error) {
	if f.Type != "dyn" {
		if base == 0 {
			return f, nil
		}
		return nil, errors.New("only a position-independent (ET_DYN) file can be loaded at another address")
	}
	if base%pageSize != 0 {
		return nil, fmt.Errorf("load base %#x is not %d-byte aligned", base, pageSize)
	}
	limit := uint64(math.MaxUint64)
	if f.XLEN == 32 {
		limit = 1 << 32
	}
	// Addresses are link-time address + Base; moving means adding base-Base, wrapping.
	delta := base - f.Base
	move := func(a uint64) uint64 { return a + delta }
	var end uint64
	for _, p := range f.Progs {
		if p.Type != elf.PT_LOAD || p.Memsz == 0 {
			continue
		}
		lo := p.Vaddr + base
		if lo < p.Vaddr || lo > limit || p.Memsz > limit-lo || lo+p.Memsz > math.MaxUint64-(pageSize-1) {
			return nil, fmt.Errorf("load base %#x puts segment at %#x+%#x outside the %d-bit address space", base, lo, p.Memsz, f.XLEN)
		}
		end = max(end, lo+p.Memsz)
	}
	v := *f
	v.Base = base
	v.Entry = move(f.Entry)
	v.End = (end + pageSize - 1) &^ (pageSize - 1)
	if f.Phdr != 0 {
		v.Phdr = move(f.Phdr)
	}
	v.Segments = make([]Segment, len(f.Segments))
	for i, s := range f.Segments {
		s.Vaddr = move(s.Vaddr)
		v.Segments[i] = s
	}
	v.Sections = make([]Section, len(f.Sections))
	for i, s := range f.Sections {
		s.Addr = move(s.Addr)
		v.Sections[i] = s
	}
	v.Symbols = make([]Symbol, len(f.Symbols))
	var located []Symbol
	for i, s := range f.Symbols {
		if s.Section != elf.SHN_ABS {
			s.Value = move(s.Value)
			located = append(located, s)
		}
		v.Symbols[i] = s
	}
	sortSymbols(v.Symbols)
	if f.index != nil {
		starts := make([]secStart, len(f.index.starts))
		for i, s := range f.index.starts {
			starts[i] = s
			if s.alloc {
				starts[i].addr = move(s.addr)
			}
		}
		v.index = newSymIndex(located, starts)
	}
	return &v, nil
}
