// ESLint over the repository (eslint.config.mjs; cached in node_modules/.cache/eslint/).

import { scriptCheck } from '../support/npm-script';

describe('checks: lint', function () {
  scriptCheck('lint', 'ESLint finds no problem');
});
