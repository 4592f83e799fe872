#!/bin/sh
# The desktop app end to end, inside xvfb-run: start the app on a run folder, play, switch to the
# inspector and back, and take a screenshot of each. Usage: app-e2e.sh BINARY RUN_DIR OUT_DIR
# (cmd/interactagent TestAppUnderXvfb runs it and checks the pictures).
INTERACTAGENT_FPS_LOG=1 LANG=en_US.UTF-8 "$1" app "$2" > "$3/app.log" 2>&1 &
pid=$!
for i in $(seq 1 60); do
  xdotool search --name InteractAgent >/dev/null 2>&1 && break
  sleep 0.5
done
sleep 4
wid=$(xdotool search --name InteractAgent | head -1)
xdotool windowactivate --sync "$wid" 2>/dev/null; xdotool windowfocus "$wid" 2>/dev/null
xdotool mousemove 640 400 click 1
xdotool key space; sleep 3
import -window root "$3/rounds.png"
xdotool key i; sleep 2
import -window root "$3/inspector.png"
xdotool key i; sleep 2
import -window root "$3/back.png"
kill $pid; wait $pid 2>/dev/null
