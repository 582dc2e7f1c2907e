// `node --require ./register.cjs dist/main/electron.cjs`: the built Electron main under plain Node, with every
// `require('electron')` answered by the stand-in in ./electron.cjs (the main bundles its packages, so electron is
// the only one it requires by name).
'use strict';

const Module = require('node:module');
const stub = require('./electron.cjs');

const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'electron' ? stub : load.call(this, request, ...rest);
};
