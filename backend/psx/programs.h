/* The PlayStation's key type in the program cache service (backend/gl/
 * program_service.h): one drawing program per psx_fs_key. Every field of
 * the key is a byte, so its bytes are its portable form. */
#ifndef GLHLE_PSX_PROGRAMS_H
#define GLHLE_PSX_PROGRAMS_H

#include "backend/gl/program_service.h"
#include "shadergen/psx_fs_key.h"

/* Stored with every key; bump when psx_fs_key or its generators change meaning. */
#define PSX_PROGRAM_KEY_VERSION 3u /* 2: PSX_FLAG_OPAQUE_ZERO; 3: psx_fs_key.clut */

/* Host bits (gl_program_service_desc.host); bits 8-11 hold
 * psx_shader_host.scale. */
enum {
    PSX_PROGRAM_HOST_GLES = 1u << 0,
    PSX_PROGRAM_HOST_FETCH = 1u << 1,
    PSX_PROGRAM_HOST_COVERAGE = 1u << 2, /* psx_shader_host.gl_coverage */
    PSX_PROGRAM_HOST_SCALE_SHIFT = 8
};

const gl_program_system *psx_program_system(void);
uint32_t psx_program_host_bits(const psx_shader_host *host);
/* The host bits a GL instance made on `ctx` with the default desc (1x)
 * builds its programs for: makes one, so the coverage probe runs
 * (rasterizer.c). 0 when none can be made. For tools that precompile. */
struct glhle_context;
uint32_t psx_gl_default_host_bits(struct glhle_context *ctx);

#endif
