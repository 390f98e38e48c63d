/* Text scripts of GP0/GP1 words, the input of `glhle-psx run`
 * (../shared/design.md): one command per line,
 *
 *   gp0 0xNNNNNNNN 0xNNNNNNNN ...   words for GP0, as many as fit on the line
 *   gp1 0xNNNNNNNN ...              words for GP1
 *   # comment                       to the end of the line, anywhere
 *
 * Words are C integers (0x hex, or decimal) up to 0xFFFFFFFF. Blank lines
 * are fine; anything else is an error naming its line and column. */
#ifndef GLHLE_PSX_SCRIPT_H
#define GLHLE_PSX_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "backend/common/log.h"
#include "glhle/psx.h"

/* Receives the words of one line (port 0 or 1). A non-OK result stops parsing
 * and is returned. */
typedef glhle_result (*psx_script_sink)(void *user, int port, const uint32_t *words, size_t count, uint32_t line);

/* Parses the whole text first; on a syntax error nothing is passed to the
 * sink (BAD_DATA, logged with line:column). Then hands the lines to `sink`. */
glhle_result psx_script_parse(const char *text, size_t size, const glhle_logger *log, psx_script_sink sink,
                              void *user);

/* Parses the text and writes its words to the GPU's ports. Only a syntax
 * error fails (nothing is written then); bad words are the GPU's to report
 * and skip, as on the hardware. The stream is not ended. */
glhle_result psx_script_run(glhle_psx *psx, const char *text, size_t size, const glhle_logger *log);

#endif
