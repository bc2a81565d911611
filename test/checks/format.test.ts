// Prettier's check over the repository (.prettierrc.json, .prettierignore): `npm run format`
// writes what this asks for.

import { scriptCheck } from '../support/npm-script';

describe('checks: formatting', function () {
  scriptCheck('format:check', 'every file is formatted as Prettier writes it');
});
