// `node --require ./register.cjs dist/main/electron.cjs`: the built Electron main under plain Node, with every
// `require('electron')` — and electron-store's `import 'electron'`, which Node hands to the CommonJS loader by
// its resolved path — answered by the stand-in in ./electron.cjs.
'use strict';

const Module = require('node:module');
const { sep } = require('node:path');
const stub = require('./electron.cjs');

const ELECTRON_ENTRY = `${sep}node_modules${sep}electron${sep}index.js`;
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === 'electron' || request.endsWith(ELECTRON_ENTRY)) return stub;
  return load.call(this, request, ...rest);
};
