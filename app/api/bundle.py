"""The client's ES modules as one script per page, made when the server starts (no build step).

A phone on mobile data opens at most six connections to the server, and each request costs it
a round trip (bench/mobile_load.py: 562 ms on fast 3G), so 48 modules fetched one by one took
nine round trips however early they were hinted. Here the static import graph of an entry
(`/static/js/app.js`) becomes one script: each module a function in a small registry, evaluated
in the order ES modules are (its imports first, depth first, once each). Every other module
under static/js that an `import()` may ask for (a game's table.js or options.js) becomes a
chunk of its own: the module with its static imports that the bundle lacks, fetched on first
`import()`. So a module is evaluated once whichever way it is reached.

The rewriting is by the forms the client uses (prettier-formatted, imports and exports at the
start of a line): `import {a, b as c} from "…"`, `import * as ns from "…"`, `export function`,
`export async function`, `export class`, `export const`, `export {a, b as c}` and
`export {a} from "…"`, `import.meta.url` and `import(…)`. Exports are read through getters, so
a namespace import sees a module's bindings as they are now; a named import is read once,
after its module ran, which is the same for the `const`, function and class exports allowed
here. Anything else (a default export, `export let`, `export *`, a cycle between modules,
another use of `import.meta`) raises `Unbundlable`, and the pages then load the modules as
they are (`app.api.assets`).
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

# A module's source by its URL path ("/static/js/shell.js"), or None when there is none.
Source = Callable[[str], "str | None"]

_NAME = r"[A-Za-z_$][\w$]*"
_STATIC_IMPORT = re.compile(
    rf"""^import\s+(?P<clause>\{{[^}}]*\}}|\*\s+as\s+{_NAME})\s+from\s+"(?P<spec>[^"]+)"\s*;?""",
    re.M,
)
_REEXPORT = re.compile(r"""^export\s+\{(?P<names>[^}]*)\}\s+from\s+"(?P<spec>[^"]+)"\s*;?""", re.M)
_EXPORT_LIST = re.compile(r"^export\s+\{(?P<names>[^}]*)\}\s*;?", re.M)
_EXPORT_DECL = re.compile(
    rf"^export\s+(?P<kind>(?:async\s+)?function\s*\*?|class|const)\s+(?P<name>{_NAME})(?=[\s(={{;<])",
    re.M,
)
_ANY_IMPORT = re.compile(r"^import\b(?!\s*\()", re.M)
_ANY_EXPORT = re.compile(r"^export\b", re.M)
_META_URL = re.compile(r"\bimport\.meta\.url\b")
_META = re.compile(r"\bimport\.meta\b")
_DYNAMIC = re.compile(r"(?<![\w$.])import\s*\(")
_AS = re.compile(rf"^(?P<name>{_NAME})(?:\s+as\s+(?P<alias>{_NAME}))?$")


class Unbundlable(ValueError):
    """A module uses a form this bundler does not rewrite."""


@dataclass
class Module:
    url: str
    body: str  # the source with its import and export syntax rewritten
    deps: list[str] = field(default_factory=list)  # static imports, in source order
    dynamic: bool = False  # calls import()


def resolve(spec: str, base: str) -> str:
    """A module specifier as the URL path it names, from the module at `base`."""
    if spec.startswith("/"):
        return posixpath.normpath(spec)
    if spec.startswith(("./", "../")):
        return posixpath.normpath(posixpath.join(posixpath.dirname(base), spec))
    raise Unbundlable(f"{base}: bare specifier {spec!r}")


def _names(listed: str, where: str) -> list[tuple[str, str]]:
    """`a, b as c` as [(local or imported name, exported or local name)]."""
    out = []
    for part in listed.split(","):
        part = part.strip()
        if not part:
            continue
        found = _AS.match(part)
        if found is None:
            raise Unbundlable(f"{where}: cannot read {part!r}")
        out.append((found["name"], found["alias"] or found["name"]))
    return out


def parse(url: str, source: str) -> Module:
    """`source` as a registry module (see the module's docstring), or Unbundlable."""
    lines: list[str] = []  # statements run before the body: the imports, in order
    getters: list[str] = []  # exported name -> expression
    deps: list[str] = []
    spans: list[tuple[int, int, str]] = []  # (start, end, replacement) in `source`

    def need(spec: str) -> str:
        dep = resolve(spec, url)
        deps.append(dep)
        return json.dumps(dep)

    for m in _STATIC_IMPORT.finditer(source):
        clause = m["clause"]
        if clause.startswith("*"):
            target = f"const {clause.split()[-1]}"
        else:
            pairs = _names(clause[1:-1], url)
            target = "const { " + ", ".join(f"{a}: {b}" for a, b in pairs) + " }"
        lines.append(f"{target} = __m.r({need(m['spec'])});")
        spans.append((m.start(), m.end(), ""))
    for m in _REEXPORT.finditer(source):
        dep = need(m["spec"])
        lines.append(f"__m.r({dep});")
        getters += [f"{json.dumps(b)}: () => __m.r({dep}).{a}" for a, b in _names(m["names"], url)]
        spans.append((m.start(), m.end(), ""))
    taken = {start for start, _, _ in spans}
    for m in _EXPORT_LIST.finditer(source):
        if m.start() in taken:
            continue
        getters += [f"{json.dumps(b)}: () => {a}" for a, b in _names(m["names"], url)]
        spans.append((m.start(), m.end(), ""))
    for m in _EXPORT_DECL.finditer(source):
        getters.append(f"{json.dumps(m['name'])}: () => {m['name']}")
        spans.append((m.start(), m.start() + len("export"), ""))
    starts = {start for start, _, _ in spans}
    for pattern in (_ANY_IMPORT, _ANY_EXPORT):
        for m in pattern.finditer(source):
            if m.start() not in starts:
                line = source[m.start() : source.find("\n", m.start())]
                raise Unbundlable(f"{url}: cannot bundle {line.strip()!r}")
    body = source
    for start, end, text in sorted(spans, reverse=True):
        # the removed lines stay as empty ones: the body keeps its line numbers
        body = body[:start] + text + "\n" * source.count("\n", start, end) + body[end:]
    body = _META_URL.sub("__m.url", body)
    if _META.search(body):
        raise Unbundlable(f"{url}: uses import.meta beyond import.meta.url")
    dynamic = bool(_DYNAMIC.search(body))
    body = _DYNAMIC.sub("__m.i(", body)
    head = f"__m.e({{ {', '.join(getters)} }});" if getters else ""
    return Module(url, "\n".join([head, *lines, body]), deps, dynamic)


_SPECIFIER = re.compile(r'^(?:import|export)\b[^;"]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"', re.M)


def imports(url: str, source: str) -> list[str]:
    """The modules `source` imports statically, whatever its forms (no rewriting)."""
    out = []
    for m in _SPECIFIER.finditer(source):
        spec = m[1] or m[2]
        if spec.startswith(("/", "./", "../")):
            out.append(resolve(spec, url))
    return out


def graph(entries: Iterable[str], source: Source, skip: frozenset[str] = frozenset()) -> list[str]:
    """The modules statically imported from `entries` (themselves included), each after its
    imports (the order ES modules are evaluated in), leaving out `skip`. A cycle, or a
    module that is missing or cannot be read, raises Unbundlable."""
    order: list[str] = []
    state: dict[str, str] = {}

    def visit(url: str, path: tuple[str, ...]) -> None:
        if url in skip or state.get(url) == "done":
            return
        if state.get(url) == "open":
            raise Unbundlable("import cycle: " + " -> ".join((*path, url)))
        text = source(url)
        if text is None:
            raise Unbundlable(f"{path[-1] if path else 'entry'}: no module {url}")
        state[url] = "open"
        for dep in parse(url, text).deps:
            visit(dep, (*path, url))
        state[url] = "done"
        order.append(url)

    for entry in entries:
        visit(entry, ())
    return order


# The registry: `d` defines a module, `r` evaluates one (once) and answers its exports,
# `i` is a module's import(): from the registry, after fetching the chunk that defines it.
RUNTIME = """const __P = (globalThis.__pitchside ??= (() => {
  const defs = new Map(), done = new Map(), chunks = new Map();
  const r = (url) => {
    let ns = done.get(url);
    if (ns) return ns;
    const def = defs.get(url);
    if (!def) throw new TypeError(`no module ${url} in the bundle`);
    ns = Object.create(null);
    Object.defineProperty(ns, Symbol.toStringTag, { value: "Module" });
    done.set(url, ns);
    const m = {
      url: new URL(url, location.href).href,
      r,
      e: (getters) => {
        for (const [k, get] of Object.entries(getters)) Object.defineProperty(ns, k, { get, enumerable: true });
      },
      i: (spec) => load(new URL(spec, m.url).pathname),
    };
    def(m);
    return ns;
  };
  const load = async (url) => {
    if (!defs.has(url)) {
      const chunk = chunks.get(url);
      if (!chunk) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
      await import(chunk);
    }
    return r(url);
  };
  return { r, load, chunks, d: (url, def) => defs.has(url) || defs.set(url, def) };
})());
"""


def define(module: Module) -> str:
    return f"__P.d({json.dumps(module.url)}, (__m) => {{\n{module.body}\n}});\n"


def bundle(
    entry: str, source: Source, chunks: dict[str, str] | None = None, lazy: Iterable[str] = ()
) -> tuple[str, list[str]]:
    """The script that runs `entry` (a module URL path) with its whole static graph, and the
    modules it defines. `lazy` modules (and their imports) are defined too, for an import()
    to evaluate without a fetch; `chunks` maps each other module an import() may ask for to
    the URL of its chunk."""
    order = graph([entry], source)
    order += graph(lazy, source, skip=frozenset(order))
    parts = [RUNTIME]
    if chunks:
        parts.append(
            f"for (const [k, v] of Object.entries({json.dumps(chunks)})) __P.chunks.set(k, v);\n"
        )
    for url in order:
        text = source(url)
        assert text is not None  # graph() read it
        parts.append(define(parse(url, text)))
    parts.append(f"__P.r({json.dumps(entry)});\n")
    return "".join(parts), order


def chunk(entry: str, source: Source, have: frozenset[str]) -> tuple[str, list[str]]:
    """The script defining `entry` and its static imports not in `have` (the bundle's), for
    an import() of `entry`: a module that only adds definitions to the bundle's registry."""
    order = graph([entry], source, skip=have)
    parts = ["const __P = globalThis.__pitchside;\n"]
    for url in order:
        text = source(url)
        assert text is not None
        parts.append(define(parse(url, text)))
    return "".join(parts), order


_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^")
_REGEX_WORDS = {
    "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw",
    "instanceof", "yield", "await",
}  # fmt: skip


def strip(source: str) -> str:
    """`source` without its comments, its lines' indentation and its empty lines: nothing
    else changes (each line ends where it did, so semicolon insertion reads it the same).
    A scan of the source's strings, template literals (nested in `${}` too) and regular
    expressions finds the comments; what these hold is kept byte for byte."""
    out: list[str] = []
    i, n = 0, len(source)
    line_start = True  # nothing but blanks kept since the last newline
    last = ""  # the last significant character outside comments (regex or division?)
    word = ""  # the identifier or keyword ending there, if any
    braces: list[int] = []  # per open `${`: the depth of `{` inside it

    def emit(text: str) -> None:
        nonlocal line_start
        out.append(text)
        line_start = False

    def newline() -> None:
        nonlocal line_start
        if not line_start:
            out.append("\n")
        line_start = True

    def template(at: int) -> int:
        """Copy the template literal's text from `at` (after a backtick or a `}` ending an
        expression) to its end or its next `${`; the index after it."""
        j = at
        while j < n:
            c = source[j]
            if c == "\\":
                j += 2
                continue
            if c == "`":
                emit(source[at : j + 1])
                return j + 1
            if c == "$" and source.startswith("${", j):
                emit(source[at : j + 2])
                braces.append(0)
                return j + 2
            j += 1
        raise Unbundlable("a template literal without its end")

    while i < n:
        c = source[i]
        if c == "\n":
            newline()
            i += 1
        elif c in " \t\r":
            j = i
            while j < n and source[j] in " \t\r":
                j += 1
            if not line_start and j < n and not source.startswith(("\n", "//", "/*"), j):
                emit(source[i:j])  # not before a comment: its blanks go with it
            i = j
        elif source.startswith("//", i):
            while i < n and source[i] != "\n":
                i += 1
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            if end < 0:
                raise Unbundlable("a comment without its end")
            if "\n" in source[i:end]:
                newline()
            elif not line_start and end + 2 < n and source[end + 2] not in " \t\r\n":
                emit(" ")  # a comment between two tokens still parts them
            i = end + 2
        elif c in "\"'":
            j = i + 1
            while j < n and source[j] != c:
                if source[j] == "\n":
                    raise Unbundlable("a string without its end")
                j += 2 if source[j] == "\\" else 1
            emit(source[i : j + 1])
            i, last, word = j + 1, c, ""
        elif c == "`":
            emit("`")
            i, last, word = template(i + 1), "`", ""
        elif c == "/" and (last in _REGEX_AFTER or not last or word in _REGEX_WORDS):
            j, in_class = i + 1, False
            while j < n and source[j] != "\n" and (in_class or source[j] != "/"):
                if source[j] == "\\":
                    j += 1
                elif source[j] == "[":
                    in_class = True
                elif source[j] == "]":
                    in_class = False
                j += 1
            if j >= n or source[j] != "/":  # no end on this line: a division after all
                emit(c)
                i, last, word = i + 1, c, ""
                continue
            j += 1
            while j < n and (source[j].isalnum() or source[j] in "_$"):
                j += 1  # the flags
            emit(source[i:j])
            i, last, word = j, "/", ""
        elif c == "}" and braces and braces[-1] == 0:
            braces.pop()
            emit("}")
            i, last, word = template(i + 1), "`", ""
        else:
            j = i + 1
            if c.isalnum() or c in "_$":
                while j < n and (source[j].isalnum() or source[j] in "_$"):
                    j += 1
                word = source[i:j]
            else:
                word = ""
                if braces and c == "{":
                    braces[-1] += 1
                elif braces and c == "}":
                    braces[-1] -= 1
            emit(source[i:j])
            i, last = j, source[j - 1]
    if braces:
        raise Unbundlable("a template literal's ${ without its }")
    return "".join(out).strip("\n") + "\n"
