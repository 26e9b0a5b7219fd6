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
// (an f register write as " f5  0x" and its 64 bits), with " mem 0xADDR" after a load and " mem 0xADDR 0xVALUE" after a store (both after an
// AMO, none after a failed SC); a vector load or store has one such entry per element it
// accessed (per field of a segment), the value at the element's width. As in Spike, a
// write to x0 is not shown and the privilege level is the one the instruction ran at.
// Widths follow XLEN; the instruction bits are printed at their length (4 hex digits when
// compressed).
// Call the returned flush function when the run ends.
func CommitLog(h *Hart, w io.Writer) (hook func(*Retired), flush func() error) {
	bw := bufio.NewWriterSize(w, 1<<16)
	xw := h.ISA.XLEN / 4
	var buf []byte
	hook = func(r *Retired) {
		buf = buf[:0]
		buf = fmt.Appendf(buf, "core   0: %d 0x%0*x (0x%0*x)", r.Priv, xw, r.PC&h.addrMask, int(r.Inst.Len)*2, r.Inst.Raw)
		row := isa.RowOf(r.Inst.Op, h.ISA.XLEN)
		if row != nil && row.Args.WritesRd() && r.Inst.Op != isa.FP && r.Inst.Rd != 0 {
			buf = fmt.Appendf(buf, " x%-2d 0x%0*x", r.Inst.Rd, xw, h.X[r.Inst.Rd]&h.addrMask)
		}
		if row != nil && row.Args.WritesFd() {
			// f registers are FLEN (64) bits wide; a single is shown NaN-boxed, as Spike does.
			buf = fmt.Appendf(buf, " f%-2d 0x%016x", r.Inst.Rd, h.F[r.Inst.Rd&31])
		}
		if row != nil && row.Args.Vector() && h.V != nil {
			buf = appendVectorWrites(buf, h.V, &r.Inst, row)
			buf = appendVectorMem(buf, h.V, xw)
		}
		if r.MemSize != 0 {
			load, store := !r.Store, r.Store
			switch {
			case r.Inst.Op == isa.SC_W || r.Inst.Op == isa.SC_D:
				rd := r.Inst.Rd
				if rd == 0 {
					rd = 32 // where the interpreter put the result x0 discards
				}
				store = h.X[rd] == 0 // a failed SC writes nothing
			case row != nil && row.Class == isa.ClassAtomic:
				load = true // an AMO reads, then writes
			}
			if load {
				buf = fmt.Appendf(buf, " mem 0x%0*x", xw, r.MemAddr)
			}
			if store {
				buf = fmt.Appendf(buf, " mem 0x%0*x", xw, r.MemAddr)
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

// Retired counts a batch into s: Stats is an Observer, the fast way to count when nothing
// else needs a hook.
func (s *Stats) Retired(b *Batch) {
	for _, in := range b.Inst {
		if in.Op < isa.NumOps {
			s.ByOp[in.Op]++
		} else {
			s.Other++
		}
		if in.Len == 2 {
			s.Compressed++
		}
	}
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

// appendVectorMem appends the elements a vector load or store accessed, in the order it
// accessed them: " mem 0xADDR" for each element read, " mem 0xADDR 0xVALUE" for each
// written.
func appendVectorMem(buf []byte, v *Vector, xw int) []byte {
	for _, a := range v.macc {
		buf = fmt.Appendf(buf, " mem 0x%0*x", xw, a.addr)
		if a.store {
			buf = fmt.Appendf(buf, " 0x%0*x", int(a.size)*2, a.val)
		}
	}
	return buf
}

// appendVectorWrites appends the vector registers an instruction wrote as Spike's commit log
// shows them: the configuration once (" e32 m1 l4"), then each register of the group as
// " v8  0x" and its VLEN bits, most significant byte first.
func appendVectorWrites(buf []byte, v *Vector, in *isa.Inst, row *isa.Row) []byte {
	reg, n := v.wrReg, v.wrN
	if n < 0 {
		// The instruction did not say: assume its vd group (vector crypto, element groups).
		reg, n = int(in.Rd), nregs(v.LMUL8)
		if row.Class == isa.ClassStore || row.Class == isa.ClassVStore || row.Args.WritesRd() {
			n = 0
		}
	}
	if n == 0 {
		return buf
	}
	switch {
	case v.LMUL8 >= 8:
		buf = fmt.Appendf(buf, " e%d m%d l%d", v.SEW, v.LMUL8/8, v.VL)
	case v.LMUL8 > 0:
		buf = fmt.Appendf(buf, " e%d mf%d l%d", v.SEW, 8/v.LMUL8, v.VL)
	default: // vill: a whole-register load
		buf = fmt.Appendf(buf, " e%d m%d l%d", v.SEW, 0, v.VL)
	}
	const hex = "0123456789abcdef"
	for k := reg; k < reg+n && k < 32; k++ {
		buf = fmt.Appendf(buf, " v%-2d 0x", k)
		r := v.Reg[k*v.VLENB : (k+1)*v.VLENB]
		for j := len(r) - 1; j >= 0; j-- {
			buf = append(buf, hex[r[j]>>4], hex[r[j]&15])
		}
	}
	return buf
}
