/* Stage surface/: guest memory as GL surfaces -- the surface cache, its
 * page table and passes, the display operations (display.c) and
 * presentation (present.c). Owns every surface texture and the frame. May
 * call: texture/, frontend/ (memory, pica_state), backend/gl and
 * backend/common; it is handed what it reads (its *_desc structs). */
/* The PICA surface cache (surface_cache.h has the rules this file keeps).
 *
 * Layout of this file: surfaces and their geometry; the hash table, LRU
 * and page table; GL storage; uploads and write-backs; validation from
 * other surfaces; the coherence operations; render targets, textures,
 * cube maps and screens; the display operations on the GPU. */
#include "backend/pica/surface/surface_cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/gl/gl_caps.h"
#include "backend/gl/gl_context.h"
#include "backend/gl/gl_state.h"
#include "backend/pica/surface/display.h"
#include "backend/pica/surface/gl_pass.h"
#include "backend/pica/surface/page_table.h"
#include "backend/pica/surface/surface_passes.h"

#define MAX_SURFACES 4096u
#define HASH_SLOTS 8192u /* a power of two, twice MAX_SURFACES */
#define NONE 0xFFFFFFFFu
#define MAX_FBOS 32u
#define MAX_CUBES 16u
#define QUERY_DEPTH 4u
#define LOGGED_RING 32u
#define DEFAULT_BUDGET (256ull << 20)

typedef struct surface {
    pica_surface_key key;
    uint64_t hash;
    uint64_t serial;   /* unique per creation: tells a reused slot apart */
    bool used;
    /* geometry (geometry()) */
    uint32_t span;      /* bytes from key.addr to one past the last byte */
    uint32_t rows;      /* guest rows per group */
    uint32_t groups;
    uint32_t row_bytes; /* bytes of one group (<= pitch) */
    uint32_t unit_px, unit_bytes; /* a tile / block / texel across */
    uint8_t bits;
    bool depth, chain;
    /* GL */
    GLuint tex, fbo;   /* fbo: this texture alone (colour or depth-stencil), made on demand */
    uint32_t gl_w, gl_h;
    size_t gpu_bytes;
    /* state */
    uint64_t *valid, *dirty; /* one bit per group; dirty implies valid */
    uint32_t n_valid, n_dirty;
    uint64_t last_use;       /* epoch of the last use: surfaces of this epoch are never evicted */
    uint64_t gen;            /* moves whenever the contents change (cube maps watch it) */
    uint32_t lru_prev, lru_next; /* most recently used at lru_head; free slots chain through lru_next */
    bool unmapped_logged;
    /* the draw path wrote it: texels may be finer than the format holds
     * (an RGB565 target stored as RGBA8); canonicalise() before the GPU
     * reads it as data */
    bool raw;
    /* shadow-map rendering wrote it last: its texels are depth24 << 8 |
     * intensity words, so a flush at scale takes one sample per texel (as
     * depth does) instead of averaging bytes */
    bool words;
    GLuint word_view; /* R32UI view of tex for shadow-map passes, made on first use; 0 until then */
} surface;

typedef struct fbo_entry {
    uint32_t color, depth;           /* surface ids or NONE */
    uint64_t color_serial, depth_serial;
    GLuint fbo;
    uint64_t last_use;
} fbo_entry;

typedef struct cube_entry {
    uint32_t face[6];
    uint64_t face_serial[6], face_gen[6];
    pica_surface_key face_key[6];
    GLuint tex;
    uint32_t size, levels;
    pica_texfmt format;
    uint64_t last_use;
    size_t bytes;
} cube_entry;

/* Where surface `o`'s groups and texels land in surface `s`'s coordinates
 * (both with the same row pitch): o's group g is s's group g + gd, o's
 * unit u is s's unit u + xu. */
typedef struct mapping {
    int64_t gd, xu;
    bool full; /* o's rows cover s's rows entirely */
} mapping;

struct pica_surface_cache {
    glhle_context *ctx;
    GladGLContext *gl;
    const pica_memory *mem;
    const glhle_logger *log;
    gl_state *st;
    uint32_t scale;
    size_t budget;
    glhle_pica_stats *stats;
    glhle_pica_stats own_stats;
    surface *surf;
    uint32_t free_head;
    uint32_t lru_head, lru_tail;
    uint32_t hash[HASH_SLOTS];
    uint64_t epoch, serial;
    pica_page_table pt;
    uint32_t *query_ids[QUERY_DEPTH];
    uint32_t query_depth;
    uint32_t *donor;          /* per group of a validated run: the donor surface */
    pica_passes *passes;
    GLuint null_tex;
    fbo_entry fbos[MAX_FBOS];
    cube_entry cubes[MAX_CUBES];
    GLuint stage_color, stage_color_fbo;
    uint32_t stage_cw, stage_ch;
    GLuint canon_tex, canon_fbo; /* scratch target of canonicalise(), grown */
    uint32_t canon_w, canon_h;
    uint8_t *scratch, *scratch2;
    size_t scratch_size, scratch2_size;
    /* the last render-target binding */
    bool last_valid;
    pica_framebuffer_state last_fb;
    pica_render_targets last_rt;
    uint32_t bound_color, bound_depth;
    uint64_t bound_color_serial, bound_depth_serial;
    uint64_t logged[LOGGED_RING];
    uint32_t logged_next;
};

/* ---- small helpers ---------------------------------------------------------------- */

static bool bm_get(const uint64_t *bm, uint32_t i)
{
    return (bm[i >> 6] >> (i & 63)) & 1;
}

/* Sets bits [a, b) to v; returns how many changed. */
static uint32_t bm_fill(uint64_t *bm, uint32_t a, uint32_t b, bool v)
{
    uint32_t changed = 0;
    for (uint32_t i = a; i < b; i++) {
        uint64_t m = 1ull << (i & 63);
        if (((bm[i >> 6] & m) != 0) != v) {
            bm[i >> 6] ^= m;
            changed++;
        }
    }
    return changed;
}

/* Whether bits [a, b) all equal v, a word at a time (the per-draw check). */
static bool bm_all(const uint64_t *bm, uint32_t a, uint32_t b, bool v)
{
    const uint64_t want = v ? ~0ull : 0;
    while (a < b) {
        const uint32_t n = b - a < 64 - (a & 63) ? b - a : 64 - (a & 63);
        const uint64_t mask = (n == 64 ? ~0ull : ((1ull << n) - 1)) << (a & 63);
        if ((bm[a >> 6] & mask) != (want & mask))
            return false;
        a += n;
    }
    return true;
}

/* The next run [r0, r1) of bits equal to v within [i, end). */
static bool bm_run(const uint64_t *bm, uint32_t i, uint32_t end, bool v, uint32_t *r0, uint32_t *r1)
{
    while (i < end && bm_get(bm, i) != v)
        i++;
    if (i >= end)
        return false;
    *r0 = i;
    while (i < end && bm_get(bm, i) == v)
        i++;
    *r1 = i;
    return true;
}

static void set_valid(surface *s, uint32_t a, uint32_t b, bool v)
{
    uint32_t n = bm_fill(s->valid, a, b, v);
    s->n_valid = v ? s->n_valid + n : s->n_valid - n;
}

static void set_dirty(surface *s, uint32_t a, uint32_t b, bool v)
{
    uint32_t n = bm_fill(s->dirty, a, b, v);
    s->n_dirty = v ? s->n_dirty + n : s->n_dirty - n;
}

static inline uint32_t gstart(const surface *s, uint32_t g)
{
    return s->key.addr + g * s->key.pitch;
}

static inline uint32_t gend(const surface *s, uint32_t g)
{
    return s->chain ? s->key.addr + s->span : gstart(s, g) + s->row_bytes;
}

/* Groups [g0, g1) whose bytes intersect [a, b). */
static bool groups_touching(const surface *s, uint64_t a, uint64_t b, uint32_t *g0, uint32_t *g1)
{
    const uint64_t base = s->key.addr, end = base + s->span;
    if (a >= end || b <= base || a >= b)
        return false;
    if (s->chain) {
        *g0 = 0, *g1 = 1;
        return true;
    }
    uint64_t first = a <= base ? 0 : (a - base) / s->key.pitch;
    if (first < s->groups && a >= base + first * s->key.pitch + s->row_bytes)
        first++; /* a starts in the gap after that group */
    uint64_t last = (b - 1 - base) / s->key.pitch;
    if (last >= s->groups)
        last = s->groups - 1;
    if (first > last)
        return false;
    *g0 = (uint32_t)first, *g1 = (uint32_t)last + 1;
    return true;
}

/* Groups [g0, g1) lying wholly inside [a, b). */
static bool groups_inside(const surface *s, uint64_t a, uint64_t b, uint32_t *g0, uint32_t *g1)
{
    uint32_t t0, t1;
    if (!groups_touching(s, a, b, &t0, &t1))
        return false;
    if (gstart(s, t0) < a)
        t0++;
    if (t1 > t0 && gend(s, t1 - 1) > b)
        t1--;
    if (t0 >= t1)
        return false;
    *g0 = t0, *g1 = t1;
    return true;
}

static uint32_t bytes_of(const surface *s, uint32_t g0, uint32_t g1)
{
    return gend(s, g1 - 1) - gstart(s, g0);
}

static GLenum gl_format(const surface *s)
{
    return s->depth ? GL_DEPTH_STENCIL : GL_RGBA;
}

static GLenum gl_type(const surface *s)
{
    return s->depth ? GL_UNSIGNED_INT_24_8 : GL_UNSIGNED_BYTE;
}

/* Scratch buffers hold no data between uses, so growing drops the old
 * contents. They start on a cache line: the codecs' 64-byte row stores
 * then fill whole lines (decodes ran 20-30% faster in bench_texcodec). */
static bool grow(uint8_t **buf, size_t *size, size_t need)
{
    if (*size >= need)
        return true;
    const size_t rounded = (need + 63) / 64 * 64;
    uint8_t *p = rounded >= need ? aligned_alloc(64, rounded) : NULL;
    if (!p)
        return false;
    free(*buf);
    *buf = p;
    *size = rounded;
    return true;
}

/* ---- queries (nested up to QUERY_DEPTH) -------------------------------------------- */

typedef struct idlist {
    uint32_t *ids;
    uint32_t n;
} idlist;

static idlist query_push(pica_surface_cache *c, uint32_t addr, uint64_t size)
{
    idlist l = {c->query_ids[c->query_depth++], 0};
    if (size > 0xFFFFFFFFull)
        size = 0xFFFFFFFFull;
    l.n = pica_page_table_query(&c->pt, addr, (uint32_t)size, l.ids, MAX_SURFACES);
    if (l.n > MAX_SURFACES)
        l.n = MAX_SURFACES;
    return l;
}

static void query_pop(pica_surface_cache *c)
{
    c->query_depth--;
}

/* ---- hash table and LRU ---------------------------------------------------------------- */

static uint32_t hash_find(const pica_surface_cache *c, const pica_surface_key *k, uint64_t h)
{
    for (uint32_t i = (uint32_t)h & (HASH_SLOTS - 1);; i = (i + 1) & (HASH_SLOTS - 1)) {
        uint32_t id = c->hash[i];
        if (id == NONE)
            return NONE;
        if (c->surf[id].hash == h && memcmp(&c->surf[id].key, k, sizeof *k) == 0)
            return id;
    }
}

static void hash_insert(pica_surface_cache *c, uint32_t id)
{
    uint32_t i = (uint32_t)c->surf[id].hash & (HASH_SLOTS - 1);
    while (c->hash[i] != NONE)
        i = (i + 1) & (HASH_SLOTS - 1);
    c->hash[i] = id;
}

/* Linear-probing deletion by backward shift: no tombstones. */
static void hash_remove(pica_surface_cache *c, uint32_t id)
{
    uint32_t i = (uint32_t)c->surf[id].hash & (HASH_SLOTS - 1);
    while (c->hash[i] != id)
        i = (i + 1) & (HASH_SLOTS - 1);
    for (uint32_t j = (i + 1) & (HASH_SLOTS - 1);; j = (j + 1) & (HASH_SLOTS - 1)) {
        uint32_t e = c->hash[j];
        if (e == NONE)
            break;
        uint32_t home = (uint32_t)c->surf[e].hash & (HASH_SLOTS - 1);
        /* move e into the hole at i unless its home lies cyclically in (i, j] */
        if (((j - home) & (HASH_SLOTS - 1)) >= ((j - i) & (HASH_SLOTS - 1))) {
            c->hash[i] = e;
            i = j;
        }
    }
    c->hash[i] = NONE;
}

static void lru_unlink(pica_surface_cache *c, uint32_t id)
{
    surface *s = &c->surf[id];
    if (s->lru_prev != NONE)
        c->surf[s->lru_prev].lru_next = s->lru_next;
    else
        c->lru_head = s->lru_next;
    if (s->lru_next != NONE)
        c->surf[s->lru_next].lru_prev = s->lru_prev;
    else
        c->lru_tail = s->lru_prev;
    s->lru_prev = s->lru_next = NONE;
}

static void lru_push_front(pica_surface_cache *c, uint32_t id)
{
    surface *s = &c->surf[id];
    s->lru_prev = NONE;
    s->lru_next = c->lru_head;
    if (c->lru_head != NONE)
        c->surf[c->lru_head].lru_prev = id;
    c->lru_head = id;
    if (c->lru_tail == NONE)
        c->lru_tail = id;
}

static void touch(pica_surface_cache *c, uint32_t id)
{
    c->surf[id].last_use = c->epoch;
    if (c->lru_head != id) {
        lru_unlink(c, id);
        lru_push_front(c, id);
    }
}

/* ---- geometry ------------------------------------------------------------------------- */

static void geometry(surface *s)
{
    const pica_surface_key *k = &s->key;
    const pica_texfmt_info *fi = pica_texfmt_get_info((pica_texfmt)k->format);
    s->bits = fi->bits_per_texel;
    s->depth = fi->depth;
    s->rows = k->layout == PICA_LAYOUT_TILED8 ? 8 : k->layout == PICA_LAYOUT_TILED32 ? 32 : 1;
    s->unit_px = s->rows;
    s->unit_bytes = s->unit_px * s->rows * s->bits / 8;
    s->row_bytes = k->width / s->unit_px * s->unit_bytes;
    s->chain = k->levels > 1;
    if (s->chain) {
        s->groups = 1;
        s->rows = k->height;
        s->span = (uint32_t)pica_mip_chain_size((pica_texfmt)k->format, k->width, k->height, k->levels);
    } else {
        s->groups = k->height / s->rows;
        s->span = (s->groups - 1) * k->pitch + s->row_bytes;
    }
    s->gl_w = k->width * k->scale;
    s->gl_h = k->height * k->scale;
}

/* The packed row-group pitch of an image. */
static uint32_t packed_pitch(pica_texfmt f, pica_layout l, uint32_t width)
{
    const uint32_t rows = l == PICA_LAYOUT_TILED8 ? 8 : l == PICA_LAYOUT_TILED32 ? 32 : 1;
    return width * rows * pica_texfmt_get_info(f)->bits_per_texel / 8;
}

static pica_surface_key make_key(uint32_t addr, uint32_t w, uint32_t h, uint32_t pitch, pica_texfmt f, pica_layout l,
                                 uint32_t levels, uint32_t scale)
{
    pica_surface_key k;
    memset(&k, 0, sizeof k);
    k.addr = addr;
    k.width = w;
    k.height = h;
    k.pitch = pitch ? pitch : packed_pitch(f, l, w);
    k.format = (uint8_t)f;
    k.layout = (uint8_t)l;
    k.levels = (uint8_t)levels;
    k.scale = (uint8_t)scale;
    return k;
}

/* ---- GL storage ------------------------------------------------------------------------- */

static GLuint surface_fbo(pica_surface_cache *c, surface *s)
{
    if (!s->fbo) {
        c->gl->CreateFramebuffers(1, &s->fbo);
        c->gl->NamedFramebufferTexture(s->fbo, s->depth ? GL_DEPTH_STENCIL_ATTACHMENT : GL_COLOR_ATTACHMENT0, s->tex,
                                       0);
    }
    return s->fbo;
}

static void delete_fbos_of(pica_surface_cache *c, uint32_t id)
{
    for (uint32_t i = 0; i < MAX_FBOS; i++) {
        fbo_entry *e = &c->fbos[i];
        if (e->fbo && (e->color == id || e->depth == id)) {
            pica_pass_forget_fbo(c->st, e->fbo);
            c->gl->DeleteFramebuffers(1, &e->fbo);
            memset(e, 0, sizeof *e);
        }
    }
    if (c->bound_color == id || c->bound_depth == id)
        c->last_valid = false;
}

static void flush_groups(pica_surface_cache *c, surface *s, uint32_t g0, uint32_t g1, uint64_t ex_a, uint64_t ex_b);

static void release(pica_surface_cache *c, uint32_t id)
{
    surface *s = &c->surf[id];
    delete_fbos_of(c, id);
    if (s->fbo) {
        pica_pass_forget_fbo(c->st, s->fbo);
        c->gl->DeleteFramebuffers(1, &s->fbo);
    }
    pica_pass_forget_texture(c->st, s->tex);
    c->gl->DeleteTextures(1, &s->tex);
    if (s->word_view)
        c->gl->DeleteTextures(1, &s->word_view);
    pica_page_table_remove(&c->pt, s->key.addr, s->span, id);
    hash_remove(c, id);
    lru_unlink(c, id);
    c->stats->bytes_resident -= s->gpu_bytes;
    c->stats->surfaces_resident--;
    free(s->valid);
    memset(s, 0, sizeof *s);
    s->lru_next = c->free_head;
    c->free_head = id;
}

static void evict(pica_surface_cache *c, uint32_t id)
{
    surface *s = &c->surf[id];
    if (s->n_dirty)
        flush_groups(c, s, 0, s->groups, 1, 0);
    release(c, id);
    c->stats->evictions++;
}

/* Evicts least recently used surfaces not used in this epoch, clean ones
 * first, until `need` more bytes fit the budget and a slot is free. */
static void make_room(pica_surface_cache *c, size_t need)
{
    for (int pass = 0; pass < 2; pass++) {
        uint32_t id = c->lru_tail;
        while (id != NONE && (c->stats->bytes_resident + need > c->budget || c->free_head == NONE)) {
            uint32_t prev = c->surf[id].lru_prev;
            if (c->surf[id].last_use != c->epoch && (pass == 1 || !c->surf[id].n_dirty))
                evict(c, id);
            id = prev;
        }
    }
}

/* Checks a key against guest memory and the GL; logs what is wrong. */
static glhle_result check_key(pica_surface_cache *c, const pica_surface_key *k, const char *what)
{
    const pica_surface ps = {(pica_texfmt)k->format, (pica_layout)k->layout, k->width, k->height, k->pitch};
    const glhle_logger quiet = {.min_level = GLHLE_LOG_ERROR + 1};
    if (pica_surface_check(&ps, &quiet) != GLHLE_RESULT_OK)
        return GLHLE_FAIL(c->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: %s at 0x%08x: a %ux%u %s image is not one the PICA can address (sides 1..%u, whole "
                          "tiles); skipped",
                          what, k->addr, k->width, k->height, pica_texfmt_get_info((pica_texfmt)k->format)->name,
                          PICA_MAX_SIDE);
    surface probe = {.key = *k};
    geometry(&probe);
    if ((uint64_t)k->addr + probe.span > 0x100000000ull || !pica_memory_ptr(c->mem, k->addr, probe.span))
        return GLHLE_FAIL(c->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "pica: %s at 0x%08x+0x%x (%ux%u %s) is not inside one memory mapping; skipped", what, k->addr,
                          probe.span, k->width, k->height, pica_texfmt_get_info((pica_texfmt)k->format)->name);
    const uint64_t max = (uint64_t)c->ctx->info.max_texture_size;
    if ((uint64_t)probe.gl_w > max || (uint64_t)probe.gl_h > max)
        return GLHLE_FAIL(c->log, GLHLE_RESULT_UNSUPPORTED,
                          "pica: %s at 0x%08x: %ux%u at scale %u exceeds the GL's %llu-texel textures; skipped", what,
                          k->addr, k->width, k->height, k->scale, (unsigned long long)max);
    return GLHLE_RESULT_OK;
}

/* The surface with key k, created (all rows invalid) when missing. */
static glhle_result find_or_create(pica_surface_cache *c, const pica_surface_key *k, const char *what, uint32_t *out)
{
    const uint64_t h = glhle_hash64(k, sizeof *k);
    uint32_t id = hash_find(c, k, h);
    if (id != NONE) {
        touch(c, id);
        c->stats->surface_hits++;
        *out = id;
        return GLHLE_RESULT_OK;
    }
    glhle_result r = check_key(c, k, what);
    if (r != GLHLE_RESULT_OK)
        return r;
    surface probe = {.key = *k};
    geometry(&probe);
    size_t bytes = 0;
    for (uint32_t l = 0; l < k->levels; l++)
        bytes += (size_t)(probe.gl_w >> l) * (probe.gl_h >> l) * 4;
    make_room(c, bytes);
    if (c->free_head == NONE)
        return GLHLE_FAIL(c->log, GLHLE_RESULT_OUT_OF_MEMORY,
                          "pica: %s at 0x%08x: all %u surfaces are in use by this draw; skipped", what, k->addr,
                          MAX_SURFACES);
    uint64_t *bits = calloc(2 * ((probe.groups + 63) / 64), sizeof *bits);
    if (!bits)
        return GLHLE_FAIL(c->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica: no memory for a surface's row state");
    if (pica_page_table_insert(&c->pt, k->addr, probe.span, c->free_head) != GLHLE_RESULT_OK) {
        free(bits);
        return GLHLE_FAIL(c->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica: no memory for the surface page table");
    }
    id = c->free_head;
    surface *s = &c->surf[id];
    c->free_head = s->lru_next;
    *s = probe;
    s->used = true;
    s->hash = h;
    s->serial = ++c->serial;
    s->valid = bits;
    s->dirty = bits + (probe.groups + 63) / 64;
    s->lru_prev = s->lru_next = NONE;
    GladGLContext *gl = c->gl;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &s->tex);
    gl->TextureStorage2D(s->tex, k->levels, s->depth ? GL_DEPTH24_STENCIL8 : GL_RGBA8, (GLsizei)s->gl_w,
                         (GLsizei)s->gl_h);
    gl->TextureParameteri(s->tex, GL_TEXTURE_MIN_FILTER, k->levels > 1 ? GL_NEAREST_MIPMAP_NEAREST : GL_NEAREST);
    gl->TextureParameteri(s->tex, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl->TextureParameteri(s->tex, GL_TEXTURE_MAX_LEVEL, k->levels - 1);
    s->gpu_bytes = bytes;
    c->stats->bytes_resident += bytes;
    c->stats->surfaces_resident++;
    c->stats->surface_misses++;
    hash_insert(c, id);
    lru_push_front(c, id);
    s->last_use = c->epoch;
    *out = id;
    return GLHLE_RESULT_OK;
}

/* ---- staging ------------------------------------------------------------------------------ */

/* The native-size RGBA8 staging texture (uploads to and write-backs from
 * scaled colour surfaces), grown to at least w x h. */
static void ensure_stage(pica_surface_cache *c, uint32_t w, uint32_t h)
{
    if (c->stage_color && c->stage_cw >= w && c->stage_ch >= h)
        return;
    GladGLContext *gl = c->gl;
    if (c->stage_color) {
        pica_pass_forget_fbo(c->st, c->stage_color_fbo);
        pica_pass_forget_texture(c->st, c->stage_color);
        gl->DeleteFramebuffers(1, &c->stage_color_fbo);
        gl->DeleteTextures(1, &c->stage_color);
    }
    c->stage_cw = w > c->stage_cw ? w : c->stage_cw;
    c->stage_ch = h > c->stage_ch ? h : c->stage_ch;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &c->stage_color);
    gl->TextureStorage2D(c->stage_color, 1, GL_RGBA8, (GLsizei)c->stage_cw, (GLsizei)c->stage_ch);
    gl->CreateFramebuffers(1, &c->stage_color_fbo);
    gl->NamedFramebufferTexture(c->stage_color_fbo, GL_COLOR_ATTACHMENT0, c->stage_color, 0);
}

static GLbitfield blit_mask(const surface *s)
{
    return s->depth ? GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT : GL_COLOR_BUFFER_BIT;
}

/* Nearest resampling of 32-bit texels (depth words) on the CPU: depth
 * blits go through floats on some drivers (llvmpipe) and lose bits, so
 * depth changes scale here, exactly. Picks the texel under each
 * destination texel's centre. */
static void resample32(const uint8_t *src, uint32_t sw, uint32_t sh, uint8_t *dst, uint32_t dw, uint32_t dh)
{
    for (uint32_t y = 0; y < dh; y++) {
        const uint32_t sy = (uint32_t)(((uint64_t)y * 2 + 1) * sh / (2 * (uint64_t)dh));
        for (uint32_t x = 0; x < dw; x++) {
            const uint32_t sx = (uint32_t)(((uint64_t)x * 2 + 1) * sw / (2 * (uint64_t)dw));
            memcpy(dst + ((size_t)y * dw + x) * 4, src + ((size_t)sy * sw + sx) * 4, 4);
        }
    }
}

/* ---- uploads and write-backs ------------------------------------------------------------- */

static const uint8_t *guest_of(pica_surface_cache *c, surface *s)
{
    const uint8_t *p = pica_memory_ptr(c->mem, s->key.addr, s->span);
    if (!p && !s->unmapped_logged) {
        s->unmapped_logged = true;
        GLHLE_ERROR(c->log, "pica: surface 0x%08x+0x%x is no longer mapped; its rows stay as they are", s->key.addr,
                    s->span);
    }
    return p;
}

/* The rows of groups [g0, g1) as a surface description of their own. */
static pica_surface sub_surface(const surface *s, uint32_t g0, uint32_t g1)
{
    return (pica_surface){(pica_texfmt)s->key.format, (pica_layout)s->key.layout, s->key.width, (g1 - g0) * s->rows,
                          s->key.pitch};
}

/* Decodes mip level l (lv, at byte offset off of the chain) from guest
 * memory into the texture's level l. */
static bool upload_level(pica_surface_cache *c, surface *s, const uint8_t *guest, uint32_t l, const pica_surface *lv,
                         size_t off)
{
    if (!grow(&c->scratch, &c->scratch_size, (size_t)lv->width * lv->height * 4))
        return false;
    if (pica_decode(lv, guest + off, s->span - off, NULL, PICA_CODEC_FLIP_Y, c->scratch, (size_t)lv->width * 4,
                    c->log) != GLHLE_RESULT_OK)
        return false;
    pica_pixel_store(c->ctx, 0, 4);
    c->gl->TextureSubImage2D(s->tex, (GLint)l, 0, 0, (GLsizei)lv->width, (GLsizei)lv->height, gl_format(s),
                             gl_type(s), c->scratch);
    return true;
}

static void upload_chain(pica_surface_cache *c, surface *s, const uint8_t *guest)
{
    for (uint32_t l = 0; l < s->key.levels; l++) {
        pica_surface lv;
        size_t off;
        if (pica_mip_level((pica_texfmt)s->key.format, s->key.width, s->key.height, l, &lv, &off, c->log) !=
                GLHLE_RESULT_OK ||
            !upload_level(c, s, guest, l, &lv, off))
            return;
    }
    c->stats->uploads++;
    c->stats->upload_bytes += s->span;
}

/* Decodes groups [g0, g1) from guest memory into the texture. */
static void upload(pica_surface_cache *c, surface *s, uint32_t g0, uint32_t g1)
{
    const uint8_t *guest = guest_of(c, s);
    if (!guest)
        return;
    if (s->chain) {
        upload_chain(c, s, guest);
        return;
    }
    const pica_surface sub = sub_surface(s, g0, g1);
    const uint32_t w = s->key.width, h = sub.height, bytes = bytes_of(s, g0, g1);
    if (!grow(&c->scratch, &c->scratch_size, (size_t)w * h * 4)) {
        GLHLE_ERROR(c->log, "pica: no memory to upload surface 0x%08x", s->key.addr);
        return;
    }
    if (pica_decode(&sub, guest + (gstart(s, g0) - s->key.addr), bytes, NULL, PICA_CODEC_FLIP_Y, c->scratch,
                    (size_t)w * 4, c->log) != GLHLE_RESULT_OK)
        return;
    const uint32_t y = s->key.height - g1 * s->rows; /* GL row of the last guest row */
    const uint32_t k = s->key.scale;
    pica_pixel_store(c->ctx, 0, 4);
    if (k == 1) {
        c->gl->TextureSubImage2D(s->tex, 0, 0, (GLint)y, (GLsizei)w, (GLsizei)h, gl_format(s), gl_type(s), c->scratch);
    } else if (s->depth) {
        if (!grow(&c->scratch2, &c->scratch2_size, (size_t)w * h * k * k * 4))
            return;
        resample32(c->scratch, w, h, c->scratch2, w * k, h * k);
        c->gl->TextureSubImage2D(s->tex, 0, 0, (GLint)(y * k), (GLsizei)(w * k), (GLsizei)(h * k), gl_format(s),
                                 gl_type(s), c->scratch2);
    } else {
        ensure_stage(c, w, h);
        c->gl->TextureSubImage2D(c->stage_color, 0, 0, 0, (GLsizei)w, (GLsizei)h, gl_format(s), gl_type(s), c->scratch);
        gl_state_scissor(c->st, false, 0, 0, 0, 0);
        c->gl->BlitNamedFramebuffer(c->stage_color_fbo, surface_fbo(c, s), 0, 0,
                                    (GLint)w, (GLint)h, 0, (GLint)(y * k), (GLint)(w * k), (GLint)((y + h) * k),
                                    blit_mask(s), GL_NEAREST);
    }
    c->stats->uploads++;
    c->stats->upload_bytes += bytes;
}

/* Reads groups [g0, g1) back at native size into c->scratch (GL rows,
 * bottom first). */
static void read_native(pica_surface_cache *c, surface *s, uint32_t g0, uint32_t g1)
{
    const uint32_t w = s->key.width, h = (g1 - g0) * s->rows, y = s->key.height - g1 * s->rows, k = s->key.scale;
    const GLsizei size = (GLsizei)((size_t)w * h * 4);
    GLuint src = s->tex;
    GLint sy = (GLint)y;
    if (k > 1 && s->depth) {
        const size_t big = (size_t)w * h * k * k * 4;
        if (!grow(&c->scratch2, &c->scratch2_size, big))
            return;
        pica_pixel_store(c->ctx, 0, 4);
        c->gl->GetTextureSubImage(s->tex, 0, 0, (GLint)(y * k), 0, (GLsizei)(w * k), (GLsizei)(h * k), 1,
                                  gl_format(s), gl_type(s), (GLsizei)big, c->scratch2);
        resample32(c->scratch2, w * k, h * k, c->scratch, w, h);
        return;
    }
    if (k > 1) {
        ensure_stage(c, w, h);
        const pica_pass_image img = {s->tex, 0, s->key.height, k};
        pica_pass_run_downscale(c->passes, &img, 0, g0 * s->rows, w, h, s->words, c->stage_color_fbo);
        src = c->stage_color;
        sy = 0;
    }
    pica_pixel_store(c->ctx, 0, 4);
    c->gl->GetTextureSubImage(src, 0, 0, sy, 0, (GLsizei)w, (GLsizei)h, 1, gl_format(s), gl_type(s), size, c->scratch);
}

/* Writes the dirty groups of [g0, g1) back to guest memory, except the
 * bytes of [ex_a, ex_b) (an empty range when ex_a >= ex_b), and marks them
 * clean. */
static void flush_groups(pica_surface_cache *c, surface *s, uint32_t g0, uint32_t g1, uint64_t ex_a, uint64_t ex_b)
{
    uint32_t r0, r1;
    for (uint32_t i = g0; bm_run(s->dirty, i, g1, true, &r0, &r1); i = r1) {
        set_dirty(s, r0, r1, false);
        uint8_t *guest = (uint8_t *)guest_of(c, s);
        const uint32_t w = s->key.width;
        if (!guest || !grow(&c->scratch, &c->scratch_size, (size_t)w * (r1 - r0) * s->rows * 4))
            continue;
        read_native(c, s, r0, r1);
        const pica_surface sub = sub_surface(s, r0, r1);
        const uint32_t a = gstart(s, r0), bytes = bytes_of(s, r0, r1);
        uint8_t *dst = guest + (a - s->key.addr);
        if (ex_a >= ex_b || ex_b <= a || ex_a >= (uint64_t)a + bytes) {
            pica_encode(&sub, dst, bytes, NULL, PICA_CODEC_FLIP_Y, c->scratch, (size_t)w * 4, c->log);
        } else {
            /* encode into a copy, then keep the CPU's bytes in [ex_a, ex_b) */
            if (!grow(&c->scratch2, &c->scratch2_size, bytes))
                continue;
            memcpy(c->scratch2, dst, bytes);
            pica_encode(&sub, c->scratch2, bytes, NULL, PICA_CODEC_FLIP_Y, c->scratch, (size_t)w * 4, c->log);
            const uint64_t keep_a = ex_a > a ? ex_a - a : 0, keep_b = ex_b < (uint64_t)a + bytes ? ex_b - a : bytes;
            memcpy(dst, c->scratch2, (size_t)keep_a);
            memcpy(dst + keep_b, c->scratch2 + keep_b, (size_t)(bytes - keep_b));
        }
        c->stats->downloads++;
        c->stats->download_bytes += bytes;
    }
}

/* ---- copies between surfaces ---------------------------------------------------------------- */

static bool reinterpretable_dst(pica_texfmt f)
{
    return f <= PICA_TEXFMT_HILO8;
}

static bool reinterpretable_src(pica_texfmt f)
{
    return f <= PICA_TEXFMT_HILO8 || f == PICA_TEXFMT_D16 || f == PICA_TEXFMT_D24 || f == PICA_TEXFMT_D24S8;
}

/* Whether o's texels can be copied on the GPU into s (same layout, bits
 * per texel and pitch, units aligned, o's rows not straddling two rows of
 * s), and where they land. */
static bool map_onto(const surface *s, const surface *o, mapping *m)
{
    if (o == s || o->chain || s->chain || o->key.layout != s->key.layout || o->bits != s->bits ||
        o->key.pitch != s->key.pitch || o->bits < 8)
        return false;
    if (o->key.format != s->key.format &&
        (s->depth || !reinterpretable_dst((pica_texfmt)s->key.format) ||
         !reinterpretable_src((pica_texfmt)o->key.format)))
        return false;
    const int64_t p = s->key.pitch, d = (int64_t)o->key.addr - (int64_t)s->key.addr;
    int64_t gd = d >= 0 ? d / p : -((-d + p - 1) / p), r = d - gd * p;
    if (r % s->unit_bytes)
        return false;
    int64_t x;
    if (r + o->row_bytes <= p) {
        x = r;
    } else if (r >= s->row_bytes) {
        x = r - p;
        gd++;
    } else {
        return false;
    }
    m->gd = gd;
    m->xu = x / s->unit_bytes;
    const int64_t o_units = o->row_bytes / s->unit_bytes, s_units = s->row_bytes / s->unit_bytes;
    m->full = m->xu <= 0 && m->xu + o_units >= s_units;
    return m->xu < s_units && m->xu + o_units > 0;
}

/* Copies the guest rectangle (sx, sy, w, h) of src to (dx, dy) of dst, on
 * the GPU: a plain copy, a rescale or a reinterpretation. */
static void copy_rect(pica_surface_cache *c, surface *src, uint32_t sx, uint32_t sy, surface *dst, uint32_t dx,
                      uint32_t dy, uint32_t w, uint32_t h)
{
    GladGLContext *gl = c->gl;
    const uint32_t ss = src->key.scale, ds = dst->key.scale;
    const GLint src_y = (GLint)(src->key.height - sy - h), dst_y = (GLint)(dst->key.height - dy - h);
    if (src->key.format == dst->key.format && !src->raw) {
        if (ss == ds) {
            gl->CopyImageSubData(src->tex, GL_TEXTURE_2D, 0, (GLint)(sx * ss), src_y * (GLint)ss, 0, dst->tex,
                                 GL_TEXTURE_2D, 0, (GLint)(dx * ds), dst_y * (GLint)ds, 0, (GLsizei)(w * ss),
                                 (GLsizei)(h * ss), 1);
        } else if (src->depth) {
            const size_t in = (size_t)w * h * ss * ss * 4, outn = (size_t)w * h * ds * ds * 4;
            if (!grow(&c->scratch, &c->scratch_size, in) || !grow(&c->scratch2, &c->scratch2_size, outn))
                return;
            pica_pixel_store(c->ctx, 0, 4);
            gl->GetTextureSubImage(src->tex, 0, (GLint)(sx * ss), src_y * (GLint)ss, 0, (GLsizei)(w * ss),
                                   (GLsizei)(h * ss), 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, (GLsizei)in,
                                   c->scratch);
            resample32(c->scratch, w * ss, h * ss, c->scratch2, w * ds, h * ds);
            gl->TextureSubImage2D(dst->tex, 0, (GLint)(dx * ds), dst_y * (GLint)ds, (GLsizei)(w * ds), (GLsizei)(h * ds),
                                  GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, c->scratch2);
        } else {
            gl_state_scissor(c->st, false, 0, 0, 0, 0);
            gl->BlitNamedFramebuffer(surface_fbo(c, src), surface_fbo(c, dst), (GLint)(sx * ss), src_y * (GLint)ss,
                                     (GLint)((sx + w) * ss), (src_y + (GLint)h) * (GLint)ss, (GLint)(dx * ds),
                                     dst_y * (GLint)ds, (GLint)((dx + w) * ds), (dst_y + (GLint)h) * (GLint)ds,
                                     blit_mask(src), GL_NEAREST);
        }
        c->stats->gpu_copies++;
        return;
    }
    pica_pass_image in = {src->tex, 0, src->key.height, ss};
    pica_pass_reinterpret r = {(pica_texfmt)src->key.format, (pica_texfmt)dst->key.format, sx, sy, dx, dy, w, h};
    if (src->depth) {
        /* the staged raw texture holds just the rectangle */
        pica_passes_stage_depth(c->passes, src->tex, (GLint)(sx * ss), src_y * (GLint)ss, (GLsizei)(w * ss),
                                (GLsizei)(h * ss), &in.tex);
        in.height = h;
        r.src_x = r.src_y = 0;
    }
    const pica_pass_image out = {dst->tex, surface_fbo(c, dst), dst->key.height, ds};
    pica_pass_run_reinterpret(c->passes, &in, &out, &r);
    if (src->key.format != dst->key.format)
        c->stats->reinterpretations++;
    else
        c->stats->gpu_copies++;
}

/* Brings a render target the draw path wrote to canonical texels (what a
 * decode of its format produces: truncated to the format's bits, expanded
 * by replication), so sampling it gives what the PICA would read. */
static void canonicalise(pica_surface_cache *c, surface *s)
{
    if (!s->raw)
        return;
    GladGLContext *gl = c->gl;
    if (c->canon_w < s->gl_w || c->canon_h < s->gl_h) {
        if (c->canon_tex) {
            pica_pass_forget_fbo(c->st, c->canon_fbo);
            pica_pass_forget_texture(c->st, c->canon_tex);
            gl->DeleteFramebuffers(1, &c->canon_fbo);
            gl->DeleteTextures(1, &c->canon_tex);
        }
        c->canon_w = s->gl_w > c->canon_w ? s->gl_w : c->canon_w;
        c->canon_h = s->gl_h > c->canon_h ? s->gl_h : c->canon_h;
        gl->CreateTextures(GL_TEXTURE_2D, 1, &c->canon_tex);
        gl->TextureStorage2D(c->canon_tex, 1, GL_RGBA8, (GLsizei)c->canon_w, (GLsizei)c->canon_h);
        gl->CreateFramebuffers(1, &c->canon_fbo);
        gl->NamedFramebufferTexture(c->canon_fbo, GL_COLOR_ATTACHMENT0, c->canon_tex, 0);
    }
    const pica_texfmt f = (pica_texfmt)s->key.format;
    const pica_pass_image in = {s->tex, 0, s->key.height, s->key.scale};
    const pica_pass_image out = {c->canon_tex, c->canon_fbo, s->key.height, s->key.scale};
    const pica_pass_reinterpret r = {f, f, 0, 0, 0, 0, s->key.width, s->key.height};
    pica_pass_run_reinterpret(c->passes, &in, &out, &r);
    gl->CopyImageSubData(c->canon_tex, GL_TEXTURE_2D, 0, 0, 0, 0, s->tex, GL_TEXTURE_2D, 0, 0, 0, 0, (GLsizei)s->gl_w,
                         (GLsizei)s->gl_h, 1);
    s->raw = false;
    s->gen++;
}

/* ---- validation ------------------------------------------------------------------------------ */

static void validate(pica_surface_cache *c, uint32_t id, uint32_t g0, uint32_t g1);

/* Writes back every dirty row of surfaces other than `skip` over [a, b). */
static void flush_range_except(pica_surface_cache *c, uint32_t a, uint32_t b, uint32_t skip)
{
    idlist l = query_push(c, a, (uint64_t)b - a);
    for (uint32_t i = 0; i < l.n; i++) {
        surface *o = &c->surf[l.ids[i]];
        uint32_t o0, o1;
        if (l.ids[i] != skip && o->n_dirty && groups_touching(o, a, b, &o0, &o1))
            flush_groups(c, o, o0, o1, 1, 0);
    }
    query_pop(c);
}

/* Brings the invalid groups of run [r0, r1) of s up to date: from other
 * surfaces on the GPU where one covers a whole group, else from memory. */
static void validate_run(pica_surface_cache *c, uint32_t id, uint32_t r0, uint32_t r1)
{
    surface *s = &c->surf[id];
    uint32_t *donor = c->donor;
    for (uint32_t g = r0; g < r1; g++)
        donor[g - r0] = NONE;
    const uint32_t a = gstart(s, r0), b = gend(s, r1 - 1);
    idlist l = query_push(c, a, (uint64_t)b - a);
    /* dirty donors first: they are the newest; any valid row of another
     * surface is as new (a write invalidates every other copy) */
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < l.n; i++) {
            const surface *o = &c->surf[l.ids[i]];
            mapping m;
            if (!o->n_valid || (pass == 0) != (o->n_dirty != 0) || !map_onto(s, o, &m) || !m.full)
                continue;
            for (uint32_t g = r0; g < r1; g++) {
                const int64_t go = (int64_t)g - m.gd;
                if (donor[g - r0] == NONE && go >= 0 && go < o->groups && bm_get(o->valid, (uint32_t)go))
                    donor[g - r0] = l.ids[i];
            }
        }
    }
    query_pop(c);
    /* rows no surface supplies come from memory, after the dirty rows over them went there */
    for (uint32_t g = r0; g < r1;) {
        if (donor[g - r0] != NONE) {
            g++;
            continue;
        }
        uint32_t e = g;
        while (e < r1 && donor[e - r0] == NONE)
            e++;
        flush_range_except(c, gstart(s, g), gend(s, e - 1), id);
        upload(c, s, g, e);
        g = e;
    }
    for (uint32_t g = r0; g < r1;) {
        const uint32_t d = donor[g - r0];
        if (d == NONE) {
            g++;
            continue;
        }
        uint32_t e = g;
        while (e < r1 && donor[e - r0] == d)
            e++;
        surface *o = &c->surf[d];
        mapping m;
        map_onto(s, o, &m);
        copy_rect(c, o, (uint32_t)(-m.xu * s->unit_px), (uint32_t)(((int64_t)g - m.gd) * s->rows), s, 0, g * s->rows,
                  s->key.width, (e - g) * s->rows);
        g = e;
    }
    set_valid(s, r0, r1, true);
    s->gen++;
}

/* A resident surface holding exactly the bytes of mip level lv at addr of
 * chain s, current on every row: a render target drawn into that level
 * (same format and tiling, the level's size, packed rows), or NONE. Its
 * scale is the chain's, or higher for RGBA8 colour, whose write-back is
 * the rounded box average alone (the downscale pass: a round trip through
 * memory encodes and decodes RGBA8 unchanged). A dirty one is the newest;
 * any valid one is current (a write invalidates every other copy). */
static uint32_t level_donor(pica_surface_cache *c, const surface *s, uint32_t addr, const pica_surface *lv)
{
    uint32_t best = NONE;
    idlist l = query_push(c, addr, pica_surface_size(lv));
    for (uint32_t i = 0; i < l.n; i++) {
        const surface *o = &c->surf[l.ids[i]];
        const bool scale_ok = o->key.scale == s->key.scale ||
                              (o->key.scale > s->key.scale && s->key.scale == 1 && !o->depth && !o->words &&
                               o->key.format == PICA_TEXFMT_RGBA8);
        if (o == s || o->chain || o->n_valid != o->groups || o->key.addr != addr ||
            o->key.format != s->key.format || o->key.layout != s->key.layout || o->key.width != lv->width ||
            o->key.height != lv->height || !scale_ok || o->key.pitch != o->row_bytes)
            continue;
        if (best == NONE || o->n_dirty)
            best = l.ids[i];
    }
    query_pop(c);
    return best;
}

/* A mip chain is one row group: each level comes from a level_donor on the
 * GPU where one exists (render to a texture's level, or to a mip-mapped
 * cube face, stays off guest memory), the others from memory after the
 * dirty rows over them went there. */
static void validate_chain(pica_surface_cache *c, uint32_t id)
{
    surface *s = &c->surf[id];
    const uint8_t *guest = NULL;
    size_t uploaded = 0;
    for (uint32_t l = 0; l < s->key.levels; l++) {
        pica_surface lv;
        size_t off;
        if (pica_mip_level((pica_texfmt)s->key.format, s->key.width, s->key.height, l, &lv, &off, c->log) !=
            GLHLE_RESULT_OK)
            break;
        const uint32_t a = s->key.addr + (uint32_t)off;
        const uint32_t d = level_donor(c, s, a, &lv);
        if (d != NONE) {
            surface *o = &c->surf[d];
            GLuint src = o->tex;
            if (o->key.scale != s->key.scale) { /* what its write-back would store, at 1x */
                ensure_stage(c, lv.width, lv.height);
                const pica_pass_image img = {o->tex, 0, o->key.height, o->key.scale};
                pica_pass_run_downscale(c->passes, &img, 0, 0, lv.width, lv.height, false, c->stage_color_fbo);
                src = c->stage_color;
            } else {
                canonicalise(c, o);
            }
            c->gl->CopyImageSubData(src, GL_TEXTURE_2D, 0, 0, 0, 0, s->tex, GL_TEXTURE_2D, (GLint)l, 0, 0, 0,
                                    (GLsizei)(lv.width * s->key.scale), (GLsizei)(lv.height * s->key.scale), 1);
            c->stats->gpu_copies++;
            continue;
        }
        flush_range_except(c, a, a + (uint32_t)pica_surface_size(&lv), id);
        if (!guest && !(guest = guest_of(c, s)))
            break;
        if (!upload_level(c, s, guest, l, &lv, off))
            break;
        uploaded += pica_surface_size(&lv);
    }
    if (uploaded) {
        c->stats->uploads++;
        c->stats->upload_bytes += uploaded;
    }
    set_valid(s, 0, 1, true);
    s->gen++;
}

static void validate(pica_surface_cache *c, uint32_t id, uint32_t g0, uint32_t g1)
{
    surface *s = &c->surf[id];
    if (s->n_valid == s->groups)
        return;
    if (s->chain) {
        validate_chain(c, id);
        return;
    }
    uint32_t r0, r1;
    for (uint32_t i = g0; bm_run(s->valid, i, g1, false, &r0, &r1); i = r1)
        validate_run(c, id, r0, r1);
}

/* ---- coherence ------------------------------------------------------------------------------------ */

/* Groups [g0, g1) of surface id now hold the newest data: mark them dirty
 * and drop every other copy of their bytes. */
static void mark_groups_written(pica_surface_cache *c, uint32_t id, uint32_t g0, uint32_t g1)
{
    surface *s = &c->surf[id];
    if (g0 >= g1 || bm_all(s->dirty, g0, g1, true))
        return;
    const uint32_t a = gstart(s, g0), b = gend(s, g1 - 1);
    const bool gaps = s->row_bytes != s->key.pitch;
    idlist l = query_push(c, a, (uint64_t)b - a);
    for (uint32_t i = 0; i < l.n; i++) {
        if (l.ids[i] == id)
            continue;
        surface *o = &c->surf[l.ids[i]];
        uint32_t o0, o1;
        if (!o->n_valid || !groups_touching(o, a, b, &o0, &o1))
            continue;
        for (uint32_t g = o0; g < o1; g++) {
            uint32_t t0, t1;
            if (!bm_get(o->valid, g))
                continue;
            if (gaps && !(groups_touching(s, gstart(o, g), gend(o, g), &t0, &t1) && t0 < g1 && t1 > g0))
                continue; /* only s's gaps overlap this group */
            if (bm_get(o->dirty, g))
                flush_groups(c, o, g, g + 1, 1, 0);
            set_valid(o, g, g + 1, false);
            o->gen++;
        }
    }
    query_pop(c);
    set_valid(s, g0, g1, true);
    set_dirty(s, g0, g1, true);
    s->gen++;
}

void pica_surface_cache_invalidate(pica_surface_cache *c, uint32_t paddr, uint32_t size)
{
    const uint64_t a = paddr, b = (uint64_t)paddr + size;
    idlist l = query_push(c, paddr, size);
    for (uint32_t i = 0; i < l.n; i++) {
        surface *o = &c->surf[l.ids[i]];
        uint32_t o0, o1;
        if (!o->n_valid || !groups_touching(o, a, b, &o0, &o1))
            continue;
        for (uint32_t g = o0; g < o1; g++) {
            if (!bm_get(o->valid, g))
                continue;
            if (bm_get(o->dirty, g)) {
                if (gstart(o, g) >= a && gend(o, g) <= b)
                    set_dirty(o, g, g + 1, false); /* the CPU rewrote it all */
                else
                    flush_groups(c, o, g, g + 1, a, b);
            }
            set_valid(o, g, g + 1, false);
            o->gen++;
        }
    }
    query_pop(c);
}

glhle_result pica_surface_cache_flush(pica_surface_cache *c, uint32_t paddr, uint32_t size)
{
    const uint64_t a = paddr, b = (uint64_t)paddr + size;
    glhle_result r = GLHLE_RESULT_OK;
    idlist l = query_push(c, paddr, size);
    for (uint32_t i = 0; i < l.n; i++) {
        surface *o = &c->surf[l.ids[i]];
        uint32_t o0, o1;
        if (!o->n_dirty || !groups_touching(o, a, b, &o0, &o1))
            continue;
        if (!pica_memory_ptr(c->mem, o->key.addr, o->span))
            r = GLHLE_RESULT_OUT_OF_BOUNDS;
        flush_groups(c, o, o0, o1, 1, 0);
    }
    query_pop(c);
    return r;
}

/* ---- creation ---------------------------------------------------------------------------------------- */

glhle_result pica_surface_cache_create(const pica_surface_cache_desc *desc, pica_surface_cache **out)
{
    *out = NULL;
    glhle_context *ctx = desc->ctx;
    const glhle_logger *lg = desc->log;
    /* direct state access: desktop GL 4.5's, or the capability layer's on ES (gl_caps.h) */
    if (!ctx->gl.CreateTextures || !ctx->gl.GetTextureSubImage)
        return GLHLE_FAIL(lg, GLHLE_RESULT_UNSUPPORTED,
                          "pica: the surface cache needs direct state access (GL 4.5, or OpenGL ES 3.2 through "
                          "gl_caps); this context is %d.%d%s",
                          ctx->info.gl_major, ctx->info.gl_minor, ctx->info.gles ? " ES" : "");
    pica_surface_cache *c = calloc(1, sizeof *c);
    if (!c)
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "pica: no memory for the surface cache");
    c->ctx = ctx;
    c->gl = &ctx->gl;
    c->mem = desc->mem;
    c->log = lg;
    c->st = desc->state;
    c->scale = desc->scale ? desc->scale : 1;
    c->budget = desc->budget_bytes ? desc->budget_bytes : DEFAULT_BUDGET;
    c->stats = desc->stats ? desc->stats : &c->own_stats;
    c->surf = calloc(MAX_SURFACES, sizeof *c->surf);
    c->donor = calloc(PICA_MAX_SIDE, sizeof *c->donor);
    bool ok = c->surf && c->donor && pica_page_table_init(&c->pt, MAX_SURFACES) == GLHLE_RESULT_OK;
    for (uint32_t i = 0; ok && i < QUERY_DEPTH; i++)
        ok = (c->query_ids[i] = malloc(MAX_SURFACES * sizeof(uint32_t))) != NULL;
    if (!ok) {
        pica_surface_cache_destroy(c);
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "pica: no memory for the surface cache");
    }
    for (uint32_t i = 0; i < MAX_SURFACES; i++)
        c->surf[i].lru_next = i + 1 < MAX_SURFACES ? i + 1 : NONE;
    c->free_head = 0;
    c->lru_head = c->lru_tail = NONE;
    for (uint32_t i = 0; i < HASH_SLOTS; i++)
        c->hash[i] = NONE;
    c->bound_color = c->bound_depth = NONE;
    c->epoch = 1;
    glhle_result r = pica_passes_create(ctx, c->st, &c->passes);
    if (r != GLHLE_RESULT_OK) {
        pica_surface_cache_destroy(c);
        return r;
    }
    c->gl->CreateTextures(GL_TEXTURE_2D, 1, &c->null_tex);
    c->gl->TextureStorage2D(c->null_tex, 1, GL_RGBA8, 1, 1);
    const uint8_t zero[4] = {0, 0, 0, 0};
    c->gl->ClearTexImage(c->null_tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero);
    *out = c;
    return GLHLE_RESULT_OK;
}

static void drop_cube(pica_surface_cache *c, cube_entry *e)
{
    if (e->tex) {
        pica_pass_forget_texture(c->st, e->tex);
        c->gl->DeleteTextures(1, &e->tex);
        c->stats->bytes_resident -= e->bytes;
    }
    memset(e, 0, sizeof *e);
}

/* Drops every surface (written back first when write_back) and cube map. */
static void drop_all(pica_surface_cache *c, bool write_back)
{
    for (uint32_t id = 0; id < MAX_SURFACES; id++) {
        if (c->surf[id].used && write_back)
            evict(c, id);
        else if (c->surf[id].used)
            release(c, id);
    }
    for (uint32_t i = 0; i < MAX_CUBES; i++)
        drop_cube(c, &c->cubes[i]);
    c->last_valid = false;
}

void pica_surface_cache_clear(pica_surface_cache *c)
{
    drop_all(c, true);
}

void pica_surface_cache_destroy(pica_surface_cache *c)
{
    if (!c)
        return;
    GladGLContext *gl = c->gl;
    if (c->surf) {
        for (uint32_t id = 0; id < MAX_SURFACES; id++)
            if (c->surf[id].used)
                release(c, id);
    }
    for (uint32_t i = 0; i < MAX_CUBES; i++)
        drop_cube(c, &c->cubes[i]);
    if (c->null_tex)
        gl->DeleteTextures(1, &c->null_tex);
    if (c->stage_color) {
        gl->DeleteTextures(1, &c->stage_color);
        gl->DeleteFramebuffers(1, &c->stage_color_fbo);
    }
    if (c->canon_tex) {
        gl->DeleteTextures(1, &c->canon_tex);
        gl->DeleteFramebuffers(1, &c->canon_fbo);
    }
    pica_passes_destroy(c->passes);
    pica_page_table_free(&c->pt);
    for (uint32_t i = 0; i < QUERY_DEPTH; i++)
        free(c->query_ids[i]);
    free(c->surf);
    free(c->donor);
    free(c->scratch);
    free(c->scratch2);
    free(c);
}

/* A valid surface for `key` (created and filled when missing). */
static glhle_result get_valid(pica_surface_cache *c, const pica_surface_key *key, const char *what, uint32_t *out)
{
    glhle_result r = find_or_create(c, key, what, out);
    if (r == GLHLE_RESULT_OK)
        validate(c, *out, 0, c->surf[*out].groups);
    return r;
}

bool pica_surface_cache_lookup(pica_surface_cache *c, const pica_surface_key *key, GLuint *texture)
{
    uint32_t id = hash_find(c, key, glhle_hash64(key, sizeof *key));
    *texture = id == NONE ? 0 : c->surf[id].tex;
    return id != NONE;
}

/* The scale a new texture-like surface should have: that of a resident
 * surface holding all its rows on the GPU (render to texture keeps its
 * resolution, also for sub-rectangles and reinterpretations), else 1. */
static uint32_t inherited_scale(pica_surface_cache *c, const pica_surface_key *k)
{
    uint32_t best = 1;
    surface probe = {.key = *k};
    geometry(&probe);
    idlist l = query_push(c, k->addr, probe.span);
    for (uint32_t i = 0; i < l.n; i++) {
        const surface *o = &c->surf[l.ids[i]];
        mapping m;
        if (o->n_valid && o->key.scale > best && map_onto(&probe, o, &m) && m.full && m.gd <= 0 &&
            (int64_t)probe.groups - m.gd <= (int64_t)o->groups)
            best = o->key.scale;
    }
    query_pop(c);
    return best;
}

/* Looks a texture-like key up at the cache's scale first, then at its
 * inherited scale; creates it when neither exists. */
static glhle_result get_scaled(pica_surface_cache *c, pica_surface_key k, const char *what, uint32_t *out)
{
    if (k.levels == 1 && c->scale > 1) {
        k.scale = (uint8_t)c->scale;
        if (hash_find(c, &k, glhle_hash64(&k, sizeof k)) != NONE)
            return get_valid(c, &k, what, out);
    }
    k.scale = 1;
    if (hash_find(c, &k, glhle_hash64(&k, sizeof k)) == NONE && k.levels == 1) {
        const glhle_logger quiet = {.min_level = GLHLE_LOG_ERROR + 1};
        const pica_surface ps = {(pica_texfmt)k.format, (pica_layout)k.layout, k.width, k.height, k.pitch};
        if (pica_surface_check(&ps, &quiet) == GLHLE_RESULT_OK)
            k.scale = (uint8_t)inherited_scale(c, &k);
    }
    return get_valid(c, &k, what, out);
}

/* ---- render targets ------------------------------------------------------------------------------------- */

static GLuint pair_fbo(pica_surface_cache *c, uint32_t color, uint32_t depth)
{
    const uint64_t cs = color == NONE ? 0 : c->surf[color].serial, ds = depth == NONE ? 0 : c->surf[depth].serial;
    fbo_entry *slot = &c->fbos[0];
    for (uint32_t i = 0; i < MAX_FBOS; i++) {
        fbo_entry *e = &c->fbos[i];
        if (e->fbo && e->color == color && e->depth == depth && e->color_serial == cs && e->depth_serial == ds) {
            e->last_use = c->epoch;
            return e->fbo;
        }
        if (!e->fbo || (slot->fbo && e->last_use < slot->last_use))
            slot = e;
    }
    if (slot->fbo) {
        pica_pass_forget_fbo(c->st, slot->fbo);
        c->gl->DeleteFramebuffers(1, &slot->fbo);
    }
    *slot = (fbo_entry){color, depth, cs, ds, 0, c->epoch};
    c->gl->CreateFramebuffers(1, &slot->fbo);
    if (color != NONE)
        c->gl->NamedFramebufferTexture(slot->fbo, GL_COLOR_ATTACHMENT0, c->surf[color].tex, 0);
    if (depth != NONE)
        c->gl->NamedFramebufferTexture(slot->fbo, GL_DEPTH_STENCIL_ATTACHMENT, c->surf[depth].tex, 0);
    return slot->fbo;
}

static bool fb_same(const pica_framebuffer_state *a, const pica_framebuffer_state *b)
{
    return a->color_read == b->color_read && a->color_write == b->color_write && a->depth_read == b->depth_read &&
           a->stencil_read == b->stencil_read && a->depth_write == b->depth_write &&
           a->stencil_write == b->stencil_write && a->depth_format == b->depth_format &&
           a->color_format == b->color_format && a->block32 == b->block32 && a->depth_address == b->depth_address &&
           a->color_address == b->color_address && a->width == b->width && a->height == b->height;
}

static bool still_bound(pica_surface_cache *c, uint32_t id, uint64_t serial)
{
    if (id == NONE)
        return true;
    const surface *s = &c->surf[id];
    return s->used && s->serial == serial && s->n_valid == s->groups;
}

/* The colour or the depth-stencil buffer of fb as a valid surface. */
static glhle_result bind_buffer(pica_surface_cache *c, const pica_framebuffer_state *fb, bool depth, uint32_t *id)
{
    *id = NONE;
    const pica_texfmt f = depth ? pica_texfmt_from_depthbuffer(fb->depth_format)
                                : pica_texfmt_from_colorbuffer(fb->color_format);
    if (f == PICA_TEXFMT_COUNT)
        return GLHLE_FAIL(c->log, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: %s buffer format %u (%s) is not one the PICA has; %s buffer left out",
                          depth ? "depth" : "colour", depth ? fb->depth_format : fb->color_format,
                          depth ? "DEPTHBUFFER_FORMAT bits 0-1" : "COLORBUFFER_FORMAT bits 16-18",
                          depth ? "depth" : "colour");
    const pica_layout layout = fb->block32 ? PICA_LAYOUT_TILED32 : PICA_LAYOUT_TILED8;
    const pica_surface_key k = make_key(depth ? fb->depth_address : fb->color_address, fb->width, fb->height, 0, f,
                                        layout, 1, c->scale);
    glhle_result r = get_valid(c, &k, depth ? "depth buffer (DEPTHBUFFER_LOC)" : "colour buffer (COLORBUFFER_LOC)", id);
    if (r != GLHLE_RESULT_OK)
        *id = NONE;
    return r;
}

glhle_result pica_surface_cache_bind_framebuffer(pica_surface_cache *c, const pica_framebuffer_state *fb,
                                                 pica_render_targets *out)
{
    c->epoch++;
    if (c->last_valid && fb_same(fb, &c->last_fb) && still_bound(c, c->bound_color, c->bound_color_serial) &&
        still_bound(c, c->bound_depth, c->bound_depth_serial)) {
        if (c->bound_color != NONE)
            touch(c, c->bound_color);
        if (c->bound_depth != NONE)
            touch(c, c->bound_depth);
        *out = c->last_rt;
        return GLHLE_RESULT_OK;
    }
    memset(out, 0, sizeof *out);
    out->width = fb->width;
    out->height = fb->height;
    out->scale = c->scale;
    c->bound_color = c->bound_depth = NONE;
    glhle_result first = GLHLE_RESULT_OK;
    if (fb->color_read || fb->color_write)
        first = bind_buffer(c, fb, false, &c->bound_color);
    if (fb->depth_read || fb->stencil_read || fb->depth_write || fb->stencil_write) {
        glhle_result r = bind_buffer(c, fb, true, &c->bound_depth);
        first = first ? first : r;
    }
    c->bound_color_serial = c->bound_color == NONE ? 0 : c->surf[c->bound_color].serial;
    c->bound_depth_serial = c->bound_depth == NONE ? 0 : c->surf[c->bound_depth].serial;
    if (c->bound_color != NONE) {
        out->has_color = true;
        out->color_format = (pica_texfmt)c->surf[c->bound_color].key.format;
        out->color_texture = c->surf[c->bound_color].tex;
    }
    if (c->bound_depth != NONE) {
        out->has_depth = true;
        out->depth_format = (pica_texfmt)c->surf[c->bound_depth].key.format;
        out->has_stencil = out->depth_format == PICA_TEXFMT_D24S8;
        out->depth_texture = c->surf[c->bound_depth].tex;
    }
    if (out->has_color || out->has_depth)
        out->fbo = pair_fbo(c, c->bound_color, c->bound_depth);
    c->last_fb = *fb;
    c->last_rt = *out;
    c->last_valid = first == GLHLE_RESULT_OK;
    return first;
}

void pica_surface_cache_mark_written(pica_surface_cache *c, const pica_framebuffer_state *fb, const pica_rect *rect,
                                     bool shadow_words)
{
    if (!rect || !rect->w || !rect->h)
        return;
    const uint32_t ids[2] = {fb->color_write ? c->bound_color : NONE,
                             (fb->depth_write || fb->stencil_write) ? c->bound_depth : NONE};
    const uint64_t serials[2] = {c->bound_color_serial, c->bound_depth_serial};
    for (int i = 0; i < 2; i++) {
        if (ids[i] == NONE || !c->surf[ids[i]].used || c->surf[ids[i]].serial != serials[i])
            continue;
        surface *s = &c->surf[ids[i]];
        if (rect->y >= s->key.height)
            continue;
        uint32_t y1 = rect->y + rect->h;
        if (y1 > s->key.height || y1 < rect->y)
            y1 = s->key.height;
        mark_groups_written(c, ids[i], rect->y / s->rows, (y1 + s->rows - 1) / s->rows);
        s->raw |= !s->depth && s->key.format != PICA_TEXFMT_RGBA8;
        if (!s->depth)
            s->words = shadow_words;
    }
}

GLuint pica_surface_cache_color_words(pica_surface_cache *c)
{
    if (c->bound_color == NONE)
        return 0;
    surface *s = &c->surf[c->bound_color];
    if (s->depth || s->key.format != PICA_TEXFMT_RGBA8)
        return 0;
    if (!s->word_view) {
        c->gl->GenTextures(1, &s->word_view);
        c->gl->TextureView(s->word_view, GL_TEXTURE_2D, s->tex, GL_R32UI, 0, 1, 0, 1);
    } else { /* a copy where the host has no views: the texels as they are now */
        gl_caps_view_sync(c->ctx, s->word_view, true);
    }
    return s->word_view;
}

/* ---- textures ------------------------------------------------------------------------------------------------- */

static void stand_in(pica_surface_cache *c, pica_texture *out)
{
    memset(out, 0, sizeof *out);
    out->texture = c->null_tex;
    out->target = GL_TEXTURE_2D;
    out->width = out->height = out->scale = out->levels = 1;
}

static uint32_t level_count(uint32_t w, uint32_t h, uint32_t lod_max)
{
    uint32_t n = 1;
    while (n <= lod_max && (w >> n) >= PICA_MIN_LEVEL_SIDE && (h >> n) >= PICA_MIN_LEVEL_SIDE)
        n++;
    return n;
}

static glhle_result get_cube(pica_surface_cache *c, const pica_surface_key *k0, const uint32_t addr[6],
                             pica_texture *out)
{
    uint32_t faces[6];
    for (int f = 0; f < 6; f++) {
        pica_surface_key k = *k0;
        k.addr = addr[f];
        glhle_result r = get_valid(c, &k, "cube map face (TEXUNIT0_ADDR1-6)", &faces[f]);
        if (r != GLHLE_RESULT_OK)
            return r;
        canonicalise(c, &c->surf[faces[f]]);
    }
    cube_entry *e = NULL, *slot = &c->cubes[0];
    for (uint32_t i = 0; i < MAX_CUBES && !e; i++) {
        cube_entry *x = &c->cubes[i];
        if (x->tex && x->size == k0->width && x->levels == k0->levels && x->format == (pica_texfmt)k0->format &&
            memcmp(x->face, faces, sizeof faces) == 0)
            e = x;
        else if (!x->tex || (slot->tex && x->last_use < slot->last_use))
            slot = x;
    }
    if (!e) {
        drop_cube(c, slot);
        e = slot;
        e->size = k0->width;
        e->levels = k0->levels;
        e->format = (pica_texfmt)k0->format;
        memcpy(e->face, faces, sizeof faces);
        c->gl->CreateTextures(GL_TEXTURE_CUBE_MAP, 1, &e->tex);
        c->gl->TextureStorage2D(e->tex, (GLsizei)e->levels, GL_RGBA8, (GLsizei)e->size, (GLsizei)e->size);
        c->gl->TextureParameteri(e->tex, GL_TEXTURE_MAX_LEVEL, (GLint)e->levels - 1);
        e->bytes = (size_t)e->size * e->size * 4 * 6 * (e->levels > 1 ? 2 : 1);
        c->stats->bytes_resident += e->bytes;
        for (int f = 0; f < 6; f++)
            e->face_serial[f] = 0;
    }
    e->last_use = c->epoch;
    for (int f = 0; f < 6; f++) {
        const surface *s = &c->surf[faces[f]];
        if (e->face_serial[f] == s->serial && e->face_gen[f] == s->gen)
            continue;
        for (uint32_t l = 0; l < e->levels; l++) {
            const GLsizei side = (GLsizei)(e->size >> l);
            c->gl->CopyImageSubData(s->tex, GL_TEXTURE_2D, (GLint)l, 0, 0, 0, e->tex, GL_TEXTURE_CUBE_MAP, (GLint)l, 0,
                                    0, f, side, side, 1);
        }
        e->face_serial[f] = s->serial;
        e->face_gen[f] = s->gen;
    }
    out->texture = e->tex;
    out->target = GL_TEXTURE_CUBE_MAP;
    out->width = out->height = e->size;
    out->scale = 1;
    out->levels = e->levels;
    out->format = e->format;
    return GLHLE_RESULT_OK;
}

static void describe(pica_surface_cache *c, surface *s, pica_texture *out)
{
    canonicalise(c, s);
    out->texture = s->tex;
    out->target = GL_TEXTURE_2D;
    out->width = s->key.width;
    out->height = s->key.height;
    out->scale = s->key.scale;
    out->levels = s->key.levels;
    out->format = (pica_texfmt)s->key.format;
}

/* A resident, fully valid surface with key k at the cache's scale or at 1. */
static uint32_t resident(pica_surface_cache *c, pica_surface_key k)
{
    for (int pass = 0; pass < 2; pass++) {
        k.scale = (uint8_t)(pass == 0 ? c->scale : 1);
        if (pass == 1 && c->scale == 1)
            break;
        uint32_t id = hash_find(c, &k, glhle_hash64(&k, sizeof k));
        if (id != NONE && c->surf[id].n_valid == c->surf[id].groups)
            return id;
    }
    return NONE;
}

glhle_result pica_surface_cache_get_texture(pica_surface_cache *c, const pica_tex_unit_state *unit, unsigned index,
                                            const uint32_t cube_address[6], pica_texture *out)
{
    stand_in(c, out);
    if (!unit || !unit->enabled)
        return GLHLE_RESULT_OK;
    const uint8_t type = index == 0 ? unit->type : PICA_TEXTYPE_2D;
    const bool cube = type == PICA_TEXTYPE_CUBE || type == PICA_TEXTYPE_SHADOW_CUBE;
    const uint32_t levels = level_count(unit->width, unit->height, unit->lod_max);
    const pica_texfmt f = (pica_texfmt)unit->format;
    const bool known = f < PICA_TEXFMT_D16 && type < PICA_TEXTYPE_DISABLED && (!cube || cube_address);
    const pica_surface_key k = make_key(cube && cube_address ? cube_address[0] : unit->address, unit->width,
                                        unit->height, 0, known ? f : PICA_TEXFMT_RGBA8, PICA_LAYOUT_TILED8,
                                        levels, 1);
    if (known && !cube) { /* the common case: resident and current */
        uint32_t id = levels == 1 ? resident(c, k) : NONE;
        if (id == NONE && levels > 1) {
            id = hash_find(c, &k, glhle_hash64(&k, sizeof k));
            id = id != NONE && c->surf[id].n_valid == c->surf[id].groups ? id : NONE;
        }
        if (id != NONE) {
            touch(c, id);
            c->stats->surface_hits++;
            describe(c, &c->surf[id], out);
            return GLHLE_RESULT_OK;
        }
    }
    /* a failing configuration is logged once, not on every draw that uses it */
    const uint64_t h = glhle_hash64(unit, sizeof *unit) ^ (cube && cube_address ? glhle_hash64(cube_address, 24) : 0);
    const glhle_logger quiet = {.min_level = GLHLE_LOG_ERROR + 1};
    const glhle_logger *saved = c->log;
    bool seen = false;
    for (uint32_t i = 0; i < LOGGED_RING && !seen; i++)
        seen = c->logged[i] == h;
    if (seen)
        c->log = &quiet;
    char what[64];
    snprintf(what, sizeof what, "texture unit %u (TEXUNIT%u_ADDR1)", index, index);
    glhle_result r;
    if (!known || (cube && unit->width != unit->height)) {
        r = GLHLE_FAIL(c->log, GLHLE_RESULT_INVALID_ARGUMENT,
                       "pica: %s: type %u, format %u, %ux%u is not a texture the PICA samples (cube maps are "
                       "square); a transparent black texture stands in",
                       what, type, unit->format, unit->width, unit->height);
    } else if (cube) {
        r = get_cube(c, &k, cube_address, out);
    } else {
        uint32_t id;
        r = get_scaled(c, k, what, &id);
        if (r == GLHLE_RESULT_OK)
            describe(c, &c->surf[id], out);
    }
    c->log = saved;
    if (r != GLHLE_RESULT_OK) {
        if (!seen)
            c->logged[c->logged_next++ % LOGGED_RING] = h;
        stand_in(c, out);
    }
    return r;
}

glhle_result pica_surface_cache_get_screen(pica_surface_cache *c, uint32_t addr, pica_texfmt format, uint32_t pitch,
                                           uint32_t columns, pica_screen_texture *out)
{
    memset(out, 0, sizeof *out);
    c->epoch++;
    const pica_surface_key k = make_key(addr, PICA_LCD_COLUMN, columns, pitch, format, PICA_LAYOUT_LINEAR, 1, 1);
    uint32_t id;
    glhle_result r = get_scaled(c, k, "LCD framebuffer", &id);
    if (r != GLHLE_RESULT_OK)
        return r;
    out->texture = c->surf[id].tex;
    out->columns = columns;
    out->scale = c->surf[id].key.scale;
    return GLHLE_RESULT_OK;
}

/* ---- display operations on the GPU ----------------------------------------------------------------------------- */

/* Whether the fill pattern makes every texel of a `bytes`-wide format the
 * same, starting at the fill's start. */
static bool pattern_uniform(const pica_fill_params *f, uint32_t bytes)
{
    for (uint32_t k = 0; k <= f->unit; k++)
        for (uint32_t j = 0; j < bytes; j++)
            if (f->pattern[(k * bytes + j) % f->unit] != f->pattern[j % f->unit])
                return false;
    return true;
}

bool pica_surface_cache_fill(pica_surface_cache *c, const pica_fill_params *f)
{
    uint32_t best = NONE, g0 = 0, g1 = 0;
    c->epoch++;
    idlist l = query_push(c, f->start, (uint64_t)f->end - f->start);
    for (uint32_t i = 0; i < l.n; i++) {
        const surface *o = &c->surf[l.ids[i]];
        uint32_t t0, t1;
        if (o->chain || o->bits < 8 || pica_texfmt_get_info((pica_texfmt)o->key.format)->compressed ||
            !groups_inside(o, f->start, f->end, &t0, &t1) || gstart(o, t0) != f->start || gend(o, t1 - 1) != f->end ||
            (t1 - t0 > 1 && o->row_bytes != o->key.pitch) || !pattern_uniform(f, o->bits / 8))
            continue;
        const surface *b = best == NONE ? NULL : &c->surf[best];
        if (!b || (o->n_dirty && !b->n_dirty) || ((o->n_dirty != 0) == (b->n_dirty != 0) && o->last_use > b->last_use)) {
            best = l.ids[i];
            g0 = t0, g1 = t1;
        }
    }
    query_pop(c);
    if (best == NONE)
        return false;
    surface *s = &c->surf[best];
    touch(c, best);
    uint8_t texel[4];
    for (uint32_t j = 0; j < s->bits / 8; j++)
        texel[j] = f->pattern[j % f->unit];
    const pica_surface one = {(pica_texfmt)s->key.format, PICA_LAYOUT_LINEAR, 1, 1, 0};
    uint8_t host[4];
    if (pica_decode(&one, texel, s->bits / 8, NULL, 0, host, 4, c->log) != GLHLE_RESULT_OK)
        return false;
    const uint32_t k = s->key.scale, y = s->key.height - g1 * s->rows;
    c->gl->ClearTexSubImage(s->tex, 0, 0, (GLint)(y * k), 0, (GLsizei)(s->key.width * k),
                            (GLsizei)((g1 - g0) * s->rows * k), 1, gl_format(s), gl_type(s), host);
    mark_groups_written(c, best, g0, g1);
    return true;
}

/* A surface holding the whole image `want` (same format, layout and pitch)
 * with valid or dirty rows, and where: prefers dirty surfaces, then the
 * highest scale. */
static uint32_t find_source(pica_surface_cache *c, const surface *want, mapping *m_out)
{
    uint32_t best = NONE;
    idlist l = query_push(c, want->key.addr, want->span);
    for (uint32_t i = 0; i < l.n; i++) {
        const surface *o = &c->surf[l.ids[i]];
        mapping m;
        /* want's group g is o's group g - gd: all of them must exist */
        if (!o->n_valid || o->key.format != want->key.format || !map_onto(want, o, &m) || !m.full || m.gd > 0 ||
            (int64_t)want->groups - m.gd > (int64_t)o->groups)
            continue;
        const surface *b = best == NONE ? NULL : &c->surf[best];
        if (!b || (o->n_dirty && !b->n_dirty) ||
            ((o->n_dirty != 0) == (b->n_dirty != 0) && o->key.scale > b->key.scale)) {
            best = l.ids[i];
            *m_out = m;
        }
    }
    query_pop(c);
    return best;
}

bool pica_surface_cache_transfer(pica_surface_cache *c, const pica_transfer_params *t)
{
    surface want = {.key = make_key(t->in_addr, t->out_width, t->out_height, t->src.stride, t->src.format,
                                    t->src.layout, 1, 1)};
    geometry(&want);
    mapping m;
    c->epoch++;
    const uint32_t sid = find_source(c, &want, &m);
    if (sid == NONE)
        return false;
    /* want's group g is the source's group g - gd */
    validate(c, sid, (uint32_t)-m.gd, (uint32_t)(want.groups - m.gd));
    touch(c, sid);
    const pica_surface_key dk = make_key(t->out_addr, t->dst_width, t->dst_height, 0, t->dst.format, t->dst.layout, 1,
                                         c->surf[sid].key.scale);
    uint32_t did;
    if (find_or_create(c, &dk, "display transfer output", &did) != GLHLE_RESULT_OK || did == sid)
        return false;
    surface *src = &c->surf[sid], *dst = &c->surf[did];
    if (!src->used || src->last_use != c->epoch)
        return false; /* evicted to make room: let the CPU do it */
    const pica_pass_image in = {src->tex, 0, src->key.height, src->key.scale};
    const pica_pass_image out = {dst->tex, surface_fbo(c, dst), dst->key.height, dst->key.scale};
    const pica_pass_transfer pt = {(uint32_t)(-m.xu * want.unit_px), (uint32_t)(-m.gd * want.rows), t->dst_width,
                                   t->dst_height, t->sx, t->sy, t->flip, t->src.format, t->dst.format};
    pica_pass_run_transfer(c->passes, &in, &out, &pt);
    dst->raw = false; /* every texel rewritten, quantised */
    mark_groups_written(c, did, 0, dst->groups);
    return true;
}

/* The rectangle (guest texels) that copy lines starting at addr (line
 * width lw bytes, gap gap, size bytes in all) cover in surface s, if they
 * cover exactly a rectangle of it. */
static bool lines_rect(const surface *s, uint32_t addr, uint32_t lw, uint32_t gap, uint32_t size, pica_rect *r)
{
    if (s->chain || s->bits < 8 || addr < s->key.addr || addr - s->key.addr >= s->span)
        return false;
    const uint32_t off = addr - s->key.addr, p = s->key.pitch, u = s->unit_bytes, col = off % p, g0 = off / p;
    uint32_t lines, width;
    if (gap == 0 && col == 0 && s->row_bytes == p && size % p == 0) {
        lines = size / p; /* whole row groups */
        width = p;
    } else if (gap == 0) {
        lines = 1; /* a piece of one row group */
        width = size;
    } else if (lw + gap == p && size % lw == 0) {
        lines = size / lw;
        width = lw;
    } else {
        return false;
    }
    if (col % u || width % u || col + width > s->row_bytes || g0 + lines > s->groups)
        return false;
    *r = (pica_rect){col / u * s->unit_px, g0 * s->rows, width / u * s->unit_px, lines * s->rows};
    return true;
}

bool pica_surface_cache_copy(pica_surface_cache *c, const pica_copy_params *cp)
{
    uint32_t sid = NONE, did = NONE;
    pica_rect in = {0}, out = {0};
    idlist l = query_push(c, cp->in_addr, cp->in_span);
    for (uint32_t i = 0; i < l.n && sid == NONE; i++)
        if (c->surf[l.ids[i]].n_valid &&
            lines_rect(&c->surf[l.ids[i]], cp->in_addr, cp->in_width, cp->in_gap, cp->size, &in))
            sid = l.ids[i];
    query_pop(c);
    if (sid == NONE)
        return false;
    c->epoch++;
    touch(c, sid);
    const surface *src = &c->surf[sid];
    l = query_push(c, cp->out_addr, cp->out_span);
    for (uint32_t i = 0; i < l.n && did == NONE; i++) {
        const surface *o = &c->surf[l.ids[i]];
        if (l.ids[i] != sid && o->key.layout == src->key.layout && o->bits == src->bits &&
            (o->key.format == src->key.format ||
             (reinterpretable_dst((pica_texfmt)o->key.format) && reinterpretable_src((pica_texfmt)src->key.format))) &&
            lines_rect(o, cp->out_addr, cp->out_width, cp->out_gap, cp->size, &out) && out.w == in.w && out.h == in.h)
            did = l.ids[i];
    }
    query_pop(c);
    if (did == NONE && src->depth)
        return false;
    if (did == NONE) {
        if (cp->out_gap)
            return false;
        /* a contiguous output is a packed image of the copied rectangle */
        const pica_surface_key dk = make_key(cp->out_addr, in.w, in.h, 0, (pica_texfmt)src->key.format,
                                             (pica_layout)src->key.layout, 1, src->key.scale);
        if (find_or_create(c, &dk, "texture copy output", &did) != GLHLE_RESULT_OK || did == sid)
            return false;
        out = (pica_rect){0, 0, in.w, in.h};
    }
    surface *s = &c->surf[sid], *d = &c->surf[did];
    touch(c, did);
    validate(c, sid, in.y / s->rows, (in.y + in.h) / s->rows);
    if (out.x || out.w != d->key.width)
        validate(c, did, out.y / d->rows, (out.y + out.h) / d->rows); /* the rest of those rows must be right */
    if (!s->used || !d->used)
        return false;
    copy_rect(c, s, in.x, in.y, d, out.x, out.y, in.w, in.h);
    mark_groups_written(c, did, out.y / d->rows, (out.y + out.h) / d->rows);
    return true;
}

/* ---- save states --------------------------------------------------------------------------- */

static size_t texel_bytes_of(const surface *s)
{
    size_t bytes = 0;
    for (uint32_t l = 0; l < s->key.levels; l++)
        bytes += (size_t)(s->gl_w >> l) * (s->gl_h >> l) * 4;
    return bytes;
}

glhle_result pica_surface_cache_save(pica_surface_cache *c, pica_surface_save_fn fn, void *user)
{
    /* a surface outside today's mappings cannot be written back; it is
     * left out below, and a load rebuilds nothing there */
    pica_surface_cache_flush(c, 0, 0xFFFFFFFFu);
    glhle_result r = GLHLE_RESULT_OK;
    uint8_t *texels = NULL, *valid = NULL;
    size_t cap = 0;
    for (uint32_t id = c->lru_tail; id != NONE && r == GLHLE_RESULT_OK; id = c->surf[id].lru_prev) {
        surface *s = &c->surf[id];
        if (!s->n_valid || !pica_memory_ptr(c->mem, s->key.addr, s->span))
            continue; /* nothing in it a load could rebuild from, or no memory for it */
        const size_t bytes = texel_bytes_of(s), vbytes = (s->groups + 7) / 8;
        if (bytes + vbytes > cap) {
            free(texels);
            cap = bytes + vbytes;
            texels = malloc(cap);
            if (!texels)
                return GLHLE_FAIL(c->log, GLHLE_RESULT_OUT_OF_MEMORY, "pica: no memory to read surface 0x%08x back",
                                  s->key.addr);
        }
        valid = texels + bytes;
        memset(valid, 0, vbytes);
        for (uint32_t g = 0; g < s->groups; g++)
            valid[g / 8] |= (uint8_t)(bm_get(s->valid, g) << (g % 8));
        size_t off = 0;
        pica_pixel_store(c->ctx, 0, 4);
        for (uint32_t l = 0; l < s->key.levels; l++) {
            const size_t n = (size_t)(s->gl_w >> l) * (s->gl_h >> l) * 4;
            c->gl->GetTextureImage(s->tex, (GLint)l, gl_format(s), gl_type(s), (GLsizei)n, texels + off);
            off += n;
        }
        const pica_saved_surface saved = {s->key, (s->raw ? PICA_SAVED_RAW : 0u) | (s->words ? PICA_SAVED_WORDS : 0u),
                                          s->groups, valid, texels, bytes};
        r = fn(user, &saved);
    }
    free(texels);
    return r;
}

glhle_result pica_surface_cache_check_saved(pica_surface_cache *c, const pica_surface_key *k, uint32_t *groups,
                                            size_t *texel_bytes)
{
    if (k->scale != 1 && k->scale != c->scale)
        return GLHLE_FAIL(c->log, GLHLE_RESULT_BAD_DATA, "pica: a saved surface at 0x%08x has scale %u; this cache "
                                                         "holds 1 and %u",
                          k->addr, k->scale, c->scale);
    if (k->format >= PICA_TEXFMT_COUNT || k->layout >= PICA_LAYOUT_COUNT || k->levels < 1 || k->levels > 8 ||
        k->pitch == 0)
        return GLHLE_FAIL(c->log, GLHLE_RESULT_BAD_DATA,
                          "pica: a saved surface at 0x%08x has format %u, layout %u, %u levels, pitch %u", k->addr,
                          k->format, k->layout, k->levels, k->pitch);
    glhle_result r = check_key(c, k, "saved surface");
    if (r != GLHLE_RESULT_OK)
        return r;
    surface probe = {.key = *k};
    geometry(&probe);
    if (probe.chain && ((k->width >> (k->levels - 1)) < PICA_MIN_LEVEL_SIDE ||
                        (k->height >> (k->levels - 1)) < PICA_MIN_LEVEL_SIDE))
        return GLHLE_FAIL(c->log, GLHLE_RESULT_BAD_DATA, "pica: a saved surface at 0x%08x has %u levels of a %ux%u image",
                          k->addr, k->levels, k->width, k->height);
    *groups = probe.groups;
    *texel_bytes = texel_bytes_of(&probe);
    return GLHLE_RESULT_OK;
}

void pica_surface_cache_discard(pica_surface_cache *c)
{
    drop_all(c, false);
}

glhle_result pica_surface_cache_restore(pica_surface_cache *c, const pica_saved_surface *saved)
{
    uint32_t id;
    glhle_result r = find_or_create(c, &saved->key, "saved surface", &id);
    if (r != GLHLE_RESULT_OK)
        return r;
    surface *s = &c->surf[id];
    size_t off = 0;
    pica_pixel_store(c->ctx, 0, 4);
    for (uint32_t l = 0; l < s->key.levels; l++) {
        const GLsizei w = (GLsizei)(s->gl_w >> l), h = (GLsizei)(s->gl_h >> l);
        c->gl->TextureSubImage2D(s->tex, (GLint)l, 0, 0, w, h, gl_format(s), gl_type(s), saved->texels + off);
        off += (size_t)w * (size_t)h * 4;
    }
    set_dirty(s, 0, s->groups, false);
    set_valid(s, 0, s->groups, false);
    for (uint32_t g = 0; g < s->groups; g++)
        if ((saved->valid[g / 8] >> (g % 8)) & 1)
            set_valid(s, g, g + 1, true);
    s->raw = (saved->flags & PICA_SAVED_RAW) != 0;
    s->words = (saved->flags & PICA_SAVED_WORDS) != 0;
    s->gen++;
    return GLHLE_RESULT_OK;
}
