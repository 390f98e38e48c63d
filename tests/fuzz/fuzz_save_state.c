/* Save-state loading, both systems (backend/pica/pica_save_state.c,
 * backend/psx/psx_state.c, the readers in backend/common/
 * trace_container.c): any bytes. The first byte picks the system (bit 0:
 * PlayStation on the software renderer, else a GL-free PICA) and how the
 * rest is used (bits 1-2):
 *   0  as a blob, as it is: the header and chunk checks see everything;
 *   1  as a blob whose checksums are repaired first, so every field check
 *      is reached;
 *   2  as edits to a real state of a busy GPU (u32 offset, u8 value pairs,
 *      then the checksums repaired), so deep, almost valid states are the
 *      common case;
 *   3  the same, cut to the length in the first four bytes.
 * A blob that loads must describe a GPU that runs on (more commands are
 * fed to it) and saves a state that loads again into a fresh instance; a
 * blob that does not load must leave the instance as it was. No crash,
 * hang or unbounded allocation. */
#include <stdlib.h>
#include <string.h>

#include "backend/common/trace_container.h"
#include "glhle/pica.h"
#include "glhle/psx.h"
#include "support/fuzz_support.h"
#include "support/state_support.h"

static const glhle_logger quiet = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};

static glhle_pica *make_pica(void)
{
    glhle_pica_desc d = {0};
    d.log = fuzz_quiet_log;
    d.max_words_per_run = 1u << 16;
    glhle_pica *p = NULL;
    if (glhle_pica_create(NULL, &d, &p) != GLHLE_RESULT_OK)
        __builtin_trap();
    return p;
}

static glhle_psx *make_psx(void)
{
    glhle_psx_desc d = {0};
    d.renderer = GLHLE_PSX_RENDERER_SOFTWARE;
    d.log = fuzz_quiet_log;
    glhle_psx *p = NULL;
    if (glhle_psx_create(NULL, &d, &p) != GLHLE_RESULT_OK)
        __builtin_trap();
    return p;
}

static uint8_t *save_pica(glhle_pica *p, size_t *size)
{
    glhle_pica_save_state(p, NULL, 0, size);
    uint8_t *b = malloc(*size);
    if (!b || glhle_pica_save_state(p, b, *size, size) != GLHLE_RESULT_OK)
        __builtin_trap();
    return b;
}

static uint8_t *save_psx(glhle_psx *p, size_t *size)
{
    glhle_psx_save_state(p, NULL, 0, size);
    uint8_t *b = malloc(*size);
    if (!b || glhle_psx_save_state(p, b, *size, size) != GLHLE_RESULT_OK)
        __builtin_trap();
    return b;
}

/* The states edits start from, made once. */
static const uint8_t *base(bool psx, size_t *size)
{
    static uint8_t *blob[2];
    static size_t len[2];
    if (!blob[psx]) {
        if (psx) {
            glhle_psx *p = make_psx();
            st_psx_scene(p, 0, st_psx_scene_words() / 2);
            const uint32_t rb[] = {0xC0000000u, 0, 4u << 16 | 4u};
            glhle_psx_gp0_block(p, rb, 3);
            glhle_psx_gpuread(p);
            const uint32_t up[] = {0xA0000000u, 10u << 16 | 20u, 3u << 16 | 5u, 0x12345678u};
            glhle_psx_gp0_block(p, up, 4); /* an upload two pixels in */
            blob[1] = save_psx(p, &len[1]);
            glhle_psx_destroy(p);
        } else {
            glhle_pica *p = make_pica();
            st_pica_busy(p, 0x5A4E, 2);
            blob[0] = save_pica(p, &len[0]);
            glhle_pica_destroy(p);
        }
    }
    *size = len[psx];
    return blob[psx];
}

/* The victims' own states are the same every time: saved once. */
static glhle_pica *pica_victim(const uint8_t **before, size_t *before_size)
{
    static uint8_t *blob;
    static size_t len;
    glhle_pica *p = make_pica();
    st_pica_busy(p, 7, 1);
    if (!blob)
        blob = save_pica(p, &len);
    *before = blob;
    *before_size = len;
    return p;
}

static glhle_psx *psx_victim(const uint8_t **before, size_t *before_size)
{
    static uint8_t *blob;
    static size_t len;
    glhle_psx *p = make_psx();
    st_psx_scene(p, 0, 40);
    if (!blob)
        blob = save_psx(p, &len);
    *before = blob;
    *before_size = len;
    return p;
}

static void pica_case(const uint8_t *blob, size_t size)
{
    const uint8_t *before;
    size_t before_size;
    glhle_pica *p = pica_victim(&before, &before_size);
    if (glhle_pica_load_state(p, blob, size) == GLHLE_RESULT_OK) {
        st_pica_busy(p, 11, 1); /* runs on from the loaded state */
        size_t n;
        uint8_t *again = save_pica(p, &n);
        glhle_pica *q = make_pica();
        if (glhle_pica_load_state(q, again, n) != GLHLE_RESULT_OK)
            __builtin_trap(); /* a state it saved must load */
        glhle_pica_destroy(q);
        free(again);
    } else {
        size_t n;
        uint8_t *after = save_pica(p, &n);
        if (n != before_size || memcmp(after, before, n))
            __builtin_trap(); /* a failed load changed the instance */
        free(after);
    }
    glhle_pica_destroy(p);
}

static void psx_case(const uint8_t *blob, size_t size)
{
    const uint8_t *before;
    size_t before_size;
    glhle_psx *p = psx_victim(&before, &before_size);
    if (glhle_psx_load_state(p, blob, size) == GLHLE_RESULT_OK) {
        st_psx_scene(p, 40, 120); /* runs on from the loaded state */
        for (int i = 0; i < 8; i++)
            glhle_psx_gpuread(p);
        glhle_psx_end_stream(p);
        size_t n;
        uint8_t *again = save_psx(p, &n);
        glhle_psx *q = make_psx();
        if (glhle_psx_load_state(q, again, n) != GLHLE_RESULT_OK)
            __builtin_trap();
        glhle_psx_destroy(q);
        free(again);
    } else {
        size_t n;
        uint8_t *after = save_psx(p, &n);
        if (n != before_size || memcmp(after, before, n))
            __builtin_trap();
        free(after);
    }
    glhle_psx_destroy(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)quiet;
    if (size < 1)
        return 0;
    const bool psx = data[0] & 1;
    const int mode = (data[0] >> 1) & 3;
    data++;
    size--;
    uint8_t *blob;
    size_t n;
    if (mode < 2) {
        blob = malloc(size ? size : 1);
        if (!blob)
            return 0;
        memcpy(blob, data, size);
        n = size;
        if (mode == 1)
            st_fix_checksums(blob, n);
    } else {
        const uint8_t *b = base(psx, &n);
        blob = malloc(n);
        if (!blob)
            return 0;
        memcpy(blob, b, n);
        size_t at = 0;
        if (mode == 3 && size >= 4) {
            const uint32_t cut = trace_rd32(data);
            n = cut < n ? cut : n;
            at = 4;
        }
        for (; size - at >= 5; at += 5) {
            const uint32_t off = trace_rd32(data + at);
            if (n)
                blob[off % n] = data[at + 4];
        }
        st_fix_checksums(blob, n);
    }
    if (psx)
        psx_case(blob, n);
    else
        pica_case(blob, n);
    free(blob);
    return 0;
}
