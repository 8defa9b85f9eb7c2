/** Every rule that depends on time takes a clock, so tests move time instead of sleeping (docs/architecture.md). */
export type TClock = () => Date;

export const systemClock: TClock = () => new Date();
