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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/maxwell/frontend/pushbuf_dump.h"

#include "backend/maxwell/frontend/mme_disasm.h"

#define MAX_FILE (256u << 20)
#define MAX_MAPS 64

static const char usage_text[] =
    "usage: glhle-pushbuf dump FILE [--gpfifo ENTRIES] [--mem MAPS] [--at VA]\n"
    "       glhle-pushbuf mme FILE\n"
    "       glhle-pushbuf --help | --version\n"
    "  dump   run FILE (raw little-endian pushbuffer words, - for standard input) on a GL-free\n"
    "         Maxwell instance and print every method write, macro call, draw, launch and problem\n"
    "  --gpfifo ENTRIES  submit ENTRIES (64-bit GPFIFO entries) instead of FILE's words\n"
    "  --mem MAPS        map files into GPU memory: lines 'VA PATH [pitch|blocklinear|compressed]'\n"
    "  --at VA           map FILE at GPU address VA\n"
    "  mme    disassemble FILE as macro (MME) instruction words\n";

static int usage(void)
{
    fputs(usage_text, stderr);
    return 2;
}

static bool read_input(const char *path, glhle_bytebuf *b)
{
    glhle_bytebuf_init(b, MAX_FILE);
    if (strcmp(path, "-"))
        return glhle_bytebuf_read_file(b, path, MAX_FILE);
    uint8_t chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
        if (!glhle_bytebuf_append(b, chunk, n))
            return false;
    return !ferror(stdin);
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
        fprintf(stderr, "glhle-pushbuf: cannot read %s\n", path);
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
            fprintf(stderr, "glhle-pushbuf: %s:%d: want 'VA PATH [KIND]'\n", path, line_no);
            rc = 2;
            break;
        }
        glhle_maxwell_kind kind = GLHLE_MAXWELL_KIND_PITCH;
        if (!strcmp(kind_s, "blocklinear"))
            kind = GLHLE_MAXWELL_KIND_GENERIC_16BX2;
        else if (!strcmp(kind_s, "compressed"))
            kind = GLHLE_MAXWELL_KIND_COMPRESSED;
        else if (strcmp(kind_s, "pitch")) {
            fprintf(stderr, "glhle-pushbuf: %s:%d: kind '%s' is none of pitch, blocklinear, compressed\n", path,
                    line_no, kind_s);
            rc = 2;
            break;
        }
        if (mp->n == MAX_MAPS) {
            fprintf(stderr, "glhle-pushbuf: %s: more than %d mappings\n", path, MAX_MAPS);
            rc = 2;
            break;
        }
        char full[6200];
        snprintf(full, sizeof full, "%s/%s", file[0] == '/' ? "" : dir, file);
        glhle_bytebuf *f = &mp->files[mp->n];
        if (!read_input(file[0] == '/' ? file : full, f) || !f->size) {
            fprintf(stderr, "glhle-pushbuf: %s:%d: cannot read %s (or it is empty)\n", path, line_no, full);
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
    if (argc >= 2 && !strcmp(argv[1], "--help")) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "--version")) {
        printf("glhle-pushbuf %s\n", glhle_get_version().string);
        return 0;
    }
    if (argc == 3 && !strcmp(argv[1], "mme")) {
        glhle_bytebuf in, text;
        if (!read_input(argv[2], &in) || in.size % 4) {
            fprintf(stderr, "glhle-pushbuf: cannot read %s, or its size is not a multiple of 4 bytes\n", argv[2]);
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
    if (argc < 3 || strcmp(argv[1], "dump"))
        return usage();
    const char *path = NULL, *gpfifo = NULL, *mem = NULL;
    bool at = false;
    uint64_t at_va = 0;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--gpfifo") && i + 1 < argc)
            gpfifo = argv[++i];
        else if (!strcmp(argv[i], "--mem") && i + 1 < argc)
            mem = argv[++i];
        else if (!strcmp(argv[i], "--at") && i + 1 < argc) {
            if (!parse_u64(argv[++i], &at_va)) {
                fprintf(stderr, "glhle-pushbuf: --at wants a GPU address, got '%s'\n", argv[i]);
                return 2;
            }
            at = true;
        } else if (!path && (argv[i][0] != '-' || !strcmp(argv[i], "-")))
            path = argv[i];
        else
            return usage();
    }
    if (!path)
        return usage();
    int rc = 0;
    maps mp;
    memset(&mp, 0, sizeof mp);
    glhle_bytebuf in, entries, text;
    glhle_bytebuf_init(&entries, 0);
    glhle_bytebuf_init(&text, 0);
    if (!read_input(path, &in)) {
        fprintf(stderr, "glhle-pushbuf: cannot read %s (missing, unreadable or over 256 MiB)\n", path);
        rc = 2;
    }
    if (!rc && mem)
        rc = read_maps(mem, &mp);
    if (!rc && at) {
        if (!in.size) {
            fprintf(stderr, "glhle-pushbuf: --at: %s is empty\n", path);
            rc = 2;
        } else {
            mp.m[mp.n++] = (mw_dump_map){at_va, in.data, in.size, GLHLE_MAXWELL_KIND_PITCH};
        }
    }
    mw_dump_options opt = {.maps = mp.m, .map_count = mp.n};
    if (!rc && gpfifo) {
        if (!read_input(gpfifo, &entries) || entries.size % 8) {
            fprintf(stderr, "glhle-pushbuf: cannot read %s, or its size is not a multiple of 8 bytes\n", gpfifo);
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
            fprintf(stderr, "glhle-pushbuf: %s: %s\n", path, glhle_result_string(r));
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
