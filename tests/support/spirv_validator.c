#include "support/spirv_validator.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/test_support.h"

#ifdef GLHLE_HAVE_SPIRV_TOOLS
#include <spirv-tools/libspirv.h>
#endif

bool tsv_in_process(void)
{
#ifdef GLHLE_HAVE_SPIRV_TOOLS
    return true;
#else
    return false;
#endif
}

bool tsv_available(void)
{
    if (tsv_in_process() || access(TSV_VALIDATOR, X_OK) == 0)
        return true;
    print_message("SKIP: %s is not installed (Debian package spirv-tools)\n", TSV_VALIDATOR);
    return false;
}

bool tsv_check(const uint32_t *words, size_t count, char *why, size_t why_size)
{
    if (why && why_size)
        why[0] = 0;
#ifdef GLHLE_HAVE_SPIRV_TOOLS
    static spv_context ctx; /* one per process: creating it builds spirv-tools' grammar tables */
    if (!ctx)
        ctx = spvContextCreate(SPV_ENV_OPENGL_4_5);
    if (!ctx)
        return false;
    spv_const_binary_t bin = {words, count};
    spv_diagnostic diag = NULL;
    spv_result_t r = spvValidate(ctx, &bin, &diag);
    if (r != SPV_SUCCESS && why && why_size)
        snprintf(why, why_size, "%s", diag && diag->error ? diag->error : "invalid module");
    spvDiagnosticDestroy(diag);
    return r == SPV_SUCCESS;
#else
    (void)words;
    (void)count;
    if (why && why_size)
        snprintf(why, why_size, "built without libSPIRV-Tools");
    return false;
#endif
}

bool tsv_validate(const uint32_t *words, size_t count, const char *name)
{
    char path[1024], cmd[2300];
    char why[1024];
    if (tsv_in_process() && tsv_check(words, count, why, sizeof why))
        return true;
    snprintf(path, sizeof path, "%s", ts_output_path(name));
    snprintf(path + strlen(path), sizeof path - strlen(path), ".spv");
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(words, 4, count, f), count);
    fclose(f);
    if (tsv_in_process()) {
        snprintf(cmd, sizeof cmd, "%s.log", path);
        FILE *l = fopen(cmd, "w");
        if (l) {
            fprintf(l, "%s\n", why);
            fclose(l);
        }
        return false;
    }
    snprintf(cmd, sizeof cmd, "%s --target-env opengl4.5 '%s' > '%s.log' 2>&1", TSV_VALIDATOR, path, path);
    if (system(cmd) != 0)
        return false;
    unlink(path);
    snprintf(cmd, sizeof cmd, "%s.log", path);
    unlink(cmd);
    return true;
}

void tsv_assert_valid(const uint32_t *words, size_t count, const char *name)
{
    if (!tsv_validate(words, count, name))
        fail_msg("spirv-val rejects %s: see %s.spv.log", name, ts_output_path(name));
}
