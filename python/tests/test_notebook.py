"""Records and reports in Jupyter: `_repr_html_` draws them with the renderers
of `tarok explain --format html`, every text of the record escaped."""

import pathlib
import re

import tarok

ROOT = pathlib.Path(__file__).resolve().parents[2]
REVOKE = ROOT / "corpus/danish-tarok/20-revoke.tarok"


def hostile() -> str:
    """The revoke deal, its players named with markup and an ampersand."""
    text = REVOKE.read_text(encoding="utf-8")
    return text.replace(
        '[Dealer "0"]', '[Dealer "0"]\n[Players "<script>alert(1)</script>; Søren & Co; Jens"]'
    )


def test_a_record_shows_its_deal_with_players_cards_and_findings() -> None:
    (record,) = tarok.parse(hostile())
    html = record._repr_html_()
    assert html.startswith('<div class="tarok-nb">')
    # The players, escaped: no markup of theirs reaches the notebook.
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Søren &amp; Co" in html
    assert "Jens" in html
    # Every card of the hands is drawn (the deal view), and the findings
    # with their rule: the revoke of seat 2 at trick 4.
    for card in ("C3", "T21", "EX", "H10"):
        assert f'data-card="{card}"' in html, card
    assert "DK-PLAY-2" in html
    assert html.count('class="finding"') >= 2
    # The page's chrome is not there: no document, no step script.
    assert "<html" not in html and "<body" not in html and "<script" not in html
    # The page's style is held to the fragment: no rule of it for the notebook's page.
    style = html[html.index("<style>") : html.index("</style>")]
    assert not re.search(r"(^|[}\n,])\s*(body|html|:root|\*)\s*[{,]", style)


def test_a_report_shows_its_findings_ledger_and_totals() -> None:
    (report,) = list(tarok.verify(tarok.parse(hostile())))
    html = report._repr_html_()
    assert "<script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert html.count('class="finding"') == len(report.findings) == 2
    assert "DK-PLAY-2" in html
    # The ledger and the totals of the settled deal, as the report has them.
    assert report.settled
    assert '<table class="ledger">' in html
    assert len(re.findall(r"<tr><td>", html)) == len(report.ledger)
    for total in report.totals:
        assert f">{total:+d}<" in html or f">{total}<" in html or f">−{-total}<" in html


def test_a_report_of_an_unreadable_record_lists_why() -> None:
    path = ROOT / "corpus/bad/01-unknown-card.tarok"
    reports = list(tarok.verify(path))
    bad = [r for r in reports if r.record is None]
    assert bad, "the corpus file is expected to be unreadable"
    html = bad[0]._repr_html_()
    assert html.count('class="finding"') == len(bad[0].findings) > 0
    assert '<table class="ledger">' not in html


def test_a_clean_deal_says_so() -> None:
    (report,) = list(tarok.verify(tarok.parse(ROOT / "corpus/danish-tarok/01-declarations.tarok")))
    assert report.is_clean
    html = report._repr_html_()
    assert "No findings." in html
    assert 'class="finding"' not in html
