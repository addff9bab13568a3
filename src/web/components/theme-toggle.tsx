import { useId, useState } from 'react';
import { storedTheme, setTheme, type Theme } from '../lib/theme';
import { useHydrated } from '../lib/use-hydrated';
import { useT } from '../lib/i18n';

/**
 * System, Light or Dark, as a group of radio buttons (arrow keys move between them); each radio
 * covers its segment, so the focus ring is drawn around the segment the keyboard is on. The choice
 * lives in the page (lib/theme.ts); the server cannot know it, so the toggle shows no choice until
 * the page is hydrated, then the remembered one (a choice made before is kept: src/web/loader.js).
 */
export function ThemeToggle() {
  const name = useId();
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<Theme | null>(null);
  const _ = useT();
  const choices: [Theme, string][] = [
    ['system', _('theme.system')],
    ['light', _('theme.light')],
    ['dark', _('theme.dark')],
  ];
  const chosen = picked ?? (hydrated ? storedTheme() : null);
  return (
    <fieldset className="flex w-fit rounded-md border border-border p-0.5 text-xs font-medium">
      <legend className="sr-only">{_('theme.legend')}</legend>
      {choices.map(([value, label]) => (
        <label key={value} className="relative flex">
          <input
            type="radio"
            name={name}
            value={value}
            checked={chosen === value}
            onChange={() => {
              setTheme(value);
              setPicked(value);
            }}
            className="peer absolute inset-0 cursor-pointer appearance-none rounded checked:bg-primary"
          />
          <span className="pointer-events-none relative px-2 py-1 peer-checked:text-primary-foreground">
            {label}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
