import { useTranslation } from 'react-i18next';

export const SCREENS = [
  'scan',
  'jobs',
  'stored',
  'manifest',
  'cancel',
  'settings',
  'history',
  'checkout',
] as const;
export type Screen = (typeof SCREENS)[number];

/** The key cheat sheet's key: the next function key, which no scanner sends (R or "?" could start a barcode). */
export const KEY_SHEET_KEY = 'F9';

/** F1–F8 or Alt+1–8 (one per screen, in order): the screen for a key press, if it is one of the shortcuts. */
export function screenForKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
): Screen | undefined {
  if (event.ctrlKey || event.metaKey || event.shiftKey) return undefined;
  const fn = /^F([1-9])$/.exec(event.key);
  if (fn && !event.altKey) return SCREENS[Number(fn[1]) - 1];
  const digit = /^[1-9]$/.exec(event.key);
  if (digit && event.altKey) return SCREENS[Number(digit[0]) - 1];
  return undefined;
}

export function Nav({
  current,
  onSelect,
}: {
  /** None while a screen outside the nav (the setup) is shown. */
  current: Screen | undefined;
  onSelect: (screen: Screen) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="nav" aria-label={t('nav.label')}>
      {SCREENS.map((screen, index) => (
        <button
          key={screen}
          type="button"
          className="nav-button"
          data-testid={`nav-${screen}`}
          aria-current={current === screen ? 'page' : undefined}
          aria-keyshortcuts={`F${index + 1} Alt+${index + 1}`}
          onClick={() => onSelect(screen)}
        >
          <span className="nav-name">{t(`nav.${screen}`)}</span>
          <span className="nav-key">{t('nav.shortcut', { key: `F${index + 1}`, number: index + 1 })}</span>
        </button>
      ))}
    </nav>
  );
}
