#include "support/maxwell_support.h"

#include <stdlib.h>
#include <string.h>

#include "support/test_support.h"

void tm_pb_init(tm_pb *pb)
{
    memset(pb, 0, sizeof *pb);
}

void tm_pb_free(tm_pb *pb)
{
    free(pb->w);
    memset(pb, 0, sizeof *pb);
}

uint32_t tm_header(uint32_t sec_op, uint32_t subc, uint32_t method, uint32_t count_or_value)
{
    return (sec_op << 29) | ((count_or_value & 0x1FFF) << 16) | ((subc & 7) << 13) | (method & 0xFFF);
}

void tm_word(tm_pb *pb, uint32_t w)
{
    if (pb->n == pb->cap) {
        pb->cap = pb->cap ? pb->cap * 2 : 256;
        pb->w = realloc(pb->w, pb->cap * sizeof *pb->w);
        assert_non_null(pb->w);
    }
    pb->w[pb->n++] = w;
}

static void with_data(tm_pb *pb, uint32_t op, uint32_t subc, uint32_t method, uint32_t count, const uint32_t *data)
{
    tm_word(pb, tm_header(op, subc, method, count));
    for (uint32_t i = 0; i < count; i++)
        tm_word(pb, data[i]);
}

void tm_inc(tm_pb *pb, uint32_t subc, uint32_t method, uint32_t count, const uint32_t *data)
{
    with_data(pb, TM_INC, subc, method, count, data);
}

void tm_noninc(tm_pb *pb, uint32_t subc, uint32_t method, uint32_t count, const uint32_t *data)
{
    with_data(pb, TM_NONINC, subc, method, count, data);
}

void tm_oneinc(tm_pb *pb, uint32_t subc, uint32_t method, uint32_t count, const uint32_t *data)
{
    with_data(pb, TM_ONEINC, subc, method, count, data);
}

void tm_immd(tm_pb *pb, uint32_t subc, uint32_t method, uint32_t value)
{
    tm_word(pb, tm_header(TM_IMMD, subc, method, value));
}

void tm_set1(tm_pb *pb, uint32_t subc, uint32_t method, uint32_t value)
{
    tm_inc(pb, subc, method, 1, &value);
}

float tm_f(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

uint32_t tm_u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

void tm_bind_all(tm_pb *pb)
{
    tm_set1(pb, TM_SUB_3D, 0, GLHLE_MAXWELL_CLASS_3D);
    tm_set1(pb, TM_SUB_COMPUTE, 0, GLHLE_MAXWELL_CLASS_COMPUTE);
    tm_set1(pb, TM_SUB_I2M, 0, GLHLE_MAXWELL_CLASS_I2M);
    tm_set1(pb, TM_SUB_2D, 0, GLHLE_MAXWELL_CLASS_2D);
    tm_set1(pb, TM_SUB_DMA, 0, GLHLE_MAXWELL_CLASS_DMA);
}

glhle_maxwell *tm_gpu_new(void)
{
    const glhle_logger *lg = ts_logger();
    glhle_maxwell_desc d = {0};
    d.log = lg->fn;
    d.log_user = lg->user;
    d.log_level = GLHLE_LOG_DEBUG;
    glhle_maxwell *gpu = NULL;
    assert_int_equal(glhle_maxwell_create(NULL, &d, &gpu), GLHLE_RESULT_OK);
    return gpu;
}

static void record(void *user, glhle_maxwell *gpu, const glhle_maxwell_event *e)
{
    (void)gpu;
    tm_events *ev = user;
    if (ev->n == ev->cap) {
        ev->cap = ev->cap ? ev->cap * 2 : 64;
        ev->e = realloc(ev->e, ev->cap * sizeof *ev->e);
        assert_non_null(ev->e);
    }
    tm_event *t = &ev->e[ev->n++];
    memset(t, 0, sizeof *t);
    t->ev = *e;
    if (e->type == GLHLE_MAXWELL_EVENT_MACRO_CALL) {
        for (uint32_t i = 0; i < e->u.macro.count && i < 16; i++)
            t->params[i] = e->u.macro.params[i];
        t->ev.u.macro.params = NULL;
    } else if (e->type == GLHLE_MAXWELL_EVENT_LAUNCH) {
        memcpy(t->regs, e->u.launch.regs, sizeof t->regs);
        t->ev.u.launch.regs = NULL;
    }
}

static void on_syncpoint(void *user, uint32_t id)
{
    tm_events *ev = user;
    if (ev->syncpoint_calls < 16)
        ev->syncpoints[ev->syncpoint_calls] = id;
    ev->syncpoint_calls++;
}

void tm_watch(glhle_maxwell *gpu, tm_events *ev, uint32_t mask)
{
    memset(ev, 0, sizeof *ev);
    glhle_maxwell_hooks h = {.user = ev, .event = record, .event_mask = mask, .syncpoint_increment = on_syncpoint};
    glhle_maxwell_set_hooks(gpu, &h);
}

void tm_events_free(tm_events *ev)
{
    free(ev->e);
    memset(ev, 0, sizeof *ev);
}

const glhle_maxwell_event *tm_next(const tm_events *ev, glhle_maxwell_event_type type, uint32_t *from)
{
    for (uint32_t i = *from; i < ev->n; i++)
        if (ev->e[i].ev.type == type) {
            *from = i + 1;
            return &ev->e[i].ev;
        }
    return NULL;
}

uint32_t tm_count(const tm_events *ev, glhle_maxwell_event_type type)
{
    uint32_t c = 0;
    for (uint32_t i = 0; i < ev->n; i++)
        c += ev->e[i].ev.type == type;
    return c;
}

uint32_t tm_reg(const glhle_maxwell *gpu, uint32_t method)
{
    uint32_t v = 0;
    assert_int_equal(glhle_maxwell_get_method(gpu, GLHLE_MAXWELL_CLASS_3D, method, &v), GLHLE_RESULT_OK);
    return v;
}

glhle_result tm_submit(glhle_maxwell *gpu, const tm_pb *pb, glhle_maxwell_run_result *res)
{
    return glhle_maxwell_submit_words(gpu, pb->w, pb->n, res);
}

uint32_t tm_diff_sd(const uint8_t *cpu_s, const uint8_t *gpu_s, const uint8_t *cpu_d, const uint8_t *gpu_d, size_t n)
{
    uint32_t bad = 0;
    for (size_t j = 0; j < n; j++)
        if (cpu_s[j] != gpu_s[j] || cpu_d[j] != gpu_d[j]) {
            if (bad < 8)
                print_message("    byte 0x%zx: S %02x/%02x D %02x/%02x (CPU/GPU)\n", j, cpu_s[j], gpu_s[j], cpu_d[j],
                              gpu_d[j]);
            bad++;
        }
    return bad;
}
