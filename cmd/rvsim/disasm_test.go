package main

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rvsim/isa"
)

// llvmAttrs enables in llvm-objdump what rvsim decodes by default.
var llvmAttrs = isa.LLVMAttrs(isa.Implemented) + ",+experimental-zicfilp"

// disasmBody drops what precedes "Disassembly of section" (the file name line, which
// differs in how the path is printed, and blank lines).
func disasmBody(t *testing.T, out string) string {
	t.Helper()
	i := strings.Index(out, "Disassembly of section")
	if i < 0 {
		t.Fatalf("no disassembly in:\n%s", out)
	}
	return out[i:]
}

func TestDisasmMatchesObjdump(t *testing.T) {
	clang := needClang(t)
	objdump := needTool(t, "llvm-objdump-19")
	dir := t.TempDir()
	for _, c := range []struct {
		src, target, march string
	}{
		{"rv64.s", "riscv64-unknown-elf", "rv64imac_zba_zbb_zbc_zbs_zbkb_zbkc_zbkx_zknd_zkne_zknh_zksed_zksh_zicbop_zihintpause_zihintntl"},
		{"rv32.s", "riscv32-unknown-elf", "rv32imac_zba_zbb_zbc_zbs_zbkb_zbkc_zbkx_zknd_zkne_zknh_zksed_zksh"},
	} {
		t.Run(c.src, func(t *testing.T) {
			elf := filepath.Join(dir, strings.TrimSuffix(c.src, ".s"))
			buildAsm(t, clang, c.target, c.march, filepath.Join("testdata", "disasm", c.src), elf)
			for _, sym := range []string{"", "helper", "_start"} {
				args := []string{"disasm", elf}
				objArgs := []string{"-d", "--mattr=" + llvmAttrs, elf}
				if sym != "" {
					args = []string{"disasm", "--symbol", sym, elf}
					objArgs = append(objArgs, "--disassemble-symbols="+sym)
				}
				var stdout, stderr bytes.Buffer
				if status := Main(args, nil, &stdout, &stderr); status != 0 || stderr.Len() != 0 {
					t.Fatalf("rvsim %s: status %d, stderr %s", strings.Join(args, " "), status, stderr.String())
				}
				want, err := exec.Command(objdump, objArgs...).Output()
				if err != nil {
					t.Fatalf("%s: %v", objdump, err)
				}
				got, wantS := disasmBody(t, stdout.String()), disasmBody(t, string(want))
				if got != wantS {
					gl, wl := strings.Split(got, "\n"), strings.Split(wantS, "\n")
					for i := 0; i < max(len(gl), len(wl)); i++ {
						var g, w string
						if i < len(gl) {
							g = gl[i]
						}
						if i < len(wl) {
							w = wl[i]
						}
						if g != w {
							t.Errorf("--symbol %q: line %d:\n rvsim %q\n  llvm %q", sym, i+1, g, w)
							break
						}
					}
				}
				if lines := strings.Count(got, "\n"); lines < 5 {
					t.Errorf("--symbol %q: only %d lines of disassembly", sym, lines)
				}
				// The header names the file and its format, as llvm-objdump's does.
				format := "elf64-littleriscv"
				if strings.Contains(c.src, "32") {
					format = "elf32-littleriscv"
				}
				if !strings.HasPrefix(stdout.String(), "\n"+elf+":\tfile format "+format+"\n") {
					t.Errorf("header: %q", stdout.String()[:min(80, stdout.Len())])
				}
			}
		})
	}
}

func TestDisasmSymbolOnly(t *testing.T) {
	clang := needClang(t)
	elf := filepath.Join(t.TempDir(), "prog")
	buildAsm(t, clang, "riscv64-unknown-elf", "rv64imac_zba_zbb_zbc_zbs_zbkb_zbkc_zbkx_zknd_zkne_zknh_zksed_zksh_zicbop_zihintpause_zihintntl", filepath.Join("testdata", "disasm", "rv64.s"), elf)
	var stdout, stderr bytes.Buffer
	if status := Main([]string{"disasm", "--symbol", "helper", elf}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, " <helper>:\n") || strings.Contains(out, "<_start>:") {
		t.Errorf("--symbol helper printed other functions or not helper:\n%s", out)
	}
	if n := strings.Count(out, "\n   "); n != 10 {
		t.Errorf("--symbol helper printed %d instructions, want 10:\n%s", n, out)
	}
	// --isa narrower than the program: what is outside it prints as <unknown>.
	stdout.Reset()
	if status := Main([]string{"disasm", "--isa", "rv64imac", elf}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	if !strings.Contains(stdout.String(), "f0c58533     \t<unknown>\n") {
		t.Errorf("sm4ed under --isa rv64imac is not <unknown>")
	}
}

// objdumpLabels extracts from llvm-objdump-style output what symbol choice decides: each
// "<name>:" label line keyed by its address, and each "<name+off>" operand keyed by the
// instruction's address.
func objdumpLabels(out string) map[string]string {
	labels := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasSuffix(line, ">:") && !strings.HasPrefix(line, " ") {
			addr, name, ok := strings.Cut(line, " <")
			if ok {
				labels["label "+strings.TrimLeft(addr, "0")] = strings.TrimSuffix(name, ">:")
			}
			continue
		}
		addr, rest, ok := strings.Cut(strings.TrimLeft(line, " "), ":")
		if !ok || !strings.HasSuffix(rest, ">") {
			continue
		}
		if i := strings.LastIndex(rest, " <"); i >= 0 {
			labels["operand "+addr] = rest[i+2 : len(rest)-1]
		}
	}
	return labels
}

// labelDiffs compares rvsim's and llvm-objdump's labels, returning the number of entries
// that differ and a few examples.
func labelDiffs(got, want map[string]string) (n int, examples []string) {
	keys := map[string]bool{}
	for k := range got {
		keys[k] = true
	}
	for k := range want {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	slices.Sort(sorted)
	for _, k := range sorted {
		if got[k] != want[k] {
			n++
			if len(examples) < 8 {
				examples = append(examples, fmt.Sprintf("%s: rvsim <%s>, llvm <%s>", k, got[k], want[k]))
			}
		}
	}
	return n, examples
}

// llvmAllAttrs lets llvm-objdump decode every extension the kernels use, so that no
// instruction is skipped differently from rvsim.
var llvmAllAttrs = llvmAttrs + ",+f,+d,+v,+zvbb,+zvbc,+zvkg,+zvkned,+zvknhb,+zvksed,+zvksh,+zvkb"

// TestDisasmLabelsMatchObjdump compares the symbol labels of rvsim disasm with
// llvm-objdump-19 -d on every kernel ELF and on a static glibc program: where several
// symbols share an address, or an address falls between symbols, both must choose the same.
func TestDisasmLabelsMatchObjdump(t *testing.T) {
	objdump := needTool(t, "llvm-objdump-19")
	bins, _ := filepath.Glob(filepath.Join("..", "..", "kernels", "bin", "*.elf"))
	if len(bins) == 0 {
		t.Fatal("no kernel ELFs in kernels/bin")
	}
	gcc := needTool(t, "riscv64-linux-gnu-gcc")
	dir := t.TempDir()
	src := filepath.Join(dir, "hello.c")
	if err := os.WriteFile(src, []byte("#include <stdio.h>\n#include <string.h>\nint main(int c, char **v) { printf(\"%zu\\n\", strlen(v[0])); return 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	glibc := filepath.Join(dir, "hello-glibc")
	if b, err := exec.Command(gcc, "-static", "-O2", "-o", glibc, src).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", gcc, err, b)
	}
	for _, bin := range append(bins, glibc) {
		t.Run(filepath.Base(bin), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := Main([]string{"disasm", bin}, nil, &stdout, &stderr); status != 0 {
				t.Fatalf("rvsim disasm: status %d: %s", status, stderr.String())
			}
			want, err := exec.Command(objdump, "-d", "--mattr="+llvmAllAttrs, bin).Output()
			if err != nil {
				t.Fatalf("%s: %v", objdump, err)
			}
			got, wantLabels := objdumpLabels(stdout.String()), objdumpLabels(string(want))
			if len(wantLabels) < 3 {
				t.Fatalf("llvm-objdump printed only %d labels", len(wantLabels))
			}
			n, examples := labelDiffs(got, wantLabels)
			t.Logf("%d labels compared, %d differ", len(wantLabels), n)
			if n != 0 {
				t.Errorf("%d labels differ from llvm-objdump, e.g.:\n%s", n, strings.Join(examples, "\n"))
			}
		})
	}
}

// instructionLines returns the instruction lines of a disassembly with their symbol
// operands removed: what does not depend on the section headers.
func instructionLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if addr, _, ok := strings.Cut(strings.TrimLeft(l, " "), ":"); ok && strings.HasPrefix(l, " ") && addr != "" {
			if i := strings.LastIndex(l, " <"); i >= 0 {
				l = l[:i]
			}
			lines = append(lines, l)
		}
	}
	return lines
}

// TestDisasmDamagedSectionHeaders: when the section headers are missing or do not describe
// the code, disasm says what is wrong (naming the section) and disassembles the executable
// PT_LOAD segments instead, as llvm-objdump does for a file without section headers.
func TestDisasmDamagedSectionHeaders(t *testing.T) {
	clang := needClang(t)
	objdump := needTool(t, "llvm-objdump-19")
	dir := t.TempDir()
	intact := filepath.Join(dir, "prog")
	buildAsm(t, clang, "riscv64-unknown-elf", "rv64imac_zba_zbb_zbc_zbs_zbkb_zbkc_zbkx_zknd_zkne_zknh_zksed_zksh_zicbop_zihintpause_zihintntl",
		filepath.Join("testdata", "disasm", "rv64.s"), intact)
	good, err := os.ReadFile(intact)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if status := Main([]string{"disasm", intact}, nil, &stdout, &stderr); status != 0 || stderr.Len() != 0 {
		t.Fatalf("intact: status %d, stderr %q", status, stderr.String())
	}
	want := instructionLines(stdout.String())
	if len(want) < 20 {
		t.Fatalf("only %d instructions in the intact program", len(want))
	}

	le := binary.LittleEndian
	shoff, shnum := le.Uint64(good[0x28:]), int(le.Uint16(good[0x3c:]))
	textHeader := -1
	for i := 1; i < shnum; i++ {
		h := good[shoff+uint64(i)*64:]
		if elf.SectionFlag(le.Uint64(h[8:]))&elf.SHF_EXECINSTR != 0 {
			textHeader = int(shoff) + i*64
			break
		}
	}
	if textHeader < 0 {
		t.Fatal("no executable section header")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name   string
		edit   func(b []byte)
		stderr []string // what the warnings must say; none when there are no section headers
	}{
		{"text size 2^40", func(b []byte) { le.PutUint64(b[textHeader+32:], 1<<40) },
			[]string{"section .text (index 1): file range", "outside the file", "disassembling the executable segments"}},
		{"text at the top of memory", func(b []byte) { le.PutUint64(b[textHeader+16:], 1<<64-0x10) },
			[]string{"section .text (index 1): address range 0xfffffffffffffff0", "disassembling the executable segments"}},
		{"text offset negative", func(b []byte) { le.PutUint64(b[textHeader+24:], 1<<63) },
			[]string{"section headers unreadable", "disassembling the executable segments"}},
		{"random headers", func(b []byte) {
			for i := int(shoff); i < int(shoff)+shnum*64; i++ {
				b[i] = byte(rng.Uint32())
			}
		}, []string{"section headers unreadable", "disassembling the executable segments"}},
		{"no section headers", func(b []byte) {
			le.PutUint64(b[0x28:], 0)
			le.PutUint16(b[0x3c:], 0)
			le.PutUint16(b[0x3e:], 0)
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := bytes.Clone(good)
			tc.edit(b)
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if status := Main([]string{"disasm", path}, nil, &stdout, &stderr); status != 0 {
				t.Fatalf("status %d: %s", status, stderr.String())
			}
			msg := stderr.String()
			for _, w := range tc.stderr {
				if !strings.Contains(msg, w) {
					t.Errorf("stderr does not say %q:\n%s", w, msg)
				}
			}
			for _, l := range strings.Split(strings.TrimSuffix(msg, "\n"), "\n") {
				if tc.stderr == nil && l != "" || tc.stderr != nil && !strings.HasPrefix(l, "rvsim: warning: "+path+": ") {
					t.Errorf("stderr line %q", l)
				}
			}
			out := stdout.String()
			if !strings.Contains(out, "\nDisassembly of section PT_LOAD#") {
				t.Errorf("no program header disassembly:\n%.300s", out)
			}
			got := map[string]bool{}
			for _, l := range instructionLines(out) {
				got[l] = true
			}
			for _, l := range want {
				if !got[l] {
					t.Fatalf("instruction missing from the fallback disassembly: %q", l)
				}
			}
			if tc.stderr == nil { // llvm-objdump handles this case the same way: compare all
				llvm, err := exec.Command(objdump, "-d", "--mattr="+llvmAttrs, path).Output()
				if err != nil {
					t.Fatalf("%s: %v", objdump, err)
				}
				if g, w := disasmBody(t, out), disasmBody(t, string(llvm)); g != w {
					t.Errorf("differs from llvm-objdump:\n rvsim:\n%.600s\n llvm:\n%.600s", g, w)
				}
			}
		})
	}
}

// TestRunRefusesAtLoad: programs the loader cannot start are refused before running, with
// exit status 2 and one line naming the file: an entry point no instruction can be at, a
// dynamically linked program and a shared object (which the elf package parses, and disasm
// shows, but emu cannot run yet).
func TestRunRefusesAtLoad(t *testing.T) {
	dir := t.TempDir()
	odd := miniELF(64, []byte{0x01, 0x00, 0x73, 0x00, 0x10, 0x00}) // c.nop; ebreak
	le := binary.LittleEndian
	le.PutUint64(odd[24:], le.Uint64(odd[24:])+1)
	oddPath := filepath.Join(dir, "odd-entry")
	if err := os.WriteFile(oddPath, odd, 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, want string }{{oddPath, "is not 2-byte aligned"}}

	if gcc, err := exec.LookPath("riscv64-linux-gnu-gcc"); err == nil {
		src := filepath.Join(dir, "lib.c")
		if err := os.WriteFile(src, []byte("int f(int x) { return x * 3; }\nint main(void) { return f(1) - 3; }\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		pie, lib := filepath.Join(dir, "pie"), filepath.Join(dir, "lib.so")
		for _, args := range [][]string{{"-O2", "-fPIE", "-pie", "-o", pie, src}, {"-O2", "-shared", "-fPIC", "-o", lib, src}} {
			if b, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
				t.Fatalf("%s %v: %v\n%s", gcc, args, err, b)
			}
		}
		cases = append(cases,
			struct{ path, want string }{pie, "dynamically linked (interpreter /lib/ld-linux-riscv64-lp64d.so.1): give --sysroot DIR"},
			struct{ path, want string }{lib, "shared library"})
		for _, p := range []string{pie, lib} {
			var stdout, stderr bytes.Buffer
			if status := Main([]string{"disasm", p}, nil, &stdout, &stderr); status != 0 || !strings.Contains(stdout.String(), "<f>:\n") {
				t.Errorf("disasm %s: status %d, stderr %q", p, status, stderr.String())
			}
		}
	} else if os.Getenv("CI") == "true" {
		t.Fatal("riscv64-linux-gnu-gcc is required on CI")
	} else {
		t.Log("riscv64-linux-gnu-gcc not on PATH: dynamic cases skipped")
	}

	for _, tc := range cases {
		var stdout, stderr bytes.Buffer
		status := Main([]string{"run", tc.path}, nil, &stdout, &stderr)
		msg := stderr.String()
		if status != 2 || !strings.HasPrefix(msg, "rvsim: "+tc.path+": ") || !strings.Contains(msg, tc.want) || strings.Count(msg, "\n") != 1 {
			t.Errorf("run %s: status %d, stderr %q; want 2 and one line saying %q", tc.path, status, msg, tc.want)
		}
	}
}

// dataInCode has objects in .text: llvm-objdump dumps the bytes of a region whose label is
// an object, up to the next symbol, and disassembles one where a label or function shares
// the object's address.
const dataInCode = `
	.text
	.globl _start
	.type _start, @function
_start:
	nop
	j after
	.size _start, .-_start
	.type table, @object
table:
	.byte 1,2,3,4,5,6,7,8,9,10,0x41,0x42,0x43
	.size table, 13
	.p2align 1
	.type words, @object
	.type words_alias, @object
words:
words_alias:
	.word 0x00000013, 0x7e7e2020
	.size words, 8
	.size words_alias, 8
	.type code_object, @object
code_label:
code_object:
	nop
	ret
	.size code_object, 4
after:
	nop
	ret
`

func TestDisasmDataInCode(t *testing.T) {
	clang := needClang(t)
	objdump := needTool(t, "llvm-objdump-19")
	dir := t.TempDir()
	src, bin := filepath.Join(dir, "data.s"), filepath.Join(dir, "data")
	if err := os.WriteFile(src, []byte(dataInCode), 0o644); err != nil {
		t.Fatal(err)
	}
	buildAsm(t, clang, "riscv64-unknown-elf", "rv64imac", src, bin)
	var stdout, stderr bytes.Buffer
	if status := Main([]string{"disasm", bin}, nil, &stdout, &stderr); status != 0 {
		t.Fatalf("status %d: %s", status, stderr.String())
	}
	want, err := exec.Command(objdump, "-d", bin).Output()
	if err != nil {
		t.Fatalf("%s: %v", objdump, err)
	}
	got, w := disasmBody(t, stdout.String()), disasmBody(t, string(want))
	if got != w {
		t.Errorf("differs from llvm-objdump:\n rvsim:\n%s\n llvm:\n%s", got, w)
	}
	for _, s := range []string{"<table>:\n", "..ABC", "<words_alias>:\n", "<code_label>:\n"} {
		if !strings.Contains(got, s) {
			t.Errorf("output lacks %q:\n%s", s, got)
		}
	}
}
