#!/usr/bin/env bash
# Runs every fuzz target of the project for a short time each (default 10s); new failing inputs are
# written to the package's testdata/fuzz/ folder by `go test`, where they become regression seeds.
# usage: scripts/fuzz.sh [DURATION]
set -euo pipefail
time=${1:-10s}
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for f in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    echo "==> $pkg $f ($time)"
    go test -run '^$' -fuzz "^$f\$" -fuzztime "$time" "$pkg"
  done
done
