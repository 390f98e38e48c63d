#!/usr/bin/env python3
"""The external-context scramble test covers every GL state glhle sets.

tests/gl/test_external_contract.c scrambles GL state between frames with
tests/support/gl_scramble.c and requires frames identical to offscreen mode.
That proves the contract of include/glhle/glhle.h only for the state the
scrambler touches, so this script reads the library's source and fails when
it calls a GL entry point, switches a capability, sets a pixel-store
parameter or binds a buffer or texture target that the scrambler's lists
(TS_SCRAMBLED_* in tests/support/gl_scramble.h) leave out, unless the entry
point is named below as not context state, with the reason.

    gl_scramble_coverage.py SOURCE_DIR
"""
import pathlib
import re
import sys

# GL entry points glhle calls that set no context state a host could change
# between calls (object creation and object state of glhle's own objects,
# queries, work) -- with why they need no scrambling.
NOT_CONTEXT_STATE = {
    "objects of glhle's own (names it made; a host cannot change them)": """
        GenTextures GenBuffers GenFramebuffers GenVertexArrays CreateTextures CreateBuffers
        CreateFramebuffers CreateVertexArrays CreateSamplers CreateProgram CreateShader
        DeleteTextures DeleteBuffers DeleteFramebuffers DeleteVertexArrays DeleteSamplers
        DeleteProgram DeleteShader DeleteSync
        TexParameteri TextureParameteri SamplerParameteri SamplerParameterf SamplerParameterfv
        TexStorage2D TextureStorage2D TexBuffer TextureBuffer TextureView FramebufferTexture2D NamedFramebufferTexture
        BufferData BufferSubData NamedBufferData NamedBufferSubData MapBufferRange UnmapBuffer
        ShaderSource CompileShader ShaderBinary SpecializeShader AttachShader DetachShader LinkProgram ProgramBinary ProgramParameteri
        ProgramUniform1i ProgramUniform1ui ProgramUniform1f ProgramUniform2i ProgramUniform2iv ProgramUniform4i ProgramUniform4iv
        ProgramUniform4f TextureStorage2DMultisample TexStorage2DMultisample
        TextureStorage3DMultisample TexStorage3DMultisample""",
    "state of glhle's bound vertex array or program (bound just before)": """
        VertexAttribPointer EnableVertexAttribArray EnableVertexArrayAttrib VertexAttribIFormat
        VertexAttribBinding VertexBindingDivisor BindVertexBuffer VertexArrayVertexBuffer
        VertexArrayElementBuffer VertexArrayAttribFormat VertexArrayAttribBinding
        Uniform1i Uniform2i Uniform3i Uniform4i Uniform2f""",
    "queries": """
        GetError GetIntegerv GetString GetProgramiv GetShaderiv GetShaderInfoLog GetProgramInfoLog
        GetProgramBinary GetUniformLocation CheckFramebufferStatus CheckNamedFramebufferStatus IsTexture
        GetProgramInterfaceiv GetProgramResourceiv GetUniformiv GetFramebufferAttachmentParameteriv
        GetInternalformativ GetTextureLevelParameteriv GetMultisamplefv""",
    "work (draws, clears, copies, transfers, synchronisation)": """
        DrawArrays DrawArraysInstanced DrawElementsBaseVertex DrawElementsInstancedBaseVertex DrawArraysInstancedBaseInstance
        DrawElementsInstancedBaseVertexBaseInstance Clear ClearBufferuiv ClearBufferfv ClearNamedFramebufferfv
        ClearTexImage ClearTexSubImage BlitNamedFramebuffer CopyImageSubData ReadPixels TexSubImage2D
        TextureSubImage2D GetTextureImage GetTextureSubImage TextureBarrier MemoryBarrier Finish FenceSync
        ClientWaitSync""",
    "set once at context creation with desc.debug (glhle.h says so)": """
        DebugMessageCallback DebugMessageControl""",
    "objects of glhle's own, Maxwell's render stage (textures, framebuffers, vertex arrays it made)": """
        TextureStorage1D TextureStorage3D TextureParameteriv TextureSubImage1D TextureSubImage3D
        CompressedTextureSubImage1D CompressedTextureSubImage2D CompressedTextureSubImage3D
        NamedFramebufferDrawBuffers VertexArrayAttribIFormat DisableVertexArrayAttrib NamedFramebufferTextureLayer""",
    "work, Maxwell's render stage": """
        ClearNamedFramebufferiv ClearNamedFramebufferuiv ClearNamedFramebufferfi""",
    "GL defaults glhle relies on (glhle.h): the PICA sets the other clip origin only around the draws "
    "that need it and restores the default": """
        ClipControl ClipControlEXT""",
    "Maxwell's draw path sets these on every draw, so no host value reaches one, and restores clip "
    "control and blending after it (PatchParameteri on every tessellated draw, the only draws that read it; "
    "ScissorIndexed, with viewports and depth ranges past 0, on every draw whose program writes the "
    "viewport index, the only draws that read them)": """
        ViewportIndexedf DepthRangeIndexed ScissorIndexed ColorMaski Enablei Disablei BlendEquationSeparatei
        BlendFuncSeparatei ProvokingVertex BindTextureUnit
        StencilFuncSeparate StencilOpSeparate StencilMaskSeparate PolygonMode PolygonOffset PolygonOffsetClamp
        PointSize LineWidth PrimitiveRestartIndex PatchParameteri""",
    "Maxwell's compute launches and occlusion counts (render/compute.c, queries.c): work, reads of glhle's "
    "own buffers and queries, and a samples-passed query begun and ended around one draw within the call": """
        DispatchCompute GetNamedBufferSubData GenQueries DeleteQueries BeginQuery EndQuery GetQueryObjectuiv""",
    "Maxwell's transform feedback (render/draw.c): begun and ended around one draw within the call, its "
    "buffers glhle's own, unbound after it, its per-stream counts queries begun and ended around it (queries.c)": """
        BeginTransformFeedback EndTransformFeedback BeginQueryIndexed EndQueryIndexed""",
    "the capability layer's stand-ins on OpenGL ES (backend/gl/gl_caps.c): each binds, edits glhle's "
    "own object or reads, and binds back what it found (queried first), or replaces a call listed above "
    "(DepthRangef for DepthRangeIndexed, ClearDepthf for ClearDepth, BufferStorage for buffer storage)": """
        BlitFramebuffer BufferStorage ClearBufferfi ClearBufferiv ClearDepthf CompressedTexSubImage2D
        CompressedTexSubImage3D DepthRangef DisableVertexAttribArray DrawBuffers Flush FramebufferRenderbuffer
        FramebufferTexture FramebufferTextureLayer GenSamplers GenerateMipmap GetStringi GetTexLevelParameteriv GetTextureLevelParameteriv
        IsEnabled ReadBuffer TexParameterf TexParameteriv TexStorage3D TexSubImage3D VertexAttribFormat""",
}
# capabilities glhle switches that the scrambler leaves alone, and why
NOT_SCRAMBLED_CAPS = {
    "GL_FRAMEBUFFER_SRGB": "a GL default glhle relies on for its own RGBA8 targets (glhle.h); Maxwell's "
                           "draws and clears set it for sRGB targets (SET_SRGB_WRITE), its present and blits "
                           "turn it off, and GL's default is put back after each call",
    "GL_DEBUG_OUTPUT": "set once at context creation with desc.debug",
    **{c: "Maxwell's draw path: set per draw (clip distances each one, on or off) and put back to GL's "
          "default after it" for c in
       "GL_DEPTH_CLAMP GL_POLYGON_OFFSET_FILL GL_POLYGON_OFFSET_LINE GL_POLYGON_OFFSET_POINT GL_PROGRAM_POINT_SIZE "
       "GL_PRIMITIVE_RESTART GL_CLIP_DISTANCE4 GL_CLIP_DISTANCE5 GL_CLIP_DISTANCE6 GL_CLIP_DISTANCE7".split()},
    "GL_PRIMITIVE_RESTART_FIXED_INDEX": "OpenGL ES's form of GL_PRIMITIVE_RESTART (gl_caps.c): Maxwell draws set "
                                        "it and put the default back",
    "GL_DEBUG_OUTPUT_SYNCHRONOUS": "set once at context creation with desc.debug",
}
# every glEnable capability of GL 4.6 (section 'Enable/Disable' of the
# specification's state tables)
ALL_CAPS = set("""
    GL_BLEND GL_CLIP_DISTANCE0 GL_CLIP_DISTANCE1 GL_CLIP_DISTANCE2 GL_CLIP_DISTANCE3 GL_CLIP_DISTANCE4
    GL_CLIP_DISTANCE5 GL_CLIP_DISTANCE6 GL_CLIP_DISTANCE7 GL_COLOR_LOGIC_OP GL_CULL_FACE GL_DEBUG_OUTPUT
    GL_DEBUG_OUTPUT_SYNCHRONOUS GL_DEPTH_CLAMP GL_DEPTH_TEST GL_DITHER GL_FRAMEBUFFER_SRGB GL_LINE_SMOOTH
    GL_MULTISAMPLE GL_POLYGON_OFFSET_FILL GL_POLYGON_OFFSET_LINE GL_POLYGON_OFFSET_POINT GL_POLYGON_SMOOTH
    GL_PRIMITIVE_RESTART GL_PRIMITIVE_RESTART_FIXED_INDEX GL_RASTERIZER_DISCARD GL_SAMPLE_ALPHA_TO_COVERAGE
    GL_SAMPLE_ALPHA_TO_ONE GL_SAMPLE_COVERAGE GL_SAMPLE_SHADING GL_SAMPLE_MASK GL_SCISSOR_TEST
    GL_STENCIL_TEST GL_TEXTURE_CUBE_MAP_SEAMLESS GL_PROGRAM_POINT_SIZE""".split())
BUFFER_TARGETS = set("""
    GL_ARRAY_BUFFER GL_ATOMIC_COUNTER_BUFFER GL_COPY_READ_BUFFER GL_COPY_WRITE_BUFFER
    GL_DISPATCH_INDIRECT_BUFFER GL_DRAW_INDIRECT_BUFFER GL_PIXEL_PACK_BUFFER GL_PIXEL_UNPACK_BUFFER
    GL_QUERY_BUFFER GL_SHADER_STORAGE_BUFFER GL_TEXTURE_BUFFER GL_TRANSFORM_FEEDBACK_BUFFER
    GL_UNIFORM_BUFFER""".split())
TEXTURE_TARGETS = set("""
    GL_TEXTURE_1D GL_TEXTURE_1D_ARRAY GL_TEXTURE_2D GL_TEXTURE_2D_ARRAY GL_TEXTURE_2D_MULTISAMPLE
    GL_TEXTURE_2D_MULTISAMPLE_ARRAY GL_TEXTURE_3D GL_TEXTURE_BUFFER GL_TEXTURE_CUBE_MAP
    GL_TEXTURE_CUBE_MAP_ARRAY GL_TEXTURE_RECTANGLE""".split())

CALL = re.compile(r"(?:\bgl|->gl|\.gl)\s*(?:->|\.)\s*([A-Z][A-Za-z0-9]+)\s*\(")
TOKEN = re.compile(r"\bGL_[A-Z0-9_]+\b")
BIND_TEXTURE = re.compile(r"(?:BindTexture|gl_state_texture)\s*\(([^;]*)")
BIND_BUFFER = re.compile(r"(?:BindBuffer|gl_stream_create)\s*\(([^;]*)")


def scrambled(header, name):
    m = re.search(r"#define " + name + r"\(X\)((?:.*\\\n)*.*)", header)
    if not m:
        sys.exit(f"gl_scramble.h has no {name}(X) list")
    return set(re.findall(r"X\((\w+)\)", m.group(1)))


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    header = (root / "tests/support/gl_scramble.h").read_text()
    calls_ok = scrambled(header, "TS_SCRAMBLED_CALLS")
    caps_ok = scrambled(header, "TS_SCRAMBLED_CAPS")
    store_ok = scrambled(header, "TS_SCRAMBLED_PIXEL_STORE")
    buffers_ok = scrambled(header, "TS_SCRAMBLED_BUFFER_TARGETS")
    textures_ok = scrambled(header, "TS_SCRAMBLED_TEXTURE_TARGETS")
    exempt = {n for names in NOT_CONTEXT_STATE.values() for n in names.split()}
    problems = []
    seen_calls = set()
    for path in sorted((root / "backend").rglob("*.[ch]")):
        rel = path.relative_to(root)
        for lineno, line in enumerate(path.read_text().splitlines(), 1):
            where = f"{rel}:{lineno}"
            for name in CALL.findall(line):
                seen_calls.add(name)
                if name not in calls_ok and name not in exempt:
                    problems.append(f"{where}: gl{name} is neither scrambled (TS_SCRAMBLED_CALLS) nor listed as "
                                    "not context state in tests/gl/gl_scramble_coverage.py")
            tokens = set(TOKEN.findall(line))
            for t in tokens & ALL_CAPS:
                if t not in caps_ok and t not in NOT_SCRAMBLED_CAPS:
                    problems.append(f"{where}: capability {t} is not scrambled (TS_SCRAMBLED_CAPS)")
            for t in tokens:
                if re.match(r"GL_(UN)?PACK_", t) and t not in store_ok:
                    problems.append(f"{where}: pixel-store parameter {t} is not scrambled "
                                    "(TS_SCRAMBLED_PIXEL_STORE)")
            for args in BIND_TEXTURE.findall(line):
                for t in set(TOKEN.findall(args)) & TEXTURE_TARGETS:
                    if t not in textures_ok:
                        problems.append(f"{where}: texture target {t} is not scrambled "
                                        "(TS_SCRAMBLED_TEXTURE_TARGETS)")
            for args in BIND_BUFFER.findall(line):
                for t in set(TOKEN.findall(args)) & BUFFER_TARGETS:
                    if t not in buffers_ok:
                        problems.append(f"{where}: buffer target {t} is not scrambled "
                                        "(TS_SCRAMBLED_BUFFER_TARGETS)")
    stale = sorted((calls_ok | exempt) - seen_calls)
    for p in problems:
        print(p)
    print(f"gl_scramble_coverage: {len(seen_calls)} GL entry points in backend/, "
          f"{len(seen_calls & calls_ok)} set context state and are scrambled, "
          f"{len(seen_calls & exempt)} are listed as not context state; {len(problems)} problem(s)"
          + (f"; listed but no longer called: {' '.join(stale)}" if stale else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
