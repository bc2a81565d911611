// Every reference points into the repository (docs/behaviour.md section 22): a path in
// code, tests or docs names a file the repository holds, `docs/... section N` a heading that page
// has, a Markdown link a file; the old design notes and API specs outside the repository are
// named nowhere. The checker (test/support/references.ts) is tested on planted references first.

import assert from 'assert';
import * as path from 'path';
import { checkText, scanTree, sectionNumbers, sectionsOfPage, Tree } from '../support/references';

const ROOT = path.resolve(__dirname, '../../..');

/** Made-up paths that tests use as data (fixtures of the rooms and structure checks), and paths
 * inside the dashboard package's tarball. */
const DATA: Record<string, string[]> = {
  'test/dashboard/packed.test.ts': ['examples/camera-panel.json', 'examples/camera-wall.json'],
  'test/unit/rooms.test.ts': ['nodes/shared/a/y.ts', 'nodes/shared/b/x.ts', 'nodes/x/y.ts', '../shared/b/c'],
  'test/unit/structure.test.ts': ['nodes/x.ts', 'nodes/y.ts'],
  'test/unit/client/alone.test.ts': ['client/wire/x.ts'],
  'test/unit/references.test.ts': ['*'],
};

/** A small tree: two pages with sections, one code file. */
const TREE: Tree = {
  exists: (rel) => ['docs/behaviour.md', 'docs/api/open-api.md', 'client/wire/wire.ts', 'docs/api'].includes(rel),
  sections: (rel) => {
    if (rel === 'docs/behaviour.md') return new Set(['1', '2', '3', '4', '22']);
    if (rel === 'docs/api/open-api.md') return new Set(['4', '4.1', '4.3', '4.8', '7', '7.2']);
    return undefined;
  },
};
const whys = (file: string, text: string): string[] => checkText(file, text, TREE).map((p) => `${p.text}: ${p.why}`);

describe('references: the checker', () => {
  it('reads section headings and the numbers a reference names', () => {
    assert.deepStrictEqual([...sectionsOfPage('# T\n## 1. A\n### 2.1 B\n## 10. C\ntext 3. no\n')], ['1', '2.1', '10']);
    assert.deepStrictEqual(sectionNumbers('sections', '2-4'), ['2', '3', '4']);
    assert.deepStrictEqual(sectionNumbers('sections', '4.1-4.8'), ['4.1', '4.8']);
    assert.deepStrictEqual(sectionNumbers('sections', '4, 7 and 8'), ['4', '7', '8']);
    assert.deepStrictEqual(sectionNumbers('section', '6, 0.2'), ['6']);
  });

  it('passes references that resolve, across line breaks and comment marks', () => {
    const text = [
      '// see docs/behaviour.md section 4 and docs/api/open-api.md sections 4.1-4.8,',
      '// docs/behaviour.md',
      '// sections 1, 2 and 3; client/wire/wire.ts; dist/test/unit/x.test.js is a build path',
      '/** docs/api/open-api.md section 7.2 (0.2) */',
    ].join('\n');
    assert.deepStrictEqual(whys('nodes/a.ts', text), []);
    assert.deepStrictEqual(
      whys('docs/x.md', 'See [the API](api/open-api.md#4-endpoints) and [home](https://x.y/z.md).'),
      [],
    );
  });

  it('fails a planted missing file, a missing section, a broken link', () => {
    assert.deepStrictEqual(whys('nodes/a.ts', '// client/wire/gone.ts'), [
      'client/wire/gone.ts: no such file in the repository',
    ]);
    assert.deepStrictEqual(whys('nodes/a.ts', '// docs/behaviour.md section 23'), [
      'docs/behaviour.md section 23: docs/behaviour.md has no section 23',
    ]);
    assert.deepStrictEqual(whys('nodes/a.ts', '// docs/behaviour.md sections 3-5'), [
      'docs/behaviour.md section 5: docs/behaviour.md has no section 5',
    ]);
    assert.deepStrictEqual(whys('nodes/a.ts', '// docs/nodes/ezviz-gone.md'), [
      'docs/nodes/ezviz-gone.md: no such file in the repository',
    ]);
    assert.deepStrictEqual(whys('docs/x.md', 'See [it](api/gone.md).'), [
      'api/gone.md: the link points to no file of the repository',
    ]);
  });

  it('fails every sentence built around an issue number, outside the CHANGELOG', () => {
    for (const cite of [
      // Built from parts, so that this file itself cites no issue number.
      ['// Issue', '7.3: lifecycle'].join(' '),
      ['(see the report of issue', '7)'].join(' '),
      ['fixed in (#', '12)'].join(''),
      ['see #', '12'].join(''),
    ]) {
      assert.ok(whys('test/x.ts', cite).length > 0, `not caught: ${cite}`);
      assert.ok(whys('docs/x.md', cite).length > 0, `not caught in a page: ${cite}`);
      assert.deepStrictEqual(whys('CHANGELOG.md', cite), [], 'the CHANGELOG may');
    }
    for (const fine of ['color: #333;', '## 4. Endpoints', 'the issues of a camera', 'docs/behaviour.md section 4']) {
      assert.deepStrictEqual(whys('docs/x.md', fine), [], fine);
    }
  });

  it('fails every reference to a document outside the repository', () => {
    const outside = [
      'design' + '.md section 4',
      'spec' + '/ezviz-open-api.md section 4.3',
      'ezviz-' + 'watch-api.md section 5',
      '/work/' + 'shared/spec',
      '../' + 'shared/design',
    ];
    for (const ref of outside) {
      assert.ok(whys('nodes/a.ts', `// ${ref}`).length > 0, `not caught: ${ref}`);
      assert.ok(whys('README.md', ref).length > 0, `not caught in a page: ${ref}`);
    }
  });
});

describe('references: the repository', () => {
  it('every reference in code, tests and docs points to a file and section the repository holds', function () {
    this.timeout(20000);
    const problems = scanTree(ROOT).filter((p) => !(DATA[p.file] ?? []).some((d) => d === '*' || d === p.text));
    assert.deepStrictEqual(
      problems.map((p) => `${p.file}:${p.line} ${p.text} (${p.why})`),
      [],
    );
  });
});
