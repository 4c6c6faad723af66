#!/usr/bin/env bash
# Pin every dependency, with hashes, for Python 3.11 on any platform: requirements.lock (what
# the Docker image runs) and requirements-dev.lock (what CI installs). Run after changing the
# dependencies in pyproject.toml; `uv` comes with the dev extras.
set -euo pipefail
cd "$(dirname "$0")/.."
uv=${UV:-$(command -v uv || echo .venv/bin/uv)}
common=(--python-version 3.11 --universal --generate-hashes --quiet)
"$uv" pip compile pyproject.toml "${common[@]}" -o requirements.lock
"$uv" pip compile pyproject.toml --extra dev "${common[@]}" -o requirements-dev.lock
