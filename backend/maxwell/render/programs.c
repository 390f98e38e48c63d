/* The Maxwell key type in the program cache service (programs.h). */
#include "backend/maxwell/render/programs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/hash.h"
#include "backend/gl/gl_util.h"
#include "backend/maxwell/shader/sph.h"

uint32_t mw_program_key_bytes(const uint32_t words[MW_PROGRAM_STAGES], uint32_t a_words, bool xfb)
{
    uint64_t n = sizeof(mw_program_key) + (xfb ? sizeof(mw_spirv_xfb) : 0) +
                 (a_words ? sizeof(mw_program_stage_key) + 8ull * a_words : 0);
    for (int i = 0; i < MW_PROGRAM_STAGES; i++)
        n += 8ull * words[i] + (i >= MW_PROGRAM_GS && words[i] ? sizeof(mw_program_stage_key) : 0);
    return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

uint32_t mw_program_key_size(const mw_program_key *k)
{
    return mw_program_key_bytes(k->words, MW_PROGRAM_KEY_A_WORDS(k->flags), (k->flags & MW_PROGRAM_KEY_XFB) != 0);
}

/* A key's stages laid out whole (the key itself keeps the stages after
 * the pixel one only where the program has them) and where its code is. */
typedef struct key_view {
    uint32_t words[MW_PROGRAM_STAGES];
    mw_spirv_key key[MW_PROGRAM_STAGES]; /* zero for a stage the program has not */
    uint8_t sph[MW_PROGRAM_STAGES][0x50];
    uint32_t reserved; /* the stage keys' reserved words and the flags this build does not know */
    uint32_t a_words;  /* vertex A's code words (0: none), its stage key */
    mw_program_stage_key a;
    bool has_xfb;
    mw_spirv_xfb xfb;  /* MW_PROGRAM_KEY_XFB: the last vertex-pipeline stage's layout */
    size_t code_at; /* the code's offset in the key */
} key_view;

static void view_of(const void *bytes, key_view *v)
{
    mw_program_key k;
    memcpy(&k, bytes, sizeof k);
    memset(v, 0, sizeof *v);
    memcpy(v->words, k.words, sizeof v->words);
    v->reserved = k.flags & 0xffu & ~MW_PROGRAM_KEY_XFB;
    v->a_words = MW_PROGRAM_KEY_A_WORDS(k.flags);
    for (int i = 0; i < 2; i++) {
        v->key[i] = k.key[i];
        memcpy(v->sph[i], k.sph[i], 0x50);
    }
    size_t at = sizeof k;
    for (int i = MW_PROGRAM_GS; i < MW_PROGRAM_STAGES; i++) {
        if (!k.words[i])
            continue;
        mw_program_stage_key e;
        memcpy(&e, (const uint8_t *)bytes + at, sizeof e);
        v->key[i] = e.key;
        memcpy(v->sph[i], e.sph, 0x50);
        v->reserved |= e.reserved;
        at += sizeof e;
    }
    if (v->a_words) {
        memcpy(&v->a, (const uint8_t *)bytes + at, sizeof v->a);
        v->reserved |= v->a.reserved;
        at += sizeof v->a;
    }
    if (k.flags & MW_PROGRAM_KEY_XFB) {
        v->has_xfb = true;
        memcpy(&v->xfb, (const uint8_t *)bytes + at, sizeof v->xfb);
        at += sizeof v->xfb;
    }
    v->code_at = at;
}

static uint32_t key_size_of(const void *bytes)
{
    mw_program_key k;
    memcpy(&k, bytes, sizeof k);
    return mw_program_key_size(&k);
}

void mw_program_key_fill(void *out, const mw_spirv_input *const in[MW_PROGRAM_STAGES],
                         const uint32_t words[MW_PROGRAM_STAGES], uint32_t a_words)
{
    mw_program_key k;
    memset(&k, 0, sizeof k);
    uint8_t *o = out;
    size_t at = sizeof k;
    const mw_spirv_xfb *xfb = NULL;
    for (int i = 0; i < MW_PROGRAM_STAGES; i++) {
        if (!in[i])
            continue;
        if (in[i]->xfb)
            xfb = in[i]->xfb;
        k.words[i] = words[i];
        if (i < MW_PROGRAM_GS) {
            k.key[i] = in[i]->key;
            memcpy(k.sph[i], in[i]->sph, 0x50);
            continue;
        }
        mw_program_stage_key e;
        memset(&e, 0, sizeof e);
        e.key = in[i]->key;
        memcpy(e.sph, in[i]->sph, 0x50);
        memcpy(o + at, &e, sizeof e);
        at += sizeof e;
    }
    const mw_spirv_input *vb = in[MW_PROGRAM_VS];
    if (a_words && vb && vb->a_code) {
        k.flags |= a_words << 8;
        mw_program_stage_key e;
        memset(&e, 0, sizeof e);
        e.key = vb->key;
        memcpy(e.sph, vb->a_sph, 0x50);
        memcpy(o + at, &e, sizeof e);
        at += sizeof e;
    } else {
        a_words = 0;
    }
    if (xfb) {
        k.flags |= MW_PROGRAM_KEY_XFB;
        memcpy(o + at, xfb, sizeof *xfb);
        at += sizeof *xfb;
    }
    for (int i = 0; i < MW_PROGRAM_STAGES; i++) {
        if (!in[i])
            continue;
        memcpy(o + at, in[i]->code, (size_t)words[i] * 8);
        at += (size_t)words[i] * 8;
    }
    if (a_words)
        memcpy(o + at, vb->a_code, (size_t)a_words * 8);
    memcpy(o, &k, sizeof k);
}

/* A stored key is used when its stages are the ones its system's service
 * makes (`gs`: the geometry stage 0 absent, 1 required, 2 either way;
 * `tess`: the two tessellation stages), each of those has code, every
 * stage's translation key names its stage, the fields only geometry and
 * tessellation stages use are zero elsewhere and the reserved words are
 * zero. */
static bool key_valid_stages(const void *bytes, int gs, bool tess)
{
    key_view k;
    view_of(bytes, &k);
    static const mw_spirv_stage stage[MW_PROGRAM_STAGES] = {MW_SPIRV_VERTEX, MW_SPIRV_FRAGMENT, MW_SPIRV_GEOMETRY,
                                                            MW_SPIRV_TESS_CTRL, MW_SPIRV_TESS_EVAL};
    const int want[MW_PROGRAM_STAGES] = {1, 1, gs, tess, tess};
    for (int i = 0; i < MW_PROGRAM_STAGES; i++) {
        if (!k.words[i]) {
            if (want[i] == 1)
                return false;
            continue;
        }
        if (!want[i] || k.words[i] < 2 || k.words[i] > MW_PROGRAM_MAX_STAGE_WORDS || k.key[i].stage != stage[i])
            return false;
        if ((i != MW_PROGRAM_GS && k.key[i].prim_in != 0) || (i == MW_PROGRAM_GS && k.key[i].prim_in >= MW_PRIM_IN_COUNT_) ||
            (i != MW_PROGRAM_TES && k.key[i].tess_mode != 0))
            return false;
    }
    /* vertex A: code, the vertex key vertex B has (the joined stage's) */
    if (k.a_words && (k.a_words < 2 || k.a_words > MW_PROGRAM_MAX_STAGE_WORDS ||
                      memcmp(&k.a.key, &k.key[MW_PROGRAM_VS], sizeof k.a.key)))
        return false;
    return k.reserved == 0 && (!k.has_xfb || mw_spirv_xfb_valid(&k.xfb));
}

static bool key_valid(const void *bytes)
{
    return key_valid_stages(bytes, 0, false);
}

static bool key_valid_gs(const void *bytes)
{
    return key_valid_stages(bytes, 1, false);
}

static bool key_valid_tess(const void *bytes)
{
    return key_valid_stages(bytes, 2, true);
}

/* The translator's refusals are the draw path's to report (it translates a
 * miss before asking for its program); the generator stays quiet. */
static const glhle_logger quiet = {.min_level = (glhle_log_level)(GLHLE_LOG_ERROR + 1)};

/* Text's contents replaced by out's where ok; out freed. */
static bool replace_text(glhle_bytebuf *text, glhle_bytebuf *out, bool ok)
{
    if (ok) {
        glhle_bytebuf_clear(text);
        ok = glhle_bytebuf_append(text, out->data, out->size);
    }
    glhle_bytebuf_free(out);
    return ok;
}

/* ES has no glPointSize: a point's size is the vertex program's
 * gl_PointSize alone. The ES vertex text's main becomes mw_main, and a new
 * main runs it and then, where the draw asks (mw_point_size > 0: points,
 * SET_ATTRIBUTE_POINT_SIZE off), writes SET_POINT_SIZE there, as desktop
 * GL's glPointSize does with GL_PROGRAM_POINT_SIZE off. */
static bool es_point_size(glhle_bytebuf *text)
{
    static const char entry[] = "void main()";
    const char *s = glhle_bytebuf_cstr(text);
    const char *at = s ? strstr(s, entry) : NULL;
    if (!at)
        return false;
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    const size_t pre = (size_t)(at - s);
    bool ok = glhle_bytebuf_append(&out, s, pre) &&
              glhle_bytebuf_printf(&out, "layout(location = %d) uniform highp float mw_point_size;\n",
                                   MW_POINT_SIZE_LOCATION) &&
              glhle_bytebuf_printf(&out, "void mw_main()%s", at + sizeof entry - 1) &&
              glhle_bytebuf_printf(&out, "\nvoid main()\n{\n    mw_main();\n    if (mw_point_size > 0.0)\n"
                                         "        gl_PointSize = mw_point_size;\n}\n");
    return replace_text(text, &out, ok);
}

/* ES has no glLogicOp: the ES fragment text's main becomes mw_main, and a
 * new main applies SET_LOGIC_OP_FUNC to target 0 (a float output: UNORM
 * targets) when the draw asks (uniform MW_LOGIC_OP_LOCATION), on the
 * channels as the integers the target stores (x MW_LOGIC_MAX_LOCATION, as
 * GL converts before its logic op), the destination read through
 * EXT_shader_framebuffer_fetch (`fetch`: the output becomes inout and is
 * read before mw_main) or else from a copy of the target made before the
 * draw at unit MW_LOGIC_DEST_UNIT. Op k (0-15, GL_CLEAR + k) is GL's truth
 * table: bit 0 s&d, bit 1 s&~d, bit 2 ~s&d, bit 3 ~s&~d. A text without a
 * float output at location 0 is left as it is. */
static bool es_logic_op(glhle_bytebuf *text, bool fetch)
{
    static const char entry[] = "void main()", output[] = "layout(location = 0) out vec4 frag_color0;";
    const char *s = glhle_bytebuf_cstr(text);
    const char *at = s ? strstr(s, entry) : NULL, *decl = s ? strstr(s, output) : NULL;
    if (!at)
        return false;
    if (!decl || decl > at)
        return true;
    const char *ver = strstr(s, "#version 320 es\n");
    if (!ver || ver > decl)
        return false;
    const char *after_ver = ver + strlen("#version 320 es\n");
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    bool ok = glhle_bytebuf_append(&out, s, (size_t)(after_ver - s));
    if (fetch)
        ok = ok && glhle_bytebuf_printf(&out, "#extension GL_EXT_shader_framebuffer_fetch : require\n");
    ok = ok && glhle_bytebuf_append(&out, after_ver, (size_t)(decl - after_ver)) &&
         glhle_bytebuf_printf(&out, "layout(location = 0) %s vec4 frag_color0;", fetch ? "inout" : "out") &&
         glhle_bytebuf_append(&out, decl + strlen(output), (size_t)(at - decl - strlen(output))) &&
         glhle_bytebuf_printf(&out,
                              "layout(location = %d) uniform highp ivec4 mw_logic;\n"
                              "layout(location = %d) uniform highp vec4 mw_logic_max;\n",
                              MW_LOGIC_OP_LOCATION, MW_LOGIC_MAX_LOCATION);
    if (!fetch)
        ok = ok && glhle_bytebuf_printf(&out, "layout(binding = %d) uniform highp sampler2D mw_logic_dest;\n",
                                        MW_LOGIC_DEST_UNIT);
    ok = ok && glhle_bytebuf_printf(&out, "void mw_main()%s", at + sizeof entry - 1) &&
         glhle_bytebuf_printf(&out, "\nvoid main()\n{\n");
    if (fetch)
        ok = ok && glhle_bytebuf_printf(&out, "    highp vec4 mw_dv = frag_color0;\n");
    ok = ok && glhle_bytebuf_printf(&out, "    mw_main();\n    if (mw_logic.x == 0)\n        return;\n");
    if (!fetch)
        ok = ok && glhle_bytebuf_printf(&out, "    highp vec4 mw_dv = texelFetch(mw_logic_dest, ivec2(gl_FragCoord.xy), 0);\n");
    ok = ok && glhle_bytebuf_printf(
                   &out,
                   "    highp uvec4 mw_m = uvec4(mw_logic_max);\n"
                   "    highp uvec4 s = uvec4(round(clamp(frag_color0, 0.0, 1.0) * mw_logic_max));\n"
                   "    highp uvec4 d = uvec4(round(clamp(mw_dv, 0.0, 1.0) * mw_logic_max));\n"
                   "    highp int k = mw_logic.x - 1;\n"
                   "    highp uvec4 r = uvec4(0u);\n"
                   "    if ((k & 1) != 0) r |= s & d;\n"
                   "    if ((k & 2) != 0) r |= s & ~d;\n"
                   "    if ((k & 4) != 0) r |= ~s & d;\n"
                   "    if ((k & 8) != 0) r |= ~s & ~d;\n"
                   "    frag_color0 = vec4(r & mw_m) / max(mw_logic_max, vec4(1.0));\n"
                   "}\n");
    return replace_text(text, &out, ok);
}

/* GLSL ES 3.20 (9.2.1) wants a vertex output and the fragment input it
 * feeds to agree on their interpolation qualifiers, which desktop GLSL has
 * not asked since 4.30. The fragment stage decorates a generic input flat
 * from its own header (a constant ImapGenericVector mode, or an integer
 * type); the vertex stage, translated alone, only where it writes an
 * integer. So on ES the vertex text's output at each location the fragment
 * text declares flat becomes flat too (SPIRV-Cross writes one declaration
 * a line: "layout(location = N) [flat ]in|out ..."). */
static bool es_match_flat(glhle_bytebuf *vs, glhle_bytebuf *fs)
{
    const char *f = glhle_bytebuf_cstr(fs), *v = glhle_bytebuf_cstr(vs);
    if (!f || !v)
        return false;
    uint32_t flat = 0; /* locations 0-31 the fragment text reads flat */
    for (const char *l = f; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l)) {
        unsigned loc;
        int n = 0;
        if (sscanf(l, "layout(location = %u) flat %n", &loc, &n) == 1 && n > 0 && loc < 32 &&
            strncmp(l + n, "in ", 3) == 0)
            flat |= 1u << loc;
    }
    if (!flat)
        return true;
    glhle_bytebuf out;
    glhle_bytebuf_init(&out, 0);
    bool ok = true;
    for (const char *l = v; *l && ok;) {
        const char *nl = strchr(l, '\n');
        const size_t len = nl ? (size_t)(nl - l) + 1 : strlen(l);
        unsigned loc;
        int n = 0;
        if (sscanf(l, "layout(location = %u) %n", &loc, &n) == 1 && n > 0 && loc < 32 && (flat >> loc & 1) &&
            strncmp(l + n, "out ", 4) == 0)
            ok = glhle_bytebuf_append(&out, l, (size_t)n) && glhle_bytebuf_printf(&out, "flat ") &&
                 glhle_bytebuf_append(&out, l + n, len - (size_t)n);
        else
            ok = glhle_bytebuf_append(&out, l, len);
        l += len;
    }
    return replace_text(vs, &out, ok);
}

uint32_t mw_program_host_bits(const glhle_context_info *info, bool compute, bool spirv)
{
    /* GLES implies no subgroups (and keeps the bits ES hosts had before
     * NO_SUBGROUPS, so their disk caches stay valid) */
    if (info->gles)
        return MW_PROGRAM_HOST_GLES | (info->framebuffer_fetch && !compute ? MW_PROGRAM_HOST_FETCH : 0u);
    return (info->subgroups ? 0u : MW_PROGRAM_HOST_NO_SUBGROUPS) |
           (compute || info->viewport_layer_array ? 0u : MW_PROGRAM_HOST_NO_VIEWPORT_LAYER) |
           (spirv ? MW_PROGRAM_HOST_SPIRV : 0u);
}

static bool stage_text(const key_view *k, const uint64_t *code, const uint64_t *a_code, int i, uint32_t host,
                       glhle_bytebuf *out)
{
    static const mw_spirv_stage stages[MW_PROGRAM_STAGES] = {MW_SPIRV_VERTEX, MW_SPIRV_FRAGMENT, MW_SPIRV_GEOMETRY,
                                                             MW_SPIRV_TESS_CTRL, MW_SPIRV_TESS_EVAL};
    const mw_spirv_stage stage = stages[i];
    mw_spirv_input in;
    memset(&in, 0, sizeof in);
    in.code = code;
    in.words = k->words[i];
    in.sph = k->sph[i];
    in.key = k->key[i];
    if (i == MW_PROGRAM_VS && k->a_words) { /* joined with vertex A (maxwell_spirv.h a_code) */
        in.a_code = a_code;
        in.a_words = k->a_words;
        in.a_sph = k->a.sph;
    }
    /* the layout is the last vertex-pipeline stage's */
    const int last = k->words[MW_PROGRAM_GS] ? MW_PROGRAM_GS : k->words[MW_PROGRAM_TES] ? MW_PROGRAM_TES : MW_PROGRAM_VS;
    if (k->has_xfb && i == last)
        in.xfb = &k->xfb;
    in.tex_1d_as_2d = (host & MW_PROGRAM_HOST_GLES) != 0; /* no 1D samplers in GLSL ES (gl_caps_texture_1d_as_2d) */
    in.no_subgroups = (host & (MW_PROGRAM_HOST_GLES | MW_PROGRAM_HOST_NO_SUBGROUPS)) != 0;
    in.viewport_layer_array = !(host & (MW_PROGRAM_HOST_GLES | MW_PROGRAM_HOST_NO_VIEWPORT_LAYER));
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    bool ok = mw_spirv_translate(&in, &quiet, &r) == GLHLE_RESULT_OK && r.spirv.size % 4 == 0;
    if (ok) {
        spv_glsl_binding bind[MW_GL_UBOS_PER_STAGE + MW_GL_TEXTURES_PER_STAGE + MW_SPIRV_IMG_SLOTS];
        size_t n = 0;
        for (uint32_t u = 0; u < MW_GL_UBOS_PER_STAGE; u++)
            bind[n++] = (spv_glsl_binding){0, u, stage * MW_GL_UBOS_PER_STAGE + u};
        for (uint32_t t = 0; t < MW_GL_TEXTURES_PER_STAGE; t++)
            bind[n++] = (spv_glsl_binding){1, t, stage * MW_GL_TEXTURES_PER_STAGE + t};
        /* storage images: every stage's slot S at image unit S (the draw
         * path refuses two stages naming one slot, draw.c read_images) */
        for (uint32_t t = 0; t < MW_SPIRV_IMG_SLOTS; t++)
            bind[n++] = (spv_glsl_binding){3, t, t};
        const spv_glsl_options opt = {.es = (host & MW_PROGRAM_HOST_GLES) != 0, .bindings = bind,
                                      .binding_count = n};
        /* the module's bytes are uint32_t words already (bytebuf storage is malloc'd) */
        uint32_t *words = (uint32_t *)(void *)r.spirv.data;
        if (host & MW_PROGRAM_HOST_SPIRV)
            ok = spv_remap_bindings(words, r.spirv.size / 4, bind, n, &quiet) == GLHLE_RESULT_OK &&
                 gl_spirv_text_append(out, words, r.spirv.size / 4);
        else
            ok = spv_to_glsl(words, r.spirv.size / 4, &opt, &quiet, out) == GLHLE_RESULT_OK;
        if (ok && opt.es && stage == MW_SPIRV_VERTEX)
            ok = es_point_size(out);
        if (ok && opt.es && stage == MW_SPIRV_FRAGMENT)
            ok = es_logic_op(out, (host & MW_PROGRAM_HOST_FETCH) != 0);
    }
    mw_spirv_result_free(&r);
    return ok;
}

/* Appends text[from..] to out with each `word` (a whole identifier) as
 * `with` instead. */
static bool replace_word(glhle_bytebuf *out, const char *from, const char *word, const char *with)
{
    const size_t n = strlen(word);
    for (const char *p = from, *e;; p = e + n) {
        for (e = strstr(p, word); e && (e[n] == '_' || (e[n] >= '0' && e[n] <= '9') || (e[n] >= 'a' && e[n] <= 'z') ||
                                        (e[n] >= 'A' && e[n] <= 'Z'));)
            e = strstr(e + n, word);
        if (!e)
            return glhle_bytebuf_append(out, p, strlen(p));
        if (!glhle_bytebuf_append(out, p, (size_t)(e - p)) || !glhle_bytebuf_append(out, with, strlen(with)))
            return false;
    }
}

/* Text s past its leading preprocessor and empty lines (#version, the
 * #extension lines and the #if blocks SPIRV-Cross puts around some of
 * them, whole),
 * where a uniform that an edit of the text uses is declared: GLSL wants
 * every #extension before the first declaration (Mesa: "not allowed in
 * the middle of a shader"), and the uniform before anything that uses it. */
static const char *after_header(const char *s)
{
    for (int depth = 0; *s && (*s == '#' || *s == '\n' || depth > 0);) {
        if (!strncmp(s, "#if", 3))
            depth++;
        else if (!strncmp(s, "#endif", 6) && depth > 0)
            depth--;
        const char *nl = strchr(s, '\n');
        s = nl ? nl + 1 : s + strlen(s);
    }
    return s;
}

/* An edit of text begun in out (initialised here; replace_text frees
 * it): text's header (after_header) and the declaration of `uniform` at
 * location loc, *ok false where either failed; returns where the rest of
 * text starts ("" where text has no contents). */
static const char *begin_edit(glhle_bytebuf *text, glhle_bytebuf *out, const char *uniform, int loc, bool *ok)
{
    glhle_bytebuf_init(out, 0);
    const char *s = glhle_bytebuf_cstr(text);
    if (!s)
        return *ok = false, "";
    const char *body = after_header(s);
    *ok = glhle_bytebuf_append(out, s, (size_t)(body - s)) &&
          glhle_bytebuf_printf(out, "layout(location = %d) uniform %s;\n", loc, uniform);
    return body;
}

/* MW_VIEWPORT_FLIP_LOCATION: the last vertex-pipeline stage's text (`stage`
 * MW_PROGRAM_GS, _TES or _VS) negates gl_Position.y of the vertices it
 * sends to a viewport whose bit is set in mw_viewport_flip: a geometry
 * stage before each EmitVertex, another after its main, which becomes
 * mw_main. In window space that is the viewport's y transform with its
 * scale's sign (GL 4.6 13.6.1: y_w = (p_y / 2) y_d + o_y, the rectangle
 * from the scale's magnitude). It also reverses the primitive's winding
 * in window space, which GL faces by and the guest, as GL under viewport
 * 0's origin (glClipControl keeps the clip-space winding), does not: the
 * pixel text (MW_PROGRAM_FS) gets gl_FrontFacing back through the same
 * bit of its gl_ViewportIndex (GL 4.3), and the draw refuses culling and
 * two-sided stencil there (draw.c). The uniform goes after the #version
 * and #extension lines, before anything that might use it. */
static bool viewport_flip(glhle_bytebuf *text, int stage)
{
    static const char entry[] = "void main()";
    static const char flipped[] = "(((mw_viewport_flip >> uint(gl_ViewportIndex)) & 1u) != 0u)";
    glhle_bytebuf out;
    bool ok;
    const char *body = begin_edit(text, &out, "uint mw_viewport_flip", MW_VIEWPORT_FLIP_LOCATION, &ok);
    char with[192];
    if (stage == MW_PROGRAM_FS) {
        snprintf(with, sizeof with, "(gl_FrontFacing != %s)", flipped);
        ok = ok && replace_word(&out, body, "gl_FrontFacing", with);
    } else if (stage == MW_PROGRAM_GS) {
        snprintf(with, sizeof with, "{ if %s gl_Position.y = -gl_Position.y; EmitVertex(); }", flipped);
        ok = ok && replace_word(&out, body, "EmitVertex();", with);
    } else {
        const char *at = strstr(body, entry);
        ok = ok && at && glhle_bytebuf_append(&out, body, (size_t)(at - body)) &&
             glhle_bytebuf_printf(&out, "void mw_main()%s", at + sizeof entry - 1) &&
             glhle_bytebuf_printf(&out, "\nvoid main()\n{\n    mw_main();\n    if %s\n        gl_Position.y = "
                                        "-gl_Position.y;\n}\n", flipped);
    }
    return replace_text(text, &out, ok);
}

/* MW_LAYER_BASE_LOCATION: the last vertex-pipeline stage's text adds
 * mw_layer_base to each layer it writes. SPIRV-Cross writes a store to
 * the Layer built-in as the statement `gl_Layer = E;` (E holds no ';'),
 * which becomes `gl_Layer = mw_layer_base + (E);`; the translation never
 * reads the layer back (transform feedback captures the stored value
 * itself, maxwell_spirv.c xfb_store, as the Maxwell records what the
 * program wrote). A layer past the target's layers is GL's undefined
 * case (GL 4.6 9.8), left so: see draw.c targets. */
static bool layer_base(glhle_bytebuf *text)
{
    static const char store[] = "gl_Layer = ";
    const size_t n = sizeof store - 1;
    glhle_bytebuf out;
    bool ok;
    const char *body = begin_edit(text, &out, "int mw_layer_base", MW_LAYER_BASE_LOCATION, &ok);
    for (const char *p = body; ok;) {
        const char *e = strstr(p, store), *end = e ? strchr(e + n, ';') : NULL;
        if (!e) {
            ok = glhle_bytebuf_append(&out, p, strlen(p));
            break;
        }
        ok = end && glhle_bytebuf_append(&out, p, (size_t)(e - p) + n) &&
             glhle_bytebuf_printf(&out, "mw_layer_base + (") && glhle_bytebuf_append(&out, e + n, (size_t)(end - e - n)) &&
             glhle_bytebuf_printf(&out, ")");
        p = end;
    }
    return replace_text(text, &out, ok);
}

/* The stages' texts, out[i] for stage i (MW_PROGRAM_* order): NULL for
 * the stages the key must not have (out[VS] and out[FS] are always there;
 * each other stage is present in the key exactly when its out[] is). */
static bool generate_stages(const void *bytes, uint32_t host, glhle_bytebuf *const out[MW_PROGRAM_STAGES])
{
    mw_program_key fixed;
    memcpy(&fixed, bytes, sizeof fixed);
    size_t n = 0;
    for (int i = 0; i < MW_PROGRAM_STAGES; i++) {
        if (fixed.words[i] > MW_PROGRAM_MAX_STAGE_WORDS || (fixed.words[i] != 0) != (out[i] != NULL))
            return false;
        n += fixed.words[i];
    }
    key_view k;
    view_of(bytes, &k);
    if (k.a_words > MW_PROGRAM_MAX_STAGE_WORDS)
        return false;
    const size_t a_at = n; /* vertex A's code after the stages' */
    n += k.a_words;
    uint64_t *code = malloc(n ? n * 8 : 8); /* aligned for the translator */
    if (!code)
        return false;
    memcpy(code, (const uint8_t *)bytes + k.code_at, n * 8);
    /* the viewport index from the last vertex-pipeline stage: OmapSystemValuesB
     * VIEWPORT_INDEX (GLES draws none: no viewport arrays); such a program,
     * and one with a transform feedback layout or that writes the layer
     * (its mw_layer_base, below, is an edit of the GLSL text too), is GLSL
     * also under MW_PROGRAM_HOST_SPIRV (programs.h) */
    const int last = out[MW_PROGRAM_GS] ? MW_PROGRAM_GS : out[MW_PROGRAM_TES] ? MW_PROGRAM_TES : MW_PROGRAM_VS;
    const bool flip = !(host & MW_PROGRAM_HOST_GLES) && (k.sph[last][0x35] & MW_SPH_SYSB_VIEWPORT_INDEX);
    const bool layered = (k.sph[last][0x35] & MW_SPH_SYSB_RT_ARRAY_INDEX) != 0;
    if (flip || layered || k.has_xfb)
        host &= ~MW_PROGRAM_HOST_SPIRV;
    bool ok = true;
    size_t at = 0;
    for (int i = 0; i < MW_PROGRAM_STAGES && ok; i++) {
        if (out[i])
            ok = stage_text(&k, code + at, code + a_at, i, host, out[i]);
        at += k.words[i];
    }
    if (ok && flip)
        ok = viewport_flip(out[last], last) && viewport_flip(out[MW_PROGRAM_FS], MW_PROGRAM_FS);
    /* the layer from that stage: OmapSystemValuesB RT_ARRAY_INDEX, offset
     * by the targets' first layer (MW_LAYER_BASE_LOCATION) */
    if (ok && layered)
        ok = layer_base(out[last]);
    /* ES: each stage matches the flat inputs of the one after it (the
     * translation declares a stage's inputs flat by the same rules),
     * backwards from the pixel stage */
    static const int order[MW_PROGRAM_STAGES] = {MW_PROGRAM_VS, MW_PROGRAM_TCS, MW_PROGRAM_TES, MW_PROGRAM_GS,
                                                 MW_PROGRAM_FS};
    for (int i = MW_PROGRAM_STAGES - 1, next = MW_PROGRAM_FS; i > 0 && ok && (host & MW_PROGRAM_HOST_GLES); i--) {
        const int prev = order[i - 1];
        if (!out[prev])
            continue;
        ok = es_match_flat(out[prev], out[next]);
        next = prev;
    }
    free(code);
    return ok;
}

bool mw_program_generate(const void *bytes, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *fs)
{
    glhle_bytebuf *const out[MW_PROGRAM_STAGES] = {vs, fs, NULL, NULL, NULL};
    return generate_stages(bytes, host, out);
}

bool mw_program_generate_guest_gs(const void *bytes, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *gs,
                                  glhle_bytebuf *fs)
{
    if (host & (MW_PROGRAM_HOST_POLYGON_LINE | MW_PROGRAM_HOST_POLYGON_POINT))
        return false;
    glhle_bytebuf *const out[MW_PROGRAM_STAGES] = {vs, fs, gs, NULL, NULL};
    return generate_stages(bytes, host, out);
}

bool mw_program_generate_tess(const void *bytes, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *tcs,
                              glhle_bytebuf *tes, glhle_bytebuf *gs, glhle_bytebuf *fs)
{
    mw_program_key k;
    memcpy(&k, bytes, sizeof k);
    if (host & (MW_PROGRAM_HOST_POLYGON_LINE | MW_PROGRAM_HOST_POLYGON_POINT))
        return false;
    glhle_bytebuf *const out[MW_PROGRAM_STAGES] = {vs, fs, k.words[MW_PROGRAM_GS] ? gs : NULL, tcs, tes};
    return generate_stages(bytes, host, out);
}

/* ---- polygon mode through a geometry stage (MW_PROGRAM_HOST_POLYGON_*) ---- */

/* One vertex output the geometry stage passes through. */
typedef struct gs_varying {
    unsigned loc;
    bool flat;
    char type[16], name[48];
} gs_varying;

#define GS_MAX_VARYINGS 32

/* The vertex text's outputs, from its declarations before its first
 * function (SPIRV-Cross writes one a line: "layout(location = N) [flat
 * ]out T NAME;", and "out float gl_ClipDistance[N];"; the ES main is
 * es_point_size's mw_main); false for an output of another form (or a
 * declaration line longer than any of those). */
static bool gs_outputs(const char *v, gs_varying *out, uint32_t *count, unsigned *clip)
{
    *count = 0;
    *clip = 0;
    const char *end = strncmp(v, "void ", 5) == 0 ? v : strstr(v, "\nvoid ");
    if (!end)
        return false;
    for (const char *l = v; l < end;) {
        const char *nl = strchr(l, '\n');
        const size_t len = nl ? (size_t)(nl - l) : strlen(l);
        char line[256];
        if (len >= sizeof line)
            return false;
        memcpy(line, l, len);
        line[len] = 0;
        l += len + (nl ? 1 : 0);
        unsigned loc, n;
        int at = 0;
        if (sscanf(line, "out float gl_ClipDistance[%u];%n", &n, &at) == 1 && at == (int)len && n >= 1 && n <= 8) {
            *clip = n;
            continue;
        }
        if (sscanf(line, "layout(location = %u) %n", &loc, &at) == 1 && at > 0) {
            gs_varying g = {.loc = loc};
            const char *rest = line + at;
            if (strncmp(rest, "flat ", 5) == 0)
                g.flat = true, rest += 5;
            if (strncmp(rest, "out ", 4) != 0)
                continue; /* inputs, uniforms */
            int used = 0;
            if (*count >= GS_MAX_VARYINGS ||
                sscanf(rest + 4, "%15[a-z0-9] %47[A-Za-z0-9_];%n", g.type, g.name, &used) != 2 || used == 0 ||
                rest[4 + used] != 0)
                return false;
            out[(*count)++] = g;
            continue;
        }
        if (strncmp(line, "out ", 4) == 0 || strstr(line, " out "))
            return false; /* an output this stage does not know how to pass */
    }
    return true;
}

/* The geometry stage for polygon mode LINE (`points` false: each triangle
 * as the line strip 0 1 2 0, its three edges) or POINT (its three
 * corners). It culls the triangle itself, as GL would have before
 * rasterising it filled: front-facing when the determinant of its corners'
 * (x, y, w) is positive (counter-clockwise in normalized device coordinates
 * for positive w; the sign of that determinant is the facing also for
 * triangles crossing w = 0: Olano and Greer, "Triangle Scan Conversion
 * using 2D Homogeneous Coordinates", 1997), mw_poly_cull bit 2 swapping
 * it for a clockwise front face. The draw path's viewport always has a
 * positive height, so window space keeps the orientation of normalized
 * device coordinates, and glClipControl's UPPER_LEFT, which mirrors y,
 * also negates the area GL faces by (GL 4.6 14.6.1): the facing is the
 * determinant's either way. Flat outputs come from gl_in[2], the
 * last-vertex convention's provoking vertex for triangle lists, strips and
 * fans alike (GL 4.6 table 13.2 and 11.3.1's vertex order for geometry
 * shader inputs). */
static bool gs_text(const char *v, bool points, glhle_bytebuf *gs)
{
    gs_varying var[GS_MAX_VARYINGS];
    uint32_t n;
    unsigned clip;
    if (!gs_outputs(v, var, &n, &clip))
        return false;
    bool ok = glhle_bytebuf_printf(gs, "#version 320 es\n");
    if (clip)
        ok = ok && glhle_bytebuf_printf(gs, "#extension GL_EXT_clip_cull_distance : require\n");
    if (points)
        ok = ok && glhle_bytebuf_printf(gs, "#extension GL_EXT_geometry_point_size : enable\n");
    /* clipped by k user planes, a triangle has up to 3 + k corners */
    const unsigned corners = 3 + clip;
    ok = ok && glhle_bytebuf_printf(gs, "layout(triangles) in;\nlayout(%s, max_vertices = %u) out;\n",
                                    points ? "points" : "line_strip", points ? corners : corners + 1) &&
         glhle_bytebuf_printf(gs, "layout(location = %d) uniform highp int mw_poly_cull;\n", MW_POLY_CULL_LOCATION);
    if (points)
        ok = ok && glhle_bytebuf_printf(gs, "layout(location = %d) uniform highp float mw_poly_point_size;\n",
                                        MW_POLY_POINT_SIZE_LOCATION);
    if (clip)
        ok = ok && glhle_bytebuf_printf(gs, "out float gl_ClipDistance[%u];\n", clip);
    for (uint32_t i = 0; i < n && ok; i++)
        ok = glhle_bytebuf_printf(gs, "layout(location = %u) %sin %s %s[];\nlayout(location = %u) %sout %s mw_gs_%s;\n",
                                  var[i].loc, var[i].flat ? "flat " : "", var[i].type, var[i].name, var[i].loc,
                                  var[i].flat ? "flat " : "", var[i].type, var[i].name);
    if (clip) {
        /* a corner of the clipped polygon, by its weights on the triangle's
         * (clipping interpolates every output linearly in clip space) */
        ok = ok && glhle_bytebuf_printf(gs, "void mw_emit(highp vec3 w)\n{\n"
                                            "    gl_Position = w.x * gl_in[0].gl_Position + w.y * gl_in[1].gl_Position"
                                            " + w.z * gl_in[2].gl_Position;\n");
        for (unsigned d = 0; d < clip && ok; d++) /* inside every enabled plane: 0 at the least */
            ok = glhle_bytebuf_printf(gs,
                                      "    gl_ClipDistance[%u] = max(dot(w, vec3(gl_in[0].gl_ClipDistance[%u], "
                                      "gl_in[1].gl_ClipDistance[%u], gl_in[2].gl_ClipDistance[%u])), 0.0);\n",
                                      d, d, d, d);
        for (uint32_t i = 0; i < n && ok; i++) {
            const bool whole = var[i].flat || var[i].type[0] == 'i' || var[i].type[0] == 'u';
            ok = whole ? glhle_bytebuf_printf(gs, "    mw_gs_%s = %s[2];\n", var[i].name, var[i].name)
                       : glhle_bytebuf_printf(gs, "    mw_gs_%s = w.x * %s[0] + w.y * %s[1] + w.z * %s[2];\n",
                                              var[i].name, var[i].name, var[i].name, var[i].name);
        }
        if (points)
            ok = ok && glhle_bytebuf_printf(gs, "#ifdef GL_EXT_geometry_point_size\n"
                                                "    gl_PointSize = mw_poly_point_size;\n#endif\n");
        ok = ok && glhle_bytebuf_printf(gs, "    EmitVertex();\n}\n");
    }
    ok = ok && glhle_bytebuf_printf(gs, "void main()\n{\n"
                                        "    highp float det = dot(gl_in[0].gl_Position.xyw,\n"
                                        "                          cross(gl_in[1].gl_Position.xyw, gl_in[2].gl_Position.xyw));\n"
                                        "    bool front = (det > 0.0) != ((mw_poly_cull & 4) != 0);\n"
                                        "    if ((mw_poly_cull & (front ? 1 : 2)) != 0)\n"
                                        "        return;\n");
    if (clip) {
        /* With user clip planes enabled (mw_poly_cull bits 8-15), the
         * triangle is clipped here, as GL clips a polygon before its polygon
         * mode applies, so that the edges the planes cut are drawn too (as
         * desktop GL on llvmpipe and NVIDIA's GL draw them; the frustum adds
         * no edge, and GL clips the emitted lines to it), Sutherland-Hodgman
         * on the corners' weights */
        ok = ok && glhle_bytebuf_printf(gs,
                                        "    if ((mw_poly_cull & 0xFF00) != 0) {\n"
                                        "        highp vec3 poly[%u], next[%u];\n"
                                        "        int n = 3;\n"
                                        "        poly[0] = vec3(1.0, 0.0, 0.0);\n"
                                        "        poly[1] = vec3(0.0, 1.0, 0.0);\n"
                                        "        poly[2] = vec3(0.0, 0.0, 1.0);\n",
                                        corners, corners);
        for (unsigned d = 0; d < clip && ok; d++)
            ok = glhle_bytebuf_printf(gs,
                                      "        if ((mw_poly_cull & %u) != 0) {\n"
                                      "            highp vec3 dk = vec3(gl_in[0].gl_ClipDistance[%u], "
                                      "gl_in[1].gl_ClipDistance[%u], gl_in[2].gl_ClipDistance[%u]);\n"
                                      "            int m = 0;\n"
                                      "            for (int i = 0; i < n; i++) {\n"
                                      "                highp vec3 a = poly[i], b = poly[i + 1 < n ? i + 1 : 0];\n"
                                      "                highp float da = dot(a, dk), db = dot(b, dk);\n"
                                      "                if (da >= 0.0)\n"
                                      "                    next[m++] = a;\n"
                                      "                if ((da >= 0.0) != (db >= 0.0))\n"
                                      "                    next[m++] = mix(a, b, da / (da - db));\n"
                                      "            }\n"
                                      "            n = m;\n"
                                      "            for (int i = 0; i < n; i++)\n"
                                      "                poly[i] = next[i];\n"
                                      "        }\n",
                                      256u << d, d, d, d);
        ok = ok && glhle_bytebuf_printf(gs, "        for (int i = 0; i < n; i++)\n"
                                            "            mw_emit(poly[i]);\n");
        if (!points)
            ok = ok && glhle_bytebuf_printf(gs, "        if (n > 0)\n            mw_emit(poly[0]);\n");
        ok = ok && glhle_bytebuf_printf(gs, "        EndPrimitive();\n        return;\n    }\n");
    }
    static const int order[4] = {0, 1, 2, 0};
    for (int k = 0; k < (points ? 3 : 4) && ok; k++) {
        const int c = order[k];
        ok = glhle_bytebuf_printf(gs, "    gl_Position = gl_in[%d].gl_Position;\n", c);
        for (unsigned d = 0; d < clip && ok; d++)
            ok = glhle_bytebuf_printf(gs, "    gl_ClipDistance[%u] = gl_in[%d].gl_ClipDistance[%u];\n", d, c, d);
        for (uint32_t i = 0; i < n && ok; i++)
            ok = glhle_bytebuf_printf(gs, "    mw_gs_%s = %s[%d];\n", var[i].name, var[i].name, var[i].flat ? 2 : c);
        if (points)
            ok = ok && glhle_bytebuf_printf(gs, "#ifdef GL_EXT_geometry_point_size\n"
                                                "    gl_PointSize = mw_poly_point_size;\n#endif\n");
        ok = ok && glhle_bytebuf_printf(gs, "    EmitVertex();\n");
    }
    return ok && glhle_bytebuf_printf(gs, "    EndPrimitive();\n}\n");
}

bool mw_program_generate_gs(const void *key, uint32_t host, glhle_bytebuf *vs, glhle_bytebuf *gs, glhle_bytebuf *fs)
{
    const uint32_t poly = host & (MW_PROGRAM_HOST_POLYGON_LINE | MW_PROGRAM_HOST_POLYGON_POINT);
    if (!(host & MW_PROGRAM_HOST_GLES) || (poly != MW_PROGRAM_HOST_POLYGON_LINE && poly != MW_PROGRAM_HOST_POLYGON_POINT))
        return false;
    return mw_program_generate(key, host & ~poly, vs, fs) &&
           gs_text(glhle_bytebuf_cstr(vs), poly == MW_PROGRAM_HOST_POLYGON_POINT, gs);
}

static void describe_stage(const key_view *k, const uint64_t *code, int i, glhle_bytebuf *out)
{
    const mw_spirv_key *s = &k->key[i];
    static const char *const names[MW_PROGRAM_STAGES] = {"vertex B", "pixel", "geometry", "tessellation control",
                                                         "tessellation evaluation"};
    glhle_bytebuf_printf(out, "%s: %u code words (first scheduling word %016llx), program id %016llx\n",
                         names[i], k->words[i], k->words[i] ? (unsigned long long)code[0] : 0ull,
                         (unsigned long long)glhle_hash64(code, (size_t)k->words[i] * 8));
    glhle_bytebuf_printf(out, "  texture handles: c%u[0x%x], images at 0x%x\n", s->tex_handle_cbuf,
                         s->tex_handle_offset, s->img_handle_offset);
    glhle_bytebuf_printf(out, "  textures:");
    for (int t = 0; t < MW_SPIRV_TEX_SLOTS; t++)
        if (s->tex[t])
            glhle_bytebuf_printf(out, " %d=0x%02x", t, s->tex[t]);
    glhle_bytebuf_printf(out, "\n");
    if (i == MW_PROGRAM_VS) {
        glhle_bytebuf_printf(out, "  attribute types (MW_ATTR: bits 0-1 0 float, 1 sint, 2 uint; 4-6 fetch kind; "
                                  "7 R/B swap):");
        for (int a = 0; a < 32; a++)
            if (s->attr_type[a])
                glhle_bytebuf_printf(out, " %d=%u", a, s->attr_type[a]);
    } else if (i == MW_PROGRAM_GS) {
        glhle_bytebuf_printf(out, "  input primitive (0 points, 1 lines, 2 lines adjacency, 3 triangles, "
                                  "4 triangles adjacency): %u", s->prim_in);
    } else if (i == MW_PROGRAM_TES) {
        glhle_bytebuf_printf(out, "  tessellation mode (MW_TESS_MODE): 0x%02x", s->tess_mode);
    } else if (i == MW_PROGRAM_TCS) {
        glhle_bytebuf_printf(out, "  (control stage)");
    } else {
        glhle_bytebuf_printf(out, "  render target types (0 float, 1 sint, 2 uint):");
        for (int t = 0; t < 8; t++)
            glhle_bytebuf_printf(out, " %u", s->rt_type[t]);
    }
    glhle_bytebuf_printf(out, "\n  header (SPH):");
    for (int b = 0; b < 0x50; b += 4) {
        uint32_t w;
        memcpy(&w, k->sph[i] + b, 4);
        glhle_bytebuf_printf(out, " %08x", w);
    }
    glhle_bytebuf_printf(out, "\n");
}

static void describe(const void *bytes, glhle_bytebuf *out)
{
    key_view k;
    view_of(bytes, &k);
    size_t n = 0;
    for (int i = 0; i < MW_PROGRAM_STAGES; i++) {
        if (k.words[i] > MW_PROGRAM_MAX_STAGE_WORDS) {
            glhle_bytebuf_printf(out, "stage %d: %u code words: not a key this build makes\n", i, k.words[i]);
            return;
        }
        n += k.words[i];
    }
    if (k.a_words > MW_PROGRAM_MAX_STAGE_WORDS) {
        glhle_bytebuf_printf(out, "vertex A: %u code words: not a key this build makes\n", k.a_words);
        return;
    }
    uint64_t *code = malloc((n + k.a_words) ? (n + k.a_words) * 8 : 8);
    if (!code)
        return;
    memcpy(code, (const uint8_t *)bytes + k.code_at, (n + k.a_words) * 8);
    size_t at = 0;
    for (int i = 0; i < MW_PROGRAM_STAGES; i++) {
        if (i < 2 || k.words[i])
            describe_stage(&k, code + at, i, out);
        at += k.words[i];
    }
    if (k.a_words) { /* joined before vertex B, with its translation key */
        glhle_bytebuf_printf(out, "vertex A: %u code words (first scheduling word %016llx), program id %016llx\n"
                                  "  header (SPH):", k.a_words, (unsigned long long)code[n],
                             (unsigned long long)glhle_hash64(code + n, (size_t)k.a_words * 8));
        for (int b = 0; b < 0x50; b += 4) {
            uint32_t w;
            memcpy(&w, k.a.sph + b, 4);
            glhle_bytebuf_printf(out, " %08x", w);
        }
        glhle_bytebuf_printf(out, "\n");
    }
    free(code);
}

static void describe_host(uint32_t bits, glhle_bytebuf *out)
{
    glhle_bytebuf_printf(out, "%s%s%s%s%s%s", bits & MW_PROGRAM_HOST_GLES ? "gles" : "core",
                         bits & MW_PROGRAM_HOST_SPIRV ? "+spirv" : "",
                         bits & MW_PROGRAM_HOST_FETCH ? "+framebuffer-fetch" : "",
                         bits & MW_PROGRAM_HOST_NO_SUBGROUPS ? "+no-subgroups" : "", /* ES: none, always */
                         bits & MW_PROGRAM_HOST_NO_VIEWPORT_LAYER ? "+no-viewport-layer" : "",
                         bits & MW_PROGRAM_HOST_POLYGON_LINE    ? "+polygon-line"
                         : bits & MW_PROGRAM_HOST_POLYGON_POINT ? "+polygon-point"
                                                                : "");
}

/* the key type the Maxwell graphics systems share; each stored system
 * has an id of its own, so that a file and the tool name the generator
 * its text comes from */
#define MAXWELL_KEY_INFO(system_id, system_name, valid)                                                          \
    {                                                                                                            \
        .id = system_id, .name = system_name, .key_size = sizeof(mw_program_key),                                \
        .key_version = MW_PROGRAM_KEY_VERSION, .key_max_size = MW_PROGRAM_KEY_MAX_BYTES,                         \
        .key_size_of = key_size_of, .key_valid = valid                                                           \
    }

static const gl_program_system maxwell_system = {
    .info = MAXWELL_KEY_INFO(GL_SHC_SYSTEM_MAXWELL, "maxwell", key_valid),
    .generate = mw_program_generate,
    .describe = describe,
    .describe_host = describe_host,
};

const gl_program_system *mw_program_system(void)
{
    return &maxwell_system;
}

static const gl_program_system maxwell_polygon_system = {
    .info = MAXWELL_KEY_INFO(GL_SHC_SYSTEM_MAXWELL, "maxwell-polygon", key_valid), /* no file */
    .generate_gs = mw_program_generate_gs,
    .describe = describe,
    .describe_host = describe_host,
};

const gl_program_system *mw_program_polygon_system(void)
{
    return &maxwell_polygon_system;
}

static const gl_program_system maxwell_guest_gs_system = {
    .info = MAXWELL_KEY_INFO(GL_SHC_SYSTEM_MAXWELL_GS, "maxwell-gs", key_valid_gs),
    .generate_gs = mw_program_generate_guest_gs,
    .describe = describe,
    .describe_host = describe_host,
};

const gl_program_system *mw_program_guest_gs_system(void)
{
    return &maxwell_guest_gs_system;
}

static const gl_program_system maxwell_tess_system = {
    .info = MAXWELL_KEY_INFO(GL_SHC_SYSTEM_MAXWELL_TESS, "maxwell-tess", key_valid_tess),
    .generate_tess = mw_program_generate_tess,
    .describe = describe,
    .describe_host = describe_host,
};

const gl_program_system *mw_program_tess_system(void)
{
    return &maxwell_tess_system;
}

/* ---- compute programs (system 5, maxwell-cs) ---- */

uint32_t mw_compute_key_size(const mw_compute_key *k)
{
    const uint64_t n = sizeof *k + 8ull * k->words;
    return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

static uint32_t compute_key_size_of(const void *bytes)
{
    mw_compute_key k;
    memcpy(&k, bytes, sizeof k);
    return mw_compute_key_size(&k);
}

void mw_compute_key_fill(void *out, const mw_spirv_input *in, uint32_t words)
{
    mw_compute_key k;
    memset(&k, 0, sizeof k);
    k.words = words;
    memcpy(k.local_size, in->local_size, sizeof k.local_size);
    k.shared_bytes = in->shared_bytes;
    k.key = in->key;
    uint8_t *o = out;
    memcpy(o, &k, sizeof k);
    memcpy(o + sizeof k, in->code, (size_t)words * 8);
}

/* A stored key is used when it is a compute stage with code, a block the
 * QMD can name (1-1024 threads per dimension, 1,024 in all), shared memory
 * within GM20B's 48 KiB and its reserved words zero. */
static bool compute_key_valid(const void *bytes)
{
    mw_compute_key k;
    memcpy(&k, bytes, sizeof k);
    if (k.words < 1 || k.words > MW_PROGRAM_MAX_STAGE_WORDS || k.key.stage != MW_SPIRV_COMPUTE || k.reserved[0] ||
        k.reserved[1] || k.key.prim_in || k.key.tess_mode || k.shared_bytes > 48u * 1024u)
        return false;
    uint64_t threads = 1;
    for (int i = 0; i < 3; i++) {
        if (k.local_size[i] < 1 || k.local_size[i] > 1024)
            return false;
        threads *= k.local_size[i];
    }
    return threads <= 1024;
}

bool mw_compute_generate(const void *bytes, uint32_t host, glhle_bytebuf *cs, glhle_bytebuf *unused)
{
    (void)unused;
    mw_compute_key k;
    memcpy(&k, bytes, sizeof k);
    if (k.words > MW_PROGRAM_MAX_STAGE_WORDS)
        return false;
    uint64_t *code = malloc(k.words ? (size_t)k.words * 8 : 8); /* aligned for the translator */
    if (!code)
        return false;
    memcpy(code, (const uint8_t *)bytes + sizeof k, (size_t)k.words * 8);
    mw_spirv_input in;
    memset(&in, 0, sizeof in);
    in.code = code;
    in.words = k.words;
    in.key = k.key;
    memcpy(in.local_size, k.local_size, sizeof in.local_size);
    in.shared_bytes = k.shared_bytes;
    in.no_subgroups = (host & (MW_PROGRAM_HOST_GLES | MW_PROGRAM_HOST_NO_SUBGROUPS)) != 0;
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    bool ok = mw_spirv_translate(&in, &quiet, &r) == GLHLE_RESULT_OK && r.spirv.size % 4 == 0;
    if (ok) {
        spv_glsl_binding bind[MW_SPIRV_CBUFS + MW_SPIRV_TEX_SLOTS + MW_SPIRV_SSBOS];
        const spv_glsl_options opt = {.es = (host & MW_PROGRAM_HOST_GLES) != 0, .bindings = bind,
                                      .binding_count = mw_spirv_gl_bindings(&r, MW_SPIRV_COMPUTE, bind)};
        uint32_t *words = (uint32_t *)(void *)r.spirv.data;
        if (host & MW_PROGRAM_HOST_SPIRV)
            ok = spv_remap_bindings(words, r.spirv.size / 4, bind, opt.binding_count, &quiet) == GLHLE_RESULT_OK &&
                 gl_spirv_text_append(cs, words, r.spirv.size / 4);
        else
            ok = spv_to_glsl(words, r.spirv.size / 4, &opt, &quiet, cs) == GLHLE_RESULT_OK;
    }
    mw_spirv_result_free(&r);
    free(code);
    return ok;
}

static void compute_describe(const void *bytes, glhle_bytebuf *out)
{
    mw_compute_key k;
    memcpy(&k, bytes, sizeof k);
    if (k.words > MW_PROGRAM_MAX_STAGE_WORDS) {
        glhle_bytebuf_printf(out, "code words %u: not a key this build makes\n", k.words);
        return;
    }
    uint64_t *code = calloc(k.words ? k.words : 1u, 8);
    if (!code)
        return;
    memcpy(code, (const uint8_t *)bytes + sizeof k, (size_t)k.words * 8);
    glhle_bytebuf_printf(out, "compute: %u code words (first scheduling word %016llx), program id %016llx\n", k.words,
                         k.words ? (unsigned long long)code[0] : 0ull,
                         (unsigned long long)glhle_hash64(code, (size_t)k.words * 8));
    glhle_bytebuf_printf(out, "  block %ux%ux%u, shared memory %u bytes\n", k.local_size[0], k.local_size[1],
                         k.local_size[2], k.shared_bytes);
    glhle_bytebuf_printf(out, "  texture handles: c%u[0x%x], images at 0x%x\n", k.key.tex_handle_cbuf,
                         k.key.tex_handle_offset, k.key.img_handle_offset);
    glhle_bytebuf_printf(out, "  textures:");
    for (int t = 0; t < MW_SPIRV_TEX_SLOTS; t++)
        if (k.key.tex[t])
            glhle_bytebuf_printf(out, " %d=0x%02x", t, k.key.tex[t]);
    glhle_bytebuf_printf(out, "\n  images:");
    for (int t = 0; t < MW_SPIRV_IMG_SLOTS; t++)
        if (k.key.img[t])
            glhle_bytebuf_printf(out, " %d=0x%02x", t, k.key.img[t]);
    glhle_bytebuf_printf(out, "\n");
    free(code);
}

static const gl_program_system maxwell_compute_system = {
    .info = {.id = GL_SHC_SYSTEM_MAXWELL_COMPUTE,
             .name = "maxwell-cs",
             .key_size = sizeof(mw_compute_key),
             .key_version = MW_COMPUTE_KEY_VERSION,
             .key_max_size = MW_COMPUTE_KEY_MAX_BYTES,
             .key_size_of = compute_key_size_of,
             .key_valid = compute_key_valid},
    .generate = mw_compute_generate,
    .describe = compute_describe,
    .describe_host = describe_host,
    .compute = true,
};

const gl_program_system *mw_compute_program_system(void)
{
    return &maxwell_compute_system;
}
