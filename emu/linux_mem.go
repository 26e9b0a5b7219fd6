package emu

// The memory system calls: brk, mmap, munmap, mprotect. Each validates its range as Linux
// does (alignment, wraparound, the top of the user address space) and then costs time in
// proportion to the number of mappings, never to the size of the range.

const (
	protRead  = 1
	protWrite = 2
	protExec  = 4

	mapShared         = 0x01
	mapPrivate        = 0x02
	mapSharedValidate = 0x03
	mapTypeMask       = 0x0f
	mapFixed          = 0x10
	mapAnonymous      = 0x20
	mapFixedNoReplace = 0x100000

	eEXIST = 17
)

// taskSize is the end of the user address space: Sv39's 256 GiB on RV64, 2 GiB on RV32.
func (l *Linux) taskSize(h *Hart) uint64 {
	if h.ISA.XLEN == 32 {
		return 0x80000000
	}
	return 0x4000000000
}

func protPerm(prot uint64) Perm {
	var p Perm
	if prot&protRead != 0 {
		p |= PermR
	}
	if prot&protWrite != 0 {
		p |= PermW | PermR // as on RISC-V hardware, write implies read
	}
	if prot&protExec != 0 {
		p |= PermX | PermR
	}
	return p
}

// pageUp rounds n up to a page; 0 when that overflows.
func pageUp(n uint64) uint64 {
	if n > ^uint64(0)-pageMask {
		return 0
	}
	return (n + pageMask) &^ pageMask
}

func (l *Linux) brkCall(h *Hart, want uint64) int64 {
	m := h.Mem
	if want < l.brkStart || want > l.brkMax {
		return int64(l.brk)
	}
	newEnd := pageUp(want)
	oldEnd := pageUp(l.brk)
	switch {
	case newEnd > oldEnd:
		if m.Overlaps(oldEnd, newEnd-oldEnd) {
			return int64(l.brk)
		}
		m.Map(oldEnd, newEnd-oldEnd, PermRW)
	case newEnd < oldEnd:
		m.Unmap(newEnd, oldEnd-newEnd)
	}
	l.brk = want
	return int64(l.brk)
}

// mmap maps anonymous memory or a file of the sysroot (MAP_PRIVATE: the guest's changes stay
// its own), at a hint, at a fixed address, or wherever there is room.
func (l *Linux) mmap(h *Hart, a [6]uint64) int64 {
	addr, length, prot, flags, fd, off := a[0], a[1], a[2], a[3], a[4], a[5]
	if h.ISA.XLEN == 32 {
		fd = uint64(int64(int32(fd)))
		off *= PageSize // mmap2 takes the offset in pages
	}
	m := h.Mem
	task := l.taskSize(h)
	if length == 0 || off&pageMask != 0 {
		return -eINVAL
	}
	switch flags & mapTypeMask {
	case mapShared, mapPrivate, mapSharedValidate:
	default:
		return -eINVAL
	}
	if prot&^(protRead|protWrite|protExec) != 0 {
		return -eINVAL
	}
	size := pageUp(length)
	if size == 0 || size > task {
		return -eNOMEM
	}
	var file *guestFile
	if flags&mapAnonymous == 0 {
		f, errno := l.fileFor(fd)
		if errno != 0 {
			return -int64(errno)
		}
		switch {
		case f.kind == kindDevice && f.device == devZero:
			// A mapping of /dev/zero is anonymous memory (the old way to get some).
		case f.dir || f.osFile == nil:
			return -eNODEV
		case flags&mapTypeMask != mapPrivate && prot&protWrite != 0:
			return -eACCES // the sysroot is read-only: no shared writable mapping of it
		default:
			file = f
		}
	}
	// As Linux's heuristic overcommit: one mapping larger than all the memory there is fails.
	if size > m.Limit() && (flags&mapAnonymous == 0 || prot != 0) {
		return -eNOMEM
	}
	if flags&(mapFixed|mapFixedNoReplace) != 0 {
		if addr&pageMask != 0 {
			return -eINVAL
		}
		if addr > task-size {
			return -eNOMEM
		}
		if flags&mapFixedNoReplace != 0 && m.Overlaps(addr, size) {
			return -eEXIST
		}
	} else {
		hint := addr &^ pageMask
		if hint == 0 || hint > task-size || hint < l.mmapMin || m.Overlaps(hint, size) {
			var ok bool
			if hint, ok = m.FindFree(l.mmapBase, l.mmapTop, size); !ok {
				if hint, ok = m.FindFree(l.mmapMin, task, size); !ok {
					return -eNOMEM
				}
			}
		}
		addr = hint
	}
	perm := protPerm(prot)
	if file != nil {
		if !file.mapped {
			file.mapped = true
			l.mappedFiles = append(l.mappedFiles, file)
		}
		m.MapFile(addr, size, perm, file.osFile, off, file.size)
		if off == 0 && file.guest != "" {
			l.noteObject(file, addr, size)
		}
	} else {
		m.Unmap(addr, size)
		m.Map(addr, size, perm)
	}
	return int64(addr)
}

func (l *Linux) munmap(h *Hart, addr, length uint64) int64 {
	task := l.taskSize(h)
	if addr&pageMask != 0 || length == 0 {
		return -eINVAL
	}
	size := pageUp(length)
	if size == 0 || size > task || addr > task-size {
		return -eINVAL
	}
	h.Mem.Unmap(addr, size)
	return 0
}

func (l *Linux) mprotect(h *Hart, addr, length, prot uint64) int64 {
	const protGrowsdown, protGrowsup = 0x01000000, 0x02000000
	if addr&pageMask != 0 || prot&^(protRead|protWrite|protExec|protGrowsdown|protGrowsup) != 0 {
		return -eINVAL
	}
	if length == 0 {
		return 0
	}
	size := pageUp(length)
	if size == 0 || addr+size < addr || addr+size > l.taskSize(h) {
		return -eNOMEM
	}
	if !h.Mem.Protect(addr, size, protPerm(prot)) {
		return -eNOMEM
	}
	return 0
}
