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
// into fflags. They are pure and allocate nothing. What they leave to the
// caller, because it concerns registers rather than arithmetic:
//
//   - NaN-boxing ([RV] "NaN Boxing of Narrower Values"): binary32 operands
//     are taken as uint32; the caller unboxes them (an improperly boxed
//     value reads as the canonical NaN) and boxes results (upper 32 bits
//     ones).
//   - On RV64, results of 32-bit integer conversions, fcvt.wu.s and
//     fcvt.wu.d included, are sign-extended into the destination register;
//     compares return a bool for the register's 0 or 1; fclass returns the
//     mask.
//   - The dynamic rounding mode (7) is resolved from frm, and the reserved
//     encodings (5, 6, and 7 when frm holds 5..7) raise an illegal
//     instruction before any call; values above RMM are treated as RNE.
//
// Every NaN result is canonical, so a caller never needs to inspect
// payloads; sign injection (F32Sgnj, ...) is the exception RISC-V
// specifies: it moves the sign bit only, NaNs included.
//
// Testing: every operation is compared, in every rounding mode, against a
// reference model built on math/big (oracle_test.go) on special operands
// in all combinations and on random operands weighted towards cancellation,
// ties, overflow and the subnormal range, with the fast and the exact paths
// checked separately; corner_test.go pins the RISC-V rules with
// hand-written values; qemu_test.go compares with QEMU's RV64 F and D.
//
// Speed: the common case, normal operands and results, runs on
// native float64 operations (which round to nearest-even) plus error-free
// transformations (TwoSum, FMA-based TwoProduct and remainders, Boldo and
// Muller's ErrFma) that tell exactly whether the result is inexact. The
// binary32 operations run in float64, where double rounding is innocuous
// for +, *, / and sqrt; fused multiply-add uses round-to-odd. The
// directed modes reuse the same exact error: its sign says whether the
// RNE result or its neighbour is the answer. NaNs, infinities, zero
// results of cancellation in directed modes, overflow and results near
// the subnormal range take an exact integer implementation (significands
// in uint64 and 128-bit pairs from math/bits).
package softfloat
