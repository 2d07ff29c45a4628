// `pnpm lint`'s architecture check: prints each broken house rule as `file:line: rule: message` and
// exits 1 when there is any (see architecture.ts for the rules, config.ts for the layout). It checks
// this repository, or the tree given as its argument (e.g. an exported commit).
import { resolve } from 'node:path';
import { checkArchitecture, formatFinding, repositoryRoot } from './architecture.ts';
import { config } from './config.ts';

const root = process.argv[2] ? resolve(process.argv[2]) : repositoryRoot;
const findings = checkArchitecture(root, config);
for (const finding of findings) console.error(formatFinding(finding));
if (findings.length > 0) {
  console.error(`architecture check: ${findings.length} finding${findings.length === 1 ? '' : 's'}`);
  process.exitCode = 1;
} else {
  console.log('architecture check: the house rules hold');
}
