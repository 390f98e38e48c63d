/* Maxwell SASS -> SPIR-V: see maxwell_spirv.h.
 *
 * Shape of the output. Registers R0-R254 are u32 function variables (RZ
 * reads 0, writes vanish), predicates P0-P6 bool variables (PT is true), the
 * condition code's zero, sign, carry and overflow flags four bools. Control flow takes one of two layouts:
 *  - structured (s_analyze, s_range under "structured control flow"): when
 *    the SSY/PBK/PCNT/PRET stack holds the same entries at each instruction
 *    on every path, each pop has one static target; the program's edges then
 *    become OpSelectionMerge if/else and OpLoopMerge loops in address order.
 *    Every corpus shader (nouveau's code) takes this layout.
 *  - the dispatcher, for the rest: one loop around an OpSwitch on a `pc`
 *    variable whose cases are the program's basic blocks; SSY/PBK/PCNT/PRET
 *    push typed entries on a 16-deep stack variable and SYNC/BRK/CONT/RET pop
 *    entries until one of their kind, as the hardware's call-return-sync
 *    stack does (envytools docs "gm107 control flow"; yuzu
 *    shader_recompiler/frontend/maxwell/control_flow.cpp keeps one stack of
 *    typed tokens the same way).
 * Both count loop iterations in one variable and leave after 2^24 (the
 * dispatcher ends the invocation; a structured loop exits to its merge and
 * every later loop runs once), so no guest program can hang the host GPU. A
 * single invocation is modelled: the divergence the hardware stack tracks
 * for a warp does not exist in a GL invocation.
 *
 * Operand fields are from envytools envydis/gm107.c (tabroot) and yuzu's
 * translate/impl/ sources, which name the same bits; each emitter cites what it
 * follows where the semantics are not obvious from the mnemonic. */
#include "shadergen/maxwell_spirv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "shadergen/maxwell_isa.h"
#include "shadergen/spirv_builder.h"

#define MAX_INSNS (1u << 16)           /* 512 KiB of code: far above any real program */
#define MODULE_LIMIT_WORDS ((size_t)1 << 22)
#define STACK_DEPTH 16
#define ITERATION_CAP (1u << 24)
#define RZ 255
#define PT 7
#define MW_PATCH_VECTORS 32 /* a[0x20-0x21f]: GL's MAX_PATCH_VECTORS is at least 30 */

/* ---- the instructions the translator knows (facts: envydis gm107.c tabroot) ---- */

typedef enum mw_op {
    OP_UNKNOWN,
    OP_NOP, OP_MOV, OP_MOV32I, OP_SEL,
    OP_FADD, OP_FADD32I, OP_FMUL, OP_FMUL32I, OP_FFMA, OP_FFMA32I, OP_FMNMX, OP_FSET, OP_FSETP,
    OP_DADD, OP_DMUL, OP_DFMA, OP_DMNMX, OP_DSET, OP_DSETP,
    OP_MUFU, OP_RRO,
    OP_IADD, OP_IADD32I, OP_ISCADD, OP_ISCADD32I, OP_XMAD, OP_IMNMX, OP_ISET, OP_ISETP, OP_ICMP,
    OP_LOP, OP_LOP32I, OP_SHL, OP_SHR, OP_BFE, OP_BFI, OP_POPC, OP_FLO, OP_IMUL, OP_IMUL32I, OP_IMAD,
    OP_I2F, OP_F2I, OP_F2F, OP_I2I,
    OP_IPA, OP_ALD, OP_AST, OP_LDC, OP_LDL, OP_STL, OP_LDG, OP_STG, OP_S2R,
    OP_TEXS, OP_TLDS, OP_TLD, OP_TXQ, OP_TEX, OP_TLD4, OP_TLD4S, OP_TXD, OP_TMML,
    OP_PIXLD, OP_SHFL, OP_FSWZADD, OP_LOP3, OP_IADD3, OP_SHF, OP_LEA, OP_LEA_HI,
    OP_EXIT, OP_KIL, OP_BRA, OP_SSY, OP_SYNC, OP_PBK, OP_BRK, OP_PCNT, OP_CONT, OP_PRET, OP_RET, OP_CAL, OP_BRX,
    OP_DEPBAR, OP_LDS, OP_STS, OP_ATOMS, OP_ATOM, OP_RED, OP_BAR, OP_MEMBAR, OP_CCTL, OP_VOTE, OP_PSET, OP_PSETP, OP_PRMT, OP_SULD, OP_SUST, OP_SUATOM, OP_SURED, OP_LD, OP_ST, OP_CS2R, OP_AL2P, OP_HADD2, OP_HMUL2, OP_HFMA2, OP_HSET2, OP_HSETP2,
    OP_ISBERD, OP_OUT,
    OP_VMAD, OP_VMNMX, OP_VSETP, OP_VREFUSED, /* video: emit_video */
    OP_FCMP, OP_CSET, OP_CSETP, OP_P2R, OP_R2P,
} mw_op;

/* how operand B (and C) are encoded: register, constant buffer, integer or
 * float 20-bit immediate, register-B-constant-C, f16x2 immediate, f64
 * immediate (the top 20 bits of the double), none */
typedef enum bkind { BK_N, BK_R, BK_C, BK_I, BK_F, BK_RC, BK_H, BK_D } bkind;

typedef struct op_row {
    uint8_t op, bk;
    const char *name;
} op_row;

/* The decoder's opcode lookup (shadergen/maxwell_sass_table.h) names
 * the instruction and how its operand B is encoded; this maps it onto what
 * the translator emits. False for what is not translated. */
static bool classify(uint64_t insn, op_row *out)
{
    mw_sass_op o = mw_sass_lookup(insn);
    out->name = mw_sass_op_name(o);
    out->op = OP_UNKNOWN;
    switch (mw_sass_op_bkind(o)) {
    case MW_SASS_BKIND_N: out->bk = BK_N; break;
    case MW_SASS_BKIND_R: out->bk = BK_R; break;
    case MW_SASS_BKIND_C: out->bk = BK_C; break;
    case MW_SASS_BKIND_I: out->bk = BK_I; break;
    case MW_SASS_BKIND_F: out->bk = BK_F; break;
    case MW_SASS_BKIND_RC: out->bk = BK_RC; break;
    case MW_SASS_BKIND_H: out->bk = BK_H; break; /* f16x2 immediates */
    case MW_SASS_BKIND_D: out->bk = BK_D; break; /* f64 immediates */
    default: return false;
    }
    static const struct {
        uint8_t fam, op, op32i;
    } map[] = {
        {MW_SASS_FAM_NOP, OP_NOP, 0},       {MW_SASS_FAM_DEPBAR, OP_DEPBAR, 0}, {MW_SASS_FAM_MOV, OP_MOV, OP_MOV32I},
        {MW_SASS_FAM_SEL, OP_SEL, 0},       {MW_SASS_FAM_FADD, OP_FADD, OP_FADD32I},
        {MW_SASS_FAM_FMUL, OP_FMUL, OP_FMUL32I}, {MW_SASS_FAM_FFMA, OP_FFMA, OP_FFMA32I},
        {MW_SASS_FAM_FMNMX, OP_FMNMX, 0},   {MW_SASS_FAM_FSET, OP_FSET, 0},     {MW_SASS_FAM_FSETP, OP_FSETP, 0},
        {MW_SASS_FAM_DADD, OP_DADD, 0},     {MW_SASS_FAM_DMUL, OP_DMUL, 0},     {MW_SASS_FAM_DFMA, OP_DFMA, 0},
        {MW_SASS_FAM_DMNMX, OP_DMNMX, 0},   {MW_SASS_FAM_DSET, OP_DSET, 0},     {MW_SASS_FAM_DSETP, OP_DSETP, 0},
        {MW_SASS_FAM_MUFU, OP_MUFU, 0},     {MW_SASS_FAM_RRO, OP_RRO, 0},       {MW_SASS_FAM_IADD, OP_IADD, OP_IADD32I},
        {MW_SASS_FAM_ISCADD, OP_ISCADD, OP_ISCADD32I}, {MW_SASS_FAM_XMAD, OP_XMAD, 0},
        {MW_SASS_FAM_IMNMX, OP_IMNMX, 0},   {MW_SASS_FAM_ISET, OP_ISET, 0},     {MW_SASS_FAM_ISETP, OP_ISETP, 0},
        {MW_SASS_FAM_ICMP, OP_ICMP, 0},     {MW_SASS_FAM_LOP, OP_LOP, OP_LOP32I}, {MW_SASS_FAM_SHL, OP_SHL, 0}, {MW_SASS_FAM_IMAD, OP_IMAD, 0},
        {MW_SASS_FAM_SHR, OP_SHR, 0},       {MW_SASS_FAM_BFE, OP_BFE, 0},       {MW_SASS_FAM_BFI, OP_BFI, 0},
        {MW_SASS_FAM_POPC, OP_POPC, 0},     {MW_SASS_FAM_FLO, OP_FLO, 0},       {MW_SASS_FAM_IMUL, OP_IMUL, OP_IMUL32I},
        {MW_SASS_FAM_I2F, OP_I2F, 0},       {MW_SASS_FAM_F2I, OP_F2I, 0},       {MW_SASS_FAM_F2F, OP_F2F, 0},
        {MW_SASS_FAM_I2I, OP_I2I, 0},       {MW_SASS_FAM_IPA, OP_IPA, 0},       {MW_SASS_FAM_ALD, OP_ALD, 0},
        {MW_SASS_FAM_TLDS, OP_TLDS, 0},     {MW_SASS_FAM_TXQ, OP_TXQ, 0},       {MW_SASS_FAM_TLD, OP_TLD, 0},
        {MW_SASS_FAM_AST, OP_AST, 0},       {MW_SASS_FAM_LDC, OP_LDC, 0},       {MW_SASS_FAM_LDL, OP_LDL, 0},
        {MW_SASS_FAM_STL, OP_STL, 0},       {MW_SASS_FAM_TEXS, OP_TEXS, 0},
        {MW_SASS_FAM_LDG, OP_LDG, 0},       {MW_SASS_FAM_STG, OP_STG, 0},       {MW_SASS_FAM_S2R, OP_S2R, 0},
        {MW_SASS_FAM_TEX, OP_TEX, 0},       {MW_SASS_FAM_TLD4, OP_TLD4, 0},     {MW_SASS_FAM_TLD4S, OP_TLD4S, 0},
        {MW_SASS_FAM_TXD, OP_TXD, 0},       {MW_SASS_FAM_TMML, OP_TMML, 0},     {MW_SASS_FAM_PIXLD, OP_PIXLD, 0},
        {MW_SASS_FAM_SHFL, OP_SHFL, 0},     {MW_SASS_FAM_FSWZADD, OP_FSWZADD, 0},
        {MW_SASS_FAM_LOP3, OP_LOP3, 0},     {MW_SASS_FAM_IADD3, OP_IADD3, 0},   {MW_SASS_FAM_SHF, OP_SHF, 0},
        {MW_SASS_FAM_LEA, OP_LEA, 0},       {MW_SASS_FAM_LEA_HI, OP_LEA_HI, 0},
        {MW_SASS_FAM_EXIT, OP_EXIT, 0},     {MW_SASS_FAM_KIL, OP_KIL, 0},       {MW_SASS_FAM_BRA, OP_BRA, 0},
        {MW_SASS_FAM_SSY, OP_SSY, 0},       {MW_SASS_FAM_SYNC, OP_SYNC, 0},     {MW_SASS_FAM_PBK, OP_PBK, 0},
        {MW_SASS_FAM_BRK, OP_BRK, 0},       {MW_SASS_FAM_PCNT, OP_PCNT, 0},     {MW_SASS_FAM_CONT, OP_CONT, 0},
        {MW_SASS_FAM_PRET, OP_PRET, 0},     {MW_SASS_FAM_RET, OP_RET, 0},       {MW_SASS_FAM_CAL, OP_CAL, 0},       {MW_SASS_FAM_BRX, OP_BRX, 0},
        {MW_SASS_FAM_LDS, OP_LDS, 0},       {MW_SASS_FAM_STS, OP_STS, 0},       {MW_SASS_FAM_ATOMS, OP_ATOMS, 0},
        {MW_SASS_FAM_ATOM, OP_ATOM, 0},     {MW_SASS_FAM_RED, OP_RED, 0},       {MW_SASS_FAM_BAR, OP_BAR, 0},
        {MW_SASS_FAM_MEMBAR, OP_MEMBAR, 0}, {MW_SASS_FAM_CCTL, OP_CCTL, 0},     {MW_SASS_FAM_CCTLL, OP_CCTL, 0},
        {MW_SASS_FAM_CCTLT, OP_CCTL, 0},    {MW_SASS_FAM_VOTE, OP_VOTE, 0},
        {MW_SASS_FAM_PSET, OP_PSET, 0},     {MW_SASS_FAM_PSETP, OP_PSETP, 0},   {MW_SASS_FAM_PRMT, OP_PRMT, 0},
        {MW_SASS_FAM_SULD, OP_SULD, 0},     {MW_SASS_FAM_SUST, OP_SUST, 0},     {MW_SASS_FAM_SUATOM, OP_SUATOM, 0},
        {MW_SASS_FAM_HADD2, OP_HADD2, 0},   {MW_SASS_FAM_HMUL2, OP_HMUL2, 0},   {MW_SASS_FAM_HFMA2, OP_HFMA2, 0},
        {MW_SASS_FAM_HSET2, OP_HSET2, 0},   {MW_SASS_FAM_HSETP2, OP_HSETP2, 0},
        {MW_SASS_FAM_ISBERD, OP_ISBERD, 0}, {MW_SASS_FAM_OUT, OP_OUT, 0},
        {MW_SASS_FAM_VMAD, OP_VMAD, 0},     {MW_SASS_FAM_VMNMX, OP_VMNMX, 0},   {MW_SASS_FAM_VSETP, OP_VSETP, 0},
        {MW_SASS_FAM_VADD, OP_VREFUSED, 0}, {MW_SASS_FAM_VSET, OP_VREFUSED, 0}, {MW_SASS_FAM_VABSDIFF, OP_VREFUSED, 0},
        {MW_SASS_FAM_VABSDIFF4, OP_VREFUSED, 0}, {MW_SASS_FAM_VSHL, OP_VREFUSED, 0}, {MW_SASS_FAM_VSHR, OP_VREFUSED, 0},
        {MW_SASS_FAM_IDP, OP_VREFUSED, 0},  {MW_SASS_FAM_IMADSP, OP_VREFUSED, 0},
        {MW_SASS_FAM_FCMP, OP_FCMP, 0},     {MW_SASS_FAM_CSET, OP_CSET, 0},     {MW_SASS_FAM_CSETP, OP_CSETP, 0},
        {MW_SASS_FAM_P2R, OP_P2R, 0},       {MW_SASS_FAM_R2P, OP_R2P, 0},
        {MW_SASS_FAM_SURED, OP_SURED, 0},   {MW_SASS_FAM_LD, OP_LD, 0},         {MW_SASS_FAM_ST, OP_ST, 0},
        {MW_SASS_FAM_CS2R, OP_CS2R, 0},     {MW_SASS_FAM_AL2P, OP_AL2P, 0},
    };
    mw_sass_family f = mw_sass_op_family(o);
    bool is32i = o == MW_SASS_OP_MOV32I || o == MW_SASS_OP_FADD32I || o == MW_SASS_OP_FMUL32I ||
                 o == MW_SASS_OP_FFMA32I || o == MW_SASS_OP_IADD32I || o == MW_SASS_OP_ISCADD32I ||
                 o == MW_SASS_OP_LOP32I || o == MW_SASS_OP_IMUL32I;
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (map[i].fam == f) {
            out->op = is32i ? map[i].op32i : map[i].op;
            return out->op != OP_UNKNOWN;
        }
    return false;
}

static inline uint32_t bits(uint64_t v, unsigned lo, unsigned n)
{
    return (uint32_t)((v >> lo) & ((n >= 64 ? ~0ull : (1ull << n) - 1)));
}

static inline bool bit(uint64_t v, unsigned b)
{
    return (v >> b) & 1;
}

/* byte offset (from the first scheduling word) of instruction k */
static inline uint32_t insn_offset(uint32_t k)
{
    return (k / 3) * 32 + 8 + (k % 3) * 8;
}

/* instruction index of a byte offset, or -1 for a misaligned offset. A
 * target on a bundle's scheduling word means the bundle's first instruction:
 * uam's loops jump there (the corpus' control_flow_fsh `pcnt 0x60` names
 * the bundle of the PCNT at 0x68 itself) */
static inline int64_t offset_insn(int64_t off)
{
    if (off >= 0 && off % 32 == 0)
        off += 8;
    if (off < 0 || (off & 7))
        return -1;
    return (off / 32) * 3 + (off % 32) / 8 - 1;
}

/* stack entry kinds (bits 24-31 of an entry; bits 0-23 are the target instruction) */
enum { K_SSY = 1, K_PBK, K_PCNT, K_PRET };
/* dispatcher values past the instructions: pop until a kind */
#define POP_CASE(kind) (0x1000000u + (kind))

/* capture variables a stage may declare: GL 4.5's minimum
 * MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS (64) is the most a layout
 * can have components, each at most a variable */
#define MW_XFB_VARS 64

typedef struct tr {
    spv_builder b;
    const mw_spirv_input *in;
    const glhle_logger *log;
    mw_spirv_result *res;
    glhle_result err;
    uint32_t n;               /* instructions */
    op_row *ops;              /* per instruction; op OP_UNKNOWN when not translated */
    uint8_t *flags;           /* per instruction: F_REACH, F_LEADER */
    uint32_t cur;             /* instruction being translated */
    /* types */
    uint32_t t_void, t_bool, t_u32, t_i32, t_f32, t_v4f, t_v4u, t_v4i, t_v2f, t_v3f;
    uint32_t p_fn_u32, p_fn_bool;
    /* state */
    uint32_t reg[256], pred[8], cc[4]; /* cc: Z S C O (cc_var) */
    uint32_t pc_var, stack_var, depth_var, iter_var;
    uint32_t local_var, local_words; /* local memory: local_words u32 and one sink word past them */
    uint32_t shared_var, shared_words; /* shared memory (compute), the same shape */
    uint32_t sw_merge;        /* the dispatcher switch's merge block */
    uint32_t pops;            /* bit k: some instruction pops until kind k (its case is emitted) */
    /* resources and interface */
    uint32_t cbuf[MW_SPIRV_CBUFS];
    uint32_t tex[MW_SPIRV_TEX_SLOTS];
    uint32_t tex_type[MW_SPIRV_TEX_SLOTS]; /* sampled-image type */
    uint32_t tex_image_type[MW_SPIRV_TEX_SLOTS];
    uint32_t in_gen[32], in_gen_type[32], in_gen_comps[32], out_gen[32];
    uint32_t frag_coord, vertex_index, instance_index, position, clip, frag_out[8], frag_depth;
    uint32_t layer; /* gl_Layer (layer_viewport_writable) */
    uint32_t viewport; /* gl_ViewportIndex (likewise) */
    bool viewport_layer_cap; /* ShaderViewportIndexLayerEXT declared (layer_viewport_writable) */
    uint32_t clip_count;
    uint32_t interface[80 + MW_XFB_VARS];
    uint32_t n_interface;
    /* transform feedback (mw_spirv_input.xfb): each capture variable, its
     * components, and per buffer component j the variable (+ 1; 0 a gap) */
    uint32_t xfb_var[MW_XFB_VARS], xfb_type[MW_XFB_VARS];
    uint8_t xfb_comps[MW_XFB_VARS];
    uint32_t n_xfb;
    uint8_t xfb_of[MW_SPIRV_XFB_BUFFERS][128];
    uint32_t front_facing, sample_mask, sample_id;
    /* geometry and tessellation: arrayed inputs' length (0: not arrayed), the
     * TCS's output vertices, gl_in / gl_out, gl_TessCoord, gl_InvocationID,
     * gl_PatchVerticesIn, tessellation levels and patch vectors ([0] inputs, [1] outputs) */
    uint32_t vtx_in, vtx_out, in_pos, out_pos, tess_coord, invocation_id, patch_vertices;
    uint32_t tess_level[2][2], patch[2][MW_PATCH_VECTORS];
    uint32_t local_id, workgroup_id, local_index; /* compute built-ins */
    uint32_t sg_size, sg_lane;    /* subgroup built-ins (gl_SubGroupSizeARB, gl_SubGroupInvocationARB) */
    uint32_t t_f64, t_v2u;        /* double and uvec2, declared (with Float64) by the first FP64 instruction */
    bool indirect;                /* a BRX: every instruction is a dispatcher case */
    bool subgroups;               /* VOTE or a general SHFL: lanes are the host subgroup's */
    uint32_t ssbo[MW_SPIRV_SSBOS];
    /* images: per slot the variable, its type, and what the pre-scan of the
     * SULD/SUST found (dimension + 1, raw 32-bit access), so TXQ before the
     * first access declares the same image */
    uint32_t img[MW_SPIRV_IMG_SLOTS], img_type[MW_SPIRV_IMG_SLOTS];
    uint8_t img_dim[MW_SPIRV_IMG_SLOTS], img_raw[MW_SPIRV_IMG_SLOTS];
    bool img_conflict;
    /* bindless handles outside the table: their slots (assign_slots) */
    mw_spirv_tex_source src[MW_SPIRV_TEX_SLOTS];
    /* registers whose value in the block being translated is a known
     * constant (an unpredicated MOV32I, or MOV from RZ): texture offsets
     * must be constants in SPIR-V / GLSL, and uam loads them that way */
    uint32_t kval[256];
    uint8_t kknown[256];
    /* structured control flow (s_analyze): per instruction the resolved
     * jump (an instruction, NO_EDGE, EDGE_RETURN), the last instruction
     * jumping back to it, whether the resolved edges reach it */
    int32_t *go, *back;
    uint8_t *sreach;
    bool structured;          /* lay out constructs, not the dispatcher */
    bool streams;             /* GeometryStreams declared (stream_ok) */
    bool unstructured;        /* the layout failed: translate again with the dispatcher */
    /* a vertex-A program joined before vertex B (mw_spirv_input.a_code,
     * join()): the stream t->in is, A's first a_n instructions (a_words
     * code words, its reachable ones padded to a bundle) then B's; A's
     * SPH; the private array of the generic components A hands B */
    mw_spirv_input joined;
    uint64_t *joined_code;
    uint32_t a_n, a_words;
    const uint8_t *a_sph;
    uint32_t a_out;
} tr;

enum { F_REACH = 1, F_LEADER = 2, F_TARGET = 4, F_ANY = 8 /* reached only as a possible BRX target */ };

static glhle_result fail(tr *t, glhle_result r, const char *what, const char *tail)
{
    if (t->err == GLHLE_RESULT_OK) {
        t->err = r;
        /* a joined program's offsets are each program's own */
        const bool in_a = t->a_n && t->cur < t->a_n;
        snprintf(t->res->reason, sizeof t->res->reason, "%s%s%s (code offset 0x%x)", in_a ? "vertex A: " : "", what,
                 tail, insn_offset(t->cur) - (t->a_n && !in_a ? t->a_words * 8 : 0));
        GLHLE_ERROR(t->log, "mw_spirv_translate: %s", t->res->reason);
    }
    return r;
}

#define UNSUPPORTED(t, what) fail((t), GLHLE_RESULT_UNSUPPORTED, (what), " is not translated")
#define BAD(t, what) fail((t), GLHLE_RESULT_BAD_DATA, (what), "")

static void add_interface(tr *t, uint32_t var)
{
    if (t->n_interface < sizeof t->interface / sizeof t->interface[0])
        t->interface[t->n_interface++] = var;
    else
        t->b.failed = true;
}

/* ---- values ---- */

static uint32_t cu(tr *t, uint32_t v)
{
    return spv_const_u32(&t->b, v);
}

static uint32_t cf(tr *t, float v)
{
    return spv_const_f32(&t->b, v);
}

static uint32_t as_f(tr *t, uint32_t u)
{
    return SPV_OP(&t->b, SpvOpBitcast, t->t_f32, u);
}

static uint32_t as_u(tr *t, uint32_t f)
{
    return SPV_OP(&t->b, SpvOpBitcast, t->t_u32, f);
}

static uint32_t as_i(tr *t, uint32_t u)
{
    return SPV_OP(&t->b, SpvOpBitcast, t->t_i32, u);
}

static uint32_t reg_var(tr *t, uint32_t r)
{
    if (!t->reg[r]) {
        t->reg[r] = spv_local_var(&t->b, t->p_fn_u32, cu(t, 0));
        char name[8];
        snprintf(name, sizeof name, "r%u", r);
        spv_name(&t->b, t->reg[r], name);
    }
    return t->reg[r];
}

/* A register number past RZ (a pair or quad Ra + k from Ra = RZ, as TEXS's
 * ra + 1 with RZ) is RZ: reads 0, writes vanish (fuzz_maxwell_spirv found
 * TEXS reading register 256). */
static uint32_t get_r(tr *t, uint32_t r)
{
    if (r >= RZ)
        return cu(t, 0);
    return SPV_OP(&t->b, SpvOpLoad, t->t_u32, reg_var(t, r));
}

static void set_r(tr *t, uint32_t r, uint32_t v)
{
    if (r >= RZ)
        return;
    t->kknown[r] = 0;
    SPV_VOID(&t->b, SpvOpStore, reg_var(t, r), v);
}

static uint32_t get_fr(tr *t, uint32_t r)
{
    return as_f(t, get_r(t, r));
}

static void set_fr(tr *t, uint32_t r, uint32_t f)
{
    set_r(t, r, as_u(t, f));
}

static uint32_t pred_var(tr *t, uint32_t p)
{
    if (!t->pred[p]) {
        t->pred[p] = spv_local_var(&t->b, t->p_fn_bool, spv_const_bool(&t->b, false));
        char name[8];
        snprintf(name, sizeof name, "p%u", p);
        spv_name(&t->b, t->pred[p], name);
    }
    return t->pred[p];
}

static uint32_t flow_test(tr *t, uint32_t test);

/* Predicate p (negated with neg). A guard past PT is a branch's guard with
 * a condition-code test (guard_of: 8 + test * 8 + predicate): the
 * predicate, negated with neg, and the test. */
static uint32_t get_p(tr *t, uint32_t p, bool neg)
{
    if (p > PT) {
        uint32_t v = get_p(t, (p - 8) & 7, neg);
        return SPV_OP(&t->b, SpvOpLogicalAnd, t->t_bool, v, flow_test(t, (p - 8) >> 3));
    }
    uint32_t v = p == PT ? spv_const_bool(&t->b, true) : SPV_OP(&t->b, SpvOpLoad, t->t_bool, pred_var(t, p));
    return neg ? SPV_OP(&t->b, SpvOpLogicalNot, t->t_bool, v) : v;
}

static void set_p(tr *t, uint32_t p, uint32_t v)
{
    if (p != PT)
        SPV_VOID(&t->b, SpvOpStore, pred_var(t, p), v);
}

/* ---- the condition code ----
 *
 * Four flags, in the order P2R/R2P's CC mode numbers them (envytools docs
 * hw/graph/fermi/cuda/isa.rst "$c", which Maxwell keeps; yuzu
 * move_predicate_to_register.cpp; Ryujinx InstEmitHelper GetZF/GetNF/
 * GetCF/GetVF): Z the result is zero, S its top bit, C the carry out of an
 * addition, O its signed overflow. */
enum { CC_Z, CC_S, CC_C, CC_O };

static uint32_t cc_var(tr *t, uint32_t i)
{
    static const char *const names[4] = {"cc_zero", "cc_sign", "cc_carry", "cc_overflow"};
    if (!t->cc[i]) {
        t->cc[i] = spv_local_var(&t->b, t->p_fn_bool, spv_const_bool(&t->b, false));
        spv_name(&t->b, t->cc[i], names[i]);
    }
    return t->cc[i];
}

static uint32_t get_cc(tr *t, uint32_t i)
{
    return SPV_OP(&t->b, SpvOpLoad, t->t_bool, cc_var(t, i));
}

static void set_cc(tr *t, uint32_t i, uint32_t v)
{
    SPV_VOID(&t->b, SpvOpStore, cc_var(t, i), v);
}

/* Z and S from an integer result r (envytools "$c": zero, top bit) */
static void cc_set_zs(tr *t, uint32_t r)
{
    spv_builder *b = &t->b;
    set_cc(t, CC_Z, SPV_OP(b, SpvOpIEqual, t->t_bool, r, cu(t, 0)));
    set_cc(t, CC_S, SPV_OP(b, SpvOpSLessThan, t->t_bool, as_i(t, r), spv_const_i32(b, 0)));
}

/* Z and S from r, C and O cleared: BFE.CC and BFI.CC as yuzu translates
 * them (bitfield_extract.cpp, bitfield_insert.cpp: SetZFlag, SetSFlag,
 * ResetCFlag, ResetOFlag); Ryujinx leaves both CC bits a TODO
 * (InstEmitBitfield.cs), so no source disagrees */
static void cc_set_zs_clear(tr *t, uint32_t r)
{
    cc_set_zs(t, r);
    set_cc(t, CC_C, spv_const_bool(&t->b, false));
    set_cc(t, CC_O, spv_const_bool(&t->b, false));
}

/* All four flags of the addition r = a + b (+ a carry in): C is `carry`
 * (a bool), O the signed overflow, set when a and b have one sign and r the
 * other (Ryujinx InstEmitIntegerArithmetic SetIaddFlags: "V = (d ^ a) &
 * ~(a ^ b) < 0"; yuzu emit_spirv_integer.cpp EmitIAdd32 tests the same
 * overflow; it holds with a carry in of 0 or 1 too). */
static void cc_set_add(tr *t, uint32_t r, uint32_t a, uint32_t bb, uint32_t carry)
{
    spv_builder *b = &t->b;
    const uint32_t u = t->t_u32;
    cc_set_zs(t, r);
    set_cc(t, CC_C, carry);
    uint32_t v = SPV_OP(b, SpvOpBitwiseAnd, u, SPV_OP(b, SpvOpBitwiseXor, u, r, a),
                        SPV_OP(b, SpvOpNot, u, SPV_OP(b, SpvOpBitwiseXor, u, a, bb)));
    set_cc(t, CC_O, SPV_OP(b, SpvOpSLessThan, t->t_bool, as_i(t, v), spv_const_i32(b, 0)));
}

/* a + b with its carry out as a bool (OpIAddCarry) */
static uint32_t add_carry(tr *t, uint32_t a, uint32_t bb, uint32_t *carry)
{
    spv_builder *b = &t->b;
    const uint32_t u = t->t_u32;
    uint32_t s = SPV_OP(b, SpvOpIAddCarry, spv_type_struct(b, SPV_ARGS(u, u)), a, bb);
    *carry = SPV_OP(b, SpvOpINotEqual, t->t_bool, SPV_OP(b, SpvOpCompositeExtract, u, s, 1), cu(t, 0));
    return SPV_OP(b, SpvOpCompositeExtract, u, s, 0);
}

/* The carry flag as 0 or 1 (the .X carry in) */
static uint32_t carry_in(tr *t)
{
    return SPV_OP(&t->b, SpvOpSelect, t->t_u32, get_cc(t, CC_C), cu(t, 1), cu(t, 0));
}

/* Whether the condition test `test` (the 5-bit field of CSET, CSETP, BRA,
 * BRX; envydis gm107.c "cc" table) has a translation. yuzu
 * (frontend/ir/ir_emitter.cpp GetFlowTest) and Ryujinx
 * (InstEmitConditionCode.cs GetCondition) give the same formula for tests
 * 0-23 and 30-31; for CSM_TA CSM_TR CSM_MX FCSM_TA FCSM_TR FCSM_MX (24-29)
 * they disagree (yuzu refuses five and stubs FCSM_TR false, Ryujinx takes
 * all six as true), so those are refused. */
static bool flow_test_known(uint32_t test)
{
    return test < 24 || test >= 30;
}

/* The value of condition test `test` (a bool id); `test` must be known */
static uint32_t flow_test(tr *t, uint32_t test)
{
    spv_builder *b = &t->b;
    const uint32_t bo = t->t_bool;
#define CC_NOT(x) SPV_OP(b, SpvOpLogicalNot, bo, (x))
#define CC_AND(x, y) SPV_OP(b, SpvOpLogicalAnd, bo, (x), (y))
#define CC_OR(x, y) SPV_OP(b, SpvOpLogicalOr, bo, (x), (y))
#define CC_XOR(x, y) SPV_OP(b, SpvOpLogicalNotEqual, bo, (x), (y))
    if (test == 0)
        return spv_const_bool(b, false);
    if (test == 15)
        return spv_const_bool(b, true);
    uint32_t z = get_cc(t, CC_Z), s = get_cc(t, CC_S), c = get_cc(t, CC_C), o = get_cc(t, CC_O), r;
    switch (test) {
    case 1: r = CC_XOR(CC_AND(s, CC_NOT(z)), o); break;        /* LT */
    case 2: r = CC_AND(CC_NOT(s), z); break;                   /* EQ */
    case 3: r = CC_XOR(s, CC_OR(z, o)); break;                 /* LE */
    case 4: r = CC_AND(CC_XOR(CC_NOT(s), o), CC_NOT(z)); break; /* GT */
    case 5: r = CC_NOT(z); break;                              /* NE */
    case 6: r = CC_NOT(CC_XOR(s, o)); break;                   /* GE */
    case 7: r = CC_NOT(CC_AND(s, z)); break;                   /* NUM */
    case 8: r = CC_AND(s, z); break;                           /* NAN */
    case 9: r = CC_XOR(s, o); break;                           /* LTU */
    case 10: r = z; break;                                     /* EQU */
    case 11: r = CC_OR(CC_XOR(s, o), z); break;                /* LEU */
    case 12: r = CC_XOR(CC_NOT(s), CC_OR(z, o)); break;        /* GTU */
    case 13: r = CC_OR(s, CC_NOT(z)); break;                   /* NEU */
    case 14: r = CC_XOR(CC_OR(CC_NOT(s), z), o); break;        /* GEU */
    case 16: r = CC_NOT(o); break;                             /* OFF */
    case 17: r = CC_NOT(c); break;                             /* LO */
    case 18: r = CC_NOT(s); break;                             /* SFF */
    case 19: r = CC_OR(z, CC_NOT(c)); break;                   /* LS */
    case 20: r = CC_AND(c, CC_NOT(z)); break;                  /* HI */
    case 21: r = s; break;                                     /* SFT */
    case 22: r = c; break;                                     /* HS */
    case 23: r = o; break;                                     /* OFT */
    case 30: r = CC_OR(s, z); break;                           /* RLE */
    case 31: r = CC_AND(CC_NOT(s), CC_NOT(z)); break;          /* RGT */
    default: r = spv_const_bool(b, false); break;
    }
#undef CC_NOT
#undef CC_AND
#undef CC_OR
#undef CC_XOR
    return r;
}

/* constant buffer N as a UBO of 4096 uvec4 (64 KiB, the hardware's largest
 * constant buffer; clb197.h SET_CONSTANT_BUFFER_SELECTOR_A size field) */
static uint32_t cbuf_var(tr *t, uint32_t index)
{
    if (index >= MW_SPIRV_CBUFS)
        return 0;
    if (!t->cbuf[index]) {
        spv_builder *b = &t->b;
        uint32_t arr = spv_type_array(b, t->t_v4u, cu(t, 4096), true);
        spv_decorate(b, arr, SpvDecorationArrayStride, SPV_ARGS(16));
        uint32_t st = spv_type_struct(b, &arr, 1);
        spv_decorate(b, st, SpvDecorationBlock, NULL, 0);
        spv_member_decorate(b, st, 0, SpvDecorationOffset, SPV_ARGS(0));
        char name[16];
        snprintf(name, sizeof name, "cb%u", index);
        spv_name(b, st, name);
        spv_member_name(b, st, 0, "data");
        uint32_t v = spv_global_var(b, spv_type_pointer(b, SpvStorageClassUniform, st), SpvStorageClassUniform, 0);
        spv_decorate(b, v, SpvDecorationDescriptorSet, SPV_ARGS(0));
        spv_decorate(b, v, SpvDecorationBinding, SPV_ARGS(index));
        t->cbuf[index] = v;
        t->res->cbuf_mask |= 1u << index;
    }
    return t->cbuf[index];
}

/* 32-bit word at byte address `addr` (a u32 id) of constant buffer index */
static uint32_t cbuf_load(tr *t, uint32_t index, uint32_t addr)
{
    uint32_t v = cbuf_var(t, index);
    if (!v) {
        BAD(t, "constant buffer index past 17");
        return cu(t, 0);
    }
    spv_builder *b = &t->b;
    uint32_t elem = SPV_OP(b, SpvOpShiftRightLogical, t->t_u32, addr, cu(t, 4));
    /* an address past the buffer's 64 KiB reads element 4095 + ...: keep it in range */
    elem = SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, elem, cu(t, 4095));
    uint32_t comp = SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, SPV_OP(b, SpvOpShiftRightLogical, t->t_u32, addr, cu(t, 2)),
                           cu(t, 3));
    uint32_t ptr = SPV_OP(b, SpvOpAccessChain, spv_type_pointer(b, SpvStorageClassUniform, t->t_u32), v, cu(t, 0),
                          elem, comp);
    return SPV_OP(b, SpvOpLoad, t->t_u32, ptr);
}

/* operand B of instruction `insn` in encoding `bk` (u32); for BK_RC it is the register at 39 */
static uint32_t src_b(tr *t, uint64_t insn, bkind bk)
{
    switch (bk) {
    case BK_R:
        return get_r(t, bits(insn, 20, 8));
    case BK_RC:
        return get_r(t, bits(insn, 39, 8));
    case BK_C:
        return cbuf_load(t, bits(insn, 34, 5), cu(t, bits(insn, 20, 14) * 4));
    case BK_I: /* 19 bits and the sign at 56 (envydis S20_20) */
        return cu(t, bits(insn, 20, 19) | (bit(insn, 56) ? 0xfff80000u : 0));
    case BK_F: /* the top 19 bits of an f32 below its sign at 56 (envydis F20_20) */
        return cu(t, bits(insn, 20, 19) << 12 | (uint32_t)bit(insn, 56) << 31);
    default:
        return cu(t, 0);
    }
}

/* operand C: register 39, or the constant buffer for BK_RC */
static uint32_t src_c(tr *t, uint64_t insn, bkind bk)
{
    if (bk == BK_RC)
        return cbuf_load(t, bits(insn, 34, 5), cu(t, bits(insn, 20, 14) * 4));
    return get_r(t, bits(insn, 39, 8));
}

/* the operand modifiers of a float of type `ty` (t_f32 or t_f64) */
static uint32_t fneg_abs(tr *t, uint32_t ty, uint32_t f, bool neg, bool abs)
{
    if (abs)
        f = SPV_GLSL(&t->b, ty, GLSLstd450FAbs, f);
    if (neg)
        f = SPV_OP(&t->b, SpvOpFNegate, ty, f);
    return f;
}

static uint32_t fsat(tr *t, uint32_t f, bool sat)
{
    return sat ? SPV_GLSL(&t->b, t->t_f32, GLSLstd450FClamp, f, cf(t, 0.0f), cf(t, 1.0f)) : f;
}

static uint32_t select_u(tr *t, uint32_t c, uint32_t a, uint32_t bb)
{
    return SPV_OP(&t->b, SpvOpSelect, t->t_u32, c, a, bb);
}

/* Maxwell's float compare codes (envydis gm107.c "fcond": F LT EQ LE GT NE GE NUM NAN LTU EQU LEU GTU NEU GEU T) */
static uint32_t fcompare(tr *t, uint32_t cond, uint32_t a, uint32_t bb)
{
    if (cond == 0)
        return spv_const_bool(&t->b, false);
    if (cond == 15)
        return spv_const_bool(&t->b, true);
    /* OpOrdered needs the Kernel capability: spell it with IsNan. The other
     * conditions are the ordered comparison with the NaN test made explicit:
     * SPIRV-Cross writes OpFUnordEqual as !(a != b) and OpFOrdNotEqual as
     * a != b, and GLSL's != is true for a NaN on Mesa (nir fneu), so the
     * spelled-out forms gave EQU(NaN, NaN) = false and NE(NaN, x) = true */
    uint32_t na = SPV_OP(&t->b, SpvOpIsNan, t->t_bool, a), nb = SPV_OP(&t->b, SpvOpIsNan, t->t_bool, bb);
    uint32_t any = SPV_OP(&t->b, SpvOpLogicalOr, t->t_bool, na, nb);
    uint32_t none = SPV_OP(&t->b, SpvOpLogicalNot, t->t_bool, any);
    if (cond == 7) /* NUM */
        return none;
    if (cond == 8) /* NAN */
        return any;
    static const SpvOp ordered[7] = {SpvOpNop, SpvOpFOrdLessThan, SpvOpFOrdEqual, SpvOpFOrdLessThanEqual,
                                      SpvOpFOrdGreaterThan, SpvOpFOrdNotEqual, SpvOpFOrdGreaterThanEqual};
    uint32_t c = SPV_OP(&t->b, ordered[cond < 9 ? cond : cond - 8], t->t_bool, a, bb);
    return cond < 9 ? SPV_OP(&t->b, SpvOpLogicalAnd, t->t_bool, none, c) : SPV_OP(&t->b, SpvOpLogicalOr, t->t_bool, any, c);
}

/* integer compare codes (envydis "icond": F LT EQ LE GT NE GE T) */
static uint32_t icompare(tr *t, uint32_t cond, bool is_signed, uint32_t a, uint32_t bb)
{
    static const SpvOp sops[8] = {SpvOpNop, SpvOpSLessThan, SpvOpIEqual, SpvOpSLessThanEqual,
                                  SpvOpSGreaterThan, SpvOpINotEqual, SpvOpSGreaterThanEqual, SpvOpNop};
    static const SpvOp uops[8] = {SpvOpNop, SpvOpULessThan, SpvOpIEqual, SpvOpULessThanEqual,
                                  SpvOpUGreaterThan, SpvOpINotEqual, SpvOpUGreaterThanEqual, SpvOpNop};
    if (cond == 0)
        return spv_const_bool(&t->b, false);
    if (cond == 7)
        return spv_const_bool(&t->b, true);
    return SPV_OP(&t->b, is_signed ? sops[cond] : uops[cond], t->t_bool, a, bb);
}

/* combine a compare with predicate 39 (negated by 42) by the boolean op at 45 (AND OR XOR) */
static uint32_t bool_op(tr *t, uint32_t op, uint32_t a, uint32_t p)
{
    static const SpvOp ops[3] = {SpvOpLogicalAnd, SpvOpLogicalOr, SpvOpLogicalNotEqual};
    if (op > 2) {
        BAD(t, "boolean operation 3");
        return a;
    }
    return SPV_OP(&t->b, ops[op], t->t_bool, a, p);
}

static uint32_t pred39(tr *t, uint64_t insn)
{
    return get_p(t, bits(insn, 39, 3), bit(insn, 42));
}

/* ---- arithmetic ---- */

/* FMNMX / DMNMX of floats a and bb of type `ty` (t_f32 or t_f64), the
 * minimum where `is_min` (a bool id) holds. A NaN operand gives the other
 * one (NVIDIA PTX ISA min/max, GLSL.std.450 NMin/NMax), and -0.0 is below
 * +0.0 (PTX ISA min/max notes: "if values of both inputs are 0.0, then
 * +0.0 > -0.0"), which NMin/NMax do not give: GLSL.std.450 defines NMin
 * as "y if y < x, otherwise x", so NMin(+0, -0) is +0, and drivers do not
 * order zeros either (llvmpipe's max of +0 and -0 is -0 in both orders;
 * yuzu and Ryujinx translate FMNMX to the plain min/max). So where the operands
 * compare equal the result is made from their bits: the OR of the two
 * words for the minimum (the sign of either), the AND for the maximum;
 * equal non-zero values have equal words, and a NaN compares unequal. A
 * double's words are its two halves (UnpackDouble2x32, as set_dr). */
static uint32_t fmin_max(tr *t, uint32_t ty, uint32_t is_min, uint32_t a, uint32_t bb)
{
    spv_builder *b = &t->b;
    const bool dbl = ty == t->t_f64;
    const uint32_t uty = dbl ? t->t_v2u : t->t_u32;
    uint32_t mn = SPV_GLSL(b, ty, GLSLstd450NMin, a, bb), mx = SPV_GLSL(b, ty, GLSLstd450NMax, a, bb);
    uint32_t r = SPV_OP(b, SpvOpSelect, ty, is_min, mn, mx);
    uint32_t ua = dbl ? SPV_GLSL(b, uty, GLSLstd450UnpackDouble2x32, a) : as_u(t, a);
    uint32_t ub = dbl ? SPV_GLSL(b, uty, GLSLstd450UnpackDouble2x32, bb) : as_u(t, bb);
    uint32_t eq = SPV_OP(b, SpvOpFOrdEqual, t->t_bool, a, bb);
    if (dbl) { /* a Select of vectors takes a vector condition (SPIR-V before 1.4) */
        const uint32_t bv = spv_type_vector(b, t->t_bool, 2);
        is_min = SPV_OP(b, SpvOpCompositeConstruct, bv, is_min, is_min);
        eq = SPV_OP(b, SpvOpCompositeConstruct, bv, eq, eq);
    }
    uint32_t both = SPV_OP(b, SpvOpSelect, uty, is_min, SPV_OP(b, SpvOpBitwiseOr, uty, ua, ub),
                           SPV_OP(b, SpvOpBitwiseAnd, uty, ua, ub));
    uint32_t ur = dbl ? SPV_GLSL(b, uty, GLSLstd450UnpackDouble2x32, r) : as_u(t, r);
    uint32_t u = SPV_OP(b, SpvOpSelect, uty, eq, both, ur);
    return dbl ? SPV_GLSL(b, ty, GLSLstd450PackDouble2x32, u) : as_f(t, u);
}

static uint32_t either_zero(tr *t, uint32_t a, uint32_t bb)
{
    spv_builder *b = &t->b;
    return SPV_OP(b, SpvOpLogicalOr, t->t_bool, SPV_OP(b, SpvOpFOrdEqual, t->t_bool, a, cf(t, 0.0f)),
                  SPV_OP(b, SpvOpFOrdEqual, t->t_bool, bb, cf(t, 0.0f)));
}

/* a * b, or with FMZ +0 when either factor is zero (the sign of that zero
 * is our choice: unverified on hardware) */
static uint32_t fmz_mul(tr *t, uint32_t a, uint32_t bb, bool fmz)
{
    spv_builder *b = &t->b;
    uint32_t p = SPV_OP(b, SpvOpFMul, t->t_f32, a, bb);
    if (!fmz)
        return p;
    uint32_t z = either_zero(t, a, bb);
    return SPV_OP(b, SpvOpSelect, t->t_f32, z, cf(t, 0.0f), p);
}

/* a * b + c; with FMZ a zero factor makes the product +0 */
static uint32_t fmz_fma(tr *t, uint32_t a, uint32_t bb, uint32_t c, bool fmz)
{
    spv_builder *b = &t->b;
    uint32_t r = SPV_GLSL(b, t->t_f32, GLSLstd450Fma, a, bb, c);
    if (!fmz)
        return r;
    uint32_t z = either_zero(t, a, bb);
    return SPV_OP(b, SpvOpSelect, t->t_f32, z, SPV_OP(b, SpvOpFAdd, t->t_f32, c, cf(t, 0.0f)), r);
}

static void emit_float(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    const bkind bk = (bkind)row->bk;
    const uint32_t rd = bits(insn, 0, 8), ra = bits(insn, 8, 8);
    uint32_t a = get_fr(t, ra), r = 0;
    bool fmz = false;
    /* Rounding other than RN and the float CC have no SPIR-V / GLSL form
     * per operation: refused, not ignored. FMZ (0 times anything, infinities
     * and NaN included, is 0: uam's pow, exp2(log2(x) * y) in the corpus'
     * transcend_fsh, relies on it for pow(0, 0) = 1) is a select (fields:
     * FADD/FMUL rnd 39-40, FMUL ftz/fmz 44-45, FFMA rnd 51-52 and ftz/fmz
     * 53-54, FMUL32I/FFMA32I ftz/fmz 53-54, CC 47 or 52 for 32I; envydis
     * gm107.c, the decoder's sass_decode.c). FTZ is left to the host: GLSL
     * does not define denormal handling, and uam sets it on nearly every
     * float instruction of the corpus. */
    {
        bool i32 = row->op == OP_FADD32I || row->op == OP_FMUL32I || row->op == OP_FFMA32I;
        bool is_mul = row->op == OP_FMUL || row->op == OP_FMUL32I || row->op == OP_FFMA || row->op == OP_FFMA32I;
        bool is_arith = is_mul || row->op == OP_FADD || row->op == OP_FADD32I;
        if (is_arith) {
            uint32_t rnd = row->op == OP_FFMA ? bits(insn, 51, 2) : i32 ? 0 : bits(insn, 39, 2);
            uint32_t fz = row->op == OP_FMUL ? bits(insn, 44, 2) : row->op == OP_FFMA || row->op == OP_FMUL32I ||
                                                                       row->op == OP_FFMA32I
                                                                       ? bits(insn, 53, 2)
                                                                       : 0;
            if (rnd)
                return (void)UNSUPPORTED(t, "a float rounding mode other than RN");
            if (is_mul && fz == 3)
                return (void)BAD(t, "FMUL/FFMA ftz/fmz field 3");
            fmz = is_mul && fz == 2;
            if (bit(insn, i32 ? 52 : 47))
                /* envytools docs (fermi/cuda/isa.rst "$c") set Z and S for a
                 * NaN result too, Ryujinx's SetFPZnFlags with ordered
                 * compares leaves them clear (and S clear for -0.0, keeping
                 * C and O), and yuzu throws "FADD CC" / "FMUL CC" / "FFMA
                 * CC" (floating_point_add.cpp, _multiply.cpp,
                 * _fused_multiply_add.cpp): the sources disagree on results
                 * an instruction cannot be seen not to produce */
                return (void)UNSUPPORTED(t, "a float instruction writing the condition code (sources disagree)");
        }
    }
    switch (row->op) {
    case OP_FADD: { /* neg a 48, abs a 46, neg b 45, abs b 49, sat 50 (envydis 5c58) */
        uint32_t bb = as_f(t, src_b(t, insn, bk));
        a = fneg_abs(t, t->t_f32, a, bit(insn, 48), bit(insn, 46));
        bb = fneg_abs(t, t->t_f32, bb, bit(insn, 45), bit(insn, 49));
        r = fsat(t, SPV_OP(b, SpvOpFAdd, t->t_f32, a, bb), bit(insn, 50));
        break;
    }
    case OP_FADD32I: { /* neg a 56, abs a 54, neg b 53, abs b 57, imm 20-51 */
        uint32_t bb = cf(t, 0);
        uint32_t imm = bits(insn, 20, 32);
        bb = as_f(t, cu(t, imm));
        a = fneg_abs(t, t->t_f32, a, bit(insn, 56), bit(insn, 54));
        bb = fneg_abs(t, t->t_f32, bb, bit(insn, 53), bit(insn, 57));
        r = SPV_OP(b, SpvOpFAdd, t->t_f32, a, bb);
        break;
    }
    case OP_FMUL: { /* scale 41-43, neg b 48, sat 50 (envydis 5c68; yuzu fmul.cpp FmulScale) */
        static const float scale[8] = {1.0f, 0.5f, 0.25f, 0.125f, 8.0f, 4.0f, 2.0f, 1.0f};
        uint32_t s = bits(insn, 41, 3);
        if (s == 7)
            return (void)BAD(t, "FMUL scale 7");
        uint32_t bb = fneg_abs(t, t->t_f32, as_f(t, src_b(t, insn, bk)), bit(insn, 48), false);
        if (s)
            a = SPV_OP(b, SpvOpFMul, t->t_f32, a, cf(t, scale[s]));
        r = fsat(t, fmz_mul(t, a, bb, fmz), bit(insn, 50));
        break;
    }
    case OP_FMUL32I: /* sat 55 */
        r = fsat(t, fmz_mul(t, a, as_f(t, cu(t, bits(insn, 20, 32))), fmz), bit(insn, 55));
        break;
    case OP_FFMA: { /* neg b 48, neg c 49, sat 50 */
        uint32_t bb = fneg_abs(t, t->t_f32, as_f(t, src_b(t, insn, bk)), bit(insn, 48), false);
        uint32_t c = fneg_abs(t, t->t_f32, as_f(t, src_c(t, insn, bk)), bit(insn, 49), false);
        r = fsat(t, fmz_fma(t, a, bb, c, fmz), bit(insn, 50));
        break;
    }
    case OP_FFMA32I: { /* the addend is Rd itself; neg a 56, neg c 57, sat 55 (envydis 0c00) */
        uint32_t c = fneg_abs(t, t->t_f32, get_fr(t, rd), bit(insn, 57), false);
        a = fneg_abs(t, t->t_f32, a, bit(insn, 56), false);
        r = fsat(t, fmz_fma(t, a, as_f(t, cu(t, bits(insn, 20, 32))), c, fmz), bit(insn, 55));
        break;
    }
    case OP_FMNMX: { /* neg a 48, abs a 46, neg b 45, abs b 49; predicate 39 true = min (fmin_max) */
        uint32_t bb = fneg_abs(t, t->t_f32, as_f(t, src_b(t, insn, bk)), bit(insn, 45), bit(insn, 49));
        a = fneg_abs(t, t->t_f32, a, bit(insn, 48), bit(insn, 46));
        r = fmin_max(t, t->t_f32, pred39(t, insn), a, bb);
        break;
    }
    case OP_FSET: { /* bf 52, cond 48-51, bop 45-46, neg a 43, abs a 54, neg b 53, abs b 44 */
        uint32_t bb = fneg_abs(t, t->t_f32, as_f(t, src_b(t, insn, bk)), bit(insn, 53), bit(insn, 44));
        a = fneg_abs(t, t->t_f32, a, bit(insn, 43), bit(insn, 54));
        uint32_t c = bool_op(t, bits(insn, 45, 2), fcompare(t, bits(insn, 48, 4), a, bb), pred39(t, insn));
        uint32_t v = bit(insn, 52) ? select_u(t, c, cu(t, 0x3f800000u), cu(t, 0))
                                   : select_u(t, c, cu(t, 0xffffffffu), cu(t, 0));
        set_r(t, rd, v);
        return;
    }
    case OP_FSETP: { /* cond 48-51, bop 45-46, dst 3-5 and 0-2, neg a 43, abs a 7, neg b 6, abs b 44 */
        uint32_t bb = fneg_abs(t, t->t_f32, as_f(t, src_b(t, insn, bk)), bit(insn, 6), bit(insn, 44));
        a = fneg_abs(t, t->t_f32, a, bit(insn, 43), bit(insn, 7));
        uint32_t c = fcompare(t, bits(insn, 48, 4), a, bb), p = pred39(t, insn), op = bits(insn, 45, 2);
        set_p(t, bits(insn, 3, 3), bool_op(t, op, c, p));
        set_p(t, bits(insn, 0, 3), bool_op(t, op, SPV_OP(b, SpvOpLogicalNot, t->t_bool, c), p));
        return;
    }
    case OP_MUFU: { /* sub-op 20-23, abs 46, neg 48, sat 50 (envydis 5080; 8 = SQRT on GM20x, corpus README) */
        a = fneg_abs(t, t->t_f32, a, bit(insn, 48), bit(insn, 46));
        switch (bits(insn, 20, 4)) {
        case 0: r = SPV_GLSL(b, t->t_f32, GLSLstd450Cos, a); break;
        case 1: r = SPV_GLSL(b, t->t_f32, GLSLstd450Sin, a); break;
        case 2: r = SPV_GLSL(b, t->t_f32, GLSLstd450Exp2, a); break;
        case 3: r = SPV_GLSL(b, t->t_f32, GLSLstd450Log2, a); break;
        case 4: r = SPV_OP(b, SpvOpFDiv, t->t_f32, cf(t, 1.0f), a); break;
        case 5: r = SPV_GLSL(b, t->t_f32, GLSLstd450InverseSqrt, a); break;
        case 8: r = SPV_GLSL(b, t->t_f32, GLSLstd450Sqrt, a); break;
        default: return (void)UNSUPPORTED(t, "MUFU RCP64H/RSQ64H");
        }
        r = fsat(t, r, bit(insn, 50));
        break;
    }
    case OP_RRO: /* range reduction before MUFU SIN/COS/EX2: MUFU here takes the
                  * plain argument, so RRO only applies its modifiers (yuzu
                  * translate/impl/floating_point_range_reduction.cpp does the same) */
        r = fneg_abs(t, t->t_f32, as_f(t, src_b(t, insn, bk)), bit(insn, 45), bit(insn, 49));
        break;
    default:
        return;
    }
    set_fr(t, rd, r);
}

/* ---- FP64: DADD, DMUL, DFMA, DMNMX, DSET, DSETP ----
 * A double lives in a register pair, the low word in Rd and the high one
 * in Rd + 1 (nouveau's gm107 emitter and yuzu's F64 register access read
 * and write the pair that way); a constant-buffer operand is the 64-bit
 * word at c[i][o], low word first; the immediate form's 19 bits and sign
 * (56) are the top 20 bits of the double, the rest 0 (envydis gm107.c's
 * double immediates, yuzu's GetDoubleImm). Fields (envydis gm107.c, the
 * decoder's sass_decode.c): DADD rnd 39-40, neg a 48, abs a 46, neg b 45,
 * abs b 49; DMUL rnd 39-40, neg b 48; DFMA rnd 50-51, neg b 48, neg c 49;
 * DMNMX as FMNMX; DSET and DSETP as FSET and FSETP. DSET writes one 32-bit
 * register, 1.0f or all ones as FSET does (yuzu double_set_predicate /
 * double_set). Rounding other than RN and the condition code are refused
 * as they are for FP32; the host needs doubles (GL 4.0; OpenGL ES has
 * none, and SPIRV-Cross refuses such a program for ES). */
static void need_f64(tr *t)
{
    if (!t->t_f64) {
        spv_capability(&t->b, SpvCapabilityFloat64);
        t->t_f64 = spv_type_float(&t->b, 64);
        t->t_v2u = spv_type_vector(&t->b, t->t_u32, 2);
    }
}

static uint32_t pack_d(tr *t, uint32_t lo, uint32_t hi)
{
    /* PackDouble2x32, not OpBitcast: SPIRV-Cross 2021.01 (Debian 12) drops a
     * uvec2 -> double OpBitcast and types the arithmetic as uvec2 */
    uint32_t v = SPV_OP(&t->b, SpvOpCompositeConstruct, t->t_v2u, lo, hi);
    return SPV_GLSL(&t->b, t->t_f64, GLSLstd450PackDouble2x32, v);
}

static uint32_t get_dr(tr *t, uint32_t r)
{
    return pack_d(t, get_r(t, r), get_r(t, r + 1));
}

static void set_dr(tr *t, uint32_t r, uint32_t d)
{
    uint32_t v = SPV_GLSL(&t->b, t->t_v2u, GLSLstd450UnpackDouble2x32, d);
    set_r(t, r, SPV_OP(&t->b, SpvOpCompositeExtract, t->t_u32, v, 0));
    set_r(t, r + 1, SPV_OP(&t->b, SpvOpCompositeExtract, t->t_u32, v, 1));
}

static uint32_t cbuf_d(tr *t, uint64_t insn)
{
    uint32_t index = bits(insn, 34, 5), off = bits(insn, 20, 14) * 4;
    return pack_d(t, cbuf_load(t, index, cu(t, off)), cbuf_load(t, index, cu(t, off + 4)));
}

static uint32_t src_db(tr *t, uint64_t insn, bkind bk)
{
    switch (bk) {
    case BK_R: return get_dr(t, bits(insn, 20, 8));
    case BK_RC: return get_dr(t, bits(insn, 39, 8));
    case BK_C: return cbuf_d(t, insn);
    case BK_D: return pack_d(t, cu(t, 0), cu(t, bits(insn, 20, 19) << 12 | (uint32_t)bit(insn, 56) << 31));
    default: return pack_d(t, cu(t, 0), cu(t, 0));
    }
}

static uint32_t src_dc(tr *t, uint64_t insn, bkind bk)
{
    return bk == BK_RC ? cbuf_d(t, insn) : get_dr(t, bits(insn, 39, 8));
}

static void emit_double(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    const bkind bk = (bkind)row->bk;
    const uint32_t rd = bits(insn, 0, 8);
    if (row->op == OP_DADD || row->op == OP_DMUL || row->op == OP_DFMA) {
        if (bits(insn, row->op == OP_DFMA ? 50 : 39, 2))
            return (void)UNSUPPORTED(t, "a double rounding mode other than RN");
        if (bit(insn, 47))
            return (void)UNSUPPORTED(t, "a double instruction writing the condition code");
    } else if (row->op == OP_DMNMX && bit(insn, 47)) {
        return (void)UNSUPPORTED(t, "a double instruction writing the condition code");
    }
    need_f64(t);
    uint32_t a = get_dr(t, bits(insn, 8, 8)), bb = src_db(t, insn, bk), r;
    switch (row->op) {
    case OP_DADD:
        r = SPV_OP(b, SpvOpFAdd, t->t_f64, fneg_abs(t, t->t_f64, a, bit(insn, 48), bit(insn, 46)),
                   fneg_abs(t, t->t_f64, bb, bit(insn, 45), bit(insn, 49)));
        break;
    case OP_DMUL:
        r = SPV_OP(b, SpvOpFMul, t->t_f64, a, fneg_abs(t, t->t_f64, bb, bit(insn, 48), false));
        break;
    case OP_DFMA:
        r = SPV_GLSL(b, t->t_f64, GLSLstd450Fma, a, fneg_abs(t, t->t_f64, bb, bit(insn, 48), false),
                     fneg_abs(t, t->t_f64, src_dc(t, insn, bk), bit(insn, 49), false));
        break;
    case OP_DMNMX: /* NaN and signed zeros as FMNMX (fmin_max) */
        a = fneg_abs(t, t->t_f64, a, bit(insn, 48), bit(insn, 46));
        bb = fneg_abs(t, t->t_f64, bb, bit(insn, 45), bit(insn, 49));
        r = fmin_max(t, t->t_f64, pred39(t, insn), a, bb);
        break;
    case OP_DSET: {
        bb = fneg_abs(t, t->t_f64, bb, bit(insn, 53), bit(insn, 44));
        a = fneg_abs(t, t->t_f64, a, bit(insn, 43), bit(insn, 54));
        uint32_t c = bool_op(t, bits(insn, 45, 2), fcompare(t, bits(insn, 48, 4), a, bb), pred39(t, insn));
        set_r(t, rd, bit(insn, 52) ? select_u(t, c, cu(t, 0x3f800000u), cu(t, 0))
                                   : select_u(t, c, cu(t, 0xffffffffu), cu(t, 0)));
        return;
    }
    default: { /* DSETP */
        bb = fneg_abs(t, t->t_f64, bb, bit(insn, 6), bit(insn, 44));
        a = fneg_abs(t, t->t_f64, a, bit(insn, 43), bit(insn, 7));
        uint32_t c = fcompare(t, bits(insn, 48, 4), a, bb), p = pred39(t, insn), op = bits(insn, 45, 2);
        set_p(t, bits(insn, 3, 3), bool_op(t, op, c, p));
        set_p(t, bits(insn, 0, 3), bool_op(t, op, SPV_OP(b, SpvOpLogicalNot, t->t_bool, c), p));
        return;
    }
    }
    set_dr(t, rd, r);
}

static uint32_t shift_clamped(tr *t, SpvOp op, uint32_t a, uint32_t s, bool wrap, uint32_t big)
{
    spv_builder *b = &t->b;
    if (wrap)
        return SPV_OP(b, op, t->t_u32, a, SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, s, cu(t, 31)));
    /* without .W a shift of 32 or more gives `big` (0, or the sign for SHR.S32):
     * SPIR-V leaves it undefined */
    uint32_t s31 = SPV_GLSL(b, t->t_u32, GLSLstd450UMin, s, cu(t, 31));
    uint32_t v = SPV_OP(b, op, t->t_u32, a, s31);
    return select_u(t, SPV_OP(b, SpvOpUGreaterThanEqual, t->t_bool, s, cu(t, 32)), big, v);
}

/* BFE/BFI field: position in bits 0-7 of the operand, length in 8-15 (envydis; PTX ISA bfe) */
static void field_bounds(tr *t, uint32_t bb, uint32_t *pos, uint32_t *len)
{
    spv_builder *b = &t->b;
    uint32_t p = SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, bb, cu(t, 0xff));
    uint32_t l = SPV_OP(b, SpvOpBitFieldUExtract, t->t_u32, bb, cu(t, 8), cu(t, 8));
    p = SPV_GLSL(b, t->t_u32, GLSLstd450UMin, p, cu(t, 32));
    l = SPV_GLSL(b, t->t_u32, GLSLstd450UMin, l, SPV_OP(b, SpvOpISub, t->t_u32, cu(t, 32), p));
    *pos = SPV_GLSL(b, t->t_u32, GLSLstd450UMin, p, cu(t, 31));
    *len = l;
}

/* The upper 32 bits of the 64-bit product of a and b, from 16-bit halves
 * in 32-bit arithmetic: with a = ah:al and b = bh:bl, hi_u = ah*bh +
 * (al*bh >> 16) + (ah*bl >> 16) + ((al*bl >> 16) + (al*bh & 0xffff) +
 * (ah*bl & 0xffff) >> 16); the signed one is hi_u - (a < 0 ? b : 0) -
 * (b < 0 ? a : 0), the two's-complement identity. Not OpUMulExtended /
 * OpSMulExtended: SPIRV-Cross writes them as umulExtended / imulExtended,
 * whose high word llvmpipe (Mesa 22.3) returns as 0 — the random
 * differential test found it (0x40400000 * 0x40b00000) */
static uint32_t mul_hi(tr *t, uint32_t a, uint32_t bb, bool is_signed)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32, m16 = cu(t, 0xffff), s16 = cu(t, 16);
    uint32_t al = SPV_OP(b, SpvOpBitwiseAnd, u, a, m16), ah = SPV_OP(b, SpvOpShiftRightLogical, u, a, s16);
    uint32_t bl = SPV_OP(b, SpvOpBitwiseAnd, u, bb, m16), bh = SPV_OP(b, SpvOpShiftRightLogical, u, bb, s16);
    uint32_t ll = SPV_OP(b, SpvOpIMul, u, al, bl), lh = SPV_OP(b, SpvOpIMul, u, al, bh);
    uint32_t hl = SPV_OP(b, SpvOpIMul, u, ah, bl), hh = SPV_OP(b, SpvOpIMul, u, ah, bh);
    uint32_t mid = SPV_OP(b, SpvOpIAdd, u, SPV_OP(b, SpvOpShiftRightLogical, u, ll, s16),
                          SPV_OP(b, SpvOpIAdd, u, SPV_OP(b, SpvOpBitwiseAnd, u, lh, m16),
                                 SPV_OP(b, SpvOpBitwiseAnd, u, hl, m16)));
    uint32_t hi = SPV_OP(b, SpvOpIAdd, u, hh,
                         SPV_OP(b, SpvOpIAdd, u, SPV_OP(b, SpvOpShiftRightLogical, u, lh, s16),
                                SPV_OP(b, SpvOpIAdd, u, SPV_OP(b, SpvOpShiftRightLogical, u, hl, s16),
                                       SPV_OP(b, SpvOpShiftRightLogical, u, mid, s16))));
    if (!is_signed)
        return hi;
    uint32_t an = SPV_OP(b, SpvOpSLessThan, t->t_bool, as_i(t, a), spv_const_i32(b, 0));
    uint32_t bn = SPV_OP(b, SpvOpSLessThan, t->t_bool, as_i(t, bb), spv_const_i32(b, 0));
    hi = SPV_OP(b, SpvOpISub, u, hi, select_u(t, an, bb, cu(t, 0)));
    return SPV_OP(b, SpvOpISub, u, hi, select_u(t, bn, a, cu(t, 0)));
}

/* LOP/LOP3's predicate output p from result r by test (F, T, Z, NZ) */
static void result_predicate(tr *t, uint32_t p, uint32_t test, uint32_t r)
{
    spv_builder *b = &t->b;
    if (p == PT)
        return;
    uint32_t pv;
    switch (test) {
    case 0: pv = spv_const_bool(b, false); break;
    case 1: pv = spv_const_bool(b, true); break;
    case 2: pv = SPV_OP(b, SpvOpIEqual, t->t_bool, r, cu(t, 0)); break;
    default: pv = SPV_OP(b, SpvOpINotEqual, t->t_bool, r, cu(t, 0)); break;
    }
    set_p(t, p, pv);
}

/* A 16-bit half of v, zero- or sign-extended, by shifts */
static uint32_t half16(tr *t, uint32_t v, bool high, bool is_signed)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    if (!high)
        v = SPV_OP(b, SpvOpShiftLeftLogical, u, v, cu(t, 16));
    return SPV_OP(b, is_signed ? SpvOpShiftRightArithmetic : SpvOpShiftRightLogical, u, v, cu(t, 16));
}

/* IADD and ISCADD with the condition code. IADD: neg a 49, neg b 48, X
 * 43, CC 47, sat 50; IADD32I: neg a 56, X 53, CC 52, sat 54. ISCADD:
 * (a << shift 39-43) + b, neg a 49, neg b 48, CC 47; ISCADD32I: shift
 * 53-57, CC 52. Both negation bits set are .PO, "plus one": a + b + 1
 * (yuzu integer_add.cpp / integer_scaled_add.cpp three_for_po, Ryujinx
 * AvgMode.PlusOne), not two negations. .X adds the carry flag; .CC sets
 * all four flags from the final addition of the (negated, scaled)
 * operands, where yuzu and Ryujinx agree; yuzu refuses IADD.X.CC, which
 * follows Ryujinx (SetIaddFlags extended: C the carry out of a + b + C,
 * Z only when the previous Z was set too, so that a chain of words tests
 * zero as a whole). .PO with .CC or .X is refused (yuzu refuses both, and
 * Ryujinx's flags ignore the extra one). */
static void emit_iadd(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    const bkind bk = (bkind)row->bk;
    const uint32_t u = t->t_u32;
    const bool scaled = row->op == OP_ISCADD || row->op == OP_ISCADD32I;
    const bool i32 = row->op == OP_IADD32I || row->op == OP_ISCADD32I;
    uint32_t a = get_r(t, bits(insn, 8, 8));
    uint32_t bb = i32 ? cu(t, bits(insn, 20, 32)) : src_b(t, insn, bk);
    bool na, nb, x, cc;
    if (row->op == OP_IADD32I)
        na = bit(insn, 56), nb = bit(insn, 55), x = bit(insn, 53), cc = bit(insn, 52);
    else if (row->op == OP_ISCADD32I)
        na = false, nb = false, x = false, cc = bit(insn, 52);
    else
        na = bit(insn, 49), nb = bit(insn, 48), x = !scaled && bit(insn, 43), cc = bit(insn, 47);
    const bool po = na && nb;
    if (row->op == OP_IADD32I && nb && !na) /* yuzu ignores it, Ryujinx negates the immediate */
        return (void)UNSUPPORTED(t, "IADD32I with bit 55 alone (sources disagree)");
    if (!scaled && bit(insn, i32 ? 54 : 50))
        return (void)UNSUPPORTED(t, "IADD.SAT");
    if (po && (cc || x))
        return (void)UNSUPPORTED(t, "IADD/ISCADD .PO with .CC or .X (sources disagree)");
    if (!po && na)
        a = SPV_OP(b, SpvOpSNegate, u, a);
    if (!po && nb)
        bb = SPV_OP(b, SpvOpSNegate, u, bb);
    if (scaled)
        a = SPV_OP(b, SpvOpShiftLeftLogical, u, a, cu(t, bits(insn, i32 ? 53 : 39, 5)));
    uint32_t r;
    if (!cc) {
        r = SPV_OP(b, SpvOpIAdd, u, a, bb);
        if (x)
            r = SPV_OP(b, SpvOpIAdd, u, r, carry_in(t));
        if (po)
            r = SPV_OP(b, SpvOpIAdd, u, r, cu(t, 1));
        set_r(t, bits(insn, 0, 8), r);
        return;
    }
    uint32_t c1, c2 = 0, zold = x ? get_cc(t, CC_Z) : 0;
    r = add_carry(t, a, bb, &c1);
    if (x) {
        r = add_carry(t, r, carry_in(t), &c2);
        c1 = SPV_OP(b, SpvOpLogicalOr, t->t_bool, c1, c2);
    }
    cc_set_add(t, r, a, bb, c1);
    if (x)
        set_cc(t, CC_Z, SPV_OP(b, SpvOpLogicalAnd, t->t_bool, get_cc(t, CC_Z), zold));
    set_r(t, bits(insn, 0, 8), r);
}

static void emit_int(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    const bkind bk = (bkind)row->bk;
    const uint32_t rd = bits(insn, 0, 8), ra = bits(insn, 8, 8);
    /* MOV and MOV32I have no operand A: those bits are other fields */
    uint32_t a = row->op == OP_MOV || row->op == OP_MOV32I ? 0 : get_r(t, ra), r = 0;
    const uint32_t u = t->t_u32;
    switch (row->op) {
    case OP_MOV:
        r = src_b(t, insn, bk);
        break;
    case OP_MOV32I:
        r = cu(t, bits(insn, 20, 32));
        break;
    case OP_SEL:
        r = select_u(t, pred39(t, insn), a, src_b(t, insn, bk));
        break;
    case OP_IADD:
    case OP_IADD32I:
    case OP_ISCADD:
    case OP_ISCADD32I:
        return emit_iadd(t, insn, row);
    case OP_XMAD: {
        /* 16x16 multiply-add (yuzu translate/impl/integer_short_multiply_add.cpp
         * names the fields): signed a 48, signed b 49, high half of a 53;
         * by form: R psl 36 mrg 37 x 38 mode 50-52 high-b 35; I: 16-bit b at 20;
         * C psl 55 mrg 56 x 54 mode 50-51 high-b 52; RC (b = R39, c = cbuf) x 54 mode 50-51 high-b 52 */
        uint32_t bb, c, mode;
        bool psl, mrg, x, hb;
        if (bk == BK_R || bk == BK_I) {
            bb = bk == BK_I ? cu(t, bits(insn, 20, 16)) : get_r(t, bits(insn, 20, 8));
            c = get_r(t, bits(insn, 39, 8));
            psl = bit(insn, 36), mrg = bit(insn, 37), x = bit(insn, 38), mode = bits(insn, 50, 3);
            hb = bk == BK_R && bit(insn, 35);
        } else if (bk == BK_C) {
            bb = src_b(t, insn, BK_C);
            c = get_r(t, bits(insn, 39, 8));
            psl = bit(insn, 55), mrg = bit(insn, 56), x = bit(insn, 54), mode = bits(insn, 50, 2);
            hb = bit(insn, 52);
        } else {
            bb = get_r(t, bits(insn, 39, 8));
            c = src_c(t, insn, BK_RC);
            psl = false, mrg = false, x = bit(insn, 54), mode = bits(insn, 50, 2);
            hb = bit(insn, 52);
        }
        /* .X: yuzu refuses it and Ryujinx's EmitXmad adds the carry in
         * place of c, so it stays refused; .CC follows Ryujinx (yuzu
         * refuses it): the flags of product + c, before the merge */
        if (x)
            return (void)UNSUPPORTED(t, "XMAD.X (sources disagree)");
        uint32_t ha = half16(t, a, bit(insn, 53), bit(insn, 48));
        uint32_t hbv = half16(t, bb, hb, bit(insn, 49));
        uint32_t prod = SPV_OP(b, SpvOpIMul, u, ha, hbv);
        if (psl)
            prod = SPV_OP(b, SpvOpShiftLeftLogical, u, prod, cu(t, 16));
        switch (mode) {
        case 0: break;                                                                       /* C */
        case 1: c = SPV_OP(b, SpvOpBitwiseAnd, u, c, cu(t, 0xffff)); break;                  /* CLO */
        case 2: c = SPV_OP(b, SpvOpShiftRightLogical, u, c, cu(t, 16)); break;               /* CHI */
        case 4: c = SPV_OP(b, SpvOpIAdd, u, SPV_OP(b, SpvOpShiftLeftLogical, u, bb, cu(t, 16)), c); break; /* CBCC */
        default: return (void)UNSUPPORTED(t, "XMAD.CSFU");
        }
        if (bit(insn, 47)) {
            uint32_t carry;
            r = add_carry(t, prod, c, &carry);
            cc_set_add(t, r, prod, c, carry);
        } else {
            r = SPV_OP(b, SpvOpIAdd, u, prod, c);
        }
        if (mrg) /* b's low half into the result's high half */
            r = SPV_OP(b, SpvOpBitFieldInsert, u, r, bb, cu(t, 16), cu(t, 16));
        break;
    }
    case OP_IMUL:
    case OP_IMUL32I: { /* IMUL: hi 39, signed a 40, signed b 41; IMUL32I: hi 53, signed 54/55 */
        bool i32 = row->op == OP_IMUL32I;
        uint32_t bb = i32 ? cu(t, bits(insn, 20, 32)) : src_b(t, insn, bk);
        bool hi = bit(insn, i32 ? 53 : 39);
        if (hi) {
            bool sa = bit(insn, i32 ? 54 : 40), sb = bit(insn, i32 ? 55 : 41);
            if (sa != sb)
                return (void)UNSUPPORTED(t, "IMUL.HI with mixed signedness");
            r = mul_hi(t, a, bb, sa);
        } else {
            r = SPV_OP(b, SpvOpIMul, u, a, bb);
        }
        break;
    }
    case OP_IMAD: {
        /* a * b + c; signed a 48, signed b 53, hi 54, sat 50, x 49 (envydis 5a00).
         * .HI adds c to the product's upper 32 bits (PTX ISA mad.hi: "t = a * b;
         * d = t<63..32> + c"); the low half does not depend on the signedness */
        if (bit(insn, 50) || bit(insn, 49) || bit(insn, 47)) /* Ryujinx: "TODO: CC, X, SAT"; yuzu has no IMAD */
            return (void)UNSUPPORTED(t, "IMAD.SAT/.X/.CC (no source gives their semantics)");
        uint32_t bb = src_b(t, insn, bk), c = src_c(t, insn, bk), prod;
        if (bit(insn, 54)) {
            bool sa = bit(insn, 48), sb = bit(insn, 53);
            if (sa != sb)
                return (void)UNSUPPORTED(t, "IMAD.HI with mixed signedness");
            prod = mul_hi(t, a, bb, sa);
        } else {
            prod = SPV_OP(b, SpvOpIMul, u, a, bb);
        }
        r = SPV_OP(b, SpvOpIAdd, u, prod, c);
        break;
    }
    case OP_IMNMX: {
        /* signed 48, predicate 39 true = min; mode 43-44 (XLO/XHI)
         * unsupported; CC 47 follows Ryujinx (EmitImnmx: SetZnFlags, C and
         * O kept; yuzu refuses it) */
        if (bits(insn, 43, 2))
            return (void)UNSUPPORTED(t, "IMNMX.XLO/XHI");
        uint32_t bb = src_b(t, insn, bk);
        bool s = bit(insn, 48);
        uint32_t mn = SPV_GLSL(b, u, s ? GLSLstd450SMin : GLSLstd450UMin, a, bb);
        uint32_t mx = SPV_GLSL(b, u, s ? GLSLstd450SMax : GLSLstd450UMax, a, bb);
        r = select_u(t, pred39(t, insn), mn, mx);
        if (bit(insn, 47))
            cc_set_zs(t, r);
        break;
    }
    case OP_ISET:
    case OP_ISETP: { /* cond 49-51, signed 48, x 43, bop 45-46; ISET bf 44; ISETP dst 3-5 / 0-2 */
        /* .X: yuzu (common_funcs.cpp ExtendedIntegerCompare) tests the sign
         * of a + ~b + C, Ryujinx (GetIntComparisonExtended) compares the
         * words and reads C and Z on a tie; they differ where the high
         * words' signed difference overflows */
        if (bit(insn, 43))
            return (void)UNSUPPORTED(t, "ISET/ISETP.X (sources disagree on a signed overflow)");
        uint32_t bb = src_b(t, insn, bk);
        uint32_t c = icompare(t, bits(insn, 49, 3), bit(insn, 48), a, bb), p = pred39(t, insn);
        uint32_t op = bits(insn, 45, 2);
        if (row->op == OP_ISETP) {
            set_p(t, bits(insn, 3, 3), bool_op(t, op, c, p));
            set_p(t, bits(insn, 0, 3), bool_op(t, op, SPV_OP(b, SpvOpLogicalNot, t->t_bool, c), p));
            return;
        }
        c = bool_op(t, op, c, p);
        r = bit(insn, 44) ? select_u(t, c, cu(t, 0x3f800000u), cu(t, 0)) : select_u(t, c, cu(t, 0xffffffffu), cu(t, 0));
        break;
    }
    case OP_ICMP: { /* rd = compare(c, 0) ? a : b; cond 49-51, signed 48 (envydis 5b40) */
        uint32_t bb = src_b(t, insn, bk), c = src_c(t, insn, bk);
        r = select_u(t, icompare(t, bits(insn, 49, 3), bit(insn, 48), c, cu(t, 0)), a, bb);
        break;
    }
    case OP_LOP:
    case OP_LOP32I: {
        /* LOP: op 41-42 (AND OR XOR PASS_B), inv a 39, inv b 40, x 43, predicate
         * out 48-50 with test 44-45 (F T Z NZ); LOP32I: op 53-54, inv a 55, inv b 56 */
        bool i32 = row->op == OP_LOP32I;
        uint32_t bb = i32 ? cu(t, bits(insn, 20, 32)) : src_b(t, insn, bk);
        if (bit(insn, i32 ? 57 : 43))
            return (void)UNSUPPORTED(t, "LOP.X");
        /* yuzu logic_operation.cpp sets Z and S and clears C and O;
         * Ryujinx SetZnFlags leaves C and O as they were */
        if (bit(insn, i32 ? 52 : 47))
            return (void)UNSUPPORTED(t, "LOP.CC (sources disagree on the carry and overflow)");
        if (bit(insn, i32 ? 55 : 39))
            a = SPV_OP(b, SpvOpNot, u, a);
        if (bit(insn, i32 ? 56 : 40))
            bb = SPV_OP(b, SpvOpNot, u, bb);
        switch (bits(insn, i32 ? 53 : 41, 2)) {
        case 0: r = SPV_OP(b, SpvOpBitwiseAnd, u, a, bb); break;
        case 1: r = SPV_OP(b, SpvOpBitwiseOr, u, a, bb); break;
        case 2: r = SPV_OP(b, SpvOpBitwiseXor, u, a, bb); break;
        default: r = bb; break;
        }
        if (!i32)
            result_predicate(t, bits(insn, 48, 3), bits(insn, 44, 2), r);
        break;
    }
    case OP_LOP3: {
        /* any function of three inputs by its truth table: bit i of the
         * result is bit (a << 2 | b << 1 | c) of the table (PTX ISA lop3.b32:
         * the table is F(0xf0, 0xcc, 0xaa)). Register form: table 28-35,
         * X 38, predicate test 36-37 into P48; constant / immediate forms:
         * table 48-55 (yuzu logic_operation_three_input.cpp, envydis 5be0) */
        /* .CC and .X follow Ryujinx (EmitLop3: SetZnFlags, C and O kept;
         * yuzu refuses both): .X changes only the flags, Z then set only
         * when the previous Z was too (SetZnFlags extended, the chain IADD.X
         * uses), so without .CC it is no-op. X is bit 38 of the register
         * form and 56 of the constant form (envydis gm107.c 5be0 / 0200;
         * the immediate form has none); Ryujinx reads the constant form's
         * X but passes extended false, so .X.CC there is refused */
        const bool x = bk == BK_R ? bit(insn, 38) : bk == BK_C && bit(insn, 56);
        if (x && bk != BK_R && bit(insn, 47))
            return (void)UNSUPPORTED(t, "LOP3.X.CC in the constant form (Ryujinx ignores its X)");
        uint32_t zold = x && bit(insn, 47) ? get_cc(t, CC_Z) : 0;
        uint32_t lut = bits(insn, bk == BK_R ? 28 : 48, 8);
        uint32_t bb = src_b(t, insn, bk), c = get_r(t, bits(insn, 39, 8));
        r = cu(t, 0);
        /* a sum of the table's minterms */
        for (uint32_t i = 0; i < 8; i++) {
            if (!(lut >> i & 1))
                continue;
            uint32_t ta = i & 4 ? a : SPV_OP(b, SpvOpNot, u, a), tb = i & 2 ? bb : SPV_OP(b, SpvOpNot, u, bb);
            uint32_t tc = i & 1 ? c : SPV_OP(b, SpvOpNot, u, c);
            uint32_t term = SPV_OP(b, SpvOpBitwiseAnd, u, SPV_OP(b, SpvOpBitwiseAnd, u, ta, tb), tc);
            r = SPV_OP(b, SpvOpBitwiseOr, u, r, term);
        }
        if (bk == BK_R)
            result_predicate(t, bits(insn, 48, 3), bits(insn, 36, 2), r);
        if (bit(insn, 47))
            cc_set_zs(t, r);
        if (zold)
            set_cc(t, CC_Z, SPV_OP(b, SpvOpLogicalAnd, t->t_bool, get_cc(t, CC_Z), zold));
        break;
    }
    case OP_IADD3: {
        /* ((a + b) shifted) + c with optional negations (51 50 49); register
         * form only: 16-bit halves of a, b, c (35-36, 33-34, 31-32: 1 low,
         * 2 high, zero-extended) and a shift of the first sum (37-38: 1 right
         * 16, 2 left 16); yuzu integer_add_three_input.cpp */
        bool x = bit(insn, 48), cc = bit(insn, 47);
        if (x && cc)
            return (void)UNSUPPORTED(t, "IADD3.X.CC (no source gives its semantics)");
        uint32_t bb = src_b(t, insn, bk), c = get_r(t, bits(insn, 39, 8)), sh = 0;
        if (bk == BK_R) {
            uint32_t *v[3] = {&a, &bb, &c};
            const unsigned at[3] = {35, 33, 31};
            for (int i = 0; i < 3; i++) {
                uint32_t h = bits(insn, at[i], 2);
                if (h == 3)
                    return (void)BAD(t, "IADD3 half selector 3");
                if (h)
                    *v[i] = SPV_OP(b, SpvOpBitFieldUExtract, u, *v[i], cu(t, h == 2 ? 16 : 0), cu(t, 16));
            }
            sh = bits(insn, 37, 2);
            if (sh == 3)
                return (void)BAD(t, "IADD3 shift 3");
        }
        if (bit(insn, 51))
            a = SPV_OP(b, SpvOpSNegate, u, a);
        if (bit(insn, 50))
            bb = SPV_OP(b, SpvOpSNegate, u, bb);
        if (bit(insn, 49))
            c = SPV_OP(b, SpvOpSNegate, u, c);
        /* .X adds the carry flag to the first sum, refused with the right
         * shift; .CC: Z and S of the result, C the carry out of the second
         * addition, O its overflow or the carry out of the first (yuzu
         * integer_add_three_input.cpp; Ryujinx: "TODO: CC, X") */
        if (x && sh == 1)
            return (void)UNSUPPORTED(t, "IADD3.X.RS");
        uint32_t c0 = 0;
        r = cc || sh == 1 ? add_carry(t, a, bb, &c0) : SPV_OP(b, SpvOpIAdd, u, a, bb);
        if (x)
            r = SPV_OP(b, SpvOpIAdd, u, r, carry_in(t));
        if (sh)
            r = SPV_OP(b, sh == 1 ? SpvOpShiftRightLogical : SpvOpShiftLeftLogical, u, r, cu(t, 16));
        if (sh == 1) /* the first sum has 33 bits (envytools docs maxwell/cuda/int.rst iadd3 rs; yuzu IntegerShift) */
            r = SPV_OP(b, SpvOpBitwiseOr, u, r, select_u(t, c0, cu(t, 0x10000), cu(t, 0)));
        if (cc) {
            uint32_t first = r, carry;
            r = add_carry(t, first, c, &carry);
            cc_set_add(t, r, first, c, carry);
            set_cc(t, CC_O, SPV_OP(b, SpvOpLogicalOr, t->t_bool, get_cc(t, CC_O), c0));
        } else {
            r = SPV_OP(b, SpvOpIAdd, u, r, c);
        }
        break;
    }
    case OP_LEA: {
        /* b + ((neg ? -a : a) << scale): scale 39-43, neg 45, X 46, predicate
         * out 48-50 refused (yuzu load_effective_address.cpp LEA_lo) */
        if (bit(insn, 46) || bits(insn, 48, 3) != PT)
            return (void)UNSUPPORTED(t, "LEA.X or LEA with a predicate output");
        if (bit(insn, 45))
            a = SPV_OP(b, SpvOpSNegate, u, a);
        r = SPV_OP(b, SpvOpIAdd, u, src_b(t, insn, bk),
                   SPV_OP(b, SpvOpShiftLeftLogical, u, a, cu(t, bits(insn, 39, 5))));
        break;
    }
    case OP_LEA_HI: {
        /* b + the low word of ((c:a, negated as 64 bits with neg) >> (32 -
         * scale)), a = R8 the low word, c = R39 the high one; register form:
         * scale 28-32, neg 37, X 38; constant form: scale 51-55, neg 56, X 57;
         * predicate out 48-50 refused (yuzu load_effective_address.cpp LEA_hi) */
        bool cb = bk != BK_R;
        uint32_t scale = bits(insn, cb ? 51 : 28, 5);
        if (bit(insn, cb ? 57 : 38) || bits(insn, 48, 3) != PT)
            return (void)UNSUPPORTED(t, "LEA.HI.X or LEA.HI with a predicate output");
        uint32_t c = get_r(t, bits(insn, 39, 8));
        if (bit(insn, cb ? 56 : 37)) { /* -(c:a) = (~c + (a == 0)) : -a */
            uint32_t carry = select_u(t, SPV_OP(b, SpvOpIEqual, t->t_bool, a, cu(t, 0)), cu(t, 1), cu(t, 0));
            c = SPV_OP(b, SpvOpIAdd, u, SPV_OP(b, SpvOpNot, u, c), carry);
            a = SPV_OP(b, SpvOpSNegate, u, a);
        }
        uint32_t sh = 32 - scale, w; /* 1..32 */
        if (sh == 32)
            w = c;
        else
            w = SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpShiftRightLogical, u, a, cu(t, sh)),
                       SPV_OP(b, SpvOpShiftLeftLogical, u, c, cu(t, 32 - sh)));
        r = SPV_OP(b, SpvOpIAdd, u, src_b(t, insn, bk), w);
        break;
    }
    case OP_SHF: {
        /* funnel shift of the 64-bit c:a (c = R39 high, a = R8 low, envydis
         * 5bf8/5cf8); .L keeps the high word of (c:a << n), .R the low word of
         * (c:a >> n). Type 37-38: U32 (n clamped to 32, or masked to 31 with
         * .W at 50), U64 / S64 (n clamped to 63; S64 shifts the sign in);
         * X mode 48-49 refused (yuzu integer_funnel_shift.cpp, PTX ISA shf) */
        uint32_t type = bits(insn, 37, 2);
        bool right = mw_sass_lookup(insn) == MW_SASS_OP_SHF_R_R || mw_sass_lookup(insn) == MW_SASS_OP_SHF_R_I;
        /* .CC follows Ryujinx (EmitShf: SetZnFlags, C and O kept; yuzu
         * refuses it); the X modes no source translates */
        if (bits(insn, 48, 2))
            return (void)UNSUPPORTED(t, "SHF.X");
        if (type == 1)
            return (void)BAD(t, "SHF type 1");
        if (type != 0 && bit(insn, 50))
            return (void)UNSUPPORTED(t, "SHF.W on a 64-bit type (sources disagree on the mask)");
        uint32_t n = bk == BK_I ? cu(t, bits(insn, 20, 6)) : get_r(t, bits(insn, 20, 8));
        uint32_t c = get_r(t, bits(insn, 39, 8));
        n = type == 0 && bit(insn, 50) ? SPV_OP(b, SpvOpBitwiseAnd, u, n, cu(t, 31))
                                       : SPV_GLSL(b, u, GLSLstd450UMin, n, cu(t, type == 0 ? 32 : 63));
        /* in 32-bit words, so no Int64 is needed: with k = n mod 32 and
         * m = 32 - k, .L is c << k | a >> m below 32 and a << k from 32 on,
         * .R is a >> k | c << m below 32 and c >> k from 32 on (n = 32 in the
         * U32 clamp gives a resp. c); k = 0 takes the one word whole */
        uint32_t k = SPV_OP(b, SpvOpBitwiseAnd, u, n, cu(t, 31));
        uint32_t m = SPV_OP(b, SpvOpISub, u, cu(t, 32), k);
        uint32_t k0 = SPV_OP(b, SpvOpIEqual, t->t_bool, k, cu(t, 0));
        uint32_t m31 = SPV_GLSL(b, u, GLSLstd450UMin, m, cu(t, 31)); /* m = 32 only where k0 selects */
        uint32_t big = SPV_OP(b, SpvOpUGreaterThanEqual, t->t_bool, n, cu(t, 32));
        uint32_t lo_part, hi_part;
        if (!right) {
            lo_part = select_u(t, k0, c, SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpShiftLeftLogical, u, c, k),
                                                SPV_OP(b, SpvOpShiftRightLogical, u, a, m31)));
            hi_part = SPV_OP(b, SpvOpShiftLeftLogical, u, a, k);
        } else {
            lo_part = select_u(t, k0, a, SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpShiftRightLogical, u, a, k),
                                                SPV_OP(b, SpvOpShiftLeftLogical, u, c, m31)));
            hi_part = SPV_OP(b, type == 3 ? SpvOpShiftRightArithmetic : SpvOpShiftRightLogical, u, c, k);
        }
        r = select_u(t, big, hi_part, lo_part);
        if (bit(insn, 47))
            cc_set_zs(t, r);
        break;
    }
    case OP_SHL: /* wrap 39, x 43 */
        if (bit(insn, 43))
            return (void)UNSUPPORTED(t, "SHL.X");
        r = shift_clamped(t, SpvOpShiftLeftLogical, a, src_b(t, insn, bk), bit(insn, 39), cu(t, 0));
        break;
    case OP_SHR: { /* signed 48, wrap 39, brev 40, x 44 */
        if (bit(insn, 44))
            return (void)UNSUPPORTED(t, "SHR.X");
        if (bit(insn, 40))
            a = SPV_OP(b, SpvOpBitReverse, u, a);
        bool s = bit(insn, 48);
        uint32_t big = s ? SPV_OP(b, SpvOpShiftRightArithmetic, u, a, cu(t, 31)) : cu(t, 0);
        r = shift_clamped(t, s ? SpvOpShiftRightArithmetic : SpvOpShiftRightLogical, a, src_b(t, insn, bk),
                          bit(insn, 39), big);
        break;
    }
    case OP_BFE: { /* signed 48, brev 40 */
        uint32_t pos, len;
        field_bounds(t, src_b(t, insn, bk), &pos, &len);
        if (bit(insn, 40))
            a = SPV_OP(b, SpvOpBitReverse, u, a);
        bool s = bit(insn, 48);
        uint32_t v = SPV_OP(b, s ? SpvOpBitFieldSExtract : SpvOpBitFieldUExtract, u, a, pos, len);
        if (s) {
            /* PTX ISA bfe.s32: bits past bit 31 read the field's sign, a[min(pos +
             * len - 1, 31)], so a field starting at 32 or above with a nonzero
             * length is all sign (yuzu bitfield_extract.cpp: "replicate");
             * a zero length gives 0 */
            uint32_t bb = src_b(t, insn, bk);
            uint32_t praw = SPV_OP(b, SpvOpBitwiseAnd, u, bb, cu(t, 0xff));
            uint32_t lraw = SPV_OP(b, SpvOpBitFieldUExtract, u, bb, cu(t, 8), cu(t, 8));
            uint32_t rep = SPV_OP(b, SpvOpLogicalAnd, t->t_bool, SPV_OP(b, SpvOpUGreaterThanEqual, t->t_bool, praw, cu(t, 32)),
                                  SPV_OP(b, SpvOpINotEqual, t->t_bool, lraw, cu(t, 0)));
            v = select_u(t, rep, SPV_OP(b, SpvOpShiftRightArithmetic, u, a, cu(t, 31)), v);
        }
        r = v;
        if (bit(insn, 47))
            cc_set_zs_clear(t, r);
        break;
    }
    case OP_BFI: { /* insert a into c at the field b names; CC 47 */
        uint32_t pos, len;
        field_bounds(t, src_b(t, insn, bk), &pos, &len);
        r = SPV_OP(b, SpvOpBitFieldInsert, u, src_c(t, insn, bk), a, pos, len);
        if (bit(insn, 47))
            cc_set_zs_clear(t, r);
        break;
    }
    case OP_POPC: { /* inv 40 */
        uint32_t bb = src_b(t, insn, bk);
        if (bit(insn, 40))
            bb = SPV_OP(b, SpvOpNot, u, bb);
        r = SPV_OP(b, SpvOpBitCount, u, bb);
        break;
    }
    case OP_FLO: { /* signed 48, inv 40, sh 41: bit index of the highest one (-1 if none), or 31 - it */
        uint32_t bb = src_b(t, insn, bk);
        if (bit(insn, 40))
            bb = SPV_OP(b, SpvOpNot, u, bb);
        r = SPV_GLSL(b, u, bit(insn, 48) ? GLSLstd450FindSMsb : GLSLstd450FindUMsb, bb);
        /* GLSL ES declares findMSB's result lowp (GLSL ES 3.20 8.8), and
         * Mesa's ES path (llvmpipe) computes it in 16 bits and widens its
         * -1 to 0x0000FFFF; the index plus one (0..32) widens the same
         * either way, and the "none" answer is selected from it. The
         * select alone is folded back into FindMsb by the driver. */
        {
            const uint32_t m = SPV_OP(b, SpvOpIAdd, u, r, cu(t, 1));
            r = select_u(t, SPV_OP(b, SpvOpIEqual, t->t_bool, m, cu(t, 0)), cu(t, 0xffffffffu),
                         SPV_OP(b, SpvOpISub, u, m, cu(t, 1)));
        }
        if (bit(insn, 41))
            r = select_u(t, SPV_OP(b, SpvOpIEqual, t->t_bool, r, cu(t, 0xffffffffu)), r,
                         SPV_OP(b, SpvOpISub, u, cu(t, 31), r));
        break;
    }
    default:
        return;
    }
    set_r(t, rd, r);
}

/* ---- conversions ---- */

/* ---- condition-code instructions ---- */

/* The flags after CSET or PSET writes its boolean r (a bool id) as all
 * ones or, with bf, 1.0f: Z when the result is 0, S when it is all ones
 * (1.0f is positive), C and O cleared (yuzu condition_code_set.cpp,
 * predicate_set_register.cpp) */
static void cc_set_bool_result(tr *t, uint32_t r, bool bf)
{
    spv_builder *b = &t->b;
    set_cc(t, CC_Z, SPV_OP(b, SpvOpLogicalNot, t->t_bool, r));
    set_cc(t, CC_S, bf ? spv_const_bool(b, false) : r);
    set_cc(t, CC_C, spv_const_bool(b, false));
    set_cc(t, CC_O, spv_const_bool(b, false));
}

/* Instructions whose condition-code write (bit 47; 52 in the 32-bit
 * immediate forms, envydis gm107.c ON(47, cc) / ON(52, cc)) no source
 * translates, or the sources disagree on: refused, never ignored, since
 * CSET, CSETP, P2R and branches read every flag. No source: yuzu throws on
 * SHL.CC, SHR.CC, FLO CC, LEA CC, F2I CC, F2F CC, I2F CC and has no IMUL;
 * Ryujinx leaves SHL/SHR/LEA/IMUL/F2I/F2F/I2F CC as TODOs and FLO's CC
 * unread. C and O: for ISET, FSET and I2I yuzu (integer_compare_and_set.cpp,
 * floating_point_compare_and_set.cpp, integer_to_integer_conversion.cpp)
 * clears them and Ryujinx (EmitIset, EmitFset, EmitI2I: SetZnFlags /
 * SetFPZnFlags) keeps them, while both give the same Z and S. FMNMX: yuzu
 * throws, Ryujinx's SetFPZnFlags leaves Z and S clear for a NaN result
 * where envytools (docs/hw/graph/fermi/cuda/isa.rst "$c") sets both. */
static bool cc_refused(tr *t, uint64_t insn, const op_row *row)
{
    const char *why;
    switch (row->op) {
    case OP_SHL: case OP_SHR: case OP_FLO: case OP_IMUL: case OP_IMUL32I: case OP_LEA: case OP_LEA_HI:
    case OP_I2F: case OP_F2I: case OP_F2F:
        why = "no source gives its flags";
        break;
    case OP_ISET: case OP_FSET: case OP_I2I:
        why = "the sources disagree on C and O";
        break;
    case OP_FMNMX:
        why = "the sources disagree on a NaN's flags";
        break;
    default:
        return false;
    }
    if (!bit(insn, row->op == OP_IMUL32I ? 52 : 47))
        return false;
    char what[96];
    snprintf(what, sizeof what, "%s writing the condition code (%s)", row->name, why);
    UNSUPPORTED(t, what);
    return true;
}

/* FCMP, CSET, CSETP, P2R, R2P */
static void emit_cc_op(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    const bkind bk = (bkind)row->bk;
    const uint32_t u = t->t_u32, rd = bits(insn, 0, 8);
    switch (row->op) {
    case OP_FCMP: {
        /* rd = (c compared with 0.0 by cond 48-51) ? a : b, b the operand
         * B (R20, constant, float immediate; R39 in the RC form), c R39
         * (the constant in the RC form), ftz 47 left to the host as for
         * FSET (yuzu floating_point_compare.cpp, Ryujinx EmitFcmp) */
        uint32_t a = get_r(t, bits(insn, 8, 8)), bb = src_b(t, insn, bk), c = as_f(t, src_c(t, insn, bk));
        set_r(t, rd, select_u(t, fcompare(t, bits(insn, 48, 4), c, cf(t, 0.0f)), a, bb));
        return;
    }
    case OP_CSET:
    case OP_CSETP: {
        /* the condition test 8-12 combined with P39 (!42) by the boolean
         * op 45-46; CSET: rd all ones or 1.0f with BF 44, CC 47; CSETP:
         * P3 the test, P0 its negation (yuzu condition_code_set.cpp,
         * Ryujinx InstEmitConditionCode.cs) */
        uint32_t test = bits(insn, 8, 5);
        if (!flow_test_known(test))
            return (void)UNSUPPORTED(t, "a CSM/FCSM condition-code test (sources disagree)");
        uint32_t v = flow_test(t, test), pc = pred39(t, insn), op = bits(insn, 45, 2);
        uint32_t r = bool_op(t, op, v, pc);
        if (row->op == OP_CSETP) {
            set_p(t, bits(insn, 3, 3), r);
            set_p(t, bits(insn, 0, 3), bool_op(t, op, SPV_OP(b, SpvOpLogicalNot, t->t_bool, v), pc));
            return;
        }
        set_r(t, rd, select_u(t, r, cu(t, bit(insn, 44) ? 0x3f800000u : 0xffffffffu), cu(t, 0)));
        if (bit(insn, 47))
            cc_set_bool_result(t, r, bit(insn, 44));
        return;
    }
    case OP_P2R: {
        /* rd = (Ra without the mask's bits at byte 41-42) | P0-P6 (mode
         * 40 clear) or Z S C O (set) at those bits (yuzu
         * move_predicate_to_register.cpp, Ryujinx EmitP2r). Ryujinx
         * keeps the mask's low byte, yuzu all of it: a mask past the byte
         * (only an immediate can be seen to be one) is refused, a register
         * or constant mask cut to its byte as Ryujinx does (yuzu does not
         * translate those forms) */
        uint32_t mask = src_b(t, insn, bk), shift = bits(insn, 41, 2) * 8, n = bit(insn, 40) ? 4 : 7;
        if (bk == BK_I && (bits(insn, 20, 19) > 0xff || bit(insn, 56)))
            return (void)UNSUPPORTED(t, "P2R with a mask past its byte (sources disagree)");
        mask = SPV_OP(b, SpvOpShiftLeftLogical, u, SPV_OP(b, SpvOpBitwiseAnd, u, mask, cu(t, 0xff)), cu(t, shift));
        uint32_t ins = cu(t, 0);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t v = bit(insn, 40) ? get_cc(t, i) : get_p(t, i, false);
            ins = SPV_OP(b, SpvOpBitwiseOr, u, ins, select_u(t, v, cu(t, 1u << (i + shift)), cu(t, 0)));
        }
        uint32_t keep = SPV_OP(b, SpvOpBitwiseAnd, u, get_r(t, bits(insn, 8, 8)), SPV_OP(b, SpvOpNot, u, mask));
        set_r(t, rd, SPV_OP(b, SpvOpBitwiseOr, u, keep, SPV_OP(b, SpvOpBitwiseAnd, u, ins, mask)));
        return;
    }
    case OP_R2P: {
        /* for each P0-P6 (mode 40 clear) or Z S C O (set) i whose mask bit
         * i is set: bit (i + byte 41-42 * 8) of Ra (yuzu
         * move_register_to_predicate.cpp, Ryujinx EmitR2p) */
        uint32_t mask = src_b(t, insn, bk), v = get_r(t, bits(insn, 8, 8)), shift = bits(insn, 41, 2) * 8;
        uint32_t n = bit(insn, 40) ? 4 : 7;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t on = SPV_OP(b, SpvOpINotEqual, t->t_bool, SPV_OP(b, SpvOpBitwiseAnd, u, mask, cu(t, 1u << i)), cu(t, 0));
            uint32_t val = SPV_OP(b, SpvOpINotEqual, t->t_bool,
                                  SPV_OP(b, SpvOpBitwiseAnd, u, v, cu(t, 1u << (i + shift))), cu(t, 0));
            uint32_t old = bit(insn, 40) ? get_cc(t, i) : get_p(t, i, false);
            uint32_t nv = SPV_OP(b, SpvOpSelect, t->t_bool, on, val, old);
            if (bit(insn, 40))
                set_cc(t, i, nv);
            else
                set_p(t, i, nv);
        }
        return;
    }
    default:
        return;
    }
}

/* PSET Rd / PSETP Pd, Qd (envydis 5088 / 5090): t = (Pa 12 (!15) BOP 24-25
 * Pb 29 (!32)); PSET Rd = t BOP2 45-46 Pc 39 (!42) as all ones, or 1.0f with
 * BF 44; PSETP Pd (3) = t BOP2 Pc, Qd (0) = !t BOP2 Pc (yuzu
 * predicate_set_register.cpp / predicate_set_predicate.cpp). */
static void emit_pset(tr *t, uint64_t insn, bool setp)
{
    spv_builder *b = &t->b;
    uint32_t pa = get_p(t, bits(insn, 12, 3), bit(insn, 15)), pb = get_p(t, bits(insn, 29, 3), bit(insn, 32));
    uint32_t ab = bool_op(t, bits(insn, 24, 2), pa, pb), pc = pred39(t, insn), bop2 = bits(insn, 45, 2);
    uint32_t r = bool_op(t, bop2, ab, pc);
    if (setp) {
        set_p(t, bits(insn, 3, 3), r);
        set_p(t, bits(insn, 0, 3), bool_op(t, bop2, SPV_OP(b, SpvOpLogicalNot, t->t_bool, ab), pc));
        return;
    }
    set_r(t, bits(insn, 0, 8), select_u(t, r, cu(t, bit(insn, 44) ? 0x3f800000u : 0xffffffffu), cu(t, 0)));
    if (bit(insn, 47)) /* yuzu predicate_set_register.cpp; Ryujinx ignores PSET's CC */
        cc_set_bool_result(t, r, bit(insn, 44));
}

/* PRMT Rd, Ra, Rb (the selector), Rc (envydis 5bc0 and its C / I / RC
 * forms; Mesa's nv50_ir packs halves with selector 0x5410 from src0 and
 * src2, so Ra gives bytes 0-3, Rc bytes 4-7): PTX ISA prmt's default mode,
 * each result byte i from nibble i of the selector: its low 3 bits pick a
 * byte, bit 3 replicates that byte's sign. The F4E/B4E/RC8/ECL/ECR/RC16
 * modes (48-51) are refused. */
static void emit_prmt(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    if (bits(insn, 48, 4))
        return (void)UNSUPPORTED(t, "PRMT modes F4E/B4E/RC8/ECL/ECR/RC16");
    uint32_t a = get_r(t, bits(insn, 8, 8)), sel = src_b(t, insn, (bkind)row->bk), c = src_c(t, insn, (bkind)row->bk);
    uint32_t r = cu(t, 0);
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t n = SPV_OP(b, SpvOpBitFieldUExtract, u, sel, cu(t, 4 * i), cu(t, 4));
        uint32_t from_c = SPV_OP(b, SpvOpUGreaterThanEqual, t->t_bool, SPV_OP(b, SpvOpBitwiseAnd, u, n, cu(t, 7)), cu(t, 4));
        uint32_t src = select_u(t, from_c, c, a);
        uint32_t shift = SPV_OP(b, SpvOpShiftLeftLogical, u, SPV_OP(b, SpvOpBitwiseAnd, u, n, cu(t, 3)), cu(t, 3));
        uint32_t byte = SPV_OP(b, SpvOpBitFieldUExtract, u, src, shift, cu(t, 8));
        uint32_t sign = SPV_OP(b, SpvOpINotEqual, t->t_bool, SPV_OP(b, SpvOpBitwiseAnd, u, n, cu(t, 8)), cu(t, 0));
        uint32_t rep = select_u(t, SPV_OP(b, SpvOpUGreaterThanEqual, t->t_bool, byte, cu(t, 0x80)), cu(t, 0xff), cu(t, 0));
        byte = select_u(t, sign, rep, byte);
        r = SPV_OP(b, SpvOpBitwiseOr, u, r, SPV_OP(b, SpvOpShiftLeftLogical, u, byte, cu(t, 8 * i)));
    }
    set_r(t, bits(insn, 0, 8), r);
}

/* ---- video (byte / half-word) instructions ----
 *
 * VMAD, VMNMX and VSETP: the modes yuzu (translate/impl/video_helper.cpp,
 * video_multiply_add.cpp, video_minimum_maximum.cpp, video_set_predicate.cpp)
 * and Ryujinx (Instructions/InstEmitVideoArithmetic.cs, InstEmitVideoMinMax.cs,
 * Decoders/InstDecoders.cs) agree on, with the PTX ISA's vmad / vmin / vmax /
 * vset ("video instructions": part-select and sign- or zero-extend each
 * operand, operate, then the optional secondary operation or merge with c)
 * where only one of them implements a mode. Fields (the same in both, and
 * envydis gm107.c tab5f00 / tab50f0 / tab5700): A's selector 36-38 (0-3 a
 * byte, 4-5 a half, 6-7 the word), signed 48; B a register at 20 with bit 50
 * (selector 28-30, same scheme) or else a 16-bit immediate at 20; B signed 49
 * (the immediate sign-extended then); c R39.
 *
 * Refused, because the references disagree or neither gives a meaning:
 * .CC (condition-code writes are not modelled here); VMAD .SAT and .SHR7 /
 * .SHR15 (yuzu refuses them; only Ryujinx says when its 64-bit sum counts as
 * signed, and nothing here confirms that rule); VMNMX .SAT
 * (yuzu refuses it; Ryujinx's clamp to the destination's 32-bit range is the
 * only account of it); VMNMX / VSETP with A and B of different signedness (yuzu compares
 * by B's sign, Ryujinx otherwise); VSETP's immediate with bits 28-29 set
 * (yuzu reads them as a half selector of the immediate, Ryujinx as its bits
 * 8-9); VADD, VSET, VABSDIFF, VABSDIFF4, VSHL, VSHR, IDP and IMADSP, which
 * both emulators leave unimplemented (envydis only names their fields;
 * Ryujinx's decoder puts VSET's comparison at 54-56, envydis at 43-44/47). */

/* v's part `sel` (0-3 a byte, 4-5 a half, 6-7 the word), sign- or zero-extended */
static uint32_t video_part(tr *t, uint32_t v, uint32_t sel, bool is_signed)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    if (sel >= 6)
        return v;
    uint32_t top = sel < 4 ? 24 - 8 * sel : (sel == 4 ? 16 : 0), len = sel < 4 ? 24 : 16;
    if (top)
        v = SPV_OP(b, SpvOpShiftLeftLogical, u, v, cu(t, top));
    return SPV_OP(b, is_signed ? SpvOpShiftRightArithmetic : SpvOpShiftRightLogical, u, v, cu(t, len));
}

/* operand B: R20's part (bit 50) or the 16-bit immediate at 20 */
static uint32_t video_b(tr *t, uint64_t insn)
{
    bool sb = bit(insn, 49);
    if (bit(insn, 50))
        return video_part(t, get_r(t, bits(insn, 20, 8)), bits(insn, 28, 3), sb);
    uint32_t imm = bits(insn, 20, 16);
    return cu(t, sb ? (uint32_t)(int32_t)(int16_t)imm : imm);
}

static void emit_video(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    if (row->op == OP_VREFUSED) {
        char what[96];
        snprintf(what, sizeof what, "%s (yuzu and Ryujinx leave it unimplemented, so its semantics are unknown)",
                 row->name);
        return (void)UNSUPPORTED(t, what);
    }
    bool sa = bit(insn, 48), sb = bit(insn, 49);
    if (row->op != OP_VSETP && bit(insn, 47))
        return (void)UNSUPPORTED(t, "a video instruction writing the condition code");
    if (row->op != OP_VMAD && sa != sb)
        return (void)UNSUPPORTED(t, "VMNMX/VSETP with operands of different signedness (yuzu and Ryujinx disagree)");
    uint32_t a = video_part(t, get_r(t, bits(insn, 8, 8)), bits(insn, 36, 3), sa);
    switch (row->op) {
    case OP_VMAD: { /* sat 55, scale 51-52, 53 negates c, 54 the product, both: + 1 (PO) */
        if (bit(insn, 55) || bits(insn, 51, 2))
            return (void)UNSUPPORTED(t, "VMAD.SAT / VMAD.SHR7 / VMAD.SHR15");
        uint32_t prod = SPV_OP(b, SpvOpIMul, u, a, video_b(t, insn)), c = get_r(t, bits(insn, 39, 8));
        uint32_t avg = bits(insn, 53, 2);
        if (avg == 1)
            c = SPV_OP(b, SpvOpSNegate, u, c);
        else if (avg == 2)
            prod = SPV_OP(b, SpvOpSNegate, u, prod);
        uint32_t r = SPV_OP(b, SpvOpIAdd, u, prod, c);
        if (avg == 3)
            r = SPV_OP(b, SpvOpIAdd, u, r, cu(t, 1));
        return set_r(t, bits(insn, 0, 8), r);
    }
    case OP_VMNMX: { /* max with 56; sat 55; secondary op 51-53 with c, signed by 54 */
        if (bit(insn, 55))
            return (void)UNSUPPORTED(t, "VMNMX.SAT (yuzu refuses it; only Ryujinx defines it)");
        uint32_t bb = video_b(t, insn), c = get_r(t, bits(insn, 39, 8));
        enum GLSLstd450 mn = sa ? GLSLstd450SMin : GLSLstd450UMin, mx = sa ? GLSLstd450SMax : GLSLstd450UMax;
        uint32_t r = SPV_GLSL(b, u, bit(insn, 56) ? mx : mn, a, bb);
        bool sd = bit(insn, 54);
        switch (bits(insn, 51, 3)) {
        case 0: r = SPV_OP(b, SpvOpBitFieldInsert, u, c, r, cu(t, 16), cu(t, 16)); break; /* MRG_16H */
        case 1: r = SPV_OP(b, SpvOpBitFieldInsert, u, c, r, cu(t, 0), cu(t, 16)); break;  /* MRG_16L */
        case 2: r = SPV_OP(b, SpvOpBitFieldInsert, u, c, r, cu(t, 0), cu(t, 8)); break;   /* MRG_8B0 */
        case 3: r = SPV_OP(b, SpvOpBitFieldInsert, u, c, r, cu(t, 16), cu(t, 8)); break;  /* MRG_8B2 */
        case 4: r = SPV_OP(b, SpvOpIAdd, u, r, c); break;                                 /* ACC */
        case 5: r = SPV_GLSL(b, u, sd ? GLSLstd450SMin : GLSLstd450UMin, r, c); break;    /* MIN */
        case 6: r = SPV_GLSL(b, u, sd ? GLSLstd450SMax : GLSLstd450UMax, r, c); break;    /* MAX */
        default: break;                                                                   /* none */
        }
        return set_r(t, bits(insn, 0, 8), r);
    }
    default: { /* VSETP: compare 43-44 with 47 (F LT EQ LE / GT NE GE T), bop 45-46, P3 / P0 */
        if (!bit(insn, 50) && bits(insn, 28, 2))
            return (void)UNSUPPORTED(t, "VSETP with immediate bits 8-9 set (yuzu and Ryujinx disagree)");
        uint32_t cmp = icompare(t, bits(insn, 43, 2) | bits(insn, 47, 1) << 2, sa, a, video_b(t, insn));
        uint32_t p = pred39(t, insn), op = bits(insn, 45, 2);
        set_p(t, bits(insn, 3, 3), bool_op(t, op, cmp, p));
        set_p(t, bits(insn, 0, 3), bool_op(t, op, SPV_OP(b, SpvOpLogicalNot, t->t_bool, cmp), p));
        return;
    }
    }
}

/* ---- half floats (f16x2) ----
 *
 * HADD2, HMUL2, HFMA2, HSET2 and HSETP2 in every form the table lists:
 * register (R), constant buffer (C; HFMA2 also RC: B = R39, C = c[]),
 * two f16 immediates (H) and the 32-bit immediate (HADD2_32I, HMUL2_32I,
 * HFMA2_32I: bkind N). Field positions per form are yuzu's
 * half_floating_point_add.cpp, _multiply.cpp, _fused_multiply_add.cpp,
 * _set.cpp and _set_predicate.cpp (half_form below lists them).
 *
 * An operand is a pair of lanes chosen by its swizzle: 0 H1_H0 (low, high),
 * 1 F32 (the register as one f32 for both lanes), 2 H0_H0, 3 H1_H1; the
 * constant-buffer operand is F32; an immediate is H1_H0. The H form's
 * immediate: bits 20-28 are bits 6-14 of the low half, 29 its sign, 30-38
 * bits 6-14 of the high half, 56 its sign. Each lane is computed in f32
 * (unpackHalf2x16 / packHalf2x16) and rounded to f16: a sum or product of
 * two f16 values rounds to the same f16 as f16 arithmetic would (f32's 24
 * bits are at least 2 x 11 + 2, so rounding twice is harmless); for HFMA2
 * the product is exact in f32 and only the final add rounds twice, which
 * can differ from a fused f16 FMA in a tie (not modelled). The result is
 * merged by the merge field: 0 both halves, 1 the low lane as an f32, 2
 * MRG_H0 (the low half replaced, the high half of Rd kept bit for bit), 3
 * MRG_H1. HSET2 writes per lane 0xffff (BF: 0x3c00, f16 1.0) or 0;
 * HSETP2 sets P (3) and Q (0) to the two lanes' results or, with H_AND,
 * to both lanes' AND and its negation. FTZ and the FMZ precision modes
 * are left to the host. */
typedef struct half_form {
    uint32_t b, c;        /* operand B and C words */
    uint32_t sa, sb, sc;  /* swizzles */
    bool na, aa, nb, ab, nc, sat;
    uint32_t merge;
    uint32_t cmp, hand, bf; /* HSET2 / HSETP2 */
} half_form;

static void half_pair(tr *t, uint32_t v, uint32_t swz, uint32_t out[2])
{
    spv_builder *b = &t->b;
    if (swz == 1) {
        out[0] = out[1] = as_f(t, v);
        return;
    }
    uint32_t p = SPV_GLSL(b, t->t_v2f, GLSLstd450UnpackHalf2x16, v);
    uint32_t lo = SPV_OP(b, SpvOpCompositeExtract, t->t_f32, p, 0), hi = SPV_OP(b, SpvOpCompositeExtract, t->t_f32, p, 1);
    out[0] = swz == 3 ? hi : lo;
    out[1] = swz == 2 ? lo : hi;
}

/* the f16 bits of f (in the low 16 bits) */
static uint32_t to_half(tr *t, uint32_t f)
{
    spv_builder *b = &t->b;
    uint32_t v = SPV_OP(b, SpvOpCompositeConstruct, t->t_v2f, f, cf(t, 0.0f));
    return SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, SPV_GLSL(b, t->t_u32, GLSLstd450PackHalf2x16, v), cu(t, 0xffff));
}

/* the H form's two f16 immediates as one f16x2 word */
static uint32_t half_imm(uint64_t insn)
{
    return bits(insn, 20, 9) << 6 | (uint32_t)bit(insn, 29) << 15 | bits(insn, 30, 9) << 22 | (uint32_t)bit(insn, 56) << 31;
}

/* The fields of one half-float instruction in its form; false for a form
 * the family does not have. */
static bool half_fields(tr *t, uint64_t insn, const op_row *row, half_form *h)
{
    const bkind bk = (bkind)row->bk;
    memset(h, 0, sizeof *h);
    h->sa = bits(insn, 47, 2);
    h->merge = bits(insn, 49, 2);
    const bool i32 = bk == BK_N;
    if (bk == BK_R)
        h->b = get_r(t, bits(insn, 20, 8));
    else if (bk == BK_C)
        h->b = src_b(t, insn, BK_C);
    else if (bk == BK_H)
        h->b = cu(t, half_imm(insn));
    else if (bk == BK_RC)
        h->b = get_r(t, bits(insn, 39, 8));
    else if (i32)
        h->b = cu(t, bits(insn, 20, 32));
    else
        return false;
    h->sb = bk == BK_R ? bits(insn, 28, 2) : bk == BK_C ? 1 : 0;
    switch (row->op) {
    case OP_HADD2:
    case OP_HMUL2: {
        const bool mul = row->op == OP_HMUL2;
        if (bk == BK_RC)
            return false;
        if (i32) { /* swizzle A 53, SAT 52, HADD2: neg A 56; merge H1_H0 */
            h->sa = bits(insn, 53, 2);
            h->merge = 0;
            h->sat = bit(insn, 52);
            h->na = !mul && bit(insn, 56);
            return true;
        }
        h->aa = bit(insn, 44);
        h->na = (!mul || bk != BK_R) && bit(insn, 43);
        if (bk == BK_R) { /* neg B 31, abs B 30, SAT 32 */
            h->nb = bit(insn, 31);
            h->ab = bit(insn, 30);
            h->sat = bit(insn, 32);
        } else { /* SAT 52; constant: HADD2 neg B 56, abs B 54 (HMUL2 abs B 54) */
            h->sat = bit(insn, 52);
            if (bk == BK_C) {
                h->nb = !mul && bit(insn, 56);
                h->ab = bit(insn, 54);
            }
        }
        return true;
    }
    case OP_HFMA2:
        if (i32) { /* Rd = Ra * imm32 + Rd: swizzle A 53, neg C 52 */
            h->sa = bits(insn, 53, 2);
            h->merge = 0;
            h->c = get_r(t, bits(insn, 0, 8));
            h->nc = bit(insn, 52);
            return true;
        }
        if (bk == BK_R) { /* C = R39 swizzle 35, neg B 31, neg C 30, SAT 32 */
            h->c = get_r(t, bits(insn, 39, 8));
            h->sc = bits(insn, 35, 2);
            h->nb = bit(insn, 31);
            h->nc = bit(insn, 30);
            h->sat = bit(insn, 32);
            return true;
        }
        /* neg C 51, SAT 52, neg B 56; the register operand's swizzle 53 */
        h->nc = bit(insn, 51);
        h->sat = bit(insn, 52);
        h->nb = bk != BK_H && bit(insn, 56);
        if (bk == BK_RC) {
            h->sb = bits(insn, 53, 2);
            h->c = src_b(t, insn, BK_C);
            h->sc = 1;
        } else {
            h->c = get_r(t, bits(insn, 39, 8));
            h->sc = bits(insn, 53, 2);
        }
        return true;
    case OP_HSET2:
    case OP_HSETP2: {
        const bool setp = row->op == OP_HSETP2;
        if (i32 || bk == BK_RC)
            return false;
        h->na = bit(insn, 43);
        h->aa = bit(insn, 44);
        if (bk == BK_R) { /* compare 35-38, neg B 31, abs B 30; HSET2 BF 49, HSETP2 H_AND 49 */
            h->cmp = bits(insn, 35, 4);
            h->nb = bit(insn, 31);
            h->ab = bit(insn, 30);
            h->bf = h->hand = bit(insn, 49);
        } else { /* compare 49-52; HSET2 BF 53, HSETP2 H_AND 53; constant: neg B 56, HSETP2 abs B 54 */
            h->cmp = bits(insn, 49, 4);
            h->bf = h->hand = bit(insn, 53);
            if (bk == BK_C) {
                h->nb = bit(insn, 56);
                h->ab = setp && bit(insn, 54);
            }
        }
        return true;
    }
    default:
        return false;
    }
}

static void emit_half(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    half_form h;
    if (!half_fields(t, insn, row, &h))
        return (void)UNSUPPORTED(t, "this half-float form");
    uint32_t rd = bits(insn, 0, 8);
    uint32_t a[2], bb[2], c[2] = {0, 0};
    half_pair(t, get_r(t, bits(insn, 8, 8)), h.sa, a);
    half_pair(t, h.b, h.sb, bb);
    if (row->op == OP_HFMA2)
        half_pair(t, h.c, h.sc, c);
    if (row->op == OP_HSET2 || row->op == OP_HSETP2) {
        uint32_t p = pred39(t, insn), op = bits(insn, 45, 2), res[2];
        for (int i = 0; i < 2; i++) {
            uint32_t x = fneg_abs(t, t->t_f32, a[i], h.na, h.aa), y = fneg_abs(t, t->t_f32, bb[i], h.nb, h.ab);
            res[i] = bool_op(t, op, fcompare(t, h.cmp, x, y), p);
        }
        if (row->op == OP_HSETP2) {
            if (h.hand) {
                uint32_t both = SPV_OP(b, SpvOpLogicalAnd, t->t_bool, res[0], res[1]);
                set_p(t, bits(insn, 3, 3), both);
                set_p(t, bits(insn, 0, 3), SPV_OP(b, SpvOpLogicalNot, t->t_bool, both));
            } else {
                set_p(t, bits(insn, 3, 3), res[0]);
                set_p(t, bits(insn, 0, 3), res[1]);
            }
            return;
        }
        uint32_t one = h.bf ? 0x3c00u : 0xffffu;
        set_r(t, rd, SPV_OP(b, SpvOpBitwiseOr, u, select_u(t, res[0], cu(t, one), cu(t, 0)),
                            select_u(t, res[1], cu(t, one << 16), cu(t, 0))));
        return;
    }
    uint32_t r[2];
    for (int i = 0; i < 2; i++) {
        uint32_t x = fneg_abs(t, t->t_f32, a[i], h.na, h.aa), y = fneg_abs(t, t->t_f32, bb[i], h.nb, h.ab);
        if (row->op == OP_HFMA2)
            r[i] = SPV_OP(b, SpvOpFAdd, t->t_f32, SPV_OP(b, SpvOpFMul, t->t_f32, x, y), fneg_abs(t, t->t_f32, c[i], h.nc, false));
        else
            r[i] = SPV_OP(b, row->op == OP_HMUL2 ? SpvOpFMul : SpvOpFAdd, t->t_f32, x, y);
        r[i] = fsat(t, r[i], h.sat);
    }
    uint32_t lo = to_half(t, r[0]), hi = to_half(t, r[1]), v;
    switch (h.merge) {
    case 0:
        v = SPV_OP(b, SpvOpBitwiseOr, u, lo, SPV_OP(b, SpvOpShiftLeftLogical, u, hi, cu(t, 16)));
        break;
    case 1: /* the low lane, through f16, as an f32 */
        v = as_u(t, SPV_OP(b, SpvOpCompositeExtract, t->t_f32, SPV_GLSL(b, t->t_v2f, GLSLstd450UnpackHalf2x16, lo), 0));
        break;
    case 2:
        v = SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpBitwiseAnd, u, get_r(t, rd), cu(t, 0xffff0000u)), lo);
        break;
    default:
        v = SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpBitwiseAnd, u, get_r(t, rd), cu(t, 0xffff)),
                   SPV_OP(b, SpvOpShiftLeftLogical, u, hi, cu(t, 16)));
        break;
    }
    set_r(t, rd, v);
}

static uint32_t round_f(tr *t, uint32_t f, uint32_t mode)
{
    switch (mode & 3) {
    case 0: return SPV_GLSL(&t->b, t->t_f32, GLSLstd450RoundEven, f);
    case 1: return SPV_GLSL(&t->b, t->t_f32, GLSLstd450Floor, f);
    case 2: return SPV_GLSL(&t->b, t->t_f32, GLSLstd450Ceil, f);
    default: return SPV_GLSL(&t->b, t->t_f32, GLSLstd450Trunc, f);
    }
}

/* ---- conversions with a double or a 64-bit integer (F2F, F2I, I2F) ----
 * Every rounding is done here with integer steps and exact double
 * arithmetic (multiplications by powers of two, Trunc/Floor, sums that are
 * representable), never by the host's own double-to-float or
 * integer-to-double rounding: GLSL leaves the conversion rounding
 * undefined (GLSL 4.60 4.7.1) and llvmpipe flushes denormals (DAZ), so a
 * host conversion would neither follow RM/RP/RZ nor keep a denormal. The
 * rounding field is 39-40 (RN RM RP RZ, envydis gm107.c; Mesa's
 * emitF2F/emitI2F emitRND(0x27)); a 64-bit operand is the even/odd register
 * pair, low word first (yuzu's I2F and F2F read Rb, Rb + 1 and refuse an
 * odd destination). */
static uint32_t cd(tr *t, uint32_t hi, uint32_t lo)
{
    return pack_d(t, cu(t, lo), cu(t, hi));
}

static uint32_t dword_of(tr *t, uint32_t d, uint32_t i)
{
    uint32_t v = SPV_GLSL(&t->b, t->t_v2u, GLSLstd450UnpackDouble2x32, d);
    return SPV_OP(&t->b, SpvOpCompositeExtract, t->t_u32, v, i);
}

static uint32_t ueq(tr *t, uint32_t a, uint32_t v)
{
    return SPV_OP(&t->b, SpvOpIEqual, t->t_bool, a, cu(t, v));
}

/* the f32 bits nearest, in rounding mode `mode`, to double d: truncate the
 * magnitude to 24 significant bits (or to the denormal grid 2^-149) with
 * an exact scaling by a power of two, then add one unit by the mode and
 * the remainder (the fraction dropped, compared exactly with 1/2) */
static uint32_t d_to_f32_bits(tr *t, uint32_t d, uint32_t mode)
{
    spv_builder *b = &t->b;
    const uint32_t u = t->t_u32, f64 = t->t_f64, bo = t->t_bool;
    uint32_t hi = dword_of(t, d, 1), lo = dword_of(t, d, 0);
    uint32_t sign = SPV_OP(b, SpvOpBitwiseAnd, u, hi, cu(t, 0x80000000u));
    uint32_t ex = SPV_OP(b, SpvOpBitFieldUExtract, u, hi, cu(t, 20), cu(t, 11));
    uint32_t man = SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpBitwiseAnd, u, hi, cu(t, 0xfffffu)), lo);
    /* biased exponent clamped to the float range, 2^-126 .. 2^127 */
    uint32_t ec = SPV_GLSL(b, u, GLSLstd450UClamp, ex, cu(t, 1023 - 126), cu(t, 1023 + 127));
    uint32_t scale = pack_d(t, cu(t, 0), SPV_OP(b, SpvOpShiftLeftLogical, u,
                                                 SPV_OP(b, SpvOpISub, u, cu(t, 2 * 1023 + 23), ec), cu(t, 20)));
    uint32_t q = SPV_OP(b, SpvOpFMul, f64, SPV_GLSL(b, f64, GLSLstd450FAbs, d), scale);
    uint32_t tq = SPV_GLSL(b, f64, GLSLstd450Trunc, q);
    uint32_t frac = SPV_OP(b, SpvOpFSub, f64, q, tq);
    /* a double denormal is below every float: the truncation is 0 and the
     * remainder nonzero whatever the host made of it */
    uint32_t dden = SPV_OP(b, SpvOpLogicalAnd, bo, ueq(t, ex, 0), SPV_OP(b, SpvOpINotEqual, bo, man, cu(t, 0)));
    uint32_t tb = SPV_OP(b, SpvOpIAdd, u,
                         SPV_OP(b, SpvOpShiftLeftLogical, u, SPV_OP(b, SpvOpISub, u, ec, cu(t, 1023 - 126)), cu(t, 23)),
                         SPV_OP(b, SpvOpBitcast, u, SPV_OP(b, SpvOpConvertFToS, t->t_i32, tq)));
    frac = SPV_OP(b, SpvOpSelect, f64, dden, cd(t, 0x3fd00000u, 0), frac); /* 0.25 */
    /* 2^128 and above (finite): FLT_MAX and more than half a unit over */
    uint32_t over = SPV_OP(b, SpvOpUGreaterThanEqual, bo, ex, cu(t, 1023 + 128));
    tb = select_u(t, over, cu(t, 0x7f7fffffu), tb);
    frac = SPV_OP(b, SpvOpSelect, f64, over, cd(t, 0x3fe80000u, 0), frac); /* 0.75 */
    uint32_t nz = SPV_OP(b, SpvOpFOrdNotEqual, bo, frac, cd(t, 0, 0)), inc;
    uint32_t neg = SPV_OP(b, SpvOpINotEqual, bo, sign, cu(t, 0));
    switch (mode & 3) {
    case 0: { /* to nearest, ties to the even one */
        uint32_t half = cd(t, 0x3fe00000u, 0);
        uint32_t odd = SPV_OP(b, SpvOpINotEqual, bo, SPV_OP(b, SpvOpBitwiseAnd, u, tb, cu(t, 1)), cu(t, 0));
        inc = SPV_OP(b, SpvOpLogicalOr, bo, SPV_OP(b, SpvOpFOrdGreaterThan, bo, frac, half),
                     SPV_OP(b, SpvOpLogicalAnd, bo, SPV_OP(b, SpvOpFOrdEqual, bo, frac, half), odd));
        break;
    }
    case 1: inc = SPV_OP(b, SpvOpLogicalAnd, bo, nz, neg); break;
    case 2: inc = SPV_OP(b, SpvOpLogicalAnd, bo, nz, SPV_OP(b, SpvOpLogicalNot, bo, neg)); break;
    default: inc = spv_const_bool(b, false); break;
    }
    uint32_t r = SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpIAdd, u, tb, select_u(t, inc, cu(t, 1), cu(t, 0))), sign);
    /* infinities keep their sign; a NaN becomes 0x7fffffff (the bits of a
     * NaN result are not modelled: the tests check only that it is one) */
    uint32_t special = select_u(t, ueq(t, man, 0), SPV_OP(b, SpvOpBitwiseOr, u, sign, cu(t, 0x7f800000u)),
                                cu(t, 0x7fffffffu));
    return select_u(t, ueq(t, ex, 2047), special, r);
}

/* the double equal to the f32 bits x (exact: the bits move; a denormal is
 * its 23-bit integer times 2^-149, both exact in double) */
static uint32_t f32_bits_to_d(tr *t, uint32_t x)
{
    spv_builder *b = &t->b;
    const uint32_t u = t->t_u32, f64 = t->t_f64;
    uint32_t sign = SPV_OP(b, SpvOpBitwiseAnd, u, x, cu(t, 0x80000000u));
    uint32_t fe = SPV_OP(b, SpvOpBitFieldUExtract, u, x, cu(t, 23), cu(t, 8));
    uint32_t fm = SPV_OP(b, SpvOpBitwiseAnd, u, x, cu(t, 0x7fffffu));
    uint32_t dex = select_u(t, ueq(t, fe, 255), cu(t, 2047), SPV_OP(b, SpvOpIAdd, u, fe, cu(t, 1023 - 127)));
    uint32_t hi = SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpShiftLeftLogical, u, dex, cu(t, 20)),
                         SPV_OP(b, SpvOpShiftRightLogical, u, fm, cu(t, 3)));
    uint32_t lo = SPV_OP(b, SpvOpShiftLeftLogical, u, fm, cu(t, 29));
    uint32_t den = SPV_OP(b, SpvOpFMul, f64, SPV_OP(b, SpvOpConvertUToF, f64, fm), cd(t, (1023u - 149) << 20, 0));
    uint32_t z = ueq(t, fe, 0);
    hi = select_u(t, z, dword_of(t, den, 1), hi);
    lo = select_u(t, z, dword_of(t, den, 0), lo);
    return pack_d(t, lo, SPV_OP(b, SpvOpBitwiseOr, u, hi, sign));
}

/* whether a magnitude cut to `kept` (dropped bits `rem`, one unit of the
 * kept part `unit`) goes one unit up in rounding mode `mode` */
static uint32_t round_up(tr *t, uint32_t mode, uint32_t kept, uint32_t rem, uint32_t unit, uint32_t neg)
{
    spv_builder *b = &t->b;
    const uint32_t u = t->t_u32, bo = t->t_bool;
    uint32_t nz = SPV_OP(b, SpvOpINotEqual, bo, rem, cu(t, 0));
    switch (mode & 3) {
    case 0: { /* to nearest, ties to the even one */
        uint32_t half = SPV_OP(b, SpvOpShiftRightLogical, u, unit, cu(t, 1));
        uint32_t kodd = SPV_OP(b, SpvOpINotEqual, bo, SPV_OP(b, SpvOpBitwiseAnd, u, kept, unit), cu(t, 0));
        return SPV_OP(b, SpvOpLogicalAnd, bo, nz,
                      SPV_OP(b, SpvOpLogicalOr, bo, SPV_OP(b, SpvOpUGreaterThan, bo, rem, half),
                             SPV_OP(b, SpvOpLogicalAnd, bo, SPV_OP(b, SpvOpIEqual, bo, rem, half), kodd)));
    }
    case 1: return SPV_OP(b, SpvOpLogicalAnd, bo, nz, neg);
    case 2: return SPV_OP(b, SpvOpLogicalAnd, bo, nz, SPV_OP(b, SpvOpLogicalNot, bo, neg));
    default: return spv_const_bool(b, false);
    }
}

/* the 64-bit integer (lo, hi) as a double rounded by `mode`, or with
 * `odd` rounded to odd (truncated, the last bit set when inexact: rounding
 * that to f32 is then the single correct rounding, 53 >= 24 + 2). The
 * magnitude is cut to its top 53 bits; the part kept and one unit of it
 * are exact doubles, so the sums below do not round */
static uint32_t i64_to_d(tr *t, uint32_t lo, uint32_t hi, bool s, uint32_t mode, bool odd)
{
    spv_builder *b = &t->b;
    const uint32_t u = t->t_u32, f64 = t->t_f64, bo = t->t_bool;
    uint32_t neg = s ? SPV_OP(b, SpvOpSLessThan, bo, as_i(t, hi), spv_const_i32(b, 0)) : spv_const_bool(b, false);
    if (s) { /* two's complement magnitude; -2^63 stays 2^63 as unsigned */
        uint32_t nlo = SPV_OP(b, SpvOpSNegate, u, lo);
        uint32_t nhi = SPV_OP(b, SpvOpIAdd, u, SPV_OP(b, SpvOpNot, u, hi), select_u(t, ueq(t, lo, 0), cu(t, 1), cu(t, 0)));
        lo = select_u(t, neg, nlo, lo);
        hi = select_u(t, neg, nhi, hi);
    }
    /* bits beyond 53: msb(hi) + 32 - 52, at most 11 (all in lo) */
    uint32_t msb = SPV_GLSL(b, t->t_i32, GLSLstd450FindUMsb, hi);
    uint32_t sh = SPV_OP(b, SpvOpBitcast, u,
                         SPV_GLSL(b, t->t_i32, GLSLstd450SMax, SPV_OP(b, SpvOpISub, t->t_i32, msb, spv_const_i32(b, 20)),
                                  spv_const_i32(b, 0)));
    uint32_t unit = SPV_OP(b, SpvOpShiftLeftLogical, u, cu(t, 1), sh);
    uint32_t mask = SPV_OP(b, SpvOpISub, u, unit, cu(t, 1));
    uint32_t rem = SPV_OP(b, SpvOpBitwiseAnd, u, lo, mask);
    uint32_t klo = SPV_OP(b, SpvOpBitwiseAnd, u, lo, SPV_OP(b, SpvOpNot, u, mask));
    uint32_t inc;
    if (odd) {
        uint32_t nz = SPV_OP(b, SpvOpINotEqual, bo, rem, cu(t, 0));
        klo = SPV_OP(b, SpvOpBitwiseOr, u, klo, select_u(t, nz, unit, cu(t, 0)));
        inc = spv_const_bool(b, false);
    } else {
        inc = round_up(t, mode, klo, rem, unit, neg);
    }
    uint32_t two32 = cd(t, (1023u + 32) << 20, 0);
    uint32_t v = SPV_OP(b, SpvOpFAdd, f64, SPV_OP(b, SpvOpFMul, f64, SPV_OP(b, SpvOpConvertUToF, f64, hi), two32),
                        SPV_OP(b, SpvOpConvertUToF, f64, klo));
    uint32_t ulp = pack_d(t, cu(t, 0), SPV_OP(b, SpvOpShiftLeftLogical, u, SPV_OP(b, SpvOpIAdd, u, sh, cu(t, 1023)), cu(t, 20)));
    v = SPV_OP(b, SpvOpFAdd, f64, v, SPV_OP(b, SpvOpSelect, f64, inc, ulp, cd(t, 0, 0)));
    return SPV_OP(b, SpvOpSelect, f64, neg, SPV_OP(b, SpvOpFNegate, f64, v), v);
}

/* a double holding an integer in [0, 2^32) as u32: through the signed
 * conversion, as F2I's f32 form does (llvmpipe converts to unsigned as if
 * signed) */
static uint32_t d_to_u32(tr *t, uint32_t x)
{
    spv_builder *b = &t->b;
    uint32_t two31 = cd(t, (1023u + 31) << 20, 0);
    uint32_t high = SPV_OP(b, SpvOpFOrdGreaterThanEqual, t->t_bool, x, two31);
    uint32_t part = SPV_OP(b, SpvOpSelect, t->t_f64, high, SPV_OP(b, SpvOpFSub, t->t_f64, x, two31), x);
    uint32_t v = SPV_OP(b, SpvOpBitcast, t->t_u32, SPV_OP(b, SpvOpConvertFToS, t->t_i32, part));
    return SPV_OP(b, SpvOpIAdd, t->t_u32, v, select_u(t, high, cu(t, 0x80000000u), cu(t, 0)));
}

/* d rounded to an integral value, with d's sign (IEEE-754 roundToIntegral
 * keeps it: Ceil(-0.25) is -0, which llvmpipe's double Ceil makes +0, and
 * its Trunc(+0) is -0) */
static uint32_t round_d(tr *t, uint32_t d, uint32_t mode)
{
    static const enum GLSLstd450 fn[4] = {GLSLstd450RoundEven, GLSLstd450Floor, GLSLstd450Ceil, GLSLstd450Trunc};
    spv_builder *b = &t->b;
    uint32_t r = SPV_GLSL(b, t->t_f64, fn[mode & 3], d);
    /* from 2^52 on every double is integral; llvmpipe's RoundEven makes
     * an infinity a NaN */
    uint32_t small = SPV_OP(b, SpvOpFOrdLessThan, t->t_bool, SPV_GLSL(b, t->t_f64, GLSLstd450FAbs, d),
                            cd(t, (1023u + 52) << 20, 0));
    r = SPV_OP(b, SpvOpSelect, t->t_f64, small, r, d);
    uint32_t sign = SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, dword_of(t, d, 1), cu(t, 0x80000000u));
    uint32_t mag = SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, dword_of(t, r, 1), cu(t, 0x7fffffffu));
    return pack_d(t, dword_of(t, r, 0), SPV_OP(b, SpvOpBitwiseOr, t->t_u32, mag, sign));
}

/* d with a double denormal replaced by +-2^-1000, which every rounding to
 * an integer treats alike (Floor(-denormal) is -1): llvmpipe's double
 * arithmetic reads denormals as zero */
static uint32_t d_nodenorm(tr *t, uint32_t d)
{
    spv_builder *b = &t->b;
    const uint32_t u = t->t_u32, bo = t->t_bool;
    uint32_t hi = dword_of(t, d, 1), lo = dword_of(t, d, 0);
    uint32_t ex = SPV_OP(b, SpvOpBitFieldUExtract, u, hi, cu(t, 20), cu(t, 11));
    uint32_t man = SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpBitwiseAnd, u, hi, cu(t, 0xfffffu)), lo);
    uint32_t den = SPV_OP(b, SpvOpLogicalAnd, bo, ueq(t, ex, 0), SPV_OP(b, SpvOpINotEqual, bo, man, cu(t, 0)));
    uint32_t tiny = pack_d(t, cu(t, 0), SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpBitwiseAnd, u, hi, cu(t, 0x80000000u)),
                                                cu(t, (1023u - 1000) << 20)));
    return SPV_OP(b, SpvOpSelect, t->t_f64, den, tiny, d);
}

/* F2I with a double source or a 64-bit destination: round in double
 * (exact for a double and for a float widened exactly), saturate to the
 * destination's range, then split into words. NaN: yuzu's F2I
 * (floating_point_conversion_integer.cpp) gives 0x80000000 for F64 to a
 * 32-bit integer and 0x8000000000000000 for F32 to a 64-bit one, 0 for F64
 * to 64 bits and for the narrow forms (as the f32 forms here) */
static void f2i_wide(tr *t, uint32_t rd, uint32_t d, uint32_t mode, uint32_t width, bool s, bool from_d)
{
    spv_builder *b = &t->b;
    const uint32_t f64 = t->t_f64, bo = t->t_bool;
    uint32_t nan = SPV_OP(b, SpvOpIsNan, bo, d);
    uint32_t r = round_d(t, d_nodenorm(t, d), mode);
    if (width < 64) {
        /* the bounds are integers below 2^32, exact as doubles */
        double hi = s ? (double)((1ull << (width - 1)) - 1) : (double)((1ull << width) - 1);
        double lo = s ? -(double)(1ull << (width - 1)) : 0.0;
        uint64_t hb, lb;
        memcpy(&hb, &hi, 8);
        memcpy(&lb, &lo, 8);
        uint32_t cl = SPV_GLSL(b, f64, GLSLstd450FClamp, r, cd(t, (uint32_t)(lb >> 32), (uint32_t)lb),
                               cd(t, (uint32_t)(hb >> 32), (uint32_t)hb));
        uint32_t v = s ? SPV_OP(b, SpvOpBitcast, t->t_u32, SPV_OP(b, SpvOpConvertFToS, t->t_i32, cl)) : d_to_u32(t, cl);
        set_r(t, rd, select_u(t, nan, cu(t, width == 32 && from_d ? 0x80000000u : 0), v));
        return;
    }
    /* 64 bits: [-2^63, 2^63 - 1] or [0, 2^64 - 1]; an integral double below
     * 2^63 (2^64) is at most 2^63 - 1024, so the bounds test the rounded
     * value and the in-range words come from exact steps */
    uint32_t top = cd(t, (1023u + (s ? 63 : 64)) << 20, 0);
    uint32_t bot = s ? cd(t, 0xc3e00000u, 0) : cd(t, 0, 0); /* -2^63 */
    uint32_t above = SPV_OP(b, SpvOpFOrdGreaterThanEqual, bo, r, top);
    uint32_t below = SPV_OP(b, SpvOpFOrdLessThan, bo, r, bot);
    uint32_t cl = SPV_OP(b, SpvOpSelect, f64, SPV_OP(b, SpvOpLogicalOr, bo, above, below), bot, r);
    uint32_t h = SPV_GLSL(b, f64, GLSLstd450Floor, SPV_OP(b, SpvOpFMul, f64, cl, cd(t, (1023u - 32) << 20, 0)));
    uint32_t l = SPV_OP(b, SpvOpFSub, f64, cl, SPV_OP(b, SpvOpFMul, f64, h, cd(t, (1023u + 32) << 20, 0)));
    uint32_t vh = s ? SPV_OP(b, SpvOpBitcast, t->t_u32, SPV_OP(b, SpvOpConvertFToS, t->t_i32, h)) : d_to_u32(t, h);
    uint32_t vl = d_to_u32(t, l);
    vh = select_u(t, above, cu(t, s ? 0x7fffffffu : 0xffffffffu), vh);
    vl = select_u(t, above, cu(t, 0xffffffffu), vl);
    /* NaN: F32 source 0x8000000000000000, F64 source 0 */
    vh = select_u(t, nan, cu(t, from_d ? 0 : 0x80000000u), vh);
    vl = select_u(t, nan, cu(t, 0), vl);
    set_r(t, rd, vl);
    set_r(t, rd + 1, vh);
}

static bool pair_ok(tr *t, uint32_t r, const char *what)
{
    if (r != RZ && (r & 1))
        return (void)UNSUPPORTED(t, what), false;
    return true;
}

/* the conversions with a 64-bit source or destination; false when the
 * form is not one (emit_convert goes on with the 32-bit ones) */
static bool emit_convert64(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    const bkind bk = (bkind)row->bk;
    const uint32_t rd = bits(insn, 0, 8), rb = bits(insn, 20, 8), u = t->t_u32;
    const uint32_t dfmt = bits(insn, 8, 2), sfmt = bits(insn, 10, 2), mode = bits(insn, 39, 2);
    const bool neg = bit(insn, 45), abs = bit(insn, 49);
    if (dfmt != 3 && sfmt != 3)
        return false;
    if (sfmt == 3 && bk != BK_R)
        return (void)UNSUPPORTED(t, "a conversion from a 64-bit constant or immediate"), true;
    if (bit(insn, 47))
        return (void)UNSUPPORTED(t, "a 64-bit conversion writing the condition code"), true;
    if ((sfmt == 3 && !pair_ok(t, rb, "a 64-bit source in an odd register")) ||
        (dfmt == 3 && !pair_ok(t, rd, "a 64-bit destination in an odd register")))
        return true;
    need_f64(t);
    switch (row->op) {
    case OP_F2F: { /* FTZ (44) is not applied with a double, as yuzu's F2F does not */
        if (bit(insn, 50))
            return (void)UNSUPPORTED(t, "F2F.SAT with a double"), true;
        if (sfmt == 3 && dfmt == 3) { /* 42: to an integral value by 39-40; otherwise exact */
            uint32_t d = fneg_abs(t, t->t_f64, get_dr(t, rb), neg, abs);
            set_dr(t, rd, bit(insn, 42) ? round_d(t, d_nodenorm(t, d), mode) : d);
            return true;
        }
        if (bit(insn, 42))
            return (void)UNSUPPORTED(t, "F2F rounding to an integer between sizes"), true;
        if (sfmt == 3 && dfmt == 2) {
            set_r(t, rd, d_to_f32_bits(t, fneg_abs(t, t->t_f64, get_dr(t, rb), neg, abs), mode));
            return true;
        }
        if (sfmt == 2 && dfmt == 3) { /* exact; neg and abs on the bits */
            uint32_t x = src_b(t, insn, bk);
            if (abs)
                x = SPV_OP(b, SpvOpBitwiseAnd, u, x, cu(t, 0x7fffffffu));
            if (neg)
                x = SPV_OP(b, SpvOpBitwiseXor, u, x, cu(t, 0x80000000u));
            set_dr(t, rd, f32_bits_to_d(t, x));
            return true;
        }
        return (void)UNSUPPORTED(t, "F2F between these formats"), true;
    }
    case OP_F2I: { /* signed 12 */
        bool s = bit(insn, 12);
        uint32_t d;
        if (sfmt == 3)
            d = get_dr(t, rb);
        else if (sfmt == 2)
            d = f32_bits_to_d(t, src_b(t, insn, bk));
        else
            return (void)UNSUPPORTED(t, "F2I from f16 to 64 bits"), true;
        f2i_wide(t, rd, fneg_abs(t, t->t_f64, d, neg, abs), mode, 8u << dfmt, s, sfmt == 3);
        return true;
    }
    case OP_I2F: { /* signed 13, byte select 41-42 */
        bool s = bit(insn, 13);
        if (dfmt == 1 || dfmt == 0)
            return (void)UNSUPPORTED(t, "I2F from 64 bits to f16"), true;
        if (sfmt == 3) {
            if (neg && !s) /* yuzu negates the float, the f32 form here the integer: which the hardware does is not known */
                return (void)UNSUPPORTED(t, "I2F.NEG of an unsigned 64-bit integer"), true;
            if (bits(insn, 41, 2))
                return (void)UNSUPPORTED(t, "I2F of a 64-bit integer with a byte select"), true;
            uint32_t lo = get_r(t, rb), hi = get_r(t, rb + 1);
            if ((abs || neg) && s) { /* on the integer: |x|, -x, -|x| (wrapping: -2^63 stays) */
                const uint32_t bo = t->t_bool;
                uint32_t nlo = SPV_OP(b, SpvOpSNegate, u, lo);
                uint32_t nhi = SPV_OP(b, SpvOpIAdd, u, SPV_OP(b, SpvOpNot, u, hi),
                                      select_u(t, ueq(t, lo, 0), cu(t, 1), cu(t, 0)));
                uint32_t below = SPV_OP(b, SpvOpSLessThan, bo, as_i(t, hi), spv_const_i32(b, 0)), flip;
                if (!neg)
                    flip = below;
                else if (!abs)
                    flip = spv_const_bool(b, true);
                else /* -|x|: negate what is above 0 */
                    flip = SPV_OP(b, SpvOpLogicalNot, bo, below);
                lo = select_u(t, flip, nlo, lo);
                hi = select_u(t, flip, nhi, hi);
            }
            if (dfmt == 3)
                set_dr(t, rd, i64_to_d(t, lo, hi, s, mode, false));
            else
                set_r(t, rd, d_to_f32_bits(t, i64_to_d(t, lo, hi, s, 0, true), mode));
            return true;
        }
        /* 8, 16 or 32 bits to a double: exact */
        if (neg && !s)
            return (void)UNSUPPORTED(t, "I2F.NEG of an unsigned integer to a double"), true;
        uint32_t src = src_b(t, insn, bk), width = 8u << sfmt, sel = bits(insn, 41, 2);
        if (width < 32)
            src = SPV_OP(b, s ? SpvOpBitFieldSExtract : SpvOpBitFieldUExtract, u, src, cu(t, sel * 8), cu(t, width));
        if (abs && s)
            src = SPV_GLSL(b, u, GLSLstd450SAbs, src);
        if (neg)
            src = SPV_OP(b, SpvOpSNegate, u, src);
        set_dr(t, rd, s ? SPV_OP(b, SpvOpConvertSToF, t->t_f64, as_i(t, src)) : SPV_OP(b, SpvOpConvertUToF, t->t_f64, src));
        return true;
    }
    default:
        return (void)UNSUPPORTED(t, "I2I with 64 bits"), true;
    }
}

static void emit_convert(tr *t, uint64_t insn, const op_row *row)
{
    if (emit_convert64(t, insn, row))
        return;
    spv_builder *b = &t->b;
    const bkind bk = (bkind)row->bk;
    const uint32_t rd = bits(insn, 0, 8), u = t->t_u32;
    uint32_t src = src_b(t, insn, bk), r;
    /* formats: dst 8-9, src 10-11, each 0: 8/16-bit... per envydis 5cb8/5cb0 tables:
     * integers 0 = 8, 1 = 16, 2 = 32, 3 = 64; floats 1 = f16, 2 = f32, 3 = f64 */
    uint32_t dfmt = bits(insn, 8, 2), sfmt = bits(insn, 10, 2);
    switch (row->op) {
    case OP_I2F: { /* signed 13, byte select 41-42, neg 45, abs 49 */
        if (dfmt != 2 || sfmt == 3)
            return (void)UNSUPPORTED(t, "I2F to other than f32 or from 64-bit");
        bool s = bit(insn, 13);
        uint32_t width = 8u << sfmt, sel = bits(insn, 41, 2);
        if (width < 32)
            src = SPV_OP(b, s ? SpvOpBitFieldSExtract : SpvOpBitFieldUExtract, u, src, cu(t, sel * 8),
                         cu(t, width));
        if (bit(insn, 49) && s)
            src = SPV_GLSL(b, u, GLSLstd450SAbs, src);
        if (bit(insn, 45))
            src = SPV_OP(b, SpvOpSNegate, u, src);
        /* rounding (39-40) by hand, not the host's: from 2^24 on the
         * magnitude is cut to its top 24 bits (then exact as a float) and
         * one unit added as the mode and the dropped bits say */
        const uint32_t bo = t->t_bool;
        uint32_t neg = s ? SPV_OP(b, SpvOpSLessThan, bo, as_i(t, src), spv_const_i32(b, 0)) : spv_const_bool(b, false);
        uint32_t mag = s ? select_u(t, neg, SPV_OP(b, SpvOpSNegate, u, src), src) : src; /* -2^31: 2^31 */
        uint32_t msb = SPV_GLSL(b, t->t_i32, GLSLstd450FindUMsb, mag);
        uint32_t sh = SPV_OP(b, SpvOpBitcast, u,
                             SPV_GLSL(b, t->t_i32, GLSLstd450SMax, SPV_OP(b, SpvOpISub, t->t_i32, msb, spv_const_i32(b, 23)),
                                      spv_const_i32(b, 0)));
        uint32_t unit = SPV_OP(b, SpvOpShiftLeftLogical, u, cu(t, 1), sh);
        uint32_t mask = SPV_OP(b, SpvOpISub, u, unit, cu(t, 1));
        uint32_t kept = SPV_OP(b, SpvOpBitwiseAnd, u, mag, SPV_OP(b, SpvOpNot, u, mask));
        uint32_t up = round_up(t, bits(insn, 39, 2), kept, SPV_OP(b, SpvOpBitwiseAnd, u, mag, mask), unit, neg);
        r = SPV_OP(b, SpvOpIAdd, u, as_u(t, SPV_OP(b, SpvOpConvertUToF, t->t_f32, kept)), select_u(t, up, cu(t, 1), cu(t, 0)));
        set_r(t, rd, SPV_OP(b, SpvOpBitwiseOr, u, r, select_u(t, neg, cu(t, 0x80000000u), cu(t, 0))));
        return;
    }
    case OP_F2I: { /* signed 12, rounding 39-40, neg 45, abs 49 */
        if (sfmt != 2 || dfmt == 3)
            return (void)UNSUPPORTED(t, "F2I other than from f32 to 8, 16 or 32 bits");
        bool s = bit(insn, 12);
        uint32_t f = fneg_abs(t, t->t_f32, as_f(t, src), bit(insn, 45), bit(insn, 49));
        f = round_f(t, f, bits(insn, 39, 2));
        /* out of range saturates and NaN gives 0 (PTX ISA cvt.rzi: "saturate ... NaN
         * results in 0"); SPIR-V leaves both undefined, so clamp first. A
         * narrow destination saturates to its own range (PTX cvt: float to
         * integer conversions clamp to the destination type; Ryujinx
         * InstEmitConversion F2I clamps to the 8/16-bit bounds), and the
         * register holds the value extended to 32 bits */
        uint32_t width = 8u << dfmt;
        float fhi = width == 32 ? (s ? 2147483520.0f : 4294967040.0f)
                                : (float)((s ? 1u << (width - 1) : 1u << width) - 1);
        float flo = s ? -(float)(width == 32 ? 2147483648.0 : (double)(1u << (width - 1))) : 0.0f;
        uint32_t lo = cf(t, flo), hi = cf(t, fhi);
        uint32_t cl = SPV_GLSL(b, t->t_f32, GLSLstd450FClamp, f, lo, hi);
        /* unsigned through the signed conversion: from 2^31 on, convert
         * cl - 2^31 and add 2^31 back (exact: such floats are integers).
         * llvmpipe (Mesa 22.3) converts float to uint at run time as if
         * signed, 0x80000000 for those; the random differential test found it */
        uint32_t v;
        if (s) {
            v = SPV_OP(b, SpvOpBitcast, u, SPV_OP(b, SpvOpConvertFToS, t->t_i32, cl));
        } else {
            uint32_t two31 = cf(t, 2147483648.0f);
            uint32_t high = SPV_OP(b, SpvOpFOrdGreaterThanEqual, t->t_bool, cl, two31);
            uint32_t part = SPV_OP(b, SpvOpSelect, t->t_f32, high, SPV_OP(b, SpvOpFSub, t->t_f32, cl, two31), cl);
            v = SPV_OP(b, SpvOpBitcast, u, SPV_OP(b, SpvOpConvertFToS, t->t_i32, part));
            v = SPV_OP(b, SpvOpIAdd, u, v, select_u(t, high, cu(t, 0x80000000u), cu(t, 0)));
        }
        uint32_t big = cu(t, width < 32 ? (uint32_t)fhi : s ? 0x7fffffffu : 0xffffffffu);
        v = select_u(t, SPV_OP(b, SpvOpFOrdGreaterThan, t->t_bool, f, hi), big, v);
        v = select_u(t, SPV_OP(b, SpvOpIsNan, t->t_bool, f), cu(t, 0), v);
        set_r(t, rd, v);
        return;
    }
    case OP_F2F: { /* rounding 39-42 (8-11: to an integral value), sat 50, neg 45, abs 49, half select 41 */
        uint32_t rnd = bits(insn, 39, 4);
        if (sfmt == 2 && dfmt == 2) {
            uint32_t f = fneg_abs(t, t->t_f32, as_f(t, src), bit(insn, 45), bit(insn, 49));
            if (rnd & 8)
                f = round_f(t, f, rnd);
            set_fr(t, rd, fsat(t, f, bit(insn, 50)));
            return;
        }
        if (sfmt == 2 && dfmt == 1) { /* f32 -> f16 in the low half */
            uint32_t f = fsat(t, fneg_abs(t, t->t_f32, as_f(t, src), bit(insn, 45), bit(insn, 49)), bit(insn, 50));
            uint32_t v2 = SPV_OP(b, SpvOpCompositeConstruct, t->t_v2f, f, cf(t, 0));
            set_r(t, rd, SPV_GLSL(b, u, GLSLstd450PackHalf2x16, v2));
            return;
        }
        if (sfmt == 1 && dfmt == 2) { /* f16 (half 41) -> f32 */
            uint32_t v2 = SPV_GLSL(b, t->t_v2f, GLSLstd450UnpackHalf2x16, src);
            uint32_t f = SPV_OP(b, SpvOpCompositeExtract, t->t_f32, v2, bit(insn, 41) ? 1 : 0);
            set_fr(t, rd, fsat(t, fneg_abs(t, t->t_f32, f, bit(insn, 45), bit(insn, 49)), bit(insn, 50)));
            return;
        }
        return (void)UNSUPPORTED(t, "F2F between these formats");
    }
    case OP_I2I: { /* signed dst 12, signed src 13, byte select 41-42, neg 45, abs 49, sat 50 */
        if (dfmt != 2)
            return (void)UNSUPPORTED(t, "I2I to a narrow type");
        bool s = bit(insn, 13);
        uint32_t width = 8u << sfmt;
        if (width < 32)
            src = SPV_OP(b, s ? SpvOpBitFieldSExtract : SpvOpBitFieldUExtract, u, src, cu(t, bits(insn, 41, 2) * 8),
                         cu(t, width));
        if (bit(insn, 49))
            src = SPV_GLSL(b, u, GLSLstd450SAbs, src);
        if (bit(insn, 45))
            src = SPV_OP(b, SpvOpSNegate, u, src);
        if (bit(insn, 50))
            return (void)UNSUPPORTED(t, "I2I.SAT");
        set_r(t, rd, src);
        return;
    }
    default:
        return;
    }
}

/* ---- attributes ---- */

static uint32_t varying_type(tr *t, uint32_t val, uint32_t comps)
{
    uint32_t st = val == MW_VAL_SINT ? t->t_i32 : val == MW_VAL_UINT ? t->t_u32 : t->t_f32;
    if (comps < 1 || comps > 4)
        comps = 4;
    return comps == 1 ? st : spv_type_vector(&t->b, st, comps);
}

static uint32_t scalar_of(tr *t, uint32_t type)
{
    if (type == t->t_f32 || type == t->t_i32 || type == t->t_u32)
        return type;
    for (uint32_t n = 2; n <= 4; n++) {
        if (type == spv_type_vector(&t->b, t->t_i32, n))
            return t->t_i32;
        if (type == spv_type_vector(&t->b, t->t_u32, n))
            return t->t_u32;
    }
    return t->t_f32;
}

/* a Location-decorated Input/Output vec4 (or ivec4/uvec4) */
static uint32_t io_var(tr *t, SpvStorageClass sc, uint32_t type, uint32_t location, const char *prefix)
{
    uint32_t v = spv_global_var(&t->b, spv_type_pointer(&t->b, sc, type), sc, 0);
    spv_decorate(&t->b, v, SpvDecorationLocation, SPV_ARGS(location));
    char name[24];
    snprintf(name, sizeof name, "%s%u", prefix, location);
    spv_name(&t->b, v, name);
    add_interface(t, v);
    return v;
}

static uint32_t builtin_var(tr *t, SpvStorageClass sc, uint32_t type, SpvBuiltIn bi, const char *name)
{
    uint32_t v = spv_global_var(&t->b, spv_type_pointer(&t->b, sc, type), sc, 0);
    spv_decorate(&t->b, v, SpvDecorationBuiltIn, SPV_ARGS((uint32_t)bi));
    spv_name(&t->b, v, name);
    add_interface(t, v);
    return v;
}

/* SPH input map of a generic vector: PS 2 bits per component at 0x18 + i
 * (0 unused, 1 constant, 2 perspective, 3 screen-linear), VTG 4 bits per
 * vector at 0x18 (NVIDIA open-gpu-doc Shader-Program-Header: ImapGenericVector;
 * checked against the corpus' interp_fsh) */
static uint32_t ps_imap(const tr *t, uint32_t i)
{
    return t->in->sph ? t->in->sph[0x18 + i] : 0xaa;
}

/* Geometry and tessellation stages see their inputs per vertex: arrays of
 * t->vtx_in elements (the geometry input primitive's vertex count; 32,
 * gl_MaxPatchVertices' minimum, for tessellation), indexed by ALD's vertex
 * operand. A tessellation control shader's per-vertex outputs are arrays of
 * the patch's output vertices (SPH threads per input primitive), written at
 * gl_InvocationID: the hardware's AST in a TCS writes the invocation's own
 * output vertex (uam passes RZ as the vertex). */
static bool arrayed_in(const tr *t)
{
    return t->vtx_in != 0;
}

/* a vertex number clamped into an array of n (a guest number past the end reads the last) */
static uint32_t clamp_index(tr *t, uint32_t v, uint32_t n)
{
    return spv_glsl(&t->b, t->t_u32, GLSLstd450UMin, SPV_ARGS(v, cu(t, n - 1)));
}

/* gl_InvocationID as loaded (int): GLSL lets gl_out[] be indexed by nothing else */
static uint32_t invocation_id_i(tr *t)
{
    if (!t->invocation_id)
        t->invocation_id = builtin_var(t, SpvStorageClassInput, t->t_i32, SpvBuiltInInvocationId, "invocation_id");
    return SPV_OP(&t->b, SpvOpLoad, t->t_i32, t->invocation_id);
}

/* gl_in[] / gl_out[]: an array of n gl_PerVertex blocks holding the position */
static uint32_t per_vertex_block(tr *t, SpvStorageClass sc, uint32_t n, const char *name)
{
    spv_builder *b = &t->b;
    uint32_t st = spv_type_struct(b, SPV_ARGS(t->t_v4f));
    spv_decorate(b, st, SpvDecorationBlock, NULL, 0);
    spv_member_decorate(b, st, 0, SpvDecorationBuiltIn, SPV_ARGS((uint32_t)SpvBuiltInPosition));
    spv_name(b, st, "gl_PerVertex");
    spv_member_name(b, st, 0, "gl_Position");
    uint32_t v = spv_global_var(b, spv_type_pointer(b, sc, spv_type_array(b, st, cu(t, n), false)), sc, 0);
    spv_name(b, v, name);
    add_interface(t, v);
    return v;
}

/* Vertex attribute i's component c from its one 32-bit word, unpacked as
 * `fetch` (MW_FETCH_*, maxwell_spirv.h) says. */
static uint32_t fetch_packed(tr *t, uint32_t i, uint32_t fetch, uint32_t c)
{
    spv_builder *b = &t->b;
    if (!t->in_gen[i]) {
        t->in_gen_type[i] = t->t_u32;
        t->in_gen_comps[i] = 1;
        t->in_gen[i] = io_var(t, SpvStorageClassInput, t->t_u32, i, "in_attr");
    }
    const uint32_t w = SPV_OP(b, SpvOpLoad, t->t_u32, t->in_gen[i]);
    if (fetch == MW_FETCH_UF11_11_10) {
        if (c == 3)
            return cu(t, 0x3f800000u);
        /* an unsigned 11- or 10-bit float has a half's 5-bit exponent and
         * the top 6 or 5 bits of its mantissa, so shifted into a half's
         * bits it is that half, infinities, NaNs and denormals included */
        const uint32_t f = SPV_OP(b, SpvOpBitFieldUExtract, t->t_u32, w, cu(t, 11 * c), cu(t, c == 2 ? 10 : 11));
        const uint32_t h = SPV_OP(b, SpvOpShiftLeftLogical, t->t_u32, f, cu(t, c == 2 ? 5 : 4));
        return as_u(t, SPV_OP(b, SpvOpCompositeExtract, t->t_f32, SPV_GLSL(b, t->t_v2f, GLSLstd450UnpackHalf2x16, h),
                              0));
    }
    return SPV_OP(b, fetch == MW_FETCH_S10_10_10_2 ? SpvOpBitFieldSExtract : SpvOpBitFieldUExtract, t->t_u32, w,
                  cu(t, 10 * c), cu(t, c == 3 ? 2 : 10));
}

/* generic input i component c, as a u32; vtx: the vertex (arrayed stages) */
static uint32_t load_input(tr *t, uint32_t i, uint32_t c, bool centroid, uint32_t vtx)
{
    spv_builder *b = &t->b;
    const uint32_t at = t->in->key.stage == MW_SPIRV_VERTEX ? t->in->key.attr_type[i] : 0;
    if (at & MW_ATTR_SWAP_RB)
        c = c == 0 ? 2 : c == 2 ? 0 : c;
    if (MW_ATTR_FETCH(at))
        return fetch_packed(t, i, MW_ATTR_FETCH(at), c);
    if (!t->in_gen[i]) {
        uint32_t val = MW_VAL_FLOAT, comps = 4;
        if (t->in->key.stage == MW_SPIRV_VERTEX)
            val = MW_ATTR_VAL(at);
        else if (t->in->key.varying[i])
            val = t->in->key.varying[i] >> 4, comps = t->in->key.varying[i] & 7;
        uint32_t ty = varying_type(t, val, comps);
        t->in_gen_type[i] = ty;
        t->in_gen_comps[i] = comps;
        t->in_gen[i] = io_var(t, SpvStorageClassInput,
                              arrayed_in(t) ? spv_type_array(b, ty, cu(t, t->vtx_in), false) : ty, i, "in_attr");
        if (t->in->key.stage == MW_SPIRV_FRAGMENT) {
            /* the first used component's mode decides the vector's (GLSL interpolates a whole variable) */
            uint32_t m = ps_imap(t, i), mode = 2;
            for (uint32_t k = 0; k < 4; k++)
                if ((m >> (2 * k)) & 3) {
                    mode = (m >> (2 * k)) & 3;
                    break;
                }
            if (mode == 1 || scalar_of(t, ty) != t->t_f32)
                spv_decorate(b, t->in_gen[i], SpvDecorationFlat, NULL, 0);
            else if (mode == 3)
                spv_decorate(b, t->in_gen[i], SpvDecorationNoPerspective, NULL, 0);
            if (centroid)
                spv_decorate(b, t->in_gen[i], SpvDecorationCentroid, NULL, 0);
        }
    }
    uint32_t comp_ty = scalar_of(t, t->in_gen_type[i]);
    if (c >= t->in_gen_comps[i])
        return cu(t, c == 3 && comp_ty == t->t_f32 ? 0x3f800000u : c == 3 ? 1 : 0); /* GL's (0, 0, 0, 1) fill */
    uint32_t pc = spv_type_pointer(b, SpvStorageClassInput, comp_ty), ptr = t->in_gen[i];
    bool vec = t->in_gen_comps[i] != 1;
    if (arrayed_in(t)) {
        uint32_t v = clamp_index(t, vtx ? vtx : cu(t, 0), t->vtx_in);
        ptr = vec ? SPV_OP(b, SpvOpAccessChain, pc, ptr, v, cu(t, c)) : SPV_OP(b, SpvOpAccessChain, pc, ptr, v);
    } else if (vec) {
        ptr = SPV_OP(b, SpvOpAccessChain, pc, ptr, cu(t, c));
    }
    uint32_t v = SPV_OP(b, SpvOpLoad, comp_ty, ptr);
    return comp_ty == t->t_u32 ? v : SPV_OP(b, SpvOpBitcast, t->t_u32, v);
}

/* The SPH of the program being translated: in a joined stream (join),
 * vertex A's for its instructions, else the input's. */
static const uint8_t *sph_of(const tr *t)
{
    return t->a_n && t->cur < t->a_n ? t->a_sph : t->in->sph;
}

/* Generic output component `addr` (0x80-0x27f) as vertex A hands it to
 * vertex B in a joined stream: its word of the private array, or 0 where
 * A's output map leaves it out (VTG OmapGenericVector, SPH bytes
 * 0x36-0x45, a 4-bit mask per vector: open-gpu-doc Shader-Program-Header),
 * which then B reads from the vertex attribute and A's store drops. */
static uint32_t a_out_ptr(tr *t, uint32_t addr)
{
    spv_builder *b = &t->b;
    const uint32_t w = (addr - 0x80) / 4, i = w / 4, c = w & 3;
    if (!(t->a_sph[0x36 + i / 2] >> ((i & 1) * 4 + c) & 1))
        return 0;
    if (!t->a_out) {
        const uint32_t arr = spv_type_array(b, t->t_u32, cu(t, 128), false);
        t->a_out = spv_local_var(b, spv_type_pointer(b, SpvStorageClassFunction, arr), spv_const_null(b, arr));
        spv_name(b, t->a_out, "vertex_a_out");
    }
    return SPV_OP(b, SpvOpAccessChain, t->p_fn_u32, t->a_out, cu(t, w));
}

/* system and generic attributes by byte address (NVIDIA open-gpu-doc
 * Shader-Program-Header attribute table: 0x70 position, 0x80 + 16 i generic i,
 * 0x2c0 clip distances, 0x2f0/0x2f4 the tessellation coordinate, 0x2f8
 * instance id, 0x2fc vertex id); vtx: the vertex of an arrayed stage's input */
static uint32_t read_attr(tr *t, uint32_t addr, bool centroid, uint32_t vtx)
{
    spv_builder *b = &t->b;
    const mw_spirv_stage st = (mw_spirv_stage)t->in->key.stage;
    if (t->a_n && t->cur >= t->a_n && addr >= 0x80 && addr < 0x280) {
        const uint32_t ptr = a_out_ptr(t, addr);
        if (ptr)
            return SPV_OP(b, SpvOpLoad, t->t_u32, ptr);
    }
    if (addr >= 0x80 && addr < 0x280)
        return load_input(t, (addr - 0x80) / 16, (addr / 4) & 3, centroid, vtx);
    if (arrayed_in(t) && addr >= 0x70 && addr < 0x80) {
        if (!t->in_pos)
            t->in_pos = per_vertex_block(t, SpvStorageClassInput, t->vtx_in, "gl_in");
        uint32_t ptr = SPV_OP(b, SpvOpAccessChain, spv_type_pointer(b, SpvStorageClassInput, t->t_f32), t->in_pos,
                              clamp_index(t, vtx ? vtx : cu(t, 0), t->vtx_in), cu(t, 0), cu(t, (addr - 0x70) / 4));
        return as_u(t, SPV_OP(b, SpvOpLoad, t->t_f32, ptr));
    }
    if (st == MW_SPIRV_TESS_EVAL && (addr == 0x2f0 || addr == 0x2f4)) {
        if (!t->tess_coord)
            t->tess_coord = builtin_var(t, SpvStorageClassInput, t->t_v3f, SpvBuiltInTessCoord, "tess_coord");
        uint32_t ptr = SPV_OP(b, SpvOpAccessChain, spv_type_pointer(b, SpvStorageClassInput, t->t_f32), t->tess_coord,
                              cu(t, (addr - 0x2f0) / 4));
        return as_u(t, SPV_OP(b, SpvOpLoad, t->t_f32, ptr));
    }
    if (st == MW_SPIRV_FRAGMENT && addr >= 0x70 && addr < 0x80) {
        if (!t->frag_coord)
            t->frag_coord = builtin_var(t, SpvStorageClassInput, t->t_v4f, SpvBuiltInFragCoord, "frag_coord");
        uint32_t c = (addr - 0x70) / 4;
        uint32_t ptr = SPV_OP(b, SpvOpAccessChain, spv_type_pointer(b, SpvStorageClassInput, t->t_f32), t->frag_coord,
                              cu(t, c));
        uint32_t f = SPV_OP(b, SpvOpLoad, t->t_f32, ptr);
        /* a[0x7c] is the interpolated clip w, the reciprocal of gl_FragCoord.w
         * (corpus README: uam follows `ipa pass a[0x7c]` with MUFU.RCP) */
        if (c == 3)
            f = SPV_OP(b, SpvOpFDiv, t->t_f32, cf(t, 1.0f), f);
        else if (c < 2 && t->in->key.frag_coord_scale > 1) /* the guest's pixel grid (mw_spirv_key) */
            f = SPV_OP(b, SpvOpFDiv, t->t_f32, f, cf(t, (float)t->in->key.frag_coord_scale));
        return as_u(t, f);
    }
    if (st == MW_SPIRV_VERTEX && (addr == 0x2fc || addr == 0x2f8)) {
        uint32_t *v = addr == 0x2fc ? &t->vertex_index : &t->instance_index;
        if (!*v)
            *v = builtin_var(t, SpvStorageClassInput, t->t_i32,
                             addr == 0x2fc ? SpvBuiltInVertexIndex : SpvBuiltInInstanceIndex,
                             addr == 0x2fc ? "vertex_index" : "instance_index");
        return SPV_OP(b, SpvOpBitcast, t->t_u32, SPV_OP(b, SpvOpLoad, t->t_i32, *v));
    }
    if (st == MW_SPIRV_FRAGMENT && addr == 0x3fc) {
        /* front facing: all ones when front-facing, 0 otherwise (yuzu
         * emit_spirv_context_get_set.cpp FrontFace; the corpus' frag_coord_fsh
         * tests it with ISETP.NE against 0 after IPA.CONSTANT a[0x3fc]) */
        if (!t->front_facing)
            t->front_facing = builtin_var(t, SpvStorageClassInput, t->t_bool, SpvBuiltInFrontFacing, "front_facing");
        return select_u(t, SPV_OP(b, SpvOpLoad, t->t_bool, t->front_facing), cu(t, 0xffffffffu), cu(t, 0));
    }
    char what[48];
    snprintf(what, sizeof what, "reading attribute 0x%x", addr);
    UNSUPPORTED(t, what);
    return cu(t, 0);
}

/* Whether this stage may write `what` (the layer or the viewport index):
 * a geometry shader always; a vertex or tessellation evaluation shader
 * through SPV_EXT_shader_viewport_index_layer (capability
 * ShaderViewportIndexLayerEXT; in GLSL ARB_shader_viewport_layer_array,
 * which covers those two stages only) where the host has it
 * (mw_spirv_input.viewport_layer_array); else refused with the reason. */
static bool layer_viewport_writable(tr *t, const char *what)
{
    const mw_spirv_stage st = (mw_spirv_stage)t->in->key.stage;
    char w[64];
    if (st == MW_SPIRV_GEOMETRY)
        return true;
    if (st != MW_SPIRV_VERTEX && st != MW_SPIRV_TESS_EVAL) {
        snprintf(w, sizeof w, "writing %s outside a geometry, vertex or evaluation shader", what);
        return UNSUPPORTED(t, w), false;
    }
    if (!t->in->viewport_layer_array) {
        snprintf(w, sizeof w, "writing %s in a %s shader", what,
                 st == MW_SPIRV_VERTEX ? "vertex" : "tessellation evaluation");
        return fail(t, GLHLE_RESULT_UNSUPPORTED, w, ": the host has no ARB_shader_viewport_layer_array"), false;
    }
    if (!t->viewport_layer_cap) {
        spv_capability(&t->b, SpvCapabilityShaderViewportIndexLayerEXT);
        spv_extension(&t->b, "SPV_EXT_shader_viewport_index_layer");
        t->viewport_layer_cap = true;
    }
    return true;
}

/* The output component at addr and its scalar type (*st); vtx: the output
 * vertex of a tessellation control shader. 0 when the component is not
 * stored (the native next stage does not declare it) or not translated. */
static uint32_t output_ptr(tr *t, uint32_t addr, uint32_t vtx, uint32_t *st)
{
    spv_builder *b = &t->b;
    const bool per_vertex = t->in->key.stage == MW_SPIRV_TESS_CTRL;
    uint32_t pf = spv_type_pointer(b, SpvStorageClassOutput, t->t_f32);
    *st = t->t_f32;
    if (addr >= 0x70 && addr < 0x80) {
        uint32_t c = cu(t, (addr - 0x70) / 4);
        if (per_vertex) {
            if (!t->out_pos)
                t->out_pos = per_vertex_block(t, SpvStorageClassOutput, t->vtx_out, "gl_out");
            return SPV_OP(b, SpvOpAccessChain, pf, t->out_pos, vtx, cu(t, 0), c);
        }
        if (!t->position)
            t->position = builtin_var(t, SpvStorageClassOutput, t->t_v4f, SpvBuiltInPosition, "position");
        return SPV_OP(b, SpvOpAccessChain, pf, t->position, c);
    }
    if (addr >= 0x80 && addr < 0x280) {
        uint32_t i = (addr - 0x80) / 16, c = (addr / 4) & 3;
        uint32_t val = MW_VAL_FLOAT, comps = 4;
        if (t->in->key.varying[i])
            val = t->in->key.varying[i] >> 4, comps = t->in->key.varying[i] & 7;
        uint32_t ty = varying_type(t, val, comps);
        *st = scalar_of(t, ty);
        if (!t->out_gen[i]) {
            t->out_gen[i] = io_var(t, SpvStorageClassOutput,
                                   per_vertex ? spv_type_array(b, ty, cu(t, t->vtx_out), false) : ty, i, "out_attr");
            if (*st != t->t_f32)
                spv_decorate(b, t->out_gen[i], SpvDecorationFlat, NULL, 0);
        }
        if (c >= comps)
            return 0; /* the native stage does not read it */
        uint32_t ps = spv_type_pointer(b, SpvStorageClassOutput, *st);
        if (per_vertex)
            return comps == 1 ? SPV_OP(b, SpvOpAccessChain, ps, t->out_gen[i], vtx)
                              : SPV_OP(b, SpvOpAccessChain, ps, t->out_gen[i], vtx, cu(t, c));
        return comps == 1 ? t->out_gen[i] : SPV_OP(b, SpvOpAccessChain, ps, t->out_gen[i], cu(t, c));
    }
    if (addr == 0x64 && !per_vertex) {
        /* the render target array index (open-gpu-doc Shader-Program-Header:
         * a[0x64], OmapSystemValuesB RT_ARRAY_INDEX; yuzu attribute.h Layer):
         * gl_Layer */
        if (!layer_viewport_writable(t, "the layer"))
            return 0;
        if (!t->layer)
            t->layer = builtin_var(t, SpvStorageClassOutput, t->t_i32, SpvBuiltInLayer, "layer");
        *st = t->t_i32;
        return t->layer;
    }
    if (addr == 0x68 && !per_vertex) {
        /* the viewport index (open-gpu-doc Shader-Program-Header: a[0x68],
         * OmapSystemValuesB VIEWPORT_INDEX; yuzu attribute.h ViewportIndex):
         * gl_ViewportIndex, which the draw path sets every viewport for
         * only when the SPH says the stage writes it */
        if (!layer_viewport_writable(t, "the viewport index"))
            return 0;
        if (t->in->sph && !(t->in->sph[0x35] & 0x04))
            return BAD(t, "viewport index the SPH does not output (OmapSystemValuesB VIEWPORT_INDEX)"), 0;
        if (!t->viewport) {
            spv_capability(b, SpvCapabilityMultiViewport);
            t->viewport = builtin_var(t, SpvStorageClassOutput, t->t_i32, SpvBuiltInViewportIndex, "viewport_index");
        }
        *st = t->t_i32;
        return t->viewport;
    }
    if (addr >= 0x2c0 && addr < 0x2e0 && !per_vertex) {
        if (!t->clip) {
            /* the array covers every distance the SPH's output map enables (OmapSystemValuesC, 0x48) */
            uint32_t n = 8;
            if (t->in->sph) {
                uint32_t m = t->in->sph[0x48];
                n = m ? 32 - (uint32_t)__builtin_clz(m) : 8;
            }
            spv_capability(b, SpvCapabilityClipDistance);
            uint32_t arr = spv_type_array(b, t->t_f32, cu(t, n), false);
            t->clip = builtin_var(t, SpvStorageClassOutput, arr, SpvBuiltInClipDistance, "clip_distance");
            t->clip_count = n;
        }
        uint32_t k = (addr - 0x2c0) / 4;
        if (k >= t->clip_count)
            return BAD(t, "clip distance the SPH does not enable"), 0;
        return SPV_OP(b, SpvOpAccessChain, pf, t->clip, cu(t, k));
    }
    char what[48];
    snprintf(what, sizeof what, "writing attribute 0x%x", addr);
    UNSUPPORTED(t, what);
    return 0;
}

static void xfb_store(tr *t, uint32_t addr, uint32_t value);

static void write_attr(tr *t, uint32_t addr, uint32_t value, uint32_t vtx)
{
    if (t->a_n && t->cur < t->a_n && addr >= 0x80 && addr < 0x280) { /* vertex A's to vertex B */
        const uint32_t ptr = a_out_ptr(t, addr);
        if (ptr)
            SPV_VOID(&t->b, SpvOpStore, ptr, value);
        return;
    }
    uint32_t st, ptr = output_ptr(t, addr, vtx, &st);
    if (ptr)
        SPV_VOID(&t->b, SpvOpStore, ptr, st == t->t_u32 ? value : SPV_OP(&t->b, SpvOpBitcast, st, value));
    if (t->n_xfb)
        xfb_store(t, addr, value);
}

/* ---- transform feedback (mw_spirv_xfb) ---- */

bool mw_spirv_xfb_valid(const mw_spirv_xfb *x)
{
    bool any = false;
    for (uint32_t i = 0; i < sizeof x->reserved; i++)
        if (x->reserved[i])
            return false;
    for (uint32_t b = 0; b < MW_SPIRV_XFB_BUFFERS; b++) {
        const uint32_t n = x->count[b];
        if (n > 128 || (!n && (x->stride[b] || x->stream[b])) || (n && (x->stride[b] % 4 || x->stride[b] < 4 * n)) ||
            x->stream[b] > 3)
            return false;
        for (uint32_t j = n; j < 128; j++)
            if (x->attr[b][j])
                return false;
        any |= n != 0;
    }
    return any;
}

/* attributes a translated stage can write (output_ptr): the layer, the
 * viewport index, the position, generic vectors, clip distances */
static bool xfb_writable(uint32_t a)
{
    return a == 25 || a == 26 || (a >= 28 && a < 32) || (a >= 32 && a < 160) || (a >= 176 && a < 184);
}

bool mw_spirv_xfb_captures(const mw_spirv_xfb *x)
{
    for (uint32_t b = 0; b < MW_SPIRV_XFB_BUFFERS; b++)
        for (uint32_t j = 0; j < x->count[b] && j < 128; j++)
            if (xfb_writable(x->attr[b][j]))
                return true;
    return false;
}

/* GL takes vertex streams past 0 only for points out of a geometry
 * stage (GLSL 4.50 4.4.2.2: EmitStreamVertex and layout(stream) need the
 * points output primitive); the capability once */
static bool stream_ok(tr *t, uint32_t stream, const char *what)
{
    if (stream == 0)
        return true;
    if (t->in->key.stage != MW_SPIRV_GEOMETRY || !t->in->sph || (t->in->sph[0x0f] & 0xf) != MW_SPIRV_TOPOLOGY_POINTS) {
        char why[96];
        snprintf(why, sizeof why, "%s on vertex stream %u from other than a geometry stage emitting points", what,
                 stream);
        UNSUPPORTED(t, why);
        return false;
    }
    if (!t->streams) {
        spv_capability(&t->b, SpvCapabilityGeometryStreams);
        t->streams = true;
    }
    return true;
}

/* The capture variables: a run of components j.. naming consecutive
 * components of one vector becomes one uvecN (yuzu's
 * MakeTransformFeedbackVaryings merges a vector's components the same way),
 * any other component a uint of its own; zeroed at the start of main.
 * Each buffer's are its own, decorated with its stream: an attribute two
 * buffers of two streams capture is a variable in each, so no output is
 * on two streams (GL places each output in one); the rasterized outputs
 * stay stream 0's. */
static void xfb_declare(tr *t)
{
    const mw_spirv_xfb *x = t->in->xfb;
    spv_builder *b = &t->b;
    memset(t->xfb_of, 0, sizeof t->xfb_of);
    for (uint32_t buf = 0; buf < MW_SPIRV_XFB_BUFFERS; buf++) {
        if (x->count[buf] && !stream_ok(t, x->stream[buf], "transform feedback"))
            return;
        for (uint32_t j = 0; j < x->count[buf];) {
            const uint32_t a = x->attr[buf][j];
            if (!xfb_writable(a)) {
                j++;
                continue;
            }
            uint32_t n = 1;
            while (n < 4 && j + n < x->count[buf] && x->attr[buf][j + n] == a + n && (a + n) / 4 == a / 4 &&
                   a >= 28 && a < 160)
                n++;
            if (t->n_xfb == MW_XFB_VARS) {
                if (t->err == GLHLE_RESULT_OK) {
                    t->err = GLHLE_RESULT_LIMIT_EXCEEDED;
                    snprintf(t->res->reason, sizeof t->res->reason,
                             "transform feedback of more than %u captured runs", MW_XFB_VARS);
                }
                return;
            }
            const uint32_t ty = n == 1 ? t->t_u32 : spv_type_vector(b, t->t_u32, n);
            const uint32_t v = spv_global_var(b, spv_type_pointer(b, SpvStorageClassOutput, ty), SpvStorageClassOutput, 0);
            spv_decorate(b, v, SpvDecorationXfbBuffer, SPV_ARGS(buf));
            spv_decorate(b, v, SpvDecorationXfbStride, SPV_ARGS(x->stride[buf]));
            spv_decorate(b, v, SpvDecorationOffset, SPV_ARGS(4 * j));
            if (x->stream[buf])
                spv_decorate(b, v, SpvDecorationStream, SPV_ARGS(x->stream[buf]));
            char name[24];
            snprintf(name, sizeof name, "xfb%u_%u", buf, j);
            spv_name(b, v, name);
            add_interface(t, v);
            t->xfb_var[t->n_xfb] = v;
            t->xfb_type[t->n_xfb] = ty;
            t->xfb_comps[t->n_xfb] = (uint8_t)n;
            t->n_xfb++;
            for (uint32_t k = 0; k < n; k++)
                t->xfb_of[buf][j + k] = (uint8_t)t->n_xfb;
            SPV_VOID(b, SpvOpStore, v, n == 1 ? cu(t, 0) : spv_const_null(b, ty));
            j += n;
        }
    }
    if (t->n_xfb)
        spv_capability(b, SpvCapabilityTransformFeedback);
}

/* a write of the attribute at addr: into every capture component naming it */
static void xfb_store(tr *t, uint32_t addr, uint32_t value)
{
    const mw_spirv_xfb *x = t->in->xfb;
    spv_builder *b = &t->b;
    for (uint32_t buf = 0; buf < MW_SPIRV_XFB_BUFFERS; buf++)
        for (uint32_t j = 0; j < x->count[buf]; j++) {
            if (x->attr[buf][j] != addr / 4 || !t->xfb_of[buf][j])
                continue;
            const uint32_t v = t->xfb_of[buf][j] - 1;
            uint32_t k = 0;
            while (j >= k + 1 && t->xfb_of[buf][j - k - 1] == v + 1)
                k++;
            if (t->xfb_comps[v] == 1)
                SPV_VOID(b, SpvOpStore, t->xfb_var[v], value);
            else
                SPV_VOID(b, SpvOpStore,
                         SPV_OP(b, SpvOpAccessChain, spv_type_pointer(b, SpvStorageClassOutput, t->t_u32),
                                t->xfb_var[v], cu(t, k)),
                         value);
        }
}

/* Per-patch attributes (ALD.P / AST.P) in the slots Mesa's nvc0 driver gives
 * them (nvc0_program.c, TGSI_SEMANTIC_TESSOUTER / TESSINNER / PATCH):
 * a[0x00-0x0c] gl_TessLevelOuter, a[0x10-0x14] gl_TessLevelInner,
 * a[0x20 + 16 j] the patch vector at GLSL location j (the corpus' quad_tcsh
 * writes its location-1 patchTint at a[0x30]). The control shader's are
 * outputs (it may read them back), the evaluation shader's inputs. */
static uint32_t patch_ptr(tr *t, uint32_t addr)
{
    spv_builder *b = &t->b;
    const bool out = t->in->key.stage == MW_SPIRV_TESS_CTRL;
    const SpvStorageClass sc = out ? SpvStorageClassOutput : SpvStorageClassInput;
    uint32_t pf = spv_type_pointer(b, sc, t->t_f32);
    if (addr < 0x18) {
        bool outer = addr < 0x10;
        uint32_t *var = outer ? &t->tess_level[out][0] : &t->tess_level[out][1];
        if (!*var) {
            *var = builtin_var(t, sc, spv_type_array(b, t->t_f32, cu(t, outer ? 4 : 2), false),
                               outer ? SpvBuiltInTessLevelOuter : SpvBuiltInTessLevelInner,
                               outer ? "tess_level_outer" : "tess_level_inner");
            spv_decorate(b, *var, SpvDecorationPatch, NULL, 0);
        }
        return SPV_OP(b, SpvOpAccessChain, pf, *var, cu(t, (outer ? addr : addr - 0x10) / 4));
    }
    if (addr >= 0x20 && addr < 0x20 + 16 * MW_PATCH_VECTORS) {
        uint32_t j = (addr - 0x20) / 16, *var = &t->patch[out][j];
        if (!*var) {
            *var = io_var(t, sc, t->t_v4f, j, out ? "patch_out" : "patch_in");
            spv_decorate(b, *var, SpvDecorationPatch, NULL, 0);
        }
        return SPV_OP(b, SpvOpAccessChain, pf, *var, cu(t, (addr / 4) & 3));
    }
    char what[48];
    snprintf(what, sizeof what, "patch attribute 0x%x", addr);
    UNSUPPORTED(t, what);
    return 0;
}

/* ALD Rd, a[Ra + offset] (not P or O): the attribute at the byte address
 * Ra + offset (emit_attr says why the sum), + 4 per further word (yuzu load_store_attribute.cpp
 * HandleIndexed: index register + 4 element, the offset not added;
 * Ryujinx InstEmitAttribute.cs Ald's "Phys" form: offset 0, Ra a generic
 * attribute's address, (Ra - 0x80) / 16 its vector, Ra / 4 & 3 its
 * component). Both index the generic attributes alone, and so does this:
 * each word is a select over the generic input components the SPH's
 * input map enables (VTG, bytes 0x18-0x27: a 4-bit mask per vector), 0
 * for an address none of them has (what no reference settles: yuzu and
 * Ryujinx fall back to 0 or an unindexed read). Ra usually comes from
 * AL2P. */
static void emit_ald_indexed(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t rd = bits(insn, 0, 8), n = bits(insn, 47, 2) + 1;
    uint32_t vtx = arrayed_in(t) ? get_r(t, bits(insn, 39, 8)) : 0, v[4];
    uint32_t base = SPV_OP(b, SpvOpIAdd, t->t_u32, get_r(t, bits(insn, 8, 8)), cu(t, bits(insn, 20, 11)));
    for (uint32_t k = 0; k < n; k++) {
        uint32_t a = SPV_OP(b, SpvOpIAdd, t->t_u32, base, cu(t, 4 * k));
        v[k] = cu(t, 0);
        for (uint32_t i = 0; i < 32 && sph_of(t); i++) {
            uint32_t mask = (sph_of(t)[0x18 + i / 2] >> ((i & 1) * 4)) & 0xf;
            for (uint32_t c = 0; c < 4; c++) {
                if (!(mask >> c & 1))
                    continue;
                uint32_t addr = 0x80 + 16 * i + 4 * c;
                uint32_t hit = SPV_OP(b, SpvOpIEqual, t->t_bool, a, cu(t, addr));
                v[k] = select_u(t, hit, read_attr(t, addr, false, vtx), v[k]);
            }
        }
    }
    for (uint32_t k = 0; k < n; k++)
        set_r(t, rd + k > RZ ? RZ : rd + k, v[k]);
}

/* AST a[Ra + offset], Rb (not P): a store to the generic output at the
 * byte address Ra + offset (emit_attr says why the sum), + 4 per further word. Ryujinx InstEmitAttribute.cs
 * Ast's "Phys" form (InstAst.Phys: not P, offset 0, Ra not RZ) writes the
 * user attribute (Ra - 0x80) / 16, component Ra / 4 & 3, at the
 * invocation's vertex in a control shader; yuzu load_store_attribute.cpp
 * AST throws "Indexed store", though its HandleIndexed, which the code
 * after that would use, adds 4 per word (Ryujinx does not: the words are
 * taken as yuzu's, as emit_ald_indexed's). Each word is an OpSwitch on its
 * address with a case per generic output component the SPH's output map
 * enables (VTG OmapGenericVector, bytes 0x36-0x45: a 4-bit mask per
 * vector; yuzu program_header.h); an address none of them has is dropped,
 * as the hardware would not pass such a component on. */
static void emit_ast_indexed(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t rs = bits(insn, 0, 8), n = bits(insn, 47, 2) + 1;
    const uint8_t *sph = sph_of(t);
    uint32_t vtx = t->in->key.stage == MW_SPIRV_TESS_CTRL ? invocation_id_i(t) : 0;
    uint32_t base = SPV_OP(b, SpvOpIAdd, t->t_u32, get_r(t, bits(insn, 8, 8)), cu(t, bits(insn, 20, 11))), val[4];
    for (uint32_t k = 0; k < n; k++)
        val[k] = get_r(t, rs + k > RZ ? RZ : rs + k);
    uint32_t addr[128], nl = 0;
    for (uint32_t i = 0; i < 32 && sph; i++) {
        uint32_t mask = (sph[0x36 + i / 2] >> ((i & 1) * 4)) & 0xf;
        for (uint32_t c = 0; c < 4; c++)
            if (mask >> c & 1)
                addr[nl++] = 0x80 + 16 * i + 4 * c;
    }
    if (!nl)
        return;
    for (uint32_t k = 0; k < n && t->err == GLHLE_RESULT_OK; k++) {
        uint32_t sw[2 + 2 * 128], lab[128], merge = spv_id(b), nsw = 0;
        sw[nsw++] = SPV_OP(b, SpvOpIAdd, t->t_u32, base, cu(t, 4 * k));
        sw[nsw++] = merge;
        for (uint32_t j = 0; j < nl; j++) {
            lab[j] = spv_id(b);
            sw[nsw++] = addr[j];
            sw[nsw++] = lab[j];
        }
        SPV_VOID(b, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
        spv_op_void(b, SpvOpSwitch, sw, nsw);
        for (uint32_t j = 0; j < nl; j++) {
            spv_label(b, lab[j]);
            write_attr(t, addr[j], val[k], vtx);
            SPV_VOID(b, SpvOpBranch, merge);
        }
        spv_label(b, merge);
    }
}

/* AL2P Rd, Ra, offset (envydis gm107.c 0xefa0 "al2p": output 32, predicate
 * destination 44, Rd 0, Ra 8, signed 11-bit offset 20; Ryujinx
 * InstEmitAttribute.cs Al2p: Rd = Ra + the offset read unsigned, the
 * predicate left alone). The "physical" address an indexed ALD takes is
 * the attribute's byte address here (emit_ald_indexed), so Rd = Ra +
 * offset. The two readings of the offset agree below 0x400 only, and no
 * reference gives the predicate's value: both are refused past that. */
static void emit_al2p(tr *t, uint64_t insn)
{
    if (bit(insn, 30))
        return (void)UNSUPPORTED(t, "AL2P with an offset of 0x400 or more (envydis reads it signed, Ryujinx unsigned)");
    if (bits(insn, 44, 3) != PT)
        return (void)UNSUPPORTED(t, "AL2P with a predicate destination (no reference gives its value)");
    set_r(t, bits(insn, 0, 8), SPV_OP(&t->b, SpvOpIAdd, t->t_u32, get_r(t, bits(insn, 8, 8)), cu(t, bits(insn, 20, 11))));
}

/* IPA.IDX a[Ra] (bit 38, Ra not RZ): the fragment input at the byte
 * address Ra holds, the attribute field not added (yuzu
 * load_store_attribute.cpp IPA: GetAttributeIndexed(X(index_reg)) when idx
 * and Ra is not RZ; Ryujinx InstEmitAttribute.cs Ipa with Idx: user
 * attribute (Ra - 0x80) / 16, component Ra / 4 & 3). A select over the
 * generic input components the SPH's PS input map enables (ps_imap; none
 * without an SPH, as emit_ald_indexed), each read as the
 * unindexed IPA reads it (its interpolation from the map, centroid from
 * the sample mode); 0 for an address none has, as emit_ald_indexed.
 * Refused: IDX with Ra RZ (yuzu then reads the field's attribute, Ryujinx
 * address 0), with a nonzero field (both ignore it, but ALD adds its
 * offset, so the hardware may), and Ra without IDX. */
static uint32_t ipa_indexed(tr *t, uint32_t a, bool centroid)
{
    spv_builder *b = &t->b;
    uint32_t v = cu(t, 0);
    for (uint32_t i = 0; i < 32 && t->in->sph; i++)
        for (uint32_t c = 0; c < 4; c++) {
            if (!(ps_imap(t, i) >> (2 * c) & 3))
                continue;
            uint32_t addr = 0x80 + 16 * i + 4 * c;
            uint32_t hit = SPV_OP(b, SpvOpIEqual, t->t_bool, a, cu(t, addr));
            v = select_u(t, hit, read_attr(t, addr, centroid, 0), v);
        }
    return v;
}

static void emit_attr(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    const uint32_t rd = bits(insn, 0, 8), ra = bits(insn, 8, 8);
    const mw_spirv_stage st = (mw_spirv_stage)t->in->key.stage;
    if (row->op == OP_IPA) {
        /* attribute 28-37, index register 8 (must be RZ here), interpolation
         * mode 54-55 (pass, multiply, constant, sc), sample mode 52-53
         * (default, centroid, offset), sat 51 (envydis e000). The attribute's
         * interpolation is the input variable's decoration, so multiply mode
         * reads the perspective-correct value GL interpolates itself and the
         * multiplier register is not needed (yuzu translate/impl/
         * load_store_attribute.cpp IPA does the same). */
        const bool idx = bit(insn, 38);
        if (idx != (ra != RZ) || (idx && bits(insn, 28, 10)))
            return (void)UNSUPPORTED(t, "IPA with an index register or IDX but IPA.IDX a[Ra] (attribute field 0, Ra not RZ)");
        uint32_t smode = bits(insn, 52, 2);
        if (smode == 2)
            return (void)UNSUPPORTED(t, "IPA.OFFSET");
        uint32_t v = idx ? ipa_indexed(t, get_r(t, ra), smode == 1) : read_attr(t, bits(insn, 28, 10), smode == 1, 0);
        if (bit(insn, 51))
            v = as_u(t, fsat(t, as_f(t, v), true));
        set_r(t, rd, v);
        return;
    }
    /* ALD/AST: offset 20-30, count-1 47-48, patch 31, output 32 (ALD),
     * index register 8, vertex register 39 (envydis efd8 / eff0) */
    const uint32_t off = bits(insn, 20, 11), n = bits(insn, 47, 2) + 1, vreg = bits(insn, 39, 8);
    const bool patch = bit(insn, 31), output = row->op == OP_ALD && bit(insn, 32);
    const bool tess = st == MW_SPIRV_TESS_CTRL || st == MW_SPIRV_TESS_EVAL;
    /* a[Ra + offset]: the sum (envydis prints the operand so; Mesa's nvc0
     * lowering, which made the corpus, emits ALD.P/AST.P a[Ra + base] for an
     * indirect patch access and folds a generic one's base into AL2P, so
     * an offset and a register are both live only as a sum). yuzu's
     * indexed ALD drops the offset, Ryujinx's ALD/AST with an offset drop
     * the register: each agrees with the sum where the term it drops is
     * 0. Indexed patch accesses stay refused: yuzu throws ("Indirect patch
     * read", "Indexed tessellation patch store") and Ryujinx reads the
     * offset alone, so no reference translates one. */
    if (ra != RZ) {
        if (off & 3)
            return (void)BAD(t, "misaligned attribute address");
        if (row->op == OP_ALD && !patch && !output && st != MW_SPIRV_FRAGMENT)
            return emit_ald_indexed(t, insn);
        if (row->op == OP_AST && !patch)
            return emit_ast_indexed(t, insn);
        return (void)UNSUPPORTED(t, "ALD/AST with an index register but for ALD a[Ra + offset] of inputs and AST "
                                    "a[Ra + offset] of outputs (no reference translates an indexed P, ALD.O or "
                                    "indexed ALD in a fragment shader)");
    }
    if (off & 3)
        return (void)BAD(t, "misaligned attribute address");
    if (patch && (!tess || (row->op == OP_AST && st != MW_SPIRV_TESS_CTRL)))
        return (void)BAD(t, "a patch attribute access this stage cannot make");
    /* ALD.O: a control shader reads its outputs; an evaluation shader reads
     * its tessellation coordinate that way (uam: `ld o b64 a[0x2f0]`) */
    if (output && !patch && st != MW_SPIRV_TESS_CTRL &&
        !(st == MW_SPIRV_TESS_EVAL && off >= 0x2f0 && off + 4 * n <= 0x2f8))
        return (void)UNSUPPORTED(t, "ALD.O of these attributes in this stage");
    uint32_t vtx = 0;
    if (row->op == OP_ALD && !patch && (arrayed_in(t) || output))
        vtx = get_r(t, vreg);
    if (row->op == OP_AST && st == MW_SPIRV_TESS_CTRL && !patch)
        vtx = invocation_id_i(t);
    for (uint32_t k = 0; k < n && t->err == GLHLE_RESULT_OK; k++) {
        uint32_t addr = off + 4 * k, r = rd + k > RZ ? RZ : rd + k;
        if (row->op == OP_AST) {
            if (!patch) {
                write_attr(t, addr, get_r(t, r), vtx);
            } else {
                uint32_t ptr = patch_ptr(t, addr);
                if (ptr)
                    SPV_VOID(b, SpvOpStore, ptr, as_f(t, get_r(t, r)));
            }
            continue;
        }
        uint32_t v;
        if (patch) {
            uint32_t ptr = patch_ptr(t, addr);
            v = ptr ? as_u(t, SPV_OP(b, SpvOpLoad, t->t_f32, ptr)) : cu(t, 0);
        } else if (output && st == MW_SPIRV_TESS_CTRL) {
            uint32_t sty, ptr = output_ptr(t, addr, clamp_index(t, vtx, t->vtx_out), &sty);
            v = !ptr ? cu(t, 0) : sty == t->t_u32 ? SPV_OP(b, SpvOpLoad, sty, ptr)
                                                   : SPV_OP(b, SpvOpBitcast, t->t_u32, SPV_OP(b, SpvOpLoad, sty, ptr));
        } else {
            v = read_attr(t, addr, false, vtx);
        }
        set_r(t, r, v);
    }
}

/* ISBERD Rd, p[Ra] (envydis efd0): the attribute-buffer address of vertex
 * Ra. GL gives each invocation its own primitive's vertices, numbered from
 * 0, which ALD's vertex operand indexes, so the address is the number
 * itself (yuzu internal_stage_buffer_entry_read.cpp: a move; skew, output
 * and the other modes refused as there). */
static void emit_isberd(tr *t, uint64_t insn)
{
    if (!arrayed_in(t))
        return (void)BAD(t, "ISBERD outside a geometry or tessellation shader");
    if (bit(insn, 31) || bit(insn, 32) || bits(insn, 33, 2) || bits(insn, 47, 2))
        return (void)UNSUPPORTED(t, "ISBERD with skew, output, a mode or a size");
    set_r(t, bits(insn, 0, 8), get_r(t, bits(insn, 8, 8)));
}

/* OUT Rd, Ra, stream (envydis fbe0 / ebe0 / f6e0: mode 39-40 EMIT CUT
 * EMIT_THEN_CUT; the stream the second source, yuzu translate/impl
 * output_geometry.cpp): EmitVertex / EndPrimitive on stream 0,
 * OpEmitStreamVertex / OpEndStreamPrimitive on streams 1-3 (GeometryStreams;
 * points only, stream_ok). SPIR-V's stream is a constant: the immediate
 * form 0-3, or RZ; a register, a constant buffer or an immediate past 3
 * (yuzu keeps its low 2 bits; no reference says the hardware does) is
 * refused. Rd is the next output vertex's handle, an operand only of AST
 * and OUT, which GL's EmitVertex order makes unnecessary: it reads 0. */
static void emit_out(tr *t, uint64_t insn, const op_row *row)
{
    if (t->in->key.stage != MW_SPIRV_GEOMETRY)
        return (void)BAD(t, "OUT outside a geometry shader");
    if (row->bk == BK_C || (row->bk == BK_R && bits(insn, 20, 8) != RZ))
        return (void)UNSUPPORTED(t, "OUT with its vertex stream in a register or constant buffer");
    const uint32_t stream = row->bk == BK_I ? bits(insn, 20, 19) | bit(insn, 56) << 19 : 0;
    if (stream > 3) {
        char why[48];
        snprintf(why, sizeof why, "OUT to vertex stream 0x%x (not 0-3)", stream);
        return (void)BAD(t, why);
    }
    uint32_t mode = bits(insn, 39, 2);
    if (mode == 0)
        return (void)BAD(t, "OUT with neither emit nor cut");
    if (!stream_ok(t, stream, "OUT"))
        return;
    if (mode & 1) {
        if (stream)
            SPV_VOID(&t->b, SpvOpEmitStreamVertex, cu(t, stream));
        else
            SPV_VOID(&t->b, SpvOpEmitVertex);
    }
    if (mode & 2) {
        if (stream)
            SPV_VOID(&t->b, SpvOpEndStreamPrimitive, cu(t, stream));
        else
            SPV_VOID(&t->b, SpvOpEndPrimitive);
    }
    set_r(t, bits(insn, 0, 8), cu(t, 0));
}

/* LDC: Rd, Ra + signed offset 20-35 into buffer 36-40, size 48-50 (U8 S8 U16 S16 32 64), mode 44-45 */
static void emit_ldc(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t rd = bits(insn, 0, 8);
    uint32_t size = bits(insn, 48, 3);
    if (bits(insn, 44, 2))
        return (void)UNSUPPORTED(t, "LDC.IL/IS/ISL");
    if (size != 4 && size != 5)
        return (void)UNSUPPORTED(t, "LDC of 8 or 16 bits");
    int32_t off = (int32_t)(bits(insn, 20, 16) << 16) >> 16;
    uint32_t addr = SPV_OP(b, SpvOpIAdd, t->t_u32, get_r(t, bits(insn, 8, 8)), cu(t, (uint32_t)off));
    uint32_t idx = bits(insn, 36, 5);
    set_r(t, rd, cbuf_load(t, idx, addr));
    if (size == 5)
        set_r(t, rd + 1 > RZ ? RZ : rd + 1, cbuf_load(t, idx, SPV_OP(b, SpvOpIAdd, t->t_u32, addr, cu(t, 4))));
}

/* ---- local and shared memory ----
 *
 * Both are u32 arrays with one sink word past their end: an access past the
 * size reads 0 and writes the sink, a bounded stand-in for the hardware's
 * out-of-range behaviour. Local memory (LDL/STL) is a Function array as
 * large as the SPH's ShaderLocalMemoryLowSize (bytes 4-6; open-gpu-doc
 * Shader-Program-Header), at most 16 KiB, 16 bytes when there is no SPH.
 * Shared memory (LDS/STS/ATOMS, compute only) is a Workgroup array of
 * mw_spirv_input.shared_bytes (the QMD's SHARED_MEMORY_SIZE), at most 48 KiB
 * (GM20B's per-block limit). */

typedef struct word_array {
    uint32_t var, words, ptr_type; /* ptr_type: pointer to one u32 word */
    bool shared;
} word_array;

static bool memory_array(tr *t, bool shared, word_array *a)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    SpvStorageClass sc = shared ? SpvStorageClassWorkgroup : SpvStorageClassFunction;
    uint32_t *var = shared ? &t->shared_var : &t->local_var, *words = shared ? &t->shared_words : &t->local_words;
    if (!*var) {
        uint32_t bytes;
        if (shared) {
            if (t->in->key.stage != MW_SPIRV_COMPUTE) {
                BAD(t, "shared memory outside a compute shader");
                return false;
            }
            bytes = t->in->shared_bytes;
            if (!bytes) {
                UNSUPPORTED(t, "shared memory with no shared memory size");
                return false;
            }
            if (bytes > 49152) {
                fail(t, GLHLE_RESULT_LIMIT_EXCEEDED, "shared memory over 48 KiB", "");
                return false;
            }
        } else {
            const uint8_t *sph = t->in->sph;
            bytes = sph ? (uint32_t)sph[4] | (uint32_t)sph[5] << 8 | (uint32_t)sph[6] << 16 : 0;
            if (t->a_n) { /* joined: one array of the larger size (yuzu MergeDualVertexPrograms) */
                const uint32_t va = (uint32_t)t->a_sph[4] | (uint32_t)t->a_sph[5] << 8 | (uint32_t)t->a_sph[6] << 16;
                bytes = va > bytes ? va : bytes;
            }
            bytes = bytes < 16 ? 16 : bytes > 16384 ? 16384 : bytes;
        }
        *words = (bytes + 3) / 4;
        uint32_t arr = spv_type_array(b, u, cu(t, *words + 1), false);
        uint32_t pt = spv_type_pointer(b, sc, arr);
        *var = shared ? spv_global_var(b, pt, sc, 0) : spv_local_var(b, pt, 0);
        spv_name(b, *var, shared ? "shared_mem" : "local_mem");
    }
    a->var = *var;
    a->words = *words;
    a->ptr_type = spv_type_pointer(b, sc, u);
    a->shared = shared;
    return true;
}

/* the word `w` (a u32 id) of the array, the sink past its end; *inside: whether it is in range */
static uint32_t array_word(tr *t, const word_array *a, uint32_t w, uint32_t *inside)
{
    spv_builder *b = &t->b;
    *inside = SPV_OP(b, SpvOpULessThan, t->t_bool, w, cu(t, a->words));
    uint32_t idx = SPV_GLSL(b, t->t_u32, GLSLstd450UMin, w, cu(t, a->words));
    return SPV_OP(b, SpvOpAccessChain, a->ptr_type, a->var, idx);
}

static uint32_t atomic_scope(tr *t, bool shared)
{
    return cu(t, shared ? SpvScopeWorkgroup : SpvScopeDevice);
}

/* An 8/16-bit store into the word at ptr: the other bytes stay. Shared
 * memory takes an atomic AND then OR, so stores to the other bytes of the
 * word from other invocations are not lost. */
static void store_subword(tr *t, const word_array *a, uint32_t ptr, uint32_t shift, uint32_t mask, uint32_t v)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    uint32_t keep = SPV_OP(b, SpvOpNot, u, SPV_OP(b, SpvOpShiftLeftLogical, u, cu(t, mask), shift));
    uint32_t put = SPV_OP(b, SpvOpShiftLeftLogical, u, SPV_OP(b, SpvOpBitwiseAnd, u, v, cu(t, mask)), shift);
    if (a->shared) {
        uint32_t sc = atomic_scope(t, true), sem = cu(t, 0);
        SPV_OP(b, SpvOpAtomicAnd, u, ptr, sc, sem, keep);
        SPV_OP(b, SpvOpAtomicOr, u, ptr, sc, sem, put);
        return;
    }
    uint32_t old = SPV_OP(b, SpvOpLoad, u, ptr);
    SPV_VOID(b, SpvOpStore, ptr, SPV_OP(b, SpvOpBitwiseOr, u, SPV_OP(b, SpvOpBitwiseAnd, u, old, keep), put));
}

/* LDL/STL/LDS/STS: Rd 0, address Ra + signed 24-bit offset at 20, size
 * 48-50 (u8 s8 u16 s16 b32 b64 b128, 7 = b128; envydis ef40/ef50/ef48/ef58
 * and tabef58sz). Narrow loads zero- or sign-extend the byte or half the
 * address names (little-endian, the low bits of the address; a 16-bit
 * access uses bit 1 only). */
static void emit_memory(tr *t, uint64_t insn, bool shared, bool store)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    word_array a;
    if (!memory_array(t, shared, &a))
        return;
    uint32_t size = bits(insn, 48, 3), n = size == 4 ? 1 : size == 5 ? 2 : size >= 6 ? 4 : 0;
    int32_t off = (int32_t)(bits(insn, 20, 24) << 8) >> 8;
    uint32_t addr = SPV_OP(b, SpvOpIAdd, u, get_r(t, bits(insn, 8, 8)), cu(t, (uint32_t)off));
    uint32_t word = SPV_OP(b, SpvOpShiftRightLogical, u, addr, cu(t, 2));
    const uint32_t rd = bits(insn, 0, 8);
    if (!n) {
        bool half = size >= 2, sgn = size & 1;
        uint32_t width = half ? 16 : 8;
        uint32_t shift = SPV_OP(b, SpvOpShiftLeftLogical, u, SPV_OP(b, SpvOpBitwiseAnd, u, addr, cu(t, half ? 2 : 3)),
                                cu(t, 3));
        uint32_t inside, ptr = array_word(t, &a, word, &inside);
        if (store) {
            store_subword(t, &a, ptr, shift, half ? 0xffff : 0xff, get_r(t, rd));
            return;
        }
        uint32_t v = SPV_OP(b, sgn ? SpvOpBitFieldSExtract : SpvOpBitFieldUExtract, u, SPV_OP(b, SpvOpLoad, u, ptr),
                            shift, cu(t, width));
        set_r(t, rd, select_u(t, inside, v, cu(t, 0)));
        return;
    }
    uint32_t val[4] = {0};
    if (store)
        for (uint32_t k = 0; k < n; k++)
            val[k] = get_r(t, rd + k > RZ ? RZ : rd + k);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t inside, ptr = array_word(t, &a, SPV_OP(b, SpvOpIAdd, u, word, cu(t, k)), &inside);
        if (store)
            SPV_VOID(b, SpvOpStore, ptr, val[k]);
        else
            set_r(t, rd + k > RZ ? RZ : rd + k, select_u(t, inside, SPV_OP(b, SpvOpLoad, u, ptr), cu(t, 0)));
    }
}

/* Opens a loop construct in the open block: a branch to a new header
 * holding the OpLoopMerge, then the body's label (the caller's code
 * follows). Returns the header, for the continue block's back edge. */
static uint32_t open_loop(spv_builder *b, uint32_t merge, uint32_t cont)
{
    uint32_t header = spv_id(b), body = spv_id(b);
    SPV_VOID(b, SpvOpBranch, header);
    spv_label(b, header);
    SPV_VOID(b, SpvOpLoopMerge, merge, cont, SpvLoopControlMaskNone);
    SPV_VOID(b, SpvOpBranch, body);
    spv_label(b, body);
    return header;
}

/* ---- atomics ---- */

/* envydis gm107.c tabec00_0 / taged00_0 / tabebf8_0 order */
enum { AT_ADD, AT_MIN, AT_MAX, AT_INC, AT_DEC, AT_AND, AT_OR, AT_XOR, AT_EXCH, AT_CAS = 0xff };

/* A float's bits with a denormal flushed to the zero of its sign */
static uint32_t ftz_bits(tr *t, uint32_t x)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    uint32_t denorm = SPV_OP(b, SpvOpIEqual, t->t_bool, SPV_OP(b, SpvOpBitwiseAnd, u, x, cu(t, 0x7f800000u)), cu(t, 0));
    return select_u(t, denorm, SPV_OP(b, SpvOpBitwiseAnd, u, x, cu(t, 0x80000000u)), x);
}

/* The read-modify-write the atomics without a SPIR-V instruction need
 * (INC, DEC, float add): a compare-and-swap loop until no other invocation
 * changed the word in between. An image texel pointer is first read with
 * an atomic add of 0: SPIRV-Cross writes no GLSL for a plain OpLoad of one
 * (it wrote `uint x = (img, coord);`). The float add is ATOM/RED .F32's
 * FTZ.RN (envydis gm107.c tabed00sz / tabebf8sz "ftz rn f32"; PTX ISA
 * atom: .add.f32 rounds to nearest even and flushes subnormal inputs and
 * results to sign-preserving zero): both operands and the sum flushed
 * here, the add itself GL's, which rounds to nearest even. A float
 * atomic add instruction is no help: Debian's SPIRV-Cross (1.3.239)
 * refuses OpAtomicFAddEXT outside Vulkan GLSL ("Floating point atomics
 * requires Vulkan semantics"), and GL leaves a host add's denormals open
 * (llvmpipe flushes them, other drivers need not). */
static uint32_t atomic_cas_loop(tr *t, uint32_t ptr, uint32_t scope, uint32_t op, bool is_float, uint32_t v,
                                bool image)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32, sem = cu(t, 0);
    uint32_t cur = spv_local_var(b, t->p_fn_u32, 0);
    if (is_float)
        v = ftz_bits(t, v);
    SPV_VOID(b, SpvOpStore, cur,
             image ? SPV_OP(b, SpvOpAtomicIAdd, u, ptr, scope, sem, cu(t, 0)) : SPV_OP(b, SpvOpLoad, u, ptr));
    uint32_t cont = spv_id(b), merge = spv_id(b), header = open_loop(b, merge, cont);
    uint32_t old = SPV_OP(b, SpvOpLoad, u, cur), next;
    if (is_float) {
        next = ftz_bits(t, as_u(t, SPV_OP(b, SpvOpFAdd, t->t_f32, as_f(t, ftz_bits(t, old)), as_f(t, v))));
    } else if (op == AT_INC) { /* PTX atom.inc: old >= b ? 0 : old + 1 */
        next = select_u(t, SPV_OP(b, SpvOpUGreaterThanEqual, t->t_bool, old, v), cu(t, 0),
                        SPV_OP(b, SpvOpIAdd, u, old, cu(t, 1)));
    } else { /* PTX atom.dec: old == 0 || old > b ? b : old - 1 */
        uint32_t wrap = SPV_OP(b, SpvOpLogicalOr, t->t_bool, SPV_OP(b, SpvOpIEqual, t->t_bool, old, cu(t, 0)),
                               SPV_OP(b, SpvOpUGreaterThan, t->t_bool, old, v));
        next = select_u(t, wrap, v, SPV_OP(b, SpvOpISub, u, old, cu(t, 1)));
    }
    uint32_t seen = SPV_OP(b, SpvOpAtomicCompareExchange, u, ptr, scope, sem, sem, next, old);
    SPV_VOID(b, SpvOpStore, cur, seen);
    SPV_VOID(b, SpvOpBranchConditional, SPV_OP(b, SpvOpIEqual, t->t_bool, seen, old), merge, cont);
    spv_label(b, cont);
    SPV_VOID(b, SpvOpBranch, header);
    spv_label(b, merge);
    return SPV_OP(b, SpvOpLoad, u, cur);
}

/* One atomic on the u32 at ptr; the word's old value. cmp: CAS's comparand. */
static uint32_t atomic_op(tr *t, uint32_t ptr, bool shared, uint32_t op, bool is_signed, bool is_float, uint32_t v,
                          uint32_t cmp)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32, sc = atomic_scope(t, shared), sem = cu(t, 0);
    if (is_float || op == AT_INC || op == AT_DEC)
        return atomic_cas_loop(t, ptr, sc, op, is_float, v, false);
    static const SpvOp ops[9] = {SpvOpAtomicIAdd, SpvOpAtomicUMin, SpvOpAtomicUMax, SpvOpNop,         SpvOpNop,
                                 SpvOpAtomicAnd,  SpvOpAtomicOr,   SpvOpAtomicXor,  SpvOpAtomicExchange};
    if (op == AT_CAS)
        return SPV_OP(b, SpvOpAtomicCompareExchange, u, ptr, sc, sem, sem, v, cmp);
    SpvOp o = ops[op];
    if (is_signed && op == AT_MIN)
        o = SpvOpAtomicSMin;
    if (is_signed && op == AT_MAX)
        o = SpvOpAtomicSMax;
    return SPV_OP(b, o, u, ptr, sc, sem, v);
}

/* ATOMS Rd, s[Ra + s22 at 30, in words], Rb (envydis ec00: op 52-55, size
 * 28-29 U32 S32 U64 S64); ATOMS.CAS (ee00: 53-54 = 2, b64 52): compare Rb,
 * new value Rb + 1 (Mesa's GM107 emitter puts the pair at 20). */
static void emit_atoms(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32, rd = bits(insn, 0, 8), rb = bits(insn, 20, 8);
    bool cas = mw_sass_lookup(insn) == MW_SASS_OP_ATOMS_CAS;
    uint32_t op = cas ? AT_CAS : bits(insn, 52, 4), size = bits(insn, 28, 2);
    if (cas && (bits(insn, 53, 2) != 2 || bit(insn, 52)))
        return (void)UNSUPPORTED(t, "ATOMS.CAST or a 64-bit ATOMS.CAS");
    if (!cas && size >= 2)
        return (void)UNSUPPORTED(t, "a 64-bit ATOMS (no 64-bit atomic extension is used: GL core has none)");
    if (!cas && op > AT_EXCH)
        return (void)UNSUPPORTED(t, "ATOMS with a reserved operation");
    word_array a;
    if (!memory_array(t, true, &a))
        return;
    int32_t off = (int32_t)(bits(insn, 30, 22) << 10) >> 10;
    uint32_t addr = SPV_OP(b, SpvOpIAdd, u, get_r(t, bits(insn, 8, 8)), cu(t, (uint32_t)off * 4));
    uint32_t inside, ptr = array_word(t, &a, SPV_OP(b, SpvOpShiftRightLogical, u, addr, cu(t, 2)), &inside);
    uint32_t v = get_r(t, cas ? (rb + 1 > RZ ? RZ : rb + 1) : rb), cmp = cas ? get_r(t, rb) : 0;
    uint32_t old = atomic_op(t, ptr, true, op, size == 1, false, v, cmp);
    set_r(t, rd, select_u(t, inside, old, cu(t, 0)));
}

/* BAR (envydis f0a8: mode tabf0a8_0 in bits 32-39, barrier u8 at 8 with 44,
 * thread count u12 at 20 with 43, else registers R8 and R20; uam writes
 * `bar sync RZ RZ`): BAR.SYNC of the whole block is GL's
 * barrier() (OpControlBarrier at workgroup scope, which also orders shared
 * and buffer memory as bar.sync does: PTX ISA "bar.sync"). Every barrier
 * number waits for all threads the same way, so the number does not
 * matter. ARRIVE, the reductions and partial thread counts have no GL form. */
static void emit_bar(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    if (t->in->key.stage != MW_SPIRV_COMPUTE)
        return (void)UNSUPPORTED(t, "BAR outside a compute shader");
    if ((insn & 0x0000009b00000000ull) != 0x0000008000000000ull)
        return (void)UNSUPPORTED(t, "BAR.ARRIVE / BAR.RED / BAR.SCAN");
    /* the count: u12 at 20 with 43, else R20; 0 (or RZ) is the whole block */
    if (bit(insn, 43) ? bits(insn, 20, 12) != 0 : bits(insn, 20, 8) != RZ)
        return (void)UNSUPPORTED(t, "BAR.SYNC with a thread count");
    uint32_t sem = SpvMemorySemanticsAcquireReleaseMask | SpvMemorySemanticsWorkgroupMemoryMask |
                   SpvMemorySemanticsUniformMemoryMask | SpvMemorySemanticsImageMemoryMask;
    SPV_VOID(b, SpvOpControlBarrier, cu(t, SpvScopeWorkgroup), cu(t, SpvScopeWorkgroup), cu(t, sem));
}

/* MEMBAR (envydis ef98: level 8-9 CTA GL SYS VC): a memory barrier at
 * workgroup (CTA) or device scope over buffer, shared and image memory. */
static void emit_membar(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    uint32_t sem = SpvMemorySemanticsAcquireReleaseMask | SpvMemorySemanticsWorkgroupMemoryMask |
                   SpvMemorySemanticsUniformMemoryMask | SpvMemorySemanticsImageMemoryMask;
    SPV_VOID(b, SpvOpMemoryBarrier, cu(t, bits(insn, 8, 2) == 0 ? SpvScopeWorkgroup : SpvScopeDevice), cu(t, sem));
}

/* ---- textures ---- */

/* Whether slot kind k (MW_TEX_*) is a 1D texture the host holds as a 2D one
 * of height 1 (mw_spirv_input.tex_1d_as_2d). */
static bool flat_1d(const tr *t, uint32_t k)
{
    return t->in->tex_1d_as_2d && (k == MW_TEX_1D || k == MW_TEX_1D_ARRAY);
}

/* A 1D coordinate (x, or x and the layer) as the 2D one of a height-1
 * image: y goes between x and the layer, 0.5 for sampling (the row's
 * centre at every level, so no filter or wrap mode reaches past it: the
 * sampler's WRAP_T is the guest's address_v, which a 1D texture never
 * reads) and 0 for fetches. SPIRV-Cross's own ES stand-in for Dim1D samples
 * at y = 0.0 (half the border colour under CLAMP_TO_BORDER and linear
 * filtering) and passes textureOffset and textureGrad a scalar where ES
 * wants a vec2, so the translator declares the images 2D itself. */
static uint32_t widen_1d(tr *t, uint32_t coord, bool arrayed, bool integer)
{
    spv_builder *b = &t->b;
    const uint32_t s = integer ? t->t_i32 : t->t_f32, y = integer ? spv_const_i32(b, 0) : cf(t, 0.5f);
    if (!arrayed)
        return SPV_OP(b, SpvOpCompositeConstruct, spv_type_vector(b, s, 2), coord, y);
    const uint32_t x = SPV_OP(b, SpvOpCompositeExtract, s, coord, 0), layer = SPV_OP(b, SpvOpCompositeExtract, s, coord, 1);
    return SPV_OP(b, SpvOpCompositeConstruct, spv_type_vector(b, s, 3), x, y, layer);
}

/* The slot of a bound handle: word `word` of the handle buffer, numbered
 * from key.tex_handle_offset (maxwell_spirv.h); false outside the table. */
static bool slot_of_handle(const mw_spirv_input *in, uint32_t word, uint32_t *slot)
{
    const uint32_t byte = word * 4;
    if (byte < in->key.tex_handle_offset || (byte - in->key.tex_handle_offset) / 4 >= MW_SPIRV_TEX_SLOTS)
        return false;
    *slot = (byte - in->key.tex_handle_offset) / 4;
    return true;
}

/* the slot of a handle texture_var accepted */
static uint32_t slot_of(const tr *t, uint32_t handle_word)
{
    uint32_t slot = 0;
    slot_of_handle(t->in, handle_word, &slot);
    return slot;
}

static uint32_t texture_var(tr *t, uint32_t handle_word, uint32_t *result_type)
{
    spv_builder *b = &t->b;
    uint32_t slot;
    if (!slot_of_handle(t->in, handle_word, &slot)) {
        BAD(t, "texture handle outside the stage's handle table");
        return 0;
    }
    uint8_t kind = t->in->key.tex[slot];
    if (!t->tex[slot]) {
        static const SpvDim dims[10] = {SpvDim2D, SpvDim1D, SpvDim2D, SpvDim3D, SpvDimCube,
                                        SpvDim1D, SpvDim2D, SpvDimCube, SpvDim2D, SpvDim2D};
        uint32_t k = kind & MW_TEX_KIND_MASK;
        if (k == MW_TEX_NONE || k > MW_TEX_2D_MS_ARRAY) {
            UNSUPPORTED(t, "sampling a texture slot the key leaves unbound");
            return 0;
        }
        SpvDim dim = dims[k];
        if (flat_1d(t, k))
            dim = SpvDim2D;
        else if (k == MW_TEX_1D || k == MW_TEX_1D_ARRAY)
            spv_capability(b, SpvCapabilitySampled1D);
        if (k == MW_TEX_CUBE_ARRAY)
            spv_capability(b, SpvCapabilitySampledCubeArray);
        uint32_t st = kind & MW_TEX_SINT ? t->t_i32 : kind & MW_TEX_UINT ? t->t_u32 : t->t_f32;
        bool arrayed = k == MW_TEX_1D_ARRAY || k == MW_TEX_2D_ARRAY || k == MW_TEX_CUBE_ARRAY || k == MW_TEX_2D_MS_ARRAY;
        const bool ms = k == MW_TEX_2D_MS || k == MW_TEX_2D_MS_ARRAY;
        if (ms && (kind & MW_TEX_SHADOW)) {
            UNSUPPORTED(t, "a depth-compare multisample texture");
            return 0;
        }
        uint32_t img = spv_type_image(b, st, dim, kind & MW_TEX_SHADOW ? 1 : 0, arrayed, ms, 1,
                                      SpvImageFormatUnknown);
        t->tex_type[slot] = spv_type_sampled_image(b, img);
        t->tex_image_type[slot] = img;
        t->tex[slot] = spv_global_var(b, spv_type_pointer(b, SpvStorageClassUniformConstant, t->tex_type[slot]),
                                      SpvStorageClassUniformConstant, 0);
        spv_decorate(b, t->tex[slot], SpvDecorationDescriptorSet, SPV_ARGS(1));
        spv_decorate(b, t->tex[slot], SpvDecorationBinding, SPV_ARGS(slot));
        char name[16];
        snprintf(name, sizeof name, "tex%u", slot);
        spv_name(b, t->tex[slot], name);
        t->res->tex_mask |= 1u << slot;
    }
    *result_type = kind & MW_TEX_SINT ? t->t_v4i : kind & MW_TEX_UINT ? t->t_v4u : t->t_v4f;
    if (kind & MW_TEX_SHADOW)
        *result_type = t->t_f32;
    return SPV_OP(b, SpvOpLoad, t->tex_type[slot], t->tex[slot]);
}

static void store_compact(tr *t, uint64_t insn, uint32_t res, uint32_t rt, bool dref);

/* the image type of a handle's slot (texture_var declared it) */
static uint32_t image_type_of(tr *t, uint32_t handle_word)
{
    return t->tex_image_type[slot_of(t, handle_word)];
}

/* Texel coordinates (MW_TEX_UNNORM) to GL's normalised ones: the first
 * `spatial` of the `n` components of `coord` (a scalar when n is 1; an
 * array layer, which stays an index, comes after them) divided by level
 * 0's size, textureSize(tex, 0) -- what yuzu's texture pass
 * (PatchImageSampleImplicitLod) and Ryujinx's shader rewriter
 * (coordinate normalisation) do. Chosen over a rectangle texture: GLSL
 * ES 3.20 has no sampler2DRect, and GL's rectangle target takes no mips,
 * arrays, 3D or REPEAT, which the header allows with unnormalised
 * coordinates. Derivatives (TXD) are divided alike. Identity for slots
 * without the flag. */
static uint32_t unnormalize(tr *t, uint32_t handle_word, uint32_t s, uint32_t coord, uint32_t n, uint32_t spatial)
{
    spv_builder *b = &t->b;
    const uint32_t slot = slot_of(t, handle_word);
    const uint8_t kind = t->in->key.tex[slot];
    const uint32_t k = kind & MW_TEX_KIND_MASK;
    if (!(kind & MW_TEX_UNNORM) || k == MW_TEX_CUBE || k == MW_TEX_CUBE_ARRAY)
        return coord;
    spv_capability(b, SpvCapabilityImageQuery);
    const bool arrayed = k == MW_TEX_1D_ARRAY || k == MW_TEX_2D_ARRAY;
    /* the size query's components: the spatial ones, then the layers */
    const uint32_t dims = (k == MW_TEX_1D || k == MW_TEX_1D_ARRAY ? 1 : k == MW_TEX_3D ? 3 : 2) + (arrayed ? 1 : 0);
    /* a 1D slot declared 2D (flat_1d): its coordinates come widened (x, y,
     * layer; widen_1d), the query answers the height (1) too, and y is
     * divided by it, unchanged */
    const bool flat = flat_1d(t, k);
    const uint32_t qdims = flat ? dims + 1 : dims;
    if (flat)
        n++, spatial++;
    uint32_t img = SPV_OP(b, SpvOpImage, t->tex_image_type[slot], s);
    uint32_t size = SPV_OP(b, SpvOpImageQuerySizeLod, qdims == 1 ? t->t_i32 : spv_type_vector(b, t->t_i32, qdims), img,
                           spv_const_i32(b, 0));
    uint32_t parts[4];
    for (uint32_t i = 0; i < n && i < 4; i++) {
        if (i >= spatial) {
            parts[i] = cf(t, 1.0f);
            continue;
        }
        uint32_t c = qdims == 1 ? size : SPV_OP(b, SpvOpCompositeExtract, t->t_i32, size, i);
        parts[i] = SPV_OP(b, SpvOpConvertSToF, t->t_f32, c);
    }
    uint32_t div = n == 1 ? parts[0] : spv_op(b, SpvOpCompositeConstruct, spv_type_vector(b, t->t_f32, n), parts, n);
    return SPV_OP(b, SpvOpFDiv, n == 1 ? t->t_f32 : spv_type_vector(b, t->t_f32, n), coord, div);
}

/* TEXS: encoding 53-56, component mask 50-52, f32 result 59, registers
 * Rd 0, Rd2 28, Ra 8, Rb 20, handle 36-48 (envydis d000; the encoding
 * table and the register use per encoding follow yuzu
 * translate/impl/texture_fetch_swizzled.cpp) */
static void emit_texs(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t ra = bits(insn, 8, 8), rb = bits(insn, 20, 8), enc = bits(insn, 53, 4);
    if (!bit(insn, 59))
        return (void)UNSUPPORTED(t, "TEXS with f16 results");
    uint32_t rt;
    uint32_t s = texture_var(t, bits(insn, 36, 13), &rt);
    if (!s)
        return;
    uint32_t slot = slot_of(t, bits(insn, 36, 13));
    uint8_t kind = t->in->key.tex[slot];
    uint32_t k = kind & MW_TEX_KIND_MASK;
    bool shadow = (kind & MW_TEX_SHADOW) != 0;
    static const uint8_t want_kind[14] = {MW_TEX_1D, MW_TEX_2D, MW_TEX_2D, MW_TEX_2D, MW_TEX_2D, MW_TEX_2D, MW_TEX_2D,
                                          MW_TEX_2D_ARRAY, MW_TEX_2D_ARRAY, MW_TEX_2D_ARRAY, MW_TEX_3D, MW_TEX_3D,
                                          MW_TEX_CUBE, MW_TEX_CUBE};
    static const bool want_dc[14] = {0, 0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0};
    if (enc >= 14)
        return (void)BAD(t, "TEXS encoding 14 or 15");
    if (want_kind[enc] != k || want_dc[enc] != shadow)
        return (void)UNSUPPORTED(t, "TEXS whose target differs from the bound texture's kind");
    uint32_t f = t->t_f32;
    uint32_t zero = cf(t, 0.0f);
    uint32_t coord = 0, lod = 0, dref = 0;
    bool explicit_lod = false;
    uint32_t v2 = t->t_v2f, v3 = t->t_v3f;
    switch (enc) {
    case 0: coord = get_fr(t, ra); lod = zero; explicit_lod = true; break;
    case 1: coord = SPV_OP(b, SpvOpCompositeConstruct, v2, get_fr(t, ra), get_fr(t, rb)); break;
    case 2: coord = SPV_OP(b, SpvOpCompositeConstruct, v2, get_fr(t, ra), get_fr(t, rb)); lod = zero; explicit_lod = true; break;
    case 3: coord = SPV_OP(b, SpvOpCompositeConstruct, v2, get_fr(t, ra), get_fr(t, ra + 1)); lod = get_fr(t, rb); explicit_lod = true; break;
    case 4: coord = SPV_OP(b, SpvOpCompositeConstruct, v2, get_fr(t, ra), get_fr(t, ra + 1)); dref = get_fr(t, rb); break;
    case 5: coord = SPV_OP(b, SpvOpCompositeConstruct, v2, get_fr(t, ra), get_fr(t, ra + 1)); dref = get_fr(t, rb + 1); lod = get_fr(t, rb); explicit_lod = true; break;
    case 6: coord = SPV_OP(b, SpvOpCompositeConstruct, v2, get_fr(t, ra), get_fr(t, ra + 1)); dref = get_fr(t, rb); lod = zero; explicit_lod = true; break;
    case 7:
    case 8:
    case 9: {
        /* the layer is the low 16 bits of Ra as an integer */
        uint32_t layer = SPV_OP(b, SpvOpConvertUToF, f, SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, get_r(t, ra), cu(t, 0xffff)));
        coord = SPV_OP(b, SpvOpCompositeConstruct, v3, get_fr(t, ra + 1), get_fr(t, rb), layer);
        if (enc >= 8) {
            lod = zero;
            explicit_lod = true;
        }
        if (enc == 9)
            dref = get_fr(t, rb + 1);
        break;
    }
    case 10: coord = SPV_OP(b, SpvOpCompositeConstruct, v3, get_fr(t, ra), get_fr(t, ra + 1), get_fr(t, rb)); break;
    case 11: coord = SPV_OP(b, SpvOpCompositeConstruct, v3, get_fr(t, ra), get_fr(t, ra + 1), get_fr(t, rb)); lod = zero; explicit_lod = true; break;
    case 12: coord = SPV_OP(b, SpvOpCompositeConstruct, v3, get_fr(t, ra), get_fr(t, ra + 1), get_fr(t, rb)); break;
    default: coord = SPV_OP(b, SpvOpCompositeConstruct, v3, get_fr(t, ra), get_fr(t, ra + 1), get_fr(t, rb)); lod = get_fr(t, rb + 1); explicit_lod = true; break;
    }
    if (enc == 0 && flat_1d(t, k))
        coord = widen_1d(t, coord, false, false);
    coord = unnormalize(t, bits(insn, 36, 13), s, coord, enc == 0 ? 1 : enc <= 6 ? 2 : 3, enc == 0 ? 1 : enc <= 9 ? 2 : 3);
    if (!explicit_lod && t->in->key.stage != MW_SPIRV_FRAGMENT)
        lod = zero, explicit_lod = true; /* implicit derivatives exist only in fragment shaders */
    uint32_t res;
    if (dref)
        res = explicit_lod ? SPV_OP(b, SpvOpImageSampleDrefExplicitLod, rt, s, coord, dref, SpvImageOperandsLodMask, lod)
                           : SPV_OP(b, SpvOpImageSampleDrefImplicitLod, rt, s, coord, dref);
    else
        res = explicit_lod ? SPV_OP(b, SpvOpImageSampleExplicitLod, rt, s, coord, SpvImageOperandsLodMask, lod)
                           : SPV_OP(b, SpvOpImageSampleImplicitLod, rt, s, coord);
    store_compact(t, insn, res, rt, dref != 0);
}

/* TEXS/TLDS results: with Rd2 (28) = RZ the mask (50-52) picks 1-2 of R G B A
 * (R G B A RG RA GA BA), else 3-4 (RGB RGA RBA GBA RGBA); they land in Rd,
 * Rd+1, Rd2, Rd2+1 (yuzu texture_fetch_swizzled.cpp RG_LUT/RGBA_LUT) */
static void store_compact(tr *t, uint64_t insn, uint32_t res, uint32_t rt, bool dref)
{
    spv_builder *b = &t->b;
    const uint32_t rd = bits(insn, 0, 8), rd2 = bits(insn, 28, 8), swz = bits(insn, 50, 3);
    static const uint8_t lut_rg[8] = {1, 2, 4, 8, 3, 9, 10, 12};
    static const uint8_t lut_rgba[8] = {7, 11, 13, 14, 15, 0, 0, 0};
    uint32_t mask = rd2 == RZ ? lut_rg[swz] : lut_rgba[swz];
    if (!mask)
        return (void)BAD(t, "texture component mask 5-7 with two destinations");
    const uint32_t dst[4] = {rd, rd == RZ ? RZ : rd + 1, rd2, rd2 == RZ ? RZ : rd2 + 1};
    uint32_t n = 0;
    for (uint32_t c = 0; c < 4; c++) {
        if (!(mask >> c & 1))
            continue;
        uint32_t v;
        if (dref)
            v = c == 3 ? cu(t, 0x3f800000u) : as_u(t, res);
        else if (rt == t->t_v4f)
            v = as_u(t, SPV_OP(b, SpvOpCompositeExtract, t->t_f32, res, c));
        else
            v = SPV_OP(b, SpvOpBitcast, t->t_u32,
                       SPV_OP(b, SpvOpCompositeExtract, rt == t->t_v4i ? t->t_i32 : t->t_u32, res, c));
        set_r(t, dst[n++], v);
    }
}

static uint32_t slot_kind(tr *t, uint32_t handle_word)
{
    return t->in->key.tex[slot_of(t, handle_word)] & MW_TEX_KIND_MASK;
}

/* The bindless forms name no handle word: a register holds the handle
 * (TEX.B, TLD.B, TLD4.B and TMML.B: the first "meta" register Rb, 20-27,
 * the LOD, offsets and reference following it; TXQ.B and TXD.B: Ra, 8-15,
 * the level or the coordinates in Ra + 1 on -- yuzu texture_fetch.cpp,
 * texture_load.cpp, texture_gather.cpp, texture_mipmap_level.cpp,
 * texture_query.cpp, texture_gradient.cpp read the handle so). bindless_word() traces it (defined with the global-memory
 * tracing it shares a walk with); the register fields stay as they are
 * read here. */
static bool bindless_word(tr *t, uint32_t *word);

/* TLDS: texelFetch. Encoding 53-56 (yuzu texture_fetch_swizzled.cpp's TLDS
 * table): 0 1D.LZ, 1 1D.LL, 2 2D.LZ, 4 2D.LZ.AOFFI, 5 2D.LL, 7 3D.LZ,
 * 8 ARRAY_2D.LZ, 12 2D.LL.AOFFI; offsets are 4-bit signed x, y in a
 * register. GLSL wants texelFetchOffset's offset constant, so the offset is
 * added to the integer coordinates, which is the same for a fetch. */
static void emit_tlds(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t ra = bits(insn, 8, 8), rb = bits(insn, 20, 8), enc = bits(insn, 53, 4);
    if (!bit(insn, 59))
        return (void)UNSUPPORTED(t, "TLDS with f16 results");
    uint32_t rt, s = texture_var(t, bits(insn, 36, 13), &rt);
    if (!s)
        return;
    if (rt == t->t_f32)
        return (void)UNSUPPORTED(t, "TLDS of a depth-compare texture");
    static const int8_t want[13] = {MW_TEX_1D, MW_TEX_1D, MW_TEX_2D, -1, MW_TEX_2D, MW_TEX_2D, -1,
                                    MW_TEX_3D, MW_TEX_2D_ARRAY, -1, -1, -1, MW_TEX_2D};
    if (enc >= 13 || want[enc] < 0)
        return (void)UNSUPPORTED(t, "TLDS encoding (multisample or unknown)");
    if ((uint32_t)want[enc] != slot_kind(t, bits(insn, 36, 13)))
        return (void)UNSUPPORTED(t, "TLDS whose target differs from the bound texture's kind");
    uint32_t i32 = t->t_i32, v2i = spv_type_vector(b, i32, 2), v3i = spv_type_vector(b, i32, 3);
    uint32_t coord, lod = spv_const_i32(b, 0), off = 0;
    switch (enc) {
    case 0: coord = as_i(t, get_r(t, ra)); break;
    case 1: coord = as_i(t, get_r(t, ra)); lod = as_i(t, get_r(t, rb)); break;
    case 2: coord = SPV_OP(b, SpvOpCompositeConstruct, v2i, as_i(t, get_r(t, ra)), as_i(t, get_r(t, rb))); break;
    case 4: coord = SPV_OP(b, SpvOpCompositeConstruct, v2i, as_i(t, get_r(t, ra)), as_i(t, get_r(t, ra + 1))); off = get_r(t, rb); break;
    case 5: coord = SPV_OP(b, SpvOpCompositeConstruct, v2i, as_i(t, get_r(t, ra)), as_i(t, get_r(t, ra + 1))); lod = as_i(t, get_r(t, rb)); break;
    case 7: coord = SPV_OP(b, SpvOpCompositeConstruct, v3i, as_i(t, get_r(t, ra)), as_i(t, get_r(t, ra + 1)), as_i(t, get_r(t, rb))); break;
    case 8: {
        uint32_t layer = as_i(t, SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, get_r(t, ra), cu(t, 0xffff)));
        coord = SPV_OP(b, SpvOpCompositeConstruct, v3i, as_i(t, get_r(t, rb)), as_i(t, get_r(t, rb + 1)), layer);
        break;
    }
    default: coord = SPV_OP(b, SpvOpCompositeConstruct, v2i, as_i(t, get_r(t, ra)), as_i(t, get_r(t, ra + 1))); lod = as_i(t, get_r(t, rb)); off = get_r(t, rb + 1); break;
    }
    if (enc <= 1 && flat_1d(t, MW_TEX_1D))
        coord = widen_1d(t, coord, false, true);
    if (off) {
        uint32_t ox = SPV_OP(b, SpvOpBitFieldSExtract, i32, as_i(t, off), cu(t, 0), cu(t, 4));
        uint32_t oy = SPV_OP(b, SpvOpBitFieldSExtract, i32, as_i(t, off), cu(t, 4), cu(t, 4));
        coord = SPV_OP(b, SpvOpIAdd, v2i, coord, SPV_OP(b, SpvOpCompositeConstruct, v2i, ox, oy));
    }
    uint32_t img = SPV_OP(b, SpvOpImage, image_type_of(t, bits(insn, 36, 13)), s);
    uint32_t res = SPV_OP(b, SpvOpImageFetch, rt, img, coord, SpvImageOperandsLodMask, lod);
    store_compact(t, insn, res, rt, false);
}

/* TLD: texelFetch (yuzu texture_load.cpp, Mesa nv50_ir_emit_gm107.cpp
 * emitTLD): type 28-30 (1D, ARRAY_1D, 2D, ARRAY_2D, 3D; cubes cannot be
 * fetched), component mask 31-34 into Rd, Rd+1, ...; coordinates from Ra
 * (an array's layer first, in Ra's low 16 bits, then x, y); from Rb in
 * turn the LOD (LL, bit 55; else level 0), the offsets (AOFFI 35: signed
 * 4-bit x, y, z at 0, 4, 8), the sample index (MS 50; yuzu
 * texture_load.cpp reads it after the offsets, Mesa emitTLD sets bit 50 for
 * an MS target). TLD.MS of a 2D or 2D-array type fetches from a slot the
 * key names MW_TEX_2D_MS / MW_TEX_2D_MS_ARRAY (texelFetch of a
 * sampler2DMS(Array) with the sample: OpImageFetch with Sample); a
 * multisample texture has one level, so MS with LL is refused. CL (54), a
 * sparse predicate (51-53 other than PT: they are part of the opcode match,
 * so never seen) are refused. TLD.B takes its handle from Rb, the rest
 * of Rb's registers following it (bindless_word). Offsets are added to the
 * coordinates, as for TLDS. */
static uint32_t tex_component(tr *t, uint32_t res, uint32_t rt, uint32_t c);

static void emit_tld(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t rd = bits(insn, 0, 8), ra = bits(insn, 8, 8), type = bits(insn, 28, 3), mask = bits(insn, 31, 4);
    uint32_t rb = bits(insn, 20, 8), handle = bits(insn, 36, 13);
    if (mw_sass_lookup(insn) == MW_SASS_OP_TLD_B && !bindless_word(t, &handle))
        return;
    if (mw_sass_lookup(insn) == MW_SASS_OP_TLD_B)
        rb++; /* the handle's register */
    const bool ms = bit(insn, 50);
    if (bit(insn, 54))
        return (void)UNSUPPORTED(t, "TLD.CL");
    static const int8_t kinds[8] = {MW_TEX_1D, MW_TEX_1D_ARRAY, MW_TEX_2D, MW_TEX_2D_ARRAY, MW_TEX_3D, -1, -1, -1};
    static const int8_t ms_kinds[8] = {-1, -1, MW_TEX_2D_MS, MW_TEX_2D_MS_ARRAY, -1, -1, -1, -1};
    if ((ms ? ms_kinds : kinds)[type] < 0)
        return (void)UNSUPPORTED(t, ms ? "TLD.MS of a target other than 2D or 2D array" : "TLD of a cube or 3D array texture");
    if (ms && bit(insn, 55))
        return (void)UNSUPPORTED(t, "TLD.MS.LL (a multisample texture has one level)");
    uint32_t rt, smp = texture_var(t, handle, &rt);
    if (!smp)
        return;
    if (rt == t->t_f32)
        return (void)UNSUPPORTED(t, "TLD of a depth-compare texture");
    if ((uint32_t)(ms ? ms_kinds : kinds)[type] != slot_kind(t, handle))
        return (void)UNSUPPORTED(t, "TLD whose target (or MS) differs from the bound texture's kind");
    const bool array = type == 1 || type == 3;
    const uint32_t spatial = type == 4 ? 3 : type >= 2 ? 2 : 1, i32 = t->t_i32;
    uint32_t c[4];
    for (uint32_t i = 0; i < spatial; i++)
        c[i] = as_i(t, get_r(t, ra + array + i));
    uint32_t lod = spv_const_i32(b, 0);
    if (bit(insn, 55))
        lod = as_i(t, get_r(t, rb++));
    if (bit(insn, 35)) {
        uint32_t off = as_i(t, get_r(t, rb++));
        for (uint32_t i = 0; i < spatial; i++)
            c[i] = SPV_OP(b, SpvOpIAdd, i32, c[i], SPV_OP(b, SpvOpBitFieldSExtract, i32, off, cu(t, 4 * i), cu(t, 4)));
    }
    const uint32_t sample = ms ? as_i(t, get_r(t, rb++)) : 0;
    uint32_t m = spatial;
    if (flat_1d(t, (uint32_t)kinds[type]))
        c[m++] = spv_const_i32(b, 0); /* row 0 of the height-1 image (widen_1d) */
    if (array)
        c[m] = as_i(t, SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, get_r(t, ra), cu(t, 0xffff)));
    const uint32_t n = m + array;
    uint32_t coord = n == 1 ? c[0] : spv_op(b, SpvOpCompositeConstruct, spv_type_vector(b, i32, n), c, n);
    uint32_t img = SPV_OP(b, SpvOpImage, image_type_of(t, handle), smp);
    uint32_t res = ms ? SPV_OP(b, SpvOpImageFetch, rt, img, coord, SpvImageOperandsSampleMask, sample)
                      : SPV_OP(b, SpvOpImageFetch, rt, img, coord, SpvImageOperandsLodMask, lod);
    uint32_t vals[4], k = 0;
    for (uint32_t i = 0; i < 4; i++)
        if (mask >> i & 1)
            vals[k++] = tex_component(t, res, rt, i);
    for (uint32_t i = 0; i < k; i++) /* after every read: Rd may overlap Ra or Rb */
        set_r(t, rd + i, vals[i]);
}

/* TXQ: query 22-27 (1 dimension, envydis tabdf50_0), component mask 31-34,
 * Ra the level; the selected components of (width, height, depth or layers,
 * levels) land in Rd, Rd+1, ... (yuzu texture_query.cpp) */
static bool emit_image_txq(tr *t, uint64_t insn);

static void emit_txq(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t rd = bits(insn, 0, 8), mask = bits(insn, 31, 4);
    uint32_t ra = bits(insn, 8, 8), handle = bits(insn, 36, 13);
    if (bits(insn, 22, 6) != 1)
        return (void)UNSUPPORTED(t, "TXQ other than dimension");
    if (mw_sass_lookup(insn) == MW_SASS_OP_TXQ_B) { /* of a texture; an image's TXQ.B is not told apart */
        if (!bindless_word(t, &handle))
            return;
        ra = ra + 1 > RZ ? RZ : ra + 1;
    } else if (emit_image_txq(t, insn)) {
        return;
    }
    uint32_t rt, s = texture_var(t, handle, &rt);
    if (!s)
        return;
    uint32_t k = slot_kind(t, handle), i32 = t->t_i32;
    /* a multisample slot: its size takes no level (OpImageQuerySize, the
     * only size query an MS image has; GLSL textureSize(s), ES 3.20 too)
     * and it has one level (TLD.MS reads level 0 only) */
    const bool ms = k == MW_TEX_2D_MS || k == MW_TEX_2D_MS_ARRAY;
    spv_capability(b, SpvCapabilityImageQuery);
    uint32_t dims = k == MW_TEX_1D ? 1
                    : k == MW_TEX_3D || k == MW_TEX_2D_ARRAY || k == MW_TEX_CUBE_ARRAY || k == MW_TEX_2D_MS_ARRAY ? 3
                                                                                                                : 2;
    /* a height-1 stand-in's size has the height (1) before the layers */
    const bool flat = flat_1d(t, k);
    const uint32_t qdims = flat ? dims + 1 : dims;
    uint32_t img = SPV_OP(b, SpvOpImage, image_type_of(t, handle), s);
    uint32_t size_t_ = qdims == 1 ? i32 : spv_type_vector(b, i32, qdims);
    uint32_t size = ms ? SPV_OP(b, SpvOpImageQuerySize, size_t_, img)
                       : SPV_OP(b, SpvOpImageQuerySizeLod, size_t_, img, as_i(t, get_r(t, ra)));
    /* only where component 3 is read: GLSL ES 3.20 has textureSize but no
     * textureQueryLevels, and SPIRV-Cross writes the query even when unused */
    uint32_t levels = !(mask & 8) ? 0 : ms ? spv_const_i32(b, 1) : SPV_OP(b, SpvOpImageQueryLevels, i32, img);
    uint32_t n = 0;
    for (uint32_t c = 0; c < 4; c++) {
        if (!(mask >> c & 1))
            continue;
        uint32_t v;
        if (c == 3)
            v = levels;
        else if (c >= dims)
            v = spv_const_i32(b, 1);
        else
            v = qdims == 1 ? size : SPV_OP(b, SpvOpCompositeExtract, i32, size, flat && c == 1 ? 2 : c);
        set_r(t, rd + n > RZ ? RZ : rd + n, SPV_OP(b, SpvOpBitcast, t->t_u32, v));
        n++;
    }
}

/* ---- full-form texture instructions: TEX, TLD4, TXD, TMML, and TLD4S ----
 *
 * Fields (envydis gm107.c TEX rows; yuzu translate/impl/texture_fetch.cpp,
 * texture_gather.cpp, texture_gradient.cpp, texture_mipmap_level.cpp name
 * the same bits): Rd 0, Ra 8 (coordinates), Rb 20 (the "meta" registers),
 * texture type 28-30 (1D, ARRAY_1D, 2D, ARRAY_2D, 3D, ARRAY_3D, CUBE,
 * ARRAY_CUBE), component mask 31-34, handle u13 at 36, depth compare 50. */

/* the bound texture kind each 3-bit type names (ARRAY_3D does not exist) */
static const int8_t full_type_kind[8] = {MW_TEX_1D, MW_TEX_1D_ARRAY, MW_TEX_2D, MW_TEX_2D_ARRAY,
                                         MW_TEX_3D, -1, MW_TEX_CUBE, MW_TEX_CUBE_ARRAY};

/* Coordinates from Ra on: the array layer, where there is one, comes first
 * as the low 16 bits of an integer (yuzu texture_fetch.cpp MakeCoords),
 * then the float coordinates. `with_layer` false leaves the layer out (TMML). */
static uint32_t full_coords(tr *t, uint32_t ra, uint32_t type, bool with_layer)
{
    spv_builder *b = &t->b;
    bool arrayed = type & 1;
    uint32_t n = type < 2 ? 1 : type < 6 ? 2 : 3;
    if (type == 4)
        n = 3;
    uint32_t parts[4], np = 0, r = ra + (arrayed ? 1 : 0);
    for (uint32_t i = 0; i < n; i++)
        parts[np++] = get_fr(t, r + i > RZ ? RZ : r + i);
    if (type < 2 && t->in->tex_1d_as_2d)
        parts[np++] = cf(t, 0.5f); /* y of the height-1 stand-in (widen_1d) */
    if (arrayed && with_layer)
        parts[np++] = SPV_OP(b, SpvOpConvertUToF, t->t_f32, SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, get_r(t, ra), cu(t, 0xffff)));
    if (np == 1)
        return parts[0];
    return spv_op(b, SpvOpCompositeConstruct, spv_type_vector(b, t->t_f32, np), parts, np);
}

/* A constant offset vector from the register the code loaded it into:
 * `width`-bit signed fields every `stride` bits (TEX: 4 bits at 0, 4, 8;
 * TLD4/TLD4S: 6 bits at 0 and 8 — yuzu MakeOffset in texture_fetch.cpp and
 * texture_gather.cpp; the corpus' textureOffset(ivec2(3, -2)) is 0xee3 and
 * textureGatherOffset(ivec2(-2, 1)) is 0x01fe). 0 when the register's value
 * is not a known constant of this block. */
static uint32_t const_offset(tr *t, uint32_t reg, uint32_t comps, uint32_t width, uint32_t stride)
{
    spv_builder *b = &t->b;
    if (!t->kknown[reg])
        return 0;
    uint32_t parts[3];
    for (uint32_t c = 0; c < comps; c++) {
        uint32_t f = (t->kval[reg] >> (c * stride)) & ((1u << width) - 1);
        int32_t v = (int32_t)(f << (32 - width)) >> (32 - width);
        parts[c] = spv_const_i32(b, v);
    }
    if (comps == 1)
        return parts[0];
    return spv_const_composite(b, spv_type_vector(b, t->t_i32, comps), parts, comps);
}

/* A gather's offset from register `reg` (6-bit x at 0, y at 8): a constant
 * when the block loaded one, else computed, which SPIR-V allows for
 * gathers only (Offset with ImageGatherExtended; GLSL 4.00
 * textureGatherOffset takes a non-constant offset) */
static uint32_t gather_offset(tr *t, uint32_t reg, uint32_t *operand_mask)
{
    spv_builder *b = &t->b;
    uint32_t off = const_offset(t, reg, 2, 6, 8);
    *operand_mask = SpvImageOperandsConstOffsetMask;
    if (off)
        return off;
    uint32_t v = as_i(t, get_r(t, reg));
    spv_capability(b, SpvCapabilityImageGatherExtended);
    *operand_mask = SpvImageOperandsOffsetMask;
    return SPV_OP(b, SpvOpCompositeConstruct, spv_type_vector(b, t->t_i32, 2),
                  SPV_OP(b, SpvOpBitFieldSExtract, t->t_i32, v, cu(t, 0), cu(t, 6)),
                  SPV_OP(b, SpvOpBitFieldSExtract, t->t_i32, v, cu(t, 8), cu(t, 6)));
}

/* the float or integer value of component c of a sampled vec4 as a register */
static uint32_t tex_component(tr *t, uint32_t res, uint32_t rt, uint32_t c)
{
    spv_builder *b = &t->b;
    if (rt == t->t_v4f)
        return as_u(t, SPV_OP(b, SpvOpCompositeExtract, t->t_f32, res, c));
    return SPV_OP(b, SpvOpBitcast, t->t_u32, SPV_OP(b, SpvOpCompositeExtract, rt == t->t_v4i ? t->t_i32 : t->t_u32, res, c));
}

static void emit_tex(tr *t, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    mw_sass_op o = mw_sass_lookup(insn);
    const uint32_t rd = bits(insn, 0, 8), type = bits(insn, 28, 3), mask = bits(insn, 31, 4);
    uint32_t ra = bits(insn, 8, 8), handle = bits(insn, 36, 13), meta = bits(insn, 20, 8);
    /* The bindless forms: the handle is the first meta register (TEX.B,
     * TLD4.B, TMML.B) or Ra, the coordinates following it (TXD.B); TEX.B
     * moves AOFFI, the LOD mode and LC to 36, 37-39 and 40, TLD4.B the
     * offset kind and component to 36-37 and 38-39 (yuzu texture_fetch.cpp
     * TEX_b, texture_gather.cpp TLD4_b, texture_gradient.cpp and
     * texture_mipmap_level.cpp; envydis gm107.c's .B rows) */
    const bool tex_b = o == MW_SASS_OP_TEX_B, tld4_b = o == MW_SASS_OP_TLD4_B;
    const bool bindless = tex_b || tld4_b || o == MW_SASS_OP_TXD_B || o == MW_SASS_OP_TMML_B;
    if (bindless && !bindless_word(t, &handle))
        return;
    if (o == MW_SASS_OP_TXD_B)
        ra = ra + 1 > RZ ? RZ : ra + 1;
    else if (bindless)
        meta = meta + 1 > RZ ? RZ : meta + 1;
    uint32_t rt, s = texture_var(t, handle, &rt);
    if (!s)
        return;
    uint32_t kind = t->in->key.tex[slot_of(t, handle)];
    bool shadow = (kind & MW_TEX_SHADOW) != 0;
    bool dc = row->op != OP_TXD && row->op != OP_TMML && bit(insn, 50);
    if (full_type_kind[type] < 0)
        return (void)BAD(t, "texture type ARRAY_3D");
    if ((uint32_t)full_type_kind[type] != (kind & MW_TEX_KIND_MASK) || (row->op != OP_TMML && dc != shadow))
        return (void)UNSUPPORTED(t, "a texture instruction whose target differs from the bound texture's kind");
    uint32_t dims = type < 2 ? 1 : type < 4 ? 2 : 3; /* coordinate components without the layer */
    uint32_t res = 0, res_t = rt;
    bool fragment = t->in->key.stage == MW_SPIRV_FRAGMENT;

    if (row->op == OP_TMML) {
        /* textureQueryLod. The result is 8.8 fixed point: the first register
         * the computed LOD (signed), the second the level accessed (uam reads
         * them with I2F.S16 and I2F.U16 then scales by 1/256; Mesa nvc0
         * handleTXLQ swaps them into GLSL's (accessed, computed) order). yuzu
         * texture_mipmap_level.cpp converts the same two, but drops the
         * fraction; here it is kept, truncated toward zero. Components 2-3 have
         * no documented meaning and are refused. */
        if (!fragment)
            return (void)BAD(t, "TMML outside a fragment shader");
        if (mask & 0xc)
            return (void)UNSUPPORTED(t, "TMML components 2-3");
        if (type >= 6 || type == 1)
            return (void)UNSUPPORTED(t, "TMML of a cube, cube array or 1D array");
        spv_capability(b, SpvCapabilityImageQuery);
        uint32_t coord = unnormalize(t, handle, s, full_coords(t, ra, type, false), dims, dims);
        uint32_t q = SPV_OP(b, SpvOpImageQueryLod, t->t_v2f, s, coord);
        uint32_t n = 0;
        for (uint32_t c = 0; c < 2; c++) {
            if (!(mask >> c & 1))
                continue;
            uint32_t f = SPV_OP(b, SpvOpCompositeExtract, t->t_f32, q, c == 0 ? 1 : 0);
            f = SPV_OP(b, SpvOpFMul, t->t_f32, f, cf(t, 256.0f));
            f = SPV_GLSL(b, t->t_f32, GLSLstd450FClamp, f, cf(t, c == 0 ? -32768.0f : 0.0f), cf(t, c == 0 ? 32767.0f : 65535.0f));
            uint32_t v = SPV_OP(b, SpvOpBitcast, t->t_u32, SPV_OP(b, SpvOpConvertFToS, t->t_i32, f));
            set_r(t, rd + n > RZ ? RZ : rd + n, SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, v, cu(t, 0xffff)));
            n++;
        }
        return;
    }

    uint32_t coord = unnormalize(t, handle, s, full_coords(t, ra, type, true), dims + (type & 1), dims);
    if (row->op == OP_TXD) {
        /* textureGrad: derivatives interleaved from Rb, (dPdx.x, dPdy.x,
         * dPdx.y, dPdy.y) (Mesa nvc0 lowering sets src(arg + 2c) = dPdx[c],
         * src(arg + 2c + 1) = dPdy[c]; the corpus' tex_lod_fsh loads them so);
         * the layer and coordinates from Ra; AOFFI 35 takes an offset after the
         * coordinates (yuzu texture_gradient.cpp) */
        if (type >= 4)
            return (void)UNSUPPORTED(t, "TXD of a 3D or cube texture");
        if (bit(insn, 35))
            return (void)UNSUPPORTED(t, "TXD with offsets");
        uint32_t dx, dy;
        if (dims == 1 && t->in->tex_1d_as_2d) { /* no change along the stand-in's y */
            dx = SPV_OP(b, SpvOpCompositeConstruct, t->t_v2f, get_fr(t, meta), cf(t, 0.0f));
            dy = SPV_OP(b, SpvOpCompositeConstruct, t->t_v2f, get_fr(t, meta + 1), cf(t, 0.0f));
        } else if (dims == 1) {
            dx = get_fr(t, meta);
            dy = get_fr(t, meta + 1);
        } else {
            dx = SPV_OP(b, SpvOpCompositeConstruct, t->t_v2f, get_fr(t, meta), get_fr(t, meta + 2));
            dy = SPV_OP(b, SpvOpCompositeConstruct, t->t_v2f, get_fr(t, meta + 1), get_fr(t, meta + 3));
        }
        dx = unnormalize(t, handle, s, dx, dims, dims);
        dy = unnormalize(t, handle, s, dy, dims, dims);
        res = SPV_OP(b, SpvOpImageSampleExplicitLod, rt, s, coord, SpvImageOperandsGradMask, dx, dy);
    } else if (row->op == OP_TLD4) {
        /* textureGather: component 56-57, offset kind 54-55 (1 AOFFI, 2 PTP),
         * offsets in the meta register, then the reference (yuzu texture_gather.cpp) */
        if (type != 2 && type != 3 && type != 6 && type != 7)
            return (void)BAD(t, "TLD4 of a 1D or 3D texture");
        uint32_t offk = tld4_b ? bits(insn, 36, 2) : bits(insn, 54, 2), comp = tld4_b ? bits(insn, 38, 2) : bits(insn, 56, 2);
        if (offk >= 2)
            return (void)UNSUPPORTED(t, "TLD4.PTP (per-texel offsets)");
        uint32_t off = 0, operands[4], nops = 0;
        if (offk == 1) {
            if (type >= 6)
                return (void)BAD(t, "TLD4 offsets on a cube texture");
            uint32_t om;
            off = gather_offset(t, meta, &om);
            operands[nops++] = om;
            operands[nops++] = off;
            meta++;
        }
        res_t = shadow ? t->t_v4f : rt;
        uint32_t args[8], na = 0;
        args[na++] = s;
        args[na++] = coord;
        args[na++] = dc ? get_fr(t, meta) : cu(t, comp);
        for (uint32_t i = 0; i < nops; i++)
            args[na++] = operands[i];
        res = spv_op(b, dc ? SpvOpImageDrefGather : SpvOpImageGather, res_t, args, na);
    } else {
        /* TEX: LOD mode 55-57 (0 implicit, 1 LZ, 2 LB, 3 LL, 6 LBA, 7 LLA),
         * AOFFI 54; the meta registers hold, in order, the LOD or bias, the
         * offsets (4 bits per component), the reference (yuzu
         * texture_fetch.cpp Impl; tex_lod_fsh and tex_shadow_fsh load them so) */
        const uint32_t lodm = tex_b ? bits(insn, 37, 3) : bits(insn, 55, 3);
        const bool aoffi = tex_b ? bit(insn, 36) : bit(insn, 54);
        if (lodm == 4 || lodm == 5)
            return (void)BAD(t, "TEX LOD mode 4 or 5");
        if (tex_b && bit(insn, 40))
            return (void)UNSUPPORTED(t, "TEX.B.LC");
        if (bit(insn, 35) && fragment)
            return (void)UNSUPPORTED(t, "TEX.NDV");
        uint32_t lod = 0, bias = 0, off = 0, dref = 0;
        if (lodm >= 2)
            (lodm == 2 || lodm == 6 ? &bias : &lod)[0] = get_fr(t, meta++);
        else if (lodm == 1)
            lod = cf(t, 0.0f);
        if (aoffi) {
            if (type >= 6)
                return (void)BAD(t, "TEX offsets on a cube texture");
            off = const_offset(t, meta, dims, 4, 4);
            if (!off)
                return (void)UNSUPPORTED(t, "TEX with an offset that is not a constant of its block");
            if (dims == 1 && t->in->tex_1d_as_2d) {
                const uint32_t parts[2] = {off, spv_const_i32(b, 0)};
                off = spv_const_composite(b, spv_type_vector(b, t->t_i32, 2), parts, 2);
            }
            meta++;
        }
        if (dc)
            dref = get_fr(t, meta++);
        if (!fragment && !lod) {
            lod = cf(t, 0.0f); /* implicit derivatives exist only in fragment shaders */
            bias = 0;
        }
        uint32_t args[8], na = 0, m = 0;
        args[na++] = s;
        args[na++] = coord;
        if (dc)
            args[na++] = dref;
        m = (bias ? SpvImageOperandsBiasMask : 0) | (lod ? SpvImageOperandsLodMask : 0) |
            (off ? SpvImageOperandsConstOffsetMask : 0);
        if (m) {
            args[na++] = m;
            if (bias)
                args[na++] = bias;
            if (lod)
                args[na++] = lod;
            if (off)
                args[na++] = off;
        }
        SpvOp op = dc ? (lod ? SpvOpImageSampleDrefExplicitLod : SpvOpImageSampleDrefImplicitLod)
                      : (lod ? SpvOpImageSampleExplicitLod : SpvOpImageSampleImplicitLod);
        res = spv_op(b, op, rt, args, na);
    }
    /* the selected components land in Rd, Rd+1, ...; a depth compare's
     * result fills r, g, b and alpha reads 1.0 (yuzu texture_fetch.cpp) */
    uint32_t n = 0;
    for (uint32_t c = 0; c < 4; c++) {
        if (!(mask >> c & 1))
            continue;
        uint32_t v;
        if (res_t == t->t_f32)
            v = c == 3 ? cu(t, 0x3f800000u) : as_u(t, res);
        else
            v = tex_component(t, res, res_t, c);
        set_r(t, rd + n > RZ ? RZ : rd + n, v);
        n++;
    }
}

/* TLD4S: textureGather of a 2D texture, component 52-53, AOFFI 51, DC 50,
 * coordinates Ra, Ra+1; Rb holds the offsets and then the reference (yuzu
 * texture_gather_swizzled.cpp); the four results land in Rd, Rd+1, Rd2 (28),
 * Rd2+1 (the corpus' tex_gather_fsh reads all four) */
static void emit_tld4s(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t rd = bits(insn, 0, 8), rd2 = bits(insn, 28, 8), ra = bits(insn, 8, 8), rb = bits(insn, 20, 8);
    const uint32_t handle = bits(insn, 36, 13);
    if (bit(insn, 55))
        return (void)UNSUPPORTED(t, "TLD4S with f16 results");
    uint32_t rt, s = texture_var(t, handle, &rt);
    if (!s)
        return;
    uint32_t kind = t->in->key.tex[slot_of(t, handle)];
    bool dc = bit(insn, 50);
    if ((kind & MW_TEX_KIND_MASK) != MW_TEX_2D || dc != ((kind & MW_TEX_SHADOW) != 0))
        return (void)UNSUPPORTED(t, "TLD4S whose target differs from the bound texture's kind");
    uint32_t coord = unnormalize(t, handle, s, SPV_OP(b, SpvOpCompositeConstruct, t->t_v2f, get_fr(t, ra), get_fr(t, ra + 1)),
                                 2, 2);
    uint32_t args[6], na = 0, meta = rb;
    args[na++] = s;
    args[na++] = coord;
    uint32_t off = 0, om = 0;
    if (bit(insn, 51))
        off = gather_offset(t, meta++, &om);
    args[na++] = dc ? get_fr(t, meta) : cu(t, bits(insn, 52, 2));
    if (off) {
        args[na++] = om;
        args[na++] = off;
    }
    uint32_t res_t = dc ? t->t_v4f : rt;
    uint32_t res = spv_op(b, dc ? SpvOpImageDrefGather : SpvOpImageGather, res_t, args, na);
    const uint32_t dst[4] = {rd, rd == RZ ? RZ : rd + 1, rd2, rd2 == RZ ? RZ : rd2 + 1};
    for (uint32_t c = 0; c < 4; c++)
        set_r(t, dst[c], tex_component(t, res, res_t, c));
}

/* ---- fragment system values and quad operations ---- */

/* PIXLD: mode 31-33 (Mesa nv50_ir.h NV50_IR_SUBOP_PIXLD_*: 0 COUNT,
 * 1 COVMASK, 2 COVERED, 3 OFFSET, 4 CENTROID_OFFSET, 5 MY_INDEX; yuzu
 * pixel_load.cpp). COVMASK is the input coverage (gl_SampleMaskIn[0]) and
 * MY_INDEX the sample being shaded (gl_SampleID); the others are refused. */
static void emit_pixld(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t rd = bits(insn, 0, 8), mode = bits(insn, 31, 3);
    if (t->in->key.stage != MW_SPIRV_FRAGMENT)
        return (void)BAD(t, "PIXLD outside a fragment shader");
    if (bits(insn, 45, 3) != PT || bits(insn, 8, 8) != RZ || bits(insn, 20, 8) != 0)
        return (void)UNSUPPORTED(t, "PIXLD with an address or a predicate output");
    uint32_t v;
    if (mode == 1) {
        if (!t->sample_mask) {
            uint32_t arr = spv_type_array(b, t->t_i32, cu(t, 1), false);
            t->sample_mask = builtin_var(t, SpvStorageClassInput, arr, SpvBuiltInSampleMask, "sample_mask_in");
            spv_decorate(b, t->sample_mask, SpvDecorationFlat, NULL, 0);
        }
        uint32_t ptr = SPV_OP(b, SpvOpAccessChain, spv_type_pointer(b, SpvStorageClassInput, t->t_i32), t->sample_mask,
                              spv_const_i32(b, 0));
        v = SPV_OP(b, SpvOpBitcast, t->t_u32, SPV_OP(b, SpvOpLoad, t->t_i32, ptr));
    } else if (mode == 5) {
        if (!t->sample_id) {
            spv_capability(b, SpvCapabilitySampleRateShading);
            t->sample_id = builtin_var(t, SpvStorageClassInput, t->t_i32, SpvBuiltInSampleId, "sample_id");
            spv_decorate(b, t->sample_id, SpvDecorationFlat, NULL, 0);
        }
        v = SPV_OP(b, SpvOpBitcast, t->t_u32, SPV_OP(b, SpvOpLoad, t->t_i32, t->sample_id));
    } else {
        return (void)UNSUPPORTED(t, "PIXLD other than COVMASK and MY_INDEX");
    }
    set_r(t, rd, v);
}

/* The position of this invocation in its 2x2 quad: bit 0 the column, bit 1
 * the row, counted from the quad's lower-left pixel in GL window
 * coordinates. Quads are aligned to even pixel coordinates (llvmpipe,
 * and every rasteriser that computes derivatives in 2x2 blocks). With this
 * numbering the corpus' derivative sequences give GL's dFdx and dFdy. */
static uint32_t quad_lane(tr *t)
{
    spv_builder *b = &t->b;
    uint32_t xy = read_attr(t, 0x70, false, 0), y = read_attr(t, 0x74, false, 0);
    uint32_t xi = SPV_OP(b, SpvOpConvertFToU, t->t_u32, as_f(t, xy));
    uint32_t yi = SPV_OP(b, SpvOpConvertFToU, t->t_u32, as_f(t, y));
    return SPV_OP(b, SpvOpBitwiseOr, t->t_u32, SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, xi, cu(t, 1)),
                  SPV_OP(b, SpvOpShiftLeftLogical, t->t_u32, SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, yi, cu(t, 1)), cu(t, 1)));
}

/* SHFL: mode 30-31 (IDX UP DOWN BFLY), lane Rb 20 or u5 at 20 with bit 28,
 * the clamp/segment mask Rc 39 or u13 at 34 with bit 29, predicate out 48
 * (envydis gm107.c ef10; yuzu warp_shuffle.cpp). Translated: what Mesa emits
 * for derivatives in a fragment shader, a butterfly by 1 or 2 inside a
 * four-lane segment (mask 0x1c03: segment 0x1c, clamp 3), whose partner is
 * always in range. A quad's partner value is read with fine derivatives:
 * the column partner is v + dFdxFine(v) from the left column and v -
 * dFdxFine(v) from the right (rows alike with dFdyFine), which gives the
 * partner's value up to the rounding of one subtraction and one addition.
 * Other shuffles need subgroup operations, which llvmpipe's GL lacks. */
static void emit_shfl_general(tr *t, uint64_t insn);

/* the quad butterfly Mesa emits for derivatives (fragment shaders only) */
static bool is_quad_shfl(const tr *t, uint64_t insn)
{
    uint32_t lane = bits(insn, 20, 5);
    return t->in->key.stage == MW_SPIRV_FRAGMENT && bits(insn, 30, 2) == 3 && bit(insn, 28) && bit(insn, 29) &&
           bits(insn, 34, 13) == 0x1c03 && (lane == 1 || lane == 2);
}

static void emit_shfl(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t rd = bits(insn, 0, 8), ra = bits(insn, 8, 8), pd = bits(insn, 48, 3);
    if (t->subgroups || !is_quad_shfl(t, insn)) /* lanes the program sees are the host subgroup's */
        return emit_shfl_general(t, insn);
    uint32_t lane = bits(insn, 20, 5);
    spv_capability(b, SpvCapabilityDerivativeControl);
    uint32_t v = get_fr(t, ra);
    uint32_t d = SPV_OP(b, lane == 1 ? SpvOpDPdxFine : SpvOpDPdyFine, t->t_f32, v);
    uint32_t second = SPV_OP(b, SpvOpINotEqual, t->t_bool,
                             SPV_OP(b, SpvOpBitwiseAnd, t->t_u32, quad_lane(t), cu(t, lane)), cu(t, 0));
    uint32_t partner = SPV_OP(b, SpvOpSelect, t->t_f32, second, SPV_OP(b, SpvOpFSub, t->t_f32, v, d),
                              SPV_OP(b, SpvOpFAdd, t->t_f32, v, d));
    set_fr(t, rd, partner);
    set_p(t, pd, spv_const_bool(b, true));
}

/* ---- subgroups: VOTE and general SHFL ----
 *
 * A warp is the host's subgroup (ARB_shader_ballot / ARB_shader_group_vote
 * in GL; SPV_KHR_shader_ballot / SPV_KHR_subgroup_vote in the module):
 * lanes are gl_SubGroupInvocationARB and LANEID reads it in such programs.
 * Results equal the GPU's where the data is uniform over each aligned
 * 32-lane group or the host's subgroup is 32 wide (the corpus' subgroup_csh
 * is written that way); a host subgroup of another size sees other lanes.
 * llvmpipe: 8 (256-bit vectors). */

static uint32_t subgroup_builtin(tr *t, uint32_t *var, SpvBuiltIn bi, const char *name)
{
    spv_builder *b = &t->b;
    if (t->in->no_subgroups) {
        fail(t, GLHLE_RESULT_UNSUPPORTED, "a warp lane or warp operation",
             " needs subgroup operations (ARB_shader_ballot), which the host has not");
        return cu(t, 0);
    }
    spv_extension(b, "SPV_KHR_shader_ballot");
    spv_capability(b, SpvCapabilitySubgroupBallotKHR);
    if (!*var)
        *var = builtin_var(t, SpvStorageClassInput, t->t_u32, bi, name);
    return SPV_OP(b, SpvOpLoad, t->t_u32, *var);
}

/* VOTE.ALL/ANY/EQ Rd, Pd, Ps (envydis 50d8: mode 48-49, Rd 0, Pd 45, Ps 39
 * with !42): Rd = the ballot of Ps over the subgroup's lanes (the low 32
 * bits), Pd = the vote. VOTE.VTG (50e0) is refused. */
static void emit_vote(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    uint32_t mode = bits(insn, 48, 2), rd = bits(insn, 0, 8), pd = bits(insn, 45, 3);
    if (mw_sass_lookup(insn) != MW_SASS_OP_VOTE || mode == 3)
        return (void)UNSUPPORTED(t, "VOTE.VTG or VOTE mode 3");
    uint32_t ps = pred39(t, insn);
    if (t->in->no_subgroups)
        return (void)fail(t, GLHLE_RESULT_UNSUPPORTED, "VOTE",
                          " needs subgroup operations (ARB_shader_group_vote), which the host has not");
    if (rd != RZ) {
        spv_extension(b, "SPV_KHR_shader_ballot");
        spv_capability(b, SpvCapabilitySubgroupBallotKHR);
        uint32_t ballot = SPV_OP(b, SpvOpSubgroupBallotKHR, t->t_v4u, ps);
        set_r(t, rd, SPV_OP(b, SpvOpCompositeExtract, t->t_u32, ballot, 0));
    }
    if (pd != PT) {
        spv_extension(b, "SPV_KHR_subgroup_vote");
        spv_capability(b, SpvCapabilitySubgroupVoteKHR);
        static const SpvOp ops[3] = {SpvOpSubgroupAllKHR, SpvOpSubgroupAnyKHR, SpvOpSubgroupAllEqualKHR};
        set_p(t, pd, SPV_OP(b, ops[mode], t->t_bool, ps));
    }
}

/* SHFL.IDX/UP/DOWN/BFLY Rd, Pd, Ra, b, c (envydis ef10: mode 30-31, b = R20
 * or u5 at 20 with 28, c = R39 or u13 at 34 with 29, Pd 48), as the PTX ISA
 * defines shfl: segmask = c[12:8], maxLane = (lane & segmask) | (c[4:0] &
 * ~segmask), minLane = lane & segmask; IDX j = minLane | (b[4:0] &
 * ~segmask), UP j = lane - b (valid when j >= maxLane, signed), DOWN j =
 * lane + b, BFLY j = lane ^ b (valid when j <= maxLane); an invalid j reads
 * the lane's own value; Pd = valid. The value of lane j is found by reading
 * every lane of the subgroup in turn with OpSubgroupReadInvocationKHR, whose
 * index must be dynamically uniform (llvmpipe reads the first active lane's). */
static void emit_shfl_general(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32, rd = bits(insn, 0, 8), pd = bits(insn, 48, 3), mode = bits(insn, 30, 2);
    uint32_t v = get_r(t, bits(insn, 8, 8));
    uint32_t bv = bit(insn, 28) ? cu(t, bits(insn, 20, 5)) : get_r(t, bits(insn, 20, 8));
    uint32_t cv = bit(insn, 29) ? cu(t, bits(insn, 34, 13)) : get_r(t, bits(insn, 39, 8));
    uint32_t lane = subgroup_builtin(t, &t->sg_lane, SpvBuiltInSubgroupLocalInvocationId, "gl_SubGroupInvocationARB");
    uint32_t size = subgroup_builtin(t, &t->sg_size, SpvBuiltInSubgroupSize, "gl_SubGroupSizeARB");
    uint32_t seg = SPV_OP(b, SpvOpBitwiseAnd, u, SPV_OP(b, SpvOpShiftRightLogical, u, cv, cu(t, 8)), cu(t, 0x1f));
    uint32_t nseg = SPV_OP(b, SpvOpNot, u, seg);
    uint32_t minl = SPV_OP(b, SpvOpBitwiseAnd, u, lane, seg);
    uint32_t maxl = SPV_OP(b, SpvOpBitwiseOr, u, minl,
                           SPV_OP(b, SpvOpBitwiseAnd, u, SPV_OP(b, SpvOpBitwiseAnd, u, cv, cu(t, 0x1f)), nseg));
    uint32_t b5 = SPV_OP(b, SpvOpBitwiseAnd, u, bv, cu(t, 0x1f)), j, valid;
    switch (mode) {
    case 0:
        j = SPV_OP(b, SpvOpBitwiseOr, u, minl, SPV_OP(b, SpvOpBitwiseAnd, u, b5, nseg));
        valid = SPV_OP(b, SpvOpULessThanEqual, t->t_bool, j, maxl);
        break;
    case 1:
        j = SPV_OP(b, SpvOpISub, u, lane, b5);
        valid = SPV_OP(b, SpvOpSGreaterThanEqual, t->t_bool, as_i(t, j), as_i(t, maxl));
        break;
    case 2:
        j = SPV_OP(b, SpvOpIAdd, u, lane, b5);
        valid = SPV_OP(b, SpvOpULessThanEqual, t->t_bool, j, maxl);
        break;
    default:
        j = SPV_OP(b, SpvOpBitwiseXor, u, lane, b5);
        valid = SPV_OP(b, SpvOpULessThanEqual, t->t_bool, j, maxl);
        break;
    }
    j = select_u(t, valid, j, lane);
    /* result = v; for (i = 0; i < size; i++) { x = read(v, i); if (i == j) result = x; } */
    uint32_t res = spv_local_var(b, t->p_fn_u32, 0), i = spv_local_var(b, t->p_fn_u32, 0);
    SPV_VOID(b, SpvOpStore, res, v);
    SPV_VOID(b, SpvOpStore, i, cu(t, 0));
    uint32_t header = spv_id(b), body = spv_id(b), cont = spv_id(b), merge = spv_id(b);
    SPV_VOID(b, SpvOpBranch, header);
    spv_label(b, header);
    uint32_t iv = SPV_OP(b, SpvOpLoad, u, i), more = SPV_OP(b, SpvOpULessThan, t->t_bool, iv, size);
    SPV_VOID(b, SpvOpLoopMerge, merge, cont, SpvLoopControlMaskNone);
    SPV_VOID(b, SpvOpBranchConditional, more, body, merge);
    spv_label(b, body);
    uint32_t x = SPV_OP(b, SpvOpSubgroupReadInvocationKHR, u, v, iv);
    SPV_VOID(b, SpvOpStore, res, select_u(t, SPV_OP(b, SpvOpIEqual, t->t_bool, iv, j), x, SPV_OP(b, SpvOpLoad, u, res)));
    SPV_VOID(b, SpvOpBranch, cont);
    spv_label(b, cont);
    SPV_VOID(b, SpvOpStore, i, SPV_OP(b, SpvOpIAdd, u, iv, cu(t, 1)));
    SPV_VOID(b, SpvOpBranch, header);
    spv_label(b, merge);
    set_r(t, rd, SPV_OP(b, SpvOpLoad, u, res));
    set_p(t, pd, valid);
}

/* FSWZADD Rd, Ra, Rb, swizzle (u8 at 28): each quad lane takes the 2-bit
 * operation (swizzle >> 2 * lane) & 3. yuzu emit_spirv_floating_point.cpp
 * (EmitFSwizzleAdd) multiplies a and b by ({-1, 1, -1, 0}, {-1, -1, 1, -1})
 * [op]: op 1 = a - b, op 2 = b - a. Mesa names the four QUADOP_ADD, SUBR,
 * SUB, MOV2 and its derivative sequences (0x99 for dFdx, 0xa5 for dFdy:
 * GM107LoweringPass::handleDFDX) only use 1 and 2, where the two agree; for
 * 0 and 3 they disagree on the sign, so those are refused. NDV (38) and
 * rounding other than RN are refused; FTZ (44) is what the host does. */
static void emit_fswzadd(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    const uint32_t rd = bits(insn, 0, 8), ra = bits(insn, 8, 8), rb = bits(insn, 20, 8), swz = bits(insn, 28, 8);
    if (t->in->key.stage != MW_SPIRV_FRAGMENT)
        return (void)UNSUPPORTED(t, "FSWZADD outside a fragment shader");
    if (bit(insn, 38) || bits(insn, 39, 2) != 0 || bit(insn, 47))
        return (void)UNSUPPORTED(t, "FSWZADD with NDV, a rounding mode or CC");
    for (uint32_t l = 0; l < 4; l++) {
        uint32_t op = (swz >> (2 * l)) & 3;
        if (op == 0 || op == 3)
            return (void)UNSUPPORTED(t, "FSWZADD lane operations ADD and MOV2 (sources disagree on their sign)");
    }
    uint32_t a = get_fr(t, ra), bb = get_fr(t, rb);
    uint32_t amb = SPV_OP(b, SpvOpFSub, t->t_f32, a, bb), bma = SPV_OP(b, SpvOpFSub, t->t_f32, bb, a);
    uint32_t op = SPV_OP(b, SpvOpBitwiseAnd, t->t_u32,
                         SPV_OP(b, SpvOpShiftRightLogical, t->t_u32, cu(t, swz),
                                SPV_OP(b, SpvOpShiftLeftLogical, t->t_u32, quad_lane(t), cu(t, 1))),
                         cu(t, 3));
    uint32_t is1 = SPV_OP(b, SpvOpIEqual, t->t_bool, op, cu(t, 1));
    set_fr(t, rd, SPV_OP(b, SpvOpSelect, t->t_f32, is1, amb, bma));
}

/* ---- images (SULD, SUST, TXQ on an image handle) ----
 *
 * A bound surface instruction names its handle by word offset (u13 at 36
 * with bit 51; bindless, a handle in R39 loaded from the handle buffer in
 * its block, that word: surface_word; otherwise refused); the slot is (offset *
 * 4 - key.img_handle_offset) / 4 and its format comes from the key. P
 * (formatted, bit 52 clear) loads and stores the components the mask at
 * 20-23 names through the key's format; D (raw, bit 52) moves 32-bit words,
 * declared R32UI whatever the image holds (the binder views the image as
 * R32UI: mw_spirv_result.img_raw_mask), only b32 here. Dimension 33-35 (1D
 * BUFFER_1D ARRAY_1D 2D ARRAY_2D 3D) gives the coordinate registers from
 * Ra, in texels (uam's image_csh mirrors x with TXQ's width, no byte
 * scaling). envydis gm107.c eb00/eb20, tabeb40_*, tabeb20_1. */

static const struct {
    SpvImageFormat fmt;
    uint8_t val, comps;
} img_formats[MW_IMG_FORMAT_COUNT_] = {
    [MW_IMG_R32UI] = {SpvImageFormatR32ui, MW_VAL_UINT, 1},     [MW_IMG_R32I] = {SpvImageFormatR32i, MW_VAL_SINT, 1},
    [MW_IMG_R32F] = {SpvImageFormatR32f, MW_VAL_FLOAT, 1},      [MW_IMG_RGBA8] = {SpvImageFormatRgba8, MW_VAL_FLOAT, 4},
    [MW_IMG_RGBA8UI] = {SpvImageFormatRgba8ui, MW_VAL_UINT, 4}, [MW_IMG_RGBA16F] = {SpvImageFormatRgba16f, MW_VAL_FLOAT, 4},
    [MW_IMG_RGBA32F] = {SpvImageFormatRgba32f, MW_VAL_FLOAT, 4}, [MW_IMG_RGBA32UI] = {SpvImageFormatRgba32ui, MW_VAL_UINT, 4},
};

/* the image slot of a handle word, or -1 outside the image table */
static int image_slot(const tr *t, uint32_t handle_word)
{
    uint32_t byte = handle_word * 4, base = t->in->key.img_handle_offset;
    if (!base || byte < base || (byte - base) / 4 >= MW_SPIRV_IMG_SLOTS)
        return -1;
    return (int)((byte - base) / 4);
}

static bool trace_handle(const tr *t, uint32_t k, uint32_t reg, uint32_t *cb, uint32_t *off);

/* The handle word SULD/SUST/SURED k names: bound (bit 51), bits 36-48;
 * bindless, R39, traced in its block as the bindless texture forms are
 * (trace_handle: LDC or MOV from c[cb][off]) to a word of the handle
 * buffer, which is then that word, as the bound form naming it reads it.
 * False for a bindless handle traced nowhere or elsewhere. */
static bool surface_word(const tr *t, uint32_t k, uint64_t w, uint32_t *word)
{
    uint32_t cb, off;
    if (bit(w, 51)) {
        *word = bits(w, 36, 13);
        return true;
    }
    if (!(t->flags[k] & F_REACH) || !trace_handle(t, k, bits(w, 39, 8), &cb, &off) ||
        cb != t->in->key.tex_handle_cbuf || off % 4)
        return false;
    *word = off / 4;
    return true;
}

/* the pre-scan: what each surface instruction makes of its slot */
static void image_note(tr *t, uint32_t k, uint64_t w)
{
    uint32_t word;
    if (!surface_word(t, k, w, &word))
        return;
    int slot = image_slot(t, word);
    if (slot < 0)
        return;
    uint8_t dim = (uint8_t)(bits(w, 33, 3) + 1), raw = (uint8_t)(bit(w, 52) + 1);
    if ((t->img_dim[slot] && t->img_dim[slot] != dim) || (t->img_raw[slot] && t->img_raw[slot] != raw))
        t->img_conflict = true;
    t->img_dim[slot] = dim;
    t->img_raw[slot] = raw;
}

static uint32_t image_var(tr *t, int slot, uint32_t *sampled)
{
    spv_builder *b = &t->b;
    uint8_t f = t->in->key.img[slot];
    if (f == MW_IMG_NONE || f >= MW_IMG_FORMAT_COUNT_ || !t->img_dim[slot]) {
        UNSUPPORTED(t, "an image slot the key leaves unbound (or TXQ of an image nothing else names)");
        return 0;
    }
    if (t->img_conflict) {
        UNSUPPORTED(t, "an image accessed both raw and formatted, or with two dimensions");
        return 0;
    }
    bool raw = t->img_raw[slot] == 2;
    uint8_t val = raw ? MW_VAL_UINT : img_formats[f].val;
    *sampled = val == MW_VAL_SINT ? t->t_i32 : val == MW_VAL_UINT ? t->t_u32 : t->t_f32;
    if (!t->img[slot]) {
        static const SpvDim dims[6] = {SpvDim1D, SpvDimBuffer, SpvDim1D, SpvDim2D, SpvDim2D, SpvDim3D};
        uint32_t d = t->img_dim[slot] - 1u;
        if (d > 5) {
            BAD(t, "a surface dimension past 3D");
            return 0;
        }
        if (d <= 2)
            spv_capability(b, d == 1 ? SpvCapabilityImageBuffer : SpvCapabilityImage1D);
        t->img_type[slot] = spv_type_image(b, *sampled, dims[d], 0, d == 2 || d == 4, false, 2,
                                           raw ? SpvImageFormatR32ui : img_formats[f].fmt);
        t->img[slot] = spv_global_var(b, spv_type_pointer(b, SpvStorageClassUniformConstant, t->img_type[slot]),
                                      SpvStorageClassUniformConstant, 0);
        spv_decorate(b, t->img[slot], SpvDecorationDescriptorSet, SPV_ARGS(3));
        spv_decorate(b, t->img[slot], SpvDecorationBinding, SPV_ARGS((uint32_t)slot));
        spv_decorate(b, t->img[slot], SpvDecorationCoherent, NULL, 0);
        char name[16];
        snprintf(name, sizeof name, "img%d", slot);
        spv_name(b, t->img[slot], name);
        t->res->img_mask |= 1u << slot;
        if (raw)
            t->res->img_raw_mask |= 1u << slot;
    }
    return SPV_OP(b, SpvOpLoad, t->img_type[slot], t->img[slot]);
}

static uint32_t image_coords(tr *t, uint32_t ra, uint32_t dim)
{
    spv_builder *b = &t->b;
    static const uint8_t n[6] = {1, 1, 2, 2, 3, 3};
    uint32_t c[3];
    for (uint32_t i = 0; i < n[dim]; i++)
        c[i] = as_i(t, get_r(t, ra + i > RZ ? RZ : ra + i));
    return n[dim] == 1 ? c[0] : spv_op(b, SpvOpCompositeConstruct, spv_type_vector(b, t->t_i32, n[dim]), c, n[dim]);
}

/* SULD Rd.., [Ra..] / SUST [Ra..], Rd.. */
static void emit_surface(tr *t, uint64_t insn, bool store)
{
    spv_builder *b = &t->b;
    uint32_t word;
    if (!surface_word(t, t->cur, insn, &word))
        return (void)UNSUPPORTED(t, "a bindless surface access whose handle is not loaded from the handle buffer in "
                                    "its block");
    if (bits(insn, 49, 2) != 1 && bits(insn, 49, 2) != 0)
        return (void)UNSUPPORTED(t, "a surface clamp mode other than IGN");
    bool raw = bit(insn, 52);
    if (raw && bits(insn, 20, 3) != 4)
        return (void)UNSUPPORTED(t, "a raw surface access other than b32");
    int slot = image_slot(t, word);
    if (slot < 0)
        return (void)BAD(t, "a surface handle outside the stage's image table");
    uint32_t st, img = image_var(t, slot, &st);
    if (!img)
        return;
    uint32_t rd = bits(insn, 0, 8), mask = raw ? 1 : bits(insn, 20, 4);
    uint32_t coord = image_coords(t, bits(insn, 8, 8), t->img_dim[slot] - 1u);
    uint32_t v4 = spv_type_vector(b, st, 4);
    if (store) {
        uint32_t c[4], k = 0;
        for (uint32_t i = 0; i < 4; i++) {
            uint32_t r = mask >> i & 1 ? get_r(t, rd + k > RZ ? RZ : rd + k) : cu(t, i == 3 && st == t->t_f32 ? 0x3f800000u : 0);
            k += mask >> i & 1;
            c[i] = st == t->t_u32 ? r : SPV_OP(b, SpvOpBitcast, st, r);
        }
        SPV_VOID(b, SpvOpImageWrite, img, coord, spv_op(b, SpvOpCompositeConstruct, v4, c, 4));
        return;
    }
    uint32_t texel = SPV_OP(b, SpvOpImageRead, v4, img, coord), k = 0;
    for (uint32_t i = 0; i < 4; i++) {
        if (!(mask >> i & 1))
            continue;
        uint32_t c = SPV_OP(b, SpvOpCompositeExtract, st, texel, i);
        set_r(t, rd + k > RZ ? RZ : rd + k, st == t->t_u32 ? c : SPV_OP(b, SpvOpBitcast, t->t_u32, c));
        k++;
    }
}

/* SUATOM Rd, [Ra..], Rb [, handle].
 *
 * The forms (envydis gm107.c tabroot): 0xea00/0xffc0 "suatom d" and
 * 0xea80/0xffc0 its CAS, always bound, type at 51-53 (tabea80_2), handle
 * u13 at 36; 0xea60/0xffe0 and 0xeac0/0xffe0 (CAS), type at 36-38
 * (tabea80_1), handle R39, or u13 at 36 with bit 51 (tabeb40_4). yuzu
 * (translate/impl/surface_atomic_operations.cpp: size 51-53, handle 36-48
 * unless bit 54, the bindless bit) and Ryujinx (InstSuatom bound, SuatomB /
 * SuatomB2 bindless) read the first form the same way. Types U32 S32 U64
 * F32 - S64 SD32 SD64 (tabea80_1; Mesa nv50_ir_emit_gm107.cpp emitSUREDx
 * writes 0 1 2 3 and 5); operation 29-32 ADD MIN MAX INC DEC AND OR XOR
 * EXCH (tabea00_0, emitSUREDx's subOp, EXCH = 8); dimension 33-35 as
 * SULD's; clamp 49-50.
 *
 * Mesa's emitter (which made the corpus) writes a bound handle into the
 * second form: emitSUHandle sets bit 51 and ORs the u13 into 36-48 over
 * the type emitSUREDx put in 36-38, so those bits hold handle | type (the
 * corpus' image_atomic_csh: 0x48 ADD.U32 on binding 0, 0x49 MAX.U32 on
 * binding 1, 0x4b = 0x4a | S32 MIN on binding 2, 0x4a EXCH on binding 2;
 * read as a plain handle 0x4b is a slot nothing binds, read as a plain
 * type 0x4a is U64). Whatever the hardware makes of it, the meaning is
 * recoverable from the key: of the 32-bit types GL can do (U32, S32, F32),
 * the one whose bits are set in the field and whose slot, the field less
 * those bits, the key binds as that type's R32 format is the reading;
 * none or more than one is refused. */
enum { SU_U32, SU_S32, SU_U64, SU_F32, SU_S64 = 5, SU_SD32, SU_SD64 }; /* tabea80_1 */

static bool suatom_fits(const tr *t, int slot, uint32_t type, uint32_t op)
{
    if (slot < 0)
        return false;
    uint8_t f = t->in->key.img[slot];
    if (type == SU_S32)
        return f == MW_IMG_R32I;
    if (type == SU_F32)
        return f == MW_IMG_R32F;
    return f == MW_IMG_R32UI || (f == MW_IMG_R32I && op != AT_MIN && op != AT_MAX);
}

/* 1 with the slot and type of SUATOM k, 0 for a bindless one whose handle
 * register is not traced to the handle buffer, -1 when no (or more than
 * one) reading of a bound handle field fits the key. A bindless SUATOM
 * (0xea60/0xeac0 with bit 51 clear) has its type at 36-38 and its handle
 * register at 39-46 (envydis tabea80_1 and tabeb40_4; Ryujinx SuatomB /
 * SuatomCasB: Size 36-38, SrcC 39-46; yuzu reads a bindless size at 51-53,
 * over the bit that makes it bindless, and is not followed): the fields do
 * not overlap, so the type reads plainly, and the handle, traced as
 * SULD/SUST/SURED's are (surface_word), names the word the bound form would. */
static int suatom_handle(const tr *t, uint32_t k, uint64_t w, int *slot, uint32_t *type)
{
    mw_sass_op o = mw_sass_lookup(w);
    bool cas = o == MW_SASS_OP_SUATOM_CAS || o == MW_SASS_OP_SUATOM_CAS_D;
    uint32_t op = cas ? AT_CAS : bits(w, 29, 4), field = bits(w, 36, 13);
    if (o == MW_SASS_OP_SUATOM_D || o == MW_SASS_OP_SUATOM_CAS_D) {
        *slot = image_slot(t, field);
        *type = bits(w, 51, 3);
        return 1;
    }
    if (!bit(w, 51)) {
        uint32_t word;
        if (!surface_word(t, k, w, &word))
            return 0;
        *slot = image_slot(t, word);
        *type = bits(w, 36, 3);
        return 1;
    }
    static const uint8_t code[3] = {SU_U32, SU_S32, SU_F32};
    int found = 0;
    for (uint32_t i = 0; i < 3; i++) {
        uint32_t c = code[i];
        if ((field & c) != c)
            continue;
        int s = image_slot(t, field & ~c);
        if (suatom_fits(t, s, c, op)) {
            *slot = s;
            *type = c;
            found++;
        }
    }
    return found == 1 ? 1 : -1;
}

/* Before the key has formats (mw_spirv_reachable_images): the slot a
 * SUATOM's handle field names read plainly (or its bindless handle is
 * traced to), and the other slots it may name once the type bits are taken
 * out of it */
static void suatom_candidates(const tr *t, uint32_t k, uint64_t w, uint32_t *plain, uint32_t *maybe)
{
    mw_sass_op o = mw_sass_lookup(w);
    uint32_t field = bits(w, 36, 13), word;
    *plain = *maybe = 0;
    if (o != MW_SASS_OP_SUATOM_D && o != MW_SASS_OP_SUATOM_CAS_D && !bit(w, 51)) {
        int s = surface_word(t, k, w, &word) ? image_slot(t, word) : -1;
        if (s >= 0)
            *plain = 1u << s;
        return;
    }
    uint32_t all = 0;
    static const uint8_t code[3] = {SU_U32, SU_S32, SU_F32};
    for (uint32_t i = 0; i < 3; i++) {
        int s = image_slot(t, field & ~(uint32_t)code[i]);
        if ((field & code[i]) == code[i] && s >= 0)
            all |= 1u << s;
        if (o == MW_SASS_OP_SUATOM_D || o == MW_SASS_OP_SUATOM_CAS_D)
            break; /* the handle alone */
    }
    if ((all & (all - 1)) == 0)
        *plain = all;
    else
        *maybe = all;
}

/* an image atomic's slot is declared in the key's format (its sampled
 * type gives the atomic's signedness), not as the raw R32UI view SULD.D
 * takes; dimension at 33-35 as SULD's */
static void atomic_image_note(tr *t, int slot, uint64_t w)
{
    uint8_t dim = (uint8_t)(bits(w, 33, 3) + 1);
    if ((t->img_dim[slot] && t->img_dim[slot] != dim) || t->img_raw[slot] == 2)
        t->img_conflict = true;
    t->img_dim[slot] = dim;
    t->img_raw[slot] = 1;
}

/* The texel pointer of a 32-bit image atomic (SUATOM, SURED: `name`) of
 * type `type` doing op on a bound slot, after the checks both share; 0
 * when refused. byte_x: the x coordinate is a byte offset, divided by the
 * 4-byte element (Ryujinx InstEmitSurface.cs EmitSured shifts it right by
 * the size's log2). */
static uint32_t image_atomic_ptr(tr *t, uint64_t insn, int slot, uint32_t type, uint32_t op, const char *name,
                                 bool byte_x, uint32_t *st)
{
    spv_builder *b = &t->b;
    char what[80];
    if (!suatom_fits(t, slot, type, op)) {
        snprintf(what, sizeof what, "a %s whose type differs from its image's format", name);
        UNSUPPORTED(t, what);
        return 0;
    }
    if (!image_var(t, slot, st))
        return 0;
    if ((op == AT_INC || op == AT_DEC) && *st != t->t_u32) {
        snprintf(what, sizeof what, "%s.INC/DEC on a signed image", name);
        UNSUPPORTED(t, what);
        return 0;
    }
    uint32_t dim = t->img_dim[slot] - 1u, coord = image_coords(t, bits(insn, 8, 8), dim);
    if (byte_x) {
        uint32_t n = dim < 2 ? 1 : dim < 4 ? 2 : 3;
        uint32_t x = n == 1 ? coord : SPV_OP(b, SpvOpCompositeExtract, t->t_i32, coord, 0);
        x = SPV_OP(b, SpvOpShiftRightArithmetic, t->t_i32, x, spv_const_i32(b, 2));
        coord = n == 1 ? x : SPV_OP(b, SpvOpCompositeInsert, spv_type_vector(b, t->t_i32, n), x, coord, 0);
    }
    return SPV_OP(b, SpvOpImageTexelPointer, spv_type_pointer(b, SpvStorageClassImage, *st), t->img[slot], coord,
                  cu(t, 0));
}

static void suatom_note(tr *t, uint32_t k, uint64_t w)
{
    int slot;
    uint32_t type;
    if (suatom_handle(t, k, w, &slot, &type) == 1 && slot >= 0)
        atomic_image_note(t, slot, w);
}

static void emit_suatom(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    mw_sass_op o = mw_sass_lookup(insn);
    bool cas = o == MW_SASS_OP_SUATOM_CAS || o == MW_SASS_OP_SUATOM_CAS_D;
    uint32_t op = cas ? AT_CAS : bits(insn, 29, 4), type;
    int slot = -1, h = suatom_handle(t, t->cur, insn, &slot, &type);
    if (h == 0)
        return (void)UNSUPPORTED(t, "a bindless SUATOM whose handle is not loaded from the handle buffer in its "
                                    "block");
    if (h < 0)
        return (void)BAD(t, "a SUATOM whose handle and type fields name no R32UI/R32I/R32F image the key binds "
                            "(or more than one)");
    if (slot < 0)
        return (void)BAD(t, "a surface handle outside the stage's image table");
    if (bits(insn, 49, 2) != 1 && bits(insn, 49, 2) != 0)
        return (void)UNSUPPORTED(t, "a surface clamp mode other than IGN");
    if (!cas && op > AT_EXCH)
        return (void)BAD(t, "a reserved SUATOM operation");
    if (type != SU_U32 && type != SU_S32 && type != SU_F32)
        return (void)UNSUPPORTED(t, "a 64-bit (or SD32/SD64) SUATOM, which GL's image atomics do not have");
    if (type == SU_F32 && op != AT_EXCH)
        return (void)UNSUPPORTED(t, "a float SUATOM other than EXCH (GL has only imageAtomicExchange on r32f)");
    /* bit 28 BA: the x coordinate is a byte offset (envydis gm107.c
     * tabea80_0 "ba", in all four SUATOM forms; Ryujinx InstSuatom* Ba,
     * which InstEmitSurface.cs EmitSuatom shifts right by the size's log2,
     * 2 for the 32-bit types taken here) */
    uint32_t st, ptr = image_atomic_ptr(t, insn, slot, type, op, "SUATOM", bit(insn, 28), &st);
    if (!ptr)
        return;
    uint32_t rb = bits(insn, 20, 8), sc = cu(t, SpvScopeDevice), sem = cu(t, 0), old;
    uint32_t v = get_r(t, cas ? (rb + 1 > RZ ? RZ : rb + 1) : rb), cmp = cas ? get_r(t, rb) : 0;
    if (op == AT_INC || op == AT_DEC) {
        old = atomic_cas_loop(t, ptr, sc, op, false, v, true);
    } else if (st == t->t_u32 && op != AT_CAS) {
        old = atomic_op(t, ptr, false, op, type == SU_S32, false, v, 0);
    } else {
        static const SpvOp ops[9] = {SpvOpAtomicIAdd, SpvOpAtomicUMin, SpvOpAtomicUMax, SpvOpNop,         SpvOpNop,
                                     SpvOpAtomicAnd,  SpvOpAtomicOr,   SpvOpAtomicXor,  SpvOpAtomicExchange};
        uint32_t sv = st == t->t_u32 ? v : SPV_OP(b, SpvOpBitcast, st, v);
        if (op == AT_CAS) {
            uint32_t sc2 = st == t->t_u32 ? cmp : SPV_OP(b, SpvOpBitcast, st, cmp);
            old = SPV_OP(b, SpvOpAtomicCompareExchange, st, ptr, sc, sem, sem, sv, sc2);
        } else {
            SpvOp so = op == AT_MIN ? SpvOpAtomicSMin : op == AT_MAX ? SpvOpAtomicSMax : ops[op];
            old = SPV_OP(b, so, st, ptr, sc, sem, sv);
        }
        if (st != t->t_u32)
            old = SPV_OP(b, SpvOpBitcast, t->t_u32, old);
    }
    set_r(t, bits(insn, 0, 8), old);
}

/* SURED [Ra..], Rd [, handle]: SUATOM without a result (envydis gm107.c
 * tabroot 0xeb40/0xffe0 "sured": value R0, coordinates R8, operation 24-26
 * ADD MIN MAX INC DEC AND OR XOR (tabeb40_2), dimension 33-35 (tabeb40_1),
 * clamp 49-50 (tabeb40_3), handle u13 at 36 with bit 51, else R39
 * (tabeb40_4); bit 52 P/D (tabeb40_0)). envydis names no type; Ryujinx
 * (Decoders/InstDecoders.cs InstSured) reads the same operation, dimension,
 * clamp and handle bits and takes the type from 20-22 (SuatomSize: U32 S32
 * U64 F32.FTZ.RN F16x2 S64 SD32 SD64) and byte addressing from bit 23, whose
 * x coordinate it shifts right by the element size's log2
 * (InstEmitSurface.cs EmitSured). yuzu's SURED (surface_atomic_operations.cpp)
 * reads overlapping fields under "TODO: confirm offsets" and emits nothing,
 * so it is not followed. Unlike SUATOM's 0xea60 form the type is outside
 * the handle field, so the handle reads plainly. P and D agree here: the
 * image is R32UI/R32I (suatom_fits), whose formatted texel is its word. */
static void sured_note(tr *t, uint32_t k, uint64_t w)
{
    uint32_t word;
    if (!surface_word(t, k, w, &word))
        return;
    int slot = image_slot(t, word);
    if (slot >= 0)
        atomic_image_note(t, slot, w);
}

static void emit_sured(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    uint32_t op = bits(insn, 24, 3), type = bits(insn, 20, 3), word;
    if (!surface_word(t, t->cur, insn, &word))
        return (void)UNSUPPORTED(t, "a bindless SURED whose handle is not loaded from the handle buffer in its block");
    int slot = image_slot(t, word);
    if (slot < 0)
        return (void)BAD(t, "a surface handle outside the stage's image table");
    if (bits(insn, 49, 2) != 1 && bits(insn, 49, 2) != 0)
        return (void)UNSUPPORTED(t, "a surface clamp mode other than IGN");
    if (type != SU_U32 && type != SU_S32)
        return (void)UNSUPPORTED(t, "a SURED type other than U32 and S32 (GL's image atomics are 32-bit integer "
                                    "but for exchange)");
    uint32_t st, ptr = image_atomic_ptr(t, insn, slot, type, op, "SURED", bit(insn, 23), &st);
    if (!ptr)
        return;
    uint32_t v = get_r(t, bits(insn, 0, 8));
    if (op == AT_INC || op == AT_DEC) {
        atomic_cas_loop(t, ptr, cu(t, SpvScopeDevice), op, false, v, true);
        return;
    }
    if (st == t->t_u32) {
        atomic_op(t, ptr, false, op, type == SU_S32, false, v, 0);
        return;
    }
    static const SpvOp ops[8] = {SpvOpAtomicIAdd, SpvOpAtomicSMin, SpvOpAtomicSMax, SpvOpNop,
                                 SpvOpNop,        SpvOpAtomicAnd,  SpvOpAtomicOr,   SpvOpAtomicXor};
    (void)SPV_OP(b, ops[op], st, ptr, cu(t, SpvScopeDevice), cu(t, 0), SPV_OP(b, SpvOpBitcast, st, v));
}

/* TXQ DIMENSION of an image handle: imageSize, the components in order */
static bool emit_image_txq(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    int slot = image_slot(t, bits(insn, 36, 13));
    if (slot < 0)
        return false;
    uint32_t st, img = image_var(t, slot, &st), i32 = t->t_i32;
    if (!img)
        return true;
    spv_capability(b, SpvCapabilityImageQuery);
    static const uint8_t n[6] = {1, 1, 2, 2, 3, 3};
    uint32_t dims = n[t->img_dim[slot] - 1u], mask = bits(insn, 31, 4), rd = bits(insn, 0, 8), k = 0;
    uint32_t size = SPV_OP(b, SpvOpImageQuerySize, dims == 1 ? i32 : spv_type_vector(b, i32, dims), img);
    for (uint32_t c = 0; c < 4; c++) {
        if (!(mask >> c & 1))
            continue;
        uint32_t v = c >= dims ? spv_const_i32(b, c == 3 ? 1 : 1) : dims == 1 ? size : SPV_OP(b, SpvOpCompositeExtract, i32, size, c);
        set_r(t, rd + k > RZ ? RZ : rd + k, SPV_OP(b, SpvOpBitcast, t->t_u32, v));
        k++;
    }
    return true;
}

/* ---- fragment outputs ---- */

/* the colour registers of EXIT: enabled components of each render target in
 * order, packed from R0; the depth after them plus one (SPH omap_target at
 * 0x48, 4 bits per target, omap_depth 0x4c bit 1; the register order follows
 * yuzu frontend/maxwell/translate_program.cpp and matches the corpus'
 * mrt_depth_fsh, which writes depth to R13 after 12 colour registers) */
static void emit_frag_outputs(tr *t)
{
    spv_builder *b = &t->b;
    const uint8_t *sph = t->in->sph;
    uint32_t omap = sph ? (uint32_t)sph[0x48] | (uint32_t)sph[0x49] << 8 | (uint32_t)sph[0x4a] << 16 |
                              (uint32_t)sph[0x4b] << 24
                        : 0xf;
    uint32_t reg = 0;
    for (uint32_t rt = 0; rt < 8; rt++) {
        uint32_t m = omap >> (4 * rt) & 0xf;
        if (!m)
            continue;
        uint8_t ty = t->in->key.rt_type[rt];
        uint32_t vt = ty == MW_VAL_SINT ? t->t_v4i : ty == MW_VAL_UINT ? t->t_v4u : t->t_v4f;
        uint32_t ct = ty == MW_VAL_SINT ? t->t_i32 : ty == MW_VAL_UINT ? t->t_u32 : t->t_f32;
        if (!t->frag_out[rt])
            t->frag_out[rt] = io_var(t, SpvStorageClassOutput, vt, rt, "frag_color");
        for (uint32_t c = 0; c < 4; c++) {
            if (!(m >> c & 1))
                continue;
            uint32_t v = get_r(t, reg < RZ ? reg : RZ);
            if (ct != t->t_u32)
                v = SPV_OP(b, SpvOpBitcast, ct, v);
            uint32_t ptr = SPV_OP(b, SpvOpAccessChain, spv_type_pointer(b, SpvStorageClassOutput, ct),
                                  t->frag_out[rt], cu(t, c));
            SPV_VOID(b, SpvOpStore, ptr, v);
            reg++;
        }
    }
    if (sph && (sph[0x4c] & 2)) {
        if (!t->frag_depth)
            t->frag_depth = builtin_var(t, SpvStorageClassOutput, t->t_f32, SpvBuiltInFragDepth, "frag_depth");
        SPV_VOID(b, SpvOpStore, t->frag_depth, get_fr(t, reg + 1 < RZ ? reg + 1 : RZ));
    }
}

/* ---- global memory and system values ---- */

static bool guard_of(const op_row *row, uint64_t insn, uint32_t *p, bool *pneg);
static bool is_push(uint8_t op);

/* the instructions with a condition-code test at 0-4 besides their guard
 * (envydis gm107.c: BRA BRX EXIT KIL RET BRK CONT SYNC take T(f0f8_0)) */
static bool has_flow_test(uint8_t op)
{
    return op == OP_BRA || op == OP_BRX || op == OP_EXIT || op == OP_KIL || op == OP_RET || op == OP_BRK ||
           op == OP_CONT || op == OP_SYNC;
}
static bool is_pop(uint8_t op);

/* whether instruction `w` (translated as `op`) may write predicate p */
static bool writes_pred(uint8_t op, uint64_t w, uint32_t p)
{
    switch (op) {
    case OP_ISETP: case OP_FSETP: case OP_DSETP: case OP_PSETP: case OP_CSETP: case OP_VSETP:
        return bits(w, 3, 3) == p || bits(w, 0, 3) == p;
    case OP_R2P: return !bit(w, 40); /* PR mode: any of P0-P6 */
    case OP_VOTE: return bits(w, 45, 3) == p;
    case OP_LOP: case OP_LOP3: case OP_SHFL: return bits(w, 48, 3) == p;
    case OP_PIXLD: return bits(w, 45, 3) == p;
    default: return false;
    }
}

/* The instruction before k in k's block that last wrote register ra, when
 * it wrote all of ra and always runs when k does; -1 when there is none,
 * when a writer is predicated otherwise or writes ra as part of a wider
 * result. A writer under k's own guard counts when that predicate is
 * unchanged in between (uam's `@P0 IADD.CC; @P0 IADD.X; @P0 STG` in
 * shared_atomic_csh). Reads only the code and the walk's flags, so the
 * reachable-slots walk and the translation agree. At most `limit`
 * instructions back (-1 past them). */
static int64_t last_writer(const tr *t, uint32_t k, uint32_t ra, uint32_t limit)
{
    uint32_t gp;
    bool gneg, same_guard = true;
    guard_of(&t->ops[k], t->in->code[(k / 3) * 4 + 1 + k % 3], &gp, &gneg);
    for (uint32_t j = k; j-- > 0;) {
        if ((t->flags[j + 1] & F_LEADER) || k - j > limit)
            return -1;
        uint64_t w = t->in->code[(j / 3) * 4 + 1 + j % 3];
        const op_row *row = &t->ops[j];
        uint32_t p;
        bool pneg;
        if (!guard_of(row, w, &p, &pneg))
            continue;
        if (gp != PT && writes_pred(row->op, w, gp))
            same_guard = false;
        bool writes = row->op != OP_STG && row->op != OP_STL && row->op != OP_AST && !is_push(row->op) &&
                      !is_pop(row->op) && row->op != OP_BRA && row->op != OP_EXIT && row->op != OP_KIL &&
                      row->op != OP_NOP && row->op != OP_DEPBAR && row->op != OP_FSETP && row->op != OP_DSETP && row->op != OP_ISETP &&
                      row->op != OP_STS && row->op != OP_RED && row->op != OP_BAR && row->op != OP_MEMBAR &&
                      row->op != OP_CCTL && row->op != OP_PSETP && row->op != OP_SUST && row->op != OP_VSETP &&
                      row->op != OP_SURED && row->op != OP_ST;
        uint32_t rd = bits(w, 0, 8);
        /* what may write more than rd: vector loads and texture results
         * (up to rd + 3; TEXS-style second registers at 28-35) */
        bool wide = row->op == OP_LDL || row->op == OP_LDG || row->op == OP_LD || row->op == OP_LDC || row->op == OP_ALD ||
                    row->op == OP_LDS ||
                    (row->op >= OP_DADD && row->op <= OP_DMNMX) ||
                    ((row->op == OP_F2F || row->op == OP_F2I || row->op == OP_I2F) && bits(w, 8, 2) == 3) ||
                    (row->op >= OP_TEXS && row->op <= OP_TMML);
        bool hit = rd == ra || (wide && ra > rd && ra <= rd + 3) ||
                   ((row->op == OP_TEXS || row->op == OP_TLDS || row->op == OP_TLD4S) && ra - bits(w, 28, 8) < 2);
        if (!writes || !hit)
            continue;
        if ((p != PT && !(same_guard && p == gp && pneg == gneg)) || rd != ra)
            return -1;
        return j;
    }
    return -1;
}

/* LDC rd, c[cb][RZ + off] (no IL/IS/ISL mode) of `size` (bits 48-50: 4 32 bits, 5 64 bits; emit_ldc) */
static bool ldc_fixed(const op_row *row, uint64_t w, uint32_t size, uint32_t *cb, uint32_t *off)
{
    if (row->op != OP_LDC || bits(w, 48, 3) != size || bits(w, 8, 8) != RZ || bits(w, 44, 2))
        return false;
    *cb = bits(w, 36, 5);
    *off = (uint32_t)((int32_t)(bits(w, 20, 16) << 16) >> 16);
    return true;
}

/* The constant-buffer word a global address comes from: the instruction
 * that last wrote `ra` in this block must be IADD.CC ra, x, c[i][o] (uam's
 * "address + offset" with the 64-bit sum's low half) or LDC.64 ra, c[i][o]
 * (the descriptor's address itself). That pointer is then one storage
 * buffer, as yuzu's global-memory tracking binds them (its
 * global_memory_to_storage_buffer_pass.cpp); addresses built any other way
 * are refused. */
static bool trace_global(tr *t, uint32_t k, uint32_t ra, uint32_t *cb, uint32_t *off)
{
    const int64_t j = last_writer(t, k, ra, UINT32_MAX);
    if (j < 0)
        return false;
    const uint64_t w = t->in->code[(j / 3) * 4 + 1 + j % 3];
    const op_row *row = &t->ops[j];
    if (row->op == OP_IADD && row->bk == BK_C && bit(w, 47) && !bit(w, 43)) {
        *cb = bits(w, 34, 5);
        *off = bits(w, 20, 14) * 4;
        return true;
    }
    return ldc_fixed(row, w, 5, cb, off);
}

/* The constant-buffer word a bindless form's register `reg` holds: the
 * instruction before in its block that last wrote it must be LDC reg,
 * c[cb][RZ + o] (32 or the low half of 64 bits) or MOV reg, c[cb][o] --
 * what yuzu's texture pass (texture_pass.cpp Track) and Ryujinx's bindless
 * elimination resolve a handle to: a constant buffer and an offset. At
 * most 256 instructions back. */
static bool trace_handle(const tr *t, uint32_t k, uint32_t reg, uint32_t *cb, uint32_t *off)
{
    /* every texture instruction of the walk traces its handle: a bound
     * scan keeps a long block of them from costing its length squared
     * (fuzz_maxwell_spirv: 64 Ki instructions); uam loads a handle just
     * before its use */
    const int64_t j = reg == RZ ? -1 : last_writer(t, k, reg, 256);
    if (j < 0)
        return false;
    const uint64_t w = t->in->code[(j / 3) * 4 + 1 + j % 3];
    const op_row *row = &t->ops[j];
    if (ldc_fixed(row, w, 4, cb, off) || ldc_fixed(row, w, 5, cb, off))
        return true;
    if (row->op == OP_MOV && row->bk == BK_C && bits(w, 39, 4) == 0xf) {
        *cb = bits(w, 34, 5);
        *off = bits(w, 20, 14) * 4;
        return true;
    }
    return false;
}

/* How texture instruction k names its handle: 1 and the handle word
 * (bound: bits 36-48; bindless: a word of the stage's table in the handle
 * buffer, which is that word's slot as for the bound form naming it), 2
 * and c[cb][off] (bindless, elsewhere: a slot of its own, assign_slots),
 * 0 none (untraced). */
static int handle_of(const tr *t, uint32_t k, uint32_t *word, uint32_t *cb, uint32_t *off)
{
    const uint64_t insn = t->in->code[(k / 3) * 4 + 1 + k % 3];
    const mw_sass_op o = mw_sass_lookup(insn);
    uint32_t reg, slot;
    if (o == MW_SASS_OP_TEX_B || o == MW_SASS_OP_TLD_B || o == MW_SASS_OP_TLD4_B || o == MW_SASS_OP_TMML_B) {
        reg = bits(insn, 20, 8);
    } else if (o == MW_SASS_OP_TXQ_B || o == MW_SASS_OP_TXD_B) {
        reg = bits(insn, 8, 8);
    } else {
        *word = bits(insn, 36, 13);
        return 1;
    }
    if (!trace_handle(t, k, reg, cb, off))
        return 0;
    if (*cb == t->in->key.tex_handle_cbuf && *off % 4 == 0 && slot_of_handle(t->in, *off / 4, &slot)) {
        *word = *off / 4;
        return 1;
    }
    return 2;
}

/* The slots the reachable texture instructions name; bindless handles
 * outside the table get, in code order, the lowest slot of 0-15 (those
 * with GL units, mw_spirv_gl_bindings) that no other instruction names,
 * one per distinct word (t->src). A handle that finds none is refused by
 * bindless_word. Depends on the code and the key's handle buffer and
 * offset only, so the walk and the translation agree. */
static uint32_t assign_slots(tr *t)
{
    uint32_t named = 0, word, cb, off, slot;
    memset(t->src, 0, sizeof t->src);
    for (uint32_t pass = 1; pass <= 2; pass++)
        for (uint32_t k = 0; k < t->n; k++) {
            if (!(t->flags[k] & F_REACH) || t->ops[k].op < OP_TEXS || t->ops[k].op > OP_TMML)
                continue;
            const int how = handle_of(t, k, &word, &cb, &off);
            if (pass == 1 && how == 1 && slot_of_handle(t->in, word, &slot))
                named |= 1u << slot;
            if (pass != 2 || how != 2 || off % 4 || t->in->key.tex_handle_offset % 4)
                continue;
            uint32_t s = 0;
            while (s < MW_GL_TEXTURES_PER_STAGE && !(t->src[s].moved && t->src[s].cbuf == cb && t->src[s].offset == off))
                s++;
            if (s == MW_GL_TEXTURES_PER_STAGE)
                for (s = 0; s < MW_GL_TEXTURES_PER_STAGE && (named >> s & 1); s++)
                    ;
            if (s == MW_GL_TEXTURES_PER_STAGE)
                continue;
            t->src[s] = (mw_spirv_tex_source){.moved = 1, .cbuf = (uint8_t)cb, .offset = off};
            named |= 1u << s;
        }
    return named;
}

/* The handle word of the bindless form being translated (handle_of; a
 * handle with a slot of its own, assign_slots, is named by the table's
 * word for that slot); false and refused with the reason when it has
 * none. */
static bool bindless_word(tr *t, uint32_t *word)
{
    uint32_t cb = 0, off = 0;
    const int how = handle_of(t, t->cur, word, &cb, &off);
    if (how == 1)
        return true;
    char what[120];
    if (how == 2) {
        for (uint32_t s = 0; s < MW_GL_TEXTURES_PER_STAGE; s++)
            if (t->src[s].moved && t->src[s].cbuf == cb && t->src[s].offset == off) {
                *word = t->in->key.tex_handle_offset / 4 + s;
                return true;
            }
        snprintf(what, sizeof what, off % 4 ? "a bindless handle from c[%u][0x%x], not a word's offset"
                                            : "a bindless handle from c[%u][0x%x], with no texture slot free for it",
                 cb, off);
    } else {
        snprintf(what, sizeof what, "a bindless handle not loaded in its block by LDC or MOV from a constant buffer");
    }
    UNSUPPORTED(t, what);
    return false;
}

/* the storage buffer whose address is c[cb][off] (set 2, binding = its entry) */
static uint32_t ssbo_var(tr *t, uint32_t cb, uint32_t off)
{
    mw_spirv_result *r = t->res;
    uint32_t i = 0;
    while (i < r->ssbo_count && !(r->ssbo[i].cbuf == cb && r->ssbo[i].offset == off))
        i++;
    if (i == MW_SPIRV_SSBOS) {
        UNSUPPORTED(t, "a ninth global-memory buffer");
        return 0;
    }
    if (i == r->ssbo_count) {
        spv_builder *b = &t->b;
        uint32_t arr = spv_type_runtime_array(b, t->t_u32);
        spv_decorate(b, arr, SpvDecorationArrayStride, SPV_ARGS(4));
        uint32_t st = spv_type_struct(b, &arr, 1);
        spv_decorate(b, st, SpvDecorationBufferBlock, NULL, 0);
        spv_member_decorate(b, st, 0, SpvDecorationOffset, SPV_ARGS(0));
        char name[24];
        snprintf(name, sizeof name, "gmem_c%u_%x", cb, off);
        spv_name(b, st, name);
        spv_member_name(b, st, 0, "data");
        uint32_t v = spv_global_var(b, spv_type_pointer(b, SpvStorageClassUniform, st), SpvStorageClassUniform, 0);
        spv_decorate(b, v, SpvDecorationDescriptorSet, SPV_ARGS(2));
        spv_decorate(b, v, SpvDecorationBinding, SPV_ARGS(i));
        /* other invocations' writes become visible at barriers (MEMBAR, BAR), as on the GPU */
        spv_decorate(b, v, SpvDecorationCoherent, NULL, 0);
        r->ssbo[i].cbuf = (uint8_t)cb;
        r->ssbo[i].offset = (uint16_t)off;
        r->ssbo_count++;
        t->ssbo[i] = v;
    }
    return t->ssbo[i];
}

/* The storage buffer a global access at Ra + imm reads (traced, see
 * trace_global) and the index of the access's first word in it; 0 when
 * refused. */
static uint32_t global_word(tr *t, uint32_t k, uint64_t insn, bool wide, int32_t imm, uint32_t *first)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32, ra = bits(insn, 8, 8), cb, off;
    if (!wide) {
        UNSUPPORTED(t, "a 32-bit global address");
        return 0;
    }
    if (!trace_global(t, k, ra, &cb, &off)) {
        UNSUPPORTED(t, "a global address not traced to a constant-buffer pointer");
        return 0;
    }
    uint32_t v = ssbo_var(t, cb, off);
    if (!v)
        return 0;
    uint32_t addr = SPV_OP(b, SpvOpIAdd, u, get_r(t, ra), cu(t, (uint32_t)imm));
    uint32_t rel = SPV_OP(b, SpvOpISub, u, addr, cbuf_load(t, cb, cu(t, off)));
    *first = SPV_OP(b, SpvOpShiftRightLogical, u, rel, cu(t, 2));
    return v;
}

/* LDG / STG (envydis gm107.c: register 0-7, address register 8-15, signed
 * 24-bit offset 20-43, 64-bit address E 45, size 48-50: U8 S8 U16 S16 32 64
 * 128). Word n of the access is element (address - the buffer's address) / 4
 * + n of its storage buffer; past the buffer's end a load gives 0 and a
 * store is dropped (OpArrayLength). */
static void global_access(tr *t, uint32_t k, uint64_t insn, bool store, uint32_t size, bool wide, int32_t imm);

static void emit_global(tr *t, uint32_t k, uint64_t insn, bool store)
{
    if (bits(insn, 48, 3) < 4 || bits(insn, 48, 3) > 6)
        return (void)UNSUPPORTED(t, store ? "STG of 8 or 16 bits" : "LDG of 8 or 16 bits");
    global_access(t, k, insn, store, bits(insn, 48, 3), bit(insn, 45), (int32_t)(bits(insn, 20, 24) << 8) >> 8);
}

/* LD / ST, the generic-address forms (envydis gm107.c tabroot 0x8000 /
 * 0xa000, mask 0xe000: register 0-7, address register 8-15 plus a signed
 * 32-bit offset 20-51 (gmem_imm), 64-bit address E 52, size 53-55 in
 * LDG's order (taba000_1), cache 56-57, a predicate operand at 58-60
 * (PRED58); Ryujinx InstLd/InstSt read the same fields and translate
 * neither, yuzu has neither). A generic address can also fall in the
 * shared or local window (SR_SWINLO / SR_LWINLO), so only an address
 * traced, as LDG's, to a pointer in a constant buffer is taken, as the
 * global memory it points at. What the predicate operand does no
 * reference says: only PT is translated. */
static void emit_generic(tr *t, uint32_t k, uint64_t insn, bool store)
{
    uint32_t size = bits(insn, 53, 3);
    if (bits(insn, 58, 3) != PT)
        return (void)UNSUPPORTED(t, store ? "ST with a predicate operand other than PT"
                                          : "LD with a predicate operand other than PT");
    if (size < 4 || size > 6)
        return (void)UNSUPPORTED(t, store ? "ST of 8 or 16 bits" : "LD of 8 or 16 bits");
    global_access(t, k, insn, store, size, bit(insn, 52), (int32_t)bits(insn, 20, 32));
}

/* The words of a global access: size 4-6 (32, 64, 128 bits), the
 * address register's 64-bit pointer (wide) plus imm */
static void global_access(tr *t, uint32_t k, uint64_t insn, bool store, uint32_t size, bool wide, int32_t imm)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32, rd = bits(insn, 0, 8);
    uint32_t first, v = global_word(t, k, insn, wide, imm, &first);
    if (!v)
        return;
    uint32_t len = SPV_OP(b, SpvOpArrayLength, u, v, 0);
    uint32_t words = size == 4 ? 1 : size == 5 ? 2 : 4, val[4] = {0}, idx[4];
    for (uint32_t n = 0; n < words; n++) {
        idx[n] = SPV_OP(b, SpvOpIAdd, u, first, cu(t, n));
        if (store)
            val[n] = get_r(t, rd + n > RZ ? RZ : rd + n);
    }
    uint32_t p_u = spv_type_pointer(b, SpvStorageClassUniform, u);
    for (uint32_t n = 0; n < words; n++) {
        uint32_t inside = SPV_OP(b, SpvOpULessThan, t->t_bool, idx[n], len);
        uint32_t then = spv_id(b), merge = spv_id(b);
        uint32_t got = 0;
        if (!store)
            set_r(t, rd + n > RZ ? RZ : rd + n, cu(t, 0));
        SPV_VOID(b, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
        SPV_VOID(b, SpvOpBranchConditional, inside, then, merge);
        spv_label(b, then);
        uint32_t ptr = SPV_OP(b, SpvOpAccessChain, p_u, v, cu(t, 0), idx[n]);
        if (store)
            SPV_VOID(b, SpvOpStore, ptr, val[n]);
        else
            got = SPV_OP(b, SpvOpLoad, u, ptr);
        if (!store)
            set_r(t, rd + n > RZ ? RZ : rd + n, got);
        SPV_VOID(b, SpvOpBranch, merge);
        spv_label(b, merge);
    }
}

/* ATOM Rd, g[Ra + s20 at 28], Rb (envydis ed00: op 52-55, E 48, size
 * 49-51 U32 S32 U64 F32.FTZ.RN U128 S64; ATOM.CAS eef0: b64 49, compare Rb,
 * new value Rb + 1) and RED g[Ra + s20 at 28], R0 (ebf8: op 23-25, size
 * 20-22, E 48; no result). The word must lie in the buffer (OpArrayLength):
 * past its end nothing is written and ATOM gives 0. F32 is an add only
 * (FTZ.RN: a CAS loop, atomic_cas_loop). ATOMS has no float type (envydis
 * tabec00sz, Ryujinx AtomsSize, yuzu AtomsSize: U32 S32 U64 S64). */
static void emit_global_atomic(tr *t, uint32_t k, uint64_t insn, bool red)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32, rd = bits(insn, 0, 8), rb = red ? rd : bits(insn, 20, 8);
    bool cas = !red && mw_sass_lookup(insn) == MW_SASS_OP_ATOM_CAS;
    uint32_t op = cas ? AT_CAS : red ? bits(insn, 23, 3) : bits(insn, 52, 4);
    uint32_t size = cas ? (bit(insn, 49) ? 2 : 0) : red ? bits(insn, 20, 3) : bits(insn, 49, 3);
    /* 64-bit atomics would need GL_NV_shader_atomic_int64 in GLSL (or
     * Int64Atomics through ARB_gl_spirv), which llvmpipe, where this is
     * tested, does not expose; size 4 is U128 to envydis, F16x2 to yuzu */
    if (size == 2 || size == 5)
        return (void)UNSUPPORTED(t, red ? "a 64-bit RED (no 64-bit atomic extension is used: GL core has none)"
                                        : "a 64-bit ATOM (no 64-bit atomic extension is used: GL core has none)");
    if (size != 0 && size != 1 && size != 3)
        return (void)UNSUPPORTED(t, red ? "RED of size 4 (U128 to envydis, F16x2 to yuzu) or a reserved size"
                                        : "ATOM of size 4 (U128 to envydis, F16x2 to yuzu) or a reserved size");
    if (op != AT_CAS && op > AT_EXCH)
        return (void)UNSUPPORTED(t, "ATOM.SAFEADD or a reserved atomic operation");
    if (size == 3 && op != AT_ADD)
        return (void)UNSUPPORTED(t, "a float atomic other than ADD");
    uint32_t first, v = global_word(t, k, insn, bit(insn, 48), (int32_t)(bits(insn, 28, 20) << 12) >> 12, &first);
    if (!v)
        return;
    uint32_t val = get_r(t, cas ? (rb + 1 > RZ ? RZ : rb + 1) : rb), cmp = cas ? get_r(t, rb) : 0;
    uint32_t inside = SPV_OP(b, SpvOpULessThan, t->t_bool, first, SPV_OP(b, SpvOpArrayLength, u, v, 0));
    if (!red)
        set_r(t, rd, cu(t, 0));
    uint32_t then = spv_id(b), merge = spv_id(b);
    SPV_VOID(b, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_VOID(b, SpvOpBranchConditional, inside, then, merge);
    spv_label(b, then);
    uint32_t ptr = SPV_OP(b, SpvOpAccessChain, spv_type_pointer(b, SpvStorageClassUniform, u), v, cu(t, 0), first);
    uint32_t old = atomic_op(t, ptr, false, op, size == 1, size == 3, val, cmp);
    if (!red)
        set_r(t, rd, old);
    SPV_VOID(b, SpvOpBranch, merge);
    spv_label(b, merge);
}

static uint32_t compute_builtin(tr *t, uint32_t *var, SpvBuiltIn bi, const char *name, uint32_t c)
{
    spv_builder *b = &t->b;
    uint32_t v3u = spv_type_vector(b, t->t_u32, 3);
    if (!*var)
        *var = builtin_var(t, SpvStorageClassInput, bi == SpvBuiltInLocalInvocationIndex ? t->t_u32 : v3u, bi, name);
    if (bi == SpvBuiltInLocalInvocationIndex)
        return SPV_OP(b, SpvOpLoad, t->t_u32, *var);
    return SPV_OP(b, SpvOpCompositeExtract, t->t_u32, SPV_OP(b, SpvOpLoad, v3u, *var), c);
}

/* S2R of a lane register: SR_LANEID (0x00) or a lane mask (0x38-0x3c) */
static bool s2r_is_lane(uint64_t insn)
{
    uint32_t sr = bits(insn, 20, 8);
    return sr == 0x00 || (sr >= 0x38 && sr <= 0x3c);
}

/* S2R (envydis gm107.c: destination 0-7, system register 20-27; numbers as
 * envydis names them: 0x00 LANEID, 0x12 Y_DIRECTION, 0x20 TID, 0x21-0x23
 * TID.X-Z, 0x25-0x27 CTAID.X-Z). SR_TID packs x in bits 0-15, y in 16-25,
 * z in 26-31 (the corpus' ssbo_layout_csh unpacks it with BFE 0x1000,
 * 0xa10, 0x61a). A lane is the invocation index mod 32: the hardware
 * forms warps from consecutive invocations. Y_DIRECTION is +1.0 (GL's
 * window orientation, as uam's SV_YDIR in c1[0x0] is filled). */
static void emit_s2r(tr *t, uint64_t insn)
{
    spv_builder *b = &t->b;
    uint32_t sr = bits(insn, 20, 8), rd = bits(insn, 0, 8), u = t->t_u32, v;
    bool cs = t->in->key.stage == MW_SPIRV_COMPUTE;
    if (sr == 0x12) {
        v = cu(t, 0x3f800000u);
    } else if (cs && sr >= 0x21 && sr <= 0x23) {
        v = compute_builtin(t, &t->local_id, SpvBuiltInLocalInvocationId, "gl_LocalInvocationID", sr - 0x21);
    } else if (cs && sr >= 0x25 && sr <= 0x27) {
        v = compute_builtin(t, &t->workgroup_id, SpvBuiltInWorkgroupId, "gl_WorkGroupID", sr - 0x25);
    } else if (cs && sr == 0x20) {
        uint32_t x = compute_builtin(t, &t->local_id, SpvBuiltInLocalInvocationId, "gl_LocalInvocationID", 0);
        uint32_t y = compute_builtin(t, &t->local_id, SpvBuiltInLocalInvocationId, "gl_LocalInvocationID", 1);
        uint32_t z = compute_builtin(t, &t->local_id, SpvBuiltInLocalInvocationId, "gl_LocalInvocationID", 2);
        v = SPV_OP(b, SpvOpBitwiseOr, u, x, SPV_OP(b, SpvOpShiftLeftLogical, u, y, cu(t, 16)));
        v = SPV_OP(b, SpvOpBitwiseOr, u, v, SPV_OP(b, SpvOpShiftLeftLogical, u, z, cu(t, 26)));
    } else if (s2r_is_lane(insn)) {
        /* SR_LANEID and the lane masks SR_EQMASK..SR_GEMASK (0x38-0x3c,
         * Mesa nv50_ir's numbering): the lane
         * VOTE and SHFL see, i.e. the host subgroup's (quad_tesh passes it as
         * ALD.O's vertex to read its own gl_TessCoord; every stage but
         * compute reads it there, and a program that reads it takes every
         * SHFL through the subgroup too, so the lanes agree); in compute
         * without subgroup operations the invocation index mod 32 (the
         * hardware forms warps from consecutive invocations). The masks
         * are 1 << lane, below, at or below, above, at or above it. */
        uint32_t lane = cs && !t->subgroups
                            ? SPV_OP(b, SpvOpBitwiseAnd, u,
                                     compute_builtin(t, &t->local_index, SpvBuiltInLocalInvocationIndex,
                                                     "gl_LocalInvocationIndex", 0),
                                     cu(t, 31))
                            : subgroup_builtin(t, &t->sg_lane, SpvBuiltInSubgroupLocalInvocationId,
                                               "gl_SubGroupInvocationARB");
        uint32_t eq = SPV_OP(b, SpvOpShiftLeftLogical, u, cu(t, 1), lane);
        uint32_t lt = SPV_OP(b, SpvOpISub, u, eq, cu(t, 1));
        uint32_t le = SPV_OP(b, SpvOpBitwiseOr, u, lt, eq);
        switch (sr) {
        case 0x00: v = lane; break;
        case 0x38: v = eq; break;
        case 0x39: v = lt; break;
        case 0x3a: v = le; break;
        case 0x3b: v = SPV_OP(b, SpvOpNot, u, le); break;
        default: v = SPV_OP(b, SpvOpNot, u, lt); break;
        }
    } else if (sr == 0x11 && (t->in->key.stage == MW_SPIRV_TESS_CTRL || t->in->key.stage == MW_SPIRV_GEOMETRY)) {
        v = as_u(t, invocation_id_i(t)); /* SR_INVOCATION_ID: gl_InvocationID */
    } else if (sr == 0x1d && arrayed_in(t)) {
        /* SR_INVOCATION_INFO: bits 16-23 the vertices of an input primitive
         * (patch), bits 0-7 the primitive's slot in the batch the hardware
         * runs together, from which uam computes the vertex's slot (slot *
         * vertices + vertex, then ISBERD). yuzu (EmitInvocationInfo) gives
         * gl_PatchVerticesIn << 16 in tessellation and the input topology's
         * vertex count << 16 in geometry: slot 0, as every GL invocation
         * numbers its own primitive's vertices from 0. */
        if (t->in->key.stage == MW_SPIRV_GEOMETRY) {
            v = cu(t, t->vtx_in << 16);
        } else {
            if (!t->patch_vertices)
                t->patch_vertices =
                    builtin_var(t, SpvStorageClassInput, t->t_i32, SpvBuiltInPatchVertices, "patch_vertices");
            v = SPV_OP(b, SpvOpShiftLeftLogical, u, as_u(t, SPV_OP(b, SpvOpLoad, t->t_i32, t->patch_vertices)),
                       cu(t, 16));
        }
    } else {
        char what[64];
        snprintf(what, sizeof what, "S2R of system register 0x%02x in this stage", sr);
        return (void)UNSUPPORTED(t, what);
    }
    set_r(t, rd, v);
}

/* CS2R Rd, SR (envydis gm107.c 0x50c8 "cs2r": destination 0-7, system
 * register 20-27 from S2R's table, SYS_20): the registers S2R reads, so it
 * is S2R's translation. yuzu and Ryujinx leave CS2R unimplemented. The
 * clocks and timers (SR_CLOCK 0x01, SR_CLOCKLO/HI 0x50/0x51,
 * SR_GLOBALTIMERLO/HI 0x52/0x53, envydis' names), which compilers read
 * with it, have a host equivalent only in OpReadClockKHR
 * (ARB_shader_clock), and the SPIRV-Cross glhle builds with (0.54) writes
 * no GLSL for it: refused. */
static void emit_cs2r(tr *t, uint64_t insn)
{
    uint32_t sr = bits(insn, 20, 8);
    if (sr == 0x01 || (sr >= 0x50 && sr <= 0x53))
        return (void)UNSUPPORTED(t, "CS2R of a clock or timer (SPIRV-Cross 0.54 writes no GLSL for OpReadClockKHR)");
    emit_s2r(t, insn);
}

/* ---- control flow ---- */

static uint32_t branch_target(tr *t, uint32_t k, uint64_t insn, int64_t *target)
{
    if (bit(insn, 5)) {
        t->cur = k;
        UNSUPPORTED(t, "a branch target from a constant buffer");
        return 0;
    }
    int32_t rel = (int32_t)(bits(insn, 20, 24) << 8) >> 8;
    int64_t idx = offset_insn((int64_t)insn_offset(k) + 8 + rel);
    /* in a joined stream each program's jumps stay in its own code */
    if (idx < 0 || idx >= (int64_t)t->n || (t->a_n && (k < t->a_n) != (idx < (int64_t)t->a_n))) {
        t->cur = k;
        fail(t, GLHLE_RESULT_OUT_OF_BOUNDS, "a branch target outside the program", "");
        return 0;
    }
    *target = idx;
    return 1;
}

static bool is_block_end(uint8_t op)
{
    return op == OP_BRA || op == OP_EXIT || op == OP_KIL || op == OP_SYNC || op == OP_BRK || op == OP_CONT ||
           op == OP_RET || op == OP_CAL || op == OP_BRX;
}

static bool is_push(uint8_t op)
{
    return op == OP_SSY || op == OP_PBK || op == OP_PCNT || op == OP_PRET || op == OP_CAL;
}

/* whether instruction k's own target (BRA, SSY/PBK/PCNT/PRET, CAL) is a
 * relative one inside the code; true for the rest */
static bool jump_in_code(tr *t, uint32_t k)
{
    uint8_t op = t->ops[k].op;
    if (op != OP_BRA && !is_push(op))
        return true;
    uint64_t insn = t->in->code[(k / 3) * 4 + 1 + k % 3];
    if (bit(insn, 5) || (op == OP_CAL && bit(insn, 6)))
        return false;
    int32_t rel = (int32_t)(bits(insn, 20, 24) << 8) >> 8;
    int64_t idx = offset_insn((int64_t)insn_offset(k) + 8 + rel);
    return idx >= 0 && idx < (int64_t)t->n;
}

/* reachability from instruction 0 and the block leaders */
/* Why an instruction the table decodes has no translation, where the
 * references say: FCHK (the fp32 division's range check, which sends a
 * division to its slow path) and TXA have no semantics in any of them --
 * yuzu and Ryujinx leave both unimplemented, envydis gives only fields. */
static const char *unknown_why(mw_sass_family f)
{
    if (f == MW_SASS_FAM_FCHK)
        return ", whose conditions no reference gives (yuzu, Ryujinx: unimplemented),";
    if (f == MW_SASS_FAM_TXA)
        return ", whose result no reference gives (yuzu, Ryujinx: unimplemented),";
    return "";
}

static glhle_result discover(tr *t)
{
    uint32_t *work = malloc(sizeof *work * t->n);
    if (!work)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    uint32_t top = 0;
    work[top++] = 0;
    t->flags[0] |= F_REACH | F_LEADER;
    while (top && t->err == GLHLE_RESULT_OK) {
        uint32_t k = work[--top];
        uint64_t insn = t->in->code[(k / 3) * 4 + 1 + k % 3];
        const op_row *row = &t->ops[k];
        t->cur = k;
        if (row->op == OP_UNKNOWN) {
            char what[144];
            snprintf(what, sizeof what, "%s (0x%016llx)%s", row->name, (unsigned long long)insn,
                     unknown_why(mw_sass_op_family(mw_sass_lookup(insn))));
            UNSUPPORTED(t, what);
            break;
        }
        uint32_t p;
        bool pneg, never = !guard_of(row, insn, &p, &pneg), always = !never && p == PT;
        if (has_flow_test(row->op) && !flow_test_known(bits(insn, 0, 5))) {
            UNSUPPORTED(t, "a CSM/FCSM condition-code test (sources disagree)");
            break;
        }
        int64_t succ[2];
        int ns = 0;
        bool falls = true;
        if (!never && row->op == OP_BRA) {
            if (!branch_target(t, k, insn, &succ[ns]))
                break;
            t->flags[succ[ns]] |= F_LEADER | F_TARGET;
            ns++;
            falls = !always;
        } else if (!never && row->op == OP_BRX) {
            if (t->a_n) { /* every instruction a case: A's and B's alike */
                UNSUPPORTED(t, "BRX in a program joined with vertex A");
                break;
            }
            t->indirect = true;
            falls = !always;
        } else if (!never && row->op == OP_EXIT && k < t->a_n) {
            /* vertex A's end: on to vertex B's first instruction (join) */
            succ[ns++] = t->a_n;
            t->flags[t->a_n] |= F_LEADER | F_TARGET;
            falls = !always;
        } else if (!never && (row->op == OP_EXIT || row->op == OP_KIL || row->op == OP_SYNC || row->op == OP_BRK ||
                              row->op == OP_CONT || row->op == OP_RET)) {
            falls = !always;
            t->pops |= row->op == OP_SYNC ? 1u << K_SSY : row->op == OP_BRK ? 1u << K_PBK
                     : row->op == OP_CONT ? 1u << K_PCNT : row->op == OP_RET ? 1u << K_PRET : 0;
        } else if (is_push(row->op)) {
            if (row->op == OP_CAL && bit(insn, 6)) {
                UNSUPPORTED(t, "CAL.NOINC");
                break;
            }
            if (!branch_target(t, k, insn, &succ[ns]))
                break;
            t->flags[succ[ns]] |= F_LEADER | F_TARGET;
            ns++;
        }
        if (is_block_end(row->op) && k + 1 < t->n)
            t->flags[k + 1] |= F_LEADER;
        if (falls) {
            if (t->a_n && k + 1 == t->a_n) {
                BAD(t, "the program runs past the end of its code");
                break;
            }
            if (k + 1 >= t->n) {
                if (!(t->flags[k] & F_ANY)) {
                    BAD(t, "the program runs past the end of its code");
                    break;
                }
            } else if (!(t->flags[k] & F_ANY) || t->ops[k + 1].op != OP_UNKNOWN) {
                succ[ns++] = k + 1;
            }
        }
        for (int i = 0; i < ns; i++)
            if (!(t->flags[succ[i]] & F_REACH)) {
                t->flags[succ[i]] |= F_REACH | (t->flags[k] & F_ANY);
                work[top++] = (uint32_t)succ[i];
            }
        /* After a BRX, any instruction may be a target (the jump table is
         * data the translation does not see): every instruction that
         * decodes, and whose own jump stays in the code, becomes a case;
         * the others are no case, so a jump there (or a fall into one)
         * ends the invocation. Reached this way, a fall past the end ends
         * it too. */
        if (!top && t->indirect && t->err == GLHLE_RESULT_OK)
            for (uint32_t j = 0; j < t->n; j++) {
                t->flags[j] |= F_LEADER;
                if (t->flags[j] & F_REACH || t->ops[j].op == OP_UNKNOWN || !jump_in_code(t, j))
                    continue;
                t->flags[j] |= F_REACH | F_ANY;
                work[top++] = j;
            }
    }
    free(work);
    return t->err;
}

static void store_pc(tr *t, uint32_t value_id)
{
    SPV_VOID(&t->b, SpvOpStore, t->pc_var, value_id);
    SPV_VOID(&t->b, SpvOpBranch, t->sw_merge);
}

/* push (kind, target) on the stack; a push past 16 entries is dropped (the
 * hardware would spill to local memory, which no supported program needs) */
static void stack_push(tr *t, uint32_t kind, uint32_t target)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    uint32_t d = SPV_OP(b, SpvOpLoad, u, t->depth_var);
    uint32_t slot = SPV_GLSL(b, u, GLSLstd450UMin, d, cu(t, STACK_DEPTH - 1));
    uint32_t ptr = SPV_OP(b, SpvOpAccessChain, t->p_fn_u32, t->stack_var, slot);
    SPV_VOID(b, SpvOpStore, ptr, cu(t, kind << 24 | target));
    SPV_VOID(b, SpvOpStore, t->depth_var, SPV_GLSL(b, u, GLSLstd450UMin, SPV_OP(b, SpvOpIAdd, u, d, cu(t, 1)),
                                                   cu(t, STACK_DEPTH)));
}

/* one step of "pop until an entry of `kind`": an empty stack ends the invocation */
static void emit_pop_case(tr *t, uint32_t kind)
{
    spv_builder *b = &t->b;
    uint32_t u = t->t_u32;
    uint32_t d = SPV_OP(b, SpvOpLoad, u, t->depth_var);
    uint32_t empty = SPV_OP(b, SpvOpIEqual, t->t_bool, d, cu(t, 0));
    uint32_t then = spv_id(b), merge = spv_id(b);
    SPV_VOID(b, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_VOID(b, SpvOpBranchConditional, empty, then, merge);
    spv_label(b, then);
    SPV_VOID(b, SpvOpReturn);
    spv_label(b, merge);
    uint32_t d1 = SPV_OP(b, SpvOpISub, u, d, cu(t, 1));
    SPV_VOID(b, SpvOpStore, t->depth_var, d1);
    uint32_t e = SPV_OP(b, SpvOpLoad, u, SPV_OP(b, SpvOpAccessChain, t->p_fn_u32, t->stack_var, d1));
    uint32_t match = SPV_OP(b, SpvOpIEqual, t->t_bool, SPV_OP(b, SpvOpShiftRightLogical, u, e, cu(t, 24)), cu(t, kind));
    store_pc(t, select_u(t, match, SPV_OP(b, SpvOpBitwiseAnd, u, e, cu(t, 0xffffff)), cu(t, POP_CASE(kind))));
}

/* Runs `insn` (already classified) inside the open block. Control
 * instructions end the block themselves. */
static void emit_insn(tr *t, uint32_t k, uint64_t insn, const op_row *row)
{
    spv_builder *b = &t->b;
    if (cc_refused(t, insn, row))
        return;
    switch (row->op) {
    case OP_NOP:
    case OP_DEPBAR:
        return;
    case OP_FADD: case OP_FADD32I: case OP_FMUL: case OP_FMUL32I: case OP_FFMA: case OP_FFMA32I:
    case OP_FMNMX: case OP_FSET: case OP_FSETP: case OP_MUFU: case OP_RRO:
        return emit_float(t, insn, row);
    case OP_DADD: case OP_DMUL: case OP_DFMA: case OP_DMNMX: case OP_DSET: case OP_DSETP:
        return emit_double(t, insn, row);
    case OP_FCMP: case OP_CSET: case OP_CSETP: case OP_P2R: case OP_R2P:
        return emit_cc_op(t, insn, row);
    case OP_MOV: case OP_MOV32I: case OP_SEL: case OP_IADD: case OP_IADD32I: case OP_ISCADD: case OP_ISCADD32I:
    case OP_LOP3: case OP_IADD3: case OP_SHF: case OP_LEA: case OP_LEA_HI:
    case OP_XMAD: case OP_IMNMX: case OP_ISET: case OP_ISETP: case OP_ICMP: case OP_LOP: case OP_LOP32I:
    case OP_SHL: case OP_SHR: case OP_BFE: case OP_BFI: case OP_POPC: case OP_FLO: case OP_IMUL: case OP_IMUL32I: case OP_IMAD:
        return emit_int(t, insn, row);
    case OP_I2F: case OP_F2I: case OP_F2F: case OP_I2I:
        return emit_convert(t, insn, row);
    case OP_IPA: case OP_ALD: case OP_AST:
        if (t->in->key.stage == MW_SPIRV_COMPUTE)
            return (void)BAD(t, "an attribute access in a compute shader");
        if ((row->op == OP_IPA) != (t->in->key.stage == MW_SPIRV_FRAGMENT))
            return (void)BAD(t, row->op == OP_IPA ? "IPA outside a fragment shader" : "ALD/AST in a fragment shader");
        return emit_attr(t, insn, row);
    case OP_LDC:
        return emit_ldc(t, insn);
    case OP_LDL:
    case OP_STL:
        return emit_memory(t, insn, false, row->op == OP_STL);
    case OP_LDS:
    case OP_STS:
        return emit_memory(t, insn, true, row->op == OP_STS);
    case OP_ATOMS:
        return emit_atoms(t, insn);
    case OP_ATOM:
    case OP_RED:
        return emit_global_atomic(t, k, insn, row->op == OP_RED);
    case OP_BAR:
        return emit_bar(t, insn);
    case OP_MEMBAR:
        return emit_membar(t, insn);
    case OP_CCTL: /* cache control: GL buffers have no caches to write back or invalidate (SSBOs are Coherent) */
        return;
    case OP_LDG:
    case OP_STG:
        return emit_global(t, k, insn, row->op == OP_STG);
    case OP_LD:
    case OP_ST:
        return emit_generic(t, k, insn, row->op == OP_ST);
    case OP_CS2R:
        return emit_cs2r(t, insn);
    case OP_AL2P:
        return emit_al2p(t, insn);
    case OP_S2R:
        return emit_s2r(t, insn);
    case OP_TEXS:
        return emit_texs(t, insn);
    case OP_TLDS:
        return emit_tlds(t, insn);
    case OP_TLD:
        return emit_tld(t, insn);
    case OP_TXQ:
        return emit_txq(t, insn);
    case OP_TEX:
    case OP_TLD4:
    case OP_TXD:
    case OP_TMML:
        return emit_tex(t, insn, row);
    case OP_TLD4S:
        return emit_tld4s(t, insn);
    case OP_PIXLD:
        return emit_pixld(t, insn);
    case OP_SHFL:
        return emit_shfl(t, insn);
    case OP_VOTE:
        return emit_vote(t, insn);
    case OP_PSET:
    case OP_PSETP:
        return emit_pset(t, insn, row->op == OP_PSETP);
    case OP_PRMT:
        return emit_prmt(t, insn, row);
    case OP_SULD:
    case OP_SUST:
        return emit_surface(t, insn, row->op == OP_SUST);
    case OP_SUATOM:
        return emit_suatom(t, insn);
    case OP_SURED:
        return emit_sured(t, insn);
    case OP_HADD2:
    case OP_HMUL2:
    case OP_HFMA2:
    case OP_HSET2:
    case OP_HSETP2:
        return emit_half(t, insn, row);
    case OP_FSWZADD:
        return emit_fswzadd(t, insn);
    case OP_ISBERD:
        return emit_isberd(t, insn);
    case OP_OUT:
        return emit_out(t, insn, row);
    case OP_VMAD:
    case OP_VMNMX:
    case OP_VSETP:
    case OP_VREFUSED:
        return emit_video(t, insn, row);
    case OP_EXIT:
        if (t->in->key.stage == MW_SPIRV_FRAGMENT)
            emit_frag_outputs(t);
        SPV_VOID(b, SpvOpReturn);
        return;
    case OP_KIL:
        if (t->in->key.stage != MW_SPIRV_FRAGMENT)
            return (void)BAD(t, "KIL outside a fragment shader");
        SPV_VOID(b, SpvOpKill);
        return;
    case OP_SSY: case OP_PBK: case OP_PCNT: case OP_PRET: {
        int64_t target;
        if (!branch_target(t, k, insn, &target))
            return;
        uint32_t kind = row->op == OP_SSY ? K_SSY : row->op == OP_PBK ? K_PBK : row->op == OP_PCNT ? K_PCNT : K_PRET;
        stack_push(t, kind, (uint32_t)target);
        return;
    }
    default:
        return;
    }
}

/* The guard of instruction k: false when it never executes (@!PT). SSY PBK
 * PCNT PRET have no guard: bits 16-19 belong to their target (envydis
 * gm107.c lists them without T(pred)). */
static bool guard_of(const op_row *row, uint64_t insn, uint32_t *p, bool *pneg)
{
    *p = is_push(row->op) ? PT : bits(insn, 16, 3);
    *pneg = !is_push(row->op) && bit(insn, 19);
    if (*p == PT && *pneg)
        return false;
    if (has_flow_test(row->op)) {
        /* the condition-code test at 0-4 (envydis gm107.c T(f0f8_0); yuzu's
         * flow_test fields; T is 15): F never runs, any other test joins
         * the predicate */
        uint32_t test = bits(insn, 0, 5);
        if (test == 0)
            return false;
        if (test != 15)
            *p = 8 + test * 8 + *p;
    }
    return true;
}

/* Runs instruction k (not a branch or a pop) under its guard in the open
 * block, and tracks the registers holding known constants. */
static void emit_step(tr *t, uint32_t k, uint64_t insn, const op_row *row, uint32_t p, bool pneg)
{
    spv_builder *b = &t->b;
    if (p == PT) {
        emit_insn(t, k, insn, row);
        if (row->op == OP_MOV32I && bits(insn, 0, 8) != RZ) { /* imm 20-51 (envydis 0100) */
            t->kknown[bits(insn, 0, 8)] = 1;
            t->kval[bits(insn, 0, 8)] = bits(insn, 20, 32);
        } else if (row->op == OP_MOV && row->bk == BK_R && bits(insn, 20, 8) == RZ && bits(insn, 39, 4) == 0xf &&
                   bits(insn, 0, 8) != RZ) {
            t->kknown[bits(insn, 0, 8)] = 1;
            t->kval[bits(insn, 0, 8)] = 0;
        }
        return;
    }
    uint32_t then = spv_id(b), merge = spv_id(b), cond = get_p(t, p, pneg);
    SPV_VOID(b, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
    SPV_VOID(b, SpvOpBranchConditional, cond, then, merge);
    spv_label(b, then);
    emit_insn(t, k, insn, row);
    if (spv_block_open(b))
        SPV_VOID(b, SpvOpBranch, merge);
    spv_label(b, merge);
}

static void forget_constants(tr *t)
{
    memset(t->kknown, 0, sizeof t->kknown);
    t->kknown[RZ] = 1;
    t->kval[RZ] = 0;
}

static bool is_pop(uint8_t op)
{
    return op == OP_SYNC || op == OP_BRK || op == OP_CONT || op == OP_RET;
}

static uint32_t pop_kind(uint8_t op)
{
    return op == OP_SYNC ? K_SSY : op == OP_BRK ? K_PBK : op == OP_CONT ? K_PCNT : K_PRET;
}

static void translate_block(tr *t, uint32_t k0)
{
    spv_builder *b = &t->b;
    forget_constants(t);
    for (uint32_t k = k0; k < t->n && t->err == GLHLE_RESULT_OK && spv_ok(b); k++) {
        if (k != k0 && (t->flags[k] & F_LEADER)) {
            store_pc(t, cu(t, k));
            return;
        }
        const op_row *row = &t->ops[k];
        uint64_t insn = t->in->code[(k / 3) * 4 + 1 + k % 3];
        t->cur = k;
        uint32_t p;
        bool pneg;
        if (!guard_of(row, insn, &p, &pneg))
            continue; /* never executes */
        if (row->op != OP_NOP)
            t->res->instructions++;
        bool always = p == PT;
        uint32_t next = cu(t, k + 1);
        if (row->op == OP_BRA) {
            int64_t target;
            if (!branch_target(t, k, insn, &target))
                return;
            store_pc(t, always ? cu(t, (uint32_t)target) : select_u(t, get_p(t, p, pneg), cu(t, (uint32_t)target), next));
            return;
        }
        if (row->op == OP_BRX) { /* BRX Ra, imm: to BRX + 8 + imm + Ra (yuzu, sass_cfg.c) */
            uint32_t u = t->t_u32;
            int32_t imm = (int32_t)(bits(insn, 20, 24) << 8) >> 8;
            uint32_t off = SPV_OP(b, SpvOpIAdd, u, get_r(t, bits(insn, 8, 8)),
                                  cu(t, insn_offset(k) + 8 + (uint32_t)imm));
            /* offset_insn(): a bundle's scheduling word means its first instruction */
            uint32_t in_bundle = SPV_OP(b, SpvOpBitwiseAnd, u, off, cu(t, 31));
            uint32_t word = select_u(t, SPV_OP(b, SpvOpIEqual, t->t_bool, in_bundle, cu(t, 0)), cu(t, 1),
                                     SPV_OP(b, SpvOpShiftRightLogical, u, in_bundle, cu(t, 3)));
            uint32_t idx = SPV_OP(b, SpvOpISub, u,
                                  SPV_OP(b, SpvOpIAdd, u,
                                         SPV_OP(b, SpvOpIMul, u, SPV_OP(b, SpvOpShiftRightLogical, u, off, cu(t, 5)),
                                                cu(t, 3)),
                                         word),
                                  cu(t, 1));
            /* not on an instruction or past the code: no case, the invocation ends */
            uint32_t aligned = SPV_OP(b, SpvOpIEqual, t->t_bool, SPV_OP(b, SpvOpBitwiseAnd, u, off, cu(t, 7)), cu(t, 0));
            uint32_t inside = SPV_OP(b, SpvOpULessThan, t->t_bool, off, cu(t, (uint32_t)(t->n / 3 + 1) * 32));
            uint32_t to = select_u(t, SPV_OP(b, SpvOpLogicalAnd, t->t_bool, aligned, inside), idx, cu(t, 0xffffffffu));
            store_pc(t, always ? to : select_u(t, get_p(t, p, pneg), to, next));
            return;
        }
        if (row->op == OP_CAL) { /* push the return point as a PRET entry, then jump */
            int64_t target;
            if (!branch_target(t, k, insn, &target))
                return;
            stack_push(t, K_PRET, k + 1);
            store_pc(t, cu(t, (uint32_t)target));
            return;
        }
        if (is_pop(row->op)) {
            uint32_t kind = pop_kind(row->op);
            store_pc(t, always ? cu(t, POP_CASE(kind)) : select_u(t, get_p(t, p, pneg), cu(t, POP_CASE(kind)), next));
            return;
        }
        if (row->op == OP_EXIT && k < t->a_n) { /* vertex A ends: vertex B starts, its stack empty (join) */
            const uint32_t cond = always ? 0 : get_p(t, p, pneg);
            SPV_VOID(b, SpvOpStore, t->depth_var,
                     always ? cu(t, 0) : select_u(t, cond, cu(t, 0), SPV_OP(b, SpvOpLoad, t->t_u32, t->depth_var)));
            store_pc(t, always ? cu(t, t->a_n) : select_u(t, cond, cu(t, t->a_n), next));
            return;
        }
        emit_step(t, k, insn, row, p, pneg);
        if (!spv_block_open(b))
            return; /* an unconditional EXIT or KIL */
        if (is_block_end(row->op)) {
            store_pc(t, next);
            return;
        }
    }
    if (spv_block_open(b) && t->err == GLHLE_RESULT_OK) /* unreachable by discover(): a fall past the end */
        SPV_VOID(b, SpvOpReturn);
}

/* ---- structured control flow ----
 *
 * Most programs keep the SSY/PBK/PCNT stack in step with their code: at
 * each instruction it holds the same entries on every path that reaches
 * it. Then every pop has one static target, every jump is a plain edge,
 * and the code can be laid out as SPIR-V selections and loops (what yuzu's
 * control_flow.cpp/structured_control_flow.cpp and Ryujinx's do in their
 * own ways). s_analyze() checks that and resolves the edges; s_range()
 * lays out instruction ranges in address order:
 *   a backward edge j -> h            a loop over [h, j], leaving to j + 1;
 *                                     an edge to h continues it, to j + 1 breaks
 *   @P jump to T ahead                if (!P) { [k + 1, T) } (T-1 an
 *                                     unconditional jump to U > T: else { [T, U) })
 *   a jump to the range's end         a branch to the enclosing construct's merge
 * Anything else (a jump into a construct, out of two loops, a stack that
 * differs between paths, more than STRUCT_MAX_INSNS instructions) makes the
 * translator start again with the dispatcher. Each loop's continue block
 * adds to the one iteration counter the dispatcher also uses and leaves the
 * loop once it reaches ITERATION_CAP, so no loop nest runs away. */

#define STRUCT_MAX_INSNS 8192
#define NO_EDGE (-1)
#define EDGE_RETURN (-2) /* a pop that finds no entry of its kind: the invocation ends */

typedef struct s_walk {
    uint8_t *depth; /* per instruction: stack depth, 0xff before it is reached */
    uint32_t *stack; /* per instruction: STACK_DEPTH entries, kind << 24 | target */
    uint32_t *work;
    uint32_t top;
} s_walk;

/* reaches `to` with the stack s[0..d); false when it was reached with another */
static bool s_visit(tr *t, s_walk *w, int64_t to, const uint32_t *s, uint32_t d)
{
    if (to < 0 || to >= (int64_t)t->n)
        return false;
    uint32_t *dst = w->stack + (size_t)to * STACK_DEPTH;
    if (w->depth[to] != 0xff)
        return w->depth[to] == d && !memcmp(dst, s, d * sizeof *s);
    w->depth[to] = (uint8_t)d;
    memcpy(dst, s, d * sizeof *s);
    w->work[w->top++] = (uint32_t)to;
    return true;
}

static bool s_analyze(tr *t)
{
    uint32_t n = t->n;
    if (n > STRUCT_MAX_INSNS)
        return false;
    s_walk w = {malloc(n), malloc(sizeof *w.stack * n * STACK_DEPTH), malloc(sizeof *w.work * n), 0};
    t->go = malloc(sizeof *t->go * n);
    t->back = malloc(sizeof *t->back * n);
    t->sreach = calloc(n, 1);
    bool ok = w.depth && w.stack && w.work && t->go && t->back && t->sreach;
    if (ok) {
        memset(w.depth, 0xff, n);
        for (uint32_t k = 0; k < n; k++)
            t->go[k] = t->back[k] = NO_EDGE;
        uint32_t empty[1] = {0};
        ok = s_visit(t, &w, 0, empty, 0);
    }
    while (ok && w.top) {
        uint32_t k = w.work[--w.top], d = w.depth[k];
        uint32_t s[STACK_DEPTH];
        memcpy(s, w.stack + (size_t)k * STACK_DEPTH, d * sizeof *s);
        const op_row *row = &t->ops[k];
        uint64_t insn = t->in->code[(k / 3) * 4 + 1 + k % 3];
        uint32_t p;
        bool pneg;
        bool runs = guard_of(row, insn, &p, &pneg), falls = true;
        int64_t target;
        if (row->op == OP_CAL || row->op == OP_BRX) {
            ok = false; /* calls run through the dispatcher's stack, BRX through its pc */
        } else if (runs && row->op == OP_BRA) {
            ok = branch_target(t, k, insn, &target) && s_visit(t, &w, target, s, d);
            t->go[k] = (int32_t)target;
            falls = p != PT;
        } else if (runs && is_push(row->op)) {
            ok = d < STACK_DEPTH && branch_target(t, k, insn, &target);
            if (ok)
                s[d++] = pop_kind(row->op == OP_SSY ? OP_SYNC : row->op == OP_PBK ? OP_BRK
                                  : row->op == OP_PCNT ? OP_CONT : OP_RET) << 24 | (uint32_t)target;
        } else if (runs && is_pop(row->op)) {
            uint32_t kind = pop_kind(row->op), i = d;
            while (i && s[i - 1] >> 24 != kind)
                i--;
            if (i) {
                t->go[k] = (int32_t)(s[i - 1] & 0xffffff);
                ok = s_visit(t, &w, t->go[k], s, i - 1);
            } else {
                t->go[k] = EDGE_RETURN;
            }
            falls = p != PT;
        } else if (runs && (row->op == OP_EXIT || row->op == OP_KIL)) {
            falls = p != PT;
        }
        if (ok && falls)
            ok = s_visit(t, &w, (int64_t)k + 1, s, d);
    }
    if (ok)
        for (uint32_t k = 0; k < n; k++) {
            t->sreach[k] = w.depth[k] != 0xff;
            if (t->sreach[k] && t->go[k] >= 0 && (uint32_t)t->go[k] <= k && (int32_t)k > t->back[t->go[k]])
                t->back[t->go[k]] = (int32_t)k;
        }
    free(w.depth);
    free(w.stack);
    free(w.work);
    return ok && t->err == GLHLE_RESULT_OK;
}

typedef struct s_loop {
    uint32_t head, exit;   /* instructions */
    uint32_t cont, merge;  /* labels */
} s_loop;

static bool s_range(tr *t, uint32_t a, uint32_t e, uint32_t end_label, const s_loop *loop, int64_t opened);

static bool s_loop_at(tr *t, uint32_t k, uint32_t end)
{
    spv_builder *b = &t->b;
    s_loop inner = {k, end, spv_id(b), spv_id(b)};
    uint32_t header = open_loop(b, inner.merge, inner.cont);
    if (!s_range(t, k, end, inner.merge, &inner, k))
        return false;
    spv_label(b, inner.cont);
    uint32_t it = SPV_OP(b, SpvOpIAdd, t->t_u32, SPV_OP(b, SpvOpLoad, t->t_u32, t->iter_var), cu(t, 1));
    SPV_VOID(b, SpvOpStore, t->iter_var, it);
    uint32_t again = SPV_OP(b, SpvOpULessThan, t->t_bool, it, cu(t, ITERATION_CAP));
    SPV_VOID(b, SpvOpBranchConditional, again, header, inner.merge);
    spv_label(b, inner.merge);
    forget_constants(t);
    return true;
}

/* an unconditional jump or pop at j, and where it goes */
static bool s_jumps(tr *t, uint32_t j, int32_t *to)
{
    uint64_t insn = t->in->code[(j / 3) * 4 + 1 + j % 3];
    uint32_t p;
    bool pneg;
    *to = t->go[j];
    return t->sreach[j] && *to >= 0 && guard_of(&t->ops[j], insn, &p, &pneg) && p == PT && t->back[j] == NO_EDGE;
}

/* Lays out [a, e); control reaching e branches to end_label. `loop` is the
 * innermost loop, `opened` the loop header being laid out now. False when
 * the code does not fit the constructs. */
static bool s_range(tr *t, uint32_t a, uint32_t e, uint32_t end_label, const s_loop *loop, int64_t opened)
{
    spv_builder *b = &t->b;
    uint32_t k = a;
    while (k < e && t->err == GLHLE_RESULT_OK && spv_ok(b)) {
        if (!t->sreach[k]) {
            k++;
            continue;
        }
        if (!spv_block_open(b))
            return false; /* reached, but not from here */
        if (t->flags[k] & F_LEADER)
            forget_constants(t);
        if (t->back[k] != NO_EDGE && (int64_t)k != opened) {
            uint32_t end = (uint32_t)t->back[k] + 1;
            if (end > e || !s_loop_at(t, k, end))
                return false;
            k = end;
            continue;
        }
        const op_row *row = &t->ops[k];
        uint64_t insn = t->in->code[(k / 3) * 4 + 1 + k % 3];
        t->cur = k;
        uint32_t p;
        bool pneg;
        if (!guard_of(row, insn, &p, &pneg)) {
            k++;
            continue;
        }
        if (row->op != OP_BRA && !is_pop(row->op)) {
            if (is_push(row->op))
                t->res->instructions++; /* resolved: nothing to run */
            else {
                if (row->op != OP_NOP)
                    t->res->instructions++;
                emit_step(t, k, insn, row, p, pneg);
            }
            k++;
            continue;
        }
        t->res->instructions++;
        int32_t to = t->go[k];
        uint32_t cond = p == PT ? 0 : get_p(t, p, pneg);
        /* a break or continue leaves any selections; a jump to the range's
         * end may only be the construct's last branch to its own merge, so
         * a conditional one becomes a selection over the rest of the range */
        uint32_t jump = loop && to == (int32_t)loop->exit ? loop->merge
                      : loop && to == (int32_t)loop->head ? loop->cont
                      : to == (int32_t)e && !cond ? end_label : 0;
        if (to == EDGE_RETURN || jump) {
            if (cond) {
                uint32_t then = spv_id(b), merge = spv_id(b);
                SPV_VOID(b, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
                SPV_VOID(b, SpvOpBranchConditional, cond, then, merge);
                spv_label(b, then);
                if (jump)
                    SPV_VOID(b, SpvOpBranch, jump);
                else
                    SPV_VOID(b, SpvOpReturn);
                spv_label(b, merge);
            } else if (jump) {
                SPV_VOID(b, SpvOpBranch, jump);
            } else {
                SPV_VOID(b, SpvOpReturn);
            }
            k++;
            continue;
        }
        if (to <= (int32_t)k || to > (int32_t)e)
            return false;
        if (!cond) { /* a jump ahead over code nothing else reaches */
            for (uint32_t i = k + 1; i < (uint32_t)to; i++)
                if (t->sreach[i])
                    return false;
            k = (uint32_t)to;
            continue;
        }
        uint32_t then = spv_id(b), merge = spv_id(b), j = (uint32_t)to - 1;
        int32_t u;
        bool has_else = j > k && s_jumps(t, j, &u) && u > to && u <= (int32_t)e;
        SPV_VOID(b, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
        if (has_else) {
            uint32_t other = spv_id(b);
            SPV_VOID(b, SpvOpBranchConditional, cond, other, then);
            spv_label(b, then);
            if (!s_range(t, k + 1, j, merge, loop, -1))
                return false;
            t->res->instructions++; /* the jump at j: the branch to the merge */
            spv_label(b, other);
            forget_constants(t);
            if (!s_range(t, (uint32_t)to, (uint32_t)u, merge, loop, -1))
                return false;
            k = (uint32_t)u;
        } else {
            SPV_VOID(b, SpvOpBranchConditional, cond, merge, then);
            spv_label(b, then);
            if (!s_range(t, k + 1, (uint32_t)to, merge, loop, -1))
                return false;
            k = (uint32_t)to;
        }
        spv_label(b, merge);
        forget_constants(t);
    }
    if (spv_block_open(b) && t->err == GLHLE_RESULT_OK && spv_ok(b)) {
        if (end_label)
            SPV_VOID(b, SpvOpBranch, end_label);
        else
            SPV_VOID(b, SpvOpReturn); /* unreachable by discover(): a fall past the end */
    }
    return true;
}

/* ---- the module ---- */

static void declare_types(tr *t)
{
    spv_builder *b = &t->b;
    t->t_void = spv_type_void(b);
    t->t_bool = spv_type_bool(b);
    t->t_u32 = spv_type_int(b, 32, false);
    t->t_i32 = spv_type_int(b, 32, true);
    t->t_f32 = spv_type_float(b, 32);
    t->t_v4f = spv_type_vector(b, t->t_f32, 4);
    t->t_v4u = spv_type_vector(b, t->t_u32, 4);
    t->t_v4i = spv_type_vector(b, t->t_i32, 4);
    t->t_v2f = spv_type_vector(b, t->t_f32, 2);
    t->t_v3f = spv_type_vector(b, t->t_f32, 3);
    t->p_fn_u32 = spv_type_pointer(b, SpvStorageClassFunction, t->t_u32);
    t->p_fn_bool = spv_type_pointer(b, SpvStorageClassFunction, t->t_bool);
}

/* the dispatcher: a loop around a switch on pc over the reachable leaders */
static void emit_dispatcher(tr *t)
{
    spv_builder *b = &t->b;
    t->pc_var = spv_local_var(b, t->p_fn_u32, cu(t, 0));
    spv_name(b, t->pc_var, "pc");
    t->depth_var = spv_local_var(b, t->p_fn_u32, cu(t, 0));
    spv_name(b, t->depth_var, "stack_depth");
    uint32_t stack_t = spv_type_array(b, t->t_u32, cu(t, STACK_DEPTH), false);
    t->stack_var = spv_local_var(b, spv_type_pointer(b, SpvStorageClassFunction, stack_t), 0);
    spv_name(b, t->stack_var, "stack");

    uint32_t cont = spv_id(b), merge = spv_id(b), deflt = spv_id(b);
    t->sw_merge = spv_id(b);
    const uint32_t header = open_loop(b, merge, cont);
    uint32_t pcv = SPV_OP(b, SpvOpLoad, t->t_u32, t->pc_var);
    SPV_VOID(b, SpvOpSelectionMerge, t->sw_merge, SpvSelectionControlMaskNone);

    /* the cases: every reachable leader, then the pop steps */
    uint32_t ncase = 0;
    for (uint32_t k = 0; k < t->n; k++)
        ncase += (t->flags[k] & (F_REACH | F_LEADER)) == (F_REACH | F_LEADER);
    uint32_t *labels = calloc(t->n, sizeof *labels);
    uint32_t *sw = malloc(sizeof *sw * (2 + 2 * (ncase + 4)));
    if (!labels || !sw) {
        free(labels);
        free(sw);
        b->failed = true;
        return;
    }
    size_t nsw = 0;
    sw[nsw++] = pcv;
    sw[nsw++] = deflt;
    for (uint32_t k = 0; k < t->n; k++)
        if ((t->flags[k] & (F_REACH | F_LEADER)) == (F_REACH | F_LEADER)) {
            labels[k] = spv_id(b);
            sw[nsw++] = k;
            sw[nsw++] = labels[k];
        }
    uint32_t pop_label[5] = {0};
    for (uint32_t kind = K_SSY; kind <= K_PRET; kind++) {
        if (!(t->pops >> kind & 1))
            continue;
        pop_label[kind] = spv_id(b);
        sw[nsw++] = POP_CASE(kind);
        sw[nsw++] = pop_label[kind];
    }
    spv_op_void(b, SpvOpSwitch, sw, nsw);
    free(sw);
    for (uint32_t k = 0; k < t->n && t->err == GLHLE_RESULT_OK && spv_ok(b); k++) {
        if (!labels[k])
            continue;
        spv_label(b, labels[k]);
        translate_block(t, k);
    }
    free(labels);
    if (t->err != GLHLE_RESULT_OK || !spv_ok(b))
        return;
    for (uint32_t kind = K_SSY; kind <= K_PRET; kind++) {
        if (!pop_label[kind])
            continue;
        spv_label(b, pop_label[kind]);
        emit_pop_case(t, kind);
    }
    spv_label(b, deflt);
    SPV_VOID(b, SpvOpReturn);
    spv_label(b, t->sw_merge);
    SPV_VOID(b, SpvOpBranch, cont);
    spv_label(b, cont);
    /* the iteration cap: a runaway guest loop ends the invocation */
    uint32_t it = SPV_OP(b, SpvOpIAdd, t->t_u32, SPV_OP(b, SpvOpLoad, t->t_u32, t->iter_var), cu(t, 1));
    SPV_VOID(b, SpvOpStore, t->iter_var, it);
    uint32_t again = SPV_OP(b, SpvOpULessThan, t->t_bool, it, cu(t, ITERATION_CAP));
    SPV_VOID(b, SpvOpBranchConditional, again, header, merge);
    spv_label(b, merge);
    SPV_VOID(b, SpvOpReturn);
}

static void emit_module(tr *t)
{
    spv_builder *b = &t->b;
    static const SpvExecutionModel models[MW_SPIRV_STAGE_COUNT_] = {
        SpvExecutionModelVertex,   SpvExecutionModelTessellationControl, SpvExecutionModelTessellationEvaluation,
        SpvExecutionModelGeometry, SpvExecutionModelFragment,            SpvExecutionModelGLCompute};
    spv_capability(b, SpvCapabilityShader);
    spv_glsl_std(b);
    spv_memory_model(b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
    declare_types(t);
    uint32_t fn = spv_id(b);
    spv_function_begin(b, fn, t->t_void, spv_type_function(b, t->t_void, NULL, 0));
    spv_name(b, fn, "main");
    t->iter_var = spv_local_var(b, t->p_fn_u32, cu(t, 0));
    spv_name(b, t->iter_var, "iterations");
    if (t->in->xfb)
        xfb_declare(t);
    if (!t->structured) {
        emit_dispatcher(t);
    } else if (!s_range(t, 0, t->n, 0, NULL, -1)) {
        t->unstructured = true;
        return;
    }
    if (t->err != GLHLE_RESULT_OK || !spv_ok(b))
        return;
    spv_function_end(b);

    SpvExecutionModel model = models[t->in->key.stage];
    spv_entry_point(b, model, fn, "main", t->interface, t->n_interface);
    if (model == SpvExecutionModelGLCompute) {
        uint32_t ls[3];
        for (int i = 0; i < 3; i++)
            ls[i] = t->in->local_size[i] ? t->in->local_size[i] : 1;
        spv_exec_mode(b, fn, SpvExecutionModeLocalSize, ls, 3);
    }
    const uint8_t *sph = t->in->sph;
    if (model == SpvExecutionModelGeometry) {
        static const SpvExecutionMode inm[MW_PRIM_IN_COUNT_] = {
            SpvExecutionModeInputPoints, SpvExecutionModeInputLines, SpvExecutionModeInputLinesAdjacency,
            SpvExecutionModeTriangles, SpvExecutionModeInputTrianglesAdjacency};
        uint32_t topo = sph[0x0f] & 0xf, threads = sph[0x0b] ? sph[0x0b] : 1;
        spv_capability(b, SpvCapabilityGeometry);
        spv_exec_mode(b, fn, inm[t->in->key.prim_in], NULL, 0);
        spv_exec_mode(b, fn, SpvExecutionModeInvocations, SPV_ARGS(threads));
        spv_exec_mode(b, fn, SpvExecutionModeOutputVertices, SPV_ARGS((sph[0x10] | (uint32_t)sph[0x11] << 8) & 0xfff));
        spv_exec_mode(b, fn,
                      topo == MW_SPIRV_TOPOLOGY_POINTS      ? SpvExecutionModeOutputPoints
                      : topo == MW_SPIRV_TOPOLOGY_LINE_STRIP ? SpvExecutionModeOutputLineStrip
                                                             : SpvExecutionModeOutputTriangleStrip,
                      NULL, 0);
    }
    if (model == SpvExecutionModelTessellationControl) {
        spv_capability(b, SpvCapabilityTessellation);
        spv_exec_mode(b, fn, SpvExecutionModeOutputVertices, SPV_ARGS(t->vtx_out));
    }
    if (model == SpvExecutionModelTessellationEvaluation) {
        /* MW_TESS_MODE: domain, spacing, clockwise, connected (not point mode) */
        static const SpvExecutionMode dom[3] = {SpvExecutionModeIsolines, SpvExecutionModeTriangles,
                                                SpvExecutionModeQuads};
        static const SpvExecutionMode spc[3] = {SpvExecutionModeSpacingEqual, SpvExecutionModeSpacingFractionalOdd,
                                                SpvExecutionModeSpacingFractionalEven};
        uint32_t m = t->in->key.tess_mode;
        spv_capability(b, SpvCapabilityTessellation);
        spv_exec_mode(b, fn, dom[m & 3], NULL, 0);
        spv_exec_mode(b, fn, spc[m >> 2 & 3], NULL, 0);
        spv_exec_mode(b, fn, m & MW_TESS_CW ? SpvExecutionModeVertexOrderCw : SpvExecutionModeVertexOrderCcw, NULL, 0);
        if (!(m & MW_TESS_CONNECTED))
            spv_exec_mode(b, fn, SpvExecutionModePointMode, NULL, 0);
    }
    if (t->n_xfb)
        spv_exec_mode(b, fn, SpvExecutionModeXfb, NULL, 0);
    if (model == SpvExecutionModelFragment) {
        spv_exec_mode(b, fn, SpvExecutionModeOriginLowerLeft, NULL, 0);
        if (t->frag_depth)
            spv_exec_mode(b, fn, SpvExecutionModeDepthReplacing, NULL, 0);
    }
}

void mw_spirv_result_init(mw_spirv_result *r)
{
    memset(r, 0, sizeof *r);
    glhle_bytebuf_init(&r->spirv, MODULE_LIMIT_WORDS * 4);
}

void mw_spirv_result_free(mw_spirv_result *r)
{
    glhle_bytebuf_free(&r->spirv);
    memset(r, 0, sizeof *r);
}

/* The geometry and tessellation stages' shape from the SPH (common2 byte
 * 0x0b threads per input primitive: a TCS's output vertices, a geometry
 * shader's invocations; common3 bits 24-27 the output topology; common4
 * bits 0-11 the most vertices it emits; open-gpu-doc Shader-Program-Header)
 * and the key (the geometry input primitive, the tessellation mode). */
static const uint8_t prim_in_vertices[MW_PRIM_IN_COUNT_] = {1, 2, 4, 3, 6};

static bool stage_layout(tr *t, mw_spirv_result *r)
{
    const mw_spirv_input *in = t->in;
    const char *why = NULL;
    uint32_t threads = in->sph ? in->sph[0x0b] : 0, topo = in->sph ? in->sph[0x0f] & 0xf : 0;
    uint32_t maxv = in->sph ? (in->sph[0x10] | (uint32_t)in->sph[0x11] << 8) & 0xfff : 0;
    switch (in->key.stage) {
    case MW_SPIRV_GEOMETRY:
        if (!in->sph)
            why = "a geometry shader without its program header";
        else if (in->key.prim_in >= MW_PRIM_IN_COUNT_)
            why = "an unknown geometry input primitive in the key";
        else if (topo != MW_SPIRV_TOPOLOGY_POINTS && topo != MW_SPIRV_TOPOLOGY_LINE_STRIP &&
                 topo != MW_SPIRV_TOPOLOGY_TRIANGLE_STRIP)
            why = "a geometry output topology other than points, line strip, triangle strip";
        else if (maxv == 0 || maxv > 1024)
            why = "a geometry shader's vertex count outside 1-1024";
        else if (threads > 32)
            why = "more than 32 geometry shader invocations";
        else
            t->vtx_in = prim_in_vertices[in->key.prim_in];
        break;
    case MW_SPIRV_TESS_CTRL:
        if (!in->sph || threads == 0 || threads > 32)
            why = "a tessellation control shader's output patch size outside 1-32";
        t->vtx_in = 32;
        t->vtx_out = threads;
        break;
    case MW_SPIRV_TESS_EVAL:
        if ((in->key.tess_mode & 3) == 3 || (in->key.tess_mode >> 2 & 3) == 3)
            why = "an unknown tessellation domain or spacing in the key";
        t->vtx_in = 32;
        break;
    default:
        break;
    }
    if (why)
        snprintf(r->reason, sizeof r->reason, "%s", why);
    return why == NULL;
}

/* The vertex-A program of `in` as an input of its own (its code, its SPH,
 * B's translation key) */
static mw_spirv_input vertex_a_alone(const mw_spirv_input *in)
{
    mw_spirv_input a;
    memset(&a, 0, sizeof a);
    a.code = in->a_code;
    a.words = in->a_words;
    a.sph = in->a_sph;
    a.key = in->key;
    return a;
}

static const char no_walk_a[] = "a vertex-A program whose code cannot be walked";
static const char no_room_a[] = "a vertex-A and a vertex-B program over the instruction cap together";
static const char no_memory_a[] = "no memory for the joined code";

/* Vertex A (in->a_code) and vertex B as one instruction stream: A's
 * reachable code, walked as a program of its own, padded to a whole
 * bundle, then B's code, so that each program's relative jumps keep
 * their targets (branch_target keeps them apart); t->in becomes that
 * joined input. NULL, or why the two cannot be joined. */
static const char *join(tr *t, const mw_spirv_input *in)
{
    t->in = in;
    if (!in->a_code)
        return NULL;
    if (in->key.stage != MW_SPIRV_VERTEX)
        return "a vertex-A program before a stage other than vertex B";
    if (!in->a_sph || in->a_words < 2 || !in->code || in->words < 2)
        return "a vertex-A program without code or without its program header";
    const mw_spirv_input a = vertex_a_alone(in);
    size_t aw = mw_spirv_reachable_words(&a);
    if (!aw)
        return no_walk_a;
    aw = (aw + 3) & ~(size_t)3;
    if (aw + in->words > (size_t)MAX_INSNS)
        return no_room_a;
    t->joined_code = calloc(aw + in->words, 8);
    if (!t->joined_code)
        return no_memory_a;
    memcpy(t->joined_code, in->a_code, (aw < in->a_words ? aw : in->a_words) * 8);
    memcpy(t->joined_code + aw, in->code, in->words * 8);
    t->joined = *in;
    t->joined.code = t->joined_code;
    t->joined.words = aw + in->words;
    t->in = &t->joined;
    t->a_n = (uint32_t)(aw / 4 * 3);
    t->a_words = (uint32_t)aw;
    t->a_sph = in->a_sph;
    return NULL;
}

glhle_result mw_spirv_translate(const mw_spirv_input *in, const glhle_logger *log, mw_spirv_result *r)
{
    glhle_bytebuf_clear(&r->spirv);
    r->cbuf_mask = r->tex_mask = r->img_mask = r->img_raw_mask = r->instructions = r->ssbo_count = 0;
    r->structured = false;
    r->reason[0] = 0;
    tr *t = calloc(1, sizeof *t);
    if (!t)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    t->in = in;
    t->log = log;
    t->res = r;
    glhle_result res = GLHLE_RESULT_OK;
    if (!in->code || in->words < 2 || in->key.stage >= MW_SPIRV_STAGE_COUNT_) {
        res = GLHLE_RESULT_INVALID_ARGUMENT;
        snprintf(r->reason, sizeof r->reason, "no code or no stage");
        GLHLE_ERROR(log, "mw_spirv_translate: %s", r->reason);
        free(t);
        return res;
    }
    if (!stage_layout(t, r)) {
        GLHLE_ERROR(log, "mw_spirv_translate: %s", r->reason);
        free(t);
        return GLHLE_RESULT_BAD_DATA;
    }
    const char *no_join = join(t, in);
    if (no_join) {
        glhle_result why = no_join == no_room_a     ? GLHLE_RESULT_LIMIT_EXCEEDED
                           : no_join == no_memory_a ? GLHLE_RESULT_OUT_OF_MEMORY
                                                    : GLHLE_RESULT_BAD_DATA;
        if (no_join == no_walk_a) { /* A's own refusal says why its walk fails */
            const mw_spirv_input a = vertex_a_alone(in);
            why = mw_spirv_translate(&a, log, r);
            why = why == GLHLE_RESULT_OK ? GLHLE_RESULT_BAD_DATA : why;
        }
        char inner[sizeof r->reason];
        snprintf(inner, sizeof inner, "%s", r->reason);
        snprintf(r->reason, sizeof r->reason, "%s%s%s", no_join, inner[0] ? ": " : "", inner);
        GLHLE_ERROR(log, "mw_spirv_translate: %s", r->reason);
        glhle_bytebuf_clear(&r->spirv);
        free(t->joined_code);
        free(t);
        return why;
    }
    in = t->in;
    size_t bundles = in->words / 4;
    size_t n = bundles * 3 + (in->words % 4 ? in->words % 4 - 1 : 0);
    if (n > MAX_INSNS) {
        snprintf(r->reason, sizeof r->reason, "%zu instructions: over the %u-instruction cap", n, MAX_INSNS);
        GLHLE_ERROR(log, "mw_spirv_translate: %s", r->reason);
        free(t);
        return GLHLE_RESULT_LIMIT_EXCEEDED;
    }
    t->n = (uint32_t)n;
    t->ops = calloc(n, sizeof *t->ops);
    t->flags = calloc(n, 1);
    if (!t->ops || !t->flags) {
        res = GLHLE_RESULT_OUT_OF_MEMORY;
        goto done;
    }
    for (uint32_t k = 0; k < t->n; k++) {
        uint64_t w = in->code[(k / 3) * 4 + 1 + k % 3];
        classify(w, &t->ops[k]);
        t->subgroups |= t->ops[k].op == OP_VOTE || (t->ops[k].op == OP_SHFL && !is_quad_shfl(t, w)) ||
                        ((t->ops[k].op == OP_S2R || t->ops[k].op == OP_CS2R) && in->key.stage != MW_SPIRV_COMPUTE &&
                         s2r_is_lane(w));
    }
    res = discover(t);
    if (res != GLHLE_RESULT_OK)
        goto done;
    /* after discover: a bindless handle is traced within its block */
    for (uint32_t k = 0; k < t->n; k++) {
        uint64_t w = in->code[(k / 3) * 4 + 1 + k % 3];
        if (t->ops[k].op == OP_SULD || t->ops[k].op == OP_SUST)
            image_note(t, k, w);
        else if (t->ops[k].op == OP_SURED)
            sured_note(t, k, w);
        else if (t->ops[k].op == OP_SUATOM)
            suatom_note(t, k, w);
    }
    assign_slots(t);
    t->structured = !in->dispatcher && !t->a_n && s_analyze(t);
    res = t->err;
    if (res != GLHLE_RESULT_OK)
        goto done;
    spv_builder_init(&t->b, MODULE_LIMIT_WORDS);
    emit_module(t);
    if (t->unstructured && t->err == GLHLE_RESULT_OK) {
        /* start again with the dispatcher: the lazily made ids are gone */
        spv_builder_free(&t->b);
        tr keep = *t;
        memset(t, 0, sizeof *t);
        t->in = keep.in;
        t->log = keep.log;
        t->res = keep.res;
        t->n = keep.n;
        t->ops = keep.ops;
        t->flags = keep.flags;
        t->pops = keep.pops;
        t->subgroups = keep.subgroups;
        memcpy(t->img_dim, keep.img_dim, sizeof t->img_dim);
        memcpy(t->img_raw, keep.img_raw, sizeof t->img_raw);
        t->img_conflict = keep.img_conflict;
        memcpy(t->src, keep.src, sizeof t->src);
        t->go = keep.go;
        t->back = keep.back;
        t->sreach = keep.sreach;
        t->vtx_in = keep.vtx_in;
        t->vtx_out = keep.vtx_out;
        t->joined = keep.joined;
        t->joined_code = keep.joined_code;
        t->a_n = keep.a_n;
        t->a_words = keep.a_words;
        t->a_sph = keep.a_sph;
        if (t->a_n)
            t->in = &t->joined;
        r->cbuf_mask = r->tex_mask = r->img_mask = r->img_raw_mask = r->instructions = r->ssbo_count = 0;
        spv_builder_init(&t->b, MODULE_LIMIT_WORDS);
        emit_module(t);
    }
    r->structured = t->structured;
    res = t->err;
    if (res == GLHLE_RESULT_OK && (!spv_ok(&t->b) || !spv_finish(&t->b, &r->spirv))) {
        res = GLHLE_RESULT_LIMIT_EXCEEDED;
        snprintf(r->reason, sizeof r->reason, "the SPIR-V module is over its %zu-word limit", MODULE_LIMIT_WORDS);
        GLHLE_ERROR(log, "mw_spirv_translate: %s", r->reason);
    }
    spv_builder_free(&t->b);
done:
    if (res != GLHLE_RESULT_OK)
        glhle_bytebuf_clear(&r->spirv);
    free(t->ops);
    free(t->flags);
    free(t->go);
    free(t->back);
    free(t->sreach);
    free(t->joined_code);
    free(t);
    return res;
}

size_t mw_spirv_gl_bindings(const mw_spirv_result *r, mw_spirv_stage stage, spv_glsl_binding *out)
{
    size_t n = 0;
    for (uint32_t i = 0; i < MW_SPIRV_CBUFS; i++)
        if ((r->cbuf_mask >> i & 1) && i < MW_GL_UBOS_PER_STAGE)
            out[n++] = (spv_glsl_binding){0, i, (uint32_t)stage * MW_GL_UBOS_PER_STAGE + i};
    for (uint32_t s = 0; s < MW_SPIRV_TEX_SLOTS; s++)
        if ((r->tex_mask >> s & 1) && s < MW_GL_TEXTURES_PER_STAGE)
            out[n++] = (spv_glsl_binding){1, s,
                                          stage == MW_SPIRV_COMPUTE ? s
                                                                    : (uint32_t)stage * MW_GL_TEXTURES_PER_STAGE + s};
    for (uint32_t i = 0; i < r->ssbo_count; i++)
        out[n++] = (spv_glsl_binding){2, i, i};
    for (uint32_t i = 0; i < MW_SPIRV_IMG_SLOTS; i++)
        if (r->img_mask >> i & 1)
            out[n++] = (spv_glsl_binding){3, i, i};
    return n;
}

/* ---- program identity and the cache ---- */

/* Sets up t for discover(); false on bad input */
static bool walk(tr *t, const mw_spirv_input *in, mw_spirv_result *scratch)
{
    memset(t, 0, sizeof *t);
    t->in = in;
    t->res = scratch;
    static const glhle_logger quiet = {NULL, NULL, GLHLE_LOG_ERROR + 1};
    t->log = &quiet;
    if (!in->code || in->words < 2 || join(t, in))
        return false;
    in = t->in;
    size_t n = (in->words / 4) * 3 + (in->words % 4 ? in->words % 4 - 1 : 0);
    if (n > MAX_INSNS)
        return false;
    t->n = (uint32_t)n;
    t->ops = calloc(n, sizeof *t->ops);
    t->flags = calloc(n, 1);
    if (!t->ops || !t->flags)
        return false;
    for (uint32_t k = 0; k < t->n; k++)
        classify(in->code[(k / 3) * 4 + 1 + k % 3], &t->ops[k]);
    return discover(t) == GLHLE_RESULT_OK;
}

size_t mw_spirv_reachable_words(const mw_spirv_input *in)
{
    uint32_t slots;
    return mw_spirv_reachable_slots(in, &slots);
}

static size_t reachable(const mw_spirv_input *in, uint32_t *tex_slots, mw_spirv_tex_source *src,
                        uint32_t *img_slots, uint32_t *img_maybe, uint32_t *img_raw)
{
    tr *t = malloc(sizeof *t);
    mw_spirv_result scratch;
    size_t words = 0;
    *tex_slots = *img_slots = *img_maybe = *img_raw = 0;
    if (src)
        memset(src, 0, sizeof(mw_spirv_tex_source) * MW_SPIRV_TEX_SLOTS);
    if (t && walk(t, in, &scratch)) {
        uint32_t last = 0, last_b = 0;
        const uint32_t ib = in->key.img_handle_offset;
        for (uint32_t k = 0; k < t->n; k++)
            if (t->flags[k] & F_REACH) {
                last = k;
                last_b = k >= t->a_n ? k : last_b;
                /* every bound surface instruction names its handle in bits
                 * 36-48 (image_slot), and so does a bound TXQ, which counts
                 * for both tables: which one its handle is in decides. A
                 * bindless SULD/SUST/SURED/SUATOM names the word its handle
                 * register is traced to (surface_word), TXQ.B none. */
                const uint32_t op = t->ops[k].op;
                const uint64_t w = t->in->code[(k / 3) * 4 + 1 + k % 3];
                uint32_t word = bits(w, 36, 13);
                const bool txq = op == OP_TXQ && mw_sass_lookup(w) != MW_SASS_OP_TXQ_B;
                const bool su = (op == OP_SULD || op == OP_SUST || op == OP_SURED) && surface_word(t, k, w, &word);
                const uint32_t byte = word * 4;
                if ((txq || su) && ib && byte >= ib && (byte - ib) / 4 < MW_SPIRV_IMG_SLOTS) {
                    *img_slots |= 1u << (byte - ib) / 4;
                    /* SULD.D/SUST.D (bit 52): raw words, as image_note takes them */
                    if (su && op != OP_SURED && bit(w, 52))
                        *img_raw |= 1u << (byte - ib) / 4;
                }
                if (op == OP_SUATOM) {
                    uint32_t plain, maybe;
                    suatom_candidates(t, k, w, &plain, &maybe);
                    *img_slots |= plain;
                    *img_maybe |= maybe;
                }
            }
        /* the slots the texture instructions name (assign_slots: bound
         * handles' words, bindless ones traced to their words) */
        /* a slot some instruction names for sure is not a maybe */
        *img_maybe &= ~*img_slots;
        *img_slots |= *img_maybe;
        *tex_slots = assign_slots(t);
        if (src)
            memcpy(src, t->src, sizeof t->src);
        words = (size_t)(last / 3 + 1) * 4;
        if (t->a_n) /* vertex B's words (its first bundle where A never ends) */
            words = last_b >= t->a_n ? (size_t)(last_b / 3 + 1) * 4 - t->a_words : 4;
        if (words > in->words)
            words = in->words;
    }
    if (t) {
        free(t->ops);
        free(t->flags);
        free(t->joined_code);
    }
    free(t);
    return words;
}

size_t mw_spirv_reachable_slots(const mw_spirv_input *in, uint32_t *tex_slots)
{
    uint32_t img, maybe, raw;
    return reachable(in, tex_slots, NULL, &img, &maybe, &raw);
}

size_t mw_spirv_reachable_textures(const mw_spirv_input *in, uint32_t *tex_slots,
                                   mw_spirv_tex_source src[MW_SPIRV_TEX_SLOTS])
{
    uint32_t img, maybe, raw;
    return reachable(in, tex_slots, src, &img, &maybe, &raw);
}

size_t mw_spirv_reachable_images(const mw_spirv_input *in, uint32_t *img_slots, uint32_t *img_maybe)
{
    uint32_t tex, none, raw;
    return reachable(in, &tex, NULL, img_slots, img_maybe ? img_maybe : &none, &raw);
}

size_t mw_spirv_reachable_image_access(const mw_spirv_input *in, uint32_t *img_slots, uint32_t *img_maybe,
                                       uint32_t *img_raw)
{
    uint32_t tex;
    return reachable(in, &tex, NULL, img_slots, img_maybe, img_raw);
}

bool mw_spirv_program_id_of(const mw_spirv_input *in, mw_spirv_program_id *out)
{
    memset(out, 0, sizeof *out);
    size_t words = mw_spirv_reachable_words(in);
    if (!words)
        return false;
    glhle_hash_state st;
    glhle_hash_begin(&st, 0x6d77737076ull); /* "mwspv" */
    uint8_t has_sph = in->sph != NULL;
    glhle_hash_update(&st, &has_sph, 1);
    if (in->sph)
        glhle_hash_update(&st, in->sph, 0x50);
    glhle_hash_update(&st, &in->key, sizeof in->key);
    glhle_hash_update(&st, in->local_size, sizeof in->local_size);
    glhle_hash_update(&st, &in->shared_bytes, sizeof in->shared_bytes);
    glhle_hash_update(&st, in->code, words * 8);
    if (in->a_code) {
        const mw_spirv_input a = vertex_a_alone(in);
        const size_t aw = mw_spirv_reachable_words(&a);
        if (!aw || !in->a_sph)
            return false;
        glhle_hash_update(&st, in->a_sph, 0x50);
        glhle_hash_update(&st, in->a_code, aw * 8);
    }
    out->hash = glhle_hash_end(&st);
    out->words = (uint32_t)words;
    return true;
}

void mw_spirv_cache_init(mw_spirv_cache *c)
{
    memset(c, 0, sizeof *c);
}

static void entry_clear(mw_spirv_cache_entry *e)
{
    free(e->code);
    free(e->a_code);
    free(e->spirv);
    memset(e, 0, sizeof *e);
}

void mw_spirv_cache_free(mw_spirv_cache *c)
{
    for (int i = 0; i < MW_SPIRV_CACHE_ENTRIES; i++)
        entry_clear(&c->e[i]);
}

/* the translation's own refusal (and log line) for input the cache cannot walk */
static glhle_result refusal(const mw_spirv_input *in, const glhle_logger *log)
{
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    glhle_result res = mw_spirv_translate(in, log, &r);
    mw_spirv_result_free(&r);
    return res == GLHLE_RESULT_OK ? GLHLE_RESULT_BAD_DATA : res;
}

static uint64_t quick_hash(const mw_spirv_input *in)
{
    glhle_hash_state st;
    glhle_hash_begin(&st, 0x717569636bull);
    uint8_t has_sph = in->sph != NULL;
    glhle_hash_update(&st, &has_sph, 1);
    if (in->sph)
        glhle_hash_update(&st, in->sph, 0x50);
    glhle_hash_update(&st, &in->key, sizeof in->key);
    glhle_hash_update(&st, in->local_size, sizeof in->local_size);
    glhle_hash_update(&st, &in->shared_bytes, sizeof in->shared_bytes);
    glhle_hash_update(&st, in->code, (in->words < 4 ? in->words : 4) * 8);
    if (in->a_code && in->a_sph) {
        glhle_hash_update(&st, in->a_sph, 0x50);
        glhle_hash_update(&st, in->a_code, (in->a_words < 4 ? in->a_words : 4) * 8);
    }
    return glhle_hash_end(&st);
}

static bool entry_matches(const mw_spirv_cache_entry *e, uint64_t quick, const mw_spirv_input *in)
{
    return e->used && e->quick == quick && e->id.words <= in->words && !memcmp(&e->key, &in->key, sizeof e->key) &&
           !memcmp(e->local_size, in->local_size, sizeof e->local_size) && e->shared_bytes == in->shared_bytes &&
           e->has_sph == (in->sph != NULL) && (!in->sph || !memcmp(e->sph, in->sph, 0x50)) &&
           !memcmp(e->code, in->code, (size_t)e->id.words * 8) && (e->a_code != NULL) == (in->a_code != NULL) &&
           (!e->a_code || (in->a_sph && e->a_words <= in->a_words && !memcmp(e->a_sph, in->a_sph, 0x50) &&
                           !memcmp(e->a_code, in->a_code, (size_t)e->a_words * 8)));
}

glhle_result mw_spirv_cache_get(mw_spirv_cache *c, const mw_spirv_input *in, const glhle_logger *log,
                                const uint8_t **spirv, size_t *size)
{
    *spirv = NULL;
    *size = 0;
    if (!in->code || in->words < 2)
        return refusal(in, log);
    uint64_t quick = quick_hash(in);
    c->clock++;
    mw_spirv_cache_entry *victim = &c->e[0];
    for (int i = 0; i < MW_SPIRV_CACHE_ENTRIES; i++) {
        mw_spirv_cache_entry *e = &c->e[i];
        if (entry_matches(e, quick, in)) {
            e->last_use = c->clock;
            c->hits++;
            *spirv = e->spirv;
            *size = e->spirv_size;
            return GLHLE_RESULT_OK;
        }
        if (e->used && e->quick == quick)
            c->collisions++; /* same hash, other bytes: memcmp kept them apart */
        if (!e->used ? victim->used : (victim->used && e->last_use < victim->last_use))
            victim = e;
    }
    mw_spirv_program_id id;
    if (!mw_spirv_program_id_of(in, &id))
        return refusal(in, log); /* the walk fails: the translation says why */
    c->misses++;
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    glhle_result res = mw_spirv_translate(in, log, &r);
    if (res != GLHLE_RESULT_OK) {
        mw_spirv_result_free(&r);
        return res;
    }
    entry_clear(victim);
    victim->code = malloc((size_t)id.words * 8);
    if (!victim->code) {
        mw_spirv_result_free(&r);
        return GLHLE_RESULT_OUT_OF_MEMORY;
    }
    memcpy(victim->code, in->code, (size_t)id.words * 8);
    if (in->a_code) { /* A's reachable words: what its walk reads (join) */
        const mw_spirv_input a = vertex_a_alone(in);
        victim->a_words = (uint32_t)mw_spirv_reachable_words(&a);
        victim->a_code = malloc((size_t)victim->a_words * 8 + 8);
        if (!victim->a_code) {
            mw_spirv_result_free(&r);
            entry_clear(victim);
            return GLHLE_RESULT_OUT_OF_MEMORY;
        }
        memcpy(victim->a_code, in->a_code, (size_t)victim->a_words * 8);
        memcpy(victim->a_sph, in->a_sph, 0x50);
    }
    victim->id = id;
    victim->quick = quick;
    victim->key = in->key;
    memcpy(victim->local_size, in->local_size, sizeof victim->local_size);
    victim->shared_bytes = in->shared_bytes;
    victim->has_sph = in->sph != NULL;
    if (in->sph)
        memcpy(victim->sph, in->sph, 0x50);
    victim->spirv = glhle_bytebuf_detach(&r.spirv, &victim->spirv_size);
    victim->used = true;
    victim->last_use = c->clock;
    mw_spirv_result_free(&r);
    *spirv = victim->spirv;
    *size = victim->spirv_size;
    return GLHLE_RESULT_OK;
}
