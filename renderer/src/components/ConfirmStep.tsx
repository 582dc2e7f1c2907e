import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** An inline "are you sure" with focus on the safe answer; native dialogs would block the station. */
export function ConfirmStep({
  question,
  onConfirm,
  onCancel,
  busy,
}: {
  question: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-label={question}
      className="confirm alert alert-warn"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <p>{question}</p>
      <div className="row">
        <button
          type="button"
          className="button button-danger"
          aria-busy={busy || undefined}
          onClick={onConfirm}
        >
          {t('common.confirm')}
        </button>
        <button type="button" ref={keep} className="button" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
