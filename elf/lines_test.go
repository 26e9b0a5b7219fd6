package elf

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// lineProg has functions, a loop over several lines, a function inlined at -O1 and a
// comment line without code (line 2).
const lineProg = `volatile int sink;
/* line 2: no code here */
static inline int square(int x) {
	int y = x * sink;
	return y ^ (y >> 3);
}
__attribute__((noinline)) int sum_squares(int n) {
	int s = 0;
	for (int i = 0; i < n; i++) {
		s += square(i);
	}
	return s;
}

__attribute__((noinline)) int pick(int a, int b) {
	if (a > b)
		return a - b;
	return b - a;
}
`

const lineStart = `
void _start(void) {
	sink = sum_squares(sink) + pick(sink, 3);
	for (;;) {
	}
}
`

const lineMain = `
#include <stdio.h>
int main(void) {
	printf("%d\n", sum_squares(sink) + pick(sink, 3));
	return 0;
}
`

func needLLVMTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is required on CI (run scripts/setup.sh)", name)
		}
		t.Skipf("%s not on PATH", name)
	}
	return p
}

// symbolized is one address as llvm-symbolizer describes it: its innermost frame.
type symbolized struct {
	function, file string
	line, column   int
}

// llvmSymbolize runs llvm-symbolizer-19 on link-time addresses.
func llvmSymbolize(t *testing.T, tool, bin string, addrs []uint64) []symbolized {
	t.Helper()
	args := []string{"--obj=" + bin}
	for _, a := range addrs {
		args = append(args, fmt.Sprintf("%#x", a))
	}
	out, err := exec.Command(tool, args...).Output()
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	blocks := strings.Split(strings.TrimRight(string(out), "\n"), "\n\n")
	if len(blocks) != len(addrs) {
		t.Fatalf("llvm-symbolizer gave %d answers for %d addresses", len(blocks), len(addrs))
	}
	res := make([]symbolized, len(blocks))
	for i, b := range blocks {
		lines := strings.Split(b, "\n")
		loc := strings.Split(lines[1], ":")
		res[i].function = lines[0]
		res[i].file = strings.Join(loc[:len(loc)-2], ":")
		res[i].line, _ = strconv.Atoi(loc[len(loc)-2])
		res[i].column, _ = strconv.Atoi(loc[len(loc)-1])
	}
	return res
}

// dwarfdumpRow is one row of llvm-dwarfdump's --debug-line listing.
type dwarfdumpRow struct {
	addr       uint64
	line, file int
	stmt, end  bool
}

var dumpRowRe = regexp.MustCompile(`^0x([0-9a-f]+)\s+(\d+)\s+(\d+)\s+(\d+)\s+\d+\s+\d+\s+\d+\s*(.*)$`)
var dumpFileRe = regexp.MustCompile(`^file_names\[\s*(\d+)\]:`)
var dumpNameRe = regexp.MustCompile(`^\s+name: "(.*)"`)

// lineEntries computes from llvm-dwarfdump-19 --debug-line what LinePCs promises: for each
// line of the file named base, the addresses where a run of rows of that line begins (the
// run's first statement row, unless it is at the end of its sequence).
func lineEntries(t *testing.T, tool, bin, base string) map[int][]uint64 {
	t.Helper()
	out, err := exec.Command(tool, "--debug-line", bin).Output()
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	entries := map[int][]uint64{}
	var rows []dwarfdumpRow
	files := map[int]string{}
	lastFile := -1
	flush := func() {
		prevFile, prevLine, entered := -1, -1, false
		for i, r := range rows {
			if r.end {
				prevFile, prevLine = -1, -1
				continue
			}
			if r.file != prevFile || r.line != prevLine {
				prevFile, prevLine, entered = r.file, r.line, false
			}
			seqEnd := r.addr
			for _, n := range rows[i:] {
				if n.end {
					seqEnd = n.addr
					break
				}
			}
			if r.line == 0 || r.addr >= seqEnd || !r.stmt || entered {
				continue
			}
			entered = true
			if filepath.Base(files[r.file]) == base {
				entries[r.line] = append(entries[r.line], r.addr)
			}
		}
		rows, files = nil, map[int]string{}
	}
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "debug_line[") {
			flush()
		}
		if m := dumpFileRe.FindStringSubmatch(l); m != nil {
			lastFile, _ = strconv.Atoi(m[1])
		} else if m := dumpNameRe.FindStringSubmatch(l); m != nil && lastFile >= 0 {
			files[lastFile] = m[1]
			lastFile = -1
		} else if m := dumpRowRe.FindStringSubmatch(l); m != nil {
			addr, _ := strconv.ParseUint(m[1], 16, 64)
			line, _ := strconv.Atoi(m[2])
			file, _ := strconv.Atoi(m[4])
			rows = append(rows, dwarfdumpRow{addr, line, file, strings.Contains(m[5], "is_stmt"), strings.Contains(m[5], "end_sequence")})
		}
	}
	flush()
	for l := range entries {
		slices.Sort(entries[l])
		entries[l] = slices.Compact(entries[l])
	}
	return entries
}

// instructionAddrs returns the address of every instruction of the named functions.
func instructionAddrs(t *testing.T, f *File, funcs ...string) []uint64 {
	t.Helper()
	var addrs []uint64
	for _, name := range funcs {
		s, ok := f.Lookup(name)
		if !ok || s.Size == 0 {
			t.Fatalf("no sized function %s", name)
		}
		seg := segmentAt(f, s.Value)
		for a := s.Value; a < s.Value+s.Size; {
			addrs = append(addrs, a)
			if seg.Data[a-seg.Vaddr]&3 == 3 {
				a += 4
			} else {
				a += 2
			}
		}
	}
	return addrs
}

func TestLineTables(t *testing.T) {
	clang := needTools(t)
	symbolizer := needLLVMTool(t, "llvm-symbolizer-19")
	dwarfdump := needLLVMTool(t, "llvm-dwarfdump-19")
	dir := t.TempDir()
	src := filepath.Join(dir, "prog.c")
	if err := os.WriteFile(src, []byte(lineProg+lineStart), 0o644); err != nil {
		t.Fatal(err)
	}
	mainSrc := filepath.Join(dir, "main", "prog.c")
	if err := os.MkdirAll(filepath.Dir(mainSrc), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mainSrc, []byte(lineProg+lineMain), 0o644); err != nil {
		t.Fatal(err)
	}
	clangArgs := []string{"--target=riscv64-unknown-elf", "-march=rv64gc", "-g", "-O1", "-nostdlib", "-static", "-fuse-ld=lld"}
	type build struct {
		name  string
		cmd   []string
		funcs []string
	}
	builds := []build{
		{"clang-dwarf5", append(append([]string{clang}, clangArgs...), src), []string{"_start", "sum_squares", "pick"}},
		{"clang-dwarf4", append(append([]string{clang, "-gdwarf-4"}, clangArgs...), src), []string{"_start", "sum_squares", "pick"}},
		{"clang-static-pie", append(append([]string{clang, "-fPIE", "-Wl,-pie,--no-dynamic-linker"}, clangArgs...), src), []string{"_start", "sum_squares", "pick"}},
	}
	if gcc, err := exec.LookPath("riscv64-linux-gnu-gcc"); err == nil {
		builds = append(builds, build{"gcc-static", []string{gcc, "-g", "-O1", "-static", mainSrc}, []string{"main", "sum_squares", "pick", "printf"}})
	} else if os.Getenv("CI") == "true" {
		t.Fatal("riscv64-linux-gnu-gcc is required on CI")
	}
	for _, b := range builds {
		t.Run(b.name, func(t *testing.T) {
			bin := filepath.Join(dir, b.name)
			cmd := exec.Command(b.cmd[0], append(b.cmd[1:], "-o", bin)...)
			if msg, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, msg)
			}
			f, err := Open(bin)
			if err != nil {
				t.Fatal(err)
			}
			addrs := instructionAddrs(t, f, b.funcs...)
			link := make([]uint64, len(addrs))
			for i, a := range addrs {
				link[i] = a - f.Base
			}
			want := llvmSymbolize(t, symbolizer, bin, link)
			inlined, covered := 0, 0
			for i, a := range addrs {
				pos, ok, err := f.PCToLine(a)
				if err != nil {
					t.Fatal(err)
				}
				w := want[i]
				if w.file == "??" || w.line == 0 { // no line: line 0 is code of no particular line
					if ok {
						t.Errorf("%#x: %v, llvm-symbolizer has no line", a, pos)
					}
					continue
				}
				covered++
				if w.function == "square" {
					inlined++
				}
				if !ok || pos.File != w.file || pos.Line != w.line || pos.Column != w.column || pos.Function != w.function {
					t.Errorf("%#x: PCToLine = %q:%d:%d %q (ok %v), llvm-symbolizer %+v", a, pos.File, pos.Line, pos.Column, pos.Function, ok, w)
				}
			}
			if covered < 20 || inlined == 0 {
				t.Errorf("only %d addresses with lines, %d in the inlined function", covered, inlined)
			}

			entries := lineEntries(t, dwarfdump, bin, "prog.c")
			if len(entries) < 6 {
				t.Fatalf("only %d lines with code in llvm-dwarfdump's listing", len(entries))
			}
			for line, pcs := range entries {
				got, gotLine, err := f.LinePCs("prog.c", line)
				for i := range got {
					got[i] -= f.Base
				}
				if err != nil || gotLine != line || !slices.Equal(got, pcs) {
					t.Errorf("LinePCs(prog.c, %d) = %#x line %d, %v; llvm-dwarfdump %#x", line, got, gotLine, err, pcs)
				}
			}
			// The comment line moves to the next line with code.
			if _, got, err := f.LinePCs(filepath.Base(src), 2); err != nil || got <= 2 || entries[got] == nil {
				t.Errorf("LinePCs(prog.c, 2) moved to line %d, %v", got, err)
			}
			if _, _, err := f.LinePCs("other.c", 3); err == nil || !strings.Contains(err.Error(), "other.c") {
				t.Errorf("LinePCs(other.c) = %v", err)
			}
			files, err := f.SourceFiles()
			if err != nil || !slices.ContainsFunc(files, func(s string) bool { return filepath.Base(s) == "prog.c" }) {
				t.Errorf("SourceFiles = %q, %v", files, err)
			}

			// The same from memory, and moved elsewhere when position-independent.
			data, _ := os.ReadFile(bin)
			p := mustParse(t, data)
			if pos, ok, err := p.PCToLine(addrs[0]); !ok || err != nil || pos.Line != want[0].line {
				t.Errorf("Parse: PCToLine = %v %v %v", pos, ok, err)
			}
			if f.Type == "dyn" {
				r, err := f.Rebase(0x40000000)
				if err != nil {
					t.Fatal(err)
				}
				pos, ok, err := r.PCToLine(link[0] + 0x40000000)
				if !ok || err != nil || pos.Line != want[0].line {
					t.Errorf("rebased: PCToLine = %v %v %v", pos, ok, err)
				}
				if pcs, _, _ := r.LinePCs("prog.c", want[0].line); len(pcs) == 0 || pcs[0] < 0x40000000 {
					t.Errorf("rebased: LinePCs = %#x", pcs)
				}
			}
		})
	}
}

func TestNoLineInfo(t *testing.T) {
	f := mustParse(t, sample(false).bytes())
	if _, _, err := f.PCToLine(0x11000); !errors.Is(err, ErrNoLineInfo) {
		t.Errorf("PCToLine without DWARF: %v", err)
	}
	if _, _, err := f.LinePCs("x.c", 1); !errors.Is(err, ErrNoLineInfo) {
		t.Errorf("LinePCs without DWARF: %v", err)
	}
	if _, _, err := (&File{}).PCToLine(0); !errors.Is(err, ErrNoLineInfo) {
		t.Errorf("hand-built File: %v", err)
	}
	// A kernel ELF, built from assembly without -g.
	bins, _ := filepath.Glob(filepath.Join("..", "kernels", "bin", "*.elf"))
	if len(bins) == 0 {
		t.Fatal("no kernel ELFs")
	}
	k, err := Open(bins[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := k.PCToLine(k.Entry); !errors.Is(err, ErrNoLineInfo) {
		t.Errorf("%s: PCToLine: %v", bins[0], err)
	}
}

// TestLinesFileChanged: line tables are read from the file on first use; a file replaced
// since Open is not trusted to describe the loaded program.
func TestLinesFileChanged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "prog.elf")
	data := sample(false).bytes()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(data, 0), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.PCToLine(f.Entry); err == nil || !strings.Contains(err.Error(), "changed since it was loaded") {
		t.Errorf("PCToLine after the file changed: %v", err)
	}
	// Unchanged, the same file answers that it has no line info.
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.PCToLine(f.Entry); !errors.Is(err, ErrNoLineInfo) {
		t.Errorf("PCToLine: %v", err)
	}
}
