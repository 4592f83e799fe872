#!/usr/bin/env bash
# Installs the Debian packages the project needs (only those missing) and downloads the Go modules.
# usage: scripts/deps.sh [build|run|all]   (default all)
set -euo pipefail

build_pkgs="gcc pkg-config libgl1-mesa-dev libegl-dev libx11-dev libxcursor-dev libxrandr-dev
  libxinerama-dev libxi-dev libxxf86vm-dev libxkbcommon-dev"
run_pkgs="libegl1 libegl-mesa0 libgl1-mesa-dri ffmpeg"

case "${1:-all}" in
  build) want="$build_pkgs" ;;
  run) want="$run_pkgs" ;;
  *) want="$build_pkgs $run_pkgs" ;;
esac

missing=()
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "==> installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "==> Debian packages: all present"
fi

if ! command -v go >/dev/null 2>&1; then
  echo "Go is not installed: install Go 1.26 from https://go.dev/dl/ and put it on PATH" >&2
  exit 1
fi
echo "==> downloading Go modules (pinned in go.mod)"
go mod download
