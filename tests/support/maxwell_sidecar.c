#include "support/maxwell_sidecar.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "support/test_support.h"

const char *tmc_dir(void)
{
    return ts_testdata_path("maxwell/shaders");
}

const char *tmc_require(void)
{
    const char *dir = tmc_dir();
    if (!dir)
        print_message("SKIP: the Maxwell shader corpus is absent at %s/maxwell/shaders "
                      "(GLHLE_TESTDATA_DIR, else ../shared/testdata); this test needs it\n",
                      ts_testdata_root());
    return dir;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

const char *const *tmc_names(void)
{
    static char *names[128];
    static bool done;
    if (!done && tmc_dir()) {
        DIR *d = opendir(tmc_dir());
        size_t n = 0;
        struct dirent *e;
        while (d && (e = readdir(d)) && n < 127) {
            size_t len = strlen(e->d_name);
            if (len > 5 && !strcmp(e->d_name + len - 5, ".json")) {
                names[n] = strndup(e->d_name, len - 5);
                n++;
            }
        }
        if (d)
            closedir(d);
        qsort(names, n, sizeof names[0], cmp_str);
        names[n] = NULL;
        done = true;
    }
    return (const char *const *)names;
}

static char *read_text(const char *dir, const char *name, const char *ext, size_t *size)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s%s", dir, name, ext);
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 1 << 24);
    if (!glhle_bytebuf_read_file(&b, path, 1 << 24)) {
        glhle_bytebuf_free(&b);
        return NULL;
    }
    glhle_bytebuf_append_u8(&b, 0);
    size_t n;
    uint8_t *d = glhle_bytebuf_detach(&b, &n);
    if (size)
        *size = n - 1;
    return (char *)d;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static mw_spirv_stage stage_of(const char *s)
{
    static const char *const names[] = {"vert", "tess_ctrl", "tess_eval", "geom", "frag", "comp"};
    for (int i = 0; i < 6; i++)
        if (!strcmp(s, names[i]))
            return (mw_spirv_stage)i;
    return MW_SPIRV_STAGE_COUNT_;
}

bool tmc_load(const char *name, tmc_shader *s)
{
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", name);
    const char *dir = tmc_dir();
    if (!dir)
        return false;
    size_t size;
    char *bin = read_text(dir, name, ".bin", &size);
    char *dksh = NULL, *json = read_text(dir, name, ".json", NULL);
    size_t dsize = 0;
    dksh = read_text(dir, name, ".dksh", &dsize);
    s->glsl = read_text(dir, name, ".glsl", NULL);
    if (!bin || !json || !dksh || !s->glsl || size % 8 || dsize < 0x100) {
        print_message("corpus shader %s: missing or malformed files\n", name);
        free(bin);
        free(json);
        free(dksh);
        tmc_free(s);
        return false;
    }
    s->code = (uint64_t *)bin;
    s->words = size / 8;
    s->json = tj_parse(json);
    free(json);
    s->stage = stage_of(tj_str(tj_get(s->json, "stage"), ""));
    /* DKSH (README): control_sz at 8, program header at 0x18 with constbuf1_off/sz at +12/+16 */
    const uint8_t *d = (const uint8_t *)dksh;
    uint32_t control = le32(d + 8), cb_off = le32(d + 0x18 + 12), cb_sz = le32(d + 0x18 + 16);
    if (s->stage != MW_SPIRV_COMPUTE && control + 0x80 <= dsize) {
        memcpy(s->sph, d + control + 0x30, 0x50);
        s->has_sph = true;
    }
    if (s->stage == MW_SPIRV_COMPUTE)
        s->shared_bytes = le32(d + 0x18 + 24 + 12); /* the union's shared_mem_sz */
    if (s->stage == MW_SPIRV_TESS_EVAL)
        s->tess_param = le32(d + 0x18 + 24); /* the union's first word (quad_tesh: 0x202) */
    if (cb_sz && (size_t)control + cb_off + cb_sz <= dsize) {
        s->cbuf1 = malloc(cb_sz);
        memcpy(s->cbuf1, d + control + cb_off, cb_sz);
        s->cbuf1_size = cb_sz;
    }
    free(dksh);
    return s->json != NULL && s->stage != MW_SPIRV_STAGE_COUNT_;
}

void tmc_free(tmc_shader *s)
{
    free(s->code);
    free(s->cbuf1);
    free(s->glsl);
    tj_free(s->json);
    memset(s, 0, sizeof *s);
}

uint32_t tmc_tex_handle_offset(mw_spirv_stage stage)
{
    static const uint32_t base[] = {0x010, 0x1b0, 0x350, 0x4f0, 0x690, 0xa0};
    return base[stage < MW_SPIRV_STAGE_COUNT_ ? stage : 0];
}

static uint8_t tex_kind(const char *type)
{
    uint8_t k = 0;
    if (type[0] == 'i')
        k |= MW_TEX_SINT, type++;
    else if (type[0] == 'u')
        k |= MW_TEX_UINT, type++;
    if (strstr(type, "Shadow"))
        k |= MW_TEX_SHADOW;
    if (!strncmp(type, "sampler2DArray", 14))
        return k | MW_TEX_2D_ARRAY;
    if (!strncmp(type, "samplerCubeArray", 16))
        return k | MW_TEX_CUBE_ARRAY;
    if (!strncmp(type, "sampler1DArray", 14))
        return k | MW_TEX_1D_ARRAY;
    if (!strncmp(type, "sampler2D", 9))
        return k | MW_TEX_2D;
    if (!strncmp(type, "sampler3D", 9))
        return k | MW_TEX_3D;
    if (!strncmp(type, "samplerCube", 11))
        return k | MW_TEX_CUBE;
    if (!strncmp(type, "sampler1D", 9))
        return k | MW_TEX_1D;
    return MW_TEX_NONE;
}

static uint8_t val_type(const char *glsl_type)
{
    if (glsl_type[0] == 'i')
        return MW_VAL_SINT;
    if (glsl_type[0] == 'u')
        return MW_VAL_UINT;
    return MW_VAL_FLOAT;
}

void tmc_key(const tmc_shader *s, mw_spirv_key *key)
{
    memset(key, 0, sizeof *key);
    key->stage = (uint8_t)s->stage;
    key->tex_handle_cbuf = 0;
    key->tex_handle_offset = tmc_tex_handle_offset(s->stage);
    if (s->stage == MW_SPIRV_TESS_EVAL)
        key->tess_mode = MW_TESS_MODE(s->tess_param);
    if (s->stage == MW_SPIRV_GEOMETRY) { /* the input primitive is the draw's */
        const char *prim = tj_str(tj_get(tj_get(s->json, "draw"), "primitive"), "points");
        key->prim_in = !strcmp(prim, "lines") || !strcmp(prim, "line_strip") ? MW_PRIM_IN_LINES
                       : !strcmp(prim, "triangles") || !strcmp(prim, "triangle_strip") ? MW_PRIM_IN_TRIANGLES
                                                                                         : MW_PRIM_IN_POINTS;
    }
    const tj_value *tex = tj_get(s->json, "textures");
    for (size_t i = 0; i < tj_len(tex); i++) {
        const tj_value *t = tj_at(tex, i);
        uint32_t binding = (uint32_t)tj_num(tj_get(t, "binding"), 99);
        if (binding < MW_SPIRV_TEX_SLOTS)
            key->tex[binding] = tex_kind(tj_str(tj_get(t, "type"), ""));
    }
    /* images: deko3d's handle table follows the textures' (README "The c0 layout": +0x80) */
    key->img_handle_offset = key->tex_handle_offset + 0x80;
    const tj_value *img = tj_get(s->json, "images");
    for (size_t i = 0; i < tj_len(img); i++) {
        static const char *const names[MW_IMG_FORMAT_COUNT_] = {"", "r32ui", "r32i", "r32f", "rgba8", "rgba8ui",
                                                                "rgba16f", "rgba32f", "rgba32ui"};
        uint32_t binding = (uint32_t)tj_num(tj_get(tj_at(img, i), "binding"), 99);
        const char *f = tj_str(tj_get(tj_at(img, i), "format"), "");
        for (uint8_t k = 1; k < MW_IMG_FORMAT_COUNT_ && binding < MW_SPIRV_IMG_SLOTS; k++)
            if (!strcmp(f, names[k]))
                key->img[binding] = k;
    }
    const tj_value *attrs = tj_get(tj_get(s->json, "vertex_inputs"), "attributes");
    for (size_t i = 0; i < tj_len(attrs); i++) {
        const tj_value *a = tj_at(attrs, i);
        uint32_t loc = (uint32_t)tj_num(tj_get(a, "location"), 99);
        if (loc < 32)
            key->attr_type[loc] = val_type(tj_str(tj_get(a, "type"), ""));
    }
    const tj_value *targets = tj_get(tj_get(s->json, "framebuffer"), "targets");
    for (size_t i = 0; i < tj_len(targets); i++) {
        const tj_value *t = tj_at(targets, i);
        uint32_t loc = (uint32_t)tj_num(tj_get(t, "location"), 99);
        const char *f = tj_str(tj_get(t, "format"), "");
        if (loc < 8)
            key->rt_type[loc] = strstr(f, "ui") ? MW_VAL_UINT : strstr(f, "i") && !strstr(f, "unorm") ? MW_VAL_SINT
                                                                                                     : MW_VAL_FLOAT;
    }
}

void tmc_input(const tmc_shader *s, mw_spirv_input *in)
{
    memset(in, 0, sizeof *in);
    in->code = s->code;
    in->words = s->words;
    in->sph = s->has_sph ? s->sph : NULL;
    tmc_key(s, &in->key);
    const tj_value *ls = tj_get(s->json, "local_size"); /* compute: the block the sidecar names */
    for (size_t i = 0; i < 3; i++)
        in->local_size[i] = ls ? (uint32_t)tj_num(tj_at(ls, i), 1) : 1;
    in->shared_bytes = s->shared_bytes;
}

void tmc_varyings_from_glsl(const char *glsl, bool outputs, uint8_t varying[32])
{
    memset(varying, 0, 32);
    for (const char *p = glsl; (p = strstr(p, "location")) != NULL; p++) {
        const char *eq = strchr(p, '='), *close = strchr(p, ')');
        if (!eq || !close || eq > close)
            continue;
        int loc = atoi(eq + 1);
        char words[4][32] = {{0}};
        int n = 0;
        const char *q = close + 1;
        while (n < 4 && *q && *q != ';' && *q != '\n') {
            while (*q == ' ' || *q == '\t')
                q++;
            int len = 0;
            while (q[len] && q[len] != ' ' && q[len] != ';' && q[len] != '\n' && len < 31)
                len++;
            if (!len)
                break;
            memcpy(words[n], q, (size_t)len);
            words[n][len] = 0;
            q += len;
            if (strcmp(words[n], "flat") && strcmp(words[n], "noperspective") && strcmp(words[n], "centroid") &&
                strcmp(words[n], "smooth"))
                n++;
        }
        if (n < 2 || strcmp(words[0], outputs ? "out" : "in") || loc < 0 || loc >= 32)
            continue;
        const char *ty = words[1];
        uint8_t val = ty[0] == 'i' ? MW_VAL_SINT : ty[0] == 'u' ? MW_VAL_UINT : MW_VAL_FLOAT;
        const char *digit = strpbrk(ty, "234");
        uint8_t comps = (uint8_t)(strstr(ty, "vec") && digit ? *digit - '0' : 1);
        varying[loc] = MW_VARYING(comps, val);
    }
}
