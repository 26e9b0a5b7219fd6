package isa

import "fmt"

// CSR numbers rvsim's emulator refers to by name.
const (
	CSRFflags     = 0x001
	CSRFrm        = 0x002
	CSRFcsr       = 0x003
	CSRVstart     = 0x008
	CSRVxsat      = 0x009
	CSRVxrm       = 0x00a
	CSRVcsr       = 0x00f
	CSRSeed       = 0x015
	CSRSstatus    = 0x100
	CSRSatp       = 0x180
	CSRMstatus    = 0x300
	CSRMisa       = 0x301
	CSRMedeleg    = 0x302
	CSRMideleg    = 0x303
	CSRMie        = 0x304
	CSRMtvec      = 0x305
	CSRMcounteren = 0x306
	CSRMstatush   = 0x310
	CSRMscratch   = 0x340
	CSRMepc       = 0x341
	CSRMcause     = 0x342
	CSRMtval      = 0x343
	CSRMip        = 0x344
	CSRPmpcfg0    = 0x3a0
	CSRPmpaddr0   = 0x3b0
	CSRMcycle     = 0xb00
	CSRMinstret   = 0xb02
	CSRMcycleh    = 0xb80
	CSRMinstreth  = 0xb82
	CSRCycle      = 0xc00
	CSRTime       = 0xc01
	CSRInstret    = 0xc02
	CSRVl         = 0xc20
	CSRVtype      = 0xc21
	CSRVlenb      = 0xc22
	CSRCycleh     = 0xc80
	CSRTimeh      = 0xc81
	CSRInstreth   = 0xc82
	CSRMvendorid  = 0xf11
	CSRMarchid    = 0xf12
	CSRMimpid     = 0xf13
	CSRMhartid    = 0xf14
)

// csrNames lists the CSRs with a standard name, as the privileged and unprivileged specs
// (and the extensions' specs) number them: the set llvm-objdump-19 names. Families
// (counters, PMP registers) are added by init.
var csrNames = map[uint16]string{
	// Unprivileged floating-point, vector, shadow-stack, entropy-source and table-jump CSRs.
	0x001: "fflags", 0x002: "frm", 0x003: "fcsr",
	0x008: "vstart", 0x009: "vxsat", 0x00a: "vxrm", 0x00f: "vcsr",
	0x011: "ssp", 0x015: "seed", 0x017: "jvt",
	0xc20: "vl", 0xc21: "vtype", 0xc22: "vlenb",
	// Unprivileged counters and timers.
	0xc00: "cycle", 0xc01: "time", 0xc02: "instret",

	// Supervisor level.
	0x100: "sstatus", 0x104: "sie", 0x105: "stvec", 0x106: "scounteren", 0x10a: "senvcfg",
	0x10c: "sstateen0", 0x10d: "sstateen1", 0x10e: "sstateen2", 0x10f: "sstateen3",
	0x120: "scountinhibit",
	0x140: "sscratch", 0x141: "sepc", 0x142: "scause", 0x143: "stval", 0x144: "sip",
	0x14d: "stimecmp", 0x150: "siselect", 0x151: "sireg", 0x152: "sireg2", 0x153: "sireg3",
	0x155: "sireg4", 0x156: "sireg5", 0x157: "sireg6", 0x15c: "stopei",
	0x180: "satp", 0x181: "srmcfg", 0x5a8: "scontext",
	0xda0: "scountovf", 0xdb0: "stopi",

	// Hypervisor and virtual supervisor level.
	0x200: "vsstatus", 0x204: "vsie", 0x205: "vstvec", 0x240: "vsscratch", 0x241: "vsepc",
	0x242: "vscause", 0x243: "vstval", 0x244: "vsip", 0x24d: "vstimecmp", 0x250: "vsiselect",
	0x251: "vsireg", 0x252: "vsireg2", 0x253: "vsireg3", 0x255: "vsireg4", 0x256: "vsireg5",
	0x257: "vsireg6", 0x25c: "vstopei", 0x280: "vsatp",
	0x600: "hstatus", 0x602: "hedeleg", 0x603: "hideleg", 0x604: "hie", 0x605: "htimedelta",
	0x606: "hcounteren", 0x607: "hgeie", 0x608: "hvien", 0x609: "hvictl", 0x60a: "henvcfg",
	0x60c: "hstateen0", 0x60d: "hstateen1", 0x60e: "hstateen2", 0x60f: "hstateen3",
	0x643: "htval", 0x644: "hip", 0x645: "hvip", 0x646: "hviprio1", 0x647: "hviprio2",
	0x64a: "htinst", 0x680: "hgatp", 0x6a8: "hcontext", 0xe12: "hgeip", 0xeb0: "vstopi",

	// Machine level.
	0xf11: "mvendorid", 0xf12: "marchid", 0xf13: "mimpid", 0xf14: "mhartid", 0xf15: "mconfigptr",
	0x300: "mstatus", 0x301: "misa", 0x302: "medeleg", 0x303: "mideleg", 0x304: "mie",
	0x305: "mtvec", 0x306: "mcounteren", 0x308: "mvien", 0x309: "mvip", 0x30a: "menvcfg",
	0x30c: "mstateen0", 0x30d: "mstateen1", 0x30e: "mstateen2", 0x30f: "mstateen3",
	0x320: "mcountinhibit",
	0x340: "mscratch", 0x341: "mepc", 0x342: "mcause", 0x343: "mtval", 0x344: "mip",
	0x34a: "mtinst", 0x34b: "mtval2", 0x350: "miselect", 0x351: "mireg", 0x352: "mireg2",
	0x353: "mireg3", 0x355: "mireg4", 0x356: "mireg5", 0x357: "mireg6", 0x35c: "mtopei",
	0xfb0: "mtopi",
	0x740: "mnscratch", 0x741: "mnepc", 0x742: "mncause", 0x744: "mnstatus",
	0x747: "mseccfg",
	0xb00: "mcycle", 0xb02: "minstret",

	// Debug and trace.
	0x7a0: "tselect", 0x7a1: "tdata1", 0x7a2: "tdata2", 0x7a3: "tdata3", 0x7a8: "mcontext",
	0x7b0: "dcsr", 0x7b1: "dpc", 0x7b2: "dscratch0", 0x7b3: "dscratch1",
}

// csrNames32 lists the CSRs that exist only on RV32: the upper halves of 64-bit registers.
var csrNames32 = map[uint16]string{
	0xc80: "cycleh", 0xc81: "timeh", 0xc82: "instreth",
	0x114: "sieh", 0x154: "siph", 0x15d: "stimecmph",
	0x214: "vsieh", 0x254: "vsiph", 0x25d: "vstimecmph",
	0x613: "hidelegh", 0x615: "htimedeltah", 0x618: "hvienh", 0x61a: "henvcfgh",
	0x61c: "hstateen0h", 0x61d: "hstateen1h", 0x61e: "hstateen2h", 0x61f: "hstateen3h",
	0x655: "hviph", 0x656: "hviprio1h", 0x657: "hviprio2h",
	0x310: "mstatush", 0x313: "midelegh", 0x314: "mieh", 0x318: "mvienh", 0x319: "mviph",
	0x31a: "menvcfgh", 0x31c: "mstateen0h", 0x31d: "mstateen1h", 0x31e: "mstateen2h",
	0x31f: "mstateen3h", 0x354: "miph", 0x757: "mseccfgh",
	0xb80: "mcycleh", 0xb82: "minstreth",
}

// csrAliases are other names accepted by CSRByName (older spec names); CSRName never
// returns them.
var csrAliases = map[string]uint16{
	"dscratch": 0x7b2, "mbadaddr": 0x343, "sbadaddr": 0x143, "sptbr": 0x180,
}

var csrByName map[string]uint16

func init() {
	for i := uint16(3); i <= 31; i++ {
		csrNames[0xc00+i] = fmt.Sprintf("hpmcounter%d", i)
		csrNames[0xb00+i] = fmt.Sprintf("mhpmcounter%d", i)
		csrNames[0x320+i] = fmt.Sprintf("mhpmevent%d", i)
		csrNames32[0xc80+i] = fmt.Sprintf("hpmcounter%dh", i)
		csrNames32[0xb80+i] = fmt.Sprintf("mhpmcounter%dh", i)
		csrNames32[0x720+i] = fmt.Sprintf("mhpmevent%dh", i)
	}
	// pmpcfg1, 3, ... 15 exist only on RV32, where each holds four entries instead of eight.
	for i := uint16(0); i < 16; i++ {
		if i%2 == 0 {
			csrNames[0x3a0+i] = fmt.Sprintf("pmpcfg%d", i)
		} else {
			csrNames32[0x3a0+i] = fmt.Sprintf("pmpcfg%d", i)
		}
	}
	for i := uint16(0); i < 64; i++ {
		csrNames[0x3b0+i] = fmt.Sprintf("pmpaddr%d", i)
	}
	csrByName = map[string]uint16{}
	for n, s := range csrNames {
		csrByName[s] = n
	}
	for n, s := range csrNames32 {
		csrByName[s] = n
	}
	for s, n := range csrAliases {
		if _, dup := csrByName[s]; !dup {
			csrByName[s] = n
		}
	}
}

// CSRName returns the standard name of a CSR number for the given XLEN; false when the
// number has no name there (RV32-only CSRs such as cycleh have none on RV64).
func CSRName(csr uint16, xlen int) (string, bool) {
	if s, ok := csrNames[csr&0xfff]; ok {
		return s, true
	}
	if xlen == 32 {
		if s, ok := csrNames32[csr&0xfff]; ok {
			return s, true
		}
	}
	return "", false
}

// CSRByName returns the number of a CSR given its name (any XLEN; older names such as
// mbadaddr are accepted too). A number written as "0x..." or in decimal is not a name: the
// caller parses those.
func CSRByName(name string) (uint16, bool) {
	n, ok := csrByName[name]
	return n, ok
}
