package main

import (
	"strings"
	"testing"
)

// pause, sigsuspend, poll and select as under qemu-riscv64: interrupted by a timer's signal
// with the mask restored, timeouts that advance the clock by what they asked, pipes ready
// with data or at end of file, POLLNVAL; and a wait that nothing can end stops with a
// one-line error instead of hanging.
func TestLinuxWaitAgainstQEMU(t *testing.T) {
	qemu := needTool(t, "qemu-riscv64")
	prog := buildLinuxProgram(t, "wait")
	rv := runBothTimed(t, qemu, prog)
	if strings.Count(rv.stdout, ": yes\n") != 5 || !strings.Contains(rv.stdout, "SIGUSR1 still blocked 1") {
		t.Errorf("rvsim's waits:\n%s", rv.stdout)
	}
	for _, arg := range []string{"forever", "blocked"} {
		rv = rvsimRun(t, nil, prog, arg)
		if rv.status != 128+9 || strings.Count(strings.TrimSpace(rv.stderr), "\n") != 0 || !strings.Contains(rv.stderr, "waits forever") {
			t.Errorf("%s: a wait nothing can end: status %d, stderr %q; want 137 and one line", arg, rv.status, rv.stderr)
		}
	}
}

// runBothTimed runs prog under rvsim and qemu-riscv64 and fails the test when their stdout
// or status differ; it returns rvsim's run. qemu waits in the host's real time, which a
// loaded machine (CI runs the packages side by side) can stretch past a wait's bound, so a
// qemu run that differs is tried again, up to three times.
func runBothTimed(t *testing.T, qemu, prog string) runResult {
	t.Helper()
	rv := rvsimRun(t, nil, prog)
	q := hostRun(t, nil, qemu, prog)
	for try := 1; try < 3 && (rv.stdout != q.stdout || rv.status != q.status); try++ {
		q = hostRun(t, nil, qemu, prog)
	}
	if rv.stdout != q.stdout || rv.status != q.status {
		t.Errorf("rvsim (status %d, stderr %q):\n%s\nqemu (status %d):\n%s", rv.status, rv.stderr, rv.stdout, q.status, q.stdout)
	}
	return rv
}
