import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentFormat, DocumentKind, RoutingRule, SettingsView } from '../../../../preload/api';
import { ActionFeedback } from '../../components/ActionFeedback';
import { useStationState } from '../../state/context';
import { useSettingsSave } from './use-settings-save';

const DOCUMENT_KINDS: DocumentKind[] = ['label', 'return_label', 'waybill', 'customs', 'manifest', 'other'];
const FORMATS: DocumentFormat[] = ['zpl', 'pdf'];

/** Which printer gets which document: station defaults, then rules tried in order. */
export function RoutingSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const [labelPrinterId, setLabelPrinterId] = useState(settings.routing.labelPrinterId ?? '');
  const [documentPrinterId, setDocumentPrinterId] = useState(settings.routing.documentPrinterId ?? '');
  const [rules, setRules] = useState<RoutingRule[]>(settings.routing.rules);
  const [state, save] = useSettingsSave();
  // Saved printers and those the station runs without a saved config (demo mode's virtual printers).
  const { status } = useStationState();
  const printers = [
    ...settings.printers.map((printer) => ({ id: printer.id, name: printer.name })),
    ...(status?.printers ?? [])
      .filter((printer) => !settings.printers.some((saved) => saved.id === printer.printerId))
      .map((printer) => ({ id: printer.printerId, name: printer.name })),
  ];

  function update(index: number, patch: Partial<RoutingRule>): void {
    setRules(rules.map((rule, i) => (i === index ? clean({ ...rule, ...patch }) : rule)));
  }

  function clean(rule: RoutingRule): RoutingRule {
    const result: RoutingRule = { printerId: rule.printerId };
    if (rule.kind) result.kind = rule.kind;
    if (rule.format) result.format = rule.format;
    if (rule.carrierId?.trim()) result.carrierId = rule.carrierId.trim();
    if (rule.serviceId?.trim()) result.serviceId = rule.serviceId.trim();
    return result;
  }

  function printerOptions(allowNone: boolean) {
    return (
      <>
        {allowNone ? <option value="">{t('common.none')}</option> : null}
        {printers.map((printer) => (
          <option key={printer.id} value={printer.id}>
            {printer.name}
          </option>
        ))}
      </>
    );
  }

  return (
    <section className="panel" aria-labelledby="routing-title">
      <h2 id="routing-title">{t('settings.routing.title')}</h2>
      <div className="row">
        <div className="field">
          <label htmlFor="routing-label">{t('settings.routing.labelPrinter')}</label>
          <select
            id="routing-label"
            value={labelPrinterId}
            onChange={(event) => setLabelPrinterId(event.target.value)}
          >
            {printerOptions(true)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="routing-document">{t('settings.routing.documentPrinter')}</label>
          <select
            id="routing-document"
            value={documentPrinterId}
            onChange={(event) => setDocumentPrinterId(event.target.value)}
          >
            {printerOptions(true)}
          </select>
        </div>
      </div>
      <h3>{t('settings.routing.rules')}</h3>
      {rules.length === 0 ? <p>{t('settings.routing.noRules')}</p> : null}
      {rules.map((rule, index) => (
        <fieldset key={index} className="row">
          <legend>{t('settings.routing.rule', { number: index + 1 })}</legend>
          <div className="field">
            <label htmlFor={`rule-${index}-kind`}>{t('settings.routing.kind')}</label>
            <select
              id={`rule-${index}-kind`}
              value={rule.kind ?? ''}
              onChange={(event) =>
                update(index, { kind: (event.target.value || undefined) as DocumentKind | undefined })
              }
            >
              <option value="">{t('settings.routing.any')}</option>
              {DOCUMENT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`documentKind.${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`rule-${index}-format`}>{t('settings.routing.format')}</label>
            <select
              id={`rule-${index}-format`}
              value={rule.format ?? ''}
              onChange={(event) =>
                update(index, { format: (event.target.value || undefined) as DocumentFormat | undefined })
              }
            >
              <option value="">{t('settings.routing.any')}</option>
              {FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format.toUpperCase()}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`rule-${index}-carrier`}>{t('settings.routing.carrierId')}</label>
            <input
              id={`rule-${index}-carrier`}
              type="text"
              size={10}
              value={rule.carrierId ?? ''}
              onChange={(event) => update(index, { carrierId: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`rule-${index}-service`}>{t('settings.routing.serviceId')}</label>
            <input
              id={`rule-${index}-service`}
              type="text"
              size={10}
              value={rule.serviceId ?? ''}
              onChange={(event) => update(index, { serviceId: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`rule-${index}-printer`}>{t('settings.routing.printer')}</label>
            <select
              id={`rule-${index}-printer`}
              value={rule.printerId}
              onChange={(event) => update(index, { printerId: event.target.value })}
            >
              {printerOptions(false)}
            </select>
          </div>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => setRules(rules.filter((_, i) => i !== index))}
          >
            {t('common.remove')}
          </button>
        </fieldset>
      ))}
      <div className="row">
        <button
          type="button"
          className="button"
          disabled={printers.length === 0}
          onClick={() => setRules([...rules, { printerId: printers[0]?.id ?? '' }])}
        >
          {t('settings.routing.addRule')}
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() =>
            void save({
              routing: {
                rules: rules.map(clean),
                ...(labelPrinterId ? { labelPrinterId } : {}),
                ...(documentPrinterId ? { documentPrinterId } : {}),
              },
            })
          }
        >
          {t('settings.routing.save')}
        </button>
      </div>
      <ActionFeedback state={state} />
    </section>
  );
}
