import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePainted } from './usePainted';

describe('usePainted', () => {
  it('is false on the first render and true once the frame after the first paint has run', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      const { result } = renderHook(() => usePainted());
      expect(result.current).toBe(false);
      act(() => {
        vi.advanceTimersToNextFrame();
      });
      expect(result.current).toBe(false);
      act(() => {
        vi.advanceTimersToNextFrame();
      });
      expect(result.current).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
