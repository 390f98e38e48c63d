/* glhle-replay: replays a trace of any system and writes one PNG per frame.
 *   glhle-replay TRACE --out DIR [--frames A-B] [--scale N] [--window] [--renderer gl|sw]
 * TRACE is chosen by its first bytes, not its name: a glhle trace of the
 * PICA200 or the PlayStation (docs/formats.md), a Citra/Azahar CiTrace
 * (.ctf), or a DuckStation / ps1dev GPU dump (.psxgpu); "-" reads standard
 * input. Frames are the trace's presents (PICA) or vertical blanks
 * (PlayStation) counted from 0; frame N goes to DIR/frame_NNNNNN.png
 * (created with DIR as needed): the composed screens, or the PlayStation's
 * displayed area. --frames A-B writes frames A to B only (A- from A on, A
 * alone that one frame) and stops after B; the frames before A are still
 * replayed, unwritten. --scale N renders at N times the native resolution
 * (1-10; the PlayStation 1-8). --renderer picks the PlayStation renderer
 * (gl, the default, or sw, the software reference at 1x); the PICA has
 * only gl. The replay runs offscreen (EGL surfaceless, no display needed)
 * unless --window shows it in a GLFW window as it goes (PICA only). On a
 * terminal, stderr shows a progress bar; elsewhere it stays quiet but for
 * problems and the closing summary.
 * --shader-cache DIR uses and fills the disk shader cache DIR/NAME.pica.glsc
 * (NAME: the trace's file name without its extension; PICA traces);
 * --stats-json FILE writes the instance's program statistics after the
 * replay as one JSON object (write_stats_json, the keys of
 * glhle_shader_stats). --ubershader async draws with the PICA fragment
 * ubershader while a program compiles (no draw waits), always draws
 * everything with it (GLHLE_PICA_UBERSHADER_*).
 * Exit status: 0 replayed, 1 the trace or an output could not be handled
 * (the message names the byte offset for a bad trace), 2 usage. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "backend/common/bytebuf.h"
#include "backend/common/dirs.h"
#include "backend/common/trace_container.h"
#include "backend/psx/gpudump.h"
#include "glhle/psx.h"
#include "glhle/trace.h"

#define USAGE                                                                                        \
    "usage: glhle-replay TRACE --out DIR [--frames A-B] [--scale N] [--window] [--renderer gl|sw]\n" \
    "                    [--shader-cache DIR] [--stats-json FILE] [--ubershader off|async|always]\n"
#define MAX_INPUT (1ull << 30) /* the PlayStation's inputs are read whole */

typedef struct replay_tool {
    const char *out_dir;
    glhle_context *ctx;
    bool tty;
    double last_bar;
    uint32_t written;
    uint32_t first, last; /* frame range, inclusive */
    uint64_t total;
    const char *cache_dir, *stats_json; /* --shader-cache, --stats-json (PICA) */
    uint32_t ubershader;                /* --ubershader (PICA) */
} replay_tool;

static int usage(void)
{
    fprintf(stderr, USAGE);
    return 2;
}

static int help(void)
{
    printf(USAGE "Replays a glhle trace (PICA200 or PlayStation), a Citra .ctf or a .psxgpu GPU dump,\n"
                 "chosen by its first bytes, and writes DIR/frame_NNNNNN.png for each frame.\n"
                 "  --out DIR        where the PNGs go (created)\n"
                 "  --frames A-B     write frames A..B only (A-, A also work); frames count from 0\n"
                 "  --scale N        internal resolution, 1-10 (PlayStation 1-8)\n"
                 "  --window         show the replay in a window (PICA)\n"
                 "  --renderer R     PlayStation renderer: gl (default) or sw\n"
                 "  --shader-cache DIR  use and fill the disk shader cache in DIR (PICA)\n"
                 "  --stats-json FILE   write the program statistics as JSON (PICA)\n"
                 "  --ubershader M   off, async (draw with the ubershader while a program compiles)\n"
                 "                   or always (every draw with it) (PICA)\n"
                 "  --help, --version\n"
                 "Exit status: 0 replayed, 1 bad trace or output, 2 usage.\n");
    return 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void bar(replay_tool *t, uint64_t done, uint32_t frame, bool final)
{
    if (!t->tty)
        return;
    double tnow = now();
    if (!final && tnow - t->last_bar < 0.1)
        return;
    t->last_bar = tnow;
    const int width = 40;
    int filled = t->total ? (int)(done * width / t->total) : width;
    char cells[64];
    for (int i = 0; i < width; i++)
        cells[i] = i < filled ? '#' : '.';
    cells[width] = 0;
    fprintf(stderr, "\r[%s] %3d%%  frame %u  %u written", cells, t->total ? (int)(done * 100 / t->total) : 100,
            frame, t->written);
    if (final)
        fputc('\n', stderr);
    fflush(stderr);
}

static void on_progress(void *user, uint64_t done, uint64_t total, uint32_t frame)
{
    replay_tool *t = user;
    t->total = total;
    bar(t, done, frame, false);
}

static glhle_result on_frame(void *user, glhle_pica *pica, uint32_t frame)
{
    replay_tool *t = user;
    char path[4200];
    snprintf(path, sizeof path, "%s/frame_%06u.png", t->out_dir, frame);
    glhle_result r = glhle_pica_write_frame_png(pica, path);
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "%sglhle-replay: cannot write %s: %s\n", t->tty ? "\n" : "", path, glhle_result_string(r));
        return r;
    }
    t->written++;
    if (glhle_context_get_mode(t->ctx) == GLHLE_CONTEXT_WINDOW) {
        glhle_context_swap(t->ctx);
        if (glhle_context_should_close(t->ctx))
            return GLHLE_RESULT_NOT_FOUND; /* the user closed the window: stop */
    }
    return GLHLE_RESULT_OK;
}

static bool parse_u32(const char *s, uint32_t *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (end == s || *end || errno || v > 0xFFFFFFFFul || *s == '-')
        return false;
    *out = (uint32_t)v;
    return true;
}

/* "A-B", "A-" or "A" */
static bool parse_frames(const char *s, uint32_t *first, uint32_t *last)
{
    char a[32];
    const char *dash = strchr(s, '-');
    size_t n = dash ? (size_t)(dash - s) : strlen(s);
    if (n == 0 || n >= sizeof a)
        return false;
    memcpy(a, s, n);
    a[n] = 0;
    if (!parse_u32(a, first))
        return false;
    if (!dash) {
        *last = *first;
        return true;
    }
    if (!dash[1]) {
        *last = UINT32_MAX;
        return true;
    }
    return parse_u32(dash + 1, last) && *last >= *first;
}

/* ---- the PlayStation: glhle traces and GPU dumps --------------------------------- */

typedef struct psx_tool {
    replay_tool *t;
    uint32_t frames;
} psx_tool;

static glhle_result on_psx_frame(void *user, glhle_psx *psx, uint32_t frame)
{
    psx_tool *p = user;
    replay_tool *t = p->t;
    p->frames = frame + 1;
    if (frame < t->first || frame > t->last)
        return GLHLE_RESULT_OK;
    char path[4200];
    snprintf(path, sizeof path, "%s/frame_%06u.png", t->out_dir, frame);
    glhle_result r = glhle_psx_write_display_png(psx, path);
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "%sglhle-replay: cannot write %s: %s\n", t->tty ? "\n" : "", path, glhle_result_string(r));
        return r;
    }
    t->written++;
    if (t->tty) {
        fprintf(stderr, "\rglhle-replay: frame %u  %u written", frame, t->written);
        fflush(stderr);
    }
    return GLHLE_RESULT_OK;
}

static int replay_psx(replay_tool *t, const char *path, const glhle_bytebuf *in, bool dump,
                      glhle_psx_renderer renderer, uint32_t scale)
{
    if (renderer == GLHLE_PSX_RENDERER_SOFTWARE && scale != 1) {
        fprintf(stderr, "glhle-replay: the software renderer draws at 1x only; --scale %u was asked\n", scale);
        return 2;
    }
    if (scale > 8) {
        fprintf(stderr, "glhle-replay: --scale for the PlayStation is 1 to 8, got %u\n", scale);
        return 2;
    }
    if (renderer == GLHLE_PSX_RENDERER_GL) {
        glhle_context_desc cd = {.log_level = GLHLE_LOG_WARN};
        glhle_result r = glhle_context_create(&cd, &t->ctx);
        if (r != GLHLE_RESULT_OK) {
            fprintf(stderr, "glhle-replay: no offscreen GL context: %s\n", glhle_result_string(r));
            return 1;
        }
    }
    const glhle_psx_desc pd = {.renderer = renderer, .resolution_scale = scale, .log_level = GLHLE_LOG_WARN};
    psx_tool p = {t, 0};
    glhle_result r;
    uint32_t divergences = 0;
    if (dump) {
        glhle_psx *psx = NULL;
        r = glhle_psx_create(t->ctx, &pd, &psx);
        psx_gpudump_stats st = {0};
        if (r == GLHLE_RESULT_OK)
            r = psx_gpudump_play(psx, in->data, in->size, t->last, on_psx_frame, &p, NULL, &st);
        glhle_psx_destroy(psx);
    } else {
        const glhle_psx_replay_desc rd = {
            .ctx = t->ctx,
            .psx = pd,
            .frames = t->last == UINT32_MAX ? 0 : t->last + 1,
            .on_frame = on_psx_frame,
            .user = &p,
        };
        glhle_psx_replay_stats st;
        r = glhle_psx_trace_replay(in->data, in->size, &rd, &st);
        divergences = st.divergences;
    }
    if (t->tty && t->written)
        fputc('\n', stderr);
    int rc = 0;
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "glhle-replay: %s: replay stopped: %s (see the message above)\n", path,
                glhle_result_string(r));
        rc = 1;
    }
    fprintf(stderr, "glhle-replay: %u of %u frames written to %s (PlayStation %s)\n", t->written, p.frames,
            t->out_dir, dump ? "GPU dump" : "trace");
    if (divergences)
        fprintf(stderr,
                "glhle-replay: %u reads returned other values than in the recording; the frames may not match it\n",
                divergences);
    if ((t->first != 0 || t->last != UINT32_MAX) && t->written == 0 && rc == 0)
        fprintf(stderr, "glhle-replay: the trace has no frame in %u-%u\n", t->first, t->last);
    glhle_context_destroy(t->ctx);
    return rc;
}

/* ---- the PICA: glhle traces and CiTraces ---------------------------------------------- */

/* The trace's file name without folders and extension: the cache's title. */
static void trace_title(const char *path, char *out, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    snprintf(out, size, "%s", base);
    char *dot = strrchr(out, '.');
    if (dot && dot != out)
        *dot = 0;
}

static bool write_stats_json(const char *path, const glhle_shader_stats *s, const glhle_trace_replay_stats *st)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
#define U(x) (unsigned long long)(x)
    fprintf(f,
            "{\"programs_compiled\": %llu, \"programs_compiled_on_draw\": %llu, \"draws_waited_for_compile\": %llu, "
            "\"draws_by_ubershader\": %llu, \"cache_hits\": %llu, \"cache_records_rejected\": %llu, \"draws\": %llu, "
            "\"programs_precompiled\": %llu, \"program_failures\": %llu, \"cache_misses\": %llu, "
            "\"disk_hits\": %llu, \"binaries_loaded\": %llu, \"binaries_rejected\": %llu, "
            "\"binaries_written\": %llu, \"records_written\": %llu, \"disk_entries\": %llu, \"evictions\": %llu, "
            "\"programs_resident\": %llu, \"bytes_resident\": %llu, \"compile_ns\": %llu, \"compile_histogram_ms\": [",
            U(s->programs_compiled), U(s->programs_compiled_on_draw), U(s->draws_waited_for_compile),
            U(s->draws_by_ubershader), U(s->cache_hits), U(s->cache_records_rejected), U(s->draws),
            U(s->programs_precompiled), U(s->program_failures), U(s->cache_misses), U(s->disk_hits),
            U(s->binaries_loaded), U(s->binaries_rejected), U(s->binaries_written), U(s->records_written),
            U(s->disk_entries), U(s->evictions), U(s->programs_resident), U(s->bytes_resident), U(s->compile_ns));
    for (int i = 0; i < GLHLE_SHADER_COMPILE_BUCKETS; i++)
        fprintf(f, "%s%llu", i ? ", " : "", U(s->compile_histogram[i]));
    fprintf(f, "], \"frames\": %u, \"command_lists\": %u, \"divergences\": %u}\n", st->frames, st->command_lists,
            st->divergences);
#undef U
    return fclose(f) == 0;
}

static int replay_pica(replay_tool *t, const char *trace_path, const glhle_bytebuf *in, uint32_t scale, bool window)
{
    glhle_trace_open_desc od = {.log_level = GLHLE_LOG_WARN};
    glhle_trace *trace = NULL;
    glhle_result r = in ? glhle_trace_open_memory(in->data, in->size, &od, &trace)
                        : glhle_trace_open_file(trace_path, &od, &trace);
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "glhle-replay: %s: %s (see the message above)\n", trace_path, glhle_result_string(r));
        return 1;
    }
    glhle_context_desc cd = {.mode = window ? GLHLE_CONTEXT_WINDOW : GLHLE_CONTEXT_OFFSCREEN,
                             .window = {.title = "glhle-replay"},
                             .log_level = GLHLE_LOG_WARN};
    r = glhle_context_create(&cd, &t->ctx);
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "glhle-replay: no %s GL context: %s\n", window ? "window" : "offscreen",
                glhle_result_string(r));
        glhle_trace_close(trace);
        return 1;
    }
    char title[256];
    trace_title(trace_path, title, sizeof title);
    glhle_trace_replay_desc rd = {
        .ctx = t->ctx,
        .pica = {.resolution_scale = scale,
                 .log_level = GLHLE_LOG_WARN,
                 .shader_cache_dir = t->cache_dir,
                 .shader_cache_title = title,
                 .shader_ubershader = t->ubershader},
        .first_frame = t->first,
        .frame_count = t->last == UINT32_MAX ? 0 : t->last - t->first + 1,
        .on_frame = on_frame,
        .on_progress = on_progress,
        .user = t,
    };
    glhle_trace_replay_stats st;
    r = glhle_trace_replay(trace, &rd, &st);
    bar(t, t->total, st.frames, true);
    if (r == GLHLE_RESULT_NOT_FOUND && window)
        r = GLHLE_RESULT_OK; /* the window was closed */
    int rc = 0;
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "glhle-replay: %s: replay stopped: %s (see the message above)\n", trace_path,
                glhle_result_string(r));
        rc = 1;
    }
    fprintf(stderr, "glhle-replay: %u of %u frames written to %s (%u command lists, %llu draws)\n", t->written,
            st.frames, t->out_dir, st.command_lists, (unsigned long long)st.draws);
    if (st.divergences)
        fprintf(stderr,
                "glhle-replay: %u calls ran differently from the recording; the frames may not match it\n",
                st.divergences);
    if (t->stats_json && !write_stats_json(t->stats_json, &st.shaders, &st)) {
        fprintf(stderr, "glhle-replay: cannot write %s: %s\n", t->stats_json, strerror(errno));
        rc = 1;
    }
    if (t->first != 0 || t->last != UINT32_MAX) {
        if (t->written == 0 && rc == 0)
            fprintf(stderr, "glhle-replay: the trace has no frame in %u-%u\n", t->first, t->last);
    }
    glhle_context_destroy(t->ctx);
    glhle_trace_close(trace);
    return rc;
}

/* ---- input and kinds ---------------------------------------------------------------- */

static bool read_input(const char *path, glhle_bytebuf *buf)
{
    glhle_bytebuf_init(buf, (size_t)MAX_INPUT);
    return glhle_bytebuf_read_file(buf, path, (size_t)MAX_INPUT);
}

/* The first bytes of a file (fewer when it is shorter); -1 when unreadable. */
static long peek(const char *path, uint8_t *out, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t got = fread(out, 1, n, f);
    fclose(f);
    return (long)got;
}

int main(int argc, char **argv)
{
    replay_tool t;
    memset(&t, 0, sizeof t);
    t.last = UINT32_MAX;
    uint32_t scale = 1;
    bool window = false;
    int renderer = -1;
    static const struct option longs[] = {
        {"out", required_argument, NULL, 'o'},     {"frames", required_argument, NULL, 'f'},
        {"scale", required_argument, NULL, 's'},   {"window", no_argument, NULL, 'w'},
        {"renderer", required_argument, NULL, 'r'}, {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},       {"shader-cache", required_argument, NULL, 'c'},
        {"stats-json", required_argument, NULL, 'j'}, {"ubershader", required_argument, NULL, 'u'},
        {NULL, 0, NULL, 0},
    };
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        switch (c) {
        case 'o': t.out_dir = optarg; break;
        case 'f':
            if (!parse_frames(optarg, &t.first, &t.last)) {
                fprintf(stderr, "glhle-replay: --frames wants A-B, A- or A (frame numbers from 0), got '%s'\n",
                        optarg);
                return 2;
            }
            break;
        case 's':
            if (!parse_u32(optarg, &scale) || scale < 1 || scale > 10) {
                fprintf(stderr, "glhle-replay: --scale wants 1 to 10, got '%s'\n", optarg);
                return 2;
            }
            break;
        case 'w': window = true; break;
        case 'c': t.cache_dir = optarg; break;
        case 'j': t.stats_json = optarg; break;
        case 'u':
            if (!strcmp(optarg, "off"))
                t.ubershader = GLHLE_PICA_UBERSHADER_OFF;
            else if (!strcmp(optarg, "async"))
                t.ubershader = GLHLE_PICA_UBERSHADER_ASYNC;
            else if (!strcmp(optarg, "always"))
                t.ubershader = GLHLE_PICA_UBERSHADER_ALWAYS;
            else {
                fprintf(stderr, "glhle-replay: --ubershader wants off, async or always, got '%s'\n", optarg);
                return 2;
            }
            break;
        case 'r':
            if (!strcmp(optarg, "gl"))
                renderer = GLHLE_PSX_RENDERER_GL;
            else if (!strcmp(optarg, "sw"))
                renderer = GLHLE_PSX_RENDERER_SOFTWARE;
            else {
                fprintf(stderr, "glhle-replay: --renderer wants gl or sw, got '%s'\n", optarg);
                return 2;
            }
            break;
        case 'h': return help();
        case 'V':
            printf("glhle-replay %d.%d.%d\n", GLHLE_VERSION_MAJOR, GLHLE_VERSION_MINOR, GLHLE_VERSION_PATCH);
            return 0;
        default: return usage();
        }
    }
    if (optind != argc - 1 || !t.out_dir)
        return usage();
    const char *trace_path = argv[optind];
    t.tty = isatty(STDERR_FILENO) != 0;

    /* the kind, by magic */
    uint8_t head[32] = {0};
    glhle_bytebuf stdin_buf, *in = NULL;
    long got;
    if (!strcmp(trace_path, "-")) {
        if (!read_input("-", &stdin_buf)) {
            fprintf(stderr, "glhle-replay: cannot read standard input: %s\n", strerror(errno));
            glhle_bytebuf_free(&stdin_buf);
            return 1;
        }
        in = &stdin_buf;
        got = (long)(in->size < sizeof head ? in->size : sizeof head);
        memcpy(head, in->data, (size_t)got);
    } else if ((got = peek(trace_path, head, sizeof head)) < 0) {
        fprintf(stderr, "glhle-replay: cannot read %s: %s\n", trace_path, strerror(errno));
        return 1;
    }
    const bool psx_trace = trace_peek_system(head, (size_t)got) == TRACE_SYSTEM_PSX;
    const bool psx_dump = (size_t)got >= 12 && !memcmp(head, "PSXGPUDUMPv", 11);
    static const uint8_t zstd[4] = {0x28, 0xB5, 0x2F, 0xFD}, xz[6] = {0xFD, '7', 'z', 'X', 'Z', 0};
    if (((size_t)got >= 4 && !memcmp(head, zstd, 4)) || ((size_t)got >= 6 && !memcmp(head, xz, 6))) {
        fprintf(stderr,
                "glhle-replay: %s is %s-compressed (a .psxgpu.%s?); this build reads uncompressed dumps only: "
                "decompress it first (%s)\n",
                trace_path, head[0] == 0x28 ? "zstd" : "xz", head[0] == 0x28 ? "zst" : "xz",
                head[0] == 0x28 ? "zstd -d" : "xz -d");
        if (in)
            glhle_bytebuf_free(in);
        return 1;
    }
    if (!glhle_make_dirs(t.out_dir)) {
        fprintf(stderr, "glhle-replay: cannot create the output folder %s: %s\n", t.out_dir, strerror(errno));
        if (in)
            glhle_bytebuf_free(in);
        return 1;
    }
    if (psx_trace || psx_dump) {
        if (window) {
            fprintf(stderr, "glhle-replay: --window shows PICA replays only; the PlayStation replays offscreen\n");
            if (in)
                glhle_bytebuf_free(in);
            return 2;
        }
        glhle_bytebuf file;
        if (!in) {
            if (!read_input(trace_path, &file)) {
                fprintf(stderr, "glhle-replay: cannot read %s: %s\n", trace_path, strerror(errno));
                glhle_bytebuf_free(&file);
                return 1;
            }
            in = &file;
        }
        int rc = replay_psx(&t, trace_path, in, psx_dump,
                            renderer < 0 ? GLHLE_PSX_RENDERER_GL : (glhle_psx_renderer)renderer, scale);
        glhle_bytebuf_free(in);
        return rc;
    }
    if (renderer == GLHLE_PSX_RENDERER_SOFTWARE) {
        fprintf(stderr, "glhle-replay: --renderer sw: the PICA replays on GL only\n");
        if (in)
            glhle_bytebuf_free(in);
        return 2;
    }
    int rc = replay_pica(&t, trace_path, in, scale, window);
    if (in)
        glhle_bytebuf_free(in);
    return rc;
}
