// The config node's dialog logic: region choice, numeric settings, credential rules.
import { checkBaseUrl, checkSetting, type Problem } from './checks';
import { t, validator } from './red';

/** Base URLs offered by the region select; anything else is a custom URL. */
export const REGIONS: Readonly<Record<'china' | 'international', string>> = Object.freeze({
  china: 'https://open.ys7.com',
  international: 'https://open.ezvizlife.com',
});

export type Region = keyof typeof REGIONS | 'custom';

/** The region a base URL belongs to (a trailing slash and letter case do not matter). */
export function regionOf(baseUrl: string): Region {
  const url = String(baseUrl || '')
    .trim()
    .replace(/\/+$/, '')
    .toLowerCase();
  const hit = (Object.keys(REGIONS) as Array<keyof typeof REGIONS>).find((r) => REGIONS[r] === url);
  return hit || 'custom';
}

/** Host of a URL for the node label, or the text itself when it does not parse. */
export function hostOf(baseUrl: string): string {
  const m = /^[a-z]+:\/\/([^/?#]+)/i.exec(String(baseUrl || '').trim());
  return m ? m[1] : String(baseUrl || '');
}

/** Translated reason, or true. */
export function explain(problem: Problem | null): true | string {
  return problem ? t(problem.key, problem.args) : true;
}

export interface CredentialState {
  accessToken: boolean;
  appKey: boolean;
  appSecret: boolean;
}

/**
 * Which credential is missing: a token, or an app key with its secret, or both. With nothing
 * given, all three fields are marked alike (not the token alone, which would read as "a token is
 * required" to someone who has an app key and secret).
 */
export function credentialProblem(field: keyof CredentialState, s: CredentialState): Problem | null {
  if (!s.accessToken && !s.appKey && !s.appSecret) return { key: 'errors.noCredentials' };
  if (field === 'appKey' && s.appSecret && !s.appKey) return { key: 'editor.invalid.appKeyMissing' };
  if (field === 'appSecret' && s.appKey && !s.appSecret) return { key: 'editor.invalid.appSecretMissing' };
  return null;
}

export const validators = {
  baseUrl: validator((v) => explain(checkBaseUrl(v))),
  timeout: validator((v) => explain(checkSetting('timeout', v))),
  maxRetries: validator((v) => explain(checkSetting('maxRetries', v))),
  retryDelay: validator((v) => explain(checkSetting('retryDelay', v))),
};
