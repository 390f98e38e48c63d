/* Compute launches: the Queue Meta Data (open-gpu-doc
 * classes/compute/clb1c0qmd.h). Bit positions below are the MW(hi:lo)
 * ranges of that header; QMDV00_06 and QMDV01_07 place every field decoded
 * here at the same bits. The launch itself (clb1c0.h): SEND_PCAS_A holds
 * the QMD's address >> 8, SEND_SIGNALING_PCAS_B starts it (yuzu
 * kepler_compute: `launch` at 0x2BC), and PROGRAM_OFFSET counts from
 * SET_PROGRAM_REGION_A/B. */
#include <string.h>

#include "backend/maxwell/engines/engines.h"

/* bits hi..lo (inclusive, at most 32 wide) of the 2048-bit QMD */
static uint32_t field(const uint32_t q[64], uint32_t hi, uint32_t lo)
{
    uint64_t w = q[lo / 32];
    if (lo / 32 + 1 < 64)
        w |= (uint64_t)q[lo / 32 + 1] << 32;
    uint32_t width = hi - lo + 1;
    uint64_t v = w >> (lo % 32);
    return width == 32 ? (uint32_t)v : (uint32_t)(v & ((1ull << width) - 1));
}

#define GM20B_MAX_THREADS 1024u        /* threads per block (CUDA compute capability 5.3) */
#define GM20B_MAX_SHARED (48u * 1024u) /* shared memory per block, same source */

glhle_result mw_qmd_decode(const uint32_t qmd[64], mw_compute_launch *o, const glhle_logger *log)
{
    memset(o, 0, sizeof *o);
    o->invalidate_texture_header = field(qmd, 250, 250);
    o->invalidate_texture_sampler = field(qmd, 251, 251);
    o->invalidate_texture_data = field(qmd, 252, 252);
    o->invalidate_shader_data = field(qmd, 253, 253);
    o->invalidate_instruction = field(qmd, 254, 254);
    o->invalidate_shader_constant = field(qmd, 255, 255);
    o->program_offset = field(qmd, 287, 256);
    /* SAMPLER_INDEX VIA_HEADER_INDEX (Mesa nve4_compute.h's launch
     * descriptor: linked_tsc, word 11 bit 30; yuzu's compute pipeline reads
     * the sampler at the header's index when it is set) */
    o->sampler_via_header = field(qmd, 382, 382);
    o->grid[0] = field(qmd, 415, 384);
    o->grid[1] = field(qmd, 431, 416);
    o->grid[2] = field(qmd, 447, 432);
    o->shared_memory_size = field(qmd, 561, 544);
    o->qmd_version = field(qmd, 579, 576);
    o->qmd_major_version = field(qmd, 583, 580);
    o->block[0] = field(qmd, 607, 592);
    o->block[1] = field(qmd, 623, 608);
    o->block[2] = field(qmd, 639, 624);
    for (uint32_t i = 0; i < MW_QMD_CONSTANT_BUFFERS; i++) {
        mw_compute_cbuf *c = &o->cbuf[i];
        c->valid = field(qmd, 640 + i, 640 + i);
        uint32_t base = 928 + i * 64;
        c->address = (uint64_t)field(qmd, base + 39, base + 32) << 32 | field(qmd, base + 31, base);
        c->size = field(qmd, base + 63, base + 47);
    }
    for (uint32_t i = 0; i < 2; i++) {
        uint32_t base = 736 + i * 96;
        o->release_enable[i] = field(qmd, 202 + i, 202 + i);
        o->release_address[i] = (uint64_t)field(qmd, base + 39, base + 32) << 32 | field(qmd, base + 31, base);
        o->release_one_word[i] = field(qmd, base + 63, base + 63);
        o->release_payload[i] = field(qmd, base + 95, base + 64);
    }
    o->local_memory_low_size = field(qmd, 1463, 1440);
    o->barrier_count = field(qmd, 1471, 1467);
    o->local_memory_high_size = field(qmd, 1495, 1472);
    o->register_count = field(qmd, 1503, 1496);
    o->local_memory_crs_size = field(qmd, 1527, 1504);
    o->sass_version = field(qmd, 1535, 1528);
    uint64_t threads = (uint64_t)o->block[0] * o->block[1] * o->block[2];
    if (!o->grid[0] || !o->grid[1] || !o->grid[2] || !threads)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "maxwell: QMD launches a %ux%ux%u grid of %ux%ux%u blocks",
                          o->grid[0], o->grid[1], o->grid[2], o->block[0], o->block[1], o->block[2]);
    if (threads > GM20B_MAX_THREADS)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "maxwell: QMD block %ux%ux%u has %llu threads, more than %u",
                          o->block[0], o->block[1], o->block[2], (unsigned long long)threads, GM20B_MAX_THREADS);
    if (o->shared_memory_size > GM20B_MAX_SHARED)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "maxwell: QMD asks for %u bytes of shared memory, more than %u",
                          o->shared_memory_size, GM20B_MAX_SHARED);
    return GLHLE_RESULT_OK;
}

glhle_result mw_compute_launch_decode(const uint32_t *regs, const mw_mem_io *io, mw_compute_launch *out)
{
    uint64_t qmd_va = (uint64_t)regs[0x2B4 / 4] << 8;
    uint32_t qmd[64];
    memset(out, 0, sizeof *out);
    if (qmd_va >= (1ull << 40) || !io->read(io->user, qmd_va, qmd, sizeof qmd))
        return GLHLE_FAIL(io->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "maxwell: compute launch: the QMD at 0x%010llx (SEND_PCAS_A 0x%08x) cannot be read",
                          (unsigned long long)qmd_va, regs[0x2B4 / 4]);
    glhle_result r = mw_qmd_decode(qmd, out, io->log);
    uint64_t region = (uint64_t)(regs[0x1608 / 4] & 0xFF) << 32 | regs[0x160C / 4];
    out->program_address = region + out->program_offset;
    return r;
}
