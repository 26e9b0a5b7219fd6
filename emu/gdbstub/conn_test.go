package gdbstub

import (
	"bufio"
	"math/rand/v2"
	"net"
	"strings"
	"testing"
	"time"

	"rvsim/emu"
)

// serveTest starts a stub for the test program on a free loopback port and returns a
// connection to it and a channel with the session's result.
func serveTest(t *testing.T, pcOffset uint64, cfg Config) (net.Conn, *emu.Hart, chan Result) {
	t.Helper()
	mc := testMachine(t, 64)
	mc.Hart.PC += pcOffset
	ln, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	if host, _, _ := net.SplitHostPort(ln.Addr().String()); host != "127.0.0.1" {
		t.Errorf("listening on %s, want the loopback address", ln.Addr())
	}
	s := New(mc.Hart, cfg)
	done := make(chan Result, 1)
	go func() { done <- s.Serve(ln) }()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn, mc.Hart, done
}

// readReply reads bytes until one whole packet has arrived and returns its payload.
func readReply(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	var buf []byte
	for {
		b, err := r.ReadByte()
		if err != nil {
			t.Fatalf("reading a reply: %v (have %q)", err, buf)
		}
		if len(buf) == 0 && b == '+' {
			continue
		}
		buf = append(buf, b)
		if i := strings.IndexByte(string(buf), '#'); i >= 0 && len(buf) == i+3 {
			got, _, _, err := parseReplies(buf)
			if err != nil || len(got) != 1 {
				t.Fatalf("bad reply %q: %v", buf, err)
			}
			return got[0]
		}
	}
}

func waitResult(t *testing.T, done chan Result) Result {
	t.Helper()
	select {
	case r := <-done:
		return r
	case <-time.After(20 * time.Second):
		t.Fatal("the stub did not end")
	}
	return Result{}
}

// TestInterrupt sends Ctrl-C while a continue runs a loop that never ends.
func TestInterrupt(t *testing.T) {
	conn, h, done := serveTest(t, offSpin, Config{History: emu.NewHistory(100)})
	r := bufio.NewReader(conn)
	conn.Write(packet("qSupported"))
	readReply(t, r)
	conn.Write(packet("c"))
	time.Sleep(50 * time.Millisecond)
	conn.Write([]byte{0x03})
	if got := readReply(t, r); got != "T02thread:01;" {
		t.Errorf("after Ctrl-C: %q, want T02", got)
	}
	conn.Write(packet("p20"))
	if got, want := readReply(t, r), hexLE64(h.PC, 8); got != want {
		t.Errorf("pc after the interrupt: %s, want %s", got, want)
	}
	conn.Write(packet("k"))
	if res := waitResult(t, done); res.How != Killed {
		t.Errorf("after k: %v", res.How)
	}
}

// TestDroppedConnection closes the connection while the program runs: the session ends,
// reporting the loss, rather than running on or hanging.
func TestDroppedConnection(t *testing.T) {
	conn, _, done := serveTest(t, offSpin, Config{})
	conn.Write(packet("c"))
	time.Sleep(50 * time.Millisecond)
	conn.Close()
	res := waitResult(t, done)
	if res.How != Disconnected || res.Err == nil {
		t.Errorf("after the connection dropped: %v (%v)", res.How, res.Err)
	}
	// And while stopped.
	conn, _, done = serveTest(t, 0, Config{})
	conn.Write(packet("g"))
	conn.Close()
	if res := waitResult(t, done); res.How != Disconnected {
		t.Errorf("after the connection dropped while stopped: %v", res.How)
	}
}

// TestGarbageStream sends random bytes and broken packets: the stub answers what it can
// and ends cleanly when the connection closes.
func TestGarbageStream(t *testing.T) {
	conn, _, done := serveTest(t, 0, Config{ResumeLimit: 10000, History: emu.NewHistory(100)})
	rng := rand.New(rand.NewPCG(7, 7))
	go func() { // drain replies so that the stub never blocks writing
		b := make([]byte, 4096)
		for {
			if _, err := conn.Read(b); err != nil {
				return
			}
		}
	}()
	for i := 0; i < 200; i++ {
		var chunk []byte
		switch rng.IntN(3) {
		case 0:
			chunk = make([]byte, rng.IntN(64))
			for k := range chunk {
				chunk[k] = byte(rng.IntN(256))
			}
		case 1: // well framed, nonsense inside
			body := make([]byte, rng.IntN(40))
			for k := range body {
				body[k] = "mMgGpPZzcsvqQXbH,:;=0123456789abcdef$#}"[rng.IntN(39)]
			}
			chunk = packet(string(body))
		case 2:
			chunk = []byte("$m0,4#00") // wrong checksum
		}
		if _, err := conn.Write(chunk); err != nil {
			break // the stub may have ended the session (a k or D in the noise)
		}
	}
	conn.Close()
	res := waitResult(t, done)
	if res.How == Exited && res.Stop.Reason != emu.StopExit && res.Stop.Reason != emu.StopSignal {
		t.Errorf("session ended as %v with stop %v", res.How, res.Stop)
	}
}
