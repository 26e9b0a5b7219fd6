package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Processes that wait for each other, as under qemu-riscv64: pipelines that pass more than
// a pipe holds (the writer waits for the reader instead of getting EAGAIN and losing the
// rest), a writer that outlives its reader (yes | head: SIGPIPE, no error), background jobs
// whose sleeps let the shell go on, wait for them, kill them, and the order in which parent
// and child go on.
func TestLinuxProcessesAgainstQEMU(t *testing.T) {
	root := sysroot(t)
	qemu := needTool(t, "qemu-riscv64")
	bb := filepath.Join(root, "usr", "bin", "busybox")
	for _, tc := range []struct{ name, script, want string }{
		{"big-pipe", "seq 1 30000 | sort -rn | head -1; yes 0123456789abcdef | head -c 2499986 | tail -c 17", "30000\n0123456789abcdef\n"},
		{"three-stages", "yes abcdefg | head -c 3000000 | md5sum; yes abcdefg | head -c 3000000 | wc -c", "3000000\n"},
		{"yes-head", "yes | head -3; echo done", "y\ny\ny\ndone\n"},
		{"background", "(sleep 0.3; echo a) & echo b; wait; echo c", "b\na\nc\n"},
		{"jobs", "for i in 1 2 3; do (sleep 0.$((4 - i)); echo end $i) & done; echo started; wait; echo all", "started\nend 3\nend 2\nend 1\nall\n"},
		// A subshell's wait has no children of its own: its siblings are not its own.
		{"sibling-wait", "(sleep 0.2; echo a) & (wait; echo inner $?); wait; echo outer", "inner 0\na\nouter\n"},
		// The parent of a fork goes on first, as Linux runs it.
		{"parent-first", "echo a & echo b; wait", "b\na\n"},
		// A signal to another process: the job dies of it, its sleep cut short.
		{"kill-job", "sleep 5 & kill $!; wait $!; echo st=$?", "st=143\n"},
		{"kill-later", "sleep 3 & p=$!; (sleep 1; kill $p) & wait $p; echo st=$?", "st=143\n"},
		// SIGCHLD's handler interrupts the wait (128+17).
		{"trap-chld", "trap 'echo got' CHLD; (exit 2) & wait; echo w=$?", "got\nw=145\n"},
		// A process with threads (xz -T2) waits for the pipeline's others when all of its
		// threads wait.
		{"threads-in-pipeline", "yes abcdefgh | head -c 1000000 | /usr/bin/xz -T2 -c | /usr/bin/xz -d | wc -c", "1000000\n"},
		// Process ids are unique across the tree (two subshells' children once shared them).
		{"distinct-pids", "for i in 1 2 3; do (sleep 0.01 & echo $!; sleep 0.01 & echo $!; wait); done | sort | uniq -d | wc -l", "0\n"},
		{"read-from-parent", "{ sleep 0.1; echo late; } | { read v; echo got $v; }", "got late\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []string{bb, "sh", "-c", tc.script}
			rv := rvsimRun(t, nil, append([]string{"--sysroot", root}, args...)...)
			q := hostRun(t, nil, qemu, append([]string{"-L", root}, args...)...)
			// qemu sleeps in the host's real time, which a loaded machine can stretch (and
			// then the shell may reap a killed job before or after it reports "Terminated").
			for try := 1; try < 3 && (rv.stdout != q.stdout || rv.status != q.status || rv.stderr != q.stderr); try++ {
				q = hostRun(t, nil, qemu, append([]string{"-L", root}, args...)...)
			}
			// (stderr too: the shell's "Terminated", and no note of rvsim's)
			if rv.stdout != q.stdout || rv.status != q.status || rv.stderr != q.stderr {
				t.Errorf("%s: rvsim status %d stderr %q\n%s\nqemu status %d stderr %q\n%s", tc.script, rv.status, rv.stderr, rv.stdout, q.status, q.stderr, q.stdout)
			}
			if !strings.HasSuffix(rv.stdout, tc.want) {
				t.Errorf("%s: rvsim printed\n%s\nwant it to end in\n%s", tc.script, rv.stdout, tc.want)
			}
		})
	}
}

// A C program's processes (testdata/linux/procs.c) as under qemu-riscv64.
func TestLinuxProcessesCAgainstQEMU(t *testing.T) {
	qemu := needTool(t, "qemu-riscv64")
	prog := buildLinuxProgram(t, "procs")
	rv := runBothTimed(t, qemu, prog)
	if rv.stderr != "" {
		t.Errorf("rvsim's stderr: %q", rv.stderr)
	}
	for _, want := range []string{"child read 3145728 bytes", "child exited 7", "signalled 1, by 10", "polling child got x", "poll 1, POLLIN 1, got p", "select 1, set 1, got s", "orphan read 0"} {
		if !strings.Contains(rv.stdout, want) {
			t.Errorf("rvsim's output lacks %q:\n%s", want, rv.stdout)
		}
	}
}

// Processes past the limits end: a forked one that runs away at --max-insns, as the first
// one does (killed, with a note, its parent going on), and a fork bomb, whose forks past
// maxProcs processes alive at once fail with EAGAIN (the shell says it cannot fork). They
// run in an rvsim process of their own: the fork bomb's 16 processes hold about 270 MB,
// which in this one would raise the peak that TestVerifyPeakRSS's child inherits (a
// vforked child's ru_maxrss starts from its parent's).
func TestLinuxProcessLimits(t *testing.T) {
	if testing.Short() {
		t.Skip("builds rvsim: not in -short mode")
	}
	root := sysroot(t)
	bb := filepath.Join(root, "usr", "bin", "busybox")
	bin := buildRvsim(t)
	for _, tc := range []struct{ name, max, script, stdout, stderr string }{
		{"runaway-child", "20000000", "(while :; do :; done); echo sub=$?", "sub=137\n", "stopped after 20000000 instructions (--max-insns)"},
		{"fork-bomb", "2000000000", "f() { f | f & }; f; echo done", "done\n", "can't fork: Resource temporarily unavailable"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rv := hostRun(t, nil, bin, "run", "--max-insns", tc.max, "--sysroot", root, bb, "sh", "-c", tc.script)
			if rv.status != 0 || rv.stdout != tc.stdout || !strings.Contains(rv.stderr, tc.stderr) {
				t.Errorf("status %d, stdout %q, stderr %.200q; want 0, %q and %q", rv.status, rv.stdout, rv.stderr, tc.stdout, tc.stderr)
			}
		})
	}
}
