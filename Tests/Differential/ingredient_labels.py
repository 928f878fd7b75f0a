"""The labelling rules of the ingredient-parser comparison, as code.

A labelled line (a row of labels.tsv: id, lang, line, quantity, unit, name,
note, source) says what a cook reading the line would put on a shopping
list. The same rules turn a label and each parser's answer into comparable
values, so neither parser is judged by the other's spelling:

- quantity: the first amount written, as a number or a range "lo-hi"
  ("1 ½" is 1.5, "2 to 2 1/4" is 2-2.25); "a"/"an" before a unit is 1; no
  amount is empty. Equal within 1% (1/3 is written 0.333).
- unit: the unit of that first amount, one canonical spelling per unit
  across English, French and German (UNITS below: "EL", "c. à soupe" and
  "tablespoons" are all tbsp); a size ("2 large eggs") is no unit.
- name: the ingredient, without amount, unit, preparation or size words,
  parentheses or what follows a comma ("Salt, to taste" is salt). Compared
  as words: lower case, punctuation and the small words of, and, de, und …
  dropped, a final plural s dropped, and the preparation and size words of
  PREPARATION ignored wherever they stand (a parser that keeps "chopped" in
  the name is not wrong for it).
- A label field may list readings separated by ";" ("clove;-": the line can
  be read with the unit clove or with none); "-" or an empty field is none.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

# Every spelling either parser or a label may give, to one canonical unit.
_UNIT_SPELLINGS = {
    "g": "g gr grs gram grams gramme grammes grammes grammi 克",
    "kg": "kg kgs kilo kilos kilogram kilograms kilogramme kilogrammes",
    "mg": "mg milligram milligrams milligramme milligrammes",
    "ml": "ml millilitre millilitres milliliter milliliters",
    "cl": "cl centilitre centilitres centiliter centiliters",
    "dl": "dl decilitre decilitres deciliter deciliters décilitre décilitres",
    "l": "l litre litres liter liters",
    "tsp": "tsp tsps teaspoon teaspoons t tl càc cc c.à.c",
    "tbsp": "tbsp tbsps tablespoon tablespoons tbs tbl tb el càs cs c.à.s",
    "cup": "cup cups c tasse tassen",
    "fl oz": "fl oz fluid ounce fluid ounces fluid_ounce",
    "pint": "pint pints pt",
    "quart": "quart quarts qt",
    "oz": "oz ounce ounces",
    "lb": "lb lbs pound pounds",
    "stick": "stick sticks",
    "pinch": "pinch pinches pincée pincées pincee pincees prise prisen",
    "clove": "clove cloves gousse gousses zehe zehen",
    "slice": "slice slices tranche tranches scheibe scheiben",
    "can": "can cans tin tins dose dosen boîte boîtes",
    "bunch": "bunch bunches botte bottes bund",
    "handful": "handful handfuls poignée poignées handvoll",
    "piece": "piece pieces pièce pièces stück stk",
    # A packet, a sachet and a package are one thing on a shopping list.
    "package": "package packages pkg pkgs pack packs packung packungen pck päckchen packet packets sachet sachets",
    "sprig": "sprig sprigs brin brins zweig zweige",
    "stalk": "stalk stalks stange stangen",
    "box": "box boxes",
    "bulb": "bulb bulbs",
    "cube": "cube cubes",
    "leaf": "leaf leaves feuille feuilles blatt",
    "ball": "ball balls kugel kugeln",
    "glass": "glass glasses verre verres glas",
    "grain": "grain grains",
    "case": "case cases",
}
UNITS = {spelling: unit for unit, spellings in _UNIT_SPELLINGS.items() for spelling in spellings.split()}
# Spellings of more than one word, or with marks the word split would lose.
UNITS.update({
    "fl oz": "fl oz", "fl. oz.": "fl oz", "fl. oz": "fl oz", "fluid ounce": "fl oz", "fluid ounces": "fl oz",
    "c. à soupe": "tbsp", "c. a soupe": "tbsp", "cuillère à soupe": "tbsp", "cuillères à soupe": "tbsp",
    "cuill. à soupe": "tbsp", "c. à s.": "tbsp", "c à soupe": "tbsp",
    "c. à café": "tsp", "c. a cafe": "tsp", "cuillère à café": "tsp", "cuillères à café": "tsp",
    "cuill. à café": "tsp", "c. à c.": "tsp", "c à café": "tsp",
    "el el": "tbsp",
})

_STOPWORDS = set("of and or the a an with de d du des la le les l et ou à und oder der die das".split())
# Sizes and preparations, in the three languages: where a parser puts them
# (name, note, size) is not what is measured.
SIZES = set("""large small medium heaping heaped level generous big
    petit petite petits petites gros grosse grosses moyen moyenne
    klein kleine kleiner kleinen groß große großer grosse grosser mittelgroß mittelgroße""".split())
PREPARATION = SIZES | set("""chopped minced diced sliced grated crushed beaten softened melted finely thinly roughly
    freshly fresh peeled pitted packed divided optional
    haché hachée hachés hachées râpé râpée râpés râpées émincé émincée émincés fondu fondue frais fraîche
    gehackt gehackte gehackter gerieben geriebene geriebener geschmolzen halbiert fein""".split())


@dataclass
class Reading:
    """What a parser made of a line (or what its label says)."""

    quantity: tuple[Fraction, Fraction] | None
    unit: str | None
    name: tuple[str, ...]


@dataclass
class Label:
    id: int
    lang: str
    line: str
    quantities: list[tuple[Fraction, Fraction] | None]
    units: list[str | None]
    names: list[tuple[str, ...]]
    note: str
    source: str

    def right(self, reading: Reading) -> tuple[bool, bool, bool]:
        """Quantity, unit and name right?"""
        return (any(same_quantity(reading.quantity, q) for q in self.quantities),
                reading.unit in self.units,
                reading.name in self.names)

    def expected(self) -> str:
        def show(values, shown):
            return " or ".join(shown(v) for v in values)
        return (f"{show(self.quantities, show_quantity)} | {show(self.units, lambda u: u or '-')} | "
                f"{show(self.names, lambda n: ' '.join(n) or '-')}")


def read_labels(path: str) -> list[Label]:
    labels = []
    with open(path, encoding="utf-8", newline="") as source:
        for row in csv.DictReader(source, delimiter="\t", quoting=csv.QUOTE_NONE):
            labels.append(Label(
                id=int(row["id"]), lang=row["lang"], line=row["line"],
                quantities=[quantity(q) for q in _alternatives(row["quantity"])],
                units=[unit(u) for u in _alternatives(row["unit"])],
                names=[name(n) for n in _alternatives(row["name"])],
                note=row["note"], source=row["source"]))
    return labels


def _alternatives(field: str) -> list[str]:
    return [part.strip() for part in field.split(";")] if field.strip() else [""]


_VULGAR = {"½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5",
           "⅘": "4/5", "⅙": "1/6", "⅚": "5/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8"}


def _number(text: str) -> Fraction | None:
    """"1 1/2", "1½", "0.5", "1,5", "3/4", "1⁄4" as a number."""
    for vulgar, plain in _VULGAR.items():
        text = text.replace(vulgar, f" {plain}")
    text = text.replace("⁄", "/").replace(",", ".").strip()
    total = Fraction(0)
    parts = text.split()
    if not parts:
        return None
    try:
        for part in parts:
            total += Fraction(part)
    except (ValueError, ZeroDivisionError):
        return None
    return total


def quantity(value) -> tuple[Fraction, Fraction] | None:
    """A label's or a parser's quantity: a number, "lo-hi", "lo to hi", a
    [lo, hi] list or a {"min"/"low", "max"/"high"} object; None for none."""
    if value is None or value == "" or value == "-":
        return None
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float, Fraction)):
        number = Fraction(value).limit_denominator(1000)
        return number, number
    if isinstance(value, (list, tuple)) and value:
        low, high = quantity(value[0]), quantity(value[-1])
        return (low[0], high[1]) if low and high else low or high
    if isinstance(value, dict):
        low = next((value[k] for k in ("min", "low", "from", "value", "amount") if value.get(k) is not None), None)
        high = next((value[k] for k in ("max", "high", "to") if value.get(k) is not None), low)
        low_q, high_q = quantity(low), quantity(high)
        return (low_q[0], high_q[1]) if low_q and high_q else low_q
    text = str(value).strip()
    match = re.fullmatch(r"(.+?)\s*(?:-|–|—|to|à|bis)\s*(.+)", text)
    if match and _number(match.group(1)) is not None and _number(match.group(2)) is not None:
        return _number(match.group(1)), _number(match.group(2))
    number = _number(text)
    return (number, number) if number is not None else None


def same_quantity(found, expected) -> bool:
    if found is None or expected is None:
        return found is expected
    return all(abs(a - b) <= max(Fraction(1, 100) * abs(b), Fraction(1, 1000)) for a, b in zip(found, expected))


def show_quantity(value) -> str:
    if value is None:
        return "-"
    low, high = (f"{float(v):g}" for v in value)
    return low if low == high else f"{low}-{high}"


def unit(value) -> str | None:
    """A unit's canonical spelling; an unknown unit keeps its own (lower case,
    no final period or plural s), so it can still equal a label's."""
    if value is None:
        return None
    text = " ".join(unicodedata.normalize("NFKC", str(value)).lower().split())
    text = text.replace("_", " ")
    if text in ("", "-"):
        return None
    for candidate in (text, text.rstrip("."), re.sub(r"\(.*?\)", "", text).strip(" .")):
        if candidate in UNITS:
            return UNITS[candidate]
    stripped = re.sub(r"\(.*?\)", "", text).strip(" .")
    unsized = " ".join(word for word in stripped.split() if word not in SIZES)  # "large handful"
    for candidate in (unsized, stripped.rstrip("s"), unsized.rstrip("s")):
        if candidate in UNITS:
            return UNITS[candidate]
    return unsized or stripped


def name(value) -> tuple[str, ...]:
    """A name as the words that decide it, in order of first appearance."""
    if value is None:
        return ()
    if isinstance(value, (list, tuple)):
        value = " ".join(str(part) for part in value)
    text = unicodedata.normalize("NFKC", str(value)).lower().replace("’", "'")
    text = re.sub(r"\((?:n|s|e|er|es|en)\)", "", text)
    words = []
    for word in re.findall(r"[^\W_]+", text):
        if word in _STOPWORDS or word in PREPARATION:
            continue
        if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        if word not in words:
            words.append(word)
    return tuple(sorted(words))
