package cyclemodel

import (
	"testing"

	"rvsim/isa"
)

// TestEveryRowHasAUnit fails for an implemented row whose class has no functional unit
// (a program using it would stop with an error naming the class): every shipped core
// assigns the classes of every scalar row, and each vector class is assigned by at least
// one shipped core with a vector unit (x280 has no vector crypto, by design).
func TestEveryRowHasAUnit(t *testing.T) {
	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range isa.Rows() {
		if !r.Class.Vector() || r.Class == isa.ClassVFP || !r.Exts.Intersects(isa.Implemented) {
			continue
		}
		found := false
		for _, c := range cs {
			found = found || c.classUnit[r.Class] >= 0
		}
		if !found {
			t.Errorf("%s: no shipped core assigns class %v", r.Name, r.Class)
		}
	}
	for _, c := range cs {
		missing := map[isa.Class][]string{}
		for _, r := range isa.Rows() {
			if !r.Exts.Intersects(isa.Implemented) || r.Class.Vector() {
				continue
			}
			if c.classUnit[r.Class] < 0 {
				missing[r.Class] = append(missing[r.Class], r.Name)
			}
		}
		for cl, names := range missing {
			t.Errorf("%s: class %v (%s, ...) has no unit", c.Name, cl, names[0])
		}
	}
}
