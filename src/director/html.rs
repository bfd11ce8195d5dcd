//! The report as one self-contained HTML page: inline CSS, no script, no
//! network. On a narrow screen each row of a wide table becomes a card of
//! labelled fields (narrow tables fit as they are); printed, the tables keep
//! their headers on every page.
//!
//! Every table has the grid's `id`, `data-part` (the report part), its data
//! rows in `<tbody>` and its summary rows (pots, sums, averages) in
//! `<tfoot>`, so a program (the browser test) can count them.

use std::io;

use super::grid::{checked_line, header_line, parts, shown, summary_lines, TITLE};
use super::tr;
use super::Sheet;
use crate::escape::html as esc;

const STYLE: &str = r#"
:root { --ink: #1b1f23; --muted: #5a6270; --line: #d5d9e0; --head: #eef1f5; --bad: #a4262c; --foot: #f7f8fa; }
* { box-sizing: border-box; }
body { margin: 0; padding: 1rem; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #fff; }
main { max-width: 78rem; margin: 0 auto; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; padding-bottom: .25rem; border-bottom: 2px solid var(--ink); }
h3 { font-size: 1rem; margin: 1.25rem 0 .4rem; }
p { margin: .25rem 0; }
.summary { color: var(--muted); }
.event { font-weight: 600; }
nav a { margin-right: 1rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
table { border-collapse: collapse; width: 100%; font-size: .875rem; }
table.narrow { width: auto; min-width: min(100%, 28rem); }
th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
thead th { background: var(--head); }
td[data-label="File"] { overflow-wrap: anywhere; min-width: 9rem; }
td[data-label="Finding"], td[data-label="Message"] { min-width: 14rem; }
td.code[data-label="Kind"] { white-space: normal; min-width: 6.5rem; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tfoot td { background: var(--foot); font-weight: 600; }
td.bad { color: var(--bad); font-weight: 600; }
td.code { white-space: nowrap; }
details { color: var(--muted); margin: .25rem 0; }
.checked { margin: .5rem 0; padding: .4rem .6rem; border-left: 4px solid #2d7a3e; background: #eef7f0; }
.checked.not { border-left-color: var(--bad); background: #fbeeee; color: var(--bad); font-weight: 600; }
.note { margin: .25rem 0; }
.empty { font-style: italic; color: var(--muted); }
@media (max-width: 40rem) {
  body { padding: .5rem; font-size: 14px; }
  table.narrow { width: 100%; }
  table.cards, .cards thead, .cards tbody, .cards tfoot, .cards tr, .cards th, .cards td { display: block; width: 100%; }
  .cards thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .cards tr { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 .6rem; padding: .25rem .5rem; }
  .cards td { border: none; padding: .15rem 0; display: flex; gap: .75rem; text-align: left; white-space: normal; overflow-wrap: anywhere; min-width: 0; }
  .cards td.num { text-align: left; }
  .cards td.code { white-space: normal; }
  .cards td::before { content: attr(data-label); flex: 0 0 40%; color: var(--muted); font-weight: normal; }
  .cards td:empty { display: none; }
}
@media print {
  @page { size: A4 landscape; margin: 10mm; }
  body { padding: 0; font-size: 8.5pt; }
  table { font-size: 8pt; }
  td.code { white-space: normal; }
  nav { display: none; }
  .scroll { overflow: visible; }
  h2 { break-before: auto; break-after: avoid; }
  section + section { break-before: page; }
  h3 { break-after: avoid; }
  #part-tables .scroll + h3 { break-before: page; }
  thead { display: table-header-group; }
  tfoot { display: table-row-group; }
  tr { break-inside: avoid; }
  th, td { padding: 1pt 3pt; }
  thead th, tfoot td { background: none; }
  a { color: inherit; text-decoration: none; }
}
"#;

/// The page.
pub fn html(sheet: &Sheet, out: &mut dyn io::Write) -> io::Result<()> {
    let lang = sheet.lang;
    let title = esc(&tr(lang, TITLE));
    write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n\
         <h1>{title}</h1>\n",
        lang.code()
    )?;
    writeln!(
        out,
        "<p id=\"event\" class=\"event\">{}</p>",
        esc(&header_line(sheet))
    )?;
    for l in summary_lines(sheet).iter().take(1) {
        writeln!(out, "<p class=\"summary\">{}</p>", esc(l))?;
    }
    let s = &sheet.summary;
    // First and prominent: what was not checked, or that everything was.
    writeln!(
        out,
        "<p id=\"checked\" class=\"checked{}\" role=\"status\">{}</p>",
        if s.all_checked { "" } else { " not" },
        esc(&checked_line(sheet))
    )?;
    if !s.flagged_files.is_empty() {
        write!(
            out,
            "<details><summary>{} file(s) with findings</summary><ul>",
            s.flagged_files.len()
        )?;
        for f in &s.flagged_files {
            write!(out, "<li>{}</li>", esc(f))?;
        }
        out.write_all(b"</ul></details>\n")?;
    }
    for l in summary_lines(sheet)
        .iter()
        .filter(|l| l.starts_with("Line-up:"))
    {
        writeln!(out, "<p class=\"summary\">{}</p>", esc(l))?;
    }
    for u in &s.unopened {
        writeln!(out, "<p class=\"summary\">Could not read {}</p>", esc(u))?;
    }
    let parts = parts(sheet, false);
    let nav: Vec<(&str, &str)> = parts.iter().map(|p| (p.id, p.title)).collect();
    out.write_all(b"<nav>")?;
    for (id, title) in nav {
        write!(out, "<a href=\"#part-{id}\">{}</a>", esc(&tr(lang, title)))?;
    }
    out.write_all(b"</nav>\n")?;
    for part in parts {
        writeln!(
            out,
            "<section id=\"part-{}\">\n<h2>{}</h2>",
            part.id,
            esc(&tr(lang, part.title))
        )?;
        if let Some(note) = &part.note {
            writeln!(out, "<p class=\"note\">{}</p>", esc(note))?;
        }
        let mut shown = part.grids.filter(shown).peekable();
        if shown.peek().is_none() {
            writeln!(out, "<p class=\"empty\">{}</p>", esc(&part.empty))?;
        }
        for g in shown {
            if let (Some(note), true) = (&g.note, g.rows.is_empty()) {
                writeln!(
                    out,
                    "<h3>{}</h3>\n<p class=\"empty\" data-grid=\"{}\">{}</p>",
                    esc(&g.title),
                    esc(&g.id),
                    esc(note)
                )?;
                continue;
            }
            writeln!(
                out,
                "<h3>{}</h3>\n<div class=\"scroll\">\n<table id=\"{}\" data-part=\"{}\" class=\"{}\">",
                esc(&g.title),
                esc(&g.id),
                part.id,
                // Wide tables become cards on a phone; narrow ones fit.
                if g.columns.len() > 5 { "cards" } else { "narrow" }
            )?;
            out.write_all(b"<thead><tr>")?;
            for c in &g.columns {
                let class = if c.numeric { " class=\"num\"" } else { "" };
                write!(
                    out,
                    "<th scope=\"col\"{class}>{}</th>",
                    esc(&tr(lang, &c.name))
                )?;
            }
            out.write_all(b"</tr></thead>\n<tbody>\n")?;
            let row = |out: &mut dyn io::Write, cells: &[String]| -> io::Result<()> {
                out.write_all(b"<tr>")?;
                for (i, c) in g.columns.iter().enumerate() {
                    let cell = cells.get(i).map(String::as_str).unwrap_or("");
                    let mut class = Vec::new();
                    if c.numeric {
                        class.push("num");
                    }
                    if matches!(
                        c.name.as_str(),
                        "Kind" | "Rule" | "Card" | "At" | "Party" | "Tricks"
                    ) {
                        class.push("code");
                    }
                    if part.id == "claims"
                        && c.name.starts_with("Claimed −")
                        && !cell.is_empty()
                        && cell != "agrees"
                    {
                        class.push("bad");
                    }
                    let class = if class.is_empty() {
                        String::new()
                    } else {
                        format!(" class=\"{}\"", class.join(" "))
                    };
                    write!(
                        out,
                        "<td data-label=\"{}\"{class}>{}</td>",
                        esc(&tr(lang, c.label.unwrap_or(&c.name))),
                        esc(cell)
                    )?;
                }
                out.write_all(b"</tr>\n")
            };
            for r in g.rows.iter() {
                row(out, &r)?;
            }
            out.write_all(b"</tbody>\n")?;
            if !g.foot.is_empty() {
                out.write_all(b"<tfoot>\n")?;
                for r in &g.foot {
                    let mut r = r.clone();
                    if let Some(first) = r.first_mut() {
                        *first = tr(lang, first);
                    }
                    row(out, &r)?;
                }
                out.write_all(b"</tfoot>\n")?;
            }
            out.write_all(b"</table>\n</div>\n")?;
        }
        out.write_all(b"</section>\n")?;
    }
    out.write_all(b"</main>\n</body>\n</html>\n")?;
    Ok(())
}
