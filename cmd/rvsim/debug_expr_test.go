package main

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// fakeMachine is an exprEnv: 64 bytes of memory at 0x1000, a few registers, a vector
// register, symbols and a value history.
type fakeMachine struct {
	xl   int
	mem  []byte
	regs map[string]uint64
	v1   []byte
	hist []value
}

const fakeBase = 0x1000

func newFakeMachine(xlen int) *fakeMachine {
	m := &fakeMachine{xl: xlen, mem: make([]byte, 64), regs: map[string]uint64{"a0": 5, "a1": 0xfffffffffffffffe, "sp": 0x1020, "pc": 0x1004}}
	binary.LittleEndian.PutUint32(m.mem[0:], 0xdeadbeef)
	binary.LittleEndian.PutUint32(m.mem[4:], 0x01234567)
	copy(m.mem[16:], "hi\n\x00")
	m.v1 = make([]byte, 16)
	for i := range m.v1 {
		m.v1[i] = byte(i)
	}
	return m
}

func (m *fakeMachine) xlen() int { return m.xl }

func (m *fakeMachine) register(name string) (value, bool) {
	if name == "v1" {
		return value{t: vectorType(16), raw: append([]byte(nil), m.v1...), lv: lvalue{kind: lvVReg}}, true
	}
	v, ok := m.regs[name]
	if !ok {
		return value{}, false
	}
	t := longType(m.xl)
	switch name {
	case "sp":
		t = ptrTo(tyVoid, m.xl)
	case "pc":
		t = codePtr(m.xl)
	}
	return value{t: t, bits: normalize(t, v), lv: lvalue{kind: lvXReg, name: name}}, true
}

func (m *fakeMachine) readBytes(lv lvalue, n int) ([]byte, error) {
	switch lv.kind {
	case lvMem:
		if lv.addr < fakeBase || lv.addr-fakeBase+uint64(n) > uint64(len(m.mem)) {
			return nil, gdbErr("Cannot access memory at address %#x", lv.addr)
		}
		return append([]byte(nil), m.mem[lv.addr-fakeBase:][:n]...), nil
	case lvVReg:
		if lv.addr+uint64(n) > uint64(len(m.v1)) {
			return nil, gdbErr("no such vector element") // as the session's readBytes
		}
		return append([]byte(nil), m.v1[lv.addr:][:n]...), nil
	case lvXReg:
		b := binary.LittleEndian.AppendUint64(nil, m.regs[lv.name])
		if n > len(b) {
			return append(b, make([]byte, n-len(b))...), nil // as the session: the register, then zeros
		}
		return b[:n], nil
	}
	return nil, fmt.Errorf("no such place")
}

func (m *fakeMachine) writeBytes(lv lvalue, b []byte) error {
	switch lv.kind {
	case lvMem:
		if lv.addr < fakeBase || lv.addr-fakeBase+uint64(len(b)) > uint64(len(m.mem)) {
			return gdbErr("Cannot access memory at address %#x", lv.addr)
		}
		copy(m.mem[lv.addr-fakeBase:], b)
	case lvVReg:
		copy(m.v1[lv.addr:], b)
	case lvXReg:
		var buf [8]byte
		copy(buf[:], b)
		m.regs[lv.name] = binary.LittleEndian.Uint64(buf[:])
	}
	return nil
}

func (m *fakeMachine) symbol(name string) (uint64, bool) {
	switch name {
	case "buf":
		return fakeBase, true
	case "msg":
		return fakeBase + 16, true
	}
	return 0, false
}

func (m *fakeMachine) describe(a uint64) string {
	switch {
	case a == fakeBase:
		return "buf"
	case a > fakeBase && a < fakeBase+16:
		return fmt.Sprintf("buf+%#x", a-fakeBase)
	}
	return ""
}

func (m *fakeMachine) history() []value { return m.hist }

func TestEvalExpr(t *testing.T) {
	for _, c := range []struct {
		expr string
		f    byte
		want string
	}{
		{"1+2*3", 0, "7"},
		{"(1+2)*3", 0, "9"},
		{"-7/2", 0, "-3"},
		{"-7%3", 0, "-1"},
		{"7u/2", 0, "3"},
		{"1<<4|1", 0, "17"},
		{"0xff & ~0xf", 'x', "0xf0"},
		{"5 ^ 3", 0, "6"},
		{"-1", 'x', "0xffffffff"}, // int
		{"-1L", 'x', "0xffffffffffffffff"},
		{"-1 >> 1", 0, "-1"}, // arithmetic shift of an int
		{"0xffffffff >> 1", 'x', "0x7fffffff"},
		{"2147483647 + 1", 0, "-2147483648"},
		{"2147483648", 0, "2147483648"}, // long
		{"-1 < 0u", 0, "0"},             // converted to unsigned, as C does
		{"-1 < 0", 0, "1"},
		{"3 == 3 && 2 != 2", 0, "0"},
		{"!0 + !5", 0, "1"},
		{"(unsigned char)0x1ff", 0, "255 '\\377'"},
		{"(char)65", 0, "65 'A'"},
		{"(short)0x18000", 0, "-32768"},
		{"(uint8_t)300", 0, "44"},
		{"(int64_t)-1", 'u', "18446744073709551615"},
		{"sizeof(long)", 0, "8"},
		{"sizeof(uint16_t)", 0, "2"},
		{"sizeof $v1", 0, "16"},
		{"'a'", 0, "97 'a'"},
		{"'\\n'", 'd', "10"},
		{"10", 't', "1010"},
		{"8", 'o', "010"},
		{"0", 'o', "0"},
		{"65", 'c', "65 'A'"},
		{"5", 'z', "0x00000005"},
		{"$a0", 0, "5"},
		{"$a0 * 2 + 1", 0, "11"},
		{"$a1", 0, "-2"},
		{"$a1", 'x', "0xfffffffffffffffe"},
		{"$sp", 0, "(void *) 0x1020"},
		{"$sp - 8", 0, "(void *) 0x1018"},
		{"$pc", 0, "(void (*)()) 0x1004 <buf+0x4>"},
		{"buf", 0, "0x1000 <buf>"},
		{"&buf", 0, "0x1000 <buf>"},
		{"buf + 4", 'x', "0x1004"},
		{"*(uint32_t *)buf", 'x', "0xdeadbeef"},
		{"*(uint32_t*)(buf+4)", 'x', "0x1234567"},
		{"*(int *)buf", 0, "-559038737"},
		{"*(uint8_t *)buf", 'x', "0xef"},
		{"{short}buf", 'x', "0xbeef"},
		{"{uint64_t}buf", 'x', "0x1234567deadbeef"},
		{"*buf", 'x', "0xdeadbeef"}, // an integer dereferences to an int, as in gdb
		{"*(uint32_t *)buf@2", 'x', "{0xdeadbeef, 0x1234567}"},
		{"((uint32_t *)buf)[1]", 'x', "0x1234567"},
		{"*((uint16_t *)buf + 1)", 'x', "0xdead"},
		{"(uint32_t *)buf + 1", 0, "(uint32_t *) 0x1004 <buf+0x4>"},
		{"&*(uint32_t *)buf", 0, "(uint32_t *) 0x1000 <buf>"},
		{"*(char *)msg@3", 0, `"hi\n"`},
		{"*(uint8_t *)(buf+32)@12", 0, "{0 <repeats 12 times>}"},
		{"$v1", 0, "{q = {20011376718272490338853433276725592320}, l = {506097522914230528, 1084818905618843912}, w = {50462976, 117835012, 185207048, 252579084}, s = {256, 770, 1284, 1798, 2312, 2826, 3340, 3854}, b = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}"},
		{"$v1.w", 'x', "{0x3020100, 0x7060504, 0xb0a0908, 0xf0e0d0c}"},
		{"$v1.w[2]", 'x', "0xb0a0908"},
		{"$v1.q[0]", 'x', "0xf0e0d0c0b0a09080706050403020100"},
		{"$v1.b[15] + 1", 0, "16"},
	} {
		m := newFakeMachine(64)
		v, err := evalExpr(m, c.expr)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if got := formatValue(m, v, c.f); got != c.want {
			t.Errorf("p/%c %s = %s, want %s", c.f, c.expr, got, c.want)
		}
	}
}

func TestEvalExprRV32(t *testing.T) {
	m := newFakeMachine(32)
	for _, c := range []struct{ expr, want string }{
		{"sizeof(long)", "4"},
		{"2147483648", "2147483648"}, // unsigned long on ILP32
		{"-1L", "-1"},
		{"$sp", "(void *) 0x1020"},
	} {
		v, err := evalExpr(m, c.expr)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if got := formatValue(m, v, 0); got != c.want {
			t.Errorf("rv32 p %s = %s, want %s", c.expr, got, c.want)
		}
	}
}

func TestEvalExprErrors(t *testing.T) {
	for _, c := range []struct{ expr, want string }{
		{"", "Argument required (expression to compute)."},
		{"foo", `No symbol "foo" in current context.`},
		{"1 +", "A syntax error in expression, near `'."},
		{"(1", "A syntax error in expression, near `'."},
		{"1 2", "A syntax error in expression, near `2'."},
		{"1/0", "Division by zero"},
		{"5 % 0", "Division by zero"},
		{"*(int *)0", "Cannot access memory at address 0x0"},
		{"$1", "History has not yet reached $1."},
		{"$", "History is empty."},
		{"$zz", `No register or CSR named "$zz"`},
		{"&$a0", "Attempt to take address of value not located in memory."},
		{"3 = 4", "Left operand of assignment is not an lvalue."},
		{"$a0@2", "Only values in memory can be extended with '@'."},
		{"*$sp", "Attempt to take contents of a non-pointer value."},
		{"$v1.z", "There is no member named z."},
		{"$a0.w", "Attempt to extract a component of a value that is not a structure."},
		{"$v1.w[4]", "no such vector element"},
		{"$v1 + 1", "Argument to arithmetic operation not a number or boolean."},
		{"99999999999999999999", "Numeric constant too large."},
		{"1 # 2", "Invalid character '#' in expression."},
		{"(unsigned signed)1", "A syntax error in expression"},
		{"int", "Attempt to use a type name as an expression"},
		{"'ab", "Unmatched single quote."},
	} {
		_, err := evalExpr(newFakeMachine(64), c.expr)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.expr, err, c.want)
		}
	}
}

func TestEvalAssign(t *testing.T) {
	m := newFakeMachine(64)
	steps := []struct{ expr, want string }{
		{"$a0 = $a0 + 10", "15"},
		{"*(uint16_t *)buf = 0x1234", "4660"},
		{"{uint32_t}buf", "3735884340"}, // 0xdead1234: only two bytes written
		{"{char}(buf+1) = 'x'", "120 'x'"},
		{"*(uint8_t *)(buf+1)", "120"},
		{"$v1.w[1] = -1", "4294967295"},
		{"$v1.b[4]", "255"},
		{"(uint8_t)($a0 = 0x1ff)", "255"},
		{"$a0", "511"},
	}
	for _, st := range steps {
		v, err := evalExpr(m, st.expr)
		if err != nil {
			t.Fatalf("%s: %v", st.expr, err)
		}
		if got := formatValue(m, v, 0); got != st.want {
			t.Errorf("%s = %s, want %s", st.expr, got, st.want)
		}
	}
	if m.mem[1] != 'x' || m.mem[0] != 0x34 {
		t.Errorf("memory after assignments: % x", m.mem[:4])
	}
}

func TestEvalHistory(t *testing.T) {
	m := newFakeMachine(64)
	for _, e := range []string{"10", "20", "30"} {
		v, err := evalExpr(m, e)
		if err != nil {
			t.Fatal(err)
		}
		m.hist = append(m.hist, v)
	}
	for _, c := range []struct{ expr, want string }{
		{"$", "30"}, {"$$", "20"}, {"$$2", "10"}, {"$1 + $2", "30"}, {"$3 * 2", "60"}, {"$$0", "30"},
	} {
		v, err := evalExpr(m, c.expr)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if got := formatValue(m, v, 0); got != c.want {
			t.Errorf("%s = %s, want %s", c.expr, got, c.want)
		}
	}
	if _, err := evalExpr(m, "$4"); err == nil || err.Error() != "History has not yet reached $4." {
		t.Errorf("$4: %v", err)
	}
}

// FuzzEvalExpr: no expression panics or hangs.
func FuzzEvalExpr(f *testing.F) {
	for _, s := range []string{"1+2", "*(uint32_t *)buf@2", "$v1.w[1] = -1", "{char}buf", "((((", "$$$", "'\\x41'", "sizeof sizeof 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return
		}
		m := newFakeMachine(64)
		if v, err := evalExpr(m, s); err == nil {
			formatValue(m, v, 'x')
			formatValue(m, v, 0)
		}
	})
}
