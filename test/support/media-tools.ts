// The media tools the FLV tests read streams with: Debian's ffprobe and ffmpeg, GStreamer's
// gst-launch-1.0 (flvdemux is in gstreamer1.0-plugins-good). A test that needs one runs with
// `withFfmpeg` or `withGstreamer`: without the tool it is pending, unless EZVIZ_REQUIRE_FFMPEG=1 or
// EZVIZ_REQUIRE_GSTREAMER=1 (.ci/run installs the tools and sets both): then it runs and fails.

import { spawnSync } from 'child_process';

const has = (cmd: string, arg: string): boolean => spawnSync(cmd, [arg]).status === 0;

export const HAS_FFMPEG = has('ffmpeg', '-version') && has('ffprobe', '-version');
export const HAS_GSTREAMER = has('gst-launch-1.0', '--version');

/** `it` when `ok` (or the tool is required), else `it.skip`: looked up at each call, not when this
 * module loads. A mocha worker of `npm test`'s parallel run loads this module once for file after
 * file, and mocha gives each file its own `it` (bound to that file's suites): an `it` kept from the
 * first file's load registered the later files' tests in that finished file, where they never ran
 * and were never reported (4 of clip's tests, 2026-11-29). */
function testIf(ok: boolean, required: string): (title: string, fn: Mocha.Func | Mocha.AsyncFunc) => Mocha.Test {
  return (title, fn) => (ok || process.env[required] === '1' ? it : it.skip)(title, fn);
}

export const withFfmpeg = testIf(HAS_FFMPEG, 'EZVIZ_REQUIRE_FFMPEG');
export const withGstreamer = testIf(HAS_GSTREAMER, 'EZVIZ_REQUIRE_GSTREAMER');
