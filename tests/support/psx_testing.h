/* Small helpers for the PlayStation GPU tests: make an instance, send words,
 * read pixels. */
#ifndef GLHLE_TEST_PSX_TESTING_H
#define GLHLE_TEST_PSX_TESTING_H

#include <stdint.h>

#include "glhle/psx.h"
#include "support/test_support.h"

/* A software-rendered GPU logging to ts_logger(), drawing area set to all of
 * VRAM (the power-on area is the single pixel (0,0)). */
glhle_psx *pt_sw(void);
/* The same on the GL renderer of ctx at `scale`; `no_fetch` blends and
 * mask-tests with texture barriers even where framebuffer fetch exists. */
glhle_psx *pt_gl(glhle_context *ctx, uint32_t scale, bool no_fetch);
/* Sends the words to GP0 as one block; fails the test unless the result is
 * OK. Use PT_GP0(psx, w...) for a literal list. */
void pt_gp0(glhle_psx *psx, const uint32_t *words, size_t count);
#define PT_GP0(psx, ...)                                                                       \
    do {                                                                                       \
        const uint32_t pt_words_[] = {__VA_ARGS__};                                            \
        pt_gp0((psx), pt_words_, sizeof pt_words_ / sizeof pt_words_[0]);                      \
    } while (0)
/* One native VRAM word. */
uint16_t pt_pixel(glhle_psx *psx, uint32_t x, uint32_t y);
/* Native VRAM (malloc'd, 1024*512 words). */
uint16_t *pt_vram(glhle_psx *psx);
/* 8-bit colour to the 15-bit VRAM value without dithering. */
static inline uint16_t pt_rgb15(uint32_t r8, uint32_t g8, uint32_t b8)
{
    return (uint16_t)((r8 >> 3) | ((g8 >> 3) << 5) | ((b8 >> 3) << 10));
}

/* A GPU dump built in memory (ps1dev/standards GPUDUMP.md): packets of a
 * header word (length in words 0-23, type 24-31) and their words. */
typedef struct pt_dump {
    uint8_t bytes[4096];
    size_t size;
} pt_dump;
void pt_dump_put32(pt_dump *d, uint32_t v);
void pt_dump_packet(pt_dump *d, uint8_t type, const uint32_t *words, uint32_t n);

#endif
