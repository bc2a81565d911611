'use strict';
// The benchmark's simulators, each in a child process of its own (sim-child.js), so that their CPU
// is not the measured process's: started, asked over IPC (stats, the request log), stopped.

const path = require('path');
const { fork } = require('child_process');

class SimChild {
  static start(label, opts) {
    const child = fork(path.join(__dirname, 'sim-child.js'), [JSON.stringify(opts)], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const sim = new SimChild(label, child);
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`simulator ${label} exited (${code})`)));
      sim.waiters.set(0, (m) => {
        sim.url = m.url;
        resolve(sim);
      });
    });
  }

  constructor(label, child) {
    this.label = label;
    this.child = child;
    this.nextId = 1;
    this.waiters = new Map();
    child.on('message', (m) => {
      const w = this.waiters.get(m.id);
      if (w) {
        this.waiters.delete(m.id);
        w(m);
      }
    });
  }

  call(cmd, extra = {}) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiters.set(id, resolve);
      this.child.send({ id, cmd, ...extra });
    });
  }

  stats() {
    return this.call('stats');
  }

  async entries(paths) {
    return (await this.call('log', { paths })).entries;
  }

  clearLog() {
    return this.call('clearLog');
  }

  stop() {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.disconnect();
      setTimeout(() => this.child.kill('SIGKILL'), 3000).unref();
    });
  }
}

module.exports = { SimChild };
