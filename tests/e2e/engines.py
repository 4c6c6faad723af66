"""A phone in each browser engine a friend may hold: Chromium (Playwright), Gecko (Debian's
`firefox-esr`, over Marionette) and WebKit (WebKitGTK's MiniBrowser, the engine of iOS Safari,
over W3C WebDriver under an Xvfb display of its own), behind one small `Phone` protocol so that
one test body plays in all three (TESTING.md "Gecko and WebKit beside Chromium").

Nothing here downloads a browser or a driver: each engine is the Debian package's binary,
named by its path (Selenium Manager never runs: the driver's path is given), and a phone
whose engine is not installed skips with the `apt-get install` line that brings it.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any, Protocol

import pytest

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE

FIREFOX = os.environ.get("PITCHSIDE_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("PITCHSIDE_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get(
    "PITCHSIDE_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
)
XVFB = os.environ.get("PITCHSIDE_XVFB", "/usr/bin/Xvfb")
ENGINES = ("chromium", "gecko", "webkit")
GECKO_PREFS: dict[str, Any] = {
    "marionette.port": 0,  # Firefox picks a free port and writes it to MarionetteActivePort
    "intl.accept_languages": "en-GB",
    "browser.shell.checkDefaultBrowser": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "app.update.disabledForTesting": True,
}
START_TIMEOUT_S = 90  # a cold Firefox on a busy 2-core machine takes 10-20 s


class Phone(Protocol):
    """A phone-sized page in one engine (Chromium 390×844 with touch; Gecko's and WebKit's
    windows go no narrower than 500 and 447 px, still one column: the page is at most 480
    px wide). `eval` runs the body of a function (`return …`, its
    arguments in `arguments`) in the page; `tap_at` presses and releases the primary pointer
    at a point of the viewport, as a finger would (a touch in Chromium and Gecko; WebKitGTK's
    driver turns a touch into the mouse, so WebKit's tap is a click)."""

    engine: str

    def goto(self, url: str) -> None: ...

    def eval(self, body: str, *args: Any) -> Any: ...

    def tap_at(self, x: float, y: float) -> None: ...

    def type(self, selector: str, text: str) -> None: ...

    def choose(self, selector: str, label: str) -> None: ...

    def shot(self, path: Path) -> None: ...

    def close(self) -> None: ...


# --- what a test does with any phone -------------------------------------------------------


def wait(phone: Phone, body: str, *args: Any, timeout: float = 20, why: str = "") -> Any:
    """Polls `body` in the page until it returns something truthy, and returns that; fails
    after `timeout` seconds, saying `why` (a condition, not a fixed sleep)."""
    deadline = time.monotonic() + timeout
    while True:
        value = phone.eval(body, *args)
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"{phone.engine}: {why or body.strip()[:120]} not within {timeout} s")
        time.sleep(0.05)


# Scrolls the element to the middle of the screen and says where to put a finger: its centre,
# or why not (absent, not drawn, disabled, or something else lies on that point).
_AIM = """
const el = typeof arguments[0] === "string" ? document.querySelector(arguments[0]) : arguments[0];
if (!el) return {error: `nothing matches ${arguments[0]}`};
el.scrollIntoView({block: "center", inline: "nearest"});
const r = el.getBoundingClientRect();
if (!(r.width > 0 && r.height > 0)) return {error: `${arguments[0]} has no box (${r.width}×${r.height})`};
if (el.disabled) return {error: `${arguments[0]} is disabled`};
const x = r.left + r.width / 2, y = r.top + r.height / 2;
const hit = document.elementFromPoint(x, y);
if (!hit || !(el === hit || el.contains(hit)))
  return {error: `${arguments[0]} is covered by ${hit ? hit.outerHTML.slice(0, 80) : "nothing"}`};
return {x, y};
"""


class TapMissed(AssertionError):
    """The control to tap was gone, boxless, disabled or covered when the finger came."""


def tap(phone: Phone, selector: str, patience: float = 10) -> None:
    """Brings `selector` into view and taps its centre, once it can be tapped (within
    `patience` seconds, else TapMissed saying why not)."""
    deadline = time.monotonic() + patience
    while "error" in (aim := phone.eval(_AIM, selector)):
        if time.monotonic() > deadline:
            raise TapMissed(f"{phone.engine}: {aim['error']}")
        time.sleep(0.05)
    phone.tap_at(aim["x"], aim["y"])


_MARK_BY_TEXT = """
const [selector, text] = arguments;
document.querySelector("[data-e2e=pick]")?.removeAttribute("data-e2e");
const el = [...document.querySelectorAll(selector)].find((e) => e.textContent.includes(text) && !e.disabled);
if (!el) return false;
el.setAttribute("data-e2e", "pick");
return true;
"""


def tap_text(phone: Phone, selector: str, text: str, timeout: float = 20) -> None:
    """Taps the first enabled `selector` whose text contains `text`, once there is one."""
    wait(phone, _MARK_BY_TEXT, selector, text, timeout=timeout, why=f"{selector} {text!r}")
    tap(phone, "[data-e2e=pick]")


# Every action a person is meant to see has a box: each button, link button, summary and select
# (and each seat of the table's header, who is still to act) that nothing sets aside on purpose
# (the `hidden` attribute, a closed <dialog> or <details>, a screen-reader-only text, the dock
# and the seats under the full-time takeover) is drawn with a width and a height. A rule that
# leaves one without a box (WebKit's `:has(:empty)`) is what this finds: "what (where)" each.
DRAWN = """
const out = [];
const label = (el) => (el.getAttribute("aria-label") || el.textContent || el.id || el.tagName)
  .replace(/\\s+/g, " ").trim().slice(0, 40);
const where = (el) => {
  const band = el.closest("#dock, #head, main, dialog, .toasts, body");
  return band.id ? "#" + band.id : band.tagName.toLowerCase();
};
const asides = "[hidden], dialog:not([open]), template, .sr, .offscreen, " +
  "body.takeover-on #dock, body.takeover-on .head-who";
const shown = "button, a.btn, [role=button], summary, select, #table-seats > li";
for (const el of document.querySelectorAll(shown)) {
  if (el.closest(asides)) continue;
  const closed = el.parentElement?.closest("details:not([open])");
  if (closed && !(el.tagName === "SUMMARY" && el.parentElement === closed)) continue;
  const r = el.getBoundingClientRect();
  if (r.width > 0 && r.height > 0) continue;
  out.push(`"${label(el)}" (${where(el)}) has no box: ${r.width}×${r.height}`);
}
return out;
"""


def assert_drawn(phone: Phone, screen: str) -> None:
    """Every action on `screen` a person is meant to see is drawn with a box."""
    missing = phone.eval(DRAWN)
    assert not missing, f"{phone.engine}, {screen}: " + "; ".join(missing)


def shot(phone: Phone, shots: Path, name: str) -> None:
    """The phone's screen as its player sees it, in `shots` as ENGINE-NAME.png."""
    shots.mkdir(parents=True, exist_ok=True)
    phone.shot(shots / f"{phone.engine}-{name}.png")


# --- the three engines ------------------------------------------------------------------------


class ChromiumPhone:
    """Debian's Chromium through Playwright's sync API: a 390×844 touch phone."""

    engine = "chromium"

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        try:
            self._browser = self._playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS
            )
            # bypass_csp: as conftest's browser fixture (the page's CSP refuses eval)
            context = self._browser.new_context(**PHONE, bypass_csp=True)
            self._page = context.new_page()
        except BaseException:
            self._playwright.stop()
            raise

    def goto(self, url: str) -> None:
        self._page.goto(url)

    def eval(self, body: str, *args: Any) -> Any:
        return self._page.evaluate(f"(args) => (function () {{ {body} }}).apply(null, args)", args)

    def tap_at(self, x: float, y: float) -> None:
        self._page.touchscreen.tap(x, y)

    def type(self, selector: str, text: str) -> None:
        self._page.fill(selector, text)

    def choose(self, selector: str, label: str) -> None:
        self._page.select_option(selector, label=label)

    def shot(self, path: Path) -> None:
        self._page.screenshot(path=str(path))

    def close(self) -> None:
        try:
            self._browser.close()
        finally:
            self._playwright.stop()


def _option_xpath(selector: str, label: str) -> str:
    """The <option> labelled `label` of the <select> `#id` (WebDriver picks an option by a
    click on it, the way a person picks one from the list)."""
    assert selector.startswith("#"), selector
    return f"//select[@id={json.dumps(selector[1:])}]/option[normalize-space()={json.dumps(label)}]"


def _started(owned: contextlib.ExitStack, argv: list[str], **popen: Any) -> subprocess.Popen[bytes]:
    """`argv` running, stopped (terminated, else killed) when `owned` closes."""
    process = subprocess.Popen(argv, **popen)

    def stop() -> None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                pipe.close()

    owned.callback(stop)
    return process


def _wait_for_file(path: Path, process: subprocess.Popen[bytes], what: str) -> str:
    deadline = time.monotonic() + START_TIMEOUT_S
    while not (path.exists() and path.read_text().strip()):
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not start (exit code {process.poll()})")
        time.sleep(0.1)
    return path.read_text().strip()


class _WebDriverPhone:
    """What Marionette and Selenium share: find_element(using, value) with WebDriver's
    strategies ("css selector", "xpath") and elements that clear, send keys and click. What
    the phone started (a browser, a display) stops on close(), in reverse order."""

    engine = ""
    _driver: Any

    def __init__(self) -> None:
        self._owned = contextlib.ExitStack()

    def type(self, selector: str, text: str) -> None:
        field = self._driver.find_element("css selector", selector)
        field.clear()
        field.send_keys(text)

    def choose(self, selector: str, label: str) -> None:
        # WebDriver scrolls a control only until it touches the screen's edge, under the
        # sticky dock: a person scrolls it to the middle first, then picks from the list.
        self.eval(
            "document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", selector
        )
        self._driver.find_element("xpath", _option_xpath(selector, label)).click()

    def eval(self, body: str, *args: Any) -> Any:
        raise NotImplementedError

    def close(self) -> None:
        self._owned.close()


class GeckoPhone(_WebDriverPhone):
    """Debian's Firefox ESR, headless, on a profile of its own, driven over Marionette (there
    is no geckodriver in Debian): `firefox-esr --marionette` with the port chosen by Firefox
    (`marionette.port` 0, read back from the profile's MarionetteActivePort)."""

    engine = "gecko"

    def __init__(self) -> None:
        super().__init__()
        with warnings.catch_warnings():  # mozinfo calls distro's deprecated linux_distribution
            warnings.simplefilter("ignore", DeprecationWarning)
            from marionette_driver.marionette import Marionette
        with self._owned as owned:
            profile = Path(tempfile.mkdtemp(prefix="pitchside-gecko-"))
            owned.callback(shutil.rmtree, profile, ignore_errors=True)
            prefs = (
                f"user_pref({json.dumps(k)}, {json.dumps(v)});" for k, v in GECKO_PREFS.items()
            )
            (profile / "user.js").write_text("\n".join(prefs) + "\n")
            argv = [FIREFOX, "--headless", "--marionette", "--no-remote", "--profile", str(profile)]
            firefox = _started(owned, argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            port = _wait_for_file(profile / "MarionetteActivePort", firefox, "firefox-esr")
            self._driver = Marionette(host="127.0.0.1", port=int(port))
            self._driver.start_session()
            owned.callback(self._driver.delete_session)
            self._driver.set_window_rect(width=390, height=844)
            self._owned = owned.pop_all()

    def goto(self, url: str) -> None:
        self._driver.navigate(url)

    def eval(self, body: str, *args: Any) -> Any:
        # sandbox=None: the page's own window, not an Xray view of it
        return self._driver.execute_script(body, script_args=args, sandbox=None, new_sandbox=False)

    def tap_at(self, x: float, y: float) -> None:
        finger = self._driver.actions.sequence("pointer", "finger", {"pointerType": "touch"})
        finger.pointer_move(round(x), round(y)).pointer_down().pointer_up().perform()

    def shot(self, path: Path) -> None:
        path.write_bytes(self._driver.screenshot(format="binary", full=False))


class WebKitPhone(_WebDriverPhone):
    """WebKitGTK's MiniBrowser (`--automation`) driven by Debian's WebKitWebDriver through
    Selenium, in an Xvfb display started here (`-displayfd`: the first free display)."""

    engine = "webkit"

    def __init__(self) -> None:
        super().__init__()
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        with self._owned as owned:
            argv = [XVFB, "-displayfd", "1", "-screen", "0", "1024x1000x24", "-nolisten", "tcp"]
            xvfb = _started(owned, argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            assert xvfb.stdout is not None
            display = xvfb.stdout.readline().decode().strip()
            if not display:
                raise RuntimeError(f"Xvfb did not start (exit code {xvfb.poll()})")
            options = webdriver.WebKitGTKOptions()
            options.binary_location = MINIBROWSER
            options.add_argument("--automation")
            env = {**os.environ, "DISPLAY": f":{display}"}
            service = Service(executable_path=WEBKIT_DRIVER, env=env)
            with warnings.catch_warnings():  # Selenium's own WebKitGTK class still passes
                warnings.simplefilter("ignore", DeprecationWarning)  # remote_server_addr
                self._driver = webdriver.WebKitGTK(options=options, service=service)
            owned.callback(self._driver.quit)
            self._driver.set_window_rect(width=390, height=844)
            self._owned = owned.pop_all()

    def goto(self, url: str) -> None:
        self._driver.get(url)

    def eval(self, body: str, *args: Any) -> Any:
        return self._driver.execute_script(body, *args)

    def tap_at(self, x: float, y: float) -> None:
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        finger = ActionBuilder(self._driver)
        finger.pointer_action.move_to_location(round(x), round(y)).click()
        finger.perform()

    def shot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self._driver.get_screenshot_as_base64()))


def missing(engine: str) -> str | None:
    """Why `engine` cannot run here (the apt-get line that brings it), or None."""
    need = {
        "chromium": [CHROMIUM],
        "gecko": [FIREFOX],
        "webkit": [WEBKIT_DRIVER, MINIBROWSER, XVFB],
    }[engine]
    absent = [path for path in need if not Path(path).exists()]
    if not absent:
        return None
    package = {"chromium": "chromium", "gecko": "firefox-esr", "webkit": "webkit2gtk-driver xvfb"}
    return f"no {', '.join(absent)} (apt-get install -y {package[engine]})"


def launch(engine: str) -> Phone:
    """A phone in `engine`; skips the test with the reason when the engine is absent."""
    reason = missing(engine)
    if reason:
        pytest.skip(reason)
    phones: dict[str, type[Phone]] = {
        "chromium": ChromiumPhone,
        "gecko": GeckoPhone,
        "webkit": WebKitPhone,
    }
    return phones[engine]()
