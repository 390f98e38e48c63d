#!/usr/bin/env python3
"""The command-line contract every glhle tool keeps (issue 12, section 5).

For every tools/glhle-*.c (a new tool must be added to TOOLS below, or
this fails):
  --help          exit 0, the usage on standard output, nothing on stderr
  --version       exit 0, "glhle-NAME X.Y.Z" on standard output
  --no-such-flag  exit 2, the option named on stderr, the usage after it
  a value option without its value: exit 2, "option '--X' wants a value"
  "-" reads standard input: the same exit status and standard output as
                  the file itself (and the same output files)
  a file name with control characters: the error shows them escaped
                  (\\x1B...), no raw control byte reaches the terminal
and glhle-psx run quotes bad script bytes escaped (the case the issue met).

  cli_contract.py TOOLS_DIR SOURCE_DIR SCRATCH_DIR
"""
import os
import re
import shutil
import subprocess
import sys

tools_dir, src, scratch = sys.argv[1:4]
shutil.rmtree(scratch, ignore_errors=True)
os.makedirs(scratch)
env = dict(os.environ, EGL_PLATFORM="surfaceless")
# the tools' GL contexts end in eglTerminate, after which LeakSanitizer cannot
# name the driver's own allocations (tests/support/pica_trace_support.c)
env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":detect_leaks=0").lstrip(":")

def path(rel):
    return os.path.join(src, rel)

def out(name):
    return os.path.join(scratch, name)

CMDLIST = path("tests/golden/cmdlist_lit_fog.bin")
RAW256 = out("raw256.bin")
with open(RAW256, "wb") as f:
    f.write(bytes((i * 37) & 0xFF for i in range(256)))

# name: (a run that reads a file, given as {f}; the file; output files to compare; a value option)
TOOLS = {
    "glhle-cmdlist": (["dump", "{f}"], CMDLIST, [], "--paddr"),
    "glhle-shbin": (["disasm", "{f}"], CMDLIST, [], None),
    "glhle-tex": (["decode", "--format", "rgba8", "--width", "8", "--height", "8", "{f}", "{o}/tex.png"], RAW256,
                  ["tex.png"], "--format"),
    "glhle-fsgen": (["cmdlist", "{f}", "--key-only"], CMDLIST, [], "--draw"),
    "glhle-info": (None, None, [], "--smoke"),
    "glhle-psx": (["run", "{f}", "--vram", "{o}/vram.raw16", "--renderer", "sw"], path("samples/psx/scene.txt"),
                  ["vram.raw16"], "--vram"),
    "glhle-replay": (["{f}", "--out", "{o}/frames"], path("tests/scenes/traces/cube.glht"),
                     ["frames/frame_000000.png", "frames/frame_000001.png"], "--out"),
    "glhle-trace": (["dump", "{f}"], path("tests/scenes/traces/cube.glht"), [], None),
    "glhle-imgdiff": (["{f}", path("tests/golden/psx_scene.png")], path("tests/golden/psx_scene.png"), [],
                      "--tolerance"),
    "glhle-shadercache": (["list", "{f}"], CMDLIST, [], "--max-bytes"),
    "glhle-pushbuf": (["dump", "{f}"], path("tests/golden/maxwell_scene.bin"), [], "--at"),
    "glhle-maxwell-shader": (["disasm", "{f}", "--stage", "vert"], CMDLIST, [], "--stage"),
}

failures = []

def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)

def run(args, stdin=None):
    p = subprocess.run(args, stdin=stdin if stdin is not None else subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, timeout=300)
    return p.returncode, p.stdout, p.stderr

def raw_controls(b):
    return [c for c in b if (c < 0x20 and c not in (0x0A,)) or c == 0x7F]

sources = sorted(re.sub(r"\.c$", "", f) for f in os.listdir(path("tools")) if f.startswith("glhle-"))
for name in sources:
    if name not in TOOLS:
        fail("%s is not in tests/tools/cli_contract.py's TOOLS: add it, with a run that reads a file" % name)

for name, (argv, infile, outputs, value_opt) in sorted(TOOLS.items()):
    exe = os.path.join(tools_dir, name)
    if not os.path.exists(exe):
        fail("%s was not built" % exe)
        continue
    rc, so, se = run([exe, "--help"])
    if rc != 0 or not so.startswith(b"usage: " + name.encode()) or se:
        fail("%s --help: exit %d, stdout %r..., stderr %r" % (name, rc, so[:40], se[:200]))
    rc, so, se = run([exe, "--version"])
    if rc != 0 or not re.match(rb"^" + re.escape(name.encode()) + rb" \d+\.\d+\.\d+", so):
        fail("%s --version: exit %d, stdout %r" % (name, rc, so[:80]))
    rc, so, se = run([exe, "--no-such-flag"])
    if rc != 2 or b"unknown option '--no-such-flag'" not in se or b"usage: " not in se:
        fail("%s --no-such-flag: exit %d, stderr %r" % (name, rc, se[:300]))
    if value_opt:
        rc, so, se = run([exe, value_opt])
        if rc != 2 or ("option '%s' wants a value" % value_opt).encode() not in se:
            fail("%s %s (no value): exit %d, stderr %r" % (name, value_opt, rc, se[:300]))
    if not argv:
        continue
    # the file, then the same bytes on standard input
    results = []
    for how in ("file", "stdin"):
        o = out("%s.%s" % (name, how))
        os.makedirs(o)
        args = [a.replace("{f}", infile if how == "file" else "-").replace("{o}", o) for a in argv]
        if how == "stdin":
            with open(infile, "rb") as f:
                rc, so, se = run([exe] + args, stdin=f)
        else:
            rc, so, se = run([exe] + args)
        files = []
        for rel in outputs:
            try:
                files.append(open(os.path.join(o, rel), "rb").read())
            except OSError:
                files.append(None)
        results.append((rc, so.replace(o.encode(), b"{o}"), files, se))
    (rc1, so1, f1, se1), (rc2, so2, f2, se2) = results
    if rc1 != rc2 or so1 != so2 or f1 != f2 or None in f1:
        fail("%s: '-' (standard input) gave exit %d and %d bytes of output, the file exit %d and %d bytes%s; "
             "stderr: %r / %r" % (name, rc2, len(so2), rc1, len(so1), "" if f1 == f2 else ", other files",
                                  se1[-300:], se2[-300:]))
    # a file name that would drive the terminal
    bad = out("no\x1b[2Jsuch\x07file")
    args = [a.replace("{f}", bad).replace("{o}", out(name + ".bad")) for a in argv]
    os.makedirs(out(name + ".bad"), exist_ok=True)
    rc, so, se = run([exe] + args)
    if rc == 0 or raw_controls(so + se) or b"no\\x1B[2Jsuch\\x07file" not in se:
        fail("%s with a file name holding ESC and BEL: exit %d, raw control bytes %r, stderr %r" %
             (name, rc, raw_controls(so + se)[:8], se[:300]))

# glhle-psx run quotes the script's bad bytes (issue 12: they reached the terminal raw)
script = out("bad_script.txt")
with open(script, "wb") as f:
    f.write(b"gp1 0x00000000\ngp0 0x02\x1b[31m\x9b2J\xff\n")
rc, so, se = run([os.path.join(tools_dir, "glhle-psx"), "run", script, "--vram", out("bad.raw16"), "--renderer", "sw"])
if rc != 1 or raw_controls(so + se) or b"\\x1B[31m\\x9B2J\\xFF" not in se or b"line 2" not in se:
    fail("glhle-psx run on a script with control bytes: exit %d, raw %r, stderr %r" % (rc, raw_controls(so + se), se))

if failures:
    print("%d of the tools' command-line promises broken" % len(failures))
    sys.exit(1)
print("%d tools: --help, --version, unknown options, missing values, '-' as standard input and escaped errors" %
      len(TOOLS))
