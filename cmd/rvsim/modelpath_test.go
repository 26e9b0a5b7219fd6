package main

import (
	"fmt"
	"reflect"
	"testing"

	"rvsim/cyclemodel"
	"rvsim/emu"
)

// The cycle model fed by the emulator's batches (observeModel: the recording loop, RetireBatch
// and its memoized blocks) must count exactly what the per-instruction path counts (a Hook
// calling Retire for each instruction, as run and bench did before): cycles and instructions
// of every measured call, every Stats counter and stall reason, and the whole profile, for
// each shipped core on scalar and vector kernels, RV64 and RV32.
func TestModelPathsAgree(t *testing.T) {
	dir := kernelsForTest(t)
	scalar := []benchCase{
		{alg: "sm4", mode: "cbc", variant: "zksed"},
		{alg: "sm4", mode: "ctr", variant: "c"},
		{alg: "aes-128", mode: "ecb", variant: "zkn"},
		{alg: "sm4", mode: "gcm", variant: "zksed-zbkb", ghash: "zbc"},
		{alg: "aes-256", mode: "cfb", variant: "c"},
	}
	vector := []benchCase{
		{alg: "sm4", mode: "ctr", variant: "zvksed-zvkb"},
		{alg: "aes-128", mode: "ecb", variant: "zvkned"},
		{alg: "aes-256", mode: "gcm", variant: "zvkned", ghash: "zvkg"},
		{alg: "sm4", mode: "gcm", variant: "zvksed-zvkb", ghash: "zvbc"},
	}
	sizes := []int{16, 256, 2048}
	if testing.Short() {
		sizes = []int{64, 512}
	}
	cs, err := cyclemodel.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	defer func(f func(*emu.Hart, *cyclemodel.Model)) { connectModel = f }(connectModel)
	perInst := func(h *emu.Hart, m *cyclemodel.Model) { attachModel(h, m, nil) }
	for _, core := range cs {
		cases := scalar
		if core.HasVector {
			cases = append(cases, vector...)
		}
		for _, xlen := range []int{64, 32} {
			for _, bc := range cases {
				if xlen == 32 && (bc.mode != "cbc" && bc.mode != "gcm" || core.HasVector) {
					continue // a few RV32 cases are enough
				}
				name := fmt.Sprintf("%s/rv%d/%s", core.Name, xlen, bc.name(true))
				t.Run(name, func(t *testing.T) {
					o := &benchRunOptions{dir: dir, xlen: xlen, freq: core.FreqMHz, profile: true}
					if core.HasVector {
						o.vlen = core.VLEN
					}
					connectModel = perInst
					want, err1 := measureCase(bc, core, o, sizes)
					connectModel = observeModel
					got, err2 := measureCase(bc, core, o, sizes)
					if fmt.Sprint(err1) != fmt.Sprint(err2) {
						t.Fatalf("per instruction: %v; batched: %v", err1, err2)
					}
					if err1 != nil {
						// The same error both ways (a kernel this checkout lacks, a class the
						// core does not assign): nothing more to compare.
						t.Logf("both: %v", err1)
						return
					}
					if !reflect.DeepEqual(want.results, got.results) {
						t.Errorf("results per size differ:\nper instruction %+v\nbatched         %+v", want.results, got.results)
					}
					for _, d := range diffModels(want.model, got.model) {
						t.Error(d)
					}
				})
			}
		}
	}
}

// diffModels lists every difference between what two models counted.
func diffModels(a, b *cyclemodel.Model) []string {
	var d []string
	sa, sb := *a.Stats(), *b.Stats()
	if !reflect.DeepEqual(sa, sb) {
		d = append(d, fmt.Sprintf("stats differ:\n%+v\n%+v", sa, sb))
	}
	if a.Cycles() != b.Cycles() {
		d = append(d, fmt.Sprintf("cycles %d, %d", a.Cycles(), b.Cycles()))
	}
	if fmt.Sprint(a.Err()) != fmt.Sprint(b.Err()) {
		d = append(d, fmt.Sprintf("errors %v, %v", a.Err(), b.Err()))
	}
	if x, y := a.Breakdown(), b.Breakdown(); !reflect.DeepEqual(x, y) {
		d = append(d, fmt.Sprintf("breakdowns %v, %v", x, y))
	}
	if x, y := a.TopInsts(1<<30), b.TopInsts(1<<30); !reflect.DeepEqual(x, y) {
		d = append(d, fmt.Sprintf("instruction profiles differ (%d and %d instructions)", len(x), len(y)))
	}
	if x, y := a.TopLoops(1<<30), b.TopLoops(1<<30); !reflect.DeepEqual(x, y) {
		d = append(d, fmt.Sprintf("loop profiles differ: %v, %v", x, y))
	}
	return d
}
