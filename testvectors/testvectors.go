// Package testvectors holds official test vectors for the kernels' block ciphers and modes
// (FIPS 197, SP 800-38A, the GCM specification, SP 800-38C, IEEE 1619, GB/T 32907, RFC 8998,
// draft-ribose-cfrg-sm4, SM4-XTS) as text files, and parses them.
//
// Each file starts with comment lines naming its source. Vectors are blocks of "key = value"
// lines separated by blank lines; a line starting with white space continues the previous
// value; '#' starts a comment line. Values are hexadecimal (possibly empty), except name,
// cipher, mode and iterations; a hex value may end in " x N" to mean N repetitions. Keys:
//
//	name        the vector's name in its source ("F.2.1 CBC-AES128.Encrypt")
//	cipher      aes or sm4
//	mode        block, ecb, cbc, cfb128, ofb, ctr, gcm, ccm or xts
//	key         the key (for xts the data key, Key1)
//	key2        xts only: the tweak key, Key2
//	iv          the IV; for ctr the initial counter block, for gcm the IV, for ccm the nonce,
//	            for xts the 16-byte tweak
//	aad         gcm and ccm: the associated data
//	pt, ct      plaintext and ciphertext
//	tag         gcm and ccm: the tag (its length is the tag length)
//	iterations  block only: encrypt pt this many times in a row (default 1)
package testvectors

import (
	"bufio"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

//go:embed *.txt
var files embed.FS

// Vector is one test vector.
type Vector struct {
	File       string // the data file's name ("sp800-38a.txt")
	Line       int    // where the vector starts
	Source     string // the file's header comment, joined into one line
	Name       string
	Cipher     string
	Mode       string
	Key, Key2  []byte
	IV, AAD    []byte
	PT, CT     []byte
	Tag        []byte
	Iterations int
}

// String names the vector for messages: "sp800-38a.txt: F.2.1 CBC-AES128.Encrypt".
func (v *Vector) String() string { return v.File + ": " + v.Name }

// Modes lists the modes vectors can have, in the order the files and tools use.
var Modes = []string{"block", "ecb", "cbc", "cfb128", "ofb", "ctr", "gcm", "ccm", "xts"}

// All parses every embedded data file, files in name order.
func All() ([]Vector, error) {
	names, err := fs.Glob(files, "*.txt")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var all []Vector
	for _, n := range names {
		f, err := files.Open(n)
		if err != nil {
			return nil, err
		}
		vs, err := Parse(f, n)
		f.Close()
		if err != nil {
			return nil, err
		}
		all = append(all, vs...)
	}
	return all, nil
}

// Files lists the embedded data files.
func Files() []string {
	names, _ := fs.Glob(files, "*.txt")
	sort.Strings(names)
	return names
}

// Parse reads the vectors of one file; name is used in messages and Vector.File.
func Parse(r io.Reader, name string) ([]Vector, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var (
		out      []Vector
		header   []string
		inHeader = true
		fields   map[string]string
		order    []string
		start    int
		last     string
		lineNo   int
	)
	errf := func(format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", name, lineNo, fmt.Sprintf(format, a...))
	}
	flush := func() error {
		if fields == nil {
			return nil
		}
		v, err := build(fields, order)
		if err != nil {
			return fmt.Errorf("%s:%d: %v", name, start, err)
		}
		v.File, v.Line, v.Source = name, start, strings.Join(header, " ")
		out = append(out, v)
		fields, order, last = nil, nil, ""
		return nil
	}
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "#"):
			if inHeader {
				header = append(header, strings.TrimSpace(strings.TrimPrefix(trimmed, "#")))
			}
			continue
		case trimmed == "":
			inHeader = inHeader && len(header) == 0
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		}
		inHeader = false
		if line[0] == ' ' || line[0] == '\t' {
			if last == "" {
				return nil, errf("continuation line with no value before it")
			}
			fields[last] += trimmed
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return nil, errf("want key = value, got %q", line)
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if fields == nil {
			fields, start = map[string]string{}, lineNo
		}
		if _, dup := fields[k]; dup {
			return nil, errf("%s given twice", k)
		}
		fields[k] = v
		order = append(order, k)
		last = k
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if err := flush(); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for _, v := range out {
		if seen[v.Name] {
			return nil, fmt.Errorf("%s:%d: a second vector named %q", name, v.Line, v.Name)
		}
		seen[v.Name] = true
	}
	return out, nil
}

func build(f map[string]string, order []string) (Vector, error) {
	var v Vector
	var err error
	hexField := func(k string) []byte {
		s, ok := f[k]
		if !ok || err != nil {
			return nil
		}
		var b []byte
		b, err = decodeHex(s)
		if err != nil {
			err = fmt.Errorf("%s: %v", k, err)
		}
		return b
	}
	for _, k := range order {
		switch k {
		case "name", "cipher", "mode", "iterations", "key", "key2", "iv", "aad", "pt", "ct", "tag":
		default:
			return v, fmt.Errorf("unknown key %q", k)
		}
	}
	v.Name, v.Cipher, v.Mode = f["name"], f["cipher"], f["mode"]
	v.Key, v.Key2, v.IV, v.AAD = hexField("key"), hexField("key2"), hexField("iv"), hexField("aad")
	v.PT, v.CT, v.Tag = hexField("pt"), hexField("ct"), hexField("tag")
	if err != nil {
		return v, err
	}
	v.Iterations = 1
	if s, ok := f["iterations"]; ok {
		if v.Iterations, err = strconv.Atoi(s); err != nil || v.Iterations < 1 {
			return v, fmt.Errorf("iterations %q: want a positive number", s)
		}
	}
	return v, check(&v, f)
}

// check enforces what each mode needs, so a malformed vector fails when it is parsed.
func check(v *Vector, f map[string]string) error {
	if v.Name == "" {
		return fmt.Errorf("no name")
	}
	switch v.Cipher {
	case "aes":
		if n := len(v.Key); n != 16 && n != 24 && n != 32 {
			return fmt.Errorf("%s: AES key of %d bytes", v.Name, n)
		}
	case "sm4":
		if len(v.Key) != 16 {
			return fmt.Errorf("%s: SM4 key of %d bytes", v.Name, len(v.Key))
		}
	default:
		return fmt.Errorf("%s: cipher %q: want aes or sm4", v.Name, v.Cipher)
	}
	has := func(keys ...string) error {
		for _, k := range keys {
			if _, ok := f[k]; !ok {
				return fmt.Errorf("%s: mode %s needs %s", v.Name, v.Mode, k)
			}
		}
		return nil
	}
	if err := has("key", "pt", "ct"); err != nil {
		return err
	}
	if len(v.PT) != len(v.CT) {
		return fmt.Errorf("%s: pt has %d bytes, ct %d", v.Name, len(v.PT), len(v.CT))
	}
	if v.Iterations != 1 && v.Mode != "block" {
		return fmt.Errorf("%s: iterations is only for mode block", v.Name)
	}
	switch v.Mode {
	case "block":
		if len(v.PT) != 16 {
			return fmt.Errorf("%s: a block of %d bytes", v.Name, len(v.PT))
		}
	case "ecb":
		if len(v.PT)%16 != 0 {
			return fmt.Errorf("%s: ECB data of %d bytes", v.Name, len(v.PT))
		}
	case "cbc", "cfb128", "ofb", "ctr":
		if err := has("iv"); err != nil {
			return err
		}
		if len(v.IV) != 16 {
			return fmt.Errorf("%s: IV of %d bytes", v.Name, len(v.IV))
		}
		if v.Mode == "cbc" && len(v.PT)%16 != 0 {
			return fmt.Errorf("%s: CBC data of %d bytes", v.Name, len(v.PT))
		}
	case "gcm", "ccm":
		if err := has("iv", "aad", "tag"); err != nil {
			return err
		}
		if len(v.Tag) < 4 || len(v.Tag) > 16 {
			return fmt.Errorf("%s: tag of %d bytes", v.Name, len(v.Tag))
		}
		if v.Mode == "ccm" && (len(v.IV) < 7 || len(v.IV) > 13) {
			return fmt.Errorf("%s: CCM nonce of %d bytes", v.Name, len(v.IV))
		}
		if v.Mode == "gcm" && len(v.IV) == 0 {
			return fmt.Errorf("%s: empty GCM IV", v.Name)
		}
	case "xts":
		if err := has("key2", "iv"); err != nil {
			return err
		}
		if len(v.Key2) != len(v.Key) || len(v.IV) != 16 || len(v.PT) < 16 {
			return fmt.Errorf("%s: XTS needs key2 as long as key, a 16-byte tweak and 16 or more bytes", v.Name)
		}
	default:
		return fmt.Errorf("%s: mode %q: want one of %s", v.Name, v.Mode, strings.Join(Modes, ", "))
	}
	return nil
}

// decodeHex decodes a hex value, with an optional " x N" repetition suffix.
func decodeHex(s string) ([]byte, error) {
	rep := 1
	if i := strings.LastIndex(s, " x "); i >= 0 {
		n, err := strconv.Atoi(strings.TrimSpace(s[i+3:]))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad repetition %q", s[i:])
		}
		s, rep = strings.TrimSpace(s[:i]), n
	}
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, err
	}
	if rep > 1 {
		b = []byte(strings.Repeat(string(b), rep))
	}
	return b, nil
}
