/* Maxwell compute launches on GL (compute.h).
 *
 * A launch (clb1c0.h SEND_SIGNALING_PCAS_B SCHEDULE) names its QMD
 * (engines/compute_qmd.c decodes it): the program at SET_PROGRAM_REGION +
 * PROGRAM_OFFSET (no SPH: the first bundle is at the offset), the grid
 * (CTA_RASTER_*) and block (CTA_THREAD_DIMENSION*) sizes, the shared memory
 * size and up to eight constant buffers (CONSTANT_BUFFER_VALID bits, each
 * address and size). The code is fetched, translated for the compute stage
 * with the block size as its local size (shadergen/maxwell_spirv.h), turned
 * into GLSL and linked once per code and block size, through the program
 * cache service (key type maxwell-cs, render/programs.h) and so the disk
 * shader cache. Shared memory (LDS/STS/ATOMS) is the translator's
 * workgroup array of the QMD's SHARED_MEMORY_SIZE bytes, part of the key.
 *
 * Bindings: constant buffer N at UBO binding 14 * 5 + N (maxwell_spirv.h's
 * layout for the compute stage), uploaded from guest memory at every
 * launch (they are small, and the QMD may name new memory each time:
 * deko3d writes a fresh QMD and driver constant buffer per dispatch).
 * Global memory: the translator reports each buffer the code's LDG/STG
 * address through a 64-bit base read from a constant buffer (deko3d's
 * c0[0x140 + 16 b]: address, then the 32-bit size); that range of guest
 * memory is uploaded as SSBO n, after the render targets over it are
 * written back. After the dispatch the SSBOs are read back and every span
 * whose bytes changed is written to guest memory, and the render targets,
 * textures, draw-path code and constant buffers over it are marked stale:
 * the launch is complete when this returns, as the hardware's is by the
 * time a later method runs behind a WAIT_FOR_IDLE or the QMD's release.
 * Two buffers naming the same range share one GL buffer; buffers that
 * overlap otherwise are refused (their writes could not be merged).
 *
 * Guest-supplied sizes and places are checked before use: a global buffer's
 * descriptor must lie in a bound constant buffer 0-7 (c8 and up refused,
 * never folded onto another), its range inside the 40-bit address space
 * (a wrapping range would defeat the overlap test) and at most 64 MiB; the
 * block against this GL's work-group limits (per dimension and in all),
 * the grid and shared memory against the GL's.
 *
 * Images (SULD/SUST/SURED/SUATOM, TXQ of an image): each slot the reachable code names
 * has its handle at c[SET_BINDLESS_TEXTURE][0x120 + 4 slot] (deko3d's
 * compute image table), header index bits 19:0, its header in the compute
 * engine's own pool (SET_TEX_HEADER_POOL_A/B/C: address and maximum index);
 * the header's format is the key's MW_IMG_* for the slot. images.h (shared
 * with the draw path) does the rest: level 0 of a 2D header, pitch or
 * block-linear, in a format GL has an image format for, uploaded after the
 * render targets over it are written back, bound at image unit = slot,
 * read back after the dispatch and its changed bytes written to guest
 * memory with the caches over them marked stale, as for the SSBOs. Two
 * slots naming the same header share one texture; other overlaps between
 * images, or of an image with a global buffer, are refused. Handles outside the bound constant buffer, indices past the
 * pool's maximum, unmapped pools or texels, undecodable headers, sizes
 * past the GL's texture size or 64 MiB, pages whose kind does not suit the
 * layout are refused with the slot, index and address.
 *
 * Textures (TEX, TLD and the rest the translator has): see "textures"
 * below; a compute write over a texture's memory marks it stale through
 * mw_render_invalidate, as for images.
 *
 * Not done: multisampled textures (refused), bindless image handles not
 * loaded from the handle table in their block (the translator traces the
 * others to the word a bound handle would name), image
 * arrays, 3D, 1D and buffer images, other levels (refused, images.c) and
 * the other formats GL has image formats for; indirect dispatch (deko3d's uses
 * the QMD's grid written by a DMA copy, which works as it lands in
 * memory), QMD dependent launches. */
#include "backend/maxwell/render/compute.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/gl/gl_caps.h"
#include "backend/maxwell/memory/address_space.h"
#include "backend/maxwell/memory/block_linear.h"
#include "backend/maxwell/render/images.h"
#include "backend/maxwell/render/programs.h"
#include "backend/maxwell/shader/sass_fetch.h"
#include "backend/maxwell/texture/tic.h"
#include "shadergen/maxwell_spirv.h"

#define MAX_INFOS 32u          /* translations' findings kept (one per program key) */
#define MAX_PROGRAMS 256u      /* linked compute programs the service keeps by default */
#define MAX_SSBO_BYTES (64u << 20)
/* deko3d's compute driver constants: the stage block at c0[0xA0], its 32
 * texture handles, then 8 image handles at +0x80 (testdata/maxwell/README
 * "The c0 layout") */
#define TEX_HANDLE_OFFSET 0xa0u
#define IMG_HANDLE_OFFSET (0xa0u + 0x80u)
/* clb1c0.h method words */
#define C_SET_TEX_SAMPLER_POOL_A 0x557u /* OFFSET_UPPER 7:0 */
#define C_SET_TEX_SAMPLER_POOL_B 0x558u /* OFFSET_LOWER */
#define C_SET_TEX_SAMPLER_POOL_C 0x559u /* MAXIMUM_INDEX 19:0 */
#define C_SET_TEX_HEADER_POOL_A 0x55Du /* OFFSET_UPPER 7:0 */
#define C_SET_TEX_HEADER_POOL_B 0x55Eu /* OFFSET_LOWER */
#define C_SET_TEX_HEADER_POOL_C 0x55Fu /* MAXIMUM_INDEX 21:0 */
#define C_SET_BINDLESS_TEXTURE 0x982u  /* CONSTANT_BUFFER_SLOT_SELECT 2:0 */

/* What the translation says about a program key, which the launch needs
 * besides the GL program: the constant buffers it reads and where each
 * global buffer's address is. A function of the key alone, so a program
 * the service made from the disk cache gets it by translating once (no GL
 * compile). */
typedef struct compute_info {
    uint64_t hash;            /* of the key */
    uint8_t *key;             /* a copy: a hash is not identity */
    uint32_t key_len;
    uint32_t cbuf_mask;
    uint32_t tex_mask;        /* texture slots it samples (unit = slot) */
    uint32_t img_mask, img_raw_mask; /* image slots the code uses; of those, the raw (SULD.D/SUST.D) ones */
    uint32_t ssbo_count;
    struct {
        uint8_t cbuf;
        uint16_t offset;
    } ssbo[MW_SPIRV_SSBOS];
    uint64_t last_use;
} compute_info;

struct mw_compute {
    compute_info info[MAX_INFOS];
    uint32_t count;
    uint64_t tick;
    gl_program_service *programs; /* key type maxwell-cs (render/programs.h) */
    uint8_t *key;
    size_t key_cap;
    GLuint ubo[MW_QMD_CONSTANT_BUFFERS];
    GLuint ssbo[MW_SPIRV_SSBOS];
    uint8_t *scratch;
    size_t scratch_size;
};

static uint8_t *scratch(mw_compute *c, size_t size)
{
    if (size > c->scratch_size) {
        uint8_t *p = realloc(c->scratch, size);
        if (!p)
            return NULL;
        c->scratch = p;
        c->scratch_size = size;
    }
    return c->scratch;
}

static void count_program(void *user, GLuint program)
{
    mw_render *r = user;
    (void)program;
    r->stats.programs++;
}

static glhle_result compute_state(mw_render *r)
{
    if (r->compute)
        return GLHLE_RESULT_OK;
    mw_compute *c = calloc(1, sizeof *c);
    if (!c)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for compute");
    const GladGLContext *gl = &r->ctx->gl;
    gl->CreateBuffers(MW_QMD_CONSTANT_BUFFERS, c->ubo);
    gl->CreateBuffers(MW_SPIRV_SSBOS, c->ssbo);
    r->compute = c;
    /* the program cache service and its disk cache, DIR/TITLE.maxwell-cs.glsc:
     * stored programs are made ready now, before the first launch */
    const mw_shader_config *sc = &r->shader;
    const gl_program_service_desc sd = {
        .system = mw_compute_program_system(),
        .host = mw_program_host_bits(&r->ctx->info, true, sc->spirv && gl_caps_spirv(r->ctx)),
        .max_programs = sc->program_budget ? sc->program_budget : MAX_PROGRAMS,
        .max_bytes = sc->program_budget_bytes,
        .cache_dir = sc->cache_dir,
        .cache_title = sc->cache_title,
        .cache_max_bytes = sc->cache_max_bytes,
        .after_link = count_program,
        .user = r,
        .compile_threads = sc->compile_threads,
    };
    glhle_result res = gl_program_service_create(r->ctx, &sd, &c->programs);
    if (res != GLHLE_RESULT_OK) {
        mw_compute_fini(r);
        return res;
    }
    return GLHLE_RESULT_OK;
}

glhle_result mw_compute_precompile(mw_render *r)
{
    return compute_state(r);
}

void mw_compute_shader_stats(const mw_render *r, glhle_shader_stats *out)
{
    memset(out, 0, sizeof *out);
    if (r->compute && r->compute->programs)
        gl_program_service_get_stats(r->compute->programs, out);
}

void mw_compute_fini(mw_render *r)
{
    mw_compute *c = r->compute;
    if (!c)
        return;
    const GladGLContext *gl = r->gl_lost ? NULL : &r->ctx->gl;
    if (gl)
        gl_program_service_destroy(c->programs);
    for (uint32_t i = 0; i < c->count; i++)
        free(c->info[i].key);
    if (gl) {
        gl->DeleteBuffers(MW_QMD_CONSTANT_BUFFERS, c->ubo);
        gl->DeleteBuffers(MW_SPIRV_SSBOS, c->ssbo);
    }
    free(c->key);
    free(c->scratch);
    free(c);
    r->compute = NULL;
}

static bool io_read(void *user, uint64_t va, void *dst, size_t size)
{
    const mw_render *r = user;
    return r->io.read(r->io.user, va, dst, size);
}

/* The translation of a new key: its refusals, and what the launch needs (*p). */
static glhle_result translate(mw_render *r, const mw_spirv_input *in, const mw_compute_launch *cl, compute_info *p)
{
    mw_spirv_result tr;
    mw_spirv_result_init(&tr);
    glhle_result res = mw_spirv_translate(in, r->io.log, &tr);
    if (res == GLHLE_RESULT_OK && (tr.cbuf_mask >> MW_QMD_CONSTANT_BUFFERS))
        res = GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: compute program reads constant buffers 0x%x; "
                         "a QMD binds 0-7", tr.cbuf_mask);
    /* a global buffer's address in a constant buffer the QMD cannot bind
     * (the launch would read another buffer's words for it) */
    for (uint32_t i = 0; res == GLHLE_RESULT_OK && i < tr.ssbo_count; i++)
        if (tr.ssbo[i].cbuf >= MW_QMD_CONSTANT_BUFFERS)
            res = GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: compute program's global buffer %u has its "
                             "address in c%u[0x%x]; a QMD binds constant buffers 0-7", i, tr.ssbo[i].cbuf,
                             tr.ssbo[i].offset);
    if (res == GLHLE_RESULT_OK) {
        p->cbuf_mask = tr.cbuf_mask;
        p->tex_mask = tr.tex_mask;
        p->img_mask = tr.img_mask;
        p->img_raw_mask = tr.img_raw_mask;
        p->ssbo_count = tr.ssbo_count;
        for (uint32_t i = 0; i < tr.ssbo_count; i++) {
            p->ssbo[i].cbuf = tr.ssbo[i].cbuf;
            p->ssbo[i].offset = tr.ssbo[i].offset;
        }
    }
    mw_spirv_result_free(&tr);
    return res;
}

/* ---- images (SULD/SUST/SURED/SUATOM) ----
 * A slot's handle is the word at c[SET_BINDLESS_TEXTURE][0x120 + 4 slot]
 * (deko3d's compute image table), its header in the compute engine's own
 * pool (SET_TEX_HEADER_POOL_A/B/C, clb1c0.h); images.h does the rest. */
static glhle_result plan_image(mw_render *r, const uint32_t *regs, const mw_compute_launch *cl, uint32_t slot,
                               mw_image *im, bool quiet)
{
    /* quiet: a slot that may not be one (plan_images' maybe), whose failure is no error */
    const glhle_logger mute = {r->io.log ? r->io.log->fn : NULL, r->io.log ? r->io.log->user : NULL,
                               (glhle_log_level)(GLHLE_LOG_ERROR + 1)};
    const glhle_logger *lg = quiet ? &mute : r->io.log;
    memset(im, 0, sizeof *im);
    im->shares = -1;
    const uint32_t hb = regs[C_SET_BINDLESS_TEXTURE] & 7;
    const uint32_t off = IMG_HANDLE_OFFSET + 4 * slot;
    const mw_compute_cbuf *cb = &cl->cbuf[hb];
    uint32_t h = 0;
    if (!cb->valid || off + 4 > cb->size || !r->io.read(r->io.user, cb->address + off, &h, 4))
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: compute launch: image %u's handle at c%u[0x%x] is not "
                          "in a constant buffer the QMD binds (or is unmapped)", slot, hb, off);
    const uint64_t pool = (uint64_t)(regs[C_SET_TEX_HEADER_POOL_A] & 0xFF) << 32 | regs[C_SET_TEX_HEADER_POOL_B];
    const uint32_t max_index = regs[C_SET_TEX_HEADER_POOL_C] & 0x3FFFFF;
    return mw_image_plan(r, lg, "compute launch", slot, h, hb, off, pool, max_index, im);
}

/* The headers of the image slots the code names (`slots`), their formats
 * into the key. */
static glhle_result plan_images(mw_render *r, const uint32_t *regs, const mw_compute_launch *cl, uint32_t slots,
                                uint32_t maybe, mw_spirv_key *key, mw_image *img)
{
    for (uint32_t i = 0; i < MW_SPIRV_IMG_SLOTS; i++) {
        img[i].f = NULL;
        if (!(slots >> i & 1))
            continue;
        glhle_result res = plan_image(r, regs, cl, i, &img[i], maybe >> i & 1);
        if (res != GLHLE_RESULT_OK && (maybe >> i & 1)) {
            /* one reading of a SUATOM's handle field (mw_spirv_reachable_images):
             * left unbound, the translation reads the field another way */
            memset(&img[i], 0, sizeof img[i]);
            continue;
        }
        if (res != GLHLE_RESULT_OK)
            return res;
        key->img[i] = img[i].key_format;
    }
    return GLHLE_RESULT_OK;
}

/* ---- textures (TEX, TLD, TLD4, TXQ ...) ----
 * A slot's handle is the word at c[SET_BINDLESS_TEXTURE][0xA0 + 4 slot]
 * (deko3d's compute handle table, testdata/maxwell/README "The c0 layout"),
 * or where the walk found a bindless handle's word (mw_spirv_tex_source);
 * header index 19:0 in the compute engine's header pool, sampler index
 * 31:20 in its sampler pool (SET_TEX_SAMPLER_POOL_A/B/C, clb1c0.h), or the
 * header's index when the QMD's SAMPLER_INDEX is VIA_HEADER_INDEX, the
 * header pool's maximum then limiting it (yuzu's compute environment and
 * texture cache read qmd.linked_tsc and the compute class's tic/tsc, not the
 * 3D engine's). The header and sampler become GL objects through the draw
 * path's texture cache (textures.c), bound at texture unit = slot: compute
 * never runs during a draw, so it reuses units 0-15 (through the state
 * tracker, and unbound after the dispatch, so the shadow stays true). */
typedef struct launch_textures {
    uint32_t slots;           /* reachable */
    uint32_t tic[MW_SPIRV_TEX_SLOTS][8], tsc[MW_SPIRV_TEX_SLOTS][8];
    uint32_t tic_index[MW_SPIRV_TEX_SLOTS];
    uint8_t kind[MW_SPIRV_TEX_SLOTS]; /* MW_TEX_* as the key has it */
} launch_textures;

static glhle_result plan_textures(mw_render *r, const uint32_t *regs, const mw_compute_launch *cl,
                                  const mw_spirv_tex_source *src, mw_spirv_key *key, launch_textures *lt)
{
    const glhle_logger *lg = r->io.log;
    const uint32_t pool_max = regs[C_SET_TEX_HEADER_POOL_C] & 0x3FFFFF;
    const mw_tex_pools pools = {
        .tic_address = (uint64_t)(regs[C_SET_TEX_HEADER_POOL_A] & 0xFF) << 32 | regs[C_SET_TEX_HEADER_POOL_B],
        .tsc_address = (uint64_t)(regs[C_SET_TEX_SAMPLER_POOL_A] & 0xFF) << 32 | regs[C_SET_TEX_SAMPLER_POOL_B],
        .tic_max_index = pool_max,
        .tsc_max_index = cl->sampler_via_header ? pool_max : regs[C_SET_TEX_SAMPLER_POOL_C] & 0xFFFFF,
        .sampler_via_header = cl->sampler_via_header,
    };
    for (uint32_t s = 0; s < MW_SPIRV_TEX_SLOTS; s++) {
        if (!(lt->slots >> s & 1))
            continue;
        const uint32_t hb = src[s].moved ? src[s].cbuf : regs[C_SET_BINDLESS_TEXTURE] & 7;
        const uint32_t off = src[s].moved ? src[s].offset : TEX_HANDLE_OFFSET + 4 * s;
        const mw_compute_cbuf *cb = hb < MW_QMD_CONSTANT_BUFFERS ? &cl->cbuf[hb] : NULL;
        uint32_t h = 0;
        if (!cb || !cb->valid || off > cb->size || cb->size - off < 4 ||
            !r->io.read(r->io.user, cb->address + off, &h, 4))
            return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: compute launch: texture %u's handle at c%u[0x%x] is "
                              "not in a constant buffer the QMD binds (or is unmapped)", s, hb, off);
        const uint8_t k = mw_texture_handle_read(r, &pools, h, lt->tic[s], lt->tsc[s], &lt->tic_index[s]);
        if (!k)
            return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "maxwell: compute launch: texture %u's handle 0x%08x "
                              "(c%u[0x%x]) names no valid header and sampler (header pool 0x%010llx, maximum %u; "
                              "sampler pool 0x%010llx, maximum %u%s)", s, h, hb, off,
                              (unsigned long long)pools.tic_address, pools.tic_max_index,
                              (unsigned long long)pools.tsc_address, pools.tsc_max_index,
                              pools.sampler_via_header ? ", sampler index = header index" : "");
        key->tex[s] = lt->kind[s] = k;
    }
    return GLHLE_RESULT_OK;
}

/* Each texture the program samples from the texture cache, with its
 * sampler, at unit = slot; a multisampled one or multisampled array
 * (TLD.MS: no sampler state) from mw_texture_get_ms, all of those first, since getting one may run a
 * pass on unit 0 (textures.c). */
static glhle_result bind_textures(mw_render *r, const compute_info *p, const launch_textures *lt)
{
    GLuint ms[MW_SPIRV_TEX_SLOTS] = {0};
    for (uint32_t s = 0; s < MW_SPIRV_TEX_SLOTS; s++) {
        const uint8_t dim = lt->kind[s] & MW_TEX_KIND_MASK;
        if (!(p->tex_mask >> s & 1) || (dim != MW_TEX_2D_MS && dim != MW_TEX_2D_MS_ARRAY))
            continue;
        glhle_result res = mw_texture_get_ms(r, lt->tic[s], lt->tic_index[s], &ms[s]);
        if (res != GLHLE_RESULT_OK)
            return GLHLE_FAIL(r->io.log, res, "maxwell: compute launch: texture %u (header %u) refused: not "
                              "launched", s, lt->tic_index[s]);
    }
    for (uint32_t s = 0; s < MW_SPIRV_TEX_SLOTS; s++) {
        if (!(p->tex_mask >> s & 1))
            continue;
        if (ms[s]) {
            const bool array = (lt->kind[s] & MW_TEX_KIND_MASK) == MW_TEX_2D_MS_ARRAY;
            gl_state_texture(&r->st, s, array ? GL_TEXTURE_2D_MULTISAMPLE_ARRAY : GL_TEXTURE_2D_MULTISAMPLE, ms[s]);
            gl_state_sampler(&r->st, s, 0);
            continue;
        }
        GLuint tex, smp;
        GLenum target;
        glhle_result res = mw_texture_get_at(r, lt->tic[s], lt->tic_index[s], &tex, &target);
        if (res == GLHLE_RESULT_OK)
            res = mw_sampler_get(r, lt->tsc[s], &smp);
        if (res != GLHLE_RESULT_OK)
            return GLHLE_FAIL(r->io.log, res, "maxwell: compute launch: texture %u (header %u) refused: not "
                              "launched", s, lt->tic_index[s]);
        gl_state_texture(&r->st, s, target, tex);
        gl_state_sampler(&r->st, s, smp);
    }
    return GLHLE_RESULT_OK;
}

static void unbind_textures(mw_render *r, const compute_info *p)
{
    for (uint32_t s = 0; s < MW_SPIRV_TEX_SLOTS; s++)
        if (p->tex_mask >> s & 1) {
            gl_state_texture(&r->st, s, 0, 0); /* unbinds whatever target the slot had */
            gl_state_sampler(&r->st, s, 0);
        }
}

/* The GL program for the code and block size from the program service (a
 * miss translated first, so its refusals are reported as before), and what
 * the translation says about it (kept per key, the least recently used
 * making room). */
static glhle_result get_program(mw_render *r, const mw_sass_code *code, const uint32_t *regs,
                                const mw_compute_launch *cl, mw_image *img, launch_textures *lt,
                                const compute_info **out, GLuint *program)
{
    mw_compute *c = r->compute;
    mw_spirv_input in;
    memset(&in, 0, sizeof in);
    in.code = code->words;
    in.words = code->count;
    in.key.stage = MW_SPIRV_COMPUTE;
    in.key.tex_handle_cbuf = (uint8_t)(regs[C_SET_BINDLESS_TEXTURE] & 7);
    in.key.tex_handle_offset = TEX_HANDLE_OFFSET;
    in.key.img_handle_offset = IMG_HANDLE_OFFSET;
    memcpy(in.local_size, cl->block, sizeof in.local_size);
    /* LDS/STS/ATOMS address a Workgroup array of this many bytes
     * (maxwell_spirv.h): the QMD's SHARED_MEMORY_SIZE (deko3d: the program
     * header's shared_mem_sz) */
    in.shared_bytes = cl->shared_memory_size;
    in.no_subgroups = !r->ctx->info.subgroups; /* as programs.c's text will have it */
    uint32_t img_slots = 0, img_maybe = 0;
    const size_t reach = mw_spirv_reachable_images(&in, &img_slots, &img_maybe);
    mw_spirv_tex_source src[MW_SPIRV_TEX_SLOTS];
    memset(src, 0, sizeof src);
    lt->slots = 0;
    memset(lt->kind, 0, sizeof lt->kind);
    if (reach)
        mw_spirv_reachable_textures(&in, &lt->slots, src);
    compute_info np;
    memset(&np, 0, sizeof np);
    if (reach) {
        glhle_result res = plan_images(r, regs, cl, img_slots, img_maybe, &in.key, img);
        if (res == GLHLE_RESULT_OK)
            res = plan_textures(r, regs, cl, src, &in.key, lt);
        if (res != GLHLE_RESULT_OK)
            return res;
    }
    if (!reach || reach > MW_PROGRAM_MAX_STAGE_WORDS) {
        glhle_result res = translate(r, &in, cl, &np); /* the translator's refusal */
        return res != GLHLE_RESULT_OK ? res
                                      : GLHLE_FAIL(r->io.log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: compute program "
                                                   "at GPU 0x%010llx: %zu reachable words",
                                                   (unsigned long long)cl->program_address, reach);
    }
    const size_t key_len = sizeof(mw_compute_key) + reach * 8;
    if (key_len > c->key_cap) {
        uint8_t *k = realloc(c->key, key_len);
        if (!k)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for a compute program key");
        c->key = k;
        c->key_cap = key_len;
    }
    mw_compute_key_fill(c->key, &in, (uint32_t)reach);
    const uint64_t h = glhle_hash64(c->key, key_len);
    compute_info *found = NULL;
    for (uint32_t i = 0; i < c->count && !found; i++)
        if (c->info[i].hash == h && c->info[i].key_len == key_len && !memcmp(c->info[i].key, c->key, key_len))
            found = &c->info[i];
    if (!found) {
        glhle_result res = translate(r, &in, cl, &np);
        if (res != GLHLE_RESULT_OK)
            return res;
        np.key = malloc(key_len);
        if (!np.key)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for a compute program");
        memcpy(np.key, c->key, key_len);
        np.key_len = (uint32_t)key_len;
        np.hash = h;
        if (c->count == MAX_INFOS) {
            uint32_t lru = 0;
            for (uint32_t i = 1; i < c->count; i++)
                if (c->info[i].last_use < c->info[lru].last_use)
                    lru = i;
            free(c->info[lru].key);
            c->info[lru] = c->info[--c->count];
        }
        c->info[c->count] = np;
        found = &c->info[c->count++];
    }
    found->last_use = ++c->tick;
    glhle_result res = gl_program_service_get(c->programs, c->key, program);
    if (res != GLHLE_RESULT_OK)
        return res;
    *out = found;
    return GLHLE_RESULT_OK;
}

/* Guest bytes [va, va + size) into buf's new store (render targets over
 * them written back first). */
static glhle_result upload(mw_render *r, GLuint buf, uint64_t va, uint32_t size, const char *what, uint32_t index)
{
    uint8_t *tmp = scratch(r->compute, size ? size : 4);
    if (!tmp)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for compute %s %u", what, index);
    glhle_result res = size ? mw_render_flush(r, va, size) : GLHLE_RESULT_OK;
    if (res != GLHLE_RESULT_OK)
        return res;
    if (!size)
        memset(tmp, 0, 4);
    else if (!r->io.read(r->io.user, va, tmp, size))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: compute launch: %s %u at GPU 0x%010llx "
                          "(%u bytes) is not all mapped", what, index, (unsigned long long)va, size);
    r->ctx->gl.NamedBufferData(buf, size ? size : 4, tmp, GL_STREAM_COPY);
    return GLHLE_RESULT_OK;
}

typedef struct ssbo_range {
    uint64_t va;
    uint32_t size;
    int32_t shares;           /* the earlier buffer this one is the same range as, or -1 */
} ssbo_range;

/* Where each global-memory buffer is: the base and size words the
 * translator named, read from the constant buffer guest memory holds. */
static glhle_result ssbo_ranges(mw_render *r, const mw_compute_launch *cl, const compute_info *p,
                                ssbo_range *out)
{
    for (uint32_t i = 0; i < p->ssbo_count; i++) {
        const mw_compute_cbuf *cb = &cl->cbuf[p->ssbo[i].cbuf]; /* < 8: make_program refused the rest */
        const uint32_t off = p->ssbo[i].offset;
        uint32_t desc[3] = {0, 0, 0};
        if (!cb->valid || off + 12u > cb->size || !r->io.read(r->io.user, cb->address + off, desc, 12))
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: compute launch: global buffer %u's address "
                              "is at c%u[0x%x], which the QMD does not bind (or is unmapped)", i, p->ssbo[i].cbuf,
                              off);
        out[i] = (ssbo_range){(uint64_t)desc[1] << 32 | desc[0], desc[2], -1};
        /* guest words: a range past the address space would wrap the
         * overlap tests below (and name memory no GPU has) */
        if (out[i].va >= 1ull << MW_VA_BITS || out[i].size > (1ull << MW_VA_BITS) - out[i].va)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: compute launch: global buffer %u at GPU "
                              "0x%llx (%u bytes, from c%u[0x%x]) runs past the %u-bit address space", i,
                              (unsigned long long)out[i].va, out[i].size, p->ssbo[i].cbuf, off, MW_VA_BITS);
        if (out[i].size > MAX_SSBO_BYTES)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_LIMIT_EXCEEDED, "maxwell: compute launch: global buffer %u at "
                              "GPU 0x%010llx is %u bytes, more than %u", i, (unsigned long long)out[i].va,
                              out[i].size, MAX_SSBO_BYTES);
        for (uint32_t k = 0; k < i; k++) {
            if (out[k].va == out[i].va && out[k].size == out[i].size) {
                out[i].shares = out[k].shares >= 0 ? out[k].shares : (int32_t)k;
                break;
            }
            if (out[i].size && out[k].size && out[k].va < out[i].va + out[i].size &&
                out[i].va < out[k].va + out[k].size)
                return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: compute launch: global buffers %u "
                                  "and %u overlap without being the same range: not supported", k, i);
        }
    }
    return GLHLE_RESULT_OK;
}

/* Buffer i's bytes that the dispatch changed, to guest memory, and the
 * caches over them stale. `before` holds what was uploaded. */
static glhle_result write_back(mw_render *r, GLuint buf, const ssbo_range *s, uint32_t index)
{
    mw_compute *c = r->compute;
    uint8_t *both = scratch(c, (size_t)s->size * 2);
    if (!both)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory to read back global buffer %u",
                          index);
    uint8_t *before = both, *after = both + s->size;
    if (!r->io.read(r->io.user, s->va, before, s->size))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: global buffer %u vanished", index);
    r->ctx->gl.GetNamedBufferSubData(buf, 0, s->size, after);
    if (!mw_render_write_changed(r, s->va, before, after, s->size, &r->stats.compute_writebacks))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: compute launch: global buffer %u could "
                          "not be written back", index);
    return GLHLE_RESULT_OK;
}

glhle_result mw_render_compute(mw_render *r, const uint32_t *regs)
{
    /* the front end decoded the QMD at the launch and reported a bad one:
     * that launch runs nothing, quietly here */
    static const glhle_logger quiet = {NULL, NULL, GLHLE_LOG_ERROR + 1};
    mw_mem_io io = r->io;
    io.log = &quiet;
    mw_compute_launch cl;
    if (mw_compute_launch_decode(regs, &io, &cl) != GLHLE_RESULT_OK)
        return GLHLE_RESULT_OK;
    glhle_result res = gl_context_enter(r->ctx);
    if (res == GLHLE_RESULT_OK)
        res = compute_state(r);
    if (res != GLHLE_RESULT_OK)
        return res;
    const GladGLContext *gl = &r->ctx->gl;
    GLint max_shared = 0, max_count[3] = {0, 0, 0};
    gl->GetIntegerv(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, &max_shared);
    for (GLuint i = 0; i < 3; i++)
        gl->GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &max_count[i]);
    /* each block dimension and the block's threads against this GL's work
     * group (GL 4.5 guarantees 1024 x 1024 x 64 and 1024 invocations;
     * the QMD allows 1024 threads in any shape) */
    GLint max_size[3] = {0, 0, 0}, max_threads = 0;
    for (GLuint i = 0; i < 3; i++)
        gl->GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &max_size[i]);
    gl->GetIntegerv(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, &max_threads);
    if (cl.block[0] > (uint32_t)max_size[0] || cl.block[1] > (uint32_t)max_size[1] ||
        cl.block[2] > (uint32_t)max_size[2] ||
        (uint64_t)cl.block[0] * cl.block[1] * cl.block[2] > (uint64_t)(uint32_t)max_threads)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: compute block %ux%ux%u is larger than this "
                          "GL's work group (%dx%dx%d, %d invocations)", cl.block[0], cl.block[1], cl.block[2],
                          max_size[0], max_size[1], max_size[2], max_threads);
    /* the translator's Workgroup array is the size in words and one sink
     * word past it (maxwell_spirv.c memory_array) */
    const uint32_t shared_gl = cl.shared_memory_size ? (cl.shared_memory_size + 3) / 4 * 4 + 4 : 0;
    if (shared_gl > (uint32_t)max_shared)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: compute launch asks for %u bytes of shared "
                          "memory (%u in GL); this GL has %d", cl.shared_memory_size, shared_gl, max_shared);
    for (int i = 0; i < 3; i++)
        if (cl.grid[i] > (uint32_t)max_count[i])
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: compute grid %ux%ux%u is larger than "
                              "this GL dispatches", cl.grid[0], cl.grid[1], cl.grid[2]);
    const mw_sass_fetch_desc fd = {.read = io_read, .user = r, .address = cl.program_address, .log = r->io.log};
    mw_sass_code code;
    res = mw_sass_fetch(&fd, &code);
    const compute_info *p = NULL;
    GLuint program = 0;
    mw_image img[MW_SPIRV_IMG_SLOTS];
    memset(img, 0, sizeof img);
    launch_textures lt;
    if (res == GLHLE_RESULT_OK)
        res = get_program(r, &code, regs, &cl, img, &lt, &p, &program);
    mw_sass_code_free(&code);
    if (res != GLHLE_RESULT_OK)
        return res;
    for (uint32_t i = 0; i < MW_QMD_CONSTANT_BUFFERS && res == GLHLE_RESULT_OK; i++) {
        if (!(p->cbuf_mask >> i & 1))
            continue;
        if (!cl.cbuf[i].valid)
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_BAD_DATA, "maxwell: the compute program reads constant buffer "
                              "%u, which the QMD does not bind", i);
        res = upload(r, r->compute->ubo[i], cl.cbuf[i].address, cl.cbuf[i].size, "constant buffer", i);
        gl->BindBufferBase(GL_UNIFORM_BUFFER, MW_SPIRV_COMPUTE * MW_GL_UBOS_PER_STAGE + i, r->compute->ubo[i]);
    }
    ssbo_range s[MW_SPIRV_SSBOS];
    if (res == GLHLE_RESULT_OK)
        res = ssbo_ranges(r, &cl, p, s);
    for (uint32_t i = 0; i < p->ssbo_count && res == GLHLE_RESULT_OK; i++) {
        const GLuint buf = r->compute->ssbo[s[i].shares >= 0 ? (uint32_t)s[i].shares : i];
        if (s[i].shares < 0)
            res = upload(r, buf, s[i].va, s[i].size, "global buffer", i);
        gl->BindBufferBase(GL_SHADER_STORAGE_BUFFER, i, buf);
    }
    /* two buffers or images over the same bytes could not be merged */
    mw_image_span avoid[MW_SPIRV_SSBOS];
    for (uint32_t i = 0; i < p->ssbo_count; i++)
        avoid[i] = (mw_image_span){s[i].va, s[i].size, "global buffer", i};
    if (res == GLHLE_RESULT_OK)
        res = mw_images_bind(r, "compute launch", img, p->img_mask, p->img_raw_mask, avoid, p->ssbo_count);
    if (res == GLHLE_RESULT_OK && (res = bind_textures(r, p, &lt)) != GLHLE_RESULT_OK)
        mw_images_unbind(r, p->img_mask);
    if (res != GLHLE_RESULT_OK) {
        unbind_textures(r, p);
        return res;
    }
    gl_state_program(&r->st, program);
    gl->DispatchCompute(cl.grid[0], cl.grid[1], cl.grid[2]);
    unbind_textures(r, p);
    /* the SSBOs read back, the images through glGetTextureImage (an FBO
     * and glReadPixels on ES, gl_caps.h) */
    gl->MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT);
    for (uint32_t i = 0; i < p->ssbo_count && res == GLHLE_RESULT_OK; i++)
        if (s[i].shares < 0 && s[i].size)
            res = write_back(r, r->compute->ssbo[i], &s[i], i);
    if (res == GLHLE_RESULT_OK)
        res = mw_images_write_back(r, "compute launch", img, p->img_mask, p->img_raw_mask,
                                   &r->stats.compute_writebacks);
    else
        mw_images_unbind(r, p->img_mask);
    r->stats.launches++;
    return res;
}
