/* Runs Debian's spirv-val (spirv-tools) over modules the SPIR-V generators
 * build, for their tests. */
#ifndef GLHLE_TEST_SPIRV_VALIDATOR_H
#define GLHLE_TEST_SPIRV_VALIDATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TSV_VALIDATOR "/usr/bin/spirv-val"

/* False (with a SKIP message printed) when spirv-val is not installed. */
bool tsv_available(void);
/* Writes the module to ts_output_dir()/NAME.spv and validates it for
 * OpenGL 4.5; returns true when spirv-val accepts it, else leaves the module
 * and spirv-val's messages (NAME.spv.log) there and returns false. */
bool tsv_validate(const uint32_t *words, size_t count, const char *name);
/* tsv_validate, failing the test on rejection. */
void tsv_assert_valid(const uint32_t *words, size_t count, const char *name);

#endif
