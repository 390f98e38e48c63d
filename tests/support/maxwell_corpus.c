#include "support/maxwell_corpus.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/test_support.h"

static int cmp_names(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

bool mc_open(mc_corpus *c)
{
    memset(c, 0, sizeof *c);
    c->dir = ts_testdata_path("maxwell/shaders");
    if (!c->dir) {
        print_message("SKIP: ../shared/testdata/maxwell/shaders is absent; this test needs the shader corpus\n");
        return false;
    }
    static char dir[4096];
    snprintf(dir, sizeof dir, "%s", c->dir);
    c->dir = dir;
    DIR *d = opendir(dir);
    if (!d) {
        print_message("SKIP: cannot open %s\n", dir);
        return false;
    }
    struct dirent *e;
    while ((e = readdir(d)) && c->count < MC_MAX_SHADERS) {
        size_t n = strlen(e->d_name);
        if (n > 4 && n < sizeof c->names[0] + 4 && strcmp(e->d_name + n - 4, ".bin") == 0) {
            memcpy(c->names[c->count], e->d_name, n - 4);
            c->names[c->count][n - 4] = 0;
            c->count++;
        }
    }
    closedir(d);
    qsort(c->names, c->count, sizeof c->names[0], cmp_names);
    return c->count > 0;
}

const char *mc_path(const mc_corpus *c, const char *name, const char *ext)
{
    static char buf[8][4096];
    static unsigned slot;
    char *p = buf[slot++ % 8];
    snprintf(p, sizeof buf[0], "%s/%s%s", c->dir, name, ext);
    return p;
}

uint64_t *mc_load_code(const mc_corpus *c, const char *name, size_t *count)
{
    size_t size;
    uint8_t *b = ts_read_file(mc_path(c, name, ".bin"), &size);
    *count = size / 8;
    uint64_t *w = calloc(*count ? *count : 1, sizeof *w);
    assert_non_null(w);
    for (size_t i = 0; i < *count; i++)
        for (unsigned k = 0; k < 8; k++)
            w[i] |= (uint64_t)b[i * 8 + k] << (8 * k);
    free(b);
    return w;
}

mc_line *mc_load_listing(const mc_corpus *c, const char *name, size_t *count)
{
    size_t size;
    uint8_t *b = ts_read_file(mc_path(c, name, ".envydis.txt"), &size);
    char *text = realloc(b, size + 1);
    assert_non_null(text);
    text[size] = 0;
    size_t cap = 64, n = 0;
    mc_line *lines = malloc(cap * sizeof *lines);
    assert_non_null(lines);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        mc_line l;
        memset(&l, 0, sizeof l);
        int used = 0;
        if (sscanf(line, "%x: %x %x%n", &l.offset, &l.lo, &l.hi, &used) != 3)
            continue;
        const char *rest = line + used;
        while (*rest == ' ')
            rest++;
        if (rest[0] == 'C' && rest[1] == ' ') {
            l.target_mark = true;
            rest += 1;
            while (*rest == ' ')
                rest++;
        }
        snprintf(l.text, sizeof l.text, "%s", rest);
        l.is_sched = strncmp(l.text, "sched", 5) == 0;
        if (n == cap) {
            cap *= 2;
            lines = realloc(lines, cap * sizeof *lines);
            assert_non_null(lines);
        }
        lines[n++] = l;
    }
    free(text);
    *count = n;
    return lines;
}

const char *mc_stage_of(const char *name)
{
    static const struct {
        const char *suffix, *stage;
    } map[] = {{"_vsh", "vert"}, {"_fsh", "frag"}, {"_gsh", "geom"}, {"_tcsh", "tess_ctrl"}, {"_tesh", "tess_eval"},
               {"_csh", "comp"}};
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        size_t k = strlen(map[i].suffix);
        if (n > k && strcmp(name + n - k, map[i].suffix) == 0)
            return map[i].stage;
    }
    return "?";
}
