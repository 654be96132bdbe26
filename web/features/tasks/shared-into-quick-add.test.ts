import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../common/limits.ts';
import { quickAddTextFrom } from './shared-into-quick-add.ts';

describe('what the installed app is opened with for quick add', () => {
  it('is nothing for an ordinary address', () => {
    expect(quickAddTextFrom(new URLSearchParams('view=today'))).toBeUndefined();
  });

  it('is empty for the "New task" shortcut: quick add opens with nothing in it', () => {
    expect(quickAddTextFrom(new URLSearchParams('add='))).toBe('');
  });

  it('joins what was shared, each part once, on one line', () => {
    const shared = new URLSearchParams({
      share_title: 'Read this\narticle',
      share_text: 'Read this article https://example.com/a',
      share_url: 'https://example.com/a',
    });
    expect(quickAddTextFrom(shared)).toBe('Read this article https://example.com/a');
    expect(quickAddTextFrom(new URLSearchParams({ share_text: 'مقال مهم', share_url: 'https://example.com/ب' }))).toBe(
      'مقال مهم https://example.com/ب',
    );
  });

  it('is cut to the longest title a task may have', () => {
    expect(quickAddTextFrom(new URLSearchParams({ share_text: 'x'.repeat(LIMITS.taskTitleMax + 50) }))).toHaveLength(LIMITS.taskTitleMax);
  });
});
