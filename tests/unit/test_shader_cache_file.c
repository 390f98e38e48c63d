/* backend/gl/shader_cache_file.c: the disk shader cache's records against
 * the byte layout of docs/shader-cache.md (built by hand here), every
 * corruption issue 17 lists (a flipped byte in each record kind, truncation
 * at every record boundary and inside each record, a key from a future key
 * version, foreign records and files), compaction and LRU pruning; the
 * GLSL_GS record of three-stage programs (hand layout, its rejections, the
 * writer and compaction keeping its kind). */
#include "support/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/gl/shader_cache_file.h"

static bool valid_key(const void *key)
{
    return ((const uint8_t *)key)[0] != 0xEE;
}

static const gl_shc_system_info test_sys = {.id = 7, .name = "test", .key_size = 8, .key_version = 2,
                                            .key_valid = valid_key};
static const gl_shc_system_info other_sys = {.id = 8, .name = "other", .key_size = 8, .key_version = 1};
static const gl_shc_system_info *const systems[2] = {&test_sys, &other_sys};

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put64(uint8_t *p, uint64_t v)
{
    put32(p, (uint32_t)v);
    put32(p + 4, (uint32_t)(v >> 32));
}

/* An independent writer of the documented layout: the header. */
static size_t hand_header(uint8_t *out, uint32_t system)
{
    memset(out, 0, 32);
    memcpy(out, "GLHLSHC", 8);
    put32(out + 8, 1);
    put32(out + 12, system);
    put32(out + 16, 32);
    put64(out + 24, glhle_hash64(out, 24));
    return 32;
}

/* A record: magic, kind, length, checksum over bytes 0-15 and the payload, padding. */
static size_t hand_record(uint8_t *out, uint16_t kind, const uint8_t *payload, uint32_t len)
{
    memset(out, 0, 24 + ((len + 7) & ~7u));
    memcpy(out, "REC1", 4);
    out[4] = (uint8_t)kind;
    put32(out + 8, len);
    memcpy(out + 24, payload, len);
    uint8_t *tmp = malloc(16 + len);
    memcpy(tmp, out, 16);
    memcpy(tmp + 16, payload, len);
    put64(out + 16, glhle_hash64(tmp, 16 + len));
    free(tmp);
    return 24 + ((len + 7) & ~7u);
}

static const uint8_t key_a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
static const uint8_t key_b[8] = {9, 9, 9, 9, 0, 0, 0, 0};

/* header 32 | KEY a @32 (64) | GLSL @96 (48) | BINARY @144 (56) | USE @200 (48) | KEY b @248 (64) | end 312 */
static size_t sample_file(uint8_t *buf)
{
    size_t n = hand_header(buf, 7);
    uint8_t p[64];
    uint64_t text_hash;
    { /* GLSL "abc" + "defgh": its hash as the format defines it (lengths, then the texts) */
        uint8_t h[16];
        put32(h, 3);
        put32(h + 4, 5);
        memcpy(h + 8, "abcdefgh", 8);
        text_hash = glhle_hash64(h, 16);
    }
    memset(p, 0, sizeof p);
    put32(p, 7);
    put32(p + 4, 2);
    put32(p + 8, 8);
    put32(p + 12, 3); /* host bits */
    put64(p + 16, 5); /* generation */
    put64(p + 24, text_hash);
    memcpy(p + 32, key_a, 8);
    n += hand_record(buf + n, 1, p, 40);
    memset(p, 0, sizeof p);
    put64(p, text_hash);
    put32(p + 8, 3);
    put32(p + 12, 5);
    memcpy(p + 16, "abcdefgh", 8);
    n += hand_record(buf + n, 2, p, 24);
    memset(p, 0, sizeof p);
    put64(p, text_hash);
    put32(p + 8, 0x8E21);
    put32(p + 12, 3);
    put32(p + 16, 5);
    memcpy(p + 24, "drvBINAR", 8);
    n += hand_record(buf + n, 3, p, 32);
    memset(p, 0, sizeof p);
    put64(p, 9); /* generation 9 used entry a */
    put32(p + 8, 1);
    put64(p + 16, gl_shc_entry_id(7, 2, 8, 3, key_a));
    n += hand_record(buf + n, 4, p, 24);
    memset(p, 0, sizeof p);
    put32(p, 7);
    put32(p + 4, 2);
    put32(p + 8, 8);
    put32(p + 12, 0);
    put64(p + 16, 6);
    put64(p + 24, 0x1234); /* no text stored for it */
    memcpy(p + 32, key_b, 8);
    n += hand_record(buf + n, 1, p, 40);
    return n;
}

static const size_t record_at[5] = {32, 96, 144, 200, 248};
static const size_t payload_len[5] = {40, 24, 32, 24, 40}; /* none needs padding */
static const uint32_t record_kind[5] = {GL_SHC_KEY, GL_SHC_GLSL, GL_SHC_BINARY, GL_SHC_USE, GL_SHC_KEY};
#define SAMPLE_END 312

static void parse(const uint8_t *d, size_t n, gl_shc_file *f, glhle_result want)
{
    assert_int_equal(gl_shc_parse(d, n, systems, 2, 7, ts_logger(), GLHLE_LOG_INFO, f), want);
}

static void reads_the_documented_layout(void **state)
{
    (void)state;
    uint8_t buf[512];
    size_t n = sample_file(buf);
    assert_int_equal(n, SAMPLE_END);
    gl_shc_file f;
    parse(buf, n, &f, GLHLE_RESULT_OK);
    assert_int_equal(f.bad_count, 0);
    assert_int_equal(f.entry_count, 2);
    assert_int_equal(f.glsl_count, 1);
    assert_int_equal(f.binary_count, 1);
    assert_int_equal(f.records[GL_SHC_USE], 1);
    const gl_shc_entry *a = gl_shc_find_entry(&f, gl_shc_entry_id(7, 2, 8, 3, key_a));
    assert_non_null(a);
    assert_int_equal(a->offset, 32);
    assert_int_equal(a->host, 3);
    assert_int_equal(a->last_use, 9); /* the USE record's generation */
    assert_memory_equal(a->key, key_a, 8);
    const gl_shc_glsl *g = gl_shc_find_glsl(&f, a->glsl_hash);
    assert_non_null(g);
    assert_int_equal(g->vs_len, 3);
    assert_memory_equal(g->vs, "abc", 3);
    assert_memory_equal(g->fs, "defgh", 5);
    uint32_t count;
    const gl_shc_binary *b = gl_shc_first_binary(&f, a->glsl_hash, &count);
    assert_int_equal(count, 1);
    assert_int_equal(b->format, 0x8E21);
    assert_memory_equal(b->driver, "drv", 3);
    assert_memory_equal(b->data, "BINAR", 5);
    const gl_shc_entry *eb = gl_shc_find_entry(&f, gl_shc_entry_id(7, 2, 8, 0, key_b));
    assert_non_null(eb);
    assert_int_equal(eb->last_use, 6);
    assert_int_equal(f.max_generation, 9);
    gl_shc_free(&f);
}

static void writer_matches_the_hand_layout(void **state)
{
    (void)state;
    uint8_t buf[512];
    size_t n = sample_file(buf);
    glhle_bytebuf w;
    glhle_bytebuf_init(&w, 0);
    gl_shc_write_header(&w, 7);
    uint64_t th = gl_shc_glsl_hash("abc", 3, "defgh", 5);
    gl_shc_write_key(&w, 7, 2, 8, 3, 5, th, key_a);
    gl_shc_write_glsl(&w, "abc", 3, "defgh", 5);
    gl_shc_write_binary(&w, th, 0x8E21, "drv", 3, "BINAR", 5);
    const uint64_t id = gl_shc_entry_id(7, 2, 8, 3, key_a);
    gl_shc_write_use(&w, 9, &id, 1);
    gl_shc_write_key(&w, 7, 2, 8, 0, 6, 0x1234, key_b);
    assert_int_equal(w.size, n);
    assert_memory_equal(w.data, buf, n);
    glhle_bytebuf_free(&w);
}

/* A flipped byte anywhere in one record rejects that record only, at its offset. */
static void flipped_byte_in_each_record_kind(void **state)
{
    (void)state;
    uint8_t buf[512];
    const size_t n = sample_file(buf);
    for (int r = 0; r < 5; r++) {
        const size_t end = r < 4 ? record_at[r + 1] : SAMPLE_END;
        for (size_t at = record_at[r]; at < end; at++) {
            uint8_t copy[512];
            memcpy(copy, buf, n);
            copy[at] ^= 0x40;
            gl_shc_file f;
            parse(copy, n, &f, GLHLE_RESULT_OK);
            assert_int_equal(f.bad_count, 1);
            assert_int_equal(f.bad[0].offset, record_at[r]);
            /* every other record survives */
            assert_int_equal(f.entry_count, 2 - (record_kind[r] == GL_SHC_KEY));
            assert_int_equal(f.glsl_count, r == 1 ? 0 : 1);
            assert_int_equal(f.binary_count, r == 2 ? 0 : 1);
            assert_int_equal(f.records[GL_SHC_USE], r == 3 ? 0 : 1);
            gl_shc_free(&f);
        }
    }
}

static void truncation_at_every_boundary_and_inside(void **state)
{
    (void)state;
    uint8_t buf[512];
    const size_t n = sample_file(buf);
    for (size_t cut = 0; cut <= n; cut++) {
        gl_shc_file f;
        glhle_result want = cut == 0 || cut >= 32 ? GLHLE_RESULT_OK : GLHLE_RESULT_BAD_DATA;
        parse(buf, cut, &f, want);
        uint32_t whole = 0;
        bool inside = false;
        for (int r = 0; r < 5; r++) {
            if (cut >= record_at[r] + 24 + payload_len[r])
                whole++;
            else if (cut > record_at[r])
                inside = true; /* the cut is inside this record */
        }
        if (cut > 0 && cut < 32) {
            assert_int_equal(f.bad_count, 1);
            assert_int_equal(f.bad[0].offset, 0);
        } else {
            uint32_t good = (uint32_t)(f.records[1] + f.records[2] + f.records[3] + f.records[4]);
            assert_int_equal(good, whole);
            /* a cut at a record boundary leaves nothing bad; one inside a record makes that record bad */
            assert_int_equal(f.bad_count, inside ? 1 : 0);
        }
        gl_shc_free(&f);
    }
}

static void future_key_version_and_foreign_records(void **state)
{
    (void)state;
    uint8_t buf[512];
    glhle_bytebuf w;
    glhle_bytebuf_init(&w, 0);
    gl_shc_write_header(&w, 7);
    gl_shc_write_key(&w, 7, 3, 8, 0, 1, 0, key_a);  /* future version */
    gl_shc_write_key(&w, 7, 1, 8, 0, 1, 0, key_a);  /* older version */
    gl_shc_write_key(&w, 8, 1, 8, 0, 1, 0, key_a);  /* another system's key in this file */
    uint8_t bad_key[8] = {0xEE};
    gl_shc_write_key(&w, 7, 2, 8, 0, 1, 0, bad_key); /* the system refuses the key */
    gl_shc_write_key(&w, 7, 2, 8, 0, 1, 0, key_b);   /* fine */
    memcpy(buf, w.data, w.size);
    gl_shc_file f;
    parse(buf, w.size, &f, GLHLE_RESULT_OK);
    assert_int_equal(f.bad_count, 4);
    assert_int_equal(f.bad[0].offset, 32);
    assert_non_null(strstr(f.bad[0].why, "newer key version"));
    assert_int_equal(f.bad[1].offset, 32 + 64);
    assert_non_null(strstr(f.bad[2].why, "foreign"));
    assert_int_equal(f.bad[3].offset, 32 + 3 * 64);
    assert_int_equal(f.entry_count, 1);
    gl_shc_free(&f);
    /* a whole file of another system, asked for as system 7 */
    glhle_bytebuf_clear(&w);
    gl_shc_write_header(&w, 8);
    gl_shc_write_key(&w, 8, 1, 8, 0, 1, 0, key_a);
    parse(w.data, w.size, &f, GLHLE_RESULT_BAD_DATA);
    assert_int_equal(f.entry_count, 0);
    assert_false(f.header_ok);
    gl_shc_free(&f);
    /* a newer file format */
    memcpy(buf, w.data, w.size);
    put32(buf + 8, 2);
    put64(buf + 24, glhle_hash64(buf, 24));
    assert_int_equal(gl_shc_parse(buf, w.size, systems, 2, 0, NULL, GLHLE_LOG_INFO, &f), GLHLE_RESULT_BAD_DATA);
    gl_shc_free(&f);
    glhle_bytebuf_free(&w);
}

/* A record after garbage is found again on its 8-byte boundary. */
static void resynchronises_after_garbage(void **state)
{
    (void)state;
    glhle_bytebuf w;
    glhle_bytebuf_init(&w, 0);
    gl_shc_write_header(&w, 7);
    uint8_t *junk = glhle_bytebuf_extend(&w, 80);
    for (int i = 0; i < 80; i++)
        junk[i] = (uint8_t)(i * 37 + 1);
    memcpy(junk + 16, "REC1", 4); /* a fake header with a bad checksum inside the junk */
    gl_shc_write_key(&w, 7, 2, 8, 0, 1, 0, key_a);
    gl_shc_file f;
    parse(w.data, w.size, &f, GLHLE_RESULT_OK);
    assert_int_equal(f.bad_count, 1);
    assert_int_equal(f.bad[0].offset, 32);
    assert_int_equal(f.bad_bytes, 80);
    assert_int_equal(f.entry_count, 1);
    assert_int_equal(f.entries[0].offset, 112);
    gl_shc_free(&f);
    glhle_bytebuf_free(&w);
}

static void later_records_win_and_compaction_round_trips(void **state)
{
    (void)state;
    uint8_t buf[512];
    size_t n = sample_file(buf);
    glhle_bytebuf w;
    glhle_bytebuf_init(&w, 0);
    glhle_bytebuf_append(&w, buf, n);
    /* entry a again with other text: the later record is the entry, its last use the latest of both */
    gl_shc_write_key(&w, 7, 2, 8, 3, 2, 0x77, key_a);
    gl_shc_file f;
    parse(w.data, w.size, &f, GLHLE_RESULT_OK);
    assert_int_equal(f.entry_count, 2);
    assert_int_equal(f.superseded, 1);
    const gl_shc_entry *a = gl_shc_find_entry(&f, gl_shc_entry_id(7, 2, 8, 3, key_a));
    assert_int_equal(a->glsl_hash, 0x77);
    assert_int_equal(a->last_use, 9);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    assert_true(gl_shc_write_compacted(&f, NULL, &out));
    gl_shc_file g;
    parse(out.data, out.size, &g, GLHLE_RESULT_OK);
    assert_int_equal(g.bad_count, 0);
    assert_int_equal(g.entry_count, 2);
    assert_int_equal(g.superseded, 0);
    assert_int_equal(gl_shc_find_entry(&g, a->id)->last_use, 9);
    /* the text and binary were only named by the replaced record: not kept */
    assert_int_equal(g.glsl_count, 0);
    assert_int_equal(g.binary_count, 0);
    gl_shc_free(&g);
    gl_shc_free(&f);
    glhle_bytebuf_free(&out);
    glhle_bytebuf_free(&w);
}

static void prune_keeps_the_most_recently_used(void **state)
{
    (void)state;
    glhle_bytebuf w;
    glhle_bytebuf_init(&w, 0);
    gl_shc_write_header(&w, 7);
    uint8_t k[8] = {0};
    for (int i = 0; i < 10; i++) {
        k[1] = (uint8_t)i;
        gl_shc_write_key(&w, 7, 2, 8, 0, (uint64_t)(i * 7 % 10), 0, k); /* generations 0,7,4,1,8,5,2,9,6,3 */
    }
    gl_shc_file f;
    parse(w.data, w.size, &f, GLHLE_RESULT_OK);
    bool keep[10];
    /* each entry is one 64-byte KEY record: 32 + 4 * 64 keeps four, the generations 9, 8, 7, 6 */
    uint64_t kept = gl_shc_plan_prune(&f, 32 + 4 * 64 + 10, keep);
    assert_int_equal(kept, 32 + 4 * 64);
    int count = 0;
    for (uint32_t i = 0; i < f.entry_count; i++) {
        if (keep[i]) {
            count++;
            assert_true(f.entries[i].last_use >= 6);
        }
    }
    assert_int_equal(count, 4);
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    gl_shc_write_compacted(&f, keep, &out);
    assert_int_equal(out.size, kept);
    glhle_bytebuf_free(&out);
    gl_shc_free(&f);
    glhle_bytebuf_free(&w);
}

/* Adversarial input: fake record headers on every boundary, each claiming
 * the rest of the file, cost a bounded amount of hashing. */
static void resync_search_is_bounded(void **state)
{
    (void)state;
    const size_t n = 1 << 20;
    uint8_t *d = calloc(n, 1);
    hand_header(d, 7);
    for (size_t at = 32; at + 24 <= n; at += 8) {
        memcpy(d + at, "REC1", 4);
        put32(d + at + 8, (uint32_t)(n - at - 24));
    }
    gl_shc_file f;
    parse(d, n, &f, GLHLE_RESULT_OK);
    assert_true(f.bad_count >= 1);
    assert_int_equal(f.entry_count, 0);
    gl_shc_free(&f);
    free(d);
}

/* A header and nothing else, and no bytes at all: empty, valid files. */
/* A GLSL_GS record by the documented layout: hash, V, G, F, reserved, the
 * vertex, geometry and fragment texts; its hash over V, F, G (three words)
 * and the texts in stage order. "ab" + "cde" (geometry) + "f". */
static size_t hand_glsl_gs(uint8_t *out, uint32_t reserved, uint32_t g_len, bool bad_hash, uint64_t *hash)
{
    uint8_t h[12 + 6];
    put32(h, 2);
    put32(h + 4, 1);
    put32(h + 8, 3);
    memcpy(h + 12, "abcdef", 6);
    *hash = glhle_hash64(h, sizeof h);
    uint8_t p[32];
    memset(p, 0, sizeof p);
    put64(p, *hash ^ (bad_hash ? 1u : 0u));
    put32(p + 8, 2);
    put32(p + 12, g_len);
    put32(p + 16, 1 + 3 - g_len); /* the lengths always sum to the six text bytes */
    put32(p + 20, reserved);
    memcpy(p + 24, "abcdef", 6);
    return hand_record(out, 5, p, 30);
}

/* Compaction keeps a text record's kind: the `n` bytes of `buf` (a header
 * and the record of `hash`) with a key naming the text appended, compacted
 * into *w and read back into *f (the caller checks the texts and frees
 * both). */
static void compacted_text(uint8_t *buf, size_t n, uint64_t hash, uint32_t kind, gl_shc_file *f, glhle_bytebuf *w)
{
    uint8_t p[40];
    memset(p, 0, sizeof p);
    put32(p, 7);
    put32(p + 4, 2);
    put32(p + 8, 8);
    put64(p + 24, hash);
    memcpy(p + 32, key_a, 8);
    n += hand_record(buf + n, 1, p, 40);
    parse(buf, n, f, GLHLE_RESULT_OK);
    glhle_bytebuf_init(w, 0);
    assert_true(gl_shc_write_compacted(f, NULL, w));
    gl_shc_free(f);
    parse(w->data, w->size, f, GLHLE_RESULT_OK);
    assert_int_equal(f->bad_count, 0);
    assert_int_equal(f->records[kind], 1);
    assert_int_equal(f->records[GL_SHC_GLSL], 0);
    assert_int_equal(gl_shc_entry_bytes(f, &f->entries[0]), w->size - 32);
}

static void glsl_gs_record(void **state)
{
    (void)state;
    uint8_t buf[512];
    uint64_t hash;
    size_t n = hand_header(buf, 7);
    const size_t at = n;
    n += hand_glsl_gs(buf + n, 0, 3, false, &hash);
    gl_shc_file f;
    parse(buf, n, &f, GLHLE_RESULT_OK);
    assert_int_equal(f.bad_count, 0);
    assert_int_equal(f.records[GL_SHC_GLSL_GS], 1);
    const gl_shc_glsl *g = gl_shc_find_glsl(&f, hash);
    assert_non_null(g);
    assert_int_equal(g->vs_len, 2);
    assert_int_equal(g->gs_len, 3);
    assert_int_equal(g->fs_len, 1);
    assert_memory_equal(g->vs, "ab", 2);
    assert_memory_equal(g->gs, "cde", 3);
    assert_memory_equal(g->fs, "f", 1);
    assert_true(gl_shc_glsl_hash_gs("ab", 2, "cde", 3, "f", 1) == hash);
    /* without a geometry text the hash is the two-stage one */
    assert_true(gl_shc_glsl_hash_gs("ab", 2, NULL, 0, "f", 1) == gl_shc_glsl_hash("ab", 2, "f", 1));
    gl_shc_free(&f);
    /* the writer makes the same bytes */
    glhle_bytebuf w;
    glhle_bytebuf_init(&w, 0);
    gl_shc_write_header(&w, 7);
    assert_true(gl_shc_write_glsl_gs(&w, "ab", 2, "cde", 3, "f", 1));
    assert_int_equal(w.size, n);
    assert_memory_equal(w.data, buf, n);
    glhle_bytebuf_free(&w);
    /* compaction keeps the record's kind: a key naming the text, compacted, read back */
    compacted_text(buf, n, hash, GL_SHC_GLSL_GS, &f, &w);
    g = gl_shc_find_glsl(&f, hash);
    assert_non_null(g);
    assert_memory_equal(g->gs, "cde", 3);
    gl_shc_free(&f);
    glhle_bytebuf_free(&w);
    /* rejections, each at the record's offset: a non-zero reserved word, no
     * geometry text, a text that does not match its hash */
    static const char *const why[3] = {"reserved field is not zero", "without geometry text",
                                       "text does not match its hash"};
    for (int k = 0; k < 3; k++) {
        n = hand_header(buf, 7);
        n += hand_glsl_gs(buf + n, k == 0 ? 1 : 0, k == 1 ? 0 : 3, k == 2, &hash);
        ts_log_clear();
        parse(buf, n, &f, GLHLE_RESULT_OK);
        assert_int_equal(f.bad_count, 1);
        assert_int_equal(f.bad[0].offset, at);
        assert_non_null(strstr(f.bad[0].why, why[k]));
        assert_int_equal(f.glsl_count, 0);
        char want[64];
        snprintf(want, sizeof want, "shader cache +0x%zx: glsl+gs record skipped", at);
        assert_true(ts_log_contains(want));
        gl_shc_free(&f);
    }
}

/* A GLSL_TESS record by the documented layout: hash, V, C, E, G, F,
 * reserved, then the vertex, control, evaluation, geometry and fragment
 * texts; its hash over V, F, G, C, E (five words) and the texts in stage
 * order. "ab" + "cd" (control) + `e_text` (evaluation, e_len bytes) +
 * `g_len` bytes of "gh" (geometry) + "f". */
static size_t hand_glsl_tess(uint8_t *out, uint32_t reserved, const char *e_text, uint32_t e_len, uint32_t g_len,
                             bool bad_hash, uint64_t *hash)
{
    char text[32];
    size_t t = 0;
    memcpy(text + t, "ab", 2), t += 2;
    memcpy(text + t, "cd", 2), t += 2;
    memcpy(text + t, e_text, e_len), t += e_len;
    memcpy(text + t, "gh", g_len), t += g_len;
    memcpy(text + t, "f", 1), t += 1;
    uint8_t h[20 + 32];
    put32(h, 2);
    put32(h + 4, 1);
    put32(h + 8, g_len);
    put32(h + 12, 2);
    put32(h + 16, e_len);
    memcpy(h + 20, text, t);
    *hash = glhle_hash64(h, 20 + t);
    uint8_t p[64];
    memset(p, 0, sizeof p);
    put64(p, *hash ^ (bad_hash ? 1u : 0u));
    put32(p + 8, 2);
    put32(p + 12, 2);
    put32(p + 16, e_len);
    put32(p + 20, g_len);
    put32(p + 24, 1);
    put32(p + 28, reserved);
    memcpy(p + 32, text, t);
    return hand_record(out, 6, p, (uint32_t)(32 + t));
}

static void glsl_tess_record(void **state)
{
    (void)state;
    uint8_t buf[512];
    uint64_t hash;
    for (uint32_t g_len = 0; g_len <= 2; g_len += 2) { /* without and with a geometry stage */
        size_t n = hand_header(buf, 7);
        n += hand_glsl_tess(buf + n, 0, "xyz", 3, g_len, false, &hash);
        gl_shc_file f;
        parse(buf, n, &f, GLHLE_RESULT_OK);
        assert_int_equal(f.bad_count, 0);
        assert_int_equal(f.records[GL_SHC_GLSL_TESS], 1);
        const gl_shc_glsl *g = gl_shc_find_glsl(&f, hash);
        assert_non_null(g);
        assert_int_equal(g->vs_len, 2);
        assert_int_equal(g->tcs_len, 2);
        assert_int_equal(g->tes_len, 3);
        assert_int_equal(g->gs_len, g_len);
        assert_int_equal(g->fs_len, 1);
        assert_memory_equal(g->vs, "ab", 2);
        assert_memory_equal(g->tcs, "cd", 2);
        assert_memory_equal(g->tes, "xyz", 3);
        assert_memory_equal(g->fs, "f", 1);
        assert_true(gl_shc_glsl_hash_tess("ab", 2, "cd", 2, "xyz", 3, "gh", g_len, "f", 1) == hash);
        gl_shc_free(&f);
        /* the writer makes the same bytes */
        glhle_bytebuf w;
        glhle_bytebuf_init(&w, 0);
        gl_shc_write_header(&w, 7);
        assert_true(gl_shc_write_glsl_tess(&w, "ab", 2, "cd", 2, "xyz", 3, "gh", g_len, "f", 1));
        assert_int_equal(w.size, n);
        assert_memory_equal(w.data, buf, n);
        glhle_bytebuf_free(&w);
        /* compaction keeps the kind and every text */
        compacted_text(buf, n, hash, GL_SHC_GLSL_TESS, &f, &w);
        g = gl_shc_find_glsl(&f, hash);
        assert_non_null(g);
        assert_memory_equal(g->tcs, "cd", 2);
        assert_memory_equal(g->tes, "xyz", 3);
        assert_memory_equal(g->gs, "gh", g_len);
        gl_shc_free(&f);
        glhle_bytebuf_free(&w);
    }
    /* without tessellation texts both the hash and the writer are GLSL_GS's */
    assert_true(gl_shc_glsl_hash_tess("ab", 2, NULL, 0, NULL, 0, "cde", 3, "f", 1) ==
                gl_shc_glsl_hash_gs("ab", 2, "cde", 3, "f", 1));
    /* rejections at the record's offset: a non-zero reserved word, no
     * evaluation text, a text that does not match its hash */
    static const char *const why[3] = {"reserved field is not zero", "without both tessellation texts",
                                       "text does not match its hash"};
    for (int k = 0; k < 3; k++) {
        size_t n = hand_header(buf, 7);
        n += hand_glsl_tess(buf + n, k == 0 ? 1 : 0, "xyz", k == 1 ? 0 : 3, 2, k == 2, &hash);
        gl_shc_file f;
        ts_log_clear();
        parse(buf, n, &f, GLHLE_RESULT_OK);
        assert_int_equal(f.bad_count, 1);
        assert_int_equal(f.bad[0].offset, 32);
        assert_non_null(strstr(f.bad[0].why, why[k]));
        assert_int_equal(f.glsl_count, 0);
        assert_true(ts_log_contains("shader cache +0x20: glsl+tess record skipped"));
        gl_shc_free(&f);
    }
}

static void header_only_and_empty(void **state)
{
    (void)state;
    uint8_t buf[33];
    size_t n = hand_header(buf, 7);
    buf[n] = 0x52; /* one stray byte after the header: a truncated record header */
    for (size_t len = 0; len <= n + 1; len += (len == 0 ? n : 1)) {
        gl_shc_file f;
        parse(buf, len, &f, GLHLE_RESULT_OK);
        assert_int_equal(f.entry_count, 0);
        assert_int_equal(f.glsl_count, 0);
        assert_int_equal(f.bad_count, len == n + 1 ? 1 : 0);
        assert_int_equal(f.header_ok, len != 0);
        gl_shc_free(&f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_the_documented_layout),
        cmocka_unit_test(writer_matches_the_hand_layout),
        cmocka_unit_test(flipped_byte_in_each_record_kind),
        cmocka_unit_test(truncation_at_every_boundary_and_inside),
        cmocka_unit_test(future_key_version_and_foreign_records),
        cmocka_unit_test(resynchronises_after_garbage),
        cmocka_unit_test(later_records_win_and_compaction_round_trips),
        cmocka_unit_test(prune_keeps_the_most_recently_used),
        cmocka_unit_test(resync_search_is_bounded),
        cmocka_unit_test(header_only_and_empty),
        cmocka_unit_test(glsl_gs_record),
        cmocka_unit_test(glsl_tess_record),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
