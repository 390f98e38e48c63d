/* The PICA200 fragment-pipeline key: everything the generated fragment
 * shader's code depends on, and nothing else. It is shadergen's input
 * contract: backend/pica/fragment/fs_key.c builds it from decoded register state,
 * shadergen/pica_fs.c turns it into GLSL, shadergen/pica_ref.c evaluates it on
 * the CPU. Numbers that only feed the arithmetic (constant colours, the alpha
 * reference, light vectors and colours, LUT contents, proctex widths and
 * offsets) are uniform data (pica_fs_uniforms.h), never key data.
 *
 * Rules (docs/architecture.md, "Keys are plain data"): build a key with
 * memset(0), fill the fields, then pica_fs_key_normalize(); hash all bytes
 * with pica_fs_key_hash() and confirm a hit with memcmp (pica_fs_key_equal).
 * Every field is a fixed-width integer and every padding byte is explicit,
 * so the bytes are the identity.
 *
 * Enum values are the register encodings (3dbrew GPU/Internal_Registers; the
 * seed 000 copy of it) wherever a register value means something; reserved
 * encodings are clamped by the normaliser to the documented behaviour listed
 * with each enum below, so a normalised key only holds the values listed. */
#ifndef GLHLE_SHADERGEN_PICA_FS_KEY_H
#define GLHLE_SHADERGEN_PICA_FS_KEY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- texture combiner (GPUREG_TEXENVi_*) ---- */

/* GPUREG_TEXENVi_SOURCE fields. Reserved 7..12 read (0,0,0,0), as Azahar's
 * generator and software rasterizer do for unknown sources; they normalise to
 * PICA_FS_TEV_SRC_ZERO. In stage 0, "previous" in source 1 or 2 reads that
 * stage's source 3 (Azahar video_core 106364e01 "Use source3 when
 * GPU_PREVIOUS is used in first stage", from hardware tests; it supersedes
 * citra PR #6921's primary-colour rule), and "previous buffer" reads zero
 * (citra PR #6921's hardware test: the buffer is delayed one stage and
 * stage 0 sees its reset value). The normaliser rewrites those cases, so
 * generator and model never see them. */
enum {
    PICA_FS_TEV_SRC_PRIMARY = 0,        /* interpolated vertex colour */
    PICA_FS_TEV_SRC_FRAG_PRIMARY = 1,   /* fragment lighting, primary (diffuse) */
    PICA_FS_TEV_SRC_FRAG_SECONDARY = 2, /* fragment lighting, secondary (specular) */
    PICA_FS_TEV_SRC_TEX0 = 3,
    PICA_FS_TEV_SRC_TEX1 = 4,
    PICA_FS_TEV_SRC_TEX2 = 5,
    PICA_FS_TEV_SRC_TEX3 = 6,           /* procedural texture */
    PICA_FS_TEV_SRC_ZERO = 7,           /* not a register value: what reserved sources read */
    PICA_FS_TEV_SRC_PREV_BUFFER = 13,
    PICA_FS_TEV_SRC_CONSTANT = 14,
    PICA_FS_TEV_SRC_PREVIOUS = 15,
};

/* GPUREG_TEXENVi_OPERAND colour fields: bit 0 inverts (255 - x), the rest
 * pick the component. Reserved 6, 7, 10, 11, 14, 15 read 0 (Azahar's
 * generator: "vec3(0.0)") and normalise to PICA_FS_TEV_CMOD_ZERO. */
enum {
    PICA_FS_TEV_CMOD_RGB = 0,
    PICA_FS_TEV_CMOD_INV_RGB = 1,
    PICA_FS_TEV_CMOD_AAA = 2,
    PICA_FS_TEV_CMOD_INV_AAA = 3,
    PICA_FS_TEV_CMOD_RRR = 4,
    PICA_FS_TEV_CMOD_INV_RRR = 5,
    PICA_FS_TEV_CMOD_ZERO = 6, /* not a documented value: what the reserved ones read */
    PICA_FS_TEV_CMOD_GGG = 8,
    PICA_FS_TEV_CMOD_INV_GGG = 9,
    PICA_FS_TEV_CMOD_BBB = 12,
    PICA_FS_TEV_CMOD_INV_BBB = 13,
};

/* GPUREG_TEXENVi_OPERAND alpha fields (3 bits, all defined). */
enum {
    PICA_FS_TEV_AMOD_A = 0,
    PICA_FS_TEV_AMOD_INV_A = 1,
    PICA_FS_TEV_AMOD_R = 2,
    PICA_FS_TEV_AMOD_INV_R = 3,
    PICA_FS_TEV_AMOD_G = 4,
    PICA_FS_TEV_AMOD_INV_G = 5,
    PICA_FS_TEV_AMOD_B = 6,
    PICA_FS_TEV_AMOD_INV_B = 7,
};

/* GPUREG_TEXENVi_COMBINER. Reserved 10..15 (and dot3 in the alpha combiner,
 * which has no three-component operands to dot) output 0, as both of
 * Azahar's renderers do; they normalise to PICA_FS_TEV_OP_ZERO. */
enum {
    PICA_FS_TEV_OP_REPLACE = 0,
    PICA_FS_TEV_OP_MODULATE = 1,
    PICA_FS_TEV_OP_ADD = 2,
    PICA_FS_TEV_OP_ADD_SIGNED = 3,
    PICA_FS_TEV_OP_INTERPOLATE = 4,
    PICA_FS_TEV_OP_SUBTRACT = 5,
    PICA_FS_TEV_OP_DOT3_RGB = 6,
    PICA_FS_TEV_OP_DOT3_RGBA = 7, /* colour only: its result also replaces the alpha combiner's */
    PICA_FS_TEV_OP_MULTIPLY_ADD = 8,
    PICA_FS_TEV_OP_ADD_MULTIPLY = 9,
    PICA_FS_TEV_OP_ZERO = 10, /* not a documented value: what the reserved ones output */
};

/* GPUREG_TEXENVi_SCALE: x1, x2, x4; reserved 3 means x1 (Azahar
 * GetColorMultiplier: "(scale < 3) ? (1 << scale) : 1") and normalises to 0. */
enum { PICA_FS_TEV_SCALE_1 = 0, PICA_FS_TEV_SCALE_2 = 1, PICA_FS_TEV_SCALE_4 = 2 };

#define PICA_FS_TEV_STAGES 6
/* Only stages 0-3 can write the combiner buffer (GPUREG_TEXENV_UPDATE_BUFFER
 * bits 8-11 / 12-15). */
#define PICA_FS_TEV_BUFFER_STAGES 4

/* One combiner stage. The field order is the decoded state's
 * (backend/pica/frontend/pica_state.h pica_tev_stage), so deriving a key copies the
 * six stages in one go (fs_key.c asserts the layouts agree). */
typedef struct pica_fs_tev_stage {
    uint8_t rgb_src[3];
    uint8_t a_src[3];
    uint8_t rgb_mod[3];
    uint8_t a_mod[3];
    uint8_t rgb_op;
    uint8_t a_op;
    uint8_t rgb_scale;
    uint8_t a_scale;
} pica_fs_tev_stage;
_Static_assert(sizeof(pica_fs_tev_stage) == 16, "pica_fs_tev_stage layout changed");

/* ---- per-fragment operations ---- */

/* GPUREG_FRAGOP_ALPHA_TEST function; a disabled test normalises to ALWAYS. */
enum {
    PICA_FS_ALPHA_NEVER = 0,
    PICA_FS_ALPHA_ALWAYS = 1,
    PICA_FS_ALPHA_EQUAL = 2,
    PICA_FS_ALPHA_NOTEQUAL = 3,
    PICA_FS_ALPHA_LESS = 4,
    PICA_FS_ALPHA_LEQUAL = 5,
    PICA_FS_ALPHA_GREATER = 6,
    PICA_FS_ALPHA_GEQUAL = 7,
};

/* GPUREG_TEXENV_UPDATE_BUFFER bits 0-2. Reserved 1-4 and 6 mean "no fog"
 * (Azahar applies fog only for 5 and gas only for 7). Gas (7) is the
 * shading pass of gas rendering: the fog stage turns the density the
 * combiners hand it into the gas colour and opacity (docs/pica-gas.md). */
enum { PICA_FS_FOG_OFF = 0, PICA_FS_FOG_ON = 5, PICA_FS_FOG_GAS = 7 };

/* pica_fs_key.gas bits (docs/pica-gas.md). The density pass (COLOR_OPERATION
 * mode 1, pica_fs_key.gas_render) reads PICA_FS_GAS_DEPTH_FUNC; the shading
 * pass (fog mode gas) the other two. */
enum {
    PICA_FS_GAS_DENSITY_DEPTH = 1u << 0, /* TEXENV_UPDATE_BUFFER bit 3: shade the depth density (G), else plain (R) */
    PICA_FS_GAS_LUT_LIGHT = 1u << 1,     /* GAS_LIGHT_Z_COLOR bit 8: the colour LUT reads the light factor */
    PICA_FS_GAS_NO_READ = 1u << 4,       /* density pass with COLORBUFFER_READ off: the buffer reads as 0 */
};
#define PICA_FS_GAS_DEPTH_FUNC_SHIFT 2   /* bits 2-3: GAS_DELTAZ_DEPTH bits 24-25 */
enum { PICA_FS_GAS_DEPTH_NEVER = 0, PICA_FS_GAS_DEPTH_ALWAYS = 1, PICA_FS_GAS_DEPTH_GREATER = 2, PICA_FS_GAS_DEPTH_LESS = 3 };

/* ---- texture units (GPUREG_TEXUNIT_CONFIG, GPUREG_TEXUNIT0_PARAM) ---- */

/* GPUREG_TEXUNIT0_PARAM bits 28-30. Reserved 6 and 7 sample as 2D (Azahar's
 * generator falls back to a plain 2D lookup); DISABLED reads (0,0,0,0) like a
 * disabled unit. */
enum {
    PICA_FS_TEX0_2D = 0,
    PICA_FS_TEX0_CUBE = 1,
    PICA_FS_TEX0_SHADOW_2D = 2,
    PICA_FS_TEX0_PROJECTION = 3,
    PICA_FS_TEX0_SHADOW_CUBE = 4,
    PICA_FS_TEX0_DISABLED = 5,
};

/* ---- fragment lighting (GPUREG_LIGHTING_*, GPUREG_LIGHTi_*) ---- */

/* The seven shared LUTs, in key order; the register encoding of each (LUT
 * index in GPUREG_LIGHTING_LUT_INDEX) is pica_fs_lut_register_index(). */
enum {
    PICA_FS_LUT_D0 = 0,
    PICA_FS_LUT_D1 = 1,
    PICA_FS_LUT_SP = 2,
    PICA_FS_LUT_FR = 3,
    PICA_FS_LUT_RB = 4,
    PICA_FS_LUT_RG = 5,
    PICA_FS_LUT_RR = 6,
    PICA_FS_LUT_COUNT = 7,
};

/* GPUREG_LIGHTING_LUTINPUT_SELECT. Reserved 6 and 7 read the input 0.0
 * (Azahar's generator and software rasterizer) and normalise to
 * PICA_FS_LUT_INPUT_ZERO. CP reads 0.0 unless the light environment is config
 * 7; the normaliser rewrites it to ZERO in the other configurations. */
enum {
    PICA_FS_LUT_INPUT_NH = 0,
    PICA_FS_LUT_INPUT_VH = 1,
    PICA_FS_LUT_INPUT_NV = 2,
    PICA_FS_LUT_INPUT_LN = 3,
    PICA_FS_LUT_INPUT_SP = 4, /* -L . P, P the spot direction */
    PICA_FS_LUT_INPUT_CP = 5, /* cos phi: half vector projected on the tangent plane, dot tangent */
    PICA_FS_LUT_INPUT_ZERO = 6,
};

/* GPUREG_LIGHTING_LUTINPUT_SCALE: 1, 2, 4, 8, -, -, 1/4, 1/2. Reserved 4 and
 * 5 scale by 0 (Azahar LightingRegs::GetScale returns 0.0 for them). */
enum {
    PICA_FS_LUT_SCALE_1 = 0,
    PICA_FS_LUT_SCALE_2 = 1,
    PICA_FS_LUT_SCALE_4 = 2,
    PICA_FS_LUT_SCALE_8 = 3,
    PICA_FS_LUT_SCALE_0 = 4, /* reserved 4 and 5 */
    PICA_FS_LUT_SCALE_QUARTER = 6,
    PICA_FS_LUT_SCALE_HALF = 7,
};

/* GPUREG_LIGHTING_CONFIG0 bits 4-7, which LUTs exist (3dbrew
 * GPU/Internal_Registers). Reserved 7 and 9-15 behave as configuration 6
 * ("all except RB and RG"), which is what Azahar's IsLightingSamplerSupported
 * answers for an unknown value; they normalise to 6. */
enum { PICA_FS_LIGHT_ENV_CONFIG7 = 8 };

/* GPUREG_LIGHTING_CONFIG0 bits 28-29; reserved 3 means no bump mapping
 * (Azahar's generator). */
enum { PICA_FS_BUMP_NONE = 0, PICA_FS_BUMP_NORMAL = 1, PICA_FS_BUMP_TANGENT = 2 };

/* pica_fs_light_key.flags */
enum {
    PICA_FS_LIGHT_DIRECTIONAL = 1u << 0, /* GPUREG_LIGHTi_CONFIG bit 0 */
    PICA_FS_LIGHT_TWO_SIDED = 1u << 1,   /* bit 1: |L.N| instead of max(L.N, 0) */
    PICA_FS_LIGHT_GEO0 = 1u << 2,        /* bit 2: geometric factor on specular 0 */
    PICA_FS_LIGHT_GEO1 = 1u << 3,        /* bit 3: geometric factor on specular 1 */
    PICA_FS_LIGHT_SPOT = 1u << 4,        /* CONFIG1 bit 8+i clear and SP exists */
    PICA_FS_LIGHT_DIST_ATTEN = 1u << 5,  /* CONFIG1 bit 24+i clear */
    PICA_FS_LIGHT_SHADOW = 1u << 6,      /* CONFIG1 bit i clear (and shadows used) */
};

#define PICA_FS_MAX_LIGHTS 8

typedef struct pica_fs_light_key {
    uint8_t id;    /* which GPUREG_LIGHTi_* set this slot uses (LIGHT_PERMUTATION) */
    uint8_t flags; /* PICA_FS_LIGHT_* */
} pica_fs_light_key;

typedef struct pica_fs_lut_key {
    uint8_t enable; /* used: not disabled in CONFIG1 and present in the environment */
    uint8_t input;  /* PICA_FS_LUT_INPUT_* */
    uint8_t abs;    /* 1: unsigned index from |x| (two-sided) or max(x, 0) (one-sided) */
    uint8_t scale;  /* PICA_FS_LUT_SCALE_* */
} pica_fs_lut_key;

typedef struct pica_fs_lighting_key {
    uint8_t enable;
    uint8_t num_lights;        /* 1..8 */
    uint8_t config;            /* light environment, 0-6 or 8 */
    uint8_t bump_mode;         /* PICA_FS_BUMP_* */
    uint8_t bump_selector;     /* texture unit 0-3 giving the perturbation */
    uint8_t bump_renorm;       /* 1: recompute the normal map's z (CONFIG0 bit 30 clear) */
    uint8_t clamp_highlights;  /* CONFIG0 bit 27 */
    uint8_t fresnel_primary;   /* CONFIG0 bit 2: FR writes the primary alpha */
    uint8_t fresnel_secondary; /* CONFIG0 bit 3: FR writes the secondary alpha */
    uint8_t shadow_primary;    /* CONFIG0 bit 16 (only with bit 0) */
    uint8_t shadow_secondary;  /* bit 17 */
    uint8_t shadow_invert;     /* bit 18 */
    uint8_t shadow_alpha;      /* bit 19 */
    uint8_t shadow_selector;   /* bits 24-25: texture unit giving the shadow */
    uint8_t shadow_enable;     /* bit 0 */
    uint8_t pad0;
    pica_fs_lut_key lut[PICA_FS_LUT_COUNT];
    pica_fs_light_key light[PICA_FS_MAX_LIGHTS];
} pica_fs_lighting_key;
_Static_assert(sizeof(pica_fs_lighting_key) == 60, "pica_fs_lighting_key layout changed");

/* ---- procedural texture (GPUREG_TEXUNIT3_PROCTEX*) ---- */

/* PROCTEX0 clamp modes; reserved 5-7 clamp to edge (Azahar's generator and
 * software rasterizer default). */
enum {
    PICA_FS_PROCTEX_CLAMP_ZERO = 0,
    PICA_FS_PROCTEX_CLAMP_EDGE = 1,
    PICA_FS_PROCTEX_CLAMP_REPEAT = 2,
    PICA_FS_PROCTEX_CLAMP_MIRROR = 3,
    PICA_FS_PROCTEX_CLAMP_PULSE = 4,
};

/* PROCTEX0 mapping functions; reserved 10-15 give 0.0 (Azahar) and
 * normalise to PICA_FS_PROCTEX_FUNC_ZERO. */
enum {
    PICA_FS_PROCTEX_FUNC_U = 0,
    PICA_FS_PROCTEX_FUNC_U2 = 1,
    PICA_FS_PROCTEX_FUNC_V = 2,
    PICA_FS_PROCTEX_FUNC_V2 = 3,
    PICA_FS_PROCTEX_FUNC_ADD = 4,     /* (u + v) / 2 */
    PICA_FS_PROCTEX_FUNC_ADD2 = 5,    /* (u^2 + v^2) / 2 */
    PICA_FS_PROCTEX_FUNC_SQRT2 = 6,   /* min(sqrt(u^2 + v^2), 1) */
    PICA_FS_PROCTEX_FUNC_MIN = 7,
    PICA_FS_PROCTEX_FUNC_MAX = 8,
    PICA_FS_PROCTEX_FUNC_RMAX = 9,    /* min(((u + v) / 2 + sqrt(u^2 + v^2)) / 2, 1) */
    PICA_FS_PROCTEX_FUNC_ZERO = 10,
};

/* PROCTEX0 shifts; reserved 3 means none (Azahar). */
enum { PICA_FS_PROCTEX_SHIFT_NONE = 0, PICA_FS_PROCTEX_SHIFT_ODD = 1, PICA_FS_PROCTEX_SHIFT_EVEN = 2 };

/* PROCTEX4 bits 0-2, the colour-LUT filter; reserved 6 and 7 act as NEAREST
 * (Azahar emits no lookup for them at all; nearest is the plain reading). */
enum {
    PICA_FS_PROCTEX_NEAREST = 0,
    PICA_FS_PROCTEX_LINEAR = 1,
    PICA_FS_PROCTEX_NEAREST_MIP_NEAREST = 2,
    PICA_FS_PROCTEX_LINEAR_MIP_NEAREST = 3,
    PICA_FS_PROCTEX_NEAREST_MIP_LINEAR = 4,
    PICA_FS_PROCTEX_LINEAR_MIP_LINEAR = 5,
};

typedef struct pica_fs_proctex_key {
    uint8_t enable;         /* GPUREG_TEXUNIT_CONFIG bit 10 */
    uint8_t coord;          /* texcoord set 0-2 (TEXUNIT_CONFIG bits 8-9; reserved 3 -> 0) */
    uint8_t u_clamp, v_clamp;
    uint8_t rgb_func, alpha_func;
    uint8_t separate_alpha; /* alpha from its own mapping, not the colour LUT */
    uint8_t noise;
    uint8_t u_shift, v_shift;
    uint8_t filter;
    uint8_t pad0;
} pica_fs_proctex_key;
_Static_assert(sizeof(pica_fs_proctex_key) == 12, "pica_fs_proctex_key layout changed");

/* ---- the key ---- */

/* pica_fs_key.tex_enable bits */
enum { PICA_FS_TEX_UNIT0 = 1, PICA_FS_TEX_UNIT1 = 2, PICA_FS_TEX_UNIT2 = 4 };

typedef struct pica_fs_key {
    pica_fs_tev_stage tev[PICA_FS_TEV_STAGES];
    uint8_t buffer_update_rgb; /* bit i: stage i (0-3) writes the buffer's rgb */
    uint8_t buffer_update_a;   /* bit i: stage i (0-3) writes the buffer's alpha */
    uint8_t alpha_func;        /* PICA_FS_ALPHA_* */
    uint8_t fog_mode;          /* PICA_FS_FOG_OFF, PICA_FS_FOG_ON or PICA_FS_FOG_GAS */
    uint8_t fog_flip;          /* index the fog LUT with 1 - depth */
    uint8_t depth_wbuffer;     /* GPUREG_DEPTHMAP_ENABLE = 0: depth = (z/w * scale + offset) * w */
    uint8_t tex_enable;        /* PICA_FS_TEX_UNIT* of the units the code samples */
    uint8_t tex0_type;         /* PICA_FS_TEX0_* */
    uint8_t tex2_coord1;       /* texture 2 uses texcoord 1 (TEXUNIT_CONFIG bit 13) */
    uint8_t shadow_ortho;      /* GPUREG_TEXUNIT0_SHADOW bit 0: no perspective divide */
    /* Blending the shader does itself: PICA_FS_BLEND_MIN/MAX with factors
     * other than ONE, ONE, which GL's MIN and MAX cannot apply (see
     * PICA_FS_BLEND_*); PICA_FS_BLEND_NONE leaves the channel group to GL's
     * blender and its factors 0. */
    uint8_t blend_rgb_eq;
    uint8_t blend_alpha_eq;
    uint8_t blend_src_rgb, blend_dst_rgb;     /* BLEND_FUNC factor codes 0-14 */
    uint8_t blend_src_alpha, blend_dst_alpha;
    /* COLOR_OPERATION mode 3: the fragment updates a shadow map in the
     * colour buffer (depth24 << 8 | intensity8 words) instead of writing a
     * colour; see pica_fs.h. Blending is then zeroed. */
    uint8_t shadow_render;
    /* PICA_FS_WRAP_NEG_REPEAT bits of the 2D units whose wrap mode on an
     * axis is 4 or 5 (see below); the sampler does the rest. */
    uint8_t tex_wrap_neg_repeat;
    /* COLOR_OPERATION mode 1: the density pass of gas rendering; the
     * fragment adds its density to the colour buffer's R (plain) and G
     * (depth-attenuated) bytes through the same R32UI image as shadow-map
     * rendering, and reads the depth buffer at PICA_FS_GAS_DEPTH_BINDING
     * (docs/pica-gas.md). Blending is then zeroed. */
    uint8_t gas_render;
    uint8_t gas;               /* PICA_FS_GAS_* bits, 0 unless gas_render or fog_mode GAS */
    /* The logic op (COLOR_OPERATION blending off), for hosts without
     * glLogicOp (OpenGL ES): PICA_FS_LOGIC_NONE, or 1 + the LOGIC_OP code
     * (PICA_FS_LOGIC_OP). With the colour buffer's reads off the key holds
     * the op on a zero destination (clear, copy, set or copy inverted);
     * copy, and every op in shadow and gas modes, normalise to NONE. The
     * key is the same on every host: generating for desktop GL ignores it
     * (glLogicOp applies it there); see pica_fs_host. */
    uint8_t logic_op;
    uint8_t pad_logic[3];
    pica_fs_lighting_key lighting;
    pica_fs_proctex_key proctex;
} pica_fs_key;
_Static_assert(sizeof(pica_fs_key) == 192, "pica_fs_key layout changed: bump PICA_FS_KEY_VERSION");

/* Bumped whenever the key's layout or meaning changes (disk caches key on it). */
#define PICA_FS_KEY_VERSION 6u

/* pica_fs_key.logic_op: 0, or 1 + a GPUREG_LOGIC_OP code (3dbrew: clear,
 * and, and reverse, copy, set, copy inverted, noop, invert, nand, or, nor,
 * xor, equiv, and inverted, or reverse, or inverted) */
#define PICA_FS_LOGIC_NONE 0u
#define PICA_FS_LOGIC_OP(code) (1u + ((code) & 15u))
/* The LOGIC_OP code that does on a zero destination what `code` does. */
unsigned pica_fs_logic_on_zero(unsigned code);

/* Texture wrap modes 4-7 (GPUREG_TEXUNITi_PARAM bits 8-10 / 12-14). Azahar's
 * hardware-tested notes (video_core regs_texturing.h WrapMode, and its
 * software sampler GetWrappedTexCoord): 4 clamps to the edge and 5 to the
 * border colour for texels past the top, and both repeat negative ones;
 * 6 and 7 are repeat. The unit's sampler clamps 4 and 5 as modes 0 and 1
 * (GL_CLAMP_TO_EDGE / BORDER); the draw path also binds the texture with
 * samplers that repeat on those axes (PICA_FS_WRAP_VARIANT_BINDING), and
 * the shader takes, per axis, the repeating sample where the coordinate is
 * below 0.5 and the clamping one from 0.5 up. Below 0.5 no filter tap
 * reaches past the top and from 0.5 none goes below 0, at every level of
 * 2 texels or more, so each tap wraps as the mode says, with GL's own
 * filtering and level of detail. pica_fs_key.tex_wrap_neg_repeat bit
 * PICA_FS_WRAP_NEG_REPEAT(unit, axis), axis 0 s, 1 t; only 2D and
 * projection units keep it. */
#define PICA_FS_WRAP_NEG_REPEAT(unit, axis) (1u << (2u * (unit) + (axis)))
/* The texture unit of the variant of unit `unit` that repeats on the axes
 * of `variant` (1 s, 2 t, 3 both): units 5-13, after the LUT buffer (3)
 * and the destination colour (4). */
#define PICA_FS_WRAP_VARIANT_BINDING(unit, variant) (5u + 3u * (unit) + (variant) - 1u)
/* Whether a wrap mode code repeats negative coordinates over a clamp. */
static inline bool pica_fs_wrap_is_neg_repeat(unsigned mode) { return mode == 4 || mode == 5; }

/* Blending in the shader. The PICA applies the blend factors under its MIN
 * and MAX equations too: min(src * sf, dst * df) / 255 per channel, in
 * integers (Azahar's software framebuffer EvaluateBlendEquation; its GPU
 * renderers emulate it in the shader when the host lacks
 * GL_AMD_blend_minmax_factor). GL's MIN and MAX ignore the factors, so the
 * generated shader reads the destination (framebuffer fetch, or a texel
 * fetch of the colour attachment after a texture barrier) and blends; GL's
 * blender then passes that channel group through (ADD, ONE, ZERO). */
enum { PICA_FS_BLEND_NONE = 0, PICA_FS_BLEND_MIN = 1, PICA_FS_BLEND_MAX = 2 };

/* The shader's blend mode for one channel group from the BLEND_FUNC
 * equation (0-7) and factor codes (0-15) while blending is on:
 * PICA_FS_BLEND_MIN/MAX for MIN (3) or MAX (4) unless both factors act as
 * ONE, else PICA_FS_BLEND_NONE (GL's blender is exact for those). */
unsigned pica_fs_blend_mode(unsigned eq, unsigned src_factor, unsigned dst_factor);

/* ---- operations on keys (shadergen/pica_fs_key.c) ---- */

/* Clamps every reserved value to its documented behaviour and zeroes what
 * cannot affect the output: unused operands and sources of each TEV stage,
 * stages whose result nothing reads, disabled lighting (and LUTs absent from
 * the light environment or unused), disabled fog, unused texture units, the
 * proctex unit when nothing samples it. Idempotent. Any byte pattern is a
 * valid input. */
void pica_fs_key_normalize(pica_fs_key *key);

uint64_t pica_fs_key_hash(const pica_fs_key *key);
bool pica_fs_key_equal(const pica_fs_key *a, const pica_fs_key *b);

/* Which of the key's LUT inputs and sources the code reads: helpers shared by
 * the normaliser, the generator and the model so they agree on "used". */
bool pica_fs_tev_reads_source(const pica_fs_key *key, unsigned src);
/* Number of operand slots (1-3) the combiner operation reads. */
unsigned pica_fs_tev_op_args(unsigned op);
/* Whether LUT `lut` (PICA_FS_LUT_*) exists in light environment `config`
 * (3dbrew GPU/Internal_Registers, GPUREG_LIGHTING_CONFIG0 table). */
bool pica_fs_lut_in_config(unsigned config, unsigned lut);
/* The LUT's number in GPUREG_LIGHTING_LUT_INDEX (D0 0, D1 1, FR 3, RB 4,
 * RG 5, RR 6; SP i is 8 + i and DA i is 16 + i). */
unsigned pica_fs_lut_register_index(unsigned lut);

/* Text forms, for tools and cache listings: the key as lowercase hex of its
 * bytes (2 * sizeof(pica_fs_key) characters + NUL), and back. Parsing
 * accepts upper or lower case and surrounding whitespace; it fails (false)
 * on any other length or character, and normalises what it read. */
#define PICA_FS_KEY_HEX_SIZE (2 * sizeof(pica_fs_key) + 1)
void pica_fs_key_to_hex(const pica_fs_key *key, char out[PICA_FS_KEY_HEX_SIZE]);
bool pica_fs_key_from_hex(const char *text, pica_fs_key *key);

/* A readable multi-line description (one line per TEV stage, lighting, fog,
 * proctex), appended to `out` (a glhle_bytebuf). */
struct glhle_bytebuf;
void pica_fs_key_describe(const pica_fs_key *key, struct glhle_bytebuf *out);

#endif
