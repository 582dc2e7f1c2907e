import type { ReactNode } from 'react';
import type { SettingsPatch } from '../../../../preload/api';
import { Panel } from '../../components/Panel';
import { Button } from '../../components/Button';
import { ActionFeedback } from '../../components/ActionFeedback';
import type { ActionState } from '../../components/use-action';
import { useSettingsSave } from './use-settings-save';

/**
 * A Settings panel that saves one patch: its fields, a row with the save button (after any `actions`), and the
 * station's answer, with each field's verdict shown under that field.
 */
export function SettingsSection({
  id,
  title,
  saveLabel,
  patch,
  actions,
  children,
}: {
  id: string;
  title: ReactNode;
  saveLabel: string;
  /** The patch to save, read when the button is pressed. */
  patch(): SettingsPatch;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const [state, save] = useSettingsSave();
  return (
    <Panel id={id} title={title}>
      <SettingsFeedback state={state}>
        {children}
        <div className="row form-actions">
          {actions}
          <Button tone="primary" busy={state.busy} onClick={() => void save(patch())}>
            {saveLabel}
          </Button>
        </div>
      </SettingsFeedback>
    </Panel>
  );
}

/** The save pattern of every Settings form: the fields, then the station's answer to the last save. */
export function SettingsFeedback({ state, children }: { state: ActionState; children?: ReactNode }) {
  return (
    <>
      {children}
      <ActionFeedback state={state} />
    </>
  );
}
