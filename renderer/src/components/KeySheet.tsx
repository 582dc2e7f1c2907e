import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { KEY_SHEET_KEY, SCREENS } from './Nav';
import { Button } from './Button';

/**
 * Every key the station answers to, on one sheet (F9 anywhere, or the nav's Keys button): a packer with gloves
 * on learns them here instead of from a manual. Esc or F9 closes it and gives the focus back to where it was; a scan closes it and the screen takes the keyboard home.
 */
export function KeySheet({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const closeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const back = opener;
    return () => {
      const previous = back.current;
      // Only a focus that left with the sheet goes back: when a scan closed it, the screen has already taken the
      // keyboard home (HomeAgainContext), and the button that opened the sheet must not take it away again.
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && previous?.isConnected && previous !== document.body) previous.focus();
    };
  }, []);
  const row = (keys: string, what: string) => (
    <tr key={`${keys}-${what}`}>
      <th scope="row">
        <kbd>{keys}</kbd>
      </th>
      <td>{what}</td>
    </tr>
  );
  return (
    <div className="sheet-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="key-sheet-title"
        className="sheet"
        data-testid="key-sheet"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
      >
        <div className="sheet-head">
          <h2 id="key-sheet-title">{t('keys.title')}</h2>
          <Button ref={closeButton} aria-keyshortcuts={`Escape ${KEY_SHEET_KEY}`} onClick={onClose}>
            {t('keys.close')}
          </Button>
        </div>
        <p>{t('keys.intro')}</p>
        <div className="sheet-columns">
          <table className="key-table">
            <caption>{t('keys.everywhere')}</caption>
            <tbody>
              {SCREENS.map((screen, index) =>
                row(`F${index + 1} · Alt+${index + 1}`, t('keys.screen', { screen: t(`nav.${screen}`) })),
              )}
              {row(KEY_SHEET_KEY, t('keys.help'))}
            </tbody>
          </table>
          <div>
            <table className="key-table">
              <caption>{t('keys.scanScreen')}</caption>
              <tbody>
                {row('▮▮▮', t('keys.scan'))}
                {row(t('keys.cap.enter'), t('keys.enter'))}
                {row('R', t('keys.reprint'))}
                {row(t('keys.cap.esc'), t('keys.clear'))}
              </tbody>
            </table>
            <table className="key-table">
              <caption>{t('keys.lists')}</caption>
              <tbody>
                {row(t('keys.cap.arrows'), t('keys.arrows'))}
                {row('R · C', t('keys.historyKeys'))}
              </tbody>
            </table>
            <table className="key-table">
              <caption>{t('keys.questions')}</caption>
              <tbody>{row(t('keys.cap.esc'), t('keys.no'))}</tbody>
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}
