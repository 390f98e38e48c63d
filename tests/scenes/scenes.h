/* The sample scenes: small homebrew-style programs written with the scene
 * builder, each recorded as a glhle trace. The traces are committed in
 * tests/scenes/traces/ (the demo replays them; the golden-image tests
 * compare their frames), and test_scenes checks that they still equal what
 * the builder writes (GLHLE_UPDATE_GOLDEN=1 rewrites them).
 *
 *   cube     a textured cube lit by one point light with a specular LUT,
 *            in fog; two frames
 *   tev      six combiner stages over two textures, constant colours and
 *            the combiner buffer
 *   proctex  a procedural texture: noise, an RGB map and a colour LUT
 *   rtt      render to texture: a triangle drawn into a texture in VRAM,
 *            then that texture on a spinning quad
 *   screens  both screens: a vertex-coloured cube on the top screen, a
 *            fan on the bottom one whose framebuffer is RGB565; two frames
 *   gas      gas rendering: a density pass against a wall's depth, then
 *            the fog stage's gas shading over the scene
 * Every frame clears its targets with memory fills, runs one command list
 * and display-transfers the targets to the LCD framebuffers, which are
 * presented. */
#ifndef GLHLE_TEST_SCENES_H
#define GLHLE_TEST_SCENES_H

#include <stddef.h>
#include <stdint.h>

#include "glhle/glhle.h"
#include "scenes/scene_builder.h"

typedef struct sb_scene {
    const char *name;
    const char *title;
    uint32_t frames;
    /* the clear colour of the top screen's target (RGBA8, R in the top
     * byte), which shows wherever nothing is drawn */
    uint32_t top_clear;
    void (*run)(sb_ctx *c);
} sb_scene;

extern const sb_scene sb_scenes[];
extern const int sb_scene_count;

const sb_scene *sb_scene_find(const char *name);
/* Runs the scene with a recorder attached and returns the trace (malloc'd). */
uint8_t *sb_scene_record(const sb_scene *s, size_t *size);
/* tests/scenes/traces/NAME.glht in the source tree. */
const char *sb_scene_trace_path(const sb_scene *s, char *buf, size_t size);

#endif
