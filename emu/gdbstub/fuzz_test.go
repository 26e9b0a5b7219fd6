package gdbstub

import (
	"bytes"
	"encoding/binary"
	"testing"

	"rvsim/emu"
	"rvsim/isa"
)

// bareHart is the test program on a bare machine, which is much quicker to set up than a
// Linux process (its 8 MiB stack): the code at 0x10000, sp at the top of a data page.
func bareHart(tb testing.TB) *emu.Hart {
	m := emu.NewMemory()
	m.Map(0x10000, emu.PageSize, emu.PermR|emu.PermX)
	var code []byte
	for _, w := range testCode {
		code = binary.LittleEndian.AppendUint32(code, w)
	}
	if err := m.Write(0x10000, code); err != nil {
		tb.Fatal(err)
	}
	m.Map(0x20000, emu.PageSize, emu.PermR|emu.PermW)
	h := emu.NewHart(isa.Default(64), m)
	h.PC = 0x10000
	h.SetReg(2, 0x21000)
	return h
}

// FuzzPacket feeds arbitrary bytes to the framing and the command handler of a stub on
// the small test program: whatever arrives, the stub must not panic or hang, and
// everything it sends must be acks and well-formed packets.
func FuzzPacket(f *testing.F) {
	for _, seed := range [][]byte{
		packet("qSupported:multiprocess+;swbreak+"),
		packet("g"), packet("p20"), packet("Pa=0100000000000000"),
		append(packet("Z0,10008,4"), packet("c")...),
		append(packet("Z2,20ff0,4"), packet("c")...),
		append(packet("Z3,20ff0,4"), append(packet("c"), packet("bc")...)...),
		append(packet("s"), packet("bs")...),
		packet("m10000,20"), packet("X20000,2:}]}\x03"), packet("M10000,2:0000"),
		packet("qXfer:features:read:target.xml:0,ffb"),
		packet("vCont;s:1;c"), packet("QStartNoAckMode"),
		[]byte("$g#00-+\x03$"), packet("k"), packet("D"),
		[]byte("Z0,10008,4\nc\nbs\nbc\ns\nZ4,20ff0,4\nc\ng\np1063\nP1063=00\nm20ff0,10"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := New(bareHart(t), Config{ResumeLimit: 2000, History: emu.NewHistory(64)})
		out, _ := s.Feed(data)
		if _, _, _, err := parseReplies(out); err != nil {
			t.Fatalf("stub sent a malformed stream: %v\n%q", err, out)
		}
		// The same bytes as commands, one a line, straight to the dispatcher: the checksums
		// a fuzzer rarely gets right do not shield it.
		s = New(bareHart(t), Config{ResumeLimit: 200, History: emu.NewHistory(64)})
		for _, cmd := range bytes.Split(data, []byte{'\n'}) {
			reply, _ := s.handle(cmd)
			if got, _, _, err := parseReplies(frame(reply)); err != nil || len(got) != 1 || got[0] != string(reply) {
				t.Fatalf("reply %q to %q does not survive framing: %v", reply, cmd, err)
			}
			if s.done {
				break
			}
		}
	})
}
