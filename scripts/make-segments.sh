#!/usr/bin/env bash
# Makes the simulator's live-view segments (docs/behaviour.md section 13) with Debian's ffmpeg, once:
# the segments are committed (simulator/segments/), so neither users nor CI need ffmpeg, and
# nothing is encoded at run time. Run it again only to change the pictures.
#
# For every device of simulator/default-state.json a loop of LOOP short H.264 MPEG-TS segments
# (SEG seconds each, 320x180, FPS frames a second, no audio) showing the serial and a running
# counter; a generic loop ("SIM CAMERA") for serials of other states; one H.265 loop (hevc-N, the
# same pictures in HEVC, for the cameras whose state says `videoCodec: "h265"`: the simulator plays it
# over FLV only); the vendor's placeholder segments 9048_0 (cloud live not activated) and 9053_0
# (just activated); and audio.aac, AUDIO seconds of AAC-LC (16 kHz mono, ADTS: a short beep each
# second) that the FLV streams of cameras with a microphone carry beside the video
# (simulator/areas/flv-audio.ts). The simulator plays a
# loop as one endless stream (it shifts the timestamps of each pass: simulator/areas/stream.ts).
# Files are named .mpegts (a .ts file would be taken for TypeScript); index.json lists them.
#
#   scripts/make-segments.sh          make them (installs ffmpeg with apt-get where missing)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=simulator/segments
SEG=2
LOOP=2
FPS=8
AUDIO=2
SIZE=320x180
LIMIT=$((300 * 1024))
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf

if ! command -v ffmpeg >/dev/null 2>&1 || [ ! -f "$FONT" ]; then
  echo "make-segments: installing ffmpeg and fonts-dejavu-core with apt-get"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends ffmpeg fonts-dejavu-core
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf "$OUT"
mkdir -p "$OUT"

H264=(-c:v libx264 -profile:v baseline -level 3.0 -preset veryslow -crf 32 -x264-params nal-hrd=none)
# H.265 without B-frames and with the parameter sets before every keyframe, as cameras send it.
H265=(-c:v libx265 -preset veryslow -crf 32 -x265-params log-level=error:bframes=0:repeat-headers=1:open-gop=0)
CODEC=("${H264[@]}")

# encode NAME SECONDS COLOUR FILTERS: NAME-0.mpegts, NAME-1.mpegts, ... of SEG seconds each (CODEC).
encode() {
  local name=$1 seconds=$2 colour=$3 filters=$4
  ffmpeg -hide_banner -loglevel error -f lavfi -i "color=c=$colour:s=$SIZE:r=$FPS,format=yuv420p" -t "$seconds" \
    -vf "$filters" -an "${CODEC[@]}" -g $((FPS * SEG)) -keyint_min $((FPS * SEG)) -sc_threshold 0 \
    -f hls -hls_time "$SEG" -hls_list_size 0 -muxdelay 0 -hls_segment_filename "$tmp/$name-%d.mpegts" "$tmp/$name.m3u8"
  mv "$tmp/$name"-*.mpegts "$OUT/"
}

text() { # drawtext filter: TEXT COLOUR SIZE(fraction of height) Y(fraction of height)
  echo "drawtext=fontfile=$FONT:text='$1':fontcolor=$2:fontsize=h*$3:x=(w-tw)/2:y=h*$4"
}
# The counter: seconds and tenths since the start of the loop.
COUNTER="drawtext=fontfile=$FONT:text='%{eif\\:n/$FPS\\:d}.%{eif\\:mod(n,$FPS)*10/$FPS\\:d} s':fontcolor=yellow:fontsize=h*0.2:x=(w-tw)/2:y=h*0.5"
BADGE="$(text 'EZVIZ SIM' 0xa8dadc 0.08 0.06)"

serials=$(node -p "Object.keys(require('./simulator/default-state.json').devices).join(' ')")
for s in $serials generic; do
  label=$s
  [ "$s" = generic ] && label='SIM CAMERA'
  encode "$s" $((SEG * LOOP)) 0x1d3557 "$BADGE,$(text "$label" white 0.14 0.25),$COUNTER"
done
CODEC=("${H265[@]}")
encode hevc $((SEG * LOOP)) 0x1d3557 "$BADGE,$(text 'H.265' white 0.14 0.25),$COUNTER"
CODEC=("${H264[@]}")
encode 9048_0 "$SEG" 0x303030 "$(text 9048 0xe63946 0.2 0.25),$(text 'cloud live not activated' white 0.08 0.6)"
encode 9053_0 "$SEG" 0x303030 "$(text 9053 0xf4a261 0.2 0.25),$(text 'cloud live just activated' white 0.08 0.6)"

# The audio: a 0.12 s beep of 880 Hz at the start of every second.
ffmpeg -hide_banner -loglevel error -f lavfi -i "sine=frequency=880:sample_rate=16000:duration=$AUDIO" \
  -af "volume='if(lt(mod(t\\,1)\\,0.12)\\,0.5\\,0)':eval=frame" -c:a aac -b:a 16k -ar 16000 -ac 1 -f adts "$OUT/audio.aac"

node - "$OUT" "$SEG" "$LOOP" "$serials" <<'EOF'
const fs = require('fs');
const [out, seg, loop, serials] = process.argv.slice(2);
const names = fs.readdirSync(out).filter((f) => f.endsWith('.mpegts')).sort();
const index = {
  segmentSeconds: Number(seg),
  loop: Number(loop),
  serials: serials.split(' '),
  files: names,
  hevc: 'hevc',
  audio: 'audio.aac',
};
fs.writeFileSync(`${out}/index.json`, JSON.stringify(index, null, 2) + '\n');
EOF

total=$(du -cb "$OUT"/* | tail -1 | cut -f1)
echo "make-segments: $(ls "$OUT" | wc -l) files, $total bytes in $OUT"
if [ "$total" -gt "$LIMIT" ]; then
  echo "make-segments: over the $LIMIT-byte budget (docs/behaviour.md section 13)" >&2
  exit 1
fi
