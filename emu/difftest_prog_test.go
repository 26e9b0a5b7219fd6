package emu_test

// Whole-program differential tests: the C programs in testdata/difftest, built freestanding
// with clang -O2 (compressed code) for RV32 and RV64, run under rvsim and QEMU; stdout and the
// exit status must agree (a fault is 128+signal, as QEMU's parent sees it). Some outputs are
// also checked against known answers, so that the two emulators cannot agree on a wrong one.

import (
	"bufio"
	"context"
	"crypto/aes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash/adler32"
	"hash/crc32"
	"hash/fnv"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// dtCProg is one C program (with its build flags) and what its run must give.
type dtCProg struct {
	name   string
	src    string
	flags  []string
	status int   // expected exit status: 128+signal for a fault
	xlens  []int // the XLENs to run it at (nil: both)
	// qemuBug names the dtQemuBugs entry that makes QEMU's run wrong: rvsim is then checked
	// against status and dtBefore alone.
	qemuBug string
	// check, if set, verifies the output (the same in both emulators by then).
	check func(t *testing.T, xlen int, out map[string]string)
}

const dtBefore = "before the fault\n"

var dtCProgs = []dtCProg{
	{name: "misc", src: "misc.c", check: dtCheckMisc},
	{name: "misc-Os", src: "misc.c", flags: []string{"-Os"}, check: dtCheckMisc},
	{name: "crypto", src: "crypto.c", check: dtCheckCrypto},
	{name: "amo", src: "amo.c", check: dtCheckAMO},
	{name: "exit42", src: "exit.c", status: 42},
	{name: "exit300", src: "exit.c", flags: []string{"-DCODE=300"}, status: 300 & 0xff},
	{name: "sigill-zero-word", src: "fault.c", flags: []string{"-DFAULT=1"}, status: 128 + 4},
	{name: "sigsegv-load-null", src: "fault.c", flags: []string{"-DFAULT=2"}, status: 128 + 11},
	{name: "sigsegv-store-rodata", src: "fault.c", flags: []string{"-DFAULT=3"}, status: 128 + 11},
	{name: "sigsegv-jump-unmapped", src: "fault.c", flags: []string{"-DFAULT=4"}, status: 128 + 11},
	{name: "sigtrap-ebreak", src: "fault.c", flags: []string{"-DFAULT=5"}, status: 128 + 5},
	{name: "sigill-zfh", src: "fault.c", flags: []string{"-DFAULT=6"}, status: 128 + 4},
	{name: "sigill-csr-write-cycle", src: "fault.c", flags: []string{"-DFAULT=7"}, status: 128 + 4},
	{name: "sigill-csr-mstatus", src: "fault.c", flags: []string{"-DFAULT=8"}, status: 128 + 4},
	{name: "sigbus-misaligned-amo", src: "fault.c", flags: []string{"-DFAULT=9"}, status: 128 + 7},
	{name: "sigill-reserved-compressed", src: "fault.c", flags: []string{"-DFAULT=10"}, status: 128 + 4},
	{name: "sigill-long-encoding", src: "fault.c", flags: []string{"-DFAULT=11"}, status: 128 + 4},
	{name: "sigsegv-amo-rodata", src: "fault.c", flags: []string{"-DFAULT=12"}, status: 128 + 11},
	{name: "sigbus-misaligned-lr", src: "fault.c", flags: []string{"-DFAULT=13"}, status: 128 + 7},
	{name: "sigsegv-load-to-x0", src: "fault.c", flags: []string{"-DFAULT=14"}, status: 128 + 11},
	{name: "sigsegv-execute-data", src: "fault.c", flags: []string{"-DFAULT=15"}, status: 128 + 11},
	{name: "sigill-aes64ks1i-rnum-11", src: "fault.c", flags: []string{"-DFAULT=16"}, status: 128 + 4},
	{name: "sigill-slli-shamt-32", src: "fault.c", flags: []string{"-DFAULT=17"}, status: 128 + 4, xlens: []int{32}},
	{name: "sigill-c.srli-shamt-33", src: "fault.c", flags: []string{"-DFAULT=18"}, status: 128 + 4, xlens: []int{32}},
}

// TestDiffPrograms runs the C programs under both emulators.
func TestDiffPrograms(t *testing.T) {
	tc := dtNeedTools(t)
	dir := t.TempDir()
	srcDir, err := filepath.Abs(filepath.Join("testdata", "difftest"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range dtCProgs {
		xlens := p.xlens
		if xlens == nil {
			xlens = []int{32, 64}
		}
		for _, xlen := range xlens {
			t.Run(fmt.Sprintf("%s/rv%d", p.name, xlen), func(t *testing.T) {
				t.Parallel()
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				bin := filepath.Join(dir, fmt.Sprintf("%s-rv%d", p.name, xlen))
				flags := append([]string{"-O2", "-ffreestanding", "-Wall", "-Wno-unused-function"}, p.flags...)
				if err := dtBuild(ctx, tc, xlen, bin, flags, filepath.Join(srcDir, p.src)); err != nil {
					t.Fatal(err)
				}
				rv, q, err := dtRunBoth(ctx, tc, xlen, bin)
				if err != nil {
					t.Fatal(err)
				}
				if p.qemuBug != "" {
					bug := dtBugNamed(p.qemuBug)
					if rv.status != p.status || string(rv.stdout) != dtBefore {
						t.Errorf("rvsim: status %d (%s), stdout %q; the spec says status %d after %q (%s)",
							rv.status, rv.detail, rv.stdout, p.status, dtBefore, bug.section)
					}
					t.Logf("known QEMU bug %q: QEMU exits with %d (%s)", bug.name, q.status, bug.qemu)
					return
				}
				if rv.status != q.status {
					t.Errorf("exit status: rvsim %d (%s), QEMU %d (%s)", rv.status, rv.detail, q.status, strings.TrimSpace(q.detail))
				}
				if q.status != p.status {
					t.Errorf("QEMU exit status %d, want %d (%s)", q.status, p.status, strings.TrimSpace(q.detail))
				}
				if string(rv.stdout) != string(q.stdout) {
					t.Errorf("stdout differs:\n%s", dtDiffLines(string(rv.stdout), string(q.stdout)))
				}
				if p.status > 128 && string(q.stdout) != dtBefore {
					t.Errorf("QEMU printed %q before the fault, want %q", q.stdout, dtBefore)
				}
				if p.check != nil && !t.Failed() {
					p.check(t, xlen, dtKeyValues(string(rv.stdout)))
				}
			})
		}
	}
}

// dtDiffLines shows the first lines where two outputs differ.
func dtDiffLines(rv, q string) string {
	a, b := strings.Split(rv, "\n"), strings.Split(q, "\n")
	var out strings.Builder
	shown := 0
	for i := 0; i < max(len(a), len(b)) && shown < 10; i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			fmt.Fprintf(&out, "line %d:\n\trvsim %q\n\tQEMU  %q\n", i+1, x, y)
			shown++
		}
	}
	fmt.Fprintf(&out, "(rvsim %d lines, QEMU %d lines)", len(a), len(b))
	return out.String()
}

// dtKeyValues reads "name value" lines (the last value of a repeated name wins).
func dtKeyValues(out string) map[string]string {
	kv := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if i := strings.LastIndexByte(line, ' '); i > 0 {
			kv[line[:i]] = line[i+1:]
		} else {
			kv[line] = ""
		}
	}
	return kv
}

func dtExpect(t *testing.T, out map[string]string, key, want string) {
	t.Helper()
	got, ok := out[key]
	if !ok {
		t.Errorf("no %q line in the output", key)
	} else if got != want {
		t.Errorf("%s = %s, want %s", key, got, want)
	}
}

func dtHex64(v uint64) string { return fmt.Sprintf("%016x", v) }

func dtCheckMisc(t *testing.T, xlen int, out map[string]string) {
	// The program's xorshift64 data, recomputed.
	s := uint64(0x243f6a8885a308d3)
	data := make([]byte, 4096)
	for i := range data {
		s ^= s << 13
		s ^= s >> 7
		s ^= s << 17
		data[i] = byte(s)
	}
	dtExpect(t, out, "crc32", dtHex64(uint64(crc32.ChecksumIEEE(data))))
	dtExpect(t, out, "adler32", dtHex64(uint64(adler32.Checksum(data))))
	h := fnv.New64a()
	h.Write(data)
	dtExpect(t, out, "fnv1a64", dtHex64(h.Sum64()))
	dtExpect(t, out, "isort ok", dtHex64(1))
	dtExpect(t, out, "qsort ok", dtHex64(1))
	dtExpect(t, out, "fib", dtHex64(46368))
	dtExpect(t, out, "ackermann", dtHex64(21))
	dtExpect(t, out, "cmp self", dtHex64(0))
	dtExpect(t, out, "write bad fd", dtHex64(^uint64(8)) /* -EBADF */)
	dtExpect(t, out, "done", "")
}

func dtCheckCrypto(t *testing.T, xlen int, out map[string]string) {
	key := make([]byte, 16)
	pt := make([]byte, 16)
	for i := range key {
		key[i] = byte(i)
		pt[i] = byte(i * 0x11)
	}
	dtExpect(t, out, "aes128", "69c4e0d86a7b0430d8cdb78070b4c55a") // FIPS-197 C.1
	dtExpect(t, out, "aes128 decrypt", hex.EncodeToString(pt))
	c, _ := aes.NewCipher(key)
	mac := make([]byte, 16)
	for blk := 0; blk < 64; blk++ {
		for i := range mac {
			mac[i] ^= byte(blk*7 + i*13)
		}
		c.Encrypt(mac, mac)
	}
	dtExpect(t, out, "aes128 cbcmac", hex.EncodeToString(mac))

	long := make([]byte, 1000)
	for i := range long {
		long[i] = byte(i*131 + i>>3)
	}
	s256 := sha256.Sum256([]byte("abc"))
	dtExpect(t, out, "sha256 abc", hex.EncodeToString(s256[:]))
	s256 = sha256.Sum256(long)
	dtExpect(t, out, "sha256 long", hex.EncodeToString(s256[:]))
	s512 := sha512.Sum512([]byte("abc"))
	dtExpect(t, out, "sha512 abc", hex.EncodeToString(s512[:]))
	s512 = sha512.Sum512(long)
	dtExpect(t, out, "sha512 long", hex.EncodeToString(s512[:]))
	// GB/T 32907-2016 example 1; GB/T 32905-2016 example 1.
	dtExpect(t, out, "sm4", "681edf34d206965e86b3e94f536e4246")
	dtExpect(t, out, "sm4 decrypt", "0123456789abcdeffedcba9876543210")
	dtExpect(t, out, "sm3 abc", "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0")
	dtExpect(t, out, "done", "")
}

func dtCheckAMO(t *testing.T, xlen int, out map[string]string) {
	dtExpect(t, out, "spinlock", dtHex64(999*1000/2))
	dtExpect(t, out, "lock", dtHex64(0))
	dtExpect(t, out, "done", "")
}
