package emu_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rvsim/elf"
	"rvsim/emu"
)

// buildLinuxProg compiles testdata/linux/NAME.c, a -nostdlib program making raw system
// calls, with clang-19.
func buildLinuxProg(t *testing.T, name string) string {
	t.Helper()
	clang, err := exec.LookPath("clang-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("clang-19 is needed to build the Linux test programs")
		}
		t.Skip("needs clang-19 to build the Linux test programs")
	}
	out := filepath.Join(t.TempDir(), name)
	cmd := exec.Command(clang, "--target=riscv64-unknown-linux-gnu", "-march=rv64gc", "-O1", "-nostdlib",
		"-static", "-fno-pic", "-mcmodel=medany", "-fuse-ld=lld", "-o", out, filepath.Join("testdata", "linux", name+".c"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", name, err, b)
	}
	return out
}

// runLinuxProg runs a program to its end under a sysroot (or none) and returns its output
// and how it stopped.
func runLinuxProg(t *testing.T, path string, root *os.Root, limit uint64) (string, emu.Stop) {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	mc, err := emu.Load(f, emu.Config{MemoryLimit: limit, Linux: emu.LinuxConfig{
		Args: []string{path}, Stdout: &out, Stderr: &out, Sysroot: root}})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	st := mc.Hart.Run(50_000_000)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("%s took %v", filepath.Base(path), d)
	}
	if mc.Hart.Mem.Touched() > 64<<20 {
		t.Errorf("%s touched %d MiB of host memory", filepath.Base(path), mc.Hart.Mem.Touched()>>20)
	}
	return out.String(), st
}

// The memory reproducers: each gets Linux's answer at once, costing what it touches.
func TestLinuxMemoryReproducers(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		status     int
		signal     int
	}{
		{"bigbss", "hello\n", 0, 0},
		{"brk", "brk unchanged (ENOMEM)\nbrk +4096 ok\n", 0, 0},
		// Sv39's 256 GiB less the program, stack and mmap base: 254 one-GiB mappings, then ENOMEM.
		{"mmaploop", "mapped 254 GiB, then -12\n", 0, 0},
		// munmap past the user range: EINVAL; MAP_FIXED at the top: ENOMEM; mprotect unaligned:
		// EINVAL, unmapped: ENOMEM; a zero-length mmap: EINVAL.
		{"munmap", "-22\n-12\n-22\n-12\n-22\n", 0, 0},
		{"mlock", "0\n-12\n0\n-22\n-22\n0\n0\n", 0, 0},
		{"jit", "42\n", 0, 0},
		{"protnone", "reserved\n", 0, emu.SIGSEGV},
		{"sigsegv", "handler saw the address\n", 0, emu.SIGUSR1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, st := runLinuxProg(t, buildLinuxProg(t, tc.name), nil, 0)
			if out != tc.want {
				t.Errorf("output %q, want %q", out, tc.want)
			}
			switch {
			case tc.signal != 0:
				if st.Reason != emu.StopSignal || st.Signal != tc.signal {
					t.Errorf("stop %v, want signal %d", st, tc.signal)
				}
			case st.Reason != emu.StopExit || st.Code != tc.status:
				t.Errorf("stop %v, want exit %d", st, tc.status)
			}
		})
	}
}

// Past the memory limit a mapping larger than the limit gets ENOMEM, and a page fault that
// needs a page past it kills the guest with one message, not the host.
func TestLinuxMemoryLimit(t *testing.T) {
	out, st := runLinuxProg(t, buildLinuxProg(t, "mmaploop"), nil, 16<<20)
	if out != "mapped 0 GiB, then -12\n" || st.Reason != emu.StopExit {
		t.Errorf("1 GiB mappings under a 16 MiB limit: %q, %v", out, st)
	}
	f, err := elf.Open(buildLinuxProg(t, "bigbss"))
	if err != nil {
		t.Fatal(err)
	}
	mc, err := emu.Load(f, emu.Config{Linux: emu.LinuxConfig{Args: []string{"bigbss"}}})
	if err != nil {
		t.Fatal(err)
	}
	m := mc.Hart.Mem
	m.SetLimit(m.Touched()) // no room for the bss pages the program touches
	st = mc.Hart.Run(1_000_000)
	if st.Reason != emu.StopSignal || st.Signal != emu.SIGKILL || !strings.Contains(st.Msg, "memory-limit") {
		t.Errorf("stop %v, want SIGKILL for the memory limit", st)
	}
}

// The guest sees the sysroot and nothing else: ".." stops at its root, a relative link out
// of it does not resolve, an absolute link resolves inside it, and nothing opens for writing.
func TestLinuxSysrootContainment(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	for _, d := range []string{"etc", "dir"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(root, "etc", "hello"), []byte("inside\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "outside"), []byte("secret\n"), 0o644)
	os.Symlink("../outside", filepath.Join(root, "link-out"))
	os.Symlink("/etc/hello", filepath.Join(root, "abs-link"))
	r, err := os.OpenRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	prog := buildLinuxProg(t, "files")
	out, st := runLinuxProg(t, prog, r, 0)
	want := "/etc/hello inside\n/../../etc/hello inside\n/link-out -2\n/abs-link inside\n/dir/../etc/hello inside\n" +
		"/etc/hello -30\n/etc/new -30\n/nonexistent -2\n"
	if out != want || st.Reason != emu.StopExit {
		t.Errorf("output\n%s\nwant\n%s(stop %v)", out, want, st)
	}
	if _, err := os.Stat(filepath.Join(root, "etc", "new")); err == nil {
		t.Error("the guest created a file in the sysroot")
	}
	// Without a sysroot nothing opens.
	out, _ = runLinuxProg(t, prog, nil, 0)
	if !strings.HasPrefix(out, "/etc/hello -2\n") {
		t.Errorf("without a sysroot: %q", out)
	}
}

func TestLinuxTimersAndSignals(t *testing.T) {
	out, st := runLinuxProg(t, buildLinuxProg(t, "timers"), nil, 0)
	want := "SIGALRM interrupted the loop\nregisters restored\nslept 2.5 s of virtual time\ntimer signalled with its value\n"
	if out != want {
		t.Errorf("output\n%s\nwant\n%s", out, want)
	}
	if st.Reason != emu.StopSignal || st.Signal != emu.SIGALRM {
		t.Errorf("stop %v, want death by SIGALRM", st)
	}
}

// A host write that fails returns its errno to the guest (/dev/full: ENOSPC), as qemu does.
func TestLinuxWriteErrorsReachGuest(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full on this system")
	}
	defer full.Close()
	f, err := elf.Open(buildLinuxProg(t, "writeerr"))
	if err != nil {
		t.Fatal(err)
	}
	mc, err := emu.Load(f, emu.Config{Linux: emu.LinuxConfig{Args: []string{"writeerr"}, Stdout: full}})
	if err != nil {
		t.Fatal(err)
	}
	if st := mc.Hart.Run(1_000_000); st.Reason != emu.StopExit || st.Code != 28 {
		t.Errorf("stop %v, want exit 28 (ENOSPC)", st)
	}
}
