/* The scene builder (scene_builder.h): state, command-list writing in
 * citro3d's order, and the frame's GX operations. */
#include "scenes/scene_builder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/frontend/regs.h"
#include "glhle/trace.h"

static void die(const char *what)
{
    fprintf(stderr, "scene_builder: %s\n", what);
    abort();
}

/* ---- numbers -------------------------------------------------------------------- */

/* sin on [-pi, pi] after reduction, by an odd polynomial (Taylor to x^11):
 * only + and *, so the same bits everywhere. */
float sb_sin(float x)
{
    const float pi = 3.14159265358979f, two_pi = 6.28318530717959f;
    while (x > pi)
        x -= two_pi;
    while (x < -pi)
        x += two_pi;
    /* fold into [-pi/2, pi/2]: sin(pi - x) = sin(x) */
    if (x > pi / 2)
        x = pi - x;
    else if (x < -pi / 2)
        x = -pi - x;
    const float x2 = x * x;
    return x * (1.0f - x2 / 6.0f * (1.0f - x2 / 20.0f * (1.0f - x2 / 42.0f * (1.0f - x2 / 72.0f *
                                                                                     (1.0f - x2 / 110.0f)))));
}

float sb_cos(float x)
{
    return sb_sin(x + 1.57079632679490f);
}

void sb_mtx_identity(sb_mtx *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < 4; i++)
        out->m[i][i] = 1.0f;
}

void sb_mtx_multiply(sb_mtx *out, const sb_mtx *a, const sb_mtx *b)
{
    sb_mtx r;
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            float s = 0.0f;
            for (int k = 0; k < 4; k++)
                s += a->m[i][k] * b->m[k][j];
            r.m[i][j] = s;
        }
    *out = r;
}

void sb_mtx_translate(sb_mtx *m, float x, float y, float z)
{
    sb_mtx t;
    sb_mtx_identity(&t);
    t.m[0][3] = x;
    t.m[1][3] = y;
    t.m[2][3] = z;
    sb_mtx_multiply(m, m, &t);
}

static void rotate(sb_mtx *m, int a, int b, float radians)
{
    sb_mtx r;
    sb_mtx_identity(&r);
    const float s = sb_sin(radians), c = sb_cos(radians);
    r.m[a][a] = c;
    r.m[a][b] = -s;
    r.m[b][a] = s;
    r.m[b][b] = c;
    sb_mtx_multiply(m, m, &r);
}

void sb_mtx_rotate_x(sb_mtx *m, float radians)
{
    rotate(m, 1, 2, radians);
}

void sb_mtx_rotate_y(sb_mtx *m, float radians)
{
    rotate(m, 2, 0, radians);
}

void sb_mtx_persp_tilt(sb_mtx *m, float fovx_cot, float invaspect, float near, float far)
{
    /* citro3d Mtx_PerspTilt, right-handed: rows 0 and 1 swapped and negated
     * for the quarter turn of the 3DS screens, z mapped to [-1, 0] */
    memset(m, 0, sizeof *m);
    m->m[0][1] = fovx_cot;
    m->m[1][0] = -fovx_cot / invaspect;
    m->m[2][3] = far * near / (near - far);
    m->m[3][2] = -1.0f;
    m->m[2][2] = near / (near - far);
}

void sb_mtx_ortho_tilt(sb_mtx *m, float left, float right, float bottom, float top, float near, float far)
{
    memset(m, 0, sizeof *m);
    m->m[0][1] = 2.0f / (top - bottom);
    m->m[0][3] = (bottom + top) / (bottom - top);
    m->m[1][0] = 2.0f / (left - right);
    m->m[1][3] = (left + right) / (right - left);
    m->m[2][2] = 1.0f / (near - far);
    m->m[2][3] = 0.5f * (near + far) / (near - far) - 0.5f;
    m->m[3][3] = 1.0f;
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* Truncating conversions, as citro3d's f32tof24/f32tof31/f32tof16 do. */
static uint32_t to_small(float f, unsigned exp_bits, unsigned mant_bits)
{
    uint32_t u = bits(f);
    uint32_t sign = u >> 31, exp = (u >> 23) & 0xFF, mant = u & 0x7FFFFF;
    if (!exp)
        return sign << (exp_bits + mant_bits);
    int e = (int)exp - 127 + ((1 << (exp_bits - 1)) - 1);
    if (e <= 0)
        return sign << (exp_bits + mant_bits);
    if (e >= (1 << exp_bits) - 1)
        e = (1 << exp_bits) - 1, mant = 0;
    return (sign << (exp_bits + mant_bits)) | ((uint32_t)e << mant_bits) | (mant >> (23 - mant_bits));
}

uint32_t sb_f24(float f)
{
    return to_small(f, 7, 16);
}
uint32_t sb_f31(float f)
{
    return to_small(f, 7, 23);
}
uint32_t sb_f16(float f)
{
    return to_small(f, 5, 10);
}

/* ---- the context ------------------------------------------------------------------------- */

enum {
    D_FRAMEBUF = 1u << 0, D_VIEWPORT = 1u << 1, D_SCISSOR = 1u << 2, D_PROGRAM = 1u << 3, D_VSH_CODE = 1u << 4,
    D_ATTR = 1u << 5, D_BUF = 1u << 6, D_EFFECT = 1u << 7, D_TEX_ALL = 7u << 8, D_TEX_STATUS = 1u << 11,
    D_PROCTEX = 1u << 12, D_PROCTEX_LUT = 1u << 13, D_PROCTEX_COLOR = 1u << 14, D_TEXENV_BUF = 1u << 15,
    D_FOG_LUT = 1u << 16, D_TEXENV_ALL = 0x3Fu << 17, D_LIGHT_ON = 1u << 23, D_DRAW_USED = 1u << 24,
};
#define D_TEX(n) (1u << (8 + (n)))
#define D_TEXENV(n) (1u << (17 + (n)))

enum { GX_FILL, GX_LIST, GX_TRANSFER };

typedef struct gx_op {
    int type;
    glhle_pica_memory_fill fill;
    uint32_t list, list_size;
    glhle_pica_display_transfer xfer;
} gx_op;

struct sb_program {
    pica_shbin bin;
    uint32_t dvle;
    uint32_t outmap[8]; /* SH_OUTMAP_TOTAL, O0-O6 */
    uint32_t outmap_mask, outmap_mode, outmap_clock;
};

typedef struct light_env {
    bool bound;
    uint32_t ambient;            /* LIGHTING_AMBIENT */
    uint32_t num_conf[3];        /* NUM_LIGHTS, CONFIG0, CONFIG1 */
    uint32_t lut_input[3];       /* LUTINPUT_ABS, SELECT, SCALE */
    uint32_t permutation;
    uint32_t d0[256];
    uint32_t light[12];          /* LIGHT0_SPECULAR0 .. ATTENUATION_SCALE */
    bool conf_dirty, lut_dirty, light_dirty;
} light_env;

struct sb_ctx {
    glhle_pica *pica;
    uint8_t *vram, *linear;
    uint32_t vram_top, linear_top;
    uint32_t flags;
    bool in_frame;

    uint32_t cmdbuf;             /* the command buffer (paddr) */
    uint32_t *cmd;               /* its words, in guest memory */
    uint32_t cmd_start, cmd_n;   /* the list being written: [cmd_start, cmd_n) */
    gx_op queue[32];
    int queued;

    sb_program *program;
    uint32_t attr_fmt[2];
    uint64_t attr_perm;
    int attr_count;
    uint32_t buf_base;
    uint32_t buf[12][3];
    int buf_count;

    /* effect (C3D_Effect), as register values */
    uint32_t zbuffer, zscale, zoffset, cull, alpha_test, stencil_mode, stencil_op, depth_test, blend_color,
        blend_func, logic_op, fragop_mode, fragop_shadow, early_depth, early_func, early_ref;

    sb_texenv texenv[6];
    uint32_t texenv_buf, texenv_buf_color, fog_color;
    uint32_t fog_lut[128];
    bool has_fog_lut;
    sb_tex tex[3];
    bool tex_bound[3];
    uint32_t tex_config, tex_shadow;
    sb_proctex proctex;
    bool proctex_on;
    light_env light;

    sb_target *target;
    uint32_t viewport[5], scissor[3];

    float fv[96][4];
    bool fv_dirty[96];
    bool consts_dirty, bool_dirty;
    uint16_t bool_unif;

    uint32_t fb[2][2];           /* LCD framebuffers, double-buffered */
    uint32_t fb_fmt[2];
    int fb_cur[2];
    sb_target *linked[2];
};

sb_ctx *sb_create(glhle_trace_recorder *rec)
{
    sb_ctx *c = calloc(1, sizeof *c);
    if (!c)
        die("out of memory");
    c->vram = calloc(1, SB_VRAM_SIZE);
    c->linear = calloc(1, SB_LINEAR_SIZE);
    if (!c->vram || !c->linear)
        die("out of memory");
    glhle_pica_desc d = {.log_level = GLHLE_LOG_WARN};
    if (glhle_pica_create(NULL, &d, &c->pica) != GLHLE_RESULT_OK)
        die("no instance");
    if (rec && glhle_trace_recorder_attach(rec, c->pica) != GLHLE_RESULT_OK)
        die("cannot attach the recorder");
    if (glhle_pica_map_memory(c->pica, SB_VRAM_BASE, c->vram, SB_VRAM_SIZE) != GLHLE_RESULT_OK ||
        glhle_pica_map_memory(c->pica, SB_LINEAR_BASE, c->linear, SB_LINEAR_SIZE) != GLHLE_RESULT_OK)
        die("cannot map memory");
    c->cmdbuf = sb_linear_alloc(c, SB_CMDBUF_BYTES, 16);
    c->cmd = (uint32_t *)sb_host(c, c->cmdbuf);

    /* C3D_Init: every state group dirty, then the defaults it sets */
    c->flags = D_TEXENV_BUF | D_TEXENV_ALL | D_EFFECT | D_TEX_STATUS | D_TEX_ALL;
    c->zbuffer = 1; /* C3D_DepthMap(true, -1.0f, 0.0f) */
    c->zscale = sb_f24(-1.0f);
    c->zoffset = sb_f24(0.0f);
    c->cull = 2; /* GPU_CULL_BACK_CCW */
    c->stencil_mode = (1u << 4) | (0xFFu << 24); /* off, always, input mask 0xFF */
    c->stencil_op = 0;
    c->blend_color = 0;
    c->early_depth = 0;
    c->early_func = 1; /* GPU_EARLYDEPTH_GREATER */
    c->early_ref = 0;
    c->depth_test = 1 | (6u << 4) | (0x1Fu << 8); /* on, greater, write all */
    c->alpha_test = 1u << 4;                      /* off, always */
    /* C3D_AlphaBlend(add, add, src alpha, 1 - src alpha, src alpha, 1 - src alpha) after
     * C3D_FragOpMode(GPU_FRAGOPMODE_GL): blending (0x0100) in the GL mode (0xE40000) */
    c->blend_func = 0x76760000;
    c->fragop_mode = 0xE40100;
    c->fragop_shadow = sb_f16(1.0f) | (sb_f16(-0.0f) << 16); /* C3D_FragOpShadow(0, 1) */
    c->tex_config = 1u << 12;
    c->tex_shadow = 1;
    c->texenv_buf = 0;
    c->texenv_buf_color = 0xFFFFFFFF;
    for (int i = 0; i < 6; i++)
        sb_texenv_init(&c->texenv[i]);
    sb_attr_reset(c);
    sb_buf_reset(c);

    /* gfxInitDefault: RGB8 framebuffers for both screens in the linear heap */
    c->fb_fmt[0] = c->fb_fmt[1] = SB_FB_BGR8;
    c->cmd_start = c->cmd_n = 0;
    return c;
}

void sb_destroy(sb_ctx *c)
{
    if (!c)
        return;
    glhle_pica_destroy(c->pica);
    free(c->vram);
    free(c->linear);
    free(c);
}

glhle_pica *sb_pica(sb_ctx *c)
{
    return c->pica;
}

uint32_t sb_linear_alloc(sb_ctx *c, uint32_t size, uint32_t align)
{
    uint32_t at = (c->linear_top + align - 1) & ~(align - 1);
    if (at + size > SB_LINEAR_SIZE)
        die("linear heap exhausted");
    c->linear_top = at + size;
    return SB_LINEAR_BASE + at;
}

uint32_t sb_vram_alloc(sb_ctx *c, uint32_t size, uint32_t align)
{
    uint32_t at = (c->vram_top + align - 1) & ~(align - 1);
    if (at + size > SB_VRAM_SIZE)
        die("VRAM exhausted");
    c->vram_top = at + size;
    return SB_VRAM_BASE + at;
}

uint8_t *sb_host(sb_ctx *c, uint32_t paddr)
{
    if (paddr >= SB_VRAM_BASE && paddr < SB_VRAM_BASE + SB_VRAM_SIZE)
        return c->vram + (paddr - SB_VRAM_BASE);
    if (paddr >= SB_LINEAR_BASE && paddr < SB_LINEAR_BASE + SB_LINEAR_SIZE)
        return c->linear + (paddr - SB_LINEAR_BASE);
    die("address outside the builder's memory");
    return NULL;
}

void sb_cpu_wrote(sb_ctx *c, uint32_t paddr, uint32_t size)
{
    glhle_pica_invalidate(c->pica, paddr, size);
}

/* ---- GPUCMD ---------------------------------------------------------------------------- */

static void put(sb_ctx *c, uint32_t w)
{
    if (c->cmd_n >= SB_CMDBUF_BYTES / 4)
        die("command buffer full");
    c->cmd[c->cmd_n++] = w;
}

/* GPUCMD_Add: up to 256 parameters a command, a padding word after an odd
 * number of extra ones; consecutive commands move the register on. */
static void add(sb_ctx *c, uint32_t header, const uint32_t *p, uint32_t n)
{
    while (n) {
        uint32_t k = n > 256 ? 256 : n;
        put(c, p[0]);
        put(c, header | ((k - 1) << 20));
        for (uint32_t i = 1; i < k; i++)
            put(c, p[i]);
        if ((k - 1) & 1)
            put(c, 0);
        p += k;
        n -= k;
        if (header & 0x80000000u)
            header += k;
    }
}

static void w_masked(sb_ctx *c, uint32_t reg, uint32_t mask, uint32_t v)
{
    add(c, reg | (mask << 16), &v, 1);
}

static void w(sb_ctx *c, uint32_t reg, uint32_t v)
{
    w_masked(c, reg, 0xF, v);
}

static void w_many(sb_ctx *c, uint32_t reg, const uint32_t *v, uint32_t n)
{
    add(c, reg | (0xFu << 16), v, n);
}

static void w_incr(sb_ctx *c, uint32_t reg, const uint32_t *v, uint32_t n)
{
    add(c, reg | (0xFu << 16) | 0x80000000u, v, n);
}

/* ---- shader programs ----------------------------------------------------------------- */

sb_program *sb_program_create(const void *shbin, size_t size, uint32_t dvle)
{
    sb_program *p = calloc(1, sizeof *p);
    if (!p)
        die("out of memory");
    if (pica_shbin_parse(shbin, size, NULL, &p->bin) != GLHLE_RESULT_OK || dvle >= p->bin.dvle_count)
        die("bad shader binary");
    p->dvle = dvle;
    const pica_shbin_dvle *d = &p->bin.dvles[dvle];
    uint32_t total;
    pica_shbin_outmap(d, p->outmap + 1, &total, &p->outmap_mask);
    p->outmap[0] = total;
    /* SH_OUTATTR_MODE and CLOCK from the output types (libctru DVLE_GenerateOutmap) */
    for (uint32_t i = 0; i < d->output_count; i++) {
        switch (d->outputs[i].type) {
        case PICA_SHBIN_OUT_POSITION:
            if (__builtin_popcount(d->outputs[i].mask & 0xF) >= 3)
                p->outmap_clock |= 1u << 0;
            break;
        case PICA_SHBIN_OUT_NORMALQUAT:
        case PICA_SHBIN_OUT_VIEW:
            p->outmap_clock |= 1u << 24;
            break;
        case PICA_SHBIN_OUT_COLOR:
            p->outmap_clock |= 1u << 1;
            break;
        case PICA_SHBIN_OUT_TEXCOORD0:
            p->outmap_clock |= 1u << 8, p->outmap_mode = 1;
            break;
        case PICA_SHBIN_OUT_TEXCOORD0W:
            p->outmap_clock |= 1u << 16, p->outmap_mode = 1;
            break;
        case PICA_SHBIN_OUT_TEXCOORD1:
            p->outmap_clock |= 1u << 9, p->outmap_mode = 1;
            break;
        case PICA_SHBIN_OUT_TEXCOORD2:
            p->outmap_clock |= 1u << 10, p->outmap_mode = 1;
            break;
        default:
            break;
        }
    }
    return p;
}

void sb_program_destroy(sb_program *p)
{
    if (!p)
        return;
    pica_shbin_free(&p->bin);
    free(p);
}

int sb_uniform(const sb_program *p, const char *name)
{
    const pica_shbin_uniform *u = pica_shbin_find_uniform(&p->bin.dvles[p->dvle], name);
    if (!u || u->first < 0x10 || u->first > 0x6F)
        return -1;
    return u->first - 0x10;
}

void sb_bind_program(sb_ctx *c, sb_program *p)
{
    if (c->program != p) {
        c->flags |= D_PROGRAM | D_ATTR;
        if (!c->program || c->program->bin.code != p->bin.code)
            c->flags |= D_VSH_CODE;
        c->program = p;
    }
    /* C3Di_LoadShaderUniforms: the DVLE's constants, then the bool uniforms */
    c->consts_dirty = true;
    c->bool_dirty = true;
}

void sb_uniform_mtx(sb_ctx *c, int reg, const sb_mtx *m)
{
    for (int r = 0; r < 4; r++) {
        memcpy(c->fv[reg + r], m->m[r], sizeof c->fv[0]);
        c->fv_dirty[reg + r] = true;
    }
}

void sb_uniform_vec(sb_ctx *c, int reg, float x, float y, float z, float w4)
{
    const float v[4] = {x, y, z, w4};
    memcpy(c->fv[reg], v, sizeof v);
    c->fv_dirty[reg] = true;
}

/* shaderProgramConfigure with the code sent (GPU_SendShaderCode and
 * GPU_SendOperandDescriptors write 128 words a command) */
static void configure_program(sb_ctx *c, bool send_code)
{
    const sb_program *p = c->program;
    const pica_shbin_dvle *d = &p->bin.dvles[p->dvle];
    w_masked(c, PICA_REG_GEOSTAGE_CONFIG, 0x3, 0);
    w_masked(c, PICA_REG_GEOSTAGE_CONFIG2, 0x3, 0);
    w_masked(c, PICA_REG_VSH_COM_MODE, 0x1, 0);
    if (send_code) {
        /* libctru sends at most the first 512 instructions of a vertex shader */
        uint32_t n = p->bin.code_words < 512 ? p->bin.code_words : 512;
        w(c, PICA_REG_VSH_CODETRANSFER_INDEX, 0);
        for (uint32_t i = 0; i < n; i += 128)
            w_many(c, PICA_REG_VSH_CODETRANSFER_DATA0, p->bin.code + i, n - i < 128 ? n - i : 128);
        w(c, PICA_REG_VSH_CODETRANSFER_END, 1);
        w(c, PICA_REG_VSH_OPDESCS_INDEX, 0);
        for (uint32_t i = 0; i < p->bin.opdesc_count; i += 128)
            w_many(c, PICA_REG_VSH_OPDESCS_DATA0, p->bin.opdesc + i,
                   p->bin.opdesc_count - i < 128 ? p->bin.opdesc_count - i : 128);
    }
    w(c, PICA_REG_VSH_ENTRYPOINT, 0x7FFF0000u | (d->main_offset & 0xFFFF));
    w(c, PICA_REG_VSH_OUTMAP_MASK, p->outmap_mask);
    w(c, PICA_REG_VSH_OUTMAP_TOTAL1, p->outmap[0] - 1);
    w(c, PICA_REG_VSH_OUTMAP_TOTAL2, p->outmap[0] - 1);
    /* GPU_SetShaderOutmap */
    w_masked(c, PICA_REG_PRIMITIVE_CONFIG, 0x1, p->outmap[0] - 1);
    w_incr(c, PICA_REG_SH_OUTMAP_TOTAL, p->outmap, 8);
    w(c, PICA_REG_SH_OUTATTR_MODE, p->outmap_mode);
    w(c, PICA_REG_SH_OUTATTR_CLOCK, p->outmap_clock);
    /* no geometry shader */
    w_masked(c, PICA_REG_GEOSTAGE_CONFIG, 0xA, 0);
    w(c, PICA_REG_GSH_MISC0, 0);
    w(c, PICA_REG_GSH_MISC1, 0);
    w(c, PICA_REG_GSH_INPUTBUFFER_CONFIG, 0xA0000000u);
}

/* C3D_UpdateUniforms for the vertex shader */
static void update_uniforms(sb_ctx *c)
{
    if (c->consts_dirty && c->program) {
        const pica_shbin_dvle *d = &c->program->bin.dvles[c->program->dvle];
        for (uint32_t i = 0; i < d->const_count; i++) {
            const pica_shbin_const *k = &d->consts[i];
            if (k->type != PICA_SHBIN_CONST_FLOAT)
                continue;
            const uint32_t x = k->f24[0], y = k->f24[1], z = k->f24[2], ww = k->f24[3];
            /* the index (f24 mode), then w:z:y:x packed from the top bit down (3dbrew) */
            const uint32_t v[4] = {k->reg, (ww << 8) | (z >> 16), ((z & 0xFFFF) << 16) | (y >> 8),
                                   ((y & 0xFF) << 24) | x};
            w_incr(c, PICA_REG_VSH_FLOATUNIFORM_INDEX, v, 4);
            c->fv_dirty[k->reg] = false;
        }
        c->consts_dirty = false;
    }
    for (int i = 0; i < 96;) {
        if (!c->fv_dirty[i]) {
            i++;
            continue;
        }
        int j = i;
        while (j < 96 && c->fv_dirty[j])
            j++;
        w(c, PICA_REG_VSH_FLOATUNIFORM_INDEX, 0x80000000u | (uint32_t)i);
        uint32_t words[96 * 4];
        uint32_t n = 0;
        for (int k = i; k < j; k++) {
            for (int comp = 3; comp >= 0; comp--) /* f32 mode: w, z, y, x */
                words[n++] = bits(c->fv[k][comp]);
            c->fv_dirty[k] = false;
        }
        w_many(c, PICA_REG_VSH_FLOATUNIFORM_DATA0, words, n);
        i = j;
    }
    if (c->bool_dirty) {
        w(c, PICA_REG_VSH_BOOLUNIFORM, 0x7FFF0000u | c->bool_unif);
        c->bool_dirty = false;
    }
}

/* ---- vertex layout ---------------------------------------------------------------------- */

void sb_attr_reset(sb_ctx *c)
{
    c->attr_fmt[0] = 0;
    c->attr_fmt[1] = 0xFFFu << 16;
    c->attr_perm = 0;
    c->attr_count = 0;
    c->flags |= D_ATTR;
}

void sb_attr_loader(sb_ctx *c, int reg, int format, int count)
{
    const int id = c->attr_count++;
    const uint32_t f = ((((uint32_t)count - 1) << 2) | ((uint32_t)format & 3)) << ((id & 7) * 4);
    c->attr_fmt[id < 8 ? 0 : 1] |= f;
    c->attr_fmt[1] = (c->attr_fmt[1] & ~(0xF0000000u | (1u << (id + 16)))) | ((uint32_t)id << 28);
    c->attr_perm |= (uint64_t)reg << (id * 4);
    c->flags |= D_ATTR;
}

void sb_buf_reset(sb_ctx *c)
{
    memset(c->buf, 0, sizeof c->buf);
    c->buf_count = 0;
    c->buf_base = SB_VRAM_BASE; /* BufInfo_Init: the lowest address a buffer may start at */
    c->flags |= D_BUF;
}

void sb_buf_add(sb_ctx *c, uint32_t paddr, uint32_t stride, int attribs, uint64_t permutation)
{
    const int id = c->buf_count++;
    c->buf[id][0] = paddr - c->buf_base;
    c->buf[id][1] = (uint32_t)permutation;
    c->buf[id][2] = (uint32_t)(permutation >> 32) | (stride << 16) | ((uint32_t)attribs << 28);
    c->flags |= D_BUF;
}

/* ---- fragment state -------------------------------------------------------------------- */

void sb_depth_test(sb_ctx *c, bool enable, int func, uint32_t write_mask)
{
    c->depth_test = (enable ? 1u : 0u) | (((uint32_t)func & 7) << 4) | (write_mask << 8);
    c->flags |= D_EFFECT;
}

void sb_cull(sb_ctx *c, int mode)
{
    c->cull = (uint32_t)mode;
    c->flags |= D_EFFECT;
}

void sb_alpha_blend(sb_ctx *c, int color_eq, int alpha_eq, int src_color, int dst_color, int src_alpha,
                    int dst_alpha)
{
    c->blend_func = (uint32_t)color_eq | ((uint32_t)alpha_eq << 8) | ((uint32_t)src_color << 16) |
                    ((uint32_t)dst_color << 20) | ((uint32_t)src_alpha << 24) | ((uint32_t)dst_alpha << 28);
    c->fragop_mode = (c->fragop_mode & ~0xFF00u) | 0x0100u;
    c->flags |= D_EFFECT;
}

void sb_alpha_test(sb_ctx *c, bool enable, int func, int ref)
{
    c->alpha_test = (enable ? 1u : 0u) | (((uint32_t)func & 7) << 4) | ((uint32_t)ref << 8);
    c->flags |= D_EFFECT;
}

/* C3Di_EffectBind */
static void bind_effect(sb_ctx *c)
{
    w(c, PICA_REG_DEPTHMAP_ENABLE, c->zbuffer);
    w(c, PICA_REG_FACECULLING_CONFIG, c->cull & 3);
    const uint32_t z[2] = {c->zscale, c->zoffset};
    w_incr(c, PICA_REG_DEPTHMAP_SCALE, z, 2);
    const uint32_t t[4] = {c->alpha_test, c->stencil_mode, c->stencil_op, c->depth_test};
    w_incr(c, PICA_REG_FRAGOP_ALPHA_TEST, t, 4);
    /* GPU_MAKEGASDEPTHFUNC: (0xAF02 >> (func << 1)) & 3 */
    w_masked(c, PICA_REG_GAS_DELTAZ_DEPTH, 0x8, ((0xAF02u >> (((c->depth_test >> 4) & 7) << 1)) & 3) << 24);
    w(c, PICA_REG_BLEND_COLOR, c->blend_color);
    w(c, PICA_REG_BLEND_FUNC, c->blend_func);
    w(c, PICA_REG_LOGIC_OP, c->logic_op);
    w_masked(c, PICA_REG_COLOR_OPERATION, 0x7, c->fragop_mode);
    w(c, PICA_REG_FRAGOP_SHADOW, c->fragop_shadow);
    w_masked(c, PICA_REG_EARLYDEPTH_TEST1, 0x1, c->early_depth);
    w(c, PICA_REG_EARLYDEPTH_TEST2, c->early_depth);
    w_masked(c, PICA_REG_EARLYDEPTH_FUNC, 0x1, c->early_func);
    w_masked(c, PICA_REG_EARLYDEPTH_DATA, 0x7, c->early_ref);
}

sb_texenv *sb_get_texenv(sb_ctx *c, int id)
{
    c->flags |= D_TEXENV(id);
    return &c->texenv[id];
}

void sb_texenv_buf_update(sb_ctx *c, bool rgb, bool alpha, uint32_t stage_mask)
{
    stage_mask &= 0xF;
    if (rgb)
        c->texenv_buf = (c->texenv_buf & ~(0xFu << 8)) | (stage_mask << 8);
    if (alpha)
        c->texenv_buf = (c->texenv_buf & ~(0xFu << 12)) | (stage_mask << 12);
    c->flags |= D_TEXENV_BUF;
}

void sb_texenv_buf_color(sb_ctx *c, uint32_t rgba)
{
    c->texenv_buf_color = rgba;
    c->flags |= D_TEXENV_BUF;
}

/* ---- textures --------------------------------------------------------------------------- */

static uint32_t texel_bytes(uint32_t fmt)
{
    switch (fmt) {
    case SB_RGBA8: return 4;
    case SB_RGB8: return 3;
    default: return 2;
    }
}

void sb_tex_init(sb_ctx *c, sb_tex *t, uint16_t w_, uint16_t h, uint32_t fmt, bool vram)
{
    memset(t, 0, sizeof *t);
    uint32_t size = (uint32_t)w_ * h * texel_bytes(fmt);
    t->paddr = vram ? sb_vram_alloc(c, size, 128) : sb_linear_alloc(c, size, 128);
    t->width = w_;
    t->height = h;
    t->fmt = fmt;
    /* C3D_TexInit: GPU_TEXTURE_MODE(2D), filters nearest, wrap clamp to edge */
    t->param = 0;
}

void sb_tex_filter(sb_tex *t, int mag, int min)
{
    t->param = (t->param & ~((1u << 1) | (1u << 2))) | (((uint32_t)mag & 1) << 1) | (((uint32_t)min & 1) << 2);
}

void sb_tex_wrap(sb_tex *t, int s, int t_wrap)
{
    t->param = (t->param & ~((3u << 12) | (3u << 8))) | (((uint32_t)s & 3) << 12) | (((uint32_t)t_wrap & 3) << 8);
}

/* 8x8 tiles, texels in Morton order inside a tile, tiles row by row from
 * the image's top (pica-facts.md: x -> 0,1,4,5,16,17,20,21;
 * y -> 0,2,8,10,32,34,40,42) */
static uint32_t tiled_index(uint32_t x, uint32_t y, uint32_t width)
{
    static const uint8_t mx[8] = {0, 1, 4, 5, 16, 17, 20, 21}, my[8] = {0, 2, 8, 10, 32, 34, 40, 42};
    return ((y / 8) * (width / 8) + x / 8) * 64 + mx[x & 7] + my[y & 7];
}

void sb_tex_upload(sb_ctx *c, sb_tex *t, const uint8_t *rgba)
{
    uint8_t *dst = sb_host(c, t->paddr);
    const uint32_t bpp = texel_bytes(t->fmt);
    for (uint32_t y = 0; y < t->height; y++)
        for (uint32_t x = 0; x < t->width; x++) {
            const uint8_t *s = rgba + ((size_t)y * t->width + x) * 4;
            uint8_t *d = dst + (size_t)tiled_index(x, y, t->width) * bpp;
            /* components in reverse byte order, most significant first (3dbrew) */
            switch (t->fmt) {
            case SB_RGBA8:
                d[0] = s[3], d[1] = s[2], d[2] = s[1], d[3] = s[0];
                break;
            case SB_RGB8:
                d[0] = s[2], d[1] = s[1], d[2] = s[0];
                break;
            case SB_RGB565: {
                uint32_t v = ((uint32_t)(s[0] >> 3) << 11) | ((uint32_t)(s[1] >> 2) << 5) | (s[2] >> 3);
                d[0] = (uint8_t)v, d[1] = (uint8_t)(v >> 8);
                break;
            }
            case SB_RGBA5551: {
                uint32_t v = ((uint32_t)(s[0] >> 3) << 11) | ((uint32_t)(s[1] >> 3) << 6) |
                             ((uint32_t)(s[2] >> 3) << 1) | (s[3] >> 7);
                d[0] = (uint8_t)v, d[1] = (uint8_t)(v >> 8);
                break;
            }
            default: { /* RGBA4 */
                uint32_t v = ((uint32_t)(s[0] >> 4) << 12) | ((uint32_t)(s[1] >> 4) << 8) |
                             ((uint32_t)(s[2] >> 4) << 4) | (s[3] >> 4);
                d[0] = (uint8_t)v, d[1] = (uint8_t)(v >> 8);
                break;
            }
            }
        }
    /* C3D_TexFlush: the data cache goes to memory, which the core reports */
    sb_cpu_wrote(c, t->paddr, (uint32_t)t->width * t->height * bpp);
}

void sb_tex_bind(sb_ctx *c, int unit, sb_tex *t)
{
    c->tex[unit] = *t;
    c->tex_bound[unit] = true;
    c->flags |= D_TEX(unit);
}

/* C3Di_SetTex */
static void set_tex(sb_ctx *c, int unit)
{
    const sb_tex *t = &c->tex[unit];
    static const uint32_t border_reg[3] = {PICA_REG_TEXUNIT0_BORDER_COLOR, PICA_REG_TEXUNIT1_BORDER_COLOR,
                                           PICA_REG_TEXUNIT2_BORDER_COLOR};
    static const uint32_t type_reg[3] = {PICA_REG_TEXUNIT0_TYPE, PICA_REG_TEXUNIT1_TYPE, PICA_REG_TEXUNIT2_TYPE};
    const uint32_t r[5] = {t->border, (uint32_t)t->height | ((uint32_t)t->width << 16), t->param, t->lod,
                           t->paddr >> 3};
    w_incr(c, border_reg[unit], r, 5);
    w(c, type_reg[unit], t->fmt);
}

/* ---- lighting ------------------------------------------------------------------------ */

static uint32_t color10(const float rgb[3], const float *scale)
{
    /* 8-bit channels 10 bits apart, blue lowest (3dbrew LIGHTi colours) */
    uint32_t v = 0;
    for (int i = 0; i < 3; i++) {
        float f = 255.0f * rgb[2 - i] * (scale ? scale[2 - i] : 1.0f);
        int n = (int)f;
        n = n < 0 ? 0 : n > 255 ? 255 : n;
        v |= (uint32_t)n << (i * 10);
    }
    return v;
}

/* LightLut_FromFunc of x^shininess on [0, 1]: value x 4096, difference to
 * the next entry x 2048 with a sign bit (citro3d lightlut.c encoding) */
static void specular_lut(uint32_t out[256], int shininess)
{
    float v[257];
    for (int i = 0; i <= 256; i++) {
        float x = (float)i / 256.0f, p = 1.0f;
        for (int k = 0; k < shininess; k++)
            p *= x;
        v[i] = p;
    }
    for (int i = 0; i < 256; i++) {
        float in = v[i] * 4096.0f, diff = v[i + 1] - v[i];
        uint32_t val = in > 0 ? (in < 4096.0f ? (uint32_t)in : 0xFFF) : 0;
        uint32_t d = 0;
        if (diff != 0.0f) {
            if (diff < 0) {
                diff = -diff;
                d = 0x800;
            }
            diff *= 2048.0f;
            d |= diff < 2048.0f ? (uint32_t)diff : 0x7FF;
        }
        out[i] = val | (d << 12);
    }
}

void sb_light_env(sb_ctx *c, const sb_material *m, const float pos[4], const float rgb[3], int shininess)
{
    light_env *e = &c->light;
    if (!e->bound)
        c->flags |= D_LIGHT_ON;
    e->bound = true;
    /* emission + ambient x the environment's ambient (1, 1, 1) */
    float amb[3];
    for (int i = 0; i < 3; i++)
        amb[i] = m->emission[i] + m->ambient[i];
    e->ambient = color10(amb, NULL);
    /* one light; CONFIG0: layer config 0 (D0, RR, SP, DA), clamp highlights
     * (bit 27), bit 31 and the 4 << 8 citro3d sets; CONFIG1: every LUT,
     * spot, shadow and attenuation disabled but D0 (bit 16 + 0) */
    e->num_conf[0] = 0;
    e->num_conf[1] = (4u << 8) | (1u << 27) | (1u << 31);
    e->num_conf[2] = ~(1u << 16);
    e->lut_input[0] = 0x2222222u & ~(1u << 1); /* abs() on for D0 */
    e->lut_input[1] = 4u << 8;                 /* SP: -L.P; D0: N.H (0) */
    e->lut_input[2] = 0;
    e->permutation = 0; /* light 0 first */
    specular_lut(e->d0, shininess);
    const float zero[3] = {0, 0, 0};
    memset(e->light, 0, sizeof e->light);
    e->light[0] = color10(m->specular0, rgb);
    e->light[1] = 0;
    e->light[2] = color10(m->diffuse, rgb);
    e->light[3] = color10(m->ambient, zero); /* C3D_LightInit leaves the light's ambient at 0 */
    e->light[4] = sb_f16(pos[0]) | (sb_f16(pos[1]) << 16);
    e->light[5] = sb_f16(pos[2]);
    e->light[9] = pos[3] == 0.0f ? 1 : 0; /* C3D_LightPosition: directional when w is 0 */
    e->conf_dirty = e->lut_dirty = e->light_dirty = true;
}

void sb_light_env_off(sb_ctx *c)
{
    if (c->light.bound)
        c->flags |= D_LIGHT_ON;
    c->light.bound = false;
}

/* C3Di_LightEnvUpdate */
static void update_lights(sb_ctx *c)
{
    light_env *e = &c->light;
    if (e->conf_dirty) {
        w(c, PICA_REG_LIGHTING_AMBIENT, e->ambient);
        w_incr(c, PICA_REG_LIGHTING_NUM_LIGHTS, e->num_conf, 3);
        w_incr(c, PICA_REG_LIGHTING_LUTINPUT_ABS, e->lut_input, 3);
        w(c, PICA_REG_LIGHTING_LIGHT_PERMUTATION, e->permutation);
        e->conf_dirty = false;
    }
    if (e->lut_dirty) {
        w(c, PICA_REG_LIGHTING_LUT_INDEX, 0); /* common LUT D0, entry 0 */
        for (int i = 0; i < 256; i += 8)
            w_many(c, PICA_REG_LIGHTING_LUT_DATA0, &e->d0[i], 8);
        e->lut_dirty = false;
    }
    if (e->light_dirty) {
        w_incr(c, PICA_REG_LIGHT0_SPECULAR0, e->light, 12);
        e->light_dirty = false;
    }
}

/* ---- fog ---------------------------------------------------------------------------------- */

void sb_fog(sb_ctx *c, uint32_t rgb, float near, float far, float fog_start, float fog_end)
{
    /* C3D_FogGasMode(GPU_FOG, GPU_PLAIN_DENSITY, false), C3D_FogColor: the
     * LUT below is indexed by window depth, 1 at the near plane, as
     * FogLut_Exp builds it, so homebrew leaves the z flip off */
    c->texenv_buf = (c->texenv_buf & ~0x100FFu) | 5u;
    c->fog_color = rgb;
    /* 129 samples of the fog factor over the (flipped) depth index; eye
     * distance from window depth as citro3d's FogLut_CalcZ does it */
    float f[129];
    for (int i = 0; i <= 128; i++) {
        float depth = (float)i / 128.0f;
        float dist = far * near / (depth * (far - near) + near);
        float t = (dist - fog_start) / (fog_end - fog_start);
        f[i] = t < 0 ? 1.0f : t > 1 ? 0.0f : 1.0f - t;
    }
    /* FogLut_FromArray: value x 2048 (11 bits), difference x 2048 (13-bit signed) */
    for (int i = 0; i < 128; i++) {
        float in = f[i] * 2048.0f, diff = (f[i + 1] - f[i]) * 2048.0f;
        uint32_t val = in > 0 ? (in < 2048.0f ? (uint32_t)in : 0x7FF) : 0;
        uint32_t d = 0;
        if (diff != 0.0f) {
            diff = diff < -4096.0f ? -4096.0f : diff > 4095.0f ? 4095.0f : diff;
            d = (uint32_t)(int32_t)diff & 0x1FFF;
        }
        c->fog_lut[i] = d | (val << 13);
    }
    c->has_fog_lut = true;
    c->flags |= D_TEXENV_BUF | D_FOG_LUT;
}

void sb_fog_off(sb_ctx *c)
{
    c->texenv_buf &= ~0x100FFu;
    c->flags |= D_TEXENV_BUF;
}

/* ---- gas (citro3d's C3D_FogGasMode, C3D_Gas*, GasLut_FromArray) ------------------------- */

void sb_fog_gas(sb_ctx *c, bool depth_density)
{
    /* C3D_FogGasMode(GPU_GAS, depth ? GPU_DEPTH_DENSITY : GPU_PLAIN_DENSITY, false) */
    c->texenv_buf = (c->texenv_buf & ~0x100FFu) | 7u | (depth_density ? 1u << 3 : 0u);
    c->flags |= D_TEXENV_BUF;
}

void sb_gas_density_pass(sb_ctx *c, bool on)
{
    c->fragop_mode = (c->fragop_mode & ~3u) | (on ? 1u : 0u); /* COLOR_OPERATION mode 1 */
    c->flags |= D_EFFECT;
}

void sb_gas_lut_from_array(uint32_t lut[16], const uint32_t colors[9])
{
    /* differences first, then colours; each difference is a sign bit and
     * |next - this| / 255 * 127 in the low 7 bits, per channel */
    for (int i = 0; i < 8; i++) {
        lut[8 + i] = colors[i] & 0xFFFFFF;
        uint32_t d = 0;
        for (int ch = 0; ch < 3; ch++) {
            float x = (float)((colors[i + 1] >> (8 * ch)) & 0xFF) / 255.0f - (float)((colors[i] >> (8 * ch)) & 0xFF) / 255.0f;
            uint32_t v = 0;
            if (x < 0) {
                v = 0x80;
                x = -x;
            }
            v |= (uint32_t)(x * 127.0f);
            d |= v << (8 * ch);
        }
        lut[i] = d;
    }
}

void sb_gas(sb_ctx *c, const sb_gas_config *g)
{
    /* C3Di_GasUpdate's writes, in its order */
    w_masked(c, PICA_REG_GAS_DELTAZ_DEPTH, 0x7, (uint32_t)(g->delta_z * 256.0f) & 0xFFFFFF);
    w(c, PICA_REG_GAS_ACCMAX, sb_f16(1.0f / g->acc_max));
    w(c, PICA_REG_GAS_ATTENUATION, sb_f16(g->attenuation));
    const uint32_t xy = (uint32_t)(g->planar[0] * 255.0f) | (uint32_t)(g->planar[1] * 255.0f) << 8 |
                        (uint32_t)(g->planar[2] * 255.0f) << 16;
    const uint32_t z = (uint32_t)(g->view[0] * 255.0f) | (uint32_t)(g->view[1] * 255.0f) << 8 |
                       (uint32_t)(g->view[2] * 255.0f) << 16;
    w(c, PICA_REG_GAS_LIGHT_XY, xy);
    w(c, PICA_REG_GAS_LIGHT_Z, z);
    w(c, PICA_REG_GAS_LIGHT_Z_COLOR, (uint32_t)(g->light_dir * 255.0f) | (g->lut_light ? 1u << 8 : 0u));
    w(c, PICA_REG_GAS_LUT_INDEX, 0);
    w_many(c, PICA_REG_GAS_LUT_DATA, g->lut, 16);
}

/* ---- procedural texture ---------------------------------------------------------------- */

void sb_proctex_bind(sb_ctx *c, int coord, const sb_proctex *pt)
{
    c->flags |= D_TEX_STATUS;
    c->tex_config &= ~(7u << 8);
    if (pt) {
        c->proctex = *pt;
        c->proctex_on = true;
        c->tex_config |= (1u << 10) | (((uint32_t)coord & 3) << 8);
        c->flags |= D_PROCTEX | D_PROCTEX_LUT | D_PROCTEX_COLOR;
    } else {
        c->proctex_on = false;
    }
}

/* C3Di_ProcTexUpdate */
static void update_proctex(sb_ctx *c)
{
    if (!(c->tex_config & (1u << 10)) || !c->proctex_on)
        return;
    if (c->flags & D_PROCTEX)
        w_incr(c, PICA_REG_TEXUNIT3_PROCTEX0, c->proctex.reg, 6);
    if (c->flags & D_PROCTEX_LUT) {
        const uint32_t *tables[3] = {c->proctex.has_noise ? c->proctex.noise : NULL, c->proctex.rgb_map,
                                     c->proctex.alpha_map};
        static const uint32_t ids[3] = {0, 2, 3}; /* noise, RGB map, alpha map */
        for (int i = 0; i < 3; i++) {
            if (!tables[i])
                continue;
            w(c, PICA_REG_PROCTEX_LUT, ids[i] << 8);
            w_many(c, PICA_REG_PROCTEX_LUT_DATA0, tables[i], 128);
        }
    }
    if (c->flags & D_PROCTEX_COLOR) {
        w(c, PICA_REG_PROCTEX_LUT, 4u << 8);
        w_many(c, PICA_REG_PROCTEX_LUT_DATA0, c->proctex.color, 256);
        w(c, PICA_REG_PROCTEX_LUT, 5u << 8);
        w_many(c, PICA_REG_PROCTEX_LUT_DATA0, c->proctex.color_diff, 256);
    }
    c->flags &= ~(D_PROCTEX | D_PROCTEX_LUT | D_PROCTEX_COLOR);
}

/* ---- render targets and frames ---------------------------------------------------------- */

static const uint8_t color_fmt_size[5] = {2, 1, 0, 0, 0}; /* bytes per pixel - 2 */
static const uint8_t depth_fmt_size[4] = {0, 0, 1, 2};

void sb_target_create(sb_ctx *c, sb_target *t, uint16_t w_, uint16_t h, uint8_t color_fmt, int depth_fmt)
{
    memset(t, 0, sizeof *t);
    t->width = w_;
    t->height = h;
    t->color_fmt = color_fmt;
    t->color = sb_vram_alloc(c, (uint32_t)w_ * h * (2u + color_fmt_size[color_fmt]), 128);
    if (depth_fmt >= 0) {
        t->depth_fmt = (uint8_t)depth_fmt;
        t->depth = sb_vram_alloc(c, (uint32_t)w_ * h * (2u + depth_fmt_size[depth_fmt]), 128);
    }
    t->screen = -1;
}

void sb_target_from_tex(sb_ctx *c, sb_target *t, const sb_tex *tex, int depth_fmt)
{
    memset(t, 0, sizeof *t);
    t->width = tex->width;
    t->height = tex->height;
    t->color_fmt = (uint8_t)tex->fmt;
    t->color = tex->paddr;
    if (depth_fmt >= 0) {
        t->depth_fmt = (uint8_t)depth_fmt;
        t->depth = sb_vram_alloc(c, (uint32_t)tex->width * tex->height * (2u + depth_fmt_size[depth_fmt]), 128);
    }
    t->screen = -1;
}

void sb_target_set_output(sb_target *t, int screen, uint32_t transfer_flags)
{
    t->screen = screen;
    t->transfer_flags = transfer_flags;
}

static gx_op *queue(sb_ctx *c, int type)
{
    if (c->queued == 32)
        die("GX queue full");
    gx_op *op = &c->queue[c->queued++];
    memset(op, 0, sizeof *op);
    op->type = type;
    return op;
}

void sb_target_clear(sb_ctx *c, sb_target *t, uint32_t rgba, uint32_t depth)
{
    /* C3D_FrameBufClear: one GX_MemoryFill, colour on PSC0 and depth on PSC1 */
    const uint32_t size = (uint32_t)t->width * t->height;
    gx_op *op = queue(c, GX_FILL);
    op->fill = (glhle_pica_memory_fill){t->color >> 3, (t->color + size * (2u + color_fmt_size[t->color_fmt])) >> 3,
                                        rgba, 1u | ((uint32_t)color_fmt_size[t->color_fmt] << 8)};
    if (t->depth) {
        op = queue(c, GX_FILL);
        op->fill = (glhle_pica_memory_fill){t->depth >> 3,
                                            (t->depth + size * (2u + depth_fmt_size[t->depth_fmt])) >> 3, depth,
                                            1u | ((uint32_t)depth_fmt_size[t->depth_fmt] << 8)};
    }
}

void sb_screen_format(sb_ctx *c, int screen, uint32_t fmt)
{
    c->fb_fmt[screen] = fmt;
}

/* LCD framebuffer formats: RGBA8 4 bytes, BGR8 3, the 16-bit ones 2 */
static uint32_t fb_bytes(uint32_t fmt)
{
    return fmt == SB_FB_RGBA8 ? 4 : fmt == SB_FB_BGR8 ? 3 : 2;
}

static void alloc_screens(sb_ctx *c)
{
    if (c->fb[0][0])
        return;
    for (int s = 0; s < 2; s++) {
        const uint32_t columns = s == 0 ? 400 : 320;
        for (int b = 0; b < 2; b++)
            c->fb[s][b] = sb_linear_alloc(c, columns * 240 * fb_bytes(c->fb_fmt[s]), 16);
    }
}

void sb_frame_begin(sb_ctx *c)
{
    if (c->in_frame)
        die("frame begun twice");
    alloc_screens(c);
    c->in_frame = true;
    c->cmd_start = c->cmd_n = 0; /* GPUCMD_SetBuffer(ctx->cmdBuf, ...) */
    c->queued = 0;
}

void sb_frame_draw_on(sb_ctx *c, sb_target *t)
{
    t->used = true;
    c->target = t;
    c->flags |= D_FRAMEBUF | D_VIEWPORT | D_SCISSOR;
    /* C3D_SetViewport(0, 0, w, h) */
    c->viewport[0] = sb_f24(t->width / 2.0f);
    c->viewport[1] = sb_f31(2.0f / t->width) << 1;
    c->viewport[2] = sb_f24(t->height / 2.0f);
    c->viewport[3] = sb_f31(2.0f / t->height) << 1;
    c->viewport[4] = 0;
    c->scissor[0] = 0; /* disabled */
    if (t->screen >= 0)
        c->linked[t->screen] = t;
}

/* C3Di_FrameBufBind */
static void bind_framebuf(sb_ctx *c)
{
    const sb_target *t = c->target;
    w(c, PICA_REG_FRAMEBUFFER_INVALIDATE, 1);
    const uint32_t dim = 0x01000000u | (((uint32_t)(t->height - 1) & 0xFFF) << 12) | (t->width & 0xFFF);
    const uint32_t loc[3] = {t->depth >> 3, t->color >> 3, dim};
    w_incr(c, PICA_REG_DEPTHBUFFER_LOC, loc, 3);
    w(c, PICA_REG_RENDERBUF_DIM, dim);
    w(c, PICA_REG_DEPTHBUFFER_FORMAT, t->depth_fmt);
    w(c, PICA_REG_COLORBUFFER_FORMAT, color_fmt_size[t->color_fmt] | ((uint32_t)t->color_fmt << 16));
    w(c, PICA_REG_FRAMEBUFFER_BLOCK32, 0);
    /* C3D_FrameBufAttrib: colour mask 0xF; depth mask 3 with stencil, 2 without */
    const uint32_t depth_mask = !t->depth ? 0 : t->depth_fmt == SB_DEPTH24_STENCIL8 ? 3 : 2;
    const uint32_t access[4] = {0xF, 0xF, depth_mask, depth_mask};
    w_incr(c, PICA_REG_COLORBUFFER_READ, access, 4);
}

/* C3Di_UpdateContext */
static void update_context(sb_ctx *c)
{
    uint32_t f = c->flags;
    if (f & D_FRAMEBUF) {
        if (f & D_DRAW_USED) {
            w(c, PICA_REG_FRAMEBUFFER_FLUSH, 1);
            w(c, PICA_REG_EARLYDEPTH_CLEAR, 1);
            f &= ~D_DRAW_USED;
        }
        bind_framebuf(c);
    }
    if (f & D_VIEWPORT) {
        w_incr(c, PICA_REG_VIEWPORT_WIDTH, c->viewport, 4);
        w(c, PICA_REG_VIEWPORT_XY, c->viewport[4]);
    }
    if (f & D_SCISSOR)
        w_incr(c, PICA_REG_SCISSORTEST_MODE, c->scissor, 3);
    if ((f & D_PROGRAM) && c->program)
        configure_program(c, (f & D_VSH_CODE) != 0);
    if (f & D_ATTR) {
        w_incr(c, PICA_REG_ATTRIBBUFFERS_FORMAT_LOW, c->attr_fmt, 2);
        w_masked(c, PICA_REG_VSH_INPUTBUFFER_CONFIG, 0xB, 0xA0000000u | (uint32_t)(c->attr_count - 1));
        w(c, PICA_REG_VSH_NUM_ATTR, (uint32_t)(c->attr_count - 1));
        const uint32_t perm[2] = {(uint32_t)c->attr_perm, (uint32_t)(c->attr_perm >> 32)};
        w_incr(c, PICA_REG_VSH_ATTRIBUTES_PERMUTATION_LOW, perm, 2);
    }
    if (f & D_BUF) {
        w(c, PICA_REG_ATTRIBBUFFERS_LOC, c->buf_base >> 3);
        w_incr(c, PICA_REG_ATTRIBBUFFER0_OFFSET, &c->buf[0][0], 36);
    }
    if (f & D_EFFECT)
        bind_effect(c);
    if (f & D_TEX_ALL) {
        uint32_t units = 0;
        for (int i = 0; i < 3; i++)
            if (c->tex_bound[i]) {
                units |= 1u << i;
                if (f & D_TEX(i))
                    set_tex(c, i);
            }
        /* enable the units and clear the texture cache */
        c->tex_config = (c->tex_config & ~7u) | units | (1u << 16);
        f |= D_TEX_STATUS;
    }
    if (f & D_TEX_STATUS) {
        w_masked(c, PICA_REG_TEXUNIT_CONFIG, 0xB, c->tex_config);
        if (c->tex_config & (1u << 16)) { /* the cache clear after configuring the units */
            c->tex_config &= ~(1u << 16);
            w_masked(c, PICA_REG_TEXUNIT_CONFIG, 0x4, 1u << 16);
        }
        w(c, PICA_REG_TEXUNIT0_SHADOW, c->tex_shadow);
    }
    c->flags = f;
    update_proctex(c);
    f = c->flags;
    if (f & D_TEXENV_BUF) {
        w_masked(c, PICA_REG_TEXENV_UPDATE_BUFFER, 0x7, c->texenv_buf);
        w(c, PICA_REG_TEXENV_BUFFER_COLOR, c->texenv_buf_color);
        w(c, PICA_REG_FOG_COLOR, c->fog_color);
    }
    if ((f & D_FOG_LUT) && (c->texenv_buf & 7) != 0) {
        f &= ~D_FOG_LUT;
        if (c->has_fog_lut) {
            w(c, PICA_REG_FOG_LUT_INDEX, 0);
            w_many(c, PICA_REG_FOG_LUT_DATA0, c->fog_lut, 128);
        }
    }
    for (int i = 0; i < 6; i++) {
        if (!(f & D_TEXENV(i)))
            continue;
        const uint32_t base = PICA_REG_TEXENV0_SOURCE + (uint32_t)(i >= 4 ? i + 2 : i) * 8;
        const sb_texenv *e = &c->texenv[i];
        const uint32_t r[5] = {e->source, e->operand, e->combiner, e->color, e->scale};
        w_incr(c, base, r, 5);
    }
    if (f & D_LIGHT_ON) {
        w(c, PICA_REG_LIGHTING_ENABLE0, c->light.bound ? 1 : 0);
        w(c, PICA_REG_LIGHTING_ENABLE1, c->light.bound ? 0 : 1);
    }
    f &= D_DRAW_USED | D_FOG_LUT;
    c->flags = f;
    if (c->light.bound)
        update_lights(c);
    update_uniforms(c);
}

void sb_draw_arrays(sb_ctx *c, uint32_t primitive, uint32_t first, uint32_t count)
{
    update_context(c);
    w_masked(c, PICA_REG_PRIMITIVE_CONFIG, 0x2, primitive);
    w(c, PICA_REG_RESTART_PRIMITIVE, 1);
    w(c, PICA_REG_INDEXBUFFER_CONFIG, 0x80000000u); /* unused, but required (citro3d) */
    w(c, PICA_REG_NUMVERTICES, count);
    w(c, PICA_REG_VERTEX_OFFSET, first);
    w_masked(c, PICA_REG_GEOSTAGE_CONFIG2, 0x1, 1);
    w_masked(c, PICA_REG_START_DRAW_FUNC0, 0x1, 0);
    w(c, PICA_REG_DRAWARRAYS, 1);
    w_masked(c, PICA_REG_START_DRAW_FUNC0, 0x1, 1);
    w_masked(c, PICA_REG_GEOSTAGE_CONFIG2, 0x1, 0);
    w(c, PICA_REG_VTX_FUNC, 1);
    c->flags |= D_DRAW_USED;
}

void sb_draw_elements(sb_ctx *c, uint32_t primitive, uint32_t count, uint32_t indices)
{
    update_context(c);
    const bool tris = primitive == SB_TRIANGLES;
    w_masked(c, PICA_REG_PRIMITIVE_CONFIG, 0x2, tris ? 0x300u : primitive);
    w(c, PICA_REG_RESTART_PRIMITIVE, 1);
    w(c, PICA_REG_INDEXBUFFER_CONFIG, (indices - c->buf_base) | 0x80000000u); /* u16 indices */
    w(c, PICA_REG_NUMVERTICES, count);
    w(c, PICA_REG_VERTEX_OFFSET, 0);
    if (tris) {
        w_masked(c, PICA_REG_GEOSTAGE_CONFIG, 0x2, 0x100);
        w_masked(c, PICA_REG_GEOSTAGE_CONFIG2, 0x2, 0x100);
    }
    w_masked(c, PICA_REG_START_DRAW_FUNC0, 0x1, 0);
    w(c, PICA_REG_DRAWELEMENTS, 1);
    w_masked(c, PICA_REG_START_DRAW_FUNC0, 0x1, 1);
    if (tris) {
        w_masked(c, PICA_REG_GEOSTAGE_CONFIG, 0x2, 0);
        w_masked(c, PICA_REG_GEOSTAGE_CONFIG2, 0x2, 0);
    }
    w(c, PICA_REG_VTX_FUNC, 1);
    c->flags |= D_DRAW_USED;
}

/* C3Di_SplitFrame + GPUCMD_Split: flush the framebuffer, FINALIZE, 16-byte aligned */
static void split(sb_ctx *c)
{
    if (c->cmd_n == c->cmd_start)
        return;
    if (c->flags & D_DRAW_USED) {
        c->flags &= ~D_DRAW_USED;
        w(c, PICA_REG_FRAMEBUFFER_FLUSH, 1);
        w(c, PICA_REG_FRAMEBUFFER_INVALIDATE, 1);
        w(c, PICA_REG_EARLYDEPTH_CLEAR, 1);
    }
    w(c, PICA_REG_FINALIZE, 0x12345678);
    if ((c->cmd_n - c->cmd_start) & 3)
        w(c, PICA_REG_FINALIZE, 0x12345678);
    gx_op *op = queue(c, GX_LIST);
    op->list = c->cmdbuf + c->cmd_start * 4;
    op->list_size = (c->cmd_n - c->cmd_start) * 4;
    c->cmd_start = c->cmd_n;
}

void sb_frame_end(sb_ctx *c)
{
    if (!c->in_frame)
        die("frame ended outside a frame");
    split(c);
    /* GSPGPU_FlushDataCache of what the CPU wrote: the command lists */
    if (c->cmd_n)
        sb_cpu_wrote(c, c->cmdbuf, c->cmd_n * 4);
    /* C3D_FrameEnd: the linked targets that were drawn on go to their screens */
    bool swap[2] = {false, false};
    for (int s = 1; s >= 0; s--) {
        sb_target *t = c->linked[s];
        if (!t || !t->used)
            continue;
        t->used = false;
        const uint32_t dim = ((uint32_t)t->height << 16) | t->width; /* GX_BUFFER_DIM */
        gx_op *op = queue(c, GX_TRANSFER);
        op->xfer.input_address = t->color >> 3;
        op->xfer.output_address = c->fb[s][c->fb_cur[s]] >> 3;
        op->xfer.input_size = dim;
        op->xfer.output_size = dim;
        op->xfer.flags = t->transfer_flags;
        swap[s] = true;
    }
    /* gxCmdQueueRun: the queued operations in order */
    for (int i = 0; i < c->queued; i++) {
        const gx_op *op = &c->queue[i];
        glhle_result r = GLHLE_RESULT_OK;
        if (op->type == GX_FILL)
            r = glhle_pica_fill_memory(c->pica, &op->fill);
        else if (op->type == GX_LIST)
            r = glhle_pica_run_guest(c->pica, op->list, op->list_size, NULL);
        else
            r = glhle_pica_transfer(c->pica, &op->xfer);
        if (r != GLHLE_RESULT_OK)
            die("a GX operation failed");
    }
    c->queued = 0;
    /* the swap at VBlank (gfxScreenSwapBuffers -> GSP framebuffer info):
     * top in 2D mode (bit 6), the linear heap's DMA size (1 << 8) */
    glhle_pica_present_desc pd;
    memset(&pd, 0, sizeof pd);
    for (int s = 0; s < 2; s++) {
        if (swap[s])
            c->fb_cur[s] ^= 1;
        glhle_pica_lcd_framebuffer *fb = s == 0 ? &pd.top_left : &pd.bottom;
        fb->address = c->fb[s][c->fb_cur[s] ^ 1];
        fb->format = c->fb_fmt[s] | (s == 0 ? 1u << 6 : 0) | (1u << 8);
        fb->stride = 240 * fb_bytes(c->fb_fmt[s]);
    }
    glhle_pica_present(c->pica, &pd);
    c->in_frame = false;
}
