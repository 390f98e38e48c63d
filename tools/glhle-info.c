/* glhle-info: what GL glhle gets on this machine, and a smoke render.
 *   glhle-info [--smoke OUT.png] [--size WxH] [--debug] [--gles]
 * Prints the driver, version and the host features the backends use; with
 * --smoke renders the smoke scene offscreen and writes it as PNG.
 * Exit status: 0 done, 1 no GL context or the render failed, 2 usage. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_util.h"
#include "tools/common/tool.h"

#define USAGE "usage: glhle-info [--smoke OUT.png] [--size WxH] [--debug] [--gles]\n"

int main(int argc, char **argv)
{
    tool_init("glhle-info", USAGE);
    static const struct option longs[] = {
        {"smoke", required_argument, NULL, 's'}, {"size", required_argument, NULL, 'z'},
        {"debug", no_argument, NULL, 'd'},       {"gles", no_argument, NULL, 'g'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},     {NULL, 0, NULL, 0},
    };
    const char *smoke = NULL;
    int w = 400, h = 240;
    bool debug = false, gles = false;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        switch (c) {
        case 's': smoke = optarg; break;
        case 'z': {
            char tail;
            if (sscanf(optarg, "%dx%d%c", &w, &h, &tail) != 2 || w <= 0 || h <= 0 || w > 16384 || h > 16384) {
                tool_error("--size wants WxH (1-16384 each), got '%s'", optarg);
                return 2;
            }
            break;
        }
        case 'd': debug = true; break;
        case 'g': gles = true; break;
        case 'h':
            return tool_help("Prints the GL driver glhle gets on this machine (offscreen, EGL) and the features\n"
                             "the backends use.\n"
                             "  --smoke OUT.png  render the smoke scene and write it\n"
                             "  --size WxH       its size (default 400x240)\n"
                             "  --debug          a debug context (KHR_debug messages in the log)\n"
                             "  --gles           an OpenGL ES 3.2 context instead of desktop GL 4.5 core\n"
                             "  --help, --version\n"
                             "Exit status: 0 done, 1 no GL context or the render failed, 2 usage.\n");
        case 'V': return tool_version();
        default: return tool_bad_option(c, argv);
        }
    }
    if (optind != argc)
        return tool_bad_option(0, argv);
    glhle_context_desc desc = {.mode = GLHLE_CONTEXT_OFFSCREEN,
                               .api = gles ? GLHLE_GL_API_GLES : GLHLE_GL_API_CORE,
                               .debug = debug,
                               .log_level = GLHLE_LOG_WARN};
    glhle_context *ctx;
    glhle_result r = glhle_context_create(&desc, &ctx);
    if (r != GLHLE_RESULT_OK) {
        tool_error("no offscreen GL context: %s", glhle_result_string(r));
        return 1;
    }
    const glhle_context_info *in = glhle_context_get_info(ctx);
    printf("glhle %s\n", glhle_get_version().string);
    printf("GL vendor    %s\nGL renderer  %s\nGL version   %s (%d.%d%s)\nGLSL         %s\n", in->vendor,
           in->renderer, in->version, in->gl_major, in->gl_minor, in->gles ? " ES" : " core", in->glsl_version);
    printf("features     KHR_debug=%d buffer_storage=%d texture_barrier=%d clip_control=%d dsa=%d\n"
           "             program_binary=%d framebuffer_fetch=%d shader_interlock=%d anisotropic=%d subgroups=%d\n",
           in->khr_debug, in->buffer_storage, in->texture_barrier, in->clip_control, in->direct_state_access,
           in->program_binary, in->framebuffer_fetch, in->shader_interlock, in->anisotropic_filter, in->subgroups);
    printf("host choices %s\n", glhle_context_host_choices(ctx));
    printf("limits       texture %d, texture buffer %d texels, uniform block %d bytes\n", in->max_texture_size,
           in->max_texture_buffer_size, in->max_uniform_block_size);
    int rc = 0;
    if (smoke) {
        glhle_image img;
        r = gl_smoke_render(ctx, w, h, &img);
        if (r == GLHLE_RESULT_OK) {
            r = glhle_png_write_file(smoke, &img, NULL);
            glhle_image_free(&img);
        }
        if (r != GLHLE_RESULT_OK) {
            tool_error("smoke render to %s failed: %s", smoke, glhle_result_string(r));
            rc = 1;
        } else {
            printf("wrote %s\n", smoke);
        }
    }
    glhle_context_destroy(ctx);
    return rc;
}
