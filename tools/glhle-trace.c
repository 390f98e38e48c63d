/* glhle-trace: what a trace holds.
 *   glhle-trace info TRACE    the system, version, chunks by type, frames,
 *                             calls and memory sizes
 *   glhle-trace dump TRACE    one line per chunk: byte offset, type, size and
 *                             the call it records, fields decoded
 * TRACE is a glhle trace of any system (docs/formats.md), a Citra/Azahar
 * CiTrace (.ctf, shown as the glhle trace it converts to) or a .psxgpu GPU
 * dump (its packets), chosen by its first bytes, also zstd- or
 * xz-compressed; "-" reads standard input.
 * Exit status: 0 read to its end, 1 unreadable or damaged (the message
 * names the byte offset; what came before it is still shown), 2 usage. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/common/trace_container.h"
#include "backend/pica/trace/trace_format.h"
#include "backend/psx/gpudump.h"
#include "backend/psx/psx_trace.h"
#include "glhle/trace.h"
#include "tools/common/tool.h"

#define USAGE "usage: glhle-trace info|dump TRACE\n"
#define MAX_INPUT (2ull << 30)

/* ---- one chunk as text ---------------------------------------------------------------- */

static void words(const uint8_t *p, uint32_t n, uint32_t shown)
{
    for (uint32_t i = 0; i < n && i < shown; i++)
        printf(" %08X", trace_rd32(p + 4 * i));
    if (n > shown)
        printf(" ... (%u more)", n - shown);
}

static void dump_pica(const trace_chunk *c)
{
    const uint8_t *p = c->payload;
    switch (c->type) {
    case PICA_TRACE_INSTANCE:
        printf(" max_words_per_run=%llu max_logged=%u scale=%u", (unsigned long long)trace_rd64(p), trace_rd32(p + 8),
               trace_rd32(p + 12));
        if (c->size >= PICA_TRACE_INSTANCE_STEPS_SIZE)
            printf(" max_shader_steps_per_run=%llu", (unsigned long long)trace_rd64(p + 16));
        break;
    case PICA_TRACE_MAP:
        printf(" paddr=0x%08X size=0x%X", trace_rd32(p), trace_rd32(p + 4));
        break;
    case PICA_TRACE_UNMAP:
        printf(" paddr=0x%08X", trace_rd32(p));
        break;
    case PICA_TRACE_MEMORY:
        printf(" paddr=0x%08X bytes=%u", trace_rd32(p), c->size - PICA_TRACE_MEMORY_SIZE);
        break;
    case PICA_TRACE_INVALIDATE:
    case PICA_TRACE_FLUSH:
        printf(" paddr=0x%08X size=0x%X", trace_rd32(p), trace_rd32(p + 4));
        break;
    case PICA_TRACE_RUN_HOST: {
        const uint32_t n = (c->size - PICA_TRACE_RUN_HOST_SIZE) / 4;
        printf(" result=%s draws=%u problems=%u%s words=%u:", glhle_result_string((glhle_result)trace_rd32(p)),
               trace_rd32(p + 8), trace_rd32(p + 12),
               (trace_rd32(p + PICA_TRACE_OUTCOME_SIZE) & PICA_TRACE_RUN_STATE) ? " (state on attach)" : "", n);
        words(p + PICA_TRACE_RUN_HOST_SIZE, n, 8);
        break;
    }
    case PICA_TRACE_RUN_GUEST:
        printf(" result=%s draws=%u problems=%u paddr=0x%08X size=0x%X",
               glhle_result_string((glhle_result)trace_rd32(p)), trace_rd32(p + 8), trace_rd32(p + 12),
               trace_rd32(p + PICA_TRACE_OUTCOME_SIZE), trace_rd32(p + PICA_TRACE_OUTCOME_SIZE + 4));
        break;
    case PICA_TRACE_MEMORY_FILL:
        printf(" start=0x%08X end=0x%08X value=0x%08X control=0x%08X", trace_rd32(p) << 3, trace_rd32(p + 4) << 3,
               trace_rd32(p + 8), trace_rd32(p + 12));
        break;
    case PICA_TRACE_DISPLAY_TRANSFER:
        printf(" in=0x%08X out=0x%08X out_size=0x%08X in_size=0x%08X flags=0x%08X", trace_rd32(p) << 3,
               trace_rd32(p + 4) << 3, trace_rd32(p + 8), trace_rd32(p + 12), trace_rd32(p + 16));
        break;
    case PICA_TRACE_PRESENT:
        printf(" frame=%u%s top=0x%08X/%u bottom=0x%08X/%u", trace_rd32(p),
               (trace_rd32(p + 4) & PICA_TRACE_PRESENT_STEREO) ? " stereo" : "", trace_rd32(p + 8), trace_rd32(p + 12),
               trace_rd32(p + 32), trace_rd32(p + 36));
        break;
    case PICA_TRACE_END:
        printf(" chunks=%u frames=%u", trace_rd32(p), trace_rd32(p + 4));
        break;
    default: break;
    }
}

static void dump_psx(const trace_chunk *c)
{
    const uint8_t *p = c->payload;
    switch (c->type) {
    case PSX_TRACE_STATE:
        printf(" E1=%04X E2=%05X E3=%05X E4=%05X E5=%06X E6=%X display=%s start=%05X hrange=%06X vrange=%05X "
               "mode=%02X",
               trace_rd32(p + 4 * PSX_STATE_E1), trace_rd32(p + 4 * PSX_STATE_E2), trace_rd32(p + 4 * PSX_STATE_E3),
               trace_rd32(p + 4 * PSX_STATE_E4), trace_rd32(p + 4 * PSX_STATE_E5), trace_rd32(p + 4 * PSX_STATE_E6),
               trace_rd32(p + 4 * PSX_STATE_DISPLAY_OFF) ? "off" : "on", trace_rd32(p + 4 * PSX_STATE_DISP_START),
               trace_rd32(p + 4 * PSX_STATE_HRANGE), trace_rd32(p + 4 * PSX_STATE_VRANGE),
               trace_rd32(p + 4 * PSX_STATE_DISP_MODE));
        break;
    case PSX_TRACE_GP0:
    case PSX_TRACE_GP1:
    case PSX_TRACE_GPUREAD:
        printf(" %u words:", c->size / 4);
        words(p, c->size / 4, 8);
        break;
    case PSX_TRACE_WRITE_VRAM:
    case PSX_TRACE_READ_VRAM:
        printf(" %ux%u at (%u,%u)", trace_rd32(p + 8), trace_rd32(p + 12), trace_rd32(p), trace_rd32(p + 4));
        break;
    case PSX_TRACE_END_STREAM:
        printf(" result=%s", glhle_result_string((glhle_result)trace_rd32(p)));
        break;
    case PSX_TRACE_VSYNC:
        printf(" frame=%u", trace_rd32(p));
        break;
    case PSX_TRACE_READBACK:
        printf(" pixels=%u taken=%u", trace_rd32(p), trace_rd32(p + 4));
        break;
    case PSX_TRACE_END:
        printf(" chunks=%u frames=%u", trace_rd32(p), trace_rd32(p + 4));
        break;
    default: break;
    }
}

/* Smallest payload each type's fields are read from (shorter ones are
 * listed by size only). */
static uint32_t fixed_size(uint32_t system, uint32_t type)
{
    if (system == TRACE_SYSTEM_PSX) {
        switch (type) {
        case PSX_TRACE_STATE: return PSX_TRACE_STATE_SIZE;
        case PSX_TRACE_WRITE_VRAM:
        case PSX_TRACE_READ_VRAM: return PSX_TRACE_RECT_SIZE;
        case PSX_TRACE_END_STREAM:
        case PSX_TRACE_VSYNC: return 4;
        case PSX_TRACE_READBACK:
        case PSX_TRACE_END: return 8;
        default: return 0;
        }
    }
    switch (type) {
    case PICA_TRACE_INSTANCE: return PICA_TRACE_INSTANCE_SIZE;
    case PICA_TRACE_MAP:
    case PICA_TRACE_INVALIDATE:
    case PICA_TRACE_FLUSH: return 8;
    case PICA_TRACE_UNMAP:
    case PICA_TRACE_MEMORY: return 4;
    case PICA_TRACE_RUN_HOST: return PICA_TRACE_RUN_HOST_SIZE;
    case PICA_TRACE_RUN_GUEST: return PICA_TRACE_RUN_GUEST_SIZE;
    case PICA_TRACE_MEMORY_FILL: return PICA_TRACE_MEMORY_FILL_SIZE;
    case PICA_TRACE_DISPLAY_TRANSFER: return PICA_TRACE_DISPLAY_TRANSFER_SIZE;
    case PICA_TRACE_PRESENT: return PICA_TRACE_PRESENT_SIZE;
    case PICA_TRACE_END: return PICA_TRACE_END_SIZE;
    default: return 0;
    }
}

/* ---- glhle traces ------------------------------------------------------------------------ */

typedef struct summary {
    uint32_t chunks;
    uint32_t by_type[32];     /* non-optional types below 32 */
    uint32_t optional, other;
    uint32_t frames, calls;
    uint64_t memory_bytes;    /* MEMORY payloads (PICA) or VRAM, WRITE_VRAM and READBACK pixels (PlayStation) */
    uint64_t mapped;          /* PICA: MAP sizes */
    uint64_t words;           /* command words (RUN_HOST words, GP0/GP1 words) */
    bool complete;
} summary;

static void count(summary *s, uint32_t system, const trace_chunk *c)
{
    s->chunks++;
    if (c->type & TRACE_OPTIONAL)
        s->optional++;
    else if (c->type < 32)
        s->by_type[c->type]++;
    else
        s->other++;
    if (c->size < fixed_size(system, c->type))
        return;
    const uint8_t *p = c->payload;
    if (system == TRACE_SYSTEM_PSX) {
        switch (c->type) {
        case PSX_TRACE_VRAM: s->memory_bytes += c->size; break;
        case PSX_TRACE_WRITE_VRAM: s->memory_bytes += c->size - PSX_TRACE_RECT_SIZE; s->calls++; break;
        case PSX_TRACE_READBACK: s->memory_bytes += c->size - 8; break;
        case PSX_TRACE_GP0:
        case PSX_TRACE_GP1:
        case PSX_TRACE_GPUREAD:
            s->words += c->size / 4;
            s->calls += c->size / 4;
            break;
        case PSX_TRACE_READ_VRAM:
        case PSX_TRACE_END_STREAM: s->calls++; break;
        case PSX_TRACE_VSYNC: s->frames++; break;
        case PSX_TRACE_END: s->complete = true; break;
        default: break;
        }
        return;
    }
    switch (c->type) {
    case PICA_TRACE_MAP: s->mapped += trace_rd32(p + 4); s->calls++; break;
    case PICA_TRACE_MEMORY: s->memory_bytes += c->size - PICA_TRACE_MEMORY_SIZE; break;
    case PICA_TRACE_RUN_HOST: s->words += (c->size - PICA_TRACE_RUN_HOST_SIZE) / 4; s->calls++; break;
    case PICA_TRACE_PRESENT: s->frames++; s->calls++; break;
    case PICA_TRACE_END: s->complete = true; break;
    case PICA_TRACE_INSTANCE: break;
    default: s->calls++; break;
    }
}

static int walk_glhle(const uint8_t *data, size_t size, bool dump, const char *converted_from)
{
    trace_reader r;
    glhle_result res = trace_reader_open(&r, data, size, &tool_log);
    if (res != GLHLE_RESULT_OK)
        return 1;
    r.names = r.system == TRACE_SYSTEM_PSX ? psx_trace_names : pica_trace_names;
    const char *sys = trace_system_name(r.system);
    if (r.system != TRACE_SYSTEM_PICA200 && r.system != TRACE_SYSTEM_PSX) {
        tool_error("offset 16: %s traces cannot be read by this glhle yet", sys);
        return 1;
    }
    summary s;
    memset(&s, 0, sizeof s);
    if (dump)
        printf("# glhle trace %u.%u, system %u (%s)%s%s\n", r.major, r.minor, r.system, sys,
               converted_from ? ", converted from " : "", converted_from ? converted_from : "");
    trace_chunk c;
    char nb[24];
    while ((res = trace_reader_next(&r, &c)) == GLHLE_RESULT_OK) {
        count(&s, r.system, &c);
        if (!dump)
            continue;
        printf("0x%08llx %-16s %8u", (unsigned long long)c.offset, trace_type_name(&r.names, c.type, nb), c.size);
        if (c.type == TRACE_COMMENT)
            printf(" \"%.*s\"", (int)(c.size < 200 ? c.size : 200), (const char *)c.payload);
        else if (c.size >= fixed_size(r.system, c.type))
            r.system == TRACE_SYSTEM_PSX ? dump_psx(&c) : dump_pica(&c);
        putchar('\n');
    }
    if (!dump) {
        printf("format:   glhle trace %u.%u%s%s\n", r.major, r.minor, converted_from ? ", converted from " : "",
               converted_from ? converted_from : "");
        printf("system:   %s (%u)\n", sys, r.system);
        printf("bytes:    %zu\n", size);
        printf("chunks:   %u%s\n", s.chunks, s.complete ? "" : " (no END chunk: the recording did not finish)");
        for (uint32_t t = 0; t < 32; t++)
            if (s.by_type[t])
                printf("  %-16s %u\n", trace_type_name(&r.names, t, nb), s.by_type[t]);
        if (s.optional)
            printf("  %-16s %u\n", "optional", s.optional);
        if (s.other)
            printf("  %-16s %u\n", "unknown", s.other);
        printf("frames:   %u\n", s.frames);
        printf("calls:    %u\n", s.calls);
        printf("words:    %llu\n", (unsigned long long)s.words);
        if (r.system == TRACE_SYSTEM_PICA200)
            printf("mapped:   %llu bytes\n", (unsigned long long)s.mapped);
        printf("memory:   %llu bytes carried\n", (unsigned long long)s.memory_bytes);
    }
    return res == GLHLE_RESULT_NOT_FOUND ? 0 : 1;
}

/* ---- GPU dumps -------------------------------------------------------------------------- */

static int walk_gpudump(const uint8_t *data, size_t size, bool dump)
{
    psx_gpudump d;
    if (psx_gpudump_open(&d, data, size, &tool_log) != GLHLE_RESULT_OK)
        return 1;
    static const char *const names[0x13] = {
        [PSX_DUMP_GP0] = "GP0",           [PSX_DUMP_GP1] = "GP1",
        [PSX_DUMP_VSYNC] = "VSYNC",       [PSX_DUMP_DISCARD] = "DISCARD",
        [PSX_DUMP_READBACK] = "READBACK", [PSX_DUMP_TRACE_BEGIN] = "TRACE_BEGIN",
        [PSX_DUMP_GPU_VERSION] = "GPU_VERSION", [PSX_DUMP_GAME_ID] = "GAME_ID",
        [PSX_DUMP_VIDEO_FORMAT] = "VIDEO_FORMAT", [PSX_DUMP_COMMENT] = "COMMENT",
    };
    if (dump)
        printf("# PlayStation GPU dump (%zu-byte header)\n", d.header_size);
    uint32_t packets = 0, frames = 0, other = 0;
    uint64_t gp0 = 0, gp1 = 0;
    psx_gpudump_packet pk;
    glhle_result res;
    while ((res = psx_gpudump_next(&d, &pk, &tool_log)) == GLHLE_RESULT_OK) {
        packets++;
        const char *name = pk.type < 0x13 ? names[pk.type] : NULL;
        other += !name;
        frames += pk.type == PSX_DUMP_VSYNC;
        gp0 += pk.type == PSX_DUMP_GP0 ? pk.words : 0;
        gp1 += pk.type == PSX_DUMP_GP1 ? pk.words : 0;
        if (!dump)
            continue;
        if (name)
            printf("0x%08zx %-16s %8u", pk.offset, name, pk.words);
        else
            printf("0x%08zx type %02Xh          %8u", pk.offset, pk.type, pk.words);
        if (pk.type == PSX_DUMP_GP0 || pk.type == PSX_DUMP_GP1)
            for (uint32_t i = 0; i < pk.words && i < 8; i++)
                printf(" %08X", psx_gpudump_word(&pk, i));
        putchar('\n');
    }
    if (!dump) {
        printf("format:   PlayStation GPU dump (.psxgpu)\nsystem:   PlayStation\nbytes:    %zu\n", size);
        printf("packets:  %u (%u of unknown types)\nframes:   %u\n", packets, other, frames);
        printf("words:    %llu GP0, %llu GP1\n", (unsigned long long)gp0, (unsigned long long)gp1);
    }
    return res == GLHLE_RESULT_NOT_FOUND ? 0 : 1;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    tool_init("glhle-trace", USAGE);
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        switch (c) {
        case 'h':
            return tool_help("  info TRACE   the system, chunks by type, frames, calls and memory sizes\n"
                         "  dump TRACE   one line per chunk: offset, type, payload size and its fields\n"
                         "TRACE: a glhle trace (any system), a Citra .ctf or a .psxgpu dump, also zstd- or\n"
                         "xz-compressed; - for stdin.\n"
                         "Exit status: 0 read to the end, 1 unreadable or damaged, 2 usage.\n");
        case 'V': return tool_version();
        default: return tool_bad_option(c, argv);
        }
    }
    if (argc - optind != 2 || (strcmp(argv[optind], "info") != 0 && strcmp(argv[optind], "dump") != 0)) {
        if (argc - optind == 2)
            tool_error("unknown command '%s'", argv[optind]);
        return tool_usage();
    }
    const bool dump = !strcmp(argv[optind], "dump");
    const char *path = argv[optind + 1];
    glhle_bytebuf buf;
    if (!tool_read_input(path, (size_t)MAX_INPUT, TOOL_DECOMPRESS, &buf)) {
        glhle_bytebuf_free(&buf);
        return 1;
    }
    int rc;
    if (buf.size >= 11 && !memcmp(buf.data, "PSXGPUDUMPv", 11)) {
        rc = walk_gpudump(buf.data, buf.size, dump);
    } else if (trace_is_glhle(buf.data, buf.size)) {
        rc = walk_glhle(buf.data, buf.size, dump, NULL);
    } else {
        /* a CiTrace converts on opening; anything else is reported by it */
        glhle_trace_open_desc od = {.log = tool_log.fn, .log_level = GLHLE_LOG_WARN};
        glhle_trace *t = NULL;
        rc = 1;
        if (glhle_trace_open_memory(buf.data, buf.size, &od, &t) == GLHLE_RESULT_OK) {
            const uint8_t *d;
            size_t n;
            glhle_trace_get_bytes(t, &d, &n);
            rc = walk_glhle(d, n, dump, "a Citra CiTrace");
        }
        glhle_trace_close(t);
    }
    glhle_bytebuf_free(&buf);
    return rc;
}
