#!/usr/bin/env python3
"""The comparison's rules (ingredient_labels.py) on the spellings both parsers
give: run before every comparison by `make compare-ingredients`, since a rule
that reads one parser's spelling and not the other's would skew the figures."""

from __future__ import annotations

import os
import sys
import tempfile
import unittest
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ingredient_labels import Reading, name, quantity, read_labels, same_quantity, unit  # noqa: E402


class Quantities(unittest.TestCase):
    def test_numbers_fractions_and_ranges_read_alike(self):
        self.assertEqual(quantity("1 1/4"), (Fraction(5, 4), Fraction(5, 4)))
        self.assertEqual(quantity("1½"), (Fraction(3, 2), Fraction(3, 2)))
        self.assertEqual(quantity("1⁄4"), (Fraction(1, 4), Fraction(1, 4)))
        self.assertEqual(quantity("2-2.25"), (Fraction(2), Fraction(9, 4)))
        self.assertEqual(quantity("2 to 3"), (Fraction(2), Fraction(3)))
        self.assertEqual(quantity(0.5), (Fraction(1, 2), Fraction(1, 2)))
        self.assertEqual(quantity([Fraction(1), Fraction(2)]), (Fraction(1), Fraction(2)))
        self.assertEqual(quantity({"min": 1, "max": 2}), (Fraction(1), Fraction(2)))
        self.assertIsNone(quantity(None))
        self.assertIsNone(quantity("-"))
        self.assertIsNone(quantity("some"))

    def test_a_third_written_to_three_places_is_a_third(self):
        self.assertTrue(same_quantity(quantity(Fraction(1, 3)), quantity("0.333")))
        self.assertFalse(same_quantity(quantity("0.3"), quantity("0.333")))
        self.assertFalse(same_quantity(None, quantity("1")))
        self.assertTrue(same_quantity(None, None))


class Units(unittest.TestCase):
    def test_every_language_names_one_unit(self):
        for spelling in ("tbsp", "Tbsp.", "tablespoons", "EL", "c. à soupe", "cuillères à soupe", "El El"):
            self.assertEqual(unit(spelling), "tbsp", spelling)
        for spelling in ("gram", "grammes", "g", "gr", "克"):
            self.assertEqual(unit(spelling), "g", spelling)
        for spelling in ("pincée(s)", "Prise(n)", "pinches"):
            self.assertEqual(unit(spelling), "pinch", spelling)
        self.assertEqual(unit("fluid_ounce"), "fl oz")  # pint's spelling
        self.assertEqual(unit("large handful"), "handful")

    def test_no_unit_is_none_and_an_unknown_one_keeps_its_word(self):
        self.assertIsNone(unit(""))
        self.assertIsNone(unit(None))
        self.assertEqual(unit("breast fillet"), "breast fillet")


class Names(unittest.TestCase):
    def test_preparation_size_plural_and_small_words_do_not_decide(self):
        self.assertEqual(name("Eggs"), name("egg"))
        self.assertEqual(name("chopped fresh cilantro"), name("cilantro"))
        self.assertEqual(name("huile d’olive"), name("huile d'olive"))
        self.assertEqual(name("Zwiebel(n)"), name("zwiebel"))
        self.assertEqual(name(["ghee", "olive oil"]), name("ghee or olive oil"))

    def test_words_that_name_the_product_decide(self):
        self.assertNotEqual(name("brown sugar"), name("sugar"))
        self.assertNotEqual(name("kabocha squash skin-on"), name("kabocha squash"))


class LabelFile(unittest.TestCase):
    def test_readings_and_none(self):
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False, encoding="utf-8") as out:
            out.write("id\tlang\tline\tquantity\tunit\tname\tnote\tsource\n"
                      "1\ten\t3 garlic cloves grated\t3\tclove;-\tgarlic;garlic cloves\tgrated\thttps://example.org\n")
        label = read_labels(out.name)[0]
        os.unlink(out.name)
        three = quantity(3)
        self.assertEqual(label.right(Reading(three, "clove", name("garlic"))), (True, True, True))
        self.assertEqual(label.right(Reading(three, None, name("garlic cloves"))), (True, True, True))
        self.assertEqual(label.right(Reading(None, "cup", name("cloves grated"))), (False, False, False))


if __name__ == "__main__":
    unittest.main()
