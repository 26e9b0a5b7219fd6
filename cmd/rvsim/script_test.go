package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The script tests run rvsim in-process, one testdata/script/*.txt file per test. A script
// is a txtar-style archive: commands first, then "-- name --" sections whose contents are
// written into a fresh work directory ($WORK) before the commands run. One command per line,
// '#' starts a comment, arguments are split at spaces and may be 'single-quoted':
//
//	build [-rv32] [-march=ISA] src.s out   assemble and link with clang-19 (default
//	                                        riscv64, -march=rv64imac_zksed)
//	mkelf [-rv32] out word...              write a minimal ELF whose code is the given
//	                                        32-bit words (hex), entry at its first word
//	truncate file out n                    copy the first n bytes of file to out
//	copy src dst                           copy a file (from the host or $WORK)
//	skip-unless path                       skip the test when path does not exist
//	stdin file                             the next rvsim reads file as its stdin
//	rvsim args...                          run Main with args
//	status n                               the last rvsim exited with status n
//	[!] stdout|stderr regexp               the output matches (or does not) the regexp,
//	                                        in multi-line mode
//	lines stdout|stderr n                  the output has exactly n lines
//	cmp stdout|stderr file                 the output equals the file ($WORK substituted)
//	cmpfile file golden                    file equals golden ($WORK substituted)
func TestScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/script/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			runScript(t, file, data)
		})
	}
}

// parseArchive splits a txtar-style archive into its comment (the script) and its files.
func parseArchive(data []byte) (script string, files map[string][]byte, order []string) {
	files = map[string][]byte{}
	var cur string
	var buf []byte
	inFile := false
	flush := func() {
		if inFile {
			files[cur] = buf
			order = append(order, cur)
		} else {
			script = string(buf)
		}
		buf = nil
	}
	for _, line := range strings.SplitAfter(string(data), "\n") {
		trimmed := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			flush()
			cur = strings.TrimSpace(trimmed[3 : len(trimmed)-3])
			inFile = true
			continue
		}
		buf = append(buf, line...)
	}
	flush()
	return script, files, order
}

// splitArgs splits a command line at spaces, keeping 'single-quoted' words together.
func splitArgs(line string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\'':
			if i+1 < len(line) && line[i+1] == '\'' { // '' inside quotes is a quote
				cur.WriteByte('\'')
				i++
				continue
			}
			quoted = false
		case quoted:
			cur.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == ' ' || c == '\t':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("unterminated quote")
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args, nil
}

type scriptState struct {
	t              *testing.T
	work           string
	stdin          []byte
	stdout, stderr string
	status         int
	ran            bool
}

func runScript(t *testing.T, file string, data []byte) {
	script, files, order := parseArchive(data)
	st := &scriptState{t: t, work: t.TempDir()}
	for _, name := range order {
		path := filepath.Join(st.work, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, line := range strings.Split(script, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		args, err := splitArgs(line)
		if err != nil {
			t.Fatalf("%s:%d: %v", file, i+1, err)
		}
		regexpArg := len(args) == 2 && (args[0] == "stdout" || args[0] == "stderr") ||
			len(args) == 3 && args[0] == "!"
		for j := range args {
			if regexpArg && j == len(args)-1 {
				// $WORK in a regexp stands for the directory's name, quoted.
				args[j] = strings.ReplaceAll(args[j], "$WORK", regexp.QuoteMeta(st.work))
			} else {
				args[j] = strings.ReplaceAll(args[j], "$WORK", st.work)
			}
		}
		where := fmt.Sprintf("%s:%d: %s", file, i+1, line)
		st.exec(where, args)
		if t.Failed() || t.Skipped() {
			return
		}
	}
}

func (st *scriptState) path(name string) string {
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(st.work, name)
}

func (st *scriptState) output(which, where string) string {
	if !st.ran {
		st.t.Fatalf("%s: no rvsim has run", where)
	}
	switch which {
	case "stdout":
		return st.stdout
	case "stderr":
		return st.stderr
	}
	st.t.Fatalf("%s: want stdout or stderr, not %q", where, which)
	return ""
}

func (st *scriptState) exec(where string, args []string) {
	t := st.t
	neg := false
	if args[0] == "!" {
		neg, args = true, args[1:]
	}
	need := func(n int) {
		if len(args) != n {
			t.Fatalf("%s: want %d arguments", where, n-1)
		}
	}
	switch args[0] {
	case "rvsim":
		var stdout, stderr bytes.Buffer
		st.status = Main(args[1:], bytes.NewReader(st.stdin), &stdout, &stderr)
		st.stdout, st.stderr, st.stdin, st.ran = stdout.String(), stderr.String(), nil, true
		t.Logf("%s\nstatus %d\nstdout:\n%sstderr:\n%s", where, st.status, st.stdout, st.stderr)
	case "status":
		need(2)
		want, err := strconv.Atoi(args[1])
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if !st.ran || st.status != want {
			t.Fatalf("%s: status %d, want %d\nstderr: %s", where, st.status, want, st.stderr)
		}
	case "stdout", "stderr":
		need(2)
		re, err := regexp.Compile("(?m)" + args[1])
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		out := st.output(args[0], where)
		if re.MatchString(out) == neg {
			t.Fatalf("%s: %s %q\n(matching %v, want %v)", where, args[0], out, !neg, neg)
		}
	case "lines":
		need(3)
		want, _ := strconv.Atoi(args[2])
		out := st.output(args[1], where)
		if got := strings.Count(out, "\n"); got != want || out != "" && !strings.HasSuffix(out, "\n") {
			t.Fatalf("%s: %s has %d lines, want %d:\n%s", where, args[1], got, want, out)
		}
	case "cmp":
		need(3)
		wantB, err := os.ReadFile(st.path(args[2]))
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		want := strings.ReplaceAll(string(wantB), "$WORK", st.work)
		if got := st.output(args[1], where); got != want {
			t.Fatalf("%s: %s differs:\n got %q\nwant %q", where, args[1], got, want)
		}
	case "cmpfile":
		need(3)
		got, err1 := os.ReadFile(st.path(args[1]))
		want, err2 := os.ReadFile(st.path(args[2]))
		if err1 != nil || err2 != nil {
			st.t.Fatalf("%s: %v %v", where, err1, err2)
		}
		if w := strings.ReplaceAll(string(want), "$WORK", st.work); string(got) != w {
			t.Fatalf("%s: %s differs:\n got %q\nwant %q", where, args[1], got, w)
		}
	case "stdin":
		need(2)
		b, err := os.ReadFile(st.path(args[1]))
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		st.stdin = b
	case "skip-unless":
		need(2)
		if _, err := os.Stat(args[1]); err != nil {
			t.Skipf("%s: %v", where, err)
		}
	case "copy":
		need(3)
		b, err := os.ReadFile(st.path(args[1]))
		if err == nil {
			err = os.WriteFile(st.path(args[2]), b, 0o644)
		}
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	case "truncate":
		need(4)
		b, err := os.ReadFile(st.path(args[1]))
		n, _ := strconv.Atoi(args[3])
		if err == nil && n <= len(b) {
			err = os.WriteFile(st.path(args[2]), b[:n], 0o644)
		}
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
	case "mkelf":
		xlen := 64
		args = args[1:]
		if len(args) > 0 && args[0] == "-rv32" {
			xlen, args = 32, args[1:]
		}
		if len(args) < 2 {
			t.Fatalf("%s: want an output and code words", where)
		}
		var code []byte
		for _, w := range args[1:] {
			v, err := strconv.ParseUint(w, 16, 32)
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			code = binary.LittleEndian.AppendUint32(code, uint32(v))
		}
		if err := os.WriteFile(st.path(args[0]), miniELF(xlen, code), 0o644); err != nil {
			t.Fatal(err)
		}
	case "build":
		clang := needClang(t)
		target, march := "riscv64-unknown-elf", "rv64imac_zksed"
		args = args[1:]
		for len(args) > 0 && strings.HasPrefix(args[0], "-") {
			switch {
			case args[0] == "-rv32":
				target, march = "riscv32-unknown-elf", "rv32imac_zksed"
			case strings.HasPrefix(args[0], "-march="):
				march = strings.TrimPrefix(args[0], "-march=")
			default:
				t.Fatalf("%s: unknown build flag %s", where, args[0])
			}
			args = args[1:]
		}
		if len(args) != 2 {
			t.Fatalf("%s: want a source and an output", where)
		}
		buildAsm(t, clang, target, march, st.path(args[0]), st.path(args[1]))
	default:
		t.Fatalf("%s: unknown command %q", where, args[0])
	}
}

// needClang returns clang-19's path, skipping the test when the toolchain is missing (and
// failing on CI, where it must be installed).
func needClang(t *testing.T) string {
	t.Helper()
	return needTool(t, "clang-19", "ld.lld-19")
}

func needTool(t *testing.T, tools ...string) string {
	t.Helper()
	var first string
	for i, tool := range tools {
		p, err := exec.LookPath(tool)
		if err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is required on CI (run scripts/setup.sh): %v", tool, err)
			}
			t.Skipf("%s not on PATH (run scripts/setup.sh to install it)", tool)
		}
		if i == 0 {
			first = p
		}
	}
	return first
}

func buildAsm(t *testing.T, clang, target, march, src, out string) {
	t.Helper()
	cmd := exec.Command(clang, "--target="+target, "-march="+march, "-nostdlib", "-static", "-fuse-ld=lld", "-o", out, src)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, b)
	}
}

// miniELF returns a statically linked executable holding code: one read-execute segment
// mapping the whole file at 0x10000, entry at the code, no section headers.
func miniELF(xlen int, code []byte) []byte {
	const base = 0x10000
	le := binary.LittleEndian
	var ehsize, phsize int
	if xlen == 64 {
		ehsize, phsize = 64, 56
	} else {
		ehsize, phsize = 52, 32
	}
	off := ehsize + phsize
	size := uint64(off + len(code))
	b := make([]byte, off, int(size))
	copy(b, "\x7fELF")
	b[4] = byte(xlen / 32)    // ELFCLASS32 = 1, ELFCLASS64 = 2
	b[5], b[6] = 1, 1         // little-endian, version 1
	le.PutUint16(b[16:], 2)   // ET_EXEC
	le.PutUint16(b[18:], 243) // EM_RISCV
	le.PutUint32(b[20:], 1)
	entry := uint64(base + off)
	if xlen == 64 {
		le.PutUint64(b[24:], entry)
		le.PutUint64(b[32:], uint64(ehsize)) // e_phoff
		le.PutUint16(b[52:], uint16(ehsize))
		le.PutUint16(b[54:], uint16(phsize))
		le.PutUint16(b[56:], 1)
		p := b[ehsize:]
		le.PutUint32(p[0:], 1) // PT_LOAD
		le.PutUint32(p[4:], 5) // PF_R | PF_X
		le.PutUint64(p[16:], base)
		le.PutUint64(p[24:], base)
		le.PutUint64(p[32:], size)
		le.PutUint64(p[40:], size)
		le.PutUint64(p[48:], 0x1000)
	} else {
		le.PutUint32(b[24:], uint32(entry))
		le.PutUint32(b[28:], uint32(ehsize))
		le.PutUint16(b[40:], uint16(ehsize))
		le.PutUint16(b[42:], uint16(phsize))
		le.PutUint16(b[44:], 1)
		p := b[ehsize:]
		le.PutUint32(p[0:], 1)
		le.PutUint32(p[8:], base)
		le.PutUint32(p[12:], base)
		le.PutUint32(p[16:], uint32(size))
		le.PutUint32(p[20:], uint32(size))
		le.PutUint32(p[24:], 5)
		le.PutUint32(p[28:], 0x1000)
	}
	return append(b, code...)
}

func TestSplitArgs(t *testing.T) {
	for in, want := range map[string][]string{
		`rvsim run x`:          {"rvsim", "run", "x"},
		`stderr '^a b$'`:       {"stderr", "^a b$"},
		`stdout 'it''s'  'x'y`: {"stdout", "it's", "xy"},
		`  lines   stdout 3 `:  {"lines", "stdout", "3"},
		`stderr ''`:            {"stderr", ""},
	} {
		got, err := splitArgs(in)
		if err != nil || strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Errorf("splitArgs(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := splitArgs(`stdout 'open`); err == nil {
		t.Error("unterminated quote accepted")
	}
}
