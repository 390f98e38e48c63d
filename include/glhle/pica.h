/*
 * glhle PICA200 (Nintendo 3DS GPU) front end: guest memory, command lists and
 * the register file.
 *
 * A core creates an instance, maps the guest memory the GPU can see (VRAM at
 * 0x18000000, FCRAM at 0x20000000, or any other layout), and hands it
 * command lists: 8-byte commands (parameter word, then header) that write the
 * internal registers 0x000-0x2FF (3dbrew GPU/Internal_Registers).
 *
 *   glhle_pica *pica;
 *   glhle_pica_desc desc = {0};                       // zero means default
 *   glhle_pica_create(ctx_or_NULL, &desc, &pica);
 *   glhle_pica_map_memory(pica, 0x18000000, vram, 6 << 20);
 *   glhle_pica_map_memory(pica, 0x20000000, fcram, 128 << 20);
 *   glhle_pica_run_result res;
 *   glhle_pica_run_guest(pica, list_paddr, list_size, &res);
 *   if (res.finalized) raise_p3d_interrupt();
 *
 * A NULL context makes a GL-free instance: everything up to decoded state and
 * the hooks, for tests, tools and trace inspection.
 *
 * Bad input never crashes or hangs: every problem is logged with the byte
 * offset of the command in its buffer, counted in the run result, and the
 * run returns the first problem's glhle_result. Problems that leave the
 * stream unreadable stop the run (truncated command, a buffer outside every
 * mapping, the word budget or the shader-step budget used up); the others
 * skip the offending write and go on (register id above 0x2FF, a FIFO
 * write that has nowhere to go, a NaN float parameter, which is kept). The
 * instance stays usable.
 */
#ifndef GLHLE_PICA_H
#define GLHLE_PICA_H

#include "glhle/glhle.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct glhle_pica glhle_pica;

/* zero means default for every field */
typedef struct glhle_pica_desc {
    /* Most command words one run may consume, jumps included: the cap that
     * ends jump loops between command buffers. 0 -> 64 Mi words (256 MiB). */
    uint64_t max_words_per_run;
    /* Problems logged per run before the rest are only counted. 0 -> 32. */
    uint32_t max_logged_problems;
    glhle_log_fn log;          /* NULL -> the context's logger (stderr without a context) */
    void *log_user;
    glhle_log_level log_level; /* used with `log`; 0 -> GLHLE_LOG_INFO */
    /* GL instances: every render target, and every surface made from one,
     * is kept at this multiple of its guest size (1..10; 0 -> 1). Flushes
     * and CPU reads see native-size data, downscaled. Ignored without GL. */
    uint32_t resolution_scale;
    /* GL instances: host memory the surface cache may keep in GL textures
     * before it evicts the least recently used clean surfaces. 0 -> 256 MiB. */
    size_t surface_budget_bytes;
    /* GL instances: draws whose MIN/MAX blending needs the destination in
     * the shader read it through texture barriers even where the driver
     * offers EXT_shader_framebuffer_fetch (to test the barrier path). */
    bool no_framebuffer_fetch;
    /* GL instances: the disk shader cache, DIR/TITLE.pica.glsc (see
     * glhle/shader_cache.h and docs/shader-cache.md); NULL: none. */
    const char *shader_cache_dir;
    const char *shader_cache_title;  /* NULL -> "default" */
    uint64_t shader_cache_max_bytes; /* the file's budget; 0 -> 256 MiB */
    uint32_t program_budget;         /* GL instances: resident programs; 0 -> 4096 */
    uint64_t program_budget_bytes;   /* and their GL memory; 0 -> 256 MiB */
    /* GL instances: worker threads with shared contexts that compile the
     * disk cache's programs at creation (offscreen and window contexts);
     * 0: the creating thread compiles them. A miss during a draw compiles
     * on the draw unless shader_ubershader is set. */
    uint32_t shader_compile_threads;
    /* GL instances: the fragment ubershader (made at creation; pixel-
     * identical to the specialised programs), GLHLE_PICA_UBERSHADER_*. */
    uint32_t shader_ubershader;
    /* GL instances: where vertex shaders run, GLHLE_PICA_VERTEX_SHADERS_*. */
    uint32_t vertex_shaders;
    /* Shader work one run may do: PICA shader instructions summed over the
     * vertex- and geometry-shader invocations of its draws and immediate-
     * mode vertices (on the GPU vertex path, each vertex GL shades counts
     * at its program's step bound, docs/architecture.md "Work per run").
     * The draw that would pass it is cut off where the budget ends, the
     * problem (GLHLE_RESULT_LIMIT_EXCEEDED) is reported at the draw's
     * offset and processing stops there, as the word cap stops it; the next
     * run starts with a full budget. 0 -> GLHLE_PICA_DEFAULT_SHADER_STEPS. */
    uint64_t max_shader_steps_per_run;
} glhle_pica_desc;

/* The default shader-step budget per run, 2^28: a quarter of a second of
 * the PICA200's whole shader throughput (four vertex processors at 268 MHz,
 * at most one instruction a cycle each: 1.07 x 10^9 a second), where a
 * game's command list is a frame's (1/30 or 1/60 s); the committed sample
 * traces need at most 510 steps a run, and the interpreter runs 2^28 in
 * 2-3 s (docs/architecture.md "Work per run"). */
#define GLHLE_PICA_DEFAULT_SHADER_STEPS (1ull << 28)

enum {
    /* the default: draws and immediate-mode vertices without a geometry
     * shader run their vertex shader translated to GLSL on the host GPU
     * when the context is GL 4.5 or ES 3.2 (what the generated GLSL needs;
     * else every vertex is shaded on the CPU, logged once) and the fragment
     * ubershader is off (it has no vertex-stage stand-in, so with it the
     * CPU shades the vertices and no draw waits), GL reading the
     * attributes of most draws from guest memory itself; the CPU path takes
     * geometry-shader draws, lit draws that output a normal quaternion (the
     * per-triangle quaternion fix-up needs all three vertices), programs
     * the key cannot hold and programs that fail to build (a log line
     * saying why, once per program) */
    GLHLE_PICA_VERTEX_SHADERS_AUTO = 0,
    /* the CPU interpreter shades every vertex (the reference) */
    GLHLE_PICA_VERTEX_SHADERS_CPU = 1,
    /* as AUTO without the fallback for programs: the draws of a program
     * the GPU path cannot take (the key cannot hold it, or it fails to
     * build) are skipped and reported; geometry-shader and quaternion-lit
     * draws still take the CPU path */
    GLHLE_PICA_VERTEX_SHADERS_GPU = 2,
};

enum {
    GLHLE_PICA_UBERSHADER_OFF = 0, /* a draw whose program is not ready waits for its compile */
    /* it draws with the ubershader while its own program compiles on a
     * worker, so no draw waits for a compile (at least one compile thread
     * is used; glhle_shader_stats.draws_by_ubershader counts them) */
    GLHLE_PICA_UBERSHADER_ASYNC = 1,
    /* every draw uses the ubershader and no other program is made: for
     * measurements and tests */
    GLHLE_PICA_UBERSHADER_ALWAYS = 2,
};

/* ctx may be NULL (GL-free instance). */
GLHLE_API glhle_result glhle_pica_create(glhle_context *ctx, const glhle_pica_desc *desc, glhle_pica **out);
/* NULL is ignored. */
GLHLE_API void glhle_pica_destroy(glhle_pica *pica);

/* ---- guest memory ------------------------------------------------------------
 * Maps [paddr, paddr + size) of the guest physical address space to host
 * memory the caller owns and keeps valid while mapped; the GPU reads command
 * lists, vertices, indices and textures there and writes render targets
 * back. Up to 16 mappings that do not overlap; paddr + size must not pass
 * 2^32. Every guest access is checked against the mappings. */
#define GLHLE_PICA_MAX_MAPPINGS 16
GLHLE_API glhle_result glhle_pica_map_memory(glhle_pica *pica, uint32_t paddr, void *host, size_t size);
/* Removes the mapping that starts at paddr; GLHLE_RESULT_NOT_FOUND if none. */
GLHLE_API glhle_result glhle_pica_unmap_memory(glhle_pica *pica, uint32_t paddr);

/* ---- running command lists --------------------------------------------------- */

typedef struct glhle_pica_run_result {
    bool finalized;            /* FINALIZE (0x010) was written: the core raises the P3D interrupt */
    bool stopped_on_error;     /* a problem ended the run before the list did */
    bool stop_in_host_list;    /* where it stopped: the host list, or guest buffer stop_paddr */
    uint32_t stop_paddr;
    uint32_t stop_offset;      /* byte offset in that buffer just past the last command executed
                                  (of the failing command when stopped_on_error) */
    uint64_t words;            /* command words consumed, all buffers */
    uint64_t writes;           /* register writes executed */
    uint32_t draws;            /* DRAWARRAYS / DRAWELEMENTS triggers */
    uint32_t immediate_vertices;
    uint32_t jumps;            /* CMDBUF_JUMP0/1 taken */
    uint32_t problems;         /* everything logged as wrong, including what was not logged past the limit */
    uint64_t shader_steps;     /* shader work done, as glhle_pica_desc.max_shader_steps_per_run counts it */
} glhle_pica_run_result;

/* Runs a command list given as host words (little-endian command words as
 * the GPU would read them). The GPU processes whole 16-byte units, so
 * words past the last whole unit (1-3 of them) are not executed and the run
 * reports them as truncated (3dbrew: sizes are 0x10-aligned and a FINALIZE
 * in the last 8 bytes of a buffer that is not never runs). `out` may be
 * NULL. */
GLHLE_API glhle_result glhle_pica_run_cmdlist(glhle_pica *pica, const uint32_t *words, size_t word_count,
                                              glhle_pica_run_result *out);
/* Runs the command list at guest physical address paddr (8-byte aligned,
 * as the GPU takes it >> 3), size_bytes long: the low 3 bits of the size
 * are cleared first, as the hardware does, then the 16-byte rule above
 * applies. The whole buffer must lie in one mapping. */
GLHLE_API glhle_result glhle_pica_run_guest(glhle_pica *pica, uint32_t paddr, uint32_t size_bytes,
                                            glhle_pica_run_result *out);

/* ---- registers -------------------------------------------------------------------- */

#define GLHLE_PICA_REG_COUNT 0x300
/* The current value of internal register id (0-0x2FF). */
GLHLE_API glhle_result glhle_pica_get_reg(const glhle_pica *pica, uint32_t id, uint32_t *value);
/* 3dbrew's name ("GPUREG_FACECULLING_CONFIG", "GPUREG_0045" for undocumented
 * ids), or "GPUREG_INVALID" past 0x2FF. Never NULL. */
GLHLE_API const char *glhle_pica_reg_name(uint32_t id);

/* ---- hooks --------------------------------------------------------------------------
 * Events happen while a run executes, in command order. The hook runs on the
 * calling thread inside glhle_pica_run_*; it must not run command lists on
 * the same instance (such a call fails with INVALID_ARGUMENT) but may read
 * registers. Pointers in an event are valid only during the call.
 *
 * Inside the library the renderer reads the decoded state at DRAW and
 * IMMEDIATE_VERTEX events (backend/pica/pica_instance.h: pica_get_state(),
 * pica_guest_ptr()); an observer installed here sees the same events after
 * the renderer. */
typedef enum glhle_pica_event_type {
    /* Every register write, after the masked merge, before its side effects. */
    GLHLE_PICA_EVENT_WRITE = 0,
    /* DRAWARRAYS (0x22E) or DRAWELEMENTS (0x22F) was written. */
    GLHLE_PICA_EVENT_DRAW,
    /* A complete immediate-mode vertex: FIXEDATTRIB_INDEX was 0xF and
     * VSH_NUM_ATTR + 1 attributes have arrived through FIXEDATTRIB_DATA0-2. */
    GLHLE_PICA_EVENT_IMMEDIATE_VERTEX,
    /* RESTART_PRIMITIVE (0x25F) was written: end the current strip or fan. */
    GLHLE_PICA_EVENT_RESTART_PRIMITIVE,
    /* FINALIZE (0x010) was written; the run ends after this event. */
    GLHLE_PICA_EVENT_FINALIZE,
    /* CMDBUF_JUMP0/1: processing continues in the buffer of that channel. */
    GLHLE_PICA_EVENT_JUMP,
    /* A FIFO port stored an element: a LUT entry, a code or operand
     * descriptor word, a completed float uniform or fixed attribute. */
    GLHLE_PICA_EVENT_FIFO,
    /* Another action register: FRAMEBUFFER_FLUSH/INVALIDATE, EARLYDEPTH_CLEAR,
     * VTX_FUNC, {VSH,GSH}_CODETRANSFER_END, TEXUNIT_CONFIG bit 16 (clear texture cache). */
    GLHLE_PICA_EVENT_TRIGGER,
    GLHLE_PICA_EVENT_TYPE_COUNT_
} glhle_pica_event_type;

/* What a FIFO event stored. */
typedef enum glhle_pica_fifo {
    GLHLE_PICA_FIFO_LIGHTING_LUT = 0, /* table = LUT id 0-23, index 0-255 */
    GLHLE_PICA_FIFO_FOG_LUT,          /* index 0-127 */
    GLHLE_PICA_FIFO_GAS_LUT,          /* index 0-15 */
    GLHLE_PICA_FIFO_PROCTEX_LUT,      /* table = PROCTEX_LUT table id, index */
    GLHLE_PICA_FIFO_VS_UNIFORM,       /* index = float uniform c0-c95, vec4 */
    GLHLE_PICA_FIFO_GS_UNIFORM,
    GLHLE_PICA_FIFO_VS_CODE,          /* index = word offset */
    GLHLE_PICA_FIFO_GS_CODE,
    GLHLE_PICA_FIFO_VS_OPDESC,
    GLHLE_PICA_FIFO_GS_OPDESC,
    GLHLE_PICA_FIFO_FIXED_ATTRIB,     /* index = attribute 0-14, vec4 */
    GLHLE_PICA_FIFO_COUNT_
} glhle_pica_fifo;

typedef struct glhle_pica_event {
    glhle_pica_event_type type;
    bool host_list;        /* the command came from a host list (else guest buffer buffer_paddr) */
    uint32_t buffer_paddr;
    uint32_t offset;       /* byte offset of the written parameter word in that buffer */
    uint16_t reg;          /* the register being written */
    uint8_t mask;          /* the command's byte-enable mask (header bits 16-19) */
    uint32_t param;        /* the parameter word as given */
    uint32_t value;        /* the register's value after the masked write */
    /* WRITE to a FIFO data port: the element it will fill (LUT index, code
     * offset, uniform or attribute number); -1 for other registers. */
    int32_t element;
    union {
        struct {
            bool indexed;              /* DRAWELEMENTS */
            uint32_t vertex_count;     /* NUMVERTICES */
            uint32_t first_vertex;     /* VERTEX_OFFSET (arrays only) */
            uint32_t index_paddr;      /* ATTRIBBUFFERS_LOC base + INDEXBUFFER_CONFIG offset (elements) */
            bool index_u16;
            uint8_t primitive_mode;    /* PRIMITIVE_CONFIG bits 8-9: triangles, strip, fan, geometry */
        } draw;
        struct {
            uint32_t attrib_count;     /* VSH_NUM_ATTR + 1 */
            /* [16][4]: input attributes 0..attrib_count-1 in attribute order
             * (the VSH_ATTRIBUTES_PERMUTATION to input registers is not
             * applied), f24 widened to float; the rest are zero. */
            const float (*attrib)[4];
        } vertex;
        struct {
            uint8_t channel;           /* 0 or 1 */
            uint32_t paddr;            /* CMDBUF_ADDRn << 3 */
            uint32_t size;             /* CMDBUF_SIZEn << 3 */
        } jump;
        struct {
            glhle_pica_fifo fifo;
            uint32_t table;
            uint32_t index;
            uint32_t data;             /* the stored word (LUT entry, code word), else 0 */
            const float *vec4;         /* completed uniform / attribute, x y z w; else NULL */
        } fifo;
    } u;
} glhle_pica_event;

typedef void (*glhle_pica_event_fn)(void *user, glhle_pica *pica, const glhle_pica_event *event);

typedef struct glhle_pica_hooks {
    glhle_pica_event_fn fn;
    void *user;
    /* Bit (1u << type) per wanted event type; 0 -> every type. WRITE and
     * FIFO events cost a call per word: leave them out unless needed. */
    uint32_t event_mask;
} glhle_pica_hooks;

/* Installs the observer hooks (copied), replacing the previous ones; NULL
 * removes them. */
GLHLE_API void glhle_pica_set_hooks(glhle_pica *pica, const glhle_pica_hooks *hooks);

/* ---- guest memory coherence ---------------------------------------------------
 * A GL instance keeps render targets, textures and display-transfer outputs
 * in GL textures (the surface cache) and writes them back to guest memory
 * only when asked. A core tells it when the CPU side touches GPU-visible
 * memory:
 *  - glhle_pica_invalidate: the CPU (or a DMA) has written [paddr,
 *    paddr + size). Cached copies of those bytes are dropped and re-read
 *    from memory when next used; GPU-rendered data the cache still holds
 *    for other bytes of the same rows is written back first, so nothing
 *    is lost (the written range itself is left as the CPU wrote it).
 *  - glhle_pica_flush: the CPU is about to read [paddr, paddr + size).
 *    Every GPU-rendered surface overlapping it is downloaded, downscaled to
 *    native size when the resolution scale is above 1, and encoded
 *    bit-exactly into guest memory (GSP's FlushDataCache, a GX DMA source,
 *    a save-state, a screenshot).
 * Both accept any range (size 0 does nothing; the range is clipped to
 * 2^32) and succeed on a GL-free instance, which keeps no copies. */
GLHLE_API glhle_result glhle_pica_invalidate(glhle_pica *pica, uint32_t paddr, uint32_t size);
GLHLE_API glhle_result glhle_pica_flush(glhle_pica *pica, uint32_t paddr, uint32_t size);

/* ---- display operations (GX commands 2, 3 and 4) -----------------------------
 * The memory fill units and the transfer engine, driven by the values a
 * core holds in the GPU's external registers (3dbrew GPU/External_Registers;
 * GX SetMemoryFill, SetDisplayTransfer and SetTextureCopy in
 * GSP_Shared_Memory fill the same registers). The structs are the register
 * words verbatim, so a recorder can store them as they are. The call is the
 * trigger: the start bits (fill control bit 0, transfer register 0x1EF00C18)
 * are not looked at, and raising PSC0/PSC1/PPF stays with the core.
 *
 * On a GL instance the operation runs on the GPU inside the surface cache
 * when its source is resident there (a render target, a previous transfer's
 * output) and the parameters allow; otherwise, and always without GL, it
 * runs on the CPU in guest memory (the reference the GPU path is tested
 * against), after flushing the source range and invalidating the
 * destination range. Bad parameters (unmapped ranges, zero or oversized
 * sizes, formats the hardware lacks) skip the operation with an error
 * result and one log line naming the register; the instance stays usable. */

/* PSC0 / PSC1 at 0x1EF00010 / 0x1EF00020. */
typedef struct glhle_pica_memory_fill {
    uint32_t start;   /* +0x0: buffer start physical address >> 3 */
    uint32_t end;     /* +0x4: buffer end physical address >> 3 (exclusive) */
    uint32_t value;   /* +0x8: fill value; the low 16 or 24 bits for the narrow widths */
    uint32_t control; /* +0xC: bits 8-9 fill width: 0 16-bit, 1 or 3 24-bit, 2 32-bit */
} glhle_pica_memory_fill;

/* The transfer engine at 0x1EF00C00. Flags (0x1EF00C10): bit 0 vertical
 * flip, bit 1 linear input to tiled output (clear: tiled to linear), bit 2
 * crop input lines, bit 3 texture copy, bit 5 no tiling conversion, bits
 * 8-10 input and 12-14 output format (0 RGBA8, 1 RGB8, 2 RGB565,
 * 3 RGB5A1, 4 RGBA4), bit 16 32x32 block tiling, bits 24-25 downscale
 * (0 none, 1 2x1, 2 2x2 box filter). */
typedef struct glhle_pica_display_transfer {
    uint32_t input_address;       /* 0x1EF00C00: physical address >> 3 */
    uint32_t output_address;      /* 0x1EF00C04: physical address >> 3 */
    uint32_t output_size;         /* 0x1EF00C08: width bits 0-15, height bits 16-31 */
    uint32_t input_size;          /* 0x1EF00C0C: width bits 0-15, height bits 16-31 */
    uint32_t flags;               /* 0x1EF00C10 */
    uint32_t texture_copy_size;   /* 0x1EF00C20: bytes to copy (flag bit 3 only) */
    uint32_t texture_copy_input;  /* 0x1EF00C24: line width bits 0-15, gap bits 16-31, 16-byte units */
    uint32_t texture_copy_output; /* 0x1EF00C28: the same for the output */
} glhle_pica_display_transfer;

GLHLE_API glhle_result glhle_pica_fill_memory(glhle_pica *pica, const glhle_pica_memory_fill *fill);
/* A display transfer, or a texture copy when flags bit 3 is set. */
GLHLE_API glhle_result glhle_pica_transfer(glhle_pica *pica, const glhle_pica_display_transfer *transfer);

/* ---- presentation --------------------------------------------------------------
 * The LCD framebuffers the display controllers scan out (3dbrew
 * GPU/External_Registers, "LCD Source Framebuffer Setup": PDC0 at
 * 0x1EF00400 for the top screen, PDC1 at 0x1EF00500 for the bottom one).
 * They are column-major: each 240-pixel column starts with the bottom
 * pixel, columns run left to right, 400 of them for the top screen and 320
 * for the bottom one; formats RGBA8, RGB8 (bytes B, G, R), RGB565, RGB5A1,
 * RGBA4. Alpha is not shown. */
typedef struct glhle_pica_lcd_framebuffer {
    /* The address being scanned out (0x68/0x6C for the left eye or the
     * bottom screen, 0x94/0x98 for the right eye, whichever 0x78 selects).
     * 0 -> the screen shows black. */
    uint32_t address;
    uint32_t format;  /* register 0x70; bits 0-2 are the colour format */
    /* Register 0x90: bytes from one column to the next. 0 -> packed
     * (240 * bytes per pixel); the hardware's "0 repeats the first column"
     * and negative strides are not emulated. */
    uint32_t stride;
} glhle_pica_lcd_framebuffer;

typedef struct glhle_pica_present_desc {
    glhle_pica_lcd_framebuffer top_left;
    glhle_pica_lcd_framebuffer top_right; /* used when stereo */
    glhle_pica_lcd_framebuffer bottom;
    bool stereo;
    /* External-mode contexts only: the caller's framebuffer to draw the
     * frame into (0 = its default framebuffer) and the rectangle in it, in
     * pixels from the bottom-left; width or height 0 -> the frame's size at
     * (x, y). The frame keeps its aspect, fitted and centred (a letterbox);
     * with clear_bars the rest of the rectangle is cleared black. `texture`
     * (non-zero): a GL_TEXTURE_2D of the caller's to draw into instead of
     * `fbo` (attached to glhle's own framebuffer). */
    struct {
        uint32_t fbo;
        int32_t x, y, width, height;
        uint32_t texture;
        bool clear_bars;
    } external;
} glhle_pica_present_desc;

/* Composes the screens into the instance's frame: 400 x 480 (top screen
 * above, bottom screen centred below; 800 x 480 with stereo, the right eye
 * beside the left and the bottom screen centred), times the resolution
 * scale on a GL instance. Window contexts also draw it, fitted and
 * centred, into the window's back buffer (glhle_context_swap shows it);
 * external contexts draw it into desc->external; offscreen and GL-free
 * instances only keep it. A screen whose memory the GPU rendered (a
 * display transfer on the GPU path) is drawn from the surface cache with
 * no CPU round trip; other screens are read from guest memory. A screen
 * that cannot be shown (unmapped, bad format) is black and the call
 * returns its error after composing the rest. */
GLHLE_API glhle_result glhle_pica_present(glhle_pica *pica, const glhle_pica_present_desc *desc);
/* The last composed frame as RGBA8, top row first, tightly packed. Pass
 * rgba = NULL to get only the size. NOT_FOUND before the first present;
 * OUT_OF_BOUNDS (sizes still written) when rgba_size is too small. */
GLHLE_API glhle_result glhle_pica_read_frame(glhle_pica *pica, void *rgba, size_t rgba_size, uint32_t *width,
                                             uint32_t *height);
/* Writes the last composed frame as a PNG file. */
GLHLE_API glhle_result glhle_pica_write_frame_png(glhle_pica *pica, const char *path);

/* ---- context loss (glhle.h, glhle_context_lost) -------------------------------
 * lost: with the old context current, every GPU-only surface is written
 * back to guest memory and every resident surface is read back at its
 * resolution and kept on the CPU (the save state's walk), the last frame
 * is kept for glhle_pica_read_frame, and every GL object is deleted.
 * restored: with the new context current, the draw path, surface cache and
 * programs are made again and the kept surfaces with them, at the same
 * resolution, so upscaled pictures the game does not draw again survive;
 * other memory comes back from guest memory as it is next used. Without
 * memory for the copies, surfaces come back from guest memory at native
 * resolution (logged). Both are no-ops on a GL-free instance. */
GLHLE_API glhle_result glhle_pica_context_lost(glhle_pica *pica);
GLHLE_API glhle_result glhle_pica_context_restored(glhle_pica *pica);

/* ---- counters --------------------------------------------------------------------- */

typedef struct glhle_pica_stats {
    uint64_t surface_hits;       /* lookups (render targets, textures, screens) served by a resident surface */
    uint64_t surface_misses;     /* lookups that created a surface */
    uint64_t uploads;            /* guest memory to GL uploads (one per contiguous run of rows) */
    uint64_t upload_bytes;       /* guest bytes decoded and uploaded */
    uint64_t downloads;          /* GL to guest memory write-backs */
    uint64_t download_bytes;     /* guest bytes encoded from downloads */
    uint64_t gpu_copies;         /* surface-to-surface copies on the GPU (sub-rectangles, rescales) */
    uint64_t reinterpretations;  /* copies that changed the format of same-size texels */
    uint64_t evictions;          /* surfaces dropped to stay under the budget */
    uint64_t bytes_resident;     /* GL texture memory the cache holds now */
    uint64_t surfaces_resident;  /* surfaces the cache holds now */
    uint64_t fills_gpu, fills_cpu;         /* memory fills by path */
    uint64_t transfers_gpu, transfers_cpu; /* display transfers by path */
    uint64_t copies_gpu, copies_cpu;       /* texture copies by path */
    uint64_t presents;
} glhle_pica_stats;

/* Counters since creation (a GL-free instance counts only its CPU paths). */
GLHLE_API glhle_result glhle_pica_get_stats(const glhle_pica *pica, glhle_pica_stats *out);

/* ---- save states ------------------------------------------------------------- */

/* What glhle holds of a PICA, as a versioned, checksummed little-endian
 * blob (docs/formats.md "Save states"; magic GLHSTATE, system 1): the
 * register file, what the FIFO ports filled (both shader units' code,
 * operand descriptors and float/bool/int uniforms, the fixed attributes,
 * the lighting, fog, gas and procedural-texture LUTs), the ports' partial
 * words and upload positions, an immediate-mode vertex half assembled, and
 * the surface cache's resident surfaces (their texels at the internal
 * resolution and which rows are current).
 *
 * Who saves what: guest memory (FCRAM, VRAM, the command buffers) belongs
 * to the core and is saved by the core; glhle saves the rest. Saving first
 * writes every surface that exists only on the GPU (rendered and not yet
 * flushed) back to guest memory, so call glhle_pica_save_state BEFORE the
 * core copies its memory. To load: create the instance (any context), map
 * the core's memory, restore its contents, then glhle_pica_load_state.
 * Mappings are not part of the state.
 *
 * Saving: with buf NULL, or capacity below what the state needs, *size is
 * set to the bytes needed, nothing is written and LIMIT_EXCEEDED returned
 * (logged only when buf was given); otherwise the blob is written and *size
 * is its length. Not from inside a hook during a run (INVALID_ARGUMENT).
 *
 * Loading: the whole blob is checked first -- magic, version (1.x),
 * system, every chunk's length and XXH3-64 checksum, every field's range,
 * every surface against the current mappings, the END chunk -- and
 * BAD_DATA or TRUNCATED, logged with the byte offset, leave the instance
 * exactly as it was. Then the state replaces the instance's, and its own
 * surfaces are dropped without being written back. At the saving
 * resolution scale the surfaces are restored and the run continues
 * bit-identically; at another scale (or on a GL-free instance) they are
 * rebuilt from guest memory when next used, at the instance's scale (the
 * guest-visible contents are the same; detail rendered above 1x before the
 * save is not carried). Statistics and the last presented frame
 * (glhle_pica_read_frame) are not part of the state. */
GLHLE_API glhle_result glhle_pica_save_state(glhle_pica *pica, void *buf, size_t capacity, size_t *size);
/* INVALID_ARGUMENT while a trace recorder is attached (it could not follow). */
GLHLE_API glhle_result glhle_pica_load_state(glhle_pica *pica, const void *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
