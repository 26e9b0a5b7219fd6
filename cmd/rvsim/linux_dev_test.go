package main

import (
	"os"
	"path/filepath"
	"strings"
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

// /proc/self/exe (readlink, open, stat), /proc/self/maps and /proc/cpuinfo, which rvsim
// makes: the link and the file's bytes as under qemu; maps naming the program's mappings and
// the stack; cpuinfo's isa line the hart's ISA.
func TestLinuxProcFiles(t *testing.T) {
	root := sysroot(t)
	qemu := needTool(t, "qemu-riscv64")
	bb := filepath.Join(root, "usr", "bin", "busybox")
	script := `readlink /proc/self/exe; wc -c < /proc/self/exe
test -L /proc/self/exe && test -x /proc/self/exe && echo "a link to an executable"
test -r /proc/cpuinfo && echo "cpuinfo readable"`
	rv := rvsimRun(t, nil, bb, "sh", "-c", script)
	q := hostRun(t, nil, qemu, bb, "sh", "-c", script)
	if rv.stdout != q.stdout || rv.status != q.status {
		t.Errorf("rvsim (status %d, stderr %q):\n%s\nqemu (status %d):\n%s", rv.status, rv.stderr, rv.stdout, q.status, q.stdout)
	}
	rv = rvsimRun(t, nil, "--sysroot", root, bb, "sh", "-c", "cmp /proc/self/exe /usr/bin/busybox && echo same")
	if rv.stdout != "same\n" {
		t.Errorf("/proc/self/exe and the program differ: status %d, %q, %q", rv.status, rv.stdout, rv.stderr)
	}
	rv = rvsimRun(t, nil, "--isa", "rv64gcv_zbb_zvkned", "--sysroot", root, bb, "sh", "-c", "cat /proc/cpuinfo; cat /proc/self/maps")
	if !strings.Contains(rv.stdout, "isa\t\t: rv64imafdcv_") || !strings.Contains(rv.stdout, "_zbb_") || !strings.Contains(rv.stdout, "_zvkned") {
		t.Errorf("/proc/cpuinfo does not give the hart's ISA:\n%s", rv.stdout)
	}
	var progLines, rw int
	for _, line := range strings.Split(rv.stdout, "\n") {
		if strings.HasSuffix(line, " /usr/bin/busybox") {
			progLines++
		}
		if f := strings.Fields(line); len(f) >= 2 && f[1] == "rw-p" {
			rw++
		}
	}
	if progLines < 2 || rw < 2 {
		t.Errorf("/proc/self/maps: %d lines name the program, %d are writable; want its segments and the stack:\n%s", progLines, rw, rv.stdout)
	}
}
