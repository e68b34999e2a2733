"""A game record as an animation, for any game: ``tigeuph render RECORD --animate -o OUT``.

Each frame is the game's own picture (``GameInterface.picture``) of one point of the game, the
action that led there marked, under a caption: the move's number and notation, then what the
action did, each event in a sentence as an onlooker may know it (``Event.public``; as the seat
of ``--player`` knows it, ``Event.seen_by``). Drawn for a seat, a frame shows nothing he may not
know (spec R4): another seat's action his view's history hides (an exchange, whose colours are
secret) is named by its kind only, and its picture is drawn from his view. Two forms:

- ``.html``: a page that steps through the frames, with buttons, a slider, the arrow keys and
  a play button; each frame waits in a ``<template>`` until it is shown, so the page stays
  quick however long the game, and ``#move=N`` at the end of its address opens it at move N.
  It needs no network and no script but its own.
- ``.svg``: an SVG animation (SMIL) that shows each frame for ``--delay`` seconds once through,
  then stays on the last; any browser plays it, and an image viewer shows its first frame.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Collection, Sequence
from typing import Any, Final

from attrs import frozen

from ..core.interface.views import last_seen
from ..core.svg.text import FONT, wrap
from ..games import AnyGame

__all__ = ["Frame", "frames", "to_html", "to_svg"]

_CAPTION: Final = 14  # the SVG caption's font size
_LEADING: Final = 19
_PAD: Final = 12


@frozen
class Frame:
    """One point of a game: its *picture* (SVG), its *title* (``Move 3 of 40: kH5``) and what
    the action that led there did, a sentence per event (*told*)."""

    title: str
    told: tuple[str, ...]
    picture: str


def frames(
    game: AnyGame,
    record: Any,
    *,
    size: int,
    player: int | None = None,
    coordinates: bool = True,
    aids: Collection[str] = (),
) -> list[Frame]:
    """Every point of *record*, a game of *game*, from its start, drawn *size* pixels wide
    (as seat *player* saw it, if given), with the game's *aids*."""
    states, actions = record.states, record.actions
    told_by = record.events
    views = None if player is None else game.seat_views(game.player_count(states[0]))
    out = []
    for index, state in enumerate(states):
        shown = state if player is None else game.view(state, player)
        if index == 0:
            title = f"The start: {len(actions)} action{'s' * (len(actions) != 1)} to come"
            picture = game.presentation.picture(
                shown, size=size, coordinates=coordinates, aids=aids
            )
            out.append(Frame(title, (), picture))
            continue
        # The state before tells the picture only what the action did, which all may know.
        action, before = actions[index - 1], states[index - 1]
        events = told_by[index - 1] if index - 1 < len(told_by) else ()
        seen = [e.public() if player is None else e.seen_by(player) for e in events]
        played = str(action)
        if views is not None and player is not None:
            views.saw(before, action, state, events or None)
            entry = last_seen(game, views.view(state, player))
            if entry is not None and entry["action"] is None:  # hidden from this seat
                kind = game.presentation.action_kind(action)
                played = f"seat {before.to_move}'s {kind}, hidden from seat {player}"
        # The picture of a view draws what the action did as its seat may know it.
        picture = game.presentation.picture(
            shown, size=size, last=action, before=before, coordinates=coordinates, aids=aids
        )
        title = f"Move {index} of {len(actions)}: {played}"
        out.append(Frame(title, tuple(e.text() for e in seen), picture))
    return out


_SYMBOL: Final = re.compile(r'<symbol\b[^>]*\bid="([^"]+)"[^>]*>.*?</symbol>', re.DOTALL)


def _shared(pictures: Sequence[str]) -> tuple[str, list[str]]:
    """The symbols of *pictures*' ``<defs>``, each once, and the pictures without them: the
    frames of one game draw their pieces from the same symbols, which a document then holds
    once rather than in every frame."""
    symbols: dict[str, str] = {}

    def keep(found: re.Match[str]) -> str:
        symbols.setdefault(found.group(1), found.group(0))
        return ""

    stripped = [_SYMBOL.sub(keep, picture) for picture in pictures]
    return "".join(symbols.values()), stripped


def _size(picture: str) -> tuple[float, float]:
    """A picture's width and height in pixels (its ``width`` and ``height``, else its
    ``viewBox``)."""
    head = picture[: picture.index(">")]
    width = re.search(r' width="([\d.]+)"', head)
    height = re.search(r' height="([\d.]+)"', head)
    if width and height:
        return float(width.group(1)), float(height.group(1))
    box = re.search(r'viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+)"', head)
    assert box is not None, "a picture has a size or a viewBox"
    return float(box.group(1)), float(box.group(2))


def to_svg(shown: Sequence[Frame], *, delay: float) -> str:
    """*shown* as one SVG animation, *delay* seconds a frame, its caption under it."""
    width = max(_size(f.picture)[0] for f in shown)
    height = max(_size(f.picture)[1] for f in shown)
    room = width - 2 * _PAD
    captions = [
        [line for text in (f.title, *f.told) for line in wrap(text, room, _CAPTION)] for f in shown
    ]
    lines = max(len(c) for c in captions)
    total = height + 2 * _PAD + lines * _LEADING
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
        f' version="1.1" width="{width:g}" height="{total:g}" viewBox="0 0 {width:g} {total:g}"'
        ' class="tigeuph-animation">',
        f'<rect width="{width:g}" height="{total:g}" fill="#fbf6ea" class="background"/>',
    ]
    symbols, pictures = _shared([f.picture for f in shown])
    out.append(f'<defs class="symbols">{symbols}</defs>')
    last = len(shown) - 1
    for index, (picture, caption) in enumerate(zip(pictures, captions, strict=True)):
        begin = f"{index * delay:g}s"
        # Each frame appears at its time; all but the last go again when the next appears.
        timing = (
            f'begin="{begin}" fill="freeze"'
            if index == last
            else f'begin="{begin}" dur="{delay:g}s" fill="remove"'
        )
        shown_at = "inline" if index == 0 else "none"
        out.append(f'<g class="frame" data-move="{index}" display="{shown_at}">')
        if index:
            out.append(f'<set attributeName="display" to="inline" {timing} class="frame-time"/>')
        else:
            out.append(
                f'<set attributeName="display" to="none" begin="{delay:g}s" fill="freeze"'
                ' class="frame-time"/>'
                if last
                else ""
            )
        out.append(picture)
        out.append(
            f'<g class="caption" font-family="{FONT}" font-size="{_CAPTION}" fill="#3b2f1e">'
        )
        for n, line in enumerate(caption):
            weight = ' font-weight="bold"' if n == 0 else ""
            y = height + _PAD + (n + 1) * _LEADING - 4
            text = html.escape(line)
            out.append(f'<text x="{_PAD}" y="{y:g}"{weight} class="caption-line">{text}</text>')
        out.append("</g></g>")
    out.append("</svg>")
    return "\n".join(part for part in out if part)


_PAGE: Final = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: {font}; background: #fbf6ea; color: #3b2f1e; margin: 1rem auto;
  max-width: {width}px; padding: 0 0.5rem; }}
h1 {{ font-size: 1.3rem; margin: 0 0 0.6rem; }}
#stage svg {{ width: 100%; height: auto; display: block; }}
.controls {{ display: flex; gap: 0.4rem; align-items: center; margin: 0.6rem 0; }}
.controls button {{ font-size: 1.1rem; min-width: 2.6rem; }}
.controls input {{ flex: 1; }}
#caption {{ min-height: 5.5rem; }}
#caption h2 {{ font-size: 1.05rem; margin: 0.2rem 0; }}
#caption ul {{ margin: 0.2rem 0; padding-left: 1.2rem; }}
</style>
</head>
<body>
<h1>{title}</h1>
<div id="stage"></div>
<div class="controls">
<button id="first" title="the start (Home)">|&#x25C0;</button>
<button id="back" title="the move before (&#x2190;)">&#x25C0;</button>
<button id="play" title="play or pause (space)">Play</button>
<button id="next" title="the next move (&#x2192;)">&#x25B6;</button>
<button id="last" title="the end (End)">&#x25B6;|</button>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="move">
</div>
<div id="caption" aria-live="polite"></div>
<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" style="position: absolute"
 aria-hidden="true"><defs>{symbols}</defs></svg>
{templates}
<script id="captions" type="application/json">{captions}</script>
<script>
(() => {{
  const captions = JSON.parse(document.getElementById("captions").textContent);
  const stage = document.getElementById("stage"), caption = document.getElementById("caption");
  const slider = document.getElementById("slider"), play = document.getElementById("play");
  const last = captions.length - 1, delay = {delay};
  let now = 0, timer = null;
  function show(index) {{
    now = Math.max(0, Math.min(last, index));
    stage.replaceChildren(document.getElementById("f" + now).content.cloneNode(true));
    const [title, told] = captions[now];
    const heading = document.createElement("h2");
    heading.textContent = title;
    const list = document.createElement("ul");
    for (const line of told) {{
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }}
    caption.replaceChildren(heading, list);
    slider.value = now;
  }}
  function pause() {{ clearInterval(timer); timer = null; play.textContent = "Play"; }}
  function toggle() {{
    if (timer) return pause();
    if (now === last) show(0);
    play.textContent = "Pause";
    timer = setInterval(() => (now === last ? pause() : show(now + 1)), delay * 1000);
  }}
  document.getElementById("first").onclick = () => {{ pause(); show(0); }};
  document.getElementById("back").onclick = () => {{ pause(); show(now - 1); }};
  document.getElementById("next").onclick = () => {{ pause(); show(now + 1); }};
  document.getElementById("last").onclick = () => {{ pause(); show(last); }};
  play.onclick = toggle;
  slider.oninput = () => {{ pause(); show(Number(slider.value)); }};
  document.addEventListener("keydown", (event) => {{
    const keys = {{ArrowLeft: now - 1, ArrowRight: now + 1, Home: 0, End: last}};
    if (event.key in keys) {{ pause(); show(keys[event.key]); event.preventDefault(); }}
    else if (event.key === " ") {{ toggle(); event.preventDefault(); }}
  }});
  show(Number(new URLSearchParams(location.hash.slice(1)).get("move")) || 0);
}})();
</script>
</body>
</html>
"""


def to_html(shown: Sequence[Frame], *, title: str, delay: float) -> str:
    """*shown* as a web page that steps through them; *title* heads it, and its play button
    shows a frame each *delay* seconds."""
    width = round(max(_size(f.picture)[0] for f in shown))
    symbols, pictures = _shared([f.picture for f in shown])
    templates = "\n".join(
        f'<template id="f{index}">{picture}</template>' for index, picture in enumerate(pictures)
    )
    captions = json.dumps([[f.title, list(f.told)] for f in shown]).replace("</", "<\\/")
    return _PAGE.format(
        title=html.escape(title),
        font=FONT,
        width=width,
        last=len(shown) - 1,
        symbols=symbols,
        templates=templates,
        captions=captions,
        delay=f"{delay:g}",
    )
