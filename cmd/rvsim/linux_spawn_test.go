package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// glibc's system, popen and posix_spawn (a vfork, then exec of the sysroot's /bin/sh) and
// busybox's time (a vfork) run as under qemu-riscv64 -L.
func TestLinuxSpawnAgainstQEMU(t *testing.T) {
	root := sysroot(t)
	qemu := needTool(t, "qemu-riscv64")
	prog := buildLinuxProgram(t, "spawn")
	rv := rvsimRun(t, nil, "--sysroot", root, prog)
	q := hostRun(t, nil, qemu, "-L", root, prog)
	if rv.stdout != q.stdout || rv.status != q.status {
		t.Errorf("rvsim (status %d, stderr %q):\n%s\nqemu (status %d):\n%s", rv.status, rv.stderr, rv.stdout, q.status, q.stdout)
	}
	for _, want := range []string{"from system", "system -> 1280 (exit 5)", "popen: two", "posix_spawn -> 0, status 9"} {
		if !strings.Contains(rv.stdout, want) {
			t.Errorf("no %q in rvsim's output:\n%s", want, rv.stdout)
		}
	}
	bb := filepath.Join(root, "usr", "bin", "busybox")
	rv = rvsimRun(t, nil, bb, "sh", "-c", "time -p sh -c 'exit 4'; echo status $?")
	if rv.stdout != "status 4\n" || !strings.Contains(rv.stderr, "real ") {
		t.Errorf("busybox time: status %d, stdout %q, stderr %q", rv.status, rv.stdout, rv.stderr)
	}
}
