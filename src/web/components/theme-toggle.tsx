import { useId } from 'react';
import { storedTheme, setTheme, type Theme } from '../lib/theme';

const CHOICES: [Theme, string][] = [
  ['system', 'System'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

/**
 * System, Light or Dark, as a group of radio buttons (arrow keys move between them); each radio
 * covers its segment, so the focus ring is drawn around the segment the keyboard is on. The radios
 * keep their own state: the choice lives in the page (lib/theme.ts), not in React.
 */
export function ThemeToggle() {
  const name = useId();
  const chosen = storedTheme();
  return (
    <fieldset className="flex w-fit rounded-md border border-border p-0.5 text-xs font-medium">
      <legend className="sr-only">Theme</legend>
      {CHOICES.map(([value, label]) => (
        <label key={value} className="relative flex">
          <input
            type="radio"
            name={name}
            value={value}
            defaultChecked={chosen === value}
            onChange={() => setTheme(value)}
            className="peer absolute inset-0 cursor-pointer appearance-none rounded checked:bg-primary"
          />
          <span className="pointer-events-none relative px-2 py-1 peer-checked:text-primary-foreground">{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
