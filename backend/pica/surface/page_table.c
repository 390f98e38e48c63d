#include "backend/pica/surface/page_table.h"

#include <stdlib.h>
#include <string.h>

glhle_result pica_page_table_init(pica_page_table *pt, uint32_t max_items)
{
    memset(pt, 0, sizeof *pt);
    pt->stamp = calloc(max_items ? max_items : 1, sizeof *pt->stamp);
    if (!pt->stamp)
        return GLHLE_RESULT_OUT_OF_MEMORY;
    pt->max_items = max_items;
    return GLHLE_RESULT_OK;
}

void pica_page_table_free(pica_page_table *pt)
{
    for (uint32_t d = 0; d < PICA_PAGE_DIRS; d++)
        free(pt->dir[d]);
    free(pt->nodes);
    free(pt->stamp);
    memset(pt, 0, sizeof *pt);
}

/* First and last page of a non-empty range, clipped to 2^32. */
static void page_span(uint32_t addr, uint32_t size, uint32_t *first, uint32_t *last)
{
    uint64_t end = (uint64_t)addr + size - 1;
    if (end > 0xFFFFFFFFull)
        end = 0xFFFFFFFFull;
    *first = addr >> PICA_PAGE_SHIFT;
    *last = (uint32_t)(end >> PICA_PAGE_SHIFT);
}

static bool reserve_nodes(pica_page_table *pt, uint32_t need)
{
    uint32_t free_count = 0;
    for (uint32_t n = pt->free_list; n && free_count < need; n = pt->nodes[n - 1].next)
        free_count++;
    if (free_count >= need || pt->node_cap - pt->node_count >= need - free_count)
        return true;
    uint64_t cap = pt->node_cap ? pt->node_cap : 1024;
    while (cap - pt->node_count < need - free_count)
        cap *= 2;
    if (cap > 0xFFFFFFF0u)
        return false;
    pica_page_node *n = realloc(pt->nodes, cap * sizeof *n);
    if (!n)
        return false;
    pt->nodes = n;
    pt->node_cap = (uint32_t)cap;
    return true;
}

static uint32_t take_node(pica_page_table *pt)
{
    if (pt->free_list) {
        uint32_t n = pt->free_list;
        pt->free_list = pt->nodes[n - 1].next;
        return n;
    }
    return ++pt->node_count;
}

glhle_result pica_page_table_insert(pica_page_table *pt, uint32_t addr, uint32_t size, uint32_t item)
{
    if (!size)
        return GLHLE_RESULT_OK;
    uint32_t first, last;
    page_span(addr, size, &first, &last);
    for (uint32_t d = first / PICA_PAGES_PER_DIR; d <= last / PICA_PAGES_PER_DIR; d++)
        if (!pt->dir[d] && !(pt->dir[d] = calloc(PICA_PAGES_PER_DIR, sizeof *pt->dir[d])))
            return GLHLE_RESULT_OUT_OF_MEMORY;
    if (!reserve_nodes(pt, last - first + 1))
        return GLHLE_RESULT_OUT_OF_MEMORY;
    for (uint32_t pg = first;; pg++) {
        uint32_t *head = &pt->dir[pg / PICA_PAGES_PER_DIR][pg % PICA_PAGES_PER_DIR];
        uint32_t n = take_node(pt);
        pt->nodes[n - 1] = (pica_page_node){item, *head};
        *head = n;
        if (pg == last)
            break;
    }
    return GLHLE_RESULT_OK;
}

void pica_page_table_remove(pica_page_table *pt, uint32_t addr, uint32_t size, uint32_t item)
{
    if (!size)
        return;
    uint32_t first, last;
    page_span(addr, size, &first, &last);
    for (uint32_t pg = first;; pg++) {
        uint32_t *dir = pt->dir[pg / PICA_PAGES_PER_DIR];
        if (dir) {
            for (uint32_t *link = &dir[pg % PICA_PAGES_PER_DIR]; *link; link = &pt->nodes[*link - 1].next) {
                if (pt->nodes[*link - 1].item == item) {
                    uint32_t n = *link;
                    *link = pt->nodes[n - 1].next;
                    pt->nodes[n - 1].next = pt->free_list;
                    pt->free_list = n;
                    break;
                }
            }
        }
        if (pg == last)
            break;
    }
}

uint32_t pica_page_table_query(pica_page_table *pt, uint32_t addr, uint32_t size, uint32_t *out, uint32_t max)
{
    if (!size)
        return 0;
    if (++pt->query == 0) { /* the stamp wrapped: forget every old stamp */
        memset(pt->stamp, 0, (size_t)(pt->max_items ? pt->max_items : 1) * sizeof *pt->stamp);
        pt->query = 1;
    }
    uint32_t first, last, count = 0;
    page_span(addr, size, &first, &last);
    for (uint32_t pg = first;; pg++) {
        const uint32_t *dir = pt->dir[pg / PICA_PAGES_PER_DIR];
        if (!dir) { /* skip the rest of an unused directory */
            uint32_t next = (pg / PICA_PAGES_PER_DIR + 1) * PICA_PAGES_PER_DIR;
            if (next == 0 || next - 1 >= last)
                break;
            pg = next - 1;
            continue;
        }
        for (uint32_t n = dir[pg % PICA_PAGES_PER_DIR]; n; n = pt->nodes[n - 1].next) {
            uint32_t item = pt->nodes[n - 1].item;
            if (item >= pt->max_items || pt->stamp[item] == pt->query)
                continue;
            pt->stamp[item] = pt->query;
            if (count < max)
                out[count] = item;
            count++;
        }
        if (pg == last)
            break;
    }
    return count;
}
