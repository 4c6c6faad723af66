"""The project's own documents (docs/): the code cites the wire contract, the rules and the UX
brief only inside the repository, and every section it cites by number, name or appendix is in
the document it names."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
TEXT = {".py", ".js", ".css", ".html", ".json", ".md"}
THIS = Path(__file__).resolve()


def files(*places: str) -> list[Path]:
    found: list[Path] = []
    for place in places:
        path = ROOT / place
        if path.is_file():
            found.append(path)
        else:
            found += [p for p in sorted(path.rglob("*")) if p.suffix in TEXT and p.is_file()]
    return [p for p in found if p.resolve() != THIS]


PRODUCT = files("app", "static")  # what must not point outside the repository
CITING = files("app", "static", "tests", "bench", "README.md", "ARCHITECTURE.md")
GAMES = ("focifogadas", "hattrick")

NUMBER = r"\d+(?:\.\d+)*"
# "§10.5", "§6–§7", "§10.1–§10.7", "§7.6, §9", "§10 and §11", "§8.3." (a sentence's end)
RUN = rf"((?:(?:\s*(?:,|;|and|or))?\s*§\s?{NUMBER}\.?(?:\s?[–-]\s?§?{NUMBER})?)+)"
DOC = r"(docs/(?:rules/[a-z_]+|PROTOCOL|UX)\.md)"


def text_of(path: Path) -> str:
    return path.read_text("utf-8", errors="replace")


@cache
def outline(doc: str) -> dict[str, str]:
    """A document's headings, by their number ("6.3", "Appendix B") or their whole title,
    each with the text under it up to the next heading."""
    parts: dict[str, str] = {}
    key = None
    for line in (ROOT / doc).read_text("utf-8").splitlines():
        heading = re.match(r"#{2,4} (.+)", line)
        if heading:
            title = heading.group(1).strip()
            number = re.match(r"(\d+(?:\.\d+)*)\.?\s", title + " ")
            appendix = re.match(r"(Appendix [A-Z])\b", title)
            key = number.group(1) if number else appendix.group(1) if appendix else title
            parts[key] = ""
            parts[title] = ""
            parts.setdefault("\0titles", "")
            parts["\0titles"] += title + "\n"
        elif key is not None:
            parts[key] += line + "\n"
    return parts


def has_section(doc: str, number: str) -> bool:
    """§4.2.2 is item 2 of the section 4.2 when 4.2.2 is no heading of its own."""
    number = number.rstrip(".")
    parts = outline(doc)
    if number in parts:
        return True
    head, _, item = number.rpartition(".")
    return head in parts and re.search(rf"(?m)^\s*{item}\. ", parts[head]) is not None


def numbers(run: str) -> list[str]:
    return re.findall(NUMBER, run.replace("§", " "))


def cited_sections() -> list[tuple[str, str, str]]:
    """(citing file, document, section number) for every "docs/X.md §N" and "UX §N"."""
    found = []
    for path in CITING:
        text = text_of(path)
        name = str(path.relative_to(ROOT))
        for doc, run in re.findall(DOC + r"(?:'s)?" + RUN, text):
            found += [(name, doc, n) for n in numbers(run)]
        for run in re.findall(r"(?<![\w/.])UX(?:'s)?" + RUN, text):
            found += [(name, "docs/UX.md", n) for n in numbers(run)]
    return found


def test_nothing_in_app_or_static_points_outside_the_repository() -> None:
    readme_headings = re.findall(r"(?m)^## (.+)$", text_of(ROOT / "README.md"))
    for path in PRODUCT:
        text = text_of(path)
        name = str(path.relative_to(ROOT))
        assert "../shared" not in text and "/work/" not in text, name
        # "Beyond PROTOCOL.md v1" is the README's heading of what the server adds
        for beyond in re.findall(r"Beyond PROTOCOL\.md(?: v1)?", text):
            assert any(h.startswith(beyond) for h in readme_headings), (name, beyond)
        text = text.replace("Beyond PROTOCOL.md", "")
        for cited in re.findall(r"(?<![\w./-])([\w./-]*[\w-]\.md)\b", text):
            assert (ROOT / cited).is_file() or (path.parent / cited).is_file(), (name, cited)


def test_every_cited_document_is_in_docs() -> None:
    cited = set()
    for path in CITING:
        cited |= set(re.findall(r"(?<![\w/.-])(docs/[\w/-]+\.md)", text_of(path)))
    assert {"docs/PROTOCOL.md", "docs/UX.md", "docs/rules/focifogadas.md"} <= cited
    assert {"docs/rules/hattrick.md", "docs/rules/duel.md"} <= cited
    for doc in cited:
        assert (ROOT / doc).is_file(), doc


def test_every_section_cited_by_number_is_in_its_document() -> None:
    cited = cited_sections()
    docs = {doc for _, doc, _ in cited}
    assert {"docs/UX.md", "docs/rules/focifogadas.md", "docs/rules/hattrick.md"} <= docs
    assert len(cited) >= 100
    missing = [c for c in cited if not has_section(c[1], c[2])]
    assert not missing


def test_every_section_cited_by_name_or_appendix_is_in_its_document() -> None:
    cited = []
    for path in CITING:
        text = " ".join(text_of(path).split())  # a citation may wrap
        name = str(path.relative_to(ROOT))
        cited += [(name, doc, title) for doc, title in re.findall(DOC + r',? "([^"]+)"', text)]
        cited += [(name, doc, a) for doc, a in re.findall(DOC + r" (Appendix [A-Z])\b", text)]
    assert {c[2] for c in cited} >= {"Crews (1.1)", "WebSocket", "Appendix C", "An attack"}
    for name, doc, title in cited:
        titles = outline(doc)["\0titles"].splitlines()
        assert title in outline(doc) or any(t.startswith(title) for t in titles), (name, title)


@pytest.mark.parametrize("game", GAMES)
def test_a_games_bare_section_numbers_are_in_its_rules(game: str) -> None:
    """Inside a game's code, tests and client, "§7.2" or "(A13)" means that game's rules,
    unless the line names another document (UX, the protocol, an issue)."""
    doc = f"docs/rules/{game}.md"
    rows = set(re.findall(r"(?m)^\| ([ADF]\d+) \|", text_of(ROOT / doc)))
    places = files(f"app/games/{game}", f"static/js/games/{game}", f"tests/engines/{game}")
    checked = 0
    for path in places:
        for line in text_of(path).splitlines():
            if re.search(r"UX|PROTOCOL|DESIGN|issue|duel\.md", line):
                continue
            for run in re.findall(RUN, line):
                for n in numbers(run):
                    assert has_section(doc, n), (path.name, n, line.strip())
                    checked += 1
            for row in re.findall(r"\((A\d+)\)|§16 (A\d+)", line):
                assert "".join(row) in rows, (path.name, row, line.strip())
            if game == "hattrick":
                for row in re.findall(r"\b([DF]\d{1,2})\b", line):
                    assert row in rows, (path.name, row, line.strip())
    assert checked >= 30
