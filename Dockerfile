# Pitchside: the same `python -m app` the tests run, as a non-root user.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    HOST=0.0.0.0 \
    PORT=8000

WORKDIR /srv/pitchside
RUN groupadd --system --gid 10001 pitchside \
 && useradd --system --uid 10001 --gid pitchside --home-dir /srv/pitchside pitchside

# Every dependency pinned with its hash (requirements.lock, made by deploy/lock.sh), then the
# app itself without resolving anything again.
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock
COPY pyproject.toml README.md alembic.ini ./
COPY app ./app
COPY migrations ./migrations
COPY static ./static
RUN pip install --no-cache-dir --no-deps . && mkdir -p data && chown pitchside:pitchside data

USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen(f\"http://127.0.0.1:{os.environ.get('PORT', '8000')}/healthz\", timeout=2)"]
CMD ["python", "-m", "app"]
