/* Trace test helpers: a small recorded session with display operations and
 * presents (its frames kept as the expected images), and running a tool
 * built next to the tests (tools/glhle-*). */
#ifndef GLHLE_TEST_PICA_TRACE_SUPPORT_H
#define GLHLE_TEST_PICA_TRACE_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/image.h"
#include "glhle/trace.h"

#define TT_FRAMES 3

/* Records TT_FRAMES frames to `path` on a GL-free instance: each frame
 * fills the top screen's RGBA8 framebuffer and the bottom screen's RGB565
 * one with colours of its own, display-transfers the bottom screen's first
 * 64 columns over the top screen's columns 100-163 (linear RGB565 to
 * RGBA8), writes some bytes of the top screen without telling glhle, and
 * presents. frames[] receives the recording instance's frames (free them
 * with glhle_image_free). */
void tt_record_display_trace(const char *path, glhle_image frames[TT_FRAMES]);

struct glhle_trace_recorder;
/* A finished in-memory recorder's bytes, copied (malloc'd). */
uint8_t *tt_recorded_copy(const struct glhle_trace_recorder *rec, size_t *size);

/* build/<preset>/tools/NAME next to build/<preset>/Testing/Temporary, or
 * NULL when it was not built. */
const char *tt_tool_path(const char *name);
/* Runs the tool with `args` (a shell fragment), stdout and stderr into
 * out, with LeakSanitizer off in it (the GL driver it unloads at exit);
 * returns its exit status (-1 if it did not exit). */
int tt_run_tool(const char *name, const char *args, char *out, size_t cap);
bool tt_exists(const char *path);

/* A replay of a committed sample trace and the frames it presented. */
#define TT_RUN_FRAMES 8
typedef struct tt_run {
    glhle_image frame[TT_RUN_FRAMES]; /* the first TT_RUN_FRAMES frames */
    uint32_t frames;
    glhle_trace_replay_stats st;
} tt_run;
/* Replays tests/scenes/traces/NAME.glht on ctx with `pica` as the
 * instance's desc (its log: the test's), asserting that it ran without
 * divergence. */
void tt_replay_sample(glhle_context *ctx, const char *name, const glhle_pica_desc *pica, tt_run *out);
/* Asserts both runs presented the same frames, byte for byte (a failing
 * pair is written as WHAT_fN actual and diff PNGs). */
void tt_same_frames(const char *what, const tt_run *a, const tt_run *b);
void tt_free_run(tt_run *r);

#endif
