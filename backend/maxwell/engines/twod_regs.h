/* The 2D engine's (902D) registers the CPU engine and the GPU blit read,
 * as byte offsets into the class's methods (open-gpu-doc twod/cl902d.h). */
#ifndef GLHLE_MAXWELL_TWOD_REGS_H
#define GLHLE_MAXWELL_TWOD_REGS_H

enum {
    DST_FORMAT = 0x200, /* then layout, block size, depth, layer, pitch, width, height, offset hi/lo */
    SRC_FORMAT = 0x230,
    SRC_MEMORY_LAYOUT = 0x234,
    SRC_BLOCK_SIZE = 0x238,
    SRC_DEPTH = 0x23C,
    SRC_PITCH = 0x244,
    SRC_WIDTH = 0x248,
    SRC_HEIGHT = 0x24C,
    SRC_OFFSET_UPPER = 0x250,
    SRC_OFFSET_LOWER = 0x254,
    CLIP_X0 = 0x280,
    CLIP_Y0 = 0x284,
    CLIP_WIDTH = 0x288,
    CLIP_HEIGHT = 0x28C,
    CLIP_ENABLE = 0x290,
    OPERATION = 0x2AC,
    SAMPLE_MODE = 0x88C,
    DST_X0 = 0x8B0,
    DST_Y0 = 0x8B4,
    DST_WIDTH = 0x8B8,
    DST_HEIGHT = 0x8BC,
    DU_DX_FRAC = 0x8C0,
    DU_DX_INT = 0x8C4,
    DV_DY_FRAC = 0x8C8,
    DV_DY_INT = 0x8CC,
    SRC_X0_FRAC = 0x8D0,
    SRC_X0_INT = 0x8D4,
    SRC_Y0_FRAC = 0x8D8,
    SRC_Y0_INT = 0x8DC,
};

#endif
