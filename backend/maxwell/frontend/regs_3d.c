/* The 3D register file: per-word tables generated from regs_3d_table.h,
 * lazy decoding of stale groups. */
#include "backend/maxwell/frontend/regs_3d.h"

#include <pthread.h>
#include <string.h>

#define G(g) MW_GROUP_##g
#define S MW_REG_SIDE_EFFECT

typedef struct method_desc {
    uint16_t addr, count, stride;
    uint8_t fmt, flags;
    const char *name;
} method_desc;

static const method_desc methods_3d[] = {
#define X(addr, name, count, stride, flags, fmt) {addr, count, stride, MW_FMT_##fmt, (uint8_t)(flags), #name},
    MW_3D_METHODS(X)
#undef X
};
#define METHOD_COUNT (sizeof methods_3d / sizeof methods_3d[0])
_Static_assert(METHOD_COUNT < 0xFFFF, "method index must fit in 16 bits");

static uint16_t word_method[MW_METHOD_WORDS]; /* method index + 1; 0: none */
uint8_t mw_3d_info[MW_METHOD_WORDS];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void build_tables(void)
{
    for (uint32_t i = 0; i < METHOD_COUNT; i++) {
        const method_desc *m = &methods_3d[i];
        const uint32_t stride = m->stride ? m->stride : 1;
        for (uint32_t k = 0; k < m->count; k++) {
            const uint32_t w = m->addr + k * stride;
            if (w < MW_METHOD_WORDS && !word_method[w]) {
                word_method[w] = (uint16_t)(i + 1);
                mw_3d_info[w] = (uint8_t)(m->flags | MW_REG_NAMED);
            }
        }
    }
}

void mw_3d_tables_init(void)
{
    pthread_once(&tables_once, build_tables);
}

const char *mw_3d_method_name(uint32_t method, uint32_t *index, mw_value_format *fmt)
{
    mw_3d_tables_init();
    if (index)
        *index = 0;
    if (fmt)
        *fmt = MW_FMT_hex;
    if (method >= MW_METHOD_WORDS || !word_method[method])
        return NULL;
    const method_desc *m = &methods_3d[word_method[method] - 1];
    if (index)
        *index = (method - m->addr) / (m->stride ? m->stride : 1);
    if (fmt)
        *fmt = (mw_value_format)m->fmt;
    return m->name;
}

void mw_regs_3d_init(mw_regs_3d *rf)
{
    mw_3d_tables_init();
    memset(rf, 0, sizeof *rf);
    /* the one register that boots non-zero here: SET_RASTER_ENABLE is TRUE
     * at boot, which NVN titles rely on (yuzu's Maxwell3D register
     * defaults: "NVN games expect these values to be enabled at boot");
     * deko3d writes it with every rasterizer state */
    rf->r[MW_3D_SET_RASTER_ENABLE] = 1;
    rf->shadow[MW_3D_SET_RASTER_ENABLE] = 1;
    rf->stale = MW_DIRTY_ALL;
    rf->changed = MW_DIRTY_ALL;
    rf->state.dirty = MW_DIRTY_ALL;
    mw_regs_3d_refresh(rf);
}

void mw_regs_3d_refresh(mw_regs_3d *rf)
{
    const uint32_t st = rf->stale;
    const uint32_t *r = rf->r;
    mw_state *s = &rf->state;
    rf->stale = 0;
    if (st & MW_DIRTY(RT))
        mw_decode_rt(r, &s->rt);
    if (st & MW_DIRTY(ZETA))
        mw_decode_zeta(r, &s->zeta);
    if (st & MW_DIRTY(VIEWPORT))
        mw_decode_viewport(r, &s->viewport);
    if (st & MW_DIRTY(SCISSOR))
        mw_decode_scissor(r, &s->scissor);
    if (st & MW_DIRTY(BLEND))
        mw_decode_blend(r, &s->blend);
    if (st & MW_DIRTY(DEPTH_STENCIL))
        mw_decode_depth_stencil(r, &s->ds);
    if (st & MW_DIRTY(RASTER))
        mw_decode_raster(r, &s->raster);
    if (st & MW_DIRTY(PRIM_RESTART))
        mw_decode_prim_restart(r, &s->restart);
    if (st & MW_DIRTY(VERTEX_ATTRIB))
        mw_decode_vertex_attribs(r, s->attrib);
    if (st & MW_DIRTY(VERTEX_STREAM))
        mw_decode_vertex_streams(r, s->stream);
    if (st & MW_DIRTY(INDEX_BUFFER))
        mw_decode_index_buffer(r, &s->index);
    if (st & MW_DIRTY(DRAW))
        mw_decode_draw(r, &s->draw);
    if (st & MW_DIRTY(CLEAR))
        mw_decode_clear(r, &s->clear);
    if (st & MW_DIRTY(CONST_BUFFER))
        mw_decode_cbuf_selector(r, &s->cbuf);
    if (st & MW_DIRTY(TEXTURE_POOLS))
        mw_decode_texture_pools(r, &s->tex);
    if (st & MW_DIRTY(PROGRAM))
        mw_decode_program(r, &s->program);
    if (st & MW_DIRTY(RENDER_ENABLE))
        mw_decode_render_enable(r, &s->render_enable);
    if (st & MW_DIRTY(REPORT))
        mw_decode_report(r, &s->report);
    if (st & MW_DIRTY(STREAM_OUT))
        mw_decode_stream_out(r, &s->stream_out);
}
