package emu

import "rvsim/isa"

// Zicboz: cbo.zero, a store of zeros to the aligned block that holds rs1. The block is
// checked whole before any byte is written, so a fault leaves memory as it was; the fault
// reports rs1, the address the instruction named.
func init() { defExec(isa.CBO_ZERO, execCboZero) }

func execCboZero(h *Hart, s *slot) (cause, tval uint64, msg string) {
	ea := h.X[s.rs1&63] & h.addrMask
	a := ea &^ (isa.CacheBlockBytes - 1)
	if !h.Mem.CheckAccess(a, isa.CacheBlockBytes, PermW) {
		return CauseStoreAccess, ea, "cbo.zero of a block that is not all mapped writable"
	}
	for off := uint64(0); off < isa.CacheBlockBytes; off += 8 {
		h.Mem.Store64(a+off, 0)
	}
	return 0, 0, ""
}
