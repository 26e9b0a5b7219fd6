package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// run --strace logs each system call with its arguments and result, as qemu -strace: a
// path as a string, an error as errno=N (message), the exit before the process ends, and a
// call rvsim does not implement as ENOSYS; the guest's own output is unchanged.
func TestRunStrace(t *testing.T) {
	root := sysroot(t)
	bb := filepath.Join(root, "usr", "bin", "busybox")
	rv := rvsimRun(t, nil, "--strace", bb, "sh", "-c", "echo out; cat /nonexistent; exit 3")
	if rv.status != 3 || rv.stdout != "out\n" {
		t.Fatalf("status %d, stdout %q", rv.status, rv.stdout)
	}
	for _, pat := range []string{
		`(?m)^1001 openat\(-100,"/nonexistent",0,0\) = -1 errno=2 \(No such file or directory\)$`,
		`(?m)^1000 write\(1,0x[0-9a-f]+,4\) = 4$`,
		`(?m)^1000 exit_group\(3\)$`,
		`(?m)^1000 clone\(0x[0-9a-f]+,0,0,0,0x[0-9a-f]+\) = 1001$`,
		`(?m)^1001 exit_group\(1\)$`,
	} {
		if !regexp.MustCompile(pat).MatchString(rv.stderr) {
			t.Errorf("no line matching %s in the log:\n%s", pat, rv.stderr)
		}
	}
	if n := strings.Count(rv.stderr, "\n"); n < 10 {
		t.Errorf("only %d lines of log", n)
	}
	// An unimplemented call: glibc's rseq at start-up of a static glibc program.
	rv = rvsimRun(t, nil, "--strace", "--sysroot", root, filepath.Join(root, "usr", "bin", "openssl"), "version")
	if !regexp.MustCompile(`(?m)^1000 rseq\(.*\) = -1 errno=38 \(Function not implemented\)$`).MatchString(rv.stderr) || !strings.HasPrefix(rv.stdout, "OpenSSL 3") {
		t.Errorf("openssl version under --strace: status %d, stdout %q, log:\n%s", rv.status, rv.stdout, rv.stderr)
	}
}
