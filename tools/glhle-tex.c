/* glhle-tex: PICA200 texture data, SMDH icons and tex3ds files to PNG and back.
 *
 *   glhle-tex decode --format F --width W --height H [--linear|--block32]
 *                    [--offset N] [--level L] [--flip] IN OUT.png
 *   glhle-tex encode --format F [--linear|--block32] [--flip] IN.png OUT
 *   glhle-tex smdh IN.smdh OUTPREFIX        writes OUTPREFIX-24.png, OUTPREFIX-48.png
 *   glhle-tex t3x [--all] IN.t3x OUT.png    first sub-image of level 0; --all: every
 *                                           level, sub-image and cube face
 *   glhle-tex formats                       lists the format names
 *
 * Formats are the register names in lower case (rgba8 ... etc1a4, d16 d24
 * d24s8). Depth images map to PNG losslessly: R, G, B = depth bits 23-16,
 * 15-8, 7-0 (D16: its 16 bits widened to 24 by replication), A = stencil
 * (255 for D16 and D24). --flip treats the PNG as bottom row first.
 * "-" as IN reads standard input.
 * Exit status: 0 done, 1 an input or output could not be handled, 2 usage. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/common/image.h"
#include "backend/common/lz.h"
#include "backend/pica/texture/smdh.h"
#include "backend/pica/texture/t3x.h"
#include "backend/pica/texture/texcodec.h"
#include "tools/common/tool.h"

#define MAX_INPUT (256u << 20)

#define USAGE                                                                                                  \
    "usage: glhle-tex decode --format F --width W --height H [--linear|--block32] [--offset N] [--level L]\n"  \
    "                        [--flip] IN OUT.png\n"                                                            \
    "       glhle-tex encode --format F [--linear|--block32] [--flip] IN.png OUT\n"                            \
    "       glhle-tex smdh IN.smdh OUTPREFIX\n"                                                                \
    "       glhle-tex t3x [--all] IN.t3x OUT.png\n"                                                            \
    "       glhle-tex formats\n"

static int fail(const char *what, glhle_result r)
{
    tool_error("%s: %s", what, glhle_result_string(r));
    return 1;
}

static bool parse_u32(const char *s, uint32_t *out)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 0);
    if (errno || end == s || *end || v > UINT32_MAX || s[0] == '-')
        return false;
    *out = (uint32_t)v;
    return true;
}

/* Host depth words <-> PNG texels (see the header comment). */
static void depth_to_png(uint8_t *px, size_t n, pica_texfmt f)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t h;
        memcpy(&h, px + i * 4, 4);
        uint32_t d = h >> 8;
        px[i * 4 + 0] = (uint8_t)(d >> 16);
        px[i * 4 + 1] = (uint8_t)(d >> 8);
        px[i * 4 + 2] = (uint8_t)d;
        px[i * 4 + 3] = f == PICA_TEXFMT_D24S8 ? (uint8_t)h : 255;
    }
}

static void png_to_depth(uint8_t *px, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t *p = px + i * 4;
        uint32_t h = ((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]) << 8 | p[3];
        memcpy(p, &h, 4);
    }
}

typedef struct options {
    pica_texfmt format;
    uint32_t width, height, offset, level;
    pica_layout layout;
    bool flip, all, have_format, have_width, have_height;
    const char *command;
    const char *pos[2];
    int npos;
} options;

static int parse_options(int argc, char **argv, options *o)
{
    static const struct option longs[] = {
        {"format", required_argument, NULL, 'f'}, {"width", required_argument, NULL, 'w'},
        {"height", required_argument, NULL, 'H'}, {"offset", required_argument, NULL, 'o'},
        {"level", required_argument, NULL, 'l'},  {"linear", no_argument, NULL, 'L'},
        {"block32", no_argument, NULL, 'B'},      {"flip", no_argument, NULL, 'F'},
        {"all", no_argument, NULL, 'a'},          {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},      {NULL, 0, NULL, 0},
    };
    memset(o, 0, sizeof *o);
    o->format = PICA_TEXFMT_COUNT;
    o->layout = PICA_LAYOUT_TILED8;
    opterr = 0;
    int c, index;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, &index)) != -1) {
        uint32_t v = 0;
        if (c == 'w' || c == 'H' || c == 'o' || c == 'l') {
            if (!parse_u32(optarg, &v)) {
                tool_error("--%s wants a number, got '%s'", longs[index].name, optarg);
                return 2;
            }
        }
        switch (c) {
        case 'f':
            o->format = pica_texfmt_from_name(optarg);
            if (o->format == PICA_TEXFMT_COUNT) {
                tool_error("unknown format '%s' (glhle-tex formats lists them)", optarg);
                return 2;
            }
            o->have_format = true;
            break;
        case 'w': o->width = v, o->have_width = true; break;
        case 'H': o->height = v, o->have_height = true; break;
        case 'o': o->offset = v; break;
        case 'l': o->level = v; break;
        case 'L': o->layout = PICA_LAYOUT_LINEAR; break;
        case 'B': o->layout = PICA_LAYOUT_TILED32; break;
        case 'F': o->flip = true; break;
        case 'a': o->all = true; break;
        case 'h':
            tool_help("Formats are the register names in lower case (glhle-tex formats lists them); IN may be -\n"
                      "for standard input. Depth images map to PNG losslessly: R, G, B = depth bits 23-16,\n"
                      "15-8, 7-0, A = stencil. --flip treats the PNG as bottom row first.\n"
                      "  --help, --version\n"
                      "Exit status: 0 done, 1 an input or output could not be handled, 2 usage.\n");
            return -1;
        case 'V': tool_version(); return -1;
        default: return tool_bad_option(c, argv);
        }
    }
    if (optind >= argc)
        return tool_usage();
    o->command = argv[optind++];
    for (; optind < argc; optind++) {
        if (o->npos == 2)
            return tool_bad_option(0, argv);
        o->pos[o->npos++] = argv[optind];
    }
    return 0;
}

static bool read_input(const char *path, glhle_bytebuf *b)
{
    return tool_read_input(path, MAX_INPUT, TOOL_PLAIN, b);
}

static int write_png(const char *path, const glhle_image *img)
{
    glhle_result r = glhle_png_write_file(path, img, NULL);
    if (r != GLHLE_RESULT_OK)
        return fail(path, r);
    printf("wrote %s (%ux%u)\n", path, img->width, img->height);
    return 0;
}

static int cmd_decode(const options *o)
{
    if (!o->have_format || !o->have_width || !o->have_height || o->npos != 2) {
        return tool_usage();
    }
    pica_surface s = {.format = o->format, .layout = o->layout, .width = o->width, .height = o->height};
    size_t level_off = 0;
    glhle_result r;
    if (o->level) {
        if (o->layout != PICA_LAYOUT_TILED8) {
            tool_error("--level needs the tiled layout (mip chains are textures)");
            return 2;
        }
        if ((r = pica_mip_level(o->format, o->width, o->height, o->level, &s, &level_off, NULL)) != GLHLE_RESULT_OK)
            return fail("mip level", r);
    }
    glhle_bytebuf in;
    if (!read_input(o->pos[0], &in)) {
        glhle_bytebuf_free(&in);
        return 1;
    }
    size_t start = (size_t)o->offset + level_off;
    size_t avail = start < in.size ? in.size - start : 0;
    glhle_image img;
    if ((r = glhle_image_alloc(&img, s.width, s.height)) != GLHLE_RESULT_OK) {
        glhle_bytebuf_free(&in);
        return fail("image", r);
    }
    r = pica_decode(&s, avail ? in.data + start : NULL, avail, NULL, o->flip ? PICA_CODEC_FLIP_Y : 0, img.rgba,
                    (size_t)s.width * 4, NULL);
    glhle_bytebuf_free(&in);
    int rc;
    if (r != GLHLE_RESULT_OK) {
        rc = fail(o->pos[0], r);
    } else {
        if (pica_texfmt_get_info(o->format)->depth)
            depth_to_png(img.rgba, (size_t)s.width * s.height, o->format);
        rc = write_png(o->pos[1], &img);
    }
    glhle_image_free(&img);
    return rc;
}

static int cmd_encode(const options *o)
{
    if (!o->have_format || o->npos != 2) {
        return tool_usage();
    }
    glhle_bytebuf png;
    if (!read_input(o->pos[0], &png)) {
        glhle_bytebuf_free(&png);
        return 1;
    }
    glhle_image img;
    glhle_result r = glhle_png_read_memory(png.data, png.size, &img, &tool_log);
    glhle_bytebuf_free(&png);
    if (r != GLHLE_RESULT_OK)
        return fail(o->pos[0], r);
    pica_surface s = {.format = o->format, .layout = o->layout, .width = img.width, .height = img.height};
    size_t size = pica_surface_size(&s);
    uint8_t *out = size ? calloc(1, size) : NULL;
    if (pica_texfmt_get_info(o->format)->depth)
        png_to_depth(img.rgba, (size_t)img.width * img.height);
    r = size ? (out ? pica_encode(&s, out, size, NULL, o->flip ? PICA_CODEC_FLIP_Y : 0, img.rgba,
                                  (size_t)img.width * 4, NULL)
                    : GLHLE_RESULT_OUT_OF_MEMORY)
             : pica_surface_check(&s, NULL);
    glhle_image_free(&img);
    int rc = 0;
    if (r != GLHLE_RESULT_OK) {
        rc = fail(o->pos[0], r);
    } else {
        FILE *f = fopen(o->pos[1], "wb");
        if (!f || fwrite(out, 1, size, f) != size) {
            tool_error("cannot write %s: %s", o->pos[1], strerror(errno));
            rc = 1;
        } else {
            printf("wrote %s (%zu bytes, %ux%u %s)\n", o->pos[1], size, s.width, s.height,
                   pica_texfmt_get_info(o->format)->name);
        }
        if (f && fclose(f) != 0 && rc == 0) {
            tool_error("cannot write %s: %s", o->pos[1], strerror(errno));
            rc = 1;
        }
    }
    free(out);
    return rc;
}

/* IN OUT commands: checks the arguments and reads IN; 0 on success. */
static int open_input(const options *o, glhle_bytebuf *in)
{
    if (o->npos != 2) {
        return tool_usage();
    }
    if (read_input(o->pos[0], in))
        return 0;
    glhle_bytebuf_free(in);
    return 1;
}

static int cmd_smdh(const options *o)
{
    glhle_bytebuf in;
    int rc = open_input(o, &in);
    if (rc)
        return rc;
    glhle_image small, large;
    glhle_result r = pica_smdh_decode_icons(in.data, in.size, &small, &large, NULL);
    glhle_bytebuf_free(&in);
    if (r != GLHLE_RESULT_OK)
        return fail(o->pos[0], r);
    char path[4096];
    snprintf(path, sizeof path, "%s-24.png", o->pos[1]);
    rc |= write_png(path, &small);
    snprintf(path, sizeof path, "%s-48.png", o->pos[1]);
    rc |= write_png(path, &large);
    glhle_image_free(&small);
    glhle_image_free(&large);
    return rc;
}

static int write_t3x_image(const char *path, glhle_result r, glhle_image *img)
{
    if (r != GLHLE_RESULT_OK)
        return fail(path, r);
    int rc = write_png(path, img);
    glhle_image_free(img);
    return rc;
}

static int cmd_t3x(const options *o)
{
    glhle_bytebuf in;
    int rc = open_input(o, &in);
    if (rc)
        return rc;
    pica_t3x t;
    glhle_result r = pica_t3x_parse(in.data, in.size, &t, NULL);
    glhle_bytebuf_free(&in);
    if (r != GLHLE_RESULT_OK)
        return fail(o->pos[0], r);
    printf("%s: %ux%u %s, %u level%s, %u sub-image%s%s, payload %s\n", o->pos[0], t.width, t.height,
           pica_texfmt_get_info(t.format)->name, t.levels, t.levels == 1 ? "" : "s", t.subimage_count,
           t.subimage_count == 1 ? "" : "s", t.faces == 6 ? ", cube map" : "", glhle_lz_type_name(t.compression));
    glhle_image img;
    if (!o->all) {
        if (t.subimage_count && t.faces == 1)
            r = pica_t3x_decode_subimage(&t, 0, 0, &img, NULL);
        else
            r = pica_t3x_decode_level(&t, 0, 0, &img, NULL);
        rc = write_t3x_image(o->pos[1], r, &img);
        pica_t3x_free(&t);
        return rc;
    }
    /* OUT.png -> OUT-level0.png, OUT-sub0-level0.png, OUT-px-level0.png ... */
    static const char *const faces[6] = {"px", "nx", "py", "ny", "pz", "nz"};
    char base[4000], path[4096];
    snprintf(base, sizeof base, "%s", o->pos[1]);
    size_t n = strlen(base);
    if (n > 4 && !strcmp(base + n - 4, ".png"))
        base[n - 4] = 0;
    for (uint32_t l = 0; l < t.levels && rc == 0; l++) {
        if (t.faces == 6) {
            for (uint32_t f = 0; f < 6 && rc == 0; f++) {
                snprintf(path, sizeof path, "%s-%s-level%u.png", base, faces[f], l);
                rc = write_t3x_image(path, pica_t3x_decode_level(&t, f, l, &img, NULL), &img);
            }
            continue;
        }
        snprintf(path, sizeof path, "%s-level%u.png", base, l);
        rc = write_t3x_image(path, pica_t3x_decode_level(&t, 0, l, &img, NULL), &img);
        for (uint32_t i = 0; i < t.subimage_count && rc == 0; i++) {
            snprintf(path, sizeof path, "%s-sub%u-level%u.png", base, i, l);
            rc = write_t3x_image(path, pica_t3x_decode_subimage(&t, i, l, &img, NULL), &img);
        }
    }
    pica_t3x_free(&t);
    return rc;
}

int main(int argc, char **argv)
{
    tool_init("glhle-tex", USAGE);
    options o;
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (!strcmp(o.command, "formats")) {
        if (o.npos)
            return tool_usage();
        for (unsigned f = 0; f < PICA_TEXFMT_COUNT; f++) {
            const pica_texfmt_info *in = pica_texfmt_get_info((pica_texfmt)f);
            printf("%-7s %2u bits%s%s%s\n", in->name, in->bits_per_texel, in->compressed ? ", compressed" : "",
                   in->depth ? ", depth" : "", in->color_buffer ? ", colour buffer" : "");
        }
        return 0;
    }
    if (!strcmp(o.command, "decode"))
        return cmd_decode(&o);
    if (!strcmp(o.command, "encode"))
        return cmd_encode(&o);
    if (!strcmp(o.command, "smdh"))
        return cmd_smdh(&o);
    if (!strcmp(o.command, "t3x"))
        return cmd_t3x(&o);
    tool_error("unknown command '%s'", o.command);
    return tool_usage();
}
