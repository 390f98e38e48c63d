#include "support/glsl_validator.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backend/common/bytebuf.h"
#include "support/test_support.h"

bool tgv_available(void)
{
    if (access(TGV_VALIDATOR, X_OK) == 0)
        return true;
    print_message("SKIP: %s is not installed\n", TGV_VALIDATOR);
    return false;
}

static void file_name(char *out, size_t n, const char *dir, unsigned i, const char *ext)
{
    snprintf(out, n, "%s/%04u.%s", dir, i, ext);
}

void tgv_validate_all(const char *dir, char **sources, unsigned n, const char *ext, const char *what)
{
    mkdir(dir, 0755);
    glhle_bytebuf cmd;
    glhle_bytebuf_init(&cmd, 0);
    glhle_bytebuf_printf(&cmd, "%s", TGV_VALIDATOR);
    for (unsigned i = 0; i < n; i++) {
        char path[512];
        file_name(path, sizeof path, dir, i, ext);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fputs(sources[i], f);
        fclose(f);
        glhle_bytebuf_printf(&cmd, " %s", path);
    }
    glhle_bytebuf_printf(&cmd, " > %s/validator.log 2>&1", dir);
    const int rc = system(glhle_bytebuf_cstr(&cmd));
    glhle_bytebuf_free(&cmd);
    if (rc != 0)
        fail_msg("glslangValidator rejects some %s shaders: see %s/validator.log", what, dir);
    for (unsigned i = 0; i < n; i++) {
        char path[512];
        file_name(path, sizeof path, dir, i, ext);
        unlink(path);
    }
}
