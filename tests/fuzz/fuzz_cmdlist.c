/* PICA command processing (backend/pica/frontend/cmdlist.c, regs.c, decode_*.c,
 * regs_describe.c): any bytes, run as a host list and again from guest
 * memory where they also serve as jump targets, with every event observed
 * and every register group decoded afterwards. No crash, no hang (the word
 * cap bounds jump loops), no out-of-range state. */
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/pica_instance.h"
#include "support/fuzz_support.h"

#define GUEST_BASE 0x18000000u
#define GUEST_SIZE 0x4000u

static glhle_bytebuf text;

static void observe(void *user, glhle_pica *pica, const glhle_pica_event *ev)
{
    (void)user;
    const pica_state *st = pica_get_state(pica); /* decoding mid-run must be safe */
    if (ev->type == GLHLE_PICA_EVENT_WRITE) {
        glhle_bytebuf_clear(&text);
        pica_reg_describe(ev->reg, ev->value, &text);
        if (ev->reg >= GLHLE_PICA_REG_COUNT)
            __builtin_trap();
    } else if (ev->type == GLHLE_PICA_EVENT_IMMEDIATE_VERTEX) {
        if (ev->u.vertex.attrib_count < 1 || ev->u.vertex.attrib_count > 16)
            __builtin_trap();
        volatile float sink = ev->u.vertex.attrib[ev->u.vertex.attrib_count - 1][3];
        (void)sink;
    } else if (ev->type == GLHLE_PICA_EVENT_FIFO && ev->u.fifo.vec4) {
        volatile float sink = ev->u.fifo.vec4[3];
        (void)sink;
    } else if (ev->type == GLHLE_PICA_EVENT_DRAW) {
        /* what a vertex loader does first: look up the buffers */
        for (int b = 0; b < 12; b++)
            (void)pica_guest_ptr(pica, st->geometry.buffer[b].address, st->geometry.buffer[b].stride);
    }
}

static void check_state(const pica_state *st)
{
    if (st->lighting.num_lights < 1 || st->lighting.num_lights > 8 || st->geometry.attrib_count < 1 ||
        st->geometry.attrib_count > 16 || st->vs.output_count > 16 || st->framebuffer.height < 1)
        __builtin_trap();
    for (int b = 0; b < 12; b++)
        for (int c = 0; c < 12; c++)
            if (st->geometry.buffer[b].component[c] > 15)
                __builtin_trap();
    for (int a = 0; a < 12; a++)
        if (st->geometry.attrib_buffer[a] != PICA_NO_BUFFER && st->geometry.attrib_buffer[a] >= 12)
            __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t guest[GUEST_SIZE];
    if (size > GUEST_SIZE)
        size = GUEST_SIZE;
    memset(guest, 0, sizeof guest);
    memcpy(guest, data, size);
    if (!text.limit)
        glhle_bytebuf_init(&text, 1u << 16);

    glhle_pica_desc desc = {.max_words_per_run = 1u << 15, .log = fuzz_quiet_log, .log_level = GLHLE_LOG_DEBUG};
    glhle_pica *p;
    if (glhle_pica_create(NULL, &desc, &p) != GLHLE_RESULT_OK)
        __builtin_trap();
    if (glhle_pica_map_memory(p, GUEST_BASE, guest, sizeof guest) != GLHLE_RESULT_OK)
        __builtin_trap();
    glhle_pica_hooks hooks = {observe, NULL, 0};
    glhle_pica_set_hooks(p, &hooks);

    /* host words, copied so the words are aligned */
    uint32_t *words = malloc((size / 4 + 1) * 4);
    memcpy(words, data, size / 4 * 4);
    glhle_pica_run_result res;
    glhle_pica_run_cmdlist(p, words, size / 4, &res);
    if (res.words > desc.max_words_per_run || (res.stop_in_host_list && res.stop_offset > size))
        __builtin_trap();
    check_state(pica_get_state(p));

    /* the same bytes from guest memory, on the state the first run left */
    glhle_pica_run_guest(p, GUEST_BASE, (uint32_t)size, &res);
    if (res.words > desc.max_words_per_run)
        __builtin_trap();
    check_state(pica_get_state(p));
    free(words);
    glhle_pica_destroy(p);
    return 0;
}
