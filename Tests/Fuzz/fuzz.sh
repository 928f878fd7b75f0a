#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer binary (RouxFuzz, with AddressSanitizer)
# and runs each target for FUZZ_SECONDS (default 60), starting from the
# seeds in Tests/Fuzz/<target>/ and what earlier runs found interesting
# (.build-fuzz/corpus/<target>/). Prints the executions per target and
# every finding; exits 1 when there is one. A finding is an input that
# crashes Roux or breaks a promise (FuzzChecks): copy it into
# Tests/Fuzz/<target>/ so the tests replay it for ever.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${FUZZ_SECONDS:-60}"
targets="${FUZZ_TARGETS:-markdown cooklang front-matter yaml-aliases input html printers json-ld picture}"
build=.build-fuzz
swift="${SWIFT:-swift}"
# FUZZ_SEED makes a run repeat itself (CI sets it); unset, each run explores anew.
seed_arg=()
if [ -n "${FUZZ_SEED:-}" ]; then seed_arg=(-seed="$FUZZ_SEED"); fi

# The modules, instrumented. SwiftPM would link the executable with `main`
# defined as the module's own, which clashes with libFuzzer's: the
# target is built, and linked here.
"$swift" build -c release --target RouxFuzz --build-path "$build" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
release="$("$swift" build -c release --build-path "$build" --show-bin-path)"
objects=()
# Every module RouxFuzz depends on, directly or not (Package.swift): a
# module left out fails the link with undefined references.
for module in CTOML CYaml FuzzChecks RecipeExport RecipeFormats RecipeStorage Recipes RichText RouxFuzz TOMLKit TerminalPictures TerminalUI TextLayout Yams; do
  while IFS= read -r -d '' object; do
    # An object of a Swift file since moved to another module or deleted
    # (a build folder kept between runs) would be linked beside the new one.
    source="$(basename "$object" .o)"
    if [ -d "Sources/$module" ] && [[ "$source" == *.swift ]] && [ -z "$(find "Sources/$module" -name "$source" -print -quit)" ]; then
      continue
    fi
    objects+=("$object")
  done < <(find "$release/$module.build" -name '*.o' -print0)
done
# TOMLKit reads TOML with toml++ (C++): its runtime is linked too; pictures
# are decoded by stb_image and libwebp and drawn by libchafa (with GLib, by
# its runtime's file name: CChafa's module map says why).
swiftc -sanitize=fuzzer,address -o "$build/RouxFuzz" "${objects[@]}" -lstdc++ -lchafa -l:libglib-2.0.so.0 -lstb -lwebp \
  2> >(grep -v "Cannot export local symbol" >&2)

status=0
export ASAN_OPTIONS=detect_leaks=0
for target in $targets; do
  corpus="$build/corpus/$target"
  findings="$build/findings/$target"
  mkdir -p "$corpus" "$findings"
  log="$build/$target.log"
  ROUX_FUZZ_TARGET="$target" "$build/RouxFuzz" "$corpus" "Tests/Fuzz/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 \
    -artifact_prefix="$findings/" "${seed_arg[@]}" > "$log" 2>&1 || true
  # "Done N runs" at the end; the last "#N" status line when a finding stopped the run.
  runs="$(grep -o 'Done [0-9]* runs' "$log" | grep -o '[0-9]*' || grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#' || true)"
  found="$(find "$findings" -type f | wc -l)"
  echo "fuzz $target: ${runs:-0} executions in ${seconds} s, $found finding(s)"
  if [ "$found" -gt 0 ]; then
    status=1
    find "$findings" -type f -exec echo "  {}" \;
    grep -m 3 -E "Fatal error|ERROR:" "$log" | sed 's/^/  /' || true
  fi
done
exit $status
