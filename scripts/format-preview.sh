#!/usr/bin/env bash
# What `npm run format` would do to the committed tree, measured on a scratch copy (a git worktree
# of HEAD in a temporary directory; this clone is not touched): how many files and lines Prettier
# changes, then the size limits on the formatted copy (test/unit/structure.test.ts: runtime files
# within 200 lines, functions within 60; test/unit/simulator-structure.test.ts: simulator files
# within 300). The files it names are to be split before the one "format the tree" commit.
# Needs `npm run build` (it runs the built size tests against the copy).
#   bash scripts/format-preview.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
for t in structure simulator-structure; do
  [ -f "dist/test/unit/$t.test.js" ] || { echo "format-preview: dist/test/unit/$t.test.js missing; run npm run build" >&2; exit 1; }
done
tmp=$(mktemp -d)
git worktree add -q --detach "$tmp/tree" HEAD
cleanup() { git worktree remove --force "$tmp/tree"; rm -rf "$tmp"; }
trap cleanup EXIT
ln -s "$root/node_modules" "$tmp/tree/node_modules"
cd "$tmp/tree"
"$root/node_modules/.bin/prettier" --write . >/dev/null
echo "format-preview: prettier --write would change $(git diff --shortstat)"
mkdir -p dist/test/unit
cp "$root/dist/test/unit/structure.test.js" "$root/dist/test/unit/simulator-structure.test.js" dist/test/unit/
# The size tests of this clone's build, reading the formatted copy (they find the project root
# from their own place).
"$root/node_modules/.bin/mocha" --no-config --timeout 60000 --reporter dot \
  dist/test/unit/structure.test.js dist/test/unit/simulator-structure.test.js 2>&1 |
  grep -E 'passing|failing|AssertionError' || true
