#!/usr/bin/env bash
# The Debian package, built and used as on a fresh machine: cpack writes the
# .deb from the build directory; its control fields are checked (Depends
# computed by dpkg-shlibdeps names libfmt9, as pips links fmt dynamically, and
# the package of every library the binary loads);
# `dpkg -x` extracts it into a throwaway root, and from there `pips --version`
# and `pips check` of corpus files run, `man` shows pips(1) and dgn(5), and
# the bash completion loads. Then `cmake --install --prefix` gives the same
# files as the package.
#
#   tests/install/install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "install_test: $*" >&2; exit 1; }

# The package. Its own directory: nothing is written into the build tree.
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log"; fail "cpack failed"; }
debs=("$tmp"/pkg/pips_*.deb)
[ -f "${debs[0]}" ] || fail "no pips_*.deb in $tmp/pkg"
deb=${debs[0]}
echo "package: $(basename "$deb")"

field() { dpkg-deb --field "$deb" "$1"; }
[ "$(field Package)" = pips ] || fail "Package: $(field Package)"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
[ -n "$(field Description)" ] || fail "no Description"
depends=$(field Depends)
echo "Depends: $depends"
for lib in libc6 libstdc++6 libfmt9; do
  [[ ", $depends," == *", $lib "* || ", $depends," == *", $lib,"* ]] ||
    fail "Depends does not name $lib: $depends"
done

# Every shared library the binary loads comes from a package it depends on.
dpkg -x "$deb" "$tmp/deps"
while read -r lib; do
  real=$(readlink -f "$lib")
  owner=""
  for path in "$lib" "$real" "/usr$lib" "/usr$real"; do
    owner=$(dpkg -S "$path" 2>/dev/null) && break
  done
  owner=${owner%%:*}
  [ -n "$owner" ] || fail "no package holds $lib"
  [[ ", $depends," == *", $owner "* || ", $depends," == *", $owner,"* ]] ||
    fail "pips loads $lib, from $owner, which Depends does not name: $depends"
done < <(ldd "$tmp/deps/usr/bin/pips" | awk '$3 ~ /^\// {print $3}')

# The files, where Debian 12 looks for them.
dpkg-deb --contents "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$tmp/contents"
for f in /usr/bin/pips /usr/share/man/man1/pips.1.gz /usr/share/man/man5/dgn.5.gz \
  /usr/share/bash-completion/completions/pips /usr/share/zsh/vendor-completions/_pips \
  /usr/share/doc/pips/README.md /usr/share/doc/pips/notation.md /usr/share/doc/pips/rules.md \
  /usr/share/doc/pips/diagnostics.md /usr/share/doc/pips/viewing.md \
  /usr/share/doc/pips/annotate.md /usr/share/doc/pips/annotate.schema.json \
  /usr/share/doc/pips/images/line.svg; do
  grep -qx "$f" "$tmp/contents" || fail "$f is not in the package"
done

# Extracted into a throwaway root, it runs.
root=$tmp/root
dpkg -x "$deb" "$root"
pips=$root/usr/bin/pips
version=$("$pips" --version)
echo "version: $version"
[[ $version =~ ^pips\ [0-9]+\.[0-9]+\.[0-9]+\ \(git\ [^\)]+\)$ ]] || fail "pips --version: $version"
"$pips" check "$src"/corpus/valid/jamaican/*.dgn || fail "pips check of the valid corpus"
set +e
"$pips" check --quiet "$src"/corpus/invalid/*/*.dgn >/dev/null
code=$?
set -e
[ "$code" -eq 1 ] || fail "pips check of invalid records exits $code, not 1"

# man finds and shows the pages under the root's share/man.
if command -v man >/dev/null; then
  for page in "1 pips" "5 dgn"; do
    # shellcheck disable=SC2086
    out=$(MANWIDTH=80 MAN_DISABLE_SECCOMP=1 man -M "$root/usr/share/man" -P cat $page 2>&1) ||
      fail "man $page: $out"
    grep -q "^NAME" <<<"$out" || fail "man $page shows no NAME section"
  done
  echo "man: pips(1) and dgn(5) found"
else
  echo "man: not installed, the pages are not shown"
fi

# The installed bash completion loads.
spec=$(bash --norc --noprofile -c \
  'source "$1" && complete -p pips' _ "$root/usr/share/bash-completion/completions/pips") ||
  fail "the bash completion does not load"
[ "$spec" = "complete -F _pips pips" ] || fail "complete -p pips: $spec"

# cmake --install with a prefix puts the same files under it.
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
(cd "$tmp/prefix" && find . -type f | sed 's|^\.|/usr|' | sort) >"$tmp/installed"
(cd "$root" && find . -type f | sed 's|^\.||' | sort) >"$tmp/packaged"
diff "$tmp/installed" "$tmp/packaged" || fail "cmake --install and the package differ"

echo "install_test: the package installs and runs"
