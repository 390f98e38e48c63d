/* Every documented PICA200 internal register, 0x000-0x2FF, listed once.
 *
 *   X(id, NAME, FLAGS, FIELDS)
 *
 * NAME is 3dbrew's name without the GPUREG_ prefix (3dbrew
 * GPU/Internal_Registers, mikage-emu/3dbrew content/GPU/Internal_Registers.md;
 * the same 395 registers as the seed reference 000). FLAGS is G(group) --
 * the decoded-state group a changed value marks dirty (pica_state.h) -- plus
 * S when a write has a side effect beyond storing the value (FIFOs,
 * triggers, shader setup). FIELDS names the field printer used by
 * pica_reg_describe() (regs_describe.c).
 *
 * The list generates the register enum (PICA_REG_NAME), the name table, the
 * per-register flags used on every write, and the describe dispatch; adding a
 * register touches this one line. Undocumented ids keep 3dbrew's GPUREG_0XXX
 * names and have no group.
 *
 * TEXENV_UPDATE_BUFFER (0x0E0) belongs to two groups by its bits, so it is
 * listed without a group and regs.c marks FOG for bits 0-3 and 16 and TEV
 * for bits 8-15 (3dbrew: "shared between the gas/fog mode configuration and
 * texture combiner buffer inputs"). Registers holding floats (FIELDS f16,
 * f20, f24, f31 and the like) also take the side-effect path, where a NaN
 * parameter is reported. */
#ifndef GLHLE_PICA_REGS_TABLE_H
#define GLHLE_PICA_REGS_TABLE_H

#define PICA_REGS(X) \
    X(0x010, FINALIZE,                        G(NONE) | S,                 trigger) \
    X(0x040, FACECULLING_CONFIG,              G(RASTER),                   cull) \
    X(0x041, VIEWPORT_WIDTH,                  G(RASTER),                   f24) \
    X(0x042, VIEWPORT_INVW,                   G(RASTER),                   f31) \
    X(0x043, VIEWPORT_HEIGHT,                 G(RASTER),                   f24) \
    X(0x044, VIEWPORT_INVH,                   G(RASTER),                   f31) \
    X(0x047, FRAGOP_CLIP,                     G(RASTER),                   enable) \
    X(0x048, FRAGOP_CLIP_DATA0,               G(RASTER),                   f24) \
    X(0x049, FRAGOP_CLIP_DATA1,               G(RASTER),                   f24) \
    X(0x04A, FRAGOP_CLIP_DATA2,               G(RASTER),                   f24) \
    X(0x04B, FRAGOP_CLIP_DATA3,               G(RASTER),                   f24) \
    X(0x04D, DEPTHMAP_SCALE,                  G(RASTER),                   f24) \
    X(0x04E, DEPTHMAP_OFFSET,                 G(RASTER),                   f24) \
    X(0x04F, SH_OUTMAP_TOTAL,                 G(OUTMAP),                   outmap_total) \
    X(0x050, SH_OUTMAP_O0,                    G(OUTMAP),                   outmap_o) \
    X(0x051, SH_OUTMAP_O1,                    G(OUTMAP),                   outmap_o) \
    X(0x052, SH_OUTMAP_O2,                    G(OUTMAP),                   outmap_o) \
    X(0x053, SH_OUTMAP_O3,                    G(OUTMAP),                   outmap_o) \
    X(0x054, SH_OUTMAP_O4,                    G(OUTMAP),                   outmap_o) \
    X(0x055, SH_OUTMAP_O5,                    G(OUTMAP),                   outmap_o) \
    X(0x056, SH_OUTMAP_O6,                    G(OUTMAP),                   outmap_o) \
    X(0x061, EARLYDEPTH_FUNC,                 G(RASTER),                   earlydepth_func) \
    X(0x062, EARLYDEPTH_TEST1,                G(RASTER),                   enable) \
    X(0x063, EARLYDEPTH_CLEAR,                G(NONE) | S,                 trigger) \
    X(0x064, SH_OUTATTR_MODE,                 G(OUTMAP),                   enable) \
    X(0x065, SCISSORTEST_MODE,                G(RASTER),                   scissor_mode) \
    X(0x066, SCISSORTEST_POS,                 G(RASTER),                   xy10) \
    X(0x067, SCISSORTEST_DIM,                 G(RASTER),                   xy10) \
    X(0x068, VIEWPORT_XY,                     G(RASTER),                   viewport_xy) \
    X(0x06A, EARLYDEPTH_DATA,                 G(RASTER),                   u24) \
    X(0x06D, DEPTHMAP_ENABLE,                 G(RASTER),                   depthmap_enable) \
    X(0x06E, RENDERBUF_DIM,                   G(RASTER),                   buf_dim) \
    X(0x06F, SH_OUTATTR_CLOCK,                G(OUTMAP),                   outattr_clock) \
    X(0x080, TEXUNIT_CONFIG,                  G(TEXTURE) | S,              texunit_config) \
    X(0x081, TEXUNIT0_BORDER_COLOR,           G(TEXTURE),                  rgba8) \
    X(0x082, TEXUNIT0_DIM,                    G(TEXTURE),                  tex_dim) \
    X(0x083, TEXUNIT0_PARAM,                  G(TEXTURE),                  tex_param) \
    X(0x084, TEXUNIT0_LOD,                    G(TEXTURE),                  tex_lod) \
    X(0x085, TEXUNIT0_ADDR1,                  G(TEXTURE),                  paddr8) \
    X(0x086, TEXUNIT0_ADDR2,                  G(TEXTURE),                  tex_addr_face) \
    X(0x087, TEXUNIT0_ADDR3,                  G(TEXTURE),                  tex_addr_face) \
    X(0x088, TEXUNIT0_ADDR4,                  G(TEXTURE),                  tex_addr_face) \
    X(0x089, TEXUNIT0_ADDR5,                  G(TEXTURE),                  tex_addr_face) \
    X(0x08A, TEXUNIT0_ADDR6,                  G(TEXTURE),                  tex_addr_face) \
    X(0x08B, TEXUNIT0_SHADOW,                 G(TEXTURE),                  tex_shadow) \
    X(0x08E, TEXUNIT0_TYPE,                   G(TEXTURE),                  tex_format) \
    X(0x08F, LIGHTING_ENABLE0,                G(LIGHTING),                 enable) \
    X(0x091, TEXUNIT1_BORDER_COLOR,           G(TEXTURE),                  rgba8) \
    X(0x092, TEXUNIT1_DIM,                    G(TEXTURE),                  tex_dim) \
    X(0x093, TEXUNIT1_PARAM,                  G(TEXTURE),                  tex_param) \
    X(0x094, TEXUNIT1_LOD,                    G(TEXTURE),                  tex_lod) \
    X(0x095, TEXUNIT1_ADDR,                   G(TEXTURE),                  paddr8) \
    X(0x096, TEXUNIT1_TYPE,                   G(TEXTURE),                  tex_format) \
    X(0x099, TEXUNIT2_BORDER_COLOR,           G(TEXTURE),                  rgba8) \
    X(0x09A, TEXUNIT2_DIM,                    G(TEXTURE),                  tex_dim) \
    X(0x09B, TEXUNIT2_PARAM,                  G(TEXTURE),                  tex_param) \
    X(0x09C, TEXUNIT2_LOD,                    G(TEXTURE),                  tex_lod) \
    X(0x09D, TEXUNIT2_ADDR,                   G(TEXTURE),                  paddr8) \
    X(0x09E, TEXUNIT2_TYPE,                   G(TEXTURE),                  tex_format) \
    X(0x0A8, TEXUNIT3_PROCTEX0,               G(PROCTEX),                  proctex0) \
    X(0x0A9, TEXUNIT3_PROCTEX1,               G(PROCTEX),                  proctex1) \
    X(0x0AA, TEXUNIT3_PROCTEX2,               G(PROCTEX),                  proctex2) \
    X(0x0AB, TEXUNIT3_PROCTEX3,               G(PROCTEX),                  proctex3) \
    X(0x0AC, TEXUNIT3_PROCTEX4,               G(PROCTEX),                  proctex4) \
    X(0x0AD, TEXUNIT3_PROCTEX5,               G(PROCTEX),                  proctex5) \
    X(0x0AF, PROCTEX_LUT,                     G(NONE),                     proctex_lut_index) \
    X(0x0B0, PROCTEX_LUT_DATA0,               G(NONE) | S,                 fifo_data) \
    X(0x0B1, PROCTEX_LUT_DATA1,               G(NONE) | S,                 fifo_data) \
    X(0x0B2, PROCTEX_LUT_DATA2,               G(NONE) | S,                 fifo_data) \
    X(0x0B3, PROCTEX_LUT_DATA3,               G(NONE) | S,                 fifo_data) \
    X(0x0B4, PROCTEX_LUT_DATA4,               G(NONE) | S,                 fifo_data) \
    X(0x0B5, PROCTEX_LUT_DATA5,               G(NONE) | S,                 fifo_data) \
    X(0x0B6, PROCTEX_LUT_DATA6,               G(NONE) | S,                 fifo_data) \
    X(0x0B7, PROCTEX_LUT_DATA7,               G(NONE) | S,                 fifo_data) \
    X(0x0C0, TEXENV0_SOURCE,                  G(TEV),                      tev_source) \
    X(0x0C1, TEXENV0_OPERAND,                 G(TEV),                      tev_operand) \
    X(0x0C2, TEXENV0_COMBINER,                G(TEV),                      tev_combiner) \
    X(0x0C3, TEXENV0_COLOR,                   G(TEV_COLOR),                rgba8) \
    X(0x0C4, TEXENV0_SCALE,                   G(TEV),                      tev_scale) \
    X(0x0C8, TEXENV1_SOURCE,                  G(TEV),                      tev_source) \
    X(0x0C9, TEXENV1_OPERAND,                 G(TEV),                      tev_operand) \
    X(0x0CA, TEXENV1_COMBINER,                G(TEV),                      tev_combiner) \
    X(0x0CB, TEXENV1_COLOR,                   G(TEV_COLOR),                rgba8) \
    X(0x0CC, TEXENV1_SCALE,                   G(TEV),                      tev_scale) \
    X(0x0D0, TEXENV2_SOURCE,                  G(TEV),                      tev_source) \
    X(0x0D1, TEXENV2_OPERAND,                 G(TEV),                      tev_operand) \
    X(0x0D2, TEXENV2_COMBINER,                G(TEV),                      tev_combiner) \
    X(0x0D3, TEXENV2_COLOR,                   G(TEV_COLOR),                rgba8) \
    X(0x0D4, TEXENV2_SCALE,                   G(TEV),                      tev_scale) \
    X(0x0D8, TEXENV3_SOURCE,                  G(TEV),                      tev_source) \
    X(0x0D9, TEXENV3_OPERAND,                 G(TEV),                      tev_operand) \
    X(0x0DA, TEXENV3_COMBINER,                G(TEV),                      tev_combiner) \
    X(0x0DB, TEXENV3_COLOR,                   G(TEV_COLOR),                rgba8) \
    X(0x0DC, TEXENV3_SCALE,                   G(TEV),                      tev_scale) \
    X(0x0E0, TEXENV_UPDATE_BUFFER,            G(NONE) | S,                 tev_update_buffer) \
    X(0x0E1, FOG_COLOR,                       G(FOG),                      rgb8) \
    X(0x0E4, GAS_ATTENUATION,                 G(FOG),                      f16) \
    X(0x0E5, GAS_ACCMAX,                      G(FOG),                      f16) \
    X(0x0E6, FOG_LUT_INDEX,                   G(NONE),                     lut_index16) \
    X(0x0E8, FOG_LUT_DATA0,                   G(NONE) | S,                 fifo_data) \
    X(0x0E9, FOG_LUT_DATA1,                   G(NONE) | S,                 fifo_data) \
    X(0x0EA, FOG_LUT_DATA2,                   G(NONE) | S,                 fifo_data) \
    X(0x0EB, FOG_LUT_DATA3,                   G(NONE) | S,                 fifo_data) \
    X(0x0EC, FOG_LUT_DATA4,                   G(NONE) | S,                 fifo_data) \
    X(0x0ED, FOG_LUT_DATA5,                   G(NONE) | S,                 fifo_data) \
    X(0x0EE, FOG_LUT_DATA6,                   G(NONE) | S,                 fifo_data) \
    X(0x0EF, FOG_LUT_DATA7,                   G(NONE) | S,                 fifo_data) \
    X(0x0F0, TEXENV4_SOURCE,                  G(TEV),                      tev_source) \
    X(0x0F1, TEXENV4_OPERAND,                 G(TEV),                      tev_operand) \
    X(0x0F2, TEXENV4_COMBINER,                G(TEV),                      tev_combiner) \
    X(0x0F3, TEXENV4_COLOR,                   G(TEV_COLOR),                rgba8) \
    X(0x0F4, TEXENV4_SCALE,                   G(TEV),                      tev_scale) \
    X(0x0F8, TEXENV5_SOURCE,                  G(TEV),                      tev_source) \
    X(0x0F9, TEXENV5_OPERAND,                 G(TEV),                      tev_operand) \
    X(0x0FA, TEXENV5_COMBINER,                G(TEV),                      tev_combiner) \
    X(0x0FB, TEXENV5_COLOR,                   G(TEV_COLOR),                rgba8) \
    X(0x0FC, TEXENV5_SCALE,                   G(TEV),                      tev_scale) \
    X(0x0FD, TEXENV_BUFFER_COLOR,             G(TEV_COLOR),                rgba8) \
    X(0x100, COLOR_OPERATION,                 G(FRAGOP),                   color_operation) \
    X(0x101, BLEND_FUNC,                      G(FRAGOP),                   blend_func) \
    X(0x102, LOGIC_OP,                        G(FRAGOP),                   logic_op) \
    X(0x103, BLEND_COLOR,                     G(FRAGOP),                   rgba8) \
    X(0x104, FRAGOP_ALPHA_TEST,               G(FRAGOP),                   alpha_test) \
    X(0x105, STENCIL_TEST,                    G(FRAGOP),                   stencil_test) \
    X(0x106, STENCIL_OP,                      G(FRAGOP),                   stencil_op) \
    X(0x107, DEPTH_COLOR_MASK,                G(FRAGOP),                   depth_color_mask) \
    X(0x110, FRAMEBUFFER_INVALIDATE,          G(NONE) | S,                 trigger) \
    X(0x111, FRAMEBUFFER_FLUSH,               G(NONE) | S,                 trigger) \
    X(0x112, COLORBUFFER_READ,                G(FRAMEBUFFER),              access4) \
    X(0x113, COLORBUFFER_WRITE,               G(FRAMEBUFFER),              access4) \
    X(0x114, DEPTHBUFFER_READ,                G(FRAMEBUFFER),              depth_access) \
    X(0x115, DEPTHBUFFER_WRITE,               G(FRAMEBUFFER),              depth_access) \
    X(0x116, DEPTHBUFFER_FORMAT,              G(FRAMEBUFFER),              depth_format) \
    X(0x117, COLORBUFFER_FORMAT,              G(FRAMEBUFFER),              color_format) \
    X(0x118, EARLYDEPTH_TEST2,                G(RASTER),                   enable) \
    X(0x11B, FRAMEBUFFER_BLOCK32,             G(FRAMEBUFFER),              block32) \
    X(0x11C, DEPTHBUFFER_LOC,                 G(FRAMEBUFFER),              paddr8) \
    X(0x11D, COLORBUFFER_LOC,                 G(FRAMEBUFFER),              paddr8) \
    X(0x11E, FRAMEBUFFER_DIM,                 G(FRAMEBUFFER),              buf_dim) \
    X(0x120, GAS_LIGHT_XY,                    G(FOG),                      gas_light) \
    X(0x121, GAS_LIGHT_Z,                     G(FOG),                      gas_light) \
    X(0x122, GAS_LIGHT_Z_COLOR,               G(FOG),                      gas_light_z_color) \
    X(0x123, GAS_LUT_INDEX,                   G(NONE),                     lut_index16) \
    X(0x124, GAS_LUT_DATA,                    G(NONE) | S,                 fifo_data) \
    X(0x126, GAS_DELTAZ_DEPTH,                G(FOG),                      gas_deltaz) \
    X(0x130, FRAGOP_SHADOW,                   G(FRAGOP),                   fragop_shadow) \
    X(0x140, LIGHT0_SPECULAR0,                G(LIGHTS),                   light_color) \
    X(0x141, LIGHT0_SPECULAR1,                G(LIGHTS),                   light_color) \
    X(0x142, LIGHT0_DIFFUSE,                  G(LIGHTS),                   light_color) \
    X(0x143, LIGHT0_AMBIENT,                  G(LIGHTS),                   light_color) \
    X(0x144, LIGHT0_XY,                       G(LIGHTS),                   f16x2) \
    X(0x145, LIGHT0_Z,                        G(LIGHTS),                   f16) \
    X(0x146, LIGHT0_SPOTDIR_XY,               G(LIGHTS),                   spotdir_xy) \
    X(0x147, LIGHT0_SPOTDIR_Z,                G(LIGHTS),                   spotdir_z) \
    X(0x149, LIGHT0_CONFIG,                   G(LIGHTS),                   light_config) \
    X(0x14A, LIGHT0_ATTENUATION_BIAS,         G(LIGHTS),                   f20) \
    X(0x14B, LIGHT0_ATTENUATION_SCALE,        G(LIGHTS),                   f20) \
    X(0x150, LIGHT1_SPECULAR0,                G(LIGHTS),                   light_color) \
    X(0x151, LIGHT1_SPECULAR1,                G(LIGHTS),                   light_color) \
    X(0x152, LIGHT1_DIFFUSE,                  G(LIGHTS),                   light_color) \
    X(0x153, LIGHT1_AMBIENT,                  G(LIGHTS),                   light_color) \
    X(0x154, LIGHT1_XY,                       G(LIGHTS),                   f16x2) \
    X(0x155, LIGHT1_Z,                        G(LIGHTS),                   f16) \
    X(0x156, LIGHT1_SPOTDIR_XY,               G(LIGHTS),                   spotdir_xy) \
    X(0x157, LIGHT1_SPOTDIR_Z,                G(LIGHTS),                   spotdir_z) \
    X(0x159, LIGHT1_CONFIG,                   G(LIGHTS),                   light_config) \
    X(0x15A, LIGHT1_ATTENUATION_BIAS,         G(LIGHTS),                   f20) \
    X(0x15B, LIGHT1_ATTENUATION_SCALE,        G(LIGHTS),                   f20) \
    X(0x160, LIGHT2_SPECULAR0,                G(LIGHTS),                   light_color) \
    X(0x161, LIGHT2_SPECULAR1,                G(LIGHTS),                   light_color) \
    X(0x162, LIGHT2_DIFFUSE,                  G(LIGHTS),                   light_color) \
    X(0x163, LIGHT2_AMBIENT,                  G(LIGHTS),                   light_color) \
    X(0x164, LIGHT2_XY,                       G(LIGHTS),                   f16x2) \
    X(0x165, LIGHT2_Z,                        G(LIGHTS),                   f16) \
    X(0x166, LIGHT2_SPOTDIR_XY,               G(LIGHTS),                   spotdir_xy) \
    X(0x167, LIGHT2_SPOTDIR_Z,                G(LIGHTS),                   spotdir_z) \
    X(0x169, LIGHT2_CONFIG,                   G(LIGHTS),                   light_config) \
    X(0x16A, LIGHT2_ATTENUATION_BIAS,         G(LIGHTS),                   f20) \
    X(0x16B, LIGHT2_ATTENUATION_SCALE,        G(LIGHTS),                   f20) \
    X(0x170, LIGHT3_SPECULAR0,                G(LIGHTS),                   light_color) \
    X(0x171, LIGHT3_SPECULAR1,                G(LIGHTS),                   light_color) \
    X(0x172, LIGHT3_DIFFUSE,                  G(LIGHTS),                   light_color) \
    X(0x173, LIGHT3_AMBIENT,                  G(LIGHTS),                   light_color) \
    X(0x174, LIGHT3_XY,                       G(LIGHTS),                   f16x2) \
    X(0x175, LIGHT3_Z,                        G(LIGHTS),                   f16) \
    X(0x176, LIGHT3_SPOTDIR_XY,               G(LIGHTS),                   spotdir_xy) \
    X(0x177, LIGHT3_SPOTDIR_Z,                G(LIGHTS),                   spotdir_z) \
    X(0x179, LIGHT3_CONFIG,                   G(LIGHTS),                   light_config) \
    X(0x17A, LIGHT3_ATTENUATION_BIAS,         G(LIGHTS),                   f20) \
    X(0x17B, LIGHT3_ATTENUATION_SCALE,        G(LIGHTS),                   f20) \
    X(0x180, LIGHT4_SPECULAR0,                G(LIGHTS),                   light_color) \
    X(0x181, LIGHT4_SPECULAR1,                G(LIGHTS),                   light_color) \
    X(0x182, LIGHT4_DIFFUSE,                  G(LIGHTS),                   light_color) \
    X(0x183, LIGHT4_AMBIENT,                  G(LIGHTS),                   light_color) \
    X(0x184, LIGHT4_XY,                       G(LIGHTS),                   f16x2) \
    X(0x185, LIGHT4_Z,                        G(LIGHTS),                   f16) \
    X(0x186, LIGHT4_SPOTDIR_XY,               G(LIGHTS),                   spotdir_xy) \
    X(0x187, LIGHT4_SPOTDIR_Z,                G(LIGHTS),                   spotdir_z) \
    X(0x189, LIGHT4_CONFIG,                   G(LIGHTS),                   light_config) \
    X(0x18A, LIGHT4_ATTENUATION_BIAS,         G(LIGHTS),                   f20) \
    X(0x18B, LIGHT4_ATTENUATION_SCALE,        G(LIGHTS),                   f20) \
    X(0x190, LIGHT5_SPECULAR0,                G(LIGHTS),                   light_color) \
    X(0x191, LIGHT5_SPECULAR1,                G(LIGHTS),                   light_color) \
    X(0x192, LIGHT5_DIFFUSE,                  G(LIGHTS),                   light_color) \
    X(0x193, LIGHT5_AMBIENT,                  G(LIGHTS),                   light_color) \
    X(0x194, LIGHT5_XY,                       G(LIGHTS),                   f16x2) \
    X(0x195, LIGHT5_Z,                        G(LIGHTS),                   f16) \
    X(0x196, LIGHT5_SPOTDIR_XY,               G(LIGHTS),                   spotdir_xy) \
    X(0x197, LIGHT5_SPOTDIR_Z,                G(LIGHTS),                   spotdir_z) \
    X(0x199, LIGHT5_CONFIG,                   G(LIGHTS),                   light_config) \
    X(0x19A, LIGHT5_ATTENUATION_BIAS,         G(LIGHTS),                   f20) \
    X(0x19B, LIGHT5_ATTENUATION_SCALE,        G(LIGHTS),                   f20) \
    X(0x1A0, LIGHT6_SPECULAR0,                G(LIGHTS),                   light_color) \
    X(0x1A1, LIGHT6_SPECULAR1,                G(LIGHTS),                   light_color) \
    X(0x1A2, LIGHT6_DIFFUSE,                  G(LIGHTS),                   light_color) \
    X(0x1A3, LIGHT6_AMBIENT,                  G(LIGHTS),                   light_color) \
    X(0x1A4, LIGHT6_XY,                       G(LIGHTS),                   f16x2) \
    X(0x1A5, LIGHT6_Z,                        G(LIGHTS),                   f16) \
    X(0x1A6, LIGHT6_SPOTDIR_XY,               G(LIGHTS),                   spotdir_xy) \
    X(0x1A7, LIGHT6_SPOTDIR_Z,                G(LIGHTS),                   spotdir_z) \
    X(0x1A9, LIGHT6_CONFIG,                   G(LIGHTS),                   light_config) \
    X(0x1AA, LIGHT6_ATTENUATION_BIAS,         G(LIGHTS),                   f20) \
    X(0x1AB, LIGHT6_ATTENUATION_SCALE,        G(LIGHTS),                   f20) \
    X(0x1B0, LIGHT7_SPECULAR0,                G(LIGHTS),                   light_color) \
    X(0x1B1, LIGHT7_SPECULAR1,                G(LIGHTS),                   light_color) \
    X(0x1B2, LIGHT7_DIFFUSE,                  G(LIGHTS),                   light_color) \
    X(0x1B3, LIGHT7_AMBIENT,                  G(LIGHTS),                   light_color) \
    X(0x1B4, LIGHT7_XY,                       G(LIGHTS),                   f16x2) \
    X(0x1B5, LIGHT7_Z,                        G(LIGHTS),                   f16) \
    X(0x1B6, LIGHT7_SPOTDIR_XY,               G(LIGHTS),                   spotdir_xy) \
    X(0x1B7, LIGHT7_SPOTDIR_Z,                G(LIGHTS),                   spotdir_z) \
    X(0x1B9, LIGHT7_CONFIG,                   G(LIGHTS),                   light_config) \
    X(0x1BA, LIGHT7_ATTENUATION_BIAS,         G(LIGHTS),                   f20) \
    X(0x1BB, LIGHT7_ATTENUATION_SCALE,        G(LIGHTS),                   f20) \
    X(0x1C0, LIGHTING_AMBIENT,                G(LIGHTING),                 light_color) \
    X(0x1C2, LIGHTING_NUM_LIGHTS,             G(LIGHTING),                 num_lights) \
    X(0x1C3, LIGHTING_CONFIG0,                G(LIGHTING),                 lighting_config0) \
    X(0x1C4, LIGHTING_CONFIG1,                G(LIGHTING),                 lighting_config1) \
    X(0x1C5, LIGHTING_LUT_INDEX,              G(NONE),                     lighting_lut_index) \
    X(0x1C6, LIGHTING_ENABLE1,                G(LIGHTING),                 disable) \
    X(0x1C8, LIGHTING_LUT_DATA0,              G(NONE) | S,                 fifo_data) \
    X(0x1C9, LIGHTING_LUT_DATA1,              G(NONE) | S,                 fifo_data) \
    X(0x1CA, LIGHTING_LUT_DATA2,              G(NONE) | S,                 fifo_data) \
    X(0x1CB, LIGHTING_LUT_DATA3,              G(NONE) | S,                 fifo_data) \
    X(0x1CC, LIGHTING_LUT_DATA4,              G(NONE) | S,                 fifo_data) \
    X(0x1CD, LIGHTING_LUT_DATA5,              G(NONE) | S,                 fifo_data) \
    X(0x1CE, LIGHTING_LUT_DATA6,              G(NONE) | S,                 fifo_data) \
    X(0x1CF, LIGHTING_LUT_DATA7,              G(NONE) | S,                 fifo_data) \
    X(0x1D0, LIGHTING_LUTINPUT_ABS,           G(LIGHTING),                 lut_abs) \
    X(0x1D1, LIGHTING_LUTINPUT_SELECT,        G(LIGHTING),                 lut_select) \
    X(0x1D2, LIGHTING_LUTINPUT_SCALE,         G(LIGHTING),                 lut_scale) \
    X(0x1D9, LIGHTING_LIGHT_PERMUTATION,      G(LIGHTING),                 light_permutation) \
    X(0x200, ATTRIBBUFFERS_LOC,               G(GEOMETRY),                 attrib_base) \
    X(0x201, ATTRIBBUFFERS_FORMAT_LOW,        G(GEOMETRY),                 attrib_format_low) \
    X(0x202, ATTRIBBUFFERS_FORMAT_HIGH,       G(GEOMETRY),                 attrib_format_high) \
    X(0x203, ATTRIBBUFFER0_OFFSET,            G(GEOMETRY),                 u28) \
    X(0x204, ATTRIBBUFFER0_CONFIG1,           G(GEOMETRY),                 attrib_config1) \
    X(0x205, ATTRIBBUFFER0_CONFIG2,           G(GEOMETRY),                 attrib_config2) \
    X(0x206, ATTRIBBUFFER1_OFFSET,            G(GEOMETRY),                 u28) \
    X(0x207, ATTRIBBUFFER1_CONFIG1,           G(GEOMETRY),                 attrib_config1) \
    X(0x208, ATTRIBBUFFER1_CONFIG2,           G(GEOMETRY),                 attrib_config2) \
    X(0x209, ATTRIBBUFFER2_OFFSET,            G(GEOMETRY),                 u28) \
    X(0x20A, ATTRIBBUFFER2_CONFIG1,           G(GEOMETRY),                 attrib_config1) \
    X(0x20B, ATTRIBBUFFER2_CONFIG2,           G(GEOMETRY),                 attrib_config2) \
    X(0x20C, ATTRIBBUFFER3_OFFSET,            G(GEOMETRY),                 u28) \
    X(0x20D, ATTRIBBUFFER3_CONFIG1,           G(GEOMETRY),                 attrib_config1) \
    X(0x20E, ATTRIBBUFFER3_CONFIG2,           G(GEOMETRY),                 attrib_config2) \
    X(0x20F, ATTRIBBUFFER4_OFFSET,            G(GEOMETRY),                 u28) \
    X(0x210, ATTRIBBUFFER4_CONFIG1,           G(GEOMETRY),                 attrib_config1) \
    X(0x211, ATTRIBBUFFER4_CONFIG2,           G(GEOMETRY),                 attrib_config2) \
    X(0x212, ATTRIBBUFFER5_OFFSET,            G(GEOMETRY),                 u28) \
    X(0x213, ATTRIBBUFFER5_CONFIG1,           G(GEOMETRY),                 attrib_config1) \
    X(0x214, ATTRIBBUFFER5_CONFIG2,           G(GEOMETRY),                 attrib_config2) \
    X(0x215, ATTRIBBUFFER6_OFFSET,            G(GEOMETRY),                 u28) \
    X(0x216, ATTRIBBUFFER6_CONFIG1,           G(GEOMETRY),                 attrib_config1) \
    X(0x217, ATTRIBBUFFER6_CONFIG2,           G(GEOMETRY),                 attrib_config2) \
    X(0x218, ATTRIBBUFFER7_OFFSET,            G(GEOMETRY),                 u28) \
    X(0x219, ATTRIBBUFFER7_CONFIG1,           G(GEOMETRY),                 attrib_config1) \
    X(0x21A, ATTRIBBUFFER7_CONFIG2,           G(GEOMETRY),                 attrib_config2) \
    X(0x21B, ATTRIBBUFFER8_OFFSET,            G(GEOMETRY),                 u28) \
    X(0x21C, ATTRIBBUFFER8_CONFIG1,           G(GEOMETRY),                 attrib_config1) \
    X(0x21D, ATTRIBBUFFER8_CONFIG2,           G(GEOMETRY),                 attrib_config2) \
    X(0x21E, ATTRIBBUFFER9_OFFSET,            G(GEOMETRY),                 u28) \
    X(0x21F, ATTRIBBUFFER9_CONFIG1,           G(GEOMETRY),                 attrib_config1) \
    X(0x220, ATTRIBBUFFER9_CONFIG2,           G(GEOMETRY),                 attrib_config2) \
    X(0x221, ATTRIBBUFFER10_OFFSET,           G(GEOMETRY),                 u28) \
    X(0x222, ATTRIBBUFFER10_CONFIG1,          G(GEOMETRY),                 attrib_config1) \
    X(0x223, ATTRIBBUFFER10_CONFIG2,          G(GEOMETRY),                 attrib_config2) \
    X(0x224, ATTRIBBUFFER11_OFFSET,           G(GEOMETRY),                 u28) \
    X(0x225, ATTRIBBUFFER11_CONFIG1,          G(GEOMETRY),                 attrib_config1) \
    X(0x226, ATTRIBBUFFER11_CONFIG2,          G(GEOMETRY),                 attrib_config2) \
    X(0x227, INDEXBUFFER_CONFIG,              G(GEOMETRY),                 index_config) \
    X(0x228, NUMVERTICES,                     G(GEOMETRY),                 u32) \
    X(0x229, GEOSTAGE_CONFIG,                 G(GEOMETRY),                 geostage_config) \
    X(0x22A, VERTEX_OFFSET,                   G(GEOMETRY),                 u32) \
    X(0x22D, POST_VERTEX_CACHE_NUM,           G(GEOMETRY),                 u8) \
    X(0x22E, DRAWARRAYS,                      G(NONE) | S,                 trigger) \
    X(0x22F, DRAWELEMENTS,                    G(NONE) | S,                 trigger) \
    X(0x231, VTX_FUNC,                        G(NONE) | S,                 trigger) \
    X(0x232, FIXEDATTRIB_INDEX,               G(NONE) | S,                 fixedattrib_index) \
    X(0x233, FIXEDATTRIB_DATA0,               G(NONE) | S,                 fifo_data) \
    X(0x234, FIXEDATTRIB_DATA1,               G(NONE) | S,                 fifo_data) \
    X(0x235, FIXEDATTRIB_DATA2,               G(NONE) | S,                 fifo_data) \
    X(0x238, CMDBUF_SIZE0,                    G(NONE),                     cmdbuf_size) \
    X(0x239, CMDBUF_SIZE1,                    G(NONE),                     cmdbuf_size) \
    X(0x23A, CMDBUF_ADDR0,                    G(NONE),                     paddr8) \
    X(0x23B, CMDBUF_ADDR1,                    G(NONE),                     paddr8) \
    X(0x23C, CMDBUF_JUMP0,                    G(NONE) | S,                 trigger) \
    X(0x23D, CMDBUF_JUMP1,                    G(NONE) | S,                 trigger) \
    X(0x242, VSH_NUM_ATTR,                    G(GEOMETRY),                 count4) \
    X(0x244, VSH_COM_MODE,                    G(GEOMETRY),                 com_mode) \
    X(0x245, START_DRAW_FUNC0,                G(NONE),                     start_draw_func0) \
    X(0x24A, VSH_OUTMAP_TOTAL1,               G(GEOMETRY),                 count4) \
    X(0x251, VSH_OUTMAP_TOTAL2,               G(GEOMETRY),                 count4) \
    X(0x252, GSH_MISC0,                       G(GEOMETRY),                 gsh_misc0) \
    X(0x253, GEOSTAGE_CONFIG2,                G(GEOMETRY),                 geostage_config2) \
    X(0x254, GSH_MISC1,                       G(GEOMETRY),                 gsh_misc1) \
    X(0x25E, PRIMITIVE_CONFIG,                G(GEOMETRY),                 primitive_config) \
    X(0x25F, RESTART_PRIMITIVE,               G(NONE) | S,                 trigger) \
    X(0x280, GSH_BOOLUNIFORM,                 G(GS_UNIFORMS) | S,          bool_uniform) \
    X(0x281, GSH_INTUNIFORM_I0,               G(GS_UNIFORMS) | S,          int_uniform) \
    X(0x282, GSH_INTUNIFORM_I1,               G(GS_UNIFORMS) | S,          int_uniform) \
    X(0x283, GSH_INTUNIFORM_I2,               G(GS_UNIFORMS) | S,          int_uniform) \
    X(0x284, GSH_INTUNIFORM_I3,               G(GS_UNIFORMS) | S,          int_uniform) \
    X(0x289, GSH_INPUTBUFFER_CONFIG,          G(GS_CONFIG),                inputbuffer_config) \
    X(0x28A, GSH_ENTRYPOINT,                  G(GS_CONFIG) | S,            entrypoint) \
    X(0x28B, GSH_ATTRIBUTES_PERMUTATION_LOW,  G(GS_CONFIG),                permutation) \
    X(0x28C, GSH_ATTRIBUTES_PERMUTATION_HIGH, G(GS_CONFIG),                permutation) \
    X(0x28D, GSH_OUTMAP_MASK,                 G(GS_CONFIG) | S,            outmap_mask) \
    X(0x28F, GSH_CODETRANSFER_END,            G(NONE) | S,                 trigger) \
    X(0x290, GSH_FLOATUNIFORM_INDEX,          G(NONE) | S,                 floatuniform_index) \
    X(0x291, GSH_FLOATUNIFORM_DATA0,          G(NONE) | S,                 fifo_data) \
    X(0x292, GSH_FLOATUNIFORM_DATA1,          G(NONE) | S,                 fifo_data) \
    X(0x293, GSH_FLOATUNIFORM_DATA2,          G(NONE) | S,                 fifo_data) \
    X(0x294, GSH_FLOATUNIFORM_DATA3,          G(NONE) | S,                 fifo_data) \
    X(0x295, GSH_FLOATUNIFORM_DATA4,          G(NONE) | S,                 fifo_data) \
    X(0x296, GSH_FLOATUNIFORM_DATA5,          G(NONE) | S,                 fifo_data) \
    X(0x297, GSH_FLOATUNIFORM_DATA6,          G(NONE) | S,                 fifo_data) \
    X(0x298, GSH_FLOATUNIFORM_DATA7,          G(NONE) | S,                 fifo_data) \
    X(0x29B, GSH_CODETRANSFER_INDEX,          G(NONE) | S,                 u12) \
    X(0x29C, GSH_CODETRANSFER_DATA0,          G(NONE) | S,                 fifo_data) \
    X(0x29D, GSH_CODETRANSFER_DATA1,          G(NONE) | S,                 fifo_data) \
    X(0x29E, GSH_CODETRANSFER_DATA2,          G(NONE) | S,                 fifo_data) \
    X(0x29F, GSH_CODETRANSFER_DATA3,          G(NONE) | S,                 fifo_data) \
    X(0x2A0, GSH_CODETRANSFER_DATA4,          G(NONE) | S,                 fifo_data) \
    X(0x2A1, GSH_CODETRANSFER_DATA5,          G(NONE) | S,                 fifo_data) \
    X(0x2A2, GSH_CODETRANSFER_DATA6,          G(NONE) | S,                 fifo_data) \
    X(0x2A3, GSH_CODETRANSFER_DATA7,          G(NONE) | S,                 fifo_data) \
    X(0x2A5, GSH_OPDESCS_INDEX,               G(NONE) | S,                 u12) \
    X(0x2A6, GSH_OPDESCS_DATA0,               G(NONE) | S,                 fifo_data) \
    X(0x2A7, GSH_OPDESCS_DATA1,               G(NONE) | S,                 fifo_data) \
    X(0x2A8, GSH_OPDESCS_DATA2,               G(NONE) | S,                 fifo_data) \
    X(0x2A9, GSH_OPDESCS_DATA3,               G(NONE) | S,                 fifo_data) \
    X(0x2AA, GSH_OPDESCS_DATA4,               G(NONE) | S,                 fifo_data) \
    X(0x2AB, GSH_OPDESCS_DATA5,               G(NONE) | S,                 fifo_data) \
    X(0x2AC, GSH_OPDESCS_DATA6,               G(NONE) | S,                 fifo_data) \
    X(0x2AD, GSH_OPDESCS_DATA7,               G(NONE) | S,                 fifo_data) \
    X(0x2B0, VSH_BOOLUNIFORM,                 G(VS_UNIFORMS) | S,          bool_uniform) \
    X(0x2B1, VSH_INTUNIFORM_I0,               G(VS_UNIFORMS) | S,          int_uniform) \
    X(0x2B2, VSH_INTUNIFORM_I1,               G(VS_UNIFORMS) | S,          int_uniform) \
    X(0x2B3, VSH_INTUNIFORM_I2,               G(VS_UNIFORMS) | S,          int_uniform) \
    X(0x2B4, VSH_INTUNIFORM_I3,               G(VS_UNIFORMS) | S,          int_uniform) \
    X(0x2B9, VSH_INPUTBUFFER_CONFIG,          G(VS_CONFIG),                inputbuffer_config) \
    X(0x2BA, VSH_ENTRYPOINT,                  G(VS_CONFIG) | S,            entrypoint) \
    X(0x2BB, VSH_ATTRIBUTES_PERMUTATION_LOW,  G(VS_CONFIG),                permutation) \
    X(0x2BC, VSH_ATTRIBUTES_PERMUTATION_HIGH, G(VS_CONFIG),                permutation) \
    X(0x2BD, VSH_OUTMAP_MASK,                 G(VS_CONFIG) | S,            outmap_mask) \
    X(0x2BF, VSH_CODETRANSFER_END,            G(NONE) | S,                 trigger) \
    X(0x2C0, VSH_FLOATUNIFORM_INDEX,          G(NONE) | S,                 floatuniform_index) \
    X(0x2C1, VSH_FLOATUNIFORM_DATA0,          G(NONE) | S,                 fifo_data) \
    X(0x2C2, VSH_FLOATUNIFORM_DATA1,          G(NONE) | S,                 fifo_data) \
    X(0x2C3, VSH_FLOATUNIFORM_DATA2,          G(NONE) | S,                 fifo_data) \
    X(0x2C4, VSH_FLOATUNIFORM_DATA3,          G(NONE) | S,                 fifo_data) \
    X(0x2C5, VSH_FLOATUNIFORM_DATA4,          G(NONE) | S,                 fifo_data) \
    X(0x2C6, VSH_FLOATUNIFORM_DATA5,          G(NONE) | S,                 fifo_data) \
    X(0x2C7, VSH_FLOATUNIFORM_DATA6,          G(NONE) | S,                 fifo_data) \
    X(0x2C8, VSH_FLOATUNIFORM_DATA7,          G(NONE) | S,                 fifo_data) \
    X(0x2CB, VSH_CODETRANSFER_INDEX,          G(NONE) | S,                 u12) \
    X(0x2CC, VSH_CODETRANSFER_DATA0,          G(NONE) | S,                 fifo_data) \
    X(0x2CD, VSH_CODETRANSFER_DATA1,          G(NONE) | S,                 fifo_data) \
    X(0x2CE, VSH_CODETRANSFER_DATA2,          G(NONE) | S,                 fifo_data) \
    X(0x2CF, VSH_CODETRANSFER_DATA3,          G(NONE) | S,                 fifo_data) \
    X(0x2D0, VSH_CODETRANSFER_DATA4,          G(NONE) | S,                 fifo_data) \
    X(0x2D1, VSH_CODETRANSFER_DATA5,          G(NONE) | S,                 fifo_data) \
    X(0x2D2, VSH_CODETRANSFER_DATA6,          G(NONE) | S,                 fifo_data) \
    X(0x2D3, VSH_CODETRANSFER_DATA7,          G(NONE) | S,                 fifo_data) \
    X(0x2D5, VSH_OPDESCS_INDEX,               G(NONE) | S,                 u12) \
    X(0x2D6, VSH_OPDESCS_DATA0,               G(NONE) | S,                 fifo_data) \
    X(0x2D7, VSH_OPDESCS_DATA1,               G(NONE) | S,                 fifo_data) \
    X(0x2D8, VSH_OPDESCS_DATA2,               G(NONE) | S,                 fifo_data) \
    X(0x2D9, VSH_OPDESCS_DATA3,               G(NONE) | S,                 fifo_data) \
    X(0x2DA, VSH_OPDESCS_DATA4,               G(NONE) | S,                 fifo_data) \
    X(0x2DB, VSH_OPDESCS_DATA5,               G(NONE) | S,                 fifo_data) \
    X(0x2DC, VSH_OPDESCS_DATA6,               G(NONE) | S,                 fifo_data) \
    X(0x2DD, VSH_OPDESCS_DATA7,               G(NONE) | S,                 fifo_data)

/* The field layouts named in the FIELDS column, once each: they generate
 * the pica_fields enum and the describe dispatch. */
#define PICA_FIELD_KINDS(X) X(trigger) X(cull) X(f24) X(f31) X(enable) X(disable) X(outmap_total) X(outmap_o) \
    X(earlydepth_func) X(scissor_mode) X(xy10) X(viewport_xy) X(u24) X(depthmap_enable) X(buf_dim) \
    X(outattr_clock) X(texunit_config) X(rgba8) X(tex_dim) X(tex_param) X(tex_lod) X(paddr8) \
    X(tex_addr_face) X(tex_shadow) X(tex_format) X(proctex0) X(proctex1) X(proctex2) X(proctex3) \
    X(proctex4) X(proctex5) X(proctex_lut_index) X(fifo_data) X(tev_source) X(tev_operand) \
    X(tev_combiner) X(tev_scale) X(tev_update_buffer) X(rgb8) X(f16) X(lut_index16) \
    X(color_operation) X(blend_func) X(logic_op) X(alpha_test) X(stencil_test) X(stencil_op) \
    X(depth_color_mask) X(access4) X(depth_access) X(depth_format) X(color_format) X(block32) \
    X(gas_light) X(gas_light_z_color) X(gas_deltaz) X(fragop_shadow) X(light_color) X(f16x2) \
    X(spotdir_xy) X(spotdir_z) X(light_config) X(f20) X(num_lights) X(lighting_config0) \
    X(lighting_config1) X(lighting_lut_index) X(lut_abs) X(lut_select) X(lut_scale) \
    X(light_permutation) X(attrib_base) X(attrib_format_low) X(attrib_format_high) X(u28) \
    X(attrib_config1) X(attrib_config2) X(index_config) X(u32) X(geostage_config) X(u8) \
    X(fixedattrib_index) X(cmdbuf_size) X(count4) X(com_mode) X(start_draw_func0) X(gsh_misc0) \
    X(geostage_config2) X(gsh_misc1) X(primitive_config) X(bool_uniform) X(int_uniform) \
    X(inputbuffer_config) X(entrypoint) X(permutation) X(outmap_mask) X(floatuniform_index) X(u12)

#endif
