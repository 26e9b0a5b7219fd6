package cyclemodel

import (
	"regexp"
	"strings"
	"testing"
)

func TestShippedCoresParse(t *testing.T) {
	names := Names()
	for _, want := range []string{"rocket", "u74", "x280", "p670"} {
		found := false
		for _, n := range names {
			found = found || n == want
		}
		if !found {
			t.Errorf("no shipped core %q (have %v)", want, names)
		}
	}
	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Name != baseName(c.File) {
			t.Errorf("%s: name %q does not match the file name", c.File, c.Name)
		}
		if c.Summarize() == "" || c.Summary == "" {
			t.Errorf("%s: no summary", c.File)
		}
	}
}

// Every number in a shipped description says where it comes from (lesson 8).
func TestShippedNumbersCiteSources(t *testing.T) {
	num := regexp.MustCompile(`^\s*[a-z_0-9]+\s*=\s*(-?[0-9.]+|true|false)\s*(#.*)?$`)
	for _, n := range Names() {
		data, _ := shipped.ReadFile("cores/" + n + ".toml")
		for i, line := range strings.Split(string(data), "\n") {
			m := num.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			c := strings.TrimSpace(strings.TrimPrefix(m[2], "#"))
			if c == "" {
				t.Errorf("cores/%s.toml:%d: %q has no comment citing its source", n, i+1, strings.TrimSpace(line))
			}
		}
	}
}

func TestValidationErrors(t *testing.T) {
	base := testCore
	cases := []struct {
		name string
		src  string
		want string // substring: file:line: key: message
	}{
		{"unknown key", strings.Replace(base, "issue_width = 1", "issue_width = 1\nissue_wdth = 2", 1),
			"test.toml:10: pipeline.issue_wdth: unknown key"},
		{"unknown key in a unit", strings.Replace(base, "latency_cycles = 3\n", "latency_cycles = 3\nlatncy = 1\n", 1),
			"test.toml:42: unit[1].latncy: unknown key"},
		{"missing key", strings.Replace(base, "mispredict_penalty_cycles = 3\n", "", 1),
			"test.toml:11: branch.mispredict_penalty_cycles: missing"},
		{"missing key in a unit", strings.Replace(base, "latency_cycles = 10\nissue_interval_cycles = 10", "issue_interval_cycles = 10", 1),
			"test.toml:44: unit[2].latency_cycles: missing"},
		{"wrong type", strings.Replace(base, "issue_width = 1", `issue_width = "one"`, 1),
			`test.toml:9: pipeline.issue_width: want an integer, not the string "one"`},
		{"float for an integer", strings.Replace(base, "l1d_ways = 2", "l1d_ways = 2.5", 1),
			"test.toml:23: memory.l1d_ways:"},
		{"impossible value", strings.Replace(base, "issue_width = 1", "issue_width = 0", 1),
			"test.toml:9: pipeline.issue_width: 0 is out of range"},
		{"not a power of two", strings.Replace(base, "l1d_line_bytes = 64", "l1d_line_bytes = 48", 1),
			"test.toml:24: memory.l1d_line_bytes: 48 is not a power of two"},
		{"miss faster than hit", strings.Replace(base, "l1d_miss_latency_cycles = 10", "l1d_miss_latency_cycles = 1", 1),
			"test.toml:26: memory.l1d_miss_latency_cycles: 1 is less than the hit latency"},
		{"unknown class", strings.Replace(base, `classes = ["mul"]`, `classes = ["mull"]`, 1),
			`test.toml:39: unit[1].classes: unknown op class "mull"`},
		{"class twice", strings.Replace(base, `classes = ["mul"]`, `classes = ["mul", "alu"]`, 1),
			`test.toml:39: unit[1].classes: class "alu" is already executed by unit "alu"`},
		{"bad predictor", strings.Replace(base, `predictor = "static"`, `predictor = "tage"`, 1),
			`test.toml:12: branch.predictor: "tage"`},
		{"syntax", strings.Replace(base, "freq_mhz = 100.0", "freq_mhz = = 1", 1),
			"test.toml:4:"},
		{"vector class without a vector unit", strings.Replace(base, `classes = ["mul"]`, `classes = ["mul", "vaes"]`, 1),
			`test.toml:39: unit[1].classes: class "vaes" needs a [vector] table`},
	}
	for _, tc := range cases {
		_, err := Parse("test.toml", []byte(tc.src))
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %q, want it to contain %q", tc.name, err, tc.want)
		}
	}
}

func TestLoadByNameAndFile(t *testing.T) {
	if _, err := Load("no-such-core"); err == nil || !strings.Contains(err.Error(), "rocket") {
		t.Errorf("unknown name: %v, want the list of shipped cores", err)
	}
	if _, err := Load("/nonexistent/core.toml"); err == nil {
		t.Error("missing file accepted")
	}
}

func TestParams(t *testing.T) {
	c := mustParse(t, testCore)
	if v, err := c.Param("unit.div.latency_cycles"); err != nil || v != 10 {
		t.Fatalf("unit.div.latency_cycles = %v, %v", v, err)
	}
	d := c.Clone()
	if err := d.SetParam("unit.div.latency_cycles", 20); err != nil {
		t.Fatal(err)
	}
	if c.Units[2].Latency != 10 || d.Units[2].Latency != 20 {
		t.Errorf("Clone shares units: %d %d", c.Units[2].Latency, d.Units[2].Latency)
	}
	if err := d.SetParam("freq_mhz", 250); err != nil || d.FreqMHz != 250 {
		t.Errorf("freq: %v %v", d.FreqMHz, err)
	}
	if _, err := c.Param("unit.nope.latency_cycles"); err == nil {
		t.Error("unknown parameter accepted")
	}
}
