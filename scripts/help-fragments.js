'use strict';
// Help pages with shared parts. A page nodes/<type>/locales/<lang>/<type>.html may name shared
// fragments in a marker line `<!-- ezviz-help: name name ... -->`; the fragments of a language
// live in runtime/help/<lang>.html, each after a line `<!-- fragment: name -->`. The build
// calls expandHelp() on the copied locales, so the installed pages are complete and the sources
// keep each shared text once per language.
const fs = require('fs');
const path = require('path');

const MARKER = /^[ \t]*<!-- ezviz-help: ([\w\s-]+?) -->[ \t]*\n/gm;
const FRAGMENT = /^<!-- fragment: ([\w-]+) -->\n/m;

/** name -> text of the fragments in one file. */
function readFragments(file) {
  const fragments = new Map();
  const parts = fs.readFileSync(file, 'utf8').split(new RegExp(FRAGMENT.source, 'gm'));
  for (let i = 1; i < parts.length; i += 2) fragments.set(parts[i], parts[i + 1]);
  return fragments;
}

/** Replace the markers of every help page below `localesDir` (<lang>/<name>.html) in place. */
function expandHelp(localesDir, fragmentsDir) {
  if (!fs.existsSync(localesDir)) return;
  for (const lang of fs.readdirSync(localesDir)) {
    const dir = path.join(localesDir, lang);
    let fragments = null;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.html'))) {
      const page = path.join(dir, file);
      const text = fs.readFileSync(page, 'utf8');
      if (!text.includes('<!-- ezviz-help:')) continue;
      fragments = fragments || readFragments(path.join(fragmentsDir, `${lang}.html`));
      const out = text.replace(MARKER, (_m, names) =>
        names
          .trim()
          .split(/\s+/)
          .map((name) => {
            if (!fragments.has(name)) throw new Error(`${page}: unknown help fragment "${name}" (${lang})`);
            return fragments.get(name);
          })
          .join(''),
      );
      if (out.includes('<!-- ezviz-help:')) throw new Error(`${page}: malformed ezviz-help marker`);
      fs.writeFileSync(page, out);
    }
  }
}

module.exports = { expandHelp, readFragments };
