import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePictureSource } from './use-picture-source';

describe('usePictureSource', () => {
  it('retries a failed picture once with a cache-busting value, then hides it', () => {
    const { result } = renderHook(() => usePictureSource('/api/user/profile-picture?v=abc'));
    expect(result.current.src).toBe('/api/user/profile-picture?v=abc');
    act(() => result.current.onError());
    expect(result.current.src).toMatch(/^\/api\/user\/profile-picture\?v=abc&t=\d+$/);
    act(() => result.current.onError());
    expect(result.current.src).toBeUndefined();
  });

  it('starts afresh when the picture changes', () => {
    const { result, rerender } = renderHook(({ url }) => usePictureSource(url), { initialProps: { url: '/p?v=1' as string | null } });
    act(() => result.current.onError());
    act(() => result.current.onError());
    expect(result.current.src).toBeUndefined();
    rerender({ url: '/p?v=2' });
    expect(result.current.src).toBe('/p?v=2');
    rerender({ url: null });
    expect(result.current.src).toBeUndefined();
  });
});
