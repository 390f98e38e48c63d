/* Macro programs equivalent to ones real drivers ship, written for glhle
 * from the drivers' sources' semantics and assembled with mme_asm.h; used
 * by tests/unit/test_mme.c (which checks their hand-computed method
 * sequences) and tests/bench/bench_mme.c. */
#ifndef GLHLE_TESTS_MME_PROGRAMS_H
#define GLHLE_TESTS_MME_PROGRAMS_H

#include "support/mme_asm.h"

/* deko3d source/maxwell/utils.mme FillRegisters(address | increment << 12,
 * count, value). The loop's send sits in the branch's delay slot and
 * carries the exit flag, which only counts on the last, untaken pass.
 *   0 r2 = param; maddr r1      1 r3 = param
 *   2 r2 = r2 - 1               3 bnz r2, 2
 *   4 exit send r3              5 nop */
static const uint32_t mme_fill_registers[] = {
    ma_addi(MA_FETCH_MADDR, 2, 1, 0), MA_PARM(3), ma_addi(MA_MOVE, 2, 2, -1), ma_branch(1, 0, 2, -1),
    MA_SENDR(3) | MA_EXIT, MA_NOP,
};

/* deko3d source/maxwell/draw.mme Draw(primitive, vertex count, instance
 * count, first vertex, first instance), with clb197.h's methods:
 * VERTEX_ARRAY_START 0xd74 (0x35d), DRAW_VERTEX_ARRAY 0xd78 (0x35e), BEGIN
 * 0x1618 (0x586), END 0x1614 (0x585), SET_GLOBAL_BASE_INSTANCE_INDEX 0x1438
 * (0x50e), LOAD_CONSTANT_BUFFER_OFFSET 0x238c (0x8e3, then
 * LOAD_CONSTANT_BUFFER(0) at 0x8e4); BEGIN_INSTANCE_ID is bits 26-27.
 *   0 r6 = param (vertex count)       1 r2 = 0x1
 *   2 r7 = param (instance count)     3 maddr 0x35d; send param (first vertex)
 *   4 exit bnz r7, 6                  5 r5 = param (first instance); maddr 0x50e
 *   6 bz r5, 11                       7 send r5
 *   8 maddr 0x8e3 inc 1               9 send 0x4          10 send r5
 *  11 maddr 0x586                    12 send r1
 *  13 maddr 0x35e                    14 send r6
 *  15 maddr 0x585; send 0 (result bits 12-17)
 *  16 r7 = r7 - 1                    17 bnz r7, 11
 *  18 r1 = r1 with bits 26-27 = r2 bits 0-1 (INSTANCE_ID = SUBSEQUENT)
 *  19 exit bnz r5, 21                20 maddr 0x8e3 inc 1
 *  21 exit send 0x4                  22 send 0 */
static const uint32_t mme_deko_draw[] = {
    MA_PARM(6), MA_MOVI(2, 1), MA_PARM(7), ma_addi(MA_MADDR_SENDPARM, 0, 0, 0x35d),
    ma_branch(1, 0, 7, 2) | MA_EXIT, ma_addi(MA_FETCH_MADDR, 5, 0, 0x50e),
    ma_branch(0, 0, 5, 5), MA_SENDR(5),
    MA_MADDRI(0x8e3, 1), MA_SENDI(4), MA_SENDR(5),
    MA_MADDRI(0x586, 0), MA_SENDR(1), MA_MADDRI(0x35e, 0), MA_SENDR(6),
    ma_addi(MA_MADDR_SENDHIGH, 0, 0, 0x585),
    ma_addi(MA_MOVE, 7, 7, -1), ma_branch(1, 0, 7, -6),
    ma_bf(MA_INS, MA_MOVE, 1, 1, 2, 0, 2, 26),
    ma_branch(1, 0, 5, 2) | MA_EXIT, MA_MADDRI(0x8e3, 1),
    MA_SENDI(4) | MA_EXIT, MA_SENDI(0),
};

#endif
