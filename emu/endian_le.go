//go:build amd64 || arm64 || 386 || arm || riscv64 || loong64 || ppc64le || mips64le || mipsle || wasm

package emu

import "unsafe"

// On little-endian hosts the guest's bytes are the host's: the interpreter's fast paths load
// and store words directly. These are small enough to be inlined into the interpreter's
// (large) loop, where the compiler allows only the cheapest calls. Callers guarantee that
// off is aligned to the access size, so the access stays inside the page.

func le16(p *[PageSize]byte, off uint64) uint16 { return *(*uint16)(unsafe.Pointer(&p[off&pageMask])) }
func le32(p *[PageSize]byte, off uint64) uint32 { return *(*uint32)(unsafe.Pointer(&p[off&pageMask])) }
func le64(p *[PageSize]byte, off uint64) uint64 { return *(*uint64)(unsafe.Pointer(&p[off&pageMask])) }

func put16(p *[PageSize]byte, off uint64, v uint16) {
	*(*uint16)(unsafe.Pointer(&p[off&pageMask])) = v
}
func put32(p *[PageSize]byte, off uint64, v uint32) {
	*(*uint32)(unsafe.Pointer(&p[off&pageMask])) = v
}
func put64(p *[PageSize]byte, off uint64, v uint64) {
	*(*uint64)(unsafe.Pointer(&p[off&pageMask])) = v
}
