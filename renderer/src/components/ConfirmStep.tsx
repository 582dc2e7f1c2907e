import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/**
 * The one "are you sure" step of every screen: inline (native dialogs would block the station), focus on the
 * safe answer, Esc backs out and gives the focus back to what had it (the button that asked). `title` names the dialog when given, else the question does; `children` are
 * warnings the packer must see before confirming.
 *
 * The answers say what they do: `confirmLabel` names the act ("Yes, delete it"), and the safe answer is "No,
 * keep it" unless told otherwise. Never a bare "Confirm" / "Cancel": at a packing bench "Cancel" means
 * cancelling a shipment.
 */
export function ConfirmStep({
  title,
  question,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy,
}: {
  title?: string;
  question: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    keep.current?.focus();
  }, []);
  function back(): void {
    const previous = opener.current;
    onCancel();
    // The step goes away with the focus inside it: without this the focus would fall to the page body.
    if (previous?.isConnected && previous !== document.body) previous.focus();
  }
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={title ? `${id}-question` : undefined}
      className="confirm alert alert-warn"
      onKeyDown={(event) => {
        if (event.key === 'Escape') back();
      }}
    >
      {title ? <h2 id={`${id}-title`}>{title}</h2> : null}
      <p id={title ? `${id}-question` : `${id}-title`}>{question}</p>
      {children}
      <div className="row">
        <Button tone="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button ref={keep} aria-keyshortcuts="Escape" onClick={back}>
          {cancelLabel ?? t('common.keepIt')}
        </Button>
      </div>
    </div>
  );
}
