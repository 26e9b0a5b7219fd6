package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"rvsim/emu"
	"rvsim/isa"
)

// Displays of rvsim debug: instructions and what they changed, stops, registers, vector
// registers, breakpoints, memory (x), disassembly and the call stack; and the parsing of
// addresses and values.

func (s *session) mask() uint64 {
	if s.h.XLEN() == 32 {
		return 0xffffffff
	}
	return ^uint64(0)
}

// hex renders an XLEN-wide value with all its digits.
func (s *session) hex(v uint64) string {
	if s.h.XLEN() == 32 {
		return fmt.Sprintf("0x%08x", uint32(v))
	}
	return fmt.Sprintf("0x%016x", v)
}

// where renders an address with its symbol: "0x11158 <sm4_encrypt+0x4>".
func (s *session) where(addr uint64) string {
	if s.call != nil && addr == s.mc.ReturnAddress() {
		return fmt.Sprintf("%#x <return from %s>", addr, s.call.sym)
	}
	if d := s.f.Describe(addr); d != "" {
		return fmt.Sprintf("%#x <%s>", addr, d)
	}
	return fmt.Sprintf("%#x", addr)
}

func (s *session) fetch(pc uint64) (isa.Inst, error) {
	in, _, err := s.h.Fetch(pc)
	return in, err
}

func (s *session) format(pc uint64, in isa.Inst) string {
	return isa.Format(in, pc, s.h.XLEN(), symbolizer(s.f))
}

func encoding(in isa.Inst) string {
	if in.Len == 2 {
		return fmt.Sprintf("%04x    ", in.Raw&0xffff)
	}
	return fmt.Sprintf("%08x", in.Raw)
}

// showInst prints "0x11158 <sym+0x4>  30b50533  sm4ed a0, a0, a1, 0x0".
func (s *session) showInst(prefix string, pc uint64, in isa.Inst, err error) {
	if err != nil {
		fmt.Fprintf(s.out, "%s%s  (cannot fetch: %v)\n", prefix, s.where(pc), err)
		return
	}
	fmt.Fprintf(s.out, "%s%-26s %s  %s\n", prefix, s.where(pc), encoding(in), s.format(pc, in))
}

// showWhere prints the instruction the program is stopped at.
func (s *session) showWhere() {
	pc := s.h.PC
	if s.call != nil && pc == s.mc.ReturnAddress() {
		fmt.Fprintf(s.out, "=> %s\n", s.where(pc))
		return
	}
	in, err := s.fetch(pc)
	s.showInst("=> ", pc, in, err)
}

// counterCSR reports the CSRs that change with every instruction (not shown as changes).
func counterCSR(n uint16) bool {
	return n>>8 == 0xc || n>>8 == 0xb || n == 0xc01 || n == 0xc81
}

// showExecuted prints an executed instruction and what it changed.
func (s *session) showExecuted(pc uint64, in isa.Inst, ferr error, c emu.Change, csrs []emu.CSRValue, trapped bool) {
	s.showInst("", pc, in, ferr)
	for _, rc := range c.Regs {
		fmt.Fprintf(s.out, "    %-4s %s → %s\n", isa.RegName(uint8(rc.Reg)), s.hex(rc.Old), s.hex(s.h.Reg(rc.Reg)))
	}
	for _, rc := range c.FRegs {
		fmt.Fprintf(s.out, "    %-4s %s → %s\n", isa.FRegName(uint8(rc.Reg)), fregText(rc.Old), fregText(s.h.F[rc.Reg&31]))
	}
	after := s.h.DebugCSRs()
	old := map[uint16]uint64{}
	for _, cv := range csrs {
		old[cv.Num] = cv.Value
	}
	for _, cv := range after {
		if counterCSR(cv.Num) {
			continue
		}
		if o, ok := old[cv.Num]; ok && o != cv.Value {
			name, _ := isa.CSRName(cv.Num, s.h.XLEN())
			fmt.Fprintf(s.out, "    %-4s %s → %s%s\n", name, s.hex(o), s.hex(cv.Value), csrNote(cv.Num, cv.Value, s.h.XLEN()))
		}
	}
	if v := s.h.V; v != nil {
		sew := v.SEW
		if sew == 0 || v.Vill {
			sew = 32
		}
		for _, vc := range c.VRegs {
			cur := v.Reg[vc.Reg*v.VLENB : (vc.Reg+1)*v.VLENB]
			fmt.Fprintf(s.out, "    %-4s %s\n", fmt.Sprintf("v%d", vc.Reg), vecElems(vc.Old, sew))
			fmt.Fprintf(s.out, "       → %s\n", vecElems(cur, sew))
		}
	}
	for _, mc := range c.Mem {
		s.showMemChange(mc)
	}
	if trapped {
		cause, _ := s.h.DebugReadCSR(0x342)
		fmt.Fprintf(s.out, "    trap taken: mcause %d, handler at %s\n", cause, s.where(s.h.PC))
	}
}

// showMemChange prints a written range, old → new.
func (s *session) showMemChange(mc emu.MemChange) {
	n := len(mc.Old)
	cur := make([]byte, n)
	s.h.Mem.Read(mc.Addr, cur)
	if n <= 16 {
		same := ""
		if equalBytes(mc.Old, cur) {
			same = " (same value)"
		}
		fmt.Fprintf(s.out, "    mem %s: %s → %s%s\n", s.where(mc.Addr), hexSpaced(mc.Old), hexSpaced(cur), same)
		return
	}
	fmt.Fprintf(s.out, "    mem %s (%d bytes):\n", s.where(mc.Addr), n)
	shown := min(n, 256)
	for off := 0; off < shown; off += 16 {
		end := min(off+16, n)
		fmt.Fprintf(s.out, "      +0x%02x: %s → %s\n", off, hexSpaced(mc.Old[off:end]), hexSpaced(cur[off:end]))
	}
	if shown < n {
		fmt.Fprintf(s.out, "      ... %d more bytes\n", n-shown)
	}
}

func hexSpaced(b []byte) string {
	var sb strings.Builder
	for i, c := range b {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%02x", c)
	}
	return sb.String()
}

// vecElems renders a vector register's bytes as elements of sew bits in 128-bit groups:
// "{00000001 00000002 00000003 00000004}", element 0 first.
func vecElems(reg []byte, sew int) string {
	eb := sew / 8
	var sb strings.Builder
	for g := 0; g < len(reg); g += 16 {
		if g > 0 {
			sb.WriteByte(' ')
			if g%64 == 0 {
				sb.WriteString("\n          ")
			}
		}
		sb.WriteByte('{')
		for e := g; e < g+16 && e < len(reg); e += eb {
			if e > g {
				sb.WriteByte(' ')
			}
			var x uint64
			for k := eb - 1; k >= 0; k-- {
				x = x<<8 | uint64(reg[e+k])
			}
			fmt.Fprintf(&sb, "%0*x", 2*eb, x)
		}
		sb.WriteByte('}')
	}
	return sb.String()
}

// csrNote decodes the CSRs whose value says more in words.
func csrNote(n uint16, v uint64, xlen int) string {
	if n == 0xc21 { // vtype
		if v>>(xlen-1)&1 != 0 {
			return " (vill)"
		}
		lm := []string{"m1", "m2", "m4", "m8", "?", "mf8", "mf4", "mf2"}[v&7]
		t := " (e" + strconv.Itoa(8<<(v>>3&7)) + " " + lm
		if v>>6&1 != 0 {
			t += " ta"
		} else {
			t += " tu"
		}
		if v>>7&1 != 0 {
			t += " ma"
		} else {
			t += " mu"
		}
		return t + ")"
	}
	return ""
}

// report prints why a run stopped and updates the session's state.
func (s *session) report(st emu.Stop) {
	switch st.Reason {
	case emu.StopBreak:
		switch st.Msg {
		case emu.MsgBreakpoint:
			if bp := s.breakHit(st.PC); bp != nil {
				bp.hits++
				kind := "Breakpoint"
				if bp.temp {
					kind = "Temporary breakpoint"
					s.deleteBreak(bp)
				}
				if fl := s.frameLine(st.PC); fl != "" {
					fmt.Fprintf(s.out, "%s %d, %s\n", kind, bp.num, fl)
					pos, _ := s.line(st.PC)
					s.showSourceLine(pos)
				} else {
					fmt.Fprintf(s.out, "%s %d, %s\n", kind, bp.num, s.where(st.PC))
				}
			}
		case emu.MsgWatchpoint:
			s.reportWatch(st)
		case emu.MsgInterrupted:
			fmt.Fprintf(s.out, "Interrupted at %s\n", s.where(s.h.PC))
		}
		s.showWhere()
	case emu.StopLimit:
		fmt.Fprintf(s.out, "stopped after %d instructions (--max-insns)\n", s.opts.maxInsns)
		s.showWhere()
	case emu.StopExit:
		fmt.Fprintf(s.out, "[program exited with status %d]\n", st.Code)
		s.done = fmt.Sprintf("the program has exited (status %d)", st.Code)
	case emu.StopSignal:
		fmt.Fprintf(s.out, "Program received %s at %s: %s\n", signalName(st.Signal), s.where(st.PC), st.Msg)
		s.done = fmt.Sprintf("the program died of %s", signalName(st.Signal))
		s.showWhere()
	case emu.StopReturn:
		s.reportReturn()
	default:
		fmt.Fprintf(s.out, "stopped: %v\n", st)
	}
}

func (s *session) deleteBreak(bp *breakpoint) {
	for i, o := range s.bps {
		if o == bp {
			s.bps = append(s.bps[:i], s.bps[i+1:]...)
			break
		}
	}
	s.removeBreak(bp)
}

func (s *session) reportReturn() {
	name := "the call"
	if s.call != nil {
		name = s.call.sym
	}
	fmt.Fprintf(s.out, "[%s returned: a0 = %s]\n", name, s.hex(s.h.Reg(10)))
	if s.call != nil && s.call.check != nil {
		fmt.Fprintln(s.out, s.call.check(s))
	}
	s.done = "the call of " + name + " has returned"
}

// reportWatch prints the watched ranges that changed.
func (s *session) reportWatch(st emu.Stop) {
	for _, hit := range s.h.WatchHits() {
		num := 0
		for _, bp := range s.bps {
			if bp.watch && bp.addr == hit.Addr && bp.n == uint64(len(hit.Old)) {
				num = bp.num
				bp.hits++
			}
		}
		fmt.Fprintf(s.out, "Watchpoint %d: %s (%d bytes)\n", num, s.where(hit.Addr), len(hit.Old))
		for off := 0; off < len(hit.Old); off += 16 {
			end := min(off+16, len(hit.Old))
			if !equalBytes(hit.Old[off:end], hit.New[off:end]) {
				fmt.Fprintf(s.out, "    +0x%02x: %s → %s\n", off, hexSpaced(hit.Old[off:end]), hexSpaced(hit.New[off:end]))
			}
		}
	}
	if s.last != nil {
		fmt.Fprintf(s.out, "changed by %s  %s\n", s.where(s.last.pc), s.format(s.last.pc, s.last.in))
	}
}

func equalBytes(a, b []byte) bool { return string(a) == string(b) }

// showRegs prints the integer registers (or the ones named), marking those the last
// command changed.
func (s *session) showRegs(names []string) error {
	h := s.h
	if len(names) > 0 {
		for _, n := range names {
			n = strings.TrimPrefix(n, "$")
			if n == "pc" {
				fmt.Fprintf(s.out, "pc   %s\n", s.where(h.PC))
				continue
			}
			if n == "float" {
				if err := s.showFRegs(); err != nil {
					return err
				}
				continue
			}
			if f, fok := isa.FRegByName(n); fok && n != "fp" {
				if err := s.needFP(); err != nil {
					return err
				}
				fmt.Fprintf(s.out, "%-4s %s\n", isa.FRegName(f), fregText(h.F[f]))
				continue
			}
			r, ok := isa.RegByName(n)
			if !ok {
				if _, vok := vregNum(n); vok {
					return cmdVregs(s, "", []string{n})
				}
				if c, err := s.csrNum(n); err == nil {
					return cmdCSR(s, "", []string{fmt.Sprint(c)})
				}
				return fmt.Errorf("no register %q", n)
			}
			v := h.Reg(int(r))
			signed := int64(v)
			if h.XLEN() == 32 {
				signed = int64(int32(v))
			}
			fmt.Fprintf(s.out, "%-4s %s  %d%s\n", isa.RegName(r), s.hex(v), signed, s.symNote(v))
		}
		return nil
	}
	fmt.Fprintf(s.out, "pc   %s\n", s.where(h.PC))
	for r := 0; r < 32; r++ {
		mark := ' '
		if h.X[r] != s.prevX[r] {
			mark = '*'
		}
		fmt.Fprintf(s.out, "%-4s%c%s", isa.RegName(uint8(r)), mark, s.hex(h.Reg(r)))
		if r%4 == 3 {
			fmt.Fprintln(s.out)
		} else {
			fmt.Fprint(s.out, "   ")
		}
	}
	return nil
}

// needFP fails when the hart has no f registers.
func (s *session) needFP() error {
	if !s.h.ISA.Exts.Has(isa.ExtF) {
		return fmt.Errorf("no floating-point registers: %s has no F or D", s.h.ISA)
	}
	return nil
}

// fregText renders an f register: its 64 bits, then the value they hold as a double or, when
// NaN-boxed, as a single.
func fregText(v uint64) string {
	if v>>32 == 0xffffffff {
		return fmt.Sprintf("0x%016x  %s (single)", v, strconv.FormatFloat(float64(math.Float32frombits(uint32(v))), 'g', -1, 32))
	}
	return fmt.Sprintf("0x%016x  %s", v, strconv.FormatFloat(math.Float64frombits(v), 'g', -1, 64))
}

// showFRegs prints f0..f31 and fcsr ('info registers float').
func (s *session) showFRegs() error {
	if err := s.needFP(); err != nil {
		return err
	}
	h := s.h
	for r := uint8(0); r < 32; r++ {
		fmt.Fprintf(s.out, "%-4s %s\n", isa.FRegName(r), fregText(h.F[r]))
	}
	fcsr := h.FCSR()
	fmt.Fprintf(s.out, "fflags 0x%02x  frm %d (%s)  fcsr 0x%02x\n", fcsr&31, fcsr>>5&7, rmName(fcsr>>5&7), fcsr)
	return nil
}

func rmName(rm uint32) string {
	if n := isa.RMNames[rm&7]; n != "" && n != "dyn" {
		return n
	}
	return "reserved"
}

// symNote names a value that points into the program: " <buf+0x8>".
func (s *session) symNote(v uint64) string {
	if d := s.f.Describe(v); d != "" {
		return " <" + d + ">"
	}
	return ""
}

// showRegChanges prints the integer registers that differ from before.
func (s *session) showRegChanges(before []uint64) {
	for r := 1; r < 32; r++ {
		if before[r] != s.h.X[r] {
			fmt.Fprintf(s.out, "    %-4s %s → %s\n", isa.RegName(uint8(r)), s.hex(before[r]&s.mask()), s.hex(s.h.Reg(r)))
		}
	}
}

func (s *session) showVregs(regs []int, sew int) {
	v := s.h.V
	vt := csrNote(0xc21, v.VType, s.h.XLEN())
	fmt.Fprintf(s.out, "VLEN %d, vl %d, vtype %#x%s; elements of %d bits, element 0 first\n", v.VLEN, v.VL, v.VType, vt, sew)
	for _, r := range regs {
		cur := v.Reg[r*v.VLENB : (r+1)*v.VLENB]
		mark := ' '
		if len(s.prevV) == len(v.Reg) && !equalBytes(cur, s.prevV[r*v.VLENB:(r+1)*v.VLENB]) {
			mark = '*'
		}
		fmt.Fprintf(s.out, "%-4s%c%s\n", fmt.Sprintf("v%d", r), mark, vecElems(cur, sew))
	}
}

func (s *session) showBreakpoints() {
	if len(s.bps) == 0 {
		fmt.Fprintln(s.out, "No breakpoints or watchpoints.")
		return
	}
	fmt.Fprintf(s.out, "Num  Type        Disp  Address             What\n")
	for _, bp := range s.bps {
		typ, disp, what := "breakpoint", "keep", ""
		if bp.temp {
			disp = "del"
		}
		if bp.watch {
			typ = "watchpoint"
			what = fmt.Sprintf("%d bytes", bp.n)
		}
		if d := s.f.Describe(bp.addr); d != "" {
			what = strings.TrimSpace(what + " <" + d + ">")
		}
		hits := ""
		if bp.hits > 0 {
			hits = fmt.Sprintf(" (hit %d time", bp.hits)
			if bp.hits > 1 {
				hits += "s"
			}
			hits += ")"
		}
		fmt.Fprintf(s.out, "%-4d %-11s %-5s %-19s %s%s\n", bp.num, typ, disp, s.hex(bp.addr), what, hits)
		if bp.cond != "" {
			fmt.Fprintf(s.out, "\tstop only if %s\n", bp.cond)
		}
	}
}

// parseAddr evaluates an address: numbers, symbols, registers ($a0 or a0, $pc), and sums
// and differences of these ("buf+0x10", "sp-16"); gdb's "*ADDR" and "&sym" forms too.
// What that does not read is tried as a print expression ("*(long *)$sp", "buf + 4*$a0").
func (s *session) parseAddr(expr string) (uint64, error) {
	v, err := s.parseValue(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(expr), "*"), "&"))
	if err != nil {
		if ev, eerr := evalExpr(sessionExpr{s}, expr); eerr == nil && isScalar(ev.t) {
			return ev.bits & s.mask(), nil
		}
	}
	return v & s.mask(), err
}

func (s *session) parseValue(expr string) (uint64, error) {
	expr = strings.TrimSpace(expr)
	if expr == "" {
		return 0, errors.New("missing address or value")
	}
	var total uint64
	sign := uint64(1)
	start := 0
	for i := 0; i <= len(expr); i++ {
		if i < len(expr) && (expr[i] != '+' && expr[i] != '-' || i == start) {
			if !(i == start && (expr[i] == '+' || expr[i] == '-')) {
				continue
			}
		}
		if i == start && i < len(expr) {
			// A leading sign: "-16".
			if expr[i] == '-' {
				sign = -sign
			}
			start = i + 1
			continue
		}
		t, err := s.term(strings.TrimSpace(expr[start:i]))
		if err != nil {
			return 0, err
		}
		total += sign * t
		if i < len(expr) {
			sign = 1
			if expr[i] == '-' {
				sign = ^uint64(0)
			}
		}
		start = i + 1
	}
	return total, nil
}

func (s *session) term(t string) (uint64, error) {
	if t == "" {
		return 0, errors.New("missing term in expression")
	}
	if unicode.IsDigit(rune(t[0])) {
		return parseInt(t)
	}
	name := strings.TrimPrefix(t, "$")
	if sym, ok := s.f.Lookup(t); ok && !strings.HasPrefix(t, "$") {
		return sym.Value, nil
	}
	if name == "pc" {
		return s.h.PC, nil
	}
	if r, ok := isa.RegByName(name); ok {
		return s.h.Reg(int(r)), nil
	}
	if sym, ok := s.f.Lookup(name); ok {
		return sym.Value, nil
	}
	return 0, fmt.Errorf("no symbol or register %q", t)
}

func parseInt(t string) (uint64, error) {
	if v, err := strconv.ParseUint(t, 0, 64); err == nil {
		return v, nil
	}
	if v, err := strconv.ParseInt(t, 0, 64); err == nil {
		return uint64(v), nil
	}
	return 0, fmt.Errorf("bad number %q", t)
}

// frame is one frame of the call stack: where it executes and its stack pointer.
type frame struct{ pc, sp uint64 }

// backtrace walks the call stack: for each function, the prologue up to the pc (or its
// first branch) says how far sp moved and where ra was saved; a function that has not saved
// ra yet returns to ra. Without a symbol, the frame-pointer chain (s0) is followed.
func (s *session) backtrace(max int) []frame {
	h := s.h
	w := uint64(h.XLEN() / 8)
	pc, sp, ra, fp := h.PC, h.Reg(2), h.Reg(1), h.Reg(8)
	frames := []frame{{pc, sp}}
	for len(frames) < max {
		if s.call != nil && pc == s.mc.ReturnAddress() {
			break
		}
		var next frame
		sym, _, ok := s.f.SymbolAt(pc)
		if ok {
			pr := s.prologue(sym.Value, pc)
			next.sp = sp + pr.frameSize
			switch {
			case pr.raSaved:
				v, err := s.loadWord(next.sp + pr.raAt)
				if err != nil {
					return frames
				}
				next.pc = v
			case len(frames) == 1:
				next.pc = ra
			default:
				return frames // a caller that has not saved ra: nothing to go on
			}
			if pr.fpSaved {
				if v, err := s.loadWord(next.sp + pr.fpAt); err == nil {
					fp = v
				}
			}
		} else if fp > sp && fp != 0 {
			v, err1 := s.loadWord(fp - w)
			pfp, err2 := s.loadWord(fp - 2*w)
			if err1 != nil || err2 != nil {
				return frames
			}
			next = frame{v, fp}
			fp = pfp
		} else {
			return frames
		}
		next.pc &= s.mask()
		if next.pc == 0 || next.pc == pc && next.sp == sp {
			return frames
		}
		if !(s.call != nil && next.pc == s.mc.ReturnAddress()) && h.Mem.PermAt(next.pc)&emu.PermX == 0 {
			return frames
		}
		frames = append(frames, next)
		pc, sp = next.pc, next.sp
	}
	return frames
}

type prologueInfo struct {
	frameSize        uint64 // bytes the function moved sp down by, so far
	raAt, fpAt       uint64 // where ra and s0 were saved, relative to the caller's sp
	raSaved, fpSaved bool
}

// prologue scans a function from its start to pc (at most 64 instructions, stopping at the
// first unconditional jump: conditional branches are often early exits before the
// prologue) for "addi sp, sp, -N" and the saves of ra and s0.
func (s *session) prologue(start, pc uint64) prologueInfo {
	var p prologueInfo
	a := start
	for i := 0; i < 64 && a < pc; i++ {
		in, err := s.fetch(a)
		if err != nil {
			break
		}
		switch {
		case (in.Op == isa.ADDI || in.Op == isa.ADDIW) && in.Rd == 2 && in.Rs1 == 2 && in.Imm < 0:
			p.frameSize -= uint64(in.Imm)
		case (in.Op == isa.SD || in.Op == isa.SW) && in.Rs1 == 2 && in.Rs2 == 1:
			p.raAt, p.raSaved = uint64(in.Imm)-p.frameSize, true
		case (in.Op == isa.SD || in.Op == isa.SW) && in.Rs1 == 2 && in.Rs2 == 8:
			p.fpAt, p.fpSaved = uint64(in.Imm)-p.frameSize, true
		}
		if in.Op.Class() == isa.ClassJump {
			break
		}
		a += uint64(in.Len)
	}
	return p
}

func (s *session) loadWord(a uint64) (uint64, error) {
	var b [8]byte
	w := s.h.XLEN() / 8
	if err := s.h.Mem.Read(a&s.mask(), b[:w]); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// parseExamineMods reads x's /NFU over the remembered format base (the count is 1 unless
// given).
func parseExamineMods(mods string, base examineFormat) (examineFormat, error) {
	f := base
	f.count = 1
	i := 0
	for i < len(mods) && mods[i] >= '0' && mods[i] <= '9' {
		i++
	}
	if i > 0 {
		n, err := strconv.Atoi(mods[:i])
		if err != nil || n <= 0 || n > 1<<16 {
			return f, fmt.Errorf("bad count in x/%s", mods)
		}
		f.count = n
	}
	for _, c := range mods[i:] {
		switch {
		case strings.ContainsRune("xduotacisz", c):
			f.format = byte(c)
		case strings.ContainsRune("bhwg", c):
			f.unit = byte(c)
		default:
			return f, fmt.Errorf("x/%s: unknown format letter %q (formats xduotacis, units bhwg)", mods, c)
		}
	}
	return f, nil
}

// examineFormat is x's format: count, format letter, unit letter, and where to go on.
type examineFormat struct {
	count  int
	format byte
	unit   byte
	next   uint64
	valid  bool
}

func cmdExamine(s *session, mods string, args []string) error {
	f, err := parseExamineMods(mods, s.xfmt)
	if err != nil {
		return err
	}
	var addr uint64
	switch {
	case len(args) > 0:
		var err error
		if addr, err = s.parseAddr(strings.Join(args, " ")); err != nil {
			return err
		}
	case s.xfmt.valid:
		addr = s.xfmt.next
	default:
		return errors.New("x needs an address")
	}
	next, err := s.examine(f, addr)
	if err != nil {
		return err
	}
	f.next, f.valid = next, true
	s.xfmt = f
	s.lastLine = fmt.Sprintf("x/%d", f.count) // an empty line goes on from next, same format
	return nil
}

func (s *session) examine(f examineFormat, addr uint64) (uint64, error) {
	switch f.format {
	case 'i':
		return s.disasLines(addr, f.count, 0), nil
	case 's':
		for i := 0; i < f.count; i++ {
			str, err := s.h.Mem.ReadString(addr, 4096)
			if err != nil && str == "" {
				return addr, err
			}
			fmt.Fprintf(s.out, "%s: %q\n", s.where(addr), str)
			addr += uint64(len(str)) + 1
		}
		return addr, nil
	}
	size := map[byte]int{'b': 1, 'h': 2, 'w': 4, 'g': 8}[f.unit]
	if f.format == 'a' {
		size = s.h.XLEN() / 8
	}
	if f.format == 'c' {
		size = 1
	}
	perLine := map[int]int{1: 8, 2: 8, 4: 4, 8: 2}[size]
	if f.format == 'a' {
		perLine = 1
	}
	buf := make([]byte, size*f.count)
	if err := s.h.Mem.Read(addr, buf); err != nil {
		return addr, fmt.Errorf("cannot access memory at %#x", addr)
	}
	for i := 0; i < f.count; i++ {
		if i%perLine == 0 {
			if i > 0 {
				fmt.Fprintln(s.out)
			}
			fmt.Fprintf(s.out, "%s:", s.where(addr+uint64(i*size)))
		}
		var v uint64
		for k := size - 1; k >= 0; k-- {
			v = v<<8 | uint64(buf[i*size+k])
		}
		fmt.Fprintf(s.out, "  %s", fmtUnit(f.format, v, size, s))
	}
	fmt.Fprintln(s.out)
	return addr + uint64(size*f.count), nil
}

func fmtUnit(format byte, v uint64, size int, s *session) string {
	bitsN := 8 * size
	switch format {
	case 'x', 'z':
		return fmt.Sprintf("0x%0*x", 2*size, v)
	case 'd':
		return strconv.FormatInt(int64(v<<(64-bitsN))>>(64-bitsN), 10)
	case 'u':
		return strconv.FormatUint(v, 10)
	case 'o':
		return "0" + strconv.FormatUint(v, 8)
	case 't':
		return fmt.Sprintf("%0*b", bitsN, v)
	case 'c':
		c := byte(v)
		if c >= 0x20 && c < 0x7f {
			return fmt.Sprintf("%d '%c'", int8(c), c)
		}
		return fmt.Sprintf("%d '\\x%02x'", int8(c), c)
	case 'a':
		return s.where(v)
	}
	return fmt.Sprintf("%#x", v)
}

func cmdDisas(s *session, _ string, args []string) error {
	addr := s.h.PC
	count := 0
	var err error
	if len(args) > 2 {
		return errors.New("disas [ADDR|SYM] [N]")
	}
	if len(args) >= 1 {
		if addr, err = s.parseAddr(args[0]); err != nil {
			return err
		}
	}
	if len(args) == 2 {
		n, err := strconv.Atoi(args[1])
		if err != nil || n <= 0 {
			return fmt.Errorf("bad count %q", args[1])
		}
		count = n
	}
	end := uint64(0)
	if count == 0 {
		count = 12
		if sym, off, ok := s.f.SymbolAt(addr); ok && sym.Kind != 0 && sym.Size > 0 && (len(args) == 0 || off == 0) {
			addr, end = sym.Value, sym.Value+sym.Size
			count = 4096
		}
	}
	s.disasLines(addr, count, end)
	return nil
}

// disasLines disassembles count instructions from addr (stopping at end when non-zero) and
// returns the address after the last.
func (s *session) disasLines(addr uint64, count int, end uint64) uint64 {
	for i := 0; i < count && (end == 0 || addr < end); i++ {
		in, err := s.fetch(addr)
		mark := "   "
		if addr == s.h.PC {
			mark = "=> "
		}
		if err != nil {
			fmt.Fprintf(s.out, "%s%s  (cannot fetch)\n", mark, s.where(addr))
			return addr
		}
		note := ""
		if bp := s.userBreakAt(addr); bp != nil {
			note = fmt.Sprintf("   [breakpoint %d]", bp.num)
		}
		fmt.Fprintf(s.out, "%s%-26s %s  %s%s\n", mark, s.where(addr), encoding(in), s.format(addr, in), note)
		if in.Len == 0 {
			in.Len = 4
		}
		addr += uint64(in.Len)
	}
	return addr
}
