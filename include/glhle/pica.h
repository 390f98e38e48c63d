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
 * mapping, the word budget used up); the others skip the offending write
 * and go on (register id above 0x2FF, a FIFO write that has nowhere to go,
 * a NaN float parameter, which is kept). The instance stays usable.
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
    glhle_log_level log_level; /* used with `log`; 0 -> DEBUG */
} glhle_pica_desc;

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

#ifdef __cplusplus
}
#endif

#endif
