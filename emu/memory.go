package emu

import (
	"encoding/binary"
	"fmt"

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

// Memory is a sparse, paged guest address space. Reads and writes go through small
// direct-mapped caches of page pointers; the write cache never holds a page that has decoded
// instructions or is watched, so the fast store path needs no extra test and the slow path
// can invalidate decoded code and signal the hart.
type Memory struct {
	pages map[uint64]*page
	rtlb  [tlbSize]tlbEntry
	wtlb  [tlbSize]tlbEntry

	// lazy are address ranges whose pages spring into existence (zeroed) on first touch: the
	// RAM of a bare-metal machine, the scratch region of Call. A large region then costs
	// only the pages used.
	lazy []lazyRange

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
}

func (f MemFault) Error() string {
	kind := "load from"
	if f.Write {
		kind = "store to"
	} else if f.Fetch {
		kind = "instruction fetch from"
	}
	if f.Perm {
		return fmt.Sprintf("%s protected address %#x", kind, f.Addr)
	}
	return fmt.Sprintf("%s unmapped address %#x", kind, f.Addr)
}

// NewMemory returns an empty address space.
func NewMemory() *Memory {
	m := &Memory{pages: make(map[uint64]*page)}
	m.flushTLB()
	return m
}

func (m *Memory) flushTLB() {
	for i := range m.rtlb {
		m.rtlb[i] = tlbEntry{vpn: ^uint64(0)}
		m.wtlb[i] = tlbEntry{vpn: ^uint64(0)}
	}
}

// lazyRange is [lo, hi) mapped with perm, page by page on first access.
type lazyRange struct {
	lo, hi uint64
	perm   Perm
}

// SetLazy makes [lo, hi) allocate zeroed RWX pages on first access.
func (m *Memory) SetLazy(lo, hi uint64) { m.MapLazy(lo, hi-lo, PermRWX) }

// MapLazy maps [addr, addr+size) with perm, each page allocated (zeroed) when first
// accessed. Pages mapped otherwise keep their own permissions.
func (m *Memory) MapLazy(addr, size uint64, perm Perm) {
	if size == 0 {
		return
	}
	m.lazy = append(m.lazy, lazyRange{addr, addr + size, perm})
	m.flushTLB()
}

// lazyPerm returns the permission of the lazy range holding page vpn, if any.
func (m *Memory) lazyPerm(vpn uint64) (Perm, bool) {
	a := vpn << pageShift
	for _, r := range m.lazy {
		if a >= r.lo && a < r.hi {
			return r.perm, true
		}
	}
	return 0, false
}

// mappedPage reports whether page vpn exists or springs into existence on first access.
func (m *Memory) mappedPage(vpn uint64) bool {
	if m.pages[vpn] != nil {
		return true
	}
	_, ok := m.lazyPerm(vpn)
	return ok
}

// Map makes [addr, addr+size) accessible with perm, allocating zeroed pages where none exist
// and changing the permission of existing ones.
func (m *Memory) Map(addr, size uint64, perm Perm) {
	if size == 0 {
		return
	}
	for vpn := addr >> pageShift; vpn <= (addr+size-1)>>pageShift; vpn++ {
		p := m.pages[vpn]
		if p == nil {
			p = &page{}
			m.pages[vpn] = p
		}
		p.perm = perm
	}
	m.flushTLB()
}

// Unmap removes the pages covering [addr, addr+size).
func (m *Memory) Unmap(addr, size uint64) {
	if size == 0 {
		return
	}
	for vpn := addr >> pageShift; vpn <= (addr+size-1)>>pageShift; vpn++ {
		delete(m.pages, vpn)
	}
	// Cut the range out of the lazy ones too, so that its pages do not come back.
	lo, hi := addr&^pageMask, (addr+size-1)|pageMask+1
	var kept []lazyRange
	for _, r := range m.lazy {
		if r.hi <= lo || r.lo >= hi {
			kept = append(kept, r)
			continue
		}
		if r.lo < lo {
			kept = append(kept, lazyRange{r.lo, lo, r.perm})
		}
		if r.hi > hi {
			kept = append(kept, lazyRange{hi, r.hi, r.perm})
		}
	}
	m.lazy = kept
	m.flushTLB()
	m.Epoch++
}

// Mapped reports whether every page of [addr, addr+size) exists.
func (m *Memory) Mapped(addr, size uint64) bool {
	if size == 0 {
		return true
	}
	for vpn := addr >> pageShift; vpn <= (addr+size-1)>>pageShift; vpn++ {
		if !m.mappedPage(vpn) {
			return false
		}
	}
	return true
}

// Unused reports whether no page of [addr, addr+size) is mapped, lazily or not.
func (m *Memory) Unused(addr, size uint64) bool {
	if size == 0 {
		return true
	}
	for vpn := addr >> pageShift; vpn <= (addr+size-1)>>pageShift; vpn++ {
		if m.mappedPage(vpn) {
			return false
		}
	}
	return true
}

// PermAt returns the permission of the page holding addr (0 if unmapped).
func (m *Memory) PermAt(addr uint64) Perm {
	if p := m.page(addr >> pageShift); p != nil {
		return p.perm
	}
	return 0
}

// Watch makes stores to the page holding addr bump Epoch.
func (m *Memory) Watch(addr uint64) {
	if p := m.page(addr >> pageShift); p != nil {
		p.watched = true
		m.flushTLB()
	}
}

func (m *Memory) page(vpn uint64) *page {
	p := m.pages[vpn]
	if p == nil && m.lazy != nil {
		if perm, ok := m.lazyPerm(vpn); ok {
			p = &page{perm: perm}
			m.pages[vpn] = p
		}
	}
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
			m.Fault = MemFault{Addr: a, Perm: p != nil}
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
			m.Fault = MemFault{Addr: a, Write: true, Perm: p != nil}
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
// debugger). It fails if any byte is unmapped.
func (m *Memory) Read(addr uint64, buf []byte) error {
	for i := 0; i < len(buf); {
		a := addr + uint64(i)
		p := m.page(a >> pageShift)
		if p == nil {
			return MemFault{Addr: a}
		}
		n := copy(buf[i:], p.data[a&pageMask:])
		i += n
	}
	return nil
}

// Write copies buf into guest memory, ignoring permissions; it invalidates decoded code it
// overwrites.
func (m *Memory) Write(addr uint64, buf []byte) error {
	for i := 0; i < len(buf); {
		a := addr + uint64(i)
		p := m.page(a >> pageShift)
		if p == nil {
			return MemFault{Addr: a, Write: true}
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
	if size == 0 {
		return true
	}
	if addr+size < addr {
		return false
	}
	for vpn := addr >> pageShift; vpn <= (addr+size-1)>>pageShift; vpn++ {
		p := m.page(vpn)
		if p == nil || p.perm&perm != perm {
			return false
		}
	}
	return true
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
