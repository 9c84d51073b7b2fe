import type { SeedContext } from './context';

/** Demo content of the feed area (DESIGN §8). */
export async function seedFeed(_seed: SeedContext): Promise<void> {}
