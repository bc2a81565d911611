'use strict';
// The benchmark's flow (measure.js, profile.js): for every transport the scenarios' nodes (B: an
// ezviz-storage-info node; S: the simplest node of runtime-nodes/; C, C+ and C18: the DIY flow of a
// function node and a core http request node), and the nodes of the token, live, timed-stop and
// memory measurements; every output wired to the bench-sink nodes (runtime.js).

const { CONF, SERIAL, TOKEN, INFO_PATH } = require('./conf');

const BODY = `accessToken=${encodeURIComponent(TOKEN)}&deviceSerial=${SERIAL}`;

function buildFlows(urls, nodesAvailable, transports = CONF.transports) {
  const z = 'bench-tab';
  const flows = [
    { id: z, type: 'tab', label: 'bench' },
    { id: 'sink-ok', type: 'bench-sink', z, name: 'ok', wires: [] },
    { id: 'sink-err', type: 'bench-sink', z, name: 'err', wires: [] },
    { id: 'sink-diy', type: 'bench-sink', z, name: 'diy', wires: [] },
  ];
  const creds = {};
  const config = (id, baseUrl, cred) => {
    flows.push({
      id,
      type: 'ezviz-config',
      name: `bench ${baseUrl}`,
      baseUrl,
      timeout: 10000,
      maxRetries: 3,
      retryDelay: 500,
    });
    creds[id] = cred;
  };
  const storageInfo = (id, cfg) =>
    flows.push({
      id,
      type: 'ezviz-storage-info',
      z,
      name: '',
      config: cfg,
      deviceSerial: SERIAL,
      deviceSerialType: 'str',
      phone: '',
      phoneType: 'str',
      channelNo: '',
      channelNoType: 'str',
      wires: [['sink-ok'], ['sink-err']],
    });
  const diy = (prefix, t, persist, close = false) => {
    flows.push({
      id: `${prefix}-fn-${t}`,
      type: 'function',
      z,
      name: 'form body',
      func: [
        "const token = 'at.demo-token';",
        close
          ? "msg.headers = { 'content-type': 'application/x-www-form-urlencoded', connection: 'close' };"
          : "msg.headers = { 'content-type': 'application/x-www-form-urlencoded' };",
        "msg.payload = 'accessToken=' + encodeURIComponent(token) +",
        "  '&deviceSerial=' + encodeURIComponent('C00000001');",
        'return msg;',
      ].join('\n'),
      outputs: 1,
      timeout: 0,
      noerr: 0,
      initialize: '',
      finalize: '',
      libs: [],
      wires: [[`${prefix}-http-${t}`]],
    });
    flows.push({
      id: `${prefix}-http-${t}`,
      type: 'http request',
      z,
      name: '',
      method: 'POST',
      ret: 'obj',
      paytoqs: 'ignore',
      url: urls[t] + INFO_PATH,
      tls: '',
      persist,
      proxy: '',
      insecureHTTPParser: false,
      authType: '',
      senderr: false,
      headers: [],
      wires: [['sink-diy']],
    });
  };
  const simple = (id, baseUrl) =>
    flows.push({
      id,
      type: 'bench-simple',
      z,
      name: '',
      url: baseUrl + INFO_PATH,
      body: BODY,
      wires: [['sink-ok'], ['sink-err']],
    });
  for (const t of transports) {
    if (nodesAvailable) {
      config(`cfg-${t}`, urls[t], { accessToken: TOKEN });
      storageInfo(`b-${t}`, `cfg-${t}`);
    }
    simple(`s-${t}`, urls[t]);
    diy('c', t, false);
    diy('cp', t, true);
    diy('c18', t, false, true);
  }
  simple('s-zero', urls.mem);
  if (nodesAvailable) {
    config('cfg-token', urls.http, { appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
    storageInfo('tok-node', 'cfg-token');
    config('cfg-mem', urls.mem, { accessToken: TOKEN });
    storageInfo('mem-node', 'cfg-mem');
    config('cfg-zero', urls.mem, { accessToken: TOKEN });
    storageInfo('b-zero', 'cfg-zero');
    // live addresses: two ezviz-live nodes on one config node (docs/behaviour.md section 13, one address per lifetime)
    config('cfg-live', urls.http, { accessToken: TOKEN });
    for (const id of ['live-node', 'live-node2']) {
      flows.push({
        id,
        type: 'ezviz-live',
        z,
        name: '',
        config: 'cfg-live',
        deviceSerial: '',
        deviceSerialType: 'str',
        channelNo: '',
        channelNoType: 'num',
        protocol: 'hls',
        protocolType: 'protocol',
        expire: '3600',
        expireType: 'num',
        source: 'live',
        sourceType: 'source',
        wires: [['sink-ok'], ['sink-err']],
      });
    }
    config('cfg-ptz', urls.http, { accessToken: TOKEN });
    flows.push({
      id: 'ptz-node',
      type: 'ezviz-ptz-start',
      z,
      name: '',
      config: 'cfg-ptz',
      deviceSerial: '',
      deviceSerialType: 'str',
      channelNo: '',
      channelNoType: 'str',
      direction: '',
      directionType: 'str',
      speed: '',
      speedType: 'str',
      duration: '',
      durationType: 'str',
      wires: [['sink-ok'], ['sink-err']],
    });
  }
  return { flows, creds };
}

module.exports = { buildFlows };
