# Sourced by scripts/test.sh: stage NAME COMMAND... runs one stage of the test command and goes on whatever its
# result, with a line every STAGE_TICK seconds (60) while it runs; stages_report says at the end which stages
# failed (with their exit codes) and returns non-zero if any did. with_progress (scripts/progress.sh) is here too.
. "$(dirname "${BASH_SOURCE[0]}")/progress.sh"
SAY_AS=test.sh

STAGES_FAILED=()

stage() {
  local name=$1 started rc=0 ticker
  shift
  started=$(date +%s)
  echo "== $name"
  (  # one-second sleeps: a stopped ticker leaves no long sleep holding the output open
    n=0
    while sleep 1; do
      n=$((n + 1))
      if [ $((n % ${STAGE_TICK:-60})) = 0 ]; then say "still at '$name': $(( $(date +%s) - started )) s so far"; fi
    done
  ) &
  ticker=$!
  "$@" || rc=$?
  kill "$ticker" 2>/dev/null || true
  wait "$ticker" 2>/dev/null || true
  if [ "$rc" != 0 ]; then
    STAGES_FAILED+=("$name (exit $rc)")
    say "FAILED: '$name' (exit $rc, after $(( $(date +%s) - started )) s); going on with the other stages"
  fi
  return 0
}

# A long step whose output goes to LOG (with_progress), the end of LOG shown when it fails.
logged_step() {
  local what=$1 log=$2
  mkdir -p "$(dirname "$log")"
  with_progress "$@" || { local rc=$?; tail -20 "$log" >&2; return "$rc"; }
}

# stage_bg NAME LOG COMMAND...: starts a stage in the background (its output to LOG) beside the stages that follow;
# stage_wait NAME waits for it, shows its output and records its result like `stage`. For a stage that needs a core
# the next one leaves idle (the compile is one C compiler on one core; a pytest run is one process).
declare -A STAGE_BG_PID STAGE_BG_LOG STAGE_BG_START
stage_bg() {
  local name=$1 log=$2
  shift 2
  mkdir -p "$(dirname "$log")"
  echo "== $name (started in the background; its output follows when it ends: $log)"
  STAGE_BG_START[$name]=$(date +%s)
  "$@" >"$log" 2>&1 &
  STAGE_BG_PID[$name]=$!
  STAGE_BG_LOG[$name]=$log
}

stage_wait() {
  local name=$1 rc=0
  wait "${STAGE_BG_PID[$name]}" || rc=$?
  echo "== $name (ran in the background; ended after $(( $(date +%s) - STAGE_BG_START[$name] )) s)"
  cat "${STAGE_BG_LOG[$name]}"
  if [ "$rc" != 0 ]; then
    STAGES_FAILED+=("$name (exit $rc)")
    say "FAILED: '$name' (exit $rc); going on with the other stages"
  fi
  return 0
}

stages_report() {
  if [ "${#STAGES_FAILED[@]}" = 0 ]; then
    say "every stage passed"
    return 0
  fi
  say "${#STAGES_FAILED[@]} stage(s) failed:"
  printf '  - %s\n' "${STAGES_FAILED[@]}" >&2
  return 1
}
