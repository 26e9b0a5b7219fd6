// Package fulltest decides how much of the large test sweeps run (differential sweeps
// against QEMU, known-answer grids over VLEN and LMUL, kernel sweeps over lengths and test
// vectors). By default each sweep runs a sample fixed by the names of its cases, so that
// `go test ./...` stays quick on a small machine; with RVSIM_FULL_TESTS set to anything but
// "" or "0" (.ci/run sets it) every case runs.
package fulltest

import (
	"hash/fnv"
	"os"
	"testing"
)

// Env is the environment variable that asks for the full sweeps.
const Env = "RVSIM_FULL_TESTS"

// Full reports whether the full sweeps were asked for.
func Full() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0"
}

// Keep reports whether the case named key runs: always in full mode, otherwise for about
// num in den keys. The choice depends only on the key, so a sampled run is reproducible and
// a case keeps its fate when others are added or reordered.
func Keep(key string, num, den uint32) bool {
	if Full() {
		return true
	}
	h := fnv.New32a()
	h.Write([]byte(key))
	return h.Sum32()%den < num
}

// Pick returns the index (below n) of the one variant of key that a sampled run keeps.
func Pick(key string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(key))
	return int(h.Sum32() % uint32(n))
}

// SkipUnlessFull skips t unless the full sweeps were asked for.
func SkipUnlessFull(t testing.TB, what string) {
	t.Helper()
	if !Full() {
		t.Skipf("%s runs only with %s=1 (as on CI)", what, Env)
	}
}

// Note logs, once per test, that t runs a sample.
func Note(t testing.TB, what string) {
	t.Helper()
	if !Full() {
		t.Logf("%s: a fixed sample; %s=1 runs all of it", what, Env)
	}
}
