import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  DiscoveredPrinter,
  DocumentPreview as Preview,
  PrinterKind,
  SettingsView,
  ZplCharset,
} from '../../../../preload/api';
import { useServices, useStationState } from '../../state/context';
import { useAction } from '../../components/use-action';
import { ActionFeedback } from '../../components/ActionFeedback';
import { DocumentPreview } from '../../preview/DocumentPreview';
import { CHARSETS } from './PrintConfigSection';
import { configFromDraft, draftFromConfig, emptyDraft, type PrinterDraft } from './printer-draft';

const KINDS: PrinterKind[] = ['zpl-tcp', 'os-queue', 'print-client', 'file'];

export function PrintersSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { api, store } = useServices();
  // Printers the station runs without a saved config (demo mode's virtual printers): testable, not editable.
  const { status } = useStationState();
  const unsaved = (status?.printers ?? []).filter(
    (p) => !settings.printers.some((saved) => saved.id === p.printerId),
  );
  const [draft, setDraft] = useState<{ values: PrinterDraft; editing: boolean } | undefined>();
  const [found, setFound] = useState<DiscoveredPrinter[] | undefined>();
  const [preview, setPreview] = useState<Preview | undefined>();
  const [charset, setCharset] = useState<ZplCharset>('cp850');
  const [showInvalid, setShowInvalid] = useState(false);
  const [action, run] = useAction();

  async function discover(): Promise<void> {
    const list = await run(() => api.discoverPrinters());
    if (list) setFound(list);
  }

  async function save(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!draft) return;
    const config = configFromDraft(draft.values);
    if (!config) {
      setShowInvalid(true);
      return;
    }
    const view = await run(() => api.savePrinter(config), t('settings.saved'));
    if (view) {
      store.setSettings(view);
      setDraft(undefined);
      setShowInvalid(false);
    }
  }

  async function remove(printerId: string): Promise<void> {
    const view = await run(() => api.removePrinter({ printerId }), t('settings.saved'));
    if (view) store.setSettings(view);
  }

  async function testPrinter(printerId: string): Promise<void> {
    setPreview(undefined);
    const result = await run(() => api.testPrinter({ printerId, charset }), t('settings.printers.testSent'));
    if (result) setPreview(result.preview);
  }

  function field(
    key: keyof PrinterDraft,
    label: string,
    options: { type?: string; required?: boolean } = {},
  ) {
    if (!draft) return null;
    const id = `printer-${key}`;
    return (
      <div className="field">
        <label htmlFor={id}>
          {label}
          {options.required ? ` (${t('settings.printers.required')})` : null}
        </label>
        <input
          id={id}
          type={options.type ?? 'text'}
          required={options.required}
          readOnly={key === 'id' && draft.editing}
          value={draft.values[key]}
          onChange={(event) => setDraft({ ...draft, values: { ...draft.values, [key]: event.target.value } })}
        />
      </div>
    );
  }

  return (
    <section className="panel" aria-labelledby="printers-title">
      <h2 id="printers-title">{t('settings.printers.title')}</h2>
      {settings.printers.length === 0 && unsaved.length === 0 ? <p>{t('settings.printers.empty')}</p> : null}
      {/* One grid for every row (subgrid): the buttons line up in columns whatever the names' lengths. */}
      <ul className="printer-list">
        {settings.printers.map((printer) => (
          <li key={printer.id} className="printer-row" data-printer-id={printer.id}>
            <span className="printer-row-name">
              <strong>{printer.name}</strong> · {t(`settings.printers.kinds.${printer.kind}`)}
            </span>
            <button
              type="button"
              className="button"
              onClick={() => setDraft({ values: draftFromConfig(printer), editing: true })}
            >
              {t('common.edit')}
            </button>
            <button type="button" className="button" onClick={() => void testPrinter(printer.id)}>
              {t('settings.printers.test')}
            </button>
            <button type="button" className="button button-quiet" onClick={() => void remove(printer.id)}>
              {t('common.remove')}
            </button>
          </li>
        ))}
        {unsaved.map((printer) => (
          <li key={printer.printerId} className="printer-row" data-printer-id={printer.printerId}>
            <span className="printer-row-name">
              <strong>{printer.name}</strong> · {t(`settings.printers.kinds.${printer.kind}`)}
            </span>
            {/* Not saved here (the station runs it), so it can be tested but not edited or removed. */}
            <button
              type="button"
              className="button printer-row-test"
              onClick={() => void testPrinter(printer.printerId)}
            >
              {t('settings.printers.test')}
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <button
          type="button"
          className="button"
          onClick={() => setDraft({ values: emptyDraft(), editing: false })}
        >
          {t('settings.printers.add')}
        </button>
        <button type="button" className="button" onClick={() => void discover()}>
          {t('settings.printers.discover')}
        </button>
        <div className="field">
          <label htmlFor="printer-test-charset">{t('settings.printers.testCharset')}</label>
          <select
            id="printer-test-charset"
            value={charset}
            onChange={(event) => setCharset(event.target.value as ZplCharset)}
          >
            {CHARSETS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ActionFeedback state={action} />

      {found ? (
        <section aria-labelledby="found-title">
          <h3 id="found-title">{t('settings.printers.discovered')}</h3>
          {found.length === 0 ? <p>{t('settings.printers.noneFound')}</p> : null}
          <ul className="plain-list">
            {found.map((printer) => (
              <li key={`${printer.kind}-${printer.name}`} className="row">
                <span>
                  <strong>{printer.name}</strong> · {t(`settings.printers.kinds.${printer.kind}`)}
                  {printer.paperSizes?.length
                    ? ` · ${t('settings.printers.paperSizes', { list: printer.paperSizes.join(', ') })}`
                    : null}
                  {printer.printClientState
                    ? ` · ${t('settings.printers.printClientState', { state: printer.printClientState })}`
                    : null}
                </span>
                <button
                  type="button"
                  className="button"
                  onClick={() => setDraft({ values: draftFromConfig(printer.suggested), editing: false })}
                >
                  {t('settings.printers.use')}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {draft ? (
        <form onSubmit={(event) => void save(event)} aria-labelledby="printer-form-title" noValidate>
          <fieldset>
            <legend id="printer-form-title">
              {draft.editing
                ? t('settings.printers.formTitleEdit', { name: draft.values.name })
                : t('settings.printers.formTitleAdd')}
            </legend>
            <div className="field">
              <label htmlFor="printer-kind">{t('settings.printers.kind')}</label>
              <select
                id="printer-kind"
                value={draft.values.kind}
                onChange={(event) =>
                  setDraft({ ...draft, values: { ...draft.values, kind: event.target.value as PrinterKind } })
                }
              >
                {KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`settings.printers.kinds.${kind}`)}
                  </option>
                ))}
              </select>
            </div>
            {field('id', t('settings.printers.id'), { required: true })}
            {field('name', t('settings.printers.name'), { required: true })}
            {draft.values.kind === 'zpl-tcp' ? (
              <>
                {field('host', t('settings.printers.host'), { required: true })}
                {field('port', t('settings.printers.port'), { type: 'number', required: true })}
              </>
            ) : null}
            {draft.values.kind === 'os-queue' ? (
              <>
                {field('queue', t('settings.printers.queue'), { required: true })}
                {field('media', t('settings.printers.media'))}
              </>
            ) : null}
            {draft.values.kind === 'print-client'
              ? field('printClientId', t('settings.printers.printClientId'), {
                  type: 'number',
                  required: true,
                })
              : null}
            {draft.values.kind === 'file'
              ? field('directory', t('settings.printers.directory'), { required: true })
              : null}
            {showInvalid ? (
              <p className="alert alert-error" role="alert">
                {t('settings.printers.invalid')}
              </p>
            ) : null}
            <div className="row">
              <button type="submit" className="button button-primary">
                {t('settings.printers.save')}
              </button>
              <button type="button" className="button button-quiet" onClick={() => setDraft(undefined)}>
                {t('common.cancel')}
              </button>
            </div>
          </fieldset>
        </form>
      ) : null}

      {preview ? (
        <DocumentPreview key={preview.documentId} preview={preview} onClose={() => setPreview(undefined)} />
      ) : null}
    </section>
  );
}
