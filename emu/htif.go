package emu

import (
	"encoding/binary"
	"io"
)

// HTIF is the host-target interface of Spike and the riscv-tests environments: the guest
// writes a command to the 64-bit word at tohost and the host answers in fromhost.
//   - device 0, command 0, payload odd: exit with status payload>>1;
//   - device 0, command 0, payload even: a pointer to eight 64-bit words holding a system
//     call number and its arguments (the syscall proxy riscv-tests' benchmarks use for
//     write and exit); the result goes back into the first word;
//   - device 1, command 1: write the low byte to the console.
type HTIF struct {
	ToHost, FromHost uint64
	Out              io.Writer

	// The guest store to tohost's low word poll last saw, and Instret then (RV32).
	seenEpoch, seenAt uint64
}

// NewHTIF watches tohost so that every store to it reaches poll at once.
func NewHTIF(h *Hart, tohost, fromhost uint64, out io.Writer) *HTIF {
	t := &HTIF{ToHost: tohost, FromHost: fromhost, Out: out}
	h.HTIF = t
	h.Mem.Watch(tohost)
	return t
}

func (t *HTIF) load(h *Hart, addr uint64) uint64 {
	var b [8]byte
	h.Mem.Read(addr, b[:])
	return binary.LittleEndian.Uint64(b[:])
}

func (t *HTIF) store(h *Hart, addr, v uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	h.Mem.Write(addr, b[:])
}

// halfWritten reports whether tohost may hold half a command. On RV32 the 64-bit tohost is
// written with two stores, low word first (as compilers store a volatile uint64_t, and as
// the riscv-tests environment does): after the guest's last store wrote the low word, the
// high word may still be on its way, so tohost is left alone until an instruction has
// retired since poll first saw that store (a value written with one store is then taken as
// it is).
func (t *HTIF) halfWritten(h *Hart) bool {
	m := h.Mem
	if h.ISA.XLEN != 32 || m.watchedStore-t.ToHost >= 4 {
		return false
	}
	if m.watchedEpoch != t.seenEpoch {
		t.seenEpoch, t.seenAt = m.watchedEpoch, h.Instret
		return true
	}
	return h.Instret == t.seenAt
}

// poll acts on the command in tohost, if any.
func (t *HTIF) poll(h *Hart) {
	v := t.load(h, t.ToHost)
	if v == 0 || t.halfWritten(h) {
		return
	}
	dev, cmd, payload := v>>56, v>>48&0xff, v&(1<<48-1)
	switch {
	case dev == 0 && cmd == 0 && payload&1 == 1:
		h.stop = Stop{Reason: StopExit, Code: int(payload >> 1), PC: h.PC}
		return
	case dev == 0 && cmd == 0:
		var mm [64]byte
		if h.Mem.Read(payload, mm[:]) != nil {
			h.stop = Stop{Reason: StopSignal, Signal: SIGSEGV, PC: h.PC, Tval: payload,
				Msg: "HTIF syscall block at an unmapped address"}
			return
		}
		arg := func(i int) uint64 { return binary.LittleEndian.Uint64(mm[8*i:]) }
		ret := int64(-eNOSYS)
		switch arg(0) {
		case sysWrite:
			if arg(1) == 1 || arg(1) == 2 {
				buf := make([]byte, min(arg(3), 1<<24))
				if h.Mem.Read(arg(2), buf) == nil {
					t.Out.Write(buf)
					ret = int64(len(buf))
				}
			}
		case sysExit, sysExitGroup:
			h.stop = Stop{Reason: StopExit, Code: int(arg(1)), PC: h.PC}
			return
		}
		t.store(h, payload, uint64(ret))
		t.store(h, t.ToHost, 0)
		t.store(h, t.FromHost, 1)
	case dev == 1 && cmd == 1:
		t.Out.Write([]byte{byte(payload)})
		t.store(h, t.ToHost, 0)
		t.store(h, t.FromHost, 1<<56|1<<48)
	default:
		t.store(h, t.ToHost, 0) // unknown device: acknowledge and ignore
	}
}
