#!/usr/bin/env bash
# Build the abi3 wheel of the Python package and prove that it installs and
# runs without a Rust toolchain.
#
#   python/build-wheel.sh [OUT_DIR]     (default: python/target/wheels)
#
# 1. `maturin build --release` (maturin from PATH, or installed into a
#    throwaway build venv) makes one wheel for CPython >= 3.9 (pyo3's
#    abi3-py39 feature): its tag must read `cp39-abi3`.
# 2. The wheel is installed with `pip --no-index` into a second throwaway
#    venv whose PATH holds no cargo or rustc (and CARGO / RUSTC point
#    nowhere), so nothing can be compiled at install time.
# 3. A smoke test reads and verifies a deal there.
# Exits nonzero on any failure; the venvs are removed on exit.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/target/wheels}"
python="${PYTHON:-python3}"
work="$(mktemp -d "${TMPDIR:-/tmp}/tarok-wheel.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if command -v maturin >/dev/null 2>&1; then
  maturin=maturin
else
  "$python" -m venv "$work/build"
  "$work/build/bin/python" -m pip install --quiet maturin
  maturin="$work/build/bin/maturin"
fi

mkdir -p "$out"
before="$(ls "$out"/*.whl 2>/dev/null || true)"
if ! "$maturin" build --release --manifest-path "$here/Cargo.toml" --out "$out" >"$work/build.log" 2>&1; then
  tail -n 40 "$work/build.log" >&2
  echo "build-wheel: maturin build failed" >&2
  exit 1
fi
wheel="$(ls -t "$out"/tarok-*.whl 2>/dev/null | head -n1 || true)"
[ -n "$wheel" ] || { echo "build-wheel: no wheel in $out" >&2; exit 1; }
if [ "$before" = "$(ls "$out"/*.whl)" ] && [ "$wheel" -ot "$here/Cargo.toml" ]; then
  echo "build-wheel: maturin made no new wheel" >&2
  exit 1
fi
case "$(basename "$wheel")" in
  *-cp39-abi3-*.whl) echo "build-wheel: abi3 wheel $(basename "$wheel")" ;;
  *) echo "build-wheel: $(basename "$wheel") is not a cp39-abi3 wheel" >&2; exit 1 ;;
esac

# Install without a Rust toolchain: no cargo or rustc on PATH, none findable.
"$python" -m venv "$work/run"
env -i HOME="$work" PATH="$work/run/bin:/usr/bin:/bin" CARGO=/nonexistent RUSTC=/nonexistent \
  "$work/run/bin/python" - <<'EOF'
import shutil, sys
for tool in ("cargo", "rustc"):
    if shutil.which(tool):
        sys.exit(f"build-wheel: {tool} is on PATH ({shutil.which(tool)}); the install test needs none")
EOF
env -i HOME="$work" PATH="$work/run/bin:/usr/bin:/bin" CARGO=/nonexistent RUSTC=/nonexistent \
  "$work/run/bin/python" -m pip install --quiet --no-index "$wheel"

# Smoke test, outside the checkout so that the installed package is the one run.
cd "$work"
env -i HOME="$work" PATH="$work/run/bin:/usr/bin:/bin" \
  "$work/run/bin/python" - "$here/../corpus" <<'EOF'
import pathlib, sys, tarok
corpus = pathlib.Path(sys.argv[1]) / "danish-tarok"
path = next(p for p in sorted(corpus.rglob("*.tarok")))
assert pathlib.Path(tarok.__file__).resolve().is_relative_to(pathlib.Path(sys.prefix).resolve()), tarok.__file__
reports = list(tarok.verify(path))
assert reports, f"no reports for {path}"
assert all(r.record is not None for r in reports), path
print(f"build-wheel: installed tarok from the wheel verified {len(reports)} deal(s) of {path.name}")
EOF
