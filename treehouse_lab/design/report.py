"""The design lab's report: one HTML file a designer can share, with everything inside it
(the table, the plots as images in ``data:`` addresses, the distributions, each metric's
definition and source), so it opens anywhere, offline, with nothing beside it.

The plots are SVG when matplotlib is installed (the optional ``plot`` extra), and their
numbers as text otherwise, as :mod:`treehouse_lab.plots` does. The file depends only on
the run: no date, no machine, no path, so the same seed gives the same file.
"""

from __future__ import annotations

import base64
import html
import io
import os
from typing import TYPE_CHECKING, Any

from ..errors import RuleError, clip, quote
from . import plots
from .metrics import GROUPS, METRICS
from .plots import is_comparison, is_metrics, runs_of

if TYPE_CHECKING:       # the results call down into this module (their report method)
    from .compare import Comparison
    from .run import Metrics

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 1.5rem auto;
       padding: 0 1rem; color: #222; line-height: 1.4; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: 0.92rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: left;
         vertical-align: top; }
th { background: #f0f3f8; }
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
tr.tl-clear td { background: #fff6d6; }
figure { margin: 1rem 0; }
figure img { max-width: 100%; height: auto; }
pre { background: #f7f7f7; padding: 0.6rem; overflow-x: auto; }
.note { color: #555; font-size: 0.9rem; }
"""


def _picture(fig: Any, alt: str) -> str:
    """A plot as an <img> whose SVG is inside its address, or its numbers as text."""
    esc = html.escape
    if not hasattr(fig, "savefig"):                  # matplotlib is not installed
        return f"<figure><pre>{esc(repr(fig))}</pre></figure>"
    import matplotlib

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "treehouse-lab", "svg.fonttype": "none"}):
        fig.tight_layout()
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    data = base64.b64encode(buffer.getvalue().encode("utf-8")).decode("ascii")
    return (f"<figure><img alt='{esc(alt, quote=True)}' "
            f"src='data:image/svg+xml;base64,{data}'></figure>")


def _distributions(runs: dict[str, Metrics]) -> str:
    esc = html.escape
    first = next(iter(runs.values()))
    parts = ["<table><thead><tr><th>distribution</th><th>variant</th><th>mean</th>"
             "<th>sd</th><th>quantiles (0, 10, 25, 50, 75, 90, 100%)</th></tr></thead>"
             "<tbody>"]
    for name in first.distributions:
        for label, m in runs.items():
            d = m.distributions.get(name)
            if d is None or not d.counts:
                continue
            qs = ", ".join(str(v) for v in d.quantiles().values())
            mean = "-" if d.mean is None else f"{float(d.mean):.3f}"
            sd = "-" if d.sd is None else f"{d.sd:.3f}"
            parts.append(f"<tr><td>{esc(name)}</td><td>{esc(label or first.game)}</td>"
                         f"<td>{mean}</td><td>{sd}</td><td>{esc(qs)}</td></tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def _definitions(runs: dict[str, Metrics]) -> str:
    esc = html.escape
    used = {n.partition(":")[0].partition("[")[0] for m in runs.values() for n in m.figures}
    parts = ["<table><thead><tr><th>metric</th><th>definition</th><th>source</th></tr>"
             "</thead><tbody>"]
    for metric in METRICS.values():
        if metric.name in used:
            parts.append(f"<tr><td>{esc(metric.name)}</td><td>{esc(metric.definition)}</td>"
                         f"<td>{esc(metric.source)}</td></tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def report_html(obj: Metrics | Comparison) -> str:
    """The whole report as one HTML document."""
    from .. import __version__

    if not (is_metrics(obj) or is_comparison(obj)):
        raise RuleError(f"report: expected the Metrics of measure() or the Comparison of "
                        f"compare(), got {quote(obj)}")
    esc = html.escape
    runs = runs_of(obj)
    first = next(iter(runs.values()))
    if is_comparison(obj):
        title = f"{obj.game}: {' vs '.join(obj.variants)}"
        settings = obj.settings()
        how = ("Every variant played the same seeds: game i of each from (seed, i). A "
               "difference is the variant's figure less the base's, with a 95% interval "
               "from both intervals and the correlation of the two variants' per-game "
               "values (Zou and Donner's MOVER; for shares, Newcombe's paired interval, "
               "1998, method 10): paired on the same seeds, except where marked "
               "'unpaired' (the variants count different games, or the figure is no "
               "mean over games). Highlighted rows: an interval that leaves 0 out.")
    else:
        title = first.game
        settings = [", ".join(f"{k}={v!r}" for k, v in first.options.items())
                    or "the game's defaults"]
        how = ("Every figure with its 95% interval and the number of games it counts: "
               "Wilson's interval for a share of games, the normal one for a mean over "
               "games.")
    body = [f"<h1>Design lab: {esc(title)}</h1>",
            "<p>" + "<br>".join(esc(s) for s in settings) + "</p>",
            f"<p>{first.games:,} games a variant, seed {first.seed}, bots "
            f"{esc(', '.join(first.bots))}"
            + (f"; skill: {esc(' vs '.join(first.skill_bots))}" if first.skill_bots else "")
            + f".</p><p class='note'>{esc(how)}</p>",
            obj._repr_html_()]
    for group in GROUPS:
        available = [n for n, f in first.figures.items()
                     if first.group(n) == group and f.value is not None]
        if not available:
            continue
        body.append(f"<h2>{esc(group)}</h2>")
        body.append(_picture(plots.values(obj, group), f"{group}: each figure with its "
                                                       "95% interval"))
        if is_comparison(obj):
            body.append(_picture(plots.differences(obj, group),
                                 f"{group}: the difference from {obj.base}"))
    body.append("<h2>Distributions</h2>")
    body.append(_distributions(runs))
    for name in first.distributions:
        body.append(_picture(plots.distribution(obj, name), f"the distribution of {name}"))
    notes = [n for m in runs.values() for n in m.notes]
    if notes:
        body.append("<p class='note'>" + "<br>".join(esc(n) for n in notes) + "</p>")
    body.append("<h2>Definitions</h2>")
    body.append(_definitions(runs))
    body.append(f"<p class='note'>Made by treehouse-lab {esc(__version__)}, design lab "
                "(docs/design-lab.md).</p>")
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>Design lab: {esc(title)}</title><style>{STYLE}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def write_report(obj: Metrics | Comparison, path: Any) -> str:
    """Write :func:`report_html` to ``path``; a RuleError (naming the path's start and
    the reason) if it cannot be written."""
    text = report_html(obj)
    target = os.fspath(path)
    try:
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError as exc:
        raise RuleError(f"report: cannot write {quote(target, 80)} "
                        f"({clip(exc.strerror or type(exc).__name__, 60)})") from None
    return target


__all__ = ["report_html", "write_report"]
