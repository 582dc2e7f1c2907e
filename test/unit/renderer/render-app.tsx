import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Language } from '../../../preload/api';
import { App } from '../../../renderer/src/App';
import { createI18n } from './catalogues';
import type { SoundKind } from '../../../renderer/src/sounds/sounds';
import { SoundPlayer } from '../../../renderer/src/sounds/sounds';
import { FakeStation } from './fake-api';
import { setNotifyScheduler } from '../../../renderer/src/state/station-store';

// Tests look at the screen right after an event: render at once instead of on the next animation frame.
setNotifyScheduler((notify) => notify());

/** Records which sounds would have played, instead of playing them. */
export class RecordingSounds extends SoundPlayer {
  played: SoundKind[] = [];
  constructor() {
    super(undefined);
  }
  override play(kind: SoundKind): void {
    this.played.push(kind);
  }
}

export interface RenderedApp {
  fake: FakeStation;
  sounds: RecordingSounds;
  clock: { now: number };
}

/** Renders the whole renderer against a FakeStation and waits until the first load is done. */
export async function renderApp(
  options: { fake?: FakeStation; language?: Language } = {},
): Promise<RenderedApp> {
  const fake = options.fake ?? new FakeStation();
  const sounds = new RecordingSounds();
  const clock = { now: 1_000_000 };
  const i18n = createI18n(options.language ?? 'en');
  render(<App api={fake.api} i18n={i18n} sounds={sounds} now={() => clock.now} />);
  await waitFor(() => expect(screen.getByTestId('status-bar')).toBeTruthy());
  // The screen is drawn before the station's lists arrive: wait for them too.
  await waitFor(() => expect(screen.queryByTestId('app-loading')).toBeNull());
  return { fake, sounds, clock };
}
