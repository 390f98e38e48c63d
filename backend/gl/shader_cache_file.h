/* The disk shader cache's file format (docs/shader-cache.md has the byte
 * layout): GL-free, so the tool, the fuzzer and the runtime share one reader
 * and one writer.
 *
 * A file holds the programs of one system (PICA, PlayStation, ...) for one
 * title: a 32-byte header, then records, each with its own XXH3-64 checksum.
 * While running, records are only appended; compaction writes a new file and
 * renames it over the old one. Record kinds:
 *   KEY     one program's identity: system, key version, host configuration
 *           bits, the key's bytes (portable: every key field is a byte or a
 *           little-endian integer of explicit width), the hash of its GLSL
 *   GLSL    generated vertex + fragment text, once per text hash
 *   GLSL_GS the same with a geometry stage's text (three-stage programs:
 *           the PICA geometry path); written only into the files of a
 *           system whose programs have that stage, so the records of the
 *           other systems' files are unchanged
 *   GLSL_TESS the same with the two tessellation stages' texts and maybe a
 *           geometry stage's (the Maxwell draw path's tessellation programs),
 *           written only into the files of such a system (maxwell-tess)
 *   BINARY  a program binary for one GLSL hash on one driver (the driver id
 *           is "vendor\nrenderer\nversion" and the GL binary format)
 *   USE     which entries a session used (least-recently-used pruning)
 *
 * The file is untrusted: a record whose header, checksum or fields are bad,
 * or that belongs to another system or key version, is skipped and listed
 * with its byte offset; the reader then looks for the next record header on
 * an 8-byte boundary, so one damaged record costs only itself. Every length
 * is checked against the bytes that remain and every allocation is bounded
 * by the file's size; the search for the next header hashes at most four
 * times the file's bytes, so no input makes it slow. */
#ifndef GLHLE_GL_SHADER_CACHE_FILE_H
#define GLHLE_GL_SHADER_CACHE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend/common/bytebuf.h"
#include "backend/common/log.h"
#include "glhle/glhle.h"

#define GL_SHC_MAGIC "GLHLSHC"      /* 8 bytes with the NUL */
#define GL_SHC_FORMAT_VERSION 1u
#define GL_SHC_HEADER_BYTES 32u
#define GL_SHC_RECORD_HEADER_BYTES 24u
#define GL_SHC_RECORD_MAGIC 0x31434552u /* "REC1" little-endian */
#define GL_SHC_MAX_PAYLOAD (64u << 20)
/* fixed-size keys (the PICA geometry path's is 7.7 KiB): the bound the
 * program service checks a system's key size against; the file's reader
 * takes any key up to GL_SHC_MAX_VAR_KEY_BYTES that matches its system */
#define GL_SHC_MAX_KEY_BYTES 16384u
#define GL_SHC_MAX_VAR_KEY_BYTES (2u << 20) /* keys of a system with key_max_size (Maxwell: guest code) */
#define GL_SHC_MAX_DRIVER_BYTES 1024u
#define GL_SHC_MAX_BAD_LISTED 256u  /* bad records remembered (all are counted and logged up to a cap) */

/* System ids as stored in files; never renumber. */
enum { GL_SHC_SYSTEM_PICA = 1, GL_SHC_SYSTEM_PSX = 2, GL_SHC_SYSTEM_MAXWELL = 3, GL_SHC_SYSTEM_PICA_GPU_VS = 4,
       GL_SHC_SYSTEM_MAXWELL_COMPUTE = 5, GL_SHC_SYSTEM_PICA_GPU_GS = 6, GL_SHC_SYSTEM_MAXWELL_GS = 7,
       GL_SHC_SYSTEM_MAXWELL_TESS = 8 };

/* Host bit of the KEY record of a system's fallback program (the PICA
 * ubershader): its key bytes are all zero, its text is the system's
 * fallback_generate text for the other host bits, and the system's key
 * validity check does not apply to it. */
#define GL_SHC_HOST_FALLBACK 0x80000000u

enum { GL_SHC_KEY = 1, GL_SHC_GLSL = 2, GL_SHC_BINARY = 3, GL_SHC_USE = 4, GL_SHC_GLSL_GS = 5, GL_SHC_GLSL_TESS = 6,
       GL_SHC_KIND_COUNT_ };

/* What the reader needs to know of a system to accept its KEY records. */
typedef struct gl_shc_system_info {
    uint32_t id;
    const char *name;         /* "pica": file names and messages */
    uint32_t key_size, key_version;
    /* 0: every key is key_size bytes. Else keys have key_size_of(key)
     * bytes, at least key_size (the fixed part key_size_of reads) and at
     * most key_max_size (at most GL_SHC_MAX_VAR_KEY_BYTES): the Maxwell key
     * carries the guest code it was translated from. */
    uint32_t key_max_size;
    uint32_t (*key_size_of)(const void *key);
    /* true when the bytes are a key the generator accepts as it is (for
     * example normalised); NULL accepts every key */
    bool (*key_valid)(const void *key);
} gl_shc_system_info;

typedef struct gl_shc_entry {
    uint64_t id;             /* gl_shc_entry_id of system, version, size, host, key */
    uint64_t glsl_hash;      /* of the text written for this key on the host it names */
    uint64_t last_use;       /* generation of the last session that used it */
    uint64_t offset;         /* of its KEY record */
    uint32_t system, key_version, key_size, host;
    const uint8_t *key;
} gl_shc_entry;

typedef struct gl_shc_glsl {
    uint64_t hash;           /* gl_shc_glsl_hash_tess(vs, tcs, tes, gs, fs) */
    uint64_t offset;
    const char *vs, *gs, *fs; /* not NUL-terminated; gs_len 0: no geometry stage (a GLSL record) */
    uint32_t vs_len, gs_len, fs_len;
    const char *tcs, *tes;   /* a GLSL_TESS record's tessellation texts, else NULL with lengths 0 */
    uint32_t tcs_len, tes_len;
} gl_shc_glsl;

typedef struct gl_shc_binary {
    uint64_t glsl_hash;
    uint64_t offset;
    uint32_t format;         /* GL binary format enum */
    uint32_t driver_len, size;
    const char *driver;      /* "vendor\nrenderer\nversion", not NUL-terminated */
    const uint8_t *data;
} gl_shc_binary;

typedef struct gl_shc_bad {
    uint64_t offset;
    uint32_t kind;           /* 0 when the header itself was unreadable */
    const char *why;         /* static text */
} gl_shc_bad;

typedef struct gl_shc_file {
    uint8_t *data;           /* the file's bytes (owned); records point into it */
    size_t size;
    uint32_t system;         /* from the header; 0 when the header was bad */
    const gl_shc_system_info *info; /* the system's, when known */
    gl_shc_entry *entries;   /* sorted by id, one per id (the last record wins) */
    uint32_t entry_count;
    gl_shc_glsl *glsl;       /* sorted by hash, one per hash */
    uint32_t glsl_count;
    gl_shc_binary *binaries; /* sorted by (glsl_hash, driver, format), one each */
    uint32_t binary_count;
    gl_shc_bad bad[GL_SHC_MAX_BAD_LISTED];
    uint32_t bad_count;      /* all bad records (bad[] keeps the first GL_SHC_MAX_BAD_LISTED) */
    uint64_t bad_bytes;      /* bytes skipped as bad */
    uint64_t records[GL_SHC_KIND_COUNT_]; /* good records by kind */
    uint64_t superseded;     /* good records another record replaced */
    uint64_t max_generation;
    bool header_ok;
} gl_shc_file;

/* Reads `size` bytes (copied) as a cache file. `systems` lists the systems
 * this build knows; `want_system` (0: any known) rejects the whole file when
 * it is another system's. Bad records go to out->bad and are logged (the
 * first 32) with their offsets at `log_level`. Returns OK, BAD_DATA when the
 * header is unusable (the file then has no records), OUT_OF_MEMORY. An empty
 * input gives an empty, valid file. `log` may be NULL. */
glhle_result gl_shc_parse(const uint8_t *data, size_t size, const gl_shc_system_info *const *systems,
                          uint32_t system_count, uint32_t want_system, const glhle_logger *log,
                          glhle_log_level log_level, gl_shc_file *out);
void gl_shc_free(gl_shc_file *f);

/* The size of `key` (at least info->key_size readable bytes): key_size, or
 * what key_size_of says for a system with variable-size keys. */
uint32_t gl_shc_key_size(const gl_shc_system_info *info, const void *key);

/* Lookups (NULL when absent). */
const gl_shc_entry *gl_shc_find_entry(const gl_shc_file *f, uint64_t id);
const gl_shc_glsl *gl_shc_find_glsl(const gl_shc_file *f, uint64_t hash);
/* The first binary for the text hash; the rest follow it in the array. */
const gl_shc_binary *gl_shc_first_binary(const gl_shc_file *f, uint64_t glsl_hash, uint32_t *count);

/* Identity of a key record and of a text pair. */
uint64_t gl_shc_entry_id(uint32_t system, uint32_t key_version, uint32_t key_size, uint32_t host,
                         const void *key);
uint64_t gl_shc_glsl_hash(const char *vs, size_t vs_len, const char *fs, size_t fs_len);
/* The same for a text with a geometry stage; gs_len 0 gives gl_shc_glsl_hash. */
uint64_t gl_shc_glsl_hash_gs(const char *vs, size_t vs_len, const char *gs, size_t gs_len, const char *fs,
                             size_t fs_len);

/* The same for a text with tessellation stages; tcs_len and tes_len 0 give gl_shc_glsl_hash_gs. */
uint64_t gl_shc_glsl_hash_tess(const char *vs, size_t vs_len, const char *tcs, size_t tcs_len, const char *tes,
                               size_t tes_len, const char *gs, size_t gs_len, const char *fs, size_t fs_len);

/* ---- writing: each appends one whole record (or the header) to `out` ---- */
bool gl_shc_write_header(glhle_bytebuf *out, uint32_t system);
bool gl_shc_write_key(glhle_bytebuf *out, uint32_t system, uint32_t key_version, uint32_t key_size, uint32_t host,
                      uint64_t generation, uint64_t glsl_hash, const void *key);
bool gl_shc_write_glsl(glhle_bytebuf *out, const char *vs, uint32_t vs_len, const char *fs, uint32_t fs_len);
/* A GLSL_GS record (gs_len > 0), or a GLSL record when gs_len is 0. */
bool gl_shc_write_glsl_gs(glhle_bytebuf *out, const char *vs, uint32_t vs_len, const char *gs, uint32_t gs_len,
                          const char *fs, uint32_t fs_len);
/* A GLSL_TESS record (tcs_len and tes_len > 0; gs_len 0: no geometry stage), or what
 * gl_shc_write_glsl_gs writes when both tessellation lengths are 0. */
bool gl_shc_write_glsl_tess(glhle_bytebuf *out, const char *vs, uint32_t vs_len, const char *tcs, uint32_t tcs_len,
                            const char *tes, uint32_t tes_len, const char *gs, uint32_t gs_len, const char *fs,
                            uint32_t fs_len);
bool gl_shc_write_binary(glhle_bytebuf *out, uint64_t glsl_hash, uint32_t format, const char *driver,
                         uint32_t driver_len, const void *data, uint32_t size);
bool gl_shc_write_use(glhle_bytebuf *out, uint64_t generation, const uint64_t *ids, uint32_t count);

/* Bytes an entry takes in a compacted file: its KEY record, its GLSL and its
 * binaries (shared text is counted for each entry that names it). */
uint64_t gl_shc_entry_bytes(const gl_shc_file *f, const gl_shc_entry *e);

/* A compacted file: the header, then for each kept entry (keep == NULL: all;
 * else keep[i] for entries[i]) its KEY record with its last use as the
 * generation, its GLSL record (once per hash) and every binary of that text. */
bool gl_shc_write_compacted(const gl_shc_file *f, const bool *keep, glhle_bytebuf *out);

/* Which entries to keep so the compacted file fits `max_bytes`: the most
 * recently used first (ties: the later record). keep[] has entry_count
 * elements. Returns the bytes kept. */
uint64_t gl_shc_plan_prune(const gl_shc_file *f, uint64_t max_bytes, bool *keep);

/* Writes `data` to `path` through a temporary file in the same folder and
 * renames it over `path` (atomic on POSIX file systems). */
glhle_result gl_shc_replace_file(const char *path, const void *data, size_t size, const glhle_logger *log);

const char *gl_shc_kind_name(uint32_t kind);

#endif
