// The media tools the FLV tests read streams with: Debian's ffprobe and ffmpeg, GStreamer's
// gst-launch-1.0 (flvdemux is in gstreamer1.0-plugins-good). A test that needs one runs with
// `withFfmpeg` or `withGstreamer`: without the tool it is pending, unless EZVIZ_REQUIRE_FFMPEG=1 or
// EZVIZ_REQUIRE_GSTREAMER=1 (.ci/run installs the tools and sets both): then it runs and fails.

import { spawnSync } from 'child_process';

const has = (cmd: string, arg: string): boolean => spawnSync(cmd, [arg]).status === 0;

export const HAS_FFMPEG = has('ffmpeg', '-version') && has('ffprobe', '-version');
export const HAS_GSTREAMER = has('gst-launch-1.0', '--version');

export const withFfmpeg: Mocha.TestFunction | Mocha.PendingTestFunction =
  HAS_FFMPEG || process.env.EZVIZ_REQUIRE_FFMPEG === '1' ? it : it.skip;
export const withGstreamer: Mocha.TestFunction | Mocha.PendingTestFunction =
  HAS_GSTREAMER || process.env.EZVIZ_REQUIRE_GSTREAMER === '1' ? it : it.skip;
