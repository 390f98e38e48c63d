/* The dump printer: events of a GL-free instance as text. Field names and
 * layouts are clb197.h's, clb06f.h's and the engine headers'. */
#include "backend/maxwell/frontend/pushbuf_dump.h"

#include <stdio.h>
#include <string.h>

#include "backend/maxwell/frontend/method_names.h"
#include "backend/maxwell/frontend/regs_3d.h"

static const char *const topologies[16] = {
    "POINTS",     "LINES",           "LINE_LOOP",          "LINE_STRIP",          "TRIANGLES",
    "TRIANGLE_STRIP", "TRIANGLE_FAN", "QUADS",             "QUAD_STRIP",          "POLYGON",
    "LINELIST_ADJCY", "LINESTRIP_ADJCY", "TRIANGLELIST_ADJCY", "TRIANGLESTRIP_ADJCY", "PATCH", "?",
};

static float as_f32(uint32_t v)
{
    float f;
    memcpy(&f, &v, 4);
    return f;
}

/* Hand-written printers for the methods whose fields matter most when
 * reading a dump; the rest print by their table format. */
static bool describe_3d(uint32_t m, uint32_t v, glhle_bytebuf *o)
{
    if (m >= MW_3D_SET_COLOR_TARGET_MEMORY && m < MW_3D_SET_COLOR_TARGET_MEMORY + 8 * 16 &&
        (m - MW_3D_SET_COLOR_TARGET_MEMORY) % 16 == 0) {
        glhle_bytebuf_printf(o, "block=%ux%ux%u layout=%s third_dim=%s", 1u << (v & 0xF), 1u << ((v >> 4) & 0xF),
                             1u << ((v >> 8) & 0xF), (v >> 12) & 1 ? "pitch" : "blocklinear",
                             (v >> 16) & 1 ? "depth" : "layers");
        return true;
    }
    if (m >= MW_3D_SET_VERTEX_ATTRIBUTE_A && m < MW_3D_SET_VERTEX_ATTRIBUTE_A + 32) {
        glhle_bytebuf_printf(o, "stream=%u %s offset=%u size=0x%02x type=%u%s", v & 0x1F,
                             (v >> 6) & 1 ? "inactive" : "active", (v >> 7) & 0x3FFF, (v >> 21) & 0x3F, (v >> 27) & 7,
                             v >> 31 ? " swap_rb" : "");
        return true;
    }
    if (m >= MW_3D_SET_VERTEX_STREAM_A_FORMAT && m < MW_3D_SET_VERTEX_STREAM_A_FORMAT + 32 * 4 &&
        (m - MW_3D_SET_VERTEX_STREAM_A_FORMAT) % 4 == 0) {
        glhle_bytebuf_printf(o, "stride=%u enable=%u", v & 0xFFF, (v >> 12) & 1);
        return true;
    }
    if (m >= MW_3D_BIND_GROUP_CONSTANT_BUFFER && m < MW_3D_BIND_GROUP_CONSTANT_BUFFER + 5 * 8 &&
        (m - MW_3D_BIND_GROUP_CONSTANT_BUFFER) % 8 == 0) {
        glhle_bytebuf_printf(o, "valid=%u slot=%u", v & 1, (v >> 4) & 0x1F);
        return true;
    }
    if (m >= MW_3D_SET_PIPELINE_SHADER && m < MW_3D_SET_PIPELINE_SHADER + 6 * 16 &&
        (m - MW_3D_SET_PIPELINE_SHADER) % 16 == 0) {
        static const char *const types[8] = {"VERTEX_CULL_BEFORE_FETCH", "VERTEX", "TESSELLATION_INIT",
                                             "TESSELLATION", "GEOMETRY", "PIXEL", "?", "?"};
        glhle_bytebuf_printf(o, "enable=%u type=%s", v & 1, types[(v >> 4) & 7]);
        return true;
    }
    if ((m >= MW_3D_SET_SCISSOR_HORIZONTAL && m < MW_3D_SET_SCISSOR_HORIZONTAL + 64 &&
         (m - MW_3D_SET_SCISSOR_HORIZONTAL) % 4 <= 1)) {
        glhle_bytebuf_printf(o, "min=%u max=%u", v & 0xFFFF, v >> 16);
        return true;
    }
    switch (m) {
    case MW_3D_BEGIN:
        glhle_bytebuf_printf(o, "op=%s instance=%s", (v & 0xFFFF) < 15 ? topologies[v & 0xFFFF] : "?",
                             ((v >> 26) & 3) == 0 ? "first" : ((v >> 26) & 3) == 1 ? "subsequent" : "unchanged");
        return true;
    case MW_3D_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST:
    case MW_3D_DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT:
    case MW_3D_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_FIRST:
    case MW_3D_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST:
    case MW_3D_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_FIRST:
    case MW_3D_DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT:
    case MW_3D_DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT:
    case MW_3D_DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT:
        glhle_bytebuf_printf(o, "first=%u count=%u topology=%s", v & 0xFFFF, (v >> 16) & 0xFFF, topologies[v >> 28]);
        return true;
    case MW_3D_SET_INDEX_BUFFER_E:
        glhle_bytebuf_printf(o, "index_size=%s", (v & 3) == 0 ? "1" : (v & 3) == 1 ? "2" : (v & 3) == 2 ? "4" : "?");
        return true;
    case MW_3D_CLEAR_SURFACE:
        glhle_bytebuf_printf(o, "z=%u stencil=%u rgba=%u%u%u%u target=%u layer=%u", v & 1, (v >> 1) & 1, (v >> 2) & 1,
                             (v >> 3) & 1, (v >> 4) & 1, (v >> 5) & 1, (v >> 6) & 0xF, (v >> 10) & 0xFFFF);
        return true;
    case MW_3D_SET_REPORT_SEMAPHORE_D: {
        static const char *const ops[4] = {"RELEASE", "ACQUIRE", "REPORT_ONLY", "TRAP"};
        glhle_bytebuf_printf(o, "operation=%s report=%u size=%s", ops[v & 3], (v >> 23) & 0x1F,
                             (v >> 28) & 1 ? "one_word" : "four_words");
        return true;
    }
    case MW_3D_SET_CT_SELECT:
        glhle_bytebuf_printf(o, "count=%u map=%u,%u,%u,%u,%u,%u,%u,%u", v & 0xF, (v >> 4) & 7, (v >> 7) & 7,
                             (v >> 10) & 7, (v >> 13) & 7, (v >> 16) & 7, (v >> 19) & 7, (v >> 22) & 7, (v >> 25) & 7);
        return true;
    case MW_3D_SET_MME_SHADOW_RAM_CONTROL: {
        static const char *const modes[4] = {"METHOD_TRACK", "METHOD_TRACK_WITH_FILTER", "METHOD_PASSTHROUGH",
                                             "METHOD_REPLAY"};
        glhle_bytebuf_printf(o, "mode=%s", modes[v & 3]);
        return true;
    }
    case MW_3D_INCREMENT_SYNC_POINT:
        glhle_bytebuf_printf(o, "index=%u clean_l2=%u condition=%s", v & 0xFFF, (v >> 16) & 1,
                             (v >> 20) & 1 ? "rop_writes_done" : "stream_out_writes_done");
        return true;
    default:
        return false;
    }
}

static bool describe_host(uint32_t m, uint32_t v, glhle_bytebuf *o)
{
    switch (m) {
    case 0x00: {
        const char *n = mw_class_name(v & 0xFFFF);
        glhle_bytebuf_printf(o, "class=%s", n ? n : "unknown");
        return true;
    }
    case 0x07: {
        const uint32_t op = v & 0x1F;
        glhle_bytebuf_printf(o, "operation=%s size=%s", op == 1 ? "ACQUIRE" : op == 2 ? "RELEASE" : op == 4 ? "ACQ_GEQ"
                                                       : op == 8 ? "ACQ_AND" : op == 16 ? "REDUCTION" : "?",
                             (v >> 24) & 1 ? "4_bytes" : "16_bytes");
        return true;
    }
    case 0x1D:
        glhle_bytebuf_printf(o, "operation=%s index=%u", v & 1 ? "INCR" : "WAIT", (v >> 8) & 0xFF);
        return true;
    default:
        return false;
    }
}

void mw_describe_method(uint32_t class_id, uint32_t method, uint32_t value, glhle_bytebuf *o)
{
    if (method < 0x40 || class_id == GLHLE_MAXWELL_CLASS_HOST) {
        describe_host(method, value, o);
        return;
    }
    if (class_id == GLHLE_MAXWELL_CLASS_3D && method < MW_3D_REG_COUNT && describe_3d(method, value, o))
        return;
    mw_value_format fmt = MW_FMT_hex;
    if (class_id == GLHLE_MAXWELL_CLASS_3D)
        mw_3d_method_name(method, NULL, &fmt);
    switch (fmt) {
    case MW_FMT_f32: glhle_bytebuf_printf(o, "value=%g", (double)as_f32(value)); break;
    case MW_FMT_bool: glhle_bytebuf_printf(o, "enable=%u", value & 1); break;
    case MW_FMT_addr_hi: glhle_bytebuf_printf(o, "address_upper=0x%02x", value & 0xFF); break;
    default: break;
    }
}

/* ---- the dump run ---- */

typedef struct dump_ctx {
    glhle_bytebuf *out;
    glhle_bytebuf fields;
    bool gpfifo;
} dump_ctx;

static void where(dump_ctx *d, const glhle_maxwell_event *e)
{
    if (d->gpfifo)
        glhle_bytebuf_printf(d->out, "e%u+0x%04x", e->entry, e->offset);
    else
        glhle_bytebuf_printf(d->out, "+0x%04x", e->offset);
}

static void on_event(void *user, glhle_maxwell *gpu, const glhle_maxwell_event *e)
{
    (void)gpu;
    dump_ctx *d = user;
    glhle_bytebuf *o = d->out;
    const char *cls = mw_class_name(e->class_id);
    const char *indent = e->from_macro ? "  m " : "";
    switch (e->type) {
    case GLHLE_MAXWELL_EVENT_METHOD: {
        uint32_t idx = 0;
        const char *name = mw_method_name(e->class_id, e->method, &idx, NULL);
        glhle_bytebuf_printf(o, "%s", indent);
        where(d, e);
        char nm[64];
        if (!name)
            snprintf(nm, sizeof nm, "0x%03x", e->method);
        else if (idx || (e->method >= MW_3D_REG_COUNT && e->class_id == GLHLE_MAXWELL_CLASS_3D))
            snprintf(nm, sizeof nm, "%s[%u]", name, idx);
        else
            snprintf(nm, sizeof nm, "%s", name);
        glhle_bytebuf_printf(o, "  %u %s.%s = 0x%08x", e->subchannel, cls ? cls : "?", nm, e->value);
        glhle_bytebuf_clear(&d->fields);
        mw_describe_method(e->class_id, e->method, e->value, &d->fields);
        if (d->fields.size)
            glhle_bytebuf_printf(o, "  %s", glhle_bytebuf_cstr(&d->fields));
        glhle_bytebuf_printf(o, "\n");
        return;
    }
    case GLHLE_MAXWELL_EVENT_MACRO_CALL:
        glhle_bytebuf_printf(o, "          -> macro %u, %u parameters:", e->u.macro.index, e->u.macro.count);
        for (uint32_t i = 0; i < e->u.macro.count && i < 16; i++)
            glhle_bytebuf_printf(o, " 0x%x", e->u.macro.params[i]);
        glhle_bytebuf_printf(o, "%s\n", e->u.macro.count > 16 ? " ..." : "");
        return;
    case GLHLE_MAXWELL_EVENT_DRAW:
        glhle_bytebuf_printf(o, "%s          -> draw %s %s first=%u count=%u instance=%u base_vertex=%u "
                             "base_instance=%u", indent, topologies[e->u.draw.topology & 15],
                             e->u.draw.inline_indices ? "inline-indexed" : e->u.draw.indexed ? "indexed" : "arrays",
                             e->u.draw.first, e->u.draw.count, e->u.draw.instance, e->u.draw.base_vertex,
                             e->u.draw.base_instance);
        if (e->u.draw.indexed)
            glhle_bytebuf_printf(o, " index_size=%u", e->u.draw.index_size);
        glhle_bytebuf_printf(o, "\n");
        return;
    case GLHLE_MAXWELL_EVENT_CLEAR:
        glhle_bytebuf_printf(o, "%s          -> clear\n", indent);
        return;
    case GLHLE_MAXWELL_EVENT_LAUNCH: {
        const uint32_t *r = e->u.launch.regs;
        glhle_bytebuf_printf(o, "%s          -> launch %s", indent, cls ? cls : "?");
        if (e->class_id == GLHLE_MAXWELL_CLASS_DMA)
            glhle_bytebuf_printf(o, " copy src=0x%010llx dst=0x%010llx line_length=%u lines=%u launch=0x%08x",
                                 (unsigned long long)(((uint64_t)(r[0x100] & 0xFF) << 32) | r[0x101]),
                                 (unsigned long long)e->u.launch.address, r[0x106], r[0x107], r[0x0C0]);
        else if (e->class_id == GLHLE_MAXWELL_CLASS_COMPUTE)
            glhle_bytebuf_printf(o, " qmd=0x%010llx", (unsigned long long)e->u.launch.address);
        else if (e->class_id == GLHLE_MAXWELL_CLASS_2D)
            glhle_bytebuf_printf(o, " blit dst=0x%010llx", (unsigned long long)e->u.launch.address);
        else
            glhle_bytebuf_printf(o, " inline-to-memory dst=0x%010llx line_length=%u lines=%u",
                                 (unsigned long long)e->u.launch.address, r[0x060], r[0x061]);
        glhle_bytebuf_printf(o, "\n");
        return;
    }
    case GLHLE_MAXWELL_EVENT_SEMAPHORE:
        glhle_bytebuf_printf(o, "%s          -> release 0x%08x to 0x%010llx (%s)\n", indent, e->u.semaphore.payload,
                             (unsigned long long)e->u.semaphore.va,
                             e->u.semaphore.four_words ? "16 bytes with timestamp" : "4 bytes");
        return;
    default:
        return;
    }
}

static void on_log(void *user, const glhle_log_record *r)
{
    dump_ctx *d = user;
    if (r->level >= GLHLE_LOG_INFO)
        glhle_bytebuf_printf(d->out, "!  %s\n", r->message);
}

glhle_result mw_pushbuf_dump(const uint8_t *bytes, size_t size, const mw_dump_options *opt, glhle_bytebuf *out)
{
    dump_ctx d = {.out = out, .gpfifo = opt && opt->entries};
    glhle_bytebuf_init(&d.fields, 4096);
    /* nothing else runs to release a semaphore the stream waits on: one
     * kick gives such a wait up and the dump goes on past the acquire */
    glhle_maxwell_desc desc = {.log = on_log, .log_user = &d, .log_level = GLHLE_LOG_INFO,
                               .acquire_wait_submits = 1};
    glhle_maxwell *gpu = NULL;
    glhle_result r = glhle_maxwell_create(NULL, &desc, &gpu);
    if (r != GLHLE_RESULT_OK) {
        glhle_bytebuf_free(&d.fields);
        return r;
    }
    glhle_maxwell_hooks hooks = {.user = &d, .event = on_event};
    glhle_maxwell_set_hooks(gpu, &hooks);
    for (size_t i = 0; opt && i < opt->map_count && r == GLHLE_RESULT_OK; i++)
        r = glhle_maxwell_map(gpu, opt->maps[i].va, opt->maps[i].data, opt->maps[i].size, opt->maps[i].kind);
    if (r == GLHLE_RESULT_OK) {
        glhle_maxwell_run_result res;
        if (d.gpfifo) {
            r = glhle_maxwell_submit_gpfifo(gpu, opt->entries, opt->entry_count, &res);
        } else {
            const size_t n = size / 4;
            if (size % 4)
                glhle_bytebuf_printf(out, "!  the last %zu bytes are not a whole word; ignored\n", size % 4);
            /* copy to aligned words (little-endian bytes) */
            uint32_t chunk[1024];
            glhle_bytebuf words;
            glhle_bytebuf_init(&words, 0);
            for (size_t i = 0; i < n; i++) {
                uint32_t w = 0;
                for (int k = 0; k < 4; k++)
                    w |= (uint32_t)bytes[4 * i + k] << (8 * k);
                chunk[i % 1024] = w;
                if (i % 1024 == 1023 || i + 1 == n)
                    glhle_bytebuf_append(&words, chunk, (i % 1024 + 1) * 4);
            }
            r = glhle_maxwell_submit_words(gpu, (const uint32_t *)(void *)words.data, n, &res);
            glhle_bytebuf_free(&words);
        }
        if (res.waiting) {
            glhle_bytebuf_printf(out, "!  the pusher waits on the semaphore at GPU 0x%010llx; nothing releases it in "
                                 "a dump, so it is kicked once\n", (unsigned long long)res.wait_va);
            glhle_maxwell_run_result more;
            const glhle_result kicked = glhle_maxwell_submit_words(gpu, NULL, 0, &more);
            if (r == GLHLE_RESULT_OK)
                r = kicked;
            res.words += more.words;
            res.methods += more.methods;
            res.draws += more.draws;
            res.clears += more.clears;
            res.macro_calls += more.macro_calls;
            res.launches += more.launches;
            res.semaphores += more.semaphores;
            res.syncpoint_increments += more.syncpoint_increments;
            res.faults += more.faults;
            res.problems += more.problems;
        }
        glhle_bytebuf_printf(out, "== %llu words, %llu methods, %u draws, %u clears, %u macro calls, %u launches, "
                             "%u semaphores, %u syncpoint increments, %u faults, %u problems: %s\n",
                             (unsigned long long)res.words, (unsigned long long)res.methods, res.draws, res.clears,
                             res.macro_calls, res.launches, res.semaphores, res.syncpoint_increments, res.faults,
                             res.problems, glhle_result_string(r));
    }
    glhle_maxwell_destroy(gpu);
    glhle_bytebuf_free(&d.fields);
    return r;
}
