package cyclemodel

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"rvsim/isa"
)

// Per-instruction timings: a pipeline view of the model, as llvm-mca's -timeline and gem5's
// O3PipeView give. A Recorder set on the model receives, for every instruction it retires,
// when it was dispatched, issued, finished and retired and what it waited for. With no
// recorder the model pays one nil check per instruction; with one, every instruction is timed
// on its own (memoized blocks are replayed without per-instruction times), which gives the
// same cycles and counts, only slower.

// InstTiming is one retired instruction's times, in the model's cycles (Cycles counts from
// 1: an instruction retiring in cycle c leaves Cycles at c+1).
type InstTiming struct {
	Seq  uint64 // instructions retired since the recorder was set, this one excluded
	PC   uint64
	Inst isa.Inst

	// Dispatch is the cycle it entered the scheduler (in order: the earliest cycle it could
	// have issued in, after the previous instruction); Issue the cycle it started executing;
	// Done the cycle its result can be used (Issue plus its latency; a store's data is in
	// the store buffer); Retire the cycle it retired. An in-order core is modelled at issue:
	// its Retire is Done, or the previous instruction's Retire when that is later (it
	// completes in order).
	Dispatch, Issue, Done, Retire int64

	// Added is the cycles the instruction added to the total (the model's Cycles after it,
	// less before); Stall the part of them it waited, for reason Why (ReasonName), the rest
	// being the issue (or retire) width. IssueWhy is what it waited for between dispatch and
	// issue (ReasonIssue: nothing).
	Added, Stall  int64
	Why, IssueWhy int
}

// Recorder receives the timings of retired instructions (the *InstTiming is reused: copy
// what you keep).
type Recorder interface {
	Record(t *InstTiming)
}

// tlNote is what the timing functions leave for record while a recorder is set.
type tlNote struct {
	dispatch, issue, done int64
	why                   uint16
}

// recorder is a Recorder with the model's side of it.
type recorder struct {
	r      Recorder
	seq    uint64
	retire int64 // the last instruction's retirement
	t      InstTiming
}

// SetRecorder sends every instruction retired from now on to r (nil: stop). Memoized blocks
// are not used while r is set.
func (m *Model) SetRecorder(r Recorder) {
	m.drain()
	if r == nil {
		m.rec = nil
		return
	}
	m.rec = &recorder{r: r, retire: -1}
	if m.any {
		m.rec.retire = m.cycle
	}
}

// record passes the instruction just timed to the recorder.
func (m *Model) record(s *step, delta int64) {
	rc := m.rec
	t := &rc.t
	t.Seq, t.PC, t.Inst = rc.seq, s.pc, *s.in
	n := &m.tl
	t.Dispatch, t.Issue, t.Done = n.dispatch, n.issue, max(n.done, n.issue)
	if m.core.OutOfOrder {
		t.Retire = m.cycle
	} else {
		t.Retire = max(t.Done, rc.retire)
	}
	rc.retire = t.Retire
	t.Added, t.Stall, t.Why, t.IssueWhy = delta, m.lastStall, int(m.lastWhy), int(n.why)
	rc.seq++
	rc.r.Record(t)
}

// Timeline is a Recorder that keeps the timings of a range of instructions: those numbered
// [From, To) since it was set (To 0: no end), or, when PCHi > PCLo, those with a pc in
// [PCLo, PCHi); at most Max of them (0: 10000).
type Timeline struct {
	From, To   uint64
	PCLo, PCHi uint64
	Max        int
	Rows       []InstTiming
	Dropped    uint64 // instructions in the range past Max
}

// Record keeps t when it is in the range.
func (tl *Timeline) Record(t *InstTiming) {
	if tl.PCHi > tl.PCLo {
		if t.PC < tl.PCLo || t.PC >= tl.PCHi {
			return
		}
	} else if t.Seq < tl.From || tl.To != 0 && t.Seq >= tl.To {
		return
	}
	limit := tl.Max
	if limit <= 0 {
		limit = 10000
	}
	if len(tl.Rows) >= limit {
		tl.Dropped++
		return
	}
	tl.Rows = append(tl.Rows, *t)
}

// Full reports whether the timeline has all it can keep of a range of instruction numbers
// (a caller may stop the program).
func (tl *Timeline) Full() bool {
	return tl.PCHi <= tl.PCLo && (tl.Max > 0 && len(tl.Rows) >= tl.Max)
}

// ChartOptions say how WriteChart draws.
type ChartOptions struct {
	Width  int                                 // cycle columns at most (0: 80)
	Format func(pc uint64, in isa.Inst) string // disassembly (nil: isa.Format without symbols)
	Reason func(i int) string                  // names a reason (nil: the number)
	Header string                              // a first line (empty: none)
	XLEN   int                                 // for the default Format
	// Label names row i between the brackets that start it (nil: i), as llvm-mca's
	// [iteration,index] or an instruction's number in the run.
	Label func(i int) string
}

// chart cells, as llvm-mca draws them: D in the dispatch cycle, = while waiting to issue, e
// in the cycles after issue while executing, E in the cycle the result is ready, - while
// waiting to retire, R in the cycle after the retirement cycle (or after E).
func chartCells(r *InstTiming) (d, issue, done, ret int64) {
	done = max(r.Done, r.Issue+1)
	ret = max(r.Retire, done) + 1
	return r.Dispatch, r.Issue, done, ret
}

// WriteChart writes rows as an llvm-mca-style timeline: one row per instruction, a column per
// cycle from the first row's dispatch, then the disassembly and what the instruction waited
// for. Columns past opt.Width are cut, and the chart says so.
func WriteChart(w io.Writer, rows []InstTiming, opt ChartOptions) error {
	bw := bufio.NewWriter(w)
	width := opt.Width
	if width <= 0 {
		width = 80
	}
	format := opt.Format
	if format == nil {
		xlen := opt.XLEN
		if xlen == 0 {
			xlen = 64
		}
		format = func(pc uint64, in isa.Inst) string { return isa.Format(in, pc, xlen, nil) }
	}
	reason := opt.Reason
	if reason == nil {
		reason = func(i int) string { return fmt.Sprintf("reason %d", i) }
	}
	if opt.Header != "" {
		fmt.Fprintln(bw, opt.Header)
	}
	if len(rows) == 0 {
		fmt.Fprintln(bw, "(no instructions in the range)")
		return bw.Flush()
	}
	c0 := rows[0].Dispatch
	for i := range rows {
		c0 = min(c0, rows[i].Dispatch)
	}
	var last int64
	for i := range rows {
		_, _, _, ret := chartCells(&rows[i])
		last = max(last, ret)
	}
	cols := int(min(last-c0+1, int64(width)))
	label := opt.Label
	if label == nil {
		label = func(i int) string { return fmt.Sprint(i) }
	}
	idxW := 0
	for i := range rows {
		idxW = max(idxW, len(label(i)))
	}
	pad := strings.Repeat(" ", idxW+3)
	fmt.Fprintf(bw, "%sD dispatched, = waiting to issue, e executing, E executed, - waiting to retire, R retired\n", pad)
	fmt.Fprintf(bw, "%scolumn 0 is cycle %d\n", pad, c0+1)
	// Column numbers: tens over units.
	var tens, units strings.Builder
	for c := range cols {
		if c%10 == 0 {
			tens.WriteString(fmt.Sprint(c / 10 % 10))
		} else {
			tens.WriteByte(' ')
		}
		units.WriteByte(byte('0' + c%10))
	}
	fmt.Fprintf(bw, "%s%s\n%s%s\n", pad, tens.String(), pad, units.String())
	cut := 0
	line := make([]byte, cols+1)
	for i := range rows {
		r := &rows[i]
		d, is, done, ret := chartCells(r)
		for c := range cols {
			t := c0 + int64(c)
			var ch byte
			switch {
			case t == d:
				ch = 'D'
			case t > d && t <= is:
				ch = '='
			case t > is && t < done:
				ch = 'e'
			case t == done:
				ch = 'E'
			case t > done && t < ret:
				ch = '-'
			case t == ret:
				ch = 'R'
			case c%5 == 0:
				ch = '.'
			default:
				ch = ' '
			}
			line[c] = ch
		}
		line[cols] = ' '
		if ret > c0+int64(cols)-1 {
			line[cols] = '>'
			cut++
		}
		why := ""
		switch {
		case r.Stall > 0:
			why = fmt.Sprintf("%s +%d", reason(r.Why), r.Stall)
		case r.Issue > r.Dispatch && r.IssueWhy != ReasonIssue:
			why = fmt.Sprintf("(issue waited for %s)", reason(r.IssueWhy))
		}
		row := fmt.Sprintf("[%*s] %s %-40s %s", idxW, label(i), line, format(r.PC, r.Inst), why)
		fmt.Fprintln(bw, strings.TrimRight(row, " "))
	}
	if cut > 0 {
		fmt.Fprintf(bw, "(%d row(s) run past the %d cycles shown, marked >; the last retires in cycle %d)\n", cut, cols, last)
	}
	return bw.Flush()
}

// WriteKanata writes rows in the Kanata 0004 log format that the Konata pipeline viewer
// reads: each instruction goes through the stages Ds (dispatched, waiting to issue, when it
// waited), Ex (executing) and Cm (done, waiting to retire, when it waited) and retires; its
// disassembly is its label and its reason the mouse-over text.
func WriteKanata(w io.Writer, rows []InstTiming, format func(pc uint64, in isa.Inst) string, reason func(i int) string) error {
	type event struct {
		cycle int64
		order int // within a cycle: by instruction, then by step
		text  string
	}
	var evs []event
	for i := range rows {
		r := &rows[i]
		d, is := r.Dispatch, r.Issue
		done := max(r.Done, is+1)
		ret := max(r.Retire, done)
		add := func(c int64, step int, f string, args ...any) {
			evs = append(evs, event{c, i*16 + step, fmt.Sprintf(f, args...)})
		}
		label := strings.ReplaceAll(format(r.PC, r.Inst), "\t", " ")
		add(d, 0, "I\t%d\t%d\t0", i, r.Seq)
		add(d, 1, "L\t%d\t0\t%08x %s", i, r.PC, label)
		tip := fmt.Sprintf("dispatch %d issue %d done %d retire %d, added %d", d+1, is+1, done+1, ret+1, r.Added)
		if r.Stall > 0 && reason != nil {
			tip += fmt.Sprintf(", waited %d for %s", r.Stall, reason(r.Why))
		}
		add(d, 2, "L\t%d\t1\t%s", i, tip)
		if is > d {
			add(d, 3, "S\t%d\t0\tDs", i)
			add(is, 4, "E\t%d\t0\tDs", i)
		}
		add(is, 5, "S\t%d\t0\tEx", i)
		add(done, 6, "E\t%d\t0\tEx", i)
		if ret > done {
			add(done, 7, "S\t%d\t0\tCm", i)
			add(ret, 8, "E\t%d\t0\tCm", i)
		}
		add(ret, 9, "R\t%d\t%d\t0", i, i)
	}
	slices.SortStableFunc(evs, func(a, b event) int {
		if a.cycle != b.cycle {
			if a.cycle < b.cycle {
				return -1
			}
			return 1
		}
		return a.order - b.order
	})
	bw := bufio.NewWriter(w)
	fmt.Fprint(bw, "Kanata\t0004\n")
	if len(evs) > 0 {
		cur := evs[0].cycle
		fmt.Fprintf(bw, "C=\t%d\n", cur+1)
		for _, e := range evs {
			if e.cycle != cur {
				fmt.Fprintf(bw, "C\t%d\n", e.cycle-cur)
				cur = e.cycle
			}
			fmt.Fprintln(bw, e.text)
		}
	}
	return bw.Flush()
}
