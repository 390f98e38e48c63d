/* The PICA's key type in the program cache service (backend/gl/
 * program_service.h): one program per (fragment key, vertex key) pair. The
 * key's bytes are its portable form: every field of pica_fs_key and
 * pica_vs_key is a byte (the _Static_asserts in shadergen pin the sizes),
 * so a file written on any host reads the same on any other. */
#ifndef GLHLE_PICA_PROGRAMS_H
#define GLHLE_PICA_PROGRAMS_H

#include "backend/gl/program_service.h"
#include "shadergen/pica_fs.h"
#include "shadergen/pica_fs_key.h"
#include "shadergen/pica_vs.h"

/* The program cache's key: both generators' keys, nothing else. */
typedef struct pica_program_key {
    pica_fs_key fs;
    pica_vs_key vs;
} pica_program_key;
_Static_assert(sizeof(pica_program_key) == sizeof(pica_fs_key) + sizeof(pica_vs_key), "no padding in the key");

/* Stored with every key; bump when either generator's key changes meaning. */
#define PICA_PROGRAM_KEY_VERSION (PICA_FS_KEY_VERSION * 256u + PICA_VS_KEY_VERSION)

/* Host bits (gl_program_service_desc.host). */
enum { PICA_PROGRAM_HOST_GLES = 1u << 0, PICA_PROGRAM_HOST_FETCH = 1u << 1 };

const gl_program_system *pica_program_system(void);
uint32_t pica_program_host_bits(const pica_fs_host *host);
void pica_program_host_from_bits(uint32_t bits, pica_fs_host *host);
/* The ubershader program (shadergen/pica_fs_uber.h), the service's fallback
 * (gl_program_service_desc.fallback_generate). */
bool pica_program_generate_uber(uint32_t host_bits, glhle_bytebuf *vs, glhle_bytebuf *fs);

#endif
