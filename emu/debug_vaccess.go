package emu

// VectorAccesses calls f for each element the last vector load or store accessed, in the
// order it accessed them: the address, the size in bytes and whether it was a store. The
// elements are recorded while a Hook runs (for the commit log), so this is meaningful
// inside a Hook, where a debugger checks its read and access watchpoints; for any other
// instruction it reports nothing.
func (h *Hart) VectorAccesses(f func(addr uint64, size int, store bool)) {
	if h.V == nil {
		return
	}
	for _, a := range h.V.macc {
		f(a.addr, int(a.size), a.store)
	}
}
