/* backend/maxwell/engines/compute_qmd.c: QMDs built here bit by bit from
 * the MW(hi:lo) ranges of open-gpu-doc classes/compute/clb1c0qmd.h
 * (QMDV01_07; V00_06 places these fields at the same bits). */
#include "support/test_support.h"

#include <string.h>

#include "backend/maxwell/engines/engines.h"
#include "support/maxwell_fake_mem.h"

/* writes v into bits hi..lo of the 2048-bit QMD, one bit at a time */
static void put(uint32_t q[64], uint32_t hi, uint32_t lo, uint64_t v)
{
    for (uint32_t b = lo; b <= hi; b++, v >>= 1) {
        if (v & 1)
            q[b / 32] |= 1u << (b % 32);
        else
            q[b / 32] &= ~(1u << (b % 32));
    }
}

static void build(uint32_t q[64])
{
    memset(q, 0, 64 * 4);
    put(q, 254, 254, 1);         /* INVALIDATE_INSTRUCTION_CACHE */
    put(q, 255, 255, 1);         /* INVALIDATE_SHADER_CONSTANT_CACHE */
    put(q, 287, 256, 0x1230);    /* PROGRAM_OFFSET */
    put(q, 415, 384, 40);        /* CTA_RASTER_WIDTH */
    put(q, 431, 416, 3);         /* CTA_RASTER_HEIGHT */
    put(q, 447, 432, 2);         /* CTA_RASTER_DEPTH */
    put(q, 561, 544, 0x3000);    /* SHARED_MEMORY_SIZE */
    put(q, 579, 576, 7);         /* QMD_VERSION */
    put(q, 583, 580, 1);         /* QMD_MAJOR_VERSION */
    put(q, 607, 592, 64);        /* CTA_THREAD_DIMENSION0 */
    put(q, 623, 608, 4);         /* CTA_THREAD_DIMENSION1 */
    put(q, 639, 624, 1);         /* CTA_THREAD_DIMENSION2 */
    put(q, 640 + 0, 640 + 0, 1); /* CONSTANT_BUFFER_VALID(0) */
    put(q, 640 + 5, 640 + 5, 1); /* CONSTANT_BUFFER_VALID(5) */
    put(q, 959, 928, 0x89ABC000);                   /* CONSTANT_BUFFER_ADDR_LOWER(0) */
    put(q, 967, 960, 0x12);                         /* CONSTANT_BUFFER_ADDR_UPPER(0) */
    put(q, 991, 975, 0x10000);                      /* CONSTANT_BUFFER_SIZE(0) */
    put(q, 959 + 5 * 64, 928 + 5 * 64, 0x400);      /* (5) */
    put(q, 967 + 5 * 64, 960 + 5 * 64, 0xFF);
    put(q, 991 + 5 * 64, 975 + 5 * 64, 0x1FFFF);
    put(q, 202, 202, 1);         /* SEMAPHORE_RELEASE_ENABLE0 */
    put(q, 767, 736, 0xABCD0010); /* RELEASE0_ADDRESS_LOWER */
    put(q, 775, 768, 0x3);        /* RELEASE0_ADDRESS_UPPER */
    put(q, 799, 799, 1);          /* RELEASE0_STRUCTURE_SIZE ONE_WORD */
    put(q, 831, 800, 0x55AA);     /* RELEASE0_PAYLOAD */
    put(q, 927, 896, 0x77);       /* RELEASE1_PAYLOAD */
    put(q, 1463, 1440, 0x800);    /* SHADER_LOCAL_MEMORY_LOW_SIZE */
    put(q, 1471, 1467, 2);        /* BARRIER_COUNT */
    put(q, 1495, 1472, 0x40);     /* SHADER_LOCAL_MEMORY_HIGH_SIZE */
    put(q, 1503, 1496, 24);       /* REGISTER_COUNT */
    put(q, 1527, 1504, 0x100);    /* SHADER_LOCAL_MEMORY_CRS_SIZE */
    put(q, 1535, 1528, 5);        /* SASS_VERSION */
}

static void decode_fields(void **state)
{
    (void)state;
    uint32_t q[64];
    build(q);
    /* a few fields placed by hand as a check on put(): grid width is word
     * 12, depth the high half of word 13, block dim 0 the high half of word
     * 18 (592 = 18 * 32 + 16) */
    assert_int_equal(q[12], 40);
    assert_int_equal(q[13], 2u << 16 | 3);
    assert_int_equal(q[18] >> 16, 64);
    mw_compute_launch l;
    assert_int_equal(mw_qmd_decode(q, &l, ts_logger()), GLHLE_RESULT_OK);
    assert_int_equal(l.grid[0], 40);
    assert_int_equal(l.grid[1], 3);
    assert_int_equal(l.grid[2], 2);
    assert_int_equal(l.block[0], 64);
    assert_int_equal(l.block[1], 4);
    assert_int_equal(l.block[2], 1);
    assert_int_equal(l.shared_memory_size, 0x3000);
    assert_int_equal(l.program_offset, 0x1230);
    assert_int_equal(l.qmd_version, 7);
    assert_int_equal(l.qmd_major_version, 1);
    assert_true(l.cbuf[0].valid);
    assert_int_equal(l.cbuf[0].address, 0x1289ABC000ull);
    assert_int_equal(l.cbuf[0].size, 0x10000);
    assert_true(l.cbuf[5].valid);
    assert_int_equal(l.cbuf[5].address, 0xFF00000400ull);
    assert_int_equal(l.cbuf[5].size, 0x1FFFF);
    for (int i = 0; i < 8; i++)
        if (i != 0 && i != 5) {
            assert_false(l.cbuf[i].valid);
            assert_int_equal(l.cbuf[i].size, 0);
        }
    assert_true(l.release_enable[0]);
    assert_false(l.release_enable[1]);
    assert_int_equal(l.release_address[0], 0x3ABCD0010ull);
    assert_true(l.release_one_word[0]);
    assert_int_equal(l.release_payload[0], 0x55AA);
    assert_int_equal(l.release_payload[1], 0x77);
    assert_int_equal(l.local_memory_low_size, 0x800);
    assert_int_equal(l.local_memory_high_size, 0x40);
    assert_int_equal(l.local_memory_crs_size, 0x100);
    assert_int_equal(l.barrier_count, 2);
    assert_int_equal(l.register_count, 24);
    assert_int_equal(l.sass_version, 5);
    assert_true(l.invalidate_instruction);
    assert_true(l.invalidate_shader_constant);
    assert_false(l.invalidate_texture_data);
}

static void bad_qmds(void **state)
{
    (void)state;
    uint32_t q[64];
    mw_compute_launch l;
    build(q);
    put(q, 431, 416, 0);
    assert_int_equal(mw_qmd_decode(q, &l, ts_logger()), GLHLE_RESULT_BAD_DATA);
    build(q);
    put(q, 623, 608, 32); /* 64 x 32 = 2048 threads */
    ts_log_clear();
    assert_int_equal(mw_qmd_decode(q, &l, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_true(ts_log_contains("2048 threads"));
    build(q);
    put(q, 561, 544, 0xC001);
    assert_int_equal(mw_qmd_decode(q, &l, ts_logger()), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(l.shared_memory_size, 0xC001); /* filled anyway */
}

static void launch_from_registers(void **state)
{
    (void)state;
    mwt_mem m;
    mwt_mem_init(&m, 0x300000000ull, 0x10000, 0, ts_logger());
    uint32_t q[64];
    build(q);
    memcpy(mwt_at(&m, 0x300000100ull), q, sizeof q);
    static uint32_t regs[MW_COMPUTE_REG_WORDS];
    memset(regs, 0, sizeof regs);
    regs[0x2B4 / 4] = 0x3000001;  /* SEND_PCAS_A: QMD address >> 8 */
    regs[0x1608 / 4] = 0x04;      /* SET_PROGRAM_REGION_A */
    regs[0x160C / 4] = 0x00100000; /* SET_PROGRAM_REGION_B */
    mw_compute_launch l;
    assert_int_equal(mw_compute_launch_decode(regs, &m.io, &l), GLHLE_RESULT_OK);
    assert_int_equal(l.program_address, 0x400101230ull);
    assert_int_equal(l.grid[0], 40);
    regs[0x2B4 / 4] = 0x7000000;
    ts_log_clear();
    assert_int_equal(mw_compute_launch_decode(regs, &m.io, &l), GLHLE_RESULT_OUT_OF_BOUNDS);
    assert_true(ts_log_contains("0x0700000000"));
    mwt_mem_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(decode_fields),
        cmocka_unit_test(bad_qmds),
        cmocka_unit_test(launch_from_registers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
