/* spirv-val (Debian's spirv-tools) over modules the SPIR-V generators build,
 * for their tests and fuzzers: in-process through spirv-tools' C API when
 * the build found libSPIRV-Tools, else by running /usr/bin/spirv-val. */
#ifndef GLHLE_TEST_SPIRV_VALIDATOR_H
#define GLHLE_TEST_SPIRV_VALIDATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TSV_VALIDATOR "/usr/bin/spirv-val"

/* False (with a SKIP message printed) when neither the library nor spirv-val is there. */
bool tsv_available(void);
/* True when the validator runs in-process (tsv_check works). */
bool tsv_in_process(void);
/* Validates for OpenGL 4.5 in-process; false with spirv-tools' message in
 * `why` (may be NULL) when the module is invalid or the library is absent. */
bool tsv_check(const uint32_t *words, size_t count, char *why, size_t why_size);
/* Validates for OpenGL 4.5; returns true when it is accepted, else leaves the
 * module as ts_output_dir()/NAME.spv and the messages as NAME.spv.log and
 * returns false. */
bool tsv_validate(const uint32_t *words, size_t count, const char *name);
/* tsv_validate, failing the test on rejection. */
void tsv_assert_valid(const uint32_t *words, size_t count, const char *name);

#endif
