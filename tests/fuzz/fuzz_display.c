/* The display operations' parameter handling on the CPU path
 * (backend/pica/surface/display.c, pica_gpu.c, present.c on a GL-free instance):
 * register words from the input drive memory fills, display transfers,
 * texture copies and presents over two small mappings whose contents come
 * from the input too. Addresses are mostly aimed into or around the
 * mappings so the decoders' bounds checks and the executors' memory
 * accesses are both reached. No crash, no out-of-bounds access (ASan), no
 * unbounded allocation. */
#include <stdlib.h>
#include <string.h>

#include "glhle/pica.h"
#include "support/fuzz_support.h"

#define VRAM 0x18000000u
#define VRAM_SIZE 0x10000u
#define FCRAM 0x20000000u
#define FCRAM_SIZE 0x4000u

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint32_t word(reader *r)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        v |= (uint32_t)(r->n ? *r->p : 0) << (8 * i);
        if (r->n)
            r->p++, r->n--;
    }
    return v;
}

/* An address register value: mostly inside or just past a mapping. */
static uint32_t address(reader *r)
{
    const uint32_t w = word(r);
    switch (w & 3) {
    case 0:
        return (VRAM + (w >> 2) % (VRAM_SIZE + 0x100)) >> 3;
    case 1:
        return (FCRAM + (w >> 2) % (FCRAM_SIZE + 0x100)) >> 3;
    case 2:
        return w >> 2;
    default:
        return w;
    }
}

/* A size word: small widths and heights most of the time. */
static uint32_t dims(reader *r)
{
    const uint32_t w = word(r);
    if (w & 0x80000000u)
        return w;
    return ((w & 0x7F) + 1) | (((w >> 8) & 0x7F) + 1) << 16;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t vram[VRAM_SIZE], fcram[FCRAM_SIZE];
    reader r = {data, size};
    glhle_pica *p = NULL;
    const glhle_pica_desc d = {.log = fuzz_quiet_log};
    if (glhle_pica_create(NULL, &d, &p) != GLHLE_RESULT_OK)
        abort();
    /* the mappings hold the input again, so transfers convert real bytes */
    for (size_t i = 0; i < sizeof vram; i++)
        vram[i] = size ? data[i % size] : 0;
    for (size_t i = 0; i < sizeof fcram; i++)
        fcram[i] = size ? data[(i * 7) % size] : 0;
    glhle_pica_map_memory(p, VRAM, vram, sizeof vram);
    glhle_pica_map_memory(p, FCRAM, fcram, sizeof fcram);
    for (int op = 0; op < 8 && r.n; op++) {
        const uint32_t kind = word(&r) % 5;
        if (kind == 0) {
            glhle_pica_memory_fill f = {address(&r), address(&r), word(&r), word(&r)};
            glhle_pica_fill_memory(p, &f);
        } else if (kind == 1 || kind == 2) {
            glhle_pica_display_transfer t = {.input_address = address(&r), .output_address = address(&r)};
            t.output_size = dims(&r);
            t.input_size = dims(&r);
            t.flags = word(&r);
            if (kind == 2) { /* texture copy */
                t.flags |= 8;
                t.texture_copy_size = word(&r) % 0x8000;
                t.texture_copy_input = word(&r) & 0x00FF00FF;
                t.texture_copy_output = word(&r) & 0x00FF00FF;
            } else {
                t.flags &= ~8u;
            }
            glhle_pica_transfer(p, &t);
        } else if (kind == 3) {
            glhle_pica_present_desc pd;
            memset(&pd, 0, sizeof pd);
            glhle_pica_lcd_framebuffer *fbs[3] = {&pd.top_left, &pd.top_right, &pd.bottom};
            for (int i = 0; i < 3; i++) {
                const uint32_t a = address(&r);
                fbs[i]->address = a << 3;
                fbs[i]->format = word(&r);
                fbs[i]->stride = word(&r) % 0x1000;
            }
            pd.stereo = word(&r) & 1;
            glhle_pica_present(p, &pd);
            uint32_t w = 0, h = 0;
            if (glhle_pica_read_frame(p, NULL, 0, &w, &h) == GLHLE_RESULT_OK) {
                uint8_t *frame = malloc((size_t)w * h * 4);
                if (!frame || glhle_pica_read_frame(p, frame, (size_t)w * h * 4, NULL, NULL) != GLHLE_RESULT_OK)
                    abort();
                free(frame);
            }
        } else {
            const uint32_t a = address(&r) << 3;
            glhle_pica_invalidate(p, a, word(&r));
            glhle_pica_flush(p, a, word(&r));
        }
    }
    glhle_pica_stats st;
    if (glhle_pica_get_stats(p, &st) != GLHLE_RESULT_OK || st.fills_gpu || st.transfers_gpu || st.copies_gpu)
        abort();
    glhle_pica_destroy(p);
    return 0;
}
