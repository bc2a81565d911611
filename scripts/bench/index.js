#!/usr/bin/env node
'use strict';
// `npm run bench`: makes a self-signed certificate for 127.0.0.1 (openssl), then runs the measured
// process (measure.js) with --expose-gc and NODE_EXTRA_CA_CERTS naming that certificate, the way a
// Node-RED user trusts a private CA. measure.js starts the simulators in child processes.
// Options: --quick (small counts, a smoke run of under a minute), --floor, --live (see measure.js).
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync, spawn } = require('child_process');

const root = path.resolve(__dirname, '..', '..');
if (!fs.existsSync(path.join(root, 'dist', 'simulator', 'index.js')) && !process.env.EZVIZ_BENCH_SIM_MODULE) {
  console.error('bench: dist/simulator missing; run `npm run build` first');
  process.exit(1);
}

const tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-bench-tls-'));
const cert = path.join(tlsDir, 'cert.pem');
const r = spawnSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-sha256',
    '-days',
    '1',
    '-keyout',
    path.join(tlsDir, 'key.pem'),
    '-out',
    cert,
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
if (r.error || r.status !== 0) {
  console.error(
    `bench: openssl could not make a certificate (${r.error ? r.error.message : String(r.stderr).trim()}); HTTPS cells are skipped`,
  );
  fs.rmSync(cert, { force: true });
}

const env = { ...process.env, EZVIZ_BENCH_TLS_DIR: tlsDir };
if (fs.existsSync(cert)) env.NODE_EXTRA_CA_CERTS = cert;
const child = spawn(process.execPath, ['--expose-gc', path.join(__dirname, 'measure.js'), ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const forward = (sig) => child.kill(sig);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => {
  fs.rmSync(tlsDir, { recursive: true, force: true });
  process.exit(signal ? 1 : code);
});
