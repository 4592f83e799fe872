#!/usr/bin/env bash
# Installs the Debian packages the project needs (only those missing) and downloads the Go modules.
# usage: scripts/deps.sh [build|run|validator|all]   (default all)
#   validator: only the Khronos glTF validator (npm gltf-validator, pinned) that the export tests run,
#   installed into .tools/ (ignored by git); Node.js and npm come from Debian when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

validator_version="2.0.0-dev.3.10"

apt_install() {
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "==> installing Debian packages: $*"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

install_validator() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    apt_install nodejs npm
  fi
  have=$(node -p "require('./.tools/node_modules/gltf-validator/package.json').version" 2>/dev/null || true)
  if [ "$have" = "$validator_version" ]; then
    echo "==> gltf-validator $validator_version: present in .tools/"
    return
  fi
  echo "==> installing gltf-validator $validator_version into .tools/"
  mkdir -p .tools
  npm install --prefix .tools --no-audit --no-fund --no-save --loglevel=error "gltf-validator@$validator_version" >/dev/null
}

if [ "${1:-all}" = validator ]; then
  install_validator
  exit 0
fi

build_pkgs="gcc pkg-config libgl1-mesa-dev libegl-dev libx11-dev libxcursor-dev libxrandr-dev
  libxinerama-dev libxi-dev libxxf86vm-dev libxkbcommon-dev"
run_pkgs="libegl1 libegl-mesa0 libgl1-mesa-dri ffmpeg"
# The desktop app's end-to-end test: a real window under a virtual display, keys and screenshots.
gui_pkgs="xvfb xauth libglx-mesa0 imagemagick xdotool"
# The Slurm recipe's end-to-end test (scripts/slurm-e2e.sh): a one-node cluster on the loopback.
cluster_pkgs="slurm-wlm munge"

case "${1:-all}" in
  build) want="$build_pkgs" ;;
  run) want="$run_pkgs" ;;
  *) want="$build_pkgs $run_pkgs $gui_pkgs $cluster_pkgs" ;;
esac

missing=()
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  apt_install "${missing[@]}"
else
  echo "==> Debian packages: all present"
fi

if ! command -v go >/dev/null 2>&1; then
  echo "Go is not installed: install Go 1.26 from https://go.dev/dl/ and put it on PATH" >&2
  exit 1
fi
echo "==> downloading Go modules (pinned in go.mod)"
go mod download

if [ "${1:-all}" = all ]; then
  install_validator
fi
