// Package gdbstub lets GDB (and anything speaking the GDB remote serial protocol: IDEs,
// scripts) debug a program running on an rvsim hart, as qemu-user's -g option does.
//
// The stub serves one connection. It reads packets ($payload#ck, acknowledged with + or -
// until QStartNoAckMode), answers them from the hart's state, and runs the program through
// emu's debugger API (Resume, breakpoints, watchpoints, the undo log for reverse
// execution). The protocol is described in the GDB manual's "Remote Protocol" appendix.
package gdbstub

import (
	"fmt"
	"strconv"
)

// MaxPacket is the largest packet payload the stub accepts (advertised as PacketSize): big
// enough for a G packet of every register and for memory transfers of a few KiB.
const MaxPacket = 0x4000

// eventKind says what the framer found in the byte stream.
type eventKind uint8

const (
	evNone      eventKind = iota
	evPacket              // a complete packet with a good checksum (payload unescaped)
	evBadPacket           // a complete packet whose checksum or size is wrong: answer '-'
	evAck                 // '+'
	evNack                // '-': resend the last reply
	evInterrupt           // 0x03, Ctrl-C in gdb
)

// framer turns the byte stream from gdb into events, one byte at a time, so that the same
// code serves a live connection and the fuzz target.
type framer struct {
	state   uint8 // 0: between packets; 1: in a payload; 2: after '}'; 3, 4: checksum digits
	payload []byte
	sum     uint8 // of the bytes as sent (escaped)
	ck      uint8 // the checksum as sent
	ckBad   bool  // a checksum digit was not hex
	tooLong bool
}

const (
	frIdle = iota
	frPayload
	frEscape
	frCk1
	frCk2
)

// push feeds one byte; it returns the event the byte completes (evNone for most bytes).
// For evPacket the payload stays valid until the next push.
func (f *framer) push(b byte) eventKind {
	switch f.state {
	case frIdle:
		switch b {
		case '$':
			f.state = frPayload
			f.payload, f.sum, f.ck, f.ckBad, f.tooLong = f.payload[:0], 0, 0, false, false
		case '+':
			return evAck
		case '-':
			return evNack
		case 0x03:
			return evInterrupt
		}
		// Anything else between packets is noise gdb never sends: ignored.
	case frPayload, frEscape:
		if b == '#' && f.state == frPayload {
			f.state = frCk1
			return evNone
		}
		if b == '$' {
			// A new packet started before this one ended: drop the broken one.
			f.payload, f.sum, f.tooLong = f.payload[:0], 0, false
			f.state = frPayload
			return evNone
		}
		f.sum += b
		if f.state == frEscape {
			b ^= 0x20
			f.state = frPayload
		} else if b == '}' {
			f.state = frEscape
			return evNone
		}
		if len(f.payload) >= MaxPacket {
			f.tooLong = true
		} else {
			f.payload = append(f.payload, b)
		}
	case frCk1, frCk2:
		v, ok := unhex(b)
		if !ok {
			f.ckBad = true
		}
		f.ck = f.ck<<4 | v
		if f.state == frCk1 {
			f.state = frCk2
			return evNone
		}
		f.state = frIdle
		if f.ckBad || f.tooLong || f.ck != f.sum {
			return evBadPacket
		}
		return evPacket
	}
	return evNone
}

func unhex(b byte) (uint8, bool) {
	switch {
	case b >= '0' && b <= '9':
		return b - '0', true
	case b >= 'a' && b <= 'f':
		return b - 'a' + 10, true
	case b >= 'A' && b <= 'F':
		return b - 'A' + 10, true
	}
	return 0, false
}

// checksum is the protocol's checksum: the sum of the bytes modulo 256.
func checksum(b []byte) uint8 {
	var s uint8
	for _, c := range b {
		s += c
	}
	return s
}

// frame wraps a reply payload as a packet, escaping the bytes the framing reserves ($, #,
// } and *, which gdb would take for run-length encoding).
func frame(payload []byte) []byte {
	out := make([]byte, 0, len(payload)+8)
	out = append(out, '$')
	for _, c := range payload {
		switch c {
		case '$', '#', '}', '*':
			out = append(out, '}', c^0x20)
		default:
			out = append(out, c)
		}
	}
	out = append(out, '#')
	return append(out, fmt.Sprintf("%02x", checksum(out[1:len(out)-1]))...)
}

// decodeRLE expands run-length encoding in a reply as gdb does ("0* " is "0000"): the stub
// does not emit it, but its tests check replies the way gdb would read them.
func decodeRLE(b []byte) ([]byte, error) {
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] != '*' {
			out = append(out, b[i])
			continue
		}
		if len(out) == 0 || i+1 >= len(b) {
			return nil, fmt.Errorf("run-length marker at %d has nothing to repeat", i)
		}
		n := int(b[i+1]) - 29
		if n < 3 {
			return nil, fmt.Errorf("run-length count %q at %d is invalid", b[i+1], i+1)
		}
		for k := 0; k < n; k++ {
			out = append(out, out[len(out)-1])
		}
		i++
	}
	return out, nil
}

// parseHex parses a hex number of at most 64 bits (the protocol's addresses, lengths and
// register numbers).
func parseHex(s string) (uint64, bool) {
	if s == "" || len(s) > 16 {
		return 0, false
	}
	v, err := strconv.ParseUint(s, 16, 64)
	return v, err == nil
}

// decodeHexBytes decodes pairs of hex digits.
func decodeHexBytes(s string) ([]byte, bool) {
	if len(s)%2 != 0 {
		return nil, false
	}
	out := make([]byte, len(s)/2)
	for i := range out {
		hi, ok1 := unhex(s[2*i])
		lo, ok2 := unhex(s[2*i+1])
		if !ok1 || !ok2 {
			return nil, false
		}
		out[i] = hi<<4 | lo
	}
	return out, true
}

const hexDigits = "0123456789abcdef"

func appendHexBytes(dst, b []byte) []byte {
	for _, c := range b {
		dst = append(dst, hexDigits[c>>4], hexDigits[c&15])
	}
	return dst
}

// appendHexLE appends the n low bytes of v in target (little-endian) byte order.
func appendHexLE(dst []byte, v uint64, n int) []byte {
	for i := 0; i < n; i++ {
		c := byte(v >> (8 * i))
		dst = append(dst, hexDigits[c>>4], hexDigits[c&15])
	}
	return dst
}

// hexLE decodes n little-endian bytes from hex.
func hexLE(s string) (uint64, bool) {
	b, ok := decodeHexBytes(s)
	if !ok || len(b) > 8 {
		return 0, false
	}
	var v uint64
	for i, c := range b {
		v |= uint64(c) << (8 * i)
	}
	return v, true
}
