package elf

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func mustParse(t *testing.T, data []byte) *File {
	t.Helper()
	f, err := Parse(data)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return f
}

func names(syms []Symbol) []string {
	var out []string
	for _, s := range syms {
		out = append(out, s.Name)
	}
	return out
}

func TestParseSample(t *testing.T) {
	for _, class32 := range []bool{false, true} {
		f := mustParse(t, sample(class32).bytes())
		wantXLEN := 64
		if class32 {
			wantXLEN = 32
		}
		if f.XLEN != wantXLEN || f.Entry != 0x11000 || f.Type != "exec" || f.Flags != 5 || f.Base != 0 {
			t.Errorf("class32=%v: XLEN=%d Entry=%#x Type=%q Flags=%#x Base=%#x", class32, f.XLEN, f.Entry, f.Type, f.Flags, f.Base)
		}
		if f.End != 0x13000 { // data ends at 0x12140
			t.Errorf("End = %#x, want 0x13000", f.End)
		}
		if len(f.Segments) != 2 {
			t.Fatalf("got %d segments, want 2", len(f.Segments))
		}
		text, data := f.Segments[0], f.Segments[1]
		if text.Vaddr != 0x11000 || text.Memsz != 0x40 || len(text.Data) != 0x40 || text.Data[5] != 5 || text.Perm != PermR|PermX {
			t.Errorf("text segment = %+v", text)
		}
		if data.Vaddr != 0x12040 || data.Memsz != 0x100 || !bytes.Equal(data.Data, []byte{1, 2, 3, 4, 5, 6, 7, 8}) || data.Perm != PermR|PermW {
			t.Errorf("data segment = %+v", data)
		}
		if got := text.Perm.String() + data.Perm.String(); got != "r-xrw-" {
			t.Errorf("Perm strings = %q", got)
		}

		var secNames []string
		for _, s := range f.Sections {
			secNames = append(secNames, s.Name)
		}
		if !slices.Equal(secNames, []string{".text", ".data", ".bss"}) {
			t.Fatalf("sections = %v, want only the allocated ones", secNames)
		}
		if s := f.Sections[0]; !s.Exec || s.Addr != 0x11000 || s.Size != 0x40 || len(s.Data) != 0x40 || s.Data[0x3f] != 0x3f {
			t.Errorf(".text = %+v", s)
		}
		if s := f.Sections[2]; s.Exec || s.Data != nil || s.Size != 0xf8 {
			t.Errorf(".bss = %+v", s)
		}

		want := []string{"_start", "main", "loop", "helper", "tail", ".Ltmp0", "SIZE", "table", "buf"}
		if got := names(f.Symbols); !slices.Equal(got, want) {
			t.Errorf("symbols = %v, want %v", got, want)
		}
		if s, _ := f.Lookup("helper"); s.Kind != SymFunc || s.Global || s.Size != 8 || s.Value != 0x11010 {
			t.Errorf("helper = %+v", s)
		}
		if s, _ := f.Lookup("table"); s.Kind != SymObject || !s.Global {
			t.Errorf("table = %+v", s)
		}
		if s, _ := f.Lookup("loop"); s.Kind != SymOther {
			t.Errorf("loop = %+v", s)
		}
	}
}

func TestSymbolAt(t *testing.T) {
	f := mustParse(t, sample(false).bytes())
	for _, tc := range []struct {
		addr uint64
		want string
	}{
		{0x11000, "main"},        // greatest name of those at the address (main > _start)
		{0x11008, "loop"},        // a label inside main names what follows it, as in llvm-objdump
		{0x11014, "helper+0x4"},  // local function
		{0x11018, "helper+0x8"},  // just past helper's size: nearest preceding symbol
		{0x11024, "tail+0x4"},    // size-0 label
		{0x1102c, "tail+0xc"},    // size-0 label
		{0x1103c, ".Ltmp0+0xc"},  // the absolute symbol SIZE=0x11038 is a constant, not a location
		{0x12044, "table+0x4"},   // object
		{0x12050, "buf+0x8"},     // object in .bss
		{0x12100, "buf+0xb8"},    // past buf, still in .bss
		{0x10000, ""},            // before every symbol
		{0x20000, ""},            // outside every section and segment
		{0xffffffffffffffff, ""}, // extreme address
	} {
		if got := f.Describe(tc.addr); got != tc.want {
			t.Errorf("Describe(%#x) = %q, want %q", tc.addr, got, tc.want)
		}
	}
	sym, off, ok := f.SymbolAt(0x11024)
	if !ok || sym.Name != "tail" || off != 4 || sym.Kind != SymOther {
		t.Errorf("SymbolAt(0x11024) = %+v, %#x, %v", sym, off, ok)
	}
}

func TestSymbolAtStaysInSection(t *testing.T) {
	e := sample(false)
	// Give .data no symbols: its addresses must not be described by the last .text label.
	e.syms = []tSym{{name: "_start", value: 0x11000, typ: elf.STT_NOTYPE, bind: elf.STB_GLOBAL, shndx: 1}}
	f := mustParse(t, e.bytes())
	if got := f.Describe(0x1103c); got != "_start+0x3c" {
		t.Errorf("Describe(0x1103c) = %q", got)
	}
	if _, _, ok := f.SymbolAt(0x12044); ok {
		t.Errorf("SymbolAt(.data) found a .text label")
	}

	// Without allocated sections, the segment is the boundary instead.
	e.secs = []tSec{{name: ".comment", data: []byte("x")}}
	f = mustParse(t, e.bytes())
	if len(f.Sections) != 0 || len(f.Symbols) != 1 {
		t.Fatalf("sections %v, symbols %v", f.Sections, f.Symbols)
	}
	if got := f.Describe(0x11004); got != "_start+0x4" {
		t.Errorf("Describe(0x11004) = %q", got)
	}
	if got := f.Describe(0x12044); got != "" {
		t.Errorf("Describe(0x12044) = %q, want none (other segment)", got)
	}
}

func TestSymbolAtHandBuiltFile(t *testing.T) {
	f := &File{
		Segments: []Segment{{Vaddr: 0x1000, Memsz: 0x100, Perm: PermR | PermX}},
		Symbols: []Symbol{
			{Name: "b", Value: 0x1040, Kind: SymOther},
			{Name: "a", Value: 0x1000, Size: 0x20, Kind: SymFunc},
		},
	}
	for addr, want := range map[uint64]string{0x1010: "a+0x10", 0x1030: "a+0x30", 0x1050: "b+0x10", 0x2000: ""} {
		if got := f.Describe(addr); got != want {
			t.Errorf("Describe(%#x) = %q, want %q", addr, got, want)
		}
	}
}

func TestNestedAndOverlappingSymbols(t *testing.T) {
	e := sample(false)
	e.syms = []tSym{
		{name: "outer", value: 0x11000, size: 0x40, typ: elf.STT_FUNC, bind: elf.STB_GLOBAL, shndx: 1},
		{name: "inner", value: 0x11010, size: 0x10, typ: elf.STT_FUNC, bind: elf.STB_LOCAL, shndx: 1},
		{name: "alias", value: 0x11010, size: 0x10, typ: elf.STT_FUNC, bind: elf.STB_GLOBAL, shndx: 1},
	}
	f := mustParse(t, e.bytes())
	for addr, want := range map[uint64]string{
		0x11004: "outer+0x4",
		0x11014: "inner+0x4",  // nearest symbol; of two at one address the greater name
		0x11024: "inner+0x14", // sizes play no part: still the nearest preceding symbol
	} {
		if got := f.Describe(addr); got != want {
			t.Errorf("Describe(%#x) = %q, want %q", addr, got, want)
		}
	}
}

func TestLookup(t *testing.T) {
	e := sample(false)
	e.syms = append(e.syms,
		tSym{name: "dup", value: 0x12040, typ: elf.STT_OBJECT, bind: elf.STB_LOCAL, shndx: 2},
		tSym{name: "dup", value: 0x11020, typ: elf.STT_FUNC, bind: elf.STB_GLOBAL, shndx: 1},
		tSym{name: "dup", value: 0x11008, typ: elf.STT_NOTYPE, bind: elf.STB_LOCAL, shndx: 1},
	)
	f := mustParse(t, e.bytes())
	if s, ok := f.Lookup("dup"); !ok || s.Value != 0x11020 || s.Kind != SymFunc {
		t.Errorf("Lookup(dup) = %+v, %v; want the global function", s, ok)
	}
	if s, ok := f.Lookup("SIZE"); !ok || s.Value != 0x11038 {
		t.Errorf("Lookup(SIZE) = %+v, %v", s, ok)
	}
	if s, ok := f.Lookup(".Ltmp0"); !ok || s.Value != 0x11030 {
		t.Errorf("Lookup(.Ltmp0) = %+v, %v: local labels in the symbol table stay, as in llvm-objdump", s, ok)
	}
	for _, name := range []string{"$x", "$x.1", "$d", ".text", "prog.s", "printf", "", "mai"} {
		if s, ok := f.Lookup(name); ok {
			t.Errorf("Lookup(%q) = %+v, want not found", name, s)
		}
	}
}

func TestStaticPIE(t *testing.T) {
	e := sample(false)
	e.typ = elf.ET_DYN
	e.entry -= 0x11000
	for i := range e.segs {
		e.segs[i].vaddr -= 0x11000
	}
	for i := range e.secs {
		if e.secs[i].addr != 0 {
			e.secs[i].addr -= 0x11000
		}
	}
	for i := range e.syms {
		if e.syms[i].shndx != elf.SHN_ABS && e.syms[i].shndx != elf.SHN_UNDEF {
			e.syms[i].value -= 0x11000
		}
	}
	f := mustParse(t, e.bytes())
	if f.Type != "dyn" || f.Base != 0x10000 || f.Entry != 0x10000 {
		t.Fatalf("Type=%q Base=%#x Entry=%#x", f.Type, f.Base, f.Entry)
	}
	if f.Segments[0].Vaddr != 0x10000 || f.Segments[1].Vaddr != 0x11040 || f.End != 0x12000 {
		t.Errorf("segments at %#x, %#x; End %#x", f.Segments[0].Vaddr, f.Segments[1].Vaddr, f.End)
	}
	if f.Sections[0].Addr != 0x10000 {
		t.Errorf(".text at %#x", f.Sections[0].Addr)
	}
	if s, _ := f.Lookup("helper"); s.Value != 0x10010 {
		t.Errorf("helper at %#x, want base applied", s.Value)
	}
	if s, _ := f.Lookup("SIZE"); s.Value != 0x11038 {
		t.Errorf("absolute SIZE = %#x, want unrelocated", s.Value)
	}
	if got := f.Describe(0x10014); got != "helper+0x4" {
		t.Errorf("Describe(0x10014) = %q", got)
	}

	// A PIE linked at a nonzero address stays there.
	e = sample(false)
	e.typ = elf.ET_DYN
	f = mustParse(t, e.bytes())
	if f.Type != "dyn" || f.Base != 0 || f.Entry != 0x11000 {
		t.Errorf("nonzero PIE: Type=%q Base=%#x Entry=%#x", f.Type, f.Base, f.Entry)
	}
}

func TestSegmentsSharingAPage(t *testing.T) {
	e := sample(false)
	e.segs[1].vaddr = 0x11040 // directly after text
	e.secs = nil
	e.syms = nil
	f := mustParse(t, e.bytes())
	if len(f.Segments) != 2 || f.Segments[1].Vaddr != 0x11040 || f.End != 0x12000 {
		t.Errorf("segments %+v End %#x", f.Segments, f.End)
	}
	// Program headers out of address order come out sorted.
	e.segs[0], e.segs[1] = e.segs[1], e.segs[0]
	f = mustParse(t, e.bytes())
	if f.Segments[0].Vaddr != 0x11000 || f.Segments[1].Vaddr != 0x11040 {
		t.Errorf("segments not sorted: %+v", f.Segments)
	}
}

// phdr64 returns the offset of program header i in a 64-bit file from the writer.
func phdr64(i int) int { return 64 + 56*i }

func TestRefusals(t *testing.T) {
	valid := sample(false).bytes()
	edit := func(fn func(b []byte)) []byte {
		b := bytes.Clone(valid)
		fn(b)
		return b
	}
	le := binary.LittleEndian
	withELF := func(fn func(e *tELF)) []byte {
		e := sample(false)
		fn(e)
		return e.bytes()
	}

	for _, tc := range []struct {
		name string
		data []byte
		want []string
	}{
		{"empty", nil, []string{"not an ELF file"}},
		{"text", []byte("#!/bin/sh\necho hi\n"), []string{"not an ELF file"}},
		{"truncated ident", valid[:18], []string{"truncated ELF header"}},
		{"truncated header", valid[:40], []string{"truncated ELF header", "need 64"}},
		{"big-endian", withELF(func(e *tELF) { e.bigEndian = true; e.machine = elf.EM_PPC64 }), []string{"big-endian", "PowerPC64"}},
		{"big-endian riscv", withELF(func(e *tELF) { e.bigEndian = true }), []string{"big-endian", "RISC-V"}},
		{"bad encoding", edit(func(b []byte) { b[elf.EI_DATA] = 7 }), []string{"data encoding 7"}},
		{"x86-64", withELF(func(e *tELF) { e.machine = elf.EM_X86_64 }), []string{"not a RISC-V ELF (machine x86-64)"}},
		{"i386", withELF(func(e *tELF) { e.class32 = true; e.machine = elf.EM_386 }), []string{"machine x86"}},
		{"arm", withELF(func(e *tELF) { e.class32 = true; e.machine = elf.EM_ARM }), []string{"machine ARM"}},
		{"aarch64", withELF(func(e *tELF) { e.machine = elf.EM_AARCH64 }), []string{"machine AArch64"}},
		{"sparc", withELF(func(e *tELF) { e.machine = elf.EM_SPARC }), []string{"machine EM_SPARC"}},
		{"bad class", edit(func(b []byte) { b[elf.EI_CLASS] = 3 }), []string{"ELF class 3"}},
		{"bad version", edit(func(b []byte) { b[elf.EI_VERSION] = 2 }), []string{"ELF version 2"}},
		{"relocatable", withELF(func(e *tELF) { e.typ = elf.ET_REL; e.segs = nil }), []string{"relocatable object", "link it into an executable"}},
		{"core", withELF(func(e *tELF) { e.typ = elf.ET_CORE }), []string{"core dump"}},
		{"odd type", withELF(func(e *tELF) { e.typ = 0xfe00 }), []string{"unsupported ELF type 0xfe00"}},
		{"empty interpreter", withELF(func(e *tELF) {
			e.segs = append(e.segs, tSeg{typ: elf.PT_INTERP, vaddr: 0x10200, data: []byte("\x00")})
		}), []string{"empty interpreter path (segment 2)"}},
		{"odd entry", withELF(func(e *tELF) { e.entry = 0x11001 }), []string{"entry point 0x11001 is not 2-byte aligned"}},
		{"odd entry PIE", withELF(func(e *tELF) { e.typ = elf.ET_DYN; e.entry = 0x11003 }), []string{"entry point 0x11003 is not 2-byte aligned"}},
		{"entry 0 in exec", withELF(func(e *tELF) { e.entry = 0 }), []string{"entry point 0x0 is not inside"}},
		{"segment filesz over 1 GiB", edit(func(b []byte) {
			le.PutUint64(b[phdr64(0)+32:], 1<<30+1)
			le.PutUint64(b[phdr64(0)+40:], 1<<30+1)
		}), []string{"segment 0", "outside the file"}},
		{"no program headers", withELF(func(e *tELF) { e.segs = nil }), []string{"no program headers"}},
		{"no PT_LOAD", withELF(func(e *tELF) { e.segs = []tSeg{{typ: elf.PT_NOTE, data: []byte{1, 2, 3, 4}}} }), []string{"no PT_LOAD"}},
		{"filesz > memsz", edit(func(b []byte) { le.PutUint64(b[phdr64(1)+40:], 4) }), []string{"segment 1", "filesz 0x8 larger than memsz 0x4"}},
		{"file range", edit(func(b []byte) { le.PutUint64(b[phdr64(1)+8:], uint64(len(valid)-4)) }), []string{"segment 1", "outside the file"}},
		{"huge filesz", edit(func(b []byte) {
			le.PutUint64(b[phdr64(0)+32:], 1<<40)
			le.PutUint64(b[phdr64(0)+40:], 1<<40)
		}), []string{"absurdly large segment 0"}},
		{"huge memsz", withELF(func(e *tELF) { e.segs[1].memsz = 5 << 30 }), []string{"absurdly large segment 1"}},
		{"huge total", withELF(func(e *tELF) {
			e.segs[1].memsz = 3 << 30
			e.segs = append(e.segs, tSeg{flags: elf.PF_R, vaddr: 0x1_0000_0000, memsz: 3 << 30})
		}), []string{"absurdly large segment 2"}},
		{"address overflow", withELF(func(e *tELF) { e.segs[1].vaddr = 1<<64 - 0x1000; e.segs[1].memsz = 0x2000 }),
			[]string{"segment 1", "64-bit address space"}},
		{"top of memory", withELF(func(e *tELF) { e.segs[1].vaddr = 1<<64 - 0x2000; e.segs[1].memsz = 0x1800 }),
			[]string{"top of the address space"}},
		{"32-bit overflow", withELF(func(e *tELF) { e.class32 = true; e.segs[1].vaddr = 0xffff_f000; e.segs[1].memsz = 0x2000 }),
			[]string{"segment 1", "32-bit address space"}},
		{"overlap", withELF(func(e *tELF) { e.segs[1].vaddr = 0x11020 }), []string{"segments 0 and 1 overlap"}},
		{"overlap unsorted", withELF(func(e *tELF) { e.segs = append(e.segs, tSeg{flags: elf.PF_R, vaddr: 0x10f00, memsz: 0x101}) }),
			[]string{"segments 2 and 0 overlap"}},
		{"entry in data", withELF(func(e *tELF) { e.entry = 0x12040 }), []string{"entry point 0x12040", "executable segment"}},
		{"entry nowhere", withELF(func(e *tELF) { e.entry = 0x50000 }), []string{"entry point 0x50000"}},
		{"entry at end", withELF(func(e *tELF) { e.entry = 0x11040 }), []string{"entry point 0x11040"}},
		{"phentsize", edit(func(b []byte) { le.PutUint16(b[54:], 32) }), []string{"program header size 32 (want 56)"}},
		{"phoff", edit(func(b []byte) { le.PutUint64(b[offPhoff64:], 1<<63) }), []string{"program header table", "outside the file"}},
		{"phnum", edit(func(b []byte) { le.PutUint16(b[offPhnum64:], 5000) }), []string{"program header table"}},
		{"PN_XNUM", edit(func(b []byte) { le.PutUint16(b[offPhnum64:], 0xffff) }), []string{"PN_XNUM"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse(tc.data)
			if err == nil {
				t.Fatalf("Parse succeeded (%d segments), want an error mentioning %q", len(f.Segments), tc.want)
			}
			msg := err.Error()
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not mention %q", msg, w)
				}
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("error %q spans several lines", msg)
			}
		})
	}
}

func TestCorruptSectionHeaders(t *testing.T) {
	valid := sample(false).bytes()
	le := binary.LittleEndian
	shoff := le.Uint64(valid[offShoff64:])
	for _, tc := range []struct {
		name string
		edit func(b []byte)
	}{
		{"stripped", func(b []byte) { le.PutUint64(b[offShoff64:], 0); le.PutUint16(b[offShnum64:], 0) }},
		{"shoff past end", func(b []byte) { le.PutUint64(b[offShoff64:], 1<<62) }},
		{"shnum huge", func(b []byte) { le.PutUint16(b[offShnum64:], 0xfff0) }},
		{"shentsize", func(b []byte) { le.PutUint16(b[58:], 3) }},
		{"shstrndx", func(b []byte) { le.PutUint16(b[62:], 0x7000) }},
		{"garbage headers", func(b []byte) {
			for i := shoff; i < uint64(len(b)); i++ {
				b[i] = 0xff
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := bytes.Clone(valid)
			tc.edit(b)
			f := mustParse(t, b)
			if len(f.Segments) != 2 || f.Entry != 0x11000 {
				t.Errorf("segments %d entry %#x", len(f.Segments), f.Entry)
			}
			if len(f.Sections) != 0 || len(f.Symbols) != 0 || f.Describe(0x11004) != "" {
				t.Errorf("kept %d sections and %d symbols from corrupt headers", len(f.Sections), len(f.Symbols))
			}
			stripped := tc.name == "stripped"
			if stripped != (len(f.Problems) == 0) || stripped == f.ExecSectionsDamaged {
				t.Errorf("problems %q, exec sections damaged %v", f.Problems, f.ExecSectionsDamaged)
			}
			for _, p := range f.Problems {
				if !strings.HasPrefix(p, "section headers unreadable: ") || strings.Contains(p, "\n") {
					t.Errorf("problem %q", p)
				}
			}
		})
	}

	// One section whose data lies outside the file is dropped; the rest survive.
	b := bytes.Clone(valid)
	le.PutUint64(b[shoff+64*1+24:], uint64(len(b))) // .text sh_offset
	f := mustParse(t, b)
	var got []string
	for _, s := range f.Sections {
		got = append(got, s.Name)
	}
	if !slices.Equal(got, []string{".data", ".bss"}) {
		t.Errorf("sections = %v, want .text dropped", got)
	}
	if want := ".text (index 1): file range 0x"; len(f.Problems) != 1 || !strings.Contains(f.Problems[0], want) || !f.ExecSectionsDamaged {
		t.Errorf("problems %q (damaged %v), want one naming %q", f.Problems, f.ExecSectionsDamaged, want)
	}
	// Only non-executable sections damaged: the code is still fully described.
	b = bytes.Clone(valid)
	le.PutUint64(b[shoff+64*2+24:], uint64(len(b))) // .data sh_offset
	if f = mustParse(t, b); len(f.Problems) != 1 || !strings.Contains(f.Problems[0], "section .data (index 2)") || f.ExecSectionsDamaged {
		t.Errorf("problems %q, damaged %v", f.Problems, f.ExecSectionsDamaged)
	}
	// A view from the program headers: one section per executable segment, named after its
	// program header, with a symbol at its start, and the file's symbols kept.
	v := f.ProgramHeaderView()
	if len(v.Sections) != 1 || v.Sections[0].Name != "PT_LOAD#0" || v.Sections[0].Addr != 0x11000 || len(v.Sections[0].Data) != 0x40 {
		t.Fatalf("view sections %+v", v.Sections)
	}
	if got := v.Describe(0x11004); got != "main+0x4" {
		t.Errorf("view: Describe(0x11004) = %q", got)
	}
	if s, ok := v.LabelAt(0x11000); !ok || s.Name != "main" {
		t.Errorf("view: LabelAt(0x11000) = %q", s.Name)
	}
	e := sample(false)
	e.secs, e.syms = nil, nil
	if v = mustParse(t, e.bytes()).ProgramHeaderView(); v.Describe(0x11008) != "PT_LOAD#0+0x8" || v.Describe(0x12044) != "" {
		t.Errorf("view without symbols: %q %q", v.Describe(0x11008), v.Describe(0x12044))
	}
	if _, ok := f.Lookup("main"); !ok {
		t.Errorf("symbols lost along with .text")
	}
}

func TestParseDoesNotAliasInput(t *testing.T) {
	b := sample(false).bytes()
	f := mustParse(t, b)
	for i := range b {
		b[i] = 0
	}
	if f.Segments[0].Data[5] != 5 || f.Sections[0].Data[5] != 5 {
		t.Errorf("File data changed when the input buffer was overwritten")
	}
	// Data slices share one buffer; appending to one must not overwrite the bytes after it.
	for _, s := range f.Segments {
		if cap(s.Data) != len(s.Data) {
			t.Errorf("segment at %#x: capacity %d exceeds length %d", s.Vaddr, cap(s.Data), len(s.Data))
		}
	}
	for _, s := range f.Sections {
		if cap(s.Data) != len(s.Data) {
			t.Errorf("section %s: capacity %d exceeds length %d", s.Name, cap(s.Data), len(s.Data))
		}
	}
}

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "prog.elf")
	if err := os.WriteFile(good, sample(true).bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(good)
	if err != nil || f.XLEN != 32 {
		t.Fatalf("Open: %v", err)
	}

	bad := filepath.Join(dir, "x86.elf")
	e := sample(false)
	e.machine = elf.EM_X86_64
	if err := os.WriteFile(bad, e.bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(bad); err == nil || err.Error() != bad+": not a RISC-V ELF (machine x86-64)" {
		t.Errorf("Open(x86) error = %v", err)
	}

	if _, err := Open(filepath.Join(dir, "missing")); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("Open(missing) error = %v", err)
	}

	// A dynamically linked program and a shared object parse; emu refuses to run them.
	dyn := sample(false)
	dyn.typ = elf.ET_DYN
	dyn.segs = append([]tSeg{{typ: elf.PT_INTERP, flags: elf.PF_R, vaddr: 0x10200, data: []byte("/lib/ld-linux-riscv64-lp64d.so.1\x00")}}, dyn.segs...)
	f = mustParse(t, dyn.bytes())
	if f.Interp != "/lib/ld-linux-riscv64-lp64d.so.1" || f.Library || f.Entry != 0x11000 {
		t.Errorf("dynamic PIE: Interp %q Library %v Entry %#x", f.Interp, f.Library, f.Entry)
	}
	dyn.segs[0].data = []byte("/lib/ld\nx")
	if f = mustParse(t, dyn.bytes()); f.Interp != `"/lib/ld\nx"` {
		t.Errorf("odd interpreter printed as %s", f.Interp)
	}
	lib := sample(false)
	lib.typ, lib.entry = elf.ET_DYN, 0
	if f = mustParse(t, lib.bytes()); !f.Library || f.Interp != "" {
		t.Errorf("shared object: Library %v Interp %q", f.Library, f.Interp)
	}
}
