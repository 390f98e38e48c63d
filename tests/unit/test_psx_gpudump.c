/* backend/psx/gpudump.c: GPU dumps built here byte by byte after
 * ps1dev/standards GPUDUMP.md (16-byte "PSXGPUDUMPv1r1" magic) and after
 * what DuckStation writes (14-byte "PSXGPUDUMPv1\0\0", gpu_dump.cpp), played
 * into the software renderer. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend/psx/gpudump.h"
#include "support/psx_testing.h"

static void make_dump(pt_dump *d, bool duckstation)
{
    d->size = 0;
    memcpy(d->bytes, duckstation ? "PSXGPUDUMPv1\0\0" : "PSXGPUDUMPv1r1\0\0", duckstation ? 14 : 16);
    d->size = duckstation ? 14 : 16;
    const uint32_t version = 2, comment[2] = {0x74736574u, 0}; /* "test" */
    pt_dump_packet(d, PSX_DUMP_GPU_VERSION, &version, 1);
    pt_dump_packet(d, PSX_DUMP_COMMENT, comment, 2);
    /* state restore: display 4x1 at (0,0), on */
    const uint32_t gp1[] = {0x00000000u, 0x05000000u, 0x06000000u | 0x200u | (0x228u << 12),
                            0x07000000u | 0x10u | (0x11u << 10), 0x03000000u};
    pt_dump_packet(d, PSX_DUMP_GP1, gp1, 5);
    pt_dump_packet(d, PSX_DUMP_TRACE_BEGIN, NULL, 0);
    /* frame 0: fill the row red */
    const uint32_t fill_red[] = {0x020000FFu, 0x00000000u, 0x00010010u};
    pt_dump_packet(d, PSX_DUMP_GP0, fill_red, 3);
    const uint32_t vsync64[2] = {12345, 0};
    pt_dump_packet(d, PSX_DUMP_VSYNC, vsync64, 2);
    /* an unknown packet type is skipped by its length */
    const uint32_t junk[3] = {1, 2, 3};
    pt_dump_packet(d, 0x7F, junk, 3);
    /* frame 1: a VRAM read whose data is thrown away, then green; the fill
     * command is split over two packets */
    const uint32_t read[] = {0xC0000000u, 0x00000000u, 0x00010004u};
    pt_dump_packet(d, PSX_DUMP_GP0, read, 3);
    const uint32_t two = 2;
    pt_dump_packet(d, PSX_DUMP_DISCARD, &two, 1);
    const uint32_t green_a[] = {0x0200FF00u, 0x00000000u}, green_b[] = {0x00010010u};
    pt_dump_packet(d, PSX_DUMP_GP0, green_a, 2);
    pt_dump_packet(d, PSX_DUMP_GP0, green_b, 1);
    pt_dump_packet(d, PSX_DUMP_VSYNC, NULL, 0);
}

typedef struct frames {
    uint32_t count;
    uint8_t first_pixel[4][4];
} frames;

static glhle_result on_frame(void *user, glhle_psx *psx, uint32_t frame)
{
    frames *f = user;
    uint8_t rgba[16];
    glhle_result r = glhle_psx_read_display_rgba(psx, rgba, sizeof rgba);
    if (r == GLHLE_RESULT_OK && frame < 4)
        memcpy(f->first_pixel[frame], rgba, 4);
    f->count++;
    return r;
}

static void plays_both_headers(void **state)
{
    (void)state;
    for (int duck = 0; duck < 2; duck++) {
        pt_dump d;
        make_dump(&d, duck);
        glhle_psx *psx = pt_sw();
        frames f = {0};
        psx_gpudump_stats st;
        assert_int_equal(psx_gpudump_play(psx, d.bytes, d.size, UINT32_MAX, on_frame, &f, ts_logger(), &st),
                         GLHLE_RESULT_OK);
        assert_int_equal(f.count, 2);
        assert_int_equal(st.frames, 2);
        assert_int_equal(st.skipped, 1);
        assert_int_equal(st.packets, 12);
        const uint8_t red[4] = {255, 0, 0, 255}, green[4] = {0, 255, 0, 255};
        assert_memory_equal(f.first_pixel[0], red, 4);
        assert_memory_equal(f.first_pixel[1], green, 4);
        assert_false(glhle_psx_gpustat(psx) & (1u << 27)); /* the read was drained */
        glhle_psx_destroy(psx);
    }
}

static void stops_after_last_frame(void **state)
{
    (void)state;
    pt_dump d;
    make_dump(&d, false);
    glhle_psx *psx = pt_sw();
    frames f = {0};
    assert_int_equal(psx_gpudump_play(psx, d.bytes, d.size, 0, on_frame, &f, ts_logger(), NULL), GLHLE_RESULT_OK);
    assert_int_equal(f.count, 1);
    assert_int_equal(pt_pixel(psx, 0, 0), 0x001F); /* green never came */
    glhle_psx_destroy(psx);
}

static void damaged_files(void **state)
{
    (void)state;
    pt_dump d;
    make_dump(&d, false);
    glhle_psx *psx = pt_sw();
    psx_gpudump g;
    psx_gpudump_packet p;
    /* cut inside the last packet header: TRUNCATED with the offset */
    ts_log_clear();
    assert_int_equal(psx_gpudump_play(psx, d.bytes, d.size - 2, UINT32_MAX, NULL, NULL, ts_logger(), NULL),
                     GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("2 stray bytes at offset"));
    /* a length past the end */
    d.bytes[16] = 0xFF;
    d.bytes[17] = 0xFF;
    ts_log_clear();
    assert_int_equal(psx_gpudump_open(&g, d.bytes, d.size, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(psx_gpudump_next(&g, &p, ts_logger()), GLHLE_RESULT_TRUNCATED);
    assert_true(ts_log_contains("packet type 06h at offset 16 claims"));
    /* not a dump, another major version, compressed */
    static const uint8_t zst[8] = {0x28, 0xB5, 0x2F, 0xFD, 0, 0, 0, 0};
    ts_log_clear();
    assert_int_equal(psx_gpudump_open(&g, zst, sizeof zst, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("zstd -d"));
    assert_int_equal(psx_gpudump_open(&g, (const uint8_t *)"PSXGPUDUMPv2r1\0\0", 16, ts_logger()),
                     GLHLE_RESULT_BAD_DATA);
    assert_int_equal(psx_gpudump_open(&g, (const uint8_t *)"PSXGPUDUMPv1xx\0\0", 16, ts_logger()),
                     GLHLE_RESULT_BAD_DATA);
    assert_int_equal(psx_gpudump_open(&g, (const uint8_t *)"PSXGPU", 6, ts_logger()), GLHLE_RESULT_BAD_DATA);
    /* an empty dump is fine, and so is a huge read count */
    assert_int_equal(psx_gpudump_play(psx, (const uint8_t *)"PSXGPUDUMPv1\0\0", 14, UINT32_MAX, NULL, NULL,
                                      ts_logger(), NULL),
                     GLHLE_RESULT_OK);
    pt_dump big;
    memcpy(big.bytes, "PSXGPUDUMPv1\0\0", 14);
    big.size = 14;
    const uint32_t many = 0xFFFFFFFFu;
    pt_dump_packet(&big, PSX_DUMP_READBACK, &many, 1);
    assert_int_equal(psx_gpudump_play(psx, big.bytes, big.size, UINT32_MAX, NULL, NULL, ts_logger(), NULL),
                     GLHLE_RESULT_OK);
    glhle_psx_destroy(psx);
}

/* Read packets take what a GP0(C0h) transfer left in GPUREAD and no more:
 * past the data GPUREAD only repeats its latch, so a dump of packets that
 * each claim the largest count plays at once instead of making 2^18 reads
 * per packet. */
static void read_packets_take_only_pending_data(void **state)
{
    (void)state;
    glhle_psx *psx = pt_sw();
    /* (0,0..2) = 1111h 2222h 3333h, then C0h of those three: two GPUREAD words */
    PT_GP0(psx, 0xA0000000u, 0x00000000u, 0x00010003u, 0x22221111u, 0x00003333u, 0xC0000000u, 0x00000000u,
           0x00010003u);
    pt_dump one;
    memcpy(one.bytes, "PSXGPUDUMPv1\0\0", 14);
    one.size = 14;
    const uint32_t n1 = 1;
    pt_dump_packet(&one, PSX_DUMP_DISCARD, &n1, 1);
    assert_int_equal(psx_gpudump_play(psx, one.bytes, one.size, UINT32_MAX, NULL, NULL, ts_logger(), NULL),
                     GLHLE_RESULT_OK);
    assert_int_equal(glhle_psx_gpuread(psx), 0x00003333u); /* the first word went, the second is next */
    assert_false(glhle_psx_gpustat(psx) & (1u << 27));

    enum { PACKETS = 4096 };
    size_t size = 14 + (size_t)PACKETS * 8;
    uint8_t *bytes = malloc(size);
    assert_non_null(bytes);
    memcpy(bytes, "PSXGPUDUMPv1\0\0", 14);
    for (size_t i = 0; i < PACKETS; i++) {
        uint8_t *p = bytes + 14 + i * 8;
        const uint8_t header[4] = {1, 0, 0, i & 1 ? PSX_DUMP_READBACK : PSX_DUMP_DISCARD};
        memcpy(p, header, 4);
        memset(p + 4, 0xFF, 4);
    }
    PT_GP0(psx, 0xC0000000u, 0x00000000u, 0x00010003u);
    clock_t t0 = clock();
    psx_gpudump_stats st;
    assert_int_equal(psx_gpudump_play(psx, bytes, size, UINT32_MAX, NULL, NULL, ts_logger(), &st), GLHLE_RESULT_OK);
    double seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
    assert_int_equal(st.packets, PACKETS);
    assert_false(glhle_psx_gpustat(psx) & (1u << 27)); /* drained */
    assert_int_equal(glhle_psx_gpuread(psx), 0x00003333u); /* the latch keeps the last word */
    print_message("%d read packets of 2^32-1 words: %.3f s of CPU\n", PACKETS, seconds);
    assert_true(seconds < 1.0); /* 2^30 GPUREAD calls before, one per packet now */
    free(bytes);
    glhle_psx_destroy(psx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plays_both_headers),
        cmocka_unit_test(stops_after_last_frame),
        cmocka_unit_test(damaged_files),
        cmocka_unit_test(read_packets_take_only_pending_data),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
