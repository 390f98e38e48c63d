/* Method names of every class a Maxwell channel binds, for messages, the
 * public name query and the dump tool. */
#ifndef GLHLE_MAXWELL_METHOD_NAMES_H
#define GLHLE_MAXWELL_METHOD_NAMES_H

#include <stdint.h>

#include "backend/maxwell/frontend/regs_3d.h"

/* Short class name ("3D", "DMA", ...) or NULL. */
const char *mw_class_name(uint32_t class_id);
/* The method covering word `method` of the class (host methods below 0x40
 * for every class; GLHLE_MAXWELL_CLASS_HOST for the host class alone): its
 * name, element index and value format. NULL when nothing covers it. */
const char *mw_method_name(uint32_t class_id, uint32_t method, uint32_t *index, mw_value_format *fmt);

#endif
