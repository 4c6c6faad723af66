"""The client's bundle says what its modules say: comments go, every string, template
literal and regular expression stays as written (a label's space included)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from app.api.bundle import Unbundlable, parse, strip
from app.api.pages import STATIC, assets


@pytest.mark.parametrize(
    ("source", "stripped"),
    [
        # the pad's "Corner 0": the space inside a nested template literal is the label's
        (
            'const b = f(`${e(a)}${n !== undefined ? ` ${n}` : ""}`, a); // count\n',
            'const b = f(`${e(a)}${n !== undefined ? ` ${n}` : ""}`, a);\n',
        ),
        (
            "/** doc\n * more\n */\nfunction f() {\n    return `a\n    // kept\n  ${ {a: 1}.a }`;\n}\n",
            "function f() {\nreturn `a\n    // kept\n  ${ {a: 1}.a }`;\n}\n",
        ),
        (
            "const u = 'http://x' + \"/* no */\";\n  const r = /a\\/\\/b[/]c/g.test(u) / 2; // c\n",
            "const u = 'http://x' + \"/* no */\";\nconst r = /a\\/\\/b[/]c/g.test(u) / 2;\n",
        ),
        ("const d = a / b /* half */ / c;\n", "const d = a / b / c;\n"),
    ],
)
def test_strip_takes_comments_and_indentation_only(source: str, stripped: str) -> None:
    assert strip(source) == stripped


def test_a_form_it_does_not_rewrite_is_refused() -> None:
    for source in ("export default 1;\n", "export let x = 1;\n", 'export * from "./a.js";\n'):
        with pytest.raises(Unbundlable):
            parse("/static/js/x.js", source)


@pytest.mark.skipif(
    shutil.which("node") is None,
    reason="node is not installed: `node --check` is what parses the bundle as a browser would (Debian package nodejs)",
)
def test_the_bundle_and_every_chunk_are_valid_javascript(tmp_path: Path) -> None:
    store = assets()
    assert store.bundled
    scripts = [a for path, a in store.files.items() if path.startswith("/static/bundle/")]
    assert len(scripts) > 10
    for asset in scripts:
        file = tmp_path / "check.mjs"
        file.write_bytes(asset.body)
        checked = subprocess.run(["node", "--check", str(file)], capture_output=True, text=True)
        assert checked.returncode == 0, (asset.path, checked.stderr)
    assert (STATIC / "js" / "app.js").is_file()
