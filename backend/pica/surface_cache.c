/* The PICA surface cache (surface_cache.h). Interface stage: the cache
 * holds nothing yet; every display operation takes the CPU path. */
#include "backend/pica/surface_cache.h"

#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_context.h"
#include "backend/pica/pica_instance.h"

struct pica_surface_cache {
    glhle_context *ctx;
    glhle_pica *pica;
    GLuint null_tex;
};

glhle_result pica_surface_cache_create(const pica_surface_cache_desc *desc, pica_surface_cache **out)
{
    pica_surface_cache *c = calloc(1, sizeof *c);
    if (!c)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    c->ctx = desc->ctx;
    c->pica = desc->pica;
    GladGLContext *gl = &c->ctx->gl;
    gl->CreateTextures(GL_TEXTURE_2D, 1, &c->null_tex);
    gl->TextureStorage2D(c->null_tex, 1, GL_RGBA8, 1, 1);
    const uint8_t zero[4] = {0, 0, 0, 0};
    gl->ClearTexImage(c->null_tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero);
    *out = c;
    return GLHLE_RESULT_OK;
}

void pica_surface_cache_destroy(pica_surface_cache *c)
{
    if (!c)
        return;
    c->ctx->gl.DeleteTextures(1, &c->null_tex);
    free(c);
}

glhle_result pica_surface_cache_bind_framebuffer(pica_surface_cache *c, const pica_framebuffer_state *fb,
                                                 pica_render_targets *out)
{
    (void)c;
    (void)fb;
    memset(out, 0, sizeof *out);
    return GLHLE_RESULT_UNSUPPORTED;
}

void pica_surface_cache_mark_written(pica_surface_cache *c, const pica_framebuffer_state *fb, const pica_rect *rect)
{
    (void)c;
    (void)fb;
    (void)rect;
}

glhle_result pica_surface_cache_get_texture(pica_surface_cache *c, const pica_tex_unit_state *unit, unsigned index,
                                            const uint32_t cube_address[6], pica_texture *out)
{
    (void)unit;
    (void)index;
    (void)cube_address;
    memset(out, 0, sizeof *out);
    out->texture = c->null_tex;
    out->target = GL_TEXTURE_2D;
    out->width = out->height = out->scale = out->levels = 1;
    return GLHLE_RESULT_UNSUPPORTED;
}

void pica_surface_cache_invalidate(pica_surface_cache *c, uint32_t paddr, uint32_t size)
{
    (void)c;
    (void)paddr;
    (void)size;
}

glhle_result pica_surface_cache_flush(pica_surface_cache *c, uint32_t paddr, uint32_t size)
{
    (void)c;
    (void)paddr;
    (void)size;
    return GLHLE_RESULT_OK;
}

bool pica_surface_cache_fill(pica_surface_cache *c, const struct pica_fill_params *f)
{
    (void)c;
    (void)f;
    return false;
}

bool pica_surface_cache_transfer(pica_surface_cache *c, const struct pica_transfer_params *t)
{
    (void)c;
    (void)t;
    return false;
}

bool pica_surface_cache_copy(pica_surface_cache *c, const struct pica_copy_params *t)
{
    (void)c;
    (void)t;
    return false;
}

glhle_result pica_surface_cache_get_screen(pica_surface_cache *c, uint32_t addr, pica_texfmt format, uint32_t pitch,
                                           uint32_t columns, pica_screen_texture *out)
{
    (void)c;
    (void)addr;
    (void)format;
    (void)pitch;
    (void)columns;
    memset(out, 0, sizeof *out);
    return GLHLE_RESULT_UNSUPPORTED;
}

bool pica_surface_cache_lookup(pica_surface_cache *c, const pica_surface_key *key, GLuint *texture)
{
    (void)c;
    (void)key;
    *texture = 0;
    return false;
}

void pica_surface_cache_clear(pica_surface_cache *c)
{
    (void)c;
}
