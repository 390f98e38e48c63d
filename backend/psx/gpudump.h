/* PlayStation GPU dumps (.psxgpu) as specified in ps1dev/standards
 * GPUDUMP.md and written by DuckStation (src/core/gpu_dump.cpp): a magic
 * header, then packets of a 32-bit little-endian header (length in words in
 * bits 0-23, type in 24-31) and `length` payload words.
 *
 * The magic is "PSXGPUDUMPv1" followed by "r1\0\0" (the standard, 16 bytes)
 * or "\0\0" (DuckStation, 14 bytes); any other major version is refused,
 * other minor versions are read. Packet types: 00h GP0 words, 01h GP1 words,
 * 02h VSync (payload 0-2 words of timestamp), 03h/04h read and discard /
 * read back N words of GPUREAD, 05h trace begin (packets before it restore
 * state), 06h GPU version, 10h game ID, 11h video format, 12h comment;
 * unknown types are skipped by length. */
#ifndef GLHLE_PSX_GPUDUMP_H
#define GLHLE_PSX_GPUDUMP_H

#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"
#include "glhle/psx.h"

enum {
    PSX_DUMP_GP0 = 0x00,
    PSX_DUMP_GP1 = 0x01,
    PSX_DUMP_VSYNC = 0x02,
    PSX_DUMP_DISCARD = 0x03,
    PSX_DUMP_READBACK = 0x04,
    PSX_DUMP_TRACE_BEGIN = 0x05,
    PSX_DUMP_GPU_VERSION = 0x06,
    PSX_DUMP_GAME_ID = 0x10,
    PSX_DUMP_VIDEO_FORMAT = 0x11,
    PSX_DUMP_COMMENT = 0x12,
};

typedef struct psx_gpudump {
    const uint8_t *data;
    size_t size;
    size_t pos;          /* byte offset of the next packet header */
    size_t header_size;  /* 14 or 16 */
} psx_gpudump;

typedef struct psx_gpudump_packet {
    uint8_t type;
    uint32_t words;       /* payload length */
    const uint8_t *payload;
    size_t offset;        /* byte offset of the packet header in the file */
} psx_gpudump_packet;

/* Checks the magic. BAD_DATA (logged) for a file that is not a dump, with a
 * hint when it is zstd/xz-compressed (DuckStation's .psxgpu.zst/.xz). */
glhle_result psx_gpudump_open(psx_gpudump *d, const uint8_t *data, size_t size, const glhle_logger *log);
/* The next packet: OK, NOT_FOUND at a clean end of file, or TRUNCATED
 * (logged with the offset) when a header or payload runs past the end. */
glhle_result psx_gpudump_next(psx_gpudump *d, psx_gpudump_packet *p, const glhle_logger *log);

static inline uint32_t psx_gpudump_word(const psx_gpudump_packet *p, uint32_t i)
{
    const uint8_t *b = p->payload + (size_t)i * 4; /* payloads are not 4-byte aligned after a 14-byte magic */
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) | ((uint32_t)b[3] << 24);
}

/* Called at each VSync with the frame number (0-based); a non-OK result stops
 * playback and is returned. */
typedef glhle_result (*psx_gpudump_frame_fn)(void *user, glhle_psx *psx, uint32_t frame);

typedef struct psx_gpudump_stats {
    uint32_t frames;       /* VSync packets seen */
    uint32_t packets;
    uint32_t skipped;      /* packets of unknown type */
    uint32_t bad_packets;  /* GP0/GP1 packets whose words were reported as bad */
} psx_gpudump_stats;

/* Opens the dump and feeds every packet to `psx` (GP0 in blocks, GP1 word by
 * word, GPUREAD for 03h/04h up to the end of the pending GP0(C0h) data),
 * calling `frame` at each VSync, and stops after frame `last_frame`
 * (UINT32_MAX: all). Bad GP0/GP1 words are counted and
 * playback goes on; a damaged file ends it with TRUNCATED/BAD_DATA. */
glhle_result psx_gpudump_play(glhle_psx *psx, const uint8_t *data, size_t size, uint32_t last_frame,
                              psx_gpudump_frame_fn frame, void *user, const glhle_logger *log,
                              psx_gpudump_stats *stats);

#endif
