import { timestamp } from 'drizzle-orm/pg-core';

/** The creation time every table that has one names `created_at`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
