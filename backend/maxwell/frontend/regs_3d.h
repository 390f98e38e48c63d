/* The Maxwell 3D register file: 0xE00 method words (the methods below the
 * macro calls at 0x3800), their shadow RAM, per-word names and dirty
 * groups, and lazy decoding into mw_state. */
#ifndef GLHLE_MAXWELL_REGS_3D_H
#define GLHLE_MAXWELL_REGS_3D_H

#include <stdbool.h>
#include <stdint.h>

#include "backend/maxwell/frontend/maxwell_state.h"
#include "backend/maxwell/frontend/regs_3d_table.h"

#define MW_3D_REG_COUNT 0xE00u   /* CALL_MME_MACRO(0) is 0x3800 = word 0xE00 (clb197.h) */
#define MW_METHOD_WORDS 0x1000u  /* a method header addresses 12 bits of method words (clb06f.h METHOD_ADDRESS 11:0) */

/* Method words of element 0 of every 3D method: MW_3D_SET_COLOR_TARGET_A ... */
enum {
#define X(addr, name, count, stride, flags, fmt) MW_3D_##name = addr,
    MW_3D_METHODS(X)
#undef X
};

/* Per-word info: the dirty group in bits 0-5, MW_REG_SIDE_EFFECT, and
 * MW_REG_NAMED for words some method covers. */
#define MW_REG_GROUP_MASK 0x3Fu
#define MW_REG_SIDE_EFFECT 0x40u
#define MW_REG_NAMED 0x80u
/* Filled once (pthread_once) by mw_regs_3d_init / mw_3d_method_name. */
extern uint8_t mw_3d_info[MW_METHOD_WORDS];
void mw_3d_tables_init(void);

typedef enum mw_value_format {
    MW_FMT_hex = 0,
    MW_FMT_f32,
    MW_FMT_bool,
    MW_FMT_addr_hi,
    MW_FMT_addr_lo,
} mw_value_format;

/* The 3D method covering word `method` (0-0xFFF): name, element index and
 * value format. NULL when no method covers it. */
const char *mw_3d_method_name(uint32_t method, uint32_t *index, mw_value_format *fmt);

/* MME_SHADOW_RAM_CONTROL modes (clb197.h SET_MME_SHADOW_RAM_CONTROL_MODE). */
enum {
    MW_SHADOW_TRACK = 0,
    MW_SHADOW_TRACK_WITH_FILTER = 1,
    MW_SHADOW_PASSTHROUGH = 2,
    MW_SHADOW_REPLAY = 3,
};

typedef struct mw_regs_3d {
    uint32_t r[MW_3D_REG_COUNT];
    uint32_t shadow[MW_3D_REG_COUNT];
    uint32_t stale;              /* groups to re-decode before the state is read */
    uint32_t changed;            /* groups stored with a new value since the front end's own draw-time checks
                                  * took them (methods_3d.c check_target_kinds: RT, ZETA) */
    mw_state state;
} mw_regs_3d;

void mw_regs_3d_init(mw_regs_3d *rf);

/* Stores a write to register word `method` (< MW_3D_REG_COUNT) through the
 * shadow RAM as SET_MME_SHADOW_RAM_CONTROL says, and marks its group dirty
 * and stale when the stored value changes. Returns the value stored (the
 * shadowed one in REPLAY mode).
 *
 * Shadow RAM (clb197.h mode names; yuzu Maxwell3D::ProcessMethodCall and
 * Ryujinx's ShadowRamControl agree): TRACK and TRACK_WITH_FILTER store the
 * data in both the register and the shadow, PASSTHROUGH in the register
 * only, REPLAY ignores the data and stores the shadowed value. The control
 * method itself is never shadowed. */
static inline uint32_t mw_regs_3d_store(mw_regs_3d *rf, uint32_t method, uint32_t value)
{
    const uint32_t mode = rf->r[MW_3D_SET_MME_SHADOW_RAM_CONTROL] & 3u;
    if (method != MW_3D_SET_MME_SHADOW_RAM_CONTROL) {
        if (mode <= MW_SHADOW_TRACK_WITH_FILTER)
            rf->shadow[method] = value;
        else if (mode == MW_SHADOW_REPLAY)
            value = rf->shadow[method];
    }
    if (rf->r[method] != value) {
        rf->r[method] = value;
        const uint32_t g = mw_3d_info[method] & MW_REG_GROUP_MASK;
        if (g) {
            rf->state.dirty |= 1u << g;
            rf->stale |= 1u << g;
            rf->changed |= 1u << g;
        }
    }
    return value;
}

/* Re-decodes the stale groups. */
void mw_regs_3d_refresh(mw_regs_3d *rf);

#endif
