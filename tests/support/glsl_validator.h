/* Runs glslangValidator over generated shaders, for the shader generators'
 * tests: each source is written to DIR/NNNN.EXT and the validator checks
 * them all in one run. */
#ifndef GLHLE_TEST_GLSL_VALIDATOR_H
#define GLHLE_TEST_GLSL_VALIDATOR_H

#include <stdbool.h>

#include "backend/common/bytebuf.h"

#define TGV_VALIDATOR "/usr/bin/glslangValidator"

/* False (with a SKIP message printed) when the validator is not installed. */
bool tgv_available(void);
/* Fails the test when any source does not compile (the log stays in
 * dir/validator.log); the files are removed when all pass. `ext` is the
 * stage as glslang reads it from the name: "vert", "frag". */
void tgv_validate_all(const char *dir, char **sources, unsigned n, const char *ext, const char *what);

/* The GLSL `source` as SPIR-V for OpenGL (glslangValidator -G), its words
 * appended to `out`: written to PATH (whose extension names the stage,
 * ".vert", ".frag", ...), the module to PATH.spv, the log to PATH.log.
 * False when the validator refuses it or is missing. */
bool tgv_spirv(const char *source, const char *path, glhle_bytebuf *out);

#endif
