package emu

import (
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
	l.Objects = append(l.Objects, &Object{Path: f.guest, Base: addr, Size: size, load: func() *elf.File {
		data, err := root.ReadFile(rel)
		if err != nil {
			return nil
		}
		ef, err := elf.Parse(data)
		if err != nil || ef.Type != "dyn" {
			return nil
		}
		if ef, err = ef.Rebase(base); err != nil {
			return nil
		}
		return ef
	}})
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
