// The type check of the three TypeScript projects (scripts/typecheck.js): the build writes
// JavaScript without reading the types, so this is where a type error fails `npm test`.

import { scriptCheck } from '../support/npm-script';

describe('checks: types', function () {
  scriptCheck('typecheck', 'the runtime, the simulator, the tests, the editors and the dashboard type-check');
});
