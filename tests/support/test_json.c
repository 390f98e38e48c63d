#include "support/test_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    const char *s, *start;
    int depth;
    bool bad;
} parser;

static void ws(parser *p)
{
    while (*p->s == ' ' || *p->s == '\n' || *p->s == '\r' || *p->s == '\t')
        p->s++;
}

static bool parse_value(parser *p, tj_value *out);

static char *parse_string(parser *p)
{
    if (*p->s != '"')
        return NULL;
    p->s++;
    size_t cap = 16, n = 0;
    char *o = malloc(cap);
    while (o && *p->s && *p->s != '"') {
        char c = *p->s++;
        if (c == '\\') {
            c = *p->s++;
            switch (c) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': {
                unsigned v = 0;
                if (sscanf(p->s, "%4x", &v) != 1) {
                    free(o);
                    return NULL;
                }
                p->s += 4;
                c = v < 128 ? (char)v : '?';
                break;
            }
            case 0: free(o); return NULL;
            default: break; /* \" \\ \/ */
            }
        }
        if (n + 2 > cap) {
            char *g = realloc(o, cap *= 2);
            if (!g) {
                free(o);
                return NULL;
            }
            o = g;
        }
        o[n++] = c;
    }
    if (!o || *p->s != '"') {
        free(o);
        return NULL;
    }
    p->s++;
    o[n] = 0;
    return o;
}

static bool push(tj_value *v, tj_value *item, char *key)
{
    tj_value *g = realloc(v->items, (v->count + 1) * sizeof *g);
    if (!g)
        return false;
    v->items = g;
    if (v->type == TJ_OBJ) {
        char **k = realloc(v->keys, (v->count + 1) * sizeof *k);
        if (!k)
            return false;
        v->keys = k;
        k[v->count] = key;
    }
    v->items[v->count++] = *item;
    return true;
}

static void free_inner(tj_value *v)
{
    for (size_t i = 0; i < v->count; i++) {
        free_inner(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
}

static bool parse_container(parser *p, tj_value *out, char close)
{
    p->s++;
    if (++p->depth > 64)
        return false;
    ws(p);
    if (*p->s == close) {
        p->s++;
        p->depth--;
        return true;
    }
    for (;;) {
        char *key = NULL;
        ws(p);
        if (close == '}') {
            key = parse_string(p);
            ws(p);
            if (!key || *p->s != ':') {
                free(key);
                return false;
            }
            p->s++;
        }
        tj_value item;
        if (!parse_value(p, &item)) {
            free(key);
            return false;
        }
        if (!push(out, &item, key)) {
            free_inner(&item);
            free(key);
            return false;
        }
        ws(p);
        if (*p->s == ',') {
            p->s++;
            continue;
        }
        if (*p->s != close)
            return false;
        p->s++;
        p->depth--;
        return true;
    }
}

static bool parse_value(parser *p, tj_value *out)
{
    memset(out, 0, sizeof *out);
    ws(p);
    char c = *p->s;
    if (c == '{') {
        out->type = TJ_OBJ;
        return parse_container(p, out, '}');
    }
    if (c == '[') {
        out->type = TJ_ARR;
        return parse_container(p, out, ']');
    }
    if (c == '"') {
        out->type = TJ_STR;
        out->str = parse_string(p);
        return out->str != NULL;
    }
    if (!strncmp(p->s, "true", 4) || !strncmp(p->s, "false", 5)) {
        out->type = TJ_BOOL;
        out->num = c == 't';
        p->s += c == 't' ? 4 : 5;
        return true;
    }
    if (!strncmp(p->s, "null", 4)) {
        p->s += 4;
        return true;
    }
    char *end;
    out->type = TJ_NUM;
    out->num = strtod(p->s, &end);
    if (end == p->s)
        return false;
    p->s = end;
    return true;
}

tj_value *tj_parse(const char *text)
{
    parser p = {text, text, 0, false};
    tj_value *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    if (!parse_value(&p, v)) {
        fprintf(stderr, "tj_parse: syntax error at offset %td\n", p.s - p.start);
        free_inner(v);
        free(v);
        return NULL;
    }
    return v;
}

void tj_free(tj_value *v)
{
    if (v) {
        free_inner(v);
        free(v);
    }
}

const tj_value *tj_get(const tj_value *v, const char *key)
{
    if (!v || v->type != TJ_OBJ)
        return NULL;
    for (size_t i = 0; i < v->count; i++)
        if (!strcmp(v->keys[i], key))
            return &v->items[i];
    return NULL;
}

const tj_value *tj_at(const tj_value *v, size_t i)
{
    if (!v || (v->type != TJ_ARR && v->type != TJ_OBJ) || i >= v->count)
        return NULL;
    return &v->items[i];
}

size_t tj_len(const tj_value *v)
{
    return v && (v->type == TJ_ARR || v->type == TJ_OBJ) ? v->count : 0;
}

double tj_num(const tj_value *v, double fallback)
{
    return v && (v->type == TJ_NUM || v->type == TJ_BOOL) ? v->num : fallback;
}

const char *tj_str(const tj_value *v, const char *fallback)
{
    return v && v->type == TJ_STR ? v->str : fallback;
}
