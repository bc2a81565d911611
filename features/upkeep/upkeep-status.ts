// Status texts of ezviz-setting and ezviz-firmware (docs/behaviour.md sections 9 and 20): full catalog
// keys under `status.upkeep.` of the shared catalog, with arguments where they carry a value
// ("sensitivity 2", "upgrading 40%"). Pure.

import { statusKey, statusWithArgs } from '../../runtime/i18n/status-keys';

/** The keys (under `status.`) and the arguments each needs: tests hold both catalogs to them. */
export const UPKEEP_STATUS_KEYS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'upkeep.setting': ['setting', 'value'],
  'upkeep.latest': ['version'],
  'upkeep.update': ['latest'],
  'upkeep.upgrading': ['progress'],
  'upkeep.upgradeStarted': [],
  'upkeep.rebooting': [],
  'upkeep.upgraded': ['version'],
});

/** A setting read or written: "sensitivity 2", "schedule on", "infrared off". */
export function settingStatus(p: { setting: string; value: unknown }): string {
  const v = p.value;
  const shown =
    typeof v === 'number' || typeof v === 'string'
      ? String(v)
      : v && typeof v === 'object'
        ? (v as { enabled?: unknown }).enabled
          ? 'on'
          : 'off'
        : '';
  return statusWithArgs('upkeep.setting', { setting: p.setting, value: shown });
}

/** A check or the end of an upgrade. */
export function firmwareStatus(p: {
  version: string | null;
  latest: string | null;
  upgradable: boolean;
  upgrading: boolean;
  progress: number | null;
  status?: string;
}): string {
  const cut = (s: string | null): string => (s ?? '?').slice(0, 24);
  if (p.status === 'upgraded') return statusWithArgs('upkeep.upgraded', { version: cut(p.version) });
  if (p.upgrading) return upgradeProgressStatus('upgrading', p.progress);
  if (p.upgradable) return statusWithArgs('upkeep.update', { latest: cut(p.latest) });
  return statusWithArgs('upkeep.latest', { version: cut(p.version) });
}

/** While an upgrade is followed. */
export function upgradeProgressStatus(stage: string, progress: number | null): string {
  if (stage === 'rebooting') return statusKey('upkeep.rebooting');
  return progress === null ? statusKey('upkeep.upgradeStarted') : statusWithArgs('upkeep.upgrading', { progress });
}
