package isa

// D: double-precision floating point (unprivileged spec, chapter "D" Standard Extension for
// Double-Precision Floating-Point, 2.2). The rows are F's with fmt = 1 (f.go), plus the
// conversions between the formats; f registers are 64 bits wide and hold single-precision
// values NaN-boxed.
func init() {
	declare(ExtD, Extension{Name: "d", LLVM: "d", QEMU: "d", Hwprobe: HwprobeIMAFD, Implemented: true})
	fpRows(Exts(ExtD), 1, "d", 3)
}
