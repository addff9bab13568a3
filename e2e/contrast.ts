import type { Page } from '@playwright/test';

/** An sRGB colour, 0–255 a channel. */
export type Rgb = [number, number, number];

/** WCAG 2.2 relative luminance of an sRGB colour. */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** The focused element's focus indicator as drawn, and the colour of the surface it is drawn on. */
export interface FocusIndicator {
  /** `button "See the plans"`, for messages. */
  element: string;
  outlineStyle: string;
  outlineWidth: number;
  /** The outline's colour over the surface (an outline with alpha is blended). */
  indicator: Rgb;
  /** The surface around the element: the first opaque background up its ancestors, with translucent ones in between blended over it. */
  surface: Rgb;
  ratio: number;
}

/**
 * Reads, in the page, the outline of the focused element and the surface behind it. Colours are
 * resolved by painting them on a 1×1 canvas, so any CSS colour (hex, rgb, oklch, color-mix with
 * alpha) is measured the way the browser draws it. Null when nothing but <body> has focus.
 */
export async function focusIndicator(page: Page): Promise<FocusIndicator | null> {
  const found = await page.evaluate(async () => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || element === document.body) return null;
    // Measured as it settles: buttons fade their outline colour in (transition-colors).
    await Promise.all(
      element.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    );
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const paint = (colours: string[]): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      for (const colour of colours) {
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
      }
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a!];
    };
    // The outline sits outside the element (outline-offset), on its parent's surface and up.
    const layers: string[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor;
      layers.unshift(background);
      if (paint([background])[3] === 255) break;
    }
    if (paint(layers)[3] !== 255) layers.unshift('#ffffff');
    const style = getComputedStyle(element);
    const name = (element.getAttribute('aria-label') ?? element.textContent ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 60);
    const label = element.id ? `#${element.id}` : '';
    return {
      element: `${element.tagName.toLowerCase()}${label} "${name || (element as HTMLInputElement).value || ''}"`,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      indicator: paint([...layers, style.outlineColor]).slice(0, 3) as [number, number, number],
      surface: paint(layers).slice(0, 3) as [number, number, number],
    };
  });
  return found && { ...found, ratio: contrastRatio(found.indicator, found.surface) };
}

/**
 * Presses Tab from wherever focus is, round the end of the page and on, until focus comes back to
 * an element it has already visited, and reads the focus indicator of each element on the way.
 */
export async function tabThroughPage(page: Page, limit = 400): Promise<FocusIndicator[]> {
  await page.evaluate(
    () => ((window as unknown as { __visited: WeakSet<Element> }).__visited = new WeakSet()),
  );
  const seen: FocusIndicator[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const visited = (window as unknown as { __visited: WeakSet<Element> }).__visited;
      const element = document.activeElement;
      if (!element || element === document.body) return 'outside';
      if (visited.has(element)) return 'again';
      visited.add(element);
      return 'new';
    });
    if (where === 'again') return seen;
    if (where === 'outside') continue;
    const indicator = await focusIndicator(page);
    if (indicator) seen.push(indicator);
  }
  throw new Error(`Tab did not come back round within ${limit} presses`);
}
