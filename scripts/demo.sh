#!/usr/bin/env bash
# The main job on built-in defaults (`make run`): the agent in full mode (online observation,
# memory reflection, adaptive stop) carries out a two-part instruction in the living room with the
# built-in backends — the geometric stand-in reasoner and the kinematic executor with the
# motionllm error profile — and writes its run folder; then the chosen round is drawn as a clip,
# and where a display is, the desktop app opens on the run.
set -euo pipefail
bin=${1:-bin/interactagent}
out=${OUT:-runs/demo}
scene=living_room
task="sit on the armchair, then walk to the bookshelf and touch it with your right hand"

rm -rf "$out" # a folder that exists would be resumed; the demo starts afresh
echo "==> the agent, full mode: \"$task\" in the $scene"
"$bin" run --scene "$scene" --task "$task" --mode full --profile motionllm --seed 0 --out "$out"
final=$(grep -o '"final_round": *[0-9]*' "$out/summary.json" | grep -o '[0-9]*$')
echo
echo "==> the clip of round $final"
if command -v ffmpeg >/dev/null 2>&1; then clip="$out/final.mp4"; else clip="$out/final.gif"; fi
"$bin" render --scene "$scene" --motion "$out/round-$final/motion.json" --view oblique --out "$clip"
echo
echo "Done. The run folder $out holds:"
echo "  run.json, trace.jsonl, summary.json    the run, every decision, the numbers"
echo "  shots/                                 the labelled scene shots the model was shown"
echo "  round-N/                               each round's plan, step ghost images, ghost.png, motion (.json, .npy), metrics"
echo "  $(basename "$clip")                             the clip of the round the run stopped at"
echo
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -z "${NO_APP:-}" ]; then
  echo "==> the desktop app on $out (close its window to finish; NO_APP=1 make run skips it)"
  "$bin" app "$out"
else
  echo "No display here, so the desktop app stays closed. On a desktop, open the run with:"
  echo "  $bin app $out"
fi
