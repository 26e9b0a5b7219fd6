package cyclemodel

import (
	"os"
	"os/exec"
	"sync"
	"testing"
)

// Loading cores, and modelling with them, from several goroutines at once must not race on
// the package's tables (run with -race: the op-name table used to be filled lazily by
// whichever Load came first, unsynchronized, and only a fresh process's first loads could
// show it). Each core is loaded by several goroutines released together; every load must
// succeed and agree with the others, and separate models of one core must time the same
// loop alike. As a table built once can race only in a process's first loads, the test also
// runs them in fresh processes (the test binary again), several times: under -race a race in
// any of them fails the test.
func TestLoadConcurrently(t *testing.T) {
	if os.Getenv("RVSIM_LOAD_CHILD") == "" && !testing.Short() {
		for range 12 {
			cmd := exec.Command(os.Args[0], "-test.run=^TestLoadConcurrently$", "-test.count=1")
			cmd.Env = append(os.Environ(), "RVSIM_LOAD_CHILD=1")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("loads in a fresh process: %v\n%s", err, out)
			}
		}
	}
	names := Names()
	const perName = 16
	got := make([][]*Core, len(names))
	errs := make([][]error, len(names))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, n := range names {
		got[i] = make([]*Core, perName)
		errs[i] = make([]error, perName)
		for k := range perName {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				got[i][k], errs[i][k] = Load(n)
			}()
		}
	}
	close(start)
	wg.Wait()
	for i, n := range names {
		for k := range perName {
			if errs[i][k] != nil {
				t.Fatalf("%s: %v", n, errs[i][k])
			}
		}
	}

	bt := loopBatch(t, 50) // read-only, shared by every goroutine
	cycles := make([][]uint64, len(names))
	for i := range names {
		cycles[i] = make([]uint64, perName)
		for k := range perName {
			wg.Add(1)
			go func() {
				defer wg.Done()
				m := New(got[i][k], 64, 0)
				m.RetireBatch(bt)
				cycles[i][k] = m.Cycles()
			}()
		}
	}
	wg.Wait()
	for i, n := range names {
		a := got[i][0]
		for k := 1; k < perName; k++ {
			b := got[i][k]
			if cycles[i][k] != cycles[i][0] {
				t.Errorf("%s: concurrent models disagree: %d cycles, %d", n, cycles[i][0], cycles[i][k])
			}
			if len(a.Overrides) != len(b.Overrides) {
				t.Fatalf("%s: %d overrides in one load, %d in another", n, len(a.Overrides), len(b.Overrides))
			}
			for j := range a.Overrides {
				if a.Overrides[j] != b.Overrides[j] {
					t.Errorf("%s: override %d differs between concurrent loads: %+v, %+v", n, j, a.Overrides[j], b.Overrides[j])
				}
			}
		}
	}
}
