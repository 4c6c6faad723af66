#!/usr/bin/env bash
# The checks, after the install: what CI runs (.ci/run, after installing the lock) and what
# `make check` runs, one script so they cannot drift. Lint (ruff, mypy, hadolint), the client's
# types (tsc over static/js's JSDoc, no emit: typescript from package-lock.json), the
# migrations against the models (`alembic check` on a fresh SQLite database at head), then the
# whole suite with the `ci` hypothesis profile and the coverage floor (pyproject.toml's
# [tool.coverage.report] fail_under, of `app` in the test process: the browser tests' app runs
# in a subprocess of its own and does not count).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.venv/bin

echo "--- lint"
"$bin/ruff" check .
"$bin/ruff" format --check .
"$bin/mypy"
"$bin/hadolint" Dockerfile

echo "--- client types"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "deploy/check.sh: the client's type check needs Node.js (20 or later) and npm on PATH:" >&2
  echo "  apt-get install nodejs npm   (then npm ci installs the pinned typescript)" >&2
  exit 1
fi
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npx --no-install tsc --noEmit -p tsconfig.json

echo "--- migrations"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
DATABASE_URL="sqlite+aiosqlite:///$scratch/check.db" "$bin/alembic" upgrade head
DATABASE_URL="sqlite+aiosqlite:///$scratch/check.db" "$bin/alembic" check

echo "--- tests"
export HYPOTHESIS_PROFILE=ci
.venv/bin/python -m pytest --cov --cov-report=term:skip-covered "$@"  # the README's test command
