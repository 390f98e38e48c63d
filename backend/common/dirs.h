/* Folders on the host file system. */
#ifndef GLHLE_COMMON_DIRS_H
#define GLHLE_COMMON_DIRS_H

#include <stdbool.h>

/* mkdir -p: creates `path` and the folders above it as needed; true when
 * it exists as a folder afterwards (errno says why not). */
bool glhle_make_dirs(const char *path);

#endif
