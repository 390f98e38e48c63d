/* Name lookup over the class tables (regs_3d_table.h, regs_classes_table.h). */
#include "backend/maxwell/frontend/method_names.h"

#include <stddef.h>

#include "backend/maxwell/frontend/regs_classes_table.h"
#include "glhle/maxwell.h"

typedef struct name_desc {
    uint16_t addr, count, stride;
    const char *name;
} name_desc;

#define X(addr, name, count, stride) {addr, count, stride, #name},
static const name_desc host_methods[] = {MW_HOST_METHODS(X)};
static const name_desc dma_methods[] = {MW_DMA_METHODS(X)};
static const name_desc i2m_methods[] = {MW_I2M_METHODS(X)};
static const name_desc twod_methods[] = {MW_2D_METHODS(X)};
static const name_desc compute_methods[] = {MW_COMPUTE_METHODS(X)};
#undef X

/* Tables are sorted by address (generated so); array elements are found by
 * checking the few candidates below the word. */
static const char *lookup(const name_desc *t, size_t n, uint32_t method, uint32_t *index)
{
    for (size_t i = n; i-- > 0;) {
        const name_desc *m = &t[i];
        if (m->addr > method)
            continue;
        const uint32_t stride = m->stride ? m->stride : 1;
        const uint32_t d = method - m->addr;
        if (d % stride == 0 && d / stride < m->count) {
            if (index)
                *index = d / stride;
            return m->name;
        }
        if (m->addr + (uint32_t)m->count * stride + 64 < method)
            break; /* nothing further down reaches this far */
    }
    return NULL;
}

const char *mw_class_name(uint32_t class_id)
{
    switch (class_id) {
    case GLHLE_MAXWELL_CLASS_3D: return "3D";
    case GLHLE_MAXWELL_CLASS_COMPUTE: return "COMPUTE";
    case GLHLE_MAXWELL_CLASS_I2M: return "I2M";
    case GLHLE_MAXWELL_CLASS_2D: return "2D";
    case GLHLE_MAXWELL_CLASS_DMA: return "DMA";
    case GLHLE_MAXWELL_CLASS_HOST: return "HOST";
    default: return NULL;
    }
}

#define LOOKUP(t) lookup(t, sizeof t / sizeof t[0], method, index)

const char *mw_method_name(uint32_t class_id, uint32_t method, uint32_t *index, mw_value_format *fmt)
{
    if (index)
        *index = 0;
    if (fmt)
        *fmt = MW_FMT_hex;
    if (method >= MW_METHOD_WORDS)
        return NULL;
    if (method < 0x40 || class_id == GLHLE_MAXWELL_CLASS_HOST)
        return LOOKUP(host_methods);
    switch (class_id) {
    case GLHLE_MAXWELL_CLASS_3D: return mw_3d_method_name(method, index, fmt);
    case GLHLE_MAXWELL_CLASS_DMA: return LOOKUP(dma_methods);
    case GLHLE_MAXWELL_CLASS_I2M: return LOOKUP(i2m_methods);
    case GLHLE_MAXWELL_CLASS_2D: return LOOKUP(twod_methods);
    case GLHLE_MAXWELL_CLASS_COMPUTE: return LOOKUP(compute_methods);
    default: return NULL;
    }
}
