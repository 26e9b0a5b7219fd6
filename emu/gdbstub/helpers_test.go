package gdbstub

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"rvsim/elf"
	"rvsim/emu"
)

// The test program (the same encodings on RV32 and RV64, no compressed instructions):
//
//	0x00 loop: addi a0, a0, 1
//	0x04       sw   a0, -16(sp)
//	0x08       lw   a2, -16(sp)
//	0x0c       li   t0, 5
//	0x10       bne  a0, t0, loop
//	0x14       li   a7, 93        # exit(a0): status 5
//	0x18       ecall
//	0x1c       lw   a0, 0(zero)   # offFault: SIGSEGV
//	0x20       j    .             # offSpin: runs forever
var testCode = []uint32{
	0x00150513, 0xfea12823, 0xff012603, 0x00500293, 0xfe5518e3,
	0x05d00893, 0x00000073, 0x00002503, 0x0000006f,
}

const (
	offStore = 0x04
	offLoad  = 0x08
	offFault = 0x1c
	offSpin  = 0x20
)

// testELF returns a static executable holding testCode: one read-execute segment mapping
// the whole file at 0x10000, entry at the code.
func testELF(xlen int) []byte {
	const base = 0x10000
	le := binary.LittleEndian
	ehsize, phsize := 52, 32
	if xlen == 64 {
		ehsize, phsize = 64, 56
	}
	off := ehsize + phsize
	var code []byte
	for _, w := range testCode {
		code = le.AppendUint32(code, w)
	}
	size := uint64(off + len(code))
	b := make([]byte, off)
	copy(b, "\x7fELF")
	b[4] = byte(xlen / 32)
	b[5], b[6] = 1, 1
	le.PutUint16(b[16:], 2)   // ET_EXEC
	le.PutUint16(b[18:], 243) // EM_RISCV
	le.PutUint32(b[20:], 1)
	entry := uint64(base + off)
	p := b[ehsize:]
	if xlen == 64 {
		le.PutUint64(b[24:], entry)
		le.PutUint64(b[32:], uint64(ehsize))
		le.PutUint16(b[52:], uint16(ehsize))
		le.PutUint16(b[54:], uint16(phsize))
		le.PutUint16(b[56:], 1)
		le.PutUint32(p[0:], 1) // PT_LOAD
		le.PutUint32(p[4:], 5) // R+X
		le.PutUint64(p[16:], base)
		le.PutUint64(p[24:], base)
		le.PutUint64(p[32:], size)
		le.PutUint64(p[40:], size)
		le.PutUint64(p[48:], 0x1000)
	} else {
		le.PutUint32(b[24:], uint32(entry))
		le.PutUint32(b[28:], uint32(ehsize))
		le.PutUint16(b[40:], uint16(ehsize))
		le.PutUint16(b[42:], uint16(phsize))
		le.PutUint16(b[44:], 1)
		le.PutUint32(p[0:], 1)
		le.PutUint32(p[8:], base)
		le.PutUint32(p[12:], base)
		le.PutUint32(p[16:], uint32(size))
		le.PutUint32(p[20:], uint32(size))
		le.PutUint32(p[24:], 5)
		le.PutUint32(p[28:], 0x1000)
	}
	return append(b, code...)
}

// testMachine loads the test program as a Linux process.
func testMachine(tb testing.TB, xlen int) *emu.Machine {
	tb.Helper()
	f, err := elf.Parse(testELF(xlen))
	if err != nil {
		tb.Fatal(err)
	}
	var out bytes.Buffer
	mc, err := emu.Load(f, emu.Config{Env: emu.EnvLinux, Linux: emu.LinuxConfig{Args: []string{"t"}, Stdout: &out, Stderr: &out}})
	if err != nil {
		tb.Fatal(err)
	}
	return mc
}

// client drives a stub through Feed as gdb would, checking the framing of every reply.
type client struct {
	t    testing.TB
	s    *Stub
	done bool
}

func newClient(t testing.TB, xlen int, cfg Config) (*client, *emu.Hart) {
	mc := testMachine(t, xlen)
	return &client{t: t, s: New(mc.Hart, cfg)}, mc.Hart
}

// packet frames a command as gdb sends it.
func packet(cmd string) []byte {
	return []byte(fmt.Sprintf("$%s#%02x", cmd, checksum([]byte(cmd))))
}

// do sends one command and returns the reply's payload ("" for the empty reply); it fails
// the test unless the stub acknowledged the packet and sent exactly one well-formed reply.
func (c *client) do(cmd string) string {
	c.t.Helper()
	out, done := c.s.Feed(packet(cmd))
	c.done = done
	replies, acks, nacks, err := parseReplies(out)
	if err != nil || nacks != 0 {
		c.t.Fatalf("%s: %v, %d nacks in %q", cmd, err, nacks, out)
	}
	if !c.s.noAck && acks != 1 {
		c.t.Fatalf("%s: %d acks in %q, want 1", cmd, acks, out)
	}
	if len(replies) != 1 {
		c.t.Fatalf("%s: %d replies in %q, want 1", cmd, len(replies), out)
	}
	return replies[0]
}

// parseReplies splits what the stub sent into acks and packets, verifying checksums and
// undoing escapes and run-length encoding as gdb does.
func parseReplies(out []byte) (replies []string, acks, nacks int, err error) {
	for i := 0; i < len(out); {
		switch out[i] {
		case '+':
			acks++
			i++
			continue
		case '-':
			nacks++
			i++
			continue
		case '$':
		default:
			return nil, 0, 0, fmt.Errorf("stray byte %q at %d", out[i], i)
		}
		end := bytes.IndexByte(out[i:], '#')
		if end < 0 || i+end+3 > len(out) {
			return nil, 0, 0, fmt.Errorf("unterminated packet at %d", i)
		}
		body := out[i+1 : i+end]
		var ck uint8
		if _, err := fmt.Sscanf(string(out[i+end+1:i+end+3]), "%02x", &ck); err != nil {
			return nil, 0, 0, fmt.Errorf("bad checksum digits at %d", i+end+1)
		}
		if ck != checksum(body) {
			return nil, 0, 0, fmt.Errorf("checksum %02x, want %02x", ck, checksum(body))
		}
		var un []byte
		for k := 0; k < len(body); k++ {
			if body[k] == '}' && k+1 < len(body) {
				un = append(un, body[k+1]^0x20)
				k++
				continue
			}
			un = append(un, body[k])
		}
		if un, err = decodeRLE(un); err != nil {
			return nil, 0, 0, err
		}
		replies = append(replies, string(un))
		i += end + 3
	}
	return replies, acks, nacks, nil
}

// hexLE64 renders v as n little-endian bytes in hex, as register values travel.
func hexLE64(v uint64, n int) string { return string(appendHexLE(nil, v, n)) }

func wantPrefix(t testing.TB, what, got, prefix string) {
	t.Helper()
	if !strings.HasPrefix(got, prefix) {
		t.Fatalf("%s: reply %q, want it to start with %q", what, got, prefix)
	}
}
