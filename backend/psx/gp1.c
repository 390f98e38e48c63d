/* The GP1 port, GPUSTAT, GPUREAD and the display registers (psx-spx "GPU
 * Display Control Commands (GP1)", "GPU Status Register"), as a v2 GPU with
 * 1 MiB of VRAM. */
#include "backend/psx/gpu.h"

void psx_gpu_reset(glhle_psx *psx)
{
    /* psx-spx GP1(00h): GP1(01h), (02h), display off, DMA off, display
     * address 0, X1/X2 = 200h/200h+256*10, Y1/Y2 = 10h/10h+240, mode 0,
     * GP0(E1h..E6h) = 0; GP1(09h) is kept. GPUSTAT becomes 14802000h. */
    psx_gp0_abort(psx);
    psx->rd_total = psx->rd_pos = 0;
    psx_invalidate_clut(psx);
    psx->irq = false;
    psx->display_off = true;
    psx->dma_dir = 0;
    psx->disp_start = 0;
    psx->hrange = 0x200u | ((0x200u + 256 * 10) << 12);
    psx->vrange = 0x10u | ((0x10u + 240) << 10);
    psx->disp_mode = 0;
    psx_gp0_reset_env(psx);
}

static void gpu_info(glhle_psx *psx, uint32_t param)
{
    /* v2 indices (psx-spx GP1(10h)): 10h..FFFFFFh mirror 00h..0Fh; 00h-01h,
     * 06h and 09h-0Fh leave GPUREAD unchanged. */
    switch (param & 0xF) {
    case 2: psx->gpuread_latch = psx->e2; break;
    case 3: psx->gpuread_latch = psx->e3; break;
    case 4: psx->gpuread_latch = psx->e4; break;
    case 5: psx->gpuread_latch = psx->e5; break;
    case 7: psx->gpuread_latch = 2; break; /* GPU version */
    case 8: psx->gpuread_latch = 0; break;
    default: break;
    }
}

glhle_result psx_gp1_write(glhle_psx *psx, uint32_t word)
{
    uint64_t index = psx->gp1_index++;
    psx->stats.gp1_words++;
    uint32_t cmd = (word >> 24) & 0x3F; /* 40h..FFh mirror 00h..3Fh */
    uint32_t param = word & 0xFFFFFF;
    switch (cmd) {
    case 0x00: psx_gpu_reset(psx); break;
    case 0x01: /* "Resets the command buffer and CLUT cache"; a VRAM read in
                * progress ends, an upload keeps what it received */
        psx_gp0_abort(psx);
        psx->rd_total = psx->rd_pos = 0;
        psx_invalidate_clut(psx);
        break;
    case 0x02: psx->irq = false; break;
    case 0x03: psx->display_off = param & 1; break;
    case 0x04: psx->dma_dir = param & 3; break;
    case 0x05: psx->disp_start = param & 0x7FFFF; break; /* X 0-9, Y 10-18 */
    case 0x06: psx->hrange = param; break;              /* X1 0-11, X2 12-23 */
    case 0x07: psx->vrange = param & 0xFFFFF; break;    /* Y1 0-9, Y2 10-19 */
    case 0x08: psx->disp_mode = param & 0xFF; break;
    case 0x09: psx->vram_size = param & 1; break;
    default:
        if (cmd >= 0x10 && cmd <= 0x1F) {
            gpu_info(psx, param);
            break;
        }
        psx->stats.bad_words++;
        return GLHLE_FAIL(&psx->log, GLHLE_RESULT_BAD_DATA,
                          "GP1 word %llu: command %02Xh (%08X) does nothing on a v2 GPU; ignored",
                          (unsigned long long)index, cmd, word);
    }
    return GLHLE_RESULT_OK;
}

uint32_t psx_gpustat(const glhle_psx *psx)
{
    const psx_gp0_parser *p = &psx->p;
    uint32_t m = psx->disp_mode;
    bool reading = psx->rd_pos < psx->rd_total;
    bool idle = p->state == PSX_GP0_IDLE && !reading;
    uint32_t s = psx->e1 & 0x7FF;                /* 0-10: GP0(E1h) 0-10 */
    s |= (psx->e6 & 3) << 11;                     /* 11-12: GP0(E6h) */
    s |= ((m >> 5) & 1) ? 0 : 1u << 13;           /* 13: field; always 1 without interlace (v2) */
    s |= ((m >> 7) & 1) << 14;                    /* 14: GP1(08h).7 */
    s |= ((psx->e1 >> 11) & 1) << 15;             /* 15: GP0(E1h).11 */
    s |= ((m >> 6) & 1) << 16;                    /* 16: 368 pixels */
    s |= (m & 3) << 17;                           /* 17-18: horizontal resolution */
    s |= ((m >> 2) & 1) << 19;                    /* 19: vertical resolution */
    s |= ((m >> 3) & 1) << 20;                    /* 20: PAL */
    s |= ((m >> 4) & 1) << 21;                    /* 21: 24-bit display */
    s |= ((m >> 5) & 1) << 22;                    /* 22: interlace */
    s |= (uint32_t)psx->display_off << 23;
    s |= (uint32_t)psx->irq << 24;
    bool ready_cmd = idle;                        /* 26: waits for no parameters or data */
    bool ready_read = reading;                    /* 27: GP0(C0h) data to read */
    bool ready_dma = !reading;                    /* 28: accepts a DMA block */
    bool request = false;                         /* 25: depends on GP1(04h) */
    switch (psx->dma_dir) {
    case 1: request = true; break;                /* FIFO state: never full here */
    case 2: request = ready_dma; break;
    case 3: request = ready_read; break;
    default: break;
    }
    s |= (uint32_t)request << 25;
    s |= (uint32_t)ready_cmd << 26;
    s |= (uint32_t)ready_read << 27;
    s |= (uint32_t)ready_dma << 28;
    s |= (psx->dma_dir & 3) << 29;
    return s; /* 31: even/odd line, needs video timing: 0 */
}

uint32_t psx_gpuread(glhle_psx *psx)
{
    if (psx->rd_pos >= psx->rd_total)
        return psx->gpuread_latch;
    uint32_t lo = psx->readback[psx->rd_pos++];
    uint32_t hi = psx->rd_pos < psx->rd_total ? psx->readback[psx->rd_pos++] : 0; /* odd count: zero pad */
    psx->gpuread_latch = lo | (hi << 16);
    return psx->gpuread_latch;
}

void psx_display(const glhle_psx *psx, glhle_psx_display *out)
{
    uint32_t m = psx->disp_mode;
    /* dot clock divider per horizontal resolution (psx-spx "GPU Timings",
     * Dotclocks: 256 -> /10, 320 -> /8, 368 -> /7, 512 -> /5, 640 -> /4) */
    static const uint32_t divider[4] = {10, 8, 5, 4};
    uint32_t div = ((m >> 6) & 1) ? 7 : divider[m & 3];
    uint32_t x1 = psx->hrange & 0xFFF, x2 = (psx->hrange >> 12) & 0xFFF;
    uint32_t y1 = psx->vrange & 0x3FF, y2 = (psx->vrange >> 10) & 0x3FF;
    /* "(((X2-X1)/cycles_per_pix)+2) AND NOT 3" pixels; Y2-Y1 lines (GP1(06h/07h)) */
    uint32_t w = x2 > x1 ? (((x2 - x1) / div) + 2) & ~3u : 0;
    uint32_t h = y2 > y1 ? y2 - y1 : 0;
    bool interlaced = (m >> 5) & 1;
    if (interlaced && ((m >> 2) & 1)) /* 480-line mode shows both fields */
        h *= 2;
    out->x = psx->disp_start & 0x3FF;
    out->y = (psx->disp_start >> 10) & 0x1FF;
    out->width = w > PSX_VRAM_W ? PSX_VRAM_W : w;
    out->height = h > PSX_VRAM_H ? PSX_VRAM_H : h;
    out->depth24 = (m >> 4) & 1;
    out->enabled = !psx->display_off;
    out->pal = (m >> 3) & 1;
    out->interlaced = interlaced;
}
