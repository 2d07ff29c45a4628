import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePainted } from './usePainted';

describe('usePainted', () => {
  it('is false on the first render and true once a frame and the task after it have run', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    try {
      const { result } = renderHook(() => usePainted());
      expect(result.current).toBe(false);
      act(() => {
        vi.advanceTimersToNextFrame();
      });
      expect(result.current).toBe(false);
      act(() => {
        vi.runOnlyPendingTimers();
      });
      expect(result.current).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
