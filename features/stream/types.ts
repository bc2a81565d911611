// The stream relay's faces (docs/behaviour.md section 25): the camera connection it is given
// (one cloud session per call), the viewers it serves, what it reports. Types only.

import type { ErrorInfo } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';

/** Why a cloud session could not stream (20007, 60026, 60019, a limit, HTTP, the network). */
export type StreamFailure = ErrorInfo;

/** What a cloud session tells the relay: its bytes as they come, then its end (a failure, or
 * none when the service simply ended it: the cap). Nothing after `end`. */
export interface UpstreamHandlers {
  data(chunk: Buffer): void;
  end(failure?: StreamFailure): void;
}

/** One cloud session under way; `close` stops it and no handler is called after. */
export interface UpstreamHandle {
  close(): void;
}

/** Opens one cloud session of the camera (an address through the config node, one GET). */
export type Connect = (handlers: UpstreamHandlers) => UpstreamHandle;

/** One viewer as the relay sees it (the node's HTTP response behind it). */
export interface ViewerSink {
  /** The client's address (events only). */
  readonly address: string;
  /** The camera answered its first byte: a waiting viewer may get its headers now. */
  ready(): void;
  /** Bytes out; false when they wait in the viewer's buffer. */
  write(bytes: Buffer): boolean;
  /** Bytes written and not yet sent. */
  unsent(): number;
  /** The stream failed before this viewer had a byte (503 with the code and hint). */
  fail(failure: StreamFailure): void;
  /** The stream ends for this viewer (after a failure past the retries, a slow viewer, close). */
  end(): void;
}

export type RelayEventName = 'open' | 'chain' | 'close' | 'viewer' | 'left';

/** Output 1 of the node (docs/behaviour.md section 25). */
export interface RelayEvent {
  event: RelayEventName;
  viewers: number;
  /** Cloud sessions opened so far. */
  session: number;
  /** chain: the stream time between the last picture of the old session and the first of the new. */
  gapMs?: number;
  /** viewer, left: who. */
  client?: { address: string };
  /** left: why (`gone`, `slow`, `failed`, `ended`). */
  reason?: string;
  /** close: why (`idle`, `failed`, `closed`, `minutes`: maxMinutesPerDay used up). */
  why?: string;
}

export interface RelayReports {
  event(e: RelayEvent): void;
  /** Once per failed cloud session, however many viewers it had. */
  failure(f: StreamFailure): void;
  /** Something the status shows changed (viewers, running, failing). */
  changed(): void;
}

export interface RelayLimits {
  /** A viewer with more unsent than this is closed (8 MiB). */
  maxUnsentBytes: number;
  /** ... or more than this much stream time unsent (10 s). */
  maxUnsentMs: number;
  /** The kept group of pictures at most (16 MiB; past it, none is kept until the next keyframe). */
  maxGopBytes: number;
  /** A next session's tags held before the switch at most (16 MiB). */
  maxPendingBytes: number;
  /** A running stream retries this long before it ends its viewers (30 s). */
  retryForMs: number;
  /** The session closes this long after its last viewer left (idleClose). */
  idleCloseMs: number;
}

export const DEFAULT_LIMITS: Readonly<RelayLimits> = Object.freeze({
  maxUnsentBytes: 8 * 1024 * 1024,
  maxUnsentMs: 10000,
  maxGopBytes: 16 * 1024 * 1024,
  maxPendingBytes: 16 * 1024 * 1024,
  retryForMs: 30000,
  idleCloseMs: 10000,
});

/** What the node's status shows. */
export interface RelayStats {
  viewers: number;
  running: boolean;
  sessions: number;
  /** Bytes read from the camera so far. */
  bytesIn: number;
  /** ms the camera has been open in all (stream minutes). */
  openMs: number;
  /** The failure being retried, if any. */
  failing?: StreamFailure;
}

export interface RelayOptions {
  connect: Connect;
  reports: RelayReports;
  limits?: Partial<RelayLimits>;
  /** The catalog's translator (the failures the relay finds itself); keys as they are without it. */
  t?: Translate;
}
