package main

import (
	"context"
	"os/exec"
	"testing"
	"time"
)

// gdb on a dynamically linked PIE (Debian's gcc default) under rvsim run --gdb --sysroot:
// the stub's qXfer:auxv:read gives gdb AT_ENTRY and AT_PHDR, so a breakpoint by name lands
// at the program's load address, the backtrace has source lines, libc is listed from the
// sysroot, and finish returns the value.
func TestGDBDynamicPIE(t *testing.T) {
	root := sysroot(t)
	gdb := needTool(t, "gdb-multiarch")
	prog := buildLinuxProgram(t, "pie", "-g", "-O0", "-pie", "-fPIE")
	r := startGDBServer(t, "run", "--gdb", "0", "--sysroot", root, prog)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, _ := exec.CommandContext(ctx, gdb, "-batch", "-nx", "-ex", "set sysroot "+root, "-ex", "file "+prog,
		"-ex", "target remote "+r.addr, "-ex", "break add", "-ex", "continue", "-ex", "bt",
		"-ex", "info sharedlibrary", "-ex", "finish", "-ex", "continue").CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("gdb timed out:\n%s", out)
	}
	mustMatch(t, string(out),
		`Breakpoint 1 at 0x5555[0-9a-f]+: file .*pie\.c`,
		`Breakpoint 1, add \(a=2, b=3\) at .*pie\.c:3`,
		`#1 +0x0*5555[0-9a-f]+ in main \(\) at .*pie\.c:4`,
		`/lib/riscv64-linux-gnu/libc\.so\.6`,
		`Value returned is \$\d+ = 5`,
		`exited normally`)
	if st := r.wait(t); st != 0 {
		t.Errorf("rvsim exited %d:\n%s", st, r.errText())
	}
}
