#include "support/surface_support.h"

#include <stdlib.h>
#include <string.h>

#include "backend/gl/gl_state.h"
#include "backend/gl/gl_util.h"
#include "backend/pica/pica_instance.h"

void tsf_env_init(tsf_env *e, glhle_context *ctx, uint32_t scale, size_t budget)
{
    memset(e, 0, sizeof *e);
    e->ctx = ctx;
    e->gmem = calloc(1, TSF_SIZE);
    e->cmem = calloc(1, TSF_SIZE);
    assert_non_null(e->gmem);
    assert_non_null(e->cmem);
    glhle_pica_desc d = {.log = ts_log_fn, .log_level = GLHLE_LOG_DEBUG, .resolution_scale = scale,
                         .surface_budget_bytes = budget};
    assert_int_equal(glhle_pica_create(ctx, &d, &e->gpu), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_create(NULL, &d, &e->cpu), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_map_memory(e->gpu, TSF_BASE, e->gmem, TSF_SIZE), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_map_memory(e->cpu, TSF_BASE, e->cmem, TSF_SIZE), GLHLE_RESULT_OK);
}

void tsf_env_free(tsf_env *e)
{
    glhle_pica_destroy(e->gpu);
    glhle_pica_destroy(e->cpu);
    free(e->gmem);
    free(e->cmem);
    memset(e, 0, sizeof *e);
}

uint8_t *tsf_g(tsf_env *e, uint32_t addr)
{
    return e->gmem + (addr - TSF_BASE);
}

uint8_t *tsf_c(tsf_env *e, uint32_t addr)
{
    return e->cmem + (addr - TSF_BASE);
}

void tsf_random(tsf_env *e, ts_rng *rng, uint32_t addr, uint32_t size)
{
    for (uint32_t i = 0; i < size; i++)
        tsf_g(e, addr)[i] = (uint8_t)ts_rng_u32(rng);
    memcpy(tsf_c(e, addr), tsf_g(e, addr), size);
    assert_int_equal(glhle_pica_invalidate(e->gpu, addr, size), GLHLE_RESULT_OK); /* as a core reports CPU writes */
}

void tsf_sync(tsf_env *e, uint32_t addr, uint32_t size)
{
    memcpy(tsf_c(e, addr), tsf_g(e, addr), size);
}

glhle_pica_stats tsf_stats(glhle_pica *p)
{
    glhle_pica_stats s;
    assert_int_equal(glhle_pica_get_stats(p, &s), GLHLE_RESULT_OK);
    return s;
}

pica_framebuffer_state tsf_fb(uint32_t color_addr, uint8_t cfmt, uint32_t depth_addr, uint8_t dfmt, uint16_t w,
                              uint16_t h)
{
    pica_framebuffer_state fb;
    memset(&fb, 0, sizeof fb);
    if (color_addr) {
        fb.color_read = fb.color_write = 0xF;
        fb.color_address = color_addr;
        fb.color_format = cfmt;
    }
    if (depth_addr) {
        fb.depth_read = fb.depth_write = true;
        fb.stencil_read = fb.stencil_write = dfmt == 3;
        fb.depth_address = depth_addr;
        fb.depth_format = dfmt;
    }
    fb.width = w;
    fb.height = h;
    fb.dim_bit24 = true;
    return fb;
}

static const char pattern_vs[] = "#version 450 core\n"
                                 "void main()\n"
                                 "{\n"
                                 "    vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));\n"
                                 "    gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);\n"
                                 "}\n";
static const char pattern_fs[] = "#version 450 core\n"
                                 "uniform uint u_seed;\n"
                                 "uniform int u_block;\n"
                                 "out vec4 o_color;\n"
                                 "void main()\n"
                                 "{\n"
                                 "    uvec2 p = uvec2(ivec2(gl_FragCoord.xy) / u_block);\n"
                                 "    uint h = p.x * 73856093u ^ p.y * 19349663u ^ u_seed;\n"
                                 "    h ^= h >> 13u; h *= 0x5bd1e995u; h ^= h >> 15u;\n"
                                 "    o_color = vec4(uvec4(h, h >> 8u, h >> 16u, h >> 24u) & 255u) / 255.0;\n"
                                 "    gl_FragDepth = float((h >> 5u) & 0xFFFFFFu) / 16777215.0;\n"
                                 "}\n";

void tsf_draw_pattern(glhle_pica *p, GLuint fbo, int w, int h, int block, uint32_t seed)
{
    glhle_context *ctx = p->ctx;
    GladGLContext *gl = &ctx->gl;
    GLuint prog, vao;
    char *vs = ts_glsl_for(ctx, pattern_vs), *fs = ts_glsl_for(ctx, pattern_fs);
    assert_int_equal(gl_link_program(ctx, vs, fs, &prog), GLHLE_RESULT_OK);
    free(vs);
    free(fs);
    gl->CreateVertexArrays(1, &vao);
    gl->BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl->Viewport(0, 0, w, h);
    gl->Disable(GL_SCISSOR_TEST);
    gl->Disable(GL_BLEND);
    gl->Disable(GL_CULL_FACE);
    gl->Disable(GL_STENCIL_TEST);
    gl->ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    gl->Enable(GL_DEPTH_TEST);
    gl->DepthFunc(GL_ALWAYS);
    gl->DepthMask(GL_TRUE);
    gl->UseProgram(prog);
    gl->Uniform1ui(gl->GetUniformLocation(prog, "u_seed"), seed);
    gl->Uniform1i(gl->GetUniformLocation(prog, "u_block"), block);
    gl->BindVertexArray(vao);
    gl->DrawArrays(GL_TRIANGLES, 0, 3);
    /* stencil: four bands of different values, block-aligned */
    gl->Enable(GL_SCISSOR_TEST);
    gl->StencilMask(0xFF);
    for (int i = 0; i < 4; i++) {
        const GLint v = (GLint)((seed >> (i * 3)) & 0xFF) ^ (i * 0x45);
        const int y0 = (h * i / 4) / block * block, y1 = (h * (i + 1) / 4) / block * block;
        gl->Scissor(0, y0, w, y1 - y0);
        gl->ClearBufferiv(GL_STENCIL, 0, &v);
    }
    gl->Disable(GL_SCISSOR_TEST);
    gl->Disable(GL_DEPTH_TEST);
    gl->BindVertexArray(0);
    gl->UseProgram(0);
    gl->BindFramebuffer(GL_FRAMEBUFFER, 0);
    gl->DeleteVertexArrays(1, &vao);
    gl->DeleteProgram(prog);
    gl_state_invalidate(p->gl);
}

uint8_t *tsf_read_texture(glhle_context *ctx, GLuint tex, bool depth, int w, int h)
{
    GladGLContext *gl = &ctx->gl;
    const size_t n = (size_t)w * h * 4;
    uint8_t *buf = malloc(n);
    assert_non_null(buf);
    gl->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    gl->PixelStorei(GL_PACK_ALIGNMENT, 4);
    gl->PixelStorei(GL_PACK_ROW_LENGTH, 0);
    gl->GetTextureImage(tex, 0, depth ? GL_DEPTH_STENCIL : GL_RGBA, depth ? GL_UNSIGNED_INT_24_8 : GL_UNSIGNED_BYTE,
                        (GLsizei)n, buf);
    return buf;
}

void tsf_bind(tsf_env *e, const pica_framebuffer_state *fb, pica_render_targets *rt)
{
    assert_int_equal(gl_context_enter(e->ctx), GLHLE_RESULT_OK);
    assert_int_equal(pica_surface_cache_bind_framebuffer(e->gpu->surfaces, fb, rt), GLHLE_RESULT_OK);
    assert_int_not_equal(rt->fbo, 0);
}

void tsf_render(tsf_env *e, const pica_framebuffer_state *fb, const pica_render_targets *rt, int block, uint32_t seed)
{
    tsf_draw_pattern(e->gpu, rt->fbo, (int)(rt->width * rt->scale), (int)(rt->height * rt->scale), block, seed);
    const pica_rect all = {0, 0, rt->width, rt->height};
    pica_surface_cache_mark_written(e->gpu->surfaces, fb, &all, false);
}

glhle_pica_display_transfer tsf_transfer_regs(uint32_t in, uint32_t out, uint32_t in_w, uint32_t in_h, uint32_t out_w,
                                              uint32_t out_h, uint32_t flags)
{
    return (glhle_pica_display_transfer){.input_address = in >> 3,
                                         .output_address = out >> 3,
                                         .input_size = in_w | in_h << 16,
                                         .output_size = out_w | out_h << 16,
                                         .flags = flags};
}
