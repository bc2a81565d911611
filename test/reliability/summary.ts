// The run-wide summary of the reliability suite: its record, its text, and the sum of the
// summaries of several processes (run-full.ts runs the full counts in two). No test imports here,
// so the runner can load it without Node-RED.

export interface Summary {
  messages: number;
  requests: number;
  faultsInjected: number;
  outcomes: Record<string, number>;
  duplicates: number;
  lost: number;
  leaks: number;
  secretHits: number;
  thrown: number;
  redeploys: number;
  timedMoves: number;
  linesScanned: number;
  /** Generated replies served per operation (and token) by the reply fuzzer. */
  replies: Record<string, number>;
  sections: Array<{ name: string; ms: number; detail: string }>;
}

export function emptySummary(): Summary {
  return {
    messages: 0,
    requests: 0,
    faultsInjected: 0,
    outcomes: {},
    duplicates: 0,
    lost: 0,
    leaks: 0,
    secretHits: 0,
    thrown: 0,
    redeploys: 0,
    timedMoves: 0,
    linesScanned: 0,
    replies: {},
    sections: [],
  };
}

/** Adds `b` into `a` (counts summed, sections appended). */
export function addSummary(a: Summary, b: Summary): Summary {
  for (const k of [
    'messages',
    'requests',
    'faultsInjected',
    'duplicates',
    'lost',
    'leaks',
    'secretHits',
    'thrown',
    'redeploys',
    'timedMoves',
    'linesScanned',
  ] as const)
    a[k] += b[k];
  for (const [k, v] of Object.entries(b.outcomes)) a.outcomes[k] = (a.outcomes[k] ?? 0) + v;
  for (const [k, v] of Object.entries(b.replies)) a.replies[k] = (a.replies[k] ?? 0) + v;
  a.sections.push(...b.sections);
  return a;
}

export function summaryText(s: Summary, title: string): string {
  const o = Object.entries(s.outcomes)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return [
    '',
    `  ${title}`,
    ...s.sections.map((x) => `    ${x.name.padEnd(16)} ${String(x.ms).padStart(7)} ms  ${x.detail}`),
    `    messages ${s.messages}, requests logged ${s.requests}, faults injected ${s.faultsInjected}, ` +
      `redeploys ${s.redeploys}, timed moves ${s.timedMoves}`,
    `    outcomes: ${o}`,
    ...(Object.keys(s.replies).length
      ? [
          `    generated replies: ${Object.entries(s.replies)
            .map(([k, v]) => `${k} ${v}`)
            .join(', ')} (${Object.values(s.replies).reduce((x, y) => x + y, 0)} in all)`,
        ]
      : []),
    `    duplicates = ${s.duplicates}, lost = ${s.lost}, leaks = ${s.leaks}, ` +
      `thrown = ${s.thrown}, secrets found = ${s.secretHits} (${s.linesScanned} lines scanned)`,
    '',
  ].join('\n');
}
