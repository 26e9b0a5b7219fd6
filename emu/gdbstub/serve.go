package gdbstub

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
)

// Listen opens the stub's TCP port on the loopback address only: the protocol has no
// authentication, and whoever connects can read and write the guest's memory. Port 0
// picks a free port (Addr says which).
func Listen(port int) (net.Listener, error) {
	if port < 0 || port > 65535 {
		return nil, fmt.Errorf("gdb port %d: must be 0 to 65535", port)
	}
	return net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
}

// Serve waits for gdb to connect to ln, then serves that one connection until the program
// ends, gdb kills it or detaches, or the connection drops. ln is closed once gdb is
// connected: like qemu -g, the stub debugs one session.
func (s *Stub) Serve(ln net.Listener) Result {
	conn, err := ln.Accept()
	ln.Close()
	if err != nil {
		return Result{How: Disconnected, Err: err}
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetNoDelay(true) // replies are small and gdb waits for each
	}
	return s.ServeConn(conn)
}

type event struct {
	kind    eventKind
	payload []byte
}

// ServeConn serves gdb on an established connection, which it closes at the end.
func (s *Stub) ServeConn(conn io.ReadWriteCloser) Result {
	defer conn.Close()
	events := make(chan event, 64)
	quit := make(chan struct{})
	defer close(quit)
	var readErr error
	// The reader runs beside the program so that Ctrl-C (and a dropped connection) can stop
	// a continue: both set the interrupt flag Resume polls.
	go func() {
		defer close(events)
		var f framer
		buf := make([]byte, 4096)
		for {
			n, err := conn.Read(buf)
			for _, b := range buf[:n] {
				ev := f.push(b)
				switch ev {
				case evNone:
					continue
				case evInterrupt:
					s.intr.Store(true)
					continue
				}
				e := event{kind: ev}
				if ev == evPacket {
					e.payload = append([]byte(nil), f.payload...)
				}
				select {
				case events <- e:
				case <-quit:
					return
				}
			}
			if err != nil {
				readErr = err
				s.lost.Store(true)
				s.intr.Store(true)
				return
			}
		}
	}()
	for e := range events {
		out := s.onEvent(e.kind, e.payload)
		if len(out) > 0 {
			if _, err := conn.Write(out); err != nil {
				return Result{How: Disconnected, Err: err}
			}
		}
		if s.done {
			return s.result
		}
	}
	// The events channel closed: the reader saw the connection end.
	err := readErr
	if err == nil || errors.Is(err, io.EOF) {
		err = errors.New("gdb closed the connection")
	}
	return Result{How: Disconnected, Err: err}
}

// Feed runs the stub on a byte stream without a connection: framing, acknowledgements and
// replies exactly as on one, returning everything the stub would have sent. For tests and
// fuzzing; ResumeLimit should bound continue.
func (s *Stub) Feed(stream []byte) (out []byte, done bool) {
	var f framer
	for _, b := range stream {
		ev := f.push(b)
		if ev == evNone {
			continue
		}
		var payload []byte
		if ev == evPacket {
			payload = f.payload
		}
		out = append(out, s.onEvent(ev, payload)...)
		if s.done {
			return out, true
		}
	}
	return out, false
}

// Result returns how the session ended (meaningful once Feed reported done).
func (s *Stub) Result() Result { return s.result }
