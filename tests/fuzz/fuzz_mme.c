/* The macro engine (backend/maxwell/frontend/mme.c) on random programs and
 * parameters, and the disassembler on every word. Input:
 *   byte 0      parameter count (0-31; 0 is an invalid call and must be refused)
 *   byte 1      macro index (any value: >= 0x80 must be refused)
 *   bytes 2-3   start address (little-endian, any value up to 0xFFFF)
 *   then        the parameters (4 bytes each), then code words uploaded
 *               through the LOAD_MME_* methods at the start address; a word
 *               0xFFFFFFFF ends the code and the rest are (method, value)
 *               pairs fed to mw_mme_method.
 * Each run has a step cap of 4096, so a runaway macro ends quickly; the
 * engine must stay inside its RAM and tables and report, not crash. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "backend/maxwell/frontend/mme.h"
#include "backend/maxwell/frontend/mme_disasm.h"
#include "support/fuzz_support.h"

#define CAP 4096u

typedef struct sink {
    uint64_t sends, reads;
} sink;

static void on_send(void *user, uint32_t method, uint32_t value)
{
    sink *s = user;
    if (method > 0xFFFu)
        __builtin_trap();
    (void)value;
    s->sends++;
}

static uint32_t on_read(void *user, uint32_t method)
{
    sink *s = user;
    if (method > 0xFFFu)
        __builtin_trap();
    s->reads++;
    return method * 0x9E3779B9u;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static mw_mme mme;
    static const glhle_logger quiet = {fuzz_quiet_log, NULL, GLHLE_LOG_DEBUG};
    if (size < 4)
        return 0;
    mw_mme_init(&mme, &quiet);
    uint32_t count = data[0] & 31u, index = data[1], start = (uint32_t)data[2] | (uint32_t)data[3] << 8;
    size_t at = 4;
    uint32_t params[32] = {0};
    for (uint32_t i = 0; i < count && at + 4 <= size; i++, at += 4)
        memcpy(&params[i], data + at, 4);
    mw_mme_set_start_pointer(&mme, index);
    mw_mme_load_start(&mme, start);
    mw_mme_set_code_pointer(&mme, start);
    char line[MW_MME_DISASM_MAX];
    uint32_t pc = start;
    while (at + 4 <= size) {
        uint32_t w;
        memcpy(&w, data + at, 4);
        at += 4;
        if (w == 0xFFFFFFFFu)
            break;
        mw_mme_load_code(&mme, w);
        if (mw_mme_disasm_insn(w, pc++, line) >= MW_MME_DISASM_MAX || strlen(line) >= MW_MME_DISASM_MAX)
            __builtin_trap();
    }
    for (; at + 8 <= size; at += 8) {
        uint32_t m, v;
        memcpy(&m, data + at, 4);
        memcpy(&v, data + at + 4, 4);
        glhle_result r;
        mw_mme_method(&mme, m & 0x3FFFu, v, &r);
    }
    sink s = {0, 0};
    mw_mme_hooks hooks = {&s, on_read, on_send};
    glhle_result r = mw_mme_run(&mme, index, params, count, &hooks, CAP);
    if ((count == 0 || index >= MW_MME_MACROS) != (r == GLHLE_RESULT_INVALID_ARGUMENT))
        __builtin_trap();
    if (mme.last.steps > CAP || mme.last.sends != s.sends || s.sends > mme.last.steps ||
        s.reads > mme.last.steps || mme.last.params_used > (count ? count : 1))
        __builtin_trap();
    if (r == GLHLE_RESULT_OK && mme.last.params_used != count)
        __builtin_trap();
    return 0;
}
