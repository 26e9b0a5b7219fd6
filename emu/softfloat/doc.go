// Package softfloat implements the IEEE 754-2008 binary32 and binary64
// arithmetic of the RISC-V F and D extensions exactly: results as bit
// patterns, and the accrued exception flags each operation raises, in
// every rounding mode, with subnormal inputs and outputs. It imports
// nothing but the standard library; the interpreter maps instructions,
// registers and fcsr onto these pure functions.
//
// References:
//
//   - [RV] The RISC-V Instruction Set Manual, Volume I: Unprivileged ISA,
//     the chapters `"F" Extension for Single-Precision Floating-Point`
//     and `"D" Extension for Double-Precision Floating-Point`. Their
//     sections give the rules implemented here: "Floating-Point Control
//     and Status Register" (rounding-mode encodings RNE=0 .. RMM=4, fflags
//     bits NV DZ OF UF NX); "NaN Generation and Propagation" (every NaN
//     result is the canonical NaN 0x7fc00000 / 0x7ff8000000000000, no
//     payload propagation); "Subnormal Arithmetic" (tininess is detected
//     after rounding, UF only when the result is also inexact); the
//     computational instructions (fmadd = a*b+c, fmsub = a*b-c, fnmsub =
//     -(a*b)+c, fnmadd = -(a*b)-c with a single rounding; fma(inf, 0, c)
//     raises NV even when c is a quiet NaN; fmin/fmax are IEEE 754-2019
//     minimumNumber/maximumNumber with -0 < +0, canonical NaN for two NaN
//     inputs, NV only for signalling NaNs); the conversions (saturating
//     float-to-integer with NV, table "Domains of float-to-integer
//     conversions and behavior for invalid inputs"; fcvt.d.s is exact,
//     fcvt.s.d rounds); the compares (feq quiet, flt/fle signalling); and
//     fclass's ten-bit mask.
//   - IEEE 754-2008 sections 4.3 (rounding directions), 6.3 (signs of
//     exact zero sums) and 7 (exceptions, including the result of an
//     overflow in each rounding direction).
//
// The functions are named after the format and the operation (F32Add,
// F64MulAdd, F64ToU32, I64ToF32, ...), take operands as bit patterns and a
// RoundingMode, and return the result's bit pattern and the Flags to OR
// into fflags.
//
// Speed: the common case, RNE with normal operands and results, runs on
// native float64 operations (which round to nearest-even) plus error-free
// transformations (TwoSum, FMA-based TwoProduct and remainders, Boldo and
// Muller's ErrFma) that tell exactly whether the result is inexact. The
// binary32 operations run in float64, where double rounding is innocuous
// for +, *, / and sqrt; fused multiply-add uses round-to-odd. Directed
// rounding modes, NaNs, infinities, overflow and results near the
// subnormal range take an exact integer implementation (significands in
// uint64 and 128-bit pairs from math/bits).
package softfloat
