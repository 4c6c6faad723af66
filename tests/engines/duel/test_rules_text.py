"""The project's own Duel rules text, docs/rules/duel.md: every section the engine cites is in
it, nothing points outside the repository, and the rules the Danish rulebook does not state
are marked designed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
TEXT = (ROOT / "docs/rules/duel.md").read_text("utf-8")
HEADINGS = {line[3:].strip() for line in TEXT.splitlines() if line.startswith("## ")}
SOURCES = sorted((ROOT / "app/games/duel").glob("*.py"))


def tag_of(words: str) -> str:
    """The tag of the rule that says `words`: the first tag after them in the text."""
    flat = " ".join(TEXT.replace("**", "").split())
    assert flat.count(words) == 1, words
    tag = re.search(r"\[(rulebook|designed)\]", flat[flat.index(words) :])
    assert tag is not None, words
    return tag.group(1)


def test_every_section_the_engine_cites_is_in_the_rules_text() -> None:
    cited = set()
    for source in SOURCES:
        text = " ".join(source.read_text("utf-8").split())
        cited |= set(re.findall(r'docs/rules/duel\.md "([^"]+)"', text))
    assert "An attack" in cited and len(cited) >= 8
    for name in cited:
        assert any(h == name or h.startswith(name) for h in HEADINGS), name


def test_the_engine_cites_no_rules_text_outside_the_repository() -> None:
    for source in [*SOURCES, ROOT / "docs/rules/duel.md"]:
        text = source.read_text("utf-8")
        assert "../" not in text and "shared/rules" not in text, source.name
        assert not re.search(r"(?<!docs/)rules/duel\.md", text), source.name


@pytest.mark.parametrize(
    "words",
    [
        "the other team starts with the ball",  # who kicks off the second half
        "shuffles the whole 33-card deck again",  # the shoot-out's deck
        "reshuffled",  # the second half's deck: the rulebook leaves it to the players
        "leaves an empty goal",
    ],
)
def test_rules_the_rulebook_does_not_state_are_marked_designed(words: str) -> None:
    assert tag_of(words) == "designed"


@pytest.mark.parametrize(
    "words",
    [
        "if every challenge of the possession was a tie, it is a throw-in",
        "The second won duel of the same possession earns a shot",
        "a 1 beats an 11",
    ],
)
def test_rules_of_the_rulebook_are_marked_so(words: str) -> None:
    assert tag_of(words) == "rulebook"
