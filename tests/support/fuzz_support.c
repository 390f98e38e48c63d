#include "support/fuzz_support.h"

void fuzz_quiet_log(void *user, const glhle_log_record *record)
{
    (void)user;
    (void)record;
}
