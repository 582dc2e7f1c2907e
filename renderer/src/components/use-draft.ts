import { useCallback, useState } from 'react';

/**
 * A form's values as typed (text), each bound to its field by the path of the value it edits:
 * `bind('prefix')` gives a TextField or SelectField its `name` (`scanner.prefix`, the key of its verdict and
 * its id), its value and its setter.
 */
export function useDraft<V extends Record<string, string>>(section: string, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const bind = useCallback(
    <K extends keyof V & string>(key: K) => ({
      name: `${section}.${key}`,
      value: values[key],
      onValue: (value: V[K]) => setValues((current) => ({ ...current, [key]: value })),
    }),
    [section, values],
  );
  return { values, bind, setValues };
}
