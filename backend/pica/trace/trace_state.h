/* A host command list that brings a power-on PICA instance to a given
 * state: the register file plus what the FIFO ports fill (shader code and
 * operand descriptors, float uniforms, fixed attributes, the lighting, fog,
 * gas and procedural-texture LUTs). The recorder uses it when it attaches
 * to an instance that has already run command lists; the CiTrace importer
 * turns a .ctf file's initial state into one.
 *
 * The list only writes registers, through the same ports a program would
 * use, so replaying it needs nothing but glhle_pica_run_cmdlist. Order:
 * VSH_COM_MODE = 1 first, so vertex-shader uploads do not spill into the
 * geometry unit (3dbrew GPUREG_VSH_COM_MODE); then each unit's code,
 * operand descriptors and float uniforms (f32 mode, exact for every stored
 * value), the fixed attributes (f24, as stored), the LUTs, every register
 * whose write has no action (triggers and FIFO data ports are left out),
 * then the FIFO index registers with their final values, and last
 * VSH_COM_MODE and GEOSTAGE_CONFIG as they were. */
#ifndef GLHLE_PICA_TRACE_STATE_H
#define GLHLE_PICA_TRACE_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/frontend/pica_state.h"
#include "backend/pica/frontend/regs.h"

/* Appends the list's words (host order) to out, leaving out what already
 * equals the power-on state (registers at their reset value, zero shader
 * words, uniforms, attributes and LUT entries), padded to whole 16-byte
 * units, without FINALIZE. st provides vs_setup/gs_setup code, opdesc and
 * float_uniforms, fixed_attrib and the LUT arrays; the rest of the shader
 * setups (bool and int uniforms, entry points) comes from regs. Returns the
 * number of words appended (0 when the state is the power-on state), or -1
 * when out ran past its limit. */
long pica_state_cmdlist(const uint32_t regs[PICA_REG_COUNT], const pica_state *st, glhle_bytebuf *out);

/* True when writing register id only stores its value (no trigger, FIFO
 * port, or index register that the list writes at the end). */
bool pica_state_is_plain_reg(uint32_t id);

#endif
