package softfloat

import "testing"

// FuzzOps checks every arithmetic and conversion operation of both
// formats on fuzzer-chosen bit patterns against the oracle. Under plain
// go test only the seeds run; `go test -fuzz FuzzOps ./emu/softfloat`
// explores further.
func FuzzOps(f *testing.F) {
	f.Add(uint64(0x3ff0000000000001), uint64(0x3ff0000000000001), uint64(0xbff0000000000002), uint8(0))
	f.Add(uint64(0x0010000000000000), uint64(0x3fefffffffffffff), uint64(0), uint8(4))
	f.Add(uint64(0x7ff0000000000001), uint64(0x7f800001), uint64(0x7fc00000), uint8(2))
	f.Add(uint64(0x41dfffffffe00000), uint64(0x4f000000), uint64(0x00000001), uint8(1))
	f.Add(uint64(0x380ffffff0000000), uint64(0x3f7fffff), uint64(0x00800000), uint8(3))
	f.Fuzz(func(t *testing.T, a, b, c uint64, m uint8) {
		rm := RoundingMode(m % 5)
		check := func(name string, got uint64, gf Flags, want uint64, wf Flags) {
			if got != want || gf != wf {
				t.Errorf("%s(%#x, %#x, %#x, %s): got %#x %s, want %#x %s", name, a, b, c, rm, got, gf, want, wf)
			}
		}
		r, fl := F64Add(a, b, rm)
		w, wf := o64.add(a, b, rm)
		check("F64Add", r, fl, w, wf)
		r, fl = F64Mul(a, b, rm)
		w, wf = o64.mul(a, b, rm)
		check("F64Mul", r, fl, w, wf)
		r, fl = F64Div(a, b, rm)
		w, wf = o64.div(a, b, rm)
		check("F64Div", r, fl, w, wf)
		r, fl = F64Sqrt(a, rm)
		w, wf = o64.sqrt(a, rm)
		check("F64Sqrt", r, fl, w, wf)
		r, fl = F64MulAdd(a, b, c, rm)
		w, wf = o64.fma(a, b, c, false, false, rm)
		check("F64MulAdd", r, fl, w, wf)
		r, fl = F64ToU64(a, rm)
		w, wf = o64.toInt(a, rm, 64, false)
		check("F64ToU64", r, fl, w, wf)
		r32, fl := F64ToF32(a, rm)
		w, wf = o32.convert(o64, a, rm)
		check("F64ToF32", uint64(r32), fl, w, wf)

		x, y, z := uint32(a), uint32(b), uint32(c)
		r32, fl = F32Add(x, y, rm)
		w, wf = o32.add(uint64(x), uint64(y), rm)
		check("F32Add", uint64(r32), fl, w, wf)
		r32, fl = F32Mul(x, y, rm)
		w, wf = o32.mul(uint64(x), uint64(y), rm)
		check("F32Mul", uint64(r32), fl, w, wf)
		r32, fl = F32Div(x, y, rm)
		w, wf = o32.div(uint64(x), uint64(y), rm)
		check("F32Div", uint64(r32), fl, w, wf)
		r32, fl = F32MulAdd(x, y, z, rm)
		w, wf = o32.fma(uint64(x), uint64(y), uint64(z), false, false, rm)
		check("F32MulAdd", uint64(r32), fl, w, wf)
		i32, fl := F32ToI32(x, rm)
		w, wf = o32.toInt(uint64(x), rm, 32, true)
		check("F32ToI32", uint64(uint32(i32)), fl, w, wf)
		r32, fl = U64ToF32(a, rm)
		w, wf = o32.fromInt(bigOfU(a), rm)
		check("U64ToF32", uint64(r32), fl, w, wf)
	})
}
