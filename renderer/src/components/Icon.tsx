import type { ResultState } from './result-state';

/** What an icon can stand for: a job's shown state, or "waiting" on a printer that is away. */
export type IconState = ResultState | 'waiting';

const PATHS: Record<IconState, string> = {
  // Magnifier
  resolving:
    'M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z',
  // Clock
  booking:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm1 3v5.4l3.7 2.2-1 1.7L11 13.6V7h2z',
  // Printer
  printing: 'M6 2h12v5h2a2 2 0 0 1 2 2v8h-4v5H6v-5H2V9a2 2 0 0 1 2-2h2V2zm2 2v3h8V4H8zm0 10v6h8v-6H8z',
  // Check mark
  printed: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  done: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  // Pause in a circle
  held: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zM9 7v10h2V7H9zm4 0v10h2V7h-2z',
  // Cross
  failed:
    'M18.3 5.7 16.9 4.3 12 9.2 7.1 4.3 5.7 5.7 10.6 12l-4.9 4.9 1.4 1.4 4.9-4.9 4.9 4.9 1.4-1.4-4.9-4.9z',
  // Warning triangle: the job needs the packer to look at a printer
  waiting: 'M12 2 1 21h22L12 2zm-1 7h2v6h-2V9zm0 8h2v2h-2v-2z',
  // Two stacked sheets
  duplicate: 'M8 2h12v14H8V2zm2 2v10h8V4h-8zM4 6h2v14h12v2H4V6z',
  // A circle struck through: cancelled, its label void
  cancelled:
    'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 2a8 8 0 0 0-6.3 12.9L16.9 5.7A8 8 0 0 0 12 4zm6.3 3.1L7.1 18.3A8 8 0 0 0 18.3 7.1z',
};

/** A state's icon, so state never relies on colour alone. Decorative: the state's name is always beside it. */
export function StateIcon({ state, size = 24 }: { state: IconState; size?: number }) {
  return (
    <svg
      className="state-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[state]} fill="currentColor" />
    </svg>
  );
}
