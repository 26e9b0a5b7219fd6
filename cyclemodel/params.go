package cyclemodel

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"rvsim/isa"
)

// Parameters by key, for calibration: the keys are the file's ("freq_mhz",
// "memory.l1d_hit_latency_cycles"), with units and overrides named by their name, op or class
// ("unit.alu.latency_cycles", "override.lbu.latency_cycles", "override.vsm4.latency_cycles").

// param returns a pointer to the integer parameter key (nil for freq_mhz) or an error.
func (c *Core) param(key string) (*int, error) {
	switch key {
	case "freq_mhz":
		return nil, nil
	case "pipeline.fetch_width":
		return &c.FetchWidth, nil
	case "pipeline.issue_width":
		return &c.IssueWidth, nil
	case "pipeline.window_entries":
		return &c.Window, nil
	case "branch.mispredict_penalty_cycles":
		return &c.MispredictPenalty, nil
	case "branch.taken_bubble_cycles":
		return &c.TakenBubble, nil
	case "dependencies.bypass_extra_cycles":
		return &c.BypassExtra, nil
	case "dependencies.alu_to_address_extra_cycles":
		return &c.AddrExtra, nil
	case "dependencies.alu_to_store_data_extra_cycles":
		return &c.DataExtra, nil
	case "dependencies.load_to_alu_advance_cycles":
		return &c.LoadToALUAdvance, nil
	case "dependencies.load_to_store_data_advance_cycles":
		return &c.LoadToDataAdvance, nil
	case "memory.l1d_hit_latency_cycles":
		return &c.L1DHit, nil
	case "memory.l1d_miss_latency_cycles":
		return &c.L1DMiss, nil
	case "memory.misaligned_penalty_cycles":
		return &c.MisalignedPenalty, nil
	case "memory.store_forward_latency_cycles":
		return &c.StoreForward, nil
	case "vector.dlen_bits":
		return &c.DLEN, nil
	case "vector.load_store_bytes_per_cycle":
		return &c.VecLSBytes, nil
	case "vector.vsetvl_cycles":
		return &c.VsetvlCycles, nil
	}
	parts := strings.Split(key, ".")
	if len(parts) == 3 && parts[0] == "unit" {
		for i := range c.Units {
			u := &c.Units[i]
			if u.Name != parts[1] {
				continue
			}
			switch parts[2] {
			case "latency_cycles":
				return &u.Latency, nil
			case "issue_interval_cycles":
				return &u.Interval, nil
			case "count":
				return &u.Count, nil
			}
		}
	}
	if len(parts) == 3 && parts[0] == "override" {
		for i := range c.Overrides {
			o := &c.Overrides[i]
			name := o.Class.String()
			if o.Op != isa.OpInvalid {
				name = o.Op.String()
			}
			if name != parts[1] {
				continue
			}
			switch parts[2] {
			case "latency_cycles":
				return &o.Latency, nil
			case "issue_interval_cycles":
				return &o.Interval, nil
			}
		}
	}
	return nil, fmt.Errorf("%s: no parameter %q (try one of: %s)", c.File, key, strings.Join(c.ParamKeys(), ", "))
}

// ParamKeys lists the keys Param and SetParam accept for this core.
func (c *Core) ParamKeys() []string {
	keys := []string{"freq_mhz", "pipeline.fetch_width", "pipeline.issue_width", "branch.mispredict_penalty_cycles",
		"branch.taken_bubble_cycles", "dependencies.bypass_extra_cycles", "dependencies.alu_to_address_extra_cycles",
		"dependencies.alu_to_store_data_extra_cycles", "dependencies.load_to_alu_advance_cycles",
		"dependencies.load_to_store_data_advance_cycles", "memory.l1d_hit_latency_cycles",
		"memory.l1d_miss_latency_cycles", "memory.misaligned_penalty_cycles", "memory.store_forward_latency_cycles"}
	if c.OutOfOrder {
		keys = append(keys, "pipeline.window_entries")
	}
	if c.HasVector {
		keys = append(keys, "vector.dlen_bits", "vector.load_store_bytes_per_cycle", "vector.vsetvl_cycles")
	}
	for _, u := range c.Units {
		keys = append(keys, "unit."+u.Name+".latency_cycles", "unit."+u.Name+".issue_interval_cycles", "unit."+u.Name+".count")
	}
	for _, o := range c.Overrides {
		name := o.Class.String()
		if o.Op != isa.OpInvalid {
			name = o.Op.String()
		}
		keys = append(keys, "override."+name+".latency_cycles")
	}
	sort.Strings(keys[14:])
	return keys
}

// Param returns the value of a parameter.
func (c *Core) Param(key string) (float64, error) {
	p, err := c.param(key)
	if err != nil {
		return 0, err
	}
	if p == nil {
		return c.FreqMHz, nil
	}
	return float64(*p), nil
}

// SetParam changes a parameter (integers are rounded) after checking it stays sensible.
func (c *Core) SetParam(key string, v float64) error {
	p, err := c.param(key)
	if err != nil {
		return err
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%s %g: not a finite number", key, v)
	}
	if p == nil {
		if !(v > 0 && v <= 10000) {
			return fmt.Errorf("freq_mhz %g: must be positive, at most 10000", v)
		}
		c.FreqMHz = v
		return nil
	}
	if v > 1<<30 || v < -(1<<30) {
		return fmt.Errorf("%s %g: out of range", key, v)
	}
	n := int(math.Round(v))
	lo := 0
	if strings.HasSuffix(key, "width") || strings.HasSuffix(key, "interval_cycles") || strings.HasSuffix(key, ".count") ||
		key == "memory.l1d_hit_latency_cycles" || strings.HasPrefix(key, "vector.") {
		lo = 1
	}
	if n < lo {
		n = lo
	}
	if strings.HasSuffix(key, ".count") && n > maxCopies {
		n = maxCopies
	}
	if key == "pipeline.window_entries" && n > maxWindow {
		n = maxWindow
	}
	*p = n
	if c.L1DMiss < c.L1DHit {
		c.L1DMiss = c.L1DHit
	}
	return nil
}

// Line returns the line of the description that sets key (0 when unknown).
func (c *Core) Line(key string) int {
	parts := strings.Split(key, ".")
	if len(parts) == 3 && (parts[0] == "unit" || parts[0] == "override") {
		return 0
	}
	return c.lines.find(key)
}

// Clone returns a deep copy (for trying parameter values).
func (c *Core) Clone() *Core {
	d := *c
	d.Units = append([]Unit(nil), c.Units...)
	d.Overrides = append([]Override(nil), c.Overrides...)
	return &d
}
