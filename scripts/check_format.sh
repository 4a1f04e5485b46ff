#!/usr/bin/env bash
# Every C++ file tracked by git is formatted with the project's .clang-format.
# Prints the files that are not, with what clang-format would change; exit 1.
#
#   scripts/check_format.sh          # check
#   scripts/check_format.sh --fix    # reformat in place
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if clang-format --dry-run --Werror "${files[@]}"; then
  echo "format: ${#files[@]} files formatted"
else
  echo "format: run scripts/check_format.sh --fix" >&2
  exit 1
fi
