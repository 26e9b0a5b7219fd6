package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rvsim/cyclemodel"
	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

// syscallClock wraps the model's observer and notes the modelled cycles each time the hart
// is about to make system call nr: run hands the observer its buffer before every ecall, so
// the model has then seen every instruction before it, as the system call will.
type syscallClock struct {
	next emu.Observer
	h    *emu.Hart
	m    *cyclemodel.Model
	nr   uint64
	at   []uint64
}

func (c *syscallClock) Retired(b *emu.Batch) {
	c.next.Retired(b)
	var w [4]byte
	if c.h.X[17] == c.nr && c.h.Mem.Read(b.Next, w[:]) == nil && w == [4]byte{0x73, 0, 0, 0} {
		c.at = append(c.at, c.m.Cycles())
	}
}

// loadModelled loads prog (with args) as a Linux program whose hart feeds core's model at
// mhz, as run --core does (observeModel), and returns them with the buffers its output
// goes to.
func loadModelled(t *testing.T, prog, core string, mhz float64, args ...string) (*emu.Hart, *cyclemodel.Model, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	f, err := elf.Open(prog)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	mc, err := emu.Load(f, emu.Config{ISA: isa.Default(64), Env: emu.EnvLinux, Linux: emu.LinuxConfig{
		Args: append([]string{prog}, args...), Stdout: &out, Stderr: &errOut,
	}})
	if err != nil {
		t.Fatal(err)
	}
	c, err := cyclemodel.Load(core)
	if err != nil {
		t.Fatal(err)
	}
	c.FreqMHz = mhz
	m := cyclemodel.New(c, 64, 0)
	observeModel(mc.Hart, m)
	return mc.Hart, m, &out, &errOut
}

// runClockProgram runs testdata/linux/clock.c (a static glibc program) under core at mhz,
// as run --core does, and returns its output and the modelled cycles at each of its
// clock_gettime calls.
func runClockProgram(t *testing.T, prog, core string, mhz float64) (string, []uint64, *cyclemodel.Model) {
	t.Helper()
	h, m, out, errOut := loadModelled(t, prog, core, mhz, "20000")
	probe := &syscallClock{next: h.Observer, h: h, m: m, nr: 113} // clock_gettime
	h.Observer = probe
	if st := h.Run(1e9); st.Reason != emu.StopExit || st.Code != 0 {
		t.Fatalf("%s on %s: stopped with %+v\n%s%s", prog, core, st, out.String(), errOut.String())
	}
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	return out.String(), probe.at, m
}

func buildClockProgram(t *testing.T) string { return buildLinuxProgram(t, "clock") }

func field(t *testing.T, out, pattern string) int64 {
	t.Helper()
	m := regexp.MustCompile(pattern).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no %q in the program's output:\n%s", pattern, out)
	}
	v, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Under --core the model is the guest's clock: the time a program measures around a loop is
// the model's cycles for it over the core's clock, exactly (both are virtual; the clock
// rounds down to the nanosecond), and alarm(1) fires after one modelled second, on an
// in-order and an out-of-order core and at a clock that does not divide a second evenly.
func TestModelIsGuestClock(t *testing.T) {
	prog := buildClockProgram(t)
	for _, tc := range []struct {
		core string
		mhz  float64
	}{{"rocket", 10}, {"p670", 10}, {"u74", 3}, {"rocket", 7.5}} {
		t.Run(fmt.Sprintf("%s@%gMHz", tc.core, tc.mhz), func(t *testing.T) {
			out, at, m := runClockProgram(t, prog, tc.core, tc.mhz)
			// clock_gettime: the loop's two, gettimeofday's (glibc makes it one), the CPU
			// time's, then the sleep's two.
			if len(at) != 6 {
				t.Fatalf("%d clock_gettime calls seen, want 6\n%s", len(at), out)
			}
			hz := freqHz(tc.mhz)
			loop := field(t, out, `loop (\d+) ns`)
			if want := int64(emu.CyclesToNanos(at[1], hz) - emu.CyclesToNanos(at[0], hz)); loop != want {
				t.Errorf("the guest measured %d ns around its loop; the model's %d cycles at %g MHz are %d ns", loop, at[1]-at[0], tc.mhz, want)
			}
			if exact := float64(at[1]-at[0]) * 1e3 / tc.mhz; float64(loop) < exact-1 || float64(loop) > exact+1 {
				t.Errorf("loop %d ns, cycles/clock %.1f ns", loop, exact)
			}
			// The cycle and time CSRs read just inside the clock_gettime calls: the
			// same span less a few instructions; time counts at 10 MHz.
			csrCycles := field(t, out, `csr (\d+) cycles`)
			ticks := field(t, out, `cycles (\d+) ticks`)
			span := int64(at[1] - at[0])
			if csrCycles > span || csrCycles < span-span/100 {
				t.Errorf("rdcycle around the loop: %d cycles; the model's span between the clock_gettime calls is %d", csrCycles, span)
			}
			if tickNs := ticks * 100; tickNs > loop+100 || tickNs < loop-loop/100-100 {
				t.Errorf("rdtime around the loop: %d ticks of 100 ns; clock_gettime measured %d ns", ticks, loop)
			}
			// Timers are checked every few thousand instructions (emu's timerPoll), so
			// the alarm comes at one second or a little after, never before.
			second := int64(tc.mhz * 1e6)
			alarm := field(t, out, `alarm after (\d+) cycles`)
			if alarm < second || alarm > second+second/100 {
				t.Errorf("alarm(1) fired after %d modelled cycles; one second at %g MHz is %d", alarm, tc.mhz, second)
			}
			// CLOCK_PROCESS_CPUTIME_ID, getrusage and times follow the same clock.
			cpu := field(t, out, `cputime (\d+) ns`)
			if want := int64(emu.CyclesToNanos(at[3], hz)); cpu != want {
				t.Errorf("CLOCK_PROCESS_CPUTIME_ID %d ns, the model's %d cycles are %d ns", cpu, at[3], want)
			}
			utime := field(t, out, `utime (\d+)\.`)*1e6 + field(t, out, `utime \d+\.(\d+) s`)
			if utime*1000 > cpu || cpu-utime*1000 > 1e6 {
				t.Errorf("getrusage's utime %d µs and the CPU time %d ns (read just after) disagree", utime, cpu)
			}
			if ticks := field(t, out, `times (\d+) ticks`); ticks != cpu/1e7 && ticks != cpu/1e7-1 {
				t.Errorf("times() %d ticks, CPU time %d ns", ticks, cpu)
			}
			// nanosleep advances the clock by what it asked, on top of the cycles between
			// the two reads.
			slept := field(t, out, `slept (\d+) ns`)
			if want := 250_000_000 + int64(emu.CyclesToNanos(at[5], hz)-emu.CyclesToNanos(at[4], hz)); slept != want {
				t.Errorf("slept %d ns, want 0.25 s plus the modelled time between the reads, %d", slept, want)
			}
			if m.Cycles() < uint64(second) {
				t.Errorf("the run took %d cycles, less than the second the alarm waited", m.Cycles())
			}
		})
	}
}

// The same through the command line: --freq sets the clock the guest sees, and is refused
// without --core.
func TestRunFreqFlag(t *testing.T) {
	prog := buildClockProgram(t)
	rv := rvsimRun(t, nil, "--core", "rocket", "--freq", "20", prog, "1000")
	alarm := field(t, rv.stdout, `alarm after (\d+) cycles`)
	if rv.status != 0 || alarm < 20e6 || alarm > 20e6+2e5 {
		t.Errorf("--freq 20: status %d, alarm after %d cycles (want 2e7)\n%s", rv.status, alarm, rv.stderr)
	}
	for _, args := range [][]string{
		{"--freq", "20", prog},
		{"--core", "rocket", "--freq", "0", prog},
		{"--core", "rocket", "--freq", "abc", prog},
	} {
		rv := rvsimRun(t, nil, args...)
		if rv.status != exitUsage || strings.Count(strings.TrimSpace(rv.stderr), "\n") != 0 || !strings.Contains(rv.stderr, "freq") {
			t.Errorf("run %v: status %d, stderr %q; want a one-line error about --freq", args, rv.status, rv.stderr)
		}
	}
}
