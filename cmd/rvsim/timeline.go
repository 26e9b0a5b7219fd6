package main

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"rvsim/cyclemodel"
	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

// The pipeline timeline of run --timeline and bench --timeline: the model's per-instruction
// times (cyclemodel.Recorder) for a range of instructions, drawn as llvm-mca's -timeline
// chart and written as a Kanata log (--kanata) for the Konata viewer.

// maxTimelineRows bounds the instructions a timeline keeps (about 100 bytes each): a range
// longer than this is refused (run) or cut there, with a note (a pc range, bench).
const maxTimelineRows = 10000

// chartWindow is the cycles one window of a chart spans, as llvm-mca's default
// -timeline-max-cycles; a range that runs longer is drawn in several windows, each with its
// own column numbers, rather than cut.
const chartWindow = 80

// timelineRangeHelp describes run's --timeline RANGE.
const timelineRangeHelp = "with --core, print the pipeline timeline of the instructions in `RANGE` on stderr after the run (llvm-mca's -timeline chart: when each was dispatched, issued, executed and retired, and what it waited for): FROM-TO (instruction numbers, the first retired being 0, TO excluded: 1000-1200 is 200 instructions), FROM+N, a function SYMBOL, or 0xLO-0xHI (every retirement of a pc in the function or the address range, the first 10000); at most 10000 instructions"

// timelineRange is run's --timeline RANGE: instruction numbers [from, to), or every
// instruction with a pc in [pcLo, pcHi).
type timelineRange struct {
	from, to   uint64
	pcLo, pcHi uint64
	what       string // how the chart's heading names the range
}

func (r *timelineRange) byPC() bool { return r.pcHi > r.pcLo }

// parseTimelineRange parses a --timeline RANGE, looking symbols up in f (the program as
// loaded).
func parseTimelineRange(s string, f *elf.File) (*timelineRange, error) {
	const want = "want FROM-TO, FROM+N, a function name or 0xLO-0xHI"
	bad := func(format string, a ...any) error {
		return fmt.Errorf("--timeline %q: %s", s, fmt.Sprintf(format, a...))
	}
	if s == "" {
		return nil, bad("empty (%s)", want)
	}
	if lo, hi, ok := strings.Cut(s, "-"); ok && isHex(lo) && isHex(hi) {
		var a, b uint64
		for _, p := range []struct {
			text string
			v    *uint64
		}{{lo, &a}, {hi, &b}} {
			v, err := strconv.ParseUint(p.text[2:], 16, 64)
			if err != nil {
				return nil, bad("%q is not a 64-bit hex address", p.text)
			}
			*p.v = v
		}
		if b <= a {
			return nil, bad("the end %#x is not above the start %#x", b, a)
		}
		return &timelineRange{pcLo: a, pcHi: b, what: fmt.Sprintf("pc %#x..%#x", a, b)}, nil
	}
	if s[0] >= '0' && s[0] <= '9' {
		var from, to uint64
		num := func(t string) (uint64, error) {
			v, err := strconv.ParseUint(t, 10, 64)
			if err != nil {
				return 0, bad("%q is not an instruction number (%s)", t, want)
			}
			return v, nil
		}
		var err error
		if a, b, ok := strings.Cut(s, "-"); ok {
			if from, err = num(a); err != nil {
				return nil, err
			}
			if to, err = num(b); err != nil {
				return nil, err
			}
			if to <= from {
				return nil, bad("the end %d is not above the start %d", to, from)
			}
		} else if a, b, ok := strings.Cut(s, "+"); ok {
			if from, err = num(a); err != nil {
				return nil, err
			}
			n, err := num(b)
			if err != nil {
				return nil, err
			}
			if n == 0 {
				return nil, bad("no instructions")
			}
			if from+n < from {
				return nil, bad("the end does not fit 64 bits")
			}
			to = from + n
		} else {
			return nil, bad("a number alone is not a range (%s)", want)
		}
		if to-from > maxTimelineRows {
			return nil, bad("%d instructions; a timeline holds at most %d", to-from, maxTimelineRows)
		}
		return &timelineRange{from: from, to: to, what: fmt.Sprintf("instructions %d to %d", from, to-1)}, nil
	}
	sym, ok := f.Lookup(s)
	switch {
	case !ok:
		return nil, bad("no such symbol (%s)", want)
	case sym.Kind != elf.SymFunc || sym.Size == 0:
		return nil, bad("not a function with a size (give 0xLO-0xHI)")
	}
	return &timelineRange{pcLo: sym.Value, pcHi: sym.Value + sym.Size,
		what: fmt.Sprintf("%s (pc %#x..%#x)", s, sym.Value, sym.Value+sym.Size)}, nil
}

func isHex(s string) bool {
	return len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X")
}

// checkTimelineFlags checks run's --timeline and --kanata before the program is loaded.
func checkTimelineFlags(env *cmdEnv, spec, kanata, core string) int {
	switch {
	case spec != "" && core == "":
		env.errorf("--timeline needs --core (the timeline is of modelled cycles)")
		return exitUsage
	case kanata != "" && spec == "":
		env.errorf("--kanata needs --timeline RANGE (the instructions to write)")
		return exitUsage
	}
	return 0
}

// startRunTimeline parses run's --timeline RANGE against the loaded program, creates the
// --kanata file (before the run, so that a bad path fails before the work) and starts
// recording on m. On failure it reports and returns nil and the exit status.
func startRunTimeline(env *cmdEnv, m *cyclemodel.Model, f *elf.File, spec, kanata string) (*runTimeline, int) {
	rng, err := parseTimelineRange(spec, f)
	if err != nil {
		env.errorf("%v", err)
		return nil, exitUsage
	}
	var out io.Writer
	if kanata != "" {
		if out, err = env.create(kanata); err != nil {
			env.errorf("--kanata: %v", err)
			return nil, exitUsage
		}
	}
	rt := newRunTimeline(m, rng)
	rt.kanata = out
	return rt, 0
}

// runTimeline is run's timeline: the model's recorder, stopped once the range is complete so
// that the rest of the run goes at the model's full speed.
type runTimeline struct {
	rng    *timelineRange
	tl     cyclemodel.Timeline
	model  *cyclemodel.Model
	on     bool
	kanata io.Writer // nil: no --kanata
}

// newRunTimeline starts recording on m for rng.
func newRunTimeline(m *cyclemodel.Model, rng *timelineRange) *runTimeline {
	rt := &runTimeline{rng: rng, model: m, on: true}
	if rng.byPC() {
		rt.tl = cyclemodel.Timeline{PCLo: rng.pcLo, PCHi: rng.pcHi, Max: maxTimelineRows}
	} else {
		rt.tl = cyclemodel.Timeline{From: rng.from, To: rng.to, Max: int(rng.to - rng.from)}
	}
	m.SetRecorder(&rt.tl)
	return rt
}

// observer wraps the observer that feeds the model (observeModel's): after each batch it
// stops the recorder when the range is complete or the timeline full (a pc range), so that
// a long run pays for the recording only until then.
func (rt *runTimeline) observer(inner emu.Observer) emu.Observer {
	return timelineStopper{inner, rt}
}

type timelineStopper struct {
	inner emu.Observer
	rt    *runTimeline
}

func (o timelineStopper) Retired(b *emu.Batch) {
	o.inner.Retired(b)
	if rt := o.rt; rt.on && len(rt.tl.Rows) >= rt.tl.Max {
		rt.model.SetRecorder(nil)
		rt.on = false
	}
}

// write prints the chart on w and writes the Kanata log, if asked for.
func (rt *runTimeline) write(w io.Writer, f *elf.File, xlen int, heading string) error {
	if rt.on {
		rt.model.SetRecorder(nil)
		rt.on = false
	}
	rows := rt.tl.Rows
	fmt.Fprintf(w, "%s: %s, %d instruction(s)\n", heading, rt.rng.what, len(rows))
	switch {
	case rt.rng.byPC() && len(rows) >= maxTimelineRows:
		fmt.Fprintf(w, "(a timeline keeps the first %d; recording stopped there)\n", maxTimelineRows)
	case !rt.rng.byPC() && uint64(len(rows)) < rt.rng.to-rt.rng.from:
		fmt.Fprintf(w, "(the run ended after %d instructions)\n", rt.model.Stats().Instructions)
	}
	format := chartFormat(f, xlen)
	label := func(i int) string { return strconv.FormatUint(rows[i].Seq, 10) }
	if err := writeChartWindows(w, rows, format, rt.model.ReasonName, label); err != nil {
		return err
	}
	if rt.kanata != nil {
		return cyclemodel.WriteKanata(rt.kanata, rows, format, rt.model.ReasonName)
	}
	return nil
}

// chartFormat disassembles for a chart: the symbolizer names branch targets.
func chartFormat(f *elf.File, xlen int) func(uint64, isa.Inst) string {
	sym := symbolizer(f)
	return func(pc uint64, in isa.Inst) string { return isa.Format(in, pc, xlen, sym) }
}

// chartEnd is the last cycle a row occupies in a chart (cyclemodel's R column).
func chartEnd(r *cyclemodel.InstTiming) int64 {
	return max(r.Retire, r.Done, r.Issue+1) + 1
}

// writeChartWindows draws rows as charts of chartWindow cycles each, so that a long range
// stays readable: a row joins the window when it fits in it, or when it is dispatched in the
// window's first half (it is cut, marked >, where the window ends: an out-of-order core's
// rows can wait long to retire); the next window starts at the dispatch of the first row
// that does not join. The legend is printed once.
func writeChartWindows(w io.Writer, rows []cyclemodel.InstTiming, format func(uint64, isa.Inst) string, reason func(int) string, label func(int) string) error {
	if len(rows) == 0 {
		_, err := fmt.Fprintln(w, "(no instructions in the range)")
		return err
	}
	var buf bytes.Buffer
	for start := 0; start < len(rows); {
		c0 := rows[start].Dispatch
		end := start + 1
		for ; end < len(rows); end++ {
			r := &rows[end]
			if chartEnd(r)-c0+1 > chartWindow && r.Dispatch-c0 >= chartWindow/2 {
				break
			}
		}
		buf.Reset()
		base := start
		err := cyclemodel.WriteChart(&buf, rows[start:end], cyclemodel.ChartOptions{
			Width: chartWindow, Format: format, Reason: reason,
			Label: func(i int) string { return label(base + i) },
		})
		if err != nil {
			return err
		}
		out := buf.Bytes()
		if start > 0 {
			// The legend is the first line; later windows go without it.
			if i := bytes.IndexByte(out, '\n'); i >= 0 {
				out = out[i+1:]
			}
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		if _, err := w.Write(out); err != nil {
			return err
		}
		start = end
	}
	return nil
}

// loopRecorder keeps the timings of iters iterations of a loop, after skip: an iteration
// begins each time the loop's first instruction retires, and holds everything retired until
// the next (calls included). At most maxTimelineRows rows are kept.
type loopRecorder struct {
	start       uint64 // the loop's first instruction
	skip, iters int
	hits        int // retirements of start
	idx         int // instructions since the iteration began
	rows        []cyclemodel.InstTiming
	labels      []string
	cut         bool // stopped at maxTimelineRows
}

func (l *loopRecorder) Record(t *cyclemodel.InstTiming) {
	if t.PC == l.start {
		l.hits++
		l.idx = 0
	}
	it := l.hits - 1 - l.skip
	if it < 0 || it >= l.iters || l.cut {
		return
	}
	if len(l.rows) >= maxTimelineRows {
		l.cut = true
		return
	}
	l.rows = append(l.rows, *t)
	l.labels = append(l.labels, strconv.Itoa(it)+","+strconv.Itoa(l.idx))
	l.idx++
}

// done reports whether the recorder has all it will keep.
func (l *loopRecorder) done() bool { return l.cut || l.hits > l.skip+l.iters }

// iterations is how many iterations the rows hold (the last possibly in part when cut).
func (l *loopRecorder) iterations() int {
	return max(0, min(l.hits-l.skip, l.iters))
}

// benchTimeline is a bench case's timeline: the loop traced and what was recorded.
type benchTimeline struct {
	loop cyclemodel.LoopProfile
	rec  *loopRecorder
	size int
	note string // why there is no chart ("": there is one)
}

// steadyLoop picks the loop a bench timeline follows from a model's profile: the loop that
// cost the most cycles, or a loop nested in it that holds at least half of them (the inner
// loop of the hot code, the block llvm-mca would be given).
func steadyLoop(m *cyclemodel.Model) (cyclemodel.LoopProfile, bool) {
	loops := m.TopLoops(64)
	if len(loops) == 0 {
		return cyclemodel.LoopProfile{}, false
	}
	best := loops[0]
	for {
		var inner *cyclemodel.LoopProfile
		for i := range loops {
			lp := &loops[i]
			nested := lp.Start >= best.Start && lp.End <= best.End && lp.End-lp.Start < best.End-best.Start
			if nested && 2*lp.Cycles >= best.Cycles && (inner == nil || lp.Cycles > inner.Cycles) {
				inner = lp
			}
		}
		if inner == nil {
			return best, true
		}
		best = *inner
	}
}

// startTimeline is called before a case's measured call at the largest size: it picks the
// loop from the profile of the calls so far and sets a recorder for iters iterations of it
// (after the first), stopped when it has them. It returns the function to call after the
// measured call.
func (kc *kernelCall) startTimeline(iters, size int) (bt *benchTimeline, finish func()) {
	bt = &benchTimeline{size: size}
	lp, ok := steadyLoop(kc.model)
	if !ok {
		bt.note = "no loop in the call: no timeline"
		return bt, func() {}
	}
	bt.loop = lp
	bt.rec = &loopRecorder{start: lp.Start, skip: 1, iters: iters}
	m, h := kc.model, kc.mc.Hart
	m.SetRecorder(bt.rec)
	prev := h.Observer
	if mo, ok := prev.(modelObserver); ok && mo.m == m {
		h.Observer = loopStopper{mo, bt.rec}
	}
	return bt, func() {
		m.SetRecorder(nil)
		h.Observer = prev
	}
}

// loopStopper feeds the model and stops its recorder once the loop recorder is done, so that
// the rest of the call is modelled at full speed.
type loopStopper struct {
	modelObserver
	rec *loopRecorder
}

func (o loopStopper) Retired(b *emu.Batch) {
	o.modelObserver.Retired(b)
	if o.rec.done() {
		o.m.SetRecorder(nil)
	}
}

// writeBenchTimeline prints a case's chart.
func writeBenchTimeline(w io.Writer, r *benchRun, iters int) error {
	bt := r.timeline
	fmt.Fprintf(w, "\ntimeline %s, %d bytes, on %s: ", r.name(true), bt.size, r.model.Core().Name)
	if bt.note != "" {
		_, err := fmt.Fprintf(w, "%s\n", bt.note)
		return err
	}
	rec := bt.rec
	fmt.Fprintf(w, "loop %s..%s, %d iteration(s) from its second, %d instructions; rows [iteration,instruction]\n",
		where(r.file, bt.loop.Start), describeShort(symbolizer(r.file), bt.loop.End), rec.iterations(), len(rec.rows))
	switch {
	case rec.cut:
		fmt.Fprintf(w, "(stopped at %d instructions, the most a timeline keeps)\n", maxTimelineRows)
	case rec.iterations() < iters:
		fmt.Fprintf(w, "(the loop ran only %d time(s) in the call)\n", rec.hits)
	}
	labels := rec.labels
	return writeChartWindows(w, rec.rows, chartFormat(r.file, r.xlen), r.model.ReasonName, func(i int) string { return labels[i] })
}

// writeLastTiming prints one instruction's timeline row as the debugger's cycles command
// does: its cycles (counted from 1, as the chart's), the cycles it added to the total and
// what it waited for.
func writeLastTiming(w io.Writer, t *cyclemodel.InstTiming, where, text string, reason func(int) string) {
	fmt.Fprintf(w, "last instruction: %s  %s\n", where, text)
	done := max(t.Done, t.Issue+1)
	fmt.Fprintf(w, "  dispatched in cycle %d, issued %d, executed %d, retired %d\n", t.Dispatch+1, t.Issue+1, done+1, max(t.Retire, done)+1)
	fmt.Fprintf(w, "  added %d cycle(s) to the total", t.Added)
	if t.Stall > 0 {
		fmt.Fprintf(w, ", %d of them waiting for %s", t.Stall, reason(t.Why))
	}
	fmt.Fprintln(w)
	if t.Issue > t.Dispatch {
		fmt.Fprintf(w, "  waited %d cycle(s) to issue", t.Issue-t.Dispatch)
		if t.IssueWhy != cyclemodel.ReasonIssue {
			fmt.Fprintf(w, ", for %s", reason(t.IssueWhy))
		}
		fmt.Fprintln(w)
	}
}
