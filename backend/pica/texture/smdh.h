/* SMDH files: the 3DS application metadata that carries the home-menu icons
 * (3dbrew SMDH; the register reference seed has the same page). 0x36C0
 * bytes starting with 'SMDH'; the 24x24 icon at 0x2040 and the 48x48 icon at
 * 0x24C0, both RGB565 in 8x8 Morton tiles, top row first. */
#ifndef GLHLE_PICA_SMDH_H
#define GLHLE_PICA_SMDH_H

#include <stddef.h>

#include "backend/common/image.h"
#include "backend/common/log.h"

#define PICA_SMDH_SIZE 0x36C0u
#define PICA_SMDH_SMALL_ICON_OFFSET 0x2040u
#define PICA_SMDH_LARGE_ICON_OFFSET 0x24C0u

/* Decodes both icons into new images (either pointer may be NULL). A file
 * shorter than 0x36C0 bytes is TRUNCATED, one without the magic BAD_DATA;
 * longer files are accepted (the icons sit at fixed offsets). */
glhle_result pica_smdh_decode_icons(const void *file, size_t size, glhle_image *small24, glhle_image *large48,
                                    const glhle_logger *lg);

#endif
