/* glhle-fsgen: the PICA fragment-pipeline key and its generated GLSL.
 *   glhle-fsgen key HEX [--gles] [--fetch] [--key-only]
 *   glhle-fsgen cmdlist FILE [--gles] [--fetch] [--key-only] [--draw N]
 * "key" takes a key as printed by this tool (2 * 192 hex digits; it is
 * normalised first). "cmdlist" runs a PICA command list on a GL-free
 * instance and prints the key at every draw whose key differs from the
 * previous draw's (with --draw N only the Nth draw, counting from 0), or
 * the state at the end when the list draws nothing. FILE holds the command
 * words little-endian, as the GPU reads them, or as text: hex words
 * ("0x0000ABCD" or "0000abcd") separated by white space, '#' to the end of
 * a line is a comment; "-" reads standard input. Exit status: 0 done, 1 the
 * list had problems (they are logged; keys are still printed) or cannot be
 * read, 2 usage. */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/pica/fragment/fs_key.h"
#include "backend/pica/pica_instance.h"
#include "shadergen/pica_fs.h"
#include "tools/common/tool.h"

typedef struct options {
    pica_fs_host host;
    bool key_only;
    long draw; /* -1: every change */
} options;

#define USAGE                                                                   \
    "usage: glhle-fsgen key HEX [--gles] [--fetch] [--key-only]\n"               \
    "       glhle-fsgen cmdlist FILE [--gles] [--fetch] [--key-only] [--draw N]\n"

static void print_key(const pica_fs_key *k, const options *o)
{
    glhle_bytebuf b;
    glhle_bytebuf_init(&b, 0);
    pica_fs_key_describe(k, &b);
    if (!o->key_only) {
        glhle_bytebuf_printf(&b, "---- GLSL\n");
        if (!pica_fs_generate(k, &o->host, &b))
            tool_error("the shader text did not fit the output buffer");
    }
    fwrite(b.data, 1, b.size, stdout);
    glhle_bytebuf_free(&b);
}

typedef struct draw_watch {
    const options *o;
    long index;
    bool have_last;
    pica_fs_key last;
} draw_watch;

static void on_draw(void *user, glhle_pica *pica, const glhle_pica_event *ev)
{
    draw_watch *dw = user;
    long index = dw->index++;
    if (dw->o->draw >= 0 && index != dw->o->draw)
        return;
    pica_fs_key k;
    pica_fs_key_from_state(pica_get_state(pica), &k);
    if (dw->o->draw < 0 && dw->have_last && pica_fs_key_equal(&k, &dw->last))
        return;
    dw->last = k;
    dw->have_last = true;
    printf("==== draw %ld (%s, byte offset %u)\n", index, ev->host_list ? "host list" : "guest buffer", ev->offset);
    print_key(&k, dw->o);
}

/* Text words when every byte is a hex digit, 'x', white space or a
 * comment; otherwise little-endian binary. */
static bool parse_words(const uint8_t *data, size_t size, uint32_t **out, size_t *count)
{
    bool text = true;
    for (size_t i = 0; i < size && text; i++) {
        if (data[i] == '#') {
            while (i < size && data[i] != '\n')
                i++;
            continue;
        }
        text = isxdigit(data[i]) || isspace(data[i]) || data[i] == 'x' || data[i] == 'X';
    }
    size_t cap = text ? size / 2 + 1 : size / 4 + 1;
    uint32_t *w = malloc(cap * sizeof *w);
    size_t n = 0;
    if (!w)
        return false;
    if (!text) {
        if (size % 4) {
            tool_error("binary command list of %zu bytes is not a whole number of words", size);
            free(w);
            return false;
        }
        for (size_t i = 0; i < size; i += 4)
            w[n++] = (uint32_t)data[i] | (uint32_t)data[i + 1] << 8 | (uint32_t)data[i + 2] << 16 |
                     (uint32_t)data[i + 3] << 24;
    } else {
        size_t i = 0;
        while (i < size) {
            if (data[i] == '#') {
                while (i < size && data[i] != '\n')
                    i++;
            } else if (isspace(data[i])) {
                i++;
            } else {
                size_t start = i;
                if (i + 1 < size && data[i] == '0' && (data[i + 1] == 'x' || data[i + 1] == 'X'))
                    i += 2;
                uint64_t v = 0;
                size_t digits = 0;
                while (i < size && isxdigit(data[i])) {
                    v = v << 4 | (uint64_t)(isdigit(data[i]) ? data[i] - '0' : (tolower(data[i]) - 'a' + 10));
                    i++;
                    digits++;
                }
                if (!digits || digits > 8 || (i < size && !isspace(data[i]) && data[i] != '#')) {
                    tool_error("byte offset %zu: not a 32-bit hex word", start);
                    free(w);
                    return false;
                }
                w[n++] = (uint32_t)v;
            }
        }
    }
    *out = w;
    *count = n;
    return true;
}

static int run_cmdlist(const char *path, const options *o)
{
    glhle_bytebuf file;
    if (!tool_read_input(path, 64u << 20, TOOL_PLAIN, &file)) {
        glhle_bytebuf_free(&file);
        return 1;
    }
    uint32_t *words;
    size_t count;
    bool ok = parse_words(file.data, file.size, &words, &count);
    glhle_bytebuf_free(&file);
    if (!ok)
        return 1;
    glhle_pica_desc desc = {.log = tool_log.fn, .log_level = GLHLE_LOG_WARN};
    glhle_pica *pica;
    if (glhle_pica_create(NULL, &desc, &pica) != GLHLE_RESULT_OK) {
        free(words);
        return 1;
    }
    draw_watch dw = {.o = o};
    glhle_pica_hooks hooks = {on_draw, &dw, 1u << GLHLE_PICA_EVENT_DRAW};
    glhle_pica_set_hooks(pica, &hooks);
    glhle_pica_run_result res;
    glhle_result r = glhle_pica_run_cmdlist(pica, words, count, &res);
    if (dw.index == 0) {
        printf("==== end of the list (no draw)\n");
        pica_fs_key k;
        pica_fs_key_from_state(pica_get_state(pica), &k);
        print_key(&k, o);
    } else if (o->draw >= dw.index) {
        tool_error("the list has %ld draws; there is no draw %ld", dw.index, o->draw);
        r = GLHLE_RESULT_NOT_FOUND;
    }
    fprintf(stderr, "glhle-fsgen: %llu words, %u draws, %u problems\n", (unsigned long long)res.words, res.draws,
            res.problems);
    glhle_pica_destroy(pica);
    free(words);
    return r == GLHLE_RESULT_OK ? 0 : 1;
}

int main(int argc, char **argv)
{
    tool_init("glhle-fsgen", USAGE);
    static const struct option longs[] = {
        {"fetch", no_argument, NULL, 'f'},     {"gles", no_argument, NULL, 'g'},
        {"key-only", no_argument, NULL, 'k'},  {"draw", required_argument, NULL, 'd'},
        {"help", no_argument, NULL, 'h'},      {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    options o = {.draw = -1};
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        switch (c) {
        case 'f': o.host.framebuffer_fetch = 1; break;
        case 'g': o.host.gles = 1; break;
        case 'k': o.key_only = true; break;
        case 'd': {
            char *end;
            o.draw = strtol(optarg, &end, 10);
            if (end == optarg || *end || o.draw < 0) {
                tool_error("--draw wants a draw number, got '%s'", optarg);
                return 2;
            }
            break;
        }
        case 'h':
            return tool_help("Prints the PICA fragment-pipeline key and the GLSL generated for it, from a key\n"
                             "or at each draw of a command list (FILE: binary words or hex text; - for stdin).\n"
                             "  --gles      GLSL ES 3.20 instead of GLSL 4.50\n"
                             "  --fetch     shaders that blend themselves read the destination with\n"
                             "              EXT_shader_framebuffer_fetch (default: a texel fetch of the attachment)\n"
                             "  --key-only  the key, no GLSL\n"
                             "  --draw N    only the Nth draw (from 0)\n"
                             "  --help, --version\n"
                             "Exit status: 0 done, 1 the list had problems or cannot be read, 2 usage.\n");
        case 'V': return tool_version();
        default: return tool_bad_option(c, argv);
        }
    }
    if (argc - optind != 2)
        return tool_usage();
    const char *cmd = argv[optind], *arg = argv[optind + 1];
    if (!strcmp(cmd, "key")) {
        pica_fs_key k;
        if (!pica_fs_key_from_hex(arg, &k)) {
            tool_error("a key is %zu hex digits; '%s' is not one", 2 * sizeof k, arg);
            return 2;
        }
        print_key(&k, &o);
        return 0;
    }
    if (!strcmp(cmd, "cmdlist"))
        return run_cmdlist(arg, &o);
    tool_error("unknown command '%s'", cmd);
    return tool_usage();
}
