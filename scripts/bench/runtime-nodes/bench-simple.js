'use strict';
// A Node-RED node used only by the benchmark (scenario S): the simplest node that makes the same
// request as scenario A. On each message it POSTs the configured form body with its own axios
// instance (keep-alive agents, the same options as A's), takes the parsed JSON reply as
// msg.payload and sends it on output 1; a failed request goes to output 2. No validation, no
// token, no status: what is left of a node when only post, parse and send remain, so that the
// storage-info node can be held against it (the floor of a node, not of axios).
const http = require('http');
const https = require('https');
const axios = require('axios');

module.exports = function (RED) {
  function BenchSimple(config) {
    RED.nodes.createNode(this, config);
    const url = config.url;
    const body = config.body;
    const httpAgent = new http.Agent({ keepAlive: true });
    const httpsAgent = new https.Agent({ keepAlive: true });
    const client = axios.create({
      httpAgent,
      httpsAgent,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    this.on('input', (msg, send, done) => {
      client.post(url, body).then(
        (res) => {
          msg.payload = res.data;
          send([msg, null]);
          done();
        },
        (err) => {
          msg.error = { code: err.code, message: err.message };
          send([null, msg]);
          done();
        },
      );
    });
    this.on('close', () => {
      httpAgent.destroy();
      httpsAgent.destroy();
    });
  }
  RED.nodes.registerType('bench-simple', BenchSimple);
};
