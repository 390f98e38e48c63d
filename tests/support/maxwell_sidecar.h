/* The Maxwell shader corpus (../shared/testdata/maxwell/shaders, see its
 * README): one shader's code, program header, stage and sidecar, and the
 * translation key the sidecar implies under deko3d's constant-buffer ABI
 * (texture handles in c0 at 0x010 + 0x1a0 * stage, UBO binding N in c(2+N)). */
#ifndef GLHLE_TEST_MAXWELL_SIDECAR_H
#define GLHLE_TEST_MAXWELL_SIDECAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shadergen/maxwell_spirv.h"
#include "support/test_json.h"

typedef struct tmc_shader {
    char name[64];
    uint64_t *code;   /* NAME.bin */
    size_t words;
    uint8_t sph[0x50];
    bool has_sph;
    uint8_t *cbuf1;   /* the compiler constants (constbuf1), or NULL */
    size_t cbuf1_size;
    mw_spirv_stage stage;
    uint32_t shared_bytes; /* compute: the program header's shared_mem_sz */
    uint32_t tess_param;   /* tessellation evaluation: the program header's tessellation parameters word */
    tj_value *json;   /* NAME.json */
    char *glsl;       /* NAME.glsl */
} tmc_shader;

/* The corpus folder, or NULL when absent. */
const char *tmc_dir(void);
/* tmc_dir(), or NULL after one "SKIP: ..." line naming the absent folder: a
 * test that skips when it returns NULL says why (no ES skip may be silent,
 * docs/gles.md). */
const char *tmc_require(void);
/* Names of the corpus shaders (sorted), NULL-terminated, static storage. */
const char *const *tmc_names(void);
/* Loads NAME; false (and a message) when a file is missing or malformed. */
bool tmc_load(const char *name, tmc_shader *s);
void tmc_free(tmc_shader *s);
/* deko3d's per-stage texture-handle offset in c0 (README "The c0 layout") */
uint32_t tmc_tex_handle_offset(mw_spirv_stage stage);
/* The key: stage, deko3d's handle table, texture kinds from the sidecar's
 * `textures` (of this shader's stage), attribute types from `vertex_inputs`,
 * render-target types from `framebuffer.targets`. */
void tmc_key(const tmc_shader *s, mw_spirv_key *key);
/* The declared types of a native stage's varyings (its `out`s when
 * `outputs`, else its `in`s), for the key of the stage it links with. */
void tmc_varyings_from_glsl(const char *glsl, bool outputs, uint8_t varying[32]);
/* The input for mw_spirv_translate (points into s). */
void tmc_input(const tmc_shader *s, mw_spirv_input *in);

#endif
