#!/bin/sh
# Runs lsan_canary (see lsan_canary.c) and passes only when LeakSanitizer
# reported its deliberate leak of glhle's memory and did not crash (with
# abort_on_error=0 a leak report exits non-zero instead of aborting).
exe=$1
out=$("$exe" 2>&1)
rc=$?
echo "$out"
case $out in *"LeakSanitizer has encountered a fatal error"*) echo "canary: LeakSanitizer crashed"; exit 1 ;; esac
case $out in *"detected memory leaks"*glhle_image_alloc*) ;; *) echo "canary: leak not reported (rc $rc)"; exit 1 ;; esac
[ "$rc" != 0 ] || { echo "canary: exit status 0 despite the leak"; exit 1; }
echo "canary: LeakSanitizer reported glhle's leak after a GL context's life"
