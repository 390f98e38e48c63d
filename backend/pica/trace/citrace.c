/* CiTrace (.ctf) -> glhle trace (see citrace.h for the layout and mapping). */
#include "backend/pica/trace/citrace.h"

#include <stdlib.h>
#include <string.h>

#include "backend/common/float_formats.h"
#include "backend/pica/frontend/regs.h"
#include "backend/pica/trace/trace_state.h"

#define CT_VERSION 1u
#define EL_FRAME 0xE1u
#define EL_LOAD 0xE2u
#define EL_WRITE 0xE3u

/* Physical addresses (3dbrew GPU/External_Registers, Memory layout). */
#define GPU_BASE 0x10400000u
#define GPU_WORDS 0x400u            /* external registers 0x10400000-0x10400FFF */
#define PICA_BASE 0x10401000u       /* internal register id at PICA_BASE + 4 * id */
#define FILL_CONTROL(u) (0x1Cu + 0x10u * (u)) /* byte offsets from GPU_BASE */
#define TRANSFER 0xC00u
#define TRANSFER_TRIGGER 0xC18u
#define FB_SETUP(screen) (0x400u + 0x100u * (screen))

/* Largest initial-state region accepted, in words (the biggest real one is
 * the GPU register block, 0x1000 bytes of external plus 0xC00 of internal
 * registers). */
#define MAX_REGION_WORDS 0x10000u
/* Host-list batches of internal register writes are cut at this size. */
#define BATCH_WORDS 8192u

typedef struct region {
    uint32_t paddr, size;
    const char *name;
    bool used;
} region;

typedef struct ctf {
    const uint8_t *d;
    size_t n;
    trace_writer *w;
    const glhle_logger *lg;
    bool old_layout;          /* RegisterWrite = address, size code, u64 value */
    region mem[4];
    uint32_t gpu[GPU_WORDS];  /* external registers as last written */
    uint32_t cmdbuf_size[2], cmdbuf_addr[2];
    uint32_t batch[BATCH_WORDS + 4];
    uint32_t batch_n;
    bool load_valid;          /* the last MemoryLoad, for the next command list's size */
    uint32_t load_paddr, load_size;
    uint32_t frames;
    uint32_t skipped;
} ctf;

bool pica_citrace_is(const void *data, size_t size)
{
    return size >= 4 && memcmp(data, "CiTr", 4) == 0;
}

static uint32_t rd32(const ctf *c, uint64_t off)
{
    return trace_rd32(c->d + off);
}

/* ---- header ------------------------------------------------------------------- */

typedef struct ct_region {
    uint32_t offset, words;
} ct_region;

enum { R_GPU, R_LCD, R_PICA, R_ATTR, R_VS_CODE, R_VS_SWIZZLE, R_VS_FLOAT, R_GS_CODE, R_GS_SWIZZLE, R_GS_FLOAT, R_COUNT };
static const char *const region_names[R_COUNT] = {
    "GPU registers", "LCD registers", "PICA registers", "default attributes", "VS program",
    "VS swizzle data", "VS float uniforms", "GS program", "GS swizzle data", "GS float uniforms",
};

static glhle_result read_header(ctf *c, ct_region reg[R_COUNT], uint32_t *stream_off, uint32_t *stream_n,
                                uint32_t *version)
{
    if (c->n < PICA_CITRACE_HEADER_SIZE)
        return GLHLE_FAIL(c->lg, GLHLE_RESULT_TRUNCATED,
                          "citrace: offset 0: the file ends after %zu bytes, inside the %d-byte header", c->n,
                          PICA_CITRACE_HEADER_SIZE);
    *version = rd32(c, 4);
    if (*version != CT_VERSION)
        return GLHLE_FAIL(c->lg, GLHLE_RESULT_BAD_DATA, "citrace: offset 4: version %u; only version 1 exists",
                          *version);
    uint32_t hs = rd32(c, 8);
    if (hs < PICA_CITRACE_HEADER_SIZE || hs > c->n)
        return GLHLE_FAIL(c->lg, GLHLE_RESULT_BAD_DATA,
                          "citrace: offset 8: header size %u is below %d or past the %zu-byte file", hs,
                          PICA_CITRACE_HEADER_SIZE, c->n);
    for (int i = 0; i < R_COUNT; i++) {
        reg[i].offset = rd32(c, 12 + 8 * (uint64_t)i);
        reg[i].words = rd32(c, 16 + 8 * (uint64_t)i);
        if (reg[i].words == 0)
            continue;
        if (reg[i].words > MAX_REGION_WORDS)
            return GLHLE_FAIL(c->lg, GLHLE_RESULT_BAD_DATA,
                              "citrace: offset %d: %s claim %u words, more than the %u accepted", 16 + 8 * i,
                              region_names[i], reg[i].words, MAX_REGION_WORDS);
        if ((uint64_t)reg[i].offset + 4ull * reg[i].words > c->n)
            return GLHLE_FAIL(c->lg, GLHLE_RESULT_TRUNCATED,
                              "citrace: offset %d: %s at 0x%x (%u words) run past the %zu-byte file", 12 + 8 * i,
                              region_names[i], reg[i].offset, reg[i].words, c->n);
    }
    *stream_off = rd32(c, 92);
    *stream_n = rd32(c, 96);
    if ((uint64_t)*stream_off + (uint64_t)*stream_n * PICA_CITRACE_ELEMENT_SIZE > c->n)
        return GLHLE_FAIL(c->lg, GLHLE_RESULT_TRUNCATED,
                          "citrace: offset 92: %u stream elements at 0x%x run past the %zu-byte file", *stream_n,
                          *stream_off, c->n);
    return GLHLE_RESULT_OK;
}

/* ---- guest memory ------------------------------------------------------------------ */

static region *region_of(ctf *c, uint32_t paddr, uint32_t size)
{
    for (int i = 0; i < 4; i++) {
        region *r = &c->mem[i];
        if (paddr >= r->paddr && (uint64_t)paddr - r->paddr + size <= r->size)
            return r;
    }
    return NULL;
}

/* First pass over the stream: checks every element's bounds, picks the
 * RegisterWrite layout and the ranges to map. */
static glhle_result scan(ctf *c, uint32_t off, uint32_t count)
{
    c->mem[0] = (region){0x18000000u, 0x00600000u, "VRAM", true};
    c->mem[1] = (region){0x1FF00000u, 0x00080000u, "DSP RAM", false};
    c->mem[2] = (region){0x1FF80000u, 0x00080000u, "AXI WRAM", false};
    c->mem[3] = (region){0x20000000u, 0x10000000u, "FCRAM", true};
    bool high_fcram = false;
    uint32_t writes = 0, old_codes = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint64_t e = off + (uint64_t)i * PICA_CITRACE_ELEMENT_SIZE;
        uint32_t type = rd32(c, e);
        if (type == EL_LOAD) {
            uint32_t fo = rd32(c, e + 4), size = rd32(c, e + 8), paddr = rd32(c, e + 12);
            if ((uint64_t)fo + size > c->n)
                return GLHLE_FAIL(c->lg, GLHLE_RESULT_BAD_DATA,
                                  "citrace: offset 0x%llx: MemoryLoad of %u bytes from file offset 0x%x runs past the "
                                  "%zu-byte file",
                                  (unsigned long long)e, size, fo, c->n);
            region *r = region_of(c, paddr, size);
            if (r) {
                r->used = true;
                if (r == &c->mem[3] && (uint64_t)paddr + size > 0x28000000u)
                    high_fcram = true;
            }
        } else if (type == EL_WRITE) {
            writes++;
            uint32_t code = rd32(c, e + 8);
            if (code >= 0xD1 && code <= 0xD4)
                old_codes++;
        }
    }
    c->old_layout = writes > 0 && old_codes == writes;
    /* 128 MiB of FCRAM on the original 3DS, 256 MiB on the New 3DS (3dbrew Memory layout) */
    if (!high_fcram)
        c->mem[3].size = 0x08000000u;
    return GLHLE_RESULT_OK;
}

static void map_regions(ctf *c)
{
    for (int i = 0; i < 4; i++) {
        if (!c->mem[i].used)
            continue;
        uint8_t p[PICA_TRACE_MAP_SIZE];
        trace_wr32(p, c->mem[i].paddr);
        trace_wr32(p + 4, c->mem[i].size);
        trace_put(c->w, PICA_TRACE_MAP, p, sizeof p, NULL, 0);
    }
}

/* ---- host-list batches ------------------------------------------------------------- */

static void outcome_unknown(uint8_t o[PICA_TRACE_OUTCOME_SIZE])
{
    memset(o, 0, PICA_TRACE_OUTCOME_SIZE);
    trace_wr32(o + 4, PICA_TRACE_OUTCOME_UNKNOWN);
}

static void host_list(ctf *c, const uint32_t *words, uint32_t n, uint32_t flags)
{
    uint8_t head[PICA_TRACE_RUN_HOST_SIZE];
    outcome_unknown(head);
    trace_wr32(head + PICA_TRACE_OUTCOME_SIZE, flags);
    if (!trace_begin(c->w, PICA_TRACE_RUN_HOST, (uint32_t)sizeof head + n * 4) ||
        !trace_write(c->w, head, sizeof head))
        return;
    for (uint32_t i = 0; i < n; i++) {
        uint8_t le[4];
        trace_wr32(le, words[i]);
        trace_write(c->w, le, 4);
    }
    trace_end(c->w);
}

static void flush_batch(ctf *c)
{
    if (!c->batch_n)
        return;
    if (c->batch_n % 4) { /* a write with no byte enabled pads to a 16-byte unit */
        c->batch[c->batch_n++] = 0;
        c->batch[c->batch_n++] = 0;
    }
    host_list(c, c->batch, c->batch_n, 0);
    c->batch_n = 0;
}

static void batch_write(ctf *c, uint32_t id, uint32_t value, uint32_t lanes)
{
    if (c->batch_n >= BATCH_WORDS)
        flush_batch(c);
    c->batch[c->batch_n++] = value;
    c->batch[c->batch_n++] = (lanes << 16) | id; /* one parameter, no extra count */
}

/* ---- register writes ---------------------------------------------------------------- */

static uint32_t lanes_mask(uint32_t lanes)
{
    uint32_t m = 0;
    for (int b = 0; b < 4; b++)
        if (lanes & (1u << b))
            m |= 0xFFu << (8 * b);
    return m;
}

static void fill(ctf *c, uint32_t unit)
{
    flush_batch(c);
    uint8_t p[PICA_TRACE_MEMORY_FILL_SIZE];
    for (uint32_t k = 0; k < 4; k++)
        trace_wr32(p + 4 * k, c->gpu[(0x10u + 0x10u * unit) / 4 + k]);
    trace_put(c->w, PICA_TRACE_MEMORY_FILL, p, sizeof p, NULL, 0);
}

static void transfer(ctf *c)
{
    flush_batch(c);
    static const uint16_t regs[8] = {0xC00, 0xC04, 0xC08, 0xC0C, 0xC10, 0xC20, 0xC24, 0xC28};
    uint8_t p[PICA_TRACE_DISPLAY_TRANSFER_SIZE];
    for (int k = 0; k < 8; k++)
        trace_wr32(p + 4 * k, c->gpu[regs[k] / 4]);
    trace_put(c->w, PICA_TRACE_DISPLAY_TRANSFER, p, sizeof p, NULL, 0);
}

static void run_list(ctf *c, uint32_t ch, uint64_t at)
{
    flush_batch(c);
    uint32_t paddr = c->cmdbuf_addr[ch] << 3;
    uint32_t size = c->cmdbuf_size[ch];
    if (c->load_valid && c->load_paddr == paddr)
        size = c->load_size;
    else
        GLHLE_DEBUG(c->lg, "citrace: offset 0x%llx: command list at 0x%08x without a MemoryLoad; size register %u "
                           "taken as bytes",
                    (unsigned long long)at, paddr, size);
    uint8_t p[PICA_TRACE_RUN_GUEST_SIZE];
    outcome_unknown(p);
    trace_wr32(p + PICA_TRACE_OUTCOME_SIZE, paddr);
    trace_wr32(p + PICA_TRACE_OUTCOME_SIZE + 4, size);
    trace_put(c->w, PICA_TRACE_RUN_GUEST, p, sizeof p, NULL, 0);
    c->load_valid = false;
}

/* One write of the bytes in `lanes` of the word at addr (4-aligned). */
static void write_word(ctf *c, uint32_t addr, uint32_t value, uint32_t lanes, uint64_t at)
{
    const uint32_t m = lanes_mask(lanes);
    if (addr >= PICA_BASE && addr < PICA_BASE + 4 * PICA_REG_COUNT) {
        uint32_t id = (addr - PICA_BASE) / 4;
        switch (id) {
        /* the kick-off registers become glhle_pica_run_guest's arguments, as
         * a core's GSP emulation passes them, not register writes */
        case PICA_REG_CMDBUF_SIZE0:
        case PICA_REG_CMDBUF_SIZE1:
            c->cmdbuf_size[id - PICA_REG_CMDBUF_SIZE0] = (c->cmdbuf_size[id - PICA_REG_CMDBUF_SIZE0] & ~m) | (value & m);
            return;
        case PICA_REG_CMDBUF_ADDR0:
        case PICA_REG_CMDBUF_ADDR1:
            c->cmdbuf_addr[id - PICA_REG_CMDBUF_ADDR0] = (c->cmdbuf_addr[id - PICA_REG_CMDBUF_ADDR0] & ~m) | (value & m);
            return;
        case PICA_REG_CMDBUF_JUMP0:
        case PICA_REG_CMDBUF_JUMP1:
            /* written by the CPU, the jump register starts the channel's list (3dbrew; Azahar SubmitCmdList) */
            if (value & m)
                run_list(c, id - PICA_REG_CMDBUF_JUMP0, at);
            return;
        default:
            break;
        }
        batch_write(c, id, value, lanes);
        return;
    }
    if (addr >= GPU_BASE && addr < GPU_BASE + 4 * GPU_WORDS) {
        uint32_t off = addr - GPU_BASE;
        c->gpu[off / 4] = (c->gpu[off / 4] & ~m) | (value & m);
        if ((off == FILL_CONTROL(0) || off == FILL_CONTROL(1)) && (c->gpu[off / 4] & 1))
            fill(c, off == FILL_CONTROL(0) ? 0 : 1);
        else if (off == TRANSFER_TRIGGER && (c->gpu[off / 4] & 1))
            transfer(c);
        return;
    }
    c->skipped++; /* LCD and other registers: nothing glhle models */
}

static void register_write(ctf *c, uint64_t e)
{
    uint32_t addr = rd32(c, e + 4);
    uint64_t value;
    uint32_t bytes = 4;
    if (c->old_layout) {
        static const uint8_t sizes[4] = {1, 2, 4, 8};
        bytes = sizes[rd32(c, e + 8) - 0xD1];
        value = trace_rd64(c->d + e + 12);
    } else {
        value = rd32(c, e + 8);
    }
    /* split into the aligned words it touches */
    for (uint32_t b = 0; b < bytes;) {
        uint32_t a = addr + b, lane = a & 3, take = 4 - lane;
        if (take > bytes - b)
            take = bytes - b;
        uint32_t v = (uint32_t)(value >> (8 * b)) << (8 * lane);
        uint32_t lanes = ((1u << take) - 1) << lane;
        write_word(c, a & ~3u, v, lanes, e);
        b += take;
    }
}

static glhle_result memory_load(ctf *c, uint64_t e)
{
    uint32_t fo = rd32(c, e + 4), size = rd32(c, e + 8), paddr = rd32(c, e + 12);
    region *r = region_of(c, paddr, size);
    if (!r) {
        GLHLE_WARN(c->lg, "citrace: offset 0x%llx: MemoryLoad of %u bytes at 0x%08x is outside VRAM, FCRAM and the "
                          "WRAM ranges; skipped",
                   (unsigned long long)e, size, paddr);
        c->skipped++;
        return GLHLE_RESULT_OK;
    }
    flush_batch(c);
    for (uint32_t done = 0; done < size;) {
        uint32_t n = size - done < PICA_TRACE_MEMORY_PIECE ? size - done : PICA_TRACE_MEMORY_PIECE;
        uint8_t head[PICA_TRACE_MEMORY_SIZE];
        trace_wr32(head, paddr + done);
        trace_put(c->w, PICA_TRACE_MEMORY, head, sizeof head, c->d + fo + done, n);
        done += n;
    }
    c->load_valid = true;
    c->load_paddr = paddr;
    c->load_size = size;
    return GLHLE_RESULT_OK;
}

static void present(ctf *c)
{
    flush_batch(c);
    uint8_t p[PICA_TRACE_PRESENT_SIZE];
    memset(p, 0, sizeof p);
    trace_wr32(p, c->frames++);
    /* framebuffer setup: +0x68/+0x6C A addresses, +0x70 format, +0x78 select,
     * +0x90 stride, +0x94/+0x98 B addresses (3dbrew LCD Source Framebuffer Setup) */
    const uint32_t *top = &c->gpu[FB_SETUP(0) / 4], *bottom = &c->gpu[FB_SETUP(1) / 4];
    uint32_t sel = top[0x78 / 4] & 1;
    uint32_t top_format = top[0x70 / 4];
    bool stereo = ((top_format >> 4) & 3) == 2; /* AB interleave: the 3D mode */
    trace_wr32(p + 4, stereo ? PICA_TRACE_PRESENT_STEREO : 0);
    const uint32_t screen[3][3] = {
        {top[(sel ? 0x6C : 0x68) / 4], top_format, top[0x90 / 4]},
        {top[(sel ? 0x98 : 0x94) / 4], top_format, top[0x90 / 4]},
        {bottom[((bottom[0x78 / 4] & 1) ? 0x6C : 0x68) / 4], bottom[0x70 / 4], bottom[0x90 / 4]},
    };
    for (int s = 0; s < 3; s++)
        for (int k = 0; k < 3; k++)
            trace_wr32(p + 8 + 12 * s + 4 * k, screen[s][k]);
    trace_put(c->w, PICA_TRACE_PRESENT, p, sizeof p, NULL, 0);
}

/* ---- initial state ------------------------------------------------------------------ */

/* A block of GPU register words starting at 0x10400000: external ones to
 * the shadow, internal ones (word 0x400 on) to regs. */
static void gpu_block(ctf *c, const ct_region *r, uint32_t regs[PICA_REG_COUNT])
{
    for (uint32_t i = 0; i < r->words; i++) {
        uint32_t v = rd32(c, r->offset + 4ull * i);
        if (i < GPU_WORDS)
            c->gpu[i] = v;
        else if (i - GPU_WORDS < PICA_REG_COUNT)
            regs[i - GPU_WORDS] = v;
    }
}

static void shader_region(ctf *c, const ct_region *code, const ct_region *swz, const ct_region *uni,
                          pica_shader_setup *s, const char *unit)
{
    for (uint32_t i = 0; i < code->words && i < PICA_SHADER_CODE_WORDS; i++)
        s->code[i] = rd32(c, code->offset + 4ull * i);
    for (uint32_t i = 0; i < swz->words; i++) {
        uint32_t v = rd32(c, swz->offset + 4ull * i);
        if (i < PICA_SHADER_OPDESC_WORDS)
            s->opdesc[i] = v;
        else if (v)
            c->skipped++; /* past the 128 descriptors a program can name */
    }
    /* four words per uniform, each an f24 in its low 24 bits (Citra's to_float24) */
    for (uint32_t i = 0; i < uni->words / 4 && i < PICA_SHADER_FLOAT_UNIFORMS; i++)
        for (uint32_t k = 0; k < 4; k++)
            s->float_uniforms[i][k] = glhle_f24_to_float(rd32(c, uni->offset + 16ull * i + 4 * k) & 0xFFFFFF);
    if (code->words > PICA_SHADER_CODE_WORDS)
        GLHLE_DEBUG(c->lg, "citrace: %s program has %u words; the first %d are kept", unit, code->words,
                    PICA_SHADER_CODE_WORDS);
}

static glhle_result initial_state(ctf *c, const ct_region reg[R_COUNT])
{
    uint32_t regs[PICA_REG_COUNT];
    memset(regs, 0, sizeof regs);
    regs[PICA_REG_GSH_INPUTBUFFER_CONFIG] = 0xA0000001u;
    gpu_block(c, &reg[R_GPU], regs);
    /* Citra wrote the internal registers alone (0x300 words); Azahar writes
     * its whole register block, external registers first */
    if (reg[R_PICA].words > PICA_REG_COUNT) {
        gpu_block(c, &reg[R_PICA], regs);
    } else {
        for (uint32_t i = 0; i < reg[R_PICA].words; i++)
            regs[i] = rd32(c, reg[R_PICA].offset + 4ull * i);
    }
    c->cmdbuf_size[0] = regs[PICA_REG_CMDBUF_SIZE0];
    c->cmdbuf_size[1] = regs[PICA_REG_CMDBUF_SIZE1];
    c->cmdbuf_addr[0] = regs[PICA_REG_CMDBUF_ADDR0];
    c->cmdbuf_addr[1] = regs[PICA_REG_CMDBUF_ADDR1];

    pica_state *st = calloc(1, sizeof *st);
    if (!st)
        return GLHLE_FAIL(c->lg, GLHLE_RESULT_OUT_OF_MEMORY, "citrace: no memory for the initial state");
    shader_region(c, &reg[R_VS_CODE], &reg[R_VS_SWIZZLE], &reg[R_VS_FLOAT], &st->vs_setup, "VS");
    shader_region(c, &reg[R_GS_CODE], &reg[R_GS_SWIZZLE], &reg[R_GS_FLOAT], &st->gs_setup, "GS");
    for (uint32_t i = 0; i < reg[R_ATTR].words / 4 && i < 15; i++)
        for (uint32_t k = 0; k < 4; k++)
            st->fixed_attrib[i][k] = glhle_f24_to_float(rd32(c, reg[R_ATTR].offset + 16ull * i + 4 * k) & 0xFFFFFF);
    glhle_bytebuf list;
    glhle_bytebuf_init(&list, TRACE_MAX_PAYLOAD - PICA_TRACE_RUN_HOST_SIZE);
    long words = pica_state_cmdlist(regs, st, &list);
    free(st);
    glhle_result r = GLHLE_RESULT_OK;
    if (words < 0)
        r = GLHLE_FAIL(c->lg, GLHLE_RESULT_OUT_OF_MEMORY, "citrace: no memory for the initial state's command list");
    else if (words > 0)
        host_list(c, (const uint32_t *)list.data, (uint32_t)words, PICA_TRACE_RUN_STATE);
    glhle_bytebuf_free(&list);
    return r;
}

/* ---- conversion --------------------------------------------------------------------- */

glhle_result pica_citrace_convert(const uint8_t *data, size_t size, trace_writer *w, uint32_t *version,
                                  const glhle_logger *lg)
{
    if (!pica_citrace_is(data, size))
        return GLHLE_FAIL(lg, GLHLE_RESULT_BAD_DATA, "citrace: offset 0: no \"CiTr\" magic; not a CiTrace file");
    ctf *c = calloc(1, sizeof *c);
    if (!c)
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY, "citrace: no memory to convert a trace");
    c->d = data;
    c->n = size;
    c->w = w;
    c->lg = lg;
    ct_region reg[R_COUNT];
    uint32_t off = 0, count = 0;
    glhle_result r = read_header(c, reg, &off, &count, version);
    if (r == GLHLE_RESULT_OK)
        r = scan(c, off, count);
    if (r == GLHLE_RESULT_OK) {
        uint8_t inst[PICA_TRACE_INSTANCE_SIZE];
        memset(inst, 0, sizeof inst); /* the instance's defaults */
        trace_put(w, PICA_TRACE_INSTANCE, inst, sizeof inst, NULL, 0);
        char note[96];
        int len = snprintf(note, sizeof note, "converted from a CiTrace file, version %u, %u stream elements",
                           *version, count);
        trace_put(w, PICA_TRACE_COMMENT, note, (size_t)len, NULL, 0);
        map_regions(c);
        r = initial_state(c, reg);
    }
    for (uint32_t i = 0; r == GLHLE_RESULT_OK && i < count && w->error == GLHLE_RESULT_OK; i++) {
        uint64_t e = off + (uint64_t)i * PICA_CITRACE_ELEMENT_SIZE;
        switch (rd32(c, e)) {
        case EL_FRAME:
            present(c);
            break;
        case EL_LOAD:
            r = memory_load(c, e);
            break;
        case EL_WRITE:
            register_write(c, e);
            break;
        default:
            GLHLE_WARN(lg, "citrace: offset 0x%llx: stream element type 0x%x is unknown; skipped",
                       (unsigned long long)e, rd32(c, e));
            c->skipped++;
            break;
        }
    }
    if (r == GLHLE_RESULT_OK) {
        flush_batch(c);
        uint8_t end[PICA_TRACE_END_SIZE];
        trace_wr32(end, w->chunks);
        trace_wr32(end + 4, c->frames);
        trace_put(w, PICA_TRACE_END, end, sizeof end, NULL, 0);
        r = w->error;
    }
    if (c->skipped)
        GLHLE_DEBUG(lg, "citrace: %u elements or writes had no glhle counterpart and were skipped", c->skipped);
    free(c);
    return r;
}
