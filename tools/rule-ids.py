#!/usr/bin/env python3
"""Typed rule ids at the finding builder (issue 25): rewrites `.rule("DK-PLAY-2")`
into `.rule(Rule::DkPlay2)` (and a finding's `.rule = Some("DK-PLAY-2")` into
`.rule = Some(Rule::DkPlay2.id())`) in the Rust sources, imports `Rule` where
it is used, and makes `Problem::rule` take a `Rule`.

    tools/rule-ids.py            # rewrite, then `cargo fmt --all`
    tools/rule-ids.py --check    # say what it would change; exit 1 if anything

Safe to run again at any time (after a merge that adds call sites): what is
already converted is left alone, so a second run changes nothing. Only a
literal id that is the sole argument of `.rule(`, or set as `.rule = Some(..)`,
is converted, on lines that
are not comments; an id not in notation/src/rule/ids.rs (the enum generated
from spec/rules/*.md) is left as it is and named, so the compiler points at
it. Ids that reach a finding through a variable use `Problem::rule_id`.
The JSON form is unchanged: the finding still holds the id string.
"""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FOLDERS = ["verifier/src", "notation/src", "src"]
IDS = ROOT / "notation/src/rule/ids.rs"
PROBLEM = ROOT / "notation/src/problem.rs"

ID = r'"((?:DK|FR|KR|S7)-[A-Z]+-[0-9]+[a-z]?)"'
# `.rule("ID")`, the builder; `.rule = Some("ID")`, a finding's field set.
CALL = re.compile(r"\.rule\(\s*" + ID + r"\s*\)|\.rule = Some\(" + ID + r"\)")
OLD_BUILDER = (
    "    pub fn rule(mut self, rule: &'static str) -> Problem {\n"
    "        self.rule = Some(rule);\n"
)
NEW_BUILDER = (
    "    /// The rule broken, named by its variant of [`Rule`]; the finding\n"
    "    /// keeps its id (`DK-PLAY-2`), as the JSON form writes it.\n"
    "    pub fn rule(mut self, rule: Rule) -> Problem {\n"
    "        self.rule = Some(rule.id());\n"
)


def known_ids():
    """Each id of the generated enum and its variant: {"DK-PLAY-2": "DkPlay2"}."""
    text = IDS.read_text()
    return {id_: variant for variant, id_ in re.findall(r'\(Rule::(\w+), "([^"]+)",', text)}


def import_line(path):
    """The `use` that names `Rule` in this file."""
    rel = path.relative_to(ROOT).as_posix()
    return "use crate::Rule;\n" if rel.startswith("notation/") else "use notation::Rule;\n"


def has_import(text):
    return re.search(r"^use [\w:]*\bRule;|^use [\w:]*::\{[^}]*\bRule\b[^}]*\};", text, re.M)


def add_import(path, text):
    """Puts the import before the file's first top-level `use`, or after its
    leading `//!` docs and attributes when it has none."""
    line = import_line(path)
    m = re.search(r"^use ", text, re.M)
    if m:
        return text[: m.start()] + line + text[m.start():]
    lines = text.split("\n")
    i = 0
    while i < len(lines) and (lines[i].startswith("//!") or lines[i].startswith("#![")):
        i += 1
    lines.insert(i, ("\n" if i else "") + line.rstrip("\n"))
    return "\n".join(lines)


def convert(path, text, ids, unknown):
    out = []
    last = 0
    count = 0
    for m in CALL.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start:m.start()].lstrip().startswith("//"):
            continue
        id_ = m.group(1) or m.group(2)
        variant = ids.get(id_)
        if variant is None:
            unknown.append(f"{path.relative_to(ROOT)}: {id_}")
            continue
        out.append(text[last:m.start()])
        if m.group(1):
            out.append(f".rule(Rule::{variant})")
        else:
            out.append(f".rule = Some(Rule::{variant}.id())")
        last = m.end()
        count += 1
    out.append(text[last:])
    new = "".join(out)
    if count and not has_import(new):
        new = add_import(path, new)
    return new, count


def main():
    check = "--check" in sys.argv[1:]
    ids = known_ids()
    if len(ids) < 150:
        sys.exit(f"only {len(ids)} ids read from {IDS}")
    changed = []
    unknown = []
    total = 0
    problem = PROBLEM.read_text()
    if OLD_BUILDER in problem:
        problem = problem.replace(OLD_BUILDER, NEW_BUILDER)
        if not re.search(r"^use crate::rule::Rule;|^use crate::Rule;", problem, re.M):
            problem = problem.replace("use crate::card::Card;\n", "use crate::card::Card;\nuse crate::rule::Rule;\n", 1)
        changed.append(PROBLEM)
        if not check:
            PROBLEM.write_text(problem)
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.rs")):
            if path == IDS:
                continue
            text = path.read_text()
            new, count = convert(path, text, ids, unknown)
            if new != text:
                total += count
                changed.append(path)
                if not check:
                    path.write_text(new)
    for u in unknown:
        print(f"not a rule id of spec/rules, left as it is: {u}", file=sys.stderr)
    for path in changed:
        print(path.relative_to(ROOT))
    print(f"{total} call(s) converted in {len(changed)} file(s)", file=sys.stderr)
    if check:
        sys.exit(1 if changed else 0)
    if changed:
        subprocess.run(["cargo", "fmt", "--all"], cwd=ROOT, check=True)


if __name__ == "__main__":
    main()
