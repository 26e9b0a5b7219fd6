package gdbstub

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"rvsim/emu"
)

// Config says how a Stub runs the program.
type Config struct {
	// History, when set, records what every instruction a continue or step executes
	// changed, so that gdb's reverse-stepi and reverse-continue can take it back (the bs
	// and bc packets). Recording makes continue several times slower.
	History *emu.History
	// Log receives the stub's one-line messages (nil: discarded).
	Log io.Writer
	// ResumeLimit bounds the instructions one continue runs (0: no bound); reaching it
	// stops the program as Ctrl-C would. For tests and fuzzing.
	ResumeLimit uint64
	// OnReturn describes the result when the program returns to the hart's Sentinel (a
	// call PrepareCall set up); the stub logs it and reports an exit with status 0.
	OnReturn func() string
	// FLEN is the floating-point register width the program's float ABI assumes (ABIFLEN
	// of its ELF flags): gdb insists on FPU registers that wide in the target description.
	FLEN int
}

// EndKind says how a debugging session ended.
type EndKind uint8

const (
	Exited       EndKind = iota // the program ended (Result.Stop says how)
	Killed                      // gdb killed the program
	Detached                    // gdb detached: the program should run on without it
	Disconnected                // the connection dropped, or gdb sent nothing usable
)

func (k EndKind) String() string {
	return [...]string{"exited", "killed", "detached", "disconnected"}[k]
}

// Result is how a session ended.
type Result struct {
	How EndKind
	// Stop is the program's last stop: for Exited a StopExit, StopSignal (a fatal signal
	// gdb let through) or StopReturn.
	Stop emu.Stop
	Err  error // why the connection ended, for Disconnected
}

// Stub is a GDB remote protocol server for one hart.
type Stub struct {
	h *emu.Hart
	// gthread is the gdb id of the thread Hg chose for register access; 0: the running one.
	gthread int64
	// cthread is the gdb id of the thread Hc chose for s and c; 0: the running one.
	cthread int64
	cfg     Config
	regs    *regFile
	xml     []byte

	noAck bool
	intr  atomic.Bool // set by Ctrl-C (0x03) or a dropped connection; Resume clears it
	lost  atomic.Bool // the connection dropped

	// Breakpoints by address: which of Z0 (software) and Z1 (hardware) gdb set there.
	breaks map[uint64]uint8
	// Watchpoints by kind and range. Write watches are emu's; read and access watches are
	// checked by a hook on every instruction while any is set.
	watches []watch
	rwHit   *watch // the read or access watch the last instruction hit
	hitAddr uint64 // the first address of it the instruction accessed

	lastStop string // the stop reply for '?'
	lastSent []byte // the last packet sent, for gdb's '-'
	// backedUp: the last stop was a watchpoint reported before the access (backUp), at
	// backedUpPC.
	backedUp   bool
	backedUpPC uint64
	fatal      *emu.Stop // the program died of a signal: resuming reports its exit
	done       bool
	result     Result
}

type watchKind uint8

const (
	watchWrite  watchKind = 2
	watchRead   watchKind = 3
	watchAccess watchKind = 4
)

// maxWatch bounds a watched range, as emu bounds its write watches.
const maxWatch = 1 << 16

type watch struct {
	kind      watchKind
	addr, len uint64
}

const (
	breakSW = 1
	breakHW = 2
)

// New returns a stub for h, stopped before its next instruction.
func New(h *emu.Hart, cfg Config) *Stub {
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	s := &Stub{h: h, cfg: cfg, breaks: map[uint64]uint8{}}
	s.regs = newRegFile(h, cfg.FLEN)
	s.xml = s.regs.targetXML()
	s.lastStop = "T05thread:" + s.runningThread() + ";"
	return s
}

// TargetXML returns the target description the stub sends gdb.
func (s *Stub) TargetXML() []byte { return s.xml }

// finish ends the session after the current reply.
func (s *Stub) finish(r Result) {
	s.done = true
	s.result = r
}

// handle answers one packet. send is false for the packets gdb expects no reply to (k).
func (s *Stub) handle(pkt []byte) (reply []byte, send bool) {
	if len(pkt) == 0 {
		return nil, true
	}
	p := string(pkt)
	switch pkt[0] {
	case '?':
		return []byte(s.lastStop), true
	case 'g':
		h, _ := s.regsHart()
		var out []byte
		for i := 0; i < numCoreReg; i++ {
			out = s.regs.read(h, s.regs.byNum[i], out)
		}
		return out, true
	case 'G':
		return s.writeAllRegs(p[1:]), true
	case 'p':
		n, ok := parseHex(p[1:])
		r := s.regs.byNum[int(n)]
		if !ok || r == nil || n > 1<<20 {
			return []byte("E01"), true
		}
		h, _ := s.regsHart()
		return s.regs.read(h, r, nil), true
	case 'P':
		return s.writeReg(p[1:]), true
	case 'm':
		return s.readMem(p[1:]), true
	case 'M':
		return s.writeMemHex(p[1:]), true
	case 'X':
		return s.writeMemBinary(pkt[1:]), true
	case 'Z', 'z':
		return s.point(pkt[0] == 'Z', p[1:]), true
	case 'c', 'C':
		if !s.resumeAddr(p[1:], pkt[0] == 'C') {
			return []byte("E01"), true
		}
		return s.runThread(s.cthread), true
	case 's', 'S':
		if !s.resumeAddr(p[1:], pkt[0] == 'S') {
			return []byte("E01"), true
		}
		return s.stepThread(s.cthread), true
	case 'v':
		return s.vPacket(p), true
	case 'b':
		switch p {
		case "bs":
			return s.reverse(true), true
		case "bc":
			return s.reverse(false), true
		}
		return nil, true
	case 'q', 'Q':
		return s.query(p), true
	case 'H':
		id, ok := s.thread(p[min(2, len(p)):])
		if len(p) < 2 || (p[1] != 'g' && p[1] != 'c') || !ok {
			return []byte("E01"), true
		}
		if p[1] == 'g' {
			s.gthread = max(id, 0) // 0 and -1: the running thread
		} else {
			s.cthread = max(id, 0)
		}
		return []byte("OK"), true
	case 'T':
		if id, ok := s.thread(p[1:]); ok && id > 0 {
			return []byte("OK"), true
		}
		return []byte("E01"), true
	case 'k':
		s.finish(Result{How: Killed})
		return nil, false
	case 'D':
		s.finish(Result{How: Detached})
		return []byte("OK"), true
	}
	return nil, true // unknown packets get the empty reply
}

// gdb's thread ids: a Linux thread's id less the process id, plus 1, so that the first
// thread (and a bare machine's one hart) is 1 and the others follow in the order they were
// made.
func (s *Stub) gdbID(tid int64) int64 {
	if s.h.Linux == nil {
		return 1
	}
	return tid - s.h.Linux.Pid() + 1
}

// runningThread is the running thread's gdb id, in hex.
func (s *Stub) runningThread() string {
	if s.h.Linux == nil {
		return "01"
	}
	return fmt.Sprintf("%02x", s.gdbID(s.h.Linux.Tid()))
}

// thread parses a thread id as gdb sends it (hex, 0 for any, -1 for all, or p.PID.TID in
// the multiprocess form) and reports whether it names a live thread or is 0 or -1.
func (s *Stub) thread(t string) (int64, bool) {
	if rest, ok := strings.CutPrefix(t, "p"); ok {
		_, tt, ok := strings.Cut(rest, ".")
		if !ok {
			return 0, false
		}
		t = tt
	}
	if t == "-1" {
		return -1, true
	}
	v, ok := parseHex(t)
	if !ok || v > 1<<32 {
		return 0, false
	}
	if v == 0 {
		return 0, true
	}
	if s.h.Linux == nil {
		return int64(v), v == 1
	}
	for _, tid := range s.h.Linux.ThreadIDs() {
		if s.gdbID(tid) == int64(v) {
			return int64(v), true
		}
	}
	return 0, false
}

// regsHart is the hart whose registers g, p, G and P read and write: the running thread's,
// or a copy holding those of the thread Hg selected (store puts changes back).
func (s *Stub) regsHart() (h *emu.Hart, store func() bool) {
	if s.gthread == 0 || s.h.Linux == nil {
		return s.h, func() bool { return true }
	}
	tid := s.gthread - 1 + s.h.Linux.Pid()
	v, ok := s.h.Linux.ThreadHart(s.h, tid)
	if !ok {
		return s.h, func() bool { return true } // the selected thread is the running one
	}
	return v, func() bool { return s.h.Linux.SetThreadHart(tid, v) }
}

// resumeAddr handles c/s's optional address and C/S's signal (which the program ignores:
// rvsim has no signal handlers to deliver it to).
func (s *Stub) resumeAddr(arg string, withSig bool) bool {
	if withSig {
		sig, rest, _ := strings.Cut(arg, ";")
		if _, ok := parseHex(sig); !ok {
			return false
		}
		arg = rest
	}
	if arg == "" {
		return true
	}
	a, ok := parseHex(arg)
	if !ok {
		return false
	}
	s.h.PC = a
	s.discardHistory()
	return true
}

func (s *Stub) vPacket(p string) []byte {
	switch {
	case p == "vCont?":
		return []byte("vCont;c;C;s;S")
	case strings.HasPrefix(p, "vCont;"):
		// The threads share one hart. A step action (gdb puts it first: "s:2;c") steps its
		// thread, which takes the hart. Continue actions that all name one thread ("c:2",
		// how gdb steps a thread over a breakpoint it has taken out) run that thread alone;
		// otherwise every thread goes on.
		var step, cont, all bool
		var stepID, contID int64
		for _, a := range strings.Split(p[len("vCont;"):], ";") {
			act, thread, hasThread := strings.Cut(a, ":")
			id, ok := s.thread(thread)
			if hasThread && !ok {
				return []byte("E01")
			}
			if len(act) == 3 && (act[0] == 'C' || act[0] == 'S') {
				if _, ok := parseHex(act[1:]); !ok {
					return []byte("E01")
				}
				act = act[:1]
			}
			switch act {
			case "c", "C":
				if !hasThread || id <= 0 || cont && id != contID {
					all = true
				}
				cont, contID = true, id
			case "s", "S":
				if !step {
					step, stepID = true, max(id, 0)
				}
			default:
				return []byte("E01")
			}
		}
		switch {
		case step:
			return s.stepThread(stepID)
		case cont && !all:
			return s.runThread(contID)
		case cont:
			return s.runThread(0)
		}
		return []byte("E01")
	case strings.HasPrefix(p, "vKill"):
		s.finish(Result{How: Killed})
		return []byte("OK")
	}
	return nil
}

func (s *Stub) query(p string) []byte {
	name, arg, _ := strings.Cut(p, ":")
	switch name {
	case "qSupported":
		feat := fmt.Sprintf("PacketSize=%x;qXfer:features:read+;swbreak+;hwbreak+;QStartNoAckMode+;vContSupported+", MaxPacket)
		if s.cfg.History != nil {
			feat += ";ReverseStep+;ReverseContinue+"
		}
		if s.h.Linux != nil {
			feat += ";qXfer:auxv:read+"
		}
		return []byte(feat)
	case "QStartNoAckMode":
		return []byte("OK") // takes effect after this reply is acknowledged
	case "qXfer":
		return s.xfer(arg)
	case "qAttached":
		return []byte("1") // as qemu: on quit gdb detaches and the program runs on
	case "qC":
		return []byte("QC" + s.runningThread())
	case "qfThreadInfo":
		if s.h.Linux == nil {
			return []byte("m01")
		}
		var b strings.Builder
		b.WriteString("m")
		for i, tid := range s.h.Linux.ThreadIDs() {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%02x", s.gdbID(tid))
		}
		return []byte(b.String())
	case "qsThreadInfo":
		return []byte("l")
	case "qOffsets":
		return []byte("Text=0;Data=0;Bss=0")
	case "qSymbol":
		return []byte("OK")
	}
	return nil
}

// xfer answers qXfer:features:read:target.xml:OFFSET,LENGTH and, for a Linux program,
// qXfer:auxv:read::OFFSET,LENGTH (the auxiliary vector, from which gdb learns where a PIE
// and the dynamic linker were loaded).
func (s *Stub) xfer(arg string) []byte {
	obj, rest, _ := strings.Cut(arg, ":")
	op, rest, _ := strings.Cut(rest, ":")
	if op != "read" || obj != "features" && (obj != "auxv" || s.h.Linux == nil) {
		return nil
	}
	annex, span, ok := strings.Cut(rest, ":")
	if !ok {
		return []byte("E01")
	}
	data := s.xml
	switch {
	case obj == "auxv" && annex == "":
		data = s.h.Linux.Auxv()
	case obj == "auxv", annex != "target.xml":
		return []byte("E00")
	}
	offS, lenS, ok := strings.Cut(span, ",")
	off, ok1 := parseHex(offS)
	n, ok2 := parseHex(lenS)
	if !ok || !ok1 || !ok2 {
		return []byte("E01")
	}
	if off >= uint64(len(data)) {
		return []byte("l")
	}
	n = min(n, MaxPacket/2) // room for escapes
	end := min(off+n, uint64(len(data)))
	kind := byte('m')
	if end == uint64(len(data)) {
		kind = 'l'
	}
	return append([]byte{kind}, data[off:end]...)
}

func (s *Stub) writeAllRegs(hexRegs string) []byte {
	var want int
	for i := 0; i < numCoreReg; i++ {
		want += s.regs.byNum[i].bits / 4
	}
	if len(hexRegs) != want {
		return []byte("E01")
	}
	h, store := s.regsHart()
	for i := 0; i < numCoreReg; i++ {
		r := s.regs.byNum[i]
		w := r.bits / 4
		if !s.regs.write(h, r, hexRegs[:w]) {
			return []byte("E01")
		}
		hexRegs = hexRegs[w:]
	}
	if !store() {
		return []byte("E01")
	}
	s.discardHistory()
	return []byte("OK")
}

func (s *Stub) writeReg(arg string) []byte {
	numS, val, ok := strings.Cut(arg, "=")
	n, ok1 := parseHex(numS)
	if !ok || !ok1 || n > 1<<20 {
		return []byte("E01")
	}
	r := s.regs.byNum[int(n)]
	h, store := s.regsHart()
	if r == nil || !s.regs.write(h, r, val) || !store() {
		return []byte("E01")
	}
	s.discardHistory()
	return []byte("OK")
}

// discardHistory forgets the undo log after gdb changed the state itself: undoing an
// instruction recorded before would mix the old state with gdb's change.
func (s *Stub) discardHistory() {
	s.backedUp = false
	if s.cfg.History != nil {
		s.cfg.History.Clear()
	}
	s.h.SyncWatches()
}

// parseAddrLen parses "ADDR,LEN".
func parseAddrLen(arg string) (addr, n uint64, ok bool) {
	a, l, ok := strings.Cut(arg, ",")
	addr, ok1 := parseHex(a)
	n, ok2 := parseHex(l)
	return addr, n, ok && ok1 && ok2
}

func (s *Stub) readMem(arg string) []byte {
	addr, n, ok := parseAddrLen(arg)
	if !ok {
		return []byte("E01")
	}
	n = min(n, MaxPacket/2)
	buf := make([]byte, n)
	got := s.readPartial(addr, buf)
	if got == 0 && n > 0 {
		return []byte("E14") // EFAULT
	}
	return appendHexBytes(nil, buf[:got])
}

// readPartial reads what it can of buf's range from its start: gdb accepts a short reply
// when the range runs into unmapped memory.
func (s *Stub) readPartial(addr uint64, buf []byte) int {
	if s.h.XLEN() == 32 && addr+uint64(len(buf)) > 1<<32 {
		if addr >= 1<<32 {
			return 0
		}
		buf = buf[:1<<32-addr]
	}
	got := 0
	for got < len(buf) {
		a := addr + uint64(got)
		chunk := min(len(buf)-got, int(emu.PageSize-a%emu.PageSize))
		if a < addr || s.h.Mem.Read(a, buf[got:got+chunk]) != nil {
			break
		}
		got += chunk
	}
	return got
}

// mapped reports whether every page of a range gdb names exists (or is allocated on
// first touch, as bare-metal RAM is). n is bounded by the packet size.
func (s *Stub) mapped(addr, n uint64) bool {
	if n == 0 {
		return true
	}
	end := addr + n - 1
	if end < addr || s.h.XLEN() == 32 && end >= 1<<32 {
		return false
	}
	for a := addr &^ (emu.PageSize - 1); ; a += emu.PageSize {
		if s.h.Mem.PermAt(a) == 0 {
			return false
		}
		if a >= end&^(emu.PageSize-1) {
			return true
		}
	}
}

func (s *Stub) writeMemHex(arg string) []byte {
	spec, data, ok := strings.Cut(arg, ":")
	addr, n, ok1 := parseAddrLen(spec)
	b, ok2 := decodeHexBytes(data)
	if !ok || !ok1 || !ok2 || uint64(len(b)) != n {
		return []byte("E01")
	}
	return s.writeMem(addr, b)
}

func (s *Stub) writeMemBinary(arg []byte) []byte {
	i := bytes.IndexByte(arg, ':')
	if i < 0 {
		return []byte("E01")
	}
	addr, n, ok := parseAddrLen(string(arg[:i]))
	data := arg[i+1:]
	if !ok || uint64(len(data)) != n {
		return []byte("E01")
	}
	return s.writeMem(addr, data)
}

func (s *Stub) writeMem(addr uint64, b []byte) []byte {
	if len(b) == 0 {
		return []byte("OK") // gdb probes X with an empty write
	}
	if !s.mapped(addr, uint64(len(b))) {
		return []byte("E14")
	}
	if s.h.Mem.Write(addr, b) != nil {
		return []byte("E14")
	}
	s.discardHistory()
	return []byte("OK")
}

// point handles Z/z: breakpoints (types 0 and 1) and watchpoints (2 write, 3 read, 4
// access).
func (s *Stub) point(insert bool, arg string) []byte {
	parts := strings.Split(arg, ",")
	if len(parts) < 3 {
		return []byte("E01")
	}
	typ, ok1 := parseHex(parts[0])
	addr, ok2 := parseHex(parts[1])
	kindS, _, _ := strings.Cut(parts[2], ";") // conditions after ';' are not supported
	size, ok3 := parseHex(kindS)
	if !ok1 || !ok2 || !ok3 {
		return []byte("E01")
	}
	switch typ {
	case 0, 1:
		bit := uint8(breakSW)
		if typ == 1 {
			bit = breakHW
		}
		if insert {
			if s.breaks[addr] == 0 {
				s.h.SetBreakpoint(addr)
			}
			s.breaks[addr] |= bit
		} else if s.breaks[addr] != 0 {
			s.breaks[addr] &^= bit
			if s.breaks[addr] == 0 {
				delete(s.breaks, addr)
				s.h.ClearBreakpoint(addr)
			}
		}
		return []byte("OK")
	case 2, 3, 4:
		w := watch{kind: watchKind(typ), addr: addr, len: size}
		if insert {
			return s.addWatch(w)
		}
		for i, o := range s.watches {
			if o == w {
				s.watches = append(s.watches[:i], s.watches[i+1:]...)
				if w.kind == watchWrite {
					s.h.RemoveWatch(addr, size)
				}
				break
			}
		}
		return []byte("OK")
	}
	return nil // other types are not supported: the empty reply says so
}

func (s *Stub) addWatch(w watch) []byte {
	if w.len == 0 || w.len > maxWatch || w.addr+w.len < w.addr {
		return []byte("E01")
	}
	for _, o := range s.watches {
		if o == w {
			return []byte("OK")
		}
	}
	if w.kind == watchWrite {
		if err := s.h.AddWatch(w.addr, w.len); err != nil {
			fmt.Fprintf(s.cfg.Log, "gdbstub: %v\n", err)
			return []byte("E01")
		}
	} else if !s.mapped(w.addr, w.len) {
		return []byte("E01")
	}
	s.watches = append(s.watches, w)
	return []byte("OK")
}

// accessWatches reports whether a read or access watch is set, which makes runs go one
// instruction at a time.
func (s *Stub) accessWatches() bool {
	for _, w := range s.watches {
		if w.kind != watchWrite {
			return true
		}
	}
	return false
}

// installHook chains the stub's memory-access check in front of the hart's hook (the
// cost model's, a trace) while read or access watches are set. Vector loads and stores
// are checked element by element.
func (s *Stub) installHook() func() {
	prev := s.h.Hook
	check := func(addr uint64, size int, store bool) {
		if s.rwHit != nil {
			return
		}
		for _, w := range s.watches {
			if w.kind == watchWrite || w.kind == watchRead && store {
				continue
			}
			if addr < w.addr+w.len && w.addr < addr+uint64(size) {
				s.rwHit = &w
				s.hitAddr = max(addr, w.addr)
				return
			}
		}
	}
	s.h.Hook = func(r *emu.Retired) {
		if r.MemSize != 0 {
			check(r.MemAddr, int(r.MemSize), r.Store)
		} else {
			s.h.VectorAccesses(check)
		}
		if prev != nil {
			prev(r)
		}
	}
	return func() { s.h.Hook = prev }
}

// stepChunk is how many instructions a one-at-a-time run executes between looks at the
// interrupt flag.
const stepChunk = 4096

// stepThread steps the thread with gdb id gid (0: the running one). Another thread takes
// the hart first; one that waits (in a futex, a sleep, a blocking call) steps once the
// others have run until it can, or the run stops for another reason on the way (a
// breakpoint, a signal, an exit, ^C), which is then what gdb hears of.
func (s *Stub) stepThread(gid int64) []byte {
	l := s.h.Linux
	if gid == 0 || l == nil || s.fatal != nil {
		return s.run(true)
	}
	tid := gid - 1 + l.Pid()
	var ran uint64
	for !l.SwitchThread(s.h, tid, s.cfg.History) {
		if !l.Waiting(tid) {
			break // it ended: step the running thread
		}
		if s.cfg.ResumeLimit != 0 && ran >= s.cfg.ResumeLimit {
			return s.stopReply(emu.Stop{Reason: emu.StopLimit}, false)
		}
		if st := s.resume(1); st.Reason != emu.StopLimit {
			return s.stopReply(st, false)
		}
		ran++
	}
	return s.run(true)
}

// runThread continues the thread with gdb id gid alone (0: every thread) until the run
// stops. When that thread waits, and so cannot run, every thread goes on. When every
// thread goes on, the one Hg selected since the last stop (if it can run) takes the hart
// first: gdb steps a thread by putting a breakpoint after its instruction, selecting it
// and continuing them all, and on a machine with a CPU a thread, that thread's next
// instruction would be the one that ran at once.
func (s *Stub) runThread(gid int64) []byte {
	l := s.h.Linux
	if l == nil || s.fatal != nil {
		return s.run(false)
	}
	if gid == 0 {
		if s.gthread != 0 {
			l.SwitchThread(s.h, s.gthread-1+l.Pid(), s.cfg.History)
		}
		return s.run(false)
	}
	l.RunOnly(s.h, gid-1+l.Pid(), s.cfg.History)
	defer l.RunAll()
	return s.run(false)
}

// resume runs up to max instructions, one at a time when a read or access watchpoint
// must see every access.
func (s *Stub) resume(max uint64) emu.Stop {
	if s.accessWatches() {
		return s.runWatchingAccess(max)
	}
	return s.h.Resume(max, s.cfg.History, &s.intr)
}

// run continues or single-steps the program and returns the stop reply.
func (s *Stub) run(step bool) []byte {
	if s.fatal != nil {
		// The program died of a signal and gdb let it through: it ends now.
		st := *s.fatal
		s.finish(Result{How: Exited, Stop: st})
		return []byte(fmt.Sprintf("X%02x", gdbSignal(st.Signal)))
	}
	max := s.cfg.ResumeLimit
	if max == 0 {
		max = ^uint64(0)
	}
	if step {
		max = 1
	}
	if s.backedUp && s.h.PC == s.backedUpPC {
		if reply, done := s.stepOverBackedUp(step); done {
			return reply
		}
		max--
	}
	s.backedUp = false
	var recorded uint64
	if s.cfg.History != nil {
		recorded = s.cfg.History.Recorded()
	}
	st := s.resume(max)
	if st.Reason == emu.StopBreak && st.Msg == emu.MsgWatchpoint && !step {
		s.backUp(recorded)
	}
	return s.stopReply(st, step)
}

// runWatchingAccess runs one instruction at a time so that a read or access watch stops
// the program right after the instruction that touched its range.
func (s *Stub) runWatchingAccess(max uint64) emu.Stop {
	defer s.installHook()()
	s.rwHit = nil
	for used := uint64(0); used < max; used++ {
		if used%stepChunk == 0 && used > 0 && s.intr.Swap(false) {
			return emu.Stop{Reason: emu.StopBreak, PC: s.h.PC, Msg: emu.MsgInterrupted}
		}
		if used > 0 && s.breaks[s.h.PC] != 0 {
			return emu.Stop{Reason: emu.StopBreak, PC: s.h.PC, Msg: emu.MsgBreakpoint}
		}
		st := s.h.Resume(1, s.cfg.History, nil)
		if s.rwHit != nil {
			return emu.Stop{Reason: emu.StopBreak, PC: s.h.PC, Msg: emu.MsgWatchpoint}
		}
		if st.Reason != emu.StopLimit {
			return st
		}
	}
	return emu.Stop{Reason: emu.StopLimit}
}

// gdbSignal converts a Linux signal number to gdb's numbering (they differ above 6).
func gdbSignal(sig int) int {
	switch sig {
	case 7: // SIGBUS
		return 10
	case 10: // SIGUSR1
		return 30
	case 12: // SIGUSR2
		return 31
	case 31: // SIGSYS
		return 12
	}
	if sig <= 0 || sig > 15 {
		return 143 // GDB_SIGNAL_UNKNOWN
	}
	return sig
}

const (
	sigInt  = 2
	sigTrap = 5
)

// stopReply turns how a run stopped into gdb's stop reply, and ends the session when the
// program is gone.
func (s *Stub) stopReply(st emu.Stop, step bool) []byte {
	stop := func(sig int, extra string) []byte {
		s.gthread = 0
		s.lastStop = fmt.Sprintf("T%02xthread:%s;%s", sig, s.runningThread(), extra)
		return []byte(s.lastStop)
	}
	if s.lost.Load() {
		s.finish(Result{How: Disconnected, Err: errors.New("connection lost while the program ran")})
		return nil
	}
	switch st.Reason {
	case emu.StopBreak:
		switch st.Msg {
		case emu.MsgBreakpoint:
			kind := "swbreak:;"
			if s.breaks[s.h.PC] == breakHW {
				kind = "hwbreak:;"
			}
			return stop(sigTrap, kind)
		case emu.MsgWatchpoint:
			if w := s.rwHit; w != nil {
				s.rwHit = nil
				name := "rwatch"
				if w.kind == watchAccess {
					name = "awatch"
				}
				return stop(sigTrap, fmt.Sprintf("%s:%x;", name, s.hitAddr))
			}
			if hits := s.h.WatchHits(); len(hits) > 0 {
				return stop(sigTrap, fmt.Sprintf("watch:%x;", s.watchedAddr(hits[0])))
			}
			return stop(sigTrap, "")
		case emu.MsgInterrupted:
			return stop(sigInt, "")
		}
		return stop(sigTrap, "")
	case emu.StopLimit:
		if step {
			return stop(sigTrap, "")
		}
		return stop(sigInt, "") // ResumeLimit: as if interrupted
	case emu.StopExit:
		s.finish(Result{How: Exited, Stop: st})
		return []byte(fmt.Sprintf("W%02x", st.Code&0xff))
	case emu.StopReturn:
		if s.cfg.OnReturn != nil {
			fmt.Fprintf(s.cfg.Log, "%s\n", s.cfg.OnReturn())
		}
		s.finish(Result{How: Exited, Stop: st})
		return []byte("W00")
	case emu.StopSignal:
		s.fatal = &st
		return stop(gdbSignal(st.Signal), "")
	}
	return stop(sigTrap, "")
}

// watchedAddr returns the start of the write watch a changed range belongs to (emu reports
// its own ranges, which are gdb's).
func (s *Stub) watchedAddr(hit emu.WatchHit) uint64 {
	for i := range hit.Old {
		if hit.Old[i] != hit.New[i] {
			return hit.Addr + uint64(i)
		}
	}
	return hit.Addr
}

// reverse steps (bs) or continues (bc) backwards through the undo log.
func (s *Stub) reverse(step bool) []byte {
	hist := s.cfg.History
	stop := func(extra string) []byte {
		s.h.SyncWatches()
		s.gthread = 0
		s.lastStop = "T05thread:" + s.runningThread() + ";" + extra
		return []byte(s.lastStop)
	}
	if hist == nil {
		return []byte("E01")
	}
	s.fatal = nil // going back from a fault: the program is alive again
	s.backedUp = false
	for n := 0; ; n++ {
		if !step && n%stepChunk == 0 && n > 0 && s.intr.Swap(false) {
			return stop("")
		}
		// A watch stops the reverse run before the store that changed its bytes is taken
		// back, as gdb expects of RISC-V watchpoints (see backUp); gdb then steps back
		// over the store itself.
		if !step && len(s.watches) > 0 {
			if w, ok := s.lastChangedWatch(); ok {
				return stop(fmt.Sprintf("watch:%x;", w.addr))
			}
		}
		if _, err := s.h.Undo(hist); err != nil {
			if !errors.Is(err, emu.ErrNoHistory) {
				fmt.Fprintf(s.cfg.Log, "gdbstub: %v\n", err)
			}
			return stop("replaylog:begin;")
		}
		if step {
			return stop("")
		}
		if s.breaks[s.h.PC] != 0 {
			return stop("swbreak:;")
		}
	}
}

// lastChangedWatch reports the write or access watch whose bytes the last recorded
// instruction changed.
func (s *Stub) lastChangedWatch() (watch, bool) {
	ch, ok := s.cfg.History.Last(s.h)
	if !ok || len(ch.Mem) == 0 {
		return watch{}, false
	}
	var cur [1]byte
	for _, w := range s.watches {
		if w.kind == watchRead {
			continue
		}
		for _, m := range ch.Mem {
			for i, old := range m.Old {
				a := m.Addr + uint64(i)
				if a < w.addr || a >= w.addr+w.len {
					continue
				}
				if w.kind == watchAccess {
					return w, true
				}
				if s.h.Mem.Read(a, cur[:]) == nil && cur[0] != old {
					return w, true
				}
			}
		}
	}
	return watch{}, false
}

// backUp takes back the instruction that just hit a watchpoint, so that the stop is
// reported before the access: gdb treats RISC-V watchpoints as firing before the access
// (as the debug triggers of hardware do), removes them and steps over the instruction
// itself to see the new value. Without the undo log, or after a system call (whose input
// could not be read again), the stop stays after the access and gdb shows it one
// instruction late.
func (s *Stub) backUp(recordedBefore uint64) {
	hist := s.cfg.History
	if hist == nil || hist.Recorded() == recordedBefore || hist.Len() == 0 {
		return
	}
	if ch, ok := hist.Last(s.h); !ok || ch.Syscall != -1 {
		return
	}
	if _, err := s.h.Undo(hist); err == nil {
		s.h.SyncWatches()
		s.backedUp, s.backedUpPC = true, s.h.PC
	}
}

// stepOverBackedUp executes the instruction a watch stop was backed up to without
// reporting the access again (gdb removes its watchpoints for that step anyway; a client
// that does not would otherwise stop on it forever). It returns a stop reply when the
// run ends there.
func (s *Stub) stepOverBackedUp(step bool) (reply []byte, done bool) {
	s.backedUp = false
	st := s.h.Resume(1, s.cfg.History, nil)
	if st.Reason == emu.StopBreak && st.Msg == emu.MsgWatchpoint {
		st = emu.Stop{Reason: emu.StopLimit}
	}
	if st.Reason != emu.StopLimit {
		return s.stopReply(st, step), true
	}
	if step {
		return s.stopReply(st, true), true
	}
	if s.breaks[s.h.PC] != 0 {
		return s.stopReply(emu.Stop{Reason: emu.StopBreak, PC: s.h.PC, Msg: emu.MsgBreakpoint}, false), true
	}
	return nil, false
}

// Packet-level state machine shared by the live connection and the fuzz target.

// onEvent acts on one framing event and returns the bytes to send back.
func (s *Stub) onEvent(ev eventKind, payload []byte) []byte {
	switch ev {
	case evBadPacket:
		if s.noAck {
			return nil
		}
		return []byte("-")
	case evNack:
		return s.lastSent
	case evInterrupt:
		// The next run stops at once: gdb sent Ctrl-C after a continue that has not
		// started yet.
		s.intr.Store(true)
		return nil
	case evPacket:
		var out []byte
		if !s.noAck {
			out = append(out, '+')
		}
		reply, send := s.handle(payload)
		if string(payload) == "QStartNoAckMode" {
			s.noAck = true
		}
		if send && !(s.done && s.result.How == Disconnected) {
			s.lastSent = frame(reply)
			out = append(out, s.lastSent...)
		}
		return out
	}
	return nil
}
