/* Shared by the libFuzzer targets. */
#ifndef GLHLE_FUZZ_SUPPORT_H
#define GLHLE_FUZZ_SUPPORT_H

#include "glhle/glhle.h"

/* A log callback that drops every record. The library still formats each
 * message before calling it, so the fuzzers exercise the messages too. */
void fuzz_quiet_log(void *user, const glhle_log_record *record);

#endif
