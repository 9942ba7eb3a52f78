"""Highlights move for less than five seconds, then stay lit (WCAG 2.2.2, Pause, Stop, Hide).

A legal space, a cell to place on or a noble to choose pulses three times to catch the eye and then
stays lit without moving: an endless pulse repaints the device's screen every frame while the
player thinks (12–13 % of a core on a waiting phone in Stars and Station, docs/accessibility.md).
Only what shows that work is under way may loop: the spinner of a computer thinking and the boot
screen's bar and gems.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
# what may loop for ever: indicators of work under way, gone when it is done (a computer's
# spinner; index.html's loading bar and gems)
LOOPING_ALLOWED = {".spinner", ".bar .motion", ".gemrow i"}

RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
ANIMATION = re.compile(r"animation\s*:\s*([^;]+)")


def _stylesheets() -> list[tuple[str, str]]:
    """(file, CSS text without its comments) of every stylesheet and `<style>` block of the site."""
    sheets = [(str(p.relative_to(ROOT)), p.read_text()) for p in sorted(SITE.rglob("*.css"))]
    for page in sorted(SITE.rglob("*.html")):
        for block in re.findall(r"<style[^>]*>(.*?)</style>", page.read_text(), flags=re.S):
            sheets.append((str(page.relative_to(ROOT)), block))
    return [(name, re.sub(r"/\*.*?\*/", "", text, flags=re.S)) for name, text in sheets]


def _animations() -> list[tuple[str, str, str]]:
    """(file, selector, animation value) of every `animation:` declaration of the site."""
    out = []
    for name, text in _stylesheets():
        for selector, body in RULE.findall(text):
            for value in ANIMATION.findall(body):
                out.append((name, " ".join(selector.split()), value.strip()))
    return out


def test_the_site_has_highlight_animations_to_check() -> None:
    found = [value.split()[0] for _, _, value in _animations()]
    assert {"pulse", "st-breathe", "sn-pulse", "tour-pulse"} <= set(found), found


def test_no_highlight_loops_for_ever() -> None:
    looping = [(name, selector, value) for name, selector, value in _animations()
               if "infinite" in value.split() and selector not in LOOPING_ALLOWED]
    assert not looping, looping


def test_every_highlight_stops_within_five_seconds() -> None:
    for name, selector, value in _animations():
        words = value.split()
        if "infinite" in words:
            continue
        seconds = [float(w[:-2]) / 1000 if w.endswith("ms") else float(w[:-1])
                   for w in words if re.fullmatch(r"[\d.]+m?s", w)]
        counts = [float(w) for w in words if re.fullmatch(r"\d+(\.\d+)?", w)]
        duration, delay = (seconds + [0.0, 0.0])[:2]
        total = delay + duration * (counts[0] if counts else 1)
        assert total < 5, (name, selector, value, total)


REDUCED = re.compile(r"@media\s*\(\s*prefers-reduced-motion\s*:\s*reduce\s*\)\s*\{((?:[^{}]*\{[^{}]*\})*[^{}]*)\}")


def _compounds(selector: str) -> list[frozenset[str]]:
    """A selector of descendant steps (`.a .b.c`) as the set of classes (and tag) of each step."""
    return [frozenset(re.findall(r"[.#]?[\w-]+", step)) for step in selector.split()]


def _covers(still: str, moving: str) -> bool:
    """Does every element ``moving`` selects match ``still`` too: the last steps' classes of
    ``still`` among those of ``moving``, and its earlier steps, in order, among the earlier ones?"""
    s, m = _compounds(still), _compounds(moving)
    if not s or not s[-1] <= m[-1]:
        return False
    ancestors = iter(m[:-1])
    return all(any(step <= other for other in ancestors) for step in s[:-1])


def _kept_still() -> list[str]:
    """Every selector whose animation a reduced-motion preference turns off (`animation: none`)."""
    out = []
    for _, text in _stylesheets():
        for block in REDUCED.findall(text):
            for selectors, body in RULE.findall(block):
                if re.search(r"animation\s*:\s*none", body):
                    out += [" ".join(sel.split()) for sel in selectors.split(",")]
    return out


def test_every_highlight_is_still_for_a_player_who_asks_for_less_motion() -> None:
    """WCAG 2.3.3 (Animation from Interactions): with the system's "reduce motion" setting no
    highlight pulses, in any game; it is lit all the same. Only the indicators of work under way
    move (the spinner; the boot screen's bar, slowed down)."""
    still = _kept_still()
    assert still, "no reduced-motion rule found"
    moving = [(name, selector.strip()) for name, selectors, value in _animations()
              if value.split()[0] != "none" and "infinite" not in value.split()
              for selector in selectors.split(",")]
    assert {selector for _, selector in moving} >= {".noble.live", ".post.live", ".sn-node.legal .cell"}
    missed = [(name, selector) for name, selector in moving
              if not any(_covers(s, selector) for s in still)]
    assert not missed, missed


def test_the_coverage_check_reads_selectors_as_a_browser_would() -> None:
    assert _covers(".hits .hit", ".hits .hit.choosable")
    assert _covers(".path.target", ".mainboard .path.target")
    assert not _covers(".hits .hit.choosable", ".hits .hit")
    assert not _covers(".noble.live", ".post.live")
    assert not _covers(".mainboard .path", ".path.target")
