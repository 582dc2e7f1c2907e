import { useTranslation } from 'react-i18next';

export const SCREENS = ['scan', 'jobs', 'stored', 'manifest', 'cancel', 'settings', 'checkout'] as const;
export type Screen = (typeof SCREENS)[number];

/**
 * Each screen's F-key and Alt+digit, fixed: packers know them by heart, so a new screen never moves one.
 * F7 belongs to History (its own branch): Checkout is F8 either way.
 */
export const SCREEN_KEYS = {
  scan: 1,
  jobs: 2,
  stored: 3,
  manifest: 4,
  cancel: 5,
  settings: 6,
  checkout: 8,
} as const satisfies Record<Screen, number>;

const screenNumbered = (n: number): Screen | undefined => SCREENS.find((screen) => SCREEN_KEYS[screen] === n);

/** F1–F9 or Alt+1–9: the screen for a key press, if it is one of the screen shortcuts. */
export function screenForKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): Screen | undefined {
  if (event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  const fn = /^F([1-9])$/.exec(event.key);
  if (fn && !event.altKey) return screenNumbered(Number(fn[1]));
  const digit = /^[1-9]$/.exec(event.key);
  if (digit && event.altKey) return screenNumbered(Number(digit[0]));
  return undefined;
}

export function Nav({ current, onSelect }: { current: Screen; onSelect: (screen: Screen) => void }) {
  const { t } = useTranslation();
  return (
    <nav className="nav" aria-label={t('nav.label')}>
      {SCREENS.map((screen) => (
        <button
          key={screen}
          type="button"
          className="nav-button"
          data-testid={`nav-${screen}`}
          aria-current={current === screen ? 'page' : undefined}
          aria-keyshortcuts={`F${SCREEN_KEYS[screen]} Alt+${SCREEN_KEYS[screen]}`}
          onClick={() => onSelect(screen)}
        >
          <span className="nav-name">{t(`nav.${screen}`)}</span>
          <span className="nav-key">
            {t('nav.shortcut', { key: `F${SCREEN_KEYS[screen]}`, number: SCREEN_KEYS[screen] })}
          </span>
        </button>
      ))}
    </nav>
  );
}
