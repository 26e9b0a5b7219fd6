package gdbstub

import (
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"rvsim/isa"
)

// TestRegisterLayout checks g, p, G and P against the hart for both XLENs: x0..x31 then
// pc, XLEN/8 bytes each, little-endian.
func TestRegisterLayout(t *testing.T) {
	for _, xlen := range []int{32, 64} {
		t.Run(fmt.Sprintf("rv%d", xlen), func(t *testing.T) {
			c, h := newClient(t, xlen, Config{})
			n := xlen / 8
			for r := 1; r < 32; r++ {
				h.SetReg(r, 0x0102030405060708*uint64(r))
			}
			g := c.do("g")
			if len(g) != 33*2*n {
				t.Fatalf("g reply has %d hex digits, want %d", len(g), 33*2*n)
			}
			for r := 0; r < 32; r++ {
				want := hexLE64(h.Reg(r), n)
				if got := g[r*2*n : (r+1)*2*n]; got != want {
					t.Errorf("g: x%d = %s, want %s", r, got, want)
				}
				if got := c.do(fmt.Sprintf("p%x", r)); got != want {
					t.Errorf("p%x = %s, want %s", r, got, want)
				}
			}
			if got, want := g[32*2*n:], hexLE64(h.PC, n); got != want {
				t.Errorf("g: pc = %s, want %s", got, want)
			}
			if got, want := c.do("p20"), hexLE64(h.PC, n); got != want {
				t.Errorf("p20 (pc) = %s, want %s", got, want)
			}

			// P writes one register, G all of them.
			if got := c.do("Pa=" + hexLE64(0x8000000000000123, n)); got != "OK" {
				t.Fatalf("P a0: %q", got)
			}
			wantA0 := uint64(0x8000000000000123)
			if xlen == 32 {
				wantA0 = 0x123 // the low 32 bits
			}
			if h.Reg(10) != wantA0 {
				t.Errorf("after P, a0 = %#x, want %#x", h.Reg(10), wantA0)
			}
			var all strings.Builder
			for r := 0; r < 32; r++ {
				all.WriteString(hexLE64(uint64(0x100+r), n))
			}
			all.WriteString(hexLE64(0x10040, n))
			if got := c.do("G" + all.String()); got != "OK" {
				t.Fatalf("G: %q", got)
			}
			for r := 1; r < 32; r++ {
				if h.Reg(r) != uint64(0x100+r) {
					t.Errorf("after G, x%d = %#x", r, h.Reg(r))
				}
			}
			if h.Reg(0) != 0 || h.PC != 0x10040 {
				t.Errorf("after G, x0 = %#x, pc = %#x", h.Reg(0), h.PC)
			}
			for _, bad := range []string{"G00", "Pa=00", "P20", "Pzz=00", "p", "pzz", "p999999", "G" + strings.Repeat("x", 33*2*n)} {
				if got := c.do(bad); got != "E01" {
					t.Errorf("%s: reply %q, want E01", bad, got)
				}
			}
		})
	}
}

// tdesc mirrors the parts of a target description the tests look at.
type tdesc struct {
	Arch     string `xml:"architecture"`
	Features []struct {
		Name    string `xml:"name,attr"`
		Vectors []struct {
			ID    string `xml:"id,attr"`
			Type  string `xml:"type,attr"`
			Count int    `xml:"count,attr"`
		} `xml:"vector"`
		Unions []struct {
			ID     string `xml:"id,attr"`
			Fields []struct {
				Name string `xml:"name,attr"`
				Type string `xml:"type,attr"`
			} `xml:"field"`
		} `xml:"union"`
		Regs []struct {
			Name   string `xml:"name,attr"`
			Bits   int    `xml:"bitsize,attr"`
			Regnum int    `xml:"regnum,attr"`
			Type   string `xml:"type,attr"`
		} `xml:"reg"`
	} `xml:"feature"`
}

func parseTdesc(t *testing.T, b []byte) tdesc {
	t.Helper()
	var d tdesc
	if err := xml.Unmarshal(b, &d); err != nil {
		t.Fatalf("target description is not XML: %v\n%s", err, b)
	}
	return d
}

func TestTargetXML(t *testing.T) {
	for _, c := range []struct {
		xlen, vlen, flen int
	}{{64, 128, 0}, {32, 128, 0}, {64, 512, 64}, {32, 256, 32}} {
		t.Run(fmt.Sprintf("rv%d-vlen%d-flen%d", c.xlen, c.vlen, c.flen), func(t *testing.T) {
			mc := testMachine(t, c.xlen)
			h := mc.Hart
			if err := h.SetVector(c.vlen, false); err != nil {
				t.Fatal(err)
			}
			s := New(h, Config{FLEN: c.flen})
			d := parseTdesc(t, s.TargetXML())
			if want := fmt.Sprintf("riscv:rv%d", c.xlen); d.Arch != want {
				t.Errorf("architecture %q, want %q", d.Arch, want)
			}
			byName := map[string]int{}
			regnums := map[int]string{}
			feats := map[string]bool{}
			for _, f := range d.Features {
				feats[f.Name] = true
				for _, r := range f.Regs {
					if o, dup := regnums[r.Regnum]; dup {
						t.Errorf("regnum %d used by %s and %s", r.Regnum, o, r.Name)
					}
					regnums[r.Regnum] = r.Name
					byName[r.Name] = r.Regnum
					want := c.xlen
					switch {
					case f.Name == featureVector:
						want = c.vlen
					case f.Name == featureFPU && r.Regnum < csrBase:
						want = c.flen
						if h.ISA.Exts.Has(isa.ExtD) {
							want = 64 // the hart's FLEN wins over the ABI's
						}
					case f.Name == featureFPU:
						want = 32
					}
					if r.Bits != want {
						t.Errorf("%s: bitsize %d, want %d", r.Name, r.Bits, want)
					}
					// Every register described can be read with p, at its size.
					got := s.handleString(fmt.Sprintf("p%x", r.Regnum))
					if len(got) != r.Bits/4 {
						t.Errorf("p%x (%s) = %q: %d hex digits, want %d", r.Regnum, r.Name, got, len(got), r.Bits/4)
					}
				}
			}
			for _, f := range []string{featureCPU, featureCSR, featureVector} {
				if !feats[f] {
					t.Errorf("no feature %s", f)
				}
			}
			if feats[featureFPU] != (c.flen > 0 || h.ISA.Exts.Has(isa.ExtF)) {
				t.Errorf("FPU feature present = %v with FLEN %d", feats[featureFPU], c.flen)
			}
			for i, n := range abiNames {
				if byName[n] != i {
					t.Errorf("%s has regnum %d, want %d", n, byName[n], i)
				}
			}
			// gdb's numbering: pc 32, CSR n at 65+n, so vl is 3169 as in gdb's own
			// descriptions.
			for name, want := range map[string]int{"pc": 32, "vstart": 73, "vcsr": 80, "vl": 3169, "vtype": 3170, "vlenb": 3171, "cycle": 65 + 0xc00, "v0": regV0, "v31": regV0 + 31} {
				if got, ok := byName[name]; !ok || got != want {
					t.Errorf("%s: regnum %d (present %v), want %d", name, got, ok, want)
				}
			}
			if c.flen > 0 {
				for name, want := range map[string]int{"ft0": 33, "ft11": 64, "fflags": 66, "frm": 67, "fcsr": 68} {
					if got := byName[name]; got != want {
						t.Errorf("%s: regnum %d, want %d", name, got, want)
					}
				}
			}
			// The vector type: a union of the register as 8-, 16-, 32-, 64- and 128-bit
			// elements, named b, s, w, l, q.
			for _, f := range d.Features {
				if f.Name != featureVector {
					continue
				}
				counts := map[string]int{}
				for _, v := range f.Vectors {
					counts[v.ID] = v.Count
				}
				vlenb := c.vlen / 8
				for id, want := range map[string]int{"bytes": vlenb, "shorts": vlenb / 2, "words": vlenb / 4, "longs": vlenb / 8, "quads": vlenb / 16} {
					if counts[id] != want {
						t.Errorf("vector type %s: count %d, want %d", id, counts[id], want)
					}
				}
				if len(f.Unions) != 1 || f.Unions[0].ID != "riscv_vector" || len(f.Unions[0].Fields) != 5 {
					t.Fatalf("vector union: %+v", f.Unions)
				}
				var fields []string
				for _, fl := range f.Unions[0].Fields {
					fields = append(fields, fl.Name+":"+fl.Type)
				}
				if got := strings.Join(fields, " "); got != "b:bytes s:shorts w:words l:longs q:quads" {
					t.Errorf("vector union fields %s", got)
				}
				for _, r := range f.Regs {
					if r.Type != "riscv_vector" {
						t.Errorf("%s has type %s", r.Name, r.Type)
					}
				}
			}
		})
	}
}

// handleString runs a command through the dispatcher without framing.
func (s *Stub) handleString(cmd string) string {
	r, _ := s.handle([]byte(cmd))
	return string(r)
}

// TestVectorRegisters reads and writes a vector register and the vector CSRs.
func TestVectorRegisters(t *testing.T) {
	c, h := newClient(t, 64, Config{})
	v := h.V
	for i := 0; i < v.VLENB; i++ {
		v.Reg[1*v.VLENB+i] = byte(0xa0 + i)
	}
	v.VL = 3
	want := ""
	for i := 0; i < v.VLENB; i++ {
		want += fmt.Sprintf("%02x", 0xa0+i)
	}
	if got := c.do(fmt.Sprintf("p%x", regV0+1)); got != want {
		t.Errorf("p v1 = %s, want %s", got, want)
	}
	if got := c.do(fmt.Sprintf("p%x", csrBase+0xc20)); got != hexLE64(3, 8) {
		t.Errorf("p vl = %s", got)
	}
	if got := c.do(fmt.Sprintf("p%x", csrBase+0xc22)); got != hexLE64(uint64(v.VLENB), 8) {
		t.Errorf("p vlenb = %s", got)
	}
	val := strings.Repeat("5a", v.VLENB)
	if got := c.do(fmt.Sprintf("P%x=%s", regV0+2, val)); got != "OK" {
		t.Fatalf("P v2: %q", got)
	}
	for i := 0; i < v.VLENB; i++ {
		if v.Reg[2*v.VLENB+i] != 0x5a {
			t.Fatalf("P v2 left byte %d = %#x", i, v.Reg[2*v.VLENB+i])
		}
	}
	if got := c.do(fmt.Sprintf("P%x=%s", regV0+2, val[2:])); got != "E01" {
		t.Errorf("P v2 with a short value: %q", got)
	}
	// vl is read-only; vxrm is not.
	if got := c.do(fmt.Sprintf("P%x=%s", csrBase+0xc20, hexLE64(1, 8))); got != "E01" {
		t.Errorf("P vl: %q, want E01", got)
	}
	if got := c.do(fmt.Sprintf("P%x=%s", csrBase+0x00a, hexLE64(2, 8))); got != "OK" || v.VXRM != 2 {
		t.Errorf("P vxrm: %q, vxrm = %d", got, v.VXRM)
	}
}

// TestCSRsMatchHart checks that the CSR feature lists exactly the CSRs the hart has.
func TestCSRsMatchHart(t *testing.T) {
	mc := testMachine(t, 64)
	s := New(mc.Hart, Config{})
	d := parseTdesc(t, s.TargetXML())
	got := map[int]bool{}
	for _, f := range d.Features {
		// fflags, frm and fcsr are the FPU feature's (32 bits wide there).
		if f.Name == featureCSR || f.Name == featureFPU {
			for _, r := range f.Regs {
				if r.Regnum >= csrBase {
					got[r.Regnum-csrBase] = true
				}
			}
		}
	}
	for _, c := range mc.Hart.DebugCSRs() {
		if !got[int(c.Num)] {
			t.Errorf("CSR %#x missing from the description", c.Num)
		}
		want := hexLE64(c.Value, 8)
		if c.Num >= 1 && c.Num <= 3 {
			want = hexLE64(c.Value, 4)
		}
		if c.Num >= 0xc00 && c.Num <= 0xc02 {
			continue // counters move
		}
		if r := s.handleString("p" + strconv.FormatInt(int64(csrBase+int(c.Num)), 16)); r != want {
			t.Errorf("p CSR %#x = %s, want %s", c.Num, r, want)
		}
	}
	if len(got) < 5 {
		t.Errorf("only %d CSRs described", len(got))
	}
}

// TestFPURegs: gdb reads and writes f0..f31 and fcsr through the FPU feature.
func TestFPURegs(t *testing.T) {
	mc := testMachine(t, 64)
	h := mc.Hart
	s := New(h, Config{})
	h.F[10] = 0x400921fb54442d18
	if got, want := s.handleString(fmt.Sprintf("p%x", regF0+10)), hexLE64(h.F[10], 8); got != want {
		t.Errorf("p fa0 = %s, want %s", got, want)
	}
	if got := s.handleString(fmt.Sprintf("P%x=%s", regF0+3, hexLE64(0x3ff0000000000000, 8))); got != "OK" || h.F[3] != 0x3ff0000000000000 {
		t.Errorf("P ft3: %q, f3 = %#x", got, h.F[3])
	}
	if got := s.handleString(fmt.Sprintf("P%x=%s", csrBase+3, hexLE64(0x41, 4))); got != "OK" || h.FCSR() != 0x41 {
		t.Errorf("P fcsr: %q, fcsr = %#x", got, h.FCSR())
	}
	if got, want := s.handleString(fmt.Sprintf("p%x", csrBase+2)), hexLE64(2, 4); got != want {
		t.Errorf("p frm = %s, want %s", got, want)
	}
}
