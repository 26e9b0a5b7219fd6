package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"rvsim/elf"
)

// gdbProg is the program the gdb tests debug: a function with a loop, a global the test
// watches, and vector state for p $v1.
const gdbProg = `
volatile int counter;
int buf[16];

__attribute__((noinline)) int work(int a) {
	for (int i = 0; i < 4; i++)
		buf[i] = a + i;
	counter = a * 3;
	return counter + buf[2] + buf[1];
}

void _start(void) {
	__asm__ volatile("vsetivli zero, 4, e32, m1, ta, ma\n\tvmv.v.i v1, 5" ::: "memory");
	int r = work(7);
	register long a0 __asm__("a0") = r & 0xff;
	register long a7 __asm__("a7") = 93;
	__asm__ volatile("ecall" ::"r"(a0), "r"(a7));
	for (;;) {
	}
}
`

func buildGDBProg(t *testing.T, xlen int) string {
	t.Helper()
	clang := needClang(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "prog.c")
	if err := os.WriteFile(src, []byte(gdbProg), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, fmt.Sprintf("prog%d.elf", xlen))
	cmd := exec.Command(clang, fmt.Sprintf("--target=riscv%d-unknown-elf", xlen), fmt.Sprintf("-march=rv%dgcv", xlen),
		"-O1", "-g", "-nostdlib", "-static", "-fuse-ld=lld", "-o", out, src)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(cmd.Args, " "), err, b)
	}
	return out
}

// gdbRun is an rvsim command serving gdb, run in-process.
type gdbRun struct {
	addr   string
	mu     sync.Mutex
	stderr bytes.Buffer
	status chan int
	read   chan struct{} // closed once all of stderr is in stderr
}

// startGDBServer runs rvsim with args (which include --gdb 0) and waits for the line
// saying where it listens.
func startGDBServer(t *testing.T, args ...string) *gdbRun {
	t.Helper()
	pr, pw := io.Pipe()
	r := &gdbRun{status: make(chan int, 1), read: make(chan struct{})}
	addrc := make(chan string, 1)
	go func() {
		defer close(r.read)
		sc := bufio.NewScanner(pr)
		re := regexp.MustCompile(`^rvsim: waiting for gdb on (127\.0\.0\.1:\d+) `)
		for sc.Scan() {
			r.mu.Lock()
			r.stderr.WriteString(sc.Text() + "\n")
			r.mu.Unlock()
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addrc <- m[1]
			}
		}
		io.Copy(io.Discard, pr) // past a line too long to scan, so Main never blocks
	}()
	go func() {
		st := Main(args, strings.NewReader(""), io.Discard, pw)
		pw.Close()
		r.status <- st
	}()
	select {
	case r.addr = <-addrc:
	case st := <-r.status:
		t.Fatalf("rvsim %s ended with status %d before listening:\n%s", strings.Join(args, " "), st, r.errText())
	case <-time.After(20 * time.Second):
		t.Fatal("rvsim did not say where it listens")
	}
	return r
}

func (r *gdbRun) errText() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.stderr.String()
}

func (r *gdbRun) wait(t *testing.T) int {
	t.Helper()
	select {
	case st := <-r.status:
		<-r.read // Main has closed the pipe: the reader is at its end
		return st
	case <-time.After(30 * time.Second):
		t.Fatalf("rvsim did not end after gdb did:\n%s", r.errText())
	}
	return 0
}

// runGDB runs gdb-multiarch in batch mode on prog with the commands, connected to r.
func runGDB(t *testing.T, r *gdbRun, prog, arch string, cmds ...string) string {
	t.Helper()
	gdb := needTool(t, "gdb-multiarch")
	args := []string{"-batch", "-nx", prog, "-ex", "set architecture " + arch, "-ex", "target remote " + r.addr}
	for _, c := range cmds {
		args = append(args, "-ex", c)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, gdb, args...).CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("gdb timed out:\n%s", out)
	}
	if err != nil {
		t.Logf("gdb: %v", err)
	}
	return string(out)
}

func mustMatch(t *testing.T, out string, patterns ...string) {
	t.Helper()
	for _, p := range patterns {
		if !regexp.MustCompile(p).MatchString(out) {
			t.Errorf("gdb output lacks %q:\n%s", p, out)
		}
	}
}

// pcValues returns the values of the p/x $pc lines in order.
func pcValues(out string) []string {
	var pcs []string
	for _, m := range regexp.MustCompile(`(?m)^\$\d+ = \(void \(\*\)\(\)\) (0x[0-9a-f]+)`).FindAllStringSubmatch(out, -1) {
		pcs = append(pcs, m[1])
	}
	return pcs
}

// TestGDBSession drives gdb-multiarch against rvsim run --gdb, on RV64 and RV32: a
// breakpoint on a symbol, registers read and written, a vector register, memory, a
// watchpoint, stepi and reverse-stepi, reverse-continue, then kill or run to the exit.
func TestGDBSession(t *testing.T) {
	for _, c := range []struct {
		xlen int
		kill bool
	}{{64, true}, {32, false}} {
		t.Run(fmt.Sprintf("rv%d", c.xlen), func(t *testing.T) {
			prog := buildGDBProg(t, c.xlen)
			f, err := elf.Open(prog)
			if err != nil {
				t.Fatal(err)
			}
			sym, ok := f.Lookup("counter")
			if !ok {
				t.Fatal("no symbol counter")
			}
			r := startGDBServer(t, "run", "--gdb", "0", prog)
			cmds := []string{
				"break work", "continue",
				"info registers pc",
				"p $a0", "set $a0 = 5", "p $a0",
				"p $v1",
				"set {int}$sp = 0x1234abcd", "x/4xw $sp",
				"delete 1",
				fmt.Sprintf("watch *(int*)%#x", sym.Value), "continue",
				"p $pc", "stepi", "p $pc", "reverse-stepi", "p $pc",
				"reverse-continue", "p counter",
				"p $vlenb", "p $vl",
			}
			if c.kill {
				cmds = append(cmds, "kill")
			} else {
				cmds = append(cmds, "delete", "continue")
			}
			out := runGDB(t, r, prog, fmt.Sprintf("riscv:rv%d", c.xlen), cmds...)
			status := r.wait(t)
			mustMatch(t, out,
				`(?m)^Breakpoint 1, work \(a=7\) at .*prog\.c:\d+`,
				`(?m)^pc\s+0x[0-9a-f]+\s+0x[0-9a-f]+ <work\+\d+>`,
				`(?m)^\$1 = 7$`,
				`(?m)^\$2 = 5$`,
				`(?m)^\$3 = \{b = \{5, 0, 0, 0, 5, 0, 0, 0, 5, 0, 0, 0, 5, 0, 0, 0\}, s = \{5, 0, 5, 0, 5, 0, 5, 0\}, w = \{5, 5, 5, 5\}, l = \{21474836485, 21474836485\}, q = \{\d+\}\}$`,
				`(?m)^0x[0-9a-f]+:\s+0x1234abcd\s+0x[0-9a-f]{8}\s+0x[0-9a-f]{8}\s+0x[0-9a-f]{8}$`,
				`(?m)^Hardware watchpoint 2: \*\(int\*\)0x[0-9a-f]+\n\nOld value = 0\nNew value = 15$`,
				// reverse-continue goes back to the store that set counter.
				`(?m)^Hardware watchpoint 2: \*\(int\*\)0x[0-9a-f]+\n\nOld value = 15\nNew value = 0$`,
				`(?m)^\$7 = 0$`,
				`(?m)^\$8 = 16$`,
				`(?m)^\$9 = 4$`,
			)
			pcs := pcValues(out)
			if len(pcs) != 3 || pcs[0] == pcs[1] || pcs[2] != pcs[0] {
				t.Errorf("pc after the watchpoint, stepi and reverse-stepi: %v, want a, b, a", pcs)
			}
			if c.kill {
				mustMatch(t, out, `\[Inferior 1 \(Remote target\) killed\]`)
				if status != 137 || !strings.Contains(r.errText(), "killed from gdb") {
					t.Errorf("after kill: status %d, stderr:\n%s", status, r.errText())
				}
				return
			}
			m := regexp.MustCompile(`\[Inferior 1 \(Remote target\) exited with code (\d+)\]`).FindStringSubmatch(out)
			var code int
			if m == nil {
				t.Fatalf("gdb did not see the program exit:\n%s", out)
			}
			fmt.Sscanf(m[1], "%o", &code) // gdb prints the status in octal
			if status != code || code == 0 {
				t.Errorf("gdb saw exit code %d, rvsim exited with %d", code, status)
			}
		})
	}
}

// TestGDBDetach: after detach the program runs to completion without the stub.
func TestGDBDetach(t *testing.T) {
	prog := buildGDBProg(t, 64)
	r := startGDBServer(t, "run", "--gdb", "0", prog)
	out := runGDB(t, r, prog, "riscv:rv64", "break work", "continue", "detach")
	mustMatch(t, out, `(?m)^Breakpoint 1, work \(a=7\)`, `\[Inferior 1 \(Remote target\) detached\]`)
	// work(7) returns 21 + 9 + 8.
	if st := r.wait(t); st != 38 {
		t.Errorf("status %d after detach, want 38:\n%s", st, r.errText())
	}
	if !strings.Contains(r.errText(), "gdb detached") {
		t.Errorf("no message about the detach:\n%s", r.errText())
	}
}

// TestGDBThreads: gdb lists a pthread program's threads, shows the stopped one, and reads
// the registers (and so the backtrace) of one that is waiting, and of one not yet run;
// stepi on a thread other than the one that stopped steps that thread; and every worker's
// hit of the breakpoint is seen (gdb steps a thread over a breakpoint it has taken out
// with vCont;c:TID, which must run that thread alone, or another would pass the
// breakpoint meanwhile).
func TestGDBThreads(t *testing.T) {
	needTool(t, "gdb-multiarch")
	gcc := needTool(t, "riscv64-linux-gnu-gcc")
	prog := filepath.Join(t.TempDir(), "threads")
	src := filepath.Join("..", "..", "emu", "testdata", "glibc", "threads.c")
	if b, err := exec.Command(gcc, "-O2", "-static", "-pthread", "-o", prog, src).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	r := startGDBServer(t, "run", "--gdb", "0", prog)
	out := runGDB(t, r, prog, "riscv:rv64", "break worker", "continue", "info threads",
		"thread 1", "bt", "thread 3", "p/x $sp", "thread 2", "p/x $pc",
		"thread 4", "p/x $pc", "stepi", "p/x $pc", "info threads",
		"continue", "continue", "continue", "delete", "continue")
	mustMatch(t, out, `(?m)^\* 2 +Thread 2 .* in worker \(\)`, `(?m)^  1 +Thread 1 .* in `, `(?m)^  5 +Thread 5 `,
		`(?m)^#\d+ .* in main \(\)`, `\[Switching to thread 3 \(Thread 3\)\]`, `(?m)^\$1 = 0x[0-9a-f]+`,
		`(?m)^\$2 = 0x[0-9a-f]+`, `(?m)^\* 4 +Thread 4 `, `\[Inferior 1 \(Remote target\) exited normally\]`)
	if strings.Count(out, "Thread ") < 6 {
		t.Errorf("gdb shows fewer than five threads:\n%s", out)
	}
	// Thread 4 had not run yet: one stepi moves its pc by one instruction.
	var before, after uint64
	if m := regexp.MustCompile(`(?m)^\$3 = 0x([0-9a-f]+)\n(?s:.*)^\$4 = 0x([0-9a-f]+)$`).FindStringSubmatch(out); m == nil {
		t.Errorf("no pcs of thread 4 around its stepi:\n%s", out)
	} else {
		before, _ = strconv.ParseUint(m[1], 16, 64)
		after, _ = strconv.ParseUint(m[2], 16, 64)
		if after != before+2 && after != before+4 {
			t.Errorf("stepi on thread 4 moved its pc from %#x to %#x, want the next instruction:\n%s", before, after, out)
		}
	}
	// Four workers, one breakpoint in each: four hits, each in its own thread.
	hits := regexp.MustCompile(`(?m)^Thread (\d) hit Breakpoint 1, .*\bworker\b`).FindAllStringSubmatch(out, -1)
	seen := map[string]bool{}
	for _, h := range hits {
		seen[h[1]] = true
	}
	if len(hits) != 4 || len(seen) != 4 {
		t.Errorf("breakpoint hits %v, want one in each of four workers:\n%s", hits, out)
	}
	r.wait(t)
}

// TestGDBKernelCall debugs a committed kernel's call on a test vector from gdb: rvsim
// debug --gdb sets the call up; when it returns gdb sees an exit and rvsim checks the
// output against the vector.
func TestGDBKernelCall(t *testing.T) {
	needTool(t, "gdb-multiarch")
	prog := "../../kernels/bin/sm4-zvksed-zvkb-rv64.elf"
	r := startGDBServer(t, "debug", "--gdb", "0", "--kernel", prog, "--vector", "A.2.1.1")
	// The call starts at the entry point the vector picks.
	out := runGDB(t, r, prog, "riscv:rv64", "p/x $pc == sm4_ecb_encrypt", "p $vlenb", "stepi 5", "p/x $pc == sm4_ecb_encrypt", "reverse-stepi 5", "p/x $pc == sm4_ecb_encrypt", "continue")
	mustMatch(t, out,
		`(?m)^\$1 = 0x1$`, `(?m)^\$2 = 16$`, `(?m)^\$3 = 0x0$`, `(?m)^\$4 = 0x1$`,
		`\[Inferior 1 \(Remote target\) exited normally\]`)
	if st := r.wait(t); st != 0 {
		t.Errorf("status %d", st)
	}
	if !regexp.MustCompile(`(?m)^output matches test vector`).MatchString(r.errText()) {
		t.Errorf("no test-vector verdict on stderr:\n%s", r.errText())
	}
}

// TestGDBConnectionLost: a client that sends garbage and hangs up ends the run with one
// line and status 137, and a bad --gdb port is a usage error.
func TestGDBConnectionLost(t *testing.T) {
	prog := filepath.Join(t.TempDir(), "spin.elf")
	if err := os.WriteFile(prog, miniELF(64, []byte{0x6f, 0, 0, 0}), 0o644); err != nil { // j .
		t.Fatal(err)
	}
	for _, stream := range []string{"", "\x00\xff$zz#00+-garbage$c#63", "$qSupported#37$c#63"} {
		r := startGDBServer(t, "run", "--gdb", "0", prog)
		conn, err := net.Dial("tcp", r.addr)
		if err != nil {
			t.Fatal(err)
		}
		conn.Write([]byte(stream))
		time.Sleep(20 * time.Millisecond)
		conn.Close()
		st := r.wait(t)
		lines := strings.Split(strings.TrimSpace(r.errText()), "\n")
		if st != 137 || len(lines) != 2 || !strings.Contains(lines[1], "gdb connection lost") {
			t.Errorf("stream %q: status %d, stderr:\n%s", stream, st, r.errText())
		}
	}
	var stderr bytes.Buffer
	if st := Main([]string{"run", "--gdb", "port", prog}, strings.NewReader(""), io.Discard, &stderr); st != exitUsage || !strings.Contains(stderr.String(), `--gdb "port": not a port number`) {
		t.Errorf("--gdb port: status %d, %q", st, stderr.String())
	}
}

// TestGDBInterrupt: Ctrl-C in gdb (SIGINT to it) stops a continue of a program that never
// ends, and gdb can then read the registers.
func TestGDBInterrupt(t *testing.T) {
	gdb := needTool(t, "gdb-multiarch")
	prog := filepath.Join(t.TempDir(), "spin.elf")
	if err := os.WriteFile(prog, miniELF(64, []byte{0x6f, 0, 0, 0}), 0o644); err != nil { // j .
		t.Fatal(err)
	}
	r := startGDBServer(t, "run", "--gdb", "0", prog)
	cmd := exec.Command(gdb, "-batch", "-nx", prog, "-ex", "target remote "+r.addr, "-ex", "set debug remote 1",
		"-ex", "continue", "-ex", "p/x $pc", "-ex", "kill")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// gdb logs each packet it sends: interrupt once the continue is on its way.
	sc := bufio.NewScanner(stderr)
	var log strings.Builder
	sent := false
	for sc.Scan() {
		log.WriteString(sc.Text() + "\n")
		if !sent && strings.Contains(sc.Text(), "Sending packet: $vCont;c") {
			time.Sleep(100 * time.Millisecond)
			cmd.Process.Signal(os.Interrupt)
			sent = true
		}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("gdb did not end:\n%s", log.String())
	}
	out := stdout.String() + log.String()
	mustMatch(t, out, `Program received signal SIGINT, Interrupt\.`, `(?m)^\$1 = 0x10078$`, `\[Inferior 1 \(Remote target\) killed\]`)
	if st := r.wait(t); st != 137 {
		t.Errorf("status %d", st)
	}
}
