# Two commands matter (README Quickstart): `make run` and `make test`.
# Everything they need is installed here, from PyPI and npm, into .venv/ and
# clients/node/node_modules/.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
PROTOS := $(wildcard proto/tablerules/v1/*.proto)
GENERATED := tablerules/v1/.generated

.PHONY: run test check proto viewer lint typecheck pytest node-test postgres chromium bench fuzz fuzz-requests fuzz-logs clean

$(INSTALLED): pyproject.toml clients/python/pyproject.toml
	@echo "installing the Python packages into $(VENV) (once, and after pyproject.toml changes)"
	@$(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install --quiet --upgrade pip
	@$(PY) -m pip install --quiet -e '.[dev,postgres]'
	@$(PY) -m pip install --quiet -e clients/python
	@touch $@

# Generated gRPC code (never edited by hand): ./tablerules/v1/*_pb2*.py
$(GENERATED): $(INSTALLED) $(PROTOS)
	@echo "generating the gRPC code from proto/"
	@rm -rf tablerules
	@$(PY) -m grpc_tools.protoc -Iproto --plugin=protoc-gen-mypy=$(VENV)/bin/protoc-gen-mypy --plugin=protoc-gen-mypy_grpc=$(VENV)/bin/protoc-gen-mypy_grpc --python_out=. --grpc_python_out=. --mypy_out=. --mypy_grpc_out=. $(PROTOS) >/dev/null
	@touch tablerules/__init__.py tablerules/v1/__init__.py $@

proto: $(GENERATED)

# A person's server: the log as text lines (TABLERULES_* settings still apply, docs/operations.md).
run: proto viewer
	@$(VENV)/bin/tablerules serve --log-format text

# The web viewer's page (clients/web): TypeScript from npm, compiled to clients/web/dist/,
# which `tablerules view` serves itself (no CDN, no bundler).
WEB_DIR := clients/web
WEB_INSTALLED := $(WEB_DIR)/node_modules/.installed
WEB_BUILT := $(WEB_DIR)/dist/app.js

$(WEB_INSTALLED): $(WEB_DIR)/package.json $(WEB_DIR)/package-lock.json
	@echo "installing the web viewer's packages from npm"
	@cd $(WEB_DIR) && npm ci --no-audit --no-fund --silent
	@touch $@

$(WEB_BUILT): $(WEB_INSTALLED) $(wildcard $(WEB_DIR)/src/*.ts $(WEB_DIR)/src/*/*.ts) $(WEB_DIR)/tsconfig.json
	@echo "building the web viewer's page"
	@cd $(WEB_DIR) && npm run --silent build

viewer: $(WEB_BUILT)

lint: proto
	$(PY) -m ruff check .

typecheck: proto
	$(PY) -m mypy domain service tools clients/python tests bench

# The server's tests run on SQLite and on PostgreSQL: a throwaway server (loopback, free port) from
# Debian's binaries; install them where we can, else their PostgreSQL cases (and bench rows) skip.
postgres:
	@if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	  else echo "PostgreSQL is not installed and cannot be installed here: its tests will skip"; fi; \
	fi

# The browser tests drive Debian's Chromium with Playwright (never a downloaded browser).
chromium:
	@if ! command -v chromium >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Chromium is not installed and cannot be installed here: the browser tests will skip"; fi; \
	fi

pytest: proto postgres viewer chromium
	PYTHONHASHSEED=0 $(PY) -m pytest
	# Determinism does not depend on hash order: the replay suites again under other seeds.
	PYTHONHASHSEED=1 $(PY) -m pytest tests/test_replays.py tests/test_golden_logs.py -p no:cacheprovider
	PYTHONHASHSEED=4242 $(PY) -m pytest tests/test_replays.py tests/test_golden_logs.py -p no:cacheprovider

# The Node client and the cross-language conformance suite (clients/node/README.md):
# packages from npm at the versions in package-lock.json; the suite starts its own
# server from .venv on a free loopback port.
NODE_DIR := clients/node
NODE_INSTALLED := $(NODE_DIR)/node_modules/.installed

$(NODE_INSTALLED): $(NODE_DIR)/package.json $(NODE_DIR)/package-lock.json
	cd $(NODE_DIR) && npm ci --no-audit --no-fund
	touch $@

node-test: proto $(NODE_INSTALLED)
	cd $(NODE_DIR) && npm test

test: lint typecheck pytest node-test

# The quick inner loop: lint, types and the tests that need no server, database or browser
# (the rules, the kernel, logs and their checks); `make test` is the whole suite.
check: lint typecheck
	PYTHONHASHSEED=0 $(PY) -m pytest -m "not server and not postgres and not browser" -p no:cacheprovider

# Its PostgreSQL rows start a throwaway server as the tests do (skipped, saying so, without one).
bench: proto postgres
	$(PY) -m bench.run

# Coverage-guided fuzzing (tests/fuzz), both targets side by side for FUZZ_SECONDS each;
# the corpus grows in .fuzz/<target>/ from run to run, findings land in .fuzz/findings/.
# `make test` runs the same targets for 45 s (tests/test_fuzz.py).
FUZZ_SECONDS ?= 600

fuzz:
	$(MAKE) -j2 fuzz-requests fuzz-logs

fuzz-requests fuzz-logs: proto
	mkdir -p .fuzz/findings
	$(PY) -m tests.fuzz $(@:fuzz-%=%) -max_total_time=$(FUZZ_SECONDS) -timeout=60 -rss_limit_mb=3072 \
	  -artifact_prefix=.fuzz/findings/ .fuzz/$(@:fuzz-%=%)

clean:
	rm -rf $(VENV) tablerules build *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis .fuzz
	rm -rf $(NODE_DIR)/node_modules $(NODE_DIR)/dist $(NODE_DIR)/src/generated $(WEB_DIR)/node_modules $(WEB_DIR)/dist
