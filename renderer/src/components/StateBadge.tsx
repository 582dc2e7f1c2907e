import { useTranslation } from 'react-i18next';
import { StateIcon } from './Icon';
import type { ResultState } from './result-state';

export function StateBadge({ state }: { state: ResultState }) {
  const { t } = useTranslation();
  return (
    <span className={`badge badge-${state}`} data-state={state}>
      <StateIcon state={state} size={18} />
      <span>{t(`jobState.${state}`)}</span>
    </span>
  );
}
