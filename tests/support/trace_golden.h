/* Committed traces as goldens: a recording must equal the file; with
 * GLHLE_UPDATE_GOLDEN=1 the recording replaces it first. */
#ifndef GLHLE_TEST_TRACE_GOLDEN_H
#define GLHLE_TEST_TRACE_GOLDEN_H

#include <stddef.h>
#include <stdint.h>

/* The committed trace at path (malloc'ed, its size in *size), or NULL when
 * there is none yet. */
uint8_t *ts_trace_read(const char *path, size_t *size);
/* Fails the test unless `bytes` equal the committed trace (rewritten first
 * under GLHLE_UPDATE_GOLDEN=1); *committed and *size are the file's bytes
 * afterwards (the old buffer freed). */
void ts_trace_assert_committed(const char *path, const uint8_t *bytes, size_t n, uint8_t **committed, size_t *size);

struct glhle_maxwell_recorder;
/* Finishes a Maxwell recording, checks it as ts_trace_assert_committed
 * does, and destroys the recorder. */
void ts_maxwell_recording_assert_committed(struct glhle_maxwell_recorder *rec, const char *path, uint8_t **committed,
                                           size_t *size);

#endif
