package main

import (
	"os"
	"path/filepath"
	"testing"
)

// The pseudo-devices a shell script uses behave as under qemu-riscv64 (which opens the
// host's; rvsim makes its own): redirections to /dev/null, reads of /dev/zero, /dev/full's
// ENOSPC, /dev/urandom's bytes (counted, not compared: they are rvsim's seeded stream),
// /dev/stdin and /dev/fd/N, stat of a device, and /dev/tty absent without a terminal.
func TestLinuxDevicesAgainstQEMU(t *testing.T) {
	root := sysroot(t)
	qemu := needTool(t, "qemu-riscv64")
	bb := filepath.Join(root, "usr", "bin", "busybox")
	script := `echo hidden > /dev/null; echo "null $?"
head -c 12 /dev/zero | od -An -tx1
head -c 100 /dev/urandom | wc -c
echo x > /dev/full; echo "full $?"
test -c /dev/null && echo "null is a character device"
test -c /dev/zero && test -r /dev/zero && test -w /dev/null && echo "zero readable, null writable"
echo "from stdin: $(cat /dev/stdin)"
echo "via fd 1" > /dev/fd/1
echo "via /dev/stdout" > /dev/stdout
wc -c < /dev/null
dd if=/dev/zero bs=512 count=3 2>/dev/null | wc -c
cat /dev/null /dev/null; echo "cat $?"
exit 3`
	in := []byte("the input\n")
	rv := rvsimRun(t, in, bb, "sh", "-c", script)
	q := hostRun(t, in, qemu, bb, "sh", "-c", script)
	if rv.stdout != q.stdout || rv.status != q.status {
		t.Errorf("rvsim (status %d, stderr %q):\n%s\nqemu (status %d, stderr %q):\n%s", rv.status, rv.stderr, rv.stdout, q.status, q.stderr, q.stdout)
	}
	if rv.status != 3 || len(rv.stdout) < 100 {
		t.Errorf("the script did not run to its end: status %d\n%s", rv.status, rv.stdout)
	}
	// /dev/tty: qemu opens the host's (which a test has no terminal for either).
	if _, err := os.Stat("/dev/tty"); err == nil {
		rv := rvsimRun(t, nil, bb, "sh", "-c", "echo x > /dev/tty")
		if rv.status == 0 {
			t.Errorf("writing /dev/tty succeeded under rvsim; there is no terminal")
		}
	}
}
