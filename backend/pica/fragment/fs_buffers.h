/* The GL side of the PICA fragment pipeline's data: one uniform buffer for
 * pica_fs_uniforms and one R32UI texture buffer for pica_fs_luts, with
 * shadow copies so an update sends only what the guest changed.
 *
 * The caller passes the groups whose registers were written since the last
 * update (PICA_FS_DIRTY_* of pica_fs_uniforms.h; backend/pica/fragment/fs_key.c maps
 * the register file's dirty bits onto them); within
 * a dirty group only bytes that differ from the shadow copy are uploaded
 * (one glBufferSubData over the changed span), so rewriting a LUT with the
 * same values costs a compare and no GL call. */
#ifndef GLHLE_PICA_FS_BUFFERS_H
#define GLHLE_PICA_FS_BUFFERS_H

#include <stdint.h>

#include "backend/gl/gl_context.h"
#include "shadergen/pica_fs_uniforms.h"

typedef struct pica_fs_buffers {
    GLuint ubo;
    GLuint lut_buffer, lut_texture;
    pica_fs_uniforms uniforms; /* what the GL buffers hold */
    pica_fs_luts luts;
    /* statistics, for tests and benchmarks */
    uint64_t upload_calls;
    uint64_t upload_bytes;
} pica_fs_buffers;

/* Creates both buffers, zero-filled. */
glhle_result pica_fs_buffers_create(glhle_context *ctx, pica_fs_buffers *b);
void pica_fs_buffers_destroy(glhle_context *ctx, pica_fs_buffers *b);
/* Uploads the parts of the dirty groups that differ from what GL holds. */
void pica_fs_buffers_update(glhle_context *ctx, pica_fs_buffers *b, const pica_fs_uniforms *u,
                            const pica_fs_luts *luts, uint64_t dirty);
/* Binds the uniform buffer at PICA_FS_UBO_BINDING and the LUT texture at
 * texture unit PICA_FS_LUT_BINDING (leaves that unit active). */
void pica_fs_buffers_bind(glhle_context *ctx, const pica_fs_buffers *b);

#endif
