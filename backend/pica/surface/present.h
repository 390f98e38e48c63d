/* Presentation: the LCD framebuffers composed into the instance's frame
 * (glhle_pica_present), drawn to the window or the caller's framebuffer,
 * and read back (glhle_pica_read_frame). A GL instance composes on the GPU
 * from the surface cache; a GL-free one decodes on the CPU (display.c),
 * the reference the GL path is tested against. */
#ifndef GLHLE_PICA_PRESENT_H
#define GLHLE_PICA_PRESENT_H

#include "glhle/pica.h"

typedef struct pica_presenter pica_presenter;

glhle_result pica_presenter_create(glhle_pica *p, pica_presenter **out);
/* Needs the instance's GL context current when it has one. NULL is ignored. */
void pica_presenter_destroy(pica_presenter *pr);

#endif
