# Sourced by scripts/start.sh: say() and with_progress, so a long step never leaves the screen silent; and the
# server's watch (start_server, wait_for_page, serve_watched, serve_then_swap), so the script says where to open
# the page only once the page answers, and never says a server is serving when it is not (issue 45).
# with_progress WHAT LOG COMMAND...: runs COMMAND with its output in LOG and, every PROGRESS_EVERY seconds (15)
# while it runs, a line "still WHAT: N s so far (log: LOG)"; then "done WHAT in N s". Returns COMMAND's status.
# Ctrl+C stops COMMAND too (it runs in its own process group, killed whole).

say() { echo "${SAY_AS:-start.sh}: $*" >&2; }

with_progress() {
  local what=$1 log=$2 every=${PROGRESS_EVERY:-15} started pid rc
  shift 2
  started=$(date +%s)
  setsid "$@" >"$log" 2>&1 &
  pid=$!
  # shellcheck disable=SC2064  # the pid is known now
  trap "kill -TERM -- -$pid 2>/dev/null; wait $pid 2>/dev/null; exit 130" INT TERM
  while kill -0 "$pid" 2>/dev/null; do
    for _ in $(seq "$every"); do sleep 1; kill -0 "$pid" 2>/dev/null || break; done
    if kill -0 "$pid" 2>/dev/null; then say "still $what: $(( $(date +%s) - started )) s so far (log: $log)"; fi
  done
  rc=0
  wait "$pid" || rc=$?
  trap - INT TERM
  if [ "$rc" = 0 ]; then say "done $what in $(( $(date +%s) - started )) s"; fi
  return "$rc"
}

# The server's watch. `server` is the pid of the running server (empty when none), `builder` the background
# compile's (its own process group). Ctrl+C or TERM stops both, waits for the server to finish, and exits 130.
server=""
builder=""

stop_all() {
  trap - INT TERM
  if [ -n "$builder" ]; then kill -TERM -- "-$builder" 2>/dev/null || true; wait "$builder" 2>/dev/null || true; fi
  stop_server
  say "stopped"
  exit 130
}

# stop_server: TERM to the server (it shuts down in order: its play-test workers too), KILL after 20 s, then
# whatever is left of its process group.
stop_server() {
  [ -n "$server" ] || return 0
  kill -TERM "$server" 2>/dev/null || true
  for _ in $(seq 40); do kill -0 "$server" 2>/dev/null || break; sleep 0.5; done
  kill -KILL -- "-$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  kill -TERM -- "-$server" 2>/dev/null || true
  server=""
}

# start_server LOG COMMAND...: starts the server COMMAND in the background (sets $server); its output goes to the
# screen and to LOG. It runs in its own process group: Ctrl+C reaches the script, which stops the server with
# one TERM (Ctrl+C to the server's worker processes too made each print a KeyboardInterrupt traceback).
start_server() {
  local log=$1
  shift
  : >"$log"
  setsid "$@" > >(tee -ia "$log") 2>&1 &
  server=$!
  trap stop_all INT TERM
}

# page_answers URL: true when URL answers 200 (curl, else python).
page_answers() {
  if command -v curl >/dev/null; then
    curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null
  else
    "${PY:-python3}" -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=2)' "$1" 2>/dev/null
  fi
}

# server_died LOG WHY: the server has stopped: say so with the end of its LOG; sets $server_rc, clears $server.
server_died() {
  local log=$1 why=$2
  server_rc=0
  wait "$server" 2>/dev/null || server_rc=$?
  kill -TERM -- "-$server" 2>/dev/null || true  # what is left of its process group
  server=""
  sleep 0.2  # tee writes the last lines
  tail -n 15 "$log" | sed 's/^/  | /' >&2
  say "the server stopped (exit status $server_rc) $why (its log: $log)"
}

# wait_for_page LOG: wait until the server of start_server answers at the address it printed in LOG ("Open
# http://... in a browser"), then say where to open the page. If the server stops first, or has not answered
# after PAGE_WAIT seconds (120; then it is stopped), say so with the end of LOG and return 1.
wait_for_page() {
  local log=$1 limit=${PAGE_WAIT:-120} started url=""
  started=$(date +%s)
  while true; do
    if ! kill -0 "$server" 2>/dev/null; then
      server_died "$log" "before its page answered: nothing is served"
      return 1
    fi
    [ -n "$url" ] || url=$(sed -n 's/^Open \(http:[^ ]*\) in a browser.*/\1/p' "$log" | head -1)
    if [ -n "$url" ] && page_answers "$url"; then
      say "the page answers: open $url in a browser to play. Ctrl+C stops the server."
      return 0
    fi
    if [ $(( $(date +%s) - started )) -ge "$limit" ]; then
      kill -TERM "$server" 2>/dev/null || true
      for _ in $(seq 40); do kill -0 "$server" 2>/dev/null || break; sleep 0.5; done
      kill -KILL -- "-$server" 2>/dev/null || true
      server_died "$log" "after its page did not answer for $limit s: nothing is served"
      return 1
    fi
    sleep 0.5
  done
}

# serve_until_stopped LOG: the server answers; wait until it stops (Ctrl+C: stop_all), then say so and return
# its exit status.
serve_until_stopped() {
  local log=$1
  server_rc=0
  wait "$server" || server_rc=$?
  kill -TERM -- "-$server" 2>/dev/null || true  # what is left of its process group
  server=""
  sleep 0.2  # tee writes the last lines
  [ "$server_rc" = 0 ] || tail -n 15 "$log" | sed 's/^/  | /' >&2
  say "the server stopped (exit status $server_rc; its log: $log)"
  return "$server_rc"
}

# serve_watched LOG COMMAND...: serve (start_server), say where once the page answers, and wait until the
# server stops; non-zero when it never answered or stopped with an error.
serve_watched() {
  local log=$1
  start_server "$@"
  wait_for_page "$log" || return 1
  serve_until_stopped "$log"
}

# serve_then_swap LOG BUILD SERVER_LOG COMMAND...: serve at once on the pure-Python engine (MNM_ENGINE=pure
# COMMAND..., output on the screen and in SERVER_LOG), build the compiled engine meanwhile (BUILD, a bash -c
# command line in its own process group, its output in LOG, a line every PROGRESS_EVERY s saying it is still at
# it while the server serves), and when the build succeeds stop that server and start COMMAND again, which then
# runs the compiled engine (if that one does not answer, the pure-Python engine again). Tables live in the
# database, so open pages reconnect by themselves. A failed build leaves the pure server serving. If the server
# stops meanwhile, the build is stopped too and the status is non-zero. Ctrl+C stops both.
serve_then_swap() {
  local log=$1 build=$2 server_log=$3 every=${PROGRESS_EVERY:-15} started rc
  shift 3
  started=$(date +%s)
  setsid bash -c "$build" >"$log" 2>&1 &
  builder=$!
  trap stop_all INT TERM
  start_server "$server_log" env MNM_ENGINE=pure "$@"
  if ! wait_for_page "$server_log"; then
    kill -TERM -- "-$builder" 2>/dev/null || true
    wait "$builder" 2>/dev/null || true
    builder=""
    return 1
  fi
  while kill -0 "$builder" 2>/dev/null; do
    for _ in $(seq "$every"); do
      sleep 1
      kill -0 "$builder" 2>/dev/null || break
      kill -0 "$server" 2>/dev/null || break
    done
    if ! kill -0 "$server" 2>/dev/null; then
      kill -TERM -- "-$builder" 2>/dev/null || true
      wait "$builder" 2>/dev/null || true
      builder=""
      server_died "$server_log" "while the engine compiled: nothing is served; the compile is stopped"
      return 1
    fi
    if kill -0 "$builder" 2>/dev/null; then
      say "still compiling the engine in the background: $(( $(date +%s) - started )) s so far (log: $log); the pure-Python engine serves meanwhile"
    fi
  done
  rc=0
  wait "$builder" || rc=$?
  builder=""
  if [ "$rc" != 0 ]; then
    tail -3 "$log" >&2 2>/dev/null || true
    say "the compile failed after $(( $(date +%s) - started )) s (log: $log): the pure-Python engine keeps serving"
    serve_until_stopped "$server_log"
    return
  fi
  say "compiled the engine in $(( $(date +%s) - started )) s: restarting the server on it (open pages reconnect)"
  stop_server
  start_server "$server_log" "$@"
  if ! wait_for_page "$server_log"; then
    say "the server did not start on the compiled engine: serving the pure-Python engine again"
    start_server "$server_log" env MNM_ENGINE=pure "$@"
    wait_for_page "$server_log" || return 1
  fi
  serve_until_stopped "$server_log"
}

# The compile's expected time, said before it starts (measured, issue 32: 146 s on a quiet 2-core machine, 505 s
# on one busy with other work).
expected_compile_time() {
  local load
  load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?")
  echo "about 2.5 minutes on a quiet 2-core machine, 8-9 minutes on a busy one (load average now $load)"
}
