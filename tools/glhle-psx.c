/* glhle-psx: runs PlayStation GPU command streams.
 *
 *   glhle-psx run SCRIPT --vram OUT.raw16 [--png OUT.png] [--display OUT.png]
 *                        [--renderer gl|sw] [--scale N]
 *       executes a text script of GP0/GP1 words (backend/psx/script.h) and
 *       writes VRAM as 1024x512 little-endian 16-bit words (native at any
 *       scale); --png writes VRAM as RGBA at the internal resolution,
 *       --display the displayed area at native resolution.
 *
 *   glhle-psx replay DUMP.psxgpu --out DIR [--frames A-B] [--renderer gl|sw] [--scale N]
 *       replays a GPU dump (ps1dev/standards GPUDUMP.md, as DuckStation
 *       writes it) and writes the displayed area at each VSync as
 *       DIR/frame_NNNNN.png, with a progress line on a TTY.
 *
 * Both take --record TRACE.glht: a glhle PlayStation trace of the session
 * (docs/formats.md), for glhle-replay; `run` marks one frame (a VSync) at
 * the end of the script. `glhle-psx replay` is kept for compatibility:
 * glhle-replay plays the same dumps, and glhle traces of every system.
 *
 * Exit status: 0 done (bad words in the stream are reported and skipped, as
 * the hardware does), 1 failure (unreadable input, syntax error, GL or I/O
 * error), 2 usage. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend/common/bytebuf.h"
#include "backend/common/image.h"
#include "backend/psx/gpudump.h"
#include "backend/psx/script.h"
#include "glhle/psx.h"

static void usage(void)
{
    fprintf(stderr,
            "usage: glhle-psx run SCRIPT --vram OUT.raw16 [--png OUT.png] [--display OUT.png]\n"
            "                     [--renderer gl|sw] [--scale N] [--record TRACE.glht]\n"
            "       glhle-psx replay DUMP.psxgpu --out DIR [--frames A-B] [--renderer gl|sw] [--scale N]\n"
            "                        [--record TRACE.glht]\n");
}

typedef struct options {
    const char *input, *vram, *png, *display, *out, *record;
    glhle_psx_renderer renderer;
    uint32_t scale;
    uint32_t first, last;
} options;

static int parse_args(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->last = UINT32_MAX;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (a[0] != '-') {
            if (o->input)
                return 2;
            o->input = a;
            continue;
        }
        if (!v)
            return 2;
        i++;
        if (!strcmp(a, "--vram"))
            o->vram = v;
        else if (!strcmp(a, "--png"))
            o->png = v;
        else if (!strcmp(a, "--display"))
            o->display = v;
        else if (!strcmp(a, "--out"))
            o->out = v;
        else if (!strcmp(a, "--record"))
            o->record = v;
        else if (!strcmp(a, "--renderer") && (!strcmp(v, "gl") || !strcmp(v, "sw")))
            o->renderer = !strcmp(v, "sw") ? GLHLE_PSX_RENDERER_SOFTWARE : GLHLE_PSX_RENDERER_GL;
        else if (!strcmp(a, "--scale") && atoi(v) >= 1 && atoi(v) <= 8)
            o->scale = (uint32_t)atoi(v);
        else if (!strcmp(a, "--frames")) {
            unsigned long first, last;
            char dash;
            if (sscanf(v, "%lu%c%lu", &first, &dash, &last) != 3 || dash != '-' || last < first)
                return 2;
            o->first = (uint32_t)first;
            o->last = (uint32_t)last;
        } else
            return 2;
    }
    return o->input ? 0 : 2;
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
        glhle_context_desc cd = {.log_level = GLHLE_LOG_WARN}; /* a tool prints only what went wrong */
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
        usage();
        return 2;
    }
    glhle_bytebuf text;
    glhle_bytebuf_init(&text, 256u << 20);
    if (!glhle_bytebuf_read_file(&text, o->input, 256u << 20)) {
        fprintf(stderr, "glhle-psx: cannot read %s: %s\n", o->input, strerror(errno));
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
            fprintf(stderr, "glhle-psx: cannot write %s: %s\n", o->vram, strerror(errno));
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
    fprintf(stderr, "glhle-psx: %llu GP0 + %llu GP1 words, %llu primitives, %llu transfers, %llu draw calls%s\n",
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
        usage();
        return 2;
    }
    if (mkdir(o->out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "glhle-psx: cannot create %s: %s\n", o->out, strerror(errno));
        return 1;
    }
    glhle_bytebuf file;
    glhle_bytebuf_init(&file, 1u << 30);
    if (!glhle_bytebuf_read_file(&file, o->input, 1u << 30)) {
        fprintf(stderr, "glhle-psx: cannot read %s: %s\n", o->input, strerror(errno));
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
    fprintf(stderr, "glhle-psx: %u packets, %u frames, %u PNGs in %s, %u unknown packets skipped, %u with bad words\n",
            st.packets, st.frames, rs.written, o->out, st.skipped, st.bad_packets);
    glhle_bytebuf_free(&file);
    int rec_failed = close_session(&s);
    return r == GLHLE_RESULT_OK && !rec_failed ? 0 : 1;
}

int main(int argc, char **argv)
{
    options o;
    if (argc < 2 || parse_args(argc, argv, &o) != 0) {
        usage();
        return 2;
    }
    if (!strcmp(argv[1], "run"))
        return cmd_run(&o);
    if (!strcmp(argv[1], "replay"))
        return cmd_replay(&o);
    usage();
    return 2;
}
