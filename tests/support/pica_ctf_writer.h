/* A small CiTrace (.ctf) writer for tests, written from the file layout
 * alone (Azahar src/core/tracer/citrace.h and recorder.cpp, as the format
 * notes in docs/formats.md describe it), sharing nothing with the
 * library's importer: a 100-byte packed little-endian header, the initial
 * state regions in header order, the memory bytes of the MemoryLoad
 * elements (identical bytes stored once, as Citra's recorder does), then
 * the 20-byte stream elements.
 *
 *   ctf_writer *w = ctf_create(false);
 *   ctf_region(w, CTF_PICA_REGISTERS, regs, 0x300);
 *   ctf_load(w, 0x20000000, list, sizeof list);
 *   ctf_write32(w, 0x104018F0, 1);
 *   ctf_frame(w);
 *   size_t n; uint8_t *file = ctf_finish(w, &n);   // malloc'd
 */
#ifndef GLHLE_TEST_PICA_CTF_WRITER_H
#define GLHLE_TEST_PICA_CTF_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Initial-state regions, in header order. */
enum {
    CTF_GPU_REGISTERS, CTF_LCD_REGISTERS, CTF_PICA_REGISTERS, CTF_DEFAULT_ATTRIBUTES, CTF_VS_PROGRAM,
    CTF_VS_SWIZZLE, CTF_VS_FLOAT_UNIFORMS, CTF_GS_PROGRAM, CTF_GS_SWIZZLE, CTF_GS_FLOAT_UNIFORMS, CTF_REGION_COUNT
};

typedef struct ctf_writer ctf_writer;

/* old_layout: RegisterWrite as Citra's 2015 recorder wrote it (address,
 * size code 0xD1-0xD4, u64 value) instead of (address, u32 value). */
ctf_writer *ctf_create(bool old_layout);
void ctf_region(ctf_writer *w, int region, const uint32_t *words, uint32_t count);
void ctf_frame(ctf_writer *w);
void ctf_load(ctf_writer *w, uint32_t paddr, const void *data, uint32_t size);
void ctf_write32(ctf_writer *w, uint32_t paddr, uint32_t value);
/* Old layout only: a write of 1, 2, 4 or 8 bytes. */
void ctf_write_sized(ctf_writer *w, uint32_t paddr, uint64_t value, int bytes);
/* An element of any type, for bad-input tests. */
void ctf_raw_element(ctf_writer *w, uint32_t type, const uint32_t words[4]);
/* The file (malloc'd); frees the writer. */
uint8_t *ctf_finish(ctf_writer *w, size_t *size);

#endif
