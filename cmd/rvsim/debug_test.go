package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"rvsim/isa"
)

// Script tests of whole debugger sessions: each testdata/debug/*.txt is a txtar-style
// archive with
//
//	-- args --      the arguments after "rvsim debug" ($WORK is the test's directory, $ROOT
//	                the repository's root); a program built from a .S section is $WORK/NAME.elf
//	-- NAME.S --    a program to build with clang-19 (its first line "# march: ISA" gives
//	                -march, default rv64imac)
//	-- NAME.c --    a freestanding C program built with clang-19 -g -O0 (-march=rv64imac)
//	                at $WORK/NAME.c, so that the line tables name the source there
//	-- session --   the transcript: "(rvsim) COMMAND" lines are the commands, everything
//	                else is the expected output (stdout and stderr interleaved)
//
// go test ./cmd/rvsim -run TestDebugScripts -update-debug rewrites the sessions from what
// rvsim prints now (review the diff).

var updateDebug = flag.Bool("update-debug", false, "rewrite testdata/debug sessions with the current output")

func TestDebugScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/debug/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no debug scripts: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(name, func(t *testing.T) { runDebugScript(t, file) })
	}
}

// txtarSections splits an archive into its leading comment and named sections, in order.
func txtarSections(data string) (comment string, names []string, files map[string]string) {
	files = map[string]string{}
	cur := ""
	var b strings.Builder
	flush := func() {
		if cur == "" {
			comment = b.String()
		} else {
			files[cur] = b.String()
			names = append(names, cur)
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		l := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(l, "-- ") && strings.HasSuffix(l, " --") && len(l) > 6 {
			flush()
			cur = strings.TrimSpace(l[3 : len(l)-3])
			continue
		}
		b.WriteString(line)
	}
	flush()
	return comment, names, files
}

func runDebugScript(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	comment, names, files := txtarSections(string(data))
	work := t.TempDir()
	root, _ := filepath.Abs("../..")
	for _, n := range names {
		if strings.HasSuffix(n, ".S") {
			buildDebugProgram(t, files[n], filepath.Join(work, strings.TrimSuffix(n, ".S")+".elf"))
		}
		if strings.HasSuffix(n, ".c") {
			buildDebugC(t, files[n], filepath.Join(work, n), filepath.Join(work, strings.TrimSuffix(n, ".c")+".elf"))
		}
	}
	session, ok := files["session"]
	if !ok {
		t.Fatalf("%s: no session section", file)
	}
	var script strings.Builder
	for _, line := range strings.Split(session, "\n") {
		if cmd, ok := strings.CutPrefix(line, "(rvsim) "); ok {
			script.WriteString(cmd + "\n")
		} else if line == "(rvsim)" {
			script.WriteString("\n")
		}
	}
	scriptPath := filepath.Join(work, "commands")
	os.WriteFile(scriptPath, []byte(script.String()), 0o644)
	args := []string{"debug", "--echo", "--script", scriptPath, "--name", "prog"}
	for _, a := range strings.Fields(files["args"]) {
		a = strings.ReplaceAll(a, "$WORK", work)
		a = strings.ReplaceAll(a, "$ROOT", root)
		args = append(args, a)
	}
	var out syncBuffer
	status := Main(args, strings.NewReader(""), &out, &out)
	got := strings.ReplaceAll(out.String(), work, "$WORK")
	got = strings.ReplaceAll(got, root, "$ROOT")
	// The default ISA grows with every extension rvsim implements: the transcripts name it
	// as $DEFAULT_ISA, and TestDebugBanner checks the banner once; on a core without a
	// vector unit (coreTarget) it is $DEFAULT_SCALAR_ISA.
	for _, xlen := range []int{32, 64} {
		got = strings.ReplaceAll(got, isa.Default(xlen).String(), "$DEFAULT_ISA")
		scalar := isa.Default(xlen)
		scalar.Exts &^= isa.VectorExts
		got = strings.ReplaceAll(got, scalar.String()+")", "$DEFAULT_SCALAR_ISA)")
	}
	if want := files["status"]; want != "" && strings.TrimSpace(want) != strconv.Itoa(status) {
		t.Errorf("exit status %d, want %s", status, strings.TrimSpace(want))
	}
	if *updateDebug {
		var b strings.Builder
		b.WriteString(comment)
		for _, n := range names {
			b.WriteString("-- " + n + " --\n")
			if n == "session" {
				b.WriteString(got)
			} else {
				b.WriteString(files[n])
			}
		}
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if got != session {
		t.Errorf("session differs (go test -run TestDebugScripts -update-debug rewrites it):\n%s", lineDiff(session, got))
	}
}

// syncBuffer is a bytes.Buffer safe for the session and the program writing to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// lineDiff shows the first lines where want and got part.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			var b strings.Builder
			for j := max(0, i-3); j < min(len(g), i+8); j++ {
				b.WriteString("  got:  " + g[j] + "\n")
			}
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + wl + "\n  got:  " + gl + "\ncontext of the output:\n" + b.String()
		}
	}
	return "(equal)"
}

// clangOrSkip returns clang-19's path, skipping the test when it is missing outside CI.
func clangOrSkip(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("clang-19")
	if err == nil {
		if _, err = exec.LookPath("ld.lld-19"); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("clang-19 and ld.lld-19 are needed (scripts/setup.sh installs them): %v", err)
	}
	t.Skipf("skipping: clang-19 or ld.lld-19 not found (scripts/setup.sh installs them): %v", err)
	return ""
}

var marchRE = regexp.MustCompile(`(?m)^#\s*march:\s*(\S+)`)

// buildDebugProgram assembles and links src, caching the ELF by the source's hash.
func buildDebugProgram(t *testing.T, src, out string) {
	t.Helper()
	clang := clangOrSkip(t)
	march := "rv64imac"
	if m := marchRE.FindStringSubmatch(src); m != nil {
		march = m[1]
	}
	target := "riscv64-unknown-linux-gnu"
	if strings.HasPrefix(march, "rv32") {
		target = "riscv32-unknown-linux-gnu"
	}
	sum := sha256.Sum256([]byte(march + "\x00" + src))
	cache := filepath.Join(os.TempDir(), "rvsim-debug-test-"+hex.EncodeToString(sum[:8])+".elf")
	if data, err := os.ReadFile(cache); err == nil {
		os.WriteFile(out, data, 0o755)
		return
	}
	srcPath := out + ".S"
	os.WriteFile(srcPath, []byte(src), 0o644)
	cmd := exec.Command(clang, "--target="+target, "-march="+march, "-nostdlib", "-static", "-fuse-ld=lld",
		"-Wl,--build-id=none", "-o", out, srcPath)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", out, err, msg)
	}
	if data, err := os.ReadFile(out); err == nil {
		tmp := cache + ".tmp" + strconv.Itoa(os.Getpid())
		if os.WriteFile(tmp, data, 0o644) == nil {
			os.Rename(tmp, cache)
		}
	}
}

// buildDebugC compiles a freestanding C program with line tables. The source stays at src
// (in the test's directory) for list to read, so the build is not cached.
func buildDebugC(t *testing.T, code, src, out string) {
	t.Helper()
	clang := clangOrSkip(t)
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(clang, "--target=riscv64-unknown-linux-gnu", "-march=rv64imac", "-g", "-O0",
		"-ffreestanding", "-nostdlib", "-static", "-fuse-ld=lld", "-Wl,--build-id=none", "-o", out, src)
	cmd.Dir = filepath.Dir(src)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", out, err, msg)
	}
}

// debugSession runs rvsim debug with commands from a script and returns the transcript and
// status.
func debugSession(t *testing.T, commands string, args ...string) (string, int) {
	t.Helper()
	script := filepath.Join(t.TempDir(), "commands")
	os.WriteFile(script, []byte(commands), 0o644)
	var out syncBuffer
	status := Main(append([]string{"debug", "--echo", "--script", script}, args...), strings.NewReader(""), &out, &out)
	return out.String(), status
}

const sm4Kernel = "../../kernels/bin/sm4-zksed-rv64.elf"

func TestDebugCycles(t *testing.T) {
	out, status := debugSession(t, "step 20\ncycles\nreverse-step\ncycles\n", "--core", "rocket", "--kernel", sm4Kernel, "--vector", "A.2.1.1")
	if status != 0 {
		t.Fatalf("status %d\n%s", status, out)
	}
	for _, want := range []string{
		`cost model: `,
		`(?m)^\S+: \d+ cycles, 20 instructions \(IPC [0-9.]+\)$`,
		`(?m)^last instruction: 0x[0-9a-f]+ <sm4_\w+(\+0x[0-9a-f]+)?>  \S.*\n  dispatched in cycle \d+, issued \d+, executed \d+, retired \d+\n  added \d+ cycle\(s\) to the total`,
		`the cost model is not reversed: cycles stay at \d+`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestDebugErrexit(t *testing.T) {
	out, status := debugSession(t, "step\nfrobnicate\nstep\n", "--errexit", "--kernel", sm4Kernel, "--vector", "A.2.1.1")
	if status != 1 || strings.Count(out, "(rvsim) step") != 1 || !strings.Contains(out, `error: unknown command "frobnicate"`) {
		t.Fatalf("status %d, want 1 after the first error:\n%s", status, out)
	}
	if _, status := debugSession(t, "frobnicate\nstep\n", "--kernel", sm4Kernel, "--vector", "A.2.1.1"); status != 0 {
		t.Fatalf("without --errexit: status %d", status)
	}
}

func TestDebugBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--kernel", sm4Kernel, "--vector", "no such vector"},
		{"--kernel", sm4Kernel, "--vector", "A.2"},
		{"--kernel", sm4Kernel, "--call", "nosuchfunction"},
		{"--kernel", sm4Kernel, "--call", "sm4_ecb_encrypt", "--args", "1,2,zz"},
		{"--history", "-1", sm4Kernel},
		{"testdata/debug/nonexistent.elf"},
	} {
		var out syncBuffer
		if status := Main(append([]string{"debug"}, args...), strings.NewReader(""), &out, &out); status != exitUsage {
			t.Errorf("rvsim debug %q: status %d, want %d\n%s", args, status, exitUsage, out.String())
		} else if strings.Count(strings.TrimSpace(out.String()), "\n") != 0 {
			t.Errorf("rvsim debug %q: want one line, got:\n%s", args, out.String())
		}
	}
}

// TestDebugCallArgs calls a function with raw arguments, buffers included.
func TestDebugCallArgs(t *testing.T) {
	out, status := debugSession(t, "info registers a0 a1 a2 a3\nx/16xb a1\ncontinue\nx/16xb $a3\n", "--kernel", sm4Kernel,
		"--call", "sm4_ecb_encrypt", "--args", "@zero:512,@hex:0123456789abcdeffedcba9876543210,@zero:16,16")
	if status != 0 || !strings.Contains(out, "[sm4_ecb_encrypt returned") || !strings.Contains(out, "0x01  0x23  0x45") {
		t.Fatalf("status %d:\n%s", status, out)
	}
}

// TestDebugNoPanic throws every command at a session with odd arguments: each must print a
// line or an error, never an internal error.
func TestDebugNoPanic(t *testing.T) {
	odd := []string{"", "0", "-1", "0x", "$", "+", "sm4_encrypt+", "-sp", "$zz", "v99", "v3[1]", "v3[99]", "hex:zz",
		"99999999999999999999999", "mem", "mem 0 0 0 0", "fast", "on", "x/0xw", "'", "\"", "*", "&", "a0+sp-ra"}
	var cmds strings.Builder
	for _, c := range dbgCommands {
		if c.name == "quit" || c.name == "continue" || c.name == "finish" || c.name == "until" {
			continue
		}
		for _, a := range odd {
			cmds.WriteString(c.name + " " + a + "\n")
			if c.mods {
				cmds.WriteString(c.name + "/" + a + "\n")
			}
		}
	}
	cmds.WriteString("set v3[1] 5\nset vtype 0\nset mstatus 1\nstep 3\nexplain\nreverse-step 3\nexplain 7\n")
	out, _ := debugSession(t, cmds.String(), "--max-insns", "100000", "--kernel", sm4Kernel, "--vector", "A.2.1.1")
	if strings.Contains(out, "internal error") {
		i := strings.Index(out, "internal error")
		t.Fatalf("a command panicked:\n%s", out[max(0, i-400):min(len(out), i+200)])
	}
}

// TestDebugKernelVector debugs a committed kernel on an official vector. The kernels are
// rebuilt as they evolve, so this checks the transcript's shape rather than its addresses.
func TestDebugKernelVector(t *testing.T) {
	for _, c := range []struct{ kernel, call, vector, want string }{
		{"sm4-zksed-rv64.elf", "", "A.2.1.1", "ciphertext 5ec8143d"},
		{"sm4-zksed-rv32.elf", "sm4_ecb_decrypt", "A.2.1.2", "plaintext aaaaaaaa"},
		{"aes-zkn-rv64.elf", "", "Test Case 4", "ciphertext and tag 42831ec2"},
		{"aes-zkn-rv64.elf", "aes_gcm_decrypt_ghash_c", "Test Case 3", "plaintext d9313225"},
		{"aes-zkn-rv32.elf", "", "F.2.1", "ciphertext 7649abac"},
		{"sm4-zksed-zbkb-rv64.elf", "", "A.2 SM4-CCM", "ciphertext and tag 48af93"},
		{"aes-zkn-rv64.elf", "aes_xts_decrypt", "Vector 1", "plaintext 0000000000"},
	} {
		args := []string{"--kernel", "../../kernels/bin/" + c.kernel, "--vector", c.vector}
		if c.call != "" {
			args = append(args, "--call", c.call)
		}
		fam := c.kernel[:strings.IndexByte(c.kernel, '-')]
		out, status := debugSession(t, "bt\nbreak "+fam+"_encrypt\ncontinue\nbt\nfinish\ndelete\ncontinue\nstep\n", args...)
		for _, want := range []string{
			`(?m)^call ` + fam + `_\w+\(0x[0-9a-f]+(, 0x[0-9a-f]+)*\)$`,
			`(?m)^test vector \S+: ` + regexp.QuoteMeta(c.vector),
			`(?m)^#1  0xfffff000 <return from ` + fam + `_\w+>`,
			`(?m)^Breakpoint 1, 0x[0-9a-f]+ <` + fam + `_(en|de)crypt>$`,
			`(?m)^#1  0x[0-9a-f]+ <\w+\+0x[0-9a-f]+>`,
			`(?m)^Run till exit from #0`,
			`(?m)^returned to 0x[0-9a-f]+ <\w+\+0x[0-9a-f]+>$`,
			`(?m)^\[` + fam + `_\w+ returned: a0 = 0x[0-9a-f]+\]$`,
			`(?m)^output matches test vector .*\(` + c.want,
			`(?m)^error: the call of ` + fam + `_\w+ has returned; reverse-step to go back, or quit$`,
		} {
			if !regexp.MustCompile(want).MatchString(out) {
				t.Errorf("%s --vector %q: output lacks %q:\n%s", c.kernel, c.vector, want, out)
			}
		}
		if status != 0 {
			t.Errorf("%s: status %d", c.kernel, status)
		}
	}
}

// TestDebugBanner checks the line the debugger starts with: the program, its XLEN and the
// ISA it runs with (the default: every implemented extension).
func TestDebugBanner(t *testing.T) {
	prog := sm4Kernel
	var out syncBuffer
	Main([]string{"debug", "--script", "/dev/null", prog}, strings.NewReader(""), &out, &out)
	first, _, _ := strings.Cut(out.String(), "\n")
	want := "rvsim debug: " + prog + " (RV64, " + isa.Default(64).String() + ")"
	if first != want {
		t.Errorf("banner %q, want %q", first, want)
	}
}
