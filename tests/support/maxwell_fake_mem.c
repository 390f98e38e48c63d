#include "support/maxwell_fake_mem.h"

#include <stdlib.h>
#include <string.h>

static bool in_window(const mwt_mem *m, uint64_t va, size_t size)
{
    return va >= m->base && size <= m->size && va - m->base <= m->size - size;
}

static bool fake_read(void *user, uint64_t va, void *dst, size_t size)
{
    mwt_mem *m = user;
    m->reads++;
    if (!in_window(m, va, size)) {
        m->faults++;
        return false;
    }
    memcpy(dst, m->bytes + (va - m->base), size);
    return true;
}

static bool fake_write(void *user, uint64_t va, const void *src, size_t size)
{
    mwt_mem *m = user;
    m->writes++;
    if (!in_window(m, va, size)) {
        m->faults++;
        return false;
    }
    memcpy(m->bytes + (va - m->base), src, size);
    return true;
}

static uint64_t fake_time(void *user)
{
    return ((mwt_mem *)user)->time;
}

void mwt_mem_init(mwt_mem *m, uint64_t base, size_t size, uint8_t fill, const glhle_logger *log)
{
    memset(m, 0, sizeof *m);
    m->base = base;
    m->size = size;
    m->bytes = malloc(size ? size : 1);
    if (m->bytes)
        memset(m->bytes, fill, size);
    m->io = (mw_mem_io){.user = m, .read = fake_read, .write = fake_write, .log = log, .timestamp = fake_time};
}

static uint32_t fake_kinds(void *user, uint64_t va, uint64_t size)
{
    const mwt_mem *m = user;
    const uint64_t lo = va > m->base ? va : m->base;
    const uint64_t hi = va + size < m->base + m->size ? va + size : m->base + m->size;
    if (lo >= hi)
        return 0;
    uint32_t k = 0;
    if (lo < m->bl_hi && m->bl_lo < hi)
        k |= MW_KIND_BIT(MW_KIND_GENERIC_16BX2);
    if (lo < m->bl_lo || hi > m->bl_hi)
        k |= MW_KIND_BIT(MW_KIND_PITCH);
    return k;
}

void mwt_mem_kinds(mwt_mem *m, uint64_t bl_lo, uint64_t bl_hi)
{
    m->bl_lo = bl_lo;
    m->bl_hi = bl_hi;
    m->io.kinds = fake_kinds;
}

void mwt_mem_free(mwt_mem *m)
{
    free(m->bytes);
    m->bytes = NULL;
}

uint8_t *mwt_at(mwt_mem *m, uint64_t va)
{
    return m->bytes + (va - m->base);
}

uint64_t mwt_bl_offset(uint32_t width_bytes, uint32_t height, uint32_t bh, uint32_t bd, uint32_t x, uint32_t y,
                       uint32_t z)
{
    uint64_t gobs_across = (width_bytes + 63) / 64;
    uint64_t gobs_tall = 1u << bh, slices = 1u << bd;
    uint64_t blocks_down = ((height + 7) / 8 + gobs_tall - 1) / gobs_tall;
    uint64_t block = ((uint64_t)(z / slices) * blocks_down + (y / 8) / gobs_tall) * gobs_across + x / 64;
    uint64_t gob = (uint64_t)(z % slices) * gobs_tall + (y / 8) % gobs_tall;
    uint32_t gx = x % 64, gy = y % 8;
    uint64_t in_gob = (gx & 15) | (gy & 1) << 4 | ((gx >> 4) & 1) << 5 | ((gy >> 1) & 3) << 6 | ((gx >> 5) & 1) << 8;
    return (block * gobs_tall * slices + gob) * 512 + in_gob;
}
