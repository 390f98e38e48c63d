/* The AVX2 span and row kernels: sw_span_body.h with each attribute's eight
 * accumulators in one register and 4-bit CLUT lookups by pshufb (texels
 * are loaded lane by lane, as in SSE2), compiled for AVX2 function by
 * function so that the rest of the library keeps its baseline; chosen at run
 * time (sw_span.h, psx_span_kernels), as backend/pica/texcodec_avx2.c is. */
#include "backend/psx/sw_span_pixel.h"

#if PSX_SPAN_HAVE_SSE2

#define SPAN_PREFIX span_avx2
#define SPAN_TARGET __attribute__((target("avx2")))
#define SPAN_TABLE psx_span_table_avx2
#define ROWS_TABLE psx_rows_table_avx2
#define SPAN_TABLE_STORAGE
#define SPAN_SIMD 2
#include "backend/psx/sw_span_body.h"

bool psx_span_avx2_available(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

#endif
