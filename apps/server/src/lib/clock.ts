/** Every rule that depends on time takes a clock, so tests move time instead of sleeping (ARCHITECTURE §5). */
export type TClock = () => Date;

export const systemClock: TClock = () => new Date();
