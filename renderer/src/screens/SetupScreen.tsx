import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsView, StationStatus } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { useAction } from '../components/use-action';
import { ActionFeedback } from '../components/ActionFeedback';
import { Button } from '../components/Button';
import { JobOutcome } from '../components/JobOutcome';
import { SelectField } from '../components/Field';
import { printerName } from '../components/printer-name';
import { AccountSection } from './settings/AccountSection';
import { PrintersSection } from './settings/PrintersSection';
import { SaveBar } from './settings/SaveBar';
import { useSettingsSave } from './settings/use-settings-save';
import type { SettingsGroup } from './SettingsScreen';
import { SETUP_STEPS, type SetupStep } from '../state/setup-context';

export { SETUP_STEPS, type SetupStep };

/** Where an admin who left the setup is remembered, so it does not open again at every start. */
export const SETUP_LEFT_STORAGE_KEY = 'packbench.setupLeft';

/** A station as it is first started: no API key and no label printer. The setup opens by itself for it. */
export function isFirstStart(status: StationStatus | undefined): boolean {
  return status?.account.state === 'not_configured' && status.labelPrinterId === undefined;
}

/** The key is set and nShift accepted it (some licences may be missing: the rest of the station works). */
function keyDone(status: StationStatus | undefined): boolean {
  return (
    status?.account.state === 'connected' ||
    (status?.account.state === 'forbidden' && (status.account.missingLicenses?.length ?? 0) > 0)
  );
}

/** The first step not done yet: where the setup opens. */
export function firstOpenStep(status: StationStatus | undefined): SetupStep {
  if (!keyDone(status)) return status?.demo ? 'key' : 'start';
  return status?.labelPrinterId === undefined ? 'printer' : 'test';
}

/**
 * The first start's short setup (issue 29, point 2): try the demo, or enter the API key, find or add the label
 * printer, print a test label. Each step is Settings' own section (the key form, printer discovery and the test
 * label are not written twice), saved the way Settings saves it: the key step's account section under a Save
 * bar of its own. What is done is read from the station's status. The admin can leave at any step: the Scan
 * screen says what is still missing and its button brings them back here.
 */
export function SetupScreen({
  initialStep,
  onLeave,
  onFinish,
  onOpenSettings,
}: {
  initialStep: SetupStep;
  onLeave(): void;
  onFinish(): void;
  /** Settings, on the group that holds the rest of a step's settings (Checkout's credentials, routing, media). */
  onOpenSettings(group: SettingsGroup): void;
}) {
  const { t } = useTranslation();
  const { settings, status } = useStationState();
  const [step, setStep] = useState<SetupStep>(initialStep);
  const [tested, setTested] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each step starts at its heading, so a screen reader and the eye both begin there.
  useEffect(() => heading.current?.focus(), [step]);
  const index = SETUP_STEPS.indexOf(step);
  const done: Record<SetupStep, boolean> = {
    start: index > 0 || keyDone(status),
    key: keyDone(status),
    printer: status?.labelPrinterId !== undefined,
    test: tested,
  };
  const next = SETUP_STEPS[index + 1];
  const back = SETUP_STEPS[index - 1];

  return (
    <section className="screen setup-screen" aria-labelledby="setup-title" data-testid="setup">
      <div className="setup-head">
        <h1 id="setup-title">{t('setup.title')}</h1>
        <Button data-testid="setup-leave" onClick={onLeave}>
          {t('setup.leave')}
        </Button>
      </div>
      <p>{t('setup.intro')}</p>
      <ol className="setup-steps" aria-label={t('setup.stepsLabel')}>
        {SETUP_STEPS.map((name, position) => (
          <li key={name}>
            <button
              type="button"
              className="setup-step"
              aria-current={name === step ? 'step' : undefined}
              data-step={name}
              data-done={done[name]}
              onClick={() => setStep(name)}
            >
              <span className="setup-step-number">{position + 1}</span>
              <span>{t(`setup.step.${name}`)}</span>
              <span className="setup-step-state">{done[name] ? t('setup.done') : t('setup.todo')}</span>
            </button>
          </li>
        ))}
      </ol>

      <h2 ref={heading} tabIndex={-1} className="setup-step-title" data-testid="setup-step">
        {t(`setup.step.${step}`)}
      </h2>
      {step === 'start' ? <StartStep demo={status?.demo ?? false} onStart={() => setStep('key')} /> : null}
      {step === 'key' && settings ? (
        <>
          <p className={done.key ? 'alert alert-good' : ''} role="status" data-testid="setup-key-state">
            {done.key ? t('setup.keyDone') : t('setup.keyTodo')}
          </p>
          <SaveBar>{(version) => <AccountSection key={version} settings={settings} />}</SaveBar>
          <MoreSettings group="nshift" onOpen={onOpenSettings} />
        </>
      ) : null}
      {step === 'printer' && settings && status ? (
        <>
          <p>{t('setup.printerIntro')}</p>
          <LabelPrinterChoice settings={settings} status={status} />
          <PrintersSection settings={settings} />
          <MoreSettings group="printers" onOpen={onOpenSettings} />
        </>
      ) : null}
      {step === 'test' && status ? <TestStep status={status} onPrinted={() => setTested(true)} /> : null}

      <div className="row setup-nav">
        {back ? <Button onClick={() => setStep(back)}>{t('setup.back')}</Button> : null}
        {next ? (
          <Button tone="primary" data-testid="setup-next" onClick={() => setStep(next)}>
            {t('setup.next')}
          </Button>
        ) : (
          <Button tone="primary" data-testid="setup-finish" onClick={onFinish}>
            {t('setup.finish')}
          </Button>
        )}
      </div>
    </section>
  );
}

/** The way from a step to the rest of its settings: Settings opened on their group, not on its first. */
function MoreSettings({ group, onOpen }: { group: SettingsGroup; onOpen(group: SettingsGroup): void }) {
  const { t } = useTranslation();
  return (
    <p>
      <Button data-testid="setup-more-settings" data-group={group} onClick={() => onOpen(group)}>
        {t('setup.moreSettings', { group: t(`settings.groups.${group}`) })}
      </Button>
    </p>
  );
}

function StartStep({ demo, onStart }: { demo: boolean; onStart(): void }) {
  const { t } = useTranslation();
  if (demo) return <p className="alert alert-good">{t('setup.demoHere')}</p>;
  return (
    <div className="setup-choices">
      <section className="panel" aria-labelledby="setup-demo-title">
        <h3 id="setup-demo-title">{t('setup.demoTitle')}</h3>
        <p>{t('setup.demoText')}</p>
        <p>
          <code>{t('setup.demoCommand')}</code>
        </p>
      </section>
      <section className="panel" aria-labelledby="setup-real-title">
        <h3 id="setup-real-title">{t('setup.realTitle')}</h3>
        <p>{t('setup.realText')}</p>
        <Button tone="primary" onClick={onStart}>
          {t('setup.realStart')}
        </Button>
      </section>
    </div>
  );
}

/** Which printer labels go to: the station's label printer (Settings → Routing), chosen among those set up. */
function LabelPrinterChoice({ settings, status }: { settings: SettingsView; status: StationStatus }) {
  const { t } = useTranslation();
  const [state, save] = useSettingsSave();
  const printers = settings.inForce.printers.map(({ value }) => value);
  const inUse = printers.find((printer) => printer.id === status.labelPrinterId);
  const [chosen, setChosen] = useState(settings.routing.labelPrinterId ?? '');
  // A label printer a flag or demo mode set is in use for this run and not the setup's to change.
  if (settings.inForce.labelPrinterId && settings.inForce.labelPrinterId.source !== 'settings')
    return inUse ? (
      <p className="alert alert-good" data-testid="setup-label-printer">
        {t('setup.printerDone', { printer: printerName(t, inUse.name) })}
      </p>
    ) : null;
  return (
    <div className="panel" data-testid="setup-label-printer">
      {inUse ? (
        <p className="alert alert-good">{t('setup.printerDone', { printer: printerName(t, inUse.name) })}</p>
      ) : null}
      <div className="row">
        <SelectField
          id="setup-label-printer-choice"
          label={t('setup.labelPrinter')}
          value={chosen}
          choices={[
            { value: '', label: t('setup.labelPrinterNone') },
            ...printers.map((printer) => ({ value: printer.id, label: printerName(t, printer.name) })),
          ]}
          onValue={setChosen}
        />
        <Button
          tone="primary"
          disabled={!chosen}
          busy={state.busy}
          onClick={() =>
            // The whole routing section: a patch without the rules would save the rules as none.
            void save({ routing: { ...settings.routing, labelPrinterId: chosen } })
          }
        >
          {t('setup.saveLabelPrinter')}
        </Button>
      </div>
      <ActionFeedback state={state} />
    </div>
  );
}

/** A test label on the label printer, followed to what became of it (the same job a Settings test print is). */
function TestStep({ status, onPrinted }: { status: StationStatus; onPrinted(): void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { jobs } = useStationState();
  const [state, run] = useAction();
  const [jobId, setJobId] = useState<string | undefined>();
  const printer = status.printers.find((candidate) => candidate.printerId === status.labelPrinterId);
  const name = printer ? printerName(t, printer.name) : '';
  const printed = jobs.some((job) => job.id === jobId && job.state === 'printed');
  useEffect(() => {
    if (printed) onPrinted();
  }, [printed, onPrinted]);
  if (!printer) return <p className="alert alert-warn">{t('setup.testNoPrinter')}</p>;
  async function print(): Promise<void> {
    if (!printer) return;
    setJobId(undefined);
    const started = await run(() => api.testPrinter({ printerId: printer.printerId }));
    if (started) setJobId(started.jobId);
  }
  return (
    <>
      <p>{t('setup.testIntro', { printer: name })}</p>
      <Button tone="primary" data-testid="setup-test-print" busy={state.busy} onClick={() => void print()}>
        {t('setup.testPrint')}
      </Button>
      <ActionFeedback state={state} />
      {jobId ? (
        <JobOutcome
          key={jobId}
          jobId={jobId}
          what={t('setup.testPrint')}
          pending={t('settings.printers.testSending', { printer: name })}
          retry={{ label: t('settings.printers.testAgain'), onRetry: () => void print() }}
        />
      ) : null}
      {printed ? <p className="alert alert-good">{t('setup.testDone')}</p> : null}
    </>
  );
}
