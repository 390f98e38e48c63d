/* Maxwell test helpers: a pushbuffer writer that encodes method headers
 * from the documented layout (open-gpu-doc clb06f.h NVB06F_DMA_*: method
 * 11:0, subchannel 15:13, count or immediate 28:16, SEC_OP 31:29; deko3d's
 * MakeCmdHeader builds the same words), written independently of the
 * parser, and an event recorder. */
#ifndef GLHLE_TEST_MAXWELL_SUPPORT_H
#define GLHLE_TEST_MAXWELL_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "glhle/maxwell.h"

enum {
    TM_INC = 1,
    TM_NONINC = 3,
    TM_IMMD = 4,
    TM_ONEINC = 5,
    TM_ENDSEG = 7,
};

/* Subchannels as NVN and deko3d assign them (switchbrew GPU classes). */
enum { TM_SUB_3D = 0, TM_SUB_COMPUTE = 1, TM_SUB_I2M = 2, TM_SUB_2D = 3, TM_SUB_DMA = 4 };

typedef struct tm_pb {
    uint32_t *w;
    uint32_t n, cap;
} tm_pb;

void tm_pb_init(tm_pb *pb);
void tm_pb_free(tm_pb *pb);
uint32_t tm_header(uint32_t sec_op, uint32_t subc, uint32_t method, uint32_t count_or_value);
void tm_word(tm_pb *pb, uint32_t w);
/* A header and its data words (method is a method word: byte offset / 4). */
void tm_inc(tm_pb *pb, uint32_t subc, uint32_t method, uint32_t count, const uint32_t *data);
void tm_noninc(tm_pb *pb, uint32_t subc, uint32_t method, uint32_t count, const uint32_t *data);
void tm_oneinc(tm_pb *pb, uint32_t subc, uint32_t method, uint32_t count, const uint32_t *data);
void tm_immd(tm_pb *pb, uint32_t subc, uint32_t method, uint32_t value);
void tm_set1(tm_pb *pb, uint32_t subc, uint32_t method, uint32_t value); /* INC, one word */
float tm_f(uint32_t bits);
uint32_t tm_u(float f);
/* SET_OBJECT of the five classes on their usual subchannels. */
void tm_bind_all(tm_pb *pb);

/* Every event of a submission, copied (macro parameters up to 16). */
typedef struct tm_event {
    glhle_maxwell_event ev;
    uint32_t params[16];
    uint32_t regs[0x300]; /* LAUNCH: the first 0x300 words of the method array */
} tm_event;

typedef struct tm_events {
    tm_event *e;
    uint32_t n, cap;
    uint32_t syncpoints[16];
    uint32_t syncpoint_calls;
} tm_events;

/* An instance with a quiet test logger (ts_logger). */
glhle_maxwell *tm_gpu_new(void);
/* Installs the recorder on gpu for the event types in mask (0: all). */
void tm_watch(glhle_maxwell *gpu, tm_events *ev, uint32_t mask);
void tm_events_free(tm_events *ev);
/* The first recorded event of a type at or after *from (updates *from past it), or NULL. */
const glhle_maxwell_event *tm_next(const tm_events *ev, glhle_maxwell_event_type type, uint32_t *from);
uint32_t tm_count(const tm_events *ev, glhle_maxwell_event_type type);
/* The 3D register file word. */
uint32_t tm_reg(const glhle_maxwell *gpu, uint32_t method);
glhle_result tm_submit(glhle_maxwell *gpu, const tm_pb *pb, glhle_maxwell_run_result *res);

/* The GPU-path tests' comparison of a source S and destination D's flushed
 * memory (n bytes each) from the CPU engine's run and the GPU path's: the
 * bytes where either differs, the first 8 printed. */
uint32_t tm_diff_sd(const uint8_t *cpu_s, const uint8_t *gpu_s, const uint8_t *cpu_d, const uint8_t *gpu_d, size_t n);

#endif
