#!/usr/bin/env bash
# The main job on built-in defaults (`make run`): grows with the project.
set -euo pipefail
bin=${1:-bin/interactagent}
"$bin" help
