package emu_test

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDumpDT(t *testing.T) {
	dir := "/tmp/dt/out"
	os.MkdirAll(dir, 0o755)
	for _, xlen := range []int{32, 64} {
		g := newDtGen(xlen, false, 20240611)
		progs := g.split(g.generate(), 3)
		pat := filepath.Join(dir, "pat.bin")
		os.WriteFile(pat, dtPattern(), 0o644)
		for _, p := range progs {
			in := filepath.Join(dir, p.name+".in")
			src, inputs := p.source(in, pat)
			os.WriteFile(in, inputs, 0o644)
			os.WriteFile(filepath.Join(dir, p.name+".s"), []byte(src), 0o644)
		}
	}
}
