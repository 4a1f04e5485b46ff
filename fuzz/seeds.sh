#!/usr/bin/env bash
# Assembles seed corpora for the fuzz targets (docs/fuzzing.md):
#
#   fuzz/seeds.sh OUTDIR
#
# makes OUTDIR/<target>/ for fuzz_parse, fuzz_check, fuzz_roundtrip,
# fuzz_parse_reference and fuzz_engine. The DGN targets get every .dgn under
# corpus/ (the repo's examples and corpus/regressions/<target>/) and the
# conformance records of shared/conformance (taken from where they are, never
# committed here; PIPS_CONFORMANCE_DIR overrides the place). fuzz_engine reads
# bytes, not DGN:
# it gets a few inputs that pick each table and play legal moves to the end of
# a hand, plus its own regressions. Existing files in OUTDIR are kept.
set -euo pipefail

if [[ $# -ne 1 ]]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi
out=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
conformance=${PIPS_CONFORMANCE_DIR:-$root/../shared/conformance}

dgn_targets=(fuzz_parse fuzz_check fuzz_roundtrip fuzz_parse_reference)
mkdir -p "$out/fuzz_engine"
for t in "${dgn_targets[@]}"; do mkdir -p "$out/$t"; done

# A DGN file under a name made from its path, so that files of the same name
# from different folders do not overwrite each other.
copy_dgn() {
    local src=$1 prefix=$2 name
    name=$prefix$(echo "${src#"$root"/}" | tr '/' '_')
    for t in "${dgn_targets[@]}"; do cp "$src" "$out/$t/$name"; done
}

n=0
while IFS= read -r -d '' f; do
    copy_dgn "$f" ""
    n=$((n + 1))
done < <(find "$root/corpus" -type f -name '*.dgn' -not -path '*/regressions/*' -print0)

if [[ -d $conformance ]]; then
    for f in "$conformance"/*.dgn; do
        [[ -e $f ]] || continue
        for t in "${dgn_targets[@]}"; do cp "$f" "$out/$t/conformance_$(basename "$f")"; done
        n=$((n + 1))
    done
else
    echo "$0: no conformance records at $conformance (set PIPS_CONFORMANCE_DIR)" >&2
fi

# Each target's own regressions, whatever their extension.
for t in "${dgn_targets[@]}" fuzz_engine; do
    dir=$root/corpus/regressions/$t
    [[ -d $dir ]] || continue
    for f in "$dir"/*; do
        [[ -f $f && $(basename "$f") != README.md ]] || continue
        cp "$f" "$out/$t/regression_$(basename "$f")"
    done
done

# fuzz_engine: table (0..10), option bits, a 4-byte deal seed, which deals and
# the stock are shown, no spoiling, then legal moves (op 0, first tile, first
# end) until the input runs out.
moves=$(printf '\\x00\\x00\\x00%.0s' $(seq 1 120))
for table in $(seq 0 10); do
    for shown in 00 1f; do
        for opts in 00 ff; do
            printf "\\x$(printf %02x "$table")\\x$opts\\x12\\x34\\x56\\x$(printf %02x $((table * 7)))\\x$shown\\x00$moves" \
                >"$out/fuzz_engine/legal_t${table}_s${shown}_o${opts}"
        done
    done
done

echo "seeds: $n DGN files for ${dgn_targets[*]}; $(find "$out/fuzz_engine" -type f | wc -l) inputs for fuzz_engine in $out"
