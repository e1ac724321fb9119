// `npm run db:generate -w bff` (scripts/db-generate.mjs) writes a new SQL migration into drizzle/ from
// src/db/schema.ts (offline). A plain object: drizzle-kit is not installed with the workspace.
export default {
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
};
