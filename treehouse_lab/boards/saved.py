"""What a live board leaves in a saved notebook: its picture, beside the widget.

Why (issue 47): JupyterLab and Notebook 7 save a widget's output as a widget view, a
reference to a model that lives only as long as the kernel. A notebook the server saved
itself is trusted, so when it is reopened the widget view is picked over any picture in
the same output, the model is not there, and the board's place says "Error displaying
widget: model not found". ipywidgets' renderer has no fallback, and saving the widgets'
state is a per-user setting (off by default) that would draw a board no click can play.

So a displayed Board or Lesson publishes two outputs:

1. the widget view alone (no text or picture of its own: nothing there would ever be shown
   live, and without a kernel the picture below stands in for it);
2. the saved picture: an HTML output with the caption that says it is a picture, the
   board's SVG as an ``<img>`` (a ``data:`` address, which JupyterLab's sanitizer keeps
   in an untrusted notebook and which draws no script), and a small style sheet.

The style sheet works wherever the HTML is trusted (JupyterLab, Notebook 7 and Voila all
lay outputs out in ``.jp-OutputArea``): while the live board is drawn in the same output
area the picture is hidden, and a widget view with nothing drawn in it (no kernel, no
model: "Loading widget..." or the error text) is hidden instead. Where HTML is sanitized
(an untrusted JupyterLab, GitHub) the style sheet is dropped with its contents and the
caption and picture show as they are; nbconvert (nbviewer, an HTML export) skips a widget
view without saved state and shows the picture too.

The picture is the position the board was displayed at: running the cell again starts the
board there, so that is what the caption promises.
"""

from __future__ import annotations

import base64
import html
from typing import Any

#: The mime type of a widget's view (a reference to a model in the kernel).
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: What the saved picture says above the board (issue 18: a saved board must not pass for
#: a live one).
CAPTION = "\u25b6 A saved picture of the board: run this cell (Shift+Enter) to play on it."
#: The class of the saved picture's element; ``tools/make_pictures.py`` and the notebook
#: tests find board pictures by it.
PICTURE_CLASS = "tl-saved-board"
#: Hides the picture beside a live board, and an empty widget view beside the picture.
#: ``.tl-board-widget`` is the live Board's class (a Lesson holds one); ipywidgets' view
#: renderer is the output area's only Lumino panel (it carries no ``data-mime-type``).
STYLE = (
    "<style>"
    ".jp-OutputArea:has(.tl-board-widget) .jp-OutputArea-output:has(> .tl-saved-board)"
    "{display:none}"
    ".jp-OutputArea:has(.tl-saved-board) .jp-OutputArea-output.lm-Panel"
    ":not(:has(.tl-board-widget)){display:none}"
    "</style>"
)
#: The caption's look: dark text on a pale yellow band, 4.5:1 and more (as the PNG
#: captions of ``tools/make_pictures.py``).
CAPTION_STYLE = ("display:inline-block;font:600 15px sans-serif;color:#5a3d00;"
                 "background:#fff3c4;border:1px solid #d9a520;border-radius:4px;"
                 "padding:6px 10px;margin:0 0 6px 0")


def picture_html(svg: str) -> str:
    """The saved picture's HTML: style sheet, caption, and ``svg`` as an image. It depends
    on the SVG alone, so that ``tools/make_pictures.py`` can make it from a saved SVG."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    alt = "The board, as a saved picture"
    return (f'<div class="{PICTURE_CLASS}">{STYLE}'
            f'<div style="{CAPTION_STYLE}">{html.escape(CAPTION)}</div><br>'
            f'<img src="data:image/svg+xml;base64,{data}" alt="{alt}"></div>')


def picture_output(svg: str) -> dict[str, Any]:
    """The saved picture's mime bundle (the caption is its plain-text form)."""
    return {"text/html": picture_html(svg), "text/plain": CAPTION}


def display_with_picture(widget: Any, svg: str) -> None:
    """Display ``widget`` (its view only) and, as an output of its own, the picture of
    ``svg`` (what ``Board`` and ``Lesson`` do when displayed)."""
    from IPython.display import display

    bundle = widget._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    if not isinstance(data, dict) or WIDGET_VIEW not in data:  # a closed widget
        display({"text/plain": repr(widget)}, raw=True)
        return
    display({WIDGET_VIEW: data[WIDGET_VIEW]}, raw=True)
    if svg:
        display(picture_output(svg), raw=True)
