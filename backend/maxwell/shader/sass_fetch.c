#include "backend/maxwell/shader/sass_fetch.h"

#include <stdlib.h>
#include <string.h>

#include "backend/maxwell/shader/sass_decode.h"

/* An unconditional BRA (guard PT, CC test T, relative target) to itself;
 * a target naming the group's control word names the group's first
 * instruction (uam's `bra 0x200` at 0x208 in bitfield_fsh). */
static bool is_self_branch(uint64_t w, uint32_t offset)
{
    mw_sass_inst in;
    if (mw_sass_lookup(w) != MW_SASS_OP_BRA)
        return false;
    mw_sass_decode_inst(w, offset, 0, &in);
    return in.pred == MW_SASS_PT && !in.pred_neg && in.mods.cc_test == 15 && in.nsrc == 1 &&
           in.src[0].kind == MW_SASS_OPND_TARGET &&
           ((uint32_t)in.src[0].offset == offset || ((in.src[0].offset & 31) == 0 && (uint32_t)in.src[0].offset + 8 == offset));
}

glhle_result mw_sass_fetch(const mw_sass_fetch_desc *d, mw_sass_code *out)
{
    memset(out, 0, sizeof *out);
    if (!d || !d->read)
        return GLHLE_FAIL(d ? d->log : NULL, GLHLE_RESULT_INVALID_ARGUMENT, "sass fetch: no memory reader");
    uint64_t va = d->address;
    if (d->has_sph) {
        uint8_t sph[MW_SPH_SIZE];
        if (!d->read(d->user, va, sph, sizeof sph))
            return GLHLE_FAIL(d->log, GLHLE_RESULT_OUT_OF_BOUNDS,
                              "sass fetch: program header at GPU 0x%llx cannot be read", (unsigned long long)va);
        glhle_result r = mw_sph_parse(sph, sizeof sph, d->log, &out->sph);
        if (r != GLHLE_RESULT_OK)
            return GLHLE_FAIL(d->log, r, "sass fetch: bad program header at GPU 0x%llx", (unsigned long long)va);
        out->has_sph = true;
        va += MW_SPH_SIZE;
    }
    size_t max_words = (d->max_bytes ? d->max_bytes : MW_SASS_MAX_CODE_WORDS * 8u) / 32 * 4;
    if (max_words > MW_SASS_MAX_CODE_WORDS)
        max_words = MW_SASS_MAX_CODE_WORDS;
    if (max_words == 0)
        return GLHLE_FAIL(d->log, GLHLE_RESULT_INVALID_ARGUMENT, "sass fetch: a cap of %u bytes holds no group",
                          d->max_bytes);
    size_t cap = 64;
    out->words = malloc(cap * 8);
    if (!out->words)
        return GLHLE_FAIL(d->log, GLHLE_RESULT_OUT_OF_MEMORY, "sass fetch: no memory");
    while (out->count < max_words) {
        uint64_t g[4];
        uint64_t at = va + out->count * 8;
        if (!d->read(d->user, at, g, sizeof g)) {
            if (out->count == 0) {
                mw_sass_code_free(out);
                return GLHLE_FAIL(d->log, GLHLE_RESULT_OUT_OF_BOUNDS, "sass fetch: code at GPU 0x%llx cannot be read",
                                  (unsigned long long)at);
            }
            GLHLE_WARN(d->log, "sass fetch: code runs into unreadable memory at GPU 0x%llx (+0x%zx) before its end",
                       (unsigned long long)at, out->count * 8);
            break;
        }
        if (!(g[0] | g[1] | g[2] | g[3]) && out->count)
            break; /* zero fill after the code */
        if (out->count + 4 > cap) {
            cap *= 2;
            uint64_t *nw = realloc(out->words, cap * 8);
            if (!nw) {
                mw_sass_code_free(out);
                return GLHLE_FAIL(d->log, GLHLE_RESULT_OUT_OF_MEMORY, "sass fetch: no memory");
            }
            out->words = nw;
        }
        memcpy(out->words + out->count, g, sizeof g);
        out->count += 4;
        bool end = false;
        for (unsigned k = 1; k < 4; k++)
            end |= is_self_branch(g[k], (uint32_t)((out->count - 4 + k) * 8));
        if (end) {
            out->ended = true;
            break;
        }
    }
    if (!out->ended && out->count >= max_words)
        GLHLE_WARN(d->log, "sass fetch: code at GPU 0x%llx has no end marker within %zu bytes", (unsigned long long)va,
                   max_words * 8);
    return GLHLE_RESULT_OK;
}

void mw_sass_code_free(mw_sass_code *c)
{
    if (!c)
        return;
    free(c->words);
    c->words = NULL;
    c->count = 0;
}
