'use strict';
// The scenario cells of `npm run bench` (scripts/bench/measure.js runs them; docs/performance.md):
// each scenario's sender, a group of scenarios run in rotated rounds, the zero-latency cells and the
// cells with the simulator's latency.
//
//   A   bare axios POST with a keep-alive agent
//   S   the same axios call inside the simplest Node-RED node (post, parse, send; the bench-simple
//       node type of runtime-nodes/, registered only here): the floor of a node
//   K   (zero-latency cells only, reference) the package's HTTP client alone (EzvizClient.post of
//       dist/client/wire/client.js), no Node-RED: with A and S it splits B's CPU into Node-RED's
//       messaging (S - A), the client (K - A) and the rest of the package (B - S - (K - A))
//   B   the same request through an ezviz-storage-info node
//   C   DIY flow: function node (form body) -> core http request node (keep-alive off, returns
//       a parsed JSON object)
//   C+  the same DIY flow with the http request node's keep-alive option on
//   A+hop (reference, concurrency 32) A plus one message hop; see EXTRA below
//   C18 (reference, no target; concurrency 32, after the interleaved groups, since it shares
//       http(s).globalAgent with C) the DIY flow as it runs on Node 18, whose global agent does not
//       keep connections alive: with keep-alive off every request opens a connection (and a TLS
//       handshake). On Node >= 19 the global agent keeps them alive, so C reuses connections.
//       Emulated with a `connection: close` request header.
//
// Zero-latency cells ("floor", run first): A, S and B against a simulator that answers at once,
// over plain HTTP, at concurrency 1 and 32, so that the package's own CPU shows. What counts there
// is CPU time per request of this process (process.cpuUsage(), not wall time): B/S is the cost of
// the package over the simplest node, S/A the cost of Node-RED's messaging over bare axios.
//
// Groups (concurrency x transport) run one after another; inside a group the scenarios run in
// rounds, in an order rotated every round, so drift and the load of a shared machine hit all of
// them alike.
//

const http = require('http');
const https = require('https');
const { SERIAL, TOKEN, INFO_PATH, SCENARIOS, EXTRA, CONF, log } = require('./conf');
const { inject, nodeOk, diyOk, packageClient } = require('./runtime');
const { newCell, runChunk, summarize } = require('./load');
const { roundsFor } = require('./rounds');

/** The scenarios' senders against one simulator (`t`: http, https or mem): each a promise of true
 * or of what failed. */
function makeSenders(rt, urls, nodesAvailable) {
  const client = require('axios').create({
    httpAgent: new http.Agent({ keepAlive: true }),
    httpsAgent: new https.Agent({ keepAlive: true }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const body = `accessToken=${encodeURIComponent(TOKEN)}&deviceSerial=${SERIAL}`;
  return (t) => {
    const url = urls[t] + INFO_PATH;
    const s = {
      A: () =>
        client
          .post(url, body)
          .then((r) => (r.status === 200 && r.data && r.data.code === '200') || { msg: { payload: r.data } }),
      S: () => inject(rt.node(`s-${t}`), {}, nodeOk),
      'A+hop': () => s.A().then((ok) => new Promise((resolve) => setImmediate(() => resolve(ok)))),
      C: () => inject(rt.node(`c-fn-${t}`), {}, diyOk),
      'C+': () => inject(rt.node(`cp-fn-${t}`), {}, diyOk),
      C18: () => inject(rt.node(`c18-fn-${t}`), {}, diyOk),
    };
    if (nodesAvailable) s.B = () => inject(rt.node(`b-${t}`), {}, nodeOk);
    return s;
  };
}

/** One group: the scenarios `scen` at one concurrency against one simulator, warm-up first, then
 * rounds in rotated order. Returns the cells, one per scenario. */
async function runGroup(label, scen, send, sim, conc, counts, latencyMs) {
  const group = Object.fromEntries(scen.map((s) => [s, newCell(label.transport, conc, s, latencyMs)]));
  log(`${label.text} concurrency ${conc}: warm-up`);
  for (const s of scen) await runChunk(group[s], send[s], sim, counts.warmup[conc], true);
  // As many rounds as keep every pool's idle gap within half the package's idle close (rounds.js).
  const msPerRequest = Object.fromEntries(scen.map((s) => [s, group[s].chunks[0].wallMs / counts.warmup[conc]]));
  const rounds = roundsFor(counts.perCell[conc], counts.rounds[conc], msPerRequest);
  const perRound = Math.ceil(counts.perCell[conc] / rounds);
  for (let r = 0; r < rounds; r++) {
    const order = scen.map((_, i) => scen[(i + r) % scen.length]);
    log(`${label.text} concurrency ${conc}: round ${r + 1}/${rounds} (${order.join(' ')})`);
    for (const s of order) await runChunk(group[s], send[s], sim, perRound, false);
  }
  return scen.map((s) => summarize(group[s]));
}

/** The zero-latency cells, run first: A, S, B and K against the simulator without latency. */
async function floorCells(rt, sims, senders, nodesAvailable, meta) {
  const cells = [];
  const send = senders('mem');
  send.S = () => inject(rt.node('s-zero'), {}, nodeOk);
  if (nodesAvailable) send.B = () => inject(rt.node('b-zero'), {}, nodeOk);
  const k = packageClient();
  if (k) {
    const url = sims.mem.url + INFO_PATH;
    send.K = () =>
      k
        .post(url, { deviceSerial: SERIAL }, TOKEN)
        .then((o) => (o.ok && o.reply.code === '200') || { msg: { payload: o } });
  } else meta.notes.push('the package client (dist/client/wire/client.js) could not be made: K skipped');
  const scen = CONF.floor.scenarios.filter((s) => send[s]);
  for (const conc of CONF.concurrencies) {
    cells.push(
      ...(await runGroup({ transport: 'http', text: 'zero latency, http' }, scen, send, sims.mem, conc, CONF.floor, 0)),
    );
  }
  if (k) k.close();
  return cells;
}

/** The cells with the simulator's latency: every scenario per concurrency and transport, then C18
 * (reference, after the groups, since it shares http(s).globalAgent with C). */
async function latencyCells(sims, senders) {
  const cells = [];
  for (const conc of CONF.concurrencies) {
    for (const t of CONF.transports) {
      const send = senders(t);
      const scen = [...SCENARIOS, ...EXTRA[conc]].filter((s) => send[s]);
      cells.push(...(await runGroup({ transport: t, text: t }, scen, send, sims[t], conc, CONF, CONF.latencyMs)));
    }
  }
  for (const t of CONF.transports) {
    const cell = newCell(t, 32, 'C18');
    log(`${t} concurrency 32: C18 (reference)`);
    await runChunk(cell, senders(t).C18, sims[t], CONF.warmup[32], true);
    const rounds = CONF.rounds[32];
    for (let r = 0; r < rounds; r++)
      await runChunk(cell, senders(t).C18, sims[t], Math.ceil(CONF.perCell[32] / rounds), false);
    cells.push(summarize(cell));
  }
  return cells;
}

module.exports = { makeSenders, floorCells, latencyCells };
