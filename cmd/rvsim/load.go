package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
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
func where(f *elf.File, pc uint64) string { return whereBy(symbolizer(f), pc) }

// whereBy formats an address as where does, named by describe ("" for no name).
func whereBy(describe func(uint64) string, pc uint64) string {
	if d := describe(pc); d != "" {
		return fmt.Sprintf("%#x <%s>", pc, d)
	}
	return fmt.Sprintf("%#x", pc)
}

// linuxOptions are the flags of a Linux user-mode guest's process, shared by run and debug:
// qemu-user's -L, -E and -U, and a cap on guest memory.
type linuxOptions struct {
	sysroot  string
	setEnv   multiFlag
	unsetEnv multiFlag
	memLimit string
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

func (o *linuxOptions) register(fs *flag.FlagSet) {
	fs.StringVar(&o.sysroot, "sysroot", "", "look up the program's interpreter and every file the guest opens inside `DIR`, read-only (qemu-user's -L)")
	fs.Var(&o.setEnv, "E", "set `VAR=VALUE` in the guest's environment (repeatable, as qemu-user's -E)")
	fs.Var(&o.unsetEnv, "U", "remove `VAR` from the guest's environment (repeatable, as qemu-user's -U)")
	fs.StringVar(&o.memLimit, "memory-limit", "4GiB", "cap the guest memory rvsim allocates at `SIZE` (bytes, or with K, M, G, KiB, MiB, GiB); past it the guest gets ENOMEM or dies of SIGKILL")
}

// guestEnv is the guest's environment: a fixed base (so that runs are reproducible) with
// -E and -U applied in order.
func (o *linuxOptions) guestEnv() ([]string, error) {
	env := []string{"PATH=/usr/bin:/bin", "HOME=/", "TERM=dumb"}
	set := func(kv string) {
		k, _, _ := strings.Cut(kv, "=")
		for i, e := range env {
			if ek, _, _ := strings.Cut(e, "="); ek == k {
				env[i] = kv
				return
			}
		}
		env = append(env, kv)
	}
	for _, kv := range o.setEnv {
		if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
			return nil, fmt.Errorf("-E %q: want VAR=VALUE", kv)
		}
		set(kv)
	}
	for _, k := range o.unsetEnv {
		if k == "" || strings.Contains(k, "=") {
			return nil, fmt.Errorf("-U %q: want a variable name", k)
		}
		for i := 0; i < len(env); i++ {
			if ek, _, _ := strings.Cut(env[i], "="); ek == k {
				env = append(env[:i], env[i+1:]...)
				i--
			}
		}
	}
	return env, nil
}

// memoryLimit parses --memory-limit.
func (o *linuxOptions) memoryLimit() (uint64, error) {
	s := strings.TrimSpace(o.memLimit)
	mult := uint64(1)
	for _, u := range []struct {
		suffix string
		mult   uint64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n == 0 || n > (1<<50)/mult {
		return 0, fmt.Errorf("--memory-limit %q: want a size such as 4GiB or 512M (at most 1 PiB)", o.memLimit)
	}
	if n*mult < 1<<20 {
		return 0, fmt.Errorf("--memory-limit %q: at least 1 MiB", o.memLimit)
	}
	return n * mult, nil
}

// apply fills the Linux part of cfg: the sysroot (opened here; close it with the returned
// function), the environment and the memory limit. prog is the program's host path.
func (o *linuxOptions) apply(cfg *emu.Config, prog string) (func(), error) {
	env, err := o.guestEnv()
	if err != nil {
		return nil, err
	}
	cfg.Linux.Env = env
	cfg.Linux.HostExe = prog
	if cfg.MemoryLimit, err = o.memoryLimit(); err != nil {
		return nil, err
	}
	if o.sysroot == "" {
		return func() {}, nil
	}
	st, err := os.Stat(o.sysroot)
	if err != nil {
		return nil, fmt.Errorf("--sysroot: %v", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("--sysroot %s: not a directory", o.sysroot)
	}
	root, err := os.OpenRoot(o.sysroot)
	if err != nil {
		return nil, fmt.Errorf("--sysroot: %v", err)
	}
	cfg.Linux.Sysroot = root
	// The program as the guest sees it: its path inside the sysroot when it is there.
	if absRoot, err1 := filepath.Abs(o.sysroot); err1 == nil {
		if absProg, err2 := filepath.Abs(prog); err2 == nil {
			if rel, err3 := filepath.Rel(absRoot, absProg); err3 == nil && !strings.HasPrefix(rel, "..") {
				cfg.Linux.Exe = "/" + filepath.ToSlash(rel)
			}
		}
	}
	return func() { root.Close() }, nil
}
