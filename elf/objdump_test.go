package elf

import (
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// symbolChoiceProg puts several symbols at one address in each way that can happen, and
// branches to each address and into the middle of things, so that llvm-objdump's choice
// of name can be compared with Describe's.
const symbolChoiceProg = `
	.text
	.globl _start
	.type _start, @function
_start:
	call same_type_local_vs_global
	call func_vs_object
	call func_vs_label
	call weak_vs_global
	j inside_label+2
	j past_size+2
	j two_labels
	call c1
	call c2
	call c4
	call c5
	call c6
	.size _start, .-_start

	# Same type, different binding: the name decides, not the binding.
	.type zeta_local, @function
	.globl alpha_global
	.type alpha_global, @function
zeta_local:
alpha_global:
same_type_local_vs_global:
	nop
	ret
	.size zeta_local, 4
	.size alpha_global, 4

	# A function beats an object whatever the names.
	.globl zz_object
	.type zz_object, @object
	.type aa_func, @function
zz_object:
aa_func:
func_vs_object:
	nop
	ret
	.size zz_object, 4
	.size aa_func, 4

	# A function beats a label (STT_NOTYPE).
	.globl zz_label
	.type a_func, @function
zz_label:
a_func:
func_vs_label:
	ret
	.size a_func, 2

	.weak w_zzz
	.type w_zzz, @function
	.globl g_aaa
	.type g_aaa, @function
w_zzz:
g_aaa:
weak_vs_global:
	nop
	ret
	.size w_zzz, 4
	.size g_aaa, 4

	# A label inside a sized function names what follows it.
	.type sized, @function
sized:
	nop
	nop
inside_label:
	nop
	nop
	.size sized, .-sized
	# Past a function's size with no new symbol: still the function.
	.type short, @function
short:
	nop
	.size short, 2
past_size:
	nop
	nop
	.globl lab_b
lab_a:
lab_b:
two_labels:
	ret

	# Labels and an object: the label line passes over the object, the operand does not.
	.type zz_obj1, @object
zz_obj1:
aa_lab1:
c1:
	nop
	ret
	.size zz_obj1, 4
	# Only objects: llvm-objdump labels (and dumps as data) the greatest name.
	.type only_obj, @object
only_obj:
	nop
	ret
	.size only_obj, 4
c2 = only_obj
	.type mm_obj4, @object
	.globl zz_lab4x
aa_lab4:
mm_obj4:
zz_lab4x:
c4:
	nop
	ret
	# An IFUNC is no better than a function.
	.type mm_ifunc, @gnu_indirect_function
	.type zz_f5, @function
	.globl mm_ifunc
mm_ifunc:
zz_f5:
c5:
	nop
	ret
	.type zz_o6, @object
	.type zz_o6b, @object
zz_o6:
zz_o6b:
c6:
	nop
	ret
	.size zz_o6, 4
	.size zz_o6b, 4
`

var objdumpTarget = regexp.MustCompile(`\b(?:0x)?([0-9a-f]+) <([^>]+)>$`)

// TestSymbolChoiceMatchesObjdump compares Describe with llvm-objdump-19 for every label line
// and every branch target of a program built to have ambiguous names.
func TestSymbolChoiceMatchesObjdump(t *testing.T) {
	clang := needTools(t)
	objdump, err := exec.LookPath("llvm-objdump-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("llvm-objdump-19 is required on CI")
		}
		t.Skip("llvm-objdump-19 not on PATH")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "prog.s")
	if err := os.WriteFile(src, []byte(symbolChoiceProg), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, target := range []string{"riscv64-unknown-elf", "riscv32-unknown-elf"} {
		out := filepath.Join(dir, target)
		args := []string{"--target=" + target, "-march=rv64imac", "-nostdlib", "-static", "-fuse-ld=lld", "-o", out, src}
		if strings.HasPrefix(target, "riscv32") {
			args[1] = "-march=rv32imac"
		}
		if msg, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
			t.Fatalf("clang %s: %v\n%s", strings.Join(args, " "), err, msg)
		}
		f, err := Open(out)
		if err != nil {
			t.Fatal(err)
		}
		dump, err := exec.Command(objdump, "-d", out).Output()
		if err != nil {
			t.Fatalf("%s: %v", objdump, err)
		}
		seen := map[string]bool{}
		for _, line := range strings.Split(string(dump), "\n") {
			label := strings.HasSuffix(line, ">:")
			m := objdumpTarget.FindStringSubmatch(strings.TrimSuffix(line, ":"))
			if m == nil {
				continue
			}
			addr, _ := strconv.ParseUint(m[1], 16, 64)
			if label {
				seen[m[2]+":"] = true
				if s, ok := f.LabelAt(addr); !ok || s.Name != m[2] {
					t.Errorf("%s: LabelAt(%#x) = %q, llvm-objdump says %q", target, addr, s.Name, m[2])
				}
			} else {
				seen[m[2]] = true
				if got := f.Describe(addr); got != m[2] {
					t.Errorf("%s: Describe(%#x) = %q, llvm-objdump says %q (%s)", target, addr, got, m[2], strings.TrimSpace(line))
				}
			}
		}
		// The cases the program was written for must all have come up, as written down
		// from llvm-objdump-19's output: if these change, so did llvm-objdump's rules.
		for _, name := range []string{
			"zeta_local", "zeta_local:", // same type: greatest name, binding ignored
			"zz_object", "func_vs_object:", // operand: greatest name; label: not the object
			"zz_label", "zz_label:", // a label beats a function with a smaller name
			"weak_vs_global", "weak_vs_global:",
			"inside_label+0x2", "past_size+0x2", "two_labels", "two_labels:",
			"zz_obj1", "c1:", "only_obj", "only_obj:", "zz_lab4x", "zz_lab4x:",
			"zz_f5", "zz_f5:", "zz_o6b", "c6:",
		} {
			if !seen[name] {
				t.Errorf("%s: llvm-objdump never printed <%s>", target, name)
			}
		}
	}
}

// TestWrittenSymbolsMatchObjdump checks the symbols llvm-objdump shows or hides on files
// written field by field: mapping symbols of every spelling, local labels, section, file,
// absolute and undefined symbols, objects and labels at one address, in ELF64 and ELF32.
// Every label line llvm-objdump prints must be LabelAt's choice, and every address where
// LabelAt finds a symbol in the code must have a label line.
func TestWrittenSymbolsMatchObjdump(t *testing.T) {
	objdump, err := exec.LookPath("llvm-objdump-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("llvm-objdump-19 is required on CI")
		}
		t.Skip("llvm-objdump-19 not on PATH")
	}
	dir := t.TempDir()
	for _, class32 := range []bool{false, true} {
		e := sample(class32)
		e.syms = append(e.syms,
			tSym{name: "$xyz", value: 0x11004, typ: elf.STT_NOTYPE, shndx: 1},   // llvm: a mapping symbol
			tSym{name: "$dfoo", value: 0x11006, typ: elf.STT_NOTYPE, shndx: 1},  // likewise
			tSym{name: ".L0 ", value: 0x1100c, typ: elf.STT_NOTYPE, shndx: 1},   // fake label
			tSym{name: ".Lkeep", value: 0x1100e, typ: elf.STT_NOTYPE, shndx: 1}, // a real local label
			tSym{name: "zobj", value: 0x11020, size: 4, typ: elf.STT_OBJECT, shndx: 1},
			tSym{name: "sec", value: 0x11028, typ: elf.STT_SECTION, shndx: 1},
			tSym{name: "weakf", value: 0x11010, typ: elf.STT_FUNC, bind: elf.STB_WEAK, shndx: 1},
			tSym{name: "hidden_obj", value: 0x11034, size: 2, typ: elf.STT_OBJECT, shndx: 1},
		)
		path := filepath.Join(dir, fmt.Sprintf("written-%v", class32))
		if err := os.WriteFile(path, e.bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		dump, err := exec.Command(objdump, "-d", path).Output()
		if err != nil {
			t.Fatalf("%s: %v", objdump, err)
		}
		printed := map[uint64]string{}
		for _, line := range strings.Split(string(dump), "\n") {
			if m := objdumpTarget.FindStringSubmatch(strings.TrimSuffix(line, ":")); m != nil && strings.HasSuffix(line, ">:") {
				addr, _ := strconv.ParseUint(m[1], 16, 64)
				printed[addr] = m[2]
			}
		}
		if len(printed) < 6 {
			t.Fatalf("llvm-objdump printed only %d labels:\n%s", len(printed), dump)
		}
		for addr, name := range printed {
			if s, ok := f.LabelAt(addr); !ok || s.Name != name {
				t.Errorf("class32=%v: LabelAt(%#x) = %q, llvm-objdump <%s>", class32, addr, s.Name, name)
			}
		}
		text := sectionNamed(f, ".text")
		for a := text.Addr; a < text.Addr+text.Size; a++ {
			if s, ok := f.LabelAt(a); ok && printed[a] == "" {
				t.Errorf("class32=%v: LabelAt(%#x) = %q, llvm-objdump prints no label there", class32, a, s.Name)
			}
		}
	}
}
