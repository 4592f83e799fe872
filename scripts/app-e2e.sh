#!/bin/sh
# The desktop app end to end, inside xvfb-run. Usage: app-e2e.sh BINARY RUN_DIR OUT_DIR
# (cmd/interactagent TestAppUnderXvfb runs it and checks what it leaves in OUT_DIR).
#
# 1. The tour: start the app on a run folder, take a screenshot before any key or click
#    (first.png), play, switch to the inspector and back (rounds.png, inspector.png, back.png), and
#    stop it with SIGTERM while it plays; keep its preferences (tour-preferences.json).
# 2. One SIGTERM in each other state: while it starts (0 to 1 s after it has begun to connect to
#    the display: the window is being made and shown), in the inspector, with a dialog open, with
#    a run in progress (paused between two steps; its folder is under OUT_DIR/runs).
#
# Each stop is a line "STATE EXIT_STATUS" in stops.txt, its output in STATE.log; an app still
# there 20 s after its SIGTERM is killed (status 137). Every wait here is bounded.
bin=$1
run=$2
cd "$3" || exit 1

# launch NAME starts the app on the run folder, its output in NAME.log.
launch() {
  INTERACTAGENT_FPS_LOG=1 LANG=en_US.UTF-8 "$bin" app "$run" > "$1.log" 2>&1 &
  pid=$!
}

# inmain waits up to 10 s until the app has a socket open: its first (the X server's, D-Bus's) is
# opened in main, after the signal handler is in place and before the window is made. A SIGTERM
# before main kills any process (status 143); on a loaded machine that takes longer than 0.1 s.
inmain() {
  for i in $(seq 1 200); do
    ls -l "/proc/$pid/fd" 2>/dev/null | grep -q socket && return
    sleep 0.05
  done
}

# window waits up to 30 s for the app's window, then lets it settle and takes the focus.
window() {
  for i in $(seq 1 150); do
    xdotool search --name InteractAgent >/dev/null 2>&1 && break
    sleep 0.2
  done
  sleep "${1:-2}"
  wid=$(xdotool search --name InteractAgent | head -1)
  xdotool windowactivate --sync "$wid" 2>/dev/null; xdotool windowfocus "$wid" 2>/dev/null
}

# term NAME sends SIGTERM and records how the app ended (killed if it is still there after 20 s).
term() {
  kill -TERM "$pid"
  (sleep 20; kill -KILL "$pid") >/dev/null 2>&1 &
  killer=$!
  wait "$pid"
  echo "$1 $?" >> stops.txt
  kill "$killer" 2>/dev/null
}

: > stops.txt
launch playing
window 4
import -window root first.png
xdotool mousemove 640 400 click 1
xdotool key space; sleep 3
import -window root rounds.png
xdotool key i; sleep 2
import -window root inspector.png
xdotool key i; sleep 2
import -window root back.png
term playing
# what the tour left in the preferences, before the runs below add theirs
# (dev.interactagent.app is appID in cmd/interactagent/app.go)
cp "${XDG_CONFIG_HOME:-$HOME/.config}/fyne/dev.interactagent.app/preferences.json" tour-preferences.json

for at in 0 0.05 0.1 0.15 0.2 0.3 0.5 1; do
  launch "starting-$at"
  inmain
  sleep "$at"
  term "starting-$at"
done

launch inspector
window
xdotool mousemove 640 400 click 1
xdotool key i; sleep 1
import -window root stop-inspector.png
term inspector

launch dialog
window
xdotool mousemove 79 14 click 1; sleep 0.5   # Export
xdotool mousemove 103 45 click 1; sleep 1    # Grid as MP4…: its form
import -window root stop-dialog.png
term dialog

launch run
window
xdotool mousemove 184 49 click 1; sleep 0.5  # the Run tab
# Start run, then at once Pause before next step: the run waits in the middle, surely unfinished
# (the buttons sit under the run form: a row more or less moves them by 39 px)
xdotool mousemove 43 596 click 1 mousemove 240 596 click 1; sleep 1
import -window root stop-run.png
term run
