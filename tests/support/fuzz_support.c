#include "support/fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>

/* Silent, so a fuzzer's throughput is not spent printing; GLHLE_FUZZ_LOG=1
 * prints every record, to see what a reproduced input did. */
void fuzz_quiet_log(void *user, const glhle_log_record *record)
{
    (void)user;
    static int show = -1;
    if (show < 0) {
        const char *e = getenv("GLHLE_FUZZ_LOG");
        show = e && *e && *e != '0';
    }
    if (show)
        fprintf(stderr, "fuzz log %d: %s (%s:%d)\n", (int)record->level, record->message, record->file, record->line);
}
