/* The Maxwell engines other than 3D, on the CPU: DMA copy (class B0B5),
 * inline-to-memory (class A140 and the 3D engine's built-in copy), the 2D
 * engine (class 902D) and compute launch decoding (QMD of class B1C0).
 * They are the reference later GPU paths are checked against.
 *
 * Each engine reads its class's raw method array, `regs[method / 4]`, as the
 * class header lays it out (open-gpu-doc classes/dma-copy/clb0b5.h,
 * classes/inline-to-memory/cla140.h, classes/twod/cl902d.h,
 * classes/compute/clb1c0qmd.h), and touches guest memory only through
 * mw_mem_io, so it does not depend on how the address space is built. Bad
 * sizes, coordinates outside a surface, faults and overlapping source and
 * destination ranges return a glhle_result error logged with the GPU
 * address; nothing is written then. No operation allocates more than
 * MW_ENGINE_MAX_BYTES at once. Semantics and sources: docs/maxwell-memory.md. */
#ifndef GLHLE_MAXWELL_ENGINES_H
#define GLHLE_MAXWELL_ENGINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"

typedef struct mw_mem_io {
    void *user;
    /* copy size bytes at GPU virtual address va; false on a fault (unmapped / out of range) */
    bool (*read)(void *user, uint64_t va, void *dst, size_t size);
    bool (*write)(void *user, uint64_t va, const void *src, size_t size);
    const glhle_logger *log;
    /* Optional (NULL -> 0): the GPU time in ns that four-word semaphore
     * releases write. Added by mw-mem to the plan's struct: LAUNCH_DMA's
     * RELEASE_FOUR_WORD_SEMAPHORE stores a timestamp (clb0b5.h). */
    uint64_t (*timestamp)(void *user);
    /* Optional (NULL: kinds unknown, nothing checked): the memory kinds of
     * the mapped bytes of [va, va + size), bit MW_KIND_BIT(k) per kind k
     * (glhle_maxwell_kind's values); 0 when no byte is mapped. */
    uint32_t (*kinds)(void *user, uint64_t va, uint64_t size);
} mw_mem_io;

/* Memory kinds as glhle_maxwell_kind numbers them: the PTE kind of a
 * mapping (open-gpu-doc's kind notion, nvgpu's NV_KIND_*: 0x00 pitch,
 * 0xFE generic 16Bx2 block-linear, the compressible kinds block-linear with
 * compression tags; yuzu PteKind, Ryujinx PteKind.IsPitch()). */
enum { MW_KIND_PITCH = 0, MW_KIND_GENERIC_16BX2 = 1, MW_KIND_COMPRESSED = 2 };
#define MW_KIND_BIT(k) (1u << (k))
#define MW_KINDS_BLOCK_LINEAR (MW_KIND_BIT(MW_KIND_GENERIC_16BX2) | MW_KIND_BIT(MW_KIND_COMPRESSED))

/* Semaphore reductions, numbered as clb06f.h SEMAPHORED_REDUCTION and
 * clb0b5.h LAUNCH_DMA_SEMAPHORE_REDUCTION number them (cla140.h's
 * REDUCTION_OP numbers them otherwise; inline_to_memory.c maps it). */
typedef enum mw_reduction {
    MW_RED_MIN = 0,
    MW_RED_MAX = 1,
    MW_RED_XOR = 2,
    MW_RED_AND = 3,
    MW_RED_OR = 4,
    MW_RED_ADD = 5,
    MW_RED_INC = 6,
    MW_RED_DEC = 7,
    MW_RED_FADD = 10, /* clb0b5.h only */
} mw_reduction;

/* The new value of a 32-bit semaphore holding `old` that reduction `op`
 * with `payload` leaves; false (and *out = old) for an op that is none of
 * mw_reduction. MIN and MAX compare signed when is_signed, else unsigned;
 * XOR, AND, OR and ADD (modulo 2^32) are the same either way; INC and DEC
 * wrap at payload as CUDA's atomicInc/atomicDec do (unsigned: INC
 * old >= payload ? 0 : old + 1, DEC old == 0 || old > payload ? payload :
 * old - 1), which NVIDIA's UVM driver relies on for its GP_PUT wrap
 * (uvm semaphore_reduction_inc(gpPut, entries - 1)); FADD adds the words
 * as IEEE binary32 (round to nearest even). */
bool mw_reduce32(uint32_t op, bool is_signed, uint32_t old, uint32_t payload, uint32_t *out);

/* The most bytes one operation stages at once (a surface span read, or
 * the destination span it rewrites). Larger operations fail with
 * GLHLE_RESULT_LIMIT_EXCEEDED. */
#define MW_ENGINE_MAX_BYTES (64u << 20)

/* ---- DMA copy, class B0B5 (MAXWELL_DMA_COPY_A) -------------------------- */

/* regs must hold at least MW_DMA_REG_WORDS words (through SET_SRC_ORIGIN). */
#define MW_DMA_REG_WORDS (0x740 / 4)

/* Runs the LAUNCH_DMA stored in regs[0x300 / 4] (the caller stores the
 * method's value, then calls this): a 1D copy of LINE_LENGTH_IN elements
 * when MULTI_LINE_ENABLE is clear, else LINE_COUNT lines between pitch and
 * block-linear surfaces in any combination, with the remap unit (component
 * shuffles, constants, so memset) when REMAP_ENABLE is set; then the
 * semaphore release LAUNCH_DMA asks for. */
glhle_result mw_dma_launch(const uint32_t *regs, const mw_mem_io *io);
/* mw_dma_launch in its two steps: the copy, then the semaphore release
 * (for a copy done elsewhere: render/dma_gpu.c). */
glhle_result mw_dma_copy(const uint32_t *regs, const mw_mem_io *io);
glhle_result mw_dma_release(const uint32_t *regs, const mw_mem_io *io);

/* One side of a multi-line DMA copy as mw_dma_copy addresses it. */
typedef struct mw_dma_side {
    uint64_t va;                  /* OFFSET_IN / OFFSET_OUT */
    bool block_linear;
    int64_t pitch;                /* pitch layout: row y starts at va + y * pitch */
    /* block-linear: the layout (rows of width_gobs GOBs; the z slice
     * `layer`) and the rectangle's origin in bytes and rows */
    uint32_t width_gobs, block_height_log2, block_depth_log2, layer;
    uint32_t x_bytes, y;
    uint64_t lo, hi;              /* the guest bytes the copy reads or writes on this side */
} mw_dma_side;

typedef struct mw_dma_rect {
    uint32_t line_bytes, lines;   /* each line's bytes (LINE_LENGTH_IN elements), LINE_COUNT */
    mw_dma_side src, dst;
} mw_dma_rect;

/* True when the LAUNCH_DMA in regs is a multi-line copy of bytes
 * unchanged (no remap, or an identity remap of equal element sizes) that
 * mw_dma_copy would perform without an error (its checks, with io's
 * memory kinds, all pass; the spans do not overlap); fills out. False,
 * logging nothing, for anything else: no copy, a 1D copy, a remap that
 * moves or makes components, a launch mw_dma_copy refuses. */
bool mw_dma_rect_of(const uint32_t *regs, const mw_mem_io *io, mw_dma_rect *out);

/* ---- inline-to-memory: class A140 and the 3D engine's copy --------------- */

/* regs (either class: the methods sit at the same offsets 0x180-0x1E4 in
 * cla140.h and clb197.h) must hold at least MW_I2M_REG_WORDS words. */
#define MW_I2M_REG_WORDS (0x1E8 / 4)

typedef struct mw_i2m {
    bool active;
    bool block_linear;
    uint64_t va;         /* OFFSET_OUT */
    uint32_t line_length, line_count; /* bytes, lines */
    int64_t pitch;       /* PITCH_OUT, pitch layout */
    uint32_t origin_x, origin_y, layer; /* block-linear: bytes, rows, slice */
    uint32_t bl_width, bl_height, bl_depth, bl_bh, bl_bd;
    uint64_t total, done; /* bytes */
    bool release_semaphore, semaphore_one_word;
    bool reduction, reduction_signed; /* REDUCTION_ENABLE, REDUCTION_FORMAT SIGNED_32 */
    uint8_t reduction_op;             /* mw_reduction */
    uint64_t semaphore_va;
    uint32_t semaphore_payload;
    glhle_result error;  /* a write that failed ends the transfer with this */
    uint64_t lo, hi;     /* the guest bytes the transfer writes (set when it starts) */
} mw_i2m;

/* LAUNCH_DMA (value in regs[0x1B0 / 4]): starts a transfer of
 * LINE_LENGTH_IN x LINE_COUNT bytes; a zero-sized one completes at once.
 * The destination is checked here, so a bad one fails now. */
glhle_result mw_i2m_begin(mw_i2m *state, const uint32_t *regs, const mw_mem_io *io);
/* LOAD_INLINE_DATA: the next 4 bytes (little-endian; the last word may
 * carry fewer). The completing word writes the semaphore release.
 * BAD_DATA (logged) for a word with no transfer in progress. */
glhle_result mw_i2m_data(mw_i2m *state, uint32_t word, const mw_mem_io *io);

/* ---- 2D engine, class 902D (FERMI_TWOD_A) ---------------------------------- */

#define MW_2D_REG_WORDS (0x8E0 / 4)

/* The blit triggered by PIXELS_FROM_MEMORY_SRC_Y0_INT (0x8DC): copies
 * (and scales, point or bilinear, with the DU_DX/DV_DY 32.32 fixed-point
 * steps) the source rectangle to DST_X0/Y0 + DST_WIDTH x DST_HEIGHT of the
 * destination, converting between the formats this engine knows
 * (mw_2d_format_supported), inside the clip rectangle when CLIP_ENABLE is
 * set. OPERATION must be SRCCOPY (3); others are UNSUPPORTED. */
glhle_result mw_2d_blit(const uint32_t *regs, const mw_mem_io *io);
bool mw_2d_format_supported(uint32_t format);
uint32_t mw_2d_format_bytes(uint32_t format); /* 0 for an unsupported one */
/* How this engine reads and writes `format`'s components, for the GPU path
 * (render/twod_gpu.c) to reproduce its conversions: bits[c] the width of
 * R, G, B, A (0 for one the format lacks or pads), *type 0 unsigned
 * normalized, 1 signed normalized, 2 float; false for an unsupported one. */
bool mw_2d_format_channels(uint32_t format, uint8_t bits[4], uint32_t *type);

/* ---- compute launches, class B1C0 QMD ------------------------------------- */

#define MW_QMD_CONSTANT_BUFFERS 8

typedef struct mw_compute_cbuf {
    bool valid;
    uint64_t address; /* 40 bits */
    uint32_t size;    /* bytes */
} mw_compute_cbuf;

typedef struct mw_compute_launch {
    uint32_t qmd_version, qmd_major_version;
    uint32_t grid[3];          /* CTA_RASTER_WIDTH/HEIGHT/DEPTH */
    uint32_t block[3];         /* CTA_THREAD_DIMENSION0-2 */
    uint32_t shared_memory_size; /* bytes */
    uint32_t program_offset;   /* from the compute program region (SET_PROGRAM_REGION) */
    uint64_t program_address;  /* region + offset, when decoded from class registers */
    uint32_t register_count, barrier_count;
    uint32_t local_memory_low_size, local_memory_high_size, local_memory_crs_size;
    uint32_t sass_version;
    bool sampler_via_header;   /* SAMPLER_INDEX VIA_HEADER_INDEX: a handle's sampler is its header index */
    mw_compute_cbuf cbuf[MW_QMD_CONSTANT_BUFFERS];
    bool release_enable[2];
    uint64_t release_address[2];
    uint32_t release_payload[2];
    bool release_one_word[2];  /* RELEASEi_STRUCTURE_SIZE ONE_WORD */
    bool invalidate_texture_header, invalidate_texture_sampler, invalidate_texture_data,
        invalidate_shader_data, invalidate_instruction, invalidate_shader_constant;
} mw_compute_launch;

/* Decodes the 64-word QMD (fields common to QMDV00_06 and QMDV01_07 of
 * clb1c0qmd.h, which place them identically). BAD_DATA (logged) for a zero
 * grid or block dimension, a block of more than 1024 threads, or shared
 * memory above 48 KiB (GM20B's per-block limit); out is filled anyway. */
glhle_result mw_qmd_decode(const uint32_t qmd[64], mw_compute_launch *out, const glhle_logger *log);

/* The launch the compute class's registers describe (regs indexed by
 * method / 4, at least 0x1610 / 4 words): reads the QMD at SEND_PCAS_A << 8
 * through io, decodes it and adds SET_PROGRAM_REGION to the offset. */
#define MW_COMPUTE_REG_WORDS (0x1610 / 4)
glhle_result mw_compute_launch_decode(const uint32_t *regs, const mw_mem_io *io, mw_compute_launch *out);

#endif
