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
 * Not done: textures, images (SULD/SUST), bindless handles in compute (a
 * program sampling one is refused), indirect dispatch (deko3d's uses the
 * QMD's grid written by a DMA copy, which works as it lands in memory),
 * QMD dependent launches. */
#include "backend/maxwell/render/compute.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/maxwell/memory/address_space.h"
#include "backend/maxwell/render/programs.h"
#include "backend/maxwell/shader/sass_fetch.h"
#include "shadergen/maxwell_spirv.h"

#define MAX_INFOS 32u          /* translations' findings kept (one per program key) */
#define MAX_PROGRAMS 256u      /* linked compute programs the service keeps by default */
#define MAX_SSBO_BYTES (64u << 20)

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
        .host = mw_program_host_bits(&r->ctx->info, true),
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
    if (res == GLHLE_RESULT_OK && tr.tex_mask)
        res = GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: compute program at GPU 0x%010llx samples "
                         "textures: not supported yet", (unsigned long long)cl->program_address);
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
        p->ssbo_count = tr.ssbo_count;
        for (uint32_t i = 0; i < tr.ssbo_count; i++) {
            p->ssbo[i].cbuf = tr.ssbo[i].cbuf;
            p->ssbo[i].offset = tr.ssbo[i].offset;
        }
    }
    mw_spirv_result_free(&tr);
    return res;
}

/* The GL program for the code and block size from the program service (a
 * miss translated first, so its refusals are reported as before), and what
 * the translation says about it (kept per key, the least recently used
 * making room). */
static glhle_result get_program(mw_render *r, const mw_sass_code *code, const mw_compute_launch *cl,
                                const compute_info **out, GLuint *program)
{
    mw_compute *c = r->compute;
    mw_spirv_input in;
    memset(&in, 0, sizeof in);
    in.code = code->words;
    in.words = code->count;
    in.key.stage = MW_SPIRV_COMPUTE;
    in.key.tex_handle_cbuf = 0;
    in.key.tex_handle_offset = 0xa0; /* deko3d's compute handle block (testdata/maxwell/README) */
    memcpy(in.local_size, cl->block, sizeof in.local_size);
    /* LDS/STS/ATOMS address a Workgroup array of this many bytes
     * (maxwell_spirv.h): the QMD's SHARED_MEMORY_SIZE (deko3d: the program
     * header's shared_mem_sz) */
    in.shared_bytes = cl->shared_memory_size;
    in.no_subgroups = !r->ctx->info.subgroups; /* as programs.c's text will have it */
    const size_t reach = mw_spirv_reachable_words(&in);
    compute_info np;
    memset(&np, 0, sizeof np);
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
    uint32_t lo = 0, hi = s->size;
    while (lo < hi && before[lo] == after[lo])
        lo++;
    while (hi > lo && before[hi - 1] == after[hi - 1])
        hi--;
    if (lo == hi)
        return GLHLE_RESULT_OK;
    if (!r->io.write(r->io.user, s->va + lo, after + lo, hi - lo))
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_BOUNDS, "maxwell: compute launch: global buffer %u could "
                          "not be written back", index);
    mw_render_invalidate(r, s->va + lo, hi - lo);
    r->stats.compute_writebacks += hi - lo;
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
    if (res == GLHLE_RESULT_OK)
        res = get_program(r, &code, &cl, &p, &program);
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
    if (res != GLHLE_RESULT_OK)
        return res;
    gl_state_program(&r->st, program);
    gl->DispatchCompute(cl.grid[0], cl.grid[1], cl.grid[2]);
    gl->MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    for (uint32_t i = 0; i < p->ssbo_count && res == GLHLE_RESULT_OK; i++)
        if (s[i].shares < 0 && s[i].size)
            res = write_back(r, r->compute->ssbo[i], &s[i], i);
    r->stats.launches++;
    return res;
}
