/* Every method of the Maxwell 3D class (MAXWELL_B, 0xB197), listed once.
 *
 *   X(method, NAME, COUNT, STRIDE, FLAGS, FORMAT)
 *
 * method is the method word (byte offset / 4) of element 0, NAME the name in
 * NVIDIA's open-gpu-doc classes/3d/clb197.h without the NVB197_ prefix.
 * Arrays (clb197.h's NAME(i) / NAME(j) forms) have COUNT elements STRIDE
 * words apart; the header gives the stride but not the count, so the count
 * is the span up to the next method, cut to the documented element count
 * where the header leaves reserved words after an array (4 stream-out
 * buffers, 16 scissors, 8 colour-target write masks, 6 pipeline stages, 16
 * LOAD_CONSTANT_BUFFER words, 5 bind groups, 32 polygon-stipple rows:
 * yuzu's and Ryujinx's Maxwell 3D register layouts agree). The 2D array
 * SET_STREAM_OUT_LAYOUT_SELECT(i,j) is listed flat (4 streams x 32 words).
 * Eleven methods clb197.h does not name but drivers write come from
 * deko3d's source/maxwell/engine_3d.def (the tiled-cache group 0x3D8-0x3E0,
 * 0x442 and 0x56D), named here in the header's style.
 *
 * FLAGS: G(group) is the decoded-state group (maxwell_state.h) a changed
 * value marks dirty; S marks a method with an action beyond storing the
 * value (regs_3d.c). FORMAT picks the value printer of the dump tool:
 * hex, f32 (an IEEE float), bool, addr_hi / addr_lo (bits 32-39 and 0-31 of
 * a GPU address, from the header's *_UPPER / *_LOWER field names).
 *
 * The list generates the method-word enum (MW_3D_NAME), the name table, the
 * per-word flags used on every write, and the dump tool's printers. */
#ifndef GLHLE_MAXWELL_REGS_3D_TABLE_H
#define GLHLE_MAXWELL_REGS_3D_TABLE_H

#define MW_3D_METHODS(X) \
    X(0x000, SET_OBJECT,                                            1,  0, G(NONE) | S,               hex) \
    X(0x040, NO_OPERATION,                                          1,  0, G(NONE) | S,               hex) \
    X(0x041, SET_NOTIFY_A,                                          1,  0, G(NONE),                   addr_hi) \
    X(0x042, SET_NOTIFY_B,                                          1,  0, G(NONE),                   addr_lo) \
    X(0x043, NOTIFY,                                                1,  0, G(NONE) | S,               hex) \
    X(0x044, WAIT_FOR_IDLE,                                         1,  0, G(NONE) | S,               hex) \
    X(0x045, LOAD_MME_INSTRUCTION_RAM_POINTER,                      1,  0, G(NONE) | S,               hex) \
    X(0x046, LOAD_MME_INSTRUCTION_RAM,                              1,  0, G(NONE) | S,               hex) \
    X(0x047, LOAD_MME_START_ADDRESS_RAM_POINTER,                    1,  0, G(NONE) | S,               hex) \
    X(0x048, LOAD_MME_START_ADDRESS_RAM,                            1,  0, G(NONE) | S,               hex) \
    X(0x049, SET_MME_SHADOW_RAM_CONTROL,                            1,  0, G(NONE) | S,               hex) \
    X(0x04A, PEER_SEMAPHORE_RELEASE_OFFSET_UPPER,                   1,  0, G(NONE),                   hex) \
    X(0x04B, PEER_SEMAPHORE_RELEASE_OFFSET,                         1,  0, G(NONE),                   hex) \
    X(0x04C, SET_GLOBAL_RENDER_ENABLE_A,                            1,  0, G(RENDER_ENABLE),          addr_hi) \
    X(0x04D, SET_GLOBAL_RENDER_ENABLE_B,                            1,  0, G(RENDER_ENABLE),          addr_lo) \
    X(0x04E, SET_GLOBAL_RENDER_ENABLE_C,                            1,  0, G(RENDER_ENABLE),          hex) \
    X(0x04F, SEND_GO_IDLE,                                          1,  0, G(NONE),                   hex) \
    X(0x050, PM_TRIGGER,                                            1,  0, G(NONE),                   hex) \
    X(0x051, PM_TRIGGER_WFI,                                        1,  0, G(NONE),                   hex) \
    X(0x054, SET_INSTRUMENTATION_METHOD_HEADER,                     1,  0, G(NONE),                   hex) \
    X(0x055, SET_INSTRUMENTATION_METHOD_DATA,                       1,  0, G(NONE),                   hex) \
    X(0x060, LINE_LENGTH_IN,                                        1,  0, G(NONE),                   hex) \
    X(0x061, LINE_COUNT,                                            1,  0, G(NONE),                   hex) \
    X(0x062, OFFSET_OUT_UPPER,                                      1,  0, G(NONE),                   hex) \
    X(0x063, OFFSET_OUT,                                            1,  0, G(NONE),                   hex) \
    X(0x064, PITCH_OUT,                                             1,  0, G(NONE),                   hex) \
    X(0x065, SET_DST_BLOCK_SIZE,                                    1,  0, G(NONE),                   hex) \
    X(0x066, SET_DST_WIDTH,                                         1,  0, G(NONE),                   hex) \
    X(0x067, SET_DST_HEIGHT,                                        1,  0, G(NONE),                   hex) \
    X(0x068, SET_DST_DEPTH,                                         1,  0, G(NONE),                   hex) \
    X(0x069, SET_DST_LAYER,                                         1,  0, G(NONE),                   hex) \
    X(0x06A, SET_DST_ORIGIN_BYTES_X,                                1,  0, G(NONE),                   hex) \
    X(0x06B, SET_DST_ORIGIN_SAMPLES_Y,                              1,  0, G(NONE),                   hex) \
    X(0x06C, LAUNCH_DMA,                                            1,  0, G(NONE) | S,               hex) \
    X(0x06D, LOAD_INLINE_DATA,                                      1,  0, G(NONE) | S,               hex) \
    X(0x077, SET_I2M_SEMAPHORE_A,                                   1,  0, G(NONE),                   addr_hi) \
    X(0x078, SET_I2M_SEMAPHORE_B,                                   1,  0, G(NONE),                   addr_lo) \
    X(0x079, SET_I2M_SEMAPHORE_C,                                   1,  0, G(NONE),                   hex) \
    X(0x07C, SET_I2M_SPARE_NOOP00,                                  1,  0, G(NONE),                   hex) \
    X(0x07D, SET_I2M_SPARE_NOOP01,                                  1,  0, G(NONE),                   hex) \
    X(0x07E, SET_I2M_SPARE_NOOP02,                                  1,  0, G(NONE),                   hex) \
    X(0x07F, SET_I2M_SPARE_NOOP03,                                  1,  0, G(NONE),                   hex) \
    X(0x080, RUN_DS_NOW,                                            1,  0, G(NONE),                   hex) \
    X(0x081, SET_OPPORTUNISTIC_EARLY_Z_HYSTERESIS,                  1,  0, G(NONE),                   hex) \
    X(0x083, SET_ALIASED_LINE_WIDTH_ENABLE,                         1,  0, G(RASTER),                 bool) \
    X(0x084, SET_API_MANDATED_EARLY_Z,                              1,  0, G(NONE),                   bool) \
    X(0x085, SET_GS_DM_FIFO,                                        1,  0, G(NONE),                   hex) \
    X(0x086, SET_L2_CACHE_CONTROL_FOR_ROP_PREFETCH_READ_REQUESTS,   1,  0, G(NONE),                   hex) \
    X(0x087, INVALIDATE_SHADER_CACHES,                              1,  0, G(NONE) | S,               hex) \
    X(0x0B2, INCREMENT_SYNC_POINT,                                  1,  0, G(NONE) | S,               hex) \
    X(0x0B4, SET_PRIM_CIRCULAR_BUFFER_THROTTLE,                     1,  0, G(NONE),                   hex) \
    X(0x0B5, FLUSH_AND_INVALIDATE_ROP_MINI_CACHE,                   1,  0, G(NONE),                   hex) \
    X(0x0B6, SET_SURFACE_CLIP_ID_BLOCK_SIZE,                        1,  0, G(NONE),                   hex) \
    X(0x0B7, SET_ALPHA_CIRCULAR_BUFFER_SIZE,                        1,  0, G(NONE),                   hex) \
    X(0x0B8, DECOMPRESS_SURFACE,                                    1,  0, G(NONE),                   hex) \
    X(0x0B9, SET_ZCULL_ROP_BYPASS,                                  1,  0, G(NONE),                   hex) \
    X(0x0BA, SET_ZCULL_SUBREGION,                                   1,  0, G(NONE),                   hex) \
    X(0x0BB, SET_RASTER_BOUNDING_BOX,                               1,  0, G(NONE),                   hex) \
    X(0x0BC, PEER_SEMAPHORE_RELEASE,                                1,  0, G(NONE),                   hex) \
    X(0x0BD, SET_ITERATED_BLEND_OPTIMIZATION,                       1,  0, G(NONE),                   hex) \
    X(0x0BE, SET_ZCULL_SUBREGION_ALLOCATION,                        1,  0, G(NONE),                   hex) \
    X(0x0BF, ASSIGN_ZCULL_SUBREGIONS,                               1,  0, G(NONE),                   hex) \
    X(0x0C0, SET_PS_OUTPUT_SAMPLE_MASK_USAGE,                       1,  0, G(NONE),                   hex) \
    X(0x0C1, DRAW_ZERO_INDEX,                                       1,  0, G(NONE) | S,               hex) \
    X(0x0C2, SET_L1_CONFIGURATION,                                  1,  0, G(NONE),                   hex) \
    X(0x0C3, SET_RENDER_ENABLE_CONTROL,                             1,  0, G(RENDER_ENABLE),          hex) \
    X(0x0C4, SET_SPA_VERSION,                                       1,  0, G(NONE),                   hex) \
    X(0x0C5, SET_IEEE_CLEAN_UPDATE,                                 1,  0, G(NONE),                   bool) \
    X(0x0C6, SET_SNAP_GRID_LINE,                                    1,  0, G(NONE),                   hex) \
    X(0x0C7, SET_SNAP_GRID_NON_LINE,                                1,  0, G(NONE),                   hex) \
    X(0x0C8, SET_TESSELLATION_PARAMETERS,                           1,  0, G(PROGRAM),                hex) \
    X(0x0C9, SET_TESSELLATION_LOD_U0_OR_DENSITY,                    1,  0, G(NONE),                   f32) \
    X(0x0CA, SET_TESSELLATION_LOD_V0_OR_DETAIL,                     1,  0, G(NONE),                   f32) \
    X(0x0CB, SET_TESSELLATION_LOD_U1_OR_W0,                         1,  0, G(NONE),                   f32) \
    X(0x0CC, SET_TESSELLATION_LOD_V1,                               1,  0, G(NONE),                   f32) \
    X(0x0CD, SET_TG_LOD_INTERIOR_U,                                 1,  0, G(NONE),                   f32) \
    X(0x0CE, SET_TG_LOD_INTERIOR_V,                                 1,  0, G(NONE),                   f32) \
    X(0x0CF, RESERVED_TG07,                                         1,  0, G(NONE),                   hex) \
    X(0x0D0, RESERVED_TG08,                                         1,  0, G(NONE),                   hex) \
    X(0x0D1, RESERVED_TG09,                                         1,  0, G(NONE),                   hex) \
    X(0x0D2, RESERVED_TG10,                                         1,  0, G(NONE),                   hex) \
    X(0x0D3, RESERVED_TG11,                                         1,  0, G(NONE),                   hex) \
    X(0x0D4, RESERVED_TG12,                                         1,  0, G(NONE),                   hex) \
    X(0x0D5, RESERVED_TG13,                                         1,  0, G(NONE),                   hex) \
    X(0x0D6, RESERVED_TG14,                                         1,  0, G(NONE),                   hex) \
    X(0x0D7, RESERVED_TG15,                                         1,  0, G(NONE),                   hex) \
    X(0x0D8, SET_SUBTILING_PERF_KNOB_A,                             1,  0, G(NONE),                   hex) \
    X(0x0D9, SET_SUBTILING_PERF_KNOB_B,                             1,  0, G(NONE),                   hex) \
    X(0x0DA, SET_SUBTILING_PERF_KNOB_C,                             1,  0, G(NONE),                   hex) \
    X(0x0DB, SET_ZCULL_SUBREGION_TO_REPORT,                         1,  0, G(NONE),                   hex) \
    X(0x0DC, SET_ZCULL_SUBREGION_REPORT_TYPE,                       1,  0, G(NONE),                   hex) \
    X(0x0DD, SET_BALANCED_PRIMITIVE_WORKLOAD,                       1,  0, G(NONE),                   hex) \
    X(0x0DE, SET_MAX_PATCHES_PER_BATCH,                             1,  0, G(NONE),                   hex) \
    X(0x0DF, SET_RASTER_ENABLE,                                     1,  0, G(RASTER),                 bool) \
    X(0x0E0, SET_STREAM_OUT_BUFFER_ENABLE,                          4,  8, G(STREAM_OUT),             bool) \
    X(0x0E1, SET_STREAM_OUT_BUFFER_ADDRESS_A,                       4,  8, G(STREAM_OUT),             addr_hi) \
    X(0x0E2, SET_STREAM_OUT_BUFFER_ADDRESS_B,                       4,  8, G(STREAM_OUT),             addr_lo) \
    X(0x0E3, SET_STREAM_OUT_BUFFER_SIZE,                            4,  8, G(STREAM_OUT),             hex) \
    X(0x0E4, SET_STREAM_OUT_BUFFER_LOAD_WRITE_POINTER,              4,  8, G(NONE) | S,               hex) \
    X(0x1C0, SET_STREAM_OUT_CONTROL_STREAM,                         4,  4, G(STREAM_OUT),             hex) \
    X(0x1C1, SET_STREAM_OUT_CONTROL_COMPONENT_COUNT,                4,  4, G(STREAM_OUT),             hex) \
    X(0x1C2, SET_STREAM_OUT_CONTROL_STRIDE,                         4,  4, G(STREAM_OUT),             hex) \
    X(0x1D0, SET_RASTER_INPUT,                                      1,  0, G(STREAM_OUT),             hex) \
    X(0x1D1, SET_STREAM_OUTPUT,                                     1,  0, G(STREAM_OUT),             bool) \
    X(0x1D2, SET_DA_PRIMITIVE_RESTART_TOPOLOGY_CHANGE,              1,  0, G(PRIM_RESTART),           bool) \
    X(0x1D3, SET_ALPHA_FRACTION,                                    1,  0, G(NONE),                   hex) \
    X(0x1D5, SET_HYBRID_ANTI_ALIAS_CONTROL,                         1,  0, G(NONE),                   hex) \
    X(0x1DF, SET_SHADER_LOCAL_MEMORY_WINDOW,                        1,  0, G(NONE),                   hex) \
    X(0x1E4, SET_SHADER_LOCAL_MEMORY_A,                             1,  0, G(NONE),                   addr_hi) \
    X(0x1E5, SET_SHADER_LOCAL_MEMORY_B,                             1,  0, G(NONE),                   addr_lo) \
    X(0x1E6, SET_SHADER_LOCAL_MEMORY_C,                             1,  0, G(NONE),                   addr_hi) \
    X(0x1E7, SET_SHADER_LOCAL_MEMORY_D,                             1,  0, G(NONE),                   addr_lo) \
    X(0x1E8, SET_SHADER_LOCAL_MEMORY_E,                             1,  0, G(NONE),                   hex) \
    X(0x1E9, SET_COLOR_ZERO_BANDWIDTH_CLEAR,                        1,  0, G(NONE),                   hex) \
    X(0x1EA, SET_Z_ZERO_BANDWIDTH_CLEAR,                            1,  0, G(NONE),                   hex) \
    X(0x1EB, SET_ISBE_SAVE_RESTORE_PROGRAM,                         1,  0, G(NONE),                   hex) \
    X(0x1F0, SET_ZCULL_REGION_SIZE_A,                               1,  0, G(NONE),                   hex) \
    X(0x1F1, SET_ZCULL_REGION_SIZE_B,                               1,  0, G(NONE),                   hex) \
    X(0x1F2, SET_ZCULL_REGION_SIZE_C,                               1,  0, G(NONE),                   hex) \
    X(0x1F3, SET_ZCULL_REGION_PIXEL_OFFSET_C,                       1,  0, G(NONE),                   hex) \
    X(0x1F7, SET_CULL_BEFORE_FETCH,                                 1,  0, G(NONE),                   hex) \
    X(0x1F8, SET_ZCULL_REGION_LOCATION,                             1,  0, G(NONE),                   hex) \
    X(0x1F9, SET_ZCULL_REGION_ALIQUOTS,                             1,  0, G(NONE),                   hex) \
    X(0x1FA, SET_ZCULL_STORAGE_A,                                   1,  0, G(NONE),                   addr_hi) \
    X(0x1FB, SET_ZCULL_STORAGE_B,                                   1,  0, G(NONE),                   addr_lo) \
    X(0x1FC, SET_ZCULL_STORAGE_C,                                   1,  0, G(NONE),                   addr_hi) \
    X(0x1FD, SET_ZCULL_STORAGE_D,                                   1,  0, G(NONE),                   addr_lo) \
    X(0x1FE, SET_ZT_READ_ONLY,                                      1,  0, G(ZETA),                   hex) \
    X(0x200, SET_COLOR_TARGET_A,                                    8, 16, G(RT),                     addr_hi) \
    X(0x201, SET_COLOR_TARGET_B,                                    8, 16, G(RT),                     addr_lo) \
    X(0x202, SET_COLOR_TARGET_WIDTH,                                8, 16, G(RT),                     hex) \
    X(0x203, SET_COLOR_TARGET_HEIGHT,                               8, 16, G(RT),                     hex) \
    X(0x204, SET_COLOR_TARGET_FORMAT,                               8, 16, G(RT),                     hex) \
    X(0x205, SET_COLOR_TARGET_MEMORY,                               8, 16, G(RT),                     hex) \
    X(0x206, SET_COLOR_TARGET_THIRD_DIMENSION,                      8, 16, G(RT),                     hex) \
    X(0x207, SET_COLOR_TARGET_ARRAY_PITCH,                          8, 16, G(RT),                     hex) \
    X(0x208, SET_COLOR_TARGET_LAYER,                                8, 16, G(RT),                     hex) \
    X(0x209, SET_COLOR_TARGET_MARK,                                 8, 16, G(RT),                     hex) \
    X(0x280, SET_VIEWPORT_SCALE_X,                                 16,  8, G(VIEWPORT),               f32) \
    X(0x281, SET_VIEWPORT_SCALE_Y,                                 16,  8, G(VIEWPORT),               f32) \
    X(0x282, SET_VIEWPORT_SCALE_Z,                                 16,  8, G(VIEWPORT),               f32) \
    X(0x283, SET_VIEWPORT_OFFSET_X,                                16,  8, G(VIEWPORT),               f32) \
    X(0x284, SET_VIEWPORT_OFFSET_Y,                                16,  8, G(VIEWPORT),               f32) \
    X(0x285, SET_VIEWPORT_OFFSET_Z,                                16,  8, G(VIEWPORT),               f32) \
    X(0x286, SET_VIEWPORT_COORDINATE_SWIZZLE,                      16,  8, G(VIEWPORT),               hex) \
    X(0x287, SET_VIEWPORT_INCREASE_SNAP_GRID_PRECISION,            16,  8, G(VIEWPORT),               hex) \
    X(0x300, SET_VIEWPORT_CLIP_HORIZONTAL,                         16,  4, G(VIEWPORT),               hex) \
    X(0x301, SET_VIEWPORT_CLIP_VERTICAL,                           16,  4, G(VIEWPORT),               hex) \
    X(0x302, SET_VIEWPORT_CLIP_MIN_Z,                              16,  4, G(VIEWPORT),               f32) \
    X(0x303, SET_VIEWPORT_CLIP_MAX_Z,                              16,  4, G(VIEWPORT),               f32) \
    X(0x340, SET_WINDOW_CLIP_HORIZONTAL,                            8,  2, G(NONE),                   hex) \
    X(0x341, SET_WINDOW_CLIP_VERTICAL,                              8,  2, G(NONE),                   hex) \
    X(0x350, SET_CLIP_ID_EXTENT_X,                                  4,  2, G(NONE),                   hex) \
    X(0x351, SET_CLIP_ID_EXTENT_Y,                                  4,  2, G(NONE),                   hex) \
    X(0x358, SET_MAX_STREAM_OUTPUT_GS_INSTANCES_PER_TASK,           1,  0, G(NONE),                   hex) \
    X(0x359, SET_API_VISIBLE_CALL_LIMIT,                            1,  0, G(NONE),                   hex) \
    X(0x35A, SET_STATISTICS_COUNTER,                                1,  0, G(NONE),                   hex) \
    X(0x35B, SET_CLEAR_RECT_HORIZONTAL,                             1,  0, G(CLEAR),                  hex) \
    X(0x35C, SET_CLEAR_RECT_VERTICAL,                               1,  0, G(CLEAR),                  hex) \
    X(0x35D, SET_VERTEX_ARRAY_START,                                1,  0, G(DRAW),                   hex) \
    X(0x35E, DRAW_VERTEX_ARRAY,                                     1,  0, G(NONE) | S,               hex) \
    X(0x35F, SET_VIEWPORT_Z_CLIP,                                   1,  0, G(VIEWPORT),               hex) \
    X(0x360, SET_COLOR_CLEAR_VALUE,                                 4,  1, G(CLEAR),                  f32) \
    X(0x364, SET_Z_CLEAR_VALUE,                                     1,  0, G(CLEAR),                  f32) \
    X(0x365, SET_SHADER_CACHE_CONTROL,                              1,  0, G(NONE),                   hex) \
    X(0x366, FORCE_TRANSITION_TO_BETA,                              1,  0, G(NONE),                   hex) \
    X(0x367, SET_REDUCE_COLOR_THRESHOLDS_ENABLE,                    1,  0, G(NONE),                   bool) \
    X(0x368, SET_STENCIL_CLEAR_VALUE,                               1,  0, G(CLEAR),                  hex) \
    X(0x369, INVALIDATE_SHADER_CACHES_NO_WFI,                       1,  0, G(NONE) | S,               hex) \
    X(0x36A, SET_ZCULL_SERIALIZATION,                               1,  0, G(NONE),                   hex) \
    X(0x36B, SET_FRONT_POLYGON_MODE,                                1,  0, G(RASTER),                 hex) \
    X(0x36C, SET_BACK_POLYGON_MODE,                                 1,  0, G(RASTER),                 hex) \
    X(0x36D, SET_POLY_SMOOTH,                                       1,  0, G(RASTER),                 bool) \
    X(0x36E, SET_ZT_MARK,                                           1,  0, G(ZETA),                   hex) \
    X(0x36F, SET_ZCULL_DIR_FORMAT,                                  1,  0, G(NONE),                   hex) \
    X(0x370, SET_POLY_OFFSET_POINT,                                 1,  0, G(RASTER),                 bool) \
    X(0x371, SET_POLY_OFFSET_LINE,                                  1,  0, G(RASTER),                 bool) \
    X(0x372, SET_POLY_OFFSET_FILL,                                  1,  0, G(RASTER),                 bool) \
    X(0x373, SET_PATCH,                                             1,  0, G(PROGRAM),                hex) \
    X(0x374, SET_ITERATED_BLEND,                                    1,  0, G(NONE),                   hex) \
    X(0x375, SET_ITERATED_BLEND_PASS,                               1,  0, G(NONE),                   hex) \
    X(0x376, SET_ZCULL_CRITERION,                                   1,  0, G(NONE),                   hex) \
    X(0x378, PIXEL_SHADER_BARRIER,                                  1,  0, G(NONE) | S,               hex) \
    X(0x379, SET_SM_TIMEOUT_INTERVAL,                               1,  0, G(NONE),                   hex) \
    X(0x37A, SET_DA_PRIMITIVE_RESTART_VERTEX_ARRAY,                 1,  0, G(PRIM_RESTART),           bool) \
    X(0x37C, LOAD_ITERATED_BLEND_INSTRUCTION_POINTER,               1,  0, G(NONE),                   hex) \
    X(0x37D, LOAD_ITERATED_BLEND_INSTRUCTION,                       1,  0, G(NONE),                   hex) \
    X(0x37E, SET_WINDOW_OFFSET_X,                                   1,  0, G(VIEWPORT),               hex) \
    X(0x37F, SET_WINDOW_OFFSET_Y,                                   1,  0, G(VIEWPORT),               hex) \
    X(0x380, SET_SCISSOR_ENABLE,                                   16,  4, G(SCISSOR),                bool) \
    X(0x381, SET_SCISSOR_HORIZONTAL,                               16,  4, G(SCISSOR),                hex) \
    X(0x382, SET_SCISSOR_VERTICAL,                                 16,  4, G(SCISSOR),                hex) \
    X(0x3C4, SET_SELECT_MAXWELL_TEXTURE_HEADERS,                    1,  0, G(TEXTURE_POOLS),          bool) \
    X(0x3C5, SET_VPC_PERF_KNOB,                                     1,  0, G(NONE),                   hex) \
    X(0x3C6, PM_LOCAL_TRIGGER,                                      1,  0, G(NONE),                   hex) \
    X(0x3C7, SET_POST_Z_PS_IMASK,                                   1,  0, G(NONE),                   bool) \
    X(0x3D0, SET_CONSTANT_COLOR_RENDERING,                          1,  0, G(NONE),                   hex) \
    X(0x3D1, SET_CONSTANT_COLOR_RENDERING_RED,                      1,  0, G(NONE),                   f32) \
    X(0x3D2, SET_CONSTANT_COLOR_RENDERING_GREEN,                    1,  0, G(NONE),                   f32) \
    X(0x3D3, SET_CONSTANT_COLOR_RENDERING_BLUE,                     1,  0, G(NONE),                   f32) \
    X(0x3D4, SET_CONSTANT_COLOR_RENDERING_ALPHA,                    1,  0, G(NONE),                   f32) \
    X(0x3D5, SET_BACK_STENCIL_FUNC_REF,                             1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x3D6, SET_BACK_STENCIL_MASK,                                 1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x3D7, SET_BACK_STENCIL_FUNC_MASK,                            1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x3D8, SET_TILED_CACHE_ENABLE,                                1,  0, G(NONE),                   hex) \
    X(0x3D9, SET_TILED_CACHE_TILE_SIZE,                             1,  0, G(NONE),                   hex) \
    X(0x3DA, SET_TILED_CACHE_UNKNOWN_CONFIG0,                       1,  0, G(NONE),                   hex) \
    X(0x3DB, SET_TILED_CACHE_UNKNOWN_CONFIG1,                       1,  0, G(NONE),                   hex) \
    X(0x3DC, SET_TILED_CACHE_UNKNOWN_CONFIG3,                       1,  0, G(NONE),                   hex) \
    X(0x3DD, INVALIDATE_TEXTURE_DATA_CACHE_TILED,                   1,  0, G(NONE) | S,               hex) \
    X(0x3DE, DISCARD_RENDER_TARGET,                                 1,  0, G(NONE),                   hex) \
    X(0x3DF, TILED_CACHE_BARRIER,                                   1,  0, G(NONE) | S,               hex) \
    X(0x3E0, TILED_CACHE_FLUSH,                                     1,  0, G(NONE) | S,               hex) \
    X(0x3E1, SET_VERTEX_STREAM_SUBSTITUTE_A,                        1,  0, G(VERTEX_STREAM),          addr_hi) \
    X(0x3E2, SET_VERTEX_STREAM_SUBSTITUTE_B,                        1,  0, G(VERTEX_STREAM),          addr_lo) \
    X(0x3E3, SET_LINE_MODE_POLYGON_CLIP,                            1,  0, G(NONE),                   hex) \
    X(0x3E4, SET_SINGLE_CT_WRITE_CONTROL,                           1,  0, G(BLEND),                  bool) \
    X(0x3E6, SET_VTG_WARP_WATERMARKS,                               1,  0, G(NONE),                   hex) \
    X(0x3E7, SET_DEPTH_BOUNDS_MIN,                                  1,  0, G(DEPTH_STENCIL),          f32) \
    X(0x3E8, SET_DEPTH_BOUNDS_MAX,                                  1,  0, G(DEPTH_STENCIL),          f32) \
    X(0x3E9, SET_SAMPLE_MASK,                                       1,  0, G(NONE),                   hex) \
    X(0x3EA, SET_COLOR_TARGET_SAMPLE_MASK,                          1,  0, G(NONE),                   hex) \
    X(0x3EB, SET_CT_MRT_ENABLE,                                     1,  0, G(RT),                     bool) \
    X(0x3EC, SET_NONMULTISAMPLED_Z,                                 1,  0, G(NONE),                   hex) \
    X(0x3ED, SET_TIR,                                               1,  0, G(NONE),                   hex) \
    X(0x3EE, SET_ANTI_ALIAS_RASTER,                                 1,  0, G(NONE),                   hex) \
    X(0x3EF, SET_SAMPLE_MASK_X0_Y0,                                 1,  0, G(NONE),                   hex) \
    X(0x3F0, SET_SAMPLE_MASK_X1_Y0,                                 1,  0, G(NONE),                   hex) \
    X(0x3F1, SET_SAMPLE_MASK_X0_Y1,                                 1,  0, G(NONE),                   hex) \
    X(0x3F2, SET_SAMPLE_MASK_X1_Y1,                                 1,  0, G(NONE),                   hex) \
    X(0x3F3, SET_SURFACE_CLIP_ID_MEMORY_A,                          1,  0, G(NONE),                   addr_hi) \
    X(0x3F4, SET_SURFACE_CLIP_ID_MEMORY_B,                          1,  0, G(NONE),                   addr_lo) \
    X(0x3F5, SET_TIR_MODULATION,                                    1,  0, G(NONE),                   hex) \
    X(0x3F6, SET_TIR_MODULATION_FUNCTION,                           1,  0, G(NONE),                   hex) \
    X(0x3F7, SET_BLEND_OPT_CONTROL,                                 1,  0, G(BLEND),                  hex) \
    X(0x3F8, SET_ZT_A,                                              1,  0, G(ZETA),                   addr_hi) \
    X(0x3F9, SET_ZT_B,                                              1,  0, G(ZETA),                   addr_lo) \
    X(0x3FA, SET_ZT_FORMAT,                                         1,  0, G(ZETA),                   hex) \
    X(0x3FB, SET_ZT_BLOCK_SIZE,                                     1,  0, G(ZETA),                   hex) \
    X(0x3FC, SET_ZT_ARRAY_PITCH,                                    1,  0, G(ZETA),                   hex) \
    X(0x3FD, SET_SURFACE_CLIP_HORIZONTAL,                           1,  0, G(RT),                     hex) \
    X(0x3FE, SET_SURFACE_CLIP_VERTICAL,                             1,  0, G(RT),                     hex) \
    X(0x3FF, SET_TILED_CACHE_BUNDLE_CONTROL,                        1,  0, G(NONE),                   hex) \
    X(0x400, SET_L2_CACHE_CONTROL_FOR_VAF_REQUESTS,                 1,  0, G(NONE),                   hex) \
    X(0x401, SET_VIEWPORT_MULTICAST,                                1,  0, G(VIEWPORT),               hex) \
    X(0x402, SET_TESSELLATION_CUT_HEIGHT,                           1,  0, G(NONE),                   hex) \
    X(0x403, SET_MAX_GS_INSTANCES_PER_TASK,                         1,  0, G(NONE),                   hex) \
    X(0x404, SET_MAX_GS_OUTPUT_VERTICES_PER_TASK,                   1,  0, G(NONE),                   hex) \
    X(0x405, SET_RESERVED_SW_METHOD00,                              1,  0, G(NONE),                   hex) \
    X(0x406, SET_GS_OUTPUT_CB_STORAGE_MULTIPLIER,                   1,  0, G(NONE),                   hex) \
    X(0x407, SET_BETA_CB_STORAGE_CONSTRAINT,                        1,  0, G(NONE),                   bool) \
    X(0x408, SET_TI_OUTPUT_CB_STORAGE_MULTIPLIER,                   1,  0, G(NONE),                   hex) \
    X(0x409, SET_ALPHA_CB_STORAGE_CONSTRAINT,                       1,  0, G(NONE),                   bool) \
    X(0x40A, SET_RESERVED_SW_METHOD01,                              1,  0, G(NONE),                   hex) \
    X(0x40B, SET_RESERVED_SW_METHOD02,                              1,  0, G(NONE),                   hex) \
    X(0x40C, SET_TIR_MODULATION_COEFFICIENT_TABLE,                  5,  1, G(NONE),                   hex) \
    X(0x411, SET_SPARE_NOOP01,                                      1,  0, G(NONE),                   hex) \
    X(0x412, SET_SPARE_NOOP02,                                      1,  0, G(NONE),                   hex) \
    X(0x413, SET_SPARE_NOOP03,                                      1,  0, G(NONE),                   hex) \
    X(0x414, SET_SPARE_NOOP04,                                      1,  0, G(NONE),                   hex) \
    X(0x415, SET_SPARE_NOOP05,                                      1,  0, G(NONE),                   hex) \
    X(0x416, SET_SPARE_NOOP06,                                      1,  0, G(NONE),                   hex) \
    X(0x417, SET_SPARE_NOOP07,                                      1,  0, G(NONE),                   hex) \
    X(0x418, SET_SPARE_NOOP08,                                      1,  0, G(NONE),                   hex) \
    X(0x419, SET_SPARE_NOOP09,                                      1,  0, G(NONE),                   hex) \
    X(0x41A, SET_SPARE_NOOP10,                                      1,  0, G(NONE),                   hex) \
    X(0x41B, SET_SPARE_NOOP11,                                      1,  0, G(NONE),                   hex) \
    X(0x41C, SET_SPARE_NOOP12,                                      1,  0, G(NONE),                   hex) \
    X(0x41D, SET_SPARE_NOOP13,                                      1,  0, G(NONE),                   hex) \
    X(0x41E, SET_SPARE_NOOP14,                                      1,  0, G(NONE),                   hex) \
    X(0x41F, SET_SPARE_NOOP15,                                      1,  0, G(NONE),                   hex) \
    X(0x42C, SET_RESERVED_SW_METHOD03,                              1,  0, G(NONE),                   hex) \
    X(0x42D, SET_RESERVED_SW_METHOD04,                              1,  0, G(NONE),                   hex) \
    X(0x42E, SET_RESERVED_SW_METHOD05,                              1,  0, G(NONE),                   hex) \
    X(0x42F, SET_RESERVED_SW_METHOD06,                              1,  0, G(NONE),                   hex) \
    X(0x430, SET_RESERVED_SW_METHOD07,                              1,  0, G(NONE),                   hex) \
    X(0x431, SET_RESERVED_SW_METHOD08,                              1,  0, G(NONE),                   hex) \
    X(0x432, SET_RESERVED_SW_METHOD09,                              1,  0, G(NONE),                   hex) \
    X(0x433, SET_REDUCE_COLOR_THRESHOLDS_UNORM8,                    1,  0, G(NONE),                   hex) \
    X(0x434, SET_RESERVED_SW_METHOD10,                              1,  0, G(NONE),                   hex) \
    X(0x435, SET_RESERVED_SW_METHOD11,                              1,  0, G(NONE),                   hex) \
    X(0x436, SET_RESERVED_SW_METHOD12,                              1,  0, G(NONE),                   hex) \
    X(0x437, SET_RESERVED_SW_METHOD13,                              1,  0, G(NONE),                   hex) \
    X(0x438, SET_REDUCE_COLOR_THRESHOLDS_UNORM10,                   1,  0, G(NONE),                   hex) \
    X(0x439, SET_REDUCE_COLOR_THRESHOLDS_UNORM16,                   1,  0, G(NONE),                   hex) \
    X(0x43A, SET_REDUCE_COLOR_THRESHOLDS_FP11,                      1,  0, G(NONE),                   hex) \
    X(0x43B, SET_REDUCE_COLOR_THRESHOLDS_FP16,                      1,  0, G(NONE),                   hex) \
    X(0x43C, SET_REDUCE_COLOR_THRESHOLDS_SRGB8,                     1,  0, G(NONE),                   hex) \
    X(0x43D, UNBIND_ALL,                                            1,  0, G(NONE),                   hex) \
    X(0x43E, SET_CLEAR_SURFACE_CONTROL,                             1,  0, G(CLEAR),                  hex) \
    X(0x43F, SET_L2_CACHE_CONTROL_FOR_ROP_NONINTERLOCKED_READ_REQUESTS,   1,  0, G(NONE),                   hex) \
    X(0x440, SET_RESERVED_SW_METHOD14,                              1,  0, G(NONE),                   hex) \
    X(0x441, SET_RESERVED_SW_METHOD15,                              1,  0, G(NONE),                   hex) \
    X(0x442, SET_TILED_CACHE_UNKNOWN_CONFIG2,                       1,  0, G(NONE),                   hex) \
    X(0x443, NO_OPERATION_DATA_HI,                                  1,  0, G(NONE),                   hex) \
    X(0x444, SET_DEPTH_BIAS_CONTROL,                                1,  0, G(RASTER),                 hex) \
    X(0x445, PM_TRIGGER_END,                                        1,  0, G(NONE),                   hex) \
    X(0x446, SET_VERTEX_ID_BASE,                                    1,  0, G(DRAW),                   hex) \
    X(0x447, SET_STENCIL_COMPRESSION,                               1,  0, G(NONE),                   bool) \
    X(0x448, SET_DA_OUTPUT_ATTRIBUTE_SKIP_MASK_A,                   2,  1, G(NONE),                   hex) \
    X(0x44A, SET_DA_OUTPUT_ATTRIBUTE_SKIP_MASK_B,                   2,  1, G(NONE),                   hex) \
    X(0x44C, SET_TIR_CONTROL,                                       1,  0, G(NONE),                   hex) \
    X(0x44D, SET_MUTABLE_METHOD_CONTROL,                            1,  0, G(NONE),                   hex) \
    X(0x44E, SET_POST_PS_INITIAL_COVERAGE,                          1,  0, G(NONE),                   hex) \
    X(0x44F, SET_FILL_VIA_TRIANGLE,                                 1,  0, G(NONE),                   hex) \
    X(0x450, SET_BLEND_PER_FORMAT_ENABLE,                           1,  0, G(BLEND),                  hex) \
    X(0x451, FLUSH_PENDING_WRITES,                                  1,  0, G(NONE) | S,               hex) \
    X(0x452, SET_CONSERVATIVE_RASTER,                               1,  0, G(NONE),                   bool) \
    X(0x458, SET_VERTEX_ATTRIBUTE_A,                               16,  1, G(VERTEX_ATTRIB),          hex) \
    X(0x468, SET_VERTEX_ATTRIBUTE_B,                               16,  1, G(VERTEX_ATTRIB),          hex) \
    X(0x478, SET_ANTI_ALIAS_SAMPLE_POSITIONS,                       4,  1, G(NONE),                   hex) \
    X(0x47C, SET_OFFSET_RENDER_TARGET_INDEX,                        1,  0, G(NONE),                   hex) \
    X(0x47D, FORCE_HEAVYWEIGHT_METHOD_SYNC,                         1,  0, G(NONE),                   hex) \
    X(0x47E, SET_COVERAGE_TO_COLOR,                                 1,  0, G(NONE),                   hex) \
    X(0x47F, DECOMPRESS_ZETA_SURFACE,                               1,  0, G(NONE),                   hex) \
    X(0x482, SET_ZT_SPARSE,                                         1,  0, G(NONE),                   hex) \
    X(0x483, INVALIDATE_SAMPLER_CACHE_ALL,                          1,  0, G(NONE) | S,               hex) \
    X(0x484, INVALIDATE_TEXTURE_HEADER_CACHE_ALL,                   1,  0, G(NONE) | S,               hex) \
    X(0x485, DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST,            1,  0, G(NONE) | S,               hex) \
    X(0x486, DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_SUBSEQUENT,       1,  0, G(NONE) | S,               hex) \
    X(0x487, SET_CT_SELECT,                                         1,  0, G(RT),                     hex) \
    X(0x488, SET_COMPRESSION_THRESHOLD,                             1,  0, G(NONE),                   hex) \
    X(0x489, SET_PIXEL_SHADER_INTERLOCK_CONTROL,                    1,  0, G(NONE),                   hex) \
    X(0x48A, SET_ZT_SIZE_A,                                         1,  0, G(ZETA),                   hex) \
    X(0x48B, SET_ZT_SIZE_B,                                         1,  0, G(ZETA),                   hex) \
    X(0x48C, SET_ZT_SIZE_C,                                         1,  0, G(ZETA),                   hex) \
    X(0x48D, SET_SAMPLER_BINDING,                                   1,  0, G(TEXTURE_POOLS),          hex) \
    X(0x48F, DRAW_AUTO,                                             1,  0, G(NONE) | S,               hex) \
    X(0x490, SET_POST_VTG_SHADER_ATTRIBUTE_SKIP_MASK,               8,  1, G(NONE),                   hex) \
    X(0x498, SET_PIXEL_SHADER_TICKET_DISPENSER_VALUE,               1,  0, G(NONE),                   hex) \
    X(0x4A0, SET_CIRCULAR_BUFFER_SIZE,                              1,  0, G(NONE),                   hex) \
    X(0x4A1, SET_VTG_REGISTER_WATERMARKS,                           1,  0, G(NONE),                   hex) \
    X(0x4A2, INVALIDATE_TEXTURE_DATA_CACHE_NO_WFI,                  1,  0, G(NONE) | S,               hex) \
    X(0x4A4, SET_L2_CACHE_CONTROL_FOR_ROP_INTERLOCKED_READ_REQUESTS,   1,  0, G(NONE),                   hex) \
    X(0x4A9, SET_DA_PRIMITIVE_RESTART_INDEX_TOPOLOGY_CHANGE,        1,  0, G(PRIM_RESTART),           hex) \
    X(0x4B2, CLEAR_ZCULL_REGION,                                    1,  0, G(NONE),                   hex) \
    X(0x4B3, SET_DEPTH_TEST,                                        1,  0, G(DEPTH_STENCIL),          bool) \
    X(0x4B4, SET_FILL_MODE,                                         1,  0, G(RASTER),                 hex) \
    X(0x4B5, SET_SHADE_MODE,                                        1,  0, G(RASTER),                 hex) \
    X(0x4B6, SET_L2_CACHE_CONTROL_FOR_ROP_NONINTERLOCKED_WRITE_REQUESTS,   1,  0, G(NONE),                   hex) \
    X(0x4B7, SET_L2_CACHE_CONTROL_FOR_ROP_INTERLOCKED_WRITE_REQUESTS,   1,  0, G(NONE),                   hex) \
    X(0x4B8, SET_ALPHA_TO_COVERAGE_DITHER_CONTROL,                  1,  0, G(BLEND),                  hex) \
    X(0x4B9, SET_BLEND_STATE_PER_TARGET,                            1,  0, G(BLEND),                  bool) \
    X(0x4BA, SET_DEPTH_WRITE,                                       1,  0, G(DEPTH_STENCIL),          bool) \
    X(0x4BB, SET_ALPHA_TEST,                                        1,  0, G(DEPTH_STENCIL),          bool) \
    X(0x4C0, SET_INLINE_INDEX4X8_ALIGN,                             1,  0, G(NONE),                   hex) \
    X(0x4C1, DRAW_INLINE_INDEX4X8,                                  1,  0, G(NONE) | S,               hex) \
    X(0x4C2, D3D_SET_CULL_MODE,                                     1,  0, G(RASTER),                 hex) \
    X(0x4C3, SET_DEPTH_FUNC,                                        1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x4C4, SET_ALPHA_REF,                                         1,  0, G(DEPTH_STENCIL),          f32) \
    X(0x4C5, SET_ALPHA_FUNC,                                        1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x4C6, SET_DRAW_AUTO_STRIDE,                                  1,  0, G(NONE),                   hex) \
    X(0x4C7, SET_BLEND_CONST_RED,                                   1,  0, G(BLEND),                  f32) \
    X(0x4C8, SET_BLEND_CONST_GREEN,                                 1,  0, G(BLEND),                  f32) \
    X(0x4C9, SET_BLEND_CONST_BLUE,                                  1,  0, G(BLEND),                  f32) \
    X(0x4CA, SET_BLEND_CONST_ALPHA,                                 1,  0, G(BLEND),                  f32) \
    X(0x4CC, INVALIDATE_SAMPLER_CACHE,                              1,  0, G(NONE) | S,               hex) \
    X(0x4CD, INVALIDATE_TEXTURE_HEADER_CACHE,                       1,  0, G(NONE) | S,               hex) \
    X(0x4CE, INVALIDATE_TEXTURE_DATA_CACHE,                         1,  0, G(NONE) | S,               hex) \
    X(0x4CF, SET_BLEND_SEPARATE_FOR_ALPHA,                          1,  0, G(BLEND),                  bool) \
    X(0x4D0, SET_BLEND_COLOR_OP,                                    1,  0, G(BLEND),                  hex) \
    X(0x4D1, SET_BLEND_COLOR_SOURCE_COEFF,                          1,  0, G(BLEND),                  hex) \
    X(0x4D2, SET_BLEND_COLOR_DEST_COEFF,                            1,  0, G(BLEND),                  hex) \
    X(0x4D3, SET_BLEND_ALPHA_OP,                                    1,  0, G(BLEND),                  hex) \
    X(0x4D4, SET_BLEND_ALPHA_SOURCE_COEFF,                          1,  0, G(BLEND),                  hex) \
    X(0x4D5, SET_GLOBAL_COLOR_KEY,                                  1,  0, G(NONE),                   bool) \
    X(0x4D6, SET_BLEND_ALPHA_DEST_COEFF,                            1,  0, G(BLEND),                  hex) \
    X(0x4D7, SET_SINGLE_ROP_CONTROL,                                1,  0, G(BLEND),                  bool) \
    X(0x4D8, SET_BLEND,                                             8,  1, G(BLEND),                  hex) \
    X(0x4E0, SET_STENCIL_TEST,                                      1,  0, G(DEPTH_STENCIL),          bool) \
    X(0x4E1, SET_STENCIL_OP_FAIL,                                   1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x4E2, SET_STENCIL_OP_ZFAIL,                                  1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x4E3, SET_STENCIL_OP_ZPASS,                                  1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x4E4, SET_STENCIL_FUNC,                                      1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x4E5, SET_STENCIL_FUNC_REF,                                  1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x4E6, SET_STENCIL_FUNC_MASK,                                 1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x4E7, SET_STENCIL_MASK,                                      1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x4E9, SET_DRAW_AUTO_START,                                   1,  0, G(NONE),                   hex) \
    X(0x4EA, SET_PS_SATURATE,                                       1,  0, G(NONE),                   hex) \
    X(0x4EB, SET_WINDOW_ORIGIN,                                     1,  0, G(RASTER),                 hex) \
    X(0x4EC, SET_LINE_WIDTH_FLOAT,                                  1,  0, G(RASTER),                 f32) \
    X(0x4ED, SET_ALIASED_LINE_WIDTH_FLOAT,                          1,  0, G(RASTER),                 f32) \
    X(0x506, SET_LINE_MULTISAMPLE_OVERRIDE,                         1,  0, G(NONE),                   bool) \
    X(0x508, SET_ALPHA_HYSTERESIS,                                  1,  0, G(NONE),                   hex) \
    X(0x509, INVALIDATE_SAMPLER_CACHE_NO_WFI,                       1,  0, G(NONE) | S,               hex) \
    X(0x50A, INVALIDATE_TEXTURE_HEADER_CACHE_NO_WFI,                1,  0, G(NONE) | S,               hex) \
    X(0x50D, SET_GLOBAL_BASE_VERTEX_INDEX,                          1,  0, G(DRAW),                   hex) \
    X(0x50E, SET_GLOBAL_BASE_INSTANCE_INDEX,                        1,  0, G(DRAW),                   hex) \
    X(0x514, SET_PS_WARP_WATERMARKS,                                1,  0, G(NONE),                   hex) \
    X(0x515, SET_PS_REGISTER_WATERMARKS,                            1,  0, G(NONE),                   hex) \
    X(0x519, STORE_ZCULL,                                           1,  0, G(NONE),                   hex) \
    X(0x520, SET_ITERATED_BLEND_CONSTANT_RED,                       8,  4, G(NONE),                   hex) \
    X(0x521, SET_ITERATED_BLEND_CONSTANT_GREEN,                     8,  4, G(NONE),                   hex) \
    X(0x522, SET_ITERATED_BLEND_CONSTANT_BLUE,                      8,  4, G(NONE),                   hex) \
    X(0x540, LOAD_ZCULL,                                            1,  0, G(NONE),                   hex) \
    X(0x541, SET_SURFACE_CLIP_ID_HEIGHT,                            1,  0, G(NONE),                   hex) \
    X(0x542, SET_CLIP_ID_CLEAR_RECT_HORIZONTAL,                     1,  0, G(NONE),                   hex) \
    X(0x543, SET_CLIP_ID_CLEAR_RECT_VERTICAL,                       1,  0, G(NONE),                   hex) \
    X(0x544, SET_USER_CLIP_ENABLE,                                  1,  0, G(RASTER),                 hex) \
    X(0x545, SET_ZPASS_PIXEL_COUNT,                                 1,  0, G(NONE),                   bool) \
    X(0x546, SET_POINT_SIZE,                                        1,  0, G(RASTER),                 f32) \
    X(0x547, SET_ZCULL_STATS,                                       1,  0, G(NONE),                   bool) \
    X(0x548, SET_POINT_SPRITE,                                      1,  0, G(RASTER),                 hex) \
    X(0x54A, SET_SHADER_EXCEPTIONS,                                 1,  0, G(NONE),                   bool) \
    X(0x54C, CLEAR_REPORT_VALUE,                                    1,  0, G(NONE) | S,               hex) \
    X(0x54D, SET_ANTI_ALIAS_ENABLE,                                 1,  0, G(NONE),                   bool) \
    X(0x54E, SET_ZT_SELECT,                                         1,  0, G(ZETA),                   hex) \
    X(0x54F, SET_ANTI_ALIAS_ALPHA_CONTROL,                          1,  0, G(NONE),                   hex) \
    X(0x554, SET_RENDER_ENABLE_A,                                   1,  0, G(RENDER_ENABLE),          addr_hi) \
    X(0x555, SET_RENDER_ENABLE_B,                                   1,  0, G(RENDER_ENABLE),          addr_lo) \
    X(0x556, SET_RENDER_ENABLE_C,                                   1,  0, G(RENDER_ENABLE),          hex) \
    X(0x557, SET_TEX_SAMPLER_POOL_A,                                1,  0, G(TEXTURE_POOLS),          addr_hi) \
    X(0x558, SET_TEX_SAMPLER_POOL_B,                                1,  0, G(TEXTURE_POOLS),          addr_lo) \
    X(0x559, SET_TEX_SAMPLER_POOL_C,                                1,  0, G(TEXTURE_POOLS),          hex) \
    X(0x55B, SET_SLOPE_SCALE_DEPTH_BIAS,                            1,  0, G(RASTER),                 f32) \
    X(0x55C, SET_ANTI_ALIASED_LINE,                                 1,  0, G(RASTER),                 bool) \
    X(0x55D, SET_TEX_HEADER_POOL_A,                                 1,  0, G(TEXTURE_POOLS),          addr_hi) \
    X(0x55E, SET_TEX_HEADER_POOL_B,                                 1,  0, G(TEXTURE_POOLS),          addr_lo) \
    X(0x55F, SET_TEX_HEADER_POOL_C,                                 1,  0, G(TEXTURE_POOLS),          hex) \
    X(0x564, SET_ACTIVE_ZCULL_REGION,                               1,  0, G(NONE),                   hex) \
    X(0x565, SET_TWO_SIDED_STENCIL_TEST,                            1,  0, G(DEPTH_STENCIL),          bool) \
    X(0x566, SET_BACK_STENCIL_OP_FAIL,                              1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x567, SET_BACK_STENCIL_OP_ZFAIL,                             1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x568, SET_BACK_STENCIL_OP_ZPASS,                             1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x569, SET_BACK_STENCIL_FUNC,                                 1,  0, G(DEPTH_STENCIL),          hex) \
    X(0x56D, SET_CSAA_ENABLE,                                       1,  0, G(NONE),                   hex) \
    X(0x56E, SET_SRGB_WRITE,                                        1,  0, G(RT),                     bool) \
    X(0x56F, SET_DEPTH_BIAS,                                        1,  0, G(RASTER),                 f32) \
    X(0x572, SET_ZCULL_REGION_FORMAT,                               1,  0, G(NONE),                   hex) \
    X(0x573, SET_RT_LAYER,                                          1,  0, G(NONE),                   hex) \
    X(0x574, SET_ANTI_ALIAS,                                        1,  0, G(RT),                     hex) \
    X(0x579, SET_EDGE_FLAG,                                         1,  0, G(NONE),                   bool) \
    X(0x57A, DRAW_INLINE_INDEX,                                     1,  0, G(NONE) | S,               hex) \
    X(0x57B, SET_INLINE_INDEX2X16_ALIGN,                            1,  0, G(NONE),                   hex) \
    X(0x57C, DRAW_INLINE_INDEX2X16,                                 1,  0, G(NONE) | S,               hex) \
    X(0x57D, SET_VERTEX_GLOBAL_BASE_OFFSET_A,                       1,  0, G(DRAW),                   addr_hi) \
    X(0x57E, SET_VERTEX_GLOBAL_BASE_OFFSET_B,                       1,  0, G(DRAW),                   addr_lo) \
    X(0x57F, SET_ZCULL_REGION_PIXEL_OFFSET_A,                       1,  0, G(NONE),                   hex) \
    X(0x580, SET_ZCULL_REGION_PIXEL_OFFSET_B,                       1,  0, G(NONE),                   hex) \
    X(0x581, SET_POINT_SPRITE_SELECT,                               1,  0, G(RASTER),                 hex) \
    X(0x582, SET_PROGRAM_REGION_A,                                  1,  0, G(PROGRAM),                addr_hi) \
    X(0x583, SET_PROGRAM_REGION_B,                                  1,  0, G(PROGRAM),                addr_lo) \
    X(0x584, SET_ATTRIBUTE_DEFAULT,                                 1,  0, G(NONE),                   hex) \
    X(0x585, END,                                                   1,  0, G(NONE) | S,               hex) \
    X(0x586, BEGIN,                                                 1,  0, G(NONE) | S,               hex) \
    X(0x587, SET_VERTEX_ID_COPY,                                    1,  0, G(NONE),                   hex) \
    X(0x588, ADD_TO_PRIMITIVE_ID,                                   1,  0, G(NONE),                   hex) \
    X(0x589, LOAD_PRIMITIVE_ID,                                     1,  0, G(NONE),                   hex) \
    X(0x58B, SET_SHADER_BASED_CULL,                                 1,  0, G(NONE),                   hex) \
    X(0x58E, SET_CLASS_VERSION,                                     1,  0, G(NONE),                   hex) \
    X(0x591, SET_DA_PRIMITIVE_RESTART,                              1,  0, G(PRIM_RESTART),           hex) \
    X(0x592, SET_DA_PRIMITIVE_RESTART_INDEX,                        1,  0, G(PRIM_RESTART),           hex) \
    X(0x593, SET_DA_OUTPUT,                                         1,  0, G(NONE),                   hex) \
    X(0x596, SET_ANTI_ALIASED_POINT,                                1,  0, G(RASTER),                 bool) \
    X(0x597, SET_POINT_CENTER_MODE,                                 1,  0, G(RASTER),                 hex) \
    X(0x59A, SET_LINE_SMOOTH_PARAMETERS,                            1,  0, G(RASTER),                 hex) \
    X(0x59B, SET_LINE_STIPPLE,                                      1,  0, G(RASTER),                 hex) \
    X(0x59C, SET_LINE_SMOOTH_EDGE_TABLE,                            4,  1, G(RASTER),                 hex) \
    X(0x5A0, SET_LINE_STIPPLE_PARAMETERS,                           1,  0, G(RASTER),                 hex) \
    X(0x5A1, SET_PROVOKING_VERTEX,                                  1,  0, G(RASTER),                 hex) \
    X(0x5A2, SET_TWO_SIDED_LIGHT,                                   1,  0, G(NONE),                   bool) \
    X(0x5A3, SET_POLYGON_STIPPLE,                                   1,  0, G(RASTER),                 hex) \
    X(0x5A4, SET_SHADER_CONTROL,                                    1,  0, G(NONE),                   hex) \
    X(0x5A8, CHECK_CLASS_VERSION,                                   1,  0, G(NONE),                   hex) \
    X(0x5A9, SET_SPH_VERSION,                                       1,  0, G(NONE),                   hex) \
    X(0x5AA, CHECK_SPH_VERSION,                                     1,  0, G(NONE),                   hex) \
    X(0x5AD, SET_ALPHA_TO_COVERAGE_OVERRIDE,                        1,  0, G(BLEND),                  hex) \
    X(0x5C0, SET_POLYGON_STIPPLE_PATTERN,                          32,  1, G(RASTER),                 hex) \
    X(0x5E4, SET_AAM_VERSION,                                       1,  0, G(NONE),                   hex) \
    X(0x5E5, CHECK_AAM_VERSION,                                     1,  0, G(NONE),                   hex) \
    X(0x5E7, SET_ZT_LAYER,                                          1,  0, G(ZETA),                   hex) \
    X(0x5F2, SET_INDEX_BUFFER_A,                                    1,  0, G(INDEX_BUFFER),           addr_hi) \
    X(0x5F3, SET_INDEX_BUFFER_B,                                    1,  0, G(INDEX_BUFFER),           addr_lo) \
    X(0x5F4, SET_INDEX_BUFFER_C,                                    1,  0, G(INDEX_BUFFER),           addr_hi) \
    X(0x5F5, SET_INDEX_BUFFER_D,                                    1,  0, G(INDEX_BUFFER),           addr_lo) \
    X(0x5F6, SET_INDEX_BUFFER_E,                                    1,  0, G(INDEX_BUFFER),           hex) \
    X(0x5F7, SET_INDEX_BUFFER_F,                                    1,  0, G(INDEX_BUFFER),           hex) \
    X(0x5F8, DRAW_INDEX_BUFFER,                                     1,  0, G(NONE) | S,               hex) \
    X(0x5F9, DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_FIRST,          1,  0, G(NONE) | S,               hex) \
    X(0x5FA, DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_FIRST,          1,  0, G(NONE) | S,               hex) \
    X(0x5FB, DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_FIRST,           1,  0, G(NONE) | S,               hex) \
    X(0x5FC, DRAW_INDEX_BUFFER32_BEGIN_END_INSTANCE_SUBSEQUENT,     1,  0, G(NONE) | S,               hex) \
    X(0x5FD, DRAW_INDEX_BUFFER16_BEGIN_END_INSTANCE_SUBSEQUENT,     1,  0, G(NONE) | S,               hex) \
    X(0x5FE, DRAW_INDEX_BUFFER8_BEGIN_END_INSTANCE_SUBSEQUENT,      1,  0, G(NONE) | S,               hex) \
    X(0x61F, SET_DEPTH_BIAS_CLAMP,                                  1,  0, G(RASTER),                 f32) \
    X(0x620, SET_VERTEX_STREAM_INSTANCE_A,                         16,  1, G(VERTEX_STREAM),          hex) \
    X(0x630, SET_VERTEX_STREAM_INSTANCE_B,                         16,  1, G(VERTEX_STREAM),          hex) \
    X(0x644, SET_ATTRIBUTE_POINT_SIZE,                              1,  0, G(RASTER),                 hex) \
    X(0x646, OGL_SET_CULL,                                          1,  0, G(RASTER),                 hex) \
    X(0x647, OGL_SET_FRONT_FACE,                                    1,  0, G(RASTER),                 hex) \
    X(0x648, OGL_SET_CULL_FACE,                                     1,  0, G(RASTER),                 hex) \
    X(0x649, SET_VIEWPORT_PIXEL,                                    1,  0, G(VIEWPORT),               hex) \
    X(0x64B, SET_VIEWPORT_SCALE_OFFSET,                             1,  0, G(VIEWPORT),               bool) \
    X(0x64F, SET_VIEWPORT_CLIP_CONTROL,                             1,  0, G(VIEWPORT),               hex) \
    X(0x650, SET_USER_CLIP_OP,                                      1,  0, G(RASTER),                 hex) \
    X(0x651, SET_RENDER_ENABLE_OVERRIDE,                            1,  0, G(RENDER_ENABLE),          hex) \
    X(0x652, SET_PRIMITIVE_TOPOLOGY_CONTROL,                        1,  0, G(DRAW),                   hex) \
    X(0x653, SET_WINDOW_CLIP_ENABLE,                                1,  0, G(NONE),                   bool) \
    X(0x654, SET_WINDOW_CLIP_TYPE,                                  1,  0, G(NONE),                   hex) \
    X(0x656, INVALIDATE_ZCULL,                                      1,  0, G(NONE) | S,               hex) \
    X(0x65A, SET_ZCULL,                                             1,  0, G(NONE),                   addr_hi) \
    X(0x65B, SET_ZCULL_BOUNDS,                                      1,  0, G(NONE),                   hex) \
    X(0x65C, SET_PRIMITIVE_TOPOLOGY,                                1,  0, G(DRAW),                   hex) \
    X(0x65E, ZCULL_SYNC,                                            1,  0, G(NONE),                   hex) \
    X(0x65F, SET_CLIP_ID_TEST,                                      1,  0, G(NONE),                   bool) \
    X(0x660, SET_SURFACE_CLIP_ID_WIDTH,                             1,  0, G(NONE),                   hex) \
    X(0x661, SET_CLIP_ID,                                           1,  0, G(NONE),                   hex) \
    X(0x66F, SET_DEPTH_BOUNDS_TEST,                                 1,  0, G(DEPTH_STENCIL),          bool) \
    X(0x670, SET_BLEND_FLOAT_OPTION,                                1,  0, G(BLEND),                  hex) \
    X(0x671, SET_LOGIC_OP,                                          1,  0, G(BLEND),                  hex) \
    X(0x672, SET_LOGIC_OP_FUNC,                                     1,  0, G(BLEND),                  hex) \
    X(0x673, SET_Z_COMPRESSION,                                     1,  0, G(NONE),                   bool) \
    X(0x674, CLEAR_SURFACE,                                         1,  0, G(NONE) | S,               hex) \
    X(0x675, CLEAR_CLIP_ID_SURFACE,                                 1,  0, G(NONE),                   hex) \
    X(0x678, SET_COLOR_COMPRESSION,                                 8,  1, G(NONE),                   bool) \
    X(0x680, SET_CT_WRITE,                                          8,  1, G(BLEND),                  hex) \
    X(0x68B, PIPE_NOP,                                              1,  0, G(NONE),                   hex) \
    X(0x68C, SET_SPARE00,                                           1,  0, G(NONE),                   hex) \
    X(0x68D, SET_SPARE01,                                           1,  0, G(NONE),                   hex) \
    X(0x68E, SET_SPARE02,                                           1,  0, G(NONE),                   hex) \
    X(0x68F, SET_SPARE03,                                           1,  0, G(NONE),                   hex) \
    X(0x6C0, SET_REPORT_SEMAPHORE_A,                                1,  0, G(REPORT),                 addr_hi) \
    X(0x6C1, SET_REPORT_SEMAPHORE_B,                                1,  0, G(REPORT),                 addr_lo) \
    X(0x6C2, SET_REPORT_SEMAPHORE_C,                                1,  0, G(REPORT),                 hex) \
    X(0x6C3, SET_REPORT_SEMAPHORE_D,                                1,  0, G(NONE) | S,               hex) \
    X(0x700, SET_VERTEX_STREAM_A_FORMAT,                           16,  4, G(VERTEX_STREAM),          hex) \
    X(0x701, SET_VERTEX_STREAM_A_LOCATION_A,                       16,  4, G(VERTEX_STREAM),          addr_hi) \
    X(0x702, SET_VERTEX_STREAM_A_LOCATION_B,                       16,  4, G(VERTEX_STREAM),          addr_lo) \
    X(0x703, SET_VERTEX_STREAM_A_FREQUENCY,                        16,  4, G(VERTEX_STREAM),          hex) \
    X(0x740, SET_VERTEX_STREAM_B_FORMAT,                           16,  4, G(VERTEX_STREAM),          hex) \
    X(0x741, SET_VERTEX_STREAM_B_LOCATION_A,                       16,  4, G(VERTEX_STREAM),          addr_hi) \
    X(0x742, SET_VERTEX_STREAM_B_LOCATION_B,                       16,  4, G(VERTEX_STREAM),          addr_lo) \
    X(0x743, SET_VERTEX_STREAM_B_FREQUENCY,                        16,  4, G(VERTEX_STREAM),          hex) \
    X(0x780, SET_BLEND_PER_TARGET_SEPARATE_FOR_ALPHA,               8,  8, G(BLEND),                  bool) \
    X(0x781, SET_BLEND_PER_TARGET_COLOR_OP,                         8,  8, G(BLEND),                  hex) \
    X(0x782, SET_BLEND_PER_TARGET_COLOR_SOURCE_COEFF,               8,  8, G(BLEND),                  hex) \
    X(0x783, SET_BLEND_PER_TARGET_COLOR_DEST_COEFF,                 8,  8, G(BLEND),                  hex) \
    X(0x784, SET_BLEND_PER_TARGET_ALPHA_OP,                         8,  8, G(BLEND),                  hex) \
    X(0x785, SET_BLEND_PER_TARGET_ALPHA_SOURCE_COEFF,               8,  8, G(BLEND),                  hex) \
    X(0x786, SET_BLEND_PER_TARGET_ALPHA_DEST_COEFF,                 8,  8, G(BLEND),                  hex) \
    X(0x7C0, SET_VERTEX_STREAM_LIMIT_A_A,                          16,  2, G(VERTEX_STREAM),          addr_hi) \
    X(0x7C1, SET_VERTEX_STREAM_LIMIT_A_B,                          16,  2, G(VERTEX_STREAM),          addr_lo) \
    X(0x7E0, SET_VERTEX_STREAM_LIMIT_B_A,                          16,  2, G(VERTEX_STREAM),          addr_hi) \
    X(0x7E1, SET_VERTEX_STREAM_LIMIT_B_B,                          16,  2, G(VERTEX_STREAM),          addr_lo) \
    X(0x800, SET_PIPELINE_SHADER,                                   6, 16, G(PROGRAM),                hex) \
    X(0x801, SET_PIPELINE_PROGRAM,                                  6, 16, G(PROGRAM),                hex) \
    X(0x802, SET_PIPELINE_RESERVED_A,                               6, 16, G(NONE),                   hex) \
    X(0x803, SET_PIPELINE_REGISTER_COUNT,                           6, 16, G(PROGRAM),                hex) \
    X(0x804, SET_PIPELINE_BINDING,                                  6, 16, G(PROGRAM),                hex) \
    X(0x805, SET_PIPELINE_RESERVED_B,                               6, 16, G(NONE),                   hex) \
    X(0x806, SET_PIPELINE_RESERVED_C,                               6, 16, G(NONE),                   hex) \
    X(0x807, SET_PIPELINE_RESERVED_D,                               6, 16, G(NONE),                   hex) \
    X(0x808, SET_PIPELINE_RESERVED_E,                               6, 16, G(NONE),                   hex) \
    X(0x8C0, SET_FALCON00,                                          1,  0, G(NONE),                   hex) \
    X(0x8C1, SET_FALCON01,                                          1,  0, G(NONE),                   hex) \
    X(0x8C2, SET_FALCON02,                                          1,  0, G(NONE),                   hex) \
    X(0x8C3, SET_FALCON03,                                          1,  0, G(NONE),                   hex) \
    X(0x8C4, SET_FALCON04,                                          1,  0, G(NONE),                   hex) \
    X(0x8C5, SET_FALCON05,                                          1,  0, G(NONE),                   hex) \
    X(0x8C6, SET_FALCON06,                                          1,  0, G(NONE),                   hex) \
    X(0x8C7, SET_FALCON07,                                          1,  0, G(NONE),                   hex) \
    X(0x8C8, SET_FALCON08,                                          1,  0, G(NONE),                   hex) \
    X(0x8C9, SET_FALCON09,                                          1,  0, G(NONE),                   hex) \
    X(0x8CA, SET_FALCON10,                                          1,  0, G(NONE),                   hex) \
    X(0x8CB, SET_FALCON11,                                          1,  0, G(NONE),                   hex) \
    X(0x8CC, SET_FALCON12,                                          1,  0, G(NONE),                   hex) \
    X(0x8CD, SET_FALCON13,                                          1,  0, G(NONE),                   hex) \
    X(0x8CE, SET_FALCON14,                                          1,  0, G(NONE),                   hex) \
    X(0x8CF, SET_FALCON15,                                          1,  0, G(NONE),                   hex) \
    X(0x8D0, SET_FALCON16,                                          1,  0, G(NONE),                   hex) \
    X(0x8D1, SET_FALCON17,                                          1,  0, G(NONE),                   hex) \
    X(0x8D2, SET_FALCON18,                                          1,  0, G(NONE),                   hex) \
    X(0x8D3, SET_FALCON19,                                          1,  0, G(NONE),                   hex) \
    X(0x8D4, SET_FALCON20,                                          1,  0, G(NONE),                   hex) \
    X(0x8D5, SET_FALCON21,                                          1,  0, G(NONE),                   hex) \
    X(0x8D6, SET_FALCON22,                                          1,  0, G(NONE),                   hex) \
    X(0x8D7, SET_FALCON23,                                          1,  0, G(NONE),                   hex) \
    X(0x8D8, SET_FALCON24,                                          1,  0, G(NONE),                   hex) \
    X(0x8D9, SET_FALCON25,                                          1,  0, G(NONE),                   hex) \
    X(0x8DA, SET_FALCON26,                                          1,  0, G(NONE),                   hex) \
    X(0x8DB, SET_FALCON27,                                          1,  0, G(NONE),                   hex) \
    X(0x8DC, SET_FALCON28,                                          1,  0, G(NONE),                   hex) \
    X(0x8DD, SET_FALCON29,                                          1,  0, G(NONE),                   hex) \
    X(0x8DE, SET_FALCON30,                                          1,  0, G(NONE),                   hex) \
    X(0x8DF, SET_FALCON31,                                          1,  0, G(NONE),                   hex) \
    X(0x8E0, SET_CONSTANT_BUFFER_SELECTOR_A,                        1,  0, G(CONST_BUFFER),           hex) \
    X(0x8E1, SET_CONSTANT_BUFFER_SELECTOR_B,                        1,  0, G(CONST_BUFFER),           addr_hi) \
    X(0x8E2, SET_CONSTANT_BUFFER_SELECTOR_C,                        1,  0, G(CONST_BUFFER),           addr_lo) \
    X(0x8E3, LOAD_CONSTANT_BUFFER_OFFSET,                           1,  0, G(CONST_BUFFER),           hex) \
    X(0x8E4, LOAD_CONSTANT_BUFFER,                                 16,  1, G(NONE) | S,               hex) \
    X(0x900, BIND_GROUP_RESERVED_A,                                 5,  8, G(NONE),                   hex) \
    X(0x901, BIND_GROUP_RESERVED_B,                                 5,  8, G(NONE),                   hex) \
    X(0x902, BIND_GROUP_RESERVED_C,                                 5,  8, G(NONE),                   hex) \
    X(0x903, BIND_GROUP_RESERVED_D,                                 5,  8, G(NONE),                   hex) \
    X(0x904, BIND_GROUP_CONSTANT_BUFFER,                            5,  8, G(NONE) | S,               hex) \
    X(0x980, SET_COLOR_CLAMP,                                       1,  0, G(BLEND),                  bool) \
    X(0x982, SET_BINDLESS_TEXTURE,                                  1,  0, G(TEXTURE_POOLS),          hex) \
    X(0x983, SET_TRAP_HANDLER,                                      1,  0, G(NONE),                   hex) \
    X(0xA00, SET_STREAM_OUT_LAYOUT_SELECT,                        128,  1, G(STREAM_OUT),             hex) \
    X(0xCCF, SET_SHADER_PERFORMANCE_COUNTER_VALUE_UPPER,            8,  1, G(NONE),                   hex) \
    X(0xCD7, SET_SHADER_PERFORMANCE_COUNTER_VALUE,                  8,  1, G(NONE),                   hex) \
    X(0xCDF, SET_SHADER_PERFORMANCE_COUNTER_EVENT,                  8,  1, G(NONE),                   hex) \
    X(0xCE7, SET_SHADER_PERFORMANCE_COUNTER_CONTROL_A,              8,  1, G(NONE),                   hex) \
    X(0xCEF, SET_SHADER_PERFORMANCE_COUNTER_CONTROL_B,              8,  1, G(NONE),                   hex) \
    X(0xCF7, SET_SHADER_PERFORMANCE_COUNTER_TRAP_CONTROL,           1,  0, G(NONE),                   hex) \
    X(0xCF8, START_SHADER_PERFORMANCE_COUNTER,                      1,  0, G(NONE),                   hex) \
    X(0xCF9, STOP_SHADER_PERFORMANCE_COUNTER,                       1,  0, G(NONE),                   hex) \
    X(0xD00, SET_MME_SHADOW_SCRATCH,                              256,  1, G(NONE),                   hex) \
    X(0xE00, CALL_MME_MACRO,                                      256,  2, G(NONE) | S,               hex) \
    X(0xE01, CALL_MME_DATA,                                       256,  2, G(NONE) | S,               hex)


#endif
