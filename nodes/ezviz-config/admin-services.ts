// Admin requests of the editor (docs/behaviour.md section 10), step two: which service answers. When the
// values of a request equal those of a deployed config node, its service answers (its token
// cache: no token request of our own); otherwise a service kept here per set of values (its own
// token cache, so many picker openings share one token), closed after 10 min unused, at most 16.
// Answers are kept 60 s (transient failures not). Keys are hashes: they never hold a secret. The
// deployed config nodes: admin-deployed.ts.

import type { Answer } from '../../runtime/account/account-reasons';
import { hooks } from '../../client/clock/clock';
import type { Translate } from '../../client/errors/translate';
import { EzvizService } from '../../client/service/service';
import { DEFAULTS } from '../../client/config/settings';
import type { AccountValues } from './admin-request';
import { addDeployed, clearDeployed, deployedService, identityKey, noteDevices } from './admin-deployed';

/** How long an answer is kept. */
export const ANSWER_TTL_MS = 60000;
/** A service kept for dialog values is closed after this long unused. */
export const IDLE_MS = 10 * 60 * 1000;
/** Services kept for dialog values at most (the least recently used idle one goes first). */
export const MAX_KEPT = 16;
/** Answers kept at most. */
const MAX_ANSWERS = 500;

interface Kept {
  service: EzvizService;
  lastUsed: number;
  busy: number;
}

/** Services for dialog values nobody deployed, by identity. */
const kept = new Map<string, Kept>();

/** A config node offers its service to the editor's requests (called by its constructor). */
export function registerDeployed(
  id: string,
  values: { baseUrl: string; accessToken?: string; appKey?: string; appSecret?: string },
  service: EzvizService,
): void {
  const key = identityKey(values);
  addDeployed(id, key, values.baseUrl, service);
  // Values tried in a dialog and then deployed: the node takes the token the dialog fetched
  // (token economy, docs/behaviour.md section 8), unless it took over one from its predecessor.
  const tried = kept.get(key);
  if (tried && !service.tokens.snapshot()) service.tokens.adopt(tried.service.tokens.snapshot());
}

const answers = new Map<string, { until: number; answer: Promise<Answer<object>> }>();

function sweep(now: number): void {
  for (const [key, k] of kept) {
    if (k.busy === 0 && now - k.lastUsed > IDLE_MS) {
      kept.delete(key);
      void k.service.close();
    }
  }
  while (kept.size >= MAX_KEPT) {
    const idle = [...kept].filter(([, k]) => k.busy === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed)[0];
    if (!idle) break;
    kept.delete(idle[0]);
    void idle[1].service.close();
  }
  for (const [key, a] of answers) if (a.until <= now) answers.delete(key);
  while (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
}

/** Forgets every kept service and answer (tests; a stopping runtime). */
export function resetAccountState(): Promise<void> {
  const closing = [...kept.values()].map((k) => k.service.close());
  kept.clear();
  answers.clear();
  clearDeployed();
  return Promise.all(closing).then(() => undefined);
}

/** How many services are kept for dialog values (tests). */
export function keptServices(): number {
  return kept.size;
}

/** Transient failures are not kept: the next click asks again. */
const TRANSIENT = new Set(['unreachable', 'timeout', 'http']);

/**
 * The service for `values`: a deployed config node's when the values are its values (its own id
 * first), else one kept for them (created on first use; `busy` while a request runs on it).
 */
function serviceFor(
  values: AccountValues,
  identity: string,
  now: number,
  t: Translate,
): { service: EzvizService; entry?: Kept } {
  const service = deployedService(values.id, identity);
  if (service) return { service };
  let entry = kept.get(identity);
  if (!entry) {
    entry = {
      service: new EzvizService({
        baseUrl: values.baseUrl,
        timeout: values.timeout,
        maxRetries: 0,
        retryDelay: DEFAULTS.retryDelay,
        accessToken: values.accessToken,
        appKey: values.appKey,
        appSecret: values.appSecret,
        t,
        warn: () => undefined,
      }),
      lastUsed: now,
      busy: 0,
    };
    kept.set(identity, entry);
  }
  entry.busy++;
  return { service: entry.service, entry };
}

/**
 * Runs `work` on the service for `values` (serviceFor), or hands back the answer of the last 60 s.
 */
export function answer<T extends object>(
  values: AccountValues,
  what: string,
  fresh: boolean,
  t: Translate,
  work: (service: EzvizService) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const now = hooks.now();
  sweep(now);
  const identity = identityKey(values);
  const cacheKey = `${identity}|${what}`;
  const cached = answers.get(cacheKey);
  if (cached && !fresh && cached.until > now) return cached.answer as Promise<Answer<T>>;

  const { service, entry } = serviceFor(values, identity, now, t);
  const running = work(service)
    .catch((): Answer<T> => ({ ok: false, reason: 'api', code: 'INTERNAL', message: '' }))
    .finally(() => {
      if (entry) {
        entry.busy--;
        entry.lastUsed = hooks.now();
      }
    });
  answers.set(cacheKey, { until: now + ANSWER_TTL_MS, answer: running });
  void running.then((a) => {
    if (!a.ok && TRANSIENT.has(a.reason) && answers.get(cacheKey)?.answer === running) answers.delete(cacheKey);
    if (a.ok) noteDevices(identity, (a as { devices?: unknown }).devices);
  });
  return running;
}
