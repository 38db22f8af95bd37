import { describe, expect, it } from 'vitest';
import { pinHashCost } from './pin-cost';

describe('the PIN hash cost', () => {
  it('is 2^14 by default, below the passwords’ 2^17; never above a lowered password cost; set on its own when asked', () => {
    expect(pinHashCost({ DOOR_HASH_COST_LOG2: 17, DOOR_PIN_HASH_COST_LOG2: undefined })).toBe(14);
    expect(pinHashCost({ DOOR_HASH_COST_LOG2: 10, DOOR_PIN_HASH_COST_LOG2: undefined })).toBe(10);
    expect(pinHashCost({ DOOR_HASH_COST_LOG2: 17, DOOR_PIN_HASH_COST_LOG2: 16 })).toBe(16);
  });
});
