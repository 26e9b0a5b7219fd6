package cyclemodel

import (
	"math"
	"strings"
	"testing"
)

// Every number of a core file is checked where it stands: a NaN, an infinity, a float where
// an integer belongs or a value out of range is one line naming the file, the line, the key
// (with the index of its [[unit]] or [[override]] table) and what is wrong.
func TestCoreFileNumbers(t *testing.T) {
	// In testCore, [[unit]] number 3 ("div", unit[2]) spans lines 44-49: count on 47,
	// latency_cycles on 48, issue_interval_cycles on 49.
	div := "name = \"div\"\nclasses = [\"div\"]\ncount = 1\nlatency_cycles = 10\nissue_interval_cycles = 10\n"
	inDiv := func(old, new string) string {
		return strings.Replace(testCore, div, strings.Replace(div, old, new, 1), 1)
	}
	cases := []struct {
		name, src, want string
	}{
		{"NaN clock", strings.Replace(testCore, "freq_mhz = 100.0", "freq_mhz = nan", 1),
			"test.toml:4: freq_mhz: NaN is not a finite number"},
		{"infinite clock", strings.Replace(testCore, "freq_mhz = 100.0", "freq_mhz = inf", 1),
			"test.toml:4: freq_mhz: +Inf is not a finite number"},
		{"negative infinite clock", strings.Replace(testCore, "freq_mhz = 100.0", "freq_mhz = -inf", 1),
			"test.toml:4: freq_mhz: -Inf is not a finite number"},
		{"zero clock", strings.Replace(testCore, "freq_mhz = 100.0", "freq_mhz = 0.0", 1),
			"test.toml:4: freq_mhz: 0 MHz is not a plausible clock"},
		{"negative clock", strings.Replace(testCore, "freq_mhz = 100.0", "freq_mhz = -5", 1),
			"test.toml:4: freq_mhz: -5 MHz is not a plausible clock"},
		{"clock overflowing a float", strings.Replace(testCore, "freq_mhz = 100.0", "freq_mhz = 1e999", 1),
			"test.toml:4: freq_mhz: 1e999 is out of range for float64"},
		{"clock as a string", strings.Replace(testCore, "freq_mhz = 100.0", `freq_mhz = "fast"`, 1),
			`test.toml:4: freq_mhz: want a number, not the string "fast"`},
		{"NaN for an integer", strings.Replace(testCore, "l1d_ways = 2", "l1d_ways = nan", 1),
			"test.toml:23: memory.l1d_ways: want an integer, not the float NaN"},
		{"float for an integer", strings.Replace(testCore, "l1d_ways = 2", "l1d_ways = 2.5", 1),
			"test.toml:23: memory.l1d_ways: want an integer, not the float 2.5"},
		{"integer overflowing int64", strings.Replace(testCore, "l1d_ways = 2", "l1d_ways = 99999999999999999999", 1),
			"test.toml:23: memory.l1d_ways: 99999999999999999999 is out of range for int64"},
		{"negative latency", strings.Replace(testCore, "l1d_hit_latency_cycles = 2", "l1d_hit_latency_cycles = -2", 1),
			"test.toml:25: memory.l1d_hit_latency_cycles: -2 is out of range (want 1 to 100)"},
		{"float in the third unit", inDiv("latency_cycles = 10", "latency_cycles = 10.5"),
			"test.toml:48: unit[2].latency_cycles: want an integer, not the float 10.5"},
		{"NaN in the third unit", inDiv("count = 1", "count = nan"),
			"test.toml:47: unit[2].count: want an integer, not the float NaN"},
		{"string in the third unit", inDiv("issue_interval_cycles = 10", `issue_interval_cycles = "ten"`),
			`test.toml:49: unit[2].issue_interval_cycles: want an integer, not the string "ten"`},
		{"out of range in the third unit", inDiv("latency_cycles = 10", "latency_cycles = 100000"),
			"test.toml:48: unit[2].latency_cycles: 100000 is out of range (want 0 to 1000)"},
		{"negative in the third unit", inDiv("issue_interval_cycles = 10", "issue_interval_cycles = -1"),
			"test.toml:49: unit[2].issue_interval_cycles: -1 is out of range (want 1 to 1000)"},
		{"unknown key in the third unit", inDiv("issue_interval_cycles = 10\n", "issue_interval_cycles = 10\nlatency = 3\n"),
			"test.toml:50: unit[2].latency: unknown key"},
		{"syntax error in the third unit", inDiv("latency_cycles = 10", "latency_cycles = = 10"),
			"test.toml:48: unit[2].latency_cycles: expected value but found '=' instead"},
		{"float in the second unit", strings.Replace(testCore, "latency_cycles = 3\n", "latency_cycles = 3.0\n", 1),
			"test.toml:41: unit[1].latency_cycles: want an integer, not the float 3"},
		{"classes not an array", strings.Replace(testCore, `classes = ["mul"]`, `classes = "mul"`, 1),
			`test.toml:39: unit[1].classes: want an array of strings, not the string "mul"`},
		{"class not a string", strings.Replace(testCore, `classes = ["mul"]`, `classes = ["mul", 3]`, 1),
			"test.toml:39: unit[1].classes: element 2: want a string, not the integer 3"},
		{"float in an override", testCore + "\n[[override]]\nop = \"lbu\"\nlatency_cycles = 2\n\n[[override]]\nclass = \"mul\"\nlatency_cycles = 4.5\n",
			"test.toml:64: override[1].latency_cycles: want an integer, not the float 4.5"},
		{"out of range in an override", testCore + "\n[[override]]\nop = \"lbu\"\nlatency_cycles = 2\n\n[[override]]\nclass = \"mul\"\nissue_interval_cycles = 0\n",
			"test.toml:64: override[1].issue_interval_cycles: 0 is out of range (want 1 to 1000)"},
		{"table where a number belongs", strings.Replace(testCore, "bypass_extra_cycles = 0", "bypass_extra_cycles = {a = 1}", 1),
			"test.toml:19: dependencies.bypass_extra_cycles: want an integer, not a table"},
	}
	for _, tc := range cases {
		_, err := Parse("test.toml", []byte(tc.src))
		switch {
		case err == nil:
			t.Errorf("%s: accepted", tc.name)
		case err.Error() != tc.want:
			t.Errorf("%s:\n got %s\nwant %s", tc.name, err, tc.want)
		}
	}
}

// Calibration's SetParam takes numbers from the command line: a NaN or an infinity must not
// get into a core either.
func TestSetParamRejectsNonFinite(t *testing.T) {
	c := mustParse(t, testCore)
	for _, key := range []string{"freq_mhz", "unit.div.latency_cycles", "memory.l1d_hit_latency_cycles"} {
		for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e300} {
			before, _ := c.Param(key)
			if err := c.SetParam(key, v); err == nil {
				t.Errorf("SetParam(%s, %g) accepted", key, v)
			}
			if after, _ := c.Param(key); after != before {
				t.Errorf("SetParam(%s, %g) changed the value to %g", key, v, after)
			}
		}
	}
}
