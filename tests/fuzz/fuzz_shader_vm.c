/* The shader interpreter (backend/pica/shader/shader_vm.c) on random programs, as
 * vertex and as geometry shader, and the disassembler on every word. Input:
 *   byte 0      flags: bit 0 geometry unit, bits 1-7 entry point (words)
 *   bytes 1-2   bool uniforms
 *   bytes 3-18  int uniforms i0-i3
 *   then        code words (little-endian), up to 256; a word 0xFFFFFFFF
 *               ends the code, the rest are operand descriptors (up to 128),
 *               then float uniforms as raw bits
 * Each invocation has a small step limit (1000), so runaway programs end quickly;
 * the interpreter must stay inside its register file, stacks and code. Every
 * vertex program also goes through the GLSL translator
 * (backend/pica/shader/shader_glsl.c), which must accept it (any word is a
 * program) within a bounded output, with braces balanced. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/shader/shader_disasm.h"
#include "backend/pica/shader/shader_vm.h"
#include "backend/pica/shader/shader_glsl.h"

static int prims;

static void on_prim(void *user, const float (*v0)[4], const float (*v1)[4], const float (*v2)[4], bool winding)
{
    const pica_vm_unit *u = user;
    /* the emitter hands out its own buffers */
    if (v0 != u->emit_buf[0] || v1 != u->emit_buf[1] || v2 != u->emit_buf[2])
        __builtin_trap();
    (void)winding;
    prims++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static pica_shader_setup setup;
    static pica_vm_unit unit;
    static pica_vm_cache *cache;
    if (!cache && pica_vm_cache_create(2, &cache) != GLHLE_RESULT_OK)
        return 0;
    if (size < 19)
        return 0;
    memset(&setup, 0, sizeof setup);
    bool geometry = data[0] & 1;
    uint32_t entry = data[0] >> 1;
    setup.bool_uniforms = (uint16_t)(data[1] | data[2] << 8);
    memcpy(setup.int_uniforms, data + 3, 16);
    size_t at = 19, n = 0;
    while (at + 4 <= size && n < 256) {
        uint32_t w;
        memcpy(&w, data + at, 4);
        at += 4;
        if (w == 0xFFFFFFFFu)
            break;
        setup.code[n++] = w;
    }
    for (n = 0; at + 4 <= size && n < PICA_SHADER_OPDESC_WORDS; n++, at += 4)
        memcpy(&setup.opdesc[n], data + at, 4);
    for (n = 0; at + 4 <= size && n < 4 * PICA_SHADER_FLOAT_UNIFORMS; n++, at += 4)
        memcpy(&setup.float_uniforms[n / 4][n % 4], data + at, 4);
    setup.entry_point = (uint16_t)entry;
    setup.program_generation++;

    char line[PICA_DISASM_MAX];
    for (uint32_t i = 0; i < 64; i++)
        if (pica_disasm_insn(setup.code[i], setup.opdesc, PICA_SHADER_OPDESC_WORDS, line) >= PICA_DISASM_MAX)
            __builtin_trap();

    /* decoded once per input, through the cache as the pipeline does */
    pica_vm_binding b = {0};
    pica_vm_program *prog = pica_vm_cache_get(cache, &b, &setup);
    if (!prog || pica_vm_cache_get(cache, &b, &setup) != prog)
        __builtin_trap();
    pica_vm_unit_init(&unit, geometry);
    unit.step_limit = 1000;
    unit.on_prim = on_prim;
    unit.on_prim_user = &unit;
    pica_vm_unit_load_uniforms(&unit, &setup);
    for (int v = 0; v < 16; v++)
        for (int c = 0; c < 4; c++)
            unit.reg[PICA_VM_SLOT_V + v][c] = (float)(v * 4 + c) - 20.0f;
    for (int run = 0; run < 2; run++) {
        uint64_t before = unit.steps;
        uint32_t st = pica_vm_run(&unit, prog, entry);
        if (st & ~0xFFu)
            __builtin_trap();
        if (unit.steps - before > 1000 + PICA_SHADER_CODE_WORDS)
            __builtin_trap();
        /* the GPU path's charge and split bound (rasterizer.c): never under
         * what an invocation runs */
        uint32_t pass;
        const uint32_t bound = pica_vsp_step_bound(setup.code, entry, 1000, &pass);
        if (!geometry && (unit.steps - before > bound || pass > bound))
            __builtin_trap();
    }
    {
        static glhle_bytebuf text;
        if (!text.limit)
            glhle_bytebuf_init(&text, 64u << 20);
        glhle_bytebuf_clear(&text);
        pica_vsp_desc d = {.code = setup.code, .opdesc = setup.opdesc, .entry = entry, .step_limit = 1000,
                           .input_count = data[1] & 15, .output = PICA_VSP_OUTPUT_CAPTURE, .gles = data[2] & 1,
                           .report_status = data[2] & 2};
        for (unsigned a = 0; a < 16; a++)
            d.input_register[a] = (uint8_t)(15 - a);
        if (geometry) {
            /* any input layout, valid or not: refused with a reason or translated */
            d.geometry = true;
            d.gs = (pica_gsp_input){.mode = (uint8_t)(data[2] >> 2 & 3), .vertices = (uint8_t)(1 + (data[2] >> 4 & 7)),
                                    .per_vertex = (uint8_t)(data[1] >> 4), .start_index = data[3],
                                    .main_vertices = (uint8_t)(data[3] >> 5)};
        }
        char why[160];
        bool ok = pica_vsp_generate(&d, &text, NULL, why, sizeof why);
        char why2[160];
        /* the draw path's cheap check refuses exactly what the generator refuses
         * (a full text buffer aside, which 64 MiB never is) */
        if (pica_vsp_translatable(&d, why2, sizeof why2) != ok)
            __builtin_trap();
        (void)pica_vsp_may_report(setup.code, entry, 1000, geometry);
        if (!ok && (!geometry || !why[0]))
            __builtin_trap();
        if (!ok)
            text.size = 0;
        long depth = 0;
        for (size_t i = 0; i < text.size; i++) {
            depth += text.data[i] == '{' ? 1 : text.data[i] == '}' ? -1 : 0;
            if (depth < 0 || text.data[i] == 0)
                __builtin_trap();
        }
        if (depth != 0)
            __builtin_trap();
    }
    /* the batch entry point runs the same program the same way */
    float in[2][16][4] = {{{0}}}, out[2][16][4];
    pica_vm_batch batch = {(const float(*)[4])in, 16, (float(*)[4])out, 0xFFFF, 2};
    pica_vm_run_batch(&unit, prog, entry, &batch);
    return 0;
}
