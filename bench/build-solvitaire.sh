#!/usr/bin/env bash
# Builds Solvitaire (github.com/thecharlieblake/Solvitaire), the peer solver bench/catalogue.ts compares the family
# engine's solver with. Never run by the tests or CI: run it by hand, once, on a Debian-like machine.
#
#   bench/build-solvitaire.sh [--src DIR | --git-dir DIR] [--prefix DIR] [--install-deps]
#
#   --src DIR       a checkout of Solvitaire's source (default: cloned from GitHub into a temporary directory)
#   --git-dir DIR   a bare git directory of Solvitaire (a mirror): its HEAD is exported and built
#   --prefix DIR    where the binary goes: DIR/solvitaire (default: $HOME/.local/bin)
#   --install-deps  apt-get update and install the build's packages first (needs root)
#
# What it does: copies the source to a scratch directory; drops the googletest download and the unit_tests target
# from that copy of CMakeLists.txt (the configure step would otherwise clone googletest from GitHub; the solver
# needs none of it); configures a Release build (-O3, link-time optimisation); builds the `solvitaire` target and
# copies the binary to the prefix. The source itself is never changed.
#
# Needs: cmake, g++, Boost's program_options and system (Debian: libboost-program-options-dev
# libboost-system-dev cmake g++).
set -euo pipefail

SRC=""
GIT_DIR=""
PREFIX="${HOME}/.local/bin"
DEPS=0
while [ $# -gt 0 ]; do
  case "$1" in
    --src) SRC="$2"; shift 2 ;;
    --git-dir) GIT_DIR="$2"; shift 2 ;;
    --prefix) PREFIX="$2"; shift 2 ;;
    --install-deps) DEPS=1; shift ;;
    -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-solvitaire.sh: unknown argument '$1' (--help lists them)" >&2; exit 2 ;;
  esac
done

if [ "$DEPS" = 1 ]; then
  apt-get update
  apt-get install -y libboost-program-options-dev libboost-system-dev cmake g++
fi
for tool in cmake g++; do
  command -v "$tool" >/dev/null || { echo "build-solvitaire.sh: $tool is missing (--install-deps installs it)" >&2; exit 1; }
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/solvitaire-build.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/src"
if [ -n "$GIT_DIR" ]; then
  git --git-dir="$GIT_DIR" archive HEAD | tar -x -C "$WORK/src"
  echo "source: $GIT_DIR at $(git --git-dir="$GIT_DIR" rev-parse HEAD)"
elif [ -n "$SRC" ]; then
  cp -R "$SRC/." "$WORK/src"
  echo "source: $SRC"
else
  git clone --depth 1 https://github.com/thecharlieblake/Solvitaire.git "$WORK/src"
  echo "source: GitHub at $(git -C "$WORK/src" rev-parse HEAD)"
fi

# The copy's CMakeLists without its two googletest sections: the banner "## GTest setup" up to "## compile
# options", and "## testing" up to "## packaging" (the unit_tests target, which links gtest_main).
cd "$WORK/src"
awk '
  /^## GTest setup/ { skip = 1 }
  /^## compile options/ { skip = 0 }
  /^## testing/ { skip = 1 }
  /^## packaging/ { skip = 0 }
  !skip { print }
' CMakeLists.txt >CMakeLists.patched
mv CMakeLists.patched CMakeLists.txt
if grep -q googletest CMakeLists.txt; then
  echo "build-solvitaire.sh: CMakeLists.txt still mentions googletest: its sections have moved; patch it by hand" >&2
  exit 1
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build --target solvitaire -- -j"$(nproc)"

mkdir -p "$PREFIX"
cp build/bin/solvitaire "$PREFIX/solvitaire"
echo "built: $PREFIX/solvitaire"
"$PREFIX/solvitaire" --type golf --random 7 --deal-only >/dev/null && echo "check: it deals golf 7"
