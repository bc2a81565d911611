// Texts a user reads (point 7). The Chinese help has no stray space between two Chinese
// characters (line wrapping in the sources leaves one: a browser shows a line break inside a text
// as a space, which Chinese does not use), in the sources and in the built help the editor shows.
// And the dashboard package's examples are examples 07 and 16 of the main package, their texts apart.

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '../../..');
/** Chinese characters and the CJK and full-width punctuation around them. */
const CJK = '[\\u3000-\\u303f\\u4e00-\\u9fff\\uff00-\\uffef]';
const STRAY = new RegExp(`${CJK}(?:[ \\t]*\\n[ \\t]*|[ \\t]+)${CJK}`, 'g');

/** The stray spaces of one text: line and the characters around each. */
export function straySpaces(text: string): string[] {
  return [...text.matchAll(STRAY)].map(
    (m) => `line ${text.slice(0, m.index).split('\n').length}: ${JSON.stringify(m[0])}`,
  );
}

const list = (dir: string, keep: (f: string) => boolean): string[] =>
  fs.existsSync(path.join(ROOT, dir))
    ? fs
        .readdirSync(path.join(ROOT, dir))
        .filter(keep)
        .map((f) => `${dir}/${f}`)
    : [];

/** Every zh-CN help page: the nodes' sources, the shared fragments, the dashboard's, the built ones. */
function chineseHelp(): string[] {
  const nodes = list('nodes', (f) => f.startsWith('ezviz-'));
  return [
    ...nodes.flatMap((n) => list(`${n}/locales/zh-CN`, (f) => f.endsWith('.html'))),
    ...list('runtime/help', (f) => f === 'zh-CN.html'),
    ...list('dashboard/nodes/locales/zh-CN', (f) => f.endsWith('.html')),
    ...nodes.flatMap((n) => list(`dist/${n}/locales/zh-CN`, (f) => f.endsWith('.html'))),
  ];
}

describe('texts: the Chinese help', () => {
  it('the check finds a space or a wrapped line between two Chinese characters, and nothing else', () => {
    assert.deepStrictEqual(straySpaces('<p>非 JSON 应答 以及错误码</p>'), ['line 1: "答 以"']);
    assert.deepStrictEqual(straySpaces('<p>摄像机面板、\n    在面板中</p>'), ['line 1: "、\\n    在"']);
    assert.deepStrictEqual(straySpaces('<p>Dashboard 2 页面上的 <code>hls</code> 地址。</p>\n<p>下一段</p>'), []);
  });

  it('no help page has a stray space between two Chinese characters', () => {
    const files = chineseHelp();
    assert.ok(files.length >= 30, `zh-CN help found: ${files.length}`);
    const found = files.flatMap((f) =>
      straySpaces(fs.readFileSync(path.join(ROOT, f), 'utf8')).map((s) => `${f} ${s}`),
    );
    assert.deepStrictEqual(found, []);
  });
});

describe('texts: the dashboard package example', () => {
  type Node = Record<string, unknown>;
  const read = (f: string): Node[] => JSON.parse(fs.readFileSync(path.join(ROOT, f), 'utf8')) as Node[];
  const strip = (nodes: Node[]): Node[] => nodes.map(({ info: _info, label: _label, ...rest }) => rest);
  it('is example 07 of the main package: the same nodes, settings and wires', () => {
    const own = read('dashboard/examples/camera-panel.json');
    assert.deepStrictEqual(strip(own), strip(read('examples/07-camera-panel.json')));
    assert.match(String(own[0].info), /npx ezviz-simulator/);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'dashboard/package.json'), 'utf8')) as { files: string[] };
    assert.ok(pkg.files.includes('examples'), 'the dashboard package ships its examples');
  });
  it('its camera wall is example 16 of the main package, a stream node as a live source', () => {
    const own = read('dashboard/examples/camera-wall.json');
    assert.deepStrictEqual(strip(own), strip(read('examples/16-camera-wall.json')));
    const wall = own.find((n) => n.type === 'ui-ezviz-wall')!;
    const stream = own.find((n) => n.type === 'ezviz-stream')!;
    assert.strictEqual(wall.streamNodes, stream.id);
    assert.ok(String(wall.cameras).includes(String(stream.deviceSerial)), 'the stream node streams a wall camera');
  });
  it("every panel in the examples sets each of the widget's settings; its presets exist on the simulator", () => {
    const html = fs.readFileSync(path.join(ROOT, 'dashboard/nodes/ui-ezviz-camera.html'), 'utf8');
    const block = /defaults:\s*\{([\s\S]*?)\n {12}\},/.exec(html)![1];
    const keys = [...block.matchAll(/^\s{16}(\w+):/gm)].map((m) => m[1]);
    assert.ok(keys.includes('liveQuality') && keys.includes('show_timeline'), `the defaults read: ${keys}`);
    const state = JSON.parse(fs.readFileSync(path.join(ROOT, 'simulator/default-state.json'), 'utf8')) as {
      devices: Record<string, { channels?: Record<string, { presets?: Record<string, unknown> }> }>;
    };
    for (const f of ['examples', 'dashboard/examples'].flatMap((d) =>
      fs
        .readdirSync(path.join(ROOT, d))
        .filter((n) => n.endsWith('.json'))
        .map((n) => `${d}/${n}`),
    )) {
      const nodes = JSON.parse(fs.readFileSync(path.join(ROOT, f), 'utf8')) as Array<Record<string, unknown>>;
      for (const n of nodes.filter((x) => x.type === 'ui-ezviz-camera')) {
        const missing = keys.filter((k) => !(k in n));
        assert.deepStrictEqual(missing, [], `${f}: the panel leaves out ${missing} (a blank field in its dialog)`);
        const presets = state.devices[String(n.deviceSerial)]?.channels?.[String(n.channelNo ?? 1)]?.presets ?? {};
        for (const m of String(n.presetList).matchAll(/(\d+)\s*:/g))
          assert.ok(m[1] in presets, `${f}: preset ${m[1]} of ${n.deviceSerial} is not on the simulator (60011)`);
      }
    }
  });
});

describe('texts: the node count', () => {
  it('the README and the architecture page count the node types package.json lists', () => {
    const WORDS = [
      'zero',
      'one',
      'two',
      'three',
      'four',
      'five',
      'six',
      'seven',
      'eight',
      'nine',
      'ten',
      'eleven',
      'twelve',
      'thirteen',
      'fourteen',
      'fifteen',
      'sixteen',
      'seventeen',
      'eighteen',
      'nineteen',
      'twenty',
      'twenty-one',
      'twenty-two',
      'twenty-three',
      'twenty-four',
    ];
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      'node-red': { nodes: object };
    };
    const count = Object.keys(pkg['node-red'].nodes).length;
    for (const f of ['README.md', 'docs/architecture.md']) {
      const m = /\b([a-z-]+) node types\b/.exec(fs.readFileSync(path.join(ROOT, f), 'utf8'));
      assert.ok(m, `${f} names its count of node types`);
      assert.strictEqual(WORDS.indexOf(m[1]), count, `${f} says "${m[0]}"; package.json lists ${count}`);
    }
  });
});

describe('texts: what the packages ship names only what they ship', () => {
  it('the READMEs and example flows point to repository files by URL; Import > Examples lists flows only', () => {
    const REPO = 'https://github.com/node-red-contrib-ezviz-open/node-red-contrib-ezviz-open';
    const RAW = 'https://raw.githubusercontent.com/node-red-contrib-ezviz-open/node-red-contrib-ezviz-open';
    const shipped = (f: string) =>
      ['examples/', 'simulator/README.md', 'README.md', 'LICENSE'].some((x) => f.startsWith(x));
    const files = [
      'README.md',
      'dashboard/README.md',
      ...['examples', 'dashboard/examples'].flatMap((d) => fs.readdirSync(path.join(ROOT, d)).map((n) => `${d}/${n}`)),
    ];
    for (const f of files) {
      assert.ok(f.endsWith('.md') || f.endsWith('.json'), `${f}: not a flow (Import > Examples shows a folder first)`);
      // A Markdown link to the repository may show the path it links to.
      const text = fs
        .readFileSync(path.join(ROOT, f), 'utf8')
        .replace(/\[[^\]]*\]\(https:\/\/[^)]*\)/g, ' ')
        .split(REPO)
        .join(' ')
        .split(RAW)
        .join(' ');
      for (const m of text.matchAll(
        /(?<![\w/.-])((?:docs|scripts|test)\/[\w./-]*\w|CONTRIBUTING\.md|CHANGELOG\.md)/g,
      )) {
        if (!shipped(m[1])) assert.fail(`${f} names ${m[1]}, which the package does not ship: link to ${REPO}`);
      }
    }
  });
});

describe("texts: the README on the simulator's port", () => {
  it('says which examples call /sim/ on port 8089 (what --port N means for them)', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const said = /`--port N` takes another port: then the examples need it too \(([^)]*\)[^)]*)\)/.exec(readme);
    assert.ok(said, 'the README says what --port N means for the examples');
    const calling = fs
      .readdirSync(path.join(ROOT, 'examples'))
      .filter((n) => fs.readFileSync(path.join(ROOT, 'examples', n), 'utf8').includes('127.0.0.1:8089/sim/'))
      .map((n) => n.slice(0, 2));
    assert.ok(calling.length > 0);
    const listed = /in examples ([\d, and]+) change 8089 to N/.exec(said[1])?.[1].match(/\d+/g);
    assert.deepStrictEqual(listed, calling, 'the examples with an http request to /sim/');
  });
});

describe('texts: the sidebar has one name', () => {
  it("its tab's label and its name in the sidebar menu are the same word in both languages", () => {
    for (const lang of ['en-US', 'zh-CN']) {
      const file = path.join(ROOT, 'plugins/ezviz-sidebar/locales', lang, 'ezviz-sidebar.json');
      const cat = JSON.parse(fs.readFileSync(file, 'utf8')) as { label: string; name: string };
      assert.strictEqual(cat.name, cat.label, lang);
    }
  });
});
