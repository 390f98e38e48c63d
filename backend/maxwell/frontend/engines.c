/* The other classes' methods: their method arrays are stored by mw_method;
 * here the launch methods run the engines (backend/maxwell/engines/, when
 * built in: mw_dma_launch, mw_i2m_begin/data, mw_2d_blit,
 * mw_compute_launch_decode on the same arrays, through mw_mem_io over the
 * address space) and become LAUNCH events. */
#include "backend/maxwell/frontend/engines_glue.h"

#ifdef MW_HAVE_ENGINES
static bool io_read(void *user, uint64_t va, void *dst, size_t size)
{
    return mw_gpu_read(user, va, dst, size, "engine read");
}

static bool io_write(void *user, uint64_t va, const void *src, size_t size)
{
    return mw_gpu_write(user, va, src, size, "engine write");
}

static uint64_t io_timestamp(void *user)
{
    return mw_timestamp(user);
}

static const mw_mem_io *io_of(glhle_maxwell *gpu)
{
    gpu->io = (mw_mem_io){gpu, io_read, io_write, &gpu->log, io_timestamp};
    return &gpu->io;
}

static void engine_result(glhle_maxwell *gpu, glhle_result r, const char *what)
{
    if (r != GLHLE_RESULT_OK)
        mw_problem(gpu, r, GLHLE_LOG_WARN, "%s failed: %s; nothing more is written", what, glhle_result_string(r));
}
#endif

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
#ifdef MW_HAVE_ENGINES
    mw_i2m *st = &gpu->i2m_engine[slot];
    if (method == MW_I2M_LAUNCH_DMA) {
        if (st->active)
            mw_problem(gpu, GLHLE_RESULT_TRUNCATED, GLHLE_LOG_WARN,
                       "inline-to-memory LAUNCH_DMA while the previous copy still waits for %llu of its %llu bytes; "
                       "that copy is abandoned",
                       (unsigned long long)(st->total - st->done), (unsigned long long)st->total);
        const glhle_result r = mw_i2m_begin(st, regs, io_of(gpu));
        engine_result(gpu, r, "inline-to-memory LAUNCH_DMA");
        if (r == GLHLE_RESULT_OK && !st->active)
            launch(gpu, regs, addr(regs, MW_I2M_OFFSET_OUT_UPPER));
        return;
    }
    if (!st->active) {
        mw_problem(gpu, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "LOAD_INLINE_DATA 0x%08x with no inline-to-memory copy launched; dropped", value);
        return;
    }
    const glhle_result r = mw_i2m_data(st, value, io_of(gpu));
    engine_result(gpu, r, "inline-to-memory data");
    if (!st->active)
        launch(gpu, regs, addr(regs, MW_I2M_OFFSET_OUT_UPPER));
#else
    mw_inline_xfer *x = &gpu->i2m[slot];
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
#endif
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
        if (method == MW_DMA_LAUNCH_DMA) {
#ifdef MW_HAVE_ENGINES
            engine_result(gpu, mw_dma_launch(regs, io_of(gpu)), "DMA LAUNCH_DMA");
#endif
            launch(gpu, regs, addr(regs, MW_DMA_OFFSET_OUT_UPPER));
        }
        return;
    case MW_ENGINE_2D:
        /* cl902d.h: writing PIXELS_FROM_MEMORY_SRC_Y0_INT starts the blit
         * (yuzu Fermi2D, Ryujinx TwodClass PixelsFromMemorySrcY0Int) */
        if (method == MW_2D_PIXELS_FROM_MEMORY_SRC_Y0_INT) {
#ifdef MW_HAVE_ENGINES
            engine_result(gpu, mw_2d_blit(regs, io_of(gpu)), "2D blit");
#endif
            launch(gpu, regs, addr(regs, MW_2D_SET_DST_OFFSET_UPPER));
        }
        return;
    case MW_ENGINE_COMPUTE:
        /* clb1c0.h SEND_SIGNALING_PCAS_B SCHEDULE 1:1 launches the QMD at
         * SEND_PCAS_A QMD_ADDRESS_SHIFTED8 << 8 */
        if (method == MW_COMPUTE_SEND_SIGNALING_PCAS_B && (value & 2)) {
#ifdef MW_HAVE_ENGINES
            /* decoded here to report a bad QMD at the launch; the renderer
             * decodes it again from the regs the event carries */
            mw_compute_launch cl;
            engine_result(gpu, mw_compute_launch_decode(regs, io_of(gpu), &cl), "compute launch (QMD decode)");
#endif
            launch(gpu, regs, (uint64_t)regs[MW_COMPUTE_SEND_PCAS_A] << 8);
        }
        return;
    default:
        return;
    }
}
