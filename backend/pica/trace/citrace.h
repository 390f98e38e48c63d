/* Citra/Azahar CiTrace files (.ctf) converted into glhle traces.
 *
 * Layout (Azahar src/core/tracer/citrace.h, recorder.cpp; all little-endian,
 * packed): a 100-byte header -- "CiTr", version 1, header size, ten
 * (byte offset, size in u32 units) pairs locating the initial state (GPU
 * registers, LCD registers, PICA registers, default attributes, VS program,
 * VS swizzle data, VS float uniforms, GS program, GS swizzle data, GS float
 * uniforms), the stream's byte offset and its element count -- and a stream
 * of 20-byte elements: u32 type, then FrameMarker (0xE1, nothing),
 * MemoryLoad (0xE2: u32 file offset of the bytes, u32 size, u32 physical
 * address, pad) or RegisterWrite (0xE3: u32 physical address, u32 value).
 * Citra's 2015 recorder wrote RegisterWrite as (u32 address, u32 size code
 * 0xD1-0xD4 for 8/16/32/64 bits, u64 value) in the same 20 bytes; a file
 * whose every RegisterWrite carries such a size code is read that way.
 *
 * Mapping onto glhle (physical addresses from 3dbrew GPU/External_Registers):
 *  - MemoryLoad: a MEMORY chunk (the emulator recorded the bytes the GPU
 *    read: command buffers, textures, vertex arrays).
 *  - RegisterWrite 0x10401000 + 4*id (internal register id): a host
 *    command-list write of that register (runs of them become one list),
 *    except CMDBUF_SIZE0/1, ADDR0/1 (kept) and JUMP0/1 (0x104018F0/F4),
 *    which run the guest list ADDRn << 3. The size comes from the
 *    MemoryLoad of that address recorded just before (Citra loads the
 *    buffer it is about to run), else from SIZEn taken as bytes, which is
 *    how Citra's GSP writes it.
 *  - 0x10400010 / 0x10400020 + 0xC: memory fill control with bit 0: a fill
 *    with that unit's four registers.
 *  - 0x10400C18 with bit 0: a display transfer or texture copy with the
 *    transfer engine's registers 0x10400C00-0x10400C28.
 *  - 0x10400400 / 0x10400500 framebuffer setup: kept; FrameMarker presents
 *    them (address A or B per the select register, format, stride, stereo
 *    when the top screen's format selects AB interleave).
 *  - Everything else (LCD registers, timing registers) is kept only.
 * The initial PICA registers, programs, uniforms and default attributes
 * become the first command list (trace_state.h). Guest memory: VRAM
 * (0x18000000, 6 MiB) and FCRAM (0x20000000, 128 MiB, or 256 MiB when the
 * trace touches the upper half) are mapped, plus the DSP and AXI WRAM
 * ranges when the trace uses them. */
#ifndef GLHLE_PICA_CITRACE_H
#define GLHLE_PICA_CITRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/pica/trace/trace_format.h"

#define PICA_CITRACE_HEADER_SIZE 100
#define PICA_CITRACE_ELEMENT_SIZE 20

/* True when data starts with "CiTr". */
bool pica_citrace_is(const void *data, size_t size);

/* Converts a whole .ctf into chunks written to w (opened by the caller;
 * the header is already there). Structural problems (header fields,
 * regions or the stream outside the file, a MemoryLoad whose bytes lie
 * outside the file) fail with BAD_DATA or TRUNCATED and the byte offset;
 * elements glhle cannot place (memory outside the 3DS's GPU-visible
 * ranges, unknown element types) are skipped with a warning. *version
 * receives the file's version. */
glhle_result pica_citrace_convert(const uint8_t *data, size_t size, trace_writer *w, uint32_t *version,
                                  const glhle_logger *lg);

#endif
