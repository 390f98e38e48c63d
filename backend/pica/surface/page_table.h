/* Which cached objects overlap a guest physical range: a two-level page
 * table over the 32-bit address space (4 KiB pages; 1024 directories of
 * 1024 pages, allocated on first use), each page holding a list of item
 * ids. The surface cache registers every surface's byte span here and asks
 * which surfaces a flush, an invalidation or a new surface touches.
 *
 * Queries return each item once however many pages it spans (a per-item
 * stamp), in no particular order, into a caller-sized array. Inserting and
 * removing cost one list operation per page spanned; queries one list walk
 * per page of the range. Nodes come from a pool that grows and is reused,
 * so a steady state allocates nothing. GL-free. */
#ifndef GLHLE_PICA_PAGE_TABLE_H
#define GLHLE_PICA_PAGE_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "glhle/glhle.h"

#define PICA_PAGE_SHIFT 12u
#define PICA_PAGE_DIRS 1024u
#define PICA_PAGES_PER_DIR 1024u

typedef struct pica_page_node {
    uint32_t item;
    uint32_t next; /* node index + 1; 0 ends the list */
} pica_page_node;

typedef struct pica_page_table {
    uint32_t *dir[PICA_PAGE_DIRS]; /* per page: first node index + 1, or 0 */
    pica_page_node *nodes;
    uint32_t node_count, node_cap, free_list; /* free_list: node index + 1 */
    uint32_t *stamp;                          /* per item: the query that last saw it */
    uint32_t max_items, query;
} pica_page_table;

/* Items are 0..max_items-1. */
glhle_result pica_page_table_init(pica_page_table *pt, uint32_t max_items);
void pica_page_table_free(pica_page_table *pt);
/* Registers item over [addr, addr + size); size 0 registers nothing.
 * OUT_OF_MEMORY leaves the table as it was. */
glhle_result pica_page_table_insert(pica_page_table *pt, uint32_t addr, uint32_t size, uint32_t item);
/* Removes the registration made with the same arguments. */
void pica_page_table_remove(pica_page_table *pt, uint32_t addr, uint32_t size, uint32_t item);
/* Items registered on any page of [addr, addr + size), each once, up to
 * `max` of them into out[]; returns how many there are (more than max when
 * out[] was too small). Pages, not bytes: the caller checks exact overlap. */
uint32_t pica_page_table_query(pica_page_table *pt, uint32_t addr, uint32_t size, uint32_t *out, uint32_t max);

#endif
