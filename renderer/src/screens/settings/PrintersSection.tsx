import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  DiscoveredPrinter,
  DocumentPreview as Preview,
  PrinterKind,
  SettingsView,
  ZplCharset,
} from '../../../../preload/api';
import { useServices } from '../../state/context';
import { useAction } from '../../components/use-action';
import { ActionFeedback } from '../../components/ActionFeedback';
import { Button } from '../../components/Button';
import { ConfirmStep } from '../../components/ConfirmStep';
import { JobOutcome } from '../../components/JobOutcome';
import { SelectField, TextField } from '../../components/Field';
import { Panel } from '../../components/Panel';
import { DocumentPreview } from '../../preview/DocumentPreview';
import { useCharsetChoices } from './print-words';
import { InView } from '../../components/InView';
import { InForceNote } from './InForceNote';
import { printerName } from '../../components/printer-name';
import { configFromDraft, draftFromConfig, emptyDraft, type PrinterDraft } from './printer-draft';

const KINDS: PrinterKind[] = ['zpl-tcp', 'raw-tcp', 'os-queue', 'print-client', 'file'];

export function PrintersSection({ settings }: { settings: SettingsView }) {
  const { t } = useTranslation();
  const { api, store } = useServices();
  // Printers this run uses that a flag or demo mode set: shown and testable, never edited or saved.
  const forced = settings.inForce.printers.filter((p) => p.source !== 'settings');
  const unsaved = forced.filter((p) => !settings.printers.some((saved) => saved.id === p.value.id));
  const replacedBy = (printerId: string) => forced.find((p) => p.value.id === printerId)?.source;
  const [draft, setDraft] = useState<{ values: PrinterDraft; editing: boolean } | undefined>();
  const [found, setFound] = useState<DiscoveredPrinter[] | undefined>();
  const [preview, setPreview] = useState<Preview | undefined>();
  const [charset, setCharset] = useState<ZplCharset>('cp850');
  const [showInvalid, setShowInvalid] = useState(false);
  const [action, run] = useAction();
  /** The printer whose removal waits for the admin's yes. */
  const [removing, setRemoving] = useState<{ id: string; name: string } | undefined>();
  /** The last test label, followed through its job to what became of it (the call only starts it). */
  const [testing, setTesting] = useState<{ jobId: string; printer: string } | undefined>();
  /** The printer the last test label was for: a failed one is printed again from where its outcome shows. */
  const [lastTest, setLastTest] = useState<{ printerId: string; printer: string } | undefined>();
  // Its own state, so a refused test (not a save or removal) is what offers to print the test label again.
  const [testState, runTest] = useAction();
  const testPlace = useRef<HTMLDivElement>(null);
  const charsetChoices = useCharsetChoices();
  const addButton = useRef<HTMLButtonElement>(null);

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
    setRemoving(undefined);
    if (view) store.setSettings(view);
    // The row and its buttons are gone: keep the focus in the section rather than on the page body.
    addButton.current?.focus();
  }

  async function testPrinter(printerId: string, printer: string): Promise<void> {
    setPreview(undefined);
    setTesting(undefined);
    setLastTest({ printerId, printer });
    // The station answers with a job at once; whether the label printed is that job's outcome, not this answer.
    // The charset is the one chosen now: the advice for characters a charset cannot carry is to switch and retry.
    const result = await runTest(() => api.testPrinter({ printerId, charset }));
    if (result) {
      setPreview(result.preview);
      setTesting({ jobId: result.jobId, printer });
    }
  }

  function testAgain(): void {
    if (!lastTest) return;
    // The Print again button goes with the failure it stood beside: the focus stays where the new outcome shows.
    testPlace.current?.focus();
    void testPrinter(lastTest.printerId, lastTest.printer);
  }

  function field(
    key: keyof PrinterDraft,
    label: string,
    options: { type?: string; required?: boolean } = {},
  ) {
    if (!draft) return null;
    return (
      <TextField
        id={`printer-${key}`}
        label={options.required ? `${label} (${t('settings.printers.required')})` : label}
        type={options.type ?? 'text'}
        required={options.required}
        readOnly={key === 'id' && draft.editing}
        value={draft.values[key]}
        onValue={(value) => setDraft({ ...draft, values: { ...draft.values, [key]: value } })}
      />
    );
  }

  return (
    <Panel id="printers" title={t('settings.printers.title')}>
      {settings.printers.length === 0 && unsaved.length === 0 ? <p>{t('settings.printers.empty')}</p> : null}
      {/* One grid for every row (subgrid): the buttons line up in columns whatever the names' lengths. */}
      <ul className="printer-list">
        {settings.printers.map((printer) => (
          <li key={printer.id} className="printer-row" data-printer-id={printer.id}>
            <span className="printer-row-name">
              <strong>{printerName(t, printer.name)}</strong> · {t(`settings.printers.kinds.${printer.kind}`)}
              <InForceNote source={replacedBy(printer.id) ?? 'settings'} testId="printer-source">
                {t('admin.inForce.replaced')}
              </InForceNote>
            </span>
            <Button onClick={() => setDraft({ values: draftFromConfig(printer), editing: true })}>
              {t('common.edit')}
            </Button>
            <Button onClick={() => void testPrinter(printer.id, printerName(t, printer.name))}>
              {t('settings.printers.test')}
            </Button>
            <Button
              tone="quiet"
              onClick={() => setRemoving({ id: printer.id, name: printerName(t, printer.name) })}
            >
              {t('common.remove')}
            </Button>
          </li>
        ))}
        {unsaved.map(({ value: printer, source }) => (
          <li key={printer.id} className="printer-row" data-printer-id={printer.id}>
            <span className="printer-row-name">
              <strong>{printerName(t, printer.name)}</strong> · {t(`settings.printers.kinds.${printer.kind}`)}
              <InForceNote source={source} testId="printer-source">
                {t('admin.inForce.printer', { printer: printerName(t, printer.name) })}
              </InForceNote>
            </span>
            {/* Not saved here (the station runs it), so it can be tested but not edited or removed. */}
            <Button
              className="printer-row-test"
              onClick={() => void testPrinter(printer.id, printerName(t, printer.name))}
            >
              {t('settings.printers.test')}
            </Button>
          </li>
        ))}
      </ul>
      {removing ? (
        <ConfirmStep
          title={t('settings.printers.removeTitle', { name: removing.name })}
          question={t('settings.printers.removeText', { name: removing.name })}
          confirmLabel={t('settings.printers.removeYes')}
          busy={action.busy}
          onConfirm={() => void remove(removing.id)}
          onCancel={() => setRemoving(undefined)}
        />
      ) : null}
      <div className="row">
        <Button ref={addButton} onClick={() => setDraft({ values: emptyDraft(), editing: false })}>
          {t('settings.printers.add')}
        </Button>
        <Button onClick={() => void discover()}>{t('settings.printers.discover')}</Button>
        <SelectField
          id="printer-test-charset"
          label={t('settings.printers.testCharset')}
          value={charset}
          choices={charsetChoices}
          onValue={setCharset}
        />
      </div>
      {/* Every button's answer is brought into view where the admin looks: the list below can be long. */}
      <InView showing={action.done ?? action.failure ?? action.invalid}>
        <ActionFeedback state={action} />
      </InView>
      <InView showing={testing?.jobId ?? testState.failure}>
        <div ref={testPlace} tabIndex={-1} data-testid="printer-test">
          <ActionFeedback state={testState} />
          {testState.failure && lastTest ? (
            <div className="row">
              <Button onClick={testAgain}>{t('settings.printers.testAgain')}</Button>
            </div>
          ) : null}
          {testing ? (
            <JobOutcome
              key={testing.jobId}
              jobId={testing.jobId}
              what={t('settings.printers.test')}
              pending={t('settings.printers.testSending', { printer: testing.printer })}
              retry={{ label: t('settings.printers.testAgain'), onRetry: testAgain }}
            />
          ) : null}
          {/* The test label as the printer gets it, under its outcome. */}
          {preview ? (
            <DocumentPreview
              key={preview.documentId}
              preview={preview}
              onClose={() => setPreview(undefined)}
            />
          ) : null}
        </div>
      </InView>

      {found ? (
        <InView showing={found}>
          <section aria-labelledby="found-title">
            <h3 id="found-title">{t('settings.printers.discovered')}</h3>
            {found.length === 0 ? <p>{t('settings.printers.noneFound')}</p> : null}
            <ul className="plain-list">
              {found.map((printer) => (
                <li key={`${printer.kind}-${printer.name}`} className="row">
                  <span>
                    <strong>{printerName(t, printer.name)}</strong> ·{' '}
                    {t(`settings.printers.kinds.${printer.kind}`)}
                    {printer.paperSizes?.length
                      ? ` · ${t('settings.printers.paperSizes', { list: printer.paperSizes.join(', ') })}`
                      : null}
                    {printer.printClientState
                      ? ` · ${t('settings.printers.printClientState', { state: printer.printClientState })}`
                      : null}
                  </span>
                  <Button
                    onClick={() => setDraft({ values: draftFromConfig(printer.suggested), editing: false })}
                  >
                    {t('settings.printers.use')}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        </InView>
      ) : null}

      {draft ? (
        <InView showing={draft.editing ? draft.values.id : 'new'}>
          <form onSubmit={(event) => void save(event)} aria-labelledby="printer-form-title" noValidate>
            <fieldset>
              <legend id="printer-form-title">
                {draft.editing
                  ? t('settings.printers.formTitleEdit', { name: draft.values.name })
                  : t('settings.printers.formTitleAdd')}
              </legend>
              <SelectField
                id="printer-kind"
                label={t('settings.printers.kind')}
                value={draft.values.kind}
                choices={KINDS.map((kind) => ({ value: kind, label: t(`settings.printers.kinds.${kind}`) }))}
                onValue={(kind) => setDraft({ ...draft, values: { ...draft.values, kind } })}
              />
              {field('id', t('settings.printers.id'), { required: true })}
              {field('name', t('settings.printers.name'), { required: true })}
              {draft.values.kind === 'zpl-tcp' || draft.values.kind === 'raw-tcp' ? (
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
                <Button tone="primary" type="submit">
                  {t('settings.printers.save')}
                </Button>
                <Button tone="quiet" onClick={() => setDraft(undefined)}>
                  {t('common.cancel')}
                </Button>
              </div>
            </fieldset>
          </form>
        </InView>
      ) : null}
    </Panel>
  );
}
