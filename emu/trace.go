package emu

import (
	"bufio"
	"fmt"
	"io"

	"rvsim/isa"
)

// CommitLog returns a hook that prints one line per retired instruction in Spike's
// --log-commits format, so that a trace can be diffed against Spike's:
//
//	core   0: 3 0x0000000080000000 (0x00000297) x5  0x0000000080000000
//
// with " mem 0xADDR" after a load and " mem 0xADDR 0xVALUE" after a store. Widths follow
// XLEN; the instruction bits are printed at their length (4 hex digits when compressed).
// Call the returned flush function when the run ends.
func CommitLog(h *Hart, w io.Writer) (hook func(*Retired), flush func() error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	xw := h.ISA.XLEN / 4
	var buf []byte
	hook = func(r *Retired) {
		buf = buf[:0]
		buf = fmt.Appendf(buf, "core   0: %d 0x%0*x (0x%0*x)", h.Priv, xw, r.PC&h.addrMask, int(r.Inst.Len)*2, r.Inst.Raw)
		row := isa.RowOf(r.Inst.Op, h.ISA.XLEN)
		if row != nil && row.Args.WritesRd() && r.Inst.Op != isa.FP {
			v := h.X[r.Inst.Rd]
			if r.Inst.Rd == 0 {
				v = h.X[32] // the value the instruction wrote, which x0 discarded
			}
			buf = fmt.Appendf(buf, " x%-2d 0x%0*x", r.Inst.Rd, xw, v&h.addrMask)
		}
		if r.MemSize != 0 {
			buf = fmt.Appendf(buf, " mem 0x%0*x", xw, r.MemAddr)
			if r.Store {
				var b [8]byte
				h.Mem.Read(r.MemAddr, b[:r.MemSize])
				var v uint64
				for i := int(r.MemSize) - 1; i >= 0; i-- {
					v = v<<8 | uint64(b[i])
				}
				buf = fmt.Appendf(buf, " 0x%0*x", int(r.MemSize)*2, v)
			}
		}
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	return hook, bw.Flush
}

// Stats counts retired instructions by op for --stats.
type Stats struct {
	ByOp       [isa.NumOps]uint64
	Compressed uint64
	Other      uint64
}

// Hook returns a hook that counts into s, chaining to next (which may be nil).
func (s *Stats) Hook(next func(*Retired)) func(*Retired) {
	return func(r *Retired) {
		if r.Inst.Op < isa.NumOps {
			s.ByOp[r.Inst.Op]++
		} else {
			s.Other++
		}
		if r.Inst.Len == 2 {
			s.Compressed++
		}
		if next != nil {
			next(r)
		}
	}
}
