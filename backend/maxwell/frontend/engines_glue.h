/* The engines' entry points as the front end calls them: launches of the
 * DMA, inline-to-memory, 2D and compute classes, recorded as LAUNCH events
 * with the class's method array. */
#ifndef GLHLE_MAXWELL_ENGINES_GLUE_H
#define GLHLE_MAXWELL_ENGINES_GLUE_H

#include <stdint.h>

#include "backend/maxwell/frontend/frontend.h"

/* Method words of the launch methods (regs_classes_table.h). */
enum {
    MW_I2M_LINE_LENGTH_IN = 0x060,
    MW_I2M_LINE_COUNT = 0x061,
    MW_I2M_OFFSET_OUT_UPPER = 0x062,
    MW_I2M_OFFSET_OUT = 0x063,
    MW_I2M_LAUNCH_DMA = 0x06C,
    MW_I2M_LOAD_INLINE_DATA = 0x06D,
    MW_DMA_LAUNCH_DMA = 0x0C0,
    MW_DMA_OFFSET_OUT_UPPER = 0x102,
    MW_DMA_OFFSET_OUT_LOWER = 0x103,
    MW_2D_SET_DST_OFFSET_UPPER = 0x088,
    MW_2D_SET_DST_OFFSET_LOWER = 0x089,
    MW_2D_PIXELS_FROM_MEMORY_SRC_Y0_INT = 0x237,
    MW_COMPUTE_SEND_PCAS_A = 0x0AD,
    MW_COMPUTE_SEND_SIGNALING_PCAS_B = 0x0AF,
};

/* An inline-to-memory method (LAUNCH_DMA, LOAD_INLINE_DATA) of the 3D
 * class's built-in copy (slot 0) or the A140 class (slot 1); regs is that 
 * class's method array. */
void mw_i2m_method(mw_frontend *fe, int slot, const uint32_t *regs, uint32_t method, uint32_t value);

#endif
