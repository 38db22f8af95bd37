/** The top banner's two messages and how long each stays (spec: 15 s and 20 s, forever). */
export const BANNER_MESSAGES = [
  { id: 'freeMonth', durationMs: 15_000 },
  { id: 'discount', durationMs: 20_000 },
] as const;

export type BannerMessageId = (typeof BANNER_MESSAGES)[number]['id'];

export function nextBannerIndex(index: number): number {
  return (index + 1) % BANNER_MESSAGES.length;
}
