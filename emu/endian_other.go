//go:build !(amd64 || arm64 || 386 || arm || riscv64 || loong64 || ppc64le || mips64le || mipsle || wasm)

package emu

import "encoding/binary"

// Portable forms of endian_le.go for big-endian hosts.

func le16(p *[PageSize]byte, off uint64) uint16 { return binary.LittleEndian.Uint16(p[off&pageMask:]) }
func le32(p *[PageSize]byte, off uint64) uint32 { return binary.LittleEndian.Uint32(p[off&pageMask:]) }
func le64(p *[PageSize]byte, off uint64) uint64 { return binary.LittleEndian.Uint64(p[off&pageMask:]) }

func put16(p *[PageSize]byte, off uint64, v uint16) {
	binary.LittleEndian.PutUint16(p[off&pageMask:], v)
}
func put32(p *[PageSize]byte, off uint64, v uint32) {
	binary.LittleEndian.PutUint32(p[off&pageMask:], v)
}
func put64(p *[PageSize]byte, off uint64, v uint64) {
	binary.LittleEndian.PutUint64(p[off&pageMask:], v)
}
