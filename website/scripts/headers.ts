/**
 * Prints the security headers of a build for servers that do not read
 * `_headers`: `--format nginx` (default) gives `add_header` lines to include
 * in a `server` block, `--format json` name/value pairs for a CDN's
 * response-headers settings. Run it after every build: the policy lists the
 * hashes of the build's inline scripts.
 *
 *   npm run --silent headers -w website -- --format nginx > sigil-headers.conf
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {parseHeadersFile} from '../plugins/security-headers/csp';
import {toJson, toNginx} from '../plugins/security-headers/serverConfig';

const {values} = parseArgs({
  options: {
    format: {type: 'string', default: 'nginx'},
    build: {type: 'string', default: path.join(__dirname, '..', 'build')},
  },
});
const file = path.join(values.build, '_headers');
if (!existsSync(file)) {
  console.error(`No ${file}: build the site first (npm run build -w website).`);
  process.exit(1);
}
const rules = parseHeadersFile(readFileSync(file, 'utf8'));
if (values.format === 'nginx') process.stdout.write(toNginx(rules));
else if (values.format === 'json') process.stdout.write(toJson(rules));
else {
  console.error(`Unknown --format ${values.format}: use nginx or json.`);
  process.exit(1);
}
