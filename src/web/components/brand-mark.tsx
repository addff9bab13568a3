/**
 * The agency's shield (public/logo.svg, also the favicon and the logo search engines see). With
 * `label` it is an image of that name; without, decoration beside the site's name. Drawn by
 * reference (`<svg><use href>`) it saved ~40 ms of the main thread but moved the page now and then
 * (a layout shift in the browser test, 2 loads in 10): back to an image until that is understood.
 */
export function BrandMark({ size, label, className }: { size: number; label?: string; className?: string }) {
  return <img src="/logo.svg" alt={label ?? ''} width={size} height={size} className={className} />;
}
