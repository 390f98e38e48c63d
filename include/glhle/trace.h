/*
 * glhle traces: recording what a core passes to a PICA instance, and
 * replaying it.
 *
 * A recorder attached to an instance writes every public call of that
 * instance -- memory mappings with their contents, the bytes the core wrote
 * into guest memory, command lists, invalidates and flushes, display
 * operations, presents -- into a trace file (format: docs/formats.md).
 * Replaying the trace on a fresh instance repeats the calls in order and
 * reproduces the frames; glhle-replay does that from the command line.
 *
 *   glhle_trace_recorder *rec;
 *   glhle_trace_recorder_desc rd = {.path = "game.glht"};
 *   glhle_trace_recorder_create(&rd, &rec);
 *   glhle_trace_recorder_attach(rec, pica);      // any time after creation
 *   ... the core runs as usual ...
 *   glhle_trace_recorder_finish(rec);            // the first error while recording, if any
 *   glhle_trace_recorder_destroy(rec);
 *
 *   glhle_trace *t;
 *   glhle_trace_open_file("game.glht", NULL, &t); // also reads Citra/Azahar .ctf files
 *   glhle_trace_replay_desc rp = {.ctx = ctx, .on_frame = save_png};
 *   glhle_trace_replay(t, &rp, NULL);
 *   glhle_trace_close(t);
 *
 * Guest memory: the recorder keeps an XXH3-64 hash of every 4 KiB page of
 * every mapping. Before each call that can read guest memory it re-hashes
 * the mappings and records the pages that changed, so writes the core made
 * without telling glhle (vertex arrays, command buffers) are in the trace
 * too; pages glhle itself wrote during a call (display transfer and fill
 * outputs, flushed surfaces) are re-hashed after the call and not recorded.
 * With `invalidate_only` the scan is skipped and only the contents of
 * ranges passed to glhle_pica_invalidate are recorded: cheaper, and exact
 * for a core that reports every write.
 *
 * Bad input: a trace is untrusted. Opening checks the header and every
 * chunk's length and checksum before anything runs; a damaged, truncated or
 * newer-major-version file fails with BAD_DATA or TRUNCATED and a log line
 * naming the byte offset. Replay bounds every mapping and memory write.
 */
#ifndef GLHLE_TRACE_H
#define GLHLE_TRACE_H

#include "glhle/glhle.h"
#include "glhle/pica.h"
#include "glhle/shader_cache.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- recording -------------------------------------------------------------- */

typedef struct glhle_trace_recorder glhle_trace_recorder;

/* zero means default for every field */
typedef struct glhle_trace_recorder_desc {
    /* The file to write; NULL keeps the trace in memory (glhle_trace_recorder_bytes). */
    const char *path;
    /* Record only the contents of invalidated ranges instead of scanning
     * the mapped memory before each call (see above). */
    bool invalidate_only;
    /* Most bytes the trace may take; past it recording stops and finish
     * reports LIMIT_EXCEEDED. 0 -> 4 GiB. */
    uint64_t max_bytes;
    /* Stored in the trace as a COMMENT chunk; NULL for none. */
    const char *comment;
    glhle_log_fn log;          /* NULL -> the instance's logger once attached, stderr before */
    void *log_user;
    glhle_log_level log_level;
} glhle_trace_recorder_desc;

/* Opens the output and writes the file header. */
GLHLE_API glhle_result glhle_trace_recorder_create(const glhle_trace_recorder_desc *desc, glhle_trace_recorder **out);
/* Starts recording pica's public calls: records the instance's settings,
 * its current mappings with their contents and, when command lists have
 * already run, a command list that restores the register file, shader
 * programs, uniforms, fixed attributes and LUTs as they are now. One
 * instance per recorder and one recorder per instance; a recorder records
 * one attachment. */
GLHLE_API glhle_result glhle_trace_recorder_attach(glhle_trace_recorder *rec, glhle_pica *pica);
/* Detaches, writes the END chunk and closes the file. Returns the first
 * error met while recording (a full disk, the size limit, a command list
 * too large for the format): anything but OK means the trace is incomplete. */
GLHLE_API glhle_result glhle_trace_recorder_finish(glhle_trace_recorder *rec);
/* After finish, an in-memory recorder's bytes (owned by the recorder). */
GLHLE_API glhle_result glhle_trace_recorder_bytes(const glhle_trace_recorder *rec, const uint8_t **data,
                                                  size_t *size);
/* Finishes if needed and frees; NULL is ignored. */
GLHLE_API void glhle_trace_recorder_destroy(glhle_trace_recorder *rec);

/* ---- reading -------------------------------------------------------------------- */

typedef struct glhle_trace glhle_trace;

typedef enum glhle_trace_source {
    GLHLE_TRACE_SOURCE_GLHLE = 0, /* a glhle trace */
    GLHLE_TRACE_SOURCE_CITRACE,   /* a Citra/Azahar CiTrace (.ctf), converted on opening */
} glhle_trace_source;

/* zero means default for every field */
typedef struct glhle_trace_open_desc {
    uint64_t max_file_bytes;   /* 0 -> 2 GiB */
    glhle_log_fn log;          /* NULL -> stderr */
    void *log_user;
    glhle_log_level log_level;
} glhle_trace_open_desc;

typedef struct glhle_trace_info {
    glhle_trace_source source;
    uint32_t version_major, version_minor; /* of the file (CiTrace: its version) */
    uint64_t bytes;            /* of the glhle trace (after conversion) */
    uint32_t chunks;
    uint32_t frames;           /* presents */
    uint32_t command_lists;
    uint32_t display_operations;
    uint32_t mappings;
    uint64_t memory_bytes;     /* guest memory contents carried */
    bool complete;             /* ends with END (a recording that finished) */
} glhle_trace_info;

/* Reads and checks a whole trace: the header, then every chunk's length,
 * checksum and fixed fields. A CiTrace file is recognised by its magic and
 * converted. desc may be NULL. */
GLHLE_API glhle_result glhle_trace_open_file(const char *path, const glhle_trace_open_desc *desc, glhle_trace **out);
/* The same from memory (copied). */
GLHLE_API glhle_result glhle_trace_open_memory(const void *data, size_t size, const glhle_trace_open_desc *desc,
                                               glhle_trace **out);
GLHLE_API void glhle_trace_get_info(const glhle_trace *trace, glhle_trace_info *info);
/* The glhle trace bytes (a CiTrace's conversion), owned by the trace. */
GLHLE_API void glhle_trace_get_bytes(const glhle_trace *trace, const uint8_t **data, size_t *size);
/* NULL is ignored. */
GLHLE_API void glhle_trace_close(glhle_trace *trace);

/* ---- replay ------------------------------------------------------------------------ */

/* Called after each present of a selected frame; the instance holds the
 * frame (glhle_pica_present's image can be read back here). Returning
 * anything but OK stops the replay with that result. */
typedef glhle_result (*glhle_trace_frame_fn)(void *user, glhle_pica *pica, uint32_t frame);
/* Called as the replay moves through the trace: bytes done of total, the
 * frame being built. */
typedef void (*glhle_trace_progress_fn)(void *user, uint64_t done, uint64_t total, uint32_t frame);

/* zero means default for every field */
typedef struct glhle_trace_replay_desc {
    glhle_context *ctx;          /* NULL -> a GL-free instance */
    glhle_pica_desc pica;        /* the instance's desc; zero fields take the trace's recorded settings */
    uint32_t first_frame;        /* frames (presents, counted from 0) before it are replayed, not reported */
    uint32_t frame_count;        /* the replay stops after this many reported frames; 0 -> all */
    uint64_t max_guest_bytes;    /* all mappings together; 0 -> 1 GiB */
    glhle_pica_hooks hooks;      /* installed on the instance (glhle_pica_set_hooks); fn NULL: none */
    glhle_trace_frame_fn on_frame;
    glhle_trace_progress_fn on_progress;
    void *user;
    /* A save-state round trip in the middle of the replay, as a core does
     * it: 0 for none; N: after the trace's Nth chunk (counted from 1; a
     * chunk is one recorded call) the state is saved
     * (glhle_pica_save_state), a new instance is made on round_trip_ctx
     * (NULL: ctx) at round_trip_scale (0: the same scale), the guest memory
     * copied into new buffers and mapped, the state loaded, the old
     * instance destroyed, and the rest of the trace replayed on the new
     * one. A failed save or load stops the replay with its result. */
    uint32_t round_trip_after;
    glhle_context *round_trip_ctx;
    uint32_t round_trip_scale;
} glhle_trace_replay_desc;

typedef struct glhle_trace_replay_stats {
    uint32_t frames;             /* presents replayed */
    uint32_t frames_reported;    /* on_frame calls */
    uint32_t command_lists;
    uint64_t draws;
    /* Calls whose result differed from the recording (logged as warnings):
     * a sign that the replay is not reproducing the recorded session. */
    uint32_t divergences;
    /* The most shader work one command list of the replay did
     * (glhle_pica_run_result.shader_steps; against the budget
     * glhle_pica_desc.max_shader_steps_per_run). */
    uint64_t max_shader_steps;
    /* The instance's program statistics at the end of the replay (its
     * shader_cache_dir in `pica` makes it use and fill a disk cache). */
    glhle_shader_stats shaders;
} glhle_trace_replay_stats;

/* Replays the trace on a new instance (destroyed before returning). Stops
 * at the first chunk it cannot apply (a memory write outside every
 * mapping, a mapping over the budget) with its result and a log line
 * naming the chunk's offset. stats may be NULL. */
GLHLE_API glhle_result glhle_trace_replay(const glhle_trace *trace, const glhle_trace_replay_desc *desc,
                                          glhle_trace_replay_stats *stats);

#ifdef __cplusplus
}
#endif

#endif
