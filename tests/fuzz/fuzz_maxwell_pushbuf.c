/* Maxwell pushbuffers (backend/maxwell/frontend/: pushbuf.c, host.c,
 * methods_3d.c, engines.c, regs_3d.c, decode_*.c, pushbuf_dump.c,
 * submit.c) with the engines behind them: any bytes, run once as host words and once from GPU
 * memory through GPFIFO entries that the input's first bytes describe (so
 * entries may point anywhere, overlap, be control entries or fault). Every
 * event is observed, the decoded state read mid-run and every method
 * described. No crash, no hang (word and macro caps), nothing out of range. */
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/maxwell/frontend/pushbuf_dump.h"
#include "backend/maxwell/maxwell_instance.h"
#include "support/fuzz_support.h"

#define PB_VA 0x0400000000ull
#define RW_VA 0x0000100000ull /* writable scratch: semaphores, constant buffers */
#define RW_SIZE 0x10000u
#define MAX_INPUT 0x10000u

static glhle_bytebuf text;

static void observe(void *user, glhle_maxwell *gpu, const glhle_maxwell_event *e)
{
    (void)user;
    const mw_state *s = mw_get_state(gpu); /* decoding mid-run must be safe */
    if (s->rt.count > 15 || s->index.index_size > 4)
        __builtin_trap();
    if (e->type == GLHLE_MAXWELL_EVENT_METHOD) {
        if (e->method >= 0x1000 || e->subchannel >= 8)
            __builtin_trap();
        glhle_bytebuf_clear(&text);
        mw_describe_method(e->class_id, e->method, e->value, &text);
        (void)glhle_maxwell_method_name(e->class_id, e->method, NULL);
    } else if (e->type == GLHLE_MAXWELL_EVENT_DRAW && e->u.draw.inline_indices) {
        volatile uint32_t sink = e->u.draw.count ? e->u.draw.inline_indices[e->u.draw.count - 1] : 0;
        (void)sink;
    } else if (e->type == GLHLE_MAXWELL_EVENT_MACRO_CALL) {
        volatile uint32_t sink = e->u.macro.params[e->u.macro.count - 1];
        (void)sink;
    } else if (e->type == GLHLE_MAXWELL_EVENT_LAUNCH) {
        volatile uint32_t sink = e->u.launch.regs[0xFFF];
        (void)sink;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t pb[MAX_INPUT], rw[RW_SIZE];
    if (size > MAX_INPUT)
        return 0;
    if (!text.limit)
        glhle_bytebuf_init(&text, 1u << 16);
    memcpy(pb, data, size);
    memset(rw, 0, sizeof rw);
    glhle_maxwell_desc desc = {.log = fuzz_quiet_log,
                               .max_words_per_submit = 1u << 16,
                               .macro_step_cap = 1u << 14,
                               .macro_steps_per_submit = 1u << 16,
                               .acquire_wait_submits = 2};
    glhle_maxwell *gpu = NULL;
    if (glhle_maxwell_create(NULL, &desc, &gpu) != GLHLE_RESULT_OK)
        return 0;
    glhle_maxwell_hooks hooks = {.event = observe};
    glhle_maxwell_set_hooks(gpu, &hooks);
    if (size)
        glhle_maxwell_map(gpu, PB_VA, pb, size, GLHLE_MAXWELL_KIND_PITCH);
    /* the scratch's upper half is of a block-linear kind, so engines and
     * targets meet both kinds (the 1D GOB swizzle, mis-kinded surfaces) */
    glhle_maxwell_map(gpu, RW_VA, rw, RW_SIZE / 2, GLHLE_MAXWELL_KIND_PITCH);
    glhle_maxwell_map(gpu, RW_VA + RW_SIZE / 2, rw + RW_SIZE / 2, RW_SIZE / 2, GLHLE_MAXWELL_KIND_GENERIC_16BX2);

    /* pass 1: the bytes as host words */
    glhle_maxwell_run_result res;
    glhle_maxwell_submit_words(gpu, (const uint32_t *)(const void *)pb, size / 4, &res);

    /* pass 2: up to 8 GPFIFO entries from the first bytes: each takes 4
     * bytes, a word offset into the input (or, with the top bit, anywhere
     * in the 40-bit space) and a length */
    uint64_t entries[8];
    size_t n = size ? (data[0] & 7u) + 1 : 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t v = 0;
        for (int k = 0; k < 4; k++)
            v = v << 8 | (1 + 4 * i + (size_t)k < size ? data[1 + 4 * i + k] : 0);
        const uint64_t va = (v & 0x80000000u) ? ((uint64_t)(v & 0xFFFFF) << 20) : PB_VA + ((v & 0x3FFF) * 4);
        const uint32_t len = (v >> 14) & 0x3FF;
        const uint32_t flags = (v >> 24) & 0x3; /* LEVEL, and SYNC */
        const uint32_t e1 = (uint32_t)((va >> 32) & 0xFF) | (flags & 1) << 9 | len << 10 | (flags >> 1) << 31 |
                            (len ? 0 : (v & 0xFF));
        entries[i] = (uint32_t)va | (uint64_t)e1 << 32;
    }
    glhle_maxwell_submit_gpfifo(gpu, entries, n, &res);
    /* an acquire the input waits on holds the rest back: kicks resume it or
     * give the wait up after two (each acquire in the input at most two
     * kicks, so the bound is never reached) */
    for (int k = 0; k < 4096 && res.waiting; k++)
        glhle_maxwell_submit_words(gpu, NULL, 0, &res);
    /* the instance stays usable */
    const uint32_t nop = 0;
    if (glhle_maxwell_submit_words(gpu, &nop, 1, &res) != GLHLE_RESULT_OK)
        __builtin_trap();
    glhle_maxwell_destroy(gpu);
    return 0;
}
