import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentKind, InForce, RoutingRule, SettingsView } from '../../../../preload/api';
import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { FORMAT_CHOICES } from './PrintConfigSection';
import { SettingsSection } from './SettingsSection';
import { useDraft } from '../../components/use-draft';
import { InForceNote } from './InForceNote';
import { printerName } from '../../components/printer-name';

const DOCUMENT_KINDS: DocumentKind[] = ['label', 'return_label', 'waybill', 'customs', 'manifest', 'other'];

/** Which printer gets which document: station defaults, then rules tried in order. */
export function RoutingSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const defaults = useDraft('routing', {
    labelPrinterId: settings.routing.labelPrinterId ?? '',
    documentPrinterId: settings.routing.documentPrinterId ?? '',
  });
  const { labelPrinterId, documentPrinterId } = defaults.values;
  const [rules, setRules] = useState<RoutingRule[]>(settings.routing.rules);
  // Every printer this run uses: the saved ones and those a flag or demo mode adds.
  const printers = settings.inForce.printers.map(({ value }) => ({
    id: value.id,
    name: printerName(t, value.name),
  }));
  const nameOf = (id: string) => printers.find((printer) => printer.id === id)?.name ?? id;
  const { labelPrinterId: labelInForce, documentPrinterId: documentInForce } = settings.inForce;
  /** The printer in use for this run, when a flag or demo mode chose it. */
  const inUse = (inForce: InForce<string> | undefined, testId: string) =>
    inForce ? (
      <InForceNote source={inForce.source} testId={testId}>
        {t('admin.inForce.printer', { printer: nameOf(inForce.value) })}
      </InForceNote>
    ) : undefined;

  function update(index: number, patch: Partial<RoutingRule>): void {
    setRules(rules.map((rule, i) => (i === index ? clean({ ...rule, ...patch }) : rule)));
  }

  /** A rule's field: its value's path, the value as text ('' for "any"), and the setter. */
  function bindRule(index: number, key: keyof RoutingRule) {
    return {
      name: `routing.rules.${index}.${key}`,
      value: rules[index]?.[key] ?? '',
      onValue: (value: string) => update(index, { [key]: value }),
    };
  }

  function clean(rule: RoutingRule): RoutingRule {
    const result: RoutingRule = { printerId: rule.printerId };
    if (rule.kind) result.kind = rule.kind;
    if (rule.format) result.format = rule.format;
    if (rule.carrierId?.trim()) result.carrierId = rule.carrierId.trim();
    if (rule.serviceId?.trim()) result.serviceId = rule.serviceId.trim();
    return result;
  }

  const toPrinter = printers.map((printer) => ({ value: printer.id, label: printer.name }));
  const withNone = [{ value: '', label: t('common.none') }, ...toPrinter];
  const any = { value: '', label: t('settings.routing.any') };
  const kindChoices = [
    any,
    ...DOCUMENT_KINDS.map((kind) => ({ value: kind, label: t(`documentKind.${kind}`) })),
  ];
  const formatChoices = [any, ...FORMAT_CHOICES];

  return (
    <SettingsSection
      id="routing"
      title={t('settings.routing.title')}
      patch={() => ({
        routing: {
          rules: rules.map(clean),
          ...(labelPrinterId ? { labelPrinterId } : {}),
          ...(documentPrinterId ? { documentPrinterId } : {}),
        },
      })}
      actions={
        <Button
          disabled={printers.length === 0}
          onClick={() => setRules([...rules, { printerId: printers[0]?.id ?? '' }])}
        >
          {t('settings.routing.addRule')}
        </Button>
      }
    >
      <div className="row">
        <SelectField
          {...defaults.bind('labelPrinterId')}
          label={t('settings.routing.labelPrinter')}
          choices={withNone}
          hint={inUse(labelInForce, 'label-printer-source')}
        />
        <SelectField
          {...defaults.bind('documentPrinterId')}
          label={t('settings.routing.documentPrinter')}
          choices={withNone}
          hint={inUse(documentInForce, 'document-printer-source')}
        />
      </div>
      <h3>{t('settings.routing.rules')}</h3>
      {rules.length === 0 ? <p>{t('settings.routing.noRules')}</p> : null}
      {rules.map((_rule, index) => {
        const bind = (key: keyof RoutingRule) => bindRule(index, key);
        return (
          <fieldset key={index} className="row">
            <legend>{t('settings.routing.rule', { number: index + 1 })}</legend>
            <SelectField {...bind('kind')} label={t('settings.routing.kind')} choices={kindChoices} />
            <SelectField {...bind('format')} label={t('settings.routing.format')} choices={formatChoices} />
            <TextField {...bind('carrierId')} label={t('settings.routing.carrierId')} size={10} />
            <TextField {...bind('serviceId')} label={t('settings.routing.serviceId')} size={10} />
            <SelectField {...bind('printerId')} label={t('settings.routing.printer')} choices={toPrinter} />
            <Button tone="quiet" onClick={() => setRules(rules.filter((_, i) => i !== index))}>
              {t('common.remove')}
            </Button>
          </fieldset>
        );
      })}
    </SettingsSection>
  );
}
