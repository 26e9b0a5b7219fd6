// Package kernels loads crypto-kernel ELFs that follow the ABI of kernels/README.md and calls
// their entry points in the emulator: key schedules, the block functions, the modes of
// operation (ECB, CBC, CFB128, OFB, CTR, GCM, CCM, XTS) and GHASH. Each call takes and
// returns Go byte slices and records how many instructions the kernel retired, so tests and
// `rvsim verify` can check a kernel against references and official vectors and report its
// instructions per byte.
//
// A kernel is named FAMILY-VARIANT-rvXLEN.elf (sm4-zksed-zbkb-rv64.elf); the variant names
// the extensions it was built for, and Open runs each entry point with exactly those
// extensions enabled (plus zbc, zvkg or zvbc for the *_ghash_zbc, *_ghash_zvkg and
// *_ghash_zvbc entry points), so a kernel that strays outside them faults with SIGILL. A
// variant with a vector extension (zv...) runs on rvXLENimacv at Kernel.VLEN. A kernel with
// another name runs with every extension rvsim implements.
package kernels

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"rvsim/elf"
	"rvsim/emu"
	"rvsim/isa"
)

// Sizes from the ABI: every key schedule fits in KeySize bytes and every mode context (GCM,
// CCM) in CtxSize bytes; both are 16-byte aligned.
const (
	KeySize   = 512
	CtxSize   = 1024
	GHASHSize = 512
)

// Kernel is a loaded kernel ELF.
type Kernel struct {
	Path    string
	Name    string // the file name without .elf
	Family  string // "sm4", "aes" or "ghash", from the exported symbols
	Variant string // from the file name ("zksed-zbkb"); "" when the name does not follow the scheme
	XLEN    int

	// Misalign, when 1..15, places every data buffer (input, output, IV, nonce, AAD, tag) that
	// many bytes past a 16-byte boundary; key schedules and contexts stay 16-byte aligned.
	Misalign int
	// MaxInsns, when set, is every call's instruction budget instead of Budget of the bytes
	// it processes; a call that runs longer fails with a *BudgetError.
	MaxInsns uint64
	// VLEN is the vector register width in bits the vector kernels run at (0: 128), and
	// AgnosticOnes fills tail- and mask-agnostic vector elements with ones instead of
	// leaving them undisturbed (a kernel that relies on them fails). Both apply from the
	// next call on.
	VLEN         int
	AgnosticOnes bool

	// Insns is what the last operation's data call retired: the mode function itself (for
	// GCM and CCM the encrypt or decrypt call, for GHASH the updates), without key setup or
	// context initialisation, which SetupInsns counts.
	Insns, SetupInsns uint64

	file     *elf.File
	baseISA  string // "" when the name gives no extensions
	machines map[string]*emu.Machine
	syms     map[string]bool
	cur      *emu.Machine
}

var nameRE = regexp.MustCompile(`^([a-z0-9]+)-([a-z0-9][a-z0-9-]*)-rv(32|64)$`)

// ParseName splits a kernel file name (with or without directory and .elf) into family,
// variant and XLEN; ok is false when it does not follow FAMILY-VARIANT-rvXLEN.
func ParseName(path string) (family, variant string, xlen int, ok bool) {
	base := strings.TrimSuffix(filepath.Base(path), ".elf")
	m := nameRE.FindStringSubmatch(base)
	if m == nil {
		return "", "", 0, false
	}
	xlen = 32
	if m[3] == "64" {
		xlen = 64
	}
	return m[1], m[2], xlen, true
}

// unrollRE matches the parts of a variant name that name a code shape, not an extension:
// "x8" in aes-zvkned-x8 (8-block loops).
var unrollRE = regexp.MustCompile(`^x[0-9]+$`)

// VariantISA is the target a variant was built for, in -march syntax: rvXLENimac plus the
// variant's extensions ("c" has none; "x8" and the like name no extension), with v when one
// of them is a vector extension (zvksed-zvkb: rv64imacv_zvksed_zvkb).
func VariantISA(variant string, xlen int) string {
	s := fmt.Sprintf("rv%dimac", xlen)
	var exts []string
	vector := false
	for _, e := range strings.Split(variant, "-") {
		if e == "" || e == "c" || unrollRE.MatchString(e) {
			continue
		}
		vector = vector || strings.HasPrefix(e, "zv")
		exts = append(exts, e)
	}
	if vector {
		s += "v"
	}
	for _, e := range exts {
		s += "_" + e
	}
	return s
}

// Open loads a kernel ELF. It fails when the file is not a RISC-V ELF or exports none of the
// ABI's entry points.
func Open(path string) (*Kernel, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	k := &Kernel{Path: path, Name: strings.TrimSuffix(filepath.Base(path), ".elf"), XLEN: f.XLEN,
		file: f, machines: map[string]*emu.Machine{}, syms: map[string]bool{}}
	for _, s := range f.Symbols {
		k.syms[s.Name] = true
	}
	switch {
	case k.syms["sm4_set_encrypt_key"]:
		k.Family = "sm4"
	case k.syms["aes_set_encrypt_key"]:
		k.Family = "aes"
	case len(k.GHASHVariants()) > 0:
		k.Family = "ghash"
	default:
		return nil, fmt.Errorf("%s: exports no kernel entry points (sm4_set_encrypt_key, aes_set_encrypt_key or ghash_init_*; see kernels/README.md)", path)
	}
	if _, variant, xlen, ok := ParseName(path); ok && xlen == f.XLEN {
		k.Variant = variant
		if _, err := isa.ParseISA(VariantISA(variant, xlen)); err == nil {
			k.baseISA = VariantISA(variant, xlen)
		}
	}
	return k, nil
}

// Has reports whether the kernel exports a symbol.
func (k *Kernel) Has(sym string) bool { return k.syms[sym] }

// ghashExts are the GHASH variants whose entry points (*_ghash_G, ghash_*_G) need an
// extension beyond the cipher's: the variant's name is the extension.
var ghashExts = []string{"zbc", "zvkg", "zvbc"}

// ISA is the target an entry point runs with: the variant's extensions, plus zbc, zvkg or
// zvbc for the *_ghash_zbc, *_ghash_zvkg and *_ghash_zvbc entry points and ghash_*_G; ""
// means every extension rvsim implements.
func (k *Kernel) ISA(sym string) string {
	if k.baseISA == "" {
		return ""
	}
	for _, g := range ghashExts {
		if strings.HasSuffix(sym, "_"+g) && !strings.Contains(k.baseISA+"_", "_"+g+"_") {
			return k.baseISA + "_" + g
		}
	}
	return k.baseISA
}

// GHASHVariants lists the GHASH variants the kernel exports (ghash_init_V), sorted.
func (k *Kernel) GHASHVariants() []string {
	var vs []string
	for s := range k.syms {
		if v, ok := strings.CutPrefix(s, "ghash_init_"); ok && k.syms["ghash_update_"+v] && k.syms["ghash_final_"+v] {
			vs = append(vs, v)
		}
	}
	sort.Strings(vs)
	return vs
}

// Mode names, as Modes returns them and `rvsim verify` prints them.
const (
	ModeBlock  = "block"
	ModeECB    = "ecb"
	ModeCBC    = "cbc"
	ModeCFB    = "cfb128"
	ModeOFB    = "ofb"
	ModeCTR    = "ctr"
	ModeCCM    = "ccm"
	ModeXTS    = "xts"
	ModeGCM    = "gcm" // followed by "-" and the GHASH variant: "gcm-c", "gcm-zbc"
	ModeGHASH  = "ghash"
	ModeGHASHx = "ghash-" // followed by the GHASH variant
)

// Modes lists what the kernel exports, detected from its symbols: "block", "ecb", "cbc",
// "cfb128", "ofb", "ctr", "ccm", "xts", "gcm-V" for each GHASH variant V with GCM entry
// points, and "ghash-V" for each GHASH variant.
func (k *Kernel) Modes() []string {
	var modes []string
	p := k.Family + "_"
	has := func(names ...string) bool {
		for _, n := range names {
			if !k.syms[p+n] {
				return false
			}
		}
		return true
	}
	if k.Family == "sm4" || k.Family == "aes" {
		if has("set_decrypt_key", "encrypt", "decrypt") {
			modes = append(modes, ModeBlock)
		}
		if has("set_decrypt_key", "ecb_encrypt", "ecb_decrypt") {
			modes = append(modes, ModeECB)
		}
		if has("set_decrypt_key", "cbc_encrypt", "cbc_decrypt") {
			modes = append(modes, ModeCBC)
		}
		if has("cfb128_encrypt", "cfb128_decrypt") {
			modes = append(modes, ModeCFB)
		}
		if has("ofb_encrypt") {
			modes = append(modes, ModeOFB)
		}
		if has("ctr_encrypt") {
			modes = append(modes, ModeCTR)
		}
		for _, v := range k.gcmVariants() {
			modes = append(modes, ModeGCM+"-"+v)
		}
		if has("ccm_init", "ccm_encrypt", "ccm_decrypt") {
			modes = append(modes, ModeCCM)
		}
		if has("set_decrypt_key", "xts_encrypt", "xts_decrypt") {
			modes = append(modes, ModeXTS)
		}
	}
	for _, v := range k.GHASHVariants() {
		modes = append(modes, ModeGHASHx+v)
	}
	return modes
}

func (k *Kernel) gcmVariants() []string {
	var vs []string
	prefix := k.Family + "_gcm_init_ghash_"
	for s := range k.syms {
		if v, ok := strings.CutPrefix(s, prefix); ok &&
			k.syms[k.Family+"_gcm_encrypt_ghash_"+v] && k.syms[k.Family+"_gcm_decrypt_ghash_"+v] {
			vs = append(vs, v)
		}
	}
	sort.Strings(vs)
	return vs
}

// machine returns the emulator for an ISA (at the kernel's VLEN), loading the ELF into a
// fresh one the first time.
func (k *Kernel) machine(target string) (*emu.Machine, error) {
	key := fmt.Sprintf("%s/%d/%v", target, k.VLEN, k.AgnosticOnes)
	if m, ok := k.machines[key]; ok {
		return m, nil
	}
	cfg := emu.Config{Env: emu.EnvLinux, VLEN: k.VLEN, AgnosticOnes: k.AgnosticOnes}
	if target != "" {
		t, err := isa.ParseISA(target)
		if err != nil {
			return nil, err
		}
		cfg.ISA = t
	}
	m, err := emu.Load(k.file, cfg)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", k.Path, err)
	}
	k.machines[key] = m
	return m, nil
}

// Release drops the kernel's machines (each holds its guest memory and decoded code); the
// next call loads the ELF into fresh ones. A caller that checks many kernels releases each
// when done with it, so that memory stays bounded by the kernels in flight.
func (k *Kernel) Release() {
	clear(k.machines)
	k.cur = nil
}

// begin starts an operation on the machine for sym's ISA, releasing earlier buffers.
func (k *Kernel) begin(sym string) error {
	m, err := k.machine(k.ISA(sym))
	if err != nil {
		return err
	}
	m.FreeAll()
	k.cur = m
	k.Insns, k.SetupInsns = 0, 0
	return nil
}

// budget is the instruction budget of a call that processes n bytes.
func (k *Kernel) budget(n int) uint64 {
	if k.MaxInsns != 0 {
		return k.MaxInsns
	}
	return Budget(n)
}

// call runs entry point sym, which processes n bytes, and returns a0; setup says which
// counter its instructions go to.
func (k *Kernel) call(setup bool, sym string, n int, args ...uint64) (uint64, error) {
	if !k.syms[sym] {
		return 0, fmt.Errorf("%s: no entry point %s", k.Name, sym)
	}
	a, ok := k.cur.Lookup(sym)
	if !ok {
		return 0, fmt.Errorf("%s: no entry point %s", k.Name, sym)
	}
	return k.callAt(setup, sym, a, n, args...)
}

func (k *Kernel) callAt(setup bool, sym string, addr uint64, n int, args ...uint64) (uint64, error) {
	m := k.cur
	budget := k.budget(n)
	before := m.Hart.Instret
	ret, stop := m.Call(addr, budget, args...)
	ran := m.Hart.Instret - before
	if setup {
		k.SetupInsns += ran
	} else {
		k.Insns += ran
	}
	if stop.Reason != emu.StopReturn {
		if stop.Reason == emu.StopLimit {
			return 0, &BudgetError{Kernel: k.Name, Sym: sym, Budget: budget, Bytes: n, Fixed: k.MaxInsns != 0}
		}
		return 0, fmt.Errorf("%s: %s: %v <%s>", k.Name, sym, stop, m.Describe(stop.PC))
	}
	if k.XLEN == 32 {
		ret = uint64(int64(int32(ret)))
	}
	return ret, nil
}

// buf copies b into guest memory (misaligned as asked); alloc reserves n zero bytes.
func (k *Kernel) buf(b []byte) (uint64, error) { return k.place(b, len(b)) }

func (k *Kernel) alloc(n int) (uint64, error) { return k.place(nil, n) }

// place reserves size bytes (misaligned as asked) and copies b to their start.
func (k *Kernel) place(b []byte, size int) (uint64, error) {
	a, err := k.cur.Alloc(uint64(max(size, len(b)) + k.Misalign))
	if err != nil {
		return 0, err
	}
	a += uint64(k.Misalign)
	return a, k.cur.Hart.Mem.Write(a, b)
}

// aligned reserves n zero bytes, 16-byte aligned (key schedules and contexts).
func (k *Kernel) aligned(n int) (uint64, error) { return k.cur.Alloc(uint64(n)) }

func (k *Kernel) read(addr uint64, n int) ([]byte, error) {
	b := make([]byte, n)
	return b, k.cur.Hart.Mem.Read(addr, b)
}

// setKey expands key into a fresh key schedule; decrypt picks the decryption schedule.
func (k *Kernel) setKey(key []byte, decrypt bool) (uint64, error) {
	ks, err := k.aligned(KeySize)
	if err != nil {
		return 0, err
	}
	kp, err := k.buf(key)
	if err != nil {
		return 0, err
	}
	if k.Family != "sm4" && k.Family != "aes" {
		return 0, fmt.Errorf("%s: not a block cipher kernel", k.Name)
	}
	if k.Family == "sm4" && len(key) != 16 {
		return 0, fmt.Errorf("SM4 key of %d bytes", len(key))
	}
	return ks, k.expandKey(ks, kp, len(key), decrypt)
}
