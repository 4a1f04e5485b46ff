#!/usr/bin/env bash
# Builds the fuzz targets the OSS-Fuzz way (docs/fuzzing.md):
#
#   fuzz/build.sh            # locally: the `fuzz` CMake preset, targets into $OUT
#   OUT=/tmp/out fuzz/build.sh
#
# Under OSS-Fuzz or ClusterFuzzLite (.clusterfuzzlite/build.sh) $CXX,
# $CXXFLAGS and $LIB_FUZZING_ENGINE are set: the build then uses them (the
# sanitizer is the one $CXXFLAGS asks for) instead of the preset. Either way
# $OUT gets, for each target, the executable, its dictionary
# (<target>.dict) and its seed corpus (<target>_seed_corpus.zip, from
# fuzz/seeds.sh).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
targets=(fuzz_parse fuzz_check fuzz_roundtrip fuzz_engine fuzz_parse_reference)
OUT=${OUT:-$root/build/fuzz/out}
mkdir -p "$OUT"

if [[ -n ${LIB_FUZZING_ENGINE:-} ]]; then
    build=${WORK:-/tmp}/pips-fuzz-build
    # CMAKE_BUILD_TYPE None: no flags beyond $CXXFLAGS (OSS-Fuzz picks -O and -g).
    cmake -S "$root" -B "$build" -G Ninja \
        -DCMAKE_BUILD_TYPE=None \
        -DCMAKE_CXX_COMPILER="${CXX:-clang++}" \
        -DCMAKE_CXX_FLAGS="${CXXFLAGS:-} -D_GLIBCXX_ASSERTIONS -DPIPS_CHECK_INVARIANTS" \
        -DPIPS_BUILD_FUZZ=ON -DPIPS_BUILD_TESTS=OFF \
        -DPIPS_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"
    cmake --build "$build" --target fuzzers
else
    build=$root/build/fuzz
    (cd "$root" && cmake --preset fuzz && cmake --build --preset fuzz)
fi

seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT
"$root/fuzz/seeds.sh" "$seeds"

for t in "${targets[@]}"; do
    cp "$build/fuzz/$t" "$OUT/"
    if [[ -e $root/fuzz/$t.dict ]]; then cp -L "$root/fuzz/$t.dict" "$OUT/$t.dict"; fi
    rm -f "$OUT/${t}_seed_corpus.zip"
    if command -v zip >/dev/null; then
        (cd "$seeds/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
    else
        python3 -c 'import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w") as z:
    for f in sorted(os.listdir(sys.argv[2])):
        z.write(os.path.join(sys.argv[2], f), f)' "$OUT/${t}_seed_corpus.zip" "$seeds/$t"
    fi
done
echo "build.sh: ${targets[*]} in $OUT"
