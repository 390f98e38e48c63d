/* backend/pica/texture/texcodec_avx2.c: every AVX2 tile kernel against the scalar
 * reference decode (and encode) of the same tiles, upright and bottom-up,
 * in runs. */
#include "support/test_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/pica/texture/texcodec_avx2.h"

static void kernels_match_reference(void **state)
{
    (void)state;
    if (!pica_avx2_available()) {
        print_message("SKIP: this CPU has no AVX2; the portable path is tested in test_texcodec\n");
        skip();
    }
    uint64_t seed = ts_seed("kernels_match_reference", 8);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    int kernels = 0;
    for (unsigned f = 0; f < PICA_TEXFMT_COUNT; f++) {
        pica_tile_run_fn fn = pica_avx2_tile_kernel((pica_texfmt)f);
        if (!fn)
            continue;
        kernels++;
        /* a row of 5 tiles (40x8), decoded by the kernel as one run */
        pica_surface s = {.format = (pica_texfmt)f, .width = 40, .height = 8};
        size_t size = pica_surface_size(&s), tb = size / 5;
        uint8_t *guest = malloc(size);
        for (int iter = 0; iter < 50; iter++) {
            for (size_t i = 0; i < size; i++)
                guest[i] = (uint8_t)ts_rng_u32(&rng);
            for (int flip = 0; flip < 2; flip++) {
                uint8_t ref[40 * 8 * 4], got[40 * 8 * 4 + 64];
                memset(got, 0xA5, sizeof got);
                assert_int_equal(pica_decode(&s, guest, size, NULL, PICA_CODEC_REFERENCE | (flip ? PICA_CODEC_FLIP_Y : 0),
                                             ref, 160, ts_logger()),
                                 GLHLE_RESULT_OK);
                /* rows 160 bytes apart, bottom-up when flipped */
                fn(NULL, guest, tb, 5, flip ? got + 7 * 160 : got, flip ? -160 : 160);
                if (memcmp(got, ref, sizeof ref))
                    fail_msg("%s kernel (flip %d) differs from the reference (seed %llu, iteration %d)",
                             pica_texfmt_get_info(s.format)->name, flip, (unsigned long long)seed, iter);
                for (int i = 0; i < 64; i++)
                    assert_int_equal(got[sizeof ref + i], 0xA5); /* nothing written past the rows */
            }
        }
        free(guest);
    }
    assert_int_equal(kernels, 7);
    assert_null(pica_avx2_tile_kernel(PICA_TEXFMT_ETC1));
}

static void encoders_match_reference(void **state)
{
    (void)state;
    if (!pica_avx2_available()) {
        print_message("SKIP: this CPU has no AVX2; the portable path is tested in test_texcodec\n");
        skip();
    }
    uint64_t seed = ts_seed("encoders_match_reference", 10);
    ts_rng rng;
    ts_rng_init(&rng, seed);
    int encoders = 0;
    for (unsigned f = 0; f < PICA_TEXFMT_COUNT; f++) {
        pica_tile_encode_fn fn = pica_avx2_tile_encoder((pica_texfmt)f);
        if (!fn)
            continue;
        encoders++;
        pica_surface s = {.format = (pica_texfmt)f, .width = 40, .height = 8};
        size_t size = pica_surface_size(&s), tb = size / 5;
        uint8_t *ref = malloc(size), *got = malloc(size + 64);
        for (int iter = 0; iter < 50; iter++) {
            /* arbitrary host texels: the truncation must match too */
            uint8_t host[40 * 8 * 4];
            for (size_t i = 0; i < sizeof host; i++)
                host[i] = (uint8_t)ts_rng_u32(&rng);
            for (int flip = 0; flip < 2; flip++) {
                memset(ref, 0, size);
                memset(got, 0xA5, size + 64);
                assert_int_equal(pica_encode(&s, ref, size, NULL, PICA_CODEC_REFERENCE | (flip ? PICA_CODEC_FLIP_Y : 0),
                                             host, 160, ts_logger()),
                                 GLHLE_RESULT_OK);
                fn(flip ? host + 7 * 160 : host, flip ? -160 : 160, got, tb, 5);
                if (memcmp(got, ref, size))
                    fail_msg("%s encoder (flip %d) differs from the reference (seed %llu, iteration %d)",
                             pica_texfmt_get_info(s.format)->name, flip, (unsigned long long)seed, iter);
                for (int i = 0; i < 64; i++)
                    assert_int_equal(got[size + i], 0xA5);
            }
        }
        free(ref);
        free(got);
    }
    assert_int_equal(encoders, 5);
    assert_null(pica_avx2_tile_encoder(PICA_TEXFMT_IA8));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kernels_match_reference),
        cmocka_unit_test(encoders_match_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
