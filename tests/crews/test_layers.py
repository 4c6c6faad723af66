"""The crews keep only the rules and the flow (issue 19 item 2): no module of app/crews
imports SQLAlchemy or the ORM rows of app/db/models.py, even inside a function or under
TYPE_CHECKING; every query is in app/db/crews.py. No module of the crews is past ~300 lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rooms.test_layers import imports

APP = Path(__file__).resolve().parents[2] / "app"
CREWS = sorted((APP / "crews").glob("*.py"))
LINES_MAX = 300


@pytest.mark.parametrize("path", CREWS, ids=lambda p: p.stem)
def test_the_crews_write_no_sql(path: Path) -> None:
    found = imports(path)
    assert not [i for i in found if i.split(".")[0] == "sqlalchemy"], path.name
    assert not [i for i in found if i.startswith("app.db.models")], path.name


def test_the_crews_reach_the_database_only_through_its_records_and_transactions() -> None:
    """app/db/crews.py (`CrewTx` and the crew records) and app/db/rooms.py (`Tx`, the room
    records): not the SQL of app/db/store.py, nor the sessions."""
    reached = {i for path in CREWS for i in imports(path) if i.startswith("app.db")}
    assert {".".join(i.split(".")[:3]) for i in reached} <= {"app.db.crews", "app.db.rooms"}


@pytest.mark.parametrize("path", [*CREWS, APP / "db" / "crews.py"], ids=lambda p: p.stem)
def test_no_crew_module_is_past_its_size(path: Path) -> None:
    assert len(path.read_text().splitlines()) <= LINES_MAX, path.name
