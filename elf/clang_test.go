package elf

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A program with a function containing a local label, a second function, an initialised
// object, bss, and an absolute constant: the shapes the loader and SymbolAt care about.
const clangProg = `
	.text
	.globl _start
	.type _start, @function
_start:
	li a0, 0
	call helper
spin:
	j spin
	.size _start, .-_start

	.globl helper
	.type helper, @function
helper:
	addi a0, a0, 1
	ret
	.size helper, .-helper

	.data
	.globl counter
	.type counter, @object
counter:
	.word 42
	.size counter, 4

	.bss
buf:
	.zero 64

	.equ ROUNDS, 0x20
`

// needTools returns the paths of clang-19 and ld.lld-19, skipping the test when they are
// missing, except on CI where a missing toolchain must not silently pass.
func needTools(t *testing.T) string {
	t.Helper()
	clang, err1 := exec.LookPath("clang-19")
	_, err2 := exec.LookPath("ld.lld-19")
	if err1 != nil || err2 != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("clang-19 and ld.lld-19 are required on CI (run scripts/setup.sh): %v %v", err1, err2)
		}
		t.Skip("clang-19 or ld.lld-19 not on PATH")
	}
	return clang
}

func TestClangBinaries(t *testing.T) {
	clang := needTools(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "prog.s")
	if err := os.WriteFile(src, []byte(clangProg), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		xlen   int
		pie    bool
		target string
		march  string
	}{
		{"rv64", 64, false, "riscv64-unknown-elf", "rv64imac"},
		{"rv32", 32, false, "riscv32-unknown-elf", "rv32imac"},
		{"rv64-static-pie", 64, true, "riscv64-unknown-elf", "rv64imac"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, tc.name)
			args := []string{"--target=" + tc.target, "-march=" + tc.march, "-nostdlib", "-static", "-fuse-ld=lld", "-o", out, src}
			if tc.pie {
				args = append(args, "-Wl,-pie,--no-dynamic-linker")
			}
			if msg, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
				t.Fatalf("clang %s: %v\n%s", strings.Join(args, " "), err, msg)
			}
			f, err := Open(out)
			if err != nil {
				t.Fatal(err)
			}
			if f.XLEN != tc.xlen || f.Flags&1 == 0 { // 'c' in -march sets EF_RISCV_RVC
				t.Errorf("XLEN %d, flags %#x", f.XLEN, f.Flags)
			}
			wantType, wantBase := "exec", uint64(0)
			if tc.pie {
				wantType, wantBase = "dyn", pieBase // lld links a PIE at 0
			}
			if f.Type != wantType || f.Base != wantBase {
				t.Errorf("Type %q Base %#x, want %q %#x", f.Type, f.Base, wantType, wantBase)
			}

			start, ok := f.Lookup("_start")
			if !ok || start.Kind != SymFunc || !start.Global || start.Value != f.Entry {
				t.Fatalf("_start = %+v (found %v), entry %#x", start, ok, f.Entry)
			}
			helper, ok := f.Lookup("helper")
			if !ok || helper.Kind != SymFunc || helper.Size != 4 { // c.addi + c.jr under RVC
				t.Errorf("helper = %+v", helper)
			}
			if got := f.Describe(helper.Value + 2); got != "helper+0x2" {
				t.Errorf("Describe(helper+2) = %q", got)
			}
			spin, ok := f.Lookup("spin")
			if !ok || spin.Global || spin.Kind != SymOther {
				t.Errorf("spin = %+v", spin)
			}
			// spin lies inside _start's .size, but names itself and what follows it, as in
			// llvm-objdump; _start names what precedes it.
			if got := f.Describe(spin.Value + 1); got != "spin+0x1" || spin.Value == start.Value {
				t.Errorf("Describe(spin+1) = %q", got)
			}
			if got, want := f.Describe(spin.Value-2), fmt.Sprintf("_start+%#x", spin.Value-2-start.Value); got != want {
				t.Errorf("Describe(spin-2) = %q, want %q", got, want)
			}
			if s, ok := f.Lookup("ROUNDS"); !ok || s.Value != 0x20 {
				t.Errorf("ROUNDS = %+v", s)
			}
			for _, s := range f.Symbols {
				if strings.HasPrefix(s.Name, "$") {
					t.Errorf("assembler-internal symbol %q kept", s.Name)
				}
			}

			counter, _ := f.Lookup("counter")
			seg := segmentAt(f, counter.Value)
			if counter.Kind != SymObject || seg == nil || seg.Perm != PermR|PermW {
				t.Fatalf("counter = %+v in segment %+v", counter, seg)
			}
			if b := seg.Data[counter.Value-seg.Vaddr]; b != 42 {
				t.Errorf("counter's first byte = %d, want 42", b)
			}
			buf, _ := f.Lookup("buf")
			if seg := segmentAt(f, buf.Value+63); seg == nil || f.End < buf.Value+64 || f.End%4096 != 0 {
				t.Errorf("bss buf at %#x not loaded (End %#x)", buf.Value, f.End)
			}
			if text := sectionNamed(f, ".text"); text == nil || !text.Exec || text.Addr > f.Entry || len(text.Data) != int(text.Size) {
				t.Errorf(".text = %+v", text)
			}
		})
	}
}

func segmentAt(f *File, addr uint64) *Segment {
	for i, s := range f.Segments {
		if addr >= s.Vaddr && addr-s.Vaddr < s.Memsz {
			return &f.Segments[i]
		}
	}
	return nil
}

func sectionNamed(f *File, name string) *Section {
	for i, s := range f.Sections {
		if s.Name == name {
			return &f.Sections[i]
		}
	}
	return nil
}
