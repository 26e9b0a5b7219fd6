package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestBadNumbers: every bad number or list from a flag is refused with one line naming the
// flag, before any work starts.
func TestBadNumbers(t *testing.T) {
	sm4 := "../../kernels/bin/sm4-zksed-rv64.elf"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--core", "rocket", "--freq", "-5"}, `invalid value "-5" for flag -freq: -5 is out of range`},
		{[]string{"bench", "--core", "rocket", "--freq", "NaN"}, `invalid value "NaN" for flag -freq: "NaN" is not a finite number`},
		{[]string{"bench", "--core", "rocket", "--freq", "Inf"}, `flag -freq: "Inf" is not a finite number`},
		{[]string{"bench", "--core", "rocket", "--freq", "-Inf"}, `flag -freq: "-Inf" is not a finite number`},
		{[]string{"bench", "--core", "rocket", "--freq", "1e999"}, `flag -freq: "1e999" is not a finite number`},
		{[]string{"bench", "--core", "rocket", "--freq", "0"}, `flag -freq: 0 is out of range`},
		{[]string{"bench", "--core", "rocket", "--freq", "2e6"}, `flag -freq: 2e+06 is out of range`},
		{[]string{"bench", "--core", "rocket", "--freq", "fast"}, `flag -freq: "fast" is not a finite number`},
		{[]string{"bench", "--core", "rocket", "--sizes", "16,,64"}, `--sizes: element 2 of "16,,64" is empty`},
		{[]string{"bench", "--core", "rocket", "--sizes", "16,64,"}, `--sizes: element 3 of "16,64," is empty`},
		{[]string{"bench", "--core", "rocket", "--sizes", ""}, `--sizes: empty list`},
		{[]string{"bench", "--core", "rocket", "--sizes", "0"}, `--sizes: "0" is not a size`},
		{[]string{"bench", "--core", "rocket", "--sizes", "-16"}, `--sizes: "-16" is not a size`},
		{[]string{"bench", "--core", "rocket", "--sizes", "16777217"}, `--sizes: "16777217" is not a size`},
		{[]string{"bench", "--core", "rocket", "--sizes", "1e3"}, `--sizes: "1e3" is not a size`},
		{[]string{"bench", "--core", "rocket", "--mode", "ecb,,cbc"}, `--mode: element 2 of "ecb,,cbc" is empty`},
		{[]string{"bench", "--core", "rocket", "--mode", "block"}, `--mode "block": want ecb, cbc, cfb128`},
		{[]string{"bench", "--core", "rocket", "--variant", ","}, `--variant: element 1 of "," is empty`},
		{[]string{"bench", "--core", "rocket", "--vlen", "100"}, `--vlen: VLEN 100`},
		{[]string{"bench", "--core", "rocket", "--xlen", "16"}, `--xlen 16`},
		{[]string{"bench", "--core", "rocket", "--max-insns", "-1"}, `flag -max-insns`},
		{[]string{"calibrate", "--core", "rocket", "--min-size", "-1"}, `invalid value "-1" for flag -min-size: -1 is out of range`},
		{[]string{"calibrate", "--core", "rocket", "--min-size", "0"}, `flag -min-size: 0 is out of range`},
		{[]string{"calibrate", "--core", "rocket", "--min-size", "16MiB"}, `flag -min-size: "16MiB" is not an integer`},
		{[]string{"calibrate", "--core", "rocket", "--fit", ",,,"}, `--fit: element 1 of ",,," is empty`},
		{[]string{"calibrate", "--core", "rocket", "--fit", ""}, `--fit: empty list`},
		{[]string{"calibrate", "--core", "rocket", "--xlen", "128"}, `--xlen 128`},
		{[]string{"verify", "--vlen", "96"}, `--vlen`},
		{[]string{"verify", "--max-insns", "many"}, `flag -max-insns`},
		{[]string{"debug", "--vlen", "100", "--kernel", sm4, "--vector", "A.2.1.1"}, `--vlen: VLEN 100`},
	} {
		status, _, errOut := runMain(t, tc.args...)
		if status != exitUsage || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("rvsim %s: status %d, stderr %q; want status %d and one line with %q", strings.Join(tc.args, " "), status, errOut, exitUsage, tc.want)
		}
	}
}

// TestBadSpeedLogs: calibrate --measured and bench --reference refuse a log with a bad number
// or an overlong line, naming the file and the line.
func TestBadSpeedLogs(t *testing.T) {
	dir := t.TempDir()
	head := "# measured\nStart cbc for 2 sec\n./openssl-c-long\n"
	row := func(vals string) string { return head + "SM4-CBC " + vals + "\n" }
	for _, tc := range []struct {
		name, log, want string
	}{
		{"nan", row("NaN 1k 1k 1k 1k 1k"), `nan.txt:4: bad value "NaN" (want a positive throughput)`},
		{"nank", row("1k NaNk 1k 1k 1k 1k"), `nank.txt:4: bad value "NaNk"`},
		{"inf", row("1k 1k Inf 1k 1k 1k"), `inf.txt:4: bad value "Inf"`},
		{"overflow", row("1k 1k 1k 1e999k 1k 1k"), `overflow.txt:4: bad value "1e999k"`},
		{"zero", row("1k 1k 1k 1k 0 1k"), `zero.txt:4: bad value "0"`},
		{"negative", row("1k 1k 1k 1k 1k -5.5k"), `negative.txt:4: bad value "-5.5k"`},
		{"text", row("1k 1k 1k 1k 1k fast"), `text.txt:4: bad value "fast"`},
		{"count", row("1k 1k 1k"), `count.txt:4: 3 values for 6 sizes`},
		{"size", "type 0 bytes 64 bytes\n", `size.txt:1: bad size "0"`},
		{"size-neg", "type -16 bytes\n", `size-neg.txt:1: bad size "-16"`},
		{"no-sizes", "type\n", `no-sizes.txt:1: a type line with no sizes`},
		{"late-type", row("1k 1k 1k 1k 1k 1k") + "type 16 bytes 64 bytes\n", `late-type.txt:5: a type line after the first row`},
		{"long", head + strings.Repeat("x", maxLogLine+10) + "\n", `long.txt:4: line longer than 1048576 bytes`},
	} {
		path := filepath.Join(dir, tc.name+".txt")
		if err := os.WriteFile(path, []byte(tc.log), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"calibrate", "--core", "rocket", "--measured", path},
			{"bench", "--core", "rocket", "--reference", path},
		} {
			status, _, errOut := runMain(t, args...)
			if status != exitUsage || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("%s: rvsim %s: status %d, stderr %q; want one line with %q", tc.name, args[0], status, errOut, tc.want)
			}
		}
	}
	// A long line under the limit (a comment of 200 KiB) is read like any other.
	long := "# " + strings.Repeat("x", 200<<10) + "\n" + miniLog
	if lg, err := parseSpeedLog("long", strings.NewReader(long)); err != nil || len(lg.blocks) != 4 || lg.blocks[0].rows[0].line != 5 {
		t.Errorf("a 200 KiB comment line: %v", err)
	}
}

func TestParseList(t *testing.T) {
	for in, want := range map[string][]string{
		"ecb":           {"ecb"},
		"ECB, cbc ,Ctr": {"ecb", "cbc", "ctr"},
		" 16 ":          {"16"},
	} {
		if got, err := parseList(in); err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("parseList(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", " ", ",", "a,", ",a", "a,,b", "a, ,b"} {
		if got, err := parseList(in); err == nil {
			t.Errorf("parseList(%q) = %q, want an error", in, got)
		}
	}
}

// FuzzParseSizes: parseSizes never panics; what it accepts is a list of sizes in range that
// reads back the same when printed; what it refuses gets a one-line error.
func FuzzParseSizes(f *testing.F) {
	for _, s := range []string{"16,64,256,1024,8192,16384", "16,,64", "1", "16777216", "16777217", " 7 , 9", ",", "-1", "0x10", "+5", "1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sizes, err := parseSizes(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || sizes != nil {
				t.Fatalf("parseSizes(%q): error %q with sizes %v", s, err, sizes)
			}
			return
		}
		if len(sizes) != strings.Count(s, ",")+1 {
			t.Fatalf("parseSizes(%q) = %v: %d sizes for %d elements", s, sizes, len(sizes), strings.Count(s, ",")+1)
		}
		parts := make([]string, len(sizes))
		for i, n := range sizes {
			if n < 1 || n > maxBenchSize {
				t.Fatalf("parseSizes(%q) = %v: %d out of range", s, sizes, n)
			}
			parts[i] = strconv.Itoa(n)
		}
		again, err := parseSizes(strings.Join(parts, ","))
		if err != nil || !reflect.DeepEqual(again, sizes) {
			t.Fatalf("parseSizes(%q) = %v, but its printed form reads back as %v, %v", s, sizes, again, err)
		}
	})
}

// FuzzParseSpeedLog: the openssl speed log reader never panics; a log it accepts has a
// positive, finite throughput for every size of every row, rows in line order; a log it
// refuses gets one line naming the file and line.
func FuzzParseSpeedLog(f *testing.F) {
	f.Add([]byte(miniLog))
	if b, err := os.ReadFile("../../testdata/reference/sm4-openssl-speed.txt"); err == nil {
		f.Add(b)
	}
	f.Add([]byte("type 16 bytes 64 bytes\nStart cfb\n./openssl-c-long\nSM4-CFB 1k 2\n"))
	f.Add([]byte("Start ecb\n./x\nSM4-ECB NaN 1k\n"))
	f.Add([]byte("type\n"))
	f.Add([]byte("Start ecb\n./x\nSM4-ECB 1k 1k 1k 1k 1k 1k\ntype 16 bytes\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lg, err := parseSpeedLog("fuzz.txt", strings.NewReader(string(data)))
		if err != nil {
			msg := err.Error()
			if !strings.HasPrefix(msg, "fuzz.txt:") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q does not name the file on one line", msg)
			}
			if _, err := strconv.Atoi(strings.SplitN(msg, ":", 3)[1]); err != nil {
				t.Fatalf("error %q does not name the line", msg)
			}
			return
		}
		if len(lg.sizes) == 0 {
			t.Fatal("accepted a log with no sizes")
		}
		for _, s := range lg.sizes {
			if s < 1 || s > maxBenchSize {
				t.Fatalf("size %d accepted", s)
			}
		}
		last := 0
		for _, b := range lg.blocks {
			if b.line <= last {
				t.Fatalf("block at line %d after line %d", b.line, last)
			}
			last = b.line
			for _, r := range b.rows {
				if r.line <= last {
					t.Fatalf("row at line %d after line %d", r.line, last)
				}
				last = r.line
				if len(r.kbps) != len(lg.sizes) {
					t.Fatalf("line %d: %d values for %d sizes", r.line, len(r.kbps), len(lg.sizes))
				}
				for _, v := range r.kbps {
					if !(v > 0) || v > 1e308 {
						t.Fatalf("line %d: throughput %g accepted", r.line, v)
					}
				}
			}
		}
	})
}
