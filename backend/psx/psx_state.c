/* PlayStation save states (psx_state.h). Saving writes every chunk into a
 * memory trace writer and copies it out; loading reads and checks the whole
 * blob into `parsed` first and changes the instance only when all of it is
 * good, so a damaged or foreign blob leaves the GPU as it was. */
#include "backend/psx/psx_state.h"

#include <stdlib.h>
#include <string.h>

#include "backend/psx/gpu.h"

_Static_assert(PSX_GP0_MAX_WORDS == 12, "PARSER chunk layout assumes 12 command words");

#define VRAM_WORDS ((size_t)PSX_VRAM_W * PSX_VRAM_H)

static const char *const type_names[] = {
    [PSX_SAVE_STATE] = "STATE",   [PSX_SAVE_VRAM] = "VRAM", [PSX_SAVE_END] = "END",
    [PSX_SAVE_READBACK] = "READBACK", [PSX_SAVE_PARSER] = "PARSER", [PSX_SAVE_CLUT] = "CLUT",
    [PSX_SAVE_VRAM_SCALED] = "VRAM_SCALED",
};
static const trace_type_names names = {type_names, PSX_SAVE_TYPE_LAST_ + 1};

void psx_state_get_fields(const glhle_psx *psx, uint32_t f[PSX_TRACE_STATE_FIELDS])
{
    memset(f, 0, sizeof(uint32_t) * PSX_TRACE_STATE_FIELDS);
    f[PSX_STATE_SCALE] = psx->r->scale;
    f[PSX_STATE_E1] = psx->e1;
    f[PSX_STATE_E2] = psx->e2;
    f[PSX_STATE_E3] = psx->e3;
    f[PSX_STATE_E4] = psx->e4;
    f[PSX_STATE_E5] = psx->e5;
    f[PSX_STATE_E6] = psx->e6;
    f[PSX_STATE_IRQ] = psx->irq;
    f[PSX_STATE_DMA_DIR] = psx->dma_dir;
    f[PSX_STATE_DISP_START] = psx->disp_start;
    f[PSX_STATE_HRANGE] = psx->hrange;
    f[PSX_STATE_VRANGE] = psx->vrange;
    f[PSX_STATE_DISP_MODE] = psx->disp_mode;
    f[PSX_STATE_DISPLAY_OFF] = psx->display_off;
    f[PSX_STATE_VRAM_SIZE] = psx->vram_size;
    f[PSX_STATE_GPUREAD_LATCH] = psx->gpuread_latch;
    f[PSX_STATE_CLUT_VALID] = psx->clut_valid;
    f[PSX_STATE_CLUT_IS8] = psx->clut_is8;
    f[PSX_STATE_CLUT_REG] = psx->clut_reg;
    f[PSX_STATE_GP0_INDEX_LO] = (uint32_t)psx->gp0_index;
    f[PSX_STATE_GP0_INDEX_HI] = (uint32_t)(psx->gp0_index >> 32);
    f[PSX_STATE_GP1_INDEX_LO] = (uint32_t)psx->gp1_index;
    f[PSX_STATE_GP1_INDEX_HI] = (uint32_t)(psx->gp1_index >> 32);
}

void psx_state_set_fields(glhle_psx *psx, const uint32_t f[PSX_TRACE_STATE_FIELDS])
{
    /* the same masks the ports apply (gp0.c environment, gp1.c) */
    psx->e1 = f[PSX_STATE_E1] & 0x3FFF;
    psx->e2 = f[PSX_STATE_E2] & 0xFFFFF;
    psx->e3 = f[PSX_STATE_E3] & 0xFFFFF;
    psx->e4 = f[PSX_STATE_E4] & 0xFFFFF;
    psx->e5 = f[PSX_STATE_E5] & 0x3FFFFF;
    psx->off_x = psx_sext11(psx->e5);
    psx->off_y = psx_sext11(psx->e5 >> 11);
    psx->e6 = f[PSX_STATE_E6] & 3;
    psx->irq = f[PSX_STATE_IRQ] != 0;
    psx->dma_dir = f[PSX_STATE_DMA_DIR] & 3;
    psx->disp_start = f[PSX_STATE_DISP_START] & 0x7FFFF;
    psx->hrange = f[PSX_STATE_HRANGE] & 0xFFFFFF;
    psx->vrange = f[PSX_STATE_VRANGE] & 0xFFFFF;
    psx->disp_mode = f[PSX_STATE_DISP_MODE] & 0xFF;
    psx->display_off = f[PSX_STATE_DISPLAY_OFF] != 0;
    psx->vram_size = f[PSX_STATE_VRAM_SIZE] & 1;
    psx->gpuread_latch = f[PSX_STATE_GPUREAD_LATCH];
    psx->clut_valid = f[PSX_STATE_CLUT_VALID] != 0;
    psx->clut_is8 = f[PSX_STATE_CLUT_IS8] != 0;
    psx->clut_reg = (uint16_t)(f[PSX_STATE_CLUT_REG] & 0x7FFF);
    psx->gp0_index = f[PSX_STATE_GP0_INDEX_LO] | ((uint64_t)f[PSX_STATE_GP0_INDEX_HI] << 32);
    psx->gp1_index = f[PSX_STATE_GP1_INDEX_LO] | ((uint64_t)f[PSX_STATE_GP1_INDEX_HI] << 32);
}

/* ---- saving ------------------------------------------------------------------------------ */

static void put_fields(trace_writer *w, uint32_t type, const uint32_t *f, uint32_t n, uint32_t tail_bytes)
{
    uint8_t b[4 * PSX_PARSER_FIELDS];
    for (uint32_t i = 0; i < n; i++)
        trace_wr32(b + 4 * i, f[i]);
    if (trace_begin(w, type, 4 * n + tail_bytes))
        trace_write(w, b, 4 * n);
}

/* Halfwords little-endian, in pieces, into the open chunk. */
static void put_halfwords(trace_writer *w, const uint16_t *px, size_t n)
{
    uint8_t b[4096];
    while (n) {
        size_t k = n < sizeof b / 2 ? n : sizeof b / 2;
        for (size_t i = 0; i < k; i++)
            trace_wr16(b + 2 * i, px[i]);
        trace_write(w, b, 2 * k);
        px += k;
        n -= k;
    }
}

static void parser_fields(const psx_gp0_parser *p, uint32_t f[PSX_PARSER_FIELDS])
{
    memset(f, 0, sizeof(uint32_t) * PSX_PARSER_FIELDS);
    f[PSX_PARSER_STATE] = p->state;
    f[PSX_PARSER_HAVE] = p->have;
    f[PSX_PARSER_NEED] = p->need;
    f[PSX_PARSER_START_LO] = (uint32_t)p->start;
    f[PSX_PARSER_START_HI] = (uint32_t)(p->start >> 32);
    memcpy(f + PSX_PARSER_WORDS, p->words, sizeof p->words);
    f[PSX_PARSER_PL_CMD] = p->pl_cmd;
    f[PSX_PARSER_PL_X] = (uint32_t)p->pl_last.x;
    f[PSX_PARSER_PL_Y] = (uint32_t)p->pl_last.y;
    f[PSX_PARSER_PL_RGBUV_LO] =
        p->pl_last.r | (uint32_t)p->pl_last.g << 8 | (uint32_t)p->pl_last.b << 16 | (uint32_t)p->pl_last.u << 24;
    f[PSX_PARSER_PL_RGBUV_HI] = p->pl_last.v;
    f[PSX_PARSER_PL_COLOR] = p->pl_color;
    f[PSX_PARSER_PL_HAVE_COLOR] = p->pl_have_color;
    f[PSX_PARSER_UP_X] = p->up_x;
    f[PSX_PARSER_UP_Y] = p->up_y;
    f[PSX_PARSER_UP_W] = p->up_w;
    f[PSX_PARSER_UP_H] = p->up_h;
    f[PSX_PARSER_UP_TOTAL] = p->up_total;
    f[PSX_PARSER_UP_DONE] = p->up_done;
}

static glhle_result build(glhle_psx *psx, trace_writer *w)
{
    const uint32_t scale = psx->r->scale;
    const size_t scaled = VRAM_WORDS * scale * scale;
    uint16_t *px = malloc(sizeof(uint16_t) * (scale > 1 ? scaled : VRAM_WORDS));
    if (!px)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_OUT_OF_MEMORY, "psx save state: no memory to read VRAM");
    glhle_result r = trace_writer_open_kind(w, &trace_kind_state, NULL, 0, TRACE_SYSTEM_PSX, &psx->log);
    uint32_t f[PSX_PARSER_FIELDS];
    psx_state_get_fields(psx, f);
    put_fields(w, PSX_SAVE_STATE, f, PSX_TRACE_STATE_FIELDS, 0);
    trace_end(w);

    psx->r->ops->read(psx->r, 0, 0, PSX_VRAM_W, PSX_VRAM_H, px);
    if (trace_begin(w, PSX_SAVE_VRAM, PSX_TRACE_VRAM_SIZE))
        put_halfwords(w, px, VRAM_WORDS);
    trace_end(w);

    const uint32_t rb[2] = {psx->rd_total, psx->rd_pos};
    put_fields(w, PSX_SAVE_READBACK, rb, 2, psx->rd_total * 2);
    put_halfwords(w, psx->readback, psx->rd_total);
    trace_end(w);

    const psx_gp0_parser *p = &psx->p;
    const uint32_t pending = p->state == PSX_GP0_UPLOAD ? p->up_done : 0;
    parser_fields(p, f);
    put_fields(w, PSX_SAVE_PARSER, f, PSX_PARSER_FIELDS, pending * 2);
    put_halfwords(w, psx->upload, pending);
    trace_end(w);

    uint16_t clut[256] = {0};
    if (psx->r->ops->read_clut)
        psx->r->ops->read_clut(psx->r, clut);
    if (trace_begin(w, PSX_SAVE_CLUT, PSX_SAVE_CLUT_SIZE))
        put_halfwords(w, clut, 256);
    trace_end(w);

    if (scale > 1 && psx->r->ops->read_scaled) {
        psx->r->ops->read_scaled(psx->r, px);
        if (trace_begin(w, PSX_SAVE_VRAM_SCALED, (uint32_t)(scaled * 2)))
            put_halfwords(w, px, scaled);
        trace_end(w);
    }
    free(px);
    uint8_t end[4];
    trace_wr32(end, w->chunks);
    trace_put(w, PSX_SAVE_END, end, sizeof end, NULL, 0);
    if (r == GLHLE_RESULT_OK)
        r = trace_writer_close(w);
    return r;
}

glhle_result glhle_psx_save_state(glhle_psx *psx, void *buf, size_t capacity, size_t *size)
{
    if (!psx || !size)
        return GLHLE_FAIL(psx ? &psx->log : NULL, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_psx_save_state: needs an instance and a size pointer");
    trace_writer w;
    glhle_result r = build(psx, &w);
    *size = r == GLHLE_RESULT_OK ? w.mem.size : 0;
    if (r == GLHLE_RESULT_OK && (!buf || capacity < w.mem.size)) {
        r = GLHLE_RESULT_LIMIT_EXCEEDED;
        if (buf)
            GLHLE_ERROR(&psx->log, "glhle_psx_save_state: the buffer holds %zu bytes, the state needs %zu; nothing "
                                   "written",
                        capacity, w.mem.size);
    } else if (r == GLHLE_RESULT_OK) {
        memcpy(buf, w.mem.data, w.mem.size);
    }
    trace_writer_free(&w);
    return r;
}

/* ---- loading ------------------------------------------------------------------------------ */

typedef struct parsed {
    uint32_t state[PSX_TRACE_STATE_FIELDS];
    uint32_t parser[PSX_PARSER_FIELDS];
    const uint8_t *vram, *scaled, *clut, *readback, *pending;
    uint32_t rd_total, rd_pos;
    uint32_t have; /* bit per chunk type seen */
} parsed;

#define AT(c) (unsigned long long)(c)->offset

static void fields(uint32_t *f, const uint8_t *p, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        f[i] = trace_rd32(p + 4 * i);
}

/* The GP0 parser's invariants (gp0.c), so a loaded parser continues as the
 * saving one would. */
static const char *check_parser(const uint32_t *f)
{
    const uint32_t state = f[PSX_PARSER_STATE], have = f[PSX_PARSER_HAVE], need = f[PSX_PARSER_NEED];
    if (state > PSX_GP0_UPLOAD)
        return "the parser state is none of idle, command, polyline, upload";
    if (have > PSX_GP0_MAX_WORDS || need > PSX_GP0_MAX_WORDS)
        return "more than 12 command words";
    if (state == PSX_GP0_COMMAND &&
        (have == 0 || have >= need || need != psx_gp0_command_words(f[PSX_PARSER_WORDS])))
        return "a half-collected command whose word counts do not match its first word";
    if (f[PSX_PARSER_PL_RGBUV_HI] > 0xFF || f[PSX_PARSER_PL_HAVE_COLOR] > 1)
        return "a polyline vertex field out of range";
    if (state == PSX_GP0_UPLOAD) {
        const uint32_t x = f[PSX_PARSER_UP_X], y = f[PSX_PARSER_UP_Y], w = f[PSX_PARSER_UP_W],
                       h = f[PSX_PARSER_UP_H];
        if (x >= PSX_VRAM_W || y >= PSX_VRAM_H || w == 0 || w > PSX_VRAM_W || h == 0 || h > PSX_VRAM_H ||
            f[PSX_PARSER_UP_TOTAL] != w * h || f[PSX_PARSER_UP_DONE] >= w * h)
            return "an upload rectangle or progress out of range";
    }
    return NULL;
}

static glhle_result parse(const glhle_psx *psx, const void *buf, size_t size, parsed *out)
{
    memset(out, 0, sizeof *out);
    trace_reader rd;
    glhle_result r = state_reader_open(&rd, buf, size, TRACE_SYSTEM_PSX, &names, &psx->log);
    if (r != GLHLE_RESULT_OK)
        return r;
    const size_t scale_unknown = 0;
    size_t scaled_size = scale_unknown;
    uint32_t chunks = 0;
    for (;;) {
        trace_chunk c;
        if ((r = state_reader_next(&rd, &c, &chunks)) != GLHLE_RESULT_OK)
            return r;
        if (c.type > PSX_SAVE_TYPE_LAST_ || c.type == 0 ||
            (c.type > PSX_TRACE_STATE && c.type < PSX_TRACE_END && c.type != PSX_SAVE_VRAM))
            return state_chunk_error(&rd, &c, "a type save states do not hold");
        if (out->have & (1u << c.type))
            return state_chunk_error(&rd, &c, "a second one");
        out->have |= 1u << c.type;
        const uint8_t *p = c.payload;
        switch (c.type) {
        case PSX_SAVE_STATE:
            if (c.size != PSX_TRACE_STATE_SIZE)
                return state_chunk_error(&rd, &c, "wrong size");
            fields(out->state, p, PSX_TRACE_STATE_FIELDS);
            if (out->state[PSX_STATE_SCALE] < 1 || out->state[PSX_STATE_SCALE] > 8)
                return state_chunk_error(&rd, &c, "a scale outside 1..8");
            scaled_size = (size_t)PSX_TRACE_VRAM_SIZE * out->state[PSX_STATE_SCALE] * out->state[PSX_STATE_SCALE];
            break;
        case PSX_SAVE_VRAM:
            if (c.size != PSX_TRACE_VRAM_SIZE)
                return state_chunk_error(&rd, &c, "wrong size");
            out->vram = p;
            break;
        case PSX_SAVE_READBACK:
            if (c.size < PSX_TRACE_READBACK_SIZE)
                return state_chunk_error(&rd, &c, "shorter than its fields");
            out->rd_total = trace_rd32(p);
            out->rd_pos = trace_rd32(p + 4);
            if (out->rd_total > VRAM_WORDS || out->rd_pos > out->rd_total ||
                c.size != PSX_TRACE_READBACK_SIZE + out->rd_total * 2)
                return state_chunk_error(&rd, &c, "a pixel count or position out of range");
            out->readback = p + PSX_TRACE_READBACK_SIZE;
            break;
        case PSX_SAVE_PARSER: {
            if (c.size < PSX_SAVE_PARSER_SIZE)
                return state_chunk_error(&rd, &c, "shorter than its fields");
            fields(out->parser, p, PSX_PARSER_FIELDS);
            const char *why = check_parser(out->parser);
            if (why)
                return state_chunk_error(&rd, &c, why);
            const uint32_t pending = out->parser[PSX_PARSER_STATE] == PSX_GP0_UPLOAD ? out->parser[PSX_PARSER_UP_DONE] : 0;
            if (c.size != PSX_SAVE_PARSER_SIZE + pending * 2)
                return state_chunk_error(&rd, &c, "its size does not match the upload's progress");
            out->pending = p + PSX_SAVE_PARSER_SIZE;
            break;
        }
        case PSX_SAVE_CLUT:
            if (c.size != PSX_SAVE_CLUT_SIZE)
                return state_chunk_error(&rd, &c, "wrong size");
            out->clut = p;
            break;
        case PSX_SAVE_VRAM_SCALED:
            if (scaled_size == scale_unknown || c.size != scaled_size || out->state[PSX_STATE_SCALE] < 2)
                return state_chunk_error(&rd, &c, "its size is not VRAM at the scale STATE names (STATE must come first)");
            out->scaled = p;
            break;
        case PSX_SAVE_END:
            if ((r = state_reader_end(&rd, &c, chunks - 1)) != GLHLE_RESULT_OK)
                return r;
            {
                const uint32_t need = 1u << PSX_SAVE_STATE | 1u << PSX_SAVE_VRAM | 1u << PSX_SAVE_READBACK |
                                      1u << PSX_SAVE_PARSER | 1u << PSX_SAVE_CLUT;
                if ((out->have & need) != need)
                    return GLHLE_FAIL(&psx->log, GLHLE_RESULT_BAD_DATA,
                                      "psx save state: offset 0x%llx: END before every required chunk "
                                      "(STATE, VRAM, READBACK, PARSER, CLUT) appeared; not loaded",
                                      AT(&c));
            }
            return GLHLE_RESULT_OK;
        default: break;
        }
    }
}

static void unpack16(uint16_t *dst, const uint8_t *src, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = trace_rd16(src + 2 * i);
}

glhle_result glhle_psx_load_state(glhle_psx *psx, const void *buf, size_t size)
{
    if (!psx)
        return GLHLE_RESULT_INVALID_ARGUMENT;
    if (!buf)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_INVALID_ARGUMENT, "glhle_psx_load_state: no data");
    if (psx->calls.vt)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "glhle_psx_load_state: a trace recorder is attached and could not follow a load; finish "
                          "the recording first");
    parsed s;
    glhle_result r = parse(psx, buf, size, &s);
    if (r != GLHLE_RESULT_OK)
        return r;
    const uint32_t scale = psx->r->scale;
    const bool same_scale = s.scaled && s.state[PSX_STATE_SCALE] == scale && psx->r->ops->write_scaled;
    const size_t n = same_scale ? VRAM_WORDS * scale * scale : VRAM_WORDS;
    uint16_t *px = malloc(sizeof(uint16_t) * n);
    if (!px)
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_OUT_OF_MEMORY, "psx save state: no memory to load VRAM; not loaded");
    /* from here on nothing fails: the blob is whole and checked */
    psx_state_set_fields(psx, s.state);
    const uint32_t *f = s.parser;
    psx_gp0_parser *p = &psx->p;
    memset(p, 0, sizeof *p);
    p->state = (psx_gp0_state)f[PSX_PARSER_STATE];
    p->have = f[PSX_PARSER_HAVE];
    p->need = f[PSX_PARSER_NEED];
    p->start = f[PSX_PARSER_START_LO] | (uint64_t)f[PSX_PARSER_START_HI] << 32;
    memcpy(p->words, f + PSX_PARSER_WORDS, sizeof p->words);
    p->pl_cmd = f[PSX_PARSER_PL_CMD];
    p->pl_last.x = (int32_t)f[PSX_PARSER_PL_X];
    p->pl_last.y = (int32_t)f[PSX_PARSER_PL_Y];
    p->pl_last.r = (uint8_t)f[PSX_PARSER_PL_RGBUV_LO];
    p->pl_last.g = (uint8_t)(f[PSX_PARSER_PL_RGBUV_LO] >> 8);
    p->pl_last.b = (uint8_t)(f[PSX_PARSER_PL_RGBUV_LO] >> 16);
    p->pl_last.u = (uint8_t)(f[PSX_PARSER_PL_RGBUV_LO] >> 24);
    p->pl_last.v = (uint8_t)f[PSX_PARSER_PL_RGBUV_HI];
    p->pl_color = f[PSX_PARSER_PL_COLOR];
    p->pl_have_color = f[PSX_PARSER_PL_HAVE_COLOR] != 0;
    p->up_x = f[PSX_PARSER_UP_X];
    p->up_y = f[PSX_PARSER_UP_Y];
    p->up_w = f[PSX_PARSER_UP_W];
    p->up_h = f[PSX_PARSER_UP_H];
    p->up_total = f[PSX_PARSER_UP_TOTAL];
    p->up_done = f[PSX_PARSER_UP_DONE];
    if (p->state == PSX_GP0_UPLOAD)
        unpack16(psx->upload, s.pending, p->up_done);
    unpack16(psx->readback, s.readback, s.rd_total);
    psx->rd_total = s.rd_total;
    psx->rd_pos = s.rd_pos;

    /* VRAM: at the saving scale the internal-resolution words, else the
     * native ones (a renderer at another scale rebuilds from them, as an
     * upload would) */
    if (same_scale) {
        unpack16(px, s.scaled, n);
        psx->r->ops->write_scaled(psx->r, px);
    } else {
        unpack16(px, s.vram, n);
        psx->r->ops->upload(psx->r, 0, 0, PSX_VRAM_W, PSX_VRAM_H, px, false, false);
    }
    free(px);
    uint16_t clut[256];
    unpack16(clut, s.clut, 256);
    if (psx->r->ops->write_clut) {
        const uint16_t reg = psx->clut_reg;
        psx->r->ops->write_clut(psx->r, (reg & 0x3Fu) * 16, (reg >> 6) & 0x1FFu, psx->clut_is8 ? 256 : 16, clut);
    }
    return GLHLE_RESULT_OK;
}
