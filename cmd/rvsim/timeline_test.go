package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rvsim/cyclemodel"
	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

// chartRow is one row of a chart as printed: its label, and the cycles (1-based, as the
// chart's "column 0 is cycle N" counts) of its D, E and R cells, 0 when a cell is not shown
// (cut by the window's end, marked >).
type chartRow struct {
	label   string
	d, e, r int64
	cut     bool
	text    string // the disassembly and the reason
}

var (
	chartOrigin = regexp.MustCompile(`^ +column 0 is cycle (\d+)$`)
	chartLine   = regexp.MustCompile(`^\[ *([0-9,]+)\] (.*)$`)
	// The cells of a row, spaces and every fifth column's dots removed: dispatched, waiting,
	// executing, executed, waiting to retire, retired, in that order; a cut row stops early.
	chartCellsWhole = regexp.MustCompile(`^D=*e*E-*R$`)
	chartCellsCut   = regexp.MustCompile(`^D=*(e*(E-*)?)?$`)
)

// parseChart reads every window of a chart and checks each row's cells: one contiguous run
// in the order D = e E - R, and its columns in the window.
func parseChart(t *testing.T, out string) []chartRow {
	t.Helper()
	var rows []chartRow
	var origin int64
	cols := 0
	lines := strings.Split(out, "\n")
	for n, line := range lines {
		if m := chartOrigin.FindStringSubmatch(line); m != nil {
			origin, _ = strconv.ParseInt(m[1], 10, 64)
			// Tens, then units: the units line is as wide as the window.
			if n+2 >= len(lines) {
				t.Fatalf("chart ends after its origin line %d", n)
			}
			cols = len(strings.TrimSpace(lines[n+2]))
			continue
		}
		m := chartLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		if cols == 0 || len(m[2]) < cols+1 {
			t.Fatalf("row before a column header, or shorter than the window: %q", line)
		}
		cells, end, text := m[2][:cols], m[2][cols], strings.TrimSpace(m[2][cols+1:])
		r := chartRow{label: m[1], cut: end == '>', text: text}
		if end != ' ' && end != '>' {
			t.Fatalf("row %q: %q after the cells", line, end)
		}
		first, last := strings.IndexAny(cells, "D=eE-R"), strings.LastIndexAny(cells, "D=eE-R")
		if first < 0 {
			t.Fatalf("row %q has no cells", line)
		}
		run := cells[first : last+1]
		if strings.ContainsAny(strings.Trim(cells[:first]+cells[last+1:], " ."), "D=eE-R") || strings.ContainsAny(run, " .") {
			t.Fatalf("row %q: the cells are not one run", line)
		}
		want := chartCellsWhole
		if r.cut {
			want = chartCellsCut
			if last != cols-1 {
				t.Errorf("row %q is marked cut but ends before the window does", line)
			}
		}
		if !want.MatchString(run) {
			t.Fatalf("row %q: cells %q out of order", line, run)
		}
		at := func(c byte) int64 {
			if i := strings.IndexByte(cells, c); i >= 0 {
				return origin + int64(i)
			}
			return 0
		}
		r.d, r.e, r.r = at('D'), at('E'), at('R')
		rows = append(rows, r)
	}
	return rows
}

// kanataInst is what a Kanata log says of one instruction.
type kanataInst struct {
	seq                    uint64
	pc                     uint64
	dispatch, done, retire int64 // from the mouse-over text (1-based)
	introduced, retiredAt  int64 // the log's cycles of its I and R commands
	stages                 []string
	label                  string
}

// parseKanata reads a Kanata log: the header, the cycle commands going forward, each
// instruction introduced once before anything else about it and retired once, last.
func parseKanata(t *testing.T, data []byte) []*kanataInst {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) < 2 || lines[0] != "Kanata\t0004" || !strings.HasPrefix(lines[1], "C=\t") {
		t.Fatalf("no Kanata header: %q", lines[:min(2, len(lines))])
	}
	cycle, err := strconv.ParseInt(strings.TrimPrefix(lines[1], "C=\t"), 10, 64)
	if err != nil {
		t.Fatalf("C= line %q", lines[1])
	}
	var insts []*kanataInst
	tip := regexp.MustCompile(`^dispatch (\d+) issue \d+ done (\d+) retire (\d+), added \d+`)
	for n, line := range lines[2:] {
		f := strings.Split(line, "\t")
		num := func(i int) int64 {
			if i >= len(f) {
				t.Fatalf("line %d %q: field %d missing", n+3, line, i)
			}
			v, err := strconv.ParseInt(f[i], 10, 64)
			if err != nil {
				t.Fatalf("line %d %q: %v", n+3, line, err)
			}
			return v
		}
		if f[0] == "C" {
			if d := num(1); d <= 0 {
				t.Fatalf("line %d: time goes back (%d)", n+3, d)
			} else {
				cycle += d
			}
			continue
		}
		id := int(num(1))
		if f[0] == "I" {
			if id != len(insts) {
				t.Fatalf("line %d: instruction %d introduced after %d others", n+3, id, len(insts))
			}
			insts = append(insts, &kanataInst{seq: uint64(num(2)), introduced: cycle, retiredAt: -1})
			continue
		}
		if id >= len(insts) || insts[id].retiredAt >= 0 {
			t.Fatalf("line %d: %q for an instruction not live", n+3, line)
		}
		in := insts[id]
		switch f[0] {
		case "L":
			if len(f) < 4 {
				t.Fatalf("line %d: %q", n+3, line)
			}
			if f[2] == "0" {
				in.label = f[3]
				pc, _, _ := strings.Cut(f[3], " ")
				in.pc, _ = strconv.ParseUint(pc, 16, 64)
			} else if m := tip.FindStringSubmatch(f[3]); m != nil {
				in.dispatch, _ = strconv.ParseInt(m[1], 10, 64)
				in.done, _ = strconv.ParseInt(m[2], 10, 64)
				in.retire, _ = strconv.ParseInt(m[3], 10, 64)
			} else {
				t.Fatalf("line %d: mouse-over text %q", n+3, f[3])
			}
		case "S", "E":
			in.stages = append(in.stages, f[0]+f[3])
		case "R":
			in.retiredAt = cycle
		default:
			t.Fatalf("line %d: unknown command %q", n+3, f[0])
		}
	}
	for i, in := range insts {
		if in.retiredAt < 0 {
			t.Errorf("instruction %d never retires", i)
		}
		// Stages in pairs (start, end) of Ds, Ex, Cm in that order, Ex always there.
		order := map[string]int{"Ds": 0, "Ex": 1, "Cm": 2}
		ok, last, ex := len(in.stages)%2 == 0, -1, false
		for k := 0; ok && k < len(in.stages); k += 2 {
			name := in.stages[k][1:]
			o, known := order[name]
			ok = known && in.stages[k] == "S"+name && in.stages[k+1] == "E"+name && o > last
			last, ex = o, ex || name == "Ex"
		}
		if !ok || !ex {
			t.Errorf("instruction %d: stages %v", i, in.stages)
		}
		if in.introduced != in.dispatch || in.retiredAt != in.retire {
			t.Errorf("instruction %d lives %d..%d in the log, its text says %d..%d", i, in.introduced, in.retiredAt, in.dispatch, in.retire)
		}
	}
	return insts
}

// checkChartAgainstKanata compares a chart's rows with the Kanata log of the same range:
// the same instructions, each row's cells where the log puts its events, and dispatch and
// retirement in order.
func checkChartAgainstKanata(t *testing.T, rows []chartRow, insts []*kanataInst) {
	t.Helper()
	if len(rows) != len(insts) {
		t.Fatalf("%d chart rows, %d instructions in the Kanata log", len(rows), len(insts))
	}
	for i, r := range rows {
		k := insts[i]
		if r.d != k.dispatch || r.e != 0 && r.e != k.done || r.r != 0 && r.r != k.retire+1 {
			t.Errorf("row %d [%s] D %d E %d R %d; the log: dispatch %d done %d retire %d", i, r.label, r.d, r.e, r.r, k.dispatch, k.done, k.retire)
		}
		if !r.cut && (r.e == 0 || r.r == 0) {
			t.Errorf("row %d [%s] is whole but lacks E or R", i, r.label)
		}
		if lbl := strings.SplitN(k.label, " ", 2); len(lbl) != 2 || !strings.HasPrefix(r.text, lbl[1]) {
			t.Errorf("row %d: %q in the chart, %q in the log", i, r.text, k.label)
		}
		if i > 0 && (k.dispatch < insts[i-1].dispatch || k.retire < insts[i-1].retire) {
			t.Errorf("instruction %d dispatched %d retired %d, before the one ahead of it (%d, %d)", i, k.dispatch, k.retire, insts[i-1].dispatch, insts[i-1].retire)
		}
	}
}

func TestRunTimeline(t *testing.T) {
	for _, core := range []string{"rocket", "p670"} {
		t.Run(core, func(t *testing.T) {
			kan := filepath.Join(t.TempDir(), "run.kanata")
			st, out, errs := rvsim("run", "--core", core, "--timeline", "1000-1200", "--kanata", kan, katELF)
			if st != 0 {
				t.Fatalf("status %d: %s", st, errs)
			}
			if !strings.Contains(out, "ok") {
				t.Errorf("the program's output %q", out)
			}
			if !strings.Contains(errs, "rvsim: timeline on "+core+": instructions 1000 to 1199, 200 instruction(s)\n") {
				t.Errorf("no heading:\n%s", errs)
			}
			if n := strings.Count(errs, "D dispatched"); n != 1 {
				t.Errorf("the legend is printed %d times", n)
			}
			rows := parseChart(t, errs)
			if len(rows) != 200 {
				t.Fatalf("%d rows for 200 instructions:\n%s", len(rows), errs)
			}
			for i, r := range rows {
				if r.label != strconv.Itoa(1000+i) {
					t.Fatalf("row %d is labelled %q", i, r.label)
				}
			}
			data, err := os.ReadFile(kan)
			if err != nil {
				t.Fatal(err)
			}
			insts := parseKanata(t, data)
			for i, in := range insts {
				if in.seq != uint64(1000+i) {
					t.Fatalf("Kanata instruction %d has number %d", i, in.seq)
				}
			}
			checkChartAgainstKanata(t, rows, insts)
			if t.Failed() {
				t.Logf("chart:\n%s", errs)
			}
		})
	}
}

// TestRunTimelineFunction charts every retirement of a function: each row's pc is in it,
// and there are as many as the function's instructions retired (the trace counts them).
func TestRunTimelineFunction(t *testing.T) {
	kan := filepath.Join(t.TempDir(), "f.kanata")
	st, _, errs := rvsim("run", "--core", "rocket", "--timeline", "sm4_crypt_block", "--kanata", kan, katELF)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	m := regexp.MustCompile(`timeline on rocket: sm4_crypt_block \(pc (0x[0-9a-f]+)\.\.(0x[0-9a-f]+)\), (\d+) instruction\(s\)`).FindStringSubmatch(errs)
	if m == nil {
		t.Fatalf("no heading:\n%s", errs)
	}
	lo, _ := strconv.ParseUint(m[1], 0, 64)
	hi, _ := strconv.ParseUint(m[2], 0, 64)
	n, _ := strconv.Atoi(m[3])
	data, err := os.ReadFile(kan)
	if err != nil {
		t.Fatal(err)
	}
	insts := parseKanata(t, data)
	rows := parseChart(t, errs)
	if len(insts) != n || len(rows) != n || n == 0 {
		t.Fatalf("heading says %d, the chart has %d rows, the log %d", n, len(rows), len(insts))
	}
	checkChartAgainstKanata(t, rows, insts)
	for i, in := range insts {
		if in.pc < lo || in.pc >= hi {
			t.Fatalf("instruction %d at %#x, outside %#x..%#x", i, in.pc, lo, hi)
		}
	}
	// The trace names every retired pc: count those in the function.
	trace := filepath.Join(t.TempDir(), "trace")
	if st, _, errs := rvsim("run", "--trace-file", trace, katELF); st != 0 {
		t.Fatalf("trace: status %d: %s", st, errs)
	}
	tr, _ := os.ReadFile(trace)
	want := 0
	var pcs []uint64 // the pc of each retired instruction, by number
	for _, line := range strings.Split(string(tr), "\n") {
		f := strings.Fields(line)
		if len(f) >= 4 && f[0] == "core" {
			pc, err := strconv.ParseUint(f[3], 0, 64)
			if err != nil {
				t.Fatalf("trace line %q", line)
			}
			pcs = append(pcs, pc)
			if pc >= lo && pc < hi {
				want++
			}
		}
	}
	if want != n {
		t.Errorf("the trace retires %d instructions in sm4_crypt_block, the timeline %d", want, n)
	}
	// The instruction numbers are the trace's (from 0).
	for i, in := range insts {
		if in.seq >= uint64(len(pcs)) || pcs[in.seq] != in.pc {
			t.Fatalf("instruction %d is number %d at %#x; the trace has another there", i, in.seq, in.pc)
		}
	}
}

func TestRunTimelineErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--timeline", "1-2"}, "--timeline needs --core"},
		{[]string{"--core", "rocket", "--kanata", "x.kanata"}, "--kanata needs --timeline RANGE"},
		{[]string{"--core", "rocket", "--timeline", "5"}, `--timeline "5": a number alone is not a range`},
		{[]string{"--core", "rocket", "--timeline", "10-5"}, `--timeline "10-5": the end 5 is not above the start 10`},
		{[]string{"--core", "rocket", "--timeline", "7-7"}, `the end 7 is not above the start 7`},
		{[]string{"--core", "rocket", "--timeline", "0-10001"}, `--timeline "0-10001": 10001 instructions; a timeline holds at most 10000`},
		{[]string{"--core", "rocket", "--timeline", "5+20000"}, `20000 instructions; a timeline holds at most 10000`},
		{[]string{"--core", "rocket", "--timeline", "1+0"}, `--timeline "1+0": no instructions`},
		{[]string{"--core", "rocket", "--timeline", "1-x"}, `"x" is not an instruction number`},
		{[]string{"--core", "rocket", "--timeline", "18446744073709551615+2"}, `the end does not fit 64 bits`},
		{[]string{"--core", "rocket", "--timeline", "no_such_fn"}, `--timeline "no_such_fn": no such symbol`},
		{[]string{"--core", "rocket", "--timeline", "0x200-0x100"}, `the end 0x100 is not above the start 0x200`},
		{[]string{"--core", "rocket", "--timeline", "0x10-0xzz"}, `"0xzz" is not a 64-bit hex address`},
		{[]string{"--core", "rocket", "--timeline", "1-5", "--kanata", filepath.Join(dir, "no", "such", "x")}, "--kanata: open " + filepath.Join(dir, "no", "such", "x")},
	} {
		st, out, errs := rvsim(append(append([]string{"run"}, tc.args...), katELF)...)
		if st != exitUsage || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want status 2 and one line with %q", tc.args, st, out, errs, tc.want)
		}
	}
}

// TestTimelineWriteFailure: a Kanata log that cannot be written is an error (exit 74).
func TestTimelineWriteFailure(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	st, _, errs := rvsim("run", "--core", "rocket", "--timeline", "0+50", "--kanata", "/dev/full", katELF)
	if st != exitIO || !strings.Contains(errs, "rvsim: cannot write /dev/full: no space left on device") {
		t.Errorf("run: status %d, stderr %q", st, errs)
	}
	dir := kernelsForTest(t)
	st, _, errs = rvsim("bench", "--core", "rocket", "--kernels", dir, "--mode", "ecb", "--variant", "zksed", "--sizes", "256",
		"--timeline", "2", "--kanata", "/dev/full")
	if st != exitIO || !strings.Contains(errs, "rvsim: cannot write /dev/full: no space left on device") {
		t.Errorf("bench: status %d, stderr %q", st, errs)
	}
}

var benchTimelineHeading = regexp.MustCompile(`(?m)^timeline (\S+), (\d+) bytes, on (\w+): loop (0x[0-9a-f]+) <[^>]+>\.\.<[^>]+>, (\d+) iteration\(s\) from its second, (\d+) instructions; rows \[iteration,instruction\]$`)

func TestBenchTimeline(t *testing.T) {
	dir := kernelsForTest(t)
	for _, tc := range []struct{ core, mode, variant string }{
		{"p670", "ctr", "zksed"},
		{"rocket", "cbc", "zksed-zbkb"},
	} {
		t.Run(tc.core+"/"+tc.variant, func(t *testing.T) {
			kan := filepath.Join(t.TempDir(), "bench.kanata")
			args := []string{"bench", "--core", tc.core, "--kernels", dir, "--mode", tc.mode, "--variant", tc.variant, "--sizes", "64,1024"}
			st, plain, errs := rvsim(args...)
			if st != 0 {
				t.Fatalf("status %d: %s", st, errs)
			}
			st, out, errs := rvsim(append(args, "--timeline", "3", "--kanata", kan)...)
			if st != 0 {
				t.Fatalf("status %d: %s", st, errs)
			}
			// The recorder must not change what is measured: the table is the same.
			if !strings.HasPrefix(out, plain) {
				t.Errorf("the table changed with --timeline:\n%s\nwithout:\n%s", out, plain)
			}
			m := benchTimelineHeading.FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("no timeline heading:\n%s", out)
			}
			if m[2] != "1024" || m[3] != tc.core || m[5] != "3" {
				t.Errorf("heading %q: want 1024 bytes, core %s, 3 iterations", m[0], tc.core)
			}
			loop, _ := strconv.ParseUint(m[4], 0, 64)
			n, _ := strconv.Atoi(m[6])
			rows := parseChart(t, out[strings.Index(out, m[0]):])
			if len(rows) != n {
				t.Fatalf("heading says %d instructions, the chart has %d rows", n, len(rows))
			}
			data, err := os.ReadFile(kan)
			if err != nil {
				t.Fatal(err)
			}
			insts := parseKanata(t, data)
			checkChartAgainstKanata(t, rows, insts)
			// Rows [iteration,instruction]: iterations 0 to 2, each starting at the loop's
			// first instruction and numbering its instructions from 0; no other row there.
			iter, idx := -1, 0
			for i, r := range rows {
				it, ix, _ := strings.Cut(r.label, ",")
				want := fmt.Sprintf("%d,%d", iter, idx)
				if insts[i].pc == loop {
					iter, idx = iter+1, 0
					want = fmt.Sprintf("%d,0", iter)
				}
				if it+","+ix != want {
					t.Fatalf("row %d at %#x is [%s], want [%s]", i, insts[i].pc, r.label, want)
				}
				idx++
			}
			if iter != 2 {
				t.Errorf("the rows hold iterations 0 to %d, want 0 to 2", iter)
			}
			if t.Failed() {
				t.Logf("%s", out)
			}
		})
	}
}

func TestBenchTimelineErrors(t *testing.T) {
	dir := kernelsForTest(t)
	base := []string{"bench", "--core", "rocket", "--kernels", dir, "--sizes", "64"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--timeline", "0"}, `invalid value "0" for flag -timeline: 0 is out of range (1 to 10000)`},
		{[]string{"--timeline", "10001"}, `10001 is out of range (1 to 10000)`},
		{[]string{"--timeline", "x"}, `"x" is not an integer`},
		{[]string{"--kanata", "k"}, "bench: --kanata needs --timeline N"},
		{[]string{"--timeline", "2", "--json"}, "--timeline prints a chart after the table; it does not go with --json, --csv or --reference"},
		{[]string{"--timeline", "2", "--kanata", "k", "--mode", "ecb,cbc", "--variant", "zksed"}, "bench: --kanata writes one case's timeline; 2 cases are selected"},
		{[]string{"--timeline", "2", "--kanata", "no/such/dir/k", "--mode", "ecb", "--variant", "zksed"}, "bench: --kanata: open no/such/dir/k"},
	} {
		st, out, errs := rvsim(append(base, tc.args...)...)
		if st != exitUsage || !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want status 2 and one line with %q", tc.args, st, out, errs, tc.want)
		}
	}
}

// TestLoopRecorderBound feeds a loop recorder more instructions than a timeline keeps: it
// stops at the bound, says so, and reports itself done (so that bench stops recording).
func TestLoopRecorderBound(t *testing.T) {
	l := &loopRecorder{start: 0x100, skip: 1, iters: 5000}
	var ti cyclemodel.InstTiming
	for i := range 40000 {
		ti.Seq, ti.PC = uint64(i), 0x100+uint64(i%4)*4 // a 4-instruction loop
		ti.Dispatch, ti.Issue, ti.Done, ti.Retire = int64(i), int64(i), int64(i+1), int64(i+1)
		l.Record(&ti)
		if l.done() {
			break
		}
	}
	if len(l.rows) != maxTimelineRows || !l.cut || !l.done() {
		t.Fatalf("%d rows, cut %v, done %v; want %d, cut and done", len(l.rows), l.cut, l.done(), maxTimelineRows)
	}
	if l.rows[0].Seq != 4 || l.labels[0] != "0,0" || l.labels[5] != "1,1" || l.labels[len(l.labels)-1] != "2499,3" {
		t.Errorf("first row %d [%s], row 5 [%s], last [%s]", l.rows[0].Seq, l.labels[0], l.labels[5], l.labels[len(l.labels)-1])
	}
}

// TestChartWindows draws a long synthetic range: every row appears once, in order, each in
// a window of at most chartWindow cycles; a row that waits long is cut, not dropped.
func TestChartWindows(t *testing.T) {
	var rows []cyclemodel.InstTiming
	for i := range 300 {
		r := cyclemodel.InstTiming{Seq: uint64(i), PC: 0x1000 + 4*uint64(i), Inst: isa.Inst{Op: isa.ADD, Rd: 10, Rs1: 10, Rs2: 11}}
		r.Dispatch = int64(i / 2)
		r.Issue, r.Done, r.Retire = r.Dispatch+1, r.Dispatch+2, r.Dispatch+3
		if i%50 == 7 { // a long wait to retire
			r.Retire = r.Dispatch + 200
		}
		rows = append(rows, r)
	}
	var buf bytes.Buffer
	label := func(i int) string { return strconv.Itoa(i) }
	if err := writeChartWindows(&buf, rows, nil, func(int) string { return "" }, label); err != nil {
		t.Fatal(err)
	}
	got := parseChart(t, buf.String())
	if len(got) != len(rows) {
		t.Fatalf("%d rows drawn of %d", len(got), len(rows))
	}
	cut := 0
	for i, r := range got {
		if r.label != strconv.Itoa(i) || r.d != rows[i].Dispatch+1 {
			t.Fatalf("row %d: [%s] dispatched %d, want [%d] %d", i, r.label, r.d, i, rows[i].Dispatch+1)
		}
		if r.cut {
			cut++
		} else if r.r != max(rows[i].Retire, rows[i].Done)+2 {
			t.Errorf("row %d retires in %d, want %d", i, r.r, max(rows[i].Retire, rows[i].Done)+2)
		}
	}
	if windows := strings.Count(buf.String(), "column 0 is cycle"); windows < 2 || cut == 0 || cut == len(rows) {
		t.Errorf("%d windows, %d rows cut", windows, cut)
	}
}

// modelFeeder stands for the emulator's batches: each one retires a 4-instruction loop on
// the model k times.
type modelFeeder struct {
	m *cyclemodel.Model
	k int
	n int
}

func (f *modelFeeder) Retired(*emu.Batch) {
	for range f.k {
		i := uint64(f.n % 4)
		ev := cyclemodel.Event{PC: 0x1000 + 4*i, Inst: isa.Inst{Op: isa.ADD, Rd: 10, Rs1: 10, Rs2: 11, Len: 4}, NextPC: 0x1000 + 4*((i+1)%4)}
		f.m.Retire(&ev)
		f.n++
	}
}

// TestRunTimelineBound: a pc range that runs far longer than a timeline keeps stops
// recording at the bound (within a batch), keeps the first instructions and says so.
func TestRunTimelineBound(t *testing.T) {
	core, err := cyclemodel.Load("rocket")
	if err != nil {
		t.Fatal(err)
	}
	m := cyclemodel.New(core, 64, 0)
	rt := newRunTimeline(m, &timelineRange{pcLo: 0x1000, pcHi: 0x1010, what: "pc 0x1000..0x1010"})
	feed := &modelFeeder{m: m, k: 1000}
	obs := rt.observer(feed)
	for range 50 {
		obs.Retired(nil)
	}
	if len(rt.tl.Rows) != maxTimelineRows || rt.on {
		t.Fatalf("%d rows kept of %d retired, recording %v; want %d and stopped", len(rt.tl.Rows), feed.n, rt.on, maxTimelineRows)
	}
	if rt.tl.Dropped >= uint64(feed.k) {
		t.Errorf("recorded %d past the bound: it did not stop at the batch that filled it", rt.tl.Dropped)
	}
	if rt.tl.Rows[0].Seq != 0 || rt.tl.Rows[maxTimelineRows-1].Seq != maxTimelineRows-1 {
		t.Errorf("kept instructions %d to %d, want the first", rt.tl.Rows[0].Seq, rt.tl.Rows[maxTimelineRows-1].Seq)
	}
	var buf bytes.Buffer
	if err := rt.write(&buf, &elf.File{}, 64, "timeline"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), "timeline: pc 0x1000..0x1010, 10000 instruction(s)\n(a timeline keeps the first 10000; recording stopped there)\n") {
		t.Errorf("heading:\n%.300s", buf.String())
	}
	if got := len(parseChart(t, buf.String())); got != maxTimelineRows {
		t.Errorf("%d rows drawn", got)
	}
}
