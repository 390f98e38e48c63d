/* backend/pica/pica.c: the public instance API -- creation and defaults,
 * memory mapping through the instance, register access, hook order and
 * masks, state access for the renderer, problem reports. */
#include "support/test_support.h"

#include <string.h>

#include "backend/pica/pica_instance.h"
#include "support/pica_support.h"

static void create_and_defaults(void **state)
{
    (void)state;
    glhle_pica *p = NULL;
    assert_int_equal(glhle_pica_create(NULL, NULL, &p), GLHLE_RESULT_OK);
    assert_non_null(p);
    assert_null(p->ctx);
    assert_int_equal(p->fe.max_words, 64ull << 20);
    assert_int_equal(p->fe.max_logged, 32);
    assert_null(p->log.fn);                        /* stderr ... */
    assert_int_equal(p->log.min_level, GLHLE_LOG_WARN); /* ... warnings and errors only */
    /* power-on registers: all zero but GSH_INPUTBUFFER_CONFIG (Azahar InitializeRegs) */
    for (uint32_t id = 0; id < GLHLE_PICA_REG_COUNT; id++)
        assert_int_equal(tp_reg(p, id), id == 0x289 ? 0xA0000001u : 0);
    const pica_state *st = pica_get_state(p);
    assert_int_equal(st->dirty, PICA_DIRTY_ALL);
    assert_int_equal(st->gs.input_count, 2);
    assert_int_equal(st->gs.mode, 0xA0);
    assert_int_equal(st->lighting.num_lights, 1);
    glhle_pica_destroy(p);
    glhle_pica_destroy(NULL);
    assert_int_equal(glhle_pica_create(NULL, NULL, NULL), GLHLE_RESULT_INVALID_ARGUMENT);

    glhle_pica_desc d = {.max_words_per_run = 100, .max_logged_problems = 3, .log = ts_log_fn,
                         .log_level = GLHLE_LOG_ERROR};
    assert_int_equal(glhle_pica_create(NULL, &d, &p), GLHLE_RESULT_OK);
    assert_int_equal(p->fe.max_words, 100);
    assert_int_equal(p->fe.max_logged, 3);
    assert_ptr_equal(p->log.fn, ts_log_fn);
    assert_int_equal(p->log.min_level, GLHLE_LOG_ERROR);
    glhle_pica_destroy(p);
}

static void memory_through_the_instance(void **state)
{
    (void)state;
    static uint8_t vram[64];
    glhle_pica *p = tp_pica_new(0, 0);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000000, vram, sizeof vram), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_map_memory(p, 0x18000020, vram, 8), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_ptr_equal(pica_guest_ptr(p, 0x18000010, 16), vram + 16);
    assert_ptr_equal(pica_guest_ptr_mut(p, 0x18000000, 64), vram);
    assert_null(pica_guest_ptr(p, 0x18000030, 32));
    uint32_t v;
    vram[4] = 0x78;
    vram[5] = 0x56;
    vram[6] = 0x34;
    vram[7] = 0x12;
    assert_true(pica_guest_read(p, 0x18000004, &v, 4));
    assert_int_equal(v, 0x12345678);
    assert_false(pica_guest_read(p, 0x1800003E, &v, 4));
    assert_int_equal(glhle_pica_unmap_memory(p, 0x18000000), GLHLE_RESULT_OK);
    assert_int_equal(glhle_pica_unmap_memory(p, 0x18000000), GLHLE_RESULT_NOT_FOUND);
    assert_null(pica_guest_ptr(p, 0x18000000, 1));
    assert_int_equal(glhle_pica_map_memory(NULL, 0, vram, 1), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_pica_unmap_memory(NULL, 0), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_pica_destroy(p);
}

static void register_access(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    const uint32_t list[4] = {0xCAFE, 0x000F0107, 0, 0};
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 4, NULL), GLHLE_RESULT_OK);
    uint32_t v = 0;
    assert_int_equal(glhle_pica_get_reg(p, 0x107, &v), GLHLE_RESULT_OK);
    assert_int_equal(v, 0xCAFE);
    assert_int_equal(glhle_pica_get_reg(p, 0x300, &v), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_pica_get_reg(NULL, 0, &v), GLHLE_RESULT_INVALID_ARGUMENT);
    assert_int_equal(glhle_pica_get_reg(p, 0, NULL), GLHLE_RESULT_INVALID_ARGUMENT);
    glhle_pica_destroy(p);
}

typedef struct order_log {
    char who[16];
    int n;
    const pica_state *seen_state;
    uint32_t seen_vertex_count;
} order_log;

static void renderer_hook(void *user, glhle_pica *pica, const glhle_pica_event *ev)
{
    order_log *o = user;
    if (o->n < 15)
        o->who[o->n++] = 'R';
    if (ev->type == GLHLE_PICA_EVENT_DRAW) {
        /* the renderer reads decoded, current state inside the hook */
        o->seen_state = pica_get_state(pica);
        o->seen_vertex_count = o->seen_state->geometry.vertex_count;
    }
}

static void observer_hook(void *user, glhle_pica *pica, const glhle_pica_event *ev)
{
    (void)pica;
    (void)ev;
    order_log *o = user;
    if (o->n < 15)
        o->who[o->n++] = 'O';
}

static void hooks_order_and_masks(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    order_log o;
    memset(&o, 0, sizeof o);
    glhle_pica_hooks renderer = {renderer_hook, &o, 1u << GLHLE_PICA_EVENT_DRAW};
    glhle_pica_hooks observer = {observer_hook, &o, (1u << GLHLE_PICA_EVENT_DRAW) | (1u << GLHLE_PICA_EVENT_TRIGGER)};
    pica_set_renderer_hooks(p, &renderer);
    glhle_pica_set_hooks(p, &observer);
    assert_int_equal(p->fe.event_mask, (1u << GLHLE_PICA_EVENT_DRAW) | (1u << GLHLE_PICA_EVENT_TRIGGER));
    const uint32_t list[8] = {99, 0x000F0228, 1, 0x000F022E, 1, 0x000F0111, 0, 0};
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 8, NULL), GLHLE_RESULT_OK);
    assert_string_equal(o.who, "ROO"); /* draw: renderer then observer; flush: observer only */
    assert_int_equal(o.seen_vertex_count, 99);
    /* mask 0 means every event */
    glhle_pica_hooks all = {observer_hook, &o, 0};
    glhle_pica_set_hooks(p, &all);
    assert_int_equal(p->observer.event_mask, (1u << GLHLE_PICA_EVENT_TYPE_COUNT_) - 1);
    /* removing hooks */
    glhle_pica_set_hooks(p, NULL);
    pica_set_renderer_hooks(p, NULL);
    assert_int_equal(p->fe.event_mask, 0);
    memset(&o, 0, sizeof o);
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 8, NULL), GLHLE_RESULT_OK);
    assert_int_equal(o.n, 0);
    glhle_pica_set_hooks(NULL, NULL);
    glhle_pica_destroy(p);
}

static void events_carry_their_location(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    tp_events r;
    tp_events_watch(p, &r, 1u << GLHLE_PICA_EVENT_WRITE);
    const uint32_t list[4] = {0x000000AB, 0x80130120, 0x0000CD00, 0}; /* mask 0x3, one extra, padding */
    assert_int_equal(glhle_pica_run_cmdlist(p, list, 4, NULL), GLHLE_RESULT_OK);
    assert_int_equal(r.n, 2);
    assert_true(r.ev[0].host_list);
    assert_int_equal(r.ev[0].offset, 0);
    assert_int_equal(r.ev[0].mask, 0x3);
    assert_int_equal(r.ev[0].param, 0xAB);
    assert_int_equal(r.ev[0].element, -1);
    assert_int_equal(r.ev[1].reg, 0x121);
    assert_int_equal(r.ev[1].offset, 8);
    assert_int_equal(r.ev[1].value, 0xCD00);
    glhle_pica_destroy(p);
}

static void run_results_reset_per_run(void **state)
{
    (void)state;
    glhle_pica *p = tp_pica_new(0, 0);
    const uint32_t bad[4] = {1, 0x000F0400, 0, 0};
    glhle_pica_run_result res;
    assert_int_equal(glhle_pica_run_cmdlist(p, bad, 4, &res), GLHLE_RESULT_BAD_DATA);
    assert_int_equal(res.problems, 1);
    const uint32_t good[4] = {0x12345678, 0x000F0010, 0, 0};
    assert_int_equal(glhle_pica_run_cmdlist(p, good, 4, &res), GLHLE_RESULT_OK);
    assert_int_equal(res.problems, 0);
    assert_true(res.finalized);
    assert_int_equal(res.writes, 1);
    assert_int_equal(res.words, 2);
    assert_int_equal(res.stop_offset, 8);
    assert_string_equal(glhle_pica_reg_name(0x22F), "GPUREG_DRAWELEMENTS");
    glhle_pica_destroy(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(create_and_defaults),
        cmocka_unit_test(memory_through_the_instance),
        cmocka_unit_test(register_access),
        cmocka_unit_test(hooks_order_and_masks),
        cmocka_unit_test(events_carry_their_location),
        cmocka_unit_test(run_results_reset_per_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
