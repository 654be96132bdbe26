import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useToday } from './use-user-clock.ts';

function Today({ zone }: { zone: string }) {
  return <p data-testid="today">{useToday(zone)}</p>;
}

describe('today on a page left open', () => {
  afterEach(() => vi.useRealTimers());

  test('moves to the new day by itself at midnight in the person’s zone, and when the page is shown again', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // 23:59 in Kolkata (UTC+5:30).
    vi.setSystemTime(new Date('2026-11-26T18:29:00Z'));
    render(<Today zone="Asia/Kolkata" />);
    expect(screen.getByTestId('today').textContent).toBe('2026-11-26');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('today').textContent).toBe('2026-11-27');

    // Asleep through a day: the timer did not run, showing the page again reads the day.
    vi.setSystemTime(new Date('2026-11-28T09:00:00Z'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(screen.getByTestId('today').textContent).toBe('2026-11-28');
  });
});
