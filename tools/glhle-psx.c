/* glhle-psx: runs PlayStation GPU command streams.
 *
 *   glhle-psx run SCRIPT --vram OUT.raw16 [--png OUT.png] [--display OUT.png]
 *                        [--renderer gl|sw] [--scale N] [--gles]
 *       executes a text script of GP0/GP1 words (backend/psx/script.h) and
 *       writes VRAM as 1024x512 little-endian 16-bit words (native at any
 *       scale); --png writes VRAM as RGBA at the internal resolution,
 *       --display the displayed area at native resolution.
 *
 *   glhle-psx replay DUMP.psxgpu --out DIR [--frames A-B] [--renderer gl|sw] [--scale N] [--gles]
 *       replays a GPU dump (ps1dev/standards GPUDUMP.md, as DuckStation
 *       writes it, also zstd- or xz-compressed: .psxgpu.zst, .psxgpu.xz,
 *       told by their magic) and writes the displayed area at each VSync as
 *       DIR/frame_NNNNN.png, with a progress line on a TTY.
 *
 * Both take --gles (the GL renderer on an OpenGL ES 3.2 context) and --record TRACE.glht: a glhle PlayStation trace of the session
 * (docs/formats.md), for glhle-replay; `run` marks one frame (a VSync) at
 * the end of the script. `glhle-psx replay` is kept for compatibility:
 * glhle-replay plays the same dumps, and glhle traces of every system.
 *
 * "-" reads SCRIPT or DUMP from standard input.
 *
 * Exit status: 0 done (bad words in the stream are reported and skipped, as
 * the hardware does), 1 failure (unreadable input, syntax error, GL or I/O
 * error), 2 usage. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend/common/bytebuf.h"
#include "backend/common/dirs.h"
#include "backend/common/image.h"
#include "backend/psx/gpudump.h"
#include "backend/psx/script.h"
#include "glhle/psx.h"
#include "tools/common/tool.h"

#define USAGE                                                                                        \
    "usage: glhle-psx run SCRIPT --vram OUT.raw16 [--png OUT.png] [--display OUT.png]\n"             \
    "                     [--renderer gl|sw] [--scale N] [--gles] [--record TRACE.glht]\n"            \
    "       glhle-psx replay DUMP.psxgpu --out DIR [--frames A-B] [--renderer gl|sw] [--scale N]\n"   \
    "                        [--gles] [--record TRACE.glht]\n"
#define HELP                                                                                             \
    "Runs PlayStation GPU command streams. SCRIPT is text (gp0/gp1 lines of words); DUMP a DuckStation\n" \
    "GPU dump, also zstd- or xz-compressed (.psxgpu.zst, .psxgpu.xz); - reads standard input.\n"         \
    "  --vram OUT.raw16     VRAM as 1024x512 little-endian 16-bit words (run)\n"                         \
    "  --png OUT.png        VRAM as RGBA at the internal resolution (run)\n"                             \
    "  --display OUT.png    the displayed area at native resolution (run)\n"                            \
    "  --out DIR            DIR/frame_NNNNN.png at each VSync (replay)\n"                                \
    "  --frames A-B         write frames A to B only (replay)\n"                                         \
    "  --renderer gl|sw     the GL renderer (default) or the software reference\n"                      \
    "  --scale N            internal resolution 1-8 (GL)\n"                                              \
    "  --gles               an OpenGL ES 3.2 context instead of desktop GL 4.5 (GL)\n"                  \
    "  --record TRACE.glht  record the session as a glhle trace (for glhle-replay)\n"                    \
    "  --help, --version\n"                                                                               \
    "Exit status: 0 done, 1 failure (unreadable input, syntax error, GL or I/O error), 2 usage.\n"
#define MAX_SCRIPT (256u << 20)
#define MAX_DUMP (1u << 30)

typedef struct options {
    const char *command, *input, *vram, *png, *display, *out, *record;
    glhle_psx_renderer renderer;
    uint32_t scale;
    uint32_t first, last;
    bool gles; /* --gles */
} options;

/* 0 parsed, 2 usage (said), -1 --help or --version (done). */
static int parse_args(int argc, char **argv, options *o)
{
    static const struct option longs[] = {
        {"vram", required_argument, NULL, 'v'},     {"png", required_argument, NULL, 'p'},
        {"display", required_argument, NULL, 'd'},  {"out", required_argument, NULL, 'o'},
        {"record", required_argument, NULL, 'R'},   {"renderer", required_argument, NULL, 'r'},
        {"scale", required_argument, NULL, 's'},    {"frames", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},           {"version", no_argument, NULL, 'V'},
        {"gles", no_argument, NULL, 'g'},           {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->last = UINT32_MAX;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        switch (c) {
        case 'v': o->vram = optarg; break;
        case 'p': o->png = optarg; break;
        case 'd': o->display = optarg; break;
        case 'o': o->out = optarg; break;
        case 'R': o->record = optarg; break;
        case 'g': o->gles = true; break;
        case 'r':
            if (strcmp(optarg, "gl") && strcmp(optarg, "sw")) {
                tool_error("--renderer wants gl or sw, got '%s'", optarg);
                return 2;
            }
            o->renderer = !strcmp(optarg, "sw") ? GLHLE_PSX_RENDERER_SOFTWARE : GLHLE_PSX_RENDERER_GL;
            break;
        case 's': {
            char *end;
            unsigned long v = strtoul(optarg, &end, 10);
            if (end == optarg || *end || v < 1 || v > 8) {
                tool_error("--scale wants 1 to 8, got '%s'", optarg);
                return 2;
            }
            o->scale = (uint32_t)v;
            break;
        }
        case 'f': {
            unsigned long first, last;
            char dash, tail;
            if (sscanf(optarg, "%lu%c%lu%c", &first, &dash, &last, &tail) != 3 || dash != '-' || last < first ||
                last > UINT32_MAX || optarg[0] == '-') {
                tool_error("--frames wants A-B, got '%s'", optarg);
                return 2;
            }
            o->first = (uint32_t)first;
            o->last = (uint32_t)last;
            break;
        }
        case 'h': tool_help(HELP); return -1;
        case 'V': tool_version(); return -1;
        default: return tool_bad_option(c, argv);
        }
    }
    if (argc - optind != 2)
        return tool_usage();
    o->command = argv[optind];
    o->input = argv[optind + 1];
    return 0;
}

typedef struct session {
    glhle_context *ctx;
    glhle_psx *psx;
    glhle_psx_recorder *rec;
} session;

static int open_session(const options *o, session *s)
{
    memset(s, 0, sizeof *s);
    if (o->renderer == GLHLE_PSX_RENDERER_GL) {
        glhle_context_desc cd = {.api = o->gles ? GLHLE_GL_API_GLES : GLHLE_GL_API_CORE,
                                 .log_level = GLHLE_LOG_WARN}; /* a tool prints only what went wrong */
        if (glhle_context_create(&cd, &s->ctx) != GLHLE_RESULT_OK)
            return 1;
    }
    glhle_psx_desc pd = {0};
    pd.renderer = o->renderer;
    pd.resolution_scale = o->scale;
    if (glhle_psx_create(s->ctx, &pd, &s->psx) != GLHLE_RESULT_OK) {
        glhle_context_destroy(s->ctx);
        return 1;
    }
    if (o->record) {
        const glhle_psx_recorder_desc rd = {.path = o->record, .comment = o->input};
        if (glhle_psx_recorder_create(&rd, &s->rec) != GLHLE_RESULT_OK ||
            glhle_psx_recorder_attach(s->rec, s->psx) != GLHLE_RESULT_OK) {
            glhle_psx_recorder_destroy(s->rec);
            glhle_psx_destroy(s->psx);
            glhle_context_destroy(s->ctx);
            return 1;
        }
    }
    return 0;
}

/* Non-zero when the recording failed (its message is logged). */
static int close_session(session *s)
{
    int rc = s->rec && glhle_psx_recorder_finish(s->rec) != GLHLE_RESULT_OK;
    glhle_psx_recorder_destroy(s->rec);
    glhle_psx_destroy(s->psx);
    glhle_context_destroy(s->ctx);
    return rc;
}

static int cmd_run(const options *o)
{
    if (!o->vram) {
        tool_error("run wants --vram OUT.raw16");
        return tool_usage();
    }
    glhle_bytebuf text;
    if (!tool_read_input(o->input, MAX_SCRIPT, TOOL_PLAIN, &text)) {
        glhle_bytebuf_free(&text);
        return 1;
    }
    session s;
    if (open_session(o, &s)) {
        glhle_bytebuf_free(&text);
        return 1;
    }
    int rc = 0;
    if (psx_script_run(s.psx, (const char *)text.data, text.size, NULL) != GLHLE_RESULT_OK)
        rc = 1;
    glhle_bytebuf_free(&text);
    glhle_psx_end_stream(s.psx); /* a truncated command is logged, the rest stands */
    glhle_psx_vsync(s.psx);      /* the script is one frame */
    uint16_t *vram = rc ? NULL : malloc(sizeof(uint16_t) * GLHLE_PSX_VRAM_WIDTH * GLHLE_PSX_VRAM_HEIGHT);
    if (vram && glhle_psx_read_vram(s.psx, 0, 0, GLHLE_PSX_VRAM_WIDTH, GLHLE_PSX_VRAM_HEIGHT, vram) == GLHLE_RESULT_OK) {
        FILE *f = fopen(o->vram, "wb");
        size_t n = GLHLE_PSX_VRAM_WIDTH * GLHLE_PSX_VRAM_HEIGHT;
        uint8_t *bytes = malloc(n * 2);
        for (size_t i = 0; bytes && i < n; i++) { /* little-endian whatever the host */
            bytes[2 * i] = (uint8_t)vram[i];
            bytes[2 * i + 1] = (uint8_t)(vram[i] >> 8);
        }
        if (!f || !bytes || fwrite(bytes, 2, n, f) != n) {
            tool_error("cannot write %s: %s", o->vram, strerror(errno));
            rc = 1;
        }
        if (f && fclose(f) != 0)
            rc = 1;
        free(bytes);
    } else if (!rc) {
        rc = 1;
    }
    free(vram);
    if (!rc && o->png) {
        uint32_t sc = glhle_psx_get_scale(s.psx);
        glhle_image img = {0};
        if (glhle_image_alloc(&img, GLHLE_PSX_VRAM_WIDTH * sc, GLHLE_PSX_VRAM_HEIGHT * sc) != GLHLE_RESULT_OK ||
            glhle_psx_read_vram_rgba(s.psx, img.rgba, (size_t)img.width * img.height * 4) != GLHLE_RESULT_OK ||
            glhle_png_write_file(o->png, &img, NULL) != GLHLE_RESULT_OK)
            rc = 1;
        glhle_image_free(&img);
    }
    if (!rc && o->display && glhle_psx_write_display_png(s.psx, o->display) != GLHLE_RESULT_OK)
        rc = 1;
    glhle_psx_stats st;
    glhle_psx_get_stats(s.psx, &st);
    tool_note("%llu GP0 + %llu GP1 words, %llu primitives, %llu transfers, %llu draw calls%s",
            (unsigned long long)st.gp0_words, (unsigned long long)st.gp1_words, (unsigned long long)st.primitives,
            (unsigned long long)st.transfers, (unsigned long long)st.draw_calls,
            st.bad_words ? " (bad words were skipped, see above)" : "");
    if (close_session(&s))
        rc = 1;
    return rc;
}

typedef struct replay_state {
    const options *o;
    uint32_t written;
    bool tty;
} replay_state;

static glhle_result on_frame(void *user, glhle_psx *psx, uint32_t frame)
{
    replay_state *rs = user;
    if (frame < rs->o->first)
        return GLHLE_RESULT_OK;
    char path[4096];
    snprintf(path, sizeof path, "%s/frame_%05u.png", rs->o->out, frame);
    glhle_result r = glhle_psx_write_display_png(psx, path);
    if (r != GLHLE_RESULT_OK)
        return r;
    rs->written++;
    if (rs->tty)
        fprintf(stderr, "\rglhle-psx: frame %u", frame);
    return GLHLE_RESULT_OK;
}

static int cmd_replay(const options *o)
{
    if (!o->out) {
        tool_error("replay wants --out DIR");
        return tool_usage();
    }
    if (!glhle_make_dirs(o->out)) {
        tool_error("cannot create %s: %s", o->out, strerror(errno));
        return 1;
    }
    glhle_bytebuf file;
    if (!tool_read_input(o->input, MAX_DUMP, TOOL_DECOMPRESS, &file)) {
        glhle_bytebuf_free(&file);
        return 1;
    }
    session s;
    if (open_session(o, &s)) {
        glhle_bytebuf_free(&file);
        return 1;
    }
    replay_state rs = {o, 0, isatty(2) != 0};
    psx_gpudump_stats st;
    glhle_result r = psx_gpudump_play(s.psx, file.data, file.size, o->last, on_frame, &rs, NULL, &st);
    if (rs.tty)
        fprintf(stderr, "\n");
    tool_note("%u packets, %u frames, %u PNGs in %s, %u unknown packets skipped, %u with bad words",
            st.packets, st.frames, rs.written, o->out, st.skipped, st.bad_packets);
    glhle_bytebuf_free(&file);
    int rec_failed = close_session(&s);
    return r == GLHLE_RESULT_OK && !rec_failed ? 0 : 1;
}

int main(int argc, char **argv)
{
    tool_init("glhle-psx", USAGE);
    options o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!strcmp(o.command, "run"))
        return cmd_run(&o);
    if (!strcmp(o.command, "replay"))
        return cmd_replay(&o);
    tool_error("unknown command '%s'", o.command);
    return tool_usage();
}
