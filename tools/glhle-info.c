/* glhle-info: what GL glhle gets on this machine, and a smoke render.
 *   glhle-info [--smoke OUT.png] [--size WxH] [--debug]
 * Prints the driver, version and the host features the backends use; with
 * --smoke renders the smoke scene offscreen and writes it as PNG. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_util.h"

static void usage(void)
{
    fprintf(stderr, "usage: glhle-info [--smoke OUT.png] [--size WxH] [--debug]\n");
}

int main(int argc, char **argv)
{
    const char *smoke = NULL;
    int w = 400, h = 240;
    bool debug = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--smoke") && i + 1 < argc) {
            smoke = argv[++i];
        } else if (!strcmp(argv[i], "--size") && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d", &w, &h) != 2 || w <= 0 || h <= 0) {
                fprintf(stderr, "glhle-info: --size wants WxH, got '%s'\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "--debug")) {
            debug = true;
        } else {
            usage();
            return 2;
        }
    }
    glhle_context_desc desc = {.mode = GLHLE_CONTEXT_OFFSCREEN, .debug = debug, .log_level = GLHLE_LOG_WARN};
    glhle_context *ctx;
    glhle_result r = glhle_context_create(&desc, &ctx);
    if (r != GLHLE_RESULT_OK) {
        fprintf(stderr, "glhle-info: no offscreen GL context: %s\n", glhle_result_string(r));
        return 1;
    }
    const glhle_context_info *in = glhle_context_get_info(ctx);
    printf("glhle %s\n", glhle_get_version().string);
    printf("GL vendor    %s\nGL renderer  %s\nGL version   %s (%d.%d%s)\nGLSL         %s\n", in->vendor,
           in->renderer, in->version, in->gl_major, in->gl_minor, in->gles ? " ES" : " core", in->glsl_version);
    printf("features     KHR_debug=%d buffer_storage=%d texture_barrier=%d clip_control=%d dsa=%d\n"
           "             program_binary=%d framebuffer_fetch=%d shader_interlock=%d anisotropic=%d\n",
           in->khr_debug, in->buffer_storage, in->texture_barrier, in->clip_control, in->direct_state_access,
           in->program_binary, in->framebuffer_fetch, in->shader_interlock, in->anisotropic_filter);
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
            fprintf(stderr, "glhle-info: smoke render failed: %s\n", glhle_result_string(r));
            rc = 1;
        } else {
            printf("wrote %s\n", smoke);
        }
    }
    glhle_context_destroy(ctx);
    return rc;
}
