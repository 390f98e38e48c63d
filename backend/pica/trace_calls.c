/* Trace payloads <-> the public calls of the display side. */
#include "backend/pica/pica_instance.h"
#include "backend/pica/trace_format.h"

glhle_result pica_trace_replay_call(struct glhle_pica *pica, uint32_t type, const uint8_t *payload, uint32_t size)
{
    (void)type;
    (void)payload;
    (void)size;
    return GLHLE_FAIL(&pica->log, GLHLE_RESULT_UNSUPPORTED, "trace: display operations cannot be replayed yet");
}

glhle_result pica_trace_replay_present(struct glhle_pica *pica, const uint8_t *payload, uint32_t size)
{
    (void)payload;
    (void)size;
    return GLHLE_FAIL(&pica->log, GLHLE_RESULT_UNSUPPORTED, "trace: presents cannot be replayed yet");
}
