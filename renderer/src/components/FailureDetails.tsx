import { useTranslation } from 'react-i18next';
import type { Failure } from '../../../preload/api';
import { describeFailure } from '../i18n/failure-text';

/**
 * What happened, what to do, the details line and the 422 list field by field: all translated from the failure's
 * code, detail and params. nShift's own words (the 422 messages) are data, shown labelled after the field's name.
 * A details line that is a raw error text (`systemText`) stays closed under "For IT".
 */
export function FailureDetails({ failure, compact = false }: { failure: Failure; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const text = describeFailure(failure, t, i18n.language);
  return (
    <div className="failure" data-failure-code={failure.code} data-failure-detail={failure.detail}>
      <p className="failure-what">
        {compact ? null : <span className="failure-heading">{t('failure.whatHappened')}: </span>}
        {text.what}
      </p>
      <p className="failure-todo">
        {compact ? null : <span className="failure-heading">{t('failure.whatToDo')}: </span>}
        {text.todo}
      </p>
      {text.fields.length > 0 ? (
        <div className="failure-fields">
          <h3>{t('failure.fieldErrors')}</h3>
          <ul aria-label={t('failure.fieldErrors')}>
            {text.fields.map((field, index) => (
              <li key={`${field.field}-${index}`}>
                <strong>{field.label}</strong>
                {field.label !== field.field ? (
                  <span className="mono field-path" data-nshift-words="">
                    {' '}
                    ({field.field})
                  </span>
                ) : null}
                : <NshiftSays text={field.message} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {compact || !text.details ? null : text.forIt ? (
        // A raw error text helps IT, not the packer: there to open (a native disclosure, reached and opened by
        // keyboard), never what they read first.
        <details className="technical failure-for-it">
          <summary>{t('failure.forIt')}</summary>
          <p className="mono">{text.details}</p>
        </details>
      ) : (
        <p className="technical">{t('failure.technical', { message: text.details })}</p>
      )}
    </div>
  );
}

/**
 * nShift's own words (its 422 text): data in nShift's language, labelled as such. `data-nshift-words` marks what
 * is nShift's, so a check of the packer's language (test/e2e/every-screen-every-language.e2e.ts) leaves it out.
 */
function NshiftSays({ text }: { text: string }) {
  const { t } = useTranslation();
  // The sentence around nShift's text is the catalogue's ("nShift says: …"): split where the text goes.
  const [before, after] = t('failure.nshiftSays', { text: '\u0000' }).split('\u0000');
  return (
    <>
      {before}
      <span data-nshift-words="">{text}</span>
      {after}
    </>
  );
}
