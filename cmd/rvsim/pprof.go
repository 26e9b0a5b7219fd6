package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path"
	"sort"
	"time"

	"github.com/google/pprof/profile"

	"rvsim/cyclemodel"
	"rvsim/elf"
	"rvsim/emu"
)

// Cycle profiles in pprof's format, so that `go tool pprof` (-top, -list, -http, flame
// graphs) reads a modelled run as it reads a Go CPU profile. Each sample is one pc: its
// modelled cycles, the instructions retired there, and its cycles split by the reason the
// model gives for them (the values per reason add up to the cycles). Locations are named
// from the ELF: the function as the symbol table (SymbolAt) names it, the file and line from
// DWARF where the binary has them.

// loadedObject is an ELF file mapped into a run: the program, and (with dynamic linking) the
// objects the loader adds. Its addresses are loaded ones (File.Base applied).
type loadedObject struct {
	Path string
	File *elf.File
	obj  *emu.Object // the guest's record of it (nil for a bare-metal program)
}

// loadedObjects lists the objects of a machine, the program first: profiles get one
// mapping per entry and name each pc from the object that holds it. For a Linux program
// they are those mapped so far: after the run, its interpreter and every shared object it
// loaded from the sysroot.
func loadedObjects(path string, mc *emu.Machine) []loadedObject {
	objs := []loadedObject{{Path: path, File: mc.File}}
	for i, o := range mc.Objects() {
		if i == 0 {
			objs[0].obj = o // the program
			continue
		}
		if f := o.File(); f != nil {
			objs = append(objs, loadedObject{Path: o.Path, File: f, obj: o})
		}
	}
	return objs
}

// funcAt returns the function of o holding pc: from its symbol table, or (a stripped
// library) its dynamic symbols.
func (o loadedObject) funcAt(pc uint64) (name string, entry uint64, ok bool) {
	if o.obj != nil {
		return o.obj.FuncAt(pc)
	}
	s, _, ok := o.File.SymbolAt(pc)
	return s.Name, s.Value, ok
}

// funcName is how --stats names the function holding pc: the symbol, with the object's
// name for one in a shared object ("memcpy in libc.so.6"), or the object alone in
// brackets where no symbol covers pc ("[libcrypto.so.3]": a library's internal functions
// have no dynamic symbols).
func funcName(objs []loadedObject, pc uint64) string {
	o, ok := objectAt(objs, pc)
	if !ok {
		return unknownFunc
	}
	name, _, ok := o.funcAt(pc)
	switch {
	case o.File == objs[0].File && ok:
		return name
	case o.File == objs[0].File:
		return unknownFunc
	case ok:
		return name + " in " + path.Base(o.Path)
	}
	return "[" + path.Base(o.Path) + "]"
}

// describeAt names pc for --stats' loops and instructions: "sym+0x10", with the object's
// name in a shared object ("" when nothing covers it).
func describeAt(objs []loadedObject, pc uint64) string {
	o, ok := objectAt(objs, pc)
	if !ok {
		return ""
	}
	name, entry, ok := o.funcAt(pc)
	d := name
	switch {
	case !ok && o.File == objs[0].File:
		return ""
	case !ok:
		return fmt.Sprintf("%s+%#x", path.Base(o.Path), pc-o.File.Base)
	case pc != entry:
		d = fmt.Sprintf("%s+%#x", name, pc-entry)
	}
	if o.File != objs[0].File {
		d += " in " + path.Base(o.Path)
	}
	return d
}

// objectsTextRange is the smallest range holding every object's executable segments: the
// range a model profiles.
func objectsTextRange(objs []loadedObject) (lo, hi uint64) {
	lo = ^uint64(0)
	for _, o := range objs {
		l, h := textRange(o.File)
		if h == 0 {
			continue
		}
		lo, hi = min(lo, l), max(hi, h)
	}
	if hi == 0 {
		return 0, 0
	}
	return lo, hi
}

// objectAt returns the object whose executable segments hold pc.
func objectAt(objs []loadedObject, pc uint64) (loadedObject, bool) {
	for i := len(objs) - 1; i >= 0; i-- { // the most recent mapping wins, as Linux.ObjectAt has it
		o := objs[i]
		for _, s := range o.File.Segments {
			if s.Perm&elf.PermX != 0 && pc >= s.Vaddr && pc-s.Vaddr < s.Memsz {
				return o, true
			}
		}
	}
	return loadedObject{}, false
}

// pprofRun is one modelled run to put in a profile: its model (with SetProfile over the
// objects' text and KeepReasons), its objects, and labels for its samples (bench names each
// case).
type pprofRun struct {
	model  *cyclemodel.Model
	objs   []loadedObject
	labels map[string][]string
}

// outsideName names the location of the cycles at pcs outside every object's text.
const outsideName = "[outside the program's text]"

// buildPprof makes a profile of runs. The sample types are cycles, instructions and then
// every reason that cost cycles in any run, in the model's order; cycles is the default.
// start is when the runs began; the duration is the modelled time at the core's clock.
func buildPprof(runs []pprofRun, start time.Time, comments []string) *profile.Profile {
	p := &profile.Profile{
		SampleType:        []*profile.ValueType{{Type: "cycles", Unit: "count"}, {Type: "instructions", Unit: "count"}},
		DefaultSampleType: "cycles",
		PeriodType:        &profile.ValueType{Type: "cycles", Unit: "count"},
		Period:            1,
		TimeNanos:         start.UnixNano(),
		Comments:          comments,
	}
	// The reasons that cost cycles, by name (a bench's runs share one core, so they name
	// reasons alike; a run's index order is the model's).
	column := map[string]int{}
	type runCosts struct {
		pcs     []cyclemodel.PCCost
		outside cyclemodel.PCCost
	}
	costs := make([]runCosts, len(runs))
	var totalCycles uint64
	var freq float64
	for i, r := range runs {
		pcs, out := r.model.PCCosts()
		costs[i] = runCosts{pcs, out}
		for _, sh := range r.model.Breakdown() {
			if _, ok := column[sh.Reason]; !ok {
				column[sh.Reason] = len(p.SampleType)
				p.SampleType = append(p.SampleType, &profile.ValueType{Type: sh.Reason, Unit: "count"})
			}
		}
		totalCycles += r.model.Stats().Cycles
		freq = r.model.Core().FreqMHz
	}
	sortReasonColumns(p, runs, column)
	if freq > 0 {
		p.DurationNanos = int64(float64(totalCycles) * 1e3 / freq)
	}

	b := &pprofLocations{p: p, locs: map[uint64]*profile.Location{}, funcs: map[funcKey]*profile.Function{},
		maps: map[*elf.File]*profile.Mapping{}, noLines: map[*elf.File]bool{}}
	for i, r := range runs {
		for _, o := range r.objs {
			b.mapping(o)
		}
		add := func(loc *profile.Location, c cyclemodel.PCCost) {
			v := make([]int64, len(p.SampleType))
			v[0], v[1] = int64(c.Cycles), int64(c.Count)
			for _, rc := range c.Reasons {
				v[column[r.model.ReasonName(rc.Reason)]] += int64(rc.Cycles)
			}
			p.Sample = append(p.Sample, &profile.Sample{Location: []*profile.Location{loc}, Value: v, Label: r.labels})
		}
		for _, c := range costs[i].pcs {
			add(b.location(r.objs, c.PC), c)
		}
		if out := costs[i].outside; out.Count > 0 {
			add(b.outside(), out)
		}
	}
	return p
}

// sortReasonColumns puts the reason columns in the model's reason order (issue first), so
// that the sample types read the same from run to run.
func sortReasonColumns(p *profile.Profile, runs []pprofRun, column map[string]int) {
	if len(runs) == 0 {
		return
	}
	m := runs[0].model
	order := map[string]int{}
	for i := range m.NumReasons() {
		order[m.ReasonName(i)] = i
	}
	reasons := p.SampleType[2:]
	sort.SliceStable(reasons, func(a, b int) bool { return order[reasons[a].Type] < order[reasons[b].Type] })
	for i, vt := range reasons {
		column[vt.Type] = i + 2
	}
}

// funcKey tells functions apart: by object (kernels of two variants both have an
// sm4_encrypt), name and file.
type funcKey struct {
	obj        *elf.File
	name, file string
}

// pprofLocations builds a profile's mappings, locations and functions, one of each per
// object, pc and (name, file).
type pprofLocations struct {
	p       *profile.Profile
	locs    map[uint64]*profile.Location
	funcs   map[funcKey]*profile.Function
	maps    map[*elf.File]*profile.Mapping
	noLines map[*elf.File]bool // objects without DWARF line tables (or unreadable ones)
	outLoc  *profile.Location
}

// mapping returns the object's mapping, adding it: its executable segments, in pages from
// the page holding the first, as Linux maps them (/proc/PID/maps): pprof works out the
// file's load base from the page-aligned start and file offset.
func (b *pprofLocations) mapping(o loadedObject) *profile.Mapping {
	if mp, ok := b.maps[o.File]; ok {
		return mp
	}
	mp := &profile.Mapping{ID: uint64(len(b.p.Mapping) + 1), File: o.Path,
		// Every location is named here: pprof must not look for the file's symbols.
		HasFunctions: true, HasFilenames: true, HasLineNumbers: true, HasInlineFrames: true}
	const pageMask = 1<<12 - 1
	lo, hi := textRange(o.File)
	mp.Start, mp.Limit = lo&^pageMask, (hi+pageMask)&^pageMask
	for _, pr := range o.File.Progs {
		if pr.Type == 1 /* PT_LOAD */ && pr.Perm&elf.PermX != 0 {
			mp.Start = (pr.Vaddr + o.File.Base) &^ pageMask
			mp.Offset = pr.Off &^ pageMask
			break
		}
	}
	b.p.Mapping = append(b.p.Mapping, mp)
	b.maps[o.File] = mp
	return mp
}

// location returns pc's location: in the object holding it, named by the symbol table and
// DWARF. Code inlined into the symbol's function is a frame of its own (pprof's inline
// frames), at the inlined function's line, called from line 0 of the symbol's function
// (the line tables do not give the call site).
func (b *pprofLocations) location(objs []loadedObject, pc uint64) *profile.Location {
	if loc, ok := b.locs[pc]; ok {
		return loc
	}
	loc := &profile.Location{ID: uint64(len(b.p.Location) + 1), Address: pc}
	b.p.Location = append(b.p.Location, loc)
	b.locs[pc] = loc
	o, ok := objectAt(objs, pc)
	if !ok {
		return loc
	}
	loc.Mapping = b.mapping(o)
	f := o.File
	name, entry, ok := o.funcAt(pc)
	if !ok {
		return loc
	}
	pos, ok := b.line(f, pc)
	if !ok {
		loc.Line = []profile.Line{{Function: b.function(name, f, entry)}}
		return loc
	}
	outer := b.function(name, f, entry)
	if pos.Function != "" && pos.Function != name {
		inner := b.inlined(pos.Function, f, pos.File)
		loc.Line = []profile.Line{{Function: inner, Line: int64(pos.Line)}, {Function: outer}}
		return loc
	}
	if outer.Filename == "" {
		outer.Filename = pos.File
	}
	loc.Line = []profile.Line{{Function: outer, Line: int64(pos.Line)}}
	return loc
}

// line is f.PCToLine, remembering which objects have no line tables.
func (b *pprofLocations) line(f *elf.File, pc uint64) (elf.Position, bool) {
	if b.noLines[f] {
		return elf.Position{}, false
	}
	pos, ok, err := f.PCToLine(pc)
	if err != nil {
		b.noLines[f] = true
		return elf.Position{}, false
	}
	return pos, ok
}

// function returns the function name, adding it. For a symbol's function (f set, entry its
// address) the file and start line are those of its first instruction.
func (b *pprofLocations) function(name string, f *elf.File, entry uint64) *profile.Function {
	file := ""
	var startLine int64
	if f != nil {
		if pos, ok := b.line(f, entry); ok {
			file, startLine = pos.File, int64(pos.Line)
		}
	}
	return b.add(funcKey{f, name, file}, startLine)
}

// inlined returns the function name of object f inlined from file, adding it.
func (b *pprofLocations) inlined(name string, f *elf.File, file string) *profile.Function {
	return b.add(funcKey{f, name, file}, 0)
}

func (b *pprofLocations) add(key funcKey, startLine int64) *profile.Function {
	if fn, ok := b.funcs[key]; ok {
		return fn
	}
	fn := &profile.Function{ID: uint64(len(b.p.Function) + 1), Name: key.name, SystemName: key.name, Filename: key.file, StartLine: startLine}
	b.p.Function = append(b.p.Function, fn)
	b.funcs[key] = fn
	return fn
}

// outside is the location of the cycles outside every object's text.
func (b *pprofLocations) outside() *profile.Location {
	if b.outLoc == nil {
		b.outLoc = &profile.Location{ID: uint64(len(b.p.Location) + 1),
			Line: []profile.Line{{Function: b.function(outsideName, nil, 0)}}}
		b.p.Location = append(b.p.Location, b.outLoc)
	}
	return b.outLoc
}

// errWrite wraps the error of writing a profile out (as opposed to building it).
var errWrite = errors.New("writing the profile")

// writePprof writes the profile of runs to w, gzipped as pprof reads it.
func writePprof(w io.Writer, runs []pprofRun, start time.Time, comments []string) error {
	p := buildPprof(runs, start, comments)
	if err := p.CheckValid(); err != nil {
		return fmt.Errorf("building the profile: %v", err)
	}
	if err := p.Write(w); err != nil {
		return fmt.Errorf("%w: %v", errWrite, err)
	}
	return nil
}

// keepPprof turns on the per-pc, per-reason counting a pprof profile needs, over the text of
// objs; all of the address space for a Linux program (objs[0].obj set), whose shared
// objects are mapped as it runs.
func keepPprof(m *cyclemodel.Model, objs []loadedObject) error {
	lo, hi := objectsTextRange(objs)
	if objs[0].obj != nil {
		lo, hi = 0, ^uint64(0)
	}
	m.SetProfile(lo, hi)
	if !m.KeepReasons() {
		return fmt.Errorf("cannot profile the text at %#x..%#x", lo, hi)
	}
	return nil
}

// funcCost is what the instructions of one function cost.
type funcCost struct {
	name          string
	cycles, insts uint64
}

// unknownFunc names the code no symbol covers.
const unknownFunc = "[unknown]"

// topFunctions returns the n functions (symbols, as a profile names them) that cost the
// most cycles in m's profile (needs SetProfile), most first.
func topFunctions(m *cyclemodel.Model, objs []loadedObject, n int) []funcCost {
	by := map[string]*funcCost{}
	var out []*funcCost
	for _, ip := range m.TopInsts(math.MaxInt) {
		name := funcName(objs, ip.PC)
		fc := by[name]
		if fc == nil {
			fc = &funcCost{name: name}
			by[name] = fc
			out = append(out, fc)
		}
		fc.cycles += ip.Cycles
		fc.insts += ip.Count
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].cycles > out[j].cycles })
	var top []funcCost
	for _, fc := range out[:min(n, len(out))] {
		top = append(top, *fc)
	}
	return top
}
