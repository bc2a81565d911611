'use strict';
// Pure: how many rounds a group of scenarios runs in (measure.js), so that no scenario's connection
// pool idles past the package's idle close between two of its chunks. The scenarios run in an
// order rotated every round, so a scenario that ran first in one round runs last in the next: its
// pool then idles through 2 x (n - 1) chunks of the others, twice the gap of a round. With 8 fixed
// rounds that gap was about 3.9 s at https c32 on a quiet machine and past 4 s at a load of 2: the
// package's pool (closed after the simulator's Keep-Alive timeout=5 less 1 s, client/wire/
// keep-alive.ts) reopened its 32 connections once in the cell, 64 in all (docs/performance.md).

/** The package's idle close against the simulator (Keep-Alive timeout=5 s, less 1 s). */
const IDLE_CLOSE_MS = 4000;
/** A chunk's own cost beside its requests: the 50 ms pause after it and the simulator's stats. */
const CHUNK_OVERHEAD_MS = 55;

/** The longest a scenario's pool idles between two of its chunks, at `rounds` rounds of the cell's
 * `perCell` requests, given each scenario's time per request (ms, from its warm-up). */
function worstIdleMs(perCell, rounds, msPerRequest) {
  const ms = Object.values(msPerRequest);
  if (ms.length < 2) return 0;
  const total = ms.reduce((a, b) => a + b, 0);
  const others = total - Math.min(...ms);
  const chunk = Math.ceil(perCell / rounds);
  return 2 * (chunk * others + CHUNK_OVERHEAD_MS * (ms.length - 1));
}

/** The fewest rounds, at least `minRounds` and at most one request per chunk, whose worst idle gap
 * stays within `budgetMs` (default: half the idle close, so that twice the load still fits). */
function roundsFor(perCell, minRounds, msPerRequest, budgetMs = IDLE_CLOSE_MS / 2) {
  let rounds = Math.max(1, minRounds);
  while (rounds < perCell && worstIdleMs(perCell, rounds, msPerRequest) > budgetMs) rounds++;
  return rounds;
}

module.exports = { IDLE_CLOSE_MS, CHUNK_OVERHEAD_MS, worstIdleMs, roundsFor };
