"""Board text measured without a browser (core/textwidth.py): widths are DejaVu Sans's,
lines wrap inside the width asked for, and what does not fit ends in an ellipsis."""

from __future__ import annotations

import pytest

from treehouse_lab.core.textwidth import fit, text_width, wrap_to_width


def test_widths_are_dejavu_sans_advances_scaled_to_the_size():
    assert text_width("", 12) == 0
    assert text_width("M", 1000) == 863 and text_width("M", 1000, bold=True) == 995
    assert text_width("il", 10) == pytest.approx((278 + 278) / 100)
    assert text_width("mood", 12) == pytest.approx((974 + 612 + 612 + 635) * 12 / 1000)
    assert text_width("×", 10) == pytest.approx(8.38)  # beyond ASCII: its own width
    assert text_width("é", 10) == pytest.approx(10.0)  # unknown: as wide as an em
    assert text_width("Hot Dandelion", 12, bold=True) > text_width("Hot Dandelion", 12)


@pytest.mark.parametrize("width", [75, 110, 200])
def test_wrapped_lines_fit_and_keep_every_word_in_order(width):
    text = "others discard, others: complaint, praise and +1 ingredient"
    lines = wrap_to_width(text, width, 12, lines=10)
    assert all(text_width(line, 12) <= width for line in lines)
    assert " ".join(lines) == text


def test_a_word_wider_than_the_line_is_cut_with_an_ellipsis():
    lines = wrap_to_width("others: complaint", 40, 12, lines=5)
    assert lines[-1].endswith("…") and all(text_width(x, 12) <= 40 for x in lines)


def test_too_many_lines_end_in_an_ellipsis_within_the_width():
    lines = wrap_to_width("Take 1 arbitrary ingredient or bee from the pantry", 90, 12,
                          lines=2)
    assert len(lines) == 2 and lines[-1].endswith("…")
    assert all(text_width(line, 12) <= 90 for line in lines)
    assert wrap_to_width("Dandelion Soup", 110, 12, True) == ["Dandelion Soup"]


def test_fit_cuts_only_what_is_too_wide():
    assert fit("Rush hour!", 200, 13, True) == "Rush hour!"
    cut = fit("Hands are hidden: each kitchen shows how many", 100, 12)
    assert cut.endswith("…") and text_width(cut, 12) <= 100
    assert "Hands are hidden".startswith(cut[:-1].rstrip()[:10])
