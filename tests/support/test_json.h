/* A small JSON reader for test sidecars (the Maxwell shader corpus'
 * NAME.json): a tree of values, numbers as doubles (integers up to 2^53
 * exactly), strings without \u escapes beyond ASCII. Not for guest data. */
#ifndef GLHLE_TEST_JSON_H
#define GLHLE_TEST_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef enum tj_type { TJ_NULL, TJ_BOOL, TJ_NUM, TJ_STR, TJ_ARR, TJ_OBJ } tj_type;

typedef struct tj_value {
    tj_type type;
    double num;              /* TJ_NUM, TJ_BOOL (0/1) */
    char *str;               /* TJ_STR */
    struct tj_value *items;  /* TJ_ARR, TJ_OBJ: count values */
    char **keys;             /* TJ_OBJ: count keys */
    size_t count;
} tj_value;

/* NULL on a syntax error (the offset is printed). */
tj_value *tj_parse(const char *text);
void tj_free(tj_value *v);
/* Member `key` of an object, or NULL (also when v is NULL or not an object). */
const tj_value *tj_get(const tj_value *v, const char *key);
/* Element i of an array, or NULL. */
const tj_value *tj_at(const tj_value *v, size_t i);
size_t tj_len(const tj_value *v);
double tj_num(const tj_value *v, double fallback);
const char *tj_str(const tj_value *v, const char *fallback);

#endif
