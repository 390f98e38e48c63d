/* Every Maxwell (GM107 / GM20B, SM 5.0-5.3) instruction, listed once.
 *
 * Each row:  X(ID, NAME, MATCH, MASK, FAMILY, FORM, BKIND)
 *   ID      enum suffix: MW_SASS_OP_<ID>
 *   NAME    the hardware mnemonic (NVIDIA's cuobjdump spelling)
 *   MATCH   bits 48-63 of the instruction after masking ...
 *   MASK    ... with these bits (the opcode lives in the top 16 bits; a few
 *           opcodes choose an operand form with a lower bit, which the FORM
 *           decodes: branch targets in a constant buffer (bit 5), indexed IPA
 *           (bit 38), SHFL immediates (bits 28/29), bound or bindless
 *           surfaces (bit 51))
 *   FAMILY  the operation, shared by its register / constant / immediate
 *           forms (mw_sass_family): what a translator switches on
 *   FORM    which fields hold which operands (sass_decode.c decode_form);
 *           the decoded dst[] / src[] order, by form (Rn = register field
 *           at bit n, Pn = predicate field at n, !n = its negation bit):
 *             AB      d R0;            s R8, B
 *             ABC     d R0;            s R8, B, C (R39; RC: B = R39, C = c[])
 *             ABP     d R0;            s R8, B, P39 (!42)
 *             SETP    d P3, P0;        s R8, B, P39 (!42)
 *             PAB     d P3;            s R8, B
 *             A / B   d R0;            s R8 / s B
 *             A_I32   d R0;            s R8, imm32 at 20 (A_I32_D: then R0 as C)
 *             I32     d R0;            s imm32
 *             PSET(P) d R0 (P3, P0);   s P12 (!15), P29 (!32), P39 (!42)
 *             CSET(P) d R0 (P3, P0);   s CC, P39 (!42)
 *             SREG    d R0;            s special register at 20
 *             VOTE    d R0, P45;       s P39 (!42)
 *             SHFL    d R0, P48;       s R8, lane (R20 or u5), mask (R39 or u13 at 34)
 *             LD/LDM  d R0;            s space[R8 + offset]      (ST/STM: s mem, R0)
 *             LDC     d R0;            s c[36-40][R8 + s16]
 *             ALD     d R0;            s a[R8 + u10], vertex R39 (AST: s a[], R0, R39)
 *             IPA     d R0;            s a[u10 at 28 | R8 with bit 38], R20, R39, P47 (!50)
 *             ATOM(S) d R0;            s g[] / s[], R20           (RED: s g[], R0)
 *             SULD    d R0;            s coords R8 [, handle R39] (SUST: s R8, R0 [, R39])
 *             SUATOM  d R0;            s coords R8, value R20 [, handle R39]
 *             TEX     d R0;            s R8, R20 (TMML bound: s R8)
 *             TEXS    d R0, R28;       s R8, R20
 *             TXQ     d R0;            s R8
 *             TARGET  s target (or c[] with bit 5)    BRX: s R8, s24 offset
 *             VIDEO   d R0;            s R8, B (R20 with bit 50, else imm16), R39
 *           LOP, LOP3 (register form), LEA, LEA.HI add their predicate
 *           destination P48 after R0.
 *   BKIND   how operand B is encoded (mw_sass_bkind):
 *             R  register, bits 20-27
 *             C  constant buffer c[bits 34-38][bits 20-33 * 4]
 *             I  integer immediate, bits 20-38 plus sign bit 56 (20 bits)
 *             F  f32 immediate: the same 20 bits are the top of an f32
 *             D  f64 immediate: the same 20 bits are the top of an f64
 *             RC B is the register at bits 39-46, C is the constant buffer
 *             H  two f16 immediates: bits 20-28 and 30-38 are the tops
 *             N  no operand B
 *
 * Facts: opcode patterns and operand fields from envytools envydis/gm107.c
 * (tabroot), cross-checked with yuzu src/shader_recompiler/frontend/maxwell/
 * maxwell.inc and Mesa src/nouveau/codegen/nv50_ir_emit_gm107.cpp (the
 * emitter that made the test corpus). Where they disagree the row says so.
 * When two rows match the same word, the one whose MASK has more bits wins
 * (maxwell_isa.c builds the lookup that way).
 *
 * The table lives in shadergen/ because both the translator (maxwell_spirv.c)
 * and the backend's decoder (backend/maxwell/shader/sass_decode.c, which adds
 * the FORM column's operand decoding) read it, and dependencies point from
 * backend to shadergen, never back (design.md). */
#ifndef GLHLE_SHADERGEN_MAXWELL_SASS_TABLE_H
#define GLHLE_SHADERGEN_MAXWELL_SASS_TABLE_H

/* The operations. X(FAMILY) */
#define MW_SASS_FAMILIES(X) \
    X(FADD) X(FMUL) X(FFMA) X(FMNMX) X(FSET) X(FSETP) X(FCMP) X(FCHK) X(FSWZADD) \
    X(MUFU) X(RRO) X(DADD) X(DMUL) X(DFMA) X(DMNMX) X(DSET) X(DSETP) \
    X(HADD2) X(HMUL2) X(HFMA2) X(HSET2) X(HSETP2) \
    X(IADD) X(IADD3) X(ISCADD) X(IMUL) X(IMAD) X(IMADSP) X(XMAD) X(IMNMX) X(ISET) X(ISETP) \
    X(ICMP) X(LOP) X(LOP3) X(SHL) X(SHR) X(SHF) X(BFE) X(BFI) X(POPC) X(FLO) X(PRMT) \
    X(LEA) X(LEA_HI) X(IDP) X(VADD) X(VMAD) X(VSET) X(VSETP) X(VMNMX) X(VABSDIFF) \
    X(VABSDIFF4) X(VSHL) X(VSHR) \
    X(F2F) X(F2I) X(I2F) X(I2I) X(MOV) X(SEL) X(P2R) X(R2P) X(PSET) X(PSETP) X(CSET) \
    X(CSETP) X(S2R) X(CS2R) X(B2R) X(R2B) X(LEPC) X(VOTE) X(SHFL) \
    X(LD) X(ST) X(LDG) X(STG) X(LDL) X(STL) X(LDS) X(STS) X(LDC) X(ALD) X(AST) X(IPA) \
    X(ISBERD) X(AL2P) X(PIXLD) X(OUT) X(ATOM) X(ATOMS) X(RED) X(CCTL) X(CCTLL) X(CCTLT) \
    X(MEMBAR) X(STP) X(SULD) X(SUST) X(SURED) X(SUATOM) \
    X(TEX) X(TEXS) X(TLD) X(TLDS) X(TLD4) X(TLD4S) X(TMML) X(TXD) X(TXQ) X(TXA) \
    X(BRA) X(BRX) X(JMP) X(JMX) X(CAL) X(JCAL) X(RET) X(EXIT) X(PEXIT) X(KIL) X(SSY) \
    X(SYNC) X(PBK) X(BRK) X(PCNT) X(CONT) X(PRET) X(LONGJMP) X(PLONGJMP) \
    X(GETCRSPTR) X(SETCRSPTR) X(GETLMEMBASE) X(SETLMEMBASE) \
    X(BAR) X(DEPBAR) X(NOP) X(BPT) X(IDE) X(RAM) X(SAM) X(RTT)

/* X(ID, NAME, MATCH, MASK, FAMILY, FORM, BKIND) */
#define MW_SASS_OPCODES(X) \
    /* ---- f32 arithmetic ---- */ \
    X(FADD_R,    "FADD",    0x5c58, 0xfff8, FADD,   AB,      R)  \
    X(FADD_C,    "FADD",    0x4c58, 0xfff8, FADD,   AB,      C)  \
    X(FADD_I,    "FADD",    0x3858, 0xfef8, FADD,   AB,      F)  \
    X(FADD32I,   "FADD32I", 0x0800, 0xfc00, FADD,   A_I32,   N)  \
    X(FMUL_R,    "FMUL",    0x5c68, 0xfff8, FMUL,   AB,      R)  \
    X(FMUL_C,    "FMUL",    0x4c68, 0xfff8, FMUL,   AB,      C)  \
    X(FMUL_I,    "FMUL",    0x3868, 0xfef8, FMUL,   AB,      F)  \
    X(FMUL32I,   "FMUL32I", 0x1e00, 0xff00, FMUL,   A_I32,   N)  \
    X(FFMA_R,    "FFMA",    0x5980, 0xff80, FFMA,   ABC,     R)  \
    X(FFMA_C,    "FFMA",    0x4980, 0xff80, FFMA,   ABC,     C)  \
    X(FFMA_I,    "FFMA",    0x3280, 0xfe80, FFMA,   ABC,     F)  \
    X(FFMA_RC,   "FFMA",    0x5180, 0xff80, FFMA,   ABC,     RC) \
    X(FFMA32I,   "FFMA32I", 0x0c00, 0xfc00, FFMA,   A_I32_D, N)  \
    X(FMNMX_R,   "FMNMX",   0x5c60, 0xfff8, FMNMX,  ABP,     R)  \
    X(FMNMX_C,   "FMNMX",   0x4c60, 0xfff8, FMNMX,  ABP,     C)  \
    X(FMNMX_I,   "FMNMX",   0x3860, 0xfef8, FMNMX,  ABP,     F)  \
    X(FSET_R,    "FSET",    0x5800, 0xff00, FSET,   ABP,     R)  \
    X(FSET_C,    "FSET",    0x4800, 0xfe00, FSET,   ABP,     C)  \
    X(FSET_I,    "FSET",    0x3000, 0xfe00, FSET,   ABP,     F)  \
    X(FSETP_R,   "FSETP",   0x5bb0, 0xfff0, FSETP,  SETP,    R)  \
    X(FSETP_C,   "FSETP",   0x4bb0, 0xfff0, FSETP,  SETP,    C)  \
    X(FSETP_I,   "FSETP",   0x36b0, 0xfef0, FSETP,  SETP,    F)  \
    X(FCMP_R,    "FCMP",    0x5ba0, 0xfff0, FCMP,   ABC,     R)  \
    X(FCMP_C,    "FCMP",    0x4ba0, 0xfff0, FCMP,   ABC,     C)  \
    X(FCMP_I,    "FCMP",    0x36a0, 0xfef0, FCMP,   ABC,     F)  \
    X(FCMP_RC,   "FCMP",    0x53a0, 0xfff0, FCMP,   ABC,     RC) \
    X(FCHK_R,    "FCHK",    0x5c88, 0xfff8, FCHK,   PAB,     R)  \
    X(FCHK_C,    "FCHK",    0x4c88, 0xfff8, FCHK,   PAB,     C)  \
    X(FCHK_I,    "FCHK",    0x3888, 0xfef8, FCHK,   PAB,     F)  \
    X(FSWZADD,   "FSWZADD", 0x50f8, 0xfff8, FSWZADD, AB,     R)  \
    X(MUFU,      "MUFU",    0x5080, 0xfff8, MUFU,   A,       N)  \
    X(RRO_R,     "RRO",     0x5c90, 0xfff8, RRO,    B,       R)  \
    X(RRO_C,     "RRO",     0x4c90, 0xfff8, RRO,    B,       C)  \
    X(RRO_I,     "RRO",     0x3890, 0xfef8, RRO,    B,       F)  \
    /* ---- f64 arithmetic ---- */ \
    X(DADD_R,    "DADD",    0x5c70, 0xfff8, DADD,   AB,      R)  \
    X(DADD_C,    "DADD",    0x4c70, 0xfff8, DADD,   AB,      C)  \
    X(DADD_I,    "DADD",    0x3870, 0xfef8, DADD,   AB,      D)  \
    X(DMUL_R,    "DMUL",    0x5c80, 0xfff8, DMUL,   AB,      R)  \
    X(DMUL_C,    "DMUL",    0x4c80, 0xfff8, DMUL,   AB,      C)  \
    X(DMUL_I,    "DMUL",    0x3880, 0xfef8, DMUL,   AB,      D)  \
    X(DFMA_R,    "DFMA",    0x5b70, 0xfff0, DFMA,   ABC,     R)  \
    X(DFMA_C,    "DFMA",    0x4b70, 0xfff0, DFMA,   ABC,     C)  /* yuzu lists 0x2b70; envydis 0x4b70 */ \
    X(DFMA_I,    "DFMA",    0x3670, 0xfef0, DFMA,   ABC,     D)  \
    X(DFMA_RC,   "DFMA",    0x5370, 0xfff0, DFMA,   ABC,     RC) \
    X(DMNMX_R,   "DMNMX",   0x5c50, 0xfff8, DMNMX,  ABP,     R)  /* yuzu swaps R and C */ \
    X(DMNMX_C,   "DMNMX",   0x4c50, 0xfff8, DMNMX,  ABP,     C)  \
    X(DMNMX_I,   "DMNMX",   0x3850, 0xfef8, DMNMX,  ABP,     D)  \
    X(DSET_R,    "DSET",    0x5900, 0xff80, DSET,   ABP,     R)  \
    X(DSET_C,    "DSET",    0x4900, 0xff80, DSET,   ABP,     C)  \
    X(DSET_I,    "DSET",    0x3200, 0xfe80, DSET,   ABP,     D)  \
    X(DSETP_R,   "DSETP",   0x5b80, 0xfff0, DSETP,  SETP,    R)  \
    X(DSETP_C,   "DSETP",   0x4b80, 0xfff0, DSETP,  SETP,    C)  \
    X(DSETP_I,   "DSETP",   0x3680, 0xfef0, DSETP,  SETP,    D)  \
    /* ---- f16x2 arithmetic (GM20B has them; the corpus compiler emits none) ---- */ \
    X(HADD2_R,   "HADD2",   0x5d10, 0xfff8, HADD2,  AB,      R)  \
    X(HADD2_C,   "HADD2",   0x7a80, 0xfe80, HADD2,  AB,      C)  \
    X(HADD2_I,   "HADD2",   0x7a00, 0xfe80, HADD2,  AB,      H)  \
    X(HADD2_32I, "HADD2_32I", 0x2c00, 0xfe00, HADD2, A_I32,  N)  \
    X(HMUL2_R,   "HMUL2",   0x5d08, 0xfff8, HMUL2,  AB,      R)  \
    X(HMUL2_C,   "HMUL2",   0x7880, 0xfe80, HMUL2,  AB,      C)  \
    X(HMUL2_I,   "HMUL2",   0x7800, 0xfe80, HMUL2,  AB,      H)  \
    X(HMUL2_32I, "HMUL2_32I", 0x2a00, 0xfe00, HMUL2, A_I32,  N)  \
    X(HFMA2_R,   "HFMA2",   0x5d00, 0xfff8, HFMA2,  ABC,     R)  \
    X(HFMA2_C,   "HFMA2",   0x7080, 0xf880, HFMA2,  ABC,     C)  \
    X(HFMA2_I,   "HFMA2",   0x7000, 0xf880, HFMA2,  ABC,     H)  \
    X(HFMA2_RC,  "HFMA2",   0x6080, 0xf880, HFMA2,  ABC,     RC) \
    X(HFMA2_32I, "HFMA2_32I", 0x2800, 0xfe00, HFMA2, A_I32_D, N) \
    X(HSET2_R,   "HSET2",   0x5d18, 0xfff8, HSET2,  ABP,     R)  \
    X(HSET2_C,   "HSET2",   0x7c80, 0xfe80, HSET2,  ABP,     C)  \
    X(HSET2_I,   "HSET2",   0x7c00, 0xfe80, HSET2,  ABP,     H)  \
    X(HSETP2_R,  "HSETP2",  0x5d20, 0xfff8, HSETP2, SETP,    R)  \
    X(HSETP2_C,  "HSETP2",  0x7e80, 0xfe80, HSETP2, SETP,    C)  \
    X(HSETP2_I,  "HSETP2",  0x7e00, 0xfe80, HSETP2, SETP,    H)  \
    /* ---- integer arithmetic ---- */ \
    X(IADD_R,    "IADD",    0x5c10, 0xfff8, IADD,   AB,      R)  \
    X(IADD_C,    "IADD",    0x4c10, 0xfff8, IADD,   AB,      C)  \
    X(IADD_I,    "IADD",    0x3810, 0xfef8, IADD,   AB,      I)  \
    X(IADD32I,   "IADD32I", 0x1c00, 0xfe00, IADD,   A_I32,   N)  \
    X(IADD3_R,   "IADD3",   0x5cc0, 0xfff0, IADD3,  ABC,     R)  \
    X(IADD3_C,   "IADD3",   0x4cc0, 0xfff0, IADD3,  ABC,     C)  \
    X(IADD3_I,   "IADD3",   0x38c0, 0xfef0, IADD3,  ABC,     I)  \
    X(ISCADD_R,  "ISCADD",  0x5c18, 0xfff8, ISCADD, AB,      R)  \
    X(ISCADD_C,  "ISCADD",  0x4c18, 0xfff8, ISCADD, AB,      C)  \
    X(ISCADD_I,  "ISCADD",  0x3818, 0xfef8, ISCADD, AB,      I)  \
    X(ISCADD32I, "ISCADD32I", 0x1400, 0xfc00, ISCADD, A_I32, N)  \
    X(IMUL_R,    "IMUL",    0x5c38, 0xfff8, IMUL,   AB,      R)  \
    X(IMUL_C,    "IMUL",    0x4c38, 0xfff8, IMUL,   AB,      C)  \
    X(IMUL_I,    "IMUL",    0x3838, 0xfef8, IMUL,   AB,      I)  \
    X(IMUL32I,   "IMUL32I", 0x1f00, 0xff00, IMUL,   A_I32,   N)  \
    X(IMAD_R,    "IMAD",    0x5a00, 0xff80, IMAD,   ABC,     R)  \
    X(IMAD_C,    "IMAD",    0x4a00, 0xff80, IMAD,   ABC,     C)  \
    X(IMAD_I,    "IMAD",    0x3400, 0xfe80, IMAD,   ABC,     I)  \
    X(IMAD_RC,   "IMAD",    0x5200, 0xff80, IMAD,   ABC,     RC) \
    X(IMAD32I,   "IMAD32I", 0x1000, 0xfc00, IMAD,   A_I32_D, N)  /* envydis; yuzu's 0x8000 would hit LD */ \
    X(IMADSP_R,  "IMADSP",  0x5a80, 0xff80, IMADSP, ABC,     R)  \
    X(IMADSP_C,  "IMADSP",  0x4a80, 0xff80, IMADSP, ABC,     C)  \
    X(IMADSP_I,  "IMADSP",  0x3480, 0xfe80, IMADSP, ABC,     I)  \
    X(IMADSP_RC, "IMADSP",  0x5280, 0xff80, IMADSP, ABC,     RC) \
    X(XMAD_R,    "XMAD",    0x5b00, 0xffc0, XMAD,   ABC,     R)  \
    X(XMAD_C,    "XMAD",    0x4e00, 0xfe00, XMAD,   ABC,     C)  \
    X(XMAD_I,    "XMAD",    0x3600, 0xfec0, XMAD,   ABC,     I)  /* 16-bit unsigned immediate */ \
    X(XMAD_RC,   "XMAD",    0x5100, 0xff80, XMAD,   ABC,     RC) \
    X(IMNMX_R,   "IMNMX",   0x5c20, 0xfff8, IMNMX,  ABP,     R)  \
    X(IMNMX_C,   "IMNMX",   0x4c20, 0xfff8, IMNMX,  ABP,     C)  \
    X(IMNMX_I,   "IMNMX",   0x3820, 0xfef8, IMNMX,  ABP,     I)  \
    X(ISET_R,    "ISET",    0x5b50, 0xfff0, ISET,   ABP,     R)  \
    X(ISET_C,    "ISET",    0x4b50, 0xfff0, ISET,   ABP,     C)  \
    X(ISET_I,    "ISET",    0x3650, 0xfef0, ISET,   ABP,     I)  \
    X(ISETP_R,   "ISETP",   0x5b60, 0xfff0, ISETP,  SETP,    R)  \
    X(ISETP_C,   "ISETP",   0x4b60, 0xfff0, ISETP,  SETP,    C)  \
    X(ISETP_I,   "ISETP",   0x3660, 0xfef0, ISETP,  SETP,    I)  \
    X(ICMP_R,    "ICMP",    0x5b40, 0xfff0, ICMP,   ABC,     R)  \
    X(ICMP_C,    "ICMP",    0x4b40, 0xfff0, ICMP,   ABC,     C)  \
    X(ICMP_I,    "ICMP",    0x3640, 0xfef0, ICMP,   ABC,     I)  \
    X(ICMP_RC,   "ICMP",    0x5340, 0xfff0, ICMP,   ABC,     RC) \
    X(LOP_R,     "LOP",     0x5c40, 0xfff8, LOP,    AB,      R)  \
    X(LOP_C,     "LOP",     0x4c40, 0xfff8, LOP,    AB,      C)  \
    X(LOP_I,     "LOP",     0x3840, 0xfef8, LOP,    AB,      I)  \
    X(LOP32I,    "LOP32I",  0x0400, 0xfc00, LOP,    A_I32,   N)  \
    X(LOP3_R,    "LOP3",    0x5be0, 0xfff8, LOP3,   ABC,     R)  \
    X(LOP3_C,    "LOP3",    0x0200, 0xfe00, LOP3,   ABC,     C)  /* envydis; yuzu swaps the C and I patterns */ \
    X(LOP3_I,    "LOP3",    0x3c00, 0xfc00, LOP3,   ABC,     I)  \
    X(SHL_R,     "SHL",     0x5c48, 0xfff8, SHL,    AB,      R)  \
    X(SHL_C,     "SHL",     0x4c48, 0xfff8, SHL,    AB,      C)  \
    X(SHL_I,     "SHL",     0x3848, 0xfef8, SHL,    AB,      I)  \
    X(SHR_R,     "SHR",     0x5c28, 0xfff8, SHR,    AB,      R)  \
    X(SHR_C,     "SHR",     0x4c28, 0xfff8, SHR,    AB,      C)  \
    X(SHR_I,     "SHR",     0x3828, 0xfef8, SHR,    AB,      I)  \
    X(SHF_L_R,   "SHF",     0x5bf8, 0xfff8, SHF,    ABC,     R)  \
    X(SHF_L_I,   "SHF",     0x36f8, 0xfef8, SHF,    ABC,     I)  \
    X(SHF_R_R,   "SHF",     0x5cf8, 0xfff8, SHF,    ABC,     R)  \
    X(SHF_R_I,   "SHF",     0x38f8, 0xfef8, SHF,    ABC,     I)  \
    X(BFE_R,     "BFE",     0x5c00, 0xfff8, BFE,    AB,      R)  \
    X(BFE_C,     "BFE",     0x4c00, 0xfff8, BFE,    AB,      C)  \
    X(BFE_I,     "BFE",     0x3800, 0xfef8, BFE,    AB,      I)  \
    X(BFI_R,     "BFI",     0x5bf0, 0xfff8, BFI,    ABC,     R)  \
    X(BFI_C,     "BFI",     0x4bf0, 0xfff8, BFI,    ABC,     C)  \
    X(BFI_I,     "BFI",     0x36f0, 0xfef8, BFI,    ABC,     I)  \
    X(BFI_RC,    "BFI",     0x53f0, 0xfff8, BFI,    ABC,     RC) \
    X(POPC_R,    "POPC",    0x5c08, 0xfff8, POPC,   B,       R)  \
    X(POPC_C,    "POPC",    0x4c08, 0xfff8, POPC,   B,       C)  \
    X(POPC_I,    "POPC",    0x3808, 0xfef8, POPC,   B,       I)  \
    X(FLO_R,     "FLO",     0x5c30, 0xfff8, FLO,    B,       R)  \
    X(FLO_C,     "FLO",     0x4c30, 0xfff8, FLO,    B,       C)  \
    X(FLO_I,     "FLO",     0x3830, 0xfef8, FLO,    B,       I)  \
    X(PRMT_R,    "PRMT",    0x5bc0, 0xfff0, PRMT,   ABC,     R)  \
    X(PRMT_C,    "PRMT",    0x4bc0, 0xfff0, PRMT,   ABC,     C)  \
    X(PRMT_I,    "PRMT",    0x36c0, 0xfef0, PRMT,   ABC,     I)  \
    X(PRMT_RC,   "PRMT",    0x53c0, 0xfff0, PRMT,   ABC,     RC) \
    X(LEA_R,     "LEA",     0x5bd0, 0xfff8, LEA,    AB,      R)  \
    X(LEA_C,     "LEA",     0x4bd0, 0xfff0, LEA,    AB,      C)  \
    X(LEA_I,     "LEA",     0x36d0, 0xfef8, LEA,    AB,      I)  \
    X(LEA_HI_R,  "LEA.HI",  0x5bd8, 0xfff8, LEA_HI, ABC,     R)  \
    X(LEA_HI_C,  "LEA.HI",  0x1800, 0xfc00, LEA_HI, ABC,     C)  \
    X(IDP_R,     "IDP",     0x53f8, 0xfff8, IDP,    ABC,     R)  \
    X(IDP_C,     "IDP",     0x53d8, 0xfff8, IDP,    ABC,     C)  \
    /* ---- video (SIMD byte / half) arithmetic: B is a register or a 16-bit immediate ---- */ \
    X(VADD,      "VADD",    0x2000, 0xfc00, VADD,   VIDEO,   N)  \
    X(VMAD,      "VMAD",    0x5f00, 0xff00, VMAD,   VIDEO,   N)  \
    X(VSET,      "VSET",    0x4000, 0xfe00, VSET,   VIDEO,   N)  \
    X(VSETP,     "VSETP",   0x50f0, 0xfff8, VSETP,  VSETP,   N)  \
    X(VMNMX,     "VMNMX",   0x3a00, 0xfe00, VMNMX,  VIDEO,   N)  \
    X(VABSDIFF,  "VABSDIFF", 0x5400, 0xff00, VABSDIFF, VIDEO, N) \
    X(VABSDIFF4, "VABSDIFF4", 0x5000, 0xff80, VABSDIFF4, ABC, R) \
    X(VSHL,      "VSHL",    0x5700, 0xff00, VSHL,   VIDEO,   N)  \
    X(VSHR,      "VSHR",    0x5600, 0xff00, VSHR,   VIDEO,   N)  \
    /* ---- conversion and movement ---- */ \
    X(F2F_R,     "F2F",     0x5ca8, 0xfff8, F2F,    B,       R)  \
    X(F2F_C,     "F2F",     0x4ca8, 0xfff8, F2F,    B,       C)  \
    X(F2F_I,     "F2F",     0x38a8, 0xfef8, F2F,    B,       F)  \
    X(F2I_R,     "F2I",     0x5cb0, 0xfff8, F2I,    B,       R)  \
    X(F2I_C,     "F2I",     0x4cb0, 0xfff8, F2I,    B,       C)  \
    X(F2I_I,     "F2I",     0x38b0, 0xfef8, F2I,    B,       F)  \
    X(I2F_R,     "I2F",     0x5cb8, 0xfff8, I2F,    B,       R)  \
    X(I2F_C,     "I2F",     0x4cb8, 0xfff8, I2F,    B,       C)  \
    X(I2F_I,     "I2F",     0x38b8, 0xfef8, I2F,    B,       I)  \
    X(I2I_R,     "I2I",     0x5ce0, 0xfff8, I2I,    B,       R)  \
    X(I2I_C,     "I2I",     0x4ce0, 0xfff8, I2I,    B,       C)  \
    X(I2I_I,     "I2I",     0x38e0, 0xfef8, I2I,    B,       I)  \
    X(MOV_R,     "MOV",     0x5c98, 0xfff8, MOV,    B,       R)  \
    X(MOV_C,     "MOV",     0x4c98, 0xfff8, MOV,    B,       C)  \
    X(MOV_I,     "MOV",     0x3898, 0xfef8, MOV,    B,       I)  \
    X(MOV32I,    "MOV32I",  0x0100, 0xfff0, MOV,    I32,     N)  \
    X(SEL_R,     "SEL",     0x5ca0, 0xfff8, SEL,    ABP,     R)  \
    X(SEL_C,     "SEL",     0x4ca0, 0xfff8, SEL,    ABP,     C)  \
    X(SEL_I,     "SEL",     0x38a0, 0xfef8, SEL,    ABP,     I)  \
    X(P2R_R,     "P2R",     0x5ce8, 0xfff8, P2R,    AB,      R)  \
    X(P2R_C,     "P2R",     0x4ce8, 0xfff8, P2R,    AB,      C)  \
    X(P2R_I,     "P2R",     0x38e8, 0xfef8, P2R,    AB,      I)  \
    X(R2P_R,     "R2P",     0x5cf0, 0xfff8, R2P,    NOD_AB,  R)  \
    X(R2P_C,     "R2P",     0x4cf0, 0xfff8, R2P,    NOD_AB,  C)  \
    X(R2P_I,     "R2P",     0x38f0, 0xfef8, R2P,    NOD_AB,  I)  \
    X(PSET,      "PSET",    0x5088, 0xfff8, PSET,   PSET,    N)  \
    X(PSETP,     "PSETP",   0x5090, 0xfff8, PSETP,  PSETP,   N)  \
    X(CSET,      "CSET",    0x5098, 0xfff8, CSET,   CSET,    N)  \
    X(CSETP,     "CSETP",   0x50a0, 0xfff8, CSETP,  CSETP,   N)  \
    X(S2R,       "S2R",     0xf0c8, 0xfff8, S2R,    SREG,    N)  \
    X(CS2R,      "CS2R",    0x50c8, 0xfff8, CS2R,   SREG,    N)  \
    X(B2R,       "B2R",     0xf0b8, 0xfff8, B2R,    B2R,     N)  \
    X(R2B,       "R2B",     0xf0c0, 0xfff8, R2B,    R2B,     N)  \
    X(LEPC,      "LEPC",    0x50d0, 0xfff8, LEPC,   D,       N)  \
    X(VOTE,      "VOTE",    0x50d8, 0xfff8, VOTE,   VOTE,    N)  \
    X(VOTE_VTG,  "VOTE.VTG", 0x50e0, 0xfff8, VOTE,  VOTE_VTG, N) \
    X(SHFL,      "SHFL",    0xef10, 0xfff8, SHFL,   SHFL,    N)  \
    /* ---- memory ---- */ \
    X(LD,        "LD",      0x8000, 0xe000, LD,     LD,      N)  \
    X(ST,        "ST",      0xa000, 0xe000, ST,     ST,      N)  \
    X(LDG,       "LDG",     0xeed0, 0xfff8, LDG,    LDM,     N)  \
    X(STG,       "STG",     0xeed8, 0xfff8, STG,    STM,     N)  \
    X(LDL,       "LDL",     0xef40, 0xfff8, LDL,    LDM,     N)  \
    X(STL,       "STL",     0xef50, 0xfff8, STL,    STM,     N)  \
    X(LDS,       "LDS",     0xef48, 0xfff8, LDS,    LDM,     N)  \
    X(STS,       "STS",     0xef58, 0xfff8, STS,    STM,     N)  \
    X(LDC,       "LDC",     0xef90, 0xfff8, LDC,    LDC,     N)  \
    X(ALD,       "ALD",     0xefd8, 0xfff8, ALD,    ALD,     N)  \
    X(AST,       "AST",     0xeff0, 0xfff8, AST,    AST,     N)  \
    X(IPA,       "IPA",     0xe000, 0xff00, IPA,    IPA,     N)  \
    X(ISBERD,    "ISBERD",  0xefd0, 0xfff8, ISBERD, A,       N)  \
    X(AL2P,      "AL2P",    0xefa0, 0xfff8, AL2P,   AL2P,    N)  \
    X(PIXLD,     "PIXLD",   0xefe8, 0xfff8, PIXLD,  PIXLD,   N)  \
    X(OUT_R,     "OUT",     0xfbe0, 0xfff8, OUT,    AB,      R)  \
    X(OUT_C,     "OUT",     0xebe0, 0xfff8, OUT,    AB,      C)  \
    X(OUT_I,     "OUT",     0xf6e0, 0xfef8, OUT,    AB,      I)  \
    X(ATOM,      "ATOM",    0xed00, 0xff00, ATOM,   ATOM,    N)  \
    X(ATOM_CAS,  "ATOM.CAS", 0xeef0, 0xfff0, ATOM,  ATOM,    N)  \
    X(ATOMS,     "ATOMS",   0xec00, 0xff00, ATOMS,  ATOMS,   N)  \
    X(ATOMS_CAS, "ATOMS.CAS", 0xee00, 0xff80, ATOMS, ATOMS,  N)  \
    X(RED,       "RED",     0xebf8, 0xfff8, RED,    RED,     N)  \
    X(CCTL,      "CCTL",    0xef60, 0xffe0, CCTL,   CCTL,    N)  \
    X(CCTLL,     "CCTLL",   0xef80, 0xffe0, CCTLL,  CCTL,    N)  \
    X(CCTLT,     "CCTLT",   0xebf0, 0xfff9, CCTLT,  NONE,    N)  \
    X(MEMBAR,    "MEMBAR",  0xef98, 0xfff8, MEMBAR, NONE,    N)  \
    X(STP,       "STP",     0xeea0, 0xfff8, STP,    NONE,    N)  \
    X(SULD,      "SULD",    0xeb00, 0xffe0, SULD,   SULD,    N)  \
    X(SUST,      "SUST",    0xeb20, 0xffe0, SUST,   SUST,    N)  \
    X(SURED,     "SURED",   0xeb40, 0xffe0, SURED,  SUST,    N)  \
    X(SUATOM,    "SUATOM",  0xea60, 0xffe0, SUATOM, SUATOM,  N)  \
    X(SUATOM_D,  "SUATOM",  0xea00, 0xffc0, SUATOM, SUATOM,  N)  \
    X(SUATOM_CAS, "SUATOM.CAS", 0xeac0, 0xffe0, SUATOM, SUATOM, N) \
    X(SUATOM_CAS_D, "SUATOM.CAS", 0xea80, 0xffc0, SUATOM, SUATOM, N) \
    /* ---- texture ---- */ \
    X(TEX,       "TEX",     0xc038, 0xfc38, TEX,    TEX,     N)  \
    X(TEX_B,     "TEX.B",   0xdeb8, 0xfff8, TEX,    TEX,     N)  \
    X(TEXS,      "TEXS",    0xd000, 0xf600, TEXS,   TEXS,    N)  \
    X(TLD,       "TLD",     0xdc38, 0xff38, TLD,    TEX,     N)  \
    X(TLD_B,     "TLD.B",   0xdd38, 0xff38, TLD,    TEX,     N)  \
    X(TLDS,      "TLDS",    0xd200, 0xf600, TLDS,   TEXS,    N)  \
    X(TLD4,      "TLD4",    0xc838, 0xfc38, TLD4,   TEX,     N)  \
    X(TLD4_B,    "TLD4.B",  0xdef8, 0xfff8, TLD4,   TEX,     N)  \
    X(TLD4S,     "TLD4S",   0xdf00, 0xff40, TLD4S,  TEXS,    N)  \
    X(TMML,      "TMML",    0xdf58, 0xfff8, TMML,   TEX,     N)  \
    X(TMML_B,    "TMML.B",  0xdf60, 0xfff8, TMML,   TEX,     N)  \
    X(TXD,       "TXD",     0xde38, 0xfffc, TXD,    TEX,     N)  \
    X(TXD_B,     "TXD.B",   0xde78, 0xfffc, TXD,    TEX,     N)  \
    X(TXQ,       "TXQ",     0xdf48, 0xfff8, TXQ,    TXQ,     N)  \
    X(TXQ_B,     "TXQ.B",   0xdf50, 0xfff8, TXQ,    TXQ,     N)  \
    X(TXA,       "TXA",     0xdf40, 0xfff8, TXA,    TXQ,     N)  \
    /* ---- control flow (targets: code byte offsets; see sass_cfg.h) ---- */ \
    X(BRA,       "BRA",     0xe240, 0xfff0, BRA,    TARGET,  N)  \
    X(BRX,       "BRX",     0xe250, 0xfff0, BRX,    BRX,     N)  \
    X(JMP,       "JMP",     0xe210, 0xfff0, JMP,    JUMP,    N)  \
    X(JMX,       "JMX",     0xe200, 0xfff0, JMX,    JMX,     N)  \
    X(CAL,       "CAL",     0xe260, 0xfff0, CAL,    TARGET,  N)  \
    X(JCAL,      "JCAL",    0xe220, 0xfff0, JCAL,   JUMP,    N)  \
    X(RET,       "RET",     0xe320, 0xfff0, RET,    NONE,    N)  \
    X(EXIT,      "EXIT",    0xe300, 0xfff0, EXIT,   NONE,    N)  \
    X(PEXIT,     "PEXIT",   0xe230, 0xfff0, PEXIT,  TARGET,  N)  \
    X(KIL,       "KIL",     0xe330, 0xfff0, KIL,    NONE,    N)  \
    X(SSY,       "SSY",     0xe290, 0xfff0, SSY,    TARGET,  N)  \
    X(SYNC,      "SYNC",    0xf0f8, 0xfff8, SYNC,   NONE,    N)  \
    X(PBK,       "PBK",     0xe2a0, 0xfff0, PBK,    TARGET,  N)  \
    X(BRK,       "BRK",     0xe340, 0xfff0, BRK,    NONE,    N)  \
    X(PCNT,      "PCNT",    0xe2b0, 0xfff0, PCNT,   TARGET,  N)  \
    X(CONT,      "CONT",    0xe350, 0xfff0, CONT,   NONE,    N)  \
    X(PRET,      "PRET",    0xe270, 0xfff0, PRET,   TARGET,  N)  \
    X(LONGJMP,   "LONGJMP", 0xe310, 0xfff0, LONGJMP, NONE,   N)  \
    X(PLONGJMP,  "PLONGJMP", 0xe280, 0xfff0, PLONGJMP, TARGET, N) \
    X(GETCRSPTR, "GETCRSPTR", 0xe2c0, 0xfff0, GETCRSPTR, D,  N)  \
    X(SETCRSPTR, "SETCRSPTR", 0xe2e0, 0xfff0, SETCRSPTR, NOD_A, N) \
    X(GETLMEMBASE, "GETLMEMBASE", 0xe2d0, 0xfff0, GETLMEMBASE, D, N) \
    X(SETLMEMBASE, "SETLMEMBASE", 0xe2f0, 0xfff0, SETLMEMBASE, NOD_A, N) \
    /* ---- synchronisation and miscellany ---- */ \
    X(BAR,       "BAR",     0xf0a8, 0xfff8, BAR,    BAR,     N)  \
    X(DEPBAR,    "DEPBAR",  0xf0f0, 0xfff8, DEPBAR, NONE,    N)  \
    X(NOP,       "NOP",     0x50b0, 0xfff8, NOP,    NONE,    N)  \
    X(BPT,       "BPT",     0xe3a0, 0xfff0, BPT,    NONE,    N)  \
    X(IDE,       "IDE",     0xe390, 0xfff0, IDE,    NONE,    N)  \
    X(RAM,       "RAM",     0xe380, 0xfff0, RAM,    NONE,    N)  \
    X(SAM,       "SAM",     0xe370, 0xfff0, SAM,    NONE,    N)  \
    X(RTT,       "RTT",     0xe360, 0xfff0, RTT,    NONE,    N)

#endif
