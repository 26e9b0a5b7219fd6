package emu

import (
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
)

// The guest's files: a descriptor table (the standard streams, files and directories of the
// sysroot opened read-only, pipes), and path resolution confined to the sysroot.
//
// Every path the guest names resolves inside the sysroot: component by component, with ".."
// stopping at the sysroot's root and symbolic links (absolute ones too, which Debian uses for
// /lib and /etc/alternatives) followed relative to it. Each lookup goes through os.Root, which
// refuses to leave the directory even if the tree changes under it. Without a sysroot no path
// names anything.

const (
	eACCES   = 13
	eNOTDIR  = 20
	eISDIR   = 21
	eMFILE   = 24
	eSPIPE   = 29
	eROFS    = 30
	ePIPE    = 32
	eLOOP    = 40
	eNAMETOO = 36
	eIO      = 5
	eNOSPC   = 28
	eNXIO    = 6
	eAGAIN   = 11
	eCHILD   = 10
	ePERM    = 1
	eSRCH    = 3
	eINTR    = 4
	eXDEV    = 18

	atFdcwd           = -100
	atSymlinkNofollow = 0x100
	atEmptyPath       = 0x1000

	oAccMode   = 3
	oCreat     = 0o100
	oExcl      = 0o200
	oTrunc     = 0o1000
	oAppend    = 0o2000
	oNonblock  = 0o4000
	oDirectory = 0o200000
	oNofollow  = 0o400000
	oCloexec   = 0o2000000
	oPath      = 0o10000000
	oTmpfile   = 0o20000000
)

type fileKind uint8

const (
	kindStdin fileKind = iota
	kindStdout
	kindStderr
	kindFile
	kindDir
	kindPipeRead
	kindPipeWrite
	kindDevice   // linux_dev.go
	kindEpoll    // linux_epoll.go
	kindEventfd  // linux_epoll.go
	kindTimerfd  // linux_timerfd.go
	kindSignalfd // linux_signalfd.go
)

// guestFile is an open file description; descriptors made by dup share it.
type guestFile struct {
	kind    fileKind
	device  device // for kindDevice
	content []byte // a file rvsim made (/proc/cpuinfo): read from here, not osFile
	osFile  *os.File
	dir     bool
	size    uint64
	pos     int64
	guest   string // the guest's path, for directories (openat relative to them)
	ents    []fs.DirEntry
	entPos  int
	pipe    *pipeBuf
	epoll   *epollSet     // for kindEpoll
	event   *eventCounter // for kindEventfd
	timer   *timerFD      // for kindTimerfd
	sigMask *uint64       // for kindSignalfd: the signals it takes
	flags   uint64        // O_NONBLOCK and the access mode, for fcntl F_GETFL
	refs    int
	// mapped: a mapping reads pages from osFile, so closing the descriptor leaves it open
	// (ld.so closes a library once it is mapped).
	mapped bool
}

type pipeBuf struct {
	data    []byte
	writers int
	readers int
}

// pipeMax bounds what a pipe holds: a blocking writer then waits for a reader, another
// thread (pipeWouldBlock) or another process (linux_procs.go), as on Linux.
const pipeMax = 1 << 20

type fdEntry struct {
	f       *guestFile
	cloexec bool
}

const maxFDs = 1024

func (l *Linux) initFiles() {
	l.fds = make([]*fdEntry, 3)
	for i, k := range []fileKind{kindStdin, kindStdout, kindStderr} {
		l.fds[i] = &fdEntry{f: &guestFile{kind: k, refs: 1, flags: map[bool]uint64{true: 0, false: 1}[k == kindStdin]}}
	}
}

func (l *Linux) fileFor(fd uint64) (*guestFile, uint64) {
	if fd >= uint64(len(l.fds)) || l.fds[fd] == nil {
		return nil, eBADF
	}
	return l.fds[fd].f, 0
}

// newFD installs f at the lowest free descriptor >= min.
func (l *Linux) newFD(f *guestFile, min uint64, cloexec bool) int64 {
	for i := min; i < maxFDs; i++ {
		if i >= uint64(len(l.fds)) {
			l.fds = append(l.fds, make([]*fdEntry, i+1-uint64(len(l.fds)))...)
		}
		if l.fds[i] == nil {
			l.fds[i] = &fdEntry{f: f, cloexec: cloexec}
			f.refs++
			return int64(i)
		}
	}
	return -eMFILE
}

func (l *Linux) closeFD(fd uint64) int64 {
	f, errno := l.fileFor(fd)
	if errno != 0 {
		return -int64(errno)
	}
	l.fds[fd] = nil
	f.refs--
	if f.refs == 0 {
		if f.osFile != nil && !f.mapped {
			f.osFile.Close()
		}
		if f.pipe != nil {
			switch f.kind {
			case kindPipeRead:
				f.pipe.readers--
			case kindPipeWrite:
				f.pipe.writers--
			}
		}
	}
	return 0
}

// CloseFiles releases the host files the guest has open or mapped.
func (l *Linux) CloseFiles() {
	for fd := range l.fds {
		if l.fds[fd] != nil {
			l.closeFD(uint64(fd))
		}
	}
	for _, f := range l.mappedFiles {
		f.osFile.Close()
	}
	l.mappedFiles = nil
}

// errnoOf turns a host error into the errno the guest sees.
func errnoOf(err error) uint64 {
	var en syscall.Errno
	if errors.As(err, &en) {
		return uint64(en)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return eNOENT
	case errors.Is(err, fs.ErrPermission):
		return eACCES
	}
	return eIO
}

// guestPath makes p absolute against the directory dirfd names (AT_FDCWD: the working
// directory).
func (l *Linux) guestPath(dirfd uint64, p string) (string, uint64) {
	if strings.HasPrefix(p, "/") {
		return p, 0
	}
	if int64(int32(dirfd)) == atFdcwd {
		return l.cwd + "/" + p, 0
	}
	f, errno := l.fileFor(dirfd)
	if errno != 0 {
		return "", errno
	}
	if f.kind != kindDir {
		return "", eNOTDIR
	}
	return f.guest + "/" + p, 0
}

// resolve turns a guest path into a path relative to the sysroot with every symbolic link
// resolved (the last component's only if follow), or an errno.
func (l *Linux) resolve(p string, follow bool) (string, uint64) {
	return resolveIn(l.root, p, follow)
}

// resolveIn resolves the guest path p (absolute) inside root; see resolve.
func resolveIn(root *os.Root, p string, follow bool) (string, uint64) {
	if root == nil {
		return "", eNOENT
	}
	if p == "" {
		return "", eNOENT
	}
	if len(p) > 4096 {
		return "", eNAMETOO
	}
	todo := splitPath(p)
	var done []string
	links := 0
	for len(todo) > 0 {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case ".":
			continue
		case "..":
			if len(done) > 0 {
				done = done[:len(done)-1]
			}
			continue
		}
		cur := path.Join(append(done, c)...)
		st, err := root.Lstat(cur)
		if err != nil {
			return "", errnoOf(err)
		}
		if st.Mode()&fs.ModeSymlink != 0 && (len(todo) > 0 || follow) {
			links++
			if links > 40 {
				return "", eLOOP
			}
			target, err := root.Readlink(cur)
			if err != nil {
				return "", errnoOf(err)
			}
			if strings.HasPrefix(target, "/") {
				done = nil
			}
			todo = append(splitPath(target), todo...)
			continue
		}
		if len(todo) > 0 && !st.IsDir() {
			return "", eNOTDIR
		}
		done = append(done, c)
	}
	if len(done) == 0 {
		return ".", 0
	}
	return path.Join(done...), 0
}

func splitPath(p string) []string {
	var out []string
	for _, c := range strings.Split(p, "/") {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

func (l *Linux) readPath(h *Hart, addr uint64) (string, uint64) {
	s, err := h.Mem.ReadString(addr, 4096)
	if err != nil {
		if strings.Contains(err.Error(), "longer") {
			return "", eNAMETOO
		}
		return "", eFAULT
	}
	return s, 0
}

func (l *Linux) openat(h *Hart, dirfd, pathAddr, flags uint64) int64 {
	p, errno := l.readPath(h, pathAddr)
	if errno != 0 {
		return -int64(errno)
	}
	if abs, errno := l.guestPath(dirfd, p); errno == 0 {
		if fd, ok := l.openDevice(h, abs, flags); ok {
			return fd
		}
	}
	if flags&oAccMode != 0 || flags&(oCreat|oTrunc|oAppend|oTmpfile) != 0 {
		// The sysroot is read-only; nothing else is reachable.
		if l.root == nil {
			if flags&oCreat != 0 {
				return -eROFS
			}
			return -eNOENT
		}
		return -eROFS
	}
	abs, errno := l.guestPath(dirfd, p)
	if errno != 0 {
		return -int64(errno)
	}
	rel, errno := l.resolve(abs, flags&oNofollow == 0)
	if errno != 0 {
		return -int64(errno)
	}
	st, err := l.root.Lstat(rel)
	if err != nil {
		return -int64(errnoOf(err))
	}
	switch {
	case st.Mode()&fs.ModeSymlink != 0:
		return -eLOOP // O_NOFOLLOW on a link
	case st.IsDir():
	case st.Mode().IsRegular():
		if flags&oDirectory != 0 {
			return -eNOTDIR
		}
	default:
		return -eACCES // devices, sockets and FIFOs of the sysroot are not opened
	}
	of, err := l.root.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return -int64(errnoOf(err))
	}
	f := &guestFile{kind: kindFile, osFile: of, size: uint64(st.Size()), flags: flags & oNonblock}
	f.guest = "/" + strings.TrimPrefix(path.Clean("/"+rel), "/")
	if rel == "." {
		f.guest = ""
	}
	if st.IsDir() {
		f.kind, f.dir = kindDir, true
	}
	fd := l.newFD(f, 0, flags&oCloexec != 0)
	if fd < 0 {
		of.Close()
	}
	return fd
}

// readFile reads from a file or directory descriptor at pos (-1: at the file's offset).
func (l *Linux) readFile(h *Hart, f *guestFile, addr, n uint64, pos int64) int64 {
	if f.dir {
		return -eISDIR
	}
	n = min(n, 1<<20)
	if !h.Mem.CheckAccess(addr, n, PermW) {
		return -eFAULT
	}
	at := pos
	if at < 0 {
		at = f.pos
	}
	buf := make([]byte, n)
	var k int
	var err error
	if f.osFile == nil {
		k = copy(buf, f.content[min(at, int64(len(f.content))):])
	} else if k, err = f.osFile.ReadAt(buf, at); err != nil && err != io.EOF && k == 0 {
		return -int64(errnoOf(err))
	}
	h.Mem.Write(addr, buf[:k])
	if pos < 0 {
		f.pos += int64(k)
	}
	return int64(k)
}

func (l *Linux) lseek(f *guestFile, off int64, whence uint64) int64 {
	if f.kind == kindDevice {
		return 0 // Linux's mem devices ignore the offset
	}
	if f.kind != kindFile && f.kind != kindDir {
		return -eSPIPE
	}
	var base int64
	switch whence {
	case 0:
	case 1:
		base = f.pos
	case 2:
		base = int64(f.size)
	default:
		return -eINVAL
	}
	if base+off < 0 {
		return -eINVAL
	}
	f.pos = base + off
	if f.dir {
		f.entPos = int(f.pos)
	}
	return f.pos
}

// statInfo is what stat and statx report.
type statInfo struct {
	dev, ino, nlink, rdev, size, blocks uint64
	mode, uid, gid, blksize             uint32
	atime, mtime, ctime                 [2]int64
}

func infoOf(st fs.FileInfo) statInfo {
	si := statInfo{size: uint64(st.Size()), nlink: 1, blksize: 4096, mode: uint32(st.Mode().Perm())}
	switch {
	case st.IsDir():
		si.mode |= 0o040000
	case st.Mode()&fs.ModeSymlink != 0:
		si.mode |= 0o120000
	default:
		si.mode |= 0o100000
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		si.dev, si.ino, si.nlink = uint64(sys.Dev), sys.Ino, uint64(sys.Nlink)
		si.blocks = uint64(sys.Blocks)
		si.mode = sys.Mode
		si.atime = [2]int64{int64(sys.Atim.Sec), int64(sys.Atim.Nsec)}
		si.mtime = [2]int64{int64(sys.Mtim.Sec), int64(sys.Mtim.Nsec)}
		si.ctime = [2]int64{int64(sys.Ctim.Sec), int64(sys.Ctim.Nsec)}
	} else {
		t := st.ModTime()
		si.mtime = [2]int64{t.Unix(), int64(t.Nanosecond())}
		si.atime, si.ctime = si.mtime, si.mtime
	}
	return si
}

// streamInfo describes a standard stream or pipe: a FIFO, or what the host says of the
// stream when it is a host file (a terminal, /dev/null).
func (l *Linux) streamInfo(f *guestFile) statInfo {
	var w any
	switch f.kind {
	case kindStdin:
		w = l.cfg.Stdin
	case kindStdout:
		w = l.cfg.Stdout
	case kindStderr:
		w = l.cfg.Stderr
	}
	if of, ok := w.(*os.File); ok {
		if st, err := of.Stat(); err == nil {
			return infoOf(st)
		}
	}
	return statInfo{mode: 0o010600, nlink: 1, blksize: 4096}
}

func (l *Linux) fdInfo(f *guestFile) (statInfo, uint64) {
	if f.kind == kindDevice {
		return deviceInfo(f.device), 0
	}
	if f.kind == kindFile && f.osFile == nil {
		// As Linux's /proc files: regular, read-only, size 0 (read to the end to learn it).
		return statInfo{mode: 0o100444, nlink: 1, blksize: 1024, dev: 4, ino: 4026531840}, 0
	}
	if f.osFile == nil {
		return l.streamInfo(f), 0
	}
	st, err := f.osFile.Stat()
	if err != nil {
		return statInfo{}, errnoOf(err)
	}
	return infoOf(st), 0
}

// pathInfo stats a guest path (dirfd-relative; AT_EMPTY_PATH with "" means dirfd itself).
func (l *Linux) pathInfo(h *Hart, dirfd, pathAddr, flags uint64) (statInfo, uint64) {
	p, errno := l.readPath(h, pathAddr)
	if errno != 0 {
		return statInfo{}, errno
	}
	if p == "" && flags&atEmptyPath != 0 {
		if int64(int32(dirfd)) == atFdcwd {
			p = l.cwd + "/"
		} else {
			f, errno := l.fileFor(dirfd)
			if errno != 0 {
				return statInfo{}, errno
			}
			return l.fdInfo(f)
		}
	}
	abs, errno := l.guestPath(dirfd, p)
	if errno != 0 {
		return statInfo{}, errno
	}
	if si, errno, ok := l.pathDeviceInfo(abs, flags&atSymlinkNofollow == 0); ok {
		return si, errno
	}
	rel, errno := l.resolve(abs, flags&atSymlinkNofollow == 0)
	if errno != 0 {
		return statInfo{}, errno
	}
	st, err := l.root.Lstat(rel)
	if err != nil {
		return statInfo{}, errnoOf(err)
	}
	return infoOf(st), 0
}

// putStat writes the generic struct stat (128 bytes, the layout of asm-generic/stat.h).
func (l *Linux) putStat(h *Hart, addr uint64, si statInfo) int64 {
	b := make([]byte, 128)
	le := binary.LittleEndian
	le.PutUint64(b[0:], si.dev)
	le.PutUint64(b[8:], si.ino)
	le.PutUint32(b[16:], si.mode)
	le.PutUint32(b[20:], uint32(si.nlink))
	le.PutUint32(b[24:], si.uid)
	le.PutUint32(b[28:], si.gid)
	le.PutUint64(b[32:], si.rdev)
	le.PutUint64(b[48:], si.size)
	le.PutUint32(b[56:], si.blksize)
	le.PutUint64(b[64:], si.blocks)
	for i, t := range [][2]int64{si.atime, si.mtime, si.ctime} {
		le.PutUint64(b[72+16*i:], uint64(t[0]))
		le.PutUint64(b[80+16*i:], uint64(t[1]))
	}
	if !l.put(h, addr, b) {
		return -eFAULT
	}
	return 0
}

// putStatx writes struct statx (256 bytes) with the basic fields.
func (l *Linux) putStatx(h *Hart, addr uint64, si statInfo) int64 {
	b := make([]byte, 256)
	le := binary.LittleEndian
	le.PutUint32(b[0:], 0x7ff) // STATX_BASIC_STATS
	le.PutUint32(b[4:], si.blksize)
	le.PutUint32(b[16:], uint32(si.nlink))
	le.PutUint32(b[20:], si.uid)
	le.PutUint32(b[24:], si.gid)
	le.PutUint16(b[28:], uint16(si.mode))
	le.PutUint64(b[32:], si.ino)
	le.PutUint64(b[40:], si.size)
	le.PutUint64(b[48:], si.blocks)
	for i, t := range [][2]int64{si.atime, {}, si.ctime, si.mtime} { // atime, btime, ctime, mtime
		le.PutUint64(b[64+16*i:], uint64(t[0]))
		le.PutUint32(b[72+16*i:], uint32(t[1]))
	}
	le.PutUint32(b[136:], uint32(si.dev>>8&0xfff))
	le.PutUint32(b[140:], uint32(si.dev&0xff))
	if !l.put(h, addr, b) {
		return -eFAULT
	}
	return 0
}

func (l *Linux) getdents64(h *Hart, f *guestFile, addr, n uint64) int64 {
	if !f.dir {
		return -eNOTDIR
	}
	if f.ents == nil {
		ents, err := f.osFile.ReadDir(-1)
		if err != nil {
			return -int64(errnoOf(err))
		}
		sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
		f.ents = ents
	}
	n = min(n, 1<<20)
	var out []byte
	for f.entPos < len(f.ents)+2 {
		name, typ := ".", uint8(4)
		if f.entPos == 1 {
			name = ".."
		} else if f.entPos > 1 {
			e := f.ents[f.entPos-2]
			name = e.Name()
			switch {
			case e.IsDir():
				typ = 4 // DT_DIR
			case e.Type()&fs.ModeSymlink != 0:
				typ = 10 // DT_LNK
			case e.Type().IsRegular():
				typ = 8 // DT_REG
			default:
				typ = 0
			}
		}
		reclen := (19 + len(name) + 1 + 7) &^ 7
		if uint64(len(out)+reclen) > n {
			break
		}
		rec := make([]byte, reclen)
		binary.LittleEndian.PutUint64(rec[0:], uint64(f.entPos+1)) // d_ino: nonzero
		binary.LittleEndian.PutUint64(rec[8:], uint64(f.entPos+1)) // d_off: the next position
		binary.LittleEndian.PutUint16(rec[16:], uint16(reclen))
		rec[18] = typ
		copy(rec[19:], name)
		out = append(out, rec...)
		f.entPos++
	}
	if len(out) == 0 && f.entPos < len(f.ents)+2 {
		return -eINVAL // the buffer is too small for the next entry
	}
	f.pos = int64(f.entPos)
	if !l.put(h, addr, out) {
		return -eFAULT
	}
	return int64(len(out))
}

func (l *Linux) readlinkat(h *Hart, dirfd, pathAddr, buf, size uint64) int64 {
	p, errno := l.readPath(h, pathAddr)
	if errno != 0 {
		return -int64(errno)
	}
	if int64(size) <= 0 {
		return -eINVAL
	}
	if l.procPath(p) == "/proc/self/exe" {
		switch {
		case l.exe != "":
			return l.putTrunc(h, buf, size, l.exe)
		case l.cfg.HostExe != "":
			// A program outside any sysroot: its host path, as qemu-user answers.
			if abs, err := filepath.Abs(l.cfg.HostExe); err == nil {
				return l.putTrunc(h, buf, size, abs)
			}
		}
	}
	abs, errno := l.guestPath(dirfd, p)
	if errno != 0 {
		return -int64(errno)
	}
	rel, errno := l.resolve(abs, false)
	if errno != 0 {
		return -int64(errno)
	}
	target, err := l.root.Readlink(rel)
	if err != nil {
		if st, e := l.root.Lstat(rel); e == nil && st.Mode()&fs.ModeSymlink == 0 {
			return -eINVAL
		}
		return -int64(errnoOf(err))
	}
	return l.putTrunc(h, buf, size, target)
}

func (l *Linux) putTrunc(h *Hart, buf, size uint64, s string) int64 {
	b := []byte(s)
	if uint64(len(b)) > size {
		b = b[:size]
	}
	if !l.put(h, buf, b) {
		return -eFAULT
	}
	return int64(len(b))
}

func (l *Linux) faccessat(h *Hart, dirfd, pathAddr, mode, flags uint64) int64 {
	p, errno := l.readPath(h, pathAddr)
	if errno != 0 {
		return -int64(errno)
	}
	abs, errno := l.guestPath(dirfd, p)
	if errno != 0 {
		return -int64(errno)
	}
	if _, errno, ok := l.pathDeviceInfo(abs, true); ok {
		if errno == 0 && mode&1 != 0 {
			errno = eACCES // devices are readable and writable, not executable
		}
		return -int64(errno)
	}
	rel, errno := l.resolve(abs, flags&atSymlinkNofollow == 0)
	if errno != 0 {
		return -int64(errno)
	}
	st, err := l.root.Stat(rel)
	if err != nil {
		return -int64(errnoOf(err))
	}
	if mode&2 != 0 {
		return -eROFS
	}
	if mode&1 != 0 && st.Mode()&0o111 == 0 {
		return -eACCES
	}
	return 0
}

// chdir makes the directory at guest path p (absolute, symbolic links followed) the
// working directory. The sysroot's directories are the guest's; without a sysroot there is
// only "/".
func (l *Linux) chdir(p string) int64 {
	if len(p) > 4096 {
		return -eNAMETOO
	}
	rel := "."
	if l.root != nil {
		r, errno := l.resolve(p, true)
		if errno != 0 {
			return -int64(errno)
		}
		st, err := l.root.Stat(r)
		if err != nil {
			return -int64(errnoOf(err))
		}
		if !st.IsDir() {
			return -eNOTDIR
		}
		rel = r
	} else if len(splitPath(path.Clean("/"+p))) != 0 {
		return -eNOENT
	}
	l.cwd = strings.TrimSuffix(path.Clean("/"+rel), "/")
	return 0
}

// getcwd writes the working directory to buf (size bytes) as the system call does: the
// length with the terminating NUL, or ERANGE when it does not fit.
func (l *Linux) getcwd(h *Hart, buf, size uint64) int64 {
	d := l.cwd
	if d == "" {
		d = "/"
	}
	if size < uint64(len(d))+1 {
		return -34 // ERANGE
	}
	if !l.put(h, buf, append([]byte(d), 0)) {
		return -eFAULT
	}
	return int64(len(d)) + 1
}
