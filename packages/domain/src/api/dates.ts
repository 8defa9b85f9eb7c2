import { z } from 'zod';

/** A calendar date without a time (promised dates): 'YYYY-MM-DD', and a real day of the calendar. */
export const ZCalendarDateSchema = z.iso.date();
