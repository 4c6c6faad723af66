"""docker-compose.yml as a newcomer meets it: phones at the host's address may play (no
localhost-only Origins), and PUBLIC_URL reaches every app instance."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.api.ws import origin_allowed
from app.settings import Settings

ROOT = Path(__file__).resolve().parents[1]


def app_services() -> list[dict[str, Any]]:
    yaml = pytest.importorskip("yaml")
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    return [s for s in services.values() if s.get("build") == "." or "<<" in s]


def test_compose_lets_a_phone_at_the_hosts_address_open_a_socket() -> None:
    """nginx passes the phone's Host (http://192.168.1.10:8000) to an app configured as in
    compose; its page's Origin is let in."""
    assert "proxy_set_header Host $http_host;" in (ROOT / "deploy/nginx.conf").read_text()
    for service in app_services():
        env = {k.lower(): v for k, v in service["environment"].items() if "${" not in str(v)}
        settings = Settings(**env)
        scope = {
            "type": "websocket",
            "server": ("172.28.0.2", 8000),
            "headers": [(b"host", b"192.168.1.10:8000"), (b"origin", b"http://192.168.1.10:8000")],
        }
        assert origin_allowed(scope, settings)
        assert service["environment"]["PUBLIC_URL"] == "${PUBLIC_URL:-}"
