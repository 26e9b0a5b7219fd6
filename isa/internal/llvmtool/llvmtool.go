// Package llvmtool drives llvm-mc-19 and llvm-objdump-19, the reference for rvsim's
// disassembly: it assembles instructions given as text or raw encodings, disassembles each one
// on its own, and returns what llvm-objdump prints for it.
//
// Every item is placed in a section of its own under a symbol of its own, so that a word
// llvm-objdump cannot decode does not disturb the next one. In the relocatable object every
// section, hence every item, is at address 0. The symbol is renamed _start in the returned
// text: an item's branch target therefore prints as "0x10 <_start+0x10>". llvm-objdump
// computes targets in 64 bits: on RV32 a target below 0 prints as a 32-bit address with a
// 64-bit offset ("0xfffffffc <_start+0xfffffffffffffffc>").
package llvmtool

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Tools names the programs used.
var (
	MC      = "llvm-mc-19"
	Objdump = "llvm-objdump-19"
)

// Zicfilp is the feature that makes llvm-objdump print lpad (rvsim runs it as the hint it
// is; LLVM 19 calls the extension experimental). Callers add it to the ISA's feature list.
const Zicfilp = "+experimental-zicfilp"

// Available reports whether both tools are on PATH.
func Available() bool {
	for _, t := range []string{MC, Objdump} {
		if _, err := exec.LookPath(t); err != nil {
			return false
		}
	}
	return true
}

// Item is one instruction: assembly text, or (when Asm is "") a raw encoding of Len bytes.
type Item struct {
	Asm  string
	Word uint32
	Len  int // 2 or 4, for raw encodings
}

// Result is what llvm-objdump printed for one item.
type Result struct {
	Word uint32 // the encoding
	Len  int    // its length in bytes
	Hex  string // the encoding as llvm-objdump prints it ("00b50533", "8082")
	// Text is the mnemonic and operands separated by one space (llvm-objdump separates them
	// with a tab), or "<unknown>".
	Text string
}

// Disassemble assembles and disassembles items for the given XLEN with the LLVM features
// attrs (isa.LLVMAttrs gives them for an extension set).
func Disassemble(xlen int, attrs string, items []Item) ([]Result, error) {
	dir, err := os.MkdirTemp("", "rvsim-llvm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	var src bytes.Buffer
	lineOf := map[int]int{} // source line -> item
	line := 1
	emit := func(format string, args ...any) {
		fmt.Fprintf(&src, format+"\n", args...)
		line++
	}
	for i, it := range items {
		emit(`.section .text.i%d,"ax",@progbits`, i)
		emit("w%d:", i)
		switch {
		case it.Asm == "" && it.Len == 2:
			emit(".half 0x%04x", it.Word&0xffff)
		case it.Asm == "":
			emit(".word 0x%08x", it.Word)
		default:
			if strings.HasPrefix(it.Asm, "c.") {
				emit(".option rvc")
			} else {
				emit(".option norvc")
			}
			lineOf[line] = i
			emit("%s", it.Asm)
		}
	}
	s := filepath.Join(dir, "t.s")
	o := filepath.Join(dir, "t.o")
	if err := os.WriteFile(s, src.Bytes(), 0o644); err != nil {
		return nil, err
	}
	triple := fmt.Sprintf("-triple=riscv%d", xlen)
	out, err := exec.Command(MC, triple, "-mattr="+attrs, "-filetype=obj", s, "-o", o).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", MC, err, describeErrors(out, lineOf, items))
	}
	out, err = exec.Command(Objdump, "-d", "--mattr="+attrs, o).Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", Objdump, err)
	}
	return parse(out, items)
}

var errLine = regexp.MustCompile(`t\.s:(\d+):\d+: error: (.*)`)

func describeErrors(out []byte, lineOf map[int]int, items []Item) string {
	var b strings.Builder
	for _, m := range errLine.FindAllSubmatch(out, -1) {
		n, _ := strconv.Atoi(string(m[1]))
		if i, ok := lineOf[n]; ok {
			fmt.Fprintf(&b, "item %d %q: %s\n", i, items[i].Asm, m[2])
		} else {
			fmt.Fprintf(&b, "line %d: %s\n", n, m[2])
		}
	}
	if b.Len() == 0 {
		return string(out)
	}
	return b.String()
}

var (
	sectionRe = regexp.MustCompile(`^Disassembly of section \.text\.i(\d+):`)
	instRe    = regexp.MustCompile(`^\s*[0-9a-f]+:\s+((?:[0-9a-f]{2,8} )+)\s*\t(.*)$`)
	symRe     = regexp.MustCompile(`<w\d+([+>])`)
)

func parse(out []byte, items []Item) ([]Result, error) {
	lines := make([][]string, len(items)) // text of each line, per item
	hexes := make([][]string, len(items)) // encoding column, per item
	cur := -1
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		l := sc.Text()
		if m := sectionRe.FindStringSubmatch(l); m != nil {
			cur, _ = strconv.Atoi(m[1])
			continue
		}
		m := instRe.FindStringSubmatch(l)
		if m == nil || cur < 0 || cur >= len(items) {
			continue
		}
		text := strings.Replace(m[2], "\t", " ", 1)
		text = symRe.ReplaceAllString(text, "<_start$1")
		lines[cur] = append(lines[cur], text)
		hexes[cur] = append(hexes[cur], strings.ReplaceAll(strings.TrimSpace(m[1]), " ", ""))
	}
	res := make([]Result, len(items))
	for i, it := range items {
		if len(lines[i]) == 0 {
			return nil, fmt.Errorf("item %d (%q %#x): no output from %s", i, it.Asm, it.Word, Objdump)
		}
		r := &res[i]
		if it.Asm == "" {
			r.Word, r.Len = it.Word, it.Len
			if r.Len != 2 {
				r.Len = 4
			}
		} else {
			if len(lines[i]) != 1 {
				return nil, fmt.Errorf("item %d %q: assembled to %d instructions", i, it.Asm, len(lines[i]))
			}
			w, err := strconv.ParseUint(hexes[i][0], 16, 32)
			if err != nil {
				return nil, fmt.Errorf("item %d %q: encoding %q", i, it.Asm, hexes[i][0])
			}
			r.Word, r.Len = uint32(w), len(hexes[i][0])/2
		}
		if r.Len == 2 {
			r.Hex = fmt.Sprintf("%04x", r.Word&0xffff)
		} else {
			r.Hex = fmt.Sprintf("%08x", r.Word)
		}
		if len(lines[i]) == 1 && hexes[i][0] == r.Hex && lines[i][0] != "<unknown>" {
			r.Text = lines[i][0]
		} else {
			r.Text = "<unknown>"
		}
	}
	return res, nil
}
