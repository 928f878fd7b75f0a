#!/usr/bin/env python3
"""Writes NLTK's English part-of-speech tagger in the form NLTK 3.9+ loads.

ingredient-parser-nlp tags words with NLTK's `averaged_perceptron_tagger_eng`,
three JSON files (weights, tag dictionary, classes) that NLTK downloads at
run time. Where they cannot be downloaded, the older package of the same
tagger, `averaged_perceptron_tagger.zip` in the nltk_data repository, holds
the same model as one pickle of (weights, tagdict, classes); this writes it
out as the three files, in DEST/taggers/averaged_perceptron_tagger_eng/, so
that NLTK_DATA=DEST finds them.

    nltk_tagger_json.py --zip averaged_perceptron_tagger.zip --dest DIR

The pickle is read with an unpickler that builds only dicts, tuples, lists,
strings, numbers and sets: nothing else in the file can run.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import pickle
import sys
import zipfile

PICKLE = "averaged_perceptron_tagger/averaged_perceptron_tagger.pickle"
NAME = "averaged_perceptron_tagger_eng"


class _ModelUnpickler(pickle.Unpickler):
    """Refuses every global but `set`, the one the model's classes need."""

    def find_class(self, module: str, name: str):
        if module in ("__builtin__", "builtins") and name == "set":
            return set
        raise pickle.UnpicklingError(f"the tagger's pickle names {module}.{name}, which a model never needs")


def read_model(zip_path: str) -> tuple[dict, dict, list]:
    with zipfile.ZipFile(zip_path) as archive:
        data = archive.read(PICKLE)
    weights, tagdict, classes = _ModelUnpickler(io.BytesIO(data), encoding="latin1").load()
    return weights, tagdict, sorted(classes)


def write_model(model: tuple[dict, dict, list], dest: str) -> str:
    folder = os.path.join(dest, "taggers", NAME)
    os.makedirs(folder, exist_ok=True)
    for part, content in zip(("weights", "tagdict", "classes"), model):
        with open(os.path.join(folder, f"{NAME}.{part}.json"), "w", encoding="utf-8") as out:
            json.dump(content, out)
    return folder


def main() -> int:
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("--zip", required=True, help="packages/taggers/averaged_perceptron_tagger.zip of nltk_data")
    arguments.add_argument("--dest", required=True, help="the folder NLTK_DATA will name")
    options = arguments.parse_args()
    try:
        model = read_model(options.zip)
    except (OSError, KeyError, zipfile.BadZipFile, pickle.UnpicklingError, ValueError) as error:
        print(f"nltk_tagger_json: cannot read the tagger from {options.zip}: {error}", file=sys.stderr)
        return 1
    folder = write_model(model, options.dest)
    print(f"nltk_tagger_json: wrote {NAME} ({len(model[0])} features, {len(model[1])} words, "
          f"{len(model[2])} tags) to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
