import { describe, expect, it } from 'vitest';
import { mapUrl, slotOwnLocation, whereSlotIs } from './location';

describe('mapUrl', () => {
  it('searches the map for the location, encoded', () => {
    expect(mapUrl('Gym & Hall, 123 Main St #2')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Gym%20%26%20Hall%2C%20123%20Main%20St%20%232',
    );
  });
});

describe('slotOwnLocation / whereSlotIs', () => {
  it("names a slot's own location only when it differs from the sheet's", () => {
    expect(slotOwnLocation({ location: 'Lot B' }, 'Gym')).toBe('Lot B');
    expect(slotOwnLocation({ location: 'Gym' }, 'Gym')).toBeNull();
    expect(slotOwnLocation({ location: null }, 'Gym')).toBeNull();
    expect(slotOwnLocation({ location: 'Lot B' }, null)).toBe('Lot B');
  });

  it("says where a slot happens: its own location, else the sheet's", () => {
    expect(whereSlotIs({ location: 'Lot B' }, 'Gym')).toBe('Lot B');
    expect(whereSlotIs({ location: null }, 'Gym')).toBe('Gym');
    expect(whereSlotIs({ location: null }, null)).toBeNull();
  });
});
