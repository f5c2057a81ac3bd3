// Runs the Khronos glTF-Validator on each file named on the command line and prints every
// message. Exit 0 only when no file has an error or a warning (infos and hints are allowed).
//   node tools/gltf-validator/validate.js FILE.glb FILE.gltf ...
'use strict';
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

async function validate(file) {
  const bytes = new Uint8Array(fs.readFileSync(file));
  const report = await validator.validateBytes(bytes, {
    uri: file,
    maxIssues: 0,  // report all
    externalResourceFunction: (uri) =>
      new Promise((resolve, reject) => {
        fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)), (err, data) =>
          err ? reject(err.toString()) : resolve(new Uint8Array(data)));
      }),
  });
  const issues = report.issues;
  for (const m of issues.messages) {
    const level = ['error', 'warning', 'info', 'hint'][m.severity];
    console.log(`${file}: ${level}: ${m.code}: ${m.message}${m.pointer ? ' (' + m.pointer + ')' : ''}`);
  }
  console.log(`${file}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ${issues.numInfos} infos, ${issues.numHints} hints`);
  return issues.numErrors === 0 && issues.numWarnings === 0;
}

(async () => {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: node validate.js FILE.glb|FILE.gltf ...');
    process.exit(2);
  }
  let ok = true;
  for (const f of files) {
    try {
      if (!(await validate(f))) ok = false;
    } catch (e) {
      console.log(`${f}: cannot validate: ${e}`);
      ok = false;
    }
  }
  process.exit(ok ? 0 : 1);
})();
