package main

import (
	"bufio"
	debugelf "debug/elf"
	"flag"
	"fmt"
	"sort"
	"strings"

	"rvsim/elf"
	"rvsim/isa"
)

func init() {
	register(&command{
		Name:      "disasm",
		UsageLine: "disasm [flags] prog.elf",
		Short:     "disassemble a RISC-V ELF as llvm-objdump does",
		Long: `
Disasm prints the executable sections of prog.elf in llvm-objdump's layout, with symbol
labels. Each instruction's text is what llvm-objdump-19 -d prints for it (aliases, ABI
register names, hex immediates, branch targets with their symbol). Words that are not
instructions of the target ISA print as <unknown>.`,
		Flags: disasmFlags,
	})
}

func disasmFlags(fs *flag.FlagSet) func(*cmdEnv, []string) int {
	var o loadOptions
	fs.StringVar(&o.isa, "isa", "", "decode for this `ISA` (default: everything rvsim implements at the ELF's XLEN)")
	symbol := fs.String("symbol", "", "disassemble only the function `NAME`")
	return func(env *cmdEnv, args []string) int {
		if len(args) != 1 {
			env.errorf("disasm: want exactly one ELF file (usage: rvsim disasm [flags] prog.elf)")
			return exitUsage
		}
		f, err := elf.Open(args[0])
		if err != nil {
			env.errorf("%v", err)
			return exitUsage
		}
		target, err := o.target(f)
		if err != nil {
			env.errorf("%v", err)
			return exitUsage
		}
		lo, hi := uint64(0), ^uint64(0)
		if *symbol != "" {
			s, ok := f.Lookup(*symbol)
			if !ok {
				env.errorf("disasm: no symbol %q in %s", *symbol, args[0])
				return exitUsage
			}
			lo, hi = s.Value, s.Value+s.Size
			if s.Size == 0 {
				hi = s.Value + 1
				// A label without a size runs to the next symbol.
				for _, t := range f.Symbols {
					if t.Value > s.Value {
						hi = t.Value
						break
					}
				}
			}
		}
		if view, why := codeView(f); view != f {
			for _, p := range f.Problems {
				env.errorf("warning: %s: %s", args[0], p)
			}
			if why != "" {
				env.errorf("warning: %s: %s: disassembling the executable segments of the program headers instead", args[0], why)
			}
			f = view
		}
		w := bufio.NewWriter(env.stdout)
		defer w.Flush()
		format := "elf64-littleriscv"
		if f.XLEN == 32 {
			format = "elf32-littleriscv"
		}
		fmt.Fprintf(w, "\n%s:\tfile format %s\n", args[0], format)
		disassemble(w, f, target, lo, hi)
		return 0
	}
}

// codeView returns f, or when its section headers do not describe the code (none, or
// damaged) the view llvm-objdump takes of a file without section headers: one section per
// executable PT_LOAD. why says what is wrong with the section headers ("" when there are
// none at all, where llvm-objdump falls back silently too).
func codeView(f *elf.File) (*elf.File, string) {
	if f.ExecSectionsDamaged {
		return f.ProgramHeaderView(), "section headers damaged"
	}
	for _, s := range f.Sections {
		if s.Exec {
			return f, ""
		}
	}
	return f.ProgramHeaderView(), ""
}

func disassemble(w *bufio.Writer, f *elf.File, target isa.ISA, lo, hi uint64) {
	dec := isa.NewDecoder(target)
	sym := symbolizer(f)
	for _, sec := range f.Sections {
		if !sec.Exec || sec.Data == nil {
			continue
		}
		if sec.Addr+sec.Size <= lo || sec.Addr >= hi {
			continue
		}
		fmt.Fprintf(w, "\nDisassembly of section %s:\n", sec.Name)
		for off := uint64(0); off < uint64(len(sec.Data)); {
			pc := sec.Addr + off
			if pc >= hi {
				break
			}
			// elf chooses among the symbols starting at pc, as llvm-objdump does.
			if s, ok := f.LabelAt(pc); ok && pc >= lo {
				fmt.Fprintf(w, "\n%0*x <%s>:\n", f.XLEN/4, pc, s.Name)
				if s.Type == debugelf.STT_OBJECT {
					// Only objects start here: llvm-objdump shows their bytes as data, up to
					// the next symbol.
					end := min(nextSymbol(f, sec, pc), hi) - sec.Addr
					dumpData(w, pc, sec.Data[off:end])
					off = end
					continue
				}
			}
			rest := sec.Data[off:]
			var word uint32
			n := 2
			if len(rest) >= 2 {
				word = uint32(rest[0]) | uint32(rest[1])<<8
				if word&3 == 3 {
					n = 4
				}
			}
			if len(rest) < n {
				// A trailing fragment: print it as llvm-objdump does, as raw bytes.
				if pc >= lo {
					fmt.Fprintf(w, "%8x: %-13s\t<unknown>\n", pc, hexBytes(rest))
				}
				break
			}
			if n == 4 {
				word |= uint32(rest[2])<<16 | uint32(rest[3])<<24
			}
			if pc >= lo {
				in, st := dec.Decode(word)
				text := "<unknown>"
				if st == isa.OK || st == isa.Reserved && in.Op == isa.AES64KS1I {
					text = strings.Replace(isa.Format(in, pc, target.XLEN, sym), " ", "\t", 1)
				}
				enc := fmt.Sprintf("%08x", word)
				if n == 2 {
					enc = fmt.Sprintf("%04x", word)
				}
				fmt.Fprintf(w, "%8x: %-13s\t%s\n", pc, enc, text)
			}
			off += uint64(n)
		}
	}
}

// nextSymbol returns where the next symbol of sec after pc starts, or the end of sec.
func nextSymbol(f *elf.File, sec elf.Section, pc uint64) uint64 {
	end := sec.Addr + uint64(len(sec.Data))
	i := sort.Search(len(f.Symbols), func(i int) bool { return f.Symbols[i].Value > pc })
	for ; i < len(f.Symbols) && f.Symbols[i].Value < end; i++ {
		if s := f.Symbols[i]; sec.Index < 0 || int(s.Section) == sec.Index {
			return s.Value
		}
	}
	return end
}

// dumpData prints bytes at pc in llvm-objdump's layout for data in code: up to eight bytes
// a line in hex, then as ASCII.
func dumpData(w *bufio.Writer, pc uint64, data []byte) {
	for len(data) > 0 {
		n := min(len(data), 8)
		fmt.Fprintf(w, "%8x:", pc)
		ascii := make([]byte, n)
		for i, b := range data[:n] {
			fmt.Fprintf(w, " %02x", b)
			ascii[i] = '.'
			if b >= ' ' && b <= '~' {
				ascii[i] = b
			}
		}
		fmt.Fprintf(w, "%s         %s\n", strings.Repeat(" ", 3*(8-n)), ascii)
		data, pc = data[n:], pc+uint64(n)
	}
}

func hexBytes(b []byte) string {
	var s []string
	for _, c := range b {
		s = append(s, fmt.Sprintf("%02x", c))
	}
	return strings.Join(s, " ")
}
