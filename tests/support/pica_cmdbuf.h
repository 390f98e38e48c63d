/* Builds PICA command lists for tests, benchmarks and fuzz seeds: commands
 * are encoded here from the 3dbrew header layout (parameter word, then
 * header: id 0-15, byte mask 16-19, extra count 20-27, consecutive 31; a
 * padding word after an odd number of extra parameters). */
#ifndef GLHLE_TEST_PICA_CMDBUF_H
#define GLHLE_TEST_PICA_CMDBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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

/* f24 packing of a vec4 into three words (3dbrew FIXEDATTRIB_DATA0-2 table). */
void tp_pack_f24x4(const uint32_t raw[4], uint32_t out[3]);

#endif
