'use strict';
// Pure helpers of the benchmark: percentiles, the stdout table, and a number given on the command line.

/** q-th quantile (0..1) of numbers, nearest rank on a sorted copy. */
function quantile(values, q) {
  if (!values.length) return NaN;
  const s = Float64Array.from(values).sort();
  const rank = Math.ceil(q * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))];
}

/** Median; the mean of the middle two for an even count. */
function median(values) {
  if (!values.length) return NaN;
  const s = Float64Array.from(values).sort();
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
}

function round(x, digits = 2) {
  if (!Number.isFinite(x)) return null;
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Fixed-width text table: rows of equal-length string arrays, the first one the header. */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows
    .map((r, k) => {
      const line = r.map((c, i) => (i < 3 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
      return k === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

/** The number after `name` (`--holds`) on the command line, else `def`. */
function numberArg(name, def, argv = process.argv) {
  const i = argv.indexOf(name);
  return i > 1 ? Number(argv[i + 1]) : def;
}

module.exports = { quantile, median, round, table, numberArg };
