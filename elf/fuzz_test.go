package elf

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	valid64, valid32 := sample(false).bytes(), sample(true).bytes()
	pie := sample(false)
	pie.typ = elf.ET_DYN
	seeds := [][]byte{valid64, valid32, pie.bytes(), nil, []byte("\x7fELF")}
	for _, n := range []int{16, 20, 52, 64, 100, 200, len(valid64) / 2, len(valid64) - 1} {
		seeds = append(seeds, valid64[:n], valid32[:min(n, len(valid32))])
	}
	le := binary.LittleEndian
	mutate := func(b []byte, fn func(b []byte)) []byte {
		b = bytes.Clone(b)
		fn(b)
		return b
	}
	seeds = append(seeds,
		mutate(valid64, func(b []byte) { le.PutUint64(b[offShoff64:], 0x10) }),           // headers inside the phdrs
		mutate(valid64, func(b []byte) { le.PutUint16(b[offShnum64:], 0xffff) }),         // section count
		mutate(valid64, func(b []byte) { le.PutUint16(b[offPhnum64:], 3) }),              // one phdr too many
		mutate(valid64, func(b []byte) { le.PutUint64(b[phdr64(1)+40:], 1<<63) }),        // memsz
		mutate(valid64, func(b []byte) { le.PutUint64(b[phdr64(0)+16:], 1<<64-0x1000) }), // vaddr
		mutate(valid32, func(b []byte) { le.PutUint16(b[16:], uint16(elf.ET_DYN)) }),     // PIE at 0x11000
		mutate(valid32, func(b []byte) { b[elf.EI_CLASS] = byte(elf.ELFCLASS64) }),       // class/size mismatch
	)
	for _, s := range seeds {
		f.Add(s)
	}

	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			if file != nil {
				t.Fatalf("non-nil File with error %v", err)
			}
			return
		}
		if file.XLEN != 32 && file.XLEN != 64 {
			t.Fatalf("XLEN %d", file.XLEN)
		}
		if len(file.Segments) == 0 || !file.inExec(file.Entry) {
			t.Fatalf("entry %#x outside executable segments %+v", file.Entry, file.Segments)
		}
		var total uint64
		for i, s := range file.Segments {
			if uint64(len(s.Data)) > s.Memsz {
				t.Fatalf("segment %d: %d data bytes, memsz %#x", i, len(s.Data), s.Memsz)
			}
			if i > 0 && file.Segments[i-1].Vaddr+file.Segments[i-1].Memsz > s.Vaddr {
				t.Fatalf("segments %d and %d overlap or are unsorted", i-1, i)
			}
			if end := s.Vaddr + s.Memsz; end < s.Vaddr || end > file.End || (file.XLEN == 32 && end > 1<<32) {
				t.Fatalf("segment %d ends at %#x; End %#x", i, end, file.End)
			}
			total += s.Memsz
		}
		if total > maxTotalMem || file.End%pageSize != 0 {
			t.Fatalf("total memsz %#x, End %#x", total, file.End)
		}
		for _, s := range file.Sections {
			if s.Data != nil && uint64(len(s.Data)) != s.Size {
				t.Fatalf("section %q: %d data bytes, size %#x", s.Name, len(s.Data), s.Size)
			}
		}
		// The symbol queries must cope with whatever symbols came out.
		for i, s := range file.Symbols {
			if s.Name == "" || (i > 0 && file.Symbols[i-1].Value > s.Value) {
				t.Fatalf("symbol %d %+v unnamed or out of order", i, s)
			}
			file.Lookup(s.Name)
			file.Describe(s.Value)
			file.Describe(s.Value + s.Size)
		}
		for _, a := range []uint64{0, file.Entry, file.End - 1, file.End, 1<<64 - 1} {
			if sym, off, ok := file.SymbolAt(a); ok && sym.Value+off != a {
				t.Fatalf("SymbolAt(%#x) = %+v + %#x", a, sym, off)
			}
			if sym, ok := file.LabelAt(a); ok && sym.Value != a {
				t.Fatalf("LabelAt(%#x) = %+v", a, sym)
			}
			file.PCToLine(a)
		}
		for _, p := range file.Problems {
			if strings.Contains(p, "\n") {
				t.Fatalf("problem %q spans lines", p)
			}
		}
		view := file.ProgramHeaderView()
		for _, s := range view.Sections {
			if !s.Exec || uint64(len(s.Data)) != s.Size {
				t.Fatalf("view section %+v", s)
			}
			view.Describe(s.Addr + s.Size/2)
		}
		if file.Type == "dyn" {
			if r, err := file.Rebase(0x40000000); err == nil {
				if r.Entry-0x40000000 != file.Entry-file.Base || len(r.Segments) != len(file.Segments) {
					t.Fatalf("rebased entry %#x from %#x (base %#x)", r.Entry, file.Entry, file.Base)
				}
				r.Describe(r.Entry)
			}
		}
	})
}
