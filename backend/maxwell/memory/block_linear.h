/* Maxwell (Tegra X1 GM20B) block-linear surface layout, GL-free.
 *
 * A GOB ("group of bytes") is 64 bytes wide and 8 rows tall, 512 bytes in
 * memory. Inside a GOB, 16-byte wide, 2-row tall sectors are ordered so that
 * the byte at (x, y) (x in bytes, 0-63; y in rows, 0-7) sits at
 *   (x / 32) * 256 + (y / 2) * 64 + ((x % 32) / 16) * 32 + (y % 2) * 16 + x % 16
 * i.e. address bits x5 y2 y1 x4 y0 x3 x2 x1 x0 (Ryujinx
 * `Ryujinx.Graphics.Texture/BlockLinearLayout.cs` GetOffsetWithLineOffset, and
 * the bit map in `Engine/Dma/DmaClass.cs` ConvertGobLinearToBlockLinearAddress).
 * GOBs are stacked into blocks of 2^block_height GOBs
 * vertically by 2^block_depth slices; inside a block GOBs run down first,
 * then through the slices; blocks run left to right (one GOB wide), then
 * down, then through depth.
 *
 * Textures: every mip level shrinks the block so that it is not more than
 * twice the level in each dimension — block_height becomes
 * min(block_height, ceil(log2(level height in GOBs))), block_depth likewise
 * with the level's depth in slices (Mesa NVK `nil_tiling_clamp`, "done by the
 * hardware at each LOD"; yuzu `AdjustMipBlockSize` agrees). Levels follow
 * each other in a layer, each a whole number of its own blocks; the layer
 * (array) stride is the layer's size rounded up to one level-0 block (Mesa
 * `nil_image_init` array_stride_B, yuzu/Ryujinx `AlignLayerSize`).
 *
 * Horizontal coordinates here are in BYTES (element index times bytes per
 * element) and rows are element rows: for block-compressed formats one row
 * is one row of 4x4 (or ASTC) blocks, as the hardware stores them. Details
 * and sources: docs/maxwell-memory.md. */
#ifndef GLHLE_MAXWELL_BLOCK_LINEAR_H
#define GLHLE_MAXWELL_BLOCK_LINEAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"

#define MW_GOB_WIDTH 64u   /* bytes */
#define MW_GOB_HEIGHT 8u   /* rows */
#define MW_GOB_SIZE 512u   /* bytes */
#define MW_BL_MAX_LOG2 5u  /* block height / depth up to 32 GOBs (clb0b5.h THIRTYTWO_GOBS) */
#define MW_BL_MAX_LEVELS 16u

/* One block-linear image: a 2D surface, or a 3D volume (a mip level, the
 * operand of a DMA copy). Sizes already in bytes and rows; block sizes
 * already clamped for this level. */
typedef struct mw_bl_geom {
    uint32_t width_bytes, height, depth;
    uint32_t block_height_log2, block_depth_log2; /* GOBs, 0-5 */
    /* derived by mw_bl_geom_init */
    uint32_t width_gobs;     /* ceil(width_bytes / 64) */
    uint32_t height_blocks;  /* ceil(height / (8 << bh)) */
    uint32_t depth_blocks;   /* ceil(depth >> bd) */
    uint64_t block_size;     /* 512 << (bh + bd) */
    uint64_t row_size;       /* one row of blocks: width_gobs * block_size */
    uint64_t slice_size;     /* one layer of blocks in z: height_blocks * row_size */
    uint64_t size;           /* the whole image: depth_blocks * slice_size */
} mw_bl_geom;

/* Fills the derived fields. INVALID_ARGUMENT (logged) for a zero size, a
 * block size above 5, or an image larger than 2^40 bytes (the GPU's whole
 * virtual address space). */
glhle_result mw_bl_geom_init(mw_bl_geom *g, uint32_t width_bytes, uint32_t height, uint32_t depth,
                             uint32_t block_height_log2, uint32_t block_depth_log2, const glhle_logger *log);

/* Byte offset of (x bytes, y rows, z slice) from the image's start; any
 * coordinates inside the image. Monotonic in each coordinate. */
uint64_t mw_bl_offset(const mw_bl_geom *g, uint32_t x, uint32_t y, uint32_t z);

/* A box inside one image: x and width in bytes, y and height in rows,
 * z and depth in slices. */
typedef struct mw_bl_box {
    uint32_t x, y, z, width, height, depth;
} mw_bl_box;

/* The byte range [*first, *end) of the image that the box touches, for
 * mapping checks and bounded reads (the offset is a sum of monotonic terms
 * in x, y and z, so the extremes are at the box's corners). */
void mw_bl_box_range(const mw_bl_geom *g, const mw_bl_box *box, uint64_t *first, uint64_t *end);

enum {
    MW_BL_REFERENCE = 1u << 0, /* the per-byte scalar reference instead of the fast path */
};

/* Copies the box between a block-linear image and a linear buffer: row r of
 * slice s of the box is at linear + s * slice_pitch + r * pitch (pitch >=
 * box width; slice_pitch >= pitch * height, or 0 for pitch * height).
 * `tiled` holds tiled_size bytes from the image's start; the box must lie in
 * the image and every byte it touches in the buffer (OUT_OF_BOUNDS
 * otherwise, logged with the box). Bytes of the destination outside the box
 * are left as they were. */
glhle_result mw_bl_tiled_to_linear(const mw_bl_geom *g, const uint8_t *tiled, size_t tiled_size,
                                   const mw_bl_box *box, uint8_t *linear, size_t linear_size, size_t pitch,
                                   size_t slice_pitch, uint32_t flags, const glhle_logger *log);
glhle_result mw_bl_linear_to_tiled(const mw_bl_geom *g, uint8_t *tiled, size_t tiled_size, const mw_bl_box *box,
                                   const uint8_t *linear, size_t linear_size, size_t pitch, size_t slice_pitch,
                                   uint32_t flags, const glhle_logger *log);

/* The same, with `tiled` holding image bytes tiled_first .. tiled_first +
 * tiled_size only (a staged span of guest memory); every byte the box
 * touches must be in it. */
glhle_result mw_bl_tiled_to_linear_at(const mw_bl_geom *g, const uint8_t *tiled, uint64_t tiled_first,
                                      size_t tiled_size, const mw_bl_box *box, uint8_t *linear, size_t linear_size,
                                      size_t pitch, size_t slice_pitch, uint32_t flags, const glhle_logger *log);
glhle_result mw_bl_linear_to_tiled_at(const mw_bl_geom *g, uint8_t *tiled, uint64_t tiled_first, size_t tiled_size,
                                      const mw_bl_box *box, const uint8_t *linear, size_t linear_size, size_t pitch,
                                      size_t slice_pitch, uint32_t flags, const glhle_logger *log);

/* A block-linear texture: levels and array layers. */
typedef struct mw_bl_texture_desc {
    uint32_t width, height, depth;  /* texels of level 0; depth 1 for 2D */
    uint32_t levels, layers;        /* 1-16 levels; 1 or more layers */
    uint32_t bytes_per_block;       /* 1-16: bytes per texel, or per compressed block */
    uint32_t block_width, block_height; /* texels per compressed block; 0 -> 1 */
    uint32_t block_height_log2, block_depth_log2; /* as programmed (TIC), 0-5 */
} mw_bl_texture_desc;

typedef struct mw_bl_texture_layout {
    mw_bl_geom level[MW_BL_MAX_LEVELS]; /* each level's image, with its clamped block size */
    uint64_t level_offset[MW_BL_MAX_LEVELS]; /* from the start of a layer */
    uint64_t layer_size;   /* the levels of one layer, unaligned */
    uint64_t layer_stride; /* layer_size rounded up to level 0's block size */
    uint64_t size;         /* layer_stride * (layers - 1) + layer_size */
    uint32_t levels, layers;
} mw_bl_texture_layout;

/* Lays the texture out as the hardware does; INVALID_ARGUMENT (logged) for
 * sizes of 0, more than 16 levels, more levels than the size allows
 * (log2(max side) + 1), bytes per block outside 1-16, or a size past 2^40. */
glhle_result mw_bl_texture_layout_init(mw_bl_texture_layout *out, const mw_bl_texture_desc *desc,
                                       const glhle_logger *log);

/* Byte offset of (level, layer) from the texture's start: layer *
 * layer_stride + level_offset[level]; copy its boxes with
 * mw_bl_*_to_* on layout->level[level] from there. UINT64_MAX when level
 * or layer is out of range. */
uint64_t mw_bl_texture_offset(const mw_bl_texture_layout *layout, uint32_t level, uint32_t layer);

/* Block height/depth log2 after the per-level clamp, for a level of
 * `height` rows and `depth` slices. */
uint32_t mw_bl_clamp_block_height(uint32_t block_height_log2, uint32_t height);
uint32_t mw_bl_clamp_block_depth(uint32_t block_depth_log2, uint32_t depth);

#endif
