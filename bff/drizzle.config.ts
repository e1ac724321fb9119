import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w bff` writes a new SQL migration into drizzle/ from src/db/schema.ts (offline).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
