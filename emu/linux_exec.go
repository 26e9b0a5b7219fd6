package emu

import (
	"fmt"
	"os"

	"rvsim/elf"
)

// execve replaces the process image with a program from the sysroot (or, for
// /proc/self/exe, the program rvsim was started with: busybox re-executes itself for its
// applets). Descriptors stay open except close-on-exec ones; handled signals return to
// their default action, ignored ones stay ignored; pid and children are kept.
func (l *Linux) execve(h *Hart, pathAddr, argvAddr, envpAddr uint64) (int64, bool) {
	p, errno := l.readPath(h, pathAddr)
	if errno != 0 {
		return -int64(errno), true
	}
	argv, errno := l.readStrings(h, argvAddr)
	if errno != 0 {
		return -int64(errno), true
	}
	envp, errno := l.readStrings(h, envpAddr)
	if errno != 0 {
		return -int64(errno), true
	}
	var data []byte
	guest := p
	switch {
	case p == "/proc/self/exe" && l.cfg.HostExe != "":
		var err error
		if data, err = os.ReadFile(l.cfg.HostExe); err != nil {
			return -int64(errnoOf(err)), true
		}
		guest = l.exe
	default:
		abs, errno := l.guestPath(atFdcwdU, p)
		if errno != 0 {
			return -int64(errno), true
		}
		rel, errno := l.resolve(abs, true)
		if errno != 0 {
			return -int64(errno), true
		}
		st, err := l.root.Stat(rel)
		if err != nil {
			return -int64(errnoOf(err)), true
		}
		if !st.Mode().IsRegular() || st.Mode()&0o111 == 0 {
			return -eACCES, true
		}
		if st.Size() > 256<<20 {
			return -eNOMEM, true
		}
		if data, err = l.root.ReadFile(rel); err != nil {
			return -int64(errnoOf(err)), true
		}
		guest = "/" + rel
	}
	f, err := elf.Parse(data)
	if err != nil || f.XLEN != h.ISA.XLEN {
		return -8, true // ENOEXEC
	}
	if len(argv) == 0 {
		argv = []string{guest}
	}
	cfg := l.cfg
	cfg.Args, cfg.Env, cfg.Exe = argv, envp, guest
	mc, err := Load(f, Config{ISA: h.ISA, Env: EnvLinux, Linux: cfg, MemoryLimit: h.Mem.Limit()})
	if err != nil {
		if l.cfg.Stderr != nil {
			fmt.Fprintf(l.cfg.Stderr, "rvsim: execve %s: %v\n", p, err)
		}
		return -8, true
	}
	n := mc.Linux
	// The process carries on: its descriptors, working directory, identity, children and
	// ignored signals.
	for fd, e := range l.fds {
		if e != nil && e.cloexec {
			l.closeFD(uint64(fd))
		}
	}
	n.fds, n.pid, n.ppid, n.depth, n.children, n.proc = l.fds, l.pid, l.ppid, l.depth, l.children, l.proc
	n.cwd = l.cwd
	n.mappedFiles = append(n.mappedFiles, l.mappedFiles...)
	n.Unimplemented = l.Unimplemented
	n.tm.slept = l.tm.slept
	for sig := range l.sig.actions {
		if l.sig.actions[sig].handler == sigIgn {
			n.sig.actions[sig] = sigAction{handler: sigIgn}
		}
	}
	n.sig.blocked = l.sig.blocked
	nh := mc.Hart
	h.Mem = nh.Mem
	h.X, h.F, h.PC = nh.X, nh.F, nh.PC
	h.frm, h.fflags = 0, 0
	h.Linux = n
	h.resValid = false
	h.epoch = ^uint64(0) // the code-page cache belonged to the old image
	*l = *n              // callers holding l see the new process
	h.Linux = l
	return int64(h.X[10]), true
}

const atFdcwdU = 0xffffffffffffff9c // AT_FDCWD as an unsigned register

func (l *Linux) readStrings(h *Hart, addr uint64) ([]string, uint64) {
	var out []string
	if addr == 0 {
		return nil, 0
	}
	word := uint64(h.ISA.XLEN / 8)
	total := 0
	for i := uint64(0); ; i++ {
		if i > 4096 {
			return nil, 7 // E2BIG
		}
		p, ok := l.readWord(h, addr+i*word)
		if !ok {
			return nil, eFAULT
		}
		if word == 4 {
			p &= 0xffffffff
		}
		if p == 0 {
			return out, 0
		}
		s, err := h.Mem.ReadString(p, 128<<10)
		if err != nil {
			return nil, eFAULT
		}
		total += len(s) + 1
		if total > 2<<20 {
			return nil, 7
		}
		out = append(out, s)
	}
}
