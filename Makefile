# InteractAgent — the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
BIN := bin/interactagent
# Packages whose code starts goroutines; they are tested again under the race detector.
RACE_PKGS := ./motion/... ./scene/... ./eval/... ./render/... ./executor/... ./httpclient/... ./mllm/... ./agent/... ./bench/... ./wiring/... ./task/... ./instruction/... ./action/... ./app/... ./cmd/...
export LANG ?= en_US.UTF-8

.PHONY: package
# The desktop app as a Linux package (tar.xz with the binary, icon and desktop entry), by fyne package.
package: deps
	@mkdir -p bin && cd cmd/interactagent && cp FyneApp.toml .FyneApp.toml.keep && \
	  { go run fyne.io/tools/cmd/fyne@v1.7.4 package -os linux -name InteractAgent; rc=$$?; mv .FyneApp.toml.keep FyneApp.toml; exit $$rc; } && \
	  mv InteractAgent.tar.xz ../../bin/
	@echo "==> bin/InteractAgent.tar.xz"

.PHONY: all deps build run test vet fmt-check unit race bench fuzz check-exports clean

all: build

deps:
	@scripts/deps.sh

build: deps
	@echo "==> building $(BIN)"
	@go build -o $(BIN) ./cmd/interactagent

run: build
	@scripts/demo.sh $(BIN)

test: deps vet fmt-check unit race

vet:
	@echo "==> go vet"
	@go vet ./...

fmt-check:
	@echo "==> gofmt check"
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

# The command's end-to-end tests take 4–5 minutes alone and 8–10 under -race on two cores, over
# go test's default 10-minute limit once anything else shares the machine: each package gets 30.
unit:
	@echo "==> go test ./..."
	@go test -count=1 -timeout 30m ./...

race:
	@echo "==> go test -race $(RACE_PKGS)"
	@go test -count=1 -timeout 30m -race $(RACE_PKGS)

bench:
	@go test -run '^$$' -bench . -benchmem ./...

# Short fuzzing of every parser; the seed corpora live in testdata/fuzz beside each package.
fuzz:
	@scripts/fuzz.sh 10s

# Imports the exports (glTF, GLB, BVH) into Blender, headless, and checks their frame counts and where
# the root ends; installs Debian's Blender when it is missing. Not part of `make test` or CI.
check-exports: build
	@scripts/check-exports.sh $(BIN)

clean:
	rm -rf bin runs
