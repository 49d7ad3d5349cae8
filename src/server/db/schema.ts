// The data map (spec §3): every table of heirloom, grouped by what it holds. Drizzle reads this one module
// (the client's typed schema, `npm run db:generate`), so it re-exports each group.
export * from './tables/enums';
export * from './tables/accounts';
export * from './tables/library';
export * from './tables/sharing';
export * from './tables/legacy';
export * from './tables/operations';
export * from './tables/books';
export * from './tables/people';
export * from './tables/tree';
export * from './tables/tree-gedcom';
export * from './tables/interviews';
export * from './tables/legacy-outside';
export * from './tables/legacy-keep';
export * from './tables/care';
