#include "shadergen/pica_vs.h"

#include <string.h>

#include "shadergen/glsl_writer.h"

void pica_vs_key_normalize(pica_vs_key *key)
{
    key->outputs &= PICA_VS_OUT_ALL;
    key->clip = key->clip ? 1 : 0;
    memset(key->pad, 0, sizeof key->pad);
}

/* One varying of the fragment stage's interface: fed from its attribute
 * when the group is in the key, else the constant 1.0 an unmapped semantic
 * reads. */
typedef struct vs_varying {
    uint8_t bit, location;
    const char *type, *name;
} vs_varying;

static const vs_varying varyings[] = {
    {PICA_VS_OUT_COLOR, PICA_VS_ATTRIB_COLOR, "vec4", "color"},
    {PICA_VS_OUT_TEXCOORD0, PICA_VS_ATTRIB_TEXCOORD0, "vec2", "texcoord0"},
    {PICA_VS_OUT_TEXCOORD1, PICA_VS_ATTRIB_TEXCOORD1, "vec2", "texcoord1"},
    {PICA_VS_OUT_TEXCOORD2, PICA_VS_ATTRIB_TEXCOORD2, "vec2", "texcoord2"},
    {PICA_VS_OUT_TEXCOORD0_W, PICA_VS_ATTRIB_TEXCOORD0_W, "float", "texcoord0_w"},
    {PICA_VS_OUT_NORMQUAT, PICA_VS_ATTRIB_NORMQUAT, "vec4", "normquat"},
    {PICA_VS_OUT_VIEW, PICA_VS_ATTRIB_VIEW, "vec3", "view"},
};

bool pica_vs_generate(const pica_vs_key *key, const pica_fs_host *host, glhle_bytebuf *out)
{
    glsl_writer w;
    glsl_writer_init(&w, out);
    const bool gles = host && host->gles;
    /* ES: gl_ClipDistance needs the extension; "enable" only warns where it
     * is missing, and the #ifdef below then leaves the plane out. */
    glsl_text(&w, gles ? "#version 320 es\n" : "#version 450 core\n");
    if (gles && key->clip)
        glsl_text(&w, "#extension GL_EXT_clip_cull_distance : enable\n");
    if (gles)
        glsl_text(&w, "precision highp float;\n");
    glsl_text(&w, "layout(std140, binding = 1) uniform PicaVsUniforms {\n"
                  "    vec4 clip_plane;\n"
                  "} vu;\n"
                  "layout(location = 0) in vec4 a_position;\n");
    for (size_t i = 0; i < sizeof varyings / sizeof varyings[0]; i++)
        if (key->outputs & varyings[i].bit)
            glsl_line(&w, "layout(location = %u) in %s a_%s;", varyings[i].location, varyings[i].type,
                      varyings[i].name);
    for (size_t i = 0; i < sizeof varyings / sizeof varyings[0]; i++)
        glsl_line(&w, "out %s pica_%s;", varyings[i].type, varyings[i].name);
    glsl_text(&w, "void main() {\n"
                  "    vec4 p = a_position;\n"
                  "    /* onto the clip volume's z planes when just outside them (Azahar SanitizeVertex) */\n"
                  "    float zw = p.z / p.w;\n"
                  "    if (zw > 0.0 && zw < 0.000001)\n"
                  "        p.z = 0.0;\n"
                  "    if (zw < -1.0 && zw > -1.00001)\n"
                  "        p.z = -p.w;\n"
                  "    /* PICA clip z in [-w, 0] onto GL's [-w, w] (pica_fs.h) */\n"
                  "    gl_Position = vec4(p.xy, 2.0 * p.z + p.w, p.w);\n");
    if (key->clip && gles)
        glsl_text(&w, "#ifdef GL_EXT_clip_cull_distance\n"
                      "    gl_ClipDistance[0] = dot(vu.clip_plane, p);\n"
                      "#endif\n");
    else if (key->clip)
        glsl_text(&w, "    gl_ClipDistance[0] = dot(vu.clip_plane, p);\n");
    for (size_t i = 0; i < sizeof varyings / sizeof varyings[0]; i++) {
        const vs_varying *v = &varyings[i];
        if (key->outputs & v->bit)
            glsl_line(&w, "    pica_%s = a_%s;", v->name, v->name);
        else
            glsl_line(&w, "    pica_%s = %s(1.0);", v->name, v->type);
    }
    glsl_text(&w, "}\n");
    return glsl_writer_ok(&w);
}
