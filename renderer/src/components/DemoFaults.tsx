import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemoPrinterFault } from '../../../preload/api';
import { useServices } from '../state/context';
import { useAction } from './use-action';
import { ActionFeedback } from './ActionFeedback';
import { Button } from './Button';

const FAULTS: DemoPrinterFault[] = ['none', 'offline', 'paper_out', 'head_open'];

/**
 * Demo mode's chip in the status bar, and the switch behind it: the virtual label printer working, offline, out of
 * paper or with its head open (setDemoPrinterFault, which only a demo station answers). The chip says which.
 */
export function DemoFaults({ fault }: { fault: DemoPrinterFault }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [open, setOpen] = useState(false);
  const [state, run] = useAction();
  const chip = useRef<HTMLButtonElement>(null);
  const current = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) current.current?.focus();
  }, [open]);
  function close(): void {
    setOpen(false);
    chip.current?.focus();
  }
  const faultName = t(`demoFaults.fault.${fault}`);
  return (
    <span className="demo-faults">
      <button
        ref={chip}
        type="button"
        className="chip chip-warn chip-button"
        data-testid="demo-chip"
        data-fault={fault}
        aria-expanded={open}
        aria-controls="demo-faults-panel"
        aria-label={t('demoFaults.now', { fault: faultName })}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {t('status.demo')}
        {fault !== 'none' ? <span className="chip-detail">{faultName}</span> : null}
      </button>
      {open ? (
        <div
          id="demo-faults-panel"
          role="dialog"
          aria-labelledby="demo-faults-title"
          className="demo-faults-panel"
          data-testid="demo-faults"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
        >
          <h2 id="demo-faults-title">{t('demoFaults.title')}</h2>
          <p>{t('demoFaults.intro')}</p>
          <div className="row">
            {FAULTS.map((option) => (
              <Button
                key={option}
                ref={option === fault ? current : undefined}
                tone={option === fault ? 'primary' : 'plain'}
                aria-pressed={option === fault}
                busy={state.busy}
                data-fault={option}
                onClick={() => void run(() => api.setDemoPrinterFault({ fault: option }))}
              >
                {t(`demoFaults.fault.${option}`)}
              </Button>
            ))}
          </div>
          <ActionFeedback state={state} />
          <Button aria-keyshortcuts="Escape" onClick={close}>
            {t('common.close')}
          </Button>
        </div>
      ) : null}
    </span>
  );
}
