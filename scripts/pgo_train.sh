#!/usr/bin/env bash
# The training run of the profile-guided release build (cmake/pgo.cmake):
#
#   scripts/pgo_train.sh INSTRUMENTED_PIPS PROFILE_DIR WORK_DIR
#
# PROFILE_DIR is where INSTRUMENTED_PIPS was built to write its profile
# (-fprofile-generate=PROFILE_DIR); WORK_DIR holds the generated matches.
#
# Clears PROFILE_DIR, then runs the instrumented pips on what pips is mostly
# used for: `check` (text and JSON, one job and two) on generated matches of
# every rule set and player count and on the corpus (valid and invalid
# records, score sheets, partial records), and a little of `fmt` and
# `annotate`. `analyze` is left out: its solver is not what the profile is
# for, and code the run does not reach is compiled as without a profile.
# The matches are generated with fixed seeds, other than the benchmark's
# (bench/vs_wc.py uses seed 1), so the profile, and the build, are the same
# on every run. Takes a few seconds.
set -euo pipefail
pips=$1
profile=$2
work=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

rm -rf "$profile" "$work"
mkdir -p "$profile" "$work"

gen() {  # gen NAME ARGS...: matches into WORK/NAME.dgn
    local name=$1
    shift
    "$pips" generate --seed 20261126 "$@" >"$work/$name.dgn"
}
gen jamaican --rules jamaican --players 4 --matches 200
gen cutthroat2 --rules cutthroat --players 2 --matches 30
gen cutthroat4 --rules cutthroat --players 4 --matches 200
gen chiva3 --rules chiva --players 3 --matches 30
gen chiva4 --rules chiva --players 4 --matches 200
gen quinientos --rules quinientos --players 4 --matches 200
gen fives-threes2 --rules fives-threes --players 2 --matches 300
gen fives-threes4 --rules fives-threes --players 4 --matches 200
gen french --rules french --players 4 --matches 200

# Exit status 1 means invalid records were found, which the corpus has.
run() { "$@" >/dev/null 2>&1 || [[ $? == 1 ]]; }
for f in "$work"/*.dgn; do
    run "$pips" check --quiet "$f"
    run "$pips" check --format json "$f"
done
run "$pips" check --jobs 2 --quiet "$work"/*.dgn
corpus=$(find "$here/corpus/valid" "$here/corpus/invalid" -name '*.dgn' | sort)
# shellcheck disable=SC2086
run "$pips" check $corpus
# shellcheck disable=SC2086
run "$pips" fmt "$work/jamaican.dgn"
run "$pips" annotate "$work/cutthroat4.dgn"
