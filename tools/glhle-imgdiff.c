/* glhle-imgdiff: compares two PNG images the way the image tests do
 * (glhle_image_compare, backend/common/image.h).
 *   glhle-imgdiff A.png B.png [--tolerance N] [--diff OUT.png]
 * Pixels differ when some channel (R, G, B, A) differs by more than N
 * (0..255, default 0). --diff writes the comparison picture: differing
 * pixels red, brighter for larger errors, the rest a dimmed grey copy of A.
 * Images of different sizes differ everywhere (no picture is written).
 * "-" reads A or B from standard input.
 * Exit status: 0 equal within the tolerance, 1 different (the count is
 * printed), 2 usage or an image that cannot be read or written. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/common/image.h"
#include "tools/common/tool.h"

#define USAGE "usage: glhle-imgdiff A.png B.png [--tolerance N] [--diff OUT.png]\n"

static const glhle_logger quiet = {NULL, NULL, GLHLE_LOG_ERROR};

static bool load(const char *path, glhle_image *img)
{
    if (strcmp(path, "-") != 0)
        return glhle_png_read_file(path, img, &quiet) == GLHLE_RESULT_OK;
    glhle_bytebuf buf;
    bool ok = tool_read_input("-", 1u << 30, TOOL_PLAIN, &buf) &&
              glhle_png_read_memory(buf.data, buf.size, img, &quiet) == GLHLE_RESULT_OK;
    glhle_bytebuf_free(&buf);
    return ok;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        {"tolerance", required_argument, NULL, 't'},
        {"diff", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    unsigned long tol = 0;
    const char *diff_path = NULL;
    tool_init("glhle-imgdiff", USAGE);
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        char *end;
        switch (c) {
        case 't':
            errno = 0;
            tol = strtoul(optarg, &end, 10);
            if (end == optarg || *end || errno || tol > 255 || optarg[0] == '-') {
                tool_error("--tolerance wants 0 to 255, got '%s'", optarg);
                return 2;
            }
            break;
        case 'd': diff_path = optarg; break;
        case 'h':
            return tool_help("Compares two PNG images channel by channel.\n"
                         "  --tolerance N  channels may differ by up to N (0-255, default 0)\n"
                         "  --diff OUT.png write the differing pixels in red over a grey copy of A\n"
                         "  --help, --version\n"
                         "Exit status: 0 equal, 1 different, 2 error.\n");
        case 'V': return tool_version();
        default: return tool_bad_option(c, argv);
        }
    }
    if (argc - optind != 2)
        return tool_usage();
    const char *pa = argv[optind], *pb = argv[optind + 1];
    if (!strcmp(pa, "-") && !strcmp(pb, "-")) {
        tool_error("only one of the images can come from standard input");
        return 2;
    }
    glhle_image a = {0}, b = {0};
    if (!load(pa, &a)) {
        tool_error("cannot read %s as a PNG image", pa);
        return 2;
    }
    if (!load(pb, &b)) {
        tool_error("cannot read %s as a PNG image", pb);
        glhle_image_free(&a);
        return 2;
    }
    int rc;
    if (a.width != b.width || a.height != b.height) {
        printf("glhle-imgdiff: sizes differ: %s is %ux%u, %s is %ux%u\n", pa, a.width, a.height, pb, b.width,
               b.height);
        rc = 1;
    } else {
        glhle_image_diff d;
        glhle_image pic = {0};
        glhle_result r = glhle_image_compare(&a, &b, (uint32_t)tol, &d, diff_path ? &pic : NULL);
        if (r != GLHLE_RESULT_OK) {
            tool_error("cannot compare: %s", glhle_result_string(r));
            rc = 2;
        } else if (diff_path && glhle_png_write_file(diff_path, &pic, &quiet) != GLHLE_RESULT_OK) {
            tool_error("cannot write %s", diff_path);
            rc = 2;
        } else if (d.differing) {
            printf("glhle-imgdiff: %llu of %llu pixels differ by more than %lu (max delta %u); first at (%u,%u)\n",
                   (unsigned long long)d.differing, (unsigned long long)d.total, tol, d.max_delta, d.first_x,
                   d.first_y);
            rc = 1;
        } else {
            printf("glhle-imgdiff: %llu pixels equal within %lu (max delta %u)\n", (unsigned long long)d.total, tol,
                   d.max_delta);
            rc = 0;
        }
        glhle_image_free(&pic);
    }
    glhle_image_free(&a);
    glhle_image_free(&b);
    return rc;
}
