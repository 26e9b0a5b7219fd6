package fulltest

import (
	"fmt"
	"testing"
)

func TestKeep(t *testing.T) {
	t.Setenv(Env, "")
	kept := 0
	for i := range 1000 {
		key := fmt.Sprintf("case-%d", i)
		k := Keep(key, 1, 4)
		if k != Keep(key, 1, 4) {
			t.Fatalf("%s: the choice changed between calls", key)
		}
		if k {
			kept++
		}
	}
	if kept < 200 || kept > 300 {
		t.Errorf("kept %d of 1000 at 1/4", kept)
	}
	t.Setenv(Env, "1")
	for i := range 100 {
		if !Keep(fmt.Sprint(i), 0, 4) {
			t.Fatal("full mode dropped a case")
		}
	}
	t.Setenv(Env, "0")
	if Full() {
		t.Error(`RVSIM_FULL_TESTS=0 counts as full`)
	}
}

func TestPick(t *testing.T) {
	seen := map[int]bool{}
	for i := range 100 {
		p := Pick(fmt.Sprint(i), 3)
		if p < 0 || p >= 3 {
			t.Fatalf("Pick = %d, want 0..2", p)
		}
		seen[p] = true
	}
	if len(seen) != 3 {
		t.Errorf("Pick over 100 keys chose only %v", seen)
	}
}
