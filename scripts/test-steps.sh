# Sourced by scripts/test.sh: its steps, each timed (bash's SECONDS), in the foreground or in the background.
#   step TITLE COMMAND...             runs it now, prints "==> TITLE", then how long it took
#   background_step TITLE COMMAND...  starts it in its own process group, its output kept in a file
#   wait_background_step TITLE        waits for that one, shows its output and time; fails the run if it failed
#   wait_background_steps             the same for every background step still running
#   stop_background_steps             ends those still running (test.sh's EXIT trap, when a step failed)
#   print_step_times                  every step's time, in the order they ended

STEP_TIMES=()
declare -A BACKGROUND_PIDS=() BACKGROUND_LOGS=()
BACKGROUND_ORDER=()

note_step_time() { STEP_TIMES+=("$(printf '%6s s  %s' "$2" "$1")"); }

step() {
  local title="$1" started=$SECONDS
  shift
  echo "==> $title"
  "$@"
  echo "    ($((SECONDS - started)) s)"
  note_step_time "$title" $((SECONDS - started))
}

# A command whose standard output is not worth showing (its errors still are).
quietly() { "$@" >/dev/null; }

background_step() {
  local title="$1"
  shift
  local log
  log="$(mktemp "${TMPDIR:-/tmp}/loja-test-step-XXXXXX")"
  echo "==> $title (em segundo plano)"
  # setsid: its own process group, so stop_background_steps ends the servers it started too. The
  # step's own time goes to "$log.seconds" (waiting for it may begin long after it ended).
  # shellcheck disable=SC2016
  setsid bash -c 'started=$SECONDS; status=0; "${@:2}" || status=$?; echo $((SECONDS - started)) >"$1"; exit $status' \
    _ "$log.seconds" "$@" >"$log" 2>&1 </dev/null &
  BACKGROUND_PIDS["$title"]=$!
  BACKGROUND_LOGS["$title"]="$log"
  BACKGROUND_ORDER+=("$title")
}

wait_background_step() {
  local title="$1" pid="${BACKGROUND_PIDS[$1]}" log="${BACKGROUND_LOGS[$1]}" status=0
  wait "$pid" || status=$?
  unset "BACKGROUND_PIDS[$title]"
  echo "==> $title"
  cat "$log"
  local seconds
  seconds="$(cat "$log.seconds" 2>/dev/null || echo "?")"
  rm -f "$log" "$log.seconds"
  echo "    ($seconds s, em segundo plano)"
  note_step_time "$title (em segundo plano)" "$seconds"
  if [ "$status" -ne 0 ]; then
    echo "FALHOU: $title (código $status)" >&2
    exit "$status"
  fi
}

wait_background_steps() {
  local title
  for title in "${BACKGROUND_ORDER[@]}"; do
    if [ -n "${BACKGROUND_PIDS[$title]:-}" ]; then wait_background_step "$title"; fi
  done
}

stop_background_steps() {
  local title
  for title in "${BACKGROUND_ORDER[@]}"; do
    local pid="${BACKGROUND_PIDS[$title]:-}"
    [ -n "$pid" ] || continue
    kill -TERM -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    rm -f "${BACKGROUND_LOGS[$title]}" "${BACKGROUND_LOGS[$title]}.seconds"
  done
}

print_step_times() {
  echo "==> tempo de cada passo"
  printf '%s\n' "${STEP_TIMES[@]}"
  echo "    total: $SECONDS s"
}
