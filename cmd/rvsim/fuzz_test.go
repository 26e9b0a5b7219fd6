package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzDebugCommands feeds the debugger command lines (each input is up to 16 lines, run in
// one fresh session on a small looping program): a command never panics (execLine turns a
// panic into an "internal error" line, which fails here), and a command that fails returns
// an error of one line. --max-insns bounds every run command.
func FuzzDebugCommands(f *testing.F) {
	// li a0,0; li t0,50; loop: addi t0,t0,-1; addi sp,sp,-16; sd t0,8(sp); addi sp,sp,16;
	// bnez t0,loop; li a7,93; ecall
	var code []byte
	for _, w := range []uint32{0x00000513, 0x03200293, 0xfff28293, 0xff010113, 0x00513423, 0x01010113, 0xfe0298e3, 0x05d00893, 0x00000073} {
		code = binary.LittleEndian.AppendUint32(code, w)
	}
	path := filepath.Join(f.TempDir(), "loop.elf")
	if err := os.WriteFile(path, miniELF(64, code), 0o644); err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		"step\nstep 3\ninfo registers\nx/4xw $sp\n",
		"break *0x10088\ncontinue\nbacktrace\ndelete 1\ncontinue\n",
		"watch *($sp-8)\ncontinue\nreverse-step\nreverse-step 2\n",
		"set $t0 = 3\nset var *0x10000 = 5\nx/2i $pc\ndisas\n",
		"explain\nvregs v1\ncsr mstatus\ninfo breakpoints\nhelp x\n",
		"until\nfinish\nnext 2\ntbreak $pc+4\nx/s 0\nx/8xb buf+-3\n",
		"x/65536xg 0\nx/0x\nbreak\nwatch\n\n\n",
		"cycles\nset $v1[0] = 1\nprint $pc\ninfo\nstep -1\nx/3c &$pc\n",
		"break *0x1008c if $t0 == 7\ncontinue\ncondition 1 *(long *)$sp > 3\ncontinue\ncondition 1\nnext\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		var stdout, stderr bytes.Buffer
		env := &cmdEnv{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}
		o := &debugOptions{vlen: 128, vagnostic: "undisturbed", history: 64, maxInsns: 10_000}
		o.load.env = "auto"
		o.linux.memLimit = "4GiB" // the flag's default
		s, status := newSession(env, o, []string{path})
		if s == nil {
			t.Fatalf("session: status %d: %s", status, stderr.String())
		}
		lines := strings.SplitN(script, "\n", 17)
		if len(lines) > 16 {
			lines = lines[:16]
		}
		for _, line := range lines {
			quit, err := s.execLine(line)
			if err != nil {
				msg := err.Error()
				if strings.Contains(msg, "internal error") {
					t.Fatalf("%q: %s", line, msg)
				}
				if strings.Contains(msg, "\n") {
					t.Fatalf("%q: error of several lines: %q", line, msg)
				}
			}
			if quit {
				break
			}
		}
		s.out.Flush()
	})
}
