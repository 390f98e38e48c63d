/* The GP0 port: a word-at-a-time parser that survives any split of the
 * stream, the environment commands, and the decoding of drawing and transfer
 * commands into renderer calls. Word formats: psx-spx "GPU Render Polygon/
 * Line/Rectangle Commands", "GPU Rendering Attributes", "GPU Memory Transfer
 * Commands", "GPU Other Commands"; the seed page "GP0 Drawing Commands"
 * (../shared/seeds/002) for the word counts. */
#include <string.h>

#include "backend/psx/gpu.h"

enum {
    CMD_TGE = 1u << 24, /* raw texture */
    CMD_ABE = 1u << 25, /* semi-transparent */
    CMD_TME = 1u << 26, /* textured */
    CMD_QUAD = 1u << 27, /* polygon: 4 vertices; line: polyline */
    CMD_IIP = 1u << 28, /* Gouraud */
};

uint32_t psx_gp0_command_words(uint32_t word)
{
    uint32_t code = word >> 24;
    switch (code >> 5) {
    case 0: return code == 0x02 ? 3 : 1; /* fill takes colour, corner, size */
    case 1: {
        uint32_t n = (code & 0x08) ? 4 : 3, tex = (code >> 2) & 1, g = (code >> 4) & 1;
        /* per vertex: [colour from the second vertex on, Gouraud] position [texcoord] */
        return 1 + n * (1 + tex) + g * (n - 1);
    }
    case 2: return (code & 0x10) ? 4 : 3; /* two vertices; a polyline continues past them */
    case 3: return 2 + ((code >> 2) & 1) + (((code >> 3) & 3) == 0); /* [texcoord] [size] */
    case 4: return 4;                                                /* VRAM to VRAM */
    case 5: /* CPU to VRAM, then data */
    case 6: return 3; /* VRAM to CPU */
    default: return 1;
    }
}

void psx_invalidate_clut(glhle_psx *psx)
{
    psx->clut_valid = false;
}

void psx_gp0_reset_env(glhle_psx *psx)
{
    psx->e1 = psx->e2 = psx->e3 = psx->e4 = psx->e5 = psx->e6 = 0;
    psx->off_x = psx->off_y = 0;
}

/* The CLUT cache (see gpu.h): loads 16 or 256 entries when the attribute
 * differs from the cached one, or the cache holds 16 and 8-bit texels need 256. */
static void use_clut(glhle_psx *psx, uint32_t attr)
{
    uint32_t mode = (psx->e1 >> 7) & 3;
    if (mode >= 2)
        return;
    bool need8 = mode == 1;
    uint16_t reg = (uint16_t)(attr & 0x7FFF); /* bit 15 is ignored (mednafen Update_CLUT_Cache) */
    if (psx->clut_valid && psx->clut_reg == reg && (!need8 || psx->clut_is8))
        return;
    psx->clut_valid = true;
    psx->clut_reg = reg;
    psx->clut_is8 = need8;
    /* X in 16-halfword steps, Y 0..511 (psx-spx "Clut Attribute") */
    psx->r->ops->load_clut(psx->r, (reg & 0x3Fu) * 16, (reg >> 6) & 0x1FFu, need8 ? 256 : 16);
}

static void fill_mode(const glhle_psx *psx, psx_draw_mode *m, uint32_t cmd)
{
    memset(m, 0, sizeof *m);
    uint32_t e1 = psx->e1;
    m->tex_x = (uint16_t)((e1 & 0xF) * 64);
    m->tex_y = (uint16_t)(((e1 >> 4) & 1) * 256);
    m->tex_mode = (uint8_t)((e1 >> 7) & 3);
    if (m->tex_mode == 3) /* "Texture page colors setting 3 (reserved) is same as setting 2" */
        m->tex_mode = 2;
    m->blend = (uint8_t)((e1 >> 5) & 3);
    m->semi = (cmd & CMD_ABE) != 0;
    m->flip_x = (e1 >> 12) & 1;
    m->flip_y = (e1 >> 13) & 1;
    /* Texcoord = (Texcoord AND NOT (Mask*8)) OR ((Offset AND Mask)*8) (psx-spx GP0(E2h)) */
    uint32_t mx = psx->e2 & 0x1F, my = (psx->e2 >> 5) & 0x1F;
    uint32_t ox = (psx->e2 >> 10) & 0x1F, oy = (psx->e2 >> 15) & 0x1F;
    m->win_and_x = (uint8_t)~(mx << 3);
    m->win_or_x = (uint8_t)((ox & mx) << 3);
    m->win_and_y = (uint8_t)~(my << 3);
    m->win_or_y = (uint8_t)((oy & my) << 3);
    m->mask_set = psx->e6 & 1;
    m->mask_check = (psx->e6 >> 1) & 1;
    /* With 1 MiB VRAM, Y addressing is 9 bits (psx-spx GP1(09h)). */
    m->clip = (psx_rect){(int32_t)(psx->e3 & 0x3FF), (int32_t)((psx->e3 >> 10) & 0x1FF), (int32_t)(psx->e4 & 0x3FF),
                         (int32_t)((psx->e4 >> 10) & 0x1FF)};
}

static psx_vertex make_vertex(const glhle_psx *psx, uint32_t pos, uint32_t color, uint32_t uv)
{
    /* bits 0-10 X and 16-26 Y, signed; 11-15 and 27-31 ignored */
    psx_vertex v = {psx_sext11(pos) + psx->off_x,
                    psx_sext11(pos >> 16) + psx->off_y,
                    (uint8_t)color,
                    (uint8_t)(color >> 8),
                    (uint8_t)(color >> 16),
                    (uint8_t)uv,
                    (uint8_t)(uv >> 8)};
    return v;
}

static void triangle(glhle_psx *psx, const psx_draw_mode *m, const psx_vertex *a, const psx_vertex *b,
                     const psx_vertex *c)
{
    psx_triangle t;
    if (!psx_setup_triangle(a, b, c, &t)) {
        psx->stats.culled++;
        return;
    }
    psx->stats.primitives++;
    psx->r->ops->draw_triangle(psx->r, m, &t);
}

static void polygon(glhle_psx *psx)
{
    const uint32_t *w = psx->p.words;
    uint32_t cmd = w[0];
    bool gouraud = cmd & CMD_IIP, tex = cmd & CMD_TME;
    int n = (cmd & CMD_QUAD) ? 4 : 3;
    psx_vertex v[4];
    uint32_t uvw[4] = {0, 0, 0, 0};
    uint32_t k = 1;
    for (int i = 0; i < n; i++) {
        uint32_t color = (i > 0 && gouraud) ? w[k++] : cmd;
        uint32_t pos = w[k++];
        if (tex)
            uvw[i] = w[k++];
        v[i] = make_vertex(psx, pos, color, uvw[i]);
    }
    if (tex) {
        /* The texpage attribute (vertex 1) sets E1 bits 0-8 and 11; bits 9-10
         * and 12-13 stay (psx-spx "Texpage Attribute"). Then the CLUT
         * (vertex 0) for the new mode. */
        psx->e1 = (psx->e1 & ~0x09FFu) | ((uvw[1] >> 16) & 0x09FFu);
        use_clut(psx, uvw[0] >> 16);
    }
    psx_draw_mode m;
    fill_mode(psx, &m, cmd);
    m.textured = tex;
    m.raw = tex && (cmd & CMD_TGE);
    m.gouraud = gouraud;
    /* "Dither enable ... affects ONLY polygons that do use gouraud shading or
     * modulation" (psx-spx GPU Render Polygon Commands, Notes) */
    m.dither = ((psx->e1 >> 9) & 1) && (gouraud || (tex && !m.raw));
    /* quads are split as vertices 1-2-3 and 2-3-4; the second half is set up
     * from 3, 2, 4 (duckstation gpu_sw.cpp DrawPolygon), which picks the
     * same start vertex as the hardware */
    triangle(psx, &m, &v[0], &v[1], &v[2]);
    if (n == 4)
        triangle(psx, &m, &v[2], &v[1], &v[3]);
}

static void line_segment(glhle_psx *psx, const psx_vertex *a, const psx_vertex *b, uint32_t cmd)
{
    psx_line l;
    if (!psx_setup_line(a, b, &l)) {
        psx->stats.culled++;
        return;
    }
    psx_draw_mode m;
    fill_mode(psx, &m, cmd);
    m.gouraud = (cmd & CMD_IIP) != 0;
    /* lines are dithered whenever dithering is on (psx-spx Render Line Commands, Note) */
    m.dither = (psx->e1 >> 9) & 1;
    psx->stats.primitives++;
    psx->r->ops->draw_line(psx->r, &m, &l);
}

static void line(glhle_psx *psx)
{
    const uint32_t *w = psx->p.words;
    uint32_t cmd = w[0];
    bool gouraud = cmd & CMD_IIP;
    psx_vertex a = make_vertex(psx, w[1], cmd, 0);
    psx_vertex b = make_vertex(psx, gouraud ? w[3] : w[2], gouraud ? w[2] : cmd, 0);
    line_segment(psx, &a, &b, cmd);
    if (cmd & CMD_QUAD) {
        psx->p.state = PSX_GP0_POLYLINE;
        psx->p.pl_cmd = cmd;
        psx->p.pl_last = b;
        psx->p.pl_have_color = false;
    }
}

static void polyline_word(glhle_psx *psx, uint32_t word)
{
    psx_gp0_parser *p = &psx->p;
    bool gouraud = p->pl_cmd & CMD_IIP;
    /* The terminator replaces the first word of a vertex (the colour word
     * when shaded); the first two vertices are never tested (duckstation
     * HandleRenderPolyLineCommand). */
    if (!p->pl_have_color && (word & 0xF000F000u) == 0x50005000u) {
        p->state = PSX_GP0_IDLE;
        return;
    }
    if (gouraud && !p->pl_have_color) {
        p->pl_color = word;
        p->pl_have_color = true;
        return;
    }
    psx_vertex v = make_vertex(psx, word, gouraud ? p->pl_color : p->pl_cmd, 0);
    p->pl_have_color = false;
    line_segment(psx, &p->pl_last, &v, p->pl_cmd);
    p->pl_last = v;
}

static void sprite(glhle_psx *psx)
{
    const uint32_t *w = psx->p.words;
    uint32_t cmd = w[0];
    bool tex = cmd & CMD_TME;
    uint32_t k = 2, uvw = tex ? w[k++] : 0;
    psx_sprite s;
    /* the corner with the offset added is wrapped to 11 bits (mednafen
     * Command_DrawSprite, duckstation HandleRenderRectangleCommand) */
    s.x = psx_sext11((uint32_t)(psx_sext11(w[1]) + psx->off_x));
    s.y = psx_sext11((uint32_t)(psx_sext11(w[1] >> 16) + psx->off_y));
    static const int32_t fixed[4] = {0, 1, 8, 16};
    uint32_t size = (cmd >> 27) & 3;
    if (size == 0) {
        s.w = (int32_t)(w[k] & 0x3FF); /* up to 1023 x 511 */
        s.h = (int32_t)((w[k] >> 16) & 0x1FF);
    } else {
        s.w = s.h = fixed[size];
    }
    if (tex)
        use_clut(psx, uvw >> 16);
    psx_draw_mode m;
    fill_mode(psx, &m, cmd);
    m.textured = tex;
    m.raw = tex && (cmd & CMD_TGE);
    /* rectangles are never dithered (psx-spx Render Rectangle Commands) */
    s.r = (uint8_t)cmd;
    s.g = (uint8_t)(cmd >> 8);
    s.b = (uint8_t)(cmd >> 16);
    s.u = (uint8_t)uvw;
    s.v = (uint8_t)(uvw >> 8);
    if (tex && m.flip_x) /* an X-flipped sprite starts on an odd texel (mednafen gpu_sprite.cpp) */
        s.u |= 1;
    s.bbox = (psx_rect){s.x, s.y, s.x + s.w - 1, s.y + s.h - 1};
    if (s.w == 0 || s.h == 0)
        return;
    psx->stats.primitives++;
    psx->r->ops->draw_sprite(psx->r, &m, &s);
}

static void fill(glhle_psx *psx)
{
    const uint32_t *w = psx->p.words;
    /* psx-spx "Masking and Rounding for FILL Command parameters"; the colour
     * drops the low 3 bits and the mask bit is 0. */
    uint32_t x = w[1] & 0x3F0, y = (w[1] >> 16) & 0x1FF;
    uint32_t width = ((w[2] & 0x3FF) + 0xF) & ~0xFu, height = (w[2] >> 16) & 0x1FF;
    uint16_t color = (uint16_t)(((w[0] >> 3) & 0x1F) | (((w[0] >> 11) & 0x1F) << 5) | (((w[0] >> 19) & 0x1F) << 10));
    psx->stats.transfers++;
    if (width && height)
        psx->r->ops->fill(psx->r, x, y, width, height, color);
}

/* psx-spx "Masking for COPY Commands parameters", also used for GP0(A0h/C0h) */
static void xfer_rect(uint32_t pos, uint32_t size, uint32_t *x, uint32_t *y, uint32_t *w, uint32_t *h)
{
    *x = pos & 0x3FF;
    *y = (pos >> 16) & 0x1FF;
    *w = (((size & 0xFFFF) - 1) & 0x3FF) + 1;
    *h = (((size >> 16) - 1) & 0x1FF) + 1;
}

static void copy(glhle_psx *psx)
{
    const uint32_t *w = psx->p.words;
    uint32_t sx, sy, dx, dy, width, height;
    xfer_rect(w[1], w[3], &sx, &sy, &width, &height);
    xfer_rect(w[2], w[3], &dx, &dy, &width, &height);
    psx->stats.transfers++;
    psx->r->ops->copy(psx->r, sx, sy, dx, dy, width, height, psx->e6 & 1, (psx->e6 >> 1) & 1);
}

static void upload_apply(glhle_psx *psx, uint32_t pixels)
{
    psx_gp0_parser *p = &psx->p;
    uint32_t rows = pixels / p->up_w, rest = pixels % p->up_w;
    bool set = psx->e6 & 1, check = (psx->e6 >> 1) & 1;
    if (rows)
        psx->r->ops->upload(psx->r, p->up_x, p->up_y, p->up_w, rows, psx->upload, set, check);
    if (rest)
        psx->r->ops->upload(psx->r, p->up_x, (p->up_y + rows) & (PSX_VRAM_H - 1), rest, 1,
                            psx->upload + (size_t)rows * p->up_w, set, check);
}

static void upload_begin(glhle_psx *psx)
{
    psx_gp0_parser *p = &psx->p;
    xfer_rect(p->words[1], p->words[2], &p->up_x, &p->up_y, &p->up_w, &p->up_h);
    p->up_total = p->up_w * p->up_h;
    p->up_done = 0;
    p->state = PSX_GP0_UPLOAD;
    psx->stats.transfers++;
}

/* Consumes up to `count` data words; returns how many it took. */
static size_t upload_words(glhle_psx *psx, const uint32_t *words, size_t count)
{
    psx_gp0_parser *p = &psx->p;
    /* an odd pixel count is padded to a whole word; the pad is dropped */
    size_t want = ((size_t)(p->up_total - p->up_done) + 1) / 2;
    size_t n = count < want ? count : want;
    uint16_t *dst = psx->upload + p->up_done;
    uint32_t room = p->up_total - p->up_done;
    for (size_t i = 0; i < n; i++) {
        dst[2 * i] = (uint16_t)words[i];
        if (2 * i + 1 < room)
            dst[2 * i + 1] = (uint16_t)(words[i] >> 16);
    }
    p->up_done += (uint32_t)(2 * n < room ? 2 * n : room);
    if (p->up_done == p->up_total) {
        upload_apply(psx, p->up_total);
        p->state = PSX_GP0_IDLE;
    }
    return n;
}

static void readback(glhle_psx *psx)
{
    uint32_t x, y, w, h;
    xfer_rect(psx->p.words[1], psx->p.words[2], &x, &y, &w, &h);
    /* The data is what VRAM holds now; GPUREAD hands it out two pixels at a
     * time (duckstation ReadGPUREAD). Later commands cannot change it. */
    psx->r->ops->read(psx->r, x, y, w, h, psx->readback);
    psx->rd_total = w * h;
    psx->rd_pos = 0;
    psx->stats.transfers++;
}

static void environment(glhle_psx *psx, uint32_t word)
{
    switch (word >> 24) {
    case 0xE1: psx->e1 = word & 0x3FFF; break; /* bits 14-23 unused */
    case 0xE2: psx->e2 = word & 0xFFFFF; break;
    case 0xE3: psx->e3 = word & 0xFFFFF; break;
    case 0xE4: psx->e4 = word & 0xFFFFF; break;
    case 0xE5: /* 11-bit signed X and Y */
        psx->e5 = word & 0x3FFFFF;
        psx->off_x = psx_sext11(word);
        psx->off_y = psx_sext11(word >> 11);
        break;
    case 0xE6: psx->e6 = word & 3; break;
    default: break; /* E0h, E7h..EFh: no-ops (psx-spx "Mirrors of GP0(00h)") */
    }
}

/* Runs the command collected in p->words. */
static glhle_result execute(glhle_psx *psx)
{
    psx_gp0_parser *p = &psx->p;
    uint32_t word = p->words[0], code = word >> 24;
    p->state = PSX_GP0_IDLE;
    switch (code >> 5) {
    case 0:
        if (code == 0x01) /* clear cache: the CLUT cache (no texture cache is modelled) */
            psx_invalidate_clut(psx);
        else if (code == 0x02)
            fill(psx);
        else if (code == 0x1F) /* interrupt request, GPUSTAT.24 */
            psx->irq = true;
        /* 00h, 03h..1Eh: no-ops */
        return GLHLE_RESULT_OK;
    case 1: polygon(psx); return GLHLE_RESULT_OK;
    case 2: line(psx); return GLHLE_RESULT_OK;
    case 3: sprite(psx); return GLHLE_RESULT_OK;
    case 4: copy(psx); return GLHLE_RESULT_OK;
    case 5: upload_begin(psx); return GLHLE_RESULT_OK;
    case 6: readback(psx); return GLHLE_RESULT_OK;
    default:
        if (code <= 0xEF) {
            environment(psx, word);
            return GLHLE_RESULT_OK;
        }
        psx->stats.bad_words++;
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_BAD_DATA,
                          "GP0 word %llu: unknown command %02Xh (%08X); taken as a one-word no-op",
                          (unsigned long long)p->start, code, word);
    }
}

glhle_result psx_gp0_write(glhle_psx *psx, const uint32_t *words, size_t count)
{
    psx_gp0_parser *p = &psx->p;
    glhle_result first = GLHLE_RESULT_OK;
    size_t i = 0;
    psx->stats.gp0_words += count;
    while (i < count) {
        if (p->state == PSX_GP0_UPLOAD) {
            size_t n = upload_words(psx, words + i, count - i);
            i += n;
            psx->gp0_index += n;
            continue;
        }
        uint32_t w = words[i++];
        uint64_t index = psx->gp0_index++;
        glhle_result r = GLHLE_RESULT_OK;
        switch (p->state) {
        case PSX_GP0_IDLE:
            p->start = index;
            p->words[0] = w;
            p->have = 1;
            p->need = psx_gp0_command_words(w);
            if (p->need == 1)
                r = execute(psx);
            else
                p->state = PSX_GP0_COMMAND;
            break;
        case PSX_GP0_COMMAND:
            p->words[p->have++] = w;
            if (p->have == p->need)
                r = execute(psx);
            break;
        case PSX_GP0_POLYLINE: polyline_word(psx, w); break;
        default: break;
        }
        if (r != GLHLE_RESULT_OK && first == GLHLE_RESULT_OK)
            first = r;
    }
    return first;
}

uint32_t psx_gp0_abort(glhle_psx *psx)
{
    psx_gp0_parser *p = &psx->p;
    uint32_t dropped = 0;
    switch (p->state) {
    case PSX_GP0_COMMAND: dropped = p->have; break;
    case PSX_GP0_POLYLINE: dropped = p->pl_have_color ? 1 : 0; break;
    case PSX_GP0_UPLOAD: /* the pixels received so far are written (duckstation FinishVRAMWrite) */
        if (p->up_done)
            upload_apply(psx, p->up_done);
        dropped = (p->up_total - p->up_done + 1) / 2;
        break;
    default: break;
    }
    p->state = PSX_GP0_IDLE;
    p->have = 0;
    return dropped;
}
