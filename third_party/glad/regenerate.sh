#!/bin/sh
# Regenerates the GL/GLES/EGL loader in this folder from Debian's python3-glad
# (glad 2, its bundled Khronos XML, --reproducible: no network).
#
#   GL 4.6 core + GLES 3.2 merged into one multi-context (--mx) loader, so every
#   glhle_context owns its own function table (no process-wide GL state);
#   EGL 1.5 (glad has no multi-context EGL; the table holds only libEGL entry
#   points, which are the same for every display).
#
# Run from anywhere; the output is byte-identical for the same glad version.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
command -v glad >/dev/null || { echo "regenerate.sh: glad not found (apt-get install python3-glad)" >&2; exit 1; }

gl_ext=GL_KHR_debug,GL_ARB_buffer_storage,GL_ARB_texture_barrier,GL_NV_texture_barrier,GL_ARB_clip_control,GL_ARB_direct_state_access,GL_ARB_get_program_binary,GL_ARB_fragment_shader_interlock,GL_EXT_shader_framebuffer_fetch,GL_EXT_texture_filter_anisotropic,GL_ARB_texture_filter_anisotropic,GL_EXT_buffer_storage,GL_EXT_clip_cull_distance,GL_EXT_clip_control,GL_OES_get_program_binary,GL_EXT_texture_buffer,GL_EXT_color_buffer_float,GL_EXT_texture_compression_s3tc,GL_EXT_texture_sRGB,GL_KHR_texture_compression_astc_ldr
egl_ext=EGL_EXT_platform_base,EGL_MESA_platform_surfaceless,EGL_KHR_surfaceless_context,EGL_KHR_no_config_context,EGL_KHR_create_context,EGL_KHR_debug,EGL_EXT_device_base,EGL_EXT_device_enumeration,EGL_EXT_device_query,EGL_EXT_platform_device

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
glad --quiet --reproducible --api gl:core=4.6,gles2=3.2 --merge --extensions "$gl_ext" \
     --out-path "$tmp" c --loader --mx
glad --quiet --reproducible --api egl=1.5 --extensions "$egl_ext" \
     --out-path "$tmp" c --loader
rm -rf "$here/include" "$here/src"
cp -R "$tmp/include" "$tmp/src" "$here/"
echo "regenerated $(find "$here/include" "$here/src" -type f | wc -l) files with $(dpkg-query -W -f='python3-glad ${Version}' python3-glad 2>/dev/null || echo glad)"
