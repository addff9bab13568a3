import { toggled } from './form-values';

interface CheckboxGroupProps<T extends string> {
  legend: string;
  name: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string | undefined;
}

/** Several choices under one legend (stages, industries). */
export function CheckboxGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
}: CheckboxGroupProps<T>) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option} className="inline-flex min-h-6 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={value.includes(option)}
              onChange={(e) => onChange(toggled(options, value, option, e.target.checked))}
              className="size-4 accent-primary"
            />
            {option}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
