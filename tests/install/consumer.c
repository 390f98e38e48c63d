/* A program outside the tree that uses the installed library. */
#include <glhle/glhle.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    glhle_version v = glhle_get_version();
    printf("glhle %s: %s\n", v.string, glhle_result_string(GLHLE_RESULT_TRUNCATED));
    return strcmp(glhle_result_string(GLHLE_RESULT_OK), "ok") != 0;
}
