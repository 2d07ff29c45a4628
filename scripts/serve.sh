#!/bin/sh
# Runs the compiled server (apps/server/dist/main.js) the one way it runs in production: `pnpm start`,
# the systemd unit (deploy/pac-hub.service) and the benchmarks all start it through this file.
# `exec` makes node the process itself (systemd's main PID, the one that gets SIGTERM).
#
# MALLOC_ARENA_MAX, MALLOC_TRIM_THRESHOLD_: glibc's malloc with two arenas instead of one per thread,
#   and a fixed trim threshold, so that freed memory goes back to the system: a login's argon2id hash
#   frees a 19 MB block that would otherwise stay with the process. glibc reads them as a process
#   starts, so the server cannot set them itself.
# --max-old-space-size=512: V8 sizes its heap for a small box. Below 1 GB it lets the heap grow ~1.4×
#   between full collections instead of up to 4×, so a monitoring pass's garbage is collected sooner
#   (at the same speed); and a runaway stops at 512 MB (the heap holds ~20 MB when idle).
# --max-semi-space-size=4: a young generation of 2 × 4 MB instead of V8's 2 × 16 MB. Pages are parsed
#   on the page reader's thread (packages/monitor/src/reader.ts), whose heap takes its sizes from these
#   flags too (V8 flags win over a thread's own limits); a monitoring pass peaks ~15 MB lower than with
#   2 × 8 MB, at the same speed with the next flag.
# --no-parallel-scavenge: a young collection runs on the thread that needs it, without V8's helper
#   threads. On the two cores of a small box the server's main thread and the page reader's are both
#   busy during a monitoring pass, and the helpers only competed with them for the cores: a pass is
#   ~10% faster without them (bench/results.md, notes).
# --no-allocation-site-pretenuring: V8 stops guessing, from a few young collections, that objects
#   made at one place in the code live long and allocating them in the old generation from then on.
#   Parsing a page makes thousands of short-lived nodes; once that guess was made (it depends on when a
#   collection happens to fall), every later page's nodes went straight to the old generation, and the
#   full collections that followed slowed a monitoring pass by a third.
# See bench/results.md (notes) for what each one saves.
#
# Arguments are further node options (the benchmarks add their probe).
export MALLOC_ARENA_MAX=2
export MALLOC_TRIM_THRESHOLD_=131072
here=$(dirname "$0")
exec node --max-old-space-size=512 --max-semi-space-size=4 --no-parallel-scavenge --no-allocation-site-pretenuring "$@" "$here/../apps/server/dist/main.js"
