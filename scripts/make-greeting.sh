#!/usr/bin/env bash
# Makes the doorbell greeting of example 11 (docs/behaviour.md section 19) once, with Debian's
# espeak-ng and sox: "Hello! We are coming to the door." as 8 kHz mono 16-bit PCM wav, the
# format a camera's speaker plays safely (docs/api/media-api.md section 3). The file is committed
# (scripts/media/doorbell-greeting.wav) and its bytes are in the example's function node as
# base64, so neither users nor CI need the tools and nothing is made at run time.
# test/unit/voice-example.test.ts checks that the example and the file agree.
#
#   scripts/make-greeting.sh       make it (installs espeak-ng and sox with apt-get where missing)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=scripts/media/doorbell-greeting.wav
TEXT='Hello! We are coming to the door.'
if ! command -v espeak-ng >/dev/null || ! command -v sox >/dev/null; then apt-get install -y espeak-ng sox; fi
mkdir -p "$(dirname "$OUT")"
TMP=$(mktemp --suffix=.wav)
trap 'rm -f "$TMP"' EXIT
espeak-ng -v en-us -s 150 -w "$TMP" "$TEXT"
# 8 kHz, mono, 16-bit; silence trimmed at both ends; a little quieter than full scale
sox "$TMP" -r 8000 -c 1 -b 16 -e signed-integer "$OUT" silence 1 0.05 0.5% reverse silence 1 0.05 0.5% reverse gain -n -3
echo "$OUT: $(stat -c %s "$OUT") bytes, $(soxi -D "$OUT") s"
