package emu

import (
	"path"
	"strconv"
	"strings"
)

// The pseudo-devices programs expect to find (a shell's `> /dev/null`, OpenSSL's
// /dev/urandom, `cat /dev/stdin`), made by rvsim rather than opened on the host, so that
// they exist with or without a sysroot and no host file is reached: /dev/null, /dev/zero and
// /dev/full as Linux has them, /dev/random and /dev/urandom reading the deterministic stream
// getrandom gives (the --seed), and /dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/N and
// /proc/self/fd/N naming the guest's own descriptors. /dev/tty is absent (ENXIO: no
// controlling terminal), as for a program started without one.

type device uint8

const (
	devNone device = iota
	devNull
	devZero
	devFull
	devRandom
	devURandom
)

// devices maps a path to its device and its number (major 1, as Linux's mem devices).
var devices = map[string]struct {
	dev   device
	minor uint64
}{
	"/dev/null":    {devNull, 3},
	"/dev/zero":    {devZero, 5},
	"/dev/full":    {devFull, 7},
	"/dev/random":  {devRandom, 8},
	"/dev/urandom": {devURandom, 9},
}

// devicePath says what a cleaned absolute guest path names among the devices: a device, a
// descriptor of the guest's own (fd >= 0), ENXIO for /dev/tty, or nothing (ok false).
func devicePath(p string) (d device, fd int64, errno uint64, ok bool) {
	p = path.Clean(p)
	if e, is := devices[p]; is {
		return e.dev, -1, 0, true
	}
	switch p {
	case "/dev/stdin":
		return devNone, 0, 0, true
	case "/dev/stdout":
		return devNone, 1, 0, true
	case "/dev/stderr":
		return devNone, 2, 0, true
	case "/dev/tty":
		return devNone, -1, eNXIO, true
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/"} {
		if n, cut := strings.CutPrefix(p, dir); cut {
			v, err := strconv.ParseUint(n, 10, 31)
			if err != nil {
				return devNone, -1, eNOENT, true
			}
			return devNone, int64(v), 0, true
		}
	}
	return devNone, -1, 0, false
}

// openDevice opens a device path for openat, or returns ok false when p is none.
func (l *Linux) openDevice(p string, flags uint64) (int64, bool) {
	d, fd, errno, ok := devicePath(p)
	if !ok {
		return 0, false
	}
	if errno != 0 {
		return -int64(errno), true
	}
	if fd >= 0 {
		// Linux reopens the file; sharing the description is what matters for the
		// streams and pipes a program names this way.
		f, errno := l.fileFor(uint64(fd))
		if errno != 0 {
			return -eNOENT, true
		}
		if flags&oDirectory != 0 && f.kind != kindDir {
			return -eNOTDIR, true
		}
		return l.newFD(f, 0, flags&oCloexec != 0), true
	}
	if flags&oDirectory != 0 {
		return -eNOTDIR, true
	}
	f := &guestFile{kind: kindDevice, device: d, flags: flags & (oNonblock | oAccMode)}
	return l.newFD(f, 0, flags&oCloexec != 0), true
}

// readDevice reads n bytes from a device to addr.
func (l *Linux) readDevice(h *Hart, f *guestFile, addr, n uint64) int64 {
	if f.flags&oAccMode == 1 { // O_WRONLY
		return -eBADF
	}
	if f.device == devNull || n == 0 {
		return 0
	}
	n = min(n, 1<<20)
	if !h.Mem.CheckAccess(addr, n, PermW) {
		return -eFAULT
	}
	buf := make([]byte, n)
	if f.device == devRandom || f.device == devURandom {
		l.fill(buf)
	}
	if !l.put(h, addr, buf) {
		return -eFAULT
	}
	return int64(n)
}

// writeDevice writes n bytes from addr to a device: all but /dev/full take and drop them.
func (l *Linux) writeDevice(h *Hart, f *guestFile, addr, n uint64) int64 {
	if f.flags&oAccMode == 0 { // O_RDONLY
		return -eBADF
	}
	if f.device == devFull {
		return -eNOSPC
	}
	if n != 0 && !h.Mem.CheckAccess(addr, min(n, 1<<24), PermR) {
		return -eFAULT
	}
	return int64(n)
}

// deviceInfo is what stat says of a device: a character device, readable and writable by
// all, with Linux's numbers.
func deviceInfo(d device) statInfo {
	var minor uint64
	for _, e := range devices {
		if e.dev == d {
			minor = e.minor
		}
	}
	return statInfo{mode: 0o020666, nlink: 1, blksize: 4096, rdev: 1<<8 | minor, ino: 1000 + minor, dev: 5}
}

// pathDeviceInfo stats a device path, or returns ok false when p is none.
func (l *Linux) pathDeviceInfo(p string) (statInfo, uint64, bool) {
	d, fd, errno, ok := devicePath(p)
	if !ok {
		return statInfo{}, 0, false
	}
	if errno != 0 {
		return statInfo{}, errno, true
	}
	if fd >= 0 {
		f, errno := l.fileFor(uint64(fd))
		if errno != 0 {
			return statInfo{}, eNOENT, true
		}
		si, errno := l.fdInfo(f)
		return si, errno, true
	}
	return deviceInfo(d), 0, true
}
