#!/usr/bin/env bash
# Imports the project's exports into Blender (headless) and checks that each has the clip's frame
# count and ends with the root, and every joint, where the clip ends, and that the glTF exports'
# skinned body (the human, export's default) deforms with the rig: a vertex near the left wrist
# keeps its distance to the wrist while the wrist moves (scripts/blender_check.py).
# Not part of `make test`: Blender is a large install. `make check-exports` runs it.
# usage: scripts/check-exports.sh [BIN]   (default bin/interactagent, built when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-bin/interactagent}

# Blender runs Debian's Python, so numpy must be Debian's package, whatever python3 is on the PATH.
if ! command -v blender >/dev/null 2>&1 ||
  ! dpkg-query -W -f='${Status}' python3-numpy 2>/dev/null | grep -q "install ok installed"; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "==> installing Blender (Debian) for the import check"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends blender python3-numpy >/dev/null
fi
[ -x "$bin" ] || go build -o "$bin" ./cmd/interactagent

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "==> a three-round run with the built-in backends (offline mode, no images)"
"$bin" run --scene living_room --task "sit on the armchair, then walk to the bookshelf and touch it with your right hand" \
  --mode offline --n-max 3 --no-early-stop --no-render --out "$work/run" >/dev/null

echo "==> exporting"
clips=()
for r in 1 2 3; do
  "$bin" export "$work/run" --round "$r" --format json --out "$work/r$r.json" >/dev/null
  clips+=("$work/r$r.json")
done
all=$(IFS=,; echo "${clips[*]}")
"$bin" export "$work/run" --format bvh --out "$work/final.bvh" >/dev/null
"$bin" export "$work/run" --format glb --out "$work/final.glb" >/dev/null
"$bin" export "$work/run" --round all --format glb --with-scene --out "$work/rounds-scene.glb" >/dev/null
"$bin" export "$work/run" --round all --format gltf --out "$work/rounds.gltf" >/dev/null
checks=("bvh:$work/final.bvh:$work/r3.json" "glb:$work/final.glb:$work/r3.json"
  "glb:$work/rounds-scene.glb:$all" "gltf:$work/rounds.gltf:$all")

sample=../shared/testdata/humanml3d/motion_example.npy
if [ -f "$sample" ]; then
  "$bin" export "$sample" --format json --out "$work/sample.json" >/dev/null
  "$bin" export "$sample" --format bvh --out "$work/sample.bvh" >/dev/null
  "$bin" export "$sample" --format glb --out "$work/sample.glb" >/dev/null
  checks+=("bvh:$work/sample.bvh:$work/sample.json" "glb:$work/sample.glb:$work/sample.json")
fi

echo "==> importing into $(blender --version 2>/dev/null | head -1)"
out="$work/blender.log"
if blender -b --factory-startup --python scripts/blender_check.py -- "${checks[@]}" >"$out" 2>&1; then
  status=0
else
  status=$?
fi
grep -E '^(OK|FAIL) ' "$out" | sed "s|$work/||g" || true
if [ "$status" -ne 0 ]; then
  echo "check-exports: FAILED (Blender's log follows)" >&2
  cat "$out" >&2
  exit 1
fi
echo "check-exports: every export imports into Blender with its clip's frames and ends where the clip ends; the skinned body follows the wrist"
