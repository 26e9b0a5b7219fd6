package emu_test

// Differential tests of rvsim against QEMU 7.2 user mode (qemu-riscv64, qemu-riscv32).
//
// TestDiffInstructions generates assembly programs from the isa table (difftest_gen_test.go)
// for RV32 and RV64: every scalar instruction over edge and seeded random operands, every
// immediate shape across its range, loads and stores of each width at misaligned and
// page-crossing addresses, LR/SC success and failure, every AMO with each aq/rl combination.
// Each program stores its results in a buffer and prints the buffer in hex, one value per
// line; the test runs the program under rvsim (in process) and QEMU and compares the lines,
// naming the instruction and operands of any value that differs. TestDiffCoverage checks that
// every scalar row of the table is exercised. TestDiffPrograms (difftest_prog_test.go) does
// the same for whole C programs and for programs that exit with a status or die of a signal.
//
// QEMU is an oracle with bugs of its own: dtQemuBugs lists the ones found, and for the cases
// they affect rvsim is checked against the value the specification gives instead.
//
// clang-19, ld.lld-19 and qemu-riscv{32,64} must be on PATH (scripts/setup.sh installs them).
// Without them the tests skip, except when CI=true, where they fail. -short runs fewer
// operands per instruction; RVSIM_DIFFTEST_SEED changes the random operands.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

// dtQemuExts are the scalar extensions whose declarations name a qemu-user 7.2 property:
// the programs are built for them (with I, M, A and C, which QEMU has by default) and both
// emulators run them. Rows of other scalar extensions are checked against the
// specification's values (dtSpec).
var dtQemuExts = func() (s isa.ExtSet) {
	for _, e := range isa.AllExts() {
		if x := e.Info(); x.QEMU != "" && !x.Vector {
			s |= isa.Exts(e)
		}
	}
	return s
}()

// dtExts is the -march suffix of the programs ("imac_zba_...").
var dtExts = strings.TrimPrefix(isa.ISA{XLEN: 64, Exts: dtQemuExts.With(isa.ExtI, isa.ExtM, isa.ExtA, isa.ExtC)}.String(), "rv64")

// dtQemuCPU enables the same extensions in QEMU 7.2 (whose rv32/rv64 CPUs have F and D, and
// none of the others, by default).
var dtQemuCPU = isa.QEMUProps(dtQemuExts)

// dtQemuBug is a known deviation of QEMU 7.2 from the RISC-V specification. For the cases it
// affects, rvsim is compared with the specification's value instead of QEMU's.
type dtQemuBug struct {
	name    string
	op      isa.Op // the instruction
	xlen    int    // 0: both
	qemu    string // what QEMU 7.2 does
	spec    string // what the specification says
	section string // where it says so
	// want returns the specification's result for an instruction-level case's operands (and
	// the block's immediate), and whether the bug affects them. Nil for a bug only the
	// whole-program tests meet (dtCProg.qemuBug names it).
	want func(a []uint64, imm int64) (uint64, bool)
}

// dtQemuBugs lists the QEMU 7.2 bugs the differential tests run into.
var dtQemuBugs = []dtQemuBug{
	{
		name: "ctzw", op: isa.CTZW, xlen: 64,
		qemu: "counts trailing zeros over all 64 bits of rs1: ctzw of 1<<37 is 37, of 0 is 64",
		spec: "counts up to bit 31 only: 32 when the low word is zero",
		section: "RISC-V Bit-Manipulation ISA-extensions 1.0.0, Zbb, instruction ctzw " +
			"(\"if the least-significant word is 0, the output is 32\")",
		want: func(a []uint64, _ int64) (uint64, bool) {
			if uint32(a[0]) != 0 {
				return 0, false
			}
			return 32, true
		},
	},
}

// dtBug returns the known bug of op at xlen that instruction-level cases can meet.
func dtBug(op isa.Op, xlen int) *dtQemuBug {
	for i := range dtQemuBugs {
		if b := &dtQemuBugs[i]; b.op == op && (b.xlen == xlen || b.xlen == 0) && op != 0 && b.want != nil {
			return b
		}
	}
	return nil
}

// dtBugNamed returns the known bug called name.
func dtBugNamed(name string) *dtQemuBug {
	for i := range dtQemuBugs {
		if dtQemuBugs[i].name == name {
			return &dtQemuBugs[i]
		}
	}
	return nil
}

// ---- tools ----

type dtTools struct {
	clang string
	qemu  map[int]string
}

// dtNeedTools finds the toolchain and QEMU, skipping the test without them (failing on CI).
func dtNeedTools(t *testing.T) dtTools {
	t.Helper()
	tc := dtTools{qemu: map[int]string{}}
	var missing []string
	look := func(name string) string {
		p, err := exec.LookPath(name)
		if err != nil {
			missing = append(missing, name)
		}
		return p
	}
	tc.clang = look("clang-19")
	look("ld.lld-19")
	tc.qemu[64] = look("qemu-riscv64")
	tc.qemu[32] = look("qemu-riscv32")
	if len(missing) > 0 {
		msg := fmt.Sprintf("differential tests need %s on PATH (run scripts/setup.sh)", strings.Join(missing, ", "))
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg + "; skipping")
	}
	return tc
}

// dtSlots bounds the external processes (clang, QEMU) and rvsim runs in flight.
var dtSlots = make(chan struct{}, runtime.NumCPU())

func dtAcquire() func() {
	dtSlots <- struct{}{}
	return func() { <-dtSlots }
}

// dtBuild compiles or assembles srcs into out for xlen. Extra flags go before the sources.
func dtBuild(ctx context.Context, tc dtTools, xlen int, out string, flags []string, srcs ...string) error {
	abi := "lp64"
	if xlen == 32 {
		abi = "ilp32"
	}
	args := []string{
		fmt.Sprintf("--target=riscv%d-unknown-linux-gnu", xlen),
		fmt.Sprintf("-march=rv%d%s", xlen, dtExts), "-mabi=" + abi,
		"-nostdlib", "-static", "-fuse-ld=lld", "-o", out,
	}
	args = append(args, flags...)
	args = append(args, srcs...)
	defer dtAcquire()()
	cmd := exec.CommandContext(ctx, tc.clang, args...)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("clang-19 %s: %v\n%s", strings.Join(args, " "), err, dtTail(b, 3000))
	}
	return nil
}

// dtRun is how one emulator ran a program.
type dtRun struct {
	stdout []byte
	status int    // exit status, 128+signal when killed by a signal (as a shell reports it)
	detail string // stderr (QEMU) or the stop description (rvsim)
}

// dtQemu runs the program under QEMU user mode.
func dtQemu(ctx context.Context, tc dtTools, xlen int, path string) (dtRun, error) {
	return dtQemuWith(ctx, tc, xlen, fmt.Sprintf("rv%d,%s", xlen, dtQemuCPU), path)
}

// dtQemuWith runs the program under QEMU user mode with the -cpu option given.
func dtQemuWith(ctx context.Context, tc dtTools, xlen int, cpu, path string) (dtRun, error) {
	defer dtAcquire()()
	cmd := exec.CommandContext(ctx, tc.qemu[xlen], "-cpu", cpu, path)
	cmd.Env = []string{} // the guest gets no environment, as under rvsim
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := dtRun{stdout: out.Bytes(), detail: errb.String()}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		ws, ok := ee.Sys().(syscall.WaitStatus)
		if !ok {
			return r, err
		}
		if ws.Signaled() {
			r.status = 128 + int(ws.Signal())
		} else {
			r.status = ws.ExitStatus()
		}
	default:
		return r, err
	}
	if ctx.Err() != nil {
		return r, fmt.Errorf("qemu timed out: %v", ctx.Err())
	}
	return r, nil
}

// dtRvsim runs the program under rvsim, in process, as a Linux user-mode program. With a
// hook, the run takes the interpreter's hooked path (one instruction at a time) and reports
// every retired instruction to it.
func dtRvsim(path string, hook func(*emu.Retired)) (dtRun, error) {
	return dtRvsimWith(path, hook, emu.Config{})
}

// dtRvsimWith is dtRvsim with a configuration (ISA, VLEN...); its Env and Linux fields are
// set here.
func dtRvsimWith(path string, hook func(*emu.Retired), cfg emu.Config) (dtRun, error) {
	defer dtAcquire()()
	data, err := os.ReadFile(path)
	if err != nil {
		return dtRun{}, err
	}
	f, err := elf.Parse(data)
	if err != nil {
		return dtRun{}, err
	}
	if f.Type != "exec" {
		// A PIE could be placed differently by the two emulators, and results hold addresses.
		return dtRun{}, fmt.Errorf("%s is a %s ELF, not a position-dependent executable", path, f.Type)
	}
	var out, errb bytes.Buffer
	cfg.Env = emu.EnvLinux
	cfg.Linux = emu.LinuxConfig{Args: []string{path}, Stdout: &out, Stderr: &errb, HostExe: path}
	mc, err := emu.Load(f, cfg)
	if err != nil {
		return dtRun{}, err
	}
	mc.Hart.Hook = hook
	st := mc.Hart.Run(2_000_000_000)
	r := dtRun{stdout: out.Bytes(), detail: st.String()}
	switch st.Reason {
	case emu.StopExit:
		r.status = st.Code
	case emu.StopSignal:
		r.status = 128 + st.Signal
	default:
		return r, fmt.Errorf("rvsim stopped: %v", st)
	}
	return r, nil
}

// dtRunBoth runs a program under both emulators in parallel.
func dtRunBoth(ctx context.Context, tc dtTools, xlen int, path string) (rv, q dtRun, err error) {
	var wg sync.WaitGroup
	var qerr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		q, qerr = dtQemu(ctx, tc, xlen, path)
	}()
	rv, err = dtRvsim(path, nil)
	wg.Wait()
	if err == nil {
		err = qerr
	}
	return rv, q, err
}

func dtTail(b []byte, n int) string {
	if len(b) > n {
		return "..." + string(b[len(b)-n:])
	}
	return string(b)
}

// dtDefaultSeed seeds the random operands unless RVSIM_DIFFTEST_SEED says otherwise.
const dtDefaultSeed uint64 = 20240611

// dtSeed is the seed of the random operands (RVSIM_DIFFTEST_SEED overrides it).
func dtSeed(t *testing.T) uint64 {
	seed := dtDefaultSeed
	if s := os.Getenv("RVSIM_DIFFTEST_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 0, 64)
		if err != nil {
			t.Fatalf("RVSIM_DIFFTEST_SEED=%q: %v", s, err)
		}
		seed = v
		t.Logf("random operands from seed %d", seed)
	}
	return seed
}

// ---- the instruction tests ----

// TestDiffCoverage checks that the generated cases exercise every scalar instruction of the
// table at both XLENs (and in -short mode too). It needs no tools.
func TestDiffCoverage(t *testing.T) {
	for _, xlen := range []int{32, 64} {
		for _, short := range []bool{false, true} {
			g := newDtGen(xlen, short, dtDefaultSeed)
			blocks := g.generate()
			cases := map[isa.Op]int{}
			total := 0
			for _, b := range blocks {
				for _, op := range b.ops {
					cases[op] += b.count()
				}
				total += b.count()
			}
			for _, op := range dtRequired(xlen) {
				if cases[op] == 0 {
					t.Errorf("rv%d (short=%v): no generated case exercises %s (%s): teach difftest_gen_test.go its shape",
						xlen, short, op, isa.RowOf(op, xlen).Exts.List())
				}
			}
			if !short {
				t.Logf("rv%d: %d cases in %d blocks over %d instructions", xlen, total, len(blocks), len(dtRequired(xlen)))
			}
		}
	}
}

// TestDiffInstructions compares rvsim with QEMU instruction by instruction.
func TestDiffInstructions(t *testing.T) {
	tc := dtNeedTools(t)
	seed := dtSeed(t)
	for _, xlen := range []int{32, 64} {
		t.Run(fmt.Sprintf("rv%d", xlen), func(t *testing.T) {
			t.Parallel()
			g := newDtGen(xlen, testing.Short(), seed)
			blocks := g.generate()
			qemuBlocks, specBlocks := dtSpecSplit(blocks)
			progs := g.split(qemuBlocks, 3)
			if len(specBlocks) > 0 {
				sp := g.split(specBlocks, 1)[0]
				sp.name, sp.spec = fmt.Sprintf("spec%d", xlen), true
				progs = append(progs, sp)
			}
			dir := t.TempDir()
			pat := filepath.Join(dir, "pat.bin")
			if err := os.WriteFile(pat, dtPattern(), 0o644); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			type result struct {
				rv, q, hooked dtRun
				retired       map[isa.Op]bool
				bin           string
				err           error
			}
			res := make([]result, len(progs))
			var wg sync.WaitGroup
			for i, p := range progs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					r := &res[i]
					in := filepath.Join(dir, p.name+".in")
					src, inputs := p.source(in, pat)
					asm := filepath.Join(dir, p.name+".s")
					r.bin = filepath.Join(dir, p.name)
					if r.err = os.WriteFile(in, inputs, 0o644); r.err != nil {
						return
					}
					if r.err = os.WriteFile(asm, []byte(src), 0o644); r.err != nil {
						return
					}
					var flags []string
					if p.spec {
						flags = []string{"-march=" + dtSpecMarch(xlen, p)}
					}
					if r.err = dtBuild(ctx, tc, xlen, r.bin, flags, asm); r.err != nil {
						return
					}
					if p.spec {
						// QEMU 7.2 cannot run these: the specification's values stand in.
						r.q = dtSpecRun(p)
						r.rv, r.err = dtRvsim(r.bin, nil)
					} else {
						r.rv, r.q, r.err = dtRunBoth(ctx, tc, xlen, r.bin)
					}
					if r.err != nil {
						return
					}
					// Again through the hooked interpreter loop, which must agree with the fast
					// one, noting which instructions retired.
					r.retired = map[isa.Op]bool{}
					r.hooked, r.err = dtRvsim(r.bin, func(ret *emu.Retired) { r.retired[ret.Inst.Op] = true })
				}()
			}
			wg.Wait()
			total, confirmed := 0, map[*dtQemuBug]int{}
			retired := map[isa.Op]bool{}
			for i, p := range progs {
				r := res[i]
				if r.err != nil {
					t.Errorf("%s: %v", p.name, r.err)
					continue
				}
				dtCompareInsts(t, p, r.rv, r.q, confirmed)
				dtCheckEncoded(t, p, r.bin)
				if !bytes.Equal(r.hooked.stdout, r.rv.stdout) || r.hooked.status != r.rv.status {
					t.Errorf("%s: rvsim's hooked run differs from its fast run: status %d vs %d, stdout:\n%s",
						p.name, r.hooked.status, r.rv.status, dtDiffLines(string(r.hooked.stdout), string(r.rv.stdout)))
				}
				for op := range r.retired {
					retired[op] = true
				}
				for _, b := range p.blocks {
					total += b.count()
				}
			}
			if !t.Failed() {
				for _, op := range dtRequired(xlen) {
					if !retired[op] {
						t.Errorf("no %s retired in the generated programs", op)
					}
				}
			}
			t.Logf("rv%d: %d cases in %d programs", xlen, total, len(progs))
			for i := range dtQemuBugs {
				b := &dtQemuBugs[i]
				if b.want == nil || (b.xlen != xlen && b.xlen != 0) {
					continue
				}
				// Not an error when QEMU agrees with the spec: a newer QEMU may have fixed it.
				t.Logf("known QEMU bug in %s: %d cases where QEMU differs from the spec (%s)", b.op, confirmed[b], b.section)
			}
		})
	}
}

// dtParse reads the hex values a generated program prints.
func dtParse(out []byte) ([]uint64, error) {
	var vs []uint64
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		v, err := strconv.ParseUint(sc.Text(), 16, 64)
		if err != nil {
			return vs, fmt.Errorf("line %d: %q is not a hex value", len(vs)+1, sc.Text())
		}
		vs = append(vs, v)
	}
	return vs, nil
}

// dtCompareInsts compares the results of one generated program, case by case.
func dtCompareInsts(t *testing.T, p *dtProg, rv, q dtRun, confirmed map[*dtQemuBug]int) {
	t.Helper()
	if q.status != 0 {
		t.Errorf("%s: QEMU exited with status %d: %s", p.name, q.status, dtTail([]byte(q.detail), 500))
	}
	if rv.status != 0 {
		t.Errorf("%s: rvsim exited with status %d: %s", p.name, rv.status, rv.detail)
	}
	rvs, err1 := dtParse(rv.stdout)
	qs, err2 := dtParse(q.stdout)
	if err1 != nil || err2 != nil || len(rvs) != p.nres || len(qs) != p.nres {
		t.Errorf("%s: output unreadable: rvsim %d values (%v), QEMU %d values (%v), want %d",
			p.name, len(rvs), err1, len(qs), err2, p.nres)
		return
	}
	hex := func(v uint64) string { return fmt.Sprintf("0x%0*x", p.xlen/4, v) }
	bad := 0
	k := 0
	for _, b := range p.blocks {
		bug := dtBug(b.op, p.xlen)
		for c := 0; c < b.count(); c++ {
			var in []uint64
			if b.nin > 0 {
				in = b.cases[c]
			}
			for j := 0; j < b.nres; j++ {
				got, want := rvs[k], qs[k]
				k++
				oracle := "QEMU"
				if p.spec {
					oracle = "the spec"
				}
				if bug != nil && j == 0 {
					if spec, ok := bug.want(b.operands(in), b.imm); ok {
						if want != spec {
							confirmed[bug]++
						}
						want, oracle = spec, "spec (known QEMU bug)"
					}
				}
				if b.want != nil && got != b.want[j] {
					bad++
					t.Errorf("%s: %s -> result %d: rvsim %s, want %s", p.name, b.name, j, hex(got), hex(b.want[j]))
				}
				if got == want {
					continue
				}
				bad++
				if bad <= 25 {
					var ins []string
					for _, v := range in {
						ins = append(ins, hex(v))
					}
					also := ""
					if want != qs[k-1] {
						also = " (QEMU " + hex(qs[k-1]) + ")"
					}
					t.Errorf("%s: %s [%s] -> result %d: rvsim %s, %s %s%s",
						p.name, b.name, strings.Join(ins, " "), j, hex(got), oracle, hex(want), also)
				}
			}
		}
	}
	if bad > 25 {
		t.Errorf("%s: %d mismatching values in all", p.name, bad)
	}
}

// dtCheckEncoded decodes the built program's code and checks that every op its blocks claim
// to exercise is really there: the assembler did not turn it into something else.
func dtCheckEncoded(t *testing.T, p *dtProg, bin string) {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Errorf("%s: %v", p.name, err)
		return
	}
	dec := isa.NewDecoder(isa.Default(p.xlen))
	seen := map[isa.Op]bool{}
	for _, s := range f.Sections {
		if !s.Exec {
			continue
		}
		for i := 0; i+2 <= len(s.Data); {
			w := uint32(s.Data[i]) | uint32(s.Data[i+1])<<8
			if w&3 == 3 && i+4 <= len(s.Data) {
				w |= uint32(s.Data[i+2])<<16 | uint32(s.Data[i+3])<<24
			}
			in, st := dec.Decode(w)
			if st == isa.OK {
				seen[in.Op] = true
			}
			if in.Len == 4 {
				i += 4
			} else {
				i += 2
			}
		}
	}
	for _, b := range p.blocks {
		for _, op := range b.ops {
			if !seen[op] {
				t.Errorf("%s: block %q claims %s but the program contains no %s", p.name, b.name, op, op)
			}
		}
	}
}
