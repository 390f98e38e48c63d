/* Helpers for the save-state tests and fuzz target: GPUs put in states
 * that touch everything a save state holds, internal comparison of two
 * GPUs, and repairing a blob's checksums after a deliberate change. */
#ifndef GLHLE_TEST_STATE_SUPPORT_H
#define GLHLE_TEST_STATE_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "glhle/pica.h"
#include "glhle/psx.h"

/* Runs `lists` seeded random host command lists on pica: uploads to both
 * shader units' code, descriptor and uniform ports (f24 and f32), fixed and
 * immediate-mode attributes, every LUT port, the shared-uniform mode and
 * plain registers, ending with FIFO queues part filled. */
void st_pica_busy(glhle_pica *pica, uint64_t seed, int lists);
/* Whether two PICA instances hold the same state where a save state
 * carries it (registers, FIFO data and positions, uniforms, LUTs; not the
 * program generations or decoded caches). Prints the first difference. */
bool st_pica_same(glhle_pica *a, glhle_pica *b);

/* Feeds the words of samples/psx/scene.txt from `from` to `to` (word
 * indices; the scene has st_psx_scene_words() of them). */
size_t st_psx_scene_words(void);
void st_psx_scene(glhle_psx *psx, size_t from, size_t to);

/* Recomputes the header checksum and every whole chunk's checksum of a
 * glhle trace or save state in place. */
void st_fix_checksums(uint8_t *blob, size_t size);

#endif
