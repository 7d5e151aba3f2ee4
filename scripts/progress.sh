# Sourced by scripts/start.sh: say() and with_progress, so a long step never leaves the screen silent.
# with_progress WHAT LOG COMMAND...: runs COMMAND with its output in LOG and, every PROGRESS_EVERY seconds (15)
# while it runs, a line "still WHAT: N s so far (log: LOG)"; then "done WHAT in N s". Returns COMMAND's status.

say() { echo "${SAY_AS:-start.sh}: $*" >&2; }

with_progress() {
  local what=$1 log=$2 every=${PROGRESS_EVERY:-15} started pid rc
  shift 2
  started=$(date +%s)
  "$@" >"$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    for _ in $(seq "$every"); do sleep 1; kill -0 "$pid" 2>/dev/null || break; done
    if kill -0 "$pid" 2>/dev/null; then say "still $what: $(( $(date +%s) - started )) s so far (log: $log)"; fi
  done
  rc=0
  wait "$pid" || rc=$?
  if [ "$rc" = 0 ]; then say "done $what in $(( $(date +%s) - started )) s"; fi
  return "$rc"
}

# serve_then_swap LOG BUILD SERVE: serve at once on the pure-Python engine (MNM_ENGINE=pure SERVE), build the
# compiled engine meanwhile (BUILD, its output in LOG, a line every PROGRESS_EVERY s saying it is still at it),
# and when the build succeeds stop that server and start SERVE again, which then runs the compiled engine. Tables
# live in the database, so open pages reconnect by themselves. A failed build leaves the pure server serving.
# BUILD and SERVE are command lines (bash -c). Ctrl+C stops both.
serve_then_swap() {
  local log=$1 build=$2 serve=$3 every=${PROGRESS_EVERY:-15} started server builder rc
  started=$(date +%s)
  bash -c "$build" >"$log" 2>&1 &
  builder=$!
  MNM_ENGINE=pure bash -c "exec $serve" &
  server=$!
  trap 'kill "$server" "$builder" 2>/dev/null; exit 130' INT TERM
  while kill -0 "$builder" 2>/dev/null; do
    for _ in $(seq "$every"); do sleep 1; kill -0 "$builder" 2>/dev/null || break; done
    if kill -0 "$builder" 2>/dev/null; then
      say "still compiling the engine in the background: $(( $(date +%s) - started )) s so far (log: $log); the pure-Python engine serves meanwhile"
    fi
  done
  rc=0
  wait "$builder" || rc=$?
  if [ "$rc" != 0 ]; then
    tail -3 "$log" >&2 2>/dev/null || true
    say "the compile failed after $(( $(date +%s) - started )) s (log: $log): the pure-Python engine keeps serving"
    wait "$server" || true
    return 0
  fi
  say "compiled the engine in $(( $(date +%s) - started )) s: restarting the server on it (open pages reconnect)"
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  trap - INT TERM
  exec bash -c "exec $serve"
}

# The compile's expected time, said before it starts (measured, issue 32: 146 s on a quiet 2-core machine, 505 s
# on one busy with other work).
expected_compile_time() {
  local load
  load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
  echo "about 2.5 minutes on a quiet 2-core machine, 8-9 minutes on a busy one (load average now $load)"
}
