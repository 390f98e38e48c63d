/* Maxwell compute launches and report counters on GL (issue 16, parts 4
 * and 3's queries).
 *
 * Owns: the compute programs (translated from the QMD's program, one GL
 * program per code and block size), the buffers a launch binds (its
 * constant buffers as UBOs, the global memory its LDG/STG address as
 * SSBOs), and the report counters behind ZPASS_PIXEL_CNT and the
 * pipeline-statistics reports (GL queries around the draws that count).
 * May call: backend/gl, the translator (shadergen/maxwell_spirv.h), the
 * render cache (render_targets.h) for coherence, guest memory through the
 * renderer's mw_mem_io. The instance calls in (maxwell.c): a compute
 * LAUNCH event runs mw_render_compute; DRAW events are bracketed by
 * mw_query_draw_begin/end; the front end's report_counter and
 * clear_report hooks read and reset the counters. */
#ifndef GLHLE_MAXWELL_RENDER_COMPUTE_H
#define GLHLE_MAXWELL_RENDER_COMPUTE_H

#include "backend/maxwell/render/render_targets.h"

/* Runs the launch the compute class's registers describe (regs: its method
 * array, SEND_PCAS_A naming the QMD): synchronously, with every byte the
 * shader changed in global memory written back to guest memory before it
 * returns and the caches over it (render targets, textures, the draw
 * path's constant buffers and code) invalidated, so later draws, engines
 * and the CPU see the results, as after the hardware's launch completes.
 * Errors are logged with what was refused; nothing is written then. */
glhle_result mw_render_compute(mw_render *r, const uint32_t *regs);
void mw_compute_fini(mw_render *r);
/* The compute state and its program service now (with a disk cache: every
 * stored compute program made ready before the first launch). Context current. */
glhle_result mw_compute_precompile(mw_render *r);
/* The compute program service's figures (zeros before the first launch). */
void mw_compute_shader_stats(const mw_render *r, glhle_shader_stats *out);

/* Report counters (clb197.h SET_REPORT_SEMAPHORE_D REPORT). Counted:
 * ZPASS_PIXEL_CNT (0x02) and ZPASS_PIXEL_CNT64 (0x15), the samples that
 * passed the depth and stencil tests in the draws made while
 * SET_ZPASS_PIXEL_COUNT was enabled since the last CLEAR_REPORT_VALUE
 * ZPASS_PIXEL_CNT. At a scale above 1 GL counts scale^2 samples per guest
 * sample; the count is divided by scale^2 rounding up, so a draw that
 * passed any sample never reads as fully occluded. The pipeline counters
 * queries.c lists count the draws made while their SET_STATISTICS_COUNTER
 * bit was set, as the GL counts them; every other counter reads 0 (logged
 * once). */
uint64_t mw_query_counter(mw_render *r, uint32_t report, uint32_t sub_report);
/* CLEAR_REPORT_VALUE TYPE (clb197.h: ZPASS_PIXEL_CNT 0x01). */
void mw_query_clear(mw_render *r, uint32_t type);
/* Around a draw: counting samples when `zpass_enable`
 * (SET_ZPASS_PIXEL_COUNT) and the pipeline counters `statistics` enables
 * (SET_STATISTICS_COUNTER). */
void mw_query_draw_begin(mw_render *r, bool zpass_enable, uint32_t statistics);
void mw_query_draw_end(mw_render *r);
/* Around a pass glhle draws itself within a counted draw: the draw's
 * queries end (what they counted kept) and begin again after. */
void mw_query_suspend(mw_render *r, uint32_t *active);
void mw_query_resume(mw_render *r, uint32_t active);
/* Around a transform feedback draw (draw.c), outside glBeginTransformFeedback
 * and glEndTransformFeedback: the primitives written
 * (GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN) and generated
 * (GL_PRIMITIVES_GENERATED, which VTG_PRIMITIVES_OUT takes from them while
 * it counts: stream 0's) are read at the end (a wait for the GL), per
 * geometry stream of the mask `streams` (stream 0 always; the others 0);
 * mw_query_xfb_add adds what the draw wrote and needed to each stream's
 * STREAMING_PRIMITIVES_SUCCEEDED and _NEEDED. */
#define MW_XFB_STREAMS 4
void mw_query_xfb_begin(mw_render *r, uint32_t streams);
void mw_query_xfb_end(mw_render *r, uint64_t written[MW_XFB_STREAMS], uint64_t generated[MW_XFB_STREAMS]);
void mw_query_xfb_add(mw_render *r, const uint64_t succeeded[MW_XFB_STREAMS], const uint64_t needed[MW_XFB_STREAMS]);
/* A context loss: the pending counts are added up and the GL queries
 * deleted (the old context current); the count stays. */
void mw_query_lose(mw_render *r);
/* Frees everything (GL names only while the context is not lost). */
void mw_query_fini(mw_render *r);

#endif
