#include "support/spirv_validator.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support/test_support.h"

bool tsv_available(void)
{
    if (access(TSV_VALIDATOR, X_OK) == 0)
        return true;
    print_message("SKIP: %s is not installed (Debian package spirv-tools)\n", TSV_VALIDATOR);
    return false;
}

bool tsv_validate(const uint32_t *words, size_t count, const char *name)
{
    char path[1024], cmd[2300];
    snprintf(path, sizeof path, "%s", ts_output_path(name));
    snprintf(path + strlen(path), sizeof path - strlen(path), ".spv");
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(words, 4, count, f), count);
    fclose(f);
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
