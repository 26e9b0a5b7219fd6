package cyclemodel

import (
	"strings"
	"testing"

	"rvsim/isa"
)

// testCore is a small in-order core whose numbers make hand-computed cycle counts easy.
const testCore = `
name = "test"
summary = "a core for hand-computed tests"
freq_mhz = 100.0

[pipeline]
issue = "in-order"
fetch_width = 1
issue_width = 1

[branch]
predictor = "static"
btb_entries = 0
ras_entries = 0
mispredict_penalty_cycles = 3
taken_bubble_cycles = 0

[dependencies]
bypass_extra_cycles = 0

[memory]
l1d_size_bytes = 1024
l1d_ways = 2
l1d_line_bytes = 64
l1d_hit_latency_cycles = 2
l1d_miss_latency_cycles = 10
misaligned_penalty_cycles = 5
store_forward_latency_cycles = 4

[[unit]]
name = "alu"
classes = ["alu", "branch", "jump", "sm4"]
count = 1
latency_cycles = 1
issue_interval_cycles = 1

[[unit]]
name = "mul"
classes = ["mul"]
count = 1
latency_cycles = 3
issue_interval_cycles = 1

[[unit]]
name = "div"
classes = ["div"]
count = 1
latency_cycles = 10
issue_interval_cycles = 10

[[unit]]
name = "lsu"
classes = ["load", "store"]
count = 1
latency_cycles = 1
issue_interval_cycles = 1
`

func mustParse(t *testing.T, src string) *Core {
	t.Helper()
	c, err := Parse("test.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// stream builds events at consecutive pcs from 0x1000.
type stream struct {
	pc  uint64
	evs []Event
}

func (s *stream) add(op isa.Op, rd, rs1, rs2 uint8) *Event {
	if s.pc == 0 {
		s.pc = 0x1000
	}
	s.evs = append(s.evs, Event{PC: s.pc, Inst: isa.Inst{Op: op, Rd: rd, Rs1: rs1, Rs2: rs2, Len: 4}, NextPC: s.pc + 4})
	s.pc += 4
	return &s.evs[len(s.evs)-1]
}

func (s *stream) mem(op isa.Op, rd, rs1 uint8, addr uint64, size uint8, store bool) *Event {
	e := s.add(op, rd, rs1, 0)
	e.MemAddr, e.MemSize, e.Store = addr, size, store
	if store {
		e.Inst.Rs2 = rd
		e.Inst.Rd = 0
	}
	return e
}

func run(t *testing.T, c *Core, evs []Event) *Model {
	t.Helper()
	m := New(c, 64, 0)
	for i := range evs {
		m.Retire(&evs[i])
	}
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestIndependentAndDependentChains(t *testing.T) {
	c := mustParse(t, testCore)
	var ind, dep stream
	for i := 0; i < 3; i++ {
		ind.add(isa.MUL, uint8(5+i), 1, 2) // independent: one per cycle
		dep.add(isa.MUL, 5, 5, 2)          // each needs the previous result, 3 cycles later
	}
	if got := run(t, c, ind.evs).Cycles(); got != 3 {
		t.Errorf("independent muls: %d cycles, want 3 (issue at 0, 1, 2)", got)
	}
	m := run(t, c, dep.evs)
	if got := m.Cycles(); got != 7 {
		t.Errorf("dependent muls: %d cycles, want 7 (issue at 0, 3, 6)", got)
	}
	if got := m.Stats().Stall[reasonDep+int(isa.ClassMul)]; got != 4 {
		t.Errorf("cycles waiting on mul: %d, want 4", got)
	}
}

func TestLoadUseAndCacheMiss(t *testing.T) {
	c := mustParse(t, testCore)
	var s stream
	s.mem(isa.LD, 5, 2, 0x8000, 8, false) // miss: ready at 0+10
	s.add(isa.ADD, 6, 5, 5)               // issues at 10
	s.mem(isa.LD, 7, 2, 0x8008, 8, false) // same line, hit: issues at 11, ready at 13
	s.add(isa.ADD, 8, 7, 7)               // issues at 13
	m := run(t, c, s.evs)
	if got := m.Cycles(); got != 14 {
		t.Errorf("%d cycles, want 14", got)
	}
	st := m.Stats()
	if st.Stall[ReasonCacheMiss] != 9 || st.Stall[reasonDep+int(isa.ClassLoad)] != 1 || st.L1DMisses != 1 {
		t.Errorf("cache-miss %d (want 9), load-use %d (want 1), misses %d (want 1)",
			st.Stall[ReasonCacheMiss], st.Stall[reasonDep+int(isa.ClassLoad)], st.L1DMisses)
	}
	var sum uint64
	for _, n := range st.Stall {
		sum += n
	}
	if sum != st.Cycles {
		t.Errorf("reasons add up to %d, cycles %d", sum, st.Cycles)
	}
}

func TestMisaligned(t *testing.T) {
	c := mustParse(t, testCore)
	var s stream
	s.mem(isa.LD, 5, 2, 0x8000, 8, false) // miss, warms the line
	s.mem(isa.LW, 6, 2, 0x8002, 4, false) // issue 1, misaligned: ready 1+2+5 = 8
	s.add(isa.ADD, 7, 6, 6)               // 8
	m := run(t, c, s.evs)
	if got := m.Cycles(); got != 9 {
		t.Errorf("%d cycles, want 9", got)
	}
	if m.Stats().Misaligned != 1 || m.Stats().Stall[ReasonMisaligned] != 6 {
		t.Errorf("misaligned %d, cycles %d; want 1, 6", m.Stats().Misaligned, m.Stats().Stall[ReasonMisaligned])
	}
}

func TestMispredict(t *testing.T) {
	c := mustParse(t, testCore)
	var s stream
	b := s.add(isa.BEQ, 0, 1, 2)
	b.NextPC = b.PC + 64 // taken forward: the static predictor says not taken
	s.pc = b.NextPC
	s.add(isa.ADD, 5, 1, 2) // refetched: issues at 0 + 1 + 3
	m := run(t, c, s.evs)
	if got := m.Cycles(); got != 5 {
		t.Errorf("%d cycles, want 5", got)
	}
	if m.Stats().Mispredicts != 1 || m.Stats().Stall[ReasonMispredict] != 3 {
		t.Errorf("mispredicts %d, cycles %d; want 1, 3", m.Stats().Mispredicts, m.Stats().Stall[ReasonMispredict])
	}
	// A backward taken branch is predicted (static: backward taken): no penalty.
	var s2 stream
	s2.add(isa.ADD, 5, 1, 2)
	b = s2.add(isa.BNE, 0, 1, 2)
	b.NextPC = 0x1000
	s2.pc = 0x1000
	s2.add(isa.ADD, 5, 1, 2)
	if got := run(t, c, s2.evs).Cycles(); got != 3 {
		t.Errorf("predicted loop branch: %d cycles, want 3", got)
	}
}

func TestNonPipelinedDivider(t *testing.T) {
	c := mustParse(t, testCore)
	var s stream
	s.add(isa.DIV, 5, 1, 2)
	s.add(isa.ADD, 7, 1, 2) // independent: issues at 1
	s.add(isa.DIV, 6, 3, 4) // the divider is busy until 10
	m := run(t, c, s.evs)
	if got := m.Cycles(); got != 11 {
		t.Errorf("%d cycles, want 11", got)
	}
	if got := m.Stats().Stall[reasonUnit0+2]; got != 8 {
		t.Errorf("busy:div %d, want 8", got)
	}
	if m.ReasonName(reasonUnit0+2) != "busy:div" {
		t.Errorf("reason name %q", m.ReasonName(reasonUnit0+2))
	}
}

func TestDualIssueAndWidth(t *testing.T) {
	src := strings.Replace(testCore, "issue_width = 1", "issue_width = 2", 1)
	src = strings.Replace(src, "fetch_width = 1", "fetch_width = 2", 1)
	src = strings.Replace(src, `name = "alu"
classes = ["alu", "branch", "jump", "sm4"]
count = 1`, `name = "alu"
classes = ["alu", "branch", "jump", "sm4"]
count = 2`, 1)
	c := mustParse(t, src)
	var s stream
	for i := 0; i < 4; i++ {
		s.add(isa.ADD, uint8(5+i), 1, 2)
	}
	if got := run(t, c, s.evs).Cycles(); got != 2 {
		t.Errorf("4 independent adds on 2-wide: %d cycles, want 2", got)
	}
	var d stream
	d.add(isa.ADD, 5, 1, 2)
	d.add(isa.ADD, 6, 5, 2) // depends: next cycle
	d.add(isa.ADD, 7, 1, 2) // pairs with it
	if got := run(t, c, d.evs).Cycles(); got != 2 {
		t.Errorf("dependent pair: %d cycles, want 2", got)
	}
}

func TestOutOfOrderOverlapsIndependentWork(t *testing.T) {
	src := strings.Replace(testCore, `issue = "in-order"`, `issue = "out-of-order"
window_entries = 16`, 1)
	c := mustParse(t, src)
	var s stream
	s.add(isa.DIV, 5, 1, 2) // 10 cycles
	for i := 0; i < 5; i++ {
		s.add(isa.ADD, uint8(10+i), 1, 2) // execute under the divide, retire after it
	}
	m := run(t, c, s.evs)
	// div issues at 0 and completes at 10; the adds complete by 6 and retire one per cycle
	// after it (width 1): retirements at 10..15.
	if got := m.Cycles(); got != 16 {
		t.Errorf("%d cycles, want 16", got)
	}
	in := run(t, mustParse(t, testCore), s.evs).Cycles()
	if in != 6 {
		t.Errorf("in order the adds go on under the divide: %d cycles, want 6", in)
	}
}

func TestUnassignedClassIsAnError(t *testing.T) {
	c := mustParse(t, testCore)
	m := New(c, 64, 0)
	var s stream
	s.add(isa.AES64ES, 5, 1, 2)
	m.Retire(&s.evs[0])
	if err := m.Err(); err == nil || !strings.Contains(err.Error(), `"aes"`) || !strings.Contains(err.Error(), "aes64es") {
		t.Errorf("error %v, want one naming class aes and op aes64es", err)
	}
	if err := c.Check([]isa.Op{isa.ADD, isa.SM3P0}); err == nil || !strings.Contains(err.Error(), "sm3") {
		t.Errorf("Check: %v, want an error naming sm3", err)
	}
}

func TestVectorBeats(t *testing.T) {
	if isa.RowOf(isa.VADD_VV, 64) == nil {
		t.Skip("the vector rows are not in the isa table yet")
	}
	src := testCore + `
[vector]
vlen_bits = 256
dlen_bits = 64
chaining = false
load_store_bytes_per_cycle = 16
vsetvl_cycles = 1

[[unit]]
name = "valu"
classes = ["valu"]
count = 1
latency_cycles = 2
issue_interval_cycles = 1
`
	c := mustParse(t, src)
	vadd := func(s *stream, vd, vs2, vs1 uint8) {
		e := s.add(isa.VADD_VV, vd, vs1, vs2)
		e.Inst.Vm = 1
		e.VL, e.SEW, e.LMUL8 = 8, 32, 8
	}
	// LMUL 1: 256/64 = 4 beats. Two independent: the second waits for the unit (4 cycles).
	var s stream
	vadd(&s, 1, 2, 3)
	vadd(&s, 4, 5, 6)
	if got := run(t, c, s.evs).Cycles(); got != 5 {
		t.Errorf("independent: %d cycles, want 5", got)
	}
	// Dependent without chaining: the last beat's result at 0 + 2 + 3 = 5.
	var d stream
	vadd(&d, 1, 2, 3)
	vadd(&d, 4, 1, 6)
	if got := run(t, c, d.evs).Cycles(); got != 6 {
		t.Errorf("dependent, no chaining: %d cycles, want 6", got)
	}
	// With chaining the first beat's result (cycle 2) is enough, but the unit is busy to 4.
	cc := mustParse(t, strings.Replace(src, "chaining = false", "chaining = true", 1))
	if got := run(t, cc, d.evs).Cycles(); got != 5 {
		t.Errorf("dependent, chaining: %d cycles, want 5", got)
	}
}

func TestProfileLoops(t *testing.T) {
	c := mustParse(t, testCore)
	m := New(c, 64, 0)
	m.SetProfile(0x1000, 0x2000)
	var s stream
	for i := 0; i < 4; i++ {
		s.pc = 0x1000
		s.add(isa.ADDI, 5, 5, 0)
		b := s.add(isa.BNE, 0, 5, 6)
		if i < 3 {
			b.NextPC = 0x1000
		}
	}
	for i := range s.evs {
		m.Retire(&s.evs[i])
	}
	loops := m.TopLoops(3)
	if len(loops) != 1 || loops[0].Start != 0x1000 || loops[0].End != 0x1004 || loops[0].Iterations != 3 {
		t.Fatalf("loops %+v", loops)
	}
	if loops[0].Cycles != m.Stats().Cycles {
		t.Errorf("loop cycles %d, total %d", loops[0].Cycles, m.Stats().Cycles)
	}
	top := m.TopInsts(1)
	if len(top) != 1 || top[0].Count != 4 {
		t.Errorf("top %+v", top)
	}
}

func TestRetireAllocatesNothing(t *testing.T) {
	c := mustParse(t, testCore)
	m := New(c, 64, 0)
	var s stream
	s.mem(isa.LD, 5, 2, 0x8000, 8, false)
	s.add(isa.ADD, 6, 5, 5)
	b := s.add(isa.BNE, 0, 5, 6)
	b.NextPC = 0x1000
	allocs := testing.AllocsPerRun(1000, func() {
		for i := range s.evs {
			m.Retire(&s.evs[i])
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
}

// BenchmarkRetire measures the model alone, per instruction, on the scalar stream above.
func BenchmarkRetire(b *testing.B) {
	c, err := Load("rocket")
	if err != nil {
		b.Fatal(err)
	}
	m := New(c, 64, 0)
	var s stream
	for i := 0; i < 8; i++ {
		s.mem(isa.LW, 5, 2, 0x8000+uint64(i)*4, 4, false)
		s.add(isa.XOR, 6, 5, 6)
		s.add(isa.SM4ED, 7, 7, 6)
	}
	br := s.add(isa.BNE, 0, 5, 6)
	br.NextPC = 0x1000
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range s.evs {
			m.Retire(&s.evs[j])
		}
	}
	b.ReportMetric(float64(b.N*len(s.evs))/b.Elapsed().Seconds()/1e6, "Minsts/s")
}

func TestVectorLoadThenUse(t *testing.T) {
	src := testCore + `
[vector]
vlen_bits = 256
dlen_bits = 128
chaining = false
load_store_bytes_per_cycle = 16
vsetvl_cycles = 1

[[unit]]
name = "valu"
classes = ["valu"]
count = 1
latency_cycles = 2
issue_interval_cycles = 1

[[unit]]
name = "vls"
classes = ["vload", "vstore"]
count = 1
latency_cycles = 3
issue_interval_cycles = 1
`
	c := mustParse(t, src)
	var s stream
	ld := s.add(isa.VLE32_V, 1, 10, 0) // 8 x 32 bits = 32 bytes: 2 cycles at 16 bytes a cycle
	ld.Inst.Vm, ld.MemAddr = 1, 0x9000
	ld.VL, ld.SEW, ld.LMUL8 = 8, 32, 8
	add := s.add(isa.VADD_VV, 2, 1, 1)
	add.Inst.Vm = 1
	add.VL, add.SEW, add.LMUL8 = 8, 32, 8
	m := run(t, c, s.evs)
	// The load misses: 3 + (10 - 2) for the first bytes, + 1 for the second cycle of data:
	// ready at 12; the add issues then.
	if got := m.Cycles(); got != 13 {
		t.Errorf("%d cycles, want 13", got)
	}
	if m.Stats().L1DMisses != 1 || m.Stats().Stall[ReasonCacheMiss] != 11 {
		t.Errorf("misses %d, cache-miss cycles %d; want 1, 11", m.Stats().L1DMisses, m.Stats().Stall[ReasonCacheMiss])
	}
}
