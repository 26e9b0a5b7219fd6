package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"rvsim/isa"
)

// print, display and set with expressions (debug_expr.go): the session as the machine an
// expression reads and writes, the value history and the auto-display list.

// sessionExpr makes a session an exprEnv.
type sessionExpr struct{ s *session }

func (e sessionExpr) xlen() int { return e.s.h.XLEN() }

func (e sessionExpr) register(name string) (value, bool) {
	s := e.s
	xlen := s.h.XLEN()
	switch name {
	case "pc":
		return value{t: codePtr(xlen), bits: s.h.PC, lv: lvalue{kind: lvPC, name: name}}, true
	}
	if r, ok := isa.RegByName(name); ok {
		var t *ctype
		switch r {
		case 1:
			t = codePtr(xlen)
		case 2, 3, 4, 8:
			t = ptrTo(tyVoid, xlen)
		default:
			t = longType(xlen)
		}
		return value{t: t, bits: normalize(t, s.h.Reg(int(r))), lv: lvalue{kind: lvXReg, addr: uint64(r), name: name}}, true
	}
	if r, ok := vregNum(name); ok && s.h.V != nil {
		n := s.h.V.VLENB
		t := vectorType(n)
		raw := append([]byte(nil), s.h.V.Reg[r*n:(r+1)*n]...)
		return value{t: t, raw: raw, lv: lvalue{kind: lvVReg, addr: uint64(r * n), name: name}}, true
	}
	if n, ok := isa.CSRByName(name); ok {
		v, ok := s.h.DebugReadCSR(n)
		if !ok {
			return value{}, false
		}
		t := longType(xlen)
		return value{t: t, bits: normalize(t, v), lv: lvalue{kind: lvCSR, addr: uint64(n), name: name}}, true
	}
	return value{}, false
}

func (e sessionExpr) readBytes(lv lvalue, n int) ([]byte, error) {
	s := e.s
	b := make([]byte, n)
	switch lv.kind {
	case lvMem:
		if err := s.h.Mem.Read(lv.addr&s.mask(), b); err != nil || !s.h.Mem.Mapped(lv.addr&s.mask(), uint64(n)) {
			return nil, gdbErr("Cannot access memory at address %#x", lv.addr&s.mask())
		}
	case lvVReg:
		reg := s.h.V.Reg
		if lv.addr+uint64(n) > uint64(len(reg)) {
			return nil, gdbErr("no such vector element")
		}
		copy(b, reg[lv.addr:])
	case lvXReg, lvPC, lvCSR:
		var v uint64
		switch lv.kind {
		case lvXReg:
			v = s.h.Reg(int(lv.addr))
		case lvPC:
			v = s.h.PC
		default:
			v, _ = s.h.DebugReadCSR(uint16(lv.addr))
		}
		var buf [8]byte
		binary.LittleEndian.PutUint64(buf[:], v)
		copy(b, buf[:])
	default:
		return nil, gdbErr("Left operand of assignment is not an lvalue.")
	}
	return b, nil
}

func (e sessionExpr) writeBytes(lv lvalue, b []byte) error {
	s := e.s
	var buf [8]byte
	copy(buf[:], b)
	v := binary.LittleEndian.Uint64(buf[:])
	if len(b) < 8 && len(b) > 0 && b[len(b)-1]&0x80 != 0 && lv.kind != lvMem && lv.kind != lvVReg {
		v |= ^uint64(0) << (8 * len(b)) // a register holds the sign-extended value
	}
	switch lv.kind {
	case lvMem:
		a := lv.addr & s.mask()
		if !s.h.Mem.Mapped(a, uint64(len(b))) || s.h.Mem.Write(a, b) != nil {
			return gdbErr("Cannot access memory at address %#x", a)
		}
		s.h.SyncWatches()
	case lvVReg:
		copy(s.h.V.Reg[lv.addr:], b)
	case lvXReg:
		if lv.addr == 0 {
			return errors.New("zero is hard-wired to 0")
		}
		s.h.SetReg(int(lv.addr), v)
	case lvPC:
		s.h.PC = v & s.mask()
		s.done = ""
	case lvCSR:
		if !s.h.DebugWriteCSR(uint16(lv.addr), v) {
			return fmt.Errorf("CSR %s cannot be written", lv.name)
		}
	default:
		return gdbErr("Left operand of assignment is not an lvalue.")
	}
	return nil
}

func (e sessionExpr) symbol(name string) (uint64, bool) {
	if sym, ok := e.s.f.Lookup(name); ok {
		return sym.Value, true
	}
	return 0, false
}

func (e sessionExpr) describe(a uint64) string { return e.s.f.Describe(a) }
func (e sessionExpr) history() []value         { return e.s.values }

// printFormat parses print's /FMT: one format letter.
func printFormat(cmd, mods string) (byte, error) {
	switch {
	case mods == "":
		return 0, nil
	case len(mods) == 1 && strings.IndexByte(printFormats, mods[0]) >= 0:
		return mods[0], nil
	case len(mods) == 1 && (mods[0] == 'i'):
		return 0, fmt.Errorf("Format letter \"i\" is meaningless in \"%s\" command.", cmd)
	case mods[0] >= '0' && mods[0] <= '9':
		return 0, fmt.Errorf("Item count other than 1 is meaningless in \"%s\" command.", cmd)
	}
	return 0, fmt.Errorf("Undefined output format \"%s\".", mods)
}

func cmdPrint(s *session, mods string, args []string) error {
	f, err := printFormat("print", mods)
	if err != nil {
		return err
	}
	expr := strings.Join(args, " ")
	var v value
	if strings.TrimSpace(expr) == "" {
		if len(s.values) == 0 {
			return errors.New("$1 = <no values in the history yet>: print needs an expression")
		}
		v = s.values[len(s.values)-1]
	} else if v, err = evalExpr(sessionExpr{s}, expr); err != nil {
		return err
	}
	if v.t.kind == tVoid {
		fmt.Fprintf(s.out, "$%d = void\n", len(s.values)+1)
		s.values = append(s.values, v)
		return nil
	}
	s.values = append(s.values, v)
	fmt.Fprintf(s.out, "$%d = %s\n", len(s.values), formatValue(sessionExpr{s}, v, f))
	return nil
}

// display is one auto-display expression.
type display struct {
	num  int
	fmt  string // "" or the /FMT letters (x-style for i and s)
	expr string
}

func cmdDisplay(s *session, mods string, args []string) error {
	expr := strings.TrimSpace(strings.Join(args, " "))
	if expr == "" {
		if mods != "" {
			return errors.New("display/FMT needs an expression")
		}
		s.showDisplays()
		return nil
	}
	d := &display{num: s.nextDisplay, fmt: mods, expr: expr}
	if _, err := s.displayLines(d); err != nil {
		return err
	}
	s.nextDisplay++
	s.displays = append(s.displays, d)
	s.showDisplay(d)
	return nil
}

// examineDisplay reports whether a display's format is x's (with a unit, a count, or the
// i and s formats), not print's.
func examineDisplay(mods string) bool {
	return mods != "" && (len(mods) > 1 || mods == "i" || mods == "s")
}

// displayLines evaluates a display: its heading and lines.
func (s *session) displayLines(d *display) (string, error) {
	if examineDisplay(d.fmt) {
		f, err := parseExamineMods(d.fmt, s.xfmt)
		if err != nil {
			return "", err
		}
		v, err := evalExpr(sessionExpr{s}, d.expr)
		if err != nil {
			return "", err
		}
		if !isScalar(v.t) {
			return "", errors.New("display/" + d.fmt + " needs an address")
		}
		saved := s.out
		var b strings.Builder
		s.out = bufio.NewWriter(&b)
		_, err = s.examine(f, v.bits&s.mask())
		s.out.Flush()
		s.out = saved
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%d: x/%s %s\n%s", d.num, d.fmt, d.expr, b.String()), nil
	}
	f, err := printFormat("display", d.fmt)
	if err != nil {
		return "", err
	}
	v, err := evalExpr(sessionExpr{s}, d.expr)
	if err != nil {
		return "", err
	}
	head := fmt.Sprintf("%d: %s = ", d.num, d.expr)
	if d.fmt != "" {
		head = fmt.Sprintf("%d: /%s %s = ", d.num, d.fmt, d.expr)
	}
	return head + formatValue(sessionExpr{s}, v, f) + "\n", nil
}

func (s *session) showDisplay(d *display) {
	text, err := s.displayLines(d)
	if err != nil {
		fmt.Fprintf(s.out, "%d: %s = <error: %v>\n", d.num, d.expr, err)
		return
	}
	fmt.Fprint(s.out, text)
}

// showDisplays shows every display: after each command that ran the program.
func (s *session) showDisplays() {
	for _, d := range s.displays {
		s.showDisplay(d)
	}
}

func cmdUndisplay(s *session, _ string, args []string) error {
	if len(args) == 0 {
		s.displays = nil
		return nil
	}
	for _, a := range args {
		n, err := strconv.Atoi(strings.TrimPrefix(a, "$"))
		if err != nil {
			return fmt.Errorf("Arguments must be display numbers: %q", a)
		}
		found := false
		for i, d := range s.displays {
			if d.num == n {
				s.displays = append(s.displays[:i], s.displays[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("No display number %d.", n)
		}
	}
	return nil
}

func (s *session) infoDisplay() {
	if len(s.displays) == 0 {
		fmt.Fprintln(s.out, "There are no auto-display expressions now.")
		return
	}
	fmt.Fprintln(s.out, "Auto-display expressions now in effect:\nNum Enb Expression")
	for _, d := range s.displays {
		e := d.expr
		if d.fmt != "" {
			e = "/" + d.fmt + " " + e
		}
		fmt.Fprintf(s.out, "%d:   y  %s\n", d.num, e)
	}
}

// setExpr is set's gdb forms: set $reg = EXPR, set var LVALUE = EXPR, set {T}ADDR = EXPR.
func (s *session) setExpr(expr string) error {
	expr = strings.TrimSpace(expr)
	if rest, ok := strings.CutPrefix(expr, "var "); ok {
		expr = rest
	} else if rest, ok := strings.CutPrefix(expr, "variable "); ok {
		expr = rest
	}
	pc := s.h.PC
	if _, err := evalExpr(sessionExpr{s}, expr); err != nil {
		return err
	}
	if s.h.PC != pc {
		s.showWhere()
	}
	return nil
}

// hasAssignment reports whether an expression has a top-level '=' (not ==, <=, >=, !=).
func hasAssignment(expr string) bool {
	for i := 0; i < len(expr); i++ {
		if expr[i] != '=' {
			continue
		}
		prev, next := byte(0), byte(0)
		if i > 0 {
			prev = expr[i-1]
		}
		if i+1 < len(expr) {
			next = expr[i+1]
		}
		if next == '=' {
			i++
			continue
		}
		if prev != '=' && prev != '<' && prev != '>' && prev != '!' {
			return true
		}
	}
	return false
}
