/* The key of a PlayStation GPU drawing program: everything the generated
 * vertex and fragment shaders depend on, and nothing else. State that varies
 * from primitive to primitive without changing the code (texture page, CLUT,
 * window, colours, dithering, mask bits, raw texturing, flip) travels with
 * each primitive as instance data, so it never splits a batch. */
#ifndef GLHLE_SHADERGEN_PSX_FS_KEY_H
#define GLHLE_SHADERGEN_PSX_FS_KEY_H

#include <stdbool.h>
#include <stdint.h>

typedef enum psx_prim_kind {
    PSX_PRIM_TRIANGLE = 0,
    PSX_PRIM_SPRITE,
    PSX_PRIM_LINE,
    PSX_PRIM_KIND_COUNT_
} psx_prim_kind;

/* A field set to PSX_KEY_DYNAMIC is read per primitive (from the instance's
 * mode bits) instead of being compiled in: the program then draws every value
 * of that field, and primitives that differ only there share a draw call. */
#define PSX_KEY_DYNAMIC 0xFF

enum { PSX_CLUT_VRAM = 1, PSX_CLUT_SNAPSHOT = 2 };

typedef struct psx_fs_key {
    uint8_t kind;     /* psx_prim_kind */
    uint8_t tex_mode; /* 0 untextured, 1 4-bit CLUT, 2 8-bit CLUT, 3 15-bit direct */
    uint8_t gouraud;  /* triangles and lines: colours are interpolated */
    uint8_t blend;    /* 0 opaque, else 1 + semi-transparency mode (GP0(E1h) bits 5-6) */
    /* where 4- and 8-bit texels find their CLUT: PSX_CLUT_VRAM and/or
     * PSX_CLUT_SNAPSHOT (PSX_FLAG_CLUT_SNAPSHOT picks per primitive when
     * both). A mixed batch ORs it rather than making it dynamic, and it is
     * 0 where there is no CLUT, so untextured and 15-bit primitives join a
     * batch without bringing in the other source: llvmpipe runs both texel
     * fetches of a branch on the flag for every fragment */
    uint8_t clut;
    uint8_t pad[3];   /* zero */
} psx_fs_key;
_Static_assert(sizeof(psx_fs_key) == 8, "psx_fs_key layout changed: bump the program cache version");

/* Zeroes what a kind cannot use (lines are never textured, sprites never
 * shaded) so equal programs share one key. */
static inline void psx_fs_key_normalize(psx_fs_key *k)
{
    if (k->kind == PSX_PRIM_LINE)
        k->tex_mode = 0;
    if (k->kind == PSX_PRIM_SPRITE)
        k->gouraud = 0;
    if (k->tex_mode == 0 || k->tex_mode == 3)
        k->clut = 0;
    else if (k->clut != PSX_KEY_DYNAMIC)
        k->clut &= PSX_CLUT_VRAM | PSX_CLUT_SNAPSHOT;
    k->pad[0] = k->pad[1] = k->pad[2] = 0;
}

/* The key whose every field is dynamic: one program draws everything. */
static inline psx_fs_key psx_fs_key_uber(void)
{
    psx_fs_key k = {PSX_KEY_DYNAMIC, PSX_KEY_DYNAMIC, PSX_KEY_DYNAMIC, PSX_KEY_DYNAMIC,
                    PSX_CLUT_VRAM | PSX_CLUT_SNAPSHOT, {0, 0, 0}};
    return k;
}

/* What the host offers; not part of the guest key. */
typedef struct psx_shader_host {
    const char *version_line;  /* "#version 450 core" or "#version 320 es" */
    bool framebuffer_fetch;    /* read the pixel being drawn with EXT_shader_framebuffer_fetch */
    /* the renderer's resolution scale (1..8) compiled in as a constant, so
     * that at 1x the subpixel arithmetic folds away; 0: the uniform u_scale */
    uint8_t scale;
    /* triangles are covered by GL's own rasterizer: the exact triangle moved
     * by half a (sub)pixel, no per-pixel edge test, drawn with the guard-band
     * viewport of psx_gl_bind_vram_target. Only where the start-up probe
     * (backend/psx/coverage_probe.c) found the driver's coverage equal to the
     * PlayStation's */
    bool gl_coverage;
} psx_shader_host;

/* The per-primitive values of the key fields, in bits 16-23 of the
 * texcoord word of an instance, read where a field is dynamic. */
static inline uint32_t psx_fs_mode_bits(const psx_fs_key *concrete)
{
    return ((uint32_t)concrete->kind << 16) | ((uint32_t)concrete->tex_mode << 18) |
           ((uint32_t)(concrete->gouraud & 1) << 20) | ((uint32_t)(concrete->blend & 7) << 21);
}

/* Per-primitive flag bits (high byte of the colour word of an instance). */
enum {
    PSX_FLAG_DITHER = 1u << 0,
    PSX_FLAG_MASK_SET = 1u << 1,
    PSX_FLAG_MASK_CHECK = 1u << 2,
    PSX_FLAG_RAW = 1u << 3,
    PSX_FLAG_CLUT_SNAPSHOT = 1u << 4, /* the CLUT comes from the 256x1 snapshot, not VRAM */
    PSX_FLAG_FLIP_X = 1u << 5,
    PSX_FLAG_FLIP_Y = 1u << 6,
    PSX_FLAG_OPAQUE_ZERO = 1u << 7, /* texel 0000h is drawn, not transparent: a VRAM copy as a raw sprite */
};

#endif
