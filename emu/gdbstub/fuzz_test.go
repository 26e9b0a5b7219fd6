package gdbstub

import (
	"testing"

	"rvsim/emu"
)

// FuzzPacket feeds arbitrary bytes to the framing and the command handler of a stub on
// the small test program: whatever arrives, the stub must not panic or hang, and
// everything it sends must be acks and well-formed packets.
func FuzzPacket(f *testing.F) {
	for _, seed := range [][]byte{
		packet("qSupported:multiprocess+;swbreak+"),
		packet("g"), packet("p20"), packet("Pa=0100000000000000"),
		append(packet("Z0,10078,4"), packet("c")...),
		append(packet("Z2,3fffffee70,4"), packet("c")...),
		append(packet("Z3,3fffffee70,4"), append(packet("c"), packet("bc")...)...),
		append(packet("s"), packet("bs")...),
		packet("m10078,20"), packet("X10078,2:}]}\x03"), packet("M10078,2:0000"),
		packet("qXfer:features:read:target.xml:0,ffb"),
		packet("vCont;s:1;c"), packet("QStartNoAckMode"),
		[]byte("$g#00-+\x03$"), packet("k"), packet("D"),
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		mc := testMachine(t, 64)
		s := New(mc.Hart, Config{ResumeLimit: 2000, History: emu.NewHistory(64)})
		out, _ := s.Feed(data)
		if _, _, _, err := parseReplies(out); err != nil {
			t.Fatalf("stub sent a malformed stream: %v\n%q", err, out)
		}
	})
}
