import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one confirmation before a shipment is cancelled, wherever the packer starts it (Cancel screen, History):
 * what happens, the carrier's penalty when the carrier already has the shipment, focus on "keep it", Esc
 * backs out.
 */
export function CancelConfirm({
  number,
  handedOver,
  onConfirm,
  onBack,
}: {
  /** The shipment number the packer knows. */
  number: string;
  handedOver: boolean;
  onConfirm(): void;
  onBack(): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="confirm"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onBack();
      }}
    >
      <h2 id={`${id}-title`}>{t('cancel.confirmTitle', { number })}</h2>
      <p id={`${id}-text`}>{t('cancel.confirmText')}</p>
      {handedOver ? (
        <p className="alert alert-warn" data-testid="penalty-warning">
          <strong>{t('cancel.handedOverWarning')}</strong>
        </p>
      ) : null}
      <div className="row">
        <button type="button" className="button button-danger" onClick={onConfirm}>
          {t('cancel.confirmYes')}
        </button>
        <button type="button" ref={keep} className="button" aria-keyshortcuts="Escape" onClick={onBack}>
          {t('cancel.confirmNo')}
        </button>
      </div>
    </div>
  );
}
