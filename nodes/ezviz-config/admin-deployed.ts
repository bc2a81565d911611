// The deployed config nodes as the editor's admin requests see them (docs/behaviour.md section 10):
// each one's account identity (base URL and credentials, hashed: a key never holds a secret), base
// URL and service, and the device counts of the last device or camera list each account answered
// (the sidebar's, at no API call of its own). admin-services.ts picks a service from them.

import { createHash } from 'crypto';
import { hooks } from '../../client/clock/clock';
import type { EzvizService } from '../../client/service/service';

/** Identity of an account: base URL and credentials, hashed (the key never holds a secret). */
export function identityKey(v: { baseUrl: string; accessToken?: string; appKey?: string; appSecret?: string }): string {
  return createHash('sha256')
    .update(JSON.stringify([v.baseUrl, v.accessToken || '', v.appKey || '', v.appSecret || '']))
    .digest('hex');
}

interface Deployed {
  key: string;
  baseUrl: string;
  service: EzvizService;
}

export interface DeviceCounts {
  online: number;
  offline: number;
  /** When the list was read (ms). */
  at: number;
}

const deployed = new Map<string, Deployed>();
/** The device counts of the last device or camera list, by identity. */
const lastDevices = new Map<string, DeviceCounts>();

/** A config node's service answers the editor's requests for its values. */
export function addDeployed(id: string, key: string, baseUrl: string, service: EzvizService): void {
  deployed.set(id, { key, baseUrl, service });
}

/** The config node closed: its service answers no more editor requests. */
export function unregisterDeployed(id: string, service: EzvizService): void {
  if (deployed.get(id)?.service === service) deployed.delete(id);
}

/** The service of a deployed config node with this identity (the node `id` first), if any. */
export function deployedService(id: string, identity: string): EzvizService | undefined {
  const own = deployed.get(id);
  return own && own.key === identity ? own.service : [...deployed.values()].find((d) => d.key === identity)?.service;
}

/** The base URL a deployed config node runs with (its stored secrets go only there). */
export function deployedBase(id: string): string | undefined {
  return deployed.get(id)?.baseUrl;
}

/** An answer with a device or camera list: its counts are the account's last. */
export function noteDevices(identity: string, devices: unknown): void {
  if (!Array.isArray(devices)) return;
  const online = devices.filter((d) => (d as { online?: unknown }).online === true).length;
  lastDevices.set(identity, { online, offline: devices.length - online, at: hooks.now() });
}

/** The deployed config nodes (their base URL and service) and the device counts last read for each. */
export function deployedAccounts(): Array<{
  id: string;
  baseUrl: string;
  service: EzvizService;
  devices?: DeviceCounts;
}> {
  return [...deployed].map(([id, d]) => ({
    id,
    baseUrl: d.baseUrl,
    service: d.service,
    devices: lastDevices.get(d.key),
  }));
}

/** Forgets them all (tests; a stopping runtime). */
export function clearDeployed(): void {
  deployed.clear();
  lastDevices.clear();
}
