/* glhle-replay: replays a trace and writes one PNG per presented frame.
 *   glhle-replay TRACE --out DIR [--frames A-B] [--scale N] [--window]
 * TRACE is a glhle trace (.glht) or a Citra/Azahar CiTrace (.ctf). Frames
 * are the trace's presents counted from 0; frame N goes to
 * DIR/frame_NNNNNN.png (created with DIR as needed). --frames A-B writes
 * frames A to B only (A- from A on, A alone that one frame) and stops after
 * B; the frames before A are still replayed, unwritten. --scale N renders at
 * N times the native resolution (1-10). The replay runs offscreen (EGL
 * surfaceless, no display needed) unless --window shows it in a GLFW window
 * as it goes. On a terminal, stderr shows a progress bar; elsewhere it
 * stays quiet but for problems and the closing summary.
 * --shader-cache DIR uses and fills the disk shader cache DIR/NAME.pica.glsc
 * (NAME: the trace's file name without its extension); --stats-json FILE
 * writes the instance's program statistics after the replay as one JSON
 * object (write_stats_json, the keys of glhle_shader_stats).
 * Exit status: 0 replayed, 1 the trace or an output could not be handled
 * (the message names the byte offset for a bad trace), 2 usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "glhle/trace.h"

typedef struct replay_tool {
    const char *out_dir;
    glhle_context *ctx;
    bool tty;
    double last_bar;
    uint32_t written;
    uint32_t first, last; /* frame range, inclusive */
    uint64_t total;
} replay_tool;

static int usage(void)
{
    fprintf(stderr, "usage: glhle-replay TRACE --out DIR [--frames A-B] [--scale N] [--window]\n"
                    "                    [--shader-cache DIR] [--stats-json FILE]\n");
    return 2;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* mkdir -p */
static bool make_dirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return false;
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != 0)
            continue;
        char c = buf[i];
        buf[i] = 0;
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return false;
        buf[i] = c;
    }
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
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

int main(int argc, char **argv)
{
    const char *cache_dir = NULL, *stats_json = NULL;
    const char *trace_path = NULL;
    replay_tool t;
    memset(&t, 0, sizeof t);
    t.last = UINT32_MAX;
    uint32_t scale = 1;
    bool window = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            t.out_dir = argv[++i];
        } else if (!strcmp(argv[i], "--frames") && i + 1 < argc) {
            if (!parse_frames(argv[++i], &t.first, &t.last)) {
                fprintf(stderr, "glhle-replay: --frames wants A-B, A- or A (frame numbers from 0), got '%s'\n",
                        argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--scale") && i + 1 < argc) {
            if (!parse_u32(argv[++i], &scale) || scale < 1 || scale > 10) {
                fprintf(stderr, "glhle-replay: --scale wants 1 to 10, got '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--shader-cache") && i + 1 < argc) {
            cache_dir = argv[++i];
        } else if (!strcmp(argv[i], "--stats-json") && i + 1 < argc) {
            stats_json = argv[++i];
        } else if (!strcmp(argv[i], "--window")) {
            window = true;
        } else if (!trace_path && argv[i][0] != '-') {
            trace_path = argv[i];
        } else {
            return usage();
        }
    }
    if (!trace_path || !t.out_dir)
        return usage();
    t.tty = isatty(STDERR_FILENO) != 0;

    glhle_trace_open_desc od = {.log_level = GLHLE_LOG_WARN};
    glhle_trace *trace = NULL;
    glhle_result r = glhle_trace_open_file(trace_path, &od, &trace);
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "glhle-replay: %s: %s (see the message above)\n", trace_path, glhle_result_string(r));
        return 1;
    }
    if (!make_dirs(t.out_dir)) {
        fprintf(stderr, "glhle-replay: cannot create the output folder %s: %s\n", t.out_dir, strerror(errno));
        glhle_trace_close(trace);
        return 1;
    }
    glhle_context_desc cd = {.mode = window ? GLHLE_CONTEXT_WINDOW : GLHLE_CONTEXT_OFFSCREEN,
                             .window = {.title = "glhle-replay"},
                             .log_level = GLHLE_LOG_WARN};
    r = glhle_context_create(&cd, &t.ctx);
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "glhle-replay: no %s GL context: %s\n", window ? "window" : "offscreen",
                glhle_result_string(r));
        glhle_trace_close(trace);
        return 1;
    }
    char title[256];
    trace_title(trace_path, title, sizeof title);
    glhle_trace_replay_desc rd = {
        .ctx = t.ctx,
        .pica = {.resolution_scale = scale,
                 .log_level = GLHLE_LOG_WARN,
                 .shader_cache_dir = cache_dir,
                 .shader_cache_title = title},
        .first_frame = t.first,
        .frame_count = t.last == UINT32_MAX ? 0 : t.last - t.first + 1,
        .on_frame = on_frame,
        .on_progress = on_progress,
        .user = &t,
    };
    glhle_trace_replay_stats st;
    r = glhle_trace_replay(trace, &rd, &st);
    bar(&t, t.total, st.frames, true);
    if (r == GLHLE_RESULT_NOT_FOUND && window)
        r = GLHLE_RESULT_OK; /* the window was closed */
    int rc = 0;
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "glhle-replay: %s: replay stopped: %s (see the message above)\n", trace_path,
                glhle_result_string(r));
        rc = 1;
    }
    fprintf(stderr, "glhle-replay: %u of %u frames written to %s (%u command lists, %llu draws)\n", t.written,
            st.frames, t.out_dir, st.command_lists, (unsigned long long)st.draws);
    if (st.divergences)
        fprintf(stderr,
                "glhle-replay: %u calls ran differently from the recording; the frames may not match it\n",
                st.divergences);
    if (stats_json && !write_stats_json(stats_json, &st.shaders, &st)) {
        fprintf(stderr, "glhle-replay: cannot write %s: %s\n", stats_json, strerror(errno));
        rc = 1;
    }
    if (t.first != 0 || t.last != UINT32_MAX) {
        if (t.written == 0 && rc == 0)
            fprintf(stderr, "glhle-replay: the trace has no frame in %u-%u\n", t.first, t.last);
    }
    glhle_context_destroy(t.ctx);
    glhle_trace_close(trace);
    return rc;
}
