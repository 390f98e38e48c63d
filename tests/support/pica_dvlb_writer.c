#include "support/pica_dvlb_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DW_MAX_CODE 4096
#define DW_MAX_DESC 128
#define DW_MAX_DVLE 8
#define DW_MAX_ITEMS 64

typedef struct dvle_rec {
    int geometry, merge;
    uint32_t main_offset, end_offset;
    uint32_t gs_mode, gs_fixed_start, gs_variable_num, gs_fixed_num;
    uint8_t consts[DW_MAX_ITEMS][20];
    uint32_t nconst;
    uint32_t outputs[DW_MAX_ITEMS][4];
    uint32_t nout;
    struct { char name[32]; uint32_t first, last; } uniforms[DW_MAX_ITEMS];
    uint32_t nuni;
    struct { char name[32]; uint32_t id, offset, size; } labels[DW_MAX_ITEMS];
    uint32_t nlabel;
} dvle_rec;

struct pica_dvlb_writer {
    uint32_t code[DW_MAX_CODE];
    uint32_t ncode;
    uint32_t desc[DW_MAX_DESC];
    uint32_t ndesc;
    dvle_rec dvle[DW_MAX_DVLE];
    uint32_t ndvle;
};

static void die(const char *what)
{
    fprintf(stderr, "pica_dvlb_writer: %s\n", what);
    abort();
}

pica_dvlb_writer *dw_create(void)
{
    pica_dvlb_writer *w = calloc(1, sizeof *w);
    if (!w)
        die("out of memory");
    return w;
}

void dw_destroy(pica_dvlb_writer *w)
{
    free(w);
}

/* "xyzw" -> 8-bit selector, component 0 in bits 6-7 (3dbrew "Component
 * selector"); a short swizzle repeats its last letter. */
static uint32_t selector(const char *s)
{
    if (!s)
        s = "xyzw";
    size_t n = strlen(s);
    if (n == 0 || n > 4)
        die("bad swizzle");
    uint32_t sel = 0;
    for (unsigned i = 0; i < 4; i++) {
        char c = s[i < n ? i : n - 1];
        const char *p = strchr("xyzw", c);
        if (!p || !c)
            die("bad swizzle letter");
        sel |= (uint32_t)(p - "xyzw") << (6 - 2 * i);
    }
    return sel;
}

/* "xz" -> destination mask, bit 3 = x ... bit 0 = w */
static uint32_t dmask(const char *m)
{
    uint32_t mask = 0;
    for (; m && *m; m++) {
        const char *p = strchr("xyzw", *m);
        if (!p)
            die("bad mask letter");
        mask |= 8u >> (p - "xyzw");
    }
    return mask;
}

uint32_t dw_opdesc(pica_dvlb_writer *w, const char *mask, const char *s1, int n1, const char *s2, int n2,
                   const char *s3, int n3)
{
    uint32_t d = dmask(mask) | (uint32_t)(n1 != 0) << 4 | selector(s1) << 5 | (uint32_t)(n2 != 0) << 13 |
                 selector(s2) << 14 | (uint32_t)(n3 != 0) << 22 | selector(s3) << 23;
    for (uint32_t i = 0; i < w->ndesc; i++)
        if (w->desc[i] == d)
            return i;
    if (w->ndesc >= DW_MAX_DESC)
        die("too many operand descriptors");
    w->desc[w->ndesc] = d;
    return w->ndesc++;
}

void dw_set_opdesc(pica_dvlb_writer *w, uint32_t index, uint32_t word)
{
    if (index >= DW_MAX_DESC)
        die("descriptor index");
    w->desc[index] = word;
    if (w->ndesc <= index)
        w->ndesc = index + 1;
}

static uint32_t field(uint32_t v, unsigned at, unsigned bits)
{
    if (v >> bits)
        die("field value too wide for its format");
    return v << at;
}

uint32_t dw_op1(pica_dvlb_writer *w, uint32_t op, dw_dst d, dw_src s1, dw_src s2)
{
    /* picasso picks DPHI/DSTI/SGEI/SLTI when the second source is wide */
    if (s2.reg >= 0x20 || s2.idx) {
        if (op == DW_DPH) op = DW_DPHI;
        else if (op == DW_DST) op = DW_DSTI;
        else if (op == DW_SGE) op = DW_SGEI;
        else if (op == DW_SLT) op = DW_SLTI;
    }
    uint32_t desc = dw_opdesc(w, d.mask, s1.swz, s1.neg, s2.swz, s2.neg, NULL, 0);
    int inverted = op >= DW_DPHI && op <= DW_SLTI;
    if (!inverted) /* format 1: DESC 0, SRC2 7 (5 bits), SRC1 12 (7), IDX_1 19, DST 21, OPCODE 26 */
        return field(desc, 0, 7) | field(s2.reg, 7, 5) | field(s1.reg, 12, 7) | field(s1.idx, 19, 2) |
               field(d.reg, 21, 5) | field(op, 26, 6);
    /* format 1i: DESC 0, SRC2 7 (7 bits), SRC1 14 (5), IDX_2 19, DST 21, OPCODE 26 */
    if (s1.idx)
        die("the narrow source cannot be relative");
    return field(desc, 0, 7) | field(s2.reg, 7, 7) | field(s1.reg, 14, 5) | field(s2.idx, 19, 2) |
           field(d.reg, 21, 5) | field(op, 26, 6);
}

uint32_t dw_op1u(pica_dvlb_writer *w, uint32_t op, dw_dst d, dw_src s1)
{
    uint32_t desc = dw_opdesc(w, d.mask, s1.swz, s1.neg, NULL, 0, NULL, 0);
    return field(desc, 0, 7) | field(s1.reg, 12, 7) | field(s1.idx, 19, 2) | field(d.reg, 21, 5) | field(op, 26, 6);
}

uint32_t dw_mova(pica_dvlb_writer *w, const char *mask, dw_src s1)
{
    return dw_op1u(w, DW_MOVA, (dw_dst){0, mask}, s1);
}

uint32_t dw_cmp(pica_dvlb_writer *w, dw_src s1, uint32_t opx, uint32_t opy, dw_src s2)
{
    /* format 1c: DESC 0, SRC2 7, SRC1 12, IDX_1 19, CMPY 21, CMPX 24, 5-bit OPCODE 27 */
    uint32_t desc = dw_opdesc(w, "", s1.swz, s1.neg, s2.swz, s2.neg, NULL, 0);
    return field(desc, 0, 7) | field(s2.reg, 7, 5) | field(s1.reg, 12, 7) | field(s1.idx, 19, 2) |
           field(opy, 21, 3) | field(opx, 24, 3) | field(DW_CMP >> 1, 27, 5);
}

uint32_t dw_mad(pica_dvlb_writer *w, dw_dst d, dw_src s1, dw_src s2, dw_src s3)
{
    uint32_t desc = dw_opdesc(w, d.mask, s1.swz, s1.neg, s2.swz, s2.neg, s3.swz, s3.neg);
    if (s1.idx)
        die("mad's first source cannot be relative");
    if (s3.reg >= 0x20 || s3.idx) /* format 5i: DESC 0 (5), SRC3 5 (7), SRC2 12 (5), SRC1 17, IDX_3 22, DST 24 */
        return field(desc, 0, 5) | field(s3.reg, 5, 7) | field(s2.reg, 12, 5) | field(s1.reg, 17, 5) |
               field(s3.idx, 22, 2) | field(d.reg, 24, 5) | field(DW_MADI >> 3, 29, 3);
    /* format 5: DESC 0 (5), SRC3 5 (5), SRC2 10 (7), SRC1 17, IDX_2 22, DST 24, 3-bit OPCODE 29 */
    return field(desc, 0, 5) | field(s3.reg, 5, 5) | field(s2.reg, 10, 7) | field(s1.reg, 17, 5) |
           field(s2.idx, 22, 2) | field(d.reg, 24, 5) | field(DW_MAD >> 3, 29, 3);
}

uint32_t dw_op0(uint32_t op)
{
    return field(op, 26, 6);
}

uint32_t dw_flow2(uint32_t op, uint32_t condop, int refx, int refy, uint32_t dst, uint32_t num)
{
    /* format 2: NUM 0 (8), DST 10 (12), CONDOP 22, REFY 24, REFX 25 */
    return field(num, 0, 8) | field(dst, 10, 12) | field(condop, 22, 2) | field(refy != 0, 24, 1) |
           field(refx != 0, 25, 1) | field(op, 26, 6);
}

uint32_t dw_flow3(uint32_t op, uint32_t id, uint32_t dst, uint32_t num)
{
    /* format 3: NUM 0 (8), DST 10 (12), BOOL/INT id 22 (4) */
    return field(num, 0, 8) | field(dst, 10, 12) | field(id, 22, 4) | field(op, 26, 6);
}

uint32_t dw_setemit(uint32_t vertex_id, int prim, int inv)
{
    /* format 4: FLAG_WINDING 22, FLAG_PRIMEMIT 23, VTXID 24 (2) */
    return field(inv != 0, 22, 1) | field(prim != 0, 23, 1) | field(vertex_id, 24, 2) | field(DW_SETEMIT, 26, 6);
}

uint32_t dw_emit(pica_dvlb_writer *w, uint32_t word)
{
    if (w->ncode >= DW_MAX_CODE)
        die("program too long");
    w->code[w->ncode] = word;
    return w->ncode++;
}

void dw_patch(pica_dvlb_writer *w, uint32_t at, uint32_t word)
{
    if (at >= w->ncode)
        die("patch past the end");
    w->code[at] = word;
}

uint32_t dw_here(const pica_dvlb_writer *w)
{
    return w->ncode;
}

static dvle_rec *cur(pica_dvlb_writer *w)
{
    if (!w->ndvle)
        die("no DVLE started");
    return &w->dvle[w->ndvle - 1];
}

void dw_dvle(pica_dvlb_writer *w, int geometry, uint32_t main_offset, uint32_t end_offset)
{
    if (w->ndvle >= DW_MAX_DVLE)
        die("too many DVLEs");
    dvle_rec *d = &w->dvle[w->ndvle++];
    memset(d, 0, sizeof *d);
    d->geometry = geometry;
    d->main_offset = main_offset;
    d->end_offset = end_offset;
}

void dw_gsh(pica_dvlb_writer *w, uint32_t mode, uint32_t fixed_start, uint32_t variable_num, uint32_t fixed_num,
            int merge)
{
    dvle_rec *d = cur(w);
    d->gs_mode = mode;
    d->gs_fixed_start = fixed_start;
    d->gs_variable_num = variable_num;
    d->gs_fixed_num = fixed_num;
    d->merge = merge;
}

static void le32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void le16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static uint8_t *new_const(pica_dvlb_writer *w, uint32_t type, uint32_t reg)
{
    dvle_rec *d = cur(w);
    if (d->nconst >= DW_MAX_ITEMS)
        die("too many constants");
    uint8_t *e = d->consts[d->nconst++];
    memset(e, 0, 20);
    le16(e, type);
    le16(e + 2, reg);
    return e;
}

uint32_t dw_f24(float f)
{
    uint32_t i;
    memcpy(&i, &f, 4);
    uint32_t sign = i >> 31, mant = (i & 0x7FFFFF) >> 7;
    int32_t exp = (int32_t)((i >> 23) & 0xFF);
    if (exp == 0xFF) /* inf, NaN */
        return sign << 23 | 0x7Fu << 16 | mant | (mant == 0 && (i & 0x7FFFFF) ? 1 : 0);
    exp = exp - 127 + 63;
    if (exp <= 0)
        return sign << 23;
    if (exp >= 0x7F)
        return sign << 23 | 0x7Fu << 16;
    return sign << 23 | (uint32_t)exp << 16 | mant;
}

void dw_const_f(pica_dvlb_writer *w, uint32_t reg, float x, float y, float z, float ww)
{
    uint8_t *e = new_const(w, 2, reg);
    float v[4] = {x, y, z, ww};
    for (int k = 0; k < 4; k++)
        le32(e + 4 + 4 * k, dw_f24(v[k]));
}

void dw_const_i(pica_dvlb_writer *w, uint32_t reg, uint8_t x, uint8_t y, uint8_t z, uint8_t ww)
{
    uint8_t *e = new_const(w, 1, reg);
    e[4] = x;
    e[5] = y;
    e[6] = z;
    e[7] = ww;
}

void dw_const_b(pica_dvlb_writer *w, uint32_t reg, int value)
{
    uint8_t *e = new_const(w, 0, reg);
    le32(e + 4, value ? 1 : 0);
}

void dw_output(pica_dvlb_writer *w, uint32_t type, uint32_t reg, uint32_t mask)
{
    dvle_rec *d = cur(w);
    if (d->nout >= DW_MAX_ITEMS)
        die("too many outputs");
    uint32_t *o = d->outputs[d->nout++];
    o[0] = type;
    o[1] = reg;
    o[2] = mask;
    o[3] = 0;
}

void dw_uniform(pica_dvlb_writer *w, const char *name, uint32_t first, uint32_t last)
{
    dvle_rec *d = cur(w);
    if (d->nuni >= DW_MAX_ITEMS || strlen(name) >= 32)
        die("too many uniforms or name too long");
    strcpy(d->uniforms[d->nuni].name, name);
    d->uniforms[d->nuni].first = first;
    d->uniforms[d->nuni].last = last;
    d->nuni++;
}

void dw_label(pica_dvlb_writer *w, uint32_t id, uint32_t offset, uint32_t size, const char *name)
{
    dvle_rec *d = cur(w);
    if (d->nlabel >= DW_MAX_ITEMS || strlen(name) >= 32)
        die("too many labels or name too long");
    strcpy(d->labels[d->nlabel].name, name);
    d->labels[d->nlabel].id = id;
    d->labels[d->nlabel].offset = offset;
    d->labels[d->nlabel].size = size;
    d->nlabel++;
}

static size_t dvle_size(const dvle_rec *d, uint32_t *symsize)
{
    uint32_t sym = 0;
    for (uint32_t i = 0; i < d->nuni; i++)
        sym += (uint32_t)strlen(d->uniforms[i].name) + 1;
    for (uint32_t i = 0; i < d->nlabel; i++)
        sym += (uint32_t)strlen(d->labels[i].name) + 1;
    *symsize = sym;
    size_t n = 0x40 + d->nconst * 20 + d->nlabel * 16 + d->nout * 8 + d->nuni * 8 + sym;
    return (n + 3) & ~(size_t)3;
}

uint8_t *dw_finish(pica_dvlb_writer *w, size_t *size)
{
    size_t dvlp_at = 8 + 4 * (size_t)w->ndvle;
    size_t dvlp_size = 0x28 + 4 * (size_t)w->ncode + 8 * (size_t)w->ndesc;
    size_t total = dvlp_at + dvlp_size;
    uint32_t symsize[DW_MAX_DVLE];
    size_t dvle_at[DW_MAX_DVLE];
    for (uint32_t i = 0; i < w->ndvle; i++) {
        dvle_at[i] = total;
        total += dvle_size(&w->dvle[i], &symsize[i]);
    }
    uint8_t *f = calloc(1, total);
    if (!f)
        die("out of memory");
    memcpy(f, "DVLB", 4);
    le32(f + 4, w->ndvle);
    for (uint32_t i = 0; i < w->ndvle; i++)
        le32(f + 8 + 4 * i, (uint32_t)dvle_at[i]);

    uint8_t *p = f + dvlp_at;
    memcpy(p, "DVLP", 4);
    le32(p + 8, 0x28);
    le32(p + 0xC, w->ncode);
    le32(p + 0x10, 0x28 + 4 * w->ncode);
    le32(p + 0x14, w->ndesc);
    le32(p + 0x18, (uint32_t)dvlp_size);
    for (uint32_t i = 0; i < w->ncode; i++)
        le32(p + 0x28 + 4 * i, w->code[i]);
    for (uint32_t i = 0; i < w->ndesc; i++)
        le32(p + 0x28 + 4 * w->ncode + 8 * i, w->desc[i]);

    for (uint32_t i = 0; i < w->ndvle; i++) {
        const dvle_rec *d = &w->dvle[i];
        uint8_t *e = f + dvle_at[i];
        memcpy(e, "DVLE", 4);
        le16(e + 4, 0x1002);
        e[6] = (uint8_t)(d->geometry ? 1 : 0);
        e[7] = (uint8_t)(d->merge ? 1 : 0);
        le32(e + 8, d->main_offset);
        le32(e + 0xC, d->end_offset);
        uint32_t outmask = 0;
        for (uint32_t k = 0; k < d->nout; k++)
            outmask |= 1u << d->outputs[k][1];
        le16(e + 0x12, outmask);
        e[0x14] = (uint8_t)d->gs_mode;
        e[0x15] = (uint8_t)d->gs_fixed_start;
        e[0x16] = (uint8_t)d->gs_variable_num;
        e[0x17] = (uint8_t)d->gs_fixed_num;
        uint32_t at = 0x40;
        le32(e + 0x18, at);
        le32(e + 0x1C, d->nconst);
        for (uint32_t k = 0; k < d->nconst; k++, at += 20)
            memcpy(e + at, d->consts[k], 20);
        le32(e + 0x20, at);
        le32(e + 0x24, d->nlabel);
        uint32_t label_at = at;
        at += 16 * d->nlabel;
        le32(e + 0x28, at);
        le32(e + 0x2C, d->nout);
        for (uint32_t k = 0; k < d->nout; k++, at += 8) {
            le16(e + at, d->outputs[k][0]);
            le16(e + at + 2, d->outputs[k][1]);
            le16(e + at + 4, d->outputs[k][2]);
            le16(e + at + 6, d->outputs[k][3]);
        }
        le32(e + 0x30, at);
        le32(e + 0x34, d->nuni);
        uint32_t uni_at = at;
        at += 8 * d->nuni;
        le32(e + 0x38, at);
        le32(e + 0x3C, symsize[i]);
        uint32_t sym = 0;
        for (uint32_t k = 0; k < d->nuni; k++) {
            le32(e + uni_at + 8 * k, sym);
            le16(e + uni_at + 8 * k + 4, d->uniforms[k].first);
            le16(e + uni_at + 8 * k + 6, d->uniforms[k].last);
            size_t len = strlen(d->uniforms[k].name) + 1;
            memcpy(e + at + sym, d->uniforms[k].name, len);
            sym += (uint32_t)len;
        }
        for (uint32_t k = 0; k < d->nlabel; k++) {
            uint8_t *l = e + label_at + 16 * k;
            le16(l, d->labels[k].id);
            le16(l + 2, 1);
            le32(l + 4, d->labels[k].offset);
            le32(l + 8, d->labels[k].size);
            le32(l + 12, sym);
            size_t len = strlen(d->labels[k].name) + 1;
            memcpy(e + at + sym, d->labels[k].name, len);
            sym += (uint32_t)len;
        }
    }
    *size = total;
    return f;
}
