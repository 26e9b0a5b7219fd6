package elf

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needGCC returns the path of riscv64-linux-gnu-gcc, skipping the test when it is missing
// except on CI.
func needGCC(t *testing.T) string {
	t.Helper()
	gcc, err := exec.LookPath("riscv64-linux-gnu-gcc")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("riscv64-linux-gnu-gcc is required on CI (run scripts/setup.sh): %v", err)
		}
		t.Skip("riscv64-linux-gnu-gcc not on PATH")
	}
	return gcc
}

func gccBuild(t *testing.T, gcc, dir, out string, args ...string) string {
	t.Helper()
	path := filepath.Join(dir, out)
	cmd := exec.Command(gcc, append(args, "-o", path)...)
	cmd.Dir = dir
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, msg)
	}
	return path
}

// checkProgs compares f's program header information with debug/elf's reading of the file.
func checkProgs(t *testing.T, f *File, path string) *elf.File {
	t.Helper()
	ef, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ef.Close() })
	if len(f.Progs) != len(ef.Progs) || f.Phnum != uint64(len(ef.Progs)) || f.Phent != 56 || f.Phoff != 64 {
		t.Fatalf("%d progs (Phnum %d, Phent %d, Phoff %d), debug/elf %d", len(f.Progs), f.Phnum, f.Phent, f.Phoff, len(ef.Progs))
	}
	seen := map[elf.ProgType]bool{}
	for i, p := range ef.Progs {
		got := f.Progs[i]
		if got.Type != p.Type || got.Off != p.Off || got.Vaddr != p.Vaddr || got.Filesz != p.Filesz ||
			got.Memsz != p.Memsz || got.Align != p.Align || uint32(got.Perm) != uint32(p.Flags)&7 {
			t.Errorf("prog %d = %+v, debug/elf %+v", i, got, p.ProgHeader)
		}
		seen[p.Type] = true
		var mine *Prog
		switch p.Type {
		case elf.PT_DYNAMIC:
			mine = f.Dynamic
		case elf.PT_TLS:
			mine = f.TLS
		case elf.PT_GNU_STACK:
			mine = f.Stack
		case elf.PT_PHDR:
			if f.Phdr != p.Vaddr+f.Base {
				t.Errorf("Phdr %#x, PT_PHDR at %#x + base %#x", f.Phdr, p.Vaddr, f.Base)
			}
			continue
		default:
			continue
		}
		if mine == nil || *mine != got {
			t.Errorf("%v: %+v, want %+v", p.Type, mine, got)
		}
	}
	for typ, ptr := range map[elf.ProgType]*Prog{elf.PT_DYNAMIC: f.Dynamic, elf.PT_TLS: f.TLS, elf.PT_GNU_STACK: f.Stack} {
		if !seen[typ] && ptr != nil {
			t.Errorf("%v reported but absent", typ)
		}
	}
	if uint64(f.Entry) != ef.Entry+f.Base {
		t.Errorf("Entry %#x, e_entry %#x + base %#x", f.Entry, ef.Entry, f.Base)
	}
	return ef
}

func TestDynamicFiles(t *testing.T) {
	gcc := needGCC(t)
	dir := t.TempDir()
	for name, src := range map[string]string{
		"lib.c":  "int lib_add(int x) { return x + 1; }\n",
		"main.c": "#include <stdio.h>\n__thread int tv = 3;\nint lib_add(int);\nint main(void) { printf(\"%d\\n\", tv + lib_add(1)); return 0; }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	lib := gccBuild(t, gcc, dir, "libadd.so", "-O2", "-shared", "-fPIC", "lib.c")
	pie := gccBuild(t, gcc, dir, "pie", "-O2", "-fPIE", "-pie", "main.c", "-L.", "-ladd")

	t.Run("PIE", func(t *testing.T) {
		f, err := Open(pie)
		if err != nil {
			t.Fatal(err)
		}
		if f.Type != "dyn" || f.Library || f.Base != pieBase {
			t.Errorf("Type %q Library %v Base %#x", f.Type, f.Library, f.Base)
		}
		if f.Interp != "/lib/ld-linux-riscv64-lp64d.so.1" {
			t.Errorf("Interp %q", f.Interp)
		}
		ef := checkProgs(t, f, pie)
		if f.Dynamic == nil || f.TLS == nil || f.Stack == nil || f.Phdr == 0 {
			t.Fatalf("PIE lacks PT_DYNAMIC %v, PT_TLS %v, PT_GNU_STACK %v or PT_PHDR", f.Dynamic, f.TLS, f.Stack)
		}
		if f.Stack.Perm&PermX != 0 || f.TLS.Memsz != 4 {
			t.Errorf("stack %v, TLS memsz %d", f.Stack.Perm, f.TLS.Memsz)
		}
		syms, err := ef.Symbols()
		if err != nil {
			t.Fatal(err)
		}
		var mainValue uint64
		for _, s := range syms {
			if s.Name == "main" {
				mainValue = s.Value
			}
		}
		m, ok := f.Lookup("main")
		if !ok || mainValue == 0 || m.Value != mainValue+f.Base {
			t.Fatalf("main at %#x, link-time %#x + base %#x", m.Value, mainValue, f.Base)
		}

		// Placed elsewhere, everything moves together.
		const base = 0x2aaaa000
		r, err := f.Rebase(base)
		if err != nil {
			t.Fatal(err)
		}
		if r.Base != base || r.Entry != ef.Entry+base || r.Phdr != f.Phdr-pieBase+base || r.Segments[0].Vaddr != f.Segments[0].Vaddr-pieBase+base {
			t.Errorf("rebased: Base %#x Entry %#x Phdr %#x seg0 %#x", r.Base, r.Entry, r.Phdr, r.Segments[0].Vaddr)
		}
		if r.End != (f.End-pieBase+base) || &r.Segments[0].Data[0] != &f.Segments[0].Data[0] {
			t.Errorf("rebased End %#x (was %#x), data copied?", r.End, f.End)
		}
		rm, _ := r.Lookup("main")
		if rm.Value != mainValue+base || r.Describe(rm.Value+4) != "main+0x4" || r.Describe(m.Value+4) == "main+0x4" {
			t.Errorf("rebased main %#x, Describe %q", rm.Value, r.Describe(rm.Value+4))
		}
		if f.Describe(m.Value+4) != "main+0x4" || f.Base != pieBase {
			t.Errorf("Rebase changed the original")
		}
		if _, err := f.Rebase(0x1234); err == nil || !strings.Contains(err.Error(), "aligned") {
			t.Errorf("Rebase(0x1234) = %v", err)
		}
		if _, err := f.Rebase(1<<64 - 0x1000); err == nil || !strings.Contains(err.Error(), "address space") {
			t.Errorf("Rebase(top) = %v", err)
		}
	})

	t.Run("shared object", func(t *testing.T) {
		f, err := Open(lib)
		if err != nil {
			t.Fatal(err)
		}
		if f.Type != "dyn" || !f.Library || f.Interp != "" || f.Dynamic == nil {
			t.Errorf("Type %q Library %v Interp %q Dynamic %v", f.Type, f.Library, f.Interp, f.Dynamic)
		}
		checkProgs(t, f, lib)
		s, ok := f.Lookup("lib_add")
		if !ok || s.Kind != SymFunc || !s.Global || f.Describe(s.Value) != "lib_add" {
			t.Errorf("lib_add = %+v", s)
		}
		r, err := f.Rebase(0x7f000000)
		if err != nil {
			t.Fatal(err)
		}
		if rs, _ := r.Lookup("lib_add"); rs.Value != s.Value-f.Base+0x7f000000 {
			t.Errorf("rebased lib_add at %#x", rs.Value)
		}
	})

	t.Run("static", func(t *testing.T) {
		static := gccBuild(t, gcc, dir, "static", "-O2", "-static", "main.c", "lib.c")
		f, err := Open(static)
		if err != nil {
			t.Fatal(err)
		}
		if f.Type != "exec" || f.Interp != "" || f.Library || f.TLS == nil {
			t.Errorf("Type %q Interp %q Library %v TLS %v", f.Type, f.Interp, f.Library, f.TLS)
		}
		checkProgs(t, f, static)
		if r, err := f.Rebase(0); err != nil || r != f {
			t.Errorf("Rebase(0) of ET_EXEC = %v, %v", r, err)
		}
		if _, err := f.Rebase(0x100000); err == nil {
			t.Errorf("ET_EXEC moved")
		}
	})
}
