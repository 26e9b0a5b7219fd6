package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/gonum/stat"

	"rvsim/cyclemodel"
	"rvsim/elf"
	"rvsim/emu"
	"rvsim/kernels"
)

func init() {
	register(&command{
		Name:      "bench",
		UsageLine: "bench --core NAME|FILE [--alg sm4] [--mode ecb,cbc,...] [--variant c,zksed,...] [flags]",
		Short:     "predict `openssl speed` for the crypto kernels on a described core",
		Long: `
Bench runs the kernels (kernels/) under the cycle model of a core and prints what
'openssl speed -evp' would print on it: for each algorithm, mode and variant, thousands of bytes
per second at each buffer size, from the modelled cycles of one call of the mode function on a
buffer of that size at the core's clock (--freq overrides it). As in openssl speed's loop, the
key is already set and the call is repeated: the last of a few calls is measured, with caches
and predictors warm; the per-call cost of the mode function is included.

With several variants a speedup table against the first follows. --detail adds cycles per
byte, IPC and a least-squares fit cycles = overhead + cost x bytes over the sizes with its R²;
--explain says where the cycles of the largest size went for each variant (issue-limited,
waiting for a result by producing class, a busy unit, mispredicts, cache misses, vector
occupancy) and lists the instructions and loops that cost the most, disassembled.
--json and --csv print one record per measurement instead.

--reference FILE reads a measured 'openssl speed' log (the format of
testdata/reference/sm4-openssl-speed.txt) and prints the predicted speedups of each variant
over the C build next to the measured ones, with their errors, for 1024 bytes and above.

Modes: ecb, cbc, cfb128 (cfb), ofb, ctr, gcm, ccm, xts; the rows use openssl's names
(SM4-CFB). Variants: c, zksed, zksed-zbkb, zvksed-zvkb (sm4), c, zkn, zvkned (aes); GCM's
GHASH: --ghash c, zbc, zvkg or zvbc. --plot FILE.svg (or .png) draws the throughput
against buffer size, one line per mode and variant, above the speedups over the first
variant. --timeline N charts N iterations of each case's steady-state loop as
llvm-mca's -timeline does (rows [iteration,instruction]; see 'rvsim help run' for the
cells), --kanata FILE writes one case's for the Konata viewer. Each kernel call may retire a budget of instructions
that grows with its size (--max-insns sets one); a call past it is reported as stuck.`,
		Flags: benchFlags,
	})
}

type benchOptions struct {
	core, alg, modes, variants, sizes, ghash, kernels, reference, plot, profile string
	xlen, vlen                                                                  int
	freq                                                                        floatFlag
	maxInsns                                                                    uint64
	detail, explain, decrypt, asJSON, asCSV                                     bool
	timeline                                                                    intFlag // iterations (0: none)
	kanata                                                                      string
}

func benchFlags(fs *flag.FlagSet) func(*cmdEnv, []string) int {
	o := benchOptions{freq: floatFlag{lo: 1e-3, hi: 1e6}, timeline: intFlag{lo: 1, hi: maxTimelineRows}}
	fs.StringVar(&o.core, "core", "", "core `NAME` or .toml FILE to model (see 'rvsim cores')")
	fs.StringVar(&o.alg, "alg", "sm4", "algorithm: sm4, aes-128, aes-192 or aes-256")
	fs.StringVar(&o.modes, "mode", "ecb,cbc,cfb128,ofb,ctr", "comma-separated modes: "+strings.Join(benchModeNames(), ", ")+" (cfb is cfb128)")
	fs.StringVar(&o.variants, "variant", "c,zksed,zksed-zbkb", "comma-separated kernel variants; the first is the baseline of the speedup table")
	fs.IntVar(&o.xlen, "xlen", 64, "32 or 64: which build of the kernels")
	fs.IntVar(&o.vlen, "vlen", 0, "VLEN in `BITS` for vector kernels (default: the core's VLEN, or 128 for a core without vectors)")
	fs.StringVar(&o.sizes, "sizes", "16,64,256,1024,8192,16384", "comma-separated buffer sizes in bytes")
	fs.Var(&o.freq, "freq", "clock in `MHz` (default: the core's freq_mhz)")
	fs.Uint64Var(&o.maxInsns, "max-insns", 0, "instruction budget of each kernel call in `N` (0: "+budgetHelp+")")
	fs.BoolVar(&o.detail, "detail", false, "add cycles per byte, IPC and a fit cycles = overhead + cost x bytes")
	fs.BoolVar(&o.explain, "explain", false, "say where the cycles went for each variant, with the costliest instructions and loops")
	fs.BoolVar(&o.decrypt, "decrypt", false, "measure decryption instead of encryption")
	fs.StringVar(&o.ghash, "ghash", "auto", "GHASH `KERNEL` for gcm: c, zbc, zvkg or zvbc; auto picks the best the variant's extensions allow (zvkg for vector variants, zbc where the variant has clmul (zbc, zbkc, zkn), else c)")
	fs.BoolVar(&o.asJSON, "json", false, "print the measurements as JSON")
	fs.BoolVar(&o.asCSV, "csv", false, "print the measurements as CSV")
	fs.StringVar(&o.kernels, "kernels", "", "directory of the kernel ELFs (default: kernels/bin, found from the current directory up)")
	fs.StringVar(&o.plot, "plot", "", "also draw the throughput against buffer size and the speedups into `FILE` (.svg or .png)")
	fs.StringVar(&o.reference, "reference", "", "compare predicted speedups with a measured openssl speed log `FILE`")
	fs.StringVar(&o.profile, "profile", "", "write the modelled cycles of each case's measured call at the largest size to `FILE` as a pprof profile, its samples labelled case=NAME (read it with 'go tool pprof'; -tagfocus=case=NAME picks a case)")
	fs.Var(&o.timeline, "timeline", "after the table, print the pipeline timeline of `N` iterations of each case's steady-state loop (the loop costing the most cycles in the call at the largest size, from its second iteration; an iteration runs from one retirement of the loop's first instruction to the next, calls included; rows [iteration,instruction], as llvm-mca's -timeline; at most 10000 instructions a case)")
	fs.StringVar(&o.kanata, "kanata", "", "with --timeline and one case, also write its timeline to `FILE` as a Kanata log (open it in the Konata pipeline viewer)")
	return func(env *cmdEnv, args []string) int {
		if len(args) > 0 {
			env.errorf("bench: unexpected argument %q", args[0])
			return exitUsage
		}
		return runBench(env, &o)
	}
}

// benchCase is one (algorithm, mode, variant, GHASH) to measure.
type benchCase struct {
	alg, mode, variant, ghash string
}

func (c benchCase) name(withVariant bool) string {
	n := strings.ToUpper(c.alg + "-" + modeLabel(c.mode))
	if withVariant {
		n += "/" + c.variant
		if c.mode == "gcm" {
			n += "+" + c.ghash
		}
	}
	return n
}

// benchResult is one measurement: one call of the mode function on size bytes.
type benchResult struct {
	benchCase
	size         int
	cycles       uint64
	instructions uint64
	bps          float64 // bytes per second at the clock
}

// benchRun holds what --explain needs of a case's largest size.
type benchRun struct {
	benchCase
	results []benchResult
	model   *cyclemodel.Model
	file    *elf.File
	objs    []loadedObject // what the kernel's machine loaded (--profile)
	xlen    int
	// timeline is the pipeline timeline of the measured call at the largest size (--timeline).
	timeline *benchTimeline
}

// budgetHelp describes the default per-call budget in flag help.
var budgetHelp = fmt.Sprintf("%d plus %d per byte the call processes; a call that runs longer is reported as stuck", kernels.BudgetBase, kernels.BudgetPerByte)

func runBench(env *cmdEnv, o *benchOptions) int {
	if o.core == "" {
		env.errorf("bench: --core is required (see 'rvsim cores')")
		return exitUsage
	}
	core, err := cyclemodel.Load(o.core)
	if err != nil {
		env.errorf("bench: --core: %v", err)
		return exitUsage
	}
	ro := &benchRunOptions{xlen: o.xlen, vlen: o.vlen, freq: core.FreqMHz, decrypt: o.decrypt, profile: o.explain || o.timeline.v > 0,
		pprof: o.profile != "", maxInsns: o.maxInsns, timeline: o.timeline.v}
	if o.freq.set {
		ro.freq = o.freq.v
	}
	if o.xlen != 32 && o.xlen != 64 {
		env.errorf("bench: --xlen %d: want 32 or 64", o.xlen)
		return exitUsage
	}
	if o.vlen == 0 && core.HasVector {
		ro.vlen = core.VLEN
	}
	if ro.vlen != 0 {
		if err := checkVLEN(ro.vlen); err != nil {
			env.errorf("bench: --vlen: %v", err)
			return exitUsage
		}
	}
	sizes, err := parseSizes(o.sizes)
	if err != nil {
		env.errorf("bench: --sizes: %v", err)
		return exitUsage
	}
	if ro.dir, err = kernels.FindDir(o.kernels); err != nil {
		env.errorf("bench: %v (give --kernels DIR)", err)
		return exitUsage
	}
	if o.kanata != "" && o.timeline.v == 0 {
		env.errorf("bench: --kanata needs --timeline N (the iterations to write)")
		return exitUsage
	}
	if o.timeline.v > 0 && (o.asJSON || o.asCSV || o.reference != "") {
		env.errorf("bench: --timeline prints a chart after the table; it does not go with --json, --csv or --reference")
		return exitUsage
	}
	if o.reference != "" {
		if o.plot != "" {
			env.errorf("bench: --plot draws a bench's measurements; it does not go with --reference")
			return exitUsage
		}
		if o.profile != "" {
			env.errorf("bench: --profile does not go with --reference (profile the cases themselves)")
			return exitUsage
		}
		return runReference(env, o, core, ro)
	}
	var plotAs string
	if o.plot != "" {
		if plotAs, err = plotFormat(o.plot); err != nil {
			env.errorf("bench: %v", err)
			return exitUsage
		}
	}
	if err := checkAlg(o.alg); err != nil {
		env.errorf("bench: --alg: %v", err)
		return exitUsage
	}
	modes, err := parseList(o.modes)
	if err != nil {
		env.errorf("bench: --mode: %v", err)
		return exitUsage
	}
	variants, err := parseList(o.variants)
	if err != nil {
		env.errorf("bench: --variant: %v", err)
		return exitUsage
	}
	var cases []benchCase
	for _, name := range modes {
		mode, ok := benchMode(name)
		if !ok {
			env.errorf("bench: --mode %q: want %s", name, strings.Join(benchModeNames(), ", "))
			return exitUsage
		}
		for _, v := range variants {
			gh := o.ghash
			if gh == "auto" {
				gh = bestGHASH(v)
			}
			cases = append(cases, benchCase{o.alg, mode, v, gh})
		}
	}
	var kanataOut io.Writer
	if o.kanata != "" {
		if len(cases) != 1 {
			env.errorf("bench: --kanata writes one case's timeline; %d cases are selected (choose one with --mode and --variant)", len(cases))
			return exitUsage
		}
		// Created before the runs, so that a bad path fails before the work.
		if kanataOut, err = env.create(o.kanata); err != nil {
			env.errorf("bench: --kanata: %v", err)
			return exitUsage
		}
	}
	var profileOut io.Writer
	if o.profile != "" {
		// Created before the runs, so that a bad path fails before the work.
		if profileOut, err = env.create(o.profile); err != nil {
			env.errorf("bench: --profile: %v", err)
			return exitUsage
		}
	}
	progress := newProgress(env, len(cases))
	start := time.Now()
	var runs []*benchRun
	for _, bc := range cases {
		progress.step(bc.name(true))
		r, err := measureCase(bc, core, ro, sizes)
		if err != nil {
			progress.done()
			env.errorf("bench: %s: %v", bc.name(true), err)
			return exitUsage
		}
		runs = append(runs, r)
	}
	progress.done()
	wall := time.Since(start)
	if o.plot != "" {
		w, err := env.create(o.plot)
		if err == nil {
			err = writeBenchPlot(w, plotAs, runs, core.Name, ro.freq)
		}
		if err != nil {
			env.errorf("bench: --plot: %v", err)
			return exitUsage
		}
	}
	if profileOut != nil {
		if err := writeBenchProfile(profileOut, runs, core, sizes, start); err != nil {
			env.errorf("bench: --profile: %v", err)
			return exitInternal
		}
	}
	switch {
	case o.asJSON:
		writeBenchJSON(env.stdout, runs, core, o.xlen, ro.freq)
	case o.asCSV:
		writeBenchCSV(env.stdout, runs, core, o.xlen, ro.freq)
	default:
		writeSpeedTable(env.stdout, runs, sizes)
		if len(variants) > 1 {
			writeSpeedups(env.stdout, runs, sizes)
		}
		if o.detail {
			writeDetail(env.stdout, runs)
		}
		if o.explain {
			for _, r := range runs {
				writeExplain(env.stdout, r)
			}
		}
		if o.timeline.v > 0 {
			for _, r := range runs {
				// A failed write is stdout's checked writer's to report (cmdEnv.finish).
				writeBenchTimeline(env.stdout, r, o.timeline.v)
			}
		}
		if kanataOut != nil {
			if bt := runs[0].timeline; bt.rec != nil {
				// A failed write is the file's checked writer's to report (cmdEnv.finish).
				cyclemodel.WriteKanata(kanataOut, bt.rec.rows, chartFormat(runs[0].file, runs[0].xlen), runs[0].model.ReasonName)
			}
		}
		fmt.Fprintf(env.stderr, "rvsim: bench on %s at %g MHz took %.2f s\n", core.Name, ro.freq, wall.Seconds())
	}
	return 0
}

// benchMode resolves a --mode name (or alias) to the canonical name of a mode bench
// measures: every data mode but the single block.
func benchMode(name string) (string, bool) {
	m, ok := kernels.LookupMode(name)
	if !ok || m.Name == kernels.ModeBlock {
		return "", false
	}
	return m.Name, true
}

func benchModeNames() []string {
	var ns []string
	for _, m := range kernels.DataModes() {
		if m.Name != kernels.ModeBlock {
			ns = append(ns, m.Name)
		}
	}
	return ns
}

// modeLabel is a mode's name in openssl speed's rows: CFB for cfb128.
func modeLabel(mode string) string {
	if m, ok := kernels.LookupMode(mode); ok {
		return m.Label()
	}
	return mode
}

func checkAlg(a string) error {
	switch a {
	case "sm4", "aes-128", "aes-192", "aes-256":
		return nil
	}
	return fmt.Errorf("%q: want sm4, aes-128, aes-192 or aes-256", a)
}

// kernelCall is a kernel ELF loaded with the model attached and one mode function's call
// prepared (package kernels sets the key and places the buffers), ready to run on n bytes.
type kernelCall struct {
	k     *kernels.Kernel
	p     *kernels.Prepared
	mc    *emu.Machine
	model *cyclemodel.Model
	objs  []loadedObject
	// onMeasured, when set, is called before the measured (last) call of measure, and the
	// function it returns after it (--timeline sets a recorder for that call).
	onMeasured func() (after func())
}

func cipherName(alg string) (string, int) {
	switch alg {
	case "aes-128":
		return "aes", 128
	case "aes-192":
		return "aes", 192
	case "aes-256":
		return "aes", 256
	}
	return "sm4", 128
}

// connectModel attaches a kernel's model to its hart: observeModel (the tests compare it
// with the per-instruction attachModel).
var connectModel = observeModel

// benchIV is the IV (or counter block) every chained call starts from.
var benchIV = []byte{0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87, 0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d, 0x1e, 0x0f}

func openKernel(bc benchCase, core *cyclemodel.Core, o *benchRunOptions, maxSize int) (*kernelCall, error) {
	cipher, keyBits := cipherName(bc.alg)
	k, err := kernels.Open(filepath.Join(o.dir, kernels.FileName(cipher, bc.variant, o.xlen)))
	if err != nil {
		return nil, fmt.Errorf("variant %q: %v", bc.variant, err)
	}
	if k.Family != cipher {
		return nil, fmt.Errorf("variant %q: %s is a %s kernel, not %s", bc.variant, k.Path, k.Family, cipher)
	}
	k.VLEN, k.MaxInsns = o.vlen, o.maxInsns
	sym := kernels.EntryPoint(cipher, bc.mode, bc.ghash, o.decrypt)
	if !k.Has(sym) {
		return nil, fmt.Errorf("%s has no %s", filepath.Base(k.Path), sym)
	}
	mc, err := k.Machine(sym)
	if err != nil {
		return nil, err
	}
	h := mc.Hart
	vlen := 0
	switch {
	case h.V != nil:
		vlen = h.V.VLEN
	case core.HasVector:
		vlen = core.VLEN
	}
	m := cyclemodel.New(core, o.xlen, vlen)
	objs := loadedObjects(k.Path, mc)
	switch {
	case o.pprof:
		if err := keepPprof(m, objs); err != nil {
			return nil, err
		}
	case o.profile:
		m.SetProfile(textRange(k.File()))
	}
	// The model sees the key schedule and context set-up too, as the hardware's caches and
	// predictors would.
	connectModel(h, m)

	key := make([]byte, keyBits/8)
	for i := range key {
		key[i] = byte(i*7 + 1)
	}
	spec := kernels.Spec{Mode: bc.mode, GHASH: bc.ghash, Decrypt: o.decrypt, Key: key, IV: benchIV,
		Len: maxSize + 16, TagLen: 16}
	switch bc.mode {
	case kernels.ModeGCM, kernels.ModeCCM:
		spec.IV = make([]byte, 12) // the nonce
	case kernels.ModeXTS:
		spec.Key2 = key
	}
	p, err := k.Prepare(spec)
	if err == nil {
		err = m.Err()
	}
	if err == nil && o.decrypt && (bc.mode == kernels.ModeGCM || bc.mode == kernels.ModeCCM) {
		// A ciphertext and tag that verify, so that decryption runs to the end.
		if err = p.SealInput(maxSize); err == nil {
			err = m.Err()
		}
	}
	if err != nil {
		return nil, err
	}
	return &kernelCall{k: k, p: p, mc: mc, model: m, objs: objs}, nil
}

// measure calls the mode function on n bytes reps times and returns the cycles and
// instructions of the last call.
func (kc *kernelCall) measure(n, reps int) (cycles, insts uint64, err error) {
	h := kc.mc.Hart
	for r := 0; r < reps; r++ {
		if err := kc.p.ResetIV(); err != nil {
			return 0, 0, err
		}
		var after func()
		if r == reps-1 {
			if kc.onMeasured != nil {
				after = kc.onMeasured()
			}
			kc.model.ResetStats()
		}
		c0, i0 := kc.model.Cycles(), h.Instret
		ret, err := kc.p.Call(n)
		if after != nil {
			after()
		}
		if err != nil {
			return 0, 0, fmt.Errorf("the call on %d bytes: %v", n, err)
		}
		if kc.p.Sym == kernels.EntryPoint(kc.k.Family, kernels.ModeXTS, "", false) || kc.p.Sym == kernels.EntryPoint(kc.k.Family, kernels.ModeXTS, "", true) {
			if ret != 0 {
				return 0, 0, fmt.Errorf("%s rejected %d bytes (returned %d)", kc.p.Sym, n, int64(ret))
			}
		}
		if err := kc.model.Err(); err != nil {
			return 0, 0, err
		}
		cycles, insts = kc.model.Cycles()-c0, h.Instret-i0
	}
	return cycles, insts, nil
}

// repsFor is how many times a size is called: enough for warm caches and trained predictors
// (the first call of a size also sees its buffers for the first time), fewer for big sizes.
func repsFor(n int) int {
	if n >= 4096 {
		return 2
	}
	return 3
}

// benchRunOptions is what every case of a bench run shares.
type benchRunOptions struct {
	dir              string
	xlen, vlen       int
	freq             float64
	decrypt, profile bool
	pprof            bool // keep what a pprof profile needs (--profile)
	maxInsns         uint64
	timeline         int // iterations of the steady-state loop to record at the largest size (--timeline)
}

func measureCase(bc benchCase, core *cyclemodel.Core, o *benchRunOptions, sizes []int) (*benchRun, error) {
	maxSize := 0
	for _, s := range sizes {
		maxSize = max(maxSize, s)
	}
	kc, err := openKernel(bc, core, o, maxSize)
	if err != nil {
		return nil, err
	}
	r := &benchRun{benchCase: bc, model: kc.model, file: kc.k.File(), objs: kc.objs, xlen: o.xlen}
	// The profile is kept for the largest size: measure it last.
	order := append([]int(nil), sizes...)
	sort.SliceStable(order, func(i, j int) bool { return order[i] < order[j] })
	res := map[int]benchResult{}
	for i, n := range order {
		if o.timeline > 0 && i == len(order)-1 {
			kc.onMeasured = func() func() {
				bt, after := kc.startTimeline(o.timeline, n)
				r.timeline = bt
				return after
			}
		}
		cyc, ins, err := kc.measure(n, repsFor(n))
		if err != nil {
			return nil, err
		}
		res[n] = benchResult{benchCase: bc, size: n, cycles: cyc, instructions: ins, bps: float64(n) * o.freq * 1e6 / float64(max(cyc, 1))}
	}
	for _, n := range sizes {
		r.results = append(r.results, res[n])
	}
	return r, nil
}

// writeSpeedTable prints the rows as openssl speed does.
func writeSpeedTable(w io.Writer, runs []*benchRun, sizes []int) {
	withVariant := len(runs) > 1 && (runs[0].variant != runs[len(runs)-1].variant || runs[0].mode == "gcm")
	fmt.Fprintf(w, "The 'numbers' are in 1000s of bytes per second processed.\n")
	fmt.Fprintf(w, "type        ")
	for _, s := range sizes {
		fmt.Fprintf(w, "%7d bytes", s)
	}
	fmt.Fprintln(w)
	for _, r := range runs {
		fmt.Fprintf(w, "%-13s", r.name(withVariant))
		for _, res := range r.results {
			if res.bps > 10000 {
				fmt.Fprintf(w, " %11.2fk", res.bps/1e3)
			} else {
				fmt.Fprintf(w, " %11.2f ", res.bps)
			}
		}
		fmt.Fprintln(w)
	}
}

// writeSpeedups prints each variant's speed over the first variant's, mode by mode.
func writeSpeedups(w io.Writer, runs []*benchRun, sizes []int) {
	fmt.Fprintf(w, "\nspeedup     ")
	for _, s := range sizes {
		fmt.Fprintf(w, "%7d bytes", s)
	}
	fmt.Fprintln(w)
	var base *benchRun
	for _, r := range runs {
		if base == nil || base.mode != r.mode {
			base = r
			continue
		}
		fmt.Fprintf(w, "%-13s", r.name(true)+"/"+base.variant)
		for i, res := range r.results {
			fmt.Fprintf(w, " %11.2fx", float64(base.results[i].cycles)/float64(max(res.cycles, 1)))
		}
		fmt.Fprintln(w)
	}
}

// fitLine fits cycles = overhead + cost*bytes by least squares and returns R².
func fitLine(res []benchResult) (overhead, cost, r2 float64) {
	if len(res) < 2 {
		return 0, 0, 0
	}
	xs := make([]float64, len(res))
	ys := make([]float64, len(res))
	for i, r := range res {
		xs[i], ys[i] = float64(r.size), float64(r.cycles)
	}
	overhead, cost = stat.LinearRegression(xs, ys, nil, false)
	r2 = stat.RSquared(xs, ys, nil, overhead, cost)
	return
}

func writeDetail(w io.Writer, runs []*benchRun) {
	fmt.Fprintf(w, "\ndetail\n")
	for _, r := range runs {
		fmt.Fprintf(w, "%s:\n", r.name(true))
		fmt.Fprintf(w, "  %8s %12s %12s %10s %7s\n", "bytes", "cycles", "instructions", "cycles/B", "IPC")
		for _, res := range r.results {
			fmt.Fprintf(w, "  %8d %12d %12d %10.2f %7.3f\n", res.size, res.cycles, res.instructions,
				float64(res.cycles)/float64(res.size), float64(res.instructions)/float64(max(res.cycles, 1)))
		}
		ov, cost, r2 := fitLine(r.results)
		fmt.Fprintf(w, "  fit: cycles = %.1f + %.3f x bytes (R² %.5f)\n", ov, cost, r2)
	}
}

// writeExplain says where the cycles of the last (largest) measured call went.
func writeExplain(w io.Writer, r *benchRun) {
	m := r.model
	s := m.Stats()
	largest := 0
	for _, res := range r.results {
		largest = max(largest, res.size)
	}
	fmt.Fprintf(w, "\nexplain %s, %d bytes: %d cycles, %d instructions, IPC %.3f\n", r.name(true), largest, s.Cycles, s.Instructions, s.IPC())
	fmt.Fprintf(w, "  branches %d (mispredicted %d), loads %d, stores %d, L1D misses %d, misaligned %d\n",
		s.Branches, s.Mispredicts, s.Loads, s.Stores, s.L1DMisses, s.Misaligned)
	for _, sh := range m.Breakdown() {
		fmt.Fprintf(w, "  %-24s %10d cycles %6.1f%%\n", sh.Reason, sh.Cycles, pct(sh.Cycles, s.Cycles))
	}
	fmt.Fprintf(w, "  loops:\n")
	for _, lp := range m.TopLoops(5) {
		fmt.Fprintf(w, "    %6.1f%% %s..%s: %d iterations, %.1f cycles and %.1f instructions each\n",
			pct(lp.Cycles, s.Cycles), where(r.file, lp.Start), describeShort(symbolizer(r.file), lp.End), lp.Iterations,
			float64(lp.Cycles)/float64(max(lp.Iterations, 1)), float64(lp.Instructions)/float64(max(lp.Iterations, 1)))
	}
	fmt.Fprintf(w, "  instructions:\n")
	writeTopInsts(w, "    ", m, symbolizer(r.file), r.xlen, 12)
}

type benchRecord struct {
	Core         string  `json:"core"`
	Alg          string  `json:"alg"`
	Mode         string  `json:"mode"`
	Variant      string  `json:"variant"`
	GHASH        string  `json:"ghash"`
	XLEN         int     `json:"xlen"`
	Size         int     `json:"size"`
	Cycles       uint64  `json:"cycles"`
	Instructions uint64  `json:"instructions"`
	FreqMHz      float64 `json:"freq_mhz"`
	BytesPerSec  float64 `json:"bytes_per_second"`
}

func benchRecords(runs []*benchRun, core *cyclemodel.Core, xlen int, freq float64) []benchRecord {
	var recs []benchRecord
	for _, r := range runs {
		gh := ""
		if r.mode == "gcm" {
			gh = r.ghash
		}
		for _, res := range r.results {
			recs = append(recs, benchRecord{core.Name, r.alg, r.mode, r.variant, gh, xlen, res.size, res.cycles, res.instructions, freq, res.bps})
		}
	}
	return recs
}

func writeBenchJSON(w io.Writer, runs []*benchRun, core *cyclemodel.Core, xlen int, freq float64) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(benchRecords(runs, core, xlen, freq))
}

func writeBenchCSV(w io.Writer, runs []*benchRun, core *cyclemodel.Core, xlen int, freq float64) {
	cw := csv.NewWriter(w)
	cw.Write([]string{"core", "alg", "mode", "variant", "ghash", "xlen", "size", "cycles", "instructions", "freq_mhz", "bytes_per_second"})
	for _, r := range benchRecords(runs, core, xlen, freq) {
		cw.Write([]string{r.Core, r.Alg, r.Mode, r.Variant, r.GHASH, strconv.Itoa(r.XLEN), strconv.Itoa(r.Size),
			strconv.FormatUint(r.Cycles, 10), strconv.FormatUint(r.Instructions, 10),
			strconv.FormatFloat(r.FreqMHz, 'g', -1, 64), strconv.FormatFloat(r.BytesPerSec, 'f', 2, 64)})
	}
	cw.Flush()
}

// progress reports which case is running on stderr when stderr is a terminal.
type progress struct {
	w     io.Writer
	n, i  int
	shown bool
}

func newProgress(env *cmdEnv, n int) *progress {
	p := &progress{n: n}
	if f, ok := osFile(env.stderr); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.w = env.stderr
		}
	}
	return p
}

func (p *progress) step(what string) {
	p.i++
	if p.w != nil {
		fmt.Fprintf(p.w, "\r\033[Krvsim: bench %d/%d %s", p.i, p.n, what)
		p.shown = true
	}
}

func (p *progress) done() {
	if p.shown {
		fmt.Fprintf(p.w, "\r\033[K")
	}
}

// runReference prints predicted against measured speedups for a measured log.
func runReference(env *cmdEnv, o *benchOptions, core *cyclemodel.Core, ro *benchRunOptions) int {
	lg, err := readSpeedLog(o.reference)
	if err != nil {
		env.errorf("bench: --reference: %v", err)
		return exitUsage
	}
	const minSize = 1024
	var sizes []int
	for _, s := range lg.sizes {
		if s >= minSize {
			sizes = append(sizes, s)
		}
	}
	start := time.Now()
	p := &casePredictor{core: core, opts: *ro, sizes: sizes, results: map[benchCase]*benchRun{}}
	ratios, err := referenceRatios(lg, p, minSize)
	if err != nil {
		env.errorf("bench: --reference: %v", err)
		return exitUsage
	}
	writeReference(env.stdout, core, o.reference, ratios)
	fmt.Fprintf(env.stderr, "rvsim: %d cases on %s in %.2f s\n", len(p.results), core.Name, time.Since(start).Seconds())
	return 0
}

// referenceLimit is the accuracy the model is held to: predicted speedups within 15% of the
// measured ones at 1024 bytes and above.
const referenceLimit = 0.15

func writeReference(w io.Writer, core *cyclemodel.Core, file string, ratios []refRatio) {
	fmt.Fprintf(w, "speedup over the C build, measured (%s) against predicted (core %s)\n", filepath.Base(file), core.Name)
	if len(ratios) == 0 {
		return
	}
	fmt.Fprintf(w, "%-5s %-11s %-6s %-5s", "mode", "variant", "ghash", "line")
	for _, s := range ratios[0].sizes {
		fmt.Fprintf(w, " | %5d B: meas  pred   error", s)
	}
	fmt.Fprintln(w)
	worst := 0.0
	for _, r := range ratios {
		gh := "-"
		if r.mode == "gcm" {
			gh = r.ghash
		}
		fmt.Fprintf(w, "%-5s %-11s %-6s %-5d", strings.ToUpper(modeLabel(r.mode)), r.variant, gh, r.line)
		for i := range r.sizes {
			e := r.pred[i]/r.meas[i] - 1
			mark := " "
			if e > referenceLimit || e < -referenceLimit {
				mark = "*"
			}
			worst = max(worst, e, -e)
			fmt.Fprintf(w, " |        %5.2f %5.2f %+6.1f%%%s", r.meas[i], r.pred[i], 100*e, mark)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "largest error %.1f%% (limit %.0f%%; * marks a miss)\n", 100*worst, 100*referenceLimit)
}

// bestGHASH is the fastest GHASH kernel a variant's extensions allow: the vector one for
// vector variants, the carry-less multiply one where the scalar variant has clmul (Zbc, or
// Zbkc, which Zkn includes), the table-driven C one otherwise.
func bestGHASH(variant string) string {
	for _, part := range strings.Split(variant, "-") {
		if strings.HasPrefix(part, "zv") {
			return "zvkg"
		}
	}
	for _, part := range strings.Split(variant, "-") {
		switch part {
		case "zbc", "zbkc", "zkn", "zk":
			return "zbc"
		}
	}
	return "c"
}

// writeBenchProfile writes the profile of each run's last measured call (at the largest
// size), its samples labelled with the case's name.
func writeBenchProfile(w io.Writer, runs []*benchRun, core *cyclemodel.Core, sizes []int, start time.Time) error {
	largest := 0
	for _, n := range sizes {
		largest = max(largest, n)
	}
	var prs []pprofRun
	var names []string
	for _, r := range runs {
		name := r.name(true)
		prs = append(prs, pprofRun{model: r.model, objs: r.objs, labels: map[string][]string{"case": {name}}})
		names = append(names, name)
	}
	comments := []string{fmt.Sprintf("rvsim bench --core %s: one call of %d bytes per case, cycles modelled on %s", core.Name, largest, core.Name),
		"cases (label case): " + strings.Join(names, ", ")}
	err := writePprof(w, prs, start, comments)
	if errors.Is(err, errWrite) {
		return nil // the file's checked writer reports it (cmdEnv.finish)
	}
	return err
}
