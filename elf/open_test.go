package elf

import (
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOpenRefusesQuickly feeds Open things that are not programs, or claim to be absurdly
// large ones: each must be refused at once, with one line naming the file, without reading
// (or allocating) what the file or its headers claim.
func TestOpenRefusesQuickly(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	sparse := func(name string, size int64, edit func(b []byte)) string {
		b := sample(false).bytes()
		edit(b)
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, size); err != nil { // sparse: costs no disk space
			t.Fatal(err)
		}
		return path
	}
	// A 4 GiB file whose text segment claims 3 GiB of it (within the file, under 4 GiB of
	// memory) and whose data segment claims more memory than exists.
	hugeFilesz := sparse("huge-filesz.elf", 4<<30, func(b []byte) {
		le.PutUint64(b[phdr64(0)+32:], 3<<30)
		le.PutUint64(b[phdr64(0)+40:], 3<<30)
		le.PutUint64(b[phdr64(1)+16:], 0x1_0000_0000) // out of the way of the text
	})
	hugeMemsz := sparse("huge-memsz.elf", 4<<30, func(b []byte) { le.PutUint64(b[phdr64(1)+40:], 1<<40) })
	hugeOff := sparse("huge-offset.elf", 4<<30, func(b []byte) { le.PutUint64(b[phdr64(1)+8:], 5<<30) })

	for _, tc := range []struct {
		path, want string
	}{
		{"/dev/zero", "a character device"},
		{"/dev/urandom", "a character device"},
		{fifo, "a named pipe (FIFO)"},
		{dir, "a directory"},
		{hugeFilesz, "absurdly large segment 0 (filesz 0xc0000000): over 1 GiB of file data"},
		{hugeMemsz, "absurdly large segment 1 (memsz 0x10000000000)"},
		{hugeOff, "segment 1: file range 0x140000000+0x8 outside the file"},
	} {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			if _, err := os.Stat(tc.path); err != nil {
				t.Skipf("%v", err)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			f, err := Open(tc.path)
			elapsed := time.Since(start)
			runtime.ReadMemStats(&after)
			if err == nil {
				t.Fatalf("Open succeeded (%d segments)", len(f.Segments))
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, tc.path+": ") || !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
				t.Errorf("error %q: want one line starting with the path and mentioning %q", msg, tc.want)
			}
			t.Logf("refused in %v, %d bytes allocated: %v", elapsed, after.TotalAlloc-before.TotalAlloc, err)
			if elapsed > 200*time.Millisecond {
				t.Errorf("took %v to refuse", elapsed)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
				t.Errorf("allocated %d bytes to refuse", alloc)
			}
		})
	}
}

// TestOpenReadsOnlySegments checks that memory follows what is loaded: a valid program in a
// large sparse file (what a huge debug section would look like) costs its segments, not the
// file.
func TestOpenReadsOnlySegments(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.elf")
	if err := os.WriteFile(path, sample(false).bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 2<<30); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f, err := Open(path)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Segments) != 2 || f.Segments[0].Data[5] != 5 || len(f.Symbols) == 0 {
		t.Fatalf("segments %d, symbols %d", len(f.Segments), len(f.Symbols))
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<20 {
		t.Errorf("allocated %d bytes for a program of a few hundred", alloc)
	}
}

// openSparse writes b as the start of a sparse 4 GiB file and opens it, failing the test if
// that reads the gigabytes the file claims (what names the lie, for the message).
func openSparse(t *testing.T, name string, b []byte, what string) *File {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 4<<30); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	f, err := Open(path)
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 || elapsed > 10*time.Second { // the time bound only catches a read of gigabytes: the machine may be loaded
		t.Errorf("allocated %d bytes in %v for %s", alloc, elapsed, what)
	}
	return f
}

// TestSymtabBudget: a symbol table claiming most of a sparse file is not read into memory.
func TestSymtabBudget(t *testing.T) {
	b := sample(false).bytes()
	le := binary.LittleEndian
	shoff := le.Uint64(b[offShoff64:])
	// Sections: null, .text, .data, .bss, .comment, .symtab (5), .strtab, .shstrtab.
	symtab := shoff + 5*64
	if elf.SectionType(le.Uint32(b[symtab+4:])) != elf.SHT_SYMTAB {
		t.Fatal("section 5 is not .symtab")
	}
	le.PutUint64(b[symtab+24:], 4096)  // sh_offset
	le.PutUint64(b[symtab+32:], 3<<30) // sh_size
	f := openSparse(t, "symtab.elf", b, "a lying symbol table")
	if len(f.Symbols) != 0 || len(f.Problems) == 0 || !strings.Contains(strings.Join(f.Problems, "|"), "symbol table") {
		t.Errorf("symbols %d, problems %q", len(f.Symbols), f.Problems)
	}
}

// TestSectionNamesBudget: a section name table claiming gigabytes of a sparse file is not
// read into memory; the file still loads, with the problem noted.
func TestSectionNamesBudget(t *testing.T) {
	b := sample(false).bytes()
	le := binary.LittleEndian
	shoff := le.Uint64(b[offShoff64:])
	shstrndx := uint64(le.Uint16(b[62:]))
	h := shoff + shstrndx*64
	le.PutUint64(b[h+24:], 4096)  // sh_offset
	le.PutUint64(b[h+32:], 3<<30) // sh_size
	f := openSparse(t, "shstrtab.elf", b, "a lying section name table")
	if len(f.Segments) != 2 || len(f.Problems) != 1 || !strings.Contains(f.Problems[0], "section headers unreadable") {
		t.Errorf("segments %d, problems %q", len(f.Segments), f.Problems)
	}
}
