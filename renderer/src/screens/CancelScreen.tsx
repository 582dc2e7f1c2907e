import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShipmentSummary } from '../../../preload/api';
import { useServices, useStationState } from '../state/context';
import { useScanHandler } from '../scan/scan-routing';
import { stripAffixes } from '../scan/normalize';
import { useAction, useLatestAction } from '../components/use-action';
import { ActionFeedback } from '../components/ActionFeedback';
import { FailureDetails } from '../components/FailureDetails';
import { StateBadge } from '../components/StateBadge';
import { CancelConfirm } from '../components/CancelConfirm';
import { ShipmentFacts } from '../components/ShipmentFacts';
import { NshiftStatus } from '../components/NshiftStatus';
import { resultState, jobFailure } from '../components/result-state';
import { shipmentNumber } from '../components/shipment-number';
import { useScanField } from '../components/use-screen-focus';
import { TextField } from '../components/Field';

/** Look up → see its state → confirm (with the penalty warning when the carrier has it) → cancel. */
export function CancelScreen() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { jobs, settings } = useStationState();
  const [code, setCode] = useState('');
  const [emptyAsked, setEmptyAsked] = useState(false);
  const [lookedUp, setLookedUp] = useState<{ code: string; shipment: ShipmentSummary } | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [cancelJobId, setCancelJobId] = useState<string | undefined>();
  // A scan while a look-up is on its way looks the new code up; the older answer is dropped, never shown under it.
  const [lookup, runLookup] = useLatestAction();
  /** Counts look-ups: a cancel's answer belongs to the shipment it was asked for, not to one scanned since. */
  const lookups = useRef(0);
  const [cancelAction, runCancel, resetCancel] = useAction();
  const startButton = useRef<HTMLButtonElement>(null);
  const [field, settle] = useScanField();

  async function find(value: string): Promise<void> {
    const wanted = value.trim();
    // Enter or "Look up" with nothing typed: said under the field, never nothing at all.
    setEmptyAsked(!wanted);
    if (!wanted) {
      settle();
      return;
    }
    lookups.current += 1;
    setConfirming(false);
    setCancelJobId(undefined);
    resetCancel();
    setLookedUp(undefined);
    const looked = await runLookup(() => api.lookupShipment({ code: wanted }));
    if (looked.stale) return;
    const shipment = looked.result;
    if (shipment) {
      setLookedUp({ code: wanted, shipment });
      // Focus the next step, so the packer continues from the keyboard.
      setTimeout(() => startButton.current?.focus(), 0);
    } else settle();
  }

  useScanHandler((scanned) => {
    setCode(scanned);
    void find(scanned);
  });

  function onSubmit(event: FormEvent): void {
    event.preventDefault();
    // Typed or scanned into the field: the field is this screen's scan target, so strip the scanner's affixes.
    const scanner = settings?.scanner ?? { prefix: '', suffix: '' };
    const wanted = stripAffixes(code, scanner);
    setCode(wanted);
    void find(wanted);
  }

  async function confirmCancel(): Promise<void> {
    if (!lookedUp) return;
    const asked = lookups.current;
    const result = await runCancel(() =>
      api.cancelShipment({ shipmentId: lookedUp.shipment.shipmentId, confirm: true, code: lookedUp.code }),
    );
    // Another code was scanned meanwhile: this outcome is not about the shipment shown now (Jobs has it).
    if (asked !== lookups.current) return;
    setConfirming(false);
    if (result) setCancelJobId(result.jobId);
    // Cancelled (or refused, with why): the next code is scanned or typed into the field.
    settle();
  }

  const shipment = lookedUp?.shipment;
  // The number on the label, never nShift's internal id.
  const number = shipment ? (shipmentNumber(shipment)?.value ?? '') : '';
  const cancelJob = cancelJobId ? jobs.find((job) => job.id === cancelJobId) : undefined;
  const cancelFailure = cancelJob ? jobFailure(cancelJob) : undefined;
  const alreadyCancelled = shipment?.status.toLowerCase() === 'cancelled';

  // Once the cancel is done, the summary above must not go on saying "PRINTED": read the shipment again.
  const cancelDone = cancelJob?.state === 'done';
  const lookedUpCode = lookedUp?.code;
  useEffect(() => {
    if (!cancelDone || lookedUpCode === undefined) return;
    let live = true;
    api
      .lookupShipment({ code: lookedUpCode })
      .then((fresh) => {
        if (live)
          setLookedUp((current) =>
            current?.code === lookedUpCode ? { code: lookedUpCode, shipment: fresh } : current,
          );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, cancelDone, lookedUpCode]);

  return (
    <section className="screen cancel-screen" aria-labelledby="cancel-title">
      <h1 id="cancel-title">{t('cancel.title')}</h1>
      <form className="row" onSubmit={onSubmit} data-scan-input="">
        <TextField
          id="cancel-code"
          ref={field}
          label={t('cancel.codeLabel')}
          autoComplete="off"
          value={code}
          error={emptyAsked ? t('common.emptyCode') : undefined}
          onValue={(value) => {
            setCode(value);
            setEmptyAsked(false);
          }}
        />
        <button type="submit" className="button button-primary">
          {t('cancel.lookup')}
        </button>
      </form>
      <ActionFeedback state={lookup} />

      {shipment ? (
        <section className="panel" aria-label={t('cancel.shipmentNo')} data-testid="cancel-shipment">
          <dl className="summary">
            <dt>{t('cancel.shipmentNo')}</dt>
            <dd className="mono">{number}</dd>
            <dt>{t('cancel.status')}</dt>
            <dd data-testid="shipment-status">
              <NshiftStatus status={shipment.status} />
            </dd>
            <ShipmentFacts
              shipment={shipment}
              language={i18n.language}
              labels={{
                order: t('cancel.orderNo'),
                receiver: t('cancel.receiver'),
                service: t('cancel.service'),
                parcels: t('cancel.parcels'),
                created: t('cancel.created'),
              }}
            />
          </dl>
          {shipment.handedOver ? (
            <p className="alert alert-warn" role="note">
              {t('cancel.handedOver')}
            </p>
          ) : null}

          {!confirming && !cancelJobId && !alreadyCancelled ? (
            <button
              type="button"
              ref={startButton}
              className="button button-danger"
              onClick={() => setConfirming(true)}
            >
              {t('cancel.start')}
            </button>
          ) : null}

          {confirming ? (
            <CancelConfirm
              number={number}
              handedOver={shipment.handedOver}
              onConfirm={() => void confirmCancel()}
              onBack={() => {
                setConfirming(false);
                setTimeout(() => startButton.current?.focus(), 0);
              }}
            />
          ) : null}

          <ActionFeedback state={cancelAction} />
          {cancelJobId ? (
            <div role="status" data-testid="cancel-result">
              {cancelJob ? <StateBadge state={resultState(cancelJob)} /> : <p>{t('cancel.cancelling')}</p>}
              {cancelJob?.state === 'done' ? (
                <p className="alert alert-good">{t('cancel.cancelled', { number })}</p>
              ) : null}
              {cancelJob?.state === 'failed' && cancelFailure ? (
                <FailureDetails failure={cancelFailure} />
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}
