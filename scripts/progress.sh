# Sourced by scripts/start.sh: say() and with_progress, so a long step never leaves the screen silent.
# with_progress WHAT LOG COMMAND...: runs COMMAND with its output in LOG and, every PROGRESS_EVERY seconds (15)
# while it runs, a line "still WHAT: N s so far (log: LOG)"; then "done WHAT in N s". Returns COMMAND's status.

say() { echo "start.sh: $*" >&2; }

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
