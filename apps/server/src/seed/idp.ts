import type { SeedContext } from './context';

/** Demo content of the idp area (DESIGN §8). */
export async function seedIdp(_seed: SeedContext): Promise<void> {}
