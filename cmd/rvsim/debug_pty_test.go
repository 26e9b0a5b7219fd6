package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestDebugTerminal drives the line-editing front end through a pseudo-terminal: tab
// completion of a command, a symbol and a register, Ctrl-C stopping a runaway continue
// (and at the prompt, clearing the line), and the history file with recall by the up arrow.
func TestDebugTerminal(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("pseudo-terminals: linux and darwin only")
	}
	if testing.Short() {
		t.Skip("builds rvsim: not in -short mode")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "rvsim")
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building rvsim: %v\n%s", err, out)
	}
	kernel, _ := filepath.Abs(sm4Kernel)
	home := filepath.Join(dir, "home")
	os.Mkdir(home, 0o755)

	s := startPty(t, bin, home, "debug", "--kernel", kernel, "--vector", "A.2.1.1")
	s.expect(`\(rvsim\) $`)
	s.send("tbr\t")
	s.expect(`tbreak $`)
	s.send("sm4_ecb_d\t")
	s.expect(`tbreak sm4_ecb_decrypt $`)
	s.send("\r")
	s.expect(`Temporary breakpoint 1 at 0x[0-9a-f]+ <sm4_ecb_decrypt>`)
	s.send("regs ze\t")
	s.expect(`regs zero $`)
	s.send("\r")
	s.expect(`zero +0x0000000000000000`)
	// A jump to itself at the pc makes continue run until interrupted.
	s.send("set mem $pc 0x0000006f 4\r")
	s.expect(`\(rvsim\) $`)
	s.send("continue\r")
	time.Sleep(300 * time.Millisecond)
	s.send("\x03")
	s.expect(`Interrupted at 0x[0-9a-f]+ <sm4_ecb_encrypt>`)
	s.expect(`\(rvsim\) $`)
	// Ctrl-C at the prompt: the line is dropped, the session goes on.
	s.send("step 1234")
	s.send("\x03")
	s.expect(`\^C`)
	s.send("info history\r")
	s.expect(`undo log: \d+ of 100000 instructions`)
	s.send("quit\r")
	s.wait()

	hist, err := os.ReadFile(filepath.Join(home, ".rvsim_history"))
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]bool{}
	for _, l := range strings.Split(string(hist), "\n") {
		lines[strings.TrimSpace(l)] = true
	}
	for _, want := range []string{"tbreak sm4_ecb_decrypt", "regs zero", "continue", "quit"} {
		if !lines[want] {
			t.Errorf("history file lacks %q:\n%s", want, hist)
		}
	}
	if strings.Contains(string(hist), "step 1234") {
		t.Errorf("history has the line dropped by Ctrl-C:\n%s", hist)
	}

	// A second session recalls "quit" with the up arrow.
	s = startPty(t, bin, home, "debug", "--kernel", kernel, "--vector", "A.2.1.1")
	s.expect(`\(rvsim\) $`)
	s.send("\x1b[A")
	s.expect(`quit$`)
	s.send("\r")
	s.wait()
}

type ptySession struct {
	t    *testing.T
	cmd  *exec.Cmd
	f    *os.File
	mu   sync.Mutex
	buf  bytes.Buffer
	seen int // bytes of the stripped output already matched
	done chan struct{}
}

func startPty(t *testing.T, bin, home string, args ...string) *ptySession {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "HOME="+home, "TERM=xterm")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 200})
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	s := &ptySession{t: t, cmd: cmd, f: f, done: make(chan struct{})}
	go func() {
		defer close(s.done)
		b := make([]byte, 4096)
		for {
			n, err := f.Read(b)
			s.mu.Lock()
			s.buf.Write(b[:n])
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		f.Close()
	})
	return s
}

func (s *ptySession) send(text string) {
	s.t.Helper()
	if _, err := s.f.Write([]byte(text)); err != nil {
		s.t.Fatal(err)
	}
}

// ansi matches the escape sequences a line editor draws with.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]|\r| ?\x08`)

// expect waits until the output after the last match, stripped of escape sequences,
// matches re, and moves past the match.
func (s *ptySession) expect(re string) {
	s.t.Helper()
	rx := regexp.MustCompile(re)
	deadline := time.Now().Add(10 * time.Second)
	for {
		s.mu.Lock()
		text := ansi.ReplaceAllString(s.buf.String(), "")
		s.mu.Unlock()
		rest := ""
		if s.seen <= len(text) {
			rest = text[s.seen:]
		}
		if loc := rx.FindStringIndex(rest); loc != nil {
			s.seen += loc[1]
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("timed out waiting for %q; output so far:\n%q", re, rest)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (s *ptySession) wait() {
	s.t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- s.cmd.Wait() }()
	select {
	case err := <-errc:
		if err != nil {
			s.mu.Lock()
			out := s.buf.String()
			s.mu.Unlock()
			s.t.Fatalf("rvsim debug ended with %v:\n%q", err, out)
		}
	case <-time.After(10 * time.Second):
		s.t.Fatal("rvsim debug did not end after quit")
	}
}
