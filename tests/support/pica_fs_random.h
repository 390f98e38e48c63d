/* Random PICA fragment-pipeline configurations for tests and benchmarks:
 * keys that exercise the chosen features (always normalised) and uniform /
 * LUT data that keeps the arithmetic well conditioned (no zero-length light
 * vectors, no singular quaternions). */
#ifndef GLHLE_TEST_PICA_FS_RANDOM_H
#define GLHLE_TEST_PICA_FS_RANDOM_H

#include "shadergen/pica_fs_key.h"
#include "shadergen/pica_fs_uniforms.h"
#include "support/test_support.h"

enum {
    PFR_TEXTURES = 1u << 0,  /* TEV may read texture units 0-2 (2D) */
    PFR_TEX0_TYPES = 1u << 1, /* texture 0 may be cube / projection / shadow 2D / shadow cube */
    PFR_LIGHTING = 1u << 2,
    PFR_FOG = 1u << 3,
    PFR_PROCTEX = 1u << 4,
    PFR_ALPHA_TEST = 1u << 5,
    PFR_RAW = 1u << 6,       /* every byte random, reserved values included (then normalised) */
    PFR_ALL = 0x3f,
};

void pica_fs_random_key(ts_rng *r, unsigned features, pica_fs_key *key);
/* Fills uniforms and LUTs for the key (random but well conditioned). */
void pica_fs_random_data(ts_rng *r, const pica_fs_key *key, pica_fs_uniforms *u, pica_fs_luts *luts);

/* One reserved register value, written into a key whose every part is
 * in use, and what the normaliser must turn it into: after
 * pica_fs_key_normalize(&raw), byte `offset` of the key equals `expect`. */
typedef struct pica_fs_reserved_case {
    char what[64];
    pica_fs_key raw;
    size_t offset;
    uint8_t expect;
} pica_fs_reserved_case;

/* Every reserved value of the TEV, fog, texture-type, lighting and proctex
 * fields the key holds (about 60 cases); returns how many were written
 * (at most `max`). */
unsigned pica_fs_reserved_cases(pica_fs_reserved_case *out, unsigned max);

/* Writes a PICA disk cache file of `n` random programs (fragment keys of
 * every feature, every vertex output) as KEY records only, so that every
 * one is compiled when an instance opens it; false when it cannot write. */
bool pica_fs_random_cache_file(const char *path, uint32_t n, uint32_t host_bits, uint64_t seed);

#endif
