import {
  createContext,
  useContext,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';

/**
 * Verdicts on a form's fields, by the name of the value they edit (the station's schema path, e.g.
 * `spool.ttlMinutes`), already translated. A form provides them; each field shows its own under it.
 */
export const FieldErrorsContext = createContext<ReadonlyMap<string, string>>(new Map());

/** What every form row has: a label, an optional hint, and the verdict on its value. */
export interface FieldFrame {
  label: ReactNode;
  /** A line under the control (what the value means, a unit, what is stored): the control is described by it. */
  hint?: ReactNode;
  /** A verdict given directly (wins over the context's). */
  error?: string;
  /** The path of the value this field edits: its verdict's key, and its id unless `id` is given. */
  name?: string;
  id?: string;
}

/** `printConfig.targets.0.media` → `printConfig-targets-0-media`. */
function fieldId(frame: { id?: string; name?: string }): string {
  return frame.id ?? (frame.name ?? '').replaceAll('.', '-');
}

/** The attributes that tie a control to its label, hint and verdict. */
export interface ControlLink {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * One form row: label, control, hint and field error, with the ids that let a screen reader read them
 * together. `inline` puts a checkbox before its label.
 */
export function Field({
  label,
  hint,
  error,
  inline = false,
  className,
  children,
  ...named
}: FieldFrame & { inline?: boolean; className?: string; children: (link: ControlLink) => ReactNode }) {
  const id = fieldId(named);
  const { name } = named;
  const verdicts = useContext(FieldErrorsContext);
  const verdict = error ?? (name ? verdicts.get(name) : undefined);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = verdict ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  const control = children({
    id,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(verdict ? { 'aria-invalid': true as const } : {}),
  });
  const classes = ['field', inline ? 'field-inline' : '', verdict ? 'field-invalid' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      {inline ? control : null}
      <label htmlFor={id}>{label}</label>
      {inline ? null : control}
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
      {verdict ? (
        <span id={errorId} className="field-error">
          {verdict}
        </span>
      ) : null}
    </div>
  );
}

type FramedProps = FieldFrame & { className?: string };

/** A field's frame (label, hint, verdict, ids) apart from the attributes meant for its control. */
function splitFrame<P extends FramedProps>(props: P): [FramedProps, Omit<P, keyof FramedProps>] {
  const { id, name, label, hint, error, className, ...control } = props;
  return [{ id, name, label, hint, error, className }, control];
}

type InputRest = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'name'> & {
  /** The input itself: a screen's scan field is focused by its screen (useScreenFocus). */
  ref?: Ref<HTMLInputElement>;
};

/** A text (or number, url, password, range) input in a form row; `onValue` gets the typed text. */
export function TextField({
  value,
  onValue,
  ...props
}: FramedProps & InputRest & { value: string | number; onValue(value: string): void }) {
  const [frame, input] = splitFrame(props);
  return (
    <Field {...frame}>
      {(link) => (
        <input
          type="text"
          {...input}
          {...link}
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </Field>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: string;
  lang?: string;
}

type SelectRest = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange' | 'name'>;

/** A select in a form row, over a list of choices. */
export function SelectField<T extends string>({
  value,
  choices,
  onValue,
  ...props
}: FramedProps & SelectRest & { value: T; choices: readonly Choice<T>[]; onValue(value: NoInfer<T>): void }) {
  const [frame, select] = splitFrame(props);
  return (
    <Field {...frame}>
      {(link) => (
        <select {...select} {...link} value={value} onChange={(event) => onValue(event.target.value as T)}>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value} lang={choice.lang}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox before its label. */
export function CheckboxField({
  checked,
  onChecked,
  ...frame
}: FieldFrame & { checked: boolean; onChecked(checked: boolean): void }) {
  return (
    <Field {...frame} inline>
      {(link) => (
        <input
          type="checkbox"
          {...link}
          checked={checked}
          onChange={(event) => onChecked(event.target.checked)}
        />
      )}
    </Field>
  );
}
