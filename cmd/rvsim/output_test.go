package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestOutputToFullDevice runs every command with its output going to /dev/full, where every
// write fails with ENOSPC: each must exit 74 with one line naming the output it lost, where
// the same command writing to /dev/null exits 0. Outside -short mode it runs the built
// binary (the real os.Stdout); in -short mode Main in-process with /dev/full as stdout.
func TestOutputToFullDevice(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full on this system")
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "session")
	os.WriteFile(script, []byte("step\ninfo registers\nquit\n"), 0o644)
	kat := "../../kernels/bin/sm4-kat-zksed-rv64.elf"
	sm4 := "../../kernels/bin/sm4-zksed-rv64.elf"
	ghash := "../../kernels/bin/ghash-zbc-rv64.elf" // one mode: a quick verify
	cases := []struct {
		name string
		args []string
		lost string // the output named in the message
	}{
		{"disasm", []string{"disasm", sm4}, "standard output"},
		{"cores", []string{"cores"}, "standard output"},
		{"cores-json", []string{"cores", "--json"}, "standard output"},
		{"help", []string{"help", "bench"}, "standard output"},
		{"verify-list", []string{"verify", "--list"}, "standard output"},
		{"verify", []string{"verify", "--kernel", ghash}, "standard output"},
		{"verify-json", []string{"verify", "--json", "--kernel", ghash}, "standard output"},
		// A guest's own output is not on this list: a write that fails returns the errno to
		// the guest, as under qemu-user (emu's TestLinuxWriteErrorsReachGuest).
		{"run-trace-file", []string{"run", "--trace-file", "/dev/full", kat}, "/dev/full"},
		{"bench", []string{"bench", "--core", "rocket", "--mode", "ecb", "--variant", "c", "--sizes", "16"}, "standard output"},
		{"bench-csv", []string{"bench", "--core", "rocket", "--mode", "ecb", "--variant", "c", "--sizes", "16", "--csv"}, "standard output"},
		{"calibrate-list", []string{"calibrate", "--core", "rocket", "--fit", "list"}, "standard output"},
		{"debug", []string{"debug", "--script", script, "--kernel", sm4, "--vector", "A.2.1.1"}, "standard output"},
	}
	run := runInProcess
	if !testing.Short() {
		bin := buildRvsim(t)
		run = func(t *testing.T, stdoutPath string, args []string) (int, string) {
			return runBinary(t, bin, stdoutPath, args)
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The trace file case keeps stdout working: only the file is full.
			okOut, fullOut := "/dev/null", "/dev/full"
			okArgs := c.args
			if c.lost != "standard output" {
				fullOut = "/dev/null"
				okArgs = append([]string(nil), c.args...)
				for i, a := range okArgs {
					if a == "/dev/full" {
						okArgs[i] = "/dev/null"
					}
				}
			}
			if status, errOut := run(t, okOut, okArgs); status != 0 {
				t.Fatalf("rvsim %s > %s: status %d, want 0\n%s", strings.Join(okArgs, " "), okOut, status, errOut)
			}
			status, errOut := run(t, fullOut, c.args)
			want := "rvsim: cannot write " + c.lost + ": no space left on device\n"
			if status != exitIO || !strings.HasSuffix(errOut, want) || strings.Count(errOut, want) != 1 {
				t.Errorf("rvsim %s > %s: status %d, stderr %q; want status %d and the line %q",
					strings.Join(c.args, " "), fullOut, status, errOut, exitIO, want)
			}
		})
	}
}

// runInProcess runs Main with stdout going to the file stdoutPath.
func runInProcess(t *testing.T, stdoutPath string, args []string) (int, string) {
	f, err := os.OpenFile(stdoutPath, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stderr bytes.Buffer
	status := Main(args, strings.NewReader(""), f, &stderr)
	return status, stderr.String()
}

func runBinary(t *testing.T, bin, stdoutPath string, args []string) (int, string) {
	f, err := os.OpenFile(stdoutPath, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = f, &stderr
	err = cmd.Run()
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		return ee.ExitCode(), stderr.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, stderr.String()
}

// buildRvsim builds the rvsim binary into the test's directory.
func buildRvsim(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "rvsim")
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("building rvsim: %v\n%s", err, out)
	}
	return bin
}
