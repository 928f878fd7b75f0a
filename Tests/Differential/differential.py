#!/usr/bin/env python3
"""Roux against the Cooklang reference parser, run by CI (`make differential`).

Every recipe is parsed by both: Roux through `roux export -f cooklang-json`
(steps, metadata) and `-f json` (sections, ingredient notes), the reference
(cooklang-rs) through its Python bindings, `cooklang-bindings`. Compared at x1
and x2: ingredients (name, quantity, unit, note), cookware, timers, sections,
metadata and step text. Quantities are compared as amounts of their
dimension (Roux says 1.2 kg where the reference says 1200 g) within the
kitchen's rounding (Roux writes 1/3 cup, the reference 0.333…).

The recipes: the project's own cases (cases.txt beside this file), every
`.cook` file of the project's fixtures and samples, and recipes generated
from a fixed seed. Markdown recipes (markdown-cases.txt, the samples) are
converted with `export -f cooklang` and their .cook compared so too, and
with the steps and title Roux reads in the Markdown. A difference is fine only when it belongs to one of the
deliberate choices listed below (DECISIONS.md says why); any other makes
the check fail. Prints the counts.

    differential.py --roux .build/debug/roux [--root .] [--generated 150]
                    [--folder DIR …] [--show N]

`--folder` adds every .cook file under DIR (a public collection tried by
hand); such files are counted apart and never fail the run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import cooklang

HERE = os.path.dirname(os.path.abspath(__file__))

# Grams or millilitres in one of each unit both parsers may write.
UNITS = {
    "g": ("mass", 1), "gram": ("mass", 1), "grams": ("mass", 1), "kg": ("mass", 1000), "mg": ("mass", 0.001),
    "oz": ("mass", 28.349523125), "lb": ("mass", 453.59237), "lbs": ("mass", 453.59237),
    "ml": ("volume", 1), "l": ("volume", 1000), "cl": ("volume", 10), "dl": ("volume", 100),
    "tsp": ("volume", 4.92892159375), "tbsp": ("volume", 14.78676478125),
    "cup": ("volume", 236.5882365), "cups": ("volume", 236.5882365),
}
for _unit, _spellings in {"g": ["kilo"], "kg": ["kilogram", "kilograms", "kilos"], "oz": ["ounce", "ounces"],
                          "lb": ["pound", "pounds"], "ml": ["milliliter", "milliliters", "millilitre", "millilitres"],
                          "l": ["liter", "liters", "litre", "litres"], "tsp": ["teaspoon", "teaspoons"],
                          "tbsp": ["tablespoon", "tablespoons", "tbs"]}.items():
    for _spelling in _spellings:
        UNITS.setdefault(_spelling, UNITS[_unit])
UNITS["kilo"] = UNITS["kg"]


@dataclass
class Deliberate:
    """A difference Roux makes on purpose: its name, why, which sources it
    can touch, and which compared parts it may change."""

    name: str
    reason: str
    applies: object  # callable(source) -> bool
    parts: tuple[str, ...]


def _body(source: str) -> str:
    """The source without a front matter at its top."""
    match = re.match(r"---\r?\n.*?\r?\n---\r?\n", source, re.S)
    return source[match.end():] if match else source


def _front_matter(source: str) -> str:
    match = re.match(r"---\r?\n.*?\r?\n---(\r?\n|$)", source, re.S)
    return match.group(0) if match else ""


def _has_front_matter(source: str) -> bool:
    return re.match(r"---\r?\n.*?\r?\n---(\r?\n|$)", source, re.S) is not None


DELIBERATE = [
    Deliberate("alias", "Roux reads @name|shown{} as an alias (cooklang-rs's alias extension, which the bindings' "
               "parser leaves off); Roux writes aliases itself", lambda s: re.search(r"[@#][^\s{}@#~|]+\|\S", s) is not None
               or re.search(r"[@#][^{}\n]*\S\|\S[^{}\n]*\{", s) is not None, ("ingredients", "cookware", "text")),
    Deliberate("dashes", "three dashes or more are text, as the specification's canonical test reads `hello ---`; "
               "cooklang-rs takes them for a comment", lambda s: re.search(r"---", _body(s)) is not None,
               ("text", "steps", "ingredients", "cookware", "timers")),
    Deliberate("metadata-after-front-matter", ">> lines in a file with front matter are metadata to Roux (real files "
               "mean them so), text to cooklang-rs", lambda s: _has_front_matter(s) and re.search(r"(?m)^>>", _body(s)) is not None,
               ("metadata", "text", "steps")),
    Deliberate("escaped-quantity", "an escape in a quantity ({1\\/2%tsp}) is read through: 1/2 is a number that scales; "
               "cooklang-rs keeps the text", lambda s: re.search(r"\{[^}]*\\[^}]*\}", s) is not None, ("ingredients", "cookware", "timers")),
    Deliberate("modifiers", "Roux reads the component modifiers @@ @& @? @+ @- (cooklang-rs's modifiers extension, "
               "which the bindings' parser leaves off: it keeps them in the name)",
               lambda s: re.search(r"[@#][@&?+\-]\S", s) is not None, ("text", "ingredients", "cookware")),
    Deliberate("ranges-scale", "Roux scales both ends of a range (2-3 eggs x2 is 4-6); the reference leaves a range as written",
               lambda s: re.search(r"\{=?\s*\d+(\.\d+)?\s*[-–]\s*\d", s) is not None, ("ingredients",)),
    Deliberate("number-like-text-scales", "Roux scales what a cook reads as a number although the specification keeps it "
               "as text: a leading zero (01/2), a unit inside the amount ({7 k}, {2 cups})",
               lambda s: re.search(r"\{=?\s*(0\d|[\d/.]+(\s+[\d/.]+)?\s+[^\d\s%}/])", s) is not None, ("ingredients",)),
    Deliberate("unit-name-on-scaling", "a scaled quantity is written with Roux's name of its unit (2 tins x2 is 4 cans)",
               lambda s: re.search(r"%\s*(tins?|c|T|t|gr|tbs|tbl)\s*\}", s) is not None, ("ingredients",)),
    Deliberate("note-across-lines", "a note does not cross a line in Roux (README, Limits): `(halved` at a line's end "
               "is text; the reference joins the lines", lambda s: re.search(r"(?m)[@#][^@#~\n(]*?(\{[^}\n]*\})?\([^)\n]*$", s) is not None,
               ("text", "ingredients", "cookware")),
    Deliberate("quoted-metadata", "Roux takes the quotes around a >> value off (>> title: \"Crêpes\" is Crêpes), as YAML does",
               lambda s: re.search(r"(?m)^>>[^:\n]*:\s*[\"']", s) is not None, ("metadata",)),
    Deliberate("metadata-line-without-colon", "a >> line without key: value stays a metadata line, kept as written "
               "with a warning; the reference reads it as step text", lambda s: re.search(r"(?m)^>>[^:\n]*$", s) is not None,
               ("steps", "text", "ingredients", "metadata")),
    Deliberate("backslash-at-line-end", "a backslash at a line's end is itself (Roux writes it so); the reference drops it",
               lambda s: re.search(r"\\\r?\n", s) is not None, ("text",)),
    Deliberate("malformed-components", "a brace or a note that runs over other components is not closed there: Roux keeps "
               "the name one word and warns (check), the reference takes everything to the next brace",
               lambda s: re.search(r"\{[^}\n]*[@#~][^}\n]*\}", s) is not None or re.search(r"(?m)[@#][^\s(]+\([^)\n]*$", s) is not None,
               ("text", "ingredients", "cookware", "timers")),
    Deliberate("key-value-front-matter", "front matter that YAML rejects but that is key: value lines is read as such "
               "(the canonical test's `cooking time    :30 mins`)",
               lambda s: _has_front_matter(s) and re.search(r"(?m)^[^#\s:][^:\n]*\s:", _front_matter(s)) is not None, ("metadata",)),
]


@dataclass
class Model:
    sections: list[str] = field(default_factory=list)
    steps: list[list[tuple]] = field(default_factory=list)
    metadata: dict[str, str] = field(default_factory=dict)


def _number(value):
    """A float for a number or a numeric string ("1/2", "1 1/2", "2-3" → its upper end), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, cooklang.Range):
        return float(value.end)
    if not isinstance(value, str):
        return None
    text = value.strip()
    if re.fullmatch(r"\d+(\.\d+)?\s*[-–]\s*\d+(\.\d+)?", text):
        return float(re.split(r"\s*[-–]\s*", text)[1])
    total = 0.0
    parts = text.split()
    if not parts or len(parts) > 2:
        return None
    for part in parts:
        if re.fullmatch(r"\d+(\.\d+)?", part):
            total += float(part)
        elif re.fullmatch(r"\d+/\d+", part) and not part.endswith("/0"):
            top, bottom = part.split("/")
            total += int(top) / int(bottom)
        else:
            return None
    return total


def _amount(value, unit) -> tuple:
    """A quantity as something to compare: (dimension or unit, number) or ("text", words)."""
    unit = (unit or "").strip()
    number = _number(value)
    if number is None:
        text = "" if value is None else " ".join(str(value).split())
        return ("text", text, unit)
    if unit.lower() in UNITS:
        dimension, worth = UNITS[unit.lower()]
        return (dimension, number * worth)
    return ("unit:" + _singular(unit.lower()), number)


def _singular(unit: str) -> str:
    """Roux writes a counted unit's plural past one (2 pinches); the reference as written."""
    for suffix in ("ches", "shes", "sses"):
        if unit.endswith(suffix):
            return unit[:-2]
    return unit[:-1] if unit.endswith("s") and not unit.endswith("ss") else unit


def _same_amount(one: tuple, other: tuple) -> bool:
    if one[0] != other[0] or len(one) != len(other):
        return False
    if one[0] == "text":
        return one == other
    a, b = one[1], other[1]
    return abs(a - b) <= 0.015 * max(abs(a), abs(b)) + 1e-6


def _text(value: str) -> str:
    return " ".join(value.split())


def reference_model(source: str, factor: float) -> Model:
    recipe = cooklang.parse(source, scale=factor)
    model = Model()
    for section in recipe.sections:
        if section.name:
            model.sections.append(_text(section.name))
        for block in section.blocks:
            if not isinstance(block, cooklang.Step):
                continue
            items = []
            for item in block.items:
                if isinstance(item, cooklang.TextItem):
                    items.append(("text", item.value))
                elif isinstance(item, cooklang.IngredientRef):
                    ingredient = item.ingredient
                    quantity = ingredient.quantity
                    items.append(("ingredient", ingredient.name,
                                  _amount(quantity.value if quantity else None, quantity.unit if quantity else None),
                                  ingredient.note or ""))
                elif isinstance(item, cooklang.CookwareRef):
                    quantity = item.cookware.quantity
                    items.append(("cookware", item.cookware.name,
                                  _amount(quantity.value if quantity else 1, quantity.unit if quantity else None)))
                elif isinstance(item, cooklang.TimerRef):
                    quantity = item.timer.quantity
                    items.append(("timer", item.timer.name or "",
                                  _amount(quantity.value if quantity else None, quantity.unit if quantity else None)))
            model.steps.append(_merged(items))
    for key, value in recipe.metadata.items():
        model.metadata[_key(key)] = _metadata_text(value)
    return model


# Keys the bindings cannot report: cooklang-rs reads `yield` as a standard
# key that their metadata mapping leaves out.
UNREPORTED_KEYS = {"yield"}


def _key(key: str) -> str:
    """The bindings name standard keys for Python (`cook time` is cook_time)."""
    return " ".join(key.replace("_", " ").replace("-", " ").lower().split())


def _metadata_text(value) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(_metadata_text(item) for item in value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())


def _merged(items: list[tuple]) -> list[tuple]:
    """Adjacent text joined, white space runs as one, the ends trimmed."""
    result: list[tuple] = []
    for item in items:
        if item[0] == "text" and result and result[-1][0] == "text":
            result[-1] = ("text", result[-1][1] + item[1])
        else:
            result.append(item)
    result = [("text", " ".join(item[1].split(" "))) if item[0] == "text" else item for item in result]
    cleaned = []
    for index, item in enumerate(result):
        if item[0] == "text":
            value = re.sub(r"\s+", " ", item[1])
            if index == 0:
                value = value.lstrip()
            if index == len(result) - 1:
                value = value.rstrip()
            if not value:
                continue
            item = ("text", value)
        cleaned.append(item)
    return cleaned


def roux_model(roux: str, path: str, factor: float) -> Model:
    scale = [] if factor == 1 else ["--scale", str(factor)]
    canonical = json.loads(_run([roux, "export", "-f", "cooklang-json", path] + scale))
    # Roux's own JSON reads the recipes a file references; the cases' and
    # fixtures' references name files that are not there, which Roux says
    # (exit status 1) while still writing the export. Only the paragraphs
    # are read from it.
    detailed = json.loads(_run([roux, "export", "-f", "json", path] + scale, missing_references_allowed=True))
    model = Model()
    notes = []
    for paragraph in detailed.get("paragraphs", []):
        text = "".join(run.get("text", "") for run in paragraph.get("runs", []))
        if paragraph.get("heading") and not paragraph.get("verbatim"):
            if text.strip():
                model.sections.append(_text(text))
            continue
        if paragraph.get("quote"):
            continue
        for run in paragraph.get("runs", []):
            if run.get("ingredient") and not run.get("comment"):
                notes.append(run.get("note") or "")
    note_index = 0
    for step in canonical["steps"]:
        items = []
        for item in step:
            kind = item["type"]
            if kind == "text":
                items.append(("text", item["value"]))
            elif kind == "ingredient":
                quantity = None if item["quantity"] == "some" else item["quantity"]
                note = notes[note_index] if note_index < len(notes) else ""
                note_index += 1
                items.append(("ingredient", item["name"], _amount(quantity, item["units"]), note))
            elif kind == "cookware":
                items.append(("cookware", item["name"], _amount(item["quantity"], None)))
            elif kind == "timer":
                quantity = None if item["quantity"] == "" else item["quantity"]
                items.append(("timer", item["name"], _amount(quantity, item["units"])))
        model.steps.append(_merged(items))
    for key, value in canonical["metadata"].items():
        if _key(key) not in UNREPORTED_KEYS:
            model.metadata[_key(key)] = _metadata_text(value)
    return model


def _run(command: list[str], missing_references_allowed: bool = False) -> str:
    result = subprocess.run(command, capture_output=True, text=True)
    only_missing_references = result.returncode == 1 and result.stdout and all(
        ": no recipe " in line for line in result.stderr.strip().splitlines())
    if result.returncode != 0 and not (missing_references_allowed and only_missing_references):
        raise RuntimeError(f"{' '.join(command)}: {result.stderr.strip()}")
    return result.stdout


def differences(roux: Model, reference: Model) -> list[tuple[str, str]]:
    """(part, description) for each way the two models differ."""
    found: list[tuple[str, str]] = []
    if roux.sections != reference.sections:
        found.append(("sections", f"roux {roux.sections} reference {reference.sections}"))
    if roux.metadata != reference.metadata:
        keys = sorted(set(roux.metadata) | set(reference.metadata))
        changed = {key: (roux.metadata.get(key), reference.metadata.get(key)) for key in keys
                   if roux.metadata.get(key) != reference.metadata.get(key)}
        found.append(("metadata", f"(roux, reference): {changed}"))
    # Steps with nothing but text on both sides that only the reference has
    # empty are skipped by neither: compare the sequences.
    if len(roux.steps) != len(reference.steps):
        found.append(("steps", f"roux {len(roux.steps)} steps, reference {len(reference.steps)}: "
                               f"roux {roux.steps[:3]} reference {reference.steps[:3]}"))
        return found
    for number, (mine, theirs) in enumerate(zip(roux.steps, reference.steps), start=1):
        if len(mine) != len(theirs):
            found.append(("text", f"step {number}: roux {mine} reference {theirs}"))
            continue
        for one, other in zip(mine, theirs):
            if one[0] != other[0]:
                found.append(("text", f"step {number}: roux {one} reference {other}"))
            elif one[0] == "text" and one[1] != other[1]:
                found.append(("text", f"step {number}: roux {one[1]!r} reference {other[1]!r}"))
            elif one[0] == "ingredient" and (one[1] != other[1] or not _same_amount(one[2], other[2]) or one[3] != other[3]):
                found.append(("ingredients", f"step {number}: roux {one[1:]} reference {other[1:]}"))
            elif one[0] in ("cookware", "timer") and (one[1] != other[1] or not _same_amount(one[2], other[2])):
                found.append(("cookware" if one[0] == "cookware" else "timers", f"step {number}: roux {one[1:]} reference {other[1:]}"))
    return found


def read_cases(path: str) -> list[tuple[str, str]]:
    """cases.txt: `#### name` lines, each followed by a recipe."""
    cases: list[tuple[str, str]] = []
    name = None
    lines: list[str] = []
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.startswith("#### "):
                if name is not None:
                    cases.append((name, "".join(lines)))
                name, lines = line[5:].strip(), []
            elif name is not None:
                lines.append(line)
    if name is not None:
        cases.append((name, "".join(lines)))
    return cases


INGREDIENTS = ["flour", "sugar", "salt", "butter", "eggs", "milk", "olive oil", "black pepper", "garlic", "onion",
               "vanilla extract", "crème fraîche", "baking powder", "water", "lemon zest"]
UNIT_WORDS = ["g", "kg", "ml", "l", "cup", "cups", "tbsp", "tsp", "oz", "lb", "pinch", "cloves", ""]
AMOUNTS = ["1", "2", "3", "250", "0.5", "1.5", "1/2", "1/3", "3/4", "2 1/2", "12", "0.25", "a pinch", "2-3"]
COOKWARE = ["pan", "pot", "bowl", "baking dish", "whisk", "sheet pan"]
WORDS = ["Mix", "then", "stir", "until", "smooth", "and", "add", "the", "slowly", "heat", "bake", "for", "a", "while"]


def generated(count: int, seed: int = 26) -> list[tuple[str, str]]:
    """Recipes of every construct the two parsers share, from a fixed seed."""
    rng = random.Random(seed)
    recipes = []
    for number in range(count):
        lines = []
        if rng.random() < 0.5:
            lines += [f">> servings: {rng.choice([2, 4, 6])}", f">> source: book {number}", ""]
        for _ in range(rng.randint(1, 5)):
            if rng.random() < 0.25:
                lines += [rng.choice(["== Dough ==", "= Sauce", "== To finish"]), ""]
            words = []
            for _ in range(rng.randint(2, 8)):
                roll = rng.random()
                if roll < 0.3:
                    name = rng.choice(INGREDIENTS)
                    amount = rng.choice(AMOUNTS)
                    unit = rng.choice(UNIT_WORDS)
                    quantity = amount + (f"%{unit}" if unit and amount[0].isdigit() else "")
                    if rng.random() < 0.15:
                        words.append(f"@{name}" if " " not in name else f"@{name}{{}}")
                    else:
                        note = f"({rng.choice(['chopped', 'soft', 'cold'])})" if rng.random() < 0.2 else ""
                        words.append(f"@{name}{{{quantity}}}{note}")
                elif roll < 0.4:
                    name = rng.choice(COOKWARE)
                    words.append(f"#{name}{{}}" if " " in name or rng.random() < 0.5 else f"#{name}")
                elif roll < 0.47:
                    minutes = rng.choice(["5", "10", "1.5", "20"])
                    words.append(f"~{{{minutes}%minutes}}" if rng.random() < 0.6 else f"~rest{{{minutes}%minutes}}")
                else:
                    words.append(rng.choice(WORDS))
            line = " ".join(words) + "."
            if rng.random() < 0.15:
                line += " -- " + rng.choice(WORDS)
            lines.append(line)
            if rng.random() < 0.2:
                lines.append("> " + " ".join(rng.choice(WORDS) for _ in range(4)))
            lines.append("")
        recipes.append((f"generated-{number}", "\n".join(lines)))
    return recipes


def project_files(root: str) -> list[tuple[str, str]]:
    """Every .cook recipe of the project, but the seeds of the fuzzers that
    check what leaves Roux (Tests/Fuzz/printers, Tests/Fuzz/html): escape
    sequences and C1 controls written to reach a terminal, not recipes whose
    meaning two parsers should share (cooklang-rs trims U+0085 as white space
    and drops a value holding U+009B; Roux keeps both as data)."""
    files = []
    hostile = [os.path.join(root, "Tests", "Fuzz", name) for name in ("printers", "html")]
    for folder in ("Resources", "Tests"):
        for directory, _, names in os.walk(os.path.join(root, folder)):
            if any(os.path.commonpath([directory, seeds]) == seeds for seeds in hostile):
                continue
            for name in sorted(names):
                if name.endswith(".cook"):
                    path = os.path.join(directory, name)
                    with open(path, encoding="utf-8", errors="replace") as file:
                        files.append((os.path.relpath(path, root), file.read()))
    return sorted(files)


def folder_files(folder: str) -> list[tuple[str, str]]:
    files = []
    for directory, _, names in os.walk(folder):
        for name in sorted(names):
            if name.endswith(".cook"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8", errors="replace") as file:
                    files.append((path, file.read()))
    return sorted(files)


@dataclass
class Outcome:
    name: str
    origin: str
    factor: float
    unlisted: list[tuple[str, str]]
    listed: dict[str, int]
    error: str | None = None


def compare(roux: str, scratch: str, origin: str, name: str, source: str, factor: float) -> Outcome:
    path = os.path.join(scratch, re.sub(r"[^A-Za-z0-9]+", "-", f"{origin}-{name}-{factor}") + ".cook")
    with open(path, "w", encoding="utf-8") as file:
        file.write(source)
    try:
        reference = reference_model(source, factor)
    except Exception as error:  # The reference refuses the recipe (e.g. `#{}`): nothing to compare.
        return Outcome(name, origin, factor, [], {}, error=f"reference: {error}")
    try:
        mine = roux_model(roux, path, factor)
    except Exception as error:
        return Outcome(name, origin, factor, [("roux", str(error))], {})
    listed: dict[str, int] = {}
    unlisted = []
    for part, description in differences(mine, reference):
        choice = next((choice for choice in DELIBERATE if part in choice.parts and choice.applies(source)), None)
        if choice:
            listed[choice.name] = listed.get(choice.name, 0) + 1
        else:
            unlisted.append((part, description))
    return Outcome(name, origin, factor, unlisted, listed)


def markdown_sources(root: str) -> list[tuple[str, str]]:
    """Markdown recipes to convert: the project's cases (markdown-cases.txt
    beside this file, recipes as Roux writes what a user types) and its
    sample recipes."""
    sources = read_cases(os.path.join(HERE, "markdown-cases.txt"))
    samples = os.path.join(root, "Resources", "Recipes")
    for name in sorted(os.listdir(samples)):
        if name.endswith(".md"):
            with open(os.path.join(samples, name), encoding="utf-8") as file:
                sources.append((name, file.read()))
    return sources


def compare_conversion(roux: str, scratch: str, name: str, markdown: str) -> Outcome:
    """A Markdown recipe converted by `roux export -f cooklang`: the
    reference reads the .cook as Roux does (the usual comparison), and with
    the steps and title Roux reads in the Markdown (`-f cooklang-json` of
    the .md): each step one step, notes out of them, the title the title."""
    stem = os.path.join(scratch, "converted-" + re.sub(r"[^A-Za-z0-9]+", "-", name))
    with open(stem + ".md", "w", encoding="utf-8") as file:
        file.write(markdown)
    try:
        cook = _run([roux, "export", "-f", "cooklang", stem + ".md"])
        canonical = json.loads(_run([roux, "export", "-f", "cooklang-json", stem + ".md"]))
    except Exception as error:
        return Outcome(name, "converted", 1.0, [("roux", str(error))], {})
    outcome = compare(roux, scratch, "converted", name, cook, 1.0)
    if outcome.error:
        return outcome
    reference = cooklang.parse(cook)
    steps = [block for section in reference.sections for block in section.blocks if isinstance(block, cooklang.Step)]
    if len(steps) != len(canonical["steps"]):
        outcome.unlisted.append(("conversion", f"the .md has {len(canonical['steps'])} steps, its .cook {len(steps)} "
                                               f"for the reference: {[step.text for step in steps][:4]}"))
    title = canonical["metadata"].get("title")
    if reference.metadata.get("title") != title:
        outcome.unlisted.append(("conversion", f"title: the .md's {title!r}, the reference reads {reference.metadata.get('title')!r}"))
    return outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--roux", required=True)
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(HERE)))
    parser.add_argument("--generated", type=int, default=150)
    parser.add_argument("--folder", action="append", default=[])
    parser.add_argument("--show", type=int, default=20, help="differences printed at most")
    arguments = parser.parse_args()

    sources = [("case", name, text) for name, text in read_cases(os.path.join(HERE, "cases.txt"))]
    sources += [("fixture", name, text) for name, text in project_files(arguments.root)]
    sources += [("generated", name, text) for name, text in generated(arguments.generated)]
    for folder in arguments.folder:
        sources += [("folder", name, text) for name, text in folder_files(folder)]

    with tempfile.TemporaryDirectory(prefix="roux-differential-") as scratch:
        jobs = [(origin, name, text, factor) for origin, name, text in sources for factor in (1.0, 2.0)]
        with ThreadPoolExecutor(max_workers=2) as pool:
            outcomes = list(pool.map(lambda job: compare(arguments.roux, scratch, *job), jobs))
            outcomes += list(pool.map(lambda source: compare_conversion(arguments.roux, scratch, *source),
                                      markdown_sources(arguments.root)))

    counts: dict[str, dict[str, int]] = {}
    listed: dict[str, int] = {}
    shown = 0
    failed = False
    for outcome in outcomes:
        tally = counts.setdefault(outcome.origin, {"compared": 0, "same": 0, "deliberate": 0, "unlisted": 0, "refused": 0})
        if outcome.error:
            tally["refused"] += 1
            continue
        tally["compared"] += 1
        for choice, number in outcome.listed.items():
            listed[choice] = listed.get(choice, 0) + number
        if outcome.unlisted:
            tally["unlisted"] += 1
            failed = failed or outcome.origin != "folder"
            for part, description in outcome.unlisted:
                if shown < arguments.show:
                    print(f"DIFFERENT {outcome.origin} {outcome.name} x{outcome.factor:g} {part}: {description}")
                    shown += 1
        elif outcome.listed:
            tally["deliberate"] += 1
        else:
            tally["same"] += 1
    for origin, tally in counts.items():
        print(f"differential {origin}: " + ", ".join(f"{value} {key}" for key, value in tally.items()))
    for choice in DELIBERATE:
        if choice.name in listed:
            print(f"deliberate {choice.name}: {listed[choice.name]} differences ({choice.reason})")
    print("differential: " + ("unlisted differences (see above)" if failed else "every difference is fixed or listed"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
