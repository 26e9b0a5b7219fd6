package emu

import (
	"bytes"
	dwelf "debug/elf"
	"fmt"
	"sort"
	"strings"

	"rvsim/elf"
)

// Object is an ELF image in the guest's address space: the program, its interpreter, and
// every file the guest mapped from offset 0 (the shared objects ld.so loads). Messages and
// profiles name addresses with their symbols.
type Object struct {
	Path string // the guest's path
	Base uint64 // load base (the address of file offset 0)
	Size uint64 // bytes of address space reserved for it when first mapped
	file *elf.File
	// parsed: file was looked for (it stays nil for a file that is not an ELF).
	parsed bool
	load   func() *elf.File
	// dyn are the functions of the dynamic symbol table, by address: a Debian library is
	// stripped of .symtab but keeps the symbols it exports.
	dyn []dynSym
}

type dynSym struct {
	name       string
	addr, size uint64
}

// Describe names addr as "sym+0x10" from the object's symbols, or its dynamic symbols
// when it has no others ("" when none covers it).
func (o *Object) Describe(addr uint64) string {
	if ef := o.File(); ef != nil {
		if d := ef.Describe(addr); d != "" {
			return d
		}
	}
	i := sort.Search(len(o.dyn), func(i int) bool { return o.dyn[i].addr > addr }) - 1
	if i < 0 || addr-o.dyn[i].addr >= max(o.dyn[i].size, 1) {
		return ""
	}
	if off := addr - o.dyn[i].addr; off != 0 {
		return fmt.Sprintf("%s+%#x", o.dyn[i].name, off)
	}
	return o.dyn[i].name
}

// FuncAt returns the function holding addr: from the object's symbol table, or from its
// dynamic symbols when the table has none there (a stripped library names only what it
// exports).
func (o *Object) FuncAt(addr uint64) (name string, entry uint64, ok bool) {
	if ef := o.File(); ef != nil {
		if s, _, ok := ef.SymbolAt(addr); ok {
			return s.Name, s.Value, true
		}
	}
	i := sort.Search(len(o.dyn), func(i int) bool { return o.dyn[i].addr > addr }) - 1
	if i < 0 || addr-o.dyn[i].addr >= max(o.dyn[i].size, 1) {
		return "", 0, false
	}
	return o.dyn[i].name, o.dyn[i].addr, true
}

func dynamicFuncs(data []byte, base uint64) []dynSym {
	ef, err := dwelf.NewFile(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	syms, err := ef.DynamicSymbols()
	if err != nil {
		return nil
	}
	var out []dynSym
	for _, s := range syms {
		if dwelf.ST_TYPE(s.Info) != dwelf.STT_FUNC || s.Section == dwelf.SHN_UNDEF || s.Value == 0 {
			continue
		}
		name := s.Name
		if i := strings.IndexByte(name, '@'); i > 0 {
			name = name[:i]
		}
		out = append(out, dynSym{name: name, addr: s.Value + base, size: s.Size})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].addr < out[j].addr })
	return out
}

// File returns the object's parsed ELF, placed at Base (nil if it is not an ELF).
func (o *Object) File() *elf.File {
	if !o.parsed {
		o.parsed = true
		if o.load != nil {
			o.file = o.load()
		}
	}
	return o.file
}

func (l *Linux) noteObject(f *guestFile, addr, size uint64) {
	rel := strings.TrimPrefix(f.guest, "/")
	root := l.root
	base := addr
	o := &Object{Path: f.guest, Base: addr, Size: size}
	o.load = func() *elf.File {
		data, err := root.ReadFile(rel)
		if err != nil {
			return nil
		}
		o.dyn = dynamicFuncs(data, base)
		ef, err := elf.Parse(data)
		if err != nil || ef.Type != "dyn" {
			return nil
		}
		if ef, err = ef.Rebase(base); err != nil {
			return nil
		}
		return ef
	}
	l.Objects = append(l.Objects, o)
}

// ObjectAt returns the object whose mapping holds addr (the most recent mapping wins).
func (l *Linux) ObjectAt(addr uint64) *Object {
	for i := len(l.Objects) - 1; i >= 0; i-- {
		o := l.Objects[i]
		if addr-o.Base < o.Size {
			return o
		}
	}
	return nil
}
