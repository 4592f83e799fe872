#!/usr/bin/env bash
# The main job on built-in defaults (`make run`): a short plan in the living room, executed by the
# built-in kinematic executor, drawn as scene shots, a ghost image and a clip, and measured.
set -euo pipefail
bin=${1:-bin/interactagent}
out=${OUT:-runs/demo}
mkdir -p "$out"
scene=living_room
plan="A person walks forward 2.6 meters; A person turns right by 90 degrees; A person walks forward 2.2 meters; A person turns right by 90 degrees; A person walks backward 0.4 meters; A person sits down"

echo "==> built-in scenes"
"$bin" scenes
echo
echo "==> scene shots of $scene (top-down, oblique, eye level) → $out/shots/"
"$bin" render --scene "$scene" --view shots --out "$out/shots"
echo
echo "==> executing the demo plan with the built-in kinematic executor (ideal profile)"
echo "    $plan"
"$bin" execute --actions "$plan" --profile ideal --start 5.2,0.9,0 --out "$out/plan.json"
echo
echo "==> ghost image and clip"
"$bin" render --scene "$scene" --motion "$out/plan.json" --out "$out/ghost.png"
if command -v ffmpeg >/dev/null 2>&1; then clip="$out/clip.mp4"; else clip="$out/clip.gif"; fi
"$bin" render --scene "$scene" --motion "$out/plan.json" --view oblique --out "$clip"
echo
echo "==> penetration of the motion into the scene"
"$bin" penetration --scene "$scene" --motion "$out/plan.json"
echo
echo "Done. Open the files in $out/:"
ls -1 "$out" "$out/shots" | sed 's/^/  /'
