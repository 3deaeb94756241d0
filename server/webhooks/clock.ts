/** The engine's notion of "now", injectable so tests walk the retry schedule without waiting hours. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
