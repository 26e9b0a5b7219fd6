package sem

import "testing"

// The table-driven element-group functions against the reference functions they stand for,
// on random groups and on groups of edge values.

func edgeGroups() [][4]uint32 {
	var gs [][4]uint32
	for _, e := range edge64 {
		gs = append(gs, [4]uint32{uint32(e), uint32(e >> 32), uint32(^e), uint32(e >> 16)})
	}
	return gs
}

func TestTablesMatchReference(t *testing.T) {
	two := []struct {
		name      string
		fast, ref func(a, b [4]uint32) [4]uint32
	}{
		{"vaesem", AESEncRoundT, VAESEM},
		{"vaesef", AESEncLastT, VAESEF},
		{"vaesdm", AESDecRoundT, VAESDM},
		{"vaesdf", AESDecLastT, VAESDF},
		{"vsm4r", VSM4RT, VSM4R},
		{"vgmul", VGMULT, VGMUL},
	}
	r := newRand(t)
	edges := edgeGroups()
	for _, f := range two {
		check := func(a, b [4]uint32) {
			if got, want := f.fast(a, b), f.ref(a, b); got != want {
				t.Fatalf("%s(%08x, %08x) = %08x, reference %08x", f.name, a, b, got, want)
			}
		}
		for _, a := range edges {
			for _, b := range edges {
				check(a, b)
			}
		}
		for range 20000 {
			check(randGroup(r), randGroup(r))
		}
	}
	for range 20000 {
		y, x, h := randGroup(r), randGroup(r), randGroup(r)
		if got, want := VGHSHT(y, x, h), VGHSH(y, x, h); got != want {
			t.Fatalf("vghsh(%08x, %08x, %08x) = %08x, reference %08x", y, x, h, got, want)
		}
	}
	pairs64(t, 20000, func(a, b uint64) {
		c, d := ^a, b*3
		lo, hi := GF128MulFast(a, b, c, d)
		wlo, whi := GF128Mul(a, b, c, d)
		if lo != wlo || hi != whi {
			t.Fatalf("GF128MulFast(%x, %x, %x, %x) = %x:%x, reference %x:%x", a, b, c, d, hi, lo, whi, wlo)
		}
	})
}

func BenchmarkVAESEMRef(b *testing.B) {
	s, k := [4]uint32{1, 2, 3, 4}, [4]uint32{5, 6, 7, 8}
	for range b.N {
		s = VAESEM(s, k)
	}
	sinkG = s
}

func BenchmarkVAESEMTable(b *testing.B) {
	s, k := [4]uint32{1, 2, 3, 4}, [4]uint32{5, 6, 7, 8}
	for range b.N {
		s = AESEncRoundT(s, k)
	}
	sinkG = s
}

var sinkG [4]uint32
