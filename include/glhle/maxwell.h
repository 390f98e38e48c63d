/*
 * glhle Maxwell (Nintendo Switch GPU, Tegra X1 GM20B) front end: the GPU
 * virtual address space, GPFIFO and pushbuffer submission, the host
 * (channel) methods and the engine classes behind the subchannels.
 *
 * A core creates an instance, maps the guest memory its nvservices
 * emulation hands the GPU (nvmap handles mapped into the channel's address
 * space), and submits the GPFIFO entries an application pushes:
 *
 *   glhle_maxwell *gpu;
 *   glhle_maxwell_desc desc = {0};                  // zero means default
 *   glhle_maxwell_create(ctx_or_NULL, &desc, &gpu);
 *   glhle_maxwell_map(gpu, 0x0400000000, host, size, GLHLE_MAXWELL_KIND_PITCH);
 *   glhle_maxwell_hooks hooks = {.user = core, .syncpoint_increment = on_incr};
 *   glhle_maxwell_set_hooks(gpu, &hooks);
 *   glhle_maxwell_run_result res;
 *   glhle_maxwell_submit_gpfifo(gpu, entries, count, &res);
 *
 * A NULL context makes a GL-free instance: everything up to decoded state,
 * engine operations on guest memory and the hooks, for tests and tools.
 *
 * Bad input never crashes or hangs: every problem is logged with the word
 * offset of the method in its segment (GPFIFO entry number and GPU address,
 * or the host word array), counted in the run result, and the submission
 * returns the first problem's glhle_result. A fault (a GPU address outside
 * every mapping) is reported with the address and the method that made the
 * access; the method is skipped and the stream goes on. A pushbuffer that
 * cannot be read, or the word budget, ends the submission. The instance
 * stays usable.
 */
#ifndef GLHLE_MAXWELL_H
#define GLHLE_MAXWELL_H

#include "glhle/glhle.h"
#include "glhle/shader_cache.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct glhle_maxwell glhle_maxwell;

/* Engine classes a subchannel can be bound to with SET_OBJECT (switchbrew
 * GPU classes; open-gpu-doc class headers). */
#define GLHLE_MAXWELL_CLASS_3D 0xB197u      /* MAXWELL_B */
#define GLHLE_MAXWELL_CLASS_COMPUTE 0xB1C0u /* MAXWELL_COMPUTE_B */
#define GLHLE_MAXWELL_CLASS_I2M 0xA140u     /* KEPLER_INLINE_TO_MEMORY_B */
#define GLHLE_MAXWELL_CLASS_2D 0x902Du      /* FERMI_TWOD_A */
#define GLHLE_MAXWELL_CLASS_DMA 0xB0B5u     /* MAXWELL_DMA_COPY_A */
#define GLHLE_MAXWELL_CLASS_HOST 0xB06Fu    /* MAXWELL_CHANNEL_GPFIFO_A: methods 0x000-0x0FC of every subchannel */

/* zero means default for every field */
/* How the GL draw and compute paths hand the translated guest shaders to
 * the driver (glhle_maxwell_desc.shader_path, docs/maxwell-shaders.md "The
 * SPIR-V path"). */
typedef enum glhle_maxwell_shader_path {
    /* GLSL, or SPIRV where the environment variable
     * GLHLE_MAXWELL_SHADER_PATH is "spirv" (a switch for test passes) */
    GLHLE_MAXWELL_SHADER_PATH_AUTO = 0,
    GLHLE_MAXWELL_SHADER_PATH_GLSL,     /* SPIR-V -> GLSL through SPIRV-Cross, compiled by the driver */
    /* the SPIR-V modules themselves (glShaderBinary + glSpecializeShader)
     * where glhle_context_info.gl_spirv (desktop GL 4.6 or GL_ARB_gl_spirv;
     * elsewhere GLSL, logged once at creation); a program the path cannot
     * carry (one that writes the viewport index) is made from GLSL */
    GLHLE_MAXWELL_SHADER_PATH_SPIRV,
} glhle_maxwell_shader_path;

typedef struct glhle_maxwell_desc {
    /* Most pushbuffer words one submission may consume. 0 -> 64 Mi words. */
    uint64_t max_words_per_submit;
    /* Problems logged per submission before the rest are only counted. 0 -> 32. */
    uint32_t max_logged_problems;
    /* Macro instructions one CALL_MME_MACRO may run (0 -> 16 Mi) and one
     * submission may run in all (0 -> 256 Mi): ends macros that never exit.
     * A call queues at most 64 Ki parameters (MW_MME_CALL_WORDS); the rest
     * are dropped and reported. */
    uint64_t macro_step_cap;
    uint64_t macro_steps_per_submit;
    glhle_log_fn log;          /* NULL -> the context's logger (stderr without a context) */
    void *log_user;
    glhle_log_level log_level; /* used with `log`; 0 -> DEBUG */
    /* Internal resolution of render targets, 1-8 times the guest's (GL
     * instances); 0 -> 1. Write-back to guest memory is always at the
     * guest's resolution. */
    uint32_t scale;
    /* Decode ASTC textures on the CPU (to RGBA8 or SRGB8_ALPHA8) even
     * where the GL has GL_KHR_texture_compression_astc_ldr; without that
     * extension they are decoded on the CPU anyway. A debugging switch. */
    bool astc_on_cpu;
    /* Submissions a semaphore acquire may wait (the pusher stopped at it,
     * the rest held back) before it is given up with LIMIT_EXCEEDED and
     * the stream goes on past it. 0 -> 16. */
    uint32_t acquire_wait_submits;
    /* GL only: the program cache service and the disk shader cache
     * (glhle/shader_cache.h, docs/shader-cache.md), DIR/TITLE.maxwell.glsc
     * (compute programs: DIR/TITLE.maxwell-cs.glsc; programs with the
     * guest's geometry stage: .maxwell-gs.glsc, with its tessellation
     * stages: .maxwell-tess.glsc, made ready when the first draw needs
     * such a program).
     * With a folder, creation makes every program the file holds ready
     * before the first draw (from this driver's binary where it has one, on
     * `shader_compile_threads` workers where given); a program first needed
     * during play is translated and compiled on the draw that needs it,
     * unless `shader_defer_draws`.
     * NULL: no disk cache. */
    const char *shader_cache_dir;
    const char *shader_cache_title;  /* NULL -> "default" */
    uint64_t shader_cache_max_bytes; /* the file's budget; 0 -> 256 MiB */
    uint32_t shader_compile_threads;
    uint32_t program_budget;         /* linked programs kept; 0 -> 1024 */
    uint64_t program_budget_bytes;   /* their GL memory; 0 -> 256 MiB */
    /* A draw whose program is not ready (a cold miss) is skipped while the
     * program compiles on a worker (one is started when
     * shader_compile_threads is 0), as yuzu's asynchronous shaders do:
     * nothing waits for a compile, the skipped draws are counted in
     * glhle_shader_stats.draws_deferred (not in `draws`), and the program
     * draws from the first draw after it is ready. The key's guest code is
     * still translated to GLSL on the draw (the translator's refusals are
     * reported there); a stored binary of this driver is loaded at once.
     * false (default): a cold miss compiles on the draw that needs it. */
    bool shader_defer_draws;
    /* GL only: GLSL or SPIR-V modules for the guest's shaders; 0 (AUTO) -> GLSL */
    glhle_maxwell_shader_path shader_path;
} glhle_maxwell_desc;

/* ctx may be NULL (GL-free instance). */
GLHLE_API glhle_result glhle_maxwell_create(glhle_context *ctx, const glhle_maxwell_desc *desc,
                                            glhle_maxwell **out);
/* NULL is ignored. */
GLHLE_API void glhle_maxwell_destroy(glhle_maxwell *gpu);

/* ---- GPU memory -------------------------------------------------------------
 * The GPU sees a 40-bit virtual address space (GM20B's MMU; nvgpu
 * NVGPU_GPU_VA_BITS). A core maps [va, va + size) onto host memory it owns
 * and keeps valid while mapped, with the memory kind the page table entry
 * carries. Mappings may not overlap in GPU addresses; the same host bytes
 * may be mapped at several GPU addresses (they alias). Every GPU access is
 * translated and bounds-checked; an access that touches an unmapped byte
 * faults and copies nothing. */
#define GLHLE_MAXWELL_VA_BITS 40
#define GLHLE_MAXWELL_MAX_MAPPINGS 16384

typedef enum glhle_maxwell_kind {
    GLHLE_MAXWELL_KIND_PITCH = 0,     /* PTE kind 0x00: linear (pitch) surfaces, buffers, pushbuffers */
    GLHLE_MAXWELL_KIND_GENERIC_16BX2, /* PTE kind 0xFE: block-linear surfaces */
    GLHLE_MAXWELL_KIND_COMPRESSED,    /* a compressible kind (colour or depth compression tags) */
    GLHLE_MAXWELL_KIND_COUNT_
} glhle_maxwell_kind;

GLHLE_API glhle_result glhle_maxwell_map(glhle_maxwell *gpu, uint64_t va, void *host, size_t size,
                                         glhle_maxwell_kind kind);
/* Unmaps every byte of [va, va + size): mappings inside it go, mappings that
 * straddle its ends are trimmed (split in two when it lies inside one).
 * GLHLE_RESULT_NOT_FOUND when nothing was mapped there. */
GLHLE_API glhle_result glhle_maxwell_unmap(glhle_maxwell *gpu, uint64_t va, uint64_t size);
/* Copies between GPU memory and the caller (a core's CPU access through
 * the GPU's view, tests). OUT_OF_BOUNDS when any byte is unmapped. */
GLHLE_API glhle_result glhle_maxwell_read(const glhle_maxwell *gpu, uint64_t va, void *dst, size_t size);
GLHLE_API glhle_result glhle_maxwell_write(glhle_maxwell *gpu, uint64_t va, const void *src, size_t size);
/* The kind of the mapping holding va; NOT_FOUND if unmapped. */
GLHLE_API glhle_result glhle_maxwell_kind_at(const glhle_maxwell *gpu, uint64_t va, glhle_maxwell_kind *kind);

/* ---- render targets and guest memory (GL instances) ----------------------------
 * A GL instance keeps the render targets the GPU draws into and clears as GL
 * images (issue 16: clears so far; draws come with the draw path). Engine
 * operations (DMA, inline-to-memory, 2D) see them coherently. The core's own
 * CPU accesses go around glhle: before the CPU reads memory the GPU may have
 * rendered to, flush it; after the CPU wrote memory, invalidate it.
 * glhle_maxwell_write does both itself. Both take any range; size
 * UINT64_MAX from va 0 means all of memory. */
GLHLE_API glhle_result glhle_maxwell_flush(glhle_maxwell *gpu, uint64_t va, uint64_t size);
GLHLE_API glhle_result glhle_maxwell_invalidate(glhle_maxwell *gpu, uint64_t va, uint64_t size);

/* ---- context loss (glhle.h, glhle_context_lost) -------------------------------
 * lost: with the old context current, every render target is written back
 * to guest memory and read back at the internal resolution and kept on the
 * CPU, the last frame is kept for glhle_maxwell_read_frame, and every GL
 * object is deleted. restored: with the new context current, the kept
 * render targets are made again at the same resolution (so an upscaled
 * picture the game does not draw again survives) and the frame with them;
 * textures, samplers and programs come back from guest memory and the
 * translation caches as they are next used. Without memory for the copies
 * a target comes back from guest memory at native resolution (logged).
 * Both are no-ops on a GL-free instance; no other call may run between
 * them. */
GLHLE_API glhle_result glhle_maxwell_context_lost(glhle_maxwell *gpu);
GLHLE_API glhle_result glhle_maxwell_context_restored(glhle_maxwell *gpu);

typedef struct glhle_maxwell_render_stats {
    uint32_t surfaces;     /* render targets resident as GL images */
    uint64_t clears;       /* colour or depth-stencil clears performed */
    uint64_t loads;        /* targets loaded from guest memory */
    uint64_t writebacks;   /* targets written back to guest memory */
    uint64_t evictions;    /* targets dropped to make room */
    /* engine work kept on the GPU, no round trip through guest memory: */
    uint64_t twod_gpu;     /* 2D blits between resident targets */
    uint64_t dma_gpu;      /* DMA copies between resident surfaces */
    uint64_t i2m_gpu;      /* inline-to-memory transfers put into a resident surface */
    /* the draw path's upload ring (vertex streams, indices, changed
     * constant buffers; only the bytes each draw reads): */
    uint64_t upload_bytes; /* bytes draws copied into it */
    uint64_t upload_wraps; /* times it started over at its beginning */
    uint64_t upload_fences; /* its segments reused after a wait for the fence of their last use */
    uint64_t upload_waits; /* of those, fences the GPU had not passed yet */
    uint64_t upload_own;   /* ranges it could not take (too large), put in stores of their own */
} glhle_maxwell_render_stats;

/* All zero for a GL-free instance. */
GLHLE_API glhle_result glhle_maxwell_get_render_stats(const glhle_maxwell *gpu, glhle_maxwell_render_stats *out);
/* The program cache service's figures (programs compiled, loaded from the
 * disk cache, hits, ...) since the draw path was made (creation with a disk
 * cache, else the first draw; again after a context restore); all zero for a
 * GL-free instance. `draws` counts the draws performed. */
GLHLE_API glhle_result glhle_maxwell_get_shader_stats(const glhle_maxwell *gpu, glhle_shader_stats *out);

/* ---- presentation --------------------------------------------------------------
 * What the Switch's display layer scans out (nvnflinger's buffer queue hands
 * the compositor a surface): a colour surface in GPU memory. Presenting
 * makes it the instance's frame, at the internal scale: drawn from the GL
 * image when the GPU rendered it (no round trip through memory), else read
 * from memory. Window contexts also draw the frame, fitted and centred,
 * into the back buffer (glhle_context_swap shows it); external contexts
 * into desc->external; offscreen instances only keep it. */
typedef struct glhle_maxwell_surface {
    uint64_t va;
    /* A SET_COLOR_TARGET_FORMAT value (clb197.h) of an unsigned-normalised,
     * sRGB or float format: A8B8G8R8 0xD5, A8R8G8B8 0xCF, R5G6B5 0xE8,
     * A8BL8GL8RL8 0xD6, RF16_GF16_BF16_AF16 0xCA, ... */
    uint32_t format;
    uint32_t width, height;        /* pixels */
    bool pitch;                    /* pitch layout, else block-linear */
    uint32_t pitch_bytes;          /* pitch layout: bytes per row */
    uint32_t block_height_log2;    /* block-linear: GOBs per block in y, 0-5 (1280x720 RGBA8 buffers use 4) */
    /* A multisampled surface's SET_ANTI_ALIAS SAMPLES mode (clb197.h: 2X1 1,
     * 2X2 2, 4X2 3; 0 MODE_1X1, one sample): width and height stay in
     * pixels, memory holds each pixel's block of samples, and the present
     * shows the samples' mean (a GL resolve). Modes the renderer cannot
     * draw are UNSUPPORTED. */
    uint32_t aa_mode;
} glhle_maxwell_surface;

typedef struct glhle_maxwell_present_desc {
    glhle_maxwell_surface surface;
    /* The part shown, in surface pixels from the top-left; width or height
     * 0 -> the whole surface. */
    uint32_t crop_x, crop_y, crop_width, crop_height;
    bool flip_y;                   /* the layer's vertical flip transform */
    /* External-mode contexts only: the caller's framebuffer (0 = default)
     * and the rectangle in it, in pixels from the bottom-left; width or
     * height 0 -> the frame's size at (x, y). */
    struct {
        uint32_t fbo;
        int32_t x, y, width, height;
    } external;
} glhle_maxwell_present_desc;

/* INVALID_ARGUMENT for a GL-free instance or a crop outside the surface,
 * UNSUPPORTED for an integer or unknown format, OUT_OF_BOUNDS when the
 * surface's memory is not all mapped (the previous frame stays). */
GLHLE_API glhle_result glhle_maxwell_present(glhle_maxwell *gpu, const glhle_maxwell_present_desc *desc);
/* The last presented frame as RGBA8, top row first, tightly packed; the
 * same contract as glhle_pica_read_frame. */
GLHLE_API glhle_result glhle_maxwell_read_frame(glhle_maxwell *gpu, void *rgba, size_t rgba_size, uint32_t *width,
                                                uint32_t *height);
GLHLE_API glhle_result glhle_maxwell_write_frame_png(glhle_maxwell *gpu, const char *path);

/* ---- traces -------------------------------------------------------------------
 * A Maxwell trace records the calls a core makes on an instance and the
 * guest memory they see, in the glhle trace container (docs/formats.md);
 * glhle-replay plays it and writes one PNG per present. */
typedef struct glhle_maxwell_recorder glhle_maxwell_recorder;

/* Zero means default for every field. */
typedef struct glhle_maxwell_recorder_desc {
    const char *path;            /* the file to write; NULL: keep the trace in memory */
    uint64_t max_bytes;          /* 0 -> 4 GiB; past it recording stops (LIMIT_EXCEEDED) */
    const char *comment;         /* stored in a COMMENT chunk */
} glhle_maxwell_recorder_desc;

GLHLE_API glhle_result glhle_maxwell_recorder_create(const glhle_maxwell_recorder_desc *desc,
                                                     glhle_maxwell_recorder **out);
/* Starts recording gpu (once per recorder), with the mappings it has now.
 * INVALID_ARGUMENT when the instance has a recorder or has already
 * submitted work: register and macro state are not captured, so attach
 * before the first submission. */
GLHLE_API glhle_result glhle_maxwell_recorder_attach(glhle_maxwell_recorder *rec, glhle_maxwell *gpu);
/* Stops recording and closes the trace; returns the first recording error. */
GLHLE_API glhle_result glhle_maxwell_recorder_finish(glhle_maxwell_recorder *rec);
/* The in-memory trace after finish (valid until destroy). */
GLHLE_API glhle_result glhle_maxwell_recorder_bytes(const glhle_maxwell_recorder *rec, const uint8_t **data,
                                                    size_t *size);
/* Finishes if needed and frees; the instance may outlive it or not. */
GLHLE_API void glhle_maxwell_recorder_destroy(glhle_maxwell_recorder *rec);

/* Called after each replayed present with its number (0-based); a non-OK
 * result stops the replay and is returned. */
typedef glhle_result (*glhle_maxwell_frame_fn)(void *user, glhle_maxwell *gpu, uint32_t frame);

typedef struct glhle_maxwell_replay_desc {
    glhle_context *ctx;          /* NULL: a GL-free replay (no presents drawn) */
    glhle_maxwell_desc maxwell;  /* the instance to replay on (scale, logger) */
    uint32_t frames;             /* stop after this many presents; 0 -> all */
    uint64_t max_mapped_bytes;   /* guest memory the trace may map in all; 0 -> 2 GiB */
    glhle_maxwell_frame_fn on_frame;
    void *user;
} glhle_maxwell_replay_desc;

typedef struct glhle_maxwell_replay_stats {
    uint32_t chunks, frames, submissions;
    uint32_t problems;           /* submissions and presents that returned an error */
    bool ended;                  /* the END chunk was reached */
    glhle_shader_stats shaders;  /* the instance's, at the end of the replay (glhle_maxwell_get_shader_stats) */
    glhle_maxwell_render_stats render; /* likewise (glhle_maxwell_get_render_stats) */
} glhle_maxwell_replay_stats;

/* Replays a Maxwell trace. BAD_DATA / TRUNCATED (logged with the byte
 * offset) for a damaged trace: nothing after the damage is played. */
GLHLE_API glhle_result glhle_maxwell_trace_replay(const void *data, size_t size,
                                                  const glhle_maxwell_replay_desc *desc,
                                                  glhle_maxwell_replay_stats *stats);

/* ---- submission ------------------------------------------------------------- */

typedef struct glhle_maxwell_run_result {
    uint64_t words;            /* pushbuffer words consumed */
    uint64_t methods;          /* method writes executed (host and engine, macros' writes included) */
    uint32_t entries;          /* GPFIFO entries processed */
    uint32_t draws;            /* draws that reached the draw hook (END after BEGIN, one-word draws) */
    uint32_t clears;           /* CLEAR_SURFACE */
    uint32_t macro_calls;
    uint64_t macro_steps;      /* macro instructions executed */
    uint32_t launches;         /* engine launches: DMA, inline-to-memory, 2D, compute */
    uint32_t semaphores;       /* semaphore and report releases written */
    uint32_t syncpoint_increments;
    uint32_t faults;           /* GPU accesses that hit unmapped memory */
    uint64_t last_fault_va;    /* the most recent one's address and method */
    uint32_t last_fault_class, last_fault_method;
    bool stopped_on_error;     /* a problem ended the submission early */
    uint32_t problems;         /* everything logged as wrong, including what was not logged past the limit */
    /* A semaphore acquire (host SEMAPHORED ACQUIRE / ACQ_GEQ / ACQ_AND, 3D
     * report ACQUIRE) found memory short of its payload: the pusher stopped
     * after it and holds the rest of the work back until a later
     * submission finds it satisfied. wait_va is the semaphore's address. */
    bool waiting;
    uint64_t wait_va;
} glhle_maxwell_run_result;

/* Submits GPFIFO entries, each the 64-bit pair NVB06F_GP_ENTRY0 (low word)
 * and GP_ENTRY1 (high word): pushbuffer address bits 2-39, length in words
 * (bits 10-30 of entry 1), the main/subroutine level (bit 9) and sync
 * (bit 31) bits. A method whose data runs past an entry continues in the
 * next one (envytools dma-pusher: the pusher's method state outlives the IB
 * entry); one still short at the end of the submission is reported and
 * dropped. `out` may be NULL. */
GLHLE_API glhle_result glhle_maxwell_submit_gpfifo(glhle_maxwell *gpu, const uint64_t *entries, size_t count,
                                                   glhle_maxwell_run_result *out);
/* Runs pushbuffer words given on the host, as one segment.
 *
 * Waits: a semaphore acquire that memory does not satisfy stops the pusher
 * after it (res.waiting); the rest of the work -- the entry from the next
 * word, the later entries, the host words after it (copied) -- and every
 * later submission's work is held back. Each later call, and a kick (a
 * submission with no work: count 0), reads the semaphore again and, once
 * it is met (the core or another channel wrote it), runs the held-back
 * work first. Held-back GPFIFO entries are read from guest memory when they
 * run, so their pushbuffers must stay mapped. After acquire_wait_submits
 * calls the wait is given up (LIMIT_EXCEEDED) and the stream goes on past
 * the acquire. At most 4096 held-back items and 4 Mi host words; more are
 * dropped and reported. An acquire a macro sends cannot wait: reported,
 * not waited. */
GLHLE_API glhle_result glhle_maxwell_submit_words(glhle_maxwell *gpu, const uint32_t *words, size_t count,
                                                  glhle_maxwell_run_result *out);

/* The value semaphore and report releases write as their timestamp when no
 * clock hook is installed (a core sets GPU ticks here). */
GLHLE_API void glhle_maxwell_set_timestamp(glhle_maxwell *gpu, uint64_t ticks);

/* ---- state --------------------------------------------------------------------- */

/* The class bound to subchannel 0-7 by SET_OBJECT (0 = none). */
GLHLE_API uint32_t glhle_maxwell_bound_class(const glhle_maxwell *gpu, uint32_t subchannel);
/* The current value of method word `method` (byte offset / 4, 0-0xFFF) of
 * an engine class (3D: the register file, 0-0xDFF; the others their method
 * arrays). INVALID_ARGUMENT for an unknown class or a method out of range. */
GLHLE_API glhle_result glhle_maxwell_get_method(const glhle_maxwell *gpu, uint32_t class_id, uint32_t method,
                                                uint32_t *value);
/* The 3D class's shadow RAM (what MME READ sees; MME_SHADOW_RAM_CONTROL). */
GLHLE_API glhle_result glhle_maxwell_get_shadow(const glhle_maxwell *gpu, uint32_t method, uint32_t *value);
/* The method's name from its class header ("SET_COLOR_TARGET_A"), NULL for
 * a method word no header names. Array methods share one name; *index gets
 * the element (0 for plain methods) when index is not NULL. */
GLHLE_API const char *glhle_maxwell_method_name(uint32_t class_id, uint32_t method, uint32_t *index);
/* "3D", "COMPUTE", "I2M", "2D", "DMA", "HOST"; NULL for other classes. */
GLHLE_API const char *glhle_maxwell_class_name(uint32_t class_id);

/* ---- hooks ----------------------------------------------------------------------
 * Called on the submitting thread inside glhle_maxwell_submit_*, in stream
 * order. A hook must not submit on the same instance (such a call fails with
 * INVALID_ARGUMENT); it may read memory and state. Pointers in an event are
 * valid during the call only. */
typedef enum glhle_maxwell_event_type {
    /* Every method write (host or engine), after it is stored. */
    GLHLE_MAXWELL_EVENT_METHOD = 0,
    /* A macro call is about to run: index and its queued parameters. The
     * writes it makes follow as METHOD events with from_macro set. */
    GLHLE_MAXWELL_EVENT_MACRO_CALL,
    /* A draw: END after BEGIN, or a one-word DRAW_*_BEGIN_END_* method. */
    GLHLE_MAXWELL_EVENT_DRAW,
    /* CLEAR_SURFACE. */
    GLHLE_MAXWELL_EVENT_CLEAR,
    /* An engine launch: DMA LAUNCH_DMA, inline-to-memory (A140 or the 3D
     * built-in) once its data is complete, 2D blit, compute launch. */
    GLHLE_MAXWELL_EVENT_LAUNCH,
    /* A semaphore or report release was written to memory. */
    GLHLE_MAXWELL_EVENT_SEMAPHORE,
    GLHLE_MAXWELL_EVENT_TYPE_COUNT_
} glhle_maxwell_event_type;

typedef struct glhle_maxwell_event {
    glhle_maxwell_event_type type;
    uint32_t entry;          /* GPFIFO entry index in the submission (0 for host words) */
    uint64_t segment_va;     /* GPU address of the segment (0 for host words) */
    uint32_t offset;         /* word offset of the data word in its segment */
    uint32_t subchannel;
    uint32_t class_id;       /* GLHLE_MAXWELL_CLASS_* (HOST for methods below 0x40) */
    uint32_t method;         /* method word: byte offset / 4 */
    uint32_t value;
    bool from_macro;         /* written by a macro's send */
    union {
        struct {
            uint32_t index;
            const uint32_t *params;
            uint32_t count;
        } macro;
        struct {
            uint32_t topology;        /* BEGIN_OP: 0 POINTS .. 14 PATCH (clb197.h) */
            bool indexed;             /* from the index buffer, or inline indices */
            uint32_t index_size;      /* bytes per index (indexed draws) */
            uint32_t first, count;    /* first vertex or index, and how many */
            uint32_t instance;        /* the instance id (BEGIN INSTANCE_ID: FIRST 0, SUBSEQUENT + 1) */
            uint32_t base_vertex, base_instance;
            const uint32_t *inline_indices; /* DRAW_INLINE_INDEX* data (count of them), else NULL */
        } draw;
        struct {
            uint32_t value;           /* CLEAR_SURFACE: Z 0, STENCIL 1, R-A 2-5, MRT_SELECT 9:6, RT_ARRAY_INDEX 25:10 */
        } clear;
        struct {
            const uint32_t *regs;     /* the launching class's method array */
            uint64_t address;         /* the operation's main address (destination, QMD) */
        } launch;
        struct {
            uint64_t va;
            uint32_t payload;
            bool four_words;          /* 16-byte report with the timestamp */
        } semaphore;
    } u;
} glhle_maxwell_event;

typedef void (*glhle_maxwell_event_fn)(void *user, glhle_maxwell *gpu, const glhle_maxwell_event *event);

typedef struct glhle_maxwell_hooks {
    void *user;
    glhle_maxwell_event_fn event;
    /* Bit (1u << type) per wanted event type; 0 -> every type. METHOD
     * events cost a call per word: leave them out unless needed. */
    uint32_t event_mask;
    /* A host-class SYNCPOINT increment (deko3d engine_gpfifo.def 0x01D) or
     * the 3D class's INCREMENT_SYNC_POINT: the core advances syncpoint id. */
    void (*syncpoint_increment)(void *user, uint32_t id);
    /* Timestamps for semaphore/report releases; NULL -> the value of
     * glhle_maxwell_set_timestamp. */
    uint64_t (*clock)(void *user);
} glhle_maxwell_hooks;

/* Installs the hooks (copied), replacing the previous ones; NULL removes them. */
GLHLE_API void glhle_maxwell_set_hooks(glhle_maxwell *gpu, const glhle_maxwell_hooks *hooks);

#ifdef __cplusplus
}
#endif

#endif
