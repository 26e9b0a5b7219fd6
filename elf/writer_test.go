package elf

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
)

// This file holds a minimal ELF writer for tests: just enough structure to exercise the
// loader, with every field directly controllable so tests can break one thing at a time.

type tSeg struct {
	typ   elf.ProgType // PT_LOAD when zero
	flags elf.ProgFlag
	vaddr uint64
	memsz uint64 // len(data) when zero
	data  []byte
}

type tSec struct {
	name  string
	typ   elf.SectionType // SHT_PROGBITS when zero
	flags elf.SectionFlag
	addr  uint64
	data  []byte
	size  uint64 // for NOBITS; len(data) otherwise
}

type tSym struct {
	name        string
	value, size uint64
	typ         elf.SymType
	bind        elf.SymBind
	shndx       elf.SectionIndex // 1-based index into tELF.secs, or a special index
}

type tELF struct {
	class32   bool
	bigEndian bool
	machine   elf.Machine // EM_RISCV when zero
	typ       elf.Type    // ET_EXEC when zero
	entry     uint64
	flags     uint32
	segs      []tSeg
	secs      []tSec
	syms      []tSym // a .symtab/.strtab pair is written when non-nil
}

// offsets of e_phoff etc. in the output, for tests that corrupt them afterwards
const (
	offPhoff64 = 32
	offShoff64 = 40
	offPhnum64 = 56
	offShnum64 = 60
)

func (e *tELF) bytes() []byte {
	order := binary.ByteOrder(binary.LittleEndian)
	if e.bigEndian {
		order = binary.BigEndian
	}
	machine, typ := e.machine, e.typ
	if machine == 0 {
		machine = elf.EM_RISCV
	}
	if typ == 0 {
		typ = elf.ET_EXEC
	}
	ehsize, phentsize, shentsize := 64, 56, 64
	if e.class32 {
		ehsize, phentsize, shentsize = 52, 32, 40
	}

	// Layout: header, program headers, segment data, section data, string and symbol tables,
	// section headers.
	var body bytes.Buffer
	pos := func() uint64 { return uint64(ehsize + phentsize*len(e.segs) + body.Len()) }
	segOff := make([]uint64, len(e.segs))
	for i, s := range e.segs {
		segOff[i] = pos()
		body.Write(s.data)
	}

	secs := append([]tSec(nil), e.secs...)
	if e.syms != nil {
		var strtab bytes.Buffer
		strtab.WriteByte(0)
		var symtab bytes.Buffer
		write := func(v any) { binary.Write(&symtab, order, v) }
		if e.class32 {
			write(elf.Sym32{})
		} else {
			write(elf.Sym64{})
		}
		for _, s := range e.syms {
			name := uint32(strtab.Len())
			strtab.WriteString(s.name)
			strtab.WriteByte(0)
			info := elf.ST_INFO(s.bind, s.typ)
			if e.class32 {
				write(elf.Sym32{Name: name, Value: uint32(s.value), Size: uint32(s.size), Info: info, Shndx: uint16(s.shndx)})
			} else {
				write(elf.Sym64{Name: name, Info: info, Shndx: uint16(s.shndx), Value: s.value, Size: s.size})
			}
		}
		// .strtab follows .symtab, so the symtab's sh_link is its own index + 1.
		secs = append(secs, tSec{name: ".symtab", typ: elf.SHT_SYMTAB, data: symtab.Bytes()},
			tSec{name: ".strtab", typ: elf.SHT_STRTAB, data: strtab.Bytes()})
	}
	var shstrtab bytes.Buffer
	shstrtab.WriteByte(0)
	secs = append(secs, tSec{name: ".shstrtab", typ: elf.SHT_STRTAB})
	nameOff := make([]uint32, len(secs))
	for i, s := range secs {
		nameOff[i] = uint32(shstrtab.Len())
		shstrtab.WriteString(s.name)
		shstrtab.WriteByte(0)
	}
	secs[len(secs)-1].data = shstrtab.Bytes()
	secOff := make([]uint64, len(secs))
	for i, s := range secs {
		secOff[i] = pos()
		if s.typ != elf.SHT_NOBITS {
			body.Write(s.data)
		}
	}
	for body.Len()%8 != 0 {
		body.WriteByte(0)
	}
	shoff := pos()

	var out bytes.Buffer
	write := func(v any) { binary.Write(&out, order, v) }
	var ident [elf.EI_NIDENT]byte
	copy(ident[:], elf.ELFMAG)
	ident[elf.EI_CLASS] = byte(elf.ELFCLASS64)
	if e.class32 {
		ident[elf.EI_CLASS] = byte(elf.ELFCLASS32)
	}
	ident[elf.EI_DATA] = byte(elf.ELFDATA2LSB)
	if e.bigEndian {
		ident[elf.EI_DATA] = byte(elf.ELFDATA2MSB)
	}
	ident[elf.EI_VERSION] = byte(elf.EV_CURRENT)
	shnum := uint16(len(secs) + 1) // plus the null section
	shstrndx := shnum - 1
	if e.class32 {
		write(elf.Header32{Ident: ident, Type: uint16(typ), Machine: uint16(machine), Version: 1,
			Entry: uint32(e.entry), Phoff: uint32(ehsize), Shoff: uint32(shoff), Flags: e.flags,
			Ehsize: uint16(ehsize), Phentsize: uint16(phentsize), Phnum: uint16(len(e.segs)),
			Shentsize: uint16(shentsize), Shnum: shnum, Shstrndx: shstrndx})
	} else {
		write(elf.Header64{Ident: ident, Type: uint16(typ), Machine: uint16(machine), Version: 1,
			Entry: e.entry, Phoff: uint64(ehsize), Shoff: shoff, Flags: e.flags,
			Ehsize: uint16(ehsize), Phentsize: uint16(phentsize), Phnum: uint16(len(e.segs)),
			Shentsize: uint16(shentsize), Shnum: shnum, Shstrndx: shstrndx})
	}
	for i, s := range e.segs {
		ptyp := s.typ
		if ptyp == 0 {
			ptyp = elf.PT_LOAD
		}
		memsz := s.memsz
		if memsz == 0 {
			memsz = uint64(len(s.data))
		}
		filesz := uint64(len(s.data))
		if e.class32 {
			write(elf.Prog32{Type: uint32(ptyp), Off: uint32(segOff[i]), Vaddr: uint32(s.vaddr), Paddr: uint32(s.vaddr),
				Filesz: uint32(filesz), Memsz: uint32(memsz), Flags: uint32(s.flags), Align: 4096})
		} else {
			write(elf.Prog64{Type: uint32(ptyp), Flags: uint32(s.flags), Off: segOff[i], Vaddr: s.vaddr, Paddr: s.vaddr,
				Filesz: filesz, Memsz: memsz, Align: 4096})
		}
	}
	out.Write(body.Bytes())

	if e.class32 {
		write(elf.Section32{})
	} else {
		write(elf.Section64{})
	}
	for i, s := range secs {
		styp := s.typ
		if styp == 0 {
			styp = elf.SHT_PROGBITS
		}
		size := uint64(len(s.data))
		if styp == elf.SHT_NOBITS {
			size = s.size
		}
		var link, info uint32
		entsize := uint64(0)
		if styp == elf.SHT_SYMTAB {
			link, info = uint32(i+2), 1 // section index of .strtab (i+1, plus the null section)
			entsize = 24
			if e.class32 {
				entsize = 16
			}
		}
		if e.class32 {
			write(elf.Section32{Name: nameOff[i], Type: uint32(styp), Flags: uint32(s.flags), Addr: uint32(s.addr),
				Off: uint32(secOff[i]), Size: uint32(size), Link: link, Info: info, Addralign: 1, Entsize: uint32(entsize)})
		} else {
			write(elf.Section64{Name: nameOff[i], Type: uint32(styp), Flags: uint64(s.flags), Addr: s.addr,
				Off: secOff[i], Size: size, Link: link, Info: info, Addralign: 1, Entsize: entsize})
		}
	}
	return out.Bytes()
}

// sample returns a small but complete executable: text with two functions and labels,
// data with an object, bss, and section headers with a symbol table.
func sample(class32 bool) *tELF {
	text := make([]byte, 0x40)
	for i := range text {
		text[i] = byte(i)
	}
	x, rw := elf.PF_R|elf.PF_X, elf.PF_R|elf.PF_W
	return &tELF{
		class32: class32,
		entry:   0x11000,
		flags:   0x5, // RVC, double-float ABI
		segs: []tSeg{
			{flags: x, vaddr: 0x11000, data: text},
			{flags: rw, vaddr: 0x12040, memsz: 0x100, data: []byte{1, 2, 3, 4, 5, 6, 7, 8}},
		},
		secs: []tSec{
			{name: ".text", flags: elf.SHF_ALLOC | elf.SHF_EXECINSTR, addr: 0x11000, data: text},
			{name: ".data", flags: elf.SHF_ALLOC | elf.SHF_WRITE, addr: 0x12040, data: []byte{1, 2, 3, 4, 5, 6, 7, 8}},
			{name: ".bss", typ: elf.SHT_NOBITS, flags: elf.SHF_ALLOC | elf.SHF_WRITE, addr: 0x12048, size: 0xf8},
			{name: ".comment", data: []byte("test\x00")},
		},
		syms: []tSym{
			{name: "_start", value: 0x11000, typ: elf.STT_NOTYPE, bind: elf.STB_GLOBAL, shndx: 1},
			{name: "main", value: 0x11000, size: 0x10, typ: elf.STT_FUNC, bind: elf.STB_GLOBAL, shndx: 1},
			{name: "loop", value: 0x11008, typ: elf.STT_NOTYPE, bind: elf.STB_LOCAL, shndx: 1},
			{name: "helper", value: 0x11010, size: 0x8, typ: elf.STT_FUNC, bind: elf.STB_LOCAL, shndx: 1},
			{name: "tail", value: 0x11020, typ: elf.STT_NOTYPE, bind: elf.STB_LOCAL, shndx: 1},
			{name: "table", value: 0x12040, size: 8, typ: elf.STT_OBJECT, bind: elf.STB_GLOBAL, shndx: 2},
			{name: "buf", value: 0x12048, size: 0x20, typ: elf.STT_OBJECT, bind: elf.STB_LOCAL, shndx: 3},
			// everything below must be dropped, or (abs) kept for Lookup but not for addresses
			{name: "$x", value: 0x11000, typ: elf.STT_NOTYPE, shndx: 1},
			{name: "$x.1", value: 0x11030, typ: elf.STT_NOTYPE, shndx: 1},
			{name: "$xrv64i2p1_m2p0_a2p1_c2p0", value: 0x11034, typ: elf.STT_NOTYPE, shndx: 1},
			{name: "$d", value: 0x12040, typ: elf.STT_NOTYPE, shndx: 2},
			{name: ".Ltmp0", value: 0x11030, typ: elf.STT_NOTYPE, shndx: 1},
			{name: ".text", value: 0x11000, typ: elf.STT_SECTION, shndx: 1},
			{name: "prog.s", typ: elf.STT_FILE, shndx: elf.SHN_ABS},
			{name: "printf", typ: elf.STT_FUNC, bind: elf.STB_GLOBAL, shndx: elf.SHN_UNDEF},
			{name: "SIZE", value: 0x11038, typ: elf.STT_NOTYPE, shndx: elf.SHN_ABS},
		},
	}
}
