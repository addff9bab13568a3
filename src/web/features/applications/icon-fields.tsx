import { ICON_TYPES } from '../../../contract/applications/applications';
import { Input } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { ICONS } from './app-icon';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The colour behind the icon: a colour picker and the same value as text (for pasting a brand colour). */
export function IconColourField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Icon colour</legend>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="color"
          aria-label="Icon colour picker"
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-md border border-border bg-card p-1"
        />
        <Input
          id={`${id}-text`}
          aria-label="Icon colour as hex"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          className="font-mono"
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The fixed icon set, each shown as the icon it draws, in the chosen colour. */
export function IconTypePicker({
  name,
  value,
  color,
  onChange,
}: {
  name: string;
  value: string;
  color: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Icon type</legend>
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-8">
        {ICON_TYPES.map((type) => {
          const { icon: Icon, label } = ICONS[type];
          const checked = value === type;
          return (
            <label
              key={type}
              title={label}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-1 rounded-md border p-2 text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                checked ? 'border-primary bg-muted font-semibold' : 'border-border',
              )}
            >
              <input
                type="radio"
                name={name}
                value={type}
                checked={checked}
                onChange={() => onChange(type)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-md"
                style={{ backgroundColor: HEX.test(color) ? color : undefined }}
              >
                <Icon
                  className={cn('size-4', HEX.test(color) ? 'text-white' : 'text-foreground')}
                />
              </span>
              {label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
