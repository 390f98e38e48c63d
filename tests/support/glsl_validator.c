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

bool tgv_spirv(const char *source, const char *path, glhle_bytebuf *out)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fputs(source, f);
    fclose(f);
    char cmd[3200];
    snprintf(cmd, sizeof cmd, TGV_VALIDATOR " -G -o '%s.spv' '%s' >'%s.log' 2>&1", path, path, path);
    char spv[1100];
    snprintf(spv, sizeof spv, "%s.spv", path);
    if (system(cmd) != 0 || !(f = fopen(spv, "rb")))
        return false;
    const size_t before = out->size;
    uint8_t chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        if (!glhle_bytebuf_append(out, chunk, n))
            break;
    fclose(f);
    return out->size > before && (out->size - before) % 4 == 0;
}
