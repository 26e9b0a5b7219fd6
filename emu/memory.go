package emu

import (
	"encoding/binary"
	"fmt"
	"io"
	"sort"

	"rvsim/isa"
)

// PageSize is the granularity of guest memory, permissions and the decode cache.
const PageSize = 4096

const (
	pageShift = 12
	pageMask  = PageSize - 1
	tlbSize   = 256
	tlbMask   = tlbSize - 1
)

// Perm is a page's access rights.
type Perm uint8

const (
	PermX Perm = 1 << iota
	PermW
	PermR
	PermRW  = PermR | PermW
	PermRX  = PermR | PermX
	PermRWX = PermR | PermW | PermX
)

func (p Perm) String() string {
	b := []byte("---")
	if p&PermR != 0 {
		b[0] = 'r'
	}
	if p&PermW != 0 {
		b[1] = 'w'
	}
	if p&PermX != 0 {
		b[2] = 'x'
	}
	return string(b)
}

type page struct {
	data [PageSize]byte
	perm Perm
	// code holds the instructions decoded from this page, nil until the hart executes here.
	code *codePage
	// watched pages (HTIF tohost) take the slow store path so that the hart notices writes.
	watched bool
}

// codePage caches the decoded instruction at every 2-byte offset of a page.
// insts keeps the architectural decoding beside each slot for hooks and the debugger; the
// interpreter's loop reads only slots.
type codePage struct {
	slots [PageSize/2 + 2]slot
	insts [PageSize / 2]isa.Inst
}

type tlbEntry struct {
	vpn  uint64
	data *[PageSize]byte
}

// region is a mapped range of the address space: what the guest may access there and where
// a page's first contents come from. Pages are allocated when first touched, so a mapping
// costs host memory only for what the guest uses.
type region struct {
	lo, hi uint64 // page-aligned, lo < hi
	perm   Perm
	// file, when set, supplies the first contents of the pages (a private file mapping):
	// the byte at address a is the file's byte at off+(a-lo) if that is below fileEnd, zero
	// past it.
	file    io.ReaderAt
	off     uint64
	fileEnd uint64
}

// DefaultMemoryLimit caps the guest memory a Memory allocates unless SetLimit says otherwise.
const DefaultMemoryLimit = 4 << 30

// Memory is a sparse, paged guest address space. Mappings are ranges (regions); the pages
// inside them are allocated on first touch, up to a limit. Reads and writes go through small
// direct-mapped caches of page pointers; the write cache never holds a page that has decoded
// instructions or is watched, so the fast store path needs no extra test and the slow path
// can invalidate decoded code and signal the hart.
type Memory struct {
	pages   map[uint64]*page // the pages touched so far, by page number
	regions []region         // sorted by address, not overlapping
	rtlb    [tlbSize]tlbEntry
	wtlb    [tlbSize]tlbEntry

	// limit caps the bytes of pages allocated; LimitHit says an access failed because of it.
	limit    uint64
	LimitHit bool

	// Epoch changes whenever a store hits a watched page or the mapping changes; the hart
	// compares it after stores to know when to poll tohost or refetch its code page.
	Epoch uint64

	// watchedStore is the address of the last byte a guest store wrote to a watched page,
	// and watchedEpoch the Epoch that store made.
	watchedStore, watchedEpoch uint64

	// Misaligned counts loads and stores whose address is not a multiple of their size.
	Misaligned uint64

	// Fault describes the last failed access.
	Fault MemFault

	// journal, when set (by the debugger's undo log, debug.go), receives the old value of
	// every byte storeSlow and Write change. While it is set the write cache stays empty, so
	// that no store bypasses storeSlow.
	journal *memJournal
}

// MemFault describes a failed access.
type MemFault struct {
	Addr  uint64
	Write bool
	Fetch bool
	// Perm is true when the page exists but forbids the access (store to read-only data).
	Perm bool
	// Limit is true when the page is mapped but could not be allocated: the memory limit.
	Limit bool
}

func (f MemFault) Error() string {
	kind := "load from"
	if f.Write {
		kind = "store to"
	} else if f.Fetch {
		kind = "instruction fetch from"
	}
	if f.Limit {
		return fmt.Sprintf("%s %#x needs a new page past the guest memory limit", kind, f.Addr)
	}
	if f.Perm {
		return fmt.Sprintf("%s protected address %#x", kind, f.Addr)
	}
	return fmt.Sprintf("%s unmapped address %#x", kind, f.Addr)
}

// NewMemory returns an empty address space with the default memory limit.
func NewMemory() *Memory {
	m := &Memory{pages: make(map[uint64]*page), limit: DefaultMemoryLimit}
	m.flushTLB()
	return m
}

// SetLimit caps the guest memory allocated to n bytes (rounded down to pages; 0: no cap
// beyond the default).
func (m *Memory) SetLimit(n uint64) {
	if n == 0 {
		n = DefaultMemoryLimit
	}
	m.limit = n &^ pageMask
}

// Limit returns the cap on allocated guest memory in bytes.
func (m *Memory) Limit() uint64 { return m.limit }

// Touched returns the bytes of guest memory allocated so far.
func (m *Memory) Touched() uint64 { return uint64(len(m.pages)) * PageSize }

func (m *Memory) flushTLB() {
	for i := range m.rtlb {
		m.rtlb[i] = tlbEntry{vpn: ^uint64(0)}
		m.wtlb[i] = tlbEntry{vpn: ^uint64(0)}
	}
}

// pageRange rounds [addr, addr+size) out to pages; ok is false when it wraps past 2^64.
func pageRange(addr, size uint64) (lo, hi uint64, ok bool) {
	lo = addr &^ pageMask
	end := addr + size
	if end < addr {
		return 0, 0, false
	}
	hi = (end + pageMask) &^ pageMask
	if hi < end {
		if end > ^uint64(0)-pageMask {
			return lo, 0, true // the range runs to the top of the address space: hi wraps to 0
		}
		return 0, 0, false
	}
	return lo, hi, true
}

// Range is a mapped range of the address space and its permissions.
type Range struct {
	Start, End uint64
	Perm       Perm
}

// Ranges returns the mapped ranges in address order (for /proc/self/maps).
func (m *Memory) Ranges() []Range {
	rs := make([]Range, 0, len(m.regions))
	for _, r := range m.regions {
		rs = append(rs, Range{r.lo, r.hi, r.perm})
	}
	return rs
}

// regionIndex returns the index of the first region that ends above addr.
func (m *Memory) regionIndex(addr uint64) int {
	return sort.Search(len(m.regions), func(i int) bool { return m.regions[i].hi-1 >= addr })
}

// regionAt returns the region holding addr, or nil.
func (m *Memory) regionAt(addr uint64) *region {
	i := m.regionIndex(addr)
	if i < len(m.regions) && m.regions[i].lo <= addr {
		return &m.regions[i]
	}
	return nil
}

// carve removes [lo, hi) from the regions (hi-1 is the last byte, so hi 0 means the top of
// the address space), splitting those that straddle its ends, and returns the removed parts.
func (m *Memory) carve(lo, hi uint64) []region {
	last := hi - 1
	var out, kept []region
	i := m.regionIndex(lo)
	j := i
	for j < len(m.regions) && m.regions[j].lo <= last {
		j++
	}
	if i == j {
		return nil
	}
	for _, r := range m.regions[i:j] {
		if r.lo < lo {
			left := r
			left.hi = lo
			kept = append(kept, left)
		}
		if r.hi-1 > last {
			right := r
			right.off += hi - r.lo
			right.lo = hi
			kept = append(kept, right)
		}
		mid := r
		if mid.lo < lo {
			mid.off += lo - mid.lo
			mid.lo = lo
		}
		if mid.hi-1 > last {
			mid.hi = hi
		}
		out = append(out, mid)
	}
	rest := append(kept, m.regions[j:]...)
	m.regions = append(m.regions[:i], rest...)
	return out
}

// insert adds r, which overlaps no region.
func (m *Memory) insert(r region) {
	i := m.regionIndex(r.lo)
	m.regions = append(m.regions, region{})
	copy(m.regions[i+1:], m.regions[i:])
	m.regions[i] = r
}

// eachPage calls f for every allocated page in [lo, hi) (hi 0: to the top), visiting
// whichever is fewer: the range's pages or the allocated ones, so that the cost does not
// grow with the size of a range the guest never touched.
func (m *Memory) eachPage(lo, hi uint64, f func(vpn uint64, p *page)) {
	first, last := lo>>pageShift, (hi-1)>>pageShift
	if last-first < uint64(len(m.pages)) {
		for vpn := first; ; vpn++ {
			if p := m.pages[vpn]; p != nil {
				f(vpn, p)
			}
			if vpn == last {
				break
			}
		}
		return
	}
	for vpn, p := range m.pages {
		if vpn >= first && vpn <= last {
			f(vpn, p)
		}
	}
}

// SetLazy makes [lo, hi) a zeroed RWX mapping whose pages exist once touched: the RAM of a
// bare-metal machine.
func (m *Memory) SetLazy(lo, hi uint64) { m.Map(lo, hi-lo, PermRWX) }

// Map makes [addr, addr+size) (rounded out to pages) accessible with perm. Pages already
// touched there keep their contents and take the new permission; the others read as zero.
func (m *Memory) Map(addr, size uint64, perm Perm) {
	m.mapRegion(addr, size, region{perm: perm})
}

// MapFile maps [addr, addr+size) privately to the contents of r from offset off: a page's
// first contents are the file's bytes there (zero past fileSize), read when it is first
// touched. Pages already touched in the range are dropped.
func (m *Memory) MapFile(addr, size uint64, perm Perm, r io.ReaderAt, off, fileSize uint64) {
	m.Unmap(addr, size)
	m.mapRegion(addr, size, region{perm: perm, file: r, off: off, fileEnd: fileSize})
}

func (m *Memory) mapRegion(addr, size uint64, r region) {
	if size == 0 {
		return
	}
	lo, hi, ok := pageRange(addr, size)
	if !ok {
		return
	}
	m.carve(lo, hi)
	r.lo, r.hi = lo, hi
	m.insert(r)
	m.eachPage(lo, hi, func(_ uint64, p *page) { p.perm = r.perm })
	m.flushTLB()
	m.Epoch++
}

// Protect changes the permission of the mapped pages in [addr, addr+size) to perm, keeping
// their contents and backing (mprotect). It reports whether the whole range was mapped;
// if not, nothing changes.
func (m *Memory) Protect(addr, size uint64, perm Perm) bool {
	if size == 0 {
		return true
	}
	if !m.Mapped(addr, size) {
		return false
	}
	lo, hi, _ := pageRange(addr, size)
	for _, r := range m.carve(lo, hi) {
		r.perm = perm
		m.insert(r)
	}
	m.eachPage(lo, hi, func(_ uint64, p *page) { p.perm = perm })
	m.flushTLB()
	m.Epoch++
	return true
}

// Unmap removes the mappings and pages covering [addr, addr+size).
func (m *Memory) Unmap(addr, size uint64) {
	if size == 0 {
		return
	}
	lo, hi, ok := pageRange(addr, size)
	if !ok {
		return
	}
	m.carve(lo, hi)
	m.eachPage(lo, hi, func(vpn uint64, _ *page) { delete(m.pages, vpn) })
	m.flushTLB()
	m.Epoch++
}

// Discard drops the contents of the touched pages of [addr, addr+size), keeping the
// mappings (madvise MADV_DONTNEED on private memory): anonymous memory reads as zeros again
// and a file mapping as the file. Watched pages (HTIF's) keep theirs.
func (m *Memory) Discard(addr, size uint64) {
	if size == 0 {
		return
	}
	lo, hi, ok := pageRange(addr, size)
	if !ok {
		return
	}
	m.eachPage(lo, hi, func(vpn uint64, p *page) {
		if p != noAccess && !p.watched {
			delete(m.pages, vpn)
		}
	})
	m.flushTLB()
	m.Epoch++
}

// Mapped reports whether every page of [addr, addr+size) is mapped.
func (m *Memory) Mapped(addr, size uint64) bool {
	return m.covered(addr, size, 0)
}

// covered reports whether [addr, addr+size) lies in regions that all allow perm.
func (m *Memory) covered(addr, size uint64, perm Perm) bool {
	if size == 0 {
		return true
	}
	last := addr + size - 1
	if last < addr {
		return false
	}
	a := addr
	for i := m.regionIndex(addr); i < len(m.regions); i++ {
		r := &m.regions[i]
		if r.lo > a || r.perm&perm != perm {
			return false
		}
		if r.hi-1 >= last {
			return true
		}
		a = r.hi
	}
	return false
}

// Overlaps reports whether any page of [addr, addr+size) is mapped.
func (m *Memory) Overlaps(addr, size uint64) bool {
	if size == 0 {
		return false
	}
	i := m.regionIndex(addr)
	return i < len(m.regions) && m.regions[i].lo <= addr+size-1
}

// FindFree returns the lowest page-aligned address a in [lo, hi) such that [a, a+size) is
// unmapped and ends by hi, in time that depends on the number of mappings only.
func (m *Memory) FindFree(lo, hi, size uint64) (uint64, bool) {
	a := (lo + pageMask) &^ pageMask
	for i := m.regionIndex(a); ; i++ {
		end := hi
		if i < len(m.regions) && m.regions[i].lo < hi {
			end = m.regions[i].lo
		}
		if a <= end && end-a >= size {
			return a, true
		}
		if i >= len(m.regions) || m.regions[i].lo >= hi {
			return 0, false
		}
		a = m.regions[i].hi
		if a == 0 || a >= hi {
			return 0, false
		}
	}
}

// PermAt returns the permission of the page holding addr (0 if unmapped).
func (m *Memory) PermAt(addr uint64) Perm {
	if r := m.regionAt(addr); r != nil {
		return r.perm
	}
	return 0
}

// Watch makes stores to the page holding addr bump Epoch.
func (m *Memory) Watch(addr uint64) {
	if p := m.alloc(addr >> pageShift); p != nil {
		p.watched = true
		m.flushTLB()
	}
}

// noAccess stands for the untouched pages of PROT_NONE mappings: they exist but allow
// nothing, and allocating them would let a large reservation cost memory.
var noAccess = &page{}

// page returns the page vpn, allocating it when it is mapped but untouched; nil when it is
// unmapped or cannot be allocated (LimitHit then says why). An untouched page of a mapping
// without permissions is noAccess, which must not be written.
func (m *Memory) page(vpn uint64) *page {
	if p := m.pages[vpn]; p != nil {
		return p
	}
	m.LimitHit = false
	r := m.regionAt(vpn << pageShift)
	if r == nil {
		return nil
	}
	if r.perm == 0 {
		return noAccess
	}
	return m.allocIn(vpn, r)
}

// alloc returns page vpn, allocating it (whatever its permission) if it is mapped.
func (m *Memory) alloc(vpn uint64) *page {
	if p := m.pages[vpn]; p != nil {
		return p
	}
	m.LimitHit = false
	if r := m.regionAt(vpn << pageShift); r != nil {
		return m.allocIn(vpn, r)
	}
	return nil
}

func (m *Memory) allocIn(vpn uint64, r *region) *page {
	if uint64(len(m.pages)+1)*PageSize > m.limit {
		m.LimitHit = true
		return nil
	}
	p := &page{perm: r.perm}
	if r.file != nil {
		at := r.off + (vpn<<pageShift - r.lo)
		if at < r.fileEnd {
			n := min(uint64(PageSize), r.fileEnd-at)
			r.file.ReadAt(p.data[:n], int64(at)) // a short read leaves zeros, as past EOF
		}
	}
	m.pages[vpn] = p
	return p
}

// Fast paths: an aligned access whose page is in the cache. Alignment implies the access
// stays inside the page; anything else takes the slow path, which also counts misalignment.

func (m *Memory) Load8(addr uint64) (uint8, bool) {
	e := &m.rtlb[(addr>>pageShift)&tlbMask]
	if e.vpn == addr>>pageShift {
		return e.data[addr&pageMask], true
	}
	v, ok := m.loadSlow(addr, 1)
	return uint8(v), ok
}

func (m *Memory) Load16(addr uint64) (uint16, bool) {
	e := &m.rtlb[(addr>>pageShift)&tlbMask]
	if e.vpn == addr>>pageShift && addr&1 == 0 {
		return binary.LittleEndian.Uint16(e.data[addr&pageMask:]), true
	}
	v, ok := m.loadSlow(addr, 2)
	return uint16(v), ok
}

func (m *Memory) Load32(addr uint64) (uint32, bool) {
	e := &m.rtlb[(addr>>pageShift)&tlbMask]
	if e.vpn == addr>>pageShift && addr&3 == 0 {
		return binary.LittleEndian.Uint32(e.data[addr&pageMask:]), true
	}
	v, ok := m.loadSlow(addr, 4)
	return uint32(v), ok
}

func (m *Memory) Load64(addr uint64) (uint64, bool) {
	e := &m.rtlb[(addr>>pageShift)&tlbMask]
	if e.vpn == addr>>pageShift && addr&7 == 0 {
		return binary.LittleEndian.Uint64(e.data[addr&pageMask:]), true
	}
	return m.loadSlow(addr, 8)
}

func (m *Memory) Store8(addr uint64, v uint8) bool {
	e := &m.wtlb[(addr>>pageShift)&tlbMask]
	if e.vpn == addr>>pageShift {
		e.data[addr&pageMask] = v
		return true
	}
	return m.storeSlow(addr, uint64(v), 1)
}

func (m *Memory) Store16(addr uint64, v uint16) bool {
	e := &m.wtlb[(addr>>pageShift)&tlbMask]
	if e.vpn == addr>>pageShift && addr&1 == 0 {
		binary.LittleEndian.PutUint16(e.data[addr&pageMask:], v)
		return true
	}
	return m.storeSlow(addr, uint64(v), 2)
}

func (m *Memory) Store32(addr uint64, v uint32) bool {
	e := &m.wtlb[(addr>>pageShift)&tlbMask]
	if e.vpn == addr>>pageShift && addr&3 == 0 {
		binary.LittleEndian.PutUint32(e.data[addr&pageMask:], v)
		return true
	}
	return m.storeSlow(addr, uint64(v), 4)
}

func (m *Memory) Store64(addr uint64, v uint64) bool {
	e := &m.wtlb[(addr>>pageShift)&tlbMask]
	if e.vpn == addr>>pageShift && addr&7 == 0 {
		binary.LittleEndian.PutUint64(e.data[addr&pageMask:], v)
		return true
	}
	return m.storeSlow(addr, v, 8)
}

func (m *Memory) loadSlow(addr uint64, size int) (uint64, bool) {
	if addr&uint64(size-1) != 0 {
		m.Misaligned++
	}
	var v uint64
	for i := 0; i < size; i++ {
		a := addr + uint64(i)
		p := m.page(a >> pageShift)
		if p == nil || p.perm&PermR == 0 {
			m.Fault = MemFault{Addr: a, Perm: p != nil, Limit: p == nil && m.LimitHit}
			return 0, false
		}
		m.rtlb[(a>>pageShift)&tlbMask] = tlbEntry{vpn: a >> pageShift, data: &p.data}
		v |= uint64(p.data[a&pageMask]) << (8 * i)
	}
	return v, true
}

func (m *Memory) storeSlow(addr, v uint64, size int) bool {
	if addr&uint64(size-1) != 0 {
		m.Misaligned++
	}
	// Check every byte first: a store that faults changes nothing.
	for i := 0; i < size; i++ {
		a := addr + uint64(i)
		p := m.page(a >> pageShift)
		if p == nil || p.perm&PermW == 0 {
			m.Fault = MemFault{Addr: a, Write: true, Perm: p != nil, Limit: p == nil && m.LimitHit}
			return false
		}
	}
	for i := 0; i < size; i++ {
		a := addr + uint64(i)
		p := m.pages[a>>pageShift]
		if m.journal != nil {
			m.journal.note(a, p.data[a&pageMask])
		}
		p.data[a&pageMask] = byte(v >> (8 * i))
		m.touchCode(a)
		if p.watched {
			m.Epoch++
			m.watchedStore, m.watchedEpoch = a, m.Epoch
		} else if p.code == nil && m.journal == nil {
			m.wtlb[(a>>pageShift)&tlbMask] = tlbEntry{vpn: a >> pageShift, data: &p.data}
		}
	}
	return true
}

// touchCode forgets the decoded instructions that cover the byte at a: the one starting
// there and the one starting two bytes before (instructions are 2-byte aligned and at most
// 4 bytes long), which may lie on the previous page. The hart reads its slot afresh for every
// instruction, so the next fetch decodes the new bytes.
func (m *Memory) touchCode(a uint64) {
	if p := m.pages[a>>pageShift]; p != nil && p.code != nil {
		p.code.slots[(a&pageMask)>>1] = slot{}
		if a&pageMask >= 2 {
			p.code.slots[((a&pageMask)>>1)-1] = slot{}
		}
	}
	if a&pageMask < 2 {
		if p := m.pages[(a>>pageShift)-1]; p != nil && p.code != nil {
			p.code.slots[PageSize/2-1] = slot{}
		}
	}
}

// Read copies guest memory into buf, ignoring permissions (for loaders, syscalls and the
// debugger). It fails if any byte is unmapped. Untouched anonymous pages read as zeros
// without being allocated.
func (m *Memory) Read(addr uint64, buf []byte) error {
	for i := 0; i < len(buf); {
		a := addr + uint64(i)
		vpn := a >> pageShift
		p := m.pages[vpn]
		if p == nil {
			r := m.regionAt(a)
			if r == nil {
				return MemFault{Addr: a}
			}
			if r.file == nil {
				n := clear0(buf[i:min(len(buf), i+PageSize-int(a&pageMask))])
				i += n
				continue
			}
			if p = m.alloc(vpn); p == nil {
				return MemFault{Addr: a, Limit: true}
			}
		}
		n := copy(buf[i:], p.data[a&pageMask:])
		i += n
	}
	return nil
}

func clear0(b []byte) int {
	clear(b)
	return len(b)
}

// Write copies buf into guest memory, ignoring permissions; it invalidates decoded code it
// overwrites.
func (m *Memory) Write(addr uint64, buf []byte) error {
	for i := 0; i < len(buf); {
		a := addr + uint64(i)
		p := m.alloc(a >> pageShift)
		if p == nil {
			return MemFault{Addr: a, Write: true, Limit: m.LimitHit}
		}
		if m.journal != nil {
			m.journal.noteRange(a, p.data[a&pageMask:][:min(len(buf)-i, PageSize-int(a&pageMask))])
		}
		n := copy(p.data[a&pageMask:], buf[i:])
		if p.code != nil {
			for j := 0; j < n; j += 2 {
				m.touchCode(a + uint64(j))
			}
			m.touchCode(a + uint64(n) - 1)
		}
		if p.watched {
			m.Epoch++
		}
		i += n
	}
	return nil
}

// CheckAccess reports whether [addr, addr+size) is mapped with at least perm (for syscalls
// that read or write guest buffers).
func (m *Memory) CheckAccess(addr, size uint64, perm Perm) bool {
	return m.covered(addr, size, perm)
}

// ReadString reads a NUL-terminated string of at most max bytes.
func (m *Memory) ReadString(addr uint64, max int) (string, error) {
	var b []byte
	for i := 0; i < max; i++ {
		var c [1]byte
		if err := m.Read(addr+uint64(i), c[:]); err != nil {
			return "", err
		}
		if c[0] == 0 {
			return string(b), nil
		}
		b = append(b, c[0])
	}
	return string(b), fmt.Errorf("string at %#x longer than %d bytes", addr, max)
}

// FlushCode drops every page's decoded instructions (fence.i, the flush_icache syscall).
func (m *Memory) FlushCode() {
	for _, p := range m.pages {
		p.code = nil
	}
	m.flushTLB()
	m.Epoch++
}
