# Zenith build, run and test. Only Node.js and npm are needed: Bun comes from the npm
# registry as a dev dependency and is bootstrapped here.
BUN := node_modules/.bin/bun
SRC := $(shell find src assets -type f 2>/dev/null)
WIDGET_SRC := $(shell find assets/widget -type f 2>/dev/null)

.PHONY: all build run test check bench eval sdk clean deps browser

all: build

# Dependencies: installed when missing or when the lock file changes.
# A clean clone gets exactly the lock file (npm ci); an existing tree is updated in place.
node_modules/.installed: package.json package-lock.json
	@if [ -x $(BUN) ]; then npm install --no-audit --no-fund; else npm ci --no-audit --no-fund; fi
	@touch $@

deps: node_modules/.installed

# The widget bundle the binary embeds.
dist/assets/widget.js: node_modules/.installed $(WIDGET_SRC) scripts/build-widget.ts
	$(BUN) scripts/build-widget.ts

# The o200k vocabulary the binary embeds for usage counts, from gpt-tokenizer's ranks.
dist/assets/o200k.bin: node_modules/.installed scripts/build-tokenizer.ts src/engine/tokens/vocab.ts
	$(BUN) scripts/build-tokenizer.ts

# Bytecode (ESM) spares the binary from parsing its whole bundle at every start (~80 ms).
# Workers are entry points of their own (src/workers.ts finds them inside the binary).
dist/zenith: node_modules/.installed dist/assets/widget.js dist/assets/o200k.bin $(SRC) package.json
	$(BUN) build src/main.ts src/store/checkpoint-worker.ts src/engine/ingest/parse-worker.ts --compile --minify --bytecode --format=esm \
	  --no-compile-autoload-dotenv --no-compile-autoload-bunfig \
	  --outfile dist/zenith

build: dist/zenith

run: build
	./dist/zenith serve --demo --db $${ZENITH_DB:-./zenith.db}

test: build sdk check browser
	$(BUN) test --timeout 60000 test/

# Type check of src/, test/ and scripts/ (TypeScript's native compiler, a few seconds);
# the SDK tests import the built bundle's declarations.
check: node_modules/.installed dist/sdk/index.js
	node_modules/.bin/tsc --noEmit -p .

bench: build
	$(BUN) test/bench/run.ts

eval: build
	$(BUN) test/eval/run.ts

SDK_SRC := $(shell find src/sdk -type f 2>/dev/null)

dist/sdk/index.js: node_modules/.installed $(SDK_SRC) scripts/build-sdk.ts
	$(BUN) scripts/build-sdk.ts

sdk: dist/sdk/index.js

# Debian's Chromium for the browser tests (no browser download: the distribution's package).
browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

clean:
	rm -rf dist
