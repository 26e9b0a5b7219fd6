package emu

import (
	"fmt"
	"os"
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

// devices maps a path to its device.
var devices = map[string]device{
	"/dev/null": devNull, "/dev/zero": devZero, "/dev/full": devFull,
	"/dev/random": devRandom, "/dev/urandom": devURandom,
}

// deviceMinor is each device's minor number (major 1, as Linux's mem devices).
var deviceMinor = [...]uint64{devNull: 3, devZero: 5, devFull: 7, devRandom: 8, devURandom: 9}

// devicePath says what a cleaned absolute guest path names among the devices: a device, a
// descriptor of the guest's own (fd >= 0), ENXIO for /dev/tty, or nothing (ok false).
func devicePath(p string) (d device, fd int64, errno uint64, ok bool) {
	p = path.Clean(p)
	if d, is := devices[p]; is {
		return d, -1, 0, true
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

// openDevice opens a device path or one of the /proc files rvsim makes for openat, or
// returns ok false when p is none of them.
func (l *Linux) openDevice(h *Hart, p string, flags uint64) (int64, bool) {
	if fd, ok := l.openProc(h, p, flags); ok {
		return fd, true
	}
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
	minor := deviceMinor[d]
	return statInfo{mode: 0o020666, nlink: 1, blksize: 4096, rdev: 1<<8 | minor, ino: 1000 + minor, dev: 5}
}

// pathDeviceInfo stats a device path or a /proc file rvsim makes (follow: the link
// /proc/self/exe's target), or returns ok false when p is none of them.
func (l *Linux) pathDeviceInfo(p string, follow bool) (statInfo, uint64, bool) {
	switch p = l.procPath(p); p {
	case "/proc/self/exe":
		if l.cfg.HostExe == "" {
			break
		}
		if !follow {
			return statInfo{mode: 0o120777, nlink: 1, blksize: 1024, dev: 4, size: uint64(len(l.exe))}, 0, true
		}
		st, err := os.Stat(l.cfg.HostExe)
		if err != nil {
			return statInfo{}, errnoOf(err), true
		}
		return infoOf(st), 0, true
	case "/proc/cpuinfo", "/proc/self/maps":
		return statInfo{mode: 0o100444, nlink: 1, blksize: 1024, dev: 4, ino: 4026531840}, 0, true
	}
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

// procPath cleans p and names the guest's own /proc/PID directory /proc/self.
func (l *Linux) procPath(p string) string {
	p = path.Clean(p)
	if rest, ok := strings.CutPrefix(p, "/proc/"+strconv.FormatInt(l.pid, 10)+"/"); ok {
		return "/proc/self/" + rest
	}
	return p
}

// openProc opens the /proc files programs read about themselves and the machine:
// /proc/self/exe (the program rvsim was started with, which the user gave), and
// /proc/cpuinfo and /proc/self/maps, made from the hart's ISA and the guest's mappings as
// Linux prints them. ok is false for any other path.
func (l *Linux) openProc(h *Hart, p string, flags uint64) (int64, bool) {
	var content []byte
	switch l.procPath(p) {
	case "/proc/self/exe":
		if l.cfg.HostExe == "" {
			return 0, false
		}
		if flags&oAccMode != 0 || flags&(oCreat|oTrunc|oAppend|oTmpfile) != 0 {
			return -eACCES, true
		}
		of, err := os.Open(l.cfg.HostExe)
		if err != nil {
			return -int64(errnoOf(err)), true
		}
		st, err := of.Stat()
		if err != nil {
			of.Close()
			return -int64(errnoOf(err)), true
		}
		f := &guestFile{kind: kindFile, osFile: of, size: uint64(st.Size()), guest: l.exe}
		fd := l.newFD(f, 0, flags&oCloexec != 0)
		if fd < 0 {
			of.Close()
		}
		return fd, true
	case "/proc/cpuinfo":
		content = cpuinfo(h)
	case "/proc/self/maps":
		content = l.maps(h)
	default:
		return 0, false
	}
	if flags&oAccMode != 0 || flags&(oCreat|oTrunc|oAppend|oTmpfile) != 0 {
		return -eACCES, true
	}
	if flags&oDirectory != 0 {
		return -eNOTDIR, true
	}
	f := &guestFile{kind: kindFile, content: content}
	return l.newFD(f, 0, flags&oCloexec != 0), true
}

// cpuinfo is /proc/cpuinfo for the one hart, in the format of Linux's riscv port.
func cpuinfo(h *Hart) []byte {
	isaStr := strings.ToLower(h.ISA.String())
	return []byte("processor\t: 0\nhart\t\t: 0\nisa\t\t: " + isaStr + "\nmmu\t\t: sv39\nuarch\t\t: rvsim\n" +
		"mvendorid\t: 0x0\nmarchid\t\t: 0x0\nmimpid\t\t: 0x0\nhart isa\t: " + isaStr + "\n\n")
}

// maps is /proc/self/maps: one line per mapped range with its permissions, and the path of
// the object mapped there when it is one the loader or the guest mapped from a file.
func (l *Linux) maps(h *Hart) []byte {
	var b strings.Builder
	for _, r := range h.Mem.Ranges() {
		perm := []byte("---p")
		if r.Perm&PermR != 0 {
			perm[0] = 'r'
		}
		if r.Perm&PermW != 0 {
			perm[1] = 'w'
		}
		if r.Perm&PermX != 0 {
			perm[2] = 'x'
		}
		fmt.Fprintf(&b, "%08x-%08x %s 00000000 00:00 0", r.Start, r.End, perm)
		if o := l.ObjectAt(r.Start); o != nil {
			b.WriteString(strings.Repeat(" ", 10) + o.Path)
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}
