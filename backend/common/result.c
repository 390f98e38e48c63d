#include "glhle/glhle.h"

#define GLHLE_STR_(x) #x
#define GLHLE_STR(x) GLHLE_STR_(x)

const char *glhle_result_string(glhle_result r)
{
    static const char *const names[GLHLE_RESULT_COUNT_] = {
        [GLHLE_RESULT_OK] = "ok",
        [GLHLE_RESULT_INVALID_ARGUMENT] = "invalid argument",
        [GLHLE_RESULT_OUT_OF_MEMORY] = "out of memory",
        [GLHLE_RESULT_UNSUPPORTED] = "unsupported by the host",
        [GLHLE_RESULT_GL_ERROR] = "GL error",
        [GLHLE_RESULT_SHADER_ERROR] = "shader compile or link error",
        [GLHLE_RESULT_IO_ERROR] = "I/O error",
        [GLHLE_RESULT_BAD_DATA] = "malformed data",
        [GLHLE_RESULT_TRUNCATED] = "truncated input",
        [GLHLE_RESULT_OUT_OF_BOUNDS] = "out of bounds",
        [GLHLE_RESULT_LIMIT_EXCEEDED] = "processing limit exceeded",
        [GLHLE_RESULT_NOT_FOUND] = "not found",
    };
    if ((unsigned)r >= GLHLE_RESULT_COUNT_ || !names[r])
        return "unknown result";
    return names[r];
}

glhle_version glhle_get_version(void)
{
    glhle_version v = {GLHLE_VERSION_MAJOR, GLHLE_VERSION_MINOR, GLHLE_VERSION_PATCH,
                       GLHLE_STR(GLHLE_VERSION_MAJOR) "." GLHLE_STR(GLHLE_VERSION_MINOR) "." GLHLE_STR(
                           GLHLE_VERSION_PATCH)};
    return v;
}
