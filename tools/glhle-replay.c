/* glhle-replay: replays a trace of any system and writes one PNG per frame.
 *   glhle-replay TRACE --out DIR [--frames A-B] [--scale N] [--window] [--gles] [--renderer gl|sw]
 * TRACE is chosen by its first bytes, not its name: a glhle trace of the
 * PICA200, the PlayStation or Maxwell (docs/formats.md), a Citra/Azahar CiTrace
 * (.ctf), or a DuckStation / ps1dev GPU dump (.psxgpu); "-" reads standard
 * input. Frames are the trace's presents (PICA, Maxwell) or vertical blanks
 * (PlayStation) counted from 0; frame N goes to DIR/frame_NNNNNN.png
 * (created with DIR as needed): the composed screens, or the PlayStation's
 * displayed area. --frames A-B writes frames A to B only (A- from A on, A
 * alone that one frame) and stops after B; the frames before A are still
 * replayed, unwritten. --scale N renders at N times the native resolution
 * (1-10; the PlayStation 1-8). --renderer picks the PlayStation renderer
 * (gl, the default, or sw, the software reference at 1x); the PICA has
 * only gl. The replay runs offscreen (EGL surfaceless, no display needed)
 * unless --window shows it in a GLFW window as it goes (every system; the
 * PlayStation's GL renderer, fitted 4:3). On a
 * terminal, stderr shows a progress bar; elsewhere it stays quiet but for
 * problems and the closing summary.
 * --shader-cache DIR uses and fills the disk shader cache DIR/NAME.pica.glsc
 * (DIR/NAME.maxwell.glsc for Maxwell traces; NAME: the trace's file name
 * without its extension);
 * --stats-json FILE writes the instance's program statistics after the
 * replay as one JSON object (write_stats_json, the keys of
 * glhle_shader_stats). --ubershader async draws with the PICA fragment
 * ubershader while a program compiles (no draw waits), always draws
 * everything with it (GLHLE_PICA_UBERSHADER_*).
 * zstd- or xz-compressed input (.psxgpu.zst, .psxgpu.xz, a compressed
 * trace) is decompressed first, also told by its magic (at most 1 GiB).
 * Exit status (docs/tools.md), one line on stderr saying why for each but 0;
 * where several apply, the first in this list:
 *   0 replayed as recorded: every frame asked for written
 *   1 the trace is damaged or unreadable (the message names the byte
 *     offset), an output cannot be written, or no GL context
 *   2 usage
 *   3 the trace lost its end: no END chunk (a recording that never finished,
 *     a file cut at a chunk boundary); the frames it holds were written
 *   4 the replay diverged from the recording: calls (PICA) or GPUREAD
 *     values and VRAM reads (PlayStation) gave other results than recorded
 *   5 --frames selected no frame of the trace */
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
#include "glhle/maxwell.h"
#include "glhle/psx.h"
#include "glhle/trace.h"
#include "tools/common/decompress.h"
#include "tools/common/tool.h"

#define USAGE                                                                                        \
    "usage: glhle-replay TRACE --out DIR [--frames A-B] [--scale N] [--window] [--gles] [--renderer gl|sw]\n" \
    "                    [--shader-cache DIR] [--stats-json FILE] [--ubershader off|async|always]\n" \
    "                    [--vertex-shaders cpu|gpu|auto] [--defer-draws]\n"
#define MAX_INPUT (1ull << 30) /* the PlayStation's inputs, and compressed ones, are read whole */

enum { EXIT_BAD = 1, EXIT_USAGE = 2, EXIT_INCOMPLETE = 3, EXIT_DIVERGED = 4, EXIT_NO_FRAMES = 5 };

typedef struct replay_tool {
    const char *out_dir;
    glhle_context *ctx;
    bool tty;
    double last_bar;
    uint32_t written;
    uint32_t first, last; /* frame range, inclusive */
    uint64_t total;
    const char *cache_dir, *stats_json; /* --shader-cache, --stats-json (PICA, Maxwell) */
    uint32_t ubershader;                /* --ubershader (PICA) */
    uint32_t vertex_shaders;            /* --vertex-shaders (PICA) */
    bool gles;                          /* --gles: an OpenGL ES 3.2 context */
    bool defer_draws;                   /* --defer-draws (Maxwell) */
} replay_tool;

#define HELP                                                                                          \
    "Replays a glhle trace (PICA200 or PlayStation), a Citra .ctf or a .psxgpu GPU dump, chosen by\n"  \
    "its first bytes (also zstd- or xz-compressed), and writes DIR/frame_NNNNNN.png for each frame.\n" \
    "  --out DIR        where the PNGs go (created)\n"                                                 \
    "  --frames A-B     write frames A..B only (A-, A also work); frames count from 0\n"              \
    "  --scale N        internal resolution, 1-10 (PlayStation 1-8)\n"                                \
    "  --window         show the replay in a window as it goes\n"                                                 \
    "  --gles           replay on an OpenGL ES 3.2 context instead of desktop GL 4.5\n"              \
    "  --renderer R     PlayStation renderer: gl (default) or sw\n"                                   \
    "  --shader-cache DIR  use and fill the disk shader cache in DIR (PICA, Maxwell)\n"                         \
    "  --stats-json FILE   write the program statistics as JSON (PICA, Maxwell)\n"                             \
    "  --ubershader M   off, async (draw with the ubershader while a program compiles)\n"           \
    "                   or always (every draw with it) (PICA)\n"                                     \
    "  --vertex-shaders M  auto (default: translated to GLSL where the host and the draw allow, else\n" \
    "                   the interpreter), cpu (the interpreter) or gpu (no fallback for programs:\n"  \
    "                   their draws are skipped and reported) (PICA)\n"                             \
    "  --defer-draws    skip a draw whose program is compiling on a worker instead of waiting\n"      \
    "                   (counted as draws_deferred) (Maxwell)\n"                                    \
    "  --help, --version\n"                                                                           \
    "Exit status: 0 replayed as recorded, 1 bad trace or output, 2 usage, 3 the trace lost its END\n"  \
    "chunk, 4 the replay diverged from the recording, 5 --frames selected no frame.\n"

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
        if (t->tty)
            fputc('\n', stderr);
        tool_error("cannot write %s: %s", path, glhle_result_string(r));
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

/* The --frames range as it was written: "A-B", "A-" or "A". */
static const char *frames_text(const replay_tool *t, char out[32])
{
    if (t->last == UINT32_MAX)
        snprintf(out, 32, "%u-", t->first);
    else if (t->last == t->first)
        snprintf(out, 32, "%u", t->first);
    else
        snprintf(out, 32, "%u-%u", t->first, t->last);
    return out;
}

/* ---- the PlayStation: glhle traces and GPU dumps --------------------------------- */

typedef struct psx_tool {
    replay_tool *t;
    uint32_t frames;
} psx_tool;

/* After a frame written in a window replay: shows it; NOT_FOUND when the
 * user closed the window (the replay stops there). */
static glhle_result window_frame(replay_tool *t)
{
    if (!t->ctx || glhle_context_get_mode(t->ctx) != GLHLE_CONTEXT_WINDOW)
        return GLHLE_RESULT_OK;
    glhle_context_swap(t->ctx);
    return glhle_context_should_close(t->ctx) ? GLHLE_RESULT_NOT_FOUND : GLHLE_RESULT_OK;
}

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
        if (t->tty)
            fputc('\n', stderr);
        tool_error("cannot write %s: %s", path, glhle_result_string(r));
        return r;
    }
    t->written++;
    if (t->tty) {
        fprintf(stderr, "\rglhle-replay: frame %u  %u written", frame, t->written);
        fflush(stderr);
    }
    if (t->ctx && glhle_context_get_mode(t->ctx) == GLHLE_CONTEXT_WINDOW) {
        /* the displayed area, fitted 4:3 into the window */
        int w = 0, h = 0;
        glhle_context_drawable_size(t->ctx, &w, &h);
        const glhle_psx_present_desc pd = {.width = w, .height = h, .letterbox = true};
        if (w > 0 && h > 0)
            glhle_psx_present(psx, &pd);
    }
    return window_frame(t);
}

static int replay_psx(replay_tool *t, const char *path, const glhle_bytebuf *in, bool dump,
                      glhle_psx_renderer renderer, uint32_t scale, bool window)
{
    if (window && renderer == GLHLE_PSX_RENDERER_SOFTWARE) {
        tool_error("--window shows the GL renderer's picture; the software renderer replays offscreen");
        return EXIT_USAGE;
    }
    if (renderer == GLHLE_PSX_RENDERER_SOFTWARE && scale != 1) {
        tool_error("the software renderer draws at 1x only; --scale %u was asked", scale);
        return EXIT_USAGE;
    }
    if (scale > 8) {
        tool_error("--scale for the PlayStation is 1 to 8, got %u", scale);
        return EXIT_USAGE;
    }
    if (renderer == GLHLE_PSX_RENDERER_GL) {
        glhle_context_desc cd = {.mode = window ? GLHLE_CONTEXT_WINDOW : GLHLE_CONTEXT_OFFSCREEN,
                                 .api = t->gles ? GLHLE_GL_API_GLES : GLHLE_GL_API_CORE,
                             .window = {.title = "glhle-replay"},
                                 .log_level = GLHLE_LOG_WARN};
        glhle_result r = glhle_context_create(&cd, &t->ctx);
        if (r != GLHLE_RESULT_OK) {
            tool_error("no %s GL context: %s", window ? "window" : "offscreen", glhle_result_string(r));
            return EXIT_BAD;
        }
    }
    const glhle_psx_desc pd = {.renderer = renderer, .resolution_scale = scale, .log_level = GLHLE_LOG_WARN};
    psx_tool p = {t, 0};
    glhle_result r;
    uint32_t divergences = 0;
    bool complete = true; /* a GPU dump has no END to lose */
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
        complete = st.complete;
    }
    if (r == GLHLE_RESULT_NOT_FOUND && window)
        r = GLHLE_RESULT_OK; /* the window was closed */
    if (t->tty && t->written)
        fputc('\n', stderr);
    tool_note("%u of %u frames written to %s (PlayStation %s)", t->written, p.frames, t->out_dir,
              dump ? "GPU dump" : "trace");
    int rc = 0;
    if (r != GLHLE_RESULT_OK) {
        tool_error("%s: replay stopped: %s (see the message above)", path, glhle_result_string(r));
        rc = EXIT_BAD;
    } else if (!complete) {
        tool_error("%s: the trace ends without its END chunk (the recording did not finish, or the file was cut "
                   "short); %u frames were replayed",
                   path, p.frames);
        rc = EXIT_INCOMPLETE;
    } else if (divergences) {
        tool_error("%s: the replay diverged from the recording: %u reads returned other values than recorded", path,
                   divergences);
        rc = EXIT_DIVERGED;
    } else if (t->written == 0 && (t->first != 0 || t->last != UINT32_MAX)) {
        char range[32];
        tool_error("%s: --frames %s selects no frame; the trace has %u", path, frames_text(t, range), p.frames);
        rc = EXIT_NO_FRAMES;
    }
    glhle_context_destroy(t->ctx);
    return rc;
}

/* ---- Maxwell: glhle traces ----------------------------------------------------------- */

static glhle_result on_maxwell_frame(void *user, glhle_maxwell *gpu, uint32_t frame)
{
    replay_tool *t = user;
    if (frame < t->first || frame > t->last)
        return GLHLE_RESULT_OK;
    char path[4200];
    snprintf(path, sizeof path, "%s/frame_%06u.png", t->out_dir, frame);
    glhle_result r = glhle_maxwell_write_frame_png(gpu, path);
    if (r != GLHLE_RESULT_OK) {
        tool_error("cannot write %s: %s", path, glhle_result_string(r));
        return r;
    }
    t->written++;
    return window_frame(t); /* a window context got the frame drawn into its back buffer by the present */
}

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

/* tail: the system's own keys after the statistics (frames and its units of work). */
static bool write_stats_json(const char *path, const glhle_shader_stats *s, const char *tail)
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
            "\"programs_resident\": %llu, \"bytes_resident\": %llu, \"compile_ns\": %llu, "
            "\"draws_gpu_vertex_shader\": %llu, \"draws_cpu_vertex_shader\": %llu, "
            "\"vertices_gpu_vertex_shader\": %llu, \"vertices_cpu_vertex_shader\": %llu, \"draws_deferred\": %llu, "
            "\"dispatches\": %llu, \"draws_gpu_geometry_shader\": %llu, \"draws_cpu_geometry_shader\": %llu, "
            "\"geometry_shader_refusals\": %llu, \"programs_spirv\": %llu, \"compile_histogram_ms\": [",
            U(s->programs_compiled), U(s->programs_compiled_on_draw), U(s->draws_waited_for_compile),
            U(s->draws_by_ubershader), U(s->cache_hits), U(s->cache_records_rejected), U(s->draws),
            U(s->programs_precompiled), U(s->program_failures), U(s->cache_misses), U(s->disk_hits),
            U(s->binaries_loaded), U(s->binaries_rejected), U(s->binaries_written), U(s->records_written),
            U(s->disk_entries), U(s->evictions), U(s->programs_resident), U(s->bytes_resident), U(s->compile_ns),
            U(s->draws_gpu_vertex_shader), U(s->draws_cpu_vertex_shader), U(s->vertices_gpu_vertex_shader),
            U(s->vertices_cpu_vertex_shader), U(s->draws_deferred), U(s->dispatches), U(s->draws_gpu_geometry_shader),
            U(s->draws_cpu_geometry_shader), U(s->geometry_shader_refusals), U(s->programs_spirv));
    for (int i = 0; i < GLHLE_SHADER_COMPILE_BUCKETS; i++)
        fprintf(f, "%s%llu", i ? ", " : "", U(s->compile_histogram[i]));
    fprintf(f, "], %s}\n", tail);
#undef U
    return fclose(f) == 0;
}

static int replay_maxwell(replay_tool *t, const char *path, const glhle_bytebuf *in, uint32_t scale, bool window)
{
    if (scale > 8) {
        tool_error("--scale for Maxwell is 1 to 8, got %u", scale);
        return EXIT_USAGE;
    }
    glhle_context_desc cd = {.mode = window ? GLHLE_CONTEXT_WINDOW : GLHLE_CONTEXT_OFFSCREEN,
                             .api = t->gles ? GLHLE_GL_API_GLES : GLHLE_GL_API_CORE,
                             .window = {.title = "glhle-replay"},
                             .log_level = GLHLE_LOG_WARN};
    glhle_result r = glhle_context_create(&cd, &t->ctx);
    if (r != GLHLE_RESULT_OK) {
        tool_error("no %s GL context: %s", window ? "window" : "offscreen", glhle_result_string(r));
        return EXIT_BAD;
    }
    char title[256];
    trace_title(path, title, sizeof title);
    const glhle_maxwell_replay_desc rd = {
        .ctx = t->ctx,
        .maxwell = {.scale = scale,
                    .log_level = GLHLE_LOG_WARN,
                    .shader_cache_dir = t->cache_dir,
                    .shader_cache_title = title,
                    .shader_defer_draws = t->defer_draws},
        .frames = t->last == UINT32_MAX ? 0 : t->last + 1,
        .on_frame = on_maxwell_frame,
        .user = t,
    };
    glhle_maxwell_replay_stats st;
    r = glhle_maxwell_trace_replay(in->data, in->size, &rd, &st);
    if (r == GLHLE_RESULT_NOT_FOUND && window)
        r = GLHLE_RESULT_OK; /* the window was closed */
    tool_note("%u of %u frames written to %s (Maxwell trace, %u submissions)", t->written, st.frames, t->out_dir,
              st.submissions);
    char tail[512];
    const glhle_maxwell_render_stats *rs = &st.render;
    snprintf(tail, sizeof tail,
             "\"frames\": %u, \"submissions\": %u, \"problems\": %u, \"surface_loads\": %llu, "
             "\"surface_writebacks\": %llu, \"twod_gpu\": %llu, \"dma_gpu\": %llu, \"i2m_gpu\": %llu",
             st.frames, st.submissions, st.problems, (unsigned long long)rs->loads, (unsigned long long)rs->writebacks,
             (unsigned long long)rs->twod_gpu, (unsigned long long)rs->dma_gpu, (unsigned long long)rs->i2m_gpu);
    const bool stats_written = !t->stats_json || write_stats_json(t->stats_json, &st.shaders, tail);
    int rc = 0;
    if (r != GLHLE_RESULT_OK) {
        tool_error("%s: replay stopped: %s (see the message above)", path, glhle_result_string(r));
        rc = EXIT_BAD;
    } else if (!stats_written) {
        tool_error("cannot write %s: %s", t->stats_json, strerror(errno));
        rc = EXIT_BAD;
    } else if (!st.ended) {
        tool_error("%s: the trace ends without its END chunk (the recording did not finish, or the file was cut "
                   "short); %u frames were replayed",
                   path, st.frames);
        rc = EXIT_INCOMPLETE;
    } else if (st.problems) {
        tool_error("%s: %u submissions or presents reported problems in the replay (see the messages above)", path,
                   st.problems);
        rc = EXIT_DIVERGED;
    } else if (t->written == 0 && (t->first != 0 || t->last != UINT32_MAX)) {
        char range[32];
        tool_error("%s: --frames %s selects no frame; the trace has %u", path, frames_text(t, range), st.frames);
        rc = EXIT_NO_FRAMES;
    }
    glhle_context_destroy(t->ctx);
    return rc;
}

/* ---- the PICA: glhle traces and CiTraces ---------------------------------------------- */

static int replay_pica(replay_tool *t, const char *trace_path, const glhle_bytebuf *in, uint32_t scale, bool window)
{
    glhle_trace_open_desc od = {.log_level = GLHLE_LOG_WARN};
    glhle_trace *trace = NULL;
    glhle_result r = in ? glhle_trace_open_memory(in->data, in->size, &od, &trace)
                        : glhle_trace_open_file(trace_path, &od, &trace);
    if (r != GLHLE_RESULT_OK) {
        tool_error("%s: %s (see the message above)", trace_path, glhle_result_string(r));
        return EXIT_BAD;
    }
    glhle_context_desc cd = {.mode = window ? GLHLE_CONTEXT_WINDOW : GLHLE_CONTEXT_OFFSCREEN,
                             .api = t->gles ? GLHLE_GL_API_GLES : GLHLE_GL_API_CORE,
                             .window = {.title = "glhle-replay"},
                             .log_level = GLHLE_LOG_WARN};
    r = glhle_context_create(&cd, &t->ctx);
    if (r != GLHLE_RESULT_OK) {
        tool_error("no %s GL context: %s", window ? "window" : "offscreen", glhle_result_string(r));
        glhle_trace_close(trace);
        return EXIT_BAD;
    }
    char title[256];
    trace_title(trace_path, title, sizeof title);
    glhle_trace_replay_desc rd = {
        .ctx = t->ctx,
        .pica = {.resolution_scale = scale,
                 .log_level = GLHLE_LOG_WARN,
                 .shader_cache_dir = t->cache_dir,
                 .shader_cache_title = title,
                 .shader_ubershader = t->ubershader,
                 .vertex_shaders = t->vertex_shaders},
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
    tool_note("%u of %u frames written to %s (%u command lists, %llu draws)", t->written, st.frames, t->out_dir,
              st.command_lists, (unsigned long long)st.draws);
    glhle_trace_info info;
    glhle_trace_get_info(trace, &info);
    char tail[192];
    snprintf(tail, sizeof tail,
             "\"frames\": %u, \"command_lists\": %u, \"divergences\": %u, \"max_shader_steps_per_run\": %llu",
             st.frames, st.command_lists, st.divergences, (unsigned long long)st.max_shader_steps);
    const bool stats_written = !t->stats_json || write_stats_json(t->stats_json, &st.shaders, tail);
    int rc = 0;
    if (r != GLHLE_RESULT_OK) {
        tool_error("%s: replay stopped: %s (see the message above)", trace_path, glhle_result_string(r));
        rc = EXIT_BAD;
    } else if (!stats_written) {
        tool_error("cannot write %s: %s", t->stats_json, strerror(errno));
        rc = EXIT_BAD;
    } else if (!info.complete) {
        tool_error("%s: the trace ends without its END chunk (the recording did not finish, or the file was cut "
                   "short); it holds %u frames",
                   trace_path, info.frames);
        rc = EXIT_INCOMPLETE;
    } else if (st.divergences) {
        tool_error("%s: the replay diverged from the recording: %u calls gave other results than recorded",
                   trace_path, st.divergences);
        rc = EXIT_DIVERGED;
    } else if (t->written == 0 && (t->first != 0 || t->last != UINT32_MAX) && !window) {
        char range[32];
        tool_error("%s: --frames %s selects no frame; the trace has %u", trace_path, frames_text(t, range),
                   info.frames);
        rc = EXIT_NO_FRAMES;
    }
    glhle_context_destroy(t->ctx);
    glhle_trace_close(trace);
    return rc;
}

/* ---- input and kinds ---------------------------------------------------------------- */

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
    tool_init("glhle-replay", USAGE);
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
        {"vertex-shaders", required_argument, NULL, 'v'}, {"gles", no_argument, NULL, 'g'},
        {"defer-draws", no_argument, NULL, 'D'},      {NULL, 0, NULL, 0},
    };
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        switch (c) {
        case 'o': t.out_dir = optarg; break;
        case 'f':
            if (!parse_frames(optarg, &t.first, &t.last)) {
                tool_error("--frames wants A-B, A- or A (frame numbers from 0), got '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case 's':
            if (!parse_u32(optarg, &scale) || scale < 1 || scale > 10) {
                tool_error("--scale wants 1 to 10, got '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'w': window = true; break;
        case 'g': t.gles = true; break;
        case 'D': t.defer_draws = true; break;
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
        case 'v':
            if (!strcmp(optarg, "cpu"))
                t.vertex_shaders = GLHLE_PICA_VERTEX_SHADERS_CPU;
            else if (!strcmp(optarg, "gpu"))
                t.vertex_shaders = GLHLE_PICA_VERTEX_SHADERS_GPU;
            else if (!strcmp(optarg, "auto"))
                t.vertex_shaders = GLHLE_PICA_VERTEX_SHADERS_AUTO;
            else {
                tool_error("--vertex-shaders wants cpu, gpu or auto, got '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'r':
            if (!strcmp(optarg, "gl"))
                renderer = GLHLE_PSX_RENDERER_GL;
            else if (!strcmp(optarg, "sw"))
                renderer = GLHLE_PSX_RENDERER_SOFTWARE;
            else {
                tool_error("--renderer wants gl or sw, got '%s'", optarg);
                return EXIT_USAGE;
            }
            break;
        case 'h': return tool_help(HELP);
        case 'V': return tool_version();
        default: return tool_bad_option(c, argv);
        }
    }
    if (optind != argc - 1 || !t.out_dir) {
        if (!t.out_dir && optind == argc - 1)
            tool_error("--out DIR is needed");
        return tool_usage();
    }
    const char *trace_path = argv[optind];
    t.tty = isatty(STDERR_FILENO) != 0;

    /* the kind, by magic; standard input and compressed files are read whole */
    uint8_t head[32] = {0};
    glhle_bytebuf buf, *in = NULL;
    long got = 0;
    if (strcmp(trace_path, "-") != 0 && (got = peek(trace_path, head, sizeof head)) < 0) {
        tool_error("cannot read %s: %s", trace_path, strerror(errno));
        return EXIT_BAD;
    }
    if (!strcmp(trace_path, "-") || tool_compression_of(head, (size_t)got) != TOOL_COMPRESSION_NONE) {
        in = &buf;
        if (!tool_read_input(trace_path, (size_t)MAX_INPUT, TOOL_DECOMPRESS, in)) {
            glhle_bytebuf_free(in);
            return EXIT_BAD;
        }
        got = (long)(in->size < sizeof head ? in->size : sizeof head);
        memcpy(head, in->data, (size_t)got);
    }
    const bool psx_trace = trace_peek_system(head, (size_t)got) == TRACE_SYSTEM_PSX;
    const bool psx_dump = (size_t)got >= 12 && !memcmp(head, "PSXGPUDUMPv", 11);
    int rc;
    if (!glhle_make_dirs(t.out_dir)) {
        tool_error("cannot create the output folder %s: %s", t.out_dir, strerror(errno));
        rc = EXIT_BAD;
    } else if (trace_peek_system(head, (size_t)got) == TRACE_SYSTEM_MAXWELL) {
        if (!in && (in = &buf, !tool_read_input(trace_path, (size_t)MAX_INPUT, TOOL_PLAIN, in)))
            rc = EXIT_BAD;
        else
            rc = replay_maxwell(&t, trace_path, in, scale, window);
    } else if (psx_trace || psx_dump) {
        if (!in && (in = &buf, !tool_read_input(trace_path, (size_t)MAX_INPUT, TOOL_PLAIN, in))) {
            rc = EXIT_BAD;
        } else {
            rc = replay_psx(&t, trace_path, in, psx_dump,
                            renderer < 0 ? GLHLE_PSX_RENDERER_GL : (glhle_psx_renderer)renderer, scale, window);
        }
    } else if (renderer == GLHLE_PSX_RENDERER_SOFTWARE) {
        tool_error("--renderer sw: the PICA replays on GL only");
        rc = EXIT_USAGE;
    } else {
        rc = replay_pica(&t, trace_path, in, scale, window);
    }
    if (in)
        glhle_bytebuf_free(in);
    return rc;
}
