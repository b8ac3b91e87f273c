"""``tl.boards.rules_panel.RulesPanel(game)``: the game's rules beside the board.

The panel shows the game's rules index (treehouse_lab/rules_index.py): every section of the
rulebook with a short summary in the project's own words and, where useful, the rulebook's
own words; then the project's rulings. It works offline (the index ships in the package)
and is searched by words. A lesson step's **Rule** button opens it at the step's entry;
a refused move names its rule with a link to the entry (:func:`refused_by_html`).

Why one HTML list of ``<details>`` and not a widget per entry: a disclosure element is
what keyboards and screen readers already know (Tab to a title, Enter opens it, the
reader says "collapsed"/"expanded"), it costs one widget for a hundred entries, and the
entries carry ids that an Explain link can point at (``#tl-rule-diner-d11``).

Opening an entry (:meth:`RulesPanel.open_rule`) expands and highlights it in the list (class
``tl-rule-open``) and shows it in full at the top of the panel (``tl-rules-current``, an
aria-live region), so the reader finds it without scrolling; a search that hid it is
cleared first.
"""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as widgets

from ..errors import RuleError, quote
from ..rules_index import SECTION, Entry, RulesIndex, rules_index

#: The panel's text size: readable (the issue asks for 11 px at least).
FONT = "font-size: 14px; line-height: 1.45"
_OPEN_STYLE = "background: #fff4c2; border-left: 4px solid #b8860b; padding-left: 4px"


def rule_anchor(rule_id: str) -> str:
    """The HTML id of an entry in the panel ("diner/D11" -> "tl-rule-diner-d11")."""
    return "tl-rule-" + re.sub(r"[^a-z0-9]+", "-", rule_id.lower()).strip("-")


def refused_by_html(index: RulesIndex | None, reason: str, action: Any = None) -> str:
    """"refused by: <a>Title</a>; <a>ruling D5</a>" for a refusal's sentence (of the move
    ``action``), each name a link to its entry in the rules panel ("" when it names none:
    RulesIndex.cited)."""
    cited = index.cited(reason, action) if index is not None else []
    if not cited:
        return ""
    links = "; ".join(f'<a href="#{rule_anchor(e.id)}" data-rule="{html.escape(e.id)}">'
                      f"{html.escape(e.label)}</a>" for e in cited)
    return f'<span class="tl-refused-by">refused by: {links}</span>'


class RulesPanel(widgets.VBox):
    """The Rules panel of a game (module docstring). ``open_rule(rule_id)`` opens an entry
    (``open`` is the widget's own), ``search(words)`` filters the list; ``opened`` is the
    entry open now ("" for none) and ``shown`` the ids listed."""

    def __init__(self, game: Any) -> None:
        index = rules_index(game)
        if index is None:
            raise RuleError(f"{quote(getattr(game, 'NAME', game), 40)} has no rules index "
                            "(its game class names no RULEBOOK)")
        self.index: RulesIndex = index
        self.opened = ""
        self.shown: list[str] = [e.id for e in index.entries]
        self.heading = widgets.HTML(
            f'<h3 class="tl-rules-heading" style="margin: 4px 0">Rules: '
            f"{html.escape(index.book)}</h3>")
        self.search_box = widgets.Text(
            value="", placeholder="words, e.g. tie", description="Search the rules",
            style={"description_width": "initial"}, layout=widgets.Layout(width="340px"))
        self.search_box.add_class("tl-rules-search")
        self.status = widgets.HTML()
        self.status.add_class("tl-rules-status")
        self.current = widgets.HTML()
        self.current.add_class("tl-rules-current")
        self.listing = widgets.HTML()
        self.listing.add_class("tl-rules-list")
        super().__init__([self.heading, self.search_box, self.status, self.current,
                          self.listing])
        self.add_class("tl-rules")
        self.search_box.observe(lambda _change: self._render(), names="value")
        self._render()

    # -- public ---------------------------------------------------------------------
    def open_rule(self, rule_id: str) -> Entry:
        """Open the entry ``rule_id``: expanded and highlighted in the list, shown in full
        at the top. A search hiding it is cleared. A RuleError names an unknown id."""
        entry = self.index[rule_id]
        self.opened = entry.id
        if entry.id not in [e.id for e in self.index.search(self.search_box.value)]:
            self.search_box.value = ""  # re-renders through the observer
        self._render()
        return entry

    def search(self, words: str) -> list[str]:
        """Show only the entries holding every word; returns their ids."""
        if not isinstance(words, str):
            raise RuleError(f"search takes words as a text, got {quote(words, 40)}")
        self.search_box.value = words
        self._render()
        return list(self.shown)

    # -- drawing --------------------------------------------------------------------
    def _render(self) -> None:
        words = self.search_box.value.strip()
        found = self.index.search(words)
        self.shown = [e.id for e in found]
        n = len(found)
        said = (f"{n} of {len(self.index.entries)} entries hold &ldquo;"
                f"{html.escape(words)}&rdquo;" if words else
                f"{len(self.index.sections)} rulebook sections and "
                f"{len(self.index.rulings)} rulings")
        self.status.value = f'<div role="status" aria-live="polite" style="{FONT}">{said}</div>'
        opened = self.index.get(self.opened) if self.opened else None
        self.current.value = (
            f'<div aria-live="polite" style="{FONT}; {_OPEN_STYLE}; margin: 4px 0">'
            f"<b>Open: </b>{self._body(opened, full=True)}</div>" if opened else "")
        sections = [e for e in found if e.kind == SECTION]
        rulings = [e for e in found if e.kind != SECTION]
        parts = [f'<div style="{FONT}">']
        if sections:
            parts.append("<h4>Rulebook sections</h4>")
            parts += [self._details(e) for e in sections]
        if rulings:
            parts.append("<h4>Project rulings</h4>")
            parts += [self._details(e) for e in rulings]
        if not found:
            parts.append("<p>No entry holds all these words.</p>")
        self.listing.value = "".join(parts) + "</div>"

    def _details(self, e: Entry) -> str:
        is_open = e.id == self.opened
        attrs = ' open class="tl-rule tl-rule-open"' if is_open else ' class="tl-rule"'
        style = f"margin: 2px 0 2px {e.level * 1.2}em" + (f"; {_OPEN_STYLE}" if is_open else "")
        title = html.escape(e.title if e.kind == SECTION else f"Ruling {e.number}: {e.title}")
        return (f'<details id="{rule_anchor(e.id)}" data-rule="{html.escape(e.id)}"{attrs} '
                f'style="{style}"><summary>{title}</summary>{self._body(e)}</details>')

    def _body(self, e: Entry | None, full: bool = False) -> str:
        if e is None:
            return ""
        head = f"<b>{html.escape(e.label if e.kind != SECTION else e.title)}</b>. " if full else ""
        out = f"<div>{head}{html.escape(e.summary)}</div>"
        if e.quote:
            where = f"{self.index.book}, '{e.title}'"
            out += (f'<blockquote style="margin: 2px 1em; font-style: italic">'
                    f"&ldquo;{html.escape(e.quote)}&rdquo; ({html.escape(where)})</blockquote>")
        if e.ref:
            out += f"<div>The full ruling: {html.escape(e.ref)}</div>"
        return out


__all__ = ["FONT", "RulesPanel", "refused_by_html", "rule_anchor"]
