/* Maxwell compute launches on GL (compute.h).
 *
 * A launch (clb1c0.h SEND_SIGNALING_PCAS_B SCHEDULE) names its QMD
 * (engines/compute_qmd.c decodes it): the program at SET_PROGRAM_REGION +
 * PROGRAM_OFFSET (no SPH: the first bundle is at the offset), the grid
 * (CTA_RASTER_*) and block (CTA_THREAD_DIMENSION*) sizes, the shared memory
 * size and up to eight constant buffers (CONSTANT_BUFFER_VALID bits, each
 * address and size). The code is fetched, translated for the compute stage
 * with the block size as its local size (shadergen/maxwell_spirv.h), turned
 * into GLSL and linked once per code and block size.
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
#include "backend/maxwell/shader/sass_fetch.h"
#include "shadergen/maxwell_spirv.h"
#include "shadergen/spirv_glsl.h"

#define MAX_PROGRAMS 32u
#define MAX_SSBO_BYTES (64u << 20)

typedef struct compute_program {
    uint64_t hash;            /* of the code words and the block size */
    uint64_t *code;           /* a copy of the words: a hash is not identity */
    size_t words;
    uint32_t block[3];
    GLuint program;
    uint32_t cbuf_mask;
    uint32_t ssbo_count;
    struct {
        uint8_t cbuf;
        uint16_t offset;
    } ssbo[MW_SPIRV_SSBOS];
    uint64_t last_use;
} compute_program;

struct mw_compute {
    compute_program prog[MAX_PROGRAMS];
    uint32_t count;
    uint64_t tick;
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
    return GLHLE_RESULT_OK;
}

void mw_compute_fini(mw_render *r)
{
    mw_compute *c = r->compute;
    if (!c)
        return;
    const GladGLContext *gl = r->gl_lost ? NULL : &r->ctx->gl;
    for (uint32_t i = 0; i < c->count; i++) {
        if (gl)
            gl->DeleteProgram(c->prog[i].program);
        free(c->prog[i].code);
    }
    if (gl) {
        gl->DeleteBuffers(MW_QMD_CONSTANT_BUFFERS, c->ubo);
        gl->DeleteBuffers(MW_SPIRV_SSBOS, c->ssbo);
    }
    free(c->scratch);
    free(c);
    r->compute = NULL;
}

static bool io_read(void *user, uint64_t va, void *dst, size_t size)
{
    const mw_render *r = user;
    return r->io.read(r->io.user, va, dst, size);
}

static glhle_result link_compute(mw_render *r, const char *src, GLuint *out)
{
    const GladGLContext *gl = &r->ctx->gl;
    GLuint sh = gl->CreateShader(GL_COMPUTE_SHADER);
    gl->ShaderSource(sh, 1, &src, NULL);
    gl->CompileShader(sh);
    GLint ok = 0;
    char info[1024] = "";
    gl->GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        gl->GetShaderInfoLog(sh, sizeof info, NULL, info);
        gl->DeleteShader(sh);
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_SHADER_ERROR, "maxwell: a translated compute shader does not "
                          "compile: %s", info);
    }
    GLuint p = gl->CreateProgram();
    gl->AttachShader(p, sh);
    gl->LinkProgram(p);
    gl->DeleteShader(sh);
    gl->GetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        gl->GetProgramInfoLog(p, sizeof info, NULL, info);
        gl->DeleteProgram(p);
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_SHADER_ERROR, "maxwell: a translated compute shader does not "
                          "link: %s", info);
    }
    *out = p;
    return GLHLE_RESULT_OK;
}

/* Translation, GLSL and the link of a new program into *p. */
static glhle_result make_program(mw_render *r, const mw_sass_code *code, const mw_compute_launch *cl,
                                 compute_program *p)
{
    mw_spirv_input in;
    memset(&in, 0, sizeof in);
    in.code = code->words;
    in.words = code->count;
    in.key.stage = MW_SPIRV_COMPUTE;
    in.key.tex_handle_cbuf = 0;
    in.key.tex_handle_offset = 0xa0; /* deko3d's compute handle block (testdata/maxwell/README) */
    memcpy(in.local_size, cl->block, sizeof in.local_size);
    mw_spirv_result tr;
    mw_spirv_result_init(&tr);
    glhle_bytebuf glsl;
    glhle_bytebuf_init(&glsl, 0);
    glhle_result res = mw_spirv_translate(&in, r->io.log, &tr);
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
        spv_glsl_binding bind[MW_SPIRV_CBUFS + MW_SPIRV_TEX_SLOTS + MW_SPIRV_SSBOS];
        /* the module's bytes, aligned for the word reader */
        uint32_t *words = (uint32_t *)(void *)scratch(r->compute, tr.spirv.size ? tr.spirv.size : 4);
        if (!words) {
            res = GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for a SPIR-V module");
        } else {
            memcpy(words, tr.spirv.data, tr.spirv.size);
            const spv_glsl_options opt = {.es = r->ctx->info.gles, .bindings = bind,
                                          .binding_count = mw_spirv_gl_bindings(&tr, MW_SPIRV_COMPUTE, bind)};
            res = spv_to_glsl(words, tr.spirv.size / 4, &opt, r->io.log, &glsl);
        }
    }
    GLuint prog = 0;
    if (res == GLHLE_RESULT_OK)
        res = link_compute(r, glhle_bytebuf_cstr(&glsl), &prog);
    if (res == GLHLE_RESULT_OK) {
        p->program = prog;
        p->cbuf_mask = tr.cbuf_mask;
        p->ssbo_count = tr.ssbo_count;
        for (uint32_t i = 0; i < tr.ssbo_count; i++) {
            p->ssbo[i].cbuf = tr.ssbo[i].cbuf;
            p->ssbo[i].offset = tr.ssbo[i].offset;
        }
        r->stats.programs++;
    }
    glhle_bytebuf_free(&glsl);
    mw_spirv_result_free(&tr);
    return res;
}

static uint64_t program_hash(const mw_sass_code *code, const uint32_t block[3])
{
    return glhle_hash64(code->words, code->count * 8) ^ glhle_hash64(block, 12) * 0x9E3779B97F4A7C15ull;
}

/* The GL program for the code and block size: kept, or made (the least
 * recently used one makes room). */
static glhle_result get_program(mw_render *r, const mw_sass_code *code, const mw_compute_launch *cl,
                                compute_program **out)
{
    mw_compute *c = r->compute;
    const uint64_t h = program_hash(code, cl->block);
    for (uint32_t i = 0; i < c->count; i++) {
        compute_program *p = &c->prog[i];
        if (p->hash == h && p->words == code->count && !memcmp(p->block, cl->block, sizeof p->block) &&
            !memcmp(p->code, code->words, code->count * 8)) {
            p->last_use = ++c->tick;
            *out = p;
            return GLHLE_RESULT_OK;
        }
    }
    compute_program np;
    memset(&np, 0, sizeof np);
    np.code = malloc(code->count * 8);
    if (!np.code)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_OUT_OF_MEMORY, "maxwell: no memory for a compute program");
    glhle_result res = make_program(r, code, cl, &np);
    if (res != GLHLE_RESULT_OK) {
        free(np.code);
        return res;
    }
    memcpy(np.code, code->words, code->count * 8);
    np.words = code->count;
    np.hash = h;
    memcpy(np.block, cl->block, sizeof np.block);
    if (c->count == MAX_PROGRAMS) {
        uint32_t lru = 0;
        for (uint32_t i = 1; i < c->count; i++)
            if (c->prog[i].last_use < c->prog[lru].last_use)
                lru = i;
        r->ctx->gl.DeleteProgram(c->prog[lru].program);
        free(c->prog[lru].code);
        c->prog[lru] = c->prog[--c->count];
    }
    np.last_use = ++c->tick;
    c->prog[c->count] = np;
    *out = &c->prog[c->count++];
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
static glhle_result ssbo_ranges(mw_render *r, const mw_compute_launch *cl, const compute_program *p,
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
    if (cl.shared_memory_size > (uint32_t)max_shared)
        return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: compute launch asks for %u bytes of shared "
                          "memory; this GL has %d", cl.shared_memory_size, max_shared);
    for (int i = 0; i < 3; i++)
        if (cl.grid[i] > (uint32_t)max_count[i])
            return GLHLE_FAIL(r->io.log, GLHLE_RESULT_UNSUPPORTED, "maxwell: compute grid %ux%ux%u is larger than "
                              "this GL dispatches", cl.grid[0], cl.grid[1], cl.grid[2]);
    const mw_sass_fetch_desc fd = {.read = io_read, .user = r, .address = cl.program_address, .log = r->io.log};
    mw_sass_code code;
    res = mw_sass_fetch(&fd, &code);
    compute_program *p = NULL;
    if (res == GLHLE_RESULT_OK)
        res = get_program(r, &code, &cl, &p);
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
    gl_state_program(&r->st, p->program);
    gl->DispatchCompute(cl.grid[0], cl.grid[1], cl.grid[2]);
    gl->MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    for (uint32_t i = 0; i < p->ssbo_count && res == GLHLE_RESULT_OK; i++)
        if (s[i].shares < 0 && s[i].size)
            res = write_back(r, r->compute->ssbo[i], &s[i], i);
    r->stats.launches++;
    return res;
}
