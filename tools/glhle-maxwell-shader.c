/* glhle-maxwell-shader: reads Maxwell (Switch GM20B) shader programs.
 *
 *   glhle-maxwell-shader disasm FILE [--stage S] [--sph] [--entry OFF] [-o OUT]
 *
 * FILE is a deko3d .dksh module (recognised by its magic) or raw machine
 * code (32-byte groups: a control word, then three instructions), `-` for
 * standard input. For a .dksh, --stage picks the program (vert, frag, geom,
 * tess_ctrl, tess_eval, comp; default: the first); for raw code it names
 * the stage, and --sph says the code starts with a 0x50-byte program header.
 * `disasm` prints the program header's fields, one line per instruction
 * (backend/maxwell/shader/sass_disasm.h has the syntax) with the basic
 * blocks marked, and the control-flow graph's edges.
 *
 * Exit status: 0 success, 1 unreadable or malformed input (the reason and
 * byte offset on standard error; the listing is still printed when the code
 * decoded), 2 usage error. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/common/bytebuf.h"
#include "backend/maxwell/shader/dksh.h"
#include "backend/maxwell/shader/sass_cfg.h"
#include "backend/maxwell/shader/sass_disasm.h"
#include "glhle/glhle.h"

#define TOOL "glhle-maxwell-shader"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: " TOOL " disasm FILE [options]\n"
            "  FILE            a .dksh module or raw Maxwell code; - reads standard input\n"
            "  --stage S       vert|frag|geom|tess_ctrl|tess_eval|comp: the .dksh program to\n"
            "                  read, or the stage of raw code\n"
            "  --sph           raw code starts with a 0x50-byte shader program header\n"
            "  --entry OFF     byte offset of the first instruction to run (default 0x8)\n"
            "  -o, --output F  write the listing to F instead of standard output\n"
            "  -h, --help      this text\n"
            "  -V, --version   the glhle version\n");
}

static int parse_stage(const char *s)
{
    for (uint32_t t = 0; t <= MW_DKSH_STAGE_COMPUTE; t++)
        if (strcmp(s, mw_dksh_stage_name(t)) == 0)
            return (int)t;
    return -1;
}

static bool read_input(const char *path, glhle_bytebuf *in)
{
    if (strcmp(path, "-") != 0)
        return glhle_bytebuf_read_file(in, path, MW_DKSH_MAX_SIZE);
    uint8_t chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0)
        if (in->size + n > MW_DKSH_MAX_SIZE || !glhle_bytebuf_append(in, chunk, n))
            return false;
    return !ferror(stdin);
}

static void describe_sph(glhle_bytebuf *o, const mw_sph *s)
{
    glhle_bytebuf_printf(o, "// sph: type %u (%s), %s shader, version %u, sass version %u\n", s->sph_type,
                         s->sph_type == MW_SPH_TYPE_PS ? "PS" : "VTG", mw_sph_shader_type_name(s->shader_type),
                         s->version, s->sass_version);
    glhle_bytebuf_printf(o, "// sph: local memory %u + %u bytes, crs %u bytes%s%s%s%s%s\n", s->local_memory_low_size,
                         s->local_memory_high_size, s->local_memory_crs_size, s->mrt_enable ? ", mrt" : "",
                         s->kills_pixels ? ", kills pixels" : "", s->does_global_store ? ", global stores" : "",
                         s->does_load_or_store ? ", loads/stores" : "", s->does_fp64 ? ", fp64" : "");
    if (s->shader_type == MW_SPH_SHADER_GEOMETRY)
        glhle_bytebuf_printf(o, "// sph: output topology %u, at most %u vertices, %u invocations\n",
                             s->output_topology, s->max_output_vertex_count, s->threads_per_input_primitive);
    if (s->shader_type == MW_SPH_SHADER_TESS_CONTROL)
        glhle_bytebuf_printf(o, "// sph: %u output vertices per patch, %u patch attributes\n",
                             s->threads_per_input_primitive, s->per_patch_attribute_count);
    glhle_bytebuf_printf(o, "// sph: inputs");
    for (unsigned i = 0; i < 32; i++)
        if (mw_sph_input_mask(s, i))
            glhle_bytebuf_printf(o, " g%u.%x", i, mw_sph_input_mask(s, i));
    glhle_bytebuf_printf(o, " sysb 0x%02x sysc 0x%04x\n", s->imap_system_b, s->imap_system_c);
    if (s->sph_type == MW_SPH_TYPE_PS) {
        glhle_bytebuf_printf(o, "// sph: targets");
        for (unsigned rt = 0; rt < 8; rt++)
            if (mw_sph_ps_target_mask(s, rt))
                glhle_bytebuf_printf(o, " rt%u.%x", rt, mw_sph_ps_target_mask(s, rt));
        glhle_bytebuf_printf(o, "%s%s\n", s->omap_depth ? " depth" : "", s->omap_sample_mask ? " sample_mask" : "");
    } else {
        glhle_bytebuf_printf(o, "// sph: outputs");
        for (unsigned i = 0; i < 32; i++)
            if (mw_sph_output_mask(s, i))
                glhle_bytebuf_printf(o, " g%u.%x", i, mw_sph_output_mask(s, i));
        glhle_bytebuf_printf(o, " sysb 0x%02x sysc 0x%04x\n", s->omap_system_b, s->omap_system_c);
    }
}

static void describe_cfg(glhle_bytebuf *o, const mw_sass_cfg *g)
{
    static const char *const ends[] = {"fallthrough", "branch", "indirect", "call", "return", "exit", "kill"};
    static const char *const kinds[] = {"fallthrough", "taken", "indirect", "call"};
    glhle_bytebuf_printf(o, "// cfg: %u blocks, %u edges, %u functions\n", g->block_count, g->edge_count,
                         g->function_count);
    for (uint32_t b = 0; b < g->block_count; b++) {
        const mw_sass_block *bl = &g->blocks[b];
        glhle_bytebuf_printf(o, "// block %u [fn %u] 0x%04x-0x%04x %s%s:", b, bl->function,
                             mw_sass_inst_offset(bl->first), mw_sass_inst_offset(bl->last),
                             bl->conditional ? "conditional " : "", ends[bl->end < 7 ? bl->end : 0]);
        for (uint32_t e = 0; e < bl->succ_count; e++) {
            const mw_sass_edge *ed = &g->edges[bl->succ_first + e];
            glhle_bytebuf_printf(o, " %s->%u", kinds[ed->kind < 4 ? ed->kind : 0], ed->to);
        }
        glhle_bytebuf_printf(o, "\n");
    }
}

typedef struct options {
    int stage;
    bool sph;
    uint32_t entry;
    const char *output;
} options;

static int cmd_disasm(const char *path, const options *opt)
{
    glhle_bytebuf in, out;
    glhle_bytebuf_init(&in, MW_DKSH_MAX_SIZE + 1);
    glhle_bytebuf_init(&out, 0);
    int status = 1;
    const glhle_logger lg = {NULL, NULL, GLHLE_LOG_ERROR};
    if (!read_input(path, &in)) {
        fprintf(stderr, TOOL ": cannot read %s (missing, unreadable or over %u bytes)\n", path, MW_DKSH_MAX_SIZE);
        goto done;
    }
    const uint8_t *code = in.data;
    size_t code_size = in.size;
    mw_sph sph;
    bool have_sph = false;
    int stage = opt->stage;
    if (in.size >= 4 && memcmp(in.data, "DKSH", 4) == 0) {
        mw_dksh d;
        if (mw_dksh_parse(in.data, in.size, &lg, &d) != GLHLE_RESULT_OK) {
            fprintf(stderr, TOOL ": %s: not a valid DKSH module\n", path);
            goto done;
        }
        const mw_dksh_program *pr = NULL;
        for (uint32_t i = 0; i < d.num_programs && !pr; i++)
            if (stage < 0 || d.programs[i].type == (uint32_t)stage)
                pr = &d.programs[i];
        if (!pr) {
            fprintf(stderr, TOOL ": %s: no %s program\n", path, mw_dksh_stage_name((uint32_t)stage));
            goto done;
        }
        stage = (int)pr->type;
        code = pr->code;
        code_size = pr->code_size;
        have_sph = pr->has_sph;
        if (have_sph)
            sph = pr->sph;
        glhle_bytebuf_printf(&out, "// dksh: %s program, %u registers, code at file +0x%zx", mw_dksh_stage_name(pr->type),
                             pr->num_gprs, (size_t)(pr->code - in.data));
        if (pr->constbuf1_sz)
            glhle_bytebuf_printf(&out, ", constant buffer 1: 0x%x bytes", pr->constbuf1_sz);
        if (pr->type == MW_DKSH_STAGE_COMPUTE)
            glhle_bytebuf_printf(&out, ", block %ux%ux%u, shared %u bytes", pr->block_dims[0], pr->block_dims[1],
                                 pr->block_dims[2], pr->shared_mem_sz);
        glhle_bytebuf_printf(&out, "\n");
    } else if (opt->sph) {
        if (mw_sph_parse(in.data, in.size, &lg, &sph) != GLHLE_RESULT_OK) {
            fprintf(stderr, TOOL ": %s: bad shader program header\n", path);
            goto done;
        }
        have_sph = true;
        code += MW_SPH_SIZE;
        code_size -= MW_SPH_SIZE;
    }
    if (stage >= 0 && !have_sph)
        glhle_bytebuf_printf(&out, "// stage: %s\n", mw_dksh_stage_name((uint32_t)stage));
    if (have_sph)
        describe_sph(&out, &sph);
    /* uam pads its code section; decode whole groups only */
    size_t words = code_size / 8 / 4 * 4;
    if (words > MW_SASS_MAX_CODE_WORDS)
        words = MW_SASS_MAX_CODE_WORDS;
    if (code_size % 32)
        fprintf(stderr, TOOL ": %s: %zu trailing bytes after the last whole 32-byte group are ignored\n", path,
                code_size % 32);
    uint64_t *w = calloc(words ? words : 1, sizeof *w);
    if (!w) {
        fprintf(stderr, TOOL ": out of memory\n");
        goto done;
    }
    for (size_t i = 0; i < words; i++) {
        uint64_t v = 0;
        for (unsigned k = 0; k < 8; k++)
            v |= (uint64_t)code[i * 8 + k] << (8 * k);
        w[i] = v;
    }
    /* the section's zero fill past the code is no program: drop all-zero groups at the end */
    while (words >= 4 && !(w[words - 1] | w[words - 2] | w[words - 3] | w[words - 4]))
        words -= 4;
    mw_sass_decode_desc desc = {.entry = opt->entry, .log = &lg};
    mw_sass_program p;
    glhle_result r = mw_sass_decode(w, words, &desc, &p);
    free(w);
    if (p.insts) {
        mw_sass_disasm_program(&out, &p);
        if (p.cfg)
            describe_cfg(&out, p.cfg);
    }
    if (r == GLHLE_RESULT_OK)
        status = 0;
    else
        fprintf(stderr, TOOL ": %s: %s (%s)\n", path, p.error, glhle_result_string(r));
    mw_sass_program_free(&p);
    FILE *f = opt->output ? fopen(opt->output, "wb") : stdout;
    if (!f || fwrite(out.data, 1, out.size, f) != out.size || fflush(f) != 0 || out.failed) {
        fprintf(stderr, TOOL ": could not write the listing\n");
        status = 1;
    }
    if (f && f != stdout)
        fclose(f);
done:
    glhle_bytebuf_free(&in);
    glhle_bytebuf_free(&out);
    return status;
}

typedef struct command {
    const char *name;
    int (*run)(const char *path, const options *opt);
} command;

static const command commands[] = {
    {"disasm", cmd_disasm},
};

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"stage", required_argument, NULL, 's'}, {"sph", no_argument, NULL, 'p'},
        {"entry", required_argument, NULL, 'e'}, {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    options opt = {.stage = -1};
    int c;
    while ((c = getopt_long(argc, argv, "o:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 's':
            opt.stage = parse_stage(optarg);
            if (opt.stage < 0) {
                fprintf(stderr, TOOL ": unknown stage '%s'\n", optarg);
                return 2;
            }
            break;
        case 'p':
            opt.sph = true;
            break;
        case 'e': {
            char *end;
            unsigned long v = strtoul(optarg, &end, 0);
            if (*optarg == 0 || *end || v > 0xffffffffu) {
                fprintf(stderr, TOOL ": bad --entry '%s'\n", optarg);
                return 2;
            }
            opt.entry = (uint32_t)v;
            break;
        }
        case 'o':
            opt.output = optarg;
            break;
        case 'h':
            usage(stdout);
            return 0;
        case 'V':
            printf(TOOL " %s\n", glhle_get_version().string);
            return 0;
        default:
            usage(stderr);
            return 2;
        }
    }
    if (argc - optind != 2) {
        usage(stderr);
        return 2;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[optind], commands[i].name) == 0)
            return commands[i].run(argv[optind + 1], &opt);
    fprintf(stderr, TOOL ": unknown command '%s'\n", argv[optind]);
    usage(stderr);
    return 2;
}
