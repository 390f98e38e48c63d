/*
 * glhle shader programs: the statistics every system's program cache keeps,
 * and the disk shader cache's settings (docs/shader-cache.md).
 *
 * Every GL instance (glhle_pica, glhle_psx) keeps its linked programs in one
 * program cache service: keyed by plain data, bounded by a program count and
 * by bytes of GL memory, evicting the least recently used. With a disk cache
 * directory (glhle_pica_desc.shader_cache_dir, glhle_psx_desc's) the
 * instance reads DIR/TITLE.SYSTEM.glsc at creation and compiles (or loads
 * the driver's binary of) every program in it before the first draw; each
 * program compiled later is appended to the file with its GLSL and, where
 * the driver offers program binaries, its binary for this driver. The file
 * is portable between machines: keys and GLSL always apply, a binary only
 * on the driver (vendor, renderer, version, binary format) that made it.
 */
#ifndef GLHLE_SHADER_CACHE_H
#define GLHLE_SHADER_CACHE_H

#include "glhle/glhle.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GLHLE_SHADER_COMPILE_BUCKETS 8

typedef struct glhle_shader_stats {
    uint64_t draws;                     /* draws (PICA) or draw calls (PlayStation) issued */
    uint64_t programs_compiled;         /* every compile and link from GLSL */
    uint64_t programs_compiled_on_draw; /* of those, compiles a draw waited for */
    uint64_t programs_precompiled;      /* programs made ready at creation from the disk cache */
    uint64_t draws_waited_for_compile;  /* draws that waited for a compile */
    uint64_t draws_by_ubershader;       /* draws served by a fallback program while theirs compiled */
    uint64_t program_failures;          /* programs that failed to build (their draws are skipped) */
    uint64_t cache_hits;                /* lookups served by a resident program */
    uint64_t cache_misses;              /* lookups that had to make the program */
    uint64_t disk_hits;                 /* misses whose key the disk cache held */
    uint64_t binaries_loaded;           /* programs made from a stored binary */
    uint64_t binaries_rejected;         /* stored binaries of this driver it refused (recompiled) */
    uint64_t binaries_written;          /* binaries appended to the disk cache */
    uint64_t records_written;           /* records of every kind appended */
    uint64_t cache_records_rejected;    /* damaged, truncated or foreign records skipped when reading */
    uint64_t disk_entries;              /* programs the disk cache held when it was opened */
    uint64_t evictions;                 /* programs deleted to stay within the budgets */
    uint64_t programs_resident, bytes_resident;
    uint64_t compile_ns;                /* time spent compiling and linking (or loading binaries) */
    /* compiles by duration: < 1 ms, < 2, < 4, < 8, < 16, < 32, < 64 ms, longer */
    uint64_t compile_histogram[GLHLE_SHADER_COMPILE_BUCKETS];
    uint64_t cache_compactions;         /* rewrites of the disk cache (at creation, or over its budget while running) */
    /* PICA: draws (and their vertices) whose vertex shader ran on the host
     * GPU (glhle_pica_desc.vertex_shaders) or in the CPU interpreter */
    uint64_t draws_gpu_vertex_shader, draws_cpu_vertex_shader;
    uint64_t vertices_gpu_vertex_shader, vertices_cpu_vertex_shader;
    /* Maxwell with glhle_maxwell_desc.shader_defer_draws: draws skipped
     * because their program was still compiling on a worker */
    uint64_t draws_deferred;
    /* Maxwell: compute launches, which look up their programs in a service
     * of their own (key type maxwell-cs); the other counts include them */
    uint64_t dispatches;
    /* PICA: draws with the geometry stage on whose geometry shader ran on
     * the host GPU or in the CPU interpreter, and the geometry programs (or
     * configurations) the GPU path refused, each logged once */
    uint64_t draws_gpu_geometry_shader, draws_cpu_geometry_shader;
    uint64_t geometry_shader_refusals;
    /* of the programs compiled (or made on a worker), those linked from
     * SPIR-V modules (glShaderBinary + glSpecializeShader; Maxwell with
     * glhle_maxwell_desc.shader_path GLHLE_MAXWELL_SHADER_PATH_SPIRV) */
    uint64_t programs_spirv;
} glhle_shader_stats;

typedef struct glhle_pica glhle_pica;
typedef struct glhle_psx glhle_psx;

/* A GL instance's figures since creation; a GL-free or software instance
 * reports zeros. */
GLHLE_API glhle_result glhle_pica_get_shader_stats(const glhle_pica *pica, glhle_shader_stats *out);
GLHLE_API void glhle_psx_get_shader_stats(const glhle_psx *psx, glhle_shader_stats *out);

#ifdef __cplusplus
}
#endif

#endif
