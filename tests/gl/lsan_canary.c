/* Proves that LeakSanitizer still reports glhle's own leaks in a process
 * that made, used and destroyed an offscreen GL context (the driver's
 * threads, dynamic TLS and eglTerminate included): the smoke scene's image,
 * allocated by backend/common/image.c, is deliberately never freed.
 * lsan_canary.sh expects the leak report naming glhle_image_alloc and no
 * LeakSanitizer fatal error. Built only in sanitizer builds. */
#include <stdio.h>

#include "backend/gl/gl_util.h"
#include "support/test_support.h"

int main(void)
{
    ts_pin_gl_driver();
    glhle_context_desc desc = {0};
    desc.mode = GLHLE_CONTEXT_OFFSCREEN;
    glhle_context *ctx = NULL;
    if (glhle_context_create(&desc, &ctx) != GLHLE_RESULT_OK) {
        fprintf(stderr, "lsan_canary: no offscreen context\n");
        return 77;
    }
    static glhle_image img; /* cleared below, so only the leak holds the pixels */
    if (gl_smoke_render(ctx, 64, 64, &img) != GLHLE_RESULT_OK) {
        fprintf(stderr, "lsan_canary: smoke render failed\n");
        return 1;
    }
    glhle_context_destroy(ctx);
    img.rgba = NULL; /* the only pointer to the pixels is gone: a definite leak */
    printf("lsan_canary: leaked the smoke image on purpose\n");
    return 0;
}
