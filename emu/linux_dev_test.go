package emu

import "testing"

func TestDevicePath(t *testing.T) {
	for _, tc := range []struct {
		p     string
		dev   device
		fd    int64
		errno uint64
		ok    bool
	}{
		{"/dev/null", devNull, -1, 0, true},
		{"/dev/../dev/zero", devZero, -1, 0, true},
		{"/dev//urandom", devURandom, -1, 0, true},
		{"/dev/stderr", devNone, 2, 0, true},
		{"/dev/fd/7", devNone, 7, 0, true},
		{"/proc/self/fd/0", devNone, 0, 0, true},
		{"/dev/fd/x", devNone, -1, eNOENT, true},
		{"/dev/fd/99999999999", devNone, -1, eNOENT, true},
		{"/dev/tty", devNone, -1, eNXIO, true},
		{"/dev/sda", devNone, -1, 0, false},
		{"/etc/passwd", devNone, -1, 0, false},
		{"/dev/null/../../etc/passwd", devNone, -1, 0, false},
	} {
		d, fd, errno, ok := devicePath(tc.p)
		if d != tc.dev || fd != tc.fd || errno != tc.errno || ok != tc.ok {
			t.Errorf("devicePath(%q) = %v, %d, %d, %v; want %v, %d, %d, %v", tc.p, d, fd, errno, ok, tc.dev, tc.fd, tc.errno, tc.ok)
		}
	}
}
