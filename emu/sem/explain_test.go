package sem

import "testing"

// The explain steps agree with the instructions' own functions: the terms XOR to the
// layer, the last step is the result.
func TestExplainSM4Terms(t *testing.T) {
	pairs64(t, 500, func(a, b uint64) {
		rs1, rs2 := uint32(a), uint32(b)
		for bs := uint(0); bs < 4; bs++ {
			for _, ks := range []bool{false, true} {
				st, want := SM4EDSteps(rs1, rs2, bs), SM4ED(rs1, rs2, bs)
				if ks {
					st, want = SM4KSSteps(rs1, rs2, bs), SM4KS(rs1, rs2, bs)
				}
				var y uint32
				for _, term := range SM4LinearTerms(ks, st.SBoxOut) {
					y ^= uint32(term.Value)
				}
				if y != st.Linear || st.Result != want {
					t.Fatalf("ks=%v rs1 %#x rs2 %#x bs %d: terms XOR to %#x, linear %#x; result %#x, want %#x",
						ks, rs1, rs2, bs, y, st.Linear, st.Result, want)
				}
			}
		}
	})
	if n := len(SM4LinearTerms(false, 1)); n != 6 {
		t.Errorf("sm4ed's linear layer has %d terms, want 6", n)
	}
}

func TestExplainSHATerms(t *testing.T) {
	pairs64(t, 200, func(x, _ uint64) {
		for f := SHA256Sig0Func; f <= SM3P1Func; f++ {
			e := ExplainSHA(f, x)
			var acc uint64
			for _, term := range e.Terms {
				acc ^= term.Value
			}
			if acc != e.Result || len(e.Terms) != 3 {
				t.Fatalf("%s of %#x: %d terms XOR to %#x, the function gives %#x", e.Name, x, len(e.Terms), acc, e.Result)
			}
		}
	})
	if e := ExplainSHA(SHA256Sig0Func, 0x1_0000_0001); e.X != 1 || e.Result != uint64(SHA256Sig0(1)) || e.Terms[0].Expr != "x ⋙ 7" {
		t.Errorf("σ0 of a 33-bit value: %+v", e)
	}
	if e := ExplainSHA(SHA512Sum1Func, 1); e.Terms[2].Expr != "x ⋙ 41" || e.Terms[2].Value != 1<<23 {
		t.Errorf("Σ1 (SHA-512) of 1: %+v", e)
	}
}

func TestExplainAES(t *testing.T) {
	pairs64(t, 300, func(a, b uint64) {
		for bs := uint(0); bs < 4; bs++ {
			rs1, rs2 := uint32(a), uint32(b)
			for _, c := range []struct {
				dec, mid bool
				f        func(uint32, uint32, uint) uint32
			}{{false, false, AES32ESI}, {false, true, AES32ESMI}, {true, false, AES32DSI}, {true, true, AES32DSMI}} {
				if got, want := ExplainAES32(rs1, rs2, bs, c.dec, c.mid).Result, c.f(rs1, rs2, bs); got != want {
					t.Fatalf("aes32 dec=%v mid=%v %#x %#x %d: %#x, want %#x", c.dec, c.mid, rs1, rs2, bs, got, want)
				}
			}
		}
		for _, c := range []struct {
			kind AESRoundKind
			f    func(uint64, uint64) uint64
		}{{AESRoundEncFinal, AES64ES}, {AESRoundEncMiddle, AES64ESM}, {AESRoundDecFinal, AES64DS}, {AESRoundDecMiddle, AES64DSM}} {
			st := ExplainAES64(c.kind, a, b)
			if lo, _ := AESStateToRegs(st.Result()); lo != c.f(a, b) {
				t.Fatalf("aes64 kind %d %#x %#x: %#x, want %#x", c.kind, a, b, lo, c.f(a, b))
			}
		}
	})
}

func TestExplainGHSH(t *testing.T) {
	r := newRand(t)
	for range 500 {
		var y, x, h [4]uint32
		for i := range 4 {
			y[i], x[i], h[i] = r.Uint32(), r.Uint32(), r.Uint32()
		}
		if got, want := ExplainGHSH(y, x, h).Result, AESStateFromGroup(VGHSH(y, x, h)); got != want {
			t.Fatalf("vghsh %x %x %x: %x, want %x", y, x, h, got, want)
		}
		if got, want := ExplainGHSH(y, [4]uint32{}, h).Result, AESStateFromGroup(VGMUL(y, h)); got != want {
			t.Fatalf("vgmul %x %x: %x, want %x", y, h, got, want)
		}
	}
}
