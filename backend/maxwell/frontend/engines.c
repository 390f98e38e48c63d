/* The other classes' methods: their method arrays are stored by mw_method;
 * here the launch methods become LAUNCH events (the engines themselves,
 * backend/maxwell/engines/, run on the same arrays). */
#include "backend/maxwell/frontend/engines_glue.h"

static uint64_t addr(const uint32_t *regs, uint32_t upper)
{
    return ((uint64_t)(regs[upper] & 0xFF) << 32) | regs[upper + 1];
}

static void launch(glhle_maxwell *gpu, const uint32_t *regs, uint64_t address)
{
    gpu->run.res.launches++;
    if (mw_wants(gpu, GLHLE_MAXWELL_EVENT_LAUNCH)) {
        glhle_maxwell_event ev = {.type = GLHLE_MAXWELL_EVENT_LAUNCH};
        ev.u.launch.regs = regs;
        ev.u.launch.address = address;
        mw_emit(gpu, &ev);
    }
}

/* Inline-to-memory (cla140.h; the 3D class has the same methods at the same
 * words): LAUNCH_DMA starts a copy of LINE_LENGTH_IN bytes x LINE_COUNT
 * lines, whose data arrives as LOAD_INLINE_DATA words, the lines packed
 * (yuzu's Upload::State and Ryujinx's InlineToMemoryClass both take
 * ceil(LINE_LENGTH_IN * LINE_COUNT / 4) words); the launch is complete, and
 * reported, with its last word. */
void mw_i2m_method(glhle_maxwell *gpu, int slot, const uint32_t *regs, uint32_t method, uint32_t value)
{
    mw_inline_xfer *x = &gpu->i2m[slot];
    (void)value;
    if (method == MW_I2M_LAUNCH_DMA) {
        if (x->active && x->received_words < x->expected_words)
            mw_problem(gpu, GLHLE_RESULT_TRUNCATED, GLHLE_LOG_WARN,
                       "inline-to-memory LAUNCH_DMA while the previous copy still waits for %u of its %u words; "
                       "that copy is abandoned",
                       x->expected_words - x->received_words, x->expected_words);
        const uint64_t bytes = (uint64_t)regs[MW_I2M_LINE_LENGTH_IN] * regs[MW_I2M_LINE_COUNT];
        x->active = true;
        x->received_words = 0;
        x->expected_words = (uint32_t)((bytes + 3) / 4 > UINT32_MAX ? UINT32_MAX : (bytes + 3) / 4);
        x->launch_offset = gpu->run.loc.offset;
        if (!x->expected_words) {
            x->active = false;
            launch(gpu, regs, addr(regs, MW_I2M_OFFSET_OUT_UPPER));
        }
        return;
    }
    if (!x->active) {
        mw_problem(gpu, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "LOAD_INLINE_DATA 0x%08x with no inline-to-memory copy launched; dropped", value);
        return;
    }
    if (++x->received_words == x->expected_words) {
        x->active = false;
        launch(gpu, regs, addr(regs, MW_I2M_OFFSET_OUT_UPPER));
    }
}

void mw_engine_method(glhle_maxwell *gpu, mw_engine engine, uint32_t method, uint32_t value)
{
    const uint32_t *regs = gpu->engine_regs[engine];
    switch (engine) {
    case MW_ENGINE_I2M:
        if (method == MW_I2M_LAUNCH_DMA || method == MW_I2M_LOAD_INLINE_DATA)
            mw_i2m_method(gpu, 1, regs, method, value);
        return;
    case MW_ENGINE_DMA:
        /* clb0b5.h LAUNCH_DMA: DATA_TRANSFER_TYPE 1:0 NONE (0) moves nothing */
        if (method == MW_DMA_LAUNCH_DMA)
            launch(gpu, regs, addr(regs, MW_DMA_OFFSET_OUT_UPPER));
        return;
    case MW_ENGINE_2D:
        /* cl902d.h: writing PIXELS_FROM_MEMORY_SRC_Y0_INT starts the blit
         * (yuzu Fermi2D, Ryujinx TwodClass PixelsFromMemorySrcY0Int) */
        if (method == MW_2D_PIXELS_FROM_MEMORY_SRC_Y0_INT)
            launch(gpu, regs, addr(regs, MW_2D_SET_DST_OFFSET_UPPER));
        return;
    case MW_ENGINE_COMPUTE:
        /* clb1c0.h SEND_SIGNALING_PCAS_B SCHEDULE 1:1 launches the QMD at
         * SEND_PCAS_A QMD_ADDRESS_SHIFTED8 << 8 */
        if (method == MW_COMPUTE_SEND_SIGNALING_PCAS_B && (value & 2))
            launch(gpu, regs, (uint64_t)regs[MW_COMPUTE_SEND_PCAS_A] << 8);
        return;
    default:
        return;
    }
}
