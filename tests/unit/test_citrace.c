/* backend/pica/trace/citrace.c: CiTrace files written by an independent writer
 * (support/pica_ctf_writer.c) are converted into glhle traces whose chunks
 * carry the register values, memory and frames the file holds, and whose
 * replay reproduces the file's initial state. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/trace/citrace.h"
#include "backend/pica/pica_instance.h"
#include "backend/pica/trace/trace_format.h"
#include "glhle/trace.h"
#include "support/pica_ctf_writer.h"
#include "support/pica_support.h"

/* f24 by hand: 1.7.16, bias 63 (3dbrew): 1.0 = 0x3F0000, 2.0 = exponent 64 */
#define F24_HALF 0x3E0000u
#define F24_ONE 0x3F0000u
#define F24_TWO 0x400000u
#define F24_THREE 0x408000u
#define F24_FOUR 0x410000u

#define LIST_PADDR 0x20001000u

static uint32_t list_words[64];
static size_t list_n;

/* TEXENV0_COLOR = color, NUMVERTICES = 3, DRAWARRAYS, FINALIZE */
static void make_list(uint32_t color)
{
    tp_cmdbuf b;
    tp_cmd_init(&b);
    tp_cmd1(&b, PICA_REG_TEXENV0_COLOR, color);
    tp_cmd1(&b, PICA_REG_NUMVERTICES, 3);
    tp_cmd1(&b, PICA_REG_DRAWARRAYS, 1);
    tp_cmd_finalize(&b);
    memcpy(list_words, b.w, b.n * 4);
    list_n = b.n;
    tp_cmd_free(&b);
}

static void run_list(ctf_writer *w, bool with_load)
{
    if (with_load)
        ctf_load(w, LIST_PADDR, list_words, (uint32_t)list_n * 4);
    ctf_write32(w, 0x104018E0, (uint32_t)list_n * 4); /* CMDBUF_SIZE0: bytes, as Citra's GSP writes it */
    ctf_write32(w, 0x104018E8, LIST_PADDR >> 3);      /* CMDBUF_ADDR0 */
    ctf_write32(w, 0x104018F0, 1);                    /* CMDBUF_JUMP0 */
}

/* The file most tests use: initial state, two runs of a guest list, a
 * direct register write, a fill, a transfer, the framebuffers, a frame. */
static uint8_t *sample(bool old_layout, size_t *size)
{
    ctf_writer *w = ctf_create(old_layout);
    static uint32_t regs[0x300];
    memset(regs, 0, sizeof regs);
    regs[PICA_REG_TEXENV2_COLOR] = 0x55AA55AA;
    regs[PICA_REG_VSH_ENTRYPOINT] = 0x7FFF0001;
    regs[PICA_REG_VSH_BOOLUNIFORM] = 0x7FFF0005;
    ctf_region(w, CTF_PICA_REGISTERS, regs, 0x300);
    const uint32_t code[4] = {0x4E000000, 0x4E001001, 0x88000000, 0};
    const uint32_t swizzle[2] = {0x36F, 0x1B7};
    const uint32_t uniforms[8] = {F24_ONE, F24_TWO, F24_THREE, F24_FOUR, F24_HALF, 0, 0, F24_ONE};
    uint32_t attrs[64];
    memset(attrs, 0, sizeof attrs);
    attrs[0] = attrs[1] = attrs[2] = F24_HALF;
    attrs[3] = F24_ONE;
    attrs[60] = F24_TWO; /* attribute 15 has no fixed slot */
    ctf_region(w, CTF_VS_PROGRAM, code, 4);
    ctf_region(w, CTF_VS_SWIZZLE, swizzle, 2);
    ctf_region(w, CTF_VS_FLOAT_UNIFORMS, uniforms, 8);
    ctf_region(w, CTF_DEFAULT_ATTRIBUTES, attrs, 64);
    make_list(0xAABBCCDD);
    run_list(w, true);
    ctf_write32(w, 0x10401000 + 4 * PICA_REG_TEXENV1_COLOR, 0x01020304);
    run_list(w, true); /* the same bytes again: stored once in the file */
    /* memory fill unit 0: start, end, value, control (32-bit, start) */
    ctf_write32(w, 0x10400010, 0x18000000 >> 3);
    ctf_write32(w, 0x10400014, 0x18001000 >> 3);
    ctf_write32(w, 0x10400018, 0x11223344);
    ctf_write32(w, 0x1040001C, 0x201);
    /* display transfer */
    ctf_write32(w, 0x10400C00, 0x18000000 >> 3);
    ctf_write32(w, 0x10400C04, 0x18100000 >> 3);
    ctf_write32(w, 0x10400C08, (400u << 16) | 240);
    ctf_write32(w, 0x10400C0C, (400u << 16) | 240);
    ctf_write32(w, 0x10400C10, 0x1000);
    ctf_write32(w, 0x10400C18, 1);
    /* framebuffers: top showing its second buffers, bottom its first */
    ctf_write32(w, 0x10400468, 0x18100000);
    ctf_write32(w, 0x1040046C, 0x18200000);
    ctf_write32(w, 0x10400470, 0x00000020); /* RGBA8, AB interleave: stereo */
    ctf_write32(w, 0x10400478, 1);
    ctf_write32(w, 0x10400490, 960);
    ctf_write32(w, 0x10400494, 0x18300000);
    ctf_write32(w, 0x10400498, 0x18400000);
    ctf_write32(w, 0x10400568, 0x18500000);
    ctf_write32(w, 0x10400570, 2);
    ctf_write32(w, 0x10400590, 480);
    ctf_write32(w, 0x10202204, 0x01000000); /* an LCD register: nothing to do */
    ctf_frame(w);
    return ctf_finish(w, size);
}

static glhle_trace *open_ctf(const uint8_t *d, size_t n, glhle_result want)
{
    glhle_trace_open_desc od = {.log = ts_log_fn};
    glhle_trace *t = NULL;
    assert_int_equal(glhle_trace_open_memory(d, n, &od, &t), want);
    return t;
}

static void chunks(void **state)
{
    (void)state;
    size_t n;
    uint8_t *f = sample(false, &n);
    glhle_trace *t = open_ctf(f, n, GLHLE_RESULT_OK);
    glhle_trace_info info;
    glhle_trace_get_info(t, &info);
    assert_int_equal(info.source, GLHLE_TRACE_SOURCE_CITRACE);
    assert_int_equal(info.version_major, 1);
    assert_int_equal(info.frames, 1);
    assert_int_equal(info.command_lists, 4); /* state, two guest runs, the direct write */
    assert_int_equal(info.display_operations, 2);
    assert_true(info.complete);

    const uint8_t *d;
    size_t size;
    glhle_trace_get_bytes(t, &d, &size);
    trace_reader r;
    assert_int_equal(pica_trace_reader_open(&r, d, size, ts_logger()), GLHLE_RESULT_OK);
    const uint32_t want[] = {PICA_TRACE_INSTANCE, PICA_TRACE_COMMENT, PICA_TRACE_MAP,       PICA_TRACE_MAP,
                             PICA_TRACE_RUN_HOST, PICA_TRACE_MEMORY,  PICA_TRACE_RUN_GUEST, PICA_TRACE_RUN_HOST,
                             PICA_TRACE_MEMORY,   PICA_TRACE_RUN_GUEST, PICA_TRACE_MEMORY_FILL,
                             PICA_TRACE_DISPLAY_TRANSFER, PICA_TRACE_PRESENT, PICA_TRACE_END};
    trace_chunk c;
    int maps = 0, guest = 0, host = 0;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(trace_reader_next(&r, &c), GLHLE_RESULT_OK);
        assert_int_equal(c.type, want[i]);
        const uint8_t *p = c.payload;
        switch (c.type) {
        case PICA_TRACE_MAP: {
            const uint32_t base[2] = {0x18000000, 0x20000000}, len[2] = {6u << 20, 128u << 20};
            assert_int_equal(trace_rd32(p), base[maps]);
            assert_int_equal(trace_rd32(p + 4), len[maps]);
            maps++;
            break;
        }
        case PICA_TRACE_RUN_HOST:
            assert_int_equal(trace_rd32(p + 16), host == 0 ? PICA_TRACE_RUN_STATE : 0u);
            if (host == 1) { /* the direct write: one command, padded to 16 bytes */
                assert_int_equal(c.size, PICA_TRACE_RUN_HOST_SIZE + 16);
                assert_int_equal(trace_rd32(p + 20), 0x01020304);
                assert_int_equal(trace_rd32(p + 24), 0x000F0000u | PICA_REG_TEXENV1_COLOR);
            }
            host++;
            break;
        case PICA_TRACE_MEMORY:
            assert_int_equal(trace_rd32(p), LIST_PADDR);
            assert_int_equal(c.size - 4, list_n * 4);
            assert_memory_equal(p + 4, list_words, list_n * 4);
            break;
        case PICA_TRACE_RUN_GUEST:
            assert_int_equal(trace_rd32(p + 4), PICA_TRACE_OUTCOME_UNKNOWN);
            assert_int_equal(trace_rd32(p + 16), LIST_PADDR);
            assert_int_equal(trace_rd32(p + 20), list_n * 4);
            guest++;
            break;
        case PICA_TRACE_MEMORY_FILL: {
            const uint32_t v[4] = {0x18000000 >> 3, 0x18001000 >> 3, 0x11223344, 0x201};
            for (int k = 0; k < 4; k++)
                assert_int_equal(trace_rd32(p + 4 * k), v[k]);
            break;
        }
        case PICA_TRACE_DISPLAY_TRANSFER: {
            const uint32_t v[8] = {0x18000000 >> 3, 0x18100000 >> 3, (400u << 16) | 240, (400u << 16) | 240,
                                   0x1000, 0, 0, 0};
            for (int k = 0; k < 8; k++)
                assert_int_equal(trace_rd32(p + 4 * k), v[k]);
            break;
        }
        case PICA_TRACE_PRESENT: {
            const uint32_t v[11] = {0,          PICA_TRACE_PRESENT_STEREO, 0x18200000, 0x20, 960, 0x18400000, 0x20, 960,
                                    0x18500000, 2,                         480};
            for (int k = 0; k < 11; k++)
                assert_int_equal(trace_rd32(p + 4 * k), v[k]);
            break;
        }
        default:
            break;
        }
    }
    assert_int_equal(guest, 2);
    assert_int_equal(trace_reader_next(&r, &c), GLHLE_RESULT_NOT_FOUND);
    glhle_trace_close(t);
    free(f);
}

/* What the replayed instance holds at each draw. */
typedef struct at_draw {
    uint32_t draws;
    uint32_t texenv[3][2];
    bool state_ok;
} at_draw;

static void check_draw(void *user, glhle_pica *p, const glhle_pica_event *ev)
{
    (void)ev;
    at_draw *a = user;
    const pica_state *st = &p->fe.regs.state;
    if (a->draws < 2)
        for (int s = 0; s < 3; s++)
            a->texenv[s][a->draws] = p->fe.regs.r[PICA_REG_TEXENV0_COLOR + 8 * s];
    a->draws++;
    const float u0[4] = {1, 2, 3, 4}, u1[4] = {0.5f, 0, 0, 1}, attr0[4] = {0.5f, 0.5f, 0.5f, 1};
    a->state_ok = st->vs_setup.code[0] == 0x4E000000 && st->vs_setup.code[1] == 0x4E001001 &&
                  st->vs_setup.code[2] == 0x88000000 && st->vs_setup.opdesc[0] == 0x36F &&
                  st->vs_setup.opdesc[1] == 0x1B7 && !memcmp(st->vs_setup.float_uniforms[0], u0, sizeof u0) &&
                  !memcmp(st->vs_setup.float_uniforms[1], u1, sizeof u1) &&
                  !memcmp(st->fixed_attrib[0], attr0, sizeof attr0) && st->vs_setup.entry_point == 1 &&
                  st->vs_setup.bool_uniforms == 5;
}

static void replays_initial_state(void **state)
{
    (void)state;
    for (int layout = 0; layout < 2; layout++) {
        size_t n;
        uint8_t *f = sample(layout == 1, &n);
        glhle_trace *t = open_ctf(f, n, GLHLE_RESULT_OK);
        at_draw a;
        memset(&a, 0, sizeof a);
        glhle_trace_replay_desc rd = {.pica = {.log = ts_log_fn},
                                      .hooks = {check_draw, &a, 1u << GLHLE_PICA_EVENT_DRAW}};
        glhle_trace_replay_stats st;
        assert_int_equal(glhle_trace_replay(t, &rd, &st), GLHLE_RESULT_OK);
        assert_int_equal(a.draws, 2);
        assert_true(a.state_ok);
        assert_int_equal(a.texenv[0][0], 0xAABBCCDD); /* from the guest list */
        assert_int_equal(a.texenv[1][0], 0);
        assert_int_equal(a.texenv[1][1], 0x01020304); /* the direct write, between the runs */
        assert_int_equal(a.texenv[2][0], 0x55AA55AA); /* initial state */
        assert_int_equal(st.frames, 1);
        assert_int_equal(st.divergences, 0);
        glhle_trace_close(t);
        free(f);
    }
}

/* Citra's 2015 layout: 8-, 16- and 64-bit writes land on the right bytes. */
static void sized_writes(void **state)
{
    (void)state;
    ctf_writer *w = ctf_create(true);
    const uint32_t base = 0x10401000 + 4 * PICA_REG_TEXENV0_COLOR;
    ctf_write_sized(w, base, 0x11223344, 4);
    ctf_write_sized(w, base + 1, 0xAB, 1);                          /* byte 1 only */
    ctf_write_sized(w, base + 2, 0xCDEF, 2);                        /* bytes 2-3 */
    ctf_write_sized(w, 0x10401000 + 4 * PICA_REG_TEXENV1_COLOR, 0x8877665544332211ull, 8); /* two registers */
    make_list(0xAABBCCDD);
    list_words[0] = 0; /* the list's TEXENV0 write keeps the register's bytes: mask 0 */
    list_words[1] &= ~0x000F0000u;
    ctf_load(w, LIST_PADDR, list_words, (uint32_t)list_n * 4);
    ctf_write_sized(w, 0x104018E0, list_n * 4, 4);
    ctf_write_sized(w, 0x104018E8, LIST_PADDR >> 3, 4);
    ctf_write_sized(w, 0x104018F0, 1, 4);
    size_t n;
    uint8_t *f = ctf_finish(w, &n);
    glhle_trace *t = open_ctf(f, n, GLHLE_RESULT_OK);
    at_draw a;
    memset(&a, 0, sizeof a);
    glhle_trace_replay_desc rd = {.pica = {.log = ts_log_fn}, .hooks = {check_draw, &a, 1u << GLHLE_PICA_EVENT_DRAW}};
    assert_int_equal(glhle_trace_replay(t, &rd, NULL), GLHLE_RESULT_OK);
    assert_int_equal(a.draws, 1);
    assert_int_equal(a.texenv[0][0], 0xCDEFAB44);
    assert_int_equal(a.texenv[1][0], 0x44332211); /* the low word; 0x88776655 went to the next register */
    glhle_trace_close(t);
    free(f);
}

/* Without a MemoryLoad for the list, SIZE0 is taken as bytes; loads past
 * 0x28000000 make the FCRAM mapping the New 3DS's 256 MiB; loads outside
 * every GPU-visible range are skipped with a warning. */
static void sizes_and_ranges(void **state)
{
    (void)state;
    ctf_writer *w = ctf_create(false);
    const uint8_t blob[16] = {1, 2, 3};
    ctf_load(w, 0x2A000000, blob, 16);
    ctf_load(w, 0x1F000000, blob, 16); /* QTM RAM: not mapped */
    ctf_load(w, 0x1FF80000, blob, 16); /* AXI WRAM */
    ctf_write32(w, 0x104018E0, 0x40);
    ctf_write32(w, 0x104018E8, 0x18000000 >> 3);
    ctf_write32(w, 0x104018F0, 1);
    const uint32_t junk[4] = {1, 2, 3, 4};
    ctf_raw_element(w, 0xE7, junk);
    size_t n;
    uint8_t *f = ctf_finish(w, &n);
    ts_log_clear();
    glhle_trace *t = open_ctf(f, n, GLHLE_RESULT_OK);
    assert_true(ts_log_contains("MemoryLoad of 16 bytes at 0x1f000000 is outside"));
    assert_true(ts_log_contains("stream element type 0xe7 is unknown; skipped"));
    const uint8_t *d;
    size_t size;
    glhle_trace_get_bytes(t, &d, &size);
    trace_reader r;
    assert_int_equal(pica_trace_reader_open(&r, d, size, ts_logger()), GLHLE_RESULT_OK);
    trace_chunk c;
    uint32_t maps[3][2], nmaps = 0, guest_size = 0;
    while (trace_reader_next(&r, &c) == GLHLE_RESULT_OK) {
        if (c.type == PICA_TRACE_MAP && nmaps < 3) {
            maps[nmaps][0] = trace_rd32(c.payload);
            maps[nmaps++][1] = trace_rd32(c.payload + 4);
        }
        if (c.type == PICA_TRACE_RUN_GUEST)
            guest_size = trace_rd32(c.payload + 20);
    }
    assert_int_equal(nmaps, 3);
    assert_int_equal(maps[0][0], 0x18000000);
    assert_int_equal(maps[1][0], 0x1FF80000);
    assert_int_equal(maps[1][1], 0x80000);
    assert_int_equal(maps[2][0], 0x20000000);
    assert_int_equal(maps[2][1], 0x10000000);
    assert_int_equal(guest_size, 0x40);
    glhle_trace_close(t);
    free(f);
}

/* Azahar writes its whole register block (external registers, then the
 * internal ones at word 0x400) as the "PICA registers". */
static void azahar_register_block(void **state)
{
    (void)state;
    ctf_writer *w = ctf_create(false);
    static uint32_t block[0x700];
    memset(block, 0, sizeof block);
    block[0x468 / 4] = 0x18000000; /* top framebuffer A1 */
    block[0x470 / 4] = 3;          /* RGB5A1 */
    block[0x490 / 4] = 480;
    block[0x400 + PICA_REG_TEXENV2_COLOR] = 0x0BADF00D;
    ctf_region(w, CTF_PICA_REGISTERS, block, 0x700);
    make_list(0);
    run_list(w, true);
    ctf_frame(w);
    size_t n;
    uint8_t *f = ctf_finish(w, &n);
    glhle_trace *t = open_ctf(f, n, GLHLE_RESULT_OK);
    const uint8_t *d;
    size_t size;
    glhle_trace_get_bytes(t, &d, &size);
    trace_reader r;
    assert_int_equal(pica_trace_reader_open(&r, d, size, ts_logger()), GLHLE_RESULT_OK);
    trace_chunk c;
    bool presented = false;
    while (trace_reader_next(&r, &c) == GLHLE_RESULT_OK) {
        if (c.type != PICA_TRACE_PRESENT)
            continue;
        assert_int_equal(trace_rd32(c.payload + 4), 0); /* no stereo */
        assert_int_equal(trace_rd32(c.payload + 8), 0x18000000);
        assert_int_equal(trace_rd32(c.payload + 12), 3);
        assert_int_equal(trace_rd32(c.payload + 16), 480);
        presented = true;
    }
    assert_true(presented);
    at_draw a;
    memset(&a, 0, sizeof a);
    glhle_trace_replay_desc rd = {.pica = {.log = ts_log_fn}, .hooks = {check_draw, &a, 1u << GLHLE_PICA_EVENT_DRAW}};
    assert_int_equal(glhle_trace_replay(t, &rd, NULL), GLHLE_RESULT_OK);
    assert_int_equal(a.texenv[2][0], 0x0BADF00D);
    glhle_trace_close(t);
    free(f);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void bad_files(void **state)
{
    (void)state;
    size_t n;
    uint8_t *f = sample(false, &n);
    /* every truncation of the header */
    for (size_t len = 4; len < 100; len++) {
        ts_log_clear();
        open_ctf(f, len, GLHLE_RESULT_TRUNCATED);
        assert_true(ts_log_contains("citrace: offset 0: the file ends"));
    }
    /* every truncation of the rest: regions and stream bounds are checked */
    for (size_t len = 100; len < n; len += 7)
        open_ctf(f, len, GLHLE_RESULT_TRUNCATED);
    uint8_t *g = malloc(n);
    /* version */
    memcpy(g, f, n);
    put32(g + 4, 2);
    ts_log_clear();
    open_ctf(g, n, GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("offset 4: version 2"));
    /* a region far past the end, and a huge one */
    memcpy(g, f, n);
    put32(g + 12 + 8 * 2, 0xFFFFFFF0u);
    ts_log_clear();
    open_ctf(g, n, GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("PICA registers at 0xfffffff0"));
    memcpy(g, f, n);
    put32(g + 16 + 8 * 2, 0x40000000u);
    ts_log_clear();
    open_ctf(g, n, GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("claim 1073741824 words"));
    /* a stream claiming 2^32 - 1 elements */
    memcpy(g, f, n);
    put32(g + 96, 0xFFFFFFFFu);
    open_ctf(g, n, GLHLE_RESULT_TRUNCATED);
    /* a MemoryLoad whose bytes lie past the end of the file */
    memcpy(g, f, n);
    uint32_t stream = trace_rd32(g + 92);
    assert_int_equal(trace_rd32(g + stream), 0xE2); /* the first element loads the list */
    put32(g + stream + 8, 0x7FFFFFFF);
    ts_log_clear();
    open_ctf(g, n, GLHLE_RESULT_BAD_DATA);
    char where[64];
    snprintf(where, sizeof where, "citrace: offset 0x%x: MemoryLoad", stream);
    assert_true(ts_log_contains(where));
    /* header size past the file */
    memcpy(g, f, n);
    put32(g + 8, (uint32_t)n + 1);
    open_ctf(g, n, GLHLE_RESULT_BAD_DATA);
    free(g);
    free(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chunks),           cmocka_unit_test(replays_initial_state),
        cmocka_unit_test(sized_writes),     cmocka_unit_test(sizes_and_ranges),
        cmocka_unit_test(azahar_register_block), cmocka_unit_test(bad_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
