package emu_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"rvsim/emu"
)

// needGlibcGCC returns the static-glibc cross compiler, or skips (fails in CI) without it.
func needGlibcGCC(t *testing.T) string {
	t.Helper()
	gcc, err := exec.LookPath("riscv64-linux-gnu-gcc")
	if err != nil {
		msg := t.Name() + " needs riscv64-linux-gnu-gcc (static glibc) on PATH"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg + "; skipping")
	}
	return gcc
}

func buildGlibcProg(t *testing.T, ctx context.Context, gcc, name string, flags ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), name)
	args := append([]string{"-static", "-pthread", "-o", out, filepath.Join("testdata", "glibc", name+".c")}, flags...)
	cmd := exec.CommandContext(ctx, gcc, args...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, b)
	}
	return out
}

// TestDiffGlibcThreads runs a pthread program (mutexes, joins, thread-local storage, a
// condition variable, pthread_kill to another thread, a timed wait, a detached thread, a
// barrier) under rvsim and qemu-riscv64: the same output and status.
func TestDiffGlibcThreads(t *testing.T) {
	diffGlibcProg(t, "threads", func(t *testing.T, q string) {
		if n := strings.Count(q, ": 1\n"); n != 5 {
			t.Errorf("QEMU's run has %d of 5 checks true:\n%s", n, q)
		}
	})
}

// diffGlibcProg builds testdata/glibc/NAME.c at -O2 and -O0, runs it under rvsim and
// qemu-riscv64, and wants the same stdout and exit status 0 from both; check looks at
// QEMU's stdout (that the program tested what it says).
func diffGlibcProg(t *testing.T, name string, check func(t *testing.T, q string)) {
	tc := dtNeedTools(t)
	gcc := needGlibcGCC(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for _, opt := range []string{"-O2", "-O0"} {
		t.Run(opt, func(t *testing.T) {
			prog := buildGlibcProg(t, ctx, gcc, name, opt)
			rv, q, err := dtRunBoth(ctx, tc, 64, prog)
			if err != nil {
				t.Fatal(err)
			}
			// QEMU waits in the host's real time, which a loaded machine (CI runs the
			// packages side by side) can stretch past a timer's period: a run that differs
			// is tried again.
			for try := 1; try < 3 && err == nil && string(rv.stdout) != string(q.stdout); try++ {
				q, err = dtQemu(ctx, tc, 64, prog)
			}
			if err != nil {
				t.Fatal(err)
			}
			if rv.status != 0 || q.status != 0 {
				t.Errorf("exit status: rvsim %d (%s), QEMU %d (%s)", rv.status, rv.detail, q.status, q.detail)
			}
			check(t, string(q.stdout))
			if string(rv.stdout) != string(q.stdout) {
				t.Errorf("stdout differs:\nrvsim:\n%s\nQEMU:\n%s", rv.stdout, q.stdout)
			}
		})
	}
}

// TestDiffGlibcSigwait: sigwait, sigwaitinfo and sigtimedwait (rt_sigtimedwait) with one
// thread and in a signal-handling thread, a blocked SIGCHLD kept pending for them with the
// child's siginfo, and waitid, as under QEMU.
func TestDiffGlibcSigwait(t *testing.T) {
	diffGlibcProg(t, "sigwait", func(t *testing.T, q string) {
		const want = `sigwait: 0, lowest first: 1
sigwaitinfo: SIGUSR2, si_signo 1, si_code SI_USER 1, si_pid is mine 1
sigtimedwait, nothing pending, zero timeout: -1 EAGAIN 1
sigtimedwait 2 ms: -1 EAGAIN 1, waited at least 2 ms 1
sigwait for alarm: 0, SIGALRM 1
SIGCHLD: taken, CLD_EXITED 1, status 7, pid is the child 1
waitid WNOWAIT: 0, status 7
waitid: 0, pid is the child 1, status 7, CLD_EXITED 1
waitid with no children: -1 ECHILD 1
waitid, killed child: 0, CLD_KILLED 1, SIGTERM 1
waitid without WEXITED: -1 EINVAL 1
catcher thread: sigtimedwait 0.1 ms: -1 EAGAIN 1
catcher thread: sigwait 0, SIGUSR2
joined: 1
setpgid(0, 0): 0
`
		if q != want {
			t.Errorf("QEMU's run (- want, + got):\n%s", cmp.Diff(want, q))
		}
	})
}

// TestThreadsDeadlock: threads that all wait for ever end the run with one line and
// SIGKILL's status, where Linux would hang.
func TestThreadsDeadlock(t *testing.T) {
	gcc := needGlibcGCC(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rv, err := dtRvsim(buildGlibcProg(t, ctx, gcc, "deadlock", "-O2"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if rv.status != 137 || !strings.Contains(rv.detail, "every thread waits") {
		t.Errorf("status %d (%s), want 137 and the deadlock named", rv.status, rv.detail)
	}
	if string(rv.stdout) != "joining a thread that never ends\n" {
		t.Errorf("stdout %q", rv.stdout)
	}
}

// TestGoProgram runs a Go program built for linux/riscv64: the Go runtime needs threads,
// futexes, epoll and eventfd before main; goroutines on several threads, a channel and
// timers then run, a spinning goroutine is preempted by a signal from the runtime's monitor
// thread, and memory given back with madvise reads as zeros when allocated again. The output is checked against what it must print and, with qemu-riscv64
// at hand, against QEMU's.
func TestGoProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program: not in -short mode")
	}
	prog := buildGoProgram(t, "threads")
	rv, err := dtRvsim(prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\ntotal 3599982\n" +
		"channel sum 30\nslept at least 20 ms: true\ntimer fired\nspin ended by preemption\n" +
		"fresh allocations zeroed: true\nargs 1\n"
	if rv.status != 0 || string(rv.stdout) != want {
		t.Errorf("status %d (%s), stdout:\n%s\nwant:\n%s", rv.status, rv.detail, rv.stdout, want)
	}
	if q, err := exec.LookPath("qemu-riscv64"); err == nil {
		b, err := exec.Command(q, prog).Output()
		if err != nil || string(b) != want {
			t.Errorf("QEMU: %v, stdout:\n%s", err, b)
		}
	}
}

// TestGoProgramExec runs a Go program that runs copies of itself (/proc/self/exe) through
// os/exec: the runtime's threads wait for the children (waitid, wait4) and for the pipes to
// and from them, so the children must run while every thread of the parent waits. (QEMU
// cannot execve /proc/self/exe, so the output is checked against what it must print.)
func TestGoProgramExec(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program: not in -short mode")
	}
	rv, err := dtRvsim(buildGoProgram(t, "exec"), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "output \"hello from the child\\n\", err <nil>\nchild's hash matches: true, err <nil>\n" +
		"streamed 2000000, err <nil>\nfailing child: exit status 3\n"
	if rv.status != 0 || string(rv.stdout) != want {
		t.Errorf("status %d (%s), stdout:\n%s\nwant:\n%s", rv.status, rv.detail, rv.stdout, want)
	}
}

// buildGoProgram builds testdata/go/NAME for linux/riscv64 and returns its path.
func buildGoProgram(t *testing.T, name string) string {
	t.Helper()
	prog := filepath.Join(t.TempDir(), "go"+name)
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", prog, ".")
	cmd.Dir = filepath.Join("testdata", "go", name)
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=riscv64", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return prog
}

// TestLinuxWorkingDirectory: chdir, fchdir and getcwd, relative paths against the working
// directory, errors as Linux gives them, and a child that keeps the directory across fork
// and execve (busybox's sh runs `cd dir && ls` that way).
func TestLinuxWorkingDirectory(t *testing.T) {
	gcc := needGlibcGCC(t)
	prog := buildGlibcProg(t, context.Background(), gcc, "cwd")
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a", "b", "f.txt"), []byte("in a/b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a/b", filepath.Join(dir, "l")); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(prog)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "prog"), b, 0o755); err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	out, st := runLinuxProg(t, prog, root, 0)
	want := `start /
chdir a/b: 0
now /a/b
f.txt: 7 in a/b
getcwd into 4 bytes: fails, ERANGE 1
stat ./f.txt: 0 size 7
chdir ..: 0
up /a
chdir b/f.txt: -1 ENOTDIR 1
chdir nope: -1 ENOENT 1
chdir "": -1 ENOENT 1
still /a
chdir /l: 0
through the link /a/b
chdir ../..: 0
top /
fchdir a: 0
fchdir /a
fchdir stdout: -1 ENOTDIR 1
child /a/b
f.txt: 7 in a/b
child status 0
`
	if st.Reason != emu.StopExit || st.Code != 0 || out != want {
		t.Errorf("stop %+v, output (- want, + got):\n%s", st, cmp.Diff(want, out))
	}
}

// TestDiffGlibcTimerfd: timerfd_create, timerfd_settime and timerfd_gettime on the virtual
// clock, reads blocking and not, and poll, select, epoll_wait and a thread's read waiting
// for an expiry, as under QEMU.
func TestDiffGlibcTimerfd(t *testing.T) {
	diffGlibcProg(t, "timerfd", func(t *testing.T, q string) {
		const want = `settime: 0
gettime: left in (0, 300 ms]: 1, interval 0: 1
blocking read: 8, expirations 1, after at least 300 ms: 1
nonblocking read of a disarmed one: -1 EAGAIN 1
read into 4 bytes: -1 EINVAL 1
poll: 1 POLLIN 1
first read after poll: 1
after 7 ms: at least 3 expirations 1
select: 1, set 1
epoll_wait: 1, data 77
old interval 2 ms: 1
poll, disarmed: 0
abstime in the past: 0, read 8
bad clock: -1 EINVAL 1
settime on stdin: -1 EINVAL 1
thread's blocking read: 1
`
		if q != want {
			t.Errorf("QEMU's run (- want, + got):\n%s", cmp.Diff(want, q))
		}
	})
}

// TestDiffGlibcSignalfd: signalfd4's records for blocked signals (kill, a timer's, a
// child's SIGCHLD), poll and epoll_wait waiting for a timer's signal through it, a new
// mask, and a thread's blocking read, as under QEMU.
func TestDiffGlibcSignalfd(t *testing.T) {
	diffGlibcProg(t, "signalfd", func(t *testing.T, q string) {
		const want = `signalfd: 1
nothing pending: -1 EAGAIN 1
read: 256 bytes, 2 records: SIGUSR1 1 then SIGUSR2 1, SI_USER 1, pid is mine 1
read into a small buffer: -1 EINVAL 1
poll for SIGALRM: 1 POLLIN 1
then read: SIGALRM 1
epoll_wait for SIGALRM: 1 data 5
SIGCHLD: 1, CLD_EXITED 1, status 9, pid is the child 1
new mask, same fd: 1
SIGUSR1 is not in it: -1 EAGAIN 1
signalfd on stdin: -1 EINVAL 1
SIGUSR1 still pending for sigwait: 1
thread's blocking read: 1
`
		if q != want {
			t.Errorf("QEMU's run (- want, + got):\n%s", cmp.Diff(want, q))
		}
	})
}
