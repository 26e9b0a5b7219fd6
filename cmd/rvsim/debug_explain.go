package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"

	"rvsim/emu"
	"rvsim/emu/sem"
	"rvsim/isa"
)

// explain: what the instruction just executed computed, step by step. This file only prints:
// every intermediate value comes from emu/sem, next to the semantics (SM4EDSteps and
// SM4LinearTerms, ExplainSHA, ExplainAES32, ExplainAES64, VAESRoundSteps, VSM4RSteps,
// ExplainGHSH, ...), and the operand forms from the emulator (emu.ScalarElementGroup for
// the .vs forms). Where the display breaks a value into terms (the SM4 linear layer, σ/Σ),
// the terms are checked to combine into the emulator's value, and a mismatch is reported
// rather than hidden.

func cmdExplain(s *session, _ string, args []string) error {
	r := s.last
	if r == nil {
		return errors.New("no instruction to explain: explain describes the instruction just executed; step to one (a run with --fast or after reverse-step records none)")
	}
	group := -1
	if len(args) > 0 {
		g, err := strconv.Atoi(strings.TrimPrefix(args[0], "g"))
		if err != nil || g < 0 {
			return fmt.Errorf("bad element group %q", args[0])
		}
		group = g
	}
	e := &explainer{s: s, r: r, w: s.out, xlen: s.h.XLEN(), group: group}
	e.run()
	return nil
}

type explainer struct {
	s     *session
	r     *execRecord
	w     io.Writer
	xlen  int
	group int
}

func (e *explainer) printf(format string, a ...any) { fmt.Fprintf(e.w, format, a...) }

// x returns a source register's value as the instruction read it (XLEN bits).
func (e *explainer) x(reg uint8) uint64 { return e.r.x[reg&31] & e.s.mask() }

// rd returns the destination's value now (after the instruction).
func (e *explainer) rd() uint64 { return e.s.h.Reg(int(e.r.in.Rd)) }

func (e *explainer) reg(reg uint8) string { return isa.RegName(reg & 31) }

func (e *explainer) run() {
	r := e.r
	in := r.in
	e.s.showInst("", r.pc, in, nil)
	if r.trapped {
		cause, _ := e.s.h.DebugReadCSR(0x342)
		e.printf("  it did not complete: it trapped (mcause %d) into the handler at %s\n", cause, e.s.where(e.s.h.PC))
		return
	}
	switch in.Op {
	case isa.SM4ED, isa.SM4KS:
		e.sm4()
	case isa.AES32ESI, isa.AES32ESMI, isa.AES32DSI, isa.AES32DSMI:
		e.aes32()
	case isa.AES64ES, isa.AES64ESM, isa.AES64DS, isa.AES64DSM:
		e.aes64()
	case isa.AES64IM:
		e.aes64im()
	case isa.AES64KS1I, isa.AES64KS2:
		e.aes64ks()
	case isa.CLMUL, isa.CLMULH, isa.CLMULR:
		e.clmul()
	case isa.SHA256SIG0, isa.SHA256SIG1, isa.SHA256SUM0, isa.SHA256SUM1,
		isa.SHA512SIG0, isa.SHA512SIG1, isa.SHA512SUM0, isa.SHA512SUM1, isa.SM3P0, isa.SM3P1:
		e.sha()
	case isa.VAESEF_VV, isa.VAESEF_VS, isa.VAESEM_VV, isa.VAESEM_VS, isa.VAESDF_VV, isa.VAESDF_VS,
		isa.VAESDM_VV, isa.VAESDM_VS, isa.VAESZ_VS:
		e.vaes()
	case isa.VAESKF1_VI, isa.VAESKF2_VI:
		e.vaeskf()
	case isa.VSM4R_VV, isa.VSM4R_VS, isa.VSM4K_VI:
		e.vsm4()
	case isa.VGHSH_VV, isa.VGMUL_VV:
		e.vghsh()
	case isa.VSHA2CH_VV, isa.VSHA2CL_VV, isa.VSHA2MS_VV:
		e.vsha2()
	case isa.VSM3C_VI, isa.VSM3ME_VV:
		e.vsm3()
	default:
		e.generic()
	}
}

// ---- Scalar crypto ----

func (e *explainer) sm4() {
	in := e.r.in
	rs1, rs2 := uint32(e.x(in.Rs1)), uint32(e.x(in.Rs2))
	bs := uint(in.Imm) & 3
	ks := in.Op == isa.SM4KS
	st := sem.SM4EDSteps(rs1, rs2, bs)
	name, sect, what := "sm4ed", "§3.43", "a quarter of the SM4 round function T = L(τ(·))"
	if ks {
		st = sem.SM4KSSteps(rs1, rs2, bs)
		name, sect, what = "sm4ks", "§3.44", "a quarter of the SM4 key-schedule transform T' = L'(τ(·))"
	}
	terms := sem.SM4LinearTerms(ks, st.SBoxOut)
	e.printf("  %s ([Crypto] %s): %s, on byte bs of rs2, XORed into rs1\n", name, sect, what)
	e.printf("  rs1 = %s = 0x%08x   rs2 = %s = 0x%08x   bs = %d (shamt %d)\n", e.reg(in.Rs1), rs1, e.reg(in.Rs2), rs2, st.BS, st.Shamt)
	row := func(label, format string, v any) { e.printf("  %-34s = "+format+"\n", label, v) }
	row(fmt.Sprintf("sb_in = rs2 byte %d (bits %d..%d)", st.BS, st.Shamt+7, st.Shamt), "0x%02x", st.SBoxIn)
	row(fmt.Sprintf("sb_out = sm4_sbox(0x%02x)", st.SBoxIn), "0x%02x", st.SBoxOut)
	e.printf("  linear layer on x = sb_out:\n")
	var acc uint32
	for _, t := range terms {
		row("  "+t.Expr, "0x%08x", uint32(t.Value))
		acc ^= uint32(t.Value)
	}
	row("  y = XOR of these terms", "0x%08x", st.Linear)
	if acc != st.Linear {
		e.printf("    !! the terms XOR to 0x%08x, not the emulator's 0x%08x\n", acc, st.Linear)
	}
	row(fmt.Sprintf("z = rol32(y, %d)", st.Shamt), "0x%08x", st.Rotated)
	row("result = z ^ rs1", "0x%08x", st.Result)
	e.result(uint64(st.Result), 32)
}

// result prints where the result went and checks it against the register file.
func (e *explainer) result(v uint64, width int) {
	in := e.r.in
	if in.Rd == 0 {
		e.printf("  (rd is zero: the result is discarded)\n")
		return
	}
	if width == 32 && e.xlen == 64 {
		v = uint64(int64(int32(v)))
		e.printf("  %s = %s (sign-extended to 64 bits)\n", e.reg(in.Rd), e.s.hex(v))
	} else {
		e.printf("  %s = %s\n", e.reg(in.Rd), e.s.hex(v&e.s.mask()))
	}
	if got := e.rd(); got != v&e.s.mask() {
		e.printf("  !! %s now holds %s (changed since?)\n", e.reg(in.Rd), e.s.hex(got))
	}
}

func (e *explainer) aes32() {
	in := e.r.in
	rs1, rs2 := uint32(e.x(in.Rs1)), uint32(e.x(in.Rs2))
	bs := uint(in.Imm) & 3
	sh := bs * 8
	var res uint32
	switch in.Op {
	case isa.AES32ESI:
		res = sem.AES32ESI(rs1, rs2, bs)
		e.printf("  aes32esi ([Crypto] §3.3): final-round encryption of one byte: SubBytes, placed in byte bs\n")
	case isa.AES32ESMI:
		res = sem.AES32ESMI(rs1, rs2, bs)
		e.printf("  aes32esmi ([Crypto] §3.4): middle-round encryption of one byte: SubBytes, its MixColumns column\n")
	case isa.AES32DSI:
		res = sem.AES32DSI(rs1, rs2, bs)
		e.printf("  aes32dsi ([Crypto] §3.1): final-round decryption of one byte: InvSubBytes, placed in byte bs\n")
	case isa.AES32DSMI:
		res = sem.AES32DSMI(rs1, rs2, bs)
		e.printf("  aes32dsmi ([Crypto] §3.2): middle-round decryption of one byte: InvSubBytes, its InvMixColumns column\n")
	}
	decrypt := in.Op == isa.AES32DSI || in.Op == isa.AES32DSMI
	st := sem.ExplainAES32(rs1, rs2, bs, decrypt, in.Op == isa.AES32ESMI || in.Op == isa.AES32DSMI)
	si, so, mixed := st.SI, st.SO, st.Mixed
	e.printf("  rs1 = %s = 0x%08x   rs2 = %s = 0x%08x   bs = %d\n", e.reg(in.Rs1), rs1, e.reg(in.Rs2), rs2, bs)
	box := "aes_sbox_fwd"
	if in.Op == isa.AES32DSI || in.Op == isa.AES32DSMI {
		box = "aes_sbox_inv"
	}
	row := func(label, format string, v any) { e.printf("  %-34s = "+format+"\n", label, v) }
	row(fmt.Sprintf("si = rs2 byte %d", bs), "0x%02x", si)
	row(fmt.Sprintf("so = %s(0x%02x)", box, si), "0x%02x", so)
	if in.Op == isa.AES32ESMI || in.Op == isa.AES32DSMI {
		m := "{02,01,01,03}"
		if in.Op == isa.AES32DSMI {
			m = "{0e,09,0d,0b}"
		}
		row("column "+m+"·so, rows 0..3", "0x%08x (bytes "+hexSpaced(le32(mixed))+")", mixed)
	}
	row(fmt.Sprintf("rotated left by %d", sh), "0x%08x", st.Rot)
	calc := st.Result
	row("result = rs1 ^ that", "0x%08x", calc)
	if calc != res {
		e.printf("  !! the emulator computed 0x%08x\n", res)
	}
	e.result(uint64(res), 32)
}

func le32(v uint32) []byte {
	var b [4]byte
	binary.LittleEndian.PutUint32(b[:], v)
	return b[:]
}

// printStates prints 4×4 AES states side by side, rows of the state as printed in FIPS-197
// (byte i is row i%4, column i/4).
func (e *explainer) printStates(indent string, names []string, states [][16]byte) {
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "%-14s", n)
	}
	e.printf("%s%s\n", indent, strings.TrimRight(b.String(), " "))
	for row := 0; row < 4; row++ {
		b.Reset()
		for _, st := range states {
			for c := 0; c < 4; c++ {
				fmt.Fprintf(&b, "%02x ", st[row+4*c])
			}
			b.WriteString("  ")
		}
		e.printf("%s%s\n", indent, strings.TrimRight(b.String(), " "))
	}
}

func (e *explainer) aes64() {
	in := e.r.in
	rs1, rs2 := e.x(in.Rs1), e.x(in.Rs2)
	var kind sem.AESRoundKind
	var res uint64
	switch in.Op {
	case isa.AES64ES:
		e.printf("  aes64es ([Crypto] §3.7): final encryption round (SubBytes, ShiftRows) on half the state\n")
		kind, res = sem.AESRoundEncFinal, sem.AES64ES(rs1, rs2)
	case isa.AES64ESM:
		e.printf("  aes64esm ([Crypto] §3.8): middle encryption round (SubBytes, ShiftRows, MixColumns) on half the state\n")
		kind, res = sem.AESRoundEncMiddle, sem.AES64ESM(rs1, rs2)
	case isa.AES64DS:
		e.printf("  aes64ds ([Crypto] §3.5): final decryption round (InvShiftRows, InvSubBytes) on half the state\n")
		kind, res = sem.AESRoundDecFinal, sem.AES64DS(rs1, rs2)
	case isa.AES64DSM:
		e.printf("  aes64dsm ([Crypto] §3.6): middle decryption round (InvShiftRows, InvSubBytes, InvMixColumns) on half the state\n")
		kind, res = sem.AESRoundDecMiddle, sem.AES64DSM(rs1, rs2)
	}
	steps := sem.ExplainAES64(kind, rs1, rs2)
	var names []string
	var states [][16]byte
	for i := 0; i < steps.N; i++ {
		names, states = append(names, steps.Steps[i].Name), append(states, steps.Steps[i].State)
	}
	st := steps.Result()
	e.printf("  state = {rs2:rs1}: rs1 = %s = %s holds columns 0-1, rs2 = %s = %s columns 2-3\n",
		e.reg(in.Rs1), e.s.hex(rs1), e.reg(in.Rs2), e.s.hex(rs2))
	e.printStates("    ", names, states)
	lo, _ := sem.AESStateToRegs(st)
	e.printf("  rd = columns 0-1 of the last state = 0x%016x\n", lo)
	if lo != res {
		e.printf("  !! the emulator computed 0x%016x\n", res)
	}
	e.result(res, 64)
}

func (e *explainer) aes64im() {
	in := e.r.in
	rs1 := e.x(in.Rs1)
	e.printf("  aes64im ([Crypto] §3.9): InvMixColumns of two columns (for the decryption key schedule)\n")
	var s [16]byte
	binary.LittleEndian.PutUint64(s[:], rs1)
	out := sem.AESInvMixColumns(s)
	e.printf("  rs1 = %s = %s: columns 0 and 1\n", e.reg(in.Rs1), e.s.hex(rs1))
	for c := 0; c < 2; c++ {
		e.printf("    column %d: %s → %s\n", c, hexSpaced(s[4*c:4*c+4]), hexSpaced(out[4*c:4*c+4]))
	}
	e.result(sem.AES64IM(rs1), 64)
}

func (e *explainer) aes64ks() {
	in := e.r.in
	rs1, rs2 := e.x(in.Rs1), e.x(in.Rs2)
	if in.Op == isa.AES64KS1I {
		rnum := uint(in.Imm)
		t := uint32(rs1 >> 32)
		e.printf("  aes64ks1i ([Crypto] §3.10): first key-schedule step, round constant %d\n", rnum)
		e.printf("  tmp1 = rs1[63:32]               = 0x%08x\n", t)
		if rnum != 0xa {
			t = bits.RotateLeft32(t, -8)
			e.printf("  tmp2 = ror32(tmp1, 8) (RotWord) = 0x%08x\n", t)
		} else {
			e.printf("  tmp2 = tmp1 (rnum 0xa: no RotWord, no constant; AES-256's odd rounds)\n")
		}
		sw := sem.AESSubWord(t)
		e.printf("  tmp3 = SubWord(tmp2)            = 0x%08x\n", sw)
		v, _ := sem.AES64KS1I(rs1, rnum)
		e.printf("  rd = (tmp3 ^ rcon) twice        = 0x%016x\n", v)
		e.result(v, 64)
		return
	}
	v := sem.AES64KS2(rs1, rs2)
	e.printf("  aes64ks2 ([Crypto] §3.11): second key-schedule step\n")
	e.printf("  w0 = rs1[63:32] ^ rs2[31:0]      = 0x%08x\n", uint32(v))
	e.printf("  w1 = w0 ^ rs2[63:32]             = 0x%08x\n", uint32(v>>32))
	e.result(v, 64)
}

func (e *explainer) clmul() {
	in := e.r.in
	a, b := e.x(in.Rs1), e.x(in.Rs2)
	var hi, lo, res uint64
	if e.xlen == 32 {
		a32, b32 := uint32(a), uint32(b)
		hi, lo = uint64(sem.Clmulh32(a32, b32)), uint64(sem.Clmul32(a32, b32))
		switch in.Op {
		case isa.CLMUL:
			res = lo
		case isa.CLMULH:
			res = hi
		default:
			res = uint64(sem.Clmulr32(a32, b32))
		}
	} else {
		hi, lo = sem.Clmulh64(a, b), sem.Clmul64(a, b)
		switch in.Op {
		case isa.CLMUL:
			res = lo
		case isa.CLMULH:
			res = hi
		default:
			res = sem.Clmulr64(a, b)
		}
	}
	e.printf("  %s: carry-less (XOR, GF(2)[x]) product of rs1 = %s = %s and rs2 = %s = %s\n",
		in.Op, e.reg(in.Rs1), e.s.hex(a), e.reg(in.Rs2), e.s.hex(b))
	var set []string
	for i := 0; i < e.xlen; i++ {
		if b>>i&1 != 0 {
			set = append(set, strconv.Itoa(i))
		}
	}
	if len(set) <= 16 {
		e.printf("  rs2 has bits {%s}: the product is the XOR of rs1 shifted left by each\n", strings.Join(set, ", "))
	}
	e.printf("  %d-bit product = %s:%s (high:low)\n", 2*e.xlen, e.s.hex(hi), e.s.hex(lo))
	switch in.Op {
	case isa.CLMUL:
		e.printf("  clmul keeps the low half\n")
	case isa.CLMULH:
		e.printf("  clmulh keeps the high half\n")
	default:
		e.printf("  clmulr keeps bits %d..%d (the product of the bit-reversed operands, reversed)\n", 2*e.xlen-2, e.xlen-1)
	}
	e.result(res, e.xlen)
}

func (e *explainer) sha() {
	in := e.r.in
	f := map[isa.Op]sem.SHAFunc{
		isa.SHA256SIG0: sem.SHA256Sig0Func, isa.SHA256SIG1: sem.SHA256Sig1Func,
		isa.SHA256SUM0: sem.SHA256Sum0Func, isa.SHA256SUM1: sem.SHA256Sum1Func,
		isa.SHA512SIG0: sem.SHA512Sig0Func, isa.SHA512SIG1: sem.SHA512Sig1Func,
		isa.SHA512SUM0: sem.SHA512Sum0Func, isa.SHA512SUM1: sem.SHA512Sum1Func,
		isa.SM3P0: sem.SM3P0Func, isa.SM3P1: sem.SM3P1Func,
	}[in.Op]
	ex := sem.ExplainSHA(f, e.x(in.Rs1))
	name, formula, res, width, xv := ex.Name, ex.Formula, ex.Result, ex.Width, ex.X
	digits := width / 4
	fn, std, _ := strings.Cut(name, " ")
	e.printf("  %s: %s(x) = %s %s, x = rs1 = %s = 0x%0*x\n", in.Op, fn, formula, std, e.reg(in.Rs1), digits, xv)
	var acc uint64
	for _, t := range ex.Terms {
		e.printf("    %-8s = 0x%0*x\n", t.Expr, digits, t.Value)
		acc ^= t.Value
	}
	e.printf("    %-8s = 0x%0*x\n", "XOR", digits, res)
	if acc != res {
		e.printf("    !! the terms XOR to 0x%0*x\n", digits, acc)
	}
	e.result(res, width)
}

// ---- Vector crypto ----

// vstate is the vector configuration the instruction ran with and its registers before.
type vstate struct {
	vlenb int
	vl    int
	sew   int
	regs  []byte // before
	now   []byte // after
}

func (e *explainer) vec() (*vstate, bool) {
	v := e.s.h.V
	if v == nil || e.r.v == nil {
		e.printf("  (no vector state recorded)\n")
		return nil, false
	}
	vt := e.r.vtype
	return &vstate{vlenb: v.VLENB, vl: int(e.r.vl), sew: 8 << (vt >> 3 & 7), regs: e.r.v, now: v.Reg}, true
}

func load4(regs []byte, vlenb, vreg, i int) (w [4]uint32) {
	b := regs[vreg*vlenb+16*i:]
	for k := range w {
		w[k] = binary.LittleEndian.Uint32(b[4*k:])
	}
	return w
}

func load8(regs []byte, vlenb, vreg, i int) (w [8]uint32) {
	b := regs[vreg*vlenb+32*i:]
	for k := range w {
		w[k] = binary.LittleEndian.Uint32(b[4*k:])
	}
	return w
}

func load4D(regs []byte, vlenb, vreg, i int) (w [4]uint64) {
	b := regs[vreg*vlenb+32*i:]
	for k := range w {
		w[k] = binary.LittleEndian.Uint64(b[8*k:])
	}
	return w
}

func words(w []uint32) string {
	var parts []string
	for _, x := range w {
		parts = append(parts, fmt.Sprintf("%08x", x))
	}
	return "{" + strings.Join(parts, " ") + "}"
}

// groups returns the element groups to show (egs elements each) and prints a note for
// those left out.
func (e *explainer) groups(vs *vstate, egs int) []int {
	n := vs.vl / egs
	if n == 0 {
		e.printf("  vl = %d: no element group was processed\n", vs.vl)
		return nil
	}
	if e.group >= 0 {
		if e.group >= n {
			e.printf("  element group %d: only %d were processed (vl = %d)\n", e.group, n, vs.vl)
			return nil
		}
		return []int{e.group}
	}
	var gs []int
	for i := 0; i < n && i < 4; i++ {
		gs = append(gs, i)
	}
	if n > 4 {
		e.printf("  (%d element groups; showing 0-3: 'explain G' shows group G)\n", n)
	}
	return gs
}

func (e *explainer) vaes() {
	in := e.r.in
	vs, ok := e.vec()
	if !ok {
		return
	}
	kind := map[isa.Op]sem.AESRoundKind{
		isa.VAESEF_VV: sem.AESRoundEncFinal, isa.VAESEF_VS: sem.AESRoundEncFinal,
		isa.VAESEM_VV: sem.AESRoundEncMiddle, isa.VAESEM_VS: sem.AESRoundEncMiddle,
		isa.VAESDF_VV: sem.AESRoundDecFinal, isa.VAESDF_VS: sem.AESRoundDecFinal,
		isa.VAESDM_VV: sem.AESRoundDecMiddle, isa.VAESDM_VS: sem.AESRoundDecMiddle,
		isa.VAESZ_VS: sem.AESRoundZero,
	}[in.Op]
	dotVS := emu.ScalarElementGroup(in.Op)
	desc := map[sem.AESRoundKind]string{
		sem.AESRoundEncMiddle: "a middle encryption round: SubBytes, ShiftRows, MixColumns, AddRoundKey",
		sem.AESRoundEncFinal:  "the final encryption round: SubBytes, ShiftRows, AddRoundKey",
		sem.AESRoundDecMiddle: "a middle decryption round: InvShiftRows, InvSubBytes, AddRoundKey, InvMixColumns",
		sem.AESRoundDecFinal:  "the final decryption round: InvShiftRows, InvSubBytes, AddRoundKey",
		sem.AESRoundZero:      "round zero: AddRoundKey",
	}[kind]
	e.printf("  %s ([VCrypto] Zvkned): %s, on each 128-bit element group of vd (the state, FIPS-197 byte order)\n", in.Op, desc)
	keyFrom := fmt.Sprintf("the same group of v%d", in.Rs2)
	if dotVS {
		keyFrom = fmt.Sprintf("element group 0 of v%d, for every group", in.Rs2)
	}
	e.printf("  round key: %s; vl = %d (e%d): %d group(s)\n", keyFrom, vs.vl, vs.sew, vs.vl/4)
	for _, g := range e.groups(vs, 4) {
		state := load4(vs.regs, vs.vlenb, int(in.Rd), g)
		kg := g
		if dotVS {
			kg = 0
		}
		key := load4(vs.regs, vs.vlenb, int(in.Rs2), kg)
		steps := sem.VAESRoundSteps(kind, state, key)
		e.printf("  element group %d:\n", g)
		names := []string{}
		var states [][16]byte
		for i := 0; i < steps.N; i++ {
			names = append(names, steps.Steps[i].Name)
			states = append(states, steps.Steps[i].State)
		}
		e.printStates("    ", names, states)
		kb := sem.AESStateFromGroup(key)
		e.printf("    round key:  %s\n", hexSpaced(kb[:]))
		res := steps.Result()
		got := sem.AESStateFromGroup(load4(vs.now, vs.vlenb, int(in.Rd), g))
		if got != res {
			e.printf("    !! v%d group %d holds %s\n", in.Rd, g, hexSpaced(got[:]))
		}
	}
}

func (e *explainer) vaeskf() {
	in := e.r.in
	vs, ok := e.vec()
	if !ok {
		return
	}
	uimm := uint(in.Imm)
	if in.Op == isa.VAESKF1_VI {
		e.printf("  vaeskf1.vi ([VCrypto] Zvkned): the AES-128 round key of round %d from the previous one (vs2)\n", sem.VAESKF1Round(uimm))
	} else {
		e.printf("  vaeskf2.vi ([VCrypto] Zvkned): the AES-256 round key of round %d from the two previous ones (vd, vs2)\n", sem.VAESKF2Round(uimm))
	}
	for _, g := range e.groups(vs, 4) {
		cur := load4(vs.regs, vs.vlenb, int(in.Rs2), g)
		var out [4]uint32
		e.printf("  element group %d:\n", g)
		if in.Op == isa.VAESKF1_VI {
			out = sem.VAESKF1(cur, uimm)
			e.printf("    previous key  %s\n", words(cur[:]))
		} else {
			prev := load4(vs.regs, vs.vlenb, int(in.Rd), g)
			out = sem.VAESKF2(prev, cur, uimm)
			e.printf("    two back (vd) %s\n    previous      %s\n", words(prev[:]), words(cur[:]))
		}
		e.printf("    round key     %s  (w[0] from SubWord(RotWord(w[3])) ^ rcon; each next w = previous ^ key word)\n", words(out[:]))
	}
}

func (e *explainer) vsm4() {
	in := e.r.in
	vs, ok := e.vec()
	if !ok {
		return
	}
	if in.Op == isa.VSM4K_VI {
		e.printf("  vsm4k.vi ([VCrypto] Zvksed): four rounds of the SM4 key expansion, round group %d (CK %d..%d)\n", in.Imm&7, 4*(in.Imm&7), 4*(in.Imm&7)+3)
	} else {
		e.printf("  %s ([VCrypto] Zvksed): four SM4 rounds on each element group of vd with the round keys of vs2\n", in.Op)
	}
	dotVS := emu.ScalarElementGroup(in.Op)
	for _, g := range e.groups(vs, 4) {
		e.printf("  element group %d:\n", g)
		if in.Op == isa.VSM4K_VI {
			rk := load4(vs.regs, vs.vlenb, int(in.Rs2), g)
			e.printf("    rk0..rk3 = %s\n", words(rk[:]))
			steps := sem.VSM4KSteps(rk, uint(in.Imm))
			for i, st := range steps {
				ck := sem.SM4CK[4*(uint(in.Imm)&7)+uint(i)]
				e.printf("    round %d: B = rk%d^rk%d^rk%d^CK = 0x%08x (CK 0x%08x), S = τ(B) = 0x%08x, rk%d = rk%d ^ L'(S) = 0x%08x\n",
					i, i+1, i+2, i+3, st.B, ck, st.S, i+4, i, st.Out)
			}
			continue
		}
		x := load4(vs.regs, vs.vlenb, int(in.Rd), g)
		kg := g
		if dotVS {
			kg = 0
		}
		rk := load4(vs.regs, vs.vlenb, int(in.Rs2), kg)
		e.printf("    x0..x3 = %s   rk0..rk3 = %s\n", words(x[:]), words(rk[:]))
		for i, st := range sem.VSM4RSteps(x, rk) {
			e.printf("    round %d: B = x%d^x%d^x%d^rk%d = 0x%08x, S = τ(B) = 0x%08x, x%d = x%d ^ L(S) = 0x%08x\n",
				i, i+1, i+2, i+3, i, st.B, st.S, i+4, i, st.Out)
		}
		out := load4(vs.now, vs.vlenb, int(in.Rd), g)
		e.printf("    vd = x4..x7 = %s\n", words(out[:]))
	}
}

func (e *explainer) vghsh() {
	in := e.r.in
	vs, ok := e.vec()
	if !ok {
		return
	}
	gmul := in.Op == isa.VGMUL_VV
	if gmul {
		e.printf("  vgmul.vv ([VCrypto] Zvkg): Y·H in GF(2^128) (GCM's bit order) for each element group: Y in vd, H in vs2\n")
	} else {
		e.printf("  vghsh.vv ([VCrypto] Zvkg): one GHASH step Y' = (Y ^ X)·H per element group: Y in vd, X in vs1, H in vs2\n")
	}
	for _, g := range e.groups(vs, 4) {
		y := load4(vs.regs, vs.vlenb, int(in.Rd), g)
		h := load4(vs.regs, vs.vlenb, int(in.Rs2), g)
		var x [4]uint32
		if !gmul {
			x = load4(vs.regs, vs.vlenb, int(in.Rs1), g)
		}
		st := sem.ExplainGHSH(y, x, h)
		e.printf("  element group %d (bytes in block order):\n", g)
		e.printf("    Y     = %s\n", hexSpaced(st.Y[:]))
		if !gmul {
			e.printf("    X     = %s\n", hexSpaced(st.X[:]))
		}
		e.printf("    H     = %s\n", hexSpaced(st.H[:]))
		if !gmul {
			e.printf("    Y ^ X = %s\n", hexSpaced(st.S[:]))
		}
		e.printf("    as polynomials (brev8, bit i = coefficient of x^i): S = 0x%016x%016x, H = 0x%016x%016x\n", st.SHi, st.SLo, st.HHi, st.HLo)
		e.printf("    Z = S·H mod x^128+x^7+x^2+x+1 = 0x%016x%016x\n", st.ZHi, st.ZLo)
		z := st.Result
		e.printf("    Y'    = brev8(Z) = %s\n", hexSpaced(z[:]))
		want := sem.VGHSH(y, x, h)
		if sem.AESStateFromGroup(want) != z {
			e.printf("    !! the emulator computed %s\n", words(want[:]))
		}
	}
}

func (e *explainer) vsha2() {
	in := e.r.in
	vs, ok := e.vec()
	if !ok {
		return
	}
	egBytes := 4 * vs.sew / 8
	name := "SHA-256"
	if vs.sew == 64 {
		name = "SHA-512"
	}
	if in.Op == isa.VSHA2MS_VV {
		e.printf("  vsha2ms.vv ([VCrypto] Zvknh): four %s message-schedule words W[16..19] per element group\n", name)
	} else {
		half := "elements 1..0"
		if in.Op == isa.VSHA2CH_VV {
			half = "elements 3..2"
		}
		e.printf("  %s ([VCrypto] Zvknh): two %s rounds per element group: {c,d,g,h} in vd, {a,b,e,f} in vs2, W+K from vs1 %s\n", in.Op, name, half)
	}
	_ = egBytes
	for _, g := range e.groups(vs, 4) {
		var vd, vs2, vs1, out [4]uint64
		if vs.sew == 64 {
			vd, vs2, vs1 = load4D(vs.regs, vs.vlenb, int(in.Rd), g), load4D(vs.regs, vs.vlenb, int(in.Rs2), g), load4D(vs.regs, vs.vlenb, int(in.Rs1), g)
			out = load4D(vs.now, vs.vlenb, int(in.Rd), g)
		} else {
			a, b, c, d := load4(vs.regs, vs.vlenb, int(in.Rd), g), load4(vs.regs, vs.vlenb, int(in.Rs2), g), load4(vs.regs, vs.vlenb, int(in.Rs1), g), load4(vs.now, vs.vlenb, int(in.Rd), g)
			for k := 0; k < 4; k++ {
				vd[k], vs2[k], vs1[k], out[k] = uint64(a[k]), uint64(b[k]), uint64(c[k]), uint64(d[k])
			}
		}
		digits := vs.sew / 4
		f := func(w [4]uint64) string {
			var p []string
			for _, x := range w {
				p = append(p, fmt.Sprintf("%0*x", digits, x))
			}
			return "{" + strings.Join(p, " ") + "}"
		}
		e.printf("  element group %d (element 0 first):\n    vd  = %s\n    vs2 = %s\n    vs1 = %s\n", g, f(vd), f(vs2), f(vs1))
		if in.Op != isa.VSHA2MS_VV {
			for i, r := range sem.VSHA2CSteps(vs.sew, vd, vs2, vs1, in.Op == isa.VSHA2CH_VV) {
				e.printf("    round %d: T1 = %0*x  T2 = %0*x\n      a..h = %0*x %0*x %0*x %0*x %0*x %0*x %0*x %0*x\n", i,
					digits, r.T1, digits, r.T2, digits, r.A, digits, r.B, digits, r.C, digits, r.D, digits, r.E, digits, r.F, digits, r.G, digits, r.H)
			}
		}
		e.printf("    vd' = %s\n", f(out))
	}
}

func (e *explainer) vsm3() {
	in := e.r.in
	vs, ok := e.vec()
	if !ok {
		return
	}
	if in.Op == isa.VSM3ME_VV {
		e.printf("  vsm3me.vv ([VCrypto] Zvksh): eight SM3 message-expansion words W[j+16..j+23] from W[j..j+15] (vs1, vs2)\n")
	} else {
		e.printf("  vsm3c.vi ([VCrypto] Zvksh): SM3 compression rounds %d and %d: state {A..H} in vd, words in vs2 (byte-swapped)\n", 2*(in.Imm&31), 2*(in.Imm&31)+1)
	}
	for _, g := range e.groups(vs, 8) {
		vd := load8(vs.regs, vs.vlenb, int(in.Rd), g)
		vs2 := load8(vs.regs, vs.vlenb, int(in.Rs2), g)
		out := load8(vs.now, vs.vlenb, int(in.Rd), g)
		e.printf("  element group %d:\n", g)
		if in.Op == isa.VSM3ME_VV {
			vs1 := load8(vs.regs, vs.vlenb, int(in.Rs1), g)
			e.printf("    vs1 = %s\n    vs2 = %s\n    vd' = %s\n", words(vs1[:]), words(vs2[:]), words(out[:]))
			continue
		}
		e.printf("    vd  = %s\n    vs2 = %s\n", words(vd[:]), words(vs2[:]))
		for _, r := range sem.VSM3CSteps(vd, vs2, uint(in.Imm)) {
			e.printf("    round %d: SS1 %08x SS2 %08x TT1 %08x TT2 %08x\n      A..H = %08x %08x %08x %08x %08x %08x %08x %08x\n",
				r.J, r.SS1, r.SS2, r.TT1, r.TT2, r.A, r.B, r.C, r.D, r.E, r.F, r.G, r.H)
		}
		e.printf("    vd' = %s\n", words(out[:]))
	}
}

// ---- Everything else ----

// formulas describe the common instructions: rd = an expression of rs1, rs2, imm and pc.
var formulas = map[isa.Op]string{
	isa.ADD: "rs1 + rs2", isa.SUB: "rs1 - rs2", isa.AND: "rs1 & rs2", isa.OR: "rs1 | rs2",
	isa.XOR: "rs1 ^ rs2", isa.SLL: "rs1 << rs2", isa.SRL: "rs1 >> rs2 (logical)",
	isa.SRA: "rs1 >> rs2 (arithmetic)", isa.SLT: "rs1 < rs2 (signed) ? 1 : 0",
	isa.SLTU: "rs1 < rs2 (unsigned) ? 1 : 0", isa.ADDI: "rs1 + imm", isa.ANDI: "rs1 & imm",
	isa.ORI: "rs1 | imm", isa.XORI: "rs1 ^ imm", isa.SLLI: "rs1 << imm", isa.SRLI: "rs1 >> imm (logical)",
	isa.SRAI: "rs1 >> imm (arithmetic)", isa.SLTI: "rs1 < imm (signed) ? 1 : 0",
	isa.SLTIU: "rs1 < imm (unsigned) ? 1 : 0", isa.LUI: "imm", isa.AUIPC: "pc + imm",
	isa.ADDW: "sext32(rs1 + rs2)", isa.SUBW: "sext32(rs1 - rs2)", isa.ADDIW: "sext32(rs1 + imm)",
	isa.SLLW: "sext32(rs1 << rs2)", isa.SRLW: "sext32(rs1[31:0] >> rs2)", isa.SRAW: "sext32(rs1[31:0] >> rs2, arithmetic)",
	isa.SLLIW: "sext32(rs1 << imm)", isa.SRLIW: "sext32(rs1[31:0] >> imm)", isa.SRAIW: "sext32(rs1[31:0] >> imm, arithmetic)",
	isa.MUL: "rs1 × rs2 (low bits)", isa.MULH: "rs1 × rs2 (high bits, signed)", isa.MULHU: "rs1 × rs2 (high bits, unsigned)",
	isa.MULHSU: "rs1 × rs2 (high bits, signed × unsigned)", isa.MULW: "sext32(rs1 × rs2)",
	isa.DIV: "rs1 ÷ rs2 (signed)", isa.DIVU: "rs1 ÷ rs2 (unsigned)", isa.REM: "rs1 mod rs2 (signed)", isa.REMU: "rs1 mod rs2 (unsigned)",
	isa.ANDN: "rs1 & ~rs2", isa.ORN: "rs1 | ~rs2", isa.XNOR: "~(rs1 ^ rs2)",
	isa.ROL: "rs1 rotated left by rs2", isa.ROR: "rs1 rotated right by rs2", isa.RORI: "rs1 rotated right by imm",
	isa.ROLW: "sext32(rs1[31:0] rotated left by rs2)", isa.RORW: "sext32(rs1[31:0] rotated right by rs2)",
	isa.RORIW: "sext32(rs1[31:0] rotated right by imm)", isa.REV8: "the bytes of rs1 in reverse order",
	isa.BREV8: "the bits of each byte of rs1 reversed", isa.ORC_B: "each byte of rs1: 0xff if non-zero, else 0",
	isa.PACK: "low half of rs2 : low half of rs1", isa.PACKH: "rs2[7:0] : rs1[7:0]", isa.PACKW: "sext32(rs2[15:0] : rs1[15:0])",
	isa.ZIP: "bits of rs1's halves interleaved", isa.UNZIP: "even and odd bits of rs1 separated into halves",
	isa.XPERM8: "bytes of rs1 selected by the byte indices in rs2", isa.XPERM4: "nibbles of rs1 selected by the nibble indices in rs2",
	isa.CLZ: "leading zero bits of rs1", isa.CTZ: "trailing zero bits of rs1", isa.CPOP: "set bits in rs1",
	isa.MIN: "min(rs1, rs2) (signed)", isa.MAX: "max(rs1, rs2) (signed)", isa.MINU: "min(rs1, rs2) (unsigned)", isa.MAXU: "max(rs1, rs2) (unsigned)",
	isa.SEXT_B: "sext(rs1[7:0])", isa.SEXT_H: "sext(rs1[15:0])", isa.ZEXT_H: "zext(rs1[15:0])",
	isa.SH1ADD: "(rs1 << 1) + rs2", isa.SH2ADD: "(rs1 << 2) + rs2", isa.SH3ADD: "(rs1 << 3) + rs2",
	isa.ADD_UW: "zext32(rs1) + rs2", isa.BSET: "rs1 | 1 << rs2", isa.BCLR: "rs1 & ~(1 << rs2)",
	isa.BINV: "rs1 ^ 1 << rs2", isa.BEXT: "(rs1 >> rs2) & 1", isa.BSETI: "rs1 | 1 << imm", isa.BCLRI: "rs1 & ~(1 << imm)",
	isa.BINVI: "rs1 ^ 1 << imm", isa.BEXTI: "(rs1 >> imm) & 1",
}

var branchConds = map[isa.Op]string{
	isa.BEQ: "==", isa.BNE: "!=", isa.BLT: "< (signed)", isa.BGE: ">= (signed)", isa.BLTU: "< (unsigned)", isa.BGEU: ">= (unsigned)",
}

func (e *explainer) generic() {
	r := e.r
	in := r.in
	row := isa.RowOf(in.Op, e.xlen)
	if row == nil {
		e.printf("  (no description)\n")
		return
	}
	val := func(reg uint8) string { return fmt.Sprintf("%s = %#x", e.reg(reg), e.x(reg)) }
	next := e.s.h.PC
	switch {
	case formulas[in.Op] != "":
		f := formulas[in.Op]
		var ops []string
		if strings.Contains(f, "rs1") {
			ops = append(ops, "rs1: "+val(in.Rs1))
		}
		if strings.Contains(f, "rs2") {
			ops = append(ops, "rs2: "+val(in.Rs2))
		}
		if strings.Contains(f, "imm") {
			ops = append(ops, fmt.Sprintf("imm = %#x", in.Imm))
		}
		if strings.Contains(f, "pc") {
			ops = append(ops, fmt.Sprintf("pc = %#x", r.pc))
		}
		e.printf("  rd = %s, with %s\n", f, strings.Join(ops, ", "))
		if in.Rd == 0 {
			e.printf("  (rd is zero: the result is discarded)\n")
		} else {
			e.printf("  %s = %s\n", e.reg(in.Rd), e.s.hex(e.rd()))
		}
	case row.Class == isa.ClassLoad:
		a := (e.x(in.Rs1) + uint64(in.Imm)) & e.s.mask()
		ext := "sign-extended"
		if in.Op == isa.LBU || in.Op == isa.LHU || in.Op == isa.LWU {
			ext = "zero-extended"
		}
		e.printf("  rd = mem[rs1 + imm] (%d bytes, %s): address %s + %#x = %s\n", row.Mem, ext, val(in.Rs1), in.Imm, e.s.where(a))
		e.printf("  %s = %s\n", e.reg(in.Rd), e.s.hex(e.rd()))
	case row.Class == isa.ClassStore:
		a := (e.x(in.Rs1) + uint64(in.Imm)) & e.s.mask()
		e.printf("  mem[rs1 + imm] = low %d bytes of rs2: address %s + %#x = %s, %s\n", row.Mem, val(in.Rs1), in.Imm, e.s.where(a), val(in.Rs2))
	case row.Class == isa.ClassBranch:
		taken := next != r.pc+uint64(in.Len)
		word := "not taken: falls through"
		if taken {
			word = "taken"
		}
		e.printf("  branch if rs1 %s rs2: %s, %s: %s, to %s\n", branchConds[in.Op], val(in.Rs1), val(in.Rs2), word, e.s.where(next))
	case in.Op == isa.JAL || in.Op == isa.JALR:
		link := fmt.Sprintf("%s = pc + %d = %#x (the return address), then ", e.reg(in.Rd), in.Len, r.pc+uint64(in.Len))
		if in.Rd == 0 {
			link = "no link (rd is zero): "
		}
		if in.Op == isa.JAL {
			e.printf("  %sjump to pc %+#x = %s\n", link, in.Imm, e.s.where(next))
		} else {
			e.printf("  %sjump to (rs1 + imm) & ~1 with %s, imm %#x: %s\n", link, val(in.Rs1), in.Imm, e.s.where(next))
		}
	case row.Class == isa.ClassCSR:
		name, _ := isa.CSRName(uint16(in.Imm)&0xfff, e.xlen)
		e.printf("  rd = the old value of %s; %s is written (csrrw) or has bits set/cleared (csrrs/csrrc) from %s\n", name, name, row.Name)
		if in.Rd != 0 {
			e.printf("  %s = %s\n", e.reg(in.Rd), e.s.hex(e.rd()))
		}
	case in.Op == isa.ECALL && e.s.h.Linux != nil:
		e.printf("  Linux system call a7 = %d with a0..a2 = %#x, %#x, %#x; it returned a0 = %s\n",
			r.x[17], r.x[10], r.x[11], r.x[12], e.s.hex(e.s.h.Reg(10)))
	case row.Args.Vector() || row.Class == isa.ClassVSet:
		e.vgeneric(row)
	default:
		var parts []string
		if row.Args.ReadsRs1() {
			parts = append(parts, "reads "+val(in.Rs1))
		}
		if row.Args.ReadsRs2() {
			parts = append(parts, "reads "+val(in.Rs2))
		}
		if row.Args.WritesRd() && in.Rd != 0 {
			parts = append(parts, fmt.Sprintf("writes %s = %s", e.reg(in.Rd), e.s.hex(e.rd())))
		}
		if len(parts) == 0 {
			parts = append(parts, "no register operands")
		}
		e.printf("  %s (%s): %s\n", row.Name, row.Class, strings.Join(parts, "; "))
	}
}

// vgeneric describes a vector instruction without crypto steps: its configuration and the
// registers it changed.
func (e *explainer) vgeneric(row *isa.Row) {
	v := e.s.h.V
	if v == nil {
		return
	}
	vs, ok := e.vec()
	if !ok {
		return
	}
	e.printf("  %s (%s) with vl = %d, vtype %#x%s\n", row.Name, row.Class, e.r.vl, e.r.vtype, csrNote(0xc21, e.r.vtype, e.xlen))
	if row.Class == isa.ClassVSet {
		e.printf("  now vl = %d, vtype %#x%s\n", v.VL, v.VType, csrNote(0xc21, v.VType, e.xlen))
		return
	}
	sew := vs.sew
	for r := 0; r < 32; r++ {
		old := vs.regs[r*vs.vlenb : (r+1)*vs.vlenb]
		cur := vs.now[r*vs.vlenb : (r+1)*vs.vlenb]
		if !equalBytes(old, cur) {
			e.printf("    v%-3d %s\n       → %s\n", r, vecElems(old, sew), vecElems(cur, sew))
		}
	}
}
