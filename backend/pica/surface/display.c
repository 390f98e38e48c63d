/* The display operations on the CPU: parameter decoding and the reference
 * executors (display.h has the semantics and their sources). */
#include "backend/pica/surface/display.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/pica/frontend/memory.h"

/* Registers hold physical address >> 3 (3dbrew GPU/External_Registers). */
static bool reg_address(uint32_t reg, uint32_t *out)
{
    uint64_t a = (uint64_t)reg << 3;
    if (a > 0xFFFFFFFFull)
        return false;
    *out = (uint32_t)a;
    return true;
}

static unsigned bytes_per_texel(pica_texfmt f)
{
    return pica_texfmt_get_info(f)->bits_per_texel / 8;
}

static const char *fmt_name(pica_texfmt f)
{
    return pica_texfmt_get_info(f)->name;
}

/* ---- memory fill ------------------------------------------------------------- */

glhle_result pica_fill_decode(const glhle_pica_memory_fill *regs, const pica_memory *mem, const glhle_logger *lg,
                              pica_fill_params *out)
{
    memset(out, 0, sizeof *out);
    if (!reg_address(regs->start, &out->start))
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: memory fill: start register 0x%08x is past the 32-bit address space; not filled",
                          regs->start);
    if (!reg_address(regs->end, &out->end))
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: memory fill: end register 0x%08x is past the 32-bit address space; not filled",
                          regs->end);
    if (out->end <= out->start)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: memory fill: end 0x%08x is not above start 0x%08x; not filled", out->end,
                          out->start);
    /* control bits 8-9: 0 16-bit, 1 and 3 24-bit, 2 32-bit (3dbrew; Azahar
     * tests bit 8 for 24-bit before bit 9 for 32-bit) */
    uint32_t w = (regs->control >> 8) & 3;
    out->unit = w == 0 ? 2 : w == 2 ? 4 : 3;
    for (unsigned i = 0; i < 4; i++)
        out->pattern[i] = (uint8_t)(regs->value >> (8 * i));
    if (!pica_memory_ptr(mem, out->start, out->end - out->start))
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "pica: memory fill: 0x%08x-0x%08x is not inside one memory mapping; not filled", out->start,
                          out->end);
    return GLHLE_RESULT_OK;
}

void pica_fill_cpu_range(const pica_fill_params *f, const pica_memory *mem, uint32_t a, uint32_t b)
{
    if (a < f->start)
        a = f->start;
    if (b > f->end)
        b = f->end;
    if (a >= b)
        return;
    uint8_t *dst = pica_memory_ptr_mut(mem, a, b - a);
    if (!dst)
        return;
    /* 48 bytes hold whole periods of every unit (2, 3 and 4 divide 12), so
     * the chunk can be copied again and again from the right phase */
    uint8_t chunk[48];
    for (unsigned i = 0; i < sizeof chunk; i++)
        chunk[i] = pica_fill_byte(f, a + i);
    size_t n = b - a, off = 0;
    for (; off + sizeof chunk <= n; off += sizeof chunk)
        memcpy(dst + off, chunk, sizeof chunk);
    memcpy(dst + off, chunk, n - off);
}

void pica_fill_cpu(const pica_fill_params *f, const pica_memory *mem)
{
    pica_fill_cpu_range(f, mem, f->start, f->end);
}

/* ---- display transfer ----------------------------------------------------------- */

static glhle_result transfer_fail(const glhle_logger *lg, glhle_result r, const char *what)
{
    return GLHLE_FAIL(lg, r, "pica: display transfer: %s; not transferred", what);
}

glhle_result pica_transfer_decode(const glhle_pica_display_transfer *regs, const pica_memory *mem,
                                  const glhle_logger *lg, pica_transfer_params *out)
{
    memset(out, 0, sizeof *out);
    char msg[256];
    const uint32_t flags = regs->flags;
    if (!reg_address(regs->input_address, &out->in_addr) || !reg_address(regs->output_address, &out->out_addr)) {
        snprintf(msg, sizeof msg, "address register 0x%08x (input) or 0x%08x (output) is past 2^32",
                 regs->input_address, regs->output_address);
        return transfer_fail(lg, GLHLE_RESULT_INVALID_ARGUMENT, msg);
    }
    out->in_width = regs->input_size & 0xFFFF;
    out->in_height = regs->input_size >> 16;
    out->out_width = regs->output_size & 0xFFFF;
    out->out_height = regs->output_size >> 16;
    if (!out->in_width || !out->in_height || !out->out_width || !out->out_height ||
        out->in_width > PICA_TRANSFER_MAX_SIDE || out->in_height > PICA_TRANSFER_MAX_SIDE ||
        out->out_width > PICA_TRANSFER_MAX_SIDE || out->out_height > PICA_TRANSFER_MAX_SIDE) {
        snprintf(msg, sizeof msg,
                 "input size 0x%08x (%ux%u) or output size 0x%08x (%ux%u) is zero or above %u on a side",
                 regs->input_size, out->in_width, out->in_height, regs->output_size, out->out_width,
                 out->out_height, PICA_TRANSFER_MAX_SIDE);
        return transfer_fail(lg, GLHLE_RESULT_INVALID_ARGUMENT, msg);
    }
    const uint32_t in_code = (flags >> 8) & 7, out_code = (flags >> 12) & 7, scaling = (flags >> 24) & 3;
    if (in_code > 4 || out_code > 4) {
        snprintf(msg, sizeof msg,
                 "flags 0x%08x: input format %u (bits 8-10) or output format %u (bits 12-14) is not a transfer "
                 "format (0-4)",
                 flags, in_code, out_code);
        return transfer_fail(lg, GLHLE_RESULT_INVALID_ARGUMENT, msg);
    }
    if (scaling == 3) {
        snprintf(msg, sizeof msg, "flags 0x%08x: downscale mode 3 (bits 24-25) is invalid", flags);
        return transfer_fail(lg, GLHLE_RESULT_INVALID_ARGUMENT, msg);
    }
    const pica_texfmt in_fmt = pica_texfmt_from_transfer(in_code), out_fmt = pica_texfmt_from_transfer(out_code);
    const bool in_linear = (flags >> 1) & 1, crop = (flags >> 2) & 1, raw = (flags >> 5) & 1,
               block32 = (flags >> 16) & 1;
    out->flip = flags & 1;
    out->sx = scaling >= 1;
    out->sy = scaling == 2;
    const pica_layout tiled = block32 ? PICA_LAYOUT_TILED32 : PICA_LAYOUT_TILED8;
    const pica_layout in_layout = in_linear ? PICA_LAYOUT_LINEAR : tiled;
    const pica_layout out_layout = raw ? in_layout : in_linear ? tiled : PICA_LAYOUT_LINEAR;
    out->dst_width = out->out_width >> out->sx;
    out->dst_height = out->out_height >> out->sy;
    if (!out->dst_width || !out->dst_height) {
        snprintf(msg, sizeof msg, "output size 0x%08x is below 2 on a downscaled side", regs->output_size);
        return transfer_fail(lg, GLHLE_RESULT_INVALID_ARGUMENT, msg);
    }
    if (out->out_width > out->in_width) {
        snprintf(msg, sizeof msg, "output width %u (0x1EF00C08) is above the input width %u (0x1EF00C0C)",
                 out->out_width, out->in_width);
        return transfer_fail(lg, GLHLE_RESULT_INVALID_ARGUMENT, msg);
    }
    const unsigned align = block32 ? 32 : 8;
    if (in_layout != PICA_LAYOUT_LINEAR && (out->out_width % align || out->out_height % align)) {
        snprintf(msg, sizeof msg, "tiled input region %ux%u (0x1EF00C08) is not a multiple of %u on each side",
                 out->out_width, out->out_height, align);
        return transfer_fail(lg, GLHLE_RESULT_INVALID_ARGUMENT, msg);
    }
    if (out_layout != PICA_LAYOUT_LINEAR && (out->dst_width % align || out->dst_height % align)) {
        snprintf(msg, sizeof msg, "tiled output %ux%u (0x1EF00C08 after downscale) is not a multiple of %u on each side",
                 out->dst_width, out->dst_height, align);
        return transfer_fail(lg, GLHLE_RESULT_INVALID_ARGUMENT, msg);
    }
    /* The input is read out_width texels a line unless bit 2 crops its
     * lines: only then are the in_width - out_width texels past each line
     * skipped. citra-emu/hwtests RGBA8_To_RGB8_Different_Sizes, on the
     * console: a 512x400 tiled input into a 240x400 output without bit 2
     * puts the texel at tiled offset 95999 (the last of a 240-wide image)
     * into the last output pixel; 3dbrew names bit 2 "crop input lines". */
    const unsigned rows = in_layout == PICA_LAYOUT_LINEAR ? 1 : align;
    const uint32_t line = crop ? out->in_width : out->out_width;
    out->src = (pica_surface){in_fmt, in_layout, out->out_width, out->out_height,
                              line * rows * bytes_per_texel(in_fmt)};
    out->dst = (pica_surface){out_fmt, out_layout, out->dst_width, out->dst_height, 0};
    if (out->flip && crop && out->in_width > out->out_width) {
        /* the skew of flip + crop (Azahar sw_blitter.cpp, "games rely on this") */
        uint64_t a = (uint64_t)out->out_addr + (uint64_t)(out->in_width - out->out_width) * (out->out_height - 1) *
                                                   bytes_per_texel(out_fmt);
        if (a > 0xFFFFFFFFull)
            return transfer_fail(lg, GLHLE_RESULT_OUT_OF_BOUNDS, "the flip+crop skew moves the output past 2^32");
        out->out_addr = (uint32_t)a;
    }
    out->src_bytes = (uint32_t)pica_surface_size(&out->src);
    out->dst_bytes = (uint32_t)pica_surface_size(&out->dst);
    if (!out->src_bytes || !out->dst_bytes)
        return transfer_fail(lg, GLHLE_RESULT_INVALID_ARGUMENT, "the input or output image is not a valid surface");
    if (!pica_memory_ptr(mem, out->in_addr, out->src_bytes)) {
        snprintf(msg, sizeof msg, "input 0x%08x+0x%x (%s %ux%u, rows %u texels apart) is not inside one memory mapping",
                 out->in_addr, out->src_bytes, fmt_name(in_fmt), out->out_width, out->out_height, line);
        return transfer_fail(lg, GLHLE_RESULT_OUT_OF_BOUNDS, msg);
    }
    if (!pica_memory_ptr(mem, out->out_addr, out->dst_bytes)) {
        snprintf(msg, sizeof msg, "output 0x%08x+0x%x (%s %ux%u) is not inside one memory mapping", out->out_addr,
                 out->dst_bytes, fmt_name(out_fmt), out->dst_width, out->dst_height);
        return transfer_fail(lg, GLHLE_RESULT_OUT_OF_BOUNDS, msg);
    }
    return GLHLE_RESULT_OK;
}

static inline uint8_t expand(uint32_t v, unsigned bits)
{
    /* bit replication, as the decoders expand (docs/pica-textures.md) */
    v <<= 8 - bits;
    return (uint8_t)(v | v >> bits);
}

void pica_transfer_texel(const uint8_t (*in)[4], unsigned n, pica_texfmt out_format, uint8_t out[4])
{
    uint32_t sum[4] = {0, 0, 0, 0};
    for (unsigned i = 0; i < n; i++)
        for (unsigned c = 0; c < 4; c++)
            sum[c] += in[i][c];
    uint32_t v[4];
    for (unsigned c = 0; c < 4; c++)
        v[c] = sum[c] / n; /* truncating, as Azahar's Vec4 division */
    switch (out_format) {
    case PICA_TEXFMT_RGB8:
        v[3] = 255;
        break;
    case PICA_TEXFMT_RGB565:
        v[0] = expand(v[0] >> 3, 5), v[1] = expand(v[1] >> 2, 6), v[2] = expand(v[2] >> 3, 5), v[3] = 255;
        break;
    case PICA_TEXFMT_RGB5A1:
        v[0] = expand(v[0] >> 3, 5), v[1] = expand(v[1] >> 3, 5), v[2] = expand(v[2] >> 3, 5);
        v[3] = v[3] >> 7 ? 255 : 0;
        break;
    case PICA_TEXFMT_RGBA4:
        for (unsigned c = 0; c < 4; c++)
            v[c] = expand(v[c] >> 4, 4);
        break;
    default:
        break;
    }
    for (unsigned c = 0; c < 4; c++)
        out[c] = (uint8_t)v[c];
}

glhle_result pica_transfer_cpu(const pica_transfer_params *t, const pica_memory *mem, uint8_t **scratch,
                               size_t *scratch_size, const glhle_logger *lg)
{
    const size_t src_px = (size_t)t->out_width * t->out_height, dst_px = (size_t)t->dst_width * t->dst_height;
    const size_t need = (src_px + dst_px) * 4;
    if (*scratch_size < need) {
        uint8_t *p = realloc(*scratch, need);
        if (!p)
            return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_MEMORY,
                              "pica: display transfer: no memory for %zu bytes of scratch; not transferred", need);
        *scratch = p;
        *scratch_size = need;
    }
    uint8_t *src = *scratch, *dst = *scratch + src_px * 4;
    const uint8_t *in = pica_memory_ptr(mem, t->in_addr, t->src_bytes);
    uint8_t *outp = pica_memory_ptr_mut(mem, t->out_addr, t->dst_bytes);
    if (!in || !outp)
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS, "pica: display transfer: memory was unmapped; not transferred");
    /* the whole input is decoded before anything is written, so an output
     * overlapping the input reads the old texels */
    glhle_result r = pica_decode(&t->src, in, t->src_bytes, NULL, 0, src, (size_t)t->out_width * 4, lg);
    if (r != GLHLE_RESULT_OK)
        return r;
    const unsigned nx = 1u << t->sx, ny = 1u << t->sy;
    for (uint32_t y = 0; y < t->dst_height; y++) {
        const uint32_t sy = (t->flip ? t->dst_height - 1 - y : y) << t->sy;
        for (uint32_t x = 0; x < t->dst_width; x++) {
            uint8_t block[4][4];
            unsigned n = 0;
            for (unsigned j = 0; j < ny; j++)
                for (unsigned i = 0; i < nx; i++)
                    memcpy(block[n++], src + (((size_t)(sy + j) * t->out_width) + (x << t->sx) + i) * 4, 4);
            pica_transfer_texel((const uint8_t(*)[4])block, n, t->dst.format, dst + ((size_t)y * t->dst_width + x) * 4);
        }
    }
    return pica_encode(&t->dst, outp, t->dst_bytes, NULL, 0, dst, (size_t)t->dst_width * 4, lg);
}

/* ---- texture copy ------------------------------------------------------------------ */

static uint64_t copy_span(uint32_t size, uint32_t width, uint32_t gap)
{
    uint64_t full = size / width, rem = size % width;
    return rem ? full * (width + gap) + rem : full * (width + gap) - gap;
}

glhle_result pica_copy_decode(const glhle_pica_display_transfer *regs, const pica_memory *mem,
                              const glhle_logger *lg, pica_copy_params *out)
{
    memset(out, 0, sizeof *out);
    if (!reg_address(regs->input_address, &out->in_addr) || !reg_address(regs->output_address, &out->out_addr))
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: texture copy: address register 0x%08x (input) or 0x%08x (output) is past 2^32; "
                          "not copied",
                          regs->input_address, regs->output_address);
    out->size = regs->texture_copy_size & ~15u; /* "the lower 4 bits are ignored" (Azahar regs_external.h) */
    if (!out->size)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: texture copy: size register 0x%08x (0x1EF00C20) is below 16 bytes, which hangs the "
                          "hardware; not copied",
                          regs->texture_copy_size);
    const uint32_t words[2] = {regs->texture_copy_input, regs->texture_copy_output};
    uint32_t w[2], g[2];
    for (int i = 0; i < 2; i++) {
        w[i] = (words[i] & 0xFFFF) * 16;
        g[i] = (words[i] >> 16) * 16;
        if (g[i] && !w[i])
            return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                              "pica: texture copy: %s line width 0 with gap %u (0x%08x, %s) hangs the hardware; not "
                              "copied",
                              i ? "output" : "input", g[i] / 16, words[i], i ? "0x1EF00C28" : "0x1EF00C24");
        /* a gap of 0 is contiguous whatever the width (Azahar); so is a
         * line at least as long as the whole copy */
        if (!g[i] || w[i] >= out->size) {
            w[i] = out->size;
            g[i] = 0;
        }
    }
    out->in_width = w[0], out->in_gap = g[0], out->out_width = w[1], out->out_gap = g[1];
    const uint64_t in_span = copy_span(out->size, w[0], g[0]), out_span = copy_span(out->size, w[1], g[1]);
    if (in_span > 0xFFFFFFFFull || out_span > 0xFFFFFFFFull || !pica_memory_ptr(mem, out->in_addr, (uint32_t)in_span) ||
        !pica_memory_ptr(mem, out->out_addr, (uint32_t)out_span))
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "pica: texture copy: input 0x%08x+0x%llx or output 0x%08x+0x%llx is not inside one memory "
                          "mapping; not copied",
                          out->in_addr, (unsigned long long)in_span, out->out_addr, (unsigned long long)out_span);
    out->in_span = (uint32_t)in_span;
    out->out_span = (uint32_t)out_span;
    return GLHLE_RESULT_OK;
}

void pica_copy_cpu(const pica_copy_params *c, const pica_memory *mem)
{
    const uint8_t *src = pica_memory_ptr(mem, c->in_addr, c->in_span);
    uint8_t *dst = pica_memory_ptr_mut(mem, c->out_addr, c->out_span);
    if (!src || !dst)
        return;
    uint32_t left = c->size, in_left = c->in_width, out_left = c->out_width;
    while (left) {
        uint32_t n = left < in_left ? left : in_left;
        if (out_left < n)
            n = out_left;
        memmove(dst, src, n);
        src += n, dst += n, left -= n, in_left -= n, out_left -= n;
        if (!in_left) {
            in_left = c->in_width;
            if (left)
                src += c->in_gap;
        }
        if (!out_left) {
            out_left = c->out_width;
            if (left)
                dst += c->out_gap;
        }
    }
}

/* ---- LCD framebuffers ---------------------------------------------------------------- */

glhle_result pica_lcd_decode(const glhle_pica_lcd_framebuffer *fb, uint32_t columns, const char *what,
                             const pica_memory *mem, const glhle_logger *lg, pica_lcd_params *out)
{
    memset(out, 0, sizeof *out);
    out->columns = columns;
    out->format = PICA_TEXFMT_RGBA8;
    if (!fb->address)
        return GLHLE_RESULT_OK;
    const uint32_t code = fb->format & 7;
    if (code > 4)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: present: %s screen format register 0x%08x has colour format %u (bits 0-2), which "
                          "GSP blocks and glhle does not show (0-4 are valid); screen left black",
                          what, fb->format, code);
    out->format = pica_texfmt_from_transfer(code);
    const uint32_t packed = PICA_LCD_COLUMN * bytes_per_texel(out->format);
    out->pitch = fb->stride ? fb->stride : packed;
    if (out->pitch < packed)
        return GLHLE_FAIL(lg, GLHLE_RESULT_INVALID_ARGUMENT,
                          "pica: present: %s screen stride register 0x%08x is below the %u bytes of a %s column; "
                          "screen left black",
                          what, fb->stride, packed, fmt_name(out->format));
    const uint64_t span = (uint64_t)out->pitch * (columns - 1) + packed;
    if ((uint64_t)fb->address + span > 0x100000000ull || !pica_memory_ptr(mem, fb->address, (uint32_t)span))
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "pica: present: %s screen framebuffer 0x%08x+0x%llx is not inside one memory mapping; "
                          "screen left black",
                          what, fb->address, (unsigned long long)span);
    out->addr = fb->address;
    return GLHLE_RESULT_OK;
}

void pica_frame_layout_get(bool stereo, pica_frame_layout *out)
{
    memset(out, 0, sizeof *out);
    out->height = PICA_FRAME_HEIGHT;
    out->width = stereo ? 2 * PICA_LCD_TOP_COLUMNS : PICA_LCD_TOP_COLUMNS;
    out->top_left_x = 0;
    out->top_right_x = PICA_LCD_TOP_COLUMNS;
    out->bottom_x = (out->width - PICA_LCD_BOTTOM_COLUMNS) / 2;
}

glhle_result pica_lcd_draw_cpu(const pica_lcd_params *lcd, const pica_memory *mem, glhle_image *frame, uint32_t x0,
                               uint32_t y0, const glhle_logger *lg)
{
    for (uint32_t y = 0; y < PICA_LCD_COLUMN; y++) {
        uint8_t *row = frame->rgba + ((size_t)(y0 + y) * frame->width + x0) * 4;
        for (uint32_t x = 0; x < lcd->columns; x++)
            memcpy(row + (size_t)x * 4, (const uint8_t[4]){0, 0, 0, 255}, 4);
    }
    if (!lcd->addr)
        return GLHLE_RESULT_OK;
    const pica_surface s = {lcd->format, PICA_LAYOUT_LINEAR, PICA_LCD_COLUMN, lcd->columns, lcd->pitch};
    const size_t size = pica_surface_size(&s);
    const uint8_t *src = pica_memory_ptr(mem, lcd->addr, (uint32_t)size);
    if (!src)
        return GLHLE_FAIL(lg, GLHLE_RESULT_OUT_OF_BOUNDS,
                          "pica: present: framebuffer 0x%08x was unmapped; screen left black", lcd->addr);
    uint8_t column[PICA_LCD_COLUMN * 4];
    for (uint32_t c = 0; c < lcd->columns; c++) {
        const pica_rect r = {0, c, PICA_LCD_COLUMN, 1};
        glhle_result res = pica_decode(&s, src, size, &r, 0, column, sizeof column, lg);
        if (res != GLHLE_RESULT_OK)
            return res;
        /* texel k of a column is k pixels above the bottom (3dbrew "Framebuffers") */
        for (uint32_t k = 0; k < PICA_LCD_COLUMN; k++) {
            uint8_t *px = frame->rgba + ((size_t)(y0 + PICA_LCD_COLUMN - 1 - k) * frame->width + x0 + c) * 4;
            memcpy(px, column + (size_t)k * 4, 3);
            px[3] = 255;
        }
    }
    return GLHLE_RESULT_OK;
}
