/* Pieces of the PICA fragment-shader generator (pica_fs.c) that the
 * ubershader generator (pica_fs_uber.c) writes too, so both programs
 * compute with the same text: what a key's code reads, the fixed helper
 * functions and the blocks that depend on the key only through one
 * condition. Internal to shadergen. */
#ifndef GLHLE_SHADERGEN_PICA_FS_PARTS_H
#define GLHLE_SHADERGEN_PICA_FS_PARTS_H

#include <stdbool.h>

#include "shadergen/glsl_writer.h"
#include "shadergen/pica_fs_key.h"

/* What a normalised key's code reads. */
typedef struct pica_fs_usage {
    unsigned src_used; /* bit s: some TEV stage reads source s (PICA_FS_TEV_SRC_*) */
    unsigned units;    /* bit u: texture unit u (3: proctex) is read by the TEV, the bump map or the shadow term */
    bool lighting;     /* fragment lighting runs (enabled and read) */
    bool fog;
    bool proctex;      /* unit 3 is read and the procedural texture is on */
    bool shadow0;      /* unit 0 is read as a shadow texture */
} pica_fs_usage;

void pica_fs_key_usage(const pica_fs_key *key, pica_fs_usage *out);

/* Fixed text: the interface declarations (inputs, PicaFsUniforms "u"),
 * pica_byte4, pica_dot3, the lighting LUT helpers (pica_qrot, pica_lut_u,
 * pica_lut_s), the proctex table helpers, the noise hash, and the shadow-map
 * image with pica_shadow_update; for vertex shaders, every attribute and
 * output of the interface (pica_fs.h). */
typedef enum pica_fs_text_id {
    PICA_FS_TEXT_INTERFACE,
    PICA_FS_TEXT_BYTE,
    PICA_FS_TEXT_DOT3,
    PICA_FS_TEXT_LIGHTING,
    PICA_FS_TEXT_PROCTEX_LUT,
    PICA_FS_TEXT_PROCTEX_NOISE,
    PICA_FS_TEXT_SHADOW_RENDER,
    PICA_FS_TEXT_VS_INTERFACE,
    PICA_FS_TEXT_VS_COPY, /* main()'s copies of the attributes but colour and position */
    PICA_FS_TEXT_LIGHTING_FRAME, /* statements: n, t, v from the quaternion; diff, spec, pa, sa */
} pica_fs_text_id;
const char *pica_fs_text(pica_fs_text_id id);

/* pica_shadow_2d() (tex0_type PICA_FS_TEX0_SHADOW_2D, with `uv` the
 * expression of the map coordinate) or pica_shadow_cube() (otherwise),
 * sampling pica_tex0; `common` also writes pica_shadow_cmp and
 * pica_shadow_z, which both use. */
void pica_fs_write_shadow_helpers(glsl_writer *w, unsigned tex0_type, const char *uv, bool common);
/* pica_noise_coef(); needs the proctex table helpers and the noise hash. */
void pica_fs_write_noise_coef(glsl_writer *w);
/* Statements of main(): fog on `prev` from `depth` (flip: NULL never, ""
 * always, else the condition), and shadow-map rendering's update. */
void pica_fs_write_fog(glsl_writer *w, const char *flip);
/* The logic op `code` (GPUREG_LOGIC_OP 0-15) on `prev` and the destination
 * (framebuffer fetch when `fetch`, else pica_dest), for hosts without
 * glLogicOp (pica_fs.c). */
void pica_fs_write_logic(glsl_writer *w, unsigned code, bool fetch);
void pica_fs_write_shadow_update(glsl_writer *w);

#endif
