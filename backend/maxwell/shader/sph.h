/* The Maxwell Shader Program Header (SPH): the 0x50 bytes in front of every
 * graphics-stage program (NVIDIA open-gpu-doc Shader-Program-Header; the
 * same bits are named by uam's nv_shader_header.h and yuzu's
 * program_header.h). Compute programs have none (their QMD says the same).
 *
 * Byte layout: 0x00-0x13 five common words; then, for type 1 (VTG: vertex,
 * tessellation, geometry) input maps 0x14-0x31 and output maps 0x32-0x4F,
 * for type 2 (PS) input maps 0x14-0x47 (two bits per generic component:
 * interpolation) and the output map 0x48-0x4F. */
#ifndef GLHLE_MAXWELL_SPH_H
#define GLHLE_MAXWELL_SPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"

#define MW_SPH_SIZE 0x50u

enum { MW_SPH_TYPE_VTG = 1, MW_SPH_TYPE_PS = 2 };

/* common0 ShaderType */
enum {
    MW_SPH_SHADER_VERTEX = 1,
    MW_SPH_SHADER_TESS_CONTROL = 2,
    MW_SPH_SHADER_TESS_EVAL = 3,
    MW_SPH_SHADER_GEOMETRY = 4,
    MW_SPH_SHADER_PIXEL = 5,
};

/* common3 OutputTopology (geometry) */
enum { MW_SPH_TOPOLOGY_POINTLIST = 1, MW_SPH_TOPOLOGY_LINESTRIP = 6, MW_SPH_TOPOLOGY_TRIANGLESTRIP = 7 };

/* PS input interpolation per generic component (ImapGenericVector, 2 bits) */
enum { MW_SPH_IMAP_UNUSED = 0, MW_SPH_IMAP_CONSTANT = 1, MW_SPH_IMAP_PERSPECTIVE = 2, MW_SPH_IMAP_SCREEN_LINEAR = 3 };

/* ImapSystemValuesB / OmapSystemValuesB bits */
#define MW_SPH_SYSB_PRIMITIVE_ARRAY_ID 0x01u
#define MW_SPH_SYSB_RT_ARRAY_INDEX 0x02u
#define MW_SPH_SYSB_VIEWPORT_INDEX 0x04u
#define MW_SPH_SYSB_POINT_SIZE 0x08u
#define MW_SPH_SYSB_POSITION_X 0x10u /* .. W = 0x80 */

/* ImapSystemValuesC / OmapSystemValuesC bits */
#define MW_SPH_SYSC_CLIP_DISTANCE_MASK 0x00ffu /* bit i = clip distance i */
#define MW_SPH_SYSC_POINT_SPRITE_S 0x0100u
#define MW_SPH_SYSC_POINT_SPRITE_T 0x0200u
#define MW_SPH_SYSC_FOG_COORDINATE 0x0400u
#define MW_SPH_SYSC_TESS_EVAL_POINT_U 0x1000u
#define MW_SPH_SYSC_TESS_EVAL_POINT_V 0x2000u
#define MW_SPH_SYSC_INSTANCE_ID 0x4000u
#define MW_SPH_SYSC_VERTEX_ID 0x8000u

typedef struct mw_sph {
    uint32_t words[MW_SPH_SIZE / 4]; /* as read */
    /* common0 */
    uint8_t sph_type;          /* MW_SPH_TYPE_* */
    uint8_t version;
    uint8_t shader_type;       /* MW_SPH_SHADER_* */
    bool mrt_enable;
    bool kills_pixels;
    bool does_global_store;
    uint8_t sass_version;
    bool geometry_passthrough;
    bool does_load_or_store;
    bool does_fp64;
    uint8_t stream_out_mask;
    /* common1-4 */
    uint32_t local_memory_low_size;  /* bytes per thread, 24 bits */
    uint32_t local_memory_high_size;
    uint32_t local_memory_crs_size;  /* call/return stack bytes */
    uint8_t per_patch_attribute_count;
    uint8_t threads_per_input_primitive; /* TCS: output patch size; GS: invocations */
    uint8_t output_topology;   /* MW_SPH_TOPOLOGY_* (geometry) */
    uint16_t max_output_vertex_count; /* geometry, 12 bits */
    uint8_t store_req_start, store_req_end;
    /* input and output maps */
    uint32_t imap_system_a;    /* 24 bits (tessellation LOD / interior inputs) */
    uint8_t imap_system_b;     /* MW_SPH_SYSB_* */
    uint16_t imap_system_c;    /* MW_SPH_SYSC_* (VTG) */
    uint16_t imap_color;       /* VTG: 4 bits per colour vector; PS: 2 bits per component */
    uint8_t imap_generic[32];  /* VTG: 4-bit component mask per generic vector;
                                  PS: 4 x 2-bit interpolation (MW_SPH_IMAP_*), x lowest */
    uint8_t imap_fixed_texture[10]; /* VTG: 5 bytes of 4-bit masks; PS: 10 bytes of 2-bit modes */
    uint32_t omap_system_a;    /* VTG */
    uint8_t omap_system_b;     /* VTG: MW_SPH_SYSB_* */
    uint16_t omap_system_c;    /* VTG: MW_SPH_SYSC_* */
    uint16_t omap_color;       /* VTG */
    uint8_t omap_generic[32];  /* VTG: 4-bit component mask per generic output vector */
    uint8_t omap_fixed_texture[5];
    uint32_t omap_target;      /* PS: 4 bits per render target (component mask), RT0 lowest */
    bool omap_sample_mask;     /* PS writes the sample mask */
    bool omap_depth;           /* PS writes depth */
} mw_sph;

/* Decodes the header in `bytes` (at least MW_SPH_SIZE). Rejects (BAD_DATA,
 * logged with the byte offset) an SPH type other than 1/2, a shader type
 * other than 1-5, or a shader type that does not match the SPH type. */
glhle_result mw_sph_parse(const uint8_t *bytes, size_t size, const glhle_logger *log, mw_sph *out);

/* Component mask (bit 0 = x) of generic input / output vector `index`
 * (VTG); for PS, the inputs' mask is the components whose mode is not UNUSED. */
uint8_t mw_sph_input_mask(const mw_sph *s, unsigned index);
uint8_t mw_sph_output_mask(const mw_sph *s, unsigned index);
/* PS: interpolation mode of generic input `index`, component `comp` (0-3). */
uint8_t mw_sph_ps_input_mode(const mw_sph *s, unsigned index, unsigned comp);
/* PS: component mask written to render target `rt` (0-7). */
uint8_t mw_sph_ps_target_mask(const mw_sph *s, unsigned rt);
uint64_t mw_sph_local_memory_size(const mw_sph *s);

const char *mw_sph_shader_type_name(unsigned type); /* "vertex" ... "pixel", "?" */

#endif
