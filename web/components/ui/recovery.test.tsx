import { screen, waitFor } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import common from '../../i18n/locales/en/common.json';
import { isChunkLoadError, lazyWithRetry } from '../../lib/lazy-with-retry.ts';
import { renderWithProviders } from '../../test-render.tsx';
import { RecoveryBoundary } from './recovery.tsx';
import { RecoveryDialogBoundary } from './recovery-dialog.tsx';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/notes-Bx1.js');

let broken = true;
function Fragile() {
  if (broken) throw new Error('render failed');
  return <p>All well</p>;
}

beforeEach(() => {
  broken = true;
  // React reports each error a boundary caught; the tests look at what the user sees instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('chunk load errors', () => {
  test('are told apart in the words of each browser and of Vite', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://localhost/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('render failed'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('recovery boundary', () => {
  test('a part that throws is replaced by a calm message that takes focus; Try again renders it anew', async () => {
    const user = await renderWithProviders(
      <RecoveryBoundary level="section">
        <Fragile />
      </RecoveryBoundary>,
      { common },
    );
    const heading = screen.getByRole('heading', { level: 3, name: common.recovery.title });
    expect(heading).toHaveFocus();
    expect(screen.getByText(common.recovery.description)).toBeInTheDocument();
    // Only missing code is a reason to reload the page.
    expect(screen.queryByRole('button', { name: common.recovery.reload })).not.toBeInTheDocument();

    broken = false;
    await user.click(screen.getByRole('button', { name: common.actions.tryAgain }));
    expect(screen.getByText('All well')).toBeInTheDocument();
    expect(screen.queryByTestId('recovery-message')).not.toBeInTheDocument();
  });

  test('a lazy part whose chunk fails twice offers Reload, and Try again imports it afresh', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactNode }>>()
      .mockRejectedValueOnce(chunkError())
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ default: () => <p>Notes loaded</p> });
    const Notes = lazyWithRetry(load);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });

    const user = await renderWithProviders(
      <RecoveryBoundary level="page">
        <Suspense fallback={<p>Loading</p>}>
          <Notes />
        </Suspense>
      </RecoveryBoundary>,
      { common },
    );
    // The import was asked a second time by itself before the message showed.
    const heading = await screen.findByRole('heading', { level: 1, name: common.recovery.chunkTitle });
    expect(load).toHaveBeenCalledTimes(2);
    expect(heading).toHaveFocus();
    expect(screen.getByText(common.recovery.chunkDescription)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: common.recovery.reload }));
    expect(reload).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: common.actions.tryAgain }));
    expect(await screen.findByText('Notes loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  test('a chunk that fails once is fetched again by itself, with no message at all', async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.ReactNode }>>()
      .mockRejectedValueOnce(chunkError())
      .mockResolvedValue({ default: () => <p>Notes loaded</p> });
    const Notes = lazyWithRetry(load);
    await renderWithProviders(
      <RecoveryBoundary level="section">
        <Suspense fallback={<p>Loading</p>}>
          <Notes />
        </Suspense>
      </RecoveryBoundary>,
      { common },
    );
    expect(await screen.findByText('Notes loaded')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('recovery-message')).not.toBeInTheDocument();
  });

  test('another reset key (a new address) renders the failed part again', async () => {
    function Screen() {
      const [address, setAddress] = useState('/dashboard');
      return (
        <>
          <button
            type="button"
            onClick={() => {
              broken = false;
              setAddress('/labels');
            }}
          >
            Labels
          </button>
          <RecoveryBoundary level="page" resetKeys={[address]}>
            <Fragile />
          </RecoveryBoundary>
        </>
      );
    }
    const user = await renderWithProviders(<Screen />, { common });
    expect(screen.getByTestId('recovery-message')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Labels' }));
    expect(screen.getByText('All well')).toBeInTheDocument();
  });
});

describe('recovery dialog boundary', () => {
  test('a dialog that throws says so in a dialog of its own, which closes as the broken one would', async () => {
    const onClose = vi.fn();
    const user = await renderWithProviders(
      <RecoveryDialogBoundary onClose={onClose}>
        <Fragile />
      </RecoveryDialogBoundary>,
      { common },
    );
    const dialog = await screen.findByRole('dialog', { name: common.recovery.title });
    expect(dialog).toHaveTextContent(common.recovery.description);
    await user.click(screen.getByRole('button', { name: common.actions.close }));
    expect(onClose).toHaveBeenCalledTimes(1);

    broken = false;
    await user.click(screen.getByRole('button', { name: common.actions.tryAgain }));
    await waitFor(() => expect(screen.getByText('All well')).toBeInTheDocument());
  });
});
