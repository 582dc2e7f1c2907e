import { useTranslation } from 'react-i18next';
import { ConfirmStep } from './ConfirmStep';

/**
 * The confirmation before a shipment is cancelled, wherever the packer starts it (Cancel screen, History):
 * what happens, and the carrier's penalty when the carrier already has the shipment. The step itself (focus
 * on "keep it", Esc backs out) is the app's one ConfirmStep.
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
  return (
    <ConfirmStep
      title={t('cancel.confirmTitle', { number })}
      question={t('cancel.confirmText')}
      confirmLabel={t('cancel.confirmYes')}
      onConfirm={onConfirm}
      onCancel={onBack}
    >
      {handedOver ? (
        <p className="alert alert-warn" data-testid="penalty-warning">
          <strong>{t('cancel.handedOverWarning')}</strong>
        </p>
      ) : null}
    </ConfirmStep>
  );
}
