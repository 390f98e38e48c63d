/* The other classes' methods: their method arrays are stored by mw_method;
 * here the launch methods run the engines (backend/maxwell/engines/:
 * mw_dma_launch, mw_i2m_begin/data, mw_2d_blit,
 * mw_compute_launch_decode on the same arrays, through mw_mem_io over the
 * address space) and become LAUNCH events. */
#include "backend/maxwell/frontend/engines_glue.h"

static bool io_read(void *user, uint64_t va, void *dst, size_t size)
{
    return mw_gpu_read(user, va, dst, size, "engine read");
}

static bool io_write(void *user, uint64_t va, const void *src, size_t size)
{
    return mw_gpu_write(user, va, src, size, "engine write");
}

/* A taken inline-to-memory transfer's own bytes: to memory without the
 * access hook (the renderer puts them into its surface at the end);
 * anything else it writes (the semaphore) goes the usual way. */
static bool io_write_held(void *user, uint64_t va, const void *src, size_t size)
{
    mw_frontend *fe = user;
    for (int i = 0; i < 3; i++) {
        const mw_i2m *st = &fe->i2m[i];
        if (!fe->i2m_gpu[i] || va < st->lo || size > st->hi - va)
            continue;
        if (mw_as_write(fe->as, va, src, size)) {
            if (fe->hooks.wrote)
                fe->hooks.wrote(fe->hooks.user, va, size);
            return true;
        }
        mw_fault(fe, va, size, "engine write", "writes", "not all mapped");
        return false;
    }
    return mw_gpu_write(fe, va, src, size, "engine write");
}

static uint64_t io_timestamp(void *user)
{
    return mw_timestamp(user);
}

static uint32_t io_kinds(void *user, uint64_t va, uint64_t size)
{
    const mw_frontend *fe = user;
    return mw_as_kinds(fe->as, va, size);
}

static const mw_mem_io *io_of(mw_frontend *fe)
{
    fe->io = (mw_mem_io){fe, io_read, io_write, &fe->log, io_timestamp, io_kinds};
    return &fe->io;
}

static const mw_mem_io *io_held(mw_frontend *fe)
{
    fe->io = (mw_mem_io){fe, io_read, io_write_held, &fe->log, io_timestamp, io_kinds};
    return &fe->io;
}

void mw_i2m_settle(mw_frontend *fe, int keep)
{
    for (int i = 0; i < 3; i++)
        if (fe->i2m_gpu[i] && i != keep) {
            fe->i2m_gpu[i] = false;
            fe->hooks.i2m_end(fe->hooks.user, &fe->i2m[i]);
        }
}

void mw_i2m_before(mw_frontend *fe, uint32_t cls, uint32_t method)
{
    if (!(fe->i2m_gpu[0] | fe->i2m_gpu[1] | fe->i2m_gpu[2]))
        return;
    int keep = -1;
    if (method == MW_I2M_LOAD_INLINE_DATA)
        keep = cls == GLHLE_MAXWELL_CLASS_3D ? 0 : cls == GLHLE_MAXWELL_CLASS_I2M ? 1
               : cls == GLHLE_MAXWELL_CLASS_COMPUTE                          ? 2
                                                                             : -1;
    mw_i2m_settle(fe, keep);
}

static void engine_result(mw_frontend *fe, glhle_result r, const char *what)
{
    if (r != GLHLE_RESULT_OK)
        mw_problem(fe, r, GLHLE_LOG_WARN, "%s failed: %s; nothing more is written", what, glhle_result_string(r));
}

static uint64_t addr(const uint32_t *regs, uint32_t upper)
{
    return ((uint64_t)(regs[upper] & 0xFF) << 32) | regs[upper + 1];
}

static void launch(mw_frontend *fe, const uint32_t *regs, uint64_t address)
{
    fe->run.res.launches++;
    if (mw_wants(fe, GLHLE_MAXWELL_EVENT_LAUNCH)) {
        glhle_maxwell_event ev = {.type = GLHLE_MAXWELL_EVENT_LAUNCH};
        ev.u.launch.regs = regs;
        ev.u.launch.address = address;
        mw_emit(fe, &ev);
    }
}

/* Inline-to-memory (cla140.h; the 3D class has the same methods at the same
 * words): the engine's transfer state per slot; the launch is reported when
 * its last data word has been written. */
void mw_i2m_method(mw_frontend *fe, int slot, const uint32_t *regs, uint32_t method, uint32_t value)
{
    mw_i2m *st = &fe->i2m[slot];
    if (method == MW_I2M_LAUNCH_DMA) {
        mw_i2m_settle(fe, -1);
        if (st->active)
            mw_problem(fe, GLHLE_RESULT_TRUNCATED, GLHLE_LOG_WARN,
                       "inline-to-memory LAUNCH_DMA while the previous copy still waits for %llu of its %llu bytes; "
                       "that copy is abandoned",
                       (unsigned long long)(st->total - st->done), (unsigned long long)st->total);
        const glhle_result r = mw_i2m_begin(st, regs, io_of(fe));
        engine_result(fe, r, "inline-to-memory LAUNCH_DMA");
        if (r == GLHLE_RESULT_OK && !st->active)
            launch(fe, regs, addr(regs, MW_I2M_OFFSET_OUT_UPPER));
        /* the renderer first: bytes for a surface it holds go into it
         * (i2m_gpu.c) rather than making it write back and reload */
        if (st->active && fe->hooks.i2m_begin && fe->hooks.i2m_begin(fe->hooks.user, st))
            fe->i2m_gpu[slot] = true;
        return;
    }
    if (!st->active) {
        mw_problem(fe, GLHLE_RESULT_BAD_DATA, GLHLE_LOG_WARN,
                   "LOAD_INLINE_DATA 0x%08x with no inline-to-memory copy launched; dropped", value);
        return;
    }
    const glhle_result r = mw_i2m_data(st, value, fe->i2m_gpu[slot] ? io_held(fe) : io_of(fe));
    if (fe->i2m_gpu[slot] && !st->active) {
        fe->i2m_gpu[slot] = false;
        fe->hooks.i2m_end(fe->hooks.user, st);
    }
    engine_result(fe, r, "inline-to-memory data");
    if (!st->active)
        launch(fe, regs, addr(regs, MW_I2M_OFFSET_OUT_UPPER));
}

void mw_engine_method(mw_frontend *fe, mw_engine engine, uint32_t method, uint32_t value)
{
    const uint32_t *regs = fe->engine_regs[engine];
    switch (engine) {
    case MW_ENGINE_I2M:
        if (method == MW_I2M_LAUNCH_DMA || method == MW_I2M_LOAD_INLINE_DATA)
            mw_i2m_method(fe, 1, regs, method, value);
        return;
    case MW_ENGINE_DMA:
        /* clb0b5.h LAUNCH_DMA: DATA_TRANSFER_TYPE 1:0 NONE (0) moves nothing */
        if (method == MW_DMA_LAUNCH_DMA) {
            /* the renderer first: a copy between two surfaces it holds
             * stays on the GPU (dma_gpu.c); the release follows either way */
            if (fe->hooks.dma_copy && fe->hooks.dma_copy(fe->hooks.user, regs))
                engine_result(fe, mw_dma_release(regs, io_of(fe)), "DMA LAUNCH_DMA");
            else
                engine_result(fe, mw_dma_launch(regs, io_of(fe)), "DMA LAUNCH_DMA");
            launch(fe, regs, addr(regs, MW_DMA_OFFSET_OUT_UPPER));
        }
        return;
    case MW_ENGINE_2D:
        /* cl902d.h: writing PIXELS_FROM_MEMORY_SRC_Y0_INT starts the blit
         * (yuzu Fermi2D, Ryujinx TwodClass PixelsFromMemorySrcY0Int) */
        if (method == MW_2D_PIXELS_FROM_MEMORY_SRC_Y0_INT) {
            /* the renderer first: a copy between two targets it holds
             * stays on the GPU (twod_gpu.c) */
            if (!fe->hooks.twod_blit || !fe->hooks.twod_blit(fe->hooks.user, regs))
                engine_result(fe, mw_2d_blit(regs, io_of(fe)), "2D blit");
            launch(fe, regs, addr(regs, MW_2D_SET_DST_OFFSET_UPPER));
        }
        return;
    case MW_ENGINE_COMPUTE:
        /* the compute class has inline-to-memory's methods at the same
         * words (clb1c0.h LINE_LENGTH_IN .. LOAD_INLINE_DATA): deko3d
         * writes each QMD and its driver constant buffer through them */
        if (method == MW_I2M_LAUNCH_DMA || method == MW_I2M_LOAD_INLINE_DATA) {
            mw_i2m_method(fe, 2, regs, method, value);
            return;
        }
        /* clb1c0.h SEND_SIGNALING_PCAS_B SCHEDULE 1:1 launches the QMD at
         * SEND_PCAS_A QMD_ADDRESS_SHIFTED8 << 8 */
        if (method == MW_COMPUTE_SEND_SIGNALING_PCAS_B && (value & 2)) {
            /* decoded here to report a bad QMD at the launch; the renderer
             * decodes it again from the regs the event carries and runs it
             * within the event */
            mw_compute_launch cl;
            const glhle_result r = mw_compute_launch_decode(regs, io_of(fe), &cl);
            engine_result(fe, r, "compute launch (QMD decode)");
            launch(fe, regs, (uint64_t)regs[MW_COMPUTE_SEND_PCAS_A] << 8);
            /* the QMD's releases (RELEASE0/1_ENABLE) once the grid is done:
             * the payload, and for the four-word structure the timestamp */
            for (int i = 0; i < 2 && r == GLHLE_RESULT_OK; i++)
                if (cl.release_enable[i])
                    mw_release_semaphore_report(fe, cl.release_address[i], cl.release_payload[i],
                                                !cl.release_one_word[i]);
        }
        return;
    default:
        return;
    }
}
