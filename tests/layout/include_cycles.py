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
CALL_RULE_PENDING = {
    "maxwell": "the front end (backend/maxwell/frontend/engines.c, host.c, pushbuf.c, methods_3d.c) includes "
               "maxwell_instance.h and calls mw_gpu_read, mw_problem, mw_emit and kin; they move behind a hooks "
               "struct next (issue 14)",
}


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


def check(root):
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
    return 1 if found or calls or upward else 0


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
        write("shadergen/gen.c", '#include "backend/sys/b/two.h"\n')
        if check(root) != 1:
            print("self-test: shadergen including a system's stage was not reported")
            return 1
        os.remove(os.path.join(root, "shadergen/gen.c"))
    print("self-test: a deliberate circle, a call up to the instance and shadergen reaching into a system are "
          "caught, a clean tree passes")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(self_test())
    here = os.path.dirname(os.path.abspath(__file__))
    sys.exit(check(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..")))
