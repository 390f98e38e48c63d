#!/usr/bin/env python3
"""Fails when #include lines make a circle between stages.

A stage is a folder that owns one part of the pipeline: backend/common,
backend/gl, shadergen, each system's instance (the files directly in
backend/<system>/) and each of its stage folders (backend/<system>/<stage>/).
Dependencies must point one way (docs/architecture.md), so the graph of
stages, with an edge wherever a file of one stage includes a file of
another, must have no cycle. For every cycle found this prints the include
lines that make it.

  include_cycles.py [ROOT]     check the tree at ROOT (default: the repo)
  include_cycles.py --self-test
                               check that a deliberate circle is caught

It fails when shadergen includes a header of any stage but backend/common:
design.md's direction is backend/<system> -> shadergen -> backend/common.

It also fails when a file of a stage calls a function that an instance
header (a .h directly in backend/<system>/) declares: a lower stage tells
the instance something through a hooks struct, never by calling it.

A system kept in one folder, with no stage folders (backend/psx), is
checked file by file instead: no two of its .c files may call each other's
functions both ways (or round a longer circle), and no two of its files
may include each other; one of the two talks through a hooks struct.
"""
import os
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
SCANNED = ("backend", "shadergen")

# Systems whose stages still reach up into their instance, each with why:
# their calls into the instance, and circles among their own stages, are
# listed as pending and do not fail. Circles that reach outside the system
# still fail. Remove a system once its stages talk through hooks.
CALL_RULE_PENDING = {}


def pending_system(stages):
    """The pending system all of these stages belong to, or None."""
    systems = {st.split("/")[1] if st.startswith("backend/") and st.count("/") >= 1 else None for st in stages}
    if len(systems) == 1:
        system = systems.pop()
        if system in CALL_RULE_PENDING:
            return system
    return None


def stage_of(rel):
    parts = rel.split("/")
    if parts[0] == "shadergen":
        return "shadergen"
    if parts[0] == "backend" and len(parts) >= 3:
        if parts[1] in ("common", "gl") or len(parts) == 3:
            return "backend/" + parts[1]
        return "backend/%s/%s" % (parts[1], parts[2])
    return None


def scan(root):
    """Returns {(stage_from, stage_to): [(file, line, included)]}."""
    edges = {}
    for top in SCANNED:
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in files:
                if not f.endswith((".c", ".h")):
                    continue
                path = os.path.join(d, f)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                src = stage_of(rel)
                text = open(path, encoding="utf-8", errors="replace").read()
                for m in INCLUDE.finditer(text):
                    inc = m.group(1)
                    local = os.path.normpath(os.path.join(os.path.dirname(rel), inc)).replace(os.sep, "/")
                    target = inc if os.path.exists(os.path.join(root, inc)) else local
                    if not os.path.exists(os.path.join(root, target)):
                        continue  # system or generated headers
                    dst = stage_of(target)
                    if dst and src and dst != src:
                        line = text.count("\n", 0, m.start()) + 1
                        edges.setdefault((src, dst), []).append((rel, line, target))
    return edges


def cycles(edges):
    """Strongly connected components of more than one stage (Tarjan)."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


DECL = re.compile(r"^[A-Za-z_][\w \t\*]*?\b([a-z_][a-z0-9_]*)\s*\(", re.M)


def instance_calls(root):
    """[(file, line, function)] for stage files calling an instance header's functions."""
    out = []
    base = os.path.join(root, "backend")
    if not os.path.isdir(base):
        return out
    for system in sorted(os.listdir(base)):
        sdir = os.path.join(base, system)
        if system in ("common", "gl") or not os.path.isdir(sdir):
            continue
        names = set()
        for f in os.listdir(sdir):
            if f.endswith(".h"):
                text = open(os.path.join(sdir, f), encoding="utf-8", errors="replace").read()
                text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
                names.update(m.group(1) for m in DECL.finditer(text))
        if not names:
            continue
        call = re.compile(r"\b(" + "|".join(sorted(names)) + r")\s*\(")
        for d, _, files in os.walk(sdir):
            if os.path.abspath(d) == os.path.abspath(sdir):
                continue
            for f in sorted(files):
                if not f.endswith((".c", ".h")):
                    continue
                path = os.path.join(d, f)
                text = open(path, encoding="utf-8", errors="replace").read()
                code = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
                for m in call.finditer(code):
                    rel = os.path.relpath(path, root).replace(os.sep, "/")
                    out.append((rel, code.count("\n", 0, m.start()) + 1, m.group(1)))
    return out


DEFINITION = re.compile(r"^(?!static\b)[A-Za-z_][\w \t\*]*?\b([a-z_][a-z0-9_]*)\s*\([^;{]*\)\s*\{", re.M)


def strip_code(text):
    """Comments and string literals blanked, line numbers kept."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def flat_systems(root):
    """backend/<system>/ folders without stage folders, other than common and gl."""
    base = os.path.join(root, "backend")
    out = []
    if os.path.isdir(base):
        for system in sorted(os.listdir(base)):
            sdir = os.path.join(base, system)
            if system in ("common", "gl") or not os.path.isdir(sdir):
                continue
            if not any(os.path.isdir(os.path.join(sdir, f)) for f in os.listdir(sdir)):
                out.append(system)
    return out


def file_edges(root, system):
    """Edges between files of one flat system: ({(a, b): [(file, line, what)]}, kind) for calls and includes."""
    sdir = os.path.join(root, "backend", system)
    files = sorted(f for f in os.listdir(sdir) if f.endswith((".c", ".h")))
    code = {}
    for f in files:
        code[f] = strip_code(open(os.path.join(sdir, f), encoding="utf-8", errors="replace").read())
    owner = {}
    for f in files:
        if f.endswith(".c"):
            for m in DEFINITION.finditer(code[f]):
                owner.setdefault(m.group(1), f)
    calls, includes = {}, {}
    if owner:
        call = re.compile(r"\b(" + "|".join(sorted(owner, key=len, reverse=True)) + r")\s*\(")
        for f in files:
            if not f.endswith(".c"):
                continue
            for m in call.finditer(code[f]):
                to = owner[m.group(1)]
                if to != f:
                    calls.setdefault((f, to), []).append((f, code[f].count("\n", 0, m.start()) + 1, m.group(1) + "()"))
    for f in files:
        raw = open(os.path.join(sdir, f), encoding="utf-8", errors="replace").read()
        for m in INCLUDE.finditer(raw):
            inc = m.group(1)
            name = os.path.basename(inc)
            if os.path.dirname(inc) in ("", "backend/" + system) and name in code and name != f:
                includes.setdefault((f, name), []).append((f, raw.count("\n", 0, m.start()) + 1, inc))
    return calls, includes


def check_flat(root):
    """Two-way calls and include circles between the files of flat systems; the number found."""
    found = 0
    for system in flat_systems(root):
        calls, includes = file_edges(root, system)
        for kind, edges in (("calls", calls), ("includes", includes)):
            for comp in cycles(edges):
                found += 1
                print("backend/%s: files that %s each other both ways: %s (break it with a hooks struct)" %
                      (system, "call" if kind == "calls" else "include", ", ".join(comp)))
                members = set(comp)
                for (a, b), sites in sorted(edges.items()):
                    if a in members and b in members:
                        for f, line, what in sites[:3]:
                            print("  backend/%s/%s:%d %s %s  (%s -> %s)" % (system, f, line,
                                  "calls" if kind == "calls" else "includes", what, a, b))
        if not any(cycles(e) for e in (calls, includes)):
            print("backend/%s: %d files, %d one-way call and %d include edges between them, no two-way pair" %
                  (system, len({f for e in calls for f in e} | {f for e in includes for f in e}), len(calls),
                   len(includes)))
    return found


def check(root):
    flat_found = check_flat(root)
    edges = scan(root)
    found = []
    for comp in cycles(edges):
        system = pending_system(comp)
        if system:
            print("pending: include circle inside backend/%s: %s (%s)" % (system, ", ".join(comp),
                                                                        CALL_RULE_PENDING[system]))
        else:
            found.append(comp)
    calls = []
    pending = {}
    for rel, line, name in instance_calls(root):
        system = rel.split("/")[1]
        if system in CALL_RULE_PENDING:
            pending[system] = pending.get(system, 0) + 1
            continue
        calls.append((rel, line, name))
        print("%s:%d calls %s(), which the instance declares: use a hooks struct" % (rel, line, name))
    for system, n in sorted(pending.items()):
        print("pending: backend/%s: %d calls from stages into the instance (%s)" % (system, n, CALL_RULE_PENDING[system]))
    upward = []
    for (a, b), sites in sorted(edges.items()):
        if a == "shadergen" and b != "backend/common":
            for rel, line, target in sites:
                upward.append(rel)
                print("%s:%d includes %s: shadergen depends on backend/common only" % (rel, line, target))
    for comp in found:
        print("include circle between stages: " + ", ".join(comp))
        members = set(comp)
        for (a, b), sites in sorted(edges.items()):
            if a in members and b in members:
                for rel, line, target in sites:
                    print("  %s:%d includes %s  (%s -> %s)" % (rel, line, target, a, b))
    if not found:
        stages = sorted({s for e in edges for s in e})
        print("no include circle between %d stages (%d stage-to-stage edges)" % (len(stages), len(edges)))
    return 1 if found or calls or flat_found or upward else 0


def self_test():
    with tempfile.TemporaryDirectory() as root:
        def write(rel, text):
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            open(path, "w").write(text)
        write("backend/sys/a/one.h", '#include "backend/sys/b/two.h"\n')
        write("backend/sys/b/two.c", '#include "backend/sys/b/two.h"\n#include "backend/sys/a/one.h"\n')
        write("backend/sys/b/two.h", "\n")
        write("backend/sys/inst.c", '#include "backend/sys/a/one.h"\n')
        if check(root) != 1:
            print("self-test: the deliberate circle a <-> b was not reported")
            return 1
        os.remove(os.path.join(root, "backend/sys/b/two.c"))
        if check(root) != 0:
            print("self-test: a tree without a circle was reported")
            return 1
        write("backend/sys/inst.h", "void sys_emit(int x);\n")
        write("backend/sys/b/three.c", "void f(void)\n{\n    sys_emit(1);\n}\n")
        if check(root) != 1:
            print("self-test: a stage calling the instance was not reported")
            return 1
        os.remove(os.path.join(root, "backend/sys/b/three.c"))
        # a flat system: two files calling each other, then one way only
        write("backend/flat/vram.c", '#include "backend/flat/vram.h"\n'
              'void flat_vram_write(int x)\n{\n    flat_batch_flush(x);\n}\n')
        write("backend/flat/batch.c", "/* flat_vram_write(x) in a comment is no call */\n"
              'void flat_batch_flush(int x)\n{\n    if (x)\n        flat_vram_write(x - 1);\n}\n')
        write("backend/flat/vram.h", "void flat_vram_write(int x);\n")
        if check(root) != 1:
            print("self-test: two files of a flat system calling each other were not reported")
            return 1
        write("backend/flat/batch.c", 'void flat_batch_flush(int x)\n{\n    const char *s = "flat_vram_write(";\n'
              '    (void)s, (void)x;\n}\n')
        if check(root) != 0:
            print("self-test: one-way calls (and a name in a string) in a flat system were reported")
            return 1
        write("backend/flat/batch.h", '#include "backend/flat/vram.h"\n')
        write("backend/flat/vram.h", '#include "backend/flat/batch.h"\nvoid flat_vram_write(int x);\n')
        if check(root) != 1:
            print("self-test: two headers of a flat system including each other were not reported")
            return 1
        for name in ("vram.c", "batch.c", "vram.h", "batch.h"):
            os.remove(os.path.join(root, "backend/flat", name))
        if check(root) != 0:
            print("self-test: the tree without the flat system was reported")
            return 1
        write("shadergen/gen.c", '#include "backend/sys/b/two.h"\n')
        if check(root) != 1:
            print("self-test: shadergen including a system's stage was not reported")
            return 1
        os.remove(os.path.join(root, "shadergen/gen.c"))
    print("self-test: a deliberate circle, a call up to the instance, two-way calls and includes in a flat "
          "system and shadergen reaching into a system are caught, a clean tree passes")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    here = os.path.dirname(os.path.abspath(__file__))
    sys.exit(check(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..")))
