/* Trace payloads of the display-side calls, both ways: the recorder
 * encodes the structs' register words as they are, the player decodes
 * them back and repeats the call. */
#include "backend/pica/trace/trace_format.h"

void pica_trace_encode_fill(const glhle_pica_memory_fill *f, uint8_t out[PICA_TRACE_MEMORY_FILL_SIZE])
{
    trace_wr32(out, f->start);
    trace_wr32(out + 4, f->end);
    trace_wr32(out + 8, f->value);
    trace_wr32(out + 12, f->control);
}

void pica_trace_encode_transfer(const glhle_pica_display_transfer *t, uint8_t out[PICA_TRACE_DISPLAY_TRANSFER_SIZE])
{
    const uint32_t w[8] = {t->input_address, t->output_address,    t->output_size,        t->input_size,
                           t->flags,         t->texture_copy_size, t->texture_copy_input, t->texture_copy_output};
    for (int i = 0; i < 8; i++)
        trace_wr32(out + 4 * i, w[i]);
}

void pica_trace_encode_present(uint32_t frame, const glhle_pica_present_desc *d, uint8_t out[PICA_TRACE_PRESENT_SIZE])
{
    trace_wr32(out, frame);
    trace_wr32(out + 4, d->stereo ? PICA_TRACE_PRESENT_STEREO : 0);
    const glhle_pica_lcd_framebuffer *fb[3] = {&d->top_left, &d->top_right, &d->bottom};
    for (int s = 0; s < 3; s++) {
        trace_wr32(out + 8 + 12 * s, fb[s]->address);
        trace_wr32(out + 12 + 12 * s, fb[s]->format);
        trace_wr32(out + 16 + 12 * s, fb[s]->stride);
    }
}

glhle_result pica_trace_replay_call(glhle_pica *pica, uint32_t type, const uint8_t *p, uint32_t size)
{
    (void)size; /* the fixed fields were checked when the trace was opened */
    switch (type) {
    case PICA_TRACE_INVALIDATE:
        return glhle_pica_invalidate(pica, trace_rd32(p), trace_rd32(p + 4));
    case PICA_TRACE_FLUSH:
        return glhle_pica_flush(pica, trace_rd32(p), trace_rd32(p + 4));
    case PICA_TRACE_MEMORY_FILL: {
        glhle_pica_memory_fill f = {trace_rd32(p), trace_rd32(p + 4), trace_rd32(p + 8),
                                    trace_rd32(p + 12)};
        return glhle_pica_fill_memory(pica, &f);
    }
    case PICA_TRACE_DISPLAY_TRANSFER: {
        glhle_pica_display_transfer t = {trace_rd32(p),      trace_rd32(p + 4),  trace_rd32(p + 8),
                                         trace_rd32(p + 12), trace_rd32(p + 16), trace_rd32(p + 20),
                                         trace_rd32(p + 24), trace_rd32(p + 28)};
        return glhle_pica_transfer(pica, &t);
    }
    default:
        return GLHLE_RESULT_INVALID_ARGUMENT;
    }
}

glhle_result pica_trace_replay_present(glhle_pica *pica, const uint8_t *p, uint32_t size)
{
    (void)size;
    glhle_pica_present_desc d;
    memset(&d, 0, sizeof d);
    d.stereo = (trace_rd32(p + 4) & PICA_TRACE_PRESENT_STEREO) != 0;
    glhle_pica_lcd_framebuffer *fb[3] = {&d.top_left, &d.top_right, &d.bottom};
    for (int s = 0; s < 3; s++) {
        fb[s]->address = trace_rd32(p + 8 + 12 * s);
        fb[s]->format = trace_rd32(p + 12 + 12 * s);
        fb[s]->stride = trace_rd32(p + 16 + 12 * s);
    }
    return glhle_pica_present(pica, &d);
}
