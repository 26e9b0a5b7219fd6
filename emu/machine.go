package emu

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"syscall"

	"rvsim/elf"
	"rvsim/isa"
)

// EnvKind selects the execution environment.
type EnvKind uint8

const (
	EnvAuto  EnvKind = iota // bare metal if the ELF has a tohost symbol, Linux otherwise
	EnvLinux                // Linux user mode, as qemu-user
	EnvBare                 // machine mode with HTIF, as Spike
)

// Config says how to load and run a program.
type Config struct {
	// ISA is the target; a zero XLEN means the ELF's class with every implemented extension.
	ISA   isa.ISA
	Env   EnvKind
	Linux LinuxConfig
	// Console receives bare-metal HTIF output (Linux.Stdout if nil).
	Console io.Writer
	// VLEN is the vector register width in bits when the ISA has a vector extension
	// (0: 128). AgnosticOnes fills tail- and mask-agnostic vector elements with ones
	// instead of leaving them undisturbed.
	VLEN         int
	AgnosticOnes bool
	// MemoryLimit caps the guest memory allocated, in bytes (0: DefaultMemoryLimit).
	MemoryLimit uint64
}

// Machine is a loaded program: its hart, memory, symbols and environment.
type Machine struct {
	Hart  *Hart
	File  *elf.File
	Linux *Linux
	HTIF  *HTIF

	scratch, scratchNext, scratchEnd uint64
	scratchMapped                    uint64 // the end of the scratch pages mapped so far
	callStack                        uint64
}

// Bare-metal RAM, as on Spike: 2 GiB at 0x80000000, allocated as it is touched.
const (
	ramBase = 0x80000000
	ramSize = 2 << 30
)

// Load builds a machine for f.
func Load(f *elf.File, cfg Config) (*Machine, error) {
	if f.Interp != "" && cfg.Linux.Sysroot == nil {
		return nil, fmt.Errorf("dynamically linked (interpreter %s): give --sysroot DIR, a root file system holding it and the libraries", f.Interp)
	}
	if f.Library {
		return nil, errors.New("shared library (ET_DYN with entry point 0), not a program")
	}
	target := cfg.ISA
	if target.XLEN == 0 {
		target = isa.Default(f.XLEN)
	}
	if target.XLEN != f.XLEN {
		return nil, fmt.Errorf("ISA %s does not match the ELF's class (ELF%d)", target, f.XLEN)
	}
	env := cfg.Env
	if env == EnvAuto {
		env = EnvLinux
		if _, ok := f.Lookup("tohost"); ok {
			env = EnvBare
		}
	}
	m := NewMemory()
	m.SetLimit(cfg.MemoryLimit)
	h := NewHart(target, m)
	if h.V != nil && (cfg.VLEN != 0 || cfg.AgnosticOnes) {
		vlen := cfg.VLEN
		if vlen == 0 {
			vlen = 128
		}
		if err := h.SetVector(vlen, cfg.AgnosticOnes); err != nil {
			return nil, err
		}
	}
	mc := &Machine{Hart: h, File: f}
	if env == EnvBare {
		m.SetLazy(ramBase, ramBase+ramSize)
	}
	var interp *elf.File
	var interpPath string
	if env == EnvLinux && f.Type == "dyn" {
		// A PIE goes where Linux puts one, below the mmap area; a fixed base keeps runs
		// reproducible.
		base := uint64(0x555555000)
		if f.XLEN == 32 {
			base = 0x10000000
		}
		var err error
		if f, err = f.Rebase(base); err != nil {
			return nil, err
		}
		mc.File = f
	}
	if env == EnvLinux && f.Interp != "" {
		var err error
		if interp, interpPath, err = loadInterp(cfg.Linux.Sysroot, f); err != nil {
			return nil, err
		}
		_, mmapBase, mmapTop := layout(f.XLEN)
		span := interp.End - interp.Base
		base, ok := m.FindFree(mmapBase, mmapTop, span)
		if !ok {
			return nil, fmt.Errorf("no room for the interpreter %s", f.Interp)
		}
		if interp, err = interp.Rebase(base); err != nil {
			return nil, fmt.Errorf("interpreter %s: %v", f.Interp, err)
		}
		if err := loadSegments(m, interp, env); err != nil {
			return nil, fmt.Errorf("interpreter %s: %v", f.Interp, err)
		}
	}
	if err := loadSegments(m, f, env); err != nil {
		return nil, err
	}
	h.PC = f.Entry
	img := Image{Entry: f.Entry, End: f.End, Phdr: f.Phdr, Phent: f.Phent, Phnum: f.Phnum}
	if interp != nil {
		h.PC = interp.Entry
		img.InterpBase = interp.Base
	}
	switch env {
	case EnvLinux:
		lc := cfg.Linux
		if len(lc.Args) == 0 {
			lc.Args = []string{"prog"}
		}
		l, err := NewLinux(h, lc, img)
		if err != nil {
			return nil, err
		}
		mc.Linux = l
		exe := lc.Exe
		if exe == "" {
			exe = lc.Args[0]
		}
		main := &Object{Path: exe, Base: f.Base, Size: f.End - f.Base, file: f, parsed: true}
		l.Objects = append(l.Objects, main)
		if interp != nil {
			l.Objects = append(l.Objects, &Object{Path: interpPath, Base: interp.Base, Size: interp.End - interp.Base, file: interp, parsed: true})
		}
	case EnvBare:
		to, ok1 := f.Lookup("tohost")
		from, ok2 := f.Lookup("fromhost")
		if !ok1 {
			return nil, errors.New("bare-metal environment needs a tohost symbol")
		}
		if !ok2 {
			from.Value = to.Value + 64
		}
		out := cfg.Console
		if out == nil {
			out = cfg.Linux.Stdout
		}
		if out == nil {
			out = io.Discard
		}
		mc.HTIF = NewHTIF(h, to.Value, from.Value, out)
		h.Priv = PrivM
		h.TrapAtResetMtvec = true
	}
	return mc, nil
}

// Lookup returns the address of a symbol.
func (mc *Machine) Lookup(name string) (uint64, bool) {
	s, ok := mc.File.Lookup(name)
	return s.Value, ok
}

// Describe names an address as "symbol+0x10" ("" when no symbol covers it), with the
// object's name when it is in a shared object or the interpreter: "memcpy+0x10 in libc.so.6".
func (mc *Machine) Describe(addr uint64) string {
	if mc.Linux != nil && len(mc.Linux.Objects) > 0 {
		o := mc.Linux.ObjectAt(addr)
		if o == nil || o == mc.Linux.Objects[0] {
			return mc.File.Describe(addr)
		}
		name := path.Base(o.Path)
		if d := o.Describe(addr); d != "" {
			return d + " in " + name
		}
		return fmt.Sprintf("%s+%#x", name, addr-o.Base)
	}
	return mc.File.Describe(addr)
}

// Objects returns the ELF images loaded into a Linux guest: the program first, then its
// interpreter and the shared objects it mapped, with their load bases.
func (mc *Machine) Objects() []*Object {
	if mc.Linux == nil {
		return nil
	}
	return mc.Linux.Objects
}

// loadInterp reads the program's interpreter from the sysroot.
func loadInterp(root *os.Root, f *elf.File) (*elf.File, string, error) {
	rel, errno := resolveIn(root, f.Interp, true)
	if errno != 0 {
		return nil, "", fmt.Errorf("interpreter %s: %v in the sysroot", f.Interp, syscall.Errno(errno))
	}
	st, err := root.Stat(rel)
	if err != nil {
		return nil, "", fmt.Errorf("interpreter %s: %v", f.Interp, err)
	}
	if !st.Mode().IsRegular() || st.Size() > 64<<20 {
		return nil, "", fmt.Errorf("interpreter %s: not a regular file of at most 64 MiB", f.Interp)
	}
	data, err := root.ReadFile(rel)
	if err != nil {
		return nil, "", fmt.Errorf("interpreter %s: %v", f.Interp, err)
	}
	interp, err := elf.Parse(data)
	if err != nil {
		return nil, "", fmt.Errorf("interpreter %s: %v", f.Interp, err)
	}
	if interp.XLEN != f.XLEN || interp.Type != "dyn" || interp.Interp != "" {
		return nil, "", fmt.Errorf("interpreter %s: not a position-independent ELF%d without an interpreter of its own", f.Interp, f.XLEN)
	}
	return interp, "/" + rel, nil
}

// loadSegments maps f's PT_LOAD segments and copies their file contents. Pages shared by two
// segments get the union of their permissions, as the kernel's page-granular mappings give
// them; the bss costs nothing until it is touched.
func loadSegments(m *Memory, f *elf.File, env EnvKind) error {
	for _, s := range f.Segments {
		perm := Perm(0)
		if s.Perm&elf.PermR != 0 {
			perm |= PermR
		}
		if s.Perm&elf.PermW != 0 {
			perm |= PermW
		}
		if s.Perm&elf.PermX != 0 {
			perm |= PermX | PermR
		}
		if env == EnvBare {
			perm = PermRWX // machine mode without PMP restrictions
		}
		if s.Memsz == 0 {
			continue
		}
		lo := s.Vaddr &^ pageMask
		hi := (s.Vaddr + s.Memsz + pageMask) &^ pageMask
		m.Map(lo, PageSize, perm|m.PermAt(lo))
		if hi-lo > PageSize {
			last := hi - PageSize
			if last-lo > PageSize {
				m.Map(lo+PageSize, last-lo-PageSize, perm)
			}
			m.Map(last, PageSize, perm|m.PermAt(last))
		}
		if err := m.Write(s.Vaddr, s.Data); err != nil {
			return fmt.Errorf("loading segment at %#x: %v", s.Vaddr, err)
		}
	}
	return nil
}

// Scratch memory for Call's buffers and stack: a region the program does not use.
func (mc *Machine) scratchRegion() {
	if mc.scratch != 0 {
		return
	}
	size := uint64(64 << 20)
	base := uint64(0x1000000000)
	if mc.Hart.ISA.XLEN == 32 {
		base = 0x60000000
	}
	mc.scratch, mc.scratchNext, mc.scratchEnd = base, base, base+size-1<<20
	mc.callStack = base + size - 16
	// Only the call stack (the top MiB) is mapped now; Alloc maps the buffers' pages as it
	// hands them out, so that a machine costs what its calls use rather than 64 MiB.
	mc.scratchMapped = base
	mc.Hart.Mem.Map(mc.scratchEnd, base+size-mc.scratchEnd, PermRW)
}

// Alloc reserves n bytes of zeroed guest memory (16-byte aligned) for Call arguments.
func (mc *Machine) Alloc(n uint64) (uint64, error) {
	mc.scratchRegion()
	a := (mc.scratchNext + 15) &^ 15
	if a+n > mc.scratchEnd || a+n < a {
		return 0, fmt.Errorf("scratch memory exhausted allocating %d bytes", n)
	}
	mc.scratchNext = a + n
	if end := (a + n + pageMask) &^ pageMask; end > mc.scratchMapped {
		mc.Hart.Mem.Map(mc.scratchMapped, end-mc.scratchMapped, PermRW)
		mc.scratchMapped = end
	}
	zero := make([]byte, n)
	mc.Hart.Mem.Write(a, zero)
	return a, nil
}

// AllocBytes copies b into fresh guest memory and returns its address.
func (mc *Machine) AllocBytes(b []byte) (uint64, error) {
	a, err := mc.Alloc(uint64(len(b)))
	if err == nil {
		err = mc.Hart.Mem.Write(a, b)
	}
	return a, err
}

// FreeAll releases every Alloc.
func (mc *Machine) FreeAll() { mc.scratchNext = mc.scratch }

// callSentinel is the return address Call plants: an address no program maps.
const callSentinel = 0xfffff000

// Call calls the function at addr with up to eight integer arguments, following the
// standard calling convention, and runs until it returns (or maxInsns retire). It returns a0.
func (mc *Machine) Call(addr uint64, maxInsns uint64, args ...uint64) (uint64, Stop) {
	h := mc.Hart
	if len(args) > 8 {
		return 0, Stop{Reason: StopSignal, Msg: "more than eight arguments"}
	}
	mc.scratchRegion()
	saved := h.X
	for i, a := range args {
		h.SetReg(10+i, a)
	}
	h.SetReg(1, callSentinel)
	h.SetReg(2, mc.callStack)
	h.PC = addr
	h.Sentinel = callSentinel
	st := h.Run(maxInsns)
	h.Sentinel = 0
	ret := h.Reg(10)
	// gp and tp belong to the program, not the callee: keep them as they were.
	h.X[3], h.X[4] = saved[3], saved[4]
	if st.Reason == StopReturn {
		st = Stop{Reason: StopReturn, PC: h.PC}
	}
	return ret, st
}

// CallSymbol calls a function by name.
func (mc *Machine) CallSymbol(name string, maxInsns uint64, args ...uint64) (uint64, Stop, error) {
	a, ok := mc.Lookup(name)
	if !ok {
		return 0, Stop{}, fmt.Errorf("no symbol %q in the program", name)
	}
	ret, st := mc.Call(a, maxInsns, args...)
	return ret, st, nil
}
