// Each zone of boundaries.js reports on a fixture import it forbids, and stays quiet on one it allows
// (issue 8 §5: the server's floors as enforced as the web's). Fixture files need not exist: the rule reads
// only the importer's path and the import's text.
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { boundaries } from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const root = path.resolve(import.meta.dirname, '../..');
const at = (file) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

/** An import of `source` from `file`, expected to be reported with a message matching `message`. */
const forbidden = (file, source, message) => ({ filename: at(file), code: `import { x } from '${source}';`, errors: [{ message }] });
const allowed = (file, source) => ({ filename: at(file), code: `import { x } from '${source}';` });

tester.run('boundaries/layers', boundaries.rules.layers, {
  valid: [
    allowed('apps/server/src/db/migrations/0006-search-postings.ts', './0006-search-postings/rebuild'),
    allowed('apps/server/src/kernel/session.ts', '../db/schema'),
    allowed('apps/server/src/search-engine/search-index.ts', '../db/schema'),
    allowed('apps/server/src/search-engine/search-index.ts', '../kernel/country-code'),
    allowed('apps/server/src/http/sessions.ts', '../kernel/session'),
    allowed('apps/server/src/config.ts', 'zod'),
    allowed('apps/server/src/modules/search/search.service.ts', '../../search-engine/search-plan'),
    allowed('apps/server/src/modules/search/search.routes.ts', './search.service'),
    allowed('apps/server/src/modules/search/search.service.ts', './search.repository'),
    allowed('apps/server/src/startup/prepare-database.ts', '../modules/tenants/tenants.service'),
    allowed('apps/server/src/app.ts', './modules/search/search.routes'),
    // Tests and their support wire what they test.
    allowed('apps/server/src/db/database.test.ts', '../startup/prepare-database'),
    allowed('apps/server/src/modules/search/search.fixtures.ts', '../../search-engine/search-index.writer'),
    allowed('apps/web/src/ui/button.tsx', './icon'),
    allowed('apps/web/src/app/router.tsx', '../features/search/search-page'),
  ],
  invalid: [
    forbidden('apps/server/src/db/migrations/0006-search-postings.ts', '../../search-engine/search-index.writer', /^db\/ imports no module/),
    forbidden('apps/server/src/db/database.ts', '../modules/auth/sessions.service', /^db\/ imports no module/),
    forbidden('apps/server/src/db/database.ts', '../startup/seed/seed', /^db\/ imports no module/),
    forbidden('apps/server/src/db/database.ts', '../kernel/session', /^db\/ imports no module/),
    forbidden('apps/server/src/kernel/session.ts', '../modules/auth/sessions.service', /^kernel\/ imports nothing/),
    forbidden('apps/server/src/search-engine/search-index.ts', '../modules/positions/positions.repository', /^The search engine depends on db\//),
    forbidden('apps/server/src/search-engine/search-index.ts', '../http/request-context', /^The search engine depends on db\//),
    forbidden('apps/server/src/http/sessions.ts', '../modules/auth/sessions.service', /^The HTTP kit \(http\/\) knows no domain/),
    forbidden('apps/server/src/http/tenant.ts', '../modules/tenants/tenants.service', /^The HTTP kit \(http\/\) knows no domain/),
    forbidden('apps/server/src/config.ts', './modules/shell/shell.ssr', /^config, clock, errors and logging import no module/),
    forbidden('apps/server/src/modules/offers/offers.service.ts', '../../services', /^Modules never import the app wiring/),
    forbidden('apps/server/src/modules/shell/shell.routes.ts', '../../app', /^Modules never import the app wiring/),
    forbidden('apps/server/src/modules/positions/positions.service.ts', '../../startup/seed/positions', /^Modules never import the app wiring/),
    forbidden('apps/server/src/modules/search/search.routes.ts', './search.repository', /^Routes never import a repository/),
    forbidden('apps/server/src/modules/health/health.routes.ts', 'kysely', /^Routes never import Kysely/),
    forbidden('apps/web/src/ui/button.tsx', '../features/search/search-page', /^ui\/ imports no feature and no app\//),
    forbidden('apps/web/src/lib/format.ts', '../app/router', /^lib\/ imports no feature and no app\//),
    forbidden('apps/web/src/features/search/search-page.tsx', '../offers/offer-card', /^Feature "search" must not import feature "offers"/),
    { filename: at('apps/server/src/modules/search/search.routes.ts'), code: "const load = () => import('../../services');", errors: [{ message: /^Modules never import the app wiring/ }] },
  ],
});
