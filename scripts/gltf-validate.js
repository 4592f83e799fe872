#!/usr/bin/env node
// Validates glTF/GLB files with the Khronos glTF validator (npm gltf-validator, installed by
// scripts/deps.sh into .tools/). Prints one JSON report per file on its own line:
//   {"file", "errors", "warnings", "infos", "hints", "messages": [{"code", "severity", "pointer", "message"}]}
// and exits 1 when any file has an error, 2 when the validator is not installed.
// usage: node scripts/gltf-validate.js FILE...
'use strict';
const fs = require('fs');
const path = require('path');

let validator;
try {
  validator = require(path.join(__dirname, '..', '.tools', 'node_modules', 'gltf-validator'));
} catch (e) {
  console.error('gltf-validate: the Khronos validator is not installed (scripts/deps.sh validator): ' + e.message);
  process.exit(2); // nothing was written to stdout yet
}

async function validate(file) {
  const data = new Uint8Array(fs.readFileSync(file));
  const report = await validator.validateBytes(data, {
    uri: path.basename(file),
    maxIssues: 0,
    // Our exports are self-contained; an external reference is a bug, so none is resolved.
    externalResourceFunction: (uri) => Promise.reject(new Error('external resource ' + uri)),
  });
  const issues = report.issues;
  return {
    file,
    validator: report.validatorVersion,
    errors: issues.numErrors,
    warnings: issues.numWarnings,
    infos: issues.numInfos,
    hints: issues.numHints,
    messages: issues.messages.map((m) => ({ code: m.code, severity: m.severity, pointer: m.pointer, message: m.message })),
  };
}

(async () => {
  let failed = false;
  for (const file of process.argv.slice(2)) {
    const r = await validate(file);
    failed = failed || r.errors > 0;
    console.log(JSON.stringify(r));
  }
  // exitCode, not exit(): exit() may cut off what is still queued for a pipe.
  process.exitCode = failed ? 1 : 0;
})().catch((e) => {
  console.error('gltf-validate: ' + e.stack);
  process.exitCode = 1;
});
