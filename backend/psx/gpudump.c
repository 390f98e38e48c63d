/* PlayStation GPU dump reader and player; see gpudump.h. */
#include "backend/psx/gpudump.h"

#include <string.h>

#define GPUSTAT_READY_TO_READ (1u << 27) /* GP0(C0h) data waits in GPUREAD (psx-spx "GPU Status Register") */

glhle_result psx_gpudump_open(psx_gpudump *d, const uint8_t *data, size_t size, const glhle_logger *log)
{
    memset(d, 0, sizeof *d);
    static const uint8_t zstd_magic[4] = {0x28, 0xB5, 0x2F, 0xFD};
    static const uint8_t xz_magic[6] = {0xFD, '7', 'z', 'X', 'Z', 0x00};
    if ((size >= 4 && !memcmp(data, zstd_magic, 4)) || (size >= 6 && !memcmp(data, xz_magic, 6)))
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA,
                          "GPU dump is zstd/xz-compressed (.psxgpu.zst/.xz); decompress it first (zstd -d / xz -d)");
    if (size < 14 || memcmp(data, "PSXGPUDUMP", 10) != 0)
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "GPU dump: no PSXGPUDUMP magic at offset 0");
    if (data[10] != 'v' || data[11] != '1')
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA,
                          "GPU dump: format version '%c%c' at offset 10 is not v1; an unknown major version "
                          "cannot be read (GPUDUMP.md)",
                          data[10] >= 32 && data[10] < 127 ? data[10] : '?',
                          data[11] >= 32 && data[11] < 127 ? data[11] : '?');
    if (data[12] == 0 && data[13] == 0) {
        d->header_size = 14; /* "PSXGPUDUMPv1\0\0", as DuckStation writes it */
    } else if (data[12] == 'r' && size >= 16 && data[14] == 0 && data[15] == 0) {
        d->header_size = 16; /* "PSXGPUDUMPv1rN\0\0": minor revisions are compatible */
    } else {
        return GLHLE_FAIL(log, GLHLE_RESULT_BAD_DATA, "GPU dump: bytes 12-15 of the magic are neither \\0\\0 nor rN\\0\\0");
    }
    d->data = data;
    d->size = size;
    d->pos = d->header_size;
    return GLHLE_RESULT_OK;
}

glhle_result psx_gpudump_next(psx_gpudump *d, psx_gpudump_packet *p, const glhle_logger *log)
{
    if (d->pos == d->size)
        return GLHLE_RESULT_NOT_FOUND;
    if (d->size - d->pos < 4)
        return GLHLE_FAIL(log, GLHLE_RESULT_TRUNCATED, "GPU dump: %zu stray bytes at offset %zu; playback ends",
                          d->size - d->pos, d->pos);
    const uint8_t *h = d->data + d->pos;
    uint32_t header = (uint32_t)h[0] | ((uint32_t)h[1] << 8) | ((uint32_t)h[2] << 16) | ((uint32_t)h[3] << 24);
    p->type = (uint8_t)(header >> 24);
    p->words = header & 0xFFFFFF;
    p->offset = d->pos;
    if ((uint64_t)p->words * 4 > d->size - d->pos - 4)
        return GLHLE_FAIL(log, GLHLE_RESULT_TRUNCATED,
                          "GPU dump: packet type %02Xh at offset %zu claims %u words, the file ends after %zu bytes; "
                          "playback ends",
                          p->type, d->pos, p->words, d->size - d->pos - 4);
    p->payload = h + 4;
    d->pos += 4 + (size_t)p->words * 4;
    return GLHLE_RESULT_OK;
}

glhle_result psx_gpudump_play(glhle_psx *psx, const uint8_t *data, size_t size, uint32_t last_frame,
                              psx_gpudump_frame_fn frame, void *user, const glhle_logger *log,
                              psx_gpudump_stats *stats)
{
    psx_gpudump_stats local;
    if (!stats)
        stats = &local;
    memset(stats, 0, sizeof *stats);
    psx_gpudump d;
    glhle_result r = psx_gpudump_open(&d, data, size, log);
    if (r != GLHLE_RESULT_OK)
        return r;
    uint32_t chunk[1024];
    psx_gpudump_packet p;
    while ((r = psx_gpudump_next(&d, &p, log)) == GLHLE_RESULT_OK) {
        stats->packets++;
        bool bad = false;
        switch (p.type) {
        case PSX_DUMP_GP0:
            for (uint32_t i = 0; i < p.words;) { /* aligned copies; a command may span chunks */
                uint32_t n = p.words - i < 1024 ? p.words - i : 1024;
                for (uint32_t k = 0; k < n; k++)
                    chunk[k] = psx_gpudump_word(&p, i + k);
                bad |= glhle_psx_gp0_block(psx, chunk, n) != GLHLE_RESULT_OK;
                i += n;
            }
            break;
        case PSX_DUMP_GP1:
            for (uint32_t i = 0; i < p.words; i++)
                bad |= glhle_psx_gp1(psx, psx_gpudump_word(&p, i)) != GLHLE_RESULT_OK;
            break;
        case PSX_DUMP_DISCARD:
        case PSX_DUMP_READBACK:
            /* the data a VRAM read left in GPUREAD is taken and dropped;
             * past its end (GPUSTAT bit 27 clear) a read only returns the
             * latch again, so the count in the file bounds nothing */
            if (p.words >= 1) {
                uint32_t n = psx_gpudump_word(&p, 0);
                for (uint32_t i = 0; i < n && (glhle_psx_gpustat(psx) & GPUSTAT_READY_TO_READ); i++)
                    (void)glhle_psx_gpuread(psx);
            }
            break;
        case PSX_DUMP_VSYNC:
            glhle_psx_vsync(psx); /* a recorder attached to psx marks the frame */
            if (frame) {
                r = frame(user, psx, stats->frames);
                if (r != GLHLE_RESULT_OK)
                    return r;
            }
            if (stats->frames++ == last_frame)
                return GLHLE_RESULT_OK;
            break;
        case PSX_DUMP_TRACE_BEGIN:
        case PSX_DUMP_GPU_VERSION:
        case PSX_DUMP_GAME_ID:
        case PSX_DUMP_VIDEO_FORMAT:
        case PSX_DUMP_COMMENT: break;
        default: stats->skipped++; break;
        }
        stats->bad_packets += bad;
    }
    return r == GLHLE_RESULT_NOT_FOUND ? GLHLE_RESULT_OK : r;
}
