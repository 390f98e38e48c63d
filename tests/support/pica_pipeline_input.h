/* The pipeline fuzzer's input form (tests/fuzz/fuzz_pipeline.c), shared with
 * the unit tests that replay its findings: a fixed prelude sets up a
 * working draw (a vertex shader, attribute buffers, output map), then the
 * input is
 *   bytes 0-1023    guest memory at 0x18000000 (vertices, indices)
 *   then            6-byte register writes: u16 register id, u32 value
 *   last byte       bit 0: DRAWELEMENTS (else DRAWARRAYS), bit 1: also an
 *                   immediate-mode vertex */
#ifndef GLHLE_TEST_PICA_PIPELINE_INPUT_H
#define GLHLE_TEST_PICA_PIPELINE_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* Where the input's memory goes, and the bytes of it the input fills. */
#define PICA_PIPELINE_INPUT_PADDR 0x18000000u
#define PICA_PIPELINE_INPUT_MEMORY 1024u

typedef struct pica_pipeline_input {
    uint32_t *words;   /* the command list, malloc'd (free it); NULL when out of memory */
    size_t word_count; /* whole 16-byte units */
    uint32_t draw_offset; /* byte offset of the DRAWARRAYS / DRAWELEMENTS command in it */
} pica_pipeline_input;

/* Copies the input's memory bytes into `memory` (which it zeroes first,
 * PICA_PIPELINE_INPUT_MEMORY bytes) and builds its command list. */
pica_pipeline_input pica_pipeline_input_build(const uint8_t *data, size_t size, uint8_t *memory);

#endif
