/* backend/maxwell/memory/block_linear.c against a model written here from
 * the GOB definition: a GOB is 64 bytes x 8 rows whose address bits are
 * x5 y2 y1 x4 y0 x3 x2 x1 x0; blocks are 1 GOB wide, 2^bh GOBs tall and 2^bd
 * slices deep, GOBs inside a block run down then through depth, and blocks
 * run across, down, then back. The model counts GOBs and blocks in that
 * order rather than using the library's split into x/y/z terms. Texture
 * layouts are checked against sizes worked out by hand in the comments. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/memory/block_linear.h"

/* ---- the model ---- */

typedef struct model {
    uint32_t wb, h, d, bh, bd;
} model;

static uint32_t div_up(uint32_t a, uint32_t b)
{
    return (a + b - 1) / b;
}

static uint64_t model_gob_byte(uint32_t x, uint32_t y)
{
    /* bit k of the result comes from: 0-3 x0-x3, 4 y0, 5 x4, 6-7 y1-y2, 8 x5 */
    return (uint64_t)(x & 15) | (uint64_t)(y & 1) << 4 | (uint64_t)((x >> 4) & 1) << 5 |
           (uint64_t)((y >> 1) & 3) << 6 | (uint64_t)((x >> 5) & 1) << 8;
}

static uint64_t model_offset(const model *m, uint32_t x, uint32_t y, uint32_t z)
{
    uint32_t gobs_across = div_up(m->wb, 64);
    uint32_t block_gobs_tall = 1u << m->bh, block_slices = 1u << m->bd;
    uint32_t blocks_down = div_up(div_up(m->h, 8), block_gobs_tall);
    uint32_t bx = x / 64, by = (y / 8) / block_gobs_tall, bz = z / block_slices;
    uint64_t block_index = ((uint64_t)bz * blocks_down + by) * gobs_across + bx;
    uint64_t gobs_per_block = (uint64_t)block_gobs_tall * block_slices;
    uint64_t gob_in_block = (uint64_t)(z % block_slices) * block_gobs_tall + (y / 8) % block_gobs_tall;
    return (block_index * gobs_per_block + gob_in_block) * 512 + model_gob_byte(x % 64, y % 8);
}

static uint64_t model_size(const model *m)
{
    return (uint64_t)div_up(m->wb, 64) * div_up(div_up(m->h, 8), 1u << m->bh) * div_up(m->d, 1u << m->bd) * 512
           << (m->bh + m->bd);
}

static void geom_for(mw_bl_geom *g, const model *m)
{
    assert_int_equal(mw_bl_geom_init(g, m->wb, m->h, m->d, m->bh, m->bd, ts_logger()), GLHLE_RESULT_OK);
}

/* ---- tests ---- */

static void gob_offsets_by_hand(void **state)
{
    (void)state;
    mw_bl_geom g;
    model m = {64, 8, 1, 0, 0};
    geom_for(&g, &m);
    /* sectors are 16 bytes x 2 rows; the 4 sectors of the top 2 rows are
     * at 0, 32 (x 16-31), 256 (x 32-47) and 288 (x 48-63) */
    assert_int_equal(mw_bl_offset(&g, 0, 0, 0), 0);
    assert_int_equal(mw_bl_offset(&g, 15, 0, 0), 15);
    assert_int_equal(mw_bl_offset(&g, 0, 1, 0), 16);
    assert_int_equal(mw_bl_offset(&g, 16, 0, 0), 32);
    assert_int_equal(mw_bl_offset(&g, 0, 2, 0), 64);
    assert_int_equal(mw_bl_offset(&g, 32, 0, 0), 256);
    assert_int_equal(mw_bl_offset(&g, 48, 1, 0), 304);
    assert_int_equal(mw_bl_offset(&g, 63, 7, 0), 511);
    assert_int_equal(g.size, 512);
    /* two GOBs tall (bh = 1), 128 bytes wide: GOB (0,1) follows GOB (0,0);
     * GOB (1,0) starts the next block at 1024 */
    model m2 = {128, 16, 1, 1, 0};
    geom_for(&g, &m2);
    assert_int_equal(mw_bl_offset(&g, 0, 8, 0), 512);
    assert_int_equal(mw_bl_offset(&g, 64, 0, 0), 1024);
    assert_int_equal(mw_bl_offset(&g, 64, 8, 0), 1536);
    assert_int_equal(g.size, 2048);
    /* depth: with bd = 1 slice 1 of a 1-GOB-tall block is the next GOB */
    model m3 = {64, 8, 2, 0, 1};
    geom_for(&g, &m3);
    assert_int_equal(mw_bl_offset(&g, 0, 0, 1), 512);
    /* a partial block still takes a whole block: 65 bytes x 9 rows with
     * bh = 1 is 2 blocks of 1 KiB */
    model m4 = {65, 9, 1, 1, 0};
    geom_for(&g, &m4);
    assert_int_equal(g.width_gobs, 2);
    assert_int_equal(g.height_blocks, 1);
    assert_int_equal(g.size, 2048);
}

static void offsets_match_model(void **state)
{
    (void)state;
    static const uint32_t widths[] = {1, 16, 63, 64, 65, 200, 256};
    static const uint32_t heights[] = {1, 7, 8, 9, 40, 130};
    static const uint32_t depths[] = {1, 2, 3, 5};
    uint64_t checked = 0;
    for (uint32_t bh = 0; bh <= 5; bh++)
        for (uint32_t bd = 0; bd <= 5; bd++)
            for (size_t wi = 0; wi < sizeof widths / sizeof widths[0]; wi++)
                for (size_t hi = 0; hi < sizeof heights / sizeof heights[0]; hi++)
                    for (size_t di = 0; di < sizeof depths / sizeof depths[0]; di++) {
                        model m = {widths[wi], heights[hi], depths[di], bh, bd};
                        mw_bl_geom g;
                        geom_for(&g, &m);
                        assert_int_equal(g.size, model_size(&m));
                        /* every byte for the small ones, a lattice for the rest */
                        uint32_t step = m.wb * m.h * m.d > 20000 ? 7 : 1;
                        for (uint32_t z = 0; z < m.d; z++)
                            for (uint32_t y = 0; y < m.h; y += (y % 3 == 2) ? step : 1)
                                for (uint32_t x = 0; x < m.wb; x += step) {
                                    uint64_t o = mw_bl_offset(&g, x, y, z);
                                    if (o != model_offset(&m, x, y, z))
                                        fail_msg("offset (%u,%u,%u) in %ux%ux%u bh %u bd %u: %llu, model %llu", x, y,
                                                 z, m.wb, m.h, m.d, bh, bd, (unsigned long long)o,
                                                 (unsigned long long)model_offset(&m, x, y, z));
                                    assert_true(o < g.size);
                                    checked++;
                                }
                    }
    assert_true(checked > 100000);
}

static uint8_t *random_bytes(ts_rng *r, size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    assert_non_null(p);
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)ts_rng_u32(r);
    return p;
}

/* One random box of one random image, both directions, both paths,
 * every byte against the model; bytes outside the box must not move. */
static void check_random_box(ts_rng *r, uint32_t bpe)
{
    model m = {(1 + ts_rng_below(r, 40)) * bpe, 1 + ts_rng_below(r, 70), 1 + ts_rng_below(r, 4),
               ts_rng_below(r, 6), ts_rng_below(r, 6)};
    if (ts_rng_below(r, 4) == 0)
        m.d = 1;
    mw_bl_geom g;
    geom_for(&g, &m);
    mw_bl_box b;
    uint32_t ex0 = ts_rng_below(r, m.wb / bpe), ex1 = ex0 + 1 + ts_rng_below(r, m.wb / bpe - ex0);
    b.x = ex0 * bpe;
    b.width = (ex1 - ex0) * bpe;
    b.y = ts_rng_below(r, m.h);
    b.height = 1 + ts_rng_below(r, m.h - b.y);
    b.z = ts_rng_below(r, m.d);
    b.depth = 1 + ts_rng_below(r, m.d - b.z);
    size_t pitch = b.width + ts_rng_below(r, 3) * 16, slice = pitch * b.height + ts_rng_below(r, 2) * 32;
    size_t lsize = slice * b.depth;
    uint8_t *tiled = random_bytes(r, g.size);
    uint8_t *lin_fast = random_bytes(r, lsize), *lin_ref = malloc(lsize), *lin_before = malloc(lsize);
    assert_non_null(lin_ref);
    assert_non_null(lin_before);
    memcpy(lin_ref, lin_fast, lsize);
    memcpy(lin_before, lin_fast, lsize);
    assert_int_equal(mw_bl_tiled_to_linear(&g, tiled, g.size, &b, lin_fast, lsize, pitch, slice, 0, ts_logger()),
                     GLHLE_RESULT_OK);
    assert_int_equal(mw_bl_tiled_to_linear(&g, tiled, g.size, &b, lin_ref, lsize, pitch, slice, MW_BL_REFERENCE,
                                           ts_logger()),
                     GLHLE_RESULT_OK);
    for (size_t i = 0; i < lsize; i++) {
        size_t s = i / slice, rr = (i % slice) / pitch, c = (i % slice) % pitch;
        uint8_t want = (s < b.depth && rr < b.height && c < b.width)
                           ? tiled[model_offset(&m, b.x + (uint32_t)c, b.y + (uint32_t)rr, b.z + (uint32_t)s)]
                           : lin_before[i];
        if (lin_fast[i] != want || lin_ref[i] != want)
            fail_msg("untile %ux%ux%u bh %u bd %u box (%u,%u,%u)+%ux%ux%u byte %zu: fast %u ref %u model %u", m.wb, m.h,
                     m.d, m.bh, m.bd, b.x, b.y, b.z, b.width, b.height, b.depth, i, lin_fast[i], lin_ref[i], want);
    }
    /* back the other way, from fresh linear data into a copy of the image */
    uint8_t *src = random_bytes(r, lsize);
    uint8_t *t_fast = malloc(g.size), *t_ref = malloc(g.size), *t_want = malloc(g.size);
    assert_non_null(t_fast);
    assert_non_null(t_ref);
    assert_non_null(t_want);
    memcpy(t_fast, tiled, g.size);
    memcpy(t_ref, tiled, g.size);
    memcpy(t_want, tiled, g.size);
    for (uint32_t s = 0; s < b.depth; s++)
        for (uint32_t rr = 0; rr < b.height; rr++)
            for (uint32_t c = 0; c < b.width; c++)
                t_want[model_offset(&m, b.x + c, b.y + rr, b.z + s)] = src[s * slice + rr * pitch + c];
    assert_int_equal(mw_bl_linear_to_tiled(&g, t_fast, g.size, &b, src, lsize, pitch, slice, 0, ts_logger()),
                     GLHLE_RESULT_OK);
    assert_int_equal(mw_bl_linear_to_tiled(&g, t_ref, g.size, &b, src, lsize, pitch, slice, MW_BL_REFERENCE,
                                           ts_logger()),
                     GLHLE_RESULT_OK);
    assert_memory_equal(t_fast, t_want, g.size);
    assert_memory_equal(t_ref, t_want, g.size);
    free(tiled);
    free(lin_fast);
    free(lin_ref);
    free(lin_before);
    free(src);
    free(t_fast);
    free(t_ref);
    free(t_want);
}

static void copies_match_model(void **state)
{
    (void)state;
    ts_rng r;
    ts_rng_init(&r, ts_seed("block_linear copies", 14));
    static const uint32_t bpes[] = {1, 2, 3, 4, 6, 8, 12, 16};
    for (size_t i = 0; i < sizeof bpes / sizeof bpes[0]; i++)
        for (int n = 0; n < 60; n++)
            check_random_box(&r, bpes[i]);
}

/* The whole-GOB path: GOB-aligned boxes of several GOBs, and a box that is
 * aligned on one side only. */
static void aligned_boxes(void **state)
{
    (void)state;
    model m = {256, 64, 1, 2, 0};
    mw_bl_geom g;
    geom_for(&g, &m);
    uint8_t *tiled = malloc(g.size), *lin = malloc(256 * 64);
    assert_non_null(tiled);
    assert_non_null(lin);
    for (size_t i = 0; i < g.size; i++)
        tiled[i] = (uint8_t)(i * 7 + (i >> 8));
    static const mw_bl_box boxes[] = {{0, 0, 0, 256, 64, 1}, {64, 8, 0, 128, 16, 1}, {10, 8, 0, 200, 24, 1},
                                      {64, 3, 0, 130, 21, 1}};
    for (size_t k = 0; k < sizeof boxes / sizeof boxes[0]; k++) {
        const mw_bl_box *b = &boxes[k];
        memset(lin, 0, 256 * 64);
        assert_int_equal(mw_bl_tiled_to_linear(&g, tiled, g.size, b, lin, 256 * 64, 256, 0, 0, ts_logger()),
                         GLHLE_RESULT_OK);
        for (uint32_t y = 0; y < b->height; y++)
            for (uint32_t x = 0; x < b->width; x++)
                assert_int_equal(lin[y * 256 + x], tiled[model_offset(&m, b->x + x, b->y + y, 0)]);
    }
    free(tiled);
    free(lin);
}

static void texture_layouts_by_hand(void **state)
{
    (void)state;
    mw_bl_texture_layout t;
    /* 256x256 RGBA8, all 9 levels, block height 16 GOBs, 6 layers (a cube).
     * Level 0: 1024 B = 16 GOBs across, 256 rows = 32 GOBs = 2 blocks of
     * 16 -> 16*2*8 KiB = 256 KiB. Level 1: 8 GOBs x 16 GOBs, bh stays 4
     * -> 64 KiB. Level 2: 4 x 8 GOBs, bh 3 -> 4*4 KiB = 16 KiB. Level 3:
     * 2 x 4 GOBs, bh 2 -> 2*2 KiB. Level 4: 1 x 2, bh 1 -> 1 KiB. Levels
     * 5-8: one GOB each. */
    mw_bl_texture_desc d = {.width = 256, .height = 256, .depth = 1, .levels = 9, .layers = 6,
                            .bytes_per_block = 4, .block_height_log2 = 4};
    assert_int_equal(mw_bl_texture_layout_init(&t, &d, ts_logger()), GLHLE_RESULT_OK);
    static const uint64_t offsets[9] = {0, 262144, 327680, 344064, 348160, 349184, 349696, 350208, 350720};
    static const uint32_t bhs[9] = {4, 4, 3, 2, 1, 0, 0, 0, 0};
    for (int l = 0; l < 9; l++) {
        assert_int_equal(t.level_offset[l], offsets[l]);
        assert_int_equal(t.level[l].block_height_log2, bhs[l]);
    }
    assert_int_equal(t.layer_size, 351232);
    /* 351232 / 8192 = 42.875 -> 43 blocks of level 0 */
    assert_int_equal(t.layer_stride, 43 * 8192);
    assert_int_equal(t.size, 5 * 352256 + 351232);

    /* BC1 (8 bytes per 4x4 block) 100x60: 25 blocks = 200 B = 4 GOBs
     * across, 15 block rows = 2 GOBs, so bh 4 clamps to 1: 4 KiB. Level 1
     * 50x30: 13 blocks = 104 B = 2 GOBs, 8 rows = 1 GOB, bh 0: 1 KiB. */
    mw_bl_texture_desc bc1 = {.width = 100, .height = 60, .depth = 1, .levels = 2, .layers = 1,
                              .bytes_per_block = 8, .block_width = 4, .block_height = 4, .block_height_log2 = 4};
    assert_int_equal(mw_bl_texture_layout_init(&t, &bc1, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(t.level[0].block_height_log2, 1);
    assert_int_equal(t.level[0].size, 4096);
    assert_int_equal(t.level_offset[1], 4096);
    assert_int_equal(t.level[1].width_bytes, 104);
    assert_int_equal(t.level[1].size, 1024);
    assert_int_equal(t.layer_stride, 5120); /* already a multiple of level 0's 1 KiB block */

    /* 32^3 RGBA8, bh 4, bd 5: level 0 is 2 GOBs x 4 GOBs x 32 slices, so
     * bh -> 2 and bd stays 5: one block row of 2 blocks of 64 KiB = 128 KiB
     * (= 32^3 * 4, no padding). Level 1 16^3: 1 GOB x 2 GOBs x 16 -> bh 1,
     * bd 4: 16 KiB. Level 2 8^3: bh 0, bd 3: 4 KiB. */
    mw_bl_texture_desc vol = {.width = 32, .height = 32, .depth = 32, .levels = 3, .layers = 1,
                              .bytes_per_block = 4, .block_height_log2 = 4, .block_depth_log2 = 5};
    assert_int_equal(mw_bl_texture_layout_init(&t, &vol, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(t.level[0].block_height_log2, 2);
    assert_int_equal(t.level[0].block_depth_log2, 5);
    assert_int_equal(t.level[0].size, 131072);
    assert_int_equal(t.level[1].block_height_log2, 1);
    assert_int_equal(t.level[1].block_depth_log2, 4);
    assert_int_equal(t.level_offset[1], 131072);
    assert_int_equal(t.level[1].size, 16384);
    assert_int_equal(t.level[2].block_depth_log2, 3);
    assert_int_equal(t.level[2].size, 4096);
    assert_int_equal(t.layer_size, 151552);

    /* a non-power-of-two 2D array: 100x100 RGBA8, 1 level, bh 3, 3 layers:
     * 400 B = 7 GOBs, 100 rows = 13 GOBs -> clamp min(3, 4) = 3, 2 blocks
     * of 8 GOBs: 7*2*4 KiB = 56 KiB, already a multiple of 4 KiB */
    mw_bl_texture_desc arr = {.width = 100, .height = 100, .depth = 1, .levels = 1, .layers = 3,
                              .bytes_per_block = 4, .block_height_log2 = 3};
    assert_int_equal(mw_bl_texture_layout_init(&t, &arr, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(t.layer_size, 57344);
    assert_int_equal(t.layer_stride, 57344);
    assert_int_equal(t.size, 3 * 57344);

    /* 2 levels of 64x8 R8 with bh 2: level 0 is 1 GOB (bh -> 0), level 1
     * 32x4 another GOB: the layer of 1 KiB aligns to level 0's 512 B */
    mw_bl_texture_desc small = {.width = 64, .height = 8, .depth = 1, .levels = 2, .layers = 2,
                                .bytes_per_block = 1, .block_height_log2 = 2};
    assert_int_equal(mw_bl_texture_layout_init(&t, &small, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(t.layer_stride, 1024);
}

/* A box of level 2, layer 1 of a mipmapped array: the bytes land where
 * the hand-computed level offset, the layer stride and the model put them. */
static void texture_subresource_copy(void **state)
{
    (void)state;
    /* 64x64 RGBA8, 3 levels, bh 3, 2 layers. Level 0: 4 GOBs x 8 GOBs, bh 3
     * -> 16 KiB; level 1 32x32: 2 x 4 GOBs, bh 2 -> 4 KiB; level 2 16x16:
     * 1 x 2 GOBs, bh 1 -> 1 KiB. Layer: 21 KiB, aligned to level 0's 4 KiB
     * block -> 24 KiB. Level 2 of layer 1 starts at 24576 + 20480. */
    mw_bl_texture_desc d = {.width = 64, .height = 64, .depth = 1, .levels = 3, .layers = 2,
                            .bytes_per_block = 4, .block_height_log2 = 3};
    mw_bl_texture_layout t;
    assert_int_equal(mw_bl_texture_layout_init(&t, &d, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(t.layer_stride, 24576);
    uint64_t at = mw_bl_texture_offset(&t, 2, 1);
    assert_int_equal(at, 24576 + 20480);
    assert_int_equal(mw_bl_texture_offset(&t, 3, 0), UINT64_MAX);
    assert_int_equal(mw_bl_texture_offset(&t, 0, 2), UINT64_MAX);
    uint8_t *tex = calloc(1, t.size);
    assert_non_null(tex);
    uint8_t lin[10 * 4 * 7];
    for (size_t i = 0; i < sizeof lin; i++)
        lin[i] = (uint8_t)(i % 255 + 1); /* never 0: the count below finds the written bytes */
    mw_bl_box b = {3 * 4, 5, 0, 10 * 4, 7, 1};
    assert_int_equal(mw_bl_linear_to_tiled(&t.level[2], tex + at, t.size - at, &b, lin, sizeof lin, 40, 0, 0,
                                           ts_logger()),
                     GLHLE_RESULT_OK);
    model m = {64, 16, 1, 1, 0};
    size_t written = 0;
    for (size_t i = 0; i < t.size; i++)
        written += tex[i] != 0;
    assert_int_equal(written, sizeof lin);
    for (uint32_t y = 0; y < 7; y++)
        for (uint32_t x = 0; x < 40; x++)
            assert_int_equal(tex[at + model_offset(&m, 12 + x, 5 + y, 0)], lin[y * 40 + x]);
    free(tex);
}

static void clamps(void **state)
{
    (void)state;
    assert_int_equal(mw_bl_clamp_block_height(5, 1), 0);
    assert_int_equal(mw_bl_clamp_block_height(5, 8), 0);
    assert_int_equal(mw_bl_clamp_block_height(5, 9), 1);
    assert_int_equal(mw_bl_clamp_block_height(5, 16), 1);
    assert_int_equal(mw_bl_clamp_block_height(5, 17), 2);
    assert_int_equal(mw_bl_clamp_block_height(2, 1000), 2);
    assert_int_equal(mw_bl_clamp_block_depth(5, 1), 0);
    assert_int_equal(mw_bl_clamp_block_depth(5, 3), 2);
    assert_int_equal(mw_bl_clamp_block_depth(1, 3), 1);
}

static void bad_arguments(void **state)
{
    (void)state;
    mw_bl_geom g;
    ts_log_clear();
    assert_int_equal(mw_bl_geom_init(&g, 0, 8, 1, 0, 0, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(mw_bl_geom_init(&g, 64, 8, 1, 6, 0, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("past 2^5"));
    assert_int_equal(mw_bl_geom_init(&g, 0xFFFFFFFFu, 0xFFFFFFFFu, 1, 0, 0, ts_logger()),
                     GLHLE_RESULT_INVALID_ARGUMENT);
    assert_true(ts_log_contains("40-bit"));
    assert_int_equal(mw_bl_geom_init(&g, 128, 16, 1, 1, 0, ts_logger()), GLHLE_RESULT_OK);
    uint8_t tiled[2048] = {0}, lin[128 * 16];
    mw_bl_box out = {0, 0, 0, 129, 1, 1};
    ts_log_clear();
    assert_int_equal(mw_bl_tiled_to_linear(&g, tiled, sizeof tiled, &out, lin, sizeof lin, 129, 0, 0, ts_logger()),
                     GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("leaves the 128x16x1 image"));
    mw_bl_box all = {0, 0, 0, 128, 16, 1};
    assert_int_equal(mw_bl_tiled_to_linear(&g, tiled, 2047, &all, lin, sizeof lin, 128, 0, 0, ts_logger()),
                     GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(mw_bl_tiled_to_linear(&g, tiled, 2048, &all, lin, sizeof lin - 1, 128, 0, 0, ts_logger()),
                     GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_int_equal(mw_bl_linear_to_tiled(&g, tiled, 2048, &all, lin, sizeof lin, 127, 0, 0, ts_logger()),
                     GLHLE_RESULT_INVALID_ARGUMENT);
    mw_bl_box empty = {5, 5, 0, 0, 3, 1};
    assert_int_equal(mw_bl_tiled_to_linear(&g, tiled, 0, &empty, NULL, 0, 0, 0, 0, ts_logger()), GLHLE_RESULT_OK);
    mw_bl_texture_layout t;
    mw_bl_texture_desc d = {.width = 4, .height = 4, .depth = 1, .levels = 4, .layers = 1, .bytes_per_block = 4};
    assert_int_equal(mw_bl_texture_layout_init(&t, &d, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    d.levels = 3;
    assert_int_equal(mw_bl_texture_layout_init(&t, &d, ts_logger()), GLHLE_RESULT_OK);
    d.bytes_per_block = 17;
    assert_int_equal(mw_bl_texture_layout_init(&t, &d, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
    mw_bl_texture_desc huge = {.width = 65536, .height = 65536, .depth = 1, .levels = 1, .layers = 65536,
                               .bytes_per_block = 16};
    assert_int_equal(mw_bl_texture_layout_init(&t, &huge, ts_logger()), GLHLE_RESULT_INVALID_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(gob_offsets_by_hand), cmocka_unit_test(offsets_match_model),
        cmocka_unit_test(copies_match_model),  cmocka_unit_test(aligned_boxes),
        cmocka_unit_test(texture_layouts_by_hand), cmocka_unit_test(texture_subresource_copy),
        cmocka_unit_test(clamps),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
