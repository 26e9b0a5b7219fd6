package cyclemodel

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

// chain is a small dependent chain: two dependent multiplies, an independent add, and an add
// that needs the second multiply.
func chain() []Event {
	var s stream
	s.add(isa.MUL, 10, 10, 11) // a0 = a0*a1
	s.add(isa.MUL, 10, 10, 11) // needs a0
	s.add(isa.ADD, 12, 13, 14) // independent
	s.add(isa.ADD, 10, 10, 12) // needs a0 and a2
	return s.evs
}

func shippedCore(t *testing.T, name string) *Core {
	t.Helper()
	c, err := Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func recordChain(t *testing.T, c *Core) (*Model, *Timeline) {
	t.Helper()
	m := New(c, 64, 0)
	tl := &Timeline{}
	m.SetRecorder(tl)
	evs := chain()
	for i := range evs {
		m.Retire(&evs[i])
	}
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	return m, tl
}

type timesRow struct{ d, i, done, r, added, stall int64 }

func TestTimelineChain(t *testing.T) {
	for _, tc := range []struct {
		core   string
		cycles uint64
		times  []timesRow
		cells  []string
		why    []string
	}{
		// rocket: in order, one per cycle, mul 4 cycles, ALU 1. The second mul issues when
		// the first's result is ready (4), the add after it (5), the last add when the second
		// mul's result is (8). Retirement is in order at completion.
		{"rocket", 9, []timesRow{
			{0, 0, 4, 4, 1, 0},
			{1, 4, 8, 8, 4, 3},
			{5, 5, 6, 8, 1, 0},
			{6, 8, 9, 9, 3, 2},
		}, []string{
			"DeeeER    .",
			".D===eeeER.",
			".    DE--R.",
			".    .D==ER",
		}, []string{"", "dep:mul +3", "", "dep:mul +2"}},
		// p670: out of order, 4 wide, mul 3 cycles: all four dispatch in cycle 0; the add
		// executes at once and waits to retire behind the second mul.
		{"p670", 8, []timesRow{
			{0, 0, 3, 3, 4, 3},
			{0, 3, 6, 6, 3, 3},
			{0, 0, 1, 6, 0, 0},
			{0, 6, 7, 7, 1, 1},
		}, []string{
			"DeeER.   ",
			"D===eeER ",
			"DE-----R ",
			"D======ER",
		}, []string{"latency:mul +3", "dep:mul +3", "", "dep:mul +1"}},
	} {
		t.Run(tc.core, func(t *testing.T) {
			c := shippedCore(t, tc.core)
			m, tl := recordChain(t, c)
			if got := m.Cycles(); got != tc.cycles {
				t.Errorf("%d cycles, want %d", got, tc.cycles)
			}
			if len(tl.Rows) != len(tc.times) {
				t.Fatalf("%d rows, want %d", len(tl.Rows), len(tc.times))
			}
			var sum int64
			for i, r := range tl.Rows {
				got := timesRow{r.Dispatch, r.Issue, r.Done, r.Retire, r.Added, r.Stall}
				if got != tc.times[i] {
					t.Errorf("row %d: %+v, want %+v", i, got, tc.times[i])
				}
				sum += r.Added
			}
			if uint64(sum) != m.Cycles() {
				t.Errorf("added cycles sum to %d, the model counts %d", sum, m.Cycles())
			}
			var buf bytes.Buffer
			if err := WriteChart(&buf, tl.Rows, ChartOptions{Reason: m.ReasonName}); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
			rows := lines[len(lines)-len(tc.cells):]
			for i, want := range tc.cells {
				line := fmt.Sprintf("[%d] %s  %-40s %s", i, want, isa.Format(chain()[i].Inst, chain()[i].PC, 64, nil), tc.why[i])
				if want := strings.TrimRight(line, " "); rows[i] != want {
					t.Errorf("chart row %d:\n got %q\nwant %q", i, rows[i], want)
				}
			}
			if t.Failed() {
				t.Logf("chart:\n%s", buf.String())
			}
			checkKanata(t, tl.Rows)
		})
	}
}

// (Empty cells show a dot every fifth cycle.)

// checkKanata writes rows as a Kanata log, parses it back and checks it: the header, every
// instruction introduced once and retired once, its stages started and ended in order, time
// only going forward, and the cycles of each instruction's events those of its row.
func checkKanata(t *testing.T, rows []InstTiming) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteKanata(&buf, rows, func(pc uint64, in isa.Inst) string { return isa.Format(in, pc, 64, nil) }, nil); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&buf)
	if !sc.Scan() || sc.Text() != "Kanata\t0004" {
		t.Fatalf("header %q", sc.Text())
	}
	type life struct {
		start, retire int64
		stages        []string // "S:Ex", "E:Ex", ...
		stageAt       []int64
		retired       bool
	}
	lives := map[int]*life{}
	cycle, haveCycle := int64(0), false
	for n := 2; sc.Scan(); n++ {
		f := strings.Split(sc.Text(), "\t")
		num := func(i int) int64 {
			if i >= len(f) {
				t.Fatalf("line %d %q: missing field %d", n, sc.Text(), i)
			}
			v, err := strconv.ParseInt(f[i], 10, 64)
			if err != nil {
				t.Fatalf("line %d %q: %v", n, sc.Text(), err)
			}
			return v
		}
		switch f[0] {
		case "C=":
			if haveCycle {
				t.Fatalf("line %d: a second C=", n)
			}
			cycle, haveCycle = num(1), true
		case "C":
			if d := num(1); d <= 0 {
				t.Fatalf("line %d: cycle delta %d", n, d)
			} else {
				cycle += d
			}
		case "I":
			id := int(num(1))
			if lives[id] != nil {
				t.Fatalf("line %d: instruction %d introduced twice", n, id)
			}
			lives[id] = &life{start: cycle}
		case "L", "S", "E", "R":
			id := int(num(1))
			l := lives[id]
			if l == nil || l.retired {
				t.Fatalf("line %d: %s for instruction %d, not live", n, f[0], id)
			}
			switch f[0] {
			case "S", "E":
				l.stages = append(l.stages, f[0]+":"+f[3])
				l.stageAt = append(l.stageAt, cycle)
			case "R":
				if num(3) != 0 {
					t.Fatalf("line %d: a flush", n)
				}
				l.retired, l.retire = true, cycle
			}
		default:
			t.Fatalf("line %d: unknown command %q", n, f[0])
		}
		if !haveCycle {
			t.Fatalf("line %d before C=", n)
		}
	}
	if len(lives) != len(rows) {
		t.Fatalf("%d instructions in the log, %d rows", len(lives), len(rows))
	}
	order := map[string]int{"Ds": 0, "Ex": 1, "Cm": 2}
	for id, l := range lives {
		r := rows[id]
		if !l.retired {
			t.Errorf("instruction %d never retires", id)
		}
		if l.start != r.Dispatch+1 || l.retire != max(r.Retire, r.Done)+1 {
			t.Errorf("instruction %d: in the log %d..%d, row %+v", id, l.start, l.retire, r)
		}
		// Stages alternate S x, E x, in the order Ds, Ex, Cm, at non-decreasing cycles.
		last := -1
		for k := 0; k < len(l.stages); k += 2 {
			s, e := l.stages[k], ""
			if k+1 < len(l.stages) {
				e = l.stages[k+1]
			}
			name := strings.TrimPrefix(s, "S:")
			if !strings.HasPrefix(s, "S:") || e != "E:"+name || order[name] <= last || l.stageAt[k] > l.stageAt[k+1] {
				t.Errorf("instruction %d: stages %v at %v", id, l.stages, l.stageAt)
				break
			}
			last = order[name]
		}
		if len(l.stages) == 0 || !strings.Contains(strings.Join(l.stages, " "), "S:Ex") {
			t.Errorf("instruction %d: no Ex stage: %v", id, l.stages)
		}
	}
}

// TestRecorderKeepsCycles runs the synthetic programs with and without a recorder (set
// halfway, after a reset as bench does) and compares the cycles and counts; the recorder
// sees every instruction, its rows are in order, and what they add is the cycles.
func TestRecorderKeepsCycles(t *testing.T) {
	for name, c := range oracleCores(t) {
		for seed := uint64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 3))
				p := synthLoopOrProgram(rng, seed, c.HasVector)
				evs := p.run(rng, 20000)
				bs := batches(rng, evs)
				plain, rec := New(c, 64, 0), New(c, 64, 0)
				plain.SetProfile(p.lo, p.hi)
				rec.SetProfile(p.lo, p.hi)
				cr := &checkRecorder{t: t}
				for bi, b := range bs {
					if bi == len(bs)/2 {
						plain.ResetStats()
						rec.ResetStats()
						cr.c0 = int64(rec.Cycles())
						rec.SetRecorder(cr)
					}
					plain.RetireBatch(b)
					rec.RetireBatch(b)
				}
				// Cycles, counts (the split of stall cycles between reasons included) and the
				// profile's per-instruction counts must be identical.
				ps, rs := stateOf(plain.Cycles(), plain.Stats(), plain.Err(), nil), stateOf(rec.Cycles(), rec.Stats(), rec.Err(), nil)
				if d := diffStates(ps, rs); d != "" {
					t.Fatal(d)
				}
				if !reflect.DeepEqual(profState(plain.prof), profState(rec.prof)) {
					t.Fatal("per-instruction counts differ with the recorder on")
				}
				if rec.Err() == nil {
					if cr.n != rec.Stats().Instructions {
						t.Errorf("recorded %d instructions, the model retired %d", cr.n, rec.Stats().Instructions)
					}
					if uint64(cr.c0+cr.added) != rec.Cycles() {
						t.Errorf("cycles %d at the start plus %d added, the model counts %d", cr.c0, cr.added, rec.Cycles())
					}
				}
				if plain.blocks.replayed+plain.blocks.repeated == 0 && name != "test" {
					t.Logf("no block replayed without the recorder")
				}
			})
		}
	}
}

type checkRecorder struct {
	t         *testing.T
	n         uint64
	c0, added int64
	retire    int64
}

func (c *checkRecorder) Record(r *InstTiming) {
	if r.Seq != c.n {
		c.t.Fatalf("instruction %d numbered %d", c.n, r.Seq)
	}
	if r.Dispatch > r.Issue || r.Issue > r.Done || r.Done > r.Retire && r.Inst.Op != isa.OpInvalid || r.Retire < c.retire {
		c.t.Fatalf("instruction %d: %+v (previous retired at %d)", c.n, *r, c.retire)
	}
	if r.Stall < 0 || r.Stall > r.Added {
		c.t.Fatalf("instruction %d: stall %d of %d added", c.n, r.Stall, r.Added)
	}
	c.retire = r.Retire
	c.n++
	c.added += r.Added
}

// TestKernelsWithRecorder runs the committed kernels with and without a recorder on an
// in-order and an out-of-order core: the same cycles and counts.
func TestKernelsWithRecorder(t *testing.T) {
	for _, kr := range kernelRuns() {
		path := filepath.Join("..", "kernels", "bin", kr.file)
		if _, err := os.Stat(path); err != nil {
			t.Logf("%s: not built here", kr.file)
			continue
		}
		for _, core := range []string{"rocket", "p670"} {
			c := shippedCore(t, core)
			t.Run(core+"/"+kr.file, func(t *testing.T) {
				measure := func(rec Recorder) *Model {
					f, err := elf.Open(path)
					if err != nil {
						t.Fatal(err)
					}
					mc, err := emu.Load(f, emu.Config{ISA: isa.Default(f.XLEN), Env: emu.EnvLinux, VLEN: c.VLEN,
						Linux: emu.LinuxConfig{Stdout: io.Discard, Stderr: io.Discard}})
					if err != nil {
						t.Fatal(err)
					}
					vlen := 0
					if mc.Hart.V != nil {
						vlen = mc.Hart.V.VLEN
					}
					m := New(c, mc.Hart.XLEN(), vlen)
					m.SetProfile(textBounds(mc.File))
					if rec != nil {
						m.SetRecorder(rec)
					}
					mc.Hart.Observer = batchModel{m}
					mc.Hart.CSR.Cycles = m.Cycles
					err = kr.calls(mc, func(sym string, args ...uint64) error {
						_, st, err := mc.CallSymbol(sym, 1<<30, args...)
						if err == nil && st.Reason != emu.StopReturn {
							err = fmt.Errorf("%s: %v", sym, st)
						}
						return err
					})
					if err != nil {
						t.Skipf("%v", err)
					}
					return m
				}
				plain := measure(nil)
				cr := &checkRecorder{t: t}
				rec := measure(cr)
				if d := diffStates(stateOf(plain.Cycles(), plain.Stats(), plain.Err(), plain.prof),
					stateOf(rec.Cycles(), rec.Stats(), rec.Err(), rec.prof)); d != "" {
					t.Fatal(d)
				}
				if cr.n != rec.Stats().Instructions || uint64(cr.added) != rec.Cycles() {
					t.Errorf("recorded %d instructions adding %d cycles; the model: %d, %d", cr.n, cr.added, rec.Stats().Instructions, rec.Cycles())
				}
				if plain.blocks.replayed+plain.blocks.repeated == 0 {
					t.Errorf("no block replayed without the recorder: the comparison shows nothing")
				}
			})
		}
	}
}

// TestChartLabels: ChartOptions.Label names the rows, right-aligned to the longest label,
// and the cells start in the same column on every row.
func TestChartLabels(t *testing.T) {
	_, tl := recordChain(t, shippedCore(t, "rocket"))
	labels := []string{"7,0", "7,1", "8,0", "12,3"}
	var buf bytes.Buffer
	if err := WriteChart(&buf, tl.Rows, ChartOptions{Label: func(i int) string { return labels[i] }}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
	rows := lines[len(lines)-len(labels):]
	for i, want := range []string{"[ 7,0] D", "[ 7,1] .D", "[ 8,0] .    D", "[12,3] .    .D"} {
		if !strings.HasPrefix(rows[i], want) {
			t.Errorf("row %d %q, want it to start %q", i, rows[i], want)
		}
	}
	if !strings.HasPrefix(lines[0], strings.Repeat(" ", len("[12,3] "))+"D dispatched") {
		t.Errorf("legend %q not over the cells", lines[0])
	}
}
