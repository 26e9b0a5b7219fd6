package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// The expressions of print, display and set, as gdb reads C expressions: registers ($a0,
// $pc, $v1, CSRs such as $vl), memory (*(uint32_t *)ADDR, {int}ADDR, *ADDR@N), symbols
// (their address), integer arithmetic with C's types and conversions, casts, and the value
// history ($, $$, $N). A recursive-descent parser evaluates as it parses; exprEnv is what
// it needs of a session, so the tests can give it a fake machine.

// exprEnv is the machine an expression reads and writes.
type exprEnv interface {
	xlen() int
	// register returns a register or CSR by name (without the $), with its type and
	// where it lives; ok is false when there is none of that name.
	register(name string) (value, bool)
	readBytes(lv lvalue, n int) ([]byte, error)
	writeBytes(lv lvalue, b []byte) error
	symbol(name string) (uint64, bool)
	describe(addr uint64) string // "sym+0x4" or ""
	history() []value
}

type typeKind int

const (
	tInt typeKind = iota
	tChar
	tPtr
	tCodePtr
	tArray
	tUnion
	tVoid
)

// ctype is a C type: integers, chars, pointers, arrays and the vector registers' union.
type ctype struct {
	name   string
	kind   typeKind
	size   int
	signed bool
	elem   *ctype   // what a pointer points to, an array's element
	n      int      // array length
	fields []cfield // a union's members
	sym    bool     // a symbol's address: printed as 0x11000 <buf>
}

type cfield struct {
	name string
	t    *ctype
}

// lvKind says where a value lives, for assignment and for &.
type lvKind int

const (
	lvNone lvKind = iota
	lvMem
	lvXReg
	lvPC
	lvCSR
	lvVReg // addr is a byte offset in the vector register file
)

type lvalue struct {
	kind lvKind
	addr uint64
	name string // the register's name, for messages
}

// value is an expression's value: scalars up to 8 bytes in bits (sign- or zero-extended
// by their type), anything wider (arrays, unions, 128-bit elements) in raw, little-endian.
type value struct {
	t    *ctype
	bits uint64
	raw  []byte
	lv   lvalue
}

func intType(name string, size int, signed bool) *ctype {
	return &ctype{name: name, kind: tInt, size: size, signed: signed}
}

var (
	tyVoid  = &ctype{name: "void", kind: tVoid, size: 1}
	tyChar  = &ctype{name: "char", kind: tChar, size: 1, signed: true}
	tySChar = &ctype{name: "signed char", kind: tChar, size: 1, signed: true}
	tyUChar = &ctype{name: "unsigned char", kind: tChar, size: 1}
	tyShort = intType("short", 2, true)
	tyUShrt = intType("unsigned short", 2, false)
	tyInt   = intType("int", 4, true)
	tyUInt  = intType("unsigned int", 4, false)
	tyLLong = intType("long long", 8, true)
	tyULL   = intType("unsigned long long", 8, false)
	tyI8    = intType("int8_t", 1, true)
	tyU8    = intType("uint8_t", 1, false)
	tyI16   = intType("int16_t", 2, true)
	tyU16   = intType("uint16_t", 2, false)
	tyI32   = intType("int32_t", 4, true)
	tyU32   = intType("uint32_t", 4, false)
	tyI64   = intType("int64_t", 8, true)
	tyU64   = intType("uint64_t", 8, false)
	tyU128  = intType("uint128_t", 16, false)
)

// longType and ulongType are XLEN wide (LP64 and ILP32).
func longType(xlen int) *ctype  { return intType("long", xlen/8, true) }
func ulongType(xlen int) *ctype { return intType("unsigned long", xlen/8, false) }

func ptrTo(t *ctype, xlen int) *ctype {
	return &ctype{name: t.name + " *", kind: tPtr, size: xlen / 8, elem: t}
}

// codePtr is the type gdb gives pc and ra.
func codePtr(xlen int) *ctype {
	return &ctype{name: "void (*)()", kind: tCodePtr, size: xlen / 8, elem: tyVoid}
}

func arrayOf(t *ctype, n int) *ctype {
	return &ctype{name: fmt.Sprintf("%s [%d]", t.name, n), kind: tArray, size: t.size * n, elem: t, n: n}
}

// vectorType is a vector register as gdb shows it (the union QEMU's target description
// gives): its bytes as 128-, 64-, 32-, 16- and 8-bit elements.
func vectorType(vlenb int) *ctype {
	u := &ctype{name: "riscv_vector", kind: tUnion, size: vlenb}
	for _, f := range []struct {
		name string
		t    *ctype
	}{{"q", tyU128}, {"l", tyU64}, {"w", tyU32}, {"s", tyU16}, {"b", tyU8}} {
		u.fields = append(u.fields, cfield{f.name, arrayOf(f.t, vlenb/f.t.size)})
	}
	return u
}

// exprError is an error in gdb's words.
type exprError struct{ msg string }

func (e *exprError) Error() string { return e.msg }

func gdbErr(format string, a ...any) error { return &exprError{fmt.Sprintf(format, a...)} }

// tokens

type tokKind int

const (
	tkEOF tokKind = iota
	tkNum
	tkIdent
	tkDollar // $name, $, $$, $N, $$N
	tkChar
	tkOp
)

type token struct {
	kind tokKind
	text string
	num  uint64
	pos  int
}

var exprOps = []string{"<<=", ">>=", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"(", ")", "[", "]", "{", "}", "*", "&", "+", "-", "/", "%", "<", ">", "~", "!", "^", "|", "@", "=", ".", ","}

func tokenize(src string) ([]token, error) {
	var toks []token
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && (isIdentChar(src[j])) {
				j++
			}
			text := src[i:j]
			digits := strings.TrimRight(strings.ToLower(text), "ul")
			v, err := strconv.ParseUint(digits, 0, 64)
			if err != nil {
				if errors.Is(err, strconv.ErrRange) {
					return nil, gdbErr("Numeric constant too large.")
				}
				return nil, gdbErr("Invalid number \"%s\".", text)
			}
			toks = append(toks, token{kind: tkNum, text: text, num: v, pos: i})
			i = j
		case isIdentChar(c):
			j := i
			for j < len(src) && isIdentChar(src[j]) {
				j++
			}
			toks = append(toks, token{kind: tkIdent, text: src[i:j], pos: i})
			i = j
		case c == '$':
			j := i + 1
			for j < len(src) && (isIdentChar(src[j]) || src[j] == '$' && j == i+1) {
				j++
			}
			toks = append(toks, token{kind: tkDollar, text: src[i:j], pos: i})
			i = j
		case c == '\'':
			v, n, err := charLiteral(src[i:])
			if err != nil {
				return nil, err
			}
			toks = append(toks, token{kind: tkChar, text: src[i : i+n], num: v, pos: i})
			i += n
		default:
			found := false
			for _, op := range exprOps {
				if strings.HasPrefix(src[i:], op) {
					toks = append(toks, token{kind: tkOp, text: op, pos: i})
					i += len(op)
					found = true
					break
				}
			}
			if !found {
				return nil, gdbErr("Invalid character '%c' in expression.", c)
			}
		}
	}
	return append(toks, token{kind: tkEOF, pos: len(src)}), nil
}

func isIdentChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// charLiteral reads 'a', '\n', '\0', '\x41' or '\101' at the start of s.
func charLiteral(s string) (uint64, int, error) {
	if len(s) >= 3 && s[1] != '\\' && s[2] == '\'' {
		return uint64(s[1]), 3, nil
	}
	end := strings.IndexByte(s[1:], '\'')
	if len(s) < 4 || s[1] != '\\' || end < 2 {
		return 0, 0, gdbErr("Unmatched single quote.")
	}
	body := s[2 : end+1]
	simple := map[string]uint64{"n": '\n', "t": '\t', "r": '\r', "a": 7, "b": 8, "f": 12, "v": 11, "e": 27, "\\": '\\', "'": '\'', "\"": '"'}
	if v, ok := simple[body]; ok {
		return v, end + 2, nil
	}
	if body[0] == 'x' {
		if v, err := strconv.ParseUint(body[1:], 16, 8); err == nil {
			return v, end + 2, nil
		}
	} else if v, err := strconv.ParseUint(body, 8, 8); err == nil {
		return v, end + 2, nil
	}
	return 0, 0, gdbErr("Invalid character constant.")
}

// parser

type exprParser struct {
	env  exprEnv
	src  string
	toks []token
	i    int
	// noSide evaluates without reading memory or assigning (sizeof's operand).
	noSide bool
}

// evalExpr parses and evaluates src.
func evalExpr(env exprEnv, src string) (value, error) {
	src = strings.TrimSpace(src)
	if src == "" {
		return value{}, gdbErr("Argument required (expression to compute).")
	}
	toks, err := tokenize(src)
	if err != nil {
		return value{}, err
	}
	p := &exprParser{env: env, src: src, toks: toks}
	v, err := p.assign()
	if err != nil {
		return value{}, err
	}
	if p.peek().kind != tkEOF {
		return value{}, p.syntaxError()
	}
	return v, nil
}

// checkExpr parses src and works out its type without reading memory or assigning: the
// errors a breakpoint's condition gets when it is set (syntax, unknown names).
func checkExpr(env exprEnv, src string) error {
	toks, err := tokenize(src)
	if err != nil {
		return err
	}
	p := &exprParser{env: env, src: src, toks: toks, noSide: true}
	if _, err := p.assign(); err != nil {
		return err
	}
	if p.peek().kind != tkEOF {
		return p.syntaxError()
	}
	return nil
}

func (p *exprParser) peek() token { return p.toks[p.i] }
func (p *exprParser) next() token {
	t := p.toks[p.i]
	if t.kind != tkEOF {
		p.i++
	}
	return t
}

func (p *exprParser) isOp(op string) bool {
	t := p.peek()
	return t.kind == tkOp && t.text == op
}

func (p *exprParser) accept(op string) bool {
	if p.isOp(op) {
		p.i++
		return true
	}
	return false
}

func (p *exprParser) expect(op string) error {
	if !p.accept(op) {
		return p.syntaxError()
	}
	return nil
}

// syntaxError is gdb's message, quoting the rest of the expression.
func (p *exprParser) syntaxError() error {
	return gdbErr("A syntax error in expression, near `%s'.", p.src[p.peek().pos:])
}

func (p *exprParser) xlen() int { return p.env.xlen() }

func (p *exprParser) assign() (value, error) {
	lhs, err := p.binary(0)
	if err != nil {
		return value{}, err
	}
	if !p.accept("=") {
		return lhs, nil
	}
	rhs, err := p.assign()
	if err != nil {
		return value{}, err
	}
	return p.store(lhs, rhs)
}

// binary precedence levels, loosest first; '@' binds between shifts and additions, as in
// gdb.
var binLevels = [][]string{{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="},
	{"<<", ">>"}, {"@"}, {"+", "-"}, {"*", "/", "%"}}

func (p *exprParser) binary(level int) (value, error) {
	if level == len(binLevels) {
		return p.unary()
	}
	lhs, err := p.binary(level + 1)
	if err != nil {
		return value{}, err
	}
	for {
		op := ""
		for _, o := range binLevels[level] {
			if p.isOp(o) {
				op = o
			}
		}
		if op == "" {
			return lhs, nil
		}
		p.next()
		rhs, err := p.binary(level + 1)
		if err != nil {
			return value{}, err
		}
		if lhs, err = p.apply(op, lhs, rhs); err != nil {
			return value{}, err
		}
	}
}

func (p *exprParser) unary() (value, error) {
	t := p.peek()
	if t.kind == tkIdent && t.text == "sizeof" {
		p.next()
		save := p.i
		if p.accept("(") {
			if ty, ok, err := p.typeName(); err != nil {
				return value{}, err
			} else if ok {
				if err := p.expect(")"); err != nil {
					return value{}, err
				}
				return p.intValue(ulongType(p.xlen()), uint64(ty.size)), nil
			}
			p.i = save
		}
		p.noSide = true
		v, err := p.unary()
		p.noSide = false
		if err != nil {
			return value{}, err
		}
		return p.intValue(ulongType(p.xlen()), uint64(v.t.size)), nil
	}
	if t.kind != tkOp {
		return p.postfix()
	}
	switch t.text {
	case "-", "+", "~", "!":
		p.next()
		v, err := p.unary()
		if err != nil {
			return value{}, err
		}
		return p.unaryOp(t.text, v)
	case "*":
		p.next()
		v, err := p.unary()
		if err != nil {
			return value{}, err
		}
		return p.deref(v)
	case "&":
		p.next()
		v, err := p.unary()
		if err != nil {
			return value{}, err
		}
		if v.t.sym {
			return v, nil // a symbol's value is already its address
		}
		if v.lv.kind != lvMem {
			return value{}, gdbErr("Attempt to take address of value not located in memory.")
		}
		return p.intValue(ptrTo(v.t, p.xlen()), v.lv.addr), nil
	case "{":
		p.next()
		ty, ok, err := p.typeName()
		if err != nil {
			return value{}, err
		}
		if !ok {
			return value{}, p.syntaxError()
		}
		if err := p.expect("}"); err != nil {
			return value{}, err
		}
		addr, err := p.unary()
		if err != nil {
			return value{}, err
		}
		if !isScalar(addr.t) {
			return value{}, gdbErr("Invalid cast.")
		}
		return p.load(ty, addr.bits)
	case "(":
		save := p.i
		p.next()
		ty, ok, err := p.typeName()
		if err != nil {
			return value{}, err
		}
		if ok {
			if err := p.expect(")"); err != nil {
				return value{}, err
			}
			v, err := p.unary()
			if err != nil {
				return value{}, err
			}
			return p.cast(ty, v)
		}
		p.i = save
	}
	return p.postfix()
}

// typeName parses a C integer type with pointer stars: "unsigned long", "uint32_t *".
// ok is false (and nothing consumed) when the tokens are not a type.
func (p *exprParser) typeName() (*ctype, bool, error) {
	start := p.i
	var words []string
	for p.peek().kind == tkIdent && isTypeWord(p.peek().text) {
		words = append(words, p.next().text)
	}
	if len(words) == 0 {
		return nil, false, nil
	}
	ty := baseType(words, p.xlen())
	if ty == nil {
		p.i = start
		return nil, false, gdbErr("A syntax error in expression, near `%s'.", p.src[p.toks[start].pos:])
	}
	for p.accept("*") {
		ty = ptrTo(ty, p.xlen())
	}
	return ty, true, nil
}

var typedefs = map[string]*ctype{
	"int8_t": tyI8, "uint8_t": tyU8, "int16_t": tyI16, "uint16_t": tyU16,
	"int32_t": tyI32, "uint32_t": tyU32, "int64_t": tyI64, "uint64_t": tyU64,
}

func isTypeWord(w string) bool {
	switch w {
	case "char", "short", "int", "long", "signed", "unsigned", "void", "size_t", "uintptr_t", "intptr_t", "ssize_t":
		return true
	}
	_, ok := typedefs[w]
	return ok
}

// baseType resolves the words of a type; nil when they do not make one.
func baseType(words []string, xlen int) *ctype {
	if len(words) == 1 {
		if t, ok := typedefs[words[0]]; ok {
			return t
		}
		switch words[0] {
		case "void":
			return tyVoid
		case "size_t", "uintptr_t":
			t := *ulongType(xlen)
			t.name = words[0]
			return &t
		case "ssize_t", "intptr_t":
			t := *longType(xlen)
			t.name = words[0]
			return &t
		}
	}
	var signed, unsigned, char, short, int_ bool
	longs := 0
	for _, w := range words {
		switch w {
		case "signed":
			signed = true
		case "unsigned":
			unsigned = true
		case "char":
			char = true
		case "short":
			short = true
		case "int":
			int_ = true
		case "long":
			longs++
		default:
			return nil
		}
	}
	if signed && unsigned || char && (short || int_ || longs > 0) || short && longs > 0 || longs > 2 {
		return nil
	}
	switch {
	case char && signed:
		return tySChar
	case char && unsigned:
		return tyUChar
	case char:
		return tyChar
	case short && unsigned:
		return tyUShrt
	case short:
		return tyShort
	case longs == 2 && unsigned:
		return tyULL
	case longs == 2:
		return tyLLong
	case longs == 1 && unsigned:
		return ulongType(xlen)
	case longs == 1:
		return longType(xlen)
	case unsigned:
		return tyUInt
	}
	return tyInt
}

func (p *exprParser) postfix() (value, error) {
	v, err := p.primary()
	if err != nil {
		return value{}, err
	}
	for {
		switch {
		case p.accept("["):
			idx, err := p.assign()
			if err != nil {
				return value{}, err
			}
			if err := p.expect("]"); err != nil {
				return value{}, err
			}
			if v, err = p.index(v, idx); err != nil {
				return value{}, err
			}
		case p.accept("."):
			name := p.next()
			if name.kind != tkIdent {
				return value{}, p.syntaxError()
			}
			if v, err = p.member(v, name.text); err != nil {
				return value{}, err
			}
		default:
			return v, nil
		}
	}
}

func (p *exprParser) primary() (value, error) {
	t := p.next()
	switch t.kind {
	case tkNum:
		return p.literal(t), nil
	case tkChar:
		return p.intValue(tyChar, t.num), nil
	case tkIdent:
		if isTypeWord(t.text) {
			p.i--
			return value{}, gdbErr("Attempt to use a type name as an expression")
		}
		addr, ok := p.env.symbol(t.text)
		if !ok {
			return value{}, gdbErr("No symbol \"%s\" in current context.", t.text)
		}
		ty := *ulongType(p.xlen())
		ty.sym = true
		return value{t: &ty, bits: addr, lv: lvalue{kind: lvMem, addr: addr}}, nil
	case tkDollar:
		return p.dollar(t.text)
	case tkOp:
		if t.text == "(" {
			v, err := p.assign()
			if err != nil {
				return value{}, err
			}
			return v, p.expect(")")
		}
	}
	if t.kind != tkEOF {
		p.i--
	}
	return value{}, p.syntaxError()
}

// literal gives a number C's type: int, then long, then unsigned long (hex and octal
// numbers try unsigned int after int), or what its u and l suffixes say.
func (p *exprParser) literal(t token) value {
	v := t.num
	lower := strings.ToLower(t.text)
	unsignedSuffix := strings.ContainsRune(strings.TrimLeft(lower, "0123456789abcdefx"), 'u') || strings.HasSuffix(lower, "u") || strings.HasSuffix(lower, "ul") || strings.HasSuffix(lower, "lu")
	longSuffix := strings.HasSuffix(lower, "l") || strings.HasSuffix(lower, "lu")
	nonDecimal := strings.HasPrefix(lower, "0") && len(lower) > 1
	long, ulong := longType(p.xlen()), ulongType(p.xlen())
	switch {
	case !unsignedSuffix && !longSuffix && v <= 0x7fffffff:
		return p.intValue(tyInt, v)
	case !longSuffix && (unsignedSuffix || nonDecimal) && v <= 0xffffffff:
		return p.intValue(tyUInt, v)
	case !unsignedSuffix && v <= uint64(1)<<(p.xlen()-1)-1:
		return p.intValue(long, v)
	case p.xlen() == 32 && v > 0xffffffff:
		if v <= 0x7fffffffffffffff && !unsignedSuffix {
			return p.intValue(tyLLong, v)
		}
		return p.intValue(tyULL, v)
	}
	return p.intValue(ulong, v)
}

// dollar reads $reg, $csr, $vN and the value history: $ (the last value), $$ (the one
// before), $N and $$N (N back).
func (p *exprParser) dollar(text string) (value, error) {
	name := text[1:]
	hist := p.env.history()
	histAt := func(n int) (value, error) {
		if n < 1 || n > len(hist) {
			if len(hist) == 0 && name == "" {
				return value{}, gdbErr("History is empty.")
			}
			return value{}, gdbErr("History has not yet reached $%d.", n)
		}
		v := hist[n-1]
		v.lv = lvalue{}
		return v, nil
	}
	switch {
	case name == "":
		return histAt(len(hist))
	case name == "$":
		return histAt(len(hist) - 1)
	case strings.HasPrefix(name, "$"):
		n, err := strconv.Atoi(name[1:])
		if err != nil {
			break
		}
		return histAt(len(hist) - n)
	default:
		if n, err := strconv.Atoi(name); err == nil {
			return histAt(n)
		}
	}
	if v, ok := p.env.register(name); ok {
		return v, nil
	}
	return value{}, gdbErr("No register or CSR named \"$%s\" (registers: $a0, $sp, $pc, $v1; CSRs: $vl, $mstatus; history: $, $$, $N).", name)
}

func (p *exprParser) intValue(t *ctype, v uint64) value {
	return value{t: t, bits: normalize(t, v)}
}

// normalize sign- or zero-extends v from its type's width.
func normalize(t *ctype, v uint64) uint64 {
	if t.size >= 8 {
		return v
	}
	bits := uint(8 * t.size)
	v &= 1<<bits - 1
	if t.signed && v>>(bits-1) != 0 {
		v |= ^uint64(0) << bits
	}
	return v
}

func isScalar(t *ctype) bool {
	return (t.kind == tInt || t.kind == tChar || t.kind == tPtr || t.kind == tCodePtr) && t.size <= 8
}

func isInteger(t *ctype) bool { return (t.kind == tInt || t.kind == tChar) && t.size <= 8 }

// promote is C's integer promotion: anything narrower than int becomes int.
func promote(t *ctype) *ctype {
	if t.size < 4 {
		return tyInt
	}
	return t
}

// common is C's usual arithmetic conversion of two integer types.
func common(a, b *ctype) *ctype {
	a, b = promote(a), promote(b)
	switch {
	case a.size > b.size:
		return plain(a)
	case b.size > a.size:
		return plain(b)
	case !a.signed:
		return plain(a)
	}
	return plain(b)
}

// plain drops a symbol's way of printing from a type arithmetic produced.
func plain(t *ctype) *ctype {
	if !t.sym {
		return t
	}
	c := *t
	c.sym = false
	return &c
}

func (p *exprParser) unaryOp(op string, v value) (value, error) {
	if !isInteger(v.t) && !(op == "!" && isScalar(v.t)) {
		return value{}, gdbErr("Argument to arithmetic operation not a number or boolean.")
	}
	t := plain(promote(v.t))
	switch op {
	case "-":
		return p.intValue(t, -v.bits), nil
	case "+":
		return p.intValue(t, v.bits), nil
	case "~":
		return p.intValue(t, ^v.bits), nil
	}
	return p.boolValue(v.bits == 0), nil
}

func (p *exprParser) boolValue(b bool) value {
	if b {
		return p.intValue(tyInt, 1)
	}
	return p.intValue(tyInt, 0)
}

func (p *exprParser) apply(op string, a, b value) (value, error) {
	if op == "@" {
		return p.repeat(a, b)
	}
	if op == "&&" || op == "||" {
		if !isScalar(a.t) || !isScalar(b.t) {
			return value{}, gdbErr("Argument to arithmetic operation not a number or boolean.")
		}
		if op == "&&" {
			return p.boolValue(a.bits != 0 && b.bits != 0), nil
		}
		return p.boolValue(a.bits != 0 || b.bits != 0), nil
	}
	aPtr, bPtr := a.t.kind == tPtr || a.t.kind == tCodePtr, b.t.kind == tPtr || b.t.kind == tCodePtr
	if (aPtr || bPtr) && (op == "+" || op == "-") {
		return p.pointerArith(op, a, b)
	}
	if !isScalar(a.t) || !isScalar(b.t) {
		return value{}, gdbErr("Argument to arithmetic operation not a number or boolean.")
	}
	ta, tb := a.t, b.t
	if aPtr {
		ta = ulongType(p.xlen())
	}
	if bPtr {
		tb = ulongType(p.xlen())
	}
	t := common(ta, tb)
	x, y := normalize(t, a.bits), normalize(t, b.bits)
	switch op {
	case "==":
		return p.boolValue(x == y), nil
	case "!=":
		return p.boolValue(x != y), nil
	case "<", ">", "<=", ">=":
		var lt, eq bool
		if t.signed {
			lt = int64(x) < int64(y)
		} else {
			lt = x < y
		}
		eq = x == y
		switch op {
		case "<":
			return p.boolValue(lt), nil
		case ">":
			return p.boolValue(!lt && !eq), nil
		case "<=":
			return p.boolValue(lt || eq), nil
		}
		return p.boolValue(!lt), nil
	case "<<", ">>":
		// The shift has the left operand's (promoted) type.
		t = plain(promote(ta))
		x = normalize(t, a.bits)
		n := b.bits
		if n >= uint64(8*t.size) {
			n = uint64(8*t.size) - 1 // C leaves it undefined; gdb warns. Saturate.
			if op == "<<" {
				return p.intValue(t, 0), nil
			}
		}
		if op == "<<" {
			return p.intValue(t, x<<n), nil
		}
		if t.signed {
			return p.intValue(t, uint64(int64(x)>>n)), nil
		}
		return p.intValue(t, x>>n), nil
	case "+":
		return p.intValue(t, x+y), nil
	case "-":
		return p.intValue(t, x-y), nil
	case "*":
		return p.intValue(t, x*y), nil
	case "/", "%":
		if y == 0 {
			return value{}, gdbErr("Division by zero")
		}
		if t.signed {
			if int64(y) == -1 {
				if op == "/" {
					return p.intValue(t, -x), nil
				}
				return p.intValue(t, 0), nil
			}
			if op == "/" {
				return p.intValue(t, uint64(int64(x)/int64(y))), nil
			}
			return p.intValue(t, uint64(int64(x)%int64(y))), nil
		}
		if op == "/" {
			return p.intValue(t, x/y), nil
		}
		return p.intValue(t, x%y), nil
	case "&":
		return p.intValue(t, x&y), nil
	case "|":
		return p.intValue(t, x|y), nil
	case "^":
		return p.intValue(t, x^y), nil
	}
	return value{}, gdbErr("unknown operator %s", op)
}

// pointerArith is pointer ± integer (scaled by the pointed-to size) and pointer − pointer.
func (p *exprParser) pointerArith(op string, a, b value) (value, error) {
	aPtr, bPtr := a.t.kind == tPtr || a.t.kind == tCodePtr, b.t.kind == tPtr || b.t.kind == tCodePtr
	size := func(t *ctype) uint64 {
		if t.elem == nil || t.elem.kind == tVoid {
			return 1
		}
		return uint64(t.elem.size)
	}
	switch {
	case aPtr && bPtr:
		if op == "+" {
			return value{}, gdbErr("Argument to arithmetic operation not a number or boolean.")
		}
		return p.intValue(longType(p.xlen()), uint64(int64(a.bits-b.bits)/int64(size(a.t)))), nil
	case aPtr && isInteger(b.t):
		off := b.bits * size(a.t)
		if op == "-" {
			off = -off
		}
		return p.intValue(a.t, a.bits+off), nil
	case bPtr && isInteger(a.t) && op == "+":
		return p.intValue(b.t, b.bits+a.bits*size(b.t)), nil
	}
	return value{}, gdbErr("Argument to arithmetic operation not a number or boolean.")
}

func (p *exprParser) cast(t *ctype, v value) (value, error) {
	if t.kind == tVoid {
		return value{t: tyVoid}, nil
	}
	if !isScalar(t) || !isScalar(v.t) {
		return value{}, gdbErr("Invalid cast.")
	}
	return p.intValue(t, v.bits), nil
}

// deref is *v: what a pointer points to; an integer is read as an int, as gdb does.
func (p *exprParser) deref(v value) (value, error) {
	switch {
	case v.t.kind == tPtr && v.t.elem.kind == tVoid:
		return value{}, gdbErr("Attempt to take contents of a non-pointer value.")
	case v.t.kind == tPtr:
		return p.load(v.t.elem, v.bits)
	case v.t.kind == tCodePtr:
		return value{}, gdbErr("Attempt to take contents of a non-pointer value.")
	case isInteger(v.t):
		return p.load(tyInt, v.bits)
	case v.t.kind == tArray:
		return p.index(v, p.intValue(tyInt, 0))
	}
	return value{}, gdbErr("Attempt to take contents of a non-pointer value.")
}

// load reads a value of type t from memory at addr.
func (p *exprParser) load(t *ctype, addr uint64) (value, error) {
	if t.kind == tVoid {
		return value{}, gdbErr("Attempt to take contents of a non-pointer value.")
	}
	addr = normalize(ulongType(p.xlen()), addr)
	lv := lvalue{kind: lvMem, addr: addr}
	if p.noSide {
		return value{t: t, lv: lv}, nil
	}
	b, err := p.env.readBytes(lv, t.size)
	if err != nil {
		return value{}, err
	}
	return fromBytes(t, b, lv), nil
}

func fromBytes(t *ctype, b []byte, lv lvalue) value {
	v := value{t: t, lv: lv}
	if isScalar(t) {
		var buf [8]byte
		copy(buf[:], b)
		v.bits = normalize(t, binary.LittleEndian.Uint64(buf[:]))
	} else {
		v.raw = b
	}
	return v
}

// repeat is gdb's ARRAY@N: N objects like a, from a's address on.
func (p *exprParser) repeat(a, n value) (value, error) {
	if a.lv.kind != lvMem && a.lv.kind != lvVReg || a.t.sym {
		return value{}, gdbErr("Only values in memory can be extended with '@'.")
	}
	if !isInteger(n.t) {
		return value{}, gdbErr("Argument to arithmetic operation not a number or boolean.")
	}
	count := int64(n.bits)
	if n.t.size < 8 && n.t.signed {
		count = int64(int32(n.bits))
	}
	if count <= 0 {
		return value{}, gdbErr("Only values in memory can be extended with '@'.")
	}
	if count*int64(a.t.size) > 1<<20 {
		return value{}, gdbErr("%d elements of %d bytes: more than the 1 MiB print shows", count, a.t.size)
	}
	t := arrayOf(a.t, int(count))
	if p.noSide {
		return value{t: t, lv: a.lv}, nil
	}
	b, err := p.env.readBytes(a.lv, t.size)
	if err != nil {
		return value{}, err
	}
	return fromBytes(t, b, a.lv), nil
}

func (p *exprParser) index(v, idx value) (value, error) {
	if !isInteger(idx.t) {
		return value{}, gdbErr("Argument to arithmetic operation not a number or boolean.")
	}
	i := int64(idx.bits)
	switch v.t.kind {
	case tPtr:
		if v.t.elem.kind == tVoid {
			return value{}, gdbErr("Attempt to take contents of a non-pointer value.")
		}
		return p.load(v.t.elem, v.bits+uint64(i)*uint64(v.t.elem.size))
	case tArray:
		if i < 0 || i >= int64(v.t.n) {
			return value{}, gdbErr("no such vector element")
		}
		et := v.t.elem
		off := int(i) * et.size
		lv := v.lv
		lv.addr += uint64(off)
		if v.raw == nil { // sizeof's operand
			return value{t: et, lv: lv}, nil
		}
		return fromBytes(et, v.raw[off:off+et.size], lv), nil
	}
	return value{}, gdbErr("cannot subscript something of type `%s'", v.t.name)
}

func (p *exprParser) member(v value, name string) (value, error) {
	if v.t.kind != tUnion {
		return value{}, gdbErr("Attempt to extract a component of a value that is not a structure.")
	}
	for _, f := range v.t.fields {
		if f.name == name {
			return value{t: f.t, raw: v.raw, lv: v.lv}, nil
		}
	}
	return value{}, gdbErr("There is no member named %s.", name)
}

// store assigns rhs to lhs, converted to lhs's type, and returns the new value.
func (p *exprParser) store(lhs, rhs value) (value, error) {
	if lhs.lv.kind == lvNone || lhs.t.sym {
		return value{}, gdbErr("Left operand of assignment is not an lvalue.")
	}
	if p.noSide {
		return lhs, nil
	}
	var b []byte
	switch {
	case isScalar(lhs.t) && isScalar(rhs.t):
		b = binary.LittleEndian.AppendUint64(nil, rhs.bits)[:lhs.t.size]
	case lhs.t.size == rhs.t.size && !isScalar(rhs.t) && rhs.raw != nil:
		b = append([]byte(nil), rhs.raw...)
	case !isScalar(lhs.t) && isScalar(rhs.t) && lhs.t.kind == tInt:
		b = make([]byte, lhs.t.size) // a 128-bit element from a 64-bit value
		binary.LittleEndian.PutUint64(b, rhs.bits)
		if rhs.t.signed && int64(rhs.bits) < 0 {
			for i := 8; i < len(b); i++ {
				b[i] = 0xff
			}
		}
	default:
		return value{}, gdbErr("Invalid cast.")
	}
	if err := p.env.writeBytes(lhs.lv, b); err != nil {
		return value{}, err
	}
	// Read it back: a register or CSR may not keep what was written (x0, WARL fields).
	nb, err := p.env.readBytes(lhs.lv, lhs.t.size)
	if err != nil {
		return value{}, err
	}
	return fromBytes(lhs.t, nb, lhs.lv), nil
}

// Formatting, as gdb's print shows values.

// printFormats are the letters print/FMT takes.
const printFormats = "xduotczas"

// formatValue renders v in format f (0: the type's natural format).
func formatValue(env exprEnv, v value, f byte) string {
	var b strings.Builder
	writeValue(&b, env, v, f, true)
	return b.String()
}

func writeValue(b *strings.Builder, env exprEnv, v value, f byte, top bool) {
	t := v.t
	switch t.kind {
	case tVoid:
		b.WriteString("void")
		return
	case tUnion:
		b.WriteString("{")
		for i, fl := range t.fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(fl.name + " = ")
			writeValue(b, env, value{t: fl.t, raw: v.raw}, f, false)
		}
		b.WriteString("}")
		return
	case tArray:
		if t.elem.kind == tChar && t.elem.size == 1 && (f == 0 || f == 's') {
			b.WriteString(quoteChars(v.raw))
			return
		}
		elems := make([]string, t.n)
		for i := range elems {
			off := i * t.elem.size
			elems[i] = formatValue(env, fromBytes(t.elem, v.raw[off:off+t.elem.size], lvalue{}), f)
		}
		b.WriteString("{")
		writeRepeats(b, elems)
		b.WriteString("}")
		return
	}
	if t.size > 8 {
		b.WriteString(formatWide(v.raw, f))
		return
	}
	x := v.bits
	width := uint(8 * t.size)
	unsigned := x
	if width < 64 {
		unsigned &= 1<<width - 1
	}
	switch f {
	case 'x':
		fmt.Fprintf(b, "%#x", unsigned)
	case 'z':
		fmt.Fprintf(b, "0x%0*x", t.size*2, unsigned)
	case 'o':
		if unsigned == 0 {
			b.WriteString("0")
		} else {
			fmt.Fprintf(b, "0%o", unsigned)
		}
	case 't':
		b.WriteString(strconv.FormatUint(unsigned, 2))
	case 'd':
		b.WriteString(strconv.FormatInt(int64(normalize(intType("", t.size, true), x)), 10))
	case 'u':
		b.WriteString(strconv.FormatUint(unsigned, 10))
	case 'c':
		c := int8(x)
		fmt.Fprintf(b, "%d %s", c, quoteChar(byte(c)))
	case 'a':
		b.WriteString(symbolic(env, unsigned))
	default:
		switch {
		case t.kind == tChar:
			fmt.Fprintf(b, "%d %s", int64(x), quoteChar(byte(x)))
		case t.sym:
			b.WriteString(symbolic(env, unsigned))
		case t.kind == tCodePtr:
			if top {
				fmt.Fprintf(b, "(%s) ", t.name)
			}
			b.WriteString(symbolic(env, unsigned))
		case t.kind == tPtr:
			if top {
				fmt.Fprintf(b, "(%s) ", t.name)
			}
			if d := env.describe(unsigned); d != "" && t.elem.kind != tVoid {
				fmt.Fprintf(b, "%#x <%s>", unsigned, d)
			} else {
				fmt.Fprintf(b, "%#x", unsigned)
			}
		case t.signed:
			b.WriteString(strconv.FormatInt(int64(x), 10))
		default:
			b.WriteString(strconv.FormatUint(unsigned, 10))
		}
	}
}

func symbolic(env exprEnv, a uint64) string {
	if d := env.describe(a); d != "" {
		return fmt.Sprintf("%#x <%s>", a, d)
	}
	return fmt.Sprintf("%#x", a)
}

// writeRepeats joins array elements, folding runs of ten or more equal ones into
// "X <repeats N times>" as gdb does, and stopping after 200 elements.
func writeRepeats(b *strings.Builder, elems []string) {
	const threshold, limit = 10, 200
	shown := 0
	for i := 0; i < len(elems); {
		if shown >= limit {
			b.WriteString("...")
			return
		}
		j := i
		for j < len(elems) && elems[j] == elems[i] {
			j++
		}
		if i > 0 {
			b.WriteString(", ")
		}
		if j-i >= threshold {
			fmt.Fprintf(b, "%s <repeats %d times>", elems[i], j-i)
			shown += threshold
			i = j
			continue
		}
		b.WriteString(elems[i])
		shown++
		i++
	}
}

// formatWide renders a 128-bit (or wider) little-endian integer.
func formatWide(raw []byte, f byte) string {
	be := make([]byte, len(raw))
	for i, c := range raw {
		be[len(raw)-1-i] = c
	}
	n := new(big.Int).SetBytes(be)
	switch f {
	case 'x':
		return "0x" + n.Text(16)
	case 'z':
		return fmt.Sprintf("0x%0*s", 2*len(raw), n.Text(16))
	case 'o':
		if n.Sign() == 0 {
			return "0"
		}
		return "0" + n.Text(8)
	case 't':
		return n.Text(2)
	case 'd':
		if len(be) > 0 && be[0]&0x80 != 0 {
			n.Sub(n, new(big.Int).Lsh(big.NewInt(1), uint(8*len(raw))))
		}
	}
	return n.Text(10)
}

func quoteChar(c byte) string {
	switch c {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	return "'" + escapeChar(c) + "'"
}

func escapeChar(c byte) string {
	switch c {
	case '\n':
		return `\n`
	case '\t':
		return `\t`
	case '\r':
		return `\r`
	case '\\':
		return `\\`
	case 7:
		return `\a`
	case 8:
		return `\b`
	case 12:
		return `\f`
	case 11:
		return `\v`
	case 27:
		return `\033`
	}
	if c >= 0x20 && c < 0x7f {
		return string(rune(c))
	}
	return fmt.Sprintf(`\%03o`, c)
}

// quoteChars renders a char array as gdb does: a string literal (without its trailing
// NULs).
func quoteChars(raw []byte) string {
	end := len(raw)
	for end > 0 && raw[end-1] == 0 {
		end--
	}
	if end == 0 {
		return fmt.Sprintf(`'\000' <repeats %d times>`, len(raw))
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range raw[:end] {
		if c == '"' {
			b.WriteString(`\"`)
			continue
		}
		b.WriteString(escapeChar(c))
	}
	b.WriteByte('"')
	return b.String()
}
