//go:build !(amd64 || arm64 || 386 || arm || riscv64 || loong64 || ppc64le || mips64le || mipsle || wasm)

package emu

// littleEndianHost is false on big-endian hosts: the fast path's whole-word arithmetic
// declines and the general executor runs those instructions.
const littleEndianHost = false
