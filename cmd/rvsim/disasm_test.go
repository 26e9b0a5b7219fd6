package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
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
