package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"

	"rvsim/emu"
	"rvsim/kernels"
	"rvsim/testvectors"
)

func init() {
	register(&command{
		Name:      "verify",
		UsageLine: "verify [--kernel GLOB|FILE] [--json] [--long] [--vlen BITS] [FILE...]",
		Short:     "check crypto kernels against the official test vectors",
		Long: `
Verify loads each kernel ELF, finds which block ciphers, modes and GHASH variants it
exports (by symbol name, following the ABI of kernels/README.md), runs every official test
vector that applies (FIPS 197, SP 800-38A, the GCM specification, SP 800-38C, IEEE 1619,
GB/T 32907, RFC 8998, draft-ribose-cfrg-sm4, SM4-XTS) in both directions, and prints one
line per kernel and mode: the vectors passed out of those run, and the instructions
retired per byte of a 4 KiB message (the mode's encrypt call alone: no key schedule or
context set-up; for "block", one 16-byte block).

Kernels named FAMILY-VARIANT-rvXLEN.elf run with exactly the variant's extensions
(rv64imac_zksed_zbkb for sm4-zksed-zbkb-rv64.elf, plus zbc for the *_ghash_zbc entry
points), so a kernel that uses anything else fails; other ELFs run with every extension
rvsim implements. The vector kernels (variants with zv... extensions: sm4-zvksed-zvkb,
aes-zvkned, ...) run on rv64imacv plus their extensions at VLEN=128, or at the VLEN
--vlen gives. By default verify checks kernels/bin/*.elf of the rvsim repository that
contains the working directory; ELFs there without kernel entry points (the examples) are
skipped. The 1,000,000-iteration SM4 vector runs only on the fastest SM4 kernel unless
--long is given.

Each kernel call may retire a budget of instructions that grows with the bytes it
processes (--max-insns sets one for every call instead); a kernel whose call runs past it
is reported as stuck, with the entry point and the budget, and not checked further.

Verify exits 0 when every vector passes, 1 when one fails or a kernel is stuck, 2 when no
kernel could be loaded.`,
		Flags: verifyFlags,
	})
}

// verifyReport is the --json output.
type verifyReport struct {
	OK      bool            `json:"ok"`
	VLEN    int             `json:"vlen"` // the vector kernels' VLEN in bits
	Passed  int             `json:"passed"`
	Total   int             `json:"total"`
	Kernels []*kernelReport `json:"kernels"`
}

type kernelReport struct {
	Path    string        `json:"path"`
	Name    string        `json:"name"`
	Family  string        `json:"family,omitempty"`
	Variant string        `json:"variant,omitempty"`
	XLEN    int           `json:"xlen,omitempty"`
	ISA     string        `json:"isa,omitempty"` // "" when the name gives no extensions
	Skipped string        `json:"skipped,omitempty"`
	Error   string        `json:"error,omitempty"`
	Stuck   bool          `json:"stuck,omitempty"` // Error is a call that exceeded its instruction budget
	Modes   []*modeReport `json:"modes,omitempty"`
}

type modeReport struct {
	Mode         string          `json:"mode"`
	Passed       int             `json:"passed"`
	Total        int             `json:"total"`
	InsnsPerByte float64         `json:"insns_per_byte"`
	Failures     []vectorFailure `json:"failures,omitempty"`
}

type vectorFailure struct {
	Vector string `json:"vector"`
	Error  string `json:"error"`
}

// measureBytes is the message length the instructions-per-byte figure is measured on.
const measureBytes = 4096

func verifyFlags(fs *flag.FlagSet) func(*cmdEnv, []string) int {
	glob := fs.String("kernel", "", "the kernel ELFs to check: a `GLOB` or a FILE (default: kernels/bin/*.elf of the repository containing the working directory)")
	asJSON := fs.Bool("json", false, "print a JSON report instead of the table")
	long := fs.Bool("long", false, "run the 1,000,000-iteration SM4 vector on every SM4 kernel, not only the fastest")
	list := fs.Bool("list", false, "list the official test vectors (cipher, mode, name: the names 'rvsim debug --vector' takes) and exit")
	vlen := fs.Int("vlen", 128, "the vector register width in `BITS` the vector kernels run at (a power of two, 128 to 4096)")
	maxInsns := fs.Uint64("max-insns", 0, "instruction budget of each kernel call in `N` (0: "+budgetHelp+")")
	return func(env *cmdEnv, args []string) int {
		if _, err := emu.NewVector(*vlen); err != nil {
			env.errorf("verify: --vlen: %v", err)
			return exitUsage
		}
		if *list {
			vectors, err := testvectors.All()
			if err != nil {
				env.errorf("verify: %v", err)
				return exitInternal
			}
			for _, v := range vectors {
				fmt.Fprintf(env.stdout, "%-4s %-6s %s\n", v.Cipher, v.Mode, v.Name)
			}
			return 0
		}
		paths, explicit, err := verifyPaths(*glob, args)
		if err != nil {
			env.errorf("verify: %v", err)
			return exitUsage
		}
		vectors, err := testvectors.All()
		if err != nil {
			env.errorf("verify: %v", err)
			return exitInternal
		}
		reports := verifyKernels(paths, explicit, vectors, *long, *vlen, *maxInsns)
		rep := &verifyReport{OK: true, VLEN: *vlen, Kernels: reports}
		loaded := 0
		for _, k := range reports {
			if k.Error != "" {
				rep.OK = false
			}
			if k.Skipped == "" && (k.Error == "" || k.Stuck) {
				loaded++
			}
			for _, m := range k.Modes {
				rep.Passed += m.Passed
				rep.Total += m.Total
				if m.Passed != m.Total {
					rep.OK = false
				}
			}
		}
		if *asJSON {
			enc := json.NewEncoder(env.stdout)
			enc.SetIndent("", "  ")
			enc.Encode(rep)
		} else {
			printVerify(env, rep, *long)
		}
		switch {
		case loaded == 0:
			if !*asJSON {
				env.errorf("verify: no kernel could be loaded")
			}
			return exitUsage
		case !rep.OK:
			return 1
		}
		return 0
	}
}

// verifyPaths resolves --kernel and the arguments to ELF paths. explicit[i] says the path
// was named itself rather than matched by a pattern, a directory or the default: an ELF
// without kernel entry points is an error then, and skipped otherwise.
func verifyPaths(glob string, args []string) (paths []string, explicit []bool, err error) {
	specs := args
	if glob != "" {
		specs = append([]string{glob}, args...)
	}
	if len(specs) == 0 {
		dir, err := kernels.FindDir("")
		if err != nil {
			return nil, nil, fmt.Errorf("%v: run verify inside the rvsim repository, or name the kernels with --kernel GLOB|FILE", err)
		}
		paths, _ = filepath.Glob(filepath.Join(dir, "*.elf"))
		if len(paths) == 0 {
			return nil, nil, fmt.Errorf("no *.elf in %s (build them with make -C kernels)", dir)
		}
		return paths, make([]bool, len(paths)), nil
	}
	for _, s := range specs {
		if fi, err := os.Stat(s); err == nil {
			if fi.IsDir() {
				m, _ := filepath.Glob(filepath.Join(s, "*.elf"))
				if len(m) == 0 {
					return nil, nil, fmt.Errorf("no *.elf in %s", s)
				}
				paths = append(paths, m...)
				explicit = append(explicit, make([]bool, len(m))...)
			} else {
				paths = append(paths, s)
				explicit = append(explicit, true)
			}
			continue
		}
		m, err := filepath.Glob(s)
		if err != nil {
			return nil, nil, fmt.Errorf("--kernel %q: %v", s, err)
		}
		if len(m) == 0 {
			return nil, nil, fmt.Errorf("%s: no such file, and no file matches it as a pattern", s)
		}
		paths = append(paths, m...)
		explicit = append(explicit, make([]bool, len(m))...)
	}
	return paths, explicit, nil
}

// verifyKernels checks the kernels in parallel and returns their reports in path order.
func verifyKernels(paths []string, explicit []bool, vectors []testvectors.Vector, long bool, vlen int, maxInsns uint64) []*kernelReport {
	reps := make([]*kernelReport, len(paths))
	ks := make([]*kernels.Kernel, len(paths))
	for i, p := range paths {
		reps[i] = &kernelReport{Path: p, Name: strings.TrimSuffix(filepath.Base(p), ".elf")}
		k, err := kernels.Open(p)
		switch {
		case err != nil && !explicit[i] && strings.Contains(err.Error(), "exports no kernel entry points"):
			reps[i].Skipped = "no kernel entry points (a program, not a kernel library)"
			continue
		case err != nil:
			reps[i].Error = err.Error()
			continue
		}
		k.VLEN, k.MaxInsns = vlen, maxInsns
		ks[i] = k
		reps[i].Family, reps[i].Variant, reps[i].XLEN = k.Family, k.Variant, k.XLEN
		reps[i].ISA = k.ISA(k.Family + "_encrypt")
	}
	parallel(len(ks), func(i int) {
		if ks[i] != nil {
			var err error
			if reps[i].Modes, err = verifyKernel(ks[i], vectors); err != nil {
				reps[i].Error, reps[i].Stuck, reps[i].Modes, ks[i] = err.Error(), true, nil, nil
				return
			}
			ks[i].Release()
		}
	})
	// The million-fold SM4 vector: on the SM4 kernel with the fewest instructions per block,
	// or with --long on all of them.
	fastest := -1
	for i, k := range ks {
		if k == nil || k.Family != "sm4" || len(reps[i].Modes) == 0 || reps[i].Modes[0].Mode != kernels.ModeBlock {
			continue
		}
		if fastest < 0 || reps[i].Modes[0].InsnsPerByte < reps[fastest].Modes[0].InsnsPerByte {
			fastest = i
		}
	}
	parallel(len(ks), func(i int) {
		if ks[i] == nil || !(long || i == fastest) || len(reps[i].Modes) == 0 || reps[i].Modes[0].Mode != kernels.ModeBlock {
			return
		}
		m := reps[i].Modes[0]
		for j := range vectors {
			v := &vectors[j]
			if v.Iterations > 1 && kernels.Applies(ks[i], kernels.ModeBlock, v) {
				if err := runOne(ks[i], kernels.ModeBlock, v, m); err != nil {
					reps[i].Error, reps[i].Stuck = err.Error(), true
					break
				}
			}
		}
		ks[i].Release()
	})
	return reps
}

// parallel runs f(0..n-1) on as many goroutines as there are CPUs.
func parallel(n int, f func(int)) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// runOne runs one vector and records the outcome in m. It returns the error of a call that
// ran out of its instruction budget: the kernel is stuck, and checking it further would only
// repeat that.
func runOne(k *kernels.Kernel, mode string, v *testvectors.Vector, m *modeReport) error {
	m.Total++
	err := kernels.RunVector(k, mode, v)
	if err == nil {
		m.Passed++
		return nil
	}
	if be := (*kernels.BudgetError)(nil); errors.As(err, &be) {
		return be
	}
	m.Failures = append(m.Failures, vectorFailure{Vector: v.String(), Error: err.Error()})
	return nil
}

// verifyKernel runs one kernel's vectors (all but the million-fold one) and measures each
// mode's instructions per byte. It stops at a call that exceeds its instruction budget.
func verifyKernel(k *kernels.Kernel, vectors []testvectors.Vector) ([]*modeReport, error) {
	var out []*modeReport
	for _, mode := range k.Modes() {
		m := &modeReport{Mode: mode}
		for j := range vectors {
			if v := &vectors[j]; v.Iterations == 1 && kernels.Applies(k, mode, v) {
				if err := runOne(k, mode, v, m); err != nil {
					return nil, err
				}
			}
		}
		ipb, err := measure(k, mode)
		if be := (*kernels.BudgetError)(nil); errors.As(err, &be) {
			return nil, be
		}
		if err != nil {
			m.Failures = append(m.Failures, vectorFailure{Vector: fmt.Sprintf("(measuring %d bytes)", measureBytes), Error: err.Error()})
			m.Total++
		}
		m.InsnsPerByte = ipb
		out = append(out, m)
	}
	return out, nil
}

// measure runs a mode's encryption on a 4 KiB message (one block for "block") with fixed
// pseudo-random inputs and returns the instructions per byte of that call.
func measure(k *kernels.Kernel, mode string) (float64, error) {
	r := rand.New(rand.NewPCG(1, 2))
	data := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	key := data(16)
	msg := data(measureBytes)
	iv := data(16)
	var err error
	n := measureBytes
	switch {
	case mode == kernels.ModeBlock:
		n = 16
		_, err = k.Block(key, msg[:16], false)
	case mode == kernels.ModeECB:
		_, err = k.ECB(key, msg, false)
	case mode == kernels.ModeCBC:
		_, _, err = k.CBC(key, iv, msg, false)
	case mode == kernels.ModeCFB:
		_, _, err = k.CFB(key, iv, msg, false)
	case mode == kernels.ModeOFB:
		_, _, err = k.OFB(key, iv, msg)
	case mode == kernels.ModeCTR:
		_, _, err = k.CTR(key, iv, msg)
	case mode == kernels.ModeXTS:
		_, err = k.XTS(key, data(16), iv, msg, false)
	case mode == kernels.ModeCCM:
		_, _, err = k.CCMSeal(key, iv[:12], nil, msg, 16)
	case strings.HasPrefix(mode, kernels.ModeGCM+"-"):
		_, _, err = k.GCMSeal(strings.TrimPrefix(mode, kernels.ModeGCM+"-"), key, iv[:12], nil, msg, 16)
	case strings.HasPrefix(mode, kernels.ModeGHASHx):
		_, err = k.GHASH(strings.TrimPrefix(mode, kernels.ModeGHASHx), key, msg)
	default:
		err = errors.New("no measurement for this mode")
	}
	if err != nil {
		return 0, err
	}
	return float64(k.Insns) / float64(n), nil
}

func printVerify(env *cmdEnv, rep *verifyReport, long bool) {
	tw := tabwriter.NewWriter(env.stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "KERNEL\tMODE\tVECTORS\tINSNS/BYTE\t\n")
	var notes []string
	for _, k := range rep.Kernels {
		switch {
		case k.Skipped != "":
			notes = append(notes, fmt.Sprintf("%s: skipped: %s", k.Path, k.Skipped))
			continue
		case k.Error != "":
			fmt.Fprintf(tw, "%s\t-\tERROR\t-\t\n", k.Name)
			notes = append(notes, k.Error) // the message names the file
			continue
		}
		for _, m := range k.Modes {
			status := fmt.Sprintf("%d/%d", m.Passed, m.Total)
			if m.Passed != m.Total {
				status += " FAIL"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%.1f\t\n", k.Name, m.Mode, status, m.InsnsPerByte)
			for _, f := range m.Failures {
				notes = append(notes, fmt.Sprintf("FAIL %s %s: %s: %s", k.Name, m.Mode, f.Vector, f.Error))
			}
		}
	}
	tw.Flush()
	for _, n := range notes {
		fmt.Fprintln(env.stdout, n)
	}
	sm4 := 0
	for _, k := range rep.Kernels {
		if k.Family == "sm4" && len(k.Modes) > 0 {
			sm4++
		}
	}
	if !long && sm4 > 1 {
		fmt.Fprintln(env.stdout, "(the 1,000,000-iteration SM4 vector ran on the fastest SM4 kernel only; --long runs it on all)")
	}
	errs := 0
	for _, k := range rep.Kernels {
		if k.Error != "" {
			errs++
		}
	}
	verdict := "ok"
	if !rep.OK {
		verdict = "FAIL"
	}
	fmt.Fprintf(env.stdout, "%s: %d of %d vector runs passed", verdict, rep.Passed, rep.Total)
	if errs > 0 {
		fmt.Fprintf(env.stdout, "; %d ELF(s) could not be checked", errs)
	}
	fmt.Fprintln(env.stdout)
}
