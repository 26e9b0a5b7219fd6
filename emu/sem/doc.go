// Package sem ("semantics") holds the pure functions that define the
// RISC-V scalar cryptography (Zbkb, Zbkc, Zbkx, Zkne, Zknd, Zknh, Zksed,
// Zksh) and the non-trivial bit-manipulation (Zbb, Zbc) instructions, and
// the vector cryptography ones (Zvbb, Zvbc, Zvkg, Zvkned, Zvknh, Zvksed,
// Zvksh) per element or element group.
//
// The interpreter calls these functions once per executed instruction, the
// debugger's explain command shows their intermediate values, and kernel
// tests use them as a golden model. They therefore allocate nothing, use
// table lookups where the specification uses an S-box, and are kept small
// enough to be inlined where possible.
//
// References (cited in each function's documentation):
//
//   - [Crypto] RISC-V Cryptography Extensions Volume I: Scalar & Entropy
//     Source Instructions, v1.0.1 (ratified). Chapter 3 ("Instructions")
//     gives each instruction's Sail pseudo-code; the appendix "Supporting
//     Sail Code" defines the helpers (aes_rv64_shiftrows_fwd,
//     aes_mixcolumn_byte_fwd, aes_decode_rcon, ...).
//   - [Bitmanip] RISC-V Bit-Manipulation ISA-extensions v1.0.0 (also the
//     unprivileged ISA manual's "B" chapter) for orc.b and clmulr. The
//     Zbkb/Zbkc/Zbkx instruction pages (brev8, pack, packh, packw, zip,
//     unzip, clmul, clmulh, xperm4, xperm8) are included in [Crypto]
//     chapter 3 as well, and are cited there.
//   - [VCrypto] RISC-V Cryptography Extensions Volume II: Vector
//     Instructions, v1.0 (ratified; the "Vector Cryptography Extensions"
//     chapter of the unprivileged ISA manual): the Zvkg, Zvkned, Zvknh,
//     Zvksed and Zvksh instruction pages, cited by mnemonic, and their
//     "Supporting Sail Code". The zvk*.go files hold one element group's
//     worth of each instruction.
//   - [VBitmanip] the Zvbb and Zvbc chapters of the unprivileged ISA manual
//     (vector basic bit-manipulation and carry-less multiplication), whose
//     operations are per element (zvbb.go, zvbc.go).
//   - FIPS-197 (AES), FIPS 180-4 (SHA-2), GB/T 32907-2016 (SM4),
//     GB/T 32905-2016 (SM3), NIST SP 800-38D (GHASH) for the algorithms the
//     instructions accelerate.
//
// Conventions:
//
//   - Arguments are raw register values. Functions for RV32-only
//     instructions, and for instructions whose RV64 form produces a 32-bit
//     result (sm4ed, sm3p0, sha256sig0, ...), take and return uint32: the
//     caller sign-extends the result to XLEN as the specification's EXTS
//     requires. Functions ending in 64 are the XLEN=64 forms.
//   - Byte-select immediates (bs) are the raw 2-bit field; only bs&3 is used.
//   - AES state layout: the 128-bit state is held in two registers, rs1
//     holding bytes 0..7 and rs2 bytes 8..15 of the FIPS-197 input order
//     (byte i of the state is row i%4, column i/4), each register being
//     little-endian, so rs1 holds columns 0 and 1. See [AESStateFromRegs].
package sem
