package kernels

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"rvsim/elf"
	"rvsim/emu"
)

// This file is the one place that knows the kernels' calling convention (kernels/README.md,
// the prototypes of kernels/src/modes.c): the mode names, the entry points' names, the
// buffers and key schedules a data call needs and its argument lists, where the kernel ELFs
// live, and how many instructions a call may take. `rvsim verify` (through the Kernel
// methods), `rvsim bench` and `rvsim debug --kernel --vector` all call the kernels through it.

// Mode is a mode of operation with a data entry point.
type Mode struct {
	Name    string   // canonical: the name Modes reports and the tools print
	Aliases []string // other names accepted on command lines
	OpenSSL string   // what `openssl speed -evp sm4-…` calls it in its rows (SM4-CFB)
	// OneWay: the same entry point encrypts and decrypts (FAMILY_MODE_encrypt).
	OneWay bool
	// DecKey: decryption runs with the decryption key schedule (FAMILY_set_decrypt_key).
	DecKey bool
	// Chained: the call takes an IV or counter block (ks, iv, in, out, len).
	Chained bool
	// AEAD: an init call sets up a context, and the data call takes AAD and a tag.
	AEAD bool
}

// The data modes, in the order the tools list them.
var dataModes = []Mode{
	{Name: ModeBlock, DecKey: true},
	{Name: ModeECB, DecKey: true},
	{Name: ModeCBC, DecKey: true, Chained: true},
	{Name: ModeCFB, Aliases: []string{"cfb"}, OpenSSL: "cfb", Chained: true},
	{Name: ModeOFB, OneWay: true, Chained: true},
	{Name: ModeCTR, OneWay: true, Chained: true},
	{Name: ModeGCM, AEAD: true},
	{Name: ModeCCM, AEAD: true},
	{Name: ModeXTS, DecKey: true},
}

// DataModes lists the data modes (block, ecb, cbc, cfb128, ofb, ctr, gcm, ccm, xts).
func DataModes() []Mode { return append([]Mode(nil), dataModes...) }

// LookupMode resolves a mode name or alias ("cfb" → cfb128), case-insensitively.
func LookupMode(name string) (Mode, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, m := range dataModes {
		if m.Name == name {
			return m, true
		}
		for _, a := range m.Aliases {
			if a == name {
				return m, true
			}
		}
	}
	return Mode{}, false
}

// Label is the mode's name in openssl speed's rows, upper-cased by the caller: "cfb" for
// cfb128, the canonical name otherwise.
func (m Mode) Label() string {
	if m.OpenSSL != "" {
		return m.OpenSSL
	}
	return m.Name
}

// EntryPoint is the data entry point of mode in one direction: sm4_encrypt,
// aes_cbc_decrypt, sm4_ofb_encrypt (both directions), sm4_gcm_encrypt_ghash_zbc,
// aes_ccm_decrypt. ghash is GCM's GHASH variant.
func EntryPoint(family, mode, ghash string, decrypt bool) string {
	m, _ := LookupMode(mode)
	dir := "encrypt"
	if decrypt && !m.OneWay {
		dir = "decrypt"
	}
	switch m.Name {
	case ModeBlock:
		return family + "_" + dir
	case ModeGCM:
		return family + "_gcm_" + dir + "_ghash_" + ghash
	}
	return family + "_" + m.Name + "_" + dir
}

// InitEntryPoint is the context set-up of an AEAD mode (FAMILY_gcm_init_ghash_G,
// FAMILY_ccm_init); "" for the other modes.
func InitEntryPoint(family, mode, ghash string) string {
	switch mode {
	case ModeGCM:
		return family + "_gcm_init_ghash_" + ghash
	case ModeCCM:
		return family + "_ccm_init"
	}
	return ""
}

// ErrNotDataEntry is returned (wrapped) by ParseEntryPoint for a name that is not a data
// entry point of the family.
var ErrNotDataEntry = errors.New("not a data entry point (FAMILY_MODE_encrypt or _decrypt)")

// ParseEntryPoint is EntryPoint's inverse: the mode, GHASH variant and direction of a data
// entry point of family.
func ParseEntryPoint(family, sym string) (mode, ghash string, decrypt bool, err error) {
	rest, ok := strings.CutPrefix(sym, family+"_")
	if !ok {
		return "", "", false, fmt.Errorf("%s: not a %s_* entry point: %w", sym, family, ErrNotDataEntry)
	}
	switch {
	case rest == "encrypt" || rest == "decrypt":
		return ModeBlock, "", rest == "decrypt", nil
	case strings.HasPrefix(rest, "gcm_encrypt_ghash_"), strings.HasPrefix(rest, "gcm_decrypt_ghash_"):
		return ModeGCM, rest[len("gcm_encrypt_ghash_"):], strings.HasPrefix(rest, "gcm_decrypt"), nil
	}
	name, dir, ok := strings.Cut(rest, "_")
	if !ok || dir != "encrypt" && dir != "decrypt" {
		return "", "", false, fmt.Errorf("%s: %w", sym, ErrNotDataEntry)
	}
	m, known := LookupMode(name)
	if !known || m.Name != name {
		return "", "", false, fmt.Errorf("%s: no mode %q (want one of %s)", sym, name, strings.Join(modeNames(), ", "))
	}
	return m.Name, "", dir == "decrypt", nil
}

func modeNames() []string {
	var ns []string
	for _, m := range dataModes {
		ns = append(ns, m.Name)
	}
	return ns
}

// ---- where the kernels are -----------------------------------------------------------------

// FileName is a kernel's file name: FAMILY-VARIANT-rvXLEN.elf.
func FileName(family, variant string, xlen int) string {
	return fmt.Sprintf("%s-%s-rv%d.elf", family, variant, xlen)
}

// FindDir finds the directory of the kernel ELFs: dir when given, else $RVSIM_KERNELS, else
// kernels/bin in the working directory or the nearest directory above it that has one.
func FindDir(dir string) (string, error) {
	if dir != "" {
		return dir, nil
	}
	if d := os.Getenv("RVSIM_KERNELS"); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		p := filepath.Join(d, "kernels", "bin")
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			return p, nil
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return "", fmt.Errorf("no kernels/bin directory in %s or any directory above it, and RVSIM_KERNELS is not set", wd)
}

// ---- instruction budgets ------------------------------------------------------------------

// A call may retire BudgetBase + BudgetPerByte instructions per byte it processes (the
// message and the AAD) before it counts as stuck. Measured on the shipped kernels (rvsim
// verify --long and the kernels tests, misaligned buffers included), the slowest retire 187
// instructions per byte (aes-c-rv64 CCM decryption of 1013 misaligned bytes) and at most
// ~6,100 more than 200 per byte (a GCM init building the C GHASH's tables, a CCM call on two
// bytes); the budget leaves twenty times the first and sixteen times the second.
const (
	BudgetPerByte = 4000
	BudgetBase    = 100_000
)

// Budget is the instruction budget of a call that processes n bytes.
func Budget(n int) uint64 { return BudgetBase + BudgetPerByte*uint64(max(n, 0)) }

// BudgetError reports a call that did not return within its instruction budget.
type BudgetError struct {
	Kernel string // the kernel's name
	Sym    string // the entry point
	Budget uint64
	Bytes  int  // what the budget was derived from
	Fixed  bool // the budget was set (MaxInsns), not derived from Bytes
}

func (e *BudgetError) Error() string {
	why := fmt.Sprintf("the budget for %d bytes; --max-insns raises it", e.Bytes)
	if e.Fixed {
		why = "--max-insns"
	}
	return fmt.Sprintf("%s: %s did not return within %d instructions (%s)", e.Kernel, e.Sym, e.Budget, why)
}

// ---- one data call ------------------------------------------------------------------------

// Spec describes one data call of a mode function and what it needs.
type Spec struct {
	Mode    string // a data mode (LookupMode resolves aliases)
	GHASH   string // gcm: the GHASH variant (c, zbc, zvkg, zvbc)
	Decrypt bool
	Key     []byte
	Key2    []byte // xts: the tweak key
	// IV is the IV or counter block (cbc, cfb128, ofb, ctr), the tweak (xts) or the nonce
	// (gcm, ccm; its length is the nonce length passed to the init call).
	IV     []byte
	AAD    []byte // gcm, ccm
	Tag    []byte // gcm, ccm decryption: the tag to check
	TagLen int    // gcm, ccm encryption: the tag length (len(Tag) when decrypting)
	In     []byte // the input, copied to the start of the input buffer
	// Len is the size of the input and output buffers (at least len(In)); a call may then
	// process any length up to it.
	Len int
	// InPlace makes the output buffer the input buffer.
	InPlace bool
}

// Prepared is a data call ready to run: its key schedules expanded, its context initialised
// (gcm, ccm) and its buffers placed in the machine's scratch memory. Every call gets the
// same layout, in this order: key, encryption schedule, decryption schedule, IV, context,
// tag, input, output; then (when used) the AAD and xts's tweak key and its schedule.
type Prepared struct {
	k       *Kernel
	mc      *emu.Machine
	spec    Spec
	mode    Mode
	Sym     string // the data entry point
	Addr    uint64 // its address
	ks      uint64 // the schedule the data call takes
	ks2     uint64 // xts: the tweak key's schedule
	IV      uint64
	Ctx     uint64
	Tag     uint64
	In, Out uint64
	AAD     uint64 // 0 when there is none
}

// Machine returns the emulator an entry point runs on (loading the ELF the first time), so
// that a caller can attach observers (a cycle model) before Prepare runs any code on it.
func (k *Kernel) Machine(sym string) (*emu.Machine, error) { return k.machine(k.ISA(sym)) }

// File is the kernel's ELF.
func (k *Kernel) File() *elf.File { return k.file }

// Prepare sets up a data call on the kernel's machine for its entry point, releasing the
// buffers of earlier calls. k.SetupInsns counts the key schedules and context set-up.
func (k *Kernel) Prepare(s Spec) (*Prepared, error) {
	m, ok := LookupMode(s.Mode)
	if !ok {
		return nil, fmt.Errorf("mode %q: want one of %s", s.Mode, strings.Join(modeNames(), ", "))
	}
	sym := EntryPoint(k.Family, m.Name, s.GHASH, s.Decrypt)
	if err := k.begin(sym); err != nil {
		return nil, err
	}
	return k.prepare(m, sym, s)
}

// PrepareOn sets up a data call on mc, a machine of the caller's (the debugger's) loaded
// from the kernel's ELF, without releasing anything mc holds.
func (k *Kernel) PrepareOn(mc *emu.Machine, s Spec) (*Prepared, error) {
	m, ok := LookupMode(s.Mode)
	if !ok {
		return nil, fmt.Errorf("mode %q: want one of %s", s.Mode, strings.Join(modeNames(), ", "))
	}
	k.cur = mc
	k.Insns, k.SetupInsns = 0, 0
	return k.prepare(m, EntryPoint(k.Family, m.Name, s.GHASH, s.Decrypt), s)
}

func (k *Kernel) prepare(m Mode, sym string, s Spec) (*Prepared, error) {
	if k.Family != "sm4" && k.Family != "aes" {
		return nil, fmt.Errorf("%s: not a block cipher kernel", k.Name)
	}
	if !k.syms[sym] {
		return nil, fmt.Errorf("%s: no entry point %s", k.Name, sym)
	}
	if m.Chained && len(s.IV) != 16 {
		return nil, fmt.Errorf("IV of %d bytes", len(s.IV))
	}
	if m.Name == ModeXTS && len(s.IV) != 16 {
		return nil, fmt.Errorf("XTS tweak of %d bytes", len(s.IV))
	}
	if m.Name == ModeBlock && len(s.In) != 16 {
		return nil, fmt.Errorf("block of %d bytes", len(s.In))
	}
	if k.Family == "sm4" && len(s.Key) != 16 {
		return nil, fmt.Errorf("SM4 key of %d bytes", len(s.Key))
	}
	if s.Decrypt && m.AEAD && s.Tag != nil {
		s.TagLen = len(s.Tag)
	}
	p := &Prepared{k: k, mc: k.cur, spec: s, mode: m, Sym: sym}
	p.Addr, _ = p.mc.Lookup(sym)
	n := max(s.Len, len(s.In))
	var err error
	place := func(b []byte, size int) uint64 {
		if err != nil {
			return 0
		}
		var a uint64
		a, err = k.place(b, size)
		return a
	}
	aligned := func(size int) uint64 {
		if err != nil {
			return 0
		}
		var a uint64
		a, err = k.aligned(size)
		return a
	}
	key := place(s.Key, len(s.Key))
	ks, ks2 := aligned(KeySize), aligned(KeySize)
	p.IV = place(s.IV, max(len(s.IV), 16))
	p.Ctx = aligned(CtxSize)
	p.Tag = place(s.Tag, max(s.TagLen, 16))
	p.In = place(s.In, n)
	p.Out = place(nil, n)
	if s.InPlace {
		p.Out = p.In
	}
	if len(s.AAD) > 0 {
		p.AAD = place(s.AAD, len(s.AAD))
	}
	if err != nil {
		return nil, err
	}
	// The encryption schedule always; the decryption one too when the data call takes it.
	if err := k.expandKey(ks, key, len(s.Key), false); err != nil {
		return nil, err
	}
	p.ks = ks
	if s.Decrypt && m.DecKey {
		if err := k.expandKey(ks2, key, len(s.Key), true); err != nil {
			return nil, err
		}
		p.ks = ks2
	}
	switch {
	case m.Name == ModeXTS:
		key2 := place(s.Key2, len(s.Key2))
		ks3 := aligned(KeySize)
		if err != nil {
			return nil, err
		}
		if err := k.expandKey(ks3, key2, len(s.Key2), false); err != nil {
			return nil, err
		}
		p.ks2 = ks3
	case m.AEAD:
		init := InitEntryPoint(k.Family, m.Name, s.GHASH)
		ret, err := k.call(true, init, len(s.IV), p.Ctx, p.ks, p.IV, uint64(len(s.IV)), uint64(s.TagLen))
		if err != nil {
			return nil, err
		}
		if ret != 0 {
			return nil, fmt.Errorf("%s: %s rejected a %d-byte nonce or a %d-byte tag", k.Name, init, len(s.IV), s.TagLen)
		}
	}
	return p, nil
}

// Args is the data call's argument list for n bytes.
func (p *Prepared) Args(n int) []uint64 {
	l := uint64(n)
	switch {
	case p.mode.Name == ModeBlock:
		return []uint64{p.ks, p.In, p.Out}
	case p.mode.Name == ModeECB:
		return []uint64{p.ks, p.In, p.Out, l}
	case p.mode.Chained:
		return []uint64{p.ks, p.IV, p.In, p.Out, l}
	case p.mode.Name == ModeXTS:
		return []uint64{p.ks, p.ks2, p.IV, p.In, p.Out, l}
	}
	return []uint64{p.Ctx, p.AAD, uint64(len(p.spec.AAD)), p.In, p.Out, l, p.Tag}
}

// ResetIV restores the IV buffer to the Spec's IV (a chained call leaves the next one there).
func (p *Prepared) ResetIV() error {
	if len(p.spec.IV) == 0 || p.mode.AEAD { // the init call has consumed the nonce
		return nil
	}
	return p.mc.Hart.Mem.Write(p.IV, p.spec.IV)
}

// Call runs the data call on n bytes (counted in k.Insns) and returns a0.
func (p *Prepared) Call(n int) (uint64, error) {
	return p.k.callAt(false, p.Sym, p.Addr, n+len(p.spec.AAD), p.Args(n)...)
}

// SealInput prepares an AEAD decryption benchmark: it encrypts the first n bytes of the
// output buffer into the input buffer and the tag, so that the data call sees a ciphertext
// whose tag verifies for n bytes and runs to the end.
func (p *Prepared) SealInput(n int) error {
	if !p.mode.AEAD {
		return fmt.Errorf("mode %s has no tag", p.mode.Name)
	}
	enc := EntryPoint(p.k.Family, p.mode.Name, p.spec.GHASH, false)
	_, err := p.k.call(true, enc, n+len(p.spec.AAD), p.Ctx, p.AAD, uint64(len(p.spec.AAD)), p.Out, p.In, uint64(n), p.Tag)
	return err
}

// Output reads n bytes of the output buffer; ReadIV the IV buffer (16 bytes), ReadTag the
// tag (the Spec's tag length).
func (p *Prepared) Output(n int) ([]byte, error) { return p.k.read(p.Out, n) }
func (p *Prepared) ReadIV() ([]byte, error)      { return p.k.read(p.IV, 16) }
func (p *Prepared) ReadTag() ([]byte, error)     { return p.k.read(p.Tag, p.spec.TagLen) }

// expandKey runs FAMILY_set_encrypt_key or _set_decrypt_key into ks from the n-byte key at
// kp.
func (k *Kernel) expandKey(ks, kp uint64, n int, decrypt bool) error {
	sym := k.Family + "_set_encrypt_key"
	if decrypt {
		sym = k.Family + "_set_decrypt_key"
	}
	if k.Family == "aes" {
		ret, err := k.call(true, sym, n, ks, kp, uint64(8*n))
		if err == nil && ret != 0 {
			err = fmt.Errorf("%s: %s rejected a %d-bit key", k.Name, sym, 8*n)
		}
		return err
	}
	_, err := k.call(true, sym, n, ks, kp)
	return err
}
