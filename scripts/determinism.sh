#!/usr/bin/env bash
# Determinism: the same seed gives the same bytes, and two pips builds (say
# release and asan-ubsan) give identical output and exit codes over a
# generated corpus of every rule set, valid matches and one-violation mutants.
#
#   scripts/determinism.sh build/release/pips build/asan-ubsan/pips
set -euo pipefail
a=${1:?usage: determinism.sh PIPS_A [PIPS_B]}
b=${2:-$1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

variants=(
  "jamaican 4 -" "jamaican 4 sporting" "jamaican 4 playoff" "jamaican 4 tie-replay"
  "cutthroat 2 -" "cutthroat 2 draw" "cutthroat 3 -" "cutthroat 4 -"
  "chiva 2 -" "chiva 3 -" "chiva 4 -"
  "quinientos 4 -" "quinientos 4 reshuffle,bonus,capicu,double-blank" "quinientos 4 tie-closer,block-player"
  "fives-threes 2 -" "fives-threes 4 -" "french 4 -" "french 4 blank-ten"
)
fail=0
n=0
for v in "${variants[@]}"; do
  read -r rules players opts <<<"$v"
  [ "$opts" = "-" ] && opts=""
  for mode in "" "--mutate" "--deals none"; do
    f="$work/$n.dgn"
    # shellcheck disable=SC2086
    "$a" generate --rules "$rules" --players "$players" --options "$opts" --matches 20 --seed $((n + 1)) $mode >"$f"
    # shellcheck disable=SC2086
    "$b" generate --rules "$rules" --players "$players" --options "$opts" --matches 20 --seed $((n + 1)) $mode \
      | cmp -s - "$f" || { echo "generate differs: $v $mode"; fail=1; }
    for fmt in text json; do
      set +e
      "$a" check --quiet --format "$fmt" "$f" >"$f.a" 2>&1; ca=$?
      "$a" check --quiet --format "$fmt" "$f" >"$f.a2" 2>&1; ca2=$?
      "$b" check --quiet --format "$fmt" "$f" >"$f.b" 2>&1; cb=$?
      set -e
      if [ "$ca" != "$cb" ] || [ "$ca" != "$ca2" ] || ! cmp -s "$f.a" "$f.b" || ! cmp -s "$f.a" "$f.a2"; then
        echo "check differs: $v $mode ($fmt): exit $ca/$ca2/$cb"
        fail=1
      fi
    done
    n=$((n + 1))
  done
done
echo "determinism: $n generated files, two runs and two builds compared: $([ $fail = 0 ] && echo identical || echo DIFFERENT)"
exit $fail
