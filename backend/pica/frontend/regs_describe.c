/* Register values as text: one printer per field layout of regs_table.h,
 * named after the fields of 3dbrew GPU/Internal_Registers. Used by
 * glhle-cmdlist dump and in logs. The dispatch table is generated from
 * PICA_FIELD_KINDS, so a layout without a printer does not compile. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/common/float_formats.h"
#include "backend/pica/frontend/regs.h"

typedef struct out {
    glhle_bytebuf *b;
    size_t start;
} out;

/* Appends one "key=value" field, space-separated from the previous one. */
static void __attribute__((format(printf, 2, 3))) put(out *o, const char *fmt, ...)
{
    if (o->b->size > o->start)
        glhle_bytebuf_append_u8(o->b, ' ');
    va_list ap;
    va_start(ap, fmt);
    glhle_bytebuf_vprintf(o->b, fmt, ap);
    va_end(ap);
}

/* names[v], or "?N" for values the references leave undefined */
static const char *pick(const char *const *names, size_t n, uint32_t v, char buf[12])
{
    if (v < n && names[v])
        return names[v];
    snprintf(buf, 12, "?%u", v);
    return buf;
}
#define NAME(table, v) pick(table, sizeof table / sizeof table[0], (v), (char[12]){0})

static const char *const compare_names[] = {"never", "always", "eq", "ne", "lt", "le", "gt", "ge"};
static const char *const blend_eq_names[] = {"add", "sub", "rsub", "min", "max", "add", "add", "add"};
static const char *const blend_factor_names[] = {
    "zero", "one", "src_color", "one_minus_src_color", "dst_color", "one_minus_dst_color", "src_alpha",
    "one_minus_src_alpha", "dst_alpha", "one_minus_dst_alpha", "const_color", "one_minus_const_color",
    "const_alpha", "one_minus_const_alpha", "src_alpha_saturate"};
static const char *const logic_names[] = {"clear", "and", "and_reverse", "copy", "set", "copy_inverted",
                                          "noop", "invert", "nand", "or", "nor", "xor", "equiv",
                                          "and_inverted", "or_reverse", "or_inverted"};
static const char *const stencil_op_names[] = {"keep", "zero", "replace", "incr", "decr", "invert",
                                               "incr_wrap", "decr_wrap"};
static const char *const tex_format_names[] = {"rgba8", "rgb8", "rgb5a1", "rgb565", "rgba4", "ia8",   "hilo8",
                                               "i8",    "a8",   "ia4",    "i4",     "a4",    "etc1", "etc1a4"};
static const char *const wrap_names[] = {"edge", "border", "repeat", "mirror", "edge2", "border2", "repeat2", "repeat3"};
static const char *const filter_names[] = {"nearest", "linear"};
static const char *const tex_type_names[] = {"2d", "cube", "shadow2d", "projection", "shadowcube", "disabled"};
static const char *const tev_source_names[] = {"primary", "frag_primary", "frag_secondary", "tex0", "tex1", "tex2",
                                               "tex3", NULL, NULL, NULL, NULL, NULL, NULL, "prev_buffer", "const",
                                               "prev"};
static const char *const tev_rgb_operand_names[] = {"color", "1-color", "alpha", "1-alpha", "r", "1-r", NULL, NULL,
                                                    "g", "1-g", NULL, NULL, "b", "1-b"};
static const char *const tev_alpha_operand_names[] = {"a", "1-a", "r", "1-r", "g", "1-g", "b", "1-b"};
static const char *const tev_combine_names[] = {"replace", "modulate", "add", "add_signed", "interpolate",
                                                "subtract", "dot3_rgb", "dot3_rgba", "mul_add", "add_mul"};
static const char *const tev_scale_names[] = {"1x", "2x", "4x", "1x"};
static const char *const semantic_names[32] = {
    "pos.x", "pos.y", "pos.z", "pos.w", "quat.x", "quat.y", "quat.z", "quat.w", "color.r", "color.g", "color.b",
    "color.a", "tc0.u", "tc0.v", "tc1.u", "tc1.v", "tc0.w", NULL, "view.x", "view.y", "view.z", NULL, "tc2.u",
    "tc2.v", [31] = "-"};
static const char *const attrib_type_names[] = {"byte", "ubyte", "short", "float"};
static const char *const prim_names[] = {"triangles", "strip", "fan", "geometry"};
static const char *const lut_input_names[] = {"NH", "VH", "NV", "LN", "SP", "CP"};
static const char *const lut_scale_names[] = {"1x", "2x", "4x", "8x", NULL, NULL, "0.25x", "0.5x"};
static const char *const lut_slot_names[7] = {"D0", "D1", "SP", "FR", "RB", "RG", "RR"};
static const char *const lighting_lut_names[24] = {
    "D0", "D1", NULL, "FR", "RB", "RG", "RR", NULL, "SP0", "SP1", "SP2", "SP3", "SP4", "SP5", "SP6", "SP7",
    "DA0", "DA1", "DA2", "DA3", "DA4", "DA5", "DA6", "DA7"};
static const char *const proctex_table_names[] = {"noise", NULL, "rgb_map", "alpha_map", "color", "color_diff"};
static const char *const proctex_clamp_names[] = {"zero", "edge", "symmetric", "mirror", "pulse"};
static const char *const proctex_func_names[] = {"u", "u2", "v", "v2", "(u+v)/2", "(u2+v2)/2", "sqrt(u2+v2)",
                                                 "min", "max", "rmax"};
static const char *const proctex_shift_names[] = {"none", "odd", "even"};
static const char *const proctex_filter_names[] = {"nearest", "linear", "nearest_mip_nearest", "linear_mip_nearest",
                                                   "nearest_mip_linear", "linear_mip_linear"};
static const char *const fog_mode_names[8] = {"off", NULL, NULL, NULL, NULL, "fog", NULL, "gas"};
static const char *const depth_format_names[] = {"d16", NULL, "d24", "d24s8"};
static const char *const color_format_names[] = {"rgba8", "rgb8", "rgb5a1", "rgb565", "rgba4"};
static const char *const early_depth_names[] = {"ge", "gt", "le", "lt"};
static const char *const cull_names[] = {"none", "ccw", "cw", "none"};
static const char *const scissor_names[] = {"disabled", "exclude", NULL, "include"};
static const char *const fragop_mode_names[] = {"default", "gas", NULL, "shadow"};
static const char *const fresnel_names[] = {"none", "primary_alpha", "secondary_alpha", "both"};
static const char *const bump_names[] = {"none", "bump", "tangent"};

/* a bit list like "0,2,5" */
static void put_bits(out *o, const char *key, uint32_t bits, unsigned n)
{
    char buf[64];
    size_t len = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < n; i++)
        if (bits & (1u << i))
            len += (size_t)snprintf(buf + len, sizeof buf - len, len ? ",%u" : "%u", i);
    put(o, "%s=%s", key, len ? buf : "-");
}

static void put_rgba(out *o, uint32_t v, int channels)
{
    static const char names[4] = {'r', 'g', 'b', 'a'};
    for (int c = 0; c < channels; c++)
        put(o, "%c=%u", names[c], (v >> (8 * c)) & 0xFF);
}

/* ---- one printer per field layout ----------------------------------------------- */

static void d_trigger(out *o, uint32_t id, uint32_t v) { (void)o, (void)id, (void)v; }
static void d_fifo_data(out *o, uint32_t id, uint32_t v) { (void)o, (void)id, (void)v; }
static void d_cull(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "cull=%s", NAME(cull_names, v & 3)); }
static void d_f24(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "value=%g", (double)glhle_f24_to_float(v)); }
static void d_f31(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "value=%g", (double)glhle_f31_to_float(v >> 1)); }
static void d_f20(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "value=%g", (double)glhle_f20_to_float(v)); }
static void d_f16(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "value=%g", (double)glhle_f16_to_float(v)); }
static void d_enable(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "enabled=%u", v & 1); }
static void d_disable(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "disabled=%u", v & 1); }
static void d_u8(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "value=%u", v & 0xFF); }
static void d_u12(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "offset=%u", v & 0xFFF); }
static void d_u24(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "value=0x%06x", v & 0xFFFFFF); }
static void d_u28(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "offset=0x%x", v & 0x0FFFFFFF); }
static void d_u32(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "value=%u", v); }
static void d_count4(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "count=%u", (v & 0xF) + 1); }
static void d_outmap_total(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "count=%u", v & 7); }
static void d_rgba8(out *o, uint32_t id, uint32_t v) { (void)id; put_rgba(o, v, 4); }
static void d_rgb8(out *o, uint32_t id, uint32_t v) { (void)id; put_rgba(o, v, 3); }
static void d_lut_index16(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "index=%u", v & 0xFFFF); }
static void d_access4(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "access=0x%x", v & 0xF); }
static void d_gsh_misc1(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "value=%u", v & 0x1F); }

static void d_xy10(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "x=%u", v & 0x3FF);
    put(o, "y=%u", (v >> 16) & 0x3FF);
}

static void d_viewport_xy(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "x=%d", glhle_sign_extend(v, 10));
    put(o, "y=%d", glhle_sign_extend(v >> 16, 10));
}

static void d_outmap_o(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    static const char comp[4] = {'x', 'y', 'z', 'w'};
    for (int c = 0; c < 4; c++)
        put(o, "%c=%s", comp[c], NAME(semantic_names, (v >> (8 * c)) & 0x1F));
}

static void d_earlydepth_func(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "func=%s", NAME(early_depth_names, v & 3)); }
static void d_scissor_mode(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "mode=%s", NAME(scissor_names, v & 3)); }

static void d_depthmap_enable(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "enabled=%u", v & 1);
    put(o, "depth=%s", v & 1 ? "z/w" : "w-buffer");
}

static void d_buf_dim(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "width=%u", v & 0x7FF);
    put(o, "height=%u", ((v >> 12) & 0x3FF) + 1);
}

static void d_outattr_clock(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    static const struct {
        unsigned bit;
        const char *name;
    } f[] = {{0, "pos.z"}, {1, "color"}, {8, "tc0"}, {9, "tc1"}, {10, "tc2"}, {16, "tc0.w"}, {24, "quat/view"}};
    char buf[80] = "";
    size_t len = 0;
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (v & (1u << f[i].bit))
            len += (size_t)snprintf(buf + len, sizeof buf - len, len ? ",%s" : "%s", f[i].name);
    put(o, "present=%s", len ? buf : "-");
}

static void d_texunit_config(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put_bits(o, "enabled", v & 7, 3);
    put(o, "proctex=%u", (v >> 10) & 1);
    put(o, "tex3_coords=%u", (v >> 8) & 3);
    put(o, "tex2_coords=%u", (v >> 13) & 1 ? 1 : 2);
    if (v & (1u << 16))
        put(o, "clear_cache=1");
}

static void d_tex_dim(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "width=%u", (v >> 16) & 0x7FF);
    put(o, "height=%u", v & 0x7FF);
}

static void d_tex_param(out *o, uint32_t id, uint32_t v)
{
    put(o, "mag=%s", NAME(filter_names, (v >> 1) & 1));
    put(o, "min=%s", NAME(filter_names, (v >> 2) & 1));
    put(o, "mip=%s", NAME(filter_names, (v >> 24) & 1));
    put(o, "wrap_s=%s", NAME(wrap_names, (v >> 12) & 7));
    put(o, "wrap_t=%s", NAME(wrap_names, (v >> 8) & 7));
    if ((v >> 4) & 3)
        put(o, "etc1=%u", (v >> 4) & 3);
    if (id == PICA_REG_TEXUNIT0_PARAM) {
        put(o, "shadow=%u", (v >> 20) & 1);
        put(o, "type=%s", NAME(tex_type_names, (v >> 28) & 7));
    }
}

static void d_tex_lod(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "bias=%g", (double)glhle_fixed_to_float(v & 0x1FFF, 4, 8, true));
    put(o, "max=%u", (v >> 16) & 0xF);
    put(o, "min=%u", (v >> 24) & 0xF);
}

static void d_paddr8(out *o, uint32_t id, uint32_t v)
{
    /* CMDBUF_ADDRn keep 29 bits, the texture and framebuffer addresses 28 (3dbrew) */
    uint32_t mask = (id == PICA_REG_CMDBUF_ADDR0 || id == PICA_REG_CMDBUF_ADDR1) ? 0x1FFFFFFF : 0x0FFFFFFF;
    put(o, "paddr=0x%08x", (v & mask) << 3);
}

static void d_tex_addr_face(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "paddr_low=0x%07x", (v & 0x3FFFFF) << 3);
}

static void d_tex_shadow(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "orthographic=%u", v & 1);
    put(o, "zbias=0x%06x", (v >> 1) & 0x7FFFFF);
}

static void d_tex_format(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "format=%s", NAME(tex_format_names, v & 0xF)); }

static void d_proctex0(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "u_clamp=%s", NAME(proctex_clamp_names, v & 7));
    put(o, "v_clamp=%s", NAME(proctex_clamp_names, (v >> 3) & 7));
    put(o, "rgb=%s", NAME(proctex_func_names, (v >> 6) & 0xF));
    put(o, "alpha=%s", NAME(proctex_func_names, (v >> 10) & 0xF));
    put(o, "separate_alpha=%u", (v >> 14) & 1);
    put(o, "noise=%u", (v >> 15) & 1);
    put(o, "u_shift=%s", NAME(proctex_shift_names, (v >> 16) & 3));
    put(o, "v_shift=%s", NAME(proctex_shift_names, (v >> 18) & 3));
    put(o, "bias_low=0x%02x", (v >> 20) & 0xFF);
}

static void d_noise(out *o, uint32_t v)
{
    put(o, "amplitude=%g", (double)glhle_fixed_to_float(v & 0xFFFF, 3, 12, true));
    put(o, "phase=%g", (double)glhle_f16_to_float(v >> 16));
}
static void d_proctex1(out *o, uint32_t id, uint32_t v) { (void)id; d_noise(o, v); }
static void d_proctex2(out *o, uint32_t id, uint32_t v) { (void)id; d_noise(o, v); }

static void d_f16x2(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "x=%g", (double)glhle_f16_to_float(v & 0xFFFF));
    put(o, "y=%g", (double)glhle_f16_to_float(v >> 16));
}
static void d_proctex3(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "u_freq=%g", (double)glhle_f16_to_float(v & 0xFFFF));
    put(o, "v_freq=%g", (double)glhle_f16_to_float(v >> 16));
}

static void d_proctex4(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "filter=%s", NAME(proctex_filter_names, v & 7));
    put(o, "lod_min=%u", (v >> 3) & 0xF);
    put(o, "lod_max=%u", (v >> 7) & 0xF);
    put(o, "width=%u", (v >> 11) & 0xFF);
    put(o, "bias_high=0x%02x", (v >> 19) & 0xFF);
}

static void d_proctex5(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "offsets=%u,%u,%u,%u", v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF, v >> 24);
}

static void d_proctex_lut_index(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "table=%s", NAME(proctex_table_names, (v >> 8) & 0xF));
    put(o, "index=%u", v & 0xFF);
}

static void d_tev_source(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "rgb=%s,%s,%s", NAME(tev_source_names, v & 0xF), NAME(tev_source_names, (v >> 4) & 0xF),
        NAME(tev_source_names, (v >> 8) & 0xF));
    put(o, "alpha=%s,%s,%s", NAME(tev_source_names, (v >> 16) & 0xF), NAME(tev_source_names, (v >> 20) & 0xF),
        NAME(tev_source_names, (v >> 24) & 0xF));
}

static void d_tev_operand(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "rgb=%s,%s,%s", NAME(tev_rgb_operand_names, v & 0xF), NAME(tev_rgb_operand_names, (v >> 4) & 0xF),
        NAME(tev_rgb_operand_names, (v >> 8) & 0xF));
    put(o, "alpha=%s,%s,%s", NAME(tev_alpha_operand_names, (v >> 12) & 7),
        NAME(tev_alpha_operand_names, (v >> 16) & 7), NAME(tev_alpha_operand_names, (v >> 20) & 7));
}

static void d_tev_combiner(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "rgb=%s", NAME(tev_combine_names, v & 0xF));
    put(o, "alpha=%s", NAME(tev_combine_names, (v >> 16) & 0xF));
}

static void d_tev_scale(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "rgb=%s", NAME(tev_scale_names, v & 3));
    put(o, "alpha=%s", NAME(tev_scale_names, (v >> 16) & 3));
}

static void d_tev_update_buffer(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "fog=%s", NAME(fog_mode_names, v & 7));
    put(o, "density=%s", (v >> 3) & 1 ? "depth" : "plain");
    put(o, "z_flip=%u", (v >> 16) & 1);
    put_bits(o, "buffer_rgb_from_stages", (v >> 8) & 0xF, 4);
    put_bits(o, "buffer_alpha_from_stages", (v >> 12) & 0xF, 4);
}

static void d_color_operation(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "mode=%s", NAME(fragop_mode_names, v & 3));
    put(o, "%s", (v >> 8) & 1 ? "blend" : "logic_op");
}

static void d_blend_func(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "rgb=%s(%s,%s)", NAME(blend_eq_names, v & 7), NAME(blend_factor_names, (v >> 16) & 0xF),
        NAME(blend_factor_names, (v >> 20) & 0xF));
    put(o, "alpha=%s(%s,%s)", NAME(blend_eq_names, (v >> 8) & 7), NAME(blend_factor_names, (v >> 24) & 0xF),
        NAME(blend_factor_names, (v >> 28) & 0xF));
}

static void d_logic_op(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "op=%s", NAME(logic_names, v & 0xF)); }

static void d_alpha_test(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "enabled=%u", v & 1);
    put(o, "func=%s", NAME(compare_names, (v >> 4) & 7));
    put(o, "ref=%u", (v >> 8) & 0xFF);
}

static void d_stencil_test(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "enabled=%u", v & 1);
    put(o, "func=%s", NAME(compare_names, (v >> 4) & 7));
    put(o, "write_mask=0x%02x", (v >> 8) & 0xFF);
    put(o, "ref=%u", (v >> 16) & 0xFF);
    put(o, "mask=0x%02x", v >> 24);
}

static void d_stencil_op(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "fail=%s", NAME(stencil_op_names, v & 7));
    put(o, "zfail=%s", NAME(stencil_op_names, (v >> 4) & 7));
    put(o, "zpass=%s", NAME(stencil_op_names, (v >> 8) & 7));
}

static void d_depth_color_mask(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "depth_test=%u", v & 1);
    put(o, "func=%s", NAME(compare_names, (v >> 4) & 7));
    put(o, "write=%s%s%s%s%s", v & 0x100 ? "r" : "", v & 0x200 ? "g" : "", v & 0x400 ? "b" : "",
        v & 0x800 ? "a" : "", v & 0x1000 ? "z" : "");
}

static void d_depth_access(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "stencil=%u", v & 1);
    put(o, "depth=%u", (v >> 1) & 1);
}

static void d_depth_format(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "format=%s", NAME(depth_format_names, v & 3)); }

static void d_color_format(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "format=%s", NAME(color_format_names, (v >> 16) & 7));
    put(o, "pixel_size=%u", (v & 3) == 2 ? 32 : (v & 3) == 0 ? 16 : 0);
}

static void d_block32(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "block=%s", v & 1 ? "32x32" : "8x8"); }

static void d_gas_light(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "min=%u", v & 0xFF);
    put(o, "max=%u", (v >> 8) & 0xFF);
    put(o, "atten=%u", (v >> 16) & 0xFF);
}

static void d_gas_light_z_color(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "color=%u", v & 0xFF);
    put(o, "lut_input=%s", (v >> 8) & 1 ? "light" : "density");
}

static void d_gas_deltaz(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "deltaz=%g", (double)glhle_fixed_to_float(v & 0xFFFFFF, 16, 8, false));
    put(o, "depth_func=%u", (v >> 24) & 3);
}

static void d_fragop_shadow(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "constant=%g", (double)glhle_f16_to_float(v & 0xFFFF));
    put(o, "linear=%g", (double)glhle_f16_to_float(v >> 16));
}

static void d_light_color(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "r=%u", (v >> 20) & 0x3FF);
    put(o, "g=%u", (v >> 10) & 0x3FF);
    put(o, "b=%u", v & 0x3FF);
}

static void d_spotdir_xy(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "x=%g", (double)glhle_fixed_to_float(v & 0x1FFF, 1, 11, true));
    put(o, "y=%g", (double)glhle_fixed_to_float((v >> 16) & 0x1FFF, 1, 11, true));
}

static void d_spotdir_z(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "z=%g", (double)glhle_fixed_to_float(v & 0x1FFF, 1, 11, true));
}

static void d_light_config(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "%s", v & 1 ? "directional" : "positional");
    put(o, "two_sided=%u", (v >> 1) & 1);
    put(o, "geo0=%u", (v >> 2) & 1);
    put(o, "geo1=%u", (v >> 3) & 1);
}

static void d_num_lights(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "lights=%u", (v & 7) + 1); }

static void d_lighting_config0(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "config=%u", (v >> 4) & 0xF);
    put(o, "fresnel=%s", NAME(fresnel_names, (v >> 2) & 3));
    put(o, "shadow=%u", v & 1);
    if (v & 1) {
        put(o, "shadow_primary=%u", (v >> 16) & 1);
        put(o, "shadow_secondary=%u", (v >> 17) & 1);
        put(o, "shadow_invert=%u", (v >> 18) & 1);
        put(o, "shadow_alpha=%u", (v >> 19) & 1);
        put(o, "shadow_unit=%u", (v >> 24) & 3);
    }
    put(o, "bump=%s", NAME(bump_names, (v >> 28) & 3));
    put(o, "bump_unit=%u", (v >> 22) & 3);
    put(o, "bump_renorm=%u", !((v >> 30) & 1));
    put(o, "clamp_highlights=%u", (v >> 27) & 1);
}

static void d_lighting_config1(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    char buf[64] = "";
    size_t len = 0;
    /* bit 16 + LUT id disables D0, D1, FR, RB, RG, RR; bit 18 is a constant 1
     * (3dbrew) -- the spot LUTs are switched per light by bits 8-15 */
    for (unsigned k = 0; k < 7; k++)
        if (k != PICA_LUT_SP && !(v & (1u << (16 + k))))
            len += (size_t)snprintf(buf + len, sizeof buf - len, len ? ",%s" : "%s", lut_slot_names[k]);
    put(o, "luts_on=%s", len ? buf : "-");
    put_bits(o, "shadow_off", v & 0xFF, 8);
    put_bits(o, "spot_off", (v >> 8) & 0xFF, 8);
    put_bits(o, "dist_atten_off", v >> 24, 8);
}

static void d_lighting_lut_index(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "table=%s", NAME(lighting_lut_names, (v >> 8) & 0x1F));
    put(o, "index=%u", v & 0xFF);
}

static void d_lut_abs(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    char buf[40] = "";
    size_t len = 0;
    for (unsigned k = 0; k < 7; k++)
        if (!(v & (1u << (4 * k + 1)))) /* the bit disables abs() */
            len += (size_t)snprintf(buf + len, sizeof buf - len, len ? ",%s" : "%s", lut_slot_names[k]);
    put(o, "abs=%s", len ? buf : "-");
}

static void d_lut_select(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    for (unsigned k = 0; k < 7; k++)
        put(o, "%s=%s", lut_slot_names[k], NAME(lut_input_names, (v >> (4 * k)) & 7));
}

static void d_lut_scale(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    for (unsigned k = 0; k < 7; k++)
        put(o, "%s=%s", lut_slot_names[k], NAME(lut_scale_names, (v >> (4 * k)) & 7));
}

static void d_light_permutation(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "slots=%u,%u,%u,%u,%u,%u,%u,%u", v & 7, (v >> 4) & 7, (v >> 8) & 7, (v >> 12) & 7, (v >> 16) & 7,
        (v >> 20) & 7, (v >> 24) & 7, (v >> 28) & 7);
}

static void d_attrib_base(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "paddr=0x%08x", ((v >> 1) & 0x0FFFFFFF) << 4);
}

static void put_attrib_formats(out *o, uint32_t v, unsigned first, unsigned count)
{
    for (unsigned i = 0; i < count; i++) {
        uint32_t f = (v >> (4 * i)) & 0xF;
        put(o, "a%u=%s%u", first + i, attrib_type_names[f & 3], (f >> 2) + 1);
    }
}

static void d_attrib_format_low(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put_attrib_formats(o, v, 0, 8);
}

static void d_attrib_format_high(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put_attrib_formats(o, v, 8, 4);
    put_bits(o, "fixed", (v >> 16) & 0xFFF, 12);
    put(o, "attributes=%u", (v >> 28) + 1);
}

static void put_components(out *o, const char *key, uint32_t v, unsigned count)
{
    char buf[96] = "";
    size_t len = 0;
    for (unsigned c = 0; c < count; c++) {
        uint32_t id = (v >> (4 * c)) & 0xF;
        if (id < PICA_LOADER_PADDING_FIRST)
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%sa%u", c ? "," : "", id);
        else
            len += (size_t)snprintf(buf + len, sizeof buf - len, "%spad%u", c ? "," : "", 4 * (id - 11));
    }
    put(o, "%s=%s", key, buf);
}

static void d_attrib_config1(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put_components(o, "components1-8", v, 8);
}

static void d_attrib_config2(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    if ((v >> 28) > 8) /* components 9-12 only count when the buffer has that many */
        put_components(o, "components9-12", v & 0xFFFF, (v >> 28) - 8);
    put(o, "stride=%u", (v >> 16) & 0xFF);
    put(o, "count=%u", v >> 28);
}

static void d_index_config(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "offset=0x%x", v & 0x0FFFFFFF);
    put(o, "format=%s", v >> 31 ? "u16" : "u8");
}

static void d_geostage_config(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "gs=%u", (v & 3) == 2);
    put(o, "triangle_elements=%u", (v >> 8) & 1);
    put(o, "subdivision=%u", v >> 31);
}

static void d_fixedattrib_index(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    if ((v & 0xF) == 0xF)
        put(o, "immediate_mode");
    else
        put(o, "index=%u", v & 0xF);
}

static void d_cmdbuf_size(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "bytes=%u", (v & 0x1FFFFF) << 3); }
static void d_com_mode(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "gs_exclusive=%u", v & 1); }
static void d_start_draw_func0(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "mode=%s", v & 1 ? "configuration" : "drawing"); }

static void d_gsh_misc0(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "mode=%u", v & 0xFF);
    put(o, "fixed_vertices=%u", ((v >> 8) & 0xF) + 1);
    put(o, "stride=%u", ((v >> 12) & 0xF) + 1);
    put(o, "start=%u", (v >> 16) & 0xFF);
}

static void d_geostage_config2(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "function=%u", v & 1);
    put(o, "triangle_elements=%u", (v >> 8) & 1);
}

static void d_primitive_config(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "mode=%s", prim_names[(v >> 8) & 3]);
    put(o, "outputs=%u", (v & 0xF) + 1);
}

static void d_bool_uniform(out *o, uint32_t id, uint32_t v) { (void)id; put_bits(o, "true", v & 0xFFFF, 16); }

static void d_int_uniform(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "count=%u", v & 0xFF);
    put(o, "start=%u", (v >> 8) & 0xFF);
    put(o, "step=%u", (v >> 16) & 0xFF);
}

static void d_inputbuffer_config(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "inputs=%u", (v & 0xF) + 1);
    put(o, "mode=%s", (v >> 24) == 0x08 ? "gs" : (v >> 24) == 0xA0 ? "vs" : "?");
    if ((v >> 8) & 0xFF)
        put(o, "subdivision=%u", (v >> 8) & 0xFF);
}

static void d_entrypoint(out *o, uint32_t id, uint32_t v) { (void)id; put(o, "entry=0x%03x", v & 0xFFFF); }

static void d_permutation(out *o, uint32_t id, uint32_t v)
{
    unsigned first = (id & 1) ? 0 : 8; /* LOW is at an odd id (0x28B, 0x2BB) */
    char buf[96] = "";
    size_t len = 0;
    for (unsigned i = 0; i < 8; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%sa%u>v%u", i ? "," : "", first + i, (v >> (4 * i)) & 0xF);
    put(o, "%s", buf);
}

static void d_outmap_mask(out *o, uint32_t id, uint32_t v) { (void)id; put_bits(o, "outputs", v & 0xFFFF, 16); }

static void d_floatuniform_index(out *o, uint32_t id, uint32_t v)
{
    (void)id;
    put(o, "c%u", v & 0xFF);
    put(o, "mode=%s", v >> 31 ? "f32" : "f24");
}

typedef void (*describe_fn)(out *o, uint32_t id, uint32_t v);
#define DESCRIBER_(kind) [PICA_FIELDS_##kind] = d_##kind,
static const describe_fn describers[PICA_FIELDS_COUNT] = {PICA_FIELD_KINDS(DESCRIBER_)};
#undef DESCRIBER_

void pica_reg_describe(uint32_t id, uint32_t value, glhle_bytebuf *b)
{
    pica_fields f = pica_reg_fields(id);
    if (f == PICA_FIELDS_COUNT)
        return;
    out o = {b, b->size};
    describers[f](&o, id, value);
}
