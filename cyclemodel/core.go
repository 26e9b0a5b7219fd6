package cyclemodel

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math/bits"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"rvsim/isa"
)

// Core is a validated core description: everything the model knows about a core. Read one
// with Load (a shipped name or a file) or Parse.
type Core struct {
	Name    string
	Summary string
	File    string // where it was read from ("cores/rocket.toml" for a shipped one)
	FreqMHz float64

	// Front end.
	OutOfOrder bool
	FetchWidth int // instructions fetched (and decoded) per cycle
	IssueWidth int // instructions issued per cycle (and retired, out of order)
	Window     int // reorder-buffer entries (out of order only)

	// Branch prediction.
	Predictor         string // "static" (backward taken), "bimodal" or "gshare"
	PredictorEntries  int    // two-bit counters (bimodal, gshare)
	HistoryBits       int    // global history length (gshare)
	BTBEntries        int    // indirect-jump targets remembered (0: indirect jumps mispredict)
	RASEntries        int    // return-address stack depth (0: returns are indirect jumps)
	MispredictPenalty int    // cycles lost when a branch or jump was mispredicted
	TakenBubble       int    // cycles lost on a correctly predicted taken branch or jump

	// Dependencies.
	BypassExtra int // cycles added to every producer-to-consumer latency (0: full bypass)
	// Cycles added when an op of the ALU's unit produces a scalar load's or store's address
	// (AddrExtra) or a store's data (DataExtra): a core that forms addresses early in its
	// pipeline, before the ALU result it needs exists (the U74's late ALU).
	AddrExtra, DataExtra int
	// Cycles earlier than its latency a load's result reaches an op that is not a load or
	// store (LoadToALUAdvance: the U74 executes such ops late in its pipeline, after the
	// load's data returns), and a store as its data (LoadToDataAdvance).
	LoadToALUAdvance, LoadToDataAdvance int

	// Memory.
	L1DSize, L1DWays, L1DLine int // bytes, ways, bytes
	L1DHit                    int // load-to-use cycles on a hit
	L1DMiss                   int // load-to-use cycles on a miss (refill from the next level)
	MisalignedPenalty         int // extra cycles for an access that is not naturally aligned
	StoreForward              int // cycles from a store's data to a load of the same bytes that takes it from the store buffer

	// Vector unit (HasVector false: the core has none and vector classes must not appear).
	HasVector    bool
	VLEN         int  // bits per vector register
	DLEN         int  // bits the datapath processes per beat
	Chaining     bool // a dependent vector op may start once the first beat's result exists
	VecLSBytes   int  // vector load/store bytes per cycle
	VsetvlCycles int  // issue cycles a vsetvl/vsetvli/vsetivli takes

	Units     []Unit
	Overrides []Override

	classUnit [isa.NumClasses]int // index into Units, -1 when unassigned
	lines     lineIndex           // key -> line, for messages about parameters
}

// Unit is one kind of functional unit: Count identical copies, each of which takes an
// operation every Interval cycles (1: pipelined) and produces its result Latency cycles
// after issue.
type Unit struct {
	Name     string
	Classes  []isa.Class
	Count    int
	Latency  int
	Interval int
}

// Override changes the latency or issue interval of one op, or of one class within its
// unit. Zero fields keep the unit's value.
type Override struct {
	Op       isa.Op    // OpInvalid when keyed by class
	Class    isa.Class // ClassNone when keyed by op
	Latency  int
	Interval int
}

// Error is a problem in a core description, at a line and key of its file.
type Error struct {
	File string
	Line int // 0 when unknown
	Key  string
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Key != "" {
		b.WriteString(": " + oneLine.Replace(e.Key))
	}
	b.WriteString(": " + oneLine.Replace(e.Msg))
	return b.String()
}

// oneLine keeps an error on one line: the TOML decoder quotes the input it stopped at,
// line breaks included.
var oneLine = strings.NewReplacer("\n", `\n`, "\r", `\r`)

//go:embed cores/*.toml
var shipped embed.FS

// Names lists the shipped cores.
func Names() []string {
	ents, _ := fs.ReadDir(shipped, "cores")
	var names []string
	for _, e := range ents {
		names = append(names, strings.TrimSuffix(e.Name(), ".toml"))
	}
	sort.Strings(names)
	return names
}

// Shipped returns every shipped core, parsed.
func Shipped() ([]*Core, error) {
	var cs []*Core
	for _, n := range Names() {
		c, err := Load(n)
		if err != nil {
			return nil, err
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// Load returns the shipped core called name, or reads the description in the file name (a
// path, or anything ending in .toml).
func Load(name string) (*Core, error) {
	if !strings.ContainsAny(name, "/\\") && !strings.HasSuffix(name, ".toml") {
		data, err := shipped.ReadFile("cores/" + name + ".toml")
		if err != nil {
			return nil, fmt.Errorf("no core named %q (shipped: %s; or give a .toml file)", name, strings.Join(Names(), ", "))
		}
		return Parse("cores/"+name+".toml", data)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return Parse(name, data)
}

// The file format. Pointer fields tell a missing key from a zero.
type fileCore struct {
	Name      *string        `toml:"name"`
	Summary   *string        `toml:"summary"`
	FreqMHz   *float64       `toml:"freq_mhz"`
	Pipeline  *filePipeline  `toml:"pipeline"`
	Branch    *fileBranch    `toml:"branch"`
	Deps      *fileDeps      `toml:"dependencies"`
	Memory    *fileMemory    `toml:"memory"`
	Vector    *fileVector    `toml:"vector"`
	Units     []fileUnit     `toml:"unit"`
	Overrides []fileOverride `toml:"override"`
}

type filePipeline struct {
	Issue      *string `toml:"issue"`
	FetchWidth *int    `toml:"fetch_width"`
	IssueWidth *int    `toml:"issue_width"`
	Window     *int    `toml:"window_entries"`
}

type fileBranch struct {
	Predictor         *string `toml:"predictor"`
	TableEntries      *int    `toml:"table_entries"`
	HistoryBits       *int    `toml:"history_bits"`
	BTBEntries        *int    `toml:"btb_entries"`
	RASEntries        *int    `toml:"ras_entries"`
	MispredictPenalty *int    `toml:"mispredict_penalty_cycles"`
	TakenBubble       *int    `toml:"taken_bubble_cycles"`
}

type fileDeps struct {
	BypassExtra *int `toml:"bypass_extra_cycles"`
	AddrExtra   *int `toml:"alu_to_address_extra_cycles"`
	DataExtra   *int `toml:"alu_to_store_data_extra_cycles"`
	LoadAdvance *int `toml:"load_to_alu_advance_cycles"`
	DataAdvance *int `toml:"load_to_store_data_advance_cycles"`
}

type fileMemory struct {
	L1DSize    *int `toml:"l1d_size_bytes"`
	L1DWays    *int `toml:"l1d_ways"`
	L1DLine    *int `toml:"l1d_line_bytes"`
	Hit        *int `toml:"l1d_hit_latency_cycles"`
	Miss       *int `toml:"l1d_miss_latency_cycles"`
	Misaligned *int `toml:"misaligned_penalty_cycles"`
	Forward    *int `toml:"store_forward_latency_cycles"`
}

type fileVector struct {
	VLEN     *int  `toml:"vlen_bits"`
	DLEN     *int  `toml:"dlen_bits"`
	Chaining *bool `toml:"chaining"`
	LSBytes  *int  `toml:"load_store_bytes_per_cycle"`
	Vsetvl   *int  `toml:"vsetvl_cycles"`
}

type fileUnit struct {
	Name     *string   `toml:"name"`
	Classes  *[]string `toml:"classes"`
	Count    *int      `toml:"count"`
	Latency  *int      `toml:"latency_cycles"`
	Interval *int      `toml:"issue_interval_cycles"`
}

type fileOverride struct {
	Op       *string `toml:"op"`
	Class    *string `toml:"class"`
	Latency  *int    `toml:"latency_cycles"`
	Interval *int    `toml:"issue_interval_cycles"`
}

// tomlErr matches the position the TOML decoder puts in its type errors.
var tomlErr = regexp.MustCompile(`^toml: line (\d+) \(last key "([^"]*)"\): (.*)$`)

// Parse reads a core description; file names it in errors.
func Parse(file string, data []byte) (*Core, error) {
	lines := keyLines(string(data))
	// First the document as it is, to check every value's type where it stands (schema.go);
	// then the file structs, which then decode without a type error.
	var doc map[string]any
	if _, err := toml.Decode(string(data), &doc); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			key := lines.keyAt(pe.Position.Line)
			if key == "" {
				key = pe.LastKey
			}
			return nil, &Error{File: file, Line: pe.Position.Line, Key: key, Msg: pe.Message}
		}
		return nil, &Error{File: file, Msg: strings.TrimPrefix(err.Error(), "toml: ")}
	}
	var problems []typeProblem
	checkTypes(doc, reflect.TypeOf(fileCore{}), "", &problems)
	if e := firstProblem(file, lines, problems); e != nil {
		return nil, e
	}
	var fc fileCore
	md, err := toml.Decode(string(data), &fc)
	if err != nil { // not expected after checkTypes
		if m := tomlErr.FindStringSubmatch(err.Error()); m != nil {
			n, _ := strconv.Atoi(m[1])
			return nil, &Error{File: file, Line: n, Key: m[2], Msg: m[3]}
		}
		return nil, &Error{File: file, Msg: strings.TrimPrefix(err.Error(), "toml: ")}
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0].String()
		return nil, &Error{File: file, Line: lines.find(k), Key: k, Msg: "unknown key"}
	}
	v := &validator{file: file, lines: lines}
	c := v.core(&fc)
	if v.err != nil {
		return nil, v.err
	}
	c.File = file
	c.lines = lines
	return c, nil
}

// validator turns the file structs into a Core, recording the first problem.
type validator struct {
	file  string
	lines lineIndex
	err   *Error
}

func (v *validator) fail(key, format string, a ...any) {
	if v.err == nil {
		v.err = &Error{File: v.file, Line: v.lines.find(key), Key: key, Msg: fmt.Sprintf(format, a...)}
	}
}

// missing reports a key that must be there; the line is its table's.
func (v *validator) missing(table, key string) {
	if v.err != nil {
		return
	}
	full := key
	if table != "" {
		full = table + "." + key
	}
	line := v.lines.find(table)
	if table == "" || line == 0 {
		line = 1
	}
	v.err = &Error{File: v.file, Line: line, Key: full, Msg: "missing (every parameter must be given, with its source)"}
}

func (v *validator) str(p *string, table, key string) string {
	if p == nil {
		v.missing(table, key)
		return ""
	}
	return *p
}

// num checks an integer key against [lo, hi].
func (v *validator) num(p *int, table, key string, lo, hi int) int {
	if p == nil {
		v.missing(table, key)
		return 0
	}
	if *p < lo || *p > hi {
		v.fail(join(table, key), "%d is out of range (want %d to %d)", *p, lo, hi)
	}
	return *p
}

func (v *validator) pow2(p *int, table, key string, lo, hi int) int {
	n := v.num(p, table, key, lo, hi)
	if p != nil && n > 0 && n&(n-1) != 0 {
		v.fail(join(table, key), "%d is not a power of two", n)
	}
	return n
}

func join(table, key string) string {
	if table == "" {
		return key
	}
	return table + "." + key
}

func (v *validator) core(fc *fileCore) *Core {
	c := &Core{}
	c.Name = v.str(fc.Name, "", "name")
	c.Summary = v.str(fc.Summary, "", "summary")
	if fc.FreqMHz == nil {
		v.missing("", "freq_mhz")
	} else if c.FreqMHz = *fc.FreqMHz; !(c.FreqMHz > 0 && c.FreqMHz <= 10000) { // (NaN fails both)
		v.fail("freq_mhz", "%g MHz is not a plausible clock", c.FreqMHz)
	}

	p := fc.Pipeline
	if p == nil {
		p = &filePipeline{}
		v.missing("", "pipeline")
	}
	switch issue := v.str(p.Issue, "pipeline", "issue"); issue {
	case "in-order":
	case "out-of-order":
		c.OutOfOrder = true
	default:
		if p.Issue != nil {
			v.fail("pipeline.issue", "%q: want \"in-order\" or \"out-of-order\"", issue)
		}
	}
	c.FetchWidth = v.num(p.FetchWidth, "pipeline", "fetch_width", 1, 16)
	c.IssueWidth = v.num(p.IssueWidth, "pipeline", "issue_width", 1, 16)
	if c.OutOfOrder {
		c.Window = v.num(p.Window, "pipeline", "window_entries", 1, maxWindow)
		if p.Window != nil && c.Window < c.IssueWidth {
			v.fail("pipeline.window_entries", "%d entries cannot hold one issue group of %d", c.Window, c.IssueWidth)
		}
	} else if p.Window != nil {
		v.fail("pipeline.window_entries", "an in-order core has no window (remove the key)")
	}

	b := fc.Branch
	if b == nil {
		b = &fileBranch{}
		v.missing("", "branch")
	}
	c.Predictor = v.str(b.Predictor, "branch", "predictor")
	switch c.Predictor {
	case "static":
		for key, p := range map[string]*int{"table_entries": b.TableEntries, "history_bits": b.HistoryBits} {
			if p != nil {
				v.fail("branch."+key, "a static predictor has no tables (remove the key)")
			}
		}
	case "bimodal", "gshare":
		c.PredictorEntries = v.pow2(b.TableEntries, "branch", "table_entries", 2, 1<<20)
		if c.Predictor == "gshare" {
			c.HistoryBits = v.num(b.HistoryBits, "branch", "history_bits", 1, 20)
			if b.HistoryBits != nil && b.TableEntries != nil && 1<<c.HistoryBits > c.PredictorEntries {
				v.fail("branch.history_bits", "%d bits of history index more than %d entries", c.HistoryBits, c.PredictorEntries)
			}
		} else if b.HistoryBits != nil {
			v.fail("branch.history_bits", "a bimodal predictor keeps no history (remove the key)")
		}
	default:
		if b.Predictor != nil {
			v.fail("branch.predictor", "%q: want \"static\", \"bimodal\" or \"gshare\"", c.Predictor)
		}
	}
	c.BTBEntries = v.num(b.BTBEntries, "branch", "btb_entries", 0, 1<<16)
	c.RASEntries = v.num(b.RASEntries, "branch", "ras_entries", 0, 256)
	c.MispredictPenalty = v.num(b.MispredictPenalty, "branch", "mispredict_penalty_cycles", 0, 100)
	c.TakenBubble = v.num(b.TakenBubble, "branch", "taken_bubble_cycles", 0, 20)

	d := fc.Deps
	if d == nil {
		d = &fileDeps{}
		v.missing("", "dependencies")
	}
	c.BypassExtra = v.num(d.BypassExtra, "dependencies", "bypass_extra_cycles", 0, 20)
	// These two may be left out (0): most cores have none.
	if d.AddrExtra != nil {
		c.AddrExtra = v.num(d.AddrExtra, "dependencies", "alu_to_address_extra_cycles", 0, 20)
	}
	if d.DataExtra != nil {
		c.DataExtra = v.num(d.DataExtra, "dependencies", "alu_to_store_data_extra_cycles", 0, 20)
	}
	if d.LoadAdvance != nil {
		c.LoadToALUAdvance = v.num(d.LoadAdvance, "dependencies", "load_to_alu_advance_cycles", 0, 20)
		if m := fc.Memory; m != nil && m.Hit != nil && c.LoadToALUAdvance >= *m.Hit {
			v.fail("dependencies.load_to_alu_advance_cycles", "%d is not less than the hit latency %d", c.LoadToALUAdvance, *m.Hit)
		}
	}
	if d.DataAdvance != nil {
		c.LoadToDataAdvance = v.num(d.DataAdvance, "dependencies", "load_to_store_data_advance_cycles", 0, 20)
		if m := fc.Memory; m != nil && m.Hit != nil && c.LoadToDataAdvance >= *m.Hit {
			v.fail("dependencies.load_to_store_data_advance_cycles", "%d is not less than the hit latency %d", c.LoadToDataAdvance, *m.Hit)
		}
	}

	m := fc.Memory
	if m == nil {
		m = &fileMemory{}
		v.missing("", "memory")
	}
	c.L1DSize = v.pow2(m.L1DSize, "memory", "l1d_size_bytes", 256, 1<<24)
	c.L1DWays = v.num(m.L1DWays, "memory", "l1d_ways", 1, 64)
	c.L1DLine = v.pow2(m.L1DLine, "memory", "l1d_line_bytes", 8, 1024)
	if v.err == nil {
		sets := c.L1DSize / (c.L1DWays * c.L1DLine)
		if sets < 1 || sets*c.L1DWays*c.L1DLine != c.L1DSize || sets&(sets-1) != 0 {
			v.fail("memory.l1d_ways", "%d bytes in %d ways of %d-byte lines is not a power-of-two number of sets", c.L1DSize, c.L1DWays, c.L1DLine)
		}
	}
	c.L1DHit = v.num(m.Hit, "memory", "l1d_hit_latency_cycles", 1, 100)
	c.L1DMiss = v.num(m.Miss, "memory", "l1d_miss_latency_cycles", 1, 10000)
	if m.Hit != nil && m.Miss != nil && c.L1DMiss < c.L1DHit {
		v.fail("memory.l1d_miss_latency_cycles", "%d is less than the hit latency %d", c.L1DMiss, c.L1DHit)
	}
	c.MisalignedPenalty = v.num(m.Misaligned, "memory", "misaligned_penalty_cycles", 0, 10000)
	c.StoreForward = v.num(m.Forward, "memory", "store_forward_latency_cycles", 0, 100)

	if vec := fc.Vector; vec != nil {
		c.HasVector = true
		c.VLEN = v.pow2(vec.VLEN, "vector", "vlen_bits", 32, 65536)
		c.DLEN = v.pow2(vec.DLEN, "vector", "dlen_bits", 32, 65536)
		if vec.VLEN != nil && vec.DLEN != nil && c.DLEN > c.VLEN {
			v.fail("vector.dlen_bits", "%d is wider than a register (vlen_bits %d)", c.DLEN, c.VLEN)
		}
		if vec.Chaining == nil {
			v.missing("vector", "chaining")
		} else {
			c.Chaining = *vec.Chaining
		}
		c.VecLSBytes = v.pow2(vec.LSBytes, "vector", "load_store_bytes_per_cycle", 1, 1024)
		c.VsetvlCycles = v.num(vec.Vsetvl, "vector", "vsetvl_cycles", 1, 100)
	}

	for i := range c.classUnit {
		c.classUnit[i] = -1
	}
	if len(fc.Units) == 0 {
		v.missing("", "unit")
	}
	names := map[string]bool{}
	for i, fu := range fc.Units {
		t := fmt.Sprintf("unit[%d]", i)
		u := Unit{Name: v.str(fu.Name, t, "name")}
		if u.Name != "" && names[u.Name] {
			v.fail(t+".name", "a second unit named %q", u.Name)
		}
		names[u.Name] = true
		if fu.Classes == nil {
			v.missing(t, "classes")
		} else {
			if len(*fu.Classes) == 0 {
				v.fail(t+".classes", "a unit must execute at least one class")
			}
			for _, cn := range *fu.Classes {
				cl, ok := isa.ClassByName(cn)
				if !ok || cl == isa.ClassNone {
					v.fail(t+".classes", "unknown op class %q (classes: %s)", cn, strings.Join(ClassNames(), ", "))
					continue
				}
				if isVectorClass(cl) && !c.HasVector {
					v.fail(t+".classes", "class %q needs a [vector] table", cn)
				}
				if j := c.classUnit[cl]; j >= 0 {
					v.fail(t+".classes", "class %q is already executed by unit %q", cn, c.Units[j].Name)
				}
				c.classUnit[cl] = len(c.Units)
				u.Classes = append(u.Classes, cl)
			}
		}
		u.Count = v.num(fu.Count, t, "count", 1, maxCopies)
		u.Latency = v.num(fu.Latency, t, "latency_cycles", 0, 1000)
		u.Interval = v.num(fu.Interval, t, "issue_interval_cycles", 1, 1000)
		c.Units = append(c.Units, u)
	}
	for i, fo := range fc.Overrides {
		t := fmt.Sprintf("override[%d]", i)
		o := Override{}
		switch {
		case fo.Op != nil && fo.Class != nil:
			v.fail(t+".op", "give op or class, not both")
		case fo.Op != nil:
			op, ok := opByName(*fo.Op)
			if !ok {
				v.fail(t+".op", "unknown instruction %q", *fo.Op)
			}
			o.Op = op
		case fo.Class != nil:
			cl, ok := isa.ClassByName(*fo.Class)
			if !ok || cl == isa.ClassNone {
				v.fail(t+".class", "unknown op class %q", *fo.Class)
			}
			o.Class = cl
		default:
			v.missing(t, "op")
		}
		if fo.Latency == nil && fo.Interval == nil {
			v.missing(t, "latency_cycles")
		}
		if fo.Latency != nil {
			o.Latency = v.num(fo.Latency, t, "latency_cycles", 0, 1000)
		}
		if fo.Interval != nil {
			o.Interval = v.num(fo.Interval, t, "issue_interval_cycles", 1, 1000)
		}
		c.Overrides = append(c.Overrides, o)
	}
	return c
}

// Limits that keep the model's fixed-size state fixed.
const (
	maxWindow = 1024
	maxCopies = 8
)

// ClassNames lists every op class by name (the names core descriptions use).
func ClassNames() []string {
	var ns []string
	for c := isa.Class(1); c < isa.NumClasses; c++ {
		ns = append(ns, c.String())
	}
	return ns
}

// isVectorClass reports whether c is executed by the vector unit (the vector classes are the
// ones whose names start with "v").
func isVectorClass(c isa.Class) bool { return c.Vector() }

// opNames maps every mnemonic to its op. It is built once, on first use, under sync.Once:
// cores are loaded from several goroutines at once (bench runs cases in parallel).
var opNames = sync.OnceValue(func() map[string]isa.Op {
	m := map[string]isa.Op{}
	for _, r := range isa.Rows() {
		m[r.Name] = r.Op
	}
	return m
})

func opByName(name string) (isa.Op, bool) {
	op, ok := opNames()[strings.ToLower(name)]
	return op, ok
}

// UnitFor returns the unit that executes class cl, or nil.
func (c *Core) UnitFor(cl isa.Class) *Unit {
	if i := c.classUnit[cl]; i >= 0 {
		return &c.Units[i]
	}
	return nil
}

// Check returns an error naming the first class among ops that the core does not assign to
// a unit (ops the program may execute, e.g. every op in its text).
func (c *Core) Check(ops []isa.Op) error {
	for _, op := range ops {
		cl := op.Class()
		if cl == isa.ClassNone || op.CatchAll() {
			continue
		}
		if c.classUnit[cl] < 0 {
			return c.unassigned(op)
		}
	}
	return nil
}

func (c *Core) unassigned(op isa.Op) error {
	return fmt.Errorf("%s: core %q does not assign op class %q (used by %s) to any unit", c.File, c.Name, op.Class(), op)
}

// unassignedAt is the error of a run in which such an op retired, at pc.
func (c *Core) unassignedAt(op isa.Op, pc uint64) error {
	return fmt.Errorf("%w (an instruction at %#x retired)", c.unassigned(op), pc)
}

// Summarize returns a one-line description: issue, widths, predictor, cache, vector.
func (c *Core) Summarize() string {
	kind := "in-order"
	if c.OutOfOrder {
		kind = fmt.Sprintf("out-of-order (%d-entry window)", c.Window)
	}
	s := fmt.Sprintf("%d-wide %s, %s predictor, %d KiB L1D, %g MHz", c.IssueWidth, kind, c.Predictor, c.L1DSize/1024, c.FreqMHz)
	if c.HasVector {
		s += fmt.Sprintf(", VLEN %d DLEN %d", c.VLEN, c.DLEN)
	}
	return s
}

// log2 of a power of two.
func log2(n int) uint { return uint(bits.TrailingZeros(uint(n))) }

// lineIndex maps keys ("memory.l1d_ways", "unit[2].latency_cycles", and tables "unit[2]",
// "memory") to the line that sets them; keys of arrays of tables are also found without
// their index ("unit.latency_cycles": its first occurrence).
type lineIndex map[string]int

func (li lineIndex) find(key string) int { return li[key] }

// keyLines scans a TOML text for the lines of tables and keys. It understands what core
// descriptions use: [table], [[array]], key = value, comments, and values spread over lines.
func keyLines(src string) lineIndex {
	li := lineIndex{}
	table := ""
	count := map[string]int{}
	depth := 0 // open brackets of a multi-line value
	for n, line := range strings.Split(src, "\n") {
		line = stripComment(line)
		t := strings.TrimSpace(line)
		if depth > 0 {
			depth += strings.Count(t, "[") - strings.Count(t, "]")
			continue
		}
		switch {
		case t == "":
		case strings.HasPrefix(t, "[["):
			name := strings.TrimSpace(strings.Trim(t, "[]"))
			table = fmt.Sprintf("%s[%d]", name, count[name])
			count[name]++
			li.set(table, name, n+1)
		case strings.HasPrefix(t, "["):
			table = strings.TrimSpace(strings.Trim(t, "[]"))
			li.set(table, table, n+1)
		default:
			eq := strings.Index(t, "=")
			if eq < 0 {
				continue
			}
			key := strings.Trim(strings.TrimSpace(t[:eq]), `"'`)
			val := t[eq+1:]
			depth = strings.Count(val, "[") - strings.Count(val, "]")
			full, plain := key, key
			if table != "" {
				full = table + "." + key
				plain = stripIndex(table) + "." + key
			}
			li.set(full, plain, n+1)
		}
	}
	return li
}

func (li lineIndex) set(full, plain string, line int) {
	li[full] = line
	if _, ok := li[plain]; !ok {
		li[plain] = line
	}
}

func stripIndex(table string) string {
	if i := strings.IndexByte(table, '['); i >= 0 {
		return table[:i]
	}
	return table
}

// stripComment drops a # comment that is not inside a string.
func stripComment(line string) string {
	in := byte(0)
	for i := 0; i < len(line); i++ {
		switch ch := line[i]; {
		case in != 0:
			if ch == in {
				in = 0
			}
		case ch == '"' || ch == '\'':
			in = ch
		case ch == '#':
			return line[:i]
		}
	}
	return line
}

// baseName is the file name without directory or extension.
func baseName(file string) string {
	return strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
}
