/* glhle-pushbuf: reads Maxwell (Switch GPU) pushbuffers like a disassembly.
 *   glhle-pushbuf dump FILE [--gpfifo ENTRIES] [--mem MAPS] [--at VA]
 *   glhle-pushbuf mme FILE
 * FILE holds raw pushbuffer words (little-endian), "-" for standard input.
 * Prints every method write as "offset subchannel CLASS.METHOD[index] =
 * value  fields", macro calls and the writes they made, draws, clears,
 * engine launches, semaphore releases, and the problems the submission
 * reports ("!  ..."), then a summary line.
 * Without --gpfifo the words run as one host segment. With --gpfifo,
 * ENTRIES is a file of 64-bit GPFIFO entries (GP_ENTRY0 in the low word,
 * little-endian) run against GPU memory: MAPS is a text file of lines
 * "VA PATH [pitch|blocklinear|compressed]" (PATH relative to MAPS), and
 * --at VA maps FILE itself at VA.
 * mme disassembles FILE as macro code (little-endian instruction words,
 * addresses from 0) in glhle's macro syntax (backend/maxwell/frontend/
 * mme_disasm.h).
 * Exit status: 0 clean run, 1 the run reported problems, 2 usage or I/O. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/maxwell/frontend/pushbuf_dump.h"
#include "tools/common/tool.h"

#include "backend/maxwell/frontend/mme_disasm.h"

#define MAX_FILE (256u << 20)
#define MAX_MAPS 64

static const char usage_text[] =
    "usage: glhle-pushbuf dump FILE [--gpfifo ENTRIES] [--mem MAPS] [--at VA]\n"
    "       glhle-pushbuf mme FILE\n"
    "       glhle-pushbuf --help | --version\n";
static const char help_text[] =
    "  dump   run FILE (raw little-endian pushbuffer words, - for standard input) on a GL-free\n"
    "         Maxwell instance and print every method write, macro call, draw, launch and problem\n"
    "  --gpfifo ENTRIES  submit ENTRIES (64-bit GPFIFO entries) instead of FILE's words\n"
    "  --mem MAPS        map files into GPU memory: lines 'VA PATH [pitch|blocklinear|compressed]'\n"
    "  --at VA           map FILE at GPU address VA\n"
    "  mme    disassemble FILE as macro (MME) instruction words\n"
    "Exit status: 0 clean run, 1 the run reported problems, 2 usage or I/O.\n";

static bool read_input(const char *path, glhle_bytebuf *b)
{
    return tool_read_input(path, MAX_FILE, TOOL_PLAIN, b);
}

static bool parse_u64(const char *s, uint64_t *v)
{
    char *end;
    unsigned long long x = strtoull(s, &end, 0);
    if (!*s || *end)
        return false;
    *v = x;
    return true;
}

typedef struct maps {
    mw_dump_map m[MAX_MAPS + 1];
    glhle_bytebuf files[MAX_MAPS];
    size_t n;
} maps;

static int read_maps(const char *path, maps *mp)
{
    glhle_bytebuf text;
    if (!read_input(path, &text)) {
        glhle_bytebuf_free(&text);
        return 2;
    }
    char dir[4096] = ".";
    const char *slash = strrchr(path, '/');
    if (slash && (size_t)(slash - path) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    char *s = (char *)glhle_bytebuf_cstr(&text);
    int line_no = 0, rc = 0;
    for (char *line = strtok(s, "\n"); line && !rc; line = strtok(NULL, "\n")) {
        line_no++;
        char va_s[64], file[2048], kind_s[32] = "pitch";
        if (line[0] == '#' || strspn(line, " \t\r") == strlen(line))
            continue;
        int k = sscanf(line, "%63s %2047s %31s", va_s, file, kind_s);
        uint64_t va;
        if (k < 2 || !parse_u64(va_s, &va)) {
            tool_error("%s:%d: want 'VA PATH [KIND]'", path, line_no);
            rc = 2;
            break;
        }
        glhle_maxwell_kind kind = GLHLE_MAXWELL_KIND_PITCH;
        if (!strcmp(kind_s, "blocklinear"))
            kind = GLHLE_MAXWELL_KIND_GENERIC_16BX2;
        else if (!strcmp(kind_s, "compressed"))
            kind = GLHLE_MAXWELL_KIND_COMPRESSED;
        else if (strcmp(kind_s, "pitch")) {
            tool_error("%s:%d: kind '%s' is none of pitch, blocklinear, compressed", path, line_no, kind_s);
            rc = 2;
            break;
        }
        if (mp->n == MAX_MAPS) {
            tool_error("%s: more than %d mappings", path, MAX_MAPS);
            rc = 2;
            break;
        }
        char full[6200];
        snprintf(full, sizeof full, "%s/%s", file[0] == '/' ? "" : dir, file);
        glhle_bytebuf *f = &mp->files[mp->n];
        if (!read_input(file[0] == '/' ? file : full, f) || !f->size) {
            tool_error("%s:%d: cannot read %s (or it is empty)", path, line_no, full);
            glhle_bytebuf_free(f);
            rc = 2;
            break;
        }
        mp->m[mp->n] = (mw_dump_map){va, f->data, f->size, kind};
        mp->n++;
    }
    glhle_bytebuf_free(&text);
    return rc;
}

int main(int argc, char **argv)
{
    tool_init("glhle-pushbuf", usage_text);
    static const struct option longs[] = {
        {"gpfifo", required_argument, NULL, 'g'}, {"mem", required_argument, NULL, 'm'},
        {"at", required_argument, NULL, 'a'},     {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},      {NULL, 0, NULL, 0},
    };
    const char *gpfifo = NULL, *mem = NULL;
    bool at = false;
    uint64_t at_va = 0;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, TOOL_OPTSTRING, longs, NULL)) != -1) {
        switch (c) {
        case 'g': gpfifo = optarg; break;
        case 'm': mem = optarg; break;
        case 'a':
            if (!parse_u64(optarg, &at_va)) {
                tool_error("--at wants a GPU address, got '%s'", optarg);
                return 2;
            }
            at = true;
            break;
        case 'h': return tool_help(help_text);
        case 'V': return tool_version();
        default: return tool_bad_option(c, argv);
        }
    }
    if (argc - optind != 2)
        return tool_usage();
    const char *cmd = argv[optind], *path = argv[optind + 1];
    if (!strcmp(cmd, "mme")) {
        if (gpfifo || mem || at) {
            tool_error("mme takes no --gpfifo, --mem or --at");
            return tool_usage();
        }
        glhle_bytebuf in, text;
        if (!read_input(path, &in) || in.size % 4) {
            if (in.size % 4)
                tool_error("%s: its size is not a multiple of 4 bytes", path);
            glhle_bytebuf_free(&in);
            return 2;
        }
        uint32_t *w = (uint32_t *)(void *)in.data;
        for (size_t i = 0; i < in.size / 4; i++)
            w[i] = (uint32_t)in.data[4 * i] | (uint32_t)in.data[4 * i + 1] << 8 | (uint32_t)in.data[4 * i + 2] << 16 |
                   (uint32_t)in.data[4 * i + 3] << 24;
        glhle_bytebuf_init(&text, 0);
        const bool ok = mw_mme_disasm_program(&text, w, (uint32_t)(in.size / 4), 0);
        fwrite(text.data, 1, text.size, stdout);
        glhle_bytebuf_free(&text);
        glhle_bytebuf_free(&in);
        return ok ? 0 : 2;
    }
    if (strcmp(cmd, "dump")) {
        tool_error("unknown command '%s'", cmd);
        return tool_usage();
    }
    int rc = 0;
    maps mp;
    memset(&mp, 0, sizeof mp);
    glhle_bytebuf in, entries, text;
    glhle_bytebuf_init(&entries, 0);
    glhle_bytebuf_init(&text, 0);
    if (!read_input(path, &in))
        rc = 2;
    if (!rc && mem)
        rc = read_maps(mem, &mp);
    if (!rc && at) {
        if (!in.size) {
            tool_error("--at: %s is empty", path);
            rc = 2;
        } else {
            mp.m[mp.n++] = (mw_dump_map){at_va, in.data, in.size, GLHLE_MAXWELL_KIND_PITCH};
        }
    }
    mw_dump_options opt = {.maps = mp.m, .map_count = mp.n};
    if (!rc && gpfifo) {
        glhle_bytebuf_free(&entries);
        if (!read_input(gpfifo, &entries) || entries.size % 8) {
            if (entries.size % 8)
                tool_error("%s: its size is not a multiple of 8 bytes", gpfifo);
            rc = 2;
        } else {
            uint64_t *e = (uint64_t *)(void *)entries.data;
            for (size_t i = 0; i < entries.size / 8; i++) {
                uint64_t v = 0;
                for (int k = 0; k < 8; k++)
                    v |= (uint64_t)entries.data[8 * i + k] << (8 * k);
                e[i] = v;
            }
            opt.entries = e;
            opt.entry_count = entries.size / 8;
            if (!opt.entry_count)
                opt.entries = NULL;
        }
    }
    if (!rc) {
        glhle_result r = mw_pushbuf_dump(in.data, in.size, &opt, &text);
        fwrite(text.data, 1, text.size, stdout);
        if (r != GLHLE_RESULT_OK) {
            tool_error("%s: %s", path, glhle_result_string(r));
            rc = 1;
        }
    }
    for (size_t i = 0; i < MAX_MAPS; i++)
        glhle_bytebuf_free(&mp.files[i]);
    glhle_bytebuf_free(&text);
    glhle_bytebuf_free(&entries);
    glhle_bytebuf_free(&in);
    return rc;
}
