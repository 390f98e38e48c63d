/* PICA test helpers: a command-list builder for tests, benchmarks and fuzz
 * seeds (commands encoded from the 3dbrew header layout: parameter word,
 * then header with id 0-15, byte mask 16-19, extra count 20-27,
 * consecutive 31; a padding word after an odd number of extra
 * parameters), and an instance that logs to the test logger with an event
 * recorder. */
#ifndef GLHLE_TEST_PICA_SUPPORT_H
#define GLHLE_TEST_PICA_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "glhle/pica.h"

typedef struct tp_cmdbuf {
    uint32_t *w;
    size_t n, cap;
} tp_cmdbuf;

void tp_cmd_init(tp_cmdbuf *b);
void tp_cmd_free(tp_cmdbuf *b);
/* Appends raw words. */
void tp_cmd_raw(tp_cmdbuf *b, const uint32_t *words, size_t n);
/* One command: count >= 1 parameters to reg (consecutive: reg, reg + 1, ...). */
void tp_cmd(tp_cmdbuf *b, uint32_t reg, uint32_t mask, bool consecutive, const uint32_t *params, uint32_t count);
/* A single full-mask write. */
void tp_cmd1(tp_cmdbuf *b, uint32_t reg, uint32_t value);
/* Pads with a no-op write (mask 0 to register 0) to a 16-byte boundary. */
void tp_cmd_align16(tp_cmdbuf *b);
/* FINALIZE (0x12345678, as commercial software writes it), then padding
 * so the list is a whole number of 16-byte units. */
void tp_cmd_finalize(tp_cmdbuf *b);
/* The header word for these parameters. */
uint32_t tp_cmd_header(uint32_t reg, uint32_t mask, bool consecutive, uint32_t count);

/* Appends the state setup and one indexed draw of a textured, lit, fogged
 * object the way citro3d-style code writes it (render target, viewport,
 * output map, texture unit 0, one directional light with a D0 LUT, fog
 * with a LUT, six combiner stages, blending, vertex layout, a vertex
 * shader upload and uniforms, the draw); 155 register writes, no FINALIZE. */
void tp_build_lit_fog_draw(tp_cmdbuf *b);

/* f24 packing of a vec4 into three words (3dbrew FIXEDATTRIB_DATA0-2 table). */
void tp_pack_f24x4(const uint32_t raw[4], uint32_t out[3]);

/* A GL-free instance logging to ts_logger() at DEBUG, the log cleared;
 * zero arguments mean the defaults. Fails the test if creation fails. */
glhle_pica *tp_pica_new(uint64_t max_words, uint32_t max_logged);
/* The register's value; fails the test for an invalid id. */
uint32_t tp_reg(glhle_pica *p, uint32_t id);

/* Records events (copies) and the attributes of immediate vertices. */
typedef struct tp_events {
    glhle_pica_event ev[256];
    float vertex[8][16][4];
    int n, vertices;
} tp_events;
/* Clears r and installs it as the observer for the event types in mask. */
void tp_events_watch(glhle_pica *p, tp_events *r, uint32_t mask);

struct pica_dvlb_writer;
/* A DVLB writer's program, made one DVLE of `unit` (0 vertex, 1 geometry)
 * from word 0 to its end, loaded into that unit through the transfer
 * registers as libctru's shaderProgramUse does: code, operand descriptors,
 * entry point. */
void tp_upload_program(tp_cmdbuf *b, int unit, struct pica_dvlb_writer *w);
/* The unit's float uniform c[reg] in f32 mode: the index with bit 31, then
 * w, z, y, x (3dbrew GPU/Internal_Registers). */
void tp_uniform_f32(tp_cmdbuf *b, int unit, uint32_t reg, float x, float y, float z, float w);

#endif
