/* glhle-maxwell-shader: reads Maxwell (Switch GM20B) shader programs.
 *
 *   glhle-maxwell-shader disasm FILE [--stage S] [--sph] [--entry OFF] [-o OUT]
 *   glhle-maxwell-shader spirv FILE [--stage S] [--sph] [-o OUT]
 *   glhle-maxwell-shader glsl FILE [--stage S] [--sph] [--es] [-o OUT]
 *
 * FILE is a deko3d .dksh module (recognised by its magic) or raw machine
 * code (32-byte groups: a control word, then three instructions), `-` for
 * standard input. For a .dksh, --stage picks the program (vert, frag, geom,
 * tess_ctrl, tess_eval, comp; default: the first); for raw code it names
 * the stage, and --sph says the code starts with a 0x50-byte program header.
 * `disasm` prints the program header's fields, one line per instruction
 * (backend/maxwell/shader/sass_disasm.h has the syntax) with the basic
 * blocks marked, and the control-flow graph's edges. `spirv` writes the
 * translation's SPIR-V module (shadergen/maxwell_spirv.h), `glsl` its GLSL
 * 4.50 (or ES 3.20 with --es) through SPIRV-Cross, with glhle's GL bindings.
 * The translation assumes deko3d's constant-buffer ABI (texture handles in
 * c0 at the stage's table) and 2D float textures in every slot.
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
#include "shadergen/maxwell_spirv.h"
#include "shadergen/spirv_glsl.h"
#include "tools/common/tool.h"

#define TOOL "glhle-maxwell-shader"

#define USAGE                                      \
    "usage: " TOOL " disasm FILE [options]\n"      \
    "       " TOOL " spirv|glsl FILE [options]\n"
#define HELP                                                                                 \
    "  FILE            a .dksh module or raw Maxwell code; - reads standard input\n"         \
    "  --stage S       vert|frag|geom|tess_ctrl|tess_eval|comp: the .dksh program to\n"      \
    "                  read, or the stage of raw code\n"                                    \
    "  --sph           raw code starts with a 0x50-byte shader program header\n"            \
    "  --entry OFF     byte offset of the first instruction to run (default 0x8)\n"         \
    "  --es            glsl: GLSL ES 3.20 instead of 4.50 core\n"                           \
    "  -o, --output F  write the listing to F instead of standard output\n"                 \
    "  -h, --help      this text\n"                                                         \
    "  -V, --version   the glhle version\n"                                                 \
    "Exit status: 0 done, 1 the input cannot be read or decoded, 2 usage.\n"

static int parse_stage(const char *s)
{
    for (uint32_t t = 0; t <= MW_DKSH_STAGE_COMPUTE; t++)
        if (strcmp(s, mw_dksh_stage_name(t)) == 0)
            return (int)t;
    return -1;
}

static bool read_input(const char *path, glhle_bytebuf *in)
{
    glhle_bytebuf_free(in);
    return tool_read_input(path, MW_DKSH_MAX_SIZE, TOOL_PLAIN, in);
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
    bool es;
} options;

static int cmd_disasm(const char *path, const options *opt)
{
    glhle_bytebuf in, out;
    glhle_bytebuf_init(&in, MW_DKSH_MAX_SIZE + 1);
    glhle_bytebuf_init(&out, 0);
    int status = 1;
    const glhle_logger lg = {NULL, NULL, GLHLE_LOG_ERROR};
    if (!read_input(path, &in)) {
        tool_error("cannot read %s (missing, unreadable or over %u bytes)", path, MW_DKSH_MAX_SIZE);
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
            tool_error("%s: not a valid DKSH module", path);
            goto done;
        }
        const mw_dksh_program *pr = NULL;
        for (uint32_t i = 0; i < d.num_programs && !pr; i++)
            if (stage < 0 || d.programs[i].type == (uint32_t)stage)
                pr = &d.programs[i];
        if (!pr) {
            tool_error("%s: no %s program", path, mw_dksh_stage_name((uint32_t)stage));
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
            tool_error("%s: bad shader program header", path);
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
        tool_error("%s: %zu trailing bytes after the last whole 32-byte group are ignored", path,
                code_size % 32);
    uint64_t *w = calloc(words ? words : 1, sizeof *w);
    if (!w) {
        tool_error("out of memory");
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
        tool_error("%s: %s (%s)", path, p.error, glhle_result_string(r));
    mw_sass_program_free(&p);
    FILE *f = opt->output ? fopen(opt->output, "wb") : stdout;
    if (!f || fwrite(out.data, 1, out.size, f) != out.size || fflush(f) != 0 || out.failed) {
        tool_error("could not write the listing");
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

/* ---- spirv / glsl: the translation (shadergen/maxwell_spirv.h) ---- */

/* DKSH stage numbers are mw_spirv_stage's order except for the tessellation pair */
static mw_spirv_stage spirv_stage(uint32_t dksh_type)
{
    static const mw_spirv_stage map[] = {MW_SPIRV_VERTEX,    MW_SPIRV_FRAGMENT,  MW_SPIRV_GEOMETRY,
                                         MW_SPIRV_TESS_CTRL, MW_SPIRV_TESS_EVAL, MW_SPIRV_COMPUTE};
    return dksh_type < 6 ? map[dksh_type] : MW_SPIRV_STAGE_COUNT_;
}

static int translate_file(const char *path, const options *opt, bool glsl)
{
    glhle_bytebuf in, out;
    glhle_bytebuf_init(&in, MW_DKSH_MAX_SIZE + 1);
    glhle_bytebuf_init(&out, 0);
    int status = 1;
    const glhle_logger lg = {NULL, NULL, GLHLE_LOG_ERROR};
    mw_spirv_result r;
    mw_spirv_result_init(&r);
    uint64_t *w = NULL;
    if (!read_input(path, &in)) {
        tool_error("cannot read %s (missing, unreadable or over %u bytes)", path, MW_DKSH_MAX_SIZE);
        goto done;
    }
    const uint8_t *code = in.data, *sph = NULL;
    size_t code_size = in.size;
    int stage = opt->stage;
    if (in.size >= 4 && memcmp(in.data, "DKSH", 4) == 0) {
        mw_dksh d;
        if (mw_dksh_parse(in.data, in.size, &lg, &d) != GLHLE_RESULT_OK) {
            tool_error("%s: not a valid DKSH module", path);
            goto done;
        }
        const mw_dksh_program *pr = NULL;
        for (uint32_t i = 0; i < d.num_programs && !pr; i++)
            if (stage < 0 || d.programs[i].type == (uint32_t)stage)
                pr = &d.programs[i];
        if (!pr) {
            tool_error("%s: no such program", path);
            goto done;
        }
        stage = (int)pr->type;
        code = pr->code;
        code_size = pr->code_size;
        if (pr->has_sph)
            sph = pr->code - MW_SPH_SIZE; /* the SPH sits right before the first instruction */
    } else if (opt->sph) {
        if (in.size < MW_SPH_SIZE) {
            tool_error("%s: shorter than a program header", path);
            goto done;
        }
        sph = in.data;
        code += MW_SPH_SIZE;
        code_size -= MW_SPH_SIZE;
    }
    if (stage < 0) {
        tool_error("%s: raw code needs --stage", path);
        goto done;
    }
    size_t words = code_size / 8;
    if (words > MW_SASS_MAX_CODE_WORDS)
        words = MW_SASS_MAX_CODE_WORDS;
    w = calloc(words ? words : 1, sizeof *w);
    if (!w)
        goto done;
    for (size_t i = 0; i < words; i++)
        for (unsigned k = 0; k < 8; k++)
            w[i] |= (uint64_t)code[i * 8 + k] << (8 * k);
    mw_spirv_input ti = {.code = w, .words = words, .sph = sph};
    ti.key.stage = (uint8_t)spirv_stage((uint32_t)stage);
    /* deko3d's ABI (its source/driver_constbuf.h): the stage's handle table in c0 */
    static const uint32_t handle_table[] = {0x010, 0x1b0, 0x350, 0x4f0, 0x690, 0xa0};
    ti.key.tex_handle_offset = ti.key.stage < MW_SPIRV_STAGE_COUNT_ ? handle_table[ti.key.stage] : 0;
    for (uint32_t i = 0; i < MW_SPIRV_TEX_SLOTS; i++)
        ti.key.tex[i] = MW_TEX_2D;
    glhle_result res = mw_spirv_translate(&ti, &lg, &r);
    if (res != GLHLE_RESULT_OK) {
        tool_error("%s: %s (%s)", path, r.reason, glhle_result_string(res));
        goto done;
    }
    if (glsl) {
        spv_glsl_binding bind[MW_SPIRV_CBUFS + MW_SPIRV_TEX_SLOTS + MW_SPIRV_SSBOS];
        spv_glsl_options go = {.es = opt->es, .bindings = bind};
        go.binding_count = mw_spirv_gl_bindings(&r, (mw_spirv_stage)ti.key.stage, bind);
        if (spv_to_glsl((const uint32_t *)r.spirv.data, r.spirv.size / 4, &go, &lg, &out) != GLHLE_RESULT_OK) {
            tool_error("%s: SPIRV-Cross could not write GLSL", path);
            goto done;
        }
    } else {
        glhle_bytebuf_append(&out, r.spirv.data, r.spirv.size);
    }
    status = 0;
    FILE *f = opt->output ? fopen(opt->output, "wb") : stdout;
    if (!f || fwrite(out.data, 1, out.size, f) != out.size || fflush(f) != 0 || out.failed) {
        tool_error("could not write the output");
        status = 1;
    }
    if (f && f != stdout)
        fclose(f);
done:
    free(w);
    mw_spirv_result_free(&r);
    glhle_bytebuf_free(&in);
    glhle_bytebuf_free(&out);
    return status;
}

static int cmd_spirv(const char *path, const options *opt)
{
    return translate_file(path, opt, false);
}

static int cmd_glsl(const char *path, const options *opt)
{
    return translate_file(path, opt, true);
}

static const command commands[] = {
    {"disasm", cmd_disasm},
    {"spirv", cmd_spirv},
    {"glsl", cmd_glsl},
};

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"stage", required_argument, NULL, 's'}, {"sph", no_argument, NULL, 'p'},
        {"entry", required_argument, NULL, 'e'}, {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},        {"version", no_argument, NULL, 'V'},
        {"es", no_argument, NULL, 'g'},
        {NULL, 0, NULL, 0},
    };
    tool_init(TOOL, USAGE);
    options opt = {.stage = -1};
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":o:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 's':
            opt.stage = parse_stage(optarg);
            if (opt.stage < 0) {
                tool_error("unknown stage '%s'", optarg);
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
                tool_error("bad --entry '%s'", optarg);
                return 2;
            }
            opt.entry = (uint32_t)v;
            break;
        }
        case 'o':
            opt.output = optarg;
            break;
        case 'g':
            opt.es = true;
            break;
        case 'h':
            return tool_help(HELP);
        case 'V':
            return tool_version();
        default:
            return tool_bad_option(c, argv);
        }
    }
    if (argc - optind != 2)
        return tool_usage();
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[optind], commands[i].name) == 0)
            return commands[i].run(argv[optind + 1], &opt);
    tool_error("unknown command '%s'", argv[optind]);
    return tool_usage();
}
