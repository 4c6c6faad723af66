"""Every game package has the same shape (issue 19 item 3), the way OpenSpiel's Python games
read alike: the same files, and in them the same names for the same ideas.

    cards.py  the catalogue as data          state.py  the frozen state, dump and load
    actions.py  the actions, a TypedDict union tagged by `type` (rules and legal use it)
    events.py   the events, a TypedDict union tagged by `event` (the rules write them)
    rules.py  new, to_act, legal_actions,    views.py  public, private, revealed: the only
              apply, result                            place that decides visibility
    bot.py    choose                         game.py   GAME: the metadata and the functions
                                                       above as one adapter.Engine

Every game is listed by name in app/games/registry.py (no discovery), and its bot is handed a
seat's view (`base.SeatView`), never the state.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from pathlib import Path

import pytest

from app.games import registry
from app.games.adapter import Engine
from app.games.base import REVEAL, Game, HandsOver, Priced, SeatView, View, view
from tests.support.tiny import TINY

GAMES = Path(__file__).resolve().parents[1] / "app" / "games"
PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())

# The names each standard module defines (a module may import them from one of its own).
STANDARD: dict[str, tuple[str, ...]] = {
    "cards": (),
    "actions": (),
    "events": (),
    "state": ("dump", "load"),
    "rules": ("new", "to_act", "legal_actions", "apply", "result"),
    "views": ("public", "private", "revealed"),
    "bot": ("choose",),
    "game": ("GAME",),
}
CONTRACT = (
    "new",
    "to_act",
    "legal_actions",
    "apply",
    "public",
    "private",
    "revealed",
    "result",
    "dump",
    "load",
    "bot_action",
)


# What a package still lacks of the shape (none now: Focifogadás closed its gaps).
# `test_every_known_gap_is_still_open` fails as soon as one closes, so this list only shrinks.
def gaps(package: str, root: Path = GAMES, prefix: str = "app.games.") -> set[str]:
    """The standard files, names and contract methods `package` (under `root`) lacks."""
    missing = {f"{name}.py" for name in STANDARD if not (root / package / f"{name}.py").is_file()}
    for name, names in STANDARD.items():
        if f"{name}.py" not in missing:
            module = importlib.import_module(f"{prefix}{package}.{name}")
            missing |= {f"{name}.{n}" for n in names if not hasattr(module, n)}
    if {"game.py", "game.GAME"} & missing:
        return missing
    game = importlib.import_module(f"{prefix}{package}.game").GAME
    missing |= {m for m in CONTRACT if not callable(getattr(game, m, None))}
    if not isinstance(getattr(game, "has_bot", None), bool):
        missing.add("has_bot")
    return missing


@pytest.mark.parametrize("package", PACKAGES)
def test_every_game_package_has_the_standard_files_and_the_contract(package: str) -> None:
    assert gaps(package) == set()


@pytest.mark.parametrize("package", PACKAGES)
def test_the_registry_lists_the_game_its_game_module_states(package: str) -> None:
    game = importlib.import_module(f"app.games.{package}.game").GAME
    assert game in registry.GAMES and registry.get(game.id) is game
    assert set(game.name) == {"en", "hu", "da"} and game.modes


def test_the_registry_is_the_list_of_the_packages() -> None:
    assert sorted(game.id for game in registry.GAMES) == PACKAGES


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_is_the_one_adapter_of_its_functions(package: str) -> None:
    """game.py declares an `Engine` (app/games/adapter.py) and defines no class of its own."""
    module = importlib.import_module(f"app.games.{package}.game")
    assert type(module.GAME) is Engine
    assert not [
        c for _, c in inspect.getmembers(module, inspect.isclass) if c.__module__ == module.__name__
    ]


@pytest.mark.parametrize("package", PACKAGES)
def test_the_bot_is_handed_the_seats_view_not_the_state(package: str) -> None:
    game = importlib.import_module(f"app.games.{package}.game").GAME
    assert game.bot is not None and game.has_bot
    handed = next(iter(inspect.signature(game.bot).parameters.values()))
    assert handed.annotation in (SeatView, "SeatView")


@pytest.mark.parametrize("package", PACKAGES)
def test_a_game_satisfies_the_protocol_and_its_state_is_frozen(package: str) -> None:
    game = importlib.import_module(f"app.games.{package}.game").GAME
    assert isinstance(game, Game)
    mode = next(iter(game.modes))
    spec = game.modes[mode]
    state = game.new(mode, spec.defaults(), spec.min_players, 1)
    params = getattr(type(state), "__dataclass_params__", None)
    assert params is not None and params.frozen, f"{type(state).__name__} is not frozen"
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(state, dataclasses.fields(state)[0].name, None)


@pytest.mark.parametrize("package", PACKAGES)
def test_view_composes_public_and_private(package: str) -> None:
    game = importlib.import_module(f"app.games.{package}.game").GAME
    mode = next(iter(game.modes))
    spec = game.modes[mode]
    state = game.new(mode, spec.defaults(), spec.min_players, 3)
    shown = game.public(state)
    assert view(game, state, None) == View(shown.phase, shown.public, None)
    for seat in range(spec.min_players):
        mine = game.private(state, seat)
        assert mine is not None
        assert view(game, state, seat) == View(shown.phase, shown.public, mine)
    assert game.private(state, spec.max_players) is None  # not a seat: no secrets
    assert view(game, state, REVEAL) == game.revealed(state)
    assert game.revealed(state).private is not None


def test_optional_capabilities_are_protocols() -> None:
    hattrick, duel = registry.get("hattrick"), registry.get("duel")
    assert isinstance(TINY, Priced) and not isinstance(TINY, HandsOver)
    for game in (hattrick, duel):
        assert not isinstance(game, Priced) and not isinstance(game, HandsOver)


def test_the_check_finds_a_missing_file_a_missing_name_and_a_missing_method(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = tmp_path / "shape_check_fake"
    fake.mkdir()
    for name in ("__init__", "cards", "state", "views", "bot"):
        (fake / f"{name}.py").write_text("")
    (fake / "game.py").write_text(
        "class G:\n    has_bot = True\n    def new(self): ...\nGAME = G()\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    found = gaps("shape_check_fake", tmp_path, prefix="")
    assert {"rules.py", "state.dump", "views.public", "bot.choose", "apply", "public"} <= found
    assert "new" not in found and "has_bot" not in found and "game.GAME" not in found
