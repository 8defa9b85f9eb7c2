import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every area file of the schema; client.ts assembles the same ones.
  schema: './src/db/schema/*.ts',
  out: './drizzle',
});
