package elf

import (
	"cmp"
	"debug/dwarf"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"sort"
	"strings"
	"sync"
)

// ErrNoLineInfo is returned by the line queries for a file without DWARF line tables.
var ErrNoLineInfo = errors.New("no line info (the program was built without -g, or stripped)")

// maxDebugData bounds the DWARF sections read for line information.
const maxDebugData = 512 << 20

// Position is a source location.
type Position struct {
	File     string // path as the line table gives it (directory joined)
	Line     int
	Column   int    // 0 when unknown
	Function string // innermost function, inlined or not, containing the address; "" if unknown
}

// String formats p as "file:line" (the file's base name), with " (function)" when known.
func (p Position) String() string {
	s := fmt.Sprintf("%s:%d", path.Base(p.File), p.Line)
	if p.Function != "" {
		s += " (" + p.Function + ")"
	}
	return s
}

// lineRow says that [addr, end) comes from file:line. Addresses are link-time ones.
type lineRow struct {
	addr, end    uint64
	file         int // index into lineTable.files
	line, column int
}

// lineEntry is where a run of consecutive line table rows of one file and line starts
// (its first statement row): where a debugger stops for "break file:line" and line
// stepping.
type lineEntry struct {
	addr       uint64
	file, line int
}

type funcRange struct {
	lo, hi uint64
	depth  int // nesting of the DIE: inlined subroutines are deeper than their callers
	name   string
}

// lineTable holds what DWARF says about the program's source, with link-time addresses.
type lineTable struct {
	files   []string
	rows    []lineRow // sorted by addr
	entries []lineEntry
	funcs   []funcRange // sorted by lo, then depth
	// funcsMaxHi[i] is the greatest hi among funcs[:i+1].
	funcsMaxHi []uint64
}

// lineCache reads the line table once, on first use; rebased copies of a File share it.
type lineCache struct {
	once  sync.Once
	table *lineTable
	err   error
}

func (f *File) lineTable() (*lineTable, error) {
	if f.lines == nil {
		return nil, ErrNoLineInfo // a File built by hand
	}
	f.lines.once.Do(func() {
		if f.src == nil {
			f.lines.err = ErrNoLineInfo
			return
		}
		r, size, done, err := f.src()
		if err != nil {
			f.lines.err = err
			return
		}
		defer done()
		f.lines.table, f.lines.err = readLineTable(r, size)
	})
	return f.lines.table, f.lines.err
}

func readDWARF(ef *elf.File) (d *dwarf.Data, err error) {
	defer func() {
		if p := recover(); p != nil {
			d, err = nil, fmt.Errorf("debug/dwarf failed: %v", p)
		}
	}()
	return ef.DWARF()
}

func readLineTable(r io.ReaderAt, size int64) (*lineTable, error) {
	br := &budgetReader{r: r, left: maxHeaders}
	ef, err := openDebug(br)
	if err != nil {
		return nil, fmt.Errorf("no line info: section headers unreadable: %v", err)
	}
	var total uint64
	hasLines := false
	for _, s := range ef.Sections {
		if strings.HasPrefix(s.Name, ".debug_") || strings.HasPrefix(s.Name, ".zdebug_") {
			total += s.Size
			hasLines = hasLines || s.Name == ".debug_line" || s.Name == ".zdebug_line"
		}
	}
	if !hasLines || ef.Section(".debug_info") == nil && ef.Section(".zdebug_info") == nil {
		return nil, ErrNoLineInfo
	}
	if total > maxDebugData {
		return nil, fmt.Errorf("debug sections hold %d MiB, over %d MiB", total>>20, maxDebugData>>20)
	}
	br.left = 2 * maxDebugData // what the sizes add up to, and decompression's slack
	d, err := readDWARF(ef)
	if err != nil {
		return nil, fmt.Errorf("unreadable DWARF: %v", err)
	}
	t := &lineTable{}
	if err := t.read(d); err != nil {
		return nil, fmt.Errorf("unreadable DWARF: %v", err)
	}
	if len(t.rows) == 0 {
		return nil, ErrNoLineInfo
	}
	return t, nil
}

// read collects the line rows and function ranges of every compilation unit.
func (t *lineTable) read(d *dwarf.Data) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("debug/dwarf failed: %v", p)
		}
	}()
	fileIndex := map[string]int{}
	names := map[dwarf.Offset]string{} // DIE names, for abstract origins and specifications
	type pending struct {
		ranges [][2]uint64
		depth  int
		origin dwarf.Offset
	}
	var unnamed []pending
	rd := d.Reader()
	depth := 0
	for {
		e, err := rd.Next()
		if err != nil {
			return err
		}
		if e == nil {
			break
		}
		if e.Tag == 0 { // end of a DIE's children
			depth--
			continue
		}
		if name, ok := e.Val(dwarf.AttrName).(string); ok {
			names[e.Offset] = name
		}
		switch e.Tag {
		case dwarf.TagCompileUnit, dwarf.TagPartialUnit:
			depth = 0
			if err := t.readUnit(d, e, fileIndex); err != nil {
				return err
			}
		case dwarf.TagSubprogram, dwarf.TagInlinedSubroutine:
			ranges, err := d.Ranges(e)
			if err != nil || len(ranges) == 0 {
				break // a declaration, or an inlined-only function's abstract instance
			}
			name, _ := e.Val(dwarf.AttrName).(string)
			if name != "" {
				for _, rg := range ranges {
					t.funcs = append(t.funcs, funcRange{rg[0], rg[1], depth, name})
				}
				break
			}
			origin, ok := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
			if !ok {
				origin, ok = e.Val(dwarf.AttrSpecification).(dwarf.Offset)
			}
			if ok {
				unnamed = append(unnamed, pending{ranges, depth, origin})
			}
		}
		if e.Children {
			depth++
		}
	}
	// Names of abstract instances and declarations can come after their uses.
	for _, u := range unnamed {
		name := names[u.origin]
		if name == "" {
			name = originName(d, u.origin, names)
		}
		for _, rg := range u.ranges {
			t.funcs = append(t.funcs, funcRange{rg[0], rg[1], u.depth, name})
		}
	}
	slices.SortStableFunc(t.funcs, func(a, b funcRange) int { return cmp.Or(cmp.Compare(a.lo, b.lo), cmp.Compare(a.depth, b.depth)) })
	slices.SortStableFunc(t.rows, func(a, b lineRow) int { return cmp.Compare(a.addr, b.addr) })
	t.funcsMaxHi = make([]uint64, len(t.funcs))
	var hi uint64
	for i, fn := range t.funcs {
		hi = max(hi, fn.hi)
		t.funcsMaxHi[i] = hi
	}
	return nil
}

// originName follows a chain of abstract origins or specifications to a name.
func originName(d *dwarf.Data, off dwarf.Offset, names map[dwarf.Offset]string) string {
	for range 8 {
		if n := names[off]; n != "" {
			return n
		}
		rd := d.Reader()
		rd.Seek(off)
		e, err := rd.Next()
		if err != nil || e == nil {
			return ""
		}
		if n, ok := e.Val(dwarf.AttrName).(string); ok {
			return n
		}
		next, ok := e.Val(dwarf.AttrAbstractOrigin).(dwarf.Offset)
		if !ok {
			next, ok = e.Val(dwarf.AttrSpecification).(dwarf.Offset)
		}
		if !ok {
			return ""
		}
		off = next
	}
	return ""
}

// readUnit appends the rows of one compilation unit's line program.
func (t *lineTable) readUnit(d *dwarf.Data, cu *dwarf.Entry, fileIndex map[string]int) error {
	lr, err := d.LineReader(cu)
	if err != nil || lr == nil {
		return err // nil, nil: a unit without a line program
	}
	// debug/dwarf joins the compilation directory even to an absolute file name
	// ("/build" + "/src/prog.c" gives "/build/src/prog.c"). The unit's own name is the usual
	// absolute one (clang given an absolute path): undo the join for it.
	var joined, unitName string
	if name, ok := cu.Val(dwarf.AttrName).(string); ok && path.IsAbs(name) {
		if dir, ok := cu.Val(dwarf.AttrCompDir).(string); ok && dir != "" {
			joined, unitName = path.Join(dir, name), name
		}
	}
	var seq []dwarf.LineEntry
	var le dwarf.LineEntry
	for {
		if err := lr.Next(&le); err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		seq = append(seq, le)
		if !le.EndSequence {
			continue
		}
		// A run is a stretch of consecutive rows of one file and line; its entry is its
		// first statement row, even one covering no bytes (gcc starts several lines at one
		// address), but not one at the very end of the sequence.
		seqEnd := seq[len(seq)-1].Address
		prevFile, prevLine, entered := "", -1, false
		for i := 0; i+1 < len(seq); i++ {
			e := seq[i]
			name := ""
			if e.File != nil {
				name = e.File.Name
			}
			if name == joined && joined != "" {
				name = unitName
			}
			if name != prevFile || e.Line != prevLine {
				prevFile, prevLine, entered = name, e.Line, false
			}
			if e.Line == 0 {
				continue
			}
			fi, ok := fileIndex[name]
			if !ok {
				fi = len(t.files)
				t.files = append(t.files, name)
				fileIndex[name] = fi
			}
			if e.IsStmt && !entered && e.Address < seqEnd {
				entered = true
				t.entries = append(t.entries, lineEntry{e.Address, fi, e.Line})
			}
			if seq[i+1].Address > e.Address {
				t.rows = append(t.rows, lineRow{addr: e.Address, end: seq[i+1].Address, file: fi,
					line: e.Line, column: e.Column})
			}
		}
		seq = seq[:0]
	}
}

// PCToLine returns the source position of the instruction at pc (a loaded address: the
// load base is taken off), with the innermost function, inlined or not, that contains it.
// ok is false when the line table does not cover pc. err is ErrNoLineInfo for a program
// without DWARF line tables.
func (f *File) PCToLine(pc uint64) (pos Position, ok bool, err error) {
	t, err := f.lineTable()
	if err != nil {
		return Position{}, false, err
	}
	a := pc - f.Base
	i := sort.Search(len(t.rows), func(i int) bool { return t.rows[i].addr > a }) - 1
	if i < 0 || a >= t.rows[i].end {
		return Position{}, false, nil
	}
	row := t.rows[i]
	pos = Position{File: t.files[row.file], Line: row.line, Column: row.column}
	// Walk back from the last range starting at or below a, while an earlier one could
	// still reach past a: profiles ask this for every sample.
	best := -1
	for j := sort.Search(len(t.funcs), func(j int) bool { return t.funcs[j].lo > a }) - 1; j >= 0 && t.funcsMaxHi[j] > a; j-- {
		if fn := t.funcs[j]; a < fn.hi && (best < 0 || fn.depth > t.funcs[best].depth) {
			best = j
		}
	}
	if best >= 0 {
		pos.Function = t.funcs[best].name
	}
	return pos, true, nil
}

// LinePCs returns the loaded addresses where the code of file:line starts: for each run of
// consecutive line table rows of that line, its first statement row.
// file matches a line table path exactly, or as its trailing path elements ("prog.c",
// "src/prog.c"). A line without code moves to the next line of the file that has some, as
// debuggers do; got is the line used. The addresses are sorted.
func (f *File) LinePCs(file string, line int) (pcs []uint64, got int, err error) {
	t, err := f.lineTable()
	if err != nil {
		return nil, 0, err
	}
	match := map[int]bool{}
	for i, name := range t.files {
		if name == file || strings.HasSuffix(name, "/"+strings.TrimPrefix(file, "./")) {
			match[i] = true
		}
	}
	if len(match) == 0 {
		return nil, 0, fmt.Errorf("no line info for file %q", file)
	}
	got = -1
	for _, e := range t.entries {
		if match[e.file] && e.line >= line && (got < 0 || e.line < got) {
			got = e.line
		}
	}
	if got < 0 {
		return nil, 0, fmt.Errorf("%s has no code at line %d or after", file, line)
	}
	for _, e := range t.entries {
		if match[e.file] && e.line == got {
			pcs = append(pcs, e.addr+f.Base)
		}
	}
	slices.Sort(pcs)
	return slices.Compact(pcs), got, nil
}

// SourceFiles lists the files the line table names, sorted.
func (f *File) SourceFiles() ([]string, error) {
	t, err := f.lineTable()
	if err != nil {
		return nil, err
	}
	files := slices.Clone(t.files)
	slices.Sort(files)
	return files, nil
}
