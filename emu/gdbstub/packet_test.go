package gdbstub

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// feedAll pushes a stream through a framer and lists the events with their payloads.
func feedAll(stream string) (evs []eventKind, payloads []string) {
	var f framer
	for i := 0; i < len(stream); i++ {
		if ev := f.push(stream[i]); ev != evNone {
			evs = append(evs, ev)
			p := ""
			if ev == evPacket {
				p = string(f.payload)
			}
			payloads = append(payloads, p)
		}
	}
	return evs, payloads
}

func TestChecksum(t *testing.T) {
	// Known packets from gdb sessions: "$OK#9a", "$g#67", "$qC#b4".
	for s, want := range map[string]uint8{"OK": 0x9a, "g": 0x67, "qC": 0xb4, "": 0} {
		if got := checksum([]byte(s)); got != want {
			t.Errorf("checksum(%q) = %02x, want %02x", s, got, want)
		}
	}
	if got := string(frame([]byte("OK"))); got != "$OK#9a" {
		t.Errorf("frame(OK) = %q", got)
	}
}

func TestFramer(t *testing.T) {
	for _, c := range []struct {
		stream   string
		evs      []eventKind
		payloads []string
	}{
		{"$g#67", []eventKind{evPacket}, []string{"g"}},
		{"$g#68", []eventKind{evBadPacket}, []string{""}}, // wrong checksum
		{"$g#6z", []eventKind{evBadPacket}, []string{""}}, // not hex
		{"$g#6", nil, nil}, // incomplete: nothing yet
		{"+-\x03", []eventKind{evAck, evNack, evInterrupt}, []string{"", "", ""}},
		{"junk$g#67", []eventKind{evPacket}, []string{"g"}},  // noise before a packet is ignored
		{"$m0,4$g#67", []eventKind{evPacket}, []string{"g"}}, // a packet restarted mid-way
		// Escapes: "}]" is '}', "}\x03" is '#', "}\x04" is '$', "}\n" is '*'. The checksum
		// covers the bytes as sent.
		{"$X0,1:}]#" + hexSum("X0,1:}]"), []eventKind{evPacket}, []string{"X0,1:}"}},
		{"$a}\x03b}\x04c}\nd#" + hexSum("a}\x03b}\x04c}\nd"), []eventKind{evPacket}, []string{"a#b$c*d"}},
		{"$OK#9A", []eventKind{evPacket}, []string{"OK"}}, // upper-case checksum digits
	} {
		evs, payloads := feedAll(c.stream)
		if len(evs) != len(c.evs) {
			t.Errorf("%q: events %v, want %v", c.stream, evs, c.evs)
			continue
		}
		for i := range evs {
			if evs[i] != c.evs[i] || payloads[i] != c.payloads[i] {
				t.Errorf("%q: event %d = %v %q, want %v %q", c.stream, i, evs[i], payloads[i], c.evs[i], c.payloads[i])
			}
		}
	}
}

func hexSum(s string) string {
	c := checksum([]byte(s))
	return string([]byte{hexDigits[c>>4], hexDigits[c&15]})
}

func TestFramerTooLong(t *testing.T) {
	body := strings.Repeat("a", MaxPacket+1)
	evs, _ := feedAll("$" + body + "#" + hexSum(body) + "$g#67")
	if len(evs) != 2 || evs[0] != evBadPacket || evs[1] != evPacket {
		t.Errorf("oversized packet: events %v, want bad packet then the next packet", evs)
	}
}

// TestFrameRoundTrip frames random payloads (every byte value, the reserved ones often)
// and reads them back through the framer.
func TestFrameRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 500; i++ {
		p := make([]byte, r.IntN(300))
		for k := range p {
			if r.IntN(4) == 0 {
				p[k] = "$#}*"[r.IntN(4)]
			} else {
				p[k] = byte(r.IntN(256))
			}
		}
		f := frame(p)
		if bytes.IndexByte(f[1:len(f)-3], '$') >= 0 || bytes.IndexByte(f[1:len(f)-3], '#') >= 0 || bytes.IndexByte(f[1:len(f)-3], '*') >= 0 {
			t.Fatalf("frame left a reserved byte unescaped: %q", f)
		}
		var fr framer
		var got []byte
		n := 0
		for _, b := range f {
			if ev := fr.push(b); ev != evNone {
				n++
				if ev != evPacket {
					t.Fatalf("frame(%q) read back as %v", p, ev)
				}
				got = append([]byte(nil), fr.payload...)
			}
		}
		if n != 1 || !bytes.Equal(got, p) {
			t.Fatalf("frame(%q) read back as %q (%d events)", p, got, n)
		}
	}
}

func TestDecodeRLE(t *testing.T) {
	for in, want := range map[string]string{
		"0* ":     "0000", // ' ' is 32: three more
		"ab*!c":   "abbbbbc",
		"x*~":     "x" + strings.Repeat("x", 97),
		"no runs": "no runs",
	} {
		got, err := decodeRLE([]byte(in))
		if err != nil || string(got) != want {
			t.Errorf("decodeRLE(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"*a", "a*", "a*\x1f"} {
		if _, err := decodeRLE([]byte(bad)); err == nil {
			t.Errorf("decodeRLE(%q) accepted", bad)
		}
	}
}

func TestHexHelpers(t *testing.T) {
	if got := hexLE64(0x1122334455667788, 8); got != "8877665544332211" {
		t.Errorf("appendHexLE = %s", got)
	}
	if got := hexLE64(0xfffffffffffffff0, 4); got != "f0ffffff" {
		t.Errorf("appendHexLE 4 bytes = %s", got)
	}
	if v, ok := hexLE("8877665544332211"); !ok || v != 0x1122334455667788 {
		t.Errorf("hexLE = %#x, %v", v, ok)
	}
	for _, bad := range []string{"0", "zz", "001122334455667788"} {
		if _, ok := hexLE(bad); ok {
			t.Errorf("hexLE(%q) accepted", bad)
		}
	}
	for _, bad := range []string{"", "x", "11112222333344445"} {
		if _, ok := parseHex(bad); ok {
			t.Errorf("parseHex(%q) accepted", bad)
		}
	}
}
