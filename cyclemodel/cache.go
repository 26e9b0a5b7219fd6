package cyclemodel

// cache is a set-associative L1 data cache with LRU replacement, write-allocate: only tags
// are kept, enough to tell hits from misses.
type cache struct {
	tags      []uint64 // line address + 1 per way, 0: invalid
	used      []uint32 // last-use stamp per way
	ways      int
	setMask   uint64
	lineShift uint
	clock     uint32

	// hint is, for a line, the slot it was last found or filled in, indexed by the line's
	// low bits: when the slot still holds it (a line is in one slot at most) the access needs
	// no search of its set, and only stamps it. (The line of the last access always is in
	// the slot its hint gives, since every access leaves the hint of its line at its slot:
	// so a separate test for an access to that line again, kept earlier, was redundant.)
	hint  []int32
	hmask uint64
}

func (c *cache) init(size, ways, line int) {
	sets := size / (ways * line)
	nh := 1
	for nh < sets*ways {
		nh <<= 1
	}
	*c = cache{
		hint:      make([]int32, nh),
		hmask:     uint64(nh - 1),
		tags:      make([]uint64, sets*ways),
		used:      make([]uint32, sets*ways),
		ways:      ways,
		setMask:   uint64(sets - 1),
		lineShift: log2(line),
	}
}

// access looks the line holding addr up, fills it on a miss, and reports a hit.
func (c *cache) access(addr uint64) bool {
	line := addr >> c.lineShift
	c.clock++
	if sl := int(c.hint[line&c.hmask]); c.tags[sl] == line+1 {
		c.used[sl] = c.clock
		return true
	}
	return c.lookup(line)
}

// lookup is access for a line that is not where its hint says.
func (c *cache) lookup(line uint64) bool {
	base := int(line&c.setMask) * c.ways
	tags := c.tags[base : base+c.ways]
	used := c.used[base : base+c.ways]
	victim := 0
	for w, t := range tags {
		if t == line+1 {
			used[w] = c.clock
			c.hint[line&c.hmask] = int32(base + w)
			return true
		}
		if used[w] < used[victim] || t == 0 && tags[victim] != 0 {
			victim = w
		}
	}
	tags[victim] = line + 1
	used[victim] = c.clock
	c.hint[line&c.hmask] = int32(base + victim)
	return false
}

// outcomes runs a block's scalar accesses ops, at addrs, through the cache in order and sets
// the bits of the ones that miss or are misaligned in ow, counting them in st. The access
// that hits an aligned line, nearly all of them, is cache.access written out with the
// cache's clock in a local (as a field it was loaded and stored at every access, since the
// stores to used may alias it for the compiler); any other takes accessOutcome.
func (c *cache) outcomes(ops []cacheOp, addrs []uint64, ow []uint64, st *Stats) {
	hint, tags, used, hmask := c.hint, c.tags, c.used, c.hmask
	shift := c.lineShift & 63
	clock := c.clock
	for _, co := range ops {
		addr := addrs[co.j]
		line := addr >> shift
		if sl := int(hint[line&hmask]); tags[sl] == line+1 && addr&(uint64(co.size)-1) == 0 {
			clock++
			used[sl] = clock
			continue
		}
		c.clock = clock
		o := c.accessOutcome(addr, uint64(co.size), st)
		ow[co.bit/64] |= o << (co.bit % 64)
		clock = c.clock
	}
	c.clock = clock
}

// accessOutcome is the outcome of a scalar access of size bytes at addr, as Model.access
// works it out, with the misses and misaligned accesses counted in st. (Model.access keeps
// its own copy: calling this from it cost the per-instruction path 3%, BenchmarkRetire.)
func (c *cache) accessOutcome(addr, size uint64, st *Stats) uint64 {
	var o uint64
	if !c.access(addr) {
		o = oMiss
	}
	if addr&(size-1) != 0 {
		o |= oMisaligned
		st.Misaligned++
		if last := addr + size - 1; last>>c.lineShift != addr>>c.lineShift && !c.access(last) {
			o |= oMiss
		}
	}
	if o&oMiss != 0 {
		st.L1DMisses++
	}
	return o
}
