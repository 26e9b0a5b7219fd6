package main

import (
	"flag"
	"fmt"
	"strings"

	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

// loadOptions are the flags shared by the commands that load a program.
type loadOptions struct {
	isa string
	env string
}

// target resolves --isa against the ELF's class: the default is every extension rvsim
// implements at that XLEN.
func (o *loadOptions) target(f *elf.File) (isa.ISA, error) {
	if o.isa == "" {
		return isa.Default(f.XLEN), nil
	}
	t, err := isa.ParseISA(o.isa)
	if err != nil {
		return isa.ISA{}, err
	}
	if t.XLEN != f.XLEN {
		return isa.ISA{}, fmt.Errorf("--isa %s is RV%d but the program is ELF%d", o.isa, t.XLEN, f.XLEN)
	}
	return t, nil
}

// vectorLength is the VLEN a run uses: --vlen when given, else the ISA's zvl<N>b, else 128.
// A --vlen that disagrees with zvl<N>b is refused.
func vectorLength(target isa.ISA, flagVLEN int, flagGiven bool, isaFlag string) (int, error) {
	switch {
	case target.VLEN != 0 && flagGiven && flagVLEN != target.VLEN:
		return 0, fmt.Errorf("--vlen %d conflicts with zvl%db in --isa %s: give one", flagVLEN, target.VLEN, isaFlag)
	case target.VLEN != 0:
		return target.VLEN, nil
	case flagGiven:
		return flagVLEN, nil
	}
	return 128, nil
}

// flagGiven reports whether the command line set the flag name.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			given = true
		}
	})
	return given
}

func (o *loadOptions) envKind() (emu.EnvKind, error) {
	switch strings.ToLower(o.env) {
	case "", "auto":
		return emu.EnvAuto, nil
	case "linux", "user":
		return emu.EnvLinux, nil
	case "bare", "htif", "spike":
		return emu.EnvBare, nil
	}
	return 0, fmt.Errorf("--env %q: want auto, linux or bare", o.env)
}

// symbolizer names addresses as "sym+0x10" for messages and disassembly.
func symbolizer(f *elf.File) func(uint64) string {
	return func(a uint64) string { return f.Describe(a) }
}

// where formats an address for messages: "0x11158 <_start+4>".
func where(f *elf.File, pc uint64) string {
	if d := f.Describe(pc); d != "" {
		return fmt.Sprintf("%#x <%s>", pc, d)
	}
	return fmt.Sprintf("%#x", pc)
}
