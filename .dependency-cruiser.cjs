/**
 * The dependency rule of ARCHITECTURE.md: the domain (src/core, src/patient, src/consult, src/rag) defines ports and
 * never imports an SDK, a driver or an adapter; adapters depend on the domain, never the reverse.
 * Paths match anywhere (`(^|/)src/`) so test/fixtures/dependency-rule can prove the rule bites.
 */
const DOMAIN = '(^|/)src/(core|patient|consult|rag)/';
const SDKS = [
  'grammy',
  '@grammyjs',
  'whatsapp-web\\.js',
  '@anthropic-ai/sdk',
  'openai',
  'bullmq',
  'ioredis',
  '@prisma',
  '\\.prisma',
  'pg',
  'pgvector',
  '@electric-sql',
  'pglite-prisma-adapter',
  'puppeteer',
];

module.exports = {
  forbidden: [
    {
      name: 'domain-imports-no-sdk',
      comment: 'src/core, src/consult and src/rag define ports; SDKs live in adapters (src/bot, src/infra, src/jobs).',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: `(^|/)node_modules/(${SDKS.join('|')})(/|$)` },
    },
    {
      name: 'domain-imports-resolve',
      comment: 'An import the checker cannot resolve could be an SDK it cannot see; the domain has none.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { couldNotResolve: true },
    },
    {
      name: 'domain-imports-no-adapter',
      comment: 'The domain must not reach outward into adapters, entry points or generated clients.',
      severity: 'error',
      from: { path: DOMAIN },
      to: { path: '(^|/)src/(bot|infra|jobs|entry|review|generated)/' },
    },
    {
      name: 'domain-folders-one-way',
      comment: 'Inside the domain imports run one way: consult -> rag -> patient -> core. src/patient imports only src/core.',
      severity: 'error',
      from: { path: '(^|/)src/patient/' },
      to: { path: '(^|/)src/(consult|rag|ingest)/' },
    },
    {
      name: 'rag-does-not-import-consult',
      comment: 'Inside the domain imports run one way: consult -> rag -> patient -> core.',
      severity: 'error',
      from: { path: '(^|/)src/rag/' },
      to: { path: '(^|/)src/consult/' },
    },
    {
      name: 'core-imports-no-domain-folder',
      severity: 'error',
      from: { path: '(^|/)src/core/' },
      to: { path: '(^|/)src/(patient|consult|rag)/' },
    },
    {
      name: 'ingest-loads-through-its-port',
      comment: 'src/ingest defines the stores it needs (load/ingest-store.ts); the entry points inject the database adapters.',
      severity: 'error',
      from: { path: '(^|/)src/ingest/' },
      to: { path: '(^|/)(src/(infra|generated)|node_modules/(@prisma|\\.prisma|pg|pgvector|@electric-sql))/' },
    },
    {
      name: 'adapters-do-not-import-entry-points',
      severity: 'error',
      from: { path: '(^|/)src/(?!entry/)' },
      to: { path: '(^|/)src/entry/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '(^|/)src/', pathNot: '(^|/)src/generated/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)src/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
