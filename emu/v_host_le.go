//go:build amd64 || arm64 || 386 || arm || riscv64 || loong64 || ppc64le || mips64le || mipsle || wasm

package emu

// littleEndianHost says the vector register file's bytes can be read as host words with
// element 0 in the low bits (the fast path's whole-word arithmetic, v_fast.go).
const littleEndianHost = true
