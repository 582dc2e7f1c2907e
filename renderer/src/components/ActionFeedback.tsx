import { useTranslation } from 'react-i18next';
import type { ActionState } from './use-action';
import { FailureDetails } from './FailureDetails';
import { inputFieldLabel } from '../i18n/failure-text';

/** The outcome of the last button press: a success line, or the translated failure. */
export function ActionFeedback({ state }: { state: ActionState }) {
  const { t } = useTranslation();
  if (state.invalid) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{t('common.invalid')}</p>
        {state.invalid.field ? (
          <p className="technical">
            {t('failure.invalidField', { field: inputFieldLabel(state.invalid.field, t) })}
          </p>
        ) : null}
      </div>
    );
  }
  if (state.failure) {
    return (
      <div className="alert alert-error" role="alert">
        <FailureDetails failure={state.failure} />
      </div>
    );
  }
  if (state.done) {
    return (
      <p className="alert alert-good" role="status">
        {state.done(t)}
      </p>
    );
  }
  return null;
}
