package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/stat"

	"rvsim/cyclemodel"
	"rvsim/kernels"
)

func init() {
	register(&command{
		Name:      "calibrate",
		UsageLine: "calibrate --core FILE --measured speed.txt --fit key1,key2,...",
		Short:     "fit core parameters to a measured openssl speed log",
		Long: `
Calibrate reads a measured 'openssl speed' log (the format of
testdata/reference/sm4-openssl-speed.txt: "Start MODE for N sec" blocks, a "./BUILD" line
per build, then its "SM4-MODE v1k v2k ..." row), predicts every cell it can with the kernels
on the core (builds map to variants: openssl-c-long to c, openssl-zksed-rvi-aligned to zksed,
openssl-zksed-zbkb-aligned to zksed-zbkb; GCM blocks marked "(with Zbb/Zbc)", and the second
GCM block of a series, use the zbc GHASH), and fits the parameters named by --fit so that the
predictions match the measurements by least squares on relative errors.

freq_mhz is solved in closed form (every prediction is proportional to it); the integer
parameters (latencies, penalties, widths) are fitted by coordinate search over their values.
It prints the fitted values, the error of every cell and R² of predicted against measured,
before and after. 'rvsim calibrate --core rocket --fit list' lists the keys.`,
		Flags: calibrateFlags,
	})
}

// ---- measured logs ----------------------------------------------------------------------------

// speedLog is a parsed openssl speed log.
type speedLog struct {
	sizes  []int
	blocks []*speedBlock
}

// speedBlock is one "Start MODE" block: a row per build.
type speedBlock struct {
	mode   string // "cbc", "gcm", ...
	series int    // 1 for the first series of blocks, 2 for the next...
	ghash  string // gcm: "c" or "zbc"
	note   string // the header's parenthesis, if any
	line   int
	rows   []speedRow
}

type speedRow struct {
	build string
	kbps  []float64 // thousands of bytes per second per size
	line  int
}

// buildVariants maps the builds of the reference logs to kernel variants.
var buildVariants = map[string]string{
	"openssl-c-long":             "c",
	"openssl-zksed-rvi-aligned":  "zksed",
	"openssl-zksed-zbkb-aligned": "zksed-zbkb",
}

func readSpeedLog(path string) (*speedLog, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return parseSpeedLog(path, fh)
}

// maxLogLine bounds a line of a speed log: longer ones are an error, not a token the
// scanner gives up on without saying where.
const maxLogLine = 1 << 20

func parseSpeedLog(name string, r io.Reader) (*speedLog, error) {
	lg := &speedLog{sizes: []int{16, 64, 256, 1024, 8192, 16384}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLogLine)
	var cur *speedBlock
	build := ""
	series := 0
	first := ""
	gcmSeen := 0
	n, rows := 0, 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		f := strings.Fields(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case f[0] == "type":
			if rows > 0 {
				// The sizes are the whole log's: rows already read have the old count.
				return nil, fmt.Errorf("%s:%d: a type line after the first row", name, n)
			}
			lg.sizes = nil
			for i := 1; i+1 < len(f); i += 2 {
				s, err := strconv.Atoi(f[i])
				if err != nil || s <= 0 || s > maxBenchSize {
					return nil, fmt.Errorf("%s:%d: bad size %q (want 1 to 16 MiB bytes)", name, n, f[i])
				}
				lg.sizes = append(lg.sizes, s)
			}
			if len(lg.sizes) == 0 {
				return nil, fmt.Errorf("%s:%d: a type line with no sizes", name, n)
			}
		case f[0] == "Start" && len(f) >= 2:
			mode := strings.ToLower(f[1])
			if m, ok := kernels.LookupMode(mode); ok {
				mode = m.Name // "cfb" is cfb128
			}
			if series == 0 || mode == first {
				series++
				first = mode
				gcmSeen = 0
			}
			cur = &speedBlock{mode: mode, series: series, line: n}
			if i := strings.Index(line, "("); i >= 0 {
				cur.note = strings.Trim(line[i:], "()")
			}
			if mode == kernels.ModeGCM {
				gcmSeen++
				cur.ghash = "c"
				if gcmSeen > 1 || strings.Contains(strings.ToLower(cur.note), "zbc") {
					cur.ghash = "zbc"
				}
			}
			lg.blocks = append(lg.blocks, cur)
			build = ""
		case strings.HasPrefix(f[0], "./"):
			build = strings.TrimPrefix(f[0], "./")
		case cur != nil && strings.Contains(f[0], "-") && len(f) > 1:
			row := speedRow{build: build, line: n}
			for _, v := range f[1:] {
				x, err := parseFinite(strings.TrimSuffix(v, "k"))
				if err != nil || x <= 0 {
					return nil, fmt.Errorf("%s:%d: bad value %q (want a positive throughput)", name, n, v)
				}
				if !strings.HasSuffix(v, "k") {
					x /= 1000
				}
				row.kbps = append(row.kbps, x)
			}
			if len(row.kbps) != len(lg.sizes) {
				return nil, fmt.Errorf("%s:%d: %d values for %d sizes", name, n, len(row.kbps), len(lg.sizes))
			}
			cur.rows = append(cur.rows, row)
			rows++
		default:
			if len(line) > 80 {
				line = line[:80] + "..."
			}
			return nil, fmt.Errorf("%s:%d: cannot read %q", name, n, line)
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s:%d: line longer than %d bytes", name, n+1, maxLogLine)
		}
		return nil, fmt.Errorf("%s:%d: %v", name, n+1, err)
	}
	return lg, nil
}

// row returns the block's row for variant v (nil if none).
func (b *speedBlock) row(v string) *speedRow {
	for i := range b.rows {
		if buildVariants[b.rows[i].build] == v {
			return &b.rows[i]
		}
	}
	return nil
}

// ---- predictions for a log ------------------------------------------------------------------

// predictor measures (mode, variant, ghash) cases on one core, caching results.
type casePredictor struct {
	core    *cyclemodel.Core
	opts    benchRunOptions // the clock is the core's
	sizes   []int
	results map[benchCase]*benchRun
}

func (p *casePredictor) run(bc benchCase) (*benchRun, error) {
	if r, ok := p.results[bc]; ok {
		return r, nil
	}
	o := p.opts
	o.freq = p.core.FreqMHz
	r, err := measureCase(bc, p.core, &o, p.sizes)
	if err != nil {
		return nil, err
	}
	p.results[bc] = r
	return r, nil
}

func (p *casePredictor) cycles(bc benchCase, size int) (uint64, error) {
	r, err := p.run(bc)
	if err != nil {
		return 0, err
	}
	for _, res := range r.results {
		if res.size == size {
			return res.cycles, nil
		}
	}
	return 0, fmt.Errorf("size %d not measured", size)
}

// caseFor is the bench case of a block's row (ok false when the row has no variant or the
// mode has no kernel).
func caseFor(b *speedBlock, variant string) (benchCase, bool) {
	// CCM blocks have no case: in the builds that map to variants, CCM ran OpenSSL's C code
	// (the reference log's header says only a later build used the Zksed kernel for it).
	if _, ok := benchMode(b.mode); variant == "" || !ok || b.mode == kernels.ModeCCM {
		return benchCase{}, false
	}
	gh := "c"
	if b.mode == "gcm" {
		gh = b.ghash
		if variant == "c" {
			gh = "c" // the C builds' GHASH is C in every block
		}
	}
	return benchCase{"sm4", b.mode, variant, gh}, true
}

// ---- the calibrate command ------------------------------------------------------------------

func calibrateFlags(fs *flag.FlagSet) func(*cmdEnv, []string) int {
	coreName := fs.String("core", "", "core `NAME` or .toml FILE to start from")
	measured := fs.String("measured", "", "measured openssl speed log `FILE`")
	fit := fs.String("fit", "freq_mhz", "comma-separated parameter keys to fit (\"list\" lists them)")
	kernelsDir := fs.String("kernels", "", "directory of the kernel ELFs (default: kernels/bin)")
	xlen := fs.Int("xlen", 64, "32 or 64: which build of the kernels")
	minSize := &intFlag{v: 16, lo: 1, hi: maxBenchSize}
	fs.Var(minSize, "min-size", "fit only cells of at least `N` bytes (1 to 16 MiB)")
	return func(env *cmdEnv, args []string) int {
		if len(args) > 0 {
			env.errorf("calibrate: unexpected argument %q", args[0])
			return exitUsage
		}
		if *coreName == "" {
			env.errorf("calibrate: --core is required")
			return exitUsage
		}
		if *xlen != 32 && *xlen != 64 {
			env.errorf("calibrate: --xlen %d: want 32 or 64", *xlen)
			return exitUsage
		}
		core, err := cyclemodel.Load(*coreName)
		if err != nil {
			env.errorf("calibrate: --core: %v", err)
			return exitUsage
		}
		keys, err := parseList(*fit)
		if err != nil {
			env.errorf("calibrate: --fit: %v", err)
			return exitUsage
		}
		if len(keys) == 1 && keys[0] == "list" {
			fmt.Fprintln(env.stdout, strings.Join(core.ParamKeys(), "\n"))
			return 0
		}
		for _, k := range keys {
			if _, err := core.Param(k); err != nil {
				env.errorf("calibrate: --fit: %v", err)
				return exitUsage
			}
		}
		if *measured == "" {
			env.errorf("calibrate: --measured is required")
			return exitUsage
		}
		lg, err := readSpeedLog(*measured)
		if err != nil {
			env.errorf("calibrate: --measured: %v", err)
			return exitUsage
		}
		dir, err := kernels.FindDir(*kernelsDir)
		if err != nil {
			env.errorf("calibrate: %v (give --kernels DIR)", err)
			return exitUsage
		}
		opts := benchRunOptions{dir: dir, xlen: *xlen}
		if core.HasVector {
			opts.vlen = core.VLEN
		}
		return calibrate(env, core, lg, keys, opts, minSize.v)
	}
}

// cell is one measured number the model predicts.
type cell struct {
	block *speedBlock
	row   *speedRow
	bc    benchCase
	size  int
	meas  float64 // kB/s
}

func logCells(lg *speedLog, minSize int) []cell {
	var cells []cell
	for _, b := range lg.blocks {
		for i := range b.rows {
			r := &b.rows[i]
			bc, ok := caseFor(b, buildVariants[r.build])
			if !ok {
				continue
			}
			for j, s := range lg.sizes {
				if s >= minSize {
					cells = append(cells, cell{b, r, bc, s, r.kbps[j]})
				}
			}
		}
	}
	return cells
}

// evaluate predicts every cell with core at 1 MHz and returns the predictions per MHz.
func evaluate(core *cyclemodel.Core, cells []cell, opts benchRunOptions, sizes []int) ([]float64, error) {
	p := &casePredictor{core: core, opts: opts, sizes: sizes, results: map[benchCase]*benchRun{}}
	per := make([]float64, len(cells))
	for i, c := range cells {
		cyc, err := p.cycles(c.bc, c.size)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", c.bc.name(true), err)
		}
		per[i] = float64(c.size) / float64(max(cyc, 1)) / 1000 * 1e6 // kB/s at 1 MHz
	}
	return per, nil
}

// bestFreq is the clock minimising the squared relative errors of freq*per against meas,
// and that sum.
func bestFreq(per []float64, cells []cell) (freq, sse float64) {
	a := make([]float64, len(cells))
	for i := range cells {
		a[i] = per[i] / cells[i].meas
	}
	freq = floats.Sum(a) / floats.Dot(a, a)
	for _, x := range a {
		d := freq*x - 1
		sse += d * d
	}
	return freq, sse
}

func calibrate(env *cmdEnv, core *cyclemodel.Core, lg *speedLog, keys []string, opts benchRunOptions, minSize int) int {
	cells := logCells(lg, minSize)
	if len(cells) == 0 {
		env.errorf("calibrate: no cell of the log maps to a kernel variant")
		return exitUsage
	}
	var sizes []int
	for _, s := range lg.sizes {
		if s >= minSize {
			sizes = append(sizes, s)
		}
	}
	fitFreq := false
	var intKeys []string
	for _, k := range keys {
		if k == "freq_mhz" {
			fitFreq = true
		} else {
			intKeys = append(intKeys, k)
		}
	}
	// objective returns the sum of squared relative errors with the clock fitted (or kept).
	evals := 0
	objective := func(c *cyclemodel.Core) (float64, float64, []float64, error) {
		evals++
		per, err := evaluate(c, cells, opts, sizes)
		if err != nil {
			return 0, 0, nil, err
		}
		freq := c.FreqMHz
		var sse float64
		if fitFreq {
			freq, sse = bestFreq(per, cells)
		} else {
			for i := range cells {
				d := freq*per[i]/cells[i].meas - 1
				sse += d * d
			}
		}
		return sse, freq, per, nil
	}
	start := core.Clone()
	sseStart, freqStart, per0, err := objective(start)
	if err != nil {
		env.errorf("calibrate: %v", err)
		return exitUsage
	}
	best := start.Clone()
	bestSSE, bestFreqV, bestPer := sseStart, freqStart, per0
	// "before" is the description as it was, at its own clock.
	freq0, sse0 := core.FreqMHz, 0.0
	for i := range cells {
		d := freq0*per0[i]/cells[i].meas - 1
		sse0 += d * d
	}
	// Coordinate search: move each integer parameter by ±1 (then further while it helps),
	// until no move improves the fit.
	for pass := 0; pass < 8 && len(intKeys) > 0; pass++ {
		improved := false
		for _, k := range intKeys {
			for _, dir1 := range []float64{1, -1} {
				for step := 1.0; ; step++ {
					cur, _ := best.Param(k)
					try := best.Clone()
					if err := try.SetParam(k, cur+dir1); err != nil {
						break
					}
					if v, _ := try.Param(k); v == cur {
						break
					}
					sse, freq, per, err := objective(try)
					if err != nil {
						env.errorf("calibrate: %v", err)
						return exitUsage
					}
					if sse >= bestSSE-1e-12 {
						break
					}
					best, bestSSE, bestFreqV, bestPer, improved = try, sse, freq, per, true
				}
			}
		}
		if !improved {
			break
		}
	}
	if fitFreq {
		best.SetParam("freq_mhz", bestFreqV)
	}
	w := env.stdout
	fmt.Fprintf(w, "calibrate %s against %d cells (%d model evaluations)\n\n", core.Name, len(cells), evals)
	fmt.Fprintf(w, "%-40s %12s %12s\n", "parameter", "was", "fitted")
	for _, k := range keys {
		was, _ := core.Param(k)
		now, _ := best.Param(k)
		fmt.Fprintf(w, "%-40s %12g %12.6g\n", k, was, now)
	}
	fmt.Fprintf(w, "\n%-4s %-28s %-6s %6s %12s %12s %12s %8s\n", "line", "build", "mode", "bytes", "measured", "before", "fitted", "error")
	var meas, before, after []float64
	for i, c := range cells {
		pb := freq0 * per0[i]
		pa := bestFreqV * bestPer[i]
		meas = append(meas, c.meas)
		before = append(before, pb)
		after = append(after, pa)
		fmt.Fprintf(w, "%-4d %-28s %-6s %6d %11.2fk %11.2fk %11.2fk %+7.1f%%\n", c.row.line, c.row.build, modeLabel(c.bc.mode)+ghashSuffix(c.bc), c.size,
			c.meas, pb, pa, 100*(pa-c.meas)/c.meas)
	}
	fmt.Fprintf(w, "\nR² (predicted against measured): before %.4f, fitted %.4f; RMS relative error before %.1f%%, fitted %.1f%%\n",
		stat.RSquaredFrom(before, meas, nil), stat.RSquaredFrom(after, meas, nil),
		100*math.Sqrt(sse0/float64(len(cells))), 100*math.Sqrt(bestSSE/float64(len(cells))))
	return 0
}

func ghashSuffix(bc benchCase) string {
	if bc.mode == "gcm" {
		return "+" + bc.ghash
	}
	return ""
}

// ---- bench --reference ----------------------------------------------------------------------

// refRatio is one measured speedup and its prediction.
type refRatio struct {
	mode, variant, ghash string
	series, line         int
	sizes                []int
	meas, pred           []float64
}

// referenceRatios predicts, for every block of the log, each variant's speedup over the C
// build of the same block, at sizes >= minSize.
func referenceRatios(lg *speedLog, p *casePredictor, minSize int) ([]refRatio, error) {
	var out []refRatio
	for _, b := range lg.blocks {
		base := b.row("c")
		if _, ok := caseFor(b, "c"); base == nil || !ok {
			continue
		}
		cb, _ := caseFor(b, "c")
		for i := range b.rows {
			r := &b.rows[i]
			v := buildVariants[r.build]
			if v == "" || v == "c" {
				continue
			}
			vb, _ := caseFor(b, v)
			rr := refRatio{mode: b.mode, variant: v, ghash: vb.ghash, series: b.series, line: r.line}
			for j, s := range lg.sizes {
				if s < minSize {
					continue
				}
				cc, err := p.cycles(cb, s)
				if err != nil {
					return nil, err
				}
				vc, err := p.cycles(vb, s)
				if err != nil {
					return nil, err
				}
				rr.sizes = append(rr.sizes, s)
				rr.meas = append(rr.meas, r.kbps[j]/base.kbps[j])
				rr.pred = append(rr.pred, float64(cc)/float64(max(vc, 1)))
			}
			out = append(out, rr)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return modeOrder(out[i].mode) < modeOrder(out[j].mode) })
	return out, nil
}

// modeOrder sorts modes as kernels.DataModes lists them.
func modeOrder(m string) int {
	for i, dm := range kernels.DataModes() {
		if dm.Name == m {
			return i
		}
	}
	return -1
}
