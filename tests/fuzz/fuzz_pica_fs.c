/* The PICA fragment pipeline on arbitrary bytes: a key (any 184 bytes),
 * uniform data (any floats, NaN and infinities included, as guest registers
 * can hold), LUT words and fragment inputs. Normalisation must be idempotent
 * and round-trip through hex; the generator must produce text for the
 * normalised key in both dialects, with and without framebuffer fetch, (and not crash on the raw one); the model
 * must evaluate the fragment, and the shadow units their samples, without
 * undefined behaviour (the fuzz build runs under ASan and UBSan). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "shadergen/pica_fs.h"
#include "shadergen/pica_ref.h"

/* Fills `dst` from the input, cycling when it runs short (zeros when empty). */
static void take(void *dst, size_t n, const uint8_t *data, size_t size, size_t *pos)
{
    uint8_t *d = dst;
    for (size_t i = 0; i < n; i++)
        d[i] = size ? data[(*pos)++ % size] : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static pica_fs_luts luts;
    size_t pos = 0;
    pica_fs_key raw, key, again;
    take(&raw, sizeof raw, data, size, &pos);
    key = raw;
    pica_fs_key_normalize(&key);
    again = key;
    pica_fs_key_normalize(&again);
    if (memcmp(&key, &again, sizeof key))
        __builtin_trap();
    char hex[PICA_FS_KEY_HEX_SIZE];
    pica_fs_key_to_hex(&key, hex);
    if (!pica_fs_key_from_hex(hex, &again) || memcmp(&key, &again, sizeof key))
        __builtin_trap();

    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 1u << 20);
    for (uint8_t variant = 0; variant < 4; variant++) {
        pica_fs_host host = {.gles = variant & 1, .framebuffer_fetch = variant >> 1};
        glhle_bytebuf_clear(&b);
        if (!pica_fs_generate(&key, &host, &b) || b.size == 0)
            __builtin_trap();
        glhle_bytebuf_clear(&b);
        pica_fs_generate(&raw, &host, &b);
    }
    pica_fs_key_describe(&raw, &b);
    glhle_bytebuf_free(&b);

    pica_fs_uniforms u;
    pica_ref_input in;
    take(&u, sizeof u, data, size, &pos);
    take(&in, sizeof in, data, size, &pos);
    /* LUTs: a window of the input repeated, cheap enough per run */
    take(luts.e, sizeof luts.e, data, size, &pos);
    pica_ref_output out;
    pica_ref_fragment(&key, &u, &luts, &in, &out);
    uint32_t map[16];
    const uint32_t *faces[6] = {map, map, map, map, map, map};
    take(map, sizeof map, data, size, &pos);
    uint8_t texel[4];
    pica_ref_shadow_2d(map, 4, 4, &key, &u, in.texcoord[0][0], in.texcoord[0][1], in.texcoord0_w, texel);
    pica_ref_shadow_cube(faces, 4, &u, in.texcoord[0][0], in.texcoord[0][1], in.texcoord0_w, texel);
    return 0;
}
