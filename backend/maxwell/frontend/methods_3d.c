/* 3D-class (MAXWELL_B) methods: the register file write, then the actions
 * of the methods marked S in regs_3d_table.h: macro upload and calls, the
 * draw sequence, clears, constant-buffer loads and binds, report
 * semaphores, syncpoints and the built-in inline-to-memory copy. Field
 * layouts are clb197.h's. */
#include <string.h>

#include "backend/maxwell/frontend/engines_glue.h"
#include "backend/maxwell/frontend/frontend.h"

#define MACRO_FIRST MW_3D_REG_COUNT /* CALL_MME_MACRO(0) */

/* ---- macros ----
 * The MME (mme.h) collects a call from CALL_MME_MACRO(j) / CALL_MME_DATA(j)
 * and the front end completes it when the next other 3D method arrives or
 * the submission ends (mme.h: the hardware feeds the running macro the
 * data words as they come, so a call ends at the first method that is not
 * data). Every run goes through mw_macro_flush, which first reports the
 * call as a MACRO_CALL event, so CALL_MME_MACRO is only forwarded once the
 * previous call has run. */

static uint32_t mme_read(void *user, uint32_t method)
{
    const mw_frontend *fe = user;
    /* READ sees the shadow RAM (clb197.h SET_MME_SHADOW_RAM_CONTROL: the
     * shadow is what the MME reads back); words past the register file
     * read as zero. */
    return method < MW_3D_REG_COUNT ? fe->regs3d->shadow[method] : 0;
}

static void mme_send(void *user, uint32_t method, uint32_t value)
{
    mw_frontend *fe = user;
    mw_location *loc = &fe->run.loc;
    fe->run.res.methods++;
    loc->method = method;
    if (method >= MACRO_FIRST) {
        /* the MME sits before the method dispatcher (envytools: "between
         * PFIFO and PGRAPH_DISPATCH"): a macro cannot call a macro */
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "the macro sends 0x%08x to method 0x%03x, a macro call; macros cannot call macros; dropped",
                   value, method);
        return;
    }
    mw_3d_method(fe, method, value, true);
}

static uint64_t step_cap(const mw_frontend *fe)
{
    return fe->macro_step_cap < fe->run.macro_steps_left ? fe->macro_step_cap : fe->run.macro_steps_left;
}

void mw_macro_flush(mw_frontend *fe)
{
    mw_mme *mme = fe->mme;
    if (!mme->call_pending)
        return;
    mw_run_state *run = &fe->run;
    const mw_location saved = run->loc;
    run->loc = fe->macro.at;
    run->res.macro_calls++;
    const uint32_t count = mme->call_count < MW_MME_CALL_WORDS ? mme->call_count : MW_MME_CALL_WORDS;
    if (mw_wants(fe, GLHLE_MAXWELL_EVENT_MACRO_CALL)) {
        glhle_maxwell_event ev = {.type = GLHLE_MAXWELL_EVENT_MACRO_CALL, .value = mme->call_params[0]};
        ev.u.macro.index = mme->call_index;
        ev.u.macro.params = mme->call_params;
        ev.u.macro.count = count;
        mw_emit(fe, &ev);
    }
    const mw_mme_hooks hooks = {fe, mme_read, mme_send};
    const uint32_t index = mme->call_index;
    if (run->macro_steps_left == 0) {
        mw_problem(fe, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_ERROR,
                   "macro %u not run: this submission's budget of %llu macro steps is used up", index,
                   (unsigned long long)fe->macro_steps_per_submit);
        mme->call_pending = false;
    } else {
        run->loc.in_macro = true;
        run->loc.macro_index = index;
        memset(&mme->last, 0, sizeof mme->last);
        const glhle_result r = mw_mme_flush(mme, &hooks, step_cap(fe));
        const uint64_t steps = mme->last.steps;
        run->res.macro_steps += steps;
        run->macro_steps_left -= steps < run->macro_steps_left ? steps : run->macro_steps_left;
        if (r != GLHLE_RESULT_OK)
            mw_problem(fe, r, GLHLE_LOG_WARN, "macro %u stopped at pc 0x%03x after %llu steps: %s; the writes it "
                       "made stand", index, mme->last.pc, (unsigned long long)steps, glhle_result_string(r));
    }
    run->loc = saved;
}

static void macro_word(mw_frontend *fe, uint32_t method, uint32_t value)
{
    if (!(method & 1)) { /* CALL_MME_MACRO: the previous call runs first */
        mw_macro_flush(fe);
        fe->macro.at = fe->run.loc;
    }
    const mw_mme_hooks hooks = {fe, mme_read, mme_send};
    glhle_result r = GLHLE_RESULT_OK;
    mw_mme_call_method(fe->mme, method, value, &hooks, step_cap(fe), &r);
    if (r != GLHLE_RESULT_OK)
        mw_problem(fe, r, GLHLE_LOG_WARN, "%s(%u) = 0x%08x: %s; dropped", method & 1 ? "CALL_MME_DATA" :
                   "CALL_MME_MACRO", (method - MACRO_FIRST) >> 1, value, glhle_result_string(r));
}

/* ---- draws ---- */

/* The "mis-kinded surfaces" for the 3D engine: each colour target
 * SET_CT_SELECT enables (TARGET_COUNT 3:0, TARGETi 3 bits from 4) with a
 * format other than DISABLED (0), and the zeta target when SET_ZT_SELECT
 * enables it, must sit in memory whose kind suits its layout: a colour
 * target's SET_COLOR_TARGET_MEMORY LAYOUT 12:12 (BLOCKLINEAR 0, PITCH 1),
 * zeta always block-linear (clb197.h has no pitch zeta). The kind at the
 * target's address is read; unmapped addresses are left to the renderer's
 * own fault. Read from the raw registers: this runs at every draw and
 * clear, and a refresh of the decoded state would cost more. */
static bool check_kind(mw_frontend *fe, const char *what, uint32_t index, uint64_t va, bool block_linear)
{
    const uint32_t kinds = mw_as_kinds(fe->as, va, 1);
    if (!kinds || (block_linear ? (kinds & MW_KINDS_BLOCK_LINEAR) : (kinds & MW_KIND_BIT(MW_KIND_PITCH))))
        return true;
    mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
               "%s %u at GPU 0x%010llx is %s but its memory is of a %s kind (mis-kinded surface)", what, index,
               (unsigned long long)va, block_linear ? "block-linear" : "pitch",
               block_linear ? "pitch" : "block-linear");
    return false;
}

/* The dirty groups of every register the kind check reads. */
#define KIND_GROUPS (MW_DIRTY(RT) | MW_DIRTY(ZETA))

/* A target's words the kind check reads, in fe->kinds_ok.ct's order. */
static const uint32_t ct_words[4] = {MW_3D_SET_COLOR_TARGET_A, MW_3D_SET_COLOR_TARGET_B,
                                     MW_3D_SET_COLOR_TARGET_FORMAT, MW_3D_SET_COLOR_TARGET_MEMORY};

/* Whether the last check found every target suited and nothing it read
 * changed since (a check every draw was a tenth of a warm draw's own cost,
 * docs/performance.md); a check that reports goes on reporting each time. */
static bool kinds_still_ok(const mw_frontend *fe, const uint32_t *r)
{
    const struct mw_kinds_ok *k = &fe->kinds_ok;
    if (k->ok && k->as_generation == fe->as->generation && !(fe->regs3d->changed & KIND_GROUPS))
        return true; /* no target register stored a new value since: the compares below would all hold */
    if (!k->ok || k->as_generation != fe->as->generation || k->sel != r[MW_3D_SET_CT_SELECT] ||
        k->zt_select != r[MW_3D_SET_ZT_SELECT] || k->zt_a != r[MW_3D_SET_ZT_A] || k->zt_b != r[MW_3D_SET_ZT_B])
        return false;
    const uint32_t count = k->sel & 0xF;
    for (uint32_t i = 0; i < count && i < MW_RT_COUNT; i++) {
        const uint32_t t = (k->sel >> (4 + 3 * i)) & 7;
        if (k->ct[t][2] != r[MW_3D_SET_COLOR_TARGET_FORMAT + t * 16])
            return false;
        if ((k->ct[t][2] & 0xFF) == 0) /* DISABLED: its other words are not read */
            continue;
        for (uint32_t w = 0; w < 4; w++)
            if (k->ct[t][w] != r[ct_words[w] + t * 16])
                return false;
    }
    return true;
}

static void check_target_kinds(mw_frontend *fe)
{
    const uint32_t *r = fe->regs3d->r;
    const bool still = kinds_still_ok(fe, r);
    fe->regs3d->changed &= ~KIND_GROUPS; /* what follows keeps the values it read */
    if (still)
        return;
    const uint32_t sel = r[MW_3D_SET_CT_SELECT];
    const uint32_t count = sel & 0xF;
    bool ok = true;
    for (uint32_t i = 0; i < count && i < MW_RT_COUNT; i++) {
        const uint32_t t = (sel >> (4 + 3 * i)) & 7, b = t * 16;
        for (uint32_t w = 0; w < 4; w++)
            fe->kinds_ok.ct[t][w] = r[ct_words[w] + b];
        if ((r[MW_3D_SET_COLOR_TARGET_FORMAT + b] & 0xFF) == 0)
            continue;
        const uint64_t va = ((uint64_t)(r[MW_3D_SET_COLOR_TARGET_A + b] & 0xFF) << 32) | r[MW_3D_SET_COLOR_TARGET_B + b];
        ok &= check_kind(fe, "colour target", t, va, !((r[MW_3D_SET_COLOR_TARGET_MEMORY + b] >> 12) & 1));
    }
    if (r[MW_3D_SET_ZT_SELECT] & 1)
        ok &= check_kind(fe, "zeta target", 0, ((uint64_t)(r[MW_3D_SET_ZT_A] & 0xFF) << 32) | r[MW_3D_SET_ZT_B],
                         true);
    fe->kinds_ok.ok = ok;
    fe->kinds_ok.as_generation = fe->as->generation;
    fe->kinds_ok.sel = sel;
    fe->kinds_ok.zt_select = r[MW_3D_SET_ZT_SELECT];
    fe->kinds_ok.zt_a = r[MW_3D_SET_ZT_A];
    fe->kinds_ok.zt_b = r[MW_3D_SET_ZT_B];
}

static void draw(mw_frontend *fe, uint32_t topology, mw_draw_kind kind, uint32_t first, uint32_t count,
                 uint32_t index_size)
{
    const uint32_t *r = fe->regs3d->r;
    fe->run.res.draws++;
    check_target_kinds(fe);
    if (!mw_wants(fe, GLHLE_MAXWELL_EVENT_DRAW))
        return;
    glhle_maxwell_event ev = {.type = GLHLE_MAXWELL_EVENT_DRAW};
    ev.u.draw.topology = topology;
    ev.u.draw.indexed = kind != MW_DRAW_ARRAYS;
    ev.u.draw.index_size = kind == MW_DRAW_ARRAYS ? 0 : index_size;
    ev.u.draw.first = first;
    ev.u.draw.count = count;
    ev.u.draw.instance = fe->instance_id;
    ev.u.draw.base_vertex = r[MW_3D_SET_GLOBAL_BASE_VERTEX_INDEX];
    ev.u.draw.base_instance = r[MW_3D_SET_GLOBAL_BASE_INSTANCE_INDEX];
    ev.u.draw.inline_indices = kind == MW_DRAW_INLINE ? fe->inline_index : NULL;
    mw_emit(fe, &ev);
}

/* BEGIN INSTANCE_ID 27:26: FIRST 0, SUBSEQUENT 1, UNCHANGED 2. */
static void instance_step(mw_frontend *fe, uint32_t mode)
{
    if (mode == 0)
        fe->instance_id = 0;
    else if (mode == 1)
        fe->instance_id++;
}

static void inline_indices(mw_frontend *fe, const uint32_t *idx, uint32_t n)
{
    if (!fe->in_begin) {
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "inline index data outside a BEGIN/END sequence; dropped");
        return;
    }
    fe->draw_kind = MW_DRAW_INLINE;
    for (uint32_t k = 0; k < n; k++) {
        if (fe->inline_count == MW_MAX_INLINE_INDICES) {
            mw_problem(fe, GLHLE_RESULT_LIMIT_EXCEEDED, GLHLE_LOG_WARN,
                       "more than %u inline indices in one BEGIN/END sequence; the rest are dropped",
                       MW_MAX_INLINE_INDICES);
            return;
        }
        fe->inline_index[fe->inline_count++] = idx[k];
    }
}

static void end_draw(mw_frontend *fe)
{
    if (!fe->in_begin) {
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN, "END without a BEGIN; nothing drawn");
        return;
    }
    fe->in_begin = false;
    const uint32_t *r = fe->regs3d->r;
    const uint32_t topology = r[MW_3D_BEGIN] & 0xFFFF;
    const uint32_t isz = r[MW_3D_SET_INDEX_BUFFER_E] & 3;
    switch (fe->draw_kind) {
    case MW_DRAW_ARRAYS:
        draw(fe, topology, MW_DRAW_ARRAYS, r[MW_3D_SET_VERTEX_ARRAY_START], r[MW_3D_DRAW_VERTEX_ARRAY], 0);
        break;
    case MW_DRAW_INDEXED:
        if (isz == 3) {
            mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                       "SET_INDEX_BUFFER_E index size 3 is not defined (1, 2 or 4 bytes); nothing drawn");
            break;
        }
        draw(fe, topology, MW_DRAW_INDEXED, r[MW_3D_SET_INDEX_BUFFER_F], r[MW_3D_DRAW_INDEX_BUFFER], 1u << isz);
        break;
    case MW_DRAW_INLINE:
        draw(fe, topology, MW_DRAW_INLINE, 0, fe->inline_count, 4);
        break;
    case MW_DRAW_AUTO: {
        /* DRAW_AUTO carries the byte count a stream-output buffer holds
         * (yuzu: draw_auto_byte_count at 0x123C, count = bytes / stride);
         * SET_DRAW_AUTO_START is the byte offset subtracted first and
         * SET_DRAW_AUTO_STRIDE the bytes per vertex (Mesa NVK programs
         * vkCmdDrawIndirectByteCountEXT's counterOffset and vertexStride
         * there: (counter - offset) / stride vertices). */
        const uint32_t bytes = r[MW_3D_DRAW_AUTO], start = r[MW_3D_SET_DRAW_AUTO_START];
        const uint32_t stride = r[MW_3D_SET_DRAW_AUTO_STRIDE];
        if (!stride) {
            mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                       "DRAW_AUTO of %u bytes with SET_DRAW_AUTO_STRIDE 0; nothing drawn", bytes);
            break;
        }
        draw(fe, topology, MW_DRAW_ARRAYS, 0, bytes > start ? (bytes - start) / stride : 0, 0);
        break;
    }
    default:
        mw_problem(fe, GLHLE_RESULT_OK, GLHLE_LOG_DEBUG,
                   "BEGIN/END with no DRAW_VERTEX_ARRAY, DRAW_INDEX_BUFFER or inline indices between: nothing drawn");
        break;
    }
}

/* DRAW_*_BEGIN_END_INSTANCE_{FIRST,SUBSEQUENT}: START/FIRST 15:0, COUNT
 * 27:16, TOPOLOGY 31:28 in one word. */
static void one_word_draw(mw_frontend *fe, uint32_t v, bool subsequent, mw_draw_kind kind, uint32_t index_size)
{
    if (fe->in_begin)
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "one-word draw 0x%08x inside a BEGIN/END sequence; drawn anyway", v);
    instance_step(fe, subsequent ? 1 : 0);
    draw(fe, v >> 28, kind, v & 0xFFFF, (v >> 16) & 0xFFF, index_size);
}

/* ---- constant buffers ---- */

/* The selector read straight from its methods (the fields of
 * mw_decode_cbuf_selector): these run per data word, and a full refresh of
 * every stale group there would cost more than the write itself. */
static void selector(const uint32_t *r, uint64_t *address, uint32_t *size)
{
    *size = r[MW_3D_SET_CONSTANT_BUFFER_SELECTOR_A] & 0x1FFFF;
    *address = ((uint64_t)(r[MW_3D_SET_CONSTANT_BUFFER_SELECTOR_B] & 0xFF) << 32) |
               r[MW_3D_SET_CONSTANT_BUFFER_SELECTOR_C];
}

static void load_constant(mw_frontend *fe, uint32_t value)
{
    mw_regs_3d *rf = fe->regs3d;
    uint64_t address;
    uint32_t size;
    selector(rf->r, &address, &size);
    const uint32_t off = rf->r[MW_3D_LOAD_CONSTANT_BUFFER_OFFSET] & 0xFFFF;
    if ((uint64_t)off + 4 > size) {
        mw_problem(fe, GLHLE_RESULT_OUT_OF_BOUNDS, GLHLE_LOG_WARN,
                   "LOAD_CONSTANT_BUFFER at offset 0x%x passes the selected buffer's %u bytes (GPU 0x%010llx); "
                   "skipped", off, size, (unsigned long long)address);
    } else {
        const uint8_t b[4] = {(uint8_t)value, (uint8_t)(value >> 8), (uint8_t)(value >> 16), (uint8_t)(value >> 24)};
        mw_gpu_write(fe, address + off, b, 4, "constant buffer load");
    }
    /* the offset moves on by a word either way (yuzu ProcessCBData) */
    mw_regs_3d_store(rf, MW_3D_LOAD_CONSTANT_BUFFER_OFFSET, (off + 4) & 0xFFFF);
}

static void bind_constant(mw_frontend *fe, uint32_t stage, uint32_t value)
{
    mw_state *s = &fe->regs3d->state;
    const uint32_t slot = (value >> 4) & 0x1F;
    if (slot >= MW_CBUF_SLOTS) {
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "BIND_GROUP_CONSTANT_BUFFER(%u) slot %u: a stage has %u constant buffers; skipped", stage, slot,
                   MW_CBUF_SLOTS);
        return;
    }
    mw_cbuf_binding *b = &s->cbuf.bind[stage][slot];
    uint64_t address;
    uint32_t size;
    selector(fe->regs3d->r, &address, &size);
    if (value & 1)
        *b = (mw_cbuf_binding){true, address, size};
    else
        *b = (mw_cbuf_binding){false, 0, 0};
    s->dirty |= MW_DIRTY(CONST_BUFFER);
}

/* ---- reports ----
 * SET_REPORT_SEMAPHORE_D (clb197.h): OPERATION 1:0 RELEASE, ACQUIRE,
 * REPORT_ONLY, TRAP; FLUSH_DISABLE 2; REDUCTION_ENABLE 3 with REDUCTION_OP
 * 11:9 (ADD, MIN, MAX, INC, DEC, AND, OR, XOR) and REDUCTION_FORMAT 18:17
 * (UNSIGNED_32, SIGNED_32); RELEASE 4 / ACQUIRE 8 ordering and
 * PIPELINE_LOCATION 15:12 (where in the pipeline the operation happens);
 * COMPARISON 16 (EQ, GE); AWAKEN_ENABLE 20 (a non-stall interrupt after
 * it); REPORT_DWORD_NUMBER 21; REPORT 27:23; STRUCTURE_SIZE 28 (FOUR_WORDS,
 * ONE_WORD); SUB_REPORT 7:5. Execution is in order, so the ordering bits,
 * the pipeline location, FLUSH_DISABLE and AWAKEN_ENABLE change nothing.
 *
 * What a report writes (the four-word structure, as Mesa's nvc0 query code
 * reads it back: nvc0_query_hw.c, nvc0_hw_get_query_result):
 *   REPORT_NONE (a timestamp query, Mesa's 0x00005002): u32 payload, u32 0,
 *     u64 timestamp -- the layout of a RELEASE;
 *   32-bit counters, ZPASS_PIXEL_CNT (Mesa's occlusion query: "u32
 *     sequence, u32 count, u64 time") and STREAMING_BYTE_COUNT (its
 *     TFB_BUFFER_OFFSET query reads word 1): u32 payload, u32 count, u64
 *     timestamp;
 *   every other counter ("u64 count, u64 time" for the primitive,
 *     streaming and pipeline-statistics queries): u64 count, u64 timestamp.
 * ONE_WORD writes the payload for REPORT_NONE and otherwise word
 * REPORT_DWORD_NUMBER of the 64-bit count (yuzu and Ryujinx write the
 * count's low word for a short query). Counts come from the renderer's
 * report_counter hook, 0 without one. */

static void put32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

enum {
    REPORT_NONE = 0x00,
    REPORT_ZPASS_PIXEL_CNT = 0x02,
    REPORT_STREAMING_BYTE_COUNT = 0x1A,
};

static void report_only(mw_frontend *fe, uint64_t va, uint32_t payload, uint32_t d)
{
    const uint32_t report = (d >> 23) & 0x1F, sub = (d >> 5) & 7;
    const bool one_word = (d >> 28) & 1;
    uint64_t count = 0;
    if (report == REPORT_STREAMING_BYTE_COUNT) /* SUB_REPORT: the buffer (nvk's xfb counter save) */
        count = mw_frontend_state(fe)->stream_out.pointer[sub & 3];
    else if (report != REPORT_NONE && fe->hooks.report_counter)
        count = fe->hooks.report_counter(fe->hooks.user, report, sub);
    uint8_t block[16];
    const uint64_t ts = mw_timestamp(fe);
    put32(block + 8, (uint32_t)ts);
    put32(block + 12, (uint32_t)(ts >> 32));
    if (report == REPORT_NONE) {
        put32(block, payload);
        put32(block + 4, 0);
    } else if (report == REPORT_ZPASS_PIXEL_CNT || report == REPORT_STREAMING_BYTE_COUNT) {
        put32(block, payload);
        put32(block + 4, (uint32_t)count);
    } else {
        put32(block, (uint32_t)count);
        put32(block + 4, (uint32_t)(count >> 32));
    }
    if (one_word && report != REPORT_NONE)
        put32(block, (uint32_t)(count >> (((d >> 21) & 1) * 32)));
    if (mw_gpu_write(fe, va, block, one_word ? 4 : 16, "report"))
        fe->run.res.semaphores++;
}

/* RELEASE with REDUCTION_ENABLE: the reduction of the payload into the
 * word at va; a four-word structure also gets the zero word and the
 * timestamp after it, as a plain release. */
static void release_reduction(mw_frontend *fe, uint64_t va, uint32_t payload, uint32_t d)
{
    /* REDUCTION_OP 11:9 in clb197.h's order, to the shared MW_RED_* */
    static const uint8_t ops[8] = {MW_RED_ADD, MW_RED_MIN, MW_RED_MAX, MW_RED_INC,
                                   MW_RED_DEC, MW_RED_AND, MW_RED_OR,  MW_RED_XOR};
    const uint32_t op = (d >> 9) & 7, format = (d >> 17) & 3;
    if (format > 1) {
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "SET_REPORT_SEMAPHORE_D 0x%08x: REDUCTION_FORMAT %u is neither UNSIGNED_32 (0) nor SIGNED_32 (1); "
                   "refused, nothing written", d, format);
        return;
    }
    uint32_t mem, v;
    if (!mw_gpu_read(fe, va, &mem, 4, "report semaphore reduction"))
        return;
    mw_reduce32(ops[op], format == 1, mem, payload, &v);
    mw_release_semaphore_report(fe, va, v, !((d >> 28) & 1));
}

static void report_semaphore(mw_frontend *fe, uint32_t d)
{
    const mw_state *s = mw_frontend_state(fe);
    const uint64_t va = s->report.address;
    const uint32_t payload = s->report.payload;
    const bool one_word = (d >> 28) & 1;
    switch (d & 3) {
    case 0: /* RELEASE */
        if ((d >> 3) & 1)
            release_reduction(fe, va, payload, d);
        else
            mw_release_semaphore_report(fe, va, payload, !one_word);
        return;
    case 1: /* ACQUIRE: the pusher waits while unmet (submit.c) */
        if ((d >> 16) & 1)
            mw_acquire(fe, va, payload, MW_ACQ_GE, "report semaphore ACQUIRE GE");
        else
            mw_acquire(fe, va, payload, MW_ACQ_EQ, "report semaphore ACQUIRE EQ");
        return;
    case 2:
        report_only(fe, va, payload, d);
        return;
    default:
        /* TRAP stops the graphics pipe with an exception for the kernel's
         * handler (a debugging aid: nvgpu reports it as a GR exception);
         * there is no such handler to run here. */
        mw_problem(fe, GLHLE_RESULT_UNSUPPORTED, GLHLE_LOG_WARN,
                   "SET_REPORT_SEMAPHORE_D 0x%08x: OPERATION_TRAP raises a graphics exception for a kernel handler "
                   "this model does not have; refused, nothing written", d);
        return;
    }
}

/* ---- dispatch ---- */

static void side_effect(mw_frontend *fe, uint32_t method, uint32_t v)
{
    mw_regs_3d *rf = fe->regs3d;
    if (method >= MW_3D_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER &&
        method < MW_3D_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER + 8 * MW_XFB_BUFFERS &&
        (method - MW_3D_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER) % 8 == 0) {
        /* the write pointer loads on every write (maxwell_state.h) */
        rf->state.stream_out.pointer[(method - MW_3D_SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER) / 8] = v;
        return;
    }
    switch (method) {
    case MW_3D_LOAD_MME_INSTRUCTION_RAM_POINTER:
    case MW_3D_LOAD_MME_INSTRUCTION_RAM:
    case MW_3D_LOAD_MME_START_ADDRESS_RAM_POINTER:
    case MW_3D_LOAD_MME_START_ADDRESS_RAM: {
        glhle_result r = GLHLE_RESULT_OK;
        mw_mme_method(fe->mme, method, v, &r);
        if (r != GLHLE_RESULT_OK)
            mw_problem(fe, r, GLHLE_LOG_WARN, "macro upload word 0x%08x not stored: %s", v, glhle_result_string(r));
        return;
    }
    case MW_3D_INCREMENT_SYNC_POINT:
        /* INDEX 11:0; CLEAN_L2 16 and CONDITION 20 say when the increment
         * happens, not whether (clb197.h). deko3d's engine_3d.def calls bit
         * 20 "Increment" and yuzu increments only with it set; the header is
         * the authority here. */
        fe->run.res.syncpoint_increments++;
        if (fe->hooks.syncpoint_increment)
            fe->hooks.syncpoint_increment(fe->hooks.user, v & 0xFFF);
        return;
    case MW_3D_LAUNCH_DMA:
    case MW_3D_LOAD_INLINE_DATA:
        mw_i2m_method(fe, 0, rf->r, method, v);
        return;
    case MW_3D_CLEAR_REPORT_VALUE:
        /* TYPE 4:0 names the counter that restarts (clb197.h) */
        if (fe->hooks.clear_report)
            fe->hooks.clear_report(fe->hooks.user, v & 0x1F);
        return;
    case MW_3D_BEGIN:
        if (fe->in_begin)
            mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN, "BEGIN 0x%08x inside a BEGIN/END sequence; the "
                       "sequence restarts", v);
        fe->in_begin = true;
        fe->draw_kind = MW_DRAW_NONE;
        fe->inline_count = 0;
        instance_step(fe, (v >> 26) & 3);
        rf->stale |= MW_DIRTY(DRAW);
        rf->state.dirty |= MW_DIRTY(DRAW);
        return;
    case MW_3D_END:
        end_draw(fe);
        return;
    case MW_3D_DRAW_VERTEX_ARRAY:
        fe->draw_kind = MW_DRAW_ARRAYS;
        rf->stale |= MW_DIRTY(DRAW);
        return;
    case MW_3D_DRAW_INDEX_BUFFER:
        fe->draw_kind = MW_DRAW_INDEXED;
        rf->stale |= MW_DIRTY(INDEX_BUFFER);
        return;
    case MW_3D_DRAW_INLINE_INDEX:
        inline_indices(fe, &v, 1);
        return;
    case MW_3D_DRAW_INLINE_INDEX2X16: {
        const uint32_t idx[2] = {v & 0xFFFF, v >> 16}; /* EVEN 15:0, ODD 31:16 */
        inline_indices(fe, idx, 2);
        return;
    }
    case MW_3D_DRAW_INLINE_INDEX4X8: {
        const uint32_t idx[4] = {v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, v >> 24};
        inline_indices(fe, idx, 4);
        return;
    }
    case MW_3D_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST:
    case MW_3D_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT:
        one_word_draw(fe, v, method == MW_3D_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT, MW_DRAW_ARRAYS, 0);
        return;
    case MW_3D_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_FIRST:
    case MW_3D_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT:
        one_word_draw(fe, v, method == MW_3D_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT, MW_DRAW_INDEXED, 4);
        return;
    case MW_3D_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST:
    case MW_3D_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT:
        one_word_draw(fe, v, method == MW_3D_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT, MW_DRAW_INDEXED, 2);
        return;
    case MW_3D_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_FIRST:
    case MW_3D_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT:
        one_word_draw(fe, v, method == MW_3D_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT, MW_DRAW_INDEXED, 1);
        return;
    case MW_3D_DRAW_AUTO:
        if (!fe->in_begin) {
            mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                       "DRAW_AUTO 0x%08x outside a BEGIN/END sequence; nothing drawn", v);
            return;
        }
        fe->draw_kind = MW_DRAW_AUTO;
        rf->stale |= MW_DIRTY(DRAW);
        return;
    case MW_3D_CLEAR_SURFACE:
        fe->run.res.clears++;
        check_target_kinds(fe);
        if (mw_wants(fe, GLHLE_MAXWELL_EVENT_CLEAR)) {
            glhle_maxwell_event ev = {.type = GLHLE_MAXWELL_EVENT_CLEAR};
            ev.u.clear.value = v;
            mw_emit(fe, &ev);
        }
        return;
    case MW_3D_SET_REPORT_SEMAPHORE_D:
        report_semaphore(fe, v);
        return;
    default:
        break;
    }
    if (method >= MW_3D_LOAD_CONSTANT_BUFFER && method < MW_3D_LOAD_CONSTANT_BUFFER + 16) {
        load_constant(fe, v);
        return;
    }
    if (method >= MW_3D_BIND_GROUP_CONSTANT_BUFFER && method < MW_3D_BIND_GROUP_CONSTANT_BUFFER + 8 * MW_STAGE_COUNT &&
        (method - MW_3D_BIND_GROUP_CONSTANT_BUFFER) % 8 == 0) {
        bind_constant(fe, (method - MW_3D_BIND_GROUP_CONSTANT_BUFFER) / 8, v);
        return;
    }
    /* the rest of the S methods (NO_OPERATION, WAIT_FOR_IDLE, NOTIFY,
     * cache invalidations, barriers) have nothing to do in order-preserving
     * execution without caches */
}

void mw_3d_method(mw_frontend *fe, uint32_t method, uint32_t value, bool last)
{
    if (method >= MACRO_FIRST) {
        if (mw_wants(fe, GLHLE_MAXWELL_EVENT_METHOD)) {
            glhle_maxwell_event ev = {.type = GLHLE_MAXWELL_EVENT_METHOD, .method = method, .value = value};
            mw_emit(fe, &ev);
        }
        (void)last;
        macro_word(fe, method, value);
        return;
    }
    if (fe->mme->call_pending && !fe->run.loc.in_macro)
        mw_macro_flush(fe);
    mw_regs_3d *rf = fe->regs3d;
    const uint32_t v = mw_regs_3d_store(rf, method, value);
    const uint8_t info = mw_3d_info[method];
    if (mw_wants(fe, GLHLE_MAXWELL_EVENT_METHOD)) {
        glhle_maxwell_event ev = {.type = GLHLE_MAXWELL_EVENT_METHOD, .method = method, .value = v};
        mw_emit(fe, &ev);
    }
    if (info & MW_REG_SIDE_EFFECT)
        side_effect(fe, method, v);
}
