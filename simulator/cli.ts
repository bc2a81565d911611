#!/usr/bin/env node
// ezviz-simulator: serves the EZVIZ Open API simulator until SIGINT/SIGTERM.
//   ezviz-simulator [--port 8089] [--host 127.0.0.1] [--state FILE] [--latency MS] [--alarms SECONDS]
//                   [--stream-cap SECONDS]

import { startSimulator } from './server';
import type { Simulator } from './server';

interface CliOptions {
  port: number;
  host: string;
  state?: string;
  latencyMs: number;
  /** Raise an alarm every this many seconds (0: never). */
  alarmEverySec: number;
  /** End every FLV session after this many seconds (0: never), as the real service does. */
  streamCap: number;
}

const USAGE =
  'usage: ezviz-simulator [--port 8089] [--host 127.0.0.1] [--state FILE] [--latency MS] [--alarms SECONDS] ' +
  '[--stream-cap SECONDS]';

/** Alarm types the timer cycles through (more-api: motion, infrared, doorbell). */
const TIMER_TYPES = [10002, 10000, 10002, 10016];

/**
 * Raises one alarm on the next online channel of the state's devices, in turn (alarm n goes to
 * the n-th online channel, types cycling through TIMER_TYPES). Returns the alarm, or undefined
 * when no channel is online.
 */
export function raiseTimedAlarm(sim: Simulator, n: number): Record<string, unknown> | undefined {
  const channels: [string, number][] = [];
  for (const [serial, dev] of Object.entries(sim.state.devices)) {
    if (!dev.online) continue;
    for (const [no, ch] of Object.entries(dev.channels)) if (ch.online) channels.push([serial, Number(no)]);
  }
  if (channels.length === 0) return undefined;
  const [deviceSerial, channelNo] = channels[n % channels.length];
  return sim.raiseAlarm({ deviceSerial, channelNo, alarmType: TIMER_TYPES[n % TIMER_TYPES.length] });
}

export function parseArgs(argv: string[]): CliOptions | 'help' {
  const opts: CliOptions = { port: 8089, host: '127.0.0.1', latencyMs: 0, alarmEverySec: 0, streamCap: 0 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const value = (): string => {
      if (eq > 0 && arg.startsWith('--')) return arg.slice(eq + 1);
      i += 1;
      if (i >= argv.length) throw new Error(`${name} needs a value`);
      return argv[i];
    };
    const number = (v: string, min: number, max: number): number => {
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new Error(`${name}: bad value "${v}"`);
      return Number(v);
    };
    switch (name) {
      case '--port':
        opts.port = number(value(), 0, 65535);
        break;
      case '--host':
        opts.host = value();
        break;
      case '--state':
        opts.state = value();
        break;
      case '--latency':
        opts.latencyMs = number(value(), 0, 600000);
        break;
      case '--alarms':
        opts.alarmEverySec = number(value(), 1, 86400);
        break;
      case '--stream-cap':
        opts.streamCap = number(value(), 0, 86400);
        break;
      case '-h':
      case '--help':
        return 'help';
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  return opts;
}

async function main(): Promise<void> {
  let opts: CliOptions | 'help';
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`ezviz-simulator: ${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  if (opts === 'help') {
    console.log(USAGE);
    return;
  }
  const sim = await startSimulator({
    port: opts.port,
    host: opts.host,
    state: opts.state,
    latencyMs: opts.latencyMs,
    streamCap: opts.streamCap,
  });
  console.log(`EZVIZ Open API simulator listening on ${sim.url}`);
  console.log(`admin endpoint: ${sim.url}/sim/ (state, faults, log, clock, alarms)`);
  if (opts.streamCap > 0) console.log(`ezviz-simulator: live sessions (FLV, HLS) end after ${opts.streamCap} s`);
  let alarms = 0;
  const timer =
    opts.alarmEverySec > 0
      ? setInterval(() => {
          const a = raiseTimedAlarm(sim, alarms);
          alarms += 1;
          if (a)
            console.log(
              `ezviz-simulator: alarm ${String(a.alarmName)} on ${String(a.deviceSerial)}/${String(a.channelNo)}`,
            );
        }, opts.alarmEverySec * 1000)
      : undefined;
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`ezviz-simulator: ${signal}, closing`);
    if (timer) clearInterval(timer);
    sim.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(`ezviz-simulator: ${(e as Error).message}`);
    process.exit(1);
  });
}
