package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Numbers and lists from flags: each is checked where it is parsed, so that a bad value
// fails with one line naming the flag instead of being replaced by a default or carried
// into a result (a NaN clock, an empty size).

// floatFlag is a float flag that must be finite and in [lo, hi]; set says it was given.
type floatFlag struct {
	v      float64
	lo, hi float64
	set    bool
}

func (f *floatFlag) String() string {
	if f == nil || !f.set {
		return ""
	}
	return strconv.FormatFloat(f.v, 'g', -1, 64)
}

func (f *floatFlag) Set(s string) error {
	v, err := parseFinite(s)
	if err != nil {
		return err
	}
	if v < f.lo || v > f.hi {
		return fmt.Errorf("%g is out of range (%g to %g)", v, f.lo, f.hi)
	}
	f.v, f.set = v, true
	return nil
}

// intFlag is an int flag that must be in [lo, hi].
type intFlag struct {
	v      int
	lo, hi int
}

func (f *intFlag) String() string {
	if f == nil {
		return ""
	}
	return strconv.Itoa(f.v)
}

func (f *intFlag) Set(s string) error {
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("%q is not an integer", s)
	}
	if v < f.lo || v > f.hi {
		return fmt.Errorf("%d is out of range (%d to %d)", v, f.lo, f.hi)
	}
	f.v = v
	return nil
}

// parseFinite parses a decimal number that is neither NaN nor infinite (nor overflows to
// infinity, as 1e999 does).
func parseFinite(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a finite number", s)
	}
	return v, nil
}

// parseList splits a comma-separated list into its elements, trimmed and lower-cased. An
// empty element ("a,,b", a trailing comma) or an empty list is an error.
func parseList(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("empty list")
	}
	parts := strings.Split(s, ",")
	out := make([]string, 0, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(strings.ToLower(p))
		if p == "" {
			return nil, fmt.Errorf("element %d of %q is empty", i+1, s)
		}
		out = append(out, p)
	}
	return out, nil
}

// maxBenchSize bounds a buffer size: 16 MiB.
const maxBenchSize = 1 << 24

// parseSizes parses a comma-separated list of buffer sizes in bytes, each 1 to 16 MiB.
func parseSizes(s string) ([]int, error) {
	parts, err := parseList(s)
	if err != nil {
		return nil, err
	}
	sizes := make([]int, 0, len(parts))
	for _, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n <= 0 || n > maxBenchSize {
			return nil, fmt.Errorf("%q is not a size in bytes (1 to 16 MiB)", p)
		}
		sizes = append(sizes, n)
	}
	return sizes, nil
}

// checkVLEN checks a VLEN flag: a power of two from 128 to 4096 bits.
func checkVLEN(v int) error {
	if v < 128 || v > 4096 || v&(v-1) != 0 {
		return fmt.Errorf("VLEN %d: must be a power of two from 128 to 4096", v)
	}
	return nil
}
